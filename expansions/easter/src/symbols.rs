//! "Tiles carry a symbol": an Easter Nest or the Easter Bunny, read from the
//! tile's `[tile.easter]` table. Symbols are not features: no follower
//! stands on them.

use crate::ID;
use carcassonne_core::tiles::{AttributeProblem, TileType};
use carcassonne_core::toml;
use carcassonne_core::{CoreState, FeatureKind, Pos};

/// The symbol a tile carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An Easter Nest.
    Nest,
    /// The Easter Bunny.
    Bunny,
}

impl Symbol {
    fn parse(s: &str) -> Option<Symbol> {
        match s {
            "nest" => Some(Symbol::Nest),
            "bunny" => Some(Symbol::Bunny),
            _ => None,
        }
    }
}

/// The symbol tile type `tile` carries, read from its `[tile.easter]` table.
pub fn symbol_of(tile: &TileType) -> Option<Symbol> {
    tile.def.attribute(ID)?.get("symbol")?.as_str().and_then(Symbol::parse)
}

/// The symbol of the tile at `pos`, if a tile lies there and carries one.
pub fn symbol_at(view: &CoreState, pos: Pos) -> Option<Symbol> {
    symbol_of(view.tables().tile(view.board().get(pos)?.tile))
}

/// Checks `[tile.easter]`: exactly `symbol = "nest" | "bunny"`; symbols are
/// not features, so a table on a feature is refused.
pub(crate) fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    if let Some(kind) = feature {
        return vec![AttributeProblem::new(
            &[],
            format!(
                "Easter symbols are not features and cannot sit on a {kind}: put `[tile.easter] symbol = \"nest\"` \
                 (or \"bunny\") on the tile"
            ),
        )];
    }
    let Some(entries) = table.as_table() else {
        return vec![AttributeProblem::new(
            &[],
            "`easter` must be a table such as `{ symbol = \"nest\" }`",
        )];
    };
    let mut problems = Vec::new();
    for (key, value) in entries {
        match (key.as_str(), value.as_str()) {
            ("symbol", Some(s)) if Symbol::parse(s).is_some() => {}
            ("symbol", Some(s)) => problems.push(AttributeProblem::new(
                &["symbol"],
                format!("unknown symbol `{s}`; expected \"nest\" or \"bunny\""),
            )),
            ("symbol", None) => problems.push(AttributeProblem::new(
                &["symbol"],
                "`symbol` must be a string: \"nest\" or \"bunny\"",
            )),
            (other, _) => problems.push(AttributeProblem::new(
                &[other],
                format!("unknown key `{other}`; the only key is `symbol`"),
            )),
        }
    }
    if !entries.contains_key("symbol") {
        problems.push(AttributeProblem::new(
            &[],
            "an `easter` table needs a `symbol` (\"nest\" or \"bunny\")",
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(feature: Option<FeatureKind>, text: &str) -> Vec<String> {
        let value: toml::Value = toml::from_str::<toml::Table>(text).map(toml::Value::Table).unwrap();
        check_attributes(feature, &value)
            .into_iter()
            .map(|p| format!("{}: {}", p.path.join("."), p.message))
            .collect()
    }

    #[test]
    fn attribute_table_is_checked() {
        assert!(check(None, "symbol = \"nest\"").is_empty());
        assert!(check(None, "symbol = \"bunny\"").is_empty());
        let bad = check(None, "symbol = \"egg\"");
        assert_eq!(bad.len(), 1);
        assert!(bad[0].contains("unknown symbol `egg`"), "{bad:?}");
        let bad = check(None, "symbol = 3");
        assert!(bad[0].contains("must be a string"), "{bad:?}");
        let bad = check(None, "symbol = \"nest\"\ncolour = \"blue\"");
        assert_eq!(bad, vec!["colour: unknown key `colour`; the only key is `symbol`"]);
        let bad = check(None, "");
        assert!(bad[0].contains("needs a `symbol`"), "{bad:?}");
        let bad = check(Some(FeatureKind::Road), "symbol = \"nest\"");
        assert!(bad[0].contains("not features"), "{bad:?}");
        assert!(!check_attributes(None, &toml::Value::String("nest".into())).is_empty());
    }
}
