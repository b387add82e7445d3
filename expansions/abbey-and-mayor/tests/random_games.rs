//! Whole games between random bots, with the expansion's invariants checked
//! at every turn boundary.

use carcassonne_abbey_and_mayor as am;
use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::tiles::FeatureKind;
use carcassonne_core::{Action, Catalog, Decision, Event, FigureClass, Game, Rules, Side, TileSource};
use carcassonne_testkit::game_config;
use std::path::PathBuf;
use std::sync::Arc;

fn new_game(seed: u64, players: usize) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(&am::INFO).unwrap();
    let config = game_config(players, seed, &[am::ID]);
    let tiles = TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    };
    Game::new(Arc::new(Rules::new(&catalog, &config, &tiles).unwrap())).unwrap()
}

/// No farmer stands in a farm that holds a barn.
fn no_farmer_with_a_barn(game: &Game) {
    let s = game.state();
    let barn = game.rules().figure_index(am::BARN).unwrap();
    let figures = game.rules().figures();
    for b in s.figures().iter().filter(|f| f.kind == barn) {
        let carcassonne_core::figures::Spot::Corner(c) = b.spot else {
            panic!("a barn stands on a corner");
        };
        // The barn's farm: the field on the barn's corner of its tile.
        let seg = [0usize, 3, 6, 9][c as usize];
        let placed = s.board().get(b.pos).unwrap();
        let fi = game
            .rules()
            .tile(placed.tile)
            .feature_at(placed.rotation, carcassonne_core::Segment::from_index(seg))
            .unwrap();
        let farm = placed.first_node + fi as u32;
        assert_eq!(s.features().kind(farm), FeatureKind::FIELD);
        let farmers = s
            .figures_in(farm)
            .filter(|f| figures[f.kind as usize].class == FigureClass::Follower)
            .count();
        assert_eq!(farmers, 0, "farmers share a farm with the barn at {}", b.pos);
    }
}

#[test]
fn random_games_keep_the_rules() {
    let mut abbeys_placed = 0;
    let mut barns_placed = 0;
    for seed in 0..24u64 {
        let players = 2 + (seed % 5) as usize;
        let mut game = new_game(seed, players);
        let mut bot = RandomBot::new(seed + 1000);
        let abbey = game.rules().tile_by_id(am::ABBEY_TILE).unwrap().index;
        let mut options: Vec<Action> = Vec::new();
        while !game.is_over() {
            if matches!(
                game.decision(),
                Some(Decision::Place { .. } | Decision::Expansion { .. })
            ) {
                no_farmer_with_a_barn(&game);
            }
            game.legal_actions(&mut options);
            let choice = bot.choose(&game, &options);
            game.play(&options[choice]).unwrap();
            for e in game.last_events() {
                if let Event::TilePlaced { tile, pos, .. } = *e
                    && tile == abbey
                {
                    abbeys_placed += 1;
                    let s = game.state();
                    assert!(Side::ALL.iter().all(|&side| s.board().is_occupied(pos.step(side))));
                }
            }
        }
        let slot = game.rules().expansion_slot(am::ID).unwrap();
        let public = game.public_expansion_state(slot);
        let left: u64 = public["abbeys_left"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .sum();
        let on_board = game.state().board().tiles().iter().filter(|t| t.tile == abbey).count() as u64;
        assert_eq!(left + on_board, players as u64, "one abbey a player");
        let barn = game.rules().figure_index(am::BARN).unwrap();
        let barns = game.state().figures().iter().filter(|f| f.kind == barn).count();
        assert_eq!(public["barns"].as_array().unwrap().len(), barns);
        barns_placed += barns;
    }
    // The random games exercise both pieces.
    assert!(
        abbeys_placed > 0 && barns_placed > 0,
        "{abbeys_placed} abbeys, {barns_placed} barns"
    );
}
