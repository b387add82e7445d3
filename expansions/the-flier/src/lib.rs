//! The Flier (docs/expansions/the-flier.md): eight tiles with a flying
//! machine that throws a follower 1 to 3 tiles onto an unfinished feature.
//!
//! - A flier tile carries `[tile.the-flier] direction`, the way its machine
//!   points on the unturned tile; it turns with the tile.
//! - Instead of an ordinary deployment, the player may put a follower on
//!   the tile itself (the machine; a deployment option this expansion
//!   offers, `{"deploy": {"spot": "tile"}}`). The die (1, 1, 2, 2, 3, 3:
//!   the game's random numbers) says how many tiles it flies that way.
//! - On the tile it reaches, the player must put it on a feature that is
//!   not complete and where that kind of follower may stand, occupied or
//!   not, never a field (`{"the-flier": {"land": {"at", "feature"}}}`). With
//!   no tile there, or no such feature, it goes back to the supply.
//! - The machine serves one flight a turn (The Phantom's second follower
//!   cannot fly after a first one did).
//! - A tile that looks the same turned (FL-A … FL-E) is placed in the first
//!   of its look-alike rotations, and the direction the machine points
//!   would be lost: when such a tile's follower takes off, its player aims
//!   the machine first, among the ways the look-alike rotations point it
//!   (`{"the-flier": {"aim": "W"}}`), as they would have by turning the
//!   tile.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FigureClass,
    Line, Phase, Pos, Rotation, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-flier";

/// The eight directions, clockwise from north, as tile files write them.
pub const DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// One step in each direction of [`DIRECTIONS`] (y grows southwards).
const STEPS: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// The directions in words.
const DIRECTION_WORDS: [&str; 8] = [
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Flier",
    version: env!("CARGO_PKG_VERSION"),
    description: "Flying machines that throw a follower 1 to 3 tiles onto an unfinished feature, occupied or not",
    tile_files: &[carcassonne_core::tile_file!("the-flier.toml", "tiles/the-flier.toml")],
    variants: &[VariantDecl {
        name: "flier_meeples",
        label: "Who may fly",
        kind: ValueKind::one_of(&["any-follower", "normal-and-large"]),
        default: "any-follower",
        description: "any-follower: every follower, landing where that kind may stand (the mayor on a city, the abbot \
                      in a cloister or garden; Wikicarpedia's FAQ, JCloisterZone); normal-and-large: only the \
                      ordinary and the big follower (the 3rd edition's text)",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "direction",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&DIRECTIONS),
        required: true,
        description: "the way the flying machine points on the unturned tile: a follower put on it flies 1 to 3 \
                      tiles that way",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let directions = ctx
        .tiles
        .iter()
        .map(|t: &TileType| {
            let word = t.def.attribute(ID)?.get("direction")?.as_str()?;
            DIRECTIONS.iter().position(|d| *d == word).map(|i| i as u8)
        })
        .collect();
    Ok(expansion::boxed(TheFlier {
        directions,
        normal_and_large: ctx.variant("flier_meeples") == "normal-and-large",
    }))
}

/// The rules of one game.
struct TheFlier {
    /// By tile index, the machine's direction on the unturned tile (an
    /// index of [`DIRECTIONS`]), when the tile has one.
    directions: Vec<Option<u8>>,
    /// `flier_meeples = "normal-and-large"`.
    normal_and_large: bool,
}

/// A flight under way: the follower on the machine, where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Flight {
    /// The flier (its figure id).
    pub figure: FigureId,
    /// The die.
    pub roll: u8,
    /// The tile it reaches.
    pub to: Pos,
}

/// A flier on a machine whose tile looks the same turned: the ways it may
/// point, for its player to choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Aiming {
    /// The flier (its figure id).
    pub figure: FigureId,
    /// The directions (indices of [`DIRECTIONS`]), clockwise from north.
    pub directions: Vec<u8>,
}

/// The flight being aimed or landed, and the turn the machine last served.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// A flier waiting for its player to aim the machine.
    pub aiming: Option<Aiming>,
    /// A flier waiting for its player to choose where it lands.
    pub flight: Option<Flight>,
    /// The turn whose machine has flown (one flight a turn).
    pub flown_turn: u32,
}

/// The flier's decisions, as records write them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The machine points this way (one of [`DIRECTIONS`]).
    Aim(String),
    /// The flier goes onto this feature of the tile it reached.
    Land {
        /// The tile reached.
        at: Pos,
        /// The feature's stable name there (`road:E`).
        feature: String,
    },
}

impl TheFlier {
    /// The machine's direction on the placed tile, turned with it.
    fn direction(&self, tile: u16, rotation: Rotation) -> Option<u8> {
        let d = self.directions.get(tile as usize).copied().flatten()?;
        Some((d + 2 * rotation.quarter_turns()) % 8)
    }

    /// The ways the machine of the tile placed as `rotation` may point: one,
    /// or for a tile that looks the same turned, one for each rotation
    /// that looks like `rotation` (the engine keeps the first of them).
    fn aims(&self, view: &CoreState, tile: u16, rotation: Rotation) -> Vec<u8> {
        let t = view.tables().tile(tile);
        let mut out: Vec<u8> = Rotation::ALL
            .into_iter()
            .filter(|&r| t.canonical(r) == rotation)
            .filter_map(|r| self.direction(tile, r))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether figure kind `kind` may fly.
    fn may_fly(&self, view: &CoreState, kind: u8) -> bool {
        let Some(decl) = view.tables().figures().get(kind as usize) else {
            return false;
        };
        decl.class == FigureClass::Follower
            && (!self.normal_and_large || ["follower", "big-follower"].contains(&decl.id))
    }
}

/// The features of the tile at `at` a flier of kind `kind` may land on:
/// not complete, not land (a field), where that kind may stand, of a kind
/// figures are deployed on.
fn landings(view: &CoreState, at: Pos, kind: u8) -> Vec<usize> {
    let Some(placed) = view.board().get(at) else {
        return Vec::new();
    };
    let tables = view.tables();
    tables
        .tile(placed.tile)
        .feature_kinds()
        .iter()
        .enumerate()
        .filter(|&(fi, &k)| {
            // Not a kind no one deploys on (the quarters of the City of
            // Carcassonne: "not in the City itself").
            !tables.is_land(k)
                && tables.landscape().get_feature(k).is_some_and(|d| d.occupiable)
                && tables.figure_may_stand(kind, k)
                && view.node_at(at, fi).is_some_and(|n| !view.is_complete(n))
        })
        .map(|(fi, _)| fi)
        .collect()
}

fn figure_word(view: &CoreState, kind: u8) -> String {
    view.tables()
        .figures()
        .get(kind as usize)
        .map_or("follower".to_string(), |d| d.name.to_lowercase())
}

impl Expansion for TheFlier {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::DEPLOY_OPTIONS | Hooks::FIGURE_DEPLOYED
    }

    // A flight starts only on a flier tile's turn.
    fn armed_hooks(&self) -> Hooks {
        Hooks::FIGURE_DEPLOYED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.directions.get(tile.index as usize).copied().flatten().is_some() {
            Hooks::FIGURE_DEPLOYED
        } else {
            Hooks::NONE
        }
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let placed = after.placed();
        if self.directions.get(placed.tile as usize).copied().flatten().is_none() {
            return;
        }
        let view = after.view();
        // One flight a turn: not for The Phantom after a flier.
        if state.flown_turn == view.turn().number {
            return;
        }
        let player = view.turn().player;
        for kind in 0..view.tables().figures().len() as u8 {
            if view.supply(player, kind) > 0 && self.may_fly(view, kind) {
                out.push(Deployment {
                    figure: kind,
                    pos: placed.pos,
                    spot: Spot::Tile,
                });
            }
        }
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        let view = ctx.view();
        let Some(placed) = view.placed_this_turn().copied() else {
            return;
        };
        if figure.spot != Spot::Tile || figure.pos != placed.pos || !self.may_fly(view, figure.kind) {
            return;
        }
        let aims = self.aims(view, placed.tile, placed.rotation);
        match aims.as_slice() {
            [] => {}
            [direction] => {
                state.flown_turn = view.turn().number;
                fly(state, ctx, figure.id, *direction);
            }
            _ => {
                state.flown_turn = view.turn().number;
                state.aiming = Some(Aiming {
                    figure: figure.id,
                    directions: aims,
                });
                ctx.ask(figure.owner);
            }
        }
    }

    fn options(&self, state: &State, view: &CoreState, _: u8, out: &mut Vec<Action>) {
        if let Some(aiming) = &state.aiming {
            out.extend(
                aiming
                    .directions
                    .iter()
                    .map(|&d| Action::Aim(DIRECTIONS[d as usize].to_string())),
            );
            return;
        }
        let Some(flight) = state.flight else { return };
        let Some(f) = view.figure(flight.figure) else { return };
        for fi in landings(view, flight.to, f.kind) {
            out.push(Action::Land {
                at: flight.to,
                feature: view.feature_name(flight.to, fi),
            });
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _: u8, action: &Action) {
        match action {
            Action::Aim(word) => {
                let Some(aiming) = state.aiming.take() else { return };
                let Some(d) = DIRECTIONS.iter().position(|x| x == word) else {
                    return; // listed options only: never taken
                };
                fly(state, ctx, aiming.figure, d as u8);
            }
            Action::Land { at, feature } => {
                let Some(flight) = state.flight.take() else { return };
                let Ok(fi) = ctx.view().feature_by_name(*at, feature) else {
                    return; // listed options only: never taken
                };
                ctx.move_figure(flight.figure, *at, Spot::Feature(fi as u8));
            }
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        if state.aiming.is_some() {
            "aim the flying machine"
        } else {
            "land your flier"
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        let (at, feature) = match action {
            Action::Aim(word) => {
                let d = DIRECTIONS.iter().position(|x| x == word)?;
                return Some(format!(
                    "Aim the flying machine {}: the flier flies 1 to 3 tiles that way",
                    DIRECTION_WORDS[d]
                ));
            }
            Action::Land { at, feature } => (at, feature),
        };
        let fi = view.feature_by_name(*at, feature).ok()?;
        let words = view.feature_words(*at, fi)?;
        let node = view.node_at(*at, fi)?;
        let others = view.figures_in(node).count();
        let kind = state.flight.and_then(|f| view.figure(f.figure)).map(|f| f.kind)?;
        Some(format!(
            "Land your {} on the {words} {}{}",
            figure_word(view, kind),
            view.place_words(*at),
            match others {
                0 => String::new(),
                1 => " (1 figure there)".to_string(),
                n => format!(" ({n} figures there)"),
            }
        ))
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        if let Some(aiming) = &state.aiming {
            let ways: Vec<&str> = aiming.directions.iter().map(|&d| DIRECTION_WORDS[d as usize]).collect();
            return vec![Line::about(
                view.turn().player,
                format!(
                    "aims the flying machine: the new tile looks the same turned, so its machine may point {}",
                    join_or(&ways)
                ),
            )];
        }
        if let Some(flight) = state.flight {
            return vec![
                Line::about(
                    view.turn().player,
                    format!(
                        "flies {} tile{}: choose where the flier lands {}",
                        flight.roll,
                        if flight.roll == 1 { "" } else { "s" },
                        view.place_words(flight.to)
                    ),
                )
                .with_die(flight.roll),
            ];
        }
        // While the turn's player deploys on a flier tile: what the tile
        // option does (the core words it "on the tile").
        if view.phase() == Phase::Deploy
            && let Some(placed) = view.placed_this_turn()
            && state.flown_turn != view.turn().number
        {
            let ways: Vec<&str> = self
                .aims(view, placed.tile, placed.rotation)
                .iter()
                .map(|&d| DIRECTION_WORDS[d as usize])
                .collect();
            if !ways.is_empty() {
                return vec![Line::new(format!(
                    "The flying machine on the new tile points {}: a follower put on the tile flies 1 to 3 tiles \
                     that way (the die) and lands on an unfinished feature there, occupied or not",
                    join_or(&ways)
                ))];
            }
        }
        Vec::new()
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let player = detail.get("flies")?.as_u64()? as u8;
        let roll = detail.get("roll")?.as_u64()? as u8;
        let direction = detail.get("direction")?.as_str()?;
        let words = DIRECTIONS
            .iter()
            .position(|d| *d == direction)
            .map_or(direction, |i| DIRECTION_WORDS[i]);
        let to: [i32; 2] = serde_json::from_value(detail.get("to")?.clone()).ok()?;
        let lands = detail.get("lands")?.as_bool()?;
        let tile = detail.get("tile")?.as_bool()?;
        let end = if lands {
            let place = view.place_words_from_start(Pos::from(to));
            match place.strip_prefix("on ") {
                Some(tile) => format!("to {tile}"),
                None => format!("to the tile {place}"),
            }
        } else if tile {
            "onto a tile with no unfinished feature for it: the flier goes home".to_string()
        } else {
            "where no tile lies: the flier goes home".to_string()
        };
        Some(
            Line::about(
                player,
                format!("flies {roll} tile{} {words} {end}", if roll == 1 { "" } else { "s" }),
            )
            .with_die(roll),
        )
    }
}

/// The flight itself: the die, the tile reached, then the landing asked
/// of the flier's owner, or the flier home when nothing there takes it.
fn fly(state: &mut State, ctx: &mut Ctx<'_>, figure: FigureId, direction: u8) {
    let view = ctx.view();
    let (Some(placed), Some(f)) = (view.placed_this_turn().copied(), view.figure(figure).copied()) else {
        return;
    };
    // The flight die: 1, 1, 2, 2, 3, 3.
    let roll = ctx.random_below(3) as u8 + 1;
    let (dx, dy) = STEPS[direction as usize];
    let to = Pos::new(placed.pos.x + dx * i32::from(roll), placed.pos.y + dy * i32::from(roll));
    let view = ctx.view();
    let there = view.board().get(to).is_some();
    let lands = !landings(view, to, f.kind).is_empty();
    let owner = f.owner;
    ctx.log_with(|| {
        json!({
            "flies": owner,
            "roll": roll,
            "direction": DIRECTIONS[direction as usize],
            "to": [to.x, to.y],
            "lands": lands,
            "tile": there,
        })
    });
    if !lands {
        // "If you cannot place your meeple on the designated tile [...] the
        // meeple is returned to your supply."
        ctx.return_figure(figure);
        return;
    }
    state.flight = Some(Flight { figure, roll, to });
    ctx.ask(owner);
}

/// "north or south", "west, north-west or north".
fn join_or(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
