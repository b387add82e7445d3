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
//! ```
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
    /// Where the tile's `id` and each feature's name stand, for problems
    /// found when the marks meet the set.
    at: Place,
    feature_places: Vec<Place>,
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
            name if name == owner => {
                let checked = reader.attributes(&[(k, v)], None, "tile");
                tile_table = checked.get(owner).cloned();
            }
            other => reader.error(
                k.span(),
                format!(
                    "unknown key `{other}` in a marked tile; a marks file of `{owner}` gives a tile its `id`, \
                     `{owner}`'s table and `features`"
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
    if tile_table.is_none() && features.is_empty() && !table.iter().any(|(k, _)| k.get_ref() == owner) {
        reader.error(
            id_span.clone(),
            format!("tile `{id}` is marked with nothing: give it a `{owner}` table or `features`"),
        );
    }
    Some(TileMark {
        id,
        table: tile_table,
        features,
        at: place(reader, id_span),
        feature_places,
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
        }
        if problems.is_empty() {
            *set = marked;
            Ok(())
        } else {
            Err(Diagnostics(problems))
        }
    }
}
