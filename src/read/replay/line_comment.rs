//! What a `;` is: a comment to its line's end, or punctuation the game's
//! moves go on past (prose typography: `… keeps the pawn ; more often
//! 7...dxc3 here. 8.Qb3`), judged once per line and position however many
//! `;` the line holds, so that a line of them is read in linear time.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

use super::Replayer;

/// What is known of the `;` of one line read at one position.
#[derive(Clone, Copy)]
pub(super) struct LineJudgement {
    /// Where the line ends in the game's text.
    line_end: usize,
    /// The position its `;` are read at, with its move number (which
    /// the hash leaves out).
    position: (u64, u32),
    /// The game goes on right after the line (the move due, numbered or
    /// not, plays there): its `;` are comments.
    resumes_after: bool,
    /// Where the word is that said the line's text goes on with the game,
    /// and the last move number before it (offsets in the game's text).
    deciding: Option<(usize, Option<usize>)>,
}

impl Replayer<'_> {
    /// Whether the `;` at `offset` (`text`, the rest of its line) is
    /// punctuation the game's moves go on past: its text may go on with
    /// the line standing at `pos` ([`Replayer::may_go_on`]), and the game
    /// does not go on right after its line (`2. Nf3 ; Nc6 is best` /
    /// `2... Nc6 3. Bb5`: a comment that names the move to come).
    pub(super) fn line_goes_on(&mut self, offset: usize, text: &str, pos: &Chess) -> bool {
        let start = offset + 1;
        let line_end = start + text.len();
        let hash: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        let position = (u64::from(hash), pos.fullmoves().get());
        let known = self
            .line_judgement
            .filter(|j| j.line_end == line_end && j.position == position);
        let mut judgement = match known {
            Some(judgement) => judgement,
            None => LineJudgement {
                line_end,
                position,
                resumes_after: self.goes_on_directly(&self.text[line_end..], pos),
                deciding: None,
            },
        };
        if judgement.resumes_after {
            self.line_judgement = Some(judgement);
            return false;
        }
        // A later `;` before the word that decided, past no number, is
        // judged as the first was.
        if let Some((at, number)) = judgement.deciding
            && offset < at
            && number.is_none_or(|n| n < offset)
        {
            return true;
        }
        let found = self.goes_on_at(text, pos, false);
        judgement.deciding = found
            .deciding
            .map(|at| (start + at, found.last_number.map(|n| start + n)));
        self.line_judgement = Some(judgement);
        found.deciding.is_some()
    }
}
