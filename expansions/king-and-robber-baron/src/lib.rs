//! King & Robber Baron (see the rules digest, "Companion expansions").
//!
//! The King goes to the player who completes a city larger (in tiles) than
//! every city completed before it; the Robber Baron likewise for roads. A
//! city or road only as large as the largest so far leaves the tile where
//! it is. At the end of the game the King's holder scores 1 point for every
//! city completed during the game, the Robber Baron's holder 1 point for
//! every road.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json;
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionInfo, FeatureKind, register_expansion};
use serde::{Deserialize, Serialize};

/// The expansion's id.
pub const ID: &str = "king-and-robber-baron";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "King & Robber Baron",
    version: env!("CARGO_PKG_VERSION"),
    description: "The King and the Robber Baron reward whoever completes the largest city and road",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[],
    score_sources: &["king", "robber-baron"],
    // It prints nothing on tiles: any table under its id is a mistake.
    attributes: &[],
    check_attributes: expansion::no_attributes,
    build,
};

register_expansion!(INFO);

fn build(_ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(KingAndRobberBaron))
}

/// The rules for one game (the expansion has no variants).
struct KingAndRobberBaron;

/// Who holds the two tiles and what they were won with. Everything here is
/// public.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// The King's holder, once a city has been completed.
    pub king: Option<u8>,
    /// Tiles in the largest city completed so far (0 before the first).
    pub king_size: u32,
    /// The Robber Baron's holder, once a road has been completed.
    pub robber_baron: Option<u8>,
    /// Tiles in the largest road completed so far (0 before the first).
    pub robber_baron_size: u32,
    /// Cities completed during the game (what the King scores at the end).
    pub cities_completed: u32,
    /// Roads completed during the game (what the Robber Baron scores at the end).
    pub roads_completed: u32,
}

/// King & Robber Baron asks no decisions: this type has no values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {}

impl Expansion for KingAndRobberBaron {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_COMPLETED | Hooks::FINAL_SCORING
    }

    // The completer is the player whose placement closed the feature, whether
    // or not they (or anyone) have followers in it.
    fn feature_completed(&self, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
        let view = ctx.view();
        let kind = view.features().kind(feature);
        let (holder, record, count, title) = match kind {
            FeatureKind::City => (
                &mut state.king,
                &mut state.king_size,
                &mut state.cities_completed,
                "king",
            ),
            FeatureKind::Road => (
                &mut state.robber_baron,
                &mut state.robber_baron_size,
                &mut state.roads_completed,
                "robber-baron",
            ),
            FeatureKind::Field | FeatureKind::Cloister => return,
        };
        *count += 1;
        let size = view.features().tile_count(feature);
        if size > *record {
            let player = view.turn().player;
            *record = size;
            *holder = Some(player);
            ctx.log_with(|| serde_json::json!({ title: player, "size": size }));
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if let Some(player) = state.king
            && state.cities_completed > 0
        {
            ctx.score(player, state.cities_completed as i32, "king");
        }
        if let Some(player) = state.robber_baron
            && state.roads_completed > 0
        {
            ctx.score(player, state.roads_completed as i32, "robber-baron");
        }
    }
}
