//! The base game's variants (`[variants.base]`), replayed from hand-written
//! records in `tests/golden/` with and without them. Points are worked out
//! by hand in each test.

use carcassonne_core::rules::{CITIES, FARMS};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{Action, Catalog, FeatureKind, Game, GameConfig, GameRecord, Rules, TileSource, Value};
use std::collections::BTreeMap;

fn record(name: &str, base: &[(&str, bool)]) -> GameRecord {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut record = GameRecord::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    if !base.is_empty() {
        let variants: BTreeMap<String, Value> = base.iter().map(|(k, v)| (k.to_string(), Value::Bool(*v))).collect();
        record.config.variants.insert("base".into(), variants);
    }
    record
}

fn replay(record: &GameRecord, moves: Option<usize>) -> Result<Game, String> {
    let mut record = record.clone();
    if let Some(n) = moves {
        record.moves.truncate(n);
    }
    record
        .replay(&Catalog::default(), &TileSource::default())
        .map_err(|e| e.to_string())
}

fn cities(game: &Game) -> (i32, i32) {
    let s = game.state();
    (s.breakdown(0)[CITIES as usize], s.breakdown(1)[CITIES as usize])
}

/// D at (0,0); Ann's E at (0,-1) closes D's cap (a 2-tile city, her
/// follower in it); Bob's E at (0,1) opens a cap south of D, his follower in
/// it; Ann's F (pennant) at (0,2) extends it; Bob's E at (0,3) closes it:
/// E, F, E = 3 tiles and a pennant.
#[test]
fn tiny_city_scores_a_completed_two_tile_city_two_points() {
    // Without the variant: Ann 2 × 2 = 4; Bob 2 × (3 + 1) = 8.
    let game = replay(&record("tiny_city.json", &[]), None).unwrap();
    assert_eq!(cities(&game), (4, 8));
    // `tiny_city = true`: Ann's two-tile city scores 1 × 2 = 2; Bob's
    // three-tile city is no tiny city: 8 as before.
    let game = replay(&record("tiny_city.json", &[("tiny_city", true)]), None).unwrap();
    assert_eq!(cities(&game), (2, 8));
    assert_eq!((game.state().score(0), game.state().score(1)), (2, 8));
    assert!(game.rules().base_rules().tiny_city);
}

#[test]
fn base_variants_are_stated_in_records_once_one_is_set() {
    let game = replay(&record("tiny_city.json", &[("tiny_city", true)]), None).unwrap();
    let json: serde_json::Value = serde_json::from_str(&GameRecord::of_rules(game.rules()).to_json()).unwrap();
    assert_eq!(
        json["config"]["variants"]["base"],
        json!({ "farmers": true, "tiny_city": true })
    );
    let game = replay(&record("tiny_city.json", &[]), None).unwrap();
    assert!(!game.rules().config.variants.contains_key("base"));
}

/// `one_follower_each.json` (`[figures] follower = 1`): in turn 2 Bob
/// deploys a farmer on U (-1,0)'s north field.
#[test]
fn farmers_off_offers_no_field_and_refuses_a_farmer() {
    let off = record("one_follower_each.json", &[("farmers", false)]);
    // Turn 1: Ann's U at (1,0): the road only; no field.
    let game = replay(&off, Some(1)).unwrap();
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    let kinds: Vec<FeatureKind> = options
        .iter()
        .filter_map(|a| match a {
            Action::Deploy(d) => {
                let carcassonne_core::figures::Spot::Feature(fi) = d.spot else {
                    return None;
                };
                game.state()
                    .node_at(d.pos, fi as usize)
                    .map(|n| game.state().features().kind(n))
            }
            _ => None,
        })
        .collect();
    assert_eq!(kinds, [FeatureKind::ROAD]);
    // Turn 2: Bob's farmer is refused, naming the variant.
    let err = replay(&off, None).unwrap_err();
    assert!(
        err.contains("cannot deploy follower: farmers are off in this game ([variants.base] farmers = false)"),
        "{err}"
    );
    // With Bob passing instead, nobody scores a farm: Ann 5 (road) + 4
    // (city) = 9, Bob 0 (with farmers on he scored his farm 3).
    let mut passing = off.clone();
    passing.moves[3] = carcassonne_core::Move::Pass;
    let game = replay(&passing, None).unwrap();
    assert!(game.is_over());
    assert_eq!(game.state().breakdown(1)[FARMS as usize], 0);
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 0));
    assert_eq!(game.decision(), None);
}

#[test]
fn bad_base_variants_are_refused_naming_what_is_allowed() {
    let error = |name: &str, value: Value| {
        let mut config = GameConfig::with_players(2);
        config
            .variants
            .entry("base".into())
            .or_default()
            .insert(name.into(), value);
        Rules::new(&Catalog::default(), &config, &TileSource::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error("tiny", Value::Bool(true)),
        "the base game has no variant `tiny`; its variants: tiny_city, farmers"
    );
    assert_eq!(
        error("farmers", Value::Integer(3)),
        "variant `base.farmers` cannot be `3`; allowed: true or false"
    );
}
