//! The live Serf's view of the farms: every farmer's farm and the cities it
//! touches, kept up to date from what each turn added to the board.
//!
//! Walking every farmer's farm after every turn cost more than the rest of
//! a game (late in a game one farm covers most of the board). But the
//! feature graph changes only where tiles are placed: a farm grows when a
//! new tile's field joins it (and, through that field, other farms), and
//! its cities change only when a new field touches a city or a new city
//! piece joins two cities into one. So after a turn only what the new nodes
//! reached is looked at again. A farm is walked only when it swallowed a
//! farm nobody stands in, whose cities were never noted, or when a farmer
//! stands in a farm for the first time.
//!
//! Everything here follows from the board and the figures on it: it is not
//! shown, not saved, and equal in any two states (see the `PartialEq`).

use carcassonne_core::features::{Features, NodeId};
use carcassonne_core::figures::FigureId;
use carcassonne_core::{CoreState, FeatureKind};

use crate::serf::is_farmer;

/// The farms holding farmers, as of the last turn they were brought up to
/// date.
#[derive(Debug, Default)]
pub(crate) struct LiveFarms {
    /// The figures on the board when `farmers` was listed; `None` until
    /// the farms are first worked out.
    figures: Option<FiguresOnBoard>,
    /// Nodes of the feature graph already taken into account.
    nodes_seen: usize,
    /// Every farmer on the board: owner and node, in the core's order.
    farmers: Vec<(u8, NodeId)>,
    /// The list before the last change (a buffer).
    farmers_before: Vec<(u8, NodeId)>,
    /// The farms holding at least one of `farmers`.
    farms: Vec<KnownFarm>,
    /// `Features::joins` of cities when the graph was last looked at.
    city_joins_seen: u32,
    /// `Features::occupied_joins` of fields then.
    occupied_field_joins_seen: u32,
    /// Buffers kept for their capacity.
    spare: Vec<KnownFarm>,
    /// The new city nodes by the root of their city, with how many there are.
    new_cities: Vec<(NodeId, u32)>,
    /// Each player's largest farm.
    largest: Vec<u32>,
    /// Whether a figure moved on the board since the farmers were listed:
    /// a move keeps the list's length and last id, so only the event says
    /// it (another expansion's rule moving a farmer off its field).
    figure_moved: bool,
}

impl Clone for LiveFarms {
    // Search copies games by the thousand: a copy takes what is known and
    // leaves the buffers behind.
    fn clone(&self) -> LiveFarms {
        LiveFarms {
            figures: self.figures,
            nodes_seen: self.nodes_seen,
            farmers: self.farmers.clone(),
            farmers_before: Vec::new(),
            farms: self.farms.clone(),
            city_joins_seen: self.city_joins_seen,
            occupied_field_joins_seen: self.occupied_field_joins_seen,
            spare: Vec::new(),
            new_cities: Vec::new(),
            largest: self.largest.clone(),
            figure_moved: self.figure_moved,
        }
    }
}

impl PartialEq for LiveFarms {
    // What is cached follows from the board, which the rest of the state
    // and the core compare: two games alike but for their cache are alike.
    fn eq(&self, _: &LiveFarms) -> bool {
        true
    }
}

/// Which figures stand on the board, in two numbers: figures get fresh,
/// growing ids when deployed and keep their order in the core's list, so a
/// deployment changes the last id and a return alone shortens the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FiguresOnBoard {
    count: usize,
    last: Option<FigureId>,
}

impl FiguresOnBoard {
    fn of(view: &CoreState) -> FiguresOnBoard {
        let figures = view.figures();
        FiguresOnBoard {
            count: figures.len(),
            last: figures.last().map(|f| f.id),
        }
    }
}

/// A farm and the distinct roots of the cities it touches.
#[derive(Clone, Debug, Default)]
struct KnownFarm {
    root: NodeId,
    /// The farm's node count when it was last brought up to date.
    nodes: u32,
    /// The cities it touches, by root as of the last update (a city's root
    /// may have moved since, when a new piece joined it: see `settled`).
    cities: Vec<NodeId>,
    /// While a turn is taken into account: whether a new field joined the
    /// farm, and how many did.
    grown: bool,
    added: u32,
    /// The seats whose farmers stand in it, one bit each (a game has at
    /// most `MAX_PLAYERS` seats).
    owners: u32,
}

impl KnownFarm {
    /// An entry with room for the cities of a farm that grew for a while
    /// (growing a list from nothing took most of the allocations a game).
    fn with_room() -> KnownFarm {
        KnownFarm {
            cities: Vec::with_capacity(16),
            ..KnownFarm::default()
        }
    }

    /// The farm rooted at `root`, worked out as `CoreState::cities_of_field`
    /// does, into this entry's buffer.
    fn walked(mut self, view: &CoreState, root: NodeId) -> KnownFarm {
        let features = view.features();
        self.root = root;
        self.nodes = features.node_count(root);
        self.grown = false;
        self.added = 0;
        self.cities.clear();
        for m in features.members(root) {
            push_touched_cities(view, m, &mut self.cities);
        }
        self.settled(features);
        self
    }

    /// Replaces each city by its root and drops repeats: a city pushed by
    /// any of its nodes, a city whose root moved, and two cities that
    /// became one all end up once.
    fn settled(&mut self, features: &Features) {
        for c in &mut self.cities {
            *c = features.root(*c);
        }
        self.cities.sort_unstable();
        self.cities.dedup();
    }
}

/// Adds the root of each city field node `field` touches to `cities`
/// unless it is there already (an entry whose city has a new root since may
/// repeat it: `KnownFarm::settled` sorts those out).
fn push_touched_cities(view: &CoreState, field: NodeId, cities: &mut Vec<NodeId>) {
    let placed = view.tile_of_node(field);
    let def = &view.tables().tile(placed.tile).def;
    for &c in &def.features[(field - placed.first_node) as usize].touches {
        let city = view.features().root(placed.first_node + c as NodeId);
        if !cities.contains(&city) {
            cities.push(city);
        }
    }
}

/// The nodes of `kind` among `nodes`, by the root of their feature, with
/// how many each feature has, into `out` (cleared first).
fn count_by_feature(
    features: &Features,
    nodes: std::ops::Range<NodeId>,
    kind: FeatureKind,
    out: &mut Vec<(NodeId, u32)>,
) {
    out.clear();
    for n in nodes {
        if features.kind(n) != kind {
            continue;
        }
        let root = features.root(n);
        match out.iter_mut().find(|(r, _)| *r == root) {
            Some((_, count)) => *count += 1,
            None => out.push((root, 1)),
        }
    }
}

impl LiveFarms {
    /// Notes that a figure on the board moved: the farmers are listed
    /// again at the next look.
    pub(crate) fn figure_moved(&mut self) {
        self.figure_moved = true;
    }

    /// Brings the farms up to date with the board and returns each
    /// player's largest farm holding one of their farmers, its size counted
    /// by `size` from its cities' roots; `None` when nothing that counts has
    /// changed since the last call (the largest farms are what they were).
    /// `recount` asks for the sizes again even then (sizes that depend on
    /// more than which cities a farm touches).
    pub(crate) fn largest(
        &mut self,
        view: &CoreState,
        recount: bool,
        size: impl Fn(&[NodeId]) -> u32,
    ) -> Option<&[u32]> {
        let board_changed = self.follow_the_board(view);
        let farmers_changed = self.follow_the_figures(view);
        let changed = board_changed | farmers_changed | recount;
        if !changed {
            #[cfg(debug_assertions)]
            self.check_against_walking(view, &size);
            return None;
        }
        self.largest.clear();
        self.largest.resize(view.players(), 0);
        if farmers_changed {
            self.match_farmers_to_farms(view);
        }
        // The same farmers stand in the farms they stood in (grown or joined
        // together, which `follow_the_board` took into account): each farm
        // knows whose farmers stand in it.
        for farm in &self.farms {
            let counted = size(&farm.cities);
            let mut owners = farm.owners;
            while owners != 0 {
                let best = &mut self.largest[owners.trailing_zeros() as usize];
                *best = (*best).max(counted);
                owners &= owners - 1;
            }
        }
        #[cfg(debug_assertions)]
        self.check_against_walking(view, &size);
        Some(&self.largest)
    }

    /// Finds each farmer's farm among the known ones (walking a farm no
    /// farmer stood in before), notes whose farmers stand in each, and
    /// forgets the farms nobody stands in any more.
    fn match_farmers_to_farms(&mut self, view: &CoreState) {
        for farm in &mut self.farms {
            farm.owners = 0;
        }
        let features = view.features();
        for &(owner, node) in &self.farmers {
            let root = features.root(node);
            let i = match self.farms.iter().position(|f| f.root == root) {
                Some(i) => i,
                None => {
                    let mut fresh = self.spare.pop().unwrap_or_else(KnownFarm::with_room).walked(view, root);
                    fresh.owners = 0;
                    self.farms.push(fresh);
                    self.farms.len() - 1
                }
            };
            self.farms[i].owners |= 1 << owner;
        }
        let mut i = 0;
        while i < self.farms.len() {
            if self.farms[i].owners != 0 {
                i += 1;
            } else {
                let gone = self.farms.swap_remove(i);
                self.spare.push(gone);
            }
        }
    }

    /// Debug builds (and so every test that plays the live Serf) check the
    /// followed farms against walking every farmer's farm.
    #[cfg(debug_assertions)]
    fn check_against_walking(&self, view: &CoreState, size: &impl Fn(&[NodeId]) -> u32) {
        let mut walked = vec![0; view.players()];
        for f in view.figures().iter().filter(|f| is_farmer(view, f)) {
            let Some(node) = f.node else { continue };
            let best = &mut walked[f.owner as usize];
            *best = (*best).max(size(&view.cities_of_field(node)));
        }
        assert_eq!(self.largest, walked, "the live Serf's farms drifted from the board");
    }

    /// Lists the farmers again when the figures on the board changed;
    /// returns whether the farmers did (most deployments are not farmers).
    fn follow_the_figures(&mut self, view: &CoreState) -> bool {
        let figures = FiguresOnBoard::of(view);
        let moved = std::mem::take(&mut self.figure_moved);
        let Some(before) = self.figures.replace(figures) else {
            return self.list_farmers(view, true);
        };
        if before == figures && !moved {
            return false;
        }
        // One deployment and no return (the figures listed before are still
        // the first ones, the last of them where it was): only the newest
        // figure can be a new farmer, and most deployments are not farmers.
        let list = view.figures();
        let only_deployed = !moved
            && figures.count == before.count + 1
            && before
                .last
                .is_none_or(|last| list.get(before.count - 1).is_some_and(|f| f.id == last));
        if only_deployed {
            let newest = &list[before.count];
            return match newest.node {
                Some(node) if is_farmer(view, newest) => {
                    self.farmers.push((newest.owner, node));
                    true
                }
                _ => false,
            };
        }
        self.list_farmers(view, false)
    }

    /// Lists every farmer on the board again; returns whether the list
    /// changed (or this is the first listing).
    fn list_farmers(&mut self, view: &CoreState, first_time: bool) -> bool {
        if first_time {
            // Room for every follower (seven meeples and a big one a seat)
            // at once: growing the lists a farmer at a time allocated
            // several times a game.
            let room = view.players() * 8;
            self.farmers.reserve(room);
            self.farmers_before.reserve(room);
            self.farms.reserve(room);
        }
        let mut farmers = std::mem::take(&mut self.farmers_before);
        farmers.clear();
        farmers.extend(
            view.figures()
                .iter()
                .filter(|f| is_farmer(view, f))
                .filter_map(|f| Some((f.owner, f.node?))),
        );
        std::mem::swap(&mut self.farmers, &mut farmers);
        let changed = first_time || self.farmers != farmers;
        self.farmers_before = farmers;
        changed
    }

    /// Takes the nodes added since the last call into account; returns
    /// whether a known farm grew or lost a city to a join.
    fn follow_the_board(&mut self, view: &CoreState) -> bool {
        let features = view.features();
        let end = features.len();
        let first_time = self.figures.is_none();
        let start = std::mem::replace(&mut self.nodes_seen, end);
        let city_joins = features.joins(FeatureKind::CITY);
        let new_city_joins = city_joins - std::mem::replace(&mut self.city_joins_seen, city_joins);
        let occupied_joins = features.occupied_joins(FeatureKind::FIELD);
        let seen_occupied_joins = std::mem::replace(&mut self.occupied_field_joins_seen, occupied_joins);
        // With no farmer on the board there is no farm to follow: a farm is
        // walked when a farmer first stands in it.
        if first_time || start == end || self.farms.is_empty() {
            return false;
        }
        let new_nodes = start as NodeId..end as NodeId;
        // A known farm holds a farmer, which the core counts among the
        // field's followers: a farm grows by a join, and the core counts the
        // joins of fields with followers. Most turns grow no farmer's farm
        // and, merging no older cities either, end here.
        let farmers_farm_grew = occupied_joins != seen_occupied_joins;
        let cities_joined = new_city_joins > 0 && self.older_cities_merged(features, new_nodes.clone(), new_city_joins);
        if !farmers_farm_grew && !cities_joined {
            return false;
        }
        self.grow_farms(view, new_nodes, cities_joined)
    }

    /// Whether two cities that stood before this turn became one (only then
    /// can a farm's city count drop), given the turn's `joins` of cities: a
    /// city made of `k` new pieces and `m` older cities took `k + m - 1`
    /// joins, so joins beyond those with one older city each merged older
    /// ones.
    fn older_cities_merged(&mut self, features: &Features, new_nodes: std::ops::Range<NodeId>, joins: u32) -> bool {
        count_by_feature(features, new_nodes, FeatureKind::CITY, &mut self.new_cities);
        let one_older_each: u32 = self
            .new_cities
            .iter()
            .map(|&(root, new)| new - 1 + u32::from(features.node_count(root) > new))
            .sum();
        joins > one_older_each
    }

    /// Works out each farm that grew this turn, from the farms it joined
    /// and the new tiles' fields when those are all it is made of (by
    /// walking it when it also swallowed a farm nobody stood in), and
    /// each farm that touched two older cities now one; returns whether
    /// any did.
    fn grow_farms(&mut self, view: &CoreState, new_nodes: std::ops::Range<NodeId>, cities_joined: bool) -> bool {
        let features = view.features();
        // Roots first: a farm that joined a larger feature has a new root,
        // which another known farm may share (the two became one).
        let mut moved = false;
        for farm in &mut self.farms {
            let root = features.root(farm.root);
            moved |= root != farm.root;
            farm.root = root;
            farm.grown = false;
            farm.added = 0;
        }
        if moved {
            self.fold_joined_farms();
        }
        // Farms grow (and join) only through new fields: each new field in
        // a known farm adds a node and the cities it touches.
        for n in new_nodes {
            if features.kind(n) != FeatureKind::FIELD {
                continue;
            }
            let root = features.root(n);
            if let Some(farm) = self.farms.iter_mut().find(|f| f.root == root) {
                farm.grown = true;
                farm.added += 1;
                push_touched_cities(view, n, &mut farm.cities);
            }
        }
        let mut changed = false;
        for farm in &mut self.farms {
            if farm.grown {
                changed = true;
                farm.grown = false;
                if farm.nodes + farm.added == features.node_count(farm.root) {
                    farm.nodes += farm.added;
                    farm.settled(features);
                } else {
                    let root = farm.root;
                    let stale = std::mem::take(farm);
                    *farm = stale.walked(view, root);
                }
            } else if cities_joined && farm.cities.iter().any(|&c| features.root(c) != c) {
                changed = true;
                farm.settled(features);
            }
        }
        changed
    }

    /// Folds known farms that became one into the first of them.
    fn fold_joined_farms(&mut self) {
        let mut i = 0;
        while i < self.farms.len() {
            let root = self.farms[i].root;
            let mut j = i + 1;
            while j < self.farms.len() {
                if self.farms[j].root == root {
                    let other = self.farms.swap_remove(j);
                    let farm = &mut self.farms[i];
                    farm.nodes += other.nodes;
                    farm.owners |= other.owners;
                    farm.cities.extend_from_slice(&other.cities);
                    self.spare.push(other);
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
    }
}
