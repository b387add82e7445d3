//! Whole moves: a tile placement together with the deployment that follows
//! it, listed at once. Search bots and action masks want every
//! (placement, deployment) pair of a turn; the two-step API
//! ([`Game::legal_actions`] then [`Game::play`]) gives the deployments only
//! after the placement is played, which costs a copy of the game per
//! placement. Here they are worked out from the board as it is: the tile's
//! features are matched with the neighbours' features they would join, and
//! a feature is occupied when any of those holds a follower.
//!
//! Expansions that offer or forbid deployments are asked about the board
//! with the tile on it, placed or not ([`AfterPlacement`]), so their
//! answers come straight from the board too. When an enabled expansion acts
//! between a placement and its deployment decision (`TILE_PLACED`, on the
//! turns it runs, unless it keeps the deployments), the answers come from
//! playing the placement on a copy, so they are exact either way.

use super::{Action, Decision, Game, IllegalAction, PlayError, RefusalKind};
use crate::after_placement::{AfterPlacement, CellJoins};
use crate::expansion::{Deployment, Hooks};
use crate::features::NodeId;
use crate::figures::Spot;
use crate::geometry::{Pos, Rotation};
use std::cell::OnceCell;

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
    /// No placement: the tile is put aside, as the two-step
    /// [`Action::Pass`] on the placement decision does (offered when the
    /// tile fits only by an expansion's optional relaxation,
    /// `Expansion::optional_relaxation`). The move's `pos` and `rotation`
    /// are then the origin and 0°, and mean nothing
    /// ([`WholeMove::put_aside`]).
    PutAside,
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
    /// The move that puts the tile aside ([`AfterPlacing::PutAside`]).
    pub fn put_aside() -> WholeMove {
        WholeMove {
            pos: Pos::new(0, 0),
            rotation: Rotation::NONE,
            then: AfterPlacing::PutAside,
        }
    }

    /// The placement, as a two-step action ([`Action::Pass`] for a tile put
    /// aside).
    pub fn placement(&self) -> Action {
        if self.then == AfterPlacing::PutAside {
            return Action::Pass;
        }
        Action::Place {
            pos: self.pos,
            rotation: self.rotation,
        }
    }

    /// The second step, as a two-step action (`None` for
    /// [`AfterPlacing::Later`] and [`AfterPlacing::PutAside`]).
    pub fn deployment(&self) -> Option<Action> {
        match self.then {
            AfterPlacing::Deploy(d) => Some(Action::Deploy(d)),
            AfterPlacing::Pass => Some(Action::Pass),
            AfterPlacing::Later | AfterPlacing::PutAside => None,
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
    /// own is listed once, with [`AfterPlacing::Later`]. A tile that may be
    /// put aside (it fits only by an optional relaxation) lists
    /// [`WholeMove::put_aside`] last. Empty when the
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
            // As the two-step listing, after the placements.
            if self.put_aside_offer(tile).is_some() {
                out.push(WholeMove::put_aside());
            }
            return;
        }
        let tt = self.rules.tile(tile);
        let offers = self.core_offers(tile);
        let vetoing = !self.vetoing(tile).is_empty() || cfg!(debug_assertions);
        if self.deployments_ask_more() {
            return self.moves_with_expansions(tile, &offers, out);
        }
        // The base game's own loop, kept apart from `moves_with_expansions`
        // (which lists the same moves for it): that one's considered board
        // and lazy joins cost a fifth more instructions in a flat playout.
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

    /// Whether a placement's deployments need more than the core's offers
    /// on the tile's unoccupied features: an expansion offers or forbids
    /// deployments, or a figure may be taken back (unless the placement
    /// completes its feature).
    fn deployments_ask_more(&self) -> bool {
        self.rules.called.deploy_hooks() || self.rules.any_recall()
    }

    /// `moves` when an expansion offers or forbids deployments, or a
    /// figure may be taken back: each placement's deployments as
    /// `for_each_deployment` would list them once it is made, worked out
    /// on the board with the tile considered there.
    fn moves_with_expansions(&self, tile: u16, offers: &[(u8, u8)], out: &mut Vec<WholeMove>) {
        let tt = self.rules.tile(tile);
        let vetoing = !self.vetoing(tile).is_empty() || cfg!(debug_assertions);
        let recallable = self.recallable();
        self.core.board().for_each_fitting_cell(tt, |pos, mut rotations| {
            // Looked at only when asked: with no figure to offer, the core
            // needs none, and most placements give an expansion's
            // deployment hooks no reason to ask.
            let joins = OnceCell::new();
            while rotations != 0 {
                let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                rotations &= rotations - 1;
                if vetoing && !self.placement_allowed(tile, pos, rotation) {
                    continue;
                }
                let considered = Considered {
                    tile,
                    pos,
                    rotation,
                    joins: &joins,
                };
                self.deployments_considered(&considered, offers, &recallable, |d| {
                    out.push(WholeMove {
                        pos,
                        rotation,
                        then: AfterPlacing::Deploy(d),
                    })
                });
                out.push(WholeMove {
                    pos,
                    rotation,
                    then: AfterPlacing::Pass,
                });
            }
        });
    }

    /// The figures the player whose turn it is may take back now, as
    /// `recalls` lists them (on features not complete), each with what
    /// tells whether a placement could complete its feature.
    fn recallable(&self) -> Vec<Recallable> {
        let mut recallable = Vec::new();
        if !self.rules.any_recall() {
            return recallable;
        }
        let (core, tables) = (&self.core, &self.rules);
        self.recalls_where(
            |node| !core.is_complete(node),
            |deployment| {
                let Spot::Recall(fi) = deployment.spot else {
                    return;
                };
                let Some(node) = core.node_at(deployment.pos, usize::from(fi)) else {
                    return;
                };
                let kind = core.features().kind(node);
                recallable.push(Recallable {
                    deployment,
                    node,
                    by_surroundings: tables.completes_by_surroundings(kind),
                    by_sides: tables.completes_by_sides(kind),
                });
            },
        );
        recallable
    }

    /// The deployments after the considered placement (legal, not made),
    /// the expansions' included: `offers` are the core's (`core_offers`),
    /// `recallable` the figures that may be taken back before it.
    fn deployments_considered(
        &self,
        considered: &Considered<'_>,
        offers: &[(u8, u8)],
        recallable: &[Recallable],
        mut f: impl FnMut(Deployment),
    ) {
        let &Considered {
            tile,
            pos,
            rotation,
            joins,
        } = considered;
        let tt = self.rules.tile(tile);
        // The layout the board will hold: a symmetric tile is stored turned
        // by its canonical rotation, which may number features differently.
        let stored = tt.canonical(rotation);
        let after = AfterPlacement::considered(&self.core, tile, pos, stored, joins);
        let occupied = if offers.is_empty() {
            0
        } else {
            joins.get_or_init(|| self.cell_joins(pos)).occupied_features(tt, stored)
        };
        let core = |g: &mut dyn FnMut(Deployment)| {
            for &(feature, figure) in offers {
                if occupied & (1 << feature) == 0 {
                    g(Deployment {
                        figure,
                        pos,
                        spot: Spot::Feature(feature),
                    });
                }
            }
            // As `recalls` lists them once the tile is placed: a figure on
            // a feature the placement completes scores with it instead.
            for r in recallable {
                if !r.completed_by(&after, joins) {
                    g(r.deployment);
                }
            }
        };
        if self.rules.called.deploy_hooks() {
            self.deployments_with_expansions(&after, core, f);
        } else {
            core(&mut f);
        }
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
        self.deployments_after(tile, pos, rotation, |d| out.push(d));
        Ok(NextDecision::Deploy)
    }

    /// Plays a whole move: the placement, then its deployment or pass (or,
    /// for [`AfterPlacing::Later`], nothing more). Both steps are checked
    /// before either is played, so a refused move leaves the game
    /// unchanged. An expansion failing during the move is reported as
    /// [`Game::play`] reports it.
    pub fn play_move(&mut self, m: &WholeMove) -> Result<(), PlayError> {
        if m.then == AfterPlacing::PutAside {
            // One step, checked by `play` as the two-step pass is.
            return self.play(&Action::Pass);
        }
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
            AfterPlacing::Later | AfterPlacing::PutAside => {
                return Err(IllegalAction::new(
                    RefusalKind::WrongMoveShape,
                    "this placement is followed by a deployment or a pass, not `later`".into(),
                )
                .into());
            }
            AfterPlacing::Deploy(d) => {
                let allowed = if self.deployments_ask_more() {
                    let mut listed = false;
                    self.deployments_after(tile, m.pos, m.rotation, |o| listed |= o == d);
                    listed
                } else {
                    self.core_allows_after(tile, m.pos, m.rotation, &d)
                };
                if !allowed {
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
            // Placements whose edges do not match are listed by `placements`
            // alone, and join across fewer edges.
            || !self.rules.called.relaxing.is_empty()
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

    /// The deployment options on `tile` once placed at `pos` turned by
    /// `rotation` (a legal placement), without placing it: as
    /// `for_each_deployment` would list them after the placement.
    fn deployments_after(&self, tile: u16, pos: Pos, rotation: Rotation, f: impl FnMut(Deployment)) {
        let considered = Considered {
            tile,
            pos,
            rotation,
            joins: &OnceCell::new(),
        };
        self.deployments_considered(&considered, &self.core_offers(tile), &self.recallable(), f);
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
        CellJoins::of_cell(&self.core, pos)
    }
}

/// A placement being considered by a listing of whole moves: the drawn
/// tile, where and how turned, and the features across that cell's edges
/// (worked out when first needed, shared by the cell's rotations).
struct Considered<'a> {
    tile: u16,
    pos: Pos,
    rotation: Rotation,
    joins: &'a OnceCell<CellJoins>,
}

/// A figure the player may take back this turn, before the placement.
struct Recallable {
    deployment: Deployment,
    /// A node of its feature.
    node: NodeId,
    /// Its feature completes when the eight cells round its tile fill.
    by_surroundings: bool,
    /// Its feature completes when no side is left open.
    by_sides: bool,
}

impl Recallable {
    /// Whether the considered placement completes the figure's feature
    /// (then it scores, and the figure is not taken back). Only a
    /// placement beside its tile, or one joining its feature, can.
    fn completed_by(&self, after: &AfterPlacement<'_>, joins: &OnceCell<CellJoins>) -> bool {
        let view = after.view();
        if self.by_surroundings {
            let (here, there) = (after.placed().pos, view.tile_of_node(self.node).pos);
            let beside = (i64::from(here.x) - i64::from(there.x)).abs() <= 1
                && (i64::from(here.y) - i64::from(there.y)).abs() <= 1;
            return beside && after.is_complete(after.node(self.node));
        }
        if self.by_sides {
            let root = view.features().root(self.node);
            let joins = joins.get_or_init(|| CellJoins::of_cell(view, after.placed().pos));
            let joined = crate::after_placement::bits(joins.joined).any(|s| joins.roots[s as usize] == root);
            // A wall of the tile may close a side without joining.
            return (joined || view.tables().walls) && after.is_complete(after.node(self.node));
        }
        false
    }
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
