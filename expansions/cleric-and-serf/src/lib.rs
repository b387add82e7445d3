//! Cleric and Serf, a fan expansion (Novelty, Carcassonne Central), as the
//! rules digest `RULES.md` states it ("Cleric and Serf (fan expansion)").
//! Each rule has its module, in the order of the rule page:
//!
//! - **Cleric** (`cleric`): the player who has scored the most cloisters (and
//!   abbeys) during the game holds it; it changes hands only when a scoring
//!   leaves another player with strictly more.
//! - **Cloister tokens** (`tokens`, 14): one to the player whose placement
//!   completes a cloister or an abbey but who does not score it (variant
//!   `tokens`: `any-completer` gives it whoever scores).
//! - **Serf** (`serf`): with the Abbey & Mayor barn in the game, the placer
//!   of the first barn takes it, and later the placer of a barn that removes
//!   more farmers than the holder's barn did; without a barn, the first
//!   player to deploy a farmer, and later any player whose largest farm
//!   (cities touching it) grows larger than the holder's (variant
//!   `serf_size`: `at-deploy` fixes a farm's size when a farmer is deployed).
//! - **Final scoring** (`final_scoring`): the Serf 1 per farmer on the board
//!   and 5 per barn played; the Cleric 10 + 2 per abbey played; the most
//!   tokens 10, a tie that includes the Cleric's holder going to the holder.
//!
//! No decisions: taking the Cleric or the Serf is not optional (the source
//! says the player "should take" / "receives" the tile). `state` holds what
//! the expansion remembers; `hooks` builds the rules for a game and calls the
//! modules above from the turn's hooks.

mod cleric;
mod final_scoring;
mod hooks;
mod live_farms;
mod serf;
mod state;
mod tokens;
mod words;

pub use cleric::Cleric;
pub use serf::{CityCount, FarmSize, PendingBarn, Serf, SerfRule};
pub use state::State;
pub use tokens::{CLOISTER_TOKENS, CloisterTokens, TokenTaker};

use carcassonne_core::expansion;
use carcassonne_core::{
    CounterDecl, CounterScope, EarlierDefault, ExpansionInfo, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "cleric-and-serf";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Cleric and Serf (fan expansion)",
    version: env!("CARGO_PKG_VERSION"),
    description: "The Cleric for the most cloisters scored, cloister tokens for completing them, the Serf for farmers",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "cleric-and-serf.toml",
        "tiles/cleric-and-serf.toml"
    )],
    variants: &[
        VariantDecl {
            name: "serf",
            label: "Serf rule",
            kind: ValueKind::one_of(&["auto", "barn", "no-barn"]),
            default: "auto",
            description: "which Serf rule: `barn` (needs the Abbey & Mayor barn), `no-barn`, or `auto` \
                          (barn when the barn is in the game)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "serf_cities",
            label: "Cities a Serf farm counts",
            kind: ValueKind::one_of(&["all", "complete"]),
            default: "all",
            description: "no-barn Serf: which cities touching a farm count for its size, `all` \
                          (complete or not) or only `complete` ones",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "serf_size",
            label: "When a farm's size is taken",
            kind: ValueKind::one_of(&["live", "at-deploy"]),
            default: "live",
            description: "no-barn Serf: farms grow as tiles are placed, and after each turn a player whose largest \
                          farm is larger than the holder's takes the Serf (`live`), or a farm's size is taken when \
                          a farmer is deployed into it (`at-deploy`)",
            earlier_defaults: &[EarlierDefault {
                until: "0.2.0",
                value: "at-deploy",
            }],
        },
        VariantDecl {
            name: "tokens",
            label: "Who takes a cloister token",
            kind: ValueKind::one_of(&["non-scorer", "any-completer"]),
            default: "non-scorer",
            description: "who takes a cloister token: the player who completes a cloister or abbey but does not \
                          score it (the source), or the completer whoever scores it",
            earlier_defaults: &[EarlierDefault {
                until: "0.2.0",
                value: "any-completer",
            }],
        },
    ],
    figures: &[],
    parts: &[],
    score_sources: &["cleric", "serf", "tokens"],
    score_source_names: &["Cleric", "Serf", "Cloister tokens"],
    // It prints nothing on tiles: any table under its id is a mistake.
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[
        CounterDecl {
            id: "cleric",
            label: "Holds the Cleric; cloisters scored",
            scope: CounterScope::Seat,
            values: &["holds", "cloisters-scored"],
            scale: 5,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "cloister-tokens",
            label: "Cloister tokens held",
            scope: CounterScope::Seat,
            values: &[],
            scale: 5,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "cloister-token-supply",
            label: "Cloister tokens left in the supply",
            scope: CounterScope::Game,
            values: &[],
            scale: 10,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "serf",
            label: "Holds the Serf",
            scope: CounterScope::Seat,
            values: &[],
            scale: 1,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "serf-record",
            label: "The record the Serf's holder set (farmers removed by a barn, or cities touching the farm)",
            scope: CounterScope::Game,
            values: &[],
            scale: 10,
            mark: "",
            colour: "",
        },
    ],
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
