//! The expansion crates linked into every host.
//!
//! A crate that is only a Cargo dependency is not linked, and its
//! `register_expansion!` would silently vanish: naming each crate here keeps
//! it. `tests/registered.rs` checks the exact set of ids that results.
//!
//! A WebAssembly module made for a page (the static site) runs no
//! constructors, so the registrations never happen there: its catalog is
//! made from [`LINKED`], each crate's declaration named here.

use carcassonne_abbey_and_mayor as _;
use carcassonne_abbot as _;
use carcassonne_bridges_castles_and_bazaars as _;
use carcassonne_cleric_and_serf as _;
use carcassonne_count_of_carcassonne as _;
use carcassonne_courier as _;
use carcassonne_crop_circles as _;
use carcassonne_cult as _;
use carcassonne_darmstadt_promos as _;
use carcassonne_decinsky_sneznik as _;
use carcassonne_easter as _;
use carcassonne_family_feud as _;
use carcassonne_fish_huts as _;
use carcassonne_fishermen as _;
use carcassonne_fruit_trees as _;
use carcassonne_gamblers_luck as _;
use carcassonne_games_quarterly_11 as _;
use carcassonne_hills_and_sheep as _;
use carcassonne_inns_and_cathedrals as _;
use carcassonne_king_and_robber_baron as _;
use carcassonne_little_buildings as _;
use carcassonne_mage_and_witch as _;
use carcassonne_meteorites as _;
use carcassonne_monasteries as _;
use carcassonne_obelisk as _;
use carcassonne_river as _;
use carcassonne_river_ii as _;
use carcassonne_robbers_son as _;
use carcassonne_russian_promos as _;
use carcassonne_siege as _;
use carcassonne_spiel_doch as _;
use carcassonne_the_city_gates as _;
use carcassonne_the_ferries as _;
use carcassonne_the_festival as _;
use carcassonne_the_flier as _;
use carcassonne_the_gold_mines as _;
use carcassonne_the_labyrinth as _;
use carcassonne_the_messages as _;
use carcassonne_the_phantom as _;
use carcassonne_the_princess_and_the_dragon as _;
use carcassonne_the_school as _;
use carcassonne_the_tower as _;
use carcassonne_the_tunnel as _;
use carcassonne_traders_and_builders as _;
use carcassonne_under_the_big_top as _;
use carcassonne_village_life as _;
use carcassonne_watchtowers as _;
use carcassonne_wells as _;
use carcassonne_wind_roses as _;

use carcassonne_core::registry::CatalogError;
use carcassonne_core::{Catalog, ExpansionInfo};

/// The declaration of every expansion linked into every host.
pub static LINKED: [&ExpansionInfo; 49] = [
    &carcassonne_abbey_and_mayor::INFO,
    &carcassonne_abbot::INFO,
    &carcassonne_bridges_castles_and_bazaars::INFO,
    &carcassonne_cleric_and_serf::INFO,
    &carcassonne_count_of_carcassonne::INFO,
    &carcassonne_courier::INFO,
    &carcassonne_meteorites::INFO,
    &carcassonne_crop_circles::INFO,
    &carcassonne_cult::INFO,
    &carcassonne_darmstadt_promos::INFO,
    &carcassonne_decinsky_sneznik::INFO,
    &carcassonne_easter::INFO,
    &carcassonne_family_feud::INFO,
    &carcassonne_fish_huts::INFO,
    &carcassonne_fishermen::INFO,
    &carcassonne_fruit_trees::INFO,
    &carcassonne_gamblers_luck::INFO,
    &carcassonne_games_quarterly_11::INFO,
    &carcassonne_hills_and_sheep::INFO,
    &carcassonne_inns_and_cathedrals::INFO,
    &carcassonne_king_and_robber_baron::INFO,
    &carcassonne_little_buildings::INFO,
    &carcassonne_mage_and_witch::INFO,
    &carcassonne_monasteries::INFO,
    &carcassonne_obelisk::INFO,
    &carcassonne_river::INFO,
    &carcassonne_river_ii::INFO,
    &carcassonne_spiel_doch::INFO,
    &carcassonne_robbers_son::INFO,
    &carcassonne_siege::INFO,
    &carcassonne_russian_promos::INFO,
    &carcassonne_the_city_gates::INFO,
    &carcassonne_the_festival::INFO,
    &carcassonne_the_flier::INFO,
    &carcassonne_the_gold_mines::INFO,
    &carcassonne_the_labyrinth::INFO,
    &carcassonne_the_messages::INFO,
    &carcassonne_the_phantom::INFO,
    &carcassonne_the_princess_and_the_dragon::INFO,
    &carcassonne_the_school::INFO,
    &carcassonne_the_tower::INFO,
    &carcassonne_the_tunnel::INFO,
    &carcassonne_the_ferries::INFO,
    &carcassonne_traders_and_builders::INFO,
    &carcassonne_under_the_big_top::INFO,
    &carcassonne_village_life::INFO,
    &carcassonne_watchtowers::INFO,
    &carcassonne_wells::INFO,
    &carcassonne_wind_roses::INFO,
];

/// The linked expansions' catalog: their registrations
/// (`Catalog::linked`), or on WebAssembly, where they do not run, [`LINKED`].
///
/// # Errors
/// Two expansions share an id, or one is malformed.
pub fn linked_catalog() -> Result<Catalog, CatalogError> {
    if cfg!(target_family = "wasm") {
        let mut catalog = Catalog::default();
        for info in LINKED {
            catalog.add(info)?;
        }
        Ok(catalog)
    } else {
        Catalog::linked()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`LINKED`] must name every linked crate, or the static site would
    /// silently miss an expansion the native hosts offer.
    #[test]
    fn the_declarations_named_are_the_expansions_registered() {
        let registered = Catalog::linked().unwrap();
        let mut named: Vec<&str> = LINKED.iter().map(|i| i.id).collect();
        named.sort_unstable();
        let mut ids = registered.ids();
        ids.sort_unstable();
        assert_eq!(named, ids);
    }
}
