//! The game's own moves stated again in the commentary from an earlier
//! move number, going on past where the game stands (`… 1.e4 e5 2.Nf3
//! Nc6, and White chooses. The main line goes: 1. e4 e5 2. Nf3 Nc6 3.
//! Bc4 …`): the statement is the commentary's, and the game goes on after
//! it.

use shakmaty::Chess;

use super::numbers::number_fits;
use super::places::at_boundary;
use super::restart::PROBE_MOVES;
use super::{Line, Replayer};
use crate::game::{Event, Game};
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::diag::Severity;

/// How many tokens a statement of the game's moves again may run over
/// (numbers, marks and moves): the game's recent moves are at most 24.
const RECAP_TOKENS: usize = 96;

/// How many bytes of the statement its warning quotes.
const SHOWN: usize = 24;

impl Replayer<'_> {
    /// Where the move number `number` at `offset`, earlier than the move
    /// due (the lexer stands after it), begins the game's own moves again:
    /// each word after it plays the move the game played there, up to
    /// where the game stands, and the moves after them go on from there for
    /// a whole probe. It stands at a line's or sentence's start, or is
    /// White's first move (the whole game stated again). The offset of the
    /// first token after the moves stated again, where the game goes on.
    pub(super) fn recap_end(
        &self,
        number: u32,
        black: bool,
        offset: usize,
        lexer: &Lexer<'_>,
        l: &Line,
        game: &Game,
    ) -> Option<usize> {
        let from_start = number == 1 && !black;
        if !self.stack.is_empty() || self.main_over() {
            return None;
        }
        if !from_start && !at_boundary(self.text, offset) {
            return None;
        }
        let ply = 2 * number.checked_sub(1)? + u32::from(black);
        let mut i = l.recent.at(ply)?;
        let mut ahead = lexer.clone();
        for _ in 0..RECAP_TOKENS {
            if i == l.recent.len() {
                let end = ahead.clone().next()?.offset;
                return self.game_goes_on(&ahead, &l.pos).then_some(end);
            }
            let pos = l.recent.position(i);
            let token = ahead.next()?;
            match token.tok {
                Tok::MoveNumber { number, black } if number_fits(number, black, pos) => {}
                Tok::Nag(_) => {}
                Tok::Word(word) => {
                    let word =
                        super::joined::move_words(word, self.settings.descriptive, &mut ahead);
                    let mv = self.plays(&word, pos)?;
                    let event = l.recent.event(i)?;
                    if !matches!(&game.events[event], Event::Move(r) if r.mv == Some(mv)) {
                        return None;
                    }
                    i += 1;
                }
                _ => return None,
            }
        }
        None
    }

    /// Where the prose being read states the game's moves again: `false`
    /// for the token at `offset` (the lexer stands after it) within the
    /// statement, the prose's; `true` where the game goes on, said in a
    /// warning (an error under `strict`). `None` outside such a statement.
    pub(super) fn in_recap(
        &mut self,
        offset: usize,
        lexer: &Lexer<'_>,
        game: &mut Game,
    ) -> Option<bool> {
        let prose = self.prose.as_mut()?;
        let (start, end) = prose.recap?;
        if offset < end {
            prose.end = lexer.offset();
            return Some(false);
        }
        prose.recap = None;
        // The statement as far as its line, at most a few words of it.
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        let mut shown = self.text[start..line_end.min(end)].trim_end();
        if shown.len() > SHOWN {
            let cut = &shown[..shown.floor_char_boundary(SHOWN)];
            shown = cut
                .rsplit_once(char::is_whitespace)
                .map_or(cut, |(kept, _)| kept);
        }
        let severity = match self.settings.strict {
            true => Severity::Error,
            false => Severity::Warning,
        };
        self.report(
            game,
            severity,
            start,
            format!(
                "the game's moves stated again (`{}`) are taken as commentary: the game goes on after them",
                shown.trim_end()
            ),
        );
        Some(true)
    }

    /// Whether the text from `ahead` goes on from `pos` for a whole probe:
    /// the number due, if any, then a move that plays and the moves after
    /// it.
    fn game_goes_on(&self, ahead: &Lexer<'_>, pos: &Chess) -> bool {
        let mut ahead = ahead.clone();
        let word = loop {
            match ahead.next().map(|t| t.tok) {
                Some(Tok::MoveNumber { number, black }) if number_fits(number, black, pos) => {}
                Some(Tok::Word(word)) => break word,
                _ => return false,
            }
        };
        let word = super::joined::move_words(word, self.settings.descriptive, &mut ahead);
        self.plays(&word, pos)
            .is_some_and(|mv| self.probe_after(mv, pos, ahead) >= PROBE_MOVES)
    }
}
