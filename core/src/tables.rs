//! What a game's state and its expansions read of the rules: the tile
//! table, the bag, the figure table, the score sources and the
//! configuration. Plain data, built once by [`Rules::new`](crate::Rules::new)
//! and shared behind an `Arc` by the rules and every state of the game; the
//! hooks live in `Rules`, which holds these tables, so the state never
//! reaches the expansions it is read by.

use crate::config::GameConfig;
use crate::figures::FigureDecl;
use crate::tiles::{EdgeCoding, FeatureKind, KindScoring, KindShape, Landscape, MoreStart, TieBreak, TileType};
use crate::values::Value;
use std::collections::BTreeMap;
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
    /// Their words for players (empty: worded from the ids).
    pub(crate) words: &'static [&'static str],
    /// The expansion's name, the words of its `""` source.
    pub(crate) title: &'static str,
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
    /// Every kind of feature and edge the tiles were read with.
    pub(crate) landscape: Arc<Landscape>,
    /// How this game's demands code edge kinds.
    pub(crate) coding: EdgeCoding,
    /// Kinds whose open sides are counted (paths and regions): a wall
    /// closes a side of them. A bit per kind index.
    pub(crate) sided: u32,
    /// Kinds that complete when no side is left open and are scored.
    pub(crate) complete_by_sides: u32,
    /// Kinds that complete when surrounded and are scored.
    pub(crate) complete_by_surroundings: u32,
    /// Field-like kinds (they join on every segment).
    pub(crate) land: u32,
    /// The breakdown index of each kind's core score (`u16::MAX`: none).
    pub(crate) kind_sources: [u16; FeatureKind::MAX],
    /// Per figure kind, a bit per feature kind it may stand on (by its
    /// placement and the kinds' invitations; the base game's `farmers`
    /// variant is applied apart, by `Rules::may_stand`).
    pub(crate) figure_kinds: Vec<u32>,
    /// Whether two edge kinds of this game's tiles match while carrying
    /// different kinds of feature (a road edge that meets a canal edge):
    /// then features of two kinds may meet without joining.
    pub(crate) mixed_matching: bool,
    /// Whether an enabled expansion may make legal a placement whose edges
    /// do not match (`Hooks::RELAXED_PLACEMENT`): then features of two
    /// kinds may meet across such an edge without joining.
    pub(crate) relaxed_edges: bool,
    /// Whether a tile of this game has a wall edge (one that ends every
    /// feature reaching it).
    pub(crate) walls: bool,
    /// How many tiles of the bag each draw phase holds, in draw order
    /// (one phase unless an expansion arranged the bag: river tiles first,
    /// the lake after them).
    pub(crate) phases: Vec<u32>,
    /// Every enabled expansion's settings (parts on, variant values), by
    /// id: what [`Tables::companion`] answers.
    pub(crate) settings: BTreeMap<String, Companion>,
    /// Tiles placed after the start tile before the first turn.
    pub(crate) more_starts: Vec<MoreStart>,
    /// By tile index, whether a follower on a tile of that type breaks
    /// ties (empty when no tile does).
    pub(crate) tie_breakers: Vec<bool>,
    pub(crate) tie_break: TieBreak,
}

impl Tables {
    /// Where each field lies: part of the plugin layout check
    /// ([`crate::plugin::LAYOUT`]), as `CoreState::FIELD_OFFSETS` is.
    pub(crate) const FIELD_OFFSETS: [usize; 25] = [
        std::mem::offset_of!(Tables, tiles),
        std::mem::offset_of!(Tables, start),
        std::mem::offset_of!(Tables, bag),
        std::mem::offset_of!(Tables, figures),
        std::mem::offset_of!(Tables, sources),
        std::mem::offset_of!(Tables, expansion_sources),
        std::mem::offset_of!(Tables, draw_order_bag),
        std::mem::offset_of!(Tables, config),
        std::mem::offset_of!(Tables, landscape),
        std::mem::offset_of!(Tables, coding),
        std::mem::offset_of!(Tables, sided),
        std::mem::offset_of!(Tables, complete_by_sides),
        std::mem::offset_of!(Tables, complete_by_surroundings),
        std::mem::offset_of!(Tables, land),
        std::mem::offset_of!(Tables, kind_sources),
        std::mem::offset_of!(Tables, figure_kinds),
        std::mem::offset_of!(Tables, mixed_matching),
        std::mem::offset_of!(Tables, relaxed_edges),
        std::mem::offset_of!(Tables, walls),
        std::mem::offset_of!(Tables, phases),
        std::mem::offset_of!(Tables, settings),
        std::mem::offset_of!(Tables, more_starts),
        std::mem::offset_of!(Tables, tie_breakers),
        std::mem::offset_of!(Tables, tie_break),
        std::mem::size_of::<Tables>(),
    ];

    /// Expansion `id`'s settings in this game (which of its parts are on,
    /// its variants' values), while its rules are on; `None` when they are
    /// off. For hooks that read a companion's settings during play; an
    /// expansion reads only those it names among its `companions` or
    /// `requires`, and most read them once, in `build`
    /// ([`BuildContext::companion`](crate::BuildContext::companion)).
    pub fn companion(&self, id: &str) -> Option<&Companion> {
        self.settings.get(id)
    }

    /// The tiles placed after the start tile before the first turn, as
    /// expansions arranged them.
    pub fn more_starts(&self) -> &[MoreStart] {
        &self.more_starts
    }

    /// How ties for the most strength are broken, and whether a follower on
    /// a tile of type `tile` breaks them (`TileArrangement::break_ties_on`).
    #[inline]
    pub fn breaks_ties(&self, tile: u16) -> bool {
        self.tie_breakers.get(tile as usize).copied().unwrap_or(false)
    }

    /// How ties for the most strength in a feature are broken in this game.
    pub fn tie_break(&self) -> TieBreak {
        self.tie_break
    }

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

    /// Every kind of feature and edge this game's tiles were read with.
    pub fn landscape(&self) -> &Landscape {
        &self.landscape
    }

    /// The landscape, shared.
    pub fn landscape_arc(&self) -> Arc<Landscape> {
        Arc::clone(&self.landscape)
    }

    /// How this game's empty cells code the edges they demand.
    pub fn edge_coding(&self) -> &EdgeCoding {
        &self.coding
    }

    /// The name of feature kind `kind` in tile files and records.
    pub fn kind_name(&self, kind: FeatureKind) -> &'static str {
        self.landscape.feature_name(kind)
    }

    /// Feature kind `kind` in words for players.
    pub fn kind_label(&self, kind: FeatureKind) -> &'static str {
        self.landscape.get_feature(kind).map_or("feature", |d| d.label)
    }

    /// Whether `kind` joins on every segment (a field).
    #[inline]
    pub fn is_land(&self, kind: FeatureKind) -> bool {
        self.land & (1 << kind.index()) != 0
    }

    /// Whether `kind` counts open sides (a road, a city, a river).
    #[inline]
    pub fn is_sided(&self, kind: FeatureKind) -> bool {
        self.sided & (1 << kind.index()) != 0
    }

    /// Whether `kind` is complete when no side is left open (and scored).
    #[inline]
    pub fn completes_by_sides(&self, kind: FeatureKind) -> bool {
        self.complete_by_sides & (1 << kind.index()) != 0
    }

    /// Whether `kind` is complete when surrounded (and scored).
    #[inline]
    pub fn completes_by_surroundings(&self, kind: FeatureKind) -> bool {
        self.complete_by_surroundings & (1 << kind.index()) != 0
    }

    /// Whether figure kind `figure` may stand on a feature of `kind` by its
    /// placement and the kind's declaration (the base game's `farmers`
    /// variant aside).
    #[inline]
    pub fn figure_may_stand(&self, figure: u8, kind: FeatureKind) -> bool {
        self.figure_kinds
            .get(figure as usize)
            .is_some_and(|m| m & (1 << kind.index()) != 0)
    }

    /// How many tiles each draw phase of the bag holds at the start, in
    /// draw order (one number unless an expansion arranged the bag).
    pub fn draw_phases(&self) -> &[u32] {
        &self.phases
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

    /// Score source `index` in words for players: an expansion's as it
    /// names it (`score_source_names`), the expansion's own `""` source by
    /// the expansion's name, any other from its key's last part (the base
    /// game's `roads` → "Roads", `cleric-and-serf.serf` → "Serf",
    /// `abbot.gardens` → "Gardens"). `None` past the last source.
    pub fn score_source_word(&self, index: usize) -> Option<String> {
        let key = self.sources.get(index)?;
        for e in &self.expansion_sources {
            let first = e.first as usize;
            if (first..first + e.names.len()).contains(&index) {
                let k = index - first;
                if let Some(w) = e.words.get(k) {
                    return Some(w.to_string());
                }
                if e.names[k].is_empty() {
                    return Some(e.title.to_string());
                }
            }
        }
        let last = key.rsplit('.').next().unwrap_or(key);
        Some(crate::words::capitalised(&last.replace('-', " ")))
    }

    /// Every score source in words, by source index
    /// ([`Tables::score_source_word`]).
    pub fn score_source_words(&self) -> Vec<String> {
        (0..self.sources.len())
            .filter_map(|i| self.score_source_word(i))
            .collect()
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

/// The per-kind masks and score sources of a game, from its landscape.
pub(crate) struct KindTables {
    pub(crate) sided: u32,
    pub(crate) complete_by_sides: u32,
    pub(crate) complete_by_surroundings: u32,
    pub(crate) land: u32,
}

impl KindTables {
    pub(crate) fn new(landscape: &Landscape) -> KindTables {
        let mut t = KindTables {
            sided: 0,
            complete_by_sides: 0,
            complete_by_surroundings: 0,
            land: 0,
        };
        for (kind, decl) in landscape.feature_kinds() {
            let bit = 1u32 << kind.index();
            let scored = decl.scoring != KindScoring::None;
            match decl.shape {
                KindShape::Path | KindShape::Region => {
                    t.sided |= bit;
                    if scored {
                        t.complete_by_sides |= bit;
                    }
                }
                KindShape::Land => t.land |= bit,
                KindShape::Inner => {
                    if scored {
                        t.complete_by_surroundings |= bit;
                    }
                }
            }
        }
        t
    }
}

/// Another expansion's settings in this game, as an expansion that names it
/// among its `companions` (or `requires`) reads them: which of its parts
/// are on and its variants' values, typed as that expansion declares them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Companion {
    /// Every variant it declares, with the value this game plays.
    pub variants: BTreeMap<String, Value>,
    /// Ids of its parts that are on (every declared one unless switched
    /// off; empty for an expansion without parts).
    pub parts: Vec<String>,
    /// Whether it declares parts at all.
    pub has_parts: bool,
}

impl Companion {
    /// Whether its part `id` is on. An expansion without parts is whole:
    /// every part asked of it is on while it is.
    pub fn part_on(&self, id: &str) -> bool {
        !self.has_parts || self.parts.iter().any(|p| p == id)
    }

    /// Its variant `name`'s value (`None`: it declares no such variant).
    pub fn variant(&self, name: &str) -> Option<&Value> {
        self.variants.get(name)
    }

    /// Its variant `name` as a word (`None`: no such variant, or not a word).
    pub fn variant_word(&self, name: &str) -> Option<&str> {
        match self.variant(name)? {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// Its variant `name` as a whole number (`None`: no such variant, or not a number).
    pub fn variant_int(&self, name: &str) -> Option<i64> {
        match self.variant(name)? {
            Value::Integer(n) => Some(*n),
            _ => None,
        }
    }

    /// Its variant `name` as true or false (`None`: no such variant, or not one).
    pub fn variant_bool(&self, name: &str) -> Option<bool> {
        match self.variant(name)? {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}
