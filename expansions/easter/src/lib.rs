//! Easter in Carcassonne (fan expansion by Fritz_Spinne, HiG edition 2014),
//! as the rules digest's section "Easter in Carcassonne" states it. Each
//! rule has its module, in the order of the rule page:
//!
//! - **Symbols** (`symbols`): tiles carry an Easter Nest or the Easter Bunny
//!   (`[tile.easter] symbol = "nest"` or `"bunny"`); symbols are not
//!   features.
//! - **Bunny placement** and the **bunny phase** (`bunny`): placing a Bunny
//!   tile puts the bunny on it (variant `bunny_placement`) and, after the
//!   turn, starts a bunny phase: from that tile's placer round the table
//!   once, each player rolls the die (variant `die`) and chooses a path of
//!   exactly that many hops for the bunny (orthogonal steps onto placed
//!   tiles, no tile twice: variant `revisits`); every follower on an entered
//!   tile earns its owner 1 egg. With no path of exactly the roll the bunny
//!   stays and the move is void (variant `short_path`: `longest` walks a
//!   longest path instead). Variant `bunny_phase`: after or before the
//!   turn's regular scoring.
//! - **Easter Nest scoring** (`nests`): when a placement completes the 3×3
//!   block around a nest tile (the nest tile itself may be the last one),
//!   the nest is scored after the turn's regular scoring: 2 eggs to the
//!   placer of the completing tile, then 1 egg per follower on the 9 tiles.
//!   Once per nest.
//! - **Final scoring** (`final_scoring`): 10 points to the player(s) with the
//!   most eggs, 5 to the player(s) with the second-highest count (variant
//!   `second_place`); 0 eggs score nothing.
//! - **What earns eggs** (`eggs`): read from each figure's declaration:
//!   every figure of class `Follower` earns 1 egg (a big follower too, once),
//!   no `Special` figure (barn, builder, pig) ever does.
//!
//! `state` holds what the expansion remembers; `hooks` builds the rules for
//! a game and calls the modules above from the turn's hooks.

mod bunny;
mod eggs;
mod final_scoring;
mod hooks;
mod nests;
mod state;
mod symbols;
mod words;

pub use bunny::{Action, BunnyPhase, MAX_HOPS, Path, Roll, longest_path, paths_of_length};
pub use final_scoring::{FIRST_PLACE_POINTS, SECOND_PLACE_POINTS, final_points};
pub use nests::{CompletedNest, NEST_PLACER_EGGS, OpenNest};
pub use state::State;
pub use symbols::{Symbol, symbol_at, symbol_of};

use carcassonne_core::{
    CounterDecl, CounterScope, EarlierDefault, ExpansionInfo, ValueKind, VariantDecl, expansion, register_expansion,
};

/// The expansion's id, also the key of its tables in tile files.
pub const ID: &str = "easter";

/// The rule variants: every "(choice)" of the digest, HiG edition by default.
pub const VARIANTS: [VariantDecl; 6] = [
    VariantDecl {
        name: "bunny_placement",
        label: "Where the bunny goes",
        kind: ValueKind::one_of(&["bunny-tile", "nest-tile"]),
        default: "bunny-tile",
        description: "where the bunny goes: onto each Bunny tile placed (HiG), or onto the last Nest tile placed \
                      and onto a Bunny tile only while it is off the board (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "bunny_phase",
        label: "Bunny phase and scoring",
        kind: ValueKind::one_of(&["after-scoring", "before-scoring"]),
        default: "after-scoring",
        description: "whether the bunny phase follows the turn's regular scoring (HiG) or comes before it (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "die",
        label: "Die",
        kind: ValueKind::one_of(&["special", "d6"]),
        default: "special",
        description: "the die: faces 1,1,2,2,3,3 (special), or a normal die where 1-2, 3-4, 5-6 give 1, 2, 3 hops",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "second_place",
        label: "Second place's 5 points",
        kind: ValueKind::one_of(&["always", "more-than-two-players"]),
        default: "always",
        description: "whether the 5 points for the second-highest egg count are given always (HiG) or only with \
                      3 or more players (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "short_path",
        label: "No path of the rolled length",
        kind: ValueKind::one_of(&["stay", "longest"]),
        default: "stay",
        description: "when no path of exactly the rolled length exists: the bunny stays and the move is void (the \
                      source: the following players must forgo the movement), or it moves along a longest path",
        earlier_defaults: &[EarlierDefault {
            until: "0.2.0",
            value: "longest",
        }],
    },
    VariantDecl {
        name: "revisits",
        label: "No tile entered twice within",
        kind: ValueKind::one_of(&["move", "phase"]),
        default: "move",
        description: "where the no-revisit rule applies: within one player's move, or through the whole bunny \
                      phase (no tile entered twice, the phase's starting tile included, so dead ends last)",
        earlier_defaults: &[],
    },
];

/// What a player could count at the table: eggs, where the bunny sits,
/// which nests have scored, the hops of the roll awaiting a path. Written
/// by the `counters` hook, in this order.
pub const COUNTERS: [CounterDecl; 4] = [
    CounterDecl {
        id: "eggs",
        label: "Eggs gathered",
        scope: CounterScope::Seat,
        values: &[],
        scale: 20,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "bunny",
        label: "The bunny sits here",
        scope: CounterScope::Tile,
        values: &[],
        scale: 1,
        mark: "B",
        colour: "#b98a5a",
    },
    CounterDecl {
        id: "nest-scored",
        label: "A nest scored already",
        scope: CounterScope::Tile,
        values: &[],
        scale: 1,
        mark: "N",
        colour: "#e0b84a",
    },
    CounterDecl {
        id: "hops",
        label: "Hops the bunny's path must have now",
        scope: CounterScope::Game,
        values: &[],
        scale: 6,
        mark: "",
        colour: "",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Easter in Carcassonne",
    version: env!("CARGO_PKG_VERSION"),
    description: "Easter Nests and the Easter bunny hand out eggs; most eggs score 10, second most 5",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("easter.toml", "tiles/easter.toml")],
    variants: &VARIANTS,
    figures: &[],
    // The final egg award, shown as `easter` in the breakdown. Eggs
    // themselves are not points; they are in the public state.
    parts: &[],
    score_sources: &[""],
    score_source_names: &["Easter eggs"],
    attributes: symbols::ATTRIBUTES,
    check_attributes: expansion::schema_only,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &COUNTERS,
    build: hooks::build,
    companions: &[],
    tile_marks: &[],
    jcz: None,
    group: carcassonne_core::ExpansionGroup::Fan,
    year: 2014,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);
