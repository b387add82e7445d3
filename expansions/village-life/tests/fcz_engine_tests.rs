//! FanCloisterZone's own Village Life engine tests
//! (`engine-tests/village-life/*.jcz` in its repository), read where a
//! local mirror of it is (`$FANCLOISTERZONE_MIRROR`, a bare git directory,
//! by default `/work/.mirror/fancarpedia+FanCloisterZone/repo`; the test
//! is skipped without one, and nothing of the files is copied here). Each
//! save is imported with this engine's importer and replayed; the scores
//! its assertions state ("Ariel has 54 points.") are compared with this
//! engine's. docs/expansions/village-life.md says which reproduce and why
//! the others do not.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::{self, Value};
use carcassonne_testkit::Kit;
use carcassonne_village_life::INFO;
use std::process::Command;

const DEFAULT_MIRROR: &str = "/work/.mirror/fancarpedia+FanCloisterZone/repo";

/// The saves of the mirror's `engine-tests/village-life`, by name, or
/// `None` without a mirror.
fn saves() -> Option<Vec<(String, String)>> {
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
    let names = git(&["ls-tree", "--name-only", "HEAD", "engine-tests/village-life/"])?;
    Some(
        names
            .lines()
            .filter(|n| n.ends_with(".jcz"))
            .filter_map(|n| Some((n.rsplit('/').next()?.to_string(), git(&["show", &format!("HEAD:{n}")])?)))
            .collect(),
    )
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
            Some((name.to_string(), rest.strip_suffix(" points.")?.parse().ok()?))
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

/// The saves whose every stated score this engine reproduces, and the
/// others with the reason; the expected lists are in
/// docs/expansions/village-life.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = saves() else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
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
    // The six whose sets and elements this engine reads (the others need
    // The Ferries, The River, The Tunnel, Abbey & Mayor, King & Robber
    // Baron or a castle, which this crate's tests do not load).
    assert_eq!(
        reproduced,
        [
            "flowers-no-flowers-scoring-city.jcz",
            "flowers-scoring-city.jcz",
            "marketplace-no-marketplace.jcz",
            "windmill-scoring-only-base.game.jcz",
            "windmill-scoring-with-flowers-without-mechanics.jcz",
            "windmill-scoring-with-flowers.jcz",
        ]
    );
}
