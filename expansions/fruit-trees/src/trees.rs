//! "Placing a Tree tile": the stacks shuffled at setup, the stack a Tree
//! tile gets, and the tile table that says which tree a tile shows. The
//! tree is not a feature: no follower stands on it.

use crate::{Fruit, ID, State, TOKEN_VALUES};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::rng::GameRng;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{Ctx, Pos, ValueKind, serde_json, toml};
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

/// `[tile.fruit-trees]`: `tree` (one of the six fruits) is required;
/// `farmhouse` and `highwaymen` say what else the picture shows.
pub(crate) const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "tree",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&Fruit::NAMES),
        required: true,
        description: "the fruit tree printed on the tile",
    },
    AttributeDecl {
        key: "farmhouse",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the picture shows a farmhouse (an illustration; no rule reads it)",
    },
    AttributeDecl {
        key: "highwaymen",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the picture shows highwaymen (an illustration; no rule reads it)",
    },
];

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
