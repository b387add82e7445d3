//! The Obelisk (docs/expansions/obelisk.md), a fan expansion by šmoula: one
//! obelisk per player, a special figure placed on a junction of four field
//! corners and scoring the 4 × 4 square of tiles round it.
//!
//! "You may place an obelisk instead of placing a meeple. If you place a
//! tile that creates a junction where 4 tiles connect to create an open
//! field, you may place your obelisk directly on that junction." The
//! obelisk is complete when all 16 places of its area hold tiles: 16
//! points, and it returns to its owner. At the end an incomplete obelisk
//! scores 1 point a tile of its area.
//!
//! Written with the authoring kit only: one figure placed by the
//! expansion on corners, and the core's ranges (`carcassonne_core::ranges`:
//! the 4 × 4 square round a corner, the field junction, the full ranges).

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::ranges::{self, TileRange};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::words::Line;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FigureClass,
    FigureDecl, FigurePlacement, Recall, Strength, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "obelisk";

/// The obelisk: a special figure, one per player, on a tile corner.
pub const OBELISK: FigureDecl = FigureDecl {
    id: "obelisk",
    name: "Obelisk",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The obelisk's area: the 4 × 4 square round its corner point.
pub const AREA: TileRange = TileRange::SQUARE_AROUND_CORNER;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Obelisk",
    version: env!("CARGO_PKG_VERSION"),
    description: "An obelisk for each player on a junction of four fields: 16 points when its 4 × 4 area is full",
    figures: &[OBELISK],
    score_sources: &["", "incomplete"],
    score_source_names: &["Obelisks", "Obelisks (incomplete)"],
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let figure = ctx
        .figures
        .iter()
        .position(|f| f == OBELISK.id)
        // A game may give nobody one (`[figures] obelisk = 0`): the
        // figure is then not in the table, and the expansion does nothing.
        .map(|i| i as u8);
    Ok(expansion::boxed(Obelisk { figure }))
}

/// The rules of one game.
struct Obelisk {
    /// The obelisk's index in the game's figure table; `None` when the
    /// game gives nobody one.
    figure: Option<u8>,
}

/// "Upon completion, the player gets 16 points": a point a tile of the
/// area.
const COMPLETE_POINTS: i32 = AREA.len() as i32;

/// An obelisk in words: "Ann's obelisk at the south-east corner of the tile
/// 1 tile west of the new tile".
fn describe(view: &CoreState, figure: &PlacedFigure) -> String {
    let corner = match figure.spot {
        Spot::Corner(c) => carcassonne_core::words::corner_name(c),
        _ => "middle",
    };
    format!(
        "obelisk at the {corner} corner of the tile {}",
        view.place_words(figure.pos)
    )
}

impl Expansion for Obelisk {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        if self.figure.is_none() {
            return Hooks::NONE;
        }
        Hooks::DEPLOY_OPTIONS | Hooks::AFTER_SCORING | Hooks::FINAL_SCORING
    }

    /// "If you place a tile that creates a junction where 4 tiles connect
    /// to create an open field, you may place your obelisk directly on that
    /// junction": the corners of the tile just placed where four tiles meet
    /// with field at each tile's corner.
    fn deploy_options(&self, _: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let Some(figure) = self.figure else {
            return;
        };
        let view = after.view();
        if view.supply(view.turn().player, figure) == 0 {
            return;
        }
        let pos = after.placed().pos;
        for corner in 0..4u8 {
            // Only the new tile's corners: a junction is made by the tile that
            // completes it, and no later tile touches it again, so two
            // obelisks never share one.
            if ranges::field_junction(after, pos, corner) {
                out.push(Deployment {
                    figure,
                    pos,
                    spot: Spot::Corner(corner),
                });
            }
        }
    }

    fn explain_deployment_refusal(&self, _: &(), view: &CoreState, d: &Deployment) -> Option<String> {
        if Some(d.figure) != self.figure {
            return None;
        }
        let Spot::Corner(corner) = d.spot else {
            return Some("an obelisk stands on a tile corner, never on a feature or the tile itself".into());
        };
        let after = AfterPlacement::made(view)?;
        (!ranges::field_junction(&after, d.pos, corner))
            .then(|| "an obelisk stands only where four tiles meet with field at each of their corners".into())
    }

    /// "When the obelisk is completed, the player's points are counted and
    /// the Obelisk is returned to the supply of its owner": after every
    /// turn's scoring, each obelisk whose 16 tiles are on the board.
    fn after_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        let Some(kind) = self.figure else {
            return;
        };
        for figure in ranges::full_ranges(ctx.view(), kind, AREA) {
            ctx.score(figure.owner, COMPLETE_POINTS, "");
            ctx.return_figure(figure.id);
            let at = figure.pos;
            let corner = match figure.spot {
                Spot::Corner(c) => c,
                _ => 0,
            };
            let points = COMPLETE_POINTS;
            ctx.log_with(|| {
                json!({"obelisk": figure.owner, "at": [at.x, at.y], "corner": corner,
                       "tiles": AREA.len(), "points": points, "complete": true})
            });
        }
    }

    /// "If the obelisk is not completed at the end of the game, the player
    /// scores 1 point for each tile placed in the Obelisk area."
    fn final_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        let standing: Vec<PlacedFigure> = ctx
            .view()
            .figures()
            .iter()
            .filter(|f| Some(f.kind) == self.figure)
            .copied()
            .collect();
        for figure in standing {
            let tiles = AREA.tiles_in(ctx.view().board(), ranges::anchor_of(&figure));
            ctx.score(figure.owner, tiles as i32, "incomplete");
            let at = figure.pos;
            let corner = match figure.spot {
                Spot::Corner(c) => c,
                _ => 0,
            };
            ctx.log_with(|| {
                json!({"obelisk": figure.owner, "at": [at.x, at.y], "corner": corner,
                       "tiles": tiles, "points": tiles, "complete": false})
            });
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let owner = detail.get("obelisk")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let corner = detail.get("corner")?.as_u64()? as u8;
        let tiles = detail.get("tiles")?.as_u64()?;
        let points = detail.get("points")?.as_i64()?;
        let complete = detail.get("complete")?.as_bool()?;
        let figure = PlacedFigure {
            id: 0,
            owner,
            kind: self.figure?,
            pos: carcassonne_core::Pos::new(at[0], at[1]),
            spot: Spot::Corner(corner),
            node: None,
        };
        let plural = if points == 1 { "" } else { "s" };
        Some(Line::about(
            owner,
            if complete {
                format!(
                    "completes the {}: all {tiles} tiles of its area, {points} point{plural}; the obelisk returns",
                    describe(view, &figure)
                )
            } else {
                format!(
                    "scores the unfinished {}: {tiles} of {} tiles of its area, {points} point{plural}",
                    describe(view, &figure),
                    AREA.len()
                )
            },
        ))
    }

    /// Each obelisk on the board and how far its area is filled.
    fn present(&self, _: &(), view: &CoreState) -> Vec<Line> {
        view.figures()
            .iter()
            .filter(|f| Some(f.kind) == self.figure)
            .map(|f| {
                let tiles = AREA.tiles_in(view.board(), ranges::anchor_of(f));
                Line::about(
                    f.owner,
                    format!("{}: {tiles} of {} tiles of its area", describe(view, f), AREA.len()),
                )
            })
            .collect()
    }
}
