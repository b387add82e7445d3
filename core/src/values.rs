//! Typed values a person sets: rule variants in a game configuration and
//! (through the same kinds) attributes in a tile file.
//!
//! A variant declares its [`ValueKind`]; the configuration gives a
//! [`Value`] as TOML or JSON writes it (`points = 3`, `enabled = true`,
//! `actions = "one"`). [`ValueKind::check`] turns what was written into the
//! canonical value or says what is allowed, so the command line, the lobby
//! and a record all accept the same things and name the same problem.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The type of a configurable value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ValueKind {
    /// One of these words.
    OneOf {
        /// The allowed words, in the order a menu shows them.
        values: &'static [&'static str],
    },
    /// A whole number from `min` to `max`, both included.
    Integer {
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
}

/// A value as written in a configuration, a record or a tile file.
///
/// Untagged, so TOML's and JSON's own types read as they are written. A
/// text that spells a number or a truth value is accepted for an integer or
/// boolean kind too: records written before variants were typed state every
/// value as text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// `true` / `false`.
    Bool(bool),
    /// A whole number.
    Integer(i64),
    /// A word or any other text.
    Text(String),
}

impl fmt::Display for Value {
    /// The canonical text: `3`, `true`, `per-tree`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Integer(n) => write!(f, "{n}"),
            Value::Text(s) => f.write_str(s),
        }
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Value::Text(text.to_string())
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Integer(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl Value {
    /// Reads a value from command-line text (`--variant fruit-trees.actions=one`):
    /// a number or `true`/`false` as such, anything else as text. The kind
    /// it is checked against decides in the end, so `"3"` for a one-of kind
    /// whose words are digits still matches.
    pub fn parse_text(text: &str) -> Value {
        if let Ok(n) = text.parse::<i64>() {
            Value::Integer(n)
        } else if let Ok(b) = text.parse::<bool>() {
            Value::Bool(b)
        } else {
            Value::Text(text.to_string())
        }
    }

    /// The value read from a TOML value, if it is of a type values can have.
    pub fn from_toml(value: &toml::Value) -> Option<Value> {
        match value {
            toml::Value::String(s) => Some(Value::Text(s.clone())),
            toml::Value::Integer(n) => Some(Value::Integer(*n)),
            toml::Value::Boolean(b) => Some(Value::Bool(*b)),
            _ => None,
        }
    }
}

impl ValueKind {
    /// One of `values` (for declarations: `ValueKind::one_of(&["a", "b"])`).
    pub const fn one_of(values: &'static [&'static str]) -> ValueKind {
        ValueKind::OneOf { values }
    }

    /// A whole number from `min` to `max`.
    pub const fn integer(min: i64, max: i64) -> ValueKind {
        ValueKind::Integer { min, max }
    }

    /// The canonical value for `value`, or a sentence saying what is allowed
    /// (without the value's name, which the caller knows).
    pub fn check(&self, value: &Value) -> Result<Value, String> {
        let refuse = || Err(format!("cannot be `{value}`; allowed: {}", self.describe()));
        match (self, value) {
            (ValueKind::OneOf { values }, _) => {
                let text = value.to_string();
                if values.contains(&text.as_str()) {
                    Ok(Value::Text(text))
                } else {
                    refuse()
                }
            }
            (ValueKind::Integer { min, max }, _) => {
                let n = match value {
                    Value::Integer(n) => Some(*n),
                    Value::Text(t) => t.trim().parse::<i64>().ok(),
                    Value::Bool(_) => None,
                };
                match n {
                    Some(n) if (*min..=*max).contains(&n) => Ok(Value::Integer(n)),
                    _ => refuse(),
                }
            }
            (ValueKind::Bool, Value::Bool(b)) => Ok(Value::Bool(*b)),
            (ValueKind::Bool, Value::Text(t)) => match t.as_str() {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => refuse(),
            },
            (ValueKind::Bool, Value::Integer(_)) => refuse(),
        }
    }

    /// What is allowed, for people: `one of: one, per-tree`,
    /// `a whole number from 0 to 10`, `true or false`.
    pub fn describe(&self) -> String {
        match self {
            ValueKind::OneOf { values } => format!("one of: {}", values.join(", ")),
            ValueKind::Integer { min, max } => format!("a whole number from {min} to {max}"),
            ValueKind::Bool => "true or false".to_string(),
        }
    }

    /// A few values of the kind, for tests and fuzzers that try each: every
    /// word, both truth values, or a range's ends and middle.
    pub fn examples(&self) -> Vec<Value> {
        match *self {
            ValueKind::OneOf { values } => values.iter().map(|&v| Value::from(v)).collect(),
            ValueKind::Integer { min, max } => {
                let mut v = vec![
                    Value::Integer(min),
                    Value::Integer(min + (max - min) / 2),
                    Value::Integer(max),
                ];
                v.dedup();
                v
            }
            ValueKind::Bool => vec![Value::Bool(false), Value::Bool(true)],
        }
    }

    /// The canonical value of a declaration's default text (`"3"`, `"true"`,
    /// `"one"`), which a declaration writes as text so that it can be a
    /// constant.
    ///
    /// # Errors
    /// The default is not of the kind: a mistake in the declaration, which
    /// the registry reports when the expansion is registered.
    pub fn parse_default(&self, text: &str) -> Result<Value, String> {
        self.check(&Value::Text(text.to_string()))
    }
}

/// Whether `s` is kebab-case: lower-case letters, digits and inner `-` (ids
/// of expansions, parts, kinds, counters and tiles' feature names).
pub(crate) fn is_kebab(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_accepts_its_values_and_their_text_and_refuses_the_rest() {
        let points = ValueKind::integer(0, 10);
        assert_eq!(points.check(&Value::Integer(3)), Ok(Value::Integer(3)));
        assert_eq!(points.check(&"7".into()), Ok(Value::Integer(7)));
        assert_eq!(
            points.check(&Value::Integer(11)).unwrap_err(),
            "cannot be `11`; allowed: a whole number from 0 to 10"
        );
        assert!(points.check(&Value::Bool(true)).is_err());
        assert!(points.check(&"three".into()).is_err());

        assert_eq!(
            points.examples(),
            [Value::Integer(0), Value::Integer(5), Value::Integer(10)]
        );
        let on = ValueKind::Bool;
        assert_eq!(on.check(&Value::Bool(false)), Ok(Value::Bool(false)));
        assert_eq!(on.check(&"true".into()), Ok(Value::Bool(true)));
        assert_eq!(
            on.check(&Value::Integer(1)).unwrap_err(),
            "cannot be `1`; allowed: true or false"
        );

        let words = ValueKind::one_of(&["one", "per-tree"]);
        assert_eq!(words.check(&"one".into()), Ok(Value::Text("one".into())));
        assert_eq!(
            words.check(&"two".into()).unwrap_err(),
            "cannot be `two`; allowed: one of: one, per-tree"
        );
        // Digits as words, as a one-of kind may list them.
        let heights = ValueKind::one_of(&["1", "2"]);
        assert_eq!(heights.check(&Value::Integer(2)), Ok(Value::Text("2".into())));
    }

    #[test]
    fn values_read_from_toml_and_json_as_written() {
        #[derive(Deserialize)]
        struct Table {
            v: std::collections::BTreeMap<String, Value>,
        }
        let t: Table = toml::from_str("[v]\na = 3\nb = true\nc = \"one\"\n").unwrap();
        assert_eq!(t.v["a"], Value::Integer(3));
        assert_eq!(t.v["b"], Value::Bool(true));
        assert_eq!(t.v["c"], Value::Text("one".into()));
        let json = serde_json::to_string(&t.v).unwrap();
        assert_eq!(json, r#"{"a":3,"b":true,"c":"one"}"#);
        assert_eq!(Value::parse_text("12"), Value::Integer(12));
        assert_eq!(Value::parse_text("false"), Value::Bool(false));
        assert_eq!(Value::parse_text("d6"), Value::Text("d6".into()));
    }

    #[test]
    fn kinds_serialize_for_menus() {
        let json =
            serde_json::to_value([ValueKind::one_of(&["a"]), ValueKind::integer(1, 5), ValueKind::Bool]).unwrap();
        assert_eq!(
            json,
            serde_json::json!([
                {"type": "one-of", "values": ["a"]},
                {"type": "integer", "min": 1, "max": 5},
                {"type": "bool"}
            ])
        );
    }
}
