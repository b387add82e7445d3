//! The City Gates replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/the-city-gates.md. The start tile D at (0, 0) has a city
//! cap north and a road west–east. Ann is player 0, Bob player 1. CG-A is
//! the walled city with four gates, CG-B a city open east with three gates
//! and a monastery.

use carcassonne_testkit::{Kit, points, try_play};
use carcassonne_the_city_gates::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// gates.json. Ann's straight road U at (-1,0) carries D's road west, her
/// follower on it. Bob's CG-A at (1,0) meets the road's east end with its
/// west gate ("a road is also limited by a city gate"); his follower goes
/// into its walled city, complete at once: "Inner city from city gates
/// scores for 4 points" (FanCloisterZone), Bob 4, not a 1-tile city's 2.
/// Ann's CG-B turned 180° at (-2,0) meets the road's west end with a gate:
/// the road of U and D is complete, 2 tiles, Ann 2.
#[test]
fn gates_end_roads_and_the_walled_city_scores_4() {
    let game = kit().replay("gates.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 2);
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!(game.state().score(1), 4);
}

/// "the City Gate cannot be placed next to a standard city tile edge": CG-A
/// north of D, its south gate against D's city, is refused. A gate against
/// another gate is allowed ("It is also allowed to place another city
/// gate. In this case, the 2 cities are not connected"): CG-B south of CG-A,
/// its north gate against CG-A's south gate; its own city stays open (CG-B's
/// east side), and CG-A's walled city is scored alone.
#[test]
fn a_gate_never_meets_a_city_but_meets_a_gate() {
    let kit = kit();
    let mut game = kit.replay_first("gates.json", 2);
    assert!(
        try_play(
            &mut game,
            r#"{"place": {"tile": "CG-A", "at": [0, -1], "rotation": 0}}"#
        )
        .is_err()
    );
    let mut game = kit.replay_first("gates.json", 4);
    try_play(&mut game, r#"{"place": {"tile": "CG-B", "at": [1, 1], "rotation": 0}}"#).expect("a gate meets a gate");
    try_play(&mut game, r#"{"deploy": {"feature": "city:E"}}"#).expect("the city behind the gates is free");
    assert!(game.is_over());
    // CG-B's city is open to the east: 1 tile at the end, Ann 1; her road
    // of U and D, open west, 2.
    assert_eq!(points(&game, 0, "cities"), 1);
    assert_eq!(points(&game, 0, "roads"), 2);
}
