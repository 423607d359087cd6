//! An arbitrary token read under every letter set's alphabet, and each
//! reading resolved against a few positions.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use notate::letters::LETTER_SETS;
use notate::move_token::{Alphabet, ParsedMove};
use notate::resolve::resolve;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

const FENS: &[&str] = &[
    // Promotions for both colours, with captures onto the back rank.
    "1n2k2r/P1P3P1/8/8/8/8/p1p3p1/1N2K2R w Kk - 0 1",
    "1n2k2r/P1P3P1/8/8/8/8/p1p3p1/1N2K2R b Kk - 0 1",
    // Both castlings for both sides, pieces that can reach the same square.
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq - 0 1",
    // En passant available (white to capture d6, black to capture e3).
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    // Four queens and two knights on one square's lines: disambiguation.
    "7k/8/8/1Q3Q2/8/1Q3Q2/8/N3K1N1 w - - 0 1",
];

fn positions() -> &'static [Chess] {
    static POS: OnceLock<Vec<Chess>> = OnceLock::new();
    POS.get_or_init(|| {
        let mut v = vec![Chess::default()];
        for fen in FENS {
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
