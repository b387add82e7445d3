//! What the expansion remembers during a game, and where its tokens are.

use crate::{Fruit, FruitSet, Pending, Token, Tree};
use carcassonne_core::Pos;
use serde::Serialize;
use std::collections::BTreeMap;

/// One player's fruit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Grower {
    /// Tokens harvested and not sold, in the order taken.
    pub held: Vec<Token>,
    /// Tokens sold (out of the game; kept so every token is accounted for).
    pub sold: Vec<Token>,
    /// Points from harvesting.
    pub harvest_points: i32,
    /// Points from selling.
    pub sell_points: i32,
    /// Points from tokens held at the end (set at final scoring).
    pub held_points: i32,
}

/// The expansion's state. The full state (with the hidden stack order) is
/// what records compare; [`carcassonne_core::Expansion::public_state`] hides the values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Stacks not yet put on a tree, by fruit; token values, top last.
    pub supply: BTreeMap<Fruit, Vec<u8>>,
    /// Tree tiles on the board, in placement order.
    pub trees: Vec<Tree>,
    /// Each player's tokens and points, by seat.
    pub growers: Vec<Grower>,
    /// The fruit actions in progress.
    pub pending: Option<Pending>,
    /// Whether this turn's deployment may trigger fruit actions (a
    /// follower-class figure went on the tile just placed).
    pub triggered: bool,
}

/// Where all 24 tokens are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenCount {
    /// In stacks not yet put on a tree.
    pub supply: usize,
    /// On Tree tiles.
    pub on_trees: usize,
    /// Held by players.
    pub held: usize,
    /// Sold (out of the game).
    pub sold: usize,
}

impl TokenCount {
    /// All tokens.
    pub fn total(self) -> usize {
        self.supply + self.on_trees + self.held + self.sold
    }
}

impl State {
    /// Counts the tokens wherever they are.
    pub fn token_count(&self) -> TokenCount {
        TokenCount {
            supply: self.supply.values().map(Vec::len).sum(),
            on_trees: self.trees.iter().map(|t| t.tokens.len()).sum(),
            held: self.growers.iter().map(|g| g.held.len()).sum(),
            sold: self.growers.iter().map(|g| g.sold.len()).sum(),
        }
    }

    /// Every token of the game as (fruit, value), wherever it is; a tree's
    /// tokens count under the fruit of its stack.
    pub fn all_tokens(&self) -> Vec<Token> {
        let mut all: Vec<Token> = Vec::new();
        for (&fruit, stack) in &self.supply {
            all.extend(stack.iter().map(|&value| Token { fruit, value }));
        }
        for t in &self.trees {
            if let Some(fruit) = t.fruit {
                all.extend(t.tokens.iter().map(|&value| Token { fruit, value }));
            }
        }
        for g in &self.growers {
            all.extend(g.held.iter().chain(&g.sold).copied());
        }
        all
    }

    /// The tree at `at`, if a Tree tile lies there.
    pub fn tree_at(&self, at: Pos) -> Option<&Tree> {
        self.trees.iter().find(|t| t.at == at)
    }

    /// The fruits `player` holds at least one token of.
    pub fn held_fruits(&self, player: u8) -> FruitSet {
        FruitSet(
            self.growers
                .get(player as usize)
                .map_or(0, |g| g.held.iter().fold(0, |bits, t| bits | t.fruit.bit())),
        )
    }
}
