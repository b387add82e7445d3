//! Hardening (issue 17), the engine's part: every feature the loader
//! accepts has a name a record can use, feature names are unique, a draw
//! order cannot draw a tile that is never in the bag, rotations are only
//! 0/90/180/270, a record with a byte-order mark says so, a record's
//! configuration error is said once, and tile files are read bounded, as
//! regular files, with the place of a non-UTF-8 byte.

use carcassonne_core::tiles::parse_tile_set;
use carcassonne_core::{Action, Catalog, Game, GameConfig, GameRecord, RecordError, Rules, TileSource};
use std::sync::Arc;

/// A directory of test files, removed at the end.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("carcassonne-hardening-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A field tile with two cloisters and an edgeless field (as the cathedral
/// tile has), plus the tile an expansion would hand out.
const ODD_TILES: &str = r#"[set]
id = "odd"

[[tile]]
id = "TWO"
count = 1
edges = "FFFF"
features = [
  { kind = "field", edges = ["N", "E", "S", "W"] },
  { kind = "cloister" },
  { kind = "cloister" },
  { kind = "field", edges = [] },
]

[[tile]]
id = "HELD"
count = 1
bag = false
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#;

fn config_with(file: &str, order: &[&str]) -> GameConfig {
    let mut config = GameConfig::with_players(2);
    config.tiles.files = vec![file.to_string()];
    config.draw_order = Some(order.iter().map(|s| s.to_string()).collect());
    config
}

#[test]
fn every_deployment_on_a_tile_with_two_cloisters_reads_back_from_its_record() {
    let dir = TempDir::new("names");
    let file = dir.file("odd.toml", ODD_TILES);
    let config = config_with(&file, &["TWO"]);
    let catalog = Catalog::default();
    let rules = Arc::new(Rules::new(&catalog, &config, &TileSource::default()).unwrap());
    let mut game = Game::new(rules).unwrap();
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    // South of the start tile D, whose south side is field.
    let place = options
        .iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if pos.x == 0 && pos.y == 1))
        .expect("TWO fits south of D")
        .clone();
    let place_move = game.move_of(&place);
    game.play(&place).unwrap();
    game.legal_actions(&mut options);
    let deploys: Vec<Action> = options
        .iter()
        .filter(|a| matches!(a, Action::Deploy(_)))
        .cloned()
        .collect();
    let mut names: Vec<String> = Vec::new();
    for d in &deploys {
        let m = game.move_of(d);
        assert_eq!(game.action_from_move(&m).as_ref(), Ok(d), "{m:?} reads back as itself");
        names.push(
            serde_json::to_value(&m).unwrap()["deploy"]["feature"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(names, ["field:N", "cloister#1", "cloister#2", "field#1"]);

    // A whole record through JSON, deploying on the second cloister.
    let second = deploys[2].clone();
    let record = GameRecord {
        moves: vec![place_move, game.move_of(&second)],
        ..GameRecord::new(config)
    };
    game.play(&second).unwrap();
    let replayed = GameRecord::from_json(&record.to_json())
        .unwrap()
        .replay(&catalog, &TileSource::default())
        .unwrap();
    assert_eq!(replayed.state().figures(), game.state().figures());
}

#[test]
fn a_bare_kind_still_names_the_only_feature_of_that_kind() {
    let dir = TempDir::new("bare");
    let file = dir.file("odd.toml", ODD_TILES);
    let config = config_with(&file, &["TWO"]);
    let text = format!(
        r#"{{"format": 1, "config": {}, "moves": [{{"place": {{"at": [0, 1]}}}}, {{"deploy": {{"feature": "cloister#3"}}}}]}}"#,
        serde_json::to_string(&config).unwrap()
    );
    let err = GameRecord::from_json(&text)
        .unwrap()
        .replay(&Catalog::default(), &TileSource::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 ({\"deploy\":{\"feature\":\"cloister#3\"}}): the tile at (0,1) has no cloister#3 \
         (no edgeless cloister number 3)"
    );
}

fn problems(text: &str) -> Vec<String> {
    match parse_tile_set("t.toml", text, &Catalog::default()) {
        Ok(_) => panic!("refused expected"),
        Err(d) => d.0.iter().map(|p| p.to_string()).collect(),
    }
}

#[test]
fn feature_names_are_unique_and_unlike_record_names() {
    let tile = |a: &str, b: &str| {
        format!(
            "[set]\nid = \"x\"\n\n[[tile]]\nid = \"A\"\ncount = 1\nedges = \"FFFF\"\nfeatures = [\n  \
             {{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"], name = \"{a}\" }},\n  \
             {{ kind = \"cloister\", name = \"{b}\" }},\n]\n"
        )
    };
    assert!(parse_tile_set("t.toml", &tile("meadow", "chapel"), &Catalog::default()).is_ok());
    assert_eq!(
        problems(&tile("chapel", "chapel")),
        ["t.toml:10:31: duplicate feature name `chapel` (first on line 9); feature names are unique within a tile"]
    );
    for reserved in ["cloister", "city:N", "cloister#2", ""] {
        let found = problems(&tile("meadow", reserved));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with(&format!("t.toml:10:31: feature name `{reserved}` is not allowed")),
            "{found:?}"
        );
    }
}

#[test]
fn a_draw_order_cannot_draw_a_tile_that_is_never_in_the_bag() {
    let dir = TempDir::new("held");
    let file = dir.file("odd.toml", ODD_TILES);
    let Err(err) = Rules::new(
        &Catalog::default(),
        &config_with(&file, &["TWO", "HELD"]),
        &TileSource::default(),
    ) else {
        panic!("refused expected");
    };
    assert_eq!(
        err.to_string(),
        "draw order: tile `HELD` is not drawn from the bag (`bag = false`: an expansion hands it out), \
         so it cannot be in a draw order"
    );
}

fn record_with_rotation(degrees: i64) -> Result<Game, RecordError> {
    GameRecord::from_json(&format!(
        r#"{{"format": 1, "config": {{"players": [{{"name": "A"}}, {{"name": "B"}}], "draw_order": ["D"]}},
            "moves": [{{"place": {{"at": [1, 0], "rotation": {degrees}}}}}]}}"#
    ))?
    .replay(&Catalog::default(), &TileSource::default())
}

#[test]
fn only_the_four_rotations_are_read() {
    // D (CRFR) continues the start tile's road east unturned or half-turned.
    for good in [0, 180] {
        assert!(record_with_rotation(good).is_ok(), "{good}");
    }
    for bad in [-90, 360, 450] {
        let err = record_with_rotation(bad).unwrap_err().to_string();
        assert!(
            err.contains(&format!("rotation {bad}: use 0, 90, 180 or 270 (degrees clockwise)")),
            "{err}"
        );
    }
}

#[test]
fn a_record_with_a_byte_order_mark_says_so() {
    let err = GameRecord::from_json("\u{feff}{\"format\": 1, \"config\": {}}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a valid game record: the text starts with a byte-order mark (U+FEFF), which JSON does not allow: \
         save the record as UTF-8 without a BOM"
    );
}

/// The message and every source below it, as `anyhow`'s `{:#}` prints them.
fn chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        out.push_str(&format!(": {s}"));
        source = s.source();
    }
    out
}

#[test]
fn a_record_configuration_error_is_said_once() {
    let dir = TempDir::new("once");
    let broken = dir.file("broken.toml", "[set]\nid = \"b\"\n[[tile]]\nid = 5\n");
    let mut config = GameConfig::with_players(2);
    config.tiles.files = vec![broken.clone()];
    let err = GameRecord::new(config)
        .replay(&Catalog::default(), &TileSource::default())
        .unwrap_err();
    let said = chain(&err);
    assert_eq!(said.matches("tile `id` must be a string").count(), 1, "{said}");
    assert!(
        said.starts_with(&format!("record configuration: {broken}:3:1:")),
        "{said}"
    );
}

#[test]
fn tile_files_are_read_bounded_and_located() {
    let dir = TempDir::new("read");
    let mut config = GameConfig::with_players(2);
    #[cfg(unix)]
    {
        config.tiles.files = vec!["/dev/zero".into()];
        let err = Rules::new(&Catalog::default(), &config, &TileSource::default())
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "/dev/zero is a character device, not a regular file: give the path of a tile file"
        );
    }
    let big = dir.0.join("big.toml");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(carcassonne_core::text_file::MAX_TILE_FILE_BYTES + 1)
        .unwrap();
    config.tiles.files = vec![big.display().to_string()];
    let err = Rules::new(&Catalog::default(), &config, &TileSource::default())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "{} is larger than 8 MiB, the limit for a tile file; it was not read",
            big.display()
        )
    );
    let latin1 = dir.0.join("latin1.toml");
    std::fs::write(&latin1, b"[set]\nid = \"x\"\nname = \"Caf\xe9\"\n").unwrap();
    config.tiles.files = vec![latin1.display().to_string()];
    let err = Rules::new(&Catalog::default(), &config, &TileSource::default())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "{}:3:12: byte 0xe9 is not UTF-8 text; save the tile file as UTF-8",
            latin1.display()
        )
    );
}

#[test]
fn names_and_other_free_text_have_a_sensible_length() {
    let mut config = GameConfig::with_players(2);
    config.players[1].name = "x".repeat(65_536);
    let Err(err) = Rules::new(&Catalog::default(), &config, &TileSource::default()) else {
        panic!("refused expected");
    };
    assert_eq!(
        err.to_string(),
        "player 2's name (`xxxxxxxxxxxxxxxxxxxx…`, 65536 characters) must be 1 to 64 characters \
         without line breaks or other control characters"
    );
    config.players[1].name = "Ann\nTurn 9 · Bob wins".into();
    assert!(Rules::new(&Catalog::default(), &config, &TileSource::default()).is_err());
    config.players[1].name = "Ann".into();
    assert!(Rules::new(&Catalog::default(), &config, &TileSource::default()).is_ok());

    let long = "y".repeat(201);
    let text = format!(
        "[set]\nid = \"x\"\nname = \"{long}\"\n\n[[tile]]\nid = \"A\"\ncount = 1\nedges = \"FFFF\"\n\
         features = [{{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }}]\n"
    );
    assert_eq!(
        problems(&text),
        ["t.toml:3:8: `set.name` is 201 characters long; at most 200"]
    );
}

// ------------------------------------------------------------ issue 55, 9

/// An edge kind written as a number (`edges = [1, "F", "F", "F"]`) is
/// named as written in the message, where it used to be an empty name
/// (``unknown edge kind `` in `, F, F, F` ``).
#[test]
fn an_edge_kind_written_as_a_number_keeps_its_value_in_the_message() {
    let tile = |edges: &str| {
        format!(
            "[set]\nid = \"x\"\n\n[[tile]]\nid = \"A\"\ncount = 1\nedges = {edges}\n\
             features = [{{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }}]\n"
        )
    };
    assert!(parse_tile_set("t.toml", &tile("[\"F\", \"F\", \"F\", \"field\"]"), &Catalog::default()).is_ok());
    assert_eq!(
        problems(&tile("[1, \"F\", 2.5, \"F\"]")),
        [
            "t.toml:7:10: edge `1` in `1, F, 2.5, F` is an integer, not an edge kind: write its name or letter \
             in quotes (F field, R road, C city or X wall)",
            "t.toml:7:18: edge `2.5` in `1, F, 2.5, F` is a float, not an edge kind: write its name or letter \
             in quotes (F field, R road, C city or X wall)",
        ]
    );
    let three = problems(&tile("[true, \"F\", \"F\"]"));
    assert_eq!(three.len(), 1, "{three:?}");
    assert!(three[0].contains("found `true, F, F`"), "{three:?}");
}

/// Ids and names holding a character that changes the direction text is
/// shown in (a right-to-left override makes `A\u{202E}1B` show as `AB1`,
/// like another tile) are refused, naming the character; a
/// right-to-left name without one is taken.
#[test]
fn ids_and_names_with_direction_overrides_are_refused() {
    let tile = |id: &str, name: &str| {
        format!(
            "[set]\nid = \"x\"\n\n[[tile]]\nid = \"{id}\"\nname = \"{name}\"\ncount = 1\nedges = \"FFFF\"\n\
             features = [{{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }}]\n"
        )
    };
    assert!(parse_tile_set("t.toml", &tile("A1", "حقل"), &Catalog::default()).is_ok());
    assert_eq!(
        problems(&tile("A\u{202E}1B", "x")),
        [
            "t.toml:5:6: tile `id` holds U+202E (right-to-left override), which changes how the text around it \
          is shown; write it without"
        ]
    );
    for c in [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ] {
        let found = problems(&tile("A", &format!("field{c}")));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains(&format!("tile `name` holds U+{:04X}", u32::from(c))),
            "{found:?}"
        );
    }
    assert_eq!(carcassonne_core::direction_control("A\u{200F}B"), None, "a mark only");
}
