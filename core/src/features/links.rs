//! Joins an expansion makes inside a tile that it may take back later (a
//! ferry moved to other road ends), and the split that taking one back
//! can cause.
//!
//! The union–find only merges, so a split rebuilds its two parts: the
//! caller (`state/links.rs`) floods the old feature's nodes over the board
//! and the links still standing, and [`Features::regroup`] makes each part
//! one feature again with its own counters. Games that never link pay
//! nothing but an empty log.

use super::{Features, NodeId};

/// What an expansion did to two nodes inside a tile, as the log keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LinkOp {
    /// Joined through open ends (`Ctx::connect_features`, a tunnel): each
    /// lost an open side; never taken back.
    Connected,
    /// Joined through ends that meet inside a tile (`Ctx::link_features`,
    /// a ferry): no open side used.
    Linked,
    /// A `Linked` join taken back (`Ctx::unlink_features`).
    Unlinked,
}

/// An entry of the log a split rebuilds from.
#[derive(Clone, Copy, Debug)]
pub(super) enum LogEntry {
    /// A join inside a tile, or one taken back.
    Link(NodeId, NodeId, LinkOp),
    /// Coats of arms an expansion added to a feature, at this node.
    Pennants(NodeId, u32),
}

/// A join standing between two nodes inside a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    /// One end.
    pub a: NodeId,
    /// The other.
    pub b: NodeId,
    /// It used an open side of each (`LinkOp::Connected`).
    pub consumed: bool,
}

/// The counters of one part of a split feature.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PartTotals {
    /// Open sides.
    pub open: u32,
    /// Coats of arms, printed and added.
    pub pennants: u32,
    /// Followers standing in it.
    pub followers: u32,
}

impl Features {
    /// Notes a join through open ends (`Ctx::connect_features`), so a later
    /// split follows it.
    pub(crate) fn note_connected(&mut self, a: NodeId, b: NodeId) {
        self.log.push(LogEntry::Link(a, b, LinkOp::Connected));
    }

    /// Notes coats of arms an expansion added at `n`, so a later split
    /// gives them to the part that holds `n`.
    pub(super) fn note_pennants(&mut self, n: NodeId, count: u32) {
        self.log.push(LogEntry::Pennants(n, count));
    }

    /// Joins the features of `a` and `b` through ends that meet inside a
    /// tile: no open side is used. Returns the root of the joined feature.
    pub(crate) fn link(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.log.push(LogEntry::Link(a, b, LinkOp::Linked));
        self.join(a, b, 0)
    }

    /// Takes back a link between `a` and `b` (in either order); whether
    /// there was one. The feature is not split here: the caller regroups
    /// its parts ([`Features::regroup`]).
    pub(crate) fn note_unlinked(&mut self, a: NodeId, b: NodeId) -> bool {
        let standing = self
            .links()
            .iter()
            .any(|l| !l.consumed && ((l.a, l.b) == (a, b) || (l.a, l.b) == (b, a)));
        if standing {
            self.log.push(LogEntry::Link(a, b, LinkOp::Unlinked));
        }
        standing
    }

    /// The joins inside tiles standing now, oldest first.
    pub(crate) fn links(&self) -> Vec<Link> {
        let mut links: Vec<Link> = Vec::new();
        for entry in &self.log {
            let LogEntry::Link(a, b, op) = *entry else { continue };
            match op {
                LinkOp::Connected | LinkOp::Linked => links.push(Link {
                    a,
                    b,
                    consumed: op == LinkOp::Connected,
                }),
                LinkOp::Unlinked => {
                    if let Some(i) = links
                        .iter()
                        .position(|l| !l.consumed && ((l.a, l.b) == (a, b) || (l.a, l.b) == (b, a)))
                    {
                        links.remove(i);
                    }
                }
            }
        }
        links
    }

    /// Coats of arms expansions added at node `n` (not at others of its
    /// feature).
    pub(crate) fn added_pennants_at(&self, n: NodeId) -> u32 {
        self.log
            .iter()
            .map(|e| match *e {
                LogEntry::Pennants(m, count) if m == n => count,
                _ => 0,
            })
            .sum()
    }

    /// Makes the nodes of `part` (not empty, all of one feature) one
    /// feature of their own with these counters, keeping the feature's
    /// voided coats of arms: one part of a split. Journaled like every
    /// write, so undo puts the feature back whole.
    pub(crate) fn regroup(&mut self, part: &[NodeId], totals: PartTotals) {
        let Some(&root) = part.first() else { return };
        let void = self.nodes[self.root(root) as usize].void;
        for (i, &n) in part.iter().enumerate() {
            let next = part[(i + 1) % part.len()];
            let node = self.node_mut(n);
            node.parent = root;
            node.next = next;
        }
        let r = self.node_mut(root);
        r.open = totals.open;
        r.members = part.len() as u32;
        r.pennants = totals.pennants;
        r.followers = totals.followers;
        r.void = void;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::FeatureKind;

    #[test]
    fn a_link_uses_no_open_side_and_a_regroup_rolls_back() {
        let mut f = Features::default();
        f.set_journaling(true);
        let a = f.add(FeatureKind::ROAD, 0, 1, 0);
        let b = f.add(FeatureKind::ROAD, 1, 1, 0);
        f.add_followers(a, 1);
        let mark = f.mark();
        f.link(a, b);
        assert_eq!((f.open_sides(a), f.node_count(b), f.followers(b)), (2, 2, 1));
        assert_eq!(f.joins(FeatureKind::ROAD), 1);
        assert!(f.note_unlinked(b, a), "either order");
        assert!(!f.note_unlinked(a, b), "taken back once");
        assert!(f.links().is_empty());
        f.regroup(
            &[a],
            PartTotals {
                open: 1,
                pennants: 0,
                followers: 1,
            },
        );
        f.regroup(
            &[b],
            PartTotals {
                open: 1,
                pennants: 0,
                followers: 0,
            },
        );
        assert_ne!(f.root(a), f.root(b));
        assert_eq!((f.followers(a), f.followers(b), f.node_count(a)), (1, 0, 1));
        f.rollback(mark);
        assert_ne!(f.root(a), f.root(b));
        assert_eq!((f.open_sides(a), f.followers(a), f.joins(FeatureKind::ROAD)), (1, 1, 0));
        assert!(f.links().is_empty(), "the log rolls back too");
    }
}
