//! The result of a game, settled once its moves are read. A game that ends
//! in mate or stalemate has the result the board gives it; any other has
//! the result written, and where the Result tag and the movetext's
//! termination disagree, the tag's (as python-chess and PGN databases keep
//! it), unless the tag says `*`. Whatever is settled is written in both
//! places, so the output's tag and movetext agree, as PGN requires.

use shakmaty::{Chess, Color, Position};

use crate::game::{Check, Game, GameResult, check_of};

/// The result settled, and what was wrong with the results written.
pub(super) struct Settled {
    pub(super) result: GameResult,
    pub(super) repair: Option<String>,
}

/// What the board says of the position a game ends in: mate or stalemate
/// decide its result. `last_check` is the check the last move was found to
/// give, if known (it spares a look for mate where it gives none). Where
/// `drawn` (the result written is a draw, which a stalemate would only
/// confirm), stalemate is not looked for.
pub(super) fn board_result(
    end: &Chess,
    last_check: Option<Option<Check>>,
    drawn: bool,
) -> Option<GameResult> {
    match last_check.unwrap_or_else(|| check_of(end)) {
        Some(Check::Mate) => Some(match end.turn() {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        }),
        Some(_) => None,
        None if drawn => None,
        None => stalemated(end).then_some(GameResult::Draw),
    }
}

/// The results written for a game: its Result tag's (where it has one
/// that reads) and its movetext's.
#[derive(Clone, Copy)]
pub(super) struct Written {
    pub(super) tag: Option<GameResult>,
    pub(super) movetext: Option<GameResult>,
}

impl Written {
    /// The results written in `game`.
    pub(super) fn of(game: &Game) -> Written {
        Written {
            tag: game.tag("Result").and_then(GameResult::parse),
            movetext: game.result,
        }
    }

    /// Whether a draw is all that is written (a stalemate would agree).
    pub(super) fn drawn(&self) -> bool {
        let draw = |r: Option<GameResult>| r.is_none_or(|r| r == GameResult::Draw);
        (self.tag.is_some() || self.movetext.is_some()) && draw(self.tag) && draw(self.movetext)
    }
}

/// Whether the side to move, not in check, has no legal move. Asked at
/// the end of every game: a king move to a square next to it, which
/// shakmaty lists quickly and most positions have, is looked for first.
fn stalemated(pos: &Chess) -> bool {
    let Some(king) = pos.board().king_of(pos.turn()) else {
        return pos.legal_moves().is_empty();
    };
    // Not in check, the king may go to any free square no piece of the
    // other side attacks (the king itself taken off the board, for the
    // lines it stands on): a lookup per square, not a move generation.
    let board = pos.board();
    let occupied = board.occupied() ^ shakmaty::Bitboard::from(king);
    let free = shakmaty::attacks::king_attacks(king) & !pos.us();
    if free
        .into_iter()
        .any(|to| board.attacks_to(to, !pos.turn(), occupied).is_empty())
    {
        return false;
    }
    pos.legal_moves().is_empty()
}

/// Settles the result of a game with the results `written`, whose main
/// line ends in a position the board says `board` of; with `keep`, the
/// result written stands (`*` too), and where the board says otherwise
/// that is said.
pub(super) fn settle(written: Written, board: Option<GameResult>, keep: bool) -> Settled {
    if keep && let Some(board) = board {
        let mut settled = settle(written, None, false);
        let wrong = [written.tag, written.movetext]
            .into_iter()
            .flatten()
            .find(|&r| r != board && r != GameResult::Unknown);
        if let Some(wrong) = wrong {
            let how = if board == GameResult::Draw {
                "stalemate"
            } else {
                "mate"
            };
            settled.repair = Some(format!(
                "the game ends in {how}, so the result is {}, but it is given as {}; \
                 kept {} (--keep-result)",
                board.as_str(),
                wrong.as_str(),
                settled.result.as_str()
            ));
        }
        return settled;
    }
    let Written {
        tag,
        movetext: written,
    } = written;
    if let Some(board) = board {
        let how = if board == GameResult::Draw {
            "stalemate"
        } else {
            "mate"
        };
        let wrong = [tag, written]
            .into_iter()
            .flatten()
            .find(|&r| r != board && r != GameResult::Unknown);
        return Settled {
            result: board,
            repair: wrong.map(|wrong| {
                format!(
                    "the game ends in {how}, so the result is {}, but it is given as {}; written {}",
                    board.as_str(),
                    wrong.as_str(),
                    board.as_str()
                )
            }),
        };
    }
    match (tag, written) {
        (Some(tag), Some(movetext)) if tag != movetext => {
            let result = if tag == GameResult::Unknown {
                movetext
            } else {
                tag
            };
            Settled {
                result,
                repair: Some(format!(
                    "the Result tag says {} but the movetext ends with {}; written {}",
                    tag.as_str(),
                    movetext.as_str(),
                    result.as_str()
                )),
            }
        }
        (Some(result), _) | (None, Some(result)) => Settled {
            result,
            repair: None,
        },
        (None, None) => Settled {
            result: GameResult::Unknown,
            repair: None,
        },
    }
}

/// Writes the settled result into the game: its termination, and its
/// Result tag where it has one that says otherwise.
pub(super) fn apply(game: &mut Game, settled: &Settled) {
    let result = apply_termination(game, settled);
    // A tag that says otherwise, says nothing (`garbage`), or says it in
    // another form (`½-½`) is written as the result settled: PGN's tag
    // holds one of its four results.
    if game.tag("Result").is_some_and(|tag| tag != result.as_str()) {
        game.set_tag("Result", result.as_str());
    }
}

/// Writes the settled result into the game as its termination alone (see
/// [`apply`]), for a caller that knows its Result tag says the same as PGN
/// writes it, or that it has none. The result written.
pub(super) fn apply_termination(game: &mut Game, settled: &Settled) -> GameResult {
    let result = settled.result;
    if game.result.is_some() || result != GameResult::Unknown {
        game.result = Some(result);
    }
    result
}
