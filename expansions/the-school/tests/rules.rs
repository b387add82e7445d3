//! The School replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-school.md. The
//! start tile D at (0, 0) has a city cap north and a road west–east; the
//! school lies east of it (`side = "east"`): SC-A at (1, 0) with roads
//! north, south and west (its west road is D's), SC-B at (2, 0) with roads
//! north, east and south, every road ending at the school. Ann is player 0,
//! Bob player 1.

use carcassonne_core::figures::NEUTRAL;
use carcassonne_core::serde_json::json;
use carcassonne_core::{Game, Pos};
use carcassonne_testkit::{Kit, options, points, state, with_variant};
use carcassonne_the_school::{ID, INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_the_princess_and_the_dragon::INFO)
}

fn holder(game: &Game) -> Option<u8> {
    state::<State>(game, ID).holder()
}

/// Where the teacher stands on the board, if it does.
fn teacher_at(game: &Game) -> Option<Pos> {
    let kind = game.state().tables().figure_index("teacher")?;
    game.state()
        .figures()
        .iter()
        .find(|f| f.owner == NEUTRAL && f.kind == kind)
        .map(|f| f.pos)
}

fn tile_at(game: &Game, pos: Pos) -> Option<String> {
    let placed = game.state().board().get(pos)?;
    Some(game.state().tables().tile(placed.tile).def.id.clone())
}

/// Preparation: "The two school tiles are placed side-by-side next to the
/// normal starting tile so that the 2 halves of the school fit together.
/// The school tiles may be placed either to the left or the right [...].
/// The teacher meeple is placed on the school."
#[test]
fn the_school_lies_beside_the_start_tile_with_the_teacher_on_it() {
    let kit = kit();
    let game = kit.replay_first("take.json", 0);
    assert_eq!(tile_at(&game, Pos::new(1, 0)).as_deref(), Some("SC-A"));
    assert_eq!(tile_at(&game, Pos::new(2, 0)).as_deref(), Some("SC-B"));
    assert_eq!(teacher_at(&game), Some(Pos::new(1, 0)));
    assert_eq!(holder(&game), None);
    let mut west = with_variant(&kit.record("take.json"), ID, "side", json!("west"));
    west.moves.clear();
    let game = kit.replay_record(&west).expect("replays");
    assert_eq!(tile_at(&game, Pos::new(-1, 0)).as_deref(), Some("SC-B"));
    assert_eq!(tile_at(&game, Pos::new(-2, 0)).as_deref(), Some("SC-A"));
    assert_eq!(tile_at(&game, Pos::new(1, 0)), None);
    assert_eq!(teacher_at(&game), Some(Pos::new(-1, 0)));
}

/// take.json, Example 2. Ann's A at (2,-1) ends SC-B's north road with her
/// follower: 2 points; then she "obtains the teacher meeple after the
/// scoring" (off the board, in front of her). Bob's E turned 180° at (0,-1)
/// closes D's city with his follower: 4. "YELLOW scores 12 points as well,
/// then returns the teacher to the school": Ann scores 4 with the teacher,
/// which stands on the school again.
#[test]
fn completing_a_school_road_takes_the_teacher_who_copies_the_next_score() {
    let kit = kit();
    let game = kit.replay_first("take.json", 2);
    assert_eq!(points(&game, 0, "roads"), 2);
    assert_eq!(holder(&game), Some(0));
    assert_eq!(teacher_at(&game), None);
    let game = kit.replay("take.json");
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!(points(&game, 0, ID), 4);
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 4));
    assert_eq!(holder(&game), None);
    assert_eq!(teacher_at(&game), Some(Pos::new(1, 0)));
}

/// pass-on.json, Example 1: "RED has the teacher. BLUE completes a "school
/// road" worth 5 points. BLUE and RED both score 5 points. RED returns the
/// teacher to the school, and BLUE then takes the teacher." Ann holds it;
/// Bob's A at (1,-1) ends SC-A's north road with his follower: 2 for Bob,
/// 2 for Ann's teacher, and Bob takes it.
#[test]
fn the_holder_scores_before_the_school_roads_player_takes_the_teacher() {
    let kit = kit();
    let game = kit.replay("pass-on.json");
    assert_eq!(points(&game, 1, "roads"), 2);
    assert_eq!(points(&game, 0, ID), 2);
    assert_eq!(holder(&game), Some(1));
    assert_eq!(teacher_at(&game), None);
}

/// pass-on.json with Bob's follower left in supply: "If one player is in
/// possession of the teacher, and another player completes an unoccupied
/// school road [...], the holder of the teacher does not score any points
/// [...]. The teacher would not go back to the school, as no points were
/// scored, but the second player obtains the teacher (from the first
/// player)".
#[test]
fn an_unoccupied_school_road_passes_the_teacher_on_without_points() {
    let kit = kit();
    let mut record = kit.record("pass-on.json");
    record.moves[3] = carcassonne_core::serde_json::from_value(json!("pass")).expect("a move");
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(game.state().score(1), 0);
    assert_eq!(holder(&game), Some(1));
    assert_eq!(teacher_at(&game), None);
}

/// choice.json. Ann holds the teacher (SC-B's north road). Bob's V at
/// (1,-1) carries his follower on SC-A's north road. Ann's L turned 180° at
/// (0,-1) closes D's city with her follower (4, Ann) and, through its
/// crossing, the road L–V–SC-A (3, Bob): "If multiple features are
/// completed with a single tile placement and more than one player is
/// receiving points, the holder of the teacher decides which score he will
/// receive." Ann takes the city's 4; the teacher goes back to the school
/// and, since Ann's tile completed a road to the school, she takes it again.
#[test]
fn the_holder_chooses_among_scores_of_several_players() {
    let kit = kit();
    let game = kit.replay_first("choice.json", 6);
    assert_eq!(game.decision().map(|d| d.player()), Some(0));
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let labels: Vec<String> = actions.iter().map(|a| game.action_label(a)).collect();
    assert_eq!(
        labels,
        [
            "Ann's teacher copies the city worth 4 points",
            "Ann's teacher copies the road worth 3 points"
        ]
    );
    assert_eq!(
        options(&game),
        [r#"{"the-school":{"copy":0}}"#, r#"{"the-school":{"copy":1}}"#]
    );
    let game = kit.replay("choice.json");
    assert_eq!(points(&game, 0, ID), 4);
    assert_eq!(points(&game, 0, "cities"), 4);
    assert_eq!(points(&game, 1, "roads"), 3);
    assert_eq!(holder(&game), Some(0));
    assert_eq!(teacher_at(&game), None);
}

/// one-scorer.json. As choice.json, but Bob lays the L (Ann's U in
/// between) with his follower in the city: city 4 and road 3 both go to
/// Bob. "If multiple features are completed with a single tile placement
/// and all points go to one player, that player chooses what order the
/// features are scored in, and the holder of the teacher gets the points
/// from the first scored feature": Bob chooses, and gives Ann's teacher the
/// city's 4 (choosing the road would give 3). Then Bob takes the teacher.
#[test]
fn the_one_player_who_scored_them_all_chooses() {
    let kit = kit();
    let game = kit.replay_first("one-scorer.json", 8);
    assert_eq!(game.decision().map(|d| d.player()), Some(1));
    let game = kit.replay("one-scorer.json");
    assert_eq!(points(&game, 0, ID), 4);
    assert_eq!(points(&game, 1, "cities") + points(&game, 1, "roads"), 7);
    assert_eq!(holder(&game), Some(1));
    let mut road = kit.record("one-scorer.json");
    *road.moves.last_mut().expect("a move") =
        carcassonne_core::serde_json::from_value(json!({ "the-school": { "copy": 1 } })).expect("a move");
    let game = kit.replay_record(&road).expect("replays");
    assert_eq!(points(&game, 0, ID), 3);
}

/// all-roads.json. Six tiles end the six roads to the school, none
/// occupied: the teacher passes from hand to hand without points (Ann, Bob,
/// Ann, Bob, Ann; the fifth tile also ends a road that does not lead to the
/// school). Bob's L at (-1,0) ends the last, D's road. "When all roads
/// leading to the school are completed [...] the teacher [...] will not
/// leave the school again." Under `last_road = "taken"` Bob takes it once
/// more: Ann's city (E at (0,-1), 4) gives him 4, and it stays at the
/// school. Under `"stays"` it goes back at once: Bob scores nothing.
#[test]
fn when_all_roads_are_completed_the_teacher_stays_at_the_school() {
    let kit = kit();
    let game = kit.replay_first("all-roads.json", 10);
    assert_eq!(holder(&game), Some(0));
    let game = kit.replay_first("all-roads.json", 12);
    assert_eq!(holder(&game), Some(1));
    let game = kit.replay("all-roads.json");
    assert_eq!(points(&game, 0, "cities"), 4);
    assert_eq!(points(&game, 1, ID), 4);
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(holder(&game), None);
    assert!(state::<State>(&game, ID).retired);
    assert_eq!(teacher_at(&game), Some(Pos::new(1, 0)));

    let stays = with_variant(&kit.record("all-roads.json"), ID, "last_road", json!("stays"));
    let game = kit.replay_record(&stays).expect("replays");
    assert_eq!(points(&game, 1, ID), 0);
    assert_eq!(holder(&game), None);
    assert!(state::<State>(&game, ID).retired);
    assert_eq!(teacher_at(&game), Some(Pos::new(1, 0)));
}

/// Followers go onto the school tiles' roads and fields only by other
/// rules (the flier, a portal: "Followers can be deployed on features on
/// school tiles outside the school itself"): no follower may stand in the
/// school, but one may on its roads.
#[test]
fn no_follower_may_stand_in_the_school() {
    let kit = kit();
    let game = kit.replay_first("take.json", 0);
    let tables = game.state().tables();
    let placed = game.state().board().get(Pos::new(1, 0)).expect("the school");
    let features = &tables.tile(placed.tile).def.features;
    let follower = tables.figure_index("follower").expect("the core's follower");
    assert_eq!(tables.kind_name(features[0].kind), "school");
    assert!(!tables.figure_may_stand(follower, features[0].kind));
    assert!(tables.figure_may_stand(follower, features[1].kind));
}

/// portal.json (with The Princess & the Dragon). Ann's portal tile PD-B at
/// (-1,0) lets her put a follower on any unoccupied unfinished feature:
/// "Followers can be deployed on features on school tiles outside the
/// school itself, for example through use of a magic portal": SC-A's north
/// road is offered and taken, the school is not offered.
#[test]
fn a_portal_reaches_the_school_tiles_roads_but_not_the_school() {
    let kit = kit();
    let game = kit.replay_first("portal.json", 1);
    let listed = options(&game);
    assert!(
        listed.contains(&r#"{"deploy":{"at":[1,0],"feature":"road:N"}}"#.to_string()),
        "{listed:?}"
    );
    assert!(!listed.iter().any(|o| o.contains("the-school")), "{listed:?}");
    let game = kit.replay_first("portal.json", 2);
    let on_school = game
        .state()
        .figures()
        .iter()
        .filter(|f| f.owner == 0 && f.pos == Pos::new(1, 0))
        .count();
    assert_eq!(on_school, 1);
}
