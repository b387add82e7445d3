//! Mage & Witch replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/mage-and-witch.md.
//! The start tile D at (0, 0) has a city cap north and a road west–east.
//! Ann is player 0, Bob player 1.

use carcassonne_core::{Decision, Game};
use carcassonne_mage_and_witch::{INFO, State};
use carcassonne_testkit::{Kit, options, points, try_play};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

/// mage_and_witch.json. Ann's MW-A (magic) at (1,0): its west road ends
/// D's road at a crossing. Before deploying she must place a figure: the
/// mage onto D's road. Her follower on that road. Bob's A turned 270° at
/// (-1,0) ends the road at its cloister: 3 tiles, 3 points, and the mage 1
/// a tile: Ann 6; the mage is set aside. Ann's MW-E (magic, two caps) at
/// (0,-1) completes D's city (nobody's): the witch cannot go there; she
/// goes onto MW-E's north cap, with Ann's knight. Bob's E turned 180° at
/// (0,-2) completes that city: 2 tiles, 4 points, halved by the witch: 2.
/// Ann 8.
#[test]
fn the_mage_adds_a_point_a_tile_and_the_witch_halves() {
    let kit = kit();
    let game = kit.replay_first("mage_and_witch.json", 1);
    assert!(
        matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })),
        "asked before deploying"
    );
    let game = kit.replay_first("mage_and_witch.json", 5);
    assert_eq!(points(&game, 0, "roads"), 6);
    assert!(state(&game).mage.is_none(), "set aside after scoring");
    let game = kit.replay_first("mage_and_witch.json", 6);
    assert!(
        !options(&game)
            .iter()
            .any(|o| o.contains("\"at\":[0,0],\"feature\":\"city:N\"")),
        "not onto the city MW-E just completed: {:?}",
        options(&game)
    );
    let game = kit.replay("mage_and_witch.json");
    assert_eq!(points(&game, 0, "cities"), 2);
    assert!(state(&game).witch.is_none());
    assert_eq!(game.state().score(0), 8);
}

/// joined.json. Ann's MW-A puts the mage on D's city (open north). Bob's
/// MW-B turned 270° at (1,-1) joins MW-A's cap with its city corner, open
/// west; the witch goes there (an option names a feature by its first
/// tile placed: MW-A's cap). Ann's N turned 180° at (0,-1) joins the two
/// cities and closes them: D's cap, N, MW-B and MW-A's cap, 4 tiles. Her
/// knight on it. The two figures now share a feature: before scoring she
/// must move one; she moves the witch onto MW-A's east road. The city
/// scores 8 and the mage's 4: Ann 12.
#[test]
fn figures_sharing_a_feature_are_parted_before_scoring() {
    let kit = kit();
    // An option names its feature by the feature's first tile; a move
    // naming the same feature by another of its tiles (as JCloisterZone's
    // saves do) is the same move, and plays as the listed one does.
    let mut by_other_tile = kit.replay_first("joined.json", 4);
    try_play(
        &mut by_other_tile,
        r#"{"mage-and-witch": {"witch": {"at": [1, -1], "feature": "city:S"}}}"#,
    )
    .expect("the same feature, named by another of its tiles");
    let mut game = kit.replay_first("joined.json", 4);
    try_play(
        &mut game,
        r#"{"mage-and-witch": {"witch": {"at": [1, 0], "feature": "city:N"}}}"#,
    )
    .expect("listed");
    assert_eq!(by_other_tile.state().score(0), game.state().score(0));
    assert!(state(&game).witch.is_some());
    assert_eq!(state(&by_other_tile).witch, state(&game).witch);
    let mut game = kit.replay_first("joined.json", 8);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    let offered = options(&game);
    assert!(offered.iter().any(|o| o.contains("mage")) && offered.iter().any(|o| o.contains("witch")));
    // Not onto the city they share.
    let refused = try_play(
        &mut game,
        r#"{"mage-and-witch": {"witch": {"at": [0, 0], "feature": "city:N"}}}"#,
    );
    assert!(refused.is_err());
    let game = kit.replay("joined.json");
    assert_eq!(points(&game, 0, "cities"), 12);
    assert!(state(&game).mage.is_none());
    assert_eq!(state(&game).witch.map(|s| [s.at.x, s.at.y]), Some([1, 0]));
}
