//! `carcassonne import-jcz`: a JCZ saved game in, a record out that
//! `carcassonne replay` plays to JCZ's scores; bad saves are named.

use std::path::PathBuf;
use std::process::{Command, Output};

fn carcassonne(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .output()
        .expect("runs")
}

fn sample() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("jcz/tests/samples/base.jcz")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcassonne-import-jcz-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_record_replays_to_the_saves_scores() {
    let dir = scratch("replay");
    let record = dir.join("base.json");
    let out = carcassonne(&[
        "import-jcz",
        sample().to_str().unwrap(),
        "--out",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("10 moves"), "{}", text(&out.stderr));
    let replay = carcassonne(&["replay", record.to_str().unwrap()]);
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    let table = text(&replay.stdout);
    let row = |name: &str| {
        table
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(
        (row("Alice"), row("Bob")),
        ("10".to_string(), "8".to_string()),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn without_out_the_record_is_printed() {
    let out = carcassonne(&["import-jcz", sample().to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(record["config"]["draw_order"][0], "E");
    assert_eq!(record["format"], 1);
}

#[test]
fn a_truncated_save_fails_naming_the_file_and_where() {
    let dir = scratch("truncated");
    let save = dir.join("cut.jcz");
    let whole = std::fs::read_to_string(sample()).unwrap();
    std::fs::write(&save, &whole[..whole.len() / 3]).unwrap();
    let out = carcassonne(&["import-jcz", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("cut.jcz") && err.contains("truncated") && err.contains("line"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_save_is_never_overwritten() {
    let dir = scratch("overwrite");
    let save = dir.join("game.jcz");
    std::fs::copy(sample(), &save).unwrap();
    let out = carcassonne(&["import-jcz", save.to_str().unwrap(), "--out", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("refusing to overwrite"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&save).unwrap(),
        std::fs::read_to_string(sample()).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_mappings_reads_every_linked_expansions_mapping() {
    let out = carcassonne(&["import-jcz", "--check-mappings"]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let report = text(&out.stdout);
    for owner in [
        "(base)",
        "(the-tower)",
        "(the-princess-and-the-dragon)",
        "(abbot)",
        "(river-ii)",
    ] {
        assert!(report.contains(owner), "{owner}: {report}");
    }
    assert!(!report.contains("problem"), "{report}");
}

#[test]
fn a_save_of_an_expansion_this_build_lacks_is_refused_by_name() {
    // The example plugin's made-up add-on: its set is named, not guessed.
    let save =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../expansions/example-watchtower/tests/samples/watchtower.jcz");
    let out = carcassonne(&["import-jcz", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("the JCZ tile set `example-watchtowers:1` (setup.sets)"),
        "{err}"
    );
}
