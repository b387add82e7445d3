//! `carcassonne serve`: games played in the browser, hot-seat or over the LAN.
//!
//! A [`Table`] (`carcassonne-table`) holds one game, its record, the bots
//! of the bot seats and a secret token per seat; [`lobby`] holds the
//! server's games and creates new ones from a configuration; [`http`]
//! exposes them as a JSON API with event streams, plus self-contained pages
//! (the lobby and the game), which the static site shares
//! ([`pages`]). The API is documented in `docs/serve-api.md`.
//!
//! Every decision of a person goes through [`Table::submit`], which checks
//! the seat token, and saves the move before playing it: in the server's
//! database ([`store`], `serve --data`) for the lobby's games, or in a
//! record file's journal (`serve --record`), so a restarted server
//! continues the same game with every acknowledged move. Bot seats think
//! on a worker thread of their game ([`lobby::GameSlot`]): a [`BotTurn`] is
//! taken out of the table, thought about without holding it, and played
//! back with [`Table::finish_bot_turn`].

pub mod backup;
pub mod editor;
pub mod guard;
pub mod http;
pub mod lobby;
pub mod pages;
pub mod proxy;
pub mod store;

pub use carcassonne_table::{
    BotTurn, CHAT_BURST, CHAT_BYTES, CHAT_CHARS, CHAT_EVERY, CHAT_LINES, MAX_REPLAY_MOVES, MAX_TIMELINE_POINTS,
    MAX_VIEW_CELLS, NotSaved, Refusal, Seats, Submission, Table, Viewer, parse_view, scores, seats_path,
};
