//! Wind Roses (docs/expansions/wind-roses.md): six tiles with wind roses.
//! The orange rose is the start tile and divides the board into four
//! sections; a quarter rose laid in the section it names earns its player
//! 3 points at once; the blue rose, once laid, divides the board instead.
//!
//! - A tile carries `[tile.wind-roses] rose = "orange" | "blue" | "NE" |
//!   "SE" | "SW" | "NW"`.
//! - The rose that divides the board is the orange start tile, then the
//!   blue tile from the turn it is laid. Its sections are named by the
//!   rose as it lies (its north turned with its tile); a tile in the
//!   rose's row or column lies in both sections beside it.
//! - A quarter rose's own rotation does not matter: only its section.
//! - `start_tile`: the base game's start tile leaves the game (the orange
//!   rose replaces it) or goes into the bag.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::serde::Serialize;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileArrangement, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, Line, Pos, ValueKind, VariantDecl,
    register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "wind-roses";

/// The roses, as tile files write them.
pub const ROSES: [&str; 6] = ["orange", "blue", "NE", "SE", "SW", "NW"];

/// Points for a quarter rose laid in its section.
pub const POINTS: i32 = 3;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Wind Roses",
    version: env!("CARGO_PKG_VERSION"),
    description: "Wind roses: the orange start rose divides the board into four sections, a quarter rose laid in \
                  the section it names scores 3, the blue rose divides the board anew",
    // Each brings a start of its own (a spring, the City of Carcassonne);
    // the rules say nothing of playing them together.
    conflicts: &["river", "river-ii", "count-of-carcassonne"],
    tile_files: &[carcassonne_core::tile_file!("wind-roses.toml", "tiles/wind-roses.toml")],
    variants: &[VariantDecl {
        name: "start_tile",
        label: "The base game's start tile",
        kind: ValueKind::one_of(&["removed", "shuffled"]),
        default: "removed",
        description: "what becomes of the base game's start tile, which the orange rose replaces: removed leaves \
                      the game (\"Instead of the normal starting tile, the orange wind rose tile is used\"), \
                      shuffled goes into the bag",
        earlier_defaults: &[],
    }],
    score_sources: &[""],
    score_source_names: &["Wind roses"],
    attributes: &[AttributeDecl {
        key: "rose",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&ROSES),
        required: true,
        description: "the tile's wind rose: orange (the start tile's full rose), blue (a full rose that divides \
                      the board anew once laid) or the section a quarter rose names (NE, SE, SW, NW)",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

/// A tile's rose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rose {
    /// The start tile's full rose.
    Orange,
    /// The full rose that takes over.
    Blue,
    /// A quarter rose naming a section: its step east and south (±1 each)
    /// from the dividing rose, on that rose's unturned tile.
    Quarter(i32, i32),
}

fn rose_of(word: &str) -> Option<Rose> {
    Some(match word {
        "orange" => Rose::Orange,
        "blue" => Rose::Blue,
        "NE" => Rose::Quarter(1, -1),
        "SE" => Rose::Quarter(1, 1),
        "SW" => Rose::Quarter(-1, 1),
        "NW" => Rose::Quarter(-1, -1),
        _ => return None,
    })
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let roses = ctx
        .tiles
        .iter()
        .map(|t: &TileType| rose_of(t.def.attribute(ID)?.get("rose")?.as_str()?))
        .collect();
    Ok(expansion::boxed(WindRoses {
        roses,
        shuffle_base_start: ctx.variant("start_tile") == "shuffled",
    }))
}

/// The rules of one game.
struct WindRoses {
    /// By tile index, its rose.
    roses: Vec<Option<Rose>>,
    /// `start_tile = "shuffled"`.
    shuffle_base_start: bool,
}

/// The rose that divides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Divider {
    /// Where it lies.
    pub at: Pos,
    /// How far its tile is turned, in quarter turns clockwise.
    pub quarter_turns: u8,
    /// Whether it is the blue rose (else the orange one).
    pub blue: bool,
}

/// The expansion's state.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The blue rose, once laid; before, the orange one divides.
    pub blue: Option<Divider>,
}

impl WindRoses {
    fn rose(&self, tile: u16) -> Option<Rose> {
        self.roses.get(tile as usize).copied().flatten()
    }

    /// The rose that divides the board now: the blue one once laid, else
    /// the orange one where it lies.
    fn divider(&self, state: &State, view: &CoreState) -> Option<Divider> {
        state.blue.or_else(|| {
            view.board()
                .tiles()
                .iter()
                .find(|t| self.rose(t.tile) == Some(Rose::Orange))
                .map(|t| Divider {
                    at: t.pos,
                    quarter_turns: t.rotation.quarter_turns(),
                    blue: false,
                })
        })
    }
}

/// The section a quarter rose names, on the board: its step turned with
/// the dividing rose's tile.
fn turned(step: (i32, i32), quarter_turns: u8) -> (i32, i32) {
    let mut s = step;
    for _ in 0..quarter_turns % 4 {
        // A quarter turn clockwise, y growing southwards: north → east.
        s = (-s.1, s.0);
    }
    s
}

/// Whether `pos` lies in the section `step` of a rose at `at` (the rose's
/// row and column belong to both sections beside them).
fn in_section(pos: Pos, at: Pos, step: (i32, i32)) -> bool {
    (pos.x - at.x) * step.0 >= 0 && (pos.y - at.y) * step.1 >= 0
}

/// "north-east" for a step on the board.
fn section_words(step: (i32, i32)) -> &'static str {
    match step {
        (1, -1) => "north-east",
        (1, _) => "south-east",
        (_, -1) => "north-west",
        _ => "south-west",
    }
}

impl Expansion for WindRoses {
    type State = State;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    // Only a rose tile's turn.
    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        match self.rose(tile.index) {
            Some(Rose::Blue | Rose::Quarter(..)) => Hooks::TILE_PLACED,
            _ => Hooks::NONE,
        }
    }

    // It scores and notes the blue rose: the deployments stay the same.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        // "Instead of the normal starting tile, the orange wind rose tile is
        // used as the starting tile."
        let base = tiles.base_start();
        if !self.shuffle_base_start && base != tiles.start() && self.rose(tiles.start()) == Some(Rose::Orange) {
            let copies = tiles.count(base);
            tiles.set_count(base, copies.saturating_sub(1));
        }
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        match self.rose(placed.tile) {
            Some(Rose::Blue) => {
                state.blue = Some(Divider {
                    at: placed.pos,
                    quarter_turns: placed.rotation.quarter_turns(),
                    blue: true,
                });
                ctx.log_with(|| json!({ "blue": [placed.pos.x, placed.pos.y] }));
            }
            Some(Rose::Quarter(dx, dy)) => {
                let view = ctx.view();
                let Some(divider) = self.divider(state, view) else {
                    return; // no dividing rose on the board (not started from it)
                };
                let step = turned((dx, dy), divider.quarter_turns);
                let player = view.turn().player;
                let hit = in_section(placed.pos, divider.at, step);
                if hit {
                    ctx.score(player, POINTS, "");
                }
                ctx.log_with(|| {
                    json!({
                        "quarter": player,
                        "section": section_words(step),
                        "blue": divider.blue,
                        "hit": hit,
                    })
                });
            }
            _ => {}
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let Some(d) = self.divider(state, view) else {
            return Vec::new();
        };
        let north = match turned((0, -1), d.quarter_turns) {
            (0, -1) => "north",
            (1, 0) => "east",
            (0, 1) => "south",
            _ => "west",
        };
        vec![Line::new(format!(
            "The {} rose {} divides the board, its north pointing {north}: a quarter rose laid in the section it \
             names scores {POINTS}",
            if d.blue { "blue" } else { "orange" },
            view.place_words(d.at)
        ))]
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if detail.get("blue").is_some_and(|b| b.is_array()) {
            return Some(Line::new("The blue rose divides the board from now on"));
        }
        let player = detail.get("quarter")?.as_u64()? as u8;
        let section = detail.get("section")?.as_str()?;
        let rose = if detail.get("blue")?.as_bool()? {
            "blue"
        } else {
            "orange"
        };
        let text = if detail.get("hit")?.as_bool()? {
            format!("lays a quarter rose in the {section} section of the {rose} rose: {POINTS} points")
        } else {
            format!("lays a quarter rose outside the {section} section of the {rose} rose: no points")
        };
        Some(Line::about(player, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_turn_with_the_dividing_rose() {
        assert_eq!(turned((1, -1), 0), (1, -1));
        // Turned a quarter clockwise, the rose's north-east points south-east.
        assert_eq!(turned((1, -1), 1), (1, 1));
        assert_eq!(turned((1, -1), 2), (-1, 1));
        assert_eq!(turned((1, -1), 3), (-1, -1));
        assert!(in_section(Pos::new(0, -3), Pos::new(0, 0), (1, -1)));
        assert!(in_section(Pos::new(0, -3), Pos::new(0, 0), (-1, -1)));
        assert!(!in_section(Pos::new(0, -3), Pos::new(0, 0), (1, 1)));
    }
}
