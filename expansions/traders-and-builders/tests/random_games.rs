//! Seeded random games with the expansion on keep the invariants of any
//! game (the test kit's harness) and of this expansion: tokens never
//! exceed the symbols of the completed cities, every builder and pig has a
//! follower of its owner beside it when a turn begins, and no turn after
//! an extra one is the same player's again.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::{Event, Game, GameConfig};
use carcassonne_testkit::{Kit, game_config, random_games, state};
use carcassonne_traders_and_builders::{INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn config(seed: u64, players: usize) -> GameConfig {
    game_config(players, seed, &[INFO.id])
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let played = random_games(&kit(), &config(0, 3), 4);
    assert!(
        played.points_by_source["traders-and-builders.goods"] > 0,
        "no goods scored in any game: {played:?}"
    );
}

#[test]
fn builders_and_pigs_stay_beside_their_owners_followers_and_turns_come_at_most_twice() {
    let mut extra_turns = 0;
    let mut builders = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 4) as usize;
        let mut game = Game::new(kit().rules(&config(seed, players))).unwrap();
        let builder = game.state().tables().figure_index("builder").unwrap();
        let pig = game.state().tables().figure_index("pig").unwrap();
        let mut bot = RandomBot::new(seed);
        let mut options = Vec::new();
        let mut last: Option<(u8, bool)> = None;
        while !game.is_over() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            game.play(&options[i]).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for e in game.last_events() {
                let Event::TurnStarted { player } = *e else { continue };
                let extra = game.state().turn().extra;
                if extra {
                    extra_turns += 1;
                    assert_eq!(
                        last.map(|l| l.0),
                        Some(player),
                        "seed {seed}: an extra turn is the same player's"
                    );
                    assert_eq!(last.map(|l| l.1), Some(false), "seed {seed}: never a third");
                }
                last = Some((player, extra));
                let s = game.state();
                for f in s.figures().iter().filter(|f| f.kind == builder || f.kind == pig) {
                    builders += 1;
                    let root = s.features().root(f.node.expect("on a feature"));
                    let beside = s.figures().iter().any(|g| {
                        g.owner == f.owner
                            && g.kind != builder
                            && g.kind != pig
                            && g.node.is_some_and(|n| s.features().root(n) == root)
                    });
                    assert!(beside, "seed {seed}: a lonely {:?} at {}", f.kind, f.pos);
                }
            }
        }
        let state: &State = state(&game, INFO.id);
        let held: u32 = state.goods.iter().map(|g| g.wine + g.grain + g.cloth).sum();
        assert!(held <= 20, "seed {seed}: {held} tokens, but 20 symbols");
    }
    assert!(extra_turns > 0, "no builder gave a second tile in 12 games");
    assert!(builders > 0, "no builder or pig stood on the board");
}
