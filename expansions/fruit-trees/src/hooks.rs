//! The rules for one game (its variant chosen) and the hook table: each
//! hook calls the rule modules in the order of the turn.

use crate::{
    Action, ActionsVariant, Fruit, Grower, HARVEST, HELD, SELL, State, actions, final_scoring, tree_of, trees, words,
};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::rng::GameRng;
use carcassonne_core::serde_json;
use carcassonne_core::{BuildContext, CoreState, CounterSink, Ctx, Expansion, Line, TileType};
use std::collections::BTreeMap;

pub(crate) fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let actions = match ctx.variant("actions") {
        "per-tree" => ActionsVariant::PerTree,
        "one" => ActionsVariant::One,
        other => return Err(format!("variant `actions` cannot be `{other}`; use one or per-tree")),
    };
    let trees: Vec<Option<Fruit>> = ctx.tiles.iter().map(tree_of).collect();
    let tree_tiles = ctx
        .tiles
        .iter()
        .zip(&trees)
        .filter(|(_, tree)| tree.is_some())
        .map(|(t, _)| t.def.count as usize)
        .sum();
    Ok(expansion::boxed(FruitTrees {
        actions,
        trees,
        tree_tiles,
    }))
}

/// The rules for one game.
pub(crate) struct FruitTrees {
    actions: ActionsVariant,
    /// The tree on each tile type, by index: read once here rather than
    /// from the attribute table at every placement.
    trees: Vec<Option<Fruit>>,
    /// Copies of Tree tiles in the tile set: room for the trees' list, made
    /// once rather than grown during the game.
    tree_tiles: usize,
}

impl Expansion for FruitTrees {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let supply = trees::shuffled_stacks(ctx);
        State {
            supply,
            trees: Vec::with_capacity(self.tree_tiles),
            growers: vec![Grower::default(); ctx.view().players()],
            pending: None,
            triggered: false,
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::FIGURE_DEPLOYED | Hooks::AFTER_DEPLOY | Hooks::FINAL_SCORING
    }

    // Fruit actions are offered only after a deployment that triggers
    // them, which `figure_deployed` sees and arms `after_deploy` for; a
    // placement matters only when the tile shows a tree, for which the
    // engine arms `tile_placed`.
    fn armed_hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY | Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if tree_of(tile).is_some() {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    // A tree is not a feature and its fruit stack is Fruit Trees' own: a
    // placement's deployments are what the board gives.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let Some(tree) = self.trees.get(placed.tile as usize).copied().flatten() else {
            return;
        };
        trees::place_tree(state, ctx, placed, tree);
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        actions::note_deployment(state, ctx, figure);
    }

    // Asked here rather than in `figure_deployed` so that other expansions'
    // reactions to the deployment come first; the trigger was noted at the
    // deployment itself, so a figure removed in between still counts
    // (source, footnote 4).
    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, _deployed: Option<&PlacedFigure>) {
        actions::offer(state, ctx, self.actions);
    }

    fn options(&self, state: &State, _view: &CoreState, player: u8, out: &mut Vec<Action>) {
        actions::options(state, player, out);
    }

    // The options are few (at most nine harvests, fifteen sales and done):
    // drawn from this list, a sampled playout boxes only the one it plays.
    fn sample_option(&self, state: &State, _view: &CoreState, player: u8, rng: &mut GameRng) -> Option<Action> {
        let mut listed = Vec::new();
        actions::options(state, player, &mut listed);
        if listed.is_empty() {
            return None;
        }
        let drawn = rng.below(listed.len() as u32) as usize;
        Some(listed.swap_remove(drawn))
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        actions::play(state, ctx, player, action);
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        final_scoring::score_held(state, ctx);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "fruit action (harvest, sell or done)"
    }

    fn option_label(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(words::option_label(state, view, action))
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        words::lines(state, view)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // In the order of `crate::COUNTERS`; fruits in `Fruit::ALL`'s order.
        for tree in &state.trees {
            out.tile(0, tree.at, 0, tree.tokens.len() as i32);
        }
        for (seat, grower) in state.growers.iter().enumerate() {
            let mut by_fruit = [0i32; 6];
            for token in &grower.held {
                by_fruit[token.fruit as usize] += 1;
            }
            for (i, &n) in by_fruit.iter().enumerate() {
                out.seat(1, seat as u8, i, n);
            }
            out.seat(2, seat as u8, 0, grower.held.iter().map(|t| i32::from(t.value)).sum());
        }
        for (&fruit, stack) in &state.supply {
            out.game(3, fruit as usize, stack.len() as i32);
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        words::log_words(view, detail)
    }

    fn resample_hidden(&self, state: &mut State, rng: &mut GameRng) {
        trees::resample_stacks(state, rng);
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        // Stack values stay hidden until harvested: only sizes are shown.
        // Held and sold tokens show their values, which were scored openly.
        let supply: BTreeMap<Fruit, usize> = state.supply.iter().map(|(f, s)| (*f, s.len())).collect();
        let trees: Vec<serde_json::Value> = state
            .trees
            .iter()
            .map(|t| serde_json::json!({ "at": t.at, "tree": t.tree, "fruit": t.fruit, "tokens": t.tokens.len() }))
            .collect();
        let players: Vec<serde_json::Value> = state
            .growers
            .iter()
            .map(|g| {
                serde_json::json!({
                    "held": g.held,
                    "sold": g.sold,
                    "points": {
                        HARVEST: g.harvest_points,
                        SELL: g.sell_points,
                        HELD: g.held_points,
                    },
                })
            })
            .collect();
        serde_json::json!({
            "actions": match self.actions {
                ActionsVariant::PerTree => "per-tree",
                ActionsVariant::One => "one",
            },
            "supply": supply,
            "trees": trees,
            "players": players,
            "pending": state.pending,
            // Pictures draw each tree's stack size (the renderers' generic convention).
            "markers": state.trees.iter().map(|t| serde_json::json!({
                "pos": t.at,
                "label": format!("{} ×{}", serde_json::to_value(t.fruit).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default(), t.tokens.len()),
            })).collect::<Vec<_>>(),
        })
    }
}
