//! What pictures say about an expansion's attributes, read from the
//! expansions' declarations: their names and each attribute's
//! `description` ([`carcassonne_core::tiles::AttributeDecl`]).

use carcassonne_core::{Catalog, ExpansionInfo, Rules};
use std::sync::LazyLock;

/// The expansions whose declarations word the attribute badges of tile
/// pictures: each badge's hover text names the expansion and says each
/// attribute in words with its declared description ("Easter in
/// Carcassonne: symbol nest — the symbol printed on the tile: …"). A table
/// of an expansion the glossary does not hold is worded from its keys and
/// values alone, under the expansion's id.
#[derive(Clone, Debug, Default)]
pub struct Glossary {
    infos: Vec<&'static ExpansionInfo>,
}

static LINKED: LazyLock<Glossary> = LazyLock::new(|| Glossary {
    infos: carcassonne_setup::linked::linked_catalog()
        .map(|c| c.all().to_vec())
        .unwrap_or_default(),
});

impl Glossary {
    /// The expansions linked into this binary (what [`crate::tile_svg`]
    /// and the other functions without a glossary read).
    pub fn linked() -> &'static Glossary {
        &LINKED
    }

    /// The expansions of `catalog`: linked and loaded from plugins.
    pub fn of_catalog(catalog: &Catalog) -> Glossary {
        Glossary {
            infos: catalog.all().to_vec(),
        }
    }

    /// The expansions enabled in `rules` (plugins too), then the linked
    /// ones (whose tiles a game may play with their rules off).
    pub fn of_rules(rules: &Rules) -> Glossary {
        let mut infos: Vec<&'static ExpansionInfo> = rules.expansions().iter().map(|e| e.info).collect();
        for info in &Glossary::linked().infos {
            if !infos.iter().any(|i| i.id == info.id) {
                infos.push(info);
            }
        }
        Glossary { infos }
    }

    fn info(&self, id: &str) -> Option<&'static ExpansionInfo> {
        self.infos.iter().copied().find(|i| i.id == id)
    }

    /// The expansion table `table` of `expansion` on a tile or a feature, in
    /// words for people: the expansion's name, then each key in file order
    /// with its value ("symbol nest", "inn", "no inn", "height 2") and the
    /// description the expansion declares for it, joined with `; `.
    pub fn attribute_words(&self, expansion: &str, table: &toml::Value) -> String {
        let info = self.info(expansion);
        let name = info.map_or(expansion, |i| i.name);
        let parts: Vec<String> = match table {
            toml::Value::Table(t) => t
                .iter()
                .map(|(k, v)| {
                    let said = key_value_words(k, v);
                    let description = info
                        .and_then(|i| i.attributes.iter().find(|d| d.key == k))
                        .map(|d| d.description.replace('`', ""))
                        .filter(|d| !d.trim().is_empty());
                    match description {
                        Some(d) => format!("{said} — {d}"),
                        None => said,
                    }
                })
                .collect(),
            other => vec![crate::tile::scalar(other)],
        };
        if parts.is_empty() {
            name.to_string()
        } else {
            format!("{name}: {}", parts.join("; "))
        }
    }
}

/// A key and its value in words: `symbol nest`, `inn`, `no inn`, `height
/// 2` (a key's dashes and underscores as spaces; values as written).
fn key_value_words(key: &str, value: &toml::Value) -> String {
    let key = spaced(key);
    match value {
        toml::Value::String(s) => format!("{key} {s}"),
        toml::Value::Boolean(true) => key,
        toml::Value::Boolean(false) => format!("no {key}"),
        toml::Value::Array(a) => format!(
            "{key}: {}",
            a.iter().map(crate::tile::scalar).collect::<Vec<_>>().join(", ")
        ),
        other => format!("{key} {}", crate::tile::scalar(other)),
    }
}

/// Dashes and underscores of an identifier as spaces (`pig-herd` → `pig herd`).
pub(crate) fn spaced(text: &str) -> String {
    text.replace(['-', '_'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Value {
        toml::Value::Table(text.parse::<toml::Table>().unwrap())
    }

    #[test]
    fn attributes_are_worded_from_the_declarations_or_their_keys() {
        // No declarations: the keys and values in words under the id.
        let none = Glossary::default();
        assert_eq!(
            none.attribute_words(
                "fan",
                &table("pig-herd = true\nheight = 2\nsymbol = \"egg-nest\"\nx = false")
            ),
            "fan: pig herd; height 2; symbol egg-nest; no x"
        );
        assert_eq!(none.attribute_words("fan", &table("")), "fan");
    }
}
