//! Siege (docs/expansions/siege.md): the besieged cities of The Cathars
//! (Spielbox, 2004), reprinted as Siege in Rio Grande Games' Cult, Siege &
//! Creativity (2008).
//!
//! - A city with a tile showing the siege is besieged: each of its tiles and
//!   coats of arms scores 1 point less (1 instead of 2 when completed, 2
//!   instead of 3 with a cathedral, nothing when unfinished at the end).
//! - A farm counts every completed besieged city it supplies twice.
//! - Both rules are parts, which a game may switch off one at a time.
//! - Escape: at the end of their turn, a player may take one of
//!   their followers back from an unfinished besieged city when a cloister
//!   lies next to (diagonals too) a siege tile of it, or, under Rio Grande
//!   Games' rule (`escape_from = "any-tile"`), next to any tile of it.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileArrangement};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, FigureClass, Line, PartDecl,
    Pos, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute table in tile files.
pub const ID: &str = "siege";

/// The part that scores besieged cities and their farms.
pub const PART_BESIEGED: &str = "besieged";

/// The part that lets followers escape.
pub const PART_ESCAPE: &str = "escape";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Siege (The Cathars)",
    version: env!("CARGO_PKG_VERSION"),
    description: "Besieged cities score 1 point less per tile and coat of arms, count double for farmers, and a cloister beside them lets a follower escape",
    tile_files: &[
        carcassonne_core::tile_file!("siege.toml", "tiles/siege.toml"),
        carcassonne_core::tile_file!("siege-besiegers.toml", "tiles/siege-besiegers.toml"),
    ],
    variants: &[
        VariantDecl {
            name: "tile_set",
            label: "Siege tiles",
            kind: ValueKind::one_of(&["cathars", "besiegers"]),
            default: "cathars",
            description: "The Cathars' four tiles (reprinted as Rio Grande Games' Siege) or The Besiegers' six (Hans im Glück, 2013)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "escape_from",
            label: "Escape through a cloister next to",
            kind: ValueKind::one_of(&["siege-tile", "any-tile"]),
            default: "siege-tile",
            description: "where the cloister a follower escapes by must lie: next to a siege tile of the city (The Cathars, Hans im Glück) or next to any tile of it (Rio Grande Games' Siege)",
            earlier_defaults: &[],
        },
    ],
    parts: &[
        PartDecl {
            id: PART_BESIEGED,
            name: "Besieged cities",
            description: "a besieged city scores 1 point less per tile and coat of arms, and double for farmers",
            figures: &[],
        },
        PartDecl {
            id: PART_ESCAPE,
            name: "Escape",
            description: "a follower may leave a besieged city through a cloister next to it",
            figures: &[],
        },
    ],
    attributes: &[AttributeDecl {
        key: "besieged",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the tile shows the siege: the city on it is besieged",
    }],
    check_attributes: expansion::schema_only,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Mini,
    year: 2004,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let besieged = ctx.tile_flags(ID, "besieged");
    let cloister = ctx
        .tiles
        .iter()
        .map(|t| t.def.features.iter().any(|f| f.kind == FeatureKind::CLOISTER))
        .collect();
    // The other release's tiles leave the game (each file is one set).
    let besiegers = ctx.variant("tile_set") == "besiegers";
    let left_out = ctx
        .tiles
        .iter()
        .map(|t| (t.set == BESIEGERS_SET) != besiegers && (t.set == ID || t.set == BESIEGERS_SET))
        .collect();
    Ok(expansion::boxed(Siege {
        left_out,
        besieged,
        cloister,
        scoring: ctx.part_on(PART_BESIEGED),
        escape: ctx.part_on(PART_ESCAPE),
        any_tile: ctx.variant("escape_from") == "any-tile",
    }))
}

/// The tile set of The Besiegers' tiles (tiles/siege-besiegers.toml).
const BESIEGERS_SET: &str = "siege-besiegers";

/// The rules of one game.
struct Siege {
    /// By tile index, the tiles of the release not chosen.
    left_out: Vec<bool>,
    /// By tile index, whether the tile shows the siege.
    besieged: Vec<bool>,
    /// By tile index, whether the tile has a cloister (a shrine or an abbey
    /// is one too: "as these also have the characteristics of a cloister").
    cloister: Vec<bool>,
    /// Whether besieged cities score less, and double for farmers.
    scoring: bool,
    /// Whether followers may escape.
    escape: bool,
    /// The cloister may lie next to any tile of the city (RGG), not only
    /// next to a siege tile.
    any_tile: bool,
}

/// Whether the turn's player is choosing a follower to escape.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The player is asked whether a follower escapes.
    pub asking: bool,
}

/// The escape decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// This follower leaves its besieged city for its owner's supply.
    Escape {
        /// The follower (its figure id).
        follower: FigureId,
        /// Its tile.
        at: Pos,
    },
    /// No follower escapes this turn.
    Stay,
}

impl Siege {
    fn flag(flags: &[bool], tile: u16) -> bool {
        flags.get(tile as usize).copied().unwrap_or(false)
    }

    fn kind_of(view: &CoreState, node: NodeId) -> FeatureKind {
        // The node's own kind: a feature an expansion added to a tile (a
        // bridge's road) has no definition on it.
        view.features().kind(node)
    }

    /// The tiles of the feature `node`, each once, with whether it shows the
    /// siege.
    fn tiles_of(&self, view: &CoreState, node: NodeId) -> Vec<(Pos, bool)> {
        let mut tiles: Vec<(Pos, bool)> = view
            .features()
            .members(node)
            .map(|m| view.tile_of_node(m))
            .map(|t| (t.pos, Self::flag(&self.besieged, t.tile)))
            .collect();
        tiles.sort_by_key(|&(p, _)| p);
        tiles.dedup();
        tiles
    }

    /// Whether the city `node` is besieged: one of its tiles shows the
    /// siege (on these tiles the city is the only one).
    fn is_besieged(&self, view: &CoreState, node: NodeId) -> bool {
        view.features()
            .members(node)
            .any(|m| Self::flag(&self.besieged, view.tile_of_node(m).tile))
    }

    /// Whether a cloister lies next to the besieged city `node` as the
    /// variant wants it (next to a siege tile, or to any tile of the city).
    fn has_way_out(&self, view: &CoreState, node: NodeId) -> bool {
        self.tiles_of(view, node)
            .into_iter()
            .filter(|&(_, siege)| siege || self.any_tile)
            // A cloister on a tile of the city borders it too (as
            // JCloisterZone reads it).
            .flat_map(|(p, _)| std::iter::once(p).chain(p.ring()))
            .any(|p| view.board().get(p).is_some_and(|t| Self::flag(&self.cloister, t.tile)))
    }

    /// The followers `player` may take out of besieged cities now, one per
    /// spot.
    fn escapers<'a>(&self, view: &'a CoreState, player: u8) -> Vec<&'a PlacedFigure> {
        let mut out: Vec<&PlacedFigure> = Vec::new();
        for f in view.figures() {
            let Some(node) = f.node else { continue };
            if f.owner != player
                || !is_follower(view, f)
                || Self::kind_of(view, node) != FeatureKind::CITY
                || view.is_complete(node)
                || !self.is_besieged(view, node)
                || !self.has_way_out(view, node)
            {
                continue;
            }
            // Two followers of a kind on one spot are one choice.
            if out
                .iter()
                .any(|o| o.kind == f.kind && o.pos == f.pos && o.spot == f.spot)
            {
                continue;
            }
            out.push(f);
        }
        out
    }
}

/// Whether the figure is a follower ("any follower in a city is considered a
/// knight": a mayor or a wagon escapes too; a builder does not).
fn is_follower(view: &CoreState, figure: &PlacedFigure) -> bool {
    view.tables()
        .figures()
        .get(figure.kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

impl Expansion for Siege {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.scoring {
            hooks |= Hooks::FEATURE_POINTS;
        }
        if self.escape {
            hooks |= Hooks::AFTER_SCORING;
        }
        hooks
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for (index, _) in self.left_out.iter().enumerate().filter(|(_, out)| **out) {
            tiles.set_count(index as u16, 0);
        }
    }

    fn feature_points(&self, _: &State, view: &CoreState, node: NodeId, _complete: bool, points: &mut i32) {
        if !self.scoring {
            return;
        }
        let kind = Self::kind_of(view, node);
        if kind == FeatureKind::CITY {
            if !self.is_besieged(view, node) {
                return;
            }
            // "each tile and each pennant in that city score only 1 point
            // instead of the usual 2": 1 less each, never below nothing
            // (an unfinished city with a cathedral already scores none).
            let root = view.features().root(node);
            let less = (view.features().tile_count(root) + view.features().pennants(root)) as i32;
            *points = (*points - less).max(0);
        } else if kind == FeatureKind::FIELD {
            // "every completed besieged city scores double points in
            // relation to farms": what the farm pays for one city, once more
            // for each besieged one.
            let cities: Vec<NodeId> = view
                .cities_of_field(node)
                .into_iter()
                .filter(|&c| view.is_complete(c))
                .collect();
            let besieged = cities.iter().filter(|&&c| self.is_besieged(view, c)).count() as i32;
            if besieged > 0 {
                *points += *points / cities.len() as i32 * besieged;
            }
        }
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // "at the end of a player's turn, he or she may remove one knight
        // from the besieged city and return it to the supply"
        let player = ctx.view().turn().player;
        if self.escape && !self.escapers(ctx.view(), player).is_empty() {
            state.asking = true;
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        if !state.asking {
            return;
        }
        for f in self.escapers(view, player) {
            out.push(Action::Escape {
                follower: f.id,
                at: f.pos,
            });
        }
        out.push(Action::Stay);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        state.asking = false;
        if let Action::Escape { follower, at } = *action {
            ctx.return_figure(follower);
            ctx.log_with(|| json!({ "escaped": player, "at": [at.x, at.y] }));
        }
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "escape from a besieged city"
    }

    fn option_label(&self, _: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        Some(match *action {
            Action::Escape { follower, at } => {
                let f = view.figure(follower)?;
                let name = view.tables().figures().get(f.kind as usize)?.name.to_lowercase();
                format!(
                    "Escape: your {name} {} {} goes back to your supply",
                    view.spot_words(at, f.spot),
                    view.place_words(at)
                )
            }
            Action::Stay => "No follower escapes".to_string(),
        })
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let player = detail.get("escaped")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        Some(Line::about(
            player,
            format!(
                "a follower escapes the besieged city {}",
                view.place_words(Pos::new(at[0], at[1]))
            ),
        ))
    }
}
