//! Family Feud (docs/expansions/family-feud.md), a fan expansion by
//! Frédérick Renaud after Novelty's "Families": red-and-yellow coats of arms
//! whose cities must never join the blue-and-white ones.
//!
//! "No tile, with or without coat of arms can be placed that will join an
//! uncompleted city containing one type of coat of arms with another
//! uncompleted city containing the other type of coat of arms." Every coat
//! of arms printed on another set's tile is of the blue-and-white family;
//! this set's carry the attribute `family-feud = { family = "red" }`. The
//! rule is one veto, `placement_allowed`: a placement is refused when a
//! city it makes (a city of the new tile with the cities it joins across
//! its edges) would hold coats of arms of both families. Scoring is
//! unchanged: a red coat of arms is worth what a blue one is.
//!
//! Written with the authoring kit only: a city attribute, a variant and
//! the placement veto with its explanation.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::geometry::{Pos, Rotation, Segment, Side};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, ValueKind, VariantDecl,
    register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "family-feud";

/// A city's coats of arms of the blue-and-white family (every official tile's).
const BLUE: u8 = 1;
/// A city's coats of arms of the red-and-yellow family (this set's).
const RED: u8 = 2;
/// Both families in one city: what the rule forbids.
const FEUD: u8 = BLUE | RED;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Family Feud",
    version: env!("CARGO_PKG_VERSION"),
    description: "Red-and-yellow coats of arms: a city may never hold them and blue-and-white ones together",
    tile_files: &[carcassonne_core::tile_file!(
        "family-feud.toml",
        "tiles/family-feud.toml"
    )],
    variants: &[VariantDecl {
        name: "scope",
        label: "Which coats of arms a placement is checked for",
        kind: ValueKind::one_of(&["city", "tile"]),
        default: "city",
        description: "city: only the cities a placement makes may not mix the families (FanCloisterZone); \
                      tile: besides, a tile showing a coat of arms of one family may not join, by any of its \
                      cities, a city of the other family (the page's \"a tile containing a red-and-yellow coat \
                      of arms is forbidden to be added or joined into that city\", read literally)",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "family",
        on: &[AttributePlace::City],
        kind: ValueKind::one_of(&["red", "blue"]),
        required: true,
        description: "the family of this city's coats of arms on this tile: red (red-and-yellow, this set's) or \
                      blue (blue-and-white, every official tile's, the default)",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let families = ctx
        .tiles
        .iter()
        .map(|t| {
            t.def
                .features
                .iter()
                .enumerate()
                .map(|(fi, f)| {
                    if t.feature_kind(fi) != FeatureKind::CITY || t.pennants(fi) == 0 {
                        return 0;
                    }
                    let red = f
                        .attributes
                        .get(ID)
                        .and_then(|v| v.get("family"))
                        .and_then(|v| v.as_str())
                        == Some("red");
                    if red { RED } else { BLUE }
                })
                .collect()
        })
        .collect();
    Ok(expansion::boxed(FamilyFeud {
        families,
        whole_tile: ctx.variant("scope") == "tile",
    }))
}

/// The rules of one game.
struct FamilyFeud {
    /// By tile index and feature index: the families of that city's coats
    /// of arms on that tile (0 for a feature without any).
    families: Vec<Vec<u8>>,
    /// The `scope = "tile"` variant: a tile's coats of arms count for all
    /// its cities.
    whole_tile: bool,
}

/// A city a placement makes: cities of the new tile and the board's cities
/// they join.
#[derive(Default)]
struct Joined {
    /// The new tile's city features in it.
    own: Vec<usize>,
    /// Roots of the board's cities it takes in.
    roots: Vec<NodeId>,
}

impl FamilyFeud {
    fn families_of(&self, tile: u16, feature: usize) -> u8 {
        self.families
            .get(tile as usize)
            .and_then(|t| t.get(feature))
            .copied()
            .unwrap_or(0)
    }

    /// The families of the coats of arms in the board's city `root`.
    fn families_in(&self, view: &CoreState, root: NodeId) -> u8 {
        if view.features().pennants(root) == 0 {
            return 0; // no coat of arms: neutral, whatever it joins
        }
        let mut found = 0;
        for node in view.features().members(root) {
            found |= self.families_of(view.tile_of_node(node).tile, view.feature_index(node));
            if found == FEUD {
                break;
            }
        }
        found
    }

    /// The cities placing `tile` at `pos` turned by `rotation` makes, each
    /// with the board's cities it joins across the tile's edges.
    fn joined(view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation) -> Vec<Joined> {
        let mut cities: Vec<Joined> = Vec::new();
        for side in Side::ALL {
            let centre = Segment::centre(side);
            let Some(fi) = tile.feature_at(rotation, centre) else {
                continue;
            };
            if tile.feature_kind(fi) != FeatureKind::CITY {
                continue;
            }
            let across = view.board().get(pos.step(side)).and_then(|nb| {
                let nt = view.tables().tile(nb.tile);
                let nf = nt.feature_at(nb.rotation, centre.facing())?;
                (nt.feature_kind(nf) == FeatureKind::CITY).then(|| view.features().root(nb.first_node + nf as NodeId))
            });
            // The new tile's city joins the one it already belongs to, and
            // two of its cities that reach one board city become one.
            let mine = cities.iter().position(|c| c.own.contains(&fi));
            let theirs = across.and_then(|r| cities.iter().position(|c| c.roots.contains(&r)));
            let at = match (mine, theirs) {
                (Some(a), Some(b)) if a != b => {
                    let (keep, gone) = (a.min(b), a.max(b));
                    let gone = cities.swap_remove(gone);
                    cities[keep].own.extend(gone.own);
                    cities[keep].roots.extend(gone.roots);
                    keep
                }
                (Some(a), _) | (None, Some(a)) => a,
                (None, None) => {
                    cities.push(Joined::default());
                    cities.len() - 1
                }
            };
            let city = &mut cities[at];
            if !city.own.contains(&fi) {
                city.own.push(fi);
            }
            if let Some(r) = across
                && !city.roots.contains(&r)
            {
                city.roots.push(r);
            }
        }
        cities
    }

    /// The families that would meet in one city, when the placement makes
    /// a feud: `Some((families of the tile's side, families across))`.
    fn feud(&self, view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation) -> Option<(u8, u8)> {
        let cities = Self::joined(view, tile, pos, rotation);
        let tile_families = if self.whole_tile {
            (0..tile.feature_kinds().len()).fold(0, |f, fi| f | self.families_of(tile.index, fi))
        } else {
            0
        };
        for city in &cities {
            let own = city.own.iter().fold(0, |f, &fi| f | self.families_of(tile.index, fi));
            // One board city and nothing of the tile's: that city was
            // already allowed, and stays as it was.
            if city.roots.is_empty() || (own == 0 && tile_families == 0 && city.roots.len() < 2) {
                continue;
            }
            // A city whose coats of arms another rule voided (Gambler's
            // Luck's red X, through the core) has none: no family.
            if city.roots.iter().any(|&r| view.features().pennants_void(r)) {
                continue;
            }
            let mine = own | tile_families;
            let across = city.roots.iter().fold(0, |f, &root| f | self.families_in(view, root));
            if mine | across == FEUD {
                return Some((mine, across));
            }
        }
        None
    }
}

/// The family's name in words.
fn family_words(families: u8) -> &'static str {
    if families & RED != 0 {
        "red-and-yellow"
    } else {
        "blue-and-white"
    }
}

impl Expansion for FamilyFeud {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::PLACEMENT_ALLOWED
    }

    fn placement_allowed(&self, _: &(), view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation) -> bool {
        self.feud(view, tile, pos, rotation).is_none()
    }

    fn explain_placement_refusal(
        &self,
        _: &(),
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<String> {
        let (mine, across) = self.feud(view, tile, pos, rotation)?;
        Some(if mine == 0 {
            "the families will have nothing to do with each other: this tile would join a city with a \
             red-and-yellow coat of arms to one with a blue-and-white coat of arms"
                .to_string()
        } else {
            format!(
                "the families will have nothing to do with each other: a tile with a {} coat of arms may not \
                 join a city with a {} coat of arms",
                family_words(mine),
                family_words(across & !mine)
            )
        })
    }
}
