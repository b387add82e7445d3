//! The Darmstadt Promo (docs/expansions/darmstadt-promos.md): three tiles
//! from Darmstadt Spielt's 20th anniversary (2014).
//!
//! - The **Darmstadtium**, a city on all four sides (its city feature
//!   carries `darmstadt-promos = { darmstadtium = true }`): a completed city
//!   holding it gives each of its majority 3 extra points.
//! - Two **churches** (`[tile.darmstadt-promos] church = true`): cloisters
//!   for everything, and when one completes during play the players with
//!   the most followers on its tile and the 8 around it (any feature, the
//!   monk included, each follower one) get 3 points each, whoever holds the
//!   church. Nothing at the end of the game for either.
//! - The variant `remove_cloisters` takes two base cloisters out, as the
//!   rulebook recommends for the base game alone.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::NEUTRAL;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, FeatureKind, TileArrangement};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureScoring, FigureClass, Line,
    PartDecl, Pos, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "darmstadt-promos";

/// Part id of the Darmstadtium's bonus (`[parts.darmstadt-promos]
/// darmstadtium = false` leaves its tile a plain city).
pub const PART_DARMSTADTIUM: &str = "darmstadtium";
/// Part id of the churches' bonus (off: the churches are plain cloisters,
/// as JCloisterZone plays them without its element `church`).
pub const PART_CHURCHES: &str = "churches";

/// The points of either bonus.
pub const BONUS: i32 = 3;

/// The base game's plain cloister, whose copies the variant takes out.
const BASE_CLOISTER: &str = "B";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Darmstadt Promo",
    version: env!("CARGO_PKG_VERSION"),
    description: "The Darmstadtium (3 extra points to a completed city's majority) and two churches, cloisters \
                  whose completion gives 3 points to the most followers on the 9 tiles round them",
    tile_files: &[carcassonne_core::tile_file!(
        "darmstadt-promos.toml",
        "tiles/darmstadt-promos.toml"
    )],
    parts: &[
        PartDecl {
            id: PART_DARMSTADTIUM,
            name: "Darmstadtium",
            description: "a completed city holding the Darmstadtium gives its majority 3 extra points",
            figures: &[],
        },
        PartDecl {
            id: PART_CHURCHES,
            name: "Churches",
            description: "a church completed during play gives 3 points to the most followers on it and the 8 tiles \
                          round it",
            figures: &[],
        },
    ],
    variants: &[VariantDecl {
        name: "remove_cloisters",
        label: "Base cloisters taken out",
        kind: ValueKind::Integer { min: 0, max: 2 },
        default: "0",
        description: "how many base plain cloisters (B) leave the game: the rulebook recommends 2 when the promo \
                      is played with the base game alone; 0 keeps them all, as JCloisterZone does",
        earlier_defaults: &[],
    }],
    score_sources: &["darmstadtium", "church"],
    score_source_names: &["Darmstadtium", "Church majority"],
    attributes: &[
        AttributeDecl {
            key: "darmstadtium",
            on: &[AttributePlace::City],
            kind: ValueKind::Bool,
            required: true,
            description: "this city holds the Darmstadtium: completed, it gives its majority 3 extra points",
        },
        AttributeDecl {
            key: "church",
            on: &[AttributePlace::Tile],
            kind: ValueKind::Bool,
            required: true,
            description: "the tile's cloister is a church: completed during play, 3 points to the players with \
                          the most followers on it and the 8 tiles round it",
        },
    ],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Promo,
    year: 2014,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    // A part switched off gives its tiles no bonus: no tile is marked.
    let churches = if ctx.part_on(PART_CHURCHES) {
        ctx.tile_flags(ID, "church")
    } else {
        Vec::new()
    };
    let with_darmstadtium = ctx.part_on(PART_DARMSTADTIUM);
    // By tile index, the index of its Darmstadtium city feature.
    let darmstadtium = ctx
        .tiles
        .iter()
        .map(|t| {
            if !with_darmstadtium {
                return None;
            }
            t.def.features.iter().position(|f| {
                f.kind == FeatureKind::CITY
                    && f.attributes
                        .get(ID)
                        .and_then(|a| a.get("darmstadtium"))
                        .and_then(|v| v.as_bool())
                        .unwrap_or(false)
            })
        })
        .collect();
    let base_cloister = ctx
        .tiles
        .iter()
        .find(|t| t.set == "base" && t.def.id == BASE_CLOISTER)
        .map(|t| t.index);
    let removed = u32::try_from(ctx.variant_int("remove_cloisters").clamp(0, 2)).unwrap_or(0);
    Ok(expansion::boxed(Darmstadt {
        churches,
        darmstadtium,
        base_cloister,
        removed,
    }))
}

/// The rules of one game.
struct Darmstadt {
    /// By tile index, whether its cloister is a church.
    churches: Vec<bool>,
    /// By tile index, its Darmstadtium city's feature index.
    darmstadtium: Vec<Option<usize>>,
    /// The base plain cloister's tile index, when the base game is in.
    base_cloister: Option<u16>,
    /// How many of its copies leave the game.
    removed: u32,
}

/// Whether a figure kind is a follower (the church counts followers only:
/// no builder, pig or neutral figure).
fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// The followers of each player on the tile at `at` and the 8 around it,
/// by seat.
fn followers_round(view: &CoreState, at: Pos) -> Vec<u32> {
    let mut counts = vec![0u32; view.players()];
    for dy in -1..=1 {
        for dx in -1..=1 {
            let pos = Pos::new(at.x + dx, at.y + dy);
            for f in view.figures_on(pos) {
                if f.owner != NEUTRAL
                    && is_follower(view, f.kind)
                    && let Some(c) = counts.get_mut(f.owner as usize)
                {
                    *c += 1;
                }
            }
        }
    }
    counts
}

impl Darmstadt {
    /// Whether the feature of `node` holds the Darmstadtium.
    fn holds_darmstadtium(&self, view: &CoreState, node: NodeId) -> bool {
        view.features().members(node).any(|n| {
            let placed = view.tile_of_node(n);
            self.darmstadtium.get(placed.tile as usize).copied().flatten() == Some(view.feature_index(n))
        })
    }
}

impl Expansion for Darmstadt {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_COMPLETED | Hooks::FEATURE_SCORED
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        if let Some(b) = self.base_cloister
            && self.removed > 0
        {
            let left = tiles.count(b).saturating_sub(self.removed);
            tiles.set_count(b, left);
        }
    }

    // A church's majority is counted when it completes during play, before
    // any follower of the turn's completed features goes home: the monk and
    // the followers round it all count, whoever holds the church (an
    // unoccupied church too). Nothing at the end of the game.
    fn feature_completed(&self, _state: &mut (), ctx: &mut Ctx<'_>, feature: NodeId) {
        let view = ctx.view();
        if view.features().kind(feature) != FeatureKind::CLOISTER {
            return;
        }
        let placed = view.tile_of_node(feature);
        if !self.churches.get(placed.tile as usize).copied().unwrap_or(false) {
            return;
        }
        let at = placed.pos;
        let counts = followers_round(view, at);
        let most = counts.iter().copied().max().unwrap_or(0);
        if most == 0 {
            ctx.log_with(|| json!({ "church": [at.x, at.y], "most": 0 }));
            return;
        }
        let winners: Vec<u8> = (0..counts.len() as u8)
            .filter(|&p| counts[p as usize] == most)
            .collect();
        for &p in &winners {
            ctx.score(p, BONUS, "church");
            ctx.log_with(|| json!({ "church": [at.x, at.y], "player": p, "most": most }));
        }
    }

    // "If the Darmstadtium is present in a completed city, the player who
    // has the majority of followers in that city earns 3 extra points":
    // each winner of a completed city (ties: each, footnote 2).
    fn feature_scored(&self, _state: &mut (), ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if !scoring.complete || scoring.kind != FeatureKind::CITY || scoring.winners.is_empty() {
            return;
        }
        if !self.holds_darmstadtium(ctx.view(), scoring.feature) {
            return;
        }
        for &p in &scoring.winners {
            ctx.score(p, BONUS, "darmstadtium");
            ctx.log_with(|| json!({ "darmstadtium": p }));
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(p) = detail.get("darmstadtium").and_then(|v| v.as_u64()) {
            return Some(Line::about(
                p as u8,
                format!("scores the Darmstadtium: {BONUS} extra points"),
            ));
        }
        let at: [i32; 2] = serde_json::from_value(detail.get("church")?.clone()).ok()?;
        let place = view.place_words_from_start(Pos::from(at));
        let most = detail.get("most")?.as_u64()?;
        match detail.get("player").and_then(|v| v.as_u64()) {
            Some(p) => Some(Line::about(
                p as u8,
                format!("has the most followers round the church {place} ({most}): {BONUS} points"),
            )),
            None => Some(Line::new(format!(
                "the church {place} completes with no follower round it"
            ))),
        }
    }
}
