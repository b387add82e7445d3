//! Playing a game through to its end with bots, recording every decision.

use anyhow::{Context, Result, anyhow, bail};
use carcassonne_bots::{Bot, BotSpec};
use carcassonne_core::{Action, Game, GameConfig, GameRecord};

/// Seed of the bot in `seat`: derived from the game seed so a configuration
/// replays with the same bots, and different per seat.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(seat as u64 + 1)
}

/// One bot per seat: the seat's configured bot, else `default_bot` (any
/// name [`BotSpec::parse`] accepts: `random`, `greedy`, `mcts`, `mcts:N` …).
pub fn bots_for(config: &GameConfig, default_bot: &str) -> Result<Vec<Box<dyn Bot>>> {
    let default = BotSpec::parse(default_bot)?;
    config
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let spec = match p.bot.as_deref() {
                Some(name) => BotSpec::parse(name).map_err(|e| anyhow!("player {} ({}): {e}", i + 1, p.name))?,
                None => default.clone(),
            };
            Ok(spec.build(bot_seed(config.seed, i)))
        })
        .collect()
}

/// Before or after an action is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The action is chosen but not played.
    Before,
    /// The action was played.
    After,
}

/// Plays `game` to its end with `bots`, appending each decision to
/// `record`; `watch` sees each action before and after it is played, and
/// `saved` is called with the record after every move (to write it out).
pub fn play_out(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    record: &mut GameRecord,
    mut watch: impl FnMut(&Game, &Action, Step),
    mut saved: impl FnMut(&GameRecord) -> Result<()>,
) -> Result<()> {
    let mut options: Vec<Action> = Vec::new();
    while let Some(decision) = game.decision() {
        game.legal_actions(&mut options);
        if options.is_empty() {
            bail!("no legal option for {:?}: engine bug", decision);
        }
        let choice = bots[decision.player() as usize]
            .choose(game, &options)
            .min(options.len() - 1);
        let action = options[choice].clone();
        record.moves.push(game.move_of(&action));
        watch(game, &action, Step::Before);
        game.play(&action)
            .with_context(|| format!("move {}", record.moves.len()))?;
        watch(game, &action, Step::After);
        saved(record)?;
    }
    Ok(())
}

/// Replays `moves` into `game`, letting each deciding bot move its random
/// stream on as if it chose (`Bot::skip`; the recorded move is played) so
/// that the bots stand where they stood: a resumed game then goes on
/// exactly as an uninterrupted one would.
pub fn catch_up(game: &mut Game, bots: &mut [Box<dyn Bot>], moves: &[carcassonne_core::Move]) -> Result<()> {
    let mut options: Vec<Action> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let Some(decision) = game.decision() else {
            bail!("move {} comes after the end of the game", i + 1);
        };
        game.legal_actions(&mut options);
        bots[decision.player() as usize].skip(game, &options);
        let action = game.action_from_move(m).with_context(|| format!("move {}", i + 1))?;
        game.play(&action).with_context(|| format!("move {}", i + 1))?;
    }
    Ok(())
}
