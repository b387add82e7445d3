//! "Shepherds and sheep": a shepherd goes onto a field of the tile just
//! placed where no shepherd stands and draws a token at once; whenever its
//! owner's tile extends its field, the owner grows the flock or brings it
//! to the stable; a field that can no longer grow brings its flock in.
//!
//! A flock belongs to its field, not to one shepherd: when fields join, so
//! do their flocks, and every shepherd in a field shares its sheep. Each
//! shepherd keeps the tokens drawn for it; the field's flock is the tokens
//! of every shepherd in it.

use crate::{Action, FLOCK_SOURCE, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{AfterPlacement, CoreState, Ctx, Deployment, FeatureKind, Line, Side};
use serde::Serialize;

/// The bag at the start: 4 tokens of 1 sheep, 5 of 2, 5 of 3, 2 of 4, and 2
/// wolves (the rule book's "4x 1 sheep, 5x 2 sheep, 5x 3 sheep, 2x 4 sheep,
/// 2x wolf").
pub(crate) const FULL_BAG: [u8; 5] = [4, 5, 5, 2, 2];

/// Index of the wolves in the bag's counts.
const WOLF: usize = 4;

/// A token drawn from the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    /// A token showing this many sheep (1 to 4).
    Sheep(u8),
    /// A wolf.
    Wolf,
}

/// A shepherd on the board and the sheep drawn for it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flock {
    /// The shepherd (its figure id).
    pub shepherd: FigureId,
    /// Its owner.
    pub owner: u8,
    /// A node of the field it stands in (features only join, so this stays
    /// in its field however far the field grows).
    pub field: NodeId,
    /// The sheep on each token drawn for it (1 to 4 each).
    pub tokens: Vec<u8>,
}

impl Flock {
    /// Its sheep.
    pub fn sheep(&self) -> i32 {
        self.tokens.iter().map(|&t| i32::from(t)).sum()
    }
}

/// The flocks whose shepherd is still on the board (one the dragon ate or a
/// rule sent home is dropped when the state is next brought up to date).
pub(crate) fn live<'s>(state: &'s State, view: &'s CoreState) -> impl Iterator<Item = &'s Flock> {
    state
        .flocks
        .iter()
        .filter(|f| view.figure(f.shepherd).is_some_and(|p| p.kind == state.shepherd))
}

/// Drops flocks whose shepherd left the board by another rule (the
/// dragon, a festival): their sheep go back into the bag.
fn bring_up_to_date(state: &mut State, view: &CoreState) {
    let shepherd = state.shepherd;
    let mut gone = Vec::new();
    state.flocks.retain(|f| {
        let here = view.figure(f.shepherd).is_some_and(|p| p.kind == shepherd);
        if !here {
            gone.extend(f.tokens.iter().copied());
        }
        here
    });
    for t in gone {
        state.bag[usize::from(t - 1)] += 1;
    }
}

/// Draws a token from the bag with the game's RNG.
fn draw(state: &mut State, ctx: &mut Ctx<'_>) -> Token {
    let total: u32 = state.bag.iter().map(|&n| u32::from(n)).sum();
    // Wolves always go back, so the bag is never empty.
    let mut pick = ctx.random_below(total.max(1));
    for (i, n) in state.bag.iter_mut().enumerate() {
        if pick < u32::from(*n) {
            if i == WOLF {
                return Token::Wolf;
            }
            *n -= 1;
            return Token::Sheep(i as u8 + 1);
        }
        pick -= u32::from(*n);
    }
    Token::Wolf
}

/// The fields of the tile just placed where the turn's player may put
/// their shepherd: every field whose whole field (with the tile) holds no
/// shepherd. Farmers do not matter.
pub(crate) fn shepherd_spots(state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    let view = after.view();
    if view.supply(view.turn().player, state.shepherd) == 0 {
        return;
    }
    let placed = after.placed();
    let taken: Vec<_> = live(state, view).map(|f| after.whole(after.node(f.field))).collect();
    for (i, &kind) in after.tile().feature_kinds().iter().enumerate() {
        if kind != FeatureKind::FIELD {
            continue;
        }
        let Some(feature) = after.feature(placed.pos, i) else {
            continue;
        };
        if !taken.contains(&after.whole(feature)) {
            out.push(Deployment {
                figure: state.shepherd,
                pos: placed.pos,
                spot: Spot::Feature(i as u8),
            });
        }
    }
}

/// A shepherd was placed: draw a token at once. A sheep starts its flock;
/// a wolf goes back into the bag and the shepherd home.
pub(crate) fn shepherd_placed(state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
    let Some(field) = figure.node else { return };
    bring_up_to_date(state, ctx.view());
    let token = draw(state, ctx);
    let pos = figure.pos;
    ctx.log_with(|| json!({ "placed": [pos.x, pos.y], "drew": token }));
    match token {
        Token::Sheep(n) => state.flocks.push(Flock {
            shepherd: figure.id,
            owner: figure.owner,
            field,
            tokens: vec![n],
        }),
        Token::Wolf => ctx.return_figure(figure.id),
    }
}

/// After the deployment: the turn's player tends each field their tile
/// extended that holds a shepherd of theirs (placed before this turn), one
/// decision each; then closed fields bring their flocks in.
pub(crate) fn after_deploy(state: &mut State, ctx: &mut Ctx<'_>, closed_fields_score: bool) {
    bring_up_to_date(state, ctx.view());
    state.to_tend.clear();
    let view = ctx.view();
    let player = view.turn().player;
    let just_placed = view.turn().deployed;
    if let Some(placed) = view.placed_this_turn() {
        let features = view.features();
        let roots: Vec<NodeId> = view
            .tables()
            .tile(placed.tile)
            .feature_kinds()
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == FeatureKind::FIELD)
            .filter_map(|(i, _)| view.node_at(placed.pos, i))
            .map(|n| features.root(n))
            .collect();
        let mut to_tend: Vec<NodeId> = Vec::new();
        for flock in live(state, view) {
            let root = features.root(flock.field);
            let tended = flock.owner == player && Some(flock.shepherd) != just_placed && roots.contains(&root);
            if tended && !to_tend.iter().any(|&t| features.root(t) == root) {
                to_tend.push(flock.field);
            }
        }
        state.to_tend = to_tend;
    }
    if state.to_tend.is_empty() {
        if closed_fields_score {
            bring_in_closed_fields(state, ctx);
        }
    } else {
        ctx.ask(player);
    }
}

/// The turn's player grows or gathers the first flock waiting.
pub(crate) fn tend(state: &mut State, ctx: &mut Ctx<'_>, action: &Action, closed_fields_score: bool) {
    let Some(field) = state.to_tend.first().copied() else {
        return;
    };
    state.to_tend.remove(0);
    match action {
        Action::Gather => gather(state, ctx, field, "gathered"),
        Action::Grow => match draw(state, ctx) {
            Token::Sheep(n) => {
                let root = ctx.view().features().root(field);
                let player = ctx.view().turn().player;
                // The token lies by the player's own shepherd in the field.
                let features = ctx.view().features();
                if let Some(f) = state
                    .flocks
                    .iter_mut()
                    .find(|f| f.owner == player && features.root(f.field) == root)
                {
                    f.tokens.push(n);
                }
                ctx.log_with(|| json!({ "grew": n }));
            }
            Token::Wolf => scatter(state, ctx, field),
        },
    }
    if state.to_tend.is_empty() {
        if closed_fields_score {
            bring_in_closed_fields(state, ctx);
        }
    } else {
        let player = ctx.view().turn().player;
        ctx.ask(player);
    }
}

/// The shepherds of the field of `field` and their owners, once each.
fn shepherds_of(state: &State, view: &CoreState, field: NodeId) -> (Vec<FigureId>, Vec<u8>, i32) {
    let root = view.features().root(field);
    let mut owners = Vec::new();
    let mut shepherds = Vec::new();
    let mut sheep = 0;
    for f in live(state, view).filter(|f| view.features().root(f.field) == root) {
        shepherds.push(f.shepherd);
        sheep += f.sheep();
        if !owners.contains(&f.owner) {
            owners.push(f.owner);
        }
    }
    owners.sort_unstable();
    (shepherds, owners, sheep)
}

/// Brings the flock of `field` to the stable: every shepherd's owner there
/// scores 1 a sheep (once, however many shepherds they have there), and
/// the shepherds and their sheep go home.
fn gather(state: &mut State, ctx: &mut Ctx<'_>, field: NodeId, why: &'static str) {
    let (shepherds, owners, sheep) = shepherds_of(state, ctx.view(), field);
    for &owner in &owners {
        ctx.score(owner, sheep, FLOCK_SOURCE);
    }
    ctx.log_with(|| json!({ why: sheep, "to": owners }));
    send_home(state, ctx, &shepherds);
}

/// A wolf: the whole flock of `field` goes back into the bag and every
/// shepherd there goes home.
fn scatter(state: &mut State, ctx: &mut Ctx<'_>, field: NodeId) {
    let (shepherds, owners, sheep) = shepherds_of(state, ctx.view(), field);
    ctx.log_with(|| json!({ "wolf": sheep, "shepherds_of": owners }));
    send_home(state, ctx, &shepherds);
}

fn send_home(state: &mut State, ctx: &mut Ctx<'_>, shepherds: &[FigureId]) {
    for &id in shepherds {
        if let Some(i) = state.flocks.iter().position(|f| f.shepherd == id) {
            let flock = state.flocks.remove(i);
            for t in flock.tokens {
                state.bag[usize::from(t - 1)] += 1;
            }
        }
        ctx.return_figure(id);
    }
}

/// Every field holding a shepherd that can no longer grow (no side of it
/// lies open) brings its flock in, for every shepherd there, whoever's
/// turn it is (`closed_field_flock = "score"`).
fn bring_in_closed_fields(state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    let features = view.features();
    let mut closed: Vec<NodeId> = Vec::new();
    for flock in live(state, view) {
        let root = features.root(flock.field);
        if !closed.iter().any(|&c| features.root(c) == root) && is_closed(view, root) {
            closed.push(flock.field);
        }
    }
    for field in closed {
        gather(state, ctx, field, "closed");
    }
}

/// Whether no segment of the field of `root` lies on a side with no tile
/// across it.
fn is_closed(view: &CoreState, root: NodeId) -> bool {
    let features = view.features();
    features.members(root).all(|m| {
        let placed = view.tile_of_node(m);
        let def = &view.tables().tile(placed.tile).def;
        let Some(f) = def.features.get(view.feature_index(m)) else {
            return true;
        };
        f.segments.sides().all(|side: Side| {
            let side = side.rotated(placed.rotation);
            view.board().get(placed.pos.step(side)).is_some()
        })
    })
}

/// The field waiting to be tended, in words, with its flock.
fn waiting(state: &State, view: &CoreState) -> Option<(String, i32)> {
    let field = *state.to_tend.first()?;
    let (_, _, sheep) = shepherds_of(state, view, field);
    let placed = view.tile_of_node(field);
    let words = view
        .feature_words(placed.pos, view.feature_index(field))
        .unwrap_or_else(|| "field".to_string());
    Some((format!("the {words} {}", view.place_words(placed.pos)), sheep))
}

pub(crate) fn option_label(state: &State, view: &CoreState, action: &Action) -> String {
    let (place, sheep) = waiting(state, view).unwrap_or_else(|| ("the field".to_string(), 0));
    let sheep_words = match sheep {
        1 => "1 sheep".to_string(),
        n => format!("{n} sheep"),
    };
    match action {
        Action::Grow => format!("Grow your flock of {sheep_words} in {place}: draw a token (a wolf scatters it)"),
        Action::Gather => format!(
            "Bring your flock in {place} to the stable: {sheep} point{} to each shepherd's owner there",
            if sheep == 1 { "" } else { "s" }
        ),
    }
}

pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let in_bag: u8 = state.bag.iter().sum();
    let mut lines = vec![Line::new(format!(
        "Bag: {in_bag} tokens ({} sheep in {} tokens, {} wolves)",
        state.bag[..WOLF]
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
            .sum::<u32>(),
        in_bag - state.bag[WOLF],
        state.bag[WOLF]
    ))];
    for flock in live(state, view) {
        let Some(f) = view.figure(flock.shepherd) else { continue };
        lines.push(Line::about(
            flock.owner,
            format!(
                "shepherd with {} sheep, {}",
                flock.sheep(),
                view.place_words_from_start(f.pos)
            ),
        ));
    }
    lines
}

pub(crate) fn log_line(_view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    let token_words = |t: &serde_json::Value| match t {
        serde_json::Value::String(w) if w == "wolf" => "a wolf: the shepherd goes home".to_string(),
        other => match other.get("sheep").and_then(|n| n.as_u64()) {
            Some(1) => "1 sheep".to_string(),
            Some(n) => format!("{n} sheep"),
            None => "a token".to_string(),
        },
    };
    if let Some(t) = detail.get("drew") {
        return Some(Line::new(format!("The shepherd draws {}", token_words(t))));
    }
    if let Some(n) = detail.get("grew").and_then(|n| n.as_u64()) {
        return Some(Line::new(format!("The flock grows by {n} sheep")));
    }
    if let Some(n) = detail.get("wolf").and_then(|n| n.as_u64()) {
        return Some(Line::new(format!(
            "A wolf scatters the flock of {n} sheep: its shepherds go home"
        )));
    }
    for (key, words) in [
        ("gathered", "brought to the stable"),
        ("closed", "brought in: its field is closed"),
    ] {
        if let Some(n) = detail.get(key).and_then(|n| n.as_u64()) {
            return Some(Line::new(format!("A flock of {n} sheep is {words}")));
        }
    }
    None
}
