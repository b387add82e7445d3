//! "Circus tiles, the big top and the animal tokens": the big top comes
//! onto the first circus tile over a face-down token; whenever another
//! circus tile is placed, after the turn's feature scoring, the token is
//! revealed and every follower on the big top's tile and the 8 round it
//! scores its value for its owner; then the big top moves to the new tile.
//!
//! Nobody knows the token under the big top, so none is kept: it is drawn
//! from the tokens not yet revealed when it is revealed, which gives every
//! value the same chance as a token laid face down earlier (JCloisterZone
//! draws it then too).

use crate::{BIG_TOP_SOURCE, State, UnderTheBigTop};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::figures::{NEUTRAL, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{CoreState, Ctx, FigureClass, Line, Pos};

/// The animal tokens' values, in the order of [`State::tokens`].
pub const TOKEN_VALUES: [u8; 6] = [1, 3, 4, 5, 6, 7];

/// The animals, in the order of [`TOKEN_VALUES`].
pub const ANIMALS: [&str; 6] = ["flea", "monkey", "seal", "bear", "tiger", "elephant"];

/// One set of tokens: "1 Elephant, 2 Tigers, 3 Bears, 5 Seals, 4 Monkeys, 1
/// Flea", by value 1, 3, 4, 5, 6, 7.
const ONE_SET: [u8; 6] = [1, 4, 5, 3, 2, 1];

/// Circus tiles one set of tokens serves (JCloisterZone: a set per 16
/// circus tiles in the game, so that the stack never runs out).
const TILES_PER_SET: usize = 16;

/// The stack at the start: one set of 16 tokens for every 16 circus tiles
/// in the game (at least one).
pub(crate) fn token_stack(rules: &UnderTheBigTop, view: &CoreState) -> [u8; 6] {
    let mut counts = vec![0u32; view.tables().tiles().len()];
    view.count_bag(&mut counts);
    for t in view.board().tiles() {
        if let Some(c) = counts.get_mut(t.tile as usize) {
            *c += 1;
        }
    }
    let circus: usize = counts
        .iter()
        .enumerate()
        .filter(|&(i, _)| rules.spaces_of(i as u16).circus.is_some())
        .map(|(_, &n)| n as usize)
        .sum();
    let sets = circus.div_ceil(TILES_PER_SET).max(1) as u8;
    ONE_SET.map(|n| n * sets)
}

/// Where the big top stands, and its figure id.
fn big_top(state: &State, view: &CoreState) -> Option<(u32, Pos)> {
    view.figures()
        .iter()
        .find(|f| f.owner == NEUTRAL && f.kind == state.figures.big_top)
        .map(|f| (f.id, f.pos))
}

/// Reveals a token: one of those not yet revealed, at random. `None` when
/// none is left.
fn reveal(state: &mut State, ctx: &mut Ctx<'_>) -> Option<usize> {
    let total: u32 = state.tokens.iter().map(|&n| u32::from(n)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = ctx.random_below(total);
    for (i, n) in state.tokens.iter_mut().enumerate() {
        if pick < u32::from(*n) {
            *n -= 1;
            return Some(i);
        }
        pick -= u32::from(*n);
    }
    None
}

/// The circus round the big top at `at` scores: a token is revealed, and
/// each player scores its value for each of their followers on the big
/// top's tile and the 8 round it, once for all of them.
fn score_circus(state: &mut State, ctx: &mut Ctx<'_>, at: Pos) {
    let Some(token) = reveal(state, ctx) else {
        ctx.log_with(|| json!({ "no_token": [at.x, at.y] }));
        return;
    };
    let value = TOKEN_VALUES[token];
    let view = ctx.view();
    let mut followers = vec![0i32; view.players()];
    for f in view.figures() {
        let near = (f.pos.x - at.x).abs() <= 1 && (f.pos.y - at.y).abs() <= 1;
        let follower = view
            .tables()
            .figures()
            .get(f.kind as usize)
            .is_some_and(|d| d.class == FigureClass::Follower);
        if near
            && follower
            && f.owner != NEUTRAL
            && let Some(n) = followers.get_mut(f.owner as usize)
        {
            *n += 1;
        }
    }
    ctx.log_with(|| json!({ "revealed": value, "at": [at.x, at.y] }));
    for (player, &n) in followers.iter().enumerate() {
        if n > 0 {
            let points = n * i32::from(value);
            ctx.score(player as u8, points, BIG_TOP_SOURCE);
            ctx.log_with(|| json!({ "circus": points, "player": player, "followers": n, "value": value }));
        }
    }
}

/// After the turn's scoring, when the tile placed is a circus tile: the old
/// circus scores and the big top moves onto the new tile (on the first,
/// it only comes onto the board).
pub(crate) fn circus_placed(rules: &UnderTheBigTop, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
    if !rules.big_top || rules.spaces_of(placed.tile).circus.is_none() {
        return;
    }
    match big_top(state, ctx.view()) {
        Some((id, at)) => {
            score_circus(state, ctx, at);
            ctx.move_figure(id, placed.pos, Spot::Tile);
            ctx.log_with(|| json!({ "big_top_moves": [placed.pos.x, placed.pos.y] }));
        }
        None => {
            if ctx.view().neutral_supply(state.figures.big_top) > 0 {
                ctx.place_neutral(state.figures.big_top, placed.pos, Spot::Tile);
                ctx.log_with(|| json!({ "big_top_arrives": [placed.pos.x, placed.pos.y] }));
            }
        }
    }
}

/// At the end, the circus under the big top scores once more
/// (`big_top_final_scoring`).
pub(crate) fn final_scoring(state: &mut State, ctx: &mut Ctx<'_>) {
    if let Some((_, at)) = big_top(state, ctx.view()) {
        score_circus(state, ctx, at);
    }
}

/// The token of `value` in words: "a bear (5)".
fn animal_words(value: u64) -> String {
    match TOKEN_VALUES.iter().position(|&v| u64::from(v) == value) {
        Some(i) => {
            let animal = ANIMALS[i];
            let article = if animal.starts_with('e') { "an" } else { "a" };
            format!("{article} {animal} ({value})")
        }
        None => format!("a token of {value}"),
    }
}

pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let left: u8 = state.tokens.iter().sum();
    let by_animal: Vec<String> = state
        .tokens
        .iter()
        .zip(ANIMALS)
        .zip(TOKEN_VALUES)
        .filter(|((n, _), _)| **n > 0)
        .map(|((n, animal), value)| format!("{n} {animal} ({value})"))
        .collect();
    let mut lines = vec![Line::new(format!(
        "Animal tokens not yet revealed: {left} ({})",
        by_animal.join(", ")
    ))];
    lines.push(Line::new(match big_top(state, view) {
        Some((_, at)) => format!(
            "The big top stands {} over a face-down token",
            view.place_words_from_start(at)
        ),
        None => "The big top waits for the first circus tile".to_string(),
    }));
    lines
}

pub(crate) fn log_line(view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    let at = |v: &serde_json::Value| -> Option<Pos> {
        let x = v.get(0)?.as_i64()?;
        let y = v.get(1)?.as_i64()?;
        Some(Pos::new(x as i32, y as i32))
    };
    if let Some(v) = detail.get("revealed").and_then(|v| v.as_u64()) {
        return Some(Line::new(format!(
            "A new circus: the animal token under the big top is {}",
            animal_words(v)
        )));
    }
    if let Some(points) = detail.get("circus").and_then(|v| v.as_i64()) {
        let player = detail.get("player").and_then(|v| v.as_u64()).unwrap_or(0) as u8;
        let n = detail.get("followers").and_then(|v| v.as_i64()).unwrap_or(0);
        let value = detail.get("value").and_then(|v| v.as_i64()).unwrap_or(0);
        let followers = if n == 1 { "follower" } else { "followers" };
        return Some(Line::about(
            player,
            format!("scores {points} at the circus: {n} {followers} round the big top, {value} each"),
        ));
    }
    if let Some(p) = detail.get("big_top_moves").and_then(at) {
        return Some(Line::new(format!(
            "The big top moves to the new circus tile, {}, over a face-down token",
            view.place_words_from_start(p)
        )));
    }
    if let Some(p) = detail.get("big_top_arrives").and_then(at) {
        return Some(Line::new(format!(
            "The big top comes onto the first circus tile, {}, over a face-down token",
            view.place_words_from_start(p)
        )));
    }
    if detail.get("no_token").is_some() {
        return Some(Line::new("No animal token is left: the circus scores nothing"));
    }
    None
}
