//! The Gold Mines (docs/expansions/the-gold-mines.md): gold ingots lying on
//! tiles, taken with the features completed over them, scored in tiers at
//! the end.
//!
//! - Placing a gold tile puts one ingot on it and one on a placed tile
//!   round it (diagonals too) that its player chooses.
//! - A feature completed during the game gives the ingots on its tiles (a
//!   road's or city's tiles; a cloister's tile and the 8 round it) to whoever
//!   wins it; several winners, or several features sharing tiles, take them
//!   one at a time, in turn order from the turn's player.
//! - At the end ingots left on the board are lost, and each player scores
//!   their ingots at 1 each (1–3), 2 each (4–6), 3 each (7–9) or 4 each (10
//!   or more).

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    FeatureScoring, Line, Pos, ScoringMoment, ValueKind, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-gold-mines";

/// Score source of the gold at the end.
pub const GOLD_SOURCE: &str = "gold";

/// The counters: ingots on each tile (a badge on the board), ingots each
/// player holds.
const COUNTERS: &[CounterDecl] = &[
    CounterDecl {
        id: "ingots",
        label: "Gold ingots on this tile",
        scope: CounterScope::Tile,
        values: &[],
        scale: 4,
        mark: "G",
        colour: "#d9b52b",
    },
    CounterDecl {
        id: "held",
        label: "Gold ingots taken",
        scope: CounterScope::Seat,
        values: &[],
        scale: 10,
        mark: "",
        colour: "",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Gold Mines",
    version: env!("CARGO_PKG_VERSION"),
    description: "Gold ingots on tiles, taken by whoever wins the features completed over them, scored in tiers",
    tile_files: &[carcassonne_core::tile_file!(
        "the-gold-mines.toml",
        "tiles/the-gold-mines.toml"
    )],
    score_sources: &[GOLD_SOURCE],
    score_source_names: &["Gold"],
    attributes: &[AttributeDecl {
        key: "gold",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the tile shows gold: placing it puts an ingot on it and one on a tile round it",
    }],
    check_attributes: expansion::schema_only,
    counters: COUNTERS,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let gold = ctx.tile_flags(ID, "gold");
    Ok(expansion::boxed(GoldMines { gold }))
}

/// The rules of one game.
struct GoldMines {
    /// By tile index, whether the tile shows gold.
    gold: Vec<bool>,
}

/// The ingots on the board and in the players' hands: public.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Tiles with ingots on them, and how many, in the order they got them.
    pub on_tiles: Vec<(Pos, u32)>,
    /// Ingots each player took.
    pub held: Vec<u32>,
    /// The gold tile placed this turn, whose second ingot waits for its
    /// player's choice.
    pub placing: Option<Pos>,
    /// Each feature completed this turn that someone won: the tiles it
    /// gives gold from, and its winners.
    #[serde(skip)]
    claims: Vec<(Vec<Pos>, Vec<u8>)>,
}

impl State {
    fn ingots_at(&self, at: Pos) -> u32 {
        self.on_tiles.iter().find(|(p, _)| *p == at).map_or(0, |&(_, n)| n)
    }

    fn add(&mut self, at: Pos, n: u32) {
        match self.on_tiles.iter_mut().find(|(p, _)| *p == at) {
            Some((_, m)) => *m += n,
            None => self.on_tiles.push((at, n)),
        }
    }

    fn take(&mut self, at: Pos) {
        if let Some(i) = self.on_tiles.iter().position(|(p, _)| *p == at) {
            self.on_tiles[i].1 -= 1;
            if self.on_tiles[i].1 == 0 {
                self.on_tiles.remove(i);
            }
        }
    }
}

/// The choice of the tile for a gold tile's second ingot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The second ingot goes on the placed tile at this place, one of the
    /// 8 round the gold tile.
    Ingot(Pos),
}

/// The placed tiles round `at` (diagonals too), in the ring's order.
fn round(view: &CoreState, at: Pos) -> impl Iterator<Item = Pos> + '_ {
    at.ring().filter(|p| view.board().get(*p).is_some())
}

impl Expansion for GoldMines {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        State {
            held: vec![0; ctx.view().players()],
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::FEATURE_SCORED | Hooks::AFTER_SCORING | Hooks::FINAL_SCORING
    }

    fn armed_hooks(&self) -> Hooks {
        // A gold tile's turn, and a turn that completes something with gold.
        Hooks::TILE_PLACED | Hooks::AFTER_SCORING
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.gold.get(tile.index as usize).copied().unwrap_or(false) {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if !self.gold.get(placed.tile as usize).copied().unwrap_or(false) {
            return;
        }
        // "place one gold ingot on it, and one gold ingot on an adjacent
        // tile of your choice (diagonal is allowed)"
        state.add(placed.pos, 1);
        let around: Vec<Pos> = round(ctx.view(), placed.pos).collect();
        match around.as_slice() {
            [only] => {
                state.add(*only, 1);
                let (at, to) = (placed.pos, *only);
                ctx.log_with(|| json!({ "gold": [at.x, at.y], "second": [to.x, to.y] }));
            }
            _ => {
                state.placing = Some(placed.pos);
                let player = ctx.view().turn().player;
                ctx.ask(player);
            }
        }
    }

    fn options(&self, state: &State, view: &CoreState, _: u8, out: &mut Vec<Action>) {
        if let Some(at) = state.placing {
            out.extend(round(view, at).map(Action::Ingot));
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _: u8, action: &Action) {
        let Action::Ingot(to) = *action;
        if let Some(at) = state.placing.take() {
            state.add(to, 1);
            ctx.log_with(|| json!({ "gold": [at.x, at.y], "second": [to.x, to.y] }));
        }
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "place the second gold ingot"
    }

    fn option_label(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        let Action::Ingot(to) = *action;
        let there = state.ingots_at(to);
        Some(format!(
            "Put the second gold ingot on the tile {} ({} ingot{} there now)",
            view.place_words(to).trim_start_matches("on "),
            there,
            if there == 1 { "" } else { "s" }
        ))
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        // Gold goes with features completed during the game, to their winners.
        if scoring.moment != ScoringMoment::Completed || scoring.winners.is_empty() || state.on_tiles.is_empty() {
            return;
        }
        let view = ctx.view();
        let tiles: Vec<Pos> = if view.tables().completes_by_surroundings(scoring.kind) {
            let at = view.tile_of_node(scoring.feature).pos;
            std::iter::once(at).chain(at.ring()).collect()
        } else {
            let mut tiles: Vec<Pos> = view
                .features()
                .members(scoring.feature)
                .map(|m| view.tile_of_node(m).pos)
                .collect();
            tiles.sort();
            tiles.dedup();
            tiles
        };
        if tiles.iter().any(|&p| state.ingots_at(p) > 0) {
            state.claims.push((tiles, scoring.winners.clone()));
            ctx.arm(Hooks::AFTER_SCORING);
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        hand_out(state, ctx);
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // Ingots left on the board are lost; each player's score by tier.
        for (player, &n) in state.held.iter().enumerate() {
            let rate = match n {
                0 => 0,
                1..=3 => 1,
                4..=6 => 2,
                7..=9 => 3,
                _ => 4,
            };
            if n > 0 {
                ctx.score(player as u8, rate * n as i32, GOLD_SOURCE);
            }
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let on_board: u32 = state.on_tiles.iter().map(|&(_, n)| n).sum();
        let mut lines = vec![Line::new(format!("{on_board} gold ingots on the board"))];
        for (p, &n) in state.held.iter().enumerate().take(view.players()) {
            lines.push(Line::about(p as u8, format!("{n} gold ingots")));
        }
        lines
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if detail.get("gold").is_some() {
            let to = detail
                .get("second")
                .and_then(|p| serde_json::from_value::<[i32; 2]>(p.clone()).ok())?;
            return Some(Line::new(format!(
                "Gold: an ingot on the new tile and one on the tile {}",
                view.place_words(Pos::from(to)).trim_start_matches("on ")
            )));
        }
        let player = detail.get("took").and_then(|p| p.as_u64())? as u8;
        let n = detail.get("ingots").and_then(|n| n.as_u64())?;
        Some(Line::about(
            player,
            format!("takes {n} gold ingot{}", if n == 1 { "" } else { "s" }),
        ))
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for &(at, n) in &state.on_tiles {
            out.tile(0, at, 0, n as i32);
        }
        for (seat, &n) in state.held.iter().enumerate() {
            out.seat(1, seat as u8, 0, n as i32);
        }
    }
}

/// Hands the gold of the turn's completed features out: the winners of
/// each take one ingot at a time, in turn order from the turn's player,
/// each from the tile they have a claim on that the most players claim
/// (JCloisterZone's order), until no claimed tile holds gold. A sole
/// winner of the only feature so takes all of it.
fn hand_out(state: &mut State, ctx: &mut Ctx<'_>) {
    let claims = std::mem::take(&mut state.claims);
    if claims.is_empty() {
        return;
    }
    let players = ctx.view().players() as u8;
    let first = ctx.view().turn().player;
    let claimants = |at: Pos| -> Vec<u8> {
        let mut who: Vec<u8> = claims
            .iter()
            .filter(|(tiles, _)| tiles.contains(&at))
            .flat_map(|(_, w)| w.iter().copied())
            .collect();
        who.sort_unstable();
        who.dedup();
        who
    };
    let mut taken = vec![0u32; players as usize];
    loop {
        let mut any = false;
        for k in 0..players {
            let player = (first + k) % players;
            let best = state
                .on_tiles
                .iter()
                .map(|&(at, _)| (at, claimants(at)))
                .filter(|(_, who)| who.contains(&player))
                .max_by_key(|(at, who)| (who.len(), std::cmp::Reverse(*at)));
            if let Some((at, _)) = best {
                state.take(at);
                taken[player as usize] += 1;
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    for (player, &n) in taken.iter().enumerate() {
        if n > 0 {
            state.held[player] += n;
            ctx.log_with(|| json!({ "took": player, "ingots": n }));
        }
    }
}
