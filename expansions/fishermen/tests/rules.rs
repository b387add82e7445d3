//! Fishermen replayed from hand-written records (tests/records), worked out
//! by hand from the rules quoted in docs/expansions/fishermen.md. The base
//! game's start tile D starts at (0,0) (city north, road west-east, field
//! south): with Fishermen the river has no course and the spring does not
//! start. Ann is player 0, Bob player 1. The River's tiles: RV-1 the spring
//! (river leaving south unturned), RV-2 the lake (river coming in from the
//! north), RV-3 a straight river (west-east unturned), RV-4 a curve (south
//! and west unturned). The River II's: RV2-1 its spring, RV2-2 its fork
//! (north, east and west unturned), RV2-3 the lake with a city (river
//! north, city south), RV2-4 the lake with the volcano (river north).

use carcassonne_core::{Game, Rules, TileSource};
use carcassonne_fishermen::INFO;
use carcassonne_testkit::{Kit, game_config, points};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
}

fn followers(game: &Game, player: u8) -> u8 {
    let view = game.state();
    view.supply(player, view.tables().figure_index("follower").expect("followers"))
}

/// complete.json. Ann lays the spring below D and puts a follower on its
/// river as a fisherman; Bob continues it (RV-3, north-south); Ann's lake
/// closes it: a completed river, "each tile with a river segment scores ...
/// 2 point[s]" (Swan Lake): 3 tiles, 6 points, and the fisherman returns.
#[test]
fn a_fisherman_scores_a_completed_river_2_a_tile() {
    let kit = kit();
    let before = kit.replay_first("complete.json", 4);
    assert_eq!(followers(&before, 0), 6, "the fisherman stands on the river");
    let game = kit.replay("complete.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, INFO.id), 6);
    assert_eq!(game.state().score(0), 6);
    assert_eq!(game.state().score(1), 0);
    assert_eq!(followers(&game, 0), 7);
}

/// open.json: complete.json without the lake. At the end the river is
/// open: 1 point a tile (FanCloisterZone's `River`, "river.incomplete"),
/// 2 points.
#[test]
fn an_open_river_scores_1_a_tile_at_the_end() {
    let game = kit().replay("open.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(game.state().score(0), 2);
}

/// shared.json: Ann fishes the spring's river at (0,1), Bob a lake's at
/// (1,1) (turned 180°, its river leaving south), two rivers. Ann's curve at
/// (0,2) turns hers east, Bob's at (1,2) joins it to his: one river from
/// the spring to the lake, complete, 4 tiles, one fisherman each: both
/// score 8, as a road with a tie.
#[test]
fn two_fishermen_on_one_river_both_score_it() {
    let game = kit().replay("shared.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, INFO.id), 8);
    assert_eq!(points(&game, 1, INFO.id), 8);
    assert_eq!((followers(&game, 0), followers(&game, 1)), (7, 7));
}

/// fork.json, with The River II: Ann lays the fork below D (turned 180°:
/// its stem south, its arms east and west) and fishes its stem. The fork's
/// three rivers end at the junction ("This completes the river (from the
/// junction to the lake)", Swan Lake), so Bob may fish its west arm when
/// he closes it with the volcano's lake: complete at once, fork and lake,
/// 4 points, and his fisherman returns. Ann's stem is still open; the
/// spring closes it: 4 points for her. The city's lake closes the east
/// arm, which nobody fishes.
#[test]
fn the_forks_rivers_end_at_the_junction() {
    let kit = kit();
    let before = kit.replay_first("fork.json", 4);
    assert_eq!(points(&before, 1, INFO.id), 4, "the west arm, complete");
    assert_eq!(points(&before, 0, INFO.id), 0, "the stem is open");
    assert_eq!(followers(&before, 1), 7);
    let game = kit.replay("fork.json");
    assert_eq!(points(&game, 0, INFO.id), 4);
    assert_eq!(points(&game, 1, INFO.id), 4);
    assert_eq!(followers(&game, 0), 7);
}

/// lake.json: a lake and a spring alone make a river: Ann fishes the lake
/// (turned 180°, river south), Bob's spring (turned 180°, river north)
/// closes it: 2 tiles, 4 points.
#[test]
fn a_lake_and_a_spring_close_a_river() {
    let game = kit().replay("lake.json");
    assert_eq!(points(&game, 0, INFO.id), 4);
}

/// With Fishermen the river's course is off: the base start tile D starts,
/// every river tile (the spring among them) is in the bag with the others,
/// in one phase, and the record states the course off.
#[test]
fn the_river_tiles_are_shuffled_in_and_the_base_start_tile_starts() {
    let kit = kit();
    let rules = kit.rules(&game_config(2, 7, &[INFO.id, "river"]));
    assert_eq!(rules.tile(rules.start_tile()).id(), "D");
    assert_eq!(rules.bag_size(), 71 + 12);
    assert_eq!(rules.draw_phases().len(), 1);
    assert_eq!(
        rules.config.parts.get("river").and_then(|p| p.get("course")),
        Some(&false)
    );
    // Both sets: one river, as the River sets make it (The River's spring
    // and lake leave the game), shuffled in; both courses off.
    let rules = kit.rules(&game_config(2, 7, &[INFO.id, "river", "river-ii"]));
    assert_eq!(rules.tile(rules.start_tile()).id(), "D");
    assert_eq!(rules.bag_size(), 71 + 10 + 12);
    assert_eq!(rules.draw_phases().len(), 1);
    assert_eq!(
        rules.config.parts.get("river-ii").and_then(|p| p.get("course")),
        Some(&false)
    );
}

/// Fishermen is played on The River: alone it is refused, naming it; and
/// a configuration that switches the course on with it is refused, naming
/// both.
#[test]
fn without_a_river_or_with_the_course_on_the_game_is_refused() {
    let kit = kit();
    let e = Rules::new(kit.catalog(), &game_config(2, 0, &[INFO.id]), &TileSource::default()).expect_err("no river");
    assert!(e.to_string().contains("requires `river`"), "{e}");
    let mut config = game_config(2, 0, &[INFO.id, "river"]);
    config
        .parts
        .entry("river".into())
        .or_default()
        .insert("course".into(), true);
    let e = Rules::new(kit.catalog(), &config, &TileSource::default()).expect_err("course on");
    assert!(
        e.to_string()
            .contains("`river.course` is switched on, but `fishermen` needs it off"),
        "{e}"
    );
}

/// Without Fishermen nobody stands on the river and it scores nothing: the
/// same moves as complete.json, with The River alone and its course off,
/// refuse the fisherman.
#[test]
fn without_fishermen_the_river_is_nobodys() {
    let kit = kit();
    let mut record = kit.record("complete.json");
    record.config.expansions = vec!["river".into()];
    record
        .config
        .parts
        .entry("river".into())
        .or_default()
        .insert("course".into(), false);
    let e = kit.replay_record(&record).expect_err("no fisherman");
    assert!(e.to_string().contains("river"), "{e}");
}

/// Fish Huts ("to be played together with the Fishermen fan-made
/// expansion", "Shuffle the tiles together with the rest of the tiles")
/// with Fishermen keeps its hut tiles in the bag: no river is drawn first,
/// whatever its `shuffle` variant says.
#[test]
fn fish_huts_with_fishermen_leaves_its_tiles_in_the_bag() {
    let kit = kit().with(&carcassonne_fish_huts::INFO);
    let rules = kit.rules(&game_config(2, 3, &["fish-huts", INFO.id, "river"]));
    assert_eq!(rules.draw_phases().len(), 1, "no phase before the bag");
    assert_eq!(rules.tile(rules.start_tile()).id(), "D");
    // Without Fishermen the hut tiles are drawn with the river, first.
    let rules = kit.rules(&game_config(2, 3, &["fish-huts", "river"]));
    assert!(rules.draw_phases().len() > 1);
}
