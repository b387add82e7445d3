//! An expansion that builds on others: marks it prints on another set's
//! tiles (`tile_marks`), applied only while it is on and checked like a
//! tile file, and the settings of the expansions it names as companions,
//! read in its build and during play.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace};
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, GameConfig, Hooks, PartDecl, Rules, SetupError, TileFile,
    TileSource, ValueKind, VariantDecl,
};

/// Wells on base tiles: a well on tile B (a cloister) and on the road of U.
const MARKS: &str = r#"# wells printed on base tiles
[marks]
set = "base"

[[tile]]
id = "B"
wells = { well = true }

[[tile]]
id = "U"
features = [{ feature = "road:E", wells = { well = true } }]
"#;

const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "well",
    on: &[AttributePlace::Tile, AttributePlace::Road],
    kind: ValueKind::Bool,
    required: true,
    description: "a well is drawn here",
}];

/// Counts, in its build, the tiles and roads of the game that carry a well,
/// and what its companion `fair` plays with, and scores that at the end.
struct Wells {
    wells: i32,
    fair_bonus: i32,
}

impl Expansion for Wells {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FINAL_SCORING
    }

    fn final_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        // During play the same settings are in the tables.
        let tent = ctx.view().tables().companion("fair").is_some_and(|f| f.part_on("tent"));
        ctx.score(0, self.wells, "");
        ctx.score(1, self.fair_bonus + i32::from(tent) * 100, "");
    }
}

fn build_wells(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let on_tiles = ctx.tiles.iter().filter(|t| t.def.attribute("wells").is_some()).count();
    let on_roads = ctx
        .tiles
        .iter()
        .flat_map(|t| &t.def.features)
        .filter(|f| f.attributes.contains_key("wells"))
        .count();
    let fair_bonus = match ctx.companion("fair") {
        None => -1,
        Some(fair) => fair.variant_int("jugglers").unwrap_or(0) as i32 + if fair.part_on("tent") { 10 } else { 0 },
    };
    // A companion it does not name is never answered.
    if ctx.companion("stranger").is_some() {
        return Err("read an expansion it does not name".into());
    }
    Ok(expansion::boxed(Wells {
        wells: (on_tiles * 10 + on_roads) as i32,
        fair_bonus,
    }))
}

static WELLS: ExpansionInfo = ExpansionInfo {
    id: "wells",
    name: "Wells",
    version: "0.1.0",
    description: "wells on base tiles, to test marks and companions",
    tile_marks: &[TileFile {
        file_name: "wells-marks.toml",
        embedded: MARKS,
        source: "",
        art: &[],
    }],
    companions: &["fair"],
    score_sources: &[""],
    attributes: ATTRIBUTES,
    check_attributes: expansion::schema_only,
    build: build_wells,
    ..ExpansionInfo::EMPTY
};

struct Nothing;

impl Expansion for Nothing {
    type State = ();
    type Action = ();
    fn setup(&self, _ctx: &mut Ctx<'_>) {}
    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }
}

fn build_nothing(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Nothing))
}

static FAIR: ExpansionInfo = ExpansionInfo {
    id: "fair",
    name: "Fair",
    version: "0.1.0",
    variants: &[VariantDecl {
        name: "jugglers",
        label: "Jugglers",
        kind: ValueKind::integer(1, 5),
        default: "2",
        description: "how many jugglers",
        earlier_defaults: &[],
    }],
    parts: &[
        PartDecl {
            id: "tent",
            name: "Tent",
            description: "a tent",
            figures: &[],
        },
        PartDecl {
            id: "ring",
            name: "Ring",
            description: "a ring",
            figures: &[],
        },
    ],
    build: build_nothing,
    ..ExpansionInfo::EMPTY
};

static STRANGER: ExpansionInfo = ExpansionInfo {
    id: "stranger",
    name: "Stranger",
    version: "0.1.0",
    build: build_nothing,
    ..ExpansionInfo::EMPTY
};

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    for info in [&WELLS, &FAIR, &STRANGER] {
        catalog.add(info).expect("a new id");
    }
    catalog
}

fn final_scores(config: &GameConfig) -> [i32; 2] {
    let rules = Rules::new(&catalog(), config, &TileSource::default()).expect("rules");
    let mut game = carcassonne_core::Game::new(std::sync::Arc::new(rules)).expect("game");
    let mut options = Vec::new();
    while !game.is_over() {
        options.clear();
        game.legal_actions(&mut options);
        // Pass when possible: only the expansion scores.
        let pass = options
            .iter()
            .position(|a| matches!(a, carcassonne_core::Action::Pass))
            .unwrap_or(0);
        game.play(&options[pass]).expect("a listed option");
    }
    let source = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "wells")
        .expect("declared");
    [game.state().breakdown(0)[source], game.state().breakdown(1)[source]]
}

fn config(expansions: &[&str]) -> GameConfig {
    let mut config = GameConfig::with_players(2);
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    config
}

#[test]
fn marks_reach_the_marked_tiles_only_while_their_expansion_is_on() {
    // One tile table (B) and one road (U's): 10 + 1.
    assert_eq!(final_scores(&config(&["wells"]))[0], 11);
    // Without wells, base tiles carry nothing.
    let rules = Rules::new(&catalog(), &config(&[]), &TileSource::default()).expect("rules");
    assert!(rules.tiles().iter().all(|t| t.def.attributes.is_empty()));
    let b = rules.tile_by_id("B").expect("base tile B");
    assert!(b.def.attribute("wells").is_none());
}

#[test]
fn a_companion_is_read_with_its_parts_and_typed_variants() {
    // Fair off: no companion.
    assert_eq!(final_scores(&config(&["wells"]))[1], -1);
    // Fair on with defaults: 2 jugglers + 10 for the tent, +100 read in play.
    assert_eq!(final_scores(&config(&["fair", "wells"]))[1], 112);
    let mut c = config(&["fair", "wells"]);
    c.variants
        .entry("fair".into())
        .or_default()
        .insert("jugglers".into(), carcassonne_core::Value::Integer(4));
    c.parts.entry("fair".into()).or_default().insert("tent".into(), false);
    assert_eq!(final_scores(&c)[1], 4);
    // A stranger it does not name is on too, and never read.
    assert_eq!(final_scores(&config(&["fair", "stranger", "wells"]))[1], 112);
}

fn marks_problems(text: &'static str) -> String {
    let leaked: &'static [TileFile] = Box::leak(Box::new([TileFile {
        file_name: "wells-marks.toml",
        embedded: text,
        source: "",
        art: &[],
    }]));
    let info: &'static ExpansionInfo = Box::leak(Box::new(ExpansionInfo {
        tile_marks: leaked,
        ..WELLS
    }));
    let mut catalog = Catalog::default();
    catalog.add(info).expect("a new id");
    match Rules::new(&catalog, &config(&["wells"]), &TileSource::default()) {
        Err(SetupError::Tiles(d)) => d.to_string(),
        Err(other) => panic!("not a tile file problem: {other}"),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn every_mistake_in_a_marks_file_is_reported_with_its_place() {
    let text = r#"[marks]
set = "base"
colour = "blue"

[[tile]]
id = "ZZ"
wells = { well = true }

[[tile]]
id = "B"
wells = { well = "yes" }

[[tile]]
id = "U"
inns = { inn = true }
features = [{ feature = "road:N", wells = { well = true } }, { feature = "field:N", wells = { well = true } }]

[[tile]]
id = "B"
wells = { well = true }
"#;
    let report = marks_problems(text);
    for expected in [
        "wells-marks.toml:3:1: unknown key `colour` in `[marks]`",
        "wells-marks.toml:11:18: wells: `well` cannot be `yes`",
        "wells-marks.toml:15:1: unknown key `inns` in a marked tile",
        "wells-marks.toml:19:6: tile `B` is marked twice (first on line 10)",
    ] {
        assert!(report.contains(expected), "missing `{expected}` in:\n{report}");
    }
    // Problems met when the marks meet the set come all at once too.
    let text = r#"[marks]
set = "base"

[[tile]]
id = "ZZ"
wells = { well = true }

[[tile]]
id = "U"
features = [{ feature = "road:N", wells = { well = true } }, { feature = "field:N", wells = { well = true } }]
"#;
    let report = marks_problems(text);
    for expected in [
        "wells-marks.toml:5:6: set `base` has no tile `ZZ`",
        "wells-marks.toml:10:25: no road covers N on tile `U` of set `base`",
        "wells-marks.toml:10:74: wells on `field:N`: `wells` has no attributes on a field",
    ] {
        assert!(report.contains(expected), "missing `{expected}` in:\n{report}");
    }
}

#[test]
fn a_companion_declaration_is_checked_when_registered() {
    use carcassonne_core::registry::CatalogError;
    for (companions, conflicts, problem) in [
        (&["Fair"][..], &[][..], "is not a kebab-case expansion id"),
        (&["wells"][..], &[][..], "is the expansion itself"),
        (&["fair", "fair"][..], &[][..], "is named twice"),
        (&["fair"][..], &["fair"][..], "is also among its `conflicts`"),
    ] {
        let info: &'static ExpansionInfo = Box::leak(Box::new(ExpansionInfo {
            companions,
            conflicts,
            ..WELLS
        }));
        let err = Catalog::default().add(info).expect_err("refused");
        assert!(matches!(err, CatalogError::BadCompanion { .. }), "{err}");
        assert!(err.to_string().contains(problem), "{err}");
    }
    let info: &'static ExpansionInfo = Box::leak(Box::new(ExpansionInfo { year: 1789, ..WELLS }));
    assert!(matches!(
        Catalog::default().add(info),
        Err(CatalogError::BadYear { year: 1789, .. })
    ));
}

/// Ponds drawn inside base tiles: a kind of its own, added to two tiles by
/// its marks file (`add`), and mistakes in such additions.
const POND: carcassonne_core::tiles::FeatureKindDecl = carcassonne_core::tiles::FeatureKindDecl {
    name: "pond",
    label: "pond",
    shape: carcassonne_core::tiles::KindShape::Inner,
    scoring: carcassonne_core::tiles::KindScoring::Surroundings,
    occupiable: true,
    invites: &[],
    source: "ponds",
    colour: "#3060c0",
};

fn pond_rules(marks: &'static str) -> Result<Rules, SetupError> {
    let leaked: &'static [TileFile] = Box::leak(Box::new([TileFile {
        file_name: "ponds-marks.toml",
        embedded: marks,
        source: "",
        art: &[],
    }]));
    let info: &'static ExpansionInfo = Box::leak(Box::new(ExpansionInfo {
        id: "ponds",
        name: "Ponds",
        version: "0.1.0",
        feature_kinds: &[POND],
        score_sources: &["ponds"],
        tile_marks: leaked,
        build: build_nothing,
        ..ExpansionInfo::EMPTY
    }));
    let mut catalog = Catalog::default();
    catalog.add(info).expect("a new id");
    Rules::new(&catalog, &config(&["ponds"]), &TileSource::default())
}

#[test]
fn a_marks_file_adds_a_feature_of_its_own_kind_inside_a_tile() {
    let rules = pond_rules(
        r#"[marks]
set = "base"

[[tile]]
id = "E"
add = [{ kind = "pond" }]

[[tile]]
id = "U"
add = [{ kind = "pond", name = "duck pond" }]
"#,
    )
    .expect("rules");
    let e = rules.tile_by_id("E").expect("base tile E");
    let last = e.def.features.last().expect("features").clone();
    assert_eq!(e.def.features.len(), 3, "E's city and field, then the pond");
    assert!(last.segments.0 == 0, "inside the tile");
    let u = rules.tile_by_id("U").expect("base tile U");
    assert_eq!(u.def.features.last().and_then(|f| f.name.as_deref()), Some("duck pond"));
    // A game plays to the end with them.
    let mut game = carcassonne_core::Game::new(std::sync::Arc::new(rules)).expect("game");
    assert_eq!(game.state().tables().kind_name(last.kind), "pond");
    let mut options = Vec::new();
    while !game.is_over() {
        options.clear();
        game.legal_actions(&mut options);
        game.play(&options[0]).expect("a listed option");
    }

    let Err(SetupError::Tiles(report)) = pond_rules(
        r#"[marks]
set = "base"

[[tile]]
id = "E"
add = [{ kind = "cloister" }, { kind = "lake" }]
"#,
    ) else {
        panic!("accepted");
    };
    let report = report.to_string();
    for expected in [
        "ponds-marks.toml:6:17: tile `E`: `cloister` is not a kind of `ponds`",
        "ponds-marks.toml:6:40: tile `E`: no feature kind `lake`",
    ] {
        assert!(report.contains(expected), "missing `{expected}` in:\n{report}");
    }
    let Err(SetupError::Tiles(report)) = pond_rules(
        r#"[marks]
set = "base"

[[tile]]
id = "E"
add = [{ name = "no kind" }]
"#,
    ) else {
        panic!("accepted");
    };
    let report = report.to_string();
    assert!(
        report.contains("ponds-marks.toml:6:8: an added feature has no `kind`"),
        "{report}"
    );
}
