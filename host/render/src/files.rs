//! `carcassonne tiles render` and `carcassonne render`: pictures written to files.

use crate as render;
use anyhow::{Context, Result};
use carcassonne_core::tiles::{TileSet, TileType, parse_tile_set};
use carcassonne_core::{Catalog, Game, GameRecord, ReplayStep, Rotation, TileSource};
use carcassonne_setup::safe_file;
use carcassonne_setup::tiles_cmd;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// Writes one SVG per tile (`DIR/<set>/<id>.svg`) and a contact sheet per
/// set (`DIR/<set>.html`) for `sets` (every known set when empty). Returns
/// the files written.
pub fn tiles(out: &Path, sets: &[String], catalog: &Catalog, source: &TileSource) -> Result<Vec<PathBuf>> {
    let chosen: Vec<TileSet> = if sets.is_empty() {
        tiles_cmd::known_files_with_art(catalog, source)?
            .into_iter()
            .map(|(name, text, art)| {
                let set = parse_tile_set(&name, &text, catalog).map_err(|e| anyhow::anyhow!("{e}"))?;
                tiles_cmd::with_pictures(set, &name, art)
            })
            .collect::<Result<_>>()?
    } else {
        sets.iter()
            .map(|s| tiles_cmd::load_set(s, catalog, source))
            .collect::<Result<_>>()?
    };
    let mut written = Vec::new();
    let glossary = render::Glossary::of_catalog(catalog);
    for set in chosen {
        let dir = out.join(&set.id);
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut sheet = Vec::new();
        for (i, def) in set.tiles.iter().enumerate() {
            let tile = TileType::new(i as u16, &set.id, def.clone(), catalog.landscape());
            // Tile ids may hold characters a file name should not.
            let name: String = def
                .id
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let path = dir.join(format!("{name}.svg"));
            safe_file::write_atomically(&path, &render::tile_svg_in(&tile, Rotation::NONE, &glossary))?;
            written.push(path);
            sheet.push((tile, def.count));
        }
        let path = out.join(format!("{}.html", set.id));
        safe_file::write_atomically(&path, &render::contact_sheet_html_in(&set.name, &sheet, &glossary))?;
        written.push(path);
    }
    Ok(written)
}

/// The game of `record` after `turns` completed turns (all of it when `None`).
pub fn game_at(record: &GameRecord, turns: Option<u32>, catalog: &Catalog, source: &TileSource) -> Result<Game> {
    // Stops at the first decision of turn t + 1, before reading its move.
    let past = |game: &Game| turns.is_some_and(|t| game.state().turn().number > t);
    Ok(record.replay_watched(catalog, source, |game, step| match step {
        ReplayStep::Before(_) => ControlFlow::Continue(()),
        ReplayStep::Started | ReplayStep::After(_) if past(game) => ControlFlow::Break(()),
        ReplayStep::Started | ReplayStep::After(_) => ControlFlow::Continue(()),
    })?)
}

/// Writes the board of `record` (read from `file`) after `turn` (or at the
/// end) as SVG, and the replay viewer as HTML.
pub fn record(
    record: &GameRecord,
    file: &Path,
    turn: Option<u32>,
    svg: &Path,
    html: &Path,
    catalog: &Catalog,
    source: &TileSource,
) -> Result<()> {
    let game = game_at(record, turn, catalog, source)?;
    safe_file::refuse_overwriting(svg, "board picture", &[file])?;
    safe_file::refuse_overwriting(html, "replay viewer", &[file, svg])?;
    let page = render::replay_html(record, catalog, source).with_context(|| format!("{}", file.display()))?;
    safe_file::write_atomically(svg, &render::board_svg(&game))?;
    safe_file::write_atomically(html, &page)?;
    Ok(())
}
