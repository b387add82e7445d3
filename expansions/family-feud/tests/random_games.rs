//! Seeded random games with Family Feud keep the invariants of any game (the
//! test kit's harness), and no city on the board ever holds coats of arms
//! of both families.

use carcassonne_core::features::NodeId;
use carcassonne_core::{Action, FeatureKind, Game, GameConfig};
use carcassonne_family_feud::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};
use std::sync::Arc;

fn config(players: usize, seed: u64) -> GameConfig {
    game_config(players, seed, &[INFO.id])
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &config(players, seed), 2);
        assert!(
            played.points_by_source.get("cities").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}

/// The families in the city of `node`: bit 0 blue (a coat of arms printed
/// on a tile of another set), bit 1 red (this set's).
fn families(game: &Game, node: NodeId) -> u8 {
    let view = game.state();
    let mut found = 0;
    for member in view.features().members(node) {
        let placed = view.tile_of_node(member);
        let tile = view.tables().tile(placed.tile);
        let fi = view.feature_index(member);
        if tile.pennants(fi) > 0 {
            found |= if tile.set == "family-feud" { 2 } else { 1 };
        }
    }
    found
}

/// Random games where the players lay the set's tiles next to the others':
/// after every placement no city mixes the families, and some placements
/// that fit by their edges were refused by the rule.
#[test]
fn no_city_ever_holds_both_families() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut refused = 0;
    let mut red_cities = 0;
    for seed in 0..6 {
        let rules = kit.rules(&config(2, seed));
        let mut game = Game::new(Arc::clone(&rules)).expect("a game");
        let mut rng = carcassonne_core::rng::GameRng::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            if matches!(options.first(), Some(Action::Place { .. })) {
                // Every placement that fits by its edges and is not listed
                // was refused by the feud rule (no other expansion plays).
                let view = game.state();
                let tile = view.tables().tile(view.turn().drawn.expect("a drawn tile"));
                view.board().for_each_fit(tile, |pos, r| {
                    let rotation = tile.canonical(r);
                    if !options.contains(&Action::Place { pos, rotation }) {
                        refused += 1;
                    }
                });
            }
            let choice = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&choice).expect("a listed option is legal");
            let view = game.state();
            for node in 0..view.features().len() as NodeId {
                if view.features().kind(node) == FeatureKind::CITY && view.features().root(node) == node {
                    let f = families(&game, node);
                    assert_ne!(f, 3, "seed {seed}: a city holds both families");
                    red_cities += usize::from(f == 2);
                }
            }
        }
    }
    assert!(refused > 0, "the rule refused no placement in these games");
    assert!(red_cities > 0);
}
