//! Village Life (docs/expansions/village-life.md), Snearone's fan expansion
//! from Carcassonne Central: 24 land tiles with bushes, flowers and
//! marketplaces, a windmill for each player, a flower colour for each
//! player and a donkey.
//!
//! Bushes are a kind of edge, declared as data: "They act as a barriers
//! between fields and can also terminate roads." A bush side is a field, the
//! bush, a field; it meets a road (which ends there), a field or another
//! bush, never a city, as The City Gates' gates do. The bush itself is a
//! feature kind nobody stands on and nothing scores.
//!
//! The mechanisms a game may switch off are parts: the marketplaces (a
//! completed road ending at one also scores the tiles of the marketplace's
//! other roads), the windmills (one a player, on a field of the tile just
//! placed, scoring the cross of nine tiles round it), the flowers (a colour
//! a player; 3 points a flower of one's colour on a scored feature one has
//! a follower in) and the donkey (a neutral figure no placement may
//! complete a feature under).
//!
//! Written with the authoring kit only: an edge kind, a feature kind, road
//! and field attributes, a special figure placed by the expansion and the
//! core's ranges, a neutral figure, a decision, a placement veto that asks
//! what a placement would complete (`AfterPlacement::considering`) and
//! seeded draws.

use carcassonne_core::expansion::{self, DynExpansion, Hooks, PartDecl};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::ranges::{self, TileRange};
use carcassonne_core::rng::GameRng;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching,
};
use carcassonne_core::words::Line;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Event, Expansion,
    ExpansionGroup, ExpansionInfo, FeatureKind, FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Pos, Recall,
    Rotation, Strength, TileType, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "village-life";

/// The bush at a side's centre: nobody stands on it and it never scores.
pub const BUSH_FEATURE: FeatureKindDecl = FeatureKindDecl {
    name: "bush",
    label: "bush",
    shape: KindShape::Path,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#3f7a3a",
};

/// A side with a bush: field, bush, field. "A tile with with bushes may be
/// placed so that the bushes connects to another tile's road, the bushes
/// then serve as the end of that road. Bushes may be placed against a
/// field. The bushes may also connect directly to another bushes on an
/// adjacent tile."
pub const BUSH_EDGE: EdgeKindDecl = EdgeKindDecl {
    name: "bush",
    letter: 'H',
    label: "bush",
    segments: &["field", "bush", "field"],
    matching: Matching::Also(&["road", "field"]),
};

/// The windmill: one per player, a special figure on a field of the tile
/// just placed ("Each player adds the windmill of their color to their
/// supply").
pub const WINDMILL: FigureDecl = FigureDecl {
    id: "windmill",
    name: "Windmill",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The donkey: one, neutral, on a tile ("Donkey is placed on starting
/// tile").
pub const DONKEY: FigureDecl = FigureDecl {
    id: "donkey",
    name: "Donkey",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The windmill's range: its tile and two tiles each way orthogonally
/// (FanCloisterZone's `Windmill.RANGE_POSITIONS`).
pub const WINDMILL_RANGE: TileRange = TileRange::CROSS;

/// The four flower colours, as the tile file writes them (FanCloisterZone's
/// names; the page's tokens are violet, orange, white and light blue).
pub const COLOURS: [&str; 4] = ["white", "blue", "yellow", "violet"];

/// Points for each flower of a player's colour.
pub const FLOWER_POINTS: i32 = 3;

/// The part: marketplaces.
pub const MARKETPLACES: &str = "marketplaces";
/// The part: windmills.
pub const WINDMILLS: &str = "windmills";
/// The part: flowers.
pub const FLOWERS: &str = "flowers";
/// The part: the donkey.
pub const DONKEY_PART: &str = "donkey";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Village Life",
    version: env!("CARGO_PKG_VERSION"),
    description: "Bushes, marketplaces, a windmill for each player, a flower colour for each player and a donkey",
    tile_files: &[carcassonne_core::tile_file!(
        "village-life.toml",
        "tiles/village-life.toml"
    )],
    figures: &[WINDMILL, DONKEY],
    parts: &[
        PartDecl {
            id: MARKETPLACES,
            name: "Marketplaces",
            description: "a completed road ending at a marketplace also scores the tiles of the marketplace's other \
                          roads",
            figures: &[],
        },
        PartDecl {
            id: WINDMILLS,
            name: "Windmills",
            description: "a windmill for each player, on a field of the tile just placed: a point a tile of its cross \
                          of nine",
            figures: &["windmill"],
        },
        PartDecl {
            id: FLOWERS,
            name: "Flowers",
            description: "a flower colour for each player: 3 points a flower of it on a scored feature one has a \
                          follower in",
            figures: &[],
        },
        PartDecl {
            id: DONKEY_PART,
            name: "Donkey",
            description: "a neutral donkey on a tile: no placement may complete a feature on its tile",
            figures: &["donkey"],
        },
    ],
    variants: &[VariantDecl {
        name: "donkey_move",
        label: "When the donkey moves",
        kind: ValueKind::one_of(&["instead-of-follower", "every-turn"]),
        default: "instead-of-follower",
        description: "instead-of-follower: a player who deploys nothing may move the donkey (FanCloisterZone); \
                      every-turn: each player may move it after deploying or not",
        earlier_defaults: &[],
    }],
    // Each player's flower colour, which no figure or tile shows.
    counters: &[CounterDecl {
        id: "flower-colour",
        label: "Flower colour",
        scope: CounterScope::Seat,
        values: &COLOURS,
        scale: 1,
        mark: "",
        colour: "",
    }],
    score_sources: &["marketplace", "windmill", "windmill-unfinished", "flowers"],
    score_source_names: &["Marketplaces", "Windmills", "Windmills (unfinished)", "Flowers"],
    attributes: &[
        AttributeDecl {
            key: "marketplace",
            on: &[AttributePlace::Road],
            kind: ValueKind::Bool,
            required: true,
            description: "the road ends at the tile's marketplace",
        },
        AttributeDecl {
            key: "flower",
            on: &[AttributePlace::Field],
            kind: ValueKind::one_of(&COLOURS),
            required: true,
            description: "the field shows a flower of this colour",
        },
    ],
    check_attributes: expansion::schema_only,
    feature_kinds: &[BUSH_FEATURE],
    edge_kinds: &[BUSH_EDGE],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Fan,
    year: 0,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// A feature's attribute of this expansion, by tile index and feature
/// index.
fn per_feature<T>(ctx: &BuildContext, read: impl Fn(&toml::Value) -> Option<T>) -> Vec<Vec<Option<T>>> {
    ctx.tiles
        .iter()
        .map(|t| {
            t.def
                .features
                .iter()
                .map(|f| f.attributes.get(ID).and_then(&read))
                .collect()
        })
        .collect()
}

use carcassonne_core::toml;

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let marketplace = per_feature(ctx, |v| v.get("marketplace")?.as_bool())
        .into_iter()
        .map(|t| t.into_iter().map(|m| m.unwrap_or(false)).collect())
        .collect();
    let flower: Vec<Vec<Option<u8>>> = per_feature(ctx, |v| {
        let word = v.get("flower")?.as_str()?;
        COLOURS.iter().position(|c| *c == word).map(|i| i as u8)
    });
    let tile_flowers = flower
        .iter()
        .map(|t| {
            let mut counts = [0u8; 4];
            for c in t.iter().flatten() {
                counts[*c as usize] += 1;
            }
            counts
        })
        .collect();
    Ok(expansion::boxed(VillageLife {
        marketplaces: ctx.part_on(MARKETPLACES),
        windmills: ctx.part_on(WINDMILLS),
        flowers: ctx.part_on(FLOWERS),
        donkey: ctx.part_on(DONKEY_PART),
        donkey_every_turn: ctx.variant("donkey_move") == "every-turn",
        marketplace,
        flower,
        tile_flowers,
    }))
}

/// The rules of one game.
struct VillageLife {
    /// The marketplaces part is on.
    marketplaces: bool,
    /// The windmills part is on.
    windmills: bool,
    /// The flowers part is on.
    flowers: bool,
    /// The donkey part is on.
    donkey: bool,
    /// `donkey_move = "every-turn"`.
    donkey_every_turn: bool,
    /// By tile index and feature index: the road ends at the tile's
    /// marketplace.
    marketplace: Vec<Vec<bool>>,
    /// By tile index and feature index: the colour of a field's flower.
    flower: Vec<Vec<Option<u8>>>,
    /// By tile index: the tile's flowers of each colour.
    tile_flowers: Vec<[u8; 4]>,
}

/// What the game remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Each player's flower colour (an index into [`COLOURS`]), drawn at
    /// the start; empty when the flowers are off.
    pub colours: Vec<u8>,
    /// The donkey's decision is pending.
    pub asking: bool,
    /// Where the donkey stands, what a placement there could complete,
    /// and where a placement changes that: kept up from the events
    /// (`observe`), so the veto asks nothing of the other cells, which are
    /// nearly all of a turn's placements. Checked against a recount
    /// (`check_kept_up`) in every random game.
    #[serde(skip)]
    pub donkey: DonkeyCells,
}

/// The cells round the donkey's features, kept up for its placement veto.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DonkeyCells {
    /// The donkey's figure kind (its index in the game's figure table).
    pub kind: u8,
    /// The donkey's tile.
    pub at: Option<Pos>,
    /// The empty cells where a placement could complete a feature of the
    /// donkey's tile (sorted), each with those features (a bit per feature
    /// index; the last bit stands for every index from 63 on): round the
    /// tile for one completed by its surroundings (a cloister); beside a
    /// tile of one completed by its sides, with four open sides or fewer (a
    /// tile closes only the open sides facing its own cell).
    pub cells: Vec<(Pos, u64)>,
    /// The empty cells where a placement may change `cells` (sorted): the
    /// same without the limit on open sides. A tile placed elsewhere joins
    /// and closes none of the donkey's features.
    pub watched: Vec<Pos>,
}

/// The expansion's decision: where the donkey goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The donkey goes to this tile.
    Donkey(Pos),
    /// The donkey stays where it is.
    Stay,
}

/// A figure kind's index in the game's figure table (not its place in
/// `BuildContext::figures`, which leaves out figures a game has none of).
fn kind(view: &CoreState, id: &str) -> u8 {
    view.tables().figure_index(id).unwrap_or(u8::MAX)
}

/// The donkey's tile, if it stands on the board.
fn donkey_at(view: &CoreState) -> Option<Pos> {
    let donkey = kind(view, DONKEY.id);
    view.figures().iter().find(|f| f.kind == donkey).map(|f| f.pos)
}

/// "the tile 2 tiles east of the new tile", or "the new tile" itself.
fn tile_words(view: &CoreState, pos: Pos) -> String {
    the_tile(view.place_words(pos))
}

/// The same counted from the start tile, for the log ("the tile 1 tile
/// south of the start tile", "the start tile").
fn tile_words_from_start(view: &CoreState, pos: Pos) -> String {
    the_tile(view.place_words_from_start(pos))
}

/// "on the new tile" → "the new tile"; "2 tiles east of …" → "the tile 2
/// tiles east of …".
fn the_tile(words: String) -> String {
    match words.strip_prefix("on ") {
        Some(itself) => itself.to_string(),
        None => format!("the tile {words}"),
    }
}

/// The number of features a tile type has.
fn feature_count(view: &CoreState, pos: Pos) -> usize {
    view.board()
        .get(pos)
        .map_or(0, |p| view.tables().tile(p.tile).def.features.len())
}

impl VillageLife {
    fn ends_at_marketplace(&self, tile: u16, feature: usize) -> bool {
        self.marketplace
            .get(tile as usize)
            .and_then(|t| t.get(feature))
            .copied()
            .unwrap_or(false)
    }

    /// The marketplaces road `node` ends at (their tiles), and for each the
    /// tiles of its other roads: a road of the marketplace that is the
    /// scored road itself (it ends there twice) is not counted, and another
    /// road reaching it twice counts once.
    fn marketplace_tiles(&self, view: &CoreState, node: NodeId) -> Vec<(Pos, u32)> {
        let features = view.features();
        let root = features.root(node);
        let mut markets: Vec<Pos> = features
            .members(root)
            .filter(|&m| {
                let placed = view.tile_of_node(m);
                self.ends_at_marketplace(placed.tile, view.feature_index(m))
            })
            .map(|m| view.tile_of_node(m).pos)
            .collect();
        markets.sort();
        markets.dedup();
        markets
            .into_iter()
            .map(|pos| {
                let mut others: Vec<NodeId> = Vec::new();
                if let Some(placed) = view.board().get(pos) {
                    let count = self.marketplace.get(placed.tile as usize).map_or(0, Vec::len);
                    for fi in 0..count {
                        if !self.ends_at_marketplace(placed.tile, fi) {
                            continue;
                        }
                        if let Some(other) = view.node_at(pos, fi).map(|n| features.root(n))
                            && other != root
                            && !others.contains(&other)
                        {
                            others.push(other);
                        }
                    }
                }
                (pos, others.iter().map(|&r| features.tile_count(r)).sum())
            })
            .collect()
    }

    /// The flowers of each colour on the tiles at `cells`.
    fn flowers_on(&self, view: &CoreState, cells: impl Iterator<Item = Pos>) -> [u32; 4] {
        let mut counts = [0u32; 4];
        for pos in cells {
            if let Some(placed) = view.board().get(pos)
                && let Some(tile) = self.tile_flowers.get(placed.tile as usize)
            {
                for (c, n) in tile.iter().enumerate() {
                    counts[c] += u32::from(*n);
                }
            }
        }
        counts
    }

    /// The flowers a scored feature counts: a field's own flowers; the
    /// flowers of every tile a road or city covers; those of the nine tiles
    /// round a cloister.
    fn flowers_of(&self, view: &CoreState, scoring: &FeatureScoring) -> [u32; 4] {
        let features = view.features();
        match scoring.kind {
            FeatureKind::FIELD => {
                let mut counts = [0u32; 4];
                for m in features.members(scoring.feature) {
                    let placed = view.tile_of_node(m);
                    let colour = self
                        .flower
                        .get(placed.tile as usize)
                        .and_then(|t| t.get(view.feature_index(m)))
                        .copied()
                        .flatten();
                    if let Some(c) = colour {
                        counts[c as usize] += 1;
                    }
                }
                counts
            }
            FeatureKind::ROAD | FeatureKind::CITY => {
                let board = view.board().tiles();
                self.flowers_on(
                    view,
                    features
                        .tiles(scoring.feature)
                        .into_iter()
                        .filter_map(|i| board.get(i as usize).map(|t| t.pos)),
                )
            }
            FeatureKind::CLOISTER => {
                let at = view.tile_of_node(scoring.feature).pos;
                self.flowers_on(
                    view,
                    (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| Pos::new(at.x + dx, at.y + dy))),
                )
            }
            _ => [0; 4],
        }
    }

    /// Pays each player in `players` (each once) 3 points a flower of
    /// their colour in `counts`.
    fn pay_flowers(&self, state: &State, ctx: &mut Ctx<'_>, players: &[u8], counts: [u32; 4], what: &'static str) {
        for &player in players {
            let Some(&colour) = state.colours.get(player as usize) else {
                continue;
            };
            let flowers = counts[colour as usize];
            if flowers == 0 {
                continue;
            }
            ctx.score(player, flowers as i32 * FLOWER_POINTS, "flowers");
            ctx.log_with(
                || json!({"flowers": player, "colour": COLOURS[colour as usize], "count": flowers, "on": what}),
            );
        }
    }

    /// The empty cells where a placement could complete a feature of the
    /// donkey's tile, counted from the board: round the tile, for an
    /// incomplete feature completed by its surroundings (a cloister);
    /// beside a tile of an incomplete feature with four open sides or
    /// fewer, for one completed by its sides (a tile closes only the open
    /// sides facing its own cell). Sorted, each once. The same test as
    /// `completes_under_donkey`'s candidates, made for every cell at once.
    fn donkey_cells(&self, view: &CoreState) -> DonkeyCells {
        let mut donkey = DonkeyCells::default();
        self.count_donkey_cells(view, &mut donkey);
        donkey
    }

    /// `donkey_cells` into `donkey`, reusing its lists (counted again at
    /// every tile placed beside the donkey's features).
    fn count_donkey_cells(&self, view: &CoreState, donkey: &mut DonkeyCells) {
        donkey.cells.clear();
        donkey.watched.clear();
        donkey.at = None;
        donkey.kind = 0;
        if !self.donkey {
            return;
        }
        donkey.kind = kind(view, DONKEY.id);
        donkey.at = donkey_at(view);
        let Some(at) = donkey.at else {
            return;
        };
        let (tables, features, board) = (view.tables(), view.features(), view.board());
        let (cells, watched) = (&mut donkey.cells, &mut donkey.watched);
        for fi in 0..feature_count(view, at) {
            let Some(node) = view.node_at(at, fi) else {
                continue;
            };
            let kind = features.kind(node);
            if view.is_complete(node) {
                continue;
            }
            let bit = 1u64 << fi.min(63);
            if tables.completes_by_surroundings(kind) {
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let q = Pos::new(at.x + dx, at.y + dy);
                        if !board.is_occupied(q) {
                            cells.push((q, bit));
                            watched.push(q);
                        }
                    }
                }
            } else if tables.completes_by_sides(kind) {
                let near = features.open_sides(features.root(node)) <= 4;
                for m in features.members(node) {
                    let p = view.tile_of_node(m).pos;
                    for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                        let q = Pos::new(p.x + dx, p.y + dy);
                        if !board.is_occupied(q) {
                            if near {
                                cells.push((q, bit));
                            }
                            watched.push(q);
                        }
                    }
                }
            }
        }
        cells.sort_unstable_by_key(|c| c.0);
        cells.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 |= later.1;
            }
            same
        });
        watched.sort_unstable();
        watched.dedup();
    }

    /// Whether placing `tile` at `pos` turned by `rotation` completes a
    /// feature on the donkey's tile: the feature index of the first. Only
    /// the features kept up for the cell are tried (`DonkeyCells::cells`);
    /// elsewhere no placement completes anything under the donkey.
    fn completes_under_donkey(
        &self,
        donkey: &DonkeyCells,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<usize> {
        let at = donkey.at?;
        let i = donkey.cells.binary_search_by_key(&pos, |c| c.0).ok()?;
        let mask = donkey.cells[i].1;
        AfterPlacement::considering(view, tile, pos, rotation, |after| {
            (0..feature_count(view, at))
                .filter(|&fi| mask & (1u64 << fi.min(63)) != 0)
                .find(|&fi| {
                    view.node_at(at, fi)
                        .is_some_and(|node| !view.is_complete(node) && after.is_complete(after.node(node)))
                })
        })
    }
}

impl Expansion for VillageLife {
    type State = State;
    type Action = Action;

    /// "At the beginning of the game, each player draws one random flower
    /// token […] In a 2-4 player game, tokens are drawn from a set of 4
    /// different tokens. In a 5-8 player game, tokens are drawn from two
    /// identical sets of 4 tokens." "Donkey is placed on starting tile."
    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let mut state = State::default();
        if self.flowers {
            let players = ctx.view().players();
            let sets = players.div_ceil(COLOURS.len()).max(1);
            let mut pool: Vec<u8> = (0..sets).flat_map(|_| 0..COLOURS.len() as u8).collect();
            for _ in 0..players {
                let i = ctx.random_below(pool.len() as u32) as usize;
                state.colours.push(pool.remove(i));
            }
        }
        if self.donkey {
            let donkey = kind(ctx.view(), DONKEY.id);
            let start = ctx.view().board().tiles().first().map(|t| t.pos);
            if let Some(pos) = start
                && ctx.view().neutral_supply(donkey) > 0
            {
                ctx.place_neutral(donkey, pos, Spot::Tile);
            }
            self.count_donkey_cells(ctx.view(), &mut state.donkey);
        }
        state
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.marketplaces || self.flowers {
            hooks |= Hooks::FEATURE_SCORED;
        }
        if self.windmills {
            hooks |= Hooks::DEPLOY_OPTIONS | Hooks::AFTER_SCORING | Hooks::FINAL_SCORING;
        }
        if self.donkey {
            hooks |= Hooks::PLACEMENT_ALLOWED | Hooks::AFTER_DEPLOY | Hooks::OBSERVE;
        }
        hooks
    }

    /// The donkey's cells change with the board (a tile placed on a
    /// watched cell; features joined, linked or added by another
    /// expansion) and with the donkey (moved, or put on the board or taken
    /// off it by anyone's rule): counted again then, once, instead of
    /// looked for at every placement listed.
    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        if !self.donkey {
            return;
        }
        let donkey = &state.donkey;
        let changes = match *event {
            Event::TilePlaced { pos, .. } => donkey.watched.binary_search(&pos).is_ok(),
            Event::FeaturesConnected { .. } | Event::FeaturesLinked { .. } | Event::FeatureAdded { .. } => true,
            Event::FigureDeployed { kind, .. }
            | Event::FigureReturned { kind, .. }
            | Event::FigureCaptured { kind, .. } => kind == donkey.kind,
            Event::FigureMoved { .. } => donkey_at(view) != donkey.at,
            _ => false,
        };
        if changes {
            self.count_donkey_cells(view, &mut state.donkey);
        }
    }

    fn check_kept_up(&self, state: &State, view: &CoreState) -> Result<(), String> {
        let recount = self.donkey_cells(view);
        if state.donkey == recount {
            Ok(())
        } else {
            Err(format!(
                "the donkey's cells kept up are {:?}, the board has {recount:?}",
                state.donkey
            ))
        }
    }

    /// "No placement may complete a feature on the donkey's tile"
    /// (FanCloisterZone's `DonkeyCapability`: a placement is refused when
    /// it changes how many features of the donkey's tile are complete).
    fn placement_allowed(
        &self,
        state: &State,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> bool {
        !self.donkey
            || self
                .completes_under_donkey(&state.donkey, view, tile, pos, rotation)
                .is_none()
    }

    fn explain_placement_refusal(
        &self,
        state: &State,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<String> {
        let at = state.donkey.at?;
        let fi = self.completes_under_donkey(&state.donkey, view, tile, pos, rotation)?;
        let feature = view.feature_words(at, fi).unwrap_or_else(|| "feature".into());
        Some(format!(
            "the donkey stands on {}: no placement may complete a feature on its tile, and this one would complete \
             its {feature}",
            tile_words(view, at)
        ))
    }

    /// The windmill goes on a field of the tile just placed (FanCloisterZone:
    /// any field of it, occupied or not), instead of a follower.
    fn deploy_options(&self, _: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let view = after.view();
        let windmill = kind(view, WINDMILL.id);
        if !self.windmills || view.supply(view.turn().player, windmill) == 0 {
            return;
        }
        let pos = after.placed().pos;
        for fi in 0..after.tile().feature_kinds().len() {
            let Some(feature) = after.feature(pos, fi) else {
                continue;
            };
            if after.kind(feature) == FeatureKind::FIELD {
                out.push(Deployment {
                    figure: windmill,
                    pos,
                    spot: Spot::Feature(fi as u8),
                });
            }
        }
    }

    fn explain_deployment_refusal(&self, _: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        if d.figure != kind(view, WINDMILL.id) {
            return None;
        }
        let Spot::Feature(fi) = d.spot else {
            return Some("a windmill stands on a field of the new tile".into());
        };
        let after = AfterPlacement::made(view)?;
        let feature = after.feature(d.pos, fi as usize)?;
        (after.kind(feature) != FeatureKind::FIELD)
            .then(|| "a windmill stands on a field, not on a road, city or cloister".into())
    }

    /// The donkey: a player who deployed nothing (or, `donkey_move =
    /// "every-turn"`, every player) may move it to another tile.
    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        if !self.donkey || (deployed.is_some() && !self.donkey_every_turn) {
            return;
        }
        let view = ctx.view();
        let Some(at) = donkey_at(view) else {
            return;
        };
        if view.board().tiles().iter().any(|t| t.pos != at) {
            state.asking = true;
            let player = view.turn().player;
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, _player: u8, out: &mut Vec<Action>) {
        if !state.asking {
            return;
        }
        let at = state.donkey.at;
        out.extend(
            view.board()
                .tiles()
                .iter()
                .filter(|t| Some(t.pos) != at)
                .map(|t| Action::Donkey(t.pos)),
        );
        out.push(Action::Stay);
    }

    fn is_option(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> bool {
        state.asking
            && match *action {
                Action::Donkey(to) => Some(to) != state.donkey.at && view.board().is_occupied(to),
                Action::Stay => true,
            }
    }

    /// Drawn as `options` lists them (every other tile in the board's
    /// order, then staying), without listing the board's tiles: the same
    /// option for the same draw.
    fn sample_option(&self, state: &State, view: &CoreState, _player: u8, rng: &mut GameRng) -> Option<Action> {
        if !state.asking {
            return None;
        }
        let tiles = view.board().tiles();
        let skipped = tiles.iter().position(|t| Some(t.pos) == state.donkey.at);
        let count = tiles.len() - usize::from(skipped.is_some()) + 1;
        let drawn = rng.below(u32::try_from(count).ok()?) as usize;
        if drawn + 1 == count {
            return Some(Action::Stay);
        }
        let index = match skipped {
            Some(s) if drawn >= s => drawn + 1,
            _ => drawn,
        };
        tiles.get(index).map(|t| Action::Donkey(t.pos))
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        state.asking = false;
        let Action::Donkey(to) = *action else {
            return;
        };
        let donkey = kind(ctx.view(), DONKEY.id);
        let Some(figure) = ctx.view().figures().iter().find(|f| f.kind == donkey).map(|f| f.id) else {
            return;
        };
        ctx.move_figure(figure, to, Spot::Tile);
        ctx.log_with(|| json!({"donkey": player, "to": [to.x, to.y]}));
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "donkey"
    }

    fn option_label(&self, _: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Donkey(to) => format!("Move the donkey to {}", tile_words(view, to)),
            Action::Stay => "Leave the donkey where it is".into(),
        })
    }

    /// "Each player with a follower in it": a completed road, city or
    /// cloister, an unfinished one at the end, and a field at the end,
    /// pays 3 points a flower of the player's colour. A completed road
    /// ending at a marketplace: its winners also score a point for each
    /// tile of the marketplace's other roads.
    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if self.flowers && (scoring.kind != FeatureKind::FIELD || !scoring.complete) {
            let view = ctx.view();
            let field_at_end =
                scoring.kind == FeatureKind::FIELD && matches!(scoring.moment, carcassonne_core::ScoringMoment::Final);
            if scoring.kind != FeatureKind::FIELD || field_at_end {
                let tables = view.tables();
                let mut players: Vec<u8> = view
                    .figures_in(scoring.feature)
                    .filter(|f| {
                        matches!(
                            tables.figures().get(f.kind as usize).map(|d| d.class),
                            Some(FigureClass::Follower)
                        )
                    })
                    .map(|f| f.owner)
                    .collect();
                players.sort_unstable();
                players.dedup();
                if !players.is_empty() {
                    let counts = self.flowers_of(view, scoring);
                    let what = match scoring.kind {
                        FeatureKind::FIELD => "field",
                        FeatureKind::ROAD => "road",
                        FeatureKind::CITY => "city",
                        _ => "cloister",
                    };
                    self.pay_flowers(state, ctx, &players, counts, what);
                }
            }
        }
        if !self.marketplaces || !scoring.complete || scoring.kind != FeatureKind::ROAD || scoring.winners.is_empty() {
            return;
        }
        for (pos, tiles) in self.marketplace_tiles(ctx.view(), scoring.feature) {
            if tiles == 0 {
                continue;
            }
            for &winner in &scoring.winners {
                ctx.score(winner, tiles as i32, "marketplace");
                ctx.log_with(|| json!({"marketplace": winner, "at": [pos.x, pos.y], "tiles": tiles}));
            }
        }
    }

    /// A windmill whose nine tiles are all placed: 9 points (and its
    /// owner's flowers there), and it returns.
    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let windmill = kind(ctx.view(), WINDMILL.id);
        for figure in ranges::full_ranges(ctx.view(), windmill, WINDMILL_RANGE) {
            let tiles = WINDMILL_RANGE.len() as u32;
            self.score_windmill(state, ctx, &figure, tiles, true);
            ctx.return_figure(figure.id);
        }
    }

    /// At the end, a windmill still standing: 1 point a tile of its range
    /// (and its owner's flowers there).
    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let windmill = kind(ctx.view(), WINDMILL.id);
        let standing: Vec<PlacedFigure> = ctx
            .view()
            .figures()
            .iter()
            .filter(|f| f.kind == windmill)
            .copied()
            .collect();
        for figure in standing {
            let tiles = WINDMILL_RANGE.tiles_in(ctx.view().board(), ranges::anchor_of(&figure));
            self.score_windmill(state, ctx, &figure, tiles as u32, false);
        }
    }

    /// Places are counted from the start tile: a log is read after the
    /// turn, when "the new tile" is another one (or, at the final
    /// scoring, none).
    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(player) = detail.get("marketplace").and_then(|v| v.as_u64()) {
            let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
            let tiles = detail.get("tiles")?.as_u64()?;
            let plural = if tiles == 1 { "" } else { "s" };
            return Some(Line::about(
                player as u8,
                format!(
                    "the completed road ends at the marketplace {}: its other roads add {tiles} tile{plural}, \
                     {tiles} point{plural}",
                    view.place_words_from_start(Pos::new(at[0], at[1]))
                ),
            ));
        }
        if let Some(player) = detail.get("windmill").and_then(|v| v.as_u64()) {
            let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
            let tiles = detail.get("tiles")?.as_u64()?;
            let complete = detail.get("complete")?.as_bool()?;
            let plural = if tiles == 1 { "" } else { "s" };
            let place = view.place_words_from_start(Pos::new(at[0], at[1]));
            return Some(Line::about(
                player as u8,
                if complete {
                    format!(
                        "completes the windmill {place}: all {tiles} tiles of its cross, {tiles} points; the windmill returns"
                    )
                } else {
                    format!(
                        "scores the unfinished windmill {place}: {tiles} of {} tiles of its cross, {tiles} point{plural}",
                        WINDMILL_RANGE.len()
                    )
                },
            ));
        }
        if let Some(player) = detail.get("flowers").and_then(|v| v.as_u64()) {
            let colour = detail.get("colour")?.as_str()?;
            let count = detail.get("count")?.as_u64()?;
            let on = detail.get("on")?.as_str()?;
            let plural = if count == 1 { "" } else { "s" };
            return Some(Line::about(
                player as u8,
                format!(
                    "{count} {colour} flower{plural} on the scored {on}: {} points",
                    count as i32 * FLOWER_POINTS
                ),
            ));
        }
        if let Some(player) = detail.get("donkey").and_then(|v| v.as_u64()) {
            let to: [i32; 2] = serde_json::from_value(detail.get("to")?.clone()).ok()?;
            return Some(Line::about(
                player as u8,
                format!(
                    "moves the donkey to {}",
                    tile_words_from_start(view, Pos::new(to[0], to[1]))
                ),
            ));
        }
        None
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for (seat, &colour) in state.colours.iter().enumerate() {
            out.seat(0, seat as u8, colour as usize, 1);
        }
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        json!({
            "colours": state.colours.iter().map(|&c| COLOURS[c as usize]).collect::<Vec<_>>(),
        })
    }

    /// Each player's flower colour ("Each player keeps their flower token
    /// visible in front of them"), each windmill and how far its cross is
    /// filled, and where the donkey stands.
    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut lines: Vec<Line> = state
            .colours
            .iter()
            .enumerate()
            .map(|(p, &c)| Line::about(p as u8, format!("flowers: {}", COLOURS[c as usize])))
            .collect();
        let windmill = kind(view, WINDMILL.id);
        lines.extend(view.figures().iter().filter(|f| f.kind == windmill).map(|f| {
            let tiles = WINDMILL_RANGE.tiles_in(view.board(), ranges::anchor_of(f));
            Line::about(
                f.owner,
                format!(
                    "windmill {}: {tiles} of {} tiles of its cross",
                    view.place_words(f.pos),
                    WINDMILL_RANGE.len()
                ),
            )
        }));
        if let Some(at) = donkey_at(view) {
            lines.push(Line::new(format!("the donkey stands on {}", tile_words(view, at))));
        }
        lines
    }
}

impl VillageLife {
    /// Scores a windmill: `tiles` points, and its owner's flowers on the
    /// tiles of its range ("a windmill for the tiles of its range").
    fn score_windmill(&self, state: &State, ctx: &mut Ctx<'_>, figure: &PlacedFigure, tiles: u32, complete: bool) {
        let source = if complete { "windmill" } else { "windmill-unfinished" };
        ctx.score(figure.owner, tiles as i32, source);
        let at = figure.pos;
        ctx.log_with(|| json!({"windmill": figure.owner, "at": [at.x, at.y], "tiles": tiles, "complete": complete}));
        if self.flowers {
            let anchor = ranges::anchor_of(figure);
            let counts = self.flowers_on(ctx.view(), WINDMILL_RANGE.cells(anchor));
            self.pay_flowers(state, ctx, &[figure.owner], counts, "windmill");
        }
    }
}
