//! "Vineyards": "3 additional points for each vineyard on one of the 8
//! surrounding tiles", for a completed cloister only.

use crate::VINEYARD_SOURCE;
use carcassonne_core::{Ctx, FeatureKind, FeatureScoring};

/// Points a vineyard adds to a completed cloister round it.
const PER_VINEYARD: i32 = 3;

/// The game's vineyard tiles and the kinds they count for.
pub(crate) struct Vineyards {
    /// By tile index, whether the tile shows a vineyard.
    tiles: Vec<bool>,
    /// The Abbot's garden, when `vineyards_for_garden` counts it.
    garden: Option<FeatureKind>,
}

impl Vineyards {
    pub(crate) fn new(tiles: Vec<bool>, garden: Option<FeatureKind>) -> Self {
        Vineyards { tiles, garden }
    }
}

/// A feature was scored: whoever won a completed cloister (or garden,
/// under the variant) scores 3 for each vineyard tile among the 8 round it,
/// under the vineyards' own source; nothing for an unfinished one at the end
/// ("Only a completed monastery can claim the bonus points from the
/// vineyards").
pub(crate) fn score(vineyards: &Vineyards, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
    let kind = scoring.kind;
    if !scoring.complete || (kind != FeatureKind::CLOISTER && Some(kind) != vineyards.garden) {
        return;
    }
    let view = ctx.view();
    let at = view.tile_of_node(scoring.feature).pos;
    let around = at
        .ring()
        .filter_map(|p| view.board().get(p))
        .filter(|t| vineyards.tiles.get(t.tile as usize).copied().unwrap_or(false))
        .count() as i32;
    if around > 0 {
        for &winner in &scoring.winners {
            ctx.score(winner, PER_VINEYARD * around, VINEYARD_SOURCE);
        }
    }
}
