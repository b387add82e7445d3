//! Another turn for the same player (`Ctx::take_another_turn`, a builder's
//! second tile): who plays after whom, the `extra` mark that keeps a rule
//! from granting a third, undo across it, and records that replay it.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Event, Expansion, ExpansionInfo, FeatureKind, Game, GameConfig, GameRecord, Hooks,
    Rules, TileSource,
};
use std::sync::Arc;

/// Grants the turn's player another turn on every turn that is not itself
/// one, asking twice to show that twice is still one.
struct Encore;

impl Expansion for Encore {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::END_OF_TURN
    }

    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, _: &mut (), ctx: &mut Ctx<'_>, _placed: carcassonne_core::board::PlacedTile) {
        if !ctx.view().turn().extra {
            ctx.take_another_turn();
        }
    }

    fn end_of_turn(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        if !ctx.view().turn().extra {
            ctx.take_another_turn();
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Encore))
}

static ENCORE: ExpansionInfo = ExpansionInfo {
    id: "encore",
    name: "Encore",
    version: "0.0.0",
    description: "every turn is followed by another of the same player",
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
    build,
    ..ExpansionInfo::EMPTY
};

fn rules(players: usize) -> Arc<Rules> {
    let mut catalog = Catalog::default();
    catalog.add(&ENCORE).expect("a new id");
    let mut config = GameConfig::with_players(players);
    config.seed = 11;
    config.expansions = vec!["encore".into()];
    Arc::new(Rules::new(&catalog, &config, &TileSource::default()).expect("rules"))
}

/// A game played to its end with the `seed`-th choice at each decision
/// (a small linear congruential pick), with its record and the (player,
/// extra) of each turn as the events told them.
fn played(rules: &Arc<Rules>, seed: u64) -> (Game, GameRecord, Vec<(u8, bool)>) {
    let mut game = Game::new(rules.clone()).expect("game");
    let mut record = GameRecord::of_rules(rules);
    let mut turns = Vec::new();
    let mut extra = false;
    let mut pick = seed;
    let mut options = Vec::new();
    let mut note = |events: &[Event], turns: &mut Vec<(u8, bool)>| {
        for e in events {
            match e {
                Event::ExtraTurn { .. } => extra = true,
                Event::TurnStarted { player } => {
                    turns.push((*player, extra));
                    extra = false;
                }
                _ => {}
            }
        }
    };
    note(game.last_events(), &mut turns);
    while !game.is_over() {
        game.legal_actions(&mut options);
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let action = options[(pick >> 33) as usize % options.len()].clone();
        record.moves.push(game.move_of(&action));
        game.play(&action).expect("a legal option");
        note(game.last_events(), &mut turns);
    }
    (game, record, turns)
}

#[test]
fn each_turn_is_followed_by_one_more_of_the_same_player_and_no_third() {
    let (_, _, turns) = played(&rules(3), 5);
    assert!(turns.len() > 60, "a whole game: {} turns", turns.len());
    for (i, &(player, extra)) in turns.iter().enumerate() {
        // Turns go A, A again, B, B again, C, C again, A …
        assert_eq!(player as usize, (i / 2) % 3, "turn {i}");
        assert_eq!(extra, i % 2 == 1, "turn {i}: every second turn is the extra one");
    }
}

#[test]
fn the_turn_says_it_is_the_extra_one_and_undo_takes_it_back() {
    let mut game = Game::new(rules(2)).expect("game");
    game.set_undoable(true);
    let mut options = Vec::new();
    let mut seen = Vec::new();
    // Ann's first turn, then her extra one, then Bob's.
    while seen.len() < 5 {
        let turn = game.state().turn();
        if seen.last() != Some(&(turn.number, turn.player, turn.extra)) {
            seen.push((turn.number, turn.player, turn.extra));
        }
        game.legal_actions(&mut options);
        game.play(&options[0]).expect("legal");
    }
    assert_eq!(
        seen,
        [(1, 0, false), (2, 0, true), (3, 1, false), (4, 1, true), (5, 0, false)]
    );
    // Back to the middle of Ann's extra turn: it is hers, and still marked.
    while game.state().turn().number > 2 {
        assert!(game.undo());
    }
    assert_eq!((game.state().turn().player, game.state().turn().extra), (0, true));
}

#[test]
fn a_record_with_extra_turns_replays_to_the_same_game() {
    let rules = rules(2);
    let (game, record, _) = played(&rules, 8);
    let mut catalog = Catalog::default();
    catalog.add(&ENCORE).expect("a new id");
    let again = record.replay(&catalog, &TileSource::default()).expect("replays");
    assert!(again.is_over());
    assert_eq!(again.state().turn().number, game.state().turn().number);
    for p in 0..2 {
        assert_eq!(again.state().score(p), game.state().score(p));
        assert_eq!(again.state().breakdown(p), game.state().breakdown(p));
    }
    assert_eq!(again.state().board().tiles(), game.state().board().tiles());
}
