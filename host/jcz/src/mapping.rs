//! How JCloisterZone names what an expansion brings, as data: one mapping
//! file (`jcz.toml`) per expansion, and the base game's in this crate
//! (`host/jcz/jcz.toml`). `docs/import-jcz.md` describes the schema.
//!
//! A file holds arrays of tables, each optional:
//!
//! - `[[set]]`: a JCZ tile set (a key of `setup.sets`) and this engine's
//!   tile set it is;
//! - `[[tile]]`: a JCZ tile id, this engine's tile, and what JCZ's tile
//!   denotes (edges, count, features in JCZ's terms), checked against the
//!   engine's tile;
//! - `[[feature]]`: JCZ's names of a kind of feature (a pointer's
//!   `feature`, the first word of a feature in `[[tile]]`);
//! - `[[flag]]`: a JCZ word on a tile or feature (`inn`, `resource=wine`,
//!   `tower`) and this expansion's attribute it is;
//! - `[[element]]`: a key of `setup.elements` and what it switches on here;
//! - `[[rule]]`: a key of `setup.rules` and the variant values it sets;
//! - `[[meeple]]`: a JCZ meeple type (`0.barn.1`) and this engine's figure;
//! - `[[action]]`: a JCZ replay action and the move of this engine it is;
//! - `[[skip]]`: the option to play when this expansion asks and JCZ's
//!   next action answers something else.
//!
//! [`Mapping::parse`] reads one file and reports every problem it can see
//! alone, with file, line and column; [`Mappings`] gathers the base game's
//! and every expansion's of a catalog and checks them against the
//! catalog's declarations and against each other.

use carcassonne_core::diagnostic::{Diagnostic, Diagnostics};
use carcassonne_core::{BASE_ID, Catalog, ExpansionInfo};
use serde::Deserialize;
use serde::de::IntoDeserializer;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The base game's mapping as shipped (`host/jcz/jcz.toml`).
pub const BASE_MAPPING: &str = include_str!("../jcz.toml");

/// The base game's mapping's name in messages.
pub const BASE_MAPPING_NAME: &str = "host/jcz/jcz.toml";

/// The largest mapping file read from disk.
const MAX_MAPPING_BYTES: u64 = 4 << 20;

/// A JCZ tile set and the tile set of this engine it is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetEntry {
    /// JCZ's name: a key of `setup.sets` without its edition (`basic` of
    /// `basic:1`).
    pub jcz: Spanned<String>,
    /// The editions read (the number after the colon); `[1]` when left out.
    #[serde(default = "first_edition")]
    pub editions: Vec<u32>,
    /// The prefix of its tile ids (`AM` in `AM/CRr`).
    pub prefix: String,
    /// This engine's tile set: the expansion's id when left out (`base` in
    /// the base game's mapping).
    #[serde(default)]
    pub engine: Option<Spanned<String>>,
    /// Tiles of the set under another prefix (`RI/s`, the spring JCZ's
    /// River sets share).
    #[serde(default)]
    pub tiles: Vec<String>,
    /// The set brings the expansion's rules with it: JCZ has no element for
    /// them (The River).
    #[serde(default)]
    pub with_rules: bool,
    /// JCZ elements the save must name for this set to be read (the garden
    /// tiles of `basic:2` are gardens only with `garden`).
    #[serde(default)]
    pub needs: Vec<Spanned<String>>,
    /// Variants of the expansion JCZ plays the set with.
    #[serde(default)]
    pub variants: BTreeMap<String, Spanned<toml::Value>>,
    /// Variants JCZ plays the set with when the save's start
    /// (`setup.start`) is made of this set's tiles alone (a promo laid as
    /// the start); they replace `variants` of the same name.
    #[serde(default)]
    pub start_variants: BTreeMap<String, Spanned<toml::Value>>,
    /// JCZ 4.x's name of the expansion (a key of `setup.expansions`).
    #[serde(default)]
    pub legacy: Option<String>,
    /// JCZ 4.x's prefix of its tile ids (`R1` for The River); the prefix
    /// when left out.
    #[serde(default)]
    pub legacy_prefix: Option<String>,
}

fn first_edition() -> Vec<u32> {
    vec![1]
}

/// One JCZ tile id and what it denotes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileEntry {
    /// JCZ's id (`BA/RCr`).
    pub jcz: Spanned<String>,
    /// This engine's id (`D`).
    pub engine: String,
    /// The JCZ set this entry is for, when JCZ's id stands for different
    /// tiles of this engine in different sets (the spring `RI/s`).
    #[serde(default)]
    pub set: Option<String>,
    /// Copies in JCZ's set; left out for a tile handed out rather than
    /// drawn (the abbey).
    #[serde(default)]
    pub count: Option<u32>,
    /// Edges N E S W in JCZ's orientation, in this engine's letters.
    pub edges: String,
    /// Degrees JCZ's tile is turned clockwise to be this engine's tile as
    /// its file draws it (0, 90, 180 or 270).
    #[serde(default)]
    pub turn: Option<Spanned<u16>>,
    /// Features in JCZ's terms (`docs/import-jcz.md`).
    pub features: Vec<Spanned<String>>,
    /// Words JCZ writes on the tile itself (`tower`, `volcano`), each a
    /// `[[flag]]` with `on = "tile"`.
    #[serde(default)]
    pub flags: Vec<Spanned<String>>,
    /// JCZ 4.x ids of the tile that its set's prefix does not give
    /// (`R1.I.s`, the spring).
    #[serde(default)]
    pub legacy: Vec<String>,
}

impl TileEntry {
    /// [`TileEntry::turn`] as a rotation.
    pub fn turn(&self) -> carcassonne_core::Rotation {
        carcassonne_core::Rotation::from_degrees(i64::from(self.turn.as_ref().map_or(0, |t| *t.get_ref())))
            .unwrap_or(carcassonne_core::Rotation::NONE)
    }
}

/// JCZ's names of a kind of feature, or of a place that is the tile itself.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureEntry {
    /// The names: as a pointer's `feature` (`Monastery`) and as the first
    /// word of a feature in `[[tile]]` (`cloister`).
    pub jcz: Vec<String>,
    /// This engine's kind of feature (the base game's or one this
    /// expansion declares).
    #[serde(default)]
    pub kind: Option<Spanned<String>>,
    /// Or: `"tile"`, a place that is the tile itself (The Tower's `Tower`,
    /// on which a follower stands on top of a tower).
    #[serde(default)]
    pub spot: Option<Spanned<String>>,
}

/// Where a [`FlagEntry`] is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlagPlace {
    /// A word of a feature in `[[tile]]` (`road E inn`).
    #[default]
    Feature,
    /// A word of a tile's `flags` (`flags = ["tower"]`).
    Tile,
}

/// A JCZ word on a tile or a feature and this expansion's attribute.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagEntry {
    /// The word (`inn`; `resource` for `resource=wine`).
    pub jcz: Spanned<String>,
    /// This expansion's attribute it is (`true`, or the word's value).
    pub attribute: Spanned<String>,
    /// On a feature (default) or on the tile.
    #[serde(default)]
    pub on: FlagPlace,
    /// The values the word takes (`resource=wine`); empty for a word
    /// alone, which stands for `true`.
    #[serde(default)]
    pub values: Vec<String>,
}

/// A key of `setup.elements` and what it switches on.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementEntry {
    /// The key (`barn`).
    pub jcz: Spanned<String>,
    /// The expansion's part it switches on (off when the expansion is on
    /// and the save does not name the element).
    #[serde(default)]
    pub part: Option<Spanned<String>>,
    /// A figure: the element's value is how many each player has (named
    /// only above 0).
    #[serde(default)]
    pub figure: Option<Spanned<String>>,
    /// Switches the whole expansion on (The Tower's `tower`).
    #[serde(default)]
    pub expansion: bool,
    /// Variants set when the save does not name the element (and the
    /// expansion is on; the base game's always): the base game's `farmers`.
    #[serde(default)]
    pub when_absent: BTreeMap<String, Spanned<toml::Value>>,
    /// This engine plays the element as another one (`pig-herd` as the
    /// `pig`): the save is read when it names both or neither.
    #[serde(default)]
    pub same_as: Option<Spanned<String>>,
    /// ... and only when one of these JCZ sets is in the game; without
    /// them the element changes nothing.
    #[serde(default)]
    pub matters_with: Vec<String>,
    /// JCZ 4.x's name of the capability that stands for it
    /// (`setup.capabilities`).
    #[serde(default)]
    pub legacy: Option<String>,
    /// The element's value in a JCZ 4.x save that has the capability: 1
    /// for a figure, `true` otherwise, when left out (4.x gave seven
    /// followers: `legacy_value = 7`).
    #[serde(default)]
    pub legacy_value: Option<toml::Value>,
    /// A JCZ 4.x rule (`setup.rules`) that switches the element on, when a
    /// rule rather than a capability did (`FARMERS`).
    #[serde(default)]
    pub legacy_rule: Option<String>,
}

/// A JCZ 4.x rule (`setup.rules`, true or false) and the 5.x values it is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyRule {
    /// The 4.x key (`PRINCESS_MUST_REMOVE_KNIGHT`).
    pub key: String,
    /// The 5.x value when the 4.x rule is on.
    #[serde(default)]
    pub on: Option<String>,
    /// The 5.x value when it is off or left out.
    #[serde(default)]
    pub off: Option<String>,
}

/// A key of `setup.rules` and the variant values it sets.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleEntry {
    /// The key (`barn-placement`).
    pub jcz: Spanned<String>,
    /// JCZ elements or sets the option depends on: without any of them in
    /// the save it changes nothing and is skipped (JCZ writes every option
    /// into every save). Empty: always read.
    #[serde(default)]
    pub needs: Vec<String>,
    /// The expansion's variant the values set.
    #[serde(default)]
    pub variant: Option<Spanned<String>>,
    /// JCZ's value → the variant's value.
    #[serde(default)]
    pub values: BTreeMap<String, Spanned<toml::Value>>,
    /// JCZ's values that are this engine's behaviour as it is: nothing set.
    #[serde(default)]
    pub unchanged: Vec<String>,
    /// The JCZ 4.x rule it was.
    #[serde(default)]
    pub legacy: Option<LegacyRule>,
    /// JCZ's value the option takes when the save leaves it out:
    /// FanCloisterZone fills a save's missing options with its defaults
    /// (the first value it offers) when it loads one, and plays its engine
    /// tests so. A JCZ 4.x save without the 4.x rule has its `off` value.
    #[serde(default)]
    pub when_absent: Option<Spanned<String>>,
}

/// How a meeple's pointer names where it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointerKind {
    /// A feature of the tile (`location`, `feature`).
    #[default]
    Feature,
    /// A tile corner: JCZ points at the tile south-east of the corner, its
    /// field holding `NL` and `WR` (the barn).
    Corner,
    /// The tile itself.
    Tile,
}

/// A JCZ meeple type and this engine's figure.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeepleEntry {
    /// The middle of JCZ's meeple id (`barn` in `0.barn.1`).
    pub jcz: Spanned<String>,
    /// This engine's figure id.
    pub figure: Spanned<String>,
    /// How its pointer reads.
    #[serde(default)]
    pub pointer: PointerKind,
}

/// A replay action this expansion reads.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionEntry {
    /// JCZ's action type (`PLACE_TOKEN`).
    pub jcz: Spanned<String>,
    /// Payload fields the action must have, by dotted path
    /// (`token = "TOWER_PIECE"`, `"pointer.feature" = "Tower"`): a text
    /// matches when equal, when it is the text before the payload's first
    /// dot (`dragon` matches JCZ's `dragon.1`), or the last item of an array
    /// (JCZ writes tokens as `[class, name]`).
    #[serde(default, rename = "match")]
    pub fields: BTreeMap<String, toml::Value>,
    /// The engine's pending decision must be this expansion's and offer an
    /// option that is this text or has this key (`"dragon"` for
    /// `{"dragon": [1, 2]}`).
    #[serde(default)]
    pub offered: Option<String>,
    /// A move to play first when the engine asks for a deployment:
    /// `"pass"` (JCZ moves the fairy instead of deploying; this engine
    /// passes the deployment and then asks about the fairy).
    #[serde(default)]
    pub before: Option<Spanned<String>>,
    /// The payload's field holding the pointer (`pointer` when left out;
    /// `to`; `.` for the payload itself, whose `position` it reads).
    #[serde(default)]
    pub pointer: Option<String>,
    /// This expansion's move, as records write it under the expansion's id,
    /// with `$`-words the importer fills in.
    #[serde(default)]
    pub expansion_move: Option<Spanned<toml::Value>>,
    /// Or a move as records write it (`{ deploy = { … } }`, `"pass"`).
    #[serde(default, rename = "move")]
    pub core_move: Option<Spanned<toml::Value>>,
    /// Or no move, the engine having done it already, checked:
    /// `"released"`, the meeple the action names is no prisoner any more
    /// after the last move (JCZ's choice of the prisoner exchanged);
    /// `"nothing"`, the action only confirms what the engine did by itself
    /// (read from the player the engine is asking).
    #[serde(default)]
    pub expect: Option<Spanned<String>>,
    /// Said when the action is not read where it stands (what this engine
    /// offers instead).
    #[serde(default)]
    pub note: Option<String>,
}

/// The option to play when this expansion's decision is pending and JCZ's
/// next action answers something else (or is a PASS, which it consumes).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkipEntry {
    /// The option, as records write it under the expansion's id; the skip
    /// applies to the decisions that offer it.
    pub option: Spanned<toml::Value>,
    /// A kind of option (the key of an object option, or a string option)
    /// that JCZ implies without an action of its own: where the decision
    /// does not offer `option` and offers exactly one option, of this kind,
    /// the importer plays that one (a bridge a placement needs, which
    /// JCZ's `PLACE_TILE` implies).
    #[serde(default)]
    pub implied: Option<String>,
}

/// The words an action's move may hold, filled in by the importer.
pub const SUBSTITUTIONS: [(&str, &str); 9] = [
    ("$position", "the pointer's tile on this engine's board, [x, y]"),
    (
        "$feature",
        "the stable name of the feature the pointer names (`road:E`)",
    ),
    (
        "$side_features",
        "the stable names of the features on each side the pointer's location names, one a side \
         (`[\"road:W\", \"road:S\"]` for JCZ's `W.S` joining two roads)",
    ),
    ("$figure", "this engine's figure id of the meeple the action names"),
    ("$owner", "the seat of the meeple the action names"),
    (
        "$placed",
        "the number of this engine's figure on the board the meeple pointer names",
    ),
    ("$kind", "the figure table index of the meeple the action names"),
    (
        "$holder",
        "the seat that holds the meeple the action names as a prisoner (one seat holds one of that owner and kind)",
    ),
    ("$player", "the acting seat"),
];

/// One mapping file, read.
#[derive(Clone, Debug)]
pub struct Mapping {
    /// The expansion it belongs to, or `base`.
    pub owner: String,
    /// Its path, for messages.
    pub file: String,
    /// Its text, for messages.
    pub text: String,
    /// `[[set]]`.
    pub sets: Vec<Spanned<SetEntry>>,
    /// `[[tile]]`.
    pub tiles: Vec<Spanned<TileEntry>>,
    /// `[[feature]]`.
    pub features: Vec<Spanned<FeatureEntry>>,
    /// `[[flag]]`.
    pub flags: Vec<Spanned<FlagEntry>>,
    /// `[[element]]`.
    pub elements: Vec<Spanned<ElementEntry>>,
    /// `[[rule]]`.
    pub rules: Vec<Spanned<RuleEntry>>,
    /// `[[meeple]]`.
    pub meeples: Vec<Spanned<MeepleEntry>>,
    /// `[[action]]`.
    pub actions: Vec<Spanned<ActionEntry>>,
    /// `[[skip]]`.
    pub skips: Vec<Spanned<SkipEntry>>,
}

/// The keys a mapping file has.
const SECTIONS: [&str; 9] = [
    "set", "tile", "feature", "flag", "element", "rule", "meeple", "action", "skip",
];

impl Mapping {
    /// Reads the mapping file `text` of `owner` (an expansion id, or
    /// `base`), named `file` in messages: every problem the file shows
    /// alone (syntax, keys, types, values), all at once.
    pub fn parse(owner: &str, file: &str, text: &str) -> Result<Mapping, Diagnostics> {
        let mut m = Mapping {
            owner: owner.to_string(),
            file: file.to_string(),
            text: text.to_string(),
            sets: Vec::new(),
            tiles: Vec::new(),
            features: Vec::new(),
            flags: Vec::new(),
            elements: Vec::new(),
            rules: Vec::new(),
            meeples: Vec::new(),
            actions: Vec::new(),
            skips: Vec::new(),
        };
        let mut problems = Vec::new();
        let (doc, syntax) = DeTable::parse_recoverable(text);
        for e in &syntax {
            problems.push(m.at(e.span().unwrap_or(0..0), e.message().trim().to_string()));
        }
        for (key, value) in doc.get_ref().iter() {
            let name: &str = key.get_ref().as_ref();
            if !SECTIONS.contains(&name) {
                problems.push(m.at(
                    key.span(),
                    format!(
                        "unknown key `{name}`; a JCZ mapping has arrays of tables {}",
                        SECTIONS.map(|s| format!("`[[{s}]]`")).join(", ")
                    ),
                ));
                continue;
            }
            let DeValue::Array(items) = value.get_ref() else {
                problems.push(m.at(
                    value.span(),
                    format!("`{name}` must be an array of tables (`[[{name}]]`)"),
                ));
                continue;
            };
            for item in items.iter() {
                let span = item.span();
                match name {
                    "set" => read(&m, item, &mut problems).map(|v| m.sets.push(Spanned::new(span, v))),
                    "tile" => read(&m, item, &mut problems).map(|v| m.tiles.push(Spanned::new(span, v))),
                    "feature" => read(&m, item, &mut problems).map(|v| m.features.push(Spanned::new(span, v))),
                    "flag" => read(&m, item, &mut problems).map(|v| m.flags.push(Spanned::new(span, v))),
                    "element" => read(&m, item, &mut problems).map(|v| m.elements.push(Spanned::new(span, v))),
                    "rule" => read(&m, item, &mut problems).map(|v| m.rules.push(Spanned::new(span, v))),
                    "meeple" => read(&m, item, &mut problems).map(|v| m.meeples.push(Spanned::new(span, v))),
                    "action" => read(&m, item, &mut problems).map(|v| m.actions.push(Spanned::new(span, v))),
                    _ => read(&m, item, &mut problems).map(|v| m.skips.push(Spanned::new(span, v))),
                };
            }
        }
        problems.extend(m.local_problems());
        if problems.is_empty() {
            Ok(m)
        } else {
            problems.sort_by_key(|d| (d.line, d.column));
            problems.dedup();
            Err(Diagnostics(problems))
        }
    }

    /// A problem at `span` of this file.
    pub fn at(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(&self.file, &self.text, span, message)
    }

    /// What the file shows wrong alone: values out of range, words the
    /// importer does not know, entries given twice.
    fn local_problems(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut seen: BTreeMap<(&str, String), ()> = BTreeMap::new();
        let mut twice = |out: &mut Vec<Diagnostic>, what: &'static str, key: String, span: Range<usize>| {
            if seen.insert((what, key.clone()), ()).is_some() {
                out.push(self.at(span, format!("{what} `{key}` is mapped twice in this file")));
            }
        };
        for s in &self.sets {
            let s = s.get_ref();
            if s.editions.is_empty() || s.editions.contains(&0) {
                out.push(self.at(s.jcz.span(), "`editions` lists JCZ's editions, 1 or more"));
            }
            if s.prefix.is_empty() {
                out.push(self.at(s.jcz.span(), "`prefix` is empty"));
            }
            for e in &s.editions {
                twice(
                    &mut out,
                    "the JCZ set",
                    format!("{}:{e}", s.jcz.get_ref()),
                    s.jcz.span(),
                );
            }
        }
        for t in &self.tiles {
            let t = t.get_ref();
            if let Some(turn) = &t.turn
                && carcassonne_core::Rotation::from_degrees(i64::from(*turn.get_ref())).is_none()
            {
                out.push(self.at(turn.span(), "`turn` is 0, 90, 180 or 270"));
            }
            if t.edges.chars().count() != 4 {
                out.push(self.at(
                    t.jcz.span(),
                    format!("`edges` = \"{}\": four letters, N E S W", t.edges),
                ));
            }
            twice(
                &mut out,
                "the JCZ tile",
                format!(
                    "{}{}",
                    t.jcz.get_ref(),
                    t.set.as_ref().map(|s| format!(" of {s}")).unwrap_or_default()
                ),
                t.jcz.span(),
            );
            for f in &t.features {
                if let Err(e) = crate::tile_table::JczFeature::words(f.get_ref()) {
                    out.push(self.at(f.span(), e));
                }
            }
        }
        for f in &self.features {
            let f = f.get_ref();
            match (&f.kind, &f.spot) {
                (Some(_), None) => {}
                (None, Some(spot)) if spot.get_ref() == "tile" => {}
                (None, Some(spot)) => out.push(self.at(spot.span(), "`spot` is \"tile\"")),
                _ => out.push(self.at(
                    0..0,
                    format!("the feature {:?}: give `kind` or `spot = \"tile\"`, one of them", f.jcz),
                )),
            }
            if f.jcz.is_empty() {
                out.push(self.at(f.kind.as_ref().map_or(0..0, |k| k.span()), "`jcz` names nothing"));
            }
        }
        for e in &self.elements {
            let e = e.get_ref();
            twice(&mut out, "the JCZ element", e.jcz.get_ref().clone(), e.jcz.span());
            let switches = e.part.is_some() || e.figure.is_some() || e.expansion;
            if (e.same_as.is_some() && switches) || (e.expansion && e.part.is_some()) {
                out.push(self.at(
                    e.jcz.span(),
                    "an element has `part` and/or `figure`, or `expansion = true` (with or without a `figure`), \
                     or `same_as`, or none of them (it is read and changes nothing)",
                ));
            }
            if !e.matters_with.is_empty() && e.same_as.is_none() {
                out.push(self.at(e.jcz.span(), "`matters_with` goes with `same_as`"));
            }
        }
        for r in &self.rules {
            let r = r.get_ref();
            twice(&mut out, "the JCZ rule option", r.jcz.get_ref().clone(), r.jcz.span());
            if !r.values.is_empty() && r.variant.is_none() {
                out.push(self.at(r.jcz.span(), "`values` set a variant: name it (`variant`)"));
            }
            if let Some(v) = &r.when_absent
                && !r.values.contains_key(v.get_ref())
                && !r.unchanged.contains(v.get_ref())
            {
                out.push(self.at(v.span(), "`when_absent` is one of the option's `values` or `unchanged`"));
            }
        }
        for me in &self.meeples {
            let me = me.get_ref();
            twice(&mut out, "the JCZ meeple type", me.jcz.get_ref().clone(), me.jcz.span());
        }
        for a in &self.actions {
            let a = a.get_ref();
            let moves = usize::from(a.expansion_move.is_some()) + usize::from(a.core_move.is_some());
            match (moves, &a.expect) {
                (1, None) => {}
                (0, Some(e)) if matches!(e.get_ref().as_str(), "released" | "nothing") => {}
                (0, Some(e)) => out.push(self.at(e.span(), "`expect` is \"released\" or \"nothing\"")),
                _ => out.push(self.at(
                    a.jcz.span(),
                    "an action has one of `expansion_move`, `move` or (for no move) `expect`",
                )),
            }
            if let Some(b) = &a.before
                && b.get_ref() != "pass"
            {
                out.push(self.at(b.span(), "`before` is \"pass\""));
            }
            for t in [&a.expansion_move, &a.core_move].into_iter().flatten() {
                let mut words = Vec::new();
                dollar_words(t.get_ref(), &mut words);
                for w in words {
                    if !SUBSTITUTIONS.iter().any(|(s, _)| *s == w) {
                        out.push(self.at(
                            t.span(),
                            format!(
                                "unknown word `{w}`; a move holds {}",
                                SUBSTITUTIONS.map(|(s, _)| format!("`{s}`")).join(", ")
                            ),
                        ));
                    }
                }
            }
            if let Some(m) = &a.core_move {
                let filled = fill_dummy(m.get_ref());
                if let Err(e) = serde_json::from_value::<carcassonne_core::Move>(filled) {
                    out.push(self.at(m.span(), format!("not a move as records write it: {e}")));
                }
            }
        }
        out
    }
}

/// Reads one array item as `T`, or notes why not.
fn read<T: serde::de::DeserializeOwned>(
    m: &Mapping,
    item: &Spanned<DeValue<'_>>,
    problems: &mut Vec<Diagnostic>,
) -> Option<T> {
    match T::deserialize(item.clone().into_deserializer()) {
        Ok(v) => Some(v),
        Err(e) => {
            problems.push(m.at(e.span().unwrap_or(item.span()), e.message().trim().to_string()));
            None
        }
    }
}

/// Every `$`-word in a template.
fn dollar_words(v: &toml::Value, out: &mut Vec<String>) {
    match v {
        toml::Value::String(s) if s.starts_with('$') => out.push(s.clone()),
        toml::Value::Array(a) => a.iter().for_each(|v| dollar_words(v, out)),
        toml::Value::Table(t) => t.values().for_each(|v| dollar_words(v, out)),
        _ => {}
    }
}

/// A template with each `$`-word replaced by a value of its shape, to
/// check the template is a move.
fn fill_dummy(v: &toml::Value) -> serde_json::Value {
    let json = toml_to_json(v);
    substitute(&json, &|w| {
        Some(match w {
            "$position" => serde_json::json!([0, 0]),
            "$feature" => serde_json::json!("road:E"),
            "$side_features" => serde_json::json!(["road:E", "road:W"]),
            "$figure" => serde_json::json!("follower"),
            _ => serde_json::json!(0),
        })
    })
    .unwrap_or(serde_json::Value::Null)
}

/// A TOML value as JSON.
pub(crate) fn toml_to_json(v: &toml::Value) -> serde_json::Value {
    match v {
        toml::Value::String(s) => serde_json::Value::String(s.clone()),
        toml::Value::Integer(i) => serde_json::Value::from(*i),
        toml::Value::Float(f) => serde_json::Value::from(*f),
        toml::Value::Boolean(b) => serde_json::Value::Bool(*b),
        toml::Value::Datetime(d) => serde_json::Value::String(d.to_string()),
        toml::Value::Array(a) => serde_json::Value::Array(a.iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            serde_json::Value::Object(t.iter().map(|(k, v)| (k.clone(), toml_to_json(v))).collect())
        }
    }
}

/// `template` with each string that is a `$`-word replaced by what `fill`
/// gives for it; `None` when `fill` has nothing for one of them.
pub(crate) fn substitute(
    template: &serde_json::Value,
    fill: &dyn Fn(&str) -> Option<serde_json::Value>,
) -> Option<serde_json::Value> {
    Some(match template {
        serde_json::Value::String(s) if s.starts_with('$') => fill(s)?,
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.iter().map(|v| substitute(v, fill)).collect::<Option<_>>()?)
        }
        serde_json::Value::Object(o) => serde_json::Value::Object(
            o.iter()
                .map(|(k, v)| Some((k.clone(), substitute(v, fill)?)))
                .collect::<Option<_>>()?,
        ),
        other => other.clone(),
    })
}

/// A set entry of one of the mappings: (mapping, set) indices.
pub type SetRef = (usize, usize);

/// Every mapping of a game's catalog: the base game's and each
/// expansion's that declares one.
#[derive(Clone, Debug)]
pub struct Mappings {
    /// The mappings, the base game's first.
    pub list: Vec<Mapping>,
}

impl Mappings {
    /// The base game's mapping as shipped.
    pub fn base() -> Result<Mapping, Diagnostics> {
        Mapping::parse(BASE_ID, BASE_MAPPING_NAME, BASE_MAPPING)
    }

    /// The base game's mapping and the mapping of every expansion of
    /// `catalog` that declares one (read from where it was built when the
    /// file is still there, as tile files are, else the copy built in),
    /// each read and checked against the catalog and the others: every
    /// problem at once.
    pub fn of_catalog(catalog: &Catalog) -> Result<Mappings, Diagnostics> {
        let mut list = Vec::new();
        let mut problems = Vec::new();
        match Mappings::base() {
            Ok(m) => list.push(m),
            Err(d) => problems.extend(d.0),
        }
        for info in catalog.all() {
            let Some(file) = info.jcz else { continue };
            let (name, text) = read_data_file(&file);
            match Mapping::parse(info.id, &name, &text) {
                Ok(m) => list.push(m),
                Err(d) => problems.extend(d.0),
            }
        }
        let mappings = Mappings { list };
        problems.extend(mappings.problems(catalog));
        if problems.is_empty() {
            Ok(mappings)
        } else {
            Err(Diagnostics(problems))
        }
    }

    /// Every way the mappings disagree with the catalog's declarations or
    /// with each other.
    pub fn problems(&self, catalog: &Catalog) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut owners: BTreeMap<(&str, String), (String, String)> = BTreeMap::new();
        let mut claim = |out: &mut Vec<Diagnostic>, m: &Mapping, what: &'static str, key: &str, span| {
            if let Some((owner, file)) = owners.insert((what, key.to_string()), (m.owner.clone(), m.file.clone()))
                && owner != m.owner
            {
                out.push(m.at(span, format!("{what} `{key}` is mapped by `{owner}` too ({file})")));
            }
        };
        for m in &self.list {
            let info = catalog.get(&m.owner);
            if m.owner != BASE_ID && info.is_none() {
                out.push(m.at(0..0, format!("no expansion `{}` in this catalog", m.owner)));
                continue;
            }
            let decl = Declared::of(&m.owner, info, catalog);
            for e in &m.elements {
                let e = e.get_ref();
                claim(&mut out, m, "the JCZ element", e.jcz.get_ref(), e.jcz.span());
                if let Some(p) = &e.part
                    && !decl.parts.contains(&p.get_ref().as_str())
                {
                    out.push(m.at(p.span(), decl.missing("part", p.get_ref(), &decl.parts)));
                }
                if let Some(f) = &e.figure
                    && !decl.figures.contains(&f.get_ref().as_str())
                {
                    out.push(m.at(f.span(), decl.missing("figure", f.get_ref(), &decl.figures)));
                }
                if let Some(s) = &e.same_as
                    && self.element(s.get_ref()).is_none()
                {
                    out.push(m.at(s.span(), format!("no mapping has the JCZ element `{}`", s.get_ref())));
                }
                for (name, value) in &e.when_absent {
                    out.extend(decl.check_variant(m, name, None, value));
                }
            }
            for s in &m.sets {
                let s = s.get_ref();
                for (name, value) in s.variants.iter().chain(&s.start_variants) {
                    out.extend(decl.check_variant(m, name, None, value));
                }
            }
            for r in &m.rules {
                let r = r.get_ref();
                claim(&mut out, m, "the JCZ rule option", r.jcz.get_ref(), r.jcz.span());
                if let Some(v) = &r.variant {
                    for value in r.values.values() {
                        out.extend(decl.check_variant(m, v.get_ref(), Some(v.span()), value));
                    }
                    if r.values.is_empty() && !decl.variants.iter().any(|d| d.name == v.get_ref()) {
                        out.push(m.at(
                            v.span(),
                            decl.missing(
                                "variant",
                                v.get_ref(),
                                &decl.variants.iter().map(|d| d.name).collect::<Vec<_>>(),
                            ),
                        ));
                    }
                }
            }
            for me in &m.meeples {
                let me = me.get_ref();
                claim(&mut out, m, "the JCZ meeple type", me.jcz.get_ref(), me.jcz.span());
                if !decl.figures.contains(&me.figure.get_ref().as_str()) {
                    out.push(m.at(
                        me.figure.span(),
                        decl.missing("figure", me.figure.get_ref(), &decl.figures),
                    ));
                }
            }
            for f in &m.features {
                let f = f.get_ref();
                for name in &f.jcz {
                    claim(
                        &mut out,
                        m,
                        "the JCZ feature name",
                        name,
                        f.kind.as_ref().map_or(0..0, |k| k.span()),
                    );
                }
                if let Some(k) = &f.kind
                    && catalog.landscape().feature_kind(k.get_ref()).is_none()
                {
                    out.push(m.at(
                        k.span(),
                        format!(
                            "no kind of feature `{}` in this catalog; it has {}",
                            k.get_ref(),
                            catalog.landscape().feature_names()
                        ),
                    ));
                }
            }
            for fl in &m.flags {
                let fl = fl.get_ref();
                let key = fl.attribute.get_ref().as_str();
                let declared = info.is_some_and(|i| i.attributes.iter().any(|a| a.key == key));
                if !declared {
                    out.push(m.at(
                        fl.attribute.span(),
                        format!("`{}` declares no attribute `{key}`", m.owner),
                    ));
                }
            }
        }
        // Tile descriptions read with every mapping's words.
        for m in &self.list {
            for t in &m.tiles {
                for f in &t.get_ref().features {
                    if let Err(e) = crate::tile_table::JczFeature::parse(f.get_ref(), self) {
                        out.push(m.at(f.span(), e));
                    }
                }
                for fl in &t.get_ref().flags {
                    let (name, value) = match fl.get_ref().split_once('=') {
                        Some((n, v)) => (n, Some(v)),
                        None => (fl.get_ref().as_str(), None),
                    };
                    let declared: Vec<&FlagEntry> = self
                        .flags_named(name)
                        .filter(|(_, f)| f.on == FlagPlace::Tile)
                        .map(|(_, f)| f)
                        .collect();
                    let problem = match (declared.first(), value) {
                        (None, _) => Some(format!(
                            "no mapping has a tile flag `{name}` (`[[flag]]` with `on = \"tile\"`)"
                        )),
                        (Some(f), None) if !f.values.is_empty() => Some(format!("`{name}` takes a value (`{name}=…`)")),
                        (Some(f), Some(v)) if !f.values.iter().any(|x| x == v) => Some(format!(
                            "`{name}` takes {}",
                            if f.values.is_empty() {
                                "no value".to_string()
                            } else {
                                f.values.join(", ")
                            }
                        )),
                        _ => None,
                    };
                    if let Some(problem) = problem {
                        out.push(m.at(fl.span(), problem));
                    }
                }
            }
        }
        out
    }

    /// The mapping of `owner`.
    pub fn of(&self, owner: &str) -> Option<&Mapping> {
        self.list.iter().find(|m| m.owner == owner)
    }

    /// Every set entry named `jcz`, of any edition.
    pub fn sets_named(&self, jcz: &str) -> Vec<SetRef> {
        let mut out = Vec::new();
        for (mi, m) in self.list.iter().enumerate() {
            for (si, s) in m.sets.iter().enumerate() {
                if s.get_ref().jcz.get_ref() == jcz {
                    out.push((mi, si));
                }
            }
        }
        out
    }

    /// The set entry of a [`SetRef`].
    pub fn set(&self, r: SetRef) -> &SetEntry {
        self.list[r.0].sets[r.1].get_ref()
    }

    /// This engine's tile set of a set entry.
    pub fn engine_set(&self, r: SetRef) -> String {
        self.set(r)
            .engine
            .as_ref()
            .map_or_else(|| self.list[r.0].owner.clone(), |e| e.get_ref().clone())
    }

    /// The tiles of a set entry: by prefix or listed, and scoped to it.
    pub fn tiles_of(&self, r: SetRef) -> impl Iterator<Item = &TileEntry> + '_ {
        let set = self.set(r);
        self.list[r.0].tiles.iter().map(Spanned::get_ref).filter(move |t| {
            let id = t.jcz.get_ref();
            (id.split_once('/').is_some_and(|(p, _)| p == set.prefix) || set.tiles.contains(id))
                && t.set.as_ref().is_none_or(|s| s == set.jcz.get_ref())
        })
    }

    /// The entry of JCZ tile `id` in a game of the set entries `sets`.
    pub fn tile_in(&self, id: &str, sets: &[SetRef]) -> Option<&TileEntry> {
        sets.iter()
            .find_map(|&r| self.tiles_of(r).find(|t| t.jcz.get_ref() == id))
    }

    /// The entry of JCZ tile `id`: in the sets `sets`, or a tile handed
    /// out rather than drawn (no `count`: the abbey, which comes with its
    /// element, not its set) of any mapping.
    pub fn tile_anywhere(&self, id: &str, sets: &[SetRef]) -> Option<&TileEntry> {
        self.tile_in(id, sets).or_else(|| {
            self.list
                .iter()
                .flat_map(|m| m.tiles.iter().map(Spanned::get_ref))
                .find(|t| t.jcz.get_ref() == id && t.count.is_none())
        })
    }

    /// The index in [`Mappings::list`] of `owner`'s mapping (0, the base
    /// game's, when it has none).
    pub fn index_of(&self, owner: &str) -> usize {
        self.list.iter().position(|m| m.owner == owner).unwrap_or(0)
    }

    /// The element entry of a key of `setup.elements`, with its owner.
    pub fn element(&self, jcz: &str) -> Option<(&str, &ElementEntry)> {
        self.list.iter().find_map(|m| {
            m.elements
                .iter()
                .map(Spanned::get_ref)
                .find(|e| e.jcz.get_ref() == jcz)
                .map(|e| (m.owner.as_str(), e))
        })
    }

    /// Every element entry, with its owner.
    pub fn elements(&self) -> impl Iterator<Item = (&str, &ElementEntry)> + '_ {
        self.list
            .iter()
            .flat_map(|m| m.elements.iter().map(move |e| (m.owner.as_str(), e.get_ref())))
    }

    /// The rule entry of a key of `setup.rules`, with its owner.
    pub fn rule(&self, jcz: &str) -> Option<(&str, &RuleEntry)> {
        self.list.iter().find_map(|m| {
            m.rules
                .iter()
                .map(Spanned::get_ref)
                .find(|r| r.jcz.get_ref() == jcz)
                .map(|r| (m.owner.as_str(), r))
        })
    }

    /// The meeple entry of a JCZ meeple type, with its owner.
    pub fn meeple(&self, jcz: &str) -> Option<(&str, &MeepleEntry)> {
        self.list.iter().find_map(|m| {
            m.meeples
                .iter()
                .map(Spanned::get_ref)
                .find(|e| e.jcz.get_ref() == jcz)
                .map(|e| (m.owner.as_str(), e))
        })
    }

    /// The feature entry of one of JCZ's names.
    pub fn feature(&self, jcz: &str) -> Option<&FeatureEntry> {
        self.list
            .iter()
            .flat_map(|m| m.features.iter().map(Spanned::get_ref))
            .find(|f| f.jcz.iter().any(|n| n == jcz))
    }

    /// Every flag entry of a word, with its owner.
    pub fn flags_named<'a>(&'a self, word: &'a str) -> impl Iterator<Item = (&'a str, &'a FlagEntry)> + 'a {
        self.flags().filter(move |(_, f)| f.jcz.get_ref() == word)
    }

    /// Every flag entry, with its owner.
    pub fn flags(&self) -> impl Iterator<Item = (&str, &FlagEntry)> + '_ {
        self.list
            .iter()
            .flat_map(|m| m.flags.iter().map(move |f| (m.owner.as_str(), f.get_ref())))
    }
}

/// What the owner of a mapping declares.
struct Declared<'a> {
    owner: &'a str,
    parts: Vec<&'static str>,
    figures: Vec<&'static str>,
    variants: Vec<&'static carcassonne_core::VariantDecl>,
}

impl<'a> Declared<'a> {
    fn of(owner: &'a str, info: Option<&'static ExpansionInfo>, _catalog: &Catalog) -> Declared<'a> {
        match info {
            Some(info) => Declared {
                owner,
                parts: info.parts.iter().map(|p| p.id).collect(),
                figures: info.figures.iter().map(|f| f.id).collect(),
                variants: info.variants.iter().collect(),
            },
            None => Declared {
                owner,
                parts: Vec::new(),
                figures: vec![carcassonne_core::figures::FOLLOWER.id],
                variants: carcassonne_core::BASE_VARIANTS.iter().collect(),
            },
        }
    }

    fn missing(&self, what: &str, name: &str, have: &[&str]) -> String {
        format!(
            "`{}` has no {what} `{name}`{}",
            self.owner,
            if have.is_empty() {
                String::new()
            } else {
                format!(
                    "; it has {}",
                    have.iter().map(|h| format!("`{h}`")).collect::<Vec<_>>().join(", ")
                )
            }
        )
    }

    /// Whether `value` is a value of the owner's variant `name` (whose
    /// name is at `name_span`, when it has a place of its own).
    fn check_variant(
        &self,
        m: &Mapping,
        name: &str,
        name_span: Option<Range<usize>>,
        value: &Spanned<toml::Value>,
    ) -> Option<Diagnostic> {
        let Some(decl) = self.variants.iter().find(|d| d.name == name) else {
            return Some(m.at(
                name_span.unwrap_or(value.span()),
                self.missing(
                    "variant",
                    name,
                    &self.variants.iter().map(|d| d.name).collect::<Vec<_>>(),
                ),
            ));
        };
        let Some(v) = variant_value(value.get_ref()) else {
            return Some(m.at(
                value.span(),
                format!("{}.{name}: a word, a whole number or true/false", self.owner),
            ));
        };
        decl.kind
            .check(&v)
            .err()
            .map(|e| m.at(value.span(), format!("{}.{name}: {e}", self.owner)))
    }
}

/// A variant value of the engine from a TOML value (a word, a number or
/// true/false).
pub(crate) fn variant_value(v: &toml::Value) -> Option<carcassonne_core::values::Value> {
    use carcassonne_core::values::Value as V;
    match v {
        toml::Value::String(s) => Some(V::from(s.as_str())),
        toml::Value::Boolean(b) => Some(V::Bool(*b)),
        toml::Value::Integer(i) => Some(V::Integer(*i)),
        _ => None,
    }
}

/// The text of a data file: the file where it was when the expansion was
/// built, if it is still there (edits show at once, as for tile files),
/// else the copy built in.
pub fn read_data_file(file: &carcassonne_core::DataFile) -> (String, String) {
    let path = std::path::Path::new(file.source);
    if !file.source.is_empty()
        && path.is_file()
        && let Ok(text) = carcassonne_core::read_text_file(path, MAX_MAPPING_BYTES, "JCZ mapping")
    {
        return (file.source.to_string(), text);
    }
    (file.source.to_string(), file.embedded.to_string())
}
