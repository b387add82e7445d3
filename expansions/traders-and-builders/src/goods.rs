//! Trade goods: tokens for whoever completes a city, majorities at the end.

use crate::{GOODS_SOURCE, ID, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{CoreState, Ctx, FeatureKind, Line, TileType};
use serde::Serialize;

/// A kind of trade good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Good {
    /// Wine (a barrel).
    Wine,
    /// Grain (a sheaf).
    Grain,
    /// Cloth (a bale).
    Cloth,
}

impl Good {
    /// Every good, in the order of [`GoodsCount`].
    pub const ALL: [Good; 3] = [Good::Wine, Good::Grain, Good::Cloth];

    /// The word in tile files and on screen.
    pub fn word(self) -> &'static str {
        match self {
            Good::Wine => "wine",
            Good::Grain => "grain",
            Good::Cloth => "cloth",
        }
    }

    fn from_word(word: &str) -> Option<Good> {
        Good::ALL.into_iter().find(|g| g.word() == word)
    }
}

/// A player's tokens of each good.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GoodsCount {
    /// Wine tokens.
    pub wine: u32,
    /// Grain tokens.
    pub grain: u32,
    /// Cloth tokens.
    pub cloth: u32,
}

impl GoodsCount {
    /// The tokens of `good`.
    pub fn of(&self, good: Good) -> u32 {
        match good {
            Good::Wine => self.wine,
            Good::Grain => self.grain,
            Good::Cloth => self.cloth,
        }
    }

    fn add(&mut self, good: Good, n: u32) {
        match good {
            Good::Wine => self.wine += n,
            Good::Grain => self.grain += n,
            Good::Cloth => self.cloth += n,
        }
    }

    fn total(&self) -> u32 {
        self.wine + self.grain + self.cloth
    }
}

/// The good on each feature of each tile type, read from the tile files
/// once per game: a completion then looks up no attribute by name.
pub(crate) struct GoodsTable(Vec<Vec<Option<Good>>>);

impl GoodsTable {
    /// Reads `goods = "…"` on every feature of `tiles` (validated against
    /// the declared values when the tiles were loaded).
    pub(crate) fn read(tiles: &[TileType]) -> GoodsTable {
        GoodsTable(
            tiles
                .iter()
                .map(|t| {
                    t.def
                        .features
                        .iter()
                        .map(|f| {
                            f.attributes
                                .get(ID)
                                .and_then(|a| a.get("goods"))
                                .and_then(|v| v.as_str())
                                .and_then(Good::from_word)
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// The goods shown in the whole city `city`.
    fn in_city(&self, view: &CoreState, city: NodeId) -> GoodsCount {
        let mut count = GoodsCount::default();
        for m in view.features().members(city) {
            let tile = view.tile_of_node(m).tile as usize;
            if let Some(Some(good)) = self.0.get(tile).and_then(|t| t.get(view.feature_index(m))) {
                count.add(*good, 1);
            }
        }
        count
    }
}

/// A city was completed: the turn's player takes its goods, whoever (if
/// anyone) scores it.
pub(crate) fn take_tokens(table: &GoodsTable, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
    let view = ctx.view();
    if view.features().kind(feature) != FeatureKind::CITY {
        return;
    }
    let taken = table.in_city(view, feature);
    if taken.total() == 0 {
        return;
    }
    let player = view.turn().player;
    let Some(held) = state.goods.get_mut(player as usize) else {
        return;
    };
    for good in Good::ALL {
        held.add(good, taken.of(good));
    }
    ctx.log_with(|| json!({ "goods": player, "taken": taken }));
}

/// The end: for each good, every player with the most tokens (at least
/// one) scores 10.
pub(crate) fn score_majorities(state: &State, ctx: &mut Ctx<'_>) {
    for good in Good::ALL {
        let most = state.goods.iter().map(|c| c.of(good)).max().unwrap_or(0);
        if most == 0 {
            continue;
        }
        for (player, count) in state.goods.iter().enumerate() {
            if count.of(good) == most {
                ctx.score(player as u8, 10, GOODS_SOURCE);
            }
        }
    }
}

/// "2 wine, 1 cloth", or "none".
fn words(count: &GoodsCount) -> String {
    let parts: Vec<String> = Good::ALL
        .into_iter()
        .filter(|&g| count.of(g) > 0)
        .map(|g| format!("{} {}", count.of(g), g.word()))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Each player's tokens, and who leads each good.
pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let mut lines: Vec<Line> = state
        .goods
        .iter()
        .enumerate()
        .map(|(p, c)| Line::about(p as u8, format!("trade goods: {}", words(c))))
        .collect();
    let leaders: Vec<String> = Good::ALL
        .into_iter()
        .filter_map(|good| {
            let most = state.goods.iter().map(|c| c.of(good)).max().unwrap_or(0);
            (most > 0).then(|| {
                let who: Vec<&str> = (0..state.goods.len())
                    .filter(|&p| state.goods[p].of(good) == most)
                    .map(|p| view.player_name(p as u8))
                    .collect();
                format!("{} {} ({most})", good.word(), who.join(" and "))
            })
        })
        .collect();
    if !leaders.is_empty() {
        lines.push(Line::new(format!(
            "10 points each at the end for the most of a good: {}",
            leaders.join("; ")
        )));
    }
    lines
}

/// The turn log's line for tokens taken.
pub(crate) fn log_line(detail: &serde_json::Value) -> Option<Line> {
    let player = detail.get("goods")?.as_u64()? as u8;
    let taken = detail.get("taken")?;
    let count = GoodsCount {
        wine: taken.get("wine")?.as_u64()? as u32,
        grain: taken.get("grain")?.as_u64()? as u32,
        cloth: taken.get("cloth")?.as_u64()? as u32,
    };
    Some(Line::about(
        player,
        format!("completes a city and takes its trade goods: {}", words(&count)),
    ))
}
