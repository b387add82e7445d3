//! Marks an expansion prints on another set's tiles: a well drawn on an
//! Abbey & Mayor tile, a crater on a base tile. The marked set's file stays
//! as it is (players without the marking expansion play it unchanged); the
//! expansion ships a marks file naming the set's tiles and adding its own
//! attribute tables to them and to their features, which a game applies
//! while the expansion's rules are on and the set's tiles are in play.
//!
//! ```toml
//! [marks]
//! set = "other-set"                # the set whose tiles these mark
//!
//! [[tile]]
//! id = "OS-C"                      # a tile of that set
//! my-expansion = { well = true }   # the expansion's own table, as in a tile file
//!
//! [[tile]]
//! id = "OS-F"
//! features = [{ feature = "road:E", my-expansion = { well = true } }]  # a feature, by its stable name
//!
//! [[tile]]
//! id = "OS-G"
//! add = [{ kind = "garden" }]      # a feature of the expansion's own kind, inside the tile
//! ```
//!
//! A feature a marks file adds lies inside the tile (a kind whose shape is
//! `Inner`, covering no edge: a garden drawn on another set's tile) and is
//! of a kind its expansion declares; it follows the tile's own features,
//! so their indices and names stay as they are.
//!
//! Reading checks the form and the expansion's schema for tile tables;
//! applying to the set checks that each tile and feature exists, the
//! schema of feature tables for the feature's kind, and that the tile does
//! not already carry the expansion's table. Every problem names the file,
//! line and column.

use super::load::{Node, Reader};
use super::{AttributeCheck, Landscape, TileSet};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::geometry::Rotation;
use std::ops::Range;
use toml::de::DeValue;

/// A marks file read: what one expansion adds to the tiles of one set.
#[derive(Clone, Debug, PartialEq)]
pub struct TileMarks {
    /// Where it was read from (messages name it).
    pub file: String,
    /// The expansion whose tables it adds.
    pub owner: String,
    /// The id of the set whose tiles it marks.
    pub set: String,
    /// The marked tiles, in file order.
    pub tiles: Vec<TileMark>,
}

/// What a marks file adds to one tile.
#[derive(Clone, Debug, PartialEq)]
pub struct TileMark {
    /// The marked tile's id in its set.
    pub id: String,
    /// The expansion's table on the tile, if any.
    pub table: Option<toml::Value>,
    /// The expansion's tables on features of the tile: the feature's stable
    /// name (as on the unturned tile: `road:E`, `cloister`, a feature's
    /// `name`) and the table.
    pub features: Vec<(String, toml::Value)>,
    /// The features the expansion adds inside the tile (`add`), in file
    /// order, each after the tile's own.
    pub added: Vec<AddedFeature>,
    /// Where the tile's `id` and each feature's name stand, for problems
    /// found when the marks meet the set.
    at: Place,
    feature_places: Vec<Place>,
}

/// A feature a marks file adds inside a marked tile (`add = [{ kind =
/// "garden" }]`).
#[derive(Clone, Debug, PartialEq)]
pub struct AddedFeature {
    /// Its kind's name: one the expansion declares, covering no edge.
    pub kind: String,
    /// Its optional `name`, as in a tile file.
    pub name: Option<String>,
    /// The expansion's table on it, if any.
    pub table: Option<toml::Value>,
    /// Where its `kind` stands.
    at: Place,
}

/// A place in a marks file, kept for problems found after reading.
#[derive(Clone, Debug, PartialEq)]
struct Place {
    line: usize,
    column: usize,
    span: Range<usize>,
}

/// Reads the marks file `source` (the text of `file`) of expansion `owner`,
/// checking its tile tables with `attributes`. Every problem is reported,
/// each located.
pub fn parse_tile_marks(
    file: &str,
    source: &str,
    owner: &str,
    attributes: &dyn AttributeCheck,
) -> Result<TileMarks, Diagnostics> {
    let (doc, mut reader) = Reader::new(file, source, attributes);
    let mut marks = TileMarks {
        file: file.to_string(),
        owner: owner.to_string(),
        set: String::new(),
        tiles: Vec::new(),
    };
    let mut saw_marks = false;
    for (key, value) in doc.get_ref().iter() {
        match key.get_ref().as_ref() {
            "marks" => {
                saw_marks = true;
                let Some(table) = reader.table(value, "`marks`") else {
                    continue;
                };
                for (k, v) in table.iter() {
                    match k.get_ref().as_ref() {
                        "set" => marks.set = reader.string(v, "`marks.set`").unwrap_or_default(),
                        other => reader.error(
                            k.span(),
                            format!("unknown key `{other}` in `[marks]`; it has `set`, the id of the marked set"),
                        ),
                    }
                }
                if !table.iter().any(|(k, _)| k.get_ref() == "set") {
                    reader.error(
                        value.span(),
                        "`[marks]` has no `set` (the id of the set whose tiles it marks)",
                    );
                }
            }
            "tile" => {
                let DeValue::Array(items) = value.get_ref() else {
                    reader.error(value.span(), "`tile` must be an array of tables (`[[tile]]`)");
                    continue;
                };
                for item in items.iter() {
                    if let Some(mark) = tile_mark(&mut reader, item, owner) {
                        if let Some(first) = marks.tiles.iter().find(|t| t.id == mark.id) {
                            let message =
                                format!("tile `{}` is marked twice (first on line {})", mark.id, first.at.line);
                            reader.error(mark.at.span.clone(), message);
                        }
                        marks.tiles.push(mark);
                    }
                }
            }
            other => reader.error(
                key.span(),
                format!("unknown key `{other}`; a marks file has `[marks]` and `[[tile]]`"),
            ),
        }
    }
    if !saw_marks {
        reader.error(
            0..0,
            "missing `[marks]` table with the `set` whose tiles the file marks",
        );
    }
    reader.finish(marks)
}

fn place(reader: &Reader<'_>, span: Range<usize>) -> Place {
    let line = reader.line_of(span.start);
    let column = reader.column_of(span.start);
    Place { line, column, span }
}

fn tile_mark(reader: &mut Reader<'_>, item: &Node<'_>, owner: &str) -> Option<TileMark> {
    let table = reader.table(item, "each `[[tile]]`")?;
    let mut id = None;
    let mut tile_table = None;
    let mut features = Vec::new();
    let mut feature_places = Vec::new();
    let mut added = Vec::new();
    let mut id_span = item.span();
    for (k, v) in table.iter() {
        match k.get_ref().as_ref() {
            "id" => {
                id_span = v.span();
                id = reader.string(v, "tile `id`");
            }
            "features" => {
                let DeValue::Array(list) = v.get_ref() else {
                    reader.error(
                        v.span(),
                        "`features` must be an array of tables (`[{ feature = \"road:E\", … }]`)",
                    );
                    continue;
                };
                for f in list.iter() {
                    if let Some((name, table, at)) = feature_mark(reader, f, owner) {
                        features.push((name, table));
                        feature_places.push(at);
                    }
                }
            }
            "add" => {
                let DeValue::Array(list) = v.get_ref() else {
                    reader.error(v.span(), "`add` must be an array of tables (`[{ kind = \"garden\" }]`)");
                    continue;
                };
                for f in list.iter() {
                    if let Some(feature) = added_feature(reader, f, owner) {
                        added.push(feature);
                    }
                }
            }
            name if name == owner => {
                let checked = reader.attributes(&[(k, v)], None, "tile");
                tile_table = checked.get(owner).cloned();
            }
            other => reader.error(
                k.span(),
                format!(
                    "unknown key `{other}` in a marked tile; a marks file of `{owner}` gives a tile its `id`, \
                     `{owner}`'s table, `features` and `add`"
                ),
            ),
        }
    }
    let Some(id) = id else {
        if !table.iter().any(|(k, _)| k.get_ref() == "id") {
            reader.error(item.span(), "a marked tile has no `id` (the tile of the marked set)");
        }
        return None;
    };
    if tile_table.is_none()
        && features.is_empty()
        && added.is_empty()
        && !table.iter().any(|(k, _)| k.get_ref() == owner || k.get_ref() == "add")
    {
        reader.error(
            id_span.clone(),
            format!("tile `{id}` is marked with nothing: give it a `{owner}` table, `features` or `add`"),
        );
    }
    Some(TileMark {
        id,
        table: tile_table,
        features,
        added,
        at: place(reader, id_span),
        feature_places,
    })
}

fn added_feature(reader: &mut Reader<'_>, node: &Node<'_>, owner: &str) -> Option<AddedFeature> {
    let table = reader.table(node, "each of `add`")?;
    let (mut kind, mut name, mut value) = (None, None, None);
    let mut kind_span = node.span();
    for (k, v) in table.iter() {
        match k.get_ref().as_ref() {
            "kind" => {
                kind_span = v.span();
                kind = reader.string(v, "`kind`");
            }
            "name" => name = reader.string(v, "`name`"),
            n if n == owner => match v.get_ref() {
                // Checked against the schema once the kind is known, when
                // the marks meet their set.
                DeValue::Table(_) => value = Some(super::load::to_value(v.get_ref())),
                _ => reader.error(v.span(), format!("`{owner}` must be a table")),
            },
            other => reader.error(
                k.span(),
                format!(
                    "unknown key `{other}` in an added feature; it has `kind` (one of `{owner}`'s kinds inside the \
                     tile), an optional `name` and `{owner}`'s table"
                ),
            ),
        }
    }
    let Some(kind) = kind else {
        reader.error(node.span(), "an added feature has no `kind` (such as `garden`)");
        return None;
    };
    Some(AddedFeature {
        kind,
        name,
        table: value,
        at: place(reader, kind_span),
    })
}

fn feature_mark(reader: &mut Reader<'_>, node: &Node<'_>, owner: &str) -> Option<(String, toml::Value, Place)> {
    let table = reader.table(node, "each of `features`")?;
    let mut name = None;
    let mut value = None;
    let mut name_span = node.span();
    for (k, v) in table.iter() {
        match k.get_ref().as_ref() {
            "feature" => {
                name_span = v.span();
                name = reader.string(v, "`feature`");
            }
            n if n == owner => match v.get_ref() {
                // Checked against the schema once the feature's kind is
                // known, when the marks meet their set.
                DeValue::Table(_) => value = Some(super::load::to_value(v.get_ref())),
                _ => reader.error(v.span(), format!("`{owner}` must be a table")),
            },
            other => reader.error(
                k.span(),
                format!(
                    "unknown key `{other}` in a marked feature; it has `feature` (its stable name, such as \
                     `road:E`) and `{owner}`'s table"
                ),
            ),
        }
    }
    match (name, value) {
        (Some(name), Some(value)) => Some((name, value, place(reader, name_span))),
        (None, _) => {
            reader.error(
                node.span(),
                "a marked feature has no `feature` (its stable name, such as `road:E`)",
            );
            None
        }
        (Some(name), None) => {
            reader.error(
                node.span(),
                format!("feature `{name}` is marked with nothing: give it a `{owner}` table"),
            );
            None
        }
    }
}

impl TileMarks {
    /// The feature `added` describes, checked: a kind this expansion
    /// declares that lies inside the tile, a name no other feature of the
    /// tile has, and a table its schema accepts.
    fn added_feature(
        &self,
        added: &AddedFeature,
        features: &[super::FeatureDef],
        landscape: &Landscape,
        attributes: &dyn AttributeCheck,
    ) -> Result<super::FeatureDef, String> {
        let Some(kind) = landscape.feature_kind(&added.kind) else {
            return Err(format!("no feature kind `{}` in this game", added.kind));
        };
        if landscape.feature_owner(kind) != self.owner {
            return Err(format!(
                "`{}` is not a kind of `{}`: a marks file adds features of its own expansion's kinds only",
                added.kind, self.owner
            ));
        }
        if landscape.shape(kind) != super::KindShape::Inner {
            return Err(format!(
                "`{}` covers edges: a marks file adds only features inside the tile, which change no edge",
                added.kind
            ));
        }
        if let Some(name) = &added.name
            && features.iter().any(|f| f.name.as_ref() == Some(name))
        {
            return Err(format!("the tile has a feature named `{name}` already"));
        }
        let mut feature = super::FeatureDef {
            kind,
            segments: super::Segments::default(),
            pennants: 0,
            touches: Vec::new(),
            leads_into: None,
            open_ends: 0,
            name: added.name.clone(),
            attributes: Default::default(),
        };
        if let Some(table) = &added.table {
            match attributes.check(&self.owner, Some(kind), table) {
                Some(found) if !found.is_empty() => {
                    let words: Vec<String> = found.into_iter().map(|p| p.message).collect();
                    return Err(format!(
                        "{} on the added `{}`: {}",
                        self.owner,
                        added.kind,
                        words.join("; ")
                    ));
                }
                None => return Err(format!("no loaded expansion is `{}`", self.owner)),
                Some(_) => {
                    feature.attributes.insert(self.owner.clone(), table.clone());
                }
            }
        }
        Ok(feature)
    }

    /// Adds the marks to `set` (the set they name): each tile and feature
    /// must exist, feature tables must fit the expansion's schema for the
    /// feature's kind, and no marked tile may carry the expansion's table
    /// already. On a problem `set` is left as it was and every problem is
    /// returned.
    pub fn apply(
        &self,
        set: &mut TileSet,
        landscape: &Landscape,
        attributes: &dyn AttributeCheck,
    ) -> Result<(), Diagnostics> {
        let mut problems = Vec::new();
        let problem = |at: &Place, message: String| Diagnostic {
            file: self.file.clone(),
            line: at.line,
            column: at.column,
            span: at.span.clone(),
            message,
        };
        let mut marked = set.clone();
        for mark in &self.tiles {
            let Some(def) = marked.tiles.iter_mut().find(|t| t.id == mark.id) else {
                problems.push(problem(
                    &mark.at,
                    format!("set `{}` has no tile `{}` ({} tiles)", set.id, mark.id, set.tiles.len()),
                ));
                continue;
            };
            if let Some(table) = &mark.table {
                if def.attributes.contains_key(&self.owner) {
                    problems.push(problem(
                        &mark.at,
                        format!(
                            "tile `{}` of set `{}` has a `{}` table of its own already",
                            mark.id, set.id, self.owner
                        ),
                    ));
                } else {
                    def.attributes.insert(self.owner.clone(), table.clone());
                }
            }
            for ((name, table), at) in mark.features.iter().zip(&mark.feature_places) {
                let words = format!("tile `{}` of set `{}`", mark.id, set.id);
                let fi = match def.feature_by_name(name, Rotation::NONE, landscape, &words) {
                    Ok(fi) => fi,
                    Err(e) => {
                        problems.push(problem(at, e.message));
                        continue;
                    }
                };
                let feature = &mut def.features[fi];
                match attributes.check(&self.owner, Some(feature.kind), table) {
                    Some(found) if !found.is_empty() => {
                        for p in found {
                            problems.push(problem(at, format!("{} on `{name}`: {}", self.owner, p.message)));
                        }
                    }
                    None => problems.push(problem(at, format!("no loaded expansion is `{}`", self.owner))),
                    Some(_) if feature.attributes.contains_key(&self.owner) => problems.push(problem(
                        at,
                        format!("`{name}` of {words} has a `{}` table of its own already", self.owner),
                    )),
                    Some(_) => {
                        feature.attributes.insert(self.owner.clone(), table.clone());
                    }
                }
            }
            for added in &mark.added {
                match self.added_feature(added, &def.features, landscape, attributes) {
                    Ok(feature) => def.features.push(feature),
                    Err(message) => problems.push(problem(&added.at, format!("tile `{}`: {message}", mark.id))),
                }
            }
        }
        if problems.is_empty() {
            *set = marked;
            Ok(())
        } else {
            Err(Diagnostics(problems))
        }
    }
}
