//! Fishermen's FanCloisterZone mapping (`jcz.toml`), a save written by
//! hand (tests/samples/fishermen.jcz), and FanCloisterZone's
//! own Fishermen engine tests (`engine-tests/fishermen/*.jcz` and
//! `engine-tests/village-life/donkey-blocking-fishermen.jcz` in its
//! repository), read where a local mirror of it is
//! (`$FANCLOISTERZONE_MIRROR`, a bare git directory, by default
//! `/work/.mirror/fancarpedia+FanCloisterZone/repo`; the test is skipped
//! without one, and nothing of the files is copied here). Each save is
//! imported with this engine's importer and replayed; the scores its
//! assertions state ("Ariel has 7 points.") are compared with this
//! engine's. docs/expansions/fishermen.md says which reproduce and why the
//! others do not.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::{self, Value};
use carcassonne_fishermen::INFO;
use carcassonne_testkit::Kit;
use std::process::Command;

const DEFAULT_MIRROR: &str = "/work/.mirror/fancarpedia+FanCloisterZone/repo";

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_gold_mines::INFO)
        .with(&carcassonne_little_buildings::INFO)
        .with(&carcassonne_village_life::INFO)
        .with(&carcassonne_traders_and_builders::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
            .with(&carcassonne_river::INFO)
            .catalog(),
        &TileSource::default(),
        "(fishermen): 0 sets, 0 tiles, 1 elements",
    );
}

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "fishermen.jcz")
}

/// fishermen.jcz, written by hand in FanCloisterZone's format (no file of
/// it copied): the base start tile BA/RCr starts (the `fishermen` element
/// leaves the river no course). Ann lays the spring RI/s below it (its
/// river east) and fishes it (`River`, location `E`); Bob's RI.1/IFI
/// continues it east; Ann's lake RI.1/I.e closes it: 3 tiles, 6 points.
#[test]
fn a_save_with_a_fisherman_imports_and_replays() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO);
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert!(
        record.config.expansions.iter().any(|e| e == INFO.id),
        "{:?}",
        record.config.expansions
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    assert_eq!(carcassonne_testkit::points(&game, 0, INFO.id), 6);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    // The first thing a bare engine lacks is The River's set.
    assert!(e.contains("river"), "{e}");
}

/// The saves in the mirror's `paths` (folders or files), by name, or `None`
/// without a mirror.
fn saves(paths: &[&str]) -> Option<Vec<(String, String)>> {
    let mirror = std::env::var("FANCLOISTERZONE_MIRROR").unwrap_or_else(|_| DEFAULT_MIRROR.into());
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("--git-dir")
            .arg(&mirror)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let mut found = Vec::new();
    for path in paths {
        let names = git(&["ls-tree", "-r", "--name-only", "HEAD", path])?;
        for n in names.lines().filter(|n| n.ends_with(".jcz")) {
            let name = n.rsplit('/').next()?.to_string();
            found.push((name, git(&["show", &format!("HEAD:{n}")])?));
        }
    }
    Some(found)
}

/// Scores by player name.
type Scores = Vec<(String, i32)>;

/// What a save gives: its asserted scores and this engine's, or why it was
/// not replayed.
fn replay(kit: &Kit, text: &str) -> Result<(Scores, Scores), String> {
    let save: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let asserted: Scores = save["test"]["assertions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| {
            let (name, rest) = a.as_str()?.split_once(" has ")?;
            let points = rest.strip_suffix(" points.").or_else(|| rest.strip_suffix(" point."))?;
            Some((name.to_string(), points.parse().ok()?))
        })
        .collect();
    let imported = carcassonne_jcz::import(text, kit.catalog(), &TileSource::default()).map_err(|e| e.to_string())?;
    let names: Vec<String> = save["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some(p["name"].as_str()?.to_string()))
        .collect();
    let ours = names
        .iter()
        .enumerate()
        .map(|(seat, name)| (name.clone(), imported.game.state().score(seat as u8)))
        .collect();
    Ok((asserted, ours))
}

/// The saves whose every stated score this engine reproduces; the list and
/// the reasons for the others are in docs/expansions/fishermen.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = saves(&[
        "engine-tests/fishermen/",
        "engine-tests/village-life/donkey-blocking-fishermen.jcz",
    ]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = kit();
    let mut reproduced = Vec::new();
    for (name, text) in &saves {
        match replay(&kit, text) {
            Ok((asserted, ours)) if !asserted.is_empty() => {
                let same = asserted.iter().all(|a| ours.contains(a));
                eprintln!("{name}: FanCloisterZone {asserted:?}, here {ours:?}");
                if same {
                    reproduced.push(name.clone());
                }
            }
            Ok(_) => eprintln!("{name}: states no score"),
            Err(e) => eprintln!("{name}: not imported: {e}"),
        }
    }
    eprintln!("reproduced: {reproduced:?}");
    assert_eq!(
        reproduced,
        [
            "fishermen-goldmines.jcz",
            "fishermen-scoring.jcz",
            "donkey-blocking-fishermen.jcz"
        ]
    );
}
