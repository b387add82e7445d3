//! Fishermen (docs/expansions/fishermen.md), a fan expansion played on The
//! River (with The River II too, if wanted): followers stand on the river as fishermen, and a
//! river is scored like a road, 2 points a tile when it is complete (from
//! spring, lake or fork to spring, lake or fork) and 1 a tile still open at
//! the end. The river tiles, spring and lakes among them, are shuffled into
//! the bag with the other tiles, and the base game's start tile starts.
//!
//! No rule sheet of Fishermen itself is stored; the fan sets made for it
//! state its rules in passing (Swan Lake: "When a completed river with at
//! least one swan is scored, each tile with a river segment scores 3 points
//! instead of 2 point"; Fish Huts: "Shuffle the tiles together with the rest
//! of the tiles"), and FanCloisterZone plays it so.
//!
//! Written with the authoring kit only, and with no rule of its own in
//! code: it refines The River's river kind (`refines`: scored by its tiles,
//! occupiable, inviting followers) and switches the river sets' course off
//! (`parts_off`); the core then completes, scores and offers the river as
//! it does a road, and every other expansion hears of it as of any scored
//! feature.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::tiles::{FeatureKindDecl, KindScoring, KindShape};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionGroup, ExpansionInfo, PartOff, register_expansion};

/// The expansion's id.
pub const ID: &str = "fishermen";

/// The river as Fishermen plays it: The River's kind (a path along the
/// centre of sides), scored by its tiles like a road, "2 points" a tile
/// complete (Swan Lake: "each tile with a river segment scores 3 points
/// instead of 2 point") and 1 a tile open at the end (FanCloisterZone's
/// `River`), with no pennants; followers stand on it as fishermen.
pub const FISHED_RIVER: FeatureKindDecl = FeatureKindDecl {
    name: "river",
    label: "river",
    shape: KindShape::Path,
    scoring: KindScoring::Tiles {
        complete: 2,
        open: 1,
        pennant_complete: 0,
        pennant_open: 0,
    },
    occupiable: true,
    invites: &["follower"],
    source: ID,
    colour: "#4a90c8",
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Fishermen",
    version: env!("CARGO_PKG_VERSION"),
    description: "Followers fish the river, scored like a road (2 a tile complete, 1 open at the end); the river \
                  tiles are shuffled into the bag and the base start tile starts",
    // Played on a river: The River's, with The River II's as well if it is
    // on (the two make one river). Required, as Fish Huts requires it, so
    // that every tool that enables an expansion with its requirements
    // (the random-game harness, Python) makes a game of it.
    requires: &["river"],
    companions: &["river-ii"],
    refines: &[FISHED_RIVER],
    // "The tiles are placed in accordance to the fan-made Fishermen
    // expansion rules": shuffled in, with no course to follow.
    parts_off: &[
        PartOff {
            expansion: "river",
            part: "course",
        },
        PartOff {
            expansion: "river-ii",
            part: "course",
        },
    ],
    score_sources: &[""],
    score_source_names: &["Rivers"],
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Fan,
    year: 0,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Fishermen))
}

/// The rules of one game: none in code (the declaration says them all).
struct Fishermen;

impl Expansion for Fishermen {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }
}
