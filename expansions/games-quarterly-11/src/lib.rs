//! Games Quarterly 11 (docs/expansions/games-quarterly-11.md): the promo of
//! Games Quarterly magazine's issue 11 (2006), twelve land tiles and no
//! rules of their own.
//!
//! - Ten tiles go into the bag.
//! - Two river tiles (`[tile.games-quarterly-11] river = "spring"` or
//!   `"course"`) play only while a river (The River or The River II) is in
//!   the game: the course tile joins the river tiles drawn shuffled before
//!   the bag; the spring stays in the box, since a river has one spring and
//!   the river set's own starts the game.
//! - The field tile GQ-2 is "officially … not a pig-herd tile"; the
//!   variant `pig_herd` (a house rule, JCloisterZone's `gq11-pig-herd =
//!   pig`) plays it as one with Traders & Builders: every player who wins
//!   its farm at the end scores 1 more for each completed city the farm
//!   supplies.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, FeatureKind, TileArrangement};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureScoring, ValueKind, VariantDecl,
    register_expansion,
};
use carcassonne_river::stack;

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "games-quarterly-11";

/// The score source of the pig-herd house rule (`games-quarterly-11.pig-herd`).
pub const PIG_HERD_SOURCE: &str = "pig-herd";

/// The expansion whose pigs the pig-herd house rule goes with.
const TRADERS_AND_BUILDERS: &str = "traders-and-builders";

/// The river sets whose river the river tiles join.
const RIVERS: &[&str] = &["river", "river-ii"];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Games Quarterly 11",
    version: env!("CARGO_PKG_VERSION"),
    description: "Twelve land tiles from Games Quarterly magazine: ten for the bag, and a river between two cities \
                  and a spring with a road for a river",
    tile_files: &[
        carcassonne_core::tile_file!("games-quarterly-11.toml", "tiles/games-quarterly-11.toml"),
        carcassonne_core::tile_file!("games-quarterly-11-river.toml", "tiles/games-quarterly-11-river.toml"),
    ],
    variants: &[VariantDecl {
        name: "pig_herd",
        label: "Field tile as a pig-herd",
        kind: ValueKind::Bool,
        default: "false",
        description: "a house rule: the field tile GQ-2 is a pig-herd, as Traders & Builders scores one (every \
                      winner of its farm 1 more per completed city); officially it is not one",
        earlier_defaults: &[],
    }],
    score_sources: &[PIG_HERD_SOURCE],
    score_source_names: &["Pig-herd (house rule)"],
    attributes: &[
        AttributeDecl {
            key: "river",
            on: &[AttributePlace::Tile],
            kind: ValueKind::one_of(&["spring", "course"]),
            required: true,
            description: "a river tile, in the game only while a river is: the spring (left out: the river set's \
                          own spring starts the river) or a stretch of river",
        },
        AttributeDecl {
            key: "pig-herd",
            on: &[AttributePlace::Field],
            kind: ValueKind::Bool,
            required: true,
            description: "the field may be played as a pig-herd (the house rule `pig_herd`)",
        },
    ],
    check_attributes: expansion::schema_only,
    companions: &[TRADERS_AND_BUILDERS],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Promo,
    year: 2006,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let river_on = RIVERS.iter().any(|id| ctx.is_enabled(id));
    let mut springs = Vec::new();
    let mut courses = Vec::new();
    for t in ctx.tiles.iter() {
        match t
            .def
            .attribute(ID)
            .and_then(|a| a.get("river"))
            .and_then(|v| v.as_str())
        {
            Some("spring") => springs.push(t.index),
            Some(_) => courses.push(t.index),
            None => {}
        }
    }
    // The pig-herd's fields by tile index, only while the house rule is on
    // and Traders & Builders is in the game.
    let herds = if ctx.variant_bool("pig_herd") && ctx.companion(TRADERS_AND_BUILDERS).is_some() {
        ctx.tiles
            .iter()
            .map(|t| {
                t.def
                    .features
                    .iter()
                    .map(|f| {
                        f.kind == FeatureKind::FIELD
                            && f.attributes
                                .get(ID)
                                .and_then(|a| a.get("pig-herd"))
                                .and_then(|v| v.as_bool())
                                == Some(true)
                    })
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(expansion::boxed(GamesQuarterly {
        river_on,
        springs,
        courses,
        herds,
    }))
}

/// The rules of one game.
struct GamesQuarterly {
    /// Whether a river set is in the game.
    river_on: bool,
    /// The spring tiles, by tile index.
    springs: Vec<u16>,
    /// The other river tiles, by tile index.
    courses: Vec<u16>,
    /// By tile index and feature index, whether the field is a pig-herd;
    /// empty while the house rule is off.
    herds: Vec<Vec<bool>>,
}

impl GamesQuarterly {
    /// Whether the farm of `node` holds a pig-herd.
    fn herd_in(&self, view: &CoreState, node: NodeId) -> bool {
        view.features().members(node).any(|m| {
            let tile = view.tile_of_node(m).tile as usize;
            self.herds
                .get(tile)
                .and_then(|t| t.get(view.feature_index(m)))
                .copied()
                .unwrap_or(false)
        })
    }
}

impl Expansion for GamesQuarterly {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        if self.herds.is_empty() {
            Hooks::NONE
        } else {
            Hooks::FEATURE_SCORED
        }
    }

    // "No matter how many spring tiles you have you should still only use
    // one to form a single river": the river set's spring starts it, and
    // this one stays in the box. Without a river, neither river tile plays.
    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for &spring in &self.springs {
            tiles.set_count(spring, 0);
        }
        for &course in &self.courses {
            if self.river_on {
                tiles.set_phase(course, stack::RIVER);
            } else {
                tiles.set_count(course, 0);
            }
        }
    }

    // The house rule, as Traders & Builders scores The River II's
    // pig-herds: every winner of a farm holding the pig-herd scores 1 more
    // for each completed city the farm supplies.
    fn feature_scored(&self, _state: &mut (), ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.kind != FeatureKind::FIELD || scoring.winners.is_empty() {
            return;
        }
        let view = ctx.view();
        if !self.herd_in(view, scoring.feature) {
            return;
        }
        let cities = view
            .cities_of_field(scoring.feature)
            .into_iter()
            .filter(|&c| view.is_complete(c))
            .count();
        let Ok(cities) = i32::try_from(cities) else { return };
        if cities == 0 {
            return;
        }
        for &winner in &scoring.winners {
            ctx.score(winner, cities, PIG_HERD_SOURCE);
        }
    }
}
