//! The River's rules on hand-worked games (docs/expansions/river.md): the
//! spring starts, the river tiles come first and the lake last, a river
//! tile must continue the river and may not make a U-turn, nobody stands on
//! the river, and the field round the spring joins both banks.
//!
//! Geometry used throughout: the spring RV-1 lies at (0, 0) with its river
//! leaving south, so the river's open end is the north side of (0, 1).
//! RV-4 is a curve whose river joins its south and west sides; turned 90°
//! it joins west and north, turned 180° north and east, turned 270° east
//! and south. RV-3 is a straight west-east river; turned 90° north-south.

use carcassonne_core::{Game, GameConfig, RefusalKind};
use carcassonne_river::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, draws, game_config, options, random_games, try_play};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// Ann and Bob with the river, drawing `tiles` in order.
fn game(tiles: &[&str], moves: impl FnOnce(RecordBuilder) -> RecordBuilder) -> Game {
    let record = moves(RecordBuilder::new(&["Ann", "Bob"]).expansion("river").draw_order(tiles)).build();
    kit().replay_record(&record).unwrap_or_else(|e| panic!("{e}"))
}

fn place(tile: &str, at: (i32, i32), rotation: u16) -> String {
    format!(
        r#"{{"place":{{"tile":"{tile}","at":[{},{}],"rotation":{rotation}}}}}"#,
        at.0, at.1
    )
}

#[test]
fn the_spring_is_the_start_tile() {
    let g = game(&["RV-3"], |r| r);
    let start = g
        .state()
        .board()
        .get(carcassonne_core::Pos::new(0, 0))
        .expect("a start tile");
    assert_eq!(g.rules().tile(start.tile).id(), "RV-1");
}

#[test]
fn two_curves_the_same_way_are_a_u_turn_and_refused() {
    // Ann turns the river right (flowing south, it bends west). Bob's curve
    // turned 180° would bend it right again, back north: refused, with the
    // reason. Turned 270° it bends left (south), which is allowed.
    let mut g = game(&["RV-4", "RV-4", "RV-3"], |r| r.place("RV-4", (0, 1), 90).pass());
    let before = g.state().tiles_left();
    let refused = try_play(&mut g, &place("RV-4", (-1, 1), 180)).expect_err("a U-turn");
    assert_eq!(refused.kind, RefusalKind::PlacementForbidden);
    assert!(
        refused.message.contains("turn right twice in a row, a U-turn"),
        "{}",
        refused.message
    );
    assert_eq!(g.state().tiles_left(), before, "a refused move changes nothing");
    assert!(!options(&g).contains(&place("RV-4", (-1, 1), 180)));
    try_play(&mut g, &place("RV-4", (-1, 1), 270)).expect("a left turn after a right one");
}

#[test]
fn a_straight_between_two_curves_allows_the_same_turn_again() {
    // Right at (0, 1), straight west at (-1, 1), right again at (-2, 1):
    // a U-turn over three tiles, which the rules allow.
    let mut g = game(&["RV-4", "RV-3", "RV-4", "RV-3"], |r| {
        r.place("RV-4", (0, 1), 90).pass().place("RV-3", (-1, 1), 0).pass()
    });
    try_play(&mut g, &place("RV-4", (-2, 1), 180)).expect("curve, straight, curve the same way");
}

#[test]
fn the_lookahead_variant_refuses_a_river_heading_for_a_placed_tile() {
    // Right, straight west, right (north), straight north: allowed by both
    // rules. Then RV-11's river bending east at (-2, -1) would be allowed
    // by the immediate rule (a straight before it), but two squares ahead
    // of its open end, beside (0, -1), lies the spring: `lookahead` refuses.
    let moves = |r: RecordBuilder| {
        r.place("RV-4", (0, 1), 90)
            .pass()
            .place("RV-3", (-1, 1), 0)
            .pass()
            .place("RV-4", (-2, 1), 180)
            .pass()
            .place("RV-3", (-2, 0), 90)
            .pass()
    };
    let tiles = ["RV-4", "RV-3", "RV-4", "RV-3", "RV-11", "RV-6"];
    let bend = place("RV-11", (-2, -1), 270);
    let mut immediate = game(&tiles, moves);
    try_play(&mut immediate, &bend).expect("no U-turn by the immediate rule");
    let lookahead = moves(
        RecordBuilder::new(&["Ann", "Bob"])
            .expansion("river")
            .variant("river", "u_turn", "lookahead")
            .draw_order(&tiles),
    )
    .build();
    let mut g = kit().replay_record(&lookahead).unwrap_or_else(|e| panic!("{e}"));
    let refused = try_play(&mut g, &bend).expect_err("blocked ahead");
    assert_eq!(refused.kind, RefusalKind::PlacementForbidden);
    assert!(
        refused.message.contains("way ahead must be clear"),
        "{}",
        refused.message
    );
}

#[test]
fn a_river_tile_that_does_not_continue_the_river_is_refused() {
    // East of the spring, RV-3 turned 90° matches the spring's field side,
    // but its river ends meet nothing: it would break the river.
    let mut g = game(&["RV-3", "RV-3"], |r| r);
    let refused = try_play(&mut g, &place("RV-3", (1, 0), 90)).expect_err("off the river");
    assert_eq!(refused.kind, RefusalKind::PlacementForbidden);
    assert!(
        refused.message.contains("must continue the river"),
        "{}",
        refused.message
    );
    // Every listed placement continues the river from the spring's end.
    for option in options(&g) {
        assert!(option.contains("[0,1]"), "{option}");
    }
    try_play(&mut g, &place("RV-3", (0, 1), 90)).expect("below the spring");
}

#[test]
fn nobody_stands_on_the_river() {
    let mut g = game(&["RV-3", "RV-3"], |r| r.place("RV-3", (0, 1), 90));
    let listed = options(&g);
    assert!(listed.iter().all(|o| !o.contains("river")), "{listed:?}");
    assert!(
        listed.iter().any(|o| o.contains("field")),
        "the banks take farmers: {listed:?}"
    );
    let refused = try_play(&mut g, r#"{"deploy":{"feature":"river:N"}}"#).expect_err("on the river");
    assert!(
        matches!(refused.kind, RefusalKind::NotAnOption | RefusalKind::NoSuchFeature),
        "{refused:?}"
    );
}

#[test]
fn the_field_round_the_spring_joins_both_banks() {
    // Ann's farmer on the east bank of (0, 1). The spring's one field joins
    // it to the west bank, so Bob cannot put a farmer on the west bank of
    // (0, 2) either, nor on its east bank.
    let mut g = game(&["RV-3", "RV-3", "RV-4"], |r| {
        r.place("RV-3", (0, 1), 90).deploy("field:E").place("RV-3", (0, 2), 90)
    });
    for bank in ["field:W", "field:E"] {
        let refused = try_play(&mut g, &format!(r#"{{"deploy":{{"feature":"{bank}"}}}}"#)).expect_err(bank);
        assert_eq!(refused.kind, RefusalKind::FeatureOccupied, "{bank}: {refused:?}");
    }
}

fn seeded(seed: u64, variant: Option<&str>) -> Game {
    let mut config = game_config(2, seed, &["river"]);
    if let Some(v) = variant {
        config
            .variants
            .entry("river".into())
            .or_default()
            .insert("start_tile".into(), v.into());
    }
    Game::new(kit().rules(&config)).expect("a game")
}

#[test]
fn river_tiles_come_first_and_the_lake_last() {
    for seed in 0..6 {
        let game = seeded(seed, None);
        // The base game's 72 tiles less the start tile D, which leaves the
        // game; the river's 12 less the spring.
        assert_eq!(game.rules().bag_size(), 71 + 11, "seed {seed}");
        let drawn = draws(game, seed);
        let river: Vec<&String> = drawn.iter().take_while(|id| id.starts_with("RV-")).collect();
        // Every river tile is drawn (a tile that fits nowhere is drawn and
        // discarded), the lake last, and none after it.
        assert_eq!(river.len(), 11, "seed {seed}: {drawn:?}");
        assert_eq!(river.last().map(|s| s.as_str()), Some("RV-2"), "seed {seed}: {drawn:?}");
        assert!(
            drawn[river.len()..].iter().all(|id| !id.starts_with("RV-")),
            "seed {seed}"
        );
    }
}

#[test]
fn the_base_start_tile_may_be_shuffled_in_instead() {
    let game = seeded(1, Some("shuffled"));
    assert_eq!(game.rules().bag_size(), 72 + 11);
    let d = game
        .rules()
        .initial_bag()
        .iter()
        .filter(|&&t| game.rules().tile(t).id() == "D")
        .count();
    assert_eq!(d, 4, "all four D tiles are drawn");
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let mut config = GameConfig::with_players(3);
    config.expansions = vec!["river".into()];
    let played = random_games(&kit(), &config, 6);
    assert_eq!(played.games, 6);
}

#[test]
fn games_with_the_lookahead_variant_keep_the_invariants() {
    // The random games compare the river's open ends kept up with a recount
    // after every decision, and debug builds the veto's shortcut with the
    // board at every placement, under both U-turn rules.
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["river".into()];
    config
        .variants
        .entry("river".into())
        .or_default()
        .insert("u_turn".into(), "lookahead".into());
    let played = random_games(&kit(), &config, 4);
    assert_eq!(played.games, 4);
}

/// A toy expansion whose rules replace the river's course, as Fishermen's
/// do: it needs part `course` off (`parts_off`). The River's only part
/// cannot be switched off by a configuration alone ("every part of `river`
/// is off": its tiles without its rules are `tiles_only`).
struct NoCourse;

impl carcassonne_core::Expansion for NoCourse {
    type State = ();
    type Action = ();
    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}
    fn hooks(&self) -> carcassonne_core::expansion::Hooks {
        carcassonne_core::expansion::Hooks::NONE
    }
}

static NO_COURSE: carcassonne_core::ExpansionInfo = carcassonne_core::ExpansionInfo {
    id: "no-course-test",
    name: "No course (test)",
    companions: &["river"],
    parts_off: &[carcassonne_core::PartOff {
        expansion: "river",
        part: "course",
    }],
    build: |_| Ok(carcassonne_core::expansion::boxed(NoCourse)),
    ..carcassonne_core::ExpansionInfo::EMPTY
};

fn kit_without_course() -> Kit {
    kit().with(&NO_COURSE)
}

/// A game with the river's course switched off, seeded.
fn without_course(seed: u64) -> Game {
    let config = game_config(2, seed, &["no-course-test", "river"]);
    Game::new(kit_without_course().rules(&config)).expect("a game")
}

#[test]
fn without_the_course_the_base_start_tile_starts_and_the_river_tiles_are_shuffled_in() {
    let game = without_course(3);
    // The base game's 72 tiles less the start tile D, and all 12 river
    // tiles, the spring among them.
    assert_eq!(game.rules().bag_size(), 71 + 12);
    let start = game.rules().start_tile();
    assert_eq!(game.rules().tile(start).id(), "D");
    assert_eq!(game.rules().draw_phases().len(), 1, "one phase: no river drawn first");
    assert_eq!(
        game.rules().config.parts.get("river").and_then(|p| p.get("course")),
        Some(&false),
        "stated off"
    );
}

#[test]
fn without_the_course_a_river_tile_goes_anywhere_its_edges_fit() {
    // D lies at (0, 0): city north, road west-east, field south. The lake
    // (RV-2, its river coming in from the north) fits south of D turned
    // 180° (river south), and a straight river (RV-3 turned 90°,
    // north-south) below it: no spring, no order, no course to follow.
    let mut g = kit_without_course()
        .replay_record(
            &RecordBuilder::new(&["Ann", "Bob"])
                .expansion("no-course-test")
                .expansion("river")
                .draw_order(&["RV-2", "RV-3", "RV-3"])
                .place("RV-2", (0, 1), 180)
                .pass()
                .place("RV-3", (0, 2), 90)
                .pass()
                .build(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state().board().tiles().len(), 3);
    // Its river edges still meet only river edges: a straight river beside
    // the lake's field does not fit.
    let refused = try_play(&mut g, &place("RV-3", (1, 1), 0)).expect_err("a river against a field");
    assert_eq!(refused.kind, RefusalKind::TileDoesNotFit, "{refused:?}");
}

#[test]
fn games_without_the_course_keep_the_invariants() {
    let mut config = GameConfig::with_players(3);
    config.expansions = vec!["no-course-test".into(), "river".into()];
    let played = random_games(&kit_without_course(), &config, 4);
    assert_eq!(played.games, 4);
}
