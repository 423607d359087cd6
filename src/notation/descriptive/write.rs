//! Writing English descriptive: the spellings, and the shortest one that
//! names the move alone.

use std::fmt;

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::{
    DescMove, DescSquare, DescTarget, Descriptive, FileName, PieceSpec, Wing, relative_rank,
    select, taken_square,
};
use crate::vocab::signs::nag_glyph;

fn english_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "P",
    }
}

/// A piece in English: a pawn's file before its `P`, a side before a
/// piece, a square qualifier between `open` and `close`.
fn write_piece(
    f: &mut fmt::Formatter<'_>,
    spec: &PieceSpec,
    open: &str,
    close: &str,
) -> fmt::Result {
    let pawn = spec.role == Role::Pawn;
    if pawn {
        if let Some(file) = spec.file {
            f.write_str(file.english())?;
        }
    } else if let Some(wing) = spec.wing {
        f.write_str(if wing == Wing::King { "K" } else { "Q" })?;
    }
    f.write_str(english_letter(spec.role))?;
    let file = spec.file.filter(|_| !pawn);
    if file.is_some() || spec.rank.is_some() {
        f.write_str(open)?;
        if let Some(file) = file {
            f.write_str(file.english())?;
        }
        if let Some(rank) = spec.rank {
            write!(f, "{rank}")?;
        }
        f.write_str(close)?;
    }
    Ok(())
}

/// English, in the spellings [`write()`] uses: `N(Q2)-KB3`, `R(1)-Q1`,
/// `NxP/4`, `P-K8=Q`, `PxP e.p. ch`.
impl fmt::Display for Descriptive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            DescMove::Castle(CastlingSide::KingSide) => f.write_str("O-O")?,
            DescMove::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O")?,
            DescMove::Piece {
                mover,
                target,
                promotion,
            } => {
                write_piece(f, &mover, "(", ")")?;
                match target {
                    DescTarget::Square(sq) => write!(f, "-{}{}", sq.file.english(), sq.rank)?,
                    DescTarget::Capture(taken) => {
                        f.write_str("x")?;
                        write_piece(f, &taken, "/", "")?;
                    }
                }
                if let Some(role) = promotion {
                    write!(f, "={}", english_letter(role))?;
                }
            }
        }
        if self.en_passant {
            f.write_str(" e.p.")?;
        }
        if let Some(check) = self.check {
            f.write_str(check.suffix())?;
        }
        if let Some(glyph) = self.nag.and_then(nag_glyph) {
            f.write_str(glyph)?;
        }
        Ok(())
    }
}

/// The ways to name the piece on `square` (`role` there), plainest first:
/// bare, by its file or side, by its rank, by its square.
fn namings(role: Role, square: Square, turn: Color) -> arrayvec::ArrayVec<PieceSpec, 6> {
    let plain = PieceSpec::plain(role);
    let (file, rank) = (square.file(), Some(relative_rank(square, turn)));
    let mut out = arrayvec::ArrayVec::new();
    out.push(plain);
    if role == Role::Pawn {
        out.push(PieceSpec {
            file: Some(FileName::short(file)),
            ..plain
        });
        out.push(PieceSpec {
            file: Some(FileName::of(file)),
            ..plain
        });
    } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop) {
        out.push(PieceSpec {
            wing: Some(Wing::of(file)),
            ..plain
        });
    }
    out.push(PieceSpec { rank, ..plain });
    for file in [FileName::short(file), FileName::of(file)] {
        out.push(PieceSpec {
            file: Some(file),
            rank,
            ..plain
        });
    }
    out
}

/// Writes `mv`, legal in `pos`, in English descriptive: the shortest
/// spelling whose [`candidates`](super::candidates) are `mv` alone (`P-K4`, `N-KB3`, `B-B4`,
/// `PxP`, `NxKP`, `QR-Q1`, `R(1)-Q1`, `N(Q2)-B3`, `NxP/4`, `P-K8=Q`,
/// `PxP e.p.`, `O-O`), with no check mark (see [`check_kind`](super::check_kind)).
pub fn write(pos: &Chess, mv: Move, out: &mut String) {
    let mut bytes = Vec::new();
    write_into(pos, mv, &mut bytes);
    out.push_str(std::str::from_utf8(&bytes).expect("descriptive moves are ASCII"));
}

/// [`write()`] into bytes, as the printers write.
pub(crate) fn write_into(pos: &Chess, mv: Move, out: &mut Vec<u8>) {
    use std::io::Write as _;
    if let Some(side) = mv.castling_side() {
        out.extend_from_slice(if side.is_king_side() {
            b"O-O"
        } else {
            b"O-O-O"
        });
        return;
    }
    let Some(from) = mv.from() else { return };
    let turn = pos.turn();
    let mut pool = pos.legal_moves();
    pool.retain(|m| m.role() == mv.role());
    let targets: arrayvec::ArrayVec<DescTarget, 6> = match (mv.capture(), taken_square(&mv)) {
        (Some(role), Some(at)) => namings(role, at, turn)
            .into_iter()
            .map(DescTarget::Capture)
            .collect(),
        _ => [
            FileName::short(mv.to().file()),
            FileName::of(mv.to().file()),
        ]
        .into_iter()
        .map(|file| {
            DescTarget::Square(DescSquare {
                file,
                rank: relative_rank(mv.to(), turn),
            })
        })
        .collect(),
    };
    let start = out.len();
    let mut best: Option<(usize, Descriptive)> = None;
    for mover in namings(mv.role(), from, turn) {
        for &target in &targets {
            let d = spelling(mv, mover, target);
            let _ = write!(out, "{d}");
            let len = out.len() - start;
            out.truncate(start);
            let shorter = best.is_none_or(|(best_len, _)| len < best_len);
            if shorter && select(&pool, turn, &d).as_slice() == [mv] {
                best = Some((len, d));
            }
        }
    }
    // An illegal move: the fullest spelling, matching or not.
    let last = || {
        let mover = namings(mv.role(), from, turn).last().copied();
        let target = targets.last().copied();
        mover
            .zip(target)
            .map(|(mover, target)| spelling(mv, mover, target))
    };
    if let Some(d) = best.map(|(_, d)| d).or_else(last) {
        let _ = write!(out, "{d}");
    }
}

/// `mv` spelled with this mover and target, without a check mark.
fn spelling(mv: Move, mover: PieceSpec, target: DescTarget) -> Descriptive {
    Descriptive {
        mv: DescMove::Piece {
            mover,
            target,
            promotion: mv.promotion(),
        },
        en_passant: mv.is_en_passant(),
        check: None,
        nag: None,
    }
}
