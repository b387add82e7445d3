//! Fish Huts replayed from hand-written records (tests/records), worked out
//! by hand from the rules quoted in docs/expansions/fish-huts.md. The River
//! is on: its spring RV-1 starts the game at (0,0), its river leaving to the
//! south. Ann is player 0, Bob player 1. RV-3 is The River's straight river
//! (west-east unturned), RV-4 its curve (south-west unturned), B the base
//! game's cloister (fields all round). A hut's corners are the four tiles
//! diagonal to it.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Game, GameConfig, Rules, TileSource};
use carcassonne_fish_huts::INFO;
use carcassonne_testkit::{Kit, draws, game_config, options, points, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO)
}

fn followers(game: &Game, player: u8) -> u8 {
    let view = game.state();
    view.supply(player, view.tables().figure_index("follower").expect("followers"))
}

/// complete.json. Ann lays FH-C (a straight river, north-south) below the
/// spring and puts a follower on its hut as a poissonnier ("A follower can
/// also be deployed to the fish-smoking hut as a poissonnier"). The river
/// turns east below it (RV-4) and runs on to (1,2), a corner of the hut.
/// Cloisters fill the other three corners, (-1,0), (1,0) and (-1,2): "When a
/// fish-smoking hut has tiles on all four corners, it is completed", and Ann
/// "immediately scores 7 points plus a bonus of 2 extra points for every
/// river tile at the corners": one river tile (RV-3 at (1,2); the spring
/// and RV-4 are beside the hut, not at its corners), 7 + 2 = 9. "The
/// poissonnier is removed after the points are stored": her 7 followers
/// are back before the game ends.
#[test]
fn a_completed_hut_scores_7_and_2_for_each_river_corner() {
    let kit = kit();
    let before = kit.replay_first("complete.json", 10);
    assert_eq!(points(&before, 0, "fish-huts"), 0, "three corners: not complete");
    assert_eq!(followers(&before, 0), 6);
    let game = kit.replay("complete.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "fish-huts"), 9);
    assert_eq!(game.state().score(0), 9);
    assert_eq!(game.state().score(1), 0);
    assert_eq!(followers(&game, 0), 7);
}

/// big-follower.json: complete.json with Inns & Cathedrals on and Ann's big
/// follower on the hut ("A follower can also be deployed to the
/// fish-smoking hut"): the same 9 points, the big follower back.
#[test]
fn a_big_follower_may_be_the_poissonnier() {
    let kit = kit().with(&carcassonne_inns_and_cathedrals::INFO);
    let game = kit.replay("big-follower.json");
    assert_eq!(points(&game, 0, "fish-huts"), 9);
    let view = game.state();
    assert_eq!(view.supply(0, view.tables().figure_index("big-follower").unwrap()), 1);
}

/// fairy.json: complete.json with The Princess & the Dragon on (its
/// fairy's 3 points only for a completed feature: `fairy_final_scoring =
/// false`, so they come from the completion alone). After her
/// river tile Ann moves the fairy next to her poissonnier instead of
/// deploying; at the start of her next turn the fairy gives her 1 point.
/// When Bob's cloister completes the hut, Ann scores 9 for it, and the
/// fairy's follower's feature being completed, 3 more (FanCloisterZone's
/// fishhuts-fairy pays "fairy for 3 points" for a completed hut too).
#[test]
fn the_fairy_pays_3_when_its_hut_is_completed() {
    let kit = kit().with(&carcassonne_the_princess_and_the_dragon::INFO);
    let game = kit.replay("fairy.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "fish-huts"), 9);
    assert_eq!(game.state().score(0), 9 + 1 + 3);
}

/// fairy-unfinished.json: unfinished.json with The Princess & the Dragon
/// on; with her last tile Ann moves the fairy next to her poissonnier. The
/// hut is unfinished at the end: 0 points for it, but the core scores it
/// (for 0, its kind being one it never pays) as every feature with a
/// follower, as FanCloisterZone does ("Betty scored fishhut for 0 points"),
/// so the fairy pays its 3 points at the end as for any feature scored then
/// (`fairy_final_scoring`, default true; FanCloisterZone's "Betty scored
/// fairy for 3 points").
#[test]
fn an_unfinished_hut_is_scored_for_0_at_the_end() {
    let kit = kit().with(&carcassonne_the_princess_and_the_dragon::INFO);
    let game = kit.replay("fairy-unfinished.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "fish-huts"), 0);
    assert_eq!(game.state().score(0), 3);
    let off = with_variant(
        &kit.record("fairy-unfinished.json"),
        "the-princess-and-the-dragon",
        "fairy_final_scoring",
        json!(false),
    );
    assert_eq!(kit.replay_record(&off).unwrap().state().score(0), 0);
}

/// complete.json, first move: the hut is offered to the follower beside the
/// tile's fields (and the river, where nobody stands, is not).
#[test]
fn the_hut_is_offered_to_a_follower() {
    let game = kit().replay_first("complete.json", 1);
    let offered = options(&game);
    assert!(offered.iter().any(|o| o.contains("fish-hut")), "{offered:?}");
    assert!(!offered.iter().any(|o| o.contains("river")), "{offered:?}");
}

/// two-rivers.json. FH-A is a fork: the river comes from the north and
/// leaves east and west. Ann's poissonnier stands on its hut. Both branches
/// bend south (RV-4) and run on (RV-3) to (1,2) and (-1,2), two corners of
/// the hut; cloisters fill the two corners beside the spring. The last one
/// completes the hut: 7 + 2 × 2 = 11 (FanCloisterZone's test
/// fishuts-scorings pays a hut with two river corners 11 too).
#[test]
fn two_river_corners_pay_4_more() {
    let game = kit().replay("two-rivers.json");
    assert_eq!(points(&game, 0, "fish-huts"), 11);
    assert_eq!(followers(&game, 0), 7);
}

/// unfinished.json. The hut has one corner (a cloister at (1,0)) when the
/// tiles run out. "Bleibt eine Fischerhütte unvollendet so ergibt dies
/// keine Punkte für den Poissonnier" (an unfinished hut gives its
/// poissonnier no points): Ann ends with 0, her follower still on the hut.
#[test]
fn an_unfinished_hut_scores_nothing_at_the_end() {
    let game = kit().replay("unfinished.json");
    assert!(game.is_over());
    assert_eq!(game.state().score(0), 0);
    assert_eq!(followers(&game, 0), 6);
}

fn config(shuffle: &str, seed: u64) -> GameConfig {
    let mut config = game_config(2, seed, &[INFO.id, "river"]);
    config
        .variants
        .entry(INFO.id.to_string())
        .or_default()
        .insert("shuffle".into(), carcassonne_core::Value::from(shuffle));
    config
}

/// By default (`shuffle = "river"`, as FanCloisterZone plays them) every
/// hut tile is drawn with The River's tiles, before any land tile; with
/// `shuffle = "bag"` they are shuffled into the bag ("Shuffle the tiles
/// together with the rest of the tiles"), and some come after land tiles.
#[test]
fn the_hut_tiles_are_drawn_with_the_river_unless_the_variant_says_bag() {
    let kit = kit();
    let mut mixed = 0;
    for seed in 0..4 {
        for shuffle in ["river", "bag"] {
            let game = Game::new(kit.rules(&config(shuffle, seed))).expect("a game");
            let drawn = draws(game, seed);
            let last_hut = drawn
                .iter()
                .rposition(|t| t.starts_with("FH-"))
                .expect("hut tiles drawn");
            let first_land = drawn
                .iter()
                .position(|t| !t.starts_with("FH-") && !t.starts_with("RV-"))
                .expect("land tiles drawn");
            if shuffle == "river" {
                assert!(last_hut < first_land, "seed {seed}: {drawn:?}");
            } else if last_hut > first_land {
                mixed += 1;
            }
        }
    }
    assert!(mixed > 0, "with shuffle = bag no hut tile came after a land tile");
}

/// A hut tile where the river ends (FH-I, FH-J) is drawn last with The
/// River's lake, after every other river tile: drawn earlier it would close
/// the river, and every river tile still to come would fit nowhere (before
/// this, a dozen tiles were discarded a game). With one river the first
/// end drawn closes it, so at most the two other ends are set aside.
#[test]
fn a_hut_tile_where_the_river_ends_is_drawn_with_the_lake() {
    let kit = kit();
    for seed in 0..6 {
        let game = Game::new(kit.rules(&config("river", seed))).expect("a game");
        let drawn = draws(game.clone(), seed);
        let river = |t: &&String| t.starts_with("FH-") || t.starts_with("RV-");
        let ends = ["FH-I", "FH-J", "RV-2"];
        let first_end = drawn
            .iter()
            .position(|t| ends.contains(&t.as_str()))
            .expect("an end drawn");
        let last_other = drawn
            .iter()
            .rposition(|t| river(&t) && !ends.contains(&t.as_str()))
            .expect("river tiles drawn");
        assert!(last_other < first_end, "seed {seed}: {drawn:?}");
        let discarded = set_aside(game, seed);
        assert!(discarded <= 2, "seed {seed}: {discarded} tiles set aside: {drawn:?}");
    }
}

/// The tiles set aside (fitting nowhere) in a game played as `draws` plays it.
fn set_aside(mut game: Game, seed: u64) -> usize {
    let mut rng = carcassonne_core::rng::GameRng::new(seed ^ 0xd7a5);
    let mut options = Vec::new();
    while !game.is_over() {
        options.clear();
        game.legal_actions(&mut options);
        let choice = options[rng.below(options.len() as u32) as usize].clone();
        game.play(&choice).expect("a legal action");
    }
    game.state().discarded().len()
}

/// The hut tiles are river tiles: Fish Huts requires The River, and a game
/// without it is refused, naming it.
#[test]
fn without_a_river_the_game_is_refused() {
    let kit = kit();
    let config = game_config(2, 0, &[INFO.id]);
    let e = Rules::new(kit.catalog(), &config, &TileSource::default()).expect_err("refused");
    assert!(e.to_string().contains("river"), "{e}");
}

/// complete.json with the variant stated: `shuffle` changes only the bag,
/// so a record with a draw order replays the same either way.
#[test]
fn the_variant_leaves_a_drawn_order_alone() {
    let kit = kit();
    let record = with_variant(&kit.record("complete.json"), INFO.id, "shuffle", json!("bag"));
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, "fish-huts"), 9);
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            carcassonne_core::Event::Expansion { slot: s, detail } if *s == slot => {
                let line = game.expansion_log_line(slot, detail);
                Some(format!("{:?} {}", line.player, line.text))
            }
            _ => None,
        })
        .collect()
}

/// complete.json in words: the poissonnier as the state shows it one tile
/// before the hut completes (three corners), then the completion.
#[test]
fn the_huts_in_words() {
    let kit = kit();
    let before = kit.replay_first("complete.json", 10);
    let slot = before.rules().expansion_slot(INFO.id).unwrap();
    let shown: Vec<String> = before
        .presented_expansion_state(slot)
        .into_iter()
        .map(|l| format!("{:?} {}", l.player, l.text))
        .collect();
    assert_eq!(
        shown,
        [
            "Some(0) poissonnier in the fish-smoking hut 1 tile south and 1 west of the last tile placed: 3 of 4 \
          corner tiles placed, 1 river tile among them"
        ]
    );
    let game = kit.replay("complete.json");
    assert_eq!(
        logged(&game),
        [
            "Some(0) completes the fish-smoking hut 1 tile north and 1 east of the new tile: 7 points, and 2 for \
          each river tile at its corners (1 river tile), 9 points; the poissonnier returns"
        ]
    );
}
