//! The Princess & the Dragon (docs/expansions/the-princess-and-the-dragon.md):
//! volcanoes, the dragon, the fairy, the princess and magic portals.
//!
//! - A **volcano** tile takes no figure on its features; the dragon lands
//!   on it (the first volcano brings it into play).
//! - A **dragon** tile drawn before the dragon is in play is set aside and
//!   goes back into the bag when the first volcano is placed. Once it is
//!   in play, each dragon tile placed sends it six tiles north, east,
//!   south or west, moved by the turn's player first and then by each
//!   player in turn; it never enters a tile twice in one flight nor the
//!   fairy's tile, and eats the figures on the tiles it enters (not barns,
//!   tower floors or neutral figures). A flight with nowhere to go ends.
//! - A player who deploys nothing may instead move the **fairy** next to
//!   one of their followers: it keeps the dragon off that tile, gives the
//!   follower's owner 1 point at the start of their turn and 3 when the
//!   follower's feature is scored. Under the 1st edition's
//!   `fairy_placement = "on-tile"` it stands on the tile, for every
//!   follower there.
//! - A **princess** tile joined to a city holding knights lets its player
//!   send one of those knights home instead of deploying.
//! - A **magic portal** tile lets its player deploy a follower on any
//!   unoccupied feature of the board that is not complete, not only on
//!   the new tile.
//!
//! The dragon and the fairy are neutral figures (one each, `neutral: 1`)
//! standing on tiles; the dragon's moves and the fairy and princess are
//! decisions the expansion asks through the generic decision API.

mod dragon;
mod fairy;
mod portal;
mod princess;

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, NEUTRAL, PlacedFigure, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem, TileType};
use carcassonne_core::toml;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Expansion,
    ExpansionInfo, FeatureKind, FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Line, PartDecl, Pos, Recall,
    Strength, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-princess-and-the-dragon";

/// Score source of the fairy's points.
pub const FAIRY_SOURCE: &str = "fairy";

/// Points the fairy's follower's owner scores at the start of their turn.
pub const FAIRY_TURN_POINTS: i32 = 1;

/// Points the fairy's follower's owner scores when its feature is scored.
pub const FAIRY_SCORING_POINTS: i32 = 3;

/// Tiles the dragon flies over after a dragon tile.
pub const FLIGHT: u8 = 6;

/// Part: volcanoes and dragon tiles move the dragon.
pub const PART_DRAGON: &str = "dragon";
/// Part: the fairy.
pub const PART_FAIRY: &str = "fairy";
/// Part: the princess sends a knight home.
pub const PART_PRINCESS: &str = "princess";
/// Part: magic portals.
pub const PART_PORTAL: &str = "portal";

/// The dragon: one in the game, belonging to nobody.
pub const DRAGON: FigureDecl = FigureDecl {
    id: "dragon",
    name: "Dragon",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The fairy: one in the game, belonging to nobody.
pub const FAIRY: FigureDecl = FigureDecl {
    id: "fairy",
    name: "Fairy",
    ..DRAGON
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Princess & the Dragon",
    version: env!("CARGO_PKG_VERSION"),
    description: "A dragon eats the figures on its way; the fairy protects and scores; the princess sends a knight \
                  home; magic portals deploy anywhere",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "the-princess-and-the-dragon.toml",
        "tiles/the-princess-and-the-dragon.toml"
    )],
    variants: &[
        VariantDecl {
            name: "dragon_moves",
            label: "When the dragon flies",
            kind: ValueKind::one_of(&["before-scoring", "after-scoring"]),
            default: "before-scoring",
            description: "when the dragon flies after a dragon tile: `before-scoring` as the 2nd edition and Hans im \
                          Glück (\"Then the dragon moves\", before scoring), `after-scoring` as Rio Grande's 1st \
                          edition (\"If placement of the tile completes a feature, it is scored as normal. Then, \
                          the game is briefly interrupted while the Dragon moves!\")",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "princess",
            label: "The princess may or must",
            kind: ValueKind::one_of(&["may", "must"]),
            default: "may",
            description: "whether a princess joined to a city with knights `may` send one home (2nd edition, Hans \
                          im Glück) or `must` (Rio Grande's and ZMG's 1st edition)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "fairy_final_scoring",
            label: "Fairy's 3 points at the end",
            kind: ValueKind::Bool,
            default: "true",
            description: "whether the fairy's 3 points are also scored when its follower's feature is scored at the \
                          end of the game (`true`, as the rules experts answer and JCloisterZone plays; `false`: \
                          only when the feature is completed)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "fairy_placement",
            label: "Where the fairy stands",
            kind: ValueKind::one_of(&["next-to-follower", "on-tile"]),
            default: "next-to-follower",
            description: "where the fairy goes: `next-to-follower`, one follower whose owner alone scores its points \
                          (Hans im Glück, the 2nd edition), or `on-tile` as Rio Grande's and ZMG's 1st edition \
                          (\"placed on the tile that has one of the player's followers\"): every follower on \
                          that tile scores them",
            earlier_defaults: &[],
        },
    ],
    figures: &[DRAGON, FAIRY],
    parts: &[
        PartDecl {
            id: PART_DRAGON,
            name: "Dragon",
            description: "volcanoes bring the dragon, dragon tiles send it six tiles, eating figures",
            figures: &[DRAGON.id],
        },
        PartDecl {
            id: PART_FAIRY,
            name: "Fairy",
            description: "moved next to one's follower instead of deploying: protects it, 1 point a turn, 3 when \
                          it scores",
            figures: &[FAIRY.id],
        },
        PartDecl {
            id: PART_PRINCESS,
            name: "Princess",
            description: "a princess tile joined to a city sends one of its knights home",
            figures: &[],
        },
        PartDecl {
            id: PART_PORTAL,
            name: "Magic portal",
            description: "a portal tile's player may deploy a follower on any open, unoccupied feature",
            figures: &[],
        },
    ],
    score_sources: &[FAIRY_SOURCE],
    score_source_names: &["Fairy"],
    attributes: ATTRIBUTES,
    check_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[
        CounterDecl {
            id: "dragon-flight",
            label: "Tiles the dragon has flown this flight",
            scope: CounterScope::Game,
            values: &[],
            scale: 6,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "moves-dragon",
            label: "Moves the dragon next",
            scope: CounterScope::Seat,
            values: &[],
            scale: 1,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "dragon-visited",
            label: "The dragon was here this flight (it enters no tile twice)",
            scope: CounterScope::Tile,
            values: &[],
            scale: 1,
            mark: "D",
            colour: "#8b2a1e",
        },
    ],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BigBox,
    year: 2005,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

/// The tile symbols and the princess.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "volcano",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile shows a volcano: no figure on it; the dragon lands there",
    },
    AttributeDecl {
        key: "dragon",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile shows the dragon symbol: once it is placed the dragon flies six tiles",
    },
    AttributeDecl {
        key: "portal",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile shows a magic portal: its player may deploy a follower anywhere",
    },
    AttributeDecl {
        key: "princess",
        on: &[AttributePlace::City],
        kind: ValueKind::Bool,
        required: true,
        description: "the princess is in this city: placed joined to a city with knights, she sends one home",
    },
];

/// What the schema cannot say: each mark is written `true`, and a tile
/// shows one symbol at most.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    let mut problems = Vec::new();
    let mut symbols = Vec::new();
    for key in ["volcano", "dragon", "portal", "princess"] {
        match table.get(key).and_then(toml::Value::as_bool) {
            Some(false) => problems.push(AttributeProblem::new(
                &[key],
                format!("`{key}` must be `true` (leave it out when the tile has none)"),
            )),
            Some(true) if key != "princess" => symbols.push(key),
            _ => {}
        }
    }
    if symbols.len() > 1 {
        problems.push(AttributeProblem::new(
            &[symbols[1]],
            format!(
                "a tile shows one symbol, not both `{}` and `{}`",
                symbols[0], symbols[1]
            ),
        ));
    }
    problems
}

/// The symbol a tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symbol {
    None,
    Volcano,
    Dragon,
    Portal,
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let flag = |t: &TileType, key: &str| {
        t.def
            .attribute(ID)
            .and_then(|a| a.get(key))
            .and_then(toml::Value::as_bool)
            == Some(true)
    };
    Ok(expansion::boxed(ThePrincessAndTheDragon {
        symbols: ctx
            .tiles
            .iter()
            .map(|t| {
                if flag(t, "volcano") {
                    Symbol::Volcano
                } else if flag(t, "dragon") {
                    Symbol::Dragon
                } else if flag(t, "portal") {
                    Symbol::Portal
                } else {
                    Symbol::None
                }
            })
            .collect(),
        princesses: ctx
            .tiles
            .iter()
            .map(|t| {
                t.def
                    .features
                    .iter()
                    .position(|f| {
                        f.attributes
                            .get(ID)
                            .and_then(|a| a.get("princess"))
                            .and_then(toml::Value::as_bool)
                            == Some(true)
                    })
                    .map(|i| i as u8)
            })
            .collect(),
        after_scoring: ctx.variant("dragon_moves") == "after-scoring",
        princess_must: ctx.variant("princess") == "must",
        fairy_final: ctx.variant_bool("fairy_final_scoring"),
        fairy_on_tile: ctx.variant("fairy_placement") == "on-tile",
        dragon: ctx.part_on(PART_DRAGON),
        fairy: ctx.part_on(PART_FAIRY),
        princess: ctx.part_on(PART_PRINCESS),
        portal: ctx.part_on(PART_PORTAL),
    }))
}

/// The rules for one game.
struct ThePrincessAndTheDragon {
    /// The symbol of each tile type (by index).
    symbols: Vec<Symbol>,
    /// The princess's feature on each tile type (by index), if any.
    princesses: Vec<Option<u8>>,
    /// Variant `dragon_moves = "after-scoring"`.
    after_scoring: bool,
    /// Variant `princess = "must"`.
    princess_must: bool,
    /// Variant `fairy_final_scoring`.
    fairy_final: bool,
    /// Variant `fairy_placement = "on-tile"`.
    fairy_on_tile: bool,
    /// Parts on.
    dragon: bool,
    fairy: bool,
    princess: bool,
    portal: bool,
}

impl ThePrincessAndTheDragon {
    fn symbol(&self, tile: u16) -> Symbol {
        self.symbols.get(tile as usize).copied().unwrap_or(Symbol::None)
    }

    /// The princess's feature on the tile just placed, when the part is on.
    fn princess_on(&self, placed: &PlacedTile) -> Option<u8> {
        self.princess
            .then(|| self.princesses.get(placed.tile as usize).copied().flatten())
            .flatten()
    }

    /// The dragon's flight after this turn's dragon tile, if one is due.
    fn fly_if_due(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if std::mem::take(&mut state.flight_due) {
            dragon::take_off(state, ctx);
        }
    }
}

/// The dragon, the fairy and the decision under way.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Where the dragon is (`None` until the first volcano).
    pub dragon: Option<Pos>,
    /// The flight under way, if any.
    pub flight: Option<dragon::Flight>,
    /// Where the fairy is and the follower it stands next to.
    pub fairy: Option<fairy::Fairy>,
    /// The decision asked, if any.
    pub asking: Option<Asking>,
    /// This turn's tile is a dragon tile whose flight is still to come.
    flight_due: bool,
    /// This turn's tile is a volcano, where the dragon lands once the
    /// deployment is over.
    volcano_due: Option<Pos>,
    /// The dragon tiles this expansion set aside before the first volcano,
    /// to go back into the bag with it: only these, as other expansions set
    /// tiles aside too (a bazaar's tiles wait there for their buyers, and
    /// may be dragon tiles).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    aside: Vec<u16>,
    /// Figure table indices.
    #[serde(skip)]
    kinds: Kinds,
}

/// Where the expansion's figures are in the figure table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Kinds {
    dragon: u8,
    fairy: u8,
}

/// A decision the expansion asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Asking {
    /// What the turn's player, who deployed nothing, does instead: move
    /// the fairy, send a knight home with the princess, or nothing.
    Instead {
        /// The princess's city on the tile just placed, when it holds knights.
        princess: Option<NodeId>,
    },
    /// Where the dragon flies next (asked of the player moving it).
    Dragon,
}

/// The expansion's decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Move the fairy next to a follower of the player's.
    Fairy {
        /// The follower (its figure id).
        follower: FigureId,
        /// Its tile, where the fairy goes.
        at: Pos,
    },
    /// Move the fairy onto this tile, one holding a follower of the
    /// player's (`fairy_placement = "on-tile"`).
    FairyOnTile(Pos),
    /// The princess sends a knight home.
    Princess {
        /// The knight (its figure id).
        knight: FigureId,
        /// Its tile.
        at: Pos,
    },
    /// Neither (the fairy stays where it is).
    Nothing,
    /// The dragon flies to this neighbouring tile.
    Dragon(Pos),
}

impl Expansion for ThePrincessAndTheDragon {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let tables = ctx.view().tables();
        State {
            kinds: Kinds {
                dragon: tables.figure_index(DRAGON.id).unwrap_or(u8::MAX),
                fairy: tables.figure_index(FAIRY.id).unwrap_or(u8::MAX),
            },
            ..State::default()
        }
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::AFTER_DEPLOY;
        if self.dragon {
            hooks |= Hooks::TILE_DRAWN | Hooks::TILE_PLACED | Hooks::DEPLOYMENT_ALLOWED | Hooks::AFTER_SCORING;
        }
        if self.fairy {
            hooks |= Hooks::TURN_STARTED | Hooks::FEATURE_SCORED;
        }
        if self.princess && self.princess_must {
            hooks |= Hooks::DEPLOYMENT_ALLOWED;
        }
        if self.portal {
            hooks |= Hooks::DEPLOY_OPTIONS;
        }
        hooks
    }

    // Only volcano and dragon tiles need `tile_placed` (and a dragon
    // tile `after_scoring`, for the flight after scoring).
    fn armed_hooks(&self) -> Hooks {
        if self.dragon {
            Hooks::TILE_PLACED | Hooks::AFTER_SCORING
        } else {
            Hooks::NONE
        }
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        match self.symbol(tile.index) {
            Symbol::Volcano | Symbol::Dragon if self.dragon => Hooks::TILE_PLACED | Hooks::AFTER_SCORING,
            _ => Hooks::NONE,
        }
    }

    // It only notes what is due: the dragon lands on a volcano after the
    // deployment (which cannot be on the volcano), and flies after it.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.fairy {
            fairy::turn_points(state, ctx);
        }
    }

    fn tile_drawn(&self, state: &mut State, ctx: &mut Ctx<'_>, tile: &TileType) {
        if self.dragon && self.symbol(tile.index) == Symbol::Dragon && state.dragon.is_none() {
            // Back into the bag with the first volcano (`CoreState::set_aside`).
            ctx.set_aside_drawn_tile();
            state.aside.push(tile.index);
        }
    }

    fn tile_placed(&self, state: &mut State, _ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if !self.dragon {
            return;
        }
        match self.symbol(placed.tile) {
            Symbol::Volcano => state.volcano_due = Some(placed.pos),
            Symbol::Dragon => state.flight_due = state.dragon.is_some(),
            Symbol::None | Symbol::Portal => {}
        }
    }

    fn deploy_options(&self, _state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        if self.portal && self.symbol(after.placed().tile) == Symbol::Portal {
            portal::options(after, out);
        }
    }

    // Only a volcano (no figure on it) and, when the princess must act, a
    // princess tile forbid deployments: the veto was asked about every
    // deployment option of every turn.
    fn vetoes_deployments_after(&self, tile: &TileType) -> bool {
        (self.dragon && self.symbol(tile.index) == Symbol::Volcano)
            || (self.princess_must
                && self.princess
                && self.princesses.get(tile.index as usize).copied().flatten().is_some())
    }

    fn offers_deployment(&self, _state: &State, after: &AfterPlacement<'_>, deployment: &Deployment) -> Option<bool> {
        Some(self.portal && self.symbol(after.placed().tile) == Symbol::Portal && portal::offers(after, deployment))
    }

    fn deployment_allowed(&self, _state: &State, after: &AfterPlacement<'_>, deployment: &Deployment) -> bool {
        let placed = after.placed();
        if self.dragon
            && self.symbol(placed.tile) == Symbol::Volcano
            && deployment.pos == placed.pos
            && matches!(deployment.spot, Spot::Feature(_))
        {
            return false;
        }
        if self.princess_must
            && let Some(fi) = self.princess_on(placed)
        {
            // She must send a knight home: that is the turn's deployment.
            return !after
                .feature(placed.pos, fi as usize)
                .is_some_and(|f| after.is_occupied(f));
        }
        true
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        if let Some(at) = state.volcano_due.take() {
            dragon::to_volcano(state, ctx, at);
        }
        if deployed.is_none() {
            let princess = ctx
                .view()
                .placed_this_turn()
                .and_then(|p| Some((p.pos, self.princess_on(p)?)))
                .and_then(|(pos, fi)| princess::city(ctx.view(), pos, fi));
            let asking = Asking::Instead { princess };
            let player = ctx.view().turn().player;
            let any = self.any_instead(state, ctx.view(), player, princess);
            debug_assert_eq!(any, {
                let mut listed = Vec::new();
                self.instead_options(state, ctx.view(), player, princess, &mut listed);
                listed.iter().any(|o| *o != Action::Nothing)
            });
            if any {
                state.asking = Some(asking);
                ctx.ask(player);
                return;
            }
        }
        if !self.after_scoring {
            self.fly_if_due(state, ctx);
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.fly_if_due(state, ctx);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if self.fairy && (scoring.complete || self.fairy_final) {
            fairy::scoring_points(state, ctx, scoring.feature);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        match state.asking {
            Some(Asking::Instead { princess }) => self.instead_options(state, view, player, princess, out),
            Some(Asking::Dragon) => dragon::options(state, view, |to| out.push(Action::Dragon(to))),
            None => {}
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _player: u8, action: &Action) {
        state.asking = None;
        match *action {
            Action::Dragon(to) => return dragon::fly_to(state, ctx, to),
            Action::Fairy { follower, .. } => fairy::move_to(state, ctx, follower),
            Action::FairyOnTile(to) => fairy::move_onto(state, ctx, to),
            Action::Princess { knight, .. } => princess::send_home(ctx, knight),
            Action::Nothing => {}
        }
        // The turn's "instead" decision is over: the flight, if due now.
        if !self.after_scoring {
            self.fly_if_due(state, ctx);
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match state.asking {
            Some(Asking::Dragon) => "dragon",
            _ => "fairy or princess",
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Dragon(to) => dragon::label(state, view, to),
            Action::Fairy { follower, .. } => {
                let at = view.figure(follower)?.pos;
                format!(
                    "Move the fairy next to your {}, {}",
                    fairy::describe(view, follower)?,
                    view.place_words(at)
                )
            }
            Action::FairyOnTile(to) => {
                let mine: Vec<String> = view
                    .figures()
                    .iter()
                    .filter(|f| f.pos == to && f.owner == player)
                    .filter_map(|f| fairy::describe(view, f.id))
                    .map(|words| format!("your {words}"))
                    .collect();
                format!(
                    "Move the fairy onto the tile of {}, {}",
                    mine.join(" and "),
                    view.place_words(to)
                )
            }
            Action::Princess { knight, .. } => {
                let f = view.figure(knight)?;
                let whose = if f.owner == player {
                    "your own".to_string()
                } else {
                    format!("{}'s", view.player_name(f.owner))
                };
                format!(
                    "The princess sends home {whose} {} {}, {}",
                    view.tables().figures().get(f.kind as usize)?.name.to_lowercase(),
                    view.spot_words(f.pos, f.spot),
                    view.place_words(f.pos)
                )
            }
            Action::Nothing => match state.asking {
                Some(Asking::Instead { princess: Some(_) }) if self.fairy => {
                    "Keep the knights and leave the fairy where it is".to_string()
                }
                Some(Asking::Instead { princess: Some(_) }) => "Keep the knights".to_string(),
                _ => "Leave the fairy where it is".to_string(),
            },
        })
    }

    fn explain_refusal(&self, state: &State, _view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(match (state.asking, action) {
            (Some(Asking::Dragon), _) => "the dragon flies one tile north, east, south or west, never onto a tile \
                                          it entered in this flight nor onto the fairy's tile"
                .to_string(),
            (_, Action::Fairy { .. }) if self.fairy_on_tile => {
                "the fairy goes onto a tile holding one of your followers (variant fairy_placement = \"on-tile\")"
                    .to_string()
            }
            (_, Action::Fairy { .. }) => "the fairy goes next to one of your own followers on the board".to_string(),
            (_, Action::FairyOnTile(_)) if !self.fairy_on_tile => "the fairy goes next to one of your own followers \
                                                                   (variant fairy_placement = \"next-to-follower\")"
                .to_string(),
            (_, Action::FairyOnTile(_)) => {
                "the fairy goes onto another tile holding one of your own followers".to_string()
            }
            (_, Action::Princess { .. }) => {
                "the princess sends home a knight of the city she was placed in, nobody else".to_string()
            }
            (_, Action::Nothing) if self.princess_must => {
                "the princess must send a knight of her city home (variant princess = \"must\")".to_string()
            }
            _ => return None,
        })
    }

    fn explain_deployment_refusal(&self, _state: &State, view: &CoreState, deployment: &Deployment) -> Option<String> {
        let placed = view.placed_this_turn()?;
        if self.dragon && self.symbol(placed.tile) == Symbol::Volcano && deployment.pos == placed.pos {
            return Some("no figure goes on a volcano tile: the dragon lands there".to_string());
        }
        let must = self.princess_must.then(|| self.princess_on(placed)).flatten();
        must.map(|_| {
            "the princess must send a knight of her city home instead (variant princess = \"must\")".to_string()
        })
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        json!({
            "dragon": state.dragon,
            "flight": state.flight,
            "fairy": state.fairy,
            "asking": state.asking,
        })
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut lines = Vec::new();
        if self.dragon {
            lines.push(dragon::line(state));
        }
        if self.fairy {
            lines.push(fairy::line(state, view));
        }
        lines
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // In the order of `INFO.counters`: the flight under way, if any.
        if let Some(flight) = &state.flight {
            out.game(0, 0, i32::from(flight.steps()));
            out.seat(1, flight.mover, 0, 1);
            for &at in &flight.visited {
                out.tile(2, at, 0, 1);
            }
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(eaten) = detail.get("eaten").and_then(serde_json::Value::as_array) {
            let mut words: Vec<String> = Vec::new();
            for e in eaten {
                let owner = e.get("owner")?.as_u64()? as u8;
                let kind = e.get("kind")?.as_u64()? as usize;
                let name = view.tables().figures().get(kind)?.name.to_lowercase();
                words.push(format!("{}'s {name}", view.player_name(owner)));
            }
            return Some(Line::new(format!("The dragon eats {}", words.join(", "))));
        }
        let points = detail.get("fairy")?.as_i64()?;
        let player = detail.get("player")?.as_u64()? as u8;
        Some(Line::about(player, format!("scores {points} with the fairy")))
    }
}

impl ThePrincessAndTheDragon {
    /// What a player who deployed nothing may do instead: send a knight of
    /// the princess's city home; move the fairy next to one of their
    /// followers; nothing (unless the princess must act).
    /// Whether [`Self::instead_options`] lists anything but `Nothing`,
    /// answered without listing (after every turn without a deployment):
    /// a princess's city holds a knight whenever it is `Some`.
    fn any_instead(&self, state: &State, view: &CoreState, player: u8, princess: Option<NodeId>) -> bool {
        princess.is_some()
            || (self.fairy
                && if self.fairy_on_tile {
                    fairy::any_tile_option(state, view, player)
                } else {
                    fairy::any_option(state, view, player)
                })
    }

    fn instead_options(
        &self,
        state: &State,
        view: &CoreState,
        player: u8,
        princess: Option<NodeId>,
        out: &mut Vec<Action>,
    ) {
        let before = out.len();
        if let Some(city) = princess {
            // Two knights of one player and kind on one tile's city are
            // the same one to send home: only the first is listed, so that
            // every option reads differently.
            let mut listed = Vec::new();
            princess::knights(view, city, |knight, at| {
                let key = view.figure(knight).map(|f| (f.owner, f.kind, f.pos, f.spot));
                if key.is_none() || !listed.contains(&key) {
                    listed.push(key);
                    out.push(Action::Princess { knight, at })
                }
            });
        }
        let must = self.princess_must && out.len() > before;
        if !must {
            if self.fairy && self.fairy_on_tile {
                fairy::tile_options(state, view, player, |at| out.push(Action::FairyOnTile(at)));
            } else if self.fairy {
                // Two of the player's figures of one kind on one feature
                // of one tile are the same place for the fairy: only the
                // first is listed, so that every option reads differently.
                // The options listed so far say which were (a figure looked
                // up only when one shares the tile: after every turn
                // without a deployment, a vector of keys and a look-up for
                // each follower were most of this listing).
                let start = out.len();
                fairy::options(state, view, player, |fig| {
                    let listed = out[start..].iter().any(|o| match *o {
                        Action::Fairy { follower, at } => {
                            at == fig.pos
                                && view
                                    .figure(follower)
                                    .is_some_and(|g| g.kind == fig.kind && g.spot == fig.spot)
                        }
                        _ => false,
                    });
                    if !listed {
                        out.push(Action::Fairy {
                            follower: fig.id,
                            at: fig.pos,
                        })
                    }
                });
            }
            out.push(Action::Nothing);
        }
    }
}

/// Whether figure `f` is one the dragon eats: a player's follower wherever
/// it stands, or a player's figure on a feature (a builder, a pig); not a
/// barn on a corner, a tower floor, nor a neutral figure.
fn edible(view: &CoreState, f: &PlacedFigure) -> bool {
    f.owner != NEUTRAL
        && (matches!(f.spot, Spot::Feature(_))
            || view
                .tables()
                .figures()
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower))
}
