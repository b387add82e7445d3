//! The Messages (Die Botschaften, Hans im Glück mini expansion #2, 2012;
//! docs/expansions/the-messages.md): every player has two scoring figures,
//! their scoring meeple and a messenger, and moves one of them with the
//! points of a turn; when the active player's figure stops on a dark space
//! of the scoreboard (0, 5, 10, …) they draw a message tile and either
//! carry out its message or take 2 points.
//!
//! "When you score points, you must choose to move either your standard
//! score meeple or your courier forward on the scoreboard. Even if you
//! score multiple features this turn, you may only advance one of them.
//! You may not move both in a single turn." (C3)
//!
//! The core keeps one score per seat, the sum of the two figures. The
//! expansion follows the core's `Scored` events in `observe`, keeps the
//! points not yet on a figure, and after the turn's scoring asks each
//! player who scored which figure moves (or chooses for them, variant
//! `marker_choice = "auto"`). The eight message tiles are not land tiles:
//! they are declared here as data ([`MESSAGES`]) and drawn from a stack
//! with the game's RNG. Written with the authoring kit only: events
//! observed, decisions of its own, another turn, counters.

mod messages;

use carcassonne_core::events::Event;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::words::count_of;
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    Line, Pos, ValueKind, VariantDecl, register_expansion,
};

pub use messages::{MESSAGES, Message, MessageDecl, follower_options, message_points, scored_kind};

/// The expansion's id.
pub const ID: &str = "the-messages";

/// Points a message gives instead of its action ("Score 2 points (as shown
/// in the bottom-right of the message tile.)").
pub const INSTEAD: i32 = 2;

/// The counters: where each seat's two scoring figures stand.
const COUNTERS: &[CounterDecl] = &[CounterDecl {
    id: "figures",
    label: "Spaces of the scoring meeple and of the messenger on the scoreboard",
    scope: CounterScope::Seat,
    values: &["meeple", "messenger"],
    scale: 50,
    mark: "",
    colour: "",
}];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Messages",
    version: env!("CARGO_PKG_VERSION"),
    description: "A messenger beside each scoring meeple: the points of a turn move one of them, and stopping on a \
                  dark space of the scoreboard draws a message",
    variants: &[
        VariantDecl {
            name: "marker_choice",
            label: "Which scoring figure moves",
            kind: ValueKind::one_of(&["ask", "auto"]),
            default: "ask",
            description: "ask: every player who scored this turn chooses whether their scoring meeple or their \
                          messenger moves (the rule); auto: the figure that stops on a dark space moves for the \
                          active player, else the scoring meeple, and the scoring meeple always for the others \
                          (no question, for quick bot games)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "farmer_points",
            label: "Points for each farmer (message 7)",
            kind: ValueKind::integer(2, 3),
            default: "2",
            description: "what message 7 gives for each of the player's farmers: 2 as Wikicarpedia's message list \
                          reads for knights and farmers alike, 3 as the publisher's summary reads",
            earlier_defaults: &[],
        },
    ],
    score_sources: &[""],
    score_source_names: &["Messages"],
    counters: COUNTERS,
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Messages {
        ask: ctx.variant("marker_choice") == "ask",
        farmer_points: ctx.variant_int("farmer_points") as i32,
    }))
}

/// The rules of one game.
struct Messages {
    /// `marker_choice = "ask"`.
    ask: bool,
    /// Message 7's points for each farmer.
    farmer_points: i32,
}

/// One of a player's two scoring figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Marker {
    /// The standard scoring meeple.
    Meeple,
    /// The messenger (courier), the expansion's figure.
    Messenger,
}

impl Marker {
    fn index(self) -> usize {
        match self {
            Marker::Meeple => 0,
            Marker::Messenger => 1,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Marker::Meeple => "scoring meeple",
            Marker::Messenger => "messenger",
        }
    }
}

/// Whether a space of the scoreboard is dark: 0, 5, 10, 15 …
pub fn is_dark(space: i32) -> bool {
    space.rem_euclid(5) == 0
}

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// By seat: the spaces (points) of the scoring meeple and the messenger.
    /// Their sum plus `pending` is the seat's score until the final scoring.
    pub figures: Vec<[i32; 2]>,
    /// By seat: points scored this turn not yet on a figure.
    pub pending: Vec<i32>,
    /// By seat: the figure that moved this turn ("You may not move both in
    /// a single turn"): later points of the turn join it.
    pub moved: Vec<Option<Marker>>,
    /// Players to ask which figure moves, first the one asked now.
    pub asking: Vec<u8>,
    /// The message the active player drew and is resolving.
    pub message: Option<Message>,
    /// The active player chose to carry out message 8 and now chooses the
    /// follower.
    pub choosing_follower: bool,
    /// Messages never drawn yet, in their order of declaration: the face-down
    /// top of the stack, whose order nobody knows (each draw takes one at
    /// random).
    pub unseen: Vec<Message>,
    /// Messages drawn and put back under the stack, the next to come first
    /// once `unseen` is empty.
    pub under: Vec<Message>,
    /// The final scoring began: the two figures are added up and no message
    /// comes any more.
    pub merged: bool,
    /// While a message waits for its answer: what each feature holding one
    /// of the active player's followers would score as at the end of the
    /// game (its root, points), as the engine worked it out with every
    /// expansion's adjustments when the message was drawn. The options'
    /// words read it (they are given no context to ask the engine); the
    /// message itself asks again when carried out.
    pub worth: Vec<(NodeId, i32)>,
}

impl State {
    /// What feature `node` was worth as at the end of the game when the
    /// message was drawn (`worth`); 0 for one not noted.
    fn noted_worth(&self, view: &CoreState, node: NodeId) -> i32 {
        let root = view.features().root(node);
        self.worth
            .iter()
            .find(|(r, _)| *r == root)
            .map_or(0, |&(_, points)| points)
    }
}

/// The expansion's decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// This turn's points move this figure.
    Move(Marker),
    /// Carry out the drawn message.
    Perform,
    /// Score 2 points instead of the message.
    TakePoints,
    /// Message 8: score this follower of the player's (the feature it
    /// stands in, as at the end of the game) and take it back.
    Score {
        /// The tile it stands on.
        at: Pos,
        /// Its feature, named as records name features (`road:E`).
        feature: String,
    },
}

impl Messages {
    /// Asks the next player of `state.asking` who has a choice, moving the
    /// figure of those who have none (or of everybody, `auto`). Stops at a
    /// question, or at a message drawn for the active player.
    fn ask_next(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        while let Some(&player) = state.asking.first() {
            let p = player as usize;
            let points = state.pending[p];
            if points == 0 {
                state.asking.remove(0);
                continue;
            }
            let [meeple, messenger] = state.figures[p];
            if points > 0 && self.ask && meeple != messenger {
                ctx.ask(player);
                return;
            }
            let marker = if points <= 0 {
                // Points taken away move back the figure further on.
                if messenger > meeple {
                    Marker::Messenger
                } else {
                    Marker::Meeple
                }
            } else if player == ctx.view().turn().player && !is_dark(meeple + points) && is_dark(messenger + points) {
                Marker::Messenger
            } else {
                Marker::Meeple
            };
            state.asking.remove(0);
            if self.move_figure(state, ctx, player, marker) {
                return;
            }
        }
    }

    /// Moves `player`'s `marker` with their pending points; draws a message
    /// when it is the active player's figure stopping on a dark space.
    /// Returns whether a message waits for the player's answer.
    fn move_figure(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, marker: Marker) -> bool {
        let p = player as usize;
        let points = std::mem::take(&mut state.pending[p]);
        let at = &mut state.figures[p][marker.index()];
        *at += points;
        let stop = *at;
        state.moved[p] = Some(marker);
        if points <= 0 || player != ctx.view().turn().player || !is_dark(stop) {
            return false;
        }
        let message = self.draw(state, ctx);
        state.message = Some(message);
        state.worth = worth_of_followers(ctx, player);
        ctx.log_with(|| json!({ "player": player, "figure": marker, "space": stop, "message": message.number() }));
        ctx.ask(player);
        true
    }

    /// Takes the top message of the stack: a random one of those never
    /// seen, else the first put back under.
    fn draw(&self, state: &mut State, ctx: &mut Ctx<'_>) -> Message {
        if state.unseen.is_empty() {
            state.under.remove(0)
        } else {
            let i = ctx.random_below(state.unseen.len() as u32) as usize;
            state.unseen.remove(i)
        }
    }

    /// The drawn message is resolved: it goes under the stack, and the
    /// other players are asked on.
    fn finish_message(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if let Some(message) = state.message.take() {
            state.under.push(message);
        }
        state.choosing_follower = false;
        state.worth.clear();
        self.ask_next(state, ctx);
    }

    /// Carries out `message` for `player` (all but message 8's choice of
    /// follower).
    fn perform(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, message: Message) {
        if message == Message::ExtraTile {
            ctx.log_with(|| json!({ "extra-tile": player }));
            ctx.take_another_turn();
            self.finish_message(state, ctx);
            return;
        }
        if message == Message::ScoreFollower {
            let options = follower_options(ctx.view(), player);
            match options.len() {
                0 => self.finish_message(state, ctx),
                1 => self.score_follower(state, ctx, player, options[0].0),
                _ => {
                    state.choosing_follower = true;
                    ctx.ask(player);
                }
            }
            return;
        }
        let points = message_points(ctx.view(), player, message, self.farmer_points, |n| {
            ctx.feature_worth(n, false)
        })
        .unwrap_or(0);
        if points != 0 {
            ctx.score(player, points, "");
        }
        self.finish_message(state, ctx);
    }

    /// Message 8 with the follower `figure`: its feature's points as at the
    /// end of the game (the engine's final-scoring worth, every
    /// expansion's adjustments included), and the follower back to its
    /// owner.
    fn score_follower(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, figure: u32) {
        let points = ctx
            .view()
            .figure(figure)
            .and_then(|f| f.node)
            .map_or(0, |node| ctx.feature_worth(node, false));
        if points != 0 {
            ctx.score(player, points, "");
        }
        ctx.return_figure(figure);
        self.finish_message(state, ctx);
    }
}

/// What each feature holding one of `player`'s followers, of a kind
/// messages 1–3 and 8 score, would score as at the end of the game, by
/// root: the engine's final-scoring worth with every expansion's
/// adjustments (an inn on an unfinished road: 0).
fn worth_of_followers(ctx: &Ctx<'_>, player: u8) -> Vec<(NodeId, i32)> {
    let view = ctx.view();
    let mut worth: Vec<(NodeId, i32)> = Vec::new();
    for f in view.figures().iter().filter(|f| f.owner == player) {
        let Some(node) = f.node else {
            continue;
        };
        let root = view.features().root(node);
        if scored_kind(view, root) && !worth.iter().any(|(r, _)| *r == root) {
            worth.push((root, ctx.feature_worth(root, false)));
        }
    }
    worth
}

impl Expansion for Messages {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        let n = view.players();
        State {
            figures: vec![[0, 0]; n],
            pending: vec![0; n],
            moved: vec![None; n],
            unseen: Message::ALL.to_vec(),
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_SCORING | Hooks::OBSERVE
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if state.merged {
            return;
        }
        // The active player first, so that a message comes at once; then
        // the others in turn order.
        let active = ctx.view().turn().player as usize;
        let n = state.pending.len();
        state.asking = (0..n)
            .map(|k| ((active + k) % n) as u8)
            .filter(|&p| state.pending[p as usize] != 0)
            .collect();
        self.ask_next(state, ctx);
    }

    fn observe(&self, state: &mut State, _view: &CoreState, event: &Event) {
        match *event {
            Event::Scored { player, points, .. } => {
                let p = player as usize;
                if p >= state.pending.len() {
                    return;
                }
                if state.merged {
                    // The final scoring's points go to the one figure left.
                    state.figures[p][0] += points;
                    return;
                }
                // Points of the turn after its figure moved, messages'
                // points among them, join that figure; the others wait for
                // the choice after the turn's scoring.
                match state.moved[p] {
                    Some(marker) => state.figures[p][marker.index()] += points,
                    None => state.pending[p] += points,
                }
            }
            Event::TurnStarted { .. } => {
                // Points given after the last turn's scoring to a player who
                // had not moved a figure in that turn: the scoring meeple.
                for p in 0..state.pending.len() {
                    state.figures[p][0] += std::mem::take(&mut state.pending[p]);
                    state.moved[p] = None;
                }
            }
            Event::FinalScoring => {
                // "At the end of the game, players add the scores of their
                // two meeples, place one meeple on that sum, …, earning no
                // more messages."
                for p in 0..state.pending.len() {
                    let [a, b] = state.figures[p];
                    state.figures[p] = [a + b + std::mem::take(&mut state.pending[p]), 0];
                }
                state.merged = true;
            }
            _ => {}
        }
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        for p in 0..state.figures.len() {
            let [a, b] = state.figures[p];
            let kept = a + b + state.pending[p];
            let now = view.score(p as u8);
            if kept != now {
                return Err(format!(
                    "seat {p}: figures and pending points {kept}, the game's score {now}"
                ));
            }
        }
        Ok(())
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if state.choosing_follower {
            for (_, at, feature) in follower_options(view, player) {
                out.push(Action::Score { at, feature });
            }
        } else if state.message.is_some() {
            out.push(Action::Perform);
            out.push(Action::TakePoints);
        } else if state.asking.first() == Some(&player) {
            out.push(Action::Move(Marker::Meeple));
            out.push(Action::Move(Marker::Messenger));
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        match action {
            Action::Move(marker) => {
                if state.asking.first() == Some(&player) {
                    state.asking.remove(0);
                }
                if !self.move_figure(state, ctx, player, *marker) {
                    self.ask_next(state, ctx);
                }
            }
            Action::TakePoints => {
                ctx.score(player, INSTEAD, "");
                self.finish_message(state, ctx);
            }
            Action::Perform => {
                if let Some(message) = state.message {
                    self.perform(state, ctx, player, message);
                }
            }
            Action::Score { at, feature } => {
                let figure = follower_options(ctx.view(), player)
                    .into_iter()
                    .find(|(_, p, f)| p == at && f == feature)
                    .map(|(id, _, _)| id);
                if let Some(id) = figure {
                    self.score_follower(state, ctx, player, id);
                }
            }
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        if state.choosing_follower {
            "message-follower"
        } else if state.message.is_some() {
            "message"
        } else {
            "scoring-figure"
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        let p = player as usize;
        Some(match action {
            Action::Move(marker) => {
                let from = state.figures.get(p)?[marker.index()];
                let to = from + state.pending.get(p)?;
                let dark = if is_dark(to) && player == view.turn().player {
                    ": a dark space, draw a message"
                } else {
                    ""
                };
                format!("Move your {} from space {from} to {to}{dark}", marker.words())
            }
            Action::Perform => {
                let message = state.message?;
                let name = message.decl().name;
                match message {
                    Message::ExtraTile => format!("{name}: draw and place another tile"),
                    Message::ScoreFollower => format!("{name}: score one of your followers and take it back"),
                    _ => {
                        let points = message_points(view, player, message, self.farmer_points, |n| {
                            state.noted_worth(view, n)
                        })
                        .unwrap_or(0);
                        format!("{name}: {}", count_of(points.max(0) as u64, "point"))
                    }
                }
            }
            Action::TakePoints => format!("Take {INSTEAD} points instead of the message"),
            Action::Score { at, feature } => {
                let (id, _, _) = follower_options(view, player)
                    .into_iter()
                    .find(|(_, p, f)| p == at && f == feature)?;
                let figure = view.figure(id)?;
                let points = figure.node.map_or(0, |n| state.noted_worth(view, n));
                format!(
                    "Score your follower {} {}: {}, and take it back",
                    view.spot_words(figure.pos, figure.spot),
                    view.place_words(figure.pos),
                    count_of(points.max(0) as u64, "point")
                )
            }
        })
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        let mut lines: Vec<Line> = state
            .figures
            .iter()
            .enumerate()
            .map(|(p, [meeple, messenger])| {
                if state.merged {
                    Line::about(p as u8, format!("Scoring figures added up: space {meeple}"))
                } else {
                    Line::about(
                        p as u8,
                        format!("Scoring meeple on space {meeple}, messenger on space {messenger}"),
                    )
                }
            })
            .collect();
        if let Some(message) = state.message {
            let decl = message.decl();
            lines.push(Line::new(format!(
                "Message {}: {} ({})",
                decl.number, decl.name, decl.text
            )));
        }
        lines
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for (p, [meeple, messenger]) in state.figures.iter().enumerate() {
            out.seat(0, p as u8, 0, *meeple);
            out.seat(0, p as u8, 1, *messenger);
        }
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(player) = detail.get("extra-tile").and_then(|v| v.as_u64()) {
            return Some(Line::about(player as u8, "Draws and places another tile (message 4)"));
        }
        let player = detail.get("player")?.as_u64()? as u8;
        let figure: Marker = serde_json::from_value(detail.get("figure")?.clone()).ok()?;
        let space = detail.get("space")?.as_i64()?;
        let number = detail.get("message")?.as_u64()? as u8;
        let decl = Message::from_number(number)?.decl();
        Some(Line::about(
            player,
            format!(
                "Their {} stops on dark space {space}: message {number}, {}",
                figure.words(),
                decl.name
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_spaces_are_the_multiples_of_five() {
        assert!(is_dark(0) && is_dark(5) && is_dark(50) && is_dark(-5));
        assert!(!is_dark(1) && !is_dark(49) && !is_dark(-3));
    }

    #[test]
    fn markers_name_their_index() {
        assert_eq!(Marker::Meeple.index(), 0);
        assert_eq!(Marker::Messenger.index(), 1);
    }
}
