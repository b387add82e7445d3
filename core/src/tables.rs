//! What a game's state and its expansions read of the rules: the tile
//! table, the bag, the figure table, the score sources and the
//! configuration. Plain data, built once by [`Rules::new`](crate::Rules::new)
//! and shared behind an `Arc` by the rules and every state of the game; the
//! hooks live in `Rules`, which holds these tables, so the state never
//! reaches the expansions it is read by.

use crate::config::GameConfig;
use crate::figures::FigureDecl;
use crate::tiles::TileType;
use std::sync::Arc;

/// The score sources one enabled expansion declared, as laid out in the
/// game's breakdown.
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct ExpansionSources {
    /// The expansion's id, for the message of an undeclared source.
    pub(crate) expansion: &'static str,
    /// Its declared sources, in order.
    pub(crate) names: &'static [&'static str],
    /// The breakdown index of the first.
    pub(crate) first: u16,
}

/// The tables of one game (see the module documentation).
///
/// `repr(C)`: a dynamic plugin's hooks read these through their own copy of
/// the core (inlined accessors), so the layout must not depend on the
/// compilation.
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Tables {
    /// Shared with every expansion's build (`BuildContext::tiles`) and with
    /// reseeded copies, so neither copies the table.
    pub(crate) tiles: Arc<[TileType]>,
    pub(crate) start: u16,
    pub(crate) bag: Vec<u16>,
    pub(crate) figures: Vec<FigureDecl>,
    pub(crate) sources: Vec<String>,
    /// By expansion slot.
    pub(crate) expansion_sources: Vec<ExpansionSources>,
    /// The configuration's `draw_order` as tile indices, last drawn first.
    pub(crate) draw_order_bag: Option<Vec<u16>>,
    /// The configuration the rules were built from, with every variant of
    /// every enabled expansion stated (defaults filled in): what a record
    /// of this game should hold.
    pub config: GameConfig,
}

impl Tables {
    /// Where each field lies: part of the plugin layout check
    /// ([`crate::plugin::LAYOUT`]), as `CoreState::FIELD_OFFSETS` is.
    pub(crate) const FIELD_OFFSETS: [usize; 8] = [
        std::mem::offset_of!(Tables, tiles),
        std::mem::offset_of!(Tables, start),
        std::mem::offset_of!(Tables, bag),
        std::mem::offset_of!(Tables, figures),
        std::mem::offset_of!(Tables, sources),
        std::mem::offset_of!(Tables, expansion_sources),
        std::mem::offset_of!(Tables, draw_order_bag),
        std::mem::offset_of!(Tables, config),
    ];

    /// The tile types of this game.
    pub fn tiles(&self) -> &[TileType] {
        &self.tiles
    }

    /// The tile type with `id`.
    pub fn tile_by_id(&self, id: &str) -> Option<&TileType> {
        self.tiles.iter().find(|t| t.def.id == id)
    }

    /// The tile type at `index`.
    ///
    /// # Panics
    /// If `index` is not a tile type of this game.
    pub fn tile(&self, index: u16) -> &TileType {
        &self.tiles[index as usize]
    }

    /// The start tile's type index.
    pub fn start_tile(&self) -> u16 {
        self.start
    }

    /// The figure kinds of this game (index 0 is the follower).
    pub fn figures(&self) -> &[FigureDecl] {
        &self.figures
    }

    /// The index of figure kind `id`.
    pub fn figure_index(&self, id: &str) -> Option<u8> {
        self.figures.iter().position(|f| f.id == id).map(|i| i as u8)
    }

    /// Score breakdown keys, by source index.
    pub fn score_sources(&self) -> &[String] {
        &self.sources
    }

    /// Number of tiles in the bag at the start (the start tile excluded).
    pub fn bag_size(&self) -> usize {
        self.bag.len()
    }

    /// The bag before the first draw, as tile type indices in table order
    /// (unshuffled; the start tile's placed copy excluded). A `draw_order`
    /// replaces it in play.
    pub fn initial_bag(&self) -> &[u16] {
        &self.bag
    }

    /// The source index for `name` of the expansion in `slot`.
    pub(crate) fn score_source(&self, slot: u8, name: &str) -> u16 {
        let e = &self.expansion_sources[slot as usize];
        let offset = e.names.iter().position(|s| *s == name).unwrap_or_else(|| {
            panic!(
                "expansion `{}` scored under undeclared source `{name}`; declare it in score_sources",
                e.expansion
            )
        });
        e.first + offset as u16
    }
}
