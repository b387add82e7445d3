//! The King and the Robber Baron, replayed from hand-written records
//! (tests/records). Expected holders and points are worked out by hand from
//! the rules digest ("Companion expansions" and "Base game").
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east. Ann is player 0, Bob 1.
//! Records are also replayed cut short (`after`) to look at the holders
//! while the game runs.

use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Catalog, Game, GameRecord, TileSource};
use carcassonne_king_and_robber_baron::INFO;

fn record(name: &str) -> GameRecord {
    let path = format!("{}/tests/records/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn play(record: &GameRecord) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    let tiles = TileSource {
        dir: Some(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles").into()),
    };
    record.replay(&catalog, &tiles).unwrap_or_else(|e| panic!("{e}"))
}

/// The whole record, played to its end with final scoring.
fn replay(name: &str) -> Game {
    let game = play(&record(name));
    assert!(game.is_over(), "the record plays the whole draw order");
    game
}

/// The record's first `turns` turns (a placement and a deploy-or-pass each).
fn after(name: &str, turns: usize) -> Game {
    let mut record = record(name);
    record.moves.truncate(2 * turns);
    let game = play(&record);
    assert!(!game.is_over());
    game
}

/// The expansion's public state.
fn titles(game: &Game) -> Value {
    let slot = game.rules().expansion_slot(INFO.id).expect("enabled");
    game.public_expansion_state(slot)
}

fn holders(game: &Game) -> (Value, Value, Value, Value) {
    let t = titles(game);
    (
        t["king"].clone(),
        t["king_size"].clone(),
        t["robber_baron"].clone(),
        t["robber_baron_size"].clone(),
    )
}

fn points(game: &Game, player: u8, source: &str) -> i32 {
    let i = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == source)
        .unwrap_or_else(|| panic!("no score source {source}"));
    game.state().breakdown(player)[i]
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

#[test]
fn nobody_holds_a_title_before_a_completion() {
    let game = after("king", 0);
    assert_eq!(holders(&game), (Value::Null, json!(0), Value::Null, json!(0)));
}

#[test]
fn king_goes_to_the_first_city_completer_even_without_followers() {
    // Turn 1: Ann's E at (0,-1) closes D's city cap: 2 tiles, no follower in
    // it. She completed it, so she takes the King with size 2.
    let game = after("king", 1);
    assert_eq!(holders(&game), (json!(0), json!(2), Value::Null, json!(0)));
    assert_eq!(titles(&game)["cities_completed"], json!(1));
}

#[test]
fn king_stays_when_an_equal_city_is_completed() {
    // Turn 4: Bob's E at (0,2) closes the cap Bob opened at (0,1): 2 tiles,
    // not larger than 2, so the King stays with Ann.
    let game = after("king", 4);
    assert_eq!(holders(&game), (json!(0), json!(2), Value::Null, json!(0)));
    assert_eq!(titles(&game)["cities_completed"], json!(2));
}

#[test]
fn king_moves_to_a_strictly_larger_city_and_scores_at_the_end() {
    // Turn 8: Bob's E at (3,-1) closes E (1,-1), F (2,-1, pennant), E: 3
    // tiles > 2, so Bob, the completer, takes the King, though only Ann has
    // a follower there. Ann scores that city: 2 × 3 tiles + 2 × 1 pennant = 8.
    // End: the King's holder scores 1 per completed city: Bob 1 × 3 = 3.
    // No road was completed, so no Robber Baron. Nothing else scores (no
    // follower is left on the board).
    let game = replay("king");
    assert_eq!(holders(&game), (json!(1), json!(3), Value::Null, json!(0)));
    assert_eq!(points(&game, 0, "cities"), 8);
    assert_eq!(points(&game, 1, "king-and-robber-baron.king"), 3);
    assert_eq!(points(&game, 0, "king-and-robber-baron.king"), 0);
    assert_eq!(scores(&game), (8, 3));
}

#[test]
fn robber_baron_goes_to_the_first_road_completer() {
    // Turn 4: Bob's V at (1,2) closes the loop of four curves V (0,1),
    // V (1,1), V (0,2), V (1,2): a road of 4 tiles, no follower on it.
    let game = after("robber_baron", 4);
    assert_eq!(holders(&game), (Value::Null, json!(0), json!(1), json!(4)));
    assert_eq!(titles(&game)["roads_completed"], json!(1));
}

#[test]
fn robber_baron_stays_when_an_equal_road_is_completed() {
    // Turn 9: Ann's V at (-1,2) closes a second loop of four curves: 4 tiles,
    // not larger than 4, so the Robber Baron stays with Bob.
    let game = after("robber_baron", 9);
    assert_eq!(holders(&game), (Value::Null, json!(0), json!(1), json!(4)));
    assert_eq!(titles(&game)["roads_completed"], json!(2));
}

#[test]
fn robber_baron_moves_to_a_strictly_larger_road_and_scores_at_the_end() {
    // Turn 13: Ann's A at (-2,0) closes A (-2,0), U (-1,0), D, U (1,0),
    // A (2,0): 5 tiles > 4, so Ann takes the Robber Baron; her follower on
    // it scores 1 × 5 = 5.
    // End: the Robber Baron's holder scores 1 per completed road: Ann
    // 1 × 3 = 3, total 5 + 3 = 8. No city was completed: no King.
    let game = replay("robber_baron");
    assert_eq!(holders(&game), (Value::Null, json!(0), json!(0), json!(5)));
    assert_eq!(points(&game, 0, "roads"), 5);
    assert_eq!(points(&game, 0, "king-and-robber-baron.robber-baron"), 3);
    assert_eq!(scores(&game), (8, 0));
}

#[test]
fn both_holders_score_at_the_end() {
    // Ann closes D's city (2 tiles: King to Ann); Bob closes A (-1,0), D,
    // A (1,0) (3 tiles: Robber Baron to Bob); Ann closes E (0,1), E (0,2)
    // (2 tiles: equal, the King stays). Nobody deployed a follower.
    // End: King Ann 1 × 2 cities = 2; Robber Baron Bob 1 × 1 road = 1.
    let game = replay("both");
    assert_eq!(holders(&game), (json!(0), json!(2), json!(1), json!(3)));
    assert_eq!(points(&game, 0, "king-and-robber-baron.king"), 2);
    assert_eq!(points(&game, 1, "king-and-robber-baron.robber-baron"), 1);
    assert_eq!(scores(&game), (2, 1));
}

/// The expansion prints nothing on tiles (`expansion::no_attributes`): a
/// table under its id, on a tile or a feature, is reported where it stands.
#[test]
fn a_table_under_its_id_is_refused() {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    let text = r#"[set]
id = "mine"
[[tile]]
id = "M1"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"], king-and-robber-baron = { crown = true } }]
[tile.king-and-robber-baron]
crown = true
"#;
    let err = carcassonne_core::tiles::parse_tile_set("mine.toml", text, &catalog).unwrap_err();
    let messages: Vec<(usize, String)> = err.0.iter().map(|d| (d.line, d.message.clone())).collect();
    let expected = "king-and-robber-baron: this expansion defines no tile or feature attributes; remove the table";
    assert_eq!(messages, [(7, expected.to_string()), (8, expected.to_string())]);
}

/// The holders in players' words, and the change of holder as a log line.
#[test]
fn titles_are_presented_and_logged_in_words() {
    use carcassonne_core::{Event, Line};
    let slot = |game: &Game| game.rules().expansion_slot(INFO.id).unwrap();
    let game = after("king", 0);
    assert_eq!(
        game.presented_expansion_state(slot(&game)),
        [
            Line::new("The King: nobody yet (the first city completed takes it)"),
            Line::new("The Robber Baron: nobody yet (the first road completed takes it)"),
        ]
    );
    // Turn 1: Ann completes a city of 2 tiles (scored after her deploy
    // decision) and takes the King.
    let mut record = record("king");
    record.moves.truncate(2);
    let game = play(&record);
    let logged: Vec<Line> = game
        .last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot(&game) => Some(game.expansion_log_line(*s, detail)),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        [Line::about(0, "takes the King: the largest city so far (2 tiles)")]
    );
    assert_eq!(
        game.presented_expansion_state(slot(&game))[0],
        Line::about(
            0,
            "holds the King: city of 2 tiles (worth 1 at the end, one per city completed)"
        )
    );
}
