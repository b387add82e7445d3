//! "Serf": with the Abbey & Mayor barn, the placer of the first barn takes
//! it and later the placer of a barn that removes more farmers than the
//! mark; without a barn, the first player to deploy a farmer and later a
//! player whose farm is larger than the holder's (variants `serf`,
//! `serf_size`, `serf_cities`).

use crate::State;
use crate::hooks::ClericAndSerf;
use carcassonne_core::events::Event;
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{CORNER_NAMES, PlacedFigure, Spot};
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, FeatureKind, FigureClass, Pos, Segment};
use serde::Serialize;

/// The Abbey & Mayor barn's figure id.
pub(crate) const BARN: &str = "barn";

/// Which Serf rule is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SerfRule {
    /// The Serf goes with the barn that removed the most farmers.
    Barn,
    /// The Serf goes with the farmer deployed into the largest farm.
    NoBarn,
}

/// Which cities touching a farm count for its size (no-barn Serf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CityCount {
    /// Every city, complete or not.
    All,
    /// Only completed cities.
    Complete,
}

/// When a farm's size is taken for the no-barn Serf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FarmSize {
    /// Farms grow as tiles are placed: compared after every turn.
    Live,
    /// When a farmer is deployed into the farm, and never again.
    AtDeploy,
}

/// The Serf.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Serf {
    /// The rule in force.
    pub rule: SerfRule,
    /// The cities that count for a farm's size (used by the no-barn rule).
    pub cities: CityCount,
    /// When a farm's size is taken (used by the no-barn rule).
    pub size: FarmSize,
    /// The holder, once somebody has taken it.
    pub holder: Option<u8>,
    /// The record the holder set: farmers removed by a barn (barn rule),
    /// or cities touching the farm (no-barn rule: the holder's farm when the
    /// farmer was deployed under `at-deploy`, the holder's largest farm
    /// after the last turn under `live`).
    pub record: Option<u32>,
    /// Barns deployed so far.
    pub barns_played: u32,
}

/// A barn deployed this turn, with the farmers its placement removed so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PendingBarn {
    /// Who placed it.
    pub placer: u8,
    /// Farmers (of all players) returned from its farm since it was placed.
    pub removed: u32,
    /// A node of the barn's farm; `None` when the corner could not be read,
    /// and then every farmer returned this turn counts.
    #[serde(skip)]
    pub farm: Option<NodeId>,
}

/// The field at corner `corner` (0 NW, 1 NE, 2 SE, 3 SW) of the tile at `pos`.
fn corner_field(view: &CoreState, pos: Pos, corner: u8) -> Option<NodeId> {
    let placed = view.board().get(pos)?;
    let tile = view.tables().tile(placed.tile);
    let segment = Segment::parse(CORNER_NAMES.get(corner as usize)?)?;
    let fi = tile.feature_at(placed.rotation, segment)?;
    (tile.feature_kind(fi) == FeatureKind::FIELD).then_some(placed.first_node + fi as NodeId)
}

/// Whether a placed figure is a farmer: a follower standing in a field.
pub(crate) fn is_farmer(view: &CoreState, figure: &PlacedFigure) -> bool {
    view.tables().figures()[figure.kind as usize].class == FigureClass::Follower
        && figure
            .node
            .is_some_and(|n| view.features().kind(n) == FeatureKind::FIELD)
}

impl ClericAndSerf {
    /// The size of `field`'s farm for the no-barn Serf.
    fn farm_size(&self, view: &CoreState, field: NodeId) -> u32 {
        view.cities_of_field(field)
            .into_iter()
            .filter(|&c| self.cities == CityCount::All || view.is_complete(c))
            .count() as u32
    }

    /// Gives the Serf to `player` if `value` beats the record (or there is
    /// none yet).
    pub(crate) fn offer_serf(state: &mut State, ctx: &mut Ctx<'_>, player: u8, value: u32, why: &str) {
        if state.serf.record.is_some_and(|r| value <= r) {
            return;
        }
        state.serf.holder = Some(player);
        state.serf.record = Some(value);
        ctx.log_with(|| json!({ "serf": { "holder": player, "record": value, "for": why } }));
    }

    /// Settles the barns placed this turn (barn rule). The first barn of
    /// the game takes the Serf whatever it removed, none included (source,
    /// Example 2: "If this is the first time a barn is played in this game,
    /// Blue takes the serf tile"); a later one only by removing strictly
    /// more farmers than the mark.
    pub(crate) fn settle_barns(state: &mut State, ctx: &mut Ctx<'_>) {
        for barn in std::mem::take(&mut state.pending_barns) {
            Self::offer_serf(state, ctx, barn.placer, barn.removed, "farmers removed by a barn");
        }
    }

    /// The no-barn Serf under `serf_size = "live"`, after a turn: each
    /// player's largest farm holding one of their farmers, compared with the
    /// holder's. A player whose farm is strictly larger takes the Serf; when
    /// several tie for the largest, nobody does until one is ahead (as for
    /// the Cleric; see the docs' open questions).
    pub(crate) fn compare_live_farms(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let Some(holder) = state.serf.holder else {
            return;
        };
        let view = ctx.view();
        // Completed cities count only under `complete`, and a city can be
        // completed beside a farm without joining it: that rule counts again
        // every turn.
        let recount = self.cities == CityCount::Complete;
        let Some(largest) = state
            .live_farms
            .largest(view, recount, |cities| self.counted_cities(view, cities))
        else {
            // Nobody's largest farm changed, so neither did the Serf.
            return;
        };
        let held = largest[holder as usize];
        let best = largest.iter().copied().max().unwrap_or(0);
        let mut leaders =
            (0..largest.len() as u8).filter(|&p| p != holder && largest[p as usize] == best && best > held);
        let taker = match (leaders.next(), leaders.next()) {
            (Some(taker), None) => Some(taker),
            _ => None,
        };
        if let Some(taker) = taker {
            state.serf.holder = Some(taker);
            state.serf.record = Some(best);
            ctx.log_with(|| json!({ "serf": { "holder": taker, "record": best, "for": "largest farm" } }));
        } else {
            state.serf.record = Some(held);
        }
    }

    /// How many of a farm's `cities` (distinct roots) count for its size.
    fn counted_cities(&self, view: &CoreState, cities: &[NodeId]) -> u32 {
        match self.cities {
            CityCount::All => cities.len() as u32,
            CityCount::Complete => cities.iter().filter(|&&c| view.is_complete(c)).count() as u32,
        }
    }

    /// A farmer was deployed (no-barn rule): the first takes the Serf, and
    /// under `at-deploy` any farmer whose farm beats the record.
    pub(crate) fn farmer_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        if self.serf != SerfRule::NoBarn || !is_farmer(ctx.view(), figure) {
            return;
        }
        let Some(node) = figure.node else { return };
        // Live, only the first farmer takes the Serf here ("the first player
        // to place a farmer"); farms are compared at the end of each turn.
        if self.size == FarmSize::Live && state.serf.holder.is_some() {
            return;
        }
        let size = self.farm_size(ctx.view(), node);
        Self::offer_serf(state, ctx, figure.owner, size, "farmer deployed");
    }

    /// Counts barns played and, this turn, the farmers a barn's placement
    /// removes.
    pub(crate) fn observe_barns(&self, state: &mut State, view: &CoreState, event: &Event) {
        let Some(barn) = view.tables().figure_index(BARN) else {
            return;
        };
        match *event {
            Event::FigureDeployed {
                kind, owner, pos, spot, ..
            } if kind == barn => {
                state.serf.barns_played += 1;
                let farm = match spot {
                    Spot::Corner(c) => corner_field(view, pos, c),
                    Spot::Feature(fi) => view.node_at(pos, fi as usize),
                    // A barn stands on a corner; on a tile or a recall it
                    // is in no farm.
                    Spot::Tile | Spot::Recall(_) => None,
                };
                state.pending_barns.push(PendingBarn {
                    placer: owner,
                    removed: 0,
                    farm,
                });
            }
            Event::FigureReturned {
                kind,
                pos,
                spot: Spot::Feature(fi),
                ..
            } => {
                if state.pending_barns.is_empty()
                    || view.tables().figures()[kind as usize].class != FigureClass::Follower
                {
                    return;
                }
                let Some(node) = view.node_at(pos, fi as usize) else {
                    return;
                };
                if view.features().kind(node) != FeatureKind::FIELD {
                    return;
                }
                // Only farmers from the barn's own farm were removed by its
                // placement (farmers cashed in because their farm joined an
                // older barn's farm, later in the turn, were not).
                let root = view.features().root(node);
                if let Some(barn) = state
                    .pending_barns
                    .iter_mut()
                    .rev()
                    .find(|b| b.farm.is_none_or(|f| view.features().root(f) == root))
                {
                    barn.removed += 1;
                }
            }
            _ => {}
        }
    }
}
