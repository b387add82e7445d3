//! Little Buildings replayed from a hand-written record
//! (tests/records/buildings.json), worked out by hand from the rules quoted
//! in docs/expansions/little-buildings.md. The start tile D at (0, 0) has a
//! city cap north and a road west–east. Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_little_buildings::INFO;
use carcassonne_testkit::{Kit, options, points, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// Ann's follower on the road of U at (1,0) (joined with D's). Bob's U at
/// (-1,0) extends it; instead of a follower he puts a house on that tile.
/// The two A tiles end the road at their cloisters: A, U, D, U, A, 5 tiles
/// and one building on them: Ann, who wins the road, scores 5 and 1 ("RED
/// scores 7 points for the road (5 tiles and 2 buildings)"). Under the
/// `3/2/1` variant a house adds 2. The house is Bob's, but its points go to
/// whoever scores the feature.
#[test]
fn a_building_adds_to_every_feature_scored_over_its_tile() {
    let kit = kit();
    let game = kit.replay_first("buildings.json", 3);
    let offered = options(&game);
    for building in ["little-tower", "house", "shed"] {
        assert!(offered.iter().any(|o| o.contains(building)), "{building}: {offered:?}");
    }
    let game = kit.replay("buildings.json");
    assert_eq!(points(&game, 0, "roads"), 5);
    assert_eq!(points(&game, 0, "little-buildings"), 1);
    assert_eq!(points(&game, 1, "little-buildings"), 0);
    let record = with_variant(&kit.record("buildings.json"), INFO.id, "scoring", json!("3/2/1"));
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, "little-buildings"), 2);
    let house = game.rules().figure_index("house").unwrap();
    assert_eq!(
        game.state().supply(1, house),
        2,
        "3 houses for two players, one placed for good"
    );
}
