//! `replay` → the record's moves, played in this engine as they are made.
//!
//! The core actions (`PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`, `COMMIT`) are
//! read here; the meeples, the names of features and every other action
//! come from the mappings (`[[meeple]]`, `[[feature]]`, `[[action]]`,
//! `[[skip]]`) of the game's expansions.

use crate::JczError;
use crate::location::{Location, jcz_name, rotated_segments};
use crate::mapping::{ActionEntry, FeatureEntry, Mappings, PointerKind, SetRef, substitute, toml_to_json};
use crate::save::{ReplayAction, Save};
use carcassonne_core::state::Captive;
use carcassonne_core::{Action, Decision, FeatureKind, Game, Move, Pos, Rotation};
use serde_json::Value;
use std::collections::BTreeMap;

/// JCZ's actions the importer reads itself.
const CORE_ACTIONS: [&str; 4] = ["PLACE_TILE", "DEPLOY_MEEPLE", "PASS", "COMMIT"];

/// How many moves one JCZ action may take at most (skips, a pass before
/// it, itself): a guard against a mapping that would loop.
const MOVES_PER_ACTION: usize = 16;

/// Whether a reading of an action applied.
enum Outcome {
    /// It was played.
    Applied,
    /// The engine asks something else here: maybe after a skip.
    NotHere,
}

struct Converter<'a> {
    mappings: &'a Mappings,
    game: Game,
    moves: Vec<Move>,
    /// Whether a tile was placed, a figure deployed or anything else done
    /// since the last COMMIT: a COMMIT closes only such a turn.
    uncommitted: bool,
    /// How far JCZ's board is turned clockwise about the start tile to be
    /// this engine's. Places, rotations and pointers are turned by it.
    board_turn: Rotation,
    /// The save's set entries (a tile id may stand for a different tile
    /// in each: the spring).
    sets: &'a [SetRef],
    /// The prisoners before the last move played (`expect = "released"`).
    captives_before: Vec<Captive>,
    notes: Vec<String>,
}

/// The converted replay: the game after it, the moves, notes.
pub(crate) struct Converted {
    pub game: Game,
    pub moves: Vec<Move>,
    pub notes: Vec<String>,
}

pub(crate) fn convert(
    save: &Save,
    mappings: &Mappings,
    sets: &[SetRef],
    game: Game,
    board_turn: Rotation,
    finished: bool,
) -> Result<Converted, JczError> {
    let mut c = Converter {
        mappings,
        game,
        moves: Vec::new(),
        uncommitted: false,
        board_turn,
        sets,
        captives_before: Vec::new(),
        notes: Vec::new(),
    };
    for (i, action) in save.replay.iter().enumerate() {
        let place = format!("replay action {} ({})", i + 1, action.kind);
        c.action(action, &place)?;
    }
    if finished {
        // JCZ's game is over: what the engine still asks (the last turn's
        // fairy, a ransom) JCZ's players did not take.
        for _ in 0..MOVES_PER_ACTION {
            let Some((skip, _)) = c.pending_skip() else { break };
            c.play(skip, "the end of the replay")?;
        }
    }
    Ok(Converted {
        game: c.game,
        moves: c.moves,
        notes: c.notes,
    })
}

fn invalid(place: &str, message: impl Into<String>) -> JczError {
    JczError::Invalid {
        place: place.to_string(),
        message: message.into(),
    }
}

/// A pointer of an action: a tile, maybe a place on it, maybe a meeple.
#[derive(Clone, Debug, Default)]
struct Pointer {
    /// On this engine's board.
    pos: Option<Pos>,
    location: Option<String>,
    feature: Option<String>,
    meeple: Option<String>,
}

/// A meeple named by its JCZ id: its seat and type.
#[derive(Clone, Debug)]
struct Meeple {
    id: String,
    seat: u8,
    kind: String,
}

impl Converter<'_> {
    fn action(&mut self, action: &ReplayAction, place: &str) -> Result<(), JczError> {
        // JCZ 4.x ends its replay with GAME_OVER.
        if action.kind == "GAME_OVER" {
            return Ok(());
        }
        if action.kind == "COMMIT" {
            return self.commit(place);
        }
        let fields = action.fields();
        let candidates: Vec<(&str, &ActionEntry)> = self
            .mappings
            .list
            .iter()
            .filter(|m| self.game.rules().expansion_slot(&m.owner).is_some())
            .flat_map(|m| m.actions.iter().map(move |a| (m.owner.as_str(), a.get_ref())))
            .filter(|(_, a)| *a.jcz.get_ref() == action.kind && fields_match(&fields, &a.fields))
            .collect();
        for _ in 0..MOVES_PER_ACTION {
            for &(owner, entry) in &candidates {
                if let Outcome::Applied = self.mapped(owner, entry, action, &fields, place)? {
                    self.uncommitted = true;
                    return Ok(());
                }
            }
            if let Outcome::Applied = self.core(action, &fields, place)? {
                self.uncommitted = true;
                return Ok(());
            }
            match self.pending_skip() {
                Some((skip, implied)) => {
                    self.play(skip, place)?;
                    if action.kind == "PASS" && !implied {
                        // The PASS was the answer the skip gives.
                        self.uncommitted = true;
                        return Ok(());
                    }
                }
                None => break,
            }
        }
        let declared = self
            .mappings
            .list
            .iter()
            .any(|m| m.actions.iter().any(|a| *a.get_ref().jcz.get_ref() == action.kind));
        if !declared && !CORE_ACTIONS.contains(&action.kind.as_str()) {
            return Err(JczError::Unsupported {
                what: format!("the JCZ action `{}` ({place})", action.kind),
            });
        }
        let notes: Vec<&str> = candidates.iter().filter_map(|(_, a)| a.note.as_deref()).collect();
        Err(invalid(
            place,
            format!(
                "a {} where this engine asks {}{}",
                action.kind,
                asks(&self.game, self.game.decision()),
                if notes.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", notes.join("; "))
                }
            ),
        ))
    }

    fn commit(&mut self, place: &str) -> Result<(), JczError> {
        if !self.uncommitted {
            return Err(invalid(
                place,
                "a COMMIT that closes nothing: no tile placed, figure deployed or pass since the last COMMIT",
            ));
        }
        self.uncommitted = false;
        // JCZ may end a turn without a PASS when there is nothing to deploy.
        if let Some(Decision::Deploy { .. }) = self.game.decision() {
            self.play(Move::Pass, place)?;
        }
        Ok(())
    }

    /// The acting player must be the one the engine asks.
    fn check_player(&self, game: &Game, action: &ReplayAction, place: &str) -> Result<(), JczError> {
        if let (Some(p), Some(d)) = (action.player, game.decision())
            && u64::from(d.player()) != p
        {
            return Err(invalid(
                place,
                format!(
                    "JCZ has player {p} act, but it is {}'s turn (player {}) here",
                    game.state().player_name(d.player()),
                    d.player()
                ),
            ));
        }
        Ok(())
    }

    fn play(&mut self, m: Move, place: &str) -> Result<(), JczError> {
        self.captives_before = self.game.state().captives().to_vec();
        play_on(&mut self.game, &m, place)?;
        self.moves.push(m);
        Ok(())
    }

    /// The skip of the pending decision, if its expansion's mapping has one
    /// the decision offers; else the option JCZ implies (a skip's
    /// `implied`: the decision's only option, of that kind), with `true`.
    fn pending_skip(&self) -> Option<(Move, bool)> {
        let Some(Decision::Expansion { slot, .. }) = self.game.decision() else {
            return None;
        };
        let owner = self.game.rules().expansions().get(slot as usize)?.info.id;
        let mapping = self.mappings.of(owner)?;
        let offered = expansion_options(&self.game);
        let as_move = |option: Value| Move::Expansion(BTreeMap::from([(owner.to_string(), option)]));
        let skip = mapping.skips.iter().find_map(|s| {
            let option = toml_to_json(s.get_ref().option.get_ref());
            offered.contains(&option).then(|| as_move(option))
        });
        if let Some(skip) = skip {
            return Some((skip, false));
        }
        let [only] = offered.as_slice() else {
            return None;
        };
        mapping
            .skips
            .iter()
            .filter_map(|s| s.get_ref().implied.as_deref())
            .any(|kind| only.as_str() == Some(kind) || only.get(kind).is_some())
            .then(|| (as_move(only.clone()), true))
    }

    /// A mapped action: played when the engine asks what it answers.
    fn mapped(
        &mut self,
        owner: &str,
        entry: &ActionEntry,
        action: &ReplayAction,
        fields: &Value,
        place: &str,
    ) -> Result<Outcome, JczError> {
        if let Some(expect) = &entry.expect {
            return self
                .expect(expect.get_ref(), action, fields, place)
                .map(|()| Outcome::Applied);
        }
        let fits = |game: &Game| match (&entry.offered, &entry.expansion_move) {
            (Some(key), _) => offers(game, owner, key),
            (None, Some(_)) => is_asking(game, owner),
            (None, None) => matches!(game.decision(), Some(Decision::Deploy { .. })),
        };
        let mut game = self.game.clone();
        let mut first = None;
        if !fits(&game) {
            let before = entry.before.as_ref().map(|b| b.get_ref().as_str());
            if before == Some("pass") && matches!(game.decision(), Some(Decision::Deploy { .. })) {
                self.check_player(&game, action, place)?;
                play_on(&mut game, &Move::Pass, place)?;
                first = Some(Move::Pass);
            }
            if !fits(&game) {
                return Ok(Outcome::NotHere);
            }
        }
        self.check_player(&game, action, place)?;
        let template = match (&entry.expansion_move, &entry.core_move) {
            (Some(t), _) => {
                serde_json::Value::Object([(owner.to_string(), toml_to_json(t.get_ref()))].into_iter().collect())
            }
            (None, Some(t)) => toml_to_json(t.get_ref()),
            (None, None) => return Ok(Outcome::NotHere),
        };
        let pointer_field = entry.pointer.as_deref().unwrap_or("pointer");
        let pointer = if pointer_field == "." {
            Some(fields.clone())
        } else {
            fields.get(pointer_field).cloned()
        };
        let filled = self.fill(&game, &template, fields, pointer.as_ref(), place)?;
        let m: Move = serde_json::from_value(filled.clone()).map_err(|e| {
            invalid(
                place,
                format!("the mapping of `{owner}` makes {filled}, not a move: {e}"),
            )
        })?;
        if let Some(pass) = first {
            self.captives_before = game.state().captives().to_vec();
            self.moves.push(pass);
        }
        self.game = game;
        self.play(m, place)?;
        Ok(Outcome::Applied)
    }

    /// `expect = "released"`: the meeple the action names is no prisoner
    /// any more after the last move (this engine made JCZ's exchange).
    /// `expect = "nothing"`: the action confirms what this engine did by
    /// itself (FanCloisterZone's confirmation of a placement, after which
    /// it rolls a die this engine rolled on placing the tile); it is read
    /// as no move, from the player the engine is asking.
    fn expect(&self, expect: &str, action: &ReplayAction, fields: &Value, place: &str) -> Result<(), JczError> {
        if expect == "nothing" {
            return self.check_player(&self.game, action, place);
        }
        debug_assert_eq!(expect, "released");
        let meeple = self.meeple_named(fields, None, place)?;
        let figure = self.figure_of(&meeple, place)?;
        let kind = self.game.rules().figure_index(&figure).unwrap_or(u8::MAX);
        let count = |list: &[Captive]| list.iter().filter(|c| c.owner == meeple.seat && c.kind == kind).count();
        if count(self.game.state().captives()) < count(&self.captives_before) {
            Ok(())
        } else {
            Err(invalid(
                place,
                format!(
                    "JCZ's {} gives {} back, but this engine's exchange gave back another prisoner (it gives \
                     the first one taken)",
                    action.kind, meeple.id
                ),
            ))
        }
    }

    /// The core actions.
    fn core(&mut self, action: &ReplayAction, fields: &Value, place: &str) -> Result<Outcome, JczError> {
        match action.kind.as_str() {
            "PLACE_TILE" => self.place_tile(action, fields, place),
            "DEPLOY_MEEPLE" => self.deploy(action, fields, place),
            "PASS" => match self.game.decision() {
                Some(Decision::Deploy { .. }) => {
                    self.check_player(&self.game, action, place)?;
                    self.play(Move::Pass, place)?;
                    Ok(Outcome::Applied)
                }
                None => {
                    // After the last tile JCZ offers each player with an
                    // abbey left a last one: declined, it changes nothing.
                    if !self.notes.iter().any(|n| n.contains("after the last tile")) {
                        self.notes.push(format!(
                            "{place}: a PASS after the last tile (JCZ's end-of-game round of the abbeys, \
                             declined) changes nothing"
                        ));
                    }
                    Ok(Outcome::Applied)
                }
                _ => Ok(Outcome::NotHere),
            },
            _ => Ok(Outcome::NotHere),
        }
    }

    fn place_tile(&mut self, action: &ReplayAction, payload: &Value, place: &str) -> Result<Outcome, JczError> {
        let id = payload
            .get("tileId")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid(place, "no `tileId`"))?;
        let entry = self
            .mappings
            .tile_anywhere(id, self.sets)
            .ok_or_else(|| JczError::UnknownTile {
                place: place.to_string(),
                id: id.to_string(),
                sets: crate::config::known_sets(self.mappings),
            })?;
        let Some(Decision::Place { tile, .. }) = self.game.decision() else {
            return Ok(Outcome::NotHere);
        };
        self.check_player(&self.game, action, place)?;
        let drawn = self.game.rules().tile(tile).id().to_string();
        if entry.count.is_none() {
            return Err(JczError::Illegal {
                place: place.to_string(),
                message: format!(
                    "JCZ places {id} ({}), a tile this engine hands out rather than draws, where this engine asks \
                     to place tile {drawn}: none of the game's expansions places it here (has the save the \
                     element that hands it out?)",
                    entry.engine
                ),
            });
        }
        if drawn != entry.engine {
            return Err(invalid(
                place,
                format!("JCZ places {id} ({}), but this engine drew {drawn}", entry.engine),
            ));
        }
        let at = turned(position(payload.get("position"), place)?, self.board_turn);
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
        )?;
        Ok(Outcome::Applied)
    }

    /// A meeple id `PLAYER.KIND.NUMBER` with a seat of this game; anything
    /// else is not a meeple JCZ wrote, and its owner could not be checked.
    fn parse_meeple(&self, id: &str, place: &str) -> Result<Meeple, JczError> {
        let parts: Vec<&str> = id.split('.').collect();
        match parts.as_slice() {
            [p, kind, n]
                if p.parse::<u8>()
                    .is_ok_and(|p| usize::from(p) < self.game.state().players())
                    && n.parse::<u32>().is_ok() =>
            {
                Ok(Meeple {
                    id: id.to_string(),
                    seat: p.parse().unwrap_or(0),
                    kind: kind.to_string(),
                })
            }
            _ => Err(invalid(
                place,
                format!(
                    "meeple id `{id}`: JCZ writes PLAYER.KIND.NUMBER with a seat of this game (0 to {}), e.g. 0.small.1",
                    self.game.state().players().saturating_sub(1)
                ),
            )),
        }
    }

    /// The meeple an action names: its `meepleId`, or its pointer's.
    fn meeple_named(&self, fields: &Value, pointer: Option<&Pointer>, place: &str) -> Result<Meeple, JczError> {
        let id = fields
            .get("meepleId")
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| pointer.and_then(|p| p.meeple.clone()))
            .ok_or_else(|| invalid(place, "no `meepleId`"))?;
        self.parse_meeple(&id, place)
    }

    /// This engine's figure of a JCZ meeple type.
    fn figure_of(&self, meeple: &Meeple, place: &str) -> Result<String, JczError> {
        self.mappings
            .meeple(&meeple.kind)
            .map(|(_, e)| e.figure.get_ref().clone())
            .ok_or_else(|| JczError::Unsupported {
                what: format!("the JCZ figure `{}` (meeple {}, {place})", meeple.kind, meeple.id),
            })
    }

    fn deploy(&mut self, action: &ReplayAction, payload: &Value, place: &str) -> Result<Outcome, JczError> {
        if !matches!(self.game.decision(), Some(Decision::Deploy { .. })) {
            return Ok(Outcome::NotHere);
        }
        self.check_player(&self.game, action, place)?;
        let meeple = self.meeple_named(payload, None, place)?;
        let (_, entry) = self
            .mappings
            .meeple(&meeple.kind)
            .ok_or_else(|| JczError::Unsupported {
                what: format!("the JCZ figure `{}` (meeple {}, {place})", meeple.kind, meeple.id),
            })?;
        let figure = entry.figure.get_ref().clone();
        let pointer_kind = entry.pointer;
        if let Some(d) = self.game.decision()
            && meeple.seat != d.player()
        {
            return Err(invalid(
                place,
                format!(
                    "meeple {} is player {}'s, but player {} deploys here",
                    meeple.id,
                    meeple.seat,
                    d.player()
                ),
            ));
        }
        let raw = payload.get("pointer").ok_or_else(|| invalid(place, "no `pointer`"))?;
        let pointer = read_pointer(raw, self.board_turn, place)?;
        let pos = pointer
            .pos
            .ok_or_else(|| invalid(place, "the pointer has no `position`"))?;
        let just_placed = self.game.state().placed_this_turn().map(|p| p.pos);
        let at = (Some(pos) != just_placed).then_some(pos);
        let on_tile = Move::Deploy {
            figure: figure.clone(),
            at,
            feature: None,
            corner: None,
            spot: Some("tile".into()),
        };
        let m = match pointer_kind {
            PointerKind::Corner => {
                let loc = pointer.location.as_deref().unwrap_or("");
                self.barn_corner(&figure, pos, loc, just_placed, place)?
            }
            PointerKind::Tile => on_tile,
            PointerKind::Feature => match self
                .place_feature(pointer.feature.as_deref(), place)?
                .or(self.place_feature(pointer.location.as_deref(), place)?)
            {
                Some(_) => on_tile,
                None => {
                    let fi = self.feature_at(&self.game, &pointer, place)?;
                    Move::Deploy {
                        figure,
                        at,
                        feature: Some(self.game.feature_name(pos, fi)),
                        corner: None,
                        spot: None,
                    }
                }
            },
        };
        self.play(m, place)?;
        Ok(Outcome::Applied)
    }

    /// The `[[feature]]` of a pointer's `feature` (or, as JCZ 4.x wrote it,
    /// `location`) when it is a place on the tile rather than a kind of
    /// feature (The Tower's `Tower`, 4.x's `TOWER`).
    fn place_feature(&self, name: Option<&str>, _place: &str) -> Result<Option<&FeatureEntry>, JczError> {
        Ok(name.and_then(|n| self.mappings.feature(n)).filter(|f| f.spot.is_some()))
    }

    /// The index of the feature a pointer names on its tile.
    /// A pointer for each side its location names (`W.S` is `W` and `S`),
    /// in JCZ's own orientation: a location joining features of several
    /// sides (a ferry between two roads) named side by side.
    fn side_pointers(&self, pointer: &Pointer, place: &str) -> Result<Vec<Pointer>, JczError> {
        let text = pointer
            .location
            .as_deref()
            .ok_or_else(|| invalid(place, "the pointer has no `location`"))?;
        let sides: Vec<char> = text.chars().filter(|c| "NESW".contains(*c)).collect();
        if sides.is_empty() || !text.chars().all(|c| "NESW.".contains(c)) {
            return Err(invalid(place, format!("`{text}` names no sides")));
        }
        Ok(sides
            .into_iter()
            .map(|c| Pointer {
                location: Some(c.to_string()),
                ..pointer.clone()
            })
            .collect())
    }

    fn feature_at(&self, game: &Game, pointer: &Pointer, place: &str) -> Result<usize, JczError> {
        let pos = pointer
            .pos
            .ok_or_else(|| invalid(place, "the pointer has no `position`"))?;
        let loc_text = pointer
            .location
            .as_deref()
            .ok_or_else(|| invalid(place, "the pointer has no `location`"))?;
        let loc = Location::parse(loc_text)
            .ok_or_else(|| invalid(place, format!("unknown JCZ location `{loc_text}`")))?
            .rotated(self.board_turn);
        let rules = game.rules();
        let kind: Option<FeatureKind> = match pointer.feature.as_deref() {
            None => loc.implied_kind(),
            Some(name) => {
                let kind_name = self
                    .mappings
                    .feature(name)
                    .and_then(|f| f.kind.as_ref())
                    .map(|k| k.get_ref().as_str());
                match kind_name.and_then(|k| rules.landscape().feature_kind(k)) {
                    Some(k) => Some(k),
                    None => {
                        return Err(JczError::Unsupported {
                            what: format!("a figure on the JCZ feature `{name}` ({place})"),
                        });
                    }
                }
            }
        };
        let placed = *game
            .state()
            .board()
            .get(pos)
            .ok_or_else(|| invalid(place, format!("no tile at {pos}")))?;
        let def = &rules.tile(placed.tile).def;
        let local = loc.rotated(placed.rotation.inverse());
        local.find(&def.features, kind).ok_or_else(|| {
            let have: Vec<String> = def
                .features
                .iter()
                .map(|f| {
                    format!(
                        "{} {}",
                        rules.landscape().feature_name(f.kind),
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
        })
    }

    /// JCZ points a corner figure (the barn) at the tile south-east of the
    /// corner it stands on (that tile's field holding the corner: `NL` and
    /// `WR`). This engine names the corner of the tile just placed. On a
    /// turned board (`pos` already turned), the pointer's corner turns with
    /// it.
    fn barn_corner(
        &self,
        figure: &str,
        pos: Pos,
        loc_text: &str,
        just_placed: Option<Pos>,
        place: &str,
    ) -> Result<Move, JczError> {
        let loc =
            Location::parse(loc_text).ok_or_else(|| invalid(place, format!("unknown JCZ location `{loc_text}`")))?;
        let nw_corner = Location::parse("NL.WR").map_or(0, |l| l.segments);
        if loc.segments & nw_corner != nw_corner {
            return Err(invalid(
                place,
                format!(
                    "a {figure}'s pointer names the field at the north-west corner of a tile (NL and WR); \
                     `{loc_text}` does not"
                ),
            ));
        }
        let Some(tile) = just_placed else {
            return Err(invalid(place, format!("a {figure}, but no tile was placed this turn")));
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
                    "the {figure}'s corner (north-west of JCZ's tile {pos}) is not a corner of the tile just placed at {tile}"
                ),
            ));
        };
        Ok(Move::Deploy {
            figure: figure.to_string(),
            at: None,
            feature: None,
            corner: Some((*corner).into()),
            spot: None,
        })
    }

    /// `template` with its `$`-words filled in from the action.
    fn fill(
        &self,
        game: &Game,
        template: &Value,
        fields: &Value,
        pointer: Option<&Value>,
        place: &str,
    ) -> Result<Value, JczError> {
        let mut words = Vec::new();
        dollar_words(template, &mut words);
        let pointer = match pointer {
            Some(v) => Some(read_pointer(v, self.board_turn, place)?),
            None => None,
        };
        let mut values: BTreeMap<String, Value> = BTreeMap::new();
        for w in words {
            if values.contains_key(&w) {
                continue;
            }
            let need_pos = || {
                pointer
                    .as_ref()
                    .and_then(|p| p.pos)
                    .ok_or_else(|| invalid(place, format!("no pointer with a `position` for `{w}`")))
            };
            let v = match w.as_str() {
                "$position" => {
                    let p = need_pos()?;
                    serde_json::json!([p.x, p.y])
                }
                "$feature" => {
                    let p = pointer
                        .as_ref()
                        .ok_or_else(|| invalid(place, "no pointer for `$feature`"))?;
                    let fi = self.feature_at(game, p, place)?;
                    Value::from(game.feature_name(need_pos()?, fi))
                }
                "$side_features" => {
                    let p = pointer
                        .as_ref()
                        .ok_or_else(|| invalid(place, "no pointer for `$side_features`"))?;
                    let pos = need_pos()?;
                    let mut names = Vec::new();
                    for side in self.side_pointers(p, place)? {
                        let fi = self.feature_at(game, &side, place)?;
                        names.push(Value::from(game.feature_name(pos, fi)));
                    }
                    Value::Array(names)
                }
                "$figure" => Value::from(self.figure_of(&self.meeple_named(fields, pointer.as_ref(), place)?, place)?),
                "$owner" => Value::from(self.meeple_named(fields, pointer.as_ref(), place)?.seat),
                "$kind" => {
                    let figure = self.figure_of(&self.meeple_named(fields, pointer.as_ref(), place)?, place)?;
                    Value::from(
                        game.rules()
                            .figure_index(&figure)
                            .ok_or_else(|| invalid(place, format!("this game has no {figure}")))?,
                    )
                }
                "$holder" => {
                    let meeple = self.meeple_named(fields, pointer.as_ref(), place)?;
                    let figure = self.figure_of(&meeple, place)?;
                    let kind = game.rules().figure_index(&figure).unwrap_or(u8::MAX);
                    let mut holders: Vec<u8> = game
                        .state()
                        .captives()
                        .iter()
                        .filter(|c| c.owner == meeple.seat && c.kind == kind)
                        .map(|c| c.by)
                        .collect();
                    holders.sort_unstable();
                    holders.dedup();
                    match holders.as_slice() {
                        [one] => Value::from(*one),
                        [] => return Err(invalid(place, format!("nobody holds {} prisoner here", meeple.id))),
                        _ => {
                            return Err(invalid(
                                place,
                                format!(
                                    "several players hold a {figure} of player {} prisoner; this importer cannot \
                                     tell which holds {}",
                                    meeple.seat, meeple.id
                                ),
                            ));
                        }
                    }
                }
                "$placed" => {
                    let p = pointer
                        .as_ref()
                        .ok_or_else(|| invalid(place, "no pointer for `$placed`"))?;
                    Value::from(self.placed_figure(game, fields, p, place)?)
                }
                "$player" => Value::from(game.decision().map_or(0, |d| d.player())),
                other => return Err(invalid(place, format!("unknown word `{other}` in a mapping's move"))),
            };
            values.insert(w, v);
        }
        substitute(template, &|w| values.get(w).cloned())
            .ok_or_else(|| invalid(place, "a mapping's move could not be filled in"))
    }

    /// The number of the figure on the board a meeple pointer names: the
    /// meeple's owner's figure of its kind on the pointer's tile (on the
    /// feature the pointer names, when there are several).
    fn placed_figure(&self, game: &Game, fields: &Value, p: &Pointer, place: &str) -> Result<u32, JczError> {
        let meeple = self.meeple_named(fields, Some(p), place)?;
        let figure = self.figure_of(&meeple, place)?;
        let kind = game.rules().figure_index(&figure).unwrap_or(u8::MAX);
        let pos = p.pos.ok_or_else(|| invalid(place, "the pointer has no `position`"))?;
        let there: Vec<&carcassonne_core::figures::PlacedFigure> = game
            .state()
            .figures_on(pos)
            .filter(|f| f.owner == meeple.seat && f.kind == kind)
            .collect();
        match there.as_slice() {
            [one] => Ok(one.id),
            [] => Err(invalid(
                place,
                format!(
                    "no {figure} of player {} stands at {pos} here ({})",
                    meeple.seat, meeple.id
                ),
            )),
            several => {
                let fi = self.feature_at(game, p, place)?;
                several
                    .iter()
                    .find(|f| f.spot == carcassonne_core::figures::Spot::Feature(fi as u8))
                    .map(|f| f.id)
                    .ok_or_else(|| invalid(place, format!("no {figure} of player {} on that feature", meeple.seat)))
            }
        }
    }
}

/// Plays `m` on `game`, or says why the engine refuses it.
fn play_on(game: &mut Game, m: &Move, place: &str) -> Result<(), JczError> {
    let illegal = |message: String| JczError::Illegal {
        place: place.to_string(),
        message,
    };
    let action = game.action_from_move(m).map_err(|e| illegal(e.to_string()))?;
    game.play(&action).map_err(|e| illegal(e.to_string()))
}

/// The options of the pending expansion decision, as records write them.
fn expansion_options(game: &Game) -> Vec<Value> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Expansion { action, .. } => Some(action.to_json()),
            _ => None,
        })
        .collect()
}

/// Whether the engine asks a decision of `owner`.
fn is_asking(game: &Game, owner: &str) -> bool {
    let slot = game.rules().expansion_slot(owner);
    matches!(game.decision(), Some(Decision::Expansion { slot: s, .. }) if Some(s) == slot)
}

/// Whether the engine asks a decision of `owner` offering an option that
/// is `key` or has the key `key`.
fn offers(game: &Game, owner: &str, key: &str) -> bool {
    is_asking(game, owner)
        && expansion_options(game)
            .iter()
            .any(|o| o.as_str() == Some(key) || o.get(key).is_some())
}

/// Whether an action's fields have the values a mapping asks for.
fn fields_match(fields: &Value, pattern: &BTreeMap<String, toml::Value>) -> bool {
    pattern.iter().all(|(path, want)| {
        let got = path.split('.').try_fold(fields, |v, k| v.get(k));
        match (got, want) {
            (Some(Value::String(s)), toml::Value::String(w)) => {
                s == w || s.split_once('.').is_some_and(|(head, _)| head == w)
            }
            (Some(Value::Array(a)), toml::Value::String(w)) => a.last().and_then(Value::as_str) == Some(w.as_str()),
            (Some(g), w) => *g == toml_to_json(w),
            (None, _) => false,
        }
    })
}

/// Every `$`-word in a JSON template.
fn dollar_words(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if s.starts_with('$') => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| dollar_words(v, out)),
        Value::Object(o) => o.values().for_each(|v| dollar_words(v, out)),
        _ => {}
    }
}

/// Reads a JCZ pointer: a position `[x, y]`; a feature pointer
/// `{position, location, feature}`; a meeple pointer `{featurePointer:
/// {…}, meepleId}` or the same keys side by side. The position is turned
/// onto this engine's board.
fn read_pointer(v: &Value, turn: Rotation, place: &str) -> Result<Pointer, JczError> {
    let mut p = Pointer::default();
    let inner = match v {
        Value::Array(_) => {
            p.pos = Some(turned(position(Some(v), place)?, turn));
            return Ok(p);
        }
        Value::Object(o) => {
            p.meeple = o.get("meepleId").and_then(Value::as_str).map(str::to_string);
            o.get("featurePointer").unwrap_or(v)
        }
        other => {
            return Err(invalid(
                place,
                format!("a pointer {other}: JCZ writes [x, y] or an object"),
            ));
        }
    };
    if let Some(pos) = inner.get("position") {
        p.pos = Some(turned(position(Some(pos), place)?, turn));
    }
    p.location = inner.get("location").and_then(Value::as_str).map(str::to_string);
    p.feature = inner.get("feature").and_then(Value::as_str).map(str::to_string);
    Ok(p)
}

/// `p` on JCZ's board, on this engine's: turned clockwise by `turn` about
/// the start tile (a quarter turn takes east to south).
pub(crate) fn turned(p: Pos, turn: Rotation) -> Pos {
    (0..turn.quarter_turns()).fold(p, |p, _| Pos::new(-p.y, p.x))
}

/// Two rotations, one after the other.
pub(crate) fn add(a: Rotation, b: Rotation) -> Rotation {
    Rotation::quarters(a.quarter_turns() + b.quarter_turns())
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
    xy.filter(|(x, y)| x.unsigned_abs() < 1 << 20 && y.unsigned_abs() < 1 << 20)
        .map(|(x, y)| Pos::new(x, y))
        .ok_or_else(|| {
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
