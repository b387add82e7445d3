//! `carcassonne simulate`: the same seed range gives the same summary whatever the
//! number of threads, and the summary adds up.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("simulate")
        .args(args)
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn summaries_do_not_depend_on_thread_count() {
    let one = run(&["--games", "40", "--seed", "7", "--threads", "1", "--json"]);
    let two = run(&["--games", "40", "--seed", "7", "--threads", "2", "--json"]);
    assert_eq!(one, two);
    let s: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(s["games"], 40);
    let wins: f64 = s["win_rate_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_f64().unwrap())
        .sum();
    assert!((wins - 1.0).abs() < 0.01, "win rates add up to 1: {wins}");
    // Mean score per seat equals the sum of mean points by source (per player).
    let mean_score: f64 = s["score_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["mean"].as_f64().unwrap())
        .sum::<f64>()
        / 2.0;
    let by_source: f64 = s["points_by_source"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x[1].as_f64().unwrap())
        .sum();
    assert!((mean_score - by_source).abs() < 0.01, "{mean_score} vs {by_source}");
}

#[test]
fn csv_has_one_line_per_game_and_a_seed_range() {
    let csv = run(&["--games", "5", "--seed", "100", "--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[0].starts_with("seed,turns,p1_score,p1_roads"));
    let seeds: Vec<&str> = lines[1..].iter().map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(seeds, ["100", "101", "102", "103", "104"]);
}

#[test]
fn a_configuration_error_stops_before_any_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "--games", "5", "--expansions", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown expansion `nope`"));
}

/// Workers times the threads each game's search bot starts are counted
/// against the cap (issue 40, item 9): refused before any game, naming
/// both numbers; within the cap the run plays.
#[test]
fn a_run_that_would_start_too_many_threads_is_refused_before_any_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args([
            "simulate",
            "--games",
            "2",
            "--threads",
            "4",
            "--bot",
            "mcts:10:threads=256",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("would start 1024 threads; at most 256") && !err.contains("panicked"),
        "{err}"
    );
    run(&["--games", "2", "--threads", "2", "--bot", "mcts:10:threads=2"]);
}

#[test]
fn the_html_report_draws_the_same_summary() {
    let path = std::env::temp_dir().join(format!("carcassonne-report-{}.html", std::process::id()));
    let json = run(&[
        "--games",
        "30",
        "--seed",
        "3",
        "--expansions",
        "easter,fruit-trees",
        "--json",
        "--html",
        path.to_str().unwrap(),
    ]);
    let summary: serde_json::Value = serde_json::from_str(&json).unwrap();
    let page = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    // Well-formed (the SVG inside is XML), self-contained, and showing every figure.
    roxmltree::Document::parse(page.trim_start_matches("<!DOCTYPE html>\n")).expect("well-formed page");
    assert!(
        !page.contains("src=") && !page.contains("<script"),
        "self-contained, no script"
    );
    let histograms = summary["score_histogram_by_seat"].as_array().unwrap();
    assert_eq!(histograms.len(), 2);
    let counted: u64 = histograms[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counted, 30, "every game is in the seat's score histogram");
    let turns: u64 = summary["turns_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(turns, 30);
    for (i, ci) in summary["win_rate_ci_by_seat"].as_array().unwrap().iter().enumerate() {
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        let rate = summary["win_rate_by_seat"][i].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "seat {i}: {lo} ≤ {rate} ≤ {hi}");
        assert!(page.contains(&format!("{:.1}–{:.1}&#160;%", 100.0 * lo, 100.0 * hi)));
    }
    for heading in [
        "Player 1",
        "Player 2",
        "base game",
        "easter",
        "fruit-trees",
        "harvest",
        "First player's edge",
    ] {
        assert!(page.contains(heading), "the page shows `{heading}`");
    }
}

#[test]
fn compare_plays_the_same_seeds_without_and_with_the_expansion() {
    let c: serde_json::Value = serde_json::from_str(&run(&[
        "--games",
        "60",
        "--seed",
        "5",
        "--compare",
        "fruit-trees",
        "--json",
    ]))
    .unwrap();
    assert_eq!(c["expansion"], "fruit-trees");
    assert_eq!(c["games"], 60);
    let measures = c["measures"].as_array().unwrap();
    assert_eq!(measures.len(), 4);
    for m in measures {
        let (with, without, diff) = (&m["with"], &m["without"], &m["difference"]);
        let gap = with["mean"].as_f64().unwrap() - without["mean"].as_f64().unwrap();
        assert!((gap - diff["mean"].as_f64().unwrap()).abs() < 0.01, "{m}");
        assert!(diff["low"].as_f64().unwrap() <= diff["mean"].as_f64().unwrap());
        assert!(diff["mean"].as_f64().unwrap() <= diff["high"].as_f64().unwrap());
    }
    // The "without" side is the plain simulation of the same seeds.
    let plain: serde_json::Value = serde_json::from_str(&run(&["--games", "60", "--seed", "5", "--json"])).unwrap();
    let seats = plain["score_by_seat"].as_array().unwrap();
    let plain_mean = seats.iter().map(|s| s["mean"].as_f64().unwrap()).sum::<f64>() / seats.len() as f64;
    assert!(
        (plain_mean - measures[0]["without"]["mean"].as_f64().unwrap()).abs() < 0.01,
        "{plain_mean} vs {}",
        measures[0]
    );
    assert_eq!(
        measures[3]["without"]["mean"].as_f64().unwrap(),
        plain["turns"]["mean"].as_f64().unwrap()
    );
    // Fruit trees come with tiles of their own: every game is longer.
    assert!(
        measures[3]["difference"]["low"].as_f64().unwrap() > 0.0,
        "{}",
        measures[3]
    );
    let sources: Vec<&str> = c["points_by_source"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[0].as_str().unwrap())
        .collect();
    assert!(
        !sources.is_empty() && sources.iter().all(|s| s.starts_with("fruit-trees.")),
        "{sources:?}"
    );
}

#[test]
fn compare_with_an_unknown_expansion_says_how_to_load_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "--games", "2", "--compare", "moonlit-meadows"])
        .output()
        .expect("host runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown expansion `moonlit-meadows`") && stderr.contains("--plugin"),
        "{stderr}"
    );
}

#[test]
fn compare_draws_its_page() {
    let path = std::env::temp_dir().join(format!("carcassonne-compare-{}.html", std::process::id()));
    run(&[
        "--games",
        "20",
        "--compare",
        "easter",
        "--html",
        path.to_str().unwrap(),
        "--json",
    ]);
    let page = std::fs::read_to_string(&path).expect("page written");
    let _ = std::fs::remove_file(&path);
    let doc = roxmltree::Document::parse(page.trim_start_matches("<!DOCTYPE html>\n")).expect("well-formed page");
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    for needle in [
        "mean score per player",
        "turns per game",
        "easter",
        "20 games, each without and with easter",
    ] {
        assert!(text.contains(needle), "`{needle}` missing");
    }
    // One interval per measure.
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("circle")).count(), 4);
}

#[test]
fn merged_shards_give_the_single_run_summary_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("carcassonne-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = [
        "--games",
        "23",
        "--seed",
        "40",
        "--players",
        "3",
        "--expansions",
        "easter",
    ];
    let mut files = Vec::new();
    // Written in an order other than the shards' and merged in yet another.
    for k in [3, 0, 2, 1] {
        let path = dir.join(format!("shard-{k}.jsonl"));
        let shard = format!("{k}/4");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard, "--jsonl", "--out", path.to_str().unwrap()]);
        run(&args);
        files.push(path.to_str().unwrap().to_string());
    }
    let lines = std::fs::read_to_string(&files[1]).unwrap();
    assert_eq!(
        lines.lines().count(),
        1 + 5,
        "shard 0 of 23 games in 4 holds 5 games and a header"
    );
    for json in [true, false] {
        let mut single = base.to_vec();
        let mut merge = vec!["merge"];
        merge.extend(files.iter().map(String::as_str));
        if json {
            single.push("--json");
            merge.push("--json");
        }
        assert_eq!(run(&merge), run(&single));
    }
    // A missing shard is named, not silently summarised.
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "merge", &files[0], &files[1]])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("shards missing (of 4): 1, 2"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_of_shards_played_apart_is_compare_of_one_run() {
    let dir = std::env::temp_dir().join(format!("carcassonne-compare-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shards = |run_name: &str, expansions: Option<&str>| -> Vec<String> {
        (0..3)
            .map(|k| {
                let path = dir.join(format!("{run_name}-{k}.jsonl"));
                let shard = format!("{k}/3");
                let mut args = vec!["--games", "12", "--seed", "5", "--bot", "greedy"];
                if let Some(e) = expansions {
                    args.extend(["--expansions", e]);
                }
                args.extend(["--shard", &shard, "--jsonl", "--out", path.to_str().unwrap()]);
                run(&args);
                path.to_str().unwrap().to_string()
            })
            .collect()
    };
    let without = shards("base", None);
    let with = shards("fruit", Some("fruit-trees"));
    let compare_args = |with: &[String], without: &[String]| -> Vec<String> {
        let mut args = vec!["compare".to_string(), "--with".into()];
        args.extend(with.iter().cloned());
        args.push("--without".into());
        args.extend(without.iter().cloned());
        args.push("--json".into());
        args
    };
    let from_files = {
        let args = compare_args(&with, &without);
        run(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let one_run = run(&[
        "--games",
        "12",
        "--seed",
        "5",
        "--bot",
        "greedy",
        "--compare",
        "fruit-trees",
        "--json",
    ]);
    assert_eq!(from_files, one_run);
    let c: serde_json::Value = serde_json::from_str(&one_run).unwrap();
    let sources: Vec<&str> = c["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert!(
        sources.contains(&"cities") && sources.contains(&"fruit-trees.harvest"),
        "{sources:?}"
    );

    // A run still missing a shard: its seeds are left out, and the note says so.
    let args = compare_args(&with, &without[..2]);
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("simulate")
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--without: shards 2 of 3 are missing"));
    let partial: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(partial["games"], 8);

    // Two runs that are not one expansion apart are refused.
    let args = compare_args(&without, &with);
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("simulate")
        .args(&args)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("differ by one expansion"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Forged or damaged shard files are refused with the reason, never a
/// panic, an unbounded allocation or a wrong summary (issue 40, item 7):
/// a game line with too many scores, a breakdown that does not add up or
/// has too few parts, a header declaring an absurd run, scores and turns
/// beyond any game.
#[test]
fn forged_shards_are_refused_with_the_reason() {
    use carcassonne_lab::simulate::{merge, merge_some};
    let dir = std::env::temp_dir().join(format!("carcassonne-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard.jsonl");
    run(&[
        "--games",
        "3",
        "--seed",
        "7",
        "--players",
        "2",
        "--shard",
        "0/1",
        "--jsonl",
        "--out",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    let file = |lines: &[serde_json::Value]| {
        vec![(
            "forged.jsonl".to_string(),
            lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        )]
    };
    // The file as written merges.
    assert_eq!(merge(&file(&lines)).unwrap().results.len(), 3);
    /// A change that forges the shard's lines.
    type Forgery<'a> = &'a dyn Fn(&mut Vec<serde_json::Value>);
    let forged = |change: Forgery<'_>| {
        let mut copy = lines.clone();
        change(&mut copy);
        match merge_some(&file(&copy)) {
            Ok(_) => panic!("a forged shard merged: {copy:?}"),
            Err(e) => format!("{e:#}"),
        }
    };
    let cases: [(Forgery<'_>, &str); 8] = [
        (
            &|l| l[1]["scores"] = serde_json::json!(vec![1; 100]),
            "100 scores and 2 breakdowns for 2 players",
        ),
        (&|l| l[1]["scores"][0] = serde_json::json!(9999), "adds up to"),
        (
            &|l| l[2]["breakdown"][1] = serde_json::json!([1]),
            "breakdown has 1 parts",
        ),
        (
            &|l| l[3]["turns"] = serde_json::json!(4_000_000_000u64),
            "turns; at most",
        ),
        (
            &|l| {
                l[1]["scores"][0] = serde_json::json!(2_000_000_000);
                l[1]["breakdown"][0] = serde_json::json!(
                    std::iter::once(2_000_000_000)
                        .chain(std::iter::repeat_n(
                            0,
                            l[1]["breakdown"][0].as_array().unwrap().len() - 1
                        ))
                        .collect::<Vec<i64>>()
                );
            },
            "a score of 2000000000",
        ),
        // A header declaring 10^18 games: refused without listing them.
        (
            &|l| l[0]["shard"]["games"] = serde_json::json!(1_000_000_000_000_000_000u64),
            "should hold the 1000000000000000000 games of seeds",
        ),
        (
            &|l| l[0]["shard"]["of"] = serde_json::json!(1u64 << 60),
            "shards; at most",
        ),
        (
            &|l| l[0]["shard"]["config"]["players"] = serde_json::json!([]),
            "a configuration of 0 players",
        ),
    ];
    for (change, says) in cases {
        let e = forged(change);
        assert!(e.contains(says), "`{says}` not in: {e}");
    }
}

/// People read the score sources in words ("Serf"), in the summary as in
/// `play`'s and `replay`'s score tables; JSON, CSV and shards keep the keys.
#[test]
fn text_names_score_sources_in_words_and_json_and_csv_by_key() {
    let args = ["--games", "2", "--seed", "3", "--expansions", "cleric-and-serf"];
    let text = run(&args);
    assert!(
        text.contains("\n  Serf ") && text.contains("\n  Cloister tokens "),
        "{text}"
    );
    assert!(!text.contains("cleric-and-serf.serf"), "{text}");
    let json = run(&[&args[..], &["--json"]].concat());
    assert!(json.contains("\"cleric-and-serf.serf\""), "{json}");
    let csv = run(&[&args[..], &["--csv"]].concat());
    assert!(csv.contains("p1_cleric-and-serf.serf"), "{csv}");
    let compared = run(&["--games", "2", "--seed", "3", "--compare", "cleric-and-serf"]);
    assert!(
        compared.contains("\n  Serf ") && compared.contains("\n  Roads "),
        "{compared}"
    );
    assert!(!compared.contains("cleric-and-serf.serf"), "{compared}");

    let play = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["play", "-q", "--seed", "3", "--expansions", "cleric-and-serf"])
        .output()
        .expect("host runs");
    let table = String::from_utf8_lossy(&play.stdout);
    let header = table.lines().find(|l| l.starts_with("Player ")).expect("score table");
    assert!(
        header.contains("  Roads  Cities  Cloisters  Farms  Cleric  Serf  Cloister tokens"),
        "{table}"
    );
}

// ------------------------------------------------------------ issue 55, 7

/// `simulate --games 1000000000000 --csv` writes its lines as the games are
/// played (read here, then the run is stopped): nothing is kept until the
/// end, so a run's memory does not grow with its number of games. With
/// `--out`, the file is only put in place when the run is done: stopped
/// part way, the old file is as it was. A run that keeps every result
/// (`--compare`) refuses what would not fit in memory, before any game,
/// saying what to do instead. (Before, every result was kept to the end:
/// about 250 bytes a game, 250 GB here, and not a line before it.)
#[test]
fn a_huge_run_streams_its_lines_and_what_would_not_fit_is_refused() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args([
            "simulate",
            "--games",
            "1000000000000",
            "--seed",
            "5",
            "--threads",
            "1",
            "--csv",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    // Read on a thread, so that a run that holds its lines back fails
    // here (after minutes) instead of hanging the test.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let first: Vec<String> = lines.by_ref().take(1001).map_while(Result::ok).collect();
        let _ = tx.send(first);
    });
    let first = rx
        .recv_timeout(std::time::Duration::from_secs(600))
        .expect("the first thousand games' lines while the run goes on");
    child.kill().unwrap();
    assert!(first[0].starts_with("seed,turns,p1_score"), "{}", first[0]);
    // Lines come in pieces of 64 KiB: a few hundred games.
    assert_eq!(first.len(), 1001);
    for (line, seed) in first[1..].iter().zip(5u64..) {
        assert_eq!(line.split(',').next(), Some(seed.to_string().as_str()));
    }
    child.wait().unwrap();

    let dir = std::env::temp_dir().join(format!("carcassonne-huge-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("games.csv");
    std::fs::write(&out, "the old file\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args([
            "simulate",
            "--games",
            "1000000000000",
            "--threads",
            "1",
            "--csv",
            "--out",
        ])
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the old file\n");
    std::fs::remove_dir_all(&dir).ok();

    let refused = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "--games", "1000000000000", "--compare", "river"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("--compare keeps every game's result in memory")
            && err.contains("at most 4000000 games, not 1000000000000")
            && err.contains("simulate compare"),
        "{err}"
    );
}
