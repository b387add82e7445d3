//! Kinds of feature and of edge, declared as data.
//!
//! The base game declares its own four feature kinds (road, city, field,
//! cloister) and four edge kinds (field, road, city, wall) with the same
//! declarations an expansion uses for its own (a river, a garden): how a
//! kind lies on a tile, how it completes and scores, whether figures may
//! stand on it, and how edges match. A [`Landscape`] gathers every kind a
//! catalog declares and resolves names to small indices once, so placing a
//! tile and scoring read tables rather than strings.

use crate::geometry::Segment;
use crate::values::is_kebab;
use std::fmt;
use std::sync::{Arc, LazyLock};

/// The owner of the base game's kinds: the base game's id (`BASE_ID` of
/// `base_game`, a module above this one).
const BASE_OWNER: &str = "base";

/// A kind of feature: an index into the [`Landscape`] of the catalog the
/// tiles were read with. The base game's four kinds have fixed indices (the
/// constants); an expansion's kinds come after them, in the order of the
/// catalog (expansions by id), and are looked up by name
/// ([`Landscape::feature_kind`], [`crate::BuildContext::feature_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureKind(pub(crate) u8);

impl FeatureKind {
    /// A road.
    pub const ROAD: FeatureKind = FeatureKind(0);
    /// A city.
    pub const CITY: FeatureKind = FeatureKind(1);
    /// A field (farm).
    pub const FIELD: FeatureKind = FeatureKind(2);
    /// A cloister (also abbeys).
    pub const CLOISTER: FeatureKind = FeatureKind(3);
    /// The base game's kinds.
    pub const BASE: [FeatureKind; 4] = [
        FeatureKind::ROAD,
        FeatureKind::CITY,
        FeatureKind::FIELD,
        FeatureKind::CLOISTER,
    ];
    /// At most this many feature kinds in one catalog (masks of kinds are
    /// 32 bits wide).
    pub const MAX: usize = 32;

    /// The kind's index in its landscape.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name of a base game kind (`None` for an expansion's kind, whose
    /// name its landscape holds: [`Landscape::feature`]).
    pub fn base_name(self) -> Option<&'static str> {
        BASE_FEATURE_KINDS.get(self.index()).map(|d| d.name)
    }

    /// Whether this is one of the base game's four kinds.
    pub fn is_base(self) -> bool {
        self.index() < BASE_FEATURE_KINDS.len()
    }
}

/// The base game's kinds by name; an expansion's kind prints as
/// `feature kind #N` (ask the landscape for its name).
impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.base_name() {
            Some(name) => f.write_str(name),
            None => write!(f, "feature kind #{}", self.0),
        }
    }
}

/// Written as the base kind's name, or as its index for an expansion's kind.
impl serde::Serialize for FeatureKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.base_name() {
            Some(name) => serializer.serialize_str(name),
            None => serializer.serialize_u8(self.0),
        }
    }
}

/// A kind of tile edge: an index into a [`Landscape`], like [`FeatureKind`]
/// (written as its index, in events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct EdgeKind(pub(crate) u8);

impl EdgeKind {
    /// Field on the whole side.
    pub const FIELD: EdgeKind = EdgeKind(0);
    /// Field | road | field.
    pub const ROAD: EdgeKind = EdgeKind(1);
    /// City on the whole side.
    pub const CITY: EdgeKind = EdgeKind(2);
    /// Matches any neighbour and ends every feature reaching it (abbeys).
    pub const WALL: EdgeKind = EdgeKind(3);
    /// At most this many edge kinds in one catalog.
    pub const MAX: usize = 16;

    /// The kind's index in its landscape.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The letter of a base game edge kind (`None` for an expansion's).
    pub fn base_letter(self) -> Option<char> {
        BASE_EDGE_KINDS.get(self.index()).map(|d| d.letter)
    }
}

/// How a feature kind lies on a tile, which decides how it joins its
/// neighbours and how it completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KindShape {
    /// Along the centre of sides, like a road or a river: joins once per
    /// side and is complete when no side is left open.
    Path,
    /// Over whole sides, like a city: joins once per side and is complete
    /// when no side is left open.
    Region,
    /// On the halves of sides, like a field: joins on every segment and
    /// never completes.
    Land,
    /// Inside a tile, on no edge, like a cloister: complete when the eight
    /// tiles around it are placed.
    Inner,
}

/// How the core scores a feature of a kind (an expansion's
/// `feature_points` may adjust the points, as inns do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KindScoring {
    /// Never scored, and never reported complete (a river).
    None,
    /// By its tiles, like a road or a city: points per tile and per
    /// pennant, complete or still open at the end.
    Tiles {
        /// Points a tile when complete.
        complete: u8,
        /// Points a tile when scored open at the end.
        open: u8,
        /// Points a pennant when complete.
        pennant_complete: u8,
        /// Points a pennant when scored open at the end.
        pennant_open: u8,
    },
    /// By the tiles around it, like a cloister: 1 for its own tile and 1
    /// for each of the eight around it.
    Surroundings,
    /// Like a farm: 3 points for each completed city it touches, at the end.
    Farm,
    /// By the declaring expansion alone: the core gives 0 points, and the
    /// expansion's `feature_points` gives the real ones.
    Hook,
}

/// A kind of feature, declared by the base game or an expansion.
#[derive(Clone, Copy, Debug)]
pub struct FeatureKindDecl {
    /// Name in tile files and records (`"garden"`): kebab-case, unique in
    /// the catalog.
    pub name: &'static str,
    /// The kind in words for players, lower case (`"garden"`).
    pub label: &'static str,
    /// How it lies on a tile.
    pub shape: KindShape,
    /// How the core scores it.
    pub scoring: KindScoring,
    /// Whether any figure may stand on it (false for a river).
    pub occupiable: bool,
    /// Figures (by id) that may stand on it besides those whose placement
    /// names the kind: a fan kind that takes ordinary followers lists
    /// `"follower"`.
    pub invites: &'static [&'static str],
    /// The score breakdown key of the points the core scores for it
    /// (`"gardens"`); empty when it never scores.
    pub source: &'static str,
    /// Its colour in pictures, `#rrggbb`.
    pub colour: &'static str,
}

/// Which edges an edge kind may lie next to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matching {
    /// Only an edge of the same kind (a river meets only a river).
    Itself,
    /// Its own kind and these (by name; the relation is made symmetric).
    Also(&'static [&'static str]),
    /// Any edge; it ends every feature that reaches it (a wall), so it
    /// carries no feature itself.
    Anything,
}

/// A kind of tile edge, declared by the base game or an expansion.
#[derive(Clone, Copy, Debug)]
pub struct EdgeKindDecl {
    /// Name (`"river"`), kebab-case, unique in the catalog; tile files may
    /// write it in a list of edges.
    pub name: &'static str,
    /// Its letter in a tile file's `edges` string (`'W'`), unique in the
    /// catalog.
    pub letter: char,
    /// The edge in words for players (`"river"`).
    pub label: &'static str,
    /// The feature kinds (by name) on its first half, centre and second
    /// half (`["field", "river", "field"]`); empty for a wall.
    pub segments: &'static [&'static str],
    /// What it may lie next to.
    pub matching: Matching,
}

/// The base game's feature kinds, at the indices of the constants.
pub const BASE_FEATURE_KINDS: &[FeatureKindDecl] = &[
    FeatureKindDecl {
        name: "road",
        label: "road",
        shape: KindShape::Path,
        scoring: KindScoring::Tiles {
            complete: 1,
            open: 1,
            pennant_complete: 0,
            pennant_open: 0,
        },
        occupiable: true,
        invites: &[],
        source: "roads",
        colour: "#f4f1e8",
    },
    FeatureKindDecl {
        name: "city",
        label: "city",
        shape: KindShape::Region,
        scoring: KindScoring::Tiles {
            complete: 2,
            open: 1,
            pennant_complete: 2,
            pennant_open: 1,
        },
        occupiable: true,
        invites: &[],
        source: "cities",
        colour: "#c9844a",
    },
    FeatureKindDecl {
        name: "field",
        label: "field",
        shape: KindShape::Land,
        scoring: KindScoring::Farm,
        occupiable: true,
        invites: &[],
        source: "farms",
        colour: "#8fbf5a",
    },
    FeatureKindDecl {
        name: "cloister",
        label: "cloister",
        shape: KindShape::Inner,
        scoring: KindScoring::Surroundings,
        occupiable: true,
        invites: &[],
        source: "cloisters",
        colour: "#d8c7a0",
    },
];

/// The base game's edge kinds, at the indices of the constants.
pub const BASE_EDGE_KINDS: &[EdgeKindDecl] = &[
    EdgeKindDecl {
        name: "field",
        letter: 'F',
        label: "field",
        segments: &["field", "field", "field"],
        matching: Matching::Itself,
    },
    EdgeKindDecl {
        name: "road",
        letter: 'R',
        label: "road",
        segments: &["field", "road", "field"],
        matching: Matching::Itself,
    },
    EdgeKindDecl {
        name: "city",
        letter: 'C',
        label: "city",
        segments: &["city", "city", "city"],
        matching: Matching::Itself,
    },
    EdgeKindDecl {
        name: "wall",
        letter: 'X',
        label: "wall",
        segments: &[],
        matching: Matching::Anything,
    },
];

/// A declaration that cannot join a landscape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{owner} declares {what}: {problem}")]
pub struct KindError {
    /// The declaring expansion's id.
    pub owner: String,
    /// The declaration (`feature kind `garden``).
    pub what: String,
    /// What is wrong with it.
    pub problem: String,
}

/// Every kind of feature and edge a catalog knows, with names resolved to
/// indices: built once per catalog and shared by its tile sets and games.
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Landscape {
    features: Vec<FeatureKindDecl>,
    /// The declaring expansion's id per feature kind (`base` for the core's).
    feature_owners: Vec<&'static str>,
    edges: Vec<EdgeKindDecl>,
    edge_owners: Vec<&'static str>,
    /// Per edge kind: the feature kind on its first half, centre, second half.
    edge_segments: Vec<[Option<FeatureKind>; 3]>,
    /// Per edge kind: a bit per edge kind it may lie next to.
    edge_matches: Vec<u16>,
}

/// Whether a feature kind's scoring suits its shape and names what it
/// needs (a source when the core scores it, a colour): the checks shared by
/// a declaration and a refinement.
fn check_scoring(d: &FeatureKindDecl) -> Result<(), String> {
    let fits = matches!(
        (d.shape, d.scoring),
        (_, KindScoring::None | KindScoring::Hook)
            | (KindShape::Path | KindShape::Region, KindScoring::Tiles { .. })
            | (KindShape::Inner, KindScoring::Surroundings)
            | (KindShape::Land, KindScoring::Farm)
    );
    if !fits {
        return Err(format!("{:?} scoring does not suit a {:?} shape", d.scoring, d.shape));
    }
    let scored = !matches!(d.scoring, KindScoring::None | KindScoring::Hook);
    if scored && d.source.is_empty() {
        return Err("a kind the core scores names its score `source`".into());
    }
    if !is_colour(d.colour) {
        return Err(format!("colour `{}` is not #rrggbb", d.colour));
    }
    Ok(())
}

static BASE_LANDSCAPE: LazyLock<Arc<Landscape>> = LazyLock::new(|| {
    let mut l = Landscape {
        features: Vec::new(),
        feature_owners: Vec::new(),
        edges: Vec::new(),
        edge_owners: Vec::new(),
        edge_segments: Vec::new(),
        edge_matches: Vec::new(),
    };
    // The core's own declarations are checked by a test; they cannot fail.
    if let Err(e) = l.declare(BASE_OWNER, BASE_FEATURE_KINDS, BASE_EDGE_KINDS) {
        unreachable!("the base game's kinds are well formed: {e}");
    }
    Arc::new(l)
});

impl Landscape {
    /// The base game's kinds alone.
    pub fn base() -> Arc<Landscape> {
        Arc::clone(&BASE_LANDSCAPE)
    }

    /// Adds an expansion's kinds, checking them: names kebab-case and new,
    /// letters new, segments naming feature kinds of the base game or of
    /// the same expansion and fitting the kind's shape, at most
    /// [`FeatureKind::MAX`] / [`EdgeKind::MAX`] kinds. Nothing is added
    /// when anything is wrong.
    pub fn declare(
        &mut self,
        owner: &'static str,
        features: &[FeatureKindDecl],
        edges: &[EdgeKindDecl],
    ) -> Result<(), KindError> {
        let mut next = self.clone();
        let err = |what: String, problem: String| KindError {
            owner: owner.to_string(),
            what,
            problem,
        };
        for d in features {
            let what = format!("feature kind `{}`", d.name);
            if !is_kebab(d.name) {
                return Err(err(what, "its name is not kebab-case".into()));
            }
            if let Some(i) = next.features.iter().position(|f| f.name == d.name) {
                return Err(err(what, format!("the name is taken by {}", next.feature_owners[i])));
            }
            if next.features.len() >= FeatureKind::MAX {
                return Err(err(
                    what,
                    format!("a catalog holds at most {} feature kinds", FeatureKind::MAX),
                ));
            }
            check_scoring(d).map_err(|problem| err(what, problem))?;
            next.features.push(*d);
            next.feature_owners.push(owner);
        }
        for d in edges {
            let what = format!("edge kind `{}`", d.name);
            if !is_kebab(d.name) {
                return Err(err(what, "its name is not kebab-case".into()));
            }
            if let Some(i) = next.edges.iter().position(|e| e.name == d.name) {
                return Err(err(what, format!("the name is taken by {}", next.edge_owners[i])));
            }
            if !d.letter.is_ascii_uppercase() {
                return Err(err(
                    what,
                    format!("its letter `{}` is not an upper-case letter A-Z", d.letter),
                ));
            }
            if let Some(i) = next.edges.iter().position(|e| e.letter == d.letter) {
                return Err(err(
                    what,
                    format!("letter `{}` is taken by edge kind `{}`", d.letter, next.edges[i].name),
                ));
            }
            if next.edges.len() >= EdgeKind::MAX {
                return Err(err(
                    what,
                    format!("a catalog holds at most {} edge kinds", EdgeKind::MAX),
                ));
            }
            let own = |name: &str| {
                next.features
                    .iter()
                    .zip(&next.feature_owners)
                    .position(|(f, o)| f.name == name && (*o == owner || *o == BASE_OWNER))
                    .map(|i| FeatureKind(i as u8))
            };
            let segments = match (d.matching, d.segments.len()) {
                (Matching::Anything, 0) => [None; 3],
                (Matching::Anything, _) => {
                    return Err(err(what, "an edge that matches anything carries no feature".into()));
                }
                (_, 3) => {
                    let mut kinds = [None; 3];
                    for (slot, name) in kinds.iter_mut().zip(d.segments) {
                        let Some(kind) = own(name) else {
                            return Err(err(
                                what,
                                format!("segment kind `{name}` is not a feature kind of the base game or of {owner}"),
                            ));
                        };
                        *slot = Some(kind);
                    }
                    let shapes = kinds.map(|k| k.map(|k| next.features[k.index()].shape));
                    let ok = match shapes {
                        [Some(a), Some(b), Some(c)] if a == b && b == c => {
                            a == KindShape::Land || a == KindShape::Region
                        }
                        [Some(KindShape::Land), Some(KindShape::Path), Some(KindShape::Land)] => kinds[0] == kinds[2],
                        _ => false,
                    };
                    if !ok || kinds[0] != kinds[2] || (shapes[1] != Some(KindShape::Path) && kinds[0] != kinds[1]) {
                        return Err(err(
                            what,
                            "segments are one field or city kind on all three, or a path kind at the centre \
                             between one field kind"
                                .into(),
                        ));
                    }
                    kinds
                }
                _ => {
                    return Err(err(
                        what,
                        "segments name three feature kinds (first half, centre, second half)".into(),
                    ));
                }
            };
            next.edges.push(*d);
            next.edge_owners.push(owner);
            next.edge_segments.push(segments);
        }
        // Matching, resolved again for all kinds, symmetric.
        let n = next.edges.len();
        let mut matches = vec![0u16; n];
        for (i, d) in next.edges.iter().enumerate() {
            match d.matching {
                Matching::Anything => {}
                Matching::Itself => matches[i] |= 1 << i,
                Matching::Also(names) => {
                    matches[i] |= 1 << i;
                    for name in names {
                        let Some(j) = next.edges.iter().position(|e| e.name == *name) else {
                            return Err(err(
                                format!("edge kind `{}`", d.name),
                                format!("it matches `{name}`, which is no edge kind"),
                            ));
                        };
                        if next.edges[j].matching == Matching::Anything {
                            continue;
                        }
                        matches[i] |= 1 << j;
                        matches[j] |= 1 << i;
                    }
                }
            }
        }
        next.edge_matches = matches;
        *self = next;
        Ok(())
    }

    /// Replaces the declaration of the feature kind named `d.name` by `d`
    /// (an expansion's refinement of another's kind, for one game): the
    /// kind keeps its index, owner and edges. `d` must have the kind's
    /// shape and be well formed as a declaration.
    ///
    /// # Errors
    /// In words, when no kind has that name, the shape differs, or the
    /// scoring, source or colour is not valid for a declaration.
    pub fn refine(&mut self, d: &FeatureKindDecl) -> Result<(), String> {
        let Some(i) = self.features.iter().position(|f| f.name == d.name) else {
            return Err(format!("there is no feature kind `{}` to refine", d.name));
        };
        if self.features[i].shape != d.shape {
            return Err(format!(
                "feature kind `{}` lies as {:?}, the refinement as {:?}; a refinement keeps the shape",
                d.name, self.features[i].shape, d.shape
            ));
        }
        check_scoring(d)?;
        self.features[i] = *d;
        Ok(())
    }

    /// The declaration of feature kind `kind`.
    ///
    /// # Panics
    /// If `kind` is not of this landscape.
    pub fn feature(&self, kind: FeatureKind) -> &FeatureKindDecl {
        &self.features[kind.index()]
    }

    /// The declaration of `kind`, if it is of this landscape.
    pub fn get_feature(&self, kind: FeatureKind) -> Option<&FeatureKindDecl> {
        self.features.get(kind.index())
    }

    /// The feature kind named `name`.
    pub fn feature_kind(&self, name: &str) -> Option<FeatureKind> {
        self.features
            .iter()
            .position(|f| f.name == name)
            .map(|i| FeatureKind(i as u8))
    }

    /// Every feature kind, in index order.
    pub fn feature_kinds(&self) -> impl Iterator<Item = (FeatureKind, &FeatureKindDecl)> {
        self.features.iter().enumerate().map(|(i, d)| (FeatureKind(i as u8), d))
    }

    /// The id of the expansion that declared `kind` (`base` for the core's).
    pub fn feature_owner(&self, kind: FeatureKind) -> &'static str {
        self.feature_owners.get(kind.index()).copied().unwrap_or("")
    }

    /// The name of `kind` (`"?"` if it is not of this landscape).
    pub fn feature_name(&self, kind: FeatureKind) -> &'static str {
        self.features.get(kind.index()).map_or("?", |d| d.name)
    }

    /// The declaration of edge kind `kind`.
    ///
    /// # Panics
    /// If `kind` is not of this landscape.
    pub fn edge(&self, kind: EdgeKind) -> &EdgeKindDecl {
        &self.edges[kind.index()]
    }

    /// The edge kind named `name`, or written with letter `name`.
    pub fn edge_kind(&self, name: &str) -> Option<EdgeKind> {
        let mut letters = name.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        };
        self.edges
            .iter()
            .position(|e| e.name == name || Some(e.letter) == letter)
            .map(|i| EdgeKind(i as u8))
    }

    /// The edge kind written with `letter`.
    pub fn edge_by_letter(&self, letter: char) -> Option<EdgeKind> {
        self.edges
            .iter()
            .position(|e| e.letter == letter)
            .map(|i| EdgeKind(i as u8))
    }

    /// Every edge kind, in index order.
    pub fn edge_kinds(&self) -> impl Iterator<Item = (EdgeKind, &EdgeKindDecl)> {
        self.edges.iter().enumerate().map(|(i, d)| (EdgeKind(i as u8), d))
    }

    /// The id of the expansion that declared edge kind `kind`.
    pub fn edge_owner(&self, kind: EdgeKind) -> &'static str {
        self.edge_owners.get(kind.index()).copied().unwrap_or("")
    }

    /// The letter of edge kind `kind` (`'?'` if it is not of this landscape).
    pub fn letter(&self, kind: EdgeKind) -> char {
        self.edges.get(kind.index()).map_or('?', |e| e.letter)
    }

    /// The feature kind on `segment` of a side of kind `edge`, if any.
    pub fn kind_at(&self, edge: EdgeKind, segment: Segment) -> Option<FeatureKind> {
        let i = match segment.index() % 3 {
            0 => 0,
            1 => 1,
            _ => 2,
        };
        self.edge_segments.get(edge.index()).and_then(|s| s[i])
    }

    /// Whether an edge of kind `edge` matches anything (a wall).
    pub fn is_wild(&self, edge: EdgeKind) -> bool {
        self.edges
            .get(edge.index())
            .is_some_and(|e| e.matching == Matching::Anything)
    }

    /// Whether edges of kinds `a` and `b` may lie next to each other.
    pub fn matches(&self, a: EdgeKind, b: EdgeKind) -> bool {
        self.is_wild(a)
            || self.is_wild(b)
            || self
                .edge_matches
                .get(a.index())
                .is_some_and(|m| m & (1 << b.index()) != 0)
    }

    /// Whether a side of kind `edge` is one piece (all three segments of one
    /// kind: a field or city side), so that naming the side in a tile file
    /// names all of it.
    pub fn is_whole(&self, edge: EdgeKind) -> bool {
        self.edge_segments
            .get(edge.index())
            .is_some_and(|s| s[0].is_some() && s[0] == s[1] && s[1] == s[2])
    }

    /// The shape of `kind` (`Land` for a kind not of this landscape).
    #[inline]
    pub fn shape(&self, kind: FeatureKind) -> KindShape {
        self.features.get(kind.index()).map_or(KindShape::Land, |d| d.shape)
    }

    /// The names of the feature kinds, for messages ("road, city, field or
    /// cloister").
    pub fn feature_names(&self) -> String {
        join_or(self.features.iter().map(|f| f.name.to_string()).collect())
    }

    /// The edge letters with their names, for messages ("F field, R road,
    /// C city or X wall").
    pub fn edge_letters(&self) -> String {
        join_or(self.edges.iter().map(|e| format!("{} {}", e.letter, e.name)).collect())
    }
}

/// "a, b or c".
fn join_or(mut words: Vec<String>) -> String {
    match words.pop() {
        None => String::new(),
        Some(last) if words.is_empty() => last,
        Some(last) => format!("{} or {last}", words.join(", ")),
    }
}

fn is_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_kinds_sit_at_their_constants() {
        let l = Landscape::base();
        for (k, name) in FeatureKind::BASE.into_iter().zip(["road", "city", "field", "cloister"]) {
            assert_eq!(l.feature_kind(name), Some(k));
            assert_eq!(k.to_string(), name);
        }
        for (k, letter) in [EdgeKind::FIELD, EdgeKind::ROAD, EdgeKind::CITY, EdgeKind::WALL]
            .into_iter()
            .zip(['F', 'R', 'C', 'X'])
        {
            assert_eq!(l.edge_by_letter(letter), Some(k));
        }
        assert_eq!(
            l.kind_at(EdgeKind::ROAD, Segment::parse("N").unwrap()),
            Some(FeatureKind::ROAD)
        );
        assert_eq!(
            l.kind_at(EdgeKind::ROAD, Segment::parse("NW").unwrap()),
            Some(FeatureKind::FIELD)
        );
        assert!(l.matches(EdgeKind::WALL, EdgeKind::CITY));
        assert!(!l.matches(EdgeKind::ROAD, EdgeKind::CITY));
    }

    const RIVER: FeatureKindDecl = FeatureKindDecl {
        name: "brook",
        label: "brook",
        shape: KindShape::Path,
        scoring: KindScoring::None,
        occupiable: false,
        invites: &[],
        source: "",
        colour: "#3070c0",
    };

    #[test]
    fn an_expansion_adds_kinds_that_match_only_themselves() {
        let mut l = Landscape::clone(&Landscape::base());
        let edge = EdgeKindDecl {
            name: "brook",
            letter: 'B',
            label: "brook",
            segments: &["field", "brook", "field"],
            matching: Matching::Itself,
        };
        l.declare("brooks", &[RIVER], &[edge]).unwrap();
        let brook = l.edge_kind("brook").unwrap();
        assert_eq!(l.edge_kind("B"), Some(brook));
        assert!(l.matches(brook, brook));
        assert!(!l.matches(brook, EdgeKind::ROAD));
        assert!(l.matches(brook, EdgeKind::WALL));
        assert_eq!(l.feature_owner(l.feature_kind("brook").unwrap()), "brooks");
    }

    #[test]
    fn bad_declarations_are_refused_with_the_reason() {
        let mut l = Landscape::clone(&Landscape::base());
        let taken = EdgeKindDecl {
            name: "stream",
            letter: 'R',
            label: "stream",
            segments: &["field", "road", "field"],
            matching: Matching::Itself,
        };
        let e = l.declare("x", &[], &[taken]).unwrap_err();
        assert!(e.to_string().contains("letter `R` is taken"), "{e}");
        let odd = EdgeKindDecl {
            letter: 'Q',
            segments: &["road", "field", "road"],
            ..taken
        };
        let e = l.declare("x", &[], &[odd]).unwrap_err();
        assert!(e.to_string().contains("segments are"), "{e}");
        let e = l
            .declare(
                "x",
                &[FeatureKindDecl {
                    scoring: KindScoring::Farm,
                    ..RIVER
                }],
                &[],
            )
            .unwrap_err();
        assert!(e.to_string().contains("does not suit"), "{e}");
        assert_eq!(l.feature_kinds().count(), 4, "nothing was added");
    }
}
