//! The tile editor's work, behind both of its pages: `carcassonne serve`'s
//! (`/editor` and `/api/tiles…`, `docs/serve-api.md`) and the static
//! site's, where the same calls run in the page (`carcassonne-web`). It
//! lists tile files with their pictures, previews an edit to a tile without
//! keeping it, makes every change of the page's working copy ([`working`])
//! and saves it through the validated editing code of
//! [`carcassonne_setup::tile_edit`]. Answers are JSON with an HTTP status
//! ([`Failure`]), the server's and the static site's alike.
//!
//! Where files live is the [`Editor`]'s: real files in a tile directory
//! (the server's: a set read from the built-in copy is read-only, because
//! there is no file to write), or, for a page with no file system, sets kept
//! in memory ([`Editor::in_memory`]) that the page stores where it can.
use carcassonne_core::rules::BASE_TILES;
use carcassonne_core::tiles::{FeatureKind, KindShape, TileSet, TileType};
use carcassonne_core::{Catalog, Rotation, TileSource};
use carcassonne_render::{Art, Glossary, art_defs, tile_svg_in, tile_svg_referring};
use carcassonne_setup::tile_edit::{self, EditError, NewTile};
use carcassonne_setup::tiles_cmd::describe_features;
use serde::Deserialize;
use serde_json::{Value, json};
use std::ops::Range;
use std::path::PathBuf;
use toml_edit::{DocumentMut, Item};

pub mod working;
pub use working::{EDITOR_BODY_LIMIT, NewSet, Op, WorkingEdit, WorkingSave, version_of};

/// The tile files the editor offers and where it writes them.
pub struct Editor {
    catalog: Catalog,
    tiles: TileSource,
    /// The sets of an editor without a file system ([`Editor::in_memory`]),
    /// by file name: the editable ones, written by `write` and `new_set`.
    memory: Option<std::sync::Mutex<std::collections::BTreeMap<String, String>>>,
}

/// One edit to one tile, as the page sends it. Parts apply in the order
/// `toml`, `edges`, `count`; absent parts are left alone.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileEdit {
    /// The file name, as in the listing (`base.toml`).
    pub file: String,
    /// The tile's id before the edit.
    pub id: String,
    /// New text for the tile's whole `[[tile]]` block.
    #[serde(default)]
    pub toml: Option<String>,
    /// New edges, four letters N E S W (`CRFR`).
    #[serde(default)]
    pub edges: Option<String>,
    /// With `edges`: replace the features by the default layout for the
    /// new edges (as `carcassonne tiles new` writes), since features that named
    /// the old edges rarely fit the new ones.
    #[serde(default)]
    pub relayout: bool,
    /// New number of copies.
    #[serde(default)]
    pub count: Option<i64>,
    /// The hot-seat token, needed to save from a non-loopback address.
    #[serde(default)]
    pub token: Option<String>,
}

/// An editor answer that is not a success: an HTTP status and a JSON body.
pub struct Failure {
    /// HTTP status.
    pub status: u16,
    /// `{"ok": false, "error": …, "diagnostics": [...]}`.
    pub body: Value,
}

impl Failure {
    fn new(status: u16, error: impl Into<String>) -> Failure {
        Failure {
            status,
            body: json!({ "ok": false, "error": error.into(), "diagnostics": [] }),
        }
    }

    fn edit(e: EditError) -> Failure {
        let diagnostics: Vec<Value> = match &e {
            EditError::Invalid { diagnostics, .. } => diagnostics
                .0
                .iter()
                .map(|d| json!({ "line": d.line, "column": d.column, "message": d.message }))
                .collect(),
            _ => Vec::new(),
        };
        let status = if matches!(e, EditError::Io { .. }) { 500 } else { 422 };
        Failure {
            status,
            body: json!({ "ok": false, "error": e.to_string(), "diagnostics": diagnostics }),
        }
    }
}

impl Editor {
    /// An editor over the files of `catalog`'s sets, read from `tiles`.
    pub fn new(catalog: Catalog, tiles: TileSource) -> Editor {
        Editor {
            catalog,
            tiles,
            memory: None,
        }
    }

    /// An editor with no file system (a page's, in WebAssembly): the
    /// built-in sets of `catalog`, read-only, and the sets of `own` (file
    /// name → text), editable, which `write` and `new_set` change in
    /// memory: the page keeps them ([`Editor::own_files`]).
    pub fn in_memory(catalog: Catalog, own: impl IntoIterator<Item = (String, String)>) -> Editor {
        Editor {
            catalog,
            tiles: TileSource::default(),
            memory: Some(std::sync::Mutex::new(own.into_iter().collect())),
        }
    }

    /// The editable sets of an [`Editor::in_memory`], as they now stand
    /// (file name → text); empty for an editor over a directory.
    pub fn own_files(&self) -> Vec<(String, String)> {
        self.memory
            .as_ref()
            .map(|m| m.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone())
            .map(|m| m.into_iter().collect())
            .unwrap_or_default()
    }

    /// The text of the in-memory set `file`, when this editor keeps it.
    fn in_memory_text(&self, file: &str) -> Option<String> {
        let memory = self.memory.as_ref()?;
        memory
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(file)
            .cloned()
    }

    /// Whether `file` can be written: a file in the tile directory, or an
    /// in-memory set.
    fn is_editable(&self, file: &str) -> bool {
        self.disk_path(file).is_some() || self.in_memory_text(file).is_some()
    }

    /// The expansion whose tile file `file` is.
    fn expansion_of(&self, file: &str) -> Option<&'static str> {
        self.catalog
            .all()
            .iter()
            .find(|e| e.tile_files.iter().any(|f| f.file_name == file))
            .map(|e| e.id)
    }

    /// Every known tile file: (file name, built-in text). Besides the base
    /// game's and the expansions' files, every other `*.toml` file in the
    /// tile directory (a set made in the editor) has no built-in text.
    fn files(&self) -> Vec<(String, &'static str)> {
        let mut files = vec![("base.toml".to_string(), BASE_TILES)];
        for e in self.catalog.all() {
            for f in e.tile_files {
                files.push((f.file_name.to_string(), f.embedded));
            }
        }
        let mut own: Vec<String> = self
            .tiles
            .dir
            .as_ref()
            .and_then(|dir| std::fs::read_dir(dir).ok())
            .into_iter()
            .flatten()
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.ends_with(".toml") && !files.iter().any(|(known, _)| known == name))
            .collect();
        own.extend(
            self.own_files()
                .into_iter()
                .map(|(name, _)| name)
                .filter(|name| !files.iter().any(|(known, _)| known == name)),
        );
        own.sort();
        files.extend(own.into_iter().map(|name| (name, "")));
        files
    }

    /// The file on disk for `file`, when there is one.
    fn disk_path(&self, file: &str) -> Option<PathBuf> {
        let path = self.tiles.dir.as_ref()?.join(file);
        path.is_file().then_some(path)
    }

    /// The current text of a known `file`.
    fn read(&self, file: &str) -> Result<(String, String), Failure> {
        if let Some(text) = self.in_memory_text(file) {
            return Ok((file.to_string(), text));
        }
        let (_, embedded) = self.files().into_iter().find(|(name, _)| name == file).ok_or_else(|| {
            let known: Vec<String> = self.files().into_iter().map(|(n, _)| n).collect();
            Failure::new(404, format!("unknown tile file `{file}`; files: {}", known.join(", ")))
        })?;
        self.tiles
            .read(file, embedded)
            .map_err(|e| Failure::new(500, e.to_string()))
    }

    /// `GET /api/tiles`: the files, their sets, the expansions whose
    /// attributes their tiles carry (`uses`), and whether they are
    /// editable, and the attribute schema of every expansion.
    pub fn list(&self) -> Value {
        let files: Vec<Value> = self
            .files()
            .into_iter()
            .map(|(file, _)| {
                let shown = self.read(&file).ok();
                let set = shown
                    .as_ref()
                    .and_then(|(name, text)| tile_edit::validate(name, text, &self.catalog).ok());
                let uses = set.as_ref().map(uses_of).unwrap_or_default();
                json!({
                    "file": file,
                    "set": set.as_ref().map(|s| s.id.clone()),
                    "name": set.as_ref().map(|s| s.name.clone()),
                    "editable": self.is_editable(&file),
                    "expansion": self.expansion_of(&file),
                    "uses": uses,
                    "source": shown.map(|(name, _)| name),
                })
            })
            .collect();
        // The kinds of edge and of inner feature tile files may use, for the
        // page's tools: the base game's and the expansions' alike.
        let landscape = self.catalog.landscape();
        let edge_kinds: Vec<Value> = landscape
            .edge_kinds()
            .map(|(kind, d)| {
                let centre = landscape.kind_at(kind, carcassonne_core::Segment::centre(carcassonne_core::Side::N));
                let hint = match centre.map(|c| (landscape.shape(c), landscape.feature(c).label)) {
                    None => "Click a side to make it a wall (matches anything, ends every feature).".to_string(),
                    Some((KindShape::Path, label)) => format!(
                        "Click a side to make it a {} side: a {label} ending in the middle; its field halves join \
                         the fields next to them.",
                        d.label
                    ),
                    Some((KindShape::Region | KindShape::Inner, label)) => format!(
                        "Click a side to make it {} side: it becomes a {label} of its own; join it to another with \
                         “Add to feature”.",
                        d.label
                    ),
                    Some((KindShape::Land, _)) => format!("Click a side to make it {}.", d.label),
                };
                json!({ "name": d.name, "letter": d.letter.to_string(), "label": d.label, "hint": hint })
            })
            .collect();
        let inner_kinds: Vec<Value> = landscape
            .feature_kinds()
            .filter(|(kind, d)| d.shape == KindShape::Inner && *kind != FeatureKind::CLOISTER)
            .map(|(_, d)| json!({ "name": d.name, "label": d.label }))
            .collect();
        // Each expansion's attribute schema, for the page's form fields.
        let expansions: Vec<Value> = self
            .catalog
            .all()
            .iter()
            .map(|e| json!({ "id": e.id, "name": e.name, "attributes": e.attributes }))
            .collect();
        json!({ "files": files, "expansions": expansions, "edge_kinds": edge_kinds, "inner_kinds": inner_kinds })
    }

    /// `GET /api/tiles/file?file=…`: one file's tiles with pictures, features
    /// and each tile's TOML block.
    pub fn file(&self, file: &str) -> Result<Value, Failure> {
        let (source, text) = self.read(file)?;
        let mut set = tile_edit::validate(&source, &text, &self.catalog).map_err(Failure::edit)?;
        let pictures = self.pictures(&source, &mut set);
        let tiles = tiles_json(&set, &text, &tile_blocks(&text), &self.catalog, &Cancel::default())?;
        let editable = self.is_editable(file);
        let note = match (editable, self.memory.is_some()) {
            (true, _) => Value::Null,
            (false, false) => json!(
                "this set is the server's built-in copy: there is no file in the tile directory to write, so it is read-only"
            ),
            (false, true) => json!(
                "this set is built in, so it is read-only here: edit it and download the working copy, or start a set of your own"
            ),
        };
        Ok(json!({
            "ok": true,
            "file": file,
            "source": source,
            "text": text,
            "version": version_of(&text),
            "notices": ([self.clashes(&source, &set, &Cancel::default())?, pictures].concat()),
            "set": set.id,
            "name": set.name,
            "uses": uses_of(&set),
            "art": art_holder(&set),
            "editable": editable,
            "note": note,
            "tiles": tiles,
        }))
    }

    /// `POST /api/tiles/preview`: the edited tile as it would be, or the
    /// diagnostics; nothing is written.
    pub fn preview(&self, edit: &TileEdit) -> Result<Value, Failure> {
        one_tile(edit)?;
        let (source, text) = self.read(&edit.file)?;
        let edited = apply(&text, edit).map_err(Failure::edit)?;
        let set = tile_edit::validate(&source, &edited, &self.catalog).map_err(Failure::edit)?;
        Ok(self.answer(&set, &edited, edit))
    }

    /// `POST /api/tiles/save`: the same edit written to the file (validated,
    /// atomically); on any error the file is unchanged.
    pub fn save(&self, edit: &TileEdit) -> Result<Value, Failure> {
        one_tile(edit)?;
        let (source, text) = self.read(&edit.file)?;
        if self.in_memory_text(&edit.file).is_some() {
            let edited = apply(&text, edit).map_err(Failure::edit)?;
            let set = tile_edit::validate(&source, &edited, &self.catalog).map_err(Failure::edit)?;
            self.keep(&edit.file, edited.clone());
            let mut answer = self.answer(&set, &edited, edit);
            answer["saved"] = json!(edit.file);
            return Ok(answer);
        }
        let path = self.writable(&edit.file)?;
        let set = tile_edit::edit_file(&path, &self.catalog, |text| apply(text, edit)).map_err(Failure::edit)?;
        let text =
            carcassonne_core::read_text_file(&path, carcassonne_core::text_file::MAX_TILE_FILE_BYTES, "tile file")
                .map_err(|e| Failure::new(500, e.to_string()))?;
        let mut answer = self.answer(&set, &text, edit);
        answer["saved"] = json!(path.display().to_string());
        Ok(answer)
    }

    /// Keeps `text` as the in-memory set `file`.
    fn keep(&self, file: &str, text: String) {
        if let Some(memory) = &self.memory {
            memory
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(file.to_string(), text);
        }
    }

    /// The file on disk for `file`, or the refusal for a built-in set.
    fn writable(&self, file: &str) -> Result<PathBuf, Failure> {
        if self.memory.is_some() {
            return Err(Failure::new(
                409,
                format!("`{file}` is built in, so it cannot be saved here; download the working copy instead"),
            ));
        }
        self.disk_path(file).ok_or_else(|| {
            Failure::new(
                409,
                format!(
                    "`{file}` is the server's built-in copy, not a file in the tile directory, so it cannot be saved; \
                     start the server with --tiles DIR holding a copy"
                ),
            )
        })
    }

    fn answer(&self, set: &TileSet, text: &str, edit: &TileEdit) -> Value {
        let blocks = tile_blocks(text);
        let block = |id: &str| blocks.iter().find(|(b, _)| b == id).map(|(_, r)| &text[r.clone()]);
        // A TOML edit may rename the tile: find it by its new id.
        let id = edit
            .toml
            .as_deref()
            .and_then(block_id)
            .unwrap_or_else(|| edit.id.clone());
        let tile = set
            .tiles
            .iter()
            .position(|t| t.id == id)
            .map(|i| tile_json(set, i, block(&id), &self.catalog, Art::Inline));
        json!({ "ok": true, "set": set.id, "tile": tile })
    }
}

/// An edit's TOML replaces one tile's block, so it holds exactly one
/// `[[tile]]`: a request cannot smuggle in thousands of tiles to check.
pub(crate) fn one_tile(edit: &TileEdit) -> Result<(), Failure> {
    let Some(block) = &edit.toml else {
        return Ok(());
    };
    let tiles = block.lines().filter(|l| l.trim_start().starts_with("[[tile]]")).count();
    if tiles == 1 {
        Ok(())
    } else {
        Err(Failure::new(
            422,
            format!(
                "the edited text replaces tile `{}`'s block, so it holds exactly one [[tile]]; it holds {tiles}",
                edit.id
            ),
        ))
    }
}

/// The JSON for tile `i` of `set`: picture (its attribute badges worded
/// from `catalog`'s declarations), features, count and TOML block.
pub(crate) fn tile_json(set: &TileSet, i: usize, block: Option<&str>, catalog: &Catalog, art: Art) -> Value {
    let def = &set.tiles[i];
    let tile = TileType::new(i as u16, &set.id, def.clone(), catalog.landscape());
    // The features as the picture needs them: segments by name, cities by index.
    let parts: Vec<Value> = def
        .features
        .iter()
        .map(|f| {
            json!({
                "kind": catalog.landscape().feature_name(f.kind),
                "segments": f.segments.iter().map(|s| s.name()).collect::<Vec<_>>(),
                "pennants": f.pennants,
                "cities": f.touches,
                "name": f.name,
                "attributes": f.attributes,
            })
        })
        .collect();
    json!({
        "id": def.id,
        "name": def.name,
        "count": def.count,
        "edges": block.and_then(block_edges),
        "features": describe_features(&tile),
        "parts": parts,
        "attributes": def.attributes,
        "svg": match art {
            Art::Inline => tile_svg_in(&tile, Rotation::NONE, &Glossary::of_catalog(catalog)),
            Art::Reference => tile_svg_referring(&tile, Rotation::NONE, &Glossary::of_catalog(catalog)),
        },
        "toml": block,
    })
}

/// Every tile of `set` as [`tile_json`] gives it, each with its block of
/// `text` (`blocks`, from [`tile_blocks`]) found by id in one pass:
/// linear in the tiles. Stops when `cancel` says the request is gone.
pub(crate) fn tiles_json(
    set: &TileSet,
    text: &str,
    blocks: &[(String, Range<usize>)],
    catalog: &Catalog,
    cancel: &Cancel,
) -> Result<Vec<Value>, Failure> {
    let by_id: std::collections::HashMap<&str, &Range<usize>> =
        blocks.iter().rev().map(|(id, r)| (id.as_str(), r)).collect();
    set.tiles
        .iter()
        .enumerate()
        .map(|(i, def)| {
            cancel.check()?;
            let block = by_id.get(def.id.as_str()).map(|r| &text[(*r).clone()]);
            Ok(tile_json(set, i, block, catalog, Art::Reference))
        })
        .collect()
}

/// Tells an editor job that its request is gone (it took longer than the
/// request time limit, or the client left), so that the job stops at its
/// next step instead of running on for nobody: the request holds a
/// [`CancelOnDrop`] of it.
#[derive(Clone, Debug, Default)]
pub struct Cancel(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Cancel {
    /// Whether the job should stop.
    pub fn cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Stops the job at its next step.
    pub fn cancel(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// An error (nobody reads it) once cancelled.
    pub(crate) fn check(&self) -> Result<(), Failure> {
        if self.cancelled() {
            return Err(Failure::new(
                408,
                "the edit took longer than a request may and was stopped; make the file smaller",
            ));
        }
        Ok(())
    }
}

/// Cancels its [`Cancel`] when dropped: held by the request for as long as
/// it waits for its job.
pub struct CancelOnDrop(pub Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// An SVG that shows nothing and holds each tile picture of `set` once
/// (`<defs>`), for the page to put in once: the tiles' pictures of a
/// listing refer to them ([`Art::Reference`]), so a picture many tiles
/// share is sent once. Empty when no tile has one.
pub(crate) fn art_holder(set: &TileSet) -> String {
    let defs = art_defs(
        set.tiles
            .iter()
            .filter_map(|t| t.art.as_ref().and_then(|a| a.svg.as_deref())),
    );
    if defs.is_empty() {
        return defs;
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true">{defs}</svg>"#
    )
}

/// The `[[tile]]` blocks of `text` with their ids: from the header to the
/// line before the next top-level header, without the trailing blank and
/// comment lines (those introduce the next table, and `toml_edit` keeps
/// them with it).
pub fn tile_blocks(text: &str) -> Vec<(String, Range<usize>)> {
    let mut lines = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        lines.push((at, line));
        at += line.len();
    }
    let header = |l: &str| l.trim_start().starts_with('[');
    let own = |l: &str| {
        let t = l.trim_start();
        t.starts_with("[tile.") || t.starts_with("[[tile.")
    };
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].1.trim_start().starts_with("[[tile]]") {
            let start = lines[i].0;
            let mut j = i + 1;
            while j < lines.len() && (!header(lines[j].1) || own(lines[j].1)) {
                j += 1;
            }
            let mut end = j;
            while end > i + 1 {
                let t = lines[end - 1].1.trim();
                if t.is_empty() || t.starts_with('#') {
                    end -= 1;
                } else {
                    break;
                }
            }
            let stop = lines.get(end).map_or(text.len(), |l| l.0);
            if let Some(id) = block_id(&text[start..stop]) {
                blocks.push((id, start..stop));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    blocks
}

/// The id of the (first) tile in a `[[tile]]` block.
pub(crate) fn block_id(block: &str) -> Option<String> {
    first_tile(block)?.get("id")?.as_str().map(str::to_string)
}

/// The edges string of the (first) tile in a block.
fn block_edges(block: &str) -> Option<String> {
    first_tile(block)?.get("edges")?.as_str().map(str::to_string)
}

fn first_tile(block: &str) -> Option<toml::Table> {
    let value: toml::Table = toml::from_str(block).ok()?;
    match value.get("tile")? {
        toml::Value::Array(a) => a.first()?.as_table().cloned(),
        _ => None,
    }
}

/// `text` with `edit` applied (not yet checked by the loader).
pub fn apply(text: &str, edit: &TileEdit) -> Result<String, EditError> {
    let mut text = text.to_string();
    let mut id = edit.id.clone();
    if let Some(block) = &edit.toml {
        let range = tile_blocks(&text)
            .into_iter()
            .find(|(i, _)| *i == edit.id)
            .map(|(_, r)| r)
            .ok_or_else(|| unknown(&text, &edit.id))?;
        let mut block = block.clone();
        if !block.ends_with('\n') {
            block.push('\n');
        }
        // Keep the blank line that separated it from the next table.
        if range.end < text.len() && !block.ends_with("\n\n") && text[..range.end].ends_with("\n\n") {
            block.push('\n');
        }
        text.replace_range(range, &block);
        if let Some(new) = block_id(&block) {
            id = new;
        }
    }
    if let Some(edges) = &edit.edges {
        let kinds = tile_edit::parse_edges(edges)?;
        let letters: String = edges.chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
        let mut doc: DocumentMut = text
            .parse()
            .map_err(|e: toml_edit::TomlError| EditError::Syntax(e.to_string()))?;
        let table = tile_table(&mut doc, &id).ok_or_else(|| unknown(&text, &id))?;
        set_value(table, "edges", toml_edit::Value::from(letters.to_uppercase()));
        if edit.relayout {
            let cloister = table.get("features").and_then(Item::as_array).is_some_and(|a| {
                a.iter().any(|f| {
                    f.as_inline_table().and_then(|t| t.get("kind")).and_then(|k| k.as_str())
                        == Some(&FeatureKind::CLOISTER.to_string())
                })
            });
            let fresh = tile_edit::tile_toml(&NewTile {
                id: id.clone(),
                edges: kinds,
                count: 1,
                cloister,
                name: None,
                attributes: Vec::new(),
            })?;
            let fresh: DocumentMut = fresh
                .parse()
                .map_err(|e: toml_edit::TomlError| EditError::Syntax(e.to_string()))?;
            if let Some(features) = fresh["tile"]
                .as_array_of_tables()
                .and_then(|a| a.get(0))
                .and_then(|t| t.get("features"))
            {
                table.insert("features", features.clone());
            }
        }
        text = doc.to_string();
    }
    if let Some(count) = edit.count {
        text = tile_edit::set_count(&text, &id, count)?;
    }
    Ok(text)
}

fn unknown(text: &str, id: &str) -> EditError {
    EditError::UnknownTile {
        id: id.to_string(),
        known: tile_blocks(text)
            .into_iter()
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn tile_table<'d>(doc: &'d mut DocumentMut, id: &str) -> Option<&'d mut toml_edit::Table> {
    doc.get_mut("tile")?
        .as_array_of_tables_mut()?
        .iter_mut()
        .find(|t| t.get("id").and_then(Item::as_str) == Some(id))
}

/// Sets `key` keeping the value's surrounding whitespace and comment.
fn set_value(table: &mut toml_edit::Table, key: &str, value: toml_edit::Value) {
    match table.get_mut(key).and_then(Item::as_value_mut) {
        Some(old) => {
            let decor = old.decor().clone();
            *old = value;
            *old.decor_mut() = decor;
        }
        None => {
            table.insert(key, Item::Value(value));
        }
    }
}

/// The expansions whose attributes the tiles of `set` carry, by id: a game
/// with the set needs them on for those attributes to count (the lobby
/// and the editor's "Try it" switch them on).
fn uses_of(set: &carcassonne_core::tiles::TileSet) -> Vec<String> {
    let ids: std::collections::BTreeSet<&String> = set
        .tiles
        .iter()
        .flat_map(|t| {
            t.attributes
                .keys()
                .chain(t.features.iter().flat_map(|f| f.attributes.keys()))
        })
        .collect();
    ids.into_iter().cloned().collect()
}
