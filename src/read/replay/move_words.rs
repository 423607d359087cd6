//! Words of prose that name moves: shaped as a move in any letters (a
//! square, castling, ICCF numeric, a scanned move), or a descriptive move
//! in a descriptive game; and the words of a stretch of prose as the
//! reader parts them.

use super::Replayer;
use crate::game::Game;
use crate::notation::algebraic::{MoveToken, is_iccf, names_square, scanned_move};
use crate::vocab::signs::{castling_sign, is_invisible};

/// Whether a word of commentary names a move, as the game's moves are
/// written: shaped as one ([`strong_move_shaped`]), and where it is digits
/// alone (`1851`, `(1657)`: a year, a rating), only in a game that has read
/// moves in ICCF numeric notation; in a descriptive game, a word that
/// reads as a descriptive move (`P-QN4`, `BxP`), which names no square.
pub(super) fn names_move(word: &str, game: &Game) -> bool {
    let shaped = strong_move_shaped(word)
        && (game.iccf_moves > 0 || !word.bytes().all(|b| b.is_ascii_digit()));
    shaped
        || game
            .descriptive
            .is_some_and(|lang| names_descriptive_move(word, lang))
}

/// Whether a word of a descriptive game's commentary is a descriptive
/// move: it parses as one and says where the piece goes or what it takes
/// (a letter alone, `B` or `K`, is a word).
fn names_descriptive_move(word: &str, lang: crate::notation::descriptive::Lang) -> bool {
    let word = word
        .trim_start_matches('(')
        .trim_end_matches([',', ';', '.', '!', '?', ')']);
    word.chars().count() >= 3
        && word.contains(['-', 'x', '×', ':'])
        && crate::notation::descriptive::Descriptive::parse(word, lang).is_ok()
}

/// Whether a word looks like a move whatever the letters: it names a
/// square (`e4`, `Кf3`, `Cc4-b3`, `ed4`, or with a letter for the digit
/// 1, `Sgl`), or is castling or ICCF numeric.
pub(super) fn strong_move_shaped(word: &str) -> bool {
    names_square(word)
        || castling_sign(word).is_some()
        || is_iccf(word)
        || scanned_move(word).is_some()
}

/// Whether a move as read names a square and nothing else (`f5`): no
/// piece, no file or rank it comes from, no capture sign.
pub(super) fn bare_square(token: &MoveToken) -> bool {
    matches!(
        token,
        MoveToken::Normal {
            role: None,
            from_file: None,
            from_rank: None,
            capture: false,
            ..
        }
    )
}

/// Whether a text (a bracket's) holds a word that looks like a move.
pub(super) fn holds_moves(text: &str) -> bool {
    prose_words(text).any(strong_move_shaped)
}

impl Replayer<'_> {
    /// [`holds_moves`] for the game's text from `from` to `end`: where
    /// that is the rest of the text, as the walk's brackets know it.
    pub(super) fn holds_moves_to(&self, from: usize, end: usize) -> bool {
        match end == self.text.len() {
            true => self.brackets.moves_from(self.text, from),
            false => self.brackets.moves_between(self.text, from, end),
        }
    }
}

/// Whether a character parts the words of prose (see [`prose_words`]).
pub(super) fn parts_words(c: char) -> bool {
    c.is_whitespace() || is_invisible(c) || matches!(c, ',' | ';')
}

/// The words of a stretch of prose (parted by spaces, invisible
/// characters, commas and semicolons), without the brackets around them
/// (`(13.Nf3`, `e5)`), but with a promotion's (`c8(Q)`): subslices of
/// `text`.
pub(super) fn prose_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(parts_words)
        .map(|word| {
            let word = word.trim_start_matches(['(', '[', '{']);
            if word.contains('(') {
                word
            } else {
                word.trim_end_matches([')', ']', '}'])
            }
        })
        .filter(|w| !w.is_empty())
}
