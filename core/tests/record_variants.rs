//! Which variant values a record is replayed with: the ones it states, and
//! for those it leaves unstated the defaults of the engine version that
//! wrote it (`VariantDecl::earlier_defaults`); records the engine writes
//! state every variant.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, EarlierDefault, Expansion, ExpansionInfo, FeatureKind, Game, GameConfig, GameRecord,
    Hooks, RecordError, Rules, TileSource, VariantDecl,
};
use std::sync::Arc;

/// Gives every player `bonus` points at the end: the variant's value shows
/// in the scores. `bonus` defaulted to 1 before engine 0.2.0 and to 3
/// before 0.1.5 (two changes, to check that the right one is picked).
struct Bonus(i32);

impl Expansion for Bonus {
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
    let bonus = ctx.variant("bonus").parse().map_err(|_| "not a number".to_string())?;
    Ok(expansion::boxed(Bonus(bonus)))
}

static BONUS: ExpansionInfo = ExpansionInfo {
    id: "bonus",
    name: "Bonus",
    version: "0.0.0",
    description: "points for everyone at the end, to test variant defaults in records",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[
        VariantDecl {
            name: "bonus",
            label: "Bonus",
            kind: carcassonne_core::ValueKind::one_of(&["1", "2", "3"]),
            default: "2",
            description: "points each player gets at the end",
            earlier_defaults: &[
                EarlierDefault {
                    until: "0.1.5",
                    value: "3",
                },
                EarlierDefault {
                    until: "0.2.0",
                    value: "1",
                },
            ],
        },
        VariantDecl {
            name: "unchanged",
            label: "Unchanged",
            kind: carcassonne_core::ValueKind::one_of(&["a", "b"]),
            default: "a",
            description: "a variant whose default never changed",
            earlier_defaults: &[],
        },
    ],
    figures: &[],
    parts: &[],
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
    catalog.add(&BONUS).expect("a new id");
    catalog
}

/// A finished two-tile game with the expansion on, written by `engine`
/// (`None`: no `engine` key, as a hand-written record), stating `variants`.
fn record(engine: Option<&str>, variants: &[(&str, &str)]) -> GameRecord {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["bonus".into()];
    config.draw_order = Some(vec!["U".into()]);
    for (name, value) in variants {
        config
            .variants
            .entry("bonus".into())
            .or_default()
            .insert(name.to_string(), carcassonne_core::Value::from(*value));
    }
    let mut text = GameRecord::new(config).to_json();
    let written = format!("\"engine\": \"{}\"", env!("CARGO_PKG_VERSION"));
    text = match engine {
        Some(e) => text.replacen(&written, &format!("\"engine\": \"{e}\""), 1),
        None => text.replacen(&format!("{written},"), "", 1),
    };
    let mut record = GameRecord::from_json(&text).expect("a valid record");
    record.moves = vec![
        carcassonne_core::serde_json::from_str(r#"{"place": {"at": [1, 0]}}"#).unwrap(),
        carcassonne_core::Move::Pass,
    ];
    record
}

/// The bonus each player got, from the replayed game's scores.
fn bonus_of(game: &Game) -> i32 {
    assert!(game.is_over());
    game.state().score(1)
}

fn replay(record: &GameRecord) -> Result<Game, RecordError> {
    record.replay(&catalog(), &TileSource::default())
}

#[test]
fn unstated_variants_take_the_defaults_of_the_engine_that_wrote_the_record() {
    for (engine, bonus) in [
        ("0.1.0", 3),
        ("0.1.4", 3),
        ("0.1.5", 1),
        ("0.1.9", 1),
        ("0.2.0", 2),
        (env!("CARGO_PKG_VERSION"), 2),
        ("99.3.0", 2),
    ] {
        let game = replay(&record(Some(engine), &[])).unwrap_or_else(|e| panic!("{engine}: {e}"));
        assert_eq!(bonus_of(&game), bonus, "engine {engine}");
        // What it was played with is stated in the rules' configuration.
        let played = &game.rules().config.variants["bonus"];
        assert_eq!(
            played["bonus"],
            carcassonne_core::Value::Text(bonus.to_string()),
            "engine {engine}"
        );
        assert_eq!(played["unchanged"], "a".into());
    }
}

#[test]
fn a_stated_variant_wins_over_any_default() {
    for engine in [Some("0.1.0"), Some("0.2.0"), Some("not a version"), None] {
        let game = replay(&record(engine, &[("bonus", "2")])).unwrap_or_else(|e| panic!("{engine:?}: {e}"));
        assert_eq!(bonus_of(&game), 2, "engine {engine:?}");
    }
}

#[test]
fn a_hand_written_record_without_engine_reads_as_one_of_engine_0_1_0() {
    // Its meaning is fixed, whatever engine reads it.
    assert_eq!(carcassonne_core::UNNAMED_ENGINE, "0.1.0");
    for engine in [None, Some(""), Some("  ")] {
        let game = replay(&record(engine, &[])).unwrap_or_else(|e| panic!("{engine:?}: {e}"));
        assert_eq!(bonus_of(&game), 3, "engine {engine:?}");
    }
}

#[test]
fn an_engine_that_is_not_a_version_must_state_the_variants_whose_default_changed() {
    let err = replay(&record(Some("not a version"), &[])).unwrap_err();
    assert!(matches!(&err, RecordError::UnstatedVariants { unstated, .. } if unstated.len() == 1));
    assert_eq!(
        err.to_string(),
        "the record's `engine` (\"not a version\") is not a version, and it does not state bonus.bonus: \
         their defaults changed between engine versions, so the game it records is unknown; add them under \
         `variants` in its configuration (bonus.bonus: \"2\" now, \"3\" before engine 0.1.5, \"1\" before engine 0.2.0)"
    );
    // A variant whose default never changed need not be stated.
    let game = replay(&record(Some("not a version"), &[("bonus", "1")])).expect("stated");
    assert_eq!(game.rules().config.variants["bonus"]["unchanged"], "a".into());
}

#[test]
fn records_written_from_the_rules_state_every_variant_and_replay_alike() {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec!["bonus".into()];
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).expect("rules");
    let written = GameRecord::new(rules.config.clone());
    let text = written.to_json();
    assert!(
        text.contains("\"bonus\": \"2\"") && text.contains("\"unchanged\": \"a\""),
        "{text}"
    );
    // Read back as an old engine's record: stated values are never replaced.
    let mut old = GameRecord::from_json(&text).unwrap();
    old.engine = "0.1.0".into();
    assert_eq!(old.played_config(&catalog()).unwrap(), rules.config);
    // Without expansions there is nothing to state.
    let base = Rules::new(&catalog(), &GameConfig::with_players(2), &TileSource::default()).unwrap();
    assert!(base.config.variants.is_empty());
    let game = Game::new(Arc::new(base)).unwrap();
    assert!(game.rules().config.variants.is_empty());
}
