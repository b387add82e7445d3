//! A plugin that exports its declaration but forgot `register_expansion!`:
//! the host must say so, not load nothing without a word.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionInfo, toml};

/// Declaration, never registered.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: "forgotten",
    name: "Forgotten (test)",
    version: "0.1.0",
    description: "declared and exported, never registered",
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

carcassonne_core::export_plugin!();

fn check_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Forgotten))
}

struct Forgotten;

impl Expansion for Forgotten {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}
}
