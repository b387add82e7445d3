//! Shell completions and the manual page come from the clap definitions,
//! so they name every command the binary has.

use std::process::Command;

fn carcassonne(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_for_each_shell_name_the_commands() {
    for shell in ["bash", "zsh", "fish"] {
        let script = carcassonne(&["completions", shell]);
        for command in ["play", "simulate", "serve", "tiles"] {
            assert!(script.contains(command), "{shell} completions lack `{command}`");
        }
    }
}

#[test]
fn manual_pages_cover_every_command() {
    let main = carcassonne(&["manpage"]);
    assert!(main.starts_with(".ie") && main.contains(".TH carcassonne 1"), "{main}");
    let dir = std::env::temp_dir().join(format!("carcassonne-man-{}", std::process::id()));
    carcassonne(&["manpage", "--out", dir.to_str().unwrap()]);
    for page in ["carcassonne.1", "carcassonne-play.1", "carcassonne-tiles-check.1"] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.contains(".SH NAME"), "{page}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
