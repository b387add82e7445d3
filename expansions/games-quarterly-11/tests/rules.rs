//! Games Quarterly 11 replayed from hand-written records (tests/records),
//! worked out by hand from the notes quoted in
//! docs/expansions/games-quarterly-11.md. The start tile D at (0, 0) has a
//! city cap north; y grows southwards. Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Game, GameConfig};
use carcassonne_games_quarterly_11::INFO;
use carcassonne_testkit::{Kit, points, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_traders_and_builders::INFO)
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// pig_herd.json (`pig_herd = true`, with Traders & Builders). Ann's E
/// turned 180° at (0,-1) closes D's city (2 tiles, nobody's); her farmer
/// on its field. GQ-2 at (0,-2), E at (0,-3) and E turned 180° at (0,-4),
/// which closes a second city of 2. Ann's farm (the fields of (0,-1),
/// GQ-2 and (0,-3)) supplies both completed cities: 6; the pig-herd on
/// GQ-2 gives its winner 1 more for each: 2. Ann 8.
#[test]
fn with_the_house_rule_the_field_tile_is_a_pig_herd() {
    let game = kit().replay("pig_herd.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (8, 0));
    assert_eq!(points(&game, 0, "farms"), 6);
    assert_eq!(points(&game, 0, "games-quarterly-11.pig-herd"), 2);
}

/// The same game without the house rule ("officially, the FFFF tile is not
/// a pig-herd tile"): the farm's 6 alone.
#[test]
fn officially_the_field_tile_is_no_pig_herd() {
    let kit = kit();
    let record = with_variant(&kit.record("pig_herd.json"), INFO.id, "pig_herd", json!(false));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(scores(&game), (6, 0));
    assert_eq!(points(&game, 0, "games-quarterly-11.pig-herd"), 0);
}

/// The house rule scores only with Traders & Builders, whose pigs a
/// pig-herd goes with: without it the farm's 6 alone.
#[test]
fn the_pig_herd_needs_traders_and_builders() {
    let kit = kit();
    let mut record = kit.record("pig_herd.json");
    record.config.expansions.retain(|e| e != "traders-and-builders");
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(scores(&game), (6, 0));
}

/// river_course.json (with The River). The River's spring starts the
/// game at (0,0), its river leaving south; GQ-12 turned 90° at (0,1)
/// carries the river on north–south, its cities east and west. Ann's
/// knight in the east city (`city:E`, as the tile lies), open at the end:
/// 1.
#[test]
fn the_river_tile_continues_the_river() {
    let game = kit().replay("river_course.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (1, 0));
}

/// The bag: the base game's 71 (start aside) and the ten land tiles;
/// with The River or The River II its river tiles (its spring starts) and
/// GQ-12 among them, never GQ's spring ("you should still only use one" spring).
#[test]
fn the_river_tiles_play_only_with_a_river_and_its_spring_stays_out() {
    let kit = kit();
    let bag = |expansions: &[&str]| {
        let mut config = GameConfig::with_players(2);
        config.expansions = expansions.iter().map(|e| (*e).to_string()).collect();
        let rules = kit.rules(&config);
        let count = |id: &str| {
            rules
                .initial_bag()
                .iter()
                .filter(|&&t| rules.tile(t).def.id == id)
                .count()
        };
        let land: usize = (1..=10).map(|i| count(&format!("GQ-{i}"))).sum();
        (rules.bag_size(), land, count("GQ-11"), count("GQ-12"))
    };
    assert_eq!(bag(&[INFO.id]), (81, 10, 0, 0));
    for river in ["river", "river-ii"] {
        let river_alone = {
            let mut config = GameConfig::with_players(2);
            config.expansions = vec![river.into()];
            kit.rules(&config).bag_size()
        };
        assert_eq!(bag(&[INFO.id, river]), (river_alone + 11, 10, 0, 1), "{river}");
    }
}
