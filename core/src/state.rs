//! The core state of a game and the one function that changes it: `apply`.
//!
//! Expansions, hosts and the rest of the engine read it through the
//! accessors here; its fields are private to this module, so the compiler
//! holds every write to three narrow paths, all crate-private:
//! `CoreState::apply` (events), `CoreState::enter` (the turn machine's
//! next phase) and `CoreMark::restore` (undo putting back what `apply`
//! wrote).

use crate::board::{Board, BoardMark, PlacedTile};
use crate::events::Event;
use crate::features::{Features, FeaturesMark, NodeId};
use crate::figures::{FigureClass, FigureId, NEUTRAL, PlacedFigure, Spot};
use crate::geometry::{Pos, Segment, Side};
use crate::tables::Tables;
use crate::tiles::{EdgeKind, FeatureKind, TieBreak};
use std::sync::Arc;

mod links;

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A turn is about to begin.
    TurnStart,
    /// The tile is to be drawn (or was placed by an expansion already).
    Draw,
    /// The player places the drawn tile.
    Place,
    /// Hooks after placement.
    AfterPlace,
    /// The player may deploy a figure.
    Deploy,
    /// Hooks after deployment.
    AfterDeploy,
    /// Hooks before scoring.
    BeforeScoring,
    /// Completed features are scored.
    Scoring,
    /// Hooks after scoring.
    AfterScoring,
    /// Hooks at the end of the turn.
    EndTurn,
    /// The bag is empty: final scoring.
    FinalScoring,
    /// The game is over.
    Over,
}

/// What the current turn has done so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// Turn number, from 1.
    pub number: u32,
    /// Whose turn.
    pub player: u8,
    /// The drawn tile (type index), until placed or discarded.
    pub drawn: Option<u16>,
    /// Placement index of the tile placed this turn.
    pub placed: Option<u32>,
    /// The figure deployed this turn.
    pub deployed: Option<FigureId>,
    /// Features (nodes) completed by this turn's placement.
    pub completed: Vec<NodeId>,
    /// The player plays again after this turn ([`Ctx::take_another_turn`](crate::Ctx::take_another_turn)).
    pub again: bool,
    /// This turn is one the player took again, right after their own (so an
    /// expansion can keep it from granting a third).
    pub extra: bool,
    /// Figures (a bit per figure kind) an expansion lets the player deploy
    /// once more this turn, after the deployment and its hooks
    /// ([`Ctx::offer_another_deployment`](crate::Ctx::offer_another_deployment)):
    /// The Phantom's second follower.
    pub more_deployment: Option<u32>,
    /// Whether the deployment under way is that second one.
    pub deploying_more: bool,
    /// Turns in a row before this one that placed no tile (0 in every game
    /// whose expansions hold no tiles: see `Expansion::holds_tiles`).
    pub idle: u8,
    /// The tile an expansion handed the player for this turn instead of a
    /// draw (`Expansion::supplied_tile`: a tile bought at a bazaar), kept
    /// for the whole turn; `None` on turns that draw from the bag.
    pub supplied: Option<SuppliedTile>,
    /// The slot of the expansion that supplied it (0 while `supplied` is
    /// `None`): `Rules::supply_words` has its words.
    pub supplier: u8,
}

/// A tile an expansion hands the turn's player instead of a draw from the
/// bag (`Expansion::supplied_tile`): the turn's tile from then on, placed
/// through the core's placement decision like a drawn one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SuppliedTile {
    /// Tile type index.
    pub tile: u16,
    /// The player must place it this turn (it is discarded, as a drawn
    /// tile is, only when it fits nowhere): other expansions make no offer
    /// to replace the turn's tile (Abbey & Mayor's abbey reads this).
    pub mandatory: bool,
}

/// A figure off the board in another player's hands (a tower's
/// prisoner): in nobody's supply until released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Captive {
    /// Whose figure it is.
    pub owner: u8,
    /// Its kind (index in the figure table).
    pub kind: u8,
    /// Who holds it.
    pub by: u8,
}

/// A feature an expansion added to a tile on the board
/// ([`Ctx::add_feature`](crate::Ctx::add_feature): a bridge's road). On its
/// tile it has the feature index after the tile's own features, in the
/// order they were added ([`CoreState::node_at`], `Spot::Feature`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AddedFeature {
    /// Its node.
    pub node: NodeId,
    /// The tile it lies on.
    pub pos: Pos,
    /// Its kind.
    pub kind: FeatureKind,
    /// The board sides whose centres it takes, a bit each (bit 0 north,
    /// clockwise).
    pub sides: u8,
    /// The edge those sides show since it was added.
    pub edge: EdgeKind,
}

/// The core state of a game.
#[derive(Clone, Debug)]
pub struct CoreState {
    tables: Arc<Tables>,
    board: Board,
    features: Features,
    figures: Vec<PlacedFigure>,
    next_figure: FigureId,
    /// players × figure kinds.
    supply: Vec<u8>,
    /// Per figure kind, how many of those that belong to nobody are off
    /// the board.
    neutral: Vec<u8>,
    /// Figures off the board in another player's hands (prisoners).
    captives: Vec<Captive>,
    scores: Vec<i32>,
    /// players × score sources.
    breakdown: Vec<i32>,
    bag: Vec<u16>,
    discarded: Vec<u16>,
    /// Tiles an expansion set aside, out of the bag until it returns them.
    set_aside: Vec<u16>,
    turn: Turn,
    phase: Phase,
    draw_phase: DrawPhase,
    /// Features expansions added to tiles on the board, in the order they
    /// were added (empty in most games: every look at it is skipped then).
    added: Vec<AddedFeature>,
}

/// Which draw phase of the bag is being drawn (see
/// [`Tables::draw_phases`]) and how many of its tiles are left: they lie
/// at the end of the bag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct DrawPhase {
    index: u32,
    left: u32,
}

impl CoreState {
    /// Where each field lies: part of the plugin layout check
    /// ([`crate::plugin::LAYOUT`]), since a plugin reads the host's state
    /// through its own copy of these methods.
    pub(crate) const FIELD_OFFSETS: [usize; 18] = [
        std::mem::offset_of!(CoreState, tables),
        std::mem::offset_of!(CoreState, board),
        std::mem::offset_of!(CoreState, features),
        std::mem::offset_of!(CoreState, figures),
        std::mem::offset_of!(CoreState, next_figure),
        std::mem::offset_of!(CoreState, supply),
        std::mem::offset_of!(CoreState, scores),
        std::mem::offset_of!(CoreState, breakdown),
        std::mem::offset_of!(CoreState, bag),
        std::mem::offset_of!(CoreState, discarded),
        std::mem::offset_of!(CoreState, turn),
        std::mem::offset_of!(CoreState, phase),
        std::mem::offset_of!(CoreState, draw_phase),
        std::mem::offset_of!(CoreState, neutral),
        std::mem::offset_of!(CoreState, captives),
        std::mem::offset_of!(CoreState, set_aside),
        std::mem::offset_of!(CoreState, added),
        std::mem::size_of::<CoreState>(),
    ];

    pub(crate) fn new(tables: Arc<Tables>) -> CoreState {
        let players = tables.config.players.len();
        let kinds = tables.figures.len();
        let supply: Vec<u8> = (0..players)
            .flat_map(|_| tables.figures.iter().map(|f| f.per_player))
            .collect();
        // Room for every figure of the game on the board at once: the list
        // of placed figures then never grows mid-game.
        let all_figures = supply.iter().chain(tables.figures.iter().map(|f| &f.neutral));
        let figures = Vec::with_capacity(all_figures.map(|&n| usize::from(n)).sum());
        let sources = tables.sources.len();
        let bag = tables.draw_order_bag.as_ref().unwrap_or(&tables.bag).clone();
        // A draw order is one phase: it names every draw.
        let draw_phase = DrawPhase {
            index: 0,
            left: match tables.draw_order_bag {
                Some(_) => bag.len() as u32,
                None => tables.phases.first().copied().unwrap_or(0),
            },
        };
        debug_assert_eq!(kinds, tables.figures.len());
        // Sized for the whole game up front (the bag and the start tile; a
        // base tile has at most a handful of features), so the placed-tile
        // list, the frontier and the feature graph never reallocate and
        // copy mid-game.
        let mut board = Board::default();
        board.reserve_tiles(bag.len() + 1);
        let mut features = Features::default();
        features.reserve((bag.len() + 1) * 4);
        CoreState {
            board,
            features,
            figures,
            next_figure: 0,
            supply,
            neutral: tables.figures.iter().map(|f| f.neutral).collect(),
            captives: Vec::new(),
            scores: vec![0; players],
            breakdown: vec![0; players * sources],
            bag,
            discarded: Vec::new(),
            set_aside: Vec::new(),
            turn: Turn::default(),
            phase: Phase::TurnStart,
            draw_phase,
            tables,
            added: Vec::new(),
        }
    }

    /// Bytes this state holds on the heap, not counting the rules it shares
    /// with every game of the same configuration.
    pub fn heap_bytes(&self) -> usize {
        self.board.heap_bytes()
            + self.features.heap_bytes()
            + self.figures.capacity() * std::mem::size_of::<PlacedFigure>()
            + (self.supply.capacity() + self.turn.completed.capacity() * 4)
            + (self.scores.capacity() + self.breakdown.capacity()) * 4
            + (self.bag.capacity() + self.discarded.capacity()) * 2
    }

    /// The game's tables: tiles, figures, score sources, configuration.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The feature graph.
    #[inline]
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.scores.len()
    }

    /// A player's name.
    pub fn player_name(&self, player: u8) -> &str {
        // A figure of nobody's (`NEUTRAL`) has no player to name.
        self.tables
            .config
            .players
            .get(player as usize)
            .map_or("nobody", |p| p.name.as_str())
    }

    /// The turn in progress.
    #[inline]
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// Where the turn stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Moves the turn machine (`Game::advance`) to its next phase. Not an
    /// event: a phase follows from the decisions and events before it, and
    /// records and event logs list what happened, not the machine's steps.
    /// The game's end is the exception, set by applying `GameEnded`.
    #[inline]
    pub(crate) fn enter(&mut self, phase: Phase) {
        self.phase = phase;
    }

    /// Starts the second deployment an expansion offered this turn
    /// (`Turn::more_deployment`): a step of the turn machine, as `enter`.
    pub(crate) fn begin_more_deployment(&mut self) {
        self.turn.deploying_more = true;
        self.phase = Phase::Deploy;
    }

    /// The bag, drawn from by index (`TileDrawn::bag_index`).
    #[inline]
    pub(crate) fn bag(&self) -> &[u16] {
        &self.bag
    }

    /// Replaces the bag by the same tiles in another order
    /// (`Game::arrange_next_draws`).
    pub(crate) fn set_bag(&mut self, bag: Vec<u16>) {
        debug_assert_eq!(bag.len(), self.bag.len());
        self.bag = bag;
    }

    /// Every player's score, by seat.
    pub(crate) fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// The id the next deployed figure gets.
    #[inline]
    pub(crate) fn next_figure_id(&self) -> FigureId {
        self.next_figure
    }

    /// Switches journaling of the board grid and the feature graph (for
    /// undo) on or off.
    pub(crate) fn set_journaling(&mut self, on: bool) {
        self.board.set_journaling(on);
        self.features.set_journaling(on);
    }

    /// The tile placed this turn.
    pub fn placed_this_turn(&self) -> Option<&PlacedTile> {
        self.turn.placed.map(|i| &self.board.tiles()[i as usize])
    }

    /// A player's score.
    pub fn score(&self, player: u8) -> i32 {
        self.scores[player as usize]
    }

    /// A player's points by score source (see `Rules::score_sources`).
    pub fn breakdown(&self, player: u8) -> &[i32] {
        let n = self.tables.sources.len();
        &self.breakdown[player as usize * n..(player as usize + 1) * n]
    }

    /// Figures of kind `kind` in `player`'s supply.
    pub fn supply(&self, player: u8, kind: u8) -> u8 {
        self.supply[player as usize * self.tables.figures.len() + kind as usize]
    }

    /// Tiles left in the draw phase being drawn: the next tile is drawn
    /// from the last this many of the bag (all of it, unless an expansion
    /// arranged phases).
    pub fn tiles_left_in_phase(&self) -> usize {
        (self.draw_phase.left as usize).min(self.bag.len())
    }

    /// Where in the bag the next tile taken from it lies: the top of a
    /// game with a draw order, else a random one of the draw phase under
    /// way (the phase being drawn lies at the end of the bag). `None` when
    /// the bag is empty.
    pub(crate) fn pick_from_bag(&self, rng: &mut crate::rng::GameRng) -> Option<u32> {
        let n = self.tiles_left();
        if n == 0 {
            return None;
        }
        let in_phase = self.tiles_left_in_phase();
        Some(if self.tables.config.draw_order.is_some() {
            n as u32 - 1
        } else if in_phase == n || in_phase == 0 {
            rng.below(n as u32)
        } else {
            (n - in_phase) as u32 + rng.below(in_phase as u32)
        })
    }

    /// Takes the tile at `bag_index` out of the bag, as a draw does.
    fn take_from_bag(&mut self, bag_index: u32) -> u16 {
        let taken = self.bag.swap_remove(bag_index as usize);
        self.draw_phase.left = self.draw_phase.left.saturating_sub(1);
        while self.draw_phase.left == 0 && (self.draw_phase.index as usize + 1) < self.tables.phases.len() {
            self.draw_phase.index += 1;
            self.draw_phase.left = self.tables.phases[self.draw_phase.index as usize];
        }
        taken
    }

    /// Tiles still in the bag.
    pub fn tiles_left(&self) -> usize {
        self.bag.len()
    }

    /// Adds the tiles still in the bag to `counts`, one slot per tile type
    /// (by type index; types past its end are skipped): what every player
    /// may count, never the bag's order.
    pub fn count_bag(&self, counts: &mut [u32]) {
        for &t in &self.bag {
            if let Some(c) = counts.get_mut(t as usize) {
                *c += 1;
            }
        }
    }

    /// Tiles an expansion's rules set aside after they were drawn (a
    /// dragon tile before the dragon is in play), by type index, until it
    /// puts them back into the bag.
    pub fn set_aside(&self) -> &[u16] {
        &self.set_aside
    }

    /// Tile types discarded because they fit nowhere.
    pub fn discarded(&self) -> &[u16] {
        &self.discarded
    }

    /// Figures on the board.
    pub fn figures(&self) -> &[PlacedFigure] {
        &self.figures
    }

    /// The figure with `id`, if it is on the board.
    pub fn figure(&self, id: FigureId) -> Option<&PlacedFigure> {
        self.figures.iter().find(|f| f.id == id)
    }

    /// Figures standing on the tile at `pos`.
    pub fn figures_on(&self, pos: Pos) -> impl Iterator<Item = &PlacedFigure> {
        self.figures.iter().filter(move |f| f.pos == pos)
    }

    /// Figures standing in `node`'s feature.
    pub fn figures_in(&self, node: NodeId) -> impl Iterator<Item = &PlacedFigure> {
        let root = self.features.root(node);
        self.figures
            .iter()
            .filter(move |f| f.node.is_some_and(|n| self.features.root(n) == root))
    }

    /// The feature node a figure at `spot` of the tile at `pos` stands in.
    fn node_of_spot(&self, pos: Pos, spot: Spot) -> Option<NodeId> {
        match spot {
            Spot::Feature(fi) => self.node_at(pos, fi as usize),
            // A recall is never where a figure stands.
            Spot::Corner(_) | Spot::Tile | Spot::Recall(_) => None,
        }
    }

    /// Figures off the board in another player's hands (a tower's
    /// prisoners), in the order they were taken.
    pub fn captives(&self) -> &[Captive] {
        &self.captives
    }

    /// How many of `player`'s figures of kind `kind` others hold.
    pub fn held(&self, player: u8, kind: u8) -> usize {
        self.captives
            .iter()
            .filter(|c| c.owner == player && c.kind == kind)
            .count()
    }

    /// How many of figure kind `kind` that belong to nobody are off the board.
    pub fn neutral_supply(&self, kind: u8) -> u8 {
        self.neutral.get(kind as usize).copied().unwrap_or(0)
    }

    /// The node of feature `feature` (definition index) of the tile at `pos`.
    ///
    /// Past the tile's own features come those expansions added to it
    /// ([`CoreState::added_features`]), in the order they were added.
    pub fn node_at(&self, pos: Pos, feature: usize) -> Option<NodeId> {
        let t = self.board.get(pos)?;
        let own = self.tables.tile(t.tile).def.features.len();
        if feature < own {
            return Some(t.first_node + feature as NodeId);
        }
        self.added_on(pos).nth(feature - own).map(|a| a.node)
    }

    /// Features expansions added to tiles on the board
    /// ([`Ctx::add_feature`](crate::Ctx::add_feature)), in the order they
    /// were added.
    pub fn added_features(&self) -> &[AddedFeature] {
        &self.added
    }

    /// The features expansions added to the tile at `pos`, in the order
    /// they were added (their feature indices follow the tile's own).
    pub fn added_on(&self, pos: Pos) -> impl Iterator<Item = &AddedFeature> {
        self.added.iter().filter(move |a| a.pos == pos)
    }

    /// The node on board segment `segment` of the placed tile `placed`:
    /// the added feature taking that segment (a side's centre), else the
    /// tile's own feature there.
    #[inline]
    pub fn node_on_segment(&self, placed: &PlacedTile, segment: Segment) -> Option<NodeId> {
        if !self.added.is_empty()
            && segment.is_centre()
            && let Some(a) = self
                .added_on(placed.pos)
                .find(|a| a.sides & (1 << segment.side() as u8) != 0)
        {
            return Some(a.node);
        }
        let f = self.tables.tile(placed.tile).feature_at(placed.rotation, segment)?;
        Some(placed.first_node + f as NodeId)
    }

    /// The edge side `side` of the tile at `pos` shows since an expansion
    /// added a feature across it (`None`: the tile's own edge).
    pub fn added_edge(&self, pos: Pos, side: Side) -> Option<EdgeKind> {
        if self.added.is_empty() {
            return None;
        }
        self.added_on(pos)
            .find(|a| a.sides & (1 << side as u8) != 0)
            .map(|a| a.edge)
    }

    /// The placed tile a node belongs to.
    pub fn tile_of_node(&self, node: NodeId) -> &PlacedTile {
        &self.board.tiles()[self.features.tile_of(node) as usize]
    }

    /// The node's feature index within its tile's definition.
    ///
    /// A feature an expansion added has the index after the tile's own
    /// features ([`CoreState::node_at`]): code reading a tile's definition
    /// by this index looks it up with `get`.
    pub fn feature_index(&self, node: NodeId) -> usize {
        let placed = self.tile_of_node(node);
        let index = (node - placed.first_node) as usize;
        if self.added.is_empty() {
            return index;
        }
        let own = self.tables.tile(placed.tile).def.features.len();
        if index < own {
            return index;
        }
        own + self.added_on(placed.pos).position(|a| a.node == node).unwrap_or(0)
    }

    /// Whether a feature is complete: a road or city (any kind completed by
    /// its sides) with no open side, a cloister (any kind completed by its
    /// surroundings) surrounded. Fields and unscored kinds never are.
    pub fn is_complete(&self, node: NodeId) -> bool {
        let kind = self.features.kind(node);
        if self.tables.completes_by_surroundings(kind) {
            self.neighbours(self.tile_of_node(node).pos) == 8
        } else {
            self.tables.completes_by_sides(kind) && self.features.open_sides(node) == 0
        }
    }

    /// Number of tiles in the 8 cells around `pos`.
    pub fn neighbours(&self, pos: Pos) -> usize {
        pos.ring().filter(|&p| self.board.is_occupied(p)).count()
    }

    /// The strongest players in `node`'s feature (empty if no follower).
    pub fn majority(&self, node: NodeId) -> Vec<u8> {
        // The feature's root counts its followers: most completed features
        // have none, and then no figure needs looking at.
        if self.features.followers(node) == 0 {
            return Vec::new();
        }
        let mut strength = [0u32; 8];
        let pennants = self.features.pennants(node);
        for f in self.figures_in(node) {
            let decl = &self.tables.figures[f.kind as usize];
            if decl.class == FigureClass::Follower && f.owner != NEUTRAL {
                strength[f.owner as usize] += decl.strength.in_feature(pennants);
            }
        }
        let max = strength.iter().copied().max().unwrap_or(0);
        if max == 0 {
            return Vec::new();
        }
        let winners: Vec<u8> = (0..self.players() as u8)
            .filter(|&p| strength[p as usize] == max)
            .collect();
        if winners.len() > 1 && self.tables.tie_break != TieBreak::None {
            return self.break_tie(node, winners);
        }
        winners
    }

    /// Of `tied`, those whose followers in the feature of `node` on tiles
    /// that break ties win, as the game's [`TieBreak`] says; all of them
    /// when none has one.
    #[cold]
    fn break_tie(&self, node: NodeId, tied: Vec<u8>) -> Vec<u8> {
        let mut on_breakers = [0u32; 8];
        for f in self.figures_in(node) {
            let decl = &self.tables.figures[f.kind as usize];
            let breaks = self.board.get(f.pos).is_some_and(|t| self.tables.breaks_ties(t.tile));
            if breaks && decl.class == FigureClass::Follower && f.owner != NEUTRAL {
                on_breakers[f.owner as usize] += 1;
            }
        }
        let best = tied.iter().map(|&p| on_breakers[p as usize]).max().unwrap_or(0);
        if best == 0 {
            return tied;
        }
        tied.into_iter()
            .filter(|&p| match self.tables.tie_break {
                TieBreak::Count => on_breakers[p as usize] == best,
                TieBreak::Presence | TieBreak::None => on_breakers[p as usize] > 0,
            })
            .collect()
    }

    /// The distinct city roots a field's feature touches.
    pub fn cities_of_field(&self, node: NodeId) -> Vec<NodeId> {
        let mut cities = Vec::new();
        for m in self.features.members(node) {
            let placed = self.tile_of_node(m);
            let def = &self.tables.tile(placed.tile).def;
            // A feature an expansion added has no definition: it touches no city.
            let Some(f) = def.features.get((m - placed.first_node) as usize) else {
                continue;
            };
            for &c in &f.touches {
                let root = self.features.root(placed.first_node + c as NodeId);
                if !cities.contains(&root) {
                    cities.push(root);
                }
            }
        }
        cities
    }

    /// How many distinct complete cities the field of `node` touches (what
    /// a farm scores): `cities_of_field` counted without building its list.
    pub(crate) fn complete_cities_of_field(&self, node: NodeId) -> usize {
        // The distinct roots on the stack; a field touching more than this
        // many cities lists the rest in a vector.
        let mut seen = [NodeId::MAX; 32];
        let mut n = 0;
        let mut more: Vec<NodeId> = Vec::new();
        for m in self.features.members(node) {
            let placed = self.tile_of_node(m);
            let def = &self.tables.tile(placed.tile).def;
            // A feature an expansion added has no definition: it touches no city.
            let Some(f) = def.features.get((m - placed.first_node) as usize) else {
                continue;
            };
            for &c in &f.touches {
                let root = self.features.root(placed.first_node + c as NodeId);
                if seen[..n].contains(&root) || more.contains(&root) {
                    continue;
                }
                if n < seen.len() {
                    seen[n] = root;
                    n += 1;
                } else {
                    more.push(root);
                }
            }
        }
        let complete = seen[..n].iter().chain(&more).filter(|&&c| self.is_complete(c)).count();
        debug_assert_eq!(
            complete,
            self.cities_of_field(node)
                .iter()
                .filter(|&&c| self.is_complete(c))
                .count()
        );
        complete
    }

    /// Applies one event. The engine checks commands before it executes them
    /// into events, so applying never fails.
    pub(crate) fn apply(&mut self, event: &Event) {
        match *event {
            Event::TurnStarted { player } => {
                let mut completed = std::mem::take(&mut self.turn.completed);
                completed.clear();
                // Turns in a row that placed no tile: only turns with the
                // bag empty, while an expansion holds tiles, place none.
                let idle = if self.turn.number > 0 && self.turn.placed.is_none() {
                    self.turn.idle.saturating_add(1)
                } else {
                    0
                };
                self.turn = Turn {
                    number: self.turn.number + 1,
                    player,
                    completed,
                    extra: self.turn.again && self.turn.player == player,
                    idle,
                    ..Turn::default()
                };
            }
            Event::TileDrawn { tile, bag_index, .. } => {
                let drawn = self.take_from_bag(bag_index);
                debug_assert_eq!(drawn, tile);
                self.turn.drawn = Some(tile);
            }
            Event::TileSupplied {
                tile, mandatory, slot, ..
            } => {
                // A tile the expansion took from the bag (`Ctx::bury_tile`)
                // leaves the tiles set aside: it is the turn's tile now.
                if let Some(i) = self.set_aside.iter().position(|&t| t == tile) {
                    self.set_aside.remove(i);
                }
                self.turn.drawn = Some(tile);
                self.turn.supplied = Some(SuppliedTile { tile, mandatory });
                self.turn.supplier = slot;
            }
            Event::TileBuried { tile, bag_index } => {
                let taken = self.take_from_bag(bag_index);
                debug_assert_eq!(taken, tile);
                self.set_aside.push(tile);
            }
            Event::TileDiscarded { tile } | Event::TilePutAside { tile, .. } => {
                self.discarded.push(tile);
                self.turn.drawn = None;
            }
            Event::TileSetAside { tile } => {
                self.set_aside.push(tile);
                self.turn.drawn = None;
            }
            Event::TileReturned { tile } => {
                if let Some(i) = self.set_aside.iter().position(|&t| t == tile) {
                    self.set_aside.remove(i);
                }
                // The phase being drawn lies at the end of the bag; when
                // every phase is drawn (`left` 0) the whole bag is drawn.
                self.bag.push(tile);
                if self.draw_phase.left > 0 {
                    self.draw_phase.left += 1;
                }
            }
            Event::TilePlaced {
                player,
                tile,
                pos,
                rotation,
            } => {
                let idx = self.place_tile(player, tile, pos, rotation);
                if player.is_some() {
                    // A supplied tile another expansion's tile replaced (an
                    // abbey instead of a tile supplied but not mandatory)
                    // stays its supplier's: back among the tiles set aside.
                    if let (Some(d), Some(s)) = (self.turn.drawn, self.turn.supplied)
                        && d == s.tile
                        && d != tile
                    {
                        self.set_aside.push(d);
                    }
                    self.turn.placed = Some(idx);
                    self.turn.drawn = None;
                }
            }
            Event::FigureDeployed {
                figure,
                owner,
                kind,
                pos,
                spot,
            } => {
                let node = self.node_of_spot(pos, spot);
                self.figures.push(PlacedFigure {
                    id: figure,
                    owner,
                    kind,
                    pos,
                    spot,
                    node,
                });
                self.next_figure = self.next_figure.max(figure + 1);
                if owner == NEUTRAL {
                    if let Some(n) = self.neutral.get_mut(kind as usize) {
                        *n = n.saturating_sub(1);
                    }
                } else {
                    let i = owner as usize * self.tables.figures.len() + kind as usize;
                    self.supply[i] -= 1;
                }
                if let Some(n) = node
                    && self.tables.figures[kind as usize].class == FigureClass::Follower
                {
                    self.features.add_followers(n, 1);
                }
                // Only the deploy phase's figure is the turn's deployment; an
                // expansion may deploy one later in the turn (a wagon moving on).
                if owner == self.turn.player && self.phase == Phase::Deploy {
                    self.turn.deployed = Some(figure);
                }
            }
            Event::DeploymentOffered { figures } => {
                if self.turn.more_deployment.is_none() && !self.turn.deploying_more {
                    self.turn.more_deployment = Some(figures);
                }
            }
            Event::PennantsChanged {
                feature, added, void, ..
            } => {
                if added > 0 {
                    self.features.add_pennants(feature, added);
                }
                if void {
                    self.features.void_pennants(feature);
                }
            }
            Event::FeaturesConnected { a, b, .. } => {
                self.features.note_connected(a, b);
                let root = self.features.connect(a, b);
                // Completed by the join: scored with the turn's completed
                // features, once.
                if self.tables.completes_by_sides(self.features.kind(root))
                    && self.features.open_sides(root) == 0
                    && !self.turn.completed.iter().any(|&c| self.features.root(c) == root)
                {
                    self.turn.completed.push(root);
                }
            }
            Event::FeaturesLinked { a, b, linked, .. } => {
                if linked {
                    self.apply_link(a, b);
                } else {
                    self.apply_unlink(a, b);
                }
            }
            Event::FeatureAdded {
                pos, kind, sides, edge, ..
            } => self.add_feature(pos, kind, sides, edge),
            Event::FeatureCompleted { .. }
            | Event::FeatureScoredByExpansion { .. }
            | Event::Expansion { .. }
            | Event::FinalScoring => {}
            Event::ExtraTurn { .. } => self.turn.again = true,
            Event::Scored {
                player, points, source, ..
            } => {
                self.scores[player as usize] += points;
                let n = self.tables.sources.len();
                self.breakdown[player as usize * n + source as usize] += points;
            }
            Event::FigureMoved { figure, pos, spot } => {
                let node = self.node_of_spot(pos, spot);
                if let Some(i) = self.figures.iter().position(|f| f.id == figure) {
                    let f = self.figures[i];
                    let follower = self.tables.figures[f.kind as usize].class == FigureClass::Follower;
                    if let (Some(n), true) = (f.node, follower) {
                        self.features.add_followers(n, -1);
                    }
                    if let (Some(n), true) = (node, follower) {
                        self.features.add_followers(n, 1);
                    }
                    self.figures[i] = PlacedFigure { pos, spot, node, ..f };
                }
            }
            Event::FigureReturned { figure, .. } => {
                if let Some(i) = self.figures.iter().position(|f| f.id == figure) {
                    let f = self.figures.remove(i);
                    if f.owner == NEUTRAL {
                        if let Some(n) = self.neutral.get_mut(f.kind as usize) {
                            *n += 1;
                        }
                    } else {
                        self.supply[f.owner as usize * self.tables.figures.len() + f.kind as usize] += 1;
                    }
                    if let Some(n) = f.node
                        && self.tables.figures[f.kind as usize].class == FigureClass::Follower
                    {
                        self.features.add_followers(n, -1);
                    }
                }
            }
            Event::FigureCaptured {
                figure,
                owner,
                kind,
                by,
                ..
            } => {
                if let Some(i) = self.figures.iter().position(|f| f.id == figure) {
                    let f = self.figures.remove(i);
                    if let Some(n) = f.node
                        && self.tables.figures[f.kind as usize].class == FigureClass::Follower
                    {
                        self.features.add_followers(n, -1);
                    }
                    self.captives.push(Captive { owner, kind, by });
                }
            }
            Event::FigureReleased { owner, kind, by } => {
                if let Some(i) = self
                    .captives
                    .iter()
                    .position(|c| c.owner == owner && c.kind == kind && c.by == by)
                {
                    self.captives.remove(i);
                    self.supply[owner as usize * self.tables.figures.len() + kind as usize] += 1;
                }
            }
            Event::GameEnded => self.phase = Phase::Over,
        }
    }

    /// Adds an expansion's feature to the tile at `pos` across the centres
    /// of `sides`: joined to the feature of its kind across each side (a
    /// side facing another kind, or a wall, is closed; one facing an empty
    /// cell stays open and now demands `edge` there). A feature this
    /// completes is scored with the turn's completed features.
    fn add_feature(&mut self, pos: Pos, kind: FeatureKind, sides: u8, edge: EdgeKind) {
        let Some(idx) = self.board.placed_index(pos) else {
            return;
        };
        let open = (sides & 0b1111).count_ones();
        let node = self.features.add(kind, idx, open, 0);
        self.features.mark_added(node);
        self.added.push(AddedFeature {
            node,
            pos,
            kind,
            sides,
            edge,
        });
        let sided = self.tables.is_sided(kind);
        for side in Side::ALL.into_iter().filter(|&s| sides & (1 << s as u8) != 0) {
            let across = pos.step(side);
            let Some(nb) = self.board.get(across).copied() else {
                let demand = self.tables.edge_coding().demand(edge, side.opposite());
                let bits = self.tables.edge_coding().bits();
                self.board.redemand(across, side.opposite(), demand, bits);
                continue;
            };
            let wall = self.tables.tile(nb.tile).is_wild(nb.rotation, side.opposite());
            match self.node_on_segment(&nb, Segment::centre(side).facing()) {
                Some(other) if !wall && self.features.kind(other) == kind => {
                    self.features.connect(node, other);
                }
                _ if sided => {
                    self.features.close_side(node);
                }
                _ => {}
            }
        }
        let root = self.features.root(node);
        if self.turn.placed.is_some()
            && self.tables.completes_by_sides(kind)
            && self.features.open_sides(root) == 0
            && !self.turn.completed.iter().any(|&c| self.features.root(c) == root)
        {
            self.turn.completed.push(root);
        }
    }

    /// Puts a tile down, joins its features with its neighbours' and notes
    /// what that completed.
    fn place_tile(&mut self, player: Option<u8>, tile: u16, pos: Pos, rotation: crate::geometry::Rotation) -> u32 {
        // A borrow of the rules field, not a handle: the fields written below
        // are others, and this runs for every tile.
        let rules: &Tables = &self.tables;
        let tt = rules.tile(tile);
        let first_node = self.features.len() as NodeId;
        let idx = self.board.place(
            PlacedTile {
                tile,
                rotation,
                pos,
                placer: player,
                first_node,
            },
            tt,
        );
        for (fi, &kind) in tt.feature_kinds().iter().enumerate() {
            self.features
                .add(kind, idx, u32::from(tt.open_sides(fi)), u32::from(tt.pennants(fi)));
        }
        let mut touched: [NodeId; 8] = [NodeId::MAX; 8];
        let mut n_touched = 0;
        // The four neighbours from the grid at once (the tile is on it now).
        let beside = self.board.tiles_beside(pos);
        for side in Side::ALL {
            let Some(nb) = beside[side as usize].map(|t| self.board.tiles()[t as usize]) else {
                continue;
            };
            let nt = rules.tile(nb.tile);
            let mine_wall = tt.is_wild(rotation, side);
            let theirs_wall = nt.is_wild(nb.rotation, side.opposite());
            let centre = Segment::centre(side);
            if mine_wall || theirs_wall {
                // A wall ends the road or city that runs into it.
                let (closed, owner) = if mine_wall {
                    (nt.feature_at(nb.rotation, centre.facing()), nb.first_node)
                } else {
                    (tt.feature_at(rotation, centre), first_node)
                };
                if let Some(f) = closed {
                    let node = owner + f as NodeId;
                    if self.tables.is_sided(self.features.kind(node)) {
                        let root = self.features.close_side(node);
                        if n_touched < touched.len() {
                            touched[n_touched] = root;
                            n_touched += 1;
                        }
                    }
                }
                continue;
            }
            // An expansion's feature may take the centre of the neighbour's
            // side (a bridge's road): what lies across the centre is then its node.
            let added = match self.added.is_empty() {
                true => None,
                false => self
                    .added_on(nb.pos)
                    .find(|a| a.sides & (1 << side.opposite() as u8) != 0)
                    .map(|a| a.node),
            };
            if added.is_none() && !self.tables.mixed_matching && !self.tables.relaxed_edges {
                // The edges matched, so the features across are of the same
                // kinds: the tile's table of joining segments
                // (`TileType::join_segments`: a feature there, no wall,
                // a field or the side's centre) says which join, in the
                // segments' order as below.
                let mut joins = tt.join_segments(rotation) & (0b111 << (side as u16 * 3));
                while joins != 0 {
                    let seg = Segment::from_index(joins.trailing_zeros() as usize);
                    joins &= joins - 1;
                    if let (Some(a), Some(b)) = (tt.feature_at(rotation, seg), nt.feature_at(nb.rotation, seg.facing()))
                    {
                        self.features
                            .connect(first_node + a as NodeId, nb.first_node + b as NodeId);
                    }
                }
                continue;
            }
            for seg in Segment::of_side(side) {
                let Some(a) = tt.feature_at(rotation, seg) else {
                    continue;
                };
                // The kind across, when it may differ: an added feature, a
                // game whose edges match across kinds, or one where an
                // expansion allows edges that do not match. Otherwise the
                // matched edge says it is the same kind.
                let (node_b, kind_b) = match (added, seg.is_centre()) {
                    (Some(n), true) => (n, Some(self.features.kind(n))),
                    _ => match nt.feature_at(nb.rotation, seg.facing()) {
                        Some(b) => (
                            nb.first_node + b as NodeId,
                            (self.tables.mixed_matching || self.tables.relaxed_edges).then(|| nt.feature_kind(b)),
                        ),
                        None => continue,
                    },
                };
                let kind = tt.feature_kind(a);
                // Roads and cities join once per side (at the centre), which
                // is also how their open sides are counted; fields on every
                // segment.
                if seg.is_centre() || self.tables.is_land(kind) {
                    if let Some(kind_b) = kind_b
                        && kind != kind_b
                    {
                        if self.tables.mixed_matching && seg.is_centre() {
                            // Features of two kinds meet across edges that
                            // match (a road against a canal): neither goes
                            // on, so each that counts its sides loses this one.
                            for node in [first_node + a as NodeId, node_b] {
                                if self.tables.is_sided(self.features.kind(node)) {
                                    let root = self.features.close_side(node);
                                    if n_touched < touched.len() {
                                        touched[n_touched] = root;
                                        n_touched += 1;
                                    }
                                }
                            }
                        }
                        // Otherwise an expansion allowed this edge not to
                        // match (`Expansion::relaxed_placement`): nothing
                        // joins across it, and a road's end there stays open
                        // for the feature the expansion adds this turn.
                        continue;
                    }
                    self.features.connect(first_node + a as NodeId, node_b);
                }
            }
        }
        let mut completed = std::mem::take(&mut self.turn.completed);
        if player.is_some() {
            let own = (0..tt.feature_kinds().len()).map(|fi| first_node + fi as NodeId);
            for node in own.chain(touched[..n_touched].iter().copied()) {
                if self.tables.completes_by_sides(self.features.kind(node)) && self.features.open_sides(node) == 0 {
                    let root = self.features.root(node);
                    if !completed.iter().any(|&c| self.features.root(c) == root) {
                        completed.push(root);
                    }
                }
            }
            let mut cloisters = [0u32; 9];
            let n = self.board.surrounded_cloisters_around(pos, &mut cloisters);
            for &ti in &cloisters[..n] {
                let t = self.board.tiles()[ti as usize];
                for (fi, &kind) in rules.tile(t.tile).feature_kinds().iter().enumerate() {
                    if self.tables.completes_by_surroundings(kind) {
                        completed.push(t.first_node + fi as NodeId);
                    }
                }
            }
        }
        self.turn.completed = completed;
        idx
    }
}

/// The state's small parts as they were before a decision, and where the
/// board's and the feature graph's journals stood: what `Game::undo` puts
/// back (`game/undo.rs`). Its buffers are reused from decision to decision.
#[derive(Clone, Debug)]
pub(crate) struct CoreMark {
    board: BoardMark,
    features: FeaturesMark,
    figures: Vec<PlacedFigure>,
    next_figure: FigureId,
    supply: Vec<u8>,
    neutral: Vec<u8>,
    captives: Vec<Captive>,
    scores: Vec<i32>,
    breakdown: Vec<i32>,
    bag: Vec<u16>,
    discarded: usize,
    set_aside: Vec<u16>,
    turn: Turn,
    phase: Phase,
    draw_phase: DrawPhase,
    added: usize,
}

impl CoreMark {
    /// A mark of `core` as it is.
    pub(crate) fn of(core: &CoreState) -> CoreMark {
        let mut board = BoardMark::default();
        core.board.mark(&mut board);
        CoreMark {
            board,
            features: core.features.mark(),
            figures: core.figures.clone(),
            next_figure: core.next_figure,
            supply: core.supply.clone(),
            neutral: core.neutral.clone(),
            captives: core.captives.clone(),
            scores: core.scores.clone(),
            breakdown: core.breakdown.clone(),
            bag: core.bag.clone(),
            discarded: core.discarded.len(),
            set_aside: core.set_aside.clone(),
            turn: core.turn.clone(),
            phase: core.phase,
            draw_phase: core.draw_phase,
            added: core.added.len(),
        }
    }

    /// Notes `core` into this mark's buffers.
    pub(crate) fn save(&mut self, core: &CoreState) {
        core.board.mark(&mut self.board);
        self.features = core.features.mark();
        self.figures.clone_from(&core.figures);
        self.next_figure = core.next_figure;
        self.supply.clone_from(&core.supply);
        self.neutral.clone_from(&core.neutral);
        self.captives.clone_from(&core.captives);
        self.scores.clone_from(&core.scores);
        self.breakdown.clone_from(&core.breakdown);
        self.bag.clone_from(&core.bag);
        self.discarded = core.discarded.len();
        self.set_aside.clone_from(&core.set_aside);
        self.turn.clone_from(&core.turn);
        self.phase = core.phase;
        self.draw_phase = core.draw_phase;
        self.added = core.added.len();
    }

    /// Puts `core` back as noted; the mark keeps the newer buffers for reuse.
    pub(crate) fn restore(&mut self, core: &mut CoreState) {
        core.board.rollback(&self.board);
        core.features.rollback(self.features);
        std::mem::swap(&mut core.figures, &mut self.figures);
        core.next_figure = self.next_figure;
        std::mem::swap(&mut core.supply, &mut self.supply);
        std::mem::swap(&mut core.neutral, &mut self.neutral);
        std::mem::swap(&mut core.captives, &mut self.captives);
        std::mem::swap(&mut core.scores, &mut self.scores);
        std::mem::swap(&mut core.breakdown, &mut self.breakdown);
        std::mem::swap(&mut core.bag, &mut self.bag);
        core.discarded.truncate(self.discarded);
        std::mem::swap(&mut core.set_aside, &mut self.set_aside);
        std::mem::swap(&mut core.turn, &mut self.turn);
        core.phase = self.phase;
        core.draw_phase = self.draw_phase;
        // Added features are only ever appended.
        core.added.truncate(self.added);
    }
}
