//! What the game page's final-scoring panel shows beside the score table:
//! each player's score at the end of every turn ([`ScoreTimeline`], from the
//! game's events), the score sources grouped by the expansion (or the base
//! game) they belong to ([`source_groups`]), and the configuration a new
//! game "with the same settings" is created from ([`play_again_config`]).

use carcassonne_core::{Event, GameConfig, Rules};
use serde::Serialize;
use serde_json::{Value, json};

/// Every player's score at the end of each turn, and after final scoring:
/// followed event by event ([`ScoreTimeline::follow`]) as the game is
/// played or replayed, so it is the same for a game rebuilt after a
/// restart or an undo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreTimeline {
    points: Vec<TimelinePoint>,
}

/// The scores at one point of a [`ScoreTimeline`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimelinePoint {
    /// The turn these are the scores at the end of (0: the setup, before
    /// the first turn). Final scoring's point has the last turn's number.
    pub turn: u32,
    /// Whether this point is after final scoring (the game's last).
    #[serde(rename = "final", skip_serializing_if = "std::ops::Not::not")]
    pub final_scoring: bool,
    /// Each seat's score, by seat.
    pub scores: Vec<i32>,
}

impl ScoreTimeline {
    /// A timeline for `players` seats, at the setup with no points yet.
    pub fn new(players: usize) -> ScoreTimeline {
        ScoreTimeline {
            points: vec![TimelinePoint {
                turn: 0,
                final_scoring: false,
                scores: vec![0; players],
            }],
        }
    }

    /// Follows the events of one play (or of the setup): a new turn opens
    /// a point, final scoring opens the last, and points scored go to the
    /// point open. Points for a seat the timeline does not have are left
    /// out (no panic on any game).
    pub fn follow(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::TurnStarted { .. } => self.open(false),
                Event::FinalScoring => self.open(true),
                Event::Scored { player, points, .. } => {
                    if let Some(last) = self.points.last_mut()
                        && let Some(score) = last.scores.get_mut(*player as usize)
                    {
                        *score = score.saturating_add(*points);
                    }
                }
                _ => {}
            }
        }
    }

    fn open(&mut self, final_scoring: bool) {
        let Some(last) = self.points.last() else {
            return;
        };
        let point = TimelinePoint {
            turn: if final_scoring {
                last.turn
            } else {
                last.turn.saturating_add(1)
            },
            final_scoring,
            scores: last.scores.clone(),
        };
        self.points.push(point);
    }

    /// The points, oldest first: the setup, one per turn begun, and final
    /// scoring's once it has begun.
    pub fn points(&self) -> &[TimelinePoint] {
        &self.points
    }
}

/// The score sources of `rules` grouped by who brought them: the base
/// game's first, then each expansion's, in the game's expansion order,
/// as `[{"expansion": "base", "name": "Base game", "sources": [0, 1, 2,
/// 3]}, {"expansion": "easter", "name": "Easter in Carcassonne",
/// "sources": [4]}, …]` (indices into the state's `sources`). A source is
/// an expansion's when it is one the expansion declared (`easter`,
/// `cleric-and-serf.serf`) or the source of a feature kind it declared
/// (The Abbot's `gardens`); every other source is the base game's.
pub fn source_groups(rules: &Rules) -> Vec<Value> {
    let sources = rules.score_sources();
    let landscape = rules.landscape();
    let owner_of = |key: &str| -> &str {
        for e in rules.expansions() {
            let id = e.info.id;
            if key == id || key.strip_prefix(id).is_some_and(|rest| rest.starts_with('.')) {
                return id;
            }
        }
        landscape
            .feature_kinds()
            .find(|(_, decl)| decl.source == key)
            .map_or("base", |(kind, _)| landscape.feature_owner(kind))
    };
    let mut groups: Vec<(String, String, Vec<usize>)> = vec![("base".into(), "Base game".into(), Vec::new())];
    for e in rules.expansions() {
        groups.push((e.info.id.to_string(), e.info.name.to_string(), Vec::new()));
    }
    for (i, key) in sources.iter().enumerate() {
        let owner = owner_of(key);
        match groups.iter_mut().find(|(id, _, _)| id == owner) {
            Some(g) => g.2.push(i),
            // A feature kind of an expansion whose tiles are in without its
            // rules (tiles only): named after its id.
            None => groups.push((owner.to_string(), owner.replace('-', " "), vec![i])),
        }
    }
    groups
        .into_iter()
        .filter(|(_, _, s)| !s.is_empty())
        .map(|(id, name, s)| json!({ "expansion": id, "name": name, "sources": s }))
        .collect()
}

/// The configuration of a game as `POST /api/games` takes it, for a new
/// game with the same settings: expansions, tiles only, variants, parts,
/// figures, tile mix, draw order, undo and the seats (names and bots), but
/// no seed (the new game draws its own) and no plugins (the server's
/// own). Tile files are named by their file name alone, as the lobby
/// names the sets of the server's tile directory.
pub fn play_again_config(config: &GameConfig) -> Value {
    let mut config = config.clone();
    config.plugins.clear();
    for file in &mut config.tiles.files {
        if let Some(name) = std::path::Path::new(file.as_str()).file_name() {
            *file = name.to_string_lossy().into_owned();
        }
    }
    let mut v = serde_json::to_value(&config).unwrap_or_else(|_| json!({}));
    if let Value::Object(map) = &mut v {
        map.remove("seed");
        map.remove("plugins");
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::Game;
    use carcassonne_setup::{Overrides, setup::GameSetup};

    fn rules(expansions: &[&str]) -> std::sync::Arc<Rules> {
        let args = Overrides {
            players: Some(2),
            seed: Some(3),
            expansions: Some(expansions.iter().map(|e| e.to_string()).collect()),
            ..Overrides::default()
        };
        let (setup, _) = GameSetup::for_play(&args).unwrap();
        std::sync::Arc::new(setup.rules().unwrap())
    }

    #[test]
    fn the_timeline_ends_with_the_final_scores() {
        let rules = rules(&[]);
        let mut game = Game::new(rules).unwrap();
        let mut timeline = ScoreTimeline::new(2);
        timeline.follow(game.last_events());
        let mut options = Vec::new();
        while game.decision().is_some() {
            game.legal_actions(&mut options);
            let action = options[options.len() / 2].clone();
            game.play(&action).unwrap();
            timeline.follow(game.last_events());
        }
        let points = timeline.points();
        let last = points.last().unwrap();
        assert!(last.final_scoring);
        let s = game.state();
        assert_eq!(last.scores, vec![s.score(0), s.score(1)]);
        assert_eq!(last.turn, s.turn().number);
        assert_eq!(points.iter().filter(|p| p.final_scoring).count(), 1);
        // One point a turn, in order, and base-game scores never fall.
        for (k, p) in points.iter().enumerate().take(points.len() - 1) {
            assert_eq!(p.turn as usize, k);
        }
        for w in points.windows(2) {
            assert!(w[0].scores.iter().zip(&w[1].scores).all(|(a, b)| a <= b));
        }
    }

    #[test]
    fn sources_are_grouped_by_expansion() {
        let rules = rules(&["easter", "abbot", "cleric-and-serf"]);
        let groups = source_groups(&rules);
        let sources = rules.score_sources();
        let named = |g: &Value| -> Vec<String> {
            g["sources"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| sources[i.as_u64().unwrap() as usize].clone())
                .collect()
        };
        let by_id = |id: &str| groups.iter().find(|g| g["expansion"] == id).unwrap();
        assert_eq!(groups[0]["expansion"], "base");
        assert_eq!(named(by_id("base")), ["roads", "cities", "cloisters", "farms"]);
        assert_eq!(named(by_id("easter")), ["easter"]);
        assert_eq!(named(by_id("abbot")), ["gardens"]);
        assert_eq!(by_id("abbot")["name"], "The Abbot");
        assert_eq!(
            named(by_id("cleric-and-serf")),
            [
                "cleric-and-serf.cleric",
                "cleric-and-serf.serf",
                "cleric-and-serf.tokens"
            ]
        );
        // Every source is in exactly one group.
        let mut all: Vec<u64> = groups
            .iter()
            .flat_map(|g| g["sources"].as_array().unwrap().iter().map(|i| i.as_u64().unwrap()))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..sources.len() as u64).collect::<Vec<_>>());
    }

    #[test]
    fn playing_again_keeps_everything_but_the_seed() {
        let mut config = rules(&["easter"]).config.clone();
        config.players[1].bot = Some("greedy".into());
        config.plugins = vec!["/somewhere/libplugin.so".into()];
        config.tiles.files = vec!["/srv/tiles/my-tiles.toml".into()];
        let v = play_again_config(&config);
        assert!(v.get("seed").is_none() && v.get("plugins").is_none(), "{v}");
        assert_eq!(v["expansions"], json!(["easter"]));
        assert_eq!(v["players"][1]["bot"], "greedy");
        assert_eq!(v["tiles"]["files"], json!(["my-tiles.toml"]));
    }
}
