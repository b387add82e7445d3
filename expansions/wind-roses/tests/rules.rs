//! Wind Roses replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/wind-roses.md. The
//! orange rose WR-D is the start tile at (0, 0), unturned: a city cap east,
//! a road west. Ann is player 0, Bob player 1.

use carcassonne_core::{Event, Game, GameConfig, Line, Rules};
use carcassonne_testkit::{Kit, RecordBuilder, points};
use carcassonne_wind_roses::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_count_of_carcassonne::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The quarter rose logged by the last decision: (section, hit).
fn quarter(game: &Game) -> Option<(String, bool)> {
    game.last_events().iter().find_map(|e| match e {
        Event::Expansion { detail, .. } if detail.get("quarter").is_some() => {
            Some((detail["section"].as_str()?.to_string(), detail["hit"].as_bool()?))
        }
        _ => None,
    })
}

/// roses.json.
///
/// 1. Ann's WR-F (south-west quarter) turned 270° at (0,1): in the orange
///    rose's column, south of it, which belongs to the south-west section
///    too ("The fields in the horizontal and vertical rows of the starting
///    tile are a part of two sections"): 3.
/// 2. Bob's WR-B (south-east quarter) at (0,-1): north of the rose, not in
///    its south-east section: nothing.
/// 3. Ann's WR-E, the blue rose, turned 180° at (-1,0): it divides the
///    board from now on, its north pointing south.
/// 4. Bob's WR-A (north-east quarter) turned 180° at (-1,1): the blue
///    rose's north-east is the board's south-west, and (-1,1) lies in its
///    column, south of it: 3. By the orange rose it would have been
///    outside (west of it).
///
/// Nobody deployed: Ann 3, Bob 3, all from the roses.
#[test]
fn quarter_roses_score_in_their_section() {
    let kit = kit();
    let game = kit.replay_first("roses.json", 1);
    assert_eq!(quarter(&game), Some(("south-west".to_string(), true)));
    assert_eq!(scores(&game), (3, 0));
    let game = kit.replay_first("roses.json", 3);
    assert_eq!(quarter(&game), Some(("south-east".to_string(), false)));
    assert_eq!(scores(&game), (3, 0));
    let game = kit.replay_first("roses.json", 7);
    assert_eq!(quarter(&game), Some(("south-west".to_string(), true)));
    let game = kit.replay("roses.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 3));
    assert_eq!(points(&game, 0, "wind-roses"), 3);
    assert_eq!(points(&game, 1, "wind-roses"), 3);
}

/// Before the blue rose, the orange one divides: WR-A (north-east
/// quarter) unturned at (0,-1), in the rose's column north of it: 3; turned
/// 180° at (0,1), south of it: nothing.
#[test]
fn before_the_blue_rose_the_orange_one_divides() {
    let kit = kit();
    let at = |pos: (i32, i32), rotation: u16| {
        let record = RecordBuilder::new(&["Ann", "Bob"])
            .expansion(INFO.id)
            .draw_order(&["WR-A"])
            .place("WR-A", pos, rotation)
            .build();
        let game = kit.replay_record(&record).unwrap();
        (quarter(&game), scores(&game))
    };
    assert_eq!(at((0, -1), 0), (Some(("north-east".to_string(), true)), (3, 0)));
    assert_eq!(at((0, 1), 180), (Some(("north-east".to_string(), false)), (0, 0)));
}

/// The orange rose replaces the base game's start tile: it leaves the game
/// (`start_tile = "removed"`) or goes into the bag (`"shuffled"`).
#[test]
fn the_base_start_tile_leaves_or_is_shuffled() {
    let kit = kit();
    let mut config = GameConfig::with_players(2);
    config.expansions = vec![INFO.id.into()];
    let removed = Game::new(kit.rules(&config)).unwrap();
    let mut shuffled_config = config.clone();
    shuffled_config
        .variants
        .entry(INFO.id.into())
        .or_default()
        .insert("start_tile".into(), "shuffled".into());
    let shuffled = Game::new(kit.rules(&shuffled_config)).unwrap();
    let start = removed
        .state()
        .board()
        .get(carcassonne_core::Pos::new(0, 0))
        .unwrap()
        .tile;
    assert_eq!(removed.state().tables().tile(start).def.id, "WR-D");
    assert_eq!(shuffled.state().tiles_left(), removed.state().tiles_left() + 1);
    // The base game's 71 other tiles and the 5 other roses, less Ann's
    // first tile, drawn.
    assert_eq!(removed.state().tiles_left(), 71 + 5 - 1);
}

/// The River and The Count of Carcassonne bring a start of their own: each
/// is refused with it, by name.
#[test]
fn other_starts_are_refused_with_it() {
    let kit = kit();
    for other in ["river", "count-of-carcassonne"] {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec![INFO.id.into(), other.into()];
        let e = Rules::new(kit.catalog(), &config, kit.tiles())
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains(other), "{e}");
    }
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &carcassonne_core::Game) -> Vec<carcassonne_core::Line> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            carcassonne_core::Event::Expansion { slot: s, detail } if *s == slot => {
                Some(game.expansion_log_line(slot, detail))
            }
            _ => None,
        })
        .collect()
}

/// What the page shows of the expansion's state.
fn presented(game: &carcassonne_core::Game) -> Vec<carcassonne_core::Line> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.presented_expansion_state(slot)
}

/// The dividing rose and the quarter roses in words.
#[test]
fn the_roses_in_words() {
    let kit = kit();
    let game = kit.replay_first("roses.json", 1);
    assert_eq!(
        logged(&game),
        [Line::about(
            0,
            "lays a quarter rose in the south-west section of the orange rose: 3 points"
        )]
    );
    assert_eq!(
        presented(&game),
        [Line::new(
            "The orange rose 1 tile north of the new tile divides the board, its north pointing north: a quarter \
             rose laid in the section it names scores 3"
        )]
    );
    let game = kit.replay_first("roses.json", 3);
    assert_eq!(
        logged(&game),
        [Line::about(
            1,
            "lays a quarter rose outside the south-east section of the orange rose: no points"
        )]
    );
    let game = kit.replay_first("roses.json", 5);
    assert_eq!(
        logged(&game),
        [Line::new("The blue rose divides the board from now on")]
    );
    assert_eq!(
        presented(&game),
        [Line::new(
            "The blue rose on the new tile divides the board, its north pointing south: a quarter rose laid in \
             the section it names scores 3"
        )]
    );
}
