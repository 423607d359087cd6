//! The move number written before a move, checked against the move it
//! stands before: a number that does not say which move it is (a move may
//! be missing, or one too many), and a number due that the prose before
//! held while the game goes on elsewhere (moves read as commentary).

use shakmaty::{Chess, Color, Position};

use super::places::at_boundary;
use super::restart::PROBE_MOVES;
use super::{Line, Replayer, Side};
use crate::game::Game;
use crate::read::lexer::Lexer;
use crate::vocab::diag::Severity;

impl Replayer<'_> {
    /// Warns where the move number before a move played does not say
    /// which move it is (a move may be missing, or one too many).
    pub(super) fn check_number(&mut self, game: &mut Game, expected: Side, plies: usize) {
        let moved = game.events[plies.min(game.events.len())..]
            .iter()
            .any(|e| matches!(e, crate::game::Event::Move(_)));
        // A word that played nothing (a placeholder, `40... —`) leaves the
        // number to the move it stands before: that move is still due.
        if !moved {
            return;
        }
        let passed = self.passed_number.take();
        let number = self.number.take();
        if let Some(at) = passed
            // A number before the prose, which the prose took in, numbers
            // nothing after it (`23. de Da … 24. ( Bd5c6`).
            && let after = number.filter(|n| n.offset > at)
            && after.is_none_or(|n| n.number != expected.number)
        {
            // The prose before held the move due; the game goes on elsewhere.
            let mut end = self.text[at..]
                .find('\n')
                .map_or(self.text.len(), |i| at + i)
                .min(at + 24);
            while !self.text.is_char_boundary(end) {
                end -= 1;
            }
            let shown = &self.text[at..end];
            let goes_on = match after {
                Some(n) => format!("at {}{}", n.number, if n.black { "..." } else { "." }),
                None => "with a move of no number".into(),
            };
            self.misnumbered_move(game);
            self.report(
                game,
                Severity::Error,
                at,
                format!(
                    "the commentary holds the move due, `{}`, and the game goes on {goes_on}: \
                     the moves between may have been read as commentary",
                    shown.trim(),
                ),
            );
            self.failed = true;
            self.next_game_after_failure(at, game);
            return;
        }
        let Some(number) = number else {
            return;
        };
        let after_prose = std::mem::take(&mut self.after_prose);
        let wrong_side = number.black && expected.turn == Color::White;
        if number.number != expected.number || wrong_side {
            self.misnumbered_move(game);
            let dots = if number.black { "..." } else { "." };
            // Right after prose, a number out of sequence says the prose
            // took moves in.
            let (severity, more) = if after_prose {
                (
                    Severity::Error,
                    "; the commentary before it may hold the moves between",
                )
            } else {
                (Severity::Warning, "")
            };
            self.report(
                game,
                severity,
                number.offset,
                format!(
                    "move number {}{dots} out of sequence: the move after it is {expected}{more}",
                    written_number(self.text, number.offset, number.number)
                ),
            );
            if after_prose {
                self.failed = true;
                self.next_game_after_failure(number.offset, game);
            }
        }
    }
}

impl Replayer<'_> {
    /// Notes, where the move just played is the main line's, how many
    /// moves it read before this one, whose number says it is another.
    fn misnumbered_move(&self, game: &mut Game) {
        if self.stack.is_empty() && game.numbered_plies.is_none() {
            let before = game.mainline().count().saturating_sub(1);
            game.numbered_plies = Some(u32::try_from(before).unwrap_or(u32::MAX));
        }
    }

    /// Whether the move number `number` at `offset`, which does not fit
    /// the move due (the lexer stands after it), is a misprint for it and
    /// ends the prose being read: it begins a line or sentence after prose
    /// that named no move, and the moves after it go on from where the
    /// game stands through the numbers that follow for a whole probe
    /// (`2. c4, c6. … 2. Sf3, Sf6, 4. Sc3, e6, 5. g3`), where from the
    /// move it names they do not (no side line). The number is then said
    /// out of sequence as anywhere else, not as prose that took moves in.
    pub(super) fn misnumbered(
        &mut self,
        number: u32,
        black: bool,
        offset: usize,
        lexer: &Lexer<'_>,
        l: &Line,
    ) -> bool {
        let clean = self.prose.as_ref().is_some_and(|p| p.named_nothing());
        if !clean || !self.stack.is_empty() || self.main_over() || !at_boundary(self.text, offset) {
            return false;
        }
        let Some((word, past)) = lexer.next_word() else {
            return false;
        };
        let Some(here) = self.plays_at(word, &past, &l.pos) else {
            return false;
        };
        if self.probe(here, &l.pos, lexer) < PROBE_MOVES {
            return false;
        }
        let ply = 2 * number.saturating_sub(1) + u32::from(black);
        let back = l.recent.at(ply).and_then(|i| {
            let before = l.recent.position(i);
            let mv = self.plays_at(word, &past, before)?;
            Some(self.probe(mv, before, lexer))
        });
        if back.is_some_and(|moves| moves >= PROBE_MOVES) {
            return false;
        }
        if let Some(prose) = self.prose.as_mut() {
            prose.misnumbered = true;
        }
        true
    }
}

/// Whether move number `number` (with dots that say Black moves, if
/// `black`) is the number of the move due in `pos`.
#[inline]
pub(super) fn number_fits(number: u32, black: bool, pos: &Chess) -> bool {
    number == pos.fullmoves().get() && !(black && pos.turn() == Color::White)
}

/// Whether move number `number` (with dots that say Black moves, if
/// `black`) is of a move before the one due in `pos` (`7...` or `8.` where
/// `8...` is due).
pub(super) fn number_before_due(number: u32, black: bool, pos: &Chess) -> bool {
    let due = pos.fullmoves().get();
    number < due || (number == due && !black && pos.turn() == Color::Black)
}

/// The move number `number` at `offset`, as written where it was too large
/// for a `u32` (and read as its largest).
fn written_number(text: &str, offset: usize, number: u32) -> String {
    let from = text.get(offset..).unwrap_or_default();
    let digits = from.bytes().take_while(u8::is_ascii_digit).count();
    match number {
        u32::MAX if digits > 0 => from[..digits].to_string(),
        _ => number.to_string(),
    }
}
