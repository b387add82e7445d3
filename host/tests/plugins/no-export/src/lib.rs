//! An expansion crate built as a library that registers its expansion but
//! forgot `export_plugin!`: the host must say what is missing.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionInfo, register_expansion, toml};

/// Declaration, registered but never exported.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: "forgotten",
    name: "Forgotten (test)",
    version: "0.1.0",
    description: "registered, never exported",
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
