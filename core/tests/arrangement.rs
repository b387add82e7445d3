//! What an expansion's arrangement and hooks may do to the tiles beyond the
//! start tile and the bag's order: a start of several tiles
//! (`TileArrangement::add_start`), tiles whose followers break ties in
//! majorities (`TileArrangement::break_ties_on`), and a tile taken from the
//! bag unseen (`Ctx::bury_tile`).
//!
//! The board of `record()` (D is the start tile, U at (0,1) the second
//! start tile):
//!
//! ```text
//!          x=-2         x=-1   x=0   x=1
//! y=0      V 270° (E–S)  U      D     V (S–W)
//! y=1      V 180° (N–E)  U      U     V 90° (W–N)
//! ```
//!
//! Ann's follower is on the road of U at (-1,0), Bob's on V at (1,1); Ann's
//! V at (1,0) joins them into one road, which the last tiles close into a
//! loop of 8 tiles: a tie of one follower each.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::tiles::{TieBreak, TileArrangement};
use carcassonne_core::{
    BuildContext, Catalog, Ctx, Expansion, ExpansionInfo, Game, GameRecord, Hooks, Pos, Rotation, TileSource,
};

/// Marks V (or nothing), lays a second start tile, and buries a tile from
/// the bag whenever a U is placed.
struct Hillocks {
    tie_break: TieBreak,
}

impl Expansion for Hillocks {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement) {
        let u = tiles.tile_index("U").expect("base tile U");
        tiles.add_start(u, Pos::new(0, 1), Rotation::NONE);
        if self.tie_break != TieBreak::None {
            let v = tiles.tile_index("V").expect("base tile V");
            tiles.break_ties_on(v, self.tie_break);
        }
    }

    fn tile_placed(&self, _: &mut (), ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if ctx.view().tables().tile(placed.tile).id() == "U" {
            ctx.bury_tile();
        }
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let tie_break = match ctx.variant("tie_break") {
        "presence" => TieBreak::Presence,
        "count" => TieBreak::Count,
        _ => TieBreak::None,
    };
    Ok(expansion::boxed(Hillocks { tie_break }))
}

static HILLOCKS: ExpansionInfo = ExpansionInfo {
    id: "hillocks",
    name: "Hillocks",
    version: "0.1.0",
    variants: &[carcassonne_core::VariantDecl {
        name: "tie_break",
        label: "Tie-break",
        kind: carcassonne_core::ValueKind::one_of(&["none", "presence", "count"]),
        default: "presence",
        description: "how followers on V tiles break ties",
        earlier_defaults: &[],
    }],
    build,
    ..ExpansionInfo::EMPTY
};

fn record(tie_break: &str) -> GameRecord {
    let text = format!(
        r#"{{
  "format": 1,
  "config": {{
    "players": [{{ "name": "Ann" }}, {{ "name": "Bob" }}],
    "expansions": ["hillocks"],
    "variants": {{ "hillocks": {{ "tie_break": "{tie_break}" }} }},
    "draw_order": ["U", "X", "V", "V", "V", "U", "B", "V"]
  }},
  "moves": [
    {{ "place": {{ "tile": "U", "at": [-1, 0], "rotation": 0 }} }},
    {{ "deploy": {{ "feature": "road:W" }} }},
    {{ "place": {{ "tile": "V", "at": [1, 1], "rotation": 90 }} }},
    {{ "deploy": {{ "feature": "road:W" }} }},
    {{ "place": {{ "tile": "V", "at": [1, 0], "rotation": 0 }} }},
    "pass",
    {{ "place": {{ "tile": "V", "at": [-2, 0], "rotation": 270 }} }},
    "pass",
    {{ "place": {{ "tile": "U", "at": [-1, 1], "rotation": 0 }} }},
    "pass",
    {{ "place": {{ "tile": "V", "at": [-2, 1], "rotation": 180 }} }},
    "pass"
  ]
}}"#
    );
    GameRecord::from_json(&text).expect("a record")
}

fn replay(tie_break: &str) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(&HILLOCKS).expect("a new id");
    record(tie_break)
        .replay(&catalog, &TileSource::default())
        .expect("replays")
}

fn roads(game: &Game, player: u8) -> i32 {
    let source = game.rules().score_sources().iter().position(|s| s == "roads").unwrap();
    game.state().breakdown(player)[source]
}

#[test]
fn a_second_start_tile_lies_before_the_first_turn_and_leaves_the_bag() {
    let mut catalog = Catalog::default();
    catalog.add(&HILLOCKS).unwrap();
    let mut first = record("none");
    first.moves.clear();
    let game = first.replay(&catalog, &TileSource::default()).unwrap();
    let placed: Vec<(Pos, &str)> = game
        .state()
        .board()
        .tiles()
        .iter()
        .map(|t| (t.pos, game.rules().tile(t.tile).id()))
        .collect();
    assert_eq!(placed, [(Pos::new(0, 0), "D"), (Pos::new(0, 1), "U")]);
    // Without a draw order the bag holds the base game's tiles but the two placed.
    let mut config = record("none").config;
    config.draw_order = None;
    let rules = carcassonne_core::Rules::new(&catalog, &config, &TileSource::default()).unwrap();
    assert_eq!(rules.bag_size(), 70);
}

#[test]
fn a_follower_on_a_marked_tile_breaks_a_tie() {
    // The loop of 8 tiles: without a tie-break both score 8.
    let game = replay("none");
    assert_eq!((roads(&game, 0), roads(&game, 1)), (8, 8));
    // Bob's follower stands on V, a marked tile: he alone scores.
    let game = replay("presence");
    assert_eq!((roads(&game, 0), roads(&game, 1)), (0, 8));
    let game = replay("count");
    assert_eq!((roads(&game, 0), roads(&game, 1)), (0, 8));
}

#[test]
fn a_buried_tile_leaves_the_bag_unplaced() {
    // Each U placed buries the next tile of the draw order (X after turn 1,
    // B after turn 5): the players draw the rest, and the game ends with
    // the draw order.
    let game = replay("none");
    assert!(game.is_over());
    let aside: Vec<&str> = game
        .state()
        .set_aside()
        .iter()
        .map(|&t| game.rules().tile(t).id())
        .collect();
    assert_eq!(aside, ["X", "B"]);
    assert_eq!(game.state().board().tiles().len(), 8);
}
