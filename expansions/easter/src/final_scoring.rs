//! "Final scoring": the player(s) with the most eggs score 10, the
//! player(s) with the second-highest count 5 (variant `second_place`); a
//! player with 0 eggs scores nothing.

use carcassonne_core::Ctx;
use carcassonne_core::serde_json::json;

/// Points for the most eggs.
pub const FIRST_PLACE_POINTS: i32 = 10;
/// Points for the second-highest egg count.
pub const SECOND_PLACE_POINTS: i32 = 5;

/// Points of the final scoring for each player's egg count.
///
/// The player(s) with the most eggs score 10; the player(s) with the
/// second-highest count (the next lower count, after any tie for first)
/// score 5 — unless `second_needs_three` and fewer than 3 players play. A
/// player with 0 eggs scores nothing.
pub fn final_points(eggs: &[u32], second_needs_three: bool) -> Vec<i32> {
    let first = eggs.iter().copied().filter(|&e| e > 0).max();
    let second = first.and_then(|top| eggs.iter().copied().filter(|&e| e > 0 && e < top).max());
    let second_allowed = !second_needs_three || eggs.len() > 2;
    eggs.iter()
        .map(|&e| {
            if Some(e) == first {
                FIRST_PLACE_POINTS
            } else if Some(e) == second && second_allowed {
                SECOND_PLACE_POINTS
            } else {
                0
            }
        })
        .collect()
}

/// Gives the final points for the eggs each player holds.
pub(crate) fn award(eggs: &[u32], second_needs_three: bool, ctx: &mut Ctx<'_>) {
    let points = final_points(eggs, second_needs_three);
    ctx.log_with(|| json!({ "final": { "eggs": eggs, "points": points } }));
    for (player, &p) in points.iter().enumerate() {
        if p != 0 {
            ctx.score(player as u8, p, "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_points_follow_the_digest() {
        // Clear first and second.
        assert_eq!(final_points(&[7, 3, 1], false), [10, 5, 0]);
        // Tie for first: both 10; the next lower count is second.
        assert_eq!(final_points(&[5, 5, 3], false), [10, 10, 5]);
        // Tie for second: both 5.
        assert_eq!(final_points(&[6, 3, 3], false), [10, 5, 5]);
        // Everyone tied: all first, nobody second.
        assert_eq!(final_points(&[4, 4], false), [10, 10]);
        // 0 eggs scores nothing, even as the "second-highest" count.
        assert_eq!(final_points(&[4, 0], false), [10, 0]);
        assert_eq!(final_points(&[0, 0, 0], false), [0, 0, 0]);
        // Original rules: second place needs 3+ players.
        assert_eq!(final_points(&[4, 2], true), [10, 0]);
        assert_eq!(final_points(&[4, 2], false), [10, 5]);
        assert_eq!(final_points(&[4, 2, 0], true), [10, 5, 0]);
    }
}
