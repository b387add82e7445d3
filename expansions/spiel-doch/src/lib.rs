//! The SPIEL DOCH! Promo (docs/expansions/spiel-doch.md): two land tiles
//! from the magazine SPIEL DOCH! (issue 2/2018) with no rule of their own.
//!
//! - `SD-A`, two city caps (north and west), and `SD-B`, a junction of
//!   three roads: ordinary tiles, the words printed on them decoration.
//! - The variant `start` says what becomes of them: `tiles` (the default,
//!   as JCloisterZone sets up a game with the set) lays both as the start,
//!   `SD-A` at (0,0) and `SD-B` east of it turned 270°, and the base game's
//!   start tile leaves the game; `shuffled` mixes them into the bag and the
//!   game starts as usual.
//! - When another expansion already laid its own start (a spring, the City
//!   of Carcassonne, a wind rose), the tiles are shuffled in whatever the
//!   variant says: the page's two start tiles replace the base game's only.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::tiles::TileArrangement;
use carcassonne_core::{
    BuildContext, Ctx, Expansion, ExpansionGroup, ExpansionInfo, Pos, Rotation, ValueKind, VariantDecl,
    register_expansion,
};

/// The expansion's id.
pub const ID: &str = "spiel-doch";

/// The tile laid at (0,0) when the tiles are the start.
pub const START: &str = "SD-A";
/// The tile laid east of it.
pub const SECOND: &str = "SD-B";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "SPIEL DOCH! Promo",
    version: env!("CARGO_PKG_VERSION"),
    description: "Two land tiles from the magazine SPIEL DOCH!, laid together as the start tiles or shuffled into \
                  the bag",
    tile_files: &[carcassonne_core::tile_file!("spiel-doch.toml", "tiles/spiel-doch.toml")],
    variants: &[VariantDecl {
        name: "start",
        label: "The promo tiles",
        kind: ValueKind::one_of(&["tiles", "shuffled"]),
        default: "tiles",
        description: "tiles: both are the start, side by side, and the base game's start tile leaves the game (\"If \
                      used as starting tiles, remove the regular starting tile from the game and place both\"); \
                      shuffled: both go into the bag (\"Otherwise shuffle the Spiel Doch! Promo tiles together \
                      with the land tiles\")",
        earlier_defaults: &[],
    }],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Promo,
    year: 2018,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let index = |id: &str| {
        ctx.tiles
            .iter()
            .find(|t| t.set == ID && t.def.id == id)
            .map(|t| t.index)
            .ok_or_else(|| format!("the tile {id} is missing from the set {ID}"))
    };
    let as_start = ctx.variant("start") == "tiles";
    Ok(expansion::boxed(SpielDoch {
        start: index(START)?,
        second: index(SECOND)?,
        as_start,
    }))
}

/// The rules of one game.
struct SpielDoch {
    /// `SD-A`'s tile index.
    start: u16,
    /// `SD-B`'s tile index.
    second: u16,
    /// Whether the variant lays them as the start.
    as_start: bool,
}

impl Expansion for SpielDoch {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }

    // "If used as starting tiles, remove the regular starting tile from the
    // game and place both Spiel Doch! Promo tiles on the table": SD-A at
    // (0,0) and SD-B east of it turned 270° (its roads north, east and
    // south, its field meeting SD-A's), as JCloisterZone lays them. Only in
    // place of the base game's start: an expansion that brought its own
    // start arranged before this one (hook order) and keeps it.
    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        let base = tiles.base_start();
        if !self.as_start || tiles.start() != base || !tiles.more_starts().is_empty() {
            return;
        }
        tiles.set_start(self.start);
        tiles.add_start(self.second, Pos::new(1, 0), Rotation::quarters(3));
        let copies = tiles.count(base);
        tiles.set_count(base, copies.saturating_sub(1));
    }
}
