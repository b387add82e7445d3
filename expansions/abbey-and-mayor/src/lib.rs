//! Abbey & Mayor: the abbey tiles, the barn, the mayor, the wagon and the
//! box's 12 land tiles (`tiles/abbey-and-mayor.toml`, data only). Rules (digest, "Companion
//! expansions", and JCloisterZone's rules for what the digest leaves out),
//! each with its module, in the order of the rule page:
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
//!   scores 4 per completed city of its farm. The variant `barn_placement`
//!   (JCloisterZone's `barn-placement`) may allow a barn into a farm that
//!   holds one (`occupied`).
//! - **Mayor** (no module: a declaration). A follower deployed only in a
//!   city, whose strength in the city's majority is the number of pennants
//!   in that city (0 without: a city whose strongest player has strength 0
//!   scores for nobody). The core's majority reads `Strength::Pennants`.
//! - **Wagon** (`wagon`). A follower on a road, city or cloister. When its
//!   feature is scored complete, its owner may move it on to an unfinished,
//!   unoccupied road, city or cloister on the tile it stood on or on one of
//!   the eight round it (variant `wagon_move = C2`, the 2nd edition), or to
//!   one connected to the scored feature as the tiles draw it (`C1`, the
//!   1st edition: the tile format's `leads_into`), decided after the turn's
//!   scoring from the turn's player round the table.
//!
//! Each of the four is a part a game may switch off on its own
//! (`[parts.abbey-and-mayor]`, JCloisterZone's separate game elements): a
//! part that is off brings neither its figure nor its hooks.
//!
//! `state` holds what the expansion remembers; `hooks` builds the rules for
//! a game and calls the modules above from the turn's hooks.

mod abbey;
mod barn;
mod barn_scoring;
mod hooks;
mod state;
mod wagon;
mod words;

pub use abbey::ABBEY_TILE;
pub use barn::{BARN, Barn};
pub use state::State;
pub use wagon::{ReturnedWagon, WAGON, WagonMove};

use carcassonne_core::Pos;
use carcassonne_core::{
    CounterDecl, CounterScope, ExpansionInfo, FigureClass, FigureDecl, FigurePlacement, PartDecl, Recall, Strength,
    ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// Id of the mayor figure.
pub const MAYOR: &str = "mayor";

/// Part id of the abbeys (`[parts.abbey-and-mayor] abbey = false`).
pub const PART_ABBEY: &str = "abbey";
/// Part id of the barn.
pub const PART_BARN: &str = "barn";
/// Part id of the mayor.
pub const PART_MAYOR: &str = "mayor";
/// Part id of the wagon.
pub const PART_WAGON: &str = "wagon";

/// The decisions the expansion asks. Records write them under the
/// expansion's id: `{"abbey-and-mayor": "draw"}`,
/// `{"abbey-and-mayor": {"abbey": [x, y]}}`,
/// `{"abbey-and-mayor": {"wagon": {"at": [x, y], "feature": "road:E"}}}`,
/// `{"abbey-and-mayor": "keep-wagon"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// At the start of a turn: draw a tile as usual (keep the abbey).
    Draw,
    /// At the start of a turn: place the abbey into the hole at this
    /// position instead of drawing.
    Abbey(Pos),
    /// After scoring: move the scored wagon on to this feature.
    Wagon(WagonMove),
    /// After scoring: leave the scored wagon in supply.
    KeepWagon,
}

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
    name: "Abbey & Mayor",
    version: env!("CARGO_PKG_VERSION"),
    description: "Abbeys fill holes in the landscape; barns cash in the farmers of a farm; the mayor is as strong \
                  as its city's pennants; the wagon moves on when its feature is scored",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "abbey-and-mayor.toml",
        "tiles/abbey-and-mayor.toml"
    )],
    variants: &[
        VariantDecl {
            name: "barn_placement",
            label: "Barn into a farm that has one",
            kind: ValueKind::OneOf {
                values: &["not-occupied", "occupied"],
            },
            default: "not-occupied",
            description: "whether a barn may be deployed into a farm that already holds one: `not-occupied` no \
                          (the official rules), `occupied` yes (JCloisterZone's barn-placement)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "wagon_move",
            label: "Where a scored wagon moves",
            kind: ValueKind::OneOf { values: &["C2", "C1"] },
            default: "C2",
            description: "where a scored wagon may move on: `C2` a feature on its tile or the eight round it (2nd \
                          edition), `C1` a feature connected to the scored one, on any of its tiles: a road into \
                          a city's gate or a cloister, roads at a crossing, as the tiles draw them (1st edition; \
                          JCloisterZone's wagon-move)",
            earlier_defaults: &[],
        },
    ],
    figures: &[
        FigureDecl {
            id: BARN,
            name: "Barn",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(0),
            class: FigureClass::Special,
            placement: FigurePlacement::ByExpansion,
            recall: Recall::Never,
            neutral: 0,
        },
        FigureDecl {
            id: MAYOR,
            name: "Mayor",
            per_player: 1,
            by_players: &[],
            strength: Strength::Pennants,
            class: FigureClass::Follower,
            placement: FigurePlacement::OnFeatures(&["city"]),
            recall: Recall::Never,
            neutral: 0,
        },
        FigureDecl {
            id: WAGON,
            name: "Wagon",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(1),
            class: FigureClass::Follower,
            placement: FigurePlacement::OnFeatures(&["road", "city", "cloister"]),
            recall: Recall::Never,
            neutral: 0,
        },
    ],
    // JCloisterZone's game elements `abbey`, `barn`, `mayor`, `wagon`: a
    // game may have any of them without the others.
    parts: &[
        PartDecl {
            id: PART_ABBEY,
            name: "Abbeys",
            description: "each player holds an abbey tile to place into a hole instead of drawing",
            figures: &[],
        },
        PartDecl {
            id: PART_BARN,
            name: "Barn",
            description: "a barn on a field corner cashes in the farm's farmers and scores the farm at the end",
            figures: &[BARN],
        },
        PartDecl {
            id: PART_MAYOR,
            name: "Mayor",
            description: "a follower in a city as strong as the city's pennants",
            figures: &[MAYOR],
        },
        PartDecl {
            id: PART_WAGON,
            name: "Wagon",
            description: "a follower that moves on to a nearby unfinished feature when its own scores",
            figures: &[WAGON],
        },
    ],
    score_sources: &[BARN_SOURCE, FARMERS_SOURCE],
    score_source_names: &["Barns", "Farmers cashed in"],
    attributes: abbey::ATTRIBUTES,
    check_attributes: abbey::check_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[CounterDecl {
        id: "abbeys",
        label: "Abbey tiles still held",
        scope: CounterScope::Seat,
        values: &[],
        scale: 1,
        mark: "",
        colour: "",
    }],
    build: hooks::build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BigBox,
    year: 2007,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);
