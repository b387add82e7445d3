//! Robber's Son (docs/expansions/robbers-son.md), a fan expansion by
//! Snearone of Carcassonne Central: tiles with a robber's son symbol on one
//! road, which send a highwayman home instead of deploying.
//!
//! "If a Robber's son tile continues a road occupied by one or more
//! highwayman, you may remove one highwayman of your choice (even your
//! own) from the continued road and return it to its player's supply."
//! "If you chose to remove a meeple during step 1, you may not place a
//! meeple this turn." As The Princess & the Dragon's princess does for
//! cities: a player who deploys nothing after placing such a tile is asked
//! which follower on the symbol's road goes home, or none (`action =
//! "may"`, the page); under `action = "must"` (a FanCloisterZone option)
//! no figure may be deployed while the road holds one, and one must go.
//!
//! Written with the authoring kit only: a road attribute, a decision of its
//! own, armed hooks.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::words::Line;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind,
    FigureClass, Pos, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "robbers-son";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Robber's Son",
    version: env!("CARGO_PKG_VERSION"),
    description: "A robber's son symbol on a road: instead of deploying, send one highwayman on that road home",
    tile_files: &[carcassonne_core::tile_file!(
        "robbers-son.toml",
        "tiles/robbers-son.toml"
    )],
    variants: &[VariantDecl {
        name: "action",
        label: "The robber's son may or must",
        kind: ValueKind::one_of(&["may", "must"]),
        default: "may",
        description: "may: the player may send a highwayman home instead of deploying (the page); must: while the \
                      symbol's road holds a highwayman, one goes home and no figure is deployed (FanCloisterZone's \
                      option)",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "symbol",
        on: &[AttributePlace::Road],
        kind: ValueKind::Bool,
        required: true,
        description: "the robber's son symbol is on this road: placing the tile lets its player send a highwayman on \
                      it home instead of deploying",
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

/// `symbol = false` says nothing: refused, as a mark left out is clearer.
fn check_attributes(
    _feature: Option<FeatureKind>,
    table: &carcassonne_core::toml::Value,
) -> Vec<carcassonne_core::tiles::AttributeProblem> {
    match table.get("symbol").and_then(|v| v.as_bool()) {
        Some(false) => vec![carcassonne_core::tiles::AttributeProblem::new(
            &["symbol"],
            "`symbol` must be `true` (leave the table out where there is none)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let symbols = ctx.tiles.iter().map(symbol_road).collect();
    Ok(expansion::boxed(RobbersSon {
        symbols,
        must: ctx.variant("action") == "must",
    }))
}

/// The road of `tile` carrying the symbol, if any.
fn symbol_road(tile: &TileType) -> Option<u8> {
    tile.def
        .features
        .iter()
        .position(|f| {
            f.attributes
                .get(ID)
                .and_then(|t| t.get("symbol"))
                .and_then(|b| b.as_bool())
                == Some(true)
        })
        .map(|fi| fi as u8)
}

/// The rules of one game.
struct RobbersSon {
    /// By tile index: the feature index of its symbol's road.
    symbols: Vec<Option<u8>>,
    /// `action = "must"`.
    must: bool,
}

/// What the expansion remembers: the road it is asking about.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The symbol's road on the tile just placed (its tile and feature
    /// index), while its player is asked.
    asking: Option<(Pos, u8)>,
}

/// The expansion's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// Send this highwayman home.
    Remove {
        /// The follower (its figure id).
        follower: FigureId,
        /// Its tile.
        at: Pos,
    },
    /// Send nobody home (`action = "may"` only).
    Nothing,
}

/// Whether the figure is a follower: a highwayman is one on a road.
fn is_follower(view: &CoreState, figure: &PlacedFigure) -> bool {
    view.tables()
        .figures()
        .get(figure.kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// The highwaymen on the road `road`: followers of any player, the turn's
/// own included ("even your own").
fn highwaymen(view: &CoreState, road: NodeId) -> impl Iterator<Item = &PlacedFigure> + '_ {
    view.figures_in(road).filter(move |f| is_follower(view, f))
}

impl RobbersSon {
    /// The symbol's road on the tile just placed, when it holds a
    /// highwayman.
    fn occupied_symbol_road(&self, view: &CoreState) -> Option<(Pos, u8, NodeId)> {
        let placed = view.placed_this_turn()?;
        let fi = self.symbols.get(placed.tile as usize).copied().flatten()?;
        let node = view.node_at(placed.pos, fi as usize)?;
        highwaymen(view, node).next()?;
        Some((placed.pos, fi, node))
    }
}

impl Expansion for RobbersSon {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        if self.must {
            Hooks::AFTER_DEPLOY | Hooks::DEPLOYMENT_ALLOWED
        } else {
            Hooks::AFTER_DEPLOY
        }
    }

    // Only a tile with the symbol asks.
    fn armed_hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.symbols.get(tile.index as usize).copied().flatten().is_some() {
            Hooks::AFTER_DEPLOY
        } else {
            Hooks::NONE
        }
    }

    /// `action = "must"`: while the symbol's road holds a highwayman, no
    /// figure is deployed (one must go home instead).
    fn deployment_allowed(&self, _: &State, after: &AfterPlacement<'_>, _d: &Deployment) -> bool {
        if !self.must {
            return true;
        }
        let placed = after.placed();
        let Some(fi) = self.symbols.get(placed.tile as usize).copied().flatten() else {
            return true;
        };
        !after
            .feature(placed.pos, fi as usize)
            .is_some_and(|road| after.is_occupied(road))
    }

    fn explain_deployment_refusal(&self, _: &State, view: &CoreState, _d: &Deployment) -> Option<String> {
        (self.must && self.occupied_symbol_road(view).is_some()).then(|| {
            "the robber's son's road holds a highwayman: one goes home instead of a deployment (action = must)".into()
        })
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        if deployed.is_some() {
            return;
        }
        if let Some((pos, fi, _)) = self.occupied_symbol_road(ctx.view()) {
            state.asking = Some((pos, fi));
            let player = ctx.view().turn().player;
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, _player: u8, out: &mut Vec<Action>) {
        let Some((pos, fi)) = state.asking else {
            return;
        };
        let Some(road) = view.node_at(pos, fi as usize) else {
            return;
        };
        for f in highwaymen(view, road) {
            out.push(Action::Remove {
                follower: f.id,
                at: f.pos,
            });
        }
        if !self.must {
            out.push(Action::Nothing);
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _player: u8, action: &Action) {
        state.asking = None;
        if let Action::Remove { follower, at } = *action {
            let owner = ctx.view().figure(follower).map(|f| f.owner);
            ctx.return_figure(follower);
            if let Some(owner) = owner {
                ctx.log_with(|| json!({"removed": owner, "at": [at.x, at.y]}));
            }
        }
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "robber's son"
    }

    fn option_label(&self, _: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Remove { follower, at } => {
                let owner = view.figure(follower)?.owner;
                let whose = if owner == player {
                    "your own".to_string()
                } else {
                    format!("{}'s", view.player_name(owner))
                };
                format!("Send {whose} highwayman {} home", view.place_words(at))
            }
            Action::Nothing => "Send no highwayman home".to_string(),
        })
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let owner = detail.get("removed")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        Some(Line::new(format!(
            "The robber's son sends {}'s highwayman {} home",
            view.player_name(owner),
            view.place_words(Pos::new(at[0], at[1]))
        )))
    }
}
