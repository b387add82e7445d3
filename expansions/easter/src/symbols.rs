//! "Tiles carry a symbol": an Easter Nest or the Easter Bunny, read from the
//! tile's `[tile.easter]` table. Symbols are not features: no follower
//! stands on them.

use crate::ID;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{CoreState, Pos, ValueKind};
#[cfg(test)]
use carcassonne_core::{FeatureKind, toml};

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

/// `[tile.easter] symbol = "nest"` (or `"bunny"`); symbols are not features,
/// so the table belongs on tiles only.
pub(crate) const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "symbol",
    on: &[AttributePlace::Tile],
    kind: ValueKind::one_of(&["nest", "bunny"]),
    required: true,
    description: "the symbol printed on the tile: an Easter Nest or the Easter Bunny",
}];

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::tiles::check_by_schema;

    fn check(feature: Option<FeatureKind>, text: &str) -> Vec<String> {
        let value: toml::Value = toml::from_str::<toml::Table>(text).map(toml::Value::Table).unwrap();
        check_by_schema(ID, ATTRIBUTES, feature, &value)
            .into_iter()
            .map(|p| format!("{}: {}", p.path.join("."), p.message))
            .collect()
    }

    #[test]
    fn attribute_table_is_checked() {
        assert!(check(None, "symbol = \"nest\"").is_empty());
        assert!(check(None, "symbol = \"bunny\"").is_empty());
        let bad = check(None, "symbol = \"egg\"");
        assert_eq!(bad, ["symbol: `symbol` cannot be `egg`; allowed: one of: nest, bunny"]);
        let bad = check(None, "symbol = 3");
        assert!(bad[0].contains("cannot be `3`"), "{bad:?}");
        let bad = check(None, "symbol = \"nest\"\ncolour = \"blue\"");
        assert_eq!(bad, ["colour: unknown key `colour` on a tile; expected `symbol`"]);
        let bad = check(None, "");
        assert!(bad[0].contains("needs `symbol`"), "{bad:?}");
        let bad = check(Some(FeatureKind::ROAD), "symbol = \"nest\"");
        assert!(
            bad[0].contains("no attributes on a road; it has `symbol` on a tile"),
            "{bad:?}"
        );
    }
}
