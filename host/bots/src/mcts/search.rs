//! One search tree: nodes in a vector indexed by `u32`, no game state in
//! the nodes (each iteration replays its path on a fresh determinization of
//! the root, which the information-set search needs anyway).

use super::{Budget, MctsConfig};
use crate::clock::Instant;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Decision, Game, PlayError};
use std::hash::{DefaultHasher, Hash, Hasher};

/// A decision node: an information set of the player to decide, as far as
/// the tree can tell them apart (the path of actions and observations).
struct Node {
    /// Who decides here.
    player: u8,
    /// Times an iteration passed through (or ended at) this node.
    visits: u32,
    /// Whether `options` is listed and ordered (from the second visit on).
    expanded: bool,
    /// The options, best prior first.
    options: Vec<Action>,
    /// Statistics per option, parallel to `options`.
    edges: Vec<Edge>,
}

/// An action out of a node, with its statistics and the nodes it led to
/// (one per observed outcome of the chance that followed).
#[derive(Default)]
struct Edge {
    visits: u32,
    /// Sum of the rewards of the node's player.
    value: f64,
    children: Vec<(u64, u32)>,
}

/// The root's statistics per option (in the caller's order): (visits, value sum).
pub(super) struct RootResult {
    pub edges: Vec<(u32, f64)>,
    pub iterations: u64,
    pub nodes: u64,
}

pub(super) struct Search<'a> {
    /// The position, unnarrated; never played on (copies are determinized).
    root: Game,
    config: &'a MctsConfig,
    nodes: Vec<Node>,
    /// The caller's index of each root option, in the root node's order.
    root_index: Vec<usize>,
    rng: GameRng,
    bag_size: f64,
    path: Vec<(u32, u32)>,
    rewards: Vec<f64>,
    scratch: Vec<Action>,
}

impl<'a> Search<'a> {
    pub fn new(game: &Game, options: &[Action], config: &'a MctsConfig, seed: u64) -> Search<'a> {
        let mut root = game.clone();
        root.set_narrated(false);
        let players = root.state().players();
        let mut search = Search {
            bag_size: root.rules().bag_size().max(1) as f64,
            root,
            config,
            nodes: Vec::new(),
            root_index: Vec::new(),
            rng: GameRng::new(seed),
            path: Vec::new(),
            rewards: vec![0.0; players],
            scratch: Vec::new(),
        };
        let player = game.decision().map_or(0, |d| d.player());
        let guess = search.root.determinized(search.rng.next_u64());
        let (order, options) = search.by_prior(&guess, player, options.to_vec());
        search.root_index = order;
        search.nodes.push(Node {
            player,
            visits: 0,
            expanded: true,
            edges: options.iter().map(|_| Edge::default()).collect(),
            options,
        });
        search
    }

    /// Runs iterations until the budget is spent.
    pub fn run(mut self, budget: Budget, start: Instant) -> RootResult {
        let mut iterations = 0u64;
        loop {
            let done = match budget {
                Budget::Iterations(n) => iterations >= u64::from(n),
                // The clock is read every few iterations: it costs more than one.
                Budget::Time(d) => iterations > 0 && iterations.is_multiple_of(16) && start.elapsed() >= d,
            };
            if done {
                break;
            }
            self.iterate();
            iterations += 1;
        }
        let mut edges = vec![(0u32, 0f64); self.root_index.len()];
        for (k, e) in self.nodes[0].edges.iter().enumerate() {
            edges[self.root_index[k]] = (e.visits, e.value);
        }
        RootResult {
            edges,
            iterations,
            nodes: self.nodes.len() as u64,
        }
    }

    fn iterate(&mut self) {
        let mut game = self.root.determinized(self.rng.next_u64());
        self.path.clear();
        let mut node = 0u32;
        while !game.is_over() {
            let n = &self.nodes[node as usize];
            if !n.expanded {
                if n.visits == 0 {
                    break;
                }
                self.expand(node, &game);
            }
            let Some(edge) = self.select_and_play(node, &mut game) else {
                break;
            };
            self.path.push((node, edge));
            let key = observation(&game, &mut self.scratch);
            node = self.child(node, edge, key, &game);
        }
        self.settle(&mut game);
        let mut rewards = std::mem::take(&mut self.rewards);
        self.judge(&mut game, &mut rewards);
        self.nodes[node as usize].visits += 1;
        for &(n, e) in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            let reward = rewards[node.player as usize];
            let edge = &mut node.edges[e as usize];
            edge.visits += 1;
            edge.value += reward;
        }
        self.rewards = rewards;
    }

    /// Lists the node's options (as they stand in this determinization)
    /// and orders them by prior.
    fn expand(&mut self, node: u32, game: &Game) {
        let mut options = Vec::new();
        game.legal_actions(&mut options);
        let player = self.nodes[node as usize].player;
        let (_, options) = self.by_prior(game, player, options);
        let n = &mut self.nodes[node as usize];
        n.edges = options.iter().map(|_| Edge::default()).collect();
        n.options = options;
        n.expanded = true;
    }

    /// `options` ordered by the value to `player` of the position each
    /// leads to (turn finished, judged as a leaf), best first, with the
    /// original index of each.
    fn by_prior(&mut self, game: &Game, player: u8, options: Vec<Action>) -> (Vec<usize>, Vec<Action>) {
        let mut rewards = std::mem::take(&mut self.rewards);
        let mut scored: Vec<(f64, usize, Action)> = options
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                let mut copy = game.clone();
                let prior = if copy.play(&a).is_ok() {
                    self.settle(&mut copy);
                    self.judge(&mut copy, &mut rewards);
                    rewards[player as usize]
                } else {
                    -1.0
                };
                (prior, i, a)
            })
            .collect();
        self.rewards = rewards;
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, i, a)| (i, a)).unzip()
    }

    /// Picks an option of `node` by UCT among those widening has opened and
    /// plays it on `game`; an option this determinization does not allow is
    /// passed over. `None` when nothing could be played.
    fn select_and_play(&mut self, node: u32, game: &mut Game) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let open = ((1.0 + self.config.widening * f64::from(n.visits).sqrt()) as usize).clamp(1, n.options.len());
        let log_n = f64::from(n.visits.max(1)).ln();
        let c = self.config.exploration;
        let score = |k: usize| {
            let e = &n.edges[k];
            if e.visits == 0 {
                // Unvisited options are tried first, in prior order.
                f64::MAX - k as f64
            } else {
                let v = f64::from(e.visits);
                e.value / v + c * (log_n / v).sqrt()
            }
        };
        // Usually the best plays; the ranking is needed only when it may not.
        let best = (0..open).max_by(|&a, &b| score(a).total_cmp(&score(b)).then(b.cmp(&a)))?;
        match game.play(&n.options[best]) {
            Ok(()) => return Some(best as u32),
            Err(PlayError::Illegal(_)) => {}
            Err(PlayError::ExpansionFailed { .. }) => return None,
        }
        let mut ranked: Vec<usize> = (0..open).filter(|&k| k != best).collect();
        ranked.sort_by(|&a, &b| score(b).total_cmp(&score(a)).then(a.cmp(&b)));
        for k in ranked {
            match game.play(&n.options[k]) {
                Ok(()) => return Some(k as u32),
                Err(PlayError::Illegal(_)) => continue,
                Err(PlayError::ExpansionFailed { .. }) => return None,
            }
        }
        None
    }

    /// The child of `node` through `edge` for observation `key`, grown on first sight.
    fn child(&mut self, node: u32, edge: u32, key: u64, game: &Game) -> u32 {
        let e = &self.nodes[node as usize].edges[edge as usize];
        if let Some(&(_, c)) = e.children.iter().find(|(k, _)| *k == key) {
            return c;
        }
        let c = self.nodes.len() as u32;
        self.nodes.push(Node {
            player: game.decision().map_or(0, |d| d.player()),
            visits: 0,
            expanded: false,
            options: Vec::new(),
            edges: Vec::new(),
        });
        self.nodes[node as usize].edges[edge as usize].children.push((key, c));
        c
    }

    fn settle(&mut self, game: &mut Game) {
        settle(game, &mut self.rng);
    }

    /// Each player's reward in [0, 1] for the position: its value (score
    /// if the game ended now, plus its figures in supply) against the best
    /// opponent's, squashed once by a sigmoid. Consumes the position.
    fn judge(&self, game: &mut Game, rewards: &mut [f64]) {
        let mut values = [0f64; 8];
        let players = rewards.len().min(values.len());
        position_values(game, self.config.figure_value, self.bag_size, &mut values[..players]);
        for p in 0..players {
            // Alone (a solo game) a player plays for points: no opponent, 0.
            let best_other = (0..players)
                .filter(|&q| q != p)
                .map(|q| values[q])
                .reduce(f64::max)
                .unwrap_or(0.0);
            let diff = values[p] - best_other;
            rewards[p] = 1.0 / (1.0 + (-diff / self.config.reward_scale).exp());
        }
    }
}

/// What the players observe of the position after an action: the next
/// decision (the drawn tile for a placement) and, for an expansion's
/// question, its options (they show a die roll or a revealed token that
/// shaped them). Chance outcomes the players tell apart get different children.
fn observation(game: &Game, scratch: &mut Vec<Action>) -> u64 {
    let mut h = DefaultHasher::new();
    match game.decision() {
        None => return 0,
        Some(Decision::Place { player, tile }) => (1u8, player, tile).hash(&mut h),
        Some(Decision::Deploy { player, pos }) => (2u8, player, pos).hash(&mut h),
        Some(Decision::Expansion { player, slot, label }) => {
            (3u8, player, slot, label).hash(&mut h);
            game.legal_actions(scratch);
            let mut w = HashWriter(&mut h);
            for a in scratch.iter() {
                // Expansion actions are opaque; their debug form names every field.
                let _ = std::fmt::Write::write_fmt(&mut w, format_args!("{a:?};"));
            }
        }
    }
    h.finish()
}

/// Feeds formatted text into a hasher without building the string.
struct HashWriter<'a>(&'a mut DefaultHasher);

impl std::fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// Finishes the turn in progress with a cheap default policy (no figure
/// deployed, expansions' questions answered at random from `rng`), so a
/// position is judged between turns, where scoring is settled.
pub(crate) fn settle(game: &mut Game, rng: &mut GameRng) {
    let turn = game.state().turn().number;
    for _ in 0..32 {
        match game.decision() {
            None | Some(Decision::Place { .. }) => return,
            Some(_) if game.state().turn().number != turn => return,
            Some(Decision::Deploy { .. }) => {
                if game.play(&Action::Pass).is_err() {
                    return;
                }
            }
            Some(Decision::Expansion { .. }) => {
                let played = match game.play_sampled(rng) {
                    Some(played) => played,
                    None => match game.play_listed(|n| rng.below(n as u32) as usize) {
                        Some(played) => played,
                        None => return,
                    },
                };
                if played.is_err() {
                    return;
                }
            }
        }
    }
}

/// Each player's value of the position into `values` (one per seat): its
/// score if the game ended now (`Game::end_now`: open features and farms
/// scored as at the end) plus `figure_value` points for each of its
/// figures in supply, falling to nothing as the bag (of `bag_size` tiles)
/// empties. Consumes the position (it ends the game).
pub(crate) fn position_values(game: &mut Game, figure_value: f64, bag_size: f64, values: &mut [f64]) {
    let left = game.state().tiles_left() as f64 / bag_size.max(1.0);
    let figure_value = figure_value * left;
    let kinds = game.rules().figures().len() as u8;
    for (p, v) in values.iter_mut().enumerate() {
        let supply: u32 = (0..kinds).map(|k| u32::from(game.state().supply(p as u8, k))).sum();
        *v = figure_value * f64::from(supply);
    }
    game.end_now();
    for (p, v) in values.iter_mut().enumerate() {
        *v += f64::from(game.state().score(p as u8));
    }
}
