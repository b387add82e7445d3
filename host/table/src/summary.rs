//! A table as the lobby lists it, the answer to creating it, and a
//! refusal as JSON: the shapes of `docs/serve-api.md`, which the server
//! and the static site answer alike.

use crate::{Refusal, Seats, Table};
use serde_json::{Value, json};

/// Seat `p`'s chip: its shape in its colour, as a small SVG picture (the
/// same as on the board and the game page).
pub fn seat_chip(p: u8) -> String {
    let attrs = format!(
        r##"fill="{}" stroke="#222" stroke-width="1.5""##,
        carcassonne_render::player_colour(p)
    );
    format!(
        r#"<svg class="chip-shape" width="14" height="14" viewBox="0 0 20 20">{}</svg>"#,
        carcassonne_render::shape_svg(carcassonne_render::player_shape(p), 10.0, 10.0, 8.0, &attrs)
    )
}

impl Table {
    /// The game as the lobby lists it under the id `id` (`GET
    /// /api/games/{id}`): nothing secret.
    pub fn summary(&self, id: u64) -> Value {
        let game = self.game();
        let s = game.state();
        let config = &self.record().config;
        let players: Vec<Value> = config
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({
                    "seat": i,
                    "name": p.name,
                    "bot": p.bot,
                    "colour": carcassonne_render::player_colour(i as u8),
                    "shape": carcassonne_render::player_shape(i as u8),
                    "chip": seat_chip(i as u8),
                    "score": s.score(i as u8),
                })
            })
            .collect();
        let status = if game.is_over() {
            let best = (0..s.players() as u8).map(|p| s.score(p)).max().unwrap_or(0);
            let winners: Vec<&str> = (0..s.players() as u8)
                .filter(|&p| s.score(p) == best)
                .map(|p| s.player_name(p))
                .collect();
            format!(
                "over: {} {} with {best}",
                winners.join(" and "),
                if winners.len() > 1 { "win" } else { "wins" }
            )
        } else if let Some(p) = self.bot_to_move() {
            format!("turn {}: {} (bot) is thinking", s.turn().number, s.player_name(p))
        } else if let Some(d) = game.decision() {
            format!("turn {}: waiting for {}", s.turn().number, s.player_name(d.player()))
        } else {
            "stopped".to_string()
        };
        json!({
            "id": id,
            "expansions": config.expansions,
            "tiles_only": config.tiles_only,
            "changes": self.changes_in_words(),
            "seed": config.seed.to_string(),
            "players": players,
            "over": game.is_over(),
            "turn": s.turn().number,
            "moves": self.record().moves.len(),
            "tiles_left": s.tiles_left(),
            "status": status,
            "watch": format!("/games/{id}/"),
            "record": format!("/api/games/{id}/record"),
            "replay": format!("/api/games/{id}/replay"),
        })
    }

    /// What the game plays differently from its expansions' defaults, in
    /// words for the lobby's list: every part switched off ("Abbey &
    /// Mayor: Barn off") and every rule option given another value than
    /// its default ("Base game: Farmers off", "Easter in Carcassonne:
    /// Bunny phase and scoring = after scoring"), by the names the
    /// lobby's form shows. Empty for a game of defaults.
    pub fn changes_in_words(&self) -> Vec<String> {
        let rules = self.game().rules();
        let config = &self.record().config;
        let info = |id: &str| rules.expansions().iter().find(|e| e.info.id == id).map(|e| e.info);
        let mut out = Vec::new();
        for (id, parts) in &config.parts {
            let Some(info) = info(id) else { continue };
            for (part, on) in parts {
                if !on {
                    let name = info
                        .parts
                        .iter()
                        .find(|p| p.id == part)
                        .map_or(part.as_str(), |p| p.name);
                    out.push(format!("{}: {name} off", info.name));
                }
            }
        }
        for (id, values) in &config.variants {
            let (who, decls) = match id.as_str() {
                carcassonne_core::BASE_ID => ("Base game", carcassonne_core::BASE_VARIANTS),
                other => match info(other) {
                    Some(info) => (info.name, info.variants),
                    None => continue,
                },
            };
            for (name, value) in values {
                let decl = decls.iter().find(|d| d.name == name);
                let text = value.to_string();
                if decl.is_some_and(|d| d.default == text) {
                    continue;
                }
                let label = decl.map_or(name.as_str(), |d| if d.label.is_empty() { d.name } else { d.label });
                out.push(match value {
                    carcassonne_core::Value::Bool(true) => format!("{who}: {label} on"),
                    carcassonne_core::Value::Bool(false) => format!("{who}: {label} off"),
                    _ => format!("{who}: {label} = {}", text.replace('-', " ")),
                });
            }
        }
        out
    }

    /// The answer to creating this game under the id `id` (`POST
    /// /api/games`): its links (paths on the server), each person's seat
    /// link, and the game as the lobby lists it; `base` is the address
    /// links are made with, if known.
    pub fn created(&self, id: u64, base: Option<&str>) -> Value {
        // A game just made: its tokens were made here.
        let tokens = self.seats().cloned().unwrap_or_else(|| Seats {
            seats: Vec::new(),
            hotseat: String::new(),
        });
        let seats: Vec<Value> = tokens
            .seats
            .iter()
            .enumerate()
            .map(|(i, token)| {
                let p = i as u8;
                let player = self.record().config.players.get(i);
                json!({
                    "seat": p,
                    "name": player.map(|p| p.name.clone()),
                    "bot": player.and_then(|p| p.bot.clone()),
                    "link": self.is_human(p).then(|| format!("/games/{id}/?seat={token}")),
                })
            })
            .collect();
        json!({
            "id": id,
            "seed": self.record().config.seed.to_string(),
            "base": base,
            "watch": format!("/games/{id}/"),
            "hotseat": format!("/games/{id}/?seat={}", tokens.hotseat),
            "seats": seats,
            "game": self.summary(id),
        })
    }

    /// A refused request's body (`{"error", "kind", "turn", "version"}`),
    /// naming the seat whose turn it is.
    pub fn refusal_json(&self, r: &Refusal) -> Value {
        let turn = r.turn.map(|p| {
            json!({
                "seat": p,
                "name": self.game().state().player_name(p),
            })
        });
        json!({ "error": r.error, "kind": r.kind, "turn": turn, "version": self.version() })
    }
}
