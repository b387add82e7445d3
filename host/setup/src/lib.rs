//! Assembling a carcassonne-rs game, shared by every host (the command line,
//! the server, the benchmark and simulations): the expansions linked into
//! every host and those loaded from plugins, the game configuration with a
//! front end's overrides laid over it, tile files, and games played out by
//! bots with their records.
//!
//! [`GameSetup`] is the one place where a configuration becomes a game:
//!
//! ```no_run
//! use carcassonne_setup::{GameSetup, Overrides};
//! # fn main() -> anyhow::Result<()> {
//! let setup = GameSetup::new(&Overrides { seed: Some(7), ..Overrides::default() })?;
//! let game = carcassonne_core::Game::new(std::sync::Arc::new(setup.rules()?))?;
//! assert!(!game.is_over());
//! # Ok(())
//! # }
//! ```
//!
//! Nothing here prints: results come back as values and text for the front
//! end to show (the lints below keep it so).
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod describe;
pub mod journal;
pub mod linked;
pub mod plugins;
pub mod safe_file;
pub mod scaffold;
pub mod session;
pub mod setup;
pub mod tile_edit;
pub mod tiles_cmd;
pub mod use_engine;

pub use setup::{
    GameSetup, Overrides, SeedChoice, apply_overrides, catalog, game_config, game_config_and_seed, read_record,
    tile_source, write_atomically,
};
