//! "Barn" — what it scores: placing it, the farmers of its farm score 3 per
//! completed city (to the farm's majority) and return; when a placement
//! joins a farm holding farmers to a barn's farm, those farmers score 1 per
//! completed city and return; at game end each barn scores 4 per completed
//! city of its farm.

use crate::barn::{barn_farm_node, is_follower, prune_barns};
use crate::{BARN_SOURCE, Barn, FARMERS_SOURCE, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{CORNER_NAMES, FigureId, PlacedFigure, Spot};
use carcassonne_core::{CoreState, Ctx, serde_json};

/// Points per completed city for farmers when a barn is placed in their farm.
const BARN_PLACED_PER_CITY: i32 = 3;
/// Points per completed city for farmers whose farm joins a barn's farm.
const FARM_JOINED_PER_CITY: i32 = 1;
/// Points per completed city for a barn at game end.
const BARN_FINAL_PER_CITY: i32 = 4;

/// Completed cities touching the farm of `node`.
fn completed_cities(view: &CoreState, node: NodeId) -> i32 {
    view.cities_of_field(node)
        .iter()
        .filter(|&&c| view.is_complete(c))
        .count() as i32
}

/// Scores the farmers of `farm` (`per_city` a completed city, to the
/// majority) and sends them back. The farm is scored through the core
/// (`score_feature`), so every expansion hears of it as of any scored
/// farm: Traders & Builders' pig adds its point per city here too.
/// Returns (farmers returned, points, winners).
fn cash_in_farmers(ctx: &mut Ctx<'_>, farm: NodeId, per_city: i32) -> (usize, i32, Vec<u8>) {
    let view = ctx.view();
    // Asked after every turn of a barn's farm, which mostly holds no
    // farmer: the core counts the followers in each feature (a farmer is a
    // follower in a field), so look before scanning the figures.
    if view.features().followers(farm) == 0 {
        return (0, 0, Vec::new());
    }
    let farmers: Vec<FigureId> = view
        .figures_in(farm)
        .filter(|f| is_follower(view, f.kind))
        .map(|f| f.id)
        .collect();
    let winners = view.majority(farm);
    let points = per_city * completed_cities(view, farm);
    ctx.score_feature(farm, points, &winners, FARMERS_SOURCE);
    for &id in &farmers {
        ctx.return_figure(id);
    }
    (farmers.len(), points, winners)
}

/// A barn was deployed: its farm's farmers are cashed in.
pub(crate) fn barn_placed(state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
    if Some(figure.kind) != state.barn_figure {
        return;
    }
    let Spot::Corner(corner) = figure.spot else {
        return;
    };
    let Some(farm) = barn_farm_node(ctx.view(), figure.pos, corner) else {
        return;
    };
    let (returned, points, winners) = cash_in_farmers(ctx, farm, BARN_PLACED_PER_CITY);
    let corner = CORNER_NAMES[corner as usize % 4];
    ctx.log_with(|| {
        serde_json::json!({
            "barn": [figure.pos.x, figure.pos.y],
            "corner": corner,
            "farmers_returned": returned,
            "points": points,
            "to": winners,
        })
    });
    state.barns.push(Barn {
        figure: figure.id,
        owner: figure.owner,
        at: figure.pos,
        corner,
        farm,
    });
}

// After the turn's own scoring, so the join pays for every city this
// placement completed as well (the digest gives no moment; see the docs).
/// Farmers whose farm joined a barn's farm this turn are cashed in.
pub(crate) fn farms_joined(state: &mut State, ctx: &mut Ctx<'_>) {
    prune_barns(state, ctx.view());
    let mut farms: Vec<NodeId> = Vec::new();
    for b in &state.barns {
        let root = ctx.view().features().root(b.farm);
        if !farms.contains(&root) {
            farms.push(root);
        }
    }
    for farm in farms {
        let (returned, points, winners) = cash_in_farmers(ctx, farm, FARM_JOINED_PER_CITY);
        if returned > 0 {
            let barns: Vec<[i32; 2]> = state
                .barns
                .iter()
                .filter(|b| ctx.view().features().root(b.farm) == farm)
                .map(|b| [b.at.x, b.at.y])
                .collect();
            ctx.log_with(|| {
                serde_json::json!({
                    "joined_barn_farm": barns,
                    "farmers_returned": returned,
                    "points": points,
                    "to": winners,
                })
            });
        }
    }
}

/// Each farm with barns scores its completed cities once for each player
/// with a barn in it: a special figure does not stack, so two barns of one
/// player in one farm (farms that joined, or `[figures] barn = 2`) pay
/// that player once, as JCloisterZone does.
pub(crate) fn final_barns(state: &mut State, ctx: &mut Ctx<'_>) {
    prune_barns(state, ctx.view());
    let mut paid: Vec<(NodeId, u8)> = Vec::new();
    for b in &state.barns {
        let farm = ctx.view().features().root(b.farm);
        if paid.contains(&(farm, b.owner)) {
            continue;
        }
        paid.push((farm, b.owner));
        let points = BARN_FINAL_PER_CITY * completed_cities(ctx.view(), b.farm);
        if points > 0 {
            ctx.score(b.owner, points, BARN_SOURCE);
        }
    }
}
