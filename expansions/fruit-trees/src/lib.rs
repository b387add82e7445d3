//! The Fruit-Bearing Trees (`fruit-trees`), as the project's rules digest
//! states it (section "The Fruit-Bearing Trees"; the public rules are
//! Wikicarpedia's page, quoted in `docs/expansions/fruit-trees.md`). Each rule has its module, in the order
//! of the rule page:
//!
//! - **Material** (`fruit`): six Tree tiles, one per fruit (quince, apple,
//!   apricot, cherry, plum, elder); four tokens per fruit valued 5, 4, 3, 2.
//! - **Placing a Tree tile** (`trees`): setup shuffles each fruit's four
//!   tokens into a face-down stack; placing a Tree tile
//!   (`[tile.fruit-trees] tree = "apple"`) puts its own fruit's stack on it.
//! - **Fruit action** (`actions`): after a follower-class figure is deployed
//!   on the tile just placed, and that tile is a Tree tile or touches one
//!   orthogonally or diagonally, the player may take fruit actions: *harvest*
//!   (top token of a tree within reach, scored at its value) or *sell* (1–4
//!   held tokens of pairwise different fruits for 3 / 6 / 10 / 15). Variant
//!   `actions`: `one` (one action per turn, default: the rule text's "one of
//!   the following two actions") or `per-tree` (one per tree within reach:
//!   the wiki footnote's interpretation).
//! - **Final scoring** (`final_scoring`): 1 point per token still held.
//!
//! `state` holds what the expansion remembers; `hooks` builds the rules for
//! a game and calls the modules above from the turn's hooks.

mod actions;
mod final_scoring;
mod fruit;
mod hooks;
mod state;
mod trees;
mod words;

pub use actions::{Action, ActionsVariant, Pending};
pub use fruit::{Fruit, FruitSet, MAX_SALE, SALE_POINTS, SaleError, TOKEN_VALUES, Token};
pub use state::{Grower, State, TokenCount};
pub use trees::{Tree, tree_of};

use carcassonne_core::{
    CounterDecl, CounterScope, EarlierDefault, ExpansionInfo, ValueKind, VariantDecl, register_expansion,
};

/// What every player sees of the fruit: tokens left on each tree (face
/// down: how many, not their values), tokens each player holds by fruit
/// and their points (held tokens were taken openly), and the stacks not
/// yet on a tree. Written by the `counters` hook, in this order.
pub const COUNTERS: [CounterDecl; 4] = [
    CounterDecl {
        id: "tokens-on-tree",
        label: "Fruit tokens left on the tree",
        scope: CounterScope::Tile,
        values: &[],
        scale: 4,
        mark: "",
        colour: "#c8453a",
    },
    CounterDecl {
        id: "held",
        label: "Fruit tokens held, by fruit",
        scope: CounterScope::Seat,
        values: &Fruit::NAMES,
        scale: 4,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "held-points",
        label: "Points on the fruit tokens held",
        scope: CounterScope::Seat,
        values: &[],
        scale: 20,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "supply",
        label: "Fruit tokens in stacks not yet on a tree, by fruit",
        scope: CounterScope::Game,
        values: &Fruit::NAMES,
        scale: 4,
        mark: "",
        colour: "",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Fruit-Bearing Trees",
    version: env!("CARGO_PKG_VERSION"),
    description: "Tree tiles carry fruit stacks; deploying a follower near a tree lets you harvest or sell fruit",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "fruit-trees.toml",
        "tiles/fruit-trees.toml"
    )],
    variants: &[VariantDecl {
        name: "actions",
        label: "Fruit actions per deployment",
        kind: ValueKind::one_of(&["one", "per-tree"]),
        default: "one",
        description: "fruit actions a qualifying deployment allows: one per turn (the rule text), or one per tree \
                      within reach (the wiki footnote's interpretation)",
        earlier_defaults: &[EarlierDefault {
            until: "0.2.0",
            value: "per-tree",
        }],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[HARVEST, SELL, HELD],
    score_source_names: &["Fruit harvested", "Fruit sold", "Fruit held at the end"],
    attributes: trees::ATTRIBUTES,
    check_attributes: carcassonne_core::expansion::schema_only,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &COUNTERS,
    build: hooks::build,
    companions: &[],
    tile_marks: &[],
    jcz: None,
    group: carcassonne_core::ExpansionGroup::Fan,
    year: 0,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

/// The expansion's id, also the key of its tile attribute table.
pub const ID: &str = "fruit-trees";
/// Score source of harvested token values (`fruit-trees.harvest`).
pub const HARVEST: &str = "harvest";
/// Score source of sold sets (`fruit-trees.sell`).
pub const SELL: &str = "sell";
/// Score source of tokens still held at the end (`fruit-trees.held`).
pub const HELD: &str = "held";
