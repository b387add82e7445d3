//! Bridges, Castles & Bazaars (docs/expansions/bridges-castles-and-bazaars.md):
//! bridges, castles and bazaars.
//!
//! - **Bridges** (`bridges`): after placing the tile, its player may lay
//!   one bridge from their supply (3 each, 2 with five or six players) on
//!   it or on a tile touching it, north–south or west–east, both ends on
//!   field sides, each end facing an empty cell or the road it continues:
//!   a road across the tile that keeps the field under it whole. A tile may
//!   be placed with a field side against a road (either way round) when a
//!   bridge then makes that side a road's end: the player must lay it.
//!
//! - **Castles** (`castles`): when a tile completes a small city of two
//!   caps holding exactly one follower, that follower's owner may turn it
//!   into a castle from their supply (3 each, 2 with five or six players)
//!   instead of scoring it: the follower stays on the castle. On a later
//!   turn, the first road, city, cloister or castle completed with a tile
//!   among the castle's six neighbouring tiles (its two, and the two beside
//!   each across its axis) scores its points to the castle's owner too (the
//!   most valuable when several complete at once), and the follower goes
//!   home. A castle scores nothing at the end but counts as a completed city
//!   worth one more to its farms.
//! - **Bazaars** (`bazaars`): a bazaar tile drawn and placed starts a
//!   bazaar at the end of the turn: one tile per player is turned up from
//!   the bag, and each is auctioned (a player chooses a tile and opens the
//!   bidding, the others raise once or pass, the chooser buys it from or
//!   sells it to the highest bidder) or, with `bazaar_auction =
//!   "no-auction"`, simply chosen. Each player places their bought tile on
//!   their next turn instead of drawing.

mod bazaar;
mod bridges;
mod castles;
mod words;

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure};
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem, EdgeKind, FeatureKind, TileType};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Event, Expansion, ExpansionGroup,
    ExpansionInfo, FeatureScoring, Line, PartDecl, Pos, Rotation, SuppliedTile, ValueKind, VariantDecl,
    register_expansion, toml,
};
use serde::{Deserialize, Serialize};

pub use bazaar::{Auction, Step};
pub use bridges::{Axis, Bridge};
pub use castles::{Castle, Offer};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "bridges-castles-and-bazaars";

/// Score source of castles scoring a neighbouring feature.
pub const CASTLE_SOURCE: &str = "castle";
/// Score source of the points paid and received at bazaars.
pub const BAZAAR_SOURCE: &str = "bazaar";

/// Part id of the bridges.
pub const PART_BRIDGES: &str = "bridges";
/// Part id of the castles.
pub const PART_CASTLES: &str = "castles";
/// Part id of the bazaars.
pub const PART_BAZAARS: &str = "bazaars";

/// The tile attributes: a bazaar on a tile, a city cap that may not become
/// a castle.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "bazaar",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile shows a bazaar: placed from the bag, it starts an auction of one tile per player",
    },
    AttributeDecl {
        key: "castle_base",
        on: &[AttributePlace::City],
        kind: ValueKind::Bool,
        required: false,
        description: "false: this city cap never becomes part of a castle, though it covers one side only",
    },
];

/// What the schema cannot say: `bazaar` is written `true`, `castle_base`
/// `false` (leave each out otherwise).
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    let mut problems = Vec::new();
    if table.get("bazaar").and_then(toml::Value::as_bool) == Some(false) {
        problems.push(AttributeProblem::new(
            &["bazaar"],
            "`bazaar` must be true (leave it out on tiles without a bazaar)",
        ));
    }
    if table.get("castle_base").and_then(toml::Value::as_bool) == Some(true) {
        problems.push(AttributeProblem::new(
            &["castle_base"],
            "`castle_base` must be false (every other city cap may become a castle: leave it out)",
        ));
    }
    problems
}

/// What a learning agent reads of the state, written by `counters` in this
/// order.
const COUNTERS: &[CounterDecl] = &[
    CounterDecl {
        id: "castles-left",
        label: "Castle tokens left in the supply",
        scope: CounterScope::Seat,
        values: &[],
        scale: 3,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "castle",
        label: "A castle lies on this tile",
        scope: CounterScope::Tile,
        values: &["waiting", "scored"],
        scale: 1,
        mark: "Ca",
        colour: "#9c8f7a",
    },
    CounterDecl {
        id: "bought-tile",
        label: "Holds a tile bought at a bazaar, to place on the next turn",
        scope: CounterScope::Seat,
        values: &[],
        scale: 1,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "bazaar",
        label: "The bazaar under way: tiles still on offer, and the bid",
        scope: CounterScope::Game,
        values: &["tiles-on-offer", "price"],
        scale: 6,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "bridges-left",
        label: "Bridges left in the supply",
        scope: CounterScope::Seat,
        values: &[],
        scale: 3,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "bridge",
        label: "A bridge crosses this tile",
        scope: CounterScope::Tile,
        values: &["north-south", "west-east"],
        scale: 1,
        mark: "Br",
        colour: "#8a6d4b",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Bridges, Castles & Bazaars",
    version: env!("CARGO_PKG_VERSION"),
    description: "Bridges that carry roads across fields; castles that score the next feature completed beside \
                  them; bazaars that auction a tile to each player",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "bridges-castles-and-bazaars.toml",
        "tiles/bridges-castles-and-bazaars.toml"
    )],
    variants: &[
        VariantDecl {
            name: "bazaar_auction",
            label: "Bazaar bidding",
            kind: ValueKind::one_of(&["auction", "no-auction"]),
            default: "auction",
            description: "auction: each tile is chosen with an opening bid, the others raise once or pass, the \
                          chooser buys or sells (the rules); no-auction: each player in turn just takes a tile \
                          (JCloisterZone's bazaar-no-auction)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "bid_range",
            label: "Largest bid step",
            kind: ValueKind::integer(1, 50),
            default: "10",
            description: "a bid is at most this many points above the least allowed (an opening bid 0 to this, a \
                          raise 1 to this above the bid): the rules set no limit, the engine keeps the choice short",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "bazaar_builder_order",
            label: "Bazaar and the builder's second tile",
            kind: ValueKind::one_of(&["auction-first", "builder-first"]),
            default: "auction-first",
            description: "auction-first: the bazaar is held before the builder's second tile (the rules' FAQ); \
                          builder-first: after it (JCloisterZone)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "bazaar_during_round",
            label: "A bazaar tile placed while bought tiles wait",
            kind: ValueKind::one_of(&["delay", "ignore"]),
            default: "delay",
            description: "delay: its bazaar is held once every bought tile is placed (Wikicarpedia's FAQ); ignore: \
                          it starts none (JCloisterZone)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "bridge_only_tile",
            label: "A tile that fits only with a bridge",
            kind: ValueKind::one_of(&["may-put-aside", "must-place"]),
            default: "may-put-aside",
            description: "may-put-aside: its player may put it aside and draw another, as a tile that fits nowhere \
                          (a bridge is optional; JCloisterZone lets the placement be passed); must-place: it is \
                          placed with its bridge",
            earlier_defaults: &[],
        },
    ],
    parts: &[
        PartDecl {
            id: PART_BRIDGES,
            name: "Bridges",
            description: "a road laid across two field sides of the tile just placed or one touching it; a tile may \
                          meet a road with a field side when a bridge then continues the road",
            figures: &[],
        },
        PartDecl {
            id: PART_CASTLES,
            name: "Castles",
            description: "a completed small city may become a castle that scores the next feature completed beside it",
            figures: &[],
        },
        PartDecl {
            id: PART_BAZAARS,
            name: "Bazaars",
            description: "a bazaar tile starts an auction of one face-up tile per player",
            figures: &[],
        },
    ],
    score_sources: &[CASTLE_SOURCE, BAZAAR_SOURCE],
    score_source_names: &["Castles", "Bazaars"],
    attributes: ATTRIBUTES,
    check_attributes,
    counters: COUNTERS,
    tile_marks: &[carcassonne_core::tile_file!(
        "bridges-castles-and-bazaars-marks.toml",
        "tiles/bridges-castles-and-bazaars-marks.toml"
    )],
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::BigBox,
    year: 2010,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let bool_attribute = |t: &TileType| {
        t.def
            .attribute(ID)
            .and_then(|a| a.get("bazaar"))
            .and_then(toml::Value::as_bool)
            .unwrap_or(false)
    };
    let bridges = ctx
        .part_on(PART_BRIDGES)
        .then_some(if ctx.players >= 5 { 2 } else { 3 });
    let castles = ctx
        .part_on(PART_CASTLES)
        .then(|| castles::Rules::new(&ctx.tiles, ctx.players));
    let bazaars = ctx.part_on(PART_BAZAARS).then(|| bazaar::Rules {
        tiles: ctx.tiles.iter().map(bool_attribute).collect(),
        bidding: ctx.variant("bazaar_auction") != "no-auction",
        range: ctx.variant_int("bid_range").clamp(1, 50) as u32,
        auction_first: ctx.variant("bazaar_builder_order") != "builder-first",
        delay: ctx.variant("bazaar_during_round") != "ignore",
    });
    let put_aside = ctx.variant("bridge_only_tile") != "must-place";
    Ok(expansion::boxed(BridgesCastlesAndBazaars {
        bridges,
        put_aside,
        castles,
        bazaars,
    }))
}

/// The rules of one game.
struct BridgesCastlesAndBazaars {
    /// Bridges each player has, when the part is on.
    bridges: Option<u8>,
    /// Whether a tile that fits only with a bridge may be put aside
    /// (`bridge_only_tile = "may-put-aside"`).
    put_aside: bool,
    /// The castles' rules, when the part is on.
    castles: Option<castles::Rules>,
    /// The bazaars' rules, when the part is on.
    bazaars: Option<bazaar::Rules>,
}

/// Castles, bazaars and the tiles players hold: all public.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Bridges left in each player's supply.
    pub bridges_left: Vec<u8>,
    /// The bridges on the board, in the order they were placed.
    pub bridges: Vec<Bridge>,
    /// The turn's player is deciding where to lay a bridge.
    pub bridge_asked: bool,
    /// The tile just placed needs the bridge being decided (its placement
    /// matched only with one): no pass.
    pub bridge_needed: bool,
    /// A bridge was laid this turn (one a turn).
    pub bridged_this_turn: bool,
    /// Castle tokens left in each player's supply.
    pub castles_left: Vec<u8>,
    /// The castles on the board, in the order they were made.
    pub castles: Vec<Castle>,
    /// Small cities the turn's tile completed whose owners decide, in order,
    /// whether to make a castle of them.
    pub offers: Vec<Offer>,
    /// Features completed this turn near a waiting castle, with their tiles
    /// and points: what castles score after the turn's scoring.
    pub completed: Vec<castles::Completed>,
    /// The bazaar being held, from its first tile turned up to the last
    /// tile given out.
    pub auction: Option<Auction>,
    /// The tile each player bought at the bazaar and places on their next
    /// turn, by seat.
    pub held: Vec<Option<u16>>,
    /// Players whose bazaar tile starts a bazaar once the bought tiles are
    /// placed, in order.
    pub waiting_bazaars: Vec<u8>,
    /// Tiles being turned up for the bazaar, still to be read from the bag.
    pub drawing: u8,
    /// Bought tiles placed so far (each the turn's tile the core was
    /// handed, `Expansion::supplied_tile`).
    pub placed_from_bazaar: u32,
    /// Points paid at bazaars to nobody (a chooser whose bid nobody raised
    /// pays it to the bank).
    pub paid_to_nobody: i32,
}

/// A decision of this expansion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Lay a bridge across the tile here, this way.
    Bridge {
        /// The tile it crosses.
        at: Pos,
        /// Which way (`"NS"` or `"WE"` in records).
        axis: Axis,
    },
    /// Lay no bridge this turn.
    NoBridge,
    /// Turn the small city into a castle; the follower stays on it.
    Castle,
    /// Leave it a city: it scores as usual.
    NoCastle,
    /// Choose the bazaar's tile at this index (in the order turned up).
    Choose(u8),
    /// Bid this many points (an opening bid, or a raise).
    Bid(u32),
    /// Do not raise.
    Pass,
    /// Keep the chosen tile: pay the highest bidder.
    Buy,
    /// Give the chosen tile to the highest bidder, who pays.
    Sell,
}

/// Which decision is pending, read from the state.
enum Pending {
    Bridge,
    Castle,
    Auction,
}

fn pending(state: &State) -> Pending {
    if state.bridge_asked {
        Pending::Bridge
    } else if !state.offers.is_empty() {
        Pending::Castle
    } else {
        Pending::Auction
    }
}

impl Expansion for BridgesCastlesAndBazaars {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let players = ctx.view().players();
        State {
            bridges_left: vec![self.bridges.unwrap_or(0); players],
            bridges: Vec::new(),
            bridge_asked: false,
            bridge_needed: false,
            bridged_this_turn: false,
            castles_left: vec![self.castles.as_ref().map_or(0, |c| c.supply); players],
            castles: Vec::new(),
            offers: Vec::new(),
            completed: Vec::new(),
            auction: None,
            held: vec![None; players],
            waiting_bazaars: Vec::new(),
            drawing: 0,
            placed_from_bazaar: 0,
            paid_to_nobody: 0,
        }
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.bridges.is_some() {
            hooks |= Hooks::TURN_STARTED | Hooks::TILE_PLACED | Hooks::RELAXED_PLACEMENT;
        }
        if self.castles.is_some() {
            hooks |= Hooks::TURN_STARTED
                | Hooks::AFTER_DEPLOY
                | Hooks::FEATURE_POINTS
                | Hooks::FEATURE_SCORED
                | Hooks::AFTER_SCORING;
        }
        if self.bazaars.is_some() {
            // The bought tiles reach the core through `supplied_tile`.
            hooks |= Hooks::END_OF_TURN | Hooks::OBSERVE;
        }
        hooks
    }

    fn armed_hooks(&self) -> Hooks {
        // Castles are offered only when a tile with a cap is placed, and
        // score only while one waits.
        if self.castles.is_some() {
            Hooks::AFTER_DEPLOY | Hooks::FEATURE_SCORED | Hooks::AFTER_SCORING
        } else {
            Hooks::NONE
        }
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        match &self.castles {
            Some(c) if c.has_cap(tile.index) => Hooks::AFTER_DEPLOY,
            _ => Hooks::NONE,
        }
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        state.bridged_this_turn = false;
        if self.castles.is_some() {
            castles::turn_started(state, ctx);
        }
    }

    fn supplies_tiles(&self) -> Option<&'static str> {
        self.bazaars.is_some().then_some("the bought tile")
    }

    fn supplied_tile(&self, state: &State, view: &CoreState, player: u8) -> Option<SuppliedTile> {
        self.bazaars
            .as_ref()
            .and_then(|_| bazaar::supplied_tile(state, view, player))
    }

    fn holds_tiles(&self, state: &State, _view: &CoreState, player: u8) -> bool {
        // A tile bought at a bazaar is placed on its buyer's next turn of
        // their own, even once the bag is empty.
        self.bazaars.is_some() && state.held.get(player as usize).copied().flatten().is_some()
    }

    fn relaxes_edges(&self, mine: EdgeKind, theirs: EdgeKind) -> bool {
        // A bridge makes a field side a road's end: on the placed tile
        // (its field against a road) or on the neighbour (its field against
        // the placed tile's road). No other mismatch is ever made good, so
        // the game asks about no other placement.
        self.bridges.is_some() && bridges::relaxes(mine, theirs)
    }

    fn optional_relaxation(&self) -> Option<&'static str> {
        // "You may place a bridge": a tile that fits only with one need not
        // be placed (question 1(a) of the docs).
        (self.bridges.is_some() && self.put_aside).then_some("a bridge")
    }

    fn relaxed_placement(
        &self,
        state: &State,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
        sides: u8,
    ) -> bool {
        self.bridges.is_some() && bridges::relaxed(state, view, tile, pos, rotation, sides)
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, _placed: carcassonne_core::board::PlacedTile) {
        if self.bridges.is_some() {
            bridges::tile_placed(state, ctx);
        }
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, _: Option<&PlacedFigure>) {
        if let Some(rules) = &self.castles {
            castles::offer(rules, state, ctx);
        }
    }

    fn feature_points(&self, state: &State, view: &CoreState, feature: NodeId, complete: bool, points: &mut i32) {
        castles::adjust_points(state, view, feature, complete, points);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        castles::note_completed(state, ctx.view(), scoring);
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        castles::score(state, ctx);
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if let Some(rules) = &self.bazaars {
            bazaar::end_of_turn(rules, state, ctx);
        }
    }

    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        if state.drawing > 0
            && let Event::TileBuried { tile, .. } = event
        {
            bazaar::turned_up(state, *tile);
        }
        bazaar::observe(state, view, event);
    }

    fn options(&self, state: &State, view: &CoreState, _player: u8, out: &mut Vec<Action>) {
        match pending(state) {
            Pending::Bridge => bridges::options(state, view, out),
            Pending::Castle => castles::options(out),
            Pending::Auction => {
                if let Some(rules) = &self.bazaars {
                    bazaar::auction_options(rules, state, out);
                }
            }
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        match pending(state) {
            Pending::Bridge => bridges::play(state, ctx, action),
            Pending::Castle => castles::play(state, ctx, action),
            Pending::Auction => {
                if let Some(rules) = &self.bazaars {
                    bazaar::play_auction(rules, state, ctx, player, action);
                }
            }
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match pending(state) {
            Pending::Bridge if state.bridge_needed => "lay the bridge the tile needs",
            Pending::Bridge => "lay a bridge or not",
            Pending::Castle => "make a castle or score the city",
            Pending::Auction => match state.auction.as_ref().map(|a| &a.step) {
                Some(Step::Choose { .. }) if self.bazaars.as_ref().is_some_and(|b| b.bidding) => {
                    "choose a bazaar tile to auction"
                }
                Some(Step::Choose { .. }) => "choose a bazaar tile",
                Some(Step::Open { .. }) => "open the bidding",
                Some(Step::Raise { .. }) => "raise the bid or pass",
                Some(Step::Settle { .. }) => "buy the tile or sell it",
                None => "bazaar",
            },
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(words::option_label(self.bazaars.as_ref(), state, view, player, action))
    }

    fn explain_refusal(&self, state: &State, _view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        words::explain_refusal(self.bazaars.as_ref(), state, action)
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        words::lines(self.bridges.is_some(), self.castles.is_some(), state, view)
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        words::log_line(view, detail)
    }

    fn counters(&self, state: &State, view: &CoreState, out: &mut dyn CounterSink) {
        for (seat, &left) in state.castles_left.iter().enumerate() {
            out.seat(0, seat as u8, 0, i32::from(left));
        }
        for (seat, &left) in state.bridges_left.iter().enumerate() {
            out.seat(4, seat as u8, 0, i32::from(left));
        }
        for bridge in &state.bridges {
            let value = usize::from(bridge.axis == Axis::WestEast);
            out.tile(5, bridge.pos, value, 1);
        }
        for castle in &state.castles {
            let value = usize::from(castle.points.is_some());
            for &pos in &castle.tiles {
                if view.board().is_occupied(pos) {
                    out.tile(1, pos, value, 1);
                }
            }
        }
        for (seat, held) in state.held.iter().enumerate() {
            out.seat(2, seat as u8, 0, i32::from(held.is_some()));
        }
        if let Some(a) = &state.auction {
            out.game(3, 0, a.on_offer() as i32);
            out.game(3, 1, a.price() as i32);
        }
    }
}

/// Whether figure `id` still stands where it stood: figure ids are not
/// reused while a figure is on the board.
fn still_on_board(view: &CoreState, id: FigureId, pos: Pos) -> bool {
    view.figure(id).is_some_and(|f| f.pos == pos && f.node.is_none())
}
