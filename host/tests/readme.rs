//! Runs every command of the README (the `$ carcassonne …` lines of its
//! `console` blocks) in order, as written, so the README cannot go stale.
//! They run in a scratch directory holding a copy of `docs/examples`, so
//! the files they write (a record, a report) stay out of the checkout.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "common/console.rs"]
mod console;
use console::commands;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

#[test]
fn every_readme_command_runs_as_written() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README exists");
    let cmds = commands(&readme);
    assert!(cmds.len() >= 10, "the README lost its commands: {cmds:?}");
    let scratch = std::env::temp_dir().join(format!("carcassonne-readme-{}", std::process::id()));
    copy_dir(&root.join("docs/examples"), &scratch.join("docs/examples"));
    // The commands write into Cargo's `target/`, there in a checkout.
    std::fs::create_dir_all(scratch.join("target")).unwrap();
    for cmd in &cmds {
        let mut words = cmd.split_whitespace();
        assert_eq!(words.next(), Some("carcassonne"), "the README runs `{cmd}`");
        let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(words)
            .current_dir(&scratch)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "README command failed: {cmd}\nstdout:\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for written in ["game.json", "game.svg", "game.html", "report.html", "imported.json"] {
        assert!(
            scratch.join("target").join(written).is_file(),
            "the README's commands write target/{written}"
        );
    }
    // Nothing else: a reader running them from the root of the checkout
    // is left with no new files beside the sources.
    let mut top: Vec<String> = std::fs::read_dir(&scratch)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(
        top,
        ["docs", "target"],
        "the README's commands wrote beside the sources"
    );
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn the_readme_names_no_host_command() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // `host` is the DNS lookup tool; the binary is `carcassonne`.
    for line in readme.lines() {
        assert!(
            !line.trim_start().starts_with("host "),
            "README line runs `host`: {line}"
        );
        assert!(!line.contains("`host "), "README line names a `host` command: {line}");
    }
}

/// The configuration the README shows is docs/examples/game.toml, which its
/// commands play (issue 42, item 6): the two cannot drift apart.
#[test]
fn the_readme_shows_the_example_configuration_as_it_is() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README exists");
    let file = std::fs::read_to_string(root.join("docs/examples/game.toml")).expect("the example exists");
    let at = readme
        .find("A game configuration ([docs/examples/game.toml]")
        .expect("the README shows the example configuration");
    let start = readme[at..].find("```toml\n").expect("a TOML block") + at + "```toml\n".len();
    let end = readme[start..].find("```").expect("the block ends") + start;
    // The file opens with two lines about itself.
    let body: String = file.lines().skip(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(&readme[start..end], body);
}
