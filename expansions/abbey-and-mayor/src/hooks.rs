//! The rules for one game and the hook table: each hook calls the rule
//! modules in the order of the turn.

use crate::barn::prune_barns;
use crate::{Action, BARN, State, abbey, barn, barn_scoring, words};
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::{BuildContext, CoreState, Ctx, Deployment, Expansion, Line, serde_json};

pub(crate) fn build(_ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(AbbeyAndMayor))
}

/// The rules for one game (no variants).
pub(crate) struct AbbeyAndMayor;

impl Expansion for AbbeyAndMayor {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let rules = ctx.view().rules();
        let abbey_tile = abbey::abbey_tile(rules);
        State {
            abbeys_left: vec![u8::from(abbey_tile.is_some()); ctx.view().players()],
            barns: Vec::new(),
            abbey_tile,
            barn_figure: rules.figure_index(BARN),
        }
    }

    fn hooks(&self) -> Hooks {
        let abbeys = Hooks::TURN_STARTED;
        let barns = Hooks::DEPLOY_OPTIONS
            | Hooks::DEPLOYMENT_ALLOWED
            | Hooks::FIGURE_DEPLOYED
            | Hooks::AFTER_SCORING
            | Hooks::END_OF_TURN
            | Hooks::FINAL_SCORING;
        abbeys | barns
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        abbey::offer(state, ctx);
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        abbey::options(state, view, player, out);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        abbey::play(state, ctx, player, action);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "place the abbey or draw"
    }

    fn option_label(&self, _state: &State, _view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(words::option_label(action))
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        words::lines(state)
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        words::log_words(view, detail)
    }

    fn deploy_options(&self, state: &State, view: &CoreState, out: &mut Vec<Deployment>) {
        barn::spots(state, view, out);
    }

    fn deployment_allowed(&self, state: &State, view: &CoreState, d: &Deployment) -> bool {
        barn::allows(state, view, d)
    }

    fn explain_deployment_refusal(&self, state: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        barn::explain_refusal(state, view, d)
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        barn_scoring::barn_placed(state, ctx, figure);
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        barn_scoring::farms_joined(state, ctx);
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
