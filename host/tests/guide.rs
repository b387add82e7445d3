//! Runs every command of docs/authoring-expansions.md (the `$` lines of its
//! `console` blocks) from the repository root, so the guide cannot go stale.
//! A `cd DIR` line moves the rest of its block into DIR, as a shell would.
//! The commands run as a newcomer types them: without `CARGO_TARGET_DIR`
//! or `RUSTFLAGS`, so a crate builds into its own `target/`.

use std::path::PathBuf;
use std::process::Command;

#[path = "common/console.rs"]
mod console;
use console::{blocks, commands};

#[test]
#[ignore = "slow suite: runs the guide, building its plugins with cargo; run: cargo test --workspace -- --ignored"]
fn every_guide_command_succeeds() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let guide = std::fs::read_to_string(root.join("docs/authoring-expansions.md")).expect("guide exists");
    let cmds = commands(&guide);
    assert!(cmds.len() >= 5, "the guide lost its commands: {cmds:?}");
    // The guide's scaffold is written afresh each time (`new-expansion`
    // refuses to write over a crate).
    let _ = std::fs::remove_dir_all(root.join("target/guide-scaffold"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    for block in blocks(&guide) {
        let mut dir = root.clone();
        for cmd in block {
            let mut words = cmd.split_whitespace();
            let program = match words.next() {
                Some("cd") => {
                    let to = words.next().expect("`cd` names a directory");
                    dir = dir.join(to);
                    assert!(dir.is_dir(), "guide command `{cmd}`: no such directory");
                    continue;
                }
                Some("carcassonne") => env!("CARGO_BIN_EXE_carcassonne").to_string(),
                Some("cargo") => cargo.clone(),
                other => panic!("the guide runs `{other:?}`, which this test does not know how to run"),
            };
            let out = Command::new(&program)
                .args(words)
                .current_dir(&dir)
                .env_remove("RUSTFLAGS")
                .env_remove("CARGO_TARGET_DIR")
                .output()
                .expect("runs");
            assert!(
                out.status.success(),
                "guide command failed: {cmd} (in {})\nstdout:\n{}\nstderr:\n{}",
                dir.display(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }

    // Section 5's `feature_scored` for the scaffold's bonus tiles compiles
    // into the crate section 0 made, and its tests (random games checking
    // what the hooks declare among them) still pass.
    let scaffold = root.join("target/guide-scaffold/moonlit-meadows");
    let marker = "through them (add `Hooks::FEATURE_SCORED`";
    let after = &guide[guide.find(marker).expect("section 5's example")..];
    let start = after.find("```rust\n").expect("its code") + "```rust\n".len();
    let code = &after[start..start + after[start..].find("```").expect("the code block ends")];
    let (uses, body): (Vec<&str>, Vec<&str>) = code.lines().partition(|l| l.starts_with("use "));
    let lib = scaffold.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).expect("the scaffold's lib.rs");
    let imports = "use carcassonne_core::{serde_json, toml};\n";
    let declared = "        Hooks::TILE_PLACED\n";
    let hook = "    fn tile_placed(";
    for anchor in [imports, declared, hook] {
        assert!(text.contains(anchor), "the scaffold's lib.rs lost `{anchor}`");
    }
    let text = text
        .replacen(imports, &format!("{imports}{}\n", uses.join("\n")), 1)
        .replacen(declared, "        Hooks::TILE_PLACED | Hooks::FEATURE_SCORED\n", 1)
        .replacen(hook, &format!("{}\n\n{hook}", body.join("\n")), 1);
    std::fs::write(&lib, text).expect("writes");
    let out = Command::new(&cargo)
        .args(["test", "--quiet"])
        .current_dir(&scaffold)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "section 5's example does not build or breaks the scaffold's tests:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
