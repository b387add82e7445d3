//! Properties of random games with the Easter expansion: eggs never
//! decrease, the bunny always stands on a placed tile, and every bunny path
//! offered is legal — and every legal path is offered.

mod common;

use carcassonne_core::rng::GameRng;
use carcassonne_core::serde_json;
use carcassonne_core::{
    Action, Catalog, CoreState, Decision, FigureClass, Game, GameConfig, Pos, RefusalKind, Rules, Side,
};
use carcassonne_easter::{Path, State};
use common::{easter_points, offered_paths, state_of, tiles};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Every simple path of exactly `len` hops from `from`, found breadth-first
/// (independently of the crate's depth-first search).
fn all_paths(view: &CoreState, from: Pos, len: usize) -> BTreeSet<Vec<Pos>> {
    let mut level: Vec<Vec<Pos>> = vec![vec![from]];
    for _ in 0..len {
        let mut next = Vec::new();
        for trail in &level {
            let here = *trail.last().unwrap();
            for side in Side::ALL {
                let cell = here.step(side);
                if view.board().get(cell).is_some() && !trail.contains(&cell) {
                    let mut t = trail.clone();
                    t.push(cell);
                    next.push(t);
                }
            }
        }
        level = next;
    }
    level.into_iter().map(|t| t[1..].to_vec()).collect()
}

fn is_step(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() + (a.y - b.y).abs() == 1
}

fn check_offer(game: &Game, state: &State, short_path_stays: bool) -> Result<(), TestCaseError> {
    let view = game.state();
    let from = state.bunny.expect("a bunny phase needs the bunny on the board");
    let roll = state
        .bunny_phase
        .and_then(|p| p.current)
        .expect("a bunny decision has a roll");
    let Some(Decision::Expansion { player, .. }) = game.decision() else {
        unreachable!()
    };
    prop_assert_eq!(player, roll.player, "the roller chooses the path");
    prop_assert!((1..=3).contains(&roll.rolled));
    // Exactly the roll where possible, else the longest possible.
    let longest = (0..=roll.rolled as usize)
        .rev()
        .find(|&n| !all_paths(view, from, n).is_empty())
        .unwrap();
    prop_assert_eq!(roll.hops as usize, longest);
    if short_path_stays {
        prop_assert_eq!(roll.hops, roll.rolled, "a short roll under `stay` asks nothing");
    }
    prop_assert!(roll.hops >= 1, "a bunny that cannot move asks nothing");
    // Another kind of answer is refused, naming the decision in Easter's words.
    let refusal = game.check(&Action::Pass).expect_err("a pass answers no bunny path");
    prop_assert_eq!(refusal.kind, RefusalKind::WrongDecision);
    prop_assert!(
        refusal.message.contains("must decide bunny path (easter), not pass"),
        "{}",
        refusal.message
    );
    let offered = offered_paths(game);
    let unique: BTreeSet<Vec<Pos>> = offered.iter().cloned().collect();
    prop_assert_eq!(unique.len(), offered.len(), "no path is offered twice");
    for path in &offered {
        prop_assert_eq!(path.len(), roll.hops as usize);
        let mut prev = from;
        let mut seen = vec![from];
        for &cell in path {
            prop_assert!(
                is_step(prev, cell),
                "{:?} to {:?} is not one orthogonal hop",
                prev,
                cell
            );
            prop_assert!(view.board().get(cell).is_some(), "{:?} holds no tile", cell);
            prop_assert!(!seen.contains(&cell), "{:?} entered twice", cell);
            seen.push(cell);
            prev = cell;
        }
    }
    prop_assert_eq!(
        &unique,
        &all_paths(view, from, roll.hops as usize),
        "every legal path is offered"
    );
    // The mover's most profitable paths come first: most eggs for the
    // mover, then fewest for the others, counted from the figures here.
    let eggs = |path: &Vec<Pos>| -> (u32, u32) {
        let followers = view.figures().iter().filter(|f| {
            path.contains(&f.pos) && view.tables().figures()[f.kind as usize].class == FigureClass::Follower
        });
        followers.fold((0, 0), |(mine, others), f| {
            if f.owner == player {
                (mine + 1, others)
            } else {
                (mine, others + 1)
            }
        })
    };
    let keys: Vec<(u32, u32)> = offered.iter().map(eggs).collect();
    prop_assert!(
        keys.windows(2)
            .all(|w| w[0].0 > w[1].0 || (w[0].0 == w[1].0 && w[0].1 <= w[1].1)),
        "paths not ordered by the mover's eggs, then the others': {:?}",
        keys
    );
    // The engine accepts exactly the offered paths (Easter checks a played
    // path step by step instead of listing them all): try paths one hop
    // too short and too long, every walk of the right length that comes
    // back to a tile, and every offered path with one cell moved to a
    // neighbour (jumps, empty cells).
    let hops = roll.hops as usize;
    let mut candidates: BTreeSet<Vec<Pos>> = (hops.saturating_sub(1)..=hops + 1)
        .flat_map(|n| all_paths(view, from, n))
        .collect();
    let mut walks: Vec<Vec<Pos>> = vec![vec![]];
    for _ in 0..hops {
        walks = walks
            .iter()
            .flat_map(|w| {
                let here = w.last().copied().unwrap_or(from);
                Side::ALL.into_iter().map(move |side| {
                    let mut longer = w.clone();
                    longer.push(here.step(side));
                    longer
                })
            })
            .filter(|w| view.board().get(*w.last().unwrap()).is_some())
            .collect();
    }
    candidates.extend(walks);
    for path in &offered {
        for i in 0..path.len() {
            for side in Side::ALL {
                let mut moved = path.clone();
                moved[i] = path[i].step(side);
                candidates.insert(moved);
            }
        }
    }
    let Some(Decision::Expansion { slot, .. }) = game.decision() else {
        unreachable!()
    };
    for path in candidates {
        let Some(inline) = Path::new(&path) else {
            // Longer than any roll: not even read as a path.
            let read = serde_json::from_value::<carcassonne_easter::Action>(serde_json::json!({ "path": path }));
            prop_assert!(read.is_err_and(|e| e.to_string().contains("at most 3 tiles")));
            continue;
        };
        let accepted = game
            .check(&Action::Expansion {
                slot,
                action: Box::new(carcassonne_easter::Action { path: inline }),
            })
            .is_ok();
        prop_assert_eq!(accepted, unique.contains(&path), "path {:?} from {:?}", path, from);
    }
    // Sampled playouts draw a path without listing them: only offered paths
    // come out, each about equally often (60 expected draws each; the
    // bounds are six standard deviations wide). Should an expansion's draw
    // give up (`None`: the playout then lists), those tries are not counted.
    let mut sampler = GameRng::new(u64::from(roll.face) ^ (from.x as u64) << 8 ^ (from.y as u64) << 16);
    let mut drawn: BTreeMap<Vec<Pos>, u32> = BTreeMap::new();
    let (want, mut got, mut tries) = (60 * unique.len(), 0, 0);
    while got < want {
        tries += 1;
        prop_assert!(tries < 100 * want, "the draw almost never finds a path");
        let Some(sampled) = game.sample_action(&mut sampler) else {
            continue;
        };
        got += 1;
        let Action::Expansion { action, .. } = sampled else {
            return Err(TestCaseError::fail("a bunny path is an Easter action"));
        };
        let path = action
            .as_any()
            .downcast_ref::<carcassonne_easter::Action>()
            .expect("an Easter action")
            .path
            .to_vec();
        prop_assert!(unique.contains(&path), "drew {:?}, which is not offered", path);
        *drawn.entry(path).or_default() += 1;
    }
    prop_assert_eq!(drawn.len(), unique.len(), "every offered path gets drawn");
    for (path, n) in drawn {
        prop_assert!(
            (12..=150).contains(&n),
            "path {:?} drawn {} times, expected about 60",
            path,
            n
        );
    }
    Ok(())
}

/// The final award by the digest's words, for comparison.
fn expected_points(eggs: &[u32], needs_three: bool) -> Vec<i32> {
    let mut counts: Vec<u32> = eggs.iter().copied().filter(|&e| e > 0).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.dedup();
    eggs.iter()
        .map(|&e| match counts.iter().position(|&c| c == e) {
            Some(0) => 10,
            Some(1) if !needs_three || eggs.len() >= 3 => 5,
            _ => 0,
        })
        .collect()
}

fn play_game(seed: u64, players: usize, variants: [usize; 5]) -> Result<(), TestCaseError> {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_easter::INFO).unwrap();
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    config.expansions = vec!["easter".into()];
    let chosen: Vec<(&str, carcassonne_core::Value)> = carcassonne_easter::VARIANTS
        .iter()
        .zip(variants)
        .map(|(v, i)| {
            let values = v.kind.examples();
            (v.name, values[i % values.len()].clone())
        })
        .collect();
    config.variants.insert(
        "easter".into(),
        chosen.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
    );
    let stays = chosen.contains(&("short_path", "stay".into()));
    let needs_three = chosen.contains(&("second_place", "more-than-two-players".into()));
    let rules = Arc::new(Rules::new(&catalog, &config, &tiles()).unwrap());
    let mut game = Game::new(rules).unwrap();
    let mut chooser = GameRng::new(seed ^ 0x5eed);
    let mut eggs = state_of(&game).eggs.clone();
    let mut options: Vec<Action> = Vec::new();
    let mut bunny_decisions = 0;
    while !game.is_over() {
        if matches!(game.decision(), Some(Decision::Expansion { .. })) {
            check_offer(&game, state_of(&game), stays)?;
            bunny_decisions += 1;
        }
        game.legal_actions(&mut options);
        prop_assert!(!options.is_empty(), "a pending decision has options");
        let pick = chooser.below(options.len() as u32) as usize;
        game.play(&options[pick]).unwrap();
        let state = state_of(&game);
        for (before, now) in eggs.iter().zip(&state.eggs) {
            prop_assert!(now >= before, "eggs went from {} to {}", before, now);
        }
        eggs = state.eggs.clone();
        if let Some(bunny) = state.bunny {
            prop_assert!(
                game.state().board().get(bunny).is_some(),
                "the bunny stands on {:?}, an empty cell",
                bunny
            );
        }
    }
    prop_assert_eq!(easter_points(&game), expected_points(&eggs, needs_three));
    // 12 Bunny tiles are in every bag; with `stay` a phase may ask nothing.
    prop_assert!(stays || bunny_decisions > 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_easter_invariants(
        seed in any::<u64>(),
        players in 2usize..=5,
        variants in proptest::array::uniform5(0usize..2),
    ) {
        play_game(seed, players, variants)?;
    }
}
