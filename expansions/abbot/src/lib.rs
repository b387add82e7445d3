//! The Abbot (docs/expansions/abbot.md): gardens on eight base tiles and an
//! abbot for each player, the mini expansion of the newer editions' base
//! game.
//!
//! Everything here is declared as data; the expansion has no turn hook:
//!
//! - the **garden**, a kind of feature inside the tile scored like a
//!   cloister (1 point and 1 for each tile around it; 9 when surrounded),
//!   on which no figure but the abbot stands;
//! - the **abbot**, one per player, deployed only onto a cloister or a
//!   garden, who may instead be taken back from one that is not complete,
//!   which then scores as at the end of the game (`Recall::Scoring`);
//! - the **garden tiles**, each replacing one copy of the base tile it names
//!   (`[tile.abbot] replaces`), so the game keeps 72 base tiles
//!   (`arrange_tiles`); with `gardens = false` they stay out and the abbot
//!   goes onto cloisters alone, as with the 1st edition's tiles;
//! - the **gardens printed on Village Life's tiles** (two), a marks file
//!   that adds a garden inside each (`tiles/abbot-marks-village-life.toml`),
//!   applied only while both are on.

use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, FeatureKindDecl, KindScoring, KindShape, TileArrangement,
};
use carcassonne_core::{
    BuildContext, Expansion, ExpansionInfo, FigureClass, FigureDecl, FigurePlacement, Recall, Strength, ValueKind,
    VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "abbot";

/// The garden: inside the tile, scored like a cloister under its own
/// source (a bonus for cloisters does not reach gardens).
pub const GARDEN: FeatureKindDecl = FeatureKindDecl {
    name: "garden",
    label: "garden",
    shape: KindShape::Inner,
    scoring: KindScoring::Surroundings,
    occupiable: true,
    invites: &[],
    source: "gardens",
    colour: "#5da53a",
};

/// The abbot: a follower that goes only onto cloisters and gardens, and may
/// be taken back instead of deploying.
pub const ABBOT: FigureDecl = FigureDecl {
    id: "abbot",
    name: "Abbot",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(1),
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&["cloister", "garden"]),
    recall: Recall::Scoring,
    neutral: 0,
};

/// The base tiles a garden tile may replace (those the newer editions print
/// a garden on).
const REPLACEABLE: &[&str] = &["E", "H", "I", "M", "N", "R", "U", "V"];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Abbot",
    version: env!("CARGO_PKG_VERSION"),
    description: "Gardens on eight base tiles and an abbot for each player, who goes onto a cloister or a garden \
                  and may be taken back to score it early",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("abbot.toml", "tiles/abbot.toml")],
    variants: &[VariantDecl {
        name: "gardens",
        label: "Garden tiles",
        kind: ValueKind::Bool,
        default: "true",
        description: "whether the garden tiles replace their base copies (the newer editions' tiles); false: no \
                      gardens, the abbot goes onto cloisters only (1st edition tiles)",
        earlier_defaults: &[],
    }],
    figures: &[ABBOT],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[AttributeDecl {
        key: "replaces",
        on: &[AttributePlace::Tile],
        kind: ValueKind::OneOf { values: REPLACEABLE },
        required: true,
        description: "the base tile one copy of which this garden tile replaces",
    }],
    check_attributes: expansion::schema_only,
    feature_kinds: &[GARDEN],
    edge_kinds: &[],
    counters: &[],
    build,
    companions: &[],
    // Gardens printed on another set's tiles: a feature added inside them.
    tile_marks: &[carcassonne_core::tile_file!(
        "abbot-marks-village-life.toml",
        "tiles/abbot-marks-village-life.toml"
    )],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BaseGame,
    year: 2014,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    // Each garden tile of the game with the base tile it replaces.
    let replacements = ctx
        .tiles
        .iter()
        .filter_map(|t| {
            let replaced = t.def.attribute(ID)?.get("replaces")?.as_str()?;
            let base = ctx.tiles.iter().find(|b| b.set == "base" && b.def.id == replaced)?;
            Some((t.index, base.index))
        })
        .collect();
    Ok(expansion::boxed(Abbot {
        gardens: ctx.variant_bool("gardens"),
        replacements,
    }))
}

/// The rules of one game: only the tiles' arrangement.
struct Abbot {
    gardens: bool,
    /// (garden tile, base tile it replaces), by tile index.
    replacements: Vec<(u16, u16)>,
}

impl Expansion for Abbot {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) {}

    fn hooks(&self) -> carcassonne_core::Hooks {
        carcassonne_core::Hooks::NONE
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for &(garden, base) in &self.replacements {
            let copies = tiles.count(garden);
            if self.gardens {
                // The garden copies stand in for as many base copies.
                let left = tiles.count(base).saturating_sub(copies);
                tiles.set_count(base, left);
            } else {
                tiles.set_count(garden, 0);
            }
        }
    }
}
