//! Solo games (one player): the rules that assume other players.
//!
//! `solo_nest.json` is `nest_eighth_neighbour.json` played by Ann alone:
//! every tile and every follower is hers.

mod common;

use common::*;

/// The nest at (0,1) is completed by Ann's 9th tile: 2 eggs for the
/// completing tile + her 5 followers in the block (the roads of (1,0) and
/// (0,1), the fields of (-1,0) and (1,1), the city of (0,2); the cloister
/// follower on (2,1) is outside) = 7. Final scoring: the most eggs score
/// 10; with nobody else there is no second-highest count, so the 5 is
/// never given — under both `second_place` values.
#[test]
fn a_solo_player_with_eggs_scores_ten_and_nobody_is_second() {
    for variants in [&[][..], &[("second_place", "more-than-two-players")][..]] {
        let r = replay("solo_nest.json", variants);
        assert_eq!(r.game.state().players(), 1);
        assert_eq!(nests(&r), vec![(ps(&[[0, 1]])[0], 0, vec![7])]);
        assert_eq!(state_of(&r.game).eggs, [7]);
        assert_eq!(easter_points(&r.game), [10]);
    }
}
