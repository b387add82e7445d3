//! The rules for one game (its variants chosen) and the hook table: each
//! hook calls the rule modules in the order of the turn.

use crate::bunny::Die;
use crate::{Action, OpenNest, State, Symbol, final_scoring, nests, symbol_of};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::rng::GameRng;
use carcassonne_core::serde_json;
use carcassonne_core::{BuildContext, CoreState, CounterSink, Ctx, Expansion, Line};

pub(crate) fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
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
        nest_tiles: ctx
            .tiles
            .iter()
            .filter(|t| symbol_of(t) == Some(Symbol::Nest))
            .map(|t| t.def.count as usize)
            .sum(),
    }))
}

/// The rules for one game, with its variants.
pub(crate) struct Easter {
    /// Original rules: the bunny goes to the last placed Nest tile.
    pub(crate) nest_tile_placement: bool,
    /// Original rules: the bunny phase comes before the turn's regular scoring.
    pub(crate) phase_before_scoring: bool,
    pub(crate) die: Die,
    /// Original rules: 5 points for second place only with 3+ players.
    pub(crate) second_needs_three: bool,
    /// A roll longer than any possible path leaves the bunny in place.
    pub(crate) short_path_stays: bool,
    /// No tile entered twice in a whole bunny phase, not only in one move.
    pub(crate) revisits_phase: bool,
    /// The symbol of each tile type, by index: read once here, since every
    /// placement asks it for nine tiles.
    pub(crate) symbols: Vec<Option<Symbol>>,
    /// Copies of Nest tiles in the tile set: room for the nests' lists,
    /// made once rather than grown during the game.
    pub(crate) nest_tiles: usize,
}

impl Easter {
    /// The hook the bunny phase starts in (variant `bunny_phase`).
    pub(crate) fn phase_hook(&self) -> Hooks {
        if self.phase_before_scoring {
            Hooks::BEFORE_SCORING
        } else {
            Hooks::AFTER_SCORING
        }
    }

    /// The symbol of tile type `tile` (as [`symbol_of`], from the table).
    pub(crate) fn symbol(&self, tile: u16) -> Option<Symbol> {
        self.symbols.get(tile as usize).copied().flatten()
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
            nests_open: {
                let mut open = Vec::with_capacity(self.nest_tiles);
                open.extend(
                    view.board()
                        .tiles()
                        .iter()
                        .filter(|t| self.symbol(t.tile) == Some(Symbol::Nest))
                        .map(|t| OpenNest::counted(view, t.pos)),
                );
                open
            },
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | self.phase_hook() | Hooks::AFTER_SCORING | Hooks::FINAL_SCORING
    }

    // Nests are scored and a bunny phase starts only on turns whose
    // placement completed a nest or was a Bunny tile: `tile_placed` arms
    // the scoring hooks then.
    fn armed_hooks(&self) -> Hooks {
        self.phase_hook() | Hooks::AFTER_SCORING
    }

    // Nests and the bunny are Easter's own: a placement's deployments are
    // what the board gives.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let placer = placed.placer.unwrap_or(ctx.view().turn().player);
        let symbol = self.symbol(placed.tile);
        if nests::note_placement(state, ctx.view(), placed, placer, symbol) {
            // "Easter Nest scoring", after the turn's regular scoring.
            ctx.arm(Hooks::AFTER_SCORING);
        }
        self.place_bunny(state, ctx, placed, placer, symbol); // "Bunny placement"
    }

    fn before_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.phase_before_scoring {
            self.start_bunny_phase(state, ctx);
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        nests::score_nests(state, ctx);
        if !self.phase_before_scoring {
            self.start_bunny_phase(state, ctx);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        final_scoring::award(&state.eggs, self.second_needs_three, ctx);
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        self.path_options(state, view, player, out);
    }

    fn is_option(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> bool {
        self.is_path_option(state, view, player, action)
    }

    fn sample_option(&self, state: &State, view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Action> {
        self.sample_path(state, view, player, rng)
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        self.play_path(state, ctx, player, action);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "bunny path"
    }

    fn option_label(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        self.path_label(state, view, action)
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        self.lines(state, view)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // In the order of `crate::COUNTERS`.
        for (seat, &eggs) in state.eggs.iter().enumerate() {
            out.seat(0, seat as u8, 0, eggs as i32);
        }
        if let Some(at) = state.bunny {
            out.tile(1, at, 0, 1);
        }
        for &at in &state.nests_scored {
            out.tile(2, at, 0, 1);
        }
        if let Some(roll) = state.bunny_phase.as_ref().and_then(|p| p.current.as_ref()) {
            out.game(3, 0, i32::from(roll.hops));
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        self.log_words(view, detail)
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
