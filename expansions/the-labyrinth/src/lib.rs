//! The Labyrinth (docs/expansions/the-labyrinth.md), the mini expansion of
//! Spiel Doch! 1/2016: a tile whose four roads are one road, with Hans im
//! Glück's advanced variant.
//!
//! "The labyrinth is not a crossing; all outgoing roads are interconnected."
//! The tile's road is one feature (`the-labyrinth = { labyrinth = true }` on
//! it), so the basic rules are the core's own: a follower goes on it only
//! when the whole road is unoccupied, and the road scores as any road.
//!
//! The advanced variant (`advanced = true`) splits a road that runs through
//! labyrinths into segments: each labyrinth tile's road is a segment, and
//! so is each stretch of road between labyrinths or between a labyrinth and
//! a road's end. A follower may go on the placed tile's road when its
//! segment is unoccupied, although the whole road holds followers
//! (`deploy_options`). When such a road is completed its winners score,
//! besides the usual points, 2 for every follower on it (`feature_scored`).
//!
//! Written with the authoring kit only: a road attribute, a variant and two
//! hooks.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem, TileType};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind,
    FeatureScoring, FigureClass, Pos, Segment, Side, ValueKind, VariantDecl, register_expansion, toml,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-labyrinth";

/// Points a completed labyrinth road gives its winners per follower on it
/// in the advanced variant: "he or she will get 2 points for each meeple
/// standing on the labyrinth or on a connected road".
pub const POINTS_PER_FOLLOWER: i32 = 2;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Labyrinth",
    version: env!("CARGO_PKG_VERSION"),
    description: "A tile whose four roads are one road; in the advanced variant followers may share a labyrinth's road \
                  segment by segment, and a completed one pays 2 per follower on it",
    tile_files: &[carcassonne_core::tile_file!(
        "the-labyrinth.toml",
        "tiles/the-labyrinth.toml"
    )],
    variants: &[VariantDecl {
        name: "advanced",
        label: "Advanced variant",
        kind: ValueKind::Bool,
        default: "false",
        description: "Hans im Glück's variant: a follower may go on an unoccupied segment of a road through a \
                      labyrinth (the labyrinth itself, or the road between labyrinths or up to the road's end) \
                      although the road holds followers; a completed labyrinth road pays its winners 2 more per \
                      follower on it",
        earlier_defaults: &[],
    }],
    score_sources: &[""],
    score_source_names: &["Labyrinth"],
    attributes: &[AttributeDecl {
        key: "labyrinth",
        on: &[AttributePlace::Road],
        kind: ValueKind::Bool,
        required: true,
        description: "this road is a labyrinth: its four ends are one road, and in the advanced variant it is a \
                      segment of its own",
    }],
    check_attributes,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2016,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `labyrinth = false` says nothing a missing table does not: refused, so a
/// tile file has one way to say a road is no labyrinth.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    match table.get("labyrinth").and_then(toml::Value::as_bool) {
        Some(false) => vec![AttributeProblem::new(
            &["labyrinth"],
            "`labyrinth` must be `true` (leave the table out on a road that is no labyrinth)",
        )],
        _ => Vec::new(),
    }
}

/// The labyrinth roads of a tile type: a bit per feature index.
fn labyrinth_features(tile: &TileType) -> u64 {
    tile.def
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.attributes
                .get(ID)
                .and_then(|t| t.get("labyrinth"))
                .and_then(toml::Value::as_bool)
                == Some(true)
        })
        .fold(0, |mask, (fi, _)| if fi < 64 { mask | (1 << fi) } else { mask })
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Labyrinth {
        advanced: ctx.variant_bool("advanced"),
        labyrinths: ctx.tiles.iter().map(labyrinth_features).collect(),
    }))
}

/// The rules of one game.
struct Labyrinth {
    /// The advanced variant is played.
    advanced: bool,
    /// By tile index: its labyrinth roads, a bit per feature index.
    labyrinths: Vec<u64>,
}

impl Labyrinth {
    /// Whether feature `fi` of tile type `tile` is a labyrinth.
    fn is_labyrinth(&self, tile: u16, fi: usize) -> bool {
        fi < 64 && self.labyrinths.get(tile as usize).is_some_and(|m| m & (1 << fi) != 0)
    }

    /// Whether a follower stands on the road of the placed tile's feature
    /// `fi`'s segment: the labyrinth itself when that road is one, else the
    /// road walked tile by tile from it, stopping at labyrinths (which
    /// bound segments and belong to none but their own).
    fn segment_occupied(&self, after: &AfterPlacement<'_>, fi: usize) -> bool {
        let placed = after.placed();
        let view = after.view();
        // The placed tile's own road holds a follower only in a second
        // deployment of the turn (The Phantom's).
        if self.is_labyrinth(placed.tile, fi) {
            return follower_on(view, placed.pos, fi);
        }
        let mut seen: Vec<(Pos, usize)> = vec![(placed.pos, fi)];
        let mut next = 0;
        while let Some(&(pos, fi)) = seen.get(next) {
            next += 1;
            if follower_on(view, pos, fi) {
                return true;
            }
            let Some((tile, rotation)) = after.tile_at(pos) else {
                continue;
            };
            for side in Side::ALL {
                let centre = Segment::centre(side);
                if tile.feature_at(rotation, centre) != Some(fi) {
                    continue;
                }
                let across = pos.step(side);
                let Some((other, other_rotation)) = after.tile_at(across) else {
                    continue;
                };
                let Some(ofi) = other.feature_at(other_rotation, centre.facing()) else {
                    continue;
                };
                let labyrinth = self.is_labyrinth(other.index, ofi);
                if other.feature_kind(ofi) == FeatureKind::ROAD && !labyrinth && !seen.contains(&(across, ofi)) {
                    seen.push((across, ofi));
                }
            }
        }
        false
    }

    /// Whether the whole feature of `node` runs through a labyrinth.
    fn has_labyrinth(&self, view: &CoreState, node: carcassonne_core::features::NodeId) -> bool {
        view.features()
            .members(node)
            .any(|n| self.is_labyrinth(view.tile_of_node(n).tile, view.feature_index(n)))
    }
}

/// Whether a follower stands on feature `fi` of the board's tile at `pos`.
fn follower_on(view: &CoreState, pos: Pos, fi: usize) -> bool {
    view.figures_on(pos).any(|f| {
        f.spot == Spot::Feature(fi as u8)
            && view
                .tables()
                .figures()
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower)
    })
}

impl Expansion for Labyrinth {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        if self.advanced {
            Hooks::DEPLOY_OPTIONS | Hooks::FEATURE_SCORED
        } else {
            // The basic rules are the core's: one road, scored as any.
            Hooks::NONE
        }
    }

    fn deploy_options(&self, _: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        if !self.advanced {
            return;
        }
        let placed = *after.placed();
        let tile = after.tile();
        let view = after.view();
        let player = view.turn().player;
        for fi in 0..tile.feature_kinds().len() {
            if tile.feature_kind(fi) != FeatureKind::ROAD {
                continue;
            }
            let Some(feature) = after.feature(placed.pos, fi) else {
                continue;
            };
            // The core offers an unoccupied road itself; only a road that
            // holds followers elsewhere is the variant's to offer.
            if !after.is_occupied(feature) {
                continue;
            }
            // A road through no labyrinth has no segments.
            let through_labyrinth = self.is_labyrinth(placed.tile, fi)
                || after.is_made() && after.node_of(feature).is_some_and(|n| self.has_labyrinth(view, n))
                || !after.is_made() && self.joins_labyrinth(after, fi);
            if !through_labyrinth || self.segment_occupied(after, fi) {
                continue;
            }
            for (k, decl) in view.tables().figures().iter().enumerate() {
                let k = k as u8;
                if decl.class == FigureClass::Follower
                    && view.tables().figure_may_stand(k, FeatureKind::ROAD)
                    && view.supply(player, k) > 0
                {
                    out.push(Deployment {
                        figure: k,
                        pos: placed.pos,
                        spot: Spot::Feature(fi as u8),
                    });
                }
            }
        }
    }

    fn feature_scored(&self, _: &mut (), ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if !self.advanced || !scoring.complete || scoring.kind != FeatureKind::ROAD || scoring.winners.is_empty() {
            return;
        }
        let view = ctx.view();
        if !self.has_labyrinth(view, scoring.feature) {
            return;
        }
        // Each follower is a meeple whatever its strength (a big follower
        // counts once); figures of other classes are no meeples.
        let followers = view
            .figures_in(scoring.feature)
            .filter(|f| {
                view.tables()
                    .figures()
                    .get(f.kind as usize)
                    .is_some_and(|d| d.class == FigureClass::Follower)
            })
            .count() as i32;
        // "If several players have the majority, each of them gets the full
        // number of points."
        for &winner in &scoring.winners {
            ctx.score(winner, POINTS_PER_FOLLOWER * followers, "");
        }
    }
}

impl Labyrinth {
    /// For a placement only considered: whether the placed tile's road `fi`
    /// joins a road on the board that runs through a labyrinth.
    fn joins_labyrinth(&self, after: &AfterPlacement<'_>, fi: usize) -> bool {
        let placed = after.placed();
        let view = after.view();
        let Some((tile, rotation)) = after.tile_at(placed.pos) else {
            return false;
        };
        Side::ALL.into_iter().any(|side| {
            let centre = Segment::centre(side);
            tile.feature_at(rotation, centre) == Some(fi)
                && view.board().get(placed.pos.step(side)).is_some_and(|n| {
                    let t = view.tables().tile(n.tile);
                    t.feature_at(n.rotation, centre.facing())
                        .and_then(|ofi| view.node_at(n.pos, ofi))
                        .is_some_and(|node| self.has_labyrinth(view, node))
                })
        })
    }
}
