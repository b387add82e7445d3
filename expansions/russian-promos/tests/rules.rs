//! The Russian Promos replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/russian-promos.md. The start tile D at (0, 0) has a
//! city cap north and a road west–east; y grows southwards. Ann is player
//! 0, Bob player 1; each has 7 followers.

use carcassonne_core::figures::Spot;
use carcassonne_core::{Game, Pos};
use carcassonne_russian_promos::{INFO, VARIANT_TRAPS};
use carcassonne_testkit::{Kit, options, points, try_play, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_traders_and_builders::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

fn follower(game: &Game) -> u8 {
    game.state().tables().figure_index("follower").unwrap()
}

/// Where `player`'s followers stand, sorted: (x, y, on the tile itself).
fn followers_of(game: &Game, player: u8) -> Vec<(i32, i32, bool)> {
    let kind = follower(game);
    let mut out: Vec<(i32, i32, bool)> = game
        .state()
        .figures()
        .iter()
        .filter(|f| f.owner == player && f.kind == kind)
        .map(|f| (f.pos.x, f.pos.y, f.spot == Spot::Tile))
        .collect();
    out.sort_unstable();
    out
}

/// hut_open.json (JCloisterZone's "Yaga hut scoring" case). Ann's RU-A at
/// (0,1), her follower on the hut; Bob's U at (1,0). At the end 2 of the 8
/// places round the hut hold tiles (D and U): 1 for the hut and 1 for each
/// of the 6 empty places, 7 (JCZ: "Alice has 7 points").
#[test]
fn baba_yaga_scores_the_hut_and_the_empty_places_round_it() {
    let game = kit().replay("hut_open.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (7, 0));
    assert_eq!(points(&game, 0, "yaga-hut"), 7);
}

/// hut_surrounded.json. The hut at (0,1) with Ann's follower; U at (-1,0)
/// and (1,0), B at (-1,1), (1,1), (-1,2), (1,2), and Bob's E turned 180° at
/// (0,2) fill the 8 places round it: "If Baba Yaga's hut is completely
/// surrounded, the follower is returned to the player's supply and the
/// player scores only 1 point." Nobody else holds anything: Ann 1, her 7
/// followers home.
#[test]
fn a_surrounded_hut_scores_1_and_its_follower_goes_home() {
    let game = kit().replay("hut_surrounded.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (1, 0));
    assert_eq!(points(&game, 0, "yaga-hut"), 1);
    assert_eq!(game.state().supply(0, follower(&game)), 7);
}

/// vodyanoy_stay.json. Ann's U at (1,0), her follower on the start road.
/// Bob's RU-D (the Vodyanoy) at (1,1), south of it: "all followers from the
/// adjacent tiles are moved onto the Vodyanoy tile". Ann's U at (2,0), no
/// deployment: she may free her follower and stays. At the end it "get[s]
/// -2 points": Ann -2; the road of 3 tiles is nobody's.
#[test]
fn the_vodyanoy_traps_the_followers_round_him_for_2_points_each() {
    let kit = kit();
    let after_lake = kit.replay_first("vodyanoy_stay.json", 4);
    assert_eq!(followers_of(&after_lake, 0), [(1, 1, true)]);
    let game = kit.replay("vodyanoy_stay.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (-2, 0));
    assert_eq!(points(&game, 0, "russian-promos.vodyanoy"), -2);
}

/// vodyanoy_free.json: vodyanoy_stay.json's game where Ann, who deploys
/// nothing on her second turn, frees her follower: "instead of placing a
/// follower, the player may return 1 follower from the Vodyanoy tile into
/// his/her supply". Nobody scores; Ann has her 7 followers.
#[test]
fn a_player_who_deploys_nothing_may_free_a_trapped_follower() {
    let kit = kit();
    let asked = kit.replay_first("vodyanoy_free.json", 6);
    assert_eq!(
        options(&asked),
        [
            r#"{"russian-promos":{"free":{"at":[1,1],"figure":"follower"}}}"#,
            r#"{"russian-promos":"stay"}"#
        ]
    );
    let game = kit.replay("vodyanoy_free.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (0, 0));
    assert_eq!(game.state().supply(0, follower(&game)), 7);
}

/// vodyanoy_later.json. Ann's RU-D at (0,1); no figure may stand on the
/// lake's tile, so she passes. Bob's U at (1,0), his follower on the start
/// road, diagonal to the lake: "All followers placed on any tile adjacent
/// to the Vodyanoy tile in future turns will also be moved onto the tile."
/// Ann's B at (-1,1), her monk in it, beside the lake: trapped too. Both
/// deployed, so nobody was asked to free one. -2 each.
#[test]
fn followers_placed_round_the_lake_later_are_trapped_at_once() {
    let kit = kit();
    let mut first = kit.replay_first("vodyanoy_later.json", 1);
    assert_eq!(options(&first), [r#""pass""#], "no figure on the lake's tile");
    let refused = try_play(&mut first, r#"{"deploy": {"feature": "field"}}"#);
    assert!(refused.is_err(), "a farmer on the lake's tile");
    let game = kit.replay("vodyanoy_later.json");
    assert!(game.is_over());
    assert_eq!(followers_of(&game, 0), [(0, 1, true)]);
    assert_eq!(followers_of(&game, 1), [(0, 1, true)]);
    assert_eq!(scores(&game), (-2, -2));
}

/// With the variant `traps` off (JCZ without its element `russian-trap`) the
/// lake is a plain field: vodyanoy_stay.json's follower stays on the road,
/// which scores 3 for Ann at the end, and she is never asked to free it
/// (the record's last move is left out).
#[test]
fn without_the_traps_variant_the_lake_traps_nothing() {
    let kit = kit();
    let mut record = with_variant(&kit.record("vodyanoy_stay.json"), INFO.id, VARIANT_TRAPS, false.into());
    record.moves.pop();
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 0));
}

/// solovei_nearest.json. Ann's U at (0,1), her follower on its road; Bob's
/// U at (-1,0), his on the start road; V at (1,0) and V turned 90° at (1,1)
/// join both roads into one. Ann's RU-C (Solovei Razboynik) at (-1,1)
/// extends its west end: along the road Ann's follower is 1 tile from the
/// tree, Bob's 5 ((0,1), (1,1), (1,0), (0,0), (-1,0)): "It will trap the
/// closest follower(s)", Ann's alone. She placed the tree this turn, so she
/// may not free it now. At the end Bob's road of 6 tiles: Bob 6.
#[test]
fn solovei_traps_the_nearest_follower_along_the_road() {
    let kit = kit();
    let after_tree = kit.replay_first("solovei_nearest.json", 9);
    assert_eq!(followers_of(&after_tree, 0), [(-1, 1, true)]);
    assert_eq!(followers_of(&after_tree, 1), [(-1, 0, false)]);
    let game = kit.replay("solovei_nearest.json");
    assert!(
        game.is_over(),
        "Ann is not asked to free a follower from the tree she placed"
    );
    assert_eq!(scores(&game), (0, 6));
}

/// solovei_again.json: solovei_nearest.json's game, then Bob's U at (-2,0)
/// extends the road again: the capture is triggered again and Bob's
/// follower, now the nearest, joins Ann's on the tree. Bob deployed
/// nothing, and the tree is not his turn's tile: he frees his follower.
/// Nobody scores.
#[test]
fn every_extension_of_the_road_springs_the_tree_again() {
    let kit = kit();
    let before_free = kit.replay_first("solovei_again.json", 12);
    assert_eq!(followers_of(&before_free, 1), [(-1, 1, true)]);
    let game = kit.replay("solovei_again.json");
    assert!(game.is_over());
    assert_eq!(followers_of(&game, 0), [(-1, 1, true)]);
    assert!(followers_of(&game, 1).is_empty());
    assert_eq!(scores(&game), (0, 0));
}

/// solovei_on_the_tree.json. Ann's RU-C at (1,0) extends the start road and
/// she puts a follower on it: a figure added to the road is caught at once
/// (it is the nearest). Bob's U at (2,0) extends the empty road. Nobody
/// scores; Ann's follower is on the tree.
#[test]
fn a_follower_placed_on_the_tree_s_road_is_caught_at_once() {
    let game = kit().replay("solovei_on_the_tree.json");
    assert!(game.is_over());
    assert_eq!(followers_of(&game, 0), [(1, 0, true)]);
    assert_eq!(scores(&game), (0, 0));
}

/// Where Ann's builder stands: (x, y, on the tile itself).
fn builder_of(game: &Game) -> Vec<(i32, i32, bool)> {
    let builder = game.state().tables().figure_index("builder").unwrap();
    game.state()
        .figures()
        .iter()
        .filter(|f| f.owner == 0 && f.kind == builder)
        .map(|f| (f.pos.x, f.pos.y, f.spot == Spot::Tile))
        .collect()
}

/// vodyanoy_builder.json, with Traders & Builders. Ann's U at (1,0), her
/// follower on the start road; Bob's U at (-1,0); Ann's U at (2,0), her
/// builder on that road; Bob's RU-D at (2,1), beside both. "The rules
/// allow the Vodyanoy tile to trap followers only": her follower goes onto
/// the lake (-2); her builder, left without her follower on the road, goes
/// home by Traders & Builders' rule ("builders and pigs may be returned to
/// their player's supply if the last player's follower supporting them on
/// a feature is trapped"). With the variant
/// `vodyanoy_special_figures` the builder goes onto the lake too, and costs
/// nothing ("Followers … get -2 points each"): -2 all the same.
#[test]
fn the_vodyanoy_traps_special_figures_only_with_the_variant() {
    let kit = kit();
    let game = kit.replay("vodyanoy_builder.json");
    assert!(game.is_over());
    assert_eq!(followers_of(&game, 0), [(2, 1, true)]);
    assert!(builder_of(&game).is_empty());
    assert_eq!(scores(&game), (-2, 0));
    let record = with_variant(
        &kit.record("vodyanoy_builder.json"),
        INFO.id,
        "vodyanoy_special_figures",
        true.into(),
    );
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(followers_of(&game, 0), [(2, 1, true)]);
    assert_eq!(builder_of(&game), [(2, 1, true)]);
    assert_eq!(scores(&game), (-2, 0));
}

/// solovei_builder.json, with Traders & Builders. Ann's U at (1,0), her
/// follower on the start road; Bob's U at (-1,0); Ann's U at (2,0), her
/// builder on the same road. Bob's RU-C at (3,0) extends it: "special
/// figures placed on roads, such as the builder, can also be trapped", and
/// the builder (1 tile from the tree) is nearer than the follower (2): the
/// builder alone goes onto the tree. At the end Ann's road of 5 tiles
/// scores 5.
#[test]
fn solovei_traps_a_special_figure_when_it_is_the_nearest() {
    let game = kit().replay("solovei_builder.json");
    assert!(game.is_over());
    let builder = game.state().tables().figure_index("builder").unwrap();
    let on_tree = game
        .state()
        .figures()
        .iter()
        .filter(|f| f.spot == Spot::Tile && f.pos == Pos::new(3, 0))
        .map(|f| f.kind)
        .collect::<Vec<_>>();
    assert_eq!(on_tree, [builder]);
    assert_eq!(followers_of(&game, 0), [(1, 0, false)]);
    assert_eq!(scores(&game), (5, 0));
}

/// solovei_then_vodyanoy.json. Ann's RU-D at (0,1); Bob's U at (-1,0);
/// Ann's U at (-2,0), her follower on the start road, 2 columns from the
/// lake. Bob's RU-C at (1,0) extends the road: Solovei takes Ann's
/// follower (3 tiles along the road) onto his tree, and the tree's tile is
/// diagonal to the lake: "Meeple trapped by Solovei and moved to Tile with
/// Solovei Tree. If this tile is adjacent to Vodyanoy, then Vodyanoy trap"
/// it. It ends on the lake: Ann -2.
#[test]
fn a_figure_caught_on_a_tree_beside_the_lake_goes_on_to_the_lake() {
    let game = kit().replay("solovei_then_vodyanoy.json");
    assert!(game.is_over());
    assert_eq!(followers_of(&game, 0), [(0, 1, true)]);
    assert_eq!(scores(&game), (-2, 0));
}
