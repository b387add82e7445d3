//! Saves that cannot be imported: each refusal names what and where.

use carcassonne_core::{Catalog, TileSource};
use carcassonne_jcz::import;
// Links the expansions, so that `Catalog::linked` finds them.
use carcassonne_setup as _;

fn base() -> String {
    let path = format!("{}/tests/samples/base.jcz", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

fn error_of(text: &str) -> String {
    let catalog = Catalog::linked().unwrap();
    match import(text, &catalog, &TileSource::default()) {
        Ok(_) => panic!("imported, but should not be:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// `base.jcz` with `from` replaced by `to` (which must be there once).
fn edited(from: &str, to: &str) -> String {
    let text = base();
    assert_eq!(text.matches(from).count(), 1, "{from}");
    text.replace(from, to)
}

#[test]
fn truncated_and_corrupt_json_say_where() {
    let text = base();
    let cut = error_of(&text[..text.len() / 2]);
    assert!(cut.contains("truncated") && cut.contains("line"), "{cut}");
    let corrupt = error_of(&text.replacen("\"players\":", "\"players\" ", 1));
    assert!(
        corrupt.starts_with("not a JCZ saved game") && corrupt.contains("line 10"),
        "{corrupt}"
    );
    let not_a_save = error_of("{\"setup\": 3}");
    assert!(not_a_save.contains("not a JCZ saved game"), "{not_a_save}");
}

#[test]
fn a_jcz_4_save_without_capabilities_is_named_as_such() {
    let e = error_of(r#"{"slots": [{"nickname": "Alice"}], "setup": {"expansions": {"BASIC": 1}}}"#);
    assert!(e.contains("JCZ 4.x") && e.contains("`setup.capabilities`"), "{e}");
}

#[test]
fn an_unknown_tile_id_is_named_with_its_place() {
    let e = error_of(
        &edited(r#""BA/Rr", "rotation""#, r#""BA/Zz", "rotation""#)
            .replace(r#""BA/Rr", "BA/LR""#, r#""BA/Zz", "BA/LR""#),
    );
    assert!(
        e.contains("unknown JCZ tile id `BA/Zz`") && e.contains("replay action 7 (PLACE_TILE)"),
        "{e}"
    );
    // The same id in the forced draw order only.
    let e = error_of(&edited(r#""BA/LR", "BA/LR"]"#, r#""BA/LR", "BA/LR", "TO/X"]"#));
    assert!(
        e.contains("`TO/X`") && e.contains("gameAnnotations.drawOrder, draw 6"),
        "{e}"
    );
}

#[test]
fn an_illegal_move_names_the_action_and_the_engine_reason() {
    // Bob's road tile turned so that its field faces the start tile's road.
    let e = error_of(&edited(
        r#""tileId": "BA/RFr", "rotation": "R0""#,
        r#""tileId": "BA/RFr", "rotation": "R90""#,
    ));
    assert!(e.starts_with("replay action 4 (PLACE_TILE): not legal here:"), "{e}");
    assert!(e.contains("does not fit"), "{e}");
    // A follower on the road Bob already holds.
    let e = error_of(&edited(
        r#""position": [2, 0], "feature": "Field", "location": "NL.NR.EL.ER.SL.WR""#,
        r#""position": [2, 0], "feature": "Road", "location": "SW""#,
    ));
    assert!(e.starts_with("replay action 8 (DEPLOY_MEEPLE): not legal here"), "{e}");
}

#[test]
fn a_location_that_names_no_feature_lists_the_tiles_features() {
    let e = error_of(&edited(r#""location": "WE""#, r#""location": "NS""#));
    assert!(e.starts_with("replay action 5 (DEPLOY_MEEPLE)"), "{e}");
    assert!(e.contains("JCZ location `NS`") && e.contains("road WE"), "{e}");
    let e = error_of(&edited(r#""location": "WE""#, r#""location": "WEST""#));
    assert!(e.contains("unknown JCZ location `WEST`"), "{e}");
}

#[test]
fn a_draw_order_that_disagrees_with_the_replay_is_named() {
    let e = error_of(&edited(r#"["BA/C", "BA/RFr""#, r#"["BA/C", "BA/RRR""#));
    assert!(
        e.contains("replay action 4 (PLACE_TILE)") && e.contains("drawOrder has BA/RRR as draw 2"),
        "{e}"
    );
}

#[test]
fn what_the_engine_lacks_is_refused_by_name() {
    let cases = [
        (
            r#""farmers": true"#,
            // (Bridges, Castles & Bazaars reads `bridge` since its bridges.)
            r#""farmers": true, "made-up-element": 3"#,
            "the JCZ element `made-up-element`",
        ),
        (
            r#""basic:1": 1"#,
            r#""basic:1": 1, "made-up-promos": 1"#,
            "the JCZ tile set `made-up-promos`",
        ),
        (
            r#""small-follower": 7"#,
            r#""small-follower": 7, "ferries": true"#,
            "the JCZ element `ferries`",
        ),
        // The 2nd edition's Traders & Builders has two tiles with an Abbot
        // garden this engine does not have.
        (
            r#""basic:1": 1"#,
            r#""basic:1": 1, "traders-and-builders:2": 1"#,
            "the JCZ tile set `traders-and-builders:2`",
        ),
        (
            r#""tiny-city-scoring": "4""#,
            r#""tiny-city-scoring": "4", "dragon-rampage": "yes""#,
            "the JCZ rule option `dragon-rampage`",
        ),
        (
            r#"{"type": "COMMIT", "payload": {"random": 0.5}, "player": 0}"#,
            r#"{"type": "COMMIT", "payload": {"random": 0.5}, "player": 0}, {"type": "UNDO", "payload": {}}"#,
            "the JCZ action `UNDO` (replay action 16",
        ),
        // A start tile elsewhere than (0,0) (turned, it is read: the board turns).
        (
            r#""x": 0, "y": 0, "rotation": 0}]"#,
            r#""x": 2, "y": 0, "rotation": 0}]"#,
            "the start tiles",
        ),
    ];
    for (from, to, expected) in cases {
        let e = error_of(&edited(from, to));
        assert!(e.contains("this engine cannot express"), "{e}");
        assert!(e.contains(expected), "expected `{expected}` in: {e}");
    }
    // A rule option of an element the game does not have changes nothing.
    let text = edited(
        r#""tiny-city-scoring": "4""#,
        r#""tiny-city-scoring": "4", "dragon-move": "after-scoring""#,
    );
    import(&text, &Catalog::linked().unwrap(), &TileSource::default()).unwrap();
}

#[test]
fn another_players_action_is_named() {
    let e = error_of(&edited(
        r#""meepleId": "1.small.1"}, "player": 1}"#,
        r#""meepleId": "0.small.3"}, "player": 1}"#,
    ));
    assert!(
        e.contains("meeple 0.small.3 is player 0's, but player 1 deploys here"),
        "{e}"
    );
}

#[test]
fn a_save_stopped_early_replays_to_where_it_stopped() {
    // Without endTurn, five of 71 draws: the game is not over.
    let text = edited(r#", "endTurn": 5"#, "");
    let catalog = Catalog::linked().unwrap();
    let imported = import(&text, &catalog, &TileSource::default()).unwrap();
    assert!(!imported.game.is_over());
    assert_eq!(imported.record.config.draw_order.as_ref().unwrap().len(), 71);
    assert!(
        imported.notes.iter().any(|n| n.contains("66 still in the bag")),
        "{:?}",
        imported.notes
    );
    // Scores without the final scoring: Alice's city 4, Bob's road 5.
    assert_eq!([imported.game.state().score(0), imported.game.state().score(1)], [4, 5]);
}

#[test]
fn figure_counts_go_into_the_figures_table() {
    let catalog = Catalog::linked().unwrap();
    // Five followers and the big follower without the Inns & Cathedrals
    // tiles: inns-and-cathedrals on, its tile set left out.
    let text = edited(r#""small-follower": 7"#, r#""small-follower": 5, "big-follower": 1"#);
    let imported = import(&text, &catalog, &TileSource::default()).unwrap();
    let config = &imported.record.config;
    assert_eq!(config.figures.get("follower"), Some(&5));
    assert_eq!(
        config.figures.get("big-follower"),
        None,
        "1 is the expansion's own count"
    );
    assert_eq!(config.expansions, ["inns-and-cathedrals"]);
    assert_eq!(config.tiles.sets.get("inns-and-cathedrals"), Some(&0));
    // The same scores as the base game: nothing else changed.
    assert_eq!(
        [imported.game.state().score(0), imported.game.state().score(1)],
        [10, 8]
    );
    // The Inns & Cathedrals tiles without any of its elements: tiles only,
    // their inns and cathedrals plain roads and cities (JCZ's elements say
    // which rules are on, not the tiles).
    let text = edited(r#""basic:1": 1"#, r#""basic:1": 1, "inns-and-cathedrals:1": 1"#);
    let imported = import(&text, &catalog, &TileSource::default()).unwrap();
    let config = &imported.record.config;
    assert!(config.expansions.is_empty(), "{:?}", config.expansions);
    assert_eq!(config.tiles_only, ["inns-and-cathedrals"]);
    assert_eq!(config.figures.get("big-follower"), None);
}

#[test]
fn a_solo_game_imports() {
    let catalog = Catalog::linked().unwrap();
    // Alice alone: every action is hers.
    let text = edited(r#", {"name": "Bob", "slot": 1}"#, "")
        .replace(r#""player": 1}"#, r#""player": 0}"#)
        .replace("\"1.small.", "\"0.small.1");
    let imported = import(&text, &catalog, &TileSource::default()).unwrap();
    assert_eq!(imported.record.config.players.len(), 1);
    // Her city 4, the road 5 (her follower), two cloisters 3 + 3, the farm 3.
    assert_eq!(imported.game.state().score(0), 18);
}

#[test]
fn a_farmer_with_farmers_off_is_illegal() {
    // JCZ would not offer it; a save that has one is refused where it stands.
    let e = error_of(&edited(r#", "farmers": true"#, ""));
    assert!(e.starts_with("replay action 8 (DEPLOY_MEEPLE): not legal here"), "{e}");
}

#[test]
fn a_key_given_twice_is_refused_where_it_stands() {
    let e = error_of(&edited(
        r#""tileId": "BA/RFr", "rotation": "R0","#,
        r#""tileId": "BA/RFr", "rotation": "R0", "rotation": "R180","#,
    ));
    assert!(e.contains("duplicate key `rotation` at line"), "{e}");
}

#[test]
fn a_commit_that_closes_nothing_is_refused() {
    let e = error_of(&edited(
        r#"{"type": "COMMIT", "payload": {"random": 0.1}, "player": 0},"#,
        r#"{"type": "COMMIT", "payload": {"random": 0.1}, "player": 0}, {"type": "COMMIT", "payload": {}, "player": 0},"#,
    ));
    assert!(e.contains("replay action 4 (COMMIT)"), "{e}");
    assert!(e.contains("a COMMIT that closes nothing"), "{e}");
    // Nor a COMMIT before anything happened.
    let e = error_of(&edited(
        r#""replay": ["#,
        r#""replay": [{"type": "COMMIT", "payload": {}, "player": 0},"#,
    ));
    assert!(
        e.contains("replay action 1 (COMMIT): a COMMIT that closes nothing"),
        "{e}"
    );
}

#[test]
fn malformed_meeple_ids_are_refused_where_they_stand() {
    for bad in ["x.small.1", "0.small", "2.small.1", "0.small.one", "small"] {
        let e = error_of(&edited(
            r#""meepleId": "1.small.1""#,
            &format!(r#""meepleId": "{bad}""#),
        ));
        assert!(e.contains("replay action 5 (DEPLOY_MEEPLE)"), "{bad}: {e}");
        assert!(e.contains(&format!("meeple id `{bad}`")), "{bad}: {e}");
        assert!(e.contains("seat of this game (0 to 1)"), "{bad}: {e}");
    }
}

#[test]
fn an_end_turn_beyond_the_save_does_not_end_the_record() {
    // JCZ's game runs to draw 7, the save stops after 5 and its draw order
    // names those 5: the record goes on with tiles of the bag, so its game
    // is not over (no final scoring) where the save stops.
    let text = edited(r#""endTurn": 5"#, r#""endTurn": 7"#);
    let catalog = Catalog::linked().unwrap();
    let imported = import(&text, &catalog, &TileSource::default()).unwrap();
    assert!(!imported.game.is_over());
    assert_eq!(imported.record.config.draw_order.as_ref().unwrap().len(), 7);
    assert!(
        imported.notes.iter().any(|n| n.contains("stops at draw 5 of the 7")),
        "{:?}",
        imported.notes
    );
    // Scores without the final scoring: Alice's city 4, Bob's road 5.
    assert_eq!([imported.game.state().score(0), imported.game.state().score(1)], [4, 5]);
    // Replayed from the record, the same.
    let record = carcassonne_core::GameRecord::from_json(&imported.record.to_json()).unwrap();
    let game = record.replay(&catalog, &TileSource::default()).unwrap();
    assert!(!game.is_over());
}

#[test]
fn a_draw_the_bag_does_not_hold_is_named() {
    // No copy of the base set: its tiles are in no bag.
    let e = error_of(&edited(r#""basic:1": 1"#, r#""basic:1": 0"#));
    assert!(
        e.contains("replay action 1 (PLACE_TILE)") && e.contains("JCZ draws BA/C (E), and this engine's bag"),
        "{e}"
    );
}

/// Mangled saves never make the importer panic: every sample cut short,
/// with characters dropped or changed, numbers and names swapped, is
/// imported or refused (a cheap stand-in for fuzzing, run in the fast
/// suite).
#[test]
fn mangled_saves_are_refused_without_panicking() {
    let dir = format!("{}/tests/samples", env!("CARGO_MANIFEST_DIR"));
    let catalog = Catalog::linked().unwrap();
    let tiles = TileSource::default();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let swaps = [
        ("0", "7"),
        ("1", "-1"),
        ("R90", "R45"),
        ("\"player\": 1", "\"player\": 9"),
        ("PLACE_TILE", "DEPLOY_MEEPLE"),
        ("DEPLOY_MEEPLE", "PASS"),
        ("PASS", "COMMIT"),
        ("small", "big"),
        ("position", "pos"),
        ("[", "{"),
        ("true", "\"x\""),
        ("MOVE_NEUTRAL_FIGURE", "PLACE_TOKEN"),
        ("CAPTURE_FOLLOWER", "PAY_RANSOM"),
        ("featurePointer", "pointer"),
    ];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for _ in 0..12 {
            let mut t = text.clone();
            match next(4) {
                0 => {
                    let at = next(t.len());
                    t.truncate(t.floor_char_boundary(at));
                }
                1 => {
                    let at = t.floor_char_boundary(next(t.len()));
                    t.remove(at);
                }
                _ => {
                    let (from, to) = swaps[next(swaps.len())];
                    let hits: Vec<usize> = t.match_indices(from).map(|(i, _)| i).collect();
                    if let Some(&i) = hits.get(next(hits.len())) {
                        t.replace_range(i..i + from.len(), to);
                    }
                }
            }
            let _ = import(&t, &catalog, &tiles);
        }
    }
}
