//! A game: the core state, the expansions' states and the RNG, driven by
//! decisions. `play` checks an action against the state, then executes it
//! into events that are applied one by one; a rejected action leaves the
//! game untouched and says why.

use crate::after_placement::AfterPlacement;
use crate::events::Event;
use crate::expansion::{
    Ctx, Deployment, DynInstance, ErasedAction, ErasedState, FeatureScoring, Hooks, ScoringMoment, worth,
};
use crate::features::NodeId;
use crate::figures::{FigureClass, PlacedFigure, Recall, Spot};
use crate::geometry::{Pos, Rotation};
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::state::{CoreState, Phase};
use crate::tiles::{FeatureKind, MoreStart, TileType};
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering;

thread_local! {
    /// The deployments expansions offer, listed into one buffer a thread
    /// keeps from listing to listing (`Game::deployments_with_expansions`).
    /// A listing that finds it taken (one started from a listing's own
    /// callback) starts an empty one.
    static OFFERED: std::cell::Cell<Vec<Deployment>> = const { std::cell::Cell::new(Vec::new()) };
}

mod draws;
mod labels;
mod moves;
mod refusal;
mod undo;
pub use moves::{AfterPlacing, NextDecision, WholeMove};
pub use refusal::{IllegalAction, RefusalKind};

/// Whose decision it is and of what kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Place the drawn tile.
    Place {
        /// The player.
        player: u8,
        /// Tile type index.
        tile: u16,
    },
    /// Deploy a figure on the tile just placed, or pass.
    Deploy {
        /// The player.
        player: u8,
        /// Where the tile was placed.
        pos: Pos,
    },
    /// A decision an expansion asked for.
    Expansion {
        /// The player.
        player: u8,
        /// The expansion's slot.
        slot: u8,
        /// What is being decided.
        label: &'static str,
    },
}

impl Decision {
    /// The player who decides.
    pub fn player(&self) -> u8 {
        match *self {
            Decision::Place { player, .. } | Decision::Deploy { player, .. } | Decision::Expansion { player, .. } => {
                player
            }
        }
    }
}

/// One option of a decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Place the drawn tile.
    Place {
        /// Where.
        pos: Pos,
        /// How turned.
        rotation: Rotation,
    },
    /// Deploy a figure.
    Deploy(Deployment),
    /// Deploy nothing; on a placement decision, put the drawn tile aside
    /// (listed only when it fits by an optional relaxation alone,
    /// `Expansion::optional_relaxation`).
    Pass,
    /// An expansion's option.
    Expansion {
        /// The expansion's slot.
        slot: u8,
        /// The option, in the expansion's own type.
        action: Box<dyn ErasedAction>,
    },
}

/// Why `play` (or starting a game) failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The action is not legal now; the game is unchanged.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// An expansion's hook panicked. For an expansion loaded from a dynamic
    /// library the game is rolled back to before the action; for a linked
    /// one the game refuses further actions.
    #[error("expansion `{expansion}` failed: {message}")]
    ExpansionFailed {
        /// The expansion's id.
        expansion: String,
        /// What went wrong.
        message: String,
    },
}

/// A game in progress.
#[derive(Clone)]
pub struct Game {
    /// The hooks and tables; the state holds the same tables.
    rules: Arc<Rules>,
    core: CoreState,
    rng: GameRng,
    /// Each enabled expansion's instance in this game (its state and the
    /// hooks that change it), by slot.
    ext: Vec<Box<dyn DynInstance>>,
    /// Per slot, the hooks armed for the rest of this turn
    /// (`Ctx::arm`); empty when no expansion has hooks it arms.
    armed: Vec<Hooks>,
    asks: VecDeque<(u8, u8)>,
    /// Events of the last `play` (or of setup), for logs and tests.
    events: Vec<Event>,
    pending: Vec<Event>,
    new_asks: Vec<u8>,
    /// Set when a linked expansion failed mid-action: the state may be
    /// inconsistent, so the game takes no more actions.
    broken: Option<PlayError>,
    /// Whether `events` and expansions' log details are kept.
    narrated: bool,
    /// Whether expansions are hearing of a feature an expansion scored
    /// (only ever true inside one call of `scored_by_expansion`).
    scoring_by_expansion: bool,
    /// What `undo` needs, while undo is on.
    history: Option<Box<undo::History>>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("turn", self.core.turn())
            .field("phase", &self.core.phase())
            .field("scores", &self.core.scores())
            .finish()
    }
}

impl Game {
    /// Starts a game: the start tile goes to (0, 0), expansions set up, and
    /// the game runs to the first decision.
    ///
    /// # Errors
    /// [`PlayError::ExpansionFailed`] when an expansion's hook fails while
    /// setting up or running to the first decision.
    pub fn new(rules: Arc<Rules>) -> Result<Game, PlayError> {
        Game::with_narration(rules, true)
    }

    /// Starts a game as [`Game::new`] does, narrated or not (see
    /// [`Game::set_narrated`]).
    pub fn with_narration(rules: Arc<Rules>, narrated: bool) -> Result<Game, PlayError> {
        let rng = GameRng::new(rules.config.seed);
        let mut game = Game {
            core: CoreState::new(Arc::clone(&rules.tables)),
            rules,
            rng,
            ext: Vec::new(),
            armed: Vec::new(),
            asks: VecDeque::new(),
            events: Vec::new(),
            pending: Vec::new(),
            new_asks: Vec::new(),
            broken: None,
            narrated,
            scoring_by_expansion: false,
            history: None,
        };
        let start = game.rules.start;
        game.emit(Event::TilePlaced {
            player: None,
            tile: start,
            pos: Pos::new(0, 0),
            rotation: Rotation::NONE,
        });
        // A start of several tiles (`TileArrangement::add_start`), each
        // fitting what lies round it.
        for k in 0..game.rules.more_starts().len() {
            let MoreStart {
                tile,
                pos,
                rotation,
                by,
            } = game.rules.more_starts()[k];
            let fits =
                game.core.board().get(pos).is_none() && game.core.board().fits(game.rules.tile(tile), rotation, pos);
            if !fits {
                return Err(PlayError::ExpansionFailed {
                    expansion: by.into(),
                    message: format!(
                        "start tile {} at {pos} turned {}° does not fit there",
                        game.rules.tile(tile).id(),
                        rotation.degrees()
                    ),
                });
            }
            game.emit(Event::TilePlaced {
                player: None,
                tile,
                pos,
                rotation,
            });
        }
        for slot in 0..game.rules.expansions.len() {
            let instance = {
                let hooks = &game.rules.expansions[slot].hooks;
                // The expansions set up before this one can be asked
                // about a feature's worth already; later ones have no
                // instance yet.
                let others = worth::Others {
                    tiny_city: game.rules.base.tiny_city,
                    adjusting: &game.rules.called.adjusting,
                    before: &game.ext,
                    after: &[],
                };
                let mut ctx = Ctx::new(
                    &game.core,
                    &mut game.rng,
                    &mut game.pending,
                    &mut game.new_asks,
                    slot as u8,
                    game.narrated,
                    others,
                );
                hooks.setup(&mut ctx)
            };
            match instance {
                Some(instance) => game.ext.push(instance),
                None => {
                    return Err(game.failure().unwrap_or_else(|| PlayError::ExpansionFailed {
                        expansion: game.rules.expansions[slot].info.id.into(),
                        message: "setup failed".into(),
                    }));
                }
            }
            game.flush(slot as u8);
        }
        if game.rules.called.any_armable {
            game.armed = vec![Hooks::NONE; game.ext.len()];
        }
        game.advance();
        match game.failure() {
            Some(e) => Err(e),
            None => Ok(game),
        }
    }

    /// The first expansion failure since the last look, if any. Asked after
    /// every action, so the usual answer (none) is two loads, inlined.
    #[inline]
    fn failure(&self) -> Option<PlayError> {
        let rules = &self.rules;
        if rules.expansions.is_empty() || !rules.failed.load(Ordering::Relaxed) {
            return None;
        }
        self.take_failure()
    }

    /// Finds which expansion raised the failure flag.
    #[cold]
    #[inline(never)]
    fn take_failure(&self) -> Option<PlayError> {
        let rules = &self.rules;
        if !rules.failed.swap(false, Ordering::Relaxed) {
            return None;
        }
        let found = rules.expansions.iter().find_map(|e| {
            e.hooks.take_failure().map(|message| PlayError::ExpansionFailed {
                expansion: e.info.id.to_string(),
                message,
            })
        });
        if found.is_some() {
            // Another expansion may have failed too: look again next time.
            rules.failed.store(true, Ordering::Relaxed);
        }
        found
    }

    /// An estimate of the bytes a game holds on the heap: the core state's
    /// buffers, the event and decision queues, and each expansion state's
    /// own size (not what an expansion state owns in turn). The shared rules
    /// are not counted: every game of a configuration holds the same ones.
    pub fn heap_bytes(&self) -> usize {
        self.core.heap_bytes()
            + self.ext.iter().map(|s| std::mem::size_of_val(&**s)).sum::<usize>()
            + self.ext.capacity() * std::mem::size_of::<Box<dyn DynInstance>>()
            + self.armed.capacity() * std::mem::size_of::<Hooks>()
            + self.asks.capacity() * 2
            + (self.events.capacity() + self.pending.capacity()) * std::mem::size_of::<Event>()
            + self.new_asks.capacity()
    }

    /// The core state.
    pub fn state(&self) -> &CoreState {
        &self.core
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The shared handle to the rules, to start another game of them.
    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The state of the expansion in `slot`, with hidden parts.
    pub fn expansion_state(&self, slot: u8) -> &dyn ErasedState {
        self.ext[slot as usize].state()
    }

    /// The expansion's state as every player may see it.
    pub fn public_expansion_state(&self, slot: u8) -> serde_json::Value {
        self.ext[slot as usize].public_state()
    }

    /// Whether every expansion's kept-up values (see
    /// [`Expansion::check_kept_up`](crate::Expansion::check_kept_up)) agree
    /// with a recount from the board; `Err` names the expansion and the
    /// first difference. For tests and harnesses: it recounts.
    ///
    /// # Errors
    /// The first expansion whose kept-up values differ from the recount.
    pub fn check_kept_up(&self) -> Result<(), String> {
        for (slot, ext) in self.ext.iter().enumerate() {
            ext.check_kept_up(&self.core)
                .map_err(|e| format!("{}: {e}", self.rules.expansions()[slot].info.id))?;
        }
        Ok(())
    }

    /// Writes the counters of the expansion in `slot` (those its
    /// [`ExpansionInfo::counters`](crate::ExpansionInfo::counters)
    /// declares) into `out`, and returns how many writes were dropped for
    /// not matching the declarations (an undeclared counter or value, the
    /// wrong scope, a seat the game does not have, a place where no tile
    /// lies): 0 for an expansion that keeps to what it declares, which the
    /// test kit checks.
    pub fn counters(&self, slot: u8, out: &mut dyn crate::CounterSink) -> usize {
        let Some(e) = self.rules.expansions.get(slot as usize) else {
            return 0;
        };
        let mut checked = crate::expansion::Checked {
            decls: e.info.counters,
            seats: self.core.players(),
            board: self.core.board(),
            inner: out,
            dropped: 0,
        };
        self.ext[slot as usize].counters(&self.core, &mut checked);
        checked.dropped
    }

    /// Events of the last `play` (or of the setup, before any play); empty
    /// when the game is not narrated.
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }

    /// Whether the game keeps an account of what happens: the events of
    /// [`Game::last_events`] and the details expansions log. On by default.
    /// Random playouts, simulations and bots' look-ahead copies switch it
    /// off: nobody reads the story of those games, and telling it costs
    /// time (an expansion builds a JSON detail per line it logs). Play is
    /// the same either way: the state, scores and RNG do not depend on it.
    pub fn set_narrated(&mut self, narrated: bool) {
        self.narrated = narrated;
        if !narrated {
            self.events.clear();
        }
    }

    /// Whether the game is narrated (see [`Game::set_narrated`]).
    pub fn is_narrated(&self) -> bool {
        self.narrated
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.core.phase() == Phase::Over
    }

    /// The pending decision, or `None` when the game is over.
    #[inline]
    pub fn decision(&self) -> Option<Decision> {
        match self.unlabelled_decision() {
            Some(Decision::Expansion { player, slot, .. }) => {
                let label = self.ext[slot as usize].decision_label();
                Some(Decision::Expansion { player, slot, label })
            }
            decision => decision,
        }
    }

    /// The pending decision as [`Game::decision`] gives it, but an
    /// expansion's without its words (an empty `label`): the engine's own
    /// dispatch needs only whose decision it is and of what kind, and
    /// asking an expansion for words is a hook call.
    #[inline]
    pub(crate) fn unlabelled_decision(&self) -> Option<Decision> {
        if let Some(&(slot, player)) = self.asks.front() {
            return Some(Decision::Expansion {
                player,
                slot,
                label: "",
            });
        }
        let player = self.core.turn().player;
        match self.core.phase() {
            Phase::Place => Some(Decision::Place {
                player,
                tile: self.core.turn().drawn.expect("a tile is drawn in the place phase"),
            }),
            Phase::Deploy => Some(Decision::Deploy {
                player,
                pos: self
                    .core
                    .placed_this_turn()
                    .expect("a tile is placed in the deploy phase")
                    .pos,
            }),
            _ => None,
        }
    }

    /// Every legal option of the pending decision, into `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.unlabelled_decision() {
            None => {}
            Some(Decision::Place { tile, .. }) => {
                if self.vetoing(tile).is_empty() && self.rules.called.relaxing.is_empty() && !cfg!(debug_assertions) {
                    // No expansion vetoes or relaxes: the frontier's fits
                    // are the list, extended in one loop.
                    let tt = self.rules.tile(tile);
                    out.extend(
                        self.core
                            .board()
                            .fits_iter(tt)
                            .map(|(pos, rotation)| Action::Place { pos, rotation }),
                    );
                } else {
                    self.placements(tile, |pos, rotation| out.push(Action::Place { pos, rotation }));
                    if self.put_aside_offer(tile).is_some() {
                        // The tile fits only by an optional relaxation: it
                        // may be put aside, listed after the placements.
                        out.push(Action::Pass);
                    }
                }
            }
            Some(Decision::Deploy { .. }) => {
                match self.more_deployment() {
                    None => self.for_each_deployment(|d| out.push(Action::Deploy(d))),
                    Some(mask) => self.for_each_deployment(|d| {
                        if offered(mask, &d) {
                            out.push(Action::Deploy(d))
                        }
                    }),
                }
                out.push(Action::Pass);
            }
            Some(Decision::Expansion { player, slot, .. }) => {
                self.ext[slot as usize].options(&self.core, player, &mut |action| {
                    out.push(Action::Expansion { slot, action })
                });
            }
        }
    }

    /// One option of a pending expansion decision drawn uniformly with `rng`
    /// (the caller's), when the expansion can draw one without listing them
    /// all (`Expansion::sample_option`); `None` otherwise, and for other
    /// decisions.
    pub fn sample_action(&self, rng: &mut GameRng) -> Option<Action> {
        let Some(Decision::Expansion { player, slot, .. }) = self.unlabelled_decision() else {
            return None;
        };
        let action = self.ext[slot as usize].sample_option(&self.core, player, rng)?;
        Some(Action::Expansion { slot, action })
    }

    /// The legal placements of `tile`, as (position, rotation) with symmetric
    /// rotations listed once.
    pub fn placements(&self, tile: u16, mut f: impl FnMut(Pos, Rotation)) {
        let tt = self.rules.tile(tile);
        if self.vetoing(tile).is_empty() && !cfg!(debug_assertions) {
            self.core.board().for_each_fit(tt, &mut f);
        } else {
            self.core.board().for_each_fit(tt, |p, r| {
                if self.placement_allowed(tile, p, r) {
                    f(p, r)
                }
            });
        }
        if !self.rules.called.relaxing.is_empty() {
            self.relaxed_placements(tile, |p, r| {
                if self.placement_allowed(tile, p, r) {
                    f(p, r)
                }
            });
        }
    }

    /// The placements of `tile` whose edges do not match but that an
    /// expansion's rules make legal all the same
    /// (`Expansion::relaxed_placement`), before any veto: each frontier
    /// cell, then each distinct rotation. Only the rotations whose every
    /// mismatched side a relaxing expansion accepts
    /// (`Expansion::relaxes_edges`) are asked about, with those sides, both
    /// read from a table by the cell's demand as fits are: most cells have
    /// none.
    #[cold]
    fn relaxed_placements(&self, tile: u16, mut f: impl FnMut(Pos, Rotation)) {
        let tt = self.rules.tile(tile);
        self.relaxable_candidates(tile, |p, r, sides| {
            if self.relaxed_sides(tt, p, r, sides) {
                f(p, r);
            }
        });
    }

    /// The placements of `tile` whose edges do not match on sides a
    /// relaxing expansion accepts (`Expansion::relaxes_edges`), with those
    /// sides (a bit each), before any relaxing expansion is asked: each
    /// frontier cell, then each distinct rotation.
    fn relaxable_candidates(&self, tile: u16, mut f: impl FnMut(Pos, Rotation, u8)) {
        let Some(relaxable) = self.rules.relaxable.get(tile as usize) else {
            return;
        };
        let tt = self.rules.tile(tile);
        let board = self.core.board();
        let distinct = tt.distinct_rotation_bits();
        for (&p, &d) in board.frontier().iter().zip(board.frontier_demands()) {
            let by_rotation = relaxable.get(d as usize).copied().unwrap_or(0);
            if by_rotation == 0 {
                continue;
            }
            for r in Rotation::ALL {
                let sides = (by_rotation >> (4 * r.quarter_turns())) as u8 & 0xf;
                if sides != 0 && distinct & (1 << r.quarter_turns()) != 0 {
                    f(p, r, sides);
                }
            }
        }
    }

    /// Whether the drawn `tile` may be put aside instead of placed
    /// (`Expansion::optional_relaxation`): it has no legal placement whose
    /// edges all match, and each legal placement whose edges do not is made
    /// legal by expansions whose relaxation is optional alone. Gives the
    /// slot of the first of those that makes one legal. `None` at once when
    /// no enabled expansion declares an optional relaxation.
    #[cold]
    pub(crate) fn put_aside_offer(&self, tile: u16) -> Option<u8> {
        let called = &self.rules.called;
        if called.optional_relaxing.is_empty() {
            return None;
        }
        let tt = self.rules.tile(tile);
        if self.core.board().any_fit(tt, |p, r| self.placement_allowed(tile, p, r)) {
            return None;
        }
        let (mut offer, mut mandatory) = (None, false);
        self.relaxable_candidates(tile, |p, r, sides| {
            if mandatory || !self.placement_allowed(tile, p, r) {
                return;
            }
            for &s in &called.relaxing {
                if !self.ext[s as usize].relaxed_placement(&self.core, tt, p, r, sides) {
                    continue;
                }
                if called.optional_relaxing.iter().any(|&(o, _)| o == s) {
                    offer.get_or_insert(s);
                } else {
                    mandatory = true;
                }
            }
        });
        if mandatory { None } else { offer }
    }

    /// Whether placing `tile` at `pos` turned by `rotation` fails to match
    /// some edges on an empty frontier cell and an expansion's rules make it
    /// legal all the same (`Expansion::relaxed_placement`; vetoes are asked
    /// apart).
    pub(crate) fn relaxed(&self, tile: u16, pos: Pos, rotation: Rotation) -> bool {
        if self.rules.called.relaxing.is_empty() {
            return false;
        }
        let sides = self
            .core
            .board()
            .frontier_demand(pos)
            .and_then(|d| self.rules.relaxable.get(tile as usize)?.get(d as usize))
            .map_or(0, |&by_rotation| {
                (by_rotation >> (4 * rotation.quarter_turns())) as u8 & 0xf
            });
        sides != 0 && self.relaxed_sides(self.rules.tile(tile), pos, rotation, sides)
    }

    /// Asks each relaxing expansion, until one says yes, about a placement
    /// whose edges do not match on `sides` (every one a mismatch some
    /// relaxing expansion accepts).
    fn relaxed_sides(&self, tt: &TileType, pos: Pos, rotation: Rotation, sides: u8) -> bool {
        if cfg!(debug_assertions) {
            // The table must say what comparing the edges says.
            let landscape = self.rules.landscape();
            let compared = self
                .core
                .board()
                .mismatched_sides(tt, rotation, pos, self.rules.edge_coding(), |a, b| {
                    landscape.matches(a, b)
                });
            assert_eq!(
                compared,
                Some(sides),
                "tabled mismatched sides of `{}` at {pos:?}",
                tt.id()
            );
        }
        self.rules
            .called
            .relaxing
            .iter()
            .any(|&s| self.ext[s as usize].relaxed_placement(&self.core, tt, pos, rotation, sides))
    }

    /// Whether `tile` has at least one legal placement, stopping at the
    /// first: a draw asks this every turn, and the answer is almost always yes.
    fn fits_somewhere(&self, tile: u16) -> bool {
        let tt = self.rules.tile(tile);
        let fits = if self.vetoing(tile).is_empty() && !cfg!(debug_assertions) {
            self.core.board().fits_anywhere(tt)
        } else {
            self.core.board().any_fit(tt, |p, r| self.placement_allowed(tile, p, r))
        };
        fits || (!self.rules.called.relaxing.is_empty() && {
            let mut any = false;
            self.relaxed_placements(tile, |p, r| any = any || self.placement_allowed(tile, p, r));
            any
        })
    }

    /// The slots whose veto concerns tile type `tile`
    /// (`Expansion::vetoes_tile`), in slot order.
    #[inline]
    pub(crate) fn vetoing(&self, tile: u16) -> &[u8] {
        let called = &self.rules.called;
        slots_for_tile(&called.vetoing, &called.vetoing_by_tile, tile)
    }

    /// The slots whose deployment veto concerns the turns of tile type
    /// `tile` (`Expansion::vetoes_deployments_after`), in slot order.
    #[inline]
    fn deploy_vetoing(&self, tile: u16) -> &[u8] {
        let called = &self.rules.called;
        slots_for_tile(&called.deploy_vetoing, &called.deploy_vetoing_by_tile, tile)
    }

    pub(crate) fn placement_allowed(&self, tile: u16, pos: Pos, rotation: Rotation) -> bool {
        let tt = self.rules.tile(tile);
        let vetoing = self.vetoing(tile);
        if cfg!(debug_assertions) {
            // Debug builds ask the others too: a veto of a type its
            // `vetoes_tile` left out would be skipped in silence.
            for &s in &self.rules.called.vetoing {
                let slot = s as usize;
                if !vetoing.contains(&s) && !self.ext[slot].placement_allowed(&self.core, tt, pos, rotation) {
                    panic!(
                        "`placement_allowed` of `{}` refuses tile `{}`, which its `vetoes_tile` leaves out",
                        self.rules.expansions[slot].info.id,
                        tt.id()
                    );
                }
            }
        }
        vetoing
            .iter()
            .all(|&s| self.ext[s as usize].placement_allowed(&self.core, tt, pos, rotation))
    }

    /// The core's own deployment options on the tile just placed: figures
    /// that go on features, on each unoccupied feature.
    fn core_deployments(&self, mut f: impl FnMut(Deployment)) {
        let Some(placed) = self.core.placed_this_turn().copied() else {
            return;
        };
        let player = self.core.turn().player;
        let rules = &self.rules;
        let tt = rules.tile(placed.tile);
        for (fi, &kind) in tt.feature_kinds().iter().enumerate() {
            let node = placed.first_node + fi as NodeId;
            if self.core.features().followers(node) > 0 {
                continue;
            }
            for (k, decl) in rules.figures.iter().enumerate() {
                if rules.figure_may_stand(k as u8, kind)
                    && self.core.supply(player, k as u8) > 0
                    && rules.may_stand(decl, kind)
                {
                    f(Deployment {
                        figure: k as u8,
                        pos: placed.pos,
                        spot: Spot::Feature(fi as u8),
                    });
                }
            }
        }
        if !self.core.added_features().is_empty() {
            self.added_deployments(&placed, &mut f);
        }
        if self.rules.any_recall() {
            self.recalls(f);
        }
    }

    /// Deployment options on the features expansions added to the tile
    /// just placed (a bridge's road), as on its own features.
    #[cold]
    fn added_deployments(&self, placed: &crate::board::PlacedTile, f: &mut impl FnMut(Deployment)) {
        let player = self.core.turn().player;
        let own = self.rules.tile(placed.tile).feature_kinds().len();
        for (k, added) in self.core.added_on(placed.pos).enumerate() {
            let Ok(fi) = u8::try_from(own + k) else { break };
            if self.core.features().followers(added.node) > 0 {
                continue;
            }
            for (kind, decl) in self.rules.figures.iter().enumerate() {
                if self.rules.figure_may_stand(kind as u8, added.kind)
                    && self.core.supply(player, kind as u8) > 0
                    && self.rules.may_stand(decl, added.kind)
                {
                    f(Deployment {
                        figure: kind as u8,
                        pos: placed.pos,
                        spot: Spot::Feature(fi),
                    });
                }
            }
        }
    }

    /// The player's figures that may be taken back instead of deploying
    /// (`Recall::Scoring`): each on a feature that is not complete, in the
    /// order they were deployed.
    #[cold]
    #[inline(never)]
    fn recalls(&self, f: impl FnMut(Deployment)) {
        self.recalls_where(|node| !self.core.is_complete(node), f);
    }

    /// As `recalls`, with `open` telling whether a figure's feature (a
    /// node of it) is not complete: on the board, or once a considered
    /// placement is made.
    pub(crate) fn recalls_where(&self, open: impl Fn(NodeId) -> bool, mut f: impl FnMut(Deployment)) {
        let player = self.core.turn().player;
        for fig in self.core.figures() {
            let recallable = self
                .rules
                .figures
                .get(fig.kind as usize)
                .is_some_and(|d| d.recall == Recall::Scoring);
            if let (true, true, Spot::Feature(fi), Some(node)) = (fig.owner == player, recallable, fig.spot, fig.node)
                && open(node)
            {
                f(Deployment {
                    figure: fig.kind,
                    pos: fig.pos,
                    spot: Spot::Recall(fi),
                });
            }
        }
    }

    /// Whether `core_deployments` lists `d`, asked without listing.
    fn core_allows(&self, d: &Deployment) -> bool {
        let Some(placed) = self.core.placed_this_turn() else {
            return false;
        };
        let rules = &self.rules;
        if let Spot::Recall(_) = d.spot {
            let mut listed = false;
            self.recalls(|o| listed |= o == *d);
            return listed;
        }
        let (Spot::Feature(fi), Some(decl)) = (d.spot, rules.figures.get(d.figure as usize)) else {
            return false;
        };
        let (kind, node) = match rules.tile(placed.tile).feature_kinds().get(fi as usize) {
            Some(&kind) => (kind, placed.first_node + NodeId::from(fi)),
            None => match self.core.node_at(placed.pos, fi as usize) {
                // A feature an expansion added to the tile.
                Some(node) => (self.core.features().kind(node), node),
                None => return false,
            },
        };
        d.pos == placed.pos
            && rules.figure_may_stand(d.figure, kind)
            && rules.may_stand(decl, kind)
            && self.core.features().followers(node) == 0
            && self.core.supply(self.core.turn().player, d.figure) > 0
    }

    /// The deployment options on the tile just placed (without `Pass`).
    pub fn deployments(&self, out: &mut Vec<Deployment>) {
        self.for_each_deployment(|d| out.push(d));
    }

    /// Each deployment option on the tile just placed: the core's, then
    /// those expansions offer, without any an expansion forbids.
    fn for_each_deployment(&self, f: impl FnMut(Deployment)) {
        if !self.rules.called.deploy_hooks() {
            // Nothing to add or forbid: no buffer, no calls.
            return self.core_deployments(f);
        }
        let Some(after) = AfterPlacement::made(&self.core) else {
            return;
        };
        let vetoing = &self.rules.called.deploy_vetoing;
        if vetoing.is_empty() || (!cfg!(debug_assertions) && self.deploy_vetoing(after.placed().tile).is_empty()) {
            // Nothing to forbid: the core's options straight through, not
            // each through a closure called by pointer, then the offered.
            let mut f = f;
            self.core_deployments(&mut f);
            return self.offered_deployments(&after, |_| true, f);
        }
        self.deployments_with_expansions(&after, |g| self.core_deployments(g), f);
    }

    /// Each deployment option on the board `after` a placement: those
    /// `core` lists, then those expansions offer, without any an expansion
    /// forbids. The same whether the placement was made or is considered
    /// (a listing of whole moves), so both list the same options in the
    /// same order.
    pub(crate) fn deployments_with_expansions(
        &self,
        after: &AfterPlacement<'_>,
        core: impl FnOnce(&mut dyn FnMut(Deployment)),
        mut f: impl FnMut(Deployment),
    ) {
        let called = &self.rules.called;
        let tile = after.placed().tile;
        let vetoing = self.deploy_vetoing(tile);
        let allowed = |d: &Deployment| {
            if cfg!(debug_assertions) {
                // Debug builds ask the others too: a veto after a type its
                // `vetoes_deployments_after` left out would be skipped in
                // silence.
                for &s in &called.deploy_vetoing {
                    let slot = s as usize;
                    if !vetoing.contains(&s) && !self.ext[slot].deployment_allowed(after, d) {
                        panic!(
                            "`deployment_allowed` of `{}` refuses {d:?} after tile `{}`, which its \
                             `vetoes_deployments_after` leaves out",
                            self.rules.expansions[slot].info.id,
                            self.rules.tile(tile).id()
                        );
                    }
                }
            }
            vetoing
                .iter()
                .all(|&slot| self.ext[slot as usize].deployment_allowed(after, d))
        };
        core(&mut |d| {
            if allowed(&d) {
                f(d)
            }
        });
        self.offered_deployments(after, allowed, f);
    }

    /// Each deployment the expansions offer on the board `after` a
    /// placement, in their order, that `allowed` lets through.
    fn offered_deployments(
        &self,
        after: &AfterPlacement<'_>,
        allowed: impl Fn(&Deployment) -> bool,
        mut f: impl FnMut(Deployment),
    ) {
        let called = &self.rules.called;
        if called.deploying.is_empty() {
            return;
        }
        // Listed into the thread's buffer: a new vector for every listing
        // grew (allocated, reallocated) at each turn of a game whose
        // expansion offers deployments.
        let mut offered = OFFERED.take();
        offered.clear();
        for &slot in &called.deploying {
            self.ext[slot as usize].deploy_options(after, &mut offered);
        }
        for d in &offered {
            if allowed(d) {
                f(*d)
            }
        }
        offered.clear();
        OFFERED.set(offered);
    }

    /// Whether `d` is one of the deployment options on the tile just
    /// placed, as `for_each_deployment` lists them, asked without listing
    /// the core's options, nor the expansions' when the core lists `d`: a
    /// deployment is listed when no expansion forbids it and either the
    /// core or an expansion offers it.
    fn deployment_listed(&self, d: &Deployment) -> bool {
        let Some(after) = AfterPlacement::made(&self.core) else {
            return false;
        };
        let called = &self.rules.called;
        let listed = self
            .deploy_vetoing(after.placed().tile)
            .iter()
            .all(|&slot| self.ext[slot as usize].deployment_allowed(&after, d))
            && (self.core_allows(d) || {
                // Each expansion answers directly if it can
                // (`offers_deployment`), else lists its offers: a portal's
                // listing of every open feature of the board was half the
                // check of the deployment played through it.
                let mut offered = OFFERED.take();
                offered.clear();
                let mut found = false;
                for &slot in &called.deploying {
                    let ext = &self.ext[slot as usize];
                    match ext.offers_deployment(&after, d) {
                        Some(answer) => found |= answer,
                        None => ext.deploy_options(&after, &mut offered),
                    }
                }
                let found = found || offered.contains(d);
                offered.clear();
                OFFERED.set(offered);
                found
            });
        debug_assert_eq!(listed, {
            let mut all = false;
            self.for_each_deployment(|o| all |= o == *d);
            all
        });
        listed
    }

    /// Checks `action` against the pending decision, then carries it out and
    /// runs the game to the next decision. On error nothing has changed.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the reason when `action` is not a legal
    /// answer to the pending decision (or the game is over), and
    /// [`PlayError::ExpansionFailed`] when an expansion's hook fails (a
    /// plugin's failed action is rolled back; a linked expansion's failure
    /// ends the game's use).
    pub fn play(&mut self, action: &Action) -> Result<(), PlayError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let checked = self.check(action);
        if let Some(e) = self.failure() {
            return Err(e);
        }
        checked?;
        self.commit(|game| game.execute(action))
    }

    /// Answers a pending expansion decision with an option the expansion
    /// draws with `rng` (the caller's), as `play(&sample_action(rng)?)`
    /// does, with the same draw and the same game; but the option goes to
    /// the expansion typed, neither boxed nor checked again (an expansion
    /// draws among its own options: debug builds check). `None`, with
    /// nothing changed, for other decisions and when the expansion draws
    /// none (see `Expansion::sample_option`): the caller lists the options
    /// then. Sampled playouts answer every expansion decision so.
    ///
    /// # Errors
    /// As [`Game::play`].
    #[inline]
    pub fn play_sampled(&mut self, rng: &mut GameRng) -> Option<Result<(), PlayError>> {
        // Asked at every step of a playout, most of which answer no
        // expansion: that answer stays inline.
        if self.asks.is_empty() {
            return None;
        }
        self.play_held_option(|e, view, player| e.hold_sample(view, player, rng))
    }

    /// Answers a pending expansion decision with the option at the index
    /// `pick` chooses among the count of its options, as
    /// `play(&legal_actions()[pick(n)])` does (the same options in the same
    /// order, so the same pick plays the same game), with the options
    /// listed typed rather than boxed. `None`, with nothing changed, for
    /// other decisions, when there is no option and when `pick` answers no
    /// index below the count. Full playouts answer every expansion decision
    /// so.
    ///
    /// # Errors
    /// As [`Game::play`].
    #[inline]
    pub fn play_listed(&mut self, mut pick: impl FnMut(usize) -> usize) -> Option<Result<(), PlayError>> {
        if self.asks.is_empty() {
            return None;
        }
        self.play_held_option(|e, view, player| e.hold_listed(view, player, &mut pick))
    }

    /// Has the pending expansion decision's instance hold an option (`hold`)
    /// and plays it, as `play_sampled` and `play_listed` describe.
    #[inline(never)]
    fn play_held_option(
        &mut self,
        hold: impl FnOnce(&mut dyn DynInstance, &CoreState, u8) -> bool,
    ) -> Option<Result<(), PlayError>> {
        // An expansion's decision is pending exactly while it has asked
        // (`unlabelled_decision`).
        let &(slot, player) = self.asks.front()?;
        if let Some(e) = &self.broken {
            return Some(Err(e.clone()));
        }
        let held = hold(self.ext[slot as usize].as_mut(), &self.core, player);
        if let Some(e) = self.failure() {
            return Some(Err(e));
        }
        held.then(|| {
            self.commit(|game| {
                game.execute_expansion_decision(slot, |e, ctx, player| e.play_held(ctx, player));
            })
        })
    }

    /// Carries out a checked decision (`execute`) and runs the game to the
    /// next one, undoably; a failing expansion leaves the game as it was
    /// (isolated rules) or broken.
    // Always inline: called from `play` as a separate function, it split
    // the dispatch on the action in two, and base games ran some 3 %
    // slower for the same instructions.
    #[inline(always)]
    fn commit(&mut self, execute: impl FnOnce(&mut Game)) -> Result<(), PlayError> {
        let snapshot = self.rules.isolated.then(|| self.clone());
        self.push_undo_frame();
        self.events.clear();
        execute(self);
        self.advance();
        if let Some(e) = self.failure() {
            match snapshot {
                Some(before) => *self = before,
                None => self.broken = Some(e.clone()),
            }
            return Err(e);
        }
        Ok(())
    }

    /// Whether `action` is legal now, and if not, why.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        let Some(decision) = self.unlabelled_decision() else {
            return Err(IllegalAction::new(RefusalKind::GameOver, "the game is over".into()));
        };
        let rules = &self.rules;
        match (decision, action) {
            (Decision::Place { tile, .. }, Action::Place { pos, rotation }) => {
                let tt = rules.tile(tile);
                // `fits` holds only on an empty frontier cell, so the two
                // cheaper refusals are told apart only once it fails.
                // A placement an expansion's rules allow with edges that do
                // not match (a bridge to come) counts as fitting here.
                let fits = self.core.board().fits(tt, *rotation, *pos) || self.relaxed(tile, *pos, *rotation);
                if !fits && self.core.board().is_occupied(*pos) {
                    return Err(IllegalAction::new(
                        RefusalKind::CellOccupied,
                        format!("{pos} already holds a tile"),
                    ));
                }
                if !fits && !self.core.board().is_frontier(*pos) {
                    return Err(IllegalAction::new(
                        RefusalKind::NotAdjacent,
                        format!("{pos} does not touch any placed tile"),
                    ));
                }
                if !fits {
                    let why = crate::Side::ALL
                        .into_iter()
                        .find_map(|side| {
                            let nb = self.core.board().get(pos.step(side))?;
                            let theirs = self
                                .core
                                .added_edge(nb.pos, side.opposite())
                                .unwrap_or_else(|| rules.tile(nb.tile).edge(nb.rotation, side.opposite()));
                            let mine = tt.edge(*rotation, side);
                            let landscape = rules.landscape();
                            (!landscape.matches(mine, theirs)).then(|| {
                                format!(
                                    "its {} side is {} but {} has {} there",
                                    side.name(),
                                    crate::words::capitalised(landscape.edge(mine).label),
                                    pos.step(side),
                                    crate::words::capitalised(landscape.edge(theirs).label)
                                )
                            })
                        })
                        .unwrap_or_default();
                    return Err(IllegalAction::new(
                        RefusalKind::TileDoesNotFit,
                        format!(
                            "tile {} turned {}° does not fit at {pos}: {why}",
                            tt.id(),
                            rotation.degrees()
                        ),
                    ));
                }
                if !self.vetoing(tile).is_empty() && !self.placement_allowed(tile, *pos, *rotation) {
                    // The first expansion that vetoes says why, when it can.
                    let why = self
                        .vetoing(tile)
                        .iter()
                        .find(|&&s| !self.ext[s as usize].placement_allowed(&self.core, tt, *pos, *rotation))
                        .and_then(|&s| {
                            let why =
                                self.ext[s as usize].explain_placement_refusal(&self.core, tt, *pos, *rotation)?;
                            Some(format!("{}: {why}", rules.expansions[s as usize].info.name))
                        });
                    return Err(IllegalAction::new(
                        RefusalKind::PlacementForbidden,
                        match why {
                            Some(why) => format!("tile {} turned {}° at {pos}: {why}", tt.id(), rotation.degrees()),
                            None => format!("an expansion's rules forbid tile {} at {pos}", tt.id()),
                        },
                    ));
                }
                Ok(())
            }
            (Decision::Place { tile, .. }, Action::Pass) if !self.rules.called.optional_relaxing.is_empty() => {
                match self.put_aside_offer(tile) {
                    Some(_) => Ok(()),
                    None => Err(IllegalAction::new(
                        RefusalKind::NotAnOption,
                        format!(
                            "tile {} cannot be put aside: it has a placement that needs nothing optional",
                            rules.tile(tile).id()
                        ),
                    )),
                }
            }
            (Decision::Deploy { .. }, Action::Pass) => Ok(()),
            (Decision::Deploy { .. }, Action::Deploy(d))
                if self.more_deployment().is_some_and(|mask| !offered(mask, d)) =>
            {
                let figures: Vec<&str> = rules
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| self.more_deployment().is_some_and(|m| m & (1 << i) != 0))
                    .map(|(_, f)| f.name)
                    .collect();
                Err(IllegalAction::new(
                    RefusalKind::NotAnOption,
                    format!(
                        "this second deployment of the turn takes only {}",
                        crate::words::join_and(&figures)
                    ),
                ))
            }
            (Decision::Deploy { .. }, Action::Deploy(d)) => {
                let called = &rules.called;
                let legal = if !called.deploy_hooks() {
                    self.core_allows(d)
                } else {
                    self.deployment_listed(d)
                };
                if legal {
                    return Ok(());
                }
                let figure = rules.figures.get(d.figure as usize).map_or("unknown figure", |f| f.id);
                let player = self.core.turn().player;
                if let Spot::Recall(_) = d.spot {
                    return Err(IllegalAction::new(
                        RefusalKind::NotAnOption,
                        format!(
                            "cannot take back a {figure} there: only a figure that may be taken back, standing on a \
                             feature that is not complete, can be"
                        ),
                    ));
                }
                let (kind, why) = if d.figure as usize >= rules.figures.len() {
                    (RefusalKind::UnknownFigure, "no such figure in this game".to_string())
                } else if self.core.supply(player, d.figure) == 0 {
                    (RefusalKind::NoFigureLeft, format!("no {figure} left in supply"))
                } else if Some(d.pos) != self.core.placed_this_turn().map(|p| p.pos) {
                    (
                        RefusalKind::NotThisTile,
                        "figures go on the tile just placed".to_string(),
                    )
                } else if let Some(why) = self
                    .ext
                    .iter()
                    .find_map(|e| e.explain_deployment_refusal(&self.core, d))
                {
                    (RefusalKind::DeploymentForbidden, why)
                } else if let Spot::Feature(fi) = d.spot {
                    match self.core.node_at(d.pos, fi as usize) {
                        None => (RefusalKind::NoSuchFeature, "the tile has no such feature".to_string()),
                        Some(n) if self.core.features().followers(n) > 0 => (
                            RefusalKind::FeatureOccupied,
                            format!(
                                "that {} is already occupied",
                                rules.kind_label(self.core.features().kind(n))
                            ),
                        ),
                        Some(n)
                            if !rules.base.farmers
                                && self.core.features().kind(n) == FeatureKind::FIELD
                                && rules.figures[d.figure as usize].class == FigureClass::Follower =>
                        {
                            (
                                RefusalKind::NotAnOption,
                                "farmers are off in this game ([variants.base] farmers = false)".to_string(),
                            )
                        }
                        Some(n) => (
                            RefusalKind::NotAnOption,
                            format!("a {figure} cannot go on a {} here", self.core.features().kind(n)),
                        ),
                    }
                } else {
                    (RefusalKind::NotAnOption, format!("a {figure} cannot go there"))
                };
                Err(IllegalAction::new(kind, format!("cannot deploy {figure}: {why}")))
            }
            (Decision::Expansion { slot, player, .. }, Action::Expansion { slot: s, action }) if slot == *s => {
                let e = &rules.expansions[slot as usize];
                let instance = &self.ext[slot as usize];
                if instance.is_option(&self.core, player, action.as_ref()) {
                    Ok(())
                } else {
                    let why = instance.explain_refusal(&self.core, player, action.as_ref());
                    Err(IllegalAction::new(
                        RefusalKind::Expansion,
                        match why {
                            Some(why) => format!("{}: {} is not allowed: {why}", e.info.id, action.to_json()),
                            None => format!("{} does not allow {} now", e.info.id, action.to_json()),
                        },
                    ))
                }
            }
            (d, a) => {
                // The refusal names the decision in the expansion's words.
                let d = self.decision().unwrap_or(d);
                Err(IllegalAction::new(
                    RefusalKind::WrongDecision,
                    format!(
                        "{} must {}, not {}",
                        self.core.player_name(d.player()),
                        describe_decision(&d, rules),
                        describe_action(a, rules)
                    ),
                ))
            }
        }
    }

    fn execute(&mut self, action: &Action) {
        let player = self.core.turn().player;
        match action {
            Action::Place { pos, rotation } => {
                let tile = self.core.turn().drawn.expect("checked: a tile is drawn");
                let rotation = self.rules.tile(tile).canonical(*rotation);
                self.emit(Event::TilePlaced {
                    player: Some(player),
                    tile,
                    pos: *pos,
                    rotation,
                });
                self.core.enter(Phase::AfterPlace);
            }
            Action::Deploy(Deployment {
                figure,
                pos,
                spot: Spot::Recall(fi),
            }) => {
                // Taken back instead of deploying: the feature scores as at
                // the end of the game, then the figure goes home.
                let taken = self.core.node_at(*pos, *fi as usize).and_then(|node| {
                    let f = self
                        .core
                        .figures_in(node)
                        .find(|f| f.owner == player && f.kind == *figure)?;
                    Some((node, *f))
                });
                if let Some((node, f)) = taken {
                    self.score_feature(node, false);
                    self.return_figure(f);
                }
                self.core.enter(Phase::AfterDeploy);
            }
            Action::Deploy(d) => {
                let figure = self.core.next_figure_id();
                self.emit(Event::FigureDeployed {
                    figure,
                    owner: player,
                    kind: d.figure,
                    pos: d.pos,
                    spot: d.spot,
                });
                let placed = *self.core.figure(figure).expect("just deployed");
                self.run_hooks(Hooks::FIGURE_DEPLOYED, |e, ctx| e.figure_deployed(ctx, &placed));
                self.core.enter(Phase::AfterDeploy);
            }
            Action::Pass if self.core.phase() == Phase::Place => {
                // Checked: the tile fits only by an optional relaxation. It
                // goes as a tile that fits nowhere goes, and another is drawn.
                let tile = self.core.turn().drawn.expect("checked: a tile is drawn");
                let slot = self.put_aside_offer(tile).unwrap_or_default();
                self.emit(Event::TilePutAside { player, tile, slot });
                self.core.enter(Phase::Draw);
            }
            Action::Pass => self.core.enter(Phase::AfterDeploy),
            Action::Expansion { slot, action } => self.execute_expansion_action(*slot, action.as_ref()),
        }
    }

    // Out of line: a base game never takes it, and every step plays
    // through `execute`.
    #[inline(never)]
    fn execute_expansion_action(&mut self, slot: u8, action: &dyn ErasedAction) {
        self.execute_expansion_decision(slot, |e, ctx, player| e.play(ctx, player, action));
    }

    /// Answers the ask at the front of the queue with `play`, which the
    /// asked expansion's instance runs for the asked player.
    fn execute_expansion_decision(&mut self, slot: u8, play: impl FnOnce(&mut dyn DynInstance, &mut Ctx<'_>, u8)) {
        let player = self.core.turn().player;
        let (slot, asked) = self.asks.pop_front().unwrap_or((slot, player));
        self.call_instance(slot, false, |e, ctx| play(e, ctx, asked));
        self.flush_front(slot);
    }

    /// The figures of the second deployment under way, a bit each (`None`
    /// outside one).
    #[inline]
    fn more_deployment(&self) -> Option<u32> {
        let turn = self.core.turn();
        if turn.deploying_more {
            turn.more_deployment
        } else {
            None
        }
    }

    /// Runs the turn machine until a decision is needed or the game ends.
    fn advance(&mut self) {
        loop {
            if !self.asks.is_empty() {
                return;
            }
            match self.core.phase() {
                Phase::TurnStart => {
                    let next = if self.core.turn().number == 0 {
                        0
                    } else if self.core.turn().again {
                        self.core.turn().player
                    } else {
                        (self.core.turn().player + 1) % self.core.players() as u8
                    };
                    let next = if self.core.tiles_left() > 0 {
                        next
                    } else {
                        // The bag is empty: the game goes on only for
                        // players who hold tiles of an expansion's.
                        match self.next_holder(next) {
                            Some(holder) => holder,
                            None => {
                                self.core.enter(Phase::FinalScoring);
                                continue;
                            }
                        }
                    };
                    self.emit(Event::TurnStarted { player: next });
                    self.core.enter(Phase::Draw);
                    // Armed hooks last until the turn ends.
                    self.armed.fill(Hooks::NONE);
                    if !self.rules.called.supplying.is_empty() {
                        // Before `turn_started`, whose offers to replace the
                        // turn's tile read whether it is supplied.
                        self.supply_tile(next);
                    }
                    self.run_hooks(Hooks::TURN_STARTED, |e, ctx| e.turn_started(ctx));
                }
                Phase::Draw => {
                    if self.core.turn().placed.is_some() {
                        // An expansion's action placed this turn's tile,
                        // with no draw: what a draw would have armed
                        // (`tile_drawn`) was not, so every armable
                        // `tile_placed` hears this tile.
                        for i in 0..self.rules.called.armable_tile_placed.len() {
                            let slot = self.rules.called.armable_tile_placed[i];
                            self.note_armed(slot, Hooks::TILE_PLACED);
                        }
                        self.core.enter(Phase::AfterPlace);
                        continue;
                    }
                    if self.core.turn().drawn.is_some() && self.supplied_fits() {
                        // The supplied tile: placed as a drawn one, or, when it
                        // fits nowhere (or a `tile_drawn` set it aside), a
                        // draw from the bag instead.
                        self.core.enter(Phase::Place);
                        return;
                    }
                    if !self.draw() {
                        // The bag is empty. A tile an expansion holds is
                        // placed on its holder's turn (this player's, on a
                        // turn of their own after an extra turn): this one
                        // ends without a tile. `next_holder` ends the game
                        // should held tiles never be placed.
                        let players = self.core.players() as u8;
                        let anyone_holds = (0..players).any(|p| self.holds_tiles(p));
                        self.core.enter(if anyone_holds {
                            Phase::EndTurn
                        } else {
                            Phase::FinalScoring
                        });
                        continue;
                    }
                    self.core.enter(Phase::Place);
                    return;
                }
                Phase::Place | Phase::Deploy => return,
                Phase::AfterPlace => {
                    let placed = *self.core.placed_this_turn().expect("placed");
                    if !self.rules.called.armed_by_tile.is_empty() {
                        self.arm_by_tile(placed.tile);
                    }
                    self.run_hooks(Hooks::TILE_PLACED, |e, ctx| e.tile_placed(ctx, placed));
                    self.core.enter(Phase::Deploy);
                }
                Phase::AfterDeploy => {
                    let deployed: Option<PlacedFigure> =
                        self.core.turn().deployed.and_then(|id| self.core.figure(id).copied());
                    self.run_hooks(Hooks::AFTER_DEPLOY, |e, ctx| e.after_deploy(ctx, deployed.as_ref()));
                    self.core.enter(Phase::BeforeScoring);
                }
                Phase::BeforeScoring
                    if self.core.turn().more_deployment.is_some() && !self.core.turn().deploying_more =>
                {
                    // The deployment an expansion offered once more
                    // (`Ctx::offer_another_deployment`).
                    self.core.begin_more_deployment();
                    return;
                }
                Phase::BeforeScoring => {
                    self.core.enter(Phase::Scoring);
                    self.run_hooks(Hooks::BEFORE_SCORING, |e, ctx| e.before_scoring(ctx));
                }
                Phase::Scoring => {
                    self.score_completed();
                    self.core.enter(Phase::AfterScoring);
                    self.run_hooks(Hooks::AFTER_SCORING, |e, ctx| e.after_scoring(ctx));
                }
                Phase::AfterScoring => {
                    self.core.enter(Phase::EndTurn);
                    self.run_hooks(Hooks::END_OF_TURN, |e, ctx| e.end_of_turn(ctx));
                }
                Phase::EndTurn => self.core.enter(Phase::TurnStart),
                Phase::FinalScoring => {
                    self.final_scoring();
                    self.emit(Event::GameEnded);
                    return;
                }
                Phase::Over => return,
            }
        }
    }

    /// Whether an expansion holds a tile `player` will place on a turn of
    /// their own (`Expansion::holds_tiles`).
    #[cold]
    fn holds_tiles(&self, player: u8) -> bool {
        self.ext.iter().any(|e| e.holds_tiles(&self.core, player))
    }

    /// With the bag empty, who plays the turn that would be `next`'s: the
    /// first player from `next` on, in turn order, who holds a tile of an
    /// expansion's; `None` when nobody does, or when twice as many turns in
    /// a row as there are players placed no tile (tiles held but never
    /// placed: every player had two turns to place theirs).
    #[cold]
    fn next_holder(&self, next: u8) -> Option<u8> {
        let players = self.core.players() as u8;
        let turn = self.core.turn();
        let idle = if turn.number > 0 && turn.placed.is_none() {
            usize::from(turn.idle) + 1
        } else {
            0
        };
        if idle >= 2 * usize::from(players) {
            return None;
        }
        (0..players)
            .map(|k| (next + k) % players)
            .find(|&p| self.holds_tiles(p))
    }

    /// Asks the expansions that supply tiles (`Expansion::supplied_tile`),
    /// in slot order, for `player`'s tile this turn; the first answer
    /// becomes the turn's tile.
    #[cold]
    fn supply_tile(&mut self, player: u8) {
        let supplied = self.rules.called.supplying.iter().find_map(|&(slot, _)| {
            let s = self.ext[slot as usize].supplied_tile(&self.core, player)?;
            Some((slot, s))
        });
        if let Some((slot, s)) = supplied
            && (s.tile as usize) < self.rules.tiles().len()
        {
            self.emit(Event::TileSupplied {
                player,
                tile: s.tile,
                slot,
                mandatory: s.mandatory,
            });
        }
    }

    /// Whether the turn's supplied tile (`Event::TileSupplied`, still the
    /// turn's tile when this turn's hooks placed none) is to be placed: it
    /// fits somewhere and no `tile_drawn` set it aside. One that fits
    /// nowhere is discarded, as a drawn one is; the player then draws.
    #[cold]
    fn supplied_fits(&mut self) -> bool {
        let Some(tile) = self.core.turn().drawn else {
            return false;
        };
        if !self.fits_somewhere(tile) {
            self.emit(Event::TileDiscarded { tile });
            return false;
        }
        if self.rules.called.any.contains(Hooks::TILE_DRAWN) {
            let rules = Arc::clone(&self.rules);
            let tt = rules.tile(tile);
            self.run_hooks(Hooks::TILE_DRAWN, |e, ctx| e.tile_drawn(ctx, tt));
        }
        self.core.turn().drawn.is_some()
    }

    /// Draws until a tile fits somewhere; false when the bag runs out.
    fn draw(&mut self) -> bool {
        let player = self.core.turn().player;
        loop {
            let Some(bag_index) = self.core.pick_from_bag(&mut self.rng) else {
                return false;
            };
            let tile = self.core.bag()[bag_index as usize];
            self.emit(Event::TileDrawn {
                player,
                tile,
                bag_index,
            });
            if self.fits_somewhere(tile) {
                if self.rules.called.any.contains(Hooks::TILE_DRAWN) {
                    // The hooks borrow the game mutably: hold the tile through
                    // a handle on the shared rules rather than a copy of it.
                    let rules = Arc::clone(&self.rules);
                    let tt = rules.tile(tile);
                    self.run_hooks(Hooks::TILE_DRAWN, |e, ctx| e.tile_drawn(ctx, tt));
                    if self.core.turn().drawn.is_none() {
                        // Set aside (`Ctx::set_aside_drawn_tile`): draw again.
                        continue;
                    }
                }
                return true;
            }
            self.emit(Event::TileDiscarded { tile });
        }
    }

    fn score_completed(&mut self) {
        // Walked by index rather than cloned: no allocation, and hooks still
        // see the list in `turn().completed` while it is scored. Only a tile
        // placement writes it, and scoring places none (were one to, the
        // walk stops at the shorter list rather than fail).
        let n = self.core.turn().completed.len();
        for i in 0..n {
            let Some(&node) = self.core.turn().completed.get(i) else {
                break;
            };
            let kind = self.core.features().kind(node);
            self.emit(Event::FeatureCompleted { feature: node, kind });
            self.run_hooks(Hooks::FEATURE_COMPLETED, |e, ctx| e.feature_completed(ctx, node));
        }
        for i in 0..n {
            let Some(&node) = self.core.turn().completed.get(i) else {
                break;
            };
            self.score_feature(node, true);
        }
    }

    /// What feature `node` is worth to each of its winners now: complete,
    /// or as at the end of the game; the expansions' adjustments included.
    /// The scoring of a completed feature, the final scoring and the label
    /// of a figure taken back all come here, and an expansion's
    /// `Ctx::feature_worth` to the same computation (`worth::feature_worth`).
    fn points_of(&self, node: NodeId, complete: bool) -> i32 {
        let rules = &self.rules;
        worth::feature_worth(
            &self.core,
            rules.base.tiny_city,
            &rules.called.adjusting,
            node,
            complete,
            |slot, points| {
                if let Some(instance) = self.ext.get(slot as usize) {
                    instance.feature_points(&self.core, node, complete, points);
                }
            },
        )
    }

    /// What feature `node` would score for each of its winners if it were
    /// scored now, without changing anything: with `complete` false, as in
    /// the final scoring; with `complete` true, as when a tile completes
    /// it. The computation the game's own scoring uses (the kind's declared
    /// scoring, then every expansion's `feature_points`); hooks ask it with
    /// [`Ctx::feature_worth`].
    pub fn feature_worth(&self, node: NodeId, complete: bool) -> i32 {
        self.points_of(node, complete)
    }

    /// What taking a figure back from feature `node` scores now (as at the
    /// end of the game), for the option's label.
    pub(crate) fn recall_points(&self, node: NodeId) -> i32 {
        self.points_of(node, false)
    }

    /// Sends figure `f` back to its owner's supply.
    fn return_figure(&mut self, f: PlacedFigure) {
        self.emit(Event::FigureReturned {
            figure: f.id,
            owner: f.owner,
            kind: f.kind,
            pos: f.pos,
            spot: f.spot,
        });
    }

    /// Scores one feature for its majority and returns its figures (when complete).
    fn score_feature(&mut self, node: NodeId, complete: bool) {
        let kind = self.core.features().kind(node);
        let winners = self.core.majority(node);
        // The points go to the winners and to the hooks told of the
        // scoring: a feature nobody wins (most completed ones) is not
        // worked out when no hook is told.
        let points = if winners.is_empty() && !self.rules.called.any.contains(Hooks::FEATURE_SCORED) {
            0
        } else {
            self.points_of(node, complete)
        };
        let source = self.rules.kind_sources.get(kind.index()).copied().unwrap_or(u16::MAX);
        for &player in &winners {
            if points != 0 && source != u16::MAX {
                self.emit(Event::Scored {
                    player,
                    points,
                    source,
                    feature: Some(node),
                });
            }
        }
        let scoring = FeatureScoring {
            feature: node,
            kind,
            points,
            winners,
            complete,
            moment: if complete {
                ScoringMoment::Completed
            } else {
                ScoringMoment::Final
            },
        };
        self.run_hooks(Hooks::FEATURE_SCORED, |e, ctx| e.feature_scored(ctx, &scoring));
        if complete {
            let returning: Vec<PlacedFigure> = self.core.figures_in(node).copied().collect();
            for f in returning {
                self.return_figure(f);
            }
        }
    }

    fn final_scoring(&mut self) {
        self.emit(Event::FinalScoring);
        self.run_hooks(Hooks::FINAL_SCORING, |e, ctx| e.final_scoring(ctx));
        // Each feature with followers scores once; farms come last.
        let mut roots: Vec<NodeId> = Vec::new();
        for f in self.core.figures() {
            if let Some(n) = f.node {
                let r = self.core.features().root(n);
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        let (farms, others): (Vec<NodeId>, Vec<NodeId>) = roots
            .into_iter()
            .partition(|&r| self.rules.is_land(self.core.features().kind(r)));
        for r in others.into_iter().chain(farms) {
            self.score_feature(r, false);
        }
    }

    /// Applies an event and shows it to observing expansions.
    fn emit(&mut self, event: Event) {
        self.core.apply(&event);
        for &slot in &self.rules.called.observing {
            // Events of the setup (the start tile, earlier expansions' setup)
            // come before an expansion has a state: it sees their result in
            // its own `setup` instead.
            let Some(instance) = self.ext.get_mut(slot as usize) else {
                continue;
            };
            instance.observe(&self.core, &event);
        }
        if self.narrated {
            self.events.push(event);
        }
    }

    /// Calls `hook` (through `f`) on every expansion that takes it, applying
    /// each one's requests before the next is called.
    fn run_hooks(&mut self, hook: Hooks, f: impl Fn(&mut dyn DynInstance, &mut Ctx<'_>)) {
        // Most hook points are taken by nobody (always, without expansions).
        if !self.rules.called.any.contains(hook) {
            return;
        }
        let takers = self.rules.called.by_hook[hook.index()].len();
        for k in 0..takers {
            let taker = self.rules.called.by_hook[hook.index()][k];
            let slot = taker.slot as usize;
            // A hook the expansion arms is skipped on a turn nothing armed
            // it; debug builds call it anyway, for the guard to check that
            // it does nothing.
            let unarmed = taker.armable && !self.armed.get(slot).is_some_and(|a| a.contains(hook));
            if unarmed && !cfg!(debug_assertions) {
                continue;
            }
            self.call_instance(taker.slot, unarmed, &f);
            self.flush(taker.slot);
        }
    }

    /// Calls `f` on the instance of the expansion in `slot` with a context
    /// for it (`unarmed` for a debug build's check of a hook nothing armed),
    /// and notes the hooks the call armed (only those the expansion lists
    /// in `armed_hooks` are ever looked at, so arming others changes
    /// nothing). Its requests wait in the buffers for a flush.
    #[inline]
    fn call_instance(&mut self, slot: u8, unarmed: bool, f: impl FnOnce(&mut dyn DynInstance, &mut Ctx<'_>)) {
        let armed = {
            // The other expansions' instances stay readable beside the one
            // called, for `Ctx::feature_worth`.
            let at = (slot as usize).min(self.ext.len());
            let (before, rest) = self.ext.split_at_mut(at);
            let Some((instance, after)) = rest.split_first_mut() else {
                return;
            };
            let others = worth::Others {
                tiny_city: self.rules.base.tiny_city,
                adjusting: &self.rules.called.adjusting,
                before,
                after,
            };
            let mut ctx = Ctx::new(
                &self.core,
                &mut self.rng,
                &mut self.pending,
                &mut self.new_asks,
                slot,
                self.narrated,
                others,
            );
            ctx.unarmed = unarmed;
            f(instance.as_mut(), &mut ctx);
            ctx.armed
        };
        if armed != Hooks::NONE {
            self.note_armed(slot, armed);
        }
    }

    /// Arms what expansions arm for every placement of `tile`'s type
    /// (`Expansion::armed_by_tile`).
    #[inline(never)]
    fn arm_by_tile(&mut self, tile: u16) {
        let (rules, armed) = (&self.rules, &mut self.armed);
        for (slot, by_tile) in &rules.called.armed_by_tile {
            if let (Some(noted), Some(&arms)) = (armed.get_mut(*slot as usize), by_tile.get(tile as usize)) {
                *noted |= arms;
            }
        }
    }

    // Out of line: a few calls a game arm anything.
    #[cold]
    #[inline(never)]
    fn note_armed(&mut self, slot: u8, armed: Hooks) {
        if let Some(noted) = self.armed.get_mut(slot as usize) {
            *noted |= armed;
        }
    }

    /// Emits the events hooks left in `pending`, keeping the buffer (and its
    /// capacity) for the next hook instead of allocating one per flush.
    fn emit_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending);
        for e in pending.drain(..) {
            if let Event::FeatureScoredByExpansion {
                slot,
                feature,
                kind,
                points,
                winners,
                completed_by_rule,
            } = e
            {
                self.emit(e);
                self.scored_by_expansion(slot, feature, kind, points, winners, completed_by_rule);
            } else {
                self.emit(e);
            }
        }
        // Emitting runs only `observe` hooks, which cannot queue events, so
        // `pending` is still the empty placeholder and the buffer goes back.
        if self.pending.is_empty() {
            self.pending = pending;
        }
    }

    /// Every expansion hears of a feature an expansion scored by its own
    /// rule (`Ctx::score_feature`), unless that happened while hearing of
    /// one, which would let scorings chain without end: then the game
    /// fails, naming the expansion.
    #[cold]
    #[inline(never)]
    fn scored_by_expansion(
        &mut self,
        slot: u8,
        feature: NodeId,
        kind: FeatureKind,
        points: i32,
        winners: u8,
        completed_by_rule: bool,
    ) {
        if self.scoring_by_expansion {
            let id = self.rules.expansions[slot as usize].info.id;
            self.broken.get_or_insert(PlayError::ExpansionFailed {
                expansion: id.into(),
                message:
                    "`score_feature` was called while a feature it scored was being heard of in `feature_scored`: \
                          scorings by expansions do not chain"
                        .into(),
            });
            return;
        }
        let complete = completed_by_rule || self.core.is_complete(feature);
        let scoring = FeatureScoring {
            feature,
            kind,
            points,
            winners: (0..8u8).filter(|p| winners & (1 << p) != 0).collect(),
            complete,
            moment: ScoringMoment::Expansion { slot },
        };
        self.scoring_by_expansion = true;
        self.run_hooks(Hooks::FEATURE_SCORED, |e, ctx| e.feature_scored(ctx, &scoring));
        self.scoring_by_expansion = false;
    }

    /// Applies what a hook asked for; its new asks queue behind older ones.
    /// Runs after every hook call, and most ask for nothing: checked inline.
    #[inline]
    fn flush(&mut self, slot: u8) {
        if !self.pending.is_empty() {
            self.emit_pending();
        }
        if !self.new_asks.is_empty() {
            for p in self.new_asks.drain(..) {
                self.asks.push_back((slot, p));
            }
        }
    }

    /// Like `flush`, but asks made while answering an ask come next, so an
    /// expansion's chain of decisions is not interleaved with others'.
    fn flush_front(&mut self, slot: u8) {
        self.emit_pending();
        for p in self.new_asks.drain(..).rev() {
            self.asks.push_front((slot, p));
        }
    }
}

/// Whether deployment `d` deploys one of the figures of `mask` (a bit per
/// figure kind), and not a taking back.
fn offered(mask: u32, d: &Deployment) -> bool {
    mask & 1u32.checked_shl(u32::from(d.figure)).unwrap_or(0) != 0 && !matches!(d.spot, Spot::Recall(_))
}

fn describe_decision(d: &Decision, rules: &Rules) -> String {
    match d {
        Decision::Place { tile, .. } => format!("place tile {}", rules.tile(*tile).id()),
        Decision::Deploy { .. } => "deploy a figure or pass".into(),
        Decision::Expansion { slot, label, .. } => {
            format!("decide {} ({})", label, rules.expansions[*slot as usize].info.id)
        }
    }
}

fn describe_action(a: &Action, rules: &Rules) -> String {
    match a {
        Action::Place { .. } => "place a tile".into(),
        Action::Deploy(_) => "deploy a figure".into(),
        Action::Pass => "pass".into(),
        Action::Expansion { slot, .. } => format!(
            "answer a decision of {}",
            rules
                .expansions
                .get(*slot as usize)
                .map_or("an unknown expansion", |e| e.info.id)
        ),
    }
}

impl Game {
    /// Starts noting the rolls expansions make (dice, tokens drawn from a
    /// bag: [`Ctx::random_below`](crate::Ctx::random_below)), the first
    /// `chosen.len()` of them giving `chosen` instead of the RNG's numbers
    /// (each held below its range); `None` stops noting. The noting is part
    /// of the RNG's state, so [`Game::undo`] takes it back to how it was
    /// before the decision. A search with explicit chance nodes notes the
    /// rolls of a decision, takes the decision back and plays it again
    /// with the rolls it chose, as [`Game::arrange_next_draws`] does for
    /// draws. Chosen rolls are not in a game's record.
    pub fn note_rolls(&mut self, chosen: Option<Vec<u32>>) {
        self.rng.note_rolls(chosen);
    }

    /// The rolls made since [`Game::note_rolls`], as (n, value) with
    /// `value` in `0..n`; `None` when rolls are not noted.
    pub fn noted_rolls(&self) -> Option<&[(u32, u32)]> {
        self.rng.rolls().map(|r| r.made.as_slice())
    }

    /// A copy of the game in which everything the players cannot know is
    /// redrawn at random from `seed`: the RNG that will draw tiles and roll
    /// dice, and each expansion's hidden information (`resample_hidden`).
    /// Bots that try actions on a copy use it, so they cannot peek.
    pub fn determinized(&self, seed: u64) -> Game {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        for instance in &mut g.ext {
            instance.resample_hidden(&mut g.rng);
        }
        g
    }

    /// Ends the game here, on a copy a bot judges: every feature and farm
    /// holding figures is scored as final scoring scores it (expansions'
    /// final scoring included), as if the bag had run out. Pending
    /// expansion questions are dropped and features completed by a turn in
    /// progress are scored as open ones, so call it between turns to judge
    /// a position fairly. Does nothing on a game that is over or broken.
    pub fn end_now(&mut self) {
        if self.is_over() || self.broken.is_some() {
            return;
        }
        self.asks.clear();
        self.core.enter(Phase::FinalScoring);
        self.advance();
    }
}

/// The slots of `all` that concern tile type `tile`, from the table by
/// tile type the rules built (`by_tile`; empty when every slot concerns
/// every type, and a type past its end is concerned by all): the placement
/// and the deployment vetoes are both looked up so.
#[inline]
fn slots_for_tile<'a>(all: &'a [u8], by_tile: &'a [Vec<u8>], tile: u16) -> &'a [u8] {
    if by_tile.is_empty() {
        all
    } else {
        by_tile.get(tile as usize).map_or(all, Vec::as_slice)
    }
}
