//! Gambler's Luck (docs/expansions/gamblers-luck.md), a fan expansion by
//! Carcassonne Central member Snearone: a die rolled for every
//! question-marked coat of arms when its tile is placed.
//!
//! "When a tile with question-marked coat of arms is placed this turn, roll
//! a die to determine outcome: 1/2/3 - the number of additional coat of arms
//! for the city with question-marked coat of arms. 4 – red "X", loss of all
//! coats of arms throughout the city. 5/6 – nothing." The roll comes after
//! the follower step and before scoring (`after_deploy`, armed by the
//! question-marked tiles), one per question-marked city of the tile, drawn
//! from the game's seeded random numbers and logged. Its token lies on the
//! city and is what the core counts: `Ctx::add_pennants` for 1 to 3 coats
//! of arms ("Each coat of arms on the token is considered as printed on a
//! tile"), `Ctx::void_pennants` for the red X, which the core carries into
//! every city the city joins later. Scoring, the mayor's strength and every
//! other expansion counting coats of arms then agree.
//!
//! Written with the authoring kit: a city attribute, a variant, a companion
//! (Abbey & Mayor's mayor switches the dice table), an armed hook, a log
//! detail in words, tile counters and presented lines; one core addition
//! made for it, generic: an expansion may add coats of arms to a feature or
//! void them (`Ctx::add_pennants`, `Ctx::void_pennants`).

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::geometry::Pos;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    FeatureKind, Line, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "gamblers-luck";

/// The companion whose mayor switches the dice table.
const ABBEY_AND_MAYOR: &str = "abbey-and-mayor";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Gambler's Luck",
    version: env!("CARGO_PKG_VERSION"),
    description: "A die for each question-marked coat of arms: extra coats of arms for its city, or a red X that voids them all",
    tile_files: &[carcassonne_core::tile_file!(
        "gamblers-luck.toml",
        "tiles/gamblers-luck.toml"
    )],
    companions: &[ABBEY_AND_MAYOR],
    variants: &[VariantDecl {
        name: "dice",
        label: "Dice table",
        kind: ValueKind::one_of(&["auto", "regular", "mayor"]),
        default: "auto",
        description: "regular: 1-3 that many extra coats of arms, 4 a red X, 5-6 nothing; mayor (the page's \
                      suggestion when the Mayor is used): 1-2 that many, 3-4 a red X, 5-6 nothing; auto: the \
                      mayor table while Abbey & Mayor's mayor is in the game, as FanCloisterZone does",
        earlier_defaults: &[],
    }],
    attributes: &[AttributeDecl {
        key: "question_mark",
        on: &[AttributePlace::City],
        kind: ValueKind::Bool,
        required: true,
        description: "this city shows a question-marked coat of arms: a die is rolled for it when the tile is placed",
    }],
    check_attributes,
    counters: &[
        CounterDecl {
            id: "extra",
            label: "Extra coats of arms on a token",
            scope: CounterScope::Tile,
            values: &[],
            scale: 3,
            mark: "+",
            colour: "#c9a227",
        },
        CounterDecl {
            id: "void",
            label: "A red X: the city has no coats of arms",
            scope: CounterScope::Tile,
            values: &[],
            scale: 1,
            mark: "X",
            colour: "#c0392b",
        },
    ],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `question_mark = false` says nothing a missing table would not.
fn check_attributes(
    _feature: Option<FeatureKind>,
    table: &carcassonne_core::toml::Value,
) -> Vec<carcassonne_core::tiles::AttributeProblem> {
    match table.get("question_mark").and_then(|v| v.as_bool()) {
        Some(false) => vec![carcassonne_core::tiles::AttributeProblem::new(
            &["question_mark"],
            "`question_mark` must be `true` (leave the table out when there is none)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let marked = ctx
        .tiles
        .iter()
        .map(|t| {
            t.def
                .features
                .iter()
                .enumerate()
                .filter(|(fi, f)| {
                    t.feature_kind(*fi) == FeatureKind::CITY
                        && f.attributes
                            .get(ID)
                            .and_then(|v| v.get("question_mark"))
                            .and_then(|v| v.as_bool())
                            == Some(true)
                })
                .map(|(fi, _)| fi as u8)
                .collect()
        })
        .collect();
    let mayor_in_game = ctx.companion(ABBEY_AND_MAYOR).is_some_and(|am| am.part_on("mayor"));
    let mayor_table = match ctx.variant("dice") {
        "regular" => false,
        "mayor" => true,
        _ => mayor_in_game,
    };
    Ok(expansion::boxed(GamblersLuck { marked, mayor_table }))
}

/// What a token shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Face {
    /// 1 to 3 coats of arms, each as if printed on the tile.
    CoatsOfArms(u8),
    /// The red X: the city, and every city it joins, has no coats of arms.
    X,
    /// Nothing.
    Blank,
}

impl Face {
    /// The face in words.
    fn words(self) -> String {
        match self {
            Face::CoatsOfArms(1) => "1 more coat of arms".to_string(),
            Face::CoatsOfArms(n) => format!("{n} more coats of arms"),
            Face::X => "a red X: no coats of arms in the whole city".to_string(),
            Face::Blank => "nothing".to_string(),
        }
    }
}

/// A token laid for a question-marked coat of arms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Token {
    /// The tile it lies on.
    pub pos: Pos,
    /// The city it belongs to: the index of the feature in the tile's
    /// definition.
    pub feature: u8,
    /// The die's face.
    pub roll: u8,
    /// What the token shows.
    pub face: Face,
}

/// The tokens on the board, in the order they were laid.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Every token laid so far.
    pub tokens: Vec<Token>,
}

/// The rules of one game.
struct GamblersLuck {
    /// By tile index: its question-marked cities (feature indices).
    marked: Vec<Vec<u8>>,
    /// The mayor's dice table (1–2 coats of arms, 3–4 the X).
    mayor_table: bool,
}

impl GamblersLuck {
    fn marked(&self, tile: u16) -> &[u8] {
        self.marked.get(tile as usize).map_or(&[], Vec::as_slice)
    }

    /// The token a roll gives under the game's table.
    fn face(&self, roll: u8) -> Face {
        match (roll, self.mayor_table) {
            (1..=2, _) | (3, false) => Face::CoatsOfArms(roll),
            (3..=4, _) => Face::X,
            _ => Face::Blank,
        }
    }
}

impl Expansion for GamblersLuck {
    type State = State;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn armed_hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.marked(tile.index).is_empty() {
            Hooks::NONE
        } else {
            Hooks::AFTER_DEPLOY
        }
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, _deployed: Option<&PlacedFigure>) {
        let Some(placed) = ctx.view().placed_this_turn().copied() else {
            return;
        };
        // Once per tile: a second deployment in the same turn (The
        // Phantom) comes back here.
        if state.tokens.iter().any(|t| t.pos == placed.pos) {
            return;
        }
        for &feature in self.marked(placed.tile) {
            let roll = ctx.random_below(6) as u8 + 1;
            let face = self.face(roll);
            let node = placed.first_node + u32::from(feature);
            match face {
                Face::CoatsOfArms(n) => ctx.add_pennants(node, u32::from(n)),
                Face::X => ctx.void_pennants(node),
                Face::Blank => {}
            }
            state.tokens.push(Token {
                pos: placed.pos,
                feature,
                roll,
                face,
            });
            ctx.log_with(|| json!({ "roll": roll, "token": face, "at": placed.pos, "feature": feature }));
        }
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for t in &state.tokens {
            match t.face {
                Face::CoatsOfArms(n) => out.tile(0, t.pos, 0, i32::from(n)),
                Face::X => out.tile(1, t.pos, 0, 1),
                Face::Blank => {}
            }
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        state
            .tokens
            .iter()
            .filter(|t| t.face != Face::Blank)
            .map(|t| {
                let place = view
                    .feature_words(t.pos, usize::from(t.feature))
                    .unwrap_or_else(|| "city".to_string());
                Line::new(format!("{place} at {}: {}", t.pos, t.face.words()))
            })
            .collect()
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let token: Token = serde_json::from_value(json!({
            "pos": detail.get("at")?,
            "feature": detail.get("feature")?,
            "roll": detail.get("roll")?,
            "face": detail.get("token")?,
        }))
        .ok()?;
        let place = view
            .feature_words(token.pos, usize::from(token.feature))
            .unwrap_or_else(|| "city".to_string());
        Some(Line::new(format!("Gambler's luck for the {place}: {}", token.face.words())).with_die(token.roll))
    }
}
