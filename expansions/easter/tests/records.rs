//! Hand-written game records (tests/records/) replayed under the Easter
//! rules. Every expected egg count and point total is worked out by hand
//! from the rules digest ("Easter in Carcassonne"); the comments show how.
//!
//! Board geometry used below: the start tile D lies at (0,0); x grows east,
//! y south. "The block" of a nest is the nest tile and its 8 neighbours.

mod common;

use carcassonne_core::serde_json::json;
use carcassonne_core::{Event, GameRecord, Move};
use common::*;
use std::collections::BTreeSet;

fn set(paths: Vec<Vec<carcassonne_core::Pos>>) -> BTreeSet<Vec<carcassonne_core::Pos>> {
    paths.into_iter().collect()
}

// ---------------------------------------------------------------- nests ----

/// Nest EA-N2 at (0,1); its block is x -1..=1, y 0..=2. The 9th tile, Ann's
/// V at (1,2), is the 8th neighbour. Followers in the block: Ann on the road
/// of (1,0), on the nest's road (0,1) and on the city of (0,2); Bob on the
/// fields of (-1,0) and (1,1). Ann's cloister at (2,1) is outside.
#[test]
fn nest_completed_by_its_eighth_neighbour() {
    // With 7 of the 8 neighbours placed the nest gives nothing.
    let before = replay_prefix("nest_eighth_neighbour.json", &[], 16);
    assert_eq!(state_of(&before.game).eggs, [0, 0]);
    assert!(state_of(&before.game).nests_scored.is_empty());

    let r = replay("nest_eighth_neighbour.json", &[]);
    // Ann: 2 for the completing tile + 3 followers in the block = 5.
    // Bob: 2 followers in the block = 2.
    assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 0, vec![5, 2])]);
    assert_eq!(state_of(&r.game).eggs, [5, 2]);
    assert_eq!(state_of(&r.game).nests_scored, ps(&[[0, 1]]));
    // Final scoring: most eggs (Ann, 5) 10; second-highest (Bob, 2) 5.
    assert!(r.game.is_over());
    assert_eq!(easter_points(&r.game), [10, 5]);
}

/// The ring around (0,1) is complete before the nest tile EA-N1 (a cloister)
/// goes into the hole as Bob's 4th tile. Bob deploys on its cloister, which
/// is complete at once: regular scoring gives him 9 and returns the
/// follower, and only then is the nest scored.
#[test]
fn nest_completed_by_the_nest_tile_itself() {
    for variant in [&[][..], &[("bunny_phase", "before-scoring")][..]] {
        let r = replay("nest_tile_last.json", variant);
        // Bob placed the completing (nest) tile: 2, plus his followers on
        // (-1,0) and (-1,1): 4. His cloister follower has left: 0 for it.
        // Ann: followers on (1,0), (1,1) and (0,2): 3.
        // The bunny-phase variant does not move nest scoring: still after
        // regular scoring, so the same counts.
        assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 1, vec![3, 4])], "{variant:?}");
        assert_eq!(state_of(&r.game).eggs, [3, 4]);
        let cloisters = r
            .game
            .rules()
            .score_sources()
            .iter()
            .position(|s| s == "cloisters")
            .unwrap();
        assert_eq!(
            r.game.state().breakdown(1)[cloisters],
            9,
            "the nest's cloister: 1 + 8 neighbours"
        );
        // Most eggs: Bob 10; second: Ann 5.
        assert_eq!(easter_points(&r.game), [5, 10]);
    }
}

/// Bob's Bunny tile EA-B1 at (1,2) completes the block of nest EA-N1 at
/// (0,1), the nest's own cloister (Ann's follower) and the road (0,2)-(1,2)
/// (Bob's follower on (0,2)). Seed 5 rolls 1 for Bob (who placed the Bunny
/// tile, so he starts) and 1 for Ann. Bob hops to (0,2), Ann to (0,1).
#[test]
fn followers_returned_by_regular_scoring_earn_no_eggs_after_scoring() {
    let r = replay("bunny_tile_completes_nest.json", &[]);
    assert_eq!(rolls(&r), [(1, 1, 1, 1), (0, 1, 1, 1)]);
    // Regular scoring first: Bob's road follower and Ann's cloister follower
    // go home. Nest: Bob 2 for the tile + (-1,0) + (1,1) = 4; Ann (1,0) +
    // (-1,1) = 2.
    assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 1, vec![2, 4])]);
    // Then the bunny phase: the tiles it enters have no follower left.
    assert_eq!(
        bunny_moves(&r),
        vec![(1, ps(&[[0, 2]]), vec![0, 0]), (0, ps(&[[0, 1]]), vec![0, 0])]
    );
    assert_eq!(state_of(&r.game).eggs, [2, 4]);
    // The nest is scored before the bunny phase starts.
    let log = logs(&r.game, &r.events);
    let nest_at = log.iter().position(|d| d.get("nest").is_some()).unwrap();
    let phase_at = log.iter().position(|d| d.get("bunny-phase").is_some()).unwrap();
    assert!(nest_at < phase_at);
    assert_eq!(easter_points(&r.game), [5, 10]);
}

/// The same game under the original rules' `before-scoring` bunny phase: the
/// bunny moves while the followers of the features this tile completes still
/// stand, so they earn bunny eggs; the nest is still scored after regular
/// scoring, so they still earn no nest eggs.
#[test]
fn before_scoring_bunny_phase_pays_followers_about_to_leave() {
    let r = replay("bunny_tile_completes_nest.json", &[("bunny_phase", "before-scoring")]);
    // The same seed, the same rolls.
    assert_eq!(rolls(&r), [(1, 1, 1, 1), (0, 1, 1, 1)]);
    // Bob enters (0,2): his road follower, 1 egg. Ann enters (0,1): her
    // cloister follower, 1 egg.
    assert_eq!(
        bunny_moves(&r),
        vec![(1, ps(&[[0, 2]]), vec![0, 1]), (0, ps(&[[0, 1]]), vec![1, 0])]
    );
    // Nest after regular scoring, as before: [2, 4].
    assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 1, vec![2, 4])]);
    assert_eq!(state_of(&r.game).eggs, [3, 5]);
    // The bunny moved before the turn's features were scored.
    let last_path = r
        .events
        .iter()
        .rposition(|e| matches!(e, Event::Expansion { detail, .. } if detail.get("bunny-path").is_some()))
        .unwrap();
    let first_completion = r
        .events
        .iter()
        .position(|e| matches!(e, Event::FeatureCompleted { .. }))
        .unwrap();
    assert!(last_path < first_completion);
    // Bob 5 eggs: 10; Ann 3: 5.
    assert_eq!(easter_points(&r.game), [5, 10]);
}

// ---------------------------------------------------------------- bunny ----

/// Tiles: D (0,0), U (1,0) with Ann's road follower, E (1,-1) with Bob's city
/// follower, and Ann's Bunny tile EA-B2 at (2,0). The only way into (1,-1)
/// is from (1,0): a dead end. Seed 15 rolls 2 for Ann, then 3 for Bob.
#[test]
fn bunny_moved_into_a_dead_end_moves_out_as_far_as_it_can() {
    // Ann's 2 hops from (2,0): through (1,0), then (0,0) or (1,-1).
    let ann = replay_prefix("bunny_dead_end.json", &[], 6);
    assert_eq!(state_of(&ann.game).bunny, Some(ps(&[[2, 0]])[0]));
    assert_eq!(
        set(offered_paths(&ann.game)),
        set(vec![ps(&[[1, 0], [0, 0]]), ps(&[[1, 0], [1, -1]])])
    );
    // Bob rolled 3, but from (1,-1) every path stops after 2 hops: (1,0),
    // then (0,0) or (2,0) — both dead ends.
    let bob = replay_prefix("bunny_dead_end.json", &[], 7);
    assert_eq!(
        set(offered_paths(&bob.game)),
        set(vec![ps(&[[1, 0], [0, 0]]), ps(&[[1, 0], [2, 0]])])
    );
    let r = replay("bunny_dead_end.json", &[]);
    assert_eq!(rolls(&r), [(0, 2, 2, 2), (1, 3, 3, 2)]);
    // Ann enters (1,0) (her follower) and (1,-1) (Bob's): 1 each. Bob enters
    // (1,0) (Ann's) and (2,0) (nobody): Ann 1.
    assert_eq!(
        bunny_moves(&r),
        vec![
            (0, ps(&[[1, 0], [1, -1]]), vec![1, 1]),
            (1, ps(&[[1, 0], [2, 0]]), vec![1, 0])
        ]
    );
    assert_eq!(state_of(&r.game).eggs, [2, 1]);
    assert_eq!(state_of(&r.game).bunny, Some(ps(&[[2, 0]])[0]));
    assert_eq!(easter_points(&r.game), [10, 5]);
}

/// The same game with `short_path = "stay"`: Bob's 3 cannot be walked from
/// the dead end, so the bunny stays and Bob is not asked anything.
#[test]
fn short_path_stay_leaves_the_bunny_in_its_dead_end() {
    let r = replay("bunny_dead_end_stay.json", &[]);
    assert_eq!(rolls(&r), [(0, 2, 2, 2), (1, 3, 3, 2)]);
    assert_eq!(bunny_moves(&r).len(), 1, "Bob makes no move");
    assert!(
        logs(&r.game, &r.events).contains(&json!({ "player": 1, "bunny-stays": [1, -1] })),
        "the void move is logged"
    );
    // The record ends with Ann's path: no decision was asked of Bob.
    assert!(r.game.is_over());
    assert_eq!(state_of(&r.game).bunny, Some(ps(&[[1, -1]])[0]));
    // Only Ann's move: 1 egg each, a tie for the most: 10 each.
    assert_eq!(state_of(&r.game).eggs, [1, 1]);
    assert_eq!(easter_points(&r.game), [10, 10]);
}

/// Seed 4 rolls 3 for Ann with the bunny on (2,0), where no path is longer
/// than 2 hops: every 2-hop path is offered, and only those.
#[test]
fn three_hop_roll_with_only_two_hops_possible() {
    let ann = replay_prefix("bunny_short_roll.json", &[], 6);
    let phase = state_of(&ann.game).bunny_phase.unwrap().current.unwrap();
    assert_eq!((phase.player, phase.rolled, phase.hops), (0, 3, 2));
    // From (2,0) the only neighbour is (1,0); from there (0,0) or (1,-1);
    // from either nothing new: the 2-hop paths are exactly these two.
    assert_eq!(
        set(offered_paths(&ann.game)),
        set(vec![ps(&[[1, 0], [0, 0]]), ps(&[[1, 0], [1, -1]])])
    );
    // The mover's best path comes first: both give Ann her follower's egg
    // on (1,0), the second also gives Bob one on (1,-1).
    assert_eq!(offered_paths(&ann.game)[0], ps(&[[1, 0], [0, 0]]));

    let r = replay("bunny_short_roll.json", &[]);
    assert_eq!(rolls(&r), [(0, 3, 3, 2), (1, 3, 3, 2)]);
    // Ann: (1,0),(0,0) → Ann 1. Bob from (0,0): (1,0),(1,-1) → Ann 1, Bob 1.
    assert_eq!(state_of(&r.game).eggs, [2, 1]);
    assert_eq!(easter_points(&r.game), [10, 5]);

    // Under `short_path = "stay"` both 3s are void: no decision, no egg.
    let stay = replay_prefix("bunny_short_roll.json", &[("short_path", "stay")], 6);
    assert!(stay.game.is_over());
    assert_eq!(rolls(&stay), [(0, 3, 3, 2), (1, 3, 3, 2)]);
    assert_eq!(state_of(&stay.game).eggs, [0, 0]);
    assert_eq!(state_of(&stay.game).bunny, Some(ps(&[[2, 0]])[0]));
    assert_eq!(easter_points(&stay.game), [0, 0]);
}

/// Tiles in a row: EA-B2 (-2,0), U (-1,0) with Bob's field follower, D
/// (0,0), nest EA-N2 (1,0) with Ann's road follower. Seed 5 rolls 1, 1.
#[test]
fn bunny_placement_variant_decides_where_the_phase_starts() {
    // HiG: the bunny goes onto the Bunny tile, so Ann's 1 hop from (-2,0)
    // can only enter (-1,0): Bob's follower, 1 egg. Bob then hops to (0,0).
    let nest_placed = replay_prefix("bunny_on_bunny_tile.json", &[], 2);
    assert_eq!(
        state_of(&nest_placed.game).bunny,
        None,
        "a Nest tile does not place the bunny"
    );
    let hig = replay("bunny_on_bunny_tile.json", &[]);
    assert_eq!(rolls(&hig), [(0, 1, 1, 1), (1, 1, 1, 1)]);
    assert_eq!(
        bunny_moves(&hig),
        vec![(0, ps(&[[-1, 0]]), vec![0, 1]), (1, ps(&[[0, 0]]), vec![0, 0])]
    );
    assert_eq!(state_of(&hig.game).eggs, [0, 1]);
    assert_eq!(easter_points(&hig.game), [0, 10]);

    // Original: the bunny goes onto the Nest tile (1,0) when it is placed;
    // the Bunny tile only starts the phase from there.
    let nest_placed = replay_prefix("bunny_on_nest_tile.json", &[], 2);
    assert_eq!(state_of(&nest_placed.game).bunny, Some(ps(&[[1, 0]])[0]));
    let ann = replay_prefix("bunny_on_nest_tile.json", &[], 6);
    assert_eq!(state_of(&ann.game).bunny, Some(ps(&[[1, 0]])[0]));
    assert_eq!(offered_paths(&ann.game), vec![ps(&[[0, 0]])]);
    let original = replay("bunny_on_nest_tile.json", &[]);
    // Ann enters (0,0): nobody. Bob enters (1,0): Ann's follower, 1.
    assert_eq!(
        bunny_moves(&original),
        vec![(0, ps(&[[0, 0]]), vec![0, 0]), (1, ps(&[[1, 0]]), vec![1, 0])]
    );
    assert_eq!(state_of(&original.game).eggs, [1, 0]);
    // Ann 1 egg: 10; Bob 0 eggs: nothing.
    assert_eq!(easter_points(&original.game), [10, 0]);

    // The HiG game's first path is not legal under the original rule.
    let mut wrong = record("bunny_on_bunny_tile.json", &[("bunny_placement", "nest-tile")]);
    wrong.moves.truncate(7);
    let err = wrong.replay(&catalog(), &tiles()).unwrap_err().to_string();
    assert!(err.contains("move 7") && err.contains("easter does not allow"), "{err}");
}

/// Without a nest on the board, the original placement rule puts the bunny
/// on the Bunny tile too (it is not yet on the board): the same game.
#[test]
fn nest_tile_variant_places_the_bunny_on_a_bunny_tile_while_off_the_board() {
    let r = replay("bunny_dead_end.json", &[("bunny_placement", "nest-tile")]);
    assert_eq!(state_of(&r.game).eggs, [2, 1]);
}

/// The d6 variant maps faces 1-2, 3-4, 5-6 to 1, 2, 3 hops: the same game
/// RNG draw gives the same hops as the special die (both are uniform over
/// 1, 2, 3 hops); only the face shown differs.
#[test]
fn d6_variant_rolls_faces_one_to_six() {
    let special = replay("bunny_dead_end.json", &[]);
    let d6 = replay("bunny_dead_end.json", &[("die", "d6")]);
    let (s, d) = (rolls(&special), rolls(&d6));
    assert_eq!(s.len(), d.len());
    for ((sp, sface, shops, _), (dp, dface, dhops, _)) in s.iter().zip(&d) {
        assert_eq!((sp, shops), (dp, dhops));
        // The special die's face is its hop count.
        assert_eq!(sface, shops);
        assert!((1..=6).contains(dface));
        assert_eq!(dface.div_ceil(2), *dhops, "d6 face {dface}");
    }
    assert_eq!(state_of(&d6.game).eggs, state_of(&special.game).eggs);
}

// ------------------------------------------------------- final scoring ----

/// The nest-completion layout of `nest_eighth_neighbour.json` with three
/// players: Cid places the 9th tile (2 eggs for him). Ann: (1,0), (1,1),
/// (0,2) = 3. Bob: (-1,0) = 1 (his cloister at (2,1) is outside). Cid: 2 +
/// the nest's road = 3.
#[test]
fn tie_for_most_eggs_both_score_ten_and_the_next_count_five() {
    let r = replay("final_tie_first.json", &[]);
    assert_eq!(state_of(&r.game).eggs, [3, 1, 3]);
    assert_eq!(easter_points(&r.game), [10, 5, 10]);
}

/// Ann: (1,0), (1,1), (0,2) = 3. Bob: (-1,0) and the road of (-1,2) = 2.
/// Cid: 2 for the completing tile. Bob and Cid share the second-highest count.
#[test]
fn tie_for_second_both_score_five() {
    let r = replay("final_tie_second.json", &[]);
    assert_eq!(state_of(&r.game).eggs, [3, 2, 2]);
    assert_eq!(easter_points(&r.game), [10, 5, 5]);
    // With 3 players the original rule gives the 5 points too.
    let original = replay("final_tie_second.json", &[("second_place", "more-than-two-players")]);
    assert_eq!(easter_points(&original.game), [10, 5, 5]);
}

/// Ann completes the nest with no follower in the block: 2. Bob: (-1,0) and
/// (1,1) = 2. Everyone has the most eggs.
#[test]
fn everyone_tied_all_score_ten() {
    let r = replay("final_tie_all.json", &[]);
    assert_eq!(state_of(&r.game).eggs, [2, 2]);
    assert_eq!(easter_points(&r.game), [10, 10]);
}

/// Ann: 2 + her road follower on (1,0) = 3. Bob has no egg: 0 is the
/// second-highest count, but 0 eggs score nothing.
#[test]
fn zero_eggs_score_nothing() {
    let r = replay("final_zero_eggs.json", &[]);
    assert_eq!(state_of(&r.game).eggs, [3, 0]);
    assert_eq!(easter_points(&r.game), [10, 0]);
    let none = replay("final_no_eggs.json", &[]);
    assert_eq!(state_of(&none.game).eggs, [0, 0]);
    assert_eq!(easter_points(&none.game), [0, 0]);
}

/// Two players, 5 and 2 eggs: the original rule gives second place nothing.
#[test]
fn second_place_variant_needs_three_players() {
    let hig = replay("nest_eighth_neighbour.json", &[]);
    assert_eq!(easter_points(&hig.game), [10, 5]);
    let original = replay(
        "nest_eighth_neighbour.json",
        &[("second_place", "more-than-two-players")],
    );
    assert_eq!(state_of(&original.game).eggs, [5, 2]);
    assert_eq!(easter_points(&original.game), [10, 0]);
}

// ------------------------------------------------ state, input, errors ----

#[test]
fn public_state_shows_eggs_bunny_and_the_pending_roll() {
    let r = replay_prefix("bunny_dead_end.json", &[], 7);
    let slot = r.game.rules().expansion_slot("easter").unwrap();
    let public = r.game.public_expansion_state(slot);
    assert_eq!(public["eggs"], json!([1, 1]));
    assert_eq!(public["bunny"], json!([1, -1]));
    assert_eq!(
        public["bunny_phase"]["current"],
        json!({ "player": 1, "face": 3, "rolled": 3, "hops": 2 })
    );
    match r.game.decision() {
        Some(carcassonne_core::Decision::Expansion { player, label, .. }) => {
            assert_eq!((player, label), (1, "bunny path"));
        }
        other => panic!("expected Bob's bunny path, got {other:?}"),
    }
}

#[test]
fn bad_paths_are_refused_with_a_reason() {
    let mut r = record("bunny_dead_end.json", &[]);
    r.moves.truncate(6);
    let attempt = |m: carcassonne_core::serde_json::Value| {
        let mut rec: GameRecord = r.clone();
        rec.moves
            .push(carcassonne_core::serde_json::from_value::<Move>(m).unwrap());
        rec.replay(&catalog(), &tiles()).unwrap_err().to_string()
    };
    // Not one of the offered paths (too short for the roll of 2).
    let err = attempt(json!({ "easter": { "path": [[1, 0]] } }));
    assert!(err.contains("easter does not allow"), "{err}");
    // Across an empty cell.
    let err = attempt(json!({ "easter": { "path": [[1, 0], [1, 1]] } }));
    assert!(err.contains("easter does not allow"), "{err}");
    // Longer than any roll: refused when the record is read.
    let err = attempt(json!({ "easter": { "path": [[1, 0], [2, 0], [3, 0], [4, 0]] } }));
    assert!(err.contains("a bunny path enters at most 3 tiles, this one 4"), "{err}");
    // Not a path at all.
    let err = attempt(json!({ "easter": { "way": [[1, 0]] } }));
    assert!(err.contains("easter") && err.contains("way"), "{err}");
}

fn catalog() -> carcassonne_core::Catalog {
    let mut catalog = carcassonne_core::Catalog::default();
    catalog.add(&carcassonne_easter::INFO).unwrap();
    catalog
}

// ------------------------------------------ defaults of engine versions ----

/// `short_path = "stay"` is the default (source: the bunny moves exactly the
/// roll; "it may be moved deliberately into a dead end … the following
/// players must forgo the movement"). `bunny_dead_end_default.json` is
/// `bunny_dead_end_stay.json` written by engine 0.2.0 with no variant
/// stated: Ann rolls 2 and walks (1,0), (1,-1) — her road follower and Bob's
/// city follower, 1 egg each. Bob rolls 3, but from the dead end (1,-1) no
/// path is longer than 2: his move is void, and no decision is asked.
/// Eggs 1, 1: both have the most, 10 each.
#[test]
fn short_path_stay_is_the_default() {
    let r = replay("bunny_dead_end_default.json", &[]);
    assert_eq!(r.game.rules().config.variants["easter"]["short_path"], "stay".into());
    assert_eq!(rolls(&r), [(0, 2, 2, 2), (1, 3, 3, 2)]);
    assert_eq!(bunny_moves(&r), vec![(0, ps(&[[1, 0], [1, -1]]), vec![1, 1])]);
    assert!(logs(&r.game, &r.events).contains(&json!({ "player": 1, "bunny-stays": [1, -1] })));
    assert!(r.game.is_over());
    assert_eq!(state_of(&r.game).eggs, [1, 1]);
    assert_eq!(easter_points(&r.game), [10, 10]);
}

/// `bunny_dead_end.json` names no engine, so it is read as a record of
/// engine 0.1.0, whose default was `short_path = "longest"`: it replays as
/// it was played (Bob walks 2 of his 3 hops out of the dead end; eggs 2, 1).
/// The same moves claimed by engine 0.2.0 are refused at Bob's path, since
/// his roll is void there; stating the old reading replays them again.
#[test]
fn records_of_engine_0_1_0_keep_the_longest_path_default() {
    let old = replay("bunny_dead_end.json", &[]);
    assert_eq!(
        old.game.rules().config.variants["easter"]["short_path"],
        "longest".into()
    );
    assert_eq!(state_of(&old.game).eggs, [2, 1]);

    let mut new = record("bunny_dead_end.json", &[]);
    new.engine = "0.2.0".into();
    let err = new.replay(&catalog(), &tiles()).unwrap_err().to_string();
    assert!(err.starts_with("move 8 "), "{err}");

    let stated = record("bunny_dead_end.json", &[("short_path", "longest")]);
    let mut stated_new = stated.clone();
    stated_new.engine = "0.2.0".into();
    let again = play(&stated_new, &[]);
    assert_eq!(state_of(&again.game).eggs, [2, 1]);
}

/// `revisits = "phase"`: no tile twice in the whole bunny phase, so the
/// source's dead end lasts. Same board and seed as `bunny_dead_end.json`.
/// Ann's 2 hops from (2,0) may not come back to (2,0): (1,0) then (0,0) or
/// (1,-1), as before; she takes (1,0), (1,-1) (1 egg each). Bob's bunny
/// stands on (1,-1), whose only neighbour (1,0) was visited this phase: it
/// cannot hop at all, so Bob does not even roll ("bunny-stuck"). Eggs 1, 1:
/// 10 each.
///
/// Under the default `revisits = "move"` the bunny could go back through
/// (1,0): Bob rolls 3, no 3-hop path exists, and `short_path = "stay"`
/// voids his move instead (`short_path_stay_is_the_default`).
#[test]
fn revisits_phase_makes_a_dead_end_last() {
    let ann = replay_prefix("bunny_phase_dead_end.json", &[], 6);
    assert_eq!(
        set(offered_paths(&ann.game)),
        set(vec![ps(&[[1, 0], [0, 0]]), ps(&[[1, 0], [1, -1]])])
    );
    assert_eq!(state_of(&ann.game).visited, ps(&[[2, 0]]));
    let slot = ann.game.rules().expansion_slot("easter").unwrap();
    assert_eq!(ann.game.public_expansion_state(slot)["visited"], json!([[2, 0]]));

    let r = replay("bunny_phase_dead_end.json", &[]);
    assert_eq!(rolls(&r), [(0, 2, 2, 2)], "Bob has no roll");
    assert!(logs(&r.game, &r.events).contains(&json!({ "player": 1, "bunny-stuck": [1, -1] })));
    assert!(r.game.is_over());
    assert_eq!(state_of(&r.game).eggs, [1, 1]);
    assert!(state_of(&r.game).visited.is_empty(), "forgotten when the phase ends");
    assert_eq!(easter_points(&r.game), [10, 10]);

    // Per move, with the old `longest`: Bob may walk back through (1,0).
    let per_move = replay_prefix(
        "bunny_phase_dead_end.json",
        &[("revisits", "move"), ("short_path", "longest")],
        7,
    );
    assert_eq!(
        set(offered_paths(&per_move.game)),
        set(vec![ps(&[[1, 0], [0, 0]]), ps(&[[1, 0], [2, 0]])])
    );
}
