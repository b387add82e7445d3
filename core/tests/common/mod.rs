//! What several test binaries share: the rules of a game with one test
//! expansion.

use carcassonne_core::{Catalog, ExpansionInfo, GameConfig, Rules, SetupError, TileSource};

/// The rules of a two-player game with `info` alone, its `variants` set.
pub fn rules_with(info: &'static ExpansionInfo, seed: u64, variants: &[(&str, &str)]) -> Result<Rules, SetupError> {
    let mut catalog = Catalog::default();
    catalog.add(info).expect("a new id");
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    config.expansions = vec![info.id.into()];
    let chosen = config.variants.entry(info.id.into()).or_default();
    for &(name, value) in variants {
        chosen.insert(name.into(), value.into());
    }
    Rules::new(&catalog, &config, &TileSource::default())
}
