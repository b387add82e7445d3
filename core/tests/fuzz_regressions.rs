//! Inputs the fuzz targets (`fuzz/`, see `docs/fuzzing.md`) once crashed
//! on, kept so that each fixed bug stays fixed. Every file under
//! `fuzz-regressions/<target>/` goes through the very checks of that target
//! (`fuzz/harness.rs`, included here), in the normal test run; the tests
//! after those check the message each refused input gets.
//!
//! To add one: copy the crash file from `fuzz/artifacts/<target>/` into
//! `fuzz-regressions/<target>/` under a name that says what it is, fix the
//! bug, and add a test below that checks the message for it.

#[path = "../../fuzz/harness.rs"]
mod harness;

use std::path::{Path, PathBuf};

/// The files kept for `target`, sorted.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"))
        .collect();
    files.sort();
    files
}

/// The kept input `target/name`.
fn input(target: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(target)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs every kept input of a target; a panic names the file.
fn run_all(target: &str, check: impl Fn(&[u8])) {
    for path in inputs(target) {
        let data = std::fs::read(&path).expect("read regression input");
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&data)));
        if let Err(panic) = outcome {
            eprintln!("fuzz regression {} failed", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

#[test]
fn tile_set_inputs() {
    run_all("tile_set", |data| {
        let _ = harness::tile_set(data);
    });
}

#[test]
fn config_inputs() {
    run_all("config", |data| {
        let _ = harness::config(data);
    });
}

#[test]
fn record_inputs() {
    run_all("record", |data| {
        let _ = harness::record(data);
    });
}

#[test]
fn decisions_inputs() {
    run_all("decisions", harness::decisions);
}

// ------------------------------------------- the message of each input

/// The message `record` input `name` is refused with.
fn record_error(name: &str) -> String {
    harness::record(&input("record", name)).expect_err("the record is refused")
}

#[test]
fn a_key_written_twice_is_refused() {
    // `{"place": {"tile": "B", "at": [-2, 5], "at": [2, 5], …}}` read as an
    // expansion move whose duplicate `at` serde_json collapsed; written back,
    // it read as a placement at (2,5).
    assert_eq!(
        record_error("duplicate-key-in-place.json"),
        "not a valid game record: duplicate key `at` at line 64 column 47"
    );
}

#[test]
fn a_float_in_a_move_reads_back_as_written() {
    // `"at": [-118446744073709551615, -1]` is no `i32`, so the `deploy` is
    // kept as an expansion move holding a JSON float. Without correctly
    // rounded parsing, the float the engine wrote read back as another one.
    let text = String::from_utf8(input("record", "float-in-expansion-move.json")).expect("UTF-8");
    let record = carcassonne_core::GameRecord::from_json(&text).expect("reads");
    let carcassonne_core::Move::Expansion(deploy) = &record.moves[1] else {
        panic!("a malformed deploy is kept as written: {:?}", record.moves[1])
    };
    assert_eq!(deploy["deploy"]["at"][0].as_f64(), Some(-118446744073709551615.0));
    let written = record.to_json();
    assert!(written.contains("-1.1844674407370955e+20"), "{written}");
    assert_eq!(
        carcassonne_core::GameRecord::from_json(&written).expect("reads back"),
        record
    );
    // Replay stops at the first move, which does not fit.
    assert_eq!(
        record_error("float-in-expansion-move.json"),
        r#"move 1 ({"place":{"tile":"F","at":[0,-1],"rotation":0}}): tile F turned 0° does not fit at (0,-1): its S side is Field but (0,0) has City there"#
    );
}

#[test]
fn a_cell_far_off_the_board_is_refused() {
    // A cell whose distance from the board's origin does not fit an i32
    // overflowed in `Board::index` (debug builds panicked): found as a
    // placement at (2147483647, 1563824127), reached by a record's deploy too.
    assert_eq!(
        record_error("deploy-at-i32-max.json"),
        r#"move 2 ({"deploy":{"at":[2147483647,0],"feature":"road:E"}}): no tile at (2147483647,0)"#
    );
    let rules = carcassonne_core::Rules::new(
        &carcassonne_core::Catalog::default(),
        &carcassonne_core::GameConfig::with_players(2),
        &carcassonne_core::TileSource::default(),
    )
    .expect("the base game");
    let mut game = carcassonne_core::Game::new(std::sync::Arc::new(rules)).expect("a game");
    let far = [
        (i32::MAX, 0),
        (i32::MIN, i32::MAX),
        (0, i32::MIN),
        (i32::MAX, 1563824127),
    ];
    for (x, y) in far {
        let place = carcassonne_core::Action::Place {
            pos: carcassonne_core::Pos::new(x, y),
            rotation: carcassonne_core::Rotation::NONE,
        };
        let err = game.play(&place).expect_err("no tile there to touch");
        assert_eq!(err.to_string(), format!("({x},{y}) does not touch any placed tile"));
    }
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    game.play(&options[0]).expect("a listed placement");
    for (x, y) in far {
        let far = carcassonne_core::Action::Deploy(carcassonne_core::Deployment {
            figure: 0,
            pos: carcassonne_core::Pos::new(x, y),
            spot: carcassonne_core::figures::Spot::Feature(0),
        });
        let err = game.play(&far).expect_err("nothing stands there");
        assert_eq!(
            err.to_string(),
            "cannot deploy follower: figures go on the tile just placed"
        );
        assert!(game.state().board().get(carcassonne_core::Pos::new(x, y)).is_none());
    }
}
