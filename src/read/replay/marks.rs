//! The marks written with a move, against what the board says: check and
//! mate signs, capture signs, en passant marks, more disambiguation than
//! the position needs, a doubled letter, marks written apart from their
//! move (`exd6 a.p.`, `Nd3 mate`), and a long-form move whose origin square
//! is wrong but whose piece and destination fit one legal move.

use shakmaty::{Chess, Move, MoveList, Position, san::San};

use super::{Line, Problem, Replayer, Side, WordOutcome};
use crate::game::{Check, Game, MoveRecord, check_of};
use crate::notation::algebraic::{MoveToken, ParsedMove, Target, fold_compatible};
use crate::notation::resolve::{Resolved, resolve};
use crate::vocab::letters::role_name;
use crate::vocab::signs::{CheckSign, EN_PASSANT_MARKS};

impl Replayer<'_> {
    /// A mark written apart from its move: `e.p.`, `+`, `mate`, about the
    /// last move of the line `l` (none at the start of a side line).
    pub(super) fn detached_mark(
        &self,
        word: &str,
        offset: usize,
        game: &mut Game,
        side: Side,
        l: &Line,
    ) -> Option<Result<WordOutcome, Problem>> {
        // Marks are short and have no digit; moves have one (or are
        // castling, which starts with O or 0).
        if word.len() > 8
            || word.bytes().any(|b| b.is_ascii_digit())
            || word.starts_with(['O', 'o'])
        {
            return None;
        }
        // An en passant mark may carry the check sign: `e.p.+`.
        let (word, trailing_check) = match EN_PASSANT_MARKS.iter().find(|m| word.starts_with(*m)) {
            Some(mark) if matches!(&word[mark.len()..], "+" | "++" | "#") => {
                (&word[..mark.len()], Some(&word[mark.len()..]))
            }
            _ => (word, None),
        };
        let is_ep = EN_PASSANT_MARKS.contains(&word);
        // `Axf7 +,` `Ce4xCf6 +.`: the sign apart, the sentence's comma or
        // stop after it.
        let sign = match trailing_check.unwrap_or(word).trim_end_matches([',', '.']) {
            "+" | "ch" => Some(CheckSign::Check),
            "++" => Some(CheckSign::DoublePlus),
            "#" | "mate" | "‡" => Some(CheckSign::Mate),
            _ => None,
        };
        if !is_ep && sign.is_none() {
            return None;
        }
        let pos = &l.pos;
        let Some(before) = &l.prev else {
            return Some(Err(format!("`{word}` at {side} follows no move").into()));
        };
        if is_ep && !came_by_en_passant(before, pos) {
            self.repair(
                game,
                offset,
                format!(
                    "`{word}` marks en passant, but the move before it is not an en passant capture"
                ),
                pos,
            );
        }
        // The position after the move tells its check.
        let check = check_of(pos);
        if let Some(sign) = sign
            && let Some(message) = check_mark_contradiction(word, sign, check)
        {
            self.repair(game, offset, message, pos);
        }
        Some(Ok(WordOutcome::Played(None)))
    }

    /// Warns where the marks written with a move say something the board
    /// does not (see [`mark_slips`]).
    pub(super) fn check_marks(
        &self,
        word: &str,
        offset: usize,
        parsed: &ParsedMove,
        record: &MoveRecord,
        game: &mut Game,
        pos: &Chess,
    ) {
        let san = self.settings.alphabet.is_english();
        mark_slips(word, parsed, record, san, |message| {
            self.repair(game, offset, message, pos)
        });
    }
}

/// Whether the move from `before` to `after` was an en passant capture.
fn came_by_en_passant(before: &Chess, after: &Chess) -> bool {
    before.legal_moves().iter().any(|mv| {
        mv.is_en_passant() && {
            let mut played = before.clone();
            played.play_unchecked(*mv);
            played.board() == after.board()
        }
    })
}

/// Hands `slip` each thing the marks written with a move say that the
/// board does not: a check sign on a move that gives none, a capture sign
/// on a move that takes nothing, an en passant mark on an ordinary capture,
/// more disambiguation than the position needs, a doubled letter, a piece
/// named as taken that is not the one taken; and in `san` (PGN's letters),
/// a pawn's capture written as its square alone.
#[inline]
pub(super) fn mark_slips(
    word: &str,
    parsed: &ParsedMove,
    record: &MoveRecord,
    san: bool,
    mut slip: impl FnMut(String),
) {
    // Every slip is in a mark written with the move: a move written with
    // none (`e4`, `Nf3`, most of a game) has nothing to contradict, but
    // one. In SAN (PGN's letters) a pawn's move written as its square
    // alone is a push: a capture names the file the pawn comes from
    // (`dxe5`, `de`); read as the capture only as a repair. National short
    // notations name the square alone, captures too (`b8Ф` for `a7:b8Ф`:
    // seed 003).
    if let ParsedMove {
        token:
            MoveToken::Normal {
                capture: false,
                from_file: None,
                from_rank: None,
                role,
                ..
            },
        check,
        en_passant,
        doubled_letter,
        ..
    } = parsed
    {
        if san
            && matches!(
                record.san,
                San::Normal {
                    role: shakmaty::Role::Pawn,
                    capture: true,
                    ..
                }
            )
            && role.is_none_or(|r| r == shakmaty::Role::Pawn)
        {
            slip(format!(
                "`{word}` names only the square, but no pawn can move there without taking: read as {}",
                record.san
            ));
        }
        if check.is_none() && !en_passant && !doubled_letter {
            return;
        }
    }
    if parsed.doubled_letter {
        slip(format!(
            "`{word}`: the piece letter is written twice; read as one"
        ));
    }
    if let Some(sign) = parsed.check
        && let Some(message) = check_mark_contradiction(word, sign, record.check)
    {
        slip(message);
    }
    let Some(mv) = record.mv else { return };
    if let MoveToken::Normal {
        capture,
        from_file,
        from_rank,
        role,
        to: Target::Square(_),
        ..
    } = parsed.token
    {
        if capture && !mv.is_capture() {
            slip(format!(
                "`{word}` has a capture sign, but the move takes nothing"
            ));
        } else if let Some(named) = parsed.taken
            && let Some(taken) = mv.capture()
            && taken != named
        {
            slip(format!(
                "`{word}` names a {} taken, but the piece taken is a {}",
                role_name(named),
                role_name(taken)
            ));
        }
        if let San::Normal { file, rank, .. } = record.san {
            let partial = from_file.is_some() != from_rank.is_some();
            let over = (from_file.is_some() && file.is_none() && rank.is_none())
                || (from_rank.is_some() && rank.is_none() && file.is_none());
            if partial && over && role.is_some_and(|r| r != shakmaty::Role::Pawn) {
                slip(format!(
                    "`{word}` names where the piece comes from, but only one such piece can move there"
                ));
            }
        }
    }
    if parsed.en_passant && !matches!(mv, Move::EnPassant { .. }) {
        slip(format!(
            "`{word}` marks en passant, but the move is not an en passant capture"
        ));
    }
}

pub(super) fn san_list(moves: &MoveList) -> String {
    let names: Vec<String> = moves
        .iter()
        .map(|&m| San::disambiguate(m, moves).to_string())
        .collect();
    names.join(" or ")
}

/// Whether a check or mate sign says what the move's `check` is.
pub(super) fn sign_says(sign: CheckSign, check: Option<Check>) -> bool {
    match sign {
        CheckSign::Check => check.is_some(),
        CheckSign::DoublePlus => matches!(check, Some(Check::Mate | Check::DoubleCheck)),
        CheckSign::Mate => check == Some(Check::Mate),
    }
}

/// What is wrong with a check or mate sign, if anything. `++` is mate for
/// some writers and double check for others: either is accepted.
pub(super) fn check_mark_contradiction(
    word: &str,
    sign: CheckSign,
    check: Option<Check>,
) -> Option<String> {
    if sign_says(sign, check) {
        return None;
    }
    let what = match check {
        None => "the move gives no check",
        Some(Check::Check) => "the move gives check by one piece, not mate",
        Some(Check::DoubleCheck) => "the move gives double check, not mate",
        Some(Check::Mate) => "the move mates",
    };
    Some(format!(
        "`{word}`: the sign says {}, but {what}",
        match sign {
            CheckSign::Check => "check",
            CheckSign::DoublePlus => "mate or double check",
            CheckSign::Mate => "mate",
        }
    ))
}

/// A long-form move whose origin square is wrong but whose piece and
/// destination fit exactly one legal move (`Cc4-b3` with the bishop on a4):
/// that move, and the square the token named.
pub(super) fn repair_origin(
    pos: &Chess,
    token: &MoveToken,
) -> Option<(Resolved, shakmaty::Square)> {
    let MoveToken::Normal {
        role,
        from_file: Some(f),
        from_rank: Some(r),
        capture,
        to,
        promotion,
    } = *token
    else {
        return None;
    };
    let from = shakmaty::Square::from_coords(f, r);
    let role = role
        .or_else(|| pos.board().role_at(from))
        .unwrap_or(shakmaty::Role::Pawn);
    let loose = MoveToken::Normal {
        role: Some(role),
        from_file: None,
        from_rank: None,
        capture,
        to,
        promotion,
    };
    resolve(pos, &loose).ok().map(|r| (r, from))
}

/// Of the moves an ambiguous word names, the only one that gives the check
/// (or mate) written with it (`BxKBP ch`, where one bishop's capture gives
/// check and the other's does not): the sign is part of what was written.
pub(super) fn checked_one(pos: &Chess, moves: &[Move], sign: Option<CheckSign>) -> Option<Move> {
    let sign = sign?;
    let mut found = moves.iter().filter(|&&mv| {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        match sign {
            CheckSign::Mate => after.is_checkmate(),
            CheckSign::Check | CheckSign::DoublePlus => after.is_check(),
        }
    });
    let one = *found.next()?;
    found.next().is_none().then_some(one)
}

impl Replayer<'_> {
    /// Whether the check or mate sign written with `word` (if any) says
    /// what `mv`, the move it names in `pos`, does.
    pub(super) fn sign_fits(&self, word: &str, pos: &Chess, mv: Move) -> bool {
        let sign = ParsedMove::readings(&fold_compatible(word), self.settings.alphabet)
            .ok()
            .and_then(|readings| readings.first().and_then(|r| r.check));
        let Some(sign) = sign else {
            return true;
        };
        let mut after = pos.clone();
        after.play_unchecked(mv);
        sign_says(sign, check_of(&after))
    }
}
