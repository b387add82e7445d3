//! The River II (docs/expansions/river.md): a river with a fork, placed
//! first after the spring, and two lakes: one with a city, shuffled with the
//! other river tiles, and one with a volcano, drawn last.
//!
//! Its river is The River's (`carcassonne-river` declares the kinds and the
//! placement rules both sets share); with both on there is one river, with
//! this set's spring and The River's lake left out. Its tie-ins with
//! expansions this project does not have yet (the volcano of The Princess &
//! the Dragon, the pig-herd of Traders & Builders) are attributes of its
//! own that change nothing until those exist; the inn is Inns & Cathedrals'
//! own attribute, a plain road while that expansion's rules are off.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace};
use carcassonne_core::{BuildContext, ExpansionInfo, ValueKind, register_expansion};
use carcassonne_river::{COURSE, ROLE, RiverRules, RiverSet, START_TILE, U_TURN};
// The inn on RV2-7 is Inns & Cathedrals' attribute: linked so its schema is
// in every catalog this expansion is in.
use carcassonne_inns_and_cathedrals as _;

/// The expansion's id.
pub const ID: &str = "river-ii";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The River II",
    version: env!("CARGO_PKG_VERSION"),
    description: "A river with a fork and two lakes, placed before the other tiles",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("river-ii.toml", "tiles/river-ii.toml")],
    variants: &[START_TILE, U_TURN],
    figures: &[],
    parts: &[COURSE],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[
        ROLE,
        AttributeDecl {
            key: "volcano",
            on: &[AttributePlace::Tile],
            kind: ValueKind::Bool,
            required: false,
            description: "the lake has The Princess & the Dragon's volcano (no effect until that expansion exists)",
        },
        AttributeDecl {
            key: "pig-herd",
            on: &[AttributePlace::Field],
            kind: ValueKind::Bool,
            required: true,
            description: "the field has Traders & Builders' pig-herd (no effect until that expansion exists)",
        },
    ],
    check_attributes: expansion::schema_only,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::Mini,
    year: 2005,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    // Its spring starts the river whether or not The River is on; The
    // River drops its own spring and lake when this set is on.
    Ok(expansion::boxed(RiverRules::new(ctx, ID, RiverSet { dropped: &[] })?))
}
