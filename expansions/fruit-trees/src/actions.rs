//! "Fruit action": after a follower is deployed on the tile just placed,
//! next to or on a Tree tile, the player may harvest a tree within reach or
//! sell a set of different fruits — one action (variant `actions = "one"`)
//! or one per tree within reach (`per-tree`).

use crate::{FruitSet, HARVEST, MAX_SALE, SELL, State, Token, Tree};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::{Ctx, FigureClass, Hooks, Pos, serde_json};
use serde::{Deserialize, Serialize};

/// The fruit actions a player is taking this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// Who acts.
    pub player: u8,
    /// Positions of the trees within reach of the tile just placed.
    pub reach: Vec<Pos>,
    /// Actions still allowed this turn.
    pub actions_left: u32,
    /// Trees already harvested this turn (each tree gives one action).
    pub harvested: Vec<Pos>,
}

/// How many fruit actions a qualifying deployment allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionsVariant {
    /// One action per tree within reach (the wiki footnote's interpretation).
    PerTree,
    /// One action per turn (the default: the rule text).
    One,
}

/// A fruit-action decision, as written in records under `"fruit-trees"`:
/// `{"harvest": [x, y]}`, `{"sell": ["apple", "cherry"]}` or `"done"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Take the top token of the tree on the tile at this position.
    Harvest(Pos),
    /// Sell one held token of each of these (pairwise different) fruits.
    //
    // A sale names fruits, not tokens: its points depend only on how many
    // fruits it holds, and a held token is worth 1 point at the end whatever
    // its value, so which token of a fruit leaves the game changes no score.
    // Naming tokens would only multiply equivalent options.
    Sell(FruitSet),
    /// Take no (further) fruit action this turn.
    Done,
}

impl State {
    /// The trees `pending` may still harvest: within reach, not harvested
    /// this turn, with a token left. An emptied tree offers no harvest (it
    /// would take nothing), though under `per-tree` it still gives its action.
    pub(crate) fn harvestable<'a>(&'a self, pending: &'a Pending) -> impl Iterator<Item = Pos> + 'a {
        pending
            .reach
            .iter()
            .copied()
            .filter(|at| !pending.harvested.contains(at))
            .filter(|&at| self.tree_at(at).is_some_and(|t| !t.tokens.is_empty()))
    }

    /// Whether `pending` offers anything besides stopping.
    pub(crate) fn has_choice(&self, pending: &Pending) -> bool {
        pending.actions_left > 0
            && (self.harvestable(pending).next().is_some() || !self.held_fruits(pending.player).is_empty())
    }
}

/// Notes whether `figure`, just deployed, lets its owner take fruit actions.
pub(crate) fn note_deployment(state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
    let view = ctx.view();
    let is_follower = view
        .tables()
        .figures()
        .get(figure.kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower);
    let on_placed_tile = view.placed_this_turn().is_some_and(|p| p.pos == figure.pos);
    // Only a meeple put on the tile just placed counts: not a special
    // figure, nor a figure deployed elsewhere (source, footnotes 1 and 3).
    if is_follower && on_placed_tile && figure.owner == view.turn().player {
        state.triggered = true;
        ctx.arm(Hooks::AFTER_DEPLOY);
    }
}

/// Asks for fruit actions if this turn's deployment triggered them and a
/// tree lies within reach.
pub(crate) fn offer(state: &mut State, ctx: &mut Ctx<'_>, actions: ActionsVariant) {
    if !std::mem::take(&mut state.triggered) {
        return;
    }
    let Some(placed) = ctx.view().placed_this_turn().copied() else {
        return;
    };
    // Most deployments happen far from every tree: that is told from the
    // trees (six at most) before the nine tiles around are looked at.
    let near = |t: &Tree| (t.at.x - placed.pos.x).abs() <= 1 && (t.at.y - placed.pos.y).abs() <= 1;
    if !state.trees.iter().any(near) {
        return;
    }
    let reach: Vec<Pos> = std::iter::once(placed.pos)
        .chain(placed.pos.ring())
        .filter(|&p| state.tree_at(p).is_some())
        .collect();
    if reach.is_empty() {
        return;
    }
    let actions_left = match actions {
        ActionsVariant::PerTree => reach.len() as u32,
        ActionsVariant::One => 1,
    };
    let player = ctx.view().turn().player;
    let pending = Pending {
        player,
        reach,
        actions_left,
        harvested: Vec::new(),
    };
    // No decision when nothing can be done: every tree in reach is empty
    // and the player holds no token to sell.
    if state.has_choice(&pending) {
        state.pending = Some(pending);
        ctx.ask(player);
    }
}

/// The fruit actions `player` may take now.
pub(crate) fn options(state: &State, player: u8, out: &mut Vec<Action>) {
    let Some(pending) = state.pending.as_ref().filter(|p| p.player == player) else {
        return;
    };
    if pending.actions_left > 0 {
        out.extend(state.harvestable(pending).map(Action::Harvest));
        // Every set of 1–4 different fruits the player holds: the subsets
        // of the held fruits' bit mask (fewer than 64), listed on the stack.
        let held = state.held_fruits(player).0;
        let mut sales = [FruitSet(0); 64];
        let mut count = 0;
        let mut subset = held;
        while subset != 0 {
            if subset.count_ones() as usize <= MAX_SALE
                && let Some(slot) = sales.get_mut(count)
            {
                *slot = FruitSet(subset);
                count += 1;
            }
            subset = (subset - 1) & held;
        }
        let sales = &mut sales[..count];
        sales.sort_by_key(|s| (s.len(), s.0));
        out.extend(sales.iter().copied().map(Action::Sell));
    }
    out.push(Action::Done);
}

/// Carries out a fruit action and asks for the next one, if any is left.
pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
    let Some(mut pending) = state.pending.take() else {
        return;
    };
    match *action {
        Action::Done => return,
        Action::Harvest(at) => {
            pending.harvested.push(at);
            let tree = state.trees.iter_mut().find(|t| t.at == at);
            let taken = tree.and_then(|t| Some((t.fruit?, t.tokens.pop()?)));
            if let (Some((fruit, value)), Some(grower)) = (taken, state.growers.get_mut(player as usize)) {
                grower.held.push(Token { fruit, value });
                grower.harvest_points += i32::from(value);
                ctx.log_with(|| serde_json::json!({ "harvest": { "at": at, "fruit": fruit, "value": value } }));
                ctx.score(player, i32::from(value), HARVEST);
            }
        }
        Action::Sell(set) => {
            let Some(grower) = state.growers.get_mut(player as usize) else {
                return;
            };
            for fruit in set.iter() {
                // Any token of the fruit will do (see `Action::Sell`);
                // the earliest harvested goes.
                if let Some(i) = grower.held.iter().position(|t| t.fruit == fruit) {
                    let token = grower.held.remove(i);
                    grower.sold.push(token);
                }
            }
            grower.sell_points += set.points();
            ctx.log_with(|| serde_json::json!({ "sell": set, "points": set.points() }));
            ctx.score(player, set.points(), SELL);
        }
    }
    pending.actions_left = pending.actions_left.saturating_sub(1);
    if state.has_choice(&pending) {
        state.pending = Some(pending);
        ctx.ask(player);
    }
}
