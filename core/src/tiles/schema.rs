//! An expansion's tile and feature attributes, declared as data: which
//! keys it reads, where (on tiles, on which kinds of feature), of which
//! [`ValueKind`]. The loader checks a file's attribute tables against the
//! declarations, the tile editor offers them as form fields, and
//! `carcassonne expansions --json` lists them.

use super::{AttributeProblem, FeatureKind};
use crate::values::{Value, ValueKind};
use serde::Serialize;

/// Where an attribute may be written: on a tile (`[tile.ID]`) or on a
/// feature of a kind (`{ kind = "road", …, ID = { … } }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AttributePlace {
    /// The tile's own table.
    Tile,
    /// A road feature.
    Road,
    /// A city feature.
    City,
    /// A field feature.
    Field,
    /// A cloister feature.
    Cloister,
    /// A feature of a kind an expansion declared (a river, a garden).
    #[serde(rename = "other-kind")]
    OtherKind,
}

impl AttributePlace {
    /// The place of a table found on a tile (`None`) or a feature.
    pub fn of(feature: Option<FeatureKind>) -> AttributePlace {
        match feature {
            None => AttributePlace::Tile,
            Some(FeatureKind::ROAD) => AttributePlace::Road,
            Some(FeatureKind::CITY) => AttributePlace::City,
            Some(FeatureKind::FIELD) => AttributePlace::Field,
            Some(FeatureKind::CLOISTER) => AttributePlace::Cloister,
            Some(_) => AttributePlace::OtherKind,
        }
    }

    /// For messages: "a tile", "a road" …
    pub fn phrase(self) -> &'static str {
        match self {
            AttributePlace::Tile => "a tile",
            AttributePlace::Road => "a road",
            AttributePlace::City => "a city",
            AttributePlace::Field => "a field",
            AttributePlace::Cloister => "a cloister",
            AttributePlace::OtherKind => "a feature of an expansion's kind",
        }
    }
}

/// One attribute an expansion reads from tile files.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AttributeDecl {
    /// The key inside the expansion's table (`symbol` in `[tile.easter]`).
    pub key: &'static str,
    /// Where it may be written.
    pub on: &'static [AttributePlace],
    /// Its type and allowed values.
    pub kind: ValueKind,
    /// Whether an expansion table in one of those places must have it.
    pub required: bool,
    /// One line for people (the editor shows it beside the field).
    pub description: &'static str,
}

/// Checks the table `expansion` wrote on a tile (`feature` is `None`) or a
/// feature against the expansion's declarations: every key declared for
/// that place, every value of its kind and written as that kind's type
/// (`height = 2`, not `"2"`), every required key present.
pub fn check_by_schema(
    expansion: &str,
    decls: &[AttributeDecl],
    feature: Option<FeatureKind>,
    table: &toml::Value,
) -> Vec<AttributeProblem> {
    let place = AttributePlace::of(feature);
    if decls.is_empty() {
        return vec![AttributeProblem::new(
            &[],
            "this expansion defines no tile or feature attributes; remove the table",
        )];
    }
    let here: Vec<&AttributeDecl> = decls.iter().filter(|d| d.on.contains(&place)).collect();
    if here.is_empty() {
        return vec![AttributeProblem::new(
            &[],
            format!(
                "`{expansion}` has no attributes on {}; it has {}",
                place.phrase(),
                where_each(decls)
            ),
        )];
    }
    let keys = || {
        here.iter()
            .map(|d| format!("`{}`", d.key))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(entries) = table.as_table() else {
        return vec![AttributeProblem::new(
            &[],
            format!("`{expansion}` must be a table of its attributes: {}", keys()),
        )];
    };
    let mut problems = Vec::new();
    for (key, value) in entries {
        let Some(decl) = here.iter().find(|d| d.key == key) else {
            let elsewhere = decls.iter().find(|d| d.key == key).map(|d| {
                let places: Vec<&str> = d.on.iter().map(|p| p.phrase()).collect();
                format!(" (`{key}` goes on {})", places.join(" or "))
            });
            problems.push(AttributeProblem::unknown_key(
                &[key.as_str()],
                format!(
                    "unknown key `{key}` on {}; expected {}{}",
                    place.phrase(),
                    keys(),
                    elsewhere.unwrap_or_default()
                ),
            ));
            continue;
        };
        let written = Value::from_toml(value);
        let checked = written
            .as_ref()
            .ok_or_else(|| format!("is a TOML {}; allowed: {}", value.type_str(), decl.kind.describe()))
            .and_then(|v| decl.kind.check(v));
        match (checked, written) {
            (Err(why), _) => problems.push(AttributeProblem::new(&[key.as_str()], format!("`{key}` {why}"))),
            // Text that spells the value is fine in a configuration, but
            // an expansion reads tile attributes by their TOML type.
            (Ok(canonical), Some(written))
                if std::mem::discriminant(&canonical) != std::mem::discriminant(&written) =>
            {
                problems.push(AttributeProblem::new(
                    &[key.as_str()],
                    format!("`{key}` is written as text; write it without quotes: {key} = {canonical}"),
                ));
            }
            _ => {}
        }
    }
    for d in here.iter().filter(|d| d.required && !entries.contains_key(d.key)) {
        problems.push(AttributeProblem::new(
            &[],
            format!(
                "`{expansion}` on {} needs `{}` ({}): {}",
                place.phrase(),
                d.key,
                d.kind.describe(),
                d.description
            ),
        ));
    }
    problems
}

/// "`symbol` on a tile, `inn` on a road" for messages.
fn where_each(decls: &[AttributeDecl]) -> String {
    decls
        .iter()
        .map(|d| {
            let places: Vec<&str> = d.on.iter().map(|p| p.phrase()).collect();
            format!("`{}` on {}", d.key, places.join(" or "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLS: &[AttributeDecl] = &[
        AttributeDecl {
            key: "symbol",
            on: &[AttributePlace::Tile],
            kind: ValueKind::one_of(&["nest", "bunny"]),
            required: true,
            description: "the symbol printed on the tile",
        },
        AttributeDecl {
            key: "height",
            on: &[AttributePlace::Tile],
            kind: ValueKind::integer(1, 2),
            required: false,
            description: "tower height",
        },
        AttributeDecl {
            key: "inn",
            on: &[AttributePlace::Road],
            kind: ValueKind::Bool,
            required: true,
            description: "an inn by the road",
        },
    ];

    fn check(feature: Option<FeatureKind>, text: &str) -> Vec<String> {
        let value = toml::Value::Table(toml::from_str(text).unwrap());
        check_by_schema("x", DECLS, feature, &value)
            .into_iter()
            .map(|p| {
                format!(
                    "{}{}: {}",
                    if p.at_key { "key " } else { "" },
                    p.path.join("."),
                    p.message
                )
            })
            .collect()
    }

    #[test]
    fn tables_are_checked_against_the_declarations() {
        assert!(check(None, "symbol = \"nest\"\nheight = 2").is_empty());
        assert!(check(Some(FeatureKind::ROAD), "inn = true").is_empty());
        assert_eq!(
            check(None, "symbol = \"egg\""),
            ["symbol: `symbol` cannot be `egg`; allowed: one of: nest, bunny"]
        );
        assert_eq!(
            check(None, "symbol = \"nest\"\nheight = \"2\""),
            ["height: `height` is written as text; write it without quotes: height = 2"]
        );
        assert_eq!(
            check(None, "symbol = \"nest\"\ncolour = 1"),
            ["key colour: unknown key `colour` on a tile; expected `symbol`, `height`"]
        );
        assert_eq!(
            check(None, "symbol = \"nest\"\ninn = true"),
            ["key inn: unknown key `inn` on a tile; expected `symbol`, `height` (`inn` goes on a road)"]
        );
        assert_eq!(
            check(None, "height = 1"),
            [": `x` on a tile needs `symbol` (one of: nest, bunny): the symbol printed on the tile"]
        );
        assert_eq!(
            check(Some(FeatureKind::CITY), "inn = true"),
            [": `x` has no attributes on a city; it has `symbol` on a tile, `height` on a tile, `inn` on a road"]
        );
        assert_eq!(
            check(Some(FeatureKind::ROAD), "inn = [1]"),
            ["inn: `inn` is a TOML array; allowed: true or false"]
        );
        let none = check_by_schema("x", &[], None, &toml::Value::Table(Default::default()));
        assert!(none[0].message.contains("defines no tile or feature attributes"));
    }
}
