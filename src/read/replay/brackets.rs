//! What a walk learns once of its text's brackets and shares with its
//! trials: which `(` no `)` closes, and where the text's last word like a
//! move stands. Many brackets never closed (`( ( ( … e5`) each ask how far
//! they run and whether they hold a move; asked afresh, each answer reads
//! to the end of the text, and the walk is quadratic.

use std::cell::{Cell, OnceCell, RefCell};

use super::prose::{parts_words, prose_words, strong_move_shaped};
use crate::read::lexer::{Lexer, LexerState, Tok};

/// The answers found so far, for one game's text.
#[derive(Default)]
pub(super) struct Brackets {
    /// Where each `(` no `)` closes ends (the offset just past it), in
    /// order.
    unclosed: RefCell<Vec<usize>>,
    /// The lexer at the end of the text, as the read that found them left
    /// it.
    end: Cell<Option<LexerState>>,
    /// Where the last word shaped like a move begins, once looked for.
    last_move_word: OnceCell<Option<usize>>,
}

impl Brackets {
    /// Where the `)` that closes a `(` the lexer has just passed is (the
    /// end of the text where none does), and a lexer past it. A number
    /// with its bracket (`48)`, as `1)` numbers a scoresheet) closes a
    /// bracket too where one is open.
    pub(super) fn matching_close<'a>(&self, lexer: &Lexer<'a>) -> (usize, Lexer<'a>) {
        let start = lexer.offset();
        if let Some(end) = self.end.get()
            && self.unclosed.borrow().binary_search(&start).is_ok()
        {
            let mut after = lexer.clone();
            after.set_state(end);
            return (lexer.text_len(), after);
        }
        let mut ahead = lexer.clone();
        // The brackets opened inside this one and not closed yet.
        let mut inner: Vec<usize> = Vec::new();
        loop {
            let Some(token) = ahead.next() else {
                self.note_unclosed(start, &inner, ahead.state());
                return (ahead.text_len(), ahead);
            };
            let number_close = matches!(token.tok, Tok::MoveNumber { .. })
                && ahead.offset() > token.offset
                && ahead.just_passed(b')');
            let close = match token.tok {
                Tok::Open => {
                    inner.push(ahead.offset());
                    continue;
                }
                Tok::Close => token.offset,
                _ if number_close => ahead.offset() - 1,
                _ => continue,
            };
            if inner.pop().is_none() {
                return (close, ahead);
            }
        }
    }

    /// Keeps `start` and `inner` (in order, all past `start`) as brackets
    /// never closed, and the lexer's state at the end.
    fn note_unclosed(&self, start: usize, inner: &[usize], end: LexerState) {
        let mut unclosed = self.unclosed.borrow_mut();
        // Those known past `start` are open still at the end of this read
        // too: among `inner`.
        let at = unclosed.partition_point(|&o| o < start);
        unclosed.truncate(at);
        unclosed.push(start);
        unclosed.extend_from_slice(inner);
        self.end.set(Some(end));
    }

    /// Whether `text[from..]`, the rest of the game's text, holds a word
    /// that looks like a move (as [`super::prose::holds_moves`] tells).
    pub(super) fn moves_from(&self, text: &str, from: usize) -> bool {
        let last = self.last_move_word.get_or_init(|| {
            prose_words(text)
                .filter(|w| strong_move_shaped(w))
                .last()
                .map(|w| w.as_ptr() as usize - text.as_ptr() as usize)
        });
        match *last {
            Some(last) if last >= from => true,
            // No word like a move begins past `from`: only the first word
            // read from there, which may be the end of a longer one, can be.
            _ => {
                let rest = &text[from..];
                let first = &rest[..rest.find(parts_words).unwrap_or(rest.len())];
                prose_words(first).next().is_some_and(strong_move_shaped)
            }
        }
    }
}
