//! Choosing the next draws, for a caller that decides them itself: a
//! search whose tree has a chance node for every draw (OpenSpiel's), which
//! must be able to say "this draw gives tile T" without replaying the game.
//!
//! Only a game with a draw order (`GameConfig::draw_order`) draws in a known
//! order: its bag is a stack, the next draw takes the top. Arranging swaps
//! the wanted copies to the top, so the bag holds the same tiles. With
//! [`Game::undo`] this makes a chance node cheap: take back the decision
//! that drew, arrange, and play it again.

use super::{Game, IllegalAction, RefusalKind};

impl Game {
    /// The tiles the next draws take, in order, in a game with a draw order;
    /// `None` in a game drawn at random.
    pub fn next_draws(&self) -> Option<impl Iterator<Item = u16> + '_> {
        self.rules
            .config
            .draw_order
            .is_some()
            .then(|| self.core.bag().iter().rev().copied())
    }

    /// Arranges the bag of a game with a draw order so that its next draws
    /// are `tiles` (tile type indices), in order: each is swapped with the
    /// copy its draw would take, the nearest copy to the top first. The bag
    /// holds the same tiles; nothing else changes.
    ///
    /// # Errors
    /// The game draws at random (no draw order), or a tile has no copy left
    /// for its draw. The game is unchanged then.
    pub fn arrange_next_draws(&mut self, tiles: &[u16]) -> Result<(), IllegalAction> {
        if self.rules.config.draw_order.is_none() {
            return Err(IllegalAction::new(
                RefusalKind::WrongDecision,
                "only a game with a draw order draws in an order that can be arranged".into(),
            ));
        }
        let mut bag = self.core.bag().to_vec();
        for (i, &tile) in tiles.iter().enumerate() {
            let Some(top) = bag.len().checked_sub(i + 1) else {
                return Err(IllegalAction::new(
                    RefusalKind::NotAnOption,
                    format!("{} draws asked for, {} tiles left in the bag", tiles.len(), bag.len()),
                ));
            };
            let Some(at) = (0..=top).rev().find(|&k| bag[k] == tile) else {
                let id = self.rules.tile(tile).def.id.clone();
                return Err(IllegalAction::new(
                    RefusalKind::NotAnOption,
                    format!("no tile {id} is left in the bag for draw {}", i + 1),
                ));
            };
            bag.swap(at, top);
        }
        self.core.set_bag(bag);
        Ok(())
    }
}
