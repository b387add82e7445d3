//! Whole moves: a tile placement together with the deployment that follows
//! it, listed at once. Search bots and action masks want every
//! (placement, deployment) pair of a turn; the two-step API
//! ([`Game::legal_actions`] then [`Game::play`]) gives the deployments only
//! after the placement is played, which costs a copy of the game per
//! placement. Here they are worked out from the board as it is: the tile's
//! features are matched with the neighbours' features they would join, and
//! a feature is occupied when any of those holds a follower.
//!
//! That holds while nothing runs between a placement and its deployment
//! decision but the core. When an enabled expansion declares a hook there
//! (`TILE_PLACED`) or offers or forbids deployments, the answers come from
//! playing the placement on a copy, so they are exact either way.

use super::{Action, Decision, Game, IllegalAction, PlayError, RefusalKind};
use crate::expansion::{Deployment, Hooks};
use crate::features::NodeId;
use crate::figures::Spot;
use crate::geometry::{Pos, Rotation, Segment, Side};
use crate::tiles::TileType;

/// What follows the placement in a [`WholeMove`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterPlacing {
    /// Deploy this figure on the tile just placed.
    Deploy(Deployment),
    /// Deploy nothing.
    Pass,
    /// An expansion asks its own decision right after this placement (the
    /// bunny, say), so the deployment is not part of the move: the turn
    /// goes on with [`Game::decision`] after [`Game::play_move`].
    Later,
}

/// A whole move of a turn: where the drawn tile goes and what follows it.
/// Listed by [`Game::moves`], played by [`Game::play_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WholeMove {
    /// Where the tile goes.
    pub pos: Pos,
    /// How it is turned (as listed by [`Game::placements`]: symmetric
    /// rotations once).
    pub rotation: Rotation,
    /// The deployment, a pass, or nothing yet.
    pub then: AfterPlacing,
}

impl WholeMove {
    /// The placement, as a two-step action.
    pub fn placement(&self) -> Action {
        Action::Place {
            pos: self.pos,
            rotation: self.rotation,
        }
    }

    /// The second step, as a two-step action (`None` for [`AfterPlacing::Later`]).
    pub fn deployment(&self) -> Option<Action> {
        match self.then {
            AfterPlacing::Deploy(d) => Some(Action::Deploy(d)),
            AfterPlacing::Pass => Some(Action::Pass),
            AfterPlacing::Later => None,
        }
    }
}

/// What [`Game::deployments_for`] found after a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextDecision {
    /// The player deploys next: the options were listed (passing is
    /// always allowed as well).
    Deploy,
    /// An expansion asks its own decision first; nothing was listed.
    Expansion,
}

/// Most features a tile may have for the direct listing (a bit each); a
/// tile with more is listed by playing its placements on a copy.
const MAX_FEATURES: usize = 64;

impl Game {
    /// Every whole move of the pending placement decision, into `out`
    /// (cleared first): for each legal placement (in the order of
    /// [`Game::placements`]), each deployment the player could make on the
    /// tile after it (in the order of [`Game::legal_actions`]) and then a
    /// pass. A placement after which an expansion asks a decision of its
    /// own is listed once, with [`AfterPlacing::Later`]. Empty when the
    /// pending decision is not a placement.
    ///
    /// The moves are exactly the pairs the two-step API allows: each plays
    /// with [`Game::play_move`] as it would with two [`Game::play`] calls.
    pub fn moves(&self, out: &mut Vec<WholeMove>) {
        out.clear();
        let Some(Decision::Place { tile, .. }) = self.unlabelled_decision() else {
            return;
        };
        if self.deploys_need_play(tile) {
            let mut deployments = Vec::new();
            self.placements(tile, |pos, rotation| {
                let next = self.deployments_by_playing(pos, rotation, &mut deployments);
                push_moves(out, pos, rotation, next, &deployments);
            });
            return;
        }
        let tt = self.rules.tile(tile);
        let offers = self.core_offers(tile);
        let vetoing = !self.rules.called.vetoing.is_empty();
        self.core.board().for_each_fitting_cell(tt, |pos, mut rotations| {
            // With nothing to offer (no figure left), who occupies what does
            // not matter: every placement is a pass.
            let joins = if offers.is_empty() {
                CellJoins::NONE
            } else {
                self.cell_joins(pos)
            };
            while rotations != 0 {
                let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                rotations &= rotations - 1;
                if vetoing && !self.placement_allowed(tile, pos, rotation) {
                    continue;
                }
                let occupied = joins.occupied_features(tt, rotation);
                for &(feature, figure) in &offers {
                    if occupied & (1 << feature) == 0 {
                        out.push(WholeMove {
                            pos,
                            rotation,
                            then: AfterPlacing::Deploy(Deployment {
                                figure,
                                pos,
                                spot: Spot::Feature(feature),
                            }),
                        });
                    }
                }
                out.push(WholeMove {
                    pos,
                    rotation,
                    then: AfterPlacing::Pass,
                });
            }
        });
    }

    /// The deployments the player could make after placing the drawn tile at
    /// `pos` turned by `rotation`, into `out` (cleared first), without
    /// playing it; in the order [`Game::legal_actions`] would list them
    /// after the placement (without the pass, which is always allowed).
    /// Says whether the deployment decision comes next or an expansion asks
    /// first (then nothing is listed), and refuses a placement that is not
    /// legal now (or a pending decision that is not a placement) as
    /// [`Game::check`] does.
    pub fn deployments_for(
        &self,
        pos: Pos,
        rotation: Rotation,
        out: &mut Vec<Deployment>,
    ) -> Result<NextDecision, IllegalAction> {
        out.clear();
        let place = Action::Place { pos, rotation };
        self.check(&place)?;
        let Some(Decision::Place { tile, .. }) = self.unlabelled_decision() else {
            return Err(IllegalAction::new(
                RefusalKind::WrongDecision,
                "the pending decision is not a placement".into(),
            ));
        };
        if self.deploys_need_play(tile) {
            return Ok(self.deployments_by_playing(pos, rotation, out));
        }
        self.core_deployments_after(tile, pos, rotation, |d| out.push(d));
        Ok(NextDecision::Deploy)
    }

    /// Plays a whole move: the placement, then its deployment or pass (or,
    /// for [`AfterPlacing::Later`], nothing more). Both steps are checked
    /// before either is played, so a refused move leaves the game
    /// unchanged. An expansion failing during the move is reported as
    /// [`Game::play`] reports it.
    pub fn play_move(&mut self, m: &WholeMove) -> Result<(), PlayError> {
        let place = m.placement();
        let Some(Decision::Place { tile, .. }) = self.unlabelled_decision() else {
            // Let the check say what the pending decision is.
            self.check(&place)?;
            return Err(IllegalAction::new(
                RefusalKind::WrongDecision,
                "the pending decision is not a placement".into(),
            )
            .into());
        };
        if self.deploys_need_play(tile) || self.rules.isolated {
            // The second step is known only once the first is played: play
            // both on a copy and keep it only when both are accepted.
            let mut copy = self.clone();
            copy.play(&place)?;
            match (copy.unlabelled_decision(), m.deployment()) {
                (Some(Decision::Deploy { .. }), Some(second)) => copy.play(&second)?,
                (Some(Decision::Deploy { .. }), None) => {
                    return Err(IllegalAction::new(
                        RefusalKind::WrongMoveShape,
                        "this placement is followed by a deployment or a pass, not `later`".into(),
                    )
                    .into());
                }
                (_, None) => {}
                (_, Some(_)) => {
                    return Err(IllegalAction::new(
                        RefusalKind::WrongMoveShape,
                        "an expansion decides before the deployment after this placement: the move's deployment must be `later`".into(),
                    )
                    .into());
                }
            }
            *self = copy;
            return Ok(());
        }
        self.check(&place)?;
        match m.then {
            AfterPlacing::Pass => {}
            AfterPlacing::Later => {
                return Err(IllegalAction::new(
                    RefusalKind::WrongMoveShape,
                    "this placement is followed by a deployment or a pass, not `later`".into(),
                )
                .into());
            }
            AfterPlacing::Deploy(d) => {
                if !self.core_allows_after(tile, m.pos, m.rotation, &d) {
                    // Let the deployment check say why, on the placed tile.
                    let mut copy = self.clone();
                    copy.play(&place)?;
                    copy.check(&Action::Deploy(d))?;
                    return Err(IllegalAction::new(
                        RefusalKind::NotAnOption,
                        format!("cannot deploy {d:?} after this placement"),
                    )
                    .into());
                }
            }
        }
        self.play(&place)?;
        self.play(&m.deployment().expect("checked: a deployment or a pass"))
    }

    /// Whether the deployments after a placement of `tile` must be found by
    /// playing it (an expansion acts in between, or the tile has more
    /// features than the direct listing tracks).
    fn deploys_need_play(&self, tile: u16) -> bool {
        self.rules.called.deploys_need_play
            || self.rules.tile(tile).feature_kinds().len() > MAX_FEATURES
            || self.tile_placed_runs(tile)
            || self.recall_possible()
            // Features of two kinds that meet without joining are not what
            // the direct listing's join look-up assumes.
            || self.rules.mixed_matching
    }

    /// Whether an armable `tile_placed` (one that may shape what follows)
    /// would run after placing `tile` this turn: armed by an earlier hook
    /// of the turn, or by the tile's type. On other turns the placement's
    /// deployments come straight from the board.
    fn tile_placed_runs(&self, tile: u16) -> bool {
        let called = &self.rules.called;
        let armed_by_tile = called.tile_placed_armed_by_tile.get(tile as usize).copied();
        armed_by_tile.unwrap_or(false)
            || called.armable_tile_placed.iter().any(|&slot| {
                self.armed
                    .get(slot as usize)
                    .is_some_and(|a| a.contains(Hooks::TILE_PLACED))
            })
    }

    /// The deployments after a (legal) placement, found by playing it on a copy.
    fn deployments_by_playing(&self, pos: Pos, rotation: Rotation, out: &mut Vec<Deployment>) -> NextDecision {
        out.clear();
        let mut copy = self.clone();
        // Nobody reads this copy's story or takes its placement back.
        copy.set_narrated(false);
        copy.set_undoable(false);
        if copy.play(&Action::Place { pos, rotation }).is_err() {
            // Only an expansion failing refuses a legal placement; the
            // game itself reports that when the placement is played.
            return NextDecision::Expansion;
        }
        match copy.unlabelled_decision() {
            Some(Decision::Deploy { .. }) => {
                copy.for_each_deployment(|d| out.push(d));
                NextDecision::Deploy
            }
            _ => NextDecision::Expansion,
        }
    }

    /// The core's deployment options on `tile` once placed at `pos` turned
    /// by `rotation` (a legal placement), without placing it: as
    /// `core_deployments` would list them after the placement.
    fn core_deployments_after(&self, tile: u16, pos: Pos, rotation: Rotation, mut f: impl FnMut(Deployment)) {
        let tt = self.rules.tile(tile);
        // The layout the board will hold: a symmetric tile is stored turned
        // by its canonical rotation, which may number features differently.
        let occupied = self.cell_joins(pos).occupied_features(tt, tt.canonical(rotation));
        for (feature, figure) in self.core_offers(tile) {
            if occupied & (1 << feature) == 0 {
                f(Deployment {
                    figure,
                    pos,
                    spot: Spot::Feature(feature),
                });
            }
        }
    }

    /// Whether `core_deployments_after` lists `d`, asked without listing.
    fn core_allows_after(&self, tile: u16, pos: Pos, rotation: Rotation, d: &Deployment) -> bool {
        let rules = &self.rules;
        let tt = rules.tile(tile);
        let Spot::Feature(fi) = d.spot else {
            return false;
        };
        let Some(&kind) = tt.feature_kinds().get(fi as usize) else {
            return false;
        };
        d.pos == pos
            && rules.figure_may_stand(d.figure, kind)
            && self.core.supply(self.core.turn().player, d.figure) > 0
            && self.cell_joins(pos).occupied_features(tt, tt.canonical(rotation)) & (1 << fi) == 0
    }

    /// The (feature, figure) pairs the core offers on `tile` placed where
    /// no feature is occupied, for the player whose turn it is, in the
    /// order `core_deployments` lists them.
    fn core_offers(&self, tile: u16) -> Vec<(u8, u8)> {
        let rules = &self.rules;
        let player = self.core.turn().player;
        let mut offers = Vec::new();
        for (fi, &kind) in rules.tile(tile).feature_kinds().iter().enumerate() {
            for k in 0..rules.figures.len() {
                if rules.figure_may_stand(k as u8, kind) && self.core.supply(player, k as u8) > 0 {
                    offers.push((fi as u8, k as u8));
                }
            }
        }
        offers
    }

    /// The features a tile placed at empty cell `pos` would join, seen from
    /// the neighbours: worked out once per cell for all its rotations.
    fn cell_joins(&self, pos: Pos) -> CellJoins {
        let rules = &self.rules;
        let features = self.core.features();
        let mut joins = CellJoins::NONE;
        for side in Side::ALL {
            let Some(nb) = self.core.board().get(pos.step(side)) else {
                continue;
            };
            let nt = rules.tile(nb.tile);
            // A wall ends what runs into it: nothing joins across.
            if nt.is_wild(nb.rotation, side.opposite()) {
                continue;
            }
            for seg in Segment::of_side(side) {
                let Some(b) = nt.feature_at(nb.rotation, seg.facing()) else {
                    continue;
                };
                let root = features.root(nb.first_node + b as NodeId);
                let bit = 1 << seg.index();
                joins.joined |= bit;
                joins.roots[seg.index()] = root;
                if features.followers(root) > 0 {
                    joins.occupied |= bit;
                }
            }
        }
        joins
    }
}

/// What the neighbours of an empty cell bring to a tile placed there, per
/// board segment: the feature across the edge (its root) and whether it
/// holds a follower. Which segments join depends on the tile and its
/// rotation (`TileType::join_segments`), as in `CoreState::place_tile`.
struct CellJoins {
    /// Segments (bit per index) whose feature across the edge holds a follower.
    occupied: u16,
    /// Segments with a neighbour's feature across the edge.
    joined: u16,
    /// That feature's root, where `joined` has the segment.
    roots: [NodeId; Segment::COUNT],
}

impl CellJoins {
    /// No neighbour's feature anywhere.
    const NONE: CellJoins = CellJoins {
        occupied: 0,
        joined: 0,
        roots: [0; Segment::COUNT],
    };

    /// The features (bit per index) of `tt` turned by `rotation` (as the
    /// board stores it) that would be occupied once placed here: those that
    /// join a feature holding a follower, and those that join a feature
    /// another occupied feature of the tile joins (the placement merges
    /// them all into one).
    #[inline]
    fn occupied_features(&self, tt: &TileType, rotation: Rotation) -> u64 {
        let joining = tt.join_segments(rotation);
        let direct = self.occupied & joining;
        if direct == 0 {
            return 0;
        }
        let feature_at = |s: u32| {
            tt.feature_at(rotation, Segment::from_index(s as usize))
                .map_or(0, |f| 1u64 << f)
        };
        let mut occupied = 0;
        for s in bits(direct) {
            occupied |= feature_at(s);
        }
        let joined = self.joined & joining;
        if joined & !direct == 0 {
            return occupied;
        }
        // Spread through neighbours' features two of the tile's features
        // join, until nothing changes.
        loop {
            let before = occupied;
            for s in bits(joined) {
                if occupied & feature_at(s) == 0 {
                    continue;
                }
                let root = self.roots[s as usize];
                for t in bits(joined) {
                    if self.roots[t as usize] == root {
                        occupied |= feature_at(t);
                    }
                }
            }
            if occupied == before {
                return occupied;
            }
        }
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

fn push_moves(out: &mut Vec<WholeMove>, pos: Pos, rotation: Rotation, next: NextDecision, deployments: &[Deployment]) {
    match next {
        NextDecision::Deploy => {
            out.extend(deployments.iter().map(|&d| WholeMove {
                pos,
                rotation,
                then: AfterPlacing::Deploy(d),
            }));
            out.push(WholeMove {
                pos,
                rotation,
                then: AfterPlacing::Pass,
            });
        }
        NextDecision::Expansion => out.push(WholeMove {
            pos,
            rotation,
            then: AfterPlacing::Later,
        }),
    }
}
