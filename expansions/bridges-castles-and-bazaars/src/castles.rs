//! Castles: a completed small city of two caps with one follower becomes a
//! castle instead of scoring, if its follower's owner wishes; the castle's
//! follower scores the first road, city, cloister or castle completed
//! beside it on a later turn, then goes home.

use crate::{Action, CASTLE_SOURCE, State, still_on_board};
use carcassonne_core::expansion::Hooks;
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, NEUTRAL, Spot};
use carcassonne_core::serde_json::json;
use carcassonne_core::tiles::{FeatureKind, TileType};
use carcassonne_core::{CoreState, Ctx, FeatureScoring, FigureClass, Pos, ScoringMoment, toml};
use serde::Serialize;

/// The castles' rules for one game, read from the tile table.
pub(crate) struct Rules {
    /// Castle tokens each player starts with.
    pub(crate) supply: u8,
    /// By tile index, by feature index: whether the feature is a city cap
    /// that may be half of a castle (a city covering one side, not marked
    /// `castle_base = false`).
    bases: Vec<Vec<bool>>,
}

impl Rules {
    /// Reads the caps of `tiles`; `players` fixes the supply (3 each, 2 with
    /// five or six players).
    pub(crate) fn new(tiles: &[TileType], players: usize) -> Rules {
        let bases = tiles
            .iter()
            .map(|t| {
                t.def
                    .features
                    .iter()
                    .map(|f| {
                        let marked_not = f
                            .attributes
                            .get(crate::ID)
                            .and_then(|a| a.get("castle_base"))
                            .and_then(toml::Value::as_bool)
                            == Some(false);
                        f.kind == FeatureKind::CITY && f.segments.sides().count() == 1 && !marked_not
                    })
                    .collect()
            })
            .collect();
        Rules {
            supply: if players >= 5 { 2 } else { 3 },
            bases,
        }
    }

    /// Whether tile type `tile` has a cap that may be half of a castle.
    pub(crate) fn has_cap(&self, tile: u16) -> bool {
        self.bases.get(tile as usize).is_some_and(|b| b.contains(&true))
    }

    /// Whether the feature of `node` is such a cap.
    fn is_base(&self, view: &CoreState, node: NodeId) -> bool {
        let placed = view.tile_of_node(node);
        self.bases
            .get(placed.tile as usize)
            .and_then(|b| b.get(view.feature_index(node)))
            .copied()
            .unwrap_or(false)
    }
}

/// A castle on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Castle {
    /// Whose castle it is.
    pub owner: u8,
    /// The follower on it while it waits (`None` once it scored, or when
    /// another rule took the follower away).
    pub follower: Option<FigureId>,
    /// Where the follower stands (on the tile, off the city's feature).
    pub at: Pos,
    /// The two tiles it covers.
    pub tiles: [Pos; 2],
    /// A node of the city it was made of.
    pub city: NodeId,
    /// The turn it was made in (it scores nothing in that turn).
    pub formed: u32,
    /// The points it scored, once it has.
    pub points: Option<i32>,
}

impl Castle {
    /// Whether it waits for a feature to complete beside it.
    pub fn waiting(&self) -> bool {
        self.points.is_none() && self.follower.is_some()
    }

    /// Its six neighbouring tiles: its two, and the two beside each across
    /// its axis (north and south of a castle lying west to east, west and
    /// east of one lying north to south).
    pub fn vicinity(&self) -> [Pos; 6] {
        let [a, b] = self.tiles;
        let (dx, dy) = if a.y == b.y { (0, 1) } else { (1, 0) };
        let beside = |p: Pos, s: i32| Pos::new(p.x + s * dx, p.y + s * dy);
        [a, b, beside(a, -1), beside(b, -1), beside(a, 1), beside(b, 1)]
    }
}

/// A small city whose follower's owner decides whether it becomes a castle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Offer {
    /// The city's root node.
    pub city: NodeId,
    /// The owner of its one follower.
    pub owner: u8,
    /// That follower.
    pub follower: FigureId,
}

/// A feature completed this turn, for the castles beside it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Completed {
    /// What it is, in words ("road", "castle").
    pub what: &'static str,
    /// The tiles it lies on.
    pub tiles: Vec<Pos>,
    /// What it scored (to each of its winners, had it any).
    pub points: i32,
}

/// Whether a castle made before turn `turn` waits.
fn waiting_before(state: &State, turn: u32) -> bool {
    state.castles.iter().any(|c| c.waiting() && c.formed < turn)
}

/// A new turn: forgets the last turn's completions, notes castles whose
/// follower another rule took away, and arms the scoring hooks while a
/// castle waits.
pub(crate) fn turn_started(state: &mut State, ctx: &mut Ctx<'_>) {
    state.completed.clear();
    let view = ctx.view();
    for castle in &mut state.castles {
        if let Some(id) = castle.follower
            && castle.points.is_none()
            && !still_on_board(view, id, castle.at)
        {
            castle.follower = None;
        }
    }
    if waiting_before(state, view.turn().number) {
        ctx.arm(Hooks::FEATURE_SCORED | Hooks::AFTER_SCORING);
    }
}

/// After the deployment: the small cities the turn's tile completed with
/// exactly one follower, whose owner has a castle left, are offered, from
/// the turn's player round the table.
pub(crate) fn offer(rules: &Rules, state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    let turn = view.turn();
    let players = view.players() as u8;
    let mut offers: Vec<Offer> = Vec::new();
    for &node in &turn.completed {
        if view.features().kind(node) != FeatureKind::CITY {
            continue;
        }
        let root = view.features().root(node);
        if offers.iter().any(|o| o.city == root) || view.features().node_count(root) != 2 {
            continue;
        }
        if !view.features().members(root).all(|m| rules.is_base(view, m)) {
            continue;
        }
        let mut followers = view
            .figures_in(root)
            .filter(|f| f.owner != NEUTRAL && view.tables().figures()[f.kind as usize].class == FigureClass::Follower);
        let (Some(f), None) = (followers.next(), followers.next()) else {
            continue;
        };
        offers.push(Offer {
            city: root,
            owner: f.owner,
            follower: f.id,
        });
    }
    if offers.is_empty() {
        return;
    }
    offers.sort_by_key(|o| (o.owner + players - turn.player) % players.max(1));
    state.offers = offers;
    next_offer(state, ctx);
}

/// Asks the owner of the first offer still open; drops offers whose owner
/// has no castle left.
fn next_offer(state: &mut State, ctx: &mut Ctx<'_>) {
    while let Some(o) = state.offers.first() {
        if state.castles_left.get(o.owner as usize).copied().unwrap_or(0) > 0
            && ctx.view().figure(o.follower).is_some_and(|f| f.node.is_some())
        {
            ctx.ask(o.owner);
            return;
        }
        state.offers.remove(0);
    }
}

/// Castle or city.
pub(crate) fn options(out: &mut Vec<Action>) {
    out.push(Action::Castle);
    out.push(Action::NoCastle);
}

/// Makes the castle (or not), then asks about the next small city.
pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, action: &Action) {
    if state.offers.is_empty() {
        return;
    }
    let offer = state.offers.remove(0);
    if *action == Action::Castle
        && let Some(f) = ctx.view().figure(offer.follower).copied()
    {
        let view = ctx.view();
        let mut tiles: Vec<Pos> = view
            .features()
            .members(offer.city)
            .map(|m| view.tile_of_node(m).pos)
            .collect();
        tiles.sort();
        tiles.dedup();
        if let [a, b] = tiles[..] {
            if let Some(left) = state.castles_left.get_mut(offer.owner as usize) {
                *left = left.saturating_sub(1);
            }
            state.castles.push(Castle {
                owner: offer.owner,
                follower: Some(f.id),
                at: f.pos,
                tiles: [a, b],
                city: offer.city,
                formed: view.turn().number,
                points: None,
            });
            // Off the city, onto the castle: the city no longer holds a
            // follower, so it scores for nobody and the follower stays.
            ctx.move_figure(f.id, f.pos, Spot::Tile);
            ctx.log_with(|| json!({ "castle": { "owner": offer.owner, "at": f.pos } }));
        }
    }
    next_offer(state, ctx);
}

/// A castle's city scores nothing as a city; a farm counts each castle it
/// touches as a completed city worth one point more.
pub(crate) fn adjust_points(state: &State, view: &CoreState, feature: NodeId, complete: bool, points: &mut i32) {
    if state.castles.is_empty() {
        return;
    }
    let features = view.features();
    match features.kind(feature) {
        FeatureKind::CITY if complete => {
            let root = features.root(feature);
            if state.castles.iter().any(|c| features.root(c.city) == root) {
                *points = 0;
            }
        }
        FeatureKind::FIELD => {
            let cities = view.cities_of_field(feature);
            let castles = state
                .castles
                .iter()
                .filter(|c| cities.contains(&features.root(c.city)))
                .count() as i32;
            *points += castles;
        }
        _ => {}
    }
}

/// Notes a road, city or cloister the turn completed, while a castle waits.
pub(crate) fn note_completed(state: &mut State, view: &CoreState, scoring: &FeatureScoring) {
    if scoring.moment != ScoringMoment::Completed || !waiting_before(state, view.turn().number) {
        return;
    }
    if ![FeatureKind::ROAD, FeatureKind::CITY, FeatureKind::CLOISTER].contains(&scoring.kind) {
        return;
    }
    let features = view.features();
    let root = features.root(scoring.feature);
    if state.castles.iter().any(|c| features.root(c.city) == root) {
        return; // made a castle this turn: not a completed city
    }
    let tiles = features
        .tiles(root)
        .into_iter()
        .map(|i| view.board().tiles()[i as usize].pos)
        .collect();
    state.completed.push(Completed {
        what: view.tables().kind_label(scoring.kind),
        tiles,
        points: scoring.points,
    });
}

/// After the turn's scoring: every castle made before this turn with a
/// feature completed among its six neighbouring tiles scores the most
/// valuable such feature's points, and its follower goes home; a castle
/// scored so is a completed feature for the castles beside it in turn.
pub(crate) fn score(state: &mut State, ctx: &mut Ctx<'_>) {
    let turn = ctx.view().turn().number;
    if !waiting_before(state, turn) {
        return;
    }
    let mut triggers = std::mem::take(&mut state.completed);
    loop {
        let mut scored = Vec::new();
        for castle in state.castles.iter_mut().filter(|c| c.waiting() && c.formed < turn) {
            let near = castle.vicinity();
            let best = triggers
                .iter()
                .filter(|t| t.tiles.iter().any(|p| near.contains(p)))
                .max_by_key(|t| t.points);
            let (Some(best), Some(follower)) = (best, castle.follower) else {
                continue;
            };
            let (points, what, owner) = (best.points, best.what, castle.owner);
            if points != 0 {
                ctx.score(owner, points, CASTLE_SOURCE);
            }
            ctx.return_figure(follower);
            ctx.log_with(|| json!({ "castle_scored": { "owner": owner, "points": points, "what": what } }));
            castle.points = Some(points);
            castle.follower = None;
            scored.push(Completed {
                what: "castle",
                tiles: castle.tiles.to_vec(),
                points,
            });
        }
        if scored.is_empty() {
            break;
        }
        triggers.extend(scored);
    }
}
