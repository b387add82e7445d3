//! `replay` → the record's moves, played in this engine as they are made.

use crate::JczError;
use crate::config::ABBEY_TILE;
use crate::location::{Location, jcz_name, rotated_segments};
use crate::save::{ReplayAction, Save};
use crate::tile_table::TileTable;
use carcassonne_core::{Decision, FeatureKind, Game, Move, Pos, Rotation};
use serde_json::Value;
use std::collections::BTreeMap;

/// The expansion whose decision places the abbey.
const ABBEY_EXPANSION: &str = "abbey-and-mayor";

/// JCZ meeple types (the middle of a meeple id) and this engine's figures.
const MEEPLES: [(&str, &str); 7] = [
    ("small", "follower"),
    ("big", "big-follower"),
    ("barn", "barn"),
    ("mayor", "mayor"),
    ("wagon", "wagon"),
    ("builder", "builder"),
    ("pig", "pig"),
];

struct Converter<'a> {
    table: &'a TileTable,
    game: Game,
    moves: Vec<Move>,
    /// Whether a tile was placed or a figure deployed since the last
    /// COMMIT: a COMMIT closes only such a turn (or a wagon's move after
    /// one).
    uncommitted: bool,
    /// How far JCZ's board is turned clockwise about the start tile to be
    /// this engine's (a River game: JCZ's spring faces east, this engine's
    /// south). Places, rotations and pointers are turned by it.
    board_turn: Rotation,
    /// The save's JCZ tile sets (an id may stand for a different tile in
    /// each: the spring).
    sets: Vec<String>,
}

pub(crate) fn convert(
    save: &Save,
    table: &TileTable,
    game: Game,
    board_turn: Rotation,
) -> Result<(Game, Vec<Move>), JczError> {
    let mut c = Converter {
        table,
        game,
        moves: Vec::new(),
        uncommitted: false,
        board_turn,
        sets: crate::config::set_names(save),
    };
    for (i, action) in save.replay.iter().enumerate() {
        let place = format!("replay action {} ({})", i + 1, action.kind);
        c.action(action, &place)?;
    }
    Ok((c.game, c.moves))
}

fn invalid(place: &str, message: impl Into<String>) -> JczError {
    JczError::Invalid {
        place: place.to_string(),
        message: message.into(),
    }
}

impl Converter<'_> {
    fn action(&mut self, action: &ReplayAction, place: &str) -> Result<(), JczError> {
        // COMMIT closes a turn this engine has already closed.
        if let (Some(p), Some(d)) = (action.player, self.game.decision())
            && action.kind != "COMMIT"
            && u64::from(d.player()) != p
        {
            return Err(invalid(
                place,
                format!(
                    "JCZ has player {p} act, but it is {}'s turn (player {}) here",
                    self.game.state().player_name(d.player()),
                    d.player()
                ),
            ));
        }
        if matches!(action.kind.as_str(), "PLACE_TILE" | "DEPLOY_MEEPLE" | "PASS") {
            self.uncommitted = true;
        }
        match action.kind.as_str() {
            "PLACE_TILE" => self.place_tile(&action.fields(), place),
            "DEPLOY_MEEPLE" => self.deploy(&action.fields(), place),
            "PASS" => match self.game.decision() {
                Some(Decision::Deploy { .. }) => self.play(Move::Pass, place),
                // A scored wagon that does not move on.
                _ if self.wagon_decision() => self.play(expansion_move(Value::from("keep-wagon")), place),
                other => Err(invalid(
                    place,
                    format!("a PASS where this engine asks {}", asks(&self.game, other)),
                )),
            },
            "COMMIT" if !self.uncommitted => Err(invalid(
                place,
                "a COMMIT that closes nothing: no tile placed, figure deployed or pass since the last COMMIT",
            )),
            "COMMIT" => {
                self.uncommitted = false;
                // JCZ may end a turn without a PASS when there is nothing to deploy.
                if let Some(Decision::Deploy { .. }) = self.game.decision() {
                    self.play(Move::Pass, place)?;
                }
                Ok(())
            }
            other => Err(JczError::Unsupported {
                what: format!("the JCZ action `{other}` ({place})"),
            }),
        }
    }

    fn play(&mut self, m: Move, place: &str) -> Result<(), JczError> {
        let illegal = |message: String| JczError::Illegal {
            place: place.to_string(),
            message,
        };
        let action = self.game.action_from_move(&m).map_err(|e| illegal(e.to_string()))?;
        self.game.play(&action).map_err(|e| illegal(e.to_string()))?;
        self.moves.push(m);
        Ok(())
    }

    /// The label of the Abbey & Mayor decision the engine asks now, if any.
    fn abbey_and_mayor_asks(&self) -> Option<&'static str> {
        let slot = self.game.rules().expansion_slot(ABBEY_EXPANSION)?;
        match self.game.decision() {
            Some(Decision::Expansion { slot: s, label, .. }) if s == slot => Some(label),
            _ => None,
        }
    }

    /// Whether the engine asks to place the abbey or draw.
    fn abbey_decision(&self) -> bool {
        self.abbey_and_mayor_asks().is_some_and(|l| l.contains("abbey"))
    }

    /// Whether the engine asks where a scored wagon moves on.
    fn wagon_decision(&self) -> bool {
        self.abbey_and_mayor_asks().is_some_and(|l| l.contains("wagon"))
    }

    fn place_tile(&mut self, payload: &Value, place: &str) -> Result<(), JczError> {
        let id = payload
            .get("tileId")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid(place, "no `tileId`"))?;
        let at = turned(position(payload.get("position"), place)?, self.board_turn);
        if id == ABBEY_TILE {
            let abbeys = self
                .game
                .rules()
                .expansions()
                .iter()
                .any(|e| e.info.id == ABBEY_EXPANSION && e.parts.iter().any(|p| p == "abbey"));
            if !abbeys {
                return Err(JczError::Illegal {
                    place: place.to_string(),
                    message: "JCZ places an abbey, but the save's game has none (no `abbey` in setup.elements)"
                        .to_string(),
                });
            }
            if !self.abbey_decision() {
                return Err(JczError::Illegal {
                    place: place.to_string(),
                    message: format!(
                        "JCZ places an abbey where this engine asks {} (this engine offers the abbey only \
                         instead of a draw, while tiles remain)",
                        asks(&self.game, self.game.decision())
                    ),
                });
            }
            return self.play(expansion_move(serde_json::json!({ "abbey": [at.x, at.y] })), place);
        }
        let entry = self
            .table
            .tile_in(id, &self.sets)
            .ok_or_else(|| JczError::UnknownTile {
                place: place.to_string(),
                id: id.to_string(),
                sets: self
                    .table
                    .sets
                    .iter()
                    .map(|s| s.jcz.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        if self.abbey_decision() {
            self.play(expansion_move(Value::from("draw")), place)?;
        }
        match self.game.decision() {
            Some(Decision::Place { tile, .. }) => {
                let drawn = self.game.rules().tile(tile).id().to_string();
                if drawn != entry.engine {
                    return Err(invalid(
                        place,
                        format!("JCZ places {id} ({}), but this engine drew {drawn}", entry.engine),
                    ));
                }
            }
            other => {
                return Err(invalid(
                    place,
                    format!("a PLACE_TILE where this engine asks {}", asks(&self.game, other)),
                ));
            }
        }
        // JCZ's tile turned by r is this engine's turned by r - turn, and
        // the board turns by `board_turn`.
        let rotation = add(
            add(rotation(payload.get("rotation"), place)?, entry.turn().inverse()),
            self.board_turn,
        );
        self.play(
            Move::Place {
                tile: Some(entry.engine.clone()),
                at,
                rotation,
            },
            place,
        )
    }

    fn deploy(&mut self, payload: &Value, place: &str) -> Result<(), JczError> {
        let meeple = payload
            .get("meepleId")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid(place, "no `meepleId`"))?;
        // PLAYER.KIND.NUMBER (`0.small.1`): anything else is not a meeple
        // JCZ wrote, and its owner could not be checked.
        let parts: Vec<&str> = meeple.split('.').collect();
        let well_formed = matches!(parts.as_slice(), [p, _, n]
            if p.parse::<u8>().is_ok_and(|p| usize::from(p) < self.game.state().players())
                && n.parse::<u32>().is_ok());
        if !well_formed {
            return Err(invalid(
                place,
                format!(
                    "meeple id `{meeple}`: JCZ writes PLAYER.KIND.NUMBER with a seat of this game (0 to {}), e.g. 0.small.1",
                    self.game.state().players().saturating_sub(1)
                ),
            ));
        }
        let kind = parts[1];
        let figure = MEEPLES
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, f)| *f)
            .ok_or_else(|| JczError::Unsupported {
                what: format!("the JCZ figure `{kind}` (meeple {meeple}, {place})"),
            })?;
        if let (Some(owner), Some(d)) = (
            meeple.split('.').next().and_then(|p| p.parse::<u8>().ok()),
            self.game.decision(),
        ) && owner != d.player()
        {
            return Err(invalid(
                place,
                format!(
                    "meeple {meeple} is player {owner}'s, but player {} deploys here",
                    d.player()
                ),
            ));
        }
        let pointer = payload.get("pointer").ok_or_else(|| invalid(place, "no `pointer`"))?;
        let pos = turned(position(pointer.get("position"), place)?, self.board_turn);
        let loc_text = pointer
            .get("location")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid(place, "the pointer has no `location`"))?;
        let just_placed = self.game.state().placed_this_turn().map(|p| p.pos);
        if figure == "barn" {
            return self.deploy_barn(pos, loc_text, just_placed, place);
        }
        let loc = Location::parse(loc_text)
            .ok_or_else(|| invalid(place, format!("unknown JCZ location `{loc_text}`")))?
            .rotated(self.board_turn);
        let kind = match pointer.get("feature").and_then(Value::as_str) {
            None => loc.implied_kind(),
            Some("Road") => Some(FeatureKind::ROAD),
            Some("City") => Some(FeatureKind::CITY),
            Some("Field" | "Farm") => Some(FeatureKind::FIELD),
            Some("Cloister" | "Monastery") => Some(FeatureKind::CLOISTER),
            Some(other) => {
                return Err(JczError::Unsupported {
                    what: format!("a figure on the JCZ feature `{other}` ({place})"),
                });
            }
        };
        let placed = *self
            .game
            .state()
            .board()
            .get(pos)
            .ok_or_else(|| invalid(place, format!("no tile at {pos}")))?;
        let rules = self.game.rules();
        let def = &rules.tile(placed.tile).def;
        let local = loc.rotated(placed.rotation.inverse());
        let fi = local.find(&def.features, kind).ok_or_else(|| {
            let have: Vec<String> = def
                .features
                .iter()
                .map(|f| {
                    format!(
                        "{} {}",
                        f.kind,
                        jcz_name(f.kind, rotated_segments(f.segments, placed.rotation))
                    )
                })
                .collect();
            invalid(
                place,
                format!(
                    "no feature of tile {} turned {}° at {pos} lies at JCZ location `{loc_text}`; its features: {}",
                    def.id,
                    placed.rotation.degrees(),
                    have.join(", ")
                ),
            )
        })?;
        let feature = self.game.feature_name(pos, fi);
        if figure == "wagon" && self.wagon_decision() {
            // JCZ moves a scored wagon on with a DEPLOY_MEEPLE.
            let m = expansion_move(serde_json::json!({ "wagon": { "at": [pos.x, pos.y], "feature": feature } }));
            return self.play(m, place);
        }
        self.play(
            Move::Deploy {
                figure: figure.to_string(),
                at: (Some(pos) != just_placed).then_some(pos),
                feature: Some(feature),
                corner: None,
                spot: None,
            },
            place,
        )
    }

    /// JCZ points a barn at the tile south-east of the corner it stands on
    /// (that tile's field holding the corner: `NL` and `WR`). This engine
    /// names the corner of the tile just placed. On a turned board (`pos`
    /// already turned), the pointer's corner turns with it.
    fn deploy_barn(&mut self, pos: Pos, loc_text: &str, just_placed: Option<Pos>, place: &str) -> Result<(), JczError> {
        let loc =
            Location::parse(loc_text).ok_or_else(|| invalid(place, format!("unknown JCZ location `{loc_text}`")))?;
        let nw_corner = Location::parse("NL.WR").expect("a location").segments;
        if loc.segments & nw_corner != nw_corner {
            return Err(invalid(
                place,
                format!(
                    "a barn's pointer names the field at the north-west corner of a tile (NL and WR); `{loc_text}` does not"
                ),
            ));
        }
        let Some(tile) = just_placed else {
            return Err(invalid(place, "a barn, but no tile was placed this turn"));
        };
        // Corners clockwise from the north-west, as grid points of a tile
        // whose north-west corner is (0, 0).
        const CORNERS: [(&str, i32, i32); 4] = [("NW", 0, 0), ("NE", 1, 0), ("SE", 1, 1), ("SW", 0, 1)];
        let (_, dx, dy) = CORNERS[usize::from(self.board_turn.quarter_turns())];
        let point = (pos.x + dx, pos.y + dy);
        let Some((corner, _, _)) = CORNERS.iter().find(|(_, cx, cy)| (tile.x + cx, tile.y + cy) == point) else {
            return Err(invalid(
                place,
                format!(
                    "the barn's corner (north-west of JCZ's tile {pos}) is not a corner of the tile just placed at {tile}"
                ),
            ));
        };
        self.play(
            Move::Deploy {
                figure: "barn".into(),
                at: None,
                feature: None,
                corner: Some((*corner).into()),
                spot: None,
            },
            place,
        )
    }
}

/// `p` on JCZ's board, on this engine's: turned clockwise by `turn` about
/// the start tile (a quarter turn takes east to south).
fn turned(p: Pos, turn: Rotation) -> Pos {
    (0..turn.quarter_turns()).fold(p, |p, _| Pos::new(-p.y, p.x))
}

/// Two rotations, one after the other.
fn add(a: Rotation, b: Rotation) -> Rotation {
    Rotation::quarters(a.quarter_turns() + b.quarter_turns())
}

/// A decision of Abbey & Mayor, as records write it.
fn expansion_move(action: Value) -> Move {
    Move::Expansion(BTreeMap::from([(ABBEY_EXPANSION.to_string(), action)]))
}

/// What the engine asks now, for messages.
fn asks(game: &Game, decision: Option<Decision>) -> String {
    match decision {
        None => "nothing (the game is over)".into(),
        Some(Decision::Place { tile, .. }) => format!("to place tile {}", game.rules().tile(tile).id()),
        Some(Decision::Deploy { .. }) => "to deploy a figure or pass".into(),
        Some(Decision::Expansion { slot, label, .. }) => {
            format!("{} to {label}", game.rules().expansions()[slot as usize].info.id)
        }
    }
}

fn position(v: Option<&Value>, place: &str) -> Result<Pos, JczError> {
    let coord = |v: Option<&Value>| v.and_then(Value::as_i64).and_then(|n| i32::try_from(n).ok());
    let xy = match v {
        Some(Value::Array(a)) if a.len() == 2 => coord(a.first()).zip(coord(a.get(1))),
        Some(Value::Object(o)) => coord(o.get("x")).zip(coord(o.get("y"))),
        _ => None,
    };
    xy.map(|(x, y)| Pos::new(x, y)).ok_or_else(|| {
        invalid(
            place,
            format!(
                "`position` {}: JCZ writes [x, y]",
                v.map(Value::to_string).unwrap_or("missing".into())
            ),
        )
    })
}

/// A JCZ rotation: `R0` … `R270`, degrees, or nothing (unturned).
pub(crate) fn rotation(v: Option<&Value>, place: &str) -> Result<Rotation, JczError> {
    let r = match v {
        None | Some(Value::Null) => Some(Rotation::NONE),
        Some(Value::String(s)) => s
            .strip_prefix('R')
            .and_then(|d| d.parse::<i64>().ok())
            .and_then(Rotation::from_degrees),
        Some(Value::Number(n)) => n.as_i64().and_then(Rotation::from_degrees),
        _ => None,
    };
    r.ok_or_else(|| {
        invalid(
            place,
            format!(
                "rotation {}: JCZ writes R0, R90, R180 or R270",
                v.map(Value::to_string).unwrap_or_default()
            ),
        )
    })
}
