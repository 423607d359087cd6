//! A descriptive move misprinted: one printed at its number in the main
//! line of a game under way that names no legal move as printed, read
//! with one name of a piece otherwise (see
//! [`crate::notation::descriptive::misprint`]) where exactly one such
//! reading lets the game go on (a choice the trial replays settle), with a
//! warning that says what was printed and what was read (`--strict`: an
//! error). Where none or several do, the move stays an error that lists
//! them. A trial replay reads a misprint of its own only where one reading
//! plays and the moves since the last confirm it.

use shakmaty::san::San;
use shakmaty::{Chess, MoveList, Position};

use super::{Choice, ChoicePoint, Pick, Problem, Replayer, Side, san_list};
use crate::game::Game;
use crate::notation::algebraic::{MoveToken, ParsedMove};
use crate::notation::descriptive::misprint::{Misreading, misreadings};
use crate::notation::descriptive::{Descriptive, write};
use crate::notation::resolve::Resolved;
use crate::read::replay::WordOutcome;
use crate::vocab::signs::CheckSign;

/// How many moves after a misprint, as printed, confirm its reading
/// before a trial reads another: two of each side.
const CONFIRMING_PLIES: u32 = 4;

/// What a word read as a misprint gives: its move, or what the word is
/// instead (a choice to settle).
type Reading = Result<(ParsedMove, Option<Resolved>), WordOutcome>;

impl Replayer<'_> {
    /// `word` (read as `parsed`, no legal move in `pos`) read as a
    /// misprint: the pick among its readings with one name otherwise, a
    /// choice where none is made yet. `None` where it may not be read so
    /// (see [`Replayer::may_be_misprinted`]) or no such reading is legal.
    pub(super) fn misprinted(
        &self,
        word: &str,
        offset: usize,
        side: Side,
        pos: &Chess,
        parsed: &ParsedMove,
        game: &mut Game,
    ) -> Option<Result<Reading, Problem>> {
        let MoveToken::Descriptive { mv, en_passant } = parsed.token else {
            return None;
        };
        let explicit = self.pick(offset);
        if explicit.is_none() && !self.may_be_misprinted(offset, pos, game) {
            return None;
        }
        let d = Descriptive {
            mv,
            en_passant,
            check: (parsed.check == Some(CheckSign::Mate))
                .then_some(crate::notation::descriptive::DescCheck::Mate),
            nag: None,
        };
        let readings = misreadings(pos, &d);
        if readings.is_empty() {
            return None;
        }
        let moves: MoveList = readings.iter().map(|r| r.mv).collect();
        let in_trial = self.in_trial || self.settings.horizon != usize::MAX;
        let pick = match explicit {
            Some(Pick::Move(i)) => Pick::Move(i),
            Some(Pick::Unsettled) => Pick::Unsettled,
            _ if !self.may_be_misprinted(offset, pos, game) => return None,
            // A trial reads a misprint of its own only where one reading
            // plays, past the moves that confirm the last.
            _ if in_trial => match readings.len() == 1 && self.confirmed(game) {
                true => Pick::Move(0),
                false => return None,
            },
            _ if self.settings.settle_rest => Pick::Unsettled,
            _ => {
                let choice = ChoicePoint::new(offset, Choice::Move(readings.len()));
                return Some(Ok(Err(WordOutcome::Choice(choice))));
            }
        };
        Some(match pick {
            Pick::Move(i) => {
                let read = readings[i.min(readings.len() - 1)];
                let candidates = pos.san_candidates(read.mv.role(), read.mv.to());
                let san = San::disambiguate(read.mv, &candidates);
                let message = misprint_message(word, side, pos, read, &moves);
                self.repair(game, offset, message, pos);
                self.misprint_at.set(Some(game.moves_read));
                Ok(Ok((*parsed, Some(Resolved { mv: read.mv, san }))))
            }
            _ => Err(Problem {
                message: format!("illegal move `{word}` at {side}"),
                notes: vec![format!(
                    "read as a misprint, with one name of a piece otherwise, it could be {}; none or several of them let the rest of the game replay",
                    san_list(&moves)
                )],
                explain: true,
            }),
        })
    }
}

impl Replayer<'_> {
    /// Whether a move that does not play, at `offset`, may be read as a
    /// misprint: only in the main line of a game under way, as the move of
    /// its number. A side line's or a first move's that does not play says
    /// rather that it begins elsewhere (a note's line put at the wrong
    /// move, a position set up); a move in prose is named, not played.
    fn may_be_misprinted(&self, offset: usize, pos: &Chess, game: &Game) -> bool {
        self.stack.is_empty() && game.moves_read > 0 && self.printed_at_its_number(offset, pos)
    }

    /// Whether the moves read since the last misprint (or the trial's
    /// start) confirm it: [`CONFIRMING_PLIES`] of them.
    fn confirmed(&self, game: &Game) -> bool {
        game.moves_read >= self.misprint_at.get().unwrap_or(0) + CONFIRMING_PLIES
    }

    /// Whether the word at `offset` follows the number due in `pos`, with
    /// nothing but spaces between: a move of the game's table or list, not
    /// one named in prose.
    fn printed_at_its_number(&self, offset: usize, pos: &Chess) -> bool {
        let Some(number) = self.number.filter(|_| self.at_number_due(pos)) else {
            return false;
        };
        let between = self.text.get(number.offset..offset).unwrap_or("x");
        between
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '…' || c.is_whitespace())
    }
}

/// The warning for `word` read as `read`: what was printed, what is read
/// and which part was taken for a misprint, among which readings.
fn misprint_message(
    word: &str,
    side: Side,
    pos: &Chess,
    read: Misreading,
    moves: &MoveList,
) -> String {
    let mut written = String::new();
    write(pos, read.mv, &mut written);
    let san = San::disambiguate(read.mv, moves);
    let others = match moves.len() {
        1 => "the only move it names with one name read otherwise, and the game goes on after it"
            .to_string(),
        _ => format!(
            "of {}, the moves it names with one name read otherwise, the only one after which the game goes on",
            san_list(moves)
        ),
    };
    format!(
        "`{word}` at {side} is no legal move as printed; read as {san} (`{written}`), its {} taken for a misprint: {others}",
        read.part.name()
    )
}
