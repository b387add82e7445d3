//! Děčínský Sněžník (docs/expansions/decinsky-sneznik.md), a fan expansion
//! by Petr Chytka of the Carcassonne CZ forum, named after the observation
//! tower on that table mountain: one observation tower per player, a
//! special figure placed on a field of the new tile, complete when its tile
//! and the four tiles beside it are placed.
//!
//! "An observation tower is a special figure." Placed instead of a
//! follower on a field of the tile just placed; when its tile and its four
//! orthogonal neighbours hold tiles, its owner scores 5 points (a point a
//! tile) and takes it back. "If the observation tower is not completed at
//! the end of the game, the player scores no points."
//!
//! Written with the authoring kit only: one figure placed by the expansion
//! on fields, and the core's ranges (`carcassonne_core::ranges`: the plus of
//! five, the full ranges), shared with The Obelisk.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::ranges::{self, TileRange};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::words::Line;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind,
    FigureClass, FigureDecl, FigurePlacement, Pos, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "decinsky-sneznik";

/// The observation tower: a special figure, one per player, on a field.
pub const OBSERVATION_TOWER: FigureDecl = FigureDecl {
    id: "observation-tower",
    name: "Observation tower",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The tower's range: its tile and the four orthogonally beside it.
pub const RANGE: TileRange = TileRange::PLUS;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Děčínský Sněžník",
    version: env!("CARGO_PKG_VERSION"),
    description: "An observation tower for each player on a field: 5 points when its tile and the four beside it are \
                  placed",
    variants: &[VariantDecl {
        name: "placement",
        label: "Observation tower's field",
        kind: ValueKind::one_of(&["any-field", "free-field"]),
        default: "any-field",
        description: "any-field: on any field of the new tile, followers or not (FanCloisterZone); free-field: only \
                      on a field whose farm holds no follower, as a follower would be placed",
        earlier_defaults: &[],
    }],
    figures: &[OBSERVATION_TOWER],
    score_sources: &[""],
    score_source_names: &["Observation towers"],
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
        .position(|f| f == OBSERVATION_TOWER.id)
        // A game may give nobody one (`[figures] observation-tower = 0`): the
        // figure is then not in the table, and the expansion does nothing.
        .map(|i| i as u8);
    Ok(expansion::boxed(DecinskySneznik {
        figure,
        free_field_only: ctx.variant("placement") == "free-field",
    }))
}

/// The rules of one game.
struct DecinskySneznik {
    /// The observation tower's index in the game's figure table; `None` when the
    /// game gives nobody one.
    figure: Option<u8>,
    /// `placement = "free-field"`.
    free_field_only: bool,
}

/// Points for a complete tower: a point a tile of its range.
const COMPLETE_POINTS: i32 = RANGE.len() as i32;

impl Expansion for DecinskySneznik {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        if self.figure.is_none() {
            return Hooks::NONE;
        }
        Hooks::DEPLOY_OPTIONS | Hooks::AFTER_SCORING
    }

    /// On each field of the tile just placed (by `placement`, only those
    /// whose farm holds no follower), instead of a follower.
    fn deploy_options(&self, _: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let Some(figure) = self.figure else {
            return;
        };
        let view = after.view();
        if view.supply(view.turn().player, figure) == 0 {
            return;
        }
        let pos = after.placed().pos;
        for fi in 0..after.tile().feature_kinds().len() {
            let Some(feature) = after.feature(pos, fi) else {
                continue;
            };
            if after.kind(feature) == FeatureKind::FIELD && !(self.free_field_only && after.is_occupied(feature)) {
                out.push(Deployment {
                    figure,
                    pos,
                    spot: Spot::Feature(fi as u8),
                });
            }
        }
    }

    fn explain_deployment_refusal(&self, _: &(), view: &CoreState, d: &Deployment) -> Option<String> {
        if Some(d.figure) != self.figure {
            return None;
        }
        let Spot::Feature(fi) = d.spot else {
            return Some("an observation tower stands on a field of the new tile".into());
        };
        let after = AfterPlacement::made(view)?;
        let feature = after.feature(d.pos, fi as usize)?;
        if after.kind(feature) != FeatureKind::FIELD {
            return Some("an observation tower stands on a field, not on a road, city or cloister".into());
        }
        (self.free_field_only && after.is_occupied(feature)).then(|| {
            "a follower stands in that farm already; under `placement = free-field` the tower needs a free one".into()
        })
    }

    /// Its tile and the four beside it placed: 5 points, and the tower
    /// returns to its owner, after every turn's scoring.
    fn after_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        let Some(kind) = self.figure else {
            return;
        };
        for figure in ranges::full_ranges(ctx.view(), kind, RANGE) {
            ctx.score(figure.owner, COMPLETE_POINTS, "");
            ctx.return_figure(figure.id);
            let at = figure.pos;
            ctx.log_with(|| json!({"tower": figure.owner, "at": [at.x, at.y], "points": COMPLETE_POINTS}));
        }
    }

    // "If the observation tower is not completed at the end of the game,
    // the player scores no points": no final scoring.

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let owner = detail.get("tower")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let points = detail.get("points")?.as_i64()?;
        Some(Line::about(
            owner,
            format!(
                "completes the observation tower {}: its tile and the four beside it are placed, {points} points; \
                 the tower returns",
                view.place_words(Pos::new(at[0], at[1]))
            ),
        ))
    }

    /// Each tower on the board and how many tiles of its range are placed.
    fn present(&self, _: &(), view: &CoreState) -> Vec<Line> {
        view.figures()
            .iter()
            .filter(|f| Some(f.kind) == self.figure)
            .map(|f: &PlacedFigure| {
                let tiles = RANGE.tiles_in(view.board(), ranges::anchor_of(f));
                Line::about(
                    f.owner,
                    format!(
                        "observation tower {}: {tiles} of {} tiles placed",
                        view.place_words(f.pos),
                        RANGE.len()
                    ),
                )
            })
            .collect()
    }
}
