//! carcassonne-core: the board, features, turn engine and the hook traits
//! that expansions implement. The core knows no expansion by name; each one
//! registers itself (see [`register_expansion!`]) and acts through the hooks
//! of [`Expansion`].
//!
//! The flow of a game: [`Rules::new`] assembles a configuration, [`Game::new`]
//! starts it, and [`Game::decision`] / [`Game::legal_actions`] /
//! [`Game::play`] drive it to the end.

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
pub mod record;
pub mod registry;
pub mod rng;
pub mod rules;
pub mod state;
pub mod tiles;

pub use config::{GameConfig, PlayerConfig, TilesConfig};
pub use diagnostic::{Diagnostic, Diagnostics};
pub use events::Event;
pub use expansion::{
    BuildContext, Ctx, Deployment, Expansion, ExpansionInfo, FigureClass, FigureDecl, FigurePlacement, Hooks, TileFile,
    VariantDecl,
};
pub use game::{Action, Decision, Game, IllegalAction, PlayError};
pub use geometry::{Pos, Rotation, Segment, Side};
pub use record::{GameRecord, Move, RecordError, ReplayStep};
pub use registry::{Catalog, Registration};
pub use rules::{Rules, SetupError, TileSource};
pub use state::{CoreState, Phase};
pub use tiles::{EdgeKind, FeatureKind, TileDef, TileSet, TileType};

#[doc(hidden)]
pub use inventory;
/// The exact `serde_json` the core uses: expansions use it for their public
/// state and actions, so a dynamic plugin and its host agree on its layout.
pub use serde_json;
/// The exact `toml` the core uses (expansion attribute tables).
pub use toml;
