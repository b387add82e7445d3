//! Siege replayed from hand-written records (tests/records), worked out by
//! hand from the rules quoted in docs/expansions/siege.md. The start tile D
//! at (0, 0) has a city cap north and a road west–east; y grows south. Ann
//! is player 0, Bob player 1.

use carcassonne_core::serde_json::{self, Value, json};
use carcassonne_core::{Game, GameRecord};
use carcassonne_siege::INFO;
use carcassonne_testkit::{Kit, options, points, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

fn followers(game: &Game, player: u8) -> usize {
    game.state().figures().iter().filter(|f| f.owner == player).count()
}

/// `record` with its last move replaced by `last`.
fn ending_with(record: &GameRecord, last: Value) -> GameRecord {
    let mut record = record.clone();
    record.moves.pop();
    record.moves.push(serde_json::from_value(last).expect("a move"));
    record
}

/// besieged_city.json. Ann's SI-A turned 180° at (0,-1) closes D's city
/// cap with her knight: 2 tiles, and "Whenever a besieged city is
/// completed during the course of play, each tile scores only 1 point
/// instead of the usual 2": 2, not 4. Bob's farmer on U at (1,0), north of
/// the road, farms D's north field, which touches that city: "every
/// completed besieged city scores double points in relation to farms - 6
/// points for a normal farm": 6, not 3.
#[test]
fn a_besieged_city_scores_one_a_tile_and_double_for_farmers() {
    let game = kit().replay("besieged_city.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 2);
    assert_eq!(points(&game, 1, "farms"), 6);
}

/// escape.json. Ann's SI-C turned 180° at (0,-1): a besieged city corner
/// joining D's cap, open to the east; her knight in it. Bob's cloister B
/// at (-1,-1) borders the siege tile. At the end of Ann's next turn (U at
/// (1,0)) she "may remove one knight from the besieged city and return it
/// to the supply". She stays: the city is unfinished at the end and "each
/// tile and each pennant ... score[s] only 1 point" less, 1 − 1 = 0 each:
/// Ann 0. Bob's monk: itself and 2 tiles round it, 3. Had she escaped,
/// her knight would be back in her supply.
#[test]
fn a_knight_escapes_by_a_cloister_beside_the_siege_tile() {
    let kit = kit();
    assert!(
        options(&kit.replay_first("escape.json", 4))
            .iter()
            .all(|o| !o.contains("siege")),
        "Bob has no knight in the city: nobody is asked at the end of his turn"
    );
    let before = kit.replay_first("escape.json", 6);
    let offered = options(&before);
    assert_eq!(offered.len(), 2, "{offered:?}");
    assert!(offered.contains(&r#"{"siege":"stay"}"#.to_string()), "{offered:?}");
    let game = kit.replay("escape.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 0);
    assert_eq!(points(&game, 1, "cloisters"), 3);
    assert_eq!(followers(&game, 0), 1);

    let escape: Value = offered
        .iter()
        .map(|o| serde_json::from_str::<Value>(o).unwrap())
        .find(|o| o["siege"].get("escape").is_some())
        .expect("the escape is offered");
    assert_eq!(escape["siege"]["escape"]["at"], json!([0, -1]));
    let game = kit
        .replay_record(&ending_with(&kit.record("escape.json"), escape))
        .expect("replays");
    assert_eq!(followers(&game, 0), 0, "Ann's knight went home");
}

/// escape.json without the escape part: nobody is asked, and the record's
/// last answer has no decision to answer. And besieged_city.json without
/// the besieged part scores as the base game: 4 for the city, 3 for the
/// farm.
#[test]
fn each_part_switches_off_alone() {
    let kit = kit();
    let plain =
        carcassonne_testkit::with_parts_only(&kit.record("besieged_city.json"), kit.catalog(), INFO.id, &["escape"]);
    let game = kit.replay_record(&plain).expect("replays");
    assert_eq!((points(&game, 0, "cities"), points(&game, 1, "farms")), (4, 3));
    let mut record =
        carcassonne_testkit::with_parts_only(&kit.record("escape.json"), kit.catalog(), INFO.id, &["besieged"]);
    let e = kit.replay_record(&record).expect_err("no decision to answer");
    assert!(e.contains("move 7"), "{e}");
    record.moves.pop();
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 1, "cloisters"), 3);
}

/// any_tile.json. The cloister B lies at (0,1), beside D but two tiles
/// from the siege tile. "RGG's rules for Siege state that a cloister
/// allowing escape can be placed adjacent to any tile of a besieged city":
/// under `escape_from = "any-tile"` Ann is asked after her U; under the
/// Cathars' rule (the default) she is not, and the record's answer is
/// refused.
#[test]
fn rgg_lets_a_cloister_beside_any_tile_of_the_city_free_a_knight() {
    let kit = kit();
    let game = kit.replay("any_tile.json");
    assert!(game.is_over());
    let cathars = with_variant(
        &kit.record("any_tile.json"),
        INFO.id,
        "escape_from",
        json!("siege-tile"),
    );
    assert!(kit.replay_record(&cathars).is_err());
}

/// cathedral.json (with Inns & Cathedrals). Ann's knight in the cathedral
/// IC-A at (0,-1), joined to D's cap; E caps north and east, and the
/// besieged SI-A turned 90° at (-1,-1) closes it west: 5 tiles. "If the
/// city also contains a Cathedral, it scores only 2 points for every tile
/// instead of 3": 10. Unfinished at the end (the cathedral and the siege
/// tile alone with D), a cathedral city scores nothing, and the siege takes
/// nothing more: 0, never less.
#[test]
fn a_besieged_cathedral_city_scores_two_a_tile_and_never_below_nothing() {
    let kit = kit();
    let game = kit.replay("cathedral.json");
    assert_eq!(points(&game, 0, "cities"), 10);
    let mut record = kit.record("cathedral.json");
    record.moves = [&record.moves[..2], &record.moves[6..]].concat();
    record.config.draw_order = Some(vec!["IC-A".into(), "SI-A".into()]);
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 0);
    assert_eq!(game.state().score(0), 0);
}

/// pennant.json. Ann's knight in SI-C turned 180° at (0,-1), joined to D's
/// cap and open east; Bob's F (a city west–east with a coat of arms) at
/// (1,-1) and Ann's SI-A turned 270° at (2,-1) close it: 4 tiles and a
/// coat of arms, two siege tiles among them. "Every city tile and every
/// pennant ... earns 1 point": 5, not 10; a second siege tile takes
/// nothing more.
#[test]
fn a_besieged_city_pays_one_a_coat_of_arms_however_many_siege_tiles() {
    let game = kit().replay("pennant.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 5);
}

/// own_cloister.json. Ann's knight in the open besieged city of SI-C at
/// (0,-1); Bob's U at (1,0); Ann's own cloister B at (-1,-1) beside the
/// siege tile, her monk in it: "If the player places the cloister tile
/// then he can return one follower on the same turn". Her knight escapes
/// (figure 0, her first). End: her cloister with 2 tiles round it, 3.
#[test]
fn the_cloister_just_placed_frees_a_knight_the_same_turn() {
    let game = kit().replay("own_cloister.json");
    assert!(game.is_over());
    assert_eq!(followers(&game, 0), 1, "the monk stays, the knight went home");
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));
}

/// two_cities.json. Ann's knights in two open besieged cities, SI-B at
/// (1,0) and SI-C at (-1,1), both beside Bob's empty cloister B at (0,1)
/// ("The cloister does not need to be owned by the escaping player, or
/// even occupied at all"). After her second knight she is offered either,
/// or none; "only one knight can escape all besieged cities per turn in
/// total": after the first, Bob's turn comes. End: her knight left at
/// (-1,1) in an unfinished besieged city, 0.
#[test]
fn one_knight_escapes_a_turn_in_all() {
    let kit = kit();
    let before = kit.replay_first("two_cities.json", 6);
    assert_eq!(options(&before).len(), 3, "{:?}", options(&before));
    let after = kit.replay_first("two_cities.json", 7);
    assert!(
        options(&after).iter().all(|o| o.contains("place")),
        "{:?}",
        options(&after)
    );
    let game = kit.replay("two_cities.json");
    assert!(game.is_over());
    assert_eq!(followers(&game, 0), 1);
    assert_eq!(game.state().score(0), 0);
}

/// besiegers.json (`tile_set = "besiegers"`). "The rules are identical to
/// those of The Cathars, but the geography of the Besiegers tiles […] are
/// all new": Ann's knight in SB-F's besieged city cap at (1,0); Bob's monk
/// in B at (0,1), at a corner of it; after Ann's U at (-1,0) she may
/// escape, and stays. Bob's SB-A turned 180° at (1,-1), a besieged city
/// open to the north, closes Ann's cap on its south side: the city is
/// SB-A's three sides and SB-F's cap, still open. End: 2 tiles, besieged,
/// unfinished: 0. Bob's cloister: itself and 3 tiles, 4.
#[test]
fn the_besiegers_tiles_play_by_the_same_rules() {
    let kit = kit();
    let offered = options(&kit.replay_first("besiegers.json", 6));
    assert!(offered.contains(&r#"{"siege":"stay"}"#.to_string()), "{offered:?}");
    let game = kit.replay("besiegers.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 4));
    assert_eq!(points(&game, 0, "cities"), 0);
}

/// "The Cathars expansion of 4 tiles"; "The C1 Besiegers" six: one release
/// or the other is in the bag.
#[test]
fn the_tile_set_variant_picks_the_release() {
    let kit = kit();
    let count = |set: &str| -> usize {
        let mut config = carcassonne_core::GameConfig::with_players(2);
        config.expansions = vec![INFO.id.to_string()];
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("tile_set".to_string(), set.into());
        let game = Game::new(kit.rules(&config)).expect("a game");
        // The base game's 72 tiles, the start among them; the first turn's
        // tile is drawn already, neither in the bag nor on the board.
        game.state().tiles_left() + 1 + game.state().board().tiles().len() - 72
    };
    assert_eq!(count("cathars"), 4);
    assert_eq!(count("besiegers"), 6);
}
