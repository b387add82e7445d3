//! Seeded random games with The Cult keep the invariants of any game (the
//! test kit's harness), its placement rule among them: no shrine ends up
//! next to two cloisters, nor a cloister next to two shrines.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{FeatureKind, Game, Pos};
use carcassonne_cult::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 4);
        assert!(
            played.points_by_source.get("cloisters").copied().unwrap_or(0) > 0,
            "no cloister or shrine scored in {players}-player games: {played:?}"
        );
    }
}

/// Whether the tile at `pos` holds a cloister, and whether it is a shrine.
fn building(game: &Game, pos: Pos) -> Option<bool> {
    let view = game.state();
    let placed = view.board().get(pos)?;
    let tile = view.tables().tile(placed.tile);
    tile.def
        .features
        .iter()
        .any(|f| f.kind == FeatureKind::CLOISTER)
        .then(|| tile.def.attribute(INFO.id).is_some())
}

#[test]
fn no_building_faces_two_opponents_in_played_games() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut buildings = 0;
    for seed in 0..6 {
        let mut game = Game::new(kit.rules(&game_config(2, seed, &[INFO.id]))).expect("a game");
        let mut rng = GameRng::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let choice = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&choice).expect("a listed option plays");
        }
        for placed in game.state().board().tiles() {
            let Some(shrine) = building(&game, placed.pos) else {
                continue;
            };
            buildings += 1;
            let opponents = placed
                .pos
                .ring()
                .filter(|&p| building(&game, p) == Some(!shrine))
                .count();
            assert!(opponents <= 1, "seed {seed}: {:?} faces {opponents}", placed.pos);
        }
    }
    assert!(buildings > 0);
}
