//! A move that cannot be played: an error that stops the game; in a side
//! line, a choice for the caller (is its `(` stray, or is the line kept as
//! a comment?); under `--check`, the error and the game read on from the
//! legal move closest to what was written, so that every problem of a
//! scoresheet is listed in one run.

use shakmaty::Position;

use super::{Choice, ChoicePoint, Line, Problem, Replayer};
use crate::game::Game;
use crate::read::lexer::Lexer;
use crate::vocab::diag::Severity;

impl Replayer<'_> {
    /// A move that cannot be played: an error that stops the game, or in a
    /// side line, a choice for the caller (is its `(` stray, or is it kept
    /// as a comment?).
    pub(super) fn fail(
        &mut self,
        problem: Problem,
        word: &str,
        offset: usize,
        ahead: &Lexer<'_>,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<(), ChoicePoint> {
        if let Some(open) = self.stack.last() {
            if self.settings.settle_rest && self.settings.pick(open.offset).is_none() {
                // No replay left to settle it: the word is the side
                // line's commentary, said so, and the line reads on.
                self.report(
                    game,
                    Severity::Warning,
                    offset,
                    format!("`{word}` in a side line is no move here: kept as its commentary"),
                );
                game.letters_partial = true;
                let end = self.text.floor_char_boundary(offset + word.len());
                self.begin_prose(offset, end.max(offset), game);
                return Ok(());
            }
            return Err(ChoicePoint {
                offset: open.offset,
                choice: Choice::BadVariation(offset),
            });
        }
        if self.settings.go_on
            && self.settings.descriptive.is_none()
            && let Some(closest) = self.closest_going_on(word, ahead, l)
        {
            self.go_on_from(problem, closest, word, offset, l, game);
            return Ok(());
        }
        if problem.explain {
            let index = game.diagnostics.len();
            game.unexplained = Some((index, l.pos.clone(), word.to_string()));
        }
        self.report_at(
            game,
            Severity::Error,
            offset,
            problem.message,
            Some(&l.pos),
            problem.notes,
        );
        self.failed = true;
        Ok(())
    }

    /// Of the legal moves closest to `word` (at most eight), the one after
    /// which the text after it (`ahead`) reads on furthest (up to 40
    /// moves and 400 tokens: bounded, and only where a move failed).
    fn closest_going_on(&self, word: &str, ahead: &Lexer<'_>, l: &Line) -> Option<shakmaty::Move> {
        let closest = crate::read::suggest::closest_moves(&l.pos, word, self.settings.letters);
        let mut best: Option<(u32, shakmaty::Move)> = None;
        for &mv in closest.iter().take(8) {
            let reach = self.probe_far(mv, &l.pos, ahead.clone(), 40, 400);
            if best.is_none_or(|(b, _)| reach > b) {
                best = Some((reach, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }

    /// The error for a move that cannot be played, and the game read on
    /// from `closest`, the legal move closest to it, as if it stood there
    /// (`--check`: every problem of a scoresheet in one run).
    fn go_on_from(
        &mut self,
        problem: Problem,
        closest: shakmaty::Move,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
    ) {
        let san = shakmaty::san::San::from_move(&l.pos, closest);
        let message = format!(
            "{}; read on from the closest legal move, {san}, to look for more",
            problem.message
        );
        let mut notes = problem.notes;
        if problem.explain {
            notes.extend(crate::read::suggest::suggestions(
                &l.pos,
                word,
                self.settings.letters,
            ));
        }
        self.report_at(game, Severity::Error, offset, message, Some(&l.pos), notes);
        let before = l.pos.clone();
        let record = crate::game::MoveRecord {
            mv: Some(closest),
            san,
            check: None,
            color: before.turn(),
            number: before.fullmoves().get(),
        };
        l.pos.play_unchecked(closest);
        let record = crate::game::MoveRecord {
            check: crate::game::check_of(&l.pos),
            ..record
        };
        l.recent
            .push(&before, game.events.len(), self.number.is_some());
        l.prev = Some(before);
        game.moves_read += 1;
        game.first_move_at.get_or_insert(offset as u32);
        game.events.push(crate::game::Event::Move(record));
    }
}
