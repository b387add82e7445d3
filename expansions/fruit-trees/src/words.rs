//! The expansion in words for players: fruit actions as options, trees and
//! each player's fruit as state lines, harvests and sales in the log.

use crate::{Action, FruitSet, State, Token};
use carcassonne_core::serde_json::Value;
use carcassonne_core::words::Line;
use carcassonne_core::{CoreState, Pos};

fn tokens(n: usize) -> String {
    if n == 1 {
        "1 token".into()
    } else {
        format!("{n} tokens")
    }
}

fn fruits(set: FruitSet) -> String {
    set.iter().map(|f| f.name()).collect::<Vec<_>>().join(" + ")
}

fn held(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| format!("{} {}", t.fruit, t.value))
        .collect::<Vec<_>>()
        .join(", ")
}

fn pos_of(v: &Value) -> Option<Pos> {
    Some(Pos::new(v.get(0)?.as_i64()? as i32, v.get(1)?.as_i64()? as i32))
}

/// "Harvest the apple tree", "Sell apple + cherry for 6", "Done: no more
/// fruit actions this turn"; two trees of one fruit are told apart by
/// where they stand from the new tile ("1 tile north of the new tile"),
/// not by coordinates the board does not show.
pub(crate) fn option_label(state: &State, view: &CoreState, action: &Action) -> String {
    match action {
        Action::Harvest(at) => {
            let tree = state.tree_at(*at);
            let fruit = tree.and_then(|t| t.fruit).map_or("empty", |f| f.name());
            let alike = state
                .trees
                .iter()
                .filter(|t| t.fruit.map(|f| f.name()) == Some(fruit))
                .count();
            let left = tree.map_or(0, |t| t.tokens.len());
            let at = if alike > 1 {
                format!(" {}", view.place_words(*at))
            } else {
                String::new()
            };
            format!("Harvest the {fruit} tree{at} ({} left)", tokens(left))
        }
        Action::Sell(set) => format!("Sell {} for {}", fruits(*set), set.points()),
        Action::Done => "Done: no more fruit actions this turn".to_string(),
    }
}

/// Each player's fruit, each tree's stack (the tree placed in steps from
/// the start tile), the stacks not yet out.
pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let mut out: Vec<Line> = state
        .growers
        .iter()
        .enumerate()
        .map(|(p, g)| {
            let holds = if g.held.is_empty() {
                "holds no fruit".to_string()
            } else {
                format!("holds {}", held(&g.held))
            };
            let sold = if g.sold.is_empty() {
                String::new()
            } else {
                format!(" · sold {}", tokens(g.sold.len()))
            };
            Line::about(p as u8, format!("{holds}{sold}"))
        })
        .collect();
    for t in &state.trees {
        let fruit = t.fruit.map_or("empty", |f| f.name());
        out.push(Line::new(format!(
            "{} tree {}: {} face down",
            capital(fruit),
            view.place_words_from_start(t.at),
            tokens(t.tokens.len())
        )));
    }
    let stacks: Vec<&str> = state.supply.keys().map(|f| f.name()).collect();
    if !stacks.is_empty() {
        out.push(Line::new(format!("Stacks waiting for a tree: {}", stacks.join(", "))));
    }
    if let Some(p) = &state.pending {
        out.push(Line::about(
            p.player,
            format!("may take fruit actions ({} left)", p.actions_left),
        ));
    }
    out
}

fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The log details of `trees.rs`, `actions.rs` and `final_scoring.rs` in words.
pub(crate) fn log_words(view: &CoreState, d: &Value) -> Option<Line> {
    if let Some(h) = d.get("harvest") {
        let fruit = h.get("fruit")?.as_str()?;
        let value = h.get("value")?.as_u64()?;
        let at = h.get("at").and_then(pos_of)?;
        return Some(Line::new(format!(
            "Harvested {fruit} {value} from the tree {} (+{value})",
            view.place_words_from_start(at)
        )));
    }
    if let Some(sold) = d.get("sell").and_then(Value::as_array) {
        let names: Vec<&str> = sold.iter().filter_map(Value::as_str).collect();
        let points = d.get("points").and_then(Value::as_i64).unwrap_or(0);
        return Some(Line::new(format!("Sold {} for {points}", names.join(" + "))));
    }
    if let Some(t) = d.get("tree") {
        let tree = t.get("tree")?.as_str()?;
        let at = view.place_words_from_start(t.get("at").and_then(pos_of)?);
        let n = t.get("tokens").and_then(Value::as_u64).unwrap_or(0) as usize;
        return Some(Line::new(match t.get("fruit").and_then(Value::as_str) {
            Some(fruit) if fruit == tree => format!("A {tree} tree grows {at}: {} face down", tokens(n)),
            Some(fruit) => format!(
                "A {tree} tree grows {at}, given the {fruit} stack: {} face down",
                tokens(n)
            ),
            None => format!("A {tree} tree grows {at}, but no stack is left for it"),
        }));
    }
    None
}
