//! Fruit actions beyond the rule book's examples: reach and the `actions`
//! variant, empty trees, refused sales, what triggers an action, what the
//! public state shows, and the tile attribute check.

mod common;

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::{
    AfterPlacement, BuildContext, Catalog, Deployment, Expansion, ExpansionInfo, FigureClass, FigureDecl,
    FigurePlacement, Pos, Recall, Strength, TileSource, serde_json, toml,
};
use carcassonne_fruit_trees::{Action, Fruit, FruitSet, SaleError};
use common::{action, options, points, record, replay, replay_first, state, tiles};

// --- two trees in reach -----------------------------------------------------

/// Seed 5 stacks (bottom to top): apple [5, 2, 4, 3], apricot [5, 2, 3, 4].
/// Ann's U at (1,1) touches the apple tree at (1,0) (north) and the apricot
/// tree at (2,0) (north-east, diagonally).
#[test]
fn two_trees_per_tree_gives_one_action_per_tree() {
    let first = replay_first("two_trees_per_tree.json", 6);
    assert_eq!(
        options(&first),
        vec![
            r#"{"fruit-trees":{"harvest":[1,0]}}"#,
            r#"{"fruit-trees":{"harvest":[2,0]}}"#,
            r#"{"fruit-trees":"done"}"#,
        ]
    );
    // After harvesting the apple tree, its action is spent: no second apple
    // harvest, but the apricot tree's action remains (for a harvest or a sale).
    let second = replay_first("two_trees_per_tree.json", 7);
    assert_eq!(
        options(&second),
        vec![
            r#"{"fruit-trees":{"harvest":[2,0]}}"#,
            r#"{"fruit-trees":{"sell":["apple"]}}"#,
            r#"{"fruit-trees":"done"}"#,
        ]
    );
    let end = replay("two_trees_per_tree.json");
    // Harvest: apple 3 + apricot 4 = 7. Held: 2 tokens = 2. Road of U at
    // (1,1), 1 tile, unfinished = 1. Ann: 7 + 2 + 1 = 10.
    assert_eq!(points(&end, 0, "fruit-trees.harvest"), 7);
    assert_eq!(points(&end, 0, "fruit-trees.held"), 2);
    assert_eq!(points(&end, 0, "roads"), 1);
    assert_eq!(end.state().score(0), 10);
}

#[test]
fn two_trees_one_action_variant() {
    let first = replay_first("two_trees_one.json", 6);
    // Both trees are in reach, so both harvests are offered …
    assert_eq!(
        options(&first),
        vec![
            r#"{"fruit-trees":{"harvest":[1,0]}}"#,
            r#"{"fruit-trees":{"harvest":[2,0]}}"#,
            r#"{"fruit-trees":"done"}"#,
        ]
    );
    // … but only one action is taken: the game moves on (here, to its end).
    let end = replay("two_trees_one.json");
    assert!(end.is_over());
    // Harvest apple 3, held 1, road 1: Ann 5.
    assert_eq!(points(&end, 0, "fruit-trees.harvest"), 3);
    assert_eq!(points(&end, 0, "fruit-trees.held"), 1);
    assert_eq!(end.state().score(0), 5);

    // With another tile to play, a second fruit move is out of turn.
    let mut r = record("two_trees_one.json");
    r.config.draw_order.as_mut().unwrap().push("U".into());
    r.moves
        .push(serde_json::from_str(r#"{"fruit-trees": {"harvest": [2, 0]}}"#).unwrap());
    let err = r.replay(&common::catalog(), &tiles()).unwrap_err().to_string();
    assert!(err.starts_with("move 8 "), "{err}");
    assert!(err.contains("Bob must place tile U"), "{err}");
}

// --- an empty tree ----------------------------------------------------------

/// Seed 5 quince stack (bottom to top): [4, 3, 2, 5]. Three players; the
/// quince tree at (0,1) is harvested four times: Ann 5, Bob 2, Ann 3, Bob 4.
#[test]
fn an_empty_tree_offers_no_harvest() {
    let emptied = replay_first("empty_tree.json", 14);
    assert_eq!(
        state(&emptied).tree_at(Pos::new(0, 1)).unwrap().tokens,
        Vec::<u8>::new()
    );
    // Cid holds no token and the only tree in reach is empty: his follower
    // triggers no decision at all; Ann's turn comes next.
    let after_cid = replay_first("empty_tree.json", 16);
    assert_eq!(after_cid.decision().map(|d| d.player()), Some(0));
    assert!(options(&after_cid)[0].starts_with(r#"{"place""#));
    // Ann holds two quinces: the empty tree's action may still sell one.
    let ann = replay_first("empty_tree.json", 18);
    assert_eq!(
        options(&ann),
        vec![r#"{"fruit-trees":{"sell":["quince"]}}"#, r#"{"fruit-trees":"done"}"#]
    );
    let end = replay("empty_tree.json");
    // Ann: harvest 5 + 3 = 8, sell 1 fruit = 3, 1 quince held = 1, her city
    //      cap at (0,2) unfinished = 1; her farmers' farms touch only
    //      unfinished cities = 0. Total 13.
    // Bob: harvest 2 + 4 = 6, 2 held = 2, road (-2,0)…(1,0) 4 tiles = 4,
    //      city cap at (1,1) = 1. Total 13.
    // Cid: city cap at (-1,1) = 1.
    assert_eq!(points(&end, 0, "fruit-trees.harvest"), 8);
    assert_eq!(points(&end, 0, "fruit-trees.sell"), 3);
    assert_eq!(points(&end, 0, "fruit-trees.held"), 1);
    assert_eq!(end.state().score(0), 13);
    assert_eq!(points(&end, 1, "fruit-trees.harvest"), 6);
    assert_eq!(points(&end, 1, "fruit-trees.held"), 2);
    assert_eq!(points(&end, 1, "roads"), 4);
    assert_eq!(end.state().score(1), 13);
    assert_eq!(end.state().score(2), 1);
}

// --- refused sales ----------------------------------------------------------

#[test]
fn a_sale_with_a_repeated_fruit_is_refused_with_a_clear_error() {
    // Ann holds apple, apricot, apple, cherry before the sale (sell_example).
    let game = replay_first("sell_example.json", 19);
    let err = action(&game, r#"{"fruit-trees": {"sell": ["apple", "apple", "cherry"]}}"#).unwrap_err();
    assert!(
        err.contains("fruit-trees: a sale must be of pairwise different fruits, but `apple` is named twice"),
        "{err}"
    );
    // In a record, the move is named.
    let mut r = record("sell_example.json");
    let last = r.moves.len() - 1;
    r.moves[last] = serde_json::from_str(r#"{"fruit-trees": {"sell": ["apple", "apple"]}}"#).unwrap();
    let err = r.replay(&common::catalog(), &tiles()).unwrap_err().to_string();
    assert!(err.starts_with("move 20 "), "{err}");
    assert!(err.contains("`apple` is named twice"), "{err}");
    // The type cannot hold a repeated fruit at all.
    assert_eq!(
        FruitSet::new(&[Fruit::Apple, Fruit::Cherry, Fruit::Apple]),
        Err(SaleError::Duplicate(Fruit::Apple))
    );
    assert!(serde_json::from_str::<Action>(r#"{"sell": ["plum", "plum"]}"#).is_err());
}

#[test]
fn other_bad_sales_are_refused() {
    let mut game = replay_first("sell_example.json", 19);
    let too_many = r#"{"fruit-trees": {"sell": ["apple", "apricot", "cherry", "plum", "elder"]}}"#;
    assert!(
        action(&game, too_many)
            .unwrap_err()
            .contains("at most 4 different fruits, got 5")
    );
    assert!(
        action(&game, r#"{"fruit-trees": {"sell": []}}"#)
            .unwrap_err()
            .contains("got none")
    );
    assert!(
        action(&game, r#"{"fruit-trees": {"sell": ["pear"]}}"#)
            .unwrap_err()
            .contains("unknown variant `pear`")
    );
    // A set of fruits she does not hold parses but is not among the options;
    // the game is unchanged.
    let plum = action(&game, r#"{"fruit-trees": {"sell": ["plum"]}}"#).unwrap();
    let before = game.state().score(0);
    let err = game.play(&plum).unwrap_err().to_string();
    assert!(
        err.contains(r#"fruit-trees does not allow {"sell":["plum"]} now"#),
        "{err}"
    );
    assert_eq!(game.state().score(0), before);
    assert_eq!(state(&game).growers[0].held.len(), 4);
}

#[test]
fn sale_points_and_set_order() {
    let set = |f: &[Fruit]| FruitSet::new(f).unwrap();
    assert_eq!(set(&[Fruit::Elder]).points(), 3);
    assert_eq!(set(&[Fruit::Elder, Fruit::Quince]).points(), 6);
    assert_eq!(set(&[Fruit::Elder, Fruit::Quince, Fruit::Plum]).points(), 10);
    assert_eq!(
        set(&[Fruit::Elder, Fruit::Quince, Fruit::Plum, Fruit::Apple]).points(),
        15
    );
    // Written in any order, read as the same set.
    let a: Action = serde_json::from_str(r#"{"sell": ["cherry", "apple"]}"#).unwrap();
    let b: Action = serde_json::from_str(r#"{"sell": ["apple", "cherry"]}"#).unwrap();
    assert_eq!(a, b);
    assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"sell":["apple","cherry"]}"#);
}

// --- what triggers a fruit action ------------------------------------------

/// A test-only expansion with three figures: a special figure that goes on
/// features (`test-builder`), a follower placed by the expansion on the
/// start tile rather than the tile just placed (`test-flier`), and a
/// follower of strength 2 that goes on features (`test-big`).
static TEST_FIGURES: ExpansionInfo = ExpansionInfo {
    id: "test-figures",
    name: "Test figures",
    version: "0",
    description: "figures for fruit-trees tests",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[
        FigureDecl {
            id: "test-builder",
            name: "Builder",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(0),
            class: FigureClass::Special,
            placement: FigurePlacement::OnFeatures(&["road", "city"]),
            recall: Recall::Never,
            neutral: 0,
        },
        FigureDecl {
            id: "test-flier",
            name: "Flier",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(1),
            class: FigureClass::Follower,
            placement: FigurePlacement::ByExpansion,
            recall: Recall::Never,
            neutral: 0,
        },
        FigureDecl {
            id: "test-big",
            name: "Big follower",
            per_player: 1,
            by_players: &[],
            strength: Strength::Fixed(2),
            class: FigureClass::Follower,
            placement: FigurePlacement::OnFeatures(&["road", "city", "field"]),
            recall: Recall::Never,
            neutral: 0,
        },
    ],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: |_, _| Vec::<AttributeProblem>::new(),
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build: build_test_figures,
    ..ExpansionInfo::EMPTY
};

fn build_test_figures(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(TestFigures))
}

struct TestFigures;

impl Expansion for TestFigures {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}

    // The flier may go on the start tile's city, away from the tile just placed.
    fn deploy_options(&self, _state: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let view = after.view();
        let Some(flier) = view.tables().figure_index("test-flier") else {
            return;
        };
        let city = after.feature(Pos::new(0, 0), 0);
        if view.supply(view.turn().player, flier) > 0 && city.is_some_and(|c| !after.is_occupied(c)) {
            out.push(Deployment {
                figure: flier,
                pos: Pos::new(0, 0),
                spot: Spot::Feature(0),
            });
        }
    }
}

fn catalog_with_test_figures() -> Catalog {
    let mut catalog = common::catalog();
    catalog.add(&TEST_FIGURES).unwrap();
    catalog
}

/// After each move of no_follower.json, whether a fruit decision is pending.
#[test]
fn only_a_follower_on_the_tile_just_placed_triggers_fruit_actions() {
    let r = record("no_follower.json");
    let catalog = catalog_with_test_figures();
    let fruit_decision_after = |n: usize| {
        let mut r = r.clone();
        r.moves.truncate(n);
        let game = r.replay(&catalog, &tiles()).unwrap();
        matches!(game.decision(), Some(carcassonne_core::Decision::Expansion { .. }))
    };
    // Ann places the apple tree and passes: no fruit action.
    assert!(!fruit_decision_after(2));
    // Bob places next to the tree and passes: none.
    assert!(!fruit_decision_after(4));
    // Ann deploys a special figure (class Special) next to the tree: none.
    assert!(!fruit_decision_after(6));
    // Bob deploys a follower, but on the start tile, not the tile he placed: none.
    assert!(!fruit_decision_after(8));
    // Ann deploys a follower-class figure (not the core's follower) on the
    // tile she placed, diagonal to the tree: a fruit action.
    assert!(fruit_decision_after(10));
    let end = r.replay(&catalog, &tiles()).unwrap();
    // Apple top token (seed 5) is 3.
    let slot = end.rules().expansion_slot("fruit-trees").unwrap();
    let harvest = end
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "fruit-trees.harvest")
        .unwrap();
    assert_eq!(end.state().breakdown(0)[harvest], 3);
    assert_eq!(end.state().breakdown(1)[harvest], 0);
    assert!(
        end.public_expansion_state(slot)["players"][1]["held"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn passing_on_a_tree_tile_triggers_nothing() {
    let game = replay_first("harvest_example.json", 2);
    assert_eq!(game.decision().map(|d| d.player()), Some(1));
    assert!(state(&game).pending.is_none());
    assert_eq!(state(&game).growers[0].held.len(), 0);
}

// --- setup and public state ---------------------------------------------------

#[test]
fn setup_shuffles_each_stack_from_the_seed() {
    let stacks = |seed: u64| {
        let mut r = record("harvest_example.json");
        r.config.seed = seed;
        r.moves.clear();
        let game = r.replay(&common::catalog(), &tiles()).unwrap();
        state(&game).supply.clone()
    };
    let a = stacks(5);
    assert_eq!(a, stacks(5), "same seed, same stacks");
    for fruit in Fruit::ALL {
        let mut values = a[&fruit].clone();
        values.sort_unstable();
        assert_eq!(values, vec![2, 3, 4, 5], "{fruit}");
    }
    // Over a few seeds the orders differ (24 orders per stack).
    assert!((0..8).map(stacks).any(|s| s != a));
}

#[test]
fn public_state_hides_stack_values_until_harvested() {
    let game = replay_first("sell_example.json", 19);
    let public = game.public_expansion_state(common::slot(&game));
    // Sizes only, never values.
    assert_eq!(public["supply"]["plum"], 4);
    assert_eq!(public["trees"][0]["at"], serde_json::json!([1, 0]));
    assert_eq!(public["trees"][0]["tree"], "apple");
    assert_eq!(public["trees"][0]["tokens"], 2);
    assert_eq!(public["actions"], "per-tree");
    // Harvested tokens show their values (they were scored openly).
    assert_eq!(
        public["players"][0]["held"][0],
        serde_json::json!({"fruit": "apple", "value": 3})
    );
    assert_eq!(public["players"][0]["points"]["harvest"], 15);
    assert_eq!(public["pending"]["player"], 0);
    assert_eq!(public["pending"]["actions_left"], 1);
    // The hidden order (apple [5, 2], plum [4, 3, 2, 5] here) appears nowhere.
    let text = public.to_string();
    assert!(!text.contains("[5,2]") && !text.contains("[4,3,2,5]"), "{text}");
    assert!(
        serde_json::to_string(&state(&game).supply)
            .unwrap()
            .contains("[2,4,3,5]")
    );
}

// --- tile attributes --------------------------------------------------------

fn load_tiles(body: &str) -> String {
    let dir = std::env::temp_dir().join(format!("fruit-trees-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("t{}.toml", body.len()));
    std::fs::write(&path, format!("[set]\nid = \"t\"\nname = \"t\"\n{body}")).unwrap();
    let result = TileSource::load_path(&path, &common::catalog());
    std::fs::remove_file(&path).ok();
    match result {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

const FIELD_TILE: &str = "[[tile]]\nid = \"x\"\ncount = 1\nedges = \"FFFF\"\n";

#[test]
fn tile_attributes_are_checked() {
    let field = "features = [ { kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] } ]\n";
    assert_eq!(
        load_tiles(&format!(
            "{FIELD_TILE}{field}[tile.fruit-trees]\ntree = \"plum\"\nfarmhouse = true\n"
        )),
        ""
    );
    let pear = load_tiles(&format!("{FIELD_TILE}{field}[tile.fruit-trees]\ntree = \"pear\"\n"));
    assert!(
        pear.contains("`tree` cannot be `pear`; allowed: one of: quince, apple"),
        "{pear}"
    );
    let missing = load_tiles(&format!("{FIELD_TILE}{field}[tile.fruit-trees]\nhighwaymen = true\n"));
    assert!(missing.contains("needs `tree`"), "{missing}");
    let flag = load_tiles(&format!(
        "{FIELD_TILE}{field}[tile.fruit-trees]\ntree = \"plum\"\nfarmhouse = 1\n"
    ));
    assert!(
        flag.contains("`farmhouse` cannot be `1`; allowed: true or false"),
        "{flag}"
    );
    let other = load_tiles(&format!(
        "{FIELD_TILE}{field}[tile.fruit-trees]\ntree = \"plum\"\nfruit = 3\n"
    ));
    assert!(other.contains("unknown key `fruit`"), "{other}");
    let on_feature = load_tiles(&format!(
        "{FIELD_TILE}features = [ {{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"], fruit-trees = {{ tree = \"plum\" }} }} ]\n"
    ));
    assert!(
        on_feature.contains("`fruit-trees` has no attributes on a field; it has `tree` on a tile"),
        "{on_feature}"
    );
}

#[test]
fn the_shipped_tiles_are_six_trees_of_six_fruits() {
    let set = TileSource::default()
        .load(
            "fruit-trees.toml",
            carcassonne_fruit_trees::INFO.tile_files[0].embedded,
            &common::catalog(),
        )
        .unwrap();
    let mut trees: Vec<&str> = set
        .tiles
        .iter()
        .map(|t| {
            t.attribute("fruit-trees")
                .and_then(|a| a.get("tree"))
                .and_then(toml::Value::as_str)
                .unwrap()
        })
        .collect();
    trees.sort_unstable();
    assert_eq!(trees, vec!["apple", "apricot", "cherry", "elder", "plum", "quince"]);
    assert_eq!(set.total(), 6);
    let flagged = |key: &str| {
        set.tiles
            .iter()
            .filter(|t| t.attribute("fruit-trees").and_then(|a| a.get(key)).is_some())
            .count()
    };
    assert_eq!((flagged("farmhouse"), flagged("highwaymen")), (1, 1));
}

/// `actions = "one"` is the default (the rule text: "one of the following
/// two actions"). `two_trees_default.json` is the two-tree game written by
/// engine 0.2.0 with no variant stated: both harvests are offered, Ann takes
/// the apricot's top token (seed 5: apricot [5, 2, 3, 4] from the bottom,
/// so 4) and her fruit actions end. Ann: harvest 4 + 1 held token + her
/// unfinished one-tile road 1 = 6.
#[test]
fn one_action_is_the_default() {
    let first = replay_first("two_trees_default.json", 6);
    assert_eq!(first.rules().config.variants["fruit-trees"]["actions"], "one".into());
    assert_eq!(
        options(&first),
        vec![
            r#"{"fruit-trees":{"harvest":[1,0]}}"#,
            r#"{"fruit-trees":{"harvest":[2,0]}}"#,
            r#"{"fruit-trees":"done"}"#,
        ]
    );
    let end = replay("two_trees_default.json");
    assert!(end.is_over());
    assert_eq!(points(&end, 0, "fruit-trees.harvest"), 4);
    assert_eq!(points(&end, 0, "fruit-trees.held"), 1);
    assert_eq!(end.state().score(0), 6);
}

/// `two_trees_per_tree.json` was written by engine 0.1.0, whose default was
/// `per-tree`, and states no variant: it still replays with two actions
/// (`two_trees_per_tree_gives_one_action_per_tree`). Claimed by engine
/// 0.2.0 its second harvest is refused: one action only.
#[test]
fn per_tree_records_of_engine_0_1_0_keep_their_default() {
    let old = replay("two_trees_per_tree.json");
    assert_eq!(old.rules().config.variants["fruit-trees"]["actions"], "per-tree".into());
    let mut new = record("two_trees_per_tree.json");
    new.engine = "0.2.0".into();
    let err = new.replay(&common::catalog(), &tiles()).unwrap_err().to_string();
    assert!(err.starts_with("move 8 "), "{err}");
}
