//! The Monasteries (docs/expansions/monasteries.md): Monasteries in Germany
//! and Monasteries in the Netherlands & Belgium, two packs of six special
//! monastery tiles with identical rules (2014).
//!
//! - A **special monastery** is a tile whose cloister carries
//!   `[tile.monasteries] special = true`. A follower deployed on it goes
//!   either **as a monk**, into the cloister, which then plays as a base
//!   game cloister in every way, or **as an abbot**: it stands on the tile
//!   itself (`Spot::Tile`, offered in `deploy_options` for every follower
//!   that could be a monk there) and is scored only at the end of the game:
//!   1 point for the monastery and 1 for each tile in an unbroken line from
//!   it to the north, east, south and west. The monastery is one feature:
//!   a monk and an abbot never share it (`deployment_allowed`).
//! - The variant `base_cloisters` takes the base game's six cloisters (A
//!   and B) out, as the rules say ("replace"), or keeps them ("keep",
//!   JCloisterZone's rule `keep-monasteries`); `packs` mixes in the six
//!   tiles once (one pack) or twice (both packs).
//!
//! One crate for both packs: their tiles have the same six layouts, their
//! rules are identical, and JCloisterZone plays them as one set
//! (`monasteries`); owning both is the variant `packs = 2`.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::{FigureClass, NEUTRAL, Spot, Strength};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, FeatureKind, TileArrangement};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionGroup, ExpansionInfo, Line, Pos,
    ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute table in tile files.
pub const ID: &str = "monasteries";

/// The score source of an abbot's points (`monasteries.abbot`).
pub const ABBOT_SOURCE: &str = "abbot";

/// The base game's cloister tiles, which the special monasteries replace.
const BASE_CLOISTERS: &[&str] = &["A", "B"];

/// The four directions an abbot's lines run in, as (dx, dy): north, east,
/// south, west (y grows southwards).
const LINES: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Monasteries",
    version: env!("CARGO_PKG_VERSION"),
    description: "Special monastery tiles (Monasteries in Germany, Monasteries in the Netherlands & Belgium): a \
                  follower goes on one as a monk, a cloister as in the base game, or as an abbot, scored at the \
                  end of the game for the monastery and each tile in an unbroken line from it in the four \
                  directions",
    tile_files: &[carcassonne_core::tile_file!(
        "monasteries.toml",
        "tiles/monasteries.toml"
    )],
    variants: &[
        VariantDecl {
            name: "base_cloisters",
            label: "Base cloisters",
            kind: ValueKind::one_of(&["replace", "keep"]),
            default: "replace",
            description: "replace: the base game's six cloisters (A, B) leave the game, as the rules say; keep: \
                          they stay beside the special monasteries (JCloisterZone's option)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "packs",
            label: "Packs of monasteries",
            kind: ValueKind::integer(1, 2),
            default: "1",
            description: "how many of the two packs (Monasteries in Germany, Monasteries in the Netherlands & \
                          Belgium: the same six layouts and rules) are mixed in",
            earlier_defaults: &[],
        },
    ],
    score_sources: &[ABBOT_SOURCE],
    score_source_names: &["Abbot on a special monastery"],
    attributes: &[AttributeDecl {
        key: "special",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the tile's cloister is a special monastery: a follower goes on it as a monk or as an abbot \
                      (scored at the end along the monastery's row and column)",
    }],
    check_attributes: expansion::schema_only,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2014,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let flags = ctx.tile_flags(ID, "special");
    // By tile index, the index of a special monastery's cloister feature.
    let monastery: Vec<Option<u8>> = ctx
        .tiles
        .iter()
        .map(|t| {
            if !flags.get(t.index as usize).copied().unwrap_or(false) {
                return None;
            }
            let fi = t.def.features.iter().position(|f| f.kind == FeatureKind::CLOISTER)?;
            u8::try_from(fi).ok()
        })
        .collect();
    if flags
        .iter()
        .zip(&monastery)
        .any(|(&special, fi)| special && fi.is_none())
    {
        return Err("a tile marked `special` has no cloister for its monastery".into());
    }
    let replaced = if ctx.variant("base_cloisters") == "keep" {
        Vec::new()
    } else {
        ctx.tiles
            .iter()
            .filter(|t| t.set == "base" && BASE_CLOISTERS.contains(&t.def.id.as_str()))
            .map(|t| t.index)
            .collect()
    };
    let packs = u32::try_from(ctx.variant_int("packs").clamp(1, 2)).unwrap_or(1);
    Ok(expansion::boxed(Monasteries {
        monastery,
        replaced,
        packs,
    }))
}

/// The rules of one game.
struct Monasteries {
    /// By tile index, the special monastery's cloister feature index.
    monastery: Vec<Option<u8>>,
    /// The base cloister tiles taken out of the game.
    replaced: Vec<u16>,
    /// How many packs of special monasteries are in.
    packs: u32,
}

impl Monasteries {
    /// The cloister feature index of the special monastery at `pos`, if the
    /// tile there is one.
    fn monastery_at(&self, view: &CoreState, pos: Pos) -> Option<u8> {
        let placed = view.board().get(pos)?;
        self.monastery.get(placed.tile as usize).copied().flatten()
    }
}

/// Whether figure kind `kind` is a player's follower.
fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Whether the figure is an abbot: a player's follower standing on the tile
/// itself (on a special monastery's tile).
fn is_abbot(view: &CoreState, owner: u8, kind: u8, spot: Spot) -> bool {
    spot == Spot::Tile && owner != NEUTRAL && is_follower(view, kind)
}

/// Whether an abbot stands on the tile at `pos`.
fn abbot_on(view: &CoreState, pos: Pos) -> bool {
    view.figures_on(pos).any(|f| is_abbot(view, f.owner, f.kind, f.spot))
}

/// An abbot's points for the monastery at `at`: 1 for the monastery and 1
/// for each tile in an unbroken line from it to the north, east, south and
/// west, with the four counts in that order.
pub fn abbot_points(view: &CoreState, at: Pos) -> (i32, [i32; 4]) {
    let mut lines = [0; 4];
    for (count, (dx, dy)) in lines.iter_mut().zip(LINES) {
        let mut pos = Pos::new(at.x + dx, at.y + dy);
        while view.board().get(pos).is_some() {
            *count += 1;
            pos = Pos::new(pos.x + dx, pos.y + dy);
        }
    }
    (1 + lines.iter().sum::<i32>(), lines)
}

impl Expansion for Monasteries {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::DEPLOY_OPTIONS | Hooks::DEPLOYMENT_ALLOWED | Hooks::FINAL_SCORING
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for &base in &self.replaced {
            tiles.set_count(base, 0);
        }
        if self.packs > 1 {
            for (index, fi) in self.monastery.iter().enumerate() {
                if let (Some(_), Ok(index)) = (fi, u16::try_from(index)) {
                    let copies = tiles.count(index) * self.packs;
                    tiles.set_count(index, copies);
                }
            }
        }
    }

    // "He then has two options when deploying a follower on the monastery":
    // as a monk (the core's own option, the cloister) or as an abbot, on the
    // tile, for every follower that could be a monk there. Not while a monk
    // or an abbot is on it already (a second deployment on the same tile):
    // "the special monastery is only a single feature".
    fn deploy_options(&self, _state: &(), after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        let placed = after.placed();
        let Some(fi) = self.monastery.get(placed.tile as usize).copied().flatten() else {
            return;
        };
        let Some(cloister) = after.feature(placed.pos, fi as usize) else {
            return;
        };
        let view = after.view();
        if after.is_occupied(cloister) || (after.is_made() && abbot_on(view, placed.pos)) {
            return;
        }
        let player = view.turn().player;
        let tables = view.tables();
        for (kind, decl) in tables.figures().iter().enumerate() {
            let Ok(kind) = u8::try_from(kind) else { break };
            if decl.class == FigureClass::Follower
                && tables.figure_may_stand(kind, FeatureKind::CLOISTER)
                && view.supply(player, kind) > 0
            {
                out.push(Deployment {
                    figure: kind,
                    pos: placed.pos,
                    spot: Spot::Tile,
                });
            }
        }
    }

    // No monk joins an abbot: only a second deployment on the same turn's
    // tile (the phantom) could try, so a considered placement, which has no
    // figure on it yet, is never vetoed.
    fn deployment_allowed(&self, _state: &(), after: &AfterPlacement<'_>, d: &Deployment) -> bool {
        let Spot::Feature(fi) = d.spot else { return true };
        if !after.is_made() {
            return true;
        }
        let view = after.view();
        self.monastery_at(view, d.pos) != Some(fi) || !abbot_on(view, d.pos)
    }

    fn explain_deployment_refusal(&self, _state: &(), view: &CoreState, d: &Deployment) -> Option<String> {
        let Spot::Feature(fi) = d.spot else { return None };
        (self.monastery_at(view, d.pos) == Some(fi) && abbot_on(view, d.pos)).then(|| {
            "an abbot already holds this special monastery: it is one feature, so no monk joins the abbot".into()
        })
    }

    // "The monastery scores only at the end of the game": the abbots of
    // each special monastery, by majority of strength (a big follower
    // counts 2) if several players have one there, score 1 for the
    // monastery and 1 for each tile in an unbroken line from it in the four
    // directions. A monk on the same monastery is the core's cloister.
    fn final_scoring(&self, _state: &mut (), ctx: &mut Ctx<'_>) {
        let view = ctx.view();
        // (position, strength by seat) of each special monastery with an
        // abbot, in the order the abbots stand on the board.
        let mut held: Vec<(Pos, Vec<u32>)> = Vec::new();
        for f in view.figures() {
            if !is_abbot(view, f.owner, f.kind, f.spot) || self.monastery_at(view, f.pos).is_none() {
                continue;
            }
            let strength = match view.tables().figures().get(f.kind as usize).map(|d| d.strength) {
                Some(Strength::Fixed(n)) => u32::from(n),
                _ => 0,
            };
            let slot = match held.iter().position(|(p, _)| *p == f.pos) {
                Some(i) => i,
                None => {
                    held.push((f.pos, vec![0; view.players()]));
                    held.len() - 1
                }
            };
            if let Some(s) = held[slot].1.get_mut(f.owner as usize) {
                *s += strength;
            }
        }
        let scored: Vec<(Pos, i32, [i32; 4], Vec<u8>)> = held
            .into_iter()
            .filter_map(|(pos, strengths)| {
                let most = strengths.iter().copied().max().unwrap_or(0);
                if most == 0 {
                    return None;
                }
                let winners = (0..strengths.len())
                    .filter(|&p| strengths[p] == most)
                    .filter_map(|p| u8::try_from(p).ok())
                    .collect();
                let (points, lines) = abbot_points(view, pos);
                Some((pos, points, lines, winners))
            })
            .collect();
        for (pos, points, lines, winners) in scored {
            for p in winners {
                ctx.score(p, points, ABBOT_SOURCE);
                ctx.log_with(|| json!({ "abbot": [pos.x, pos.y], "player": p, "points": points, "lines": lines }));
            }
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let at: [i32; 2] = serde_json::from_value(detail.get("abbot")?.clone()).ok()?;
        let p = u8::try_from(detail.get("player")?.as_u64()?).ok()?;
        let points = detail.get("points")?.as_i64()?;
        let lines: [i64; 4] = serde_json::from_value(detail.get("lines")?.clone()).ok()?;
        let place = view.place_words_from_start(Pos::from(at));
        Some(Line::about(
            p,
            format!(
                "scores the abbot of the special monastery {place}: {points} points (1 for the monastery, \
                 {} north, {} east, {} south, {} west)",
                lines[0], lines[1], lines[2], lines[3]
            ),
        ))
    }
}
