//! The Wells (docs/expansions/wells.md), a fan expansion by meepleater with
//! Novelty: wells printed beside roads, each worth a point to the road.
//!
//! "Each tile in a completed road is worth as usual 1 point. In addition,
//! each well is worth 1 point." The same at the end for an unfinished
//! road. With Inns & Cathedrals' inns on, a completed road with an inn
//! scores 2 a well, and an unfinished one with an inn nothing (as that
//! expansion's `final_scoring` variant says). Abbey & Mayor's roundabout
//! carries a well too: a mark this crate prints on that set's tile
//! (`tiles/wells-marks.toml`), applied only while both are on; so do six of
//! Village Life's tiles (`tiles/wells-marks-village-life.toml`).
//!
//! Written with the authoring kit only: a road attribute, a marks file,
//! companions, and one hook.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, ValueKind, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "wells";

/// The companion whose inns double the wells.
const INNS: &str = "inns-and-cathedrals";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Wells",
    version: env!("CARGO_PKG_VERSION"),
    description: "Wells beside roads: each adds a point to its road's score",
    tile_files: &[carcassonne_core::tile_file!("wells.toml", "tiles/wells.toml")],
    tile_marks: &[
        carcassonne_core::tile_file!("wells-marks.toml", "tiles/wells-marks.toml"),
        carcassonne_core::tile_file!("wells-marks-village-life.toml", "tiles/wells-marks-village-life.toml"),
    ],
    companions: &[INNS],
    attributes: &[AttributeDecl {
        key: "count",
        on: &[AttributePlace::Road],
        kind: ValueKind::integer(1, 4),
        required: true,
        description: "wells printed beside this road on this tile, a point each",
    }],
    check_attributes: expansion::schema_only,
    build,
    group: ExpansionGroup::Fan,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let table = |t: &TileType, fi: usize, id: &str| t.def.features.get(fi).and_then(|f| f.attributes.get(id).cloned());
    let per_tile = ctx
        .tiles
        .iter()
        .map(|t| {
            (0..t.def.features.len())
                .map(|fi| {
                    let wells = table(t, fi, ID)
                        .and_then(|v| v.get("count").and_then(|n| n.as_integer()))
                        .unwrap_or(0) as i32;
                    let inn = table(t, fi, INNS)
                        .and_then(|v| v.get("inn").and_then(|b| b.as_bool()))
                        .unwrap_or(false);
                    (wells, inn)
                })
                .collect()
        })
        .collect();
    // "With Inns & Cathedrals a well adds 2 points to a completed road with
    // inn, but zero points when the road with the inn is incomplete at the
    // end of the game" — while its inns are on, and as its final scoring
    // says (`ignore`: an unfinished inn road scores as any road).
    let inns = ctx.companion(INNS).filter(|ic| ic.part_on("inns"));
    Ok(expansion::boxed(Wells {
        per_tile,
        inns: inns.is_some(),
        unfinished_inns_score: inns.is_some_and(|ic| ic.variant_word("final_scoring") == Some("ignore")),
    }))
}

/// The rules of one game.
struct Wells {
    /// By tile index and feature index: wells beside that road, and whether
    /// it shows an inn.
    per_tile: Vec<Vec<(i32, bool)>>,
    /// Inns & Cathedrals' inns are on.
    inns: bool,
    /// Its `final_scoring = "ignore"`: an unfinished road with an inn
    /// scores as any road, wells included.
    unfinished_inns_score: bool,
}

impl Expansion for Wells {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_POINTS
    }

    fn feature_points(&self, _: &(), view: &CoreState, feature: NodeId, complete: bool, points: &mut i32) {
        if view.features().kind(feature) != FeatureKind::ROAD {
            return;
        }
        let (mut wells, mut inn) = (0, false);
        for member in view.features().members(feature) {
            let tile = view.tile_of_node(member).tile as usize;
            if let Some(&(w, i)) = self.per_tile.get(tile).and_then(|t| t.get(view.feature_index(member))) {
                wells += w;
                inn |= i;
            }
        }
        if wells == 0 {
            return;
        }
        let per_well = match (self.inns && inn, complete) {
            (false, _) => 1,
            (true, true) => 2,
            (true, false) if self.unfinished_inns_score => 1,
            (true, false) => 0,
        };
        *points += per_well * wells;
    }
}
