//! Bridges, Castles & Bazaars replayed from hand-written records
//! (tests/records) and worked out by hand from the rules quoted in
//! docs/expansions/bridges-castles-and-bazaars.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side, a straight road west-east, a field north of the road
//! (touching the city) and one south of it. Ann is player 0, Bob 1, Cid 2.
//! The base tiles used: E (a city cap on the north side, field round it), U
//! (a straight road west-east), A (a cloister with a road ending at it from
//! the south), B (a cloister in a field), C (a city on all four sides), L (a
//! city cap north and three roads ending at a junction). A bazaar's tiles
//! come from the bag as draws would take them, so from the record's draw
//! order: each test names them and checks them in the state.

use carcassonne_bridges_castles_and_bazaars::{Auction, INFO, State, Step};
use carcassonne_core::figures::Spot;
use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Action, AfterPlacing, Decision, Event, Game, Pos, SuppliedTile, WholeMove};
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play, with_parts_only, with_variant};

const CASTLE: &str = "bridges-castles-and-bazaars.castle";
const BAZAAR: &str = "bridges-castles-and-bazaars.bazaar";

fn kit() -> Kit {
    // Inns & Cathedrals reads the inns on BCB-I and BCB-K; Hills & Sheep's
    // caps carry this expansion's marks; Traders & Builders' builder gives
    // second tiles.
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_hills_and_sheep::INFO)
        .with(&carcassonne_traders_and_builders::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_cult::INFO)
}

fn scores(game: &Game) -> Vec<i32> {
    (0..game.state().players() as u8)
        .map(|p| game.state().score(p))
        .collect()
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

/// The expansion's log details of the last decision.
fn details(game: &Game) -> Vec<Value> {
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { detail, .. } => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

/// Who decides now, and whether it is this expansion's decision.
fn decider(game: &Game) -> (u8, bool) {
    match game.decision().expect("a decision is pending") {
        Decision::Expansion { player, slot, .. } => {
            (player, game.rules().expansions()[slot as usize].info.id == INFO.id)
        }
        Decision::Place { player, .. } | Decision::Deploy { player, .. } => (player, false),
    }
}

fn labels(game: &Game) -> Vec<String> {
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    all.iter().map(|a| game.action_label(a)).collect()
}

fn ids(game: &Game, tiles: &[u16]) -> Vec<String> {
    tiles.iter().map(|&t| game.rules().tile(t).def.id.clone()).collect()
}

fn auction(game: &Game) -> &Auction {
    state(game).auction.as_ref().expect("a bazaar is under way")
}

/// castle.json. Ann's E at (0,-1) turned 180° closes D's cap: a small city
/// of two caps with her one follower. She makes a castle of it: the city
/// scores nothing (Ann 0 for cities), the follower stays (on the tile, off
/// the city), and she has 2 castles left. Bob's U at (1,0) extends D's road;
/// Ann's A at (-1,0) (turned 270°: the road ends at its cloister on the
/// east) takes a farmer into the field that D's two fields, A's and U's
/// make one; Bob's A at (2,0) (turned 90°) ends the road: 4 tiles, 4
/// points, nobody on it. The road runs over the castle's tile (0,0) and its
/// neighbours (-1,0) and (1,0): Ann's castle scores the road's 4 points and
/// the follower goes home. At the end Ann's farmer's field touches the
/// castle: a completed city worth 3 + 1 = 4. Ann 4 + 4 = 8, Bob 0.
#[test]
fn a_small_city_becomes_a_castle_that_scores_the_road_completed_beside_it() {
    let kit = kit();
    let game = kit.replay_first("castle.json", 2);
    assert_eq!(decider(&game), (0, true), "Ann decides after her deployment");
    let words = labels(&game);
    assert!(
        words[0].starts_with("Make a castle of the small city (south) on the new tile"),
        "{words:?}"
    );
    assert!(words[1].starts_with("Score the small city (south)"), "{words:?}");
    let game = kit.replay_first("castle.json", 3);
    assert_eq!(details(&game), [json!({ "castle": { "owner": 0, "at": [0, -1] } })]);
    let s = state(&game);
    assert_eq!(s.castles_left, [2, 3]);
    assert_eq!(s.castles.len(), 1);
    assert_eq!(s.castles[0].tiles, [Pos::new(0, -1), Pos::new(0, 0)]);
    let follower = game
        .state()
        .figure(s.castles[0].follower.expect("on the castle"))
        .expect("on the board");
    assert_eq!((follower.spot, follower.node), (Spot::Tile, None));
    assert_eq!(points(&game, 0, "cities"), 0, "a castle is not scored as a city");
    let game = kit.replay("castle.json");
    assert_eq!(points(&game, 0, CASTLE), 4);
    assert_eq!(points(&game, 0, "roads"), 0, "nobody was on the road");
    assert_eq!(points(&game, 0, "farms"), 4, "a castle counts 4 for a farm");
    assert_eq!(scores(&game), [8, 0]);
    assert_eq!(state(&game).castles[0].points, Some(4));
    let follower = game.rules().figure_index("follower").unwrap();
    assert_eq!(
        game.state().supply(0, follower),
        6,
        "the castle's follower came home, the farmer stays"
    );
}

/// castle.json, declined: Ann scores the small city as usual, 2 tiles × 2
/// = 4, and keeps her 3 castles.
#[test]
fn a_declined_castle_scores_the_city() {
    let kit = kit();
    let mut game = kit.replay_first("castle.json", 2);
    try_play(&mut game, r#"{"bridges-castles-and-bazaars": "no-castle"}"#).expect("listed");
    assert_eq!(points(&game, 0, "cities"), 4);
    assert_eq!(state(&game).castles_left, [3, 3]);
    assert!(state(&game).castles.is_empty());
}

/// castle.json without its last tile (draw order E, U, A): the road is not
/// completed, so the castle still waits when the game ends. It scores 0 and
/// its follower stays; Ann's farmer's field touches it: 3 + 1 = 4. Ann 4.
#[test]
fn a_waiting_castle_scores_nothing_at_the_end_and_counts_four_for_its_farm() {
    let kit = kit();
    let mut record = kit.record("castle.json");
    record.config.draw_order = Some(vec!["E".into(), "U".into(), "A".into()]);
    record.moves.truncate(7);
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, CASTLE), 0);
    assert_eq!(points(&game, 0, "farms"), 4);
    assert_eq!(scores(&game), [4, 0]);
    assert!(
        state(&game).castles[0].follower.is_some(),
        "the follower stays on the castle"
    );
}

/// castle_chain.json. Ann's castle on (0,-1) and (0,0), lying north-south:
/// its six tiles are those two and the tiles west and east of both,
/// (-1,-1), (-1,0), (1,-1), (1,0). Bob's E at (1,-1) (turned 90°, cap east)
/// with his follower; Ann's E at (2,-1) (turned 270°) closes it: a small
/// city whose one follower is Bob's, so Bob decides on Ann's turn, and
/// makes a castle lying west-east: its tiles (1,-1), (2,-1) and those north
/// and south of both, (1,-2), (2,-2), (1,0), (2,0). Ann's castle does not
/// score then: a castle made is not a completed feature. Bob's U at (-1,0);
/// Ann's A at (2,0) turned 270° (road east); Bob's A at (3,0) turned 90°
/// (road west) ends a 2-tile road on (2,0) and (3,0): only Bob's castle
/// lies beside it: Bob 2. Bob's castle, now complete, lies on (1,-1), one of
/// Ann's castle's tiles: Ann's castle scores the same 2. Ann 2, Bob 2.
#[test]
fn castles_chain_and_the_owner_of_the_small_city_decides_on_any_turn() {
    let kit = kit();
    let game = kit.replay_first("castle_chain.json", 7);
    assert_eq!(game.state().turn().player, 0, "Ann's turn");
    assert_eq!(decider(&game), (1, true), "Bob decides about his city");
    let game = kit.replay_first("castle_chain.json", 8);
    let s = state(&game);
    assert_eq!(s.castles_left, [2, 2]);
    assert_eq!(s.castles.iter().map(|c| c.points).collect::<Vec<_>>(), [None, None]);
    assert!(s.castles[1].vicinity().contains(&Pos::new(2, 0)));
    assert!(s.castles[0].vicinity().contains(&Pos::new(1, -1)));
    let game = kit.replay("castle_chain.json");
    assert_eq!(
        details(&game),
        [
            json!({ "castle_scored": { "owner": 1, "points": 2, "what": "road" } }),
            json!({ "castle_scored": { "owner": 0, "points": 2, "what": "castle" } }),
        ]
    );
    assert_eq!(scores(&game), [2, 2]);
}

/// castle_best.json. Ann's castle on (0,-1) and (0,0) as before. Bob's A at
/// (1,0) ends D's road on the east; Ann's E at (-1,-1) turned 180° puts a
/// cap facing south. Bob's L at (-1,0) closes that cap (a small city: 2
/// tiles, 4 points) and ends the road at its junction (L, D, A: 3 tiles, 3
/// points); Bob's follower goes into the city, which makes him the owner of
/// a small city: he declines the castle and scores 4. Both features lie
/// beside Ann's castle; it scores the most valuable, the city: 4. Ann 4,
/// Bob 4.
#[test]
fn a_castle_scores_the_most_valuable_feature_completed_beside_it() {
    let kit = kit();
    let game = kit.replay("castle_best.json");
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!(points(&game, 0, CASTLE), 4);
    assert_eq!(scores(&game), [4, 4]);
}

/// castle_best.json, Bob making a castle of his small city instead: it is
/// no completed city, so Ann's castle scores the road, 3. Bob's castle,
/// made this turn, waits (and scores 0 at the end). Ann 3, Bob 0.
#[test]
fn a_city_made_a_castle_does_not_count_as_completed() {
    let kit = kit();
    let mut game = kit.replay_first("castle_best.json", 9);
    assert_eq!(decider(&game), (1, true));
    try_play(&mut game, r#"{"bridges-castles-and-bazaars": "castle"}"#).expect("listed");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, CASTLE), 3);
    assert_eq!(scores(&game), [3, 0]);
    assert_eq!(state(&game).castles[1].points, None);
}

/// castle_base.json (with Hills & Sheep). Ann's HS-A at (0,-1) turned 180°
/// closes D's cap with her follower: a small city of two caps, but HS-A's
/// cap is marked `castle_base = false` (the marks file on Hills & Sheep's
/// tiles), so no castle is offered and Ann scores 4. Bob's BCB-D at (1,0)
/// turned 180° (its unmarkable cap now east) with his follower; Ann's E at
/// (2,0) turned 270° closes it: no castle either, Bob scores 4. Ann 4, Bob 4.
#[test]
fn caps_marked_castle_base_false_never_become_castles() {
    let kit = kit();
    let game = kit.replay_first("castle_base.json", 2);
    assert_eq!(decider(&game), (1, false), "no castle offered: Bob's turn");
    assert_eq!(points(&game, 0, "cities"), 4);
    let game = kit.replay("castle_base.json");
    assert_eq!(scores(&game), [4, 4]);
    assert!(state(&game).castles.is_empty());
}

/// bazaar.json (three players). Ann's BCB-F at (0,1) shows a bazaar: at the
/// end of her turn the next three tiles, U, E and BCB-J, are turned up.
/// Bob (after Ann) chooses E and opens at 2; Cid passes; Ann bids 3; Bob
/// buys: he pays Ann 3 (Bob −3, Ann +3). Bob has his tile, so Cid chooses
/// next: BCB-J, opening at 2; Ann, the only other player without a tile,
/// bids 3; Cid sells: Ann gets BCB-J and pays Cid 3 (Ann −3, Cid +3). The
/// last tile, U, is Cid's for nothing. Then Bob places E, Cid U and Ann
/// BCB-J on their turns, drawing nothing; BCB-J, though a bazaar tile, was
/// bought and starts no bazaar (4 tiles are left, enough for one). The four
/// B tiles are then drawn as usual. Nobody scores anything else: Ann 0,
/// Bob −3, Cid 3.
#[test]
fn a_bazaar_auctions_one_tile_per_player() {
    let kit = kit();
    let game = kit.replay_first("bazaar.json", 2);
    assert_eq!(ids(&game, &auction(&game).tiles), ["U", "E", "BCB-J"]);
    assert_eq!(decider(&game), (1, true), "Bob, after Ann, chooses first");
    assert_eq!(
        options(&game),
        (0..3)
            .map(|i| format!(r#"{{"bridges-castles-and-bazaars":{{"choose":{i}}}}}"#))
            .collect::<Vec<_>>()
    );
    assert!(
        labels(&game)[1].starts_with("Choose E (city cap) and open the bidding"),
        "{:?}",
        labels(&game)
    );
    let mut game = kit.replay_first("bazaar.json", 3);
    assert_eq!(options(&game).len(), 11, "an opening bid of 0 to 10");
    let refused = try_play(&mut game, r#"{"bridges-castles-and-bazaars": {"bid": 11}}"#);
    assert!(refused.is_err(), "beyond the bid range");
    let mut game = kit.replay_first("bazaar.json", 5);
    assert_eq!(decider(&game), (0, true), "Ann bids after Cid passed");
    let refused = try_play(&mut game, r#"{"bridges-castles-and-bazaars": {"bid": 2}}"#);
    assert!(refused.is_err(), "a raise must be above the bid");
    let game = kit.replay_first("bazaar.json", 6);
    assert!(matches!(
        auction(&game).step,
        Step::Settle {
            chooser: 1,
            price: 3,
            leader: 0,
            ..
        }
    ));
    let game = kit.replay_first("bazaar.json", 7);
    assert_eq!(scores(&game), [3, -3, 0]);
    assert_eq!(decider(&game), (2, true), "Cid chooses next");
    let game = kit.replay_first("bazaar.json", 11);
    assert_eq!(scores(&game), [0, -3, 3]);
    assert!(state(&game).auction.is_none());
    let held: Vec<Option<String>> = state(&game)
        .held
        .iter()
        .map(|h| h.map(|t| game.rules().tile(t).def.id.clone()))
        .collect();
    // Bob's turn has begun: his E is the turn's tile (no longer held), placed
    // through the core's placement decision, Ann's and Cid's wait.
    assert_eq!(held, [Some("BCB-J".into()), None, Some("U".into())]);
    let e = game.rules().tile_by_id("E").expect("E").index;
    assert_eq!(game.decision(), Some(Decision::Place { player: 1, tile: e }));
    assert_eq!(
        game.state().turn().supplied,
        Some(SuppliedTile {
            tile: e,
            mandatory: true
        })
    );
    assert!(
        game.last_events()
            .iter()
            .any(|ev| matches!(ev, Event::TileSupplied { player: 1, tile, mandatory: true, .. } if *tile == e)),
        "{:?}",
        game.last_events()
    );
    assert!(
        !game
            .last_events()
            .iter()
            .any(|ev| matches!(ev, Event::TileDrawn { .. })),
        "nothing is drawn"
    );
    let game = kit.replay_first("bazaar.json", 17);
    assert!(state(&game).auction.is_none(), "a bought bazaar tile starts no bazaar");
    assert!(state(&game).held.iter().all(Option::is_none));
    // Four were left when Ann's turn ended; Bob has drawn one of them.
    assert_eq!(game.state().tiles_left(), 3);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
    let game = kit.replay("bazaar.json");
    assert_eq!(scores(&game), [0, -3, 3]);
    assert_eq!(points(&game, 2, BAZAAR), 3);
    assert_eq!(state(&game).placed_from_bazaar, 3);
    assert_eq!(state(&game).paid_to_nobody, 0);
}

/// bazaar.json with the bazaars off (castles alone): BCB-F starts nothing,
/// and Bob draws.
#[test]
fn without_the_bazaars_part_a_bazaar_tile_is_an_ordinary_tile() {
    let kit = kit();
    let record = with_parts_only(&kit.record("bazaar.json"), kit.catalog(), INFO.id, &["castles"]);
    let mut record = record;
    record.moves.truncate(2);
    let game = kit.replay_record(&record).expect("replays");
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

/// bazaar.json's bazaar with `bazaar_auction = "no-auction"`: Bob takes E,
/// Cid U, and Ann the last tile, BCB-J; nobody pays. They are placed as in
/// bazaar.json. Everyone 0.
#[test]
fn without_bidding_each_player_takes_a_tile() {
    let kit = kit();
    let b = |m: Value| json!({ "bridges-castles-and-bazaars": m });
    let mut builder = RecordBuilder::new(&["Ann", "Bob", "Cid"])
        .expansion(INFO.id)
        .variant(INFO.id, "bazaar_auction", "no-auction")
        .draw_order(&["BCB-F", "U", "E", "BCB-J", "B", "B", "B", "B"])
        .place("BCB-F", (0, 1), 0)
        .pass()
        .then(b(json!({ "choose": 1 })))
        .then(b(json!({ "choose": 0 })))
        .place("E", (-1, 1), 0)
        .pass()
        .place("U", (0, 2), 0)
        .pass()
        .place("BCB-J", (1, 0), 90)
        .pass();
    for at in [(0, 3), (1, 1), (0, 4), (1, -1)] {
        builder = builder.place("B", at, 0).pass();
    }
    // Without the bridges, which would ask about a bridge every turn.
    let record = with_parts_only(&builder.build(), kit.catalog(), INFO.id, &["castles", "bazaars"]);
    let mut first = record.clone();
    first.moves.truncate(2);
    let game = kit.replay_record(&first).expect("replays");
    assert_eq!(options(&game).len(), 3, "Bob takes one of three tiles");
    assert!(labels(&game)[1].starts_with("Take E"), "{:?}", labels(&game));
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(scores(&game), [0, 0, 0]);
    assert_eq!(points(&game, 0, BAZAAR), 0);
}

/// bazaar_unplaceable.json (three players). Ann's BCB-F at (0,1): E, C and U
/// are turned up. Bob chooses E and opens at 1; Cid and Ann pass: Bob keeps
/// E and pays 1 to nobody (Bob −1). Cid chooses C at 0, Ann passes: Cid
/// keeps it for nothing; Ann takes U. Bob's E at (0,-1) closes D's city:
/// no city side is left open, so Cid's C (a city on all four sides) fits
/// nowhere: it is discarded, and Cid draws BCB-I, a bazaar tile, which he
/// places at (0,2). Ann still holds U, so its bazaar waits (`bazaar_during_round
/// = "delay"`) until Ann has placed U at (1,0): then B, B, B are turned up
/// for Cid's bazaar; Ann chooses first and keeps one at 0, Bob keeps one at
/// 0, Cid takes the last. They are placed, and Bob draws the last B. Ann 0,
/// Bob −1, Cid 0.
#[test]
fn a_bought_tile_that_fits_nowhere_is_discarded_and_a_bazaar_drawn_meanwhile_waits() {
    let kit = kit();
    let game = kit.replay_first("bazaar_unplaceable.json", 6);
    assert_eq!(scores(&game), [0, -1, 0]);
    assert_eq!(state(&game).paid_to_nobody, 1, "an unraised bid goes to nobody");
    let game = kit.replay_first("bazaar_unplaceable.json", 11);
    assert_eq!(game.state().turn().player, 2);
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 2, .. })),
        "Cid draws instead of his bought tile"
    );
    // The core's discard of a supplied tile that fits nowhere, as of a drawn
    // one; then Cid's draw.
    let c = game.rules().tile_by_id("C").expect("C").index;
    assert_eq!(game.state().discarded(), [c]);
    assert!(state(&game).held[2].is_none(), "Cid no longer holds C");
    let kinds: Vec<&str> = game
        .last_events()
        .iter()
        .filter_map(|ev| match ev {
            Event::TileSupplied { .. } => Some("supplied"),
            Event::TileDiscarded { .. } => Some("discarded"),
            Event::TileDrawn { .. } => Some("drawn"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["supplied", "discarded", "drawn"]);
    assert_eq!(game.rules().tile(game.state().turn().drawn.unwrap()).def.id, "BCB-I");
    let game = kit.replay_first("bazaar_unplaceable.json", 13);
    assert_eq!(details(&game), [json!({ "delayed": 2 })]);
    assert_eq!(state(&game).waiting_bazaars, [2]);
    let game = kit.replay_first("bazaar_unplaceable.json", 15);
    assert_eq!(ids(&game, &auction(&game).tiles), ["B", "B", "B"]);
    assert_eq!(auction(&game).host, 2);
    assert_eq!(decider(&game), (0, true), "Ann, after Cid, chooses first");
    assert_eq!(options(&game).len(), 1, "three copies of one tile are one choice");
    let game = kit.replay("bazaar_unplaceable.json");
    assert_eq!(scores(&game), [0, -1, 0]);
}

/// bazaar_unplaceable.json under `bazaar_during_round = "ignore"`: Cid's
/// BCB-I starts no bazaar, so after Ann's U Bob draws.
#[test]
fn under_ignore_a_bazaar_tile_placed_during_a_round_starts_nothing() {
    let kit = kit();
    let ignoring = with_variant(
        &kit.record("bazaar_unplaceable.json"),
        INFO.id,
        "bazaar_during_round",
        json!("ignore"),
    );
    let first = |n: usize| {
        let mut record = ignoring.clone();
        record.moves.truncate(n);
        kit.replay_record(&record).expect("replays")
    };
    assert_eq!(details(&first(13)), [json!({ "ignored": 2 })]);
    let game = first(15);
    assert!(state(&game).waiting_bazaars.is_empty());
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

/// Two players, draw order BCB-F, U: after Ann's BCB-F only 1 tile is
/// left, fewer than the players ("Skip this step if there are fewer tiles
/// remaining than there are players"): no bazaar, Bob draws.
#[test]
fn no_bazaar_when_the_bag_holds_fewer_tiles_than_players() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["BCB-F", "U"])
        .place("BCB-F", (0, 1), 0)
        .pass()
        .build();
    let record = with_parts_only(&record, kit.catalog(), INFO.id, &["castles", "bazaars"]);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(details(&game), [json!({ "no_bazaar": "tiles" })]);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

/// bazaar_last_tiles.json (three players, `no-auction`, castles and
/// bridges off). Ann's BCB-F at (0,1) leaves exactly 3 tiles, as many as
/// the players: the bazaar is held and empties the bag (E, C, U). Bob takes
/// E, Cid C, Ann the last, U. The game goes on while bought tiles are held:
/// Bob places E at (0,-1) turned 180°, closing D's city with his follower
/// (4). No city side is left open, so Cid's C fits nowhere: it is
/// discarded, and with the bag empty his turn ends without a tile (Ann
/// still holds U). Ann places U at (1,0) with a follower on the road; then
/// nobody holds a tile and the game ends: Ann's open road D–U scores 2.
/// Ann 2, Bob 4, Cid 0.
#[test]
fn the_bought_tiles_are_placed_after_the_bag_empties() {
    let kit = kit();
    let game = kit.replay_first("bazaar_last_tiles.json", 4);
    assert_eq!(game.state().tiles_left(), 0, "the bazaar took the last tiles");
    // Bob's E is already the turn's tile; Ann and Cid hold theirs.
    let held: Vec<u16> = state(&game).held.iter().flatten().copied().collect();
    assert_eq!(ids(&game, &held), ["U", "C"], "Ann's and Cid's tiles");
    assert!(state(&game).held[1].is_none());
    assert!(!game.is_over(), "bought tiles are still held");
    assert_eq!(
        game.decision(),
        Some(Decision::Place {
            player: 1,
            tile: game.rules().tile_by_id("E").expect("E").index
        }),
        "Bob places his E"
    );
    let game = kit.replay_first("bazaar_last_tiles.json", 6);
    assert_eq!(scores(&game), [0, 4, 0]);
    assert_eq!(game.state().turn().player, 0, "Cid's turn ended without a tile");
    assert_eq!(
        game.decision(),
        Some(Decision::Place {
            player: 0,
            tile: u(&game)
        }),
        "Ann places her U"
    );
    assert_eq!(state(&game).held, [None, None, None]);
    let game = kit.replay("bazaar_last_tiles.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), [2, 4, 0]);
}

fn u(game: &Game) -> u16 {
    game.rules().tile_by_id("U").expect("U").index
}

/// bazaar_builder.json (with Traders & Builders). Ann's follower on the
/// road of U at (1,0), her builder on it at (2,0); her BCB-J at (3,0)
/// (turned 90°: road ends west and east) extends that road: a second tile.
/// `auction-first`: the bazaar comes at once, before it: B and B; Bob
/// keeps one at 0, Ann takes the other. Ann's second tile is drawn (a B at
/// (1,1)); Bob then Ann place their bought tiles; Bob draws the last B. At
/// the end Ann's road (D, U, U, BCB-J, open west) scores 4. Ann 4, Bob 0.
#[test]
fn the_bazaar_comes_before_the_builders_second_tile() {
    let kit = kit();
    let game = kit.replay_first("bazaar_builder.json", 10);
    assert_eq!(decider(&game), (1, true), "the auction, Bob choosing");
    let game = kit.replay_first("bazaar_builder.json", 13);
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 0, .. })),
        "Ann's second tile is drawn"
    );
    assert!(game.state().turn().extra);
    let game = kit.replay("bazaar_builder.json");
    assert_eq!(scores(&game), [4, 0]);
}

/// bazaar_builder_first.json: as bazaar_builder.json under `builder-first`
/// (JCloisterZone): Ann plays her second tile first, then the bazaar is
/// held. Ann 4, Bob 0.
#[test]
fn under_builder_first_the_second_tile_comes_before_the_bazaar() {
    let kit = kit();
    let game = kit.replay_first("bazaar_builder_first.json", 10);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 0, .. })));
    let game = kit.replay_first("bazaar_builder_first.json", 12);
    assert_eq!(decider(&game), (1, true), "now the auction");
    let game = kit.replay("bazaar_builder_first.json");
    assert_eq!(scores(&game), [4, 0]);
}

/// The expansion's move `json` (`{"bridge": …}` or `"no-bridge"`) on
/// `game`, kept as a refusal's message.
fn bridge_refusal(game: &Game, json: &str) -> String {
    let text = format!("{{\"{}\": {json}}}", INFO.id);
    let mut copy = game.clone();
    match try_play(&mut copy, &text) {
        Ok(()) => panic!("{json} was accepted"),
        Err(e) => e.message,
    }
}

/// bridge_new_tile.json. Ann's B (a cloister in a field) at (1,0) meets
/// D's road with its west field side: legal only with a bridge across B
/// west–east, which she must lay (no other bridge makes the edge good, and
/// she may not decline). She deploys on the bridge's road (`road+EW`). Bob's
/// E at (1,-1) meets B's field; he may lay a bridge across E west–east and
/// declines. East of the bridge the road's end demands a road: E turned to
/// show its city or its field there (its other side on that axis being its
/// city) is refused. Ann's A at (2,0) turned 90° and Bob's A at (-1,0)
/// turned 270° end the road at their cloisters: D, B, and the two As, 4
/// tiles, 4 points to Ann's follower on the bridge. Ann 4, Bob 0; Ann has
/// 2 bridges left, Bob 3.
#[test]
fn a_bridge_on_the_new_tile_makes_its_placement_legal_and_carries_a_scored_road() {
    let kit = kit();
    let game = kit.replay_first("bridge_new_tile.json", 1);
    assert_eq!(decider(&game), (0, true), "Ann must lay her bridge");
    assert_eq!(
        options(&game),
        [r#"{"bridges-castles-and-bazaars":{"bridge":{"at":[1,0],"axis":"WE"}}}"#],
        "only the bridge across B, no pass"
    );
    assert!(bridge_refusal(&game, r#""no-bridge""#).contains("a bridge must continue the road"));
    assert!(bridge_refusal(&game, r#"{"bridge":{"at":[1,0],"axis":"NS"}}"#).contains("both ends on field sides"));
    assert!(bridge_refusal(&game, r#"{"bridge":{"at":[0,0],"axis":"WE"}}"#).contains("both ends on field sides"));
    let game = kit.replay_first("bridge_new_tile.json", 2);
    assert_eq!(state(&game).bridges_left, [2, 3]);
    assert_eq!(state(&game).bridges.len(), 1);
    assert!(
        options(&game).iter().any(|o| o.contains(r#""feature":"road+EW""#)),
        "a follower may stand on the bridge: {:?}",
        options(&game)
    );
    let game = kit.replay_first("bridge_new_tile.json", 4);
    assert_eq!(decider(&game), (1, true), "Bob may lay a bridge");
    assert_eq!(
        options(&game),
        [
            r#"{"bridges-castles-and-bazaars":{"bridge":{"at":[1,-1],"axis":"WE"}}}"#,
            r#"{"bridges-castles-and-bazaars":"no-bridge"}"#
        ]
    );
    assert!(bridge_refusal(&game, r#"{"bridge":{"at":[1,0],"axis":"WE"}}"#).contains("no bridge yet"));
    let game = kit.replay_first("bridge_new_tile.json", 3);
    for rotation in [90, 270] {
        let refused = try_play(
            &mut game.clone(),
            &format!(r#"{{"place":{{"tile":"E","at":[2,0],"rotation":{rotation}}}}}"#),
        )
        .expect_err("E cannot meet the road's end");
        assert!(refused.message.contains("does not fit"), "{}", refused.message);
    }
    let game = kit.replay("bridge_new_tile.json");
    assert_eq!(points(&game, 0, "roads"), 4, "D, B (with the bridge) and the two As");
    assert_eq!(scores(&game), [4, 0]);
    assert_eq!(state(&game).bridges_left, [2, 3]);
}

/// bridge_neighbour.json. Ann's B at (0,1) under D; she declines a bridge.
/// Bob's U at (1,1) meets B's east field side with its road: legal only
/// with a bridge across B west–east (on the neighbour), which Bob lays; his
/// follower on U's road stands on the road the bridge continues. Ann's B at
/// (-1,1) meets the bridge's west end with its field side: she must lay a
/// bridge across it. The road (two bridges and U) is open at both ends:
/// Bob's follower scores 3 at the end. Ann 0, Bob 3; 2 bridges left each.
#[test]
fn a_bridge_on_a_neighbour_makes_a_road_placement_legal() {
    let kit = kit();
    let game = kit.replay_first("bridge_neighbour.json", 4);
    assert_eq!(decider(&game), (1, true));
    assert_eq!(
        options(&game),
        [r#"{"bridges-castles-and-bazaars":{"bridge":{"at":[0,1],"axis":"WE"}}}"#]
    );
    let game = kit.replay_first("bridge_neighbour.json", 5);
    let s = game.state();
    let bridge = s.node_at(Pos::new(0, 1), 2).expect("the bridge is B's third feature");
    let u_road = s.node_at(Pos::new(1, 1), 0).expect("U's road");
    assert_eq!(s.features().root(bridge), s.features().root(u_road));
    let game = kit.replay_first("bridge_neighbour.json", 7);
    assert_eq!(
        options(&game),
        [r#"{"bridges-castles-and-bazaars":{"bridge":{"at":[-1,1],"axis":"WE"}}}"#]
    );
    let game = kit.replay("bridge_neighbour.json");
    assert_eq!(state(&game).bridges_left, [2, 2]);
    assert_eq!(points(&game, 1, "roads"), 3, "two bridged tiles and U");
    assert_eq!(scores(&game), [0, 3]);
}

/// bridge_field.json. Ann's E at (0,1) turned 180° (its city south, a field
/// round it joining D's south field) takes a bridge west–east, and Ann's
/// farmer in its field. The field under the bridge stays one: D's south
/// field, E's field north and south of the bridge, all one farm. Bob's U
/// at (1,1) continues the bridge's road (he declines a bridge); Ann's E at
/// (0,2) closes the small city (nobody in it: no castle). At the end Ann's
/// farm touches that completed city: 3 points. Ann 3, Bob 0.
#[test]
fn the_field_under_a_bridge_stays_one_field_for_the_farmers() {
    let kit = kit();
    let game = kit.replay_first("bridge_field.json", 2);
    let s = game.state();
    let d_south = s.node_at(Pos::new(0, 0), 3).expect("D's south field");
    let e_field = s.node_at(Pos::new(0, 1), 1).expect("E's field");
    assert_eq!(s.features().root(d_south), s.features().root(e_field));
    let game = kit.replay_first("bridge_field.json", 4);
    let s = game.state();
    let bridge = s.node_at(Pos::new(0, 1), 2).expect("the bridge");
    let u_road = s.node_at(Pos::new(1, 1), 0).expect("U's road");
    assert_eq!(
        s.features().root(bridge),
        s.features().root(u_road),
        "U continues the bridge"
    );
    let game = kit.replay("bridge_field.json");
    assert_eq!(points(&game, 0, "farms"), 3, "the farm touches the completed city");
    assert_eq!(scores(&game), [3, 0]);
}

/// Five players have 2 bridges each; with the part off nobody has any and
/// nothing is asked.
#[test]
fn bridges_per_player_and_the_part_switched_off() {
    let kit = kit();
    let mut record = kit.record("bridge_field.json");
    record.config.players = (0..5)
        .map(|i| carcassonne_core::PlayerConfig {
            name: format!("P{i}"),
            bot: None,
        })
        .collect();
    record.moves.truncate(1);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(state(&game).bridges_left, [2; 5]);
    let mut record = with_parts_only(
        &kit.record("bridge_field.json"),
        kit.catalog(),
        INFO.id,
        &["castles", "bazaars"],
    );
    record.moves.truncate(1);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(state(&game).bridges_left, [0, 0]);
    assert_eq!(decider(&game), (0, false), "no bridge is offered: Ann deploys");
}

/// bridge_put_aside.json. Ann's W (a junction: a field north, roads east,
/// south and west) at (0,1) under D leaves no cell where a tile of fields
/// alone fits as it is: D's city north, and a road's end beside every other
/// cell. Bob's B (a cloister in a field) fits only with a bridge — across
/// B at (1,0), (-1,0), (1,1), (-1,1) or (0,2) — so he may put it aside
/// ("You may place a bridge"): the placement decision lists a pass after
/// the five placements. He does; B joins the discarded tiles and he draws
/// U, which he places at (1,0) continuing D's road, and declines a bridge.
/// The bag is then empty: 0 each, 3 bridges each.
#[test]
fn a_tile_that_fits_only_with_a_bridge_may_be_put_aside() {
    let kit = kit();
    // Ann's W fits without a bridge: it cannot be put aside.
    let game = kit.replay_first("bridge_put_aside.json", 0);
    let refused = try_play(&mut game.clone(), r#""pass""#).expect_err("W fits as it is");
    assert!(refused.message.contains("cannot be put aside"), "{}", refused.message);
    assert!(!options(&game).contains(&r#""pass""#.to_string()));

    let game = kit.replay_first("bridge_put_aside.json", 2);
    let b = game.rules().tile_by_id("B").expect("B").index;
    assert_eq!(game.decision(), Some(Decision::Place { player: 1, tile: b }));
    let listed = options(&game);
    assert_eq!(listed.len(), 6, "{listed:?}");
    assert_eq!(
        listed.last().map(String::as_str),
        Some(r#""pass""#),
        "the pass comes last"
    );
    for at in ["[1,0]", "[-1,0]", "[1,1]", "[-1,1]", "[0,2]"] {
        assert!(listed.iter().any(|o| o.contains(at)), "B at {at}: {listed:?}");
    }
    assert_eq!(
        labels(&game).last().map(String::as_str),
        Some("Put the tile aside: it fits only with a bridge")
    );
    // The whole moves list it too, last, and it plays as the pass does.
    let mut moves = Vec::new();
    game.moves(&mut moves);
    assert_eq!(moves.last(), Some(&carcassonne_core::WholeMove::put_aside()));
    let two_step = carcassonne_testkit::two_step_moves(&game);
    assert_eq!(two_step.len(), moves.len());
    assert!(moves.iter().all(|m| two_step.contains(m)));
    let mut whole = game.clone();
    whole
        .play_move(&carcassonne_core::WholeMove::put_aside())
        .expect("put aside");

    let game = kit.replay_first("bridge_put_aside.json", 3);
    assert!(
        game.last_events()
            .iter()
            .any(|e| matches!(e, Event::TilePutAside { player: 1, tile, .. } if *tile == b)),
        "{:?}",
        game.last_events()
    );
    assert_eq!(game.state().discarded(), [b]);
    let u = game.rules().tile_by_id("U").expect("U").index;
    assert_eq!(
        game.decision(),
        Some(Decision::Place { player: 1, tile: u }),
        "Bob draws again"
    );
    assert_eq!(whole.decision(), game.decision());
    assert_eq!(whole.state().discarded(), game.state().discarded());

    let game = kit.replay("bridge_put_aside.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), [0, 0]);
    assert_eq!(state(&game).bridges_left, [3, 3]);
}

/// Under `bridge_only_tile = "must-place"` the same B must be placed with
/// its bridge: no pass is listed, and one is refused with the game
/// unchanged.
#[test]
fn under_must_place_a_tile_that_fits_only_with_a_bridge_is_placed() {
    let kit = kit();
    let mut record = with_variant(
        &kit.record("bridge_put_aside.json"),
        INFO.id,
        "bridge_only_tile",
        json!("must-place"),
    );
    record.moves.truncate(2);
    let game = kit.replay_record(&record).expect("replays");
    let listed = options(&game);
    assert_eq!(listed.len(), 5, "{listed:?}");
    let mut copy = game.clone();
    let refused = try_play(&mut copy, r#""pass""#).expect_err("B must be placed");
    assert!(refused.message.contains("must place tile B"), "{}", refused.message);
    assert_eq!(copy.decision(), game.decision());
    assert_eq!(copy.state().tiles_left(), game.state().tiles_left());
    assert!(copy.state().discarded().is_empty());
}

/// bazaar_cult.json (two players, with The Cult; no bidding, bridges and
/// castles off). Ann's shrine CU-A at (0,1) south of D; Bob's cloister B at
/// (-1,1) beside it (the shrine faces one cloister); Ann's BCB-F at (0,2):
/// B and U are turned up, Bob takes B, Ann gets U. On his turn Bob's B is
/// the turn's tile, handed over by the bazaar and placed through the core's
/// placement decision, so The Cult's veto applies to it as to a drawn
/// tile: (1,1) is refused ("a shrine may not neighbour several cloisters":
/// CU-A already faces the cloister at (-1,1)), as are (1,2) and (-1,2),
/// all round the shrine. The bazaar's own listing, which matched edges
/// only, offered them. Bob places B at (0,3); Ann her U at (1,0) continuing
/// D's road; nobody holds a tile and the bag is empty: the game ends, 0
/// each.
#[test]
fn a_bought_tile_meets_another_expansions_veto() {
    let kit = kit();
    let mut game = kit.replay_first("bazaar_cult.json", 7);
    let b = game.rules().tile_by_id("B").expect("B").index;
    assert_eq!(game.decision(), Some(Decision::Place { player: 1, tile: b }));
    let mut listed = Vec::new();
    game.placements(b, |at, _| listed.push(at));
    for at in [Pos::new(1, 1), Pos::new(1, 2), Pos::new(-1, 2)] {
        assert!(!listed.contains(&at), "{at} is round the shrine: {listed:?}");
        // Every edge matches there: only the veto keeps the bought tile out.
        assert!(
            game.state()
                .board()
                .fits(game.rules().tile(b), carcassonne_core::Rotation::NONE, at)
        );
    }
    assert!(listed.contains(&Pos::new(0, 3)));
    let mut moves = Vec::new();
    game.moves(&mut moves);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.pos != Pos::new(1, 1)), "the whole moves agree");
    let refused = try_play(&mut game, r#"{"place": {"at": [1, 1], "rotation": 0}}"#).expect_err("vetoed");
    assert!(refused.message.contains("cloister"), "{}", refused.message);
    let game = kit.replay("bazaar_cult.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), [0, 0]);
    assert_eq!(state(&game).placed_from_bazaar, 2);
    assert!(
        game.state().set_aside().is_empty(),
        "the bought tiles left the tiles set aside"
    );
}

/// bazaar_abbey.json (two players, with Abbey & Mayor's abbeys; no
/// bidding, bridges and castles off). U at (-1,0) and (1,0), B at (-1,1),
/// (1,1), (-1,2) and (0,2) leave a hole at (0,1). Ann, offered her abbey,
/// draws BCB-F and places it at (0,3): E and E are turned up, Bob takes
/// one, Ann the other. "If you have a tile from a previous bazaar auction,
/// you must use that tile", and the FAQ forbids an abbey instead: on
/// Bob's turn and on Ann's the bought E is the turn's tile, supplied as
/// mandatory, and neither is offered the abbey though the hole is there;
/// both place their E (turned 180°, at (-1,3) and (1,2)). On Bob's next
/// turn, drawing from the bag, he is offered the abbey again.
#[test]
fn no_abbey_instead_of_a_bought_tile() {
    let kit = kit();
    let game = kit.replay_first("bazaar_abbey.json", 12);
    assert!(
        matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })),
        "Ann, drawing, is offered her abbey: {:?}",
        game.decision()
    );
    let e = game.rules().tile_by_id("E").expect("E").index;
    let game = kit.replay_first("bazaar_abbey.json", 16);
    assert_eq!(game.state().turn().player, 1);
    assert_eq!(
        game.decision(),
        Some(Decision::Place { player: 1, tile: e }),
        "Bob places his bought E: no abbey offered"
    );
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert!(actions.iter().all(|a| matches!(a, Action::Place { .. })));
    // The whole moves list the bought tile's placements, each with its
    // deployments and a pass.
    let mut moves: Vec<WholeMove> = Vec::new();
    game.moves(&mut moves);
    let mut placements = Vec::new();
    game.placements(e, |at, rotation| placements.push((at, rotation)));
    assert!(placements.contains(&(
        Pos::new(-1, 3),
        carcassonne_core::Rotation::from_degrees(180).expect("180")
    )));
    for (at, rotation) in &placements {
        assert!(
            moves
                .iter()
                .any(|m| m.pos == *at && m.rotation == *rotation && m.then == AfterPlacing::Pass),
            "{at} {rotation:?} listed with a pass"
        );
    }
    let game = kit.replay_first("bazaar_abbey.json", 18);
    assert_eq!(game.state().turn().player, 0);
    assert_eq!(game.decision(), Some(Decision::Place { player: 0, tile: e }), "nor Ann");
    let game = kit.replay("bazaar_abbey.json");
    assert_eq!(game.state().turn().player, 1);
    assert!(game.state().turn().supplied.is_none(), "Bob draws from the bag");
    match game.decision() {
        Some(Decision::Expansion { player: 1, slot, .. }) => {
            assert_eq!(game.rules().expansions()[slot as usize].info.id, "abbey-and-mayor");
        }
        other => panic!("Bob is offered the abbey again: {other:?}"),
    }
    assert!(options(&game).contains(&r#"{"abbey-and-mayor":{"abbey":[0,1]}}"#.to_string()));
}

/// bazaar_bridge.json (two players, bridges and bazaars, no bidding).
/// Ann's BCB-F at (0,1), no bridge: B and U are turned up; Bob takes B,
/// Ann U. Bob's bought B is the turn's tile of the core's placement
/// decision, with the bridges' relaxed placements: (1,0) and (-1,0), where
/// B's field side meets D's road, are listed (the bazaar's own listing
/// matched edges only and left them out). Bob places B at (1,0) and must
/// lay the bridge across it west–east (the only option; `"no-bridge"`
/// refused); his follower goes on the bridge (`road+EW`). Ann's U at (2,0)
/// continues the road, no bridge. Bob draws E and closes D's city cap at
/// (0,-1), nobody in it. At the end Bob's open road D, B, U scores 3. Ann
/// 0, Bob 3; Bob has 2 bridges left.
#[test]
fn a_bought_tile_may_need_a_bridge() {
    let kit = kit();
    let game = kit.replay_first("bazaar_bridge.json", 4);
    let b = game.rules().tile_by_id("B").expect("B").index;
    assert_eq!(game.decision(), Some(Decision::Place { player: 1, tile: b }));
    let mut listed = Vec::new();
    game.placements(b, |at, _| listed.push(at));
    for at in [Pos::new(1, 0), Pos::new(-1, 0)] {
        assert!(listed.contains(&at), "{at}: {listed:?}");
        assert!(
            !game
                .state()
                .board()
                .fits(game.rules().tile(b), carcassonne_core::Rotation::NONE, at),
            "only a bridge makes {at} fit"
        );
    }
    let mut game = kit.replay_first("bazaar_bridge.json", 5);
    assert_eq!(
        options(&game),
        [r#"{"bridges-castles-and-bazaars":{"bridge":{"at":[1,0],"axis":"WE"}}}"#]
    );
    assert!(try_play(&mut game, r#"{"bridges-castles-and-bazaars": "no-bridge"}"#).is_err());
    let game = kit.replay_first("bazaar_bridge.json", 6);
    assert!(options(&game).contains(&r#"{"deploy":{"feature":"road+EW"}}"#.to_string()));
    let game = kit.replay("bazaar_bridge.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), [0, 3]);
    assert_eq!(state(&game).bridges_left, [3, 2]);
    assert_eq!(state(&game).placed_from_bazaar, 2);
}
