//! "Preparation": the twelve tiles of the City of Carcassonne are laid as
//! one block instead of the start tile, and its four quarters hold the
//! followers waiting in the city and the Count.

use crate::ID;
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::tiles::{TileArrangement, TileType};
use carcassonne_core::{CoreState, FeatureKind, Pos, Rotation};
use serde::{Deserialize, Serialize};

/// A quarter of the City of Carcassonne.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quarter {
    /// The castle: its followers go into cities.
    Castle,
    /// The market: its followers go onto fields (at the end).
    Market,
    /// The blacksmith: its followers go onto roads.
    Blacksmith,
    /// The cathedral: its followers go into cloisters.
    Cathedral,
}

impl Quarter {
    /// The four, clockwise from the castle (the picture's upper right).
    pub const ALL: [Quarter; 4] = [
        Quarter::Castle,
        Quarter::Market,
        Quarter::Blacksmith,
        Quarter::Cathedral,
    ];

    /// Its name in tile files and records.
    pub fn name(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Market => "market",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
        }
    }

    /// The quarter named `name`.
    pub fn parse(name: &str) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| q.name() == name)
    }

    /// Its index in [`Quarter::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind of feature its followers go into: castle → city, market →
    /// field, blacksmith → road, cathedral → cloister.
    pub fn kind(self) -> FeatureKind {
        match self {
            Quarter::Castle => FeatureKind::CITY,
            Quarter::Market => FeatureKind::FIELD,
            Quarter::Blacksmith => FeatureKind::ROAD,
            Quarter::Cathedral => FeatureKind::CLOISTER,
        }
    }

    /// The next quarter clockwise (castle → market → blacksmith →
    /// cathedral → castle).
    pub fn clockwise(self) -> Quarter {
        Quarter::ALL[(self.index() + 1) % 4]
    }

    /// In words: "the castle quarter".
    pub fn words(self) -> String {
        format!("the {} quarter", self.name())
    }
}

/// The City of Carcassonne's tiles, read once from the game's tile table.
#[derive(Clone, Debug, Default)]
pub(crate) struct Block {
    /// Each block tile and its place, the origin's first, then each one
    /// touching a tile listed before it.
    pub tiles: Vec<(u16, Pos)>,
    /// By tile index, whether it is a tile of the City (its fields touch it).
    pub of_city: Vec<bool>,
    /// The quarter features: tile index, feature index, quarter.
    pub quarters: Vec<(u16, u8, Quarter)>,
}

impl Block {
    /// Reads the block's places (`block_x`, `block_y`) and the quarters
    /// (`quarter`) from the tile table.
    pub(crate) fn read(tiles: &[TileType]) -> Result<Block, String> {
        let mut block = Block {
            of_city: vec![false; tiles.len()],
            ..Block::default()
        };
        let mut places: Vec<(u16, Pos)> = Vec::new();
        for t in tiles {
            if let Some(table) = t.def.attribute(ID) {
                let x = table.get("block_x").and_then(|v| v.as_integer());
                let y = table.get("block_y").and_then(|v| v.as_integer());
                if let (Some(x), Some(y)) = (x, y) {
                    let pos = Pos::new(x as i32, y as i32);
                    // A set given twice in a mix lists each type once.
                    if !places.iter().any(|&(_, p)| p == pos) {
                        places.push((t.index, pos));
                    }
                    block.of_city[t.index as usize] = true;
                }
            }
            for (fi, f) in t.def.features.iter().enumerate() {
                let quarter = f
                    .attributes
                    .get(ID)
                    .and_then(|a| a.get("quarter"))
                    .and_then(|v| v.as_str())
                    .and_then(Quarter::parse);
                if let Some(q) = quarter {
                    block.quarters.push((t.index, fi as u8, q));
                }
            }
        }
        // The origin first, then each tile touching one already listed.
        let Some(origin) = places.iter().position(|&(_, p)| p == Pos::new(0, 0)) else {
            return Err("the City of Carcassonne has no tile at the block's origin (block_x = 0, block_y = 0)".into());
        };
        block.tiles.push(places.remove(origin));
        while !places.is_empty() {
            let next = places.iter().position(|&(_, p)| {
                block
                    .tiles
                    .iter()
                    .any(|&(_, q)| (p.x - q.x).abs() + (p.y - q.y).abs() == 1)
            });
            match next {
                Some(i) => block.tiles.push(places.remove(i)),
                None => return Err("the City of Carcassonne's tiles do not form one block".into()),
            }
        }
        for q in Quarter::ALL {
            if !block.quarters.iter().any(|&(_, _, b)| b == q) {
                return Err(format!("the City of Carcassonne has no {}", q.words()));
            }
        }
        Ok(block)
    }

    /// Lays the block instead of the start tile; the base start tile's copy
    /// leaves the game unless `base_start_in_bag`.
    pub(crate) fn arrange(&self, tiles: &mut TileArrangement<'_>, base_start_in_bag: bool) {
        let Some(&(origin, _)) = self.tiles.first() else {
            return;
        };
        let base = tiles.base_start();
        tiles.set_start(origin);
        for &(tile, pos) in &self.tiles[1..] {
            tiles.add_start(tile, pos, Rotation::NONE);
        }
        if !base_start_in_bag && base != origin {
            let copies = tiles.count(base);
            tiles.set_count(base, copies.saturating_sub(1));
        }
    }
}

/// Where each quarter lies on the board: the tile and the feature index, by
/// [`Quarter::index`].
pub type QuarterSpots = [Option<(Pos, u8)>; 4];

/// Finds the quarters on the board (the block is laid before any
/// expansion's setup).
pub(crate) fn quarter_spots(block: &Block, view: &CoreState) -> QuarterSpots {
    let mut spots: QuarterSpots = [None; 4];
    for placed in view.board().tiles() {
        for &(tile, fi, q) in &block.quarters {
            if placed.tile == tile && spots[q.index()].is_none() {
                spots[q.index()] = Some((placed.pos, fi));
            }
        }
    }
    spots
}

/// The quarter a figure stands in, if it stands in one.
pub(crate) fn quarter_of(spots: &QuarterSpots, f: &PlacedFigure) -> Option<Quarter> {
    Quarter::ALL
        .into_iter()
        .find(|q| spots[q.index()].is_some_and(|(pos, fi)| f.pos == pos && f.spot == Spot::Feature(fi)))
}

/// The figures in quarter `q`.
pub(crate) fn in_quarter<'v>(
    spots: &QuarterSpots,
    view: &'v CoreState,
    q: Quarter,
) -> impl Iterator<Item = &'v PlacedFigure> {
    let spot = spots[q.index()];
    view.figures()
        .iter()
        .filter(move |f| spot.is_some_and(|(pos, fi)| f.pos == pos && f.spot == Spot::Feature(fi)))
}
