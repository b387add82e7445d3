//! Cleric and Serf, a fan expansion (Novelty, Carcassonne Central), as the
//! rules digest `RULES.md` states it ("Cleric and Serf (fan expansion)").
//!
//! - **Cleric**: the player who has scored the most cloisters (and abbeys)
//!   during the game holds it; it changes hands only when a scoring leaves
//!   another player with strictly more. Worth 10 + 2 per abbey played at
//!   the end.
//! - **Cloister tokens** (14): one to the player whose placement completes
//!   a cloister or an abbey but who does not score it (variant `tokens`:
//!   `any-completer` gives it whoever scores). The most tokens are worth 10
//!   at the end; a tie that includes the Cleric's holder goes to the holder.
//! - **Serf**: with the Abbey & Mayor barn in the game, the placer of the
//!   first barn takes it, and later the placer of a barn that removes more
//!   farmers than the holder's barn did; without a barn, the first player to
//!   deploy a farmer, and later any player whose largest farm (cities
//!   touching it) grows larger than the holder's (variant `serf_size`:
//!   `at-deploy` fixes a farm's size when a farmer is deployed). Worth 1 per
//!   farmer on the board and 5 per barn played at the end.
//!
//! No decisions: taking the Cleric or the Serf is not optional (the source
//! says the player "should take" / "receives" the tile).

use carcassonne_core::events::Event;
use carcassonne_core::expansion::{self, DynExpansion, FeatureScoring, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{CORNER_NAMES, PlacedFigure, Spot};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, EarlierDefault, Expansion, ExpansionInfo, FigureClass, Pos, Segment, TileFile,
    VariantDecl, register_expansion,
};
use carcassonne_core::{serde_json, toml};
use serde::Serialize;
use serde_json::json;

/// The expansion's id.
pub const ID: &str = "cleric-and-serf";

/// Cloister tokens in the game.
pub const CLOISTER_TOKENS: u32 = 14;

/// The Abbey & Mayor barn's figure id.
const BARN: &str = "barn";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Cleric and Serf (fan expansion)",
    version: env!("CARGO_PKG_VERSION"),
    description: "The Cleric for the most cloisters scored, cloister tokens for completing them, the Serf for farmers",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "cleric-and-serf.toml",
        embedded: include_str!("../../../tiles/cleric-and-serf.toml"),
    }],
    variants: &[
        VariantDecl {
            name: "serf",
            values: &["auto", "barn", "no-barn"],
            default: "auto",
            description: "which Serf rule: `barn` (needs the Abbey & Mayor barn), `no-barn`, or `auto` \
                          (barn when the barn is in the game)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "serf_cities",
            values: &["all", "complete"],
            default: "all",
            description: "no-barn Serf: which cities touching a farm count for its size, `all` \
                          (complete or not) or only `complete` ones",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "serf_size",
            values: &["live", "at-deploy"],
            default: "live",
            description: "no-barn Serf: farms grow as tiles are placed, and after each turn a player whose largest \
                          farm is larger than the holder's takes the Serf (`live`), or a farm's size is taken when \
                          a farmer is deployed into it (`at-deploy`)",
            earlier_defaults: &[EarlierDefault {
                until: "0.2.0",
                value: "at-deploy",
            }],
        },
        VariantDecl {
            name: "tokens",
            values: &["non-scorer", "any-completer"],
            default: "non-scorer",
            description: "who takes a cloister token: the player who completes a cloister or abbey but does not \
                          score it (the source), or the completer whoever scores it",
            earlier_defaults: &[EarlierDefault {
                until: "0.2.0",
                value: "any-completer",
            }],
        },
    ],
    figures: &[],
    score_sources: &["cleric", "serf", "tokens"],
    check_attributes,
    build,
};

register_expansion!(INFO);

/// The expansion defines no tile or feature attributes.
fn check_attributes(_feature: Option<FeatureKind>, _table: &toml::Value) -> Vec<AttributeProblem> {
    vec![AttributeProblem::new(
        &[],
        "cleric-and-serf defines no tile or feature attributes",
    )]
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let has_barn = ctx.has_figure(BARN);
    let serf = match ctx.variant("serf") {
        "auto" if has_barn => SerfRule::Barn,
        "auto" | "no-barn" => SerfRule::NoBarn,
        "barn" if has_barn => SerfRule::Barn,
        "barn" => {
            return Err(
                "variant serf = \"barn\" needs the barn figure, which is not in this game; \
                        enable `abbey-and-mayor` or choose serf = \"no-barn\" or \"auto\""
                    .into(),
            );
        }
        other => return Err(format!("variant serf cannot be `{other}`; use auto, barn or no-barn")),
    };
    let cities = match ctx.variant("serf_cities") {
        "all" => CityCount::All,
        "complete" => CityCount::Complete,
        other => return Err(format!("variant serf_cities cannot be `{other}`; use all or complete")),
    };
    let size = match ctx.variant("serf_size") {
        "live" => FarmSize::Live,
        "at-deploy" => FarmSize::AtDeploy,
        other => return Err(format!("variant serf_size cannot be `{other}`; use live or at-deploy")),
    };
    let tokens = match ctx.variant("tokens") {
        "non-scorer" => TokenTaker::NonScorer,
        "any-completer" => TokenTaker::AnyCompleter,
        other => {
            return Err(format!(
                "variant tokens cannot be `{other}`; use non-scorer or any-completer"
            ));
        }
    };
    Ok(expansion::boxed(ClericAndSerf {
        serf,
        cities,
        size,
        tokens,
        observe_barns: has_barn,
    }))
}

/// When a farm's size is taken for the no-barn Serf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FarmSize {
    /// Farms grow as tiles are placed: compared after every turn.
    Live,
    /// When a farmer is deployed into the farm, and never again.
    AtDeploy,
}

/// Who takes a cloister token when a cloister or abbey is completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenTaker {
    /// The completing player, only when they do not score it.
    NonScorer,
    /// The completing player, whoever scores it.
    AnyCompleter,
}

/// Which Serf rule is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SerfRule {
    /// The Serf goes with the barn that removed the most farmers.
    Barn,
    /// The Serf goes with the farmer deployed into the largest farm.
    NoBarn,
}

/// Which cities touching a farm count for its size (no-barn Serf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CityCount {
    /// Every city, complete or not.
    All,
    /// Only completed cities.
    Complete,
}

/// The rules for one game.
struct ClericAndSerf {
    serf: SerfRule,
    cities: CityCount,
    size: FarmSize,
    tokens: TokenTaker,
    /// Barns are counted for the Serf's final points whichever Serf rule is
    /// in force, so they are watched whenever the barn is in the game.
    observe_barns: bool,
}

/// The Cleric: who holds it and how many cloisters each player has scored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cleric {
    /// The holder, once somebody has scored a cloister.
    pub holder: Option<u8>,
    /// Cloisters (abbeys included) each player has scored during the game.
    pub cloisters_scored: Vec<u32>,
}

/// The cloister tokens.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CloisterTokens {
    /// Tokens each player holds.
    pub held: Vec<u32>,
    /// Tokens left in the supply.
    pub supply: u32,
}

/// The Serf.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Serf {
    /// The rule in force.
    pub rule: SerfRule,
    /// The cities that count for a farm's size (used by the no-barn rule).
    pub cities: CityCount,
    /// When a farm's size is taken (used by the no-barn rule).
    pub size: FarmSize,
    /// The holder, once somebody has taken it.
    pub holder: Option<u8>,
    /// The record the holder set: farmers removed by a barn (barn rule),
    /// or cities touching the farm (no-barn rule: the holder's farm when the
    /// farmer was deployed under `at-deploy`, the holder's largest farm
    /// after the last turn under `live`).
    pub record: Option<u32>,
    /// Barns deployed so far.
    pub barns_played: u32,
}

/// A barn deployed this turn, with the farmers its placement removed so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PendingBarn {
    /// Who placed it.
    pub placer: u8,
    /// Farmers (of all players) returned from its farm since it was placed.
    pub removed: u32,
    /// A node of the barn's farm; `None` when the corner could not be read,
    /// and then every farmer returned this turn counts.
    #[serde(skip)]
    pub farm: Option<NodeId>,
}

/// The expansion's state; all of it is public information.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The Cleric.
    pub cleric: Cleric,
    /// The cloister tokens.
    pub cloister_tokens: CloisterTokens,
    /// The Serf.
    pub serf: Serf,
    /// Barns placed this turn whose removed farmers are still being counted
    /// (settled at the end of the turn).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending_barns: Vec<PendingBarn>,
}

/// Whether tile type `tile` is an Abbey & Mayor abbey.
fn is_abbey_tile(view: &CoreState, tile: u16) -> bool {
    view.rules()
        .tile(tile)
        .def
        .attribute("abbey-and-mayor")
        .and_then(|t| t.get("abbey"))
        .and_then(|a| a.as_bool())
        == Some(true)
}

/// The field at corner `corner` (0 NW, 1 NE, 2 SE, 3 SW) of the tile at `pos`.
fn corner_field(view: &CoreState, pos: Pos, corner: u8) -> Option<NodeId> {
    let placed = view.board().get(pos)?;
    let tile = view.rules().tile(placed.tile);
    let segment = Segment::parse(CORNER_NAMES.get(corner as usize)?)?;
    let fi = tile.feature_at(placed.rotation, segment)?;
    (tile.feature_kind(fi) == FeatureKind::Field).then_some(placed.first_node + fi as NodeId)
}

/// Whether a placed figure is a farmer: a follower standing in a field.
fn is_farmer(view: &CoreState, figure: &PlacedFigure) -> bool {
    view.rules().figures()[figure.kind as usize].class == FigureClass::Follower
        && figure
            .node
            .is_some_and(|n| view.features().kind(n) == FeatureKind::Field)
}

impl ClericAndSerf {
    /// The size of `field`'s farm for the no-barn Serf.
    fn farm_size(&self, view: &CoreState, field: NodeId) -> u32 {
        view.cities_of_field(field)
            .into_iter()
            .filter(|&c| self.cities == CityCount::All || view.is_complete(c))
            .count() as u32
    }

    /// Gives the Serf to `player` if `value` beats the record (or there is
    /// none yet).
    fn offer_serf(state: &mut State, ctx: &mut Ctx<'_>, player: u8, value: u32, why: &str) {
        if state.serf.record.is_some_and(|r| value <= r) {
            return;
        }
        state.serf.holder = Some(player);
        state.serf.record = Some(value);
        ctx.log_with(|| json!({ "serf": { "holder": player, "record": value, "for": why } }));
    }

    /// Settles the barns placed this turn (barn rule). The first barn of
    /// the game takes the Serf whatever it removed, none included (source,
    /// Example 2: "If this is the first time a barn is played in this game,
    /// Blue takes the serf tile"); a later one only by removing strictly
    /// more farmers than the mark.
    fn settle_barns(state: &mut State, ctx: &mut Ctx<'_>) {
        for barn in std::mem::take(&mut state.pending_barns) {
            Self::offer_serf(state, ctx, barn.placer, barn.removed, "farmers removed by a barn");
        }
    }

    /// Gives the completer of a cloister or abbey a cloister token while the
    /// supply lasts.
    fn give_token(state: &mut State, ctx: &mut Ctx<'_>, player: u8) {
        let tokens = &mut state.cloister_tokens;
        if tokens.supply == 0 {
            ctx.log_with(|| json!({ "cloister-token": { "player": player, "supply": "empty" } }));
            return;
        }
        tokens.supply -= 1;
        tokens.held[player as usize] += 1;
        ctx.log_with(|| json!({ "cloister-token": { "player": player, "held": tokens.held[player as usize] } }));
    }

    /// The player whose placement completed this turn's features.
    fn completer(view: &CoreState) -> u8 {
        view.placed_this_turn()
            .and_then(|t| t.placer)
            .unwrap_or(view.turn().player)
    }

    /// The no-barn Serf under `serf_size = "live"`, after a turn: each
    /// player's largest farm holding one of their farmers, compared with the
    /// holder's. A player whose farm is strictly larger takes the Serf; when
    /// several tie for the largest, nobody does until one is ahead (as for
    /// the Cleric; see the docs' open questions).
    fn compare_live_farms(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let Some(holder) = state.serf.holder else {
            return;
        };
        let view = ctx.view();
        let mut largest = vec![0u32; view.players()];
        let mut sized: Vec<(NodeId, u32)> = Vec::new();
        for f in view.figures().iter().filter(|f| is_farmer(view, f)) {
            let Some(node) = f.node else { continue };
            let root = view.features().root(node);
            let size = match sized.iter().find(|(r, _)| *r == root) {
                Some(&(_, size)) => size,
                None => {
                    let size = self.farm_size(view, root);
                    sized.push((root, size));
                    size
                }
            };
            let best = &mut largest[f.owner as usize];
            *best = (*best).max(size);
        }
        let held = largest[holder as usize];
        let best = largest.iter().copied().max().unwrap_or(0);
        let leaders: Vec<u8> = (0..largest.len() as u8)
            .filter(|&p| p != holder && largest[p as usize] == best && best > held)
            .collect();
        if let [taker] = leaders[..] {
            state.serf.holder = Some(taker);
            state.serf.record = Some(best);
            ctx.log_with(|| json!({ "serf": { "holder": taker, "record": best, "for": "largest farm" } }));
        } else {
            state.serf.record = Some(held);
        }
    }
}

impl Expansion for ClericAndSerf {
    type State = State;
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let players = ctx.view().players();
        State {
            cleric: Cleric {
                holder: None,
                cloisters_scored: vec![0; players],
            },
            cloister_tokens: CloisterTokens {
                held: vec![0; players],
                supply: CLOISTER_TOKENS,
            },
            serf: Serf {
                rule: self.serf,
                cities: self.cities,
                size: self.size,
                holder: None,
                record: None,
                barns_played: 0,
            },
            pending_barns: Vec::new(),
        }
    }

    fn hooks(&self) -> Hooks {
        let scoring = Hooks::FEATURE_COMPLETED | Hooks::FEATURE_SCORED | Hooks::FINAL_SCORING;
        // The no-barn Serf watches farmers deployed (and, live, the farms
        // after every turn); the barn rule watches barns and the farmers they
        // remove, settled at the end of the turn.
        let farmers = match (self.serf, self.size) {
            (SerfRule::NoBarn, FarmSize::Live) => Hooks::FIGURE_DEPLOYED | Hooks::END_OF_TURN,
            (SerfRule::NoBarn, FarmSize::AtDeploy) => Hooks::FIGURE_DEPLOYED,
            (SerfRule::Barn, _) => Hooks::NONE,
        };
        let barns = if self.observe_barns {
            Hooks::OBSERVE | Hooks::END_OF_TURN
        } else {
            Hooks::NONE
        };
        scoring | farmers | barns
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        if self.serf != SerfRule::NoBarn || !is_farmer(ctx.view(), figure) {
            return;
        }
        let Some(node) = figure.node else { return };
        // Live, only the first farmer takes the Serf here ("the first player
        // to place a farmer"); farms are compared at the end of each turn.
        if self.size == FarmSize::Live && state.serf.holder.is_some() {
            return;
        }
        let size = self.farm_size(ctx.view(), node);
        Self::offer_serf(state, ctx, figure.owner, size, "farmer deployed");
    }

    fn feature_completed(&self, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
        let view = ctx.view();
        if view.features().kind(feature) != FeatureKind::Cloister {
            return;
        }
        // Whoever scores it: the completing placement is this turn's, and
        // its placer gets the token now. A non-scorer's token waits for the
        // scoring, which says who scores.
        if self.tokens == TokenTaker::AnyCompleter {
            Self::give_token(state, ctx, Self::completer(view));
        }
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.kind != FeatureKind::Cloister || !scoring.complete {
            return;
        }
        // Source: "The player that completes a cloister or a abbey but not
        // score it receives a cloister token" — a cloister nobody scores
        // included.
        if self.tokens == TokenTaker::NonScorer {
            let completer = Self::completer(ctx.view());
            if !scoring.winners.contains(&completer) {
                Self::give_token(state, ctx, completer);
            }
        }
        if scoring.winners.is_empty() {
            return;
        }
        let cleric = &mut state.cleric;
        for &w in &scoring.winners {
            cleric.cloisters_scored[w as usize] += 1;
        }
        // A challenger takes the Cleric with strictly more scored cloisters
        // than the holder (nobody holding counts as 0). Two challengers tied
        // for the lead by the same scoring beat the holder together, and the
        // rules do not say who takes it: neither does (see the docs' open
        // questions).
        let held = cleric.holder.map_or(0, |h| cleric.cloisters_scored[h as usize]);
        let challengers: Vec<u8> = (0..cleric.cloisters_scored.len() as u8)
            .filter(|&p| Some(p) != cleric.holder && cleric.cloisters_scored[p as usize] > held)
            .collect();
        let best = challengers
            .iter()
            .map(|&p| cleric.cloisters_scored[p as usize])
            .max()
            .unwrap_or(0);
        let leaders: Vec<u8> = challengers
            .into_iter()
            .filter(|&p| cleric.cloisters_scored[p as usize] == best)
            .collect();
        if let [taker] = leaders[..] {
            cleric.holder = Some(taker);
            ctx.log_with(|| json!({ "cleric": { "holder": taker, "cloisters": best } }));
        }
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.serf == SerfRule::Barn {
            Self::settle_barns(state, ctx);
        } else {
            state.pending_barns.clear();
            if self.size == FarmSize::Live {
                self.compare_live_farms(state, ctx);
            }
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // A barn placed in the last turn is settled at that turn's end, but
        // be sure nothing is left over before the Serf is scored.
        if self.serf == SerfRule::Barn {
            Self::settle_barns(state, ctx);
        }
        let view = ctx.view();
        if let Some(holder) = state.serf.holder {
            let farmers = view.figures().iter().filter(|f| is_farmer(view, f)).count() as i32;
            let barns = state.serf.barns_played as i32;
            let points = farmers + 5 * barns;
            ctx.log_with(
                || json!({ "serf": { "holder": holder, "farmers": farmers, "barns": barns, "points": points } }),
            );
            if points != 0 {
                ctx.score(holder, points, "serf");
            }
        }
        let view = ctx.view();
        if let Some(holder) = state.cleric.holder {
            let abbeys = view
                .board()
                .tiles()
                .iter()
                .filter(|t| is_abbey_tile(view, t.tile))
                .count() as i32;
            let points = 10 + 2 * abbeys;
            ctx.log_with(|| json!({ "cleric": { "holder": holder, "abbeys": abbeys, "points": points } }));
            ctx.score(holder, points, "cleric");
        }
        let held = &state.cloister_tokens.held;
        let most = held.iter().copied().max().unwrap_or(0);
        // Nobody "has collected the most" tokens when nobody has any.
        if most > 0 {
            let tied: Vec<u8> = (0..held.len() as u8).filter(|&p| held[p as usize] == most).collect();
            let winners = match state.cleric.holder {
                Some(h) if tied.len() > 1 && tied.contains(&h) => vec![h],
                _ => tied,
            };
            ctx.log_with(|| json!({ "cloister-tokens": { "most": most, "winners": winners } }));
            for p in winners {
                ctx.score(p, 10, "tokens");
            }
        }
    }

    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        let Some(barn) = view.rules().figure_index(BARN) else {
            return;
        };
        match *event {
            Event::FigureDeployed {
                kind, owner, pos, spot, ..
            } if kind == barn => {
                state.serf.barns_played += 1;
                let farm = match spot {
                    Spot::Corner(c) => corner_field(view, pos, c),
                    Spot::Feature(fi) => view.node_at(pos, fi as usize),
                };
                state.pending_barns.push(PendingBarn {
                    placer: owner,
                    removed: 0,
                    farm,
                });
            }
            Event::FigureReturned {
                kind,
                pos,
                spot: Spot::Feature(fi),
                ..
            } => {
                if state.pending_barns.is_empty()
                    || view.rules().figures()[kind as usize].class != FigureClass::Follower
                {
                    return;
                }
                let Some(node) = view.node_at(pos, fi as usize) else {
                    return;
                };
                if view.features().kind(node) != FeatureKind::Field {
                    return;
                }
                // Only farmers from the barn's own farm were removed by its
                // placement (farmers cashed in because their farm joined an
                // older barn's farm, later in the turn, were not).
                let root = view.features().root(node);
                if let Some(barn) = state
                    .pending_barns
                    .iter_mut()
                    .rev()
                    .find(|b| b.farm.is_none_or(|f| view.features().root(f) == root))
                {
                    barn.removed += 1;
                }
            }
            _ => {}
        }
    }
}
