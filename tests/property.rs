//! Property: a random legal game, written with random conventions in a
//! random form and letter set, reads back to the same moves.
//!
//! The games come from a fixed-seed generator (no dependency), so a failure
//! names its seed and can be replayed.

use notate::convert::{Options, convert_str};
use notate::game::Game;
use notate::letters::{LETTER_SETS, LetterSet};
use notate::printer::Format;
use notate::reader::{GameReader, ReaderOptions};
use notate::split::{RawGame, Splitter};
use notate::style::{
    CaptureSign, CastlingSign, Conventions, DoubleCheckSign, EnPassantSuffix, Form, MateSign,
    PromotionSign, Separator, Style,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// xorshift64*: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[(T, &str)]) -> T {
        items[self.below(items.len())].0
    }
}

/// Starts where promotions, en passant, castling and checks come soon.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 20",
    "4k3/PPP5/8/8/8/8/ppp5/4K3 b - - 0 40",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
];

/// A random legal game: its start FEN and its moves in UCI.
fn random_game(rng: &mut Rng) -> (String, Vec<String>) {
    let fen = STARTS[rng.below(STARTS.len())];
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let mut moves = Vec::new();
    for _ in 0..rng.below(120) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(UciMove::from_standard(m).to_string());
        pos.play_unchecked(m);
    }
    (fen.to_string(), moves)
}

fn random_style(rng: &mut Rng) -> Style {
    let letters: Vec<&'static LetterSet> = LETTER_SETS.iter().collect();
    Style {
        form: rng.pick(&[(Form::San, ""), (Form::Lan, ""), (Form::Uci, "")]),
        letters: letters[rng.below(letters.len())],
        conventions: Conventions {
            capture: rng.pick(CaptureSign::ALL),
            castling: rng.pick(CastlingSign::ALL),
            promotion: rng.pick(PromotionSign::ALL),
            mate: rng.pick(MateSign::ALL),
            double_check: rng.pick(DoubleCheckSign::ALL),
            en_passant: rng.pick(EnPassantSuffix::ALL),
            separator: rng.pick(Separator::ALL),
        },
    }
}

fn read_uci(text: &str, letters: &'static LetterSet) -> (Vec<String>, Vec<String>) {
    let mut reader = GameReader::new(&ReaderOptions {
        from: vec![letters],
        ..ReaderOptions::default()
    });
    let mut splitter = Splitter::new(text.as_bytes());
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    assert!(splitter.next_game(&mut raw).unwrap(), "no game in {text}");
    reader.read(&raw.text, raw.first_line, &mut game);
    let moves = game
        .mainline()
        .map(|m| m.uci(game.castling_mode).to_string())
        .collect();
    let messages = game.diagnostics.iter().map(|d| d.to_string()).collect();
    (moves, messages)
}

#[test]
fn random_games_in_random_notations_read_back() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for seed in 0..2000 {
        let (fen, moves) = random_game(&mut rng);
        let style = random_style(&mut rng);
        let uci_game = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{} *\n", moves.join(" "));
        let options = Options {
            style,
            format: Format::Pgn,
            ..Options::default()
        };
        let (written, diagnostics, summary) = convert_str(&uci_game, &options);
        assert_eq!(summary.written, 1, "seed {seed}: {diagnostics:?}");
        let (back, messages) = read_uci(&written, style.letters);
        assert_eq!(
            back, moves,
            "seed {seed}, style {style:?}:\n{written}\n{messages:?}"
        );
        // Marks the writer computed from the board never draw a warning;
        // a game of no moves is said to be one.
        let expected: &[&str] = if moves.is_empty() {
            &["1:1: warning: the game has tags but no moves"]
        } else {
            &[]
        };
        assert_eq!(
            messages, expected,
            "seed {seed}, style {style:?}:\n{written}\n{messages:?}"
        );
    }
}
