//! The Watchtowers (docs/expansions/watchtowers.md): twelve tiles with a
//! watchtower. When a road or city completes during play, each follower on
//! it that stands on a watchtower tile scores that tower for its owner
//! first: what the tower watches on its tile and the 8 around it, times
//! the tower's points.
//!
//! - A tower tile carries `[tile.watchtowers] watches = "meeple" |
//!   "coat-of-arms" | "road" | "monastery" | "city"` and `points`.
//! - meeple: every follower on the 9 tiles, anyone's, the scoring one too
//!   (a big follower is one); coat-of-arms: every pennant printed on them;
//!   road / city: every tile of them with a road / city; monastery: every
//!   cloister on them.
//! - Nothing at the end of the game, nothing for farmers.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::NEUTRAL;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, FeatureKind, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, Line, Pos, ValueKind,
    register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "watchtowers";

/// What a tower watches, as tile files write it.
pub const WATCHES: [&str; 5] = ["meeple", "coat-of-arms", "road", "monastery", "city"];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Watchtowers",
    version: env!("CARGO_PKG_VERSION"),
    description: "Watchtower tiles: a follower on one scores the tower first when its road or city completes \
                  (followers, coats of arms, road or city tiles, or monasteries on the 9 tiles round it)",
    tile_files: &[carcassonne_core::tile_file!(
        "watchtowers.toml",
        "tiles/watchtowers.toml"
    )],
    score_sources: &[""],
    score_source_names: &["Watchtowers"],
    attributes: &[
        AttributeDecl {
            key: "watches",
            on: &[AttributePlace::Tile],
            kind: ValueKind::one_of(&WATCHES),
            required: true,
            description: "what the watchtower counts on its tile and the 8 around it: meeple (followers, anyone's), \
                          coat-of-arms (pennants), road or city (tiles showing one), monastery (cloisters)",
        },
        AttributeDecl {
            key: "points",
            on: &[AttributePlace::Tile],
            kind: ValueKind::Integer { min: 1, max: 9 },
            required: true,
            description: "the points per thing the watchtower counts",
        },
    ],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2016,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

/// What a tower counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Watches {
    Meeple,
    CoatOfArms,
    Road,
    Monastery,
    City,
}

impl Watches {
    fn parse(word: &str) -> Option<Watches> {
        Some(match word {
            "meeple" => Watches::Meeple,
            "coat-of-arms" => Watches::CoatOfArms,
            "road" => Watches::Road,
            "monastery" => Watches::Monastery,
            "city" => Watches::City,
            _ => return None,
        })
    }

    fn word(self) -> &'static str {
        WATCHES[self as usize]
    }

    /// What is counted, in the plural.
    fn plural(self) -> &'static str {
        match self {
            Watches::Meeple => "followers",
            Watches::CoatOfArms => "coats of arms",
            Watches::Road => "tiles with a road",
            Watches::Monastery => "monasteries",
            Watches::City => "tiles with a city",
        }
    }
}

/// A tile's tower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tower {
    watches: Watches,
    points: i32,
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let towers = ctx
        .tiles
        .iter()
        .map(|t: &TileType| {
            let a = t.def.attribute(ID)?;
            Some(Tower {
                watches: Watches::parse(a.get("watches")?.as_str()?)?,
                points: i32::try_from(a.get("points")?.as_integer()?).ok()?,
            })
        })
        .collect();
    Ok(expansion::boxed(Watchtowers { towers }))
}

/// The rules of one game.
struct Watchtowers {
    /// By tile index, its tower.
    towers: Vec<Option<Tower>>,
}

impl Watchtowers {
    fn tower_at(&self, view: &CoreState, pos: Pos) -> Option<Tower> {
        let placed = view.board().get(pos)?;
        self.towers.get(placed.tile as usize).copied().flatten()
    }
}

/// How many of what `watches` counts lie on the tile at `at` and the 8
/// around it.
fn count(view: &CoreState, at: Pos, watches: Watches) -> u32 {
    let tables = view.tables();
    let mut n = 0;
    for dy in -1..=1 {
        for dx in -1..=1 {
            let pos = Pos::new(at.x + dx, at.y + dy);
            let Some(placed) = view.board().get(pos) else { continue };
            let def = &tables.tile(placed.tile).def;
            n += match watches {
                Watches::Meeple => view
                    .figures_on(pos)
                    .filter(|f| {
                        f.owner != NEUTRAL
                            && tables
                                .figures()
                                .get(f.kind as usize)
                                .is_some_and(|d| d.class == FigureClass::Follower)
                    })
                    .count() as u32,
                Watches::CoatOfArms => def
                    .features
                    .iter()
                    .filter(|f| f.kind == FeatureKind::CITY)
                    .map(|f| u32::from(f.pennants))
                    .sum(),
                Watches::Road => u32::from(def.features.iter().any(|f| f.kind == FeatureKind::ROAD)),
                Watches::City => u32::from(def.features.iter().any(|f| f.kind == FeatureKind::CITY)),
                Watches::Monastery => def.features.iter().filter(|f| f.kind == FeatureKind::CLOISTER).count() as u32,
            };
        }
    }
    n
}

impl Expansion for Watchtowers {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_COMPLETED
    }

    // Called for every feature completed during play, before any of them
    // scores: "the watchtower is scored first".
    fn feature_completed(&self, _state: &mut (), ctx: &mut Ctx<'_>, feature: NodeId) {
        let view = ctx.view();
        let kind = view.features().kind(feature);
        if kind != FeatureKind::ROAD && kind != FeatureKind::CITY {
            return;
        }
        let tables = view.tables();
        // Each follower of the feature on a tower tile scores that tower.
        let scorings: Vec<(u8, Pos, Tower, u32)> = view
            .figures_in(feature)
            .filter(|f| {
                f.owner != NEUTRAL
                    && tables
                        .figures()
                        .get(f.kind as usize)
                        .is_some_and(|d| d.class == FigureClass::Follower)
            })
            .filter_map(|f| {
                let tower = self.tower_at(view, f.pos)?;
                Some((f.owner, f.pos, tower, count(view, f.pos, tower.watches)))
            })
            .collect();
        for (owner, at, tower, n) in scorings {
            let points = tower.points * n as i32;
            if points > 0 {
                ctx.score(owner, points, "");
            }
            ctx.log_with(|| {
                json!({
                    "tower": owner,
                    "at": [at.x, at.y],
                    "watches": tower.watches.word(),
                    "count": n,
                    "points": points,
                })
            });
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let player = detail.get("tower")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let watches = Watches::parse(detail.get("watches")?.as_str()?)?;
        let n = detail.get("count")?.as_u64()?;
        let points = detail.get("points")?.as_i64()?;
        Some(Line::about(
            player,
            format!(
                "scores the watchtower {}: {n} {} round it, {points} point{}",
                view.place_words_from_start(Pos::from(at)),
                watches.plural(),
                if points == 1 { "" } else { "s" }
            ),
        ))
    }
}
