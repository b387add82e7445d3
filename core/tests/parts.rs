//! Parts of an expansion switched on and off (`[parts]`): which parts the
//! build sees, which figures are in the supplies, what a record states, and
//! every mistake a configuration or a declaration can make, refused with
//! its reason; and the words of score sources, declared beside them.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::registry::CatalogError;
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, FeatureKind, FigureClass, FigureDecl, FigurePlacement, Game,
    GameConfig, GameRecord, Hooks, PartDecl, Recall, Rules, SetupError, Strength, TileSource,
};

/// Scores 1 point per part that is on for every player at the end: what
/// the build saw shows in the scores.
struct Fair(i32);

impl Expansion for Fair {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FINAL_SCORING
    }

    fn final_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        for p in 0..ctx.view().players() as u8 {
            ctx.score(p, self.0, "");
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let on = ["jugglers", "stilts", "tent"].iter().filter(|p| ctx.part_on(p)).count();
    Ok(expansion::boxed(Fair(on as i32)))
}

const fn figure(id: &'static str) -> FigureDecl {
    FigureDecl {
        id,
        name: id,
        per_player: 2,
        by_players: &[],
        strength: Strength::Fixed(1),
        class: FigureClass::Follower,
        placement: FigurePlacement::OnFeatures(&["road", "city"]),
        recall: Recall::Never,
        neutral: 0,
    }
}

static FAIR: ExpansionInfo = ExpansionInfo {
    id: "fair",
    name: "Fair",
    version: "0.0.0",
    description: "a fair whose parts come one by one, to test parts",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[figure("juggler"), figure("stilt-walker")],
    parts: &[
        PartDecl {
            id: "jugglers",
            name: "Jugglers",
            description: "jugglers on roads and cities",
            figures: &["juggler"],
        },
        PartDecl {
            id: "stilts",
            name: "Stilts",
            description: "stilt-walkers on roads and cities",
            figures: &["stilt-walker"],
        },
        PartDecl {
            id: "tent",
            name: "Tent",
            description: "no figure: a rule",
            figures: &[],
        },
    ],
    score_sources: &[""],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&FAIR).expect("a new id");
    catalog
}

fn config(parts: &[(&str, bool)]) -> GameConfig {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["fair".into()];
    for (part, on) in parts {
        config
            .parts
            .entry("fair".into())
            .or_default()
            .insert(part.to_string(), *on);
    }
    config
}

fn rules(config: &GameConfig) -> Result<Rules, SetupError> {
    Rules::new(&catalog(), config, &TileSource::default())
}

fn per_player(rules: &Rules, figure: &str) -> u8 {
    rules.figures()[rules.figure_index(figure).unwrap() as usize].per_player
}

/// A one-tile game, played out: each player's score is the parts on.
fn parts_seen(config: &GameConfig) -> i32 {
    let mut config = config.clone();
    config.draw_order = Some(vec!["U".into()]);
    let mut record = GameRecord::new(config);
    record.moves = vec![
        carcassonne_core::serde_json::from_str(r#"{"place": {"at": [1, 0]}}"#).unwrap(),
        carcassonne_core::Move::Pass,
    ];
    let game: Game = record.replay(&catalog(), &TileSource::default()).unwrap();
    assert!(game.is_over());
    game.state().score(0)
}

#[test]
fn every_part_is_on_unless_switched_off() {
    assert_eq!(parts_seen(&config(&[])), 3);
    assert_eq!(parts_seen(&config(&[("tent", false)])), 2);
    assert_eq!(parts_seen(&config(&[("tent", false), ("jugglers", false)])), 1);
    assert_eq!(parts_seen(&config(&[("tent", true)])), 3);
}

#[test]
fn a_part_that_is_off_takes_its_figures_out_of_the_supplies() {
    let all = rules(&config(&[])).unwrap();
    assert_eq!((per_player(&all, "juggler"), per_player(&all, "stilt-walker")), (2, 2));
    let off = rules(&config(&[("jugglers", false)])).unwrap();
    assert_eq!((per_player(&off, "juggler"), per_player(&off, "stilt-walker")), (0, 2));
    // The figure keeps its index: figure numbers do not depend on parts.
    assert_eq!(all.figure_index("stilt-walker"), off.figure_index("stilt-walker"));
    // A `[figures]` count of 0 for it says the same thing and is accepted.
    let mut zero = config(&[("jugglers", false)]);
    zero.figures.insert("juggler".into(), 0);
    assert!(rules(&zero).is_ok());
}

#[test]
fn a_record_states_every_part_once_one_is_switched() {
    let played = rules(&config(&[("stilts", false)])).unwrap();
    let stated = &played.config.parts["fair"];
    assert_eq!(stated.len(), 3, "{stated:?}");
    assert_eq!(stated.get("stilts"), Some(&false));
    assert_eq!(stated.get("tent"), Some(&true));
    // With no part switched the record says nothing of parts, as records
    // of engines before parts did.
    assert!(rules(&config(&[])).unwrap().config.parts.is_empty());
    // The record replays with the parts it states.
    let mut record = GameRecord::new(played.config.clone());
    record.config.draw_order = Some(vec!["U".into()]);
    let text = record.to_json();
    assert!(text.contains("\"parts\""), "{text}");
    let back = GameRecord::from_json(&text).unwrap();
    let game = back.replay(&catalog(), &TileSource::default()).unwrap();
    assert_eq!(per_player(game.rules(), "stilt-walker"), 0);
}

#[test]
fn a_configuration_file_switches_parts() {
    let text = "expansions = [\"fair\"]\n[parts.fair]\njugglers = false\ntent = false\n";
    let config: GameConfig = toml::from_str(text).unwrap();
    assert_eq!(
        parts_seen(&GameConfig {
            players: GameConfig::with_players(2).players,
            ..config
        }),
        1
    );
}

#[test]
fn mistakes_in_parts_are_refused_by_name() {
    let unknown = rules(&config(&[("clowns", false)])).unwrap_err();
    assert!(matches!(unknown, SetupError::UnknownPart { .. }));
    assert_eq!(
        unknown.to_string(),
        "[parts]: expansion `fair` has no part `clowns`; its parts: jugglers, stilts, tent"
    );

    let none = rules(&config(&[("jugglers", false), ("stilts", false), ("tent", false)])).unwrap_err();
    assert!(matches!(none, SetupError::NoPartOn(_)), "{none}");
    assert!(none.to_string().contains("every part of `fair` is off"), "{none}");
    assert!(none.to_string().contains("tiles_only"), "{none}");

    let mut off = config(&[]);
    off.expansions.clear();
    off.parts.insert("fair".into(), [("tent".to_string(), false)].into());
    let disabled = rules(&off).unwrap_err();
    assert!(matches!(disabled, SetupError::PartsForDisabled(_)), "{disabled}");

    let mut counted = config(&[("jugglers", false)]);
    counted.figures.insert("juggler".into(), 1);
    let e = rules(&counted).unwrap_err();
    assert!(matches!(e, SetupError::FigureOfPartOff { .. }), "{e}");
    assert!(e.to_string().contains("part `fair.jugglers`, which is off"), "{e}");
}

#[test]
fn an_expansion_without_parts_has_none_to_switch() {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["plain".into()];
    config.parts.insert("plain".into(), [("x".to_string(), false)].into());
    static PLAIN: ExpansionInfo = ExpansionInfo {
        id: "plain",
        parts: &[],
        figures: &[],
        ..FAIR
    };
    let mut catalog = Catalog::default();
    catalog.add(&PLAIN).unwrap();
    let e = Rules::new(&catalog, &config, &TileSource::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "[parts]: expansion `plain` has no part `x`; its parts: none (it is all or nothing)"
    );
}

#[test]
fn malformed_part_declarations_are_refused_at_registration() {
    static TWICE: ExpansionInfo = ExpansionInfo {
        id: "twice",
        parts: &[
            PartDecl {
                id: "a",
                name: "A",
                description: "",
                figures: &["juggler"],
            },
            PartDecl {
                id: "b",
                name: "B",
                description: "",
                figures: &["juggler"],
            },
        ],
        ..FAIR
    };
    static STRANGER: ExpansionInfo = ExpansionInfo {
        id: "stranger",
        parts: &[PartDecl {
            id: "a",
            name: "A",
            description: "",
            figures: &["ghost"],
        }],
        ..FAIR
    };
    static SAME: ExpansionInfo = ExpansionInfo {
        id: "same",
        parts: &[
            PartDecl {
                id: "a",
                name: "A",
                description: "",
                figures: &[],
            },
            PartDecl {
                id: "a",
                name: "A again",
                description: "",
                figures: &[],
            },
        ],
        ..FAIR
    };
    static CAPITAL: ExpansionInfo = ExpansionInfo {
        id: "capital",
        parts: &[PartDecl {
            id: "Big",
            name: "Big",
            description: "",
            figures: &[],
        }],
        ..FAIR
    };
    let cases: [(&'static ExpansionInfo, &str); 4] = [
        (
            &TWICE,
            "expansion `twice` declares part `b`, which names figure `juggler`, which part `a` names already",
        ),
        (
            &STRANGER,
            "expansion `stranger` declares part `a`, which names figure `ghost`, which the expansion does not declare",
        ),
        (&SAME, "expansion `same` declares part `a`, which is declared twice"),
        (
            &CAPITAL,
            "expansion `capital` declares part `Big`, which is not kebab-case",
        ),
    ];
    for (info, message) in cases {
        let e = Catalog::default().add(info).unwrap_err();
        assert!(matches!(e, CatalogError::BadPart { .. }), "{e}");
        assert_eq!(e.to_string(), message);
    }
}

#[test]
fn score_sources_have_words_for_players() {
    static NAMED: ExpansionInfo = ExpansionInfo {
        id: "named",
        name: "Named Fair",
        score_sources: &["", "stilt-races"],
        score_source_names: &["Fair tickets", "Stilt races"],
        ..FAIR
    };
    static UNNAMED: ExpansionInfo = ExpansionInfo {
        id: "unnamed",
        name: "Unnamed Fair",
        score_sources: &["", "stilt-races"],
        score_source_names: &[],
        ..FAIR
    };
    static WRONG: ExpansionInfo = ExpansionInfo {
        id: "wrong",
        score_sources: &["", "stilt-races"],
        score_source_names: &["Only one"],
        ..FAIR
    };
    let words = |info: &'static ExpansionInfo| {
        let mut catalog = Catalog::default();
        catalog.add(info).unwrap();
        let mut config = GameConfig::with_players(2);
        config.expansions = vec![info.id.into()];
        Rules::new(&catalog, &config, &TileSource::default())
            .unwrap()
            .score_source_words()
    };
    assert_eq!(
        words(&NAMED),
        ["Roads", "Cities", "Cloisters", "Farms", "Fair tickets", "Stilt races"]
    );
    assert_eq!(
        words(&UNNAMED)[4..],
        ["Unnamed Fair".to_string(), "Stilt races".to_string()]
    );
    let e = Catalog::default().add(&WRONG).unwrap_err();
    assert!(
        matches!(
            e,
            CatalogError::BadSourceNames {
                names: 1,
                sources: 2,
                ..
            }
        ),
        "{e}"
    );
}
