//! Diagnostics of a replay: each problem placed at its line and column,
//! with the source line under it and, for a move, the position it was to
//! be made in; repairs are warnings, or errors under `strict`.

use shakmaty::{Chess, Color, EnPassantMode, Position, fen::Fen};

use super::Replayer;
use crate::game::Game;
use crate::vocab::diag::{Diagnostic, GamePosition, Severity, Source};

/// How many warnings, and how many errors, one game reports before it
/// stops listing them.
const MAX_LISTED: usize = 100;

/// How much of a line a diagnostic keeps on each side of its token: a
/// real line is kept whole (the display shows a part of it); a longer one
/// is cut, so that a flood of diagnostics on a huge line stays small.
const SNIPPET_REACH: usize = 16 << 10;

/// The source line around `offset` (at most [`SNIPPET_REACH`] bytes on
/// either side), with the token's width and where it starts.
pub(crate) fn snippet(text: &str, offset: usize) -> Source {
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let low = floor(offset.saturating_sub(SNIPPET_REACH));
    let high = floor((offset + SNIPPET_REACH).min(text.len()));
    let start = text[low..offset].rfind('\n').map_or(low, |i| low + i + 1);
    let end = text[offset..high].find('\n').map_or(high, |i| offset + i);
    let token = &text[offset..end];
    let width = if token.starts_with('[') {
        // A tag: underline it whole.
        token
            .find(']')
            .map_or(token.chars().count(), |i| token[..=i].chars().count())
    } else {
        token
            .find(|c: char| c.is_whitespace() || "(){}[];".contains(c))
            .map_or(token.chars().count(), |i| token[..i].chars().count())
    };
    let cut_before = start == low && low > 0 && !text[..low].ends_with('\n');
    let cut_after = end == high && high < text.len() && !text[high..].starts_with('\n');
    Source {
        text: text[start..end].trim_end_matches('\r').to_string(),
        width: width as u32,
        caret: (text[start..offset].chars().count() + 1) as u32,
        cut_before,
        cut_after,
    }
}

/// The move number, side to move and FEN of `pos`, for a diagnostic.
pub(super) fn game_position(pos: &Chess) -> GamePosition {
    GamePosition {
        number: pos.fullmoves().get(),
        white_to_move: pos.turn() == Color::White,
        fen: fen_of(pos),
    }
}

/// The FEN of `pos`, written into a string of its own (as `Display`
/// writes it, without a formatter's work per character).
fn fen_of(pos: &Chess) -> String {
    let mut fen = String::with_capacity(96);
    Fen::from_position(pos, EnPassantMode::Legal).append_to_string(&mut fen);
    fen
}

impl Replayer<'_> {
    pub(super) fn report(
        &self,
        game: &mut Game,
        severity: Severity,
        offset: usize,
        message: String,
    ) {
        self.report_at(game, severity, offset, message, None, Vec::new());
    }

    /// Reports a problem at `offset`, with the source line under it and,
    /// for a problem with a move, the position the move was to be made in.
    pub(super) fn report_at(
        &self,
        game: &mut Game,
        severity: Severity,
        offset: usize,
        message: String,
        pos: Option<&Chess>,
        notes: Vec<String>,
    ) {
        // A trial asks only whether the game goes on: no place, no source
        // line (which, on a game written in one line, is the whole game).
        if self.in_trial {
            game.diagnostics
                .push(Diagnostic::new(severity, self.first_line, 1, message));
            return;
        }
        // A flood of warnings (a line of a million stray brackets), or of
        // errors where the game goes on past them (`--check`), is cut
        // short: a game keeps at most this many of each, so that its
        // diagnostics stay small whatever its length.
        if severity != Severity::Note {
            let kept = game
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .count();
            if kept >= MAX_LISTED {
                if kept == MAX_LISTED {
                    let (line, column) = self.line_col(offset);
                    game.diagnostics.push(Diagnostic::new(
                        severity,
                        line,
                        column,
                        format!(
                            "more than {MAX_LISTED} {}s in this game; the rest are not shown",
                            severity.as_str()
                        ),
                    ));
                }
                return;
            }
        }
        let text = self.text;
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, column) = self.line_col(offset);
        game.diagnostics.push(Diagnostic {
            severity,
            line,
            column,
            message,
            source: Some(snippet(text, offset)),
            position: pos.map(game_position),
            notes,
        });
    }

    /// The 1-based line in the input and column of `offset`, going on from
    /// the last one asked for, so that many diagnostics on a long text cost
    /// linear time.
    pub(super) fn line_col(&self, offset: usize) -> (u32, u32) {
        let text = self.text;
        let (mut at, mut line, mut column) = self.place.get();
        if offset < at {
            (at, line, column) = (0, 1, 1);
        }
        // Lines by their breaks, found a word at a time; the column in
        // characters after the last break.
        let passed = &text[at..offset];
        let after_break = match memchr::memrchr(b'\n', passed.as_bytes()) {
            Some(last) => {
                line += memchr::memchr_iter(b'\n', passed.as_bytes()).count() as u32;
                column = 1;
                &passed[last + 1..]
            }
            None => passed,
        };
        column += after_break.chars().count() as u32;
        at = offset;
        self.place.set((at, line, column));
        (line + self.first_line - 1, column)
    }

    /// A repair: a warning, or an error under `strict`.
    pub(super) fn repair(&self, game: &mut Game, offset: usize, message: String, pos: &Chess) {
        let severity = Severity::of_repair(self.settings.strict);
        self.report_at(game, severity, offset, message, Some(pos), Vec::new());
    }
}
