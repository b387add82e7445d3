//! Whole random 2-player games with the three fan expansions on, through
//! `carcassonne_core::playout` (the code `carcassonne bench` times), and the same
//! tile bag with the expansions' rules off, so what the rules cost is told
//! apart from what their 38 extra tiles cost:
//!
//! - `expansions/full`, `expansions/sampled`: easter, fruit-trees and
//!   cleric-and-serf on;
//! - `same_tiles/full`, `same_tiles/sampled`: their tiles shuffled into the
//!   base game with their rules off (`tiles_only`).
//!
//! `cargo bench -p carcassonne-lab --bench expansions -- --quick`. Rules
//! are built before timing and reseeded for each of 64 seeds; game counts
//! are elements per second. The base game alone is in the core's
//! `engine` benchmark.

use carcassonne_core::playout::{self, Mode};
use carcassonne_core::{Catalog, GameConfig, Rules, TileSource};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

// Linked for their registrations (cleric-and-serf's tiles name the other
// expansions' attribute tables, so every shipped expansion must be known).
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

const EXPANSIONS: [&str; 3] = ["easter", "fruit-trees", "cleric-and-serf"];
const SEEDS: u64 = 64;

fn seeded(rules_off: bool) -> Vec<Arc<Rules>> {
    let mut config = GameConfig::with_players(2);
    let ids: Vec<String> = EXPANSIONS.iter().map(|id| id.to_string()).collect();
    if rules_off {
        config.tiles_only = ids;
    } else {
        config.expansions = ids;
    }
    let catalog = Catalog::linked().expect("the linked expansions register");
    let first = Rules::new(&catalog, &config, &TileSource::default()).expect("rules");
    (0..SEEDS)
        .map(|s| Arc::new(first.reseeded(s).expect("rules")))
        .collect()
}

fn games(c: &mut Criterion) {
    for (group_name, rules_off) in [("expansions", false), ("same_tiles", true)] {
        let rules = seeded(rules_off);
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Elements(1));
        for (name, mode) in [("full", Mode::Full), ("sampled", Mode::Sampled)] {
            let (mut seed, mut options) = (0, Vec::new());
            group.bench_function(name, |b| {
                b.iter(|| {
                    seed = (seed + 1) % SEEDS;
                    let game = playout::random_game(&rules[seed as usize], mode, seed ^ 0x5eed, &mut options);
                    black_box(game.expect("random games play to the end"))
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
