//! Little Buildings (docs/expansions/little-buildings.md): towers, houses
//! and sheds placed on tiles instead of a follower, each adding points to
//! every feature scored over its tile.
//!
//! "If the player is not able, or willing, to deploy a follower on the
//! landscape tile, they can instead place one of the new little buildings
//! on that tile." "If a road, city, cloister, or farm is scored, each of the
//! new buildings located on a landscape tile of the structure or the farm
//! scores 1 additional point." The buildings are figures that stand on the
//! tile (`Spot::Tile`) and never come back; their points go to whoever
//! scores the feature, during the game, at the end, and when an
//! expansion's rule scores one (a barn cashing in a farm's farmers).

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::Spot;
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FeatureScoring,
    FigureClass, FigureDecl, FigurePlacement, Pos, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "little-buildings";

/// Score source of the buildings' points.
pub const SOURCE: &str = "";

/// A building of one type: the 18 of the box shared out by type, 6 / players
/// of each (JCloisterZone's deal: 3 of each for 1 or 2 players, 2 for 3, 1
/// for 4 to 6; see the questions on 4 players).
const fn building(id: &'static str, name: &'static str) -> FigureDecl {
    FigureDecl {
        id,
        name,
        per_player: 3,
        by_players: &[3, 3, 2, 1, 1, 1],
        strength: Strength::Fixed(0),
        class: FigureClass::Special,
        placement: FigurePlacement::ByExpansion,
        recall: Recall::Never,
        neutral: 0,
    }
}

/// The three types, in the order of the `3/2/1` variant's values.
pub const BUILDINGS: [FigureDecl; 3] = [
    building("little-tower", "Little tower"),
    building("house", "House"),
    building("shed", "Shed"),
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Little Buildings",
    version: env!("CARGO_PKG_VERSION"),
    description: "Towers, houses and sheds placed instead of a follower: a point more for every feature scored over them",
    variants: &[VariantDecl {
        name: "scoring",
        label: "Points a building adds",
        kind: ValueKind::one_of(&["1/1/1", "3/2/1"]),
        default: "1/1/1",
        description: "1/1/1: each building adds 1 (the rule book); 3/2/1: a tower 3, a house 2, a shed 1 (its printed \
                      variant; JCloisterZone's little-buildings-scoring)",
        earlier_defaults: &[],
    }],
    figures: &BUILDINGS,
    score_sources: &[SOURCE],
    score_source_names: &["Little buildings"],
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let values = if ctx.variant("scoring") == "3/2/1" {
        [3, 2, 1]
    } else {
        [1, 1, 1]
    };
    Ok(expansion::boxed(LittleBuildings { values }))
}

/// The rules of one game.
struct LittleBuildings {
    /// Points each type adds, in `BUILDINGS`' order.
    values: [i32; 3],
}

/// The buildings' places in the figure table, in `BUILDINGS`' order.
pub type State = [u8; 3];

impl Expansion for LittleBuildings {
    type State = State;
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        BUILDINGS.map(|b| ctx.view().tables().figure_index(b.id).unwrap_or(u8::MAX))
    }

    fn hooks(&self) -> Hooks {
        Hooks::DEPLOY_OPTIONS | Hooks::FEATURE_SCORED
    }

    fn deploy_options(&self, kinds: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        // Instead of a follower, on the tile just placed (placed once, so one
        // building at most on a tile).
        let view = after.view();
        let player = view.turn().player;
        for &kind in kinds {
            if view.supply(player, kind) > 0 {
                out.push(Deployment {
                    figure: kind,
                    pos: after.placed().pos,
                    spot: Spot::Tile,
                });
            }
        }
    }

    fn feature_scored(&self, kinds: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if scoring.winners.is_empty() {
            return;
        }
        let view = ctx.view();
        let tiles = feature_tiles(view, scoring);
        let points: i32 = view
            .figures()
            .iter()
            .filter(|f| f.spot == Spot::Tile && tiles.contains(&f.pos))
            .filter_map(|f| kinds.iter().position(|&k| k == f.kind))
            .map(|i| self.values[i])
            .sum();
        if points > 0 {
            for &winner in &scoring.winners {
                ctx.score(winner, points, SOURCE);
            }
        }
    }
}

/// The tiles a scored feature covers: its tiles, or a cloister's and the
/// 8 round it.
fn feature_tiles(view: &CoreState, scoring: &FeatureScoring) -> Vec<Pos> {
    if view.tables().completes_by_surroundings(scoring.kind) {
        let at = view.tile_of_node(scoring.feature).pos;
        return std::iter::once(at).chain(at.ring()).collect();
    }
    let mut tiles: Vec<Pos> = view
        .features()
        .members(scoring.feature)
        .map(|m| view.tile_of_node(m).pos)
        .collect();
    tiles.sort();
    tiles.dedup();
    tiles
}
