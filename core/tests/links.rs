//! Joins an expansion makes inside a tile and takes back
//! (`Ctx::link_features`, `Ctx::unlink_features`), on random base games
//! with a test expansion that treats every crossroads like a ferry lake:
//! it links two of the roads that end at the village, and later moves the
//! link to another pair, splitting roads. After every decision the feature
//! graph must match one worked out from scratch (a flood over the board
//! and the standing links), no complete road may keep its followers after
//! scoring, and undo must put the game back exactly.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::geometry::{Segment, Side};
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Event, Expansion, ExpansionInfo, FeatureKind, Game, GameConfig, Hooks, Phase, Rules,
    TileSource,
};
use std::sync::Arc;

/// Links roads on crossroads and moves the links on.
struct Relinker;

/// Each crossroads' road nodes and the pair (indices into them) linked now.
type Crossings = Vec<(Vec<NodeId>, (usize, usize))>;

impl Expansion for Relinker {
    type State = Crossings;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Crossings {
        Vec::new()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn after_deploy(&self, state: &mut Crossings, ctx: &mut Ctx<'_>, _deployed: Option<&PlacedFigure>) {
        let view = ctx.view();
        let Some(placed) = view.turn().placed else { return };
        let number = view.turn().number as usize;
        let pt = view.board().tiles()[placed as usize];
        let tt = view.tables().tile(pt.tile);
        let roads: Vec<NodeId> = (0..tt.feature_kinds().len())
            .filter(|&fi| tt.feature_kind(fi) == FeatureKind::ROAD)
            .map(|fi| pt.first_node + fi as NodeId)
            .collect();
        if roads.len() >= 3 {
            ctx.link_features(roads[0], roads[1]);
            state.push((roads, (0, 1)));
        } else if !state.is_empty() {
            // Move one link on: to the next pair of its crossroads.
            let k = number % state.len();
            let (roads, (i, j)) = &mut state[k];
            ctx.unlink_features(roads[*i], roads[*j]);
            let n = roads.len();
            let (ni, nj) = if *j + 1 < n {
                (*i, *j + 1)
            } else if *i + 2 < n {
                (*i + 1, *i + 2)
            } else {
                (0, 1)
            };
            ctx.link_features(roads[ni], roads[nj]);
            (*i, *j) = (ni, nj);
        }
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Relinker))
}

static RELINKER: ExpansionInfo = ExpansionInfo {
    id: "test-relinker",
    name: "Relinker",
    version: "0.0.0",
    description: "links roads on crossroads and moves the links on",
    check_attributes: no_attributes,
    build,
    ..ExpansionInfo::EMPTY
};

fn game(seed: u64, players: usize) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(&RELINKER).expect("a new id");
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    config.expansions = vec![RELINKER.id.into()];
    let rules = Rules::new(&catalog, &config, &TileSource::default()).expect("rules");
    Game::new(Arc::new(rules)).expect("game")
}

/// The road nodes joined to `start` across edges and `links`, worked out
/// from the board alone.
fn flood(game: &Game, start: NodeId, links: &[(NodeId, NodeId)]) -> Vec<NodeId> {
    let s = game.state();
    let mut seen = vec![start];
    let mut stack = vec![start];
    while let Some(n) = stack.pop() {
        let pt = *s.tile_of_node(n);
        let tt = s.tables().tile(pt.tile);
        let fi = (n - pt.first_node) as usize;
        let mut next: Vec<NodeId> = links
            .iter()
            .filter_map(|&(a, b)| (a == n).then_some(b).or((b == n).then_some(a)))
            .collect();
        for side in Side::ALL {
            let seg = Segment::centre(side);
            if tt.feature_at(pt.rotation, seg) != Some(fi) {
                continue;
            }
            if let Some(nb) = s.board().get(pt.pos.step(side))
                && let Some(b) = s.tables().tile(nb.tile).feature_at(nb.rotation, seg.facing())
            {
                next.push(nb.first_node + b as NodeId);
            }
        }
        for m in next {
            if !seen.contains(&m) {
                seen.push(m);
                stack.push(m);
            }
        }
    }
    seen.sort_unstable();
    seen
}

/// Open road ends of `n`: its sides with no tile beyond (base tiles' roads
/// end inside their tile otherwise).
fn open_ends(game: &Game, n: NodeId) -> u32 {
    let s = game.state();
    let pt = *s.tile_of_node(n);
    let tt = s.tables().tile(pt.tile);
    let fi = (n - pt.first_node) as usize;
    Side::ALL
        .into_iter()
        .filter(|&side| {
            tt.feature_at(pt.rotation, Segment::centre(side)) == Some(fi) && !s.board().is_occupied(pt.pos.step(side))
        })
        .count() as u32
}

/// Checks every road against the graph worked out from scratch; returns
/// how many roads hold followers of two players or more across a standing
/// link (what a split then divides).
fn check_roads(game: &Game, links: &[(NodeId, NodeId)]) -> usize {
    let s = game.state();
    let f = s.features();
    let mut shared = 0;
    for n in 0..f.len() as NodeId {
        if f.kind(n) != FeatureKind::ROAD || f.root(n) != n {
            continue;
        }
        let mut members: Vec<NodeId> = f.members(n).collect();
        members.sort_unstable();
        let expected = flood(game, n, links);
        assert_eq!(members, expected, "the members of road {n}");
        let open: u32 = members.iter().map(|&m| open_ends(game, m)).sum();
        assert_eq!(f.open_sides(n), open, "the open sides of road {n}");
        let standing = s
            .figures()
            .iter()
            .filter(|fig| fig.node.is_some_and(|m| members.contains(&m)))
            .count() as u32;
        assert_eq!(f.followers(n), standing, "the followers on road {n}");
        assert_eq!(f.node_count(n), members.len() as u32);
        if matches!(s.phase(), Phase::Place | Phase::Draw) {
            assert!(open > 0 || standing == 0, "complete road {n} still holds followers");
        }
        let linked = links.iter().any(|&(a, b)| members.contains(&a) && members.contains(&b));
        let owners: std::collections::BTreeSet<u8> = s
            .figures()
            .iter()
            .filter(|fig| fig.node.is_some_and(|m| members.contains(&m)))
            .map(|fig| fig.owner)
            .collect();
        if linked && owners.len() >= 2 {
            shared += 1;
        }
    }
    shared
}

/// The state as the public accessors show it.
fn observe(game: &Game) -> String {
    let s = game.state();
    let f = s.features();
    let nodes: Vec<_> = (0..f.len() as u32)
        .map(|n| {
            (
                f.root(n),
                f.open_sides(n),
                f.followers(n),
                f.pennants(n),
                f.node_count(n),
            )
        })
        .collect();
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        nodes,
        s.figures(),
        (0..s.players() as u8).map(|p| s.score(p)).collect::<Vec<_>>(),
        s.turn(),
        game.last_events()
    )
}

fn note_links(events: &[Event], links: &mut Vec<(NodeId, NodeId)>, splits: &mut usize) {
    for e in events {
        if let Event::FeaturesLinked { a, b, linked, .. } = *e {
            if linked {
                links.push((a, b));
            } else if let Some(i) = links.iter().position(|&l| l == (a, b) || l == (b, a)) {
                links.remove(i);
                *splits += 1;
            }
        }
    }
}

#[test]
fn moved_links_split_roads_as_the_board_says_and_undo_restores_them() {
    let mut splits = 0;
    let mut shared_before_a_split = 0;
    for seed in 0..12u64 {
        let mut game = game(seed, 2 + (seed as usize % 4));
        game.set_undoable(true);
        let mut links = Vec::new();
        let mut options = Vec::new();
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while !game.is_over() {
            game.legal_actions(&mut options);
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let action = options[(pick >> 33) as usize % options.len()].clone();
            let before = observe(&game);
            let shared = check_roads(&game, &links);
            game.play(&action).expect("a legal option");
            let mut after_links = links.clone();
            let splits_before = splits;
            note_links(game.last_events(), &mut after_links, &mut splits);
            if splits > splits_before {
                shared_before_a_split += shared;
            }
            check_roads(&game, &after_links);
            // Every third decision: undo it, compare, play it again.
            if pick % 3 == 0 {
                let after = observe(&game);
                assert!(game.undo());
                assert_eq!(observe(&game), before, "undo restores the game (seed {seed})");
                game.play(&action).expect("a legal option again");
                assert_eq!(observe(&game), after, "replaying the decision plays it the same");
            }
            links = after_links;
        }
    }
    assert!(splits > 50, "links were moved ({splits})");
    assert!(
        shared_before_a_split > 0,
        "some moved link divided a road with followers of two players"
    );
}
