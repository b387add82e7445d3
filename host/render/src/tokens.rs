//! Tokens on tiles: each tile counter an enabled expansion declares
//! ([`CounterDecl`] of scope [`CounterScope::Tile`]: the bunny on its tile,
//! fruit tokens left on a tree) drawn as a small badge on the tile where
//! its value is above 0, read from the declarations alone.

use super::board::origin;
use super::escape_xml;
use super::svg::num;
use carcassonne_core::{CounterDecl, CounterPlace, CounterReadings, CounterScope, Game, Pos};
use std::collections::HashMap;

/// The badge colours of tile counters that declare none
/// ([`CounterDecl::colour`] empty), picked by the expansion's and the
/// counter's ids so that a counter keeps its colour in every game.
pub const TOKEN_PALETTE: [&str; 6] = ["#5e3c99", "#8c510a", "#01665e", "#b2182b", "#2166ac", "#4d4d4d"];

/// One tile counter's value on one tile, as pictures draw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileToken {
    /// The tile it lies on.
    pub pos: Pos,
    /// The declaring expansion's slot in the game's rules.
    pub slot: u8,
    /// The counter's index in the expansion's declarations.
    pub counter: usize,
    /// The value's index in the counter's `values` (0 for a one-value
    /// counter).
    pub value: usize,
    /// The number, above 0.
    pub n: i32,
    /// What the badge says ([`token_text`]).
    pub text: String,
    /// The words on hover ([`token_words`]).
    pub words: String,
    /// The badge's colour ([`token_fill`]).
    pub fill: String,
    /// The text's colour on it ([`token_ink`]).
    pub ink: &'static str,
    /// The expansion's id.
    pub expansion: &'static str,
    /// The counter's id.
    pub counter_id: &'static str,
}

/// What a token's badge says: the counter's mark, with the number after
/// it when above 1 (`B`, `F×3`); the number alone for a counter without a
/// mark.
pub fn token_text(decl: &CounterDecl, n: i32) -> String {
    match (decl.mark.is_empty(), n) {
        (true, n) => n.to_string(),
        (false, 1) => decl.mark.to_string(),
        (false, n) => format!("{}×{n}", decl.mark),
    }
}

/// The words on a token's hover: the expansion's name, the counter's
/// label, the value's name for a counter of several values, and the
/// number when it may be more than 1 ("Fruit-Bearing Trees: Fruit tokens
/// left on the tree: 3").
pub fn token_words(expansion_name: &str, decl: &CounterDecl, value: usize, n: i32) -> String {
    let mut words = format!("{expansion_name}: {}", decl.label);
    if let Some(v) = decl.values.get(value) {
        words.push_str(&format!(" ({})", super::words::spaced(v)));
    }
    if n != 1 || decl.scale > 1 {
        words.push_str(&format!(": {n}"));
    }
    words
}

/// The colour of a counter's badge: its declared colour, else one of
/// [`TOKEN_PALETTE`] chosen by the ids.
pub fn token_fill(expansion: &str, decl: &CounterDecl) -> String {
    if is_hex_colour(decl.colour) {
        return decl.colour.to_string();
    }
    // FNV-1a: the same colour for the same counter on every machine.
    let mut h: u32 = 0x811c_9dc5;
    for b in expansion.bytes().chain([b'.']).chain(decl.id.bytes()) {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    TOKEN_PALETTE[h as usize % TOKEN_PALETTE.len()].to_string()
}

/// Black or white, whichever reads better on `fill` (`#rrggbb`).
pub fn token_ink(fill: &str) -> &'static str {
    let channel = |i: usize| {
        let c = fill
            .get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(0.0, |v| f64::from(v) / 255.0);
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    if !is_hex_colour(fill) {
        return "#ffffff";
    }
    let l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    // The contrast ratio against white is 1.05 / (l + 0.05), against black
    // (l + 0.05) / 0.05: the larger wins.
    if (l + 0.05) * (l + 0.05) > 1.05 * 0.05 {
        "#111111"
    } else {
        "#ffffff"
    }
}

fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// The tile counters of `game`'s enabled expansions whose value is above 0
/// on a tile, in the order of the expansions, then of their declarations
/// and values (the last value written for a place counts, as
/// [`CounterReadings::get`] reads it).
pub fn tile_tokens(game: &Game) -> Vec<TileToken> {
    let mut out = Vec::new();
    for (slot, e) in game.rules().expansions().iter().enumerate() {
        let Ok(slot) = u8::try_from(slot) else { break };
        let decls = e.info.counters;
        if !decls.iter().any(|d| d.scope == CounterScope::Tile) {
            continue;
        }
        let mut readings = CounterReadings::default();
        game.counters(slot, &mut readings);
        // The last write for each place, in the order first written.
        let mut last: HashMap<(usize, usize, Pos), usize> = HashMap::new();
        let mut order: Vec<(usize, usize, Pos, i32)> = Vec::new();
        for r in &readings.readings {
            let CounterPlace::Tile(pos) = r.place else { continue };
            let key = (r.counter, r.value, pos);
            match last.get(&key) {
                Some(&i) => order[i].3 = r.n,
                None => {
                    last.insert(key, order.len());
                    order.push((r.counter, r.value, pos, r.n));
                }
            }
        }
        order.sort_by_key(|&(counter, value, pos, _)| (counter, value, pos.y, pos.x));
        for (counter, value, pos, n) in order {
            let Some(decl) = decls.get(counter).filter(|d| d.scope == CounterScope::Tile) else {
                continue;
            };
            if n <= 0 {
                continue;
            }
            let fill = token_fill(e.info.id, decl);
            out.push(TileToken {
                pos,
                slot,
                counter,
                value,
                n,
                text: token_text(decl, n),
                words: token_words(e.info.name, decl, value, n),
                ink: token_ink(&fill),
                fill,
                expansion: e.info.id,
                counter_id: decl.id,
            });
        }
    }
    out
}

/// Height of a token's badge, and the gap between two.
const BADGE_H: f64 = 15.0;
const GAP: f64 = 2.0;
/// Where the first badge of a tile stands: at its left edge, below the
/// top row (where a corner's figure and the tile's own badges go).
const LEFT: f64 = 3.0;
const TOP: f64 = 21.0;
/// Badges a column holds before the next column starts: three, above the
/// bottom row (where the tile's own badges go first).
const PER_COLUMN: usize = 3;

/// The width of a badge saying `text`.
pub(crate) fn token_width(text: &str) -> f64 {
    (text.chars().count() as f64 * 7.0 + 6.0).max(BADGE_H)
}

/// The tokens as badges, stacked down the left side of their tiles
/// between the top and bottom rows (which a corner's figure and the
/// tile's own badges take first), three a column and then the next to the
/// right: badges on one tile never overlap, and the figures are drawn
/// after them, on top.
pub(crate) fn tokens_svg(tokens: &[TileToken]) -> String {
    let mut out = String::new();
    let mut stacks: HashMap<Pos, (usize, f64, f64)> = HashMap::new();
    for t in tokens {
        // (badges so far, the column's left edge, its widest badge)
        let stack = stacks.entry(t.pos).or_insert((0, LEFT, 0.0));
        let w = token_width(&t.text);
        if stack.0 > 0 && stack.0.is_multiple_of(PER_COLUMN) {
            stack.1 += stack.2 + GAP;
            stack.2 = 0.0;
        }
        let row = (stack.0 % PER_COLUMN) as f64;
        stack.0 += 1;
        stack.2 = stack.2.max(w);
        let (x0, y0) = origin(t.pos);
        let x = x0 + stack.1;
        let y = y0 + TOP + row * (BADGE_H + GAP);
        out.push_str(&format!(
            r##"<g class="token" data-expansion="{}" data-counter="{}" data-value="{}" data-n="{}"><title>{}</title><rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{}" stroke="#ffffff" stroke-width="1.5"/><text x="{}" y="{}" font-family="sans-serif" font-size="11" font-weight="bold" fill="{}" text-anchor="middle">{}</text></g>"##,
            escape_xml(t.expansion),
            escape_xml(t.counter_id),
            t.value,
            t.n,
            escape_xml(&t.words),
            num(x),
            num(y),
            num(w),
            num(BADGE_H),
            escape_xml(&t.fill),
            num(x + w / 2.0),
            num(y + 11.2),
            t.ink,
            escape_xml(&t.text),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECL: CounterDecl = CounterDecl {
        id: "tokens",
        label: "Tokens here",
        scope: CounterScope::Tile,
        values: &[],
        scale: 4,
        mark: "",
        colour: "",
    };

    fn token(pos: Pos, text: &str) -> TileToken {
        TileToken {
            pos,
            slot: 0,
            counter: 0,
            value: 0,
            n: 1,
            text: text.into(),
            words: "x <&>".into(),
            fill: "#123456".into(),
            ink: "#ffffff",
            expansion: "x",
            counter_id: "tokens",
        }
    }

    #[test]
    fn a_badge_says_the_mark_and_the_number_above_one() {
        let mut d = DECL;
        assert_eq!(token_text(&d, 1), "1");
        assert_eq!(token_text(&d, 3), "3");
        d.mark = "B";
        assert_eq!(token_text(&d, 1), "B");
        assert_eq!(token_text(&d, 2), "B×2");
        assert_eq!(token_words("Fan", &d, 0, 3), "Fan: Tokens here: 3");
        d.scale = 1;
        d.values = &["wine", "cloth-bale"];
        assert_eq!(token_words("Fan", &d, 1, 1), "Fan: Tokens here (cloth bale)");
    }

    #[test]
    fn colours_come_from_the_declaration_or_the_palette() {
        let mut d = DECL;
        let fill = token_fill("fan", &d);
        assert!(TOKEN_PALETTE.contains(&fill.as_str()));
        assert_eq!(token_fill("fan", &d), fill, "the same every time");
        d.colour = "#e0b84a";
        assert_eq!(token_fill("fan", &d), "#e0b84a");
        assert_eq!(token_ink("#e0b84a"), "#111111", "dark on a light fill");
        assert_eq!(token_ink("#1b1b1b"), "#ffffff");
        assert_eq!(token_ink("nonsense"), "#ffffff");
    }

    /// Badges on one tile stand apart; the words are escaped.
    #[test]
    fn badges_on_one_tile_do_not_overlap() {
        let at = Pos::new(2, -1);
        let tokens: Vec<TileToken> = (0..6).map(|i| token(at, &"W".repeat(1 + i % 3))).collect();
        let svg = tokens_svg(&tokens);
        assert!(svg.contains("x &lt;&amp;&gt;"));
        let rects: Vec<(f64, f64, f64, f64)> = svg
            .split("<rect ")
            .skip(1)
            .map(|r| {
                let attr = |name: &str| -> f64 {
                    let start = r
                        .find(&format!(" {name}=\""))
                        .or_else(|| r.find(&format!("{name}=\"")))
                        .unwrap();
                    let rest = &r[start..];
                    let v = rest.split('"').nth(1).unwrap();
                    v.parse().unwrap()
                };
                (attr("x"), attr("y"), attr("width"), attr("height"))
            })
            .collect();
        assert_eq!(rects.len(), 6);
        for (i, a) in rects.iter().enumerate() {
            // Inside the tile.
            assert!(
                a.0 >= 200.0 && a.0 + a.2 <= 300.0 && a.1 >= -100.0 && a.1 + a.3 <= 0.0,
                "{a:?}"
            );
            for b in &rects[..i] {
                let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }
}
