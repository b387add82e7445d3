//! The eight message tiles, declared as data, and what each is worth to a
//! player on the board as it stands.

use carcassonne_core::features::NodeId;
use carcassonne_core::figures::Spot;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::tiles::KindScoring;
use carcassonne_core::{CoreState, FeatureKind, FigureClass, Pos};

/// One of the eight message tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Message {
    /// (1) Score the player's smallest road.
    SmallestRoad,
    /// (2) Score the player's smallest city.
    SmallestCity,
    /// (3) Score the player's smallest monastery.
    SmallestMonastery,
    /// (4) Draw and place another tile.
    ExtraTile,
    /// (5) 2 points for each coat of arms in the player's cities.
    CoatsOfArms,
    /// (6) 2 points for each of the player's knights.
    Knights,
    /// (7) Points for each of the player's farmers.
    Farmers,
    /// (8) Score one of the player's followers and take it back.
    ScoreFollower,
}

/// A message tile as players read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageDecl {
    /// The message.
    pub message: Message,
    /// Its number on the tile, 1 to 8.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// What it does, in words.
    pub text: &'static str,
}

/// The eight message tiles, one of each, in their numbers' order.
pub const MESSAGES: [MessageDecl; 8] = [
    MessageDecl {
        message: Message::SmallestRoad,
        number: 1,
        name: "Smallest road",
        text: "score the road worth the fewest points among those with one of your followers, as at the end of the \
               game; the follower stays",
    },
    MessageDecl {
        message: Message::SmallestCity,
        number: 2,
        name: "Smallest city",
        text: "score the city worth the fewest points among those with one of your followers, as at the end of the \
               game; the follower stays",
    },
    MessageDecl {
        message: Message::SmallestMonastery,
        number: 3,
        name: "Smallest monastery",
        text: "score the monastery worth the fewest points among those with one of your followers, as at the end \
               of the game; the follower stays",
    },
    MessageDecl {
        message: Message::ExtraTile,
        number: 4,
        name: "Add a land tile",
        text: "draw another tile and place it: a turn of its own",
    },
    MessageDecl {
        message: Message::CoatsOfArms,
        number: 5,
        name: "2 points per coat of arms",
        text: "2 points for each coat of arms in the cities with at least one of your followers",
    },
    MessageDecl {
        message: Message::Knights,
        number: 6,
        name: "2 points per knight",
        text: "2 points for each of your followers in a city; they stay",
    },
    MessageDecl {
        message: Message::Farmers,
        number: 7,
        name: "Points per farmer",
        text: "points for each of your followers in a field; they stay",
    },
    MessageDecl {
        message: Message::ScoreFollower,
        number: 8,
        name: "Score a follower",
        text: "score the feature of one of your followers as at the end of the game, and take the follower back",
    },
];

impl Message {
    /// Every message, in their numbers' order.
    pub const ALL: [Message; 8] = [
        Message::SmallestRoad,
        Message::SmallestCity,
        Message::SmallestMonastery,
        Message::ExtraTile,
        Message::CoatsOfArms,
        Message::Knights,
        Message::Farmers,
        Message::ScoreFollower,
    ];

    /// Its declaration.
    pub fn decl(self) -> &'static MessageDecl {
        &MESSAGES[self as usize]
    }

    /// Its number on the tile, 1 to 8.
    pub fn number(self) -> u8 {
        self.decl().number
    }

    /// The message with number `n`.
    pub fn from_number(n: u8) -> Option<Message> {
        MESSAGES.iter().find(|d| d.number == n).map(|d| d.message)
    }
}

/// Whether feature `node` is of a kind the core scores by its declaration
/// (a road, city, monastery or field; not one left to an expansion):
/// messages 1–3 and 8 score such features.
pub fn scored_kind(view: &CoreState, node: NodeId) -> bool {
    let kind = view.features().kind(node);
    view.tables().landscape().get_feature(kind).is_some_and(|d| {
        matches!(
            d.scoring,
            KindScoring::Tiles { .. } | KindScoring::Surroundings | KindScoring::Farm
        )
    })
}

/// Whether figure kind `kind` is a follower (counts in majorities).
fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// The features (roots) of kind `kind` holding at least one of `player`'s
/// followers, each once.
fn features_with_follower(view: &CoreState, player: u8, kind: FeatureKind) -> Vec<NodeId> {
    let mut roots: Vec<NodeId> = view
        .figures()
        .iter()
        .filter(|f| f.owner == player && is_follower(view, f.kind))
        .filter_map(|f| f.node)
        .filter(|&n| view.features().kind(n) == kind)
        .map(|n| view.features().root(n))
        .collect();
    roots.sort_unstable();
    roots.dedup();
    roots
}

/// `player`'s followers standing in features of kinds `wanted` accepts.
fn followers_in(view: &CoreState, player: u8, wanted: impl Fn(FeatureKind) -> bool) -> i32 {
    view.figures()
        .iter()
        .filter(|f| f.owner == player && is_follower(view, f.kind))
        .filter(|f| f.node.is_some_and(|n| wanted(view.features().kind(n))))
        .count() as i32
}

/// What carrying out `message` gives `player` now (messages 1–3 and 5–7;
/// `None` for messages 4 and 8, which are no points of their own).
/// Messages 1–3 score the smallest feature of the kind that holds one of
/// the player's followers, 0 when none does; `worth` says what a feature
/// would score as at the end of the game (the engine's answer,
/// `Ctx::feature_worth`, with every expansion's adjustments).
pub fn message_points(
    view: &CoreState,
    player: u8,
    message: Message,
    farmer_points: i32,
    worth: impl Fn(NodeId) -> i32,
) -> Option<i32> {
    let smallest = |kind: FeatureKind| {
        features_with_follower(view, player, kind)
            .into_iter()
            .filter(|&n| scored_kind(view, n))
            .map(&worth)
            .min()
            .unwrap_or(0)
    };
    Some(match message {
        Message::SmallestRoad => smallest(FeatureKind::ROAD),
        Message::SmallestCity => smallest(FeatureKind::CITY),
        Message::SmallestMonastery => smallest(FeatureKind::CLOISTER),
        Message::CoatsOfArms => {
            let pennants: u32 = features_with_follower(view, player, FeatureKind::CITY)
                .into_iter()
                .map(|n| view.features().pennants(n))
                .sum();
            2 * pennants as i32
        }
        Message::Knights => 2 * followers_in(view, player, |k| k == FeatureKind::CITY),
        Message::Farmers => farmer_points * followers_in(view, player, |k| view.tables().is_land(k)),
        Message::ExtraTile | Message::ScoreFollower => return None,
    })
}

/// Message 8's choices: `player`'s followers standing in a feature the core
/// scores, as (figure, tile, feature name); two on one feature of one tile
/// are one choice.
pub fn follower_options(view: &CoreState, player: u8) -> Vec<(u32, Pos, String)> {
    let mut out: Vec<(u32, Pos, String)> = Vec::new();
    for f in view.figures() {
        if f.owner != player || !is_follower(view, f.kind) {
            continue;
        }
        let (Spot::Feature(fi), Some(node)) = (f.spot, f.node) else {
            continue;
        };
        if !scored_kind(view, node) {
            continue;
        }
        let name = view.feature_name(f.pos, fi as usize);
        if !out.iter().any(|(_, p, n)| *p == f.pos && *n == name) {
            out.push((f.id, f.pos, name));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declarations_follow_the_numbers() {
        for (i, decl) in MESSAGES.iter().enumerate() {
            assert_eq!(decl.number as usize, i + 1);
            assert_eq!(Message::ALL[i], decl.message);
            assert_eq!(Message::from_number(decl.number), Some(decl.message));
        }
        assert_eq!(Message::from_number(9), None);
    }
}
