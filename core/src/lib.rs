//! carcassonne-core: the board, features, turn engine and the hook traits
//! that expansions implement. The core knows no expansion by name; each one
//! registers itself (see [`register_expansion!`]) and acts through the hooks
//! of [`Expansion`].
//!
//! The flow of a game: [`Rules::new`] assembles a configuration, [`Game::new`]
//! starts it, and [`Game::decision`] / [`Game::legal_actions`] /
//! [`Game::play`] drive it to the end. A whole two-player base game, always
//! taking the first legal option:
//!
//! ```
//! use carcassonne_core::{Catalog, Decision, Game, GameConfig, Rules, TileSource};
//! use std::sync::Arc;
//!
//! let rules = Rules::new(&Catalog::default(), &GameConfig::with_players(2), &TileSource::default())?;
//! let mut game = Game::new(Arc::new(rules))?;
//! let mut options = Vec::new();
//! while let Some(decision) = game.decision() {
//!     if let Decision::Place { tile, .. } = decision {
//!         assert!(game.rules().tile(tile).id().len() == 1, "a base tile, A to X");
//!     }
//!     options.clear();
//!     game.legal_actions(&mut options);
//!     game.play(&options[0])?;
//! }
//! assert!(game.is_over());
//! let scores = [game.state().score(0), game.state().score(1)];
//! assert!(scores.iter().all(|&s| s >= 0));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! A rejected action changes nothing and says why: [`Game::play`] returns a
//! [`PlayError`] and the game is as it was. The [`Expansion`] trait's
//! documentation shows a whole expansion.

pub mod after_placement;
pub mod base_game;
pub mod board;
pub mod config;
pub mod diagnostic;
pub mod events;
pub mod expansion;
pub mod features;
pub mod figures;
pub mod game;
pub mod geometry;
pub mod playout;
pub mod plugin;
pub mod ranges;
pub mod record;
pub mod registry;
pub mod rng;
pub mod rules;
pub mod state;
pub mod tables;
pub mod text_file;
pub mod tiles;
pub mod values;
pub mod words;

pub use after_placement::AfterPlacement;
pub use base_game::{BASE_ID, BASE_VARIANTS, BaseRules};
pub use config::{GameConfig, PlayerConfig, TilesConfig};
pub use diagnostic::{Diagnostic, Diagnostics};
pub use events::Event;
pub use expansion::{
    BuildContext, Companion, CounterDecl, CounterPlace, CounterReading, CounterReadings, CounterScope, CounterSink,
    Ctx, DataFile, Deployment, EarlierDefault, Expansion, ExpansionGroup, ExpansionInfo, FeatureScoring, Hooks,
    PartDecl, PartOff, ScoringMoment, TileFile, VariantDecl,
};
pub use figures::{FigureClass, FigureDecl, FigurePlacement, Recall, Strength};
pub use game::{Action, AfterPlacing, Decision, Game, IllegalAction, NextDecision, PlayError, RefusalKind, WholeMove};
pub use geometry::{Pos, Rotation, Segment, Side};
pub use record::{GameRecord, Move, RecordError, ReplayStep, UNNAMED_ENGINE, UnstatedVariant};
pub use registry::{Catalog, Registration};
pub use rules::{MAX_PLAYERS, Rules, SetupError, TileSource};
pub use state::{AddedFeature, Captive, CoreState, Phase, SuppliedTile};
pub use tables::Tables;
pub use text_file::{TextFileError, direction_control, read_text_file};
pub use tiles::{EdgeKind, FeatureKind, TileDef, TileSet, TileType};
pub use values::{Value, ValueKind};
pub use words::Line;

#[doc(hidden)]
pub use inventory;
/// The `semver` the core reads engine versions with
/// ([`VariantDecl::default_for`]).
pub use semver;
/// The exact `serde` the core uses, for an expansion's state and action
/// types: derive with `#[derive(carcassonne_core::serde::Serialize)]` and
/// `#[serde(crate = "carcassonne_core::serde")]`, and a crate needs no
/// `serde` dependency of its own (a dynamic plugin must use the host's
/// exact version anyway).
pub use serde;
/// The exact `serde_json` the core uses: expansions use it for their public
/// state and actions, so a dynamic plugin and its host agree on its layout.
pub use serde_json;
/// The exact `toml` the core uses (expansion attribute tables).
pub use toml;
