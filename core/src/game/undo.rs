//! Taking decisions back, for search: a tree search plays a line of
//! decisions, looks at the result and comes back, and copying the whole
//! game at every node costs more than noting what each decision changed.
//!
//! While undo is on ([`Game::set_undoable`]), every accepted [`Game::play`]
//! pushes a frame: the small parts of the state as they were (scores,
//! supplies, figures, the bag, the turn, the RNG, the expansions' states
//! and the hooks they armed, the frontier) and where the journals of the
//! two big parts stood — the board grid and the feature graph note what
//! each write replaced (and append only otherwise), so a frame holds only
//! what the decision changed there. [`Game::undo`] puts it all back.
//! Frames keep their buffers for the next decision, so a search that plays
//! and undoes allocates nothing in the core once warmed up.

use super::Game;
use crate::events::Event;
use crate::expansion::{DynInstance, Hooks};
use crate::game::PlayError;
use crate::rng::GameRng;
use crate::state::CoreMark;
use std::collections::VecDeque;

/// The state before one decision, as `undo` restores it.
#[derive(Clone, Debug)]
struct Frame {
    core: CoreMark,
    rng: GameRng,
    ext: Vec<Box<dyn DynInstance>>,
    armed: Vec<Hooks>,
    asks: VecDeque<(u8, u8)>,
    events: Vec<Event>,
    broken: Option<PlayError>,
}

impl Frame {
    fn of(game: &Game) -> Frame {
        Frame {
            core: CoreMark::of(&game.core),
            rng: game.rng.clone(),
            ext: game.ext.clone(),
            armed: game.armed.clone(),
            asks: game.asks.clone(),
            events: game.events.clone(),
            broken: game.broken.clone(),
        }
    }

    /// Notes `game` into this frame's buffers.
    fn save(&mut self, game: &Game) {
        self.core.save(&game.core);
        self.rng.clone_from(&game.rng);
        self.ext.clone_from(&game.ext);
        self.armed.clone_from(&game.armed);
        self.asks.clone_from(&game.asks);
        self.events.clone_from(&game.events);
        self.broken.clone_from(&game.broken);
    }

    /// Puts `game` back as noted; the frame keeps the newer buffers for reuse.
    fn restore(&mut self, game: &mut Game) {
        self.core.restore(&mut game.core);
        std::mem::swap(&mut game.rng, &mut self.rng);
        std::mem::swap(&mut game.ext, &mut self.ext);
        std::mem::swap(&mut game.armed, &mut self.armed);
        std::mem::swap(&mut game.asks, &mut self.asks);
        std::mem::swap(&mut game.events, &mut self.events);
        std::mem::swap(&mut game.broken, &mut self.broken);
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
        self.core.set_journaling(on);
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
