//! Bad input: broken tile files and broken game records must give a clear
//! message — for tile files located as `file:LINE:COL` and saying what is
//! wrong — and must never panic.
//!
//! Tile files (through `tiles::parse_tile_set`, and through `Rules::new` with
//! a tile directory): TOML syntax, unknown key, wrong type, duplicate ids,
//! counts 0 and negative, a feature on a segment of the wrong edge kind, a
//! segment covered twice, a segment uncovered, a field touching a missing
//! city, unknown segment and feature kind, a missing start tile, several
//! errors reported together, and every truncation of the base set.
//!
//! Records: an illegal move (named by number, with the reason; a rejected
//! `play` changes nothing), malformed moves, an unknown tile in the draw
//! order, truncated JSON, a newer format, an unknown expansion (the message
//! lists the known ones), 1 and 7 players; a record from another tile set
//! (in the draw order or a `place`), from another engine version (read the
//! same), of format 0 or without a format, and with a key written twice.
//!
//! Line and column numbers below are counted by hand in the texts (1-based,
//! columns in characters).

use carcassonne_core::diagnostic::Diagnostics;
use carcassonne_core::figures::Spot;
use carcassonne_core::rules::BASE_TILES;
use carcassonne_core::tiles::parse_tile_set;
use carcassonne_core::{
    Action, Catalog, Deployment, ExpansionInfo, Game, GameConfig, GameRecord, PlayError, Pos, RecordError, RefusalKind,
    Rotation, Rules, SetupError, TileSet, TileSource,
};

fn parse(text: &str) -> Result<TileSet, Diagnostics> {
    parse_tile_set("broken.toml", text, &Catalog::default())
}

/// The problems found in `text`, one `file:LINE:COL: message` each.
fn problems(text: &str) -> Vec<String> {
    match parse(text) {
        Ok(_) => panic!("the file should be refused:\n{text}"),
        Err(d) => {
            let lines: Vec<String> = d.0.iter().map(|p| p.to_string()).collect();
            assert_eq!(d.to_string(), lines.join("\n"), "all problems are shown, one a line");
            lines
        }
    }
}

/// Asserts that `text` gives exactly `expected` (in file order).
#[track_caller]
fn assert_problems(text: &str, expected: &[&str]) {
    assert_eq!(problems(text), expected);
}

#[test]
fn a_good_file_parses() {
    // The fixtures below are this file with one thing broken.
    let text = r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#;
    let set = parse(text).expect("valid");
    assert_eq!(set.tiles.len(), 1);
    assert_eq!(set.start.as_deref(), Some("A"));
}

#[test]
fn toml_syntax_error() {
    // Line 8 lacks the closing quote: the string runs to the end of the line
    // (`edges = "FFFF` is 13 characters, so the parser stops at column 14).
    let text = r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FFFF
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#;
    let p = problems(text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("broken.toml:8:14: "), "{p:?}");
    assert!(p[0].contains("string"), "{p:?}");
}

#[test]
fn unknown_key_in_a_tile() {
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
colour = "green"
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
        &[
            "broken.toml:8:1: unknown key `colour` in tile; expected one of `id`, `name`, `count`, `edges`, \
           `features`, `bag`, or an expansion's table (no expansion is loaded)",
        ],
    );
}

#[test]
fn wrong_type_for_count() {
    // Only the count is reported: tile A exists, so the start tile is not
    // "missing" even though A itself is broken.
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = "two"
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
        &["broken.toml:7:9: tile `count` must be an integer, found a string"],
    );
}

#[test]
fn duplicate_tile_ids() {
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]

[[tile]]
id = "A"
count = 2
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
        &["broken.toml:11:1: duplicate tile id `A` (first defined on line 5)"],
    );
}

#[test]
fn count_zero_and_negative() {
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 0
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]

[[tile]]
id = "B"
count = -3
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
        &[
            "broken.toml:7:9: tile `count` must be between 1 and 10000, found 0",
            "broken.toml:13:9: tile `count` must be between 1 and 10000, found -3",
        ],
    );
}

#[test]
fn road_on_a_city_side() {
    // `"N"` sits at column 29 of line 10. The north side, named (wrongly) by
    // the road, is not reported a second time as uncovered.
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "CFFF"
features = [
  { kind = "road", edges = ["N"] },
  { kind = "field", edges = ["E", "S", "W"] },
]
"#,
        &["broken.toml:10:29: a road cannot cover `N`: `N` is city on a city edge"],
    );
}

#[test]
fn segment_covered_twice() {
    // `"EN"` is the 4th name on line 12, at column 47.
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FRFR"
features = [
  { kind = "road", edges = ["E", "W"] },
  { kind = "field", edges = ["N", "EN", "WN"] },
  { kind = "field", edges = ["S", "ES", "WS", "EN"] },
]
"#,
        &["broken.toml:12:47: segment `EN` is covered by two features (#2 and #3)"],
    );
}

#[test]
fn segment_uncovered() {
    // The south field forgets `WS`; reported at the tile's `[[tile]]` line.
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FRFR"
features = [
  { kind = "road", edges = ["E", "W"] },
  { kind = "field", edges = ["N", "EN", "WN"] },
  { kind = "field", edges = ["S", "ES"] },
]
"#,
        &["broken.toml:5:1: tile `A`: segment WS is covered by no feature"],
    );
}

#[test]
fn field_touching_a_city_that_does_not_exist() {
    // `cities = ["E"]` but the east side is field; `"E"` is at column 56.
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "CFFF"
features = [
  { kind = "city", edges = ["N"] },
  { kind = "field", edges = ["E", "S", "W"], cities = ["E"] },
]
"#,
        &["broken.toml:11:56: field #2 touches a city on side E, but no city covers that side"],
    );
}

#[test]
fn unknown_segment_name() {
    let p = problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "SSW"] }]
"#,
    );
    assert!(
        p.contains(
            &"broken.toml:9:55: unknown segment `SSW`; expected a side (N E S W) or a half (NW NE EN ES SE SW WS WN)"
                .to_string()
        ),
        "{p:?}"
    );
}

#[test]
fn unknown_feature_kind() {
    assert_problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [
  { kind = "monastery" },
  { kind = "field", edges = ["N", "E", "S", "W"] },
]
"#,
        &["broken.toml:10:12: unknown feature kind `monastery`; expected road, city, field or cloister"],
    );
}

/// Ids and names hold no control characters: a line break in a tile id
/// would forge a line of a turn log or a table (issue 40, item 10).
#[test]
fn ids_and_names_hold_no_control_characters() {
    let p = problems(
        "[set]\nid = \"x\"\nstart = \"A\"\n\n[[tile]]\nid = \"A\\nB\"\ncount = 1\nedges = \"FFFF\"\nname = \"a\\u0000b\"\nfeatures = [{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }]\n",
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("broken.toml:6:6: tile `id` holds a control character")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("broken.toml:9:8: tile `name` holds a control character")),
        "{p:?}"
    );
}

#[test]
fn missing_start_tile() {
    assert_problems(
        r#"[set]
id = "x"
start = "Z"

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
        &["broken.toml:3:9: start tile `Z` is not a tile of this set"],
    );
}

#[test]
fn several_errors_are_all_reported() {
    // Five problems in three tiles, each once, in file order:
    //   line 7  count 0;
    //   line 14 unknown key `shape`;
    //   line 17 a road on the city side N;
    //   line 21 tile A again (a duplicate even though both A's are broken);
    //   line 25 unknown kind `castle`.
    let p = problems(
        r#"[set]
id = "x"
start = "A"

[[tile]]
id = "A"
count = 0
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]

[[tile]]
id = "B"
count = 1
shape = "round"
edges = "CFFF"
features = [
  { kind = "road", edges = ["N"] },
  { kind = "field", edges = ["E", "S", "W"] },
]

[[tile]]
id = "A"
count = 1
edges = "FFFF"
features = [{ kind = "castle" }, { kind = "field", edges = ["N", "E", "S", "W"] }]
"#,
    );
    assert_eq!(p.len(), 5, "{p:#?}");
    let starts = [
        "broken.toml:7:9: tile `count` must be between 1 and 10000",
        "broken.toml:14:1: unknown key `shape` in tile",
        "broken.toml:17:29: a road cannot cover `N`",
        "broken.toml:21:1: duplicate tile id `A` (first defined on line 5)",
        "broken.toml:25:22: unknown feature kind `castle`",
    ];
    for (got, want) in p.iter().zip(starts) {
        assert!(got.starts_with(want), "{got:?} should start with {want:?}");
    }
}

#[test]
fn no_truncation_of_the_base_set_panics() {
    // Every prefix (cut at a character boundary) of the real tile file is
    // either a valid set or a list of located problems; none panics.
    let mut refused = 0;
    for cut in (0..BASE_TILES.len()).filter(|&i| BASE_TILES.is_char_boundary(i)) {
        let text = &BASE_TILES[..cut];
        match parse(text) {
            Ok(_) => {}
            Err(d) => {
                refused += 1;
                assert!(!d.0.is_empty());
                let lines = text.lines().count().max(1);
                for p in &d.0 {
                    assert_eq!(p.file, "broken.toml");
                    assert!(p.line >= 1 && p.line <= lines + 1, "line {} of {lines}: {p}", p.line);
                    assert!(p.column >= 1, "{p}");
                    assert!(!p.message.is_empty());
                }
            }
        }
    }
    // The empty prefix has no `[set]`: at least that one is refused.
    assert!(refused > 0);
    assert!(parse("").unwrap_err().to_string().contains("missing `[set]`"));
}

/// A scratch tile directory for `TileSource`, removed on drop.
struct TileDir(std::path::PathBuf);

impl TileDir {
    fn with_base(name: &str, base: &str) -> TileDir {
        let dir = std::env::temp_dir().join(format!("carcassonne-bad-input-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("base.toml"), base).expect("write base.toml");
        TileDir(dir)
    }

    fn source(&self) -> TileSource {
        TileSource {
            dir: Some(self.0.clone()),
        }
    }
}

impl Drop for TileDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_broken_tile_file_on_disk_is_located_by_its_path() {
    // The base set with its first `count = 2` (tile A, line 11) set to 0.
    let base = BASE_TILES.replacen("count = 2", "count = 0", 1);
    assert_eq!(base.lines().nth(10), Some("count = 0"));
    let dir = TileDir::with_base("count", &base);
    let err = Rules::new(&Catalog::default(), &GameConfig::with_players(2), &dir.source()).unwrap_err();
    let path = dir.0.join("base.toml").display().to_string();
    assert!(matches!(err, SetupError::Tiles(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("{path}:11:9: tile `count` must be between 1 and 10000, found 0")
    );
}

#[test]
fn no_start_tile_in_any_set() {
    // A base set without `start`: the file itself is valid (expansion sets
    // have no start tile), but a game cannot begin.
    let base = BASE_TILES.replacen("start = \"D\"\n", "", 1);
    assert_ne!(base, BASE_TILES);
    let dir = TileDir::with_base("nostart", &base);
    let err = Rules::new(&Catalog::default(), &GameConfig::with_players(2), &dir.source()).unwrap_err();
    assert!(matches!(err, SetupError::NoStartTile), "{err:?}");
    assert_eq!(err.to_string(), "no tile set in this game names a start tile");
}

// ---------------------------------------------------------------- records

fn replay(json: &str) -> Result<Game, RecordError> {
    GameRecord::from_json(json)?.replay(&Catalog::default(), &TileSource::default())
}

fn replay_err(json: &str) -> String {
    match replay(json) {
        Ok(g) => panic!("the record should be refused, got {g:?}"),
        Err(e) => e.to_string(),
    }
}

/// U at (1,0) extends D's road east; then V turned 180° (RRFF) at (2,0)
/// shows a field west, against U's road.
const ILLEGAL: &str = r#"{
  "format": 1,
  "config": { "players": [{ "name": "Ann" }, { "name": "Bob" }], "draw_order": ["U", "V"] },
  "moves": [
    { "place": { "at": [1, 0] } },
    "pass",
    { "place": { "at": [2, 0], "rotation": 180 } },
    "pass"
  ]
}"#;

#[test]
fn illegal_move_is_named_with_its_number_and_reason() {
    let err = GameRecord::from_json(ILLEGAL)
        .unwrap()
        .replay(&Catalog::default(), &TileSource::default())
        .unwrap_err();
    let RecordError::Move { index, .. } = &err else {
        panic!("a move error, got {err:?}")
    };
    assert_eq!(*index, 3);
    assert_eq!(
        err.to_string(),
        r#"move 3 ({"place":{"at":[2,0],"rotation":180}}): tile V turned 180° does not fit at (2,0): its W side is Field but (1,0) has Road there"#
    );
}

/// What a rejected action must leave as it was.
#[derive(Debug, PartialEq)]
struct Observed {
    decision: Option<carcassonne_core::Decision>,
    scores: Vec<i32>,
    breakdowns: Vec<Vec<i32>>,
    supply: Vec<u8>,
    tiles: usize,
    frontier: usize,
    figures: usize,
    tiles_left: usize,
    discarded: Vec<u16>,
    events: Vec<carcassonne_core::Event>,
}

fn observe(game: &Game) -> Observed {
    let s = game.state();
    let players = 0..s.players() as u8;
    Observed {
        decision: game.decision(),
        scores: players.clone().map(|p| s.score(p)).collect(),
        breakdowns: players.clone().map(|p| s.breakdown(p).to_vec()).collect(),
        supply: players.map(|p| s.supply(p, 0)).collect(),
        tiles: s.board().tiles().len(),
        frontier: s.board().frontier().len(),
        figures: s.figures().len(),
        tiles_left: s.tiles_left(),
        discarded: s.discarded().to_vec(),
        events: game.last_events().to_vec(),
    }
}

#[test]
fn a_rejected_play_changes_nothing() {
    let mut record = GameRecord::from_json(ILLEGAL).unwrap();
    record.moves.truncate(2);
    let mut game = record.replay(&Catalog::default(), &TileSource::default()).unwrap();
    let before = observe(&game);
    assert_eq!(before.tiles, 2);

    let place = |x, y, q| Action::Place {
        pos: Pos::new(x, y),
        rotation: Rotation::quarters(q),
    };
    let deploy = |x, y, fi| {
        Action::Deploy(Deployment {
            figure: 0,
            pos: Pos::new(x, y),
            spot: Spot::Feature(fi),
        })
    };
    // Bob must place V: on the start tile, far from every tile, turned so
    // that it does not fit, or something other than a placement.
    for (action, kind, why) in [
        (place(0, 0, 0), RefusalKind::CellOccupied, "(0,0) already holds a tile"),
        (
            place(5, 5, 0),
            RefusalKind::NotAdjacent,
            "(5,5) does not touch any placed tile",
        ),
        (
            place(2, 0, 2),
            RefusalKind::TileDoesNotFit,
            "tile V turned 180° does not fit at (2,0)",
        ),
        (
            Action::Pass,
            RefusalKind::WrongDecision,
            "Bob must place tile V, not pass",
        ),
        (
            deploy(1, 0, 0),
            RefusalKind::WrongDecision,
            "Bob must place tile V, not deploy a figure",
        ),
    ] {
        let err = game.play(&action).unwrap_err();
        assert!(err.to_string().contains(why), "{action:?}: {err}");
        assert_eq!(refusal_kind(&err), Some(kind), "{action:?}: {err}");
        assert_eq!(observe(&game), before, "{action:?} changed the game");
    }

    // A legal placement works afterwards; then bad deployments are refused.
    game.play(&place(2, 0, 0)).expect("V unturned fits: road W–S");
    let placed = observe(&game);
    for (action, kind, why) in [
        (
            deploy(2, 0, 99),
            RefusalKind::NoSuchFeature,
            "the tile has no such feature",
        ),
        (
            deploy(1, 0, 0),
            RefusalKind::NotThisTile,
            "figures go on the tile just placed",
        ),
        (
            place(3, 0, 0),
            RefusalKind::WrongDecision,
            "Bob must deploy a figure or pass, not place a tile",
        ),
    ] {
        let err = game.play(&action).unwrap_err();
        assert!(err.to_string().contains(why), "{action:?}: {err}");
        assert_eq!(refusal_kind(&err), Some(kind), "{action:?}: {err}");
        assert_eq!(observe(&game), placed, "{action:?} changed the game");
    }
    game.play(&Action::Pass).unwrap();
    assert!(game.is_over());
    let err = game.play(&Action::Pass).unwrap_err();
    assert_eq!(err.to_string(), "the game is over");
    assert_eq!(refusal_kind(&err), Some(RefusalKind::GameOver));
}

/// The kind of a refusal; `None` for an expansion's failure.
fn refusal_kind(err: &PlayError) -> Option<RefusalKind> {
    match err {
        PlayError::Illegal(i) => Some(i.kind),
        PlayError::ExpansionFailed { .. } => None,
    }
}

#[test]
fn malformed_moves_say_what_is_wrong() {
    let record = |mv: &str| {
        format!(
            r#"{{"format": 1, "config": {{"players": [{{"name": "Ann"}}, {{"name": "Bob"}}], "draw_order": ["U"]}},
                "moves": [{mv}]}}"#
        )
    };
    assert_eq!(
        replay_err(&record(r#"{"place": {"at": [1, 0], "rotation": 45}}"#)),
        r#"move 1 ({"place":{"at":[1,0],"rotation":45}}): malformed `place` move: rotation 45: use 0, 90, 180 or 270 (degrees clockwise)"#
    );
    assert_eq!(
        replay_err(&record(r#"{"place": {"at": [1, 0], "rotaton": 90}}"#)),
        r#"move 1 ({"place":{"at":[1,0],"rotaton":90}}): malformed `place` move: unknown field `rotaton`, expected one of `tile`, `at`, `rotation`"#
    );
    assert_eq!(
        replay_err(&record(r#"{"place": {"tile": "V", "at": [1, 0]}}"#)),
        r#"move 1 ({"place":{"tile":"V","at":[1,0],"rotation":0}}): the drawn tile is U, not V"#
    );
    assert_eq!(
        replay_err(&record(
            r#"{"place": {"at": [1, 0]}}, {"deploy": {"feature": "road:Q"}}"#
        )),
        r#"move 2 ({"deploy":{"feature":"road:Q"}}): unknown segment `Q` in `road:Q`"#
    );
    assert_eq!(
        replay_err(&record(
            r#"{"place": {"at": [1, 0]}}, {"deploy": {"feature": "city:N"}}"#
        )),
        r#"move 2 ({"deploy":{"feature":"city:N"}}): no city covers N on the tile at (1,0)"#
    );
    assert_eq!(
        replay_err(&record(r#"{"place": {"at": [1, 0]}}, {"deploy": {"feature": 3}}"#)),
        r#"move 2 ({"deploy":{"feature":3}}): malformed `deploy` move: invalid type: integer `3`, expected a string"#
    );
    assert_eq!(
        replay_err(&record(r#"{"place": {"at": [1, 0]}}, {"pass": {}}"#)),
        r#"move 2 ({"pass":{}}): malformed `pass` move: write it as the string "pass""#
    );
    assert_eq!(
        replay_err(&record(r#"{"dragons": {}}"#)),
        r#"move 1 ({"dragons":{}}): `dragons` is not a move (place, deploy, pass) nor an enabled expansion"#
    );
}

#[test]
fn unknown_tile_in_the_draw_order() {
    assert_eq!(
        replay_err(
            r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["U", "Z9"]}}"#
        ),
        "record configuration: draw order: unknown tile id `Z9`: no tile set of this game (base) has it; \
         it may belong to another tile set or to an expansion that is not enabled"
    );
}

#[test]
fn truncated_json_is_a_clear_error() {
    // Cut after `"at": [1, ` on line 3: the text ends with the 32nd
    // character of that line (` "moves": [{"place": {"at": [1, `), where
    // the parser was still inside the record.
    let full = "{\"format\": 1,\n \"config\": {\"players\": [{\"name\": \"A\"}, {\"name\": \"B\"}], \"draw_order\": [\"U\"]},\n \"moves\": [{\"place\": {\"at\": [1, 0]}}]}";
    let cut = full.find("0]}}]}").unwrap();
    let err = replay_err(&full[..cut]);
    assert_eq!(
        err,
        "not a valid game record: the text ends in the middle of the record at line 3 column 32 (is the file truncated?)"
    );
    // Every shorter cut is refused as well, none panics.
    assert!(replay(full).is_ok());
    for n in 0..full.len() - 1 {
        let err = replay(&full[..n]).expect_err("a cut record is not a record");
        assert!(matches!(err, RecordError::Parse(_)), "{n}: {err:?}");
        assert!(err.to_string().contains("line "), "{n}: {err}");
    }
}

#[test]
fn a_wrong_type_in_a_record_is_located() {
    // The seed's value `"seven"` ends at column 70 of line 2; the message
    // says where, not only what.
    assert_eq!(
        replay_err(
            "{\"format\": 1,\n \"config\": {\"players\": [{\"name\": \"A\"}, {\"name\": \"B\"}], \"seed\": \"seven\"}}"
        ),
        "not a valid game record: invalid type: string \"seven\", expected u64 at line 2 column 70"
    );
}

#[test]
fn a_newer_format_is_refused() {
    let err =
        GameRecord::from_json(r#"{"format": 2, "config": {"players": [{"name": "A"}, {"name": "B"}]}}"#).unwrap_err();
    assert!(matches!(err, RecordError::Format { found: 2, supported: 1 }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "record format 2 is newer than this engine's (1); upgrade carcassonne-rs to read it"
    );
}

fn no_attributes(
    _: Option<carcassonne_core::FeatureKind>,
    _: &toml::Value,
) -> Vec<carcassonne_core::tiles::AttributeProblem> {
    Vec::new()
}

fn not_built(_: &carcassonne_core::BuildContext) -> Result<Box<dyn carcassonne_core::expansion::DynExpansion>, String> {
    Err("not built in this test".into())
}

/// An expansion that is only ever listed, never played.
static WATCHTOWER: ExpansionInfo = ExpansionInfo {
    id: "watchtower",
    name: "Watchtower",
    version: "0.0.0",
    description: "listed only",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build: not_built,
    ..ExpansionInfo::EMPTY
};

#[test]
fn an_unknown_expansion_lists_the_known_ones() {
    let record = GameRecord::from_json(
        r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "expansions": ["dragons"]}}"#,
    )
    .unwrap();
    let mut catalog = Catalog::default();
    catalog.add(&WATCHTOWER).unwrap();
    let err = record.replay(&catalog, &TileSource::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "record configuration: unknown expansion `dragons`; known expansions: watchtower"
    );
    let err = record.replay(&Catalog::default(), &TileSource::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "record configuration: unknown expansion `dragons`; known expansions: none"
    );
}

#[test]
fn no_player_or_seven_players_are_refused() {
    let players = |n: usize| {
        let names: Vec<String> = (1..=n).map(|i| format!(r#"{{"name": "P{i}"}}"#)).collect();
        format!(r#"{{"format": 1, "config": {{"players": [{}]}}}}"#, names.join(", "))
    };
    assert_eq!(
        replay_err(&players(0)),
        "record configuration: a game needs 1 to 6 players (1 for a solo game), got 0"
    );
    assert_eq!(
        replay_err(&players(7)),
        "record configuration: a game needs 1 to 6 players (1 for a solo game), got 7"
    );
    for n in 1..=6 {
        assert!(replay(&players(n)).is_ok(), "{n} players");
    }
}

// ------------------------------------------ records from elsewhere

#[test]
fn a_record_from_another_tile_set_names_the_tile_and_the_sets() {
    // `EA-1` is a tile of an expansion's set; this game has the base set only.
    assert_eq!(
        replay_err(
            r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}], "draw_order": ["U", "EA-1"]}}"#
        ),
        "record configuration: draw order: unknown tile id `EA-1`: no tile set of this game (base) has it; \
         it may belong to another tile set or to an expansion that is not enabled"
    );
    // Without a draw order the tile is named by the move that places it.
    assert_eq!(
        replay_err(
            r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}]},
                "moves": [{"place": {"tile": "EA-1", "at": [1, 0]}}]}"#
        ),
        r#"move 1 ({"place":{"tile":"EA-1","at":[1,0],"rotation":0}}): unknown tile id `EA-1`: no tile set of this game (base) has it; it may belong to another tile set or to an expansion that is not enabled"#
    );
}

/// The golden record `road_completed.json` with its `engine` line set to `engine`
/// (`None`: no `engine` key, as in a hand-written record).
fn with_engine(engine: Option<&str>) -> String {
    let text = include_str!("golden/road_completed.json");
    match engine {
        Some(e) => text.replacen("\"format\": 1,", &format!("\"format\": 1,\n  \"engine\": \"{e}\","), 1),
        None => text.to_string(),
    }
}

#[test]
fn another_engine_version_with_this_format_reads_the_same() {
    // The format says how a record's text reads; `engine` only gives the
    // defaults of variants a record leaves unstated, and the base game has
    // none. Older, newer, odd and missing engine versions replay alike.
    let reference = replay(&with_engine(None)).expect("the golden record replays");
    let expected = observe(&reference);
    assert_eq!(expected.scores, vec![3, 0], "a road of three tiles");
    for engine in ["0.0.1", env!("CARGO_PKG_VERSION"), "99.3.0", "not a version", ""] {
        let text = with_engine(Some(engine));
        let record = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("engine {engine:?}: {e}"));
        assert_eq!(record.engine, engine);
        let game = record
            .replay(&Catalog::default(), &TileSource::default())
            .unwrap_or_else(|e| panic!("engine {engine:?}: {e}"));
        assert_eq!(observe(&game), expected, "engine {engine:?}");
    }
}

#[test]
fn format_0_is_refused_not_misread() {
    // There never was a format 0: a record claiming it is not guessed at.
    let err =
        GameRecord::from_json(r#"{"format": 0, "config": {"players": [{"name": "A"}, {"name": "B"}]}}"#).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::OldFormat {
                found: 0,
                oldest: 1,
                supported: 1
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "record format 0 is older than any this engine reads (formats 1 to 1); it cannot be replayed here"
    );
}

#[test]
fn a_record_without_a_format_is_refused() {
    assert_eq!(
        replay_err(r#"{"config": {"players": [{"name": "A"}, {"name": "B"}]}, "moves": []}"#),
        "not a valid game record: the record has no `format` (its format version; this engine writes format 1)"
    );
    // A format that is not a whole number is located.
    assert_eq!(
        replay_err(r#"{"format": "1", "config": {"players": [{"name": "A"}, {"name": "B"}]}}"#),
        "not a valid game record: invalid type: string \"1\", expected u32 at line 1 column 14"
    );
}

#[test]
fn a_format_beyond_32_bits_is_reported_as_written() {
    let err = GameRecord::from_json(r#"{"format": 4294967296, "config": {"players": []}}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "record format 4294967296 is newer than this engine's (1); upgrade carcassonne-rs to read it"
    );
}

#[test]
fn a_key_written_twice_is_refused_not_guessed() {
    // Which `at` was meant? Found by fuzzing: serde_json keeps the last one
    // where a move would refuse both, so the record read one way and, once
    // written back, another. It is refused, located at the end of the
    // repeated key (columns 37–40 of line 3).
    let text = "{\"format\": 1,\n \"config\": {\"players\": [{\"name\": \"A\"}, {\"name\": \"B\"}], \"draw_order\": [\"U\"]},\n \"moves\": [{\"place\": {\"at\": [1, 0], \"at\": [2, 0]}}]}";
    assert_eq!(
        replay_err(text),
        "not a valid game record: duplicate key `at` at line 3 column 40"
    );
    // Maps that serde would read silently (variants) are checked as well:
    // the second `"die"` is at columns 46–50.
    let variant_twice = r#"{"format": 1, "config": {"players": [{"name": "A"}, {"name": "B"}],
        "variants": {"easter": {"die": "d6", "die": "d8"}}}}"#;
    assert_eq!(
        replay_err(variant_twice),
        "not a valid game record: duplicate key `die` at line 2 column 50"
    );
}

#[test]
fn a_misspelt_expansion_table_names_the_nearest_expansion() {
    let mut catalog = Catalog::default();
    catalog.add(&WATCHTOWER).unwrap();
    let text = "[set]\nid = \"x\"\n\n[[tile]]\nid = \"T\"\ncount = 1\nedges = \"FFFF\"\nfeatures = [{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }]\n[tile.watchtowr]\nheight = 1\n";
    let err = parse_tile_set("x.toml", text, &catalog).unwrap_err().to_string();
    assert!(err.contains("did you mean the expansion `watchtower`?"), "{err}");
    let far = text.replace("watchtowr", "dragons");
    let err = parse_tile_set("x.toml", &far, &catalog).unwrap_err().to_string();
    assert!(err.contains("the loaded expansion is `watchtower`"), "{err}");
}
