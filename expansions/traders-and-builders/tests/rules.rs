//! Trade goods, the builder and the pig, replayed from hand-written records
//! (tests/records) and worked out by hand from the rules quoted in
//! docs/expansions/traders-and-builders.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east. Ann is player 0, Bob 1.

use carcassonne_core::Event;
use carcassonne_core::serde_json::{Value, json};
use carcassonne_testkit::{Kit, points, try_play};
use carcassonne_traders_and_builders::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn goods(game: &carcassonne_core::Game) -> Value {
    let slot = game.rules().expansion_slot(INFO.id).expect("enabled");
    game.public_expansion_state(slot)["goods"].clone()
}

fn scores(game: &carcassonne_core::Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// goods.json: Ann's follower holds a city of three tiles with a wine
/// symbol (TB-O); Bob's cap completes it. Ann scores the city (6), Bob,
/// who has nobody in it, takes the wine. Then Ann closes an empty city
/// with a wine symbol (TB-B and two caps) and takes that wine: a tie, and
/// each scores 10 at the end.
#[test]
fn the_completer_takes_the_goods_and_tied_majorities_each_score_ten() {
    let kit = kit();
    // After Bob's completion: the city scored for Ann, the wine is Bob's.
    let game = kit.replay_first("goods.json", 4);
    assert_eq!(scores(&game), (6, 0));
    assert_eq!(
        goods(&game),
        json!([{"wine": 0, "grain": 0, "cloth": 0}, {"wine": 1, "grain": 0, "cloth": 0}])
    );
    // Nobody holds the second city; its completer still takes the wine.
    let game = kit.replay("goods.json");
    assert_eq!(
        goods(&game),
        json!([{"wine": 1, "grain": 0, "cloth": 0}, {"wine": 1, "grain": 0, "cloth": 0}])
    );
    assert_eq!(points(&game, 0, "traders-and-builders.goods"), 10);
    assert_eq!(points(&game, 1, "traders-and-builders.goods"), 10);
    assert_eq!(scores(&game), (16, 10));
}

/// Who played each turn of the record, and whether it was an extra one.
fn turns(kit: &Kit, name: &str) -> Vec<(u8, bool)> {
    let record = kit.record(name);
    let mut game = kit.replay_first(name, 0);
    let mut seen = vec![(game.state().turn().player, game.state().turn().extra)];
    for m in &record.moves {
        let action = game.action_from_move(m).expect("a legal move");
        game.play(&action).expect("plays");
        for e in game.last_events() {
            if let Event::TurnStarted { player } = e {
                seen.push((*player, game.state().turn().extra));
            }
        }
    }
    seen
}

/// builder.json: Ann's follower on the road east of the start; her builder
/// joins it on the next road tile; the third road tile extends the road
/// and gives her a second tile at once, which extends it again but gives
/// no third. There she deploys a farmer (a deployment of its own). Later
/// a cloister tile that ends the road gives a second tile again, which
/// completes the road: 7 points, and the builder goes home with the
/// follower.
#[test]
fn extending_the_builders_road_gives_a_second_tile_and_never_a_third() {
    let kit = kit();
    let turns = turns(&kit, "builder.json");
    // Ann, Bob, Ann (builder placed: no second tile), Bob, Ann, Ann again,
    // Bob, Ann, Ann again, Bob.
    let expected: Vec<(u8, bool)> = vec![
        (0, false),
        (1, false),
        (0, false),
        (1, false),
        (0, false),
        (0, true),
        (1, false),
        (0, false),
        (0, true),
        (1, false),
    ];
    assert_eq!(turns, expected);
    let game = kit.replay("builder.json");
    assert_eq!(scores(&game), (7, 0));
    assert_eq!(points(&game, 0, "roads"), 7);
    // The builder and the road's follower are home; the farmer stays.
    let builder = game.state().tables().figure_index("builder").expect("a builder");
    assert_eq!(game.state().supply(0, builder), 1);
    assert_eq!(game.state().figures().len(), 1);
}

#[test]
fn the_builder_needs_its_owners_follower_on_the_road_or_in_the_city() {
    let kit = kit();
    // Ann's first tile: she has no follower anywhere yet.
    let mut game = kit.replay_first("builder.json", 1);
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "road:E", "figure": "builder"}}"#)
        .expect_err("no follower of hers on the road");
    assert!(refused.to_string().contains("builder"), "{refused}");
    // Her third tile: the builder may go on the road, never on a field.
    let mut game = kit.replay_first("builder.json", 5);
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "field:N", "figure": "builder"}}"#)
        .expect_err("a builder stands on roads and in cities");
    assert!(refused.to_string().contains("builder"), "{refused}");
    try_play(&mut game, r#"{"deploy": {"feature": "road:E", "figure": "builder"}}"#).expect("beside her follower");
}

/// pig.json: Ann's farmer and pig, Bob's farmer (in a farm a cloister tile
/// joins to Ann's), a farm supplying two completed cities. Both win it
/// with one farmer each (6 each); Ann's pig adds 1 a city for her only.
#[test]
fn the_pig_adds_one_a_city_for_its_owner_when_they_win_the_farm() {
    let kit = kit();
    let game = kit.replay("pig.json");
    assert_eq!(points(&game, 0, "farms"), 6);
    assert_eq!(points(&game, 1, "farms"), 6);
    assert_eq!(points(&game, 0, "traders-and-builders.pig"), 2);
    assert_eq!(points(&game, 1, "traders-and-builders.pig"), 0);
    assert_eq!(scores(&game), (8, 6));
    // Bob's first tile: he has no farmer anywhere yet, so no pig.
    let mut game = kit.replay_first("pig.json", 3);
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "field:N", "figure": "pig"}}"#)
        .expect_err("no farmer of his in that farm");
    assert!(refused.to_string().contains("pig"), "{refused}");
}

/// With the pig part off the same game has no pig to place.
#[test]
fn parts_switched_off_take_their_rules_away() {
    let kit = kit();
    let record =
        carcassonne_testkit::with_parts_only(&kit.record("pig.json"), kit.catalog(), INFO.id, &["goods", "builder"]);
    let refused = kit.replay_record(&record).expect_err("no pig in the game");
    assert!(refused.contains("pig"), "{refused}");
    // With the builder off, the road tile after the builder's gives no second tile.
    let record = carcassonne_testkit::with_parts_only(&kit.record("goods.json"), kit.catalog(), INFO.id, &["builder"]);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(scores(&game), (6, 0), "no goods, no majorities");
}

/// two_pigs.json (`[figures] pig = 2`): as pig.json, but Ann's second pig
/// joins the same farm (U at (3,0), beside her farmer through the road's
/// north fields). Ann and Bob each win the farm with one farmer (2
/// completed cities: 6 each). Special figures do not stack: Ann's pigs
/// add 1 a city once, 2 points, not 4.
#[test]
fn several_pigs_of_one_player_in_a_farm_add_the_bonus_once() {
    let kit = kit();
    let game = kit.replay("two_pigs.json");
    let pig = game.rules().figure_index("pig").unwrap();
    let pigs_on_board = game.state().figures().iter().filter(|f| f.kind == pig).count();
    assert_eq!(pigs_on_board, 2, "both of Ann's pigs stand in the farm");
    assert_eq!(points(&game, 0, "farms"), 6);
    assert_eq!(points(&game, 1, "farms"), 6);
    assert_eq!(points(&game, 0, "traders-and-builders.pig"), 2);
    assert_eq!(scores(&game), (8, 6));
}

fn kit_with_barns() -> Kit {
    kit().with(&carcassonne_abbey_and_mayor::INFO)
}

/// pig_and_barn.json: Abbey & Mayor's barn.json (its tests draw the
/// board) with Ann's pig. Turn 5: Ann's A at (2,0) joins her farmer's farm
/// (F1) and Bob's (F2); her pig goes onto it, beside her farmer. Turn 6:
/// Bob's barn at (1,1) cashes the farm's farmers in, 3 a completed city to
/// the majority: Ann and Bob tie with one farmer each, and the farm touches
/// two completed cities, 6 each. The pig adds 1 a city to its owner
/// whenever her farmers in its farm score (the ruling: as JCloisterZone),
/// so Ann scores 2 more. Her farmer gone home, the pig follows at the end
/// of the turn. Turn 8: B at (1,2) joins Bob's other farmer (F3) to the
/// barn's farm: 1 a completed city of the joined farm (C1 and C2): 2 to
/// Bob. At the end Bob's barn scores 4 a completed city of its farm: 8.
#[test]
fn the_pig_counts_whenever_its_owners_farmers_score_also_by_a_barn() {
    let kit = kit_with_barns();
    let game = kit.replay("pig_and_barn.json");
    assert_eq!(points(&game, 0, "abbey-and-mayor.farmers"), 6);
    assert_eq!(points(&game, 1, "abbey-and-mayor.farmers"), 6 + 2);
    assert_eq!(points(&game, 0, "traders-and-builders.pig"), 2);
    assert_eq!(points(&game, 1, "abbey-and-mayor.barn"), 8);
    let pig = game.rules().figure_index("pig").unwrap();
    assert_eq!(game.state().supply(0, pig), 1, "the pig went home with its farmer");
    assert_eq!(scores(&game), (8, 16));
}

/// The other reading, `pig_with_barn = "final-only"`: the pig adds only
/// when farms score at the end, and Ann's pig is home by then.
#[test]
fn the_pig_with_a_barn_scores_nothing_under_final_only() {
    let kit = kit_with_barns();
    let record = carcassonne_testkit::with_variant(
        &kit.record("pig_and_barn.json"),
        INFO.id,
        "pig_with_barn",
        json!("final-only"),
    );
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, "traders-and-builders.pig"), 0);
    assert_eq!(scores(&game), (6, 16));
}
