//! Save and resume: `play --record` saves every move (a journal line beside
//! the record, see `host/src/journal.rs`), so killing the process at any
//! moment leaves a record that reads back with the finished moves, and
//! `resume` finishes the game exactly as an uninterrupted run does.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

fn host() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("carcassonne-resume-{}-{name}.json", std::process::id()))
}

const GAME: [&str; 8] = ["play", "--seed", "5", "--players", "3", "--bot", "greedy", "-q"];

#[test]
fn killed_games_resume_to_the_uninterrupted_result() {
    let full = temp("full");
    let start = Instant::now();
    let out = host()
        .args(GAME)
        .arg("--json")
        .arg("--record")
        .arg(&full)
        .output()
        .unwrap();
    let duration = start.elapsed();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let expected: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let total_moves = record_moves(&full).expect("the full record is valid");

    let mut interrupted = 0;
    for (i, fraction) in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95].into_iter().enumerate() {
        let path = temp(&format!("killed-{i}"));
        let _ = std::fs::remove_file(&path);
        let mut child = host()
            .args(GAME)
            .arg("--record")
            .arg(&path)
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(duration.mul_f64(fraction));
        let _ = child.kill();
        let _ = child.wait();
        let Some(moves) = record_moves(&path) else {
            // Killed before the first write: nothing to resume, nothing lost.
            assert!(!path.exists(), "a record that exists must be valid JSON");
            continue;
        };
        if moves < total_moves {
            interrupted += 1;
        }
        let out = host().arg("resume").arg(&path).args(["-q", "--json"]).output().unwrap();
        assert!(
            out.status.success(),
            "resume after {moves} moves: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let resumed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(resumed, expected, "resumed after {moves} of {total_moves} moves");
        assert_eq!(record_moves(&path), Some(total_moves), "the resumed record is complete");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&full).unwrap(),
            "same record as uninterrupted"
        );
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_file(&full);
    assert!(
        interrupted > 0,
        "no kill landed mid-game (game took {duration:?}); the test proved nothing"
    );
}

#[test]
fn resume_of_a_finished_game_just_reports_it() {
    let path = temp("finished");
    assert!(host().args(GAME).arg("--record").arg(&path).status().unwrap().success());
    let out = host().arg("resume").arg(&path).arg("-q").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Score"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn resume_refuses_a_truncated_record_clearly() {
    let path = temp("truncated");
    assert!(host().args(GAME).arg("--record").arg(&path).status().unwrap().success());
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let out = host().arg("resume").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a valid game record") && err.contains("line"), "{err}");
    let _ = std::fs::remove_file(&path);
}

fn record_moves(path: &PathBuf) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()));
    Some(v["moves"].as_array().expect("moves").len())
}
