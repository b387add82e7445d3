//! The search bot on real games: it finishes games with every expansion,
//! repeats itself for a seed, never looks at hidden information, and beats
//! the greedy bot.

use carcassonne_bots::{Bot, BotSpec, GreedyBot, MctsBot};
use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use std::sync::Arc;

// Linked so that their expansions register.
use carcassonne_abbey_and_mayor as _;
use carcassonne_cleric_and_serf as _;
use carcassonne_easter as _;
use carcassonne_fruit_trees as _;
use carcassonne_inns_and_cathedrals as _;
use carcassonne_king_and_robber_baron as _;

fn new_game(seed: u64, players: usize, expansions: &[&str]) -> Game {
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    config.expansions = expansions.iter().map(|e| e.to_string()).collect();
    let catalog = Catalog::linked().expect("catalog");
    let rules = Rules::new(&catalog, &config, &TileSource::default()).expect("rules");
    Game::with_narration(Arc::new(rules), false).expect("game starts")
}

fn bot(name: &str, seed: u64) -> Box<dyn Bot> {
    BotSpec::parse(name).expect("bot name").build(seed)
}

/// Plays `game` out with one bot per seat; returns the moves' indices.
fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot>]) -> Vec<usize> {
    let mut options: Vec<Action> = Vec::new();
    let mut choices = Vec::new();
    while let Some(d) = game.decision() {
        game.legal_actions(&mut options);
        let i = bots[d.player() as usize].choose(game, &options);
        assert!(i < options.len());
        game.play(&options[i]).expect("the bot picks a legal option");
        choices.push(i);
    }
    choices
}

/// The expansions linked here.
const ALL: [&str; 6] = [
    "abbey-and-mayor",
    "cleric-and-serf",
    "easter",
    "fruit-trees",
    "inns-and-cathedrals",
    "king-and-robber-baron",
];

/// Games bot `name` wins against the greedy bot in two-player base games,
/// seeds `0..seeds`, each seed in both seatings.
fn wins_against_greedy(name: &str, seeds: u64) -> usize {
    let mut won = 0;
    for seed in 0..seeds {
        for seat in 0..2 {
            let mut game = new_game(seed, 2, &[]);
            let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(GreedyBot::new(seed)), Box::new(GreedyBot::new(seed))];
            bots[seat] = bot(name, seed);
            play_out(&mut game, &mut bots);
            let s = scores(&game);
            won += usize::from(s[seat] > s[1 - seat]);
        }
    }
    won
}

fn scores(game: &Game) -> Vec<i32> {
    (0..game.state().players() as u8)
        .map(|p| game.state().score(p))
        .collect()
}

#[test]
fn the_search_finishes_games_with_every_expansion() {
    // Each expansion alone, then all at once with three players.
    let mut sets: Vec<(Vec<&str>, usize)> = ALL.iter().map(|e| (vec![*e], 2)).collect();
    sets.push((ALL.to_vec(), 3));
    for (i, (set, players)) in sets.into_iter().enumerate() {
        let mut game = new_game(i as u64, players, &set);
        let mut bots: Vec<Box<dyn Bot>> = (0..players).map(|p| bot("mcts:8", p as u64)).collect();
        let choices = play_out(&mut game, &mut bots);
        assert!(game.is_over(), "{set:?}");
        assert!(choices.len() > 70, "{set:?}: {} decisions", choices.len());
        assert!(scores(&game).iter().any(|&s| s > 0), "{set:?}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let run = |bot_seed: u64| {
        let mut game = new_game(4, 2, &["easter", "fruit-trees"]);
        let mut bots = vec![bot("mcts:12", bot_seed), bot("mcts:12:threads=2", bot_seed + 1)];
        let choices = play_out(&mut game, &mut bots);
        (choices, scores(&game))
    };
    let first = run(7);
    assert_eq!(first, run(7), "iterations and a seed fix every choice, threads or not");
    assert_ne!(first.0, run(8).0, "another bot seed searches other determinizations");
}

/// Two positions with the same public history but different hidden state
/// (the RNG that will draw the tiles and roll the dice, the order of the
/// face-down fruit stacks) get the same choice from bots with the same seed.
#[test]
fn the_search_never_reads_hidden_information() {
    let mut game = new_game(11, 2, &["fruit-trees", "easter"]);
    let mut driver = GreedyBot::new(3);
    let mut options = Vec::new();
    let mut compared = 0;
    let mut differs = 0;
    while let Some(d) = game.decision() {
        game.legal_actions(&mut options);
        if options.len() > 1 && game.state().turn().number.is_multiple_of(6) {
            // The same position with its hidden information redrawn.
            let other = game.determinized(0xdead_beef ^ u64::from(game.state().turn().number));
            let fruit = |g: &Game| {
                format!(
                    "{:?}",
                    g.expansion_state(g.rules().expansion_slot("fruit-trees").expect("on"))
                )
            };
            differs += usize::from(fruit(&other) != fruit(&game));
            let mut a = MctsBot::new(BotSpec::parse("mcts:40").map(config).expect("parses"), 5);
            let mut b = MctsBot::new(BotSpec::parse("mcts:40").map(config).expect("parses"), 5);
            // The whole judgement (visits and values of every option), not
            // only the choice, which a small search often shares anyway.
            let (seen, unseen) = (a.analyse(&game, &options), b.analyse(&other, &options));
            assert_eq!((&seen.visits, seen.best), (&unseen.visits, unseen.best), "{d:?}");
            let bits = |m: &[f64]| m.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&seen.means), bits(&unseen.means), "{d:?}");
            compared += 1;
        }
        let i = driver.choose(&game, &options);
        game.play(&options[i]).expect("legal");
    }
    assert!(compared >= 5, "{compared} positions compared");
    assert!(differs >= 1, "the hidden fruit differed in {differs} of them");
}

fn config(spec: BotSpec) -> carcassonne_bots::MctsConfig {
    match spec {
        BotSpec::Mcts(c) => c,
        other => panic!("{other} is not the search"),
    }
}

/// A resumed game goes on as an uninterrupted one: `skip` moves the bot's
/// stream on exactly as `choose` does.
#[test]
fn skipping_a_decision_keeps_the_bot_in_step() {
    let game = new_game(2, 2, &[]);
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    let (mut chose, mut skipped) = (bot("mcts:20", 9), bot("mcts:20", 9));
    let _ = chose.choose(&game, &options);
    skipped.skip(&game, &options);
    assert_eq!(chose.choose(&game, &options), skipped.choose(&game, &options));
}

/// Even a small search plays far better than one-move greed: it keeps its
/// figures for features that pay and finishes what it starts.
#[test]
fn a_small_search_beats_the_greedy_bot() {
    let won = wins_against_greedy("mcts:60", 2);
    assert_eq!(won, 4, "the search won {won} of 4 games against greedy");
}

#[test]
fn bots_are_named_in_words() {
    use carcassonne_bots::bot_words;
    assert_eq!(bot_words("mcts:12000"), "Expert bot");
    assert_eq!(bot_words("greedy"), "Easy bot");
    assert_eq!(bot_words("lookahead"), "Casual bot");
    assert_eq!(bot_words("mcts:500"), "Search bot (500 iterations a move)");
    assert_eq!(bot_words("mcts:0.5s"), "Search bot (0.5s a move)");
    assert_eq!(bot_words("mcts:500:threads=2"), "Search bot (500 iterations a move)");
    assert_eq!(bot_words("clever"), "clever bot");
}

/// The look-ahead bot values what greedy cannot see (farmers, open cities,
/// figures in hand): it beats greedy in every seating, and finishes a game
/// with every expansion here, its expansions' questions answered too.
#[test]
fn the_look_ahead_bot_beats_greedy_and_finishes_games_with_every_expansion() {
    let won = wins_against_greedy("lookahead", 3);
    assert_eq!(won, 6, "the look-ahead bot won {won} of 6 games against greedy");
    let played = || {
        let mut game = new_game(4, 3, &ALL);
        let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|s| bot("lookahead", s)).collect();
        play_out(&mut game, &mut bots);
        game
    };
    let game = played();
    assert!(game.is_over());
    // The same seeds, the same game.
    assert_eq!(scores(&played()), scores(&game));
}
