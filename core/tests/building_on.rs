//! An expansion building on another's (`ExpansionInfo::refines`,
//! `ExpansionInfo::parts_off`), on toys: "Streams" declares a stream (an
//! edge and a feature no figure stands on and nobody scores) and a part
//! `course`; "Anglers" names Streams among its companions, refines the
//! stream into a feature followers stand on that scores 2 a tile complete
//! and 1 open, and needs the course off.
//!
//! The start tile D lies at (0, 0): city north, road west-east, field
//! south. Q1 is a stream that ends on its tile, leaving it south.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::{EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching};
use carcassonne_core::{
    Action, BuildContext, Catalog, Deployment, Expansion, ExpansionInfo, Game, GameConfig, PartDecl, PartOff, Pos,
    Rotation, Rules, TileFile, TileSource,
};
use std::sync::Arc;

const TILES: &str = r#"
[set]
id = "streams"
name = "Streams"

[[tile]]
id = "Q1"
count = 2
edges = "FFQF"
features = [
  { kind = "stream", edges = ["S"] },
  { kind = "field", edges = ["N", "E", "W", "SE", "SW"] },
]
"#;

struct Nothing;

impl Expansion for Nothing {
    type State = ();
    type Action = ();
    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}
    fn hooks(&self) -> carcassonne_core::Hooks {
        carcassonne_core::Hooks::NONE
    }
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Nothing))
}

const STREAM: FeatureKindDecl = FeatureKindDecl {
    name: "stream",
    label: "stream",
    shape: KindShape::Path,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#3399cc",
};

static STREAMS: ExpansionInfo = ExpansionInfo {
    id: "streams",
    name: "Streams",
    tile_files: &[TileFile {
        file_name: "streams-test-only.toml",
        embedded: TILES,
        source: "",
        art: &[],
    }],
    parts: &[PartDecl {
        id: "course",
        name: "Course",
        description: "how the stream is laid",
        figures: &[],
    }],
    feature_kinds: &[STREAM],
    edge_kinds: &[EdgeKindDecl {
        name: "stream",
        letter: 'Q',
        label: "stream",
        segments: &["field", "stream", "field"],
        matching: Matching::Itself,
    }],
    build,
    ..ExpansionInfo::EMPTY
};

const FISHED: FeatureKindDecl = FeatureKindDecl {
    scoring: KindScoring::Tiles {
        complete: 2,
        open: 1,
        pennant_complete: 0,
        pennant_open: 0,
    },
    occupiable: true,
    invites: &["follower"],
    source: "anglers",
    ..STREAM
};

static ANGLERS: ExpansionInfo = ExpansionInfo {
    id: "anglers",
    name: "Anglers",
    companions: &["streams"],
    refines: &[FISHED],
    parts_off: &[PartOff {
        expansion: "streams",
        part: "course",
    }],
    build,
    ..ExpansionInfo::EMPTY
};

fn catalog(infos: &[&'static ExpansionInfo]) -> Catalog {
    let mut catalog = Catalog::default();
    for info in infos {
        catalog.add(info).expect("well formed");
    }
    catalog
}

fn rules(catalog: &Catalog, expansions: &[&str], parts: &[(&str, &str, bool)]) -> Result<Rules, String> {
    let mut config = GameConfig::with_players(2);
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    for &(e, p, on) in parts {
        config.parts.entry(e.into()).or_default().insert(p.into(), on);
    }
    config.draw_order = Some(vec!["Q1".into(), "Q1".into()]);
    Rules::new(catalog, &config, &TileSource::default()).map_err(|e| e.to_string())
}

#[test]
fn a_refinement_applies_only_in_games_where_the_refining_expansion_is_on() {
    // Either order of registration: the refined kind may come later.
    let c = catalog(&[&ANGLERS, &STREAMS]);
    let stream = c.landscape().feature_kind("stream").expect("declared");
    let plain = rules(&c, &["streams"], &[]).expect("streams alone");
    assert!(
        Arc::ptr_eq(&plain.landscape_arc(), c.landscape()),
        "a game without a refinement shares the catalog's kinds"
    );
    assert_eq!(plain.landscape().feature(stream).scoring, KindScoring::None);
    let fished = rules(&c, &["anglers", "streams"], &[]).expect("with anglers");
    let decl = fished.landscape().feature(stream);
    assert_eq!(decl.scoring, FISHED.scoring);
    assert!(decl.occupiable);
    assert_eq!(fished.landscape().feature_owner(stream), "streams");
    assert_eq!(
        c.landscape().feature(stream).scoring,
        KindScoring::None,
        "the catalog's stay"
    );
}

#[test]
fn a_follower_stands_on_the_refined_kind_and_it_scores_as_refined() {
    let c = catalog(&[&STREAMS, &ANGLERS]);
    let spot = Action::Deploy(Deployment {
        figure: 0,
        pos: Pos::new(0, 1),
        spot: Spot::Feature(0),
    });
    let place = |game: &mut Game, y: i32, degrees: i64| {
        game.play(&Action::Place {
            pos: Pos::new(0, y),
            rotation: Rotation::from_degrees(degrees).expect("a rotation"),
        })
    };
    // Streams alone: nobody stands on a stream.
    let mut plain = Game::new(Arc::new(rules(&c, &["streams"], &[]).expect("rules"))).expect("a game");
    place(&mut plain, 1, 0).expect("Q1 south of D");
    let mut options = Vec::new();
    plain.legal_actions(&mut options);
    assert!(!options.contains(&spot), "{options:?}");
    // With Anglers a follower fishes the stream; the second Q1, turned
    // to meet it, closes it: 2 tiles, 2 points a tile.
    let mut game = Game::new(Arc::new(rules(&c, &["anglers", "streams"], &[]).expect("rules"))).expect("a game");
    place(&mut game, 1, 0).expect("Q1 south of D");
    options.clear();
    game.legal_actions(&mut options);
    assert!(options.contains(&spot), "{options:?}");
    game.play(&spot).expect("a follower on the stream");
    place(&mut game, 2, 180).expect("the stream's other end");
    game.play(&Action::Pass).expect("pass");
    let source = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "anglers")
        .expect("the refinement's source");
    assert_eq!(game.state().breakdown(0)[source], 4);
}

#[test]
fn a_part_needed_off_is_off_stated_in_the_record_and_cannot_be_switched_on() {
    let c = catalog(&[&STREAMS, &ANGLERS]);
    let plain = rules(&c, &["streams"], &[]).expect("streams alone");
    assert!(plain.config.parts.is_empty(), "nothing switched, nothing stated");
    let fished = rules(&c, &["anglers", "streams"], &[]).expect("with anglers");
    assert_eq!(
        fished.config.parts.get("streams").and_then(|p| p.get("course")),
        Some(&false)
    );
    assert!(!fished.companion("streams").expect("settings").part_on("course"));
    // Stated off, as a record states it, it replays.
    rules(&c, &["anglers", "streams"], &[("streams", "course", false)]).expect("stated off");
    let err = rules(&c, &["anglers", "streams"], &[("streams", "course", true)]).expect_err("switched on");
    assert!(
        err.contains("`streams.course` is switched on, but `anglers` needs it off"),
        "{err}"
    );
}

#[test]
fn the_catalog_and_the_setup_refuse_what_does_not_fit() {
    static STRANGER: ExpansionInfo = ExpansionInfo {
        id: "stranger",
        companions: &[],
        parts_off: &[],
        ..ANGLERS
    };
    let mut c = catalog(&[&STREAMS]);
    let err = c.add(&STRANGER).unwrap_err().to_string();
    assert!(
        err.contains("refines feature kind `stream`, which belongs to `streams`; name `streams`"),
        "{err}"
    );
    static SQUARE: FeatureKindDecl = FeatureKindDecl {
        shape: KindShape::Region,
        ..FISHED
    };
    static RESHAPER: ExpansionInfo = ExpansionInfo {
        id: "reshaper",
        refines: std::slice::from_ref(&SQUARE),
        parts_off: &[],
        ..ANGLERS
    };
    let err = c.add(&RESHAPER).unwrap_err().to_string();
    assert!(err.contains("a refinement keeps the shape"), "{err}");
    static NO_SUCH_PART: ExpansionInfo = ExpansionInfo {
        id: "no-such-part",
        refines: &[],
        parts_off: &[PartOff {
            expansion: "streams",
            part: "bed",
        }],
        ..ANGLERS
    };
    let err = c.add(&NO_SUCH_PART).unwrap_err().to_string();
    assert!(
        err.contains("needs part `streams.bed` off, which `streams` does not declare"),
        "{err}"
    );
    assert_eq!(c.ids(), ["streams"], "nothing refused stays");
    // Two refiners in one game.
    static RIVALS: ExpansionInfo = ExpansionInfo {
        id: "rivals",
        ..ANGLERS
    };
    let c = catalog(&[&STREAMS, &ANGLERS, &RIVALS]);
    let err = rules(&c, &["anglers", "rivals", "streams"], &[]).expect_err("two refiners");
    assert!(
        err.contains("expansions `anglers` and `rivals` both refine feature kind `stream`"),
        "{err}"
    );
    // A refinement of a kind no expansion in the catalog declares.
    let c = catalog(&[&ANGLERS]);
    let err = rules(&c, &["anglers"], &[]).expect_err("no stream");
    assert!(err.contains("there is no feature kind `stream` to refine"), "{err}");
}
