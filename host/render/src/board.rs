//! The board as it stands: placed tiles, figures in player colours and the
//! markers expansions publish.

use super::svg::{CENTRE, P, num};
use super::tile::{Art, Layout, ROAD, ROAD_CASING, art_defs, art_of, tile_group_with};
use super::tokens::{tile_tokens, tokens_svg};
use super::words::Glossary;
use super::{escape_xml, player_colour, player_ink, player_shape, shape_svg};
use carcassonne_core::figures::FigureDecl;
use carcassonne_core::figures::{FOLLOWER, NEUTRAL, Spot};
use carcassonne_core::state::AddedFeature;
use carcassonne_core::{Game, Pos, Rotation, Rules, Side};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// Tile side in picture units.
pub(crate) const TILE: f64 = 100.0;

/// A labelled marker an expansion puts on a tile (a bunny, a fruit stack …).
///
/// The convention, for any expansion, linked or plugin: if the expansion's
/// public state (`Expansion::public_state`, read with
/// `Game::public_expansion_state`) is a JSON object with a key `"markers"`
/// holding an array of objects `{"pos": [x, y], "label": "…"}`, each one is
/// drawn on the board as a labelled marker on the tile at `pos`. Entries
/// that do not have that shape are ignored; a missing or empty label shows
/// the expansion's id. No code change in the host is needed for a new
/// expansion's markers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The tile it stands on.
    pub pos: Pos,
    /// What it says.
    pub label: String,
    /// The id of the expansion that published it.
    pub expansion: String,
}

/// Every marker the enabled expansions of `game` publish (see [`Marker`]).
pub fn markers_of(game: &Game) -> Vec<Marker> {
    let mut out = Vec::new();
    for (slot, e) in game.rules().expansions().iter().enumerate() {
        let Ok(slot) = u8::try_from(slot) else { break };
        let state = game.public_expansion_state(slot);
        out.extend(markers_in(e.info.id, &state));
    }
    out
}

/// The markers in one expansion's public state.
pub(crate) fn markers_in(expansion: &str, state: &Value) -> Vec<Marker> {
    let Some(list) = state.get("markers").and_then(Value::as_array) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|m| {
            let pos = m.get("pos")?.as_array()?;
            let [x, y] = pos.as_slice() else { return None };
            let x = i32::try_from(x.as_i64()?).ok()?;
            let y = i32::try_from(y.as_i64()?).ok()?;
            let label = match m.get("label") {
                Some(Value::String(s)) if !s.is_empty() => s.clone(),
                Some(Value::Null) | None => expansion.to_string(),
                Some(Value::String(_)) => expansion.to_string(),
                Some(other) => other.to_string(),
            };
            Some(Marker {
                pos: Pos::new(x, y),
                label,
                expansion: expansion.to_string(),
            })
        })
        .collect()
}

/// The label drawn on a figure of kind `decl`: none for the core's
/// follower; for a kind whose id ends in `-follower`, the capitalised first
/// letter of the rest (`big-follower` → `B`); otherwise its name in words,
/// lower case (`barn`, `tower floor`).
pub fn figure_label(decl: &FigureDecl) -> Option<String> {
    if decl.id == FOLLOWER.id {
        return None;
    }
    match decl.id.strip_suffix("-follower").and_then(|rest| rest.chars().next()) {
        Some(c) => Some(c.to_uppercase().collect()),
        None => Some(decl.name.to_lowercase()),
    }
}

/// A figure as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardFigure {
    pub owner: u8,
    pub kind: u8,
    pub pos: Pos,
    pub spot: Spot,
}

/// The tile layouts of one board, computed once per tile type and rotation.
pub(crate) struct Scene<'a> {
    pub rules: &'a Rules,
    glossary: Glossary,
    layouts: HashMap<(u16, u8), Layout>,
    placed: HashMap<Pos, (u16, Rotation)>,
    /// The tile types drawn with their own picture, each once, in the
    /// order first drawn: their pictures go once into the `<defs>`.
    with_art: Vec<u16>,
}

impl<'a> Scene<'a> {
    pub fn new(rules: &'a Rules) -> Self {
        Scene {
            rules,
            glossary: Glossary::of_rules(rules),
            layouts: HashMap::new(),
            placed: HashMap::new(),
            with_art: Vec::new(),
        }
    }

    /// Notes that tile type `tile` is drawn (or shown elsewhere on the
    /// page, such as the tile to place), so that its own picture, if it
    /// has one, is among the [`Scene::art_defs`].
    pub fn uses_art_of(&mut self, tile: u16) {
        let has = self
            .rules
            .tiles()
            .get(tile as usize)
            .is_some_and(|t| art_of(t).is_some());
        if has && !self.with_art.contains(&tile) {
            self.with_art.push(tile);
        }
    }

    /// The `<defs>` holding, once each, the pictures of the tiles drawn
    /// (which refer to them: [`Art::Reference`]); empty when none has one.
    pub fn art_defs(&self) -> String {
        let tiles = self.rules.tiles();
        art_defs(
            self.with_art
                .iter()
                .filter_map(|&t| tiles.get(t as usize).and_then(|t| art_of(t))),
        )
    }

    fn layout(&mut self, tile: u16, rotation: Rotation) -> Option<&Layout> {
        let t = self.rules.tiles().get(tile as usize)?;
        let glossary = &self.glossary;
        Some(
            self.layouts
                .entry((tile, rotation.quarter_turns()))
                .or_insert_with(|| Layout::new(t, rotation, glossary)),
        )
    }

    /// The group of a placed tile (with extra group attributes), and notes
    /// where it lies for figures.
    pub fn tile(&mut self, tile: u16, pos: Pos, rotation: Rotation, attrs: &str) -> String {
        self.placed.insert(pos, (tile, rotation));
        let rules = self.rules;
        let Some(t) = rules.tiles().get(tile as usize) else {
            return String::new();
        };
        let (x, y) = origin(pos);
        self.uses_art_of(tile);
        match self.layout(tile, rotation) {
            Some(layout) => tile_group_with(t, rotation, x, y, layout, attrs, Art::Reference),
            None => String::new(),
        }
    }

    /// Where a figure stands, in board units.
    fn figure_point(&mut self, f: &BoardFigure) -> P {
        let (x, y) = origin(f.pos);
        let local = match f.spot {
            Spot::Corner(c) => [(0.0, 0.0), (TILE, 0.0), (TILE, TILE), (0.0, TILE)][c as usize % 4],
            // On the tile itself: its upper middle, clear of most features' spots.
            Spot::Tile => (TILE * 0.5, TILE * 0.3),
            Spot::Feature(fi) | Spot::Recall(fi) => match self.placed.get(&f.pos).copied() {
                Some((tile, rotation)) => self
                    .layout(tile, rotation)
                    .and_then(|l| l.points.get(fi as usize).copied())
                    .unwrap_or(CENTRE),
                None => CENTRE,
            },
        };
        (x + local.0, y + local.1)
    }

    /// Circles for `figures`, in player colours, labelled for non-followers;
    /// figures on the same spot stand side by side. A figure's hover words
    /// are its owner's name and its kind's, or for a figure of nobody's (a
    /// dragon) its kind's name alone.
    pub fn figures(&mut self, figures: &[BoardFigure], name: &dyn Fn(u8) -> String) -> String {
        let tagged: Vec<(BoardFigure, String)> = figures.iter().map(|f| (*f, String::new())).collect();
        self.tagged_figures(&tagged, name)
    }

    /// [`Scene::figures`] with extra attributes for each figure's group.
    pub fn tagged_figures(&mut self, figures: &[(BoardFigure, String)], name: &dyn Fn(u8) -> String) -> String {
        let mut out = String::new();
        let spot_key = |p: P| ((p.0 * 10.0).round() as i64, (p.1 * 10.0).round() as i64);
        // On one board (no figure tagged with steps, as the replay tags
        // them), figures of one kind on one spot (a tower's floors) share
        // one worded label with their count: a label each piled up over
        // the figures beside them.
        let one_board = figures.iter().all(|(_, attrs)| attrs.is_empty());
        let mut alike: HashMap<((i64, i64), u8), u32> = HashMap::new();
        let mut at_spot: HashMap<(i64, i64), u32> = HashMap::new();
        if one_board {
            for (f, _) in figures {
                let key = spot_key(self.figure_point(f));
                *alike.entry((key, f.kind)).or_insert(0) += 1;
                *at_spot.entry(key).or_insert(0) += 1;
            }
        }
        let mut labelled: HashSet<((i64, i64), u8)> = HashSet::new();
        let mut seen: HashMap<(i64, i64), u32> = HashMap::new();
        for (f, attrs) in figures {
            let p = self.figure_point(f);
            let key = spot_key(p);
            let group = (key, f.kind);
            let k = seen.entry(key).or_insert(0);
            // A shared label goes right of the spot's last figure.
            let label_x = p.0 + 12.0 * f64::from(at_spot.get(&key).map_or(*k, |n| n - 1)) + 10.0;
            let p = (p.0 + 12.0 * f64::from(*k), p.1);
            *k += 1;
            let decl = self.rules.figures().get(f.kind as usize);
            let id = decl.map_or("figure", |d| d.id);
            let label = decl.and_then(figure_label);
            let colour = player_colour(f.owner);
            let short = label.as_deref().is_some_and(|l| l.chars().count() <= 2);
            let r = if short { 11.0 } else { 9.5 };
            let kind = decl.map_or("figure".to_string(), |d| d.name.to_string());
            let title = if f.owner == NEUTRAL {
                kind
            } else {
                format!("{}: {kind}", name(f.owner))
            };
            let shape = player_shape(f.owner);
            // A shadow, then the owner's shape outlined in white, so it
            // stands out on green fields and brown cities alike.
            out.push_str(&format!(
                r##"<g class="figure-mark"{attrs}>{}{}<title>{}</title>"##,
                shape_svg(shape, p.0 + 1.2, p.1 + 1.6, r, r##"fill="#000000" fill-opacity="0.35""##),
                shape_svg(
                    shape,
                    p.0,
                    p.1,
                    r,
                    &format!(
                        r##"class="figure" data-owner="{}" data-kind="{}" data-shape="{shape}" fill="{colour}" stroke="#ffffff" stroke-width="2.2""##,
                        f.owner,
                        escape_xml(id)
                    )
                ),
                escape_xml(&title),
            ));
            match label {
                Some(l) if short => out.push_str(&format!(
                    r#"<text x="{}" y="{}" font-family="sans-serif" font-size="11" font-weight="bold" fill="{}" text-anchor="middle">{}</text>"#,
                    num(p.0),
                    num(p.1 + 4.0),
                    player_ink(f.owner),
                    escape_xml(&l)
                )),
                Some(l) if !one_board || labelled.insert(group) => {
                    let n = alike.get(&group).copied().unwrap_or(1);
                    let l = if n > 1 { format!("{l} ×{n}") } else { l };
                    out.push_str(&pill((label_x, p.1 - 6.0), &l, colour, "#ffffff", "#111111"));
                }
                _ => {}
            }
            out.push_str("</g>");
        }
        out
    }
}

/// The features expansions added to placed tiles (a bridge's road,
/// `Ctx::add_feature`), drawn over their tiles: a road from the centre of
/// each side it took, straight across when it took two opposite sides,
/// else through the tile's centre; another kind in its declared colour.
/// Each says what it is on hover ("road added, north–south").
pub(crate) fn added_features_svg(rules: &Rules, added: &[AddedFeature]) -> String {
    let mut out = String::new();
    for a in added {
        let (x, y) = origin(a.pos);
        let ends: Vec<P> = Side::ALL
            .into_iter()
            .filter(|&s| a.sides & (1 << s as u8) != 0)
            .map(|s| match s {
                Side::N => (x + TILE / 2.0, y),
                Side::E => (x + TILE, y + TILE / 2.0),
                Side::S => (x + TILE / 2.0, y + TILE),
                Side::W => (x, y + TILE / 2.0),
            })
            .collect();
        let centre = (x + CENTRE.0, y + CENTRE.1);
        let d = match ends.as_slice() {
            [] => continue,
            [a, b] if a.0 == b.0 || a.1 == b.1 => format!("M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1)),
            ends => ends.iter().fold(String::new(), |d, e| {
                d + &format!("M{} {}L{} {}", num(e.0), num(e.1), num(centre.0), num(centre.1))
            }),
        };
        let colour = if a.kind == carcassonne_core::FeatureKind::ROAD {
            ROAD
        } else {
            rules.landscape().feature(a.kind).colour
        };
        let across: Vec<&str> = Side::ALL
            .into_iter()
            .filter(|&s| a.sides & (1 << s as u8) != 0)
            .map(|s| match s {
                Side::N => "north",
                Side::E => "east",
                Side::S => "south",
                Side::W => "west",
            })
            .collect();
        out.push_str(&format!(
            r#"<g class="added"><title>{} added, {}</title><path d="{d}" fill="none" stroke="{ROAD_CASING}" stroke-width="13" stroke-linecap="butt"/><path d="{d}" fill="none" stroke="{colour}" stroke-width="8" stroke-linecap="butt"/></g>"#,
            escape_xml(rules.kind_label(a.kind)),
            across.join("–"),
        ));
    }
    out
}

/// The top-left corner of the tile at `pos`, in board units.
pub(crate) fn origin(pos: Pos) -> P {
    (f64::from(pos.x) * TILE, f64::from(pos.y) * TILE)
}

/// A small label with a coloured border, its top-left corner at `at`.
fn pill(at: P, label: &str, border: &str, fill: &str, ink: &str) -> String {
    let w = label.chars().count() as f64 * 6.0 + 8.0;
    format!(
        r#"<g class="pill"><rect x="{}" y="{}" width="{}" height="14" rx="3" fill="{fill}" stroke="{border}" stroke-width="1.5"/><text x="{}" y="{}" font-family="sans-serif" font-size="10.5" fill="{ink}" text-anchor="middle">{}</text></g>"#,
        num(at.0),
        num(at.1),
        num(w),
        num(at.0 + w / 2.0),
        num(at.1 + 10.5),
        escape_xml(label)
    )
}

/// Markers, stacked down the right side of their tiles.
pub(crate) fn markers_svg(markers: &[Marker]) -> String {
    let mut out = String::new();
    let mut stack: HashMap<Pos, u32> = HashMap::new();
    for m in markers {
        let i = stack.entry(m.pos).or_insert(0);
        let (x, y) = origin(m.pos);
        // Sized to be read at the game page's default zoom (a tile 100 px wide).
        let w = (m.label.chars().count() as f64 * 6.1 + 19.0).min(TILE - 6.0);
        let top = y + 3.0 + 17.0 * f64::from(*i);
        *i += 1;
        let left = x + TILE - 3.0 - w;
        out.push_str(&format!(
            r##"<g class="marker" data-expansion="{}"><title>{}: {}</title><rect x="{}" y="{}" width="{}" height="15" rx="7" fill="#fff8e1" stroke="#e67e22" stroke-width="1.5"/><path d="M{} {} l4.5 4.5 l-4.5 4.5 l-4.5 -4.5 Z" fill="#e67e22"/><text x="{}" y="{}" font-family="sans-serif" font-size="11" fill="#4a2c00">{}</text></g>"##,
            escape_xml(&m.expansion),
            escape_xml(&m.expansion),
            escape_xml(&m.label),
            num(left),
            num(top),
            num(w),
            num(left + 8.0),
            num(top + 3.0),
            num(left + 15.0),
            num(top + 11.3),
            escape_xml(&m.label),
        ));
    }
    out
}

/// An outline round the tile at `pos`.
pub(crate) fn highlight_svg(pos: Pos) -> String {
    let (x, y) = origin(pos);
    format!(
        r##"<rect class="last-placed" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#ff9800" stroke-width="4" stroke-dasharray="10 5"/>"##,
        num(x + 2.0),
        num(y + 2.0),
        num(TILE - 4.0),
        num(TILE - 4.0)
    )
}

/// The `viewBox` (x, y, width, height) round `cells`, with a margin.
pub(crate) fn view_box(cells: impl Iterator<Item = Pos>) -> (f64, f64, f64, f64) {
    let mut b: Option<(i32, i32, i32, i32)> = None;
    for p in cells {
        b = Some(match b {
            None => (p.x, p.y, p.x, p.y),
            Some((x0, y0, x1, y1)) => (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y)),
        });
    }
    let (x0, y0, x1, y1) = b.unwrap_or((0, 0, 0, 0));
    let margin = 20.0;
    let (ox, oy) = origin(Pos::new(x0, y0));
    let w = (f64::from(x1) - f64::from(x0) + 1.0) * TILE;
    let h = (f64::from(y1) - f64::from(y0) + 1.0) * TILE;
    (ox - margin, oy - margin, w + 2.0 * margin, h + 2.0 * margin)
}

/// The opening `<svg>` tag for a board with `vb`, at most `max_px` wide or
/// tall, with extra attributes.
pub(crate) fn svg_open(vb: (f64, f64, f64, f64), max_px: f64, attrs: &str) -> String {
    let scale = (max_px / vb.2.max(vb.3)).min(0.8);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}"{attrs}>"#,
        num(vb.0),
        num(vb.1),
        num(vb.2),
        num(vb.3),
        (vb.2 * scale).round(),
        (vb.3 * scale).round(),
    ) + crate::tile::ART_STYLE
}

/// The background of a board picture.
pub(crate) fn background(vb: (f64, f64, f64, f64)) -> String {
    format!(
        r##"<rect class="table" x="{}" y="{}" width="{}" height="{}" fill="#efe8d8"/>"##,
        num(vb.0),
        num(vb.1),
        num(vb.2),
        num(vb.3)
    )
}

/// The figures of `game`'s board as drawn.
pub(crate) fn figures_of(game: &Game) -> Vec<BoardFigure> {
    game.state()
        .figures()
        .iter()
        .map(|f| BoardFigure {
            owner: f.owner,
            kind: f.kind,
            pos: f.pos,
            spot: f.spot,
        })
        .collect()
}

/// The name of seat `player` in `game`, or "player N".
pub(crate) fn player_name(rules: &Rules, player: u8) -> String {
    rules
        .config
        .players
        .get(player as usize)
        .map_or_else(|| format!("player {}", u32::from(player) + 1), |p| p.name.clone())
}

/// The board of `game` as it stands, as a standalone SVG: every placed tile
/// at its position and rotation (one tile is 100 units; `x` grows east and
/// `y` south as on the board), every figure as a circle in its owner's
/// colour ([`super::PLAYER_COLOURS`]) on its feature's representative point
/// or its corner, non-followers labelled ([`figure_label`]), figures of
/// nobody's (a dragon) in a dark colour with their name on hover, the
/// tokens of tile counters as badges ([`crate::TileToken`]: the counter's
/// mark and number in its colour, its label on hover, stacked down the
/// left side of the tile under the figures), the markers of expansions ([`Marker`])
/// and a dashed orange outline round the tile a player placed last.
pub fn board_svg(game: &Game) -> String {
    board_svg_window(game, None)
}

/// The part of the board of `game` within `window`, `[x0, y0, x1, y1]` in
/// tile coordinates (both corners included), drawn as [`board_svg`] draws
/// the whole board: the tiles, figures and markers on the window's cells,
/// with the `viewBox` round those drawn. `None` is the whole board, and a
/// window that holds every tile and marker draws what [`board_svg`] draws.
pub fn board_svg_window(game: &Game, window: Option<[i32; 4]>) -> String {
    board_svg_drawn(game, window, true, &[])
}

/// [`board_svg_window`] without the tokens of tile counters: for a page
/// that draws them itself from [`crate::tile_tokens`] (the browser's board).
pub fn board_svg_window_without_tokens(game: &Game, window: Option<[i32; 4]>) -> String {
    board_svg_drawn(game, window, false, &[])
}

/// [`board_svg_window_without_tokens`] whose `<defs>` also hold the own
/// pictures of the tile types `shown` (the tile to place, which the page
/// draws apart with [`crate::tile_svg_referring`] and
/// [`crate::tile_group_referring`]): every tile picture of the page once.
pub fn board_svg_for_page(game: &Game, window: Option<[i32; 4]>, shown: &[u16]) -> String {
    board_svg_drawn(game, window, false, shown)
}

fn board_svg_drawn(game: &Game, window: Option<[i32; 4]>, tokens: bool, shown: &[u16]) -> String {
    let inside = |p: Pos| window.is_none_or(|[x0, y0, x1, y1]| p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1);
    let s = game.state();
    let rules = game.rules();
    let all = s.board().tiles();
    let tiles = all.iter().filter(|t| inside(t.pos));
    let mut markers = markers_of(game);
    markers.retain(|m| inside(m.pos));
    let vb = view_box(tiles.clone().map(|t| t.pos).chain(markers.iter().map(|m| m.pos)));
    let mut out = svg_open(vb, 2400.0, r#" role="img""#);
    out.push_str("<title>Carcassonne board</title>");
    out.push_str(&background(vb));
    let mut scene = Scene::new(rules);
    let mut drawn = String::from(r#"<g class="tiles">"#);
    for t in tiles {
        drawn.push_str(&scene.tile(t.tile, t.pos, t.rotation, ""));
    }
    drawn.push_str("</g>");
    for &t in shown {
        scene.uses_art_of(t);
    }
    // Each tile picture once, before the tiles that use it.
    out.push_str(&scene.art_defs());
    out.push_str(&drawn);
    let added: Vec<AddedFeature> = s.added_features().iter().filter(|a| inside(a.pos)).copied().collect();
    out.push_str(&added_features_svg(rules, &added));
    out.push_str(r#"<g class="layer">"#);
    if let Some(last) = all.last().filter(|t| t.placer.is_some() && inside(t.pos)) {
        out.push_str(&highlight_svg(last.pos));
    }
    if tokens {
        let mut tokens = tile_tokens(game);
        tokens.retain(|t| inside(t.pos));
        if !tokens.is_empty() {
            out.push_str(&format!(r#"<g class="tokens">{}</g>"#, tokens_svg(&tokens)));
        }
    }
    let mut figures = figures_of(game);
    figures.retain(|f| inside(f.pos));
    out.push_str(&scene.figures(&figures, &|p| player_name(rules, p)));
    out.push_str(&markers_svg(&markers));
    out.push_str("</g></svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn markers_follow_the_documented_shape_and_skip_the_rest() {
        let state = json!({
            "markers": [
                {"pos": [1, -2], "label": "bunny"},
                {"pos": [0, 0]},
                {"pos": [0], "label": "bad"},
                {"label": "no pos"},
                {"pos": [3, 4], "label": "apple <3>"},
            ]
        });
        let m = markers_in("easter", &state);
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].pos, Pos::new(1, -2));
        assert_eq!(m[0].label, "bunny");
        assert_eq!(m[1].label, "easter");
        let svg = markers_svg(&m);
        assert!(svg.contains("apple &lt;3&gt;"));
        assert_eq!(svg.matches(r#"class="marker""#).count(), 3);
        assert!(markers_in("x", &json!({"markers": 3})).is_empty());
        assert!(markers_in("x", &json!(null)).is_empty());
    }

    #[test]
    fn figure_labels() {
        let mut d = FOLLOWER;
        assert_eq!(figure_label(&d), None);
        d.id = "big-follower";
        assert_eq!(figure_label(&d).as_deref(), Some("B"));
        d.id = "tower-floor";
        d.name = "Tower floor";
        assert_eq!(figure_label(&d).as_deref(), Some("tower floor"), "in words, not the id");
    }

    #[test]
    fn view_box_of_nothing_is_one_cell() {
        assert_eq!(view_box(std::iter::empty()), (-20.0, -20.0, 140.0, 140.0));
        let vb = view_box([Pos::new(i32::MIN, i32::MAX), Pos::new(i32::MAX, i32::MIN)].into_iter());
        assert!(vb.2.is_finite() && vb.2 > 0.0);
    }
}
