//! "Wagon": a follower on a road, city or cloister. When the feature it
//! stands in is completed and scored, the wagon goes back to supply as any
//! follower, and then its owner may move it on: deploy it at once on an
//! unfinished, unoccupied road, city or cloister, or keep it in supply.
//! Where it may go is the variant `wagon_move`:
//!
//! - `C2` (the 2nd edition, JCloisterZone's default): a feature of the tile
//!   it stood on or of one of the eight tiles round that tile.
//! - `C1` (the 1st edition): a feature connected to the scored one, on any
//!   of its tiles: along a road's end into a city's gate or a cloister, or
//!   to the other roads of a crossing, as the tiles draw them (the tile
//!   format's `leads_into`), wherever the wagon stood in the scored feature.
//!
//! The decisions come after the turn's scoring, one wagon at a time,
//! starting with the turn's player and going round the table (as
//! JCloisterZone queues them). Each wagon's options are worked out when its
//! decision comes, so a wagon moved first may take a feature from the next.

use crate::{Action, State};
use carcassonne_core::expansion::FeatureScoring;
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::{KindShape, LeadsInto};
use carcassonne_core::{CoreState, Ctx, Pos};
use serde::{Deserialize, Serialize};

/// Id of the wagon figure.
pub const WAGON: &str = "wagon";

/// A wagon that scoring sent back to supply this turn, whose owner may
/// still move it on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReturnedWagon {
    /// Its owner, who decides.
    pub owner: u8,
    /// The tile it stood on: the centre of the 3 × 3 tiles it may move to
    /// (`C2`).
    pub from: Pos,
    /// The scored feature it stood in, whose connections it may follow
    /// (`C1`).
    #[serde(skip)]
    pub(crate) feature: NodeId,
}

/// Where a scored wagon may move on (variant `wagon_move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WagonRange {
    /// `C2`: the tile it stood on and the eight round it.
    Nearby,
    /// `C1`: the features connected to the scored one.
    Connected,
}

/// Where a wagon moves on: a feature of a placed tile, by its stable name
/// (`road:E`, `city:N`, `cloister`), as deployments name features in
/// records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WagonMove {
    /// The tile.
    pub at: Pos,
    /// The feature of that tile.
    pub feature: String,
}

/// A feature was scored: the wagons in it are about to go back to supply.
pub(crate) fn note_returning(state: &mut State, view: &CoreState, scoring: &FeatureScoring) {
    let Some(wagon) = state.wagon_figure else {
        return;
    };
    if !scoring.complete {
        return;
    }
    for f in view.figures_in(scoring.feature).filter(|f| f.kind == wagon) {
        state.wagons_to_move.push(ReturnedWagon {
            owner: f.owner,
            from: f.pos,
            feature: scoring.feature,
        });
    }
}

/// After the turn's scoring: orders the returned wagons by seat, from the
/// turn's player round the table, and asks the first one that can move.
pub(crate) fn ask_first(state: &mut State, ctx: &mut Ctx<'_>, range: WagonRange) {
    if state.wagons_to_move.is_empty() {
        return;
    }
    let turn_player = ctx.view().turn().player as usize;
    let players = ctx.view().players();
    // A stable sort keeps one player's wagons in the order they scored.
    state
        .wagons_to_move
        .sort_by_key(|w| (w.owner as usize + players - turn_player) % players);
    ask_next(state, ctx, None, range);
}

/// Asks the owner of the first wagon that has somewhere to go; wagons with
/// nowhere to go stay in supply without a question (JCloisterZone asks
/// nothing then either). `taken` is a feature a wagon moved into in this
/// same hook, whose deployment is not applied yet.
fn ask_next(state: &mut State, ctx: &mut Ctx<'_>, taken: Option<NodeId>, range: WagonRange) {
    while let Some(first) = state.wagons_to_move.first() {
        let view = ctx.view();
        let free = targets(state, view, first, range)
            .into_iter()
            .filter_map(|(pos, fi)| view.node_at(pos, fi))
            .any(|node| taken.is_none_or(|t| view.features().root(t) != view.features().root(node)));
        if !free {
            state.wagons_to_move.remove(0);
        } else {
            ctx.ask(first.owner);
            return;
        }
    }
}

/// The features the wagon may move to, sorted by tile and feature.
pub(crate) fn targets(state: &State, view: &CoreState, wagon: &ReturnedWagon, range: WagonRange) -> Vec<(Pos, usize)> {
    let Some(kind) = state.wagon_figure else {
        return Vec::new();
    };
    if view.supply(wagon.owner, kind) == 0 {
        return Vec::new();
    }
    if range == WagonRange::Connected {
        return connected_targets(view, kind, wagon.feature);
    }
    let mut out = Vec::new();
    for pos in std::iter::once(wagon.from).chain(wagon.from.ring()) {
        let Some(placed) = view.board().get(pos) else {
            continue;
        };
        let tile = view.tables().tile(placed.tile);
        for (fi, &feature) in tile.feature_kinds().iter().enumerate() {
            let node = placed.first_node + fi as NodeId;
            // Roads, cities and cloisters (whatever the wagon may stand on)
            // that are not complete.
            let open = view.tables().figure_may_stand(kind, feature) && !view.is_complete(node);
            if open && view.figures_in(node).next().is_none() {
                out.push((pos, fi));
            }
        }
    }
    out.sort();
    out
}

/// `C1`: every tile and feature of each unfinished, unoccupied feature the
/// wagon may stand on that the scored feature `scored` connects to. A
/// connection is drawn on one tile: a road whose end leads into another
/// feature of the tile (a city's gate, a cloister), in either direction, or
/// two roads of the tile that lead into one crossing. Across tiles, a
/// feature whose edge meets a wall shares a surface with what lies inside
/// the walled tile: a road ending at an abbey leads into it (Wikicarpedia's
/// wagon page: "Features sharing a surface like an adjacent abbey […] can
/// also be considered as a valid destination for the wagon", as
/// JCloisterZone plays it). The scored feature's connections are those of
/// all its tiles; the wagon may go to any tile of a connected feature.
fn connected_targets(view: &CoreState, kind: u8, scored: NodeId) -> Vec<(Pos, usize)> {
    let features = view.features();
    let scored_root = features.root(scored);
    let mut roots: Vec<NodeId> = Vec::new();
    let consider = |node: NodeId, roots: &mut Vec<NodeId>| {
        let root = features.root(node);
        let open = view.tables().figure_may_stand(kind, features.kind(node)) && !view.is_complete(node);
        if root != scored_root && open && view.figures_in(node).next().is_none() && !roots.contains(&root) {
            roots.push(root);
        }
    };
    for member in features.members(scored) {
        let placed = view.tile_of_node(member);
        let defs = &view.tables().tile(placed.tile).def.features;
        let fi = view.feature_index(member);
        let Some(here) = defs.get(fi) else { continue };
        for (fj, other) in defs.iter().enumerate() {
            let linked = fj != fi
                && match (here.leads_into, other.leads_into) {
                    (Some(LeadsInto::Crossing), Some(LeadsInto::Crossing)) => true,
                    (Some(LeadsInto::Feature(j)), _) if j == fj => true,
                    (_, Some(LeadsInto::Feature(j))) => j == fi,
                    _ => false,
                };
            if linked {
                consider(placed.first_node + fj as NodeId, &mut roots);
            }
        }
        // The sides this part of the feature reaches, as the tile lies.
        for side in here.segments.sides() {
            let side = side.rotated(placed.rotation);
            let Some(across) = view.board().get(placed.pos.step(side)) else {
                continue;
            };
            let wall = 1u8 << side.opposite() as u8;
            if view.tables().tile(across.tile).wild_sides(across.rotation) & wall == 0 {
                continue;
            }
            let inside = &view.tables().tile(across.tile).def.features;
            for (fj, f) in inside.iter().enumerate() {
                if view.tables().landscape().shape(f.kind) == KindShape::Inner {
                    consider(across.first_node + fj as NodeId, &mut roots);
                }
            }
        }
    }
    let mut out: Vec<(Pos, usize)> = roots
        .into_iter()
        .flat_map(|root| {
            features
                .members(root)
                .map(|m| (view.tile_of_node(m).pos, view.feature_index(m)))
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The first pending wagon's options: each target, then keeping it.
pub(crate) fn options(state: &State, view: &CoreState, range: WagonRange, out: &mut Vec<Action>) {
    let Some(first) = state.wagons_to_move.first() else {
        return;
    };
    for (at, fi) in targets(state, view, first, range) {
        out.push(Action::Wagon(WagonMove {
            at,
            feature: view.feature_name(at, fi),
        }));
    }
    out.push(Action::KeepWagon);
}

/// Moves the first pending wagon as chosen (or keeps it in supply), then
/// asks about the next.
pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, action: &Action, range: WagonRange) {
    if state.wagons_to_move.is_empty() {
        return;
    }
    let wagon = state.wagons_to_move.remove(0);
    let mut taken = None;
    if let (Action::Wagon(to), Some(kind)) = (action, state.wagon_figure)
        && let Ok(fi) = ctx.view().feature_by_name(to.at, &to.feature)
    {
        taken = ctx.view().node_at(to.at, fi);
        ctx.deploy_figure(wagon.owner, kind, to.at, Spot::Feature(fi as u8));
        ctx.log_with(|| {
            carcassonne_core::serde_json::json!({
                "wagon_moved": { "owner": wagon.owner, "from": [wagon.from.x, wagon.from.y], "to": [to.at.x, to.at.y], "feature": to.feature }
            })
        });
    }
    ask_next(state, ctx, taken, range);
}

/// Why a wagon decision is refused.
pub(crate) fn explain_refusal(state: &State, view: &CoreState, range: WagonRange) -> Option<String> {
    let first = state.wagons_to_move.first()?;
    let mut allowed = Vec::new();
    options(state, view, range, &mut allowed);
    let listed: Vec<String> = allowed
        .iter()
        .map(|a| carcassonne_core::serde_json::to_string(a).unwrap_or_default())
        .collect();
    let reach = match range {
        WagonRange::Nearby => "on that tile or the eight round it",
        WagonRange::Connected => {
            "connected to the scored feature (a road into a city's gate or a cloister, roads at a crossing; wagon_move = C1)"
        }
    };
    Some(format!(
        "{}'s wagon from {} may move to an unfinished, unoccupied road, city or cloister {reach}, or stay in \
         supply; the options: {}",
        view.player_name(first.owner),
        first.from,
        listed.join(", ")
    ))
}
