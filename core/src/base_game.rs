//! The base game's own rule variants (`[variants.base]` in a configuration):
//! declared here, by the core, and checked like an expansion's.

use crate::expansion::VariantDecl;
use crate::values::ValueKind;
use std::collections::BTreeMap;

/// The id the base game's variants go under: `[variants.base]`,
/// `--variant base.tiny_city=true`. No expansion may take it.
pub const BASE_ID: &str = "base";

/// The base game's rule variants (JCloisterZone's options for the base game).
pub const BASE_VARIANTS: &[VariantDecl] = &[
    VariantDecl {
        name: "tiny_city",
        label: "Two-tile cities score 2",
        kind: ValueKind::Bool,
        default: "false",
        description: "a completed city of two tiles scores 1 point a tile and a pennant (2 points, not 4) \
                      (JCloisterZone's tiny-city-scoring = 2)",
        earlier_defaults: &[],
    },
    VariantDecl {
        name: "farmers",
        label: "Farmers",
        kind: ValueKind::Bool,
        default: "true",
        description: "whether followers may be deployed on fields; false: no farmers, so fields never score \
                      (JCloisterZone's farmers switched off)",
        earlier_defaults: &[],
    },
];

/// The base game's variants as one game plays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaseRules {
    /// `tiny_city`: a completed two-tile city scores 1 a tile and pennant.
    pub tiny_city: bool,
    /// `farmers`: follower-class figures may go on fields.
    pub farmers: bool,
}

impl Default for BaseRules {
    /// The published rules: no tiny-city rule, farmers on.
    fn default() -> Self {
        BaseRules {
            tiny_city: false,
            farmers: true,
        }
    }
}

impl BaseRules {
    /// The rules for checked variant values (canonical text by name, every
    /// base variant present).
    pub(crate) fn from_variants(variants: &BTreeMap<String, String>) -> BaseRules {
        let on = |name: &str| variants.get(name).is_some_and(|v| v == "true");
        BaseRules {
            tiny_city: on("tiny_city"),
            farmers: on("farmers"),
        }
    }
}
