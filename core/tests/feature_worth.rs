//! A feature's worth asked by a hook (`Ctx::feature_worth`) is what the
//! core's scoring gives it: the declared scoring, then every expansion's
//! `feature_points` in slot order, the asking expansion's own one only
//! through `feature_worth_with`.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde::Serialize;
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, CoreState, Ctx, Decision, Expansion, ExpansionInfo, FeatureKind, FeatureScoring, Game,
    GameConfig, Hooks, Rules, ScoringMoment, TileSource,
};
use std::sync::Arc;

/// The roots of the features figures stand in.
fn occupied(view: &CoreState) -> Vec<NodeId> {
    let mut roots: Vec<NodeId> = view
        .figures()
        .iter()
        .filter_map(|f| f.node)
        .map(|n| view.features().root(n))
        .collect();
    roots.sort_unstable();
    roots.dedup();
    roots
}

/// Doubles what a road is worth.
struct Doubler;

impl Expansion for Doubler {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_POINTS
    }

    fn feature_points(&self, _: &(), view: &CoreState, node: NodeId, _complete: bool, points: &mut i32) {
        if view.features().kind(node) == FeatureKind::ROAD {
            *points *= 2;
        }
    }
}

/// Adds 1 to what a road is worth, and at every end of turn asks what each
/// occupied feature would score at the end, without its own adjustment
/// and with it.
struct PlusOne;

/// What `PlusOne` asked: (root, without its own adjustment, with it).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
struct Asked(Vec<(NodeId, i32, i32)>);

impl Expansion for PlusOne {
    type State = Asked;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Asked {
        Asked::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_POINTS | Hooks::END_OF_TURN
    }

    fn feature_points(&self, _: &Asked, view: &CoreState, node: NodeId, _complete: bool, points: &mut i32) {
        if view.features().kind(node) == FeatureKind::ROAD {
            *points += 1;
        }
    }

    fn end_of_turn(&self, state: &mut Asked, ctx: &mut Ctx<'_>) {
        let mut asked = Vec::new();
        for root in occupied(ctx.view()) {
            let without = ctx.feature_worth(root, false);
            let with = ctx.feature_worth_with(root, false, |view, n, complete, points| {
                self.feature_points(state, view, n, complete, points)
            });
            asked.push((root, without, with));
        }
        state.0 = asked;
    }
}

/// Adjusts nothing: asks at every end of turn and at the start of the
/// final scoring, and notes what the final scoring then gives.
struct Asker;

/// What `Asker` saw.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
struct Seen {
    /// At the last end of turn: (root, worth as at the end).
    turn: Vec<(NodeId, i32)>,
    /// At the start of the final scoring: (root, worth as at the end).
    before_final: Vec<(NodeId, i32)>,
    /// What the final scoring gave: (root, points).
    final_points: Vec<(NodeId, i32)>,
}

impl Expansion for Asker {
    type State = Seen;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Seen {
        Seen::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::END_OF_TURN | Hooks::FINAL_SCORING | Hooks::FEATURE_SCORED
    }

    fn end_of_turn(&self, state: &mut Seen, ctx: &mut Ctx<'_>) {
        state.turn = occupied(ctx.view())
            .into_iter()
            .map(|r| (r, ctx.feature_worth(r, false)))
            .collect();
    }

    fn final_scoring(&self, state: &mut Seen, ctx: &mut Ctx<'_>) {
        state.before_final = occupied(ctx.view())
            .into_iter()
            .map(|r| (r, ctx.feature_worth(r, false)))
            .collect();
    }

    fn feature_scored(&self, state: &mut Seen, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.moment == ScoringMoment::Final {
            let root = ctx.view().features().root(scoring.feature);
            state.final_points.push((root, scoring.points));
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build_doubler(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Doubler))
}

fn build_plus_one(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(PlusOne))
}

fn build_asker(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Asker))
}

static DOUBLER: ExpansionInfo = ExpansionInfo {
    id: "worth-doubler",
    name: "Doubler",
    version: "0.0.0",
    description: "roads are worth twice as much",
    check_attributes: no_attributes,
    build: build_doubler,
    ..ExpansionInfo::EMPTY
};

static PLUS_ONE: ExpansionInfo = ExpansionInfo {
    id: "worth-plus-one",
    name: "Plus one",
    version: "0.0.0",
    description: "roads are worth 1 more, and it asks what features are worth",
    check_attributes: no_attributes,
    build: build_plus_one,
    ..ExpansionInfo::EMPTY
};

static ASKER: ExpansionInfo = ExpansionInfo {
    id: "worth-asker",
    name: "Asker",
    version: "0.0.0",
    description: "asks what features are worth",
    check_attributes: no_attributes,
    build: build_asker,
    ..ExpansionInfo::EMPTY
};

fn rules(seed: u64) -> Arc<Rules> {
    let mut catalog = Catalog::default();
    for info in [&DOUBLER, &PLUS_ONE, &ASKER] {
        catalog.add(info).expect("a new id");
    }
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    config.expansions = vec!["worth-doubler".into(), "worth-plus-one".into(), "worth-asker".into()];
    Arc::new(Rules::new(&catalog, &config, &TileSource::default()).expect("rules"))
}

fn state<'g, S: 'static>(game: &'g Game, id: &str) -> &'g S {
    let slot = game.rules().expansion_slot(id).expect("on");
    game.expansion_state(slot)
        .as_any()
        .downcast_ref::<S>()
        .expect("its state")
}

/// What the core declares for an open feature: 1 a tile and coat of arms
/// for a road or city, 1 and 1 a tile round it for a cloister, 3 a
/// completed city for a field.
fn declared_open(view: &CoreState, root: NodeId) -> i32 {
    let f = view.features();
    match f.kind(root) {
        FeatureKind::ROAD | FeatureKind::CITY => (f.tile_count(root) + f.pennants(root)) as i32,
        FeatureKind::CLOISTER => 1 + view.neighbours(view.tile_of_node(root).pos) as i32,
        FeatureKind::FIELD => {
            3 * view
                .cities_of_field(root)
                .iter()
                .filter(|&&c| view.is_complete(c))
                .count() as i32
        }
        _ => 0,
    }
}

/// Whole games, each turn taking the first option: at every end of turn a
/// road is worth (open tiles) × 2 + 1 to a later slot and to the game, × 2
/// to the expansion adding the 1 unless it passes its own adjustment; at
/// the final scoring every feature scores what was asked just before it.
#[test]
fn a_hooks_worth_is_the_scorings_with_every_adjustment() {
    let mut roads_asked = 0;
    let mut finals = 0;
    for seed in 0..4 {
        let mut game = Game::new(rules(seed)).expect("a game");
        let mut options = Vec::new();
        while game.decision().is_some() {
            options.clear();
            game.legal_actions(&mut options);
            game.play(&options[0]).expect("a legal action");
            // Between turns the board is as the last end of turn left it.
            if !matches!(game.decision(), Some(Decision::Place { .. })) {
                continue;
            }
            let view = game.state();
            let plus_one: &Asked = state(&game, "worth-plus-one");
            let seen: &Seen = state(&game, "worth-asker");
            for &(root, without, with) in &plus_one.0 {
                let declared = declared_open(view, root);
                if view.features().kind(root) == FeatureKind::ROAD && !view.is_complete(root) {
                    roads_asked += 1;
                    assert_eq!(without, 2 * declared, "seed {seed}: the doubler's, not its own");
                    assert_eq!(with, 2 * declared + 1, "seed {seed}");
                } else if view.features().kind(root) != FeatureKind::ROAD {
                    assert_eq!((without, with), (declared, declared), "seed {seed}");
                }
            }
            for &(root, worth) in &seen.turn {
                let asked = plus_one.0.iter().find(|a| a.0 == root).map(|a| a.2);
                assert_eq!(asked, Some(worth), "seed {seed}: every slot asks the same worth");
                assert_eq!(game.feature_worth(root, false), worth, "seed {seed}: the game's answer");
            }
        }
        assert!(game.is_over());
        let seen: &Seen = state(&game, "worth-asker");
        let mut before = seen.before_final.clone();
        let mut given = seen.final_points.clone();
        before.sort_unstable();
        given.sort_unstable();
        assert_eq!(before, given, "seed {seed}: the final scoring gives what was asked");
        finals += given.len();
    }
    assert!(roads_asked > 0, "some open roads were asked about");
    assert!(finals > 0, "some features were scored at the end");
}
