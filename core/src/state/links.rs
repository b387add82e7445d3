//! Applying the joins an expansion makes inside a tile and takes back
//! (`Ctx::link_features`, `Ctx::unlink_features`): taking one back may
//! split a feature, which the union–find cannot do, so the split floods
//! the feature's nodes over the board and rebuilds its two parts.

use super::CoreState;
use crate::features::{Link, NodeId, PartTotals};
use crate::figures::FigureClass;
use crate::geometry::{Segment, Side};

impl CoreState {
    /// Joins the features of `a` and `b` through ends that meet inside a
    /// tile, and notes a feature this completes.
    pub(super) fn apply_link(&mut self, a: NodeId, b: NodeId) {
        self.features.link(a, b);
        self.settle_completed(&[a]);
    }

    /// Takes back the link between `a` and `b`: when nothing else holds
    /// the feature together it splits in two, each part with its own open
    /// sides, coats of arms and followers; a part left with no open side
    /// is complete and scored with the turn's completed features.
    pub(super) fn apply_unlink(&mut self, a: NodeId, b: NodeId) {
        if !self.features.note_unlinked(a, b) {
            return;
        }
        let links = self.features.links();
        let members: Vec<NodeId> = self.features.members(self.features.root(a)).collect();
        let part = self.flood(a, &links);
        if part.contains(&b) {
            // Still held together (another link, or a ring of roads).
            return;
        }
        let rest: Vec<NodeId> = members.into_iter().filter(|n| !part.contains(n)).collect();
        let totals = [self.totals(&part, &links), self.totals(&rest, &links)];
        self.features.regroup(&part, totals[0]);
        self.features.regroup(&rest, totals[1]);
        self.settle_completed(&[a, b]);
    }

    /// The nodes reached from `start` across tile edges and standing links.
    fn flood(&self, start: NodeId, links: &[Link]) -> Vec<NodeId> {
        let mut seen = vec![start];
        let mut stack = vec![start];
        let mut around = Vec::new();
        while let Some(n) = stack.pop() {
            around.clear();
            self.edge_neighbours(n, &mut around);
            for l in links {
                if l.a == n {
                    around.push(l.b);
                } else if l.b == n {
                    around.push(l.a);
                }
            }
            for &m in &around {
                if !seen.contains(&m) {
                    seen.push(m);
                    stack.push(m);
                }
            }
        }
        seen
    }

    /// The nodes `n` joins across its tile's edges, as placing the tiles
    /// joined them (`CoreState::place_tile`): none across a wall or
    /// between kinds that only match. Segments are read through
    /// [`CoreState::node_on_segment`], so a feature an expansion added to
    /// a placed tile (a bridge's road, `Ctx::add_feature`) is followed
    /// across the side centres it took, and the tile's own feature is not.
    fn edge_neighbours(&self, n: NodeId, out: &mut Vec<NodeId>) {
        let here = *self.tile_of_node(n);
        let tt = self.tables.tile(here.tile);
        let kind = self.features.kind(n);
        for side in Side::ALL {
            let Some(nb) = self.board.get(here.pos.step(side)).copied() else {
                continue;
            };
            let nt = self.tables.tile(nb.tile);
            if tt.is_wild(here.rotation, side) || nt.is_wild(nb.rotation, side.opposite()) {
                continue;
            }
            for seg in Segment::of_side(side) {
                if self.node_on_segment(&here, seg) != Some(n) || !(seg.is_centre() || self.tables.is_land(kind)) {
                    continue;
                }
                if let Some(m) = self.node_on_segment(&nb, seg.facing())
                    && !(self.tables.mixed_matching && kind != self.features.kind(m))
                {
                    out.push(m);
                }
            }
        }
    }

    /// The counters of `part`, from the board: each node's sides and open
    /// ends less those used (a neighbour across the side, a join through
    /// an open end), its coats of arms printed and added, and the
    /// followers standing on it. A feature added to a placed tile has no
    /// definition on it: its open ends are the sides it took, and it
    /// prints no coat of arms.
    fn totals(&self, part: &[NodeId], links: &[Link]) -> PartTotals {
        let mut t = PartTotals::default();
        for &n in part {
            let here = *self.tile_of_node(n);
            let tt = self.tables.tile(here.tile);
            let fi = (n - here.first_node) as usize;
            let own = fi < tt.def.features.len();
            if self.tables.is_sided(self.features.kind(n)) {
                let mut used = 0u32;
                let mut ends = 0u32;
                for side in Side::ALL {
                    if self.node_on_segment(&here, Segment::centre(side)) == Some(n) {
                        ends += 1;
                        used += u32::from(self.board.is_occupied(here.pos.step(side)));
                    }
                }
                for l in links.iter().filter(|l| l.consumed) {
                    used += u32::from(l.a == n) + u32::from(l.b == n);
                }
                let open = if own { u32::from(tt.open_sides(fi)) } else { ends };
                t.open += open.saturating_sub(used);
            }
            let printed = if own { u32::from(tt.pennants(fi)) } else { 0 };
            t.pennants += printed + self.features.added_pennants_at(n);
        }
        t.followers = self
            .figures
            .iter()
            .filter(|f| {
                f.node.is_some_and(|n| part.contains(&n))
                    && self.tables.figures[f.kind as usize].class == FigureClass::Follower
            })
            .count() as u32;
        t
    }

    /// Keeps the turn's completed features true after a join or split
    /// inside a tile: adds the features of `nodes` that are complete now,
    /// drops entries no longer complete (a part completed by a split and
    /// joined again) and entries of one feature twice.
    fn settle_completed(&mut self, nodes: &[NodeId]) {
        let mut completed = std::mem::take(&mut self.turn.completed);
        completed.extend(nodes.iter().map(|&n| self.features.root(n)));
        let mut kept: Vec<NodeId> = Vec::with_capacity(completed.len());
        for c in completed {
            let sided = self.tables.completes_by_sides(self.features.kind(c));
            let fresh = nodes.iter().any(|&n| self.features.root(n) == c);
            if (sided || fresh) && (!sided || self.features.open_sides(c) > 0) {
                // Not (or no longer) complete, or not a kind completed by sides.
                continue;
            }
            if kept.iter().any(|&k| self.features.root(k) == self.features.root(c)) {
                continue;
            }
            kept.push(c);
        }
        self.turn.completed = kept;
    }
}
