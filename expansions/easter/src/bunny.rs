//! "Easter Bunny": placing a Bunny tile puts the bunny on it (variant
//! `bunny_placement`) and, after the turn, starts a bunny phase: from that
//! tile's placer round the table once, each player rolls the die and
//! chooses a path of exactly that many hops (orthogonal steps onto placed
//! tiles, no tile twice: variant `revisits`); every follower on an entered
//! tile earns its owner 1 egg. With no path of exactly the roll the move is
//! void (variant `short_path`: `longest` walks a longest path instead).

use crate::eggs::{add_eggs, egg_earners};
use crate::hooks::Easter;
use crate::{State, Symbol};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::rng::GameRng;
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, FigureClass, MAX_PLAYERS, Pos, Side};
use serde::{Deserialize, Serialize};

/// The die of the bunny phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Die {
    /// Faces 1, 1, 2, 2, 3, 3 (the face is the number of hops).
    Special,
    /// A normal die: 1–2 → 1 hop, 3–4 → 2, 5–6 → 3.
    D6,
}

impl Die {
    const SPECIAL_FACES: [u8; 6] = [1, 1, 2, 2, 3, 3];

    /// The face shown for a uniform draw in `0..6`.
    fn face(self, draw: u32) -> u8 {
        match self {
            Die::Special => Die::SPECIAL_FACES[draw as usize % 6],
            Die::D6 => (draw % 6) as u8 + 1,
        }
    }

    /// Hops the bunny makes for `face`.
    fn hops(self, face: u8) -> u8 {
        match self {
            Die::Special => face,
            Die::D6 => face.div_ceil(2),
        }
    }
}

/// A roll waiting for its mover's choice of path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Roll {
    /// Who rolled and moves the bunny.
    pub player: u8,
    /// The face the die shows.
    pub face: u8,
    /// Hops the face gives.
    pub rolled: u8,
    /// Hops the path must have: `rolled`, or fewer when no path that long
    /// exists and `short_path = "longest"`.
    pub hops: u8,
}

/// A bunny phase in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BunnyPhase {
    /// The placer of the Bunny tile, who moves first.
    pub starter: u8,
    /// How many players have had their go so far.
    pub done: u8,
    /// The roll awaiting a path, if any.
    pub current: Option<Roll>,
}

/// The bunny-path decision: the tiles the bunny enters, in order (its
/// starting tile not included). In records: `{"easter": {"path": [[1,0],[2,0]]}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The tiles entered, one orthogonal hop each.
    pub path: Path,
}

/// The tiles a bunny path enters: at most [`MAX_HOPS`], held inline (a
/// bunny decision lists dozens of paths, and a playout lists them all).
/// Written as a list of positions; a longer list is refused when read.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<Pos>", try_from = "Vec<Pos>")]
pub struct Path {
    cells: [Pos; MAX_HOPS],
    len: u8,
}

impl Path {
    /// The path that enters no tile.
    pub(crate) const EMPTY: Path = Path {
        cells: [Pos::new(0, 0); MAX_HOPS],
        len: 0,
    };

    /// The path through `cells`, if it has at most [`MAX_HOPS`] of them.
    pub fn new(cells: &[Pos]) -> Option<Path> {
        let mut path = Path {
            cells: [Pos::new(0, 0); MAX_HOPS],
            len: u8::try_from(cells.len()).ok().filter(|&n| n as usize <= MAX_HOPS)?,
        };
        path.cells[..cells.len()].copy_from_slice(cells);
        Some(path)
    }
}

impl std::ops::Deref for Path {
    type Target = [Pos];
    fn deref(&self) -> &[Pos] {
        &self.cells[..self.len as usize]
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Path> for Vec<Pos> {
    fn from(path: Path) -> Vec<Pos> {
        path.to_vec()
    }
}

impl TryFrom<Vec<Pos>> for Path {
    type Error = String;
    fn try_from(cells: Vec<Pos>) -> Result<Path, String> {
        Path::new(&cells)
            .ok_or_else(|| format!("a bunny path enters at most {MAX_HOPS} tiles, this one {}", cells.len()))
    }
}

/// The most hops a roll can give: paths are searched on a trail this long
/// (plus the start), kept on the stack.
pub const MAX_HOPS: usize = 3;

/// The most paths of one length from a tile: four first hops, then at most
/// three onward from each tile (never back), for [`MAX_HOPS`] hops.
const MOST_PATHS: usize = 4 * 3usize.pow(MAX_HOPS as u32 - 1);

/// The side of the square of tiles a path of [`MAX_HOPS`] can reach, its
/// start in the middle.
const REACH_SIDE: usize = 2 * MAX_HOPS + 1;

/// Whether the bunny may hop onto `next`: a placed tile, none of `trail`
/// (tiles of this move it may not enter again) and none of `avoid`. Every
/// path search and check of the bunny asks this.
fn may_enter(view: &CoreState, next: Pos, trail: &[Pos], avoid: &[Pos]) -> bool {
    view.board().is_occupied(next) && !trail.contains(&next) && !avoid.contains(&next)
}

/// Writes the paths of exactly `len` hops from `from` (`len` ≤
/// [`MAX_HOPS`]) into `out`, as many as it holds, and returns how many it
/// wrote: orthogonal steps onto placed tiles, no tile (the start included)
/// entered twice, none of `avoid` entered. Paths come in a fixed order:
/// depth first, sides in `Side::ALL` order.
#[inline(never)]
fn collect_paths(view: &CoreState, from: Pos, len: usize, avoid: &[Pos], out: &mut [Path]) -> usize {
    debug_assert!(len <= MAX_HOPS, "no die rolls more than {MAX_HOPS} hops");
    // Three nested loops rather than a recursion: a bunny decision walks
    // up to 52 tiles, and a call for each cost as much as looking at it.
    // Not inlined, and with no closure to call: each caller had its own
    // unrolled copy of the loops, kilobytes of code that, with the engine's
    // and the other expansions', no longer fit the instruction cache a turn
    // runs from.
    // On a square grid a path of at most three hops can come back to a
    // tile only by stepping straight back (a cycle takes four), so each
    // hop need only avoid the tile before last.
    let len = len.min(MAX_HOPS);
    let mut count = 0;
    let mut found = |cells: &[Pos]| {
        if let (Some(slot), Some(path)) = (out.get_mut(count), Path::new(cells)) {
            *slot = path;
            count += 1;
        }
        count == out.len()
    };
    if len == 0 {
        found(&[]);
        return count;
    }
    'search: for first in Side::ALL.map(|side| from.step(side)) {
        if !may_enter(view, first, &[], avoid) {
            continue;
        }
        if len == 1 {
            if found(&[first]) {
                break 'search;
            }
            continue;
        }
        for second in Side::ALL.map(|side| first.step(side)) {
            if !may_enter(view, second, &[from], avoid) {
                continue;
            }
            if len == 2 {
                if found(&[first, second]) {
                    break 'search;
                }
                continue;
            }
            for third in Side::ALL.map(|side| second.step(side)) {
                if may_enter(view, third, &[first], avoid) && found(&[first, second, third]) {
                    break 'search;
                }
            }
        }
    }
    count
}

// `collect_paths` nests one loop a hop.
const _: () = assert!(MAX_HOPS == 3);

/// Every path of exactly `len` hops from `from` (at most [`MAX_HOPS`]):
/// orthogonal steps onto placed tiles, no tile (the start included) entered
/// twice, none of `avoid` (the tiles visited earlier in the phase, under
/// `revisits = "phase"`) entered.
pub fn paths_of_length(view: &CoreState, from: Pos, len: usize, avoid: &[Pos]) -> Vec<Vec<Pos>> {
    let mut found = [Path::EMPTY; MOST_PATHS];
    let count = collect_paths(view, from, len, avoid, &mut found);
    found[..count].iter().map(|path| path.to_vec()).collect()
}

/// The length of the longest path from `from` that enters none of `avoid`,
/// looking no further than `cap` hops (at most [`MAX_HOPS`]).
pub fn longest_path(view: &CoreState, from: Pos, cap: usize, avoid: &[Pos]) -> usize {
    // The first path of each length found ends that search: a bunny on a
    // full board finds one of the cap's length at the first try.
    (1..=cap.min(MAX_HOPS))
        .rev()
        .find(|&len| collect_paths(view, from, len, avoid, &mut [Path::EMPTY]) > 0)
        .unwrap_or(0)
}

impl Easter {
    /// Where the bunny stands and the roll `player` must choose a path for,
    /// when that is the pending decision.
    fn roll_of(state: &State, player: u8) -> Option<(Pos, Roll)> {
        let roll = state.bunny_phase?.current.filter(|r| r.player == player)?;
        Some((state.bunny?, roll))
    }

    /// Puts the bunny on a tile `placer` just placed, as the variant
    /// `bunny_placement` says; a Bunny tile also makes a bunny phase due.
    pub(crate) fn place_bunny(
        &self,
        state: &mut State,
        ctx: &mut Ctx<'_>,
        placed: PlacedTile,
        placer: u8,
        symbol: Option<Symbol>,
    ) {
        let moves_bunny = match symbol {
            Some(Symbol::Bunny) => {
                state.phase_due = Some(placer);
                ctx.arm(self.phase_hook());
                !self.nest_tile_placement || state.bunny.is_none()
            }
            Some(Symbol::Nest) => self.nest_tile_placement,
            None => false,
        };
        if moves_bunny {
            state.bunny = Some(placed.pos);
            ctx.log_with(|| json!({ "bunny-placed": placed.pos }));
        }
    }

    /// Starts the bunny phase a Bunny tile made due this turn, if any.
    pub(crate) fn start_bunny_phase(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let Some(starter) = state.phase_due.take() else {
            return;
        };
        if state.bunny.is_none() {
            ctx.log_with(|| json!({ "bunny-phase": "none: the bunny is not on the board" }));
            return;
        }
        ctx.log_with(|| json!({ "bunny-phase": { "starter": starter, "from": state.bunny } }));
        if self.revisits_phase {
            state.visited = state.bunny.into_iter().collect();
        }
        state.bunny_phase = Some(BunnyPhase {
            starter,
            done: 0,
            current: None,
        });
        self.next_roll(state, ctx);
    }

    /// Gives the next player of the bunny phase their roll and asks for a
    /// path, skipping players who cannot move; ends the phase after the
    /// last player. Asking one player at a time lets each see where the
    /// previous mover left the bunny.
    fn next_roll(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let players = ctx.view().players() as u8;
        loop {
            let Some(phase) = state.bunny_phase.as_mut() else {
                return;
            };
            let Some(from) = state.bunny else {
                state.bunny_phase = None;
                state.visited.clear();
                return;
            };
            if phase.done >= players {
                state.bunny_phase = None;
                state.visited.clear();
                return;
            }
            let player = (phase.starter + phase.done) % players;
            phase.done += 1;
            // One search before the roll: a bunny that cannot hop makes the
            // move void (no roll could change that), and otherwise it goes
            // as far as the roll, or the longest path when that is shorter
            // (a path's first hops are paths too).
            let longest = longest_path(ctx.view(), from, MAX_HOPS, &state.visited) as u8;
            if longest == 0 {
                ctx.log_with(|| json!({ "player": player, "bunny-stuck": from }));
                continue;
            }
            let face = self.die.face(ctx.random_below(6));
            let rolled = self.die.hops(face);
            let reach = rolled.min(longest);
            ctx.log_with(|| json!({ "player": player, "roll": face, "rolled": rolled, "hops": reach }));
            if reach < rolled && self.short_path_stays {
                ctx.log_with(|| json!({ "player": player, "bunny-stays": from }));
                continue;
            }
            phase.current = Some(Roll {
                player,
                face,
                rolled,
                hops: reach,
            });
            ctx.ask(player);
            return;
        }
    }

    /// Every legal path, the mover's most profitable first (most eggs for
    /// the mover, then fewest for the others): the greedy bot, which sees
    /// no points in eggs until the game ends, takes the first of equals.
    pub(crate) fn path_options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        let Some((from, roll)) = Self::roll_of(state, player) else {
            return;
        };
        // The eggs each tile within reach gives, the mover's and the
        // others', found once rather than per path; they and the paths stay
        // on the stack, since allocating them cost a listing as much as
        // its search.
        let hops = roll.hops as usize;
        let mut eggs = [[(0u32, 0u32); REACH_SIDE]; REACH_SIDE];
        let cell = |p: Pos| -> Option<(usize, usize)> {
            let (dx, dy) = (p.x - from.x + MAX_HOPS as i32, p.y - from.y + MAX_HOPS as i32);
            let (dx, dy) = (usize::try_from(dx).ok()?, usize::try_from(dy).ok()?);
            (dx < REACH_SIDE && dy < REACH_SIDE).then_some((dx, dy))
        };
        for f in view.figures() {
            let Some((dx, dy)) = cell(f.pos) else {
                continue;
            };
            let follower = view
                .tables()
                .figures()
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower);
            if follower {
                let (mine, others) = &mut eggs[dy][dx];
                *if f.owner == player { mine } else { others } += 1;
            }
        }
        let mut paths = [Path::EMPTY; MOST_PATHS];
        let count = collect_paths(view, from, hops, &state.visited, &mut paths);
        // Each path's eggs for the mover and for the others, with its
        // index: ranked without moving the paths themselves.
        let mut ranked = [(0u32, 0u32, 0usize); MOST_PATHS];
        for (i, (slot, path)) in ranked.iter_mut().zip(&paths[..count]).enumerate() {
            let (mut mine, mut others) = (0, 0);
            for (dx, dy) in path.iter().filter_map(|&p| cell(p)) {
                mine += eggs[dy][dx].0;
                others += eggs[dy][dx].1;
            }
            *slot = (mine, others, i);
        }
        let ranked = &mut ranked[..count];
        // A stable sort: equal paths keep the search's order.
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        out.extend(ranked.iter().map(|&(_, _, i)| Action { path: paths[i] }));
    }

    // Checked step by step rather than by listing every path: the same
    // conditions as `collect_paths` (`may_enter`).
    pub(crate) fn is_path_option(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> bool {
        let Some((from, roll)) = Self::roll_of(state, player) else {
            return false;
        };
        if action.path.len() != roll.hops as usize {
            return false;
        }
        let mut here = from;
        for (i, &next) in action.path.iter().enumerate() {
            let adjacent = Side::ALL.iter().any(|&side| here.step(side) == next);
            if !adjacent || next == from || !may_enter(view, next, &action.path[..i], &state.visited) {
                return false;
            }
            here = next;
        }
        true
    }

    // Collects the paths on the stack in one search and draws one: exactly
    // uniform, with no list and no allocation (the same draw as counting
    // and searching again to the drawn index).
    pub(crate) fn sample_path(&self, state: &State, view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Action> {
        let (from, roll) = Self::roll_of(state, player)?;
        let mut found = [Path::EMPTY; MOST_PATHS];
        let count = collect_paths(view, from, usize::from(roll.hops), &state.visited, &mut found);
        if count == 0 {
            return None;
        }
        let drawn = rng.below(count as u32) as usize;
        Some(Action { path: found[drawn] })
    }

    pub(crate) fn play_path(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some(roll) = state.bunny_phase.as_mut().and_then(|p| p.current.take()) else {
            return;
        };
        let from = state.bunny;
        debug_assert_eq!(roll.player, player, "the engine offers the path to the roller");
        let view = ctx.view();
        // The eggs each seat gains, on the stack.
        let mut gained = [0u32; MAX_PLAYERS];
        let gained = &mut gained[..view.players().min(MAX_PLAYERS)];
        for &p in action.path.iter() {
            for owner in egg_earners(view, p) {
                if let Some(g) = gained.get_mut(owner as usize) {
                    *g += 1;
                }
            }
        }
        add_eggs(state, gained);
        if let Some(&end) = action.path.last() {
            state.bunny = Some(end);
        }
        if self.revisits_phase {
            state.visited.extend_from_slice(&action.path);
        }
        ctx.log_with(|| json!({ "player": player, "from": from, "bunny-path": action.path, "eggs": gained }));
        self.next_roll(state, ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice() {
        let special: Vec<u8> = (0..6).map(|d| Die::Special.hops(Die::Special.face(d))).collect();
        assert_eq!(special, [1, 1, 2, 2, 3, 3]);
        let d6: Vec<(u8, u8)> = (0..6)
            .map(|d| (Die::D6.face(d), Die::D6.hops(Die::D6.face(d))))
            .collect();
        assert_eq!(d6, [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]);
    }
}
