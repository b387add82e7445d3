//! A table's bots thinking where the table is not: a copy of its game
//! rebuilt from its record, with every seat's bot standing where the
//! table's would (their random streams moved on by `session::catch_up`),
//! so that a bot chooses there what it would have chosen at the table. The
//! static site's search runs so, in a Web Worker, while the page goes on
//! answering.

use anyhow::{Result, bail};
use carcassonne_bots::Bot;
use carcassonne_core::{Action, Game, GameRecord};
use carcassonne_setup::{session, setup};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A copy of a table's game and of its bots, kept up to date from the
/// table's record ([`BotMirror::follow`]) and asked for the deciding bot's
/// choice ([`BotMirror::think`]), which [`crate::Table::finish_remote_bot_turn`]
/// plays at the table.
pub struct BotMirror {
    game: Game,
    bots: Vec<Box<dyn Bot>>,
    /// The record's header (its moves left out), as JSON: a record of
    /// another game is never followed.
    header: String,
    /// The moves the copy has played, in their record form.
    moves: Vec<carcassonne_core::Move>,
    plugins: Vec<PathBuf>,
    tiles: Option<PathBuf>,
}

fn header_of(record: &GameRecord) -> String {
    let mut header = record.clone();
    header.moves.clear();
    header.to_json()
}

impl BotMirror {
    /// Rebuilds the game `record` holds, with the expansions of `plugins`
    /// and the tiles of `tiles`, each seat's bot (a person's seat gets a
    /// random one, as at the table) caught up over its moves.
    ///
    /// # Errors
    /// The record's configuration cannot make a game here, a bot name is
    /// unknown, or a move does not replay.
    pub fn new(record: &GameRecord, plugins: &[PathBuf], tiles: Option<&Path>) -> Result<BotMirror> {
        let setup = setup::GameSetup::for_record(record, plugins, tiles)?;
        let mut game = Game::new(Arc::new(setup.rules()?))?;
        game.set_narrated(false);
        let mut bots = session::bots_for(&record.config, "random")?;
        session::catch_up(&mut game, &mut bots, &record.moves)?;
        Ok(BotMirror {
            game,
            bots,
            header: header_of(record),
            moves: record.moves.clone(),
            plugins: plugins.to_vec(),
            tiles: tiles.map(Path::to_path_buf),
        })
    }

    /// Brings the copy to `record`: the moves made since (a move or two)
    /// are played on it when it is this game's record and begins with the
    /// moves the copy played; otherwise (a move taken back, another game)
    /// the copy is rebuilt from it.
    ///
    /// # Errors
    /// As [`BotMirror::new`].
    pub fn follow(&mut self, record: &GameRecord) -> Result<()> {
        let same = record.moves.len() >= self.moves.len()
            && record.moves[..self.moves.len()] == self.moves[..]
            && header_of(record) == self.header;
        if same {
            let new = &record.moves[self.moves.len()..];
            if session::catch_up(&mut self.game, &mut self.bots, new).is_ok() {
                self.moves.extend_from_slice(new);
                return Ok(());
            }
        }
        let tiles = self.tiles.clone();
        *self = BotMirror::new(record, &self.plugins.clone(), tiles.as_deref())?;
        Ok(())
    }

    /// The game as the copy stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Lets the deciding seat's bot choose: the index of its option among
    /// the decision's legal options (`Game::legal_actions`' order). The
    /// choice is played on the copy, as the table will play it.
    ///
    /// # Errors
    /// The game is over, or the choice does not play (an engine bug).
    pub fn think(&mut self) -> Result<usize> {
        let Some(d) = self.game.decision() else {
            bail!("the game is over: no bot decides");
        };
        let mut options: Vec<Action> = Vec::new();
        self.game.legal_actions(&mut options);
        if options.is_empty() {
            bail!("no legal option for {d:?}: engine bug");
        }
        let Some(bot) = self.bots.get_mut(d.player() as usize) else {
            bail!("no bot for seat {}", d.player() + 1);
        };
        let choice = bot.choose(&self.game, &options).min(options.len() - 1);
        let action = &options[choice];
        let mv = self.game.move_of(action);
        self.game.play(action)?;
        self.moves.push(mv);
        Ok(choice)
    }
}
