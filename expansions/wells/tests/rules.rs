//! The Wells replayed from hand-written records (tests/records), worked out
//! by hand from the rules quoted in docs/expansions/wells.md. The start
//! tile D at (0, 0) has a city cap north and a road west–east. Ann is
//! player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_testkit::{Kit, points, with_variant};
use carcassonne_wells::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
}

/// wells.json. Ann's WL-B at (1,0): a road from the west ends at its well;
/// it ends D's road; her follower on it. Bob's A turned 270° at (-1,0) ends
/// the road at its cloister: 3 tiles and 1 well, 4 points ("You score 7
/// points for this road, since there are four tiles and three wells").
/// The same road unfinished at the end (Bob's tile left out) scores 2 + 1.
#[test]
fn a_well_adds_a_point_to_its_road() {
    let kit = kit();
    let game = kit.replay("wells.json");
    assert_eq!(points(&game, 0, "roads"), 4);
    let mut record = kit.record("wells.json");
    record.moves.truncate(2);
    record.config.draw_order = Some(vec!["WL-B".into()]);
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 3, "unfinished: 2 tiles and a well");
}

/// inn.json (with Inns & Cathedrals). IC-B's road has an inn; WL-B ends it
/// east, A west: 4 tiles and a well, with an inn: "the scoring player(s)
/// receive each 2 points per tile forming this completed road and 2 points
/// per each well on this road": 8 + 2. Unfinished at the end, a road with an
/// inn scores nothing, wells included; under Inns & Cathedrals'
/// `final_scoring = "ignore"` it scores as any road: 3 tiles and the well.
#[test]
fn an_inn_doubles_the_wells_and_an_unfinished_inn_road_scores_none() {
    let kit = kit();
    let game = kit.replay("inn.json");
    assert_eq!(points(&game, 0, "roads"), 10);
    let mut record = kit.record("inn.json");
    record.moves.truncate(4);
    record.config.draw_order = Some(vec!["IC-B".into(), "WL-B".into()]);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, "roads"), 0);
    let ignore = with_variant(&record, "inns-and-cathedrals", "final_scoring", json!("ignore"));
    let game = kit.replay_record(&ignore).expect("replays");
    assert_eq!(points(&game, 0, "roads"), 4);
}

/// roundabout.json (with Abbey & Mayor, abbeys off). AM-K, the roundabout,
/// joins D's road and branches north and east; "The well on this
/// roundabout tile also grants the bonus" (a mark The Wells prints on that
/// tile). Three A tiles end the road's three ends: A, D, AM-K, A, A, 5
/// tiles and the well: Ann 6. Without The Wells the tile carries no well: 5.
#[test]
fn the_roundabouts_well_counts_through_the_mark() {
    let kit = kit();
    let game = kit.replay("roundabout.json");
    assert_eq!(points(&game, 0, "roads"), 6);
    let mut without = kit.record("roundabout.json");
    without.config.expansions.retain(|e| e != "wells");
    let game = kit.replay_record(&without).expect("replays");
    assert_eq!(points(&game, 0, "roads"), 5);
}

/// village-life.json (with Village Life, its donkey off: the road runs
/// through the start tile, where the donkey would stand and forbid
/// completing it). VL-J turned 90° at (1,0): its road, printed south with a
/// well beside it, now points west and ends D's road at the tile's centre;
/// Ann's follower on it. Bob's A turned 270° at (-1,0) ends the road at its
/// cloister: 3 tiles and VL-J's well, 4 points, as with The Wells' own
/// tiles ("each well is worth 1 point"). The well is a mark of The Wells on
/// Village Life's tile: without The Wells, 3.
#[test]
fn a_well_printed_on_a_village_life_tile_counts_through_the_mark() {
    let kit = kit().with(&carcassonne_village_life::INFO);
    let game = kit.replay("village-life.json");
    assert_eq!(points(&game, 0, "roads"), 4);
    let mut without = kit.record("village-life.json");
    without.config.expansions.retain(|e| e != "wells");
    let game = kit.replay_record(&without).expect("replays");
    assert_eq!(points(&game, 0, "roads"), 3);
}
