//! Abbey & Mayor: the abbey tiles and the barn (the mayor and the wagon are
//! not implemented). Rules (digest, "Companion expansions"), each with its
//! module, in the order of the rule page:
//!
//! - **Abbey** (`abbey`). Each player holds one abbey tile. At the start of a
//!   turn, instead of drawing, a player may place it into a hole whose four
//!   sides all touch tiles. Its wall edges match anything and end the
//!   features that reach them; it is then an ordinary placed tile with a
//!   cloister (deployment, scoring as a cloister — all done by the core).
//! - **Barn** — where it stands (`barn`): deployed instead of a follower, on
//!   a corner of the tile just placed where four tiles meet with field on all
//!   four corners, in one farm that holds no barn yet. Farmers may not be
//!   deployed into a farm with a barn.
//! - **Barn** — what it scores (`barn_scoring`): the farmers of its farm at
//!   once score 3 per completed city (to the farm's majority) and return.
//!   When a placement joins a farm holding farmers to a barn's farm, those
//!   farmers score 1 per completed city and return. At game end each barn
//!   scores 4 per completed city of its farm.
//!
//! `state` holds what the expansion remembers; `hooks` builds the rules for
//! a game and calls the modules above from the turn's hooks.

mod abbey;
mod barn;
mod barn_scoring;
mod hooks;
mod state;
mod words;

pub use abbey::{ABBEY_TILE, Action};
pub use barn::{BARN, Barn};
pub use state::State;

use carcassonne_core::{ExpansionInfo, FigureClass, FigureDecl, FigurePlacement, TileFile, register_expansion};

/// The expansion's id, as in configurations and records.
pub const ID: &str = "abbey-and-mayor";

/// Score source of the barns' end-of-game points (`abbey-and-mayor.barn`).
pub const BARN_SOURCE: &str = "barn";

/// Score source of the points farmers make when a barn is placed in their
/// farm or their farm joins a barn's farm (`abbey-and-mayor.farmers`).
pub const FARMERS_SOURCE: &str = "farmers";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Abbey & Mayor (abbey and barn)",
    version: env!("CARGO_PKG_VERSION"),
    description: "Abbeys fill holes in the landscape; barns cash in the farmers of a farm",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "abbey-and-mayor.toml",
        embedded: include_str!("../../../tiles/abbey-and-mayor.toml"),
    }],
    variants: &[],
    figures: &[FigureDecl {
        id: BARN,
        name: "Barn",
        per_player: 1,
        strength: 0,
        class: FigureClass::Special,
        placement: FigurePlacement::ByExpansion,
    }],
    score_sources: &[BARN_SOURCE, FARMERS_SOURCE],
    check_attributes: abbey::check_attributes,
    build: hooks::build,
};

register_expansion!(INFO);
