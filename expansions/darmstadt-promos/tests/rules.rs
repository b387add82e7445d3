//! The Darmstadt Promo replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/darmstadt-promos.md. The start tile D at (0, 0) has a
//! city cap north and a road west–east; y grows southwards. Ann is player
//! 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Game, GameConfig};
use carcassonne_darmstadt_promos::{INFO, PART_CHURCHES, PART_DARMSTADTIUM};
use carcassonne_testkit::{Kit, points, with_parts_only, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// darmstadtium.json. Ann's DA-A (the Darmstadtium, city on four sides) at
/// (0,-1) joins D's city cap; her knight in it. Bob's E turned 180° at
/// (0,-2), Ann's E turned 270° at (1,-1) and Bob's E turned 90° at (-1,-1)
/// cap its north, east and west sides: the city of 5 tiles, no pennant,
/// completes: 10 points, and the Darmstadtium's 3 to its majority, Ann:
/// 13 (JCloisterZone's "Darmstadtium extra points scoring" case).
#[test]
fn a_completed_city_with_the_darmstadtium_gives_3_extra_points() {
    let game = kit().replay("darmstadtium.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (13, 0));
    assert_eq!(points(&game, 0, "darmstadt-promos.darmstadtium"), 3);
}

/// darmstadtium_open.json. The same city left open after Bob's cap at
/// (0,-2): at the end Ann's city of 3 tiles scores 3, and "present in a
/// completed city" gives nothing more.
#[test]
fn an_unfinished_city_with_the_darmstadtium_gives_nothing_extra() {
    let game = kit().replay("darmstadtium_open.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 0));
    assert_eq!(points(&game, 0, "darmstadt-promos.darmstadtium"), 0);
}

/// darmstadtium_tie.json. Ann's DA-A at (0,-1), her knight in the city.
/// Bob's D at (1,0) continues the start road, his knight in its city cap
/// north. Ann's N turned 270° at (1,-1) (city west and south) joins both
/// cities: one knight each. Bob's E turned 180° at (0,-2) and Ann's E
/// turned 90° at (-1,-1) close it: 6 tiles, no pennant, 12 points to both,
/// and "In the event of a tie for majority, each of the players with the
/// majority gets 3 points": 15 each.
#[test]
fn tied_majority_players_each_get_the_darmstadtium_bonus() {
    let game = kit().replay("darmstadtium_tie.json");
    assert_eq!(scores(&game), (15, 15));
    assert_eq!(points(&game, 0, "darmstadt-promos.darmstadtium"), 3);
    assert_eq!(points(&game, 1, "darmstadt-promos.darmstadtium"), 3);
}

/// darmstadtium_big_follower.json: darmstadtium_tie.json's game with Inns &
/// Cathedrals and Bob's knight a big follower. The city of 6 tiles
/// completes: Bob's strength 2 against Ann's 1, so Bob alone wins it (12)
/// and has "the majority of followers in that city" as the city's scoring
/// weighs it: Bob alone gets the 3. Ann 0, Bob 15.
#[test]
fn the_darmstadtium_goes_to_the_city_s_winners_as_its_scoring_weighs_them() {
    let game = kit().replay("darmstadtium_big_follower.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (0, 15));
    assert_eq!(points(&game, 0, "darmstadt-promos.darmstadtium"), 0);
    assert_eq!(points(&game, 1, "darmstadt-promos.darmstadtium"), 3);
}

/// church_empty.json (JCloisterZone's church-bonus case). Ann's DA-C (the
/// Russian Orthodox church, road east–south) at (0,1), no follower. Bob's
/// U at (-1,0), his follower on the road (the start road, 3 tiles once
/// Ann's U at (1,0) is laid: her farmer on its north field). V at (1,1),
/// V turned 180° at (0,2) and V turned 90° at (1,2) close the church's
/// road in a loop nobody holds; B at (-1,1); Bob's B at (-1,2), his monk
/// in it, surrounds the church. On the church and the 8 tiles round it:
/// Bob 2 followers (road at (-1,0), monk at (-1,2)), Ann 1 (farmer at
/// (1,0)); the empty church scores nobody, Bob gets the church's 3. End:
/// Bob's road of 3 tiles 3; his cloister at (-1,2) with 3 tiles round it
/// 4; Ann's farm touches only D's unfinished city, 0. Ann 0, Bob 10.
#[test]
fn an_empty_church_gives_the_most_followers_round_it_3_points() {
    let game = kit().replay("church_empty.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (0, 10));
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 3);
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 0);
}

/// church_tie.json: the same game with Ann's monk in the church. Round it
/// Ann has 2 (monk, farmer) and Bob 2 (road, monk): the church scores 9 to
/// Ann, and both get 3 (ties: everyone tied, as JCloisterZone's
/// church-bonus-tie case). End: Bob 3 + 4 as before. Ann 12, Bob 10.
#[test]
fn a_tie_round_the_church_gives_both_3_points() {
    let game = kit().replay("church_tie.json");
    assert_eq!(scores(&game), (12, 10));
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 3);
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 3);
}

/// church_open.json. Ann's monk on DA-C at (0,1), Bob's follower on the
/// road of U at (-1,0). The church is not complete at the end: 1 + 2 tiles
/// round it (D, U) = 3, and no church bonus; Bob's road of 2 tiles 2.
#[test]
fn an_unfinished_church_scores_as_a_cloister_without_the_bonus() {
    let game = kit().replay("church_open.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 2));
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 0);
}

/// church_same_turn.json. Ann's DA-C at (0,1), nobody in the church.
/// Bob's V at (1,1), his follower on its road (the church's road); Ann's U
/// at (-1,0), her follower on the start road; U at (1,0), B at (-1,1), B at
/// (-1,2), V turned 180° at (0,2). Bob's V turned 90° at (1,2) closes the
/// church's road (a loop of 4 tiles: Bob 4) and surrounds the church in
/// the same turn. Round the church: Ann's follower at (-1,0) and Bob's at
/// (1,1), whose road is being scored in that turn and still counts
/// (JCloisterZone returns followers only after every feature of the turn is
/// scored): 1 each, 3 to both. End: Ann's start road of 3 tiles 3. Ann 6,
/// Bob 7.
#[test]
fn a_follower_whose_road_completes_in_the_same_turn_counts_round_the_church() {
    let game = kit().replay("church_same_turn.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (6, 7));
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 3);
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 3);
}

/// church_big_follower.json: church_tie.json's game with Inns &
/// Cathedrals, Ann's big follower as the church's monk and no farmer. Round
/// the church Ann has 1 follower (the big one counts once: the bonus goes
/// to the most followers, not the most strength) and Bob 2: Bob alone gets
/// 3. The church scores 9 to Ann. End: Bob's road 3 and his cloister 4.
/// Ann 9, Bob 10.
#[test]
fn a_big_follower_counts_once_round_the_church() {
    let game = kit().replay("church_big_follower.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (9, 10));
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 0);
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 3);
}

/// Each bonus is a part: church_empty.json without the churches gives Bob
/// his road and cloister only (7); darmstadtium.json without the
/// Darmstadtium gives Ann her city only (10).
#[test]
fn each_bonus_is_a_part_that_may_be_switched_off() {
    let kit = kit();
    let churches_off = with_parts_only(
        &kit.record("church_empty.json"),
        kit.catalog(),
        INFO.id,
        &[PART_DARMSTADTIUM],
    );
    let game = kit.replay_record(&churches_off).unwrap();
    assert_eq!(scores(&game), (0, 7));
    let darmstadtium_off = with_parts_only(
        &kit.record("darmstadtium.json"),
        kit.catalog(),
        INFO.id,
        &[PART_CHURCHES],
    );
    let game = kit.replay_record(&darmstadtium_off).unwrap();
    assert_eq!(scores(&game), (10, 0));
}

/// The variant `remove_cloisters`: the base game has 4 plain cloisters (B)
/// and 72 tiles, the start among them; with the promo's 3 the bag holds
/// 74, 73 once the first turn's tile is drawn, and 71 when two cloisters
/// leave.
#[test]
fn the_recommended_variant_takes_two_base_cloisters_out() {
    let kit = kit();
    let record = kit.record("church_open.json");
    let bag = |record: &carcassonne_core::GameRecord| {
        let mut config: GameConfig = record.config.clone();
        config.draw_order = None;
        Game::new(kit.rules(&config)).unwrap().state().tiles_left()
    };
    assert_eq!(bag(&record), 73);
    let fewer = with_variant(&record, INFO.id, "remove_cloisters", json!(2));
    assert_eq!(bag(&fewer), 71);
}
