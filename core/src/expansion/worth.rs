//! What a feature is worth when it is scored: the one computation behind
//! the core's scoring of a completed feature, the final scoring, the label
//! of a figure taken back, and an expansion's question
//! ([`Ctx::feature_worth`](crate::Ctx::feature_worth)), so that none of
//! them can drift from the others.

use super::DynInstance;
use crate::features::NodeId;
use crate::state::CoreState;
use crate::tiles::{FeatureKind, KindScoring};

/// What feature `node` is worth to each of its winners: complete (as when
/// a tile completes it) or, with `complete` false, as in the final
/// scoring. The kind's declared scoring (and the base game's `tiny_city`
/// variant, on when `tiny_city`), then `adjust(slot, points)` for every
/// expansion that takes `feature_points` (`adjusting`, their slots in
/// order), each seeing the points the ones before it left. Changes
/// nothing.
pub(crate) fn feature_worth(
    view: &CoreState,
    tiny_city: bool,
    adjusting: &[u8],
    node: NodeId,
    complete: bool,
    mut adjust: impl FnMut(u8, &mut i32),
) -> i32 {
    let f = view.features();
    let kind = f.kind(node);
    let mut points = match view.tables().landscape().get_feature(kind).map(|d| d.scoring) {
        // `tiny_city`: a completed two-tile city scores at the open rate,
        // 1 a tile and pennant (JCloisterZone's definition).
        Some(KindScoring::Tiles { open, pennant_open, .. })
            if complete && kind == FeatureKind::CITY && tiny_city && f.tile_count(node) == 2 =>
        {
            (f.tile_count(node) * u32::from(open) + f.pennants(node) * u32::from(pennant_open)) as i32
        }
        Some(KindScoring::Tiles {
            complete: per_tile,
            open,
            pennant_complete,
            pennant_open,
        }) => {
            let (tile, pennant) = if complete {
                (per_tile, pennant_complete)
            } else {
                (open, pennant_open)
            };
            (f.tile_count(node) * u32::from(tile) + f.pennants(node) * u32::from(pennant)) as i32
        }
        Some(KindScoring::Surroundings) => 1 + view.neighbours(view.tile_of_node(node).pos) as i32,
        Some(KindScoring::Farm) => 3 * view.complete_cities_of_field(node) as i32,
        Some(KindScoring::None | KindScoring::Hook) | None => 0,
    };
    for &slot in adjusting {
        adjust(slot, &mut points);
    }
    points
}

/// What a hook's context needs to answer
/// [`Ctx::feature_worth`](crate::Ctx::feature_worth): what the rules say of
/// scoring, and every expansion instance but the one whose hook runs (its
/// state is the hook's to change), split round its slot.
#[derive(Clone, Copy)]
pub(crate) struct Others<'a> {
    /// The base game's `tiny_city` variant.
    pub(crate) tiny_city: bool,
    /// The slots of the expansions that take `feature_points`, in order.
    pub(crate) adjusting: &'a [u8],
    /// The instances in the slots before the asking expansion's.
    pub(crate) before: &'a [Box<dyn DynInstance>],
    /// Those in the slots after it (empty during the setup, when later
    /// expansions have no instance yet).
    pub(crate) after: &'a [Box<dyn DynInstance>],
}

impl Others<'_> {
    /// The instance in `slot`, unless it is the asking one (`asking`) or
    /// has none yet.
    pub(crate) fn instance(&self, slot: u8, asking: u8) -> Option<&dyn DynInstance> {
        let (slot, asking) = (slot as usize, asking as usize);
        if slot < asking {
            self.before.get(slot).map(|b| b.as_ref())
        } else if slot > asking {
            self.after.get(slot - asking - 1).map(|b| b.as_ref())
        } else {
            None
        }
    }
}
