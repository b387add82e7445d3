//! The Phantom replayed from records written in code, worked out by hand
//! from the rules quoted in docs/expansions/the-phantom.md. The start tile
//! D at (0, 0) has a city cap north and a road west–east. Ann is player 0,
//! Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Decision, Game};
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play};
use carcassonne_the_phantom::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_the_princess_and_the_dragon::INFO)
        .with(&carcassonne_the_tower::INFO)
}

fn figures_of(game: &Game, player: u8) -> Vec<String> {
    let mut out: Vec<String> = game
        .state()
        .figures()
        .iter()
        .filter(|f| f.owner == player)
        .map(|f| {
            format!(
                "{} {}",
                game.rules().figures()[f.kind as usize].id,
                game.feature_name(f.pos, f.node.map_or(0, |n| game.state().feature_index(n)))
            )
        })
        .collect();
    out.sort();
    out
}

/// Ann's U at (1,0): a follower on its road, then the phantom on its north
/// field, in one turn. Bob's E turned 180° at (1,-1) closes nothing; Ann's
/// next U at (2,0): her phantom went in already, so after her follower
/// nothing more is offered. The road D–U–U is open at both ends at the
/// end: 3 tiles, Ann's 2 followers against nobody: 3; the north field's
/// farmer (the phantom) has the city of D and E… open: no farm points.
#[test]
fn the_phantom_is_a_second_follower_on_another_feature_of_the_tile() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["U", "U"])
        .place("U", (1, 0), 0)
        .deploy("road:E")
        .then(json!({ "deploy": { "figure": "phantom", "feature": "field:N" } }))
        .place("U", (-1, 0), 0)
        .pass()
        .build();
    let mut first = record.clone();
    first.moves.truncate(2);
    let mut game = kit.replay_record(&first).expect("replays");
    // The second deployment: only the phantom, on the tile's free features.
    assert!(matches!(game.decision(), Some(Decision::Deploy { player: 0, .. })));
    let offered = options(&game);
    assert!(
        offered.iter().all(|o| o.contains("phantom") || o == "\"pass\""),
        "{offered:?}"
    );
    assert!(offered.iter().any(|o| o.contains("field:N")), "{offered:?}");
    assert!(
        !offered.iter().any(|o| o.contains("road:E")),
        "the road is taken: {offered:?}"
    );
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "field:S"}}"#).unwrap_err();
    assert!(refused.to_string().contains("takes only Phantom"), "{refused}");
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(figures_of(&game, 0), ["follower road:E", "phantom field:N"]);
    assert_eq!(points(&game, 0, "roads"), 3);
}

/// The phantom as the turn's only figure: no second deployment follows. A
/// pass leaves none either.
#[test]
fn the_phantom_alone_or_a_pass_offers_no_second_deployment() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["U", "U"])
        .place("U", (1, 0), 0)
        .then(json!({ "deploy": { "figure": "phantom", "feature": "road:E" } }))
        .place("U", (-1, 0), 0)
        .pass()
        .build();
    let mut first = record.clone();
    first.moves.truncate(2);
    let game = kit.replay_record(&first).expect("replays");
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
    let mut third = record.clone();
    third.moves.truncate(4);
    let game = kit.replay_record(&third).expect("replays");
    assert!(game.is_over(), "Bob's pass ends the game with the draw order");
}

/// A magic portal tile (PD-B, four roads): Ann sends her follower through
/// the portal onto D's south field; the phantom may follow, but only on
/// the portal tile, not through the portal again ("You can send one or the
/// other through the portal, but not both"). Had the follower gone onto the
/// portal tile itself, the phantom could take the portal.
#[test]
fn one_figure_a_turn_goes_through_a_magic_portal() {
    let kit = kit();
    let base = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("the-princess-and-the-dragon")
        .draw_order(&["PD-B", "U"])
        .place("PD-B", (1, 0), 0);
    let through = base
        .clone()
        .then(json!({ "deploy": { "at": [0, 0], "feature": "field:S" } }))
        .build();
    let game = kit.replay_record(&through).expect("replays");
    let offered = options(&game);
    assert!(
        !offered.iter().any(|o| o.contains("\"at\"")),
        "no second portal: {offered:?}"
    );
    assert!(offered.iter().any(|o| o.contains("phantom")), "{offered:?}");
    let on_tile = base.deploy("road:N").build();
    let game = kit.replay_record(&on_tile).expect("replays");
    let offered = options(&game);
    assert!(
        offered
            .iter()
            .any(|o| o.contains("phantom") && o.contains("\"at\":[0,0]")),
        "the phantom through the portal: {offered:?}"
    );
}

/// The Tower: Ann's TW-A turned 180° at (0,1); her first figure is a tower
/// floor on its foundation (nobody in range to capture); the phantom then
/// closes that tower, standing on its top ("The Phantom cannot be used to
/// place a Tower Floor, but it can be placed on top of a stack of Tower
/// Floors to close the tower").
#[test]
fn after_a_tower_floor_the_phantom_may_close_the_tower() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("the-tower")
        .draw_order(&["TW-A", "U"])
        .place("TW-A", (0, 1), 180)
        .then(json!({ "deploy": { "figure": "tower-floor", "spot": "tile" } }))
        .build();
    let mut game = kit.replay_record(&record).expect("replays");
    // With nobody in range the capture decision may not come; answer it if it does.
    if let Some(Decision::Expansion { .. }) = game.decision() {
        carcassonne_testkit::play(&mut game, r#"{"the-tower": "no-capture"}"#).expect("no capture");
    }
    let offered = options(&game);
    assert!(
        offered
            .iter()
            .any(|o| o.contains("phantom") && o.contains("\"spot\":\"tile\"")),
        "the phantom on the tower's top: {offered:?}"
    );
    assert!(!offered.iter().any(|o| o.contains("tower-floor")), "{offered:?}");
    carcassonne_testkit::play(&mut game, r#"{"deploy": {"figure": "phantom", "spot": "tile"}}"#)
        .expect("closes the tower");
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}
