//! The rules for one game (its variants chosen) and the hook table: each
//! hook calls the rule modules in the order of the turn.

use crate::serf::BARN;
use crate::{
    CLOISTER_TOKENS, CityCount, Cleric, CloisterTokens, FarmSize, Serf, SerfRule, State, TokenTaker, cleric, tokens,
    words,
};
use carcassonne_core::events::Event;
use carcassonne_core::expansion::{self, DynExpansion, FeatureScoring, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::{BuildContext, CoreState, CounterSink, Ctx, Expansion, FeatureKind, Line, serde_json};

pub(crate) fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let has_barn = ctx.has_figure(BARN);
    let serf = match ctx.variant("serf") {
        "auto" if has_barn => SerfRule::Barn,
        "auto" | "no-barn" => SerfRule::NoBarn,
        "barn" if has_barn => SerfRule::Barn,
        "barn" => {
            return Err(
                "variant serf = \"barn\" needs the barn figure, which is not in this game; \
                        enable `abbey-and-mayor` (with its barn part on and without `[figures] barn = 0`) or choose serf = \"no-barn\" \
                        or \"auto\""
                    .into(),
            );
        }
        other => return Err(format!("variant serf cannot be `{other}`; use auto, barn or no-barn")),
    };
    let cities = match ctx.variant("serf_cities") {
        "all" => CityCount::All,
        "complete" => CityCount::Complete,
        other => return Err(format!("variant serf_cities cannot be `{other}`; use all or complete")),
    };
    let size = match ctx.variant("serf_size") {
        "live" => FarmSize::Live,
        "at-deploy" => FarmSize::AtDeploy,
        other => return Err(format!("variant serf_size cannot be `{other}`; use live or at-deploy")),
    };
    let tokens = match ctx.variant("tokens") {
        "non-scorer" => TokenTaker::NonScorer,
        "any-completer" => TokenTaker::AnyCompleter,
        other => {
            return Err(format!(
                "variant tokens cannot be `{other}`; use non-scorer or any-completer"
            ));
        }
    };
    Ok(expansion::boxed(ClericAndSerf {
        serf,
        cities,
        size,
        tokens,
        observe_barns: has_barn,
    }))
}

/// The rules for one game.
pub(crate) struct ClericAndSerf {
    pub(crate) serf: SerfRule,
    pub(crate) cities: CityCount,
    pub(crate) size: FarmSize,
    pub(crate) tokens: TokenTaker,
    /// Barns are counted for the Serf's final points whichever Serf rule is
    /// in force, so they are watched whenever the barn is in the game.
    pub(crate) observe_barns: bool,
}

impl Expansion for ClericAndSerf {
    type State = State;
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let players = ctx.view().players();
        State {
            cleric: Cleric {
                holder: None,
                cloisters_scored: vec![0; players],
            },
            cloister_tokens: CloisterTokens {
                held: vec![0; players],
                supply: CLOISTER_TOKENS,
            },
            serf: Serf {
                rule: self.serf,
                cities: self.cities,
                size: self.size,
                holder: None,
                record: None,
                barns_played: 0,
            },
            pending_barns: Vec::new(),
            live_farms: Default::default(),
        }
    }

    fn hooks(&self) -> Hooks {
        let scoring = Hooks::FEATURE_COMPLETED | Hooks::FEATURE_SCORED | Hooks::FINAL_SCORING;
        // The no-barn Serf watches farmers deployed (and, live, the farms
        // after every turn); the barn rule watches barns and the farmers they
        // remove, settled at the end of the turn.
        let farmers = match (self.serf, self.size) {
            // Live, a figure moved by another expansion's rule (a farmer
            // trapped on a lake, say) is heard as it happens.
            (SerfRule::NoBarn, FarmSize::Live) => Hooks::FIGURE_DEPLOYED | Hooks::END_OF_TURN | Hooks::OBSERVE,
            (SerfRule::NoBarn, FarmSize::AtDeploy) => Hooks::FIGURE_DEPLOYED,
            (SerfRule::Barn, _) => Hooks::NONE,
        };
        let barns = if self.observe_barns {
            Hooks::OBSERVE | Hooks::END_OF_TURN
        } else {
            Hooks::NONE
        };
        scoring | farmers | barns
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        self.farmer_deployed(state, ctx, figure);
    }

    fn feature_completed(&self, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
        if ctx.view().features().kind(feature) != FeatureKind::CLOISTER {
            return;
        }
        tokens::on_completed(state, ctx, self.tokens);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.kind != FeatureKind::CLOISTER || !scoring.complete {
            return;
        }
        tokens::on_scored(state, ctx, scoring, self.tokens);
        cleric::note_scoring(state, ctx, scoring);
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.serf == SerfRule::Barn {
            Self::settle_barns(state, ctx);
        } else {
            state.pending_barns.clear();
            if self.size == FarmSize::Live {
                self.compare_live_farms(state, ctx);
            }
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.final_scores(state, ctx);
    }

    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        if let Event::FigureMoved { .. } = event
            && self.serf == SerfRule::NoBarn
            && self.size == FarmSize::Live
        {
            state.live_farms.figure_moved();
        }
        if self.observe_barns {
            self.observe_barns(state, view, event);
        }
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        words::lines(state)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // In the order of `INFO.counters`.
        if let Some(holder) = state.cleric.holder {
            out.seat(0, holder, 0, 1);
        }
        for (seat, &n) in state.cleric.cloisters_scored.iter().enumerate() {
            out.seat(0, seat as u8, 1, n as i32);
        }
        for (seat, &n) in state.cloister_tokens.held.iter().enumerate() {
            out.seat(1, seat as u8, 0, n as i32);
        }
        out.game(2, 0, state.cloister_tokens.supply as i32);
        if let Some(holder) = state.serf.holder {
            out.seat(3, holder, 0, 1);
        }
        out.game(4, 0, state.serf.record.map_or(0, |r| r as i32));
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        words::log_words(self.serf, view, detail)
    }
}
