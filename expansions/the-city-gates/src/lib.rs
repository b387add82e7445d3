//! The City Gates (docs/expansions/the-city-gates.md), PresetM's fan
//! expansion that Hans im Glück published as a print-and-play in 2015:
//! city gates on tile edges, and a small walled city worth a fixed 4.
//!
//! "On the side of a tile, on which there is a city gate, either a field or
//! a road may be placed. It is also allowed to place another city gate. In
//! this case, the 2 cities are not connected by the city gates." The gate
//! is a kind of edge, declared as data: a field, the gate, a field, which
//! meets a road, a field or another gate but never a city. The gate itself
//! is a feature kind nobody stands on and nothing scores; where it meets a
//! road the road ends ("a road is also limited by a city gate"), as the
//! core ends any feature that meets one of another kind across edges that
//! match. The city behind a gate does not reach that side, so the gate
//! closes it. The walled city of the tile with four gates lies inside the
//! tile, complete when placed, and scores `the-city-gates = { points = 4 }`
//! (`feature_points`).
//!
//! Written with the authoring kit only: an edge kind, a feature kind, a
//! city attribute and one hook.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching,
};
use carcassonne_core::{
    BuildContext, CoreState, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, ValueKind, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-city-gates";

/// The gate on a tile's edge: it lies at the side's centre, like a road;
/// nobody stands on it and it never scores.
pub const GATE_FEATURE: FeatureKindDecl = FeatureKindDecl {
    name: "city-gate",
    label: "city gate",
    shape: KindShape::Path,
    scoring: KindScoring::None,
    // "No followers are placed on the city gates on the edge of the tile."
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#8c6a43",
};

/// A side with a gate: field, gate, field. It meets a road (which ends at
/// the gate), a field or another gate, never a city.
pub const GATE_EDGE: EdgeKindDecl = EdgeKindDecl {
    name: "gate",
    letter: 'G',
    label: "city gate",
    segments: &["field", "city-gate", "field"],
    matching: Matching::Also(&["road", "field"]),
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The City Gates",
    version: env!("CARGO_PKG_VERSION"),
    description: "City gates that meet roads, fields and other gates but never a city, and a walled city worth 4",
    tile_files: &[carcassonne_core::tile_file!(
        "the-city-gates.toml",
        "tiles/the-city-gates.toml"
    )],
    attributes: &[AttributeDecl {
        key: "points",
        on: &[AttributePlace::City],
        kind: ValueKind::integer(1, 20),
        required: true,
        description: "a city inside the tile, walled by its gates, scores these points when completed",
    }],
    check_attributes: expansion::schema_only,
    feature_kinds: &[GATE_FEATURE],
    edge_kinds: &[GATE_EDGE],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Fan,
    year: 2015,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let fixed = ctx
        .tiles
        .iter()
        .map(|t| {
            t.def
                .features
                .iter()
                .map(|f| {
                    f.attributes
                        .get(ID)
                        .and_then(|v| v.get("points"))
                        .and_then(|v| v.as_integer())
                        .map(|p| p as i32)
                })
                .collect()
        })
        .collect();
    Ok(expansion::boxed(CityGates { fixed }))
}

/// The rules of one game.
struct CityGates {
    /// By tile index and feature index: the fixed points of a walled city.
    fixed: Vec<Vec<Option<i32>>>,
}

impl Expansion for CityGates {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_POINTS
    }

    fn feature_points(&self, _: &(), view: &CoreState, feature: NodeId, complete: bool, points: &mut i32) {
        if !complete || view.features().kind(feature) != FeatureKind::CITY {
            return;
        }
        // A walled city reaches no side, so it is alone in its feature:
        // one node, whose tile says its value.
        if view.features().node_count(feature) != 1 {
            return;
        }
        let node = view.features().root(feature);
        let tile = view.tile_of_node(node).tile as usize;
        if let Some(Some(fixed)) = self.fixed.get(tile).and_then(|t| t.get(view.feature_index(node))) {
            *points = *fixed;
        }
    }
}
