//! Seeded random games with The Princess & the Dragon keep the invariants
//! of any game (the test kit's harness: figures conserved, scores that
//! never fall, hooks declared) and its own: one dragon and one fairy at
//! most on the board, every dragon tile placed once the dragon is in play.

use carcassonne_core::figures::Spot;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Decision, Deployment, Game, GameConfig, Value, toml};
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_princess_and_the_dragon::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 3);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no dragon, fairy or princess decision in {players}-player games: {played:?}"
        );
    }
}

#[test]
fn every_variant_keeps_the_invariants() {
    for (name, value) in [
        ("dragon_moves", "after-scoring"),
        ("princess", "must"),
        ("fairy_final_scoring", "false"),
        ("fairy_placement", "on-tile"),
    ] {
        let mut config = game_config(3, 7, &[INFO.id]);
        config.variants.entry(INFO.id.into()).or_default().insert(
            name.into(),
            value.parse::<bool>().map_or(Value::Text(value.into()), Value::Bool),
        );
        random_games(&kit(), &config, 2);
    }
}

/// Each part alone, and each part off: the hooks of a part switched off do
/// nothing (debug builds call every hook and fail one that acts unlisted).
#[test]
fn each_part_on_or_off_keeps_the_invariants() {
    let parts = ["dragon", "fairy", "princess", "portal"];
    for (i, part) in parts.iter().enumerate() {
        for alone in [true, false] {
            let mut config = GameConfig::with_players(3);
            config.seed = 30 + i as u64;
            config.expansions = vec![INFO.id.into()];
            let switches = config.parts.entry(INFO.id.into()).or_default();
            for other in parts {
                switches.insert(other.into(), if other == *part { alone } else { !alone });
            }
            random_games(&kit(), &config, 2);
        }
    }
}

/// Whether the tile just placed in `game` shows a magic portal.
fn portal_placed(game: &Game) -> bool {
    let view = game.state();
    view.placed_this_turn().is_some_and(|placed| {
        view.tables()
            .tile(placed.tile)
            .def
            .attribute(INFO.id)
            .and_then(|a| a.get("portal"))
            .and_then(toml::Value::as_bool)
            == Some(true)
    })
}

/// The portal answers the engine's check of a deployment directly
/// (`offers_deployment`) instead of listing every open feature of the
/// board: over random games, every deployment of every figure kind on
/// every feature of every tile (and one feature past the tile's last) is
/// accepted by the check exactly when the listing holds it.
#[test]
fn the_portal_check_agrees_with_its_listing() {
    let kit = kit();
    let (mut portal_turns, mut through_portal, mut refused) = (0, 0, 0);
    for seed in 0..6 {
        let rules = kit.rules(&game_config(2 + seed as usize % 3, 40 + seed, &[INFO.id]));
        let mut game = Game::new(rules).expect("a game");
        let mut rng = GameRng::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            if let (Some(Decision::Deploy { pos: here, .. }), true) = (game.decision(), portal_placed(&game)) {
                portal_turns += 1;
                let view = game.state();
                let kinds = view.tables().figures().len() as u8;
                for placed in view.board().tiles() {
                    let features = view.tables().tile(placed.tile).feature_kinds().len() as u8;
                    for fi in 0..=features {
                        for figure in 0..kinds {
                            let d = Deployment {
                                figure,
                                pos: placed.pos,
                                spot: Spot::Feature(fi),
                            };
                            let action = Action::Deploy(d);
                            let listed = options.contains(&action);
                            assert_eq!(
                                game.check(&action).is_ok(),
                                listed,
                                "seed {seed}: {d:?} (listed: {listed})"
                            );
                            match listed {
                                true if placed.pos != here => through_portal += 1,
                                false => refused += 1,
                                true => {}
                            }
                        }
                    }
                }
            }
            let choice = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&choice).expect("a listed option plays");
        }
    }
    assert!(
        portal_turns > 0 && through_portal > 0 && refused > 0,
        "portal turns {portal_turns}, deployments through the portal {through_portal}, refused {refused}"
    );
}
