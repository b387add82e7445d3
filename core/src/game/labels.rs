//! The options of a decision and the expansions' states in words for
//! people (see [`crate::words`]): the core labels its own decisions, each
//! expansion its own through `Expansion::option_label`, `present` and
//! `log_line`, with the record form (JSON) only for an expansion that says
//! nothing.

use super::{Action, Decision, Game};
use crate::expansion::Deployment;
use crate::figures::Spot;
use crate::geometry::Pos;
use crate::state::CoreState;
use crate::tiles::{FeatureKind, KindShape, Segments};
use crate::words::{self, Line};

impl CoreState {
    /// Feature `fi` of the tile at `pos` in words, as labels name it: its
    /// kind and where it lies on the tile as placed: "road (east)", "city
    /// (north)", "cloister", or the feature's own `name`'s place. When two
    /// features of a kind lie in the same place words (the field inside a
    /// road's bend and the one around it, both "south-east"), each gets
    /// what tells them apart on the tile a player sees: the side it runs
    /// along ("south-east, along the east side"), else how many cities it
    /// touches ("south-east, touching no city"). Never a number a player
    /// cannot see. `None` when there is no tile at `pos` or no such
    /// feature. Expansions use it to name features in their own labels as
    /// the core does.
    pub fn feature_words(&self, pos: Pos, fi: usize) -> Option<String> {
        let placed = self.board().get(pos)?;
        let tile = &self.tables().tile(placed.tile).def;
        let Some(def) = tile.features.get(fi) else {
            // A feature an expansion added: its kind and the sides it crosses.
            let added = self.added_on(pos).nth(fi - tile.features.len())?;
            let sides: Vec<&str> = crate::geometry::Side::ALL
                .into_iter()
                .filter(|&s| added.sides & (1 << s as u8) != 0)
                .map(|s| ["north", "east", "south", "west"][s as usize])
                .collect();
            let what = self.tables().kind_label(added.kind);
            return Some(format!("{what} (added, {})", sides.join("–")));
        };
        let rotated = |segments: Segments| {
            let mut out = Segments(0);
            segments.iter().for_each(|s| out.insert(s.rotated(placed.rotation)));
            out
        };
        let place_of = |fi: usize| {
            let f = &tile.features[fi];
            f.name
                .clone()
                .or_else(|| words::feature_place(self.tables().is_land(f.kind), rotated(f.segments)))
        };
        let place = place_of(fi);
        let same: Vec<usize> = (0..tile.features.len())
            .filter(|&i| tile.features[i].kind == def.kind && place_of(i) == place)
            .collect();
        let mut parts: Vec<String> = place.into_iter().collect();
        if same.len() > 1 {
            parts.push(tell_apart(&same, fi, |i| {
                let f = &tile.features[i];
                // The sides a feature's edge reaches, as a road's or a
                // city's place is told; `None` without segments.
                let along =
                    words::feature_place(false, rotated(f.segments)).map(|sides| format!("along the {sides} side"));
                let touching = match f.touches.len() {
                    0 => "touching no city".to_string(),
                    1 => "touching the city".to_string(),
                    n => format!("touching {n} cities"),
                };
                [along, Some(touching)]
            }));
        }
        let what = self.tables().kind_label(def.kind);
        Some(match parts.is_empty() {
            true => what.to_string(),
            false => format!("{what} ({})", parts.join(", ")),
        })
    }
}

/// What tells feature `fi` apart from the others of `same` (features of
/// one kind in the same place words): the first of the `ways` (each a
/// description of every feature, `None` where it says nothing) that gives
/// every feature of `same` a different description; else the ways that
/// differ for `fi` joined, and when none does (features alike in every
/// declaration: a tile file should name them), "one of N alike".
fn tell_apart<const W: usize>(same: &[usize], fi: usize, ways: impl Fn(usize) -> [Option<String>; W]) -> String {
    let all: Vec<[Option<String>; W]> = same.iter().map(|&i| ways(i)).collect();
    let mine = &all[same.iter().position(|&i| i == fi).unwrap_or(0)];
    let differs = |w: usize| {
        let mut seen: Vec<&Option<String>> = all.iter().map(|d| &d[w]).collect();
        seen.sort();
        seen.dedup();
        seen.len() == all.len() && seen.iter().all(|d| d.is_some())
    };
    if let Some(w) = (0..W).find(|&w| differs(w)) {
        return mine[w].clone().unwrap_or_default();
    }
    let some: Vec<String> = (0..W)
        .filter(|&w| all.iter().any(|d| d[w] != mine[w]))
        .filter_map(|w| mine[w].clone())
        .collect();
    match some.is_empty() {
        true => format!("one of {} alike", same.len()),
        false => some.join(", "),
    }
}

impl CoreState {
    /// Where on the tile at `pos` a figure at `spot` stands, in words, as
    /// the deployment labels say it: "on the road (east)", "in the city
    /// (north)" ("in" a kind shaped like a city or a cloister), "at the
    /// north-east corner", "on the tile". Expansions use it to tell a
    /// figure apart from another on the same tile.
    pub fn spot_words(&self, pos: Pos, spot: Spot) -> String {
        match spot {
            Spot::Corner(c) => format!("at the {} corner", words::corner_name(c)),
            Spot::Tile => "on the tile".to_string(),
            Spot::Feature(fi) | Spot::Recall(fi) => {
                let kind = self
                    .board()
                    .get(pos)
                    .and_then(|p| self.tables().tile(p.tile).def.features.get(fi as usize))
                    .map(|f| f.kind);
                let on = match kind.map(|k| self.tables().landscape().shape(k)) {
                    Some(KindShape::Region | KindShape::Inner) => "in",
                    _ => "on",
                };
                match self.feature_words(pos, fi as usize) {
                    Some(feature) => format!("{on} the {feature}"),
                    None => "on the tile".to_string(),
                }
            }
        }
    }
}

impl CoreState {
    /// Where the tile at `pos` lies, in words, for labels that name a place
    /// off the tile being played: counted from the tile placed this turn
    /// ("on the new tile", "2 tiles west of the new tile", "1 tile north
    /// and 2 east of the new tile"), or before it is placed from the last
    /// tile placed (or the start tile). The board shows no coordinates, so
    /// options say where in steps a player can count.
    pub fn place_words(&self, pos: Pos) -> String {
        let tiles = self.board().tiles();
        match (self.placed_this_turn(), tiles.last()) {
            (Some(t), _) => steps_words(t.pos, pos, "the new tile"),
            (None, Some(t)) if tiles.len() > 1 => steps_words(t.pos, pos, "the last tile placed"),
            (None, Some(t)) => steps_words(t.pos, pos, "the start tile"),
            (None, None) => format!("at {pos}"),
        }
    }

    /// Where the tile at `pos` lies from the start tile, in words ("2 tiles
    /// east and 1 north of the start tile", "on the start tile"): for a log
    /// read by people who see no coordinates.
    pub fn place_words_from_start(&self, pos: Pos) -> String {
        match self.board().tiles().first() {
            Some(t) => steps_words(t.pos, pos, "the start tile"),
            None => format!("at {pos}"),
        }
    }
}

/// "on {name}", "2 tiles west of {name}", "1 tile north and 2 east of
/// {name}": `to` counted in steps from `from` (y grows southwards).
fn steps_words(from: Pos, to: Pos, name: &str) -> String {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if (dx, dy) == (0, 0) {
        return format!("on {name}");
    }
    let side = |d: i32, minus: &str, plus: &str| if d < 0 { minus.to_string() } else { plus.to_string() };
    let first_is_y = dy != 0;
    let first = if first_is_y { dy } else { dx };
    let unit = if first.unsigned_abs() == 1 { "tile" } else { "tiles" };
    let first_words = if first_is_y {
        format!("{} {unit} {}", dy.unsigned_abs(), side(dy, "north", "south"))
    } else {
        format!("{} {unit} {}", dx.unsigned_abs(), side(dx, "west", "east"))
    };
    if first_is_y && dx != 0 {
        format!(
            "{first_words} and {} {} of {name}",
            dx.unsigned_abs(),
            side(dx, "west", "east")
        )
    } else {
        format!("{first_words} of {name}")
    }
}

impl Game {
    /// An option of the pending decision in words for the player who
    /// decides: "Place the tile 1 tile east of the start tile, turned
    /// 90°", "Follower on the road
    /// (east)", "Farmer on the field (north)", "Skip: deploy nothing", or
    /// the expansion's own label ("Harvest the apple tree"). An expansion
    /// option the expansion does not label shows as its name and JSON.
    pub fn action_label(&self, action: &Action) -> String {
        match action {
            // In steps from a tile on the board, which shows no
            // coordinates: "Place the tile 1 tile east of the last tile
            // placed, turned 90°".
            Action::Place { pos, rotation } if rotation.degrees() == 0 => {
                format!("Place the tile {}", self.core.place_words(*pos))
            }
            Action::Place { pos, rotation } => format!(
                "Place the tile {}, turned {}°",
                self.core.place_words(*pos),
                rotation.degrees()
            ),
            Action::Deploy(d) => self.deployment_label(d),
            Action::Pass => match self.unlabelled_decision() {
                // A tile that fits only by an optional relaxation (a bridge).
                Some(Decision::Place { tile, .. }) => {
                    let words = self
                        .put_aside_offer(tile)
                        .and_then(|slot| self.rules.put_aside_words(slot))
                        .unwrap_or("what is optional");
                    format!("Put the tile aside: it fits only with {words}")
                }
                _ => "Skip: deploy nothing".to_string(),
            },
            Action::Expansion { slot, action } => {
                let enabled = &self.rules.expansions[*slot as usize];
                let player = self.decision().map_or(self.core.turn().player, |d| d.player());
                self.ext[*slot as usize]
                    .option_label(&self.core, player, action.as_ref())
                    .unwrap_or_else(|| format!("{}: {}", enabled.info.name, action.to_json()))
            }
        }
    }

    /// An option of the pending decision in words for everyone but the
    /// player who decides (the turn log, other players' screens): its
    /// [`action_label`](Game::action_label) with "your" told as "their"
    /// ([`words::for_others`]): "Ann chooses: Move the fairy next to their
    /// follower", never "… your follower".
    pub fn action_label_for_others(&self, action: &Action) -> String {
        words::for_others(&self.action_label(action))
    }

    /// A deployment in words: the figure ("Farmer" for a follower on a
    /// field) and where ("on the road (east)", "at the north-east corner").
    pub fn deployment_label(&self, d: &Deployment) -> String {
        let figure = &self.rules.figures()[d.figure as usize];
        let Some(placed) = self.core.board().get(d.pos) else {
            return format!("{} at {}", figure.name, d.pos);
        };
        let tile = &self.rules.tile(placed.tile).def;
        let mut label = match d.spot {
            Spot::Corner(c) => format!("{} at the {} corner", figure.name, words::corner_name(c)),
            Spot::Tile => format!("{} on the tile", figure.name),
            Spot::Recall(fi) => {
                let feature = self
                    .core
                    .feature_words(d.pos, fi as usize)
                    .unwrap_or_else(|| format!("feature {fi}"));
                let points = self.core.node_at(d.pos, fi as usize).map(|n| self.recall_points(n));
                let place = self.core.place_words(d.pos);
                return match points {
                    Some(p) => format!(
                        "Take the {} back from the {feature} {place}, scoring {p}",
                        figure.name.to_lowercase(),
                    ),
                    None => format!(
                        "Take the {} back from the {feature} {place}",
                        figure.name.to_lowercase()
                    ),
                };
            }
            Spot::Feature(fi) => {
                // The kind from the tile's definition, or for a feature an
                // expansion added to the tile (a bridge's road, whose index
                // lies past the definition's) from its node.
                let kind = tile.features.get(fi as usize).map(|def| def.kind).or_else(|| {
                    self.core
                        .node_at(d.pos, fi as usize)
                        .map(|n| self.core.features().kind(n))
                });
                let (Some(kind), Some(feature)) = (kind, self.core.feature_words(d.pos, fi as usize)) else {
                    return format!("{} on feature {fi}", figure.name);
                };
                let who = if figure.id == crate::figures::FOLLOWER.id && kind == FeatureKind::FIELD {
                    "Farmer"
                } else {
                    figure.name
                };
                // "In" a city, a cloister or any kind shaped like them.
                let shape = self.rules.landscape().shape(kind);
                let on = if matches!(shape, KindShape::Region | KindShape::Inner) {
                    "in"
                } else {
                    "on"
                };
                format!("{who} {on} the {feature}")
            }
        };
        if self.core.placed_this_turn().is_some_and(|t| t.pos != d.pos) {
            label.push_str(&format!(", {}", self.core.place_words(d.pos)));
        }
        label
    }

    /// The state of the expansion in `slot` for people (its `present`
    /// lines).
    pub fn presented_expansion_state(&self, slot: u8) -> Vec<Line> {
        self.ext[slot as usize].present(&self.core)
    }

    /// A detail the expansion in `slot` logged, in words: its `log_line`,
    /// or the detail's JSON when it gives none.
    pub fn expansion_log_line(&self, slot: u8, detail: &serde_json::Value) -> Line {
        self.rules.expansions[slot as usize]
            .hooks
            .log_line(&self.core, detail)
            .unwrap_or_else(|| Line::new(detail.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Catalog, Game, GameConfig, Pos, Rules, TileSource};
    use std::sync::Arc;

    /// Places in steps a player can count on a board without coordinates.
    #[test]
    fn places_are_told_in_steps_from_a_tile() {
        let words = |x, y| super::steps_words(Pos::new(0, 0), Pos::new(x, y), "the new tile");
        assert_eq!(words(0, 0), "on the new tile");
        assert_eq!(words(-2, 0), "2 tiles west of the new tile");
        assert_eq!(words(1, 0), "1 tile east of the new tile");
        assert_eq!(words(0, -1), "1 tile north of the new tile");
        assert_eq!(words(2, 1), "1 tile south and 2 east of the new tile");
        assert_eq!(words(-1, -3), "3 tiles north and 1 west of the new tile");
        let game = base_game(1);
        assert_eq!(
            game.state().place_words_from_start(Pos::new(0, 2)),
            "2 tiles south of the start tile"
        );
    }

    fn base_game(seed: u64) -> Game {
        let mut config = GameConfig::with_players(2);
        config.seed = seed;
        Game::new(Arc::new(
            Rules::new(&Catalog::default(), &config, &TileSource::default()).unwrap(),
        ))
        .unwrap()
    }

    /// The first moves of real base games: every option's label is words,
    /// the deploy labels name the figure and a direction, and options of one
    /// decision never share a label.
    #[test]
    fn the_core_labels_its_options_in_words() {
        let mut seen_farmer = false;
        let mut seen_road = false;
        for seed in 0..6 {
            let mut game = base_game(seed);
            let mut options = Vec::new();
            for _ in 0..30 {
                game.legal_actions(&mut options);
                let labels: Vec<String> = options.iter().map(|a| game.action_label(a)).collect();
                let mut unique = labels.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), labels.len(), "{labels:?}");
                for (a, label) in options.iter().zip(&labels) {
                    assert!(
                        !label.contains('{') && !label.contains(':') || label.starts_with("Skip"),
                        "{label}"
                    );
                    match a {
                        Action::Place { .. } => {
                            assert!(label.starts_with("Place the tile "), "{label}");
                            assert!(label.contains(" of the "), "{label}: in steps from a tile");
                        }
                        Action::Pass => assert_eq!(label, "Skip: deploy nothing"),
                        Action::Deploy(_) => {
                            seen_farmer |= label.starts_with("Farmer on the field (");
                            seen_road |= label.starts_with("Follower on the road (");
                            assert!(
                                label.starts_with("Farmer on the field")
                                    || label.starts_with("Follower on the road")
                                    || label.starts_with("Follower in the city")
                                    || label == "Follower in the cloister",
                                "{label}"
                            );
                        }
                        Action::Expansion { .. } => unreachable!("no expansions"),
                    }
                }
                // The last deployment when there is one, else the last option.
                let pick = options.len().saturating_sub(if options.len() > 1 { 2 } else { 1 });
                game.play(&options[pick]).unwrap();
            }
        }
        assert!(seen_farmer && seen_road);
    }

    /// The start tile (city north, road west–east) in words, feature by feature.
    #[test]
    fn the_start_tile_reads_as_its_picture() {
        let game = base_game(1);
        let start = game.state().board().get(crate::Pos::new(0, 0)).copied().unwrap();
        let features = game.rules().tile(start.tile).def.features.len();
        let labels: Vec<String> = (0..features as u8)
            .map(|fi| {
                game.deployment_label(&crate::Deployment {
                    figure: 0,
                    pos: start.pos,
                    spot: crate::figures::Spot::Feature(fi),
                })
            })
            .collect();
        for expected in [
            "Follower in the city (north)",
            "Follower on the road (east and west)",
            "Farmer on the field (south)",
            "Farmer on the field (north)",
        ] {
            assert!(
                labels.iter().any(|l| l.starts_with(expected)),
                "{expected} in {labels:?}"
            );
        }
    }
}
