//! The world's seeded random source: the same seed gives the same draws on every platform.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A world's random stream, fixed by the world's `u64` seed so replays, lockstep games and
/// tests see the same outcomes.
///
/// PCG64 MCG (`pcg64_fast`) rather than PCG32: every draw the model makes needs 53 bits
/// ([`WorldRng::unit`]), which is one step of a 64-bit generator but two of PCG32, and its
/// 128-bit state still clones as a plain 16-byte copy. Its `u128` arithmetic is slower on
/// 32-bit targets, but gives the same stream there.
///
/// `Clone` copies the stream's position, so a snapshot of a world draws what the world would.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct WorldRng {
    generator: Pcg64Mcg,
}

impl WorldRng {
    /// The stream of `seed`. Any seed is fine, 0 included: `seed_from_u64` spreads its bits
    /// over the generator's whole state first.
    pub fn new(seed: u64) -> Self {
        WorldRng {
            generator: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The next 64 uniformly random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.generator.next_u64()
    }

    /// A uniform number in [0, 1): the top 53 bits of [`WorldRng::next_u64`] times 2⁻⁵³.
    ///
    /// 53 bits is an `f64`'s whole significand, so every value is exact and evenly spaced;
    /// 1.0 can never come out, which keeps "is the draw below p" tests honest at p = 1.
    pub fn unit(&mut self) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }

    /// A uniform index in `0..n` (`n` > 0), by multiplying 64 random bits by `n` and keeping
    /// the high half (Lemire): no division, and a bias of at most `n / 2⁶⁴`.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value to give");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_four(seed: u64) -> [u64; 4] {
        let mut rng = WorldRng::new(seed);
        [(); 4].map(|()| rng.next_u64())
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = WorldRng::new(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        // Binomial sd ≈ 29 around 1000.
        assert!(seen.iter().all(|&c| (850..=1150).contains(&c)), "{seen:?}");
        assert_eq!(WorldRng::new(3).below(1), 0);
    }

    // Golden values: if a rand_core or rand_pcg upgrade changes the stream (seeding or
    // generator), saved replays and lockstep peers would diverge, so this must fail first.
    // They were checked against an independent implementation of the published algorithms
    // (rand_core's PCG32 expansion of the seed, then pcg64_fast's multiply and XSL-RR).
    #[test]
    fn the_streams_of_seeds_0_and_42_are_pinned() {
        assert_eq!(
            first_four(0),
            [
                0x5603_f242_407d_eca2,
                0xd684_5f75_e9e2_1acd,
                0x5a22_d8b7_6f39_f418,
                0xade4_9a5f_17af_5dd3,
            ]
        );
        assert_eq!(
            first_four(42),
            [
                0x92d6_e5d9_42f4_ad9b,
                0x2220_622a_f23e_6e6f,
                0x5b1e_9c79_7ef9_e726,
                0x39b4_3fe8_c5ed_65b7,
            ]
        );
    }

    #[test]
    fn a_clone_continues_the_same_stream() {
        let mut world = WorldRng::new(7);
        world.next_u64();
        let mut snapshot = world.clone();
        assert_eq!(
            [(); 8].map(|()| world.next_u64()),
            [(); 8].map(|()| snapshot.next_u64())
        );
    }

    #[test]
    fn different_seeds_give_different_streams() {
        assert_ne!(first_four(1), first_four(2));
    }

    #[test]
    fn unit_is_the_top_53_bits_scaled_into_0_1() {
        let mut bits = WorldRng::new(42);
        let mut units = WorldRng::new(42);
        for _ in 0..10_000 {
            let expected = (bits.next_u64() >> 11) as f64 / 9_007_199_254_740_992.0;
            let unit = units.unit();
            assert_eq!(unit, expected);
            assert!((0.0..1.0).contains(&unit));
        }
    }
}
