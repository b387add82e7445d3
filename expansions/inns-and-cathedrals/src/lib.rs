//! Inns & Cathedrals: inns on roads, cathedrals in cities, and the big
//! follower (see the rules digest, "Companion expansions").
//!
//! A road with an inn scores 2 points a tile when complete and nothing when
//! it is still open at the end of the game; a city with a cathedral scores
//! 3 a tile and 3 a pennant when complete and nothing when open at the end.
//! The big follower weighs 2 in a feature's majority (its declared strength,
//! which the core's majority already uses).
//!
//! Inns, cathedrals and the big follower are parts a game may switch off
//! one by one (`[parts.inns-and-cathedrals]`, JCloisterZone's elements
//! `inn`, `cathedral`, `big-follower`): with the inns off, a road with an
//! inn scores as any road; the tiles stay in the bag.
//!
//! The variant `final_scoring` (JCloisterZone's
//! `inn-and-cathedral-final-scoring`) decides what an unfinished road with
//! an inn or city with a cathedral scores at the end: `normal` nothing (the
//! published rule), `ignore` as if it had none (the base rules' 1 a tile).

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem};
use carcassonne_core::toml;
use carcassonne_core::{
    BuildContext, CoreState, Expansion, ExpansionInfo, FeatureKind, FigureClass, FigureDecl, FigurePlacement, Line,
    PartDecl, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "inns-and-cathedrals";

/// Part id of the inns (`[parts.inns-and-cathedrals] inns = false`).
pub const PART_INNS: &str = "inns";
/// Part id of the cathedrals.
pub const PART_CATHEDRALS: &str = "cathedrals";
/// Part id of the big follower.
pub const PART_BIG_FOLLOWER: &str = "big-follower";

/// The big follower: one per player, counts as two followers for majorities.
pub const BIG_FOLLOWER: FigureDecl = FigureDecl {
    id: "big-follower",
    name: "Big follower",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(2),
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&["road", "city", "field", "cloister"]),
    recall: Recall::Never,
    neutral: 0,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Inns & Cathedrals",
    version: env!("CARGO_PKG_VERSION"),
    description: "Inns on roads and cathedrals in cities raise the stakes; the big follower counts double",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "inns-and-cathedrals.toml",
        "tiles/inns-and-cathedrals.toml"
    )],
    variants: &[VariantDecl {
        name: "final_scoring",
        label: "Open inns and cathedrals at the end",
        kind: ValueKind::OneOf {
            values: &["normal", "ignore"],
        },
        default: "normal",
        description: "what a road with an inn or a city with a cathedral scores when still open at the end: \
                      `normal` nothing, `ignore` as if it had no inn or cathedral (1 point a tile and pennant; \
                      JCloisterZone's inn-and-cathedral-final-scoring)",
        earlier_defaults: &[],
    }],
    figures: &[BIG_FOLLOWER],
    parts: &[
        PartDecl {
            id: PART_INNS,
            name: "Inns",
            description: "a road with an inn scores 2 a tile when complete, nothing when not",
            figures: &[],
        },
        PartDecl {
            id: PART_CATHEDRALS,
            name: "Cathedrals",
            description: "a city with a cathedral scores 3 a tile and pennant when complete, nothing when not",
            figures: &[],
        },
        PartDecl {
            id: PART_BIG_FOLLOWER,
            name: "Big follower",
            description: "a follower that counts as two for a majority",
            figures: &[BIG_FOLLOWER.id],
        },
    ],
    score_sources: &[],
    score_source_names: &[],
    attributes: ATTRIBUTES,
    check_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BigBox,
    year: 2002,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

/// `inn = true` on a road, `cathedral = true` on a city.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "inn",
        on: &[AttributePlace::Road],
        kind: ValueKind::Bool,
        required: true,
        description: "an inn by the road: 2 points a tile when the road is completed, none when it is not",
    },
    AttributeDecl {
        key: "cathedral",
        on: &[AttributePlace::City],
        kind: ValueKind::Bool,
        required: true,
        description: "a cathedral in the city: 3 points a tile and pennant when the city is completed, none when it is not",
    },
];

/// What the schema cannot say: an inn or cathedral is written `true`, and
/// left out where there is none.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    table
        .as_table()
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.as_bool() == Some(false))
        .map(|(k, _)| {
            AttributeProblem::new(
                &[k.as_str()],
                format!("`{k}` must be `true` (leave it out when there is none)"),
            )
        })
        .collect()
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let open_at_end_scores_nothing = match ctx.variant("final_scoring") {
        "normal" => true,
        "ignore" => false,
        other => return Err(format!("unknown final_scoring `{other}`")),
    };
    Ok(expansion::boxed(InnsAndCathedrals {
        open_at_end_scores_nothing,
        inns: ctx.part_on(PART_INNS),
        cathedrals: ctx.part_on(PART_CATHEDRALS),
        // Its part, or a `[figures]` count of 0, takes it out.
        big_follower: ctx.has_figure(BIG_FOLLOWER.id),
    }))
}

/// The rules for one game.
struct InnsAndCathedrals {
    /// `final_scoring = "normal"`: an open road with an inn or city with a
    /// cathedral scores 0 at the end; `"ignore"`: the base rules stand.
    open_at_end_scores_nothing: bool,
    /// Whether the inns part is on: roads with inns score as inns.
    inns: bool,
    /// Whether the cathedrals part is on.
    cathedrals: bool,
    /// Whether the big follower is in the game (for the rules shown).
    big_follower: bool,
}

/// The expansion keeps no state of its own: inns and cathedrals are read
/// from the tiles whenever a feature is scored.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {}

/// Whether any part of `node`'s feature carries `key = true` in this
/// expansion's attribute table — on tiles of any set, so inns printed on
/// another expansion's tiles count too.
pub fn feature_has(view: &CoreState, node: NodeId, key: &str) -> bool {
    view.features().members(node).any(|m| {
        let tile = view.tables().tile(view.tile_of_node(m).tile);
        tile.def
            .features
            .get(view.feature_index(m))
            .and_then(|f| f.attributes.get(ID))
            .and_then(|t| t.get(key))
            .and_then(toml::Value::as_bool)
            == Some(true)
    })
}

/// What the feature scores under this expansion's published rules (the
/// `normal` final scoring), or `None` when it has no inn or cathedral (the
/// base rules stand).
pub fn rule_points(view: &CoreState, node: NodeId, complete: bool) -> Option<i32> {
    parts_points(view, node, complete, true, true)
}

/// [`rule_points`] with only the parts that are on: a road's inn counts
/// with `inns`, a city's cathedral with `cathedrals`.
fn parts_points(view: &CoreState, node: NodeId, complete: bool, inns: bool, cathedrals: bool) -> Option<i32> {
    let features = view.features();
    match features.kind(node) {
        FeatureKind::ROAD if inns && feature_has(view, node, "inn") => Some(if complete {
            2 * features.tile_count(node) as i32
        } else {
            0
        }),
        FeatureKind::CITY if cathedrals && feature_has(view, node, "cathedral") => Some(if complete {
            3 * (features.tile_count(node) + features.pennants(node)) as i32
        } else {
            0
        }),
        _ => None,
    }
}

/// The core's ordinary points for a road or city, which this expansion's
/// rules replace by difference. With the base variant `tiny_city` the core
/// gives a completed two-tile city half of this; the difference added on
/// top then makes a tiny city with a cathedral 2 a tile and pennant, as
/// JCloisterZone scores it (no tile set of this project can build one: the
/// cathedral tile has city on all four sides).
fn base_points(view: &CoreState, node: NodeId, complete: bool) -> i32 {
    let f = view.features();
    match (f.kind(node), complete) {
        (FeatureKind::CITY, true) => 2 * (f.tile_count(node) + f.pennants(node)) as i32,
        (FeatureKind::CITY, false) => (f.tile_count(node) + f.pennants(node)) as i32,
        _ => f.tile_count(node) as i32,
    }
}

/// Inns & Cathedrals asks no decisions: this type has no values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {}

impl Expansion for InnsAndCathedrals {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut carcassonne_core::Ctx<'_>) -> State {
        State {}
    }

    fn hooks(&self) -> Hooks {
        if self.inns || self.cathedrals {
            Hooks::FEATURE_POINTS
        } else {
            Hooks::NONE
        }
    }

    // The base value is swapped for the inn/cathedral value as a difference,
    // so an adjustment another expansion made before this hook survives.
    // No state to show: what players need is how inns and cathedrals score.
    fn present(&self, _state: &State, _view: &CoreState) -> Vec<Line> {
        let open = if self.open_at_end_scores_nothing {
            "none when not"
        } else {
            "as without it when not (final_scoring = ignore)"
        };
        let mut lines = Vec::new();
        if self.inns {
            lines.push(Line::new(format!(
                "A road with an inn: 2 points a tile when complete, {open}"
            )));
        }
        if self.cathedrals {
            lines.push(Line::new(format!(
                "A city with a cathedral: 3 points a tile and pennant when complete, {open}"
            )));
        }
        if self.big_follower {
            lines.push(Line::new("The big follower counts as two followers for a majority"));
        }
        lines
    }

    fn feature_points(&self, _state: &State, view: &CoreState, node: NodeId, complete: bool, points: &mut i32) {
        if !complete && !self.open_at_end_scores_nothing {
            return;
        }
        if let Some(rule) = parts_points(view, node, complete, self.inns, self.cathedrals) {
            *points += rule - base_points(view, node, complete);
        }
    }
}
