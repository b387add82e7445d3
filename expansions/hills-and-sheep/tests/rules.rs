//! Hills & Sheep replayed from hand-written records (tests/records) and
//! worked out by hand from the rules quoted in
//! docs/expansions/hills-and-sheep.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east, a field north of the road
//! (touching the city) and one south of it. Ann is player 0, Bob 1. Draws
//! from the bag of sheep and wolves follow the record's seed; each test
//! names the tokens drawn and checks them in the game's log.

use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Event, Game};
use carcassonne_hills_and_sheep::{INFO, State};
use carcassonne_testkit::{Kit, options, points, try_play, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
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

fn flocks(game: &Game) -> Vec<(u8, i32)> {
    let state: &State = carcassonne_testkit::state(game, INFO.id);
    state.flocks.iter().map(|f| (f.owner, f.sheep())).collect()
}

const FLOCK: &str = "hills-and-sheep.flock";

/// flock.json (seed 3). Ann's shepherd goes onto the south field of U at
/// (1,0) (D's south field with it) and draws 1 sheep. Bob puts a farmer
/// into that field: a farmer and a shepherd may share a field. Ann's U at
/// (2,0) extends her shepherd's field: she grows the flock, drawing 3
/// sheep (4 in all). Bob's U at (-2,0) extends it too, but the shepherd is
/// not his: nothing to decide. Ann's U at (3,0): she brings the flock to
/// the stable, 4 points, and the shepherd comes home. The farm touches no
/// completed city: Bob's farmer scores nothing. Ann 4, Bob 0.
#[test]
fn a_shepherd_draws_grows_and_brings_the_flock_in() {
    let kit = kit();
    let game = kit.replay_first("flock.json", 2);
    assert_eq!(details(&game), [json!({ "placed": [1, 0], "drew": { "sheep": 1 } })]);
    assert_eq!(flocks(&game), [(0, 1)]);
    // Bob's first tile: a farmer may join the shepherd's field; a second
    // shepherd may not.
    let mut game = kit.replay_first("flock.json", 3);
    let refused = try_play(&mut game, r#"{"deploy": {"figure": "shepherd", "feature": "field:S"}}"#);
    assert!(refused.is_err(), "no second shepherd in a field");
    // Ann's U at (2,0): the decision, in words.
    let game = kit.replay_first("flock.json", 6);
    let labels: Vec<String> = (0..2)
        .map(|i| {
            let mut all = Vec::new();
            game.legal_actions(&mut all);
            game.action_label(&all[i])
        })
        .collect();
    assert!(labels[0].starts_with("Grow your flock of 1 sheep"), "{labels:?}");
    assert!(labels[1].contains("1 point to each shepherd's owner"), "{labels:?}");
    let game = kit.replay_first("flock.json", 7);
    assert_eq!(details(&game), [json!({ "grew": 3 })]);
    assert_eq!(flocks(&game), [(0, 4)]);
    // Bob's U at (-2,0) extends the field of Ann's shepherd: Ann decides
    // nothing on Bob's turn.
    let game = kit.replay_first("flock.json", 9);
    assert_eq!(
        options(&game).len(),
        options(&game).iter().filter(|o| o.contains("place")).count()
    );
    let game = kit.replay("flock.json");
    assert_eq!(points(&game, 0, FLOCK), 4);
    assert_eq!(flocks(&game), []);
    assert_eq!(scores(&game), (4, 0));
    let shepherd = game.rules().figure_index("shepherd").unwrap();
    assert_eq!(game.state().supply(0, shepherd), 1, "the shepherd came home");
}

/// wolf.json (seed 24). As flock.json: Ann's shepherd draws 2 sheep; her
/// U at (2,0) grows the flock and draws a wolf: the 2 sheep go back into
/// the bag, the wolf too, and the shepherd home, with no points. On her
/// next tile she places it again (north of the road), drawing again.
#[test]
fn a_wolf_scatters_the_flock() {
    let kit = kit();
    let game = kit.replay_first("wolf.json", 2);
    assert_eq!(flocks(&game), [(0, 2)]);
    let game = kit.replay_first("wolf.json", 7);
    assert_eq!(details(&game), [json!({ "wolf": 2, "shepherds_of": [0] })]);
    assert_eq!(flocks(&game), []);
    let state: &State = carcassonne_testkit::state(&game, INFO.id);
    assert_eq!(state.bag, [4, 5, 5, 2, 2], "every token back in the bag");
    let game = kit.replay("wolf.json");
    assert_eq!(points(&game, 0, FLOCK), 0);
    assert_eq!(flocks(&game).len(), 1, "placed again");
    // No flock scores at the end of the game.
    assert_eq!(scores(&game), (0, 0));
}

/// shared_flock.json (seed 3). Ann's shepherd in the field south of the
/// road draws 1 sheep; Bob's in the field north of it draws 3. Ann's A at
/// (2,0) ends the road at its cloister, and its field wraps round the
/// road's end: the two fields are one, with both flocks. The tile is
/// Ann's and extends her shepherd's field: she brings the flock in. Every
/// shepherd's owner in the field scores its 4 sheep: Ann 4, Bob 4, and
/// both shepherds go home.
#[test]
fn joined_fields_share_their_flocks_and_every_shepherd_scores() {
    let game = kit().replay("shared_flock.json");
    assert_eq!(points(&game, 0, FLOCK), 4);
    assert_eq!(points(&game, 1, FLOCK), 4);
    assert_eq!(flocks(&game), []);
    assert_eq!(scores(&game), (4, 4));
}

/// closed_field.json (seed 3). Ann's shepherd stands in D's south field
/// (1 sheep). Her V at (1,0), U at (0,1) and U at (-1,1) each extend that
/// field and she grows the flock each time (3, 3, then 1: 8 sheep). Bob's
/// V at (-2,1) closes the loop of roads round it: the field can grow no
/// more, and its flock is brought in at once, on Bob's turn: Ann 8.
/// Under `closed_field_flock = "stay"` it stays and scores nothing.
#[test]
fn a_closed_field_brings_its_flock_in_at_once() {
    let kit = kit();
    let game = kit.replay("closed_field.json");
    assert_eq!(details(&game), [json!({ "closed": 8, "to": [0] })]);
    assert_eq!(points(&game, 0, FLOCK), 8);
    assert_eq!(scores(&game), (8, 0));
    let record = with_variant(
        &kit.record("closed_field.json"),
        INFO.id,
        "closed_field_flock",
        json!("stay"),
    );
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(flocks(&game), [(0, 8)]);
    assert_eq!(scores(&game), (0, 0));
}

/// hills.json. Ann's HS-M (a hill, two road ends) at (1,0) turned 90°:
/// its west road end meets D's road; the next tile of the draw order (X)
/// goes under the hill, out of play. Ann's follower on that road; Bob's on
/// U's road at (0,1). Two V tiles join the two roads round the west; A at
/// (1,1) ends it at its cloister: HS-M, D, V, V, U, A, 6 tiles, one
/// follower each: a tie. Ann's stands on a hill: she alone scores 6.
/// Without the hills both would.
#[test]
fn a_tile_goes_under_a_hill_and_a_follower_on_it_breaks_ties() {
    let kit = kit();
    let game = kit.replay("hills.json");
    let aside: Vec<&str> = game
        .state()
        .set_aside()
        .iter()
        .map(|&t| game.rules().tile(t).id())
        .collect();
    assert_eq!(aside, ["X"], "the tile under the hill");
    assert_eq!(points(&game, 0, "roads"), 6);
    assert_eq!(points(&game, 1, "roads"), 0);
    let record = carcassonne_testkit::with_parts_only(
        &kit.record("hills.json"),
        kit.catalog(),
        INFO.id,
        &["vineyards", "shepherds"],
    );
    // Without the hills X is drawn, not hidden: the record's next tile
    // would be X; drop it from the order to replay the same board.
    let mut record = record;
    if let Some(order) = record.config.draw_order.as_mut() {
        order.retain(|t| t != "X");
    }
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!((points(&game, 0, "roads"), points(&game, 1, "roads")), (6, 6));
}

/// vineyards.json. Ann's monk on the cloister B at (0,1); the 8 tiles round
/// it complete it with the last, Bob's B at (-1,2). Among them three
/// vineyards: HS-P at (1,0) and two HS-A at (0,2) and (1,2). The cloister
/// scores 9, the vineyards 3 each: 9 more, under their own source. Ann 18.
#[test]
fn vineyards_round_a_completed_cloister_score_three_each() {
    let game = kit().replay("vineyards.json");
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(points(&game, 0, "hills-and-sheep.vineyards"), 9);
    assert_eq!(scores(&game), (18, 0));
}

/// The same game ending one tile early (the last B out of the order): the
/// cloister is unfinished at the end, scores 1 and 7 for the tiles round
/// it, and the vineyards nothing ("Note at game end, an incomplete
/// monastery does not receive any additional points from its neighboring
/// vineyards").
#[test]
fn vineyards_give_nothing_to_an_unfinished_cloister_at_the_end() {
    let kit = kit();
    let mut record = kit.record("vineyards.json");
    record.moves.truncate(14);
    if let Some(order) = record.config.draw_order.as_mut() {
        order.pop();
    }
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cloisters"), 8);
    assert_eq!(points(&game, 0, "hills-and-sheep.vineyards"), 0);
}
