//! The River II on hand-worked games (docs/expansions/river.md, "The River
//! II" and "Both rivers together"): the fork first, the volcano lake last,
//! the two branches never joined, and with The River one river of 22 tiles.
//!
//! The spring RV2-1 lies at (0, 0), its river leaving south; the fork RV2-2
//! unturned has its stem north and its arms east and west, so placed at
//! (0, 1) it sends one branch to (1, 1) and one to (-1, 1).

use carcassonne_core::{Game, GameConfig};
use carcassonne_river_ii::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, draws, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
}

#[test]
fn the_two_branches_may_not_join() {
    // East branch: right (south) at (1, 1), straight at (1, 2), right
    // (west) at (1, 3). West branch: left (south) at (-1, 1), straight at
    // (-1, 2), left (east) at (-1, 3). Both ends now face (0, 3).
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("river-ii")
        .draw_order(&[
            "RV2-2", "RV2-13", "RV2-11", "RV2-6", "RV2-5", "RV2-9", "RV2-12", "RV2-7", "U",
        ])
        .place("RV2-2", (0, 1), 0)
        .pass()
        .place("RV2-13", (1, 1), 0)
        .pass()
        .place("RV2-11", (-1, 1), 270)
        .pass()
        .place("RV2-6", (1, 2), 90)
        .pass()
        .place("RV2-5", (-1, 2), 90)
        .pass()
        .place("RV2-9", (1, 3), 90)
        .pass()
        .place("RV2-12", (-1, 3), 180)
        .pass()
        .build();
    let g = kit().replay_record(&record).unwrap_or_else(|e| panic!("{e}"));
    // The only cell next to an open end is (0, 3), between both: the bridge
    // RV2-7 fits nowhere else, so it was drawn and discarded, and the next
    // tile is up.
    let rules = g.rules();
    let bridge = rules.tile_by_id("RV2-7").expect("in the game");
    assert_eq!(g.state().discarded(), &[bridge.index]);
    assert_eq!(g.state().turn().drawn.map(|t| rules.tile(t).id()), Some("U"));
    // Why, in the river's words.
    let river = rules.landscape().edge_kind("river").expect("declared");
    let at = carcassonne_core::Pos::new(0, 3);
    assert_eq!(
        carcassonne_river::course::check(
            g.state(),
            bridge,
            at,
            carcassonne_core::Rotation::NONE,
            river,
            carcassonne_river::course::UTurns::Immediate
        ),
        Err(carcassonne_river::course::Refusal::Joins)
    );
}

fn seeded(seed: u64, expansions: &[&str]) -> Game {
    let mut config = GameConfig::with_players(3);
    config.seed = seed;
    config.expansions = expansions.iter().map(|e| e.to_string()).collect();
    Game::new(kit().rules(&config)).expect("a game")
}

#[test]
fn the_fork_comes_first_and_the_volcano_lake_last() {
    for seed in 0..6 {
        let game = seeded(seed, &["river-ii"]);
        assert_eq!(game.rules().bag_size(), 71 + 11, "seed {seed}");
        let start = game.rules().tile(game.rules().start_tile()).id().to_string();
        let drawn = draws(game, seed);
        assert_eq!(start, "RV2-1");
        assert_eq!(drawn[0], "RV2-2", "seed {seed}: {drawn:?}");
        let river = drawn.iter().take_while(|id| id.starts_with("RV2-")).count();
        assert_eq!(river, 11, "every river tile is drawn first: {drawn:?}");
        assert_eq!(drawn[river - 1], "RV2-4", "seed {seed}: {drawn:?}");
        assert!(drawn[river..].iter().all(|id| !id.starts_with("RV")), "seed {seed}");
    }
}

#[test]
fn both_rivers_make_one_river_with_one_spring_and_two_lakes() {
    for seed in 0..6 {
        let game = seeded(seed, &["river", "river-ii"]);
        // 71 base tiles, The River's 10 middle tiles, The River II's 11
        // (all but its spring, which starts): The River's spring and lake
        // leave the game.
        assert_eq!(game.rules().bag_size(), 71 + 10 + 11, "seed {seed}");
        let bag: Vec<&str> = game
            .rules()
            .initial_bag()
            .iter()
            .map(|&t| game.rules().tile(t).id())
            .collect();
        assert!(!bag.contains(&"RV-1") && !bag.contains(&"RV-2"), "{bag:?}");
        let start = game.rules().tile(game.rules().start_tile()).id().to_string();
        let drawn = draws(game, seed);
        assert_eq!(start, "RV2-1");
        assert_eq!(drawn[0], "RV2-2", "seed {seed}: {drawn:?}");
        let river = drawn.iter().take_while(|id| id.starts_with("RV")).count();
        assert_eq!(river, 21, "every river tile is drawn first: {drawn:?}");
        assert_eq!(drawn[river - 1], "RV2-4", "seed {seed}: {drawn:?}");
    }
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    for expansions in [
        &["river-ii"][..],
        &["river", "river-ii"],
        &["river-ii", "inns-and-cathedrals"],
    ] {
        let mut config = GameConfig::with_players(3);
        config.expansions = expansions.iter().map(|e| e.to_string()).collect();
        let played = random_games(&kit(), &config, 4);
        assert_eq!(played.games, 4, "{expansions:?}");
    }
}
