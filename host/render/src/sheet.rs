//! A tile set's contact sheet: every tile type with its picture, id, name
//! and count on one self-contained page.

use super::escape_xml;
use super::tile::tile_svg_sized;
use super::words::Glossary;
use carcassonne_core::Rotation;
use carcassonne_core::tiles::TileType;

/// The start of every page: XHTML-compatible HTML5.
pub(crate) fn page_head(title: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>{}</title>\n<style>/*<![CDATA[*/\n{css}\n/*]]>*/</style>\n</head>\n",
        escape_xml(title)
    )
}

const SHEET_CSS: &str = "body { font-family: system-ui, sans-serif; margin: 1.5rem; background: #f6f3ec; color: #222; }
h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
p.total { margin: 0 0 1rem; color: #555; }
.sheet { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .75rem; }
figure { margin: 0; padding: .5rem; background: #fff; border: 1px solid #ddd; border-radius: 6px; text-align: center; }
figure svg { display: block; margin: 0 auto .35rem; width: 132px; height: 132px; }
figcaption .id { font-weight: bold; font-size: 1.05rem; }
figcaption .count { float: right; color: #444; }
figcaption .name { display: block; clear: both; font-size: .8rem; color: #555; min-height: 2em; }
figcaption .note { display: block; font-size: .75rem; color: #a0522d; }";

/// A self-contained HTML page (inline CSS and SVG, no scripts or external
/// resources; it also parses as XML) showing every tile of the set
/// `set_name`: each tile's picture as [`super::tile_svg`] draws it, its id,
/// name and number of copies, whether it stays out of the bag, and the
/// totals of tile types and tiles. Attribute badges are worded from the
/// linked expansions; [`contact_sheet_html_in`] takes the glossary.
pub fn contact_sheet_html(set_name: &str, tiles: &[(TileType, u32)]) -> String {
    contact_sheet_html_in(set_name, tiles, Glossary::linked())
}

/// [`contact_sheet_html`] with attribute badges worded from `glossary`.
pub fn contact_sheet_html_in(set_name: &str, tiles: &[(TileType, u32)], glossary: &Glossary) -> String {
    let total: u64 = tiles.iter().map(|(_, c)| u64::from(*c)).sum();
    let mut out = page_head(&format!("Tiles: {set_name}"), SHEET_CSS);
    out.push_str("<body>\n");
    out.push_str(&format!("<h1>{}</h1>\n", escape_xml(set_name)));
    out.push_str(&format!(
        "<p class=\"total\">{} tile type{}, {total} tile{} in all</p>\n<div class=\"sheet\">\n",
        tiles.len(),
        if tiles.len() == 1 { "" } else { "s" },
        if total == 1 { "" } else { "s" },
    ));
    for (tile, count) in tiles {
        out.push_str("<figure class=\"tile-card\">");
        out.push_str(&tile_svg_sized(tile, Rotation::NONE, 132, glossary));
        out.push_str(&format!(
            "<figcaption><span class=\"id\">{}</span><span class=\"count\">× {count}</span><span class=\"name\">{}</span>",
            escape_xml(tile.id()),
            escape_xml(tile.def.name.as_deref().unwrap_or("")),
        ));
        if !tile.def.in_bag {
            out.push_str("<span class=\"note\">not in the bag</span>");
        }
        out.push_str("</figcaption></figure>\n");
    }
    out.push_str("</div>\n</body>\n</html>\n");
    out
}
