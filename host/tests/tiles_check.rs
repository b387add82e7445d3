//! Snapshots of `carcassonne tiles check` on a folder of broken tile files, one
//! mistake (or a few) per file: every problem is reported with file, line,
//! column and a caret, and the exit status is non-zero.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn broken_tile_files_are_diagnosed() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("host/tests/broken-tiles"))
        .unwrap()
        .map(|e| format!("host/tests/broken-tiles/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "at least ten different mistakes");
    for file in files {
        let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["tiles", "check", &file])
            .current_dir(root())
            .output()
            .unwrap();
        // 3, not 1: problems found in the files, not a failure to check them.
        assert_eq!(out.status.code(), Some(3), "{file} must fail the check");
        let name = file.rsplit('/').next().unwrap().trim_end_matches(".toml").to_string();
        insta::assert_snapshot!(name, String::from_utf8_lossy(&out.stdout));
    }
}

#[test]
fn the_shipped_tile_files_are_clean() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["tiles", "check"])
        .current_dir(root())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // The base game's file and every linked expansion's, and their marks
    // files (Bridges, Castles & Bazaars' on Hills & Sheep's caps), each clean.
    assert!(text.lines().all(|l| l.starts_with("ok: ")), "{text}");
    assert!(text.lines().count() >= 16, "{text}");
    assert!(text.contains("marks of `bridges-castles-and-bazaars`"), "{text}");
}

#[test]
fn tiles_show_draws_bends_junctions_and_dead_ends_apart() {
    // The centre cell of each drawing: a curve's bend is not a junction, a
    // road into a cloister ends at the cloister.
    let centre = |id: &str| -> char {
        let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["tiles", "show", id])
            .current_dir(root())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        // Row 5 of 9 below the heading; cells are two characters wide.
        let row = text.lines().nth(5).unwrap_or_default().to_string();
        row.chars().nth(2 + 2 * 4).unwrap_or(' ')
    };
    assert_eq!(centre("V"), '\\', "curve west–south");
    assert_eq!(centre("J"), '/', "curve east–south");
    assert_eq!(centre("W"), 'o', "three roads meet");
    assert_eq!(centre("X"), 'o', "four roads meet");
    assert_eq!(centre("U"), '=', "straight road");
    assert_eq!(centre("A"), '+', "a road ends at the cloister");
}
