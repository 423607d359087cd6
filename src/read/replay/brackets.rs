//! What a walk learns once of its text's brackets and shares with its
//! trials: which `(` no `)` closes, and where the text's last word like a
//! move stands. Many brackets never closed (`( ( ( … e5`) each ask how far
//! they run and whether they hold a move; asked afresh, each answer reads
//! to the end of the text, and the walk is quadratic. So do many brackets
//! that close (`( ( ( … e5 ) ) )`, a side line in each): where each
//! closes, and whether each holds a word like a move, is learned once.

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;

use super::prose::{parts_words, prose_words, strong_move_shaped};
use crate::read::lexer::{Lexer, LexerState, Tok};

/// How many brackets nested inside the one a read is for have where they
/// close kept as that read finds them: the read's memory stays bounded
/// however deep the nesting, and a bracket deeper still is found by a read
/// of its own, which keeps as many again.
const KEPT_INNER: usize = 4096;

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
    /// Where each `(` found closed so far closes, by the offset just past
    /// it: the lexer's state there (the answer holds for a lexer in that
    /// state only: what it has counted, invisible characters, goes on in
    /// the state past the `)`), where its `)` is, and the state past it.
    closed: RefCell<HashMap<usize, (LexerState, usize, LexerState)>>,
    /// The text's words, once listed (see [`Brackets::moves_between`]).
    words: OnceCell<Words>,
    /// How many bytes [`Brackets::moves_between`] has read afresh: up to
    /// the text's length it reads each stretch asked about, past it it
    /// lists the text's words, so that most texts, which ask about little,
    /// list nothing, and none reads more than twice its length.
    read_afresh: Cell<usize>,
}

/// The words of a game's text as [`prose_words`] parts them, in order,
/// with a count of those shaped like a move, so that whether a stretch of
/// the text holds one is told without reading it again. Words of brackets
/// alone (`(`, `))`) are left out: no part of them is a word.
struct Words {
    spans: Vec<Span>,
    /// How many of the words before each are shaped like a move.
    strong_before: Vec<u32>,
}

/// A word: where its run of characters begins and ends (`a`, `b`), where
/// it begins past its opening brackets (`t`), where it ends before its
/// closing ones (`u`, for a word with no `(` past `t`), and in `flags`
/// whether it holds a `(` past `t` ([`HAS_OPEN`]) and whether it is
/// shaped like a move ([`STRONG`]). Offsets are `u32`: a text longer is
/// read afresh each time.
#[derive(Clone, Copy)]
struct Span {
    a: u32,
    b: u32,
    t: u32,
    u: u32,
    flags: u8,
}

const HAS_OPEN: u8 = 1;
const STRONG: u8 = 2;

impl Words {
    fn of(text: &str) -> Words {
        let mut spans = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (parts_words(c), start) {
                (true, Some(a)) => {
                    spans.extend(Span::of(text, a, i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        let mut strong_before = Vec::with_capacity(spans.len() + 1);
        let mut count = 0;
        strong_before.push(0);
        for span in &spans {
            count += u32::from(span.strong());
            strong_before.push(count);
        }
        Words {
            spans,
            strong_before,
        }
    }

    /// Whether `text[from..end]` holds a word shaped like a move: the words
    /// wholly inside it as listed, the one or two it cuts read afresh
    /// (where the cut leaves them as they were, as listed too).
    fn any_between(&self, text: &str, from: usize, end: usize) -> bool {
        let first = self.spans.partition_point(|s| (s.a as usize) < from);
        let last = self.spans.partition_point(|s| s.b as usize <= end);
        if last > first && self.strong_before[last] > self.strong_before[first] {
            return true;
        }
        // The word `from` cuts, and the one `end` cuts.
        let cut_first = first
            .checked_sub(1)
            .map(|i| self.spans[i])
            .filter(|s| s.b as usize > from);
        let cut_last = self
            .spans
            .get(last.max(first))
            .filter(|s| (s.a as usize) < end && s.a as usize >= from);
        cut_first.is_some_and(|s| s.cut_strong(text, from, end.min(s.b as usize)))
            || cut_last.is_some_and(|s| s.cut_strong(text, s.a as usize, end))
    }
}

impl Span {
    /// The word `text[a..b]`, where some part of it may be a word.
    fn of(text: &str, a: usize, b: usize) -> Option<Span> {
        let word = &text[a..b];
        let t = b - word.trim_start_matches(['(', '[', '{']).len();
        let body = &text[t..b];
        let has_open = body.contains('(');
        let u = t + body.trim_end_matches([')', ']', '}']).len();
        if u == t && !has_open {
            return None;
        }
        let strong = prose_words(word).next().is_some_and(strong_move_shaped);
        let flags = (u8::from(has_open) * HAS_OPEN) | (u8::from(strong) * STRONG);
        let at = |o: usize| u32::try_from(o).expect("a text of less than 4 GiB");
        Some(Span {
            a: at(a),
            b: at(b),
            t: at(t),
            u: at(u),
            flags,
        })
    }

    fn strong(&self) -> bool {
        self.flags & STRONG != 0
    }

    /// Whether the part `x..y` of this word is shaped like a move.
    fn cut_strong(&self, text: &str, x: usize, y: usize) -> bool {
        let (b, t, u) = (self.b as usize, self.t as usize, self.u as usize);
        let has_open = self.flags & HAS_OPEN != 0;
        // Cut in its brackets only: the same word.
        if x <= t && (y >= b || (!has_open && y >= u && u > t)) {
            return self.strong();
        }
        prose_words(&text[x..y])
            .next()
            .is_some_and(strong_move_shaped)
    }
}

impl Brackets {
    /// Where the `)` that closes a `(` the lexer has just passed is (the
    /// end of the text where none does), and a lexer past it. A number
    /// with its bracket (`48)`, as `1)` numbers a scoresheet) closes a
    /// bracket too where one is open.
    pub(super) fn matching_close<'a>(&self, lexer: &Lexer<'a>) -> (usize, Lexer<'a>) {
        let start = lexer.offset();
        if let Some(&(state, close, after)) = self.closed.borrow().get(&start)
            && state == lexer.state()
        {
            let mut ahead = lexer.clone();
            ahead.set_state(after);
            return (close, ahead);
        }
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
        // The lexer's state past the first [`KEPT_INNER`] of them: theirs
        // are kept as they close.
        let mut states: Vec<LexerState> = Vec::new();
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
                    if inner.len() < KEPT_INNER {
                        states.push(ahead.state());
                    }
                    inner.push(ahead.offset());
                    continue;
                }
                Tok::Close => token.offset,
                _ if number_close => ahead.offset() - 1,
                _ => continue,
            };
            // Each bracket inside this one is known too as it closes.
            let mut closed = self.closed.borrow_mut();
            match inner.pop() {
                None => {
                    closed.insert(start, (lexer.state(), close, ahead.state()));
                    return (close, ahead);
                }
                Some(at) if inner.len() < states.len() => {
                    let state = states.pop().expect("kept for the first opened");
                    closed.insert(at, (state, close, ahead.state()));
                }
                Some(_) => {}
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

    /// Whether `text[from..end]` holds a word that looks like a move (as
    /// [`super::prose::holds_moves`] tells): each stretch read afresh
    /// while those read add up to no more than the text's length, then
    /// told by the text's words, listed once.
    pub(super) fn moves_between(&self, text: &str, from: usize, end: usize) -> bool {
        let afresh = self.read_afresh.get() + (end - from);
        if (self.words.get().is_none() && afresh <= text.len())
            || u32::try_from(text.len()).is_err()
        {
            self.read_afresh.set(afresh);
            return super::prose::holds_moves(&text[from..end]);
        }
        self.words
            .get_or_init(|| Words::of(text))
            .any_between(text, from, end)
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
