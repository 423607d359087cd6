//! Misprints in a descriptive move: where a move as printed names no legal
//! move, the legal moves it names with one name of a piece read otherwise
//! (the piece that moves, or a name in the file of its square), each with
//! the part read otherwise, for the game's next moves to choose among
//! (books print `K. to B's sq.` for `R. to B's sq.`, `Q. B's 3d` for
//! `K. B's 3d`).

use shakmaty::{Chess, Move, Position, Role};

use super::{DescMove, DescSquare, DescTarget, Descriptive, FileName, PieceSpec, Wing};

/// The part of a descriptive move read otherwise: one of the names of
/// pieces it is printed with (the names of files are the pieces'), the
/// rank's number and the piece taken left as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The piece that moves (`K.` for `R.`).
    Piece,
    /// One name in the file of the square gone to (`Q. B's` for `K. B's`,
    /// `R's` for `K's`, `B's` for `Q. B's`).
    File,
    /// The piece taken, or one name in a pawn's file (`takes K. B. P.` for
    /// `takes K. R. P.`).
    Taken,
}

impl Part {
    /// The part's name in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Part::Piece => "piece",
            Part::File => "square's file",
            Part::Taken => "piece taken",
        }
    }
}

/// A legal move a misprinted descriptive move may stand for, and the part
/// of it read otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Misreading {
    pub mv: Move,
    pub part: Part,
}

/// The roles a piece's name may be misprinted for, in the order tried.
const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Every name of a file, exact and shared, as its wing (none for the
/// king's and queen's files and the shared names) and its piece's name,
/// in the order tried.
const FILES: [(FileName, Option<Wing>, Role); 11] = [
    (FileName::QR, Some(Wing::Queen), Role::Rook),
    (FileName::QN, Some(Wing::Queen), Role::Knight),
    (FileName::QB, Some(Wing::Queen), Role::Bishop),
    (FileName::Q, None, Role::Queen),
    (FileName::K, None, Role::King),
    (FileName::KB, Some(Wing::King), Role::Bishop),
    (FileName::KN, Some(Wing::King), Role::Knight),
    (FileName::KR, Some(Wing::King), Role::Rook),
    (FileName::R, None, Role::Rook),
    (FileName::N, None, Role::Knight),
    (FileName::B, None, Role::Bishop),
];

/// The legal moves in `pos` that `d` names with one of its names of
/// pieces read otherwise (see [`Part`]), each once (under the first part
/// that names it), the piece's first; none for castling. Where `d` as
/// printed names a legal move, these are not asked for.
pub fn misreadings(pos: &Chess, d: &Descriptive) -> Vec<Misreading> {
    let DescMove::Piece {
        mover,
        target,
        promotion,
    } = d.mv
    else {
        return Vec::new();
    };
    let pool = pos.legal_moves();
    let mut found: Vec<Misreading> = Vec::new();
    let mut add = |mover: PieceSpec, target: DescTarget, part: Part| {
        let read = Descriptive {
            mv: DescMove::Piece {
                mover,
                target,
                promotion,
            },
            ..*d
        };
        for mv in super::candidates_among(pos, &pool, &read) {
            if !found.iter().any(|m| m.mv == mv) {
                found.push(Misreading { mv, part });
            }
        }
    };
    for role in ROLES.into_iter().filter(|&r| r != mover.role) {
        add(as_role(mover, role), target, Part::Piece);
    }
    match target {
        DescTarget::Square(sq) => {
            for file in one_name_from(sq.file) {
                add(
                    mover,
                    DescTarget::Square(DescSquare { file, ..sq }),
                    Part::File,
                );
            }
        }
        DescTarget::Capture(taken) => {
            for role in ROLES.into_iter().filter(|&r| r != taken.role) {
                add(
                    mover,
                    DescTarget::Capture(as_role(taken, role)),
                    Part::Taken,
                );
            }
            for file in taken.file.into_iter().flat_map(one_name_from) {
                let taken = PieceSpec {
                    file: Some(file),
                    ..taken
                };
                add(mover, DescTarget::Capture(taken), Part::Taken);
            }
        }
        _ => {}
    }
    found
}

/// The names of files that differ from `printed` in one name: its wing
/// (another, or none, or one added) or its piece's name, the other kept.
fn one_name_from(printed: FileName) -> impl Iterator<Item = FileName> {
    let (wing, piece) = FILES
        .iter()
        .find(|(name, ..)| *name == printed)
        .map_or((None, Role::Pawn), |&(_, wing, piece)| (wing, piece));
    FILES
        .into_iter()
        .filter(move |&(_, w, p)| (w == wing) != (p == piece))
        .map(|(name, ..)| name)
}

/// `spec` named as `role`: a wing kept where the role has one (a rook,
/// knight or bishop), a pawn's file and any square qualifier dropped.
fn as_role(spec: PieceSpec, role: Role) -> PieceSpec {
    let winged = matches!(role, Role::Rook | Role::Knight | Role::Bishop);
    PieceSpec {
        wing: spec.wing.filter(|_| winged),
        ..PieceSpec::plain(role)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::after;
    use super::*;
    use shakmaty::san::San;

    /// Each reading of `text` in `pos`, as SAN and its part.
    fn read(pos: &Chess, text: &str) -> Vec<(String, Part)> {
        let d = Descriptive::parse(text, super::super::Lang::English).unwrap();
        misreadings(pos, &d)
            .into_iter()
            .map(|r| (San::from_move(pos, r.mv).to_string(), r.part))
            .collect()
    }

    /// The Blue Book's game 70, `7. K. to B's sq.` (Marshall's rook): the
    /// queen and the queen's rook go to c1, f1 is the king's bishop's.
    #[test]
    fn a_piece_read_otherwise() {
        let pos = after("d4 d5 c4 e6 Nc3 Nf6 Bg5 Nbd7 Nf3 Be7 e3 O-O");
        assert_eq!(
            read(&pos, "K-B1"),
            [("Qc1".into(), Part::Piece), ("Rc1".into(), Part::Piece)]
        );
    }

    /// The Blue Book's game 11, `4. K. Kt. to Q. B's 3d.` for Black (the
    /// queen's knight is on c6): the king's bishop's file is the one name
    /// otherwise, the piece's being the king's knight as printed.
    #[test]
    fn a_wing_in_the_square_read_otherwise() {
        let pos = after("e4 e5 Nf3 Nc6 Bc4 Bc5 c3");
        assert_eq!(read(&pos, "KN-QB3"), [("Nf6".into(), Part::File)]);
    }

    /// The Blue Book's game 50, `24. R. takes K. B. P.` for Black: the
    /// rook on h4 takes the king's rook's pawn.
    #[test]
    fn a_pawn_taken_read_on_another_file() {
        let pos = after(
            "e4 e5 f4 exf4 Nf3 g5 Bc4 Bg7 d4 d6 O-O h6 g3 g4 Nh4 f3 Be3 Nc6 c3 Bf6 \
             Nf5 Bxf5 exf5 Nge7 Qb3 d5 Bd3 Qd7 Qc2 h5 Nd2 h4 Bf4 O-O-O a4 hxg3 Bxg3 Rh5 \
             b4 Nxf5 Bxf5 Qxf5 Qb2 Bh4 Bxh4 Rxh4 a5",
        );
        assert_eq!(read(&pos, "RxKBP"), [("Rxh2".into(), Part::Taken)]);
    }

    /// Castling has no names of pieces to read otherwise.
    #[test]
    fn castling_has_none() {
        let pos = after("e4 e5 Ke2 Ke7");
        assert_eq!(read(&pos, "O-O"), []);
    }
}
