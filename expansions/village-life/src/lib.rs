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
//! other roads).
//!
//! Written with the authoring kit only: an edge kind, a feature kind, a
//! road attribute and hooks.

use carcassonne_core::expansion::{self, DynExpansion, Hooks, PartDecl};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching,
};
use carcassonne_core::words::Line;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, FeatureScoring, Pos,
    ValueKind, register_expansion,
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

/// The part: marketplaces.
pub const MARKETPLACES: &str = "marketplaces";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Village Life",
    version: env!("CARGO_PKG_VERSION"),
    description: "Bushes that end roads and part fields, and marketplaces whose roads score together",
    tile_files: &[carcassonne_core::tile_file!(
        "village-life.toml",
        "tiles/village-life.toml"
    )],
    parts: &[PartDecl {
        id: MARKETPLACES,
        name: "Marketplaces",
        description: "a completed road ending at a marketplace also scores the tiles of the marketplace's other roads",
        figures: &[],
    }],
    score_sources: &["marketplace"],
    score_source_names: &["Marketplaces"],
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

/// The four flower colours, as the tile file writes them (FanCloisterZone's
/// names; the page's tokens are violet, orange, white and light blue).
pub const COLOURS: [&str; 4] = ["white", "blue", "yellow", "violet"];

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let marketplace = ctx
        .tiles
        .iter()
        .map(|t| {
            t.def
                .features
                .iter()
                .map(|f| {
                    f.attributes
                        .get(ID)
                        .and_then(|v| v.get("marketplace"))
                        .and_then(|v| v.as_bool())
                        .unwrap_or(false)
                })
                .collect()
        })
        .collect();
    Ok(expansion::boxed(VillageLife {
        marketplaces: ctx.part_on(MARKETPLACES),
        marketplace,
    }))
}

/// The rules of one game.
struct VillageLife {
    /// The marketplaces part is on.
    marketplaces: bool,
    /// By tile index and feature index: the road ends at the tile's
    /// marketplace.
    marketplace: Vec<Vec<bool>>,
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
}

impl Expansion for VillageLife {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        if self.marketplaces {
            Hooks::FEATURE_SCORED
        } else {
            Hooks::NONE
        }
    }

    /// A completed road ending at a marketplace: its winners also score a
    /// point for each tile of the marketplace's other roads (see the page's
    /// questions: FanCloisterZone's reading).
    fn feature_scored(&self, _: &mut (), ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
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

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let player = detail.get("marketplace")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let tiles = detail.get("tiles")?.as_u64()?;
        let plural = if tiles == 1 { "" } else { "s" };
        Some(Line::about(
            player,
            format!(
                "the completed road ends at the marketplace {}: its other roads add {tiles} tile{plural}, {tiles} \
                 point{plural}",
                view.place_words(Pos::new(at[0], at[1]))
            ),
        ))
    }
}
