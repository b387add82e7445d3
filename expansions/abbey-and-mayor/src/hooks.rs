//! The rules for one game and the hook table: each hook calls the rule
//! modules in the order of the turn.

use crate::barn::prune_barns;
use crate::wagon::WagonRange;
use crate::{Action, BARN, PART_ABBEY, PART_BARN, PART_WAGON, State, WAGON, abbey, barn, barn_scoring, wagon, words};

use carcassonne_core::expansion::{self, DynExpansion, FeatureScoring, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterSink, Ctx, Deployment, Event, Expansion, Line, serde_json,
};

pub(crate) fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let shared_farms = match ctx.variant("barn_placement") {
        "not-occupied" => false,
        "occupied" => true,
        other => return Err(format!("unknown barn_placement `{other}`")),
    };
    let wagon_range = match ctx.variant("wagon_move") {
        "C2" => WagonRange::Nearby,
        "C1" => WagonRange::Connected,
        other => return Err(format!("unknown wagon_move `{other}`")),
    };
    Ok(expansion::boxed(AbbeyAndMayor {
        shared_farms,
        wagon_range,
        abbeys: ctx.part_on(PART_ABBEY),
        barns: ctx.part_on(PART_BARN),
        wagons: ctx.part_on(PART_WAGON),
    }))
}

/// The rules for one game.
pub(crate) struct AbbeyAndMayor {
    /// `barn_placement = "occupied"`: a barn may join a farm that holds one.
    shared_farms: bool,
    /// `wagon_move`: where a scored wagon may move on.
    wagon_range: WagonRange,
    /// The parts that are on (the mayor is a declaration only: the core
    /// leaves it out of the supplies when its part is off).
    abbeys: bool,
    barns: bool,
    wagons: bool,
}

impl Expansion for AbbeyAndMayor {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let tables = ctx.view().tables();
        // Without the abbey part nobody holds one (and the state says
        // nothing of abbeys).
        let abbey_tile = abbey::abbey_tile(tables).filter(|_| self.abbeys);
        let holders = if self.abbeys { ctx.view().players() } else { 0 };
        State {
            abbeys_left: vec![u8::from(abbey_tile.is_some()); holders],
            barns: Vec::new(),
            wagons_to_move: Vec::new(),
            holes: abbey_tile.map(|t| abbey::holes(ctx.view(), t)).unwrap_or_default(),
            abbey_tile,
            barn_figure: tables.figure_index(BARN),
            barn_left: false,
            wagon_figure: tables.figure_index(WAGON),
        }
    }

    // Each part's hooks only while it is on: a game with the wagon alone
    // pays for no barn.
    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.abbeys {
            hooks |= Hooks::TURN_STARTED | Hooks::OBSERVE;
        }
        if self.barns {
            // `observe`: a barn returned or captured (pruning).
            hooks |= Hooks::OBSERVE
                | Hooks::DEPLOY_OPTIONS
                | Hooks::DEPLOYMENT_ALLOWED
                | Hooks::FIGURE_DEPLOYED
                | Hooks::AFTER_SCORING
                | Hooks::END_OF_TURN
                | Hooks::FINAL_SCORING;
        }
        if self.wagons {
            hooks |= Hooks::FEATURE_SCORED | Hooks::AFTER_SCORING;
        }
        hooks
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        abbey::offer(state, ctx);
    }

    // The holes follow every tile as it lands, from the event rather than
    // the `tile_placed` hook: a tile placed by an action (an abbey, a
    // bazaar's tile) may wait for another decision before the turn's hooks
    // run, and a start tile placed after setup reaches no hook at all.
    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        match *event {
            Event::TilePlaced { pos, .. } => abbey::tile_placed(state, view, pos),
            // The only events that take a figure off the board.
            Event::FigureReturned { kind, .. } | Event::FigureCaptured { kind, .. } => {
                barn::note_figure_left(state, kind)
            }
            _ => {}
        }
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        abbey::check_holes(state, view)?;
        barn::check_barns(state, view)
    }

    // One expansion, two decisions: wagons are asked about after the
    // turn's scoring, the abbey when a turn starts, so at most one kind is
    // pending.
    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if state.wagons_to_move.is_empty() {
            abbey::options(state, player, out);
        } else {
            wagon::options(state, view, self.wagon_range, out);
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        if state.wagons_to_move.is_empty() {
            abbey::play(state, ctx, player, action);
        } else {
            wagon::play(state, ctx, action, self.wagon_range);
        }
    }

    fn explain_refusal(&self, state: &State, view: &CoreState, _player: u8, _action: &Action) -> Option<String> {
        wagon::explain_refusal(state, view, self.wagon_range)
    }

    fn decision_label(&self, state: &State) -> &'static str {
        if state.wagons_to_move.is_empty() {
            "place the abbey or draw"
        } else {
            "move the scored wagon on or keep it"
        }
    }

    fn option_label(&self, _state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(words::option_label(view, action))
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        words::lines(state, view)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // Counter 0, `abbeys`.
        for (seat, &left) in state.abbeys_left.iter().enumerate() {
            out.seat(0, seat as u8, 0, i32::from(left));
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        words::log_words(view, detail)
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        barn::spots(state, after, self.shared_farms, out);
    }

    fn deployment_allowed(&self, state: &State, after: &AfterPlacement<'_>, d: &Deployment) -> bool {
        barn::allows(state, after, d)
    }

    fn explain_deployment_refusal(&self, state: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        barn::explain_refusal(state, view, self.shared_farms, d)
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        barn_scoring::barn_placed(state, ctx, figure);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        wagon::note_returning(state, ctx.view(), scoring);
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.barns {
            barn_scoring::farms_joined(state, ctx);
        }
        if self.wagons {
            wagon::ask_first(state, ctx, self.wagon_range);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        barn_scoring::final_barns(state, ctx);
    }

    // Barns never leave by these rules, but another expansion may remove
    // figures: a barn that left no longer counts (nor shows).
    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        prune_barns(state, ctx.view());
    }
}
