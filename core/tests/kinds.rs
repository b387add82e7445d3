//! Kinds of edge and feature declared by an expansion, on a toy one:
//! "Canals" adds a canal edge (field | canal | field, letter K) that may lie
//! against a road edge as well as a canal edge, and a canal feature that
//! followers may stand on and that scores 2 points a tile when complete
//! (nothing while open). Nothing in the core names it: tile files use it,
//! placements match it, and scoring reads its declaration.
//!
//! The start tile D lies at (0, 0): city north, road west-east, field
//! south. K1 is a straight canal west-east; K2 a canal that ends on the
//! tile, coming in from the west.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::{
    EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching, TileArrangement, parse_tile_set,
};
use carcassonne_core::{
    Action, BuildContext, Catalog, Decision, Deployment, Expansion, ExpansionInfo, Game, GameConfig, Pos, RefusalKind,
    Rotation, Rules, TileFile, TileSource,
};
use std::sync::Arc;

const TILES: &str = r#"
[set]
id = "canals"
name = "Canals"

[[tile]]
id = "K1"
count = 2
edges = "FKFK"
features = [
  { kind = "canal", edges = ["E", "W"] },
  { kind = "field", edges = ["N", "EN", "WN"] },
  { kind = "field", edges = ["S", "ES", "WS"] },
]

[[tile]]
id = "K2"
count = 1
edges = ["field", "field", "field", "canal"]
features = [
  { kind = "canal", edges = ["W"] },
  { kind = "field", edges = ["N", "E", "S", "WN", "WS"] },
]
"#;

struct Canals;

impl Expansion for Canals {
    type State = ();
    type Action = ();
    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}
    fn hooks(&self) -> carcassonne_core::Hooks {
        carcassonne_core::Hooks::NONE
    }
    // The canal tiles are drawn before the base tiles.
    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for t in tiles.tiles().iter().filter(|t| t.set == "canals") {
            tiles.set_phase(t.index, -1);
        }
    }
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Canals))
}

static CANALS: ExpansionInfo = ExpansionInfo {
    id: "canals",
    name: "Canals",
    version: "0.1.0",
    description: "canals that roads may meet",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "canals-test-only.toml",
        embedded: TILES,
        source: "",
        art: &[],
    }],
    variants: &[],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[FeatureKindDecl {
        name: "canal",
        label: "canal",
        shape: KindShape::Path,
        scoring: KindScoring::Tiles {
            complete: 2,
            open: 0,
            pennant_complete: 0,
            pennant_open: 0,
        },
        occupiable: true,
        invites: &["follower"],
        source: "canals",
        colour: "#3399cc",
    }],
    edge_kinds: &[EdgeKindDecl {
        name: "canal",
        letter: 'K',
        label: "canal",
        segments: &["field", "canal", "field"],
        matching: Matching::Also(&["road"]),
    }],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&CANALS).expect("the canal kinds are well formed");
    catalog
}

fn game(draws: &[&str]) -> Game {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["canals".into()];
    config.draw_order = Some(draws.iter().map(|s| s.to_string()).collect());
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).expect("rules");
    Game::new(Arc::new(rules)).expect("a game")
}

fn place(game: &mut Game, x: i32, y: i32, degrees: i64) -> Result<(), carcassonne_core::PlayError> {
    game.play(&Action::Place {
        pos: Pos::new(x, y),
        rotation: Rotation::from_degrees(degrees).expect("a rotation"),
    })
}

#[test]
fn a_tile_file_uses_the_declared_kinds_by_letter_and_by_name() {
    let set = parse_tile_set("canals.toml", TILES, &catalog()).expect("loads");
    let landscape = catalog().landscape().clone();
    let canal = landscape.edge_kind("canal").expect("declared");
    assert_eq!(landscape.edge_kind("K"), Some(canal));
    assert_eq!(set.tiles[0].edges[1], canal);
    assert_eq!(set.tiles[1].edges[3], canal);
    // Without the expansion in the catalog the letter is unknown, and the
    // message lists the letters there are.
    let err = parse_tile_set("canals.toml", TILES, &Catalog::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown edge letter `K` in `FKFK`; use F field, R road, C city or X wall"),
        "{err}"
    );
}

#[test]
fn a_canal_meets_a_road_without_joining_it_and_scores_by_its_declaration() {
    let mut g = game(&["K1", "K2", "K1"]);
    // A canal may not lie against a city.
    let refused = place(&mut g, 0, -1, 0).expect_err("canal against D's city");
    assert!(
        matches!(refused, carcassonne_core::PlayError::Illegal(ref i) if i.kind == RefusalKind::TileDoesNotFit),
        "{refused:?}"
    );
    // Against D's road it may: the road and the canal end there.
    place(&mut g, 1, 0, 0).expect("canal against the road");
    let Some(Decision::Deploy { .. }) = g.decision() else {
        panic!("a deploy decision");
    };
    let mut options = Vec::new();
    g.legal_actions(&mut options);
    let canal_spot = Action::Deploy(Deployment {
        figure: 0,
        pos: Pos::new(1, 0),
        spot: Spot::Feature(0),
    });
    assert!(
        options.contains(&canal_spot),
        "the canal invites followers: {options:?}"
    );
    g.play(&canal_spot).expect("a follower on the canal");
    // The canal runs on east into K2, where it ends: complete, one side
    // closed by the road. 2 points a tile: 4.
    place(&mut g, 2, 0, 0).expect("the canal's end");
    g.play(&Action::Pass).expect("pass");
    let source = g
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "canals")
        .expect("declared source");
    assert_eq!(g.state().breakdown(0)[source], 4);
    // D's road ran into the canal on its east side: only its west side is open.
    let road = g.state().node_at(Pos::new(0, 0), 1).expect("D's road");
    assert_eq!(g.state().features().open_sides(road), 1);
}

#[test]
fn a_tile_file_of_ones_own_using_an_expansions_kinds_needs_that_expansion() {
    let dir = std::env::temp_dir().join(format!("carcassonne-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("my-canals.toml");
    let mine = TILES
        .replace("id = \"canals\"", "id = \"my-canals\"")
        .replace("\"K1\"", "\"MK1\"")
        .replace("\"K2\"", "\"MK2\"");
    std::fs::write(&file, mine).expect("written");
    let mut config = GameConfig::with_players(2);
    config.tiles.files = vec![file.display().to_string()];
    let err = Rules::new(&catalog(), &config, &TileSource::default()).expect_err("canals are off");
    assert!(
        err.to_string()
            .contains("has `canals` attributes or kinds, but `canals` is not in this game"),
        "{err}"
    );
    config.tiles_only = vec!["canals".into()];
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).expect("with its tiles in the game");
    assert!(rules.tile_by_id("MK1").is_some());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_expansion_orders_the_bag_and_a_declaration_that_clashes_is_refused() {
    // Seeded, the two canal phases come first.
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["canals".into()];
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).expect("rules");
    assert_eq!(rules.draw_phases(), &[3, 71]);
    let mut game = Game::new(Arc::new(rules)).expect("a game");
    let Some(Decision::Place { tile, .. }) = game.decision() else {
        panic!("a placement first");
    };
    assert!(game.rules().tile(tile).id().starts_with('K'));
    let _ = game.decision();
    game.end_now();

    static CLASH: ExpansionInfo = ExpansionInfo {
        id: "clash",
        edge_kinds: &[EdgeKindDecl {
            name: "moat",
            letter: 'K',
            label: "moat",
            segments: &["field", "field", "field"],
            matching: Matching::Itself,
        }],
        feature_kinds: &[],
        ..CANALS
    };
    let mut c = catalog();
    let err = c.add(&CLASH).unwrap_err();
    assert!(
        err.to_string().contains("letter `K` is taken by edge kind `canal`"),
        "{err}"
    );
    assert_eq!(c.ids(), ["canals"], "nothing of the refused expansion stays");
}
