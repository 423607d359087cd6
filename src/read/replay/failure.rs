//! A move that cannot be played: an error that stops the game; in a side
//! line, a choice for the caller (is its `(` stray, or is the line kept as
//! a comment?); under `--check`, the error and the game read on from the
//! legal move closest to what was written, so that every problem of a
//! scoresheet is listed in one run.

use shakmaty::Position;

use super::numbers::number_fits;
use super::prose::{at_boundary, letter_run, strong_move_shaped};
use super::{Choice, ChoicePoint, Line, Problem, Replayer};
use crate::game::Game;
use crate::read::lexer::{Lexer, Tok, Token};
use crate::vocab::diag::Severity;

/// Whether the token after a word is a word of prose (`can`, `is`): not a
/// move, a number, a bracket or a result.
fn prose_next(ahead: &Lexer<'_>) -> bool {
    matches!(
        ahead.clone().next(),
        Some(Token { tok: Tok::Word(w), .. })
            if w.starts_with(char::is_alphabetic) && !strong_move_shaped(w)
    )
}

/// How far ahead of a move that cannot be played the move due is looked
/// for (a paragraph of commentary).
const RESUME_TOKENS: usize = 400;

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
            if self.settings.settle_rest && self.pick(open.offset).is_none() {
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
            return Err(ChoicePoint::new(open.offset, Choice::BadVariation(offset)));
        }
        if (letter_run(word) || (strong_move_shaped(word) && prose_next(ahead)))
            && !self.whole_descriptive_move(word)
            && self.resumes_at_due(ahead, l)
        {
            // Prose, glued to a word (`チェス自戦譜#4`) or naming a move
            // (`d3 can be considered here`: a word shaped as one, not
            // `Kf9` or a stray mark, with a word of prose after it)
            // before the game is taken up again at the move due: the
            // commentary's, said as such, not a slip that stops the game.
            game.letters_partial = true;
            let end = self.text.floor_char_boundary(offset + word.len());
            self.begin_prose(offset, end.max(offset), game);
            return Ok(());
        }
        if let Some(at) = self.start_after_fragment(ahead, game) {
            // The text begins with the end of another game (numbered from
            // its middle), or the game stops here: an error for it, and the
            // game from the start read as the next.
            let (line, column) = self.line_col(at);
            let message = match self.main_moves {
                0 => format!(
                    "{}: no game from the start reads here; the text up to the game that begins at {line}:{column} is read as a game of its own",
                    problem.message
                ),
                _ => format!(
                    "{}; the game from the start after it is read as the next",
                    problem.message
                ),
            };
            self.report_at(
                game,
                Severity::Error,
                offset,
                message,
                Some(&l.pos),
                problem.notes,
            );
            self.failed = true;
            game.next_game = Some(at);
            return Ok(());
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

    /// Whether `word` is a whole move in the game's descriptive notation,
    /// one the board does not allow (`Castles QR` joined from `Castles on
    /// Q's side.`, `KB checks`): a move lost where it is taken for prose,
    /// not the prose's word its run of letters may look like.
    fn whole_descriptive_move(&self, word: &str) -> bool {
        self.settings.descriptive.is_some_and(|lang| {
            crate::notation::descriptive::Descriptive::parse(word, lang).is_ok()
        })
    }

    /// Whether the text ahead of a move that cannot be played takes the game
    /// up again at the move due (within [`RESUME_TOKENS`] tokens, outside
    /// brackets): that move's number, for its side (`4...` after Black's
    /// 4th failed), then a move that plays, where prose would be read past
    /// to it (at a line's or sentence's start, or where the game reads on
    /// from it further than from the number's later occurrences). The word
    /// that failed is then the commentary's, not the game's (an annotated
    /// game's paragraph after each move, naming the moves it weighs).
    fn resumes_at_due(&self, ahead: &Lexer<'_>, l: &Line) -> bool {
        let black = l.pos.turn() == shakmaty::Color::Black;
        let mut lexer = ahead.clone();
        let mut depth = 0u32;
        for _ in 0..RESUME_TOKENS {
            let Some(token) = lexer.next() else {
                return false;
            };
            let (number, dots) = match token.tok {
                Tok::Open => {
                    depth += 1;
                    continue;
                }
                Tok::Close => {
                    depth = depth.saturating_sub(1);
                    continue;
                }
                Tok::MoveNumber { number, black } if depth == 0 => (number, black),
                _ => continue,
            };
            if dots != black || !number_fits(number, dots, &l.pos) {
                continue;
            }
            let plays = matches!(
                lexer.clone().next(),
                Some(Token { tok: Tok::Word(word), .. }) if self.plays(word, &l.pos).is_some()
            );
            // At a line's or sentence's start, or mid-sentence where the
            // game reads on from it furthest, as prose is read past.
            if plays
                && (at_boundary(self.text, token.offset)
                    || self.best_due(number, dots, &lexer, &l.pos, &|| false))
            {
                return true;
            }
        }
        false
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
