//! What the expansion interface costs by itself: base games played in
//! sampled mode, with or without an expansion that declares every turn
//! hook and does nothing in them. Run both under callgrind and subtract:
//!
//! ```sh
//! cargo build --release -p carcassonne-lab --example hook_cost
//! valgrind --tool=callgrind target/release/examples/hook_cost 300
//! valgrind --tool=callgrind target/release/examples/hook_cost 300 idle
//! ```
//!
//! The difference over the games is the engine's side of every hook call
//! (the context, the guard, the dispatch, the flush) at the rate a game
//! makes them, which the example prints.

use anyhow::{Context, Result, bail};
use carcassonne_core::expansion::{self, DynExpansion, FeatureScoring};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::tiles::{AttributeProblem, TileType};
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, FeatureKind, GameConfig, Hooks, Rules, TileSource,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Turn hooks called, over every game.
static CALLS: AtomicU64 = AtomicU64::new(0);

fn called() {
    CALLS.fetch_add(1, Ordering::Relaxed);
}

/// Declares every turn hook; each only counts its call.
struct Idle;

impl Expansion for Idle {
    type State = ();
    type Action = ();

    fn setup(&self, _: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::TURN_STARTED
            | Hooks::TILE_DRAWN
            | Hooks::TILE_PLACED
            | Hooks::FIGURE_DEPLOYED
            | Hooks::AFTER_DEPLOY
            | Hooks::BEFORE_SCORING
            | Hooks::FEATURE_COMPLETED
            | Hooks::FEATURE_SCORED
            | Hooks::AFTER_SCORING
            | Hooks::END_OF_TURN
            | Hooks::FINAL_SCORING
    }

    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn turn_started(&self, _: &mut (), _: &mut Ctx<'_>) {
        called();
    }
    fn tile_drawn(&self, _: &mut (), _: &mut Ctx<'_>, _: &TileType) {
        called();
    }
    fn tile_placed(&self, _: &mut (), _: &mut Ctx<'_>, _: carcassonne_core::board::PlacedTile) {
        called();
    }
    fn figure_deployed(&self, _: &mut (), _: &mut Ctx<'_>, _: &PlacedFigure) {
        called();
    }
    fn after_deploy(&self, _: &mut (), _: &mut Ctx<'_>, _: Option<&PlacedFigure>) {
        called();
    }
    fn before_scoring(&self, _: &mut (), _: &mut Ctx<'_>) {
        called();
    }
    fn feature_completed(&self, _: &mut (), _: &mut Ctx<'_>, _: carcassonne_core::features::NodeId) {
        called();
    }
    fn feature_scored(&self, _: &mut (), _: &mut Ctx<'_>, _: &FeatureScoring) {
        called();
    }
    fn after_scoring(&self, _: &mut (), _: &mut Ctx<'_>) {
        called();
    }
    fn end_of_turn(&self, _: &mut (), _: &mut Ctx<'_>) {
        called();
    }
    fn final_scoring(&self, _: &mut (), _: &mut Ctx<'_>) {
        called();
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &carcassonne_core::toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Idle))
}

static IDLE: ExpansionInfo = ExpansionInfo {
    id: "idle",
    name: "Idle",
    version: "0.0.0",
    description: "declares every turn hook and does nothing in them",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (games, idle) = match args.as_slice() {
        [games] => (games, false),
        [games, idle] if idle == "idle" => (games, true),
        _ => bail!("usage: hook_cost GAMES [idle]"),
    };
    let games: u64 = games
        .parse()
        .with_context(|| format!("GAMES must be a number, not `{games}`"))?;
    let mut catalog = Catalog::default();
    catalog.add(&IDLE)?;
    let mut config = GameConfig::with_players(2);
    if idle {
        config.expansions = vec!["idle".into()];
    }
    let first = Rules::new(&catalog, &config, &TileSource::default())?;
    let rules: Vec<Arc<Rules>> = (0..64)
        .map(|seed| first.reseeded(seed).map(Arc::new))
        .collect::<Result<_, _>>()?;
    let mut options = Vec::new();
    let mut checksum = 0i64;
    for i in 0..games {
        let game = playout::random_game(&rules[(i % 64) as usize], Mode::Sampled, i ^ 0x5eed, &mut options)?;
        checksum += i64::from(game.state().score(0));
    }
    println!(
        "{games} games, checksum {checksum}; {:.1} turn hook calls a game",
        CALLS.load(Ordering::Relaxed) as f64 / games.max(1) as f64
    );
    Ok(())
}
