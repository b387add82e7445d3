//! What the command line prints, and how it ends: standard output that
//! survives a closed pipe, the turn log as it happens, and exit codes.

use carcassonne_core::{Action, Event, Game};
use carcassonne_setup::describe;

/// Exit code of a command that failed (an error is printed).
pub(crate) const EXIT_FAILED: i32 = 1;
/// Exit code of `tiles check` when it found problems in the tile files (it
/// ran; the files are wrong), so scripts can tell the two apart. clap
/// exits with 2 on a usage error.
pub(crate) const EXIT_TILE_PROBLEMS: i32 = 3;

/// Writes `text` to standard output. A reader that went away (`carcassonne replay
/// --log | head`) ends the program quietly, as it would a Unix tool,
/// instead of the panic `print!` raises on a closed pipe.
pub(crate) fn say(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// Prints events as a readable turn log (or nothing, when off).
pub(crate) struct TurnLog {
    on: bool,
}

impl TurnLog {
    /// A log that prints when `on`.
    pub(crate) fn new(on: bool) -> Self {
        TurnLog { on }
    }

    /// Logs an expansion decision before it is played (core decisions show as events).
    pub(crate) fn decision(&mut self, game: &Game, action: &Action) {
        if !self.on {
            return;
        }
        if let Some(line) = describe::decision(game, action) {
            say(&format!("{line}\n"));
        }
    }

    /// Logs what happened.
    pub(crate) fn events(&mut self, game: &Game, events: &[Event]) {
        if !self.on {
            return;
        }
        for e in events {
            if let Some(line) = describe::describe(game, e) {
                say(&format!("{line}\n"));
            }
        }
    }
}
