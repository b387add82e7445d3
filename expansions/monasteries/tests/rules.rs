//! The Monasteries replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/monasteries.md. The start tile D at (0, 0) has a city
//! cap north, a road west–east and a field south; y grows southwards. Ann
//! is player 0, Bob player 1.

use carcassonne_core::figures::Spot;
use carcassonne_core::{Game, GameConfig, Pos, Value};
use carcassonne_monasteries::INFO;
use carcassonne_testkit::{Kit, options, points, try_play};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The figures on the tile at `pos` standing on the tile itself (abbots).
fn abbots_at(game: &Game, pos: Pos) -> usize {
    game.state().figures_on(pos).filter(|f| f.spot == Spot::Tile).count()
}

/// abbot_lines.json. Ann's MO-1 at (0,1), her follower on it as an abbot.
/// MO-2 at (0,2), MO-3 at (1,1), MO-4 at (2,1) and E at (-1,1) follow.
/// At the end the abbot scores 1 for the monastery, north 1 (D; nothing at
/// (0,-1)), east 2 ((1,1), (2,1)), south 1 ((0,2)), west 1 ((-1,1)): 6.
/// The monastery's cloister holds no monk, so the core scores nothing.
#[test]
fn an_abbot_scores_the_monastery_and_its_unbroken_lines_at_the_end() {
    let game = kit().replay("abbot_lines.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (6, 0));
    assert_eq!(points(&game, 0, "monasteries.abbot"), 6);
    assert_eq!(points(&game, 0, "cloisters"), 0);
}

/// abbot_surrounded.json. Ann's abbot on MO-1 at (0,1); U at (1,0) and
/// (-1,0) continue the start road, MO-2 … MO-6 fill the rest of the eight
/// cells round the monastery, the last at (1,2). The monastery is then
/// surrounded, but an abbot "scores only at the end of the game": nothing
/// during play, and the abbot stays on the tile. Bob's E at (-1,-1) is the
/// last tile. At the end: 1 + north 1 ((0,-1) is empty) + east 1 ((1,1);
/// (2,1) is empty) + south 1 + west 1 = 5.
#[test]
fn an_abbot_stays_on_a_surrounded_monastery_and_scores_only_at_the_end() {
    let kit = kit();
    let before_end = kit.replay_first("abbot_surrounded.json", 16);
    assert_eq!(scores(&before_end), (0, 0));
    assert_eq!(abbots_at(&before_end, Pos::new(0, 1)), 1);
    let cloister = before_end.state().node_at(Pos::new(0, 1), 0).unwrap();
    assert!(before_end.state().is_complete(cloister));
    let game = kit.replay("abbot_surrounded.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (5, 0));
    assert_eq!(points(&game, 0, "monasteries.abbot"), 5);
}

/// monk_surrounded.json: abbot_surrounded.json's game with Ann's follower
/// in the cloister as a monk: "the monastery is treated like a cloister in
/// the base game": surrounded by the last tile, it scores 9 at once, the
/// monk goes home, and no abbot's points at the end.
#[test]
fn a_monk_on_a_special_monastery_scores_as_a_cloister() {
    let kit = kit();
    let game = kit.replay("monk_surrounded.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (9, 0));
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(points(&game, 0, "monasteries.abbot"), 0);
    assert_eq!(game.state().figures_on(Pos::new(0, 1)).count(), 0);
}

/// big_follower_abbot.json: abbot_lines.json's game with Inns & Cathedrals
/// and Ann's big follower as the abbot: every follower that may be a monk
/// may be an abbot; it scores the same 6.
#[test]
fn a_big_follower_may_be_an_abbot() {
    let game = kit().replay("big_follower_abbot.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (6, 0));
    assert_eq!(points(&game, 0, "monasteries.abbot"), 6);
}

/// On a special monastery the deployment options are the monk (the
/// cloister) and the abbot (the tile) for every follower in supply; on a
/// base cloister (kept with `base_cloisters = "keep"`) there is no abbot.
#[test]
fn a_special_monastery_offers_a_monk_and_an_abbot_and_a_base_cloister_only_a_monk() {
    let kit = kit();
    let special = kit.replay_first("abbot_lines.json", 1);
    let offered = options(&special);
    assert!(
        offered.contains(&r#"{"deploy":{"feature":"cloister"}}"#.to_string()),
        "{offered:?}"
    );
    assert!(
        offered.iter().any(|o| o == r#"{"deploy":{"spot":"tile"}}"#),
        "{offered:?}"
    );
    let with_big = kit.replay_first("big_follower_abbot.json", 1);
    let offered = options(&with_big);
    assert!(
        offered
            .iter()
            .any(|o| o.contains(r#""spot":"tile""#) && o.contains(r#""figure":"big-follower""#)),
        "{offered:?}"
    );
    let base = kit.replay_first("keep_cloisters.json", 1);
    let offered = options(&base);
    assert!(
        offered.contains(&r#"{"deploy":{"feature":"cloister"}}"#.to_string()),
        "{offered:?}"
    );
    assert!(!offered.iter().any(|o| o.contains(r#""spot":"tile""#)), "{offered:?}");
}

/// keep_cloisters.json (`base_cloisters = "keep"`). Ann's base cloister B
/// at (0,1), her monk in it; Bob's MO-1 at (1,1), his abbot on it. End:
/// Ann's cloister has D and MO-1 round it: 1 + 2 = 3; Bob's abbot: 1 +
/// west 1 (B; nothing at (-1,1)), nothing north, east or south: 2.
#[test]
fn with_the_base_cloisters_kept_both_kinds_of_monastery_play() {
    let kit = kit();
    let game = kit.replay("keep_cloisters.json");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 2));
    assert_eq!(points(&game, 1, "monasteries.abbot"), 2);
}

/// The bag: the base game's 71 tiles (start aside) less its six cloisters
/// (2 A, 4 B) plus six special monasteries by default; the base cloisters
/// kept: 77; both packs: twelve monasteries.
#[test]
fn the_variants_set_the_bag() {
    let kit = kit();
    let bag = |cloisters: &str, packs: i64| {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec!["monasteries".into()];
        let variants = config.variants.entry("monasteries".into()).or_default();
        variants.insert("base_cloisters".into(), Value::from(cloisters));
        variants.insert("packs".into(), Value::from(packs));
        let rules = kit.rules(&config);
        let count = |id: &str| {
            rules
                .initial_bag()
                .iter()
                .filter(|&&t| rules.tile(t).def.id == id)
                .count()
        };
        let special: usize = ["MO-1", "MO-2", "MO-3", "MO-4", "MO-5", "MO-6"]
            .iter()
            .map(|id| count(id))
            .sum();
        (rules.bag_size(), count("A") + count("B"), special)
    };
    assert_eq!(bag("replace", 1), (71, 0, 6));
    assert_eq!(bag("keep", 1), (77, 6, 6));
    assert_eq!(bag("replace", 2), (77, 0, 12));
    assert_eq!(bag("keep", 2), (83, 6, 12));
}

/// "The special monastery is only a single feature": with The Phantom,
/// Ann's follower as an abbot on MO-1 leaves the phantom neither the
/// cloister nor the tile; her monk leaves the phantom no place as an abbot.
#[test]
fn a_monk_and_an_abbot_never_share_a_special_monastery() {
    let kit = kit();
    let mut record = kit.record("abbot_lines.json");
    record.config.expansions.push("the-phantom".into());
    record.moves.truncate(2);
    let game = kit.replay_record(&record).unwrap();
    let offered = options(&game);
    assert!(
        offered
            .iter()
            .all(|o| !o.contains("cloister") && !o.contains(r#""spot":"tile""#)),
        "{offered:?}"
    );
    let mut refused = game.clone();
    let e = try_play(&mut refused, r#"{"deploy":{"figure":"phantom","feature":"cloister"}}"#).unwrap_err();
    assert!(e.to_string().contains("abbot"), "{e}");

    let mut record = kit.record("monk_surrounded.json");
    record.config.expansions.push("the-phantom".into());
    record.moves.truncate(2);
    let game = kit.replay_record(&record).unwrap();
    let offered = options(&game);
    assert!(
        offered
            .iter()
            .all(|o| !o.contains("cloister") && !o.contains(r#""spot":"tile""#)),
        "{offered:?}"
    );
    assert!(offered.iter().any(|o| o.contains("phantom")), "{offered:?}");
}
