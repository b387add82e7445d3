//! `carcassonne tiles …`: checking, listing and showing tile files.

use anyhow::Result;
use carcassonne_core::rules::BASE_TILES;
use carcassonne_core::text_file::{MAX_TILE_FILE_BYTES, read_text_file};
use carcassonne_core::tiles::{FeatureKind, KindShape, Landscape, LeadsInto, TileSet, TileType, parse_tile_set};
use carcassonne_core::{Catalog, Rotation, Segment, Side, TileSource};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Every tile file the host knows: the base set and each catalogued
/// expansion's, as (name shown, text).
pub fn known_files(catalog: &Catalog, tiles: &TileSource) -> Result<Vec<(String, String)>> {
    Ok(known_files_with_art(catalog, tiles)?
        .into_iter()
        .map(|(name, text, _)| (name, text))
        .collect())
}

/// [`known_files`] with the tile pictures each expansion's file has built
/// in (see `TileFile::art`).
pub fn known_files_with_art(catalog: &Catalog, tiles: &TileSource) -> Result<Vec<(String, String, BuiltInArt)>> {
    let (name, text) = tiles.read("base.toml", BASE_TILES)?;
    let mut files = vec![(name, text, &[][..])];
    for e in catalog.all() {
        for f in e.tile_files {
            let (name, text) = tiles.read_file(f)?;
            files.push((name, text, f.art));
        }
    }
    Ok(files)
}

/// Tile pictures built in with a tile file: path as its tiles name it, SVG.
pub type BuiltInArt = &'static [(&'static str, &'static str)];

/// `set`, read from `name`, with its tiles' own pictures (an error names
/// the first that cannot be read).
pub fn with_pictures(mut set: TileSet, name: &str, built_in: BuiltInArt) -> Result<TileSet> {
    match carcassonne_core::rules::read_art(&mut set, name, built_in)
        .into_iter()
        .next()
    {
        Some(problem) => Err(problem.into()),
        None => Ok(set),
    }
}

/// Checks `paths` (or every known file when empty). Returns the report and
/// the number of problems.
pub fn check(paths: &[PathBuf], catalog: &Catalog, tiles: &TileSource) -> Result<(String, usize)> {
    let files: Vec<(String, String)> = if paths.is_empty() {
        known_files(catalog, tiles)?
    } else {
        paths
            .iter()
            .map(|p| {
                read_text_file(p, MAX_TILE_FILE_BYTES, "tile file")
                    .map(|t| (p.display().to_string(), t))
                    .map_err(anyhow::Error::from)
            })
            .collect::<Result<_>>()?
    };
    let mut out = String::new();
    let mut problems = 0;
    let mut sets = Vec::new();
    let mut marks = Vec::new();
    for (name, text) in &files {
        if is_marks_file(text) {
            marks.push((name.clone(), text.clone(), marks_owner(name, catalog)));
            continue;
        }
        match parse_tile_set(name, text, catalog) {
            Ok(set) => {
                out.push_str(&format!(
                    "ok: {name}: set `{}`, {}, {}\n",
                    set.id,
                    count(set.tiles.len(), "tile type", "tile types"),
                    count(set.total() as usize, "tile", "tiles")
                ));
                sets.push(set);
            }
            Err(diags) => {
                problems += diags.0.len();
                for rendered in diags.render_each(text) {
                    out.push_str(&rendered);
                    out.push('\n');
                }
            }
        }
    }
    // Marks other expansions print on these sets: every expansion's when
    // no path is given.
    if paths.is_empty() {
        for e in catalog.all() {
            for f in e.tile_marks {
                let (name, text) = tiles.read_file(f)?;
                marks.push((name, text, Some(e.id)));
            }
        }
        // The sets marks name may be any known set, also one not checked here.
    }
    for (name, text, owner) in &marks {
        let Some(owner) = owner else {
            problems += 1;
            out.push_str(&format!(
                "{name}: a marks file (`[marks]`) belongs to the expansion that ships it, and no loaded expansion \
                 ships `{}` in its `tile_marks`\n",
                Path::new(name)
                    .file_name()
                    .map_or(name.clone(), |n| n.to_string_lossy().into_owned())
            ));
            continue;
        };
        let found = match carcassonne_core::tiles::parse_tile_marks(name, text, owner, catalog) {
            Err(diags) => Err(diags),
            Ok(m) => {
                let mut target = sets.iter().find(|s| s.id == m.set).cloned();
                if target.is_none() {
                    target = load_set(&m.set, catalog, tiles).ok();
                }
                match target {
                    Some(mut set) => m.apply(&mut set, catalog.landscape(), catalog).map(|()| (m, set)),
                    None => {
                        problems += 1;
                        out.push_str(&format!(
                            "{name}: marks set `{}`, which is no tile set this host knows\n",
                            m.set
                        ));
                        continue;
                    }
                }
            }
        };
        match found {
            Ok((m, set)) => out.push_str(&format!(
                "ok: {name}: marks of `{owner}` on {} of set `{}`\n",
                count(m.tiles.len(), "tile", "tiles"),
                set.id
            )),
            Err(diags) => {
                problems += diags.0.len();
                for rendered in diags.render_each(text) {
                    out.push_str(&rendered);
                    out.push('\n');
                }
            }
        }
    }
    if problems > 0 {
        out.push_str(&format!(
            "{problems} problem{} found\n",
            if problems == 1 { "" } else { "s" }
        ));
    }
    Ok((out, problems))
}

/// Whether `text` is a marks file (a `[marks]` table at its top level)
/// rather than a tile set.
fn is_marks_file(text: &str) -> bool {
    // By its header line, so that a marks file with a syntax error is still
    // reported as one.
    text.lines().any(|l| l.trim() == "[marks]")
}

/// The expansion that ships a marks file named as `path` is.
fn marks_owner(path: &str, catalog: &Catalog) -> Option<&'static str> {
    let file = Path::new(path).file_name()?.to_str()?;
    catalog
        .all()
        .iter()
        .find(|e| e.tile_marks.iter().any(|f| f.file_name == file))
        .map(|e| e.id)
}

/// Loads the set `id` (a known set id, or a path to a tile file).
pub fn load_set(id: &str, catalog: &Catalog, tiles: &TileSource) -> Result<TileSet> {
    let path = Path::new(id);
    if path.extension().is_some_and(|e| e == "toml") && path.exists() {
        return Ok(TileSource::load_path(path, catalog)?);
    }
    for (name, text, art) in known_files_with_art(catalog, tiles)? {
        if let Ok(set) = parse_tile_set(&name, &text, catalog)
            && set.id == id
        {
            return with_pictures(set, &name, art);
        }
    }
    let mut known = vec!["base".to_string()];
    known.extend(
        catalog
            .all()
            .iter()
            .filter(|e| !e.tile_files.is_empty())
            .map(|e| e.id.to_string()),
    );
    anyhow::bail!("unknown tile set `{id}`; sets: {}", known.join(", "))
}

/// "1 tile type", "24 tile types".
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// One line per feature, for people.
pub fn describe_features(tile: &TileType) -> String {
    let landscape = tile.landscape();
    let mut parts = Vec::new();
    for f in &tile.def.features {
        let mut s = landscape.feature_name(f.kind).to_string();
        // Whole sides read better as one letter: "city N" rather than "city NW,N,NE".
        let mut names: Vec<&str> = Vec::new();
        for side in Side::ALL {
            let segs = Segment::of_side(side);
            if segs.iter().all(|s| f.segments.contains(*s)) {
                names.push(side.name());
            } else {
                names.extend(segs.iter().filter(|s| f.segments.contains(**s)).map(|s| s.name()));
            }
        }
        if !names.is_empty() {
            s.push(' ');
            s.push_str(&names.join(","));
        }
        if f.pennants > 0 {
            s.push_str(&format!(" +{} pennant", f.pennants));
        }
        if !f.touches.is_empty() {
            let cities: Vec<String> = f.touches.iter().map(|c| format!("#{}", c + 1)).collect();
            s.push_str(&format!(" touches {}", cities.join(",")));
        }
        for (k, v) in &f.attributes {
            s.push_str(&format!(" [{k}: {}]", compact(v)));
        }
        parts.push(s);
    }
    for (k, v) in &tile.def.attributes {
        parts.push(format!("[{k}: {}]", compact(v)));
    }
    parts.join("; ")
}

fn compact(v: &toml::Value) -> String {
    match v {
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| format!("{k}={}", compact(v)))
            .collect::<Vec<_>>()
            .join(", "),
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The set's tiles with counts and features.
pub fn list(set: &TileSet, landscape: &Arc<Landscape>) -> String {
    let mut out = format!(
        "{} ({}): {}, {}\n",
        set.name,
        set.id,
        count(set.tiles.len(), "tile type", "tile types"),
        count(set.total() as usize, "tile", "tiles")
    );
    let width = set.tiles.iter().map(|t| t.id.len()).max().unwrap_or(2).max(2);
    for (i, def) in set.tiles.iter().enumerate() {
        let t = TileType::new(i as u16, &set.id, def.clone(), landscape);
        let edges: String = def.edges.iter().map(|&e| landscape.letter(e)).collect();
        let start = if set.start.as_deref() == Some(def.id.as_str()) {
            " (start)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{:width$}  ×{:<3} {edges}  {}{start}\n",
            def.id,
            def.count,
            describe_features(&t)
        ));
    }
    out
}

/// A 9×9 character drawing of a tile: `#` city, `=`/`|` road (`~` for
/// another path kind, such as a river), `.` field, `+` cloister (`@` for
/// another kind inside the tile, such as a garden), `X` wall, `*` pennant;
/// a legend lists the features.
pub fn show(tile: &TileType, rotation: Rotation) -> String {
    let landscape = tile.landscape();
    const N: usize = 9;
    let mut grid = [['.'; N]; N];
    // Border cells by segment: each side's 7 inner cells split 3|1|3.
    let seg_cells = |seg: Segment| -> Vec<(usize, usize)> {
        let part = seg.index() % 3;
        let range: Vec<usize> = match part {
            0 => (1..4).collect(),
            1 => vec![4],
            _ => (5..8).collect(),
        };
        range
            .into_iter()
            .map(|i| match seg.side() {
                Side::N => (0, i),
                Side::E => (i, N - 1),
                Side::S => (N - 1, N - 1 - i),
                Side::W => (N - 1 - i, 0),
            })
            .collect()
    };
    for side in Side::ALL {
        if tile.is_wild(rotation, side) {
            for s in Segment::of_side(side) {
                for (r, c) in seg_cells(s) {
                    grid[r][c] = 'X';
                }
            }
        }
    }
    let centre = (N / 2, N / 2);
    // Roads that end on the tile: three or more meet at a junction.
    let dead_end_roads = tile
        .def
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::ROAD && f.segments.iter().filter(|s| s.is_centre()).count() == 1)
        .count();
    for (fi, f) in tile.def.features.iter().enumerate() {
        let board_segs: Vec<Segment> = (0..12)
            .map(Segment::from_index)
            .filter(|s| tile.feature_at(rotation, *s) == Some(fi))
            .collect();
        match landscape.shape(f.kind) {
            KindShape::Region => {
                for s in &board_segs {
                    // A city fills a band three cells deep along its side.
                    for (r, c) in seg_cells(*s) {
                        for d in 0..3 {
                            let (rr, cc) = match s.side() {
                                Side::N => (r + d, c),
                                Side::S => (r - d, c),
                                Side::E => (r, c - d),
                                Side::W => (r, c + d),
                            };
                            grid[rr][cc] = '#';
                        }
                    }
                }
                if board_segs.iter().filter(|s| s.is_centre()).count() > 1 {
                    for row in grid.iter_mut().take(6).skip(3) {
                        for cell in row.iter_mut().take(6).skip(3) {
                            *cell = '#';
                        }
                    }
                }
                if f.pennants > 0
                    && let Some(s) = board_segs.iter().find(|s| s.is_centre())
                {
                    let (r, c) = seg_cells(*s)[0];
                    let (r, c) = match s.side() {
                        Side::N => (r + 1, c),
                        Side::S => (r - 1, c),
                        Side::E => (r, c - 1),
                        Side::W => (r, c + 1),
                    };
                    grid[r][c] = '*';
                }
            }
            KindShape::Path => {
                let road = f.kind == FeatureKind::ROAD;
                let ends: Vec<Segment> = board_segs.iter().copied().filter(|s| s.is_centre()).collect();
                for s in &ends {
                    let (mut r, mut c) = seg_cells(*s)[0];
                    let vertical = matches!(s.side(), Side::N | Side::S);
                    while (r, c) != centre {
                        grid[r][c] = match (road, vertical) {
                            (false, _) => '~',
                            (true, true) => '|',
                            (true, false) => '=',
                        };
                        r = if r < centre.0 {
                            r + 1
                        } else if r > centre.0 {
                            r - 1
                        } else {
                            r
                        };
                        c = if c < centre.1 {
                            c + 1
                        } else if c > centre.1 {
                            c - 1
                        } else {
                            c
                        };
                    }
                }
                // A junction where roads meet; a bend where one road turns
                // (`\\` from the west down or the north right, `/` the
                // other way); a dead end keeps its own line.
                let sides: Vec<Side> = ends.iter().map(|s| s.side()).collect();
                let meets = matches!(f.leads_into, Some(LeadsInto::Crossing)) || dead_end_roads >= 3;
                grid[centre.0][centre.1] = if matches!(grid[centre.0][centre.1], '+' | '@') {
                    // The road ends at the cloister (or garden) drawn there.
                    grid[centre.0][centre.1]
                } else if !road {
                    '~'
                } else if meets || ends.len() > 2 {
                    'o'
                } else if sides.iter().all(|s| matches!(s, Side::N | Side::S)) {
                    '|'
                } else if sides.iter().all(|s| matches!(s, Side::E | Side::W)) {
                    '='
                } else if sides.contains(&Side::W) == sides.contains(&Side::S) {
                    '\\'
                } else {
                    '/'
                };
            }
            KindShape::Inner if f.kind == FeatureKind::CLOISTER => grid[centre.0][centre.1] = '+',
            KindShape::Inner => grid[centre.0][centre.1] = '@',
            KindShape::Land => {}
        }
    }
    let mut out = format!(
        "{} turned {}°  edges N E S W: {}\n",
        tile.id(),
        rotation.degrees(),
        Side::ALL
            .map(|s| landscape.letter(tile.edge(rotation, s)))
            .iter()
            .collect::<String>()
    );
    for row in grid {
        out.push_str("  ");
        out.push_str(&row.iter().map(|c| format!("{c} ")).collect::<String>());
        out.push('\n');
    }
    out.push_str("  # city  =| road  \\/ bend  o junction  + cloister  * pennant  X wall  . field\n");
    out.push_str("  features, as defined (unturned):\n");
    let parts: Vec<String> = describe_features(tile).split("; ").map(String::from).collect();
    // The tile's own attribute tables come last and are not features.
    let features = parts.len().saturating_sub(tile.def.attributes.len());
    for (i, f) in parts[..features].iter().enumerate() {
        out.push_str(&format!("  {}. {f}\n", i + 1));
    }
    if !tile.def.attributes.is_empty() {
        out.push_str("  tile attributes:\n");
        for (k, v) in &tile.def.attributes {
            out.push_str(&format!("  [tile.{k}] {}\n", compact(v)));
        }
    }
    out
}

/// The bag a game's tile mix gives, before the game starts: every tile id
/// with its copies in the game (the start tile's placed copy included),
/// the total per set and the grand total.
pub fn mix(rules: &carcassonne_core::Rules) -> String {
    let mut copies = vec![0usize; rules.tiles().len()];
    for &t in rules.initial_bag() {
        copies[t as usize] += 1;
    }
    let start = rules.start_tile();
    copies[start as usize] += 1;
    let width = rules.tiles().iter().map(|t| t.def.id.len()).max().unwrap_or(2).max(2);
    let mut out = String::new();
    let mut sets: Vec<&str> = Vec::new();
    for t in rules.tiles() {
        if !sets.contains(&t.set.as_str()) {
            sets.push(&t.set);
        }
    }
    let mut grand = 0;
    for set in sets {
        let tiles: Vec<&TileType> = rules.tiles().iter().filter(|t| t.set == set).collect();
        let copies_of = |t: &TileType| copies[t.index as usize];
        let total: usize = tiles.iter().map(|t| copies_of(t)).sum();
        let times = rules
            .config
            .tiles
            .sets
            .get(set)
            .map_or(String::new(), |m| format!(" ×{m}"));
        out.push_str(&format!("{set}{times}\n"));
        for t in tiles {
            let note = if t.index == start {
                " (start tile, placed first)"
            } else if !t.def.in_bag {
                " (not in the bag: an expansion hands it out)"
            } else if rules.config.tiles.counts.contains_key(&t.def.id) {
                " (count set by the mix)"
            } else {
                ""
            };
            out.push_str(&format!("  {:width$}  {:>4}{note}\n", t.def.id, copies_of(t)));
        }
        out.push_str(&format!("  {set}: {total} tiles\n"));
        grand += total;
    }
    out.push_str(&format!(
        "total: {grand} tiles ({} in the bag, the start tile placed first)\n",
        rules.bag_size()
    ));
    if rules.config.draw_order.is_some() {
        out.push_str("note: this configuration has a draw_order, which replaces the bag in play\n");
    }
    out
}
