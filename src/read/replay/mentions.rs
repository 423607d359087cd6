//! Moves the commentary names that the game did not take: the record of
//! each stretch of prose that held them, and the judgement, once the game
//! is read, of whether those after a line's last move are that line cut
//! short (an error) or the commentary's mentions (a warning).

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, Position};

use super::Replayer;
use super::due::{Candidate, DUE_RIVALS};
use super::move_words::{prose_words, strong_move_shaped};
use super::places::glued_number_from;
use crate::read::lexer::{Lexer, Tok};

/// A stretch of prose that held moves not read, reported as it ended.
pub(super) struct Unread {
    pub(super) offset: usize,
    pub(super) len: usize,
    /// The first word of the prose, where it stands where a move number
    /// said a move was due (offset, length).
    pub(super) in_place_of_move: Option<(usize, usize)>,
    /// Where its warning is in the game's diagnostics, if it was kept.
    pub(super) diagnostic: Option<usize>,
    /// It holds a move number no earlier than the move that was due, with
    /// a word after it.
    pub(super) numbered: bool,
    /// Its one move number is past the one due (a move skipped), before
    /// its one word like a move: a threat named (`threatens to win the
    /// queen with 15.Bxf4`), not the game going on.
    pub(super) lone_ahead: bool,
    /// Its numbers are all the one due, two or more, each with a different
    /// move that plays there: the commentary's options for the move due
    /// (`most often the sharp 4. Ng5 and the quieter 4. d4`), not the
    /// game going on, unless one of them plays on.
    pub(super) options: bool,
    /// The text it spans, and the number of the move due when it began
    /// (for the numbers its words hold run together with the text, looked
    /// for only where the game's end is judged).
    pub(super) words: std::ops::Range<usize>,
    pub(super) due: u32,
    /// It holds words that play, passed over (the first few, and whether
    /// there were more).
    pub(super) playable: bool,
    pub(super) plays: ArrayVec<Candidate, DUE_RIVALS>,
    pub(super) plays_overflowed: bool,
    pub(super) main_moves: u32,
    pub(super) depth: usize,
    pub(super) after_result: bool,
    /// The ply of its line where it stands (0 in a comment).
    pub(super) ply: u32,
    /// How many words like moves it names.
    pub(super) named: u32,
}

impl Replayer<'_> {
    /// Whether the moves `u` names, after the last move of its line (which
    /// stands at `end`, where known), are that line cut short rather than
    /// the commentary's: a word stood where a number said a move was due,
    /// the prose numbers moves from the one due on (in a token, or run
    /// together in a word: `alfiere.c610.Bd3`), or a word that plays there
    /// is followed by another that plays on from it (`… c3al bonne h8g6
    /// …`). A move that plays named alone in a sentence (`Weiß kann mit Te1
    /// … e4 ist zudem …`) is the commentary's, kept and said in a warning;
    /// before the game's first move there is no game for it to comment on.
    /// Judged once the game is read, for the few stretches it concerns.
    pub(super) fn cuts_game(&self, u: &Unread, end: Option<&Chess>) -> bool {
        let goes_on = || {
            let Some(end) = end.filter(|_| !u.plays_overflowed) else {
                return true;
            };
            u.plays.iter().any(|c| {
                let mut lexer = Lexer::new(self.text);
                lexer.skip_to(c.offset);
                match lexer.next().map(|t| t.tok) {
                    Some(Tok::Word(word)) => {
                        end.is_legal(c.mv) && self.goes_on_after(word, c.mv, &lexer, end)
                    }
                    _ => true,
                }
            })
        };
        u.in_place_of_move.is_some()
            || (u.numbered && !u.options && (u.playable || !u.lone_ahead))
            || (u.playable && (u.main_moves == 0 || goes_on()))
            || prose_words(&self.text[u.words.clone()]).any(|w| glued_number_from(w, u.due))
    }

    /// Whether, after `mv` (`word`, a word of prose that plays in `pos`,
    /// `lexer` past it), the first move-like word among the next few plays
    /// on: the text may be the game's own moves, with words, brackets or
    /// numbers between.
    fn goes_on_after(&self, word: &str, mv: Move, lexer: &Lexer<'_>, pos: &Chess) -> bool {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let mut ahead = lexer.clone();
        // Past the words of its move, in a descriptive game.
        super::joined::move_words(word, self.settings.descriptive, &mut ahead);
        for _ in 0..GOES_ON_TOKENS {
            match ahead.next().map(|t| t.tok) {
                Some(Tok::Word(word)) if strong_move_shaped(word) => {
                    return self.plays_at(word, &ahead, &after).is_some();
                }
                Some(Tok::Result(_)) | None => return false,
                // Brackets, comments and numbers are looked past.
                Some(_) => {}
            }
        }
        false
    }
}

/// How many tokens past a word of prose that plays the next move-like word
/// is looked for (see [`Replayer::goes_on_after`]): a sentence or two, so
/// that a game going on after a long stretch of prose is not taken for a
/// mention (twelve let fifteen words of prose through, found by the noisy
/// property at 100,000 games).
const GOES_ON_TOKENS: usize = 24;
