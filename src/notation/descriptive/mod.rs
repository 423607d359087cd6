//! Descriptive notation, as older books wrote it: `P-K4`, `N-KB3`,
//! `KKtxKP`, `PxP e.p.`, `Castles QR`; in Spanish (`P4R`, `C3AR`) and French
//! (`P.4D`, `P pr PD`) too.
//!
//! Files are named after the pieces that start on them (QR QN QB Q K KB KN
//! KR = a..h, the same for both colours) and ranks are counted from the
//! mover's side, so `K4` is e4 for White and e5 for Black. A [`Descriptive`]
//! is what a move's text says; [`candidates`] lists the legal moves it can
//! mean (shakmaty generates them), and [`write()`] ([`write_in()`] for
//! Spanish and French) spells a move in the shortest form whose candidates
//! are that move alone, so writing and reading agree by construction.
//!
//! A side named before a piece (`KR`, `QKt`, `KB`, and the same for the
//! piece taken: `QxQR`) means the piece on that piece's home file (h, b, f …)
//! if one of the otherwise matching moves has it there, else the ones on that
//! wing (files e-h for `K`, a-d for `Q`): `KR` is the h-file rook, or with
//! none there the rook on the king's side. Where a piece came from is not
//! tracked. A pawn's prefix is its file (`KBP` = f-pawn, `BP` = c- or
//! f-pawn). A dash is a move to an empty square, `x` a capture.

pub mod misprint;
mod parse;
pub mod words;
mod write;

pub(crate) use write::write_checked_into;
pub use write::{write, write_in};

use std::fmt;

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Position, Role, Square,
};

use crate::vocab::signs::CheckSign;

/// The language a descriptive text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// `K Q R B N/Kt P`, files `QR … KR`, `P-K4`.
    English,
    /// `R D T A C P`, files `TD … TR`, rank first: `P4R`.
    Spanish,
    /// `R D T F C P`, files `TD … TR`, rank first: `P.4R`, `P pr PD`.
    French,
    /// `R D T B C P`, files `TD … TR`, rank first: `P4R`, `C3BR`, `D5TR`.
    Portuguese,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::English, Lang::Spanish, Lang::French, Lang::Portuguese];

    /// The letter set of the language's piece names: a descriptive game is
    /// reported as read in it, and its algebraic words (`O-O`) read in it.
    pub fn letters(self) -> &'static crate::vocab::letters::LetterSet {
        let code = match self {
            Lang::English => "en",
            Lang::Spanish => "es",
            Lang::French => "fr",
            Lang::Portuguese => "pt",
        };
        crate::vocab::letters::LetterSet::by_code(code).unwrap_or(&crate::vocab::letters::ENGLISH)
    }
}

/// A side of the board: the king's (files e-h) or the queen's (a-d).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wing {
    King,
    Queen,
}

impl Wing {
    /// The wing `file` is on.
    pub(crate) fn of(file: File) -> Wing {
        if file >= File::E {
            Wing::King
        } else {
            Wing::Queen
        }
    }
}

/// A file's name: exact (`KB` = f) or shared by both wings (`B` = c or f).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileName {
    QR,
    QN,
    QB,
    Q,
    K,
    KB,
    KN,
    KR,
    /// a or h
    R,
    /// b or g
    N,
    /// c or f
    B,
    /// Any file: a pawn's last rank where only its becoming a piece is
    /// written (`P. queens`, read `P-8=Q`).
    Any,
}

impl FileName {
    const EXACT: [FileName; 8] = [
        FileName::QR,
        FileName::QN,
        FileName::QB,
        FileName::Q,
        FileName::K,
        FileName::KB,
        FileName::KN,
        FileName::KR,
    ];

    /// The exact name of `file`.
    pub fn of(file: File) -> FileName {
        FileName::EXACT[file.to_usize()]
    }

    /// The shortest name of `file`: `B` for c and f, `K` for e.
    pub fn short(file: File) -> FileName {
        match FileName::of(file) {
            FileName::QR | FileName::KR => FileName::R,
            FileName::QN | FileName::KN => FileName::N,
            FileName::QB | FileName::KB => FileName::B,
            exact => exact,
        }
    }

    /// The files it names, bit `i` for file a+`i`.
    fn mask(self) -> u8 {
        match self {
            FileName::R => 0b1000_0001,
            FileName::N => 0b0100_0010,
            FileName::B => 0b0010_0100,
            FileName::Any => 0b1111_1111,
            exact => 1 << (exact as u8),
        }
    }

    pub fn contains(self, file: File) -> bool {
        self.mask() & (1 << file.to_u32()) != 0
    }
}

/// A piece as the text names it: the mover, or the piece taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSpec {
    pub role: Role,
    /// A side named before a rook, knight or bishop: `KR`, `QKt`.
    pub wing: Option<Wing>,
    /// A pawn's file (`KBP`, `PD`), or the file of a square qualifier
    /// (`N(Q2)`, `NxP/QB4`).
    pub file: Option<FileName>,
    /// The rank it stands on, from the mover's side (`R(1)`, `NxP/4`).
    pub rank: Option<u8>,
    /// A pawn taken that is doubled: another of its side's pawns on its
    /// file (old books' `Q. takes doubled P.`).
    pub doubled: bool,
}

impl PieceSpec {
    pub const fn plain(role: Role) -> PieceSpec {
        PieceSpec {
            role,
            wing: None,
            file: None,
            rank: None,
            doubled: false,
        }
    }

    /// Whether a piece of role `role` on `square` fits what is written,
    /// the wing aside (see [`prefer_wing`]).
    fn fits(&self, role: Role, square: Square, turn: Color) -> bool {
        role == self.role
            && self.file.is_none_or(|f| f.contains(square.file()))
            && self.rank.is_none_or(|r| r == relative_rank(square, turn))
    }
}

/// A square as the text names it: `KB3`, `B4` (c4 or f4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DescSquare {
    pub file: FileName,
    /// 1..=8 from the mover's side.
    pub rank: u8,
}

/// Where a move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescTarget {
    /// `-KB3`: an empty square.
    Square(DescSquare),
    /// `xKBP`: the piece taken.
    Capture(PieceSpec),
    /// `B checks`: a move to an empty square that gives check (mate, with
    /// a mate sign: `Kt mates`), the square not written (old books' `K. B.
    /// checks.`).
    Checking,
    /// `K moves`: the piece's move to an empty square, its square not
    /// written (old books' `K. moves.`).
    Moving,
    /// `B interposes`: the piece's move to an empty square between the
    /// mover's king and the piece that checks it (old books' `Q. B.
    /// interposes.`).
    Interposing,
    /// `P one`: a pawn's step of one square, its square not written (old
    /// books' `P. one, becoming a Queen.`).
    Stepping,
}

/// The move proper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescMove {
    /// `O-O`, `Castles QR`.
    Castle(CastlingSide),
    /// `Castles`, `roque`: the side not written, the board's to say (the
    /// king's where both are legal, as old books mean it).
    CastleEither,
    Piece {
        mover: PieceSpec,
        target: DescTarget,
        promotion: Option<Role>,
    },
}

/// The check written after a move, or what [`check_kind`] finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescCheck {
    /// `ch`, `+`
    Check,
    /// `dis ch`: the piece that moved is not the one giving check.
    Discovered,
    /// `dbl ch`
    Double,
    /// `mate`, `#`
    Mate,
}

impl DescCheck {
    /// The English suffix with its leading space: ` ch`, ` dis ch`,
    /// ` dbl ch`, ` mate` (other languages: [`Lang::check_mark`]).
    pub fn suffix(self) -> &'static str {
        Lang::English.check_mark(self)
    }

    /// As the algebraic reader's sign: every check is a check.
    pub fn sign(self) -> CheckSign {
        match self {
            DescCheck::Mate => CheckSign::Mate,
            _ => CheckSign::Check,
        }
    }
}

/// One move in descriptive notation, with the marks written after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Descriptive {
    pub mv: DescMove,
    /// `e.p.` was written: only an en passant capture matches.
    pub en_passant: bool,
    pub check: Option<DescCheck>,
    /// A move glyph (`!` … `?!`) as its NAG, 1..=6.
    pub nag: Option<u8>,
}

/// Why a text is no descriptive move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescError {
    /// Byte offset in the (trimmed) text where reading stopped.
    pub offset: usize,
    pub expected: &'static str,
}

impl fmt::Display for DescError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.expected, self.offset)
    }
}

impl std::error::Error for DescError {}

/// Why a descriptive move names no unique legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DescResolveError {
    Illegal,
    /// Every legal move the text can mean.
    Ambiguous(Vec<Move>),
}

/// Whether one word is unmistakably a descriptive move, and in which
/// language: a piece letter first, and a move or capture that reads in it
/// (`P-K4`, `N-KB3`, `PxP`, `BxN`, `C3AR`, `P.4D`). Algebraic words never
/// read (`e4`, `Nf3`, `Bxe5`, `Re1`); castling, written alike in every
/// notation, is none.
pub fn looks_descriptive(word: &str) -> Option<Lang> {
    Lang::ALL
        .into_iter()
        .find(|&lang| reads_as_descriptive(word, lang))
}

/// Whether `word` is unmistakably a descriptive move in `lang`, as
/// [`looks_descriptive`] asks (`PxP` is in all three languages, `C3AR` in
/// Spanish alone).
pub fn reads_as_descriptive(word: &str, lang: Lang) -> bool {
    word.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
        && Descriptive::parse(word, lang).is_ok_and(|d| matches!(d.mv, DescMove::Piece { .. }))
}

/// Rank 1..=8 of `square` counted from `turn`'s side.
pub(crate) fn relative_rank(square: Square, turn: Color) -> u8 {
    let rank = square.rank().to_u32() as u8 + 1;
    match turn {
        Color::White => rank,
        Color::Black => 9 - rank,
    }
}

/// The square of the piece `mv` takes (for en passant, not its `to`).
fn taken_square(mv: &Move) -> Option<Square> {
    match *mv {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

/// Every legal move in `pos` that `d` can mean.
pub fn candidates(pos: &Chess, d: &Descriptive) -> MoveList {
    candidates_among(pos, &pos.legal_moves(), d)
}

/// [`candidates`], `pool` being the legal moves in `pos`.
fn candidates_among(pos: &Chess, pool: &[Move], d: &Descriptive) -> MoveList {
    let mut found = select(pool, pos.turn(), d);
    let DescMove::Piece { target, .. } = d.mv else {
        return found;
    };
    // A king in check is out of it by a move to an empty square that is
    // not the king's only where the move stands between.
    if target == DescTarget::Interposing && !pos.is_check() {
        found.clear();
    }
    if let DescTarget::Capture(taken) = target
        && taken.doubled
    {
        let pawns = pos.board().pawns() & pos.board().by_color(!pos.turn());
        found.retain(|m| {
            taken_square(m).is_some_and(|at| (pawns & Bitboard::from_file(at.file())).count() > 1)
        });
    }
    if target == DescTarget::Checking {
        let mate = d.check == Some(DescCheck::Mate);
        found.retain(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            if mate {
                after.is_checkmate()
            } else {
                after.is_check()
            }
        });
    }
    found
}

/// The moves of `pool` that `d` can mean, `turn` to move.
fn select(pool: &[Move], turn: Color, d: &Descriptive) -> MoveList {
    let mut found = MoveList::new();
    let (mover, target, promotion) = match d.mv {
        DescMove::Castle(side) => {
            let castles = pool.iter().filter(|m| m.castling_side() == Some(side));
            found.extend(castles.take(found.capacity()).copied());
            return found;
        }
        DescMove::CastleEither => {
            let side = [CastlingSide::KingSide, CastlingSide::QueenSide]
                .into_iter()
                .find(|&side| pool.iter().any(|m| m.castling_side() == Some(side)));
            let castles = pool
                .iter()
                .filter(|m| side.is_some() && m.castling_side() == side);
            found.extend(castles.take(found.capacity()).copied());
            return found;
        }
        DescMove::Piece {
            mover,
            target,
            promotion,
        } => (mover, target, promotion),
    };
    for m in pool {
        let Some(from) = m.from() else { continue };
        let to_fits = match target {
            DescTarget::Square(sq) => {
                !m.is_capture()
                    && sq.file.contains(m.to().file())
                    && sq.rank == relative_rank(m.to(), turn)
            }
            DescTarget::Capture(taken) => match (m.capture(), taken_square(m)) {
                (Some(role), Some(at)) => taken.fits(role, at, turn),
                _ => false,
            },
            // The check, the check stopped, a pawn doubled are looked at
            // by `candidates`, which has the board.
            DescTarget::Checking | DescTarget::Moving | DescTarget::Interposing => !m.is_capture(),
            DescTarget::Stepping => {
                !m.is_capture() && from.rank().to_u32().abs_diff(m.to().rank().to_u32()) == 1
            }
        };
        if to_fits
            && !m.is_castle()
            && mover.fits(m.role(), from, turn)
            && m.promotion() == promotion
            && (!d.en_passant || m.is_en_passant())
            && found.try_push(*m).is_err()
        {
            break;
        }
    }
    if let Some(wing) = mover.wing {
        prefer_wing(&mut found, (mover.role, turn), wing, |m| m.from());
    }
    if let DescTarget::Capture(taken) = target
        && let Some(wing) = taken.wing
    {
        prefer_wing(&mut found, (taken.role, !turn), wing, taken_square);
    }
    found
}

/// Keeps the moves whose piece (at `square`, of colour `owner`) is the
/// `role` of that `wing`. A bishop's wing is its squares' colour: the
/// king's bishop keeps to the colour of f1 (White) or f8 (Black) wherever it
/// goes. A rook's or knight's is where it started, which the board does not
/// keep: the one on its home file if any moves, else those on its wing,
/// else all (old books call the king's knight `K. Kt.` on the queen's side
/// too), the board deciding among them.
fn prefer_wing(
    moves: &mut MoveList,
    (role, owner): (Role, Color),
    wing: Wing,
    square: impl Fn(&Move) -> Option<Square>,
) {
    let home = match role {
        Role::Rook => [File::A, File::H],
        Role::Knight => [File::B, File::G],
        Role::Bishop => [File::C, File::F],
        _ => [File::D, File::E],
    }[usize::from(wing == Wing::King)];
    if role == Role::Bishop {
        let home = Square::from_coords(home, owner.backrank());
        moves.retain(|m| square(m).is_some_and(|s| s.is_light() == home.is_light()));
        return;
    }
    let file = |m: &Move| square(m).map(Square::file);
    if moves.iter().any(|m| file(m) == Some(home)) {
        moves.retain(|m| file(m) == Some(home));
    } else if moves
        .iter()
        .any(|m| file(m).is_some_and(|f| Wing::of(f) == wing))
    {
        moves.retain(|m| file(m).is_some_and(|f| Wing::of(f) == wing));
    }
}

/// Finds the one legal move `d` names in `pos`.
pub fn resolve(pos: &Chess, d: &Descriptive) -> Result<Move, DescResolveError> {
    match candidates(pos, d).as_slice() {
        [] => Err(DescResolveError::Illegal),
        [mv] => Ok(*mv),
        many => Err(DescResolveError::Ambiguous(many.to_vec())),
    }
}

impl fmt::Display for DescResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DescResolveError::Illegal => f.write_str("no legal move matches"),
            DescResolveError::Ambiguous(moves) => write!(f, "{} legal moves match", moves.len()),
        }
    }
}

impl std::error::Error for DescResolveError {}

/// What check `mv` gave, judged in `pos_after`, the position it led to.
pub fn check_kind(pos_after: &Chess, mv: &Move) -> Option<DescCheck> {
    let checkers = pos_after.checkers();
    if checkers.is_empty() {
        return None;
    }
    if pos_after.is_checkmate() {
        return Some(DescCheck::Mate);
    }
    if checkers.count() > 1 {
        return Some(DescCheck::Double);
    }
    // A single check is discovered where the piece giving it is not the
    // one that moved (for castling, the rook).
    let moved_to = match *mv {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            Square::from_coords(side.rook_to_file(), rook.rank())
        }
        _ => mv.to(),
    };
    Some(if checkers.contains(moved_to) {
        DescCheck::Check
    } else {
        DescCheck::Discovered
    })
}

#[cfg(test)]
mod tests;
