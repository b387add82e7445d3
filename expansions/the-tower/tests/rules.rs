//! The Tower's rules replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in docs/expansions/the-tower.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east. Ann is player 0, Bob 1.

use carcassonne_core::{Captive, Game, GameConfig};
use carcassonne_testkit::{Kit, game_config, options, points, try_play};
use carcassonne_the_tower::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn held(game: &Game) -> Vec<(u8, u8)> {
    game.state()
        .captives()
        .iter()
        .map(|c: &Captive| (c.owner, c.by))
        .collect()
}

fn followers_in_supply(game: &Game) -> (u8, u8) {
    (game.state().supply(0, 0), game.state().supply(1, 0))
}

/// capture.json: Ann's follower on the road east of the start, Bob's
/// farmer west of it. Ann builds a tower south of Bob's farmer and takes
/// it prisoner; Bob builds one south of Ann's follower and takes it: they
/// hold each other's, so both go home at once. Ann closes Bob's tower with
/// a follower on top; Bob raises his first tower to two floors, which
/// reaches two tiles, and takes Ann's guard: the tower is open again.
#[test]
fn a_tower_takes_a_prisoner_in_reach_and_mutual_prisoners_go_home() {
    let kit = kit();
    let game = kit.replay_first("capture.json", 7);
    assert_eq!(held(&game), [(1, 0)], "Ann holds Bob's farmer");
    assert_eq!(followers_in_supply(&game), (6, 6));
    let game = kit.replay_first("capture.json", 10);
    assert_eq!(held(&game), [], "exchanged");
    assert_eq!(followers_in_supply(&game), (7, 7), "both back in supply");
    // Ann's guard on Bob's tower: no floor may go on it while she is there.
    let game = kit.replay_first("capture.json", 13);
    let floors_at_the_closed_tower = options(&game)
        .iter()
        .filter(|o| o.contains("tower-floor") && o.contains("[1,1]"))
        .count();
    assert_eq!(floors_at_the_closed_tower, 0, "{:?}", options(&game));
    // Bob's floor makes the west tower two high: Ann's guard two tiles east is in reach.
    let mut game = kit.replay_first("capture.json", 14);
    let refused = try_play(&mut game, r#"{"the-tower": {"capture": 7}}"#).expect_err("no such figure");
    assert!(refused.to_string().contains("2 high"), "{refused}");
    let game = kit.replay("capture.json");
    assert_eq!(held(&game), [(0, 1)], "Bob holds Ann's guard");
    assert_eq!(game.state().score(0), 0);
    assert_eq!(game.state().score(1), 0);
}

#[test]
fn a_follower_goes_on_a_tower_with_floors_only_and_floors_follow_the_player_count() {
    let kit = kit();
    // Bob's second tile: the foundation at (1,1) has no floor yet.
    let mut game = kit.replay_first("capture.json", 9);
    let refused = try_play(&mut game, r#"{"deploy": {"at": [1, 1], "spot": "tile"}}"#);
    assert!(refused.is_err(), "a follower cannot close a bare foundation");
    for (players, floors) in [(2, 10), (3, 9), (4, 7), (5, 6), (6, 5)] {
        let mut config = GameConfig::with_players(players);
        config.expansions = vec![INFO.id.into()];
        let game = Game::new(kit.rules(&config)).unwrap();
        let floor = game.state().tables().figure_index("tower-floor").unwrap();
        assert_eq!(game.state().supply(0, floor), floors, "{players} players");
    }
}

/// ransom.json: Ann completes the start's city (4 points); Bob takes her
/// road follower with a tower; at the start of her next turn Ann buys it
/// back for 3 points, which Bob receives. Ann 1, Bob 3.
#[test]
fn a_ransom_moves_three_points_and_brings_the_follower_home() {
    let kit = kit();
    let game = kit.replay_first("ransom.json", 9);
    assert_eq!(held(&game), [(0, 1)]);
    // Ann's turn begins with the question, before her draw.
    assert!(
        options(&game).iter().any(|o| o.contains("ransom")),
        "{:?}",
        options(&game)
    );
    let game = kit.replay("ransom.json");
    assert_eq!(held(&game), []);
    assert_eq!(points(&game, 0, "the-tower.ransom"), -3);
    assert_eq!(points(&game, 1, "the-tower.ransom"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (1, 3));
    assert_eq!(followers_in_supply(&game), (7, 7));
}

/// With `capture_own = false` (1st edition) a tower never offers its
/// builder's own follower; with the default (2nd edition) it does, in
/// random games, and taking one's own sends it home.
#[test]
fn the_first_edition_takes_only_other_players_followers() {
    use carcassonne_bots::{Bot, RandomBot};
    use carcassonne_core::Action;
    let kit = kit();
    for capture_own in [false, true] {
        let mut own_offered = 0;
        for seed in 0..6u64 {
            let mut config = game_config(3, seed, &[INFO.id]);
            config
                .variants
                .entry(INFO.id.into())
                .or_default()
                .insert("capture_own".into(), capture_own.into());
            let mut game = Game::new(kit.rules(&config)).unwrap();
            let mut bot = RandomBot::new(seed);
            let mut actions = Vec::new();
            while !game.is_over() {
                game.legal_actions(&mut actions);
                for a in &actions {
                    let m = carcassonne_core::serde_json::to_value(game.move_of(a)).unwrap();
                    if let Some(id) = m["the-tower"]["capture"].as_u64() {
                        let f = game.state().figure(id as u32).expect("a figure on the board");
                        let mover = game.decision().map(|d| d.player()).unwrap();
                        if f.owner == mover {
                            own_offered += 1;
                        }
                    }
                }
                let i = bot.choose(&game, &actions);
                let _: &Action = &actions[i];
                game.play(&actions[i]).unwrap();
            }
        }
        if capture_own {
            assert!(own_offered > 0, "no own follower ever in a tower's reach in 6 games");
        } else {
            assert_eq!(own_offered, 0, "the 1st edition offered a player their own follower");
        }
    }
}
