//! `carcassonne replay`: the turn log of a recorded game, and a reader that stops
//! reading (`carcassonne replay --log FILE | head`) ends it quietly.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn host() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

/// A finished bot game with Easter, recorded to a fresh file.
fn recorded_game(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("carcassonne-replay-{}-{name}.json", std::process::id()));
    let out = host()
        .args(["play", "--seed", "3", "--expansions", "easter", "--quiet", "--record"])
        .arg(&path)
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    path
}

#[test]
fn the_log_tells_the_game_and_ends_with_the_scores() {
    let path = recorded_game("log");
    let out = host().args(["replay", "--log"]).arg(&path).output().expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.starts_with("Start tile D at (0,0)\nTurn 1 · Player 1\n"), "{text}");
    assert!(
        text.contains("Egg award: "),
        "Easter's log lines are shown in words:\n{text}"
    );
    assert!(!text.contains('{'), "no JSON in the turn log:\n{text}");
    let plain = host().arg("replay").arg(&path).output().expect("host runs");
    let table = String::from_utf8(plain.stdout).expect("UTF-8");
    assert!(text.ends_with(&table), "the log ends with replay's score table");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_reader_that_stops_reading_ends_the_replay_quietly() {
    let path = recorded_game("pipe");
    let mut child = host()
        .args(["replay", "--log"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("host runs");
    // The read end is closed before the replay has written anything (it
    // reads and plays the record first), as `head` closes it once it has
    // its lines: every write then fails.
    drop(child.stdout.take());
    let status = child.wait().expect("host ends");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut err)
        .expect("stderr");
    assert!(status.success() && err.is_empty(), "{status}: {err}");
    let _ = std::fs::remove_file(path);
}
