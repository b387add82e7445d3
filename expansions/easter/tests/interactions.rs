//! Figures of other expansions: which earn eggs is read from each figure's
//! declaration (class `Follower` earns 1 egg per figure, `Special` none).
//! Digest: "a big follower, wagon, mayor or shepherd counts once; builder,
//! pig and barn never earn eggs".

mod common;

use carcassonne_core::FigureClass;
use common::*;

/// `nest_eighth_neighbour.json` with Ann's first follower, on the road of
/// (1,0) inside the nest's block, replaced by her big follower.
#[test]
fn big_follower_earns_one_nest_egg() {
    let r = play(
        &record("nest_big_follower.json", &[]),
        &[&carcassonne_inns_and_cathedrals::INFO],
    );
    let big = r.game.rules().figure_index("big-follower").unwrap();
    assert!(
        r.game
            .state()
            .figures_on(ps(&[[1, 0]])[0])
            .any(|f| f.kind == big && f.owner == 0),
        "the big follower stands in the block"
    );
    // Ann: 2 for the completing tile + 1 (big follower, counted once) + nest
    // road + city of (0,2) = 5, as with an ordinary follower. Bob: 2.
    assert_eq!(state_of(&r.game).eggs, [5, 2]);
    assert_eq!(easter_points(&r.game), [10, 5]);
}

/// `bunny_dead_end.json` with Ann's road follower on (1,0) replaced by her
/// big follower: each of the two hops through (1,0) gives her 1 egg.
#[test]
fn big_follower_earns_one_bunny_egg_per_visit() {
    let r = play(
        &record("bunny_big_follower.json", &[]),
        &[&carcassonne_inns_and_cathedrals::INFO],
    );
    assert_eq!(rolls(&r), [(0, 2, 2, 2), (1, 3, 3, 2)]);
    assert_eq!(
        bunny_moves(&r),
        vec![
            (0, ps(&[[1, 0], [1, -1]]), vec![1, 1]),
            (1, ps(&[[1, 0], [2, 0]]), vec![1, 0])
        ]
    );
    assert_eq!(state_of(&r.game).eggs, [2, 1]);
}

/// `nest_eighth_neighbour.json` where Ann, instead of passing, puts her barn
/// on the NW corner of the completing tile (1,2) — inside the block. The
/// corner's farm holds no farmer, so the barn scores nothing there.
#[test]
fn barn_never_earns_eggs() {
    let r = play(&record("nest_barn.json", &[]), &[&carcassonne_abbey_and_mayor::INFO]);
    let barn = r.game.rules().figure_index("barn").unwrap();
    assert_eq!(r.game.rules().figures()[barn as usize].class, FigureClass::Special);
    assert!(
        r.game
            .state()
            .figures_on(ps(&[[1, 2]])[0])
            .any(|f| f.kind == barn && f.owner == 0),
        "the barn stands in the block"
    );
    // Ann: 2 + road (1,0) + nest road (0,1) + city (0,2) = 5; the barn adds
    // nothing. Bob: 2.
    assert_eq!(state_of(&r.game).eggs, [5, 2]);
}

/// Nest EA-N2 at (0,1); the last empty cell of its block, (1,1), is a hole
/// that Bob fills with his abbey instead of drawing (turn 10). Followers in
/// the block: Ann on the roads of (1,0) and (0,1) and the city of (0,2); Bob
/// on the field of (-1,0) and on the abbey's cloister. Bob's farmer on
/// (2,0) is outside the block.
#[test]
fn abbey_filling_the_last_hole_completes_the_nest_for_its_placer() {
    let r = play(&record("nest_abbey.json", &[]), &[&carcassonne_abbey_and_mayor::INFO]);
    // Bob: 2 for the completing tile (the abbey) + 2 followers = 4. Ann: 3.
    assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 1, vec![3, 4])]);
    assert_eq!(state_of(&r.game).eggs, [3, 4]);
    assert_eq!(easter_points(&r.game), [5, 10]);
}

/// `nest_eighth_neighbour.json` with Ann's road follower on (1,0) replaced
/// by her wagon and her city follower on (0,2) by her mayor (in a city
/// without pennants: strength 0, which eggs do not look at). The digest: "a
/// … wagon, mayor … counts once".
#[test]
fn wagon_and_mayor_earn_one_nest_egg_each() {
    let r = play(
        &record("nest_mayor_wagon.json", &[]),
        &[&carcassonne_abbey_and_mayor::INFO],
    );
    let figure = |id: &str| r.game.rules().figure_index(id).unwrap();
    let on = |pos: [i32; 2], kind: u8| {
        r.game
            .state()
            .figures_on(ps(&[pos])[0])
            .any(|f| f.kind == kind && f.owner == 0)
    };
    assert!(on([1, 0], figure("wagon")), "the wagon stands in the block");
    assert!(on([0, 2], figure("mayor")), "the mayor stands in the block");
    // Ann: 2 for the completing tile + wagon (1,0) + nest road (0,1) +
    // mayor (0,2) = 5, as with followers. Bob: 2.
    assert_eq!(state_of(&r.game).eggs, [5, 2]);
    assert_eq!(easter_points(&r.game), [10, 5]);
}
