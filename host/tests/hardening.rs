//! Hardening (issue 17), the command line's part, each item as a user or an
//! attacker would meet it: files are never clobbered (symbolic links,
//! devices, inputs), reads are bounded, a missing tile directory is
//! refused, messages say what happened to which file and what to do, a game
//! without `--seed` gets a random one, and flags say clearly what is wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn host() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    c.env_remove("CARCASSONNE_TILES");
    c
}

/// A directory of test files, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("carcassonne-host-hardening-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names in the directory, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
fn fails_with(out: &Output, message: &str) {
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr(out).contains(message),
        "expected `{message}` in:\n{}",
        stderr(out)
    );
}

const GAME: [&str; 7] = ["play", "--seed", "3", "--players", "2", "-q", "--json"];

// ----------------------------------------------------------- 1: clobbering

#[cfg(unix)]
#[test]
fn a_record_behind_a_symbolic_link_is_written_through_the_link() {
    let dir = TempDir::new("link");
    let target = dir.path("game-3.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path("current.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = host().args(GAME).arg("--record").arg(&link).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
        "still a link"
    );
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(record["config"]["seed"], 3);
    // No temporary file or journal is left behind.
    assert_eq!(dir.names(), ["current.json", "game-3.json"]);
}

#[cfg(unix)]
#[test]
fn a_record_that_is_not_a_regular_file_is_refused() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path("pipe.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let out = host().args(GAME).arg("--record").arg(&fifo).output().unwrap();
    fails_with(
        &out,
        "is not a regular file (a directory, device or pipe): refusing to write over it",
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(),
        "the FIFO is still there"
    );
    let out = host().args(GAME).arg("--record").arg(&dir.0).output().unwrap();
    fails_with(&out, "is not a regular file");
}

#[cfg(unix)]
#[test]
fn editing_a_symlinked_tile_file_keeps_the_link() {
    let dir = TempDir::new("tiles-link");
    let real = dir.path("mine-real.toml");
    let out = host()
        .args(["tiles", "new", "Z", "--edges", "CRFR", "-o"])
        .arg(&real)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&real).unwrap();
    std::fs::write(&real, format!("[set]\nid = \"mine\"\n\n{text}")).unwrap();
    let link = dir.path("mine.toml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = host()
        .args(["tiles", "set-count"])
        .arg(&link)
        .args(["Z", "3"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().contains("count = 3"));
    assert_eq!(dir.names(), ["mine-real.toml", "mine.toml"]);
}

// --------------------------------------------------------- 2: inputs kept

#[test]
fn render_never_writes_over_its_record() {
    let dir = TempDir::new("render");
    let record = dir.path("game.html");
    assert!(
        host()
            .args(GAME)
            .arg("--record")
            .arg(&record)
            .output()
            .unwrap()
            .status
            .success()
    );
    let before = std::fs::read(&record).unwrap();
    // The default viewer path is the record's own name with `.html`.
    let out = host().arg("render").arg(&record).output().unwrap();
    fails_with(&out, "is an input of this command: refusing to overwrite it");
    let out = host()
        .arg("render")
        .arg(&record)
        .arg("--html")
        .arg(dir.path("view.html"))
        .arg("--svg")
        .arg(&record)
        .output()
        .unwrap();
    fails_with(&out, "the board picture (--svg) would be written to");
    assert_eq!(std::fs::read(&record).unwrap(), before);
}

// --------------------------------------------------------- 5: bounded reads

#[cfg(unix)]
#[test]
fn endless_and_huge_inputs_are_refused_before_reading() {
    let out = host().args(["tiles", "check", "/dev/zero"]).output().unwrap();
    fails_with(
        &out,
        "/dev/zero is a character device, not a regular file: give the path of a tile file",
    );
    let out = host().args(["play", "--config", "/dev/zero"]).output().unwrap();
    fails_with(&out, "give the path of a game configuration");
    let out = host().args(["replay", "/dev/zero"]).output().unwrap();
    fails_with(&out, "give the path of a game record");
    let dir = TempDir::new("huge");
    let huge = dir.path("huge.json");
    std::fs::File::create(&huge).unwrap().set_len(65 << 20).unwrap();
    let out = host().arg("replay").arg(&huge).output().unwrap();
    fails_with(
        &out,
        "is larger than 64 MiB, the limit for a game record; it was not read",
    );
}

// ------------------------------------------------------ 8: tile directory

#[test]
fn a_missing_tile_directory_is_refused_not_replaced() {
    let out = host()
        .args(GAME)
        .args(["--tiles", "/nonexistent-tiles"])
        .output()
        .unwrap();
    fails_with(&out, "--tiles /nonexistent-tiles: no such directory of tile files");
    let out = host()
        .args(GAME)
        .env("CARCASSONNE_TILES", "/nonexistent-tiles")
        .output()
        .unwrap();
    fails_with(
        &out,
        "CARCASSONNE_TILES /nonexistent-tiles: no such directory of tile files",
    );
}

// ------------------------------------------------------------ 9: messages

#[test]
fn a_record_configuration_error_is_printed_once() {
    let dir = TempDir::new("once");
    let record = dir.path("r.json");
    std::fs::write(
        &record,
        r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "expansions": ["nope"]}}"#,
    )
    .unwrap();
    let out = host().arg("replay").arg(&record).output().unwrap();
    fails_with(&out, "record configuration: unknown expansion `nope`");
    assert_eq!(stderr(&out).matches("unknown expansion").count(), 1, "{}", stderr(&out));
}

/// `host` under a file-size limit, as a full disk behaves: a write past
/// 4 KiB fails (SIGXFSZ ignored, so the write returns an error instead).
#[cfg(unix)]
fn host_with_small_disk(args: &[&str], record: &Path) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg("ulimit -f 4; trap '' XFSZ; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .arg("--record")
        .arg(record)
        .env_remove("CARCASSONNE_TILES")
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn a_full_disk_names_the_record_and_how_to_go_on_and_leaves_nothing_behind() {
    let dir = TempDir::new("full");
    let record = dir.path("r.json");
    let out = host_with_small_disk(&GAME, &record);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("r.json.journal: File too large"), "{err}");
    assert!(
        err.contains(&format!(
            "The game could not be saved: {} holds it up to move",
            record.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("continue it with `carcassonne resume {}`", record.display())),
        "{err}"
    );
    // With room again, the game goes on from where it was saved to the
    // same end as an uninterrupted one; no temporary file is left.
    let resumed = host()
        .arg("resume")
        .arg(&record)
        .args(["-q", "--json"])
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let whole = host().args(GAME).output().unwrap();
    assert_eq!(resumed.stdout, whole.stdout);
    assert_eq!(dir.names(), ["r.json"]);
}

// ------------------------------------------------- 7, 10: flags said clearly

#[test]
fn bad_flags_say_what_is_wrong() {
    let out = host().args(["play", "--players", "-1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("a game has 1 to 6 players, not -1"),
        "{}",
        stderr(&out)
    );
    let out = host()
        .args([
            "play",
            "--expansions",
            "easter",
            "--variant",
            "easter.die=d6",
            "--variant",
            "easter.die=d3",
        ])
        .output()
        .unwrap();
    fails_with(&out, "--variant easter.die is given twice; give each variant once");
    let out = host()
        .args(["tiles", "show", "D", "--rotation", "450"])
        .output()
        .unwrap();
    fails_with(&out, "--rotation 450: use 0, 90, 180 or 270");
    for threads in ["10000", "4294967296", "-1"] {
        let out = host()
            .args(["simulate", "--games", "1", "--threads", threads])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{threads}");
        assert!(
            stderr(&out).contains("(0 to 256)") || stderr(&out).contains("to 256"),
            "{}",
            stderr(&out)
        );
    }
}

// ------------------------------------------------------------ 14: seeds

fn seed_line(out: &Output) -> u64 {
    let err = stderr(out);
    let line = err
        .lines()
        .find(|l| l.starts_with("seed "))
        .unwrap_or_else(|| panic!("no seed line: {err}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_game_without_a_seed_gets_a_random_one_and_says_which() {
    let play = ["play", "--players", "2", "-q", "--json"];
    let a = host().args(play).output().unwrap();
    let b = host().args(play).output().unwrap();
    assert!(a.status.success() && b.status.success());
    let (sa, sb) = (seed_line(&a), seed_line(&b));
    assert_ne!(sa, sb, "two games drew the same seed");
    assert!(stderr(&a).contains(&format!("play this game again with --seed {sa}")));
    // The seed printed is the game's: given back, it plays the same game.
    let again = host().args(play).args(["--seed", &sa.to_string()]).output().unwrap();
    assert_eq!(again.stdout, a.stdout);
    assert!(!stderr(&again).contains("seed "), "a given seed is not announced");
}

// ------------------------------------------------------------ 4: long names

#[test]
fn a_huge_player_name_is_refused_not_a_panic() {
    let dir = TempDir::new("name");
    let config = dir.path("long.toml");
    std::fs::write(
        &config,
        format!(
            "seed = 1\n[[players]]\nname = \"{}\"\n[[players]]\nname = \"Bob\"\n",
            "N".repeat(65_536)
        ),
    )
    .unwrap();
    let out = host().args(["play", "-q", "--config"]).arg(&config).output().unwrap();
    fails_with(
        &out,
        "player 1's name (`NNNNNNNNNNNNNNNNNNNN…`, 65536 characters) must be 1 to 64 characters",
    );
}

/// `--plugin NAME` without a slash loads the file `./NAME` that was
/// checked, never a library of that name from the system's search path
/// (issue 40, item 6): a text file `libz.so` in the working directory is
/// refused as a library that does not load, where the system's libz would
/// load, run its initialisers, and then be reported as no plugin.
#[test]
fn a_plugin_named_without_a_slash_is_the_file_in_the_working_directory() {
    let dir = TempDir::new("plugin-bare-name");
    std::fs::write(dir.path("libz.so"), "not a library\n").unwrap();
    let out = host()
        .args(["tiles", "check", "--plugin", "libz.so"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    fails_with(&out, "cannot load plugin libz.so");
    assert!(
        !stderr(&out).contains("is not a carcassonne-rs plugin"),
        "{}",
        stderr(&out)
    );
}
