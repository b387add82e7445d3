//! The Russian Promos (docs/expansions/russian-promos.md): four tiles from
//! Hobby World, the Russian publisher (2013 and 2016).
//!
//! - **Baba Yaga's hut** (RU-A), a feature of its own kind (`yaga-hut`), an
//!   "anti-cloister": a follower on it scores at the end 1 point for the hut
//!   and 1 for each of the 8 places round it still without a tile; once all
//!   8 hold tiles it scores 1 and goes home.
//! - **The Choice of Bogatyr** (RU-B), a crossroads tile with no rule.
//! - **Solovei Razboynik** (RU-C, `trap = "solovei"`): whenever a tile
//!   extends or joins the road through his tree, or a figure comes onto
//!   that road, the players' figures nearest to the tree along the road
//!   are sent onto the tree.
//! - **The Vodyanoy** (RU-D, `trap = "vodyanoy"`): followers on the 8 tiles
//!   round his lake are sent onto the lake, when it is placed and whenever
//!   one comes there later; each still there at the end costs its owner 2
//!   points. No figure is deployed on the lake's tile.
//! - A player who deploys nothing on their turn may free one of their
//!   trapped figures (back to their supply), except from the trap placed
//!   that turn.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::events::Event;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, NEUTRAL, PlacedFigure, Spot};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, FeatureKind, FeatureKindDecl, KindScoring, KindShape, TileType,
};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FigureClass,
    Line, Pos, Segment, ValueKind, VariantDecl, register_expansion,
};
use std::collections::BTreeMap;

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "russian-promos";

/// The variant that switches the two traps on (`traps = false` leaves
/// their tiles plain). A variant, not a part: an expansion cannot switch
/// its only part off.
pub const VARIANT_TRAPS: &str = "traps";

/// What a Vodyanoy costs for each figure on his lake at the end.
pub const VODYANOY_PENALTY: i32 = -2;

/// Baba Yaga's hut: inside its tile, completed by the 8 tiles round it
/// like a cloister, but scored the other way round (`feature_points`).
pub const YAGA_HUT: FeatureKindDecl = FeatureKindDecl {
    name: "yaga-hut",
    label: "Baba Yaga's hut",
    shape: KindShape::Inner,
    scoring: KindScoring::Surroundings,
    occupiable: true,
    // "may place a follower on Baba Yaga's hut": any follower that goes
    // where a player chooses (the abbot keeps to cloisters and gardens).
    invites: &["follower", "big-follower", "phantom"],
    source: "yaga-hut",
    colour: "#7a4b2a",
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Russian Promos",
    version: env!("CARGO_PKG_VERSION"),
    description: "Baba Yaga's hut (1 point and 1 for each empty place round it), the Choice of Bogatyr, and two \
                  traps: Solovei Razboynik takes the followers nearest his tree on its road, the Vodyanoy those \
                  round his lake (-2 each at the end)",
    tile_files: &[
        carcassonne_core::tile_file!("russian-promos-2013.toml", "tiles/russian-promos-2013.toml"),
        carcassonne_core::tile_file!("russian-promos-2016.toml", "tiles/russian-promos-2016.toml"),
    ],
    variants: &[
        VariantDecl {
            name: VARIANT_TRAPS,
            label: "Traps",
            kind: ValueKind::Bool,
            default: "true",
            description: "whether Solovei Razboynik's tree and the Vodyanoy's lake trap figures; off, their tiles \
                          are plain tiles, as JCloisterZone plays them without its element `russian-trap`",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "vodyanoy_special_figures",
            label: "Vodyanoy traps special figures",
            kind: ValueKind::Bool,
            default: "false",
            description: "whether the Vodyanoy also traps special figures (a builder, a pig) round his lake, as \
                      JCloisterZone's issue 412 reports the author's clarification; off, he traps followers \
                      only, as Wikicarpedia reads the rules",
            earlier_defaults: &[],
        },
    ],
    score_sources: &["vodyanoy"],
    score_source_names: &["Vodyanoy"],
    attributes: &[AttributeDecl {
        key: "trap",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&["solovei", "vodyanoy"]),
        required: true,
        description: "a trap on the tile: Solovei Razboynik's tree takes the figures nearest it on its road, the \
                      Vodyanoy's lake the followers on the 8 tiles round it",
    }],
    check_attributes: expansion::schema_only,
    feature_kinds: &[YAGA_HUT],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Promo,
    year: 2013,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

/// A trap printed on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trap {
    /// Solovei Razboynik's tree, beside the road with this feature index.
    Solovei(usize),
    /// The Vodyanoy's lake.
    Vodyanoy,
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let with_traps = ctx.variant_bool(VARIANT_TRAPS);
    let traps = ctx
        .tiles
        .iter()
        .map(|t| {
            if !with_traps {
                return None;
            }
            let word = t.def.attribute(ID)?.get("trap")?.as_str()?;
            match word {
                "solovei" => t
                    .def
                    .features
                    .iter()
                    .position(|f| f.kind == FeatureKind::ROAD)
                    .map(Trap::Solovei),
                "vodyanoy" => Some(Trap::Vodyanoy),
                _ => None,
            }
        })
        .collect();
    let hut = ctx
        .feature_kind(YAGA_HUT.name)
        .ok_or_else(|| "the feature kind `yaga-hut` is not in the game's landscape".to_string())?;
    Ok(expansion::boxed(RussianPromos {
        traps,
        hut,
        vodyanoy_specials: ctx.variant_bool("vodyanoy_special_figures"),
    }))
}

/// The rules of one game.
struct RussianPromos {
    /// By tile index, the trap printed on it.
    traps: Vec<Option<Trap>>,
    /// Baba Yaga's hut's kind in this game.
    hut: FeatureKind,
    /// Whether the Vodyanoy also traps special figures.
    vodyanoy_specials: bool,
}

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The figures that stood on a road through Solovei Razboynik's tree
    /// when the traps last looked (sorted): a figure not among them has
    /// come onto such a road since, which springs the trap.
    seen: Vec<FigureId>,
    /// Every trap on the board, in placement order: kept up from the
    /// `TilePlaced` events (`observe`) rather than looked for over the
    /// whole board at each scoring (that search and its allocation were
    /// over a third of a game's instructions). Follows from the board, so
    /// no part of what a record or the state's JSON says.
    #[serde(skip)]
    traps: Vec<(Pos, Trap)>,
}

/// A decision: free a trapped figure instead of deploying.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// Take one of the player's figures of this kind (its id in the figure
    /// table) back from the trap on the tile at `at`.
    Free {
        /// The trap's tile.
        at: [i32; 2],
        /// The figure's kind, as records name figures (`"follower"`).
        figure: String,
    },
    /// Leave every trapped figure where it is.
    Stay,
}

/// The players' figures a trap has moved, by figure id, to the trap's tile.
type Moves = BTreeMap<FigureId, Pos>;

impl RussianPromos {
    fn trap_at(&self, view: &CoreState, pos: Pos) -> Option<Trap> {
        let placed = view.board().get(pos)?;
        self.traps.get(placed.tile as usize).copied().flatten()
    }

    /// Every trap on the board, in placement order, counted from the board
    /// (what `State::traps` keeps up; `check_kept_up` compares the two).
    fn traps_on_board(&self, view: &CoreState) -> Vec<(Pos, Trap)> {
        view.board()
            .tiles()
            .iter()
            .filter_map(|t| Some((t.pos, self.traps.get(t.tile as usize).copied().flatten()?)))
            .collect()
    }

    fn class(view: &CoreState, kind: u8) -> Option<FigureClass> {
        view.tables().figures().get(kind as usize).map(|d| d.class)
    }

    /// Whether the Vodyanoy takes this figure where it stands now: a
    /// player's follower on a feature (or a special figure with the
    /// variant), or one of Solovei's captives on his tree.
    fn vodyanoy_takes(&self, view: &CoreState, f: &PlacedFigure, at: Pos) -> bool {
        if f.owner == NEUTRAL {
            return false;
        }
        let class_ok = match Self::class(view, f.kind) {
            Some(FigureClass::Follower) => true,
            Some(FigureClass::Special) => self.vodyanoy_specials,
            None => false,
        };
        if !class_ok {
            return false;
        }
        match f.spot {
            Spot::Tile => matches!(self.trap_at(view, at), Some(Trap::Solovei(_))),
            _ => f.node.is_some(),
        }
    }

    /// Where each figure stands once the moves so far are made.
    fn now_at(f: &PlacedFigure, moves: &Moves) -> (Pos, bool) {
        match moves.get(&f.id) {
            Some(&p) => (p, true),
            None => (f.pos, false),
        }
    }

    /// The Vodyanoy's sweep: every figure he takes on the 8 tiles round
    /// each lake goes onto the lake (the first lake placed, when a figure
    /// lies between two).
    fn sweep_vodyanoy(&self, view: &CoreState, traps: &[(Pos, Trap)], moves: &mut Moves) {
        for &(lake, trap) in traps {
            if trap != Trap::Vodyanoy {
                continue;
            }
            for f in view.figures() {
                let (at, moved) = Self::now_at(f, moves);
                if at == lake || (at.x - lake.x).abs() > 1 || (at.y - lake.y).abs() > 1 {
                    continue;
                }
                // A figure moved this turn stands on its trap's tile.
                let takes = if moved {
                    f.owner != NEUTRAL
                        && matches!(self.trap_at(view, at), Some(Trap::Solovei(_)))
                        && match Self::class(view, f.kind) {
                            Some(FigureClass::Follower) => true,
                            Some(FigureClass::Special) => self.vodyanoy_specials,
                            None => false,
                        }
                } else {
                    self.vodyanoy_takes(view, f, at)
                };
                if takes {
                    moves.insert(f.id, lake);
                }
            }
        }
    }

    /// The distance in tiles along the road of `start` (a node on the
    /// tree's tile) to each node of that road, by node. Nodes the road
    /// reaches only through a join across no edge (a tunnel) are left out.
    fn road_distances(view: &CoreState, start: NodeId) -> BTreeMap<NodeId, u32> {
        let mut dist = BTreeMap::new();
        dist.insert(start, 0u32);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(n) = queue.pop_front() {
            let d = dist.get(&n).copied().unwrap_or(0);
            let placed = *view.tile_of_node(n);
            let tile = view.tables().tile(placed.tile);
            let Some(def) = tile.def.features.get(view.feature_index(n)) else {
                continue;
            };
            for side in def.segments.sides() {
                let side = side.rotated(placed.rotation);
                let across = placed.pos.step(side);
                let Some(other) = view.board().get(across) else {
                    continue;
                };
                let other_tile = view.tables().tile(other.tile);
                let Some(fi) = other_tile.feature_at(other.rotation, Segment::centre(side.opposite())) else {
                    continue;
                };
                let Some(m) = view.node_at(across, fi) else {
                    continue;
                };
                if let std::collections::btree_map::Entry::Vacant(e) = dist.entry(m) {
                    e.insert(d + 1);
                    queue.push_back(m);
                }
            }
        }
        dist
    }

    /// The road node of the tree on the tile at `pos`.
    fn tree_road(view: &CoreState, pos: Pos, road: usize) -> Option<NodeId> {
        view.node_at(pos, road)
    }

    /// Solovei Razboynik's captures: for each tree whose road `triggered`
    /// says was extended or reached by a new figure, the players' figures
    /// on that road nearest to the tree go onto the tree.
    fn sweep_solovei(
        &self,
        view: &CoreState,
        traps: &[(Pos, Trap)],
        triggered: impl Fn(Pos, NodeId) -> bool,
        moves: &mut Moves,
    ) {
        for &(tree, trap) in traps {
            let Trap::Solovei(road) = trap else { continue };
            let Some(node) = Self::tree_road(view, tree, road) else {
                continue;
            };
            let root = view.features().root(node);
            if !triggered(tree, root) {
                continue;
            }
            let on_road: Vec<&PlacedFigure> = view
                .figures_in(root)
                .filter(|f| f.owner != NEUTRAL && !moves.contains_key(&f.id))
                .collect();
            if on_road.is_empty() {
                continue;
            }
            let dist = Self::road_distances(view, node);
            let far = u32::MAX;
            let of = |f: &PlacedFigure| f.node.and_then(|n| dist.get(&n).copied()).unwrap_or(far);
            let nearest = on_road.iter().map(|f| of(f)).min().unwrap_or(far);
            for f in on_road.iter().filter(|f| of(f) == nearest) {
                moves.insert(f.id, tree);
            }
        }
    }

    /// The figures standing on a road through a tree now, after `moves`.
    fn on_tree_roads(view: &CoreState, traps: &[(Pos, Trap)], moves: &Moves) -> Vec<FigureId> {
        let mut out = Vec::new();
        for &(tree, trap) in traps {
            let Trap::Solovei(road) = trap else { continue };
            let Some(node) = Self::tree_road(view, tree, road) else {
                continue;
            };
            out.extend(
                view.figures_in(node)
                    .filter(|f| f.owner != NEUTRAL && !moves.contains_key(&f.id))
                    .map(|f| f.id),
            );
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Springs the traps: the Vodyanoy first ("stronger"), then Solovei
    /// for the roads `extended` names or that a new figure reached, then
    /// the Vodyanoy again for Solovei's captives beside a lake.
    fn spring(&self, state: &mut State, ctx: &mut Ctx<'_>, extended: &[NodeId]) {
        if state.traps.is_empty() {
            return;
        }
        let view = ctx.view();
        let traps = &state.traps;
        let mut moves = Moves::new();
        self.sweep_vodyanoy(view, traps, &mut moves);
        let seen = &state.seen;
        let extended_roots: Vec<NodeId> = extended.iter().map(|&n| view.features().root(n)).collect();
        self.sweep_solovei(
            view,
            traps,
            |_, root| {
                extended_roots.contains(&root)
                    || view
                        .figures_in(root)
                        .any(|f| f.owner != NEUTRAL && seen.binary_search(&f.id).is_err())
            },
            &mut moves,
        );
        self.sweep_vodyanoy(view, traps, &mut moves);
        state.seen = Self::on_tree_roads(view, traps, &moves);
        let made: Vec<(FigureId, Pos, u8, Pos, &str)> = moves
            .iter()
            .filter_map(|(&figure, &to)| {
                let f = view.figure(figure)?;
                let trap = match self.trap_at(view, to) {
                    Some(Trap::Vodyanoy) => "vodyanoy",
                    _ => "solovei",
                };
                Some((figure, to, f.owner, f.pos, trap))
            })
            .collect();
        for (figure, to, owner, from, trap) in made {
            ctx.move_figure(figure, to, Spot::Tile);
            ctx.log_with(|| json!({ "trapped": owner, "by": trap, "from": [from.x, from.y], "at": [to.x, to.y] }));
        }
    }

    /// The player's figures standing in a trap they may leave this turn
    /// (not the trap placed this turn), one per trap and kind.
    fn freeable(&self, view: &CoreState, player: u8) -> Vec<(Pos, u8)> {
        let placed = view.placed_this_turn().map(|p| p.pos);
        let mut out: Vec<(Pos, u8)> = view
            .figures()
            .iter()
            .filter(|f| f.owner == player && f.spot == Spot::Tile && Some(f.pos) != placed)
            .filter(|f| self.trap_at(view, f.pos).is_some())
            .map(|f| (f.pos, f.kind))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn trap_words(&self, view: &CoreState, pos: Pos) -> String {
        let what = match self.trap_at(view, pos) {
            Some(Trap::Vodyanoy) => "the Vodyanoy's lake",
            _ => "Solovei Razboynik's tree",
        };
        format!("{what} {}", view.place_words_from_start(pos))
    }
}

impl Expansion for RussianPromos {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::OBSERVE
            | Hooks::TILE_DRAWN
            | Hooks::TILE_PLACED
            | Hooks::DEPLOYMENT_ALLOWED
            | Hooks::FIGURE_DEPLOYED
            | Hooks::AFTER_DEPLOY
            | Hooks::FEATURE_POINTS
            | Hooks::AFTER_SCORING
            | Hooks::FINAL_SCORING
    }

    fn observe(&self, state: &mut State, _view: &CoreState, event: &Event) {
        if let Event::TilePlaced { tile, pos, .. } = *event
            && let Some(trap) = self.traps.get(tile as usize).copied().flatten()
        {
            state.traps.push((pos, trap));
        }
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        let counted = self.traps_on_board(view);
        if state.traps == counted {
            Ok(())
        } else {
            Err(format!("traps kept up {:?}, on the board {counted:?}", state.traps))
        }
    }

    // `tile_placed` matters only once a trap lies on the board, or for a
    // trap's own tile: armed then, so that until a trap is placed the
    // whole moves of a turn are listed without playing each placement.
    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.traps.get(tile.index as usize).copied().flatten().is_some() {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn tile_drawn(&self, state: &mut State, ctx: &mut Ctx<'_>, _tile: &TileType) {
        if !state.traps.is_empty() {
            ctx.arm(Hooks::TILE_PLACED);
        }
    }

    // A tile that joins or extends a road through a tree springs the tree;
    // the lake, when placed, takes the followers round it.
    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let view = ctx.view();
        let tile = view.tables().tile(placed.tile);
        let roads: Vec<NodeId> = tile
            .def
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FeatureKind::ROAD)
            .filter_map(|(i, _)| view.node_at(placed.pos, i))
            .collect();
        self.spring(state, ctx, &roads);
    }

    // "No follower on the Vodyanoy's tile" (JCloisterZone): the lake's
    // tile takes no figure.
    fn deployment_allowed(&self, _state: &State, after: &AfterPlacement<'_>, d: &Deployment) -> bool {
        let Some((tile, _)) = after.tile_at(d.pos) else {
            return true;
        };
        self.traps.get(tile.index as usize).copied().flatten() != Some(Trap::Vodyanoy)
    }

    fn explain_deployment_refusal(&self, _state: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        (self.trap_at(view, d.pos) == Some(Trap::Vodyanoy))
            .then(|| "no figure may be placed on the Vodyanoy's lake tile".to_string())
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, _figure: &PlacedFigure) {
        self.spring(state, ctx, &[]);
    }

    // "instead of placing a follower, the player may return 1 follower from
    // the Vodyanoy tile into his/her supply" (and from the tree).
    fn after_deploy(&self, _state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        let view = ctx.view();
        // A figure deployed this turn (also before a second deployment the
        // player passes, as The Phantom's) is "placing a follower".
        if deployed.is_some() || view.turn().deployed.is_some() {
            return;
        }
        let player = view.turn().player;
        if !self.freeable(view, player).is_empty() {
            ctx.ask(player);
        }
    }

    // Anti-cloister: 1 for the hut and 1 for each empty place of the 8
    // round it (a completed hut: 1).
    fn feature_points(&self, _state: &State, view: &CoreState, feature: NodeId, _complete: bool, points: &mut i32) {
        if view.features().kind(feature) != self.hut {
            return;
        }
        let at = view.tile_of_node(feature).pos;
        *points = 9 - view.neighbours(at) as i32;
    }

    // Figures moved by other rules (a wagon moving on) spring the traps too.
    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        self.spring(state, ctx, &[]);
    }

    // "Followers remain on that tile until the end of the game and get -2
    // points each during final scoring."
    fn final_scoring(&self, _state: &mut State, ctx: &mut Ctx<'_>) {
        let view = ctx.view();
        let mut lost: Vec<(u8, Pos)> = view
            .figures()
            .iter()
            .filter(|f| f.owner != NEUTRAL && f.spot == Spot::Tile)
            .filter(|f| self.trap_at(view, f.pos) == Some(Trap::Vodyanoy))
            // "Followers … get -2 points each": a special figure the
            // variant traps costs nothing.
            .filter(|f| Self::class(view, f.kind) == Some(FigureClass::Follower))
            .map(|f| (f.owner, f.pos))
            .collect();
        lost.sort_unstable();
        for (owner, at) in lost {
            ctx.score(owner, VODYANOY_PENALTY, "vodyanoy");
            ctx.log_with(|| json!({ "drowned": owner, "at": [at.x, at.y] }));
        }
    }

    fn options(&self, _state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        for (at, kind) in self.freeable(view, player) {
            let Some(decl) = view.tables().figures().get(kind as usize) else {
                continue;
            };
            out.push(Action::Free {
                at: [at.x, at.y],
                figure: decl.id.to_string(),
            });
        }
        out.push(Action::Stay);
    }

    fn play(&self, _state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Action::Free { at, figure } = action else {
            return;
        };
        let view = ctx.view();
        let at = Pos::new(at[0], at[1]);
        let Some(kind) = view.tables().figure_index(figure) else {
            return;
        };
        let freed = view
            .figures()
            .iter()
            .find(|f| f.owner == player && f.kind == kind && f.pos == at && f.spot == Spot::Tile)
            .map(|f| f.id);
        if let Some(id) = freed {
            ctx.return_figure(id);
            ctx.log_with(|| json!({ "freed": player, "at": [at.x, at.y] }));
        }
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "free a trapped figure"
    }

    fn option_label(&self, _state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(match action {
            Action::Free { at, figure } => {
                let name = view
                    .tables()
                    .figure_index(figure)
                    .and_then(|k| view.tables().figures().get(k as usize))
                    .map_or(figure.as_str(), |d| d.name);
                format!(
                    "Free your {} from {}",
                    name.to_lowercase(),
                    self.trap_words(view, Pos::new(at[0], at[1]))
                )
            }
            Action::Stay => "Leave your trapped figures where they are".to_string(),
        })
    }

    fn present(&self, _state: &State, view: &CoreState) -> Vec<Line> {
        let mut held: BTreeMap<(u8, Pos), u32> = BTreeMap::new();
        for f in view.figures() {
            if f.owner != NEUTRAL && f.spot == Spot::Tile && self.trap_at(view, f.pos).is_some() {
                *held.entry((f.owner, f.pos)).or_insert(0) += 1;
            }
        }
        held.into_iter()
            .map(|((owner, at), n)| {
                Line::about(
                    owner,
                    format!(
                        "{} in {}",
                        carcassonne_core::words::count_of(u64::from(n), "trapped figure"),
                        self.trap_words(view, at)
                    ),
                )
            })
            .collect()
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let place = self.trap_words(view, Pos::from(at));
        if let Some(p) = detail.get("trapped").and_then(|v| v.as_u64()) {
            return Some(Line::about(p as u8, format!("loses a figure to {place}")));
        }
        if let Some(p) = detail.get("freed").and_then(|v| v.as_u64()) {
            return Some(Line::about(p as u8, format!("frees a figure from {place}")));
        }
        let p = detail.get("drowned")?.as_u64()?;
        Some(Line::about(
            p as u8,
            format!("loses {} for a figure in {place}", -VODYANOY_PENALTY),
        ))
    }
}
