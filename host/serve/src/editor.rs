//! The tile editor of `carcassonne serve` (`/editor` and `/api/tiles…`,
//! `docs/serve-api.md`): the work is `carcassonne-tile-editor`'s, shared
//! with the static site's editor; what is the server's own is who may
//! preview and save ([`may_save`]) and how a request names its token
//! ([`EditorRequest`]).

pub use carcassonne_tile_editor::*;

/// Whether a save request may write: it comes from a loopback address (the
/// person at the server's machine), or carries the table's hot-seat token,
/// which only the person who started the server was shown.
pub fn may_save(peer: std::net::IpAddr, token: Option<&str>, hotseat: &str) -> bool {
    peer.is_loopback() || token.is_some_and(|t| !t.is_empty() && t == hotseat)
}

/// A request to the editor that may change files or run the loader, and so
/// is checked for permission first (see [`may_save`]).
pub trait EditorRequest: serde::de::DeserializeOwned + Send + 'static {
    /// The hot-seat token the request carries, if any.
    fn token(&self) -> Option<&str>;
}

macro_rules! editor_request {
    ($($t:ty),*) => {$(
        impl EditorRequest for $t {
            fn token(&self) -> Option<&str> {
                self.token.as_deref()
            }
        }
    )*};
}
editor_request!(TileEdit, WorkingEdit, WorkingSave, NewSet);
