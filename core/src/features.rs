//! Connected features (roads, cities, fields, cloisters) as a union–find
//! over the features of placed tiles.
//!
//! Each root keeps the counters a turn needs at once: open sides (a road or
//! city is complete when none is left), pennants and followers. Members are
//! chained in a circular list so scoring can walk one feature without
//! walking the board.

use crate::tiles::FeatureKind;

mod links;
pub(crate) use links::{Link, PartTotals};

/// A feature of a placed tile, as a node of the feature graph. Nodes of one
/// tile are consecutive, in the order of the tile's definition.
pub type NodeId = u32;

#[derive(Clone, Copy, Debug)]
struct Node {
    parent: NodeId,
    next: NodeId,
    kind: FeatureKind,
    /// Placement index of the node's tile.
    tile: u32,
    // Valid on roots only:
    open: u32,
    members: u32,
    pennants: u32,
    followers: u32,
    /// The feature's coats of arms count for nothing, as if it had none: an
    /// expansion's rule voided them ([`Features::void_pennants`]); it
    /// spreads to every feature this one joins.
    void: bool,
    /// An expansion added this node to a tile already on the board
    /// ([`Features::mark_added`]): it does not follow its tile's nodes.
    added: bool,
}

/// The feature graph of a game.
#[derive(Clone, Debug, Default)]
pub struct Features {
    nodes: Vec<Node>,
    /// While the game keeps an undo history: each node as it was before a
    /// write, so the writes can be taken back (`Features::rollback`).
    journal: Vec<(NodeId, Node)>,
    journaling: bool,
    /// How many times two features of each kind (by [`FeatureKind::index`])
    /// became one.
    joins: [u32; FeatureKind::MAX],
    /// Of those, how many joined a feature that had followers in it.
    occupied_joins: [u32; FeatureKind::MAX],
    /// Joins and splits expansions made inside tiles, and coats of arms
    /// they added, in order (rare: empty in most games): what a split
    /// rebuilds its two parts from (`features/links.rs`).
    log: Vec<links::LogEntry>,
}

/// Where the feature graph stood, for [`Features::rollback`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FeaturesMark {
    nodes: usize,
    journal: usize,
    joins: [u32; FeatureKind::MAX],
    occupied_joins: [u32; FeatureKind::MAX],
    log: usize,
}

impl Features {
    /// Adds a node for a feature of placed tile `tile` with `open` open sides.
    pub(crate) fn add(&mut self, kind: FeatureKind, tile: u32, open: u32, pennants: u32) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            parent: id,
            next: id,
            kind,
            tile,
            open,
            members: 1,
            pennants,
            followers: 0,
            void: false,
            added: false,
        });
        id
    }

    /// Notes that node `n` was added to a tile already on the board, so it
    /// does not follow that tile's other nodes (counted once per tile by
    /// [`Features::tile_count`]).
    pub(crate) fn mark_added(&mut self, n: NodeId) {
        self.node_mut(n).added = true;
    }

    /// The node `n`, to be written: noted first while journaling.
    #[inline]
    fn node_mut(&mut self, n: NodeId) -> &mut Node {
        if self.journaling {
            self.journal.push((n, self.nodes[n as usize]));
        }
        &mut self.nodes[n as usize]
    }

    /// Starts (or stops, forgetting what it noted) noting writes for rollback.
    pub(crate) fn set_journaling(&mut self, on: bool) {
        self.journaling = on;
        self.journal.clear();
    }

    /// Where the graph stands now.
    pub(crate) fn mark(&self) -> FeaturesMark {
        FeaturesMark {
            nodes: self.nodes.len(),
            journal: self.journal.len(),
            joins: self.joins,
            occupied_joins: self.occupied_joins,
            log: self.log.len(),
        }
    }

    /// Takes back every change since `mark` (taken while journaling).
    pub(crate) fn rollback(&mut self, mark: FeaturesMark) {
        for (n, node) in self.journal.drain(mark.journal..).rev() {
            self.nodes[n as usize] = node;
        }
        self.nodes.truncate(mark.nodes);
        self.log.truncate(mark.log);
        self.joins = mark.joins;
        self.occupied_joins = mark.occupied_joins;
    }

    /// Makes room for `nodes` more nodes without reallocating.
    pub(crate) fn reserve(&mut self, nodes: usize) {
        self.nodes.reserve(nodes);
    }

    /// Bytes the graph holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        (self.nodes.capacity() + self.journal.capacity()) * std::mem::size_of::<Node>()
            + self.log.capacity() * std::mem::size_of::<links::LogEntry>()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root of `n`'s feature, without shortening paths.
    #[inline]
    pub fn root(&self, mut n: NodeId) -> NodeId {
        while self.nodes[n as usize].parent != n {
            n = self.nodes[n as usize].parent;
        }
        n
    }

    #[inline]
    fn root_mut(&mut self, mut n: NodeId) -> NodeId {
        while self.nodes[n as usize].parent != n {
            let p = self.nodes[n as usize].parent;
            let gp = self.nodes[p as usize].parent;
            if gp != p {
                self.node_mut(n).parent = gp;
            }
            n = gp;
        }
        n
    }

    /// Joins two nodes across one tile side (each loses that open side).
    /// Returns the root of the joined feature.
    pub(crate) fn connect(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.join(a, b, 2)
    }

    /// Joins the features of `a` and `b`, which lose `consumed` open sides
    /// between them. Returns the root of the joined feature.
    fn join(&mut self, a: NodeId, b: NodeId, consumed: u32) -> NodeId {
        let (ra, rb) = (self.root_mut(a), self.root_mut(b));
        if ra == rb {
            let root = self.node_mut(ra);
            root.open = root.open.saturating_sub(consumed);
            return ra;
        }
        let (big, small) = if self.nodes[ra as usize].members >= self.nodes[rb as usize].members {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let s = self.nodes[small as usize];
        let g = self.node_mut(big);
        g.open = (g.open + s.open).saturating_sub(consumed);
        g.members += s.members;
        g.pennants += s.pennants;
        g.followers += s.followers;
        g.void |= s.void;
        // Followers now in the joined feature were in one of the two.
        let occupied = g.followers > 0;
        // Splice the two circular member lists.
        let big_next = g.next;
        g.next = s.next;
        self.joins[s.kind.index()] += 1;
        self.occupied_joins[s.kind.index()] += u32::from(occupied);
        let s = self.node_mut(small);
        s.next = big_next;
        s.parent = big;
        big
    }

    /// Closes one open side of `n`'s feature (it ran into a wall).
    pub(crate) fn close_side(&mut self, n: NodeId) -> NodeId {
        let r = self.root_mut(n);
        let node = self.node_mut(r);
        node.open = node.open.saturating_sub(1);
        r
    }

    /// Adds `delta` followers to `n`'s feature.
    pub(crate) fn add_followers(&mut self, n: NodeId, delta: i32) {
        let r = self.root_mut(n);
        let node = self.node_mut(r);
        node.followers = node.followers.saturating_add_signed(delta);
    }

    /// The kind of `n`'s feature.
    pub fn kind(&self, n: NodeId) -> FeatureKind {
        self.nodes[n as usize].kind
    }

    /// Placement index of the tile node `n` belongs to.
    pub fn tile_of(&self, n: NodeId) -> u32 {
        self.nodes[n as usize].tile
    }

    /// Open sides left on `n`'s road or city (0: complete).
    pub fn open_sides(&self, n: NodeId) -> u32 {
        self.nodes[self.root(n) as usize].open
    }

    /// Pennants in `n`'s feature: those printed on its tiles and those
    /// expansions added ([`Ctx::add_pennants`](crate::Ctx::add_pennants)),
    /// or 0 once they are voided
    /// ([`Ctx::void_pennants`](crate::Ctx::void_pennants)).
    pub fn pennants(&self, n: NodeId) -> u32 {
        let root = &self.nodes[self.root(n) as usize];
        if root.void { 0 } else { root.pennants }
    }

    /// Whether an expansion voided the coats of arms of `n`'s feature (or
    /// of a feature it has joined since): [`Features::pennants`] is 0.
    pub fn pennants_void(&self, n: NodeId) -> bool {
        self.nodes[self.root(n) as usize].void
    }

    /// Adds `count` pennants to `n`'s feature (an expansion's token), which
    /// it keeps when it joins others.
    pub(crate) fn add_pennants(&mut self, n: NodeId, count: u32) {
        self.note_pennants(n, count);
        let r = self.root_mut(n);
        let node = self.node_mut(r);
        node.pennants = node.pennants.saturating_add(count);
    }

    /// Voids the coats of arms of `n`'s feature: it counts none from now
    /// on, nor does any feature it joins.
    pub(crate) fn void_pennants(&mut self, n: NodeId) {
        let r = self.root_mut(n);
        self.node_mut(r).void = true;
    }

    /// Followers standing in `n`'s feature.
    pub fn followers(&self, n: NodeId) -> u32 {
        self.nodes[self.root(n) as usize].followers
    }

    /// How many nodes `n`'s feature has: it grows only when features join
    /// (and shrinks only in the rare split of `Ctx::unlink_features`, heard
    /// as `Event::FeaturesLinked`), so a feature whose root and node count
    /// are unchanged has the same nodes (what expansions caching a
    /// feature's properties test).
    pub fn node_count(&self, n: NodeId) -> u32 {
        self.nodes[self.root(n) as usize].members
    }

    /// How many times two features of `kind` have become one so far (a
    /// placement joining a road to another, two cities through a new piece
    /// …): with the nodes a placement added, it tells an observer which
    /// older features merged without walking any (each join merges two
    /// features; a new node's joins with older ones are the rest).
    pub fn joins(&self, kind: FeatureKind) -> u32 {
        self.joins.get(kind.index()).copied().unwrap_or(0)
    }

    /// How many of [`joins`](Features::joins) took in a feature with
    /// followers in it: while this count stands still, no feature anybody
    /// stands in has grown by a join (an observer following occupied
    /// features, such as farms with farmers, can skip a turn on one look).
    pub fn occupied_joins(&self, kind: FeatureKind) -> u32 {
        self.occupied_joins.get(kind.index()).copied().unwrap_or(0)
    }

    /// The nodes of `n`'s feature.
    pub fn members(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let start = n;
        let mut cur = Some(n);
        std::iter::from_fn(move || {
            let c = cur?;
            let next = self.nodes[c as usize].next;
            cur = (next != start).then_some(next);
            Some(c)
        })
    }

    /// Distinct tiles (placement indices) of `n`'s feature, in no particular
    /// order. A tile that holds two parts of one feature counts once.
    pub fn tiles(&self, n: NodeId) -> Vec<u32> {
        let mut tiles: Vec<u32> = self.members(n).map(|m| self.nodes[m as usize].tile).collect();
        tiles.sort_unstable();
        tiles.dedup();
        tiles
    }

    /// Number of distinct tiles in `n`'s feature, without allocating.
    pub fn tile_count(&self, n: NodeId) -> u32 {
        let root = self.root(n);
        let mut count = 0;
        for m in self.members(n) {
            let tile = self.nodes[m as usize].tile;
            // A tile's nodes are consecutive: count the tile at its first node in this feature.
            let earlier_in_feature = (0..m)
                .rev()
                .take_while(|&o| self.nodes[o as usize].tile == tile)
                .any(|o| self.root(o) == root);
            // A node added to a tile later lies apart from the tile's own
            // nodes: its tile counts at the feature's other node there, if any.
            let counted_elsewhere = self.nodes[m as usize].added
                && self
                    .members(n)
                    .any(|o| o != m && self.nodes[o as usize].tile == tile && (!self.nodes[o as usize].added || o < m));
            if !earlier_in_feature && !counted_elsewhere {
                count += 1;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_pennants_join_and_a_void_spreads_and_rolls_back() {
        let mut f = Features::default();
        f.set_journaling(true);
        let a = f.add(FeatureKind::CITY, 0, 1, 1);
        let b = f.add(FeatureKind::CITY, 1, 2, 0);
        let c = f.add(FeatureKind::CITY, 2, 1, 2);
        f.add_pennants(b, 3);
        f.connect(a, b);
        assert_eq!(f.pennants(a), 4, "printed 1 and added 3");
        let mark = f.mark();
        f.void_pennants(b);
        assert_eq!((f.pennants(a), f.pennants_void(a)), (0, true));
        // The void goes with the city into what it joins.
        f.connect(c, b);
        assert_eq!(f.pennants(c), 0);
        f.rollback(mark);
        assert_eq!((f.pennants(a), f.pennants(c), f.pennants_void(a)), (4, 2, false));
    }

    #[test]
    fn joining_counts_open_sides_and_members() {
        let mut f = Features::default();
        let a = f.add(FeatureKind::ROAD, 0, 2, 0);
        let b = f.add(FeatureKind::ROAD, 1, 1, 0);
        let c = f.add(FeatureKind::ROAD, 2, 1, 0);
        f.connect(a, b);
        assert_eq!(f.open_sides(a), 1);
        f.connect(c, a);
        assert_eq!(f.open_sides(b), 0);
        let mut m: Vec<_> = f.members(c).collect();
        m.sort();
        assert_eq!(m, vec![0, 1, 2]);
        assert_eq!(f.tile_count(b), 3);
    }

    #[test]
    fn joins_count_features_that_became_one_and_roll_back() {
        let mut f = Features::default();
        f.set_journaling(true);
        let a = f.add(FeatureKind::CITY, 0, 2, 0);
        let b = f.add(FeatureKind::CITY, 1, 2, 0);
        let mark = f.mark();
        let c = f.add(FeatureKind::CITY, 2, 2, 0);
        let road = f.add(FeatureKind::ROAD, 2, 2, 0);
        // A new piece joining two older cities: two joins, one city left.
        f.connect(c, a);
        f.connect(c, b);
        // The same city again across another side is no join.
        f.connect(a, b);
        assert_eq!(f.joins(FeatureKind::CITY), 2);
        assert_eq!(f.joins(FeatureKind::ROAD), 0);
        assert_eq!(f.root(a), f.root(b));
        let _ = road;
        f.rollback(mark);
        assert_eq!(f.joins(FeatureKind::CITY), 0);
        assert_ne!(f.root(a), f.root(b));
    }

    #[test]
    fn occupied_joins_count_joins_into_features_with_followers() {
        let mut f = Features::default();
        f.set_journaling(true);
        let farmed = f.add(FeatureKind::FIELD, 0, 0, 0);
        let empty = f.add(FeatureKind::FIELD, 1, 0, 0);
        f.add_followers(farmed, 1);
        let mark = f.mark();
        let new_piece = f.add(FeatureKind::FIELD, 2, 0, 0);
        let elsewhere = f.add(FeatureKind::FIELD, 3, 0, 0);
        // Two fields nobody stands in: a join, none occupied.
        f.connect(new_piece, empty);
        assert_eq!(
            (f.joins(FeatureKind::FIELD), f.occupied_joins(FeatureKind::FIELD)),
            (1, 0)
        );
        // Into the farmed field, from either side of the call.
        f.connect(farmed, new_piece);
        f.connect(elsewhere, farmed);
        assert_eq!(
            (f.joins(FeatureKind::FIELD), f.occupied_joins(FeatureKind::FIELD)),
            (3, 2)
        );
        // The same farm again across another side is no join.
        f.connect(empty, farmed);
        assert_eq!(f.occupied_joins(FeatureKind::FIELD), 2);
        assert_eq!(f.occupied_joins(FeatureKind::CITY), 0);
        f.rollback(mark);
        assert_eq!(f.occupied_joins(FeatureKind::FIELD), 0);
    }
}
