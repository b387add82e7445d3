//! Golden scoring tests: hand-written game records in `tests/golden/*.json`
//! (fixed `draw_order`, two players) replayed through the public API, with
//! every expected score and breakdown worked out by hand from the rules
//! digest (`RULES.md`, section "Base game"; the bullets are cited by their
//! opening words) — never copied from the engine's output.
//!
//! Covered: a completed road (1 a tile) and the follower's return; a city
//! with pennants (2 a tile + 2 a pennant); a two-tile city; a cloister
//! completed by its 8th neighbour (9); majority (2 followers beat 1) and a
//! tie (both score in full) on features that were separate when the
//! followers were deployed; a completed feature without followers; one tile
//! completing two features; end-game scoring of an incomplete road, city with
//! pennant and cloister; farms touching a completed and an incomplete city,
//! two farms sharing a city, a farm tie; discarding a tile that fits nowhere
//! (mid-game and as the last tile); H and I caps that stay separate cities;
//! a road loop and a city ring that pass a tile twice but count it once.
//!
//! Board geometry used throughout: the start tile D lies at (0,0) unturned —
//! city cap north, road west–east, a field between city and road (touching
//! the city) and a field south of the road; `y` grows to the south and
//! rotations are clockwise (a tile's north side faces east after 90°).

use carcassonne_core::rules::{CITIES, CLOISTERS, FARMS, ROADS};
use carcassonne_core::{Catalog, Decision, Event, Game, GameRecord, Pos, TileSource};

/// Parses and replays a record, panicking with the record's name on error.
fn replay_text(name: &str, text: &str, moves: Option<usize>) -> Game {
    let mut record = GameRecord::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    if let Some(n) = moves {
        assert!(n <= record.moves.len(), "{name} has fewer than {n} moves");
        record.moves.truncate(n);
    }
    let game = record
        .replay(&Catalog::default(), &TileSource::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        game.rules().score_sources()[..4],
        ["roads", "cities", "cloisters", "farms"],
        "breakdown order of the base game"
    );
    game
}

/// The golden record `name` (a file in `tests/golden/`), replayed in full.
macro_rules! replay {
    ($name:literal) => {
        replay_text($name, include_str!(concat!("golden/", $name)), None)
    };
    ($name:literal, first $n:expr) => {
        replay_text($name, include_str!(concat!("golden/", $name)), Some($n))
    };
}

/// Asserts a player's score and its breakdown `[roads, cities, cloisters, farms]`.
#[track_caller]
fn assert_points(game: &Game, player: u8, breakdown: [i32; 4]) {
    let s = game.state();
    let mut by_source = [0; 4];
    for (i, source) in [ROADS, CITIES, CLOISTERS, FARMS].into_iter().enumerate() {
        by_source[i] = s.breakdown(player)[source as usize];
    }
    assert_eq!(by_source, breakdown, "breakdown of player {player}");
    assert_eq!(
        s.score(player),
        breakdown.iter().sum::<i32>(),
        "score of player {player}"
    );
}

/// Followers of `player` in supply.
fn supply(game: &Game, player: u8) -> u8 {
    game.state().supply(player, 0)
}

/// The `Scored` events of the last play, as (player, points, source).
fn scored(game: &Game) -> Vec<(u8, i32, u16)> {
    game.last_events()
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                player, points, source, ..
            } => Some((player, points, source)),
            _ => None,
        })
        .collect()
}

/// Owners of the figures returned in the last play.
fn returned(game: &Game) -> Vec<u8> {
    game.last_events()
        .iter()
        .filter_map(|e| match *e {
            Event::FigureReturned { owner, .. } => Some(owner),
            _ => None,
        })
        .collect()
}

/// Number of `FeatureCompleted` events in the last play.
fn completed(game: &Game) -> usize {
    game.last_events()
        .iter()
        .filter(|e| matches!(e, Event::FeatureCompleted { .. }))
        .count()
}

fn tile_index(game: &Game, id: &str) -> u16 {
    game.rules().tile_by_id(id).expect("a base tile").index
}

#[test]
fn completed_road_scores_one_a_tile_and_returns_the_follower() {
    // W (junction) at (1,0) unturned: its west road runs into D's east end
    // and ends at W's junction. Ann deploys there. Bob's W at (-1,0) closes
    // D's west end with W's east road, which ends at that junction.
    // The road is W(1,0) + D + W(-1,0): 3 tiles.
    // RULES.md "Scoring right after placement": road 1 point a tile → 3,
    // to the player with the most followers on it (Ann), follower returned.
    let mid = replay!("road_completed.json", first 2);
    assert_eq!(supply(&mid, 0), 6, "Ann's follower stands on the road");
    assert_points(&mid, 0, [0, 0, 0, 0]);

    let game = replay!("road_completed.json");
    assert_eq!(scored(&game), vec![(0, 3, ROADS)]);
    assert_eq!(completed(&game), 1);
    assert_eq!(returned(&game), vec![0]);
    assert_points(&game, 0, [3, 0, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7, "the follower is back in supply");
    assert_eq!(supply(&game, 1), 7);
    assert!(game.state().figures().is_empty());
    assert!(game.is_over());
}

#[test]
fn completed_city_scores_two_a_tile_and_two_a_pennant() {
    // F turned 90° has its city (with pennant) north–south; two of them at
    // (0,-1) and (0,-2) extend D's cap northwards, E turned 180° at (0,-3)
    // puts its cap south and closes the city. Ann deploys on the first F.
    // City: D + F + F + E = 4 tiles, 2 pennants (one per F).
    // RULES.md "Scoring right after placement": city 2 a tile + 2 a pennant
    // → 2×4 + 2×2 = 12.
    let game = replay!("city_pennants.json");
    assert_eq!(scored(&game), vec![(0, 12, CITIES)]);
    assert_eq!(returned(&game), vec![0]);
    assert_points(&game, 0, [0, 12, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
}

#[test]
fn two_tile_city_scores_four_on_the_turn_it_is_deployed_on() {
    // E turned 180° at (0,-1): its cap faces south onto D's cap. Ann deploys
    // on the city the tile just completed; it scores in the same turn.
    // RULES.md "Then the player may deploy" comes before "Scoring right
    // after placement": city 2 a tile → 2×2 = 4, follower returned.
    let game = replay!("two_tile_city.json");
    assert_eq!(scored(&game), vec![(0, 4, CITIES)]);
    assert_points(&game, 0, [0, 4, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
}

#[test]
fn cloister_completed_by_its_eighth_neighbour_scores_nine() {
    // Ann's cloister B at (0,1). Its 8 neighbours: D (0,0); U at (-1,0) and
    // (1,0) continuing D's road; V at (-1,1) unturned, (1,1) at 270°, (-1,2)
    // at 180°, (1,2) at 90° (a road curving round the cloister's west, south
    // and east); and last U at (0,2), whose road joins the two lower curves.
    let before = replay!("cloister_completed.json", first 14);
    // 7 neighbours: not complete, nothing scored yet.
    assert_eq!(before.state().board().tiles().len(), 8);
    assert_points(&before, 0, [0, 0, 0, 0]);
    assert_eq!(supply(&before, 0), 6);

    // RULES.md "Scoring right after placement": cloister 9 when it and its 8
    // neighbours are placed. The road round it is still open at (-2,1) and
    // (2,1) and holds no follower: nothing else scores.
    let game = replay!("cloister_completed.json");
    assert_eq!(scored(&game), vec![(0, 9, CLOISTERS)]);
    assert_eq!(completed(&game), 1, "only the cloister is complete");
    assert_points(&game, 0, [0, 0, 9, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
}

#[test]
fn majority_two_followers_beat_one() {
    // Three cities that were separate when the followers went on them:
    //   Ann:  F turned 90° at (0,-1) (city N–S with pennant, joined to D's cap);
    //   Bob:  E unturned at (1,-1) (cap north, its own city);
    //   Ann:  E unturned at (-1,-1) (cap north, its own city).
    // Then N turned 180° at (-1,-2) (city S+E) takes the west E's cap, R turned
    // 180° at (0,-2) (city E+S+W) joins that to the F, and N turned 270°
    // at (1,-2) (city W+S) joins Bob's cap and closes everything.
    // City: D, F, E, E, N, R, N = 7 tiles, 1 pennant.
    let before = replay!("city_majority.json", first 10);
    assert_eq!(supply(&before, 0), 5);
    assert_eq!(supply(&before, 1), 6);
    assert_points(&before, 0, [0, 0, 0, 0]);

    // RULES.md "Scoring right after placement": city 2×7 + 2×1 = 16; "the
    // player(s) with the most followers in the feature score it": Ann (2)
    // against Bob (1) → 16 to Ann, none to Bob; "those followers return to
    // supply" — all three, Bob's included.
    let game = replay!("city_majority.json");
    assert_eq!(scored(&game), vec![(0, 16, CITIES)]);
    let mut back = returned(&game);
    back.sort_unstable();
    assert_eq!(back, vec![0, 0, 1]);
    assert_points(&game, 0, [0, 16, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
    assert_eq!(supply(&game, 1), 7);
}

#[test]
fn majority_tie_both_score_in_full() {
    // The same board as `majority_two_followers_beat_one`, but Ann passes on
    // the west E: one follower each in the 7-tile, 1-pennant city.
    // RULES.md "Scoring right after placement": "ties: all tied score the
    // full points" → 2×7 + 2×1 = 16 each.
    let game = replay!("city_tie.json");
    let mut points = scored(&game);
    points.sort_unstable();
    assert_eq!(points, vec![(0, 16, CITIES), (1, 16, CITIES)]);
    assert_points(&game, 0, [0, 16, 0, 0]);
    assert_points(&game, 1, [0, 16, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
    assert_eq!(supply(&game, 1), 7);
}

#[test]
fn completed_feature_without_follower_scores_for_no_one() {
    // E turned 180° at (0,-1) closes D's city (2 tiles); Ann passes.
    // RULES.md "Scoring right after placement": "A feature with no follower
    // scores for no one."
    let game = replay!("completed_no_follower.json");
    assert_eq!(completed(&game), 1, "the city is complete");
    assert!(scored(&game).is_empty());
    assert_points(&game, 0, [0, 0, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 0]);
}

#[test]
fn one_tile_completes_a_road_and_a_city_for_two_players() {
    // Ann: V turned 90° at (1,0) (road W–N), on D's road. Bob: W at (-1,0)
    // ends the road's west end. Ann: V unturned at (1,-1) (road S–W) turns
    // it back west. Bob: L turned 180° at (0,-1): cap south onto D's cap,
    // its east road ends the road at L's junction; Bob deploys on the city.
    // RULES.md "Scoring right after placement", "for every feature completed
    // by that tile": road W + D + V + V + L = 5 tiles → 5 to Ann; city D + L
    // = 2 tiles → 2×2 = 4 to Bob. Both followers return.
    let game = replay!("two_features_one_tile.json");
    assert_eq!(completed(&game), 2);
    let mut points = scored(&game);
    points.sort_unstable();
    assert_eq!(points, vec![(0, 5, ROADS), (1, 4, CITIES)]);
    assert_points(&game, 0, [5, 0, 0, 0]);
    assert_points(&game, 1, [0, 4, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
    assert_eq!(supply(&game, 1), 7);
}

#[test]
fn end_game_scores_incomplete_road_city_and_cloister() {
    // Ann: U at (1,0) on D's road → road D + U, open both ends, 2 tiles.
    // Bob: F turned 90° at (0,-1) on D's city → city D + F, open north,
    //      2 tiles, 1 pennant.
    // Ann: cloister B at (0,1); of its 8 neighbours only D (0,0) and U (1,0)
    //      are placed.
    // RULES.md "Game end": road 1 a tile → 2; city 1 a tile + 1 a pennant →
    // 2 + 1 = 3; cloister 1 + 1 per neighbouring tile → 1 + 2 = 3.
    let game = replay!("endgame_incomplete.json");
    assert!(game.is_over());
    assert!(game.last_events().contains(&Event::FinalScoring));
    let mut points = scored(&game);
    points.sort_unstable();
    assert_eq!(points, vec![(0, 2, ROADS), (0, 3, CLOISTERS), (1, 3, CITIES)]);
    assert_points(&game, 0, [2, 0, 3, 0]);
    assert_points(&game, 1, [0, 3, 0, 0]);
}

#[test]
fn farm_scores_its_completed_city_only() {
    // Ann: E turned 180° at (0,-1) closes D's city (no follower: no points).
    // Bob: D unturned at (1,0); its field between city and road joins the
    // start tile's, and Bob deploys a farmer there. The farm touches the
    // completed city (D + E) and the new D's own cap, which stays open.
    // RULES.md "Game end": "for each farm, each *completed* city touching it
    // gives 3 points" → 3 for the completed city, 0 for the open one.
    let game = replay!("farm_complete_and_incomplete_city.json");
    assert_eq!(scored(&game), vec![(1, 3, FARMS)]);
    assert_points(&game, 0, [0, 0, 0, 0]);
    assert_points(&game, 1, [0, 0, 0, 3]);
}

#[test]
fn two_farms_touching_one_city_each_score_it() {
    // Ann: E turned 180° at (0,-1) closes D's city (2 tiles) and Ann puts a
    // farmer in E's field (north of the city). Bob: U at (1,0); its north
    // field joins D's field south of the city, and Bob puts a farmer there.
    // The city separates the two farms; each touches the one completed city.
    // RULES.md "Game end": each farm's majority gets 3 per completed city it
    // touches → 3 to Ann and 3 to Bob, for the same city.
    let game = replay!("farms_share_city.json");
    let mut points = scored(&game);
    points.sort_unstable();
    assert_eq!(points, vec![(0, 3, FARMS), (1, 3, FARMS)]);
    assert_points(&game, 0, [0, 0, 0, 3]);
    assert_points(&game, 1, [0, 0, 0, 3]);
}

#[test]
fn farm_tie_both_score_and_a_city_counts_once() {
    // As in `two_farms_touching_one_city_each_score_it`, then Ann's E at (1,-1)
    // (cap north) joins E(0,-1)'s field on its west side and U(1,0)'s field on
    // its south side: one farm with one farmer each, touching the completed
    // city D + E (from both of its tiles) and the new, open cap.
    // RULES.md "Game end": 3 per completed city, counted once per farm;
    // "ties: all tied score the full points" → 3 each (not 6, not 0).
    let game = replay!("farm_tie.json");
    let mut points = scored(&game);
    points.sort_unstable();
    assert_eq!(points, vec![(0, 3, FARMS), (1, 3, FARMS)]);
    assert_points(&game, 0, [0, 0, 0, 3]);
    assert_points(&game, 1, [0, 0, 0, 3]);
}

#[test]
fn tile_that_fits_nowhere_is_discarded_and_the_next_drawn() {
    // Ann: E turned 180° at (0,-1) closes D's only city. Open edges are now
    // road and field only, so C (city on all four sides) fits nowhere.
    // RULES.md "A turn": "A drawn tile that fits nowhere is discarded and
    // another is drawn" — Bob draws C, it is discarded, Bob draws U.
    let c = {
        let game = replay!("discard.json", first 0);
        tile_index(&game, "C")
    };
    let mid = replay!("discard.json", first 2);
    assert!(mid.last_events().contains(&Event::TileDiscarded { tile: c }));
    assert_eq!(mid.state().discarded(), &[c]);
    let u = tile_index(&mid, "U");
    assert_eq!(mid.decision(), Some(Decision::Place { player: 1, tile: u }));

    // The game goes on: Bob places U at (1,0) on D's road and deploys; at
    // the end the incomplete road D + U scores 1 a tile → 2 ("Game end").
    let game = replay!("discard.json");
    assert_eq!(game.state().discarded(), &[c]);
    assert_eq!(game.state().board().tiles().len(), 3);
    assert_eq!(game.state().tiles_left(), 0);
    assert_points(&game, 0, [0, 0, 0, 0]);
    assert_points(&game, 1, [2, 0, 0, 0]);
}

#[test]
fn discarding_the_last_tile_ends_the_game() {
    // Ann closes D's city with E turned 180° and puts a farmer in E's field;
    // the last tile, C, fits nowhere and is discarded, so the game ends.
    // RULES.md "Game end": the farm touches the completed city → 3.
    let game = replay!("discard_last.json");
    let c = tile_index(&game, "C");
    assert!(game.is_over());
    assert_eq!(game.state().discarded(), &[c]);
    assert_eq!(game.state().board().tiles().len(), 2);
    assert_points(&game, 0, [0, 0, 0, 3]);
}

#[test]
fn h_caps_stay_separate_cities() {
    // H unturned at (0,-1): caps north and south, not joined. Its south cap
    // closes D's city; Ann deploys there. City D + H(south) = 2 tiles.
    // RULES.md "Scoring right after placement": 2×2 = 4 (were the caps one
    // city, it would still be open to the north and score nothing now).
    let mid = replay!("separate_caps_h.json", first 2);
    assert_eq!(scored(&mid), vec![(0, 4, CITIES)]);
    assert_eq!(supply(&mid, 0), 7);

    // Bob: E turned 180° at (0,-2) closes H's north cap: E + H(north) = 2
    // tiles → 4 to Bob (not 3 tiles, not 6 points).
    let game = replay!("separate_caps_h.json");
    assert_eq!(scored(&game), vec![(1, 4, CITIES)]);
    assert_points(&game, 0, [0, 4, 0, 0]);
    assert_points(&game, 1, [0, 4, 0, 0]);
    assert_eq!(supply(&game, 1), 7);
}

#[test]
fn i_caps_stay_separate_cities() {
    // I turned 180° at (0,-1): caps south and east, not joined. The south
    // cap closes D's city (no follower there: it scores for no one); Ann's
    // follower on the east cap stays, since that city is still open.
    // RULES.md "Game end": the east cap is an incomplete 1-tile city without
    // pennant → 1.
    let game = replay!("separate_caps_i.json");
    assert_eq!(completed(&game), 1, "only the south cap's city completes");
    assert_eq!(scored(&game), vec![(0, 1, CITIES)]);
    assert_points(&game, 0, [0, 1, 0, 0]);
    assert_eq!(supply(&game, 0), 6, "the follower stayed on the open cap");
}

#[test]
fn road_loop_counts_a_tile_once() {
    // X (crossroads) at (1,0); Ann deploys on its south road. V turned 180°
    // at (1,1) (road N–E), 90° at (2,1) (W–N) and unturned at (2,0) (S–W)
    // lead the road back into X's east road. Both ends stop at X's centre:
    // the road is complete, over X, V, V, V — X's two road pieces are one
    // tile. RULES.md "Scoring right after placement": road 1 a tile → 4.
    let game = replay!("road_loop.json");
    assert_eq!(scored(&game), vec![(0, 4, ROADS)]);
    assert_points(&game, 0, [4, 0, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
}

#[test]
fn city_ring_counts_a_tile_once() {
    // A ring of city round a 2×2 block south of D: N turned 180° at (0,1)
    // (city E+S, Ann deploys), N turned 270° at (1,1) (W+S), N turned 90° at
    // (0,2) (N+E) and I unturned at (1,2), whose two separate caps (N and W)
    // join the ring from both sides. City: N, N, N, I = 4 tiles, no pennant.
    // RULES.md "Scoring right after placement": 2 a tile → 8 (not 10).
    let game = replay!("city_ring.json");
    assert_eq!(scored(&game), vec![(0, 8, CITIES)]);
    assert_points(&game, 0, [0, 8, 0, 0]);
    assert_eq!(supply(&game, 0), 7);
    // The ring lies south of the start tile; D's own city is untouched.
    assert!(game.state().board().get(Pos::new(0, -1)).is_none());
}
