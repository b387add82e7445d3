//! The Robbers (Hans im Glück mini expansion #6, 2012;
//! docs/expansions/the-robbers.md): robbers stand on the scoring track
//! beside another player's scoring figure and take half of that player's
//! next points.
//!
//! "Whenever you draw a tile with a bag, place it normally. Then, you may
//! place your robber on the scoreboard, choosing a space that is occupied
//! by at least one other player's scoring figure. Then, the next player to
//! the left with no robber on the scoreboard is allowed to place it. If
//! your robber is already on the scoreboard, you may choose to move it to
//! a different space." (C2) "When a counting figure of another player moves
//! forward, if a robber stood on the space where that follower started, the
//! owner of the robber gets half of the points (rounded up). The player
//! moving his counting figure gets all of his points. [...] The robber is
//! then placed back into the player's supply." (C1)
//!
//! Every score is a move of a scoring figure, whoever's rule gave it: the
//! expansion follows the core's `Scored` events in `observe` and settles
//! the robbers at the next hook that may score (a feature scored, the
//! turn's scoring over, the end of the turn, the final scoring), in the
//! order the points were given, so a robber takes the first move off its
//! space. Written with the authoring kit only: a tile attribute, events
//! observed, a decision of its own, counters.

mod track;

use carcassonne_core::board::PlacedTile;
use carcassonne_core::events::Event;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    FeatureScoring, Line, ScoringMoment, ValueKind, VariantDecl, register_expansion,
};

pub use track::{SPACES, space};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-robbers";

/// The counter: where each seat's robber stands.
const COUNTERS: &[CounterDecl] = &[CounterDecl {
    id: "robber",
    label: "Space of the robber on the scoreboard plus 1 (0: in supply)",
    scope: CounterScope::Seat,
    values: &[],
    scale: 50,
    mark: "",
    colour: "",
}];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Robbers",
    version: env!("CARGO_PKG_VERSION"),
    description: "Robbers on the scoring track beside another player's scoring figure take half of its next points",
    variants: &[
        VariantDecl {
            name: "others",
            label: "Who places a robber after the tile's player",
            kind: ValueKind::one_of(&["next", "each"]),
            default: "next",
            description: "next: the next player to the left whose robber is in supply may place it (Hans im Glück, \
                          C1 and C2); each: every other player whose robber is in supply may, in turn order (Z-Man's \
                          Big Box 4 rules)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "final_scoring",
            label: "Robbers in the final scoring",
            kind: ValueKind::one_of(&["steal", "none"]),
            default: "steal",
            description: "steal: robbers still on the scoreboard steal from the final scoring's points as from any \
                          (no rule stops them); none: they leave the scoreboard before the final scoring",
            earlier_defaults: &[],
        },
    ],
    score_sources: &[""],
    score_source_names: &["Robbers"],
    attributes: &[AttributeDecl {
        key: "robber",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the tile shows the robber symbol (a bag): placing it lets its player put their robber on the \
                      scoreboard, then another player",
    }],
    check_attributes: expansion::schema_only,
    counters: COUNTERS,
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Robbers {
        symbol: ctx.tile_flags(ID, "robber"),
        each: ctx.variant("others") == "each",
        final_steal: ctx.variant("final_scoring") == "steal",
    }))
}

/// The rules of one game.
struct Robbers {
    /// By tile index: the tile shows the robber symbol.
    symbol: Vec<bool>,
    /// `others = "each"`.
    each: bool,
    /// `final_scoring = "steal"`.
    final_steal: bool,
}

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// By seat: the space of its robber, `None` while in its supply.
    robbers: Vec<Option<u8>>,
    /// By seat: the score, kept up from the `Scored` events (the score
    /// before each move is the space that move leaves).
    scores: Vec<i32>,
    /// Scores not yet settled with the robbers, oldest first: moves of the
    /// scoring figures (those of 0 points or fewer move nothing).
    pending: Vec<track::Move>,
    /// The players still to be asked about their robber, first the one
    /// asked now.
    asking: Vec<u8>,
    /// A robber's owner asked which of several players leaving its space
    /// in the same scoring it robs.
    choosing: Option<u8>,
    /// By seat: the player its robber robs, once chosen (until the moves
    /// are settled).
    chosen: Vec<Option<u8>>,
    /// The index of this expansion's score source (stolen points).
    source: u16,
    /// The robbers left the scoreboard for good (`final_scoring = "none"`).
    gone: bool,
}

impl State {
    /// The space of `seat`'s robber on the scoreboard, `None` while it is in
    /// supply.
    pub fn robber(&self, seat: u8) -> Option<u8> {
        self.robbers.get(seat as usize).copied().flatten()
    }
}

/// The expansion's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// Put (or move) the robber on this space of the scoreboard.
    Place {
        /// The space, 0 to 49.
        space: u8,
    },
    /// Leave the robber where it is (in supply or on its space).
    Pass,
    /// Rob this player, of those leaving the robber's space in the same
    /// scoring.
    Rob {
        /// The player robbed.
        player: u8,
    },
}

impl Robbers {
    /// Settles every move not yet settled, oldest first: robbers on the
    /// space a figure leaves steal from it; stolen points take the robbers
    /// beside the thief along.
    ///
    /// With `ask`, a robber's owner whose space several players leave in
    /// these moves is asked first which one the robber robs ("If two or
    /// more score markers are on the same space with a robber and both
    /// score, the robber's owner can choose who to rob"), and the moves
    /// wait for the answer; without, the first to leave is robbed.
    fn settle(&self, state: &mut State, ctx: &mut Ctx<'_>, ask: bool) {
        if state.pending.is_empty() || state.choosing.is_some() {
            return;
        }
        if ask {
            for owner in 0..state.robbers.len() as u8 {
                if state.chosen[owner as usize].is_none()
                    && track::victims(owner, &state.robbers, &state.pending).len() > 1
                {
                    state.choosing = Some(owner);
                    ctx.ask(owner);
                    return;
                }
            }
        }
        let pending = std::mem::take(&mut state.pending);
        let chosen = std::mem::replace(&mut state.chosen, vec![None; state.robbers.len()]);
        // Each score as it stood before the first unsettled move; stolen
        // points are added as they are given, since their events are
        // observed only after this hook.
        let mut running = state.scores.clone();
        for m in &pending {
            running[m.player as usize] -= m.points;
        }
        for m in pending {
            // A robber whose owner chose a victim lets the others pass.
            let mut waiting: Vec<(usize, u8)> = Vec::new();
            for (owner, victim) in chosen.iter().enumerate() {
                if victim.is_some_and(|v| v != m.player) && state.robbers[owner] == Some(m.from) {
                    waiting.push((owner, m.from));
                    state.robbers[owner] = None;
                }
            }
            let thefts = track::on_move(&mut state.robbers, &m);
            for (owner, at) in waiting {
                state.robbers[owner] = Some(at);
            }
            running[m.player as usize] += m.points;
            for (thief, points) in thefts {
                let from = space(running[thief as usize]);
                running[thief as usize] += points;
                ctx.score(thief, points, "");
                let victim = m.player;
                ctx.log_with(|| json!({ "stole": thief, "from": victim, "points": points }));
                // "If the robber is next to a counting follower that scores
                // points gained by robbing another player, the robber's
                // player scores no points. Instead, the robber moves
                // forward with [it]."
                let stolen = track::Move {
                    player: thief,
                    from,
                    points,
                    stolen: true,
                };
                track::on_move(&mut state.robbers, &stolen);
            }
        }
    }

    /// Asks the first player of `state.asking` with a choice, dropping
    /// those who have none.
    fn ask_next(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        while let Some(&player) = state.asking.first() {
            let scores = scores(ctx.view());
            if !track::spaces_for(player, &scores, state.robbers[player as usize]).is_empty() {
                ctx.ask(player);
                return;
            }
            state.asking.remove(0);
        }
    }
}

/// Every seat's score now.
fn scores(view: &CoreState) -> Vec<i32> {
    (0..view.players()).map(|p| view.score(p as u8)).collect()
}

impl Expansion for Robbers {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        let source = view
            .tables()
            .score_sources()
            .iter()
            .position(|s| s == ID)
            .unwrap_or(usize::MAX) as u16;
        State {
            robbers: vec![None; view.players()],
            chosen: vec![None; view.players()],
            scores: scores(view),
            source,
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
            | Hooks::FEATURE_SCORED
            | Hooks::AFTER_SCORING
            | Hooks::END_OF_TURN
            | Hooks::FINAL_SCORING
            | Hooks::OBSERVE
    }

    // Only a tile with the symbol offers robbers.
    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.symbol.get(tile.index as usize).copied().unwrap_or(false) {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if !self.symbol.get(placed.tile as usize).copied().unwrap_or(false) {
            return;
        }
        // Robbers stand where earlier points left them before anyone
        // chooses a space.
        self.settle(state, ctx, false);
        if state.gone {
            return;
        }
        let active = ctx.view().turn().player;
        let n = state.robbers.len();
        // "Then, the next player to the left with no robber on the
        // scoreboard is allowed to place it." (`each`: every such player.)
        let mut asking = vec![active];
        let others = (1..n).map(|k| ((active as usize + k) % n) as u8);
        let free: Vec<u8> = others.filter(|&p| state.robbers[p as usize].is_none()).collect();
        if self.each {
            asking.extend(free);
        } else {
            asking.extend(free.first());
        }
        state.asking = asking;
        self.ask_next(state, ctx);
    }

    // During play the turn's moves wait for `after_scoring`, so that
    // figures leaving one space in the same scoring can be chosen between;
    // in the final scoring each feature's points are settled as they come.
    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.moment == ScoringMoment::Final {
            self.settle(state, ctx, false);
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.settle(state, ctx, true);
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.settle(state, ctx, false);
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.settle(state, ctx, false);
        if !self.final_steal && state.robbers.iter().any(Option::is_some) {
            state.robbers.iter_mut().for_each(|r| *r = None);
            state.gone = true;
            ctx.log_with(|| json!({ "home": true }));
        } else if !self.final_steal {
            state.gone = true;
        }
    }

    fn observe(&self, state: &mut State, _view: &CoreState, event: &Event) {
        let Event::Scored {
            player, points, source, ..
        } = *event
        else {
            return;
        };
        let Some(score) = state.scores.get_mut(player as usize) else {
            return;
        };
        let before = *score;
        *score += points;
        // Stolen points are settled as they are given. Points of 0 or less
        // move nothing but are kept in order, so that `settle` can tell
        // every score as it stood between the moves.
        if source != state.source && !state.gone {
            state.pending.push(track::Move {
                player,
                from: space(before),
                points,
                stolen: false,
            });
        }
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        for (p, &kept) in state.scores.iter().enumerate() {
            let now = view.score(p as u8);
            if kept != now {
                return Err(format!("seat {p}: score kept {kept}, the game's {now}"));
            }
        }
        Ok(())
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if state.choosing == Some(player) {
            for v in track::victims(player, &state.robbers, &state.pending) {
                out.push(Action::Rob { player: v });
            }
            return;
        }
        if state.asking.first() != Some(&player) {
            return;
        }
        let at = state.robbers.get(player as usize).copied().flatten();
        for s in track::spaces_for(player, &scores(view), at) {
            out.push(Action::Place { space: s });
        }
        out.push(Action::Pass);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        if let Action::Rob { player: victim } = *action {
            state.choosing = None;
            state.chosen[player as usize] = Some(victim);
            self.settle(state, ctx, true);
            return;
        }
        if state.asking.first() == Some(&player) {
            state.asking.remove(0);
        }
        if let Action::Place { space: s } = *action {
            state.robbers[player as usize] = Some(s);
            ctx.log_with(|| json!({ "robber": player, "space": s }));
        }
        self.ask_next(state, ctx);
    }

    fn decision_label(&self, state: &State) -> &'static str {
        if state.choosing.is_some() { "robbery" } else { "robber" }
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        let on_board = state.robbers.get(player as usize).copied().flatten().is_some();
        Some(match *action {
            Action::Place { space: s } => {
                let names: Vec<String> = track::standing_on(s, player, &scores(view))
                    .into_iter()
                    .map(|p| view.player_name(p).to_string())
                    .collect();
                let verb = if on_board { "Move" } else { "Put" };
                format!("{verb} your robber beside {} (space {s})", names.join(" and "))
            }
            Action::Rob { player: victim } => {
                let at = state.robber(player)?;
                let points = state
                    .pending
                    .iter()
                    .find(|m| m.player == victim && m.from == at)?
                    .points;
                format!(
                    "Rob {} of {points} points: take {}",
                    view.player_name(victim),
                    track::share(points)
                )
            }
            Action::Pass if on_board => "Leave your robber where it stands".to_string(),
            Action::Pass => "Keep your robber in your supply".to_string(),
        })
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        state
            .robbers
            .iter()
            .enumerate()
            .map(|(p, r)| match r {
                Some(s) => Line::about(p as u8, format!("Robber on space {s} of the scoreboard")),
                None => Line::about(p as u8, "Robber in supply"),
            })
            .collect()
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for (p, r) in state.robbers.iter().enumerate() {
            out.seat(0, p as u8, 0, r.map_or(0, |s| i32::from(s) + 1));
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(thief) = detail.get("stole").and_then(|v| v.as_u64()) {
            let victim = detail.get("from")?.as_u64()? as u8;
            let points = detail.get("points")?.as_i64()?;
            return Some(Line::about(
                thief as u8,
                format!(
                    "Their robber steals {points} from {}'s points",
                    view.player_name(victim)
                ),
            ));
        }
        if let Some(player) = detail.get("robber").and_then(|v| v.as_u64()) {
            let s = detail.get("space")?.as_u64()?;
            return Some(Line::about(player as u8, format!("Puts their robber on space {s}")));
        }
        detail
            .get("home")
            .map(|_| Line::new("The robbers leave the scoreboard before the final scoring"))
    }
}
