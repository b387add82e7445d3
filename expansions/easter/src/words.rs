//! The expansion in words for players: bunny paths as options, eggs and the
//! bunny as state lines, rolls (with their die) and void moves in the log.

use crate::eggs::egg_earners;
use crate::hooks::Easter;
use crate::{Action, State};
use carcassonne_core::serde_json::Value;
use carcassonne_core::words::{Line, path_words};
use carcassonne_core::{CoreState, Pos};

fn hops(n: u64) -> String {
    if n == 1 { "1 hop".into() } else { format!("{n} hops") }
}

fn eggs(n: u64) -> String {
    if n == 1 { "1 egg".into() } else { format!("{n} eggs") }
}

fn pos_of(v: &Value) -> Option<Pos> {
    Some(Pos::new(v.get(0)?.as_i64()? as i32, v.get(1)?.as_i64()? as i32))
}

/// Who gains eggs, by name: "eggs: Ann +1, Bob +2", or "no eggs". Always
/// by name, never "you": on a hot-seat screen and in the log a "you" next
/// to names says nobody in particular.
fn gains(view: &CoreState, gained: impl Iterator<Item = (u8, u64)>) -> String {
    let parts: Vec<String> = gained
        .filter(|&(_, n)| n > 0)
        .map(|(p, n)| format!("{} +{n}", view.player_name(p)))
        .collect();
    if parts.is_empty() {
        "no eggs".into()
    } else {
        format!("eggs: {}", parts.join(", "))
    }
}

impl Easter {
    /// "Bunny: 2 hops, east then south (eggs: Ann +1)".
    pub(crate) fn path_label(&self, state: &State, view: &CoreState, action: &Action) -> Option<String> {
        let from = state.bunny?;
        let mut gained = vec![0u64; view.players()];
        for &p in action.path.iter() {
            for owner in egg_earners(view, p) {
                gained[owner as usize] += 1;
            }
        }
        let n = action.path.len() as u64;
        Some(format!(
            "Bunny: {}, {} ({})",
            hops(n),
            path_words(from, &action.path),
            gains(view, gained.into_iter().enumerate().map(|(p, n)| (p as u8, n)))
        ))
    }

    /// Eggs per seat, where the bunny is, the roll being moved.
    pub(crate) fn lines(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut out: Vec<Line> = state
            .eggs
            .iter()
            .enumerate()
            .map(|(p, &n)| Line::about(p as u8, eggs(u64::from(n))))
            .collect();
        out.push(Line::new(match state.bunny {
            Some(at) => format!("The bunny sits {}", view.place_words_from_start(at)),
            None => "The bunny is not on the board yet".to_string(),
        }));
        if let Some(roll) = state.bunny_phase.and_then(|p| p.current) {
            let short = if roll.hops < roll.rolled {
                format!(" (only {} possible)", hops(u64::from(roll.hops)))
            } else {
                String::new()
            };
            out.push(
                Line::about(
                    roll.player,
                    format!(
                        "rolled {}: moves the bunny {}{short}",
                        roll.face,
                        hops(u64::from(roll.rolled))
                    ),
                )
                .with_die(roll.face),
            );
        }
        if !state.nests_scored.is_empty() {
            out.push(Line::new(format!("Nests scored: {}", state.nests_scored.len())));
        }
        out
    }

    /// The log details of `bunny.rs` and `nests.rs` in words.
    pub(crate) fn log_words(&self, view: &CoreState, d: &Value) -> Option<Line> {
        let player = d.get("player").and_then(Value::as_u64).map(|p| p as u8);
        let by_seat = |v: &Value| -> Vec<(u8, u64)> {
            v.as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(p, n)| (p as u8, n.as_u64().unwrap_or(0)))
                .collect()
        };
        if let Some(at) = d.get("bunny-placed").and_then(pos_of) {
            return Some(Line::new(format!(
                "The bunny lands {}",
                view.place_words_from_start(at)
            )));
        }
        if let Some(phase) = d.get("bunny-phase") {
            return Some(
                match (
                    phase.get("starter").and_then(Value::as_u64),
                    phase.get("from").and_then(pos_of),
                ) {
                    (Some(starter), Some(from)) => Line::about(
                        starter as u8,
                        format!(
                            "starts a bunny phase: the bunny sets off ({})",
                            view.place_words_from_start(from)
                        ),
                    ),
                    _ => Line::new("No bunny phase: the bunny is not on the board"),
                },
            );
        }
        if let (Some(p), Some(face)) = (player, d.get("roll").and_then(Value::as_u64)) {
            let rolled = d.get("rolled").and_then(Value::as_u64).unwrap_or(face);
            let reach = d.get("hops").and_then(Value::as_u64).unwrap_or(rolled);
            let short = if reach < rolled {
                format!(", but at most {} can be made", hops(reach))
            } else {
                String::new()
            };
            return Some(Line::about(p, format!("rolls {face}: {}{short}", hops(rolled))).with_die(face as u8));
        }
        if let (Some(p), Some(at)) = (player, d.get("bunny-stuck").and_then(pos_of)) {
            return Some(Line::about(
                p,
                format!(
                    "cannot move the bunny: no free tile next to it ({}; the move is void)",
                    view.place_words_from_start(at)
                ),
            ));
        }
        if let (Some(p), Some(at)) = (player, d.get("bunny-stays").and_then(pos_of)) {
            return Some(Line::about(
                p,
                format!(
                    "leaves the bunny where it is ({}): no path of exactly the rolled length (the move is void)",
                    view.place_words_from_start(at)
                ),
            ));
        }
        if let (Some(p), Some(path)) = (player, d.get("bunny-path").and_then(Value::as_array)) {
            let cells: Vec<Pos> = path.iter().filter_map(pos_of).collect();
            let route = match d.get("from").and_then(pos_of) {
                Some(from) => path_words(from, &cells),
                None => cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
            };
            let gained = d.get("eggs").map(by_seat).unwrap_or_default();
            return Some(Line::about(
                p,
                format!("moves the bunny {route} ({})", gains(view, gained.into_iter())),
            ));
        }
        if let (Some(at), Some(placer)) = (d.get("nest").and_then(pos_of), d.get("placer").and_then(Value::as_u64)) {
            let gained = d.get("eggs").map(by_seat).unwrap_or_default();
            return Some(Line::about(
                placer as u8,
                format!(
                    "completes the Easter nest {} ({})",
                    view.place_words_from_start(at),
                    gains(view, gained.into_iter())
                ),
            ));
        }
        if let Some(fin) = d.get("final") {
            let eggs_of = fin.get("eggs").map(by_seat).unwrap_or_default();
            let points = fin.get("points").map(by_seat).unwrap_or_default();
            let parts: Vec<String> = eggs_of
                .iter()
                .zip(&points)
                .map(|(&(p, e), &(_, pts))| {
                    format!(
                        "{} {} → {}",
                        view.player_name(p),
                        eggs(e),
                        carcassonne_core::words::count_of(pts, "point")
                    )
                })
                .collect();
            return Some(Line::new(format!("Egg award: {}", parts.join(", "))));
        }
        None
    }
}
