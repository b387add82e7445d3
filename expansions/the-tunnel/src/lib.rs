//! The Tunnel (docs/expansions/the-tunnel.md), the mini expansion of
//! Spielbox 6/2009: roads that break off at tunnel openings, and tunnel
//! tokens, two of a colour, that join two openings into one road.
//!
//! A tunnel opening is a road that leaves its tile on one side and breaks
//! off inside it (`open_ends = 1` in the tile file, an open side of the road
//! for the core), marked `the-tunnel = { tunnel = true }`. Each player has
//! sets of two tokens, one set per colour: three with two players, two with
//! three, one otherwise (variant `token_sets`). After deploying, the turn's player may lay one
//! token on an unclaimed opening anywhere; the second token of a set joins
//! its opening's road to the first's (`Ctx::connect_features`), each losing
//! the open side of its opening. A road so completed is scored with the
//! turn's completed features; it counts its tiles as any road ("Only the
//! visible segments of a completed road are scored").

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, Line, Pos, ValueKind,
    VariantDecl, register_expansion, toml,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-tunnel";

/// Tokens in a set: one colour's two, an entrance and an exit.
pub const TOKENS_PER_SET: usize = 2;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Tunnel",
    version: env!("CARGO_PKG_VERSION"),
    description: "Roads that break off at tunnel openings; players lay tunnel tokens, and a colour's two tokens join \
                  their openings into one road",
    tile_files: &[carcassonne_core::tile_file!("the-tunnel.toml", "tiles/the-tunnel.toml")],
    variants: &[VariantDecl {
        name: "token_sets",
        label: "Sets of tokens with two and three players",
        kind: ValueKind::one_of(&["3/2", "2/1", "1/1"]),
        default: "3/2",
        description: "sets of tokens (colours) each player has with two players / with three players; one set \
                      with more. 3/2 is the rule book's; 2/1 and 1/1 as JCloisterZone offers",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "tunnel",
        on: &[AttributePlace::Road],
        kind: ValueKind::Bool,
        required: true,
        description: "this road breaks off at a tunnel opening inside the tile (give it `open_ends = 1`): a tunnel \
                      token may claim it, and a colour's two tokens join their openings' roads",
    }],
    check_attributes,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2009,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `tunnel = false` says nothing a missing table does not: refused.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    match table.get("tunnel").and_then(toml::Value::as_bool) {
        Some(false) => vec![AttributeProblem::new(
            &["tunnel"],
            "`tunnel` must be `true` (leave the table out on a road with no tunnel opening)",
        )],
        _ => Vec::new(),
    }
}

/// The tunnel openings of a tile type: a bit per feature index.
fn openings(tile: &TileType) -> Result<u64, String> {
    let mut mask = 0;
    for (fi, f) in tile.def.features.iter().enumerate() {
        let tunnel = f
            .attributes
            .get(ID)
            .and_then(|t| t.get("tunnel"))
            .and_then(toml::Value::as_bool)
            == Some(true);
        if !tunnel {
            continue;
        }
        // The opening is the road's open end: without one the road would be
        // complete at its edge, and joining it would close a side it lacks.
        if f.open_ends == 0 || fi >= 64 {
            return Err(format!(
                "tile {}: feature {fi} is a tunnel opening but its road has no `open_ends`",
                tile.def.id
            ));
        }
        mask |= 1 << fi;
    }
    Ok(mask)
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let openings = ctx.tiles.iter().map(openings).collect::<Result<Vec<_>, _>>()?;
    // "In games of two, each player may use three sets of tokens; in games
    // with three players, each may use two sets."
    let sets = match (ctx.variant("token_sets"), ctx.players) {
        ("3/2", 2) => 3,
        ("3/2", 3) | ("2/1", 2) => 2,
        _ => 1,
    };
    Ok(expansion::boxed(Tunnel { openings, sets }))
}

/// The rules of one game.
struct Tunnel {
    /// By tile index: its tunnel openings, a bit per feature index.
    openings: Vec<u64>,
    /// Sets of tokens (colours) each player has.
    sets: u8,
}

/// A tunnel token on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Token {
    /// Its owner.
    pub owner: u8,
    /// Which of the owner's sets (colours), from 0.
    pub set: u8,
    /// The tile of the opening it claims.
    pub at: [i32; 2],
    /// The opening's road: a feature index of that tile.
    pub feature: u8,
}

/// What the game remembers: the tokens laid.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Tokens on the board, in the order laid.
    pub tokens: Vec<Token>,
}

impl State {
    /// Tokens of `owner`'s set `set` on the board.
    fn laid(&self, owner: u8, set: u8) -> Vec<&Token> {
        self.tokens
            .iter()
            .filter(|t| t.owner == owner && t.set == set)
            .collect()
    }

    /// Whether a token claims the opening.
    fn claimed(&self, pos: Pos, feature: usize) -> bool {
        self.tokens
            .iter()
            .any(|t| t.at == [pos.x, pos.y] && t.feature as usize == feature)
    }
}

/// A turn's tunnel decision, as records write it under `the-tunnel`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// A token of the player's set `set` (from 0) on the opening of road
    /// `road` (its stable name, `"road:W"`) of the tile at `at`.
    Token {
        /// The set (colour), from 0.
        set: u8,
        /// The tile.
        at: [i32; 2],
        /// The opening's road on it.
        road: String,
    },
    /// No token this turn.
    Pass,
}

impl Tunnel {
    /// Each unclaimed opening on the board: its tile and road.
    fn free_openings(&self, state: &State, view: &CoreState) -> Vec<(Pos, usize)> {
        let mut out = Vec::new();
        for placed in view.board().tiles() {
            let mask = self.openings.get(placed.tile as usize).copied().unwrap_or(0);
            for fi in 0..64usize {
                if mask & (1 << fi) != 0 && !state.claimed(placed.pos, fi) {
                    out.push((placed.pos, fi));
                }
            }
        }
        out
    }

    /// The player's sets with a token left, in order.
    fn sets_left(&self, state: &State, player: u8) -> Vec<u8> {
        (0..self.sets)
            .filter(|&s| state.laid(player, s).len() < TOKENS_PER_SET)
            .collect()
    }

    /// The token an action lays, resolved against the board: its set, tile
    /// and feature index, when it is one the player may lay.
    fn resolve(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<Token> {
        let Action::Token { set, at, road } = action else {
            return None;
        };
        let pos = Pos::new(at[0], at[1]);
        let fi = view.feature_by_name(pos, road).ok()?;
        let free = self.free_openings(state, view).contains(&(pos, fi));
        (free && self.sets_left(state, player).contains(set)).then_some(Token {
            owner: player,
            set: *set,
            at: *at,
            feature: fi as u8,
        })
    }
}

impl Expansion for Tunnel {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn after_deploy(
        &self,
        state: &mut State,
        ctx: &mut Ctx<'_>,
        _deployed: Option<&carcassonne_core::figures::PlacedFigure>,
    ) {
        let view = ctx.view();
        let player = view.turn().player;
        // "During his or her turn, a player may place one of his or her
        // tunnel tokens on any currently unclaimed tunnel opening": asked
        // after the deployment, before scoring, so a road a tunnel
        // completes scores this turn.
        if !self.sets_left(state, player).is_empty() && !self.free_openings(state, view).is_empty() {
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let free = self.free_openings(state, view);
        for set in self.sets_left(state, player) {
            for &(pos, fi) in &free {
                out.push(Action::Token {
                    set,
                    at: [pos.x, pos.y],
                    road: view.feature_name(pos, fi),
                });
            }
        }
    }

    fn is_option(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> bool {
        // A road named by any of its names is the same opening.
        matches!(action, Action::Pass) || self.resolve(state, view, player, action).is_some()
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some(token) = self.resolve(state, ctx.view(), player, action) else {
            return;
        };
        let first = state.laid(player, token.set).first().map(|t| **t);
        state.tokens.push(token);
        ctx.log_with(
            || json!({ "token": token.at, "feature": token.feature, "set": token.set, "joins": first.map(|f| f.at) }),
        );
        let Some(first) = first else {
            // "The road remains incomplete even when a tunnel token is
            // placed on the tile."
            return;
        };
        // "Only when the second tunnel token of the same color is placed on
        // another unclaimed tunnel opening … are the tunnel "entrance" and
        // "exit" defined, and the tunnel finished."
        let view = ctx.view();
        let a = view.node_at(Pos::new(first.at[0], first.at[1]), first.feature as usize);
        let b = view.node_at(Pos::new(token.at[0], token.at[1]), token.feature as usize);
        if let (Some(a), Some(b)) = (a, b) {
            ctx.connect_features(a, b);
        }
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "tunnel token"
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        let Some(token) = self.resolve(state, view, player, action) else {
            return Some("No tunnel token this turn".to_string());
        };
        let pos = Pos::new(token.at[0], token.at[1]);
        let road = view
            .feature_words(pos, token.feature as usize)
            .unwrap_or_else(|| "road".into());
        let which = match state.laid(player, token.set).first() {
            None => "first".to_string(),
            Some(t) => format!(
                "second, joining the opening {}",
                view.place_words(Pos::new(t.at[0], t.at[1]))
            ),
        };
        Some(format!(
            "Tunnel token of colour {} ({which}) on the {road} {}",
            token.set + 1,
            view.place_words(pos)
        ))
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        (0..view.players() as u8)
            .map(|p| {
                let left: usize = (0..self.sets)
                    .map(|s| TOKENS_PER_SET - state.laid(p, s).len().min(TOKENS_PER_SET))
                    .sum();
                Line::about(p, format!("{left} tunnel tokens left"))
            })
            .collect()
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let at = detail.get("token")?.as_array()?;
        let pos = Pos::new(at.first()?.as_i64()? as i32, at.get(1)?.as_i64()? as i32);
        Some(Line::new(match detail.get("joins").and_then(|j| j.as_array()) {
            Some(j) => {
                let from = Pos::new(j.first()?.as_i64()? as i32, j.get(1)?.as_i64()? as i32);
                format!(
                    "lays a tunnel token {}: the tunnel from {} is finished",
                    view.place_words(pos),
                    view.place_words(from)
                )
            }
            None => format!("lays a tunnel token {}", view.place_words(pos)),
        }))
    }
}
