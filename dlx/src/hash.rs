//! The crate's one hash: every table of it — the memo's states, the
//! diagram's unique nodes, the names of items — hashes its small integer
//! keys with [`Mix`], a multiply-and-rotate step per word and Murmur3's
//! 64-bit finalizer, so that keys differing in one bit anywhere spread over
//! the whole table and a table may index by any bits of the hash. The
//! standard library's SipHash resists chosen keys, which none of these
//! tables meets, and costs more than the search step it guards.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: see the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mix(u64);

impl Mix {
    /// A hasher that has seen `len` (the number of words or bytes to come,
    /// so that keys of different lengths differ).
    #[inline]
    fn with_len(len: usize) -> Mix {
        Mix(len as u64)
    }
}

impl Hasher for Mix {
    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for chunk in &mut words {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            // Little-endian, without a call to copy a short tail.
            let word = rest
                .iter()
                .rev()
                .fold(0u64, |word, &byte| (word << 8) | u64::from(byte));
            self.write_u64(word);
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The hash of a key of words.
#[inline]
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    let mut mix = Mix::with_len(words.len());
    for &word in words {
        mix.write_u64(word);
    }
    mix.finish()
}

/// The hash of a string of bytes.
#[inline]
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut mix = Mix::with_len(bytes.len());
    mix.write(bytes);
    mix.finish()
}

/// Hash maps keyed by [`Mix`].
pub(crate) type MixMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bit_anywhere_moves_the_low_and_the_high_bits() {
        let key = [3u64, 0, 1 << 40];
        let base = hash_words(&key);
        for word in 0..key.len() {
            for bit in [0, 31, 63] {
                let mut other = key;
                other[word] ^= 1 << bit;
                let hash = hash_words(&other);
                assert_ne!(hash & 0xFFFF, base & 0xFFFF, "word {word} bit {bit}");
                assert_ne!(hash >> 48, base >> 48, "word {word} bit {bit}");
            }
        }
        // The length is part of the key.
        assert_ne!(hash_words(&[0]), hash_words(&[0, 0]));
        assert_ne!(hash_bytes(b"a"), hash_bytes(b"a\0"));
    }
}
