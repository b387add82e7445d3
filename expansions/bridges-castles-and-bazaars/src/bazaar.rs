//! Bazaars: a bazaar tile drawn and placed starts, at the end of the turn,
//! a bazaar: one tile per player is turned up from the bag and each player
//! gets one, by auction or (`no-auction`) by choice; on their next turn each
//! player places the tile they got instead of drawing.

use crate::{Action, BAZAAR_SOURCE, State};
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, Event, SuppliedTile};
use serde::Serialize;

/// The bazaars' rules for one game.
pub(crate) struct Rules {
    /// By tile index: whether the tile shows a bazaar.
    pub(crate) tiles: Vec<bool>,
    /// `bazaar_auction = "auction"`: tiles are bid for; otherwise chosen.
    pub(crate) bidding: bool,
    /// `bid_range`: how far above the least allowed a bid may go.
    pub(crate) range: u32,
    /// `bazaar_builder_order = "auction-first"`: the bazaar comes before
    /// the builder's second tile.
    pub(crate) auction_first: bool,
    /// `bazaar_during_round = "delay"`: a bazaar tile placed while bought
    /// tiles wait starts its bazaar afterwards (else none).
    pub(crate) delay: bool,
}

/// A bazaar under way.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Auction {
    /// The player whose bazaar tile started it.
    pub host: u8,
    /// The tiles turned up, in order (tile type indices).
    pub tiles: Vec<u16>,
    /// Who got each of them, so far.
    pub owners: Vec<Option<u8>>,
    /// Where the auction stands.
    pub step: Step,
    /// Whether the tiles were named in the log yet.
    pub announced: bool,
}

impl Auction {
    /// Tiles nobody has got yet.
    pub fn on_offer(&self) -> usize {
        self.owners.iter().filter(|o| o.is_none()).count()
    }

    /// The bid standing now (0 outside the bidding).
    pub fn price(&self) -> u32 {
        match self.step {
            Step::Raise { price, .. } | Step::Settle { price, .. } => price,
            Step::Choose { .. } | Step::Open { .. } => 0,
        }
    }

    /// The tile being bid for, as an index into `tiles`.
    pub fn tile(&self) -> Option<usize> {
        match self.step {
            Step::Open { tile, .. } | Step::Raise { tile, .. } | Step::Settle { tile, .. } => Some(tile as usize),
            Step::Choose { .. } => None,
        }
    }
}

/// Where a bazaar's auction stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// `chooser` chooses one of the tiles on offer.
    Choose {
        /// The player choosing.
        chooser: u8,
    },
    /// `chooser` names the opening bid for the tile they chose.
    Open {
        /// The player who chose.
        chooser: u8,
        /// The tile chosen (index into the bazaar's tiles).
        tile: u8,
    },
    /// The next of `bidders` raises or passes.
    Raise {
        /// The player who chose.
        chooser: u8,
        /// The tile chosen.
        tile: u8,
        /// The highest bid so far.
        price: u32,
        /// Who made it.
        leader: u8,
        /// The players still to bid, each once, in turn order.
        bidders: Vec<u8>,
    },
    /// The chooser, outbid, buys the tile from the highest bidder or sells
    /// it to them.
    Settle {
        /// The player who chose.
        chooser: u8,
        /// The tile chosen.
        tile: u8,
        /// The highest bid.
        price: u32,
        /// Who made it.
        leader: u8,
    },
}

/// Whether a bazaar round is under way: an auction, or bought tiles still
/// to be placed.
fn round_under_way(state: &State) -> bool {
    state.auction.is_some() || state.held.iter().any(Option::is_some)
}

/// The end of a turn: a bazaar tile placed from the bag starts a bazaar
/// (now, or once the round under way is over, or never: `delay`); a
/// waiting bazaar is held when no round is under way (and, with
/// `builder-first`, the player's builder turn is over).
pub(crate) fn end_of_turn(rules: &Rules, state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    let host = view.turn().player;
    let placed = view.placed_this_turn().map(|p| p.tile);
    let bazaar_placed = placed.is_some_and(|t| rules.tiles.get(t as usize).copied().unwrap_or(false));
    // A bought tile starts no bazaar. (A supplied tile that fit nowhere was
    // discarded and the placed one drawn: it fits, so it is of another type.)
    let bought = view.turn().supplied.is_some_and(|s| placed == Some(s.tile));
    if bazaar_placed && !bought {
        if !round_under_way(state) && state.waiting_bazaars.is_empty() {
            state.waiting_bazaars.push(host);
        } else if rules.delay {
            state.waiting_bazaars.push(host);
            ctx.log_with(|| json!({ "delayed": host }));
        } else {
            ctx.log_with(|| json!({ "ignored": host }));
        }
    }
    if !round_under_way(state) && !state.waiting_bazaars.is_empty() && (rules.auction_first || !ctx.view().turn().again)
    {
        let host = state.waiting_bazaars.remove(0);
        start(state, ctx, host);
    }
}

/// Turns up one tile per player for `host`'s bazaar and asks the first
/// chooser; with too few tiles in the bag (or one player), no bazaar.
fn start(state: &mut State, ctx: &mut Ctx<'_>, host: u8) {
    let view = ctx.view();
    let players = view.players();
    if players < 2 {
        ctx.log_with(|| json!({ "no_bazaar": "solo" }));
        return;
    }
    // "Skip this step if there are fewer tiles remaining than there are
    // players." With exactly as many the bag empties: the bought tiles are
    // still placed (`holds_tiles` keeps the game going).
    if view.tiles_left() < players {
        ctx.log_with(|| json!({ "no_bazaar": "tiles" }));
        return;
    }
    state.drawing = players as u8;
    for _ in 0..players {
        ctx.bury_tile();
    }
    let chooser = (host + 1) % players as u8;
    state.auction = Some(Auction {
        host,
        tiles: Vec::with_capacity(players),
        owners: Vec::with_capacity(players),
        step: Step::Choose { chooser },
        announced: false,
    });
    ctx.log_with(|| json!({ "bazaar": host }));
    ctx.ask(chooser);
}

/// A tile of the bazaar came out of the bag (`observe` saw it buried).
pub(crate) fn turned_up(state: &mut State, tile: u16) {
    state.drawing = state.drawing.saturating_sub(1);
    if let Some(a) = &mut state.auction {
        a.tiles.push(tile);
        a.owners.push(None);
    }
}

/// The options of the auction's pending step.
pub(crate) fn auction_options(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let Some(a) = &state.auction else { return };
    match &a.step {
        Step::Choose { .. } => {
            // One option per kind of tile on offer: two copies are the same
            // choice.
            for (i, &tile) in a.tiles.iter().enumerate() {
                let first = !a.tiles[..i]
                    .iter()
                    .zip(&a.owners)
                    .any(|(&t, o)| t == tile && o.is_none());
                if a.owners[i].is_none() && first {
                    out.push(Action::Choose(i as u8));
                }
            }
        }
        Step::Open { .. } => out.extend((0..=rules.range).map(Action::Bid)),
        Step::Raise { price, .. } => {
            out.push(Action::Pass);
            out.extend((price + 1..=price + rules.range).map(Action::Bid));
        }
        Step::Settle { .. } => {
            out.push(Action::Buy);
            out.push(Action::Sell);
        }
    }
}

/// Carries out a step of the auction and asks for the next.
pub(crate) fn play_auction(rules: &Rules, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
    // Out of the state while it is worked on, back unless it is over.
    let Some(mut a) = state.auction.take() else { return };
    if !a.announced {
        a.announced = true;
        let ids: Vec<String> = a.tiles.iter().map(|&t| tile_id(ctx.view(), t)).collect();
        ctx.log_with(|| json!({ "bazaar_tiles": ids }));
    }
    let over = step(rules, state, &mut a, ctx, player, action);
    if !over {
        state.auction = Some(a);
    }
}

/// One step of auction `a` (taken out of `state`); true when the bazaar is
/// over.
fn step(rules: &Rules, state: &mut State, a: &mut Auction, ctx: &mut Ctx<'_>, player: u8, action: &Action) -> bool {
    let players = ctx.view().players() as u8;
    match (a.step.clone(), action) {
        (Step::Choose { chooser }, &Action::Choose(tile)) => {
            if rules.bidding {
                let id = tile_id(ctx.view(), a.tiles[tile as usize]);
                ctx.log_with(|| json!({ "chose": { "player": chooser, "tile": id } }));
                a.step = Step::Open { chooser, tile };
                ctx.ask(chooser);
                false
            } else {
                give(state, a, ctx, tile, chooser, 0, "free");
                next_chooser(state, a, ctx, chooser)
            }
        }
        (Step::Open { chooser, tile }, &Action::Bid(price)) => {
            ctx.log_with(|| json!({ "bid": { "player": chooser, "price": price } }));
            let bidders: Vec<u8> = (1..players)
                .map(|k| (chooser + k) % players)
                .filter(|&p| state.held[p as usize].is_none())
                .collect();
            match bidders.first() {
                Some(&first) => {
                    a.step = Step::Raise {
                        chooser,
                        tile,
                        price,
                        leader: chooser,
                        bidders,
                    };
                    ctx.ask(first);
                    false
                }
                None => {
                    give(state, a, ctx, tile, chooser, price, "kept");
                    next_chooser(state, a, ctx, chooser)
                }
            }
        }
        (
            Step::Raise {
                chooser,
                tile,
                mut price,
                mut leader,
                mut bidders,
            },
            action,
        ) => {
            if let &Action::Bid(raised) = action {
                price = raised;
                leader = player;
                ctx.log_with(|| json!({ "bid": { "player": player, "price": price } }));
            } else {
                ctx.log_with(|| json!({ "passed": player }));
            }
            if !bidders.is_empty() {
                bidders.remove(0);
            }
            if let Some(&next) = bidders.first() {
                a.step = Step::Raise {
                    chooser,
                    tile,
                    price,
                    leader,
                    bidders,
                };
                ctx.ask(next);
                false
            } else if leader == chooser {
                // Nobody raised: the chooser takes the tile and pays the
                // bid to nobody.
                give(state, a, ctx, tile, chooser, price, "kept");
                next_chooser(state, a, ctx, chooser)
            } else {
                a.step = Step::Settle {
                    chooser,
                    tile,
                    price,
                    leader,
                };
                ctx.ask(chooser);
                false
            }
        }
        (
            Step::Settle {
                chooser,
                tile,
                price,
                leader,
            },
            action,
        ) => {
            if *action == Action::Buy {
                give(state, a, ctx, tile, chooser, price, "bought");
                pay(ctx, leader, price);
            } else {
                give(state, a, ctx, tile, leader, price, "bought");
                pay(ctx, chooser, price);
            }
            next_chooser(state, a, ctx, chooser)
        }
        _ => false,
    }
}

/// `player` gets the bazaar's tile `tile` and pays `price` (to nobody for
/// a bid nobody raised; a sale pays the other player with [`pay`]). `how`
/// names the deal in the log: `free`, `kept` (a bid nobody raised),
/// `bought`.
#[allow(clippy::too_many_arguments)]
fn give(state: &mut State, a: &mut Auction, ctx: &mut Ctx<'_>, tile: u8, player: u8, price: u32, how: &'static str) {
    let Some(&t) = a.tiles.get(tile as usize) else { return };
    a.owners[tile as usize] = Some(player);
    state.held[player as usize] = Some(t);
    let points = price as i32;
    if points != 0 {
        ctx.score(player, -points, BAZAAR_SOURCE);
        if how == "kept" {
            state.paid_to_nobody += points;
        }
    }
    let id = tile_id(ctx.view(), t);
    ctx.log_with(|| json!({ how: { "player": player, "tile": id, "price": price } }));
}

/// `player` receives `price` points for a tile the other side of the deal
/// got.
fn pay(ctx: &mut Ctx<'_>, player: u8, price: u32) {
    if price != 0 {
        ctx.score(player, price as i32, BAZAAR_SOURCE);
        ctx.log_with(|| json!({ "received": { "player": player, "price": price } }));
    }
}

/// Asks the next chooser: the first player without a tile from `from` on
/// (the same player when they sold the tile they chose). The last player
/// without one gets the last tile free. True when the bazaar is over.
fn next_chooser(state: &mut State, a: &mut Auction, ctx: &mut Ctx<'_>, from: u8) -> bool {
    let players = ctx.view().players() as u8;
    let without: Vec<u8> = (0..players)
        .map(|k| (from + k) % players)
        .filter(|&p| state.held[p as usize].is_none())
        .collect();
    let left: Vec<u8> = (0..a.tiles.len() as u8)
        .filter(|&i| a.owners[i as usize].is_none())
        .collect();
    match (without.as_slice(), left.as_slice()) {
        ([chooser, _, ..], [_, _, ..]) => {
            a.step = Step::Choose { chooser: *chooser };
            ctx.ask(*chooser);
            false
        }
        ([last], [tile, ..]) => {
            give(state, a, ctx, *tile, *last, 0, "free");
            true
        }
        _ => true,
    }
}

/// A tile's id, for the log.
fn tile_id(view: &CoreState, tile: u16) -> String {
    view.tables().tile(tile).def.id.clone()
}

/// The tile `player` places this turn instead of drawing: the one they
/// bought, on a turn of their own (a builder's second tile is drawn). The
/// core makes it the turn's tile, mandatory ("If you have a tile from a
/// previous bazaar auction, you must use that tile": no abbey instead),
/// and discards it when it fits nowhere (the player then draws).
pub(crate) fn supplied_tile(state: &State, view: &CoreState, player: u8) -> Option<SuppliedTile> {
    if view.turn().extra {
        return None;
    }
    let tile = state.held.get(player as usize).copied().flatten()?;
    Some(SuppliedTile { tile, mandatory: true })
}

/// The core's events about the bought tile: handed over as the turn's tile
/// (mandatory, so always used up this turn: the player no longer holds
/// it), and placed.
pub(crate) fn observe(state: &mut State, view: &CoreState, event: &Event) {
    match *event {
        Event::TileSupplied { player, tile, .. } => {
            if let Some(held) = state.held.get_mut(player as usize)
                && *held == Some(tile)
            {
                *held = None;
            }
        }
        Event::TilePlaced {
            player: Some(_), tile, ..
        } if view.turn().supplied.is_some_and(|s| s.tile == tile) => state.placed_from_bazaar += 1,
        _ => {}
    }
}
