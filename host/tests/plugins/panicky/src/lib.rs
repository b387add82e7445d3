//! A plugin whose hook panics on the fifth turn: the host must report an
//! error naming the plugin, not crash.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionInfo, register_expansion, toml};

/// Declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: "panicky",
    name: "Panicky (test)",
    version: "0.1.0",
    description: "panics in tile_placed on turn 5",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
carcassonne_core::export_plugin!();

fn check_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Panicky))
}

struct Panicky;

impl Expansion for Panicky {
    type State = u32;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> u32 {
        0
    }

    fn tile_placed(&self, state: &mut u32, ctx: &mut Ctx<'_>, _placed: PlacedTile) {
        *state += 1;
        if ctx.view().turn().number == 5 {
            panic!("the fifth tile is too much");
        }
    }
}
