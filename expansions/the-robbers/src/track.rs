//! The scoring track and the robbers on it: where a score stands, and what
//! a scoring figure's move does to the robbers on the space it leaves.
//!
//! Kept apart from the hooks so that every rule sentence is a plain
//! function with its own unit test.

use carcassonne_core::serde::Serialize;

/// Spaces round the scoreboard: "Die Tafel ist ein Rundkurs mit 50 Feldern"
/// (the base game's rules: a loop of 50 spaces, passed more than once).
pub const SPACES: i32 = 50;

/// The space of the scoreboard where a score's scoring figure stands.
pub fn space(score: i32) -> u8 {
    score.rem_euclid(SPACES) as u8
}

/// One move of a player's scoring figure: points scored at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Move {
    /// Whose scoring figure moved.
    pub player: u8,
    /// The space it left.
    pub from: u8,
    /// How many spaces it moved forward.
    pub points: i32,
    /// The points were stolen by a robber: robbers beside that figure go
    /// along instead of stealing ("rogue points").
    pub stolen: bool,
}

/// Points a robber takes from a move of `points`: "half of the points
/// (rounded up)".
pub fn share(points: i32) -> i32 {
    (points + 1) / 2
}

/// What one move does to the robbers (`robbers[seat]`: the space of that
/// seat's robber, `None` in its owner's supply). Returns the thefts, as
/// (robber's owner, points), in seat order from the player after the
/// mover; those robbers are back in supply. A move of stolen points takes
/// the robbers on its space along to the space it reaches instead, and
/// gives them nothing. A move of no points, or backwards, is no move.
pub fn on_move(robbers: &mut [Option<u8>], m: &Move) -> Vec<(u8, i32)> {
    let mut thefts = Vec::new();
    if m.points <= 0 {
        return thefts;
    }
    let n = robbers.len();
    let to = space(i32::from(m.from) + m.points);
    for k in 1..n {
        let owner = (m.player as usize + k) % n;
        if robbers[owner] != Some(m.from) {
            continue;
        }
        if m.stolen {
            robbers[owner] = Some(to);
        } else {
            robbers[owner] = None;
            thefts.push((owner as u8, share(m.points)));
        }
    }
    thefts
}

/// The players other than `owner` leaving the space of `owner`'s robber in
/// `moves`, in the order they first leave it: more than one, and the
/// robber's owner chooses whom it robs.
pub fn victims(owner: u8, robbers: &[Option<u8>], moves: &[Move]) -> Vec<u8> {
    let Some(at) = robbers.get(owner as usize).copied().flatten() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in moves {
        if m.player != owner && m.from == at && m.points > 0 && !out.contains(&m.player) {
            out.push(m.player);
        }
    }
    out
}

/// The spaces a robber of `player` may be put on: those where at least one
/// other player's scoring figure stands, each once, in order round the
/// board; `except` (the space the robber already holds, when it is moved
/// "to a different space") left out.
pub fn spaces_for(player: u8, scores: &[i32], except: Option<u8>) -> Vec<u8> {
    let mut out: Vec<u8> = scores
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != player as usize)
        .map(|(_, &s)| space(s))
        .filter(|&s| Some(s) != except)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The players whose scoring figures stand on `at`, other than `player`.
pub fn standing_on(at: u8, player: u8, scores: &[i32]) -> Vec<u8> {
    scores
        .iter()
        .enumerate()
        .filter(|&(p, &s)| p != player as usize && space(s) == at)
        .map(|(p, _)| p as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(player: u8, from: u8, points: i32) -> Move {
        Move {
            player,
            from,
            points,
            stolen: false,
        }
    }

    #[test]
    fn the_track_is_a_loop_of_fifty() {
        assert_eq!(space(0), 0);
        assert_eq!(space(49), 49);
        assert_eq!(space(50), 0);
        assert_eq!(space(123), 23);
        assert_eq!(space(-3), 47);
    }

    #[test]
    fn half_rounded_up() {
        assert_eq!(share(1), 1);
        assert_eq!(share(3), 2);
        assert_eq!(share(8), 4);
        assert_eq!(share(9), 5);
    }

    #[test]
    fn a_robber_on_the_space_left_takes_half_and_goes_home() {
        // Seat 0's robber beside seat 1 on space 12; seat 1 scores 7.
        let mut robbers = vec![Some(12), None, None];
        assert_eq!(on_move(&mut robbers, &mv(1, 12, 7)), vec![(0, 4)]);
        assert_eq!(robbers, vec![None, None, None]);
    }

    #[test]
    fn a_robber_elsewhere_takes_nothing_and_stays() {
        let mut robbers = vec![Some(11), None, Some(30)];
        assert!(on_move(&mut robbers, &mv(1, 12, 7)).is_empty());
        assert_eq!(robbers, vec![Some(11), None, Some(30)]);
    }

    #[test]
    fn a_robber_never_robs_its_owner() {
        // Seat 1's own robber on the space its figure leaves.
        let mut robbers = vec![None, Some(12)];
        assert!(on_move(&mut robbers, &mv(1, 12, 7)).is_empty());
        assert_eq!(robbers, vec![None, Some(12)]);
    }

    #[test]
    fn every_robber_on_the_space_robs_in_seat_order_after_the_mover() {
        let mut robbers = vec![Some(5), Some(20), Some(5), Some(5)];
        assert_eq!(on_move(&mut robbers, &mv(1, 5, 4)), vec![(2, 2), (3, 2), (0, 2)]);
        assert_eq!(robbers, vec![None, Some(20), None, None]);
    }

    #[test]
    fn stolen_points_carry_the_robbers_along() {
        // Rogue points: seat 2's robber stands beside seat 0, which moves
        // 4 spaces with points it stole; the robber goes along, unpaid.
        let mut robbers = vec![None, None, Some(48)];
        let m = Move {
            player: 0,
            from: 48,
            points: 4,
            stolen: true,
        };
        assert!(on_move(&mut robbers, &m).is_empty());
        assert_eq!(robbers, vec![None, None, Some(2)]);
    }

    #[test]
    fn no_points_is_no_move() {
        let mut robbers = vec![Some(3), None];
        assert!(on_move(&mut robbers, &mv(1, 3, 0)).is_empty());
        assert!(on_move(&mut robbers, &mv(1, 3, -2)).is_empty());
        assert_eq!(robbers, vec![Some(3), None]);
    }

    #[test]
    fn players_leaving_the_robbers_space() {
        let robbers = [Some(7), None, None];
        let moves = [mv(1, 7, 6), mv(2, 3, 2), mv(2, 7, 4), mv(1, 13, 2), mv(0, 7, 5)];
        // Bob and Cid leave space 7; Ann's own figure does not count.
        assert_eq!(victims(0, &robbers, &moves), vec![1, 2]);
        assert!(victims(1, &robbers, &moves).is_empty());
    }

    #[test]
    fn spaces_with_another_players_figure() {
        // Seat 0 at 10, seat 1 at 60 (space 10), seat 2 at 4.
        let scores = [10, 60, 4];
        assert_eq!(spaces_for(0, &scores, None), vec![4, 10]);
        assert_eq!(spaces_for(2, &scores, None), vec![10]);
        assert_eq!(spaces_for(0, &scores, Some(10)), vec![4]);
        assert_eq!(standing_on(10, 0, &scores), vec![1]);
    }
}
