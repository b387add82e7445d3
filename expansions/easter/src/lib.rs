//! Easter in Carcassonne (fan expansion by Fritz_Spinne, HiG edition 2014),
//! as the rules digest's section "Easter in Carcassonne" states it.
//!
//! - Tiles carry a symbol (`[tile.easter] symbol = "nest"` or `"bunny"`).
//! - **Nest scoring**: when a placement completes the 3×3 block around a nest
//!   tile (the nest tile itself may be the last one), the nest is scored
//!   after the turn's regular scoring: 2 eggs to the placer of the completing
//!   tile, then 1 egg per follower on the 9 tiles. Once per nest.
//! - **Bunny**: placing a Bunny tile puts the bunny on it (variant
//!   `bunny_placement`) and, after the turn, starts a **bunny phase**: from
//!   that tile's placer round the table once, each player rolls the die and
//!   chooses a path of exactly that many hops for the bunny (orthogonal steps
//!   onto placed tiles, no tile twice: variant `revisits`); every follower on
//!   an entered tile earns its owner 1 egg. With no path of exactly the roll
//!   the bunny stays and the move is void (variant `short_path`: `longest`
//!   walks a longest path instead).
//! - **Final scoring**: 10 points to the player(s) with the most eggs, 5 to
//!   the player(s) with the second-highest count; 0 eggs score nothing.
//!
//! Which figures earn eggs is read from each figure's declaration: every
//! figure of class `Follower` earns 1 egg (a big follower too, once), no
//! `Special` figure (barn, builder, pig) ever does.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::rng::GameRng;
use carcassonne_core::tiles::{AttributeProblem, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, EarlierDefault, Expansion, ExpansionInfo, FeatureKind, FigureClass, Pos, Side,
    TileFile, VariantDecl, register_expansion,
};
use carcassonne_core::{serde_json, toml};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::ops::ControlFlow;

/// The expansion's id, also the key of its tables in tile files.
pub const ID: &str = "easter";

/// The rule variants: every "(choice)" of the digest, HiG edition by default.
pub const VARIANTS: [VariantDecl; 6] = [
    VariantDecl {
        name: "bunny_placement",
        values: &["bunny-tile", "nest-tile"],
        default: "bunny-tile",
        description: "where the bunny goes: onto each Bunny tile placed (HiG), or onto the last Nest tile placed \
                      and onto a Bunny tile only while it is off the board (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "bunny_phase",
        values: &["after-scoring", "before-scoring"],
        default: "after-scoring",
        description: "whether the bunny phase follows the turn's regular scoring (HiG) or comes before it (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "die",
        values: &["special", "d6"],
        default: "special",
        description: "the die: faces 1,1,2,2,3,3 (special), or a normal die where 1-2, 3-4, 5-6 give 1, 2, 3 hops",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "second_place",
        values: &["always", "more-than-two-players"],
        default: "always",
        description: "whether the 5 points for the second-highest egg count are given always (HiG) or only with \
                      3 or more players (original)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "short_path",
        values: &["stay", "longest"],
        default: "stay",
        description: "when no path of exactly the rolled length exists: the bunny stays and the move is void (the \
                      source: the following players must forgo the movement), or it moves along a longest path",
        earlier_defaults: &[EarlierDefault {
            until: "0.2.0",
            value: "longest",
        }],
    },
    VariantDecl {
        name: "revisits",
        values: &["move", "phase"],
        default: "move",
        description: "where the no-revisit rule applies: within one player's move, or through the whole bunny \
                      phase (no tile entered twice, the phase's starting tile included, so dead ends last)",
        earlier_defaults: &[],
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Easter in Carcassonne",
    version: env!("CARGO_PKG_VERSION"),
    description: "Easter Nests and the Easter bunny hand out eggs; most eggs score 10, second most 5",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "easter.toml",
        embedded: include_str!("../../../tiles/easter.toml"),
    }],
    variants: &VARIANTS,
    figures: &[],
    // The final egg award, shown as `easter` in the breakdown. Eggs
    // themselves are not points; they are in the public state.
    score_sources: &[""],
    check_attributes,
    build,
};

register_expansion!(INFO);

/// Points for the most eggs.
pub const FIRST_PLACE_POINTS: i32 = 10;
/// Points for the second-highest egg count.
pub const SECOND_PLACE_POINTS: i32 = 5;
/// Eggs for the player whose tile completes a nest.
pub const NEST_PLACER_EGGS: u32 = 2;

/// The symbol a tile carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An Easter Nest.
    Nest,
    /// The Easter Bunny.
    Bunny,
}

impl Symbol {
    fn parse(s: &str) -> Option<Symbol> {
        match s {
            "nest" => Some(Symbol::Nest),
            "bunny" => Some(Symbol::Bunny),
            _ => None,
        }
    }
}

/// The symbol tile type `tile` carries, read from its `[tile.easter]` table.
pub fn symbol_of(tile: &TileType) -> Option<Symbol> {
    tile.def.attribute(ID)?.get("symbol")?.as_str().and_then(Symbol::parse)
}

/// The symbol of the tile at `pos`, if a tile lies there and carries one.
pub fn symbol_at(view: &CoreState, pos: Pos) -> Option<Symbol> {
    symbol_of(view.rules().tile(view.board().get(pos)?.tile))
}

/// Checks `[tile.easter]`: exactly `symbol = "nest" | "bunny"`; symbols are
/// not features, so a table on a feature is refused.
fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    if let Some(kind) = feature {
        return vec![AttributeProblem::new(
            &[],
            format!(
                "Easter symbols are not features and cannot sit on a {kind}: put `[tile.easter] symbol = \"nest\"` \
                 (or \"bunny\") on the tile"
            ),
        )];
    }
    let Some(entries) = table.as_table() else {
        return vec![AttributeProblem::new(
            &[],
            "`easter` must be a table such as `{ symbol = \"nest\" }`",
        )];
    };
    let mut problems = Vec::new();
    for (key, value) in entries {
        match (key.as_str(), value.as_str()) {
            ("symbol", Some(s)) if Symbol::parse(s).is_some() => {}
            ("symbol", Some(s)) => problems.push(AttributeProblem::new(
                &["symbol"],
                format!("unknown symbol `{s}`; expected \"nest\" or \"bunny\""),
            )),
            ("symbol", None) => problems.push(AttributeProblem::new(
                &["symbol"],
                "`symbol` must be a string: \"nest\" or \"bunny\"",
            )),
            (other, _) => problems.push(AttributeProblem::new(
                &[other],
                format!("unknown key `{other}`; the only key is `symbol`"),
            )),
        }
    }
    if !entries.contains_key("symbol") {
        problems.push(AttributeProblem::new(
            &[],
            "an `easter` table needs a `symbol` (\"nest\" or \"bunny\")",
        ));
    }
    problems
}

/// The die of the bunny phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Die {
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

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let pick = |name: &str, a: &str, b: &str| -> Result<bool, String> {
        match ctx.variant(name) {
            v if v == a => Ok(false),
            v if v == b => Ok(true),
            v => Err(format!("variant `{name}` cannot be `{v}`; allowed: {a}, {b}")),
        }
    };
    Ok(expansion::boxed(Easter {
        nest_tile_placement: pick("bunny_placement", "bunny-tile", "nest-tile")?,
        phase_before_scoring: pick("bunny_phase", "after-scoring", "before-scoring")?,
        die: if pick("die", "special", "d6")? {
            Die::D6
        } else {
            Die::Special
        },
        second_needs_three: pick("second_place", "always", "more-than-two-players")?,
        short_path_stays: pick("short_path", "longest", "stay")?,
        revisits_phase: pick("revisits", "move", "phase")?,
        symbols: ctx.tiles.iter().map(symbol_of).collect(),
    }))
}

/// The rules for one game, with its variants.
struct Easter {
    /// Original rules: the bunny goes to the last placed Nest tile.
    nest_tile_placement: bool,
    /// Original rules: the bunny phase comes before the turn's regular scoring.
    phase_before_scoring: bool,
    die: Die,
    /// Original rules: 5 points for second place only with 3+ players.
    second_needs_three: bool,
    /// A roll longer than any possible path leaves the bunny in place.
    short_path_stays: bool,
    /// No tile entered twice in a whole bunny phase, not only in one move.
    revisits_phase: bool,
    /// The symbol of each tile type, by index: read once here, since every
    /// placement asks it for nine tiles.
    symbols: Vec<Option<Symbol>>,
}

/// A nest completed this turn, scored after the regular scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CompletedNest {
    /// The nest tile.
    pub pos: Pos,
    /// Who placed the tile that completed its 3×3 block.
    pub placer: u8,
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

/// What the expansion remembers. Everything here is public information.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Eggs of each player, by seat.
    pub eggs: Vec<u32>,
    /// Where the bunny stands, once it is on the board.
    pub bunny: Option<Pos>,
    /// Nests scored so far, in order.
    pub nests_scored: Vec<Pos>,
    /// Nests completed this turn, waiting for the end of regular scoring.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nests_pending: Vec<CompletedNest>,
    /// The placer of a Bunny tile this turn, whose bunny phase is due.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase_due: Option<u8>,
    /// The bunny phase in progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bunny_phase: Option<BunnyPhase>,
    /// Under `revisits = "phase"`: the tiles the bunny has stood on during
    /// the phase in progress (where it started, then every tile entered),
    /// which no later path of the phase may enter.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub visited: Vec<Pos>,
    /// Nest tiles on the board whose 3×3 block is not complete yet, in
    /// placement order: a placement completes at most these, so it looks
    /// them up here instead of reading its nine cells' symbols. Derived from
    /// the board (not shown, not saved).
    #[serde(skip)]
    pub nests_open: Vec<Pos>,
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

/// The owners of the egg-earning figures on the tile at `pos`: one entry per
/// figure whose declaration is of class `Follower`.
fn egg_earners(view: &CoreState, pos: Pos) -> impl Iterator<Item = u8> + '_ {
    let decls = view.rules().figures();
    view.figures_on(pos)
        .filter(move |f| {
            decls
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower)
        })
        .map(|f| f.owner)
}

/// The most hops a roll can give: paths are searched on a trail this long
/// (plus the start), kept on the stack.
pub const MAX_HOPS: usize = 3;

/// Calls `visit` with every path of exactly `len` hops from `from`
/// (`len` ≤ [`MAX_HOPS`]): orthogonal steps onto placed tiles, no tile (the
/// start included) entered twice, none of `avoid` entered. Paths come in a
/// fixed order: depth first, sides in `Side::ALL` order. `visit` may stop
/// the search.
fn search_paths(
    view: &CoreState,
    from: Pos,
    len: usize,
    avoid: &[Pos],
    mut visit: impl FnMut(&[Pos]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        view: &CoreState,
        trail: &mut [Pos; MAX_HOPS + 1],
        done: usize,
        len: usize,
        avoid: &[Pos],
        visit: &mut dyn FnMut(&[Pos]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if done == len {
            return visit(&trail[1..=len]);
        }
        let here = trail[done];
        for side in Side::ALL {
            let next = here.step(side);
            if view.board().is_occupied(next) && !trail[..=done].contains(&next) && !avoid.contains(&next) {
                trail[done + 1] = next;
                extend(view, trail, done + 1, len, avoid, visit)?;
            }
        }
        ControlFlow::Continue(())
    }
    debug_assert!(len <= MAX_HOPS, "no die rolls more than {MAX_HOPS} hops");
    let mut trail = [from; MAX_HOPS + 1];
    extend(view, &mut trail, 0, len.min(MAX_HOPS), avoid, &mut visit)
}

/// Every path of exactly `len` hops from `from` (at most [`MAX_HOPS`]):
/// orthogonal steps onto placed tiles, no tile (the start included) entered
/// twice, none of `avoid` (the tiles visited earlier in the phase, under
/// `revisits = "phase"`) entered.
pub fn paths_of_length(view: &CoreState, from: Pos, len: usize, avoid: &[Pos]) -> Vec<Vec<Pos>> {
    let mut out = Vec::new();
    let _ = search_paths(view, from, len, avoid, |path| {
        out.push(path.to_vec());
        ControlFlow::Continue(())
    });
    out
}

/// The length of the longest path from `from` that enters none of `avoid`,
/// looking no further than `cap` hops.
pub fn longest_path(view: &CoreState, from: Pos, cap: usize, avoid: &[Pos]) -> usize {
    // A path of `n` hops has one of `n - 1` hops as its start, so the
    // lengths are tried in turn, each search stopping at its first path.
    (1..=cap.min(MAX_HOPS))
        .take_while(|&len| search_paths(view, from, len, avoid, |_| ControlFlow::Break(())).is_break())
        .last()
        .unwrap_or(0)
}

/// Points of the final scoring for each player's egg count.
///
/// The player(s) with the most eggs score 10; the player(s) with the
/// second-highest count (the next lower count, after any tie for first)
/// score 5 — unless `second_needs_three` and fewer than 3 players play. A
/// player with 0 eggs scores nothing.
pub fn final_points(eggs: &[u32], second_needs_three: bool) -> Vec<i32> {
    let first = eggs.iter().copied().filter(|&e| e > 0).max();
    let second = first.and_then(|top| eggs.iter().copied().filter(|&e| e > 0 && e < top).max());
    let second_allowed = !second_needs_three || eggs.len() > 2;
    eggs.iter()
        .map(|&e| {
            if Some(e) == first {
                FIRST_PLACE_POINTS
            } else if Some(e) == second && second_allowed {
                SECOND_PLACE_POINTS
            } else {
                0
            }
        })
        .collect()
}

impl Easter {
    /// Where the bunny stands and the roll `player` must choose a path for,
    /// when that is the pending decision.
    fn roll_of(state: &State, player: u8) -> Option<(Pos, Roll)> {
        let roll = state.bunny_phase?.current.filter(|r| r.player == player)?;
        Some((state.bunny?, roll))
    }

    /// The symbol of tile type `tile` (as [`symbol_of`], from the table).
    fn symbol(&self, tile: u16) -> Option<Symbol> {
        self.symbols.get(tile as usize).copied().flatten()
    }

    fn add_eggs(state: &mut State, gained: &[u32]) {
        for (total, g) in state.eggs.iter_mut().zip(gained) {
            *total += g;
        }
    }

    fn score_nests(state: &mut State, ctx: &mut Ctx<'_>) {
        for nest in std::mem::take(&mut state.nests_pending) {
            let view = ctx.view();
            let mut gained = vec![0u32; view.players()];
            if let Some(g) = gained.get_mut(nest.placer as usize) {
                *g += NEST_PLACER_EGGS;
            }
            for p in std::iter::once(nest.pos).chain(nest.pos.ring()) {
                for owner in egg_earners(view, p) {
                    gained[owner as usize] += 1;
                }
            }
            Self::add_eggs(state, &gained);
            state.nests_scored.push(nest.pos);
            ctx.log_with(|| json!({ "nest": nest.pos, "placer": nest.placer, "eggs": gained }));
        }
    }

    /// Starts the bunny phase a Bunny tile made due this turn, if any.
    fn start_bunny_phase(&self, state: &mut State, ctx: &mut Ctx<'_>) {
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
            // A bunny that cannot hop makes the move void: no roll could change that.
            if longest_path(ctx.view(), from, 1, &state.visited) == 0 {
                ctx.log_with(|| json!({ "player": player, "bunny-stuck": from }));
                continue;
            }
            let face = self.die.face(ctx.random_below(6));
            let rolled = self.die.hops(face);
            let reach = longest_path(ctx.view(), from, rolled as usize, &state.visited) as u8;
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
}

impl Expansion for Easter {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        State {
            eggs: vec![0; view.players()],
            bunny: None,
            nests_scored: Vec::new(),
            nests_pending: Vec::new(),
            phase_due: None,
            bunny_phase: None,
            visited: Vec::new(),
            // The start tile is on the board before any placement.
            nests_open: view
                .board()
                .tiles()
                .iter()
                .filter(|t| self.symbol(t.tile) == Some(Symbol::Nest))
                .map(|t| t.pos)
                .collect(),
        }
    }

    fn hooks(&self) -> Hooks {
        let phase = if self.phase_before_scoring {
            Hooks::BEFORE_SCORING
        } else {
            Hooks::NONE
        };
        Hooks::TILE_PLACED | phase | Hooks::AFTER_SCORING | Hooks::FINAL_SCORING
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let view = ctx.view();
        let placer = placed.placer.unwrap_or(view.turn().player);
        let symbol = self.symbol(placed.tile);
        if symbol == Some(Symbol::Nest) {
            state.nests_open.push(placed.pos);
        }
        // Only this placement can have filled the last cell of a block that
        // contains it, so the nest must be this tile or one of its ring
        // (looked at in that order, which is the order they score in).
        let completes =
            |n: &Pos| (n.x - placed.pos.x).abs() <= 1 && (n.y - placed.pos.y).abs() <= 1 && view.neighbours(*n) == 8;
        if state.nests_open.iter().any(completes) {
            for p in std::iter::once(placed.pos).chain(placed.pos.ring()) {
                if let Some(i) = state.nests_open.iter().position(|&n| n == p)
                    && view.neighbours(p) == 8
                {
                    state.nests_open.remove(i);
                    state.nests_pending.push(CompletedNest { pos: p, placer });
                }
            }
        }
        let moves_bunny = match symbol {
            Some(Symbol::Bunny) => {
                state.phase_due = Some(placer);
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

    fn before_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.phase_before_scoring {
            self.start_bunny_phase(state, ctx);
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        Self::score_nests(state, ctx);
        if !self.phase_before_scoring {
            self.start_bunny_phase(state, ctx);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let points = final_points(&state.eggs, self.second_needs_three);
        ctx.log_with(|| json!({ "final": { "eggs": state.eggs, "points": points } }));
        for (player, &p) in points.iter().enumerate() {
            if p != 0 {
                ctx.score(player as u8, p, "");
            }
        }
    }

    /// Every legal path, the mover's most profitable first (most eggs for
    /// the mover, then fewest for the others): the greedy bot, which sees
    /// no points in eggs until the game ends, takes the first of equals.
    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        let Some((from, roll)) = Self::roll_of(state, player) else {
            return;
        };
        // Whose eggs lie within reach, found once rather than per path.
        let hops = roll.hops as usize;
        let near: Vec<(Pos, u8)> = view
            .figures()
            .iter()
            .filter(|f| (f.pos.x - from.x).unsigned_abs() + (f.pos.y - from.y).unsigned_abs() <= hops as u32)
            .filter(|f| {
                view.rules()
                    .figures()
                    .get(f.kind as usize)
                    .is_some_and(|d| d.class == FigureClass::Follower)
            })
            .map(|f| (f.pos, f.owner))
            .collect();
        let mut paths: Vec<(u32, u32, Action)> = Vec::new();
        let _ = search_paths(view, from, hops, &state.visited, |path| {
            let (mut mine, mut others) = (0, 0);
            for &(pos, owner) in &near {
                if path.contains(&pos) {
                    if owner == player {
                        mine += 1;
                    } else {
                        others += 1;
                    }
                }
            }
            if let Some(path) = Path::new(path) {
                paths.push((mine, others, Action { path }));
            }
            ControlFlow::Continue(())
        });
        // A stable sort: equal paths keep the search's order.
        paths.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        out.extend(paths.into_iter().map(|(_, _, action)| action));
    }

    // Checked step by step rather than by listing every path: the same
    // conditions as `search_paths`.
    fn is_option(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> bool {
        let Some((from, roll)) = Self::roll_of(state, player) else {
            return false;
        };
        if action.path.len() != roll.hops as usize {
            return false;
        }
        let mut here = from;
        for (i, &next) in action.path.iter().enumerate() {
            let adjacent = Side::ALL.iter().any(|&side| here.step(side) == next);
            let revisits = next == from || action.path[..i].contains(&next) || state.visited.contains(&next);
            if !adjacent || revisits || !view.board().is_occupied(next) {
                return false;
            }
            here = next;
        }
        true
    }

    // Counts the paths, draws an index and walks the search again to it:
    // exactly uniform, with no list and no allocation.
    fn sample_option(&self, state: &State, view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Action> {
        let (from, roll) = Self::roll_of(state, player)?;
        let hops = usize::from(roll.hops);
        let mut count = 0u32;
        let _ = search_paths(view, from, hops, &state.visited, |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        if count == 0 {
            return None;
        }
        let mut left = rng.below(count);
        let mut drawn = None;
        let _ = search_paths(view, from, hops, &state.visited, |path| {
            if left > 0 {
                left -= 1;
                return ControlFlow::Continue(());
            }
            drawn = Path::new(path);
            ControlFlow::Break(())
        });
        drawn.map(|path| Action { path })
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some(roll) = state.bunny_phase.as_mut().and_then(|p| p.current.take()) else {
            return;
        };
        debug_assert_eq!(roll.player, player, "the engine offers the path to the roller");
        let view = ctx.view();
        let mut gained = vec![0u32; view.players()];
        for &p in action.path.iter() {
            for owner in egg_earners(view, p) {
                gained[owner as usize] += 1;
            }
        }
        Self::add_eggs(state, &gained);
        if let Some(&end) = action.path.last() {
            state.bunny = Some(end);
        }
        if self.revisits_phase {
            state.visited.extend_from_slice(&action.path);
        }
        ctx.log_with(|| json!({ "player": player, "bunny-path": action.path, "eggs": gained }));
        self.next_roll(state, ctx);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "bunny path"
    }

    // Everything in the state is public; `markers` lets pictures show the
    // bunny (the renderers' generic convention).
    fn public_state(&self, state: &State) -> serde_json::Value {
        let mut value = serde_json::to_value(state).unwrap_or(serde_json::Value::Null);
        if let Some(map) = value.as_object_mut() {
            let markers: Vec<serde_json::Value> = state
                .bunny
                .iter()
                .map(|p| serde_json::json!({ "pos": [p.x, p.y], "label": "bunny" }))
                .collect();
            map.insert("markers".into(), serde_json::Value::Array(markers));
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(feature: Option<FeatureKind>, text: &str) -> Vec<String> {
        let value: toml::Value = toml::from_str::<toml::Table>(text).map(toml::Value::Table).unwrap();
        check_attributes(feature, &value)
            .into_iter()
            .map(|p| format!("{}: {}", p.path.join("."), p.message))
            .collect()
    }

    #[test]
    fn attribute_table_is_checked() {
        assert!(check(None, "symbol = \"nest\"").is_empty());
        assert!(check(None, "symbol = \"bunny\"").is_empty());
        let bad = check(None, "symbol = \"egg\"");
        assert_eq!(bad.len(), 1);
        assert!(bad[0].contains("unknown symbol `egg`"), "{bad:?}");
        let bad = check(None, "symbol = 3");
        assert!(bad[0].contains("must be a string"), "{bad:?}");
        let bad = check(None, "symbol = \"nest\"\ncolour = \"blue\"");
        assert_eq!(bad, vec!["colour: unknown key `colour`; the only key is `symbol`"]);
        let bad = check(None, "");
        assert!(bad[0].contains("needs a `symbol`"), "{bad:?}");
        let bad = check(Some(FeatureKind::Road), "symbol = \"nest\"");
        assert!(bad[0].contains("not features"), "{bad:?}");
        assert!(!check_attributes(None, &toml::Value::String("nest".into())).is_empty());
    }

    #[test]
    fn dice() {
        let special: Vec<u8> = (0..6).map(|d| Die::Special.hops(Die::Special.face(d))).collect();
        assert_eq!(special, [1, 1, 2, 2, 3, 3]);
        let d6: Vec<(u8, u8)> = (0..6)
            .map(|d| (Die::D6.face(d), Die::D6.hops(Die::D6.face(d))))
            .collect();
        assert_eq!(d6, [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]);
    }

    #[test]
    fn final_points_follow_the_digest() {
        // Clear first and second.
        assert_eq!(final_points(&[7, 3, 1], false), [10, 5, 0]);
        // Tie for first: both 10; the next lower count is second.
        assert_eq!(final_points(&[5, 5, 3], false), [10, 10, 5]);
        // Tie for second: both 5.
        assert_eq!(final_points(&[6, 3, 3], false), [10, 5, 5]);
        // Everyone tied: all first, nobody second.
        assert_eq!(final_points(&[4, 4], false), [10, 10]);
        // 0 eggs scores nothing, even as the "second-highest" count.
        assert_eq!(final_points(&[4, 0], false), [10, 0]);
        assert_eq!(final_points(&[0, 0, 0], false), [0, 0, 0]);
        // Original rules: second place needs 3+ players.
        assert_eq!(final_points(&[4, 2], true), [10, 0]);
        assert_eq!(final_points(&[4, 2], false), [10, 5]);
        assert_eq!(final_points(&[4, 2, 0], true), [10, 5, 0]);
    }
}
