//! The page's working copy of a tile file: every change (a click on the
//! picture, a form field, a new, duplicated or deleted tile, a typed TOML
//! block) is made by the editor on the text the page sends and answered
//! with the new text, the loader's verdict and every tile's picture, so the
//! page can keep its own undo history and save the whole text once.

use super::{Cancel, Editor, Failure, block_id, tile_blocks, tiles_json};
use carcassonne_core::text_file::MAX_TILE_FILE_BYTES;
use carcassonne_core::tiles::TileSet;
use carcassonne_setup::tile_edit::{self, EditError, PictureEdit};
use serde::Deserialize;
use serde_json::{Value, json};

/// Largest request body of the editor's text routes: the page sends the
/// whole file. The shipped files are at most about 30 KiB; a larger file is
/// edited with `carcassonne tiles …` or by hand.
pub const EDITOR_BODY_LIMIT: usize = 2 << 20;

/// What to do to the working copy.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// Only check the text (after an undo or redo).
    Check,
    /// An edit on tile `id`'s picture (`picture`).
    Picture,
    /// Replace tile `id`'s `[[tile]]` block with `toml`.
    Toml,
    /// Append a blank tile (four field sides, one field).
    NewTile,
    /// Append a copy of tile `id`.
    Duplicate,
    /// Remove tile `id`.
    Delete,
    /// Give tile `id` the id `new_id`.
    Rename,
}

/// One change to the working copy, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkingEdit {
    /// The file name, as in the listing.
    pub file: String,
    /// The working copy's whole text.
    pub text: String,
    /// What to do.
    pub op: Op,
    /// The tile the change is about.
    #[serde(default)]
    pub id: Option<String>,
    /// With `picture`: the edit.
    #[serde(default)]
    pub picture: Option<PictureEdit>,
    /// With `toml`: the new block.
    #[serde(default)]
    pub toml: Option<String>,
    /// With `rename`: the tile's new id.
    #[serde(default)]
    pub new_id: Option<String>,
    /// The hot-seat token, needed from a non-loopback address.
    #[serde(default)]
    pub token: Option<String>,
}

/// Saving the working copy.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkingSave {
    /// The file name.
    pub file: String,
    /// The text to write.
    pub text: String,
    /// The `version` of the file the page read: saving over a file that has
    /// changed on disk since is refused.
    pub version: String,
    /// The hot-seat token, needed from a non-loopback address.
    #[serde(default)]
    pub token: Option<String>,
}

/// A new tile file in the tile directory.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSet {
    /// File name, `NAME.toml`.
    pub file: String,
    /// The set's id (kebab-case).
    pub id: String,
    /// The set's name for people.
    pub name: String,
    /// The hot-seat token, needed from a non-loopback address.
    #[serde(default)]
    pub token: Option<String>,
}

/// A 64-bit FNV-1a digest of `text`: what the page read, to notice a file
/// changed on disk before saving over it.
pub fn version_of(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn too_large(text: &str) -> Result<(), Failure> {
    if text.len() as u64 > MAX_TILE_FILE_BYTES {
        return Err(Failure::new(
            413,
            format!(
                "the text is {} bytes; a tile file has at most {MAX_TILE_FILE_BYTES}",
                text.len()
            ),
        ));
    }
    Ok(())
}

fn needs<'a, T>(value: &'a Option<T>, what: &str, op: &str) -> Result<&'a T, Failure> {
    value
        .as_ref()
        .ok_or_else(|| Failure::new(422, format!("`{op}` needs `{what}`")))
}

/// Where a loader diagnostic points on the picture: the tile, and within
/// it the feature and the segment its text names, when it points there.
/// `blocks` are the text's tile blocks in order ([`tile_blocks`]), found by
/// a binary search: each diagnostic costs its own tile's block, not the
/// whole file's.
fn locate(text: &str, blocks: &[(String, std::ops::Range<usize>)], span: &std::ops::Range<usize>) -> Value {
    let after = blocks.partition_point(|(_, r)| r.start <= span.start);
    let Some((id, range)) = after
        .checked_sub(1)
        .and_then(|k| blocks.get(k))
        .filter(|(_, r)| r.contains(&span.start))
    else {
        return json!({});
    };
    let block = &text[range.clone()];
    let at = span.start - range.start;
    let Ok(doc) = toml_edit::Document::parse(block) else {
        return json!({ "tile": id });
    };
    let features = doc
        .get("tile")
        .and_then(|t| t.as_array_of_tables())
        .and_then(|a| a.get(0))
        .and_then(|t| t.get("features"))
        .and_then(|f| f.as_array());
    let mut out = json!({ "tile": id });
    for (i, f) in features.into_iter().flat_map(|a| a.iter()).enumerate() {
        if !f.span().is_some_and(|r| r.contains(&at)) {
            continue;
        }
        out["feature"] = json!(i);
        let names = f
            .as_inline_table()
            .and_then(|t| t.get("edges"))
            .and_then(|e| e.as_array());
        for name in names.into_iter().flat_map(|a| a.iter()) {
            if name.span().is_some_and(|r| r.contains(&at)) {
                out["segment"] = json!(name.as_str());
            }
        }
    }
    out
}

impl Editor {
    /// `POST /api/tiles/edit`: `edit` made to the working copy it carries;
    /// nothing is written. Answers the new text, whether it loads (with the
    /// loader's diagnostics, each placed on its tile, feature and segment)
    /// and, when it loads, every tile's picture. A change that cannot be
    /// made at all (an unknown tile, a road segment joining a city) is
    /// refused with 422 and the text is unchanged.
    pub fn edit(&self, edit: &WorkingEdit) -> Result<Value, Failure> {
        self.edit_until(edit, &Cancel::default())
    }

    /// [`Editor::edit`], stopped (with an error nobody reads) once `cancel`
    /// says its request is gone. Linear in the file's tiles.
    pub fn edit_until(&self, edit: &WorkingEdit, cancel: &Cancel) -> Result<Value, Failure> {
        too_large(&edit.text)?;
        let (source, _) = self.read(&edit.file)?;
        let op = format!("{:?}", edit.op).to_lowercase();
        let mut selected = edit.id.clone();
        let text = match edit.op {
            Op::Check => edit.text.clone(),
            Op::Picture => {
                let id = needs(&edit.id, "id", &op)?;
                let picture = needs(&edit.picture, "picture", &op)?;
                tile_edit::edit_tile(&source, &edit.text, &self.catalog, id, picture).map_err(Failure::edit)?
            }
            Op::Toml => {
                let id = needs(&edit.id, "id", &op)?;
                let toml = needs(&edit.toml, "toml", &op)?;
                let tile = super::TileEdit {
                    file: edit.file.clone(),
                    id: id.clone(),
                    toml: Some(toml.clone()),
                    edges: None,
                    relayout: false,
                    count: None,
                    token: None,
                };
                super::one_tile(&tile)?;
                selected = block_id(toml).or(selected);
                super::apply(&edit.text, &tile).map_err(Failure::edit)?
            }
            Op::NewTile => {
                let stem = tile_edit::id_stem(&tile_edit::set_id(&edit.text).unwrap_or_default());
                let id = tile_edit::free_id(&edit.text, &stem).map_err(Failure::edit)?;
                selected = Some(id.clone());
                tile_edit::add_blank(&edit.text, &id).map_err(Failure::edit)?
            }
            Op::Duplicate => {
                let id = needs(&edit.id, "id", &op)?;
                // A copy of `T-2` is `T-3`, not `T-2-2`.
                let stem = match id.rsplit_once('-') {
                    Some((stem, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => stem,
                    _ => id.as_str(),
                };
                let new = tile_edit::free_id(&edit.text, stem).map_err(Failure::edit)?;
                selected = Some(new.clone());
                tile_edit::duplicate(&edit.text, id, &new).map_err(Failure::edit)?
            }
            Op::Delete => {
                let id = needs(&edit.id, "id", &op)?;
                selected = None;
                tile_edit::remove(&edit.text, id).map_err(Failure::edit)?
            }
            Op::Rename => {
                let id = needs(&edit.id, "id", &op)?;
                let new = needs(&edit.new_id, "new_id", &op)?.trim();
                if new.is_empty() || new.chars().any(char::is_control) {
                    return Err(Failure::new(422, "a tile id is one line of text, not empty"));
                }
                if let Some((c, name)) = carcassonne_core::direction_control(new) {
                    return Err(Failure::new(
                        422,
                        format!(
                            "a tile id cannot hold U+{:04X} ({name}), which changes how the text around it is shown",
                            u32::from(c)
                        ),
                    ));
                }
                selected = Some(new.to_string());
                tile_edit::rename(&edit.text, id, new).map_err(Failure::edit)?
            }
        };
        too_large(&text)?;
        cancel.check()?;
        self.verdict(&source, text, selected, cancel)
    }

    /// The answer for a working copy: text, validity, placed diagnostics,
    /// and the tiles when it loads.
    fn verdict(&self, source: &str, text: String, selected: Option<String>, cancel: &Cancel) -> Result<Value, Failure> {
        let blocks = tile_blocks(&text);
        let mut answer = self.judge(source, &text, &blocks, cancel)?;
        answer["selected"] = json!(selected);
        let by_id: serde_json::Map<String, Value> = blocks
            .iter()
            .map(|(id, range)| (id.clone(), json!(text[range.clone()].to_string())))
            .collect();
        answer["blocks"] = Value::Object(by_id);
        answer["text"] = json!(text);
        Ok(answer)
    }

    fn judge(
        &self,
        source: &str,
        text: &str,
        blocks: &[(String, std::ops::Range<usize>)],
        cancel: &Cancel,
    ) -> Result<Value, Failure> {
        Ok(match tile_edit::validate(source, text, &self.catalog) {
            Ok(mut set) => {
                cancel.check()?;
                let notices = [self.clashes(source, &set, cancel)?, self.pictures(source, &mut set)].concat();
                json!({
                    "ok": true,
                    "valid": true,
                    "notices": notices,
                    "set": set.id,
                    "name": set.name,
                    "tiles": tiles_json(&set, text, blocks, &self.catalog, cancel)?,
                    "art": super::art_holder(&set),
                    "diagnostics": [],
                    "text": text,
                })
            }
            Err(EditError::Invalid { diagnostics, .. }) => {
                let placed = diagnostics
                    .0
                    .iter()
                    .map(|d| {
                        cancel.check()?;
                        let mut v = locate(text, blocks, &d.span);
                        v["line"] = json!(d.line);
                        v["column"] = json!(d.column);
                        v["message"] = json!(d.message);
                        Ok(v)
                    })
                    .collect::<Result<Vec<Value>, Failure>>()?;
                json!({
                    "ok": true,
                    "valid": false,
                    "tiles": Value::Null,
                    "diagnostics": placed,
                    "text": text,
                })
            }
            Err(e) => json!({
                "ok": true,
                "valid": false,
                "tiles": Value::Null,
                "diagnostics": [{ "line": 1, "column": 1, "message": e.to_string() }],
                "text": text,
            }),
        })
    }

    /// Tile ids of `set` that another known tile file uses too: a game
    /// with both sets refuses them, so the page says so while editing.
    /// Reads the tiles' own pictures (`art`) of `set`, read from `source`,
    /// as a game reads them (beside the file, or built in with an
    /// expansion's copy), so the page shows them; what cannot be read comes
    /// back as notices (a game would refuse the file).
    pub(crate) fn pictures(&self, source: &str, set: &mut TileSet) -> Vec<String> {
        let name = std::path::Path::new(source)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let built_in = self
            .catalog
            .all()
            .iter()
            .flat_map(|e| e.tile_files.iter())
            .find(|f| f.file_name == name)
            .map_or(&[][..], |f| f.art);
        carcassonne_core::rules::read_art(set, source, built_in)
            .into_iter()
            .map(|e| e.to_string())
            .collect()
    }

    pub(crate) fn clashes(&self, source: &str, set: &TileSet, cancel: &Cancel) -> Result<Vec<String>, Failure> {
        let mut notices = Vec::new();
        for (file, embedded) in self.files() {
            cancel.check()?;
            let Ok((other_source, text)) = self.tiles.read(&file, embedded) else {
                continue;
            };
            if other_source == source {
                continue;
            }
            let Ok(other) = tile_edit::validate(&other_source, &text, &self.catalog) else {
                continue;
            };
            if other.id == set.id {
                continue;
            }
            let theirs: std::collections::HashSet<&str> = other.tiles.iter().map(|t| t.id.as_str()).collect();
            for t in set.tiles.iter().filter(|t| theirs.contains(t.id.as_str())) {
                notices.push(format!(
                    "tile id `{}` is also in set `{}` ({file}): a game with both sets refuses them; rename one",
                    t.id, other.id
                ));
            }
        }
        Ok(notices)
    }

    /// `POST /api/tiles/write`: the working copy written over the file,
    /// when it loads and the file is still the one the page read (atomic,
    /// like every save); on any refusal the file is unchanged.
    pub fn write(&self, save: &WorkingSave) -> Result<Value, Failure> {
        too_large(&save.text)?;
        let (source, current) = self.read(&save.file)?;
        if self.in_memory_text(&save.file).is_some() {
            if version_of(&current) != save.version {
                return Err(Failure::new(
                    409,
                    EditError::ChangedOnDisk(save.file.clone()).to_string(),
                ));
            }
            let set = tile_edit::validate(&source, &save.text, &self.catalog).map_err(Failure::edit)?;
            self.keep(&save.file, save.text.clone());
            return Ok(json!({
                "ok": true,
                "saved": save.file,
                "set": set.id,
                "version": version_of(&save.text),
            }));
        }
        let path = self.writable(&save.file)?;
        let shown = path.display().to_string();
        let set = tile_edit::edit_file(&path, &self.catalog, |current| {
            if version_of(current) == save.version {
                Ok(save.text.clone())
            } else {
                Err(EditError::ChangedOnDisk(shown.clone()))
            }
        })
        .map_err(|e| match e {
            EditError::ChangedOnDisk(_) => Failure::new(409, e.to_string()),
            other => Failure::edit(other),
        })?;
        Ok(json!({
            "ok": true,
            "saved": shown,
            "set": set.id,
            "version": version_of(&save.text),
        }))
    }

    /// `POST /api/tiles/new-set`: a new tile file in the tile directory
    /// holding the `[set]` table and one blank tile.
    pub fn new_set(&self, new: &NewSet) -> Result<Value, Failure> {
        let dir = self.tiles.dir.as_ref();
        if dir.is_none() && self.memory.is_none() {
            return Err(Failure::new(
                409,
                "the server has no tile directory to write a new set into; start it with --tiles DIR",
            ));
        }
        let stem = new.file.strip_suffix(".toml").unwrap_or("");
        // A name the file system takes: one of 255 bytes is refused by it,
        // which would answer 500 for a mistake of the request.
        if stem.len() > MAX_FILE_STEM {
            return Err(Failure::new(
                422,
                format!(
                    "file name of {} characters: give NAME.toml with at most {MAX_FILE_STEM} characters before `.toml`",
                    stem.chars().count()
                ),
            ));
        }
        if stem.is_empty()
            || !stem
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        {
            return Err(Failure::new(
                422,
                format!(
                    "file name `{}`: give NAME.toml with lower-case letters, digits, - and _ (the file goes in the tile directory)",
                    new.file
                ),
            ));
        }
        if self.files().iter().any(|(name, _)| *name == new.file) || dir.is_some_and(|d| d.join(&new.file).exists()) {
            return Err(Failure::new(
                409,
                format!("there is a tile file `{}` already", new.file),
            ));
        }
        let text = tile_edit::new_set(&new.id, &new.name);
        let set = tile_edit::validate(&new.file, &text, &self.catalog).map_err(Failure::edit)?;
        if self.list()["files"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|f| f["set"] == json!(set.id))
        {
            return Err(Failure::new(
                409,
                format!(
                    "a set `{}` exists already; set ids are unique among the loaded sets",
                    set.id
                ),
            ));
        }
        let Some(dir) = dir else {
            // An editor in memory keeps it; the page stores it.
            self.keep(&new.file, text);
            return Ok(json!({ "ok": true, "file": new.file, "set": set.id, "saved": new.file }));
        };
        let path = dir.join(&new.file);
        // create_new: never over a file that appeared meanwhile.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| Failure::new(500, format!("{}: {e}", path.display())))?;
        let written = carcassonne_setup::safe_file::write_all_to(&mut file, &path, text.as_bytes())
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            // The file is this request's own: gone again, a retry can make it.
            drop(file);
            let _ = std::fs::remove_file(&path);
            let status = if e.kind() == std::io::ErrorKind::StorageFull {
                503
            } else {
                500
            };
            return Err(Failure::new(
                status,
                format!(
                    "{}: {e}; nothing was kept, try again once there is room",
                    path.display()
                ),
            ));
        }
        Ok(json!({ "ok": true, "file": new.file, "set": set.id, "saved": path.display().to_string() }))
    }
}

/// The longest name a new tile file may have before `.toml`.
const MAX_FILE_STEM: usize = 100;
