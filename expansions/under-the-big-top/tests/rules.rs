//! Under the Big Top replayed from hand-written records (tests/records) and
//! worked out by hand from the rules quoted in
//! docs/expansions/under-the-big-top.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east, a field north of the road
//! (touching the city) and one south of it. Ann is player 0, Bob 1. The
//! animal tokens revealed follow the record's seed: each test names them
//! and checks them in the game's log.

use carcassonne_core::figures::{NEUTRAL, Spot};
use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Event, Game, GameConfig, Pos, RefusalKind};
use carcassonne_testkit::{Kit, options, points, try_play, with_parts_only, with_variant};
use carcassonne_under_the_big_top::{INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The expansion's log details of the last decision.
fn details(game: &Game) -> Vec<Value> {
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { detail, .. } => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

/// The animal tokens revealed by the last decision, in order.
fn revealed(game: &Game) -> Vec<u64> {
    details(game)
        .iter()
        .filter_map(|d| d.get("revealed").and_then(|v| v.as_u64()))
        .collect()
}

/// Where the big top stands.
fn big_top(game: &Game) -> Option<Pos> {
    let kind = game.rules().figure_index("big-top")?;
    game.state()
        .figures()
        .iter()
        .find(|f| f.owner == NEUTRAL && f.kind == kind)
        .map(|f| f.pos)
}

const BIG_TOP: &str = "under-the-big-top.big-top";
const ACROBATS: &str = "under-the-big-top.acrobats";
const RINGMASTER: &str = "under-the-big-top.ringmaster";

/// big_top.json (seed 4). Ann's UB-F (circus, road end south) at (0,1),
/// her follower on its road: the first circus tile, so the big top comes
/// onto it over a face-down token, and nothing scores. Bob's U at (1,0)
/// extends D's road (his follower on it); Ann's U at (-1,0) too (her
/// farmer north of the road). Bob's UB-L (circus, city cap, road end)
/// turned 180° at (0,2): its road end meets UB-F's and closes Ann's road,
/// 2 tiles, 2 points, and her follower goes home; Bob's follower goes into
/// UB-L's city. Then the old circus at (0,1) scores: the token is an
/// elephant (7); on (0,1) and the 8 tiles round it stand Ann's farmer at
/// (-1,0) (her road follower went home before: "the meeples in the scored
/// features will be removed before the big top is scored"), Bob's road
/// follower at (1,0) and his follower just put on the new circus tile at
/// (0,2), which lies in the block (question 2: it counts). Ann 1 × 7, Bob
/// 2 × 7 = 14. The big top moves to (0,2). At the end it scores again: a
/// bear (5); round (0,2) only Bob's city follower stands: 5. The core's
/// final scoring: Bob's road of 3 tiles 3, his city of 1 tile 1; Ann's farm
/// touches D's unfinished city: 0. Ann 2 + 7 = 9, Bob 14 + 5 + 3 + 1 = 23.
#[test]
fn the_big_top_scores_the_followers_round_it_and_moves_on() {
    let kit = kit();
    let game = kit.replay_first("big_top.json", 2);
    assert_eq!(details(&game), [json!({ "big_top_arrives": [0, 1] })]);
    assert_eq!(big_top(&game), Some(Pos::new(0, 1)));
    assert_eq!(scores(&game), (0, 0), "the first circus scores nothing");
    let game = kit.replay("big_top.json");
    // The last decision carries the turn's scoring and the final scoring.
    assert_eq!(revealed(&game), [7, 5], "an elephant, then a bear");
    assert_eq!(big_top(&game), Some(Pos::new(0, 2)));
    assert_eq!(points(&game, 0, "roads"), 2);
    assert_eq!(points(&game, 0, BIG_TOP), 7);
    assert_eq!(points(&game, 1, BIG_TOP), 14 + 5);
    assert_eq!(scores(&game), (9, 23));
    let state: &State = carcassonne_testkit::state(&game, INFO.id);
    assert_eq!(state.tokens.iter().map(|&n| u32::from(n)).sum::<u32>(), 14);
    assert_eq!(state.tokens, [1, 4, 5, 2, 2, 0], "the elephant and a bear are out");
    // The turn log says it in words.
    let lines: Vec<String> = game
        .last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot, detail } => Some(
                game.expansion_log_line(*slot, detail)
                    .to_text(|p| ["Ann", "Bob"][p as usize].to_string()),
            ),
            _ => None,
        })
        .collect();
    assert!(lines.iter().any(|l| l.contains("an elephant (7)")), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Bob") && l.contains("2 followers round the big top, 7 each")),
        "{lines:?}"
    );
}

/// The same game without the big top's last scoring
/// (`big_top_final_scoring = false`): Bob loses the bear's 5, Ann 9, Bob
/// 18; and with the big top switched off (parts acrobats and ringmaster
/// only): the roads and the city alone, Ann 2, Bob 4.
#[test]
fn the_big_tops_last_scoring_and_the_part_can_be_switched_off() {
    let kit = kit();
    let record = with_variant(
        &kit.record("big_top.json"),
        INFO.id,
        "big_top_final_scoring",
        json!(false),
    );
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(revealed(&game), [7]);
    assert_eq!(scores(&game), (9, 18));
    let record = with_parts_only(
        &kit.record("big_top.json"),
        kit.catalog(),
        INFO.id,
        &["acrobats", "ringmaster"],
    );
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(big_top(&game), None);
    assert_eq!(scores(&game), (2, 4));
}

/// acrobats.json. Ann's UB-A (an acrobat space in a field) at (0,1), her
/// follower onto its acrobat space. Bob's U at (1,0): the acrobat space at
/// (0,1) lies diagonally next to it, and his follower goes onto it; Ann's U
/// at (-1,0): hers too, the third: the pyramid is full (Ann 2, Bob 1). Bob's
/// B at (1,1) touches it, but a fourth acrobat is refused. Bob deploys
/// nothing, so he may score a full pyramid: 5 an acrobat, Ann 10, Bob 5,
/// and all three go home. Ann's UB-B (acrobat space, road end) at (-1,1),
/// her follower onto its acrobat space: at the end every pyramid with
/// acrobats scores (`acrobats_final_scoring = "any"`): Ann 5 more. Ann 15,
/// Bob 5.
#[test]
fn acrobats_form_a_pyramid_round_the_new_tile_and_score_it_instead_of_deploying() {
    let kit = kit();
    // Bob's U at (1,0): the space diagonally next to it is offered, in words.
    let mut game = kit.replay_first("acrobats.json", 3);
    assert!(options(&game).contains(&r#"{"deploy":{"at":[0,1],"feature":"acrobats"}}"#.to_string()));
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    let labels: Vec<String> = all.iter().map(|a| game.action_label(a)).collect();
    assert!(
        labels
            .iter()
            .any(|l| l == "Follower in the acrobat space, 1 tile south and 1 west of the new tile"),
        "{labels:?}"
    );
    // The ringmaster never becomes an acrobat.
    let refused = try_play(
        &mut game,
        r#"{"deploy": {"figure": "ringmaster", "at": [0, 1], "feature": "acrobats"}}"#,
    );
    assert!(refused.is_err());
    // On the new tile's own space, the refusal says why.
    let mut game = kit.replay_first("acrobats.json", 1);
    let refused = try_play(
        &mut game,
        r#"{"deploy": {"figure": "ringmaster", "feature": "acrobats"}}"#,
    )
    .expect_err("refused");
    assert_eq!(refused.kind, RefusalKind::DeploymentForbidden);
    assert!(
        refused
            .to_string()
            .contains("only a follower becomes an acrobat, not the ringmaster"),
        "{refused}"
    );
    // A full pyramid takes no fourth acrobat.
    let mut game = kit.replay_first("acrobats.json", 7);
    let refused = try_play(&mut game, r#"{"deploy": {"at": [0, 1], "feature": "acrobats"}}"#);
    // The core refuses a deployment off the new tile before asking the
    // expansion why (the docs page's core notes).
    assert_eq!(refused.map_err(|e| e.kind), Err(RefusalKind::NotThisTile));
    // Deploying nothing: the full pyramid may be scored, or kept.
    let game = kit.replay_first("acrobats.json", 8);
    assert_eq!(
        options(&game),
        [
            r#"{"under-the-big-top":{"score-pyramid":[0,1]}}"#,
            r#"{"under-the-big-top":"keep"}"#
        ]
    );
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    let label = game.action_label(&all[0]);
    assert!(label.contains("you score 5, the others 10 between them"), "{label}");
    let game = kit.replay_first("acrobats.json", 9);
    assert_eq!((points(&game, 0, ACROBATS), points(&game, 1, ACROBATS)), (10, 5));
    let follower = game.rules().figure_index("follower").unwrap();
    assert_eq!(game.state().supply(0, follower), 7, "Ann's acrobats came home");
    assert_eq!(game.state().supply(1, follower), 7, "Bob's too");
    let game = kit.replay("acrobats.json");
    assert_eq!(points(&game, 0, ACROBATS), 15);
    assert_eq!(scores(&game), (15, 5));
}

/// The same game with the full pyramid kept (Bob answers "keep"): at the
/// end, under `acrobats_final_scoring = "any"`, both pyramids score (Ann's
/// 2 and 1 acrobats, Bob's 1: 15 and 5); under `"full"` only the full one
/// (Ann 10, Bob 5); under `"none"` neither (0, 0).
#[test]
fn pyramids_at_the_end_score_as_the_variant_says() {
    let kit = kit();
    let mut record = kit.record("acrobats.json");
    record.moves[8] = carcassonne_core::serde_json::from_value(json!({ "under-the-big-top": "keep" })).unwrap();
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(scores(&game), (15, 5));
    let full = with_variant(&record, INFO.id, "acrobats_final_scoring", json!("full"));
    assert_eq!(scores(&kit.replay_record(&full).expect("replays")), (10, 5));
    let none = with_variant(&record, INFO.id, "acrobats_final_scoring", json!("none"));
    assert_eq!(scores(&kit.replay_record(&none).expect("replays")), (0, 0));
}

/// ringmaster.json (`big_top_final_scoring = false`). Ann's UB-B (acrobat
/// space, road end south) at (0,1). Bob's UB-F (circus) at (1,1), his
/// ringmaster on its field. Ann's U at (0,2) turned 90° continues UB-B's
/// road end southwards; her ringmaster on it (never offered for the
/// acrobat space). Bob's A at (0,3) turned 180° ends the road at its
/// cloister: UB-B, U, A, 3 tiles, 3 points for Ann; round her ringmaster
/// at (0,2) lie the acrobat tile (0,1) and the circus tile (1,1): 2 × 2 = 4
/// more. At the end Bob's ringmaster scores with its field, which touches
/// no completed city (0 points): round (1,1) lie the circus tile itself
/// and the acrobat tile (0,1): 4, though the field gives nothing. Ann 7,
/// Bob 4.
#[test]
fn a_ringmaster_scores_two_for_each_space_round_it_whenever_its_feature_scores() {
    let kit = kit();
    let game = kit.replay_first("ringmaster.json", 5);
    assert!(
        !options(&game)
            .iter()
            .any(|o| o.contains("ringmaster") && o.contains("acrobats")),
        "{:?}",
        options(&game)
    );
    let game = kit.replay("ringmaster.json");
    assert_eq!(points(&game, 0, "roads"), 3);
    assert_eq!(points(&game, 0, RINGMASTER), 4);
    assert_eq!(points(&game, 1, RINGMASTER), 4);
    assert_eq!(points(&game, 1, "farms"), 0);
    assert_eq!(scores(&game), (7, 4));
    let last: Vec<Value> = details(&game);
    assert!(
        last.contains(&json!({ "ringmaster": 4, "player": 1, "spaces": 2 })),
        "{last:?}"
    );
}

/// `tile_set` chooses the tiles: the official 20 (UB-…) or
/// FanCloisterZone's 20 (UC-…), the other set out of the game.
#[test]
fn the_tile_set_variant_chooses_which_twenty_tiles_are_in_the_bag() {
    let kit = kit();
    for (set, ours, theirs) in [("official", "UB-", "UC-"), ("fcz-c1", "UC-", "UB-")] {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec![INFO.id.into()];
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("tile_set".into(), set.into());
        let game = Game::new(kit.rules(&config)).expect("starts");
        let mut counts = vec![0u32; game.rules().tiles().len()];
        game.state().count_bag(&mut counts);
        // The first turn's tile is drawn already.
        if let Some(drawn) = game.state().turn().drawn {
            counts[drawn as usize] += 1;
        }
        let of = |prefix: &str| -> u32 {
            game.rules()
                .tiles()
                .iter()
                .filter(|t| t.id().starts_with(prefix))
                .map(|t| counts[t.index as usize])
                .sum()
        };
        assert_eq!(of(ours), 20, "{set}");
        assert_eq!(of(theirs), 0, "{set}");
        assert_eq!(game.state().tiles_left() + 1, 71 + 20);
    }
}

/// No figure of nobody's other than the big top, and it stands on a tile,
/// never in a feature.
#[test]
fn the_big_top_stands_on_its_tile() {
    let game = kit().replay("big_top.json");
    for f in game.state().figures().iter().filter(|f| f.owner == NEUTRAL) {
        assert_eq!(f.spot, Spot::Tile);
    }
}
