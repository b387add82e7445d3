//! The Tower (docs/expansions/the-tower.md): towers built floor by floor on
//! the foundations of its tiles, the followers they capture, prisoners,
//! their exchange and their ransom.
//!
//! - Instead of deploying on the tile just placed, a player may put one of
//!   their tower floors on any foundation or open tower on the board, or
//!   one of their followers on top of any open tower, which closes it: the
//!   follower stays there, scoring nothing, until someone captures it.
//! - A player who adds a floor may take one follower prisoner from the
//!   tower's tile or a tile as many steps away in a straight line (north,
//!   east, south or west) as the tower is high, over holes and towers. Their
//!   own follower goes back to their supply instead.
//! - Two players who hold each other's followers exchange them at once. On
//!   their turn a player may once buy a follower back from whoever holds it
//!   for 3 points, paid to that player.
//!
//! Floors are figures of their own, shared out by the number of players
//! (`FigureDecl::by_players`); a tower's height is the floors on its tile.

mod capture;
mod ransom;
mod towers;

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem};
use carcassonne_core::toml;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Event, Expansion,
    ExpansionInfo, FeatureKind, FigureClass, FigureDecl, FigurePlacement, Line, Pos, Recall, Strength, ValueKind,
    VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-tower";

/// Score source of ransoms (paid as negative points, received as positive).
pub const RANSOM_SOURCE: &str = "ransom";

/// Points a ransom costs.
pub const RANSOM: i32 = 3;

/// A tower floor: the 30 of the box shared out by the number of players
/// (10 each for two, 9 for three, 7 for four, 6 for five, 5 for six; a solo
/// player takes ten, as JCloisterZone does).
pub const FLOOR: FigureDecl = FigureDecl {
    id: "tower-floor",
    name: "Tower floor",
    per_player: 10,
    by_players: &[10, 10, 9, 7, 6, 5],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Tower",
    version: env!("CARGO_PKG_VERSION"),
    description: "Towers built floor by floor capture followers in their reach; prisoners are exchanged or ransomed",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("the-tower.toml", "tiles/the-tower.toml")],
    variants: &[VariantDecl {
        name: "capture_own",
        label: "Towers take their builder's own followers",
        kind: ValueKind::Bool,
        default: "true",
        description: "whether a tower may take its builder's own follower (back to their supply): `true` as the \
                      2nd edition (\"it can belong to any player, including yourself\"), `false` as the 1st \
                      (\"a follower of another player\")",
        earlier_defaults: &[],
    }],
    figures: &[FLOOR],
    parts: &[],
    score_sources: &[RANSOM_SOURCE],
    score_source_names: &["Ransom"],
    attributes: ATTRIBUTES,
    check_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[CounterDecl {
        id: "ransom-paid",
        label: "The turn's player has bought a follower back this turn",
        scope: CounterScope::Game,
        values: &[],
        scale: 1,
        mark: "",
        colour: "",
    }],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BigBox,
    year: 2006,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

/// `[tile.the-tower] foundation = true` marks a tile with a tower foundation.
const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "foundation",
    on: &[AttributePlace::Tile],
    kind: ValueKind::Bool,
    required: true,
    description: "the tile has a tower foundation: tower floors may be built on it",
}];

/// What the schema cannot say: `foundation` is written `true`.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    match table.get("foundation").and_then(toml::Value::as_bool) {
        Some(false) => vec![AttributeProblem::new(
            &["foundation"],
            "`foundation` must be `true` (leave it out when the tile has none)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(TheTower {
        foundations: ctx
            .tiles
            .iter()
            .map(|t| {
                t.def
                    .attribute(ID)
                    .and_then(|a| a.get("foundation"))
                    .and_then(toml::Value::as_bool)
                    == Some(true)
            })
            .collect(),
        capture_own: ctx.variant_bool("capture_own"),
    }))
}

/// The rules for one game.
struct TheTower {
    /// Whether each tile type (by index) has a foundation.
    foundations: Vec<bool>,
    /// Variant `capture_own`.
    capture_own: bool,
}

/// The towers on the board and the decision under way. Heights and
/// guards are the figures on the board (kept up in `tops` as they come and
/// go); prisoners are the core's captives.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Every foundation on the board, with or without floors, in the order
    /// the tiles were placed.
    pub towers: Vec<Pos>,
    /// The decision asked, if any.
    pub asking: Option<Asking>,
    /// Whether the turn's player has bought a follower back this turn.
    pub ransom_paid: bool,
    /// The floor's index in the figure table.
    #[serde(skip)]
    floor: u8,
    /// Each tower's floors and guard, in the order of `towers`: what the
    /// figures on its tile say, kept up from the figure events (`observe`)
    /// so that listing a turn's deployments reads them instead of scanning
    /// the board's figures once for every tower (a third of a Tower game's
    /// instructions did).
    #[serde(skip)]
    tops: Vec<towers::Top>,
    /// The figure kinds that may stand on top of a tower, as bits by kind
    /// index (read once from the figure table, not at every listing).
    #[serde(skip)]
    guard_kinds: [u64; 4],
}

/// A decision The Tower asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Asking {
    /// Whom the tower just raised at `at` (now `height` floors) takes prisoner.
    Capture {
        /// The tower.
        at: Pos,
        /// Its height with the new floor.
        height: u8,
    },
    /// Whether the turn's player buys a follower back.
    Ransom,
}

/// The Tower's decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Take the figure with this id prisoner (one's own goes home).
    Capture(FigureId),
    /// Take nobody.
    NoCapture,
    /// Pay 3 points to `by` for one's figure of kind `kind` they hold.
    Ransom {
        /// Who holds it.
        by: u8,
        /// Its kind (index in the figure table).
        kind: u8,
    },
    /// Buy nobody back this turn.
    NoRansom,
}

impl Expansion for TheTower {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let floor = ctx.view().tables().figure_index(FLOOR.id).unwrap_or(u8::MAX);
        State {
            floor,
            guard_kinds: towers::guard_kinds(ctx.view(), floor),
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TURN_STARTED | Hooks::TILE_PLACED | Hooks::DEPLOY_OPTIONS | Hooks::FIGURE_DEPLOYED | Hooks::OBSERVE
    }

    // A foundation noted, nothing moved.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        state.ransom_paid = false;
        ransom::offer(state, ctx);
    }

    fn tile_placed(&self, state: &mut State, _ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if self.foundations.get(placed.tile as usize) == Some(&true) {
            state.towers.push(placed.pos);
            state.tops.push(towers::Top::default());
        }
    }

    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        match *event {
            Event::FigureDeployed {
                pos, spot: Spot::Tile, ..
            }
            | Event::FigureReturned {
                pos, spot: Spot::Tile, ..
            }
            | Event::FigureCaptured {
                pos, spot: Spot::Tile, ..
            } => towers::recount(state, view, Some(pos)),
            // Where it came from is not in the event: every tower again
            // (a dragon's step, a figure an expansion moves; rare).
            Event::FigureMoved { .. } => towers::recount(state, view, None),
            _ => {}
        }
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let new_foundation = (!after.is_made() && self.foundations.get(after.placed().tile as usize) == Some(&true))
            .then(|| after.placed().pos);
        towers::spots(state, after.view(), new_foundation, out);
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        if figure.kind == state.floor {
            capture::offer(state, ctx, figure.pos, self.capture_own);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        match state.asking {
            Some(Asking::Capture { at, height }) => {
                // Two figures of one player and kind on one feature of one
                // tile are the same prisoner to take: only the first is
                // listed, so that every option reads differently. An
                // earlier figure with the same key is a target too (same
                // place, owner and kind), listed already: the figures
                // before it say so, without a vector of keys and a look-up
                // of each target by id.
                capture::targets(view, at, height, player, self.capture_own, |f| {
                    let key = (f.owner, f.kind, f.pos, f.spot);
                    let listed = view
                        .figures()
                        .iter()
                        .take_while(|g| g.id != f.id)
                        .any(|g| (g.owner, g.kind, g.pos, g.spot) == key);
                    if !listed {
                        out.push(Action::Capture(f.id))
                    }
                });
                out.push(Action::NoCapture);
            }
            Some(Asking::Ransom) => {
                ransom::options(view, player, out);
                out.push(Action::NoRansom);
            }
            None => {}
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        state.asking = None;
        match *action {
            Action::Capture(figure) => capture::take(ctx, player, figure),
            Action::Ransom { by, kind } => {
                state.ransom_paid = true;
                ransom::pay(ctx, player, by, kind);
            }
            Action::NoCapture | Action::NoRansom => {}
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match state.asking {
            Some(Asking::Ransom) => "ransom",
            _ => "tower capture",
        }
    }

    fn option_label(&self, _state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Capture(figure) => {
                let f = view.figure(figure)?;
                let what = view.tables().figures().get(f.kind as usize)?.name.to_lowercase();
                // Where on its tile, too: one tile may hold two of a
                // player's followers.
                let spot = view.spot_words(f.pos, f.spot);
                if f.owner == player {
                    format!("Take your own {what} {spot} back ({})", view.place_words(f.pos))
                } else {
                    format!(
                        "Take {}'s {what} {spot} prisoner ({})",
                        view.player_name(f.owner),
                        view.place_words(f.pos)
                    )
                }
            }
            Action::NoCapture => "Take nobody prisoner".to_string(),
            Action::Ransom { by, kind } => format!(
                "Buy your {} back from {} for {RANSOM} points",
                view.tables().figures().get(kind as usize)?.name.to_lowercase(),
                view.player_name(by)
            ),
            Action::NoRansom => "Buy nobody back this turn".to_string(),
        })
    }

    fn explain_refusal(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match (state.asking, action) {
            (Some(Asking::Capture { height, .. }), Action::Capture(_)) => format!(
                "a tower {height} high takes a follower from its own tile or up to {height} tiles straight north, \
                 east, south or west{}",
                if self.capture_own {
                    ""
                } else {
                    ", never its builder's own"
                }
            ),
            (_, Action::Ransom { .. }) if view.score(player) < RANSOM => {
                format!("a ransom costs {RANSOM} points and you have {}", view.score(player))
            }
            _ => return None,
        })
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        towers::check_tops(state, view)
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        json!({ "towers": state.towers, "asking": state.asking, "ransom_paid": state.ransom_paid })
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        towers::lines(state, view)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // Counter 0, `ransom-paid` (a tower's height is its floors, figures).
        out.game(0, 0, i32::from(state.ransom_paid));
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let pair = detail.get("exchange")?.as_array()?;
        let (a, b) = (pair.first()?.as_u64()? as u8, pair.get(1)?.as_u64()? as u8);
        Some(Line::about(
            a,
            format!(
                "and {} exchange prisoners: each gets a follower back",
                view.player_name(b)
            ),
        ))
    }
}
