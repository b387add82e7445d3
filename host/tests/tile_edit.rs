//! `carcassonne tiles add / set-count / remove / rename / new`: each edits a copy
//! of a real tile file and the result is compared byte for byte with an
//! expected file under `tests/tile-edit/` (comments and layout kept); edits
//! that would leave the file invalid are refused and leave it untouched.

use carcassonne_core::tiles::parse_tile_set;
use carcassonne_core::{Catalog, TileType};
use carcassonne_setup::tile_edit::{self, NewTile};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BASE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles/base.toml");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tile-edit").join(name)
}

/// A copy of `source` in a fresh directory for one test.
fn copy(source: &Path, test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tile-edit-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(source.file_name().expect("file name"));
    std::fs::copy(source, &path).expect("copy");
    path
}

fn host(args: &[&str], file: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    cmd.args(["tiles", args[0]]).arg(file).args(&args[1..]);
    cmd.output().expect("host runs")
}

fn succeeds(args: &[&str], file: &Path) {
    let out = host(args, file);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn assert_same(file: &Path, expected: &Path) {
    let got = std::fs::read_to_string(file).unwrap();
    let want = std::fs::read_to_string(expected).unwrap();
    assert!(
        got == want,
        "{} differs from {}:\n{got}",
        file.display(),
        expected.display()
    );
}

#[test]
fn each_command_edits_the_base_file_exactly() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "add",
            &[
                "add",
                "--id",
                "Y",
                "--edges",
                "CRRF",
                "--count",
                "2",
                "--name",
                "city cap, road curve",
            ],
        ),
        ("set-count", &["set-count", "D", "7"]),
        ("remove", &["remove", "E"]),
        ("rename", &["rename", "D", "D0"]),
    ];
    for (name, args) in cases {
        let file = copy(Path::new(BASE), name);
        succeeds(args, &file);
        assert_same(&file, &fixture(&format!("{name}.toml")));
        assert!(
            !file.with_file_name("base.toml.edit~").exists(),
            "no temporary file left"
        );
    }
}

#[test]
fn comments_beside_and_between_tiles_are_kept() {
    let source = fixture("commented.toml");
    let file = copy(&source, "commented-edit");
    succeeds(&["set-count", "M1", "9"], &file);
    succeeds(&["rename", "M1", "CAP"], &file);
    assert_same(&file, &fixture("commented-set-count-rename.toml"));

    let file = copy(&source, "commented-remove");
    succeeds(&["remove", "M2"], &file);
    assert_same(&file, &fixture("commented-remove.toml"));

    let file = copy(&source, "commented-add");
    succeeds(&["add", "--id", "M3", "--edges", "F,F,F,F", "--cloister"], &file);
    assert_same(&file, &fixture("commented-add.toml"));
}

#[test]
fn refused_edits_leave_the_file_byte_identical() {
    let cases: [(&str, &[&str], &str); 6] = [
        (
            "negative",
            &["set-count", "D", "-1"],
            "tile `count` must be between 1 and 10000, found -1",
        ),
        ("duplicate", &["rename", "D", "E"], "the file already has a tile `E`"),
        (
            "unknown-count",
            &["set-count", "ZZ", "3"],
            "no tile `ZZ` in the file; its tiles: A, B, C, D",
        ),
        ("unknown-remove", &["remove", "ZZ"], "no tile `ZZ` in the file"),
        ("unknown-rename", &["rename", "ZZ", "Q"], "no tile `ZZ` in the file"),
        (
            "add-duplicate",
            &["add", "--id", "D", "--edges", "CRFR"],
            "the file already has a tile `D`",
        ),
    ];
    let original = std::fs::read(BASE).unwrap();
    for (name, args, message) in cases {
        let file = copy(Path::new(BASE), name);
        let out = host(args, &file);
        assert!(!out.status.success(), "{args:?} is refused");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            original,
            "{args:?} left the file as it was"
        );
    }
}

#[test]
fn an_invalid_result_shows_the_loaders_diagnostic_with_its_place() {
    let file = copy(Path::new(BASE), "diagnostic");
    let out = host(&["set-count", "D", "0"], &file);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the edit would leave the file invalid, so it was not written"),
        "{stderr}"
    );
    // The place is in the edited text: line 41 holds D's count.
    assert!(stderr.contains("base.toml:41:9"), "{stderr}");
    // Removing the start tile leaves the set without it.
    let out = host(&["remove", "D"], &file);
    assert!(!out.status.success());
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(BASE).unwrap());
}

/// The default layout of `edges`, loaded by the engine.
fn layout(edges: &str, cloister: bool) -> TileType {
    let tile = NewTile {
        id: "T".into(),
        edges: tile_edit::parse_edges(edges).expect("edges"),
        count: 1,
        cloister,
        name: None,
        attributes: Vec::new(),
    };
    let text = format!(
        "[set]\nid = \"t\"\nname = \"t\"\n\n{}",
        tile_edit::tile_toml(&tile).unwrap()
    );
    let set =
        parse_tile_set("t.toml", &text, &Catalog::linked().unwrap()).unwrap_or_else(|d| panic!("{edges}: {d}\n{text}"));
    TileType::new(0, "t", set.tiles[0].clone(), Catalog::linked().unwrap().landscape())
}

fn described(edges: &str, cloister: bool) -> String {
    carcassonne_setup::tiles_cmd::describe_features(&layout(edges, cloister))
}

#[test]
fn default_layouts_follow_the_documented_rules() {
    // A straight road under a city cap is base tile D.
    assert_eq!(
        described("CRFR", false),
        "city N; road E,W; field EN,WN touches #1; field ES,S,WS"
    );
    // A city across the tile splits the fields.
    assert_eq!(
        described("FCFC", false),
        "city E,W; field N touches #1; field S touches #1"
    );
    // A corner city does not.
    assert_eq!(described("CCFF", false), "city N,E; field S,W touches #1");
    // One road ends in the centre; the field goes round it.
    assert_eq!(described("FFRF", false), "road S; field N,E,SE,SW,W");
    // Three roads meet at a junction: three roads and three fields.
    assert_eq!(
        described("FRRR", false),
        "road E; road S; road W; field N,EN,WN; field ES,SE; field SW,WS"
    );
    // A cloister ends each road.
    assert_eq!(
        described("FFRR", true),
        "cloister; road S; road W; field N,E,SE,WN; field SW,WS"
    );
    // Every combination of edges gives a tile the engine loads.
    for n in 0..256 {
        let edges: String = (0..4).map(|i| ['F', 'R', 'C', 'X'][(n >> (2 * i)) & 3]).collect();
        layout(&edges, n % 2 == 0);
    }
}

#[test]
fn new_prints_a_tile_and_writes_only_new_files() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tile-edit-new");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["tiles", "new", "Z", "--edges", "C,R,F,R"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(
        printed.starts_with("[[tile]]\nid = \"Z\"\ncount = 1\nedges = \"CRFR\"\n"),
        "{printed}"
    );
    let path = dir.join("z.toml");
    std::fs::write(&path, "keep").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["tiles", "new", "Z", "--edges", "CRFR", "--output"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success(), "an existing file is not replaced");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep");
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["tiles", "new", "Z", "--edges", "CQ"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("give four edge letters"));
}

#[test]
fn an_attribute_goes_on_one_feature_and_is_checked_there() {
    // `add` with an inn on the east road of a junction: written on that
    // road, read back with the inn there and nowhere else.
    let file = copy(Path::new(BASE), "feature-attr");
    succeeds(
        &[
            "add",
            "--id",
            "IN",
            "--edges",
            "FRRR",
            "--attr",
            "road:E:inns-and-cathedrals.inn=true",
        ],
        &file,
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            r#"{ kind = "road", edges = ["E"], leads_into = "crossing", inns-and-cathedrals = { inn = true } },"#
        ),
        "{text}"
    );
    let set = parse_tile_set("t.toml", &text, &Catalog::linked().unwrap()).unwrap();
    let tile = set.tiles.iter().find(|t| t.id == "IN").unwrap();
    let with_inn: Vec<usize> = (0..tile.features.len())
        .filter(|&i| tile.features[i].attributes.contains_key("inns-and-cathedrals"))
        .collect();
    assert_eq!(with_inn, [0]);

    // An inn on a city: the expansion refuses it where it stands, and the
    // file stays as it was.
    let before = std::fs::read(&file).unwrap();
    let out = host(
        &[
            "add",
            "--id",
            "BAD",
            "--edges",
            "CFRF",
            "--attr",
            "city:N:inns-and-cathedrals.inn=true",
        ],
        &file,
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the edit would leave the file invalid"), "{stderr}");
    assert!(stderr.contains("inn"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), before);

    // A feature the layout does not have is named with the layout's.
    let out = host(
        &[
            "add",
            "--id",
            "BAD",
            "--edges",
            "CFRF",
            "--attr",
            "road:E:inns-and-cathedrals.inn=true",
        ],
        &file,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the tile has no feature `road:E`") && stderr.contains("its features: city:N, road:S, field:E"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
}
