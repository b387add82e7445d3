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
use carcassonne_core::{BuildContext, CoreState, Ctx, Expansion, ExpansionInfo, FeatureKind, Line, register_expansion};
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

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        let title = |holder: Option<u8>, name: &str, size: u32, what: &str, done: u32, plural: &str| match holder {
            Some(p) => Line::about(
                p,
                format!(
                    "holds the {name}: {what} of {} (worth {done}, one per {plural} completed)",
                    tiles(size)
                ),
            ),
            None => Line::new(format!("The {name}: nobody yet (the first {what} completed takes it)")),
        };
        vec![
            title(
                state.king,
                "King",
                state.king_size,
                "city",
                state.cities_completed,
                "city",
            ),
            title(
                state.robber_baron,
                "Robber Baron",
                state.robber_baron_size,
                "road",
                state.roads_completed,
                "road",
            ),
        ]
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let size = detail.get("size")?.as_u64()? as u32;
        let (title, what) = if let Some(p) = detail.get("king").and_then(serde_json::Value::as_u64) {
            (("King", p), "city")
        } else {
            (("Robber Baron", detail.get("robber-baron")?.as_u64()?), "road")
        };
        Some(Line::about(
            title.1 as u8,
            format!("takes the {}: the largest {what} so far ({})", title.0, tiles(size)),
        ))
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

/// "1 tile", "9 tiles".
fn tiles(n: u32) -> String {
    if n == 1 { "1 tile".into() } else { format!("{n} tiles") }
}
