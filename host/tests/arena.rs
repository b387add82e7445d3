//! `carcassonne arena`: bots against bots with seats rotated, as a table or JSON,
//! and clear refusals.

use std::process::Command;

fn arena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("arena")
        .args(args)
        .output()
        .expect("host runs")
}

#[test]
fn json_counts_every_game_for_each_bot() {
    let out = arena(&[
        "--bots",
        "mcts:6,greedy",
        "--games",
        "4",
        "--expansions",
        "easter,fruit-trees,cleric-and-serf",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(r["games"], 4);
    assert_eq!(r["seeds"], 2, "each seed is played from both seats");
    assert_eq!(
        r["expansions"],
        serde_json::json!(["cleric-and-serf", "easter", "fruit-trees"])
    );
    let bots = r["bots"].as_array().expect("bots");
    assert_eq!(bots[0]["bot"], "mcts:6");
    assert_eq!(bots[1]["bot"], "greedy");
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!((wins - 4.0).abs() < 1e-9, "every game has its winner(s): {wins}");
    for b in bots {
        let rate = &b["win_rate"];
        let (low, p, high) = (
            rate["low"].as_f64().unwrap(),
            rate["percent"].as_f64().unwrap(),
            rate["high"].as_f64().unwrap(),
        );
        assert!(low <= p && p <= high && high <= 100.0, "{rate}");
        assert!(b["mean_score"].as_f64().unwrap() > 0.0);
    }
    let diff = r["mean_difference"].as_f64().unwrap();
    let means = bots[0]["mean_score"].as_f64().unwrap() - bots[1]["mean_score"].as_f64().unwrap();
    assert!((diff - means).abs() < 0.02, "{diff} vs {means}");
}

#[test]
fn the_table_names_each_bot_with_its_interval() {
    let out = arena(&["--bots", "random,greedy", "--games", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("2 games (1 seeds × every seating), base game"),
        "{text}"
    );
    for line in ["random", "greedy"] {
        let row = text.lines().find(|l| l.starts_with(line)).expect(line);
        assert!(row.contains('%') && row.contains('–'), "{row}");
    }
    assert!(text.contains("score difference (random − greedy)"), "{text}");
    assert!(text.contains("first seat won"), "{text}");
}

#[test]
fn bad_bots_are_refused_clearly() {
    for (args, why) in [
        (vec!["--bots", "greedy"], "2 to 6 bots"),
        (vec!["--bots", "greedy,wizard"], "unknown bot `wizard`"),
        (vec!["--bots", "greedy,mcts:0"], "neither a number of iterations"),
        (vec!["--bots", "greedy,random", "--games", "0"], "at least 1"),
        (
            vec!["--bots", "greedy,random", "--players", "3"],
            "--players must match --bots",
        ),
    ] {
        let out = arena(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn games_played_at_once_change_nothing_but_the_wall_clock() {
    let summary = |threads: &str| {
        let out = arena(&[
            "--bots",
            "mcts:20,greedy",
            "--games",
            "6",
            "--seed",
            "11",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let mut r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for b in r["bots"].as_array_mut().expect("bots") {
            b["seconds_per_turn"] = serde_json::Value::Null;
        }
        r
    };
    let one = summary("1");
    assert_eq!(one, summary("3"));
    assert_eq!(one["games"], 6);
    let out = arena(&["--bots", "random,greedy", "--threads", "100000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("give 0 (one per core) to 256"));
}
