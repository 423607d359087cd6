//! `notate` reads chess game records in any notation, replays every move on
//! a board with [shakmaty], and writes the game out in the notation asked for.
//!
//! # Use
//!
//! Everything the command line does is one call with [`Options`], the
//! library's form of its flags:
//!
//! ```
//! use notate::{Options, Style, convert};
//! use notate::output::Format;
//!
//! // A Russian scoresheet to English SAN, one game per line.
//! let options = Options { format: Format::Text, ..Options::default() };
//! let done = convert("1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 *", &options);
//! assert_eq!(done.output, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n");
//! assert_eq!((done.summary.read, done.summary.failed), (1, 0));
//!
//! // The other way, in the Russian textbook style (e2-e4, Кg1-f3, 0-0).
//! let options = Options {
//!     style: Style::preset("ru-classic").unwrap(),
//!     format: Format::Text,
//!     ..Options::default()
//! };
//! let done = convert("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *", &options);
//! assert_eq!(done.output, "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 4. Сb5-a4 Кg8-f6 5. 0-0 *\n");
//! ```
//!
//! A problem is a [`Diagnostic`] with its line and column, and the game it
//! is in is counted as failed; the rest of the input comes through:
//!
//! ```
//! use notate::{Options, convert};
//!
//! let done = convert("1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n", &Options::default());
//! assert_eq!((done.summary.read, done.summary.written, done.summary.failed), (2, 1, 1));
//! assert_eq!((done.diagnostics[0].line, done.diagnostics[0].column), (1, 13));
//! assert!(done.diagnostics[0].message.contains("Ke3"));
//! ```
//!
//! To work with the games themselves, [`read`] gives each as a [`Game`]:
//! its tags, its moves ([`MoveRecord`]: the move, its SAN, check, number
//! and side) with comments, NAGs and variations, and what was repaired.
//! [`Style::write_move`] writes a move in any notation:
//!
//! ```
//! use notate::{ReaderOptions, Style, read};
//!
//! let games = read("[White \"Anderssen\"]\n\n1. e4 e5 2. f4 exf4 3. Sf3 *", &ReaderOptions::default());
//! let game = &games[0];
//! assert_eq!(game.tag("White"), Some("Anderssen"));
//! assert_eq!(game.letters.map(|l| l.code), Some("de")); // `S` is a German knight
//! let figurine = Style { letters: notate::vocab::letters::LetterSet::by_code("figurine").unwrap(), ..Style::pgn() };
//! let moves: Vec<String> = game.mainline().map(|m| {
//!     let mut text = String::new();
//!     figurine.write_move(m, game.castling_mode, &mut text);
//!     text
//! }).collect();
//! assert_eq!(moves, ["e4", "e5", "f4", "exf4", "♘f3"]);
//! ```
//!
//! And one move at a time, [`read_move`] reads a move written in any
//! letter set in a position:
//!
//! ```
//! use notate::{Style, read_move};
//! use notate::vocab::letters::LetterSet;
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! let spanish = LetterSet::by_code("es").unwrap();
//! let record = read_move(&pos, "Cf3", spanish).unwrap(); // C is a Spanish knight
//! assert_eq!(record.san.to_string(), "Nf3");
//! assert!(read_move(&pos, "Cf4", spanish).is_err());
//! ```
//!
//! Descriptive notation is read like any other (a game is told by its first
//! moves) and written with [`Form::Descriptive`];
//! [`notation::descriptive`] reads and writes one move against a position:
//!
//! ```
//! use notate::notation::descriptive::{Descriptive, Lang, resolve, write};
//! use shakmaty::{Chess, Position};
//!
//! let mut pos = Chess::default();
//! for text in ["P-K4", "P-QB4", "Kt-KB3"] {
//!     let mv = resolve(&pos, &Descriptive::parse(text, Lang::English).unwrap()).unwrap();
//!     pos.play_unchecked(mv);
//! }
//! // Black to move: ranks count from Black's side.
//! let mv = resolve(&pos, &Descriptive::parse("P-Q3", Lang::English).unwrap()).unwrap();
//! assert_eq!(mv.to().to_string(), "d6");
//! let mut text = String::new();
//! write(&pos, mv, &mut text);
//! assert_eq!(text, "P-Q3");
//! ```
//!
//! # shakmaty's version
//!
//! The API speaks shakmaty's types: [`read_move`] takes a
//! [`shakmaty::Chess`], a [`MoveRecord`] holds a [`shakmaty::Move`] and a
//! [`Game`] its start position as a `Chess`. The dependency is pinned
//! (`shakmaty = "=0.30.1"`), so a program that passes positions in must
//! depend on that same version (or use the one re-exported here,
//! [`shakmaty`]); a newer shakmaty comes with a new minor version of this
//! crate.
//!
//! # Features
//!
//! `cli` (default) builds the `notate` command and the crates only it
//! uses (clap, indicatif, walkdir, signal-hook, …). A library user can
//! leave them out:
//!
//! ```toml
//! notate = { version = "0.1", default-features = false }
//! ```
//!
//! # The pipeline
//!
//! One way through, a folder per stage, each importing only from the
//! stages before it:
//!
//! 1. [`vocab`]: what every stage shares, on shakmaty alone: letter sets,
//!    signs, results, a move as played, diagnostics;
//! 2. `input`: bytes to text (compression, encoding), cut into one game's
//!    text at a time;
//! 3. [`notation`]: a word to a move's parts in any letter set (algebraic,
//!    ICCF numeric, descriptive), matched against the legal moves; and a
//!    move written back in a [`Style`];
//! 4. [`game`]: the model, a game with every move resolved;
//! 5. `read`: a game's text to tokens with spans, replayed on the board
//!    into a [`Game`], under the letter set the game is written in;
//! 6. [`output`]: the game printed in a [`Format`], and files written whole;
//! 7. [`convert`](mod@convert): the whole pipeline over a stream, on one
//!    thread or many, output in input order.
//!
//! The stages `input` and `read` are internal; their working parts are
//! reached through the hidden `internals` module by the fuzz targets,
//! benches and tests, and are no stable API.

pub mod convert;
pub mod game;
mod input;
pub mod notation;
pub mod output;
mod read;
pub mod vocab;

/// The stages' internals, for the fuzz targets, benches and tests (not a
/// stable API).
#[doc(hidden)]
pub mod internals {
    pub use crate::input::{decode, document, split};
    pub use crate::read::{detect, lexer, reader, replay, suggest};
}

/// The shakmaty this crate is built on, for positions and moves passed
/// in and out (see "shakmaty's version" above).
pub use shakmaty;

pub use convert::{Converter, Options, Summary};
pub use game::{Game, MoveRecord};
pub use notation::style::{Form, Style};
pub use output::Format;
pub use read::reader::ReaderOptions;
pub use vocab::diag::{Diagnostic, Severity};
pub use vocab::letters::LetterSet;

use shakmaty::Chess;

/// What [`convert()`] gives: the output, every diagnostic in input order,
/// and the counts.
#[derive(Debug, Clone)]
pub struct Conversion {
    pub output: String,
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
}

/// Converts every game in `text` as the command line would with `options`.
pub fn convert(text: &str, options: &Options) -> Conversion {
    let (output, diagnostics, summary) = convert::convert_str(text, options);
    Conversion {
        output,
        diagnostics,
        summary,
    }
}

/// Reads every game in `text`, converted or not (see [`Game::failed`] and
/// the game's diagnostics).
pub fn read(text: &str, options: &ReaderOptions) -> Vec<Game> {
    let mut reader = read::reader::GameReader::new(options);
    let mut splitter = input::split::Splitter::new(text.as_bytes()).keep_raw(false);
    let mut raw = input::split::RawGame::default();
    let mut games = Vec::new();
    while let Ok(true) = splitter.next_game(&mut raw) {
        let (mut text, mut first_line) = (raw.text.as_str(), raw.first_line);
        loop {
            let mut game = Game::default();
            reader.read(text, first_line, &mut game);
            // A game the reader found inside this one's text, after it.
            let next = game
                .next_game
                .filter(|&at| 0 < at && at < text.len() && text.is_char_boundary(at));
            games.push(game);
            let Some(at) = next else { break };
            let lines = text.as_bytes()[..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            first_line = first_line.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
            text = &text[at..];
            reader.scan_at_most(Some(at.saturating_mul(2).max(convert::SCAN_AT_LEAST)));
        }
        reader.scan_at_most(None);
    }
    games
}

/// Why [`read_move`] found no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadMoveError {
    /// The text is no move in the letter set.
    NotAMove(notation::algebraic::TokenError),
    /// It reads as a move, but no legal move, or several, match it.
    Board(notation::resolve::ResolveError),
}

impl std::fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadMoveError::NotAMove(e) => {
                write!(
                    f,
                    "not a move: expected {} at byte {}",
                    e.expected, e.offset
                )
            }
            ReadMoveError::Board(notation::resolve::ResolveError::Illegal) => {
                write!(f, "no legal move matches")
            }
            ReadMoveError::Board(notation::resolve::ResolveError::Ambiguous(moves)) => {
                write!(f, "{} legal moves match", moves.len())
            }
            ReadMoveError::Board(notation::resolve::ResolveError::Null) => {
                write!(f, "a null move is no move on the board")
            }
        }
    }
}

impl std::error::Error for ReadMoveError {}

/// Reads one move, written in `letters` (or figurines) in any of the forms
/// the converter reads, as the legal move it names in `pos`.
pub fn read_move(
    pos: &Chess,
    text: &str,
    letters: &'static vocab::letters::LetterSet,
) -> Result<MoveRecord, ReadMoveError> {
    let readings =
        notation::algebraic::ParsedMove::readings(text, notation::algebraic::Alphabet::of(letters))
            .map_err(ReadMoveError::NotAMove)?;
    let mut first_error = None;
    for reading in &readings {
        match notation::resolve::resolve(pos, &reading.token) {
            Ok(found) => return Ok(MoveRecord::new(pos, found.mv)),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(ReadMoveError::Board(
        first_error.unwrap_or(notation::resolve::ResolveError::Illegal),
    ))
}

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
