//! `carcassonne bench`: one run prints every figure, machine-readable with `--json`,
//! and bad sizes or expansions are clear errors.

use std::process::Command;

fn bench(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("bench")
        .args(args)
        .output()
        .expect("host runs")
}

#[test]
fn json_has_every_figure() {
    let out = bench(&["--games", "3", "--seconds", "0.02", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in ["full", "sampled", "flat"] {
        assert!(r[key].as_f64().expect(key) > 0.0, "{key}");
    }
    let flat_ratio = r["flat_ratio"].as_f64().expect("flat_ratio");
    assert!((flat_ratio - r["flat"].as_f64().unwrap() / r["full"].as_f64().unwrap()).abs() < 1e-9);
    let e = &r["with_expansions"];
    assert_eq!(
        e["expansions"],
        serde_json::json!(["easter", "fruit-trees", "cleric-and-serf"])
    );
    assert!(e["full"].as_f64().unwrap() > 0.0 && e["sampled"].as_f64().unwrap() > 0.0);
    let e_flat = e["flat"].as_f64().expect("the expansions' flat figure");
    assert!(e_flat > 0.0);
    assert!((e["flat_ratio"].as_f64().expect("flat_ratio") - e_flat / e["full"].as_f64().unwrap()).abs() < 1e-9);
    // Their 38 tiles make longer games; the same tiles with the rules off
    // separate the longer game's cost from the rules' cost.
    let tiles = e["tiles_per_game"].as_f64().unwrap();
    assert!((100.0..=109.0).contains(&tiles), "{tiles} tiles a game");
    for key in ["full", "sampled"] {
        let same = e["same_tiles"][key].as_f64().unwrap();
        let ratio = e[&format!("rules_{key}_ratio")].as_f64().unwrap();
        assert!((ratio - e[key].as_f64().unwrap() / same).abs() < 1e-9, "{key}");
    }
    assert!(r["legal_options"]["place_ns"].as_f64().unwrap() > 0.0);
    assert!(r["legal_options"]["place_options"].as_f64().unwrap() >= 1.0);
    for key in ["clone_ns", "clone_and_play_ns", "play_and_undo_ns"] {
        assert!(r["clone"][key].as_f64().unwrap() > 0.0, "{key}");
    }
    assert!(r["clone"]["size_bytes"].as_u64().unwrap() > 0);
    assert!(r["clone"]["heap_bytes_end"].as_u64().unwrap() > 0);
    for mode in ["sampled", "full", "flat"] {
        let g = &r["growth"][mode];
        let (normal, long) = (g["normal_tiles"].as_f64().unwrap(), g["long_tiles"].as_f64().unwrap());
        // The long game repeats the bag 14 times: most of its tiles get placed.
        assert!(
            normal > 60.0 && long > 10.0 * normal,
            "{mode}: {normal} vs {long} tiles"
        );
        assert!(g["ratio"].as_f64().unwrap() > 0.0);
        // A longer game has a longer frontier, and so more placements a turn.
        let (few, many) = (
            g["normal_place_options"].as_f64().unwrap(),
            g["long_place_options"].as_f64().unwrap(),
        );
        assert!(few >= 1.0 && many > 2.0 * few, "{mode}: {few} vs {many} placements");
        let per_listed = g["per_listed_placement_ratio"].as_f64().unwrap();
        assert!(
            (per_listed - g["ratio"].as_f64().unwrap() / (many / few)).abs() < 1e-9,
            "{mode}: {per_listed}"
        );
    }
    // Each expansion of the catalog alone, with what it requires: its
    // rules' cost against its own tiles with the rules off.
    let alone = r["alone"].as_array().expect("each expansion alone");
    let measured: Vec<String> = alone
        .iter()
        .map(|a| {
            a["expansions"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for id in [
        "abbey-and-mayor",
        "abbot",
        "cleric-and-serf",
        "easter",
        "fruit-trees",
        "river",
    ] {
        assert!(
            measured.iter().any(|m| m == id),
            "{id} not measured alone: {measured:?}"
        );
    }
    for a in alone {
        for key in ["full", "sampled"] {
            let ratio = a[&format!("rules_{key}_ratio")].as_f64().unwrap();
            let same = a["same_tiles"][key].as_f64().unwrap();
            assert!(
                ratio > 0.0 && (ratio - a[key].as_f64().unwrap() / same).abs() < 1e-9,
                "{a}"
            );
        }
    }
    // The search bot's speed, on the base game and with the expansions.
    let search = r["search"].as_array().expect("search figures");
    assert_eq!(search.len(), 2);
    assert_eq!(search[1]["expansions"], e["expansions"]);
    for m in search {
        let (decisions, iterations) = (
            m["decisions_per_second"].as_f64().unwrap(),
            m["iterations_per_second"].as_f64().unwrap(),
        );
        assert!(decisions > 0.0 && m["decisions"].as_u64().unwrap() >= 1, "{m}");
        // Every searched decision runs its full number of iterations.
        let per = m["iterations_per_decision"].as_f64().unwrap();
        assert!((iterations / decisions - per).abs() < 1e-6 * per, "{m}");
    }
    assert_eq!(r["threads"], 1);
    assert!(r["cores"].as_u64().unwrap() >= 1);
}

#[test]
fn text_names_the_figures_and_empty_expansions_skip_their_run() {
    let out = bench(&[
        "--games",
        "2",
        "--seconds",
        "0.02",
        "--expansions",
        "",
        "--alone",
        "abbot",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "full",
        "sampled",
        "legal options",
        "clone",
        "time per placed tile",
        "per listed placement",
    ] {
        assert!(text.contains(needle), "{needle} missing in:\n{text}");
    }
    assert!(!text.contains("with "), "no expansions' run:\n{text}");
    assert!(
        text.contains("each expansion alone") && text.contains("abbot"),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_clear_errors() {
    for (args, says) in [
        (&["--seconds", "0"][..], "--seconds"),
        (&["--games", "0"][..], "--games"),
        (
            &["--games", "1", "--seconds", "0.01", "--expansions", "no-such"][..],
            "no-such",
        ),
        (
            &["--games", "1", "--seconds", "0.01", "--alone", "nor-this"][..],
            "nor-this",
        ),
    ] {
        let out = bench(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
}
