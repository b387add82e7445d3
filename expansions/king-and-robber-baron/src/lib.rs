//! King & Robber Baron (see the rules digest, "Companion expansions").
//!
//! The King goes to the player who completes a city larger (in tiles) than
//! every city completed before it; the Robber Baron likewise for roads. A
//! city or road only as large as the largest so far leaves the tile where
//! it is. At the end of the game the King's holder scores 1 point for every
//! city completed during the game, the Robber Baron's holder 1 point for
//! every road.
//!
//! The King and the Robber Baron are parts a game may switch off one by one
//! (`[parts.king-and-robber-baron]`, JCloisterZone's elements `king` and
//! `robber`): a title that is off is never handed out.
//!
//! The variant `scoring` (JCloisterZone's `king-and-robber-scoring`) changes
//! what the titles are worth: `default` as above, `10/20` (10 points a
//! title), `15/40` (15 for one title, 40 for both) or `continuously` (the
//! holder scores 1 point for every city or road completed while they hold
//! the title, and nothing at the end).

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json;
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionInfo, FeatureKind, Line,
    PartDecl, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// The expansion's id.
pub const ID: &str = "king-and-robber-baron";

/// Part id of the King (`[parts.king-and-robber-baron] king = false`).
pub const PART_KING: &str = "king";
/// Part id of the Robber Baron.
pub const PART_ROBBER_BARON: &str = "robber-baron";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "King & Robber Baron",
    version: env!("CARGO_PKG_VERSION"),
    description: "The King and the Robber Baron reward whoever completes the largest city and road",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "king-and-robber-baron.toml",
        "tiles/king-and-robber-baron.toml"
    )],
    variants: &[VariantDecl {
        name: "scoring",
        label: "What the titles score",
        kind: ValueKind::OneOf {
            values: &["default", "10/20", "15/40", "continuously"],
        },
        default: "default",
        description: "what the titles score: `default` 1 point per completed city / road at the end, \
                      `10/20` 10 points per title at the end, `15/40` 15 for one title or 40 for both at the \
                      end, `continuously` 1 point to the holder for each city / road completed while held \
                      (JCloisterZone's king-and-robber-scoring)",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[
        PartDecl {
            id: PART_KING,
            name: "King",
            description: "the title for whoever completes the largest city so far",
            figures: &[],
        },
        PartDecl {
            id: PART_ROBBER_BARON,
            name: "Robber Baron",
            description: "the title for whoever completes the longest road so far",
            figures: &[],
        },
    ],
    score_sources: &["king", "robber-baron", "both"],
    score_source_names: &["King", "Robber Baron", "King and Robber Baron"],
    // It prints nothing on tiles: any table under its id is a mistake.
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[
        CounterDecl {
            id: "titles",
            label: "Titles held",
            scope: CounterScope::Seat,
            values: &["king", "robber-baron"],
            scale: 1,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "largest",
            label: "Tiles in the largest city and road completed so far",
            scope: CounterScope::Game,
            values: &["city", "road"],
            scale: 20,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "completed",
            label: "Cities and roads completed so far",
            scope: CounterScope::Game,
            values: &["cities", "roads"],
            scale: 20,
            mark: "",
            colour: "",
        },
    ],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::Mini,
    year: 2003,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let scoring = match ctx.variant("scoring") {
        "default" => Scoring::PerFeature,
        "10/20" => Scoring::TenPerTitle,
        "15/40" => Scoring::FifteenOrForty,
        "continuously" => Scoring::Continuously,
        other => return Err(format!("unknown scoring `{other}`")),
    };
    Ok(expansion::boxed(KingAndRobberBaron {
        scoring,
        king: ctx.part_on(PART_KING),
        robber_baron: ctx.part_on(PART_ROBBER_BARON),
    }))
}

/// What the titles are worth (variant `scoring`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scoring {
    /// `default`: at the end, 1 point per city (King) or road (Robber
    /// Baron) completed during the game.
    PerFeature,
    /// `10/20`: at the end, 10 points per title held.
    TenPerTitle,
    /// `15/40`: at the end, 15 points for holding one title, 40 for both.
    FifteenOrForty,
    /// `continuously`: whenever cities or roads are completed, the player
    /// who held the title when the turn's scoring began scores 1 point for
    /// each; nothing at the end.
    Continuously,
}

/// The rules for one game.
struct KingAndRobberBaron {
    scoring: Scoring,
    /// Whether the King's part is on (cities count for a title).
    king: bool,
    /// Whether the Robber Baron's part is on (roads count for a title).
    robber_baron: bool,
}

/// Who holds the two tiles and what they were won with. Everything here is
/// public.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// The King's holder, once a city has been completed.
    pub king: Option<u8>,
    /// Tiles in the largest city completed so far (0 before the first).
    pub king_size: u32,
    /// The Robber Baron's holder, once a road has been completed.
    pub robber_baron: Option<u8>,
    /// Tiles in the largest road completed so far (0 before the first).
    pub robber_baron_size: u32,
    /// Cities completed during the game (what the King scores at the end).
    pub cities_completed: u32,
    /// Roads completed during the game (what the Robber Baron scores at the end).
    pub roads_completed: u32,
    /// Under `continuously`: the holders as the turn's scoring began, who
    /// score this turn's completions (JCloisterZone pays the holder before
    /// the titles change hands).
    #[serde(skip)]
    holders_before: (Option<u8>, Option<u8>),
}

/// King & Robber Baron asks no decisions: this type has no values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {}

impl Expansion for KingAndRobberBaron {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        match self.scoring {
            Scoring::Continuously => Hooks::BEFORE_SCORING | Hooks::FEATURE_COMPLETED,
            _ => Hooks::FEATURE_COMPLETED | Hooks::FINAL_SCORING,
        }
    }

    fn before_scoring(&self, state: &mut State, _ctx: &mut Ctx<'_>) {
        if self.scoring == Scoring::Continuously {
            state.holders_before = (state.king, state.robber_baron);
        }
    }

    // The completer is the player whose placement closed the feature, whether
    // or not they (or anyone) have followers in it.
    fn feature_completed(&self, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
        let view = ctx.view();
        let kind = view.features().kind(feature);
        // A title that is off is never handed out (nor counts completions).
        if (kind == FeatureKind::CITY && !self.king) || (kind == FeatureKind::ROAD && !self.robber_baron) {
            return;
        }
        let (holder, record, count, title, paid) = match kind {
            FeatureKind::CITY => (
                &mut state.king,
                &mut state.king_size,
                &mut state.cities_completed,
                "king",
                state.holders_before.0,
            ),
            FeatureKind::ROAD => (
                &mut state.robber_baron,
                &mut state.robber_baron_size,
                &mut state.roads_completed,
                "robber-baron",
                state.holders_before.1,
            ),
            _ => return,
        };
        *count += 1;
        let size = view.features().tile_count(feature);
        let turn_player = view.turn().player;
        if self.scoring == Scoring::Continuously
            && let Some(player) = paid
        {
            ctx.score(player, 1, title);
        }
        if size > *record {
            let player = turn_player;
            *record = size;
            *holder = Some(player);
            ctx.log_with(|| serde_json::json!({ title: player, "size": size }));
        }
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        // What holding a title is worth under the game's `scoring` variant.
        let worth = |done: u32, plural: &str| match self.scoring {
            Scoring::PerFeature => format!("worth {done} at the end, one per {plural} completed"),
            Scoring::TenPerTitle => "worth 10 at the end".to_string(),
            Scoring::FifteenOrForty => "worth 15 at the end, 40 with the other title".to_string(),
            Scoring::Continuously => format!("1 point for each {plural} completed while held"),
        };
        let title = |holder: Option<u8>, name: &str, size: u32, what: &str, done: u32, plural: &str| match holder {
            Some(p) => Line::about(
                p,
                format!("holds the {name}: {what} of {} ({})", tiles(size), worth(done, plural)),
            ),
            None => Line::new(format!("The {name}: nobody yet (the first {what} completed takes it)")),
        };
        let mut lines = Vec::new();
        if self.king {
            lines.push(title(
                state.king,
                "King",
                state.king_size,
                "city",
                state.cities_completed,
                "city",
            ));
        }
        if self.robber_baron {
            lines.push(title(
                state.robber_baron,
                "Robber Baron",
                state.robber_baron_size,
                "road",
                state.roads_completed,
                "road",
            ));
        }
        lines
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // In the order of `INFO.counters`: titles, largest, completed.
        if let Some(king) = state.king {
            out.seat(0, king, 0, 1);
        }
        if let Some(robber_baron) = state.robber_baron {
            out.seat(0, robber_baron, 1, 1);
        }
        out.game(1, 0, state.king_size as i32);
        out.game(1, 1, state.robber_baron_size as i32);
        out.game(2, 0, state.cities_completed as i32);
        out.game(2, 1, state.roads_completed as i32);
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let size = detail.get("size")?.as_u64()? as u32;
        let (title, what) = if let Some(p) = detail.get("king").and_then(serde_json::Value::as_u64) {
            (("King", p), "city")
        } else {
            (("Robber Baron", detail.get("robber-baron")?.as_u64()?), "road")
        };
        Some(Line::about(
            title.1 as u8,
            format!("takes the {}: the largest {what} so far ({})", title.0, tiles(size)),
        ))
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let (king, robber_baron) = (state.king, state.robber_baron);
        let mut give = |player: Option<u8>, points: i32, source: &str| {
            if let Some(player) = player
                && points > 0
            {
                ctx.score(player, points, source);
            }
        };
        match self.scoring {
            Scoring::PerFeature => {
                give(king, state.cities_completed as i32, "king");
                give(robber_baron, state.roads_completed as i32, "robber-baron");
            }
            Scoring::TenPerTitle => {
                give(king, 10, "king");
                give(robber_baron, 10, "robber-baron");
            }
            Scoring::FifteenOrForty if king.is_some() && king == robber_baron => give(king, 40, "both"),
            Scoring::FifteenOrForty => {
                give(king, 15, "king");
                give(robber_baron, 15, "robber-baron");
            }
            Scoring::Continuously => {}
        }
    }
}

/// "1 tile", "9 tiles".
fn tiles(n: u32) -> String {
    if n == 1 { "1 tile".into() } else { format!("{n} tiles") }
}
