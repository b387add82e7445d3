//! "The city of Carcassonne does count when scoring farms at the end of the
//! game" (FAQ, 11/2013): a field touching the City of Carcassonne (every
//! field printed on its tiles) counts it as one more completed city, 3
//! points as the base game scores a completed city for farmers
//! (`city_counts_for_farms`).

use crate::CountOfCarcassonne;
use carcassonne_core::features::NodeId;
use carcassonne_core::{CoreState, FeatureKind};

/// Points a completed city gives a farm (the base game's farm scoring).
pub const CITY_FOR_FARMS: i32 = 3;

/// Adds the city to the points of a field that touches it.
pub(crate) fn adjust(rules: &CountOfCarcassonne, view: &CoreState, feature: NodeId, points: &mut i32) {
    if !rules.city_counts_for_farms || view.features().kind(feature) != FeatureKind::FIELD {
        return;
    }
    let touches = view.features().members(feature).any(|m| {
        rules
            .block
            .of_city
            .get(view.tile_of_node(m).tile as usize)
            .copied()
            .unwrap_or(false)
    });
    if touches {
        *points += CITY_FOR_FARMS;
    }
}
