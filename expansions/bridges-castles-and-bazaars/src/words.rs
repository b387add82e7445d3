//! The expansion in words: options, the state's lines, the log.

use crate::bazaar::{self, Step};
use crate::{Action, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json::Value;
use carcassonne_core::{CoreState, Line, Pos};

/// A tile type in words: its id and, when it has one, its name.
fn tile_words(view: &CoreState, tile: u16) -> String {
    let def = &view.tables().tile(tile).def;
    match &def.name {
        Some(name) => format!("{} ({name})", def.id),
        None => def.id.clone(),
    }
}

/// "1 point", "3 points".
fn points(n: impl Into<i64>) -> String {
    match n.into() {
        1 => "1 point".to_string(),
        n => format!("{n} points"),
    }
}

/// A city in words with where it lies: "city (north) on the new tile".
fn city_words(view: &CoreState, city: NodeId) -> String {
    // Named on the turn's tile when it is one of the city's, else on its
    // first tile.
    let placed = view.placed_this_turn().map(|p| p.pos);
    let member = view
        .features()
        .members(city)
        .find(|&m| Some(view.tile_of_node(m).pos) == placed)
        .unwrap_or(city);
    let pos = view.tile_of_node(member).pos;
    let what = view
        .feature_words(pos, view.feature_index(member))
        .unwrap_or_else(|| "city".to_string());
    format!("{what} {}", view.place_words(pos))
}

/// An option in words for the player deciding.
pub(crate) fn option_label(
    rules: Option<&bazaar::Rules>,
    state: &State,
    view: &CoreState,
    player: u8,
    action: &Action,
) -> String {
    let auction = state.auction.as_ref();
    let tile_of = |i: usize| {
        auction
            .and_then(|a| a.tiles.get(i))
            .map_or("the tile".to_string(), |&t| tile_words(view, t))
    };
    let chosen = || auction.and_then(|a| a.tile()).map_or("the tile".to_string(), tile_of);
    match action {
        Action::Bridge { at, axis } => {
            let way = match axis {
                crate::Axis::NorthSouth => "north–south",
                crate::Axis::WestEast => "west–east",
            };
            let left = state.bridges_left.get(player as usize).copied().unwrap_or(0);
            format!(
                "Lay a bridge {way} across the tile {} ({left} left)",
                view.place_words(*at)
            )
        }
        Action::NoBridge => "Lay no bridge this turn".to_string(),
        Action::Castle => {
            let city = state
                .offers
                .first()
                .map_or("the small city".to_string(), |o| city_words(view, o.city));
            format!(
                "Make a castle of the small {city}: your follower stays on it and scores the next feature \
                 completed beside it"
            )
        }
        Action::NoCastle => {
            let city = state
                .offers
                .first()
                .map_or("the small city".to_string(), |o| city_words(view, o.city));
            format!("Score the small {city} as a city, as usual")
        }
        Action::Choose(i) if rules.is_some_and(|r| r.bidding) => {
            format!("Choose {} and open the bidding for it", tile_of(*i as usize))
        }
        Action::Choose(i) => format!("Take {}", tile_of(*i as usize)),
        Action::Bid(n) => match auction.map(|a| &a.step) {
            Some(Step::Raise { price, .. }) => {
                format!("Bid {} for {} (the bid stands at {price})", points(*n), chosen())
            }
            _ => format!("Open the bidding for {} at {}", chosen(), points(*n)),
        },
        Action::Pass => {
            let price = auction.map_or(0, |a| a.price());
            format!("Pass: leave {} at {}", chosen(), points(price))
        }
        Action::Buy => {
            let price = auction.map_or(0, |a| a.price());
            format!("Buy {}: pay the highest bidder {}", chosen(), points(price))
        }
        Action::Sell => {
            let price = auction.map_or(0, |a| a.price());
            format!(
                "Sell {} to the highest bidder, who pays you {}",
                chosen(),
                points(price)
            )
        }
    }
}

/// Why an option that is not listed is refused.
pub(crate) fn explain_refusal(rules: Option<&bazaar::Rules>, state: &State, action: &Action) -> Option<String> {
    let range = rules.map_or(0, |r| r.range);
    match (state.auction.as_ref().map(|a| &a.step), action) {
        (Some(Step::Open { .. }), Action::Bid(_)) => Some(format!("an opening bid is 0 to {range} points")),
        (Some(Step::Raise { price, .. }), Action::Bid(_)) => Some(format!(
            "a raise is {} to {} points (the bid stands at {price})",
            price + 1,
            price + range
        )),
        (Some(Step::Choose { .. }), Action::Choose(_)) => {
            Some("that is not one of the bazaar's tiles still on offer".to_string())
        }
        (_, Action::Bridge { .. }) if state.bridge_asked => Some(
            "a bridge lies on the tile just placed or one touching it, with no bridge yet, both ends on field \
             sides, each end facing an empty cell or the road it continues, and makes good every edge the \
             placement left unmatched"
                .to_string(),
        ),
        (_, Action::NoBridge) if state.bridge_needed => {
            Some("the tile was placed against a road with a field side: a bridge must continue the road".to_string())
        }
        _ => None,
    }
}

/// The state in lines.
pub(crate) fn lines(bridges: bool, castles: bool, state: &State, view: &CoreState) -> Vec<Line> {
    let mut lines = Vec::new();
    if bridges {
        for (seat, &left) in state.bridges_left.iter().enumerate() {
            let noun = if left == 1 { "bridge" } else { "bridges" };
            lines.push(Line::about(seat as u8, format!("{left} {noun} left")));
        }
        for b in &state.bridges {
            let way = match b.axis {
                crate::Axis::NorthSouth => "north–south",
                crate::Axis::WestEast => "west–east",
            };
            lines.push(Line::about(
                b.owner,
                format!("bridge {way} {}", view.place_words_from_start(b.pos)),
            ));
        }
    }
    if castles {
        for (seat, &left) in state.castles_left.iter().enumerate() {
            let noun = if left == 1 { "castle" } else { "castles" };
            lines.push(Line::about(seat as u8, format!("{left} {noun} left")));
        }
        for c in &state.castles {
            let place = view.place_words_from_start(c.tiles[0]);
            let text = match c.points {
                Some(n) => format!("castle {place}: scored {}", points(n)),
                None if c.follower.is_some() => {
                    format!("castle {place}: scores the next feature completed beside it")
                }
                None => format!("castle {place}: empty"),
            };
            lines.push(Line::about(c.owner, text));
        }
    }
    if let Some(a) = &state.auction {
        let on_offer: Vec<String> = a
            .tiles
            .iter()
            .zip(&a.owners)
            .filter(|(_, o)| o.is_none())
            .map(|(&t, _)| tile_words(view, t))
            .collect();
        lines.push(Line::about(a.host, format!("bazaar: on offer {}", on_offer.join(", "))));
        let tile = a.tile().and_then(|i| a.tiles.get(i)).map(|&t| tile_words(view, t));
        let tile = tile.unwrap_or_default();
        match &a.step {
            Step::Choose { chooser } => lines.push(Line::about(*chooser, "chooses a tile")),
            Step::Open { chooser, .. } => lines.push(Line::about(*chooser, format!("opens the bidding for {tile}"))),
            Step::Raise { price, leader, .. } => {
                lines.push(Line::about(*leader, format!("bids {} for {tile}", points(*price))))
            }
            Step::Settle { chooser, price, .. } => lines.push(Line::about(
                *chooser,
                format!("buys {tile} for {} or sells it", points(*price)),
            )),
        }
    }
    for (seat, held) in state.held.iter().enumerate() {
        if let Some(t) = held {
            lines.push(Line::about(
                seat as u8,
                format!("holds {} from the bazaar, to place next turn", tile_words(view, *t)),
            ));
        }
    }
    if !state.waiting_bazaars.is_empty() {
        lines.push(Line::new(format!(
            "{} waiting for the bought tiles to be placed",
            match state.waiting_bazaars.len() {
                1 => "1 bazaar".to_string(),
                n => format!("{n} bazaars"),
            }
        )));
    }
    lines
}

/// A logged detail in words.
pub(crate) fn log_line(view: &CoreState, detail: &Value) -> Option<Line> {
    let (key, value) = detail.as_object()?.iter().next()?;
    let seat = |v: &Value| v.as_u64().map(|n| n as u8);
    let field = |name: &str| value.get(name);
    let player = || field("player").and_then(seat);
    let tile = || field("tile").and_then(Value::as_str).unwrap_or("a tile").to_string();
    let price = || field("price").and_then(Value::as_u64).unwrap_or(0);
    let at = || {
        field("at")
            .and_then(|p| Some(Pos::new(p.get(0)?.as_i64()? as i32, p.get(1)?.as_i64()? as i32)))
            .map_or(String::new(), |p| format!(" {}", view.place_words_from_start(p)))
    };
    Some(match key.as_str() {
        "castle" => Line::about(
            field("owner").and_then(seat)?,
            format!("makes a castle of the small city{}: the follower stays on it", at()),
        ),
        "castle_scored" => Line::about(
            field("owner").and_then(seat)?,
            format!(
                "castle scores {} for the {} completed beside it; the follower goes home",
                points(field("points").and_then(Value::as_i64).unwrap_or(0)),
                field("what").and_then(Value::as_str).unwrap_or("feature")
            ),
        ),
        "bridge" => Line::about(
            player()?,
            format!(
                "lays a bridge {}{}",
                match field("axis").and_then(Value::as_str) {
                    Some("NS") => "north–south",
                    _ => "west–east",
                },
                at()
            ),
        ),
        "bazaar" => Line::about(seat(value)?, "holds a bazaar: one tile per player is turned up"),
        "bazaar_tiles" => {
            let ids: Vec<&str> = value.as_array()?.iter().filter_map(Value::as_str).collect();
            Line::new(format!("The bazaar offers {}", ids.join(", ")))
        }
        "no_bazaar" if value.as_str() == Some("solo") => Line::new("No bazaar in a game of one player"),
        "no_bazaar" => Line::new("No bazaar: the bag holds no more tiles than there are players"),
        "delayed" => Line::about(
            seat(value)?,
            "places a bazaar tile: its bazaar waits until every tile bought at the last one is placed",
        ),
        "ignored" => Line::about(
            seat(value)?,
            "places a bazaar tile, which starts no bazaar: tiles bought at the last one are still to be placed",
        ),
        "chose" => Line::about(player()?, format!("chooses {}", tile())),
        "bid" => Line::about(player()?, format!("bids {}", points(price() as i64))),
        "passed" => Line::about(seat(value)?, "passes"),
        "free" => Line::about(player()?, format!("takes {}", tile())),
        "kept" if price() == 0 => Line::about(player()?, format!("takes {}: nobody bid more", tile())),
        "kept" => Line::about(
            player()?,
            format!("takes {}, paying {} to nobody", tile(), points(price() as i64)),
        ),
        "bought" => Line::about(player()?, format!("gets {} for {}", tile(), points(price() as i64))),
        "received" => Line::about(player()?, format!("receives {}", points(price() as i64))),
        _ => return None,
    })
}
