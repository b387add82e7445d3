//! The Festival (docs/expansions/the-festival.md): ten tiles with a
//! festival; placing one lets its player take one of their own figures
//! back instead of deploying.
//!
//! "The player must then choose either: deploy one of one's own figures to
//! the tile in the usual way; or return one of one's own figures from the
//! entire playing area to his or her supply. The player can also choose to
//! do neither of the above." The taking back is this expansion's decision
//! after a deployment passed on a festival tile (as The Princess & the
//! Dragon asks about the fairy and the princess): the player names one of
//! their figures on the board, which goes home without scoring, or nothing.
//! `festival_return` says which figures: any (`figure`, Hans im Glück's
//! reading) or followers only (`follower`, the printed English and
//! CundCo texts).

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, Line, Pos, ValueKind,
    VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-festival";

/// The Tower's floors are part of a tower, not figures of the player's
/// standing on the board (JCloisterZone keeps them as tokens): never taken
/// back.
const TOWER_FLOOR: &str = "tower-floor";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Festival",
    version: env!("CARGO_PKG_VERSION"),
    description: "Festival tiles: instead of deploying, their player may take one of their own figures back",
    tile_files: &[carcassonne_core::tile_file!(
        "the-festival.toml",
        "tiles/the-festival.toml"
    )],
    variants: &[VariantDecl {
        name: "festival_return",
        label: "A festival takes back",
        kind: ValueKind::one_of(&["figure", "follower"]),
        default: "figure",
        description: "figure: any of the player's own figures on the board, followers and special figures alike \
                      (Hans im Glück's reading; JCloisterZone's festival-return = meeple); follower: followers \
                      only (the printed English and CundCo rules)",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "festival",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the festival: instead of deploying, the tile's player may take one of their figures back",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2011,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let festival = ctx.tile_flags(ID, "festival");
    Ok(expansion::boxed(TheFestival {
        festival,
        followers_only: ctx.variant("festival_return") == "follower",
    }))
}

/// The rules of one game.
struct TheFestival {
    /// By tile index, whether the tile shows a festival.
    festival: Vec<bool>,
    /// `festival_return = "follower"`.
    followers_only: bool,
}

/// What the festival placed this turn allows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// How many figures of the turn's player stood on the board when the
    /// festival tile was placed: fewer after the deployment means the
    /// player took one back instead of deploying (The Abbot's abbot), which
    /// is the turn's action already.
    pub on_board: Option<u32>,
    /// The player is choosing a figure to take back.
    pub asked: bool,
}

/// The decision after a deployment passed on a festival tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// Take this figure of the player's (its figure id) back to the supply,
    /// without scoring.
    TakeBack(FigureId),
    /// Take nothing back.
    Nothing,
}

impl TheFestival {
    fn is_festival(&self, tile: u16) -> bool {
        self.festival.get(tile as usize).copied().unwrap_or(false)
    }

    /// The figures `player` may take back: their own on the board (not a
    /// tower floor), followers only with `festival_return = "follower"`.
    fn takeable<'v>(&self, view: &'v CoreState, player: u8) -> impl Iterator<Item = &'v PlacedFigure> + 'v {
        let followers_only = self.followers_only;
        let tables = view.tables();
        let figures = view.figures();
        figures
            .iter()
            .enumerate()
            .filter(move |&(i, f)| {
                let Some(decl) = tables.figures().get(f.kind as usize) else {
                    return false;
                };
                // Two of the player's figures of one kind on one spot of one
                // tile (a crop circle's addition) are the same choice: only the
                // first is takeable, so that every option reads differently.
                let first_alike = !figures[..i]
                    .iter()
                    .any(|g| (g.owner, g.kind, g.pos, g.spot) == (f.owner, f.kind, f.pos, f.spot));
                f.owner == player
                    && first_alike
                    && decl.id != TOWER_FLOOR
                    && (!followers_only || decl.class == FigureClass::Follower)
            })
            .map(|(_, f)| f)
    }
}

/// How many figures of `player` stand on the board.
fn count_on_board(view: &CoreState, player: u8) -> u32 {
    view.figures().iter().filter(|f| f.owner == player).count() as u32
}

/// A figure's name in lower case ("follower", "big follower").
fn figure_word(view: &CoreState, kind: u8) -> String {
    view.tables()
        .figures()
        .get(kind as usize)
        .map_or("figure".to_string(), |d| d.name.to_lowercase())
}

/// Where a figure stands, in words: "the road (east)", "the north-west
/// corner", "the tile".
fn spot_words(view: &CoreState, pos: Pos, spot: Spot) -> String {
    match spot {
        Spot::Feature(fi) => format!(
            "the {}",
            view.feature_words(pos, fi as usize)
                .unwrap_or_else(|| "feature".to_string())
        ),
        Spot::Corner(c) => format!("the {} corner", corner_words(c)),
        Spot::Tile | Spot::Recall(_) => "the tile".to_string(),
    }
}

fn corner_words(c: u8) -> &'static str {
    match c {
        0 => "north-west",
        1 => "north-east",
        2 => "south-east",
        _ => "south-west",
    }
}

/// The spot as written in the log detail.
fn spot_detail(spot: Spot) -> serde_json::Value {
    match spot {
        Spot::Feature(fi) => json!({ "feature": fi }),
        Spot::Corner(c) => json!({ "corner": c }),
        Spot::Tile | Spot::Recall(_) => json!("tile"),
    }
}

fn spot_of_detail(v: &serde_json::Value) -> Spot {
    if let Some(fi) = v.get("feature").and_then(|f| f.as_u64()) {
        Spot::Feature(fi as u8)
    } else if let Some(c) = v.get("corner").and_then(|c| c.as_u64()) {
        Spot::Corner(c as u8)
    } else {
        Spot::Tile
    }
}

impl Expansion for TheFestival {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::AFTER_DEPLOY
    }

    // Only a festival tile's turn.
    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::AFTER_DEPLOY
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.is_festival(tile.index) {
            Hooks::TILE_PLACED | Hooks::AFTER_DEPLOY
        } else {
            Hooks::NONE
        }
    }

    // It only counts the player's figures on the board.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        state.on_board = self
            .is_festival(placed.tile)
            .then(|| count_on_board(ctx.view(), ctx.view().turn().player));
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        let view = ctx.view();
        let Some(before) = state.on_board.take() else {
            return;
        };
        // "Either deploy [...] or return one of one's own figures": not
        // after a deployment, nor after a figure taken back in its place
        // (the abbot), nor in The Phantom's second deployment.
        if deployed.is_some() || view.turn().deploying_more {
            return;
        }
        let player = view.turn().player;
        if count_on_board(view, player) < before || self.takeable(view, player).next().is_none() {
            return;
        }
        state.asked = true;
        ctx.ask(player);
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if !state.asked {
            return;
        }
        out.push(Action::Nothing);
        out.extend(self.takeable(view, player).map(|f| Action::TakeBack(f.id)));
    }

    fn is_option(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> bool {
        state.asked
            && match action {
                Action::Nothing => true,
                Action::TakeBack(id) => self.takeable(view, player).any(|f| f.id == *id),
            }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        state.asked = false;
        let Action::TakeBack(id) = *action else {
            return;
        };
        let Some(f) = ctx.view().figure(id).copied() else {
            return;
        };
        ctx.return_figure(id);
        ctx.log_with(|| {
            json!({
                "took_back": player,
                "kind": f.kind,
                "at": [f.pos.x, f.pos.y],
                "spot": spot_detail(f.spot),
            })
        });
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "take one of your figures back (festival)"
    }

    fn option_label(&self, _: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Nothing => "Take nothing back".to_string(),
            Action::TakeBack(id) => {
                let f = view.figure(id)?;
                format!(
                    "Take your {} back from {} {}, without scoring",
                    figure_word(view, f.kind),
                    spot_words(view, f.pos, f.spot),
                    view.place_words(f.pos)
                )
            }
        })
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        if state.asked {
            vec![Line::about(
                view.turn().player,
                "may take one of their figures back (festival)",
            )]
        } else {
            Vec::new()
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let player = detail.get("took_back")?.as_u64()? as u8;
        let kind = detail.get("kind")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let pos = Pos::from(at);
        let spot = spot_of_detail(detail.get("spot")?);
        Some(Line::about(
            player,
            format!(
                "takes their {} back from {} {} (festival)",
                figure_word(view, kind),
                spot_words(view, pos, spot),
                view.place_words_from_start(pos)
            ),
        ))
    }
}
