//! Golden counts of legal placements and follower options, worked out by hand
//! on small fixture boards built by replaying hand-written records:
//!
//! - how many distinct rotations each base tile has (symmetric rotations are
//!   one placement);
//! - the exact number of legal (position × distinct rotation) placements of
//!   several tiles on the start board alone and on a board with a hole that
//!   is constrained on three sides;
//! - the follower options on a tile just placed: every feature of the tile
//!   whose connected feature holds no follower, none once the player's
//!   supply is empty.
//!
//! Edges are written N E S W (C city, R road, F field). A tile turned by r
//! quarter turns clockwise shows its side s on board side s + r, so for
//! instance V (FFRR) reads FFRR at 0°, RFFR at 90°, RRFF at 180°, FRRF at 270°.

use carcassonne_core::figures::Spot;
use carcassonne_core::{Action, Catalog, Deployment, Game, GameRecord, Pos, RefusalKind, TileSource};
use std::collections::BTreeSet;

/// Replays a fixture record (the start tile is always D at (0,0), unturned).
fn fixture(json: &str) -> Game {
    GameRecord::from_json(json)
        .and_then(|r| r.replay(&Catalog::default(), &TileSource::default()))
        .unwrap_or_else(|e| panic!("fixture: {e}"))
}

/// Number of legal placements of tile `id` on the fixture's board.
fn count(game: &Game, id: &str) -> usize {
    let tile = game.rules().tile_by_id(id).expect("a base tile").index;
    let mut seen = BTreeSet::new();
    let mut n = 0;
    game.placements(tile, |pos, rotation| {
        assert!(seen.insert((pos, rotation)), "{id} at {pos} listed twice");
        n += 1;
    });
    n
}

/// The start board: nothing but D at (0,0). (The drawn tile does not matter
/// for counting; the record just needs one so the game has not ended.)
const START: &str = r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["U"]}}"#;

/// The cloister record of the golden tests without its last tile: B at (0,1)
/// with 7 of its 8 neighbours, leaving a hole at (0,2).
const HOLE: &str = r#"{
  "format": 1,
  "config": {
    "players": [{ "name": "A" }, { "name": "B" }],
    "draw_order": ["B", "U", "U", "V", "V", "V", "V", "U"]
  },
  "moves": [
    { "place": { "at": [0, 1] } }, "pass",
    { "place": { "at": [-1, 0] } }, "pass",
    { "place": { "at": [1, 0] } }, "pass",
    { "place": { "at": [-1, 1], "rotation": 0 } }, "pass",
    { "place": { "at": [1, 1], "rotation": 270 } }, "pass",
    { "place": { "at": [-1, 2], "rotation": 180 } }, "pass",
    { "place": { "at": [1, 2], "rotation": 90 } }, "pass"
  ]
}"#;

#[test]
fn distinct_rotations_of_the_base_tiles() {
    // A turn that gives the same picture (same features on the same
    // segments, same pennants and touched cities) is the same placement:
    // B (all field) and C (all city) look the same every way, X (four roads
    // and four corner fields) too; F and G (city W–E, a field either side),
    // H (caps N and S, one field between) and U (road W–E) repeat after
    // 180°. Every other base tile has four distinct rotations.
    let game = fixture(START);
    let expected = [
        ("A", 4),
        ("B", 1),
        ("C", 1),
        ("D", 4),
        ("E", 4),
        ("F", 2),
        ("G", 2),
        ("H", 2),
        ("I", 4),
        ("J", 4),
        ("K", 4),
        ("L", 4),
        ("M", 4),
        ("N", 4),
        ("O", 4),
        ("P", 4),
        ("Q", 4),
        ("R", 4),
        ("S", 4),
        ("T", 4),
        ("U", 2),
        ("V", 4),
        ("W", 4),
        ("X", 1),
    ];
    assert_eq!(game.rules().tiles().len(), expected.len());
    for (id, n) in expected {
        let tile = game.rules().tile_by_id(id).expect("a base tile");
        assert_eq!(tile.distinct_rotations().count(), n, "distinct rotations of {id}");
    }
}

#[test]
fn placements_on_the_start_board() {
    // D at (0,0) is CRFR, so the four cells round it ask for:
    //   (0,-1) a C south;  (1,0) an R west;  (0,1) an F north;  (-1,0) an R east.
    let game = fixture(START);
    // B FFFF, 1 rotation: only (0,1) asks for a field → 1.
    assert_eq!(count(&game, "B"), 1);
    // C CCCC, 1 rotation: only (0,-1) asks for a city → 1.
    assert_eq!(count(&game, "C"), 1);
    // X RRRR, 1 rotation: (1,0) and (-1,0) → 2.
    assert_eq!(count(&game, "X"), 2);
    // U FRFR at 0°, RFRF at 90°: (1,0) and (-1,0) at 0° (roads W and E),
    // (0,1) at 0° (north field); no city → 3.
    assert_eq!(count(&game, "U"), 3);
    // E CFFF: (0,-1) only at 180° (cap south); (0,1) at 90°, 180°, 270° (cap
    // anywhere but north); no road → 1 + 3 = 4.
    assert_eq!(count(&game, "E"), 4);
    // V: west road at 0°, 90°; east road at 180°, 270°; north field at 0°,
    // 270°; no city → 2 + 2 + 2 = 6.
    assert_eq!(count(&game, "V"), 6);
    // D CRFR / RCRF / FRCR / RFRC: south city at 180° → 1; west road at 0°,
    // 180° → 2; east road at 0°, 180° → 2; north field at 180° → 1; = 6.
    assert_eq!(count(&game, "D"), 6);
    // H CFCF at 0°, FCFC at 90° (180° is the same picture as 0°): south city
    // at 0° → 1; north field at 90° → 1; no road → 2.
    assert_eq!(count(&game, "H"), 2);
    // W FRRR / RFRR / RRFR / RRRF: west road at 0°, 90°, 180° → 3; east road
    // at 0°, 180°, 270° → 3; north field at 0° → 1; = 7.
    assert_eq!(count(&game, "W"), 7);
}

#[test]
fn placements_round_a_hole() {
    // Board: D (0,0) CRFR; B (0,1) FFFF; U (-1,0), U (1,0) FRFR; V (-1,1) at
    // 0° FFRR; V (1,1) at 270° FRRF; V (-1,2) at 180° RRFF; V (1,2) at 90°
    // RFFR. The 12 empty cells next to them and what they ask for:
    //    1 (-1,-1) S=F   2 (0,-1) S=C   3 (1,-1) S=F
    //    4 (-2,0)  E=R   5 (2,0)  W=R
    //    6 (-2,1)  E=R   7 (2,1)  W=R
    //    8 (-2,2)  E=F   9 (2,2)  W=F
    //   10 (-1,3)  N=F  11 (1,3)  N=F
    //   12 (0,2)   N=F, E=R, W=R (the hole; its south is open)
    let game = fixture(HOLE);
    assert_eq!(game.state().board().tiles().len(), 8);
    assert_eq!(game.state().board().frontier().len(), 12);

    // B FFFF: cells 1, 3, 8, 9, 10, 11 → 6.
    assert_eq!(count(&game, "B"), 6);
    // C CCCC: cell 2 → 1.
    assert_eq!(count(&game, "C"), 1);
    // X RRRR: cells 4, 5, 6, 7 (the hole wants a field north) → 4.
    assert_eq!(count(&game, "X"), 4);
    // U FRFR (0°) / RFRF (90°): S=F at 0° (1, 3); E=R at 0° (4, 6); W=R at
    // 0° (5, 7); E=F at 90° (8); W=F at 90° (9); N=F at 0° (10, 11); the
    // hole at 0° (12) → 2 + 2 + 2 + 1 + 1 + 2 + 1 = 11.
    assert_eq!(count(&game, "U"), 11);
    // V FFRR / RFFR / RRFF / FRRF: S=F at 90°, 180° (×2 cells); E=R at 180°,
    // 270° (×2); W=R at 0°, 90° (×2); E=F at 0°, 90°; W=F at 180°, 270°;
    // N=F at 0°, 270° (×2); the hole needs roads on both E and W and V has
    // one road end on each of two adjacent sides → 0.
    // 4 + 4 + 4 + 2 + 2 + 4 + 0 = 20.
    assert_eq!(count(&game, "V"), 20);
    // E CFFF / FCFF / FFCF / FFFC: S=F at 0°, 90°, 270° (×2); S=C at 180°;
    // E=F at 0°, 180°, 270°; W=F at 0°, 90°, 180°; N=F at 90°, 180°, 270°
    // (×2); no road → 6 + 1 + 3 + 3 + 6 = 19.
    assert_eq!(count(&game, "E"), 19);
    // W FRRR / RFRR / RRFR / RRRF: S=F at 180° (×2); E=R at 0°, 180°, 270°
    // (×2); W=R at 0°, 90°, 180° (×2); E=F at 90°; W=F at 270°; N=F at 0°
    // (×2); the hole at 0° (field N, roads E and W) → 2 + 6 + 6 + 1 + 1 + 2 + 1 = 19.
    assert_eq!(count(&game, "W"), 19);
    // A FFRF / FFFR / RFFF / FRFF (one road): S=F at 90°, 180°, 270° (×2);
    // E=R at 270° (×2); W=R at 90° (×2); E=F at 0°, 90°, 180°; W=F at 0°,
    // 180°, 270°; N=F at 0°, 90°, 270° (×2); the hole needs two roads → 0.
    // 6 + 2 + 2 + 3 + 3 + 6 = 22.
    assert_eq!(count(&game, "A"), 22);
    // H CFCF (0°) / FCFC (90°): S=F at 90° (×2); S=C at 0°; E=F at 0°; W=F
    // at 0°; N=F at 90° (×2); no road → 2 + 1 + 1 + 1 + 2 = 7.
    assert_eq!(count(&game, "H"), 7);
}

/// Indices of the features `names` name on the tile at `pos`.
fn features(game: &Game, pos: Pos, names: &[&str]) -> BTreeSet<u8> {
    names
        .iter()
        .map(|n| game.feature_by_name(pos, n).unwrap_or_else(|e| panic!("{n}: {e}")) as u8)
        .collect()
}

/// The follower options of the pending deploy decision, as feature indices
/// of the tile just placed at `pos`.
fn options(game: &Game, pos: Pos) -> BTreeSet<u8> {
    let mut out: Vec<Deployment> = Vec::new();
    game.deployments(&mut out);
    let mut set = BTreeSet::new();
    for d in out {
        assert_eq!(d.figure, 0, "only followers in the base game");
        assert_eq!(d.pos, pos, "followers go on the tile just placed");
        let Spot::Feature(fi) = d.spot else {
            panic!("a follower stands on a feature, not {:?}", d.spot)
        };
        assert!(set.insert(fi), "feature {fi} listed twice");
    }
    set
}

#[test]
fn follower_options_on_a_crossroads() {
    // X at (1,0): four roads ending at the centre and four corner fields, 8
    // features. Its west road joins D's road, its NW field joins D's field
    // north of the road and its SW field D's south field — none holds a
    // follower, so all 8 are options.
    let game = fixture(
        r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["X"]},
            "moves": [{"place": {"at": [1, 0]}}]}"#,
    );
    let at = Pos::new(1, 0);
    let all = features(
        &game,
        at,
        &[
            "road:N", "road:E", "road:S", "road:W", "field:NE", "field:ES", "field:SW", "field:WN",
        ],
    );
    assert_eq!(all.len(), 8);
    assert_eq!(options(&game, at), all);
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert_eq!(actions.len(), 9, "8 deployments and Pass");
    assert_eq!(actions.last(), Some(&Action::Pass));
}

#[test]
fn follower_options_skip_occupied_features() {
    // Ann puts U at (1,0) and a follower on its road (joined to D's road).
    // Bob puts D unturned at (-1,0): its road joins the occupied road; its
    // city cap is new; its field north of the road joins D's and U's north
    // fields, its south field D's and U's south fields — no farmer there.
    // Options: city, north field, south field → 3 (not the road).
    let game = fixture(
        r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["U", "D"]},
            "moves": [{"place": {"at": [1, 0]}}, {"deploy": {"feature": "road:E"}},
                      {"place": {"at": [-1, 0]}}]}"#,
    );
    let at = Pos::new(-1, 0);
    assert_eq!(
        options(&game, at),
        features(&game, at, &["city:N", "field:WN", "field:S"])
    );
    assert!(!options(&game, at).contains(&(game.feature_by_name(at, "road:E").unwrap() as u8)));

    // Cloister B at (0,1) on the start board: cloister and field → 2.
    let game = fixture(
        r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["B"]},
            "moves": [{"place": {"at": [0, 1]}}]}"#,
    );
    let at = Pos::new(0, 1);
    assert_eq!(options(&game, at), features(&game, at, &["cloister", "field:N"]));
}

#[test]
fn no_follower_options_with_an_empty_supply() {
    // Ann deploys all 7 followers on features that stay open: the caps of
    // five E turned 180° along y = 1 (caps south, each its own city) and two
    // cloisters B; Bob lays U along y = 0 and passes. On her 8th tile (V at
    // (7,1), turned 270°, whose road and fields hold no follower) Ann has no
    // follower left: no options, only Pass.
    let game = fixture(
        r#"{"format": 1,
            "config": {"players": [{"name": "A"}, {"name": "B"}],
                       "draw_order": ["E", "U", "E", "U", "E", "U", "E", "U", "E", "U", "B", "U", "B", "U", "V"]},
            "moves": [
              {"place": {"at": [0, 1], "rotation": 180}}, {"deploy": {"feature": "city:S"}},
              {"place": {"at": [1, 0]}}, "pass",
              {"place": {"at": [1, 1], "rotation": 180}}, {"deploy": {"feature": "city:S"}},
              {"place": {"at": [2, 0]}}, "pass",
              {"place": {"at": [2, 1], "rotation": 180}}, {"deploy": {"feature": "city:S"}},
              {"place": {"at": [3, 0]}}, "pass",
              {"place": {"at": [3, 1], "rotation": 180}}, {"deploy": {"feature": "city:S"}},
              {"place": {"at": [4, 0]}}, "pass",
              {"place": {"at": [4, 1], "rotation": 180}}, {"deploy": {"feature": "city:S"}},
              {"place": {"at": [5, 0]}}, "pass",
              {"place": {"at": [5, 1]}}, {"deploy": {"feature": "cloister"}},
              {"place": {"at": [6, 0]}}, "pass",
              {"place": {"at": [6, 1]}}, {"deploy": {"feature": "cloister"}},
              {"place": {"at": [7, 0]}}, "pass",
              {"place": {"at": [7, 1], "rotation": 270}}
            ]}"#,
    );
    assert_eq!(game.state().supply(0, 0), 0);
    assert_eq!(game.state().figures().len(), 7);
    let at = Pos::new(7, 1);
    assert!(options(&game, at).is_empty());
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert_eq!(actions, vec![Action::Pass]);
    // Asking anyway is refused with the reason.
    let road = game.feature_by_name(at, "road:E").unwrap() as u8;
    let err = game
        .check(&Action::Deploy(Deployment {
            figure: 0,
            pos: at,
            spot: Spot::Feature(road),
        }))
        .unwrap_err();
    assert_eq!(err.kind, RefusalKind::NoFigureLeft, "{err}");
}

/// A tile's placement table (which rotations meet each of the 256 edge
/// demands a cell can make) agrees with comparing edges one by one — walls
/// included, which meet anything and demand nothing.
#[test]
fn rotations_meeting_every_demand_match_the_edges() {
    use carcassonne_core::tiles::{EdgeCoding, Landscape, TileType, parse_tile_set};
    use carcassonne_core::{EdgeKind, Rotation, Side};
    let walls = r#"
[set]
id = "walls"
name = "walls"

[[tile]]
id = "W1"
count = 1
edges = "XCRF"
features = [
  { kind = "city", edges = ["E"] },
  { kind = "road", edges = ["S"] },
  { kind = "field", edges = ["W", "SE", "SW"] },
]

[[tile]]
id = "W2"
count = 1
edges = "XXXX"
features = [{ kind = "cloister" }]
"#;
    let sets = [
        parse_tile_set("base.toml", carcassonne_core::rules::BASE_TILES, &Catalog::default()).expect("base"),
        parse_tile_set("walls.toml", walls, &Catalog::default()).expect("walls"),
    ];
    let kinds = [EdgeKind::FIELD, EdgeKind::ROAD, EdgeKind::CITY];
    // The base game's coding: two bits a side, field, road, city as 1, 2, 3.
    let coding = EdgeCoding::for_tiles(&Landscape::base(), []).expect("the base kinds fit");
    let side_demand = |k: EdgeKind, s: Side| coding.demand(k, s);
    let mut checked = 0;
    for def in sets.iter().flat_map(|s| &s.tiles) {
        let tile = TileType::new(0, "test", def.clone(), &Landscape::base());
        // Every demand: per side nothing, or one of the three kinds.
        for code in 0..256usize {
            let wanted: Vec<Option<EdgeKind>> = Side::ALL
                .iter()
                .map(|&s| match (code >> (2 * s as usize)) & 0b11 {
                    0 => None,
                    k => Some(kinds[k - 1]),
                })
                .collect();
            let demand = Side::ALL
                .iter()
                .zip(&wanted)
                .map(|(&s, w)| w.map_or(0, |k| side_demand(k, s)))
                .fold(0, |a, b| a | b);
            assert_eq!(demand as usize, code);
            for r in Rotation::ALL {
                let meets = Side::ALL
                    .iter()
                    .zip(&wanted)
                    .all(|(&s, w)| w.is_none_or(|k| tile.edge(r, s) == k || tile.edge(r, s) == EdgeKind::WALL));
                let bit = tile.rotations_meeting(demand) >> r.quarter_turns() & 1 == 1;
                assert_eq!(bit, meets, "{} turned {r:?}, demand {code:#010b}", def.id);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, (24 + 2) * 256 * 4);
    // A wall demands nothing of the neighbour.
    assert_eq!(side_demand(EdgeKind::WALL, Side::N), 0);
}

/// `Board::fits_iter` (which a placement decision's options are extended
/// from) gives exactly the fits `Board::for_each_fit` calls back with, in
/// the same order, for every tile type on every board of random games.
#[test]
fn fits_iter_lists_what_for_each_fit_calls() {
    use carcassonne_core::playout::full_step;
    use carcassonne_core::rng::GameRng;
    use carcassonne_core::{GameConfig, Rules};
    use std::sync::Arc;
    let mut options = Vec::new();
    let mut compared = 0;
    for seed in 0..4 {
        let mut config = GameConfig::with_players(2);
        config.seed = seed;
        let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"));
        let mut game = Game::with_narration(Arc::clone(&rules), false).expect("a base game starts");
        let mut rng = GameRng::new(seed);
        while !game.is_over() {
            let board = game.state().board();
            for tt in rules.tiles() {
                let mut called = Vec::new();
                board.for_each_fit(tt, |p, r| called.push((p, r)));
                let iterated: Vec<_> = board.fits_iter(tt).collect();
                assert_eq!(
                    iterated,
                    called,
                    "tile {} on a board of {} tiles",
                    tt.id(),
                    board.tiles().len()
                );
                compared += 1;
            }
            full_step(&mut game, &mut rng, &mut options).expect("a base game plays");
        }
    }
    assert!(compared > 1000, "{compared} boards and tiles compared");
}
