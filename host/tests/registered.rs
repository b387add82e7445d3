//! The host binary links exactly the expansion crates it names: a crate that
//! is only a Cargo dependency would silently drop its registration.

use std::process::Command;

#[test]
fn the_binary_registers_exactly_the_linked_expansions() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["expansions", "--json"])
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .map(|e| e["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        ids,
        [
            "abbey-and-mayor",
            "cleric-and-serf",
            "easter",
            "fruit-trees",
            "inns-and-cathedrals",
            "king-and-robber-baron"
        ]
    );
    for e in list.as_array().unwrap() {
        assert_eq!(e["origin"], "linked");
        assert!(e["version"].as_str().is_some_and(|v| !v.is_empty()));
    }
}
