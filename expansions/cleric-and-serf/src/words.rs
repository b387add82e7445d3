//! The expansion in words for players: who holds the Cleric and the Serf
//! and for what, cloister tokens per player and left, and the log's
//! changes of holder and final awards.

use crate::{SerfRule, State};
use carcassonne_core::CoreState;
use carcassonne_core::serde_json::Value;
use carcassonne_core::words::Line;

fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What the Serf's record counts under `rule`.
fn serf_record(rule: SerfRule, n: u64) -> String {
    match rule {
        SerfRule::Barn => format!("{} removed by a barn", count(n, "farmer", "farmers")),
        SerfRule::NoBarn => format!("a farm touching {}", count(n, "city", "cities")),
    }
}

/// The holders with what won them, each player's cloister tokens, the supply.
pub(crate) fn lines(state: &State) -> Vec<Line> {
    let mut out = Vec::new();
    match state.cleric.holder {
        Some(h) => {
            let n = state.cleric.cloisters_scored.get(h as usize).copied().unwrap_or(0);
            out.push(Line::about(
                h,
                format!(
                    "holds the Cleric ({} scored)",
                    count(u64::from(n), "cloister", "cloisters")
                ),
            ));
        }
        None => out.push(Line::new("The Cleric: nobody yet (scores with the first cloister)")),
    }
    match (state.serf.holder, state.serf.record) {
        (Some(h), Some(r)) => out.push(Line::about(
            h,
            format!("holds the Serf ({})", serf_record(state.serf.rule, u64::from(r))),
        )),
        _ => out.push(Line::new("The Serf: nobody yet")),
    }
    for (p, &n) in state.cloister_tokens.held.iter().enumerate() {
        let scored = state.cleric.cloisters_scored.get(p).copied().unwrap_or(0);
        out.push(Line::about(
            p as u8,
            format!(
                "{} · {} scored",
                count(u64::from(n), "cloister token", "cloister tokens"),
                count(u64::from(scored), "cloister", "cloisters")
            ),
        ));
    }
    out.push(Line::new(format!(
        "{} left in the supply",
        count(
            u64::from(state.cloister_tokens.supply),
            "cloister token",
            "cloister tokens"
        )
    )));
    out
}

/// The log details of `cleric.rs`, `serf.rs`, `tokens.rs` and
/// `final_scoring.rs` in words.
pub(crate) fn log_words(rule: SerfRule, view: &CoreState, d: &Value) -> Option<Line> {
    let seat = |v: &Value, key: &str| v.get(key).and_then(Value::as_u64).map(|p| p as u8);
    let num = |v: &Value, key: &str| v.get(key).and_then(Value::as_u64).unwrap_or(0);
    if let Some(c) = d.get("cleric") {
        let holder = seat(c, "holder")?;
        if let Some(points) = c.get("points").and_then(Value::as_i64) {
            let abbeys = num(c, "abbeys");
            return Some(Line::about(
                holder,
                format!(
                    "scores {points} for the Cleric (10 + 2 × {})",
                    count(abbeys, "abbey", "abbeys")
                ),
            ));
        }
        return Some(Line::about(
            holder,
            format!("takes the Cleric: most cloisters scored ({})", num(c, "cloisters")),
        ));
    }
    if let Some(s) = d.get("serf") {
        let holder = seat(s, "holder")?;
        if let Some(points) = s.get("points").and_then(Value::as_i64) {
            return Some(Line::about(
                holder,
                format!(
                    "scores {points} for the Serf ({} on the board, 5 × {})",
                    count(num(s, "farmers"), "farmer", "farmers"),
                    count(num(s, "barns"), "barn", "barns")
                ),
            ));
        }
        return Some(Line::about(
            holder,
            format!("takes the Serf: {}", serf_record(rule, num(s, "record"))),
        ));
    }
    if let Some(t) = d.get("cloister-token") {
        let p = seat(t, "player")?;
        return Some(match t.get("held").and_then(Value::as_u64) {
            Some(held) => Line::about(p, format!("takes a cloister token (now {held})")),
            None => Line::about(p, "gets no cloister token: the supply is empty"),
        });
    }
    if let Some(t) = d.get("cloister-tokens") {
        let names: Vec<&str> = t
            .get("winners")?
            .as_array()?
            .iter()
            .filter_map(Value::as_u64)
            .map(|p| view.player_name(p as u8))
            .collect();
        return Some(Line::new(format!(
            "Most cloister tokens ({}): 10 points to {}",
            num(t, "most"),
            names.join(" and ")
        )));
    }
    None
}
