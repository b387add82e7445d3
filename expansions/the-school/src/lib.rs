//! The School (Hans im Glück, 2011; docs/expansions/the-school.md): two
//! school tiles beside the start tile, six roads leading to the school, and
//! a neutral teacher who copies the next feature's points.
//!
//! "A player who completes one or more of the roads leading to the school
//! scores the road(s) as normal and then obtains the teacher meeple after
//! the scoring. [...] When the next feature is completed and scored, the
//! player with the teacher scores the same number of points. If the player
//! with the teacher is the player who scores for the next feature, he
//! scores the points twice. After scoring points with the teacher, the
//! teacher meeple must be returned to the school."
//!
//! - **Preparation**: the two tiles are laid at the start beside the start
//!   tile, east or west of it (`side`), and the teacher, a figure of
//!   nobody's, stands on the school.
//! - **The teacher's points**: the features scored during a turn while a
//!   player holds the teacher are noted; after the turn's scoring the holder
//!   scores the points of one of them ("the next feature") and the teacher
//!   goes back to the school. When they differ, the footnote's chooser picks
//!   which: the one player who scored them all, or else the holder.
//! - **Taking the teacher**: after that, the turn's player takes the teacher
//!   if the tile completed a road leading to the school, scored or not (from
//!   the school, or straight from its holder when nothing was scored).
//! - **All roads completed**: the teacher "will not leave the school
//!   again"; `last_road` says whether the player who completes the last
//!   road still takes it once.
//!
//! Written with the authoring kit only: tiles laid at the start, a feature
//! kind, a neutral figure, a decision, a score source.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{NEUTRAL, Spot};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, FeatureKindDecl, KindScoring, KindShape, TileArrangement,
};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, FeatureScoring, FigureClass,
    FigureDecl, FigurePlacement, Line, Pos, Recall, Rotation, ScoringMoment, Strength, ValueKind, VariantDecl,
    register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-school";

/// The school: inside its tiles like a cloister, the teacher's place; never
/// scored, and no follower goes there.
pub const SCHOOL: FeatureKindDecl = FeatureKindDecl {
    name: "school",
    label: "school",
    shape: KindShape::Inner,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#c8a26e",
};

/// The teacher: one in the game, belonging to nobody ("a translucent
/// teacher meeple in a random color (belonging to no player)"). While at
/// the school it stands on a school tile; while a player holds it, it is
/// off the board and the state names the holder.
pub const TEACHER: FigureDecl = FigureDecl {
    id: "teacher",
    name: "Teacher",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The School",
    version: env!("CARGO_PKG_VERSION"),
    description: "Two school tiles beside the start tile; whoever completes a road to the school takes the teacher, \
                  who scores the points of the next feature scored",
    // Each lays its own start in place of the normal start tile, which the
    // school tiles go beside ("issues can arise", the fine print says).
    conflicts: &["river", "river-ii", "count-of-carcassonne", "spiel-doch", "wind-roses"],
    tile_files: &[carcassonne_core::tile_file!("the-school.toml", "tiles/the-school.toml")],
    variants: &[
        VariantDecl {
            name: "side",
            label: "Where the school is laid",
            kind: ValueKind::one_of(&["east", "west"]),
            default: "east",
            description: "east or west of the start tile, touching its road: \"The school tiles may be placed either \
                          to the left or the right of the normal starting tile\"",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "last_road",
            label: "When the last road to the school is completed",
            kind: ValueKind::one_of(&["taken", "stays"]),
            default: "taken",
            description: "taken: its player still takes the teacher, who copies one more score and then stays at \
                          the school (the teacher is used a sixth time, as a review reads the rule); stays: the \
                          teacher stays at the school at once (\"will not leave the school again\")",
            earlier_defaults: &[],
        },
    ],
    figures: &[TEACHER],
    score_sources: &[""],
    score_source_names: &["Teacher"],
    attributes: &[AttributeDecl {
        key: "half",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&["west", "east"]),
        required: true,
        description: "which half of the school the tile shows: the west half has the school on its east side; the \
                      expansion lays both beside the start tile",
    }],
    check_attributes: expansion::schema_only,
    feature_kinds: &[SCHOOL],
    build,
    group: ExpansionGroup::Mini,
    year: 2011,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let half = |word: &str| {
        ctx.tiles.iter().position(|t| {
            t.def
                .attributes
                .get(ID)
                .and_then(|v| v.get("half"))
                .and_then(|v| v.as_str())
                == Some(word)
        })
    };
    let (Some(west), Some(east)) = (half("west"), half("east")) else {
        return Err("the school needs a tile of each half (`half = \"west\"` and `\"east\"`)".into());
    };
    Ok(expansion::boxed(School {
        west: west as u16,
        east: east as u16,
        on_west: ctx.variant("side") == "west",
        last_stays: ctx.variant("last_road") == "stays",
    }))
}

/// The rules of one game.
struct School {
    /// The tile index of the west half.
    west: u16,
    /// The tile index of the east half.
    east: u16,
    /// `side = "west"`.
    on_west: bool,
    /// `last_road = "stays"`.
    last_stays: bool,
}

impl School {
    /// Where the two halves lie: (west half, east half). The start tile is
    /// at (0, 0); the half touching it meets its road.
    fn places(&self) -> (Pos, Pos) {
        if self.on_west {
            (Pos::new(-2, 0), Pos::new(-1, 0))
        } else {
            (Pos::new(1, 0), Pos::new(2, 0))
        }
    }

    /// The tile the teacher stands on: the half touching the start tile.
    fn home(&self) -> Pos {
        let (w, e) = self.places();
        if self.on_west { e } else { w }
    }
}

/// A feature scored while a player held the teacher.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Scored {
    /// A node of the feature.
    pub feature: NodeId,
    /// Its kind.
    pub kind: FeatureKind,
    /// The points each winner scored.
    pub points: i32,
    /// Who scored them.
    pub winners: Vec<u8>,
}

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The player holding the teacher; `None` while it is at the school.
    pub holder: Option<u8>,
    /// Every road leading to the school is completed and the teacher
    /// stays at the school for good.
    pub retired: bool,
    /// The teacher goes home for good after its next use (`last_road =
    /// "taken"`, the last road completed).
    pub last_use: bool,
    /// The features scored this turn while the teacher was held.
    pub scored: Vec<Scored>,
    /// The player asked which of them the teacher copies.
    pub choosing: Option<u8>,
    /// The player taking the teacher once the choice is made.
    pub taker: Option<u8>,
    /// Each road end at the school (tile, feature index) and whether its
    /// road has been completed.
    #[serde(skip)]
    ends: Vec<(Pos, usize, bool)>,
    /// The teacher's figure kind.
    #[serde(skip)]
    teacher: u8,
    /// The teacher stands on the school (as the board will have it once
    /// this hook's changes are applied).
    #[serde(skip)]
    at_school: bool,
}

impl State {
    /// The player holding the teacher, if one does.
    pub fn holder(&self) -> Option<u8> {
        self.holder
    }
}

/// A decision of The School, as a record writes it under `"the-school"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The teacher copies the points of the turn's `n`-th scored feature
    /// (from 0, in the order they were scored).
    Copy(usize),
}

impl School {
    /// After the turn's scoring: the teacher's points, then who takes it.
    fn settle_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if state.choosing.is_some() {
            return;
        }
        let view = ctx.view();
        let mut completed = false;
        for end in &mut state.ends {
            if !end.2 && view.node_at(end.0, end.1).is_some_and(|n| view.is_complete(n)) {
                end.2 = true;
                completed = true;
            }
        }
        if completed && !state.retired {
            state.taker = Some(view.turn().player);
        }
        if let Some(holder) = state.holder
            && !state.scored.is_empty()
        {
            let first = state.scored[0].points;
            if state.scored.iter().any(|s| s.points != first) {
                // "If multiple features are completed with a single tile
                // placement and all points go to one player, that player
                // chooses what order the features are scored in [...]. If
                // [...] more than one player is receiving points, the holder
                // of the teacher decides which score he will receive."
                let mut scorers: Vec<u8> = state.scored.iter().flat_map(|s| s.winners.iter().copied()).collect();
                scorers.sort_unstable();
                scorers.dedup();
                let chooser = if let [one] = scorers[..] { one } else { holder };
                state.choosing = Some(chooser);
                ctx.ask(chooser);
                return;
            }
            self.copy(state, ctx, 0);
        }
        self.hand_over(state, ctx);
    }

    /// The holder scores the points of the `n`-th noted feature, and the
    /// teacher goes back to the school.
    fn copy(&self, state: &mut State, ctx: &mut Ctx<'_>, n: usize) {
        let (Some(holder), Some(s)) = (state.holder, state.scored.get(n)) else {
            return;
        };
        let points = s.points;
        ctx.score(holder, points, "");
        ctx.log_with(|| json!({ "teacher": holder, "points": points }));
        state.holder = None;
        if state.last_use {
            state.retired = true;
        }
        // Back to the school, unless the turn's player takes it at once.
        if state.taker.is_none() || state.retired {
            self.send_home(state, ctx);
        }
    }

    /// Puts the teacher back on the school, if it is not there.
    fn send_home(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if !state.at_school {
            ctx.place_neutral(state.teacher, self.home(), Spot::Tile);
            state.at_school = true;
        }
    }

    /// The turn's player takes the teacher if they completed a road to the
    /// school: from the school, or from its holder when it scored nothing.
    fn hand_over(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        state.scored.clear();
        state.choosing = None;
        let Some(taker) = state.taker.take() else {
            return;
        };
        if state.retired {
            return;
        }
        let all_done = state.ends.iter().all(|e| e.2);
        if all_done && self.last_stays {
            // "Now the teacher has plenty of students and will not leave the
            // school again": back to the school at once, for good.
            state.holder = None;
            state.retired = true;
            self.send_home(state, ctx);
            return;
        }
        if state.at_school {
            if let Some(f) = ctx
                .view()
                .figures()
                .iter()
                .find(|f| f.owner == NEUTRAL && f.kind == state.teacher)
            {
                ctx.return_figure(f.id);
            }
            state.at_school = false;
        }
        state.holder = Some(taker);
        state.last_use = all_done;
        ctx.log_with(|| json!({ "takes": taker }));
    }
}

impl Expansion for School {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        let teacher = view.tables().figure_index(TEACHER.id).unwrap_or(u8::MAX);
        let mut ends = Vec::new();
        let (w, e) = self.places();
        for pos in [w, e] {
            if let Some(placed) = view.board().get(pos) {
                for (fi, f) in view.tables().tile(placed.tile).def.features.iter().enumerate() {
                    if f.kind == FeatureKind::ROAD {
                        ends.push((pos, fi, false));
                    }
                }
            }
        }
        let at_school = view.neutral_supply(teacher) > 0 && view.board().get(self.home()).is_some();
        if at_school {
            ctx.place_neutral(teacher, self.home(), Spot::Tile);
        }
        State {
            ends,
            teacher,
            at_school,
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_SCORED | Hooks::AFTER_SCORING | Hooks::END_OF_TURN
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        // Each must touch one laid before it: the half beside the start
        // tile first.
        let (w, e) = self.places();
        if self.on_west {
            tiles.add_start(self.east, e, Rotation::NONE);
            tiles.add_start(self.west, w, Rotation::NONE);
        } else {
            tiles.add_start(self.west, w, Rotation::NONE);
            tiles.add_start(self.east, e, Rotation::NONE);
        }
    }

    fn feature_scored(&self, state: &mut State, _ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        // "When the next feature is completed and scored": during play, a
        // score someone received (an unoccupied road scores none).
        if state.holder.is_none() || scoring.moment == ScoringMoment::Final {
            return;
        }
        if scoring.points > 0 && !scoring.winners.is_empty() {
            state.scored.push(Scored {
                feature: scoring.feature,
                kind: scoring.kind,
                points: scoring.points,
                winners: scoring.winners.clone(),
            });
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.settle_turn(state, ctx);
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // A feature an expansion scored after the turn's scoring.
        self.settle_turn(state, ctx);
    }

    fn options(&self, state: &State, _view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if state.choosing == Some(player) {
            // One option for each number of points: two features worth the
            // same give the teacher the same.
            let scored = &state.scored;
            out.extend(
                (0..scored.len())
                    .filter(|&i| !scored[..i].iter().any(|s| s.points == scored[i].points))
                    .map(Action::Copy),
            );
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        if state.choosing != Some(player) {
            return;
        }
        let Action::Copy(n) = *action;
        self.copy(state, ctx, n.min(state.scored.len().saturating_sub(1)));
        self.hand_over(state, ctx);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "which score the teacher copies"
    }

    fn option_label(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        let Action::Copy(n) = *action;
        let s = state.scored.get(n)?;
        let holder = view.player_name(state.holder?);
        Some(format!(
            "{holder}'s teacher copies the {} worth {} points",
            view.tables().kind_label(s.kind),
            s.points
        ))
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        vec![match state.holder {
            Some(p) => Line::about(p, "Holds the teacher"),
            None if state.retired => Line::new("The teacher stays at the school for good"),
            None => Line::new("The teacher is at the school"),
        }]
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(p) = detail.get("teacher").and_then(|v| v.as_u64()) {
            let points = detail.get("points")?.as_i64()?;
            return Some(Line::about(
                p as u8,
                format!("The teacher scores {points} points for them and goes back to the school"),
            ));
        }
        let p = detail.get("takes")?.as_u64()?;
        Some(Line::about(p as u8, "Takes the teacher"))
    }
}
