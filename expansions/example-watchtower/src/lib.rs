//! Watchtower: a small example fan expansion, written to be copied.
//!
//! Rules: some tiles carry a watchtower of height 1–2 (a tile attribute).
//! When a player places a watchtower tile, they may *survey*: score
//! `points_per_follower` points for each of their followers on the tiles
//! within `height` steps (orthogonally or diagonally) of the tower — or
//! decline. Each tower is surveyed at most once.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionInfo, FigureClass, Line, Pos, ValueKind, VariantDecl,
    register_expansion,
};
// The core's own serde (the version the host was built with): no `serde`
// dependency of the crate's own, and derives name it with `#[serde(crate)]`.
use carcassonne_core::serde::{Deserialize, Serialize};

/// The expansion's declaration: what `carcassonne expansions` lists.
pub static WATCHTOWER: ExpansionInfo = ExpansionInfo {
    id: "watchtower",
    name: "Watchtower (example)",
    version: env!("CARGO_PKG_VERSION"),
    description: "Watchtower tiles let their placer score followers nearby",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("watchtower.toml", "watchtower.toml")],
    variants: &[VariantDecl {
        name: "points_per_follower",
        label: "Points per follower in view",
        kind: ValueKind::integer(1, 2),
        default: "1",
        description: "points a survey gives for each of the placer's followers in view",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[""],
    score_source_names: &["Watchtower"],
    attributes: ATTRIBUTES,
    // The schema says it all; an expansion with a rule the schema cannot
    // state checks it here.
    check_attributes: expansion::schema_only,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    companions: &[],
    tile_marks: &[],
    // How a JCloisterZone add-on names it (`carcassonne import-jcz`).
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::Fan,
    year: 0,
    refines: &[],
    parts_off: &[],
};

register_expansion!(WATCHTOWER);
carcassonne_core::export_plugin!();

/// `[tile.watchtower] height = 1` (or 2): a tower on the tile, never on a
/// feature. The loader checks tile files against this (and the tile editor
/// of `carcassonne serve` offers it as a form field).
const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "height",
    on: &[AttributePlace::Tile],
    kind: ValueKind::integer(1, 2),
    required: true,
    description: "the tower's height: a survey counts followers within this many steps of the tower",
}];

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    // The engine checked the value against the declared kind (1 or 2).
    let points = ctx.variant_int("points_per_follower") as i32;
    // Heights are read from the tile table once, here, not at every placement.
    let heights = ctx.tiles.iter().map(tower_height).collect();
    Ok(expansion::boxed(Watchtower { points, heights }))
}

/// The height of the watchtower on tile type `tile`, if it has one.
pub fn tower_height(tile: &TileType) -> Option<i32> {
    let height = tile.def.attribute("watchtower")?.get("height")?.as_integer()?;
    i32::try_from(height).ok()
}

/// The rules for one game.
struct Watchtower {
    points: i32,
    /// The tower height of each tile type, by index.
    heights: Vec<Option<i32>>,
}

/// What the expansion remembers: the tower waiting for its survey decision.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// A tower just placed whose placer has not decided yet: (position, height).
    pending: Option<(Pos, i32)>,
    /// Towers surveyed so far.
    surveyed: u32,
}

/// The decision a player takes after placing a watchtower.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// Score the followers in view.
    Survey,
    /// Do not survey.
    Decline,
}

impl Expansion for Watchtower {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    // Only `after_deploy`: the engine skips this expansion everywhere else.
    fn hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    // The survey comes after the follower is deployed, so it may count.
    fn after_deploy(
        &self,
        state: &mut State,
        ctx: &mut Ctx<'_>,
        _deployed: Option<&carcassonne_core::figures::PlacedFigure>,
    ) {
        let Some(placed): Option<PlacedTile> = ctx.view().placed_this_turn().copied() else {
            return;
        };
        let Some(height) = self.heights.get(placed.tile as usize).copied().flatten() else {
            return;
        };
        state.pending = Some((placed.pos, height));
        let player = ctx.view().turn().player;
        ctx.ask(player);
    }

    fn options(&self, _state: &State, _view: &CoreState, _player: u8, out: &mut Vec<Action>) {
        out.push(Action::Survey);
        out.push(Action::Decline);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some((tower, height)) = state.pending.take() else {
            return;
        };
        if *action == Action::Decline {
            return;
        }
        let in_view = followers_in_view(ctx.view(), player, tower, height);
        state.surveyed += 1;
        ctx.log_with(|| serde_json::json!({ "survey": [tower.x, tower.y], "followers": in_view }));
        if in_view > 0 {
            ctx.score(player, in_view * self.points, "");
        }
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "survey from the watchtower"
    }

    // Players read these words, never the JSON: each option says what it does.
    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match action {
            Action::Survey => {
                let (tower, height) = state.pending?;
                let points = self.points * followers_in_view(view, player, tower, height);
                format!(
                    "Survey from the tower: {} for your followers within {height} tiles",
                    points_word(points)
                )
            }
            Action::Decline => "Don't survey (the tower stays unsurveyed)".to_string(),
        })
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        let mut lines = vec![Line::new(format!("Towers surveyed: {}", state.surveyed))];
        if let Some((tower, height)) = state.pending {
            lines.push(Line::new(format!(
                "The tower at {tower} (height {height}) waits for its survey"
            )));
        }
        lines
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let at = detail.get("survey")?;
        let (x, y) = (at.get(0)?.as_i64()?, at.get(1)?.as_i64()?);
        let n = detail.get("followers")?.as_i64()?;
        let points = i32::try_from(n).unwrap_or(0) * self.points;
        Some(Line::new(format!(
            "Survey from the tower at ({x},{y}): {n} follower(s) in view, {}",
            points_word(points)
        )))
    }
}

/// "1 point", "3 points".
fn points_word(n: i32) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}

/// How many of `player`'s followers stand within `height` tiles of `tower`.
fn followers_in_view(view: &CoreState, player: u8, tower: Pos, height: i32) -> i32 {
    view.figures()
        .iter()
        .filter(|f| f.owner == player && view.tables().figures()[f.kind as usize].class == FigureClass::Follower)
        .filter(|f| (f.pos.x - tower.x).abs() <= height && (f.pos.y - tower.y).abs() <= height)
        .count() as i32
}
