//! "Placing a Tree tile": the stacks shuffled at setup, the stack a Tree
//! tile gets, and the tile table that says which tree a tile shows. The
//! tree is not a feature: no follower stands on it.

use crate::{Fruit, ID, State, TOKEN_VALUES};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::rng::GameRng;
use carcassonne_core::tiles::{AttributeProblem, FeatureKind, TileType};
use carcassonne_core::{Ctx, Pos, serde_json, toml};
use serde::Serialize;
use std::collections::BTreeMap;

/// A Tree tile on the board and the stack on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tree {
    /// Where the tile lies.
    pub at: Pos,
    /// The tree printed on the tile.
    pub tree: Fruit,
    /// The fruit of the stack put on it; `None` when no stack was left (only
    /// possible with a tile file holding more than six Tree tiles).
    pub fruit: Option<Fruit>,
    /// Token values, top of the stack last.
    pub tokens: Vec<u8>,
}

/// The tree printed on a tile, if it is a Tree tile.
pub fn tree_of(tile: &TileType) -> Option<Fruit> {
    tile.def
        .attribute(ID)
        .and_then(|t| t.get("tree"))
        .and_then(toml::Value::as_str)
        .and_then(Fruit::parse)
}

/// Checks `[tile.fruit-trees]`: `tree` (one of the six fruits) is required;
/// `farmhouse` and `highwaymen` are optional booleans (illustrations).
pub(crate) fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    if feature.is_some() {
        return vec![AttributeProblem::new(
            &[],
            "a fruit tree stands on a tile, not on a feature; put `fruit-trees` in the tile's table",
        )];
    }
    let Some(table) = table.as_table() else {
        return vec![AttributeProblem::new(&[], "`fruit-trees` must be a table")];
    };
    let fruits = || Fruit::ALL.map(Fruit::name).join(", ");
    let mut problems = Vec::new();
    for (key, value) in table {
        match key.as_str() {
            "tree" => match value.as_str() {
                Some(name) if Fruit::parse(name).is_some() => {}
                Some(name) => problems.push(AttributeProblem::new(
                    &["tree"],
                    format!("unknown tree `{name}`; expected one of {}", fruits()),
                )),
                None => problems.push(AttributeProblem::new(
                    &["tree"],
                    format!("`tree` must be a string: one of {}", fruits()),
                )),
            },
            "farmhouse" | "highwaymen" if value.as_bool().is_none() => problems.push(AttributeProblem::new(
                &[key.as_str()],
                format!("`{key}` must be true or false"),
            )),
            "farmhouse" | "highwaymen" => {}
            other => problems.push(AttributeProblem::new(
                &[other],
                format!("unknown key `{other}`; expected `tree`, `farmhouse` or `highwaymen`"),
            )),
        }
    }
    if !table.contains_key("tree") {
        problems.push(AttributeProblem::new(
            &[],
            format!("a Tree tile needs `tree`: one of {}", fruits()),
        ));
    }
    problems
}

/// Each fruit's four tokens shuffled face down into a stack, fruit by fruit
/// in the rule book's order, from the game's RNG.
pub(crate) fn shuffled_stacks(ctx: &mut Ctx<'_>) -> BTreeMap<Fruit, Vec<u8>> {
    let mut supply = BTreeMap::new();
    for fruit in Fruit::ALL {
        let mut stack = TOKEN_VALUES.to_vec();
        shuffle(&mut stack, |n| ctx.random_below(n));
        supply.insert(fruit, stack);
    }
    supply
}

/// Puts a stack on the Tree tile showing `tree` just placed.
pub(crate) fn place_tree(state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile, tree: Fruit) {
    // Which stack goes on which tree has no rules effect (the stacks are
    // alike and face down); the digest's default is the tree's own
    // fruit. Only a tile file with a second tree of one fruit reaches
    // the fallback, the first stack left in the rule book's order.
    let fruit = if state.supply.contains_key(&tree) {
        Some(tree)
    } else {
        state.supply.keys().next().copied()
    };
    let tokens = fruit.and_then(|f| state.supply.remove(&f)).unwrap_or_default();
    ctx.log_with(|| {
        serde_json::json!({
            "tree": { "at": placed.pos, "tree": tree, "fruit": fruit, "tokens": tokens.len() }
        })
    });
    state.trees.push(Tree {
        at: placed.pos,
        tree,
        fruit,
        tokens,
    });
}

/// Face-down tokens of one fruit are indistinguishable to players: any
/// arrangement of the unseen values among that fruit's stacks is as likely
/// as the real one.
pub(crate) fn resample_stacks(state: &mut State, rng: &mut GameRng) {
    for fruit in Fruit::ALL {
        let mut unseen: Vec<u8> = state.supply.get(&fruit).cloned().unwrap_or_default();
        for t in state.trees.iter().filter(|t| t.fruit == Some(fruit)) {
            unseen.extend(&t.tokens);
        }
        // Sorted first so that the redraw depends on what players know
        // (which values are unseen), not on the hidden order it replaces.
        unseen.sort_unstable();
        shuffle(&mut unseen, |n| rng.below(n));
        let mut rest = unseen.into_iter();
        if let Some(stack) = state.supply.get_mut(&fruit) {
            for v in stack.iter_mut() {
                *v = rest.next().unwrap_or(*v);
            }
        }
        for t in state.trees.iter_mut().filter(|t| t.fruit == Some(fruit)) {
            for v in t.tokens.iter_mut() {
                *v = rest.next().unwrap_or(*v);
            }
        }
    }
}

/// Fisher–Yates, written out so the order depends only on the game RNG's
/// stream, not on a library's shuffle.
fn shuffle(stack: &mut [u8], mut below: impl FnMut(u32) -> u32) {
    for i in (1..stack.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        stack.swap(i, j);
    }
}
