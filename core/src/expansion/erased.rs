//! How the engine holds expansions whose types it does not know, in two
//! halves made together by [`boxed`]:
//!
//! - [`DynExpansion`]: the rules' half, one per enabled expansion and shared
//!   by every game of a configuration (setup, decoding actions, log lines);
//! - [`DynInstance`]: a game's half, the expansion's state, typed, next to a
//!   handle on its rules. Every hook of a turn is one call on it.
//!
//! A game keeps its instances rather than bare states so that a hook call
//! reaches the expansion's code through one indirection and finds its state
//! by type, with no check at run time that the state handed in is the
//! expansion's own (a playout makes some six hundred such calls).

use super::{CounterSink, Ctx, Deployment, Expansion, FeatureScoring, Hooks};
use crate::after_placement::AfterPlacement;
use crate::events::Event;
use crate::figures::PlacedFigure;
use crate::geometry::{Pos, Rotation};
use crate::rng::GameRng;
use crate::state::CoreState;
use crate::tiles::{EdgeKind, TileType};
use crate::words::Line;
use serde::Serialize;
use std::any::Any;
use std::fmt::Debug;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// An expansion state with its type erased.
pub trait ErasedState: Any + Debug + Send + Sync {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn ErasedState>;
    /// Equality with another erased state.
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool;
    /// The full state as JSON (hidden parts included).
    fn to_json(&self) -> serde_json::Value;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Clone + Debug + PartialEq + Serialize + Send + Sync + 'static> ErasedState for T {
    fn clone_box(&self) -> Box<dyn ErasedState> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn ErasedState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// An expansion's action with its type erased.
pub trait ErasedAction: Any + Debug + Send + Sync {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn ErasedAction>;
    /// Equality with another erased action.
    fn eq_dyn(&self, other: &dyn ErasedAction) -> bool;
    /// The action as written in records.
    fn to_json(&self) -> serde_json::Value;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
}

impl<T: Clone + Debug + PartialEq + Serialize + Send + Sync + 'static> ErasedAction for T {
    fn clone_box(&self) -> Box<dyn ErasedAction> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn ErasedAction) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Clone for Box<dyn ErasedAction> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for Box<dyn ErasedAction> {
    fn eq(&self, other: &Self) -> bool {
        self.eq_dyn(other.as_ref())
    }
}

/// Wraps an expansion for the engine: erases its types and catches panics
/// in its hooks. Catching happens in the expansion's own code, which matters
/// for dynamic libraries: they carry their own copy of std, and a panic must
/// not unwind across the boundary. A caught panic makes the hook a no-op and
/// is reported to the engine through `take_failure`, which turns it into an
/// error naming the expansion.
pub fn boxed<E: Expansion>(expansion: E) -> Box<dyn DynExpansion> {
    Box::new(Arc::new(Guarded {
        declared: expansion.hooks(),
        armed_only: expansion.armed_hooks(),
        keeps_deployments: expansion.tile_placed_keeps_deployments(),
        inner: expansion,
        failed: AtomicBool::new(false),
        failure: Mutex::new(None),
        raised: OnceLock::new(),
    }))
}

/// An expansion with its panics caught (see [`boxed`]): the rules hold it,
/// and so does each game's instance of it.
struct Guarded<E> {
    inner: E,
    /// What `inner.hooks()` said when it was boxed.
    declared: Hooks,
    /// What `inner.armed_hooks()` said then.
    armed_only: Hooks,
    /// What `inner.tile_placed_keeps_deployments()` said then.
    keeps_deployments: bool,
    failed: AtomicBool,
    failure: Mutex<Option<String>>,
    /// The rules' flag raised along with `failed`, so the engine learns of
    /// a failure with one load instead of asking every expansion after
    /// every action.
    raised: OnceLock<Arc<AtomicBool>>,
}

impl<E> Guarded<E> {
    fn guard<R>(&self, hook: &'static str, fallback: R, f: impl FnOnce() -> R) -> R {
        self.guard_named(|| hook, fallback, f)
    }

    /// As `guard`, naming the hook only if it panics.
    fn guard_named<R>(&self, hook: impl FnOnce() -> &'static str, fallback: R, f: impl FnOnce() -> R) -> R {
        match std::panic::catch_unwind(AssertUnwindSafe(f)) {
            Ok(r) => r,
            Err(payload) => {
                self.record_panic(hook(), payload.as_ref());
                fallback
            }
        }
    }

    // Out of line and cold, like every failure: one copy, not one in each
    // hook's wrapper beside its hot path.
    #[cold]
    #[inline(never)]
    fn record_panic(&self, hook: &str, payload: &(dyn Any + Send)) {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        if let Ok(mut slot) = self.failure.lock() {
            slot.get_or_insert(format!("hook `{hook}` panicked: {message}"));
        }
        self.failed.store(true, Ordering::Relaxed);
        if let Some(raised) = self.raised.get() {
            raised.store(true, Ordering::Relaxed);
        }
    }
}

/// Whether a `tile_placed` call left the deployment decision as the board
/// gives it: no ask, and no figure or tile moved, among the requests made
/// since `events` and `asks` were their lengths.
fn deployments_kept(ctx: &Ctx<'_>, events: usize, asks: usize) -> bool {
    let moved = ctx.events.get(events..).unwrap_or_default().iter().any(|e| {
        matches!(
            e,
            Event::FigureDeployed { .. }
                | Event::FigureReturned { .. }
                | Event::FigureMoved { .. }
                | Event::TilePlaced { .. }
        )
    });
    ctx.asks.len() == asks && !moved
}

/// Fails a `tile_placed` that asks or moves something although the
/// expansion says it keeps the deployments; the guard reports the panic as
/// the expansion's failure.
#[cold]
fn deployments_not_kept() -> ! {
    panic!(
        "`tile_placed` asks a decision or moves a figure or tile, but `tile_placed_keeps_deployments()` says it \
         leaves the deployments as the board gives them: return false there"
    )
}

/// Fails a hook the expansion left out of `hooks()` although it acts (see
/// [`Hooks`]); the guard reports the panic as the expansion's failure.
fn undeclared(hook: Hooks) -> ! {
    let (constant, method) = hook.names();
    panic!("`{method}` acts, but `hooks()` does not list it: add `Hooks::{constant}`")
}

/// Fails an armed-only hook that acts on a turn nothing armed it (see
/// [`Expansion::armed_hooks`]).
fn unarmed(hook: Hooks) -> ! {
    let (constant, method) = hook.names();
    panic!(
        "`{method}` acts on a turn nothing armed it: call `ctx.arm(Hooks::{constant})` in an earlier hook of the \
         turn, or leave it out of `armed_hooks()`"
    )
}

impl<E: Expansion> Guarded<E> {
    /// Runs a turn hook that gets a context. The engine calls a hook left
    /// out of `hooks()`, or one of `armed_hooks()` nothing armed this turn,
    /// only in debug builds, to check that it does nothing.
    fn turn_hook(
        &self,
        hook: Hooks,
        state: &mut E::State,
        ctx: &mut Ctx<'_>,
        f: impl FnOnce(&E, &mut E::State, &mut Ctx<'_>),
    ) {
        self.guard_named(
            || hook.names().1,
            (),
            || {
                if self.declared.contains(hook) && !ctx.unarmed {
                    f(&self.inner, state, ctx)
                } else {
                    self.check_idle_hook(hook, state, ctx, f)
                }
            },
        )
    }

    /// Runs a hook the engine calls only to check that it does nothing
    /// (debug builds: left out of `hooks()`, or armable and not armed),
    /// failing it if it acted. Kept out of line and cold: inlined, this
    /// check (a second copy of the hook's body, the state's clone and
    /// comparison) sat between the hot paths of every hook and took the
    /// instruction cache the turn needs.
    #[cold]
    #[inline(never)]
    fn check_idle_hook(
        &self,
        hook: Hooks,
        state: &mut E::State,
        ctx: &mut Ctx<'_>,
        f: impl FnOnce(&E, &mut E::State, &mut Ctx<'_>),
    ) {
        // Compared in place, and the RNG by its position: with every hook
        // sent to every expansion in a debug build, a second clone of the
        // state and a comparison of two ChaCha streams per call were a
        // fifth of the invariant harness's time.
        let (events, asks, rng) = (ctx.events.len(), ctx.asks.len(), ctx.rng.position());
        let before = state.clone();
        f(&self.inner, state, ctx);
        if before != *state || events != ctx.events.len() || asks != ctx.asks.len() || rng != ctx.rng.position() {
            if self.declared.contains(hook) {
                unarmed(hook);
            }
            undeclared(hook);
        }
    }

    /// Runs a hook that only reads the state and answers; left out of
    /// `hooks()`, its answer must be `neutral`.
    fn query_hook<R: PartialEq + Copy>(&self, hook: Hooks, neutral: R, f: impl FnOnce() -> R) -> R {
        let declared = self.declared.contains(hook);
        self.guard_named(
            || hook.names().1,
            neutral,
            || {
                let answer = f();
                if !declared && answer != neutral {
                    undeclared(hook);
                }
                answer
            },
        )
    }
}

/// The rules' half of an [`Expansion`], as the engine holds it: what does
/// not depend on a game. Made by [`boxed`]; implement [`Expansion`] instead.
pub trait DynExpansion: Send + Sync {
    /// Sets the expansion up for a new game: its instance, holding its
    /// state. `None` when the setup failed (see `take_failure`).
    fn setup(&self, ctx: &mut Ctx<'_>) -> Option<Box<dyn DynInstance>>;
    /// The message of a hook that panicked since the last call, if any.
    fn take_failure(&self) -> Option<String>;
    /// A flag to raise whenever a hook panics, besides remembering the
    /// message for `take_failure` (the rules attach theirs once).
    fn raise_on_failure(&self, flag: Arc<AtomicBool>);
    /// The turn hooks the expansion declares (`Expansion::hooks`).
    fn hooks(&self) -> Hooks;
    /// Those it has called only on turns it arms them
    /// (`Expansion::armed_hooks`).
    fn armed_hooks(&self) -> Hooks;
    /// `Expansion::armed_by_tile`.
    fn armed_by_tile(&self, tile: &TileType) -> Hooks;
    /// `Expansion::vetoes_tile`.
    fn vetoes_tile(&self, tile: &TileType) -> bool;
    /// `Expansion::vetoes_deployments_after`.
    fn vetoes_deployments_after(&self, tile: &TileType) -> bool;
    /// `Expansion::relaxes_edges`.
    fn relaxes_edges(&self, mine: EdgeKind, theirs: EdgeKind) -> bool;
    /// `Expansion::optional_relaxation`.
    fn optional_relaxation(&self) -> Option<&'static str>;
    /// `Expansion::supplies_tiles`.
    fn supplies_tiles(&self) -> Option<&'static str>;
    /// `Expansion::tile_placed_keeps_deployments`.
    fn tile_placed_keeps_deployments(&self) -> bool;
    /// Reads one of its actions as records write it.
    fn parse_action(&self, value: &serde_json::Value) -> Result<Box<dyn ErasedAction>, String>;
    /// `Expansion::log_line`.
    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line>;
    /// `Expansion::arrange_tiles`.
    fn arrange_tiles(&self, tiles: &mut crate::tiles::TileArrangement<'_>);
}

impl<E: Expansion> DynExpansion for Arc<Guarded<E>> {
    fn setup(&self, ctx: &mut Ctx<'_>) -> Option<Box<dyn DynInstance>> {
        let state = self.guard("setup", None, || Some(E::setup(&self.inner, ctx)))?;
        Some(Box::new(Instance {
            rules: Arc::clone(self),
            state,
            held: None,
            listed: Vec::new(),
        }))
    }
    fn take_failure(&self) -> Option<String> {
        if !self.failed.swap(false, Ordering::Relaxed) {
            return None;
        }
        self.failure
            .lock()
            .map(|mut f| f.take())
            .unwrap_or_else(|e| e.into_inner().take())
    }
    fn raise_on_failure(&self, flag: Arc<AtomicBool>) {
        // Set once, when the rules are assembled; a second attach would
        // only repeat the same flag.
        let _ = self.raised.set(flag);
    }
    fn hooks(&self) -> Hooks {
        self.declared
    }
    fn armed_hooks(&self) -> Hooks {
        self.armed_only
    }
    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        self.guard("armed_by_tile", Hooks::NONE, || E::armed_by_tile(&self.inner, tile))
    }
    fn vetoes_tile(&self, tile: &TileType) -> bool {
        self.guard("vetoes_tile", true, || E::vetoes_tile(&self.inner, tile))
    }
    fn vetoes_deployments_after(&self, tile: &TileType) -> bool {
        self.guard("vetoes_deployments_after", true, || {
            E::vetoes_deployments_after(&self.inner, tile)
        })
    }
    fn relaxes_edges(&self, mine: EdgeKind, theirs: EdgeKind) -> bool {
        self.guard("relaxes_edges", true, || E::relaxes_edges(&self.inner, mine, theirs))
    }
    fn optional_relaxation(&self) -> Option<&'static str> {
        self.guard("optional_relaxation", None, || E::optional_relaxation(&self.inner))
    }
    fn supplies_tiles(&self) -> Option<&'static str> {
        self.guard("supplies_tiles", None, || E::supplies_tiles(&self.inner))
    }
    fn tile_placed_keeps_deployments(&self) -> bool {
        self.keeps_deployments
    }
    fn parse_action(&self, value: &serde_json::Value) -> Result<Box<dyn ErasedAction>, String> {
        serde_json::from_value::<E::Action>(value.clone())
            .map(|a| Box::new(a) as Box<dyn ErasedAction>)
            .map_err(|e| e.to_string())
    }
    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        self.guard("log_line", None, || E::log_line(&self.inner, view, detail))
    }
    fn arrange_tiles(&self, tiles: &mut crate::tiles::TileArrangement<'_>) {
        self.guard("arrange_tiles", (), || E::arrange_tiles(&self.inner, tiles));
    }
}

/// A game's half of an [`Expansion`]: its state in this game, and the
/// hooks that read or change it (each the [`Expansion`] method of the same
/// name). Made by [`DynExpansion::setup`]; copied with the game.
#[allow(missing_docs)]
pub trait DynInstance: Debug + Send + Sync {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynInstance>;
    /// Makes `target` a copy of this instance in place, keeping the
    /// buffers its state owns (undo notes every decision's states so);
    /// false, leaving `target` as it was, when it is another expansion's.
    fn copy_into(&self, target: &mut dyn DynInstance) -> bool;
    /// For `copy_into`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// The expansion's state.
    fn state(&self) -> &dyn ErasedState;
    fn turn_started(&mut self, ctx: &mut Ctx<'_>);
    fn tile_drawn(&mut self, ctx: &mut Ctx<'_>, tile: &TileType);
    fn placement_allowed(&self, view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation) -> bool;
    fn relaxed_placement(&self, view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation, sides: u8) -> bool;
    /// `Expansion::holds_tiles`.
    fn holds_tiles(&self, view: &CoreState, player: u8) -> bool;
    /// `Expansion::supplied_tile`.
    fn supplied_tile(&self, view: &CoreState, player: u8) -> Option<crate::SuppliedTile>;
    fn tile_placed(&mut self, ctx: &mut Ctx<'_>, placed: crate::board::PlacedTile);
    fn deploy_options(&self, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>);
    fn offers_deployment(&self, after: &AfterPlacement<'_>, d: &Deployment) -> Option<bool>;
    fn deployment_allowed(&self, after: &AfterPlacement<'_>, d: &Deployment) -> bool;
    fn figure_deployed(&mut self, ctx: &mut Ctx<'_>, f: &PlacedFigure);
    fn after_deploy(&mut self, ctx: &mut Ctx<'_>, f: Option<&PlacedFigure>);
    fn before_scoring(&mut self, ctx: &mut Ctx<'_>);
    fn feature_completed(&mut self, ctx: &mut Ctx<'_>, n: crate::features::NodeId);
    fn feature_points(&self, view: &CoreState, n: crate::features::NodeId, complete: bool, points: &mut i32);
    fn feature_scored(&mut self, ctx: &mut Ctx<'_>, scoring: &FeatureScoring);
    fn after_scoring(&mut self, ctx: &mut Ctx<'_>);
    fn end_of_turn(&mut self, ctx: &mut Ctx<'_>);
    fn final_scoring(&mut self, ctx: &mut Ctx<'_>);
    fn observe(&mut self, view: &CoreState, event: &Event);
    /// Hands each listed option to `each`, boxed.
    fn options(&self, view: &CoreState, player: u8, each: &mut dyn FnMut(Box<dyn ErasedAction>));
    fn is_option(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> bool;
    fn sample_option(&self, view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Box<dyn ErasedAction>>;
    /// Draws an option as `sample_option` does and holds it, typed, for
    /// `play_held`; false, holding nothing, when it draws none. Debug
    /// builds check the draw with `is_option` (a refused draw fails the
    /// expansion).
    fn hold_sample(&mut self, view: &CoreState, player: u8, rng: &mut GameRng) -> bool;
    /// Lists the options as `options` does, typed and in the same order,
    /// and holds the one at the index `pick` chooses among their count for
    /// `play_held`; false, holding nothing, when there is none or the index
    /// is not below the count.
    fn hold_listed(&mut self, view: &CoreState, player: u8, pick: &mut dyn FnMut(usize) -> usize) -> bool;
    fn play(&mut self, ctx: &mut Ctx<'_>, player: u8, action: &dyn ErasedAction);
    /// Plays the option `hold_sample` or `hold_listed` holds, as `play` would.
    fn play_held(&mut self, ctx: &mut Ctx<'_>, player: u8);
    fn explain_refusal(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> Option<String>;
    fn explain_deployment_refusal(&self, view: &CoreState, d: &Deployment) -> Option<String>;
    fn explain_placement_refusal(
        &self,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<String>;
    fn decision_label(&self) -> &'static str;
    fn resample_hidden(&mut self, rng: &mut GameRng);
    fn public_state(&self) -> serde_json::Value;
    fn check_kept_up(&self, view: &CoreState) -> Result<(), String>;
    fn option_label(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> Option<String>;
    fn present(&self, view: &CoreState) -> Vec<Line>;
    fn counters(&self, view: &CoreState, out: &mut dyn CounterSink);
}

impl Clone for Box<dyn DynInstance> {
    fn clone(&self) -> Self {
        self.clone_box()
    }

    fn clone_from(&mut self, source: &Self) {
        if !source.copy_into(self.as_mut()) {
            *self = source.clone_box();
        }
    }
}

/// An expansion's state in one game, beside the rules that change it.
struct Instance<E: Expansion> {
    rules: Arc<Guarded<E>>,
    state: E::State,
    /// An option drawn by `hold_sample` or `hold_listed`, until
    /// `play_held` plays it: a playout's pick reaches the expansion's `play`
    /// without a box or a check. Not part of the game: never copied.
    held: Option<E::Action>,
    /// The options `hold_listed` listed last, a buffer kept for its room.
    listed: Vec<E::Action>,
}

impl<E: Expansion> Debug for Instance<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.state.fmt(f)
    }
}

impl<E: Expansion> DynInstance for Instance<E> {
    fn clone_box(&self) -> Box<dyn DynInstance> {
        Box::new(Instance {
            rules: Arc::clone(&self.rules),
            state: self.state.clone(),
            held: None,
            listed: Vec::new(),
        })
    }
    fn copy_into(&self, target: &mut dyn DynInstance) -> bool {
        let Some(target) = target.as_any_mut().downcast_mut::<Instance<E>>() else {
            return false;
        };
        if !Arc::ptr_eq(&target.rules, &self.rules) {
            target.rules = Arc::clone(&self.rules);
        }
        target.state.clone_from(&self.state);
        true
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn state(&self) -> &dyn ErasedState {
        &self.state
    }
    fn turn_started(&mut self, ctx: &mut Ctx<'_>) {
        let hook = Hooks::TURN_STARTED;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.turn_started(s, ctx))
    }
    fn tile_drawn(&mut self, ctx: &mut Ctx<'_>, tile: &TileType) {
        let hook = Hooks::TILE_DRAWN;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.tile_drawn(s, ctx, tile))
    }
    fn placement_allowed(&self, view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation) -> bool {
        self.rules.query_hook(Hooks::PLACEMENT_ALLOWED, true, || {
            E::placement_allowed(&self.rules.inner, &self.state, view, tile, pos, rotation)
        })
    }
    fn relaxed_placement(&self, view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation, sides: u8) -> bool {
        self.rules.query_hook(Hooks::RELAXED_PLACEMENT, false, || {
            E::relaxed_placement(&self.rules.inner, &self.state, view, tile, pos, rotation, sides)
        })
    }
    fn holds_tiles(&self, view: &CoreState, player: u8) -> bool {
        self.rules.guard("holds_tiles", false, || {
            E::holds_tiles(&self.rules.inner, &self.state, view, player)
        })
    }
    fn supplied_tile(&self, view: &CoreState, player: u8) -> Option<crate::SuppliedTile> {
        self.rules.guard("supplied_tile", None, || {
            E::supplied_tile(&self.rules.inner, &self.state, view, player)
        })
    }
    fn tile_placed(&mut self, ctx: &mut Ctx<'_>, placed: crate::board::PlacedTile) {
        let hook = Hooks::TILE_PLACED;
        let check_kept = cfg!(debug_assertions) && self.rules.keeps_deployments;
        let (events, asks) = (ctx.events.len(), ctx.asks.len());
        self.rules.turn_hook(hook, &mut self.state, ctx, |e, s, ctx| {
            e.tile_placed(s, ctx, placed);
            if check_kept && !deployments_kept(ctx, events, asks) {
                deployments_not_kept();
            }
        })
    }
    fn deploy_options(&self, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let listed = out.len();
        self.rules.query_hook(Hooks::DEPLOY_OPTIONS, listed, || {
            E::deploy_options(&self.rules.inner, &self.state, after, out);
            out.len()
        });
    }
    fn offers_deployment(&self, after: &AfterPlacement<'_>, d: &Deployment) -> Option<bool> {
        // Part of `deploy_options` (asked only of the expansions declaring
        // it); a hook that panics answers `None`, and the listing then
        // asked fails the same way. Debug builds ask every expansion: one
        // that does not declare the hook may still answer "not offered"
        // (`Some(false)`, as when its part that offers is off), never
        // "offered".
        let declared = self.rules.declared.contains(Hooks::DEPLOY_OPTIONS);
        self.rules.guard_named(
            || Hooks::DEPLOY_OPTIONS.names().1,
            None,
            || {
                let answer = E::offers_deployment(&self.rules.inner, &self.state, after, d);
                if !declared && answer == Some(true) {
                    undeclared(Hooks::DEPLOY_OPTIONS);
                }
                answer
            },
        )
    }
    fn deployment_allowed(&self, after: &AfterPlacement<'_>, d: &Deployment) -> bool {
        self.rules.query_hook(Hooks::DEPLOYMENT_ALLOWED, true, || {
            E::deployment_allowed(&self.rules.inner, &self.state, after, d)
        })
    }
    fn figure_deployed(&mut self, ctx: &mut Ctx<'_>, f: &PlacedFigure) {
        let hook = Hooks::FIGURE_DEPLOYED;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.figure_deployed(s, ctx, f))
    }
    fn after_deploy(&mut self, ctx: &mut Ctx<'_>, f: Option<&PlacedFigure>) {
        let hook = Hooks::AFTER_DEPLOY;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.after_deploy(s, ctx, f))
    }
    fn before_scoring(&mut self, ctx: &mut Ctx<'_>) {
        let hook = Hooks::BEFORE_SCORING;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.before_scoring(s, ctx))
    }
    fn feature_completed(&mut self, ctx: &mut Ctx<'_>, n: crate::features::NodeId) {
        let hook = Hooks::FEATURE_COMPLETED;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.feature_completed(s, ctx, n))
    }
    fn feature_points(&self, view: &CoreState, n: crate::features::NodeId, complete: bool, points: &mut i32) {
        let given = *points;
        *points = self.rules.query_hook(Hooks::FEATURE_POINTS, given, || {
            let mut adjusted = given;
            E::feature_points(&self.rules.inner, &self.state, view, n, complete, &mut adjusted);
            adjusted
        });
    }
    fn feature_scored(&mut self, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        let hook = Hooks::FEATURE_SCORED;
        self.rules.turn_hook(hook, &mut self.state, ctx, |e, s, ctx| {
            e.feature_scored(s, ctx, scoring)
        })
    }
    fn after_scoring(&mut self, ctx: &mut Ctx<'_>) {
        let hook = Hooks::AFTER_SCORING;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.after_scoring(s, ctx))
    }
    fn end_of_turn(&mut self, ctx: &mut Ctx<'_>) {
        let hook = Hooks::END_OF_TURN;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.end_of_turn(s, ctx))
    }
    fn final_scoring(&mut self, ctx: &mut Ctx<'_>) {
        let hook = Hooks::FINAL_SCORING;
        self.rules
            .turn_hook(hook, &mut self.state, ctx, |e, s, ctx| e.final_scoring(s, ctx))
    }
    fn observe(&mut self, view: &CoreState, event: &Event) {
        let rules = &self.rules;
        let state = &mut self.state;
        let declared = rules.declared.contains(Hooks::OBSERVE);
        rules.guard("observe", (), || {
            let before = (!declared).then(|| state.clone());
            E::observe(&rules.inner, state, view, event);
            if before.is_some_and(|b| b != *state) {
                undeclared(Hooks::OBSERVE);
            }
        })
    }
    fn options(&self, view: &CoreState, player: u8, each: &mut dyn FnMut(Box<dyn ErasedAction>)) {
        self.rules.guard("options", (), || {
            let mut listed = Vec::new();
            E::options(&self.rules.inner, &self.state, view, player, &mut listed);
            for action in listed {
                each(Box::new(action));
            }
        })
    }
    fn is_option(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> bool {
        let Some(action) = action.as_any().downcast_ref::<E::Action>() else {
            return false;
        };
        self.rules.guard("is_option", false, || {
            E::is_option(&self.rules.inner, &self.state, view, player, action)
        })
    }
    fn sample_option(&self, view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Box<dyn ErasedAction>> {
        self.rules.guard("sample_option", None, || {
            E::sample_option(&self.rules.inner, &self.state, view, player, rng)
                .map(|a| Box::new(a) as Box<dyn ErasedAction>)
        })
    }
    fn hold_sample(&mut self, view: &CoreState, player: u8, rng: &mut GameRng) -> bool {
        let (rules, state) = (&self.rules, &self.state);
        self.held = rules.guard("sample_option", None, || {
            let drawn = E::sample_option(&rules.inner, state, view, player, rng)?;
            if cfg!(debug_assertions) && !E::is_option(&rules.inner, state, view, player, &drawn) {
                panic!("`sample_option` drew {drawn:?}, which `is_option` refuses");
            }
            Some(drawn)
        });
        self.held.is_some()
    }
    fn hold_listed(&mut self, view: &CoreState, player: u8, pick: &mut dyn FnMut(usize) -> usize) -> bool {
        let (rules, state, listed) = (&self.rules, &self.state, &mut self.listed);
        listed.clear();
        rules.guard("options", (), || {
            E::options(&rules.inner, state, view, player, listed);
        });
        if listed.is_empty() {
            return false;
        }
        let k = pick(listed.len());
        self.held = (k < listed.len()).then(|| listed.swap_remove(k));
        self.held.is_some()
    }
    fn play(&mut self, ctx: &mut Ctx<'_>, player: u8, action: &dyn ErasedAction) {
        let rules = &self.rules;
        let state = &mut self.state;
        rules.guard("play", (), || {
            let action = action
                .as_any()
                .downcast_ref::<E::Action>()
                .expect("the engine hands an expansion only its own actions");
            E::play(&rules.inner, state, ctx, player, action)
        })
    }
    fn play_held(&mut self, ctx: &mut Ctx<'_>, player: u8) {
        let Some(action) = self.held.take() else {
            return;
        };
        let rules = &self.rules;
        let state = &mut self.state;
        rules.guard("play", (), || E::play(&rules.inner, state, ctx, player, &action))
    }
    fn explain_refusal(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> Option<String> {
        let action = action.as_any().downcast_ref::<E::Action>()?;
        self.rules.guard("explain_refusal", None, || {
            E::explain_refusal(&self.rules.inner, &self.state, view, player, action)
        })
    }
    fn explain_deployment_refusal(&self, view: &CoreState, d: &Deployment) -> Option<String> {
        self.rules.guard("explain_deployment_refusal", None, || {
            E::explain_deployment_refusal(&self.rules.inner, &self.state, view, d)
        })
    }
    fn explain_placement_refusal(
        &self,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<String> {
        self.rules.guard("explain_placement_refusal", None, || {
            E::explain_placement_refusal(&self.rules.inner, &self.state, view, tile, pos, rotation)
        })
    }
    fn decision_label(&self) -> &'static str {
        self.rules.guard("decision_label", "expansion decision", || {
            E::decision_label(&self.rules.inner, &self.state)
        })
    }
    fn resample_hidden(&mut self, rng: &mut GameRng) {
        let rules = &self.rules;
        let state = &mut self.state;
        rules.guard("resample_hidden", (), || E::resample_hidden(&rules.inner, state, rng))
    }
    fn public_state(&self) -> serde_json::Value {
        self.rules.guard("public_state", serde_json::Value::Null, || {
            E::public_state(&self.rules.inner, &self.state)
        })
    }
    fn check_kept_up(&self, view: &CoreState) -> Result<(), String> {
        self.rules
            .guard("check_kept_up", Err("check_kept_up panicked".to_string()), || {
                E::check_kept_up(&self.rules.inner, &self.state, view)
            })
    }
    fn option_label(&self, view: &CoreState, player: u8, action: &dyn ErasedAction) -> Option<String> {
        let action = action.as_any().downcast_ref::<E::Action>()?;
        self.rules.guard("option_label", None, || {
            E::option_label(&self.rules.inner, &self.state, view, player, action)
        })
    }
    fn present(&self, view: &CoreState) -> Vec<Line> {
        self.rules.guard("present", Vec::new(), || {
            E::present(&self.rules.inner, &self.state, view)
        })
    }
    fn counters(&self, view: &CoreState, out: &mut dyn CounterSink) {
        self.rules.guard("counters", (), || {
            E::counters(&self.rules.inner, &self.state, view, out)
        })
    }
}
