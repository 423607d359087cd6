//! A move typed with spaces inside it (`e2 - e4`, `D x d3`, `К e5`,
//! `dx e4`, `Cc6 x Cd4`, `Lf 1 —d3`), read as one, with a warning: the
//! pieces are joined only where the first reads as no legal move and the
//! pieces together (two or three, on one line) make one.

use shakmaty::Chess;

use super::Replayer;
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, ParsedMove, ocr_square, retyped};
use crate::notation::resolve::first_legal;
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::signs::{is_capture_sign, is_dash};

/// How many pieces a move typed with spaces is joined from, at most.
const MAX_PIECES: usize = 3;

impl Replayer<'_> {
    /// `word` (at `offset`) and the words after it, joined into the move
    /// they make together in `pos`, with a warning; the lexer is moved
    /// past them. `None` where `word` is a legal move alone, or no join of
    /// it is one.
    pub(super) fn join_spaced<'t>(
        &self,
        word: &str,
        offset: usize,
        lexer: &mut Lexer<'t>,
        pos: &Chess,
        game: &mut Game,
    ) -> Option<String> {
        let mut ahead = lexer.clone();
        let mut joined = word.to_string();
        for piece in 1..MAX_PIECES {
            let token = ahead.next()?;
            if !matches!(token.tok, Tok::Word(_) | Tok::MoveNumber { .. })
                || self.text[offset..token.offset].contains('\n')
            {
                return None;
            }
            let next = &self.text[token.offset..ahead.offset()];
            // Looked at closely only where the pieces look cut: checked
            // before the word is read, which most words never need.
            if piece == 1
                && !(looks_cut(word, next) && !reads_legal(word, self.settings.alphabet, pos))
            {
                return None;
            }
            joined.push_str(next);
            if reads_legal(&joined, self.settings.alphabet, pos) {
                let written = &self.text[offset..ahead.offset()];
                self.repair(
                    game,
                    offset,
                    format!("`{written}` read as one move, `{joined}`: spaces inside it"),
                    pos,
                );
                *lexer = ahead;
                return Some(joined);
            }
        }
        None
    }
}

/// Whether `word` and the `next` word look like one move cut by a space:
/// a sign between them, at the end of the first (`dx e4`, `Кр: g8`,
/// `Dd1x Cg4`) or the start of the next (`e2 - e4`, `Lf1 —d3`), or a
/// first piece with no rank (`К e5`, `f 4—f5`, `Lf 1`) before a file or a
/// rank.
fn looks_cut(word: &str, next: &str) -> bool {
    let sign = |c: char| is_dash(c) || is_capture_sign(c) || c == 'X';
    if word.chars().count() > 8 || !word.chars().any(char::is_alphanumeric) {
        return false;
    }
    word.ends_with(sign)
        || next.starts_with(sign)
        || !word.contains(|c: char| matches!(c, '1'..='8'))
            && next.starts_with(|c: char| matches!(c, 'a'..='h' | '1'..='8'))
}

/// Whether `word` reads as a legal move in `pos`, as written or with one
/// of the slips of a scan or of typing read back.
fn reads_legal(word: &str, alphabet: &Alphabet, pos: &Chess) -> bool {
    let legal = |w: &str| {
        ParsedMove::readings(w, alphabet)
            .is_ok_and(|readings| matches!(first_legal(pos, &readings), Ok((_, Some(_)))))
    };
    legal(word)
        || ocr_square(word).is_some_and(|w| legal(&w))
        || retyped(word, alphabet).iter().any(|r| legal(&r.word))
}
