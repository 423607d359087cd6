//! The move a later number needs, found in the prose before it: where the
//! commentary after a move runs on to the number of the move after the one
//! due (`7. f4 … sitä e5 tai c5. ↵ e5 Musta pelaa … 8.dxe5`, `3. d4 Black
//! replied with cxd4 at once. 4. Nxd4`), the due move is one of the words
//! in it that play. Each such word is weighed by how far the game reads on
//! from it through that number (a trial replay of the walk); a word at
//! the start of a line or sentence outweighs one inside a sentence that
//! reads as far, and the same move written twice is the first. Where two different moves weigh the same,
//! none is taken: the text does not say which.

use std::cell::Cell;
use std::cmp::Ordering;

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position};

use super::Replayer;
use super::numbers::number_fits;
use super::prose::{at_boundary, move_number};
use crate::read::lexer::{Lexer, Tok};

/// How many tokens past a word the number after it is looked for.
const DUE_TOKENS: usize = 160;
/// How many words that play the prose may hold before that number and
/// still be weighed; past this many the text is no game's.
pub(super) const DUE_RIVALS: usize = 8;
/// How many bytes past the number the game is read on from each word.
const DUE_WINDOW: usize = 1024;

/// A word in the prose that plays where the prose began.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    pub(super) offset: usize,
    pub(super) mv: Move,
    /// It begins a line or a sentence.
    pub(super) boundary: bool,
}

impl Candidate {
    pub(super) fn new(text: &str, offset: usize, mv: Move) -> Candidate {
        Candidate {
            offset,
            mv,
            boundary: at_boundary(text, offset),
        }
    }
}

/// The words in a stretch of prose that played where it began, passed over.
#[derive(Clone, Debug, Default)]
pub(super) struct Passed {
    pub(super) words: ArrayVec<Candidate, DUE_RIVALS>,
    /// More than [`DUE_RIVALS`] of them.
    pub(super) overflowed: bool,
    /// Where the number they were weighed for stands, and the word taken.
    pub(super) weighed: Cell<Option<(usize, Option<usize>)>>,
}

impl Passed {
    /// Where the first of them stands.
    pub(super) fn first(&self) -> Option<usize> {
        self.words.first().map(|c| c.offset)
    }

    pub(super) fn push(&mut self, candidate: Candidate) {
        if self.words.try_push(candidate).is_err() {
            self.overflowed = true;
        }
    }
}

impl Replayer<'_> {
    /// Whether `me`, a word in prose that plays in `pos` (with `after` the
    /// lexer past it), is the move the next move number needs: that number
    /// is of the move after the one due, and of the words that play there
    /// before it (`passed`, and those still ahead), the game reads on
    /// furthest through it from `me`. The weighing is made once for the
    /// stretch of prose and kept in `passed`.
    pub(super) fn due_in_prose(
        &self,
        me: &Candidate,
        after: &Lexer<'_>,
        pos: &Chess,
        passed: &Passed,
    ) -> bool {
        // A trial reads on as the walk did before the choice it weighs.
        if passed.overflowed || self.in_trial || self.settings.horizon != usize::MAX {
            return false;
        }
        if let Some((number_at, winner)) = passed.weighed.get()
            && me.offset < number_at
        {
            return winner == Some(me.offset);
        }
        // The number first, with no word read as a move on the way: where
        // there is none in reach, or it is not of the move after the one
        // due, no word of this prose before it is the move due.
        let (at_number, number_at) = match self.number_after(after) {
            Ok(found) => found,
            Err(reached) => {
                passed.weighed.set(Some((reached, None)));
                return false;
            }
        };
        let Some((number, black)) = at_number.clone().next().and_then(|t| move_number(&t.tok))
        else {
            return false;
        };
        let mut played = pos.clone();
        played.play_unchecked(me.mv);
        if number_fits(number, black, pos) || !number_fits(number, black, &played) {
            passed.weighed.set(Some((number_at, None)));
            return false;
        }
        let mut rivals: ArrayVec<Candidate, { 2 * DUE_RIVALS }> =
            passed.words.iter().cloned().collect();
        let winner = match self.rivals_before(after, number_at, pos, &mut rivals) {
            true => self.weigh_due(me, &rivals, number_at, &at_number, pos),
            false => None,
        };
        passed.weighed.set(Some((number_at, winner)));
        winner == Some(me.offset)
    }

    /// Of `me` and its `rivals`, the one from which the game reads on
    /// furthest through the move number at `number_at` (`at_number` the
    /// lexer before it), the number of the move after the one due in
    /// `pos`; none where two different moves read as far.
    fn weigh_due(
        &self,
        me: &Candidate,
        rivals: &[Candidate],
        number_at: usize,
        at_number: &Lexer<'_>,
        pos: &Chess,
    ) -> Option<usize> {
        let mut best: Option<(&Candidate, usize)> = None;
        let mut tied = false;
        for c in std::iter::once(me).chain(rivals) {
            let reach = self.reads_on(c.mv, pos, number_at, at_number);
            let Some((b, best_reach)) = best else {
                best = Some((c, reach));
                continue;
            };
            let weighed = reach.cmp(&best_reach).then(c.boundary.cmp(&b.boundary));
            match weighed {
                Ordering::Greater => (best, tied) = (Some((c, reach)), false),
                Ordering::Less => {}
                // The same move written twice: the first is it.
                Ordering::Equal if c.mv == b.mv => {
                    if c.offset < b.offset {
                        best = Some((c, reach));
                    }
                }
                Ordering::Equal => tied = true,
            }
        }
        let (winner, reach) = best?;
        (!tied && reach > 0).then_some(winner.offset)
    }

    /// How many moves of the main line a trial replay reads from the move
    /// number at `number_at` (`at_number` the lexer before it), with `mv`
    /// played in `pos` before it, within [`DUE_WINDOW`] bytes.
    fn reads_on(&self, mv: Move, pos: &Chess, number_at: usize, at_number: &Lexer<'_>) -> usize {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let line = super::Line {
            prev: Some(pos.clone()),
            pos: after,
            recent: super::restart::Recent::default(),
        };
        let game = self.trial_from(number_at, &line, number_at + DUE_WINDOW, at_number, None);
        game.mainline().count()
    }

    /// The lexer just before the next move number after `after` (past
    /// prose, skipping bracketed side lines), and where that number stands;
    /// where the game's text ends first (a result, a tag, a position) or
    /// the number is too far, how far was looked.
    fn number_after<'t>(&self, after: &Lexer<'t>) -> Result<(Lexer<'t>, usize), usize> {
        let mut ahead = after.clone();
        let mut depth = 0u32;
        for _ in 0..DUE_TOKENS {
            let before = ahead.clone();
            let Some(token) = ahead.next() else {
                return Err(ahead.offset());
            };
            match token.tok {
                Tok::Result(_) | Tok::Tag { .. } | Tok::BrokenTag(_) | Tok::Position { .. } => {
                    return Err(token.offset);
                }
                Tok::Open => depth += 1,
                Tok::Close if depth == 0 => return Err(token.offset),
                Tok::Close => depth -= 1,
                _ if depth > 0 => {}
                _ if move_number(&token.tok).is_some() => return Ok((before, token.offset)),
                _ => {}
            }
        }
        Err(ahead.offset())
    }

    /// Gathers into `rivals` the words from `after` to `number_at` (outside
    /// brackets) that play in `pos`; `false` where they are too many.
    fn rivals_before(
        &self,
        after: &Lexer<'_>,
        number_at: usize,
        pos: &Chess,
        rivals: &mut ArrayVec<Candidate, { 2 * DUE_RIVALS }>,
    ) -> bool {
        let mut ahead = after.clone();
        let mut depth = 0u32;
        while let Some(token) = ahead.next() {
            if token.offset >= number_at {
                break;
            }
            match token.tok {
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
                Tok::Word(word) if depth == 0 => {
                    let word =
                        super::joined::move_words(word, self.settings.descriptive, &mut ahead);
                    if let Some(mv) = self.plays(&word, pos)
                        && rivals
                            .try_push(Candidate::new(self.text, token.offset, mv))
                            .is_err()
                    {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }
}

impl Replayer<'_> {
    /// Says that `word` at `offset`, a move in prose, was read as the move
    /// due in `l` because the number after it needs it, where that was a
    /// judgement: it stands inside a sentence, or other words that play
    /// were passed over for it.
    pub(super) fn say_due(
        &self,
        word: &str,
        offset: usize,
        l: &super::Line,
        game: &mut crate::game::Game,
    ) {
        let rivals = self
            .prose
            .as_ref()
            .is_some_and(|p| !p.passed_words.words.is_empty());
        let boundary = at_boundary(self.text, offset);
        if boundary && !rivals {
            return;
        }
        let side = super::Side::of(&l.pos);
        let why = match rivals {
            true => "of the moves the commentary names there, the game reads on from this one",
            false => "the move number after it needs a move there",
        };
        self.report(
            game,
            crate::vocab::diag::Severity::Warning,
            offset,
            format!("`{word}` in the commentary is read as the move due at {side}: {why}"),
        );
    }
}
