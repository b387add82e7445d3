//! How a game's tiles are laid out before the first draw: the start tile,
//! the copies of each tile in the game, and the draw phase each tile is
//! drawn in. Expansions change it through `Expansion::arrange_tiles`; the
//! rules turn it into the bag.

use super::TileType;
use crate::geometry::{Pos, Rotation};

/// How ties for the most strength in a feature are broken by followers
/// standing on tiles an expansion marks ([`TileArrangement::break_ties_on`]:
/// Hills & Sheep's hills).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// Ties stand: every tied player wins.
    #[default]
    None,
    /// Of the tied players, those with at least one follower in the
    /// feature on a marked tile win (all tied players, when none has one).
    Presence,
    /// Of the tied players, those with the most followers in the feature on
    /// marked tiles win.
    Count,
}

/// A tile placed after the start tile before the first turn
/// ([`TileArrangement::add_start`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoreStart {
    /// The tile type's index.
    pub tile: u16,
    /// Where it lies.
    pub pos: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// The expansion that placed it.
    pub by: &'static str,
}

/// The arranged tiles as the rules keep them (see [`TileArrangement`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Arranged {
    pub(crate) start: u16,
    pub(crate) bag: Vec<u16>,
    pub(crate) phases: Vec<u32>,
    /// Tiles placed after the start tile before the first turn.
    pub(crate) more_starts: Vec<MoreStart>,
    /// By tile index, whether a follower on a tile of that type breaks
    /// ties (empty when no tile does).
    pub(crate) tie_breakers: Vec<bool>,
    pub(crate) tie_break: TieBreak,
}

/// The game's tiles before the first draw, as expansions arrange them.
///
/// Counts are the copies of each tile type in the game, the start tile's
/// placed copy included. Draw phases are drawn in increasing order: every
/// tile of phase −2 before any of phase −1, and so on; the tiles of one
/// phase are drawn at random. Everything is by tile index (the index of
/// [`TileType::index`]); [`TileArrangement::tile_index`] finds one by id.
#[derive(Debug)]
pub struct TileArrangement<'a> {
    tiles: &'a [TileType],
    counts: Vec<u32>,
    phases: Vec<i32>,
    start: u16,
    base_start: u16,
    enabled: &'a [String],
    /// The expansion whose `arrange_tiles` runs now.
    pub(crate) arranging: &'static str,
    more_starts: Vec<MoreStart>,
    tie_breakers: Vec<bool>,
    tie_break: TieBreak,
}

impl<'a> TileArrangement<'a> {
    /// The arrangement of `tiles` with `counts` copies each, `start` as the
    /// start tile (`base_start` being the one the base game's set names)
    /// and every tile in phase 0.
    pub(crate) fn new(
        tiles: &'a [TileType],
        counts: Vec<u32>,
        start: u16,
        base_start: u16,
        enabled: &'a [String],
    ) -> Self {
        TileArrangement {
            tiles,
            phases: vec![0; counts.len()],
            counts,
            start,
            base_start,
            enabled,
            arranging: "",
            more_starts: Vec::new(),
            tie_breakers: Vec::new(),
            tie_break: TieBreak::None,
        }
    }

    /// The start tile the base game's set names (`D`), which an
    /// expansion's start tile replaces: its copy goes into the bag unless
    /// the expansion takes it out of the game.
    pub fn base_start(&self) -> u16 {
        self.base_start
    }

    /// The game's tile types, by index.
    pub fn tiles(&self) -> &'a [TileType] {
        self.tiles
    }

    /// The index of the tile type with `id`.
    pub fn tile_index(&self, id: &str) -> Option<u16> {
        self.tiles.iter().position(|t| t.def.id == id).map(|i| i as u16)
    }

    /// Whether expansion `id`'s rules are on in this game.
    pub fn is_enabled(&self, id: &str) -> bool {
        self.enabled.iter().any(|e| e == id)
    }

    /// The start tile, placed at (0, 0) before the first turn.
    pub fn start(&self) -> u16 {
        self.start
    }

    /// Makes tile `index` the start tile (its copies in the game then
    /// count the placed one). An index beyond the table changes nothing.
    pub fn set_start(&mut self, index: u16) {
        if (index as usize) < self.tiles.len() {
            self.start = index;
        }
    }

    /// Places one copy of tile `index` at `pos` turned by `rotation` before
    /// the first turn, after the start tile and any placed before it (a
    /// start made of several tiles: The Count of Carcassonne's city). Its
    /// copy counts among the tile's copies in the game, as the start
    /// tile's does. The game refuses to start when the tile does not fit
    /// there, naming the expansion. An index beyond the table changes
    /// nothing.
    pub fn add_start(&mut self, index: u16, pos: Pos, rotation: Rotation) {
        if (index as usize) < self.tiles.len() {
            self.more_starts.push(MoreStart {
                tile: index,
                pos,
                rotation,
                by: self.arranging,
            });
        }
    }

    /// The tiles placed after the start tile before the first turn.
    pub fn more_starts(&self) -> &[MoreStart] {
        &self.more_starts
    }

    /// Marks tile `index`: a follower standing on a tile of this type breaks
    /// ties for the most strength in its feature, as `mode` says (Hills &
    /// Sheep's hills). Every majority of the game then reads it, the core's
    /// scoring and the expansions' (`CoreState::majority`). The last mode
    /// set wins; an index beyond the table changes nothing.
    pub fn break_ties_on(&mut self, index: u16, mode: TieBreak) {
        if (index as usize) < self.tiles.len() {
            self.tie_breakers.resize(self.tiles.len(), false);
            self.tie_breakers[index as usize] = true;
            self.tie_break = mode;
        }
    }

    /// Copies of tile `index` in the game (0 for an index beyond the table).
    pub fn count(&self, index: u16) -> u32 {
        self.counts.get(index as usize).copied().unwrap_or(0)
    }

    /// Sets the copies of tile `index` in the game; 0 sets the tile aside.
    pub fn set_count(&mut self, index: u16, copies: u32) {
        if let Some(c) = self.counts.get_mut(index as usize) {
            *c = copies;
        }
    }

    /// The draw phase of tile `index` (0 unless arranged).
    pub fn phase(&self, index: u16) -> i32 {
        self.phases.get(index as usize).copied().unwrap_or(0)
    }

    /// Puts tile `index` into draw phase `phase`: lower phases are drawn
    /// first (The River puts its tiles in −2 and its lake in −1).
    pub fn set_phase(&mut self, index: u16, phase: i32) {
        if let Some(p) = self.phases.get_mut(index as usize) {
            *p = phase;
        }
    }

    /// The bag, as `Tables` keeps it: the phase drawn last first, so that
    /// the phase being drawn always lies at the end; within a phase in
    /// table order. With the sizes of the phases in draw order.
    pub(crate) fn into_bag(self) -> Arranged {
        let mut phases: Vec<i32> = self
            .tiles
            .iter()
            .filter(|t| t.def.in_bag && self.in_bag(t.index) > 0)
            .map(|t| self.phases[t.index as usize])
            .collect();
        phases.sort_unstable();
        phases.dedup();
        let mut bag = Vec::new();
        let mut sizes = Vec::new();
        for &phase in phases.iter().rev() {
            let before = bag.len();
            for t in self
                .tiles
                .iter()
                .filter(|t| t.def.in_bag && self.phases[t.index as usize] == phase)
            {
                bag.extend(std::iter::repeat_n(t.index, self.in_bag(t.index)));
            }
            sizes.push((bag.len() - before) as u32);
        }
        sizes.reverse();
        if sizes.is_empty() {
            sizes.push(0);
        }
        Arranged {
            start: self.start,
            bag,
            phases: sizes,
            tie_break: if self.tie_breakers.is_empty() {
                TieBreak::None
            } else {
                self.tie_break
            },
            more_starts: self.more_starts,
            tie_breakers: self.tie_breakers,
        }
    }

    /// Copies of tile `index` that go into the bag: all but the placed
    /// start tile (which is placed even when the mix leaves no copy of it).
    fn in_bag(&self, index: u16) -> usize {
        let copies = self.counts[index as usize] as usize;
        let placed = usize::from(index == self.start) + self.more_starts.iter().filter(|s| s.tile == index).count();
        copies.saturating_sub(placed)
    }
}
