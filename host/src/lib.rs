//! The host's library: configuration and catalog assembly, plugin loading,
//! bot sessions and output, shared by the `host` binary and its tests.

pub mod arena;
pub mod bench;
pub mod output;
pub mod plugins;
pub mod render;
pub mod render_cmd;
pub mod serve;
pub mod session;
pub mod setup;
pub mod simulate;
pub mod tile_edit;
pub mod tiles_cmd;
