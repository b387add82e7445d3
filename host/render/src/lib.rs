//! Pictures of tiles, tile sets, boards and whole games, drawn from the tile
//! definitions alone (no image files): SVG for a tile or a board, and
//! self-contained HTML (inline CSS, SVG and script, no external resources)
//! for a tile set's contact sheet and a step-by-step game replay.
//!
//! Every function here returns text and never panics, whatever the tile
//! definitions, game or record hold; all text from definitions and records
//! is escaped for XML. The HTML pages are XHTML-compatible: they parse both
//! as HTML and as XML.
//!
//! What a tile shows, in the board frame (after rotation, so labels stay
//! upright):
//!
//! - the field as a green background;
//! - each city as a tan shape over the sides it covers, edged by a brown
//!   wall: one side is a cap, two opposite sides a band through the middle,
//!   two adjacent sides a diagonal, three sides everything but a bay, four
//!   sides the whole tile; two city features on one tile are two shapes that
//!   do not overlap; rows of short brown strokes (stonework) over the tan tell
//!   a city from the field without colour (red–green colour-blind eyes see
//!   the two of one brightness);
//! - pennants as a small blue shield in their city (with a count when more
//!   than one);
//! - each road as a light stroke with a dark casing: a road with two side
//!   centres is one line or curve, a road with three or four centres is one
//!   continuous crossing, a dead end ends at the cloister, inside a city, at
//!   a junction square (two or more dead ends meeting) or at a small house;
//!   two roads that cross without joining (a bridge) show the second one
//!   passing over the first;
//! - a cloister as a small building with a red roof;
//! - a wall edge (`X`) as a dark strip along that side;
//! - every expansion attribute, of the tile or of a feature, as a small
//!   labelled badge (see [`attribute_label`]): near the feature for a
//!   feature's table, along the top or bottom of the tile for the tile's, so
//!   symbols of new expansions appear without code changes; on hover, the
//!   expansion's name and each attribute in words with the description the
//!   expansion declares for it ([`Glossary`]).
//!
//! Figures on a board are circles in the player colours of
//! [`PLAYER_COLOURS`], standing on a representative point of their feature
//! ([`feature_point`]) or on the tile corner of a corner spot; figures other
//! than the core follower carry a label (see [`figure_label`]); figures of
//! nobody's (a dragon, a fairy) are dark, with their name on hover. The
//! tile counters of enabled expansions (the bunny's tile, fruit tokens on
//! a tree) are small badges stacked down the left side of their tile, under
//! the figures ([`TileToken`]). Expansions can also put markers on the board
//! through their public state: see [`Marker`].
//!
//! [`files`] writes these pictures and pages next to a record or into a
//! directory; nothing here prints.
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod board;
pub mod files;
mod replay;
mod sheet;
mod svg;
mod tile;
mod tokens;
mod words;

pub use board::{
    Marker, board_svg, board_svg_for_page, board_svg_window, board_svg_window_without_tokens, figure_label, markers_of,
};
pub use replay::replay_html;
pub use sheet::{contact_sheet_html, contact_sheet_html_in};
pub use tile::{
    Art, art_defs, art_id, attribute_label, feature_point, tile_group, tile_group_in, tile_group_referring, tile_svg,
    tile_svg_in, tile_svg_referring,
};
pub use tokens::{TOKEN_PALETTE, TileToken, tile_tokens, token_fill, token_ink, token_text, token_words};
pub use words::Glossary;

/// Player colours by seat: red, blue, yellow, black, purple, orange. A
/// seat beyond the sixth reuses the palette from the start (seat 7 is red).
pub const PLAYER_COLOURS: [&str; 6] = ["#d55e00", "#0072b2", "#f0e442", "#1b1b1b", "#cc79a7", "#009e73"];

/// The shape of each seat's markers, so that colour is never the only cue.
pub const PLAYER_SHAPES: [&str; 6] = ["circle", "square", "triangle", "diamond", "hexagon", "star"];

/// The shape of seat `player` (see [`PLAYER_SHAPES`]).
pub fn player_shape(player: u8) -> &'static str {
    if player == carcassonne_core::figures::NEUTRAL {
        return PLAYER_SHAPES[0];
    }
    PLAYER_SHAPES[player as usize % PLAYER_SHAPES.len()]
}

/// An SVG element drawing `shape` (one of [`PLAYER_SHAPES`]) centred on
/// `(cx, cy)` with about the area of a circle of radius `r`; `attrs` are
/// added to it (fill, stroke, class …).
pub fn shape_svg(shape: &str, cx: f64, cy: f64, r: f64, attrs: &str) -> String {
    let polygon = |points: Vec<(f64, f64)>| {
        let points: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", svg::num(cx + x), svg::num(cy + y)))
            .collect();
        format!(r#"<polygon points="{}" {attrs}/>"#, points.join(" "))
    };
    let round = |n: usize, radius: f64, turn: f64| -> Vec<(f64, f64)> {
        (0..n)
            .map(|i| {
                let a = turn + std::f64::consts::TAU * i as f64 / n as f64;
                (radius * a.sin(), -radius * a.cos())
            })
            .collect()
    };
    match shape {
        "square" => {
            let h = r * 0.9;
            polygon(vec![(-h, -h), (h, -h), (h, h), (-h, h)])
        }
        "triangle" => polygon(
            round(3, r * 1.3, 0.0)
                .into_iter()
                .map(|(x, y)| (x, y + r * 0.2))
                .collect(),
        ),
        "diamond" => polygon(round(4, r * 1.25, 0.0)),
        "hexagon" => polygon(round(6, r * 1.05, std::f64::consts::FRAC_PI_6)),
        "star" => polygon(
            (0..10)
                .map(|i| {
                    let radius = if i % 2 == 0 { r * 1.35 } else { r * 0.62 };
                    let a = std::f64::consts::TAU * f64::from(i) / 10.0;
                    (radius * a.sin(), -radius * a.cos())
                })
                .collect(),
        ),
        _ => format!(
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            svg::num(cx),
            svg::num(cy),
            svg::num(r)
        ),
    }
}

/// The colour of seat `player` (see [`PLAYER_COLOURS`]).
pub fn player_colour(player: u8) -> &'static str {
    // A figure of nobody's (a dragon) is dark, like no seat's.
    if player == carcassonne_core::figures::NEUTRAL {
        return NEUTRAL_COLOUR;
    }
    PLAYER_COLOURS[player as usize % PLAYER_COLOURS.len()]
}

/// The colour of figures that belong to nobody.
pub const NEUTRAL_COLOUR: &str = "#2b2b2b";

/// A colour that reads well on top of [`player_colour`]`(player)`.
fn player_ink(player: u8) -> &'static str {
    if player == carcassonne_core::figures::NEUTRAL {
        return "#ffffff";
    }
    match player as usize % PLAYER_COLOURS.len() {
        2 | 4 => "#111111",
        _ => "#ffffff",
    }
}

/// Escapes `text` for XML text and attribute values (`&`, `<`, `>`, `"`,
/// `'`), and drops characters XML 1.0 does not allow.
pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_control_characters() {
        assert_eq!(escape_xml("a<b>&\"c'\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(player_colour(6), player_colour(0));
    }
}
