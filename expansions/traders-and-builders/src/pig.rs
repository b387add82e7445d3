//! The pig: where it may stand, and what it adds to its farm; and The River
//! II's pig-herd, which adds the same for every player who wins its farm.

use crate::{PIG_HERD_SOURCE, PIG_SOURCE, spots_beside_own_follower};
use carcassonne_core::{AfterPlacement, CoreState, Ctx, Deployment, FeatureKind, FeatureScoring, TileType};

/// The expansion whose tiles show pig-herds, and its attribute's key.
const PIG_HERD_ATTRIBUTE: (&str, &str) = ("river-ii", "pig-herd");

/// The pig's spots on the tile just placed: a field joined to a farm where
/// the player has a farmer.
pub(crate) fn spots(pig: u8, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    spots_beside_own_follower(pig, &[FeatureKind::FIELD], after, out);
}

/// Which features of each tile type show a pig-herd, read once per game.
/// Empty when no tile of the game shows one.
pub(crate) struct PigHerds(Vec<Vec<bool>>);

impl PigHerds {
    /// Reads `river-ii = { pig-herd = true }` on the fields of `tiles`.
    pub(crate) fn read(tiles: &[TileType]) -> PigHerds {
        let (set, key) = PIG_HERD_ATTRIBUTE;
        let table: Vec<Vec<bool>> = tiles
            .iter()
            .map(|t| {
                t.def
                    .features
                    .iter()
                    .map(|f| f.attributes.get(set).and_then(|a| a.get(key)).and_then(|v| v.as_bool()) == Some(true))
                    .collect()
            })
            .collect();
        if table.iter().flatten().any(|&h| h) {
            PigHerds(table)
        } else {
            PigHerds(Vec::new())
        }
    }

    /// Whether the farm of `node` holds a pig-herd.
    fn in_farm(&self, view: &CoreState, node: u32) -> bool {
        !self.0.is_empty()
            && view.features().members(node).any(|m| {
                let tile = view.tile_of_node(m).tile as usize;
                self.0
                    .get(tile)
                    .and_then(|t| t.get(view.feature_index(m)))
                    .copied()
                    .unwrap_or(false)
            })
    }
}

/// A farm was scored: each winner whose pig stands in it scores 1 more
/// for each completed city the farm supplies (once, however many of their
/// pigs stand there: special figures do not stack, as JCloisterZone
/// scores it), and so does every winner when the farm holds a pig-herd
/// (the two add up).
pub(crate) fn fatten(pig: u8, herds: &PigHerds, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
    if scoring.kind != FeatureKind::FIELD || scoring.winners.is_empty() {
        return;
    }
    let view = ctx.view();
    let root = view.features().root(scoring.feature);
    let mut with_pig: Vec<u8> = view
        .figures()
        .iter()
        .filter(|f| f.kind == pig && f.node.is_some_and(|n| view.features().root(n) == root))
        .map(|f| f.owner)
        .filter(|owner| scoring.winners.contains(owner))
        .collect();
    with_pig.sort_unstable();
    with_pig.dedup();
    let herd = herds.in_farm(view, scoring.feature);
    if with_pig.is_empty() && !herd {
        return;
    }
    let cities = view
        .cities_of_field(scoring.feature)
        .into_iter()
        .filter(|&c| view.is_complete(c))
        .count() as i32;
    if cities == 0 {
        return;
    }
    for owner in with_pig {
        ctx.score(owner, cities, PIG_SOURCE);
    }
    if herd {
        for &winner in &scoring.winners {
            ctx.score(winner, cities, PIG_HERD_SOURCE);
        }
    }
}
