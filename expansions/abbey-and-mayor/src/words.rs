//! The expansion in words for players: the abbey decision's options,
//! abbeys left and barns as state lines, barn scorings in the log.

use crate::{Action, State};
use carcassonne_core::CoreState;
use carcassonne_core::serde_json::Value;
use carcassonne_core::words::Line;

/// A corner as written in the state (`NW`) in words.
fn corner(c: &str) -> &str {
    match c {
        "NW" => "north-west",
        "NE" => "north-east",
        "SE" => "south-east",
        "SW" => "south-west",
        other => other,
    }
}

/// "Draw a tile (keep your abbey)", "Place your abbey 2 tiles west of the
/// last tile placed instead of drawing", "Move the wagon on to the road
/// (west), 1 tile north of the new tile": features and places in the
/// core's words.
pub(crate) fn option_label(view: &CoreState, action: &Action) -> String {
    match action {
        Action::Draw => "Draw a tile (keep your abbey)".to_string(),
        Action::Abbey(at) => format!("Place your abbey {} instead of drawing", view.place_words(*at)),
        Action::Wagon(to) => {
            let feature = view
                .feature_by_name(to.at, &to.feature)
                .ok()
                .and_then(|fi| view.feature_words(to.at, fi))
                .unwrap_or_else(|| to.feature.clone());
            format!("Move the wagon on to the {feature}, {}", view.place_words(to.at))
        }
        Action::KeepWagon => "Keep the wagon (back to your supply)".to_string(),
    }
}

/// Abbeys left per player, barns on the board (their tiles in steps from
/// the start tile).
pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let mut out: Vec<Line> = state
        .abbeys_left
        .iter()
        .enumerate()
        .map(|(p, &n)| Line::about(p as u8, if n > 0 { "holds an abbey" } else { "has no abbey" }))
        .collect();
    for b in &state.barns {
        out.push(Line::about(
            b.owner,
            format!(
                "barn {}, {} corner",
                view.place_words_from_start(b.at),
                corner(b.corner)
            ),
        ));
    }
    out
}

/// The log details of `barn_scoring.rs` in words.
pub(crate) fn log_words(view: &CoreState, d: &Value) -> Option<Line> {
    let returned = d.get("farmers_returned").and_then(Value::as_u64).unwrap_or(0);
    let points = d.get("points").and_then(Value::as_u64).unwrap_or(0);
    let to: Vec<&str> = d
        .get("to")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .map(|p| view.player_name(p as u8))
        .collect();
    let paid = match (returned, to.is_empty()) {
        (0, _) => "no farmers to cash in".to_string(),
        (1, true) => "1 farmer goes home, nobody scores".to_string(),
        (_, true) => format!("{returned} farmers go home, nobody scores"),
        (1, false) => format!(
            "1 farmer goes home, {} to {}",
            carcassonne_core::words::count_of(points, "point"),
            to.join(" and ")
        ),
        (n, false) => format!(
            "{n} farmers go home, {} each to {}",
            carcassonne_core::words::count_of(points, "point"),
            to.join(" and ")
        ),
    };
    if let Some(at) = d.get("barn").and_then(Value::as_array) {
        let (x, y) = (at.first()?.as_i64()?, at.get(1)?.as_i64()?);
        let c = d.get("corner").and_then(Value::as_str).map_or("", corner);
        let place = view.place_words_from_start(carcassonne_core::Pos::new(x as i32, y as i32));
        return Some(Line::new(format!("A barn goes down {place}, {c} corner: {paid}")));
    }
    if d.get("joined_barn_farm").is_some() {
        return Some(Line::new(format!("A farm joined a barn's farm: {paid}")));
    }
    None
}
