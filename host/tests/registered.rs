//! The host binary links every expansion crate of the workspace: a crate that
//! is only a Cargo dependency would silently drop its registration, so each
//! must also be named in `host/setup/src/linked.rs`. The set is discovered
//! (workspace members under `expansions/`), so linking a new expansion
//! needs no edit here; a crate not linked yet says why in its manifest.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The package names of the workspace members under `expansions/`, but
/// those whose manifest says why they are not linked yet
/// (`[package.metadata.carcassonne] unlinked = "why"`: written, waiting for
/// something such as its tiles' layouts).
fn expansion_members() -> BTreeSet<String> {
    let manifest: toml::Table = std::fs::read_to_string(root().join("Cargo.toml"))
        .expect("workspace manifest")
        .parse()
        .expect("toml");
    let members = manifest["workspace"]["members"].as_array().expect("members");
    members
        .iter()
        .filter_map(|m| m.as_str())
        .filter(|m| m.starts_with("expansions/"))
        .filter_map(|m| {
            let crate_manifest: toml::Table = std::fs::read_to_string(root().join(m).join("Cargo.toml"))
                .expect("member manifest")
                .parse()
                .expect("toml");
            let package = &crate_manifest["package"];
            let unlinked = package
                .get("metadata")
                .and_then(|m| m.get("carcassonne"))
                .and_then(|c| c.get("unlinked"))
                .is_some_and(|why| why.as_str().is_some_and(|w| !w.trim().is_empty()));
            (!unlinked).then(|| package["name"].as_str().expect("name").to_string())
        })
        .collect()
}

/// The crates `linked.rs` names (`use NAME as _;`), as package names.
fn named_in_linked_rs() -> BTreeSet<String> {
    std::fs::read_to_string(root().join("host/setup/src/linked.rs"))
        .expect("linked.rs")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("use ")?.strip_suffix(" as _;"))
        .map(|name| name.replace('_', "-"))
        .collect()
}

#[test]
fn every_expansion_crate_of_the_workspace_is_linked_and_registered() {
    let members = expansion_members();
    assert!(!members.is_empty());
    assert_eq!(
        named_in_linked_rs(),
        members,
        "host/setup/src/linked.rs must name every expansion crate of the workspace (`use carcassonne_x as _;`)"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["expansions", "--json"])
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let list = list.as_array().expect("array");
    // The base game comes first, from the core, with its own variants.
    let (base, list) = list.split_first().expect("the base game is listed");
    assert_eq!(
        (&base["id"], &base["origin"]),
        (&serde_json::json!("base"), &serde_json::json!("core"))
    );
    let base_variants: Vec<&str> = base["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .map(|v| v["name"].as_str().expect("name"))
        .collect();
    assert_eq!(base_variants, ["tiny_city", "farmers"]);
    // One registration per crate: none vanished, none registers twice.
    assert_eq!(list.len(), members.len(), "{list:#?}");
    let ids: Vec<&str> = list.iter().map(|e| e["id"].as_str().expect("id")).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "listed by id");
    for e in list {
        assert_eq!(e["origin"], "linked");
        assert!(e["version"].as_str().is_some_and(|v| !v.is_empty()));
    }
    // Each expansion's attribute schema, as the tile editor reads it.
    let easter = list.iter().find(|e| e["id"] == "easter").expect("easter");
    let symbol = &easter["attributes"][0];
    assert_eq!(symbol["key"], "symbol");
    assert_eq!(symbol["on"], serde_json::json!(["tile"]));
    assert_eq!(
        symbol["kind"],
        serde_json::json!({"type": "one-of", "values": ["nest", "bunny"]})
    );
    assert_eq!(symbol["required"], true);
    let inns = list.iter().find(|e| e["id"] == "inns-and-cathedrals").expect("inns");
    let places: Vec<(&str, &serde_json::Value)> = inns["attributes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["key"].as_str().unwrap(), &a["on"]))
        .collect();
    assert_eq!(
        places,
        [
            ("inn", &serde_json::json!(["road"])),
            ("cathedral", &serde_json::json!(["city"]))
        ]
    );
    let cleric = list.iter().find(|e| e["id"] == "cleric-and-serf").expect("cleric");
    assert_eq!(cleric["attributes"], serde_json::json!([]));
}
