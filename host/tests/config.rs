//! Game configuration: the TOML file, flags laid over it, and every
//! configuration mistake reported with a clear message before a game starts.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, GameConfig, Rules, TileSource, Value, ValueKind, VariantDecl,
    toml,
};
use carcassonne_setup::setup::{Overrides, game_config};
use std::io::Write;

struct Nothing;

impl Expansion for Nothing {
    type State = ();
    type Action = ();
    fn setup(&self, _: &mut Ctx<'_>) {}
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Nothing))
}

fn refuse(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Err(format!(
        "mode `{}` needs a barn, and no expansion in this game has one",
        ctx.variant("mode")
    ))
}

const fn info(
    id: &'static str,
    requires: &'static [&'static str],
    conflicts: &'static [&'static str],
) -> ExpansionInfo {
    ExpansionInfo {
        id,
        name: id,
        version: "1.0.0",
        description: "test expansion",
        requires,
        conflicts,
        tile_files: &[],
        variants: &[
            VariantDecl {
                name: "mode",
                label: "Mode",
                kind: carcassonne_core::ValueKind::OneOf {
                    values: &["calm", "wild"],
                },
                default: "calm",
                description: "test",
                earlier_defaults: &[],
            },
            VariantDecl {
                name: "strength",
                label: "Strength",
                kind: ValueKind::Integer { min: 1, max: 5 },
                default: "2",
                description: "a whole number",
                earlier_defaults: &[],
            },
            VariantDecl {
                name: "loud",
                label: "Loud",
                kind: ValueKind::Bool,
                default: "false",
                description: "true or false",
                earlier_defaults: &[],
            },
        ],
        figures: &[],
        parts: &[],
        score_sources: &[],
        score_source_names: &[],
        attributes: &[],
        check_attributes: no_attributes,
        feature_kinds: &[],
        edge_kinds: &[],
        counters: &[],
        build,
        ..ExpansionInfo::EMPTY
    }
}

static ALPHA: ExpansionInfo = info("alpha", &[], &[]);
static BETA: ExpansionInfo = info("beta", &["alpha"], &[]);
static GAMMA: ExpansionInfo = info("gamma", &[], &["alpha"]);
static PICKY: ExpansionInfo = ExpansionInfo {
    build: refuse,
    ..info("picky", &[], &[])
};

fn catalog() -> Catalog {
    let mut c = Catalog::default();
    for i in [&ALPHA, &BETA, &GAMMA, &PICKY] {
        c.add(i).unwrap();
    }
    c
}

fn setup_error(config_toml: &str) -> String {
    let config: GameConfig = toml::from_str(config_toml).expect("valid TOML");
    Rules::new(&catalog(), &config, &TileSource::default())
        .map(|_| ())
        .expect_err("must be refused")
        .to_string()
}

const TWO: &str = "[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n";

#[test]
fn a_full_configuration_file_is_read_and_flags_override_it() {
    let mut file = tempfile();
    write!(
        file.1,
        "seed = 9\nexpansions = [\"alpha\"]\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\nbot = \"greedy\"\n[variants.alpha]\nmode = \"wild\"\n"
    )
    .unwrap();
    let args = Overrides {
        config: Some(file.0.clone()),
        seed: Some(4),
        variants: vec!["alpha.mode=calm".into()],
        ..Overrides::default()
    };
    let config = game_config(&args).expect("reads");
    assert_eq!(config.seed, 4, "the flag wins over the file");
    assert_eq!(config.players[1].bot.as_deref(), Some("greedy"));
    assert_eq!(config.variants["alpha"]["mode"], "calm".into());
    assert!(Rules::new(&catalog(), &config, &TileSource::default()).is_ok());
}

#[test]
fn a_configuration_without_seats_plays_two_players() {
    let mut file = tempfile();
    writeln!(file.1, "seed = 5").unwrap();
    let args = Overrides {
        config: Some(file.0.clone()),
        ..Overrides::default()
    };
    let config = game_config(&args).expect("every key is optional, seats too");
    let names: Vec<&str> = config.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Player 1", "Player 2"]);
    let three = game_config(&Overrides {
        players: Some(3),
        ..args
    })
    .unwrap();
    assert_eq!(three.players.len(), 3, "--players still decides when given");
}

#[test]
fn unknown_key_in_the_file_names_line_and_column() {
    let mut file = tempfile();
    write!(file.1, "seed = 1\nexpansion = [\"alpha\"]\n").unwrap();
    let e = game_config(&Overrides {
        config: Some(file.0.clone()),
        ..Overrides::default()
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("line 2") && e.contains("unknown field `expansion`"), "{e}");
}

#[test]
fn unknown_expansion_lists_the_known_ones() {
    let e = setup_error(&format!("expansions = [\"delta\"]\n{TWO}"));
    assert_eq!(
        e,
        "unknown expansion `delta`; known expansions: alpha, beta, gamma, picky"
    );
}

#[test]
fn unknown_variant_lists_the_variants() {
    let e = setup_error(&format!(
        "expansions = [\"alpha\"]\n{TWO}[variants.alpha]\nspeed = \"fast\"\n"
    ));
    assert_eq!(
        e,
        "expansion `alpha` has no variant `speed`; its variants: mode, strength, loud"
    );
}

#[test]
fn unknown_variant_value_lists_the_values() {
    let e = setup_error(&format!(
        "expansions = [\"alpha\"]\n{TWO}[variants.alpha]\nmode = \"angry\"\n"
    ));
    assert_eq!(e, "variant `alpha.mode` cannot be `angry`; allowed: one of: calm, wild");
}

#[test]
fn typed_variants_refuse_values_outside_their_kind() {
    let e = setup_error(&format!(
        "expansions = [\"alpha\"]\n{TWO}[variants.alpha]\nstrength = 9\n"
    ));
    assert_eq!(
        e,
        "variant `alpha.strength` cannot be `9`; allowed: a whole number from 1 to 5"
    );
    let e = setup_error(&format!(
        "expansions = [\"alpha\"]\n{TWO}[variants.alpha]\nloud = \"yes\"\n"
    ));
    assert_eq!(e, "variant `alpha.loud` cannot be `yes`; allowed: true or false");
    let e = setup_error(&format!(
        "expansions = [\"alpha\"]\n{TWO}[variants.alpha]\nstrength = true\n"
    ));
    assert_eq!(
        e,
        "variant `alpha.strength` cannot be `true`; allowed: a whole number from 1 to 5"
    );
}

#[test]
fn typed_variants_are_played_as_typed_values_however_they_were_written() {
    let played = |config: &GameConfig| {
        let rules = Rules::new(&catalog(), config, &TileSource::default()).expect("valid");
        rules.config.variants["alpha"].clone()
    };
    // As TOML types, as text (records of older engines), and from flags.
    for text in ["strength = 4\nloud = true\n", "strength = \"4\"\nloud = \"true\"\n"] {
        let config: GameConfig =
            toml::from_str(&format!("expansions = [\"alpha\"]\n{TWO}[variants.alpha]\n{text}")).unwrap();
        let v = played(&config);
        assert_eq!(v["strength"], Value::Integer(4), "{text}");
        assert_eq!(v["loud"], Value::Bool(true), "{text}");
        assert_eq!(v["mode"], Value::Text("calm".into()), "defaults are stated too");
    }
    let args = Overrides {
        expansions: Some(vec!["alpha".into()]),
        players: Some(2),
        variants: vec!["alpha.strength=5".into(), "alpha.loud=false".into()],
        ..Overrides::default()
    };
    let v = played(&game_config(&args).expect("reads"));
    assert_eq!((&v["strength"], &v["loud"]), (&Value::Integer(5), &Value::Bool(false)));
    // A record states them as JSON numbers and booleans.
    let config: GameConfig = toml::from_str(&format!("expansions = [\"alpha\"]\n{TWO}")).unwrap();
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).unwrap();
    let json = serde_json::to_value(&rules.config).unwrap();
    assert_eq!(
        json["variants"]["alpha"],
        serde_json::json!({"loud": false, "mode": "calm", "strength": 2})
    );
}

#[test]
fn a_variant_whose_default_is_not_of_its_kind_is_refused_at_registration() {
    static BAD: ExpansionInfo = ExpansionInfo {
        variants: &[VariantDecl {
            name: "strength",
            label: "Strength",
            kind: ValueKind::Integer { min: 1, max: 5 },
            default: "six",
            description: "a whole number",
            earlier_defaults: &[],
        }],
        ..info("bad", &[], &[])
    };
    let e = Catalog::default().add(&BAD).unwrap_err().to_string();
    assert_eq!(
        e,
        "expansion `bad` declares variant `strength` with default `six`, which cannot be `six`; allowed: a whole number from 1 to 5"
    );
}

#[test]
fn missing_requirement_is_named() {
    let e = setup_error(&format!("expansions = [\"beta\"]\n{TWO}"));
    assert_eq!(
        e,
        "expansion `beta` requires `alpha`, which is not enabled; add it to the expansions"
    );
}

#[test]
fn conflict_is_named() {
    let e = setup_error(&format!("expansions = [\"gamma\", \"alpha\"]\n{TWO}"));
    assert_eq!(e, "expansions `gamma` and `alpha` cannot be played together");
}

#[test]
fn the_same_expansion_twice_is_refused() {
    assert_eq!(
        setup_error(&format!("expansions = [\"alpha\", \"alpha\"]\n{TWO}")),
        "expansion `alpha` is enabled twice"
    );
    assert_eq!(
        setup_error(&format!("expansions = [\"alpha\"]\ntiles_only = [\"alpha\"]\n{TWO}")),
        "expansion `alpha` is enabled twice"
    );
}

#[test]
fn variants_for_an_expansion_that_is_off_are_refused() {
    let e = setup_error(&format!("{TWO}[variants.alpha]\nmode = \"wild\"\n"));
    assert_eq!(
        e,
        "variants are given for `alpha`, which is not enabled; enable it too (`--expansions alpha`, or `expansions = [\"alpha\"]` in a configuration)"
    );
}

#[test]
fn an_expansion_refusing_its_variants_says_why() {
    let e = setup_error(&format!("expansions = [\"picky\"]\n{TWO}"));
    assert_eq!(
        e,
        "expansion `picky`: mode `calm` needs a barn, and no expansion in this game has one"
    );
}

#[test]
fn player_counts_outside_one_to_six_are_refused() {
    let seven: String = (1..=7).map(|i| format!("[[players]]\nname = \"P{i}\"\n")).collect();
    assert_eq!(
        setup_error(&seven),
        "a game needs 1 to 6 players (1 for a solo game), got 7"
    );
}

#[test]
fn malformed_variant_flag_is_explained() {
    let e = game_config(&Overrides {
        variants: vec!["alpha-mode".into()],
        ..Overrides::default()
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("write EXPANSION.NAME=VALUE"), "{e}");
}

#[test]
fn unknown_bot_is_refused() {
    let mut config = GameConfig::with_players(2);
    config.players[1].bot = Some("clever".into());
    let e = carcassonne_setup::session::bots_for(&config, "random")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("player 2 (Player 2): unknown bot `clever`"), "{e}");
    assert!(e.contains("bots: random, greedy, lookahead, mcts, mcts:N"), "{e}");
    // A malformed budget says what is wrong with it.
    config.players[1].bot = Some("mcts:lots".into());
    let e = carcassonne_setup::session::bots_for(&config, "random")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("`lots` is neither a number of iterations"), "{e}");
    // Every form of the search bot is accepted.
    for name in ["mcts", "mcts:50", "mcts:0.2s", "mcts:100:threads=2"] {
        config.players[1].bot = Some(name.into());
        assert!(
            carcassonne_setup::session::bots_for(&config, "greedy").is_ok(),
            "{name}"
        );
    }
}

/// A temporary file removed when the test ends.
fn tempfile() -> (std::path::PathBuf, std::fs::File, TempGuard) {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("carcassonne-config-{}-{n}.toml", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    (path.clone(), file, TempGuard(path))
}

struct TempGuard(std::path::PathBuf);

impl Drop for TempGuard {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The base game's variants go under `[variants.base]` (or
/// `--variant base.NAME=VALUE`), and figures per player under `[figures]`,
/// in the file as on the command line; one seat makes a solo game.
#[test]
fn base_variants_figures_and_a_single_seat_are_read_from_the_file() {
    let mut file = tempfile();
    write!(
        file.1,
        "[[players]]\nname = \"Solo\"\n[variants.base]\nfarmers = false\n[figures]\nfollower = 4\n"
    )
    .unwrap();
    let args = Overrides {
        config: Some(file.0.clone()),
        variants: vec!["base.tiny_city=true".into()],
        ..Overrides::default()
    };
    let config = game_config(&args).expect("reads");
    let rules = Rules::new(&catalog(), &config, &TileSource::default()).expect("a valid solo game");
    assert_eq!(rules.config.players.len(), 1);
    assert!(rules.base_rules().tiny_city);
    assert!(!rules.base_rules().farmers);
    assert_eq!(rules.figures()[0].per_player, 4);
    assert_eq!(rules.config.variants["base"]["tiny_city"], Value::Bool(true));
}

#[test]
fn mistakes_in_base_variants_and_figures_are_named() {
    assert_eq!(
        setup_error(&format!("{TWO}[variants.base]\ntiny_cities = true\n")),
        "the base game has no variant `tiny_cities`; its variants: tiny_city, farmers"
    );
    assert_eq!(
        setup_error(&format!("{TWO}[variants.base]\nfarmers = \"no\"\n")),
        "variant `base.farmers` cannot be `no`; allowed: true or false"
    );
    assert_eq!(
        setup_error(&format!("{TWO}[figures]\nfollowers = 3\n")),
        "[figures]: unknown figure `followers`; the figures of this game: follower"
    );
    assert_eq!(
        setup_error(&format!("{TWO}[figures]\nfollower = 99\n")),
        "[figures]: `follower` = 99: must be between 0 and 30 (0 takes the figure out of the game)"
    );
}
