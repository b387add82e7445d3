//! Playing a game through to its end with bots, recording every decision.

use anyhow::{Context, Result, bail};
use carcassonne_core::bots::{BOT_NAMES, Bot, bot_by_name};
use carcassonne_core::{Action, Game, GameConfig, GameRecord};

/// Seed of the bot in `seat`: derived from the game seed so a configuration
/// replays with the same bots, and different per seat.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(seat as u64 + 1)
}

/// One bot per seat: the seat's configured bot, else `default_bot`.
pub fn bots_for(config: &GameConfig, default_bot: &str) -> Result<Vec<Box<dyn Bot>>> {
    if !BOT_NAMES.contains(&default_bot) {
        bail!("unknown bot `{default_bot}`; bots: {}", BOT_NAMES.join(", "));
    }
    config
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = p.bot.as_deref().unwrap_or(default_bot);
            bot_by_name(name, bot_seed(config.seed, i)).with_context(|| {
                format!(
                    "player {} ({}): unknown bot `{name}`; bots: {}",
                    i + 1,
                    p.name,
                    BOT_NAMES.join(", ")
                )
            })
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

/// Replays `moves` into `game`, letting each deciding bot choose as it did
/// (its choice is discarded, the recorded move is played) so that the bots'
/// random streams stand where they stood: a resumed game then goes on
/// exactly as an uninterrupted one would.
pub fn catch_up(game: &mut Game, bots: &mut [Box<dyn Bot>], moves: &[carcassonne_core::Move]) -> Result<()> {
    let mut options: Vec<Action> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let Some(decision) = game.decision() else {
            bail!("move {} comes after the end of the game", i + 1);
        };
        game.legal_actions(&mut options);
        let _ = bots[decision.player() as usize].choose(game, &options);
        let action = game.action_from_move(m).with_context(|| format!("move {}", i + 1))?;
        game.play(&action).with_context(|| format!("move {}", i + 1))?;
    }
    Ok(())
}
