//! `Game::play_sampled` and `Game::play_listed`: an expansion's drawn or
//! picked option reaches its `play` typed and unchecked, so debug builds
//! check a draw against `is_option`; a pick sees the count of the options
//! `legal_actions` lists, in their order; and a decision with nothing drawn
//! is left to the caller.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::rng::GameRng;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Decision, Expansion, ExpansionInfo, Game, Hooks, PlayError, Rules, ValueKind,
    VariantDecl,
};
use std::sync::Arc;

mod common;
use common::rules_with;

/// After every placement its player picks a number from 1 to 3, which
/// scores that many points; how it draws one is the variant.
struct PickANumber {
    draw: Draw,
}

#[derive(Clone, Copy, PartialEq)]
enum Draw {
    /// Uniformly among 1, 2 and 3.
    Fair,
    /// Always 4, which is no option.
    Four,
    /// Never: the caller lists the options.
    Nothing,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
struct Asked {
    player: Option<u8>,
}

impl Expansion for PickANumber {
    type State = Asked;
    type Action = u8;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Asked {
        Asked::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn tile_placed(&self, asked: &mut Asked, ctx: &mut Ctx<'_>, _placed: PlacedTile) {
        let player = ctx.view().turn().player;
        asked.player = Some(player);
        ctx.ask(player);
    }

    fn options(&self, asked: &Asked, _view: &CoreState, player: u8, out: &mut Vec<u8>) {
        if asked.player == Some(player) {
            out.extend([1, 2, 3]);
        }
    }

    fn sample_option(&self, asked: &Asked, _view: &CoreState, player: u8, rng: &mut GameRng) -> Option<u8> {
        if asked.player != Some(player) {
            return None;
        }
        match self.draw {
            Draw::Fair => Some(1 + rng.below(3) as u8),
            Draw::Four => Some(4),
            Draw::Nothing => None,
        }
    }

    fn play(&self, asked: &mut Asked, ctx: &mut Ctx<'_>, player: u8, number: &u8) {
        asked.player = None;
        ctx.score(player, i32::from(*number), "");
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let draw = match ctx.variant("draw") {
        "four" => Draw::Four,
        "nothing" => Draw::Nothing,
        _ => Draw::Fair,
    };
    Ok(expansion::boxed(PickANumber { draw }))
}

static PICK_A_NUMBER: ExpansionInfo = ExpansionInfo {
    id: "pick-a-number",
    name: "Pick a number",
    version: "0.0.0",
    description: "a number to pick after every placement, to test sampled decisions",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[VariantDecl {
        name: "draw",
        label: "Draw",
        kind: ValueKind::one_of(&["fair", "four", "nothing"]),
        default: "fair",
        description: "how sample_option draws",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[""],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn rules(draw: &str) -> Arc<Rules> {
    Arc::new(rules_with(&PICK_A_NUMBER, 9, &[("draw", draw)]).expect("rules"))
}

fn picked_points(game: &Game) -> i32 {
    let source = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "pick-a-number")
        .expect("its source");
    (0..2).map(|p| game.state().breakdown(p)[source]).sum()
}

#[test]
fn a_sampled_playout_plays_every_drawn_number() {
    let game = playout::random_game(&rules("fair"), Mode::Sampled, 4, &mut Vec::new()).expect("plays");
    let placements = game.state().board().tiles().len() as i32 - 1;
    let points = picked_points(&game);
    assert!(
        (placements..=3 * placements).contains(&points) && points != placements && points != 3 * placements,
        "{points} points for {placements} picks of 1 to 3"
    );
}

#[test]
fn a_draw_of_nothing_leaves_the_decision_to_the_caller() {
    let mut game = Game::new(rules("nothing")).expect("starts");
    let mut rng = GameRng::new(1);
    let mut options = Vec::new();
    let mut decisions = 0;
    while !game.is_over() {
        let asked = matches!(game.decision(), Some(Decision::Expansion { .. }));
        let before = game.state().turn().clone();
        assert!(game.play_sampled(&mut rng).is_none(), "nothing drawn, nothing played");
        assert_eq!(game.state().turn(), &before, "the game is as it was");
        decisions += usize::from(asked);
        game.legal_actions(&mut options);
        game.play(&options[rng.below(options.len() as u32) as usize].clone())
            .expect("plays");
    }
    assert!(decisions > 30, "{decisions} numbers picked");
    // A sampled playout lists them then.
    let game = playout::random_game(&rules("nothing"), Mode::Sampled, 4, &mut Vec::new()).expect("plays");
    assert!(picked_points(&game) > 30);
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn a_drawn_number_that_is_no_option_fails_the_expansion() {
    let err = playout::random_game(&rules("four"), Mode::Sampled, 4, &mut Vec::new()).expect_err("4 is no option");
    assert_eq!(
        err,
        PlayError::ExpansionFailed {
            expansion: "pick-a-number".into(),
            message: "hook `sample_option` panicked: `sample_option` drew 4, which `is_option` refuses".into(),
        }
    );
}

#[test]
fn a_listed_pick_plays_the_option_at_its_index() {
    let mut game = Game::new(rules("fair")).expect("starts");
    let mut options = Vec::new();
    let mut picked = 0;
    while !game.is_over() {
        if matches!(game.decision(), Some(Decision::Expansion { .. })) {
            let index = picked % 3;
            let before = picked_points(&game);
            let mut counted = 0;
            let played = game.play_listed(|n| {
                counted = n;
                index
            });
            played.expect("a number to pick").expect("plays");
            assert_eq!(counted, 3, "the pick sees 1, 2 and 3");
            assert_eq!(
                picked_points(&game) - before,
                index as i32 + 1,
                "option {index} is {}",
                index + 1
            );
            picked += 1;
            continue;
        }
        assert!(
            game.play_listed(|_| 0).is_none(),
            "only an expansion's decision is listed so"
        );
        game.legal_actions(&mut options);
        game.play(&options[0].clone()).expect("plays");
    }
    assert!(picked > 30, "{picked} numbers picked");
}
