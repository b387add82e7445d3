//! Inns, cathedrals and the big follower, replayed from hand-written records
//! (tests/records). Expected points are worked out by hand from the rules
//! digest ("Companion expansions" and "Base game"); each test shows the
//! arithmetic.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east. Ann is player 0, Bob 1.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, FeatureKind, Game, GameRecord, TileSource, toml,
};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A stand-in for a fan expansion whose tiles print inns: it has one tile
/// (tests/tiles/foreign-inns.toml) and no rules of its own.
static FOREIGN_INNS: ExpansionInfo = ExpansionInfo {
    id: "foreign-inns",
    name: "Foreign inns (test)",
    version: "0",
    description: "a tile of another set with an inn",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "foreign-inns.toml",
        "tests/tiles/foreign-inns.toml"
    )],
    variants: &[],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build: build_foreign,
    ..ExpansionInfo::EMPTY
};

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    vec![AttributeProblem::new(&[], "the test set has no attributes of its own")]
}

fn build_foreign(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(NoRules))
}

struct NoRules;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum NoAction {}

impl Expansion for NoRules {
    type State = ();
    type Action = NoAction;
    fn setup(&self, _: &mut Ctx<'_>) {}
}

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_inns_and_cathedrals::INFO).unwrap();
    catalog.add(&FOREIGN_INNS).unwrap();
    catalog
}

fn record(name: &str) -> GameRecord {
    let path = format!("{}/tests/records/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn play(record: &GameRecord) -> Game {
    // The repository's tiles directory for the expansion's set; the test set
    // is not there, so its embedded copy is used.
    let tiles = TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    };
    let game = record.replay(&catalog(), &tiles).unwrap_or_else(|e| panic!("{e}"));
    assert!(game.is_over(), "the record plays the whole draw order");
    game
}

fn replay(name: &str) -> Game {
    play(&record(name))
}

/// The same record with Inns & Cathedrals' rules off but its tiles (and any
/// other set) still in: the base rules score the same board.
fn replay_rules_off(name: &str) -> Game {
    let mut record = record(name);
    record.config.expansions.retain(|e| e != "inns-and-cathedrals");
    if !record.config.expansions.iter().any(|e| e == "foreign-inns") {
        record.config.tiles_only.push("inns-and-cathedrals".into());
    }
    play(&record)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
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

#[test]
fn completed_road_with_inn_scores_two_a_tile() {
    // Ann's follower is on the road of IC-B (inn) at (1,0), joined to D's
    // road; Bob's A at (2,0) and Ann's A at (-1,0) end it on both sides.
    // Road: A, D, IC-B, A = 4 tiles, with an inn: 2 × 4 = 8 for Ann.
    let game = replay("inn_road_complete");
    assert_eq!(points(&game, 0, "roads"), 8);
    assert_eq!(scores(&game), (8, 0));
}

#[test]
fn completed_road_with_inn_scores_one_a_tile_when_the_rules_are_off() {
    // The same 4-tile road under the base rules: 1 × 4 = 4.
    let game = replay_rules_off("inn_road_complete");
    assert_eq!(scores(&game), (4, 0));
}

#[test]
fn incomplete_road_with_inn_scores_nothing_at_the_end() {
    // Ann's inn road D, IC-B, A is still open at (-1,0) at the end: an inn
    // road scores 0 when incomplete. Bob's road on U at (0,1) has no inn and
    // is open on both sides: base rules, 1 × 1 tile = 1.
    let game = replay("inn_road_incomplete");
    assert_eq!(scores(&game), (0, 1));
}

#[test]
fn incomplete_road_with_inn_scores_by_the_base_rules_when_the_rules_are_off() {
    // Without the expansion's rules Ann's open road is 1 × 3 tiles = 3.
    let game = replay_rules_off("inn_road_incomplete");
    assert_eq!(scores(&game), (3, 1));
}

#[test]
fn completed_city_with_cathedral_scores_three_a_tile_and_pennant() {
    // Ann's follower is in the cathedral city of IC-A at (0,-1), joined to
    // D's city cap. E at (0,-2), E at (-1,-1), M (pennant) at (1,-1) and K
    // at (1,0) close it: D, IC-A, E, E, M, K = 6 tiles, 1 pennant.
    // With the cathedral: 3 × 6 + 3 × 1 = 21.
    let game = replay("cathedral_complete");
    assert_eq!(points(&game, 0, "cities"), 21);
    assert_eq!(scores(&game), (21, 0));
}

#[test]
fn completed_city_with_cathedral_scores_two_a_tile_when_the_rules_are_off() {
    // Base rules: 2 × 6 + 2 × 1 = 14.
    let game = replay_rules_off("cathedral_complete");
    assert_eq!(scores(&game), (14, 0));
}

#[test]
fn incomplete_city_with_cathedral_scores_nothing_at_the_end() {
    // Ann's cathedral city D, IC-A, E is open west and east of IC-A at the
    // end: 0. Bob's city cap E at (0,1) (no cathedral) is open: base rules,
    // 1 × 1 tile = 1.
    let game = replay("cathedral_incomplete");
    assert_eq!(scores(&game), (0, 1));
    // Base rules would give Ann 1 × 3 tiles = 3.
    assert_eq!(scores(&replay_rules_off("cathedral_incomplete")), (3, 1));
}

#[test]
fn big_follower_outweighs_one_follower() {
    // A road loop of 10 tiles: D, U (1,0), U (2,0), V (3,0), V (3,1),
    // U (2,1), U (1,1), U (0,1), V (-1,1), V (-1,0). Ann's big follower
    // (strength 2) came in on U (1,0), Bob's one follower (1) on U (0,1).
    // 2 > 1: Ann alone scores 1 × 10 = 10.
    let game = replay("big_follower_wins");
    assert_eq!(scores(&game), (10, 0));
    // Both figures went back to supply when the road was scored.
    assert!(game.state().figures().is_empty());
}

#[test]
fn big_follower_ties_two_followers() {
    // The same loop, but Bob also put a follower on U (2,1) before the two
    // road pieces joined: Ann 2 against Bob 1 + 1 = 2, a tie, so both score
    // the full 1 × 10 = 10.
    let game = replay("big_follower_ties");
    assert_eq!(scores(&game), (10, 10));
}

#[test]
fn inn_on_another_sets_tile_scores_when_the_rules_are_on() {
    // As inn_road_complete, with FI-1 (a tile of the test set, inn on its
    // road) in place of IC-B: A, D, FI-1, A = 4 tiles, 2 × 4 = 8.
    let game = replay("foreign_inn");
    assert_eq!(scores(&game), (8, 0));
}

#[test]
fn inn_on_another_sets_tile_changes_nothing_when_the_rules_are_off() {
    // Inns & Cathedrals known but not enabled: base rules, 1 × 4 = 4.
    let game = replay_rules_off("foreign_inn");
    assert_eq!(scores(&game), (4, 0));
}

#[test]
fn a_tile_the_inn_road_passes_twice_counts_once() {
    // A closed road that crosses IC-Q (two separate curves) at (0,2) twice:
    // IC-C (inn, Ann's follower) at (0,1) → V (-1,1) → V (-1,2) → IC-Q's
    // west-south curve → V (0,3) → V (1,3) → V (1,2) → IC-Q's north-east
    // curve → back to IC-C. IC-Q holds two parts of the road but is one
    // tile: 7 tiles, with the inn 2 × 7 = 14 (not 2 × 8).
    let game = replay("inn_road_through_a_tile_twice");
    assert_eq!(scores(&game), (14, 0));
    // Base rules: 1 × 7 = 7.
    assert_eq!(scores(&replay_rules_off("inn_road_through_a_tile_twice")), (7, 0));
}

/// The same record with `final_scoring` (JCloisterZone's
/// `inn-and-cathedral-final-scoring`) set to `value`.
fn replay_final_scoring(name: &str, value: &str) -> Game {
    let record = carcassonne_testkit::with_variant(
        &record(name),
        "inns-and-cathedrals",
        "final_scoring",
        carcassonne_core::serde_json::json!(value),
    );
    play(&record)
}

#[test]
fn final_scoring_ignore_scores_open_inn_roads_and_cathedral_cities_by_the_base_rules() {
    // `ignore`: an open road with an inn or city with a cathedral scores at
    // the end as if it had none. Ann's inn road D, IC-B, A: 1 × 3 = 3; Bob's
    // plain road 1 as before.
    assert_eq!(scores(&replay_final_scoring("inn_road_incomplete", "ignore")), (3, 1));
    // Ann's cathedral city D, IC-A, E, open: 1 × 3 tiles = 3; Bob 1.
    assert_eq!(scores(&replay_final_scoring("cathedral_incomplete", "ignore")), (3, 1));
    // `normal` is the default: 0 for both open features.
    assert_eq!(scores(&replay_final_scoring("inn_road_incomplete", "normal")), (0, 1));
    assert_eq!(scores(&replay_final_scoring("cathedral_incomplete", "normal")), (0, 1));
}

#[test]
fn final_scoring_ignore_leaves_completed_inn_roads_and_cathedral_cities_alone() {
    // Completed features score as always: 2 × 4 = 8 for the inn road,
    // 3 × 6 + 3 × 1 = 21 for the cathedral city.
    assert_eq!(scores(&replay_final_scoring("inn_road_complete", "ignore")), (8, 0));
    assert_eq!(scores(&replay_final_scoring("cathedral_complete", "ignore")), (21, 0));
}

/// JCloisterZone lets a game have the big follower without the expansion's
/// tiles: its rules on, `[tiles.sets] inns-and-cathedrals = 0`. The bag then
/// holds the 71 base tiles only, and `big_follower_wins` scores as before:
/// Ann's big follower (2) against Bob's follower (1), Ann 10.
#[test]
fn the_big_follower_plays_without_the_expansions_tiles() {
    let mut record = record("big_follower_wins");
    record.config.tiles.sets.insert("inns-and-cathedrals".into(), 0);
    let game = play(&record);
    assert_eq!(game.rules().bag_size(), 71);
    assert_eq!(scores(&game), (10, 0));
}

/// `[figures] big-follower = 2`: each player has two; `= 0`: none, and the
/// record's big-follower deployment is refused, naming the empty supply.
#[test]
fn the_figures_table_sets_or_removes_the_big_follower() {
    let mut record = record("big_follower_wins");
    record.config.figures.insert("big-follower".into(), 2);
    let game = play(&record);
    let big = game.rules().figure_index("big-follower").unwrap();
    assert_eq!((game.state().supply(0, big), game.state().supply(1, big)), (2, 2));
    assert_eq!(scores(&game), (10, 0));

    let mut record = self::record("big_follower_wins");
    record.config.figures.insert("big-follower".into(), 0);
    let tiles = TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    };
    let err = record.replay(&catalog(), &tiles).unwrap_err().to_string();
    assert!(err.contains("no big-follower left in supply"), "{err}");
}

/// The other way round — the tiles without the expansion's rules
/// (`tiles_only`) — has no big follower, and asking for one says how to get
/// it.
#[test]
fn a_figure_of_an_expansion_whose_rules_are_off_is_refused() {
    let mut record = record("big_follower_wins");
    record.config.expansions.clear();
    record.config.tiles_only.push("inns-and-cathedrals".into());
    record.config.figures.insert("big-follower".into(), 1);
    let err = record
        .replay(&catalog(), &TileSource::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "record configuration: [figures]: figure `big-follower` belongs to `inns-and-cathedrals`, whose rules are \
         not on in this game; enable it (expansions = [\"inns-and-cathedrals\"]), and leave its tiles out with \
         [tiles.sets] inns-and-cathedrals = 0 if you want the figure without them"
    );
}
