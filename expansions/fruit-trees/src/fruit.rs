//! "Material": six fruits, four tokens each valued 5, 4, 3, 2, and the sets
//! of different fruits a sale is made of.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The values printed on the back of each fruit's four tokens.
pub const TOKEN_VALUES: [u8; 4] = [5, 4, 3, 2];

/// Points for selling a set of 1, 2, 3 or 4 different fruits (index = size).
pub const SALE_POINTS: [i32; 5] = [0, 3, 6, 10, 15];

/// The largest set one sale may hold.
pub const MAX_SALE: usize = 4;

/// A kind of fruit tree, and the fruit its tokens show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fruit {
    /// Quince.
    Quince,
    /// Apple.
    Apple,
    /// Apricot.
    Apricot,
    /// Cherry.
    Cherry,
    /// Plum.
    Plum,
    /// Elder.
    Elder,
}

impl Fruit {
    /// Every fruit, in the rule book's order.
    pub const ALL: [Fruit; 6] = [
        Fruit::Quince,
        Fruit::Apple,
        Fruit::Apricot,
        Fruit::Cherry,
        Fruit::Plum,
        Fruit::Elder,
    ];

    /// The names of [`Fruit::ALL`], in that order (the tile attribute's allowed values).
    pub const NAMES: [&'static str; 6] = ["quince", "apple", "apricot", "cherry", "plum", "elder"];

    /// The name used in tile files, records and public state.
    pub fn name(self) -> &'static str {
        match self {
            Fruit::Quince => "quince",
            Fruit::Apple => "apple",
            Fruit::Apricot => "apricot",
            Fruit::Cherry => "cherry",
            Fruit::Plum => "plum",
            Fruit::Elder => "elder",
        }
    }

    /// The fruit named `name`.
    pub fn parse(name: &str) -> Option<Fruit> {
        Fruit::ALL.into_iter().find(|f| f.name() == name)
    }

    pub(crate) fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Fruit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The fruits of one sale: 1 to 4, pairwise different. A set cannot hold a
/// fruit twice, so a sale with a repeated fruit cannot even be written down;
/// reading one from a record fails with a message that says why.
///
/// Written in records as a list of fruit names in any order
/// (`["cherry", "apple"]`); equal sets compare equal whatever the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Fruit>", into = "Vec<Fruit>")]
pub struct FruitSet(pub(crate) u8);

/// Why a list of fruits is not a sellable set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaleError {
    /// No fruit named.
    Empty,
    /// A fruit named twice.
    Duplicate(Fruit),
    /// More than four fruits.
    TooMany(usize),
}

impl fmt::Display for SaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaleError::Empty => write!(f, "a sale names 1 to {MAX_SALE} fruits, got none"),
            SaleError::Duplicate(fruit) => write!(
                f,
                "a sale must be of pairwise different fruits, but `{fruit}` is named twice \
                 (one set per action: sell the second {fruit} in another action)"
            ),
            SaleError::TooMany(n) => write!(f, "a sale names at most {MAX_SALE} different fruits, got {n}"),
        }
    }
}

impl std::error::Error for SaleError {}

impl FruitSet {
    /// The set of `fruits`, refused if empty, repeated or larger than 4.
    pub fn new(fruits: &[Fruit]) -> Result<FruitSet, SaleError> {
        let mut bits = 0u8;
        for &f in fruits {
            if bits & f.bit() != 0 {
                return Err(SaleError::Duplicate(f));
            }
            bits |= f.bit();
        }
        match fruits.len() {
            0 => Err(SaleError::Empty),
            n if n > MAX_SALE => Err(SaleError::TooMany(n)),
            _ => Ok(FruitSet(bits)),
        }
    }

    /// Number of fruits (1–4).
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no fruit (never true of a sale).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `fruit` is in the set.
    pub fn contains(self, fruit: Fruit) -> bool {
        self.0 & fruit.bit() != 0
    }

    /// The fruits, in the rule book's order.
    pub fn iter(self) -> impl Iterator<Item = Fruit> {
        Fruit::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    /// Points the sale scores (3 / 6 / 10 / 15).
    pub fn points(self) -> i32 {
        SALE_POINTS[self.len().min(MAX_SALE)]
    }
}

impl TryFrom<Vec<Fruit>> for FruitSet {
    type Error = SaleError;
    fn try_from(fruits: Vec<Fruit>) -> Result<Self, SaleError> {
        FruitSet::new(&fruits)
    }
}

impl From<FruitSet> for Vec<Fruit> {
    fn from(set: FruitSet) -> Self {
        set.iter().collect()
    }
}

/// A fruit token: its fruit and the value on its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Token {
    /// Which fruit.
    pub fruit: Fruit,
    /// Its value (2–5).
    pub value: u8,
}

#[cfg(test)]
mod names {
    use super::Fruit;

    #[test]
    fn the_names_list_is_the_names_of_all_fruits_in_order() {
        assert_eq!(Fruit::ALL.map(Fruit::name), Fruit::NAMES);
    }
}
