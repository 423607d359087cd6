//! A fast hasher for short keys that no one outside chooses against the
//! reader: table words, element names. The standard hasher guards against
//! crafted keys, which a fixed table looked up by the words of a page does
//! not need, at several times the cost per word.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes bytes by a multiply and rotate per byte, and a `u64` (an
/// interned name's hash) by one multiply.
#[derive(Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A map hashed by [`WordHasher`].
pub type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;
