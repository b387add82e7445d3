//! Hook declarations (`Expansion::hooks`): the engine calls only the hooks
//! an expansion names, and debug builds catch a hook that acts without
//! being named, instead of skipping it in silence as release builds do.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::tiles::{AttributeProblem, TileType};
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, CoreState, Ctx, Expansion, ExpansionInfo, FeatureKind, Game, GameConfig, Hooks, PlayError,
    Pos, Rotation, Rules, TileSource,
};
use std::sync::Arc;

/// One point per tile placed, given in `tile_placed`; optionally forbids
/// every placement left of the start tile. What it declares is chosen per
/// test through its variant.
struct Tally {
    declared: Hooks,
}

impl Expansion for Tally {
    type State = u32;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> u32 {
        0
    }

    fn hooks(&self) -> Hooks {
        self.declared
    }

    fn tile_placed(&self, placed_so_far: &mut u32, ctx: &mut Ctx<'_>, _placed: carcassonne_core::board::PlacedTile) {
        *placed_so_far += 1;
        let player = ctx.view().turn().player;
        ctx.score(player, 1, "");
    }

    fn placement_allowed(&self, _: &u32, _: &CoreState, _: &TileType, pos: Pos, _: Rotation) -> bool {
        pos.x >= 0
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let declared = match ctx.variant("declares") {
        "all" => Hooks::ALL,
        "placed" => Hooks::TILE_PLACED,
        "placed-and-veto" => Hooks::TILE_PLACED | Hooks::PLACEMENT_ALLOWED,
        "veto" => Hooks::PLACEMENT_ALLOWED,
        other => return Err(format!("unknown declaration {other}")),
    };
    Ok(expansion::boxed(Tally { declared }))
}

static TALLY: ExpansionInfo = ExpansionInfo {
    id: "tally",
    name: "Tally",
    version: "0.0.0",
    description: "a point per tile, to test hook declarations",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[carcassonne_core::VariantDecl {
        name: "declares",
        label: "Declares",
        kind: carcassonne_core::ValueKind::one_of(&["all", "placed", "veto", "placed-and-veto"]),
        default: "all",
        description: "which hooks it declares",
        earlier_defaults: &[],
    }],
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

fn rules(declares: &str) -> Arc<Rules> {
    let mut catalog = Catalog::default();
    catalog.add(&TALLY).expect("a new id");
    let mut config = GameConfig::with_players(2);
    config.seed = 4;
    config.expansions = vec!["tally".into()];
    config
        .variants
        .entry("tally".into())
        .or_default()
        .insert("declares".into(), declares.into());
    Arc::new(Rules::new(&catalog, &config, &TileSource::default()).expect("rules"))
}

/// Plays one full random game, returning the error if one stops it.
fn play(declares: &str) -> Result<Game, PlayError> {
    playout::random_game(&rules(declares), Mode::Full, 9, &mut Vec::new())
}

#[test]
fn declared_hooks_run_and_score() {
    for declares in ["all", "placed-and-veto"] {
        let game = play(declares).expect("the game plays");
        let placed = game.state().board().tiles().len() as i32 - 1;
        let source = game
            .rules()
            .score_sources()
            .iter()
            .position(|s| s == "tally")
            .expect("a tally source");
        let tally: i32 = (0..2).map(|p| game.state().breakdown(p)[source]).sum();
        assert_eq!(tally, placed, "{declares}: one tally point per placed tile");
        let left_of_start = game.state().board().tiles().iter().filter(|t| t.pos.x < 0).count();
        assert_eq!(left_of_start, 0, "{declares}: the veto holds");
    }
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn an_undeclared_hook_that_acts_fails_the_game_naming_the_constant() {
    let err = play("veto").expect_err("tile_placed scores but is not declared");
    assert_eq!(
        err,
        PlayError::ExpansionFailed {
            expansion: "tally".into(),
            message: "hook `tile_placed` panicked: `tile_placed` acts, but `hooks()` does not list it: add \
                      `Hooks::TILE_PLACED`"
                .into(),
        }
    );
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn an_undeclared_veto_fails_the_game_naming_the_constant() {
    let err = play("placed").expect_err("placement_allowed vetoes but is not declared");
    let PlayError::ExpansionFailed { message, .. } = err else {
        panic!("{err:?}");
    };
    assert!(message.ends_with("add `Hooks::PLACEMENT_ALLOWED`"), "{message}");
}

#[test]
fn hook_sets_combine_and_print_their_names() {
    let set = Hooks::TILE_PLACED | Hooks::OBSERVE;
    assert!(set.contains(Hooks::TILE_PLACED) && set.contains(Hooks::OBSERVE));
    assert!(!set.contains(Hooks::FINAL_SCORING));
    assert!(Hooks::ALL.contains(set) && !set.contains(Hooks::ALL));
    assert!(set.contains(Hooks::NONE));
    assert_eq!(format!("{set:?}"), "Hooks(TILE_PLACED | OBSERVE)");
    assert_eq!(format!("{:?}", Hooks::NONE), "Hooks()");
    assert_eq!(format!("{:?}", Hooks::ALL).matches('|').count(), 16, "17 hooks");
}
