//! A tile an expansion hands the turn's player instead of a draw
//! (`Expansion::supplied_tile`): it is the turn's tile of the core's own
//! placement decision, listed, checked and played as a drawn one, in whole
//! moves too, leaves the tiles set aside, and records replay it.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, CoreState, Ctx, Decision, Event, Expansion, ExpansionInfo, FeatureKind, Game, GameConfig,
    GameRecord, Hooks, Rules, SuppliedTile, TileSource,
};
use std::sync::Arc;

/// At the end of the first turn takes one tile from the bag
/// (`Ctx::bury_tile`) and hands it to the second player as their next
/// turn's tile.
struct Hoard;

impl Expansion for Hoard {
    type State = Option<u16>;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Option<u16> {
        None
    }

    fn hooks(&self) -> Hooks {
        Hooks::END_OF_TURN | Hooks::OBSERVE
    }

    fn end_of_turn(&self, _: &mut Option<u16>, ctx: &mut Ctx<'_>) {
        if ctx.view().turn().number == 1 {
            ctx.bury_tile();
        }
    }

    fn observe(&self, held: &mut Option<u16>, _view: &CoreState, event: &Event) {
        match *event {
            Event::TileBuried { tile, .. } => *held = Some(tile),
            Event::TileSupplied { tile, .. } if *held == Some(tile) => *held = None,
            _ => {}
        }
    }

    fn supplies_tiles(&self) -> Option<&'static str> {
        Some("the hoarded tile")
    }

    fn supplied_tile(&self, held: &Option<u16>, _view: &CoreState, player: u8) -> Option<SuppliedTile> {
        let tile = (*held).filter(|_| player == 1)?;
        Some(SuppliedTile { tile, mandatory: true })
    }

    fn holds_tiles(&self, held: &Option<u16>, _view: &CoreState, player: u8) -> bool {
        player == 1 && held.is_some()
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Hoard))
}

static HOARD: ExpansionInfo = ExpansionInfo {
    id: "hoard",
    name: "Hoard",
    version: "0.0.0",
    description: "the second player's second turn places a tile taken from the bag at the end of the first",
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

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&HOARD).expect("a new id");
    catalog
}

fn rules(seed: u64) -> Arc<Rules> {
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    config.expansions = vec!["hoard".into()];
    Arc::new(Rules::new(&catalog(), &config, &TileSource::default()).expect("rules"))
}

/// Plays the first choice of every decision until `stop` says so.
fn play_until(game: &mut Game, record: &mut GameRecord, stop: impl Fn(&Game) -> bool) {
    let mut options = Vec::new();
    while !game.is_over() && !stop(game) {
        game.legal_actions(&mut options);
        let action = options[0].clone();
        record.moves.push(game.move_of(&action));
        game.play(&action).expect("a listed option");
    }
}

#[test]
fn the_supplied_tile_is_the_turns_tile_of_the_core_placement_decision() {
    let mut placed = 0;
    for seed in 0..8 {
        let rules = rules(seed);
        let mut game = Game::new(rules.clone()).expect("game");
        let mut record = GameRecord::of_rules(&rules);
        play_until(&mut game, &mut record, |g| g.state().turn().number == 2);
        let events = game.last_events().to_vec();
        let buried: Vec<u16> = events
            .iter()
            .filter_map(|e| match e {
                Event::TileBuried { tile, .. } => Some(*tile),
                _ => None,
            })
            .collect();
        assert_eq!(buried.len(), 1, "seed {seed}: one tile taken from the bag: {events:?}");
        let tile = buried[0];
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::TileSupplied { player: 1, tile: t, mandatory: true, .. } if *t == tile)),
            "seed {seed}: {events:?}"
        );
        assert!(
            !events.iter().any(|e| matches!(e, Event::TileDrawn { .. })),
            "nothing drawn"
        );
        assert!(
            game.state().set_aside().is_empty(),
            "the supplied tile left the tiles set aside"
        );
        assert_eq!(
            game.state().turn().supplied,
            Some(SuppliedTile { tile, mandatory: true })
        );
        if game.decision() != Some(Decision::Place { player: 1, tile }) {
            // It fit nowhere: discarded as a drawn tile is, and a tile drawn.
            assert_eq!(game.state().discarded(), [tile], "seed {seed}");
            continue;
        }
        placed += 1;
        // The whole moves are the two-step API's: each plays on a copy.
        let mut moves = Vec::new();
        game.moves(&mut moves);
        assert!(!moves.is_empty());
        for m in &moves {
            let mut copy = game.clone();
            copy.play_move(m).expect("a listed whole move plays");
            assert_eq!(copy.state().board().get(m.pos).map(|p| p.tile), Some(tile));
        }
        play_until(&mut game, &mut record, |g| g.state().turn().number == 3);
        assert!(game.state().turn().supplied.is_none(), "turn 3 draws");
        // The record replays to the same game.
        let replayed = record.replay(&catalog(), &TileSource::default()).expect("replays");
        assert_eq!(replayed.state().board().tiles(), game.state().board().tiles());
        assert_eq!(replayed.state().tiles_left(), game.state().tiles_left());
    }
    assert!(placed > 0, "no supplied tile was placed");
}
