//! An arbitrary token read under every letter set's alphabet, and each
//! reading resolved against a few positions.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use notate::vocab::letters::LETTER_SETS;
use notate::notation::algebraic::{Alphabet, ParsedMove};
use notate::notation::resolve::resolve;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// One FEN per line; `#` starts a comment line.
const FENS: &str = include_str!("../../fixtures/fuzz/move_token_positions.txt");

fn positions() -> &'static [Chess] {
    static POS: OnceLock<Vec<Chess>> = OnceLock::new();
    POS.get_or_init(|| {
        let mut v = vec![Chess::default()];
        for fen in FENS.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let pos: Chess = Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            v.push(pos);
        }
        v
    })
}

fn alphabets() -> &'static [Alphabet] {
    static ALPHABETS: OnceLock<Vec<Alphabet>> = OnceLock::new();
    ALPHABETS.get_or_init(|| {
        let mut v: Vec<Alphabet> = LETTER_SETS.iter().map(|s| Alphabet::new(&[s])).collect();
        // Several sets at once, as auto detection may build.
        let all: Vec<_> = LETTER_SETS.iter().collect();
        v.push(Alphabet::new(&all));
        v
    })
}

fuzz_target!(|s: &str| {
    for alphabet in alphabets() {
        if let Ok(readings) = ParsedMove::readings(s, alphabet) {
            assert!(!readings.is_empty(), "Ok readings must not be empty");
            for reading in &readings {
                for pos in positions() {
                    if let Ok(r) = resolve(pos, &reading.token) {
                        assert!(pos.is_legal(r.mv), "resolved an illegal move");
                    }
                }
            }
        }
    }
});
