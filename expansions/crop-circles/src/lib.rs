//! Crop Circles I and II (docs/expansions/crop-circles.md): twelve tiles
//! with a crop circle; after a crop circle tile's turn is scored, its
//! player chooses whether every player adds a follower of the circle's kind
//! or removes one.
//!
//! - A crop circle tile carries `[tile.crop-circles] circle = "field" |
//!   "road" | "city"`: the farmers, highwaymen or knights it affects (a
//!   follower of any kind standing on a feature of that kind).
//! - After the turn's scoring, the tile's player chooses `add` or `remove`
//!   (`{"crop-circles": {"choose": "add"}}`). Then each player in turn,
//!   from the one on their left round to themselves, with a follower of
//!   the circle's kind on the board:
//!   - add: may put one follower from their supply next to one of theirs
//!     of that kind, on the same feature of the same tile, however
//!     occupied (`{"crop-circles": {"add": {"at": [1, 0], "feature":
//!     "road:E", "figure": "follower"}}}`), or not (`{"crop-circles":
//!     "pass"}`);
//!   - remove: must take one of theirs of that kind back to their supply,
//!     unscored (`{"crop-circles": {"remove": 3}}`, the figure's number).
//! - Nothing is asked when no player has a follower of the circle's kind
//!   on the board: the choice could change nothing.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, FeatureKind, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, Line, Pos, ValueKind,
    VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "crop-circles";

/// The circles' symbols, as tile files write them: the kind of feature
/// whose followers they affect.
pub const CIRCLES: [&str; 3] = ["field", "road", "city"];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Crop Circles I and II",
    version: env!("CARGO_PKG_VERSION"),
    description: "Crop circle tiles: their player chooses whether every player adds a follower of the circle's kind \
                  next to one of theirs, or removes one",
    tile_files: &[
        carcassonne_core::tile_file!("crop-circles-i.toml", "tiles/crop-circles-i.toml"),
        carcassonne_core::tile_file!("crop-circles-ii.toml", "tiles/crop-circles-ii.toml"),
    ],
    variants: &[
        VariantDecl {
            name: "crop_circle_add_where",
            label: "An added follower goes",
            kind: ValueKind::one_of(&["same-tile", "same-feature"]),
            default: "same-tile",
            description: "same-tile: next to one of the player's followers of the circle's kind, on the same feature \
                          of the same tile (Hans im Glück's rules; JCloisterZone); same-feature: on any tile of a \
                          feature holding one of them (the ZMG rules)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "crop_circle_add_mandatory",
            label: "Adding is compulsory",
            kind: ValueKind::Bool,
            default: "false",
            description: "false: under add, each player may add a follower or not (Hans im Glück: \"may\"; \
                          JCloisterZone); true: they must when they can (the ZMG rules)",
            earlier_defaults: &[],
        },
    ],
    attributes: &[AttributeDecl {
        key: "circle",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&CIRCLES),
        required: true,
        description: "the symbol in the crop circle: field (pitchfork, farmers), road (club, highwaymen) or city \
                          (shield, knights); the followers the circle's action adds or removes",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2010,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let circles = ctx
        .tiles
        .iter()
        .map(|t: &TileType| {
            let word = t.def.attribute(ID)?.get("circle")?.as_str()?;
            circle_kind(word)
        })
        .collect();
    Ok(expansion::boxed(CropCircles {
        circles,
        same_feature: ctx.variant("crop_circle_add_where") == "same-feature",
        add_mandatory: ctx.variant_bool("crop_circle_add_mandatory"),
    }))
}

/// The kind of feature a circle's word names.
fn circle_kind(word: &str) -> Option<FeatureKind> {
    match word {
        "field" => Some(FeatureKind::FIELD),
        "road" => Some(FeatureKind::ROAD),
        "city" => Some(FeatureKind::CITY),
        _ => None,
    }
}

/// The rules of one game.
struct CropCircles {
    /// By tile index, the kind of feature its circle affects.
    circles: Vec<Option<FeatureKind>>,
    /// `crop_circle_add_where = "same-feature"`.
    same_feature: bool,
    /// `crop_circle_add_mandatory = true`.
    add_mandatory: bool,
}

/// What the tile's player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Mode {
    /// Every player may add a follower of the circle's kind.
    Add,
    /// Every player must remove one.
    Remove,
}

/// The crop circle action under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Round {
    /// The kind of feature the circle affects (its index in the game's
    /// kinds of feature).
    pub kind: u8,
    /// Add or remove; `None` while the tile's player chooses.
    pub mode: Option<Mode>,
    /// The player deciding now (the tile's player while choosing).
    pub player: u8,
    /// The players still to come after them, in order (the tile's player
    /// last).
    pub queue: Vec<u8>,
}

/// The expansion's state: the round under way, if any.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The crop circle action under way.
    pub round: Option<Round>,
}

/// The crop circle's decisions, as records write them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The tile's player chooses what every player does.
    Choose(Mode),
    /// Put a follower from the supply on this feature of this tile.
    Add {
        /// The tile.
        at: Pos,
        /// The feature's stable name there (`road:E`).
        feature: String,
        /// The kind of follower (`follower`, `big-follower`, `mayor`).
        #[serde(default = "default_figure")]
        figure: String,
    },
    /// Take this follower (its figure number) back to the supply.
    Remove(FigureId),
    /// Add nothing.
    Pass,
}

fn default_figure() -> String {
    "follower".to_string()
}

/// The followers of `player` standing on a feature of kind `kind`.
fn matching<'v>(view: &'v CoreState, player: u8, kind: FeatureKind) -> impl Iterator<Item = &'v PlacedFigure> + 'v {
    let tables = view.tables();
    view.figures().iter().filter(move |f| {
        f.owner == player
            && matches!(f.spot, Spot::Feature(_))
            && f.node.is_some_and(|n| view.features().kind(n) == kind)
            && tables
                .figures()
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower)
    })
}

/// The kinds of follower `player` has in supply that may stand on a
/// feature of kind `kind`.
fn addable(view: &CoreState, player: u8, kind: FeatureKind) -> Vec<u8> {
    let tables = view.tables();
    (0..tables.figures().len() as u8)
        .filter(|&k| {
            tables.figures()[k as usize].class == FigureClass::Follower
                && view.supply(player, k) > 0
                && tables.figure_may_stand(k, kind)
        })
        .collect()
}

/// A circle's kind back from its index (a base game kind: road, city or
/// field).
fn kind_of(index: u8) -> FeatureKind {
    FeatureKind::BASE
        .get(index as usize)
        .copied()
        .unwrap_or(FeatureKind::FIELD)
}

/// "farmers", "highwaymen", "knights".
fn role_plural(kind: FeatureKind) -> &'static str {
    if kind == FeatureKind::FIELD {
        "farmers"
    } else if kind == FeatureKind::ROAD {
        "highwaymen"
    } else {
        "knights"
    }
}

/// "farmer", "highwayman", "knight".
fn role_word(kind: FeatureKind) -> &'static str {
    if kind == FeatureKind::FIELD {
        "farmer"
    } else if kind == FeatureKind::ROAD {
        "highwayman"
    } else {
        "knight"
    }
}

fn figure_word(view: &CoreState, kind: u8) -> String {
    view.tables()
        .figures()
        .get(kind as usize)
        .map_or("follower".to_string(), |d| d.name.to_lowercase())
}

impl CropCircles {
    /// The places `player` may add a follower: (tile, feature index), each
    /// once, in the order of their followers on the board.
    fn add_places(&self, view: &CoreState, player: u8, kind: FeatureKind) -> Vec<(Pos, usize)> {
        let mut out: Vec<(Pos, usize)> = Vec::new();
        for f in matching(view, player, kind) {
            let Spot::Feature(fi) = f.spot else { continue };
            if self.same_feature {
                let Some(node) = f.node else { continue };
                for member in view.features().members(node) {
                    let placed = view.tile_of_node(member);
                    let place = (placed.pos, view.feature_index(member));
                    if !out.contains(&place) {
                        out.push(place);
                    }
                }
            } else if !out.contains(&(f.pos, fi as usize)) {
                out.push((f.pos, fi as usize));
            }
        }
        out
    }

    /// Whether `player` has something to do in the round.
    fn acts(&self, view: &CoreState, player: u8, kind: FeatureKind, mode: Mode) -> bool {
        matching(view, player, kind).next().is_some()
            && (mode == Mode::Remove || !addable(view, player, kind).is_empty())
    }

    /// Asks the next player in the round who has something to do, or ends
    /// the round.
    fn next(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let Some(round) = state.round.as_mut() else { return };
        let (kind, Some(mode)) = (kind_of(round.kind), round.mode) else {
            return;
        };
        while !round.queue.is_empty() {
            let p = round.queue.remove(0);
            if self.acts(ctx.view(), p, kind, mode) {
                round.player = p;
                ctx.ask(p);
                return;
            }
        }
        state.round = None;
    }
}

impl Expansion for CropCircles {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_SCORING
    }

    // Only a crop circle tile's turn.
    fn armed_hooks(&self) -> Hooks {
        Hooks::AFTER_SCORING
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.circles.get(tile.index as usize).copied().flatten().is_some() {
            Hooks::AFTER_SCORING
        } else {
            Hooks::NONE
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let view = ctx.view();
        let Some(placed) = view.placed_this_turn() else { return };
        let Some(kind) = self.circles.get(placed.tile as usize).copied().flatten() else {
            return;
        };
        let players = view.players() as u8;
        // The choice changes nothing when nobody has a follower of the
        // circle's kind on the board.
        if !(0..players).any(|p| matching(view, p, kind).next().is_some()) {
            ctx.log_with(|| json!({ "circle": kind.index(), "nobody": true }));
            return;
        }
        let active = view.turn().player;
        state.round = Some(Round {
            kind: kind.index() as u8,
            mode: None,
            player: active,
            queue: (1..=players).map(|i| (active + i) % players).collect(),
        });
        ctx.ask(active);
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        let Some(round) = &state.round else { return };
        let kind = kind_of(round.kind);
        match round.mode {
            None => {
                out.push(Action::Choose(Mode::Add));
                out.push(Action::Choose(Mode::Remove));
            }
            Some(Mode::Remove) => {
                // Two of the player's figures of one kind on one feature of
                // one tile (the circle's `add` put one next to the other)
                // are the same choice: only the first is listed, so that
                // every option reads differently.
                let mut listed: Vec<(u8, Pos, Spot)> = Vec::new();
                for f in matching(view, player, kind) {
                    if !listed.contains(&(f.kind, f.pos, f.spot)) {
                        listed.push((f.kind, f.pos, f.spot));
                        out.push(Action::Remove(f.id));
                    }
                }
            }
            Some(Mode::Add) => {
                let kinds = addable(view, player, kind);
                for (at, fi) in self.add_places(view, player, kind) {
                    let feature = view.feature_name(at, fi);
                    for &k in &kinds {
                        out.push(Action::Add {
                            at,
                            feature: feature.clone(),
                            figure: view.tables().figures()[k as usize].id.to_string(),
                        });
                    }
                }
                if !self.add_mandatory || out.is_empty() {
                    out.push(Action::Pass);
                }
            }
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Some(round) = state.round.as_mut() else { return };
        let kind = kind_of(round.kind);
        match action {
            Action::Choose(mode) => {
                round.mode = Some(*mode);
                ctx.log_with(|| json!({ "chose": player, "mode": mode, "circle": kind.index() }));
            }
            Action::Add { at, feature, figure } => {
                let view = ctx.view();
                let (Ok(fi), Some(k)) = (view.feature_by_name(*at, feature), view.tables().figure_index(figure)) else {
                    return; // listed options only: never taken
                };
                ctx.deploy_figure(player, k, *at, Spot::Feature(fi as u8));
                ctx.log_with(|| json!({ "added": player, "kind": k, "at": [at.x, at.y], "feature": fi }));
            }
            Action::Remove(id) => {
                let Some(f) = ctx.view().figure(*id).copied() else {
                    return;
                };
                ctx.return_figure(*id);
                let fi = match f.spot {
                    Spot::Feature(fi) => fi,
                    _ => 0,
                };
                ctx.log_with(|| json!({ "removed": player, "kind": f.kind, "at": [f.pos.x, f.pos.y], "feature": fi }));
            }
            Action::Pass => {}
        }
        self.next(state, ctx);
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match state.round.as_ref().and_then(|r| r.mode) {
            None => "choose the crop circle's action",
            Some(Mode::Add) => "add a follower (crop circle)",
            Some(Mode::Remove) => "remove a follower (crop circle)",
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        let kind = kind_of(state.round.as_ref()?.kind);
        let role = role_word(kind);
        Some(match action {
            Action::Choose(Mode::Add) => {
                format!("Every player may add a {role} next to one of theirs")
            }
            Action::Choose(Mode::Remove) => format!("Every player removes one of their {}", role_plural(kind)),
            Action::Add { at, feature, figure } => {
                let fi = view.feature_by_name(*at, feature).ok()?;
                let k = view.tables().figure_index(figure)?;
                format!(
                    "Add your {} to the {} {}",
                    figure_word(view, k),
                    view.feature_words(*at, fi)?,
                    view.place_words(*at)
                )
            }
            Action::Remove(id) => {
                let f = view.figure(*id)?;
                let Spot::Feature(fi) = f.spot else { return None };
                format!(
                    "Take your {} back from the {} {}, without scoring",
                    figure_word(view, f.kind),
                    view.feature_words(f.pos, fi as usize)?,
                    view.place_words(f.pos)
                )
            }
            Action::Pass => format!("Add no {role}"),
        })
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        let Some(round) = &state.round else { return Vec::new() };
        let role = role_word(kind_of(round.kind));
        vec![match round.mode {
            None => Line::about(
                round.player,
                format!("chooses for the crop circle: every player adds a {role}, or removes one"),
            ),
            Some(Mode::Add) => Line::about(
                round.player,
                format!("may add a {role} next to one of theirs (crop circle)"),
            ),
            Some(Mode::Remove) => Line::about(
                round.player,
                format!(
                    "removes one of their {} (crop circle)",
                    role_plural(kind_of(round.kind))
                ),
            ),
        }]
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(player) = detail.get("chose").and_then(|p| p.as_u64()) {
            let role = role_word(kind_of(detail.get("circle")?.as_u64()? as u8));
            let add = detail.get("mode")?.as_str()? == "add";
            return Some(Line::about(
                player as u8,
                if add {
                    format!("chooses for the crop circle: every player may add a {role}")
                } else {
                    format!("chooses for the crop circle: every player removes a {role}")
                },
            ));
        }
        if detail.get("nobody").is_some() {
            let role = role_word(kind_of(detail.get("circle")?.as_u64()? as u8));
            return Some(Line::new(format!(
                "Nobody has a {role} on the board: the crop circle does nothing"
            )));
        }
        let (player, verb) = if let Some(p) = detail.get("added") {
            (p.as_u64()?, "adds")
        } else {
            (detail.get("removed")?.as_u64()?, "takes back")
        };
        let kind = detail.get("kind")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let pos = Pos::from(at);
        let fi = detail.get("feature")?.as_u64()? as usize;
        let words = view.feature_words(pos, fi).unwrap_or_else(|| "feature".to_string());
        let preposition = if verb == "adds" { "to" } else { "from" };
        Some(Line::about(
            player as u8,
            format!(
                "{verb} a {} {preposition} the {words} {} (crop circle)",
                figure_word(view, kind),
                view.place_words_from_start(pos)
            ),
        ))
    }
}
