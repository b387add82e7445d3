//! Seeded random games with Under the Big Top keep the invariants of any
//! game (the test kit's harness), and its own: the animal tokens revealed
//! and those not yet revealed always make the box's 16, no acrobat space
//! ever holds more than three, and over the games the big top scores,
//! pyramids are scored by choice, ringmasters earn their bonus and
//! followers go onto acrobat spaces round the new tile.

use carcassonne_core::figures::Spot;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Event, Game, GameConfig};
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_under_the_big_top::{INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game_and_every_rule_happens() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 4);
        for source in ["big-top", "acrobats", "ringmaster"] {
            let key = format!("under-the-big-top.{source}");
            assert!(
                played.points_by_source.get(&key).copied().unwrap_or(0) > 0,
                "{players} players: nothing scored under {key}: {played:?}"
            );
        }
        assert!(
            played.deployed.get("ringmaster").copied().unwrap_or(0) > 0,
            "{players} players: no ringmaster deployed: {played:?}"
        );
    }
}

#[test]
fn the_fan_set_and_other_variants_play_too() {
    let mut config = game_config(3, 40, &[INFO.id]);
    let mut variants = std::collections::BTreeMap::new();
    variants.insert("tile_set".to_string(), "fcz-c1".into());
    variants.insert("acrobats_final_scoring".to_string(), "full".into());
    variants.insert("big_top_final_scoring".to_string(), false.into());
    config.variants.insert(INFO.id.into(), variants);
    let played = random_games(&kit(), &config, 2);
    assert!(played.points_by_source["under-the-big-top.big-top"] > 0, "{played:?}");
}

/// Plays seeded random games to the end, calling `check` after every
/// decision with the game and the decision just played.
fn play_randomly(players: usize, seeds: std::ops::Range<u64>, mut check: impl FnMut(&Game, &Action)) {
    let mut config = GameConfig::with_players(players);
    config.expansions = vec![INFO.id.into()];
    for seed in seeds {
        config.seed = seed;
        let mut game = Game::new(kit().rules(&config)).expect("starts");
        let mut rng = GameRng::new(seed + 100);
        let mut options = Vec::new();
        while !game.is_over() {
            options.clear();
            game.legal_actions(&mut options);
            let pick = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&pick).expect("a listed option");
            check(&game, &pick);
        }
    }
}

/// Random players fill a pyramid rarely (five of twenty five-player
/// games), so these games are played without the harness's probes.
#[test]
fn tokens_are_conserved_and_pyramids_hold_three_at_most() {
    let mut revealed = 0usize;
    let mut acrobats_off_the_tile = 0usize;
    let mut pyramids_scored = 0usize;
    play_randomly(5, 0..20, |game, action| {
        let state: &State = carcassonne_testkit::state(game, INFO.id);
        revealed += game
            .last_events()
            .iter()
            .filter(|e| matches!(e, Event::Expansion { detail, .. } if detail.get("revealed").is_some()))
            .count();
        for space in &state.spaces {
            let n = game
                .state()
                .figures()
                .iter()
                .filter(|f| f.pos == space.pos && f.spot == Spot::Feature(space.feature))
                .count();
            assert!(n <= 3, "a pyramid of {n}");
        }
        if let Action::Expansion { .. } = action
            && game
                .last_events()
                .iter()
                .any(|e| matches!(e, Event::Expansion { detail, .. } if detail.get("pyramid").is_some()))
        {
            pyramids_scored += 1;
        }
        if let Action::Deploy(d) = action
            && state
                .spaces
                .iter()
                .any(|s| s.pos == d.pos && Spot::Feature(s.feature) == d.spot)
            && game.state().board().tiles().last().is_some_and(|t| t.pos != d.pos)
        {
            acrobats_off_the_tile += 1;
        }
        if game.is_over() {
            let left: u32 = state.tokens.iter().map(|&n| u32::from(n)).sum();
            assert_eq!(left as usize + revealed, 16, "the box's 16 tokens");
            revealed = 0;
        }
    });
    assert!(
        acrobats_off_the_tile > 0,
        "no acrobat went onto a tile round the new one"
    );
    assert!(pyramids_scored > 0, "no full pyramid was scored by choice");
}
