//! The harness catches what it promises to: an expansion that takes points
//! away, and one that acts in a hook it did not declare (debug builds).

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{BuildContext, Ctx, Expansion, ExpansionInfo, GameConfig, toml};
use carcassonne_testkit::{Kit, RecordBuilder, points, random_games};

/// Scores `points` for the placer of every tile; declares `hooks`.
struct Scorer {
    points: i32,
    hooks: Hooks,
}

impl Expansion for Scorer {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        self.hooks
    }

    fn tile_placed(&self, _state: &mut (), ctx: &mut Ctx<'_>, _placed: PlacedTile) {
        let player = ctx.view().turn().player;
        ctx.score(player, self.points, "");
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

macro_rules! scorer {
    ($name:ident, $id:literal, $points:expr, $hooks:expr) => {
        static $name: ExpansionInfo = ExpansionInfo {
            id: $id,
            name: $id,
            version: "0.1.0",
            description: "a test expansion",
            requires: &[],
            conflicts: &[],
            tile_files: &[],
            variants: &[],
            figures: &[],
            parts: &[],
            score_sources: &[""],
            score_source_names: &[],
            attributes: &[],
            check_attributes: no_attributes,
            feature_kinds: &[],
            edge_kinds: &[],
            counters: &[],
            build: |_: &BuildContext| -> Result<Box<dyn DynExpansion>, String> {
                Ok(expansion::boxed(Scorer {
                    points: $points,
                    hooks: $hooks,
                }))
            },
            ..ExpansionInfo::EMPTY
        };
    };
}

scorer!(GIVER, "giver", 1, Hooks::TILE_PLACED);
scorer!(TAKER, "taker", -1, Hooks::TILE_PLACED);
scorer!(UNDECLARED, "undeclared", 1, Hooks::NONE);

fn config(id: &str) -> GameConfig {
    let mut config = GameConfig::with_players(2);
    config.expansions = vec![id.to_string()];
    config
}

#[test]
fn an_honest_expansion_passes_and_its_points_are_counted() {
    let kit = Kit::new(&GIVER, env!("CARGO_MANIFEST_DIR"));
    let played = random_games(&kit, &config("giver"), 2);
    // One point for every tile placed after the start tile.
    assert_eq!(played.by_kind["place"] as i64, played.points_by_source["giver"]);
    let game = kit
        .replay_record(
            &RecordBuilder::new(&["Ann", "Bob"])
                .expansion("giver")
                .draw_order(&["D", "D"])
                .place("D", (1, 0), 0)
                .pass()
                .place("D", (-1, 0), 0)
                .pass()
                .build(),
        )
        .unwrap();
    assert_eq!((points(&game, 0, "giver"), points(&game, 1, "giver")), (1, 1));
}

#[test]
#[should_panic(expected = "score fell")]
fn falling_scores_are_caught() {
    random_games(&Kit::new(&TAKER, env!("CARGO_MANIFEST_DIR")), &config("taker"), 1);
}

#[test]
#[cfg_attr(debug_assertions, should_panic(expected = "hooks()"))]
fn an_undeclared_hook_that_acts_is_caught_in_debug_builds() {
    random_games(
        &Kit::new(&UNDECLARED, env!("CARGO_MANIFEST_DIR")),
        &config("undeclared"),
        1,
    );
}
