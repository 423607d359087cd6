//! Arbitrary bytes cut into games through a buffer of a size picked by the
//! input (1 to 64 bytes), against the same bytes read as one buffer: the
//! games, their first lines, text and original bytes, and the count of
//! Latin-1 lines must agree. The splitter reads a buffer's whole lines at
//! once and finds them UTF-8 together; lines that span buffers, lines that
//! are not UTF-8 and lines left for the next game are where it could slip.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use notate::internals::split::{RawGame, Splitter};

/// The games of `data` read through a buffer of `capacity` bytes.
fn games(data: &[u8], capacity: usize) -> (Vec<(u32, String, Vec<u8>)>, (u64, u32)) {
    let mut splitter = Splitter::new(BufReader::with_capacity(capacity, data));
    let mut raw = RawGame::default();
    let mut out = Vec::new();
    while splitter.next_game(&mut raw).expect("reading from memory") {
        out.push((raw.first_line, raw.text.clone(), raw.raw.clone()));
    }
    (out, splitter.latin1_lines())
}

fuzz_target!(|data: &[u8]| {
    let capacity = 1 + usize::from(data.first().copied().unwrap_or(0) % 64);
    let whole = games(data, data.len().max(1));
    assert_eq!(games(data, capacity), whole, "capacity {capacity}");
});
