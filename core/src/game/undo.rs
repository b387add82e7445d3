//! Taking decisions back, for search: a tree search plays a line of
//! decisions, looks at the result and comes back, and copying the whole
//! game at every node costs more than noting what each decision changed.
//!
//! While undo is on ([`Game::set_undoable`]), every accepted [`Game::play`]
//! pushes a frame: the small parts of the state as they were (scores,
//! supplies, figures, the bag, the turn, the RNG, the expansions' states,
//! the frontier) and where the journals of the two big parts stood — the
//! board grid and the feature graph note what each write replaced (and
//! append only otherwise), so a frame holds only what the decision changed
//! there. [`Game::undo`] puts it all back. Frames keep their buffers for
//! the next decision, so a search that plays and undoes allocates nothing
//! in the core once warmed up.

use super::Game;
use crate::board::BoardMark;
use crate::events::Event;
use crate::expansion::ErasedState;
use crate::features::FeaturesMark;
use crate::figures::{FigureId, PlacedFigure};
use crate::game::PlayError;
use crate::rng::GameRng;
use crate::state::{Phase, Turn};
use std::collections::VecDeque;

/// The state before one decision, as `undo` restores it.
#[derive(Clone, Debug)]
struct Frame {
    board: BoardMark,
    features: FeaturesMark,
    rng: GameRng,
    ext: Vec<Box<dyn ErasedState>>,
    asks: VecDeque<(u8, u8)>,
    events: Vec<Event>,
    broken: Option<PlayError>,
    figures: Vec<PlacedFigure>,
    next_figure: FigureId,
    supply: Vec<u8>,
    scores: Vec<i32>,
    breakdown: Vec<i32>,
    bag: Vec<u16>,
    discarded: usize,
    turn: Turn,
    phase: Phase,
}

impl Frame {
    fn of(game: &Game) -> Frame {
        let mut board = BoardMark::default();
        game.core.board.mark(&mut board);
        Frame {
            board,
            features: game.core.features.mark(),
            rng: game.rng.clone(),
            ext: game.ext.clone(),
            asks: game.asks.clone(),
            events: game.events.clone(),
            broken: game.broken.clone(),
            figures: game.core.figures.clone(),
            next_figure: game.core.next_figure,
            supply: game.core.supply.clone(),
            scores: game.core.scores.clone(),
            breakdown: game.core.breakdown.clone(),
            bag: game.core.bag.clone(),
            discarded: game.core.discarded.len(),
            turn: game.core.turn.clone(),
            phase: game.core.phase,
        }
    }

    /// Notes `game` into this frame's buffers.
    fn save(&mut self, game: &Game) {
        let core = &game.core;
        core.board.mark(&mut self.board);
        self.features = core.features.mark();
        self.rng.clone_from(&game.rng);
        self.ext.clone_from(&game.ext);
        self.asks.clone_from(&game.asks);
        self.events.clone_from(&game.events);
        self.broken.clone_from(&game.broken);
        self.figures.clone_from(&core.figures);
        self.next_figure = core.next_figure;
        self.supply.clone_from(&core.supply);
        self.scores.clone_from(&core.scores);
        self.breakdown.clone_from(&core.breakdown);
        self.bag.clone_from(&core.bag);
        self.discarded = core.discarded.len();
        self.turn.clone_from(&core.turn);
        self.phase = core.phase;
    }

    /// Puts `game` back as noted; the frame keeps the newer buffers for reuse.
    fn restore(&mut self, game: &mut Game) {
        let core = &mut game.core;
        core.board.rollback(&self.board);
        core.features.rollback(self.features);
        std::mem::swap(&mut game.rng, &mut self.rng);
        std::mem::swap(&mut game.ext, &mut self.ext);
        std::mem::swap(&mut game.asks, &mut self.asks);
        std::mem::swap(&mut game.events, &mut self.events);
        std::mem::swap(&mut game.broken, &mut self.broken);
        std::mem::swap(&mut core.figures, &mut self.figures);
        core.next_figure = self.next_figure;
        std::mem::swap(&mut core.supply, &mut self.supply);
        std::mem::swap(&mut core.scores, &mut self.scores);
        std::mem::swap(&mut core.breakdown, &mut self.breakdown);
        std::mem::swap(&mut core.bag, &mut self.bag);
        core.discarded.truncate(self.discarded);
        std::mem::swap(&mut core.turn, &mut self.turn);
        core.phase = self.phase;
    }
}

/// The frames of the decisions that can be undone, newest last, and spare
/// frames past them whose buffers the next decisions reuse.
#[derive(Clone, Debug, Default)]
pub(super) struct History {
    frames: Vec<Frame>,
    depth: usize,
}

impl Game {
    /// Switches undo on or off (off by default). While on, every accepted
    /// [`Game::play`] (and each step of [`Game::play_move`]) can be taken
    /// back with [`Game::undo`], newest first, back to when undo was
    /// switched on; switching it off forgets the history. It costs a little
    /// on every decision (the state's small parts are noted, and writes to
    /// the board grid and the feature graph are journaled), nothing while off.
    ///
    /// A copy ([`Clone`]) keeps the history; a search that copies games it
    /// will not undo may switch it off on the copies.
    pub fn set_undoable(&mut self, on: bool) {
        if on == self.history.is_some() {
            return;
        }
        self.history = on.then(Box::default);
        self.core.board.set_journaling(on);
        self.core.features.set_journaling(on);
    }

    /// Whether undo is on (see [`Game::set_undoable`]).
    pub fn is_undoable(&self) -> bool {
        self.history.is_some()
    }

    /// How many decisions [`Game::undo`] can take back.
    pub fn undo_depth(&self) -> usize {
        self.history.as_ref().map_or(0, |h| h.depth)
    }

    /// Takes the last accepted decision back: the game is exactly as it was
    /// before it (state, RNG, expansions' states, pending decision, the
    /// events of the play before). False when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(mut history) = self.history.take() else {
            return false;
        };
        let undone = history.depth > 0;
        if undone {
            history.depth -= 1;
            history.frames[history.depth].restore(self);
        }
        self.history = Some(history);
        undone
    }

    /// Notes the state before a decision, when undo is on: one test of a
    /// field when it is off.
    #[inline]
    pub(super) fn push_undo_frame(&mut self) {
        if self.history.is_some() {
            self.push_undo_frame_now();
        }
    }

    #[inline(never)]
    fn push_undo_frame_now(&mut self) {
        let Some(mut history) = self.history.take() else {
            return;
        };
        match history.frames.get_mut(history.depth) {
            Some(frame) => frame.save(self),
            None => history.frames.push(Frame::of(self)),
        }
        history.depth += 1;
        self.history = Some(history);
    }
}
