//! The forms written whole rather than from a spelling's words: ICCF
//! numeric, UCI, and descriptive notation (from the position).

use std::io::Write as _;

use shakmaty::{CastlingMode, Chess, Move, Role, uci::UciMove};

use super::words::push_square;
use crate::vocab::letters::LetterSet;
use crate::vocab::moves::MoveRecord;

/// A move in ICCF numeric notation; a null move, which it has no form
/// for, as `--`. Castling is the king's move, as UCI writes it in the
/// castling `mode`: to its square in standard chess (`5171`), onto its
/// rook in Chess960 (`2111`), where the king's square alone may also be
/// a king's move.
pub(super) fn write_iccf(record: &MoveRecord, mode: CastlingMode, out: &mut Vec<u8>) {
    let digit = |n: u32| b'1' + n as u8;
    match record.mv.map(|m| UciMove::from_move(m, mode)) {
        Some(UciMove::Normal {
            from,
            to,
            promotion,
        }) => {
            for square in [from, to] {
                out.push(digit(u32::from(square.file())));
                out.push(digit(u32::from(square.rank())));
            }
            if let Some(role) = promotion {
                out.push(match role {
                    Role::Queen => b'1',
                    Role::Rook => b'2',
                    Role::Bishop => b'3',
                    _ => b'4',
                });
            }
        }
        _ => out.extend_from_slice(b"--"),
    }
}

/// and null moves as shakmaty spells them in the castling mode.
#[inline(always)]
pub(super) fn write_uci(record: &MoveRecord, mode: CastlingMode, out: &mut Vec<u8>) {
    let (from, to, promotion) = match record.mv {
        Some(Move::Normal {
            from,
            to,
            promotion,
            ..
        }) => (from, to, promotion),
        Some(Move::EnPassant { from, to }) => (from, to, None),
        _ => match record.uci(mode) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => (from, to, promotion),
            other => {
                let _ = write!(out, "{other}");
                return;
            }
        },
    };
    push_square(out, from);
    push_square(out, to);
    if let Some(role) = promotion {
        out.push(role.char() as u8);
    }
}

/// A move in descriptive notation, `mv` from `pos`, with the kind of check
/// it gives (`dis ch`); in Spanish or French for their `letters`, else in
/// English. Kept out of [`Spelling::put_move_at`], which every printed move
/// goes through.
#[inline(never)]
pub(super) fn put_descriptive(
    record: &MoveRecord,
    pos: &Chess,
    mv: shakmaty::Move,
    letters: &LetterSet,
    out: &mut Vec<u8>,
) {
    use crate::notation::descriptive::Lang;
    let lang = Lang::written_in(letters).unwrap_or(Lang::English);
    crate::notation::descriptive::write_checked_into(pos, mv, lang, record.check.is_some(), out);
}
