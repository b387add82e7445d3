//! The Abbot on hand-worked games (docs/expansions/abbot.md): the abbot on
//! a garden, the garden scored like a cloister when surrounded and at the
//! end, the abbot taken back instead of deploying (not from a completed
//! garden), nobody else on a garden, and the garden copies replacing base
//! copies.
//!
//! The start tile D lies at (0, 0): city north, road west-east, field south.
//! The garden tile EG turned 180° at (0, -1) has its city cap to the south
//! (on D's city) and its garden in the field; the eight cells around it are
//! filled with B (a cloister in a field), A turned 180° (a cloister, road
//! north) and U (a straight road west-east) so that every edge matches.
//! Ann is player 0, Bob player 1.

use carcassonne_abbot::INFO;
use carcassonne_core::{Game, GameConfig, RefusalKind};
use carcassonne_testkit::{Kit, RecordBuilder, options, points, random_games, try_play};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn replay(record: RecordBuilder) -> Game {
    kit().replay_record(&record.build()).unwrap_or_else(|e| panic!("{e}"))
}

fn abbot_on_the_garden(tiles: &[&str]) -> RecordBuilder {
    RecordBuilder::new(&["Ann", "Bob"])
        .expansion("abbot")
        .draw_order(tiles)
        .place("EG", (0, -1), 180)
        .then(carcassonne_core::serde_json::json!({ "deploy": { "figure": "abbot", "feature": "garden" } }))
}

const RECALL: &str = r#"{"recall":{"figure":"abbot","at":[0,-1],"feature":"garden"}}"#;

fn abbots_in_supply(g: &Game, player: u8) -> u8 {
    let abbot = g.rules().figure_index("abbot").expect("in the game");
    g.state().supply(player, abbot)
}

#[test]
fn only_the_abbot_stands_on_a_garden() {
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("abbot")
        .draw_order(&["EG", "B"])
        .place("EG", (0, -1), 180);
    let mut g = replay(record);
    let listed = options(&g);
    assert!(
        listed.iter().any(|o| o.contains("abbot") && o.contains("garden")),
        "{listed:?}"
    );
    assert!(
        !listed.iter().any(|o| o.contains("garden") && !o.contains("abbot")),
        "a follower is offered the garden: {listed:?}"
    );
    let refused = try_play(&mut g, r#"{"deploy":{"feature":"garden"}}"#).expect_err("a follower on a garden");
    assert_eq!(refused.kind, RefusalKind::NotAnOption, "{refused:?}");
    let refused =
        try_play(&mut g, r#"{"deploy":{"figure":"abbot","feature":"city:S"}}"#).expect_err("an abbot in a city");
    assert_eq!(refused.kind, RefusalKind::NotAnOption, "{refused:?}");
}

#[test]
fn a_surrounded_garden_scores_nine_and_the_abbot_may_not_be_taken_back_from_it() {
    // Bob first puts V below D, so that Ann places the eighth tile round
    // the garden herself.
    let tiles = ["EG", "V", "B", "B", "A", "B", "B", "U", "U"];
    let before_last = abbot_on_the_garden(&tiles)
        .place("V", (0, 1), 0)
        .pass()
        .place("B", (-1, -1), 0)
        .pass()
        .place("B", (1, -1), 0)
        .pass()
        .place("A", (0, -2), 180)
        .pass()
        .place("B", (-1, -2), 0)
        .pass()
        .place("B", (1, -2), 0)
        .pass()
        .place("U", (-1, 0), 0)
        .pass()
        .place("U", (1, 0), 0);
    let mut g = replay(before_last);
    // The garden is complete now: it scores in this turn's scoring, and the
    // abbot cannot be taken back instead.
    assert!(!options(&g).iter().any(|o| o.contains("recall")), "{:?}", options(&g));
    let refused = try_play(&mut g, RECALL).expect_err("no recall from a completed garden");
    assert_eq!(refused.kind, RefusalKind::NotAnOption);
    try_play(&mut g, r#""pass""#).expect("pass");
    assert!(g.is_over());
    assert_eq!(points(&g, 0, "gardens"), 9);
    assert_eq!(abbots_in_supply(&g, 0), 1, "the abbot came home with the scoring");
}

#[test]
fn the_abbot_taken_back_scores_the_garden_as_at_the_end() {
    let mut g = replay(
        abbot_on_the_garden(&["EG", "B", "B", "B"])
            .place("B", (-1, -1), 0)
            .pass()
            .place("B", (1, -1), 0),
    );
    // Around the garden: D, and the two B: 1 + 3.
    let listed: Vec<String> = {
        let mut out = Vec::new();
        g.legal_actions(&mut out);
        out.iter().map(|a| g.action_label(a)).collect()
    };
    assert!(
        listed.contains(&"Take the abbot back from the garden 1 tile west of the new tile, scoring 4".to_string()),
        "{listed:?}"
    );
    assert_eq!(abbots_in_supply(&g, 0), 0);
    try_play(&mut g, RECALL).expect("taken back");
    assert_eq!(points(&g, 0, "gardens"), 4);
    assert_eq!(abbots_in_supply(&g, 0), 1);
    assert!(
        g.state().figures().iter().all(|f| f.owner != 0),
        "nothing of Ann's on the board"
    );
    // Bob may not take Ann's abbot back on his turn.
    try_play(&mut g, r#"{"place":{"tile":"B","at":[0,-2],"rotation":0}}"#).expect("Bob places");
    assert!(try_play(&mut g, RECALL).is_err());
}

#[test]
fn an_unfinished_garden_scores_at_the_end() {
    let g = replay(abbot_on_the_garden(&["EG", "B"]).place("B", (1, -1), 0).pass());
    assert!(g.is_over());
    // D and B around it: 1 + 2.
    assert_eq!(points(&g, 0, "gardens"), 3);
    assert_eq!(points(&g, 0, "cloisters"), 0, "a garden is no cloister");
}

#[test]
fn the_garden_copies_replace_base_copies() {
    let rules = |gardens: Option<bool>| {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec!["abbot".into()];
        if let Some(on) = gardens {
            config
                .variants
                .entry("abbot".into())
                .or_default()
                .insert("gardens".into(), on.into());
        }
        kit().rules(&config)
    };
    let count =
        |r: &carcassonne_core::Rules, id: &str| r.initial_bag().iter().filter(|&&t| r.tile(t).id() == id).count();
    let with = rules(None);
    assert_eq!(with.bag_size(), 71, "72 base tiles, the start tile placed");
    assert_eq!((count(&with, "E"), count(&with, "EG")), (4, 1));
    assert_eq!((count(&with, "V"), count(&with, "VG")), (8, 1));
    let without = rules(Some(false));
    assert_eq!(without.bag_size(), 71);
    assert_eq!((count(&without, "E"), count(&without, "EG")), (5, 0));
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let mut config = GameConfig::with_players(3);
    config.expansions = vec!["abbot".into()];
    let played = random_games(&kit(), &config, 6);
    assert!(played.deployed.get("abbot").is_some_and(|&n| n > 0), "{played:?}");
}

/// records/village-life.json (with Village Life, its donkey off: the garden
/// tile closes the start tile's city, where the donkey would stand and
/// forbid it). Village Life's VL-E turned 180° at (0, -1): its city on D's,
/// the garden The Abbot marks inside it; Ann's abbot on the garden. Bob's A
/// turned 270° at (-1, 0) is the second tile round it, and the bag is empty:
/// the unfinished garden scores as a cloister, 1 + 2 ("1 point and 1 for
/// each tile around it"), under `gardens`. Without The Abbot the tile has no
/// garden.
#[test]
fn a_garden_printed_on_a_village_life_tile_is_added_by_the_mark() {
    let kit = kit().with(&carcassonne_village_life::INFO);
    let game = kit.replay("village-life.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "gardens"), 3);
    let mut placed = kit.record("village-life.json");
    placed.moves.truncate(1);
    let game = kit.replay_record(&placed).expect("replays");
    assert!(
        options(&game).iter().any(|o| o.contains("garden")),
        "{:?}",
        options(&game)
    );
    placed.config.expansions.retain(|e| e != "abbot");
    let game = kit.replay_record(&placed).expect("replays");
    assert!(
        !options(&game).iter().any(|o| o.contains("garden")),
        "{:?}",
        options(&game)
    );
}
