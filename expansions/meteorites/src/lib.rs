//! Meteorites (docs/expansions/meteorites.md), a fan expansion by Mati and
//! Snearone of the Carcassonne CZ forum: tiles with a crater; placing one
//! rolls a die, and the meteorite's impact sends the meeples on the
//! affected tiles back to their supplies (`is_meeple` says which figures
//! are meeples: buildings and neutral figures stay).
//!
//! "Placing a tile with a crater follows the usual rules. After placing the
//! tile, the active player rolls the die. The number rolled determines the
//! destructive power of the meteorite. The meteorite's impact causes all
//! meeples on the affected tiles to be returned to the supply according to
//! the die value." Then "2. Placing a meeple": the roll comes between the
//! placement and the follower step (`tile_placed`, armed by the crater
//! tiles), from the game's seeded random numbers, and is logged.
//!
//! The page's stored copy stops there; which tiles a face affects is
//! FanCloisterZone's (its `MeteoriteCapability`), and the page's "Players
//! can agree to use a more destructive meteorite impact" is its rule option,
//! here the variant `impact`: `standard` (the flight die's 1, 2, 3: the
//! crater's tile; it and the four beside it; the tiles up to two steps
//! away), `extended` (the plus; the 3 × 3 square; the 5 × 5 square without
//! its corners) and `combination` (a six-sided die, the six shapes from the
//! smallest).
//!
//! Written with the authoring kit only: a tile attribute, a variant, an
//! armed `tile_placed`, seeded dice, `return_figure`, the core's
//! `corner_point` for figures on corners, a log detail in words and
//! presented lines.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{NEUTRAL, PlacedFigure, Spot};
use carcassonne_core::ranges::corner_point;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::words::Line;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, Pos, ValueKind, VariantDecl,
    register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "meteorites";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Meteorites",
    version: env!("CARGO_PKG_VERSION"),
    description: "Tiles with a crater: placing one rolls the die, and the meteorite sends every figure on the \
                  tiles it strikes back to its supply",
    tile_files: &[carcassonne_core::tile_file!("meteorites.toml", "tiles/meteorites.toml")],
    variants: &[VariantDecl {
        name: "impact",
        label: "Meteorite impact",
        kind: ValueKind::one_of(&["standard", "extended", "combination"]),
        default: "standard",
        description: "standard: the flight die's 1 strikes the crater's tile, 2 also the four beside it, 3 every \
                      tile up to two steps away (13); extended (the page's more destructive impact): 1 the crater's \
                      tile and the four beside it, 2 the 3 x 3 square round it, 3 the 5 x 5 square without its \
                      corners (21); combination: a six-sided die, 1 to 6 the six shapes from the smallest \
                      (FanCloisterZone's three options)",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "crater",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the crater: placing the tile rolls the die for the meteorite's impact",
    }],
    check_attributes,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `crater = false` says nothing a missing table would not.
fn check_attributes(
    _feature: Option<carcassonne_core::FeatureKind>,
    table: &carcassonne_core::toml::Value,
) -> Vec<carcassonne_core::tiles::AttributeProblem> {
    match table.get("crater").and_then(|v| v.as_bool()) {
        Some(false) => vec![carcassonne_core::tiles::AttributeProblem::new(
            &["crater"],
            "`crater` must be `true` (leave the table out where there is none)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let table = match ctx.variant("impact") {
        "extended" => Table::Extended,
        "combination" => Table::Combination,
        _ => Table::Standard,
    };
    Ok(expansion::boxed(Meteorites {
        craters: ctx.tile_flags(ID, "crater"),
        table,
    }))
}

/// The variant `impact`: which die, and which tiles each face strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    /// The flight die (1, 1, 2, 2, 3, 3): the crater's tile, the plus, the
    /// tiles up to two steps away.
    Standard,
    /// The flight die: the plus, the 3 × 3 square, the 5 × 5 square without
    /// its corners.
    Extended,
    /// A six-sided die: the six shapes from the smallest.
    Combination,
}

/// The tiles a meteorite strikes, round the crater's tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Impact {
    /// The crater's tile alone (1 tile).
    Tile,
    /// The crater's tile and the four beside it (5).
    Plus,
    /// Every tile up to two steps away, counted along rows and columns
    /// (13).
    Diamond,
    /// The 3 × 3 square round the crater's tile (9).
    Square,
    /// The 5 × 5 square round it without its four corners (21).
    Wide,
}

impl Impact {
    /// Whether the tile `dx` columns and `dy` rows from the crater is
    /// struck.
    pub fn strikes(self, dx: i32, dy: i32) -> bool {
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        match self {
            Impact::Tile => ax == 0 && ay == 0,
            Impact::Plus => ax + ay <= 1,
            Impact::Diamond => ax + ay <= 2,
            Impact::Square => ax <= 1 && ay <= 1,
            Impact::Wide => ax <= 2 && ay <= 2 && !(ax == 2 && ay == 2),
        }
    }

    /// How many tiles the shape covers.
    pub fn size(self) -> usize {
        match self {
            Impact::Tile => 1,
            Impact::Plus => 5,
            Impact::Diamond => 13,
            Impact::Square => 9,
            Impact::Wide => 21,
        }
    }

    /// The shape in words.
    fn words(self) -> &'static str {
        match self {
            Impact::Tile => "the crater's tile",
            Impact::Plus => "the crater's tile and the four beside it",
            Impact::Diamond => "every tile up to two steps from the crater",
            Impact::Square => "the 3 × 3 square round the crater",
            Impact::Wide => "the 5 × 5 square round the crater without its corners",
        }
    }
}

impl Table {
    /// The face shown and the tiles struck for a six-sided roll `d6` (1 to
    /// 6). The flight die's faces are 1, 1, 2, 2, 3, 3: face `(d6 + 1) / 2`
    /// has the same chances.
    fn impact(self, d6: u8) -> (u8, Impact) {
        let flight = d6.div_ceil(2);
        match self {
            Table::Standard => (
                flight,
                [Impact::Tile, Impact::Plus, Impact::Diamond][usize::from(flight - 1)],
            ),
            Table::Extended => (
                flight,
                [Impact::Plus, Impact::Square, Impact::Wide][usize::from(flight - 1)],
            ),
            Table::Combination => {
                // FanCloisterZone's combination: odd faces the standard
                // shapes, even faces the extended ones, growing.
                let shape = match d6 {
                    1 => Impact::Tile,
                    2 => Impact::Plus,
                    3 => Impact::Plus,
                    4 => Impact::Square,
                    5 => Impact::Diamond,
                    _ => Impact::Wide,
                };
                (d6, shape)
            }
        }
    }
}

/// A meteorite that fell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Strike {
    /// The crater's tile.
    pub pos: Pos,
    /// The die's face (the flight die's 1 to 3, or 1 to 6 in the
    /// combination).
    pub roll: u8,
    /// The tiles it struck.
    pub impact: Impact,
    /// How many figures it sent back.
    pub returned: u32,
}

/// The meteorites that fell, in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Every strike so far.
    pub strikes: Vec<Strike>,
}

/// The rules of one game.
struct Meteorites {
    /// By tile index: whether the tile shows a crater.
    craters: Vec<bool>,
    /// The variant `impact`.
    table: Table,
}

impl Meteorites {
    fn crater(&self, tile: u16) -> bool {
        self.craters.get(tile as usize).copied().unwrap_or(false)
    }
}

/// Whether a figure stands on a struck tile. A figure on a corner (a barn,
/// an obelisk) stands on the four tiles meeting there: struck when any of
/// them is, as FanCloisterZone reads it.
fn struck(figure: &PlacedFigure, crater: Pos, impact: Impact) -> bool {
    let hit = |p: Pos| impact.strikes(p.x - crater.x, p.y - crater.y);
    match figure.spot {
        Spot::Corner(c) => {
            let point = corner_point(figure.pos, c);
            [(0, 0), (-1, 0), (0, -1), (-1, -1)]
                .iter()
                .any(|&(dx, dy)| hit(Pos::new(point.x + dx, point.y + dy)))
        }
        _ => hit(figure.pos),
    }
}

/// Whether a figure is one of the "meeples" the impact sends back: a
/// player's figure standing in a feature or on a corner (followers of every
/// kind, a builder, a pig, a barn, a shepherd, an obelisk), or a follower on
/// the tile itself (a tower's guard). Not a player's special figure
/// standing on the tile itself (a tower's floors, a little building:
/// buildings, not meeples), nor a neutral figure (a dragon, the Count, the
/// Courier), which its own expansion places and moves, nor a follower
/// waiting in a place nobody stands on by the usual rules (a feature kind
/// that is not occupiable and invites no figure: a quarter of the City of
/// Carcassonne, which FanCloisterZone spares too).
fn is_meeple(view: &CoreState, figure: &PlacedFigure) -> bool {
    if figure.owner == NEUTRAL {
        return false;
    }
    match (figure.spot, figure.node) {
        (Spot::Corner(_), _) => true,
        (Spot::Feature(_), Some(node)) => {
            let decl = view.tables().landscape().feature(view.features().kind(node));
            decl.occupiable || !decl.invites.is_empty()
        }
        (Spot::Feature(_), None) => true,
        // A follower on the tile itself (a tower's guard) is a meeple; a
        // special figure there is a piece of a building.
        _ => view
            .tables()
            .figures()
            .get(usize::from(figure.kind))
            .is_some_and(|decl| decl.class == FigureClass::Follower),
    }
}

impl Expansion for Meteorites {
    type State = State;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.crater(tile.index) {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    /// "After placing the tile, the active player rolls the die. […] The
    /// meteorite's impact causes all meeples on the affected tiles to be
    /// returned to the supply according to the die value." Every player's
    /// figure in a feature or on a corner of a struck tile goes back
    /// ([`is_meeple`] says which figures are meeples).
    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: carcassonne_core::board::PlacedTile) {
        if !self.crater(placed.tile) {
            return;
        }
        let d6 = ctx.random_below(6) as u8 + 1;
        let (roll, impact) = self.table.impact(d6);
        let hit: Vec<_> = ctx
            .view()
            .figures()
            .iter()
            .filter(|f| struck(f, placed.pos, impact) && is_meeple(ctx.view(), f))
            .map(|f| f.id)
            .collect();
        for &id in &hit {
            ctx.return_figure(id);
        }
        let returned = hit.len() as u32;
        state.strikes.push(Strike {
            pos: placed.pos,
            roll,
            impact,
            returned,
        });
        ctx.log_with(|| {
            json!({
                "roll": roll,
                "impact": impact,
                "at": [placed.pos.x, placed.pos.y],
                "returned": returned,
            })
        });
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let roll = detail.get("roll")?.as_u64()? as u8;
        let impact: Impact = serde_json::from_value(detail.get("impact")?.clone()).ok()?;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let returned = detail.get("returned")?.as_u64()?;
        Some(
            Line::new(format!(
                "A meteorite strikes {} (the crater {}): {}",
                impact.words(),
                view.place_words_from_start(Pos::new(at[0], at[1])),
                match returned {
                    0 => "no figure there".to_string(),
                    1 => "1 figure goes back to its supply".to_string(),
                    n => format!("{n} figures go back to their supplies"),
                }
            ))
            .with_die(roll),
        )
    }

    /// The meteorites that fell, with their impacts.
    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        state
            .strikes
            .iter()
            .map(|s| {
                Line::new(format!(
                    "Crater {}: {} struck, {} sent back",
                    view.place_words(s.pos),
                    s.impact.words(),
                    carcassonne_core::words::count_of(u64::from(s.returned), "figure"),
                ))
                .with_die(s.roll)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(impact: Impact) -> usize {
        (-3..=3)
            .flat_map(|dx| (-3..=3).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| impact.strikes(dx, dy))
            .count()
    }

    #[test]
    fn each_shape_covers_its_number_of_tiles() {
        for impact in [
            Impact::Tile,
            Impact::Plus,
            Impact::Diamond,
            Impact::Square,
            Impact::Wide,
        ] {
            assert_eq!(count(impact), impact.size(), "{impact:?}");
        }
    }

    /// A figure on a corner stands on the four tiles meeting there: struck
    /// when any of them is, even when its own tile is not.
    #[test]
    fn a_figure_on_a_corner_is_struck_through_any_tile_at_the_corner() {
        let barn = |x, y, corner| PlacedFigure {
            id: 1,
            owner: 0,
            kind: 0,
            pos: Pos::new(x, y),
            spot: Spot::Corner(corner),
            node: None,
        };
        let crater = Pos::new(0, 0);
        // The south-east corner of (-1,-1) is the north-west corner of the
        // crater's tile.
        assert!(struck(&barn(-1, -1, 2), crater, Impact::Tile));
        // The north-west corner of (-1,-1) touches (-2,-2), (-1,-2),
        // (-2,-1) and (-1,-1): none is the crater's tile, (-1,-1) is in the
        // square.
        assert!(!struck(&barn(-1, -1, 0), crater, Impact::Tile));
        assert!(!struck(&barn(-1, -1, 0), crater, Impact::Plus));
        assert!(struck(&barn(-1, -1, 0), crater, Impact::Square));
        // A follower on a feature stands on its tile alone.
        let follower = PlacedFigure {
            spot: Spot::Feature(0),
            ..barn(-1, -1, 0)
        };
        assert!(!struck(&follower, crater, Impact::Plus));
        assert!(struck(&follower, crater, Impact::Square));
    }

    #[test]
    fn the_tables_give_the_shapes_of_each_face() {
        let shapes = |t: Table| (1..=6).map(|d| t.impact(d)).collect::<Vec<_>>();
        assert_eq!(
            shapes(Table::Standard),
            [
                (1, Impact::Tile),
                (1, Impact::Tile),
                (2, Impact::Plus),
                (2, Impact::Plus),
                (3, Impact::Diamond),
                (3, Impact::Diamond)
            ]
        );
        assert_eq!(
            shapes(Table::Extended),
            [
                (1, Impact::Plus),
                (1, Impact::Plus),
                (2, Impact::Square),
                (2, Impact::Square),
                (3, Impact::Wide),
                (3, Impact::Wide)
            ]
        );
        assert_eq!(
            shapes(Table::Combination),
            [
                (1, Impact::Tile),
                (2, Impact::Plus),
                (3, Impact::Plus),
                (4, Impact::Square),
                (5, Impact::Diamond),
                (6, Impact::Wide)
            ]
        );
    }
}
