//! Records and rule variants through the host: `play --record` writes every
//! variant of every enabled expansion, and a record of engine 0.1.0 that
//! states none is replayed and resumed with 0.1.0's defaults.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn host() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "carcassonne-record-variants-{}-{name}.json",
        std::process::id()
    ))
}

fn read(path: &PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the record exists")).expect("JSON")
}

/// Plays seed 1 with Easter and the Fruit-Bearing Trees, `variants` given on
/// the command line, and returns the record and the final state. (In seed
/// 1's game the variants matter: under 0.2.0's defaults its moves are not
/// legal.)
fn play(name: &str, variants: &[&str]) -> (PathBuf, Value) {
    let path = temp(name);
    let mut cmd = host();
    cmd.args([
        "play",
        "--seed",
        "1",
        "--expansions",
        "easter,fruit-trees",
        "--quiet",
        "--json",
    ]);
    for v in variants {
        cmd.args(["--variant", v]);
    }
    let out = cmd.arg("--record").arg(&path).output().expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (path, serde_json::from_slice(&out.stdout).expect("final JSON"))
}

#[test]
fn a_written_record_states_every_variant() {
    let (path, _) = play("all", &["easter.die=d6"]);
    let record = read(&path);
    assert_eq!(record["engine"], env!("CARGO_PKG_VERSION"));
    let variants = &record["config"]["variants"];
    assert_eq!(
        variants["easter"],
        serde_json::json!({
            "bunny_phase": "after-scoring", "bunny_placement": "bunny-tile", "die": "d6",
            "revisits": "move", "second_place": "always", "short_path": "stay"
        })
    );
    assert_eq!(variants["fruit-trees"], serde_json::json!({ "actions": "one" }));
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_record_of_engine_0_1_0_replays_and_resumes_with_its_defaults() {
    // The game as engine 0.1.0 played it: its defaults, stated here.
    let (path, expected) = play("old", &["easter.short_path=longest", "fruit-trees.actions=per-tree"]);
    let mut record = read(&path);
    let moves = record["moves"].as_array().unwrap().len();
    // What engine 0.1.0 wrote: no variants, its version.
    record["engine"] = "0.1.0".into();
    record["config"].as_object_mut().unwrap().remove("variants");
    std::fs::write(&path, serde_json::to_string_pretty(&record).unwrap()).unwrap();

    let replayed = host().args(["replay"]).arg(&path).output().expect("host runs");
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );

    // The same moves claimed by engine 0.2.0 (today's defaults) do not replay.
    let mut claimed = record.clone();
    claimed["engine"] = "0.2.0".into();
    let other = temp("claimed");
    std::fs::write(&other, serde_json::to_string_pretty(&claimed).unwrap()).unwrap();
    let refused = host().args(["replay"]).arg(&other).output().expect("host runs");
    assert!(!refused.status.success(), "the defaults matter in this game");
    let _ = std::fs::remove_file(other);

    // Interrupted half way, resumed: the same end as the uninterrupted game.
    record["moves"].as_array_mut().unwrap().truncate(moves / 2);
    std::fs::write(&path, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    let out = host().arg("resume").arg(&path).args(["-q", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let resumed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(resumed["players"], expected["players"]);
    // The resumed record is still engine 0.1.0's, with no variant added.
    let after = read(&path);
    assert_eq!(after["engine"], "0.1.0");
    assert!(after["config"].get("variants").is_none());
    assert_eq!(after["moves"].as_array().unwrap().len(), moves);
    let _ = std::fs::remove_file(path);
}
