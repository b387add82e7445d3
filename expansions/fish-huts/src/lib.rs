//! Fish Huts (docs/expansions/fish-huts.md), a fan expansion by Novelty
//! (Carcassonne Central): river tiles with a fish-smoking hut, on which a
//! follower stands as a poissonnier.
//!
//! "When a fish-smoking hut has tiles on all four corners, it is completed.
//! The player who has a poissonnier in the fish-smoking hut immediately
//! scores 7 points plus a bonus of 2 extra points for every river tile at
//! the corners of the completed fish-smoking hut tile." The hut is a kind
//! of feature of this set's own, inside the tile like a cloister, which the
//! core never scores; after every turn's scoring this expansion scores each
//! occupied hut whose four diagonal neighbours are on the board and sends
//! its poissonnier home. An unfinished hut scores nothing at the end.
//!
//! Its tiles are river tiles: they use The River's river edge and feature,
//! so the expansion requires The River (with The River II as well, the two
//! make one river). Written with the
//! authoring kit only: a feature kind, a variant, the arrangement of the
//! bag, `after_scoring` with `score_completed_feature` (so expansions that
//! pay for a completed feature, such as the fairy, hear of it as complete),
//! the core's ranges.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::ranges::TileRange;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{FeatureKindDecl, KindScoring, KindShape, TileArrangement, TileType};
use carcassonne_core::words::Line;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, Pos, Rotation, Side,
    ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also its tile set's.
pub const ID: &str = "fish-huts";

/// The fish-smoking hut: inside its tile, like a cloister; a follower
/// stands on it as a poissonnier ("A follower can also be deployed to the
/// fish-smoking hut"; "The pig, the builder or the barn cannot be
/// deployed"): the base game's, and the big follower and the phantom of
/// other sets, which any feature takes. The core never scores it (so it is
/// never reported complete): this expansion does, when its corners are
/// filled.
pub const FISH_HUT: FeatureKindDecl = FeatureKindDecl {
    name: "fish-hut",
    label: "fish-smoking hut",
    shape: KindShape::Inner,
    scoring: KindScoring::None,
    occupiable: true,
    invites: &["follower", "big-follower", "phantom"],
    source: "",
    colour: "#9a6b3f",
};

/// The four tiles at the corners of a hut's tile.
pub const CORNERS: TileRange = TileRange::new(&[(-1, -1), (1, -1), (1, 1), (-1, 1)]);

/// "scores 7 points".
pub const HUT_POINTS: i32 = 7;
/// "plus a bonus of 2 extra points for every river tile at the corners".
pub const RIVER_BONUS: i32 = 2;

/// The draw phase in which The River and The River II shuffle their river
/// tiles (the guide, "The start tile and the order of the bag": "The River
/// puts its tiles in −2 and its lake in −1, The River II its fork in −3").
const RIVER_PHASE: i32 = -2;

/// The draw phase of The River's lake, drawn after every other river tile.
/// A hut tile where the river ends goes there too: drawn among the river
/// tiles, it would close the river at once and every river tile still to
/// come would fit nowhere (a dozen tiles discarded a game).
const LAST_RIVER_PHASE: i32 = -1;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Fish Huts",
    version: env!("CARGO_PKG_VERSION"),
    description: "River tiles with a fish-smoking hut: a poissonnier on it scores 7, and 2 for each river tile at \
                  its corners, once the four corner tiles are placed",
    // The hut tiles are river tiles: The River's edge, feature and placement
    // rules (with The River II too, the two make one river).
    requires: &["river"],
    // Read for their part `course`: without it the river is not drawn
    // first, and neither are the hut tiles.
    companions: &["river-ii"],
    // Those that conflict with The River conflict with its tiles here too;
    // said so, a set of expansions is refused naming the conflict, and
    // dropping a conflicting expansion never leaves this one without its
    // river.
    conflicts: &["count-of-carcassonne", "wind-roses"],
    tile_files: &[carcassonne_core::tile_file!("fish-huts.toml", "tiles/fish-huts.toml")],
    variants: &[VariantDecl {
        name: "shuffle",
        label: "Where the hut tiles are shuffled",
        kind: ValueKind::one_of(&["river", "bag"]),
        default: "river",
        description: "river: with the river tiles, drawn before the bag (FanCloisterZone); bag: with the rest of \
                      the tiles (\"Shuffle the tiles together with the rest of the tiles\", read literally: a \
                      hut tile drawn once the river has no open end fits nowhere and is discarded)",
        earlier_defaults: &[],
    }],
    score_sources: &[""],
    score_source_names: &["Fish huts"],
    feature_kinds: &[FISH_HUT],
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Fan,
    year: 2013,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let hut = ctx
        .feature_kind(FISH_HUT.name)
        .ok_or("the fish-hut feature kind is not in the catalog")?;
    let river = ctx
        .feature_kind("river")
        .ok_or("Fish Huts needs the river feature kind (The River's) in the catalog")?;
    // Without the river's course (switched off, or replaced by an expansion
    // such as Fishermen) no river tile is drawn first: the hut tiles stay
    // in the bag with them.
    let course = ["river", "river-ii"]
        .iter()
        .any(|id| ctx.companion(id).is_some_and(|c| c.part_on("course")));
    Ok(expansion::boxed(FishHuts {
        hut,
        river_tiles: ctx.tiles.iter().map(|t| t.feature_kinds().contains(&river)).collect(),
        with_river: ctx.variant("shuffle") == "river" && course,
    }))
}

/// The rules of one game.
struct FishHuts {
    /// The hut's kind in this game's catalog.
    hut: FeatureKind,
    /// By tile index: whether the tile shows a river (counts for the bonus).
    river_tiles: Vec<bool>,
    /// Variant `shuffle = "river"`, with the river's course on: this set's
    /// tiles are drawn with the river.
    with_river: bool,
}

/// Whether the river ends on `tile`: one side of it is a river edge (a
/// lake's shape), so the tile closes the river where it is placed.
fn river_ends_on(tile: &TileType) -> bool {
    let Some(river) = tile.landscape().edge_kind("river") else {
        return false;
    };
    Side::ALL
        .iter()
        .filter(|&&side| tile.edge(Rotation::default(), side) == river)
        .count()
        == 1
}

/// A hut's place in words: "the fish-smoking hut 2 tiles west of the new tile".
fn describe(view: &CoreState, at: Pos) -> String {
    format!("the fish-smoking hut {}", view.place_words(at))
}

impl FishHuts {
    /// The river tiles among the placed tiles at the corners of `at`.
    fn river_corners(&self, view: &CoreState, at: Pos) -> usize {
        CORNERS
            .cells(at)
            .filter_map(|p| view.board().get(p))
            .filter(|placed| self.river_tiles.get(placed.tile as usize).copied().unwrap_or(false))
            .count()
    }

    /// The occupied huts on the board: each hut's node and tile, once.
    fn occupied_huts(&self, view: &CoreState) -> Vec<(NodeId, Pos)> {
        let mut huts: Vec<(NodeId, Pos)> = view
            .figures()
            .iter()
            .filter_map(|f| f.node.map(|n| (view.features().root(n), f.pos)))
            .filter(|&(node, _)| view.features().kind(node) == self.hut)
            .collect();
        huts.sort_unstable_by_key(|&(node, _)| node);
        huts.dedup_by_key(|&mut (node, _)| node);
        huts
    }
}

impl Expansion for FishHuts {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_SCORING
    }

    /// FanCloisterZone draws the hut tiles with the river tiles (its games
    /// lay them along the river before the first land tile); the variant
    /// `shuffle = "bag"` leaves them in the bag.
    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        if !self.with_river {
            return;
        }
        let ours: Vec<(u16, bool)> = tiles
            .tiles()
            .iter()
            .filter(|t| t.set == ID)
            .map(|t| (t.index, river_ends_on(t)))
            .collect();
        for (index, river_ends) in ours {
            tiles.set_phase(index, if river_ends { LAST_RIVER_PHASE } else { RIVER_PHASE });
        }
    }

    /// "When a fish-smoking hut has tiles on all four corners, it is
    /// completed. The player who has a poissonnier in the fish-smoking hut
    /// immediately scores 7 points plus a bonus of 2 extra points for every
    /// river tile at the corners of the completed fish-smoking hut tile
    /// (excluding the tile with the scored fish-smoking hut). The
    /// poissonnier is removed after the points are stored and is returned
    /// to the player's supply."
    fn after_scoring(&self, _: &mut (), ctx: &mut Ctx<'_>) {
        for (node, at) in self.occupied_huts(ctx.view()) {
            let view = ctx.view();
            if !CORNERS.is_full(view.board(), at) {
                continue;
            }
            let rivers = self.river_corners(view, at);
            let points = HUT_POINTS + RIVER_BONUS * rivers as i32;
            let winners = view.majority(node);
            let figures: Vec<_> = view.figures_in(node).map(|f| f.id).collect();
            // Completed by this rule, which the core does not see: heard as
            // complete, so bonuses for a completed feature (the fairy's) apply.
            ctx.score_completed_feature(node, points, &winners, "");
            for id in figures {
                ctx.return_figure(id);
            }
            for winner in winners {
                ctx.log_with(|| json!({"fish-hut": winner, "at": [at.x, at.y], "rivers": rivers, "points": points}));
            }
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let owner = detail.get("fish-hut")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let rivers = detail.get("rivers")?.as_u64()?;
        let points = detail.get("points")?.as_i64()?;
        let river_words = carcassonne_core::words::count_of(rivers, "river tile");
        Some(Line::about(
            owner,
            format!(
                "completes {}: 7 points, and 2 for each river tile at its corners ({river_words}), {points} \
                 points; the poissonnier returns",
                describe(view, Pos::new(at[0], at[1]))
            ),
        ))
    }

    /// Each poissonnier on the board and how many of the hut's corners hold
    /// a tile.
    fn present(&self, _: &(), view: &CoreState) -> Vec<Line> {
        self.occupied_huts(view)
            .into_iter()
            .flat_map(|(node, at)| {
                let filled = CORNERS.tiles_in(view.board(), at);
                let rivers = self.river_corners(view, at);
                view.majority(node).into_iter().map(move |owner| {
                    Line::about(
                        owner,
                        format!(
                            "poissonnier in {}: {filled} of 4 corner tiles placed, {} among them",
                            describe(view, at),
                            carcassonne_core::words::count_of(rivers as u64, "river tile")
                        ),
                    )
                })
            })
            .collect()
    }
}
