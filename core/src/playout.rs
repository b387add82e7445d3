//! Random playouts: whole games played by uniform random choices, for
//! benchmarks, Monte Carlo search and balance research.
//!
//! Three ways to answer a tile placement:
//!
//! - **full**: every decision lists all its options with
//!   [`Game::legal_actions`] and picks one uniformly;
//! - **flat**: a placement decision lists every whole move of the turn
//!   (placement × deployment, [`Game::moves`]) and plays one drawn
//!   uniformly with [`Game::play_move`], as a search bot or an action mask
//!   over whole moves does; other decisions as in full mode;
//! - **sampled**: a placement is found by drawing random frontier cells and
//!   rotations until one fits (pre-tested with the cheap
//!   [`Board::fits_frontier_cell`],
//!   then confirmed by [`Game::play`], which also applies any expansion's
//!   veto), falling back to the full list after [`SAMPLE_TRIES`] misses; an
//!   expansion's decision is drawn by the expansion when it can draw one
//!   uniformly without listing (`Expansion::sample_option`, e.g. a bunny
//!   path); every other decision (followers, the rest of the expansions'
//!   questions) is a uniform pick among its listed options.
//!   The placement is uniform over fitting (cell, rotation) pairs rather
//!   than over distinct placements, so it plays slightly different games
//!   from `full`; it is what a playout that avoids listing costs.
//!
//! Both take the rules (built once: parsing tile files is setup, not play), a
//! seed for the choices, and a reusable option buffer so a loop of playouts
//! allocates no option list per game.
//!
//! [`Board::fits_frontier_cell`]: crate::board::Board::fits_frontier_cell

use crate::game::{Action, Decision, Game, IllegalAction, PlayError, RefusalKind, WholeMove};
use crate::geometry::Rotation;
use crate::rng::GameRng;
use crate::rules::Rules;
use std::sync::Arc;

/// Random (cell, rotation) draws before a sampled placement lists every option.
pub const SAMPLE_TRIES: u32 = 32;

/// How a playout answers decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Uniform among all listed options.
    Full,
    /// Uniform among whole moves (placement × deployment) at a placement,
    /// among listed options otherwise.
    Flat,
    /// Rejection-sampled placements, uniform among listed options otherwise.
    Sampled,
}

#[inline]
fn pick(rng: &mut GameRng, n: usize) -> usize {
    rng.below(n as u32) as usize
}

/// Answers the pending decision with a uniform pick among all its options.
/// Fails if the decision has no option (an expansion offering nothing) or an
/// expansion fails.
pub fn full_step(game: &mut Game, rng: &mut GameRng, options: &mut Vec<Action>) -> Result<(), PlayError> {
    // An expansion's options, drawn from as from the whole list but not
    // boxed one by one.
    if let Some(played) = game.play_listed(|n| pick(rng, n)) {
        return played;
    }
    game.legal_actions(options);
    if options.is_empty() {
        return Err(PlayError::Illegal(IllegalAction::new(
            RefusalKind::NoOption,
            "the pending decision has no legal option".into(),
        )));
    }
    let i = pick(rng, options.len());
    game.play(&options[i])
}

/// Answers the pending decision as a sampled playout does: a placement by
/// rejection sampling over frontier cells × rotations, anything else as
/// [`full_step`].
pub fn sampled_step(game: &mut Game, rng: &mut GameRng, options: &mut Vec<Action>) -> Result<(), PlayError> {
    if let Some(played) = game.play_sampled(rng) {
        return played;
    }
    if let Some(Decision::Place { tile, .. }) = game.unlabelled_decision() {
        let vetoing = !game.vetoing(tile).is_empty();
        for _ in 0..SAMPLE_TRIES {
            let board = game.state().board();
            let frontier = board.frontier();
            let k = pick(rng, frontier.len());
            let (pos, rotation) = (frontier[k], Rotation::ALL[pick(rng, 4)]);
            if !board.fits_frontier_cell(game.rules().tile(tile), rotation, k) && !game.relaxed(tile, pos, rotation) {
                continue;
            }
            // An expansion's veto asked first: a refused `play` words its
            // refusal (a formatted message and the veto's explanation),
            // which cost a river game a quarter of its instructions.
            if vetoing && !game.placement_allowed(tile, pos, rotation) {
                continue;
            }
            match game.play(&Action::Place { pos, rotation }) {
                Ok(()) => return Ok(()),
                // An expansion vetoed the placement: draw again.
                Err(PlayError::Illegal(_)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    full_step(game, rng, options)
}

/// Answers the pending decision as a flat playout does: a placement
/// decision with a whole move (placement and deployment) drawn uniformly
/// from [`Game::moves`] (listed into `moves`), anything else as
/// [`full_step`].
pub fn flat_step(
    game: &mut Game,
    rng: &mut GameRng,
    options: &mut Vec<Action>,
    moves: &mut Vec<WholeMove>,
) -> Result<(), PlayError> {
    if let Some(Decision::Place { .. }) = game.unlabelled_decision() {
        game.moves(moves);
        if !moves.is_empty() {
            let i = pick(rng, moves.len());
            return game.play_move(&moves[i]);
        }
    }
    full_step(game, rng, options)
}

/// Plays `game` to its end in `mode`, with choices drawn from `rng`.
pub fn play_out(game: &mut Game, mode: Mode, rng: &mut GameRng, options: &mut Vec<Action>) -> Result<(), PlayError> {
    match mode {
        Mode::Full => {
            while !game.is_over() {
                full_step(game, rng, options)?;
            }
        }
        Mode::Sampled => {
            while !game.is_over() {
                sampled_step(game, rng, options)?;
            }
        }
        Mode::Flat => {
            // One list per game: a turn lists about a hundred whole moves.
            let mut moves = Vec::with_capacity(256);
            while !game.is_over() {
                flat_step(game, rng, options, &mut moves)?;
            }
        }
    }
    Ok(())
}

/// A whole random game under `rules` in `mode`; `seed` seeds the choices
/// (the rules' own seed decides the draws). The game is not narrated (see
/// [`Game::set_narrated`]): it plays the same, without a log nobody reads.
pub fn random_game(rules: &Arc<Rules>, mode: Mode, seed: u64, options: &mut Vec<Action>) -> Result<Game, PlayError> {
    let mut game = Game::with_narration(Arc::clone(rules), false)?;
    let mut rng = GameRng::new(seed);
    play_out(&mut game, mode, &mut rng, options)?;
    Ok(game)
}

/// A whole random game in full mode (see the module docs).
pub fn random_game_full(rules: &Arc<Rules>, seed: u64, options: &mut Vec<Action>) -> Result<Game, PlayError> {
    random_game(rules, Mode::Full, seed, options)
}

/// A whole random game in sampled mode (see the module docs).
pub fn random_game_sampled(rules: &Arc<Rules>, seed: u64, options: &mut Vec<Action>) -> Result<Game, PlayError> {
    random_game(rules, Mode::Sampled, seed, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Catalog, GameConfig, TileSource};

    fn rules(seed: u64) -> Arc<Rules> {
        let mut config = GameConfig::with_players(2);
        config.seed = seed;
        Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"))
    }

    #[test]
    fn playouts_finish_and_repeat_for_a_seed() {
        let mut options = Vec::new();
        for mode in [Mode::Full, Mode::Sampled, Mode::Flat] {
            let r = rules(3);
            let a = random_game(&r, mode, 9, &mut options).expect("base game plays");
            let b = random_game(&r, mode, 9, &mut options).expect("base game plays");
            assert!(a.is_over());
            assert_eq!(a.state().tiles_left(), 0);
            // Every tile of the bag is placed or discarded.
            let placed = a.state().board().tiles().len() - 1;
            assert_eq!(placed + a.state().discarded().len(), r.bag_size());
            assert_eq!(
                (a.state().score(0), a.state().score(1)),
                (b.state().score(0), b.state().score(1))
            );
        }
    }
}
