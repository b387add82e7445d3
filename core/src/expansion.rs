//! What an expansion is: its declaration (id, variants, figures, tiles) and
//! the hooks it implements, called at named points of the turn.
//!
//! Authors implement [`Expansion`] with their own state and action types;
//! the engine holds it through [`DynExpansion`], which erases those types so
//! expansions from different crates (and dynamic libraries) sit side by side.
//! Hooks never touch the core state directly: they read it through
//! [`Ctx::view`] and ask for changes (points, returned figures, decisions),
//! which the engine applies as events after the hook returns.

use crate::after_placement::AfterPlacement;
use crate::events::Event;
use crate::figures::{FigureDecl, FigureId, PlacedFigure, Spot};
use crate::geometry::{Pos, Rotation};
use crate::rng::GameRng;
use crate::state::CoreState;
pub use crate::tables::Companion;
use crate::tiles::{
    AttributeDecl, AttributeProblem, EdgeKind, EdgeKindDecl, FeatureKind, FeatureKindDecl, TileArrangement, TileType,
};
use crate::values::ValueKind;
use crate::words::Line;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::sync::Arc;

/// A rule variant an expansion offers in the game configuration.
#[derive(Clone, Copy, Debug)]
pub struct VariantDecl {
    /// Name in the configuration (`bunny_phase`).
    pub name: &'static str,
    /// A short name in words, for people (`Bunny phase and scoring`):
    /// what hosts show beside the control, with `description` as the
    /// explanation. Sentence case, a few words, no final full stop.
    pub label: &'static str,
    /// What values it takes (a word from a list, a whole number in a range,
    /// or true/false).
    pub kind: ValueKind,
    /// Value when the configuration does not say, as canonical text (`"one"`,
    /// `"3"`, `"true"`), so that a declaration stays a constant.
    pub default: &'static str,
    /// One line for `carcassonne expansions`.
    pub description: &'static str,
    /// Defaults this variant had in earlier engine versions, oldest first
    /// (empty when the default never changed). A record written by one of
    /// those versions that leaves the variant unstated is replayed with the
    /// default it was played with (see [`VariantDecl::default_for`]). A
    /// variant added in a later version names here the behaviour that
    /// older versions had without it.
    pub earlier_defaults: &'static [EarlierDefault],
}

/// A default a variant had before some engine version.
#[derive(Clone, Copy, Debug)]
pub struct EarlierDefault {
    /// The first engine version (`"0.2.0"`) whose default is no longer `value`.
    pub until: &'static str,
    /// The default in every engine version before `until`.
    pub value: &'static str,
}

impl VariantDecl {
    /// The default for a game played by engine version `engine`: the
    /// earlier default in force then, or [`VariantDecl::default`] for a
    /// version from after every change.
    pub fn default_for(&self, engine: &semver::Version) -> &'static str {
        self.earlier_defaults
            .iter()
            .find(|d| semver::Version::parse(d.until).is_ok_and(|until| *engine < until))
            .map_or(self.default, |d| d.value)
    }
}

/// A part of an expansion that a game may leave out: Abbey & Mayor's barn,
/// Inns & Cathedrals' cathedrals, King & Robber Baron's Robber Baron.
///
/// A game switches parts in its configuration (`[parts.abbey-and-mayor]
/// abbey = false`); every part is on unless it says otherwise. A part that
/// is off takes its figures out of every supply, and the expansion's build
/// reads which parts are on ([`BuildContext::part_on`]) to leave out their
/// rules. Hosts list parts from here: `carcassonne expansions`, the lobby's
/// check boxes, Python's `parts=`.
#[derive(Clone, Copy, Debug)]
pub struct PartDecl {
    /// Kebab-case id, unique within the expansion (`barn`).
    pub id: &'static str,
    /// Its name in words (`Barn`).
    pub name: &'static str,
    /// One line on what it brings.
    pub description: &'static str,
    /// Ids of the expansion's figures that come with it: none of them is in
    /// the game while the part is off. A figure belongs to one part at most.
    pub figures: &'static [&'static str],
}

/// A part of another expansion that an expansion needs off: Fishermen-like
/// rules that replace how that expansion lays out its tiles. In a game
/// where both are on, the engine switches the part off (and states it so
/// in the record's `[parts]`), and refuses a configuration that switches
/// it on explicitly, naming both. The other expansion must be named in
/// `requires` or `companions`, and must declare the part.
#[derive(Clone, Copy, Debug)]
pub struct PartOff {
    /// The expansion that declares the part (`"river"`).
    pub expansion: &'static str,
    /// The part's id (`"course"`).
    pub part: &'static str,
}

/// A tile file an expansion ships. A game reads it from the first of: the
/// tiles directory (`--tiles`, by `file_name`), the file where it was when
/// the expansion was built (`source`, when it is still there), the copy
/// built in. So an author's edits to the tile file beside their crate apply
/// at once, without rebuilding the plugin; a plugin installed elsewhere
/// uses its built-in copy. Write it with [`tile_file!`](crate::tile_file).
#[derive(Clone, Copy, Debug)]
pub struct TileFile {
    /// File name under the tiles directory (`easter.toml`).
    pub file_name: &'static str,
    /// The file's text at build time.
    pub embedded: &'static str,
    /// The file's path at build time (`""`: none to look for).
    pub source: &'static str,
    /// The tile pictures built in with it: each `art` path its tiles name
    /// (`"art/my-set-1.svg"`) and the SVG text. A tile file read from disk
    /// reads its pictures beside it instead.
    pub art: &'static [(&'static str, &'static str)],
}

/// A [`TileFile`] named `name` in tile directories for the file at `path`,
/// relative to the crate's root: its text is built in and its path kept, so
/// that edits to it apply without a rebuild.
///
/// The tile pictures its tiles name (`art = "art/my-set-1.svg"`) are built
/// in by listing each with its path relative to the crate's root, so that
/// an installed plugin still draws them:
///
/// ```text
/// tile_files: &[carcassonne_core::tile_file!("my-set.toml", "my-set.toml")],
/// tile_files: &[carcassonne_core::tile_file!("my-set.toml", "my-set.toml",
///     art: [("art/my-set-1.svg", "art/my-set-1.svg")])],
/// ```
#[macro_export]
macro_rules! tile_file {
    ($name:literal, $path:literal) => {
        $crate::TileFile {
            file_name: $name,
            embedded: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
            source: concat!(env!("CARGO_MANIFEST_DIR"), "/", $path),
            art: &[],
        }
    };
    ($name:literal, $path:literal, art: [$(($art:literal, $file:literal)),* $(,)?]) => {
        $crate::TileFile {
            file_name: $name,
            embedded: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
            source: concat!(env!("CARGO_MANIFEST_DIR"), "/", $path),
            art: &[$(($art, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file)))),*],
        }
    };
}

/// Everything the engine needs to know about an expansion before a game.
#[derive(Clone, Copy, Debug)]
pub struct ExpansionInfo {
    /// Kebab-case id (`fruit-trees`).
    pub id: &'static str,
    /// Human name.
    pub name: &'static str,
    /// The expansion's own version.
    pub version: &'static str,
    /// One line about it.
    pub description: &'static str,
    /// Expansions that must be enabled with it.
    pub requires: &'static [&'static str],
    /// Expansions that cannot be enabled with it.
    pub conflicts: &'static [&'static str],
    /// Its tile sets.
    pub tile_files: &'static [TileFile],
    /// Its rule variants.
    pub variants: &'static [VariantDecl],
    /// Its figures.
    pub figures: &'static [FigureDecl],
    /// The parts a game may switch off one by one (empty: the expansion is
    /// all or nothing).
    pub parts: &'static [PartDecl],
    /// Score breakdown keys it uses (`""` means the expansion's id alone,
    /// `"harvest"` becomes `fruit-trees.harvest`).
    pub score_sources: &'static [&'static str],
    /// The words players see for each score source, in the same order
    /// (`"Harvest"`, `"Cleric"`): score tables, the browser, final scoring.
    /// Empty: the engine words them from the ids (`serf` → "Serf", `""` →
    /// the expansion's name).
    pub score_source_names: &'static [&'static str],
    /// The attributes it reads from tile files: keys, where they go, their
    /// kinds. The loader checks every attribute table against them
    /// ([`crate::tiles::check_by_schema`]), the tile editor offers them as
    /// form fields, `carcassonne expansions --json` lists them.
    pub attributes: &'static [AttributeDecl],
    /// Further checks of the expansion's attribute table on a tile (`None`)
    /// or a feature, for what the schema cannot say (`inn` must be `true`
    /// where it is written); called only when the table passes the schema.
    /// [`schema_only`] when the schema says it all.
    pub check_attributes: fn(Option<FeatureKind>, &toml::Value) -> Vec<AttributeProblem>,
    /// The kinds of feature it adds (a river, a garden): their names, how
    /// they lie, complete and score, and who may stand on them. Its tile
    /// files (and any tile file, while it is in the catalog) may use them.
    pub feature_kinds: &'static [FeatureKindDecl],
    /// The kinds of edge it adds (a river's banks): their letters, the
    /// features on their segments and what they match.
    pub edge_kinds: &'static [EdgeKindDecl],
    /// The numbers it keeps that no figure or tile attribute shows (eggs
    /// gathered, goods held, tokens on a tree), which
    /// [`Expansion::counters`] writes: a learning agent's observation gets
    /// a plane or a vector for each. Empty when it keeps none.
    pub counters: &'static [CounterDecl],
    /// Builds the expansion's rules for one game.
    pub build: fn(&BuildContext) -> Result<Box<dyn DynExpansion>, String>,
    /// Expansions it reads when they are on, without requiring them (an
    /// expansion may read whether another's part is on): their parts and
    /// variant values come to its build through
    /// [`BuildContext::companion`], and to its hooks through
    /// [`Tables::companion`](crate::Tables::companion). An expansion it
    /// `requires` is readable so too.
    pub companions: &'static [&'static str],
    /// Marks it prints on other sets' tiles (a well drawn on an Abbey &
    /// Mayor tile): tile files of the form `[marks] set = "…"` whose tiles
    /// name tiles of that set and add this expansion's attribute tables
    /// to them and to their features. A game applies them when this
    /// expansion's rules are on and the marked set's tiles are in the bag;
    /// they are checked like tile files (`carcassonne tiles check`). Write
    /// each with [`tile_file!`](crate::tile_file).
    pub tile_marks: &'static [TileFile],
    /// How JCloisterZone and FanCloisterZone name what it brings, as data
    /// (its tile sets and tile ids, elements, rule options, figures and
    /// decisions), so that `carcassonne import-jcz` reads their saves
    /// while it is loaded (`docs/import-jcz.md`). Write it with
    /// [`data_file!`](crate::data_file); `None` when the peers do not play
    /// it.
    pub jcz: Option<DataFile>,
    /// Which shelf it comes from, for choosing among many: hosts group
    /// expansions by it.
    pub group: ExpansionGroup,
    /// The year it was first published (`0`: not known).
    pub year: u16,
    /// Feature kinds of other expansions (named in `requires` or
    /// `companions`) that it plays differently: each declaration names a
    /// kind another expansion declares, with the same shape, and in a game
    /// where this expansion is on its scoring, `occupiable`, `invites`,
    /// `source`, label and colour are these. The core then completes,
    /// scores and offers the kind as declared here, and every expansion
    /// hears of it as of any scored feature. Two expansions refining one
    /// kind cannot be on in one game.
    pub refines: &'static [FeatureKindDecl],
    /// Parts of other expansions that must be off while it is on (see
    /// [`PartOff`]).
    pub parts_off: &'static [PartOff],
}

impl ExpansionInfo {
    /// A declaration with nothing declared, to fill the fields an
    /// expansion leaves empty: `ExpansionInfo { id, name, build,
    /// ..ExpansionInfo::EMPTY }`. Its `build` refuses every game
    /// ("declares no build"), so an expansion always names its own.
    pub const EMPTY: ExpansionInfo = ExpansionInfo {
        id: "",
        name: "",
        version: "0.0.0",
        description: "",
        requires: &[],
        conflicts: &[],
        tile_files: &[],
        variants: &[],
        figures: &[],
        parts: &[],
        score_sources: &[],
        score_source_names: &[],
        attributes: &[],
        check_attributes: no_attributes,
        feature_kinds: &[],
        edge_kinds: &[],
        counters: &[],
        build: no_build,
        companions: &[],
        tile_marks: &[],
        jcz: None,
        group: ExpansionGroup::Fan,
        year: 0,
        refines: &[],
        parts_off: &[],
    };
}

/// The `build` of [`ExpansionInfo::EMPTY`]: refuses every game, naming
/// what is missing.
fn no_build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Err("the expansion declares no `build` (its `ExpansionInfo` takes `build` from `ExpansionInfo::EMPTY`)".into())
}

/// Which shelf an expansion comes from: hosts group the list of
/// expansions by it (the lobby, `carcassonne expansions`, Python), in this
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpansionGroup {
    /// In the base game's box (The River, The Abbot in the newer editions).
    BaseGame,
    /// A numbered big-box expansion (Inns & Cathedrals … The Count of
    /// Carcassonne).
    BigBox,
    /// A small expansion sold on its own (The River II, The Flier, …).
    Mini,
    /// Promotional tiles and figures (magazines, fairs).
    Promo,
    /// Made by fans.
    Fan,
}

impl ExpansionGroup {
    /// Every group, in the order hosts list them.
    pub const ALL: [ExpansionGroup; 5] = [
        ExpansionGroup::BaseGame,
        ExpansionGroup::BigBox,
        ExpansionGroup::Mini,
        ExpansionGroup::Promo,
        ExpansionGroup::Fan,
    ];

    /// The group in words, plural, as a heading ("Big boxes").
    pub const fn heading(self) -> &'static str {
        match self {
            ExpansionGroup::BaseGame => "In the base game's box",
            ExpansionGroup::BigBox => "Big boxes",
            ExpansionGroup::Mini => "Mini expansions",
            ExpansionGroup::Promo => "Promos",
            ExpansionGroup::Fan => "Fan expansions",
        }
    }

    /// The group's id in JSON and on the command line (`big-box`).
    pub const fn id(self) -> &'static str {
        match self {
            ExpansionGroup::BaseGame => "base-game",
            ExpansionGroup::BigBox => "big-box",
            ExpansionGroup::Mini => "mini",
            ExpansionGroup::Promo => "promo",
            ExpansionGroup::Fan => "fan",
        }
    }
}

/// A data file an expansion ships besides its tiles (its JCloisterZone
/// mapping): its text built in, and where it was when the expansion was
/// built, for messages. Write it with [`data_file!`](crate::data_file).
#[derive(Clone, Copy, Debug)]
pub struct DataFile {
    /// The file's path at build time (messages name it).
    pub source: &'static str,
    /// The file's text at build time.
    pub embedded: &'static str,
}

/// A [`DataFile`] for the file at `path`, relative to the crate's root:
/// `jcz: Some(carcassonne_core::data_file!("jcz.toml"))`.
#[macro_export]
macro_rules! data_file {
    ($path:literal) => {
        $crate::DataFile {
            source: concat!(env!("CARGO_MANIFEST_DIR"), "/", $path),
            embedded: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        }
    };
}

/// The further attribute check of an expansion whose schema says it all
/// (`ExpansionInfo::check_attributes: schema_only`): nothing more to check.
pub fn schema_only(_feature: Option<FeatureKind>, _table: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

/// The attribute check of an expansion that prints nothing on tiles
/// (`attributes: &[]`, `check_attributes: no_attributes`): any table under
/// its id, on a tile or a feature, is a mistake (the empty schema says so
/// already; this says it again should the check be reached).
pub fn no_attributes(_feature: Option<FeatureKind>, _table: &toml::Value) -> Vec<AttributeProblem> {
    vec![AttributeProblem::new(
        &[],
        "this expansion defines no tile or feature attributes; remove the table",
    )]
}

/// What an expansion may look at while it is built for a game.
#[derive(Clone, Debug)]
pub struct BuildContext {
    /// Chosen variant values by name (every declared variant is present).
    pub variants: BTreeMap<String, String>,
    /// Ids of every expansion whose rules are on in this game.
    pub enabled: Vec<String>,
    /// Ids of the figures this game has (a count above 0), to ask whether
    /// one is in play. Not a table: a figure whose count a game sets to 0
    /// is left out, so a position here is not its index in the game's
    /// figure table; read that with `view.tables().figure_index(id)`.
    pub figures: Vec<String>,
    /// Ids of this expansion's parts that are on (every declared part
    /// unless the configuration switched it off).
    pub parts: Vec<String>,
    /// Number of players.
    pub players: usize,
    /// The game's tile table, indexed like `PlacedTile::tile`. An expansion
    /// reads its attribute tables here once and keeps what it needs per tile
    /// index, so its hooks never look attributes up by name during play.
    pub tiles: Arc<[TileType]>,
    /// Every kind of feature and edge the tiles were read with.
    pub landscape: Arc<crate::tiles::Landscape>,
    /// The expansions this one reads (its `companions` and `requires`)
    /// that are on in this game, by id: what [`BuildContext::companion`]
    /// answers.
    pub companions: BTreeMap<String, Companion>,
}

impl BuildContext {
    /// Expansion `id`'s settings in this game, when it is on and this
    /// expansion names it among its `companions` or `requires`; `None`
    /// when it is off. An expansion it does not name is never answered
    /// (`None`), so that what an expansion reads is in its declaration.
    pub fn companion(&self, id: &str) -> Option<&Companion> {
        self.companions.get(id)
    }

    /// The chosen value of variant `name`.
    pub fn variant(&self, name: &str) -> &str {
        self.variants.get(name).map(String::as_str).unwrap_or("")
    }

    /// The chosen value of an integer variant (0 when `name` is not one:
    /// the value was checked against the declared kind before the build).
    pub fn variant_int(&self, name: &str) -> i64 {
        self.variant(name).parse().unwrap_or(0)
    }

    /// The chosen value of a boolean variant (false when `name` is not one).
    pub fn variant_bool(&self, name: &str) -> bool {
        self.variant(name) == "true"
    }

    /// Whether expansion `id` is on.
    pub fn is_enabled(&self, id: &str) -> bool {
        self.enabled.iter().any(|e| e == id)
    }

    /// By tile index, whether each tile's `[tile.<expansion>]` table sets
    /// the boolean `key` to true (a tile without it: false). What most
    /// expansions whose tiles carry a symbol (gold, magic, a festival)
    /// read once at build, so that their hooks look the symbol up by index.
    pub fn tile_flags(&self, expansion: &str, key: &str) -> Vec<bool> {
        self.tiles
            .iter()
            .map(|t| {
                t.def
                    .attribute(expansion)
                    .and_then(|a| a.get(key))
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false)
            })
            .collect()
    }

    /// The index of feature kind `name` in this game (an expansion's own
    /// kinds have no constant: it looks them up here once and keeps them).
    pub fn feature_kind(&self, name: &str) -> Option<FeatureKind> {
        self.landscape.feature_kind(name)
    }

    /// Whether a figure with `id` is in the game.
    pub fn has_figure(&self, id: &str) -> bool {
        self.figures.iter().any(|f| f == id)
    }

    /// Whether this expansion's part `id` is on in this game. An expansion
    /// that declares no parts asks for none.
    pub fn part_on(&self, id: &str) -> bool {
        self.parts.iter().any(|p| p == id)
    }
}

/// An option the engine offers for deploying a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deployment {
    /// Index of the figure kind in the game's figure table.
    pub figure: u8,
    /// The tile it goes on.
    pub pos: Pos,
    /// Where on that tile.
    pub spot: Spot,
}

/// How a completed or final feature was scored.
#[derive(Clone, Debug)]
pub struct FeatureScoring {
    /// A node of the feature (pass it to the view's feature queries).
    pub feature: crate::features::NodeId,
    /// Its kind.
    pub kind: FeatureKind,
    /// Points each winner received.
    pub points: i32,
    /// The players who scored.
    pub winners: Vec<u8>,
    /// Whether it was complete (false at final scoring of an unfinished feature).
    pub complete: bool,
    /// When and by whose rule it is scored.
    pub moment: ScoringMoment,
}

/// When a feature is scored ([`FeatureScoring::moment`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoringMoment {
    /// During play, by the core, because the turn's tile completed it.
    Completed,
    /// By the core at the end of the game.
    Final,
    /// By an expansion's rule, at any moment (a barn cashing in a farm's
    /// farmers): [`Ctx::score_feature`]. `slot` is that expansion's.
    Expansion {
        /// The expansion that scored it.
        slot: u8,
    },
}

/// The turn hooks an expansion implements: the engine calls only these, so
/// an expansion costs nothing at the points of the turn where it does not
/// act. Combine with `|`: `Hooks::TILE_PLACED | Hooks::FINAL_SCORING`.
///
/// The default, [`Hooks::ALL`], is always correct. Naming fewer is what
/// makes an expansion fast, and it is checked: in debug builds (tests) the
/// engine still calls every hook, and a hook left out that changes the
/// state, logs, scores, asks, draws from the RNG, vetoes or adjusts
/// anything fails the game with an error naming the missing constant.
/// The default is [`Hooks::NONE`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hooks(u32);

macro_rules! hook_constants {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $hook:literal;)*) => {
        impl Hooks {
            $($(#[$doc])* pub const $name: Hooks = Hooks(1 << $bit);)*
            /// Every hook.
            pub const ALL: Hooks = Hooks($((1 << $bit))|*);
            const NAMES: &'static [(Hooks, &'static str, &'static str)] = &[$((Hooks::$name, stringify!($name), $hook)),*];
        }
    };
}

hook_constants! {
    /// [`Expansion::turn_started`].
    TURN_STARTED = 0, "turn_started";
    /// [`Expansion::tile_drawn`].
    TILE_DRAWN = 1, "tile_drawn";
    /// [`Expansion::placement_allowed`].
    PLACEMENT_ALLOWED = 2, "placement_allowed";
    /// [`Expansion::tile_placed`].
    TILE_PLACED = 3, "tile_placed";
    /// [`Expansion::deploy_options`].
    DEPLOY_OPTIONS = 4, "deploy_options";
    /// [`Expansion::deployment_allowed`].
    DEPLOYMENT_ALLOWED = 5, "deployment_allowed";
    /// [`Expansion::figure_deployed`].
    FIGURE_DEPLOYED = 6, "figure_deployed";
    /// [`Expansion::after_deploy`].
    AFTER_DEPLOY = 7, "after_deploy";
    /// [`Expansion::before_scoring`].
    BEFORE_SCORING = 8, "before_scoring";
    /// [`Expansion::feature_completed`].
    FEATURE_COMPLETED = 9, "feature_completed";
    /// [`Expansion::feature_points`].
    FEATURE_POINTS = 10, "feature_points";
    /// [`Expansion::feature_scored`].
    FEATURE_SCORED = 11, "feature_scored";
    /// [`Expansion::after_scoring`].
    AFTER_SCORING = 12, "after_scoring";
    /// [`Expansion::end_of_turn`].
    END_OF_TURN = 13, "end_of_turn";
    /// [`Expansion::final_scoring`].
    FINAL_SCORING = 14, "final_scoring";
    /// [`Expansion::observe`].
    OBSERVE = 15, "observe";
    /// [`Expansion::relaxed_placement`].
    RELAXED_PLACEMENT = 16, "relaxed_placement";
}

impl Hooks {
    /// No turn hook (an expansion that only adds tiles, figures or decisions
    /// asked from its `setup`).
    pub const NONE: Hooks = Hooks(0);

    /// The hooks an expansion may have called only on turns it arms them
    /// ([`Expansion::armed_hooks`], [`Ctx::arm`]): those that come after
    /// another hook in the turn, so that an earlier hook of the same turn
    /// can arm them.
    pub const ARMABLE: Hooks = Hooks(
        Hooks::TILE_DRAWN.0
            | Hooks::TILE_PLACED.0
            | Hooks::FIGURE_DEPLOYED.0
            | Hooks::AFTER_DEPLOY.0
            | Hooks::BEFORE_SCORING.0
            | Hooks::FEATURE_COMPLETED.0
            | Hooks::FEATURE_SCORED.0
            | Hooks::AFTER_SCORING.0
            | Hooks::END_OF_TURN.0,
    );

    /// Whether every hook of `other` is in `self`.
    pub const fn contains(self, other: Hooks) -> bool {
        self.0 & other.0 == other.0
    }

    /// The hooks of both sets.
    pub const fn union(self, other: Hooks) -> Hooks {
        Hooks(self.0 | other.0)
    }

    /// The hooks of `self` not in `other`.
    pub const fn difference(self, other: Hooks) -> Hooks {
        Hooks(self.0 & !other.0)
    }

    /// Every single hook, in bit order.
    pub(crate) fn each() -> impl Iterator<Item = Hooks> {
        Hooks::NAMES.iter().map(|&(hook, _, _)| hook)
    }

    /// A single hook's bit position (its place in [`Hooks::each`]).
    pub(crate) const fn index(self) -> usize {
        self.0.trailing_zeros() as usize
    }

    /// The name of a single hook's constant and method (`("TILE_PLACED",
    /// "tile_placed")`): `NAMES` is in bit order.
    fn names(self) -> (&'static str, &'static str) {
        Hooks::NAMES
            .get(self.0.trailing_zeros() as usize)
            .map_or(("?", "?"), |&(_, constant, method)| (constant, method))
    }
}

impl std::ops::BitOr for Hooks {
    type Output = Hooks;
    fn bitor(self, other: Hooks) -> Hooks {
        self.union(other)
    }
}

impl std::ops::BitOrAssign for Hooks {
    fn bitor_assign(&mut self, rhs: Hooks) {
        self.0 |= rhs.0;
    }
}

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Hooks::NAMES
            .iter()
            .filter(|(h, _, _)| self.contains(*h))
            .map(|&(_, constant, _)| constant)
            .collect();
        write!(f, "Hooks({})", names.join(" | "))
    }
}

/// The hooks of an expansion, with its own state and action types.
///
/// Every method has a default that does nothing, so an expansion implements
/// only the points of the turn where it acts, and names them in
/// [`Expansion::hooks`]. Hooks are called in the order
/// the expansions are enabled (sorted by id), one expansion at a time; the
/// changes one asks for are applied before the next is called.
///
/// # Examples
///
/// A whole expansion: one point for every tile a player places, counted in
/// its own state and scored under its own source. A crate would end with
/// `register_expansion!(TALLY)` (and `export_plugin!()` for a dynamic
/// library); here the catalog is built by hand.
///
/// ```
/// use carcassonne_core::board::PlacedTile;
/// use carcassonne_core::expansion::{self, DynExpansion};
/// use carcassonne_core::{BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, Game, GameConfig, Hooks, Rules, TileSource};
/// use std::sync::Arc;
///
/// struct Tally;
///
/// impl Expansion for Tally {
///     type State = u32; // tiles placed so far
///     type Action = (); // it asks for no decisions
///
///     fn setup(&self, _ctx: &mut Ctx<'_>) -> u32 {
///         0
///     }
///
///     fn hooks(&self) -> Hooks {
///         Hooks::TILE_PLACED
///     }
///
///     fn tile_placed(&self, placed: &mut u32, ctx: &mut Ctx<'_>, _tile: PlacedTile) {
///         *placed += 1;
///         let player = ctx.view().turn().player;
///         ctx.score(player, 1, "tiles");
///     }
/// }
///
/// fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
///     Ok(expansion::boxed(Tally))
/// }
///
/// static TALLY: ExpansionInfo = ExpansionInfo {
///     id: "tally",
///     name: "Tally",
///     version: "0.1.0",
///     description: "a point for every tile placed",
///     requires: &[],
///     conflicts: &[],
///     tile_files: &[],
///     variants: &[],
///     figures: &[],
///     parts: &[],
///     score_sources: &["tiles"],
///     score_source_names: &[],
///     attributes: &[],
///     check_attributes: expansion::no_attributes,
///     feature_kinds: &[],
///     edge_kinds: &[],
///     counters: &[],
///     build,
///     ..ExpansionInfo::EMPTY
/// };
///
/// let mut catalog = Catalog::default();
/// catalog.add(&TALLY)?;
/// let mut config = GameConfig::with_players(2);
/// config.expansions = vec!["tally".into()];
/// let mut game = Game::new(Arc::new(Rules::new(&catalog, &config, &TileSource::default())?))?;
/// let mut options = Vec::new();
/// while !game.is_over() {
///     options.clear();
///     game.legal_actions(&mut options);
///     game.play(&options[options.len() - 1])?;
/// }
/// let source = game.rules().score_sources().iter().position(|s| s == "tally.tiles").expect("declared");
/// let tiles_placed: i32 = (0..2).map(|p| game.state().breakdown(p)[source]).sum();
/// assert_eq!(tiles_placed as usize + game.state().discarded().len(), 71, "every drawn tile scored once");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub trait Expansion: Send + Sync + 'static {
    /// The expansion's slice of game state (saved in records' final states,
    /// compared by replays, shown through `public_state`).
    type State: Clone + Debug + PartialEq + Serialize + Send + Sync + 'static;
    /// The decisions it adds, as players choose them.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// Its state at the start of a game; may use the game's RNG.
    fn setup(&self, ctx: &mut Ctx<'_>) -> Self::State;

    /// The turn hooks it implements (see [`Hooks`]); by default all of them.
    fn hooks(&self) -> Hooks {
        Hooks::ALL
    }

    /// Those of its [`hooks`](Expansion::hooks) that matter only on some
    /// turns, known earlier in the turn: the engine calls them only on a
    /// turn when an earlier hook armed them with [`Ctx::arm`] (Fruit Trees'
    /// `after_deploy` offers fruit actions only after a deployment beside a
    /// tree, which its `figure_deployed` sees). By default none: every
    /// declared hook is called at every turn. Only [`Hooks::ARMABLE`] hooks
    /// may be named, all of them among `hooks()`; the game's setup refuses
    /// others. Checked as `hooks()` is: debug builds (tests) call an unarmed
    /// hook too, and a hook that acts on a turn nothing armed it fails the
    /// game with an error saying so.
    fn armed_hooks(&self) -> Hooks {
        Hooks::NONE
    }

    /// Of its [`armed_hooks`](Expansion::armed_hooks), those the engine
    /// arms itself on every turn whose placed tile is of type `tile`, before
    /// `tile_placed` runs: a hook that matters only for some tiles needs no
    /// earlier hook to arm it (Fruit Trees' `tile_placed` matters only for
    /// Tree tiles, so it arms `TILE_PLACED` for them). Asked once per tile
    /// type when a game's rules are built; by default none. Naming a hook
    /// that is not among `armed_hooks()` makes the setup refuse the game.
    fn armed_by_tile(&self, _tile: &TileType) -> Hooks {
        Hooks::NONE
    }

    /// Whether `tile_placed` leaves the deployment decision after a
    /// placement as the board alone gives it: it asks no decision and
    /// deploys, returns or places nothing (scoring, logging, arming later
    /// hooks and changing your own state are fine). Then `Game::moves`
    /// lists a turn's whole moves straight from the board instead of
    /// playing each placement on a copy. Debug builds fail a game whose
    /// `tile_placed` does one of those things all the same. By default
    /// false.
    fn tile_placed_keeps_deployments(&self) -> bool {
        false
    }

    /// Arranges the game's tiles before the first draw, once per game,
    /// after every expansion is built and in hook order: names the start
    /// tile, sets tiles aside, and puts tiles into earlier or later draw
    /// phases (The River: the river tiles first, the lake after them).
    /// By default the start tile is the one named by the last tile set of
    /// an expansion whose rules are on (else the base game's `D`), and the
    /// bag is one phase. Whatever is arranged is derived from the
    /// configuration alone, so records replay exactly.
    fn arrange_tiles(&self, _tiles: &mut TileArrangement<'_>) {}

    /// A turn begins (before the tile is drawn). May `ask` the player for a
    /// decision that replaces the draw (an abbey): make no such offer when
    /// the turn's tile is supplied and mandatory
    /// (`view.turn().supplied`, [`Expansion::supplied_tile`]).
    fn turn_started(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>) {}

    /// Whether `player` holds a tile of this expansion's that they will
    /// place on a turn of their own instead of drawing (a tile bought at a
    /// bazaar, placed from `turn_started`). Asked only when the bag is
    /// empty: at the start of a turn, and when a draw finds it so. While
    /// some player holds a tile the game does not end: a turn starting
    /// with the bag empty goes to the next player in turn order who holds
    /// one (players holding none have no turn), and a turn whose draw finds
    /// the bag empty ends without a tile placed while a player holds one
    /// (another, or this one after an extra turn, which draws). Once nobody holds a tile, or after twice as many turns in a row
    /// without a tile placed as there are players (an expansion that holds
    /// tiles it never places), the game ends. By default false.
    fn holds_tiles(&self, _state: &Self::State, _view: &CoreState, _player: u8) -> bool {
        false
    }

    /// Whether this expansion hands players tiles it holds as the turn's
    /// tile ([`Expansion::supplied_tile`]), and in what words: `Some("the
    /// bought tile")` makes the log say "… takes the bought tile B instead
    /// of drawing" and "… places the bought tile B at …". Asked once when
    /// the game is set up; only expansions that answer `Some` are asked
    /// `supplied_tile`. By default `None`.
    fn supplies_tiles(&self) -> Option<&'static str> {
        None
    }

    /// The tile, if any, that this expansion hands `player` as this turn's
    /// tile instead of a draw from the bag (a tile bought at a bazaar).
    /// Asked when each turn starts, before [`Expansion::turn_started`], of
    /// the expansions whose [`Expansion::supplies_tiles`] is `Some`, in
    /// slot order (the first answer counts). The core then makes it the
    /// turn's tile ([`Event::TileSupplied`], [`Turn::supplied`]) and treats
    /// it as a drawn one: `tile_drawn` hooks, every expansion's vetoes and
    /// relaxations, the placement decision (`Game::moves`, the two-step
    /// listing, bots, hosts), the discard when it fits nowhere (the player
    /// then draws from the bag), the put-aside of a tile that fits only by
    /// an optional relaxation, the `tile_placed` hooks.
    ///
    /// The tile stays in your state until you see what became of it: a
    /// [`SuppliedTile::mandatory`] one is always used up this turn (placed,
    /// discarded, put aside or set aside), so you may let go of it when
    /// [`Event::TileSupplied`] names it (`observe`); one that is not may be
    /// replaced by another expansion's offer (an abbey placed instead:
    /// `Event::TilePlaced` names another tile) and stays yours. Supply
    /// tiles out of the bag: taken with [`Ctx::bury_tile`] (a copy among
    /// [`CoreState::set_aside`] leaves them when supplied, so every tile is
    /// counted once), or of a type not in the bag. By default `None`: the
    /// turn draws.
    ///
    /// [`Turn::supplied`]: crate::state::Turn::supplied
    /// [`SuppliedTile::mandatory`]: crate::SuppliedTile::mandatory
    fn supplied_tile(&self, _state: &Self::State, _view: &CoreState, _player: u8) -> Option<crate::SuppliedTile> {
        None
    }

    /// A tile was drawn for the turn's player.
    fn tile_drawn(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _tile: &TileType) {}

    /// Whether [`placement_allowed`](Expansion::placement_allowed) may
    /// refuse any placement of `tile` at all. Asked once per tile type when
    /// a game's rules are built; the engine asks the veto only about the
    /// types answered true, so a veto that concerns a few types (The
    /// River's river tiles) costs nothing on the placements of every other
    /// tile. By default true. Debug builds ask the veto about the other
    /// types all the same and fail (panic) when it refuses one.
    fn vetoes_tile(&self, _tile: &TileType) -> bool {
        true
    }

    /// Whether [`deployment_allowed`](Expansion::deployment_allowed) may
    /// refuse any deployment after a placement of `tile` at all. Asked
    /// once per tile type when a game's rules are built; the engine asks
    /// the deployment veto only on the turns of the types answered true,
    /// so a veto that concerns a few types (a volcano takes no figure)
    /// costs nothing on the deployments of every other tile. By default
    /// true. Debug builds ask the veto after the other types all the same
    /// and fail (panic) when it refuses a deployment.
    fn vetoes_deployments_after(&self, _tile: &TileType) -> bool {
        true
    }

    /// Whether a placement of `tile` at the empty frontier cell `pos`,
    /// turned by `rotation`, whose edges do not match the neighbours' on
    /// `sides` (a bit per board side, bit 0 north; every other side
    /// matches) is legal all the same by this expansion's rules (a bridge
    /// that will make a field side a road's end). Asked only of
    /// expansions that declare [`Hooks::RELAXED_PLACEMENT`] (the game's
    /// listing of placements costs nothing more otherwise), and only for
    /// placements whose edges fail to match, each mismatched side a pair
    /// of edges some relaxing expansion's [`Expansion::relaxes_edges`]
    /// accepts; such a placement then goes
    /// through every expansion's veto ([`Expansion::placement_allowed`]) as
    /// any other, is listed, checked and sampled with the others, and a
    /// tile whose only placements are such is not discarded.
    ///
    /// The placement joins what matches across its edges; across a
    /// mismatched side nothing joins (a road's end there stays open). The
    /// expansion makes the mismatch good in the same turn, typically with
    /// a decision asked from `tile_placed` (declare `TILE_PLACED`) that
    /// adds the feature it needs ([`Ctx::add_feature`]).
    fn relaxed_placement(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _tile: &TileType,
        _pos: Pos,
        _rotation: Rotation,
        _sides: u8,
    ) -> bool {
        false
    }

    /// Whether this expansion's [`Expansion::relaxed_placement`] may make
    /// good a side where the placed tile's edge `mine` meets a neighbour's
    /// edge `theirs` that it does not match (a field side against a road's
    /// end, which a bridge makes good; a city against a field, which it
    /// cannot). Asked once per pair of the game's edge kinds when the game
    /// is set up, and only of expansions that declare
    /// [`Hooks::RELAXED_PLACEMENT`]: the game then tables, by tile type and
    /// frontier demand, the rotations whose every mismatched side is such a
    /// pair for some relaxing expansion, and asks `relaxed_placement` about
    /// those alone, so that listing placements looks only at the few
    /// squares where a relaxed placement can be. By default true (every
    /// mismatch may be made good: `relaxed_placement` is asked about every
    /// placement whose edges fail to match).
    fn relaxes_edges(&self, _mine: EdgeKind, _theirs: EdgeKind) -> bool {
        true
    }

    /// Whether this expansion's relaxed placements are optional for the
    /// player, and in what words: `Some("a bridge")` says that a tile
    /// fitting only by this expansion's [`Expansion::relaxed_placement`]
    /// may be put aside instead (the player *may* lay a bridge, so a tile
    /// that fits only with one need not be placed). When the drawn tile
    /// has no legal placement whose edges all match, and every placement
    /// whose edges do not is made legal by such an optional relaxation
    /// alone, the placement decision also lists [`Action::Pass`]: the
    /// tile is put aside (logged as "… puts the tile aside: it fits only
    /// with a bridge", the event [`Event::TilePutAside`]) and handled as a
    /// tile that fits nowhere: it joins the discarded tiles and another is
    /// drawn. Asked once when the game is set up, only of expansions that
    /// declare [`Hooks::RELAXED_PLACEMENT`]. By default `None`: a tile
    /// that fits only by the relaxation must be placed.
    ///
    /// [`Action::Pass`]: crate::Action::Pass
    fn optional_relaxation(&self) -> Option<&'static str> {
        None
    }

    /// Veto for a placement that matches edges (asked for every fitting
    /// placement of a tile type `vetoes_tile` names: keep it cheap).
    fn placement_allowed(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _tile: &TileType,
        _pos: Pos,
        _rotation: Rotation,
    ) -> bool {
        true
    }

    /// A tile was placed (by the turn's player, or by an expansion's action).
    fn tile_placed(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _placed: crate::board::PlacedTile) {}

    /// Extra deployment options beyond figures on the tile's features, for
    /// the board once the turn's tile is placed.
    ///
    /// `after` is that board whether the placement was made (the player is
    /// deciding) or is only being considered (a listing of whole moves,
    /// [`Game::moves`](crate::Game::moves), asks about every placement
    /// before any is played). Ask about the board through `after` (the tile
    /// at a position, the feature on a segment, whole features, followers),
    /// not through `after.view()`, which for a considered placement shows
    /// the board without the tile. Answered so, a search bot's listing
    /// stays direct: no copy of the game is played per placement.
    fn deploy_options(&self, _state: &Self::State, _after: &AfterPlacement<'_>, _out: &mut Vec<Deployment>) {}

    /// Whether [`deploy_options`](Expansion::deploy_options) lists
    /// `deployment` on the board `after` the placement just made, answered
    /// without listing: how the engine checks a played deployment that
    /// the core does not offer itself. `None`, the default, makes the
    /// engine list this expansion's offers and look. An expansion offering
    /// many deployments (every open feature of the board) may answer
    /// directly, and must then agree with `deploy_options` exactly: debug
    /// builds compare every check with the whole listing.
    fn offers_deployment(
        &self,
        _state: &Self::State,
        _after: &AfterPlacement<'_>,
        _deployment: &Deployment,
    ) -> Option<bool> {
        None
    }

    /// Veto for a deployment option the engine or an expansion listed, on
    /// the board once the turn's tile is placed (see `deploy_options`).
    fn deployment_allowed(&self, _state: &Self::State, _after: &AfterPlacement<'_>, _deployment: &Deployment) -> bool {
        true
    }

    /// A figure was deployed in the deploy phase.
    fn figure_deployed(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _figure: &PlacedFigure) {}

    /// The deploy phase is over (the player deployed or passed). Extra
    /// decisions asked here (fruit actions) come before scoring.
    fn after_deploy(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _deployed: Option<&PlacedFigure>) {}

    /// Just before the turn's completed features are scored.
    fn before_scoring(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>) {}

    /// A feature was completed by this turn's placement (whether or not
    /// anyone scores it).
    fn feature_completed(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _feature: crate::features::NodeId) {}

    /// Adjusts the points of a feature before they are given (inns,
    /// cathedrals). `complete` is false at final scoring of an unfinished one.
    fn feature_points(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _feature: crate::features::NodeId,
        _complete: bool,
        _points: &mut i32,
    ) {
    }

    /// A feature was scored (also called when nobody won it).
    fn feature_scored(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _scoring: &FeatureScoring) {}

    /// After all of the turn's regular scoring.
    fn after_scoring(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>) {}

    /// The turn is over; the next player is up after this.
    fn end_of_turn(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>) {}

    /// Final scoring, before the core scores features and farms.
    fn final_scoring(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>) {}

    /// Every event the engine applies, after it is applied.
    fn observe(&self, _state: &mut Self::State, _view: &CoreState, _event: &Event) {}

    /// The legal options of a decision this expansion asked `player` for.
    fn options(&self, _state: &Self::State, _view: &CoreState, _player: u8, _out: &mut Vec<Self::Action>) {}

    /// Whether `action` is among the options `options` lists now: how the
    /// engine checks a played action. The default lists the options and
    /// looks; an expansion with many options may answer directly, and must
    /// then agree with `options` exactly.
    fn is_option(&self, state: &Self::State, view: &CoreState, player: u8, action: &Self::Action) -> bool {
        let mut options = Vec::new();
        self.options(state, view, player, &mut options);
        options.contains(action)
    }

    /// One option of a decision this expansion asked `player` for, drawn
    /// uniformly with `rng` (the caller's, never the game's) without listing
    /// them all: sampled playouts ask this before listing. `None`, the
    /// default, makes the caller list the options and pick one. An answer
    /// must be one of the options `options` lists, each equally likely:
    /// sampled playouts play it without checking it again
    /// ([`Game::play_sampled`](crate::Game::play_sampled); debug builds
    /// check it with `is_option`).
    fn sample_option(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _player: u8,
        _rng: &mut GameRng,
    ) -> Option<Self::Action> {
        None
    }

    /// Carries out an option that `options` listed (the engine has checked).
    fn play(&self, _state: &mut Self::State, _ctx: &mut Ctx<'_>, _player: u8, _action: &Self::Action) {}

    /// Why `action` (not among the listed options) is refused, for the
    /// player's error message; `None` gives a generic message.
    fn explain_refusal(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _player: u8,
        _action: &Self::Action,
    ) -> Option<String> {
        None
    }

    /// Why `deployment` (not among the deployment options) is refused, when
    /// this expansion's rules are the reason (a veto in
    /// `deployment_allowed`, or a spot of one of its figures it does not
    /// offer); `None` leaves the engine's own message.
    fn explain_deployment_refusal(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _deployment: &Deployment,
    ) -> Option<String> {
        None
    }

    /// Why a placement `placement_allowed` vetoes is refused, in words for
    /// the player ("the river would turn back on itself"); `None` leaves
    /// the engine's generic message.
    fn explain_placement_refusal(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _tile: &TileType,
        _pos: Pos,
        _rotation: Rotation,
    ) -> Option<String> {
        None
    }

    /// A short label for the pending decision (`"bunny path"`).
    fn decision_label(&self, _state: &Self::State) -> &'static str {
        "expansion decision"
    }

    /// Replaces what players cannot know (face-down stacks, shuffled
    /// orders) by a random arrangement consistent with what they do know.
    /// Bots that look ahead on a copy of the game call it (through
    /// `Game::determinized`) so that they cannot peek. The result must
    /// depend only on public information and `rng` (sort the unseen values
    /// before shuffling them), or a bot's guesses would follow the hidden
    /// order.
    fn resample_hidden(&self, _state: &mut Self::State, _rng: &mut GameRng) {}

    /// Checks what the expansion keeps up from the events that change it
    /// (a tower's height, a farm's size: values held in its state so that a
    /// turn reads them instead of recounting the board) against a recount
    /// from the board as it is now; `Err` says the first difference. The
    /// default keeps nothing up. The test kit's random games and the
    /// invariants harness call it after every decision, alone and with
    /// every other expansion ([`Game::check_kept_up`](crate::Game::check_kept_up)),
    /// so an event the upkeep misses shows as a failing game, not a
    /// wrong option much later.
    fn check_kept_up(&self, _state: &Self::State, _view: &CoreState) -> Result<(), String> {
        Ok(())
    }

    /// The state as everyone may see it (hide what players must not know).
    fn public_state(&self, state: &Self::State) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }

    /// An option of a decision this expansion asked `player` for, in words
    /// for that player: a verb phrase with its effect ("Bunny: 2 hops, east
    /// then south", "Harvest the apple tree"). `None`, the default, makes
    /// front ends show the option's record form (its JSON), which players
    /// cannot read: every expansion with decisions should answer.
    fn option_label(
        &self,
        _state: &Self::State,
        _view: &CoreState,
        _player: u8,
        _action: &Self::Action,
    ) -> Option<String> {
        None
    }

    /// The public state for people, as lines: who holds what ("3 eggs" about
    /// a seat, "Serf: held by" a seat, "12 tokens left") and what is going on
    /// (a bunny phase, the last roll with its die). Hide what `public_state`
    /// hides. Front ends show these lines, and the JSON of `public_state`
    /// only behind a "details" toggle for developers. The default shows
    /// nothing.
    fn present(&self, _state: &Self::State, _view: &CoreState) -> Vec<Line> {
        Vec::new()
    }

    /// Writes the current value of each counter the expansion declares
    /// ([`ExpansionInfo::counters`]) into `out`, naming a counter by its
    /// index in that list; values not written read 0. Public values only,
    /// as in `public_state`. Called for every observation a learning agent
    /// takes, so write what the state holds rather than work it out from
    /// the board. The default writes nothing.
    fn counters(&self, _state: &Self::State, _view: &CoreState, _out: &mut dyn CounterSink) {}

    /// A detail this expansion logged (`Ctx::log`), in words for the turn
    /// log ("rolls 2: the bunny hops twice", with the die). `None`, the
    /// default, makes the log show the detail's JSON.
    fn log_line(&self, _view: &CoreState, _detail: &serde_json::Value) -> Option<Line> {
        None
    }
}

mod counters;
mod erased;
pub(crate) mod worth;

pub(crate) use counters::{Checked, check_decls};
pub use counters::{CounterDecl, CounterPlace, CounterReading, CounterReadings, CounterScope, CounterSink};
pub use erased::{DynExpansion, DynInstance, ErasedAction, ErasedState, boxed};

/// A figure of nobody's was sent into a feature, where majorities and
/// expansions counting players' figures would see it.
#[cold]
fn neutral_in_feature() -> ! {
    panic!("a figure that belongs to nobody stands on a tile or a corner, never in a feature")
}

/// What a hook may use: a read-only view of the game, the game's RNG, and
/// requests for changes that the engine applies when the hook returns.
pub struct Ctx<'a> {
    pub(crate) view: &'a CoreState,
    pub(crate) rng: &'a mut GameRng,
    pub(crate) events: &'a mut Vec<Event>,
    pub(crate) asks: &'a mut Vec<u8>,
    pub(crate) slot: u8,
    pub(crate) narrated: bool,
    /// The hooks this call armed ([`Ctx::arm`]), which the engine notes
    /// when the hook returns.
    pub(crate) armed: Hooks,
    /// Set when a debug build calls an armable hook on a turn nothing
    /// armed it, to check that it does nothing.
    pub(crate) unarmed: bool,
    /// The rules and the other expansions' instances, for
    /// [`Ctx::feature_worth`].
    pub(crate) others: worth::Others<'a>,
}

impl<'a> Ctx<'a> {
    /// The context of one call into the expansion in `slot`: the game as
    /// it stands, and where the requests go.
    pub(crate) fn new(
        view: &'a CoreState,
        rng: &'a mut GameRng,
        events: &'a mut Vec<Event>,
        asks: &'a mut Vec<u8>,
        slot: u8,
        narrated: bool,
        others: worth::Others<'a>,
    ) -> Ctx<'a> {
        Ctx {
            view,
            rng,
            events,
            asks,
            slot,
            narrated,
            armed: Hooks::NONE,
            unarmed: false,
            others,
        }
    }

    /// The game as it stands (changes asked for in this hook are not applied yet).
    pub fn view(&self) -> &CoreState {
        self.view
    }

    /// A uniform number in `0..n` from the game's seeded RNG (n ≥ 1): a
    /// roll of a die, a token drawn from a bag. A caller that chooses the
    /// game's chance outcomes itself (a search's chance nodes,
    /// [`Game::note_rolls`](crate::Game::note_rolls)) may choose it.
    pub fn random_below(&mut self, n: u32) -> u32 {
        self.rng.roll(n)
    }

    /// Gives `points` to `player` under this expansion's score source
    /// `source` (one of its declared `score_sources`).
    pub fn score(&mut self, player: u8, points: i32, source: &str) {
        let source = self.view.tables().score_source(self.slot, source);
        self.events.push(Event::Scored {
            player,
            points,
            source,
            feature: None,
        });
    }

    /// What feature `node` would score for each of its winners if it were
    /// scored now, without changing anything: with `complete` false, as in
    /// the final scoring ("score it as at the end of the game"); with
    /// `complete` true, as when a tile completes it. It is the very
    /// computation the core's scoring uses: the kind's declared scoring
    /// (with the base game's `tiny_city`), then every linked expansion's
    /// `feature_points` in turn (an inn on an unfinished road makes it 0, a
    /// cathedral a city 3 a tile). Not in it: what expansions give on
    /// hearing of a scoring in `feature_scored` (a bonus for the scoring,
    /// not the feature's worth), nor who wins it (`view().majority`).
    ///
    /// The asking expansion's own `feature_points` is left out, as its
    /// state is this hook's to change; one that adjusts points and asks
    /// uses [`feature_worth_with`](Self::feature_worth_with).
    pub fn feature_worth(&self, node: crate::features::NodeId, complete: bool) -> i32 {
        self.feature_worth_with(node, complete, |_, _, _, _| {})
    }

    /// As [`feature_worth`](Self::feature_worth), with the asking
    /// expansion's own adjustment in its place among the others: `own`
    /// calls its `feature_points` on the state the hook holds, as in
    /// `ctx.feature_worth_with(n, false, |view, n, complete, points|
    /// self.feature_points(state, view, n, complete, points))`. It is
    /// called only when the expansion declares `Hooks::FEATURE_POINTS`, as
    /// the scoring calls it.
    pub fn feature_worth_with(
        &self,
        node: crate::features::NodeId,
        complete: bool,
        mut own: impl FnMut(&CoreState, crate::features::NodeId, bool, &mut i32),
    ) -> i32 {
        let others = self.others;
        worth::feature_worth(
            self.view,
            others.tiny_city,
            others.adjusting,
            node,
            complete,
            |slot, points| {
                if slot == self.slot {
                    own(self.view, node, complete, points);
                } else if let Some(instance) = others.instance(slot, self.slot) {
                    instance.feature_points(self.view, node, complete, points);
                }
            },
        )
    }

    /// Scores a feature by this expansion's rule, outside the core's own
    /// scoring (a barn cashing in a farm's farmers): `points` to each of
    /// `winners` under this expansion's score source
    /// `source`; then every expansion hears it in `feature_scored`, with
    /// `moment` [`ScoringMoment::Expansion`], so bonuses that apply
    /// whenever a feature scores (the pig in a farm) apply here too. The
    /// engine carries it out when the hook returns, in order with the
    /// hook's other changes: work out the winners and points now (they are
    /// not worked out again). A `feature_scored` hook that scores a feature
    /// so in turn is refused (the game fails naming the expansion), so
    /// scorings never chain.
    pub fn score_feature(&mut self, feature: crate::features::NodeId, points: i32, winners: &[u8], source: &str) {
        self.push_feature_scoring(feature, points, winners, source, false);
    }

    /// As [`score_feature`](Self::score_feature), for a feature this
    /// expansion's own rule has just completed, which the core does not
    /// see as complete (a kind it never scores, completed when tiles lie
    /// round it in a shape of the expansion's): every expansion hears it
    /// in `feature_scored` with `complete` true, so bonuses paid for a
    /// completed feature (the fairy's 3 points) apply as for any other.
    pub fn score_completed_feature(
        &mut self,
        feature: crate::features::NodeId,
        points: i32,
        winners: &[u8],
        source: &str,
    ) {
        self.push_feature_scoring(feature, points, winners, source, true);
    }

    fn push_feature_scoring(
        &mut self,
        feature: crate::features::NodeId,
        points: i32,
        winners: &[u8],
        source: &str,
        completed_by_rule: bool,
    ) {
        let index = self.view.tables().score_source(self.slot, source);
        let mut mask = 0u8;
        for &w in winners {
            if points != 0 {
                self.events.push(Event::Scored {
                    player: w,
                    points,
                    source: index,
                    feature: Some(feature),
                });
            }
            mask |= 1u8.checked_shl(u32::from(w)).unwrap_or(0);
        }
        self.events.push(Event::FeatureScoredByExpansion {
            slot: self.slot,
            feature,
            kind: self.view.features().kind(feature),
            points,
            winners: mask,
            completed_by_rule,
        });
    }

    /// Adds `count` coats of arms (pennants) to the feature of `node`, as if
    /// printed on its tiles (a token laid on a city): scoring, majorities by
    /// [`Strength::Pennants`](crate::figures::Strength::Pennants) and every
    /// expansion reading [`Features::pennants`](crate::features::Features::pennants)
    /// count them, and the feature keeps them when it joins others.
    pub fn add_pennants(&mut self, node: crate::features::NodeId, count: u32) {
        if count > 0 {
            self.events.push(Event::PennantsChanged {
                slot: self.slot,
                feature: node,
                added: count,
                void: false,
            });
        }
    }

    /// Voids the coats of arms of the feature of `node`: from now on it
    /// counts none (printed or added), nor does any feature it joins later
    /// ([`Features::pennants_void`](crate::features::Features::pennants_void)
    /// says so).
    pub fn void_pennants(&mut self, node: crate::features::NodeId) {
        self.events.push(Event::PennantsChanged {
            slot: self.slot,
            feature: node,
            added: 0,
            void: true,
        });
    }

    /// Joins the features of nodes `a` and `b`, of one kind, into one where
    /// they do not meet across an edge (a tunnel's two openings): each loses
    /// one open side (a road's end that breaks off inside its tile,
    /// `open_ends` in the tile file). A feature this completes is scored
    /// with the turn's completed features: call it before the turn's
    /// scoring (from `after_deploy`, or a decision asked there). The caller
    /// checks that both are of one kind and each has the open side.
    pub fn connect_features(&mut self, a: crate::features::NodeId, b: crate::features::NodeId) {
        self.events.push(Event::FeaturesConnected { slot: self.slot, a, b });
    }

    /// Joins the features of nodes `a` and `b`, of one kind, through ends
    /// that meet inside a tile without using an open side of either (a
    /// ferry between two road ends that otherwise end at its lake): the
    /// join can be taken back with [`unlink_features`](Self::unlink_features).
    /// A feature this completes is scored with the turn's completed
    /// features: call it before the turn's scoring (from `after_deploy`, or
    /// a decision asked there). The caller checks that both are of one kind.
    pub fn link_features(&mut self, a: crate::features::NodeId, b: crate::features::NodeId) {
        self.events.push(Event::FeaturesLinked {
            slot: self.slot,
            a,
            b,
            linked: true,
        });
    }

    /// Takes back a join [`link_features`](Self::link_features) made between
    /// `a` and `b` (nothing when there is none): when nothing else holds
    /// the feature together it splits in two, each part with its own open
    /// sides, coats of arms (voided ones stay voided) and followers, and a
    /// part left with no open side is complete, scored with the turn's
    /// completed features. Rare and slower than a join: the split floods
    /// the feature over the board.
    pub fn unlink_features(&mut self, a: crate::features::NodeId, b: crate::features::NodeId) {
        self.events.push(Event::FeaturesLinked {
            slot: self.slot,
            a,
            b,
            linked: false,
        });
    }

    /// Adds a feature of `kind` to the tile at `pos`, already on the board,
    /// across the centres of `sides` (a bit per board side, bit 0 north,
    /// clockwise: a bridge's road is `0b0101` north–south or `0b1010`
    /// west–east). It is a new feature of that tile (its index follows
    /// the tile's own features: `Spot::Feature` names it, a follower may
    /// stand on it, records name it `kind+SIDES`, `road+NS`), joined to
    /// the feature of its kind across each side; a side facing another
    /// kind or a wall is closed, one facing an empty cell stays open. From
    /// then on those sides show `edge` (`EdgeKind::ROAD`) to placements:
    /// the frontier's demands and later placements' joins see it. The
    /// tile's own features are unchanged: a field under the new road stays
    /// one field (its halves are still the tile's field's).
    ///
    /// A feature this completes is scored with the turn's completed
    /// features: call it before the turn's scoring. Undo, records and
    /// replays know it through [`Event::FeatureAdded`]. The caller checks
    /// that the sides suit (a bridge: field sides) and that the tile is on
    /// the board.
    pub fn add_feature(&mut self, pos: Pos, kind: crate::tiles::FeatureKind, sides: u8, edge: crate::tiles::EdgeKind) {
        self.events.push(Event::FeatureAdded {
            slot: self.slot,
            pos,
            kind,
            sides: sides & 0b1111,
            edge,
        });
    }

    /// Deploys a figure of kind `kind` (index in the game's figure table)
    /// from `owner`'s supply onto `spot` of the tile at `pos`, outside the
    /// deploy phase (a wagon moving on). The caller has checked that the
    /// owner has one in supply and that the spot may take it.
    pub fn deploy_figure(&mut self, owner: u8, kind: u8, pos: Pos, spot: Spot) {
        let pending = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::FigureDeployed { .. }))
            .count() as FigureId;
        self.events.push(Event::FigureDeployed {
            figure: self.view.next_figure_id() + pending,
            owner,
            kind,
            pos,
            spot,
        });
    }

    /// Places a figure of kind `kind` that belongs to nobody (a dragon) on
    /// `spot` of the tile at `pos`: a tile or a corner, never a feature. The
    /// caller has checked that one is off the board
    /// ([`CoreState::neutral_supply`]) and that the spot may take it.
    ///
    /// # Panics
    /// On a feature's spot; the engine reports the panic as this
    /// expansion's failure.
    pub fn place_neutral(&mut self, kind: u8, pos: Pos, spot: Spot) {
        if !matches!(spot, Spot::Tile | Spot::Corner(_)) {
            neutral_in_feature();
        }
        self.deploy_figure(crate::figures::NEUTRAL, kind, pos, spot);
    }

    /// Moves a figure on the board to `spot` of the tile at `pos` (a
    /// neutral figure's move, or any figure an expansion's rules move); a
    /// follower moved into a feature counts there from then on.
    ///
    /// # Panics
    /// When a figure of nobody's would go onto a feature's spot; the engine
    /// reports the panic as this expansion's failure.
    pub fn move_figure(&mut self, figure: FigureId, pos: Pos, spot: Spot) {
        if let Some(f) = self.view.figure(figure) {
            if f.owner == crate::figures::NEUTRAL && !matches!(spot, Spot::Tile | Spot::Corner(_)) {
                neutral_in_feature();
            }
            self.events.push(Event::FigureMoved { figure, pos, spot });
        }
    }

    /// Sends a figure on the board back to its owner's supply (a neutral
    /// one back off the board).
    pub fn return_figure(&mut self, figure: FigureId) {
        if let Some(f) = self.view.figure(figure) {
            self.events.push(Event::FigureReturned {
                figure: f.id,
                owner: f.owner,
                kind: f.kind,
                pos: f.pos,
                spot: f.spot,
            });
        }
    }

    /// Takes a figure on the board into `by`'s hands (a tower's prisoner):
    /// it leaves the board and its feature, and goes to nobody's supply
    /// until [`Ctx::release_figure`]. The caller has checked that the rules
    /// allow it.
    pub fn capture_figure(&mut self, figure: FigureId, by: u8) {
        if let Some(f) = self.view.figure(figure) {
            self.events.push(Event::FigureCaptured {
                figure: f.id,
                owner: f.owner,
                kind: f.kind,
                pos: f.pos,
                spot: f.spot,
                by,
            });
        }
    }

    /// Sends a figure of `owner`'s of kind `kind` that `by` holds back to
    /// `owner`'s supply (exchanged or ransomed); nothing when `by` holds
    /// none such.
    pub fn release_figure(&mut self, owner: u8, kind: u8, by: u8) {
        if self
            .view
            .captives()
            .iter()
            .any(|c| c.owner == owner && c.kind == kind && c.by == by)
        {
            self.events.push(Event::FigureReleased { owner, kind, by });
        }
    }

    /// Asks `player` for a decision of this expansion (its `options` are
    /// offered when the engine reaches it; asks are answered in order).
    pub fn ask(&mut self, player: u8) {
        self.asks.push(player);
    }

    /// Records something the expansion did, for the turn log. Dropped when
    /// the game is not narrated (see `Game::set_narrated`); prefer
    /// [`Ctx::log_with`], which then does not even build the detail.
    pub fn log(&mut self, detail: serde_json::Value) {
        if self.narrated {
            self.events.push(Event::Expansion {
                slot: self.slot,
                detail,
            });
        }
    }

    /// Records what `detail` builds, only when the game is narrated:
    /// `ctx.log_with(|| json!({ "roll": face }))` costs nothing in a
    /// playout.
    #[inline(always)]
    pub fn log_with(&mut self, detail: impl FnOnce() -> serde_json::Value) {
        if self.narrated {
            self.log_narrated(detail);
        }
    }

    // Out of line, so the test above is all a hook carries in a playout
    // (a detail's JSON made it too large to inline).
    #[cold]
    #[inline(never)]
    fn log_narrated(&mut self, detail: impl FnOnce() -> serde_json::Value) {
        self.log(detail());
    }

    /// Has the engine call `hooks` of this expansion when their points come
    /// later in this turn; those among its [`Expansion::armed_hooks`] are
    /// otherwise skipped. Arming lasts until the turn ends. Arming a hook
    /// the expansion does not list there changes nothing (it is called
    /// anyway).
    #[inline]
    pub fn arm(&mut self, hooks: Hooks) {
        self.armed |= hooks;
    }

    /// Whether the game keeps a log (see `Game::set_narrated`).
    pub fn is_narrated(&self) -> bool {
        self.narrated
    }

    /// The player whose turn it is plays again once this turn is over (a
    /// builder's second tile): the next turn, a whole turn with its draw,
    /// placement, deployment and scoring, is theirs. That turn's
    /// [`Turn::extra`](crate::state::Turn::extra) is set, so the rules can
    /// keep it from granting a third. Asked twice in one turn, it is still
    /// one more turn; when the bag is empty the game ends instead.
    pub fn take_another_turn(&mut self) {
        if !self.view.turn().again && !self.events.iter().any(|e| matches!(e, Event::ExtraTurn { .. })) {
            self.events.push(Event::ExtraTurn {
                player: self.view.turn().player,
            });
        }
    }

    /// Sets the tile just drawn aside (from [`Expansion::tile_drawn`]: a
    /// dragon tile drawn before the dragon is in play): it leaves the bag
    /// unplaced ([`CoreState::set_aside`] holds it) and the turn's player
    /// draws again. [`Ctx::return_tile`] puts it back; a tile never put
    /// back stays out of the game. Outside `tile_drawn`, nothing.
    pub fn set_aside_drawn_tile(&mut self) {
        let set_aside = self.events.iter().any(|e| matches!(e, Event::TileSetAside { .. }));
        if let (Some(tile), false) = (self.view.turn().drawn, set_aside)
            && self.view.phase() == crate::state::Phase::Draw
        {
            self.events.push(Event::TileSetAside { tile });
        }
    }

    /// Lets the turn's player deploy once more this turn, one of `figures`
    /// (figure kind indices) from their supply: a second Deploy decision
    /// (with Pass) after this turn's deployment and its `after_deploy`
    /// hooks, before scoring, offering the core's and the expansions'
    /// deployments of those figures only (The Phantom's second follower).
    /// Its `figure_deployed` and `after_deploy` hooks run as after the
    /// first (`view.turn().deploying_more` tells them apart; `after_deploy`
    /// gets the second figure, or the first again after a pass). One offer
    /// a turn: later ones that turn change nothing. Call it from
    /// `figure_deployed` or `after_deploy`.
    pub fn offer_another_deployment(&mut self, figures: &[u8]) {
        let mask = figures
            .iter()
            .fold(0u32, |m, &f| m | 1u32.checked_shl(u32::from(f)).unwrap_or(0));
        if mask != 0 {
            self.events.push(Event::DeploymentOffered { figures: mask });
        }
    }

    /// Takes one more tile from the bag, as a draw would choose it (the next
    /// of a draw order, else at random in the draw phase under way), and
    /// puts it out of play unplaced and unseen: Hills & Sheep's tile under
    /// a hill. It joins the tiles set aside ([`CoreState::set_aside`]);
    /// with the bag empty, nothing. Several calls in one hook take several
    /// tiles.
    pub fn bury_tile(&mut self) {
        let pending = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::TileBuried { .. }))
            .count();
        if pending > 0 {
            // The earlier requests are not applied yet: pick from the bag as
            // it will be after them, on a copy.
            let mut after = self.view.clone();
            for e in self.events.iter().filter(|e| matches!(e, Event::TileBuried { .. })) {
                after.apply(e);
            }
            if let Some(bag_index) = after.pick_from_bag(self.rng) {
                let tile = after.bag()[bag_index as usize];
                self.events.push(Event::TileBuried { tile, bag_index });
            }
            return;
        }
        if let Some(bag_index) = self.view.pick_from_bag(self.rng) {
            let tile = self.view.bag()[bag_index as usize];
            self.events.push(Event::TileBuried { tile, bag_index });
        }
    }

    /// Puts `tile` (by index in the tile table), one set aside
    /// ([`CoreState::set_aside`]), back into the bag among the tiles still
    /// to be drawn in the draw phase under way (drawn at random like them).
    /// A tile not set aside (or already returned by this hook) stays out.
    pub fn return_tile(&mut self, tile: u16) {
        let aside = self.view.set_aside().iter().filter(|&&t| t == tile).count();
        let returned = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::TileReturned { tile: t } if *t == tile))
            .count();
        if returned < aside {
            self.events.push(Event::TileReturned { tile });
        }
    }

    /// Places `tile` (by index in the tile table) for `player` as this turn's
    /// tile, instead of drawing one (abbeys). The caller has checked where.
    pub fn place_tile(&mut self, player: u8, tile: u16, pos: Pos, rotation: Rotation) {
        self.events.push(Event::TilePlaced {
            player: Some(player),
            tile,
            pos,
            rotation,
        });
    }
}
