//! Writing descriptive notation in English, Spanish, French or Portuguese: each
//! language's spellings as a table, and the shortest spelling that names
//! the move alone.

use std::fmt;

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::{
    DescCheck, DescMove, DescSquare, DescTarget, Descriptive, FileName, Lang, PieceSpec, Wing,
    check_kind, relative_rank, select, taken_square,
};
use crate::vocab::letters::{LetterSet, role_index};
use crate::vocab::signs::nag_glyph;

/// How one language writes a descriptive move: the words of
/// [`super::parse`]'s table for it that the writer uses, one spelling each.
struct Writing {
    /// Piece letters by [`role_index`]: pawn, knight, bishop, rook, queen,
    /// king.
    pieces: [&'static str; 6],
    /// File names by [`FileName`]: `QR` … `KR`, then the shared `R N B`.
    files: [&'static str; 11],
    /// The king's side and the queen's, by [`Wing`].
    wings: [&'static str; 2],
    /// Squares rank first (`4R`), and a pawn's file or a piece's side after
    /// its letter (`PD`, `TR`) rather than before it (`QP`, `KR`).
    rank_first: bool,
    /// Between a piece and the square it goes to: `P-K4`, `P4R`, `P.4R`.
    to_square: &'static str,
    capture: &'static str,
    /// Before the piece a pawn becomes: `P-K8=Q`.
    promotion: &'static str,
    /// After an en passant capture, its space included.
    en_passant: &'static str,
    /// The check marks, their space included: check, discovered, double,
    /// mate (in the order of [`DescCheck`]).
    checks: [&'static str; 4],
}

/// English: `P-K4`, `N-KB3`, `QR-Q1`, `R(1)-Q1`, `NxP/4`, `P-K8=Q`,
/// `PxP e.p.`, ` ch`, ` dis ch`, ` dbl ch`, ` mate`.
const ENGLISH: Writing = Writing {
    pieces: ["P", "N", "B", "R", "Q", "K"],
    files: ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR", "R", "N", "B"],
    wings: ["K", "Q"],
    rank_first: false,
    to_square: "-",
    capture: "x",
    promotion: "=",
    en_passant: " e.p.",
    checks: [" ch", " dis ch", " dbl ch", " mate"],
};

/// Spanish, as "Sistemas de Anotación: El Sistema Descriptivo"
/// (ajedrezargentinoahora.blogspot.com, 30 April 2018) writes it: `P4R`,
/// `A5CD`, `D7T`, the side after the piece (`CRxP`, `CDxP`), a pawn's file
/// after its `P` (`PRxP`, `PCxPA`, `PxPT`), `AxT`, `P8C=D+`; the rank that
/// tells two pieces apart in brackets, as the reader takes it (`T(1)xP`
/// for the source's `T1xP`). Mate is `mate` (jaque mate), en passant
/// `a.p.` (al paso, as the Spanish FIDE text, seed 002, marks it).
const SPANISH: Writing = Writing {
    pieces: ["P", "C", "A", "T", "D", "R"],
    files: ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR", "T", "C", "A"],
    wings: ["R", "D"],
    rank_first: true,
    to_square: "",
    capture: "x",
    promotion: "=",
    en_passant: " a.p.",
    checks: ["+", "+", "+", " mate"],
};

/// French, as the French Wikipedia's "Notation descriptive" writes it:
/// `T5FR`, `TD3FR` (the queen's rook to KB3), `PxC`, `P8D=D`, `+`; with a
/// dot between the piece and its square (`P.4R`, `C.3FR`), the French
/// reading this notation's reader tells from the Spanish by. Mate is `#`,
/// as "Notation d'une partie d'échecs" (m-echecs.paris, 2014) marks it
/// (`mat` the Spanish reading would not take, where a puzzle's captures
/// leave the language open); en passant `e.p.` (echecspourtous.com,
/// "Leçon n°4 : la notation").
const FRENCH: Writing = Writing {
    pieces: ["P", "C", "F", "T", "D", "R"],
    files: ["TD", "CD", "FD", "D", "R", "FR", "CR", "TR", "T", "C", "F"],
    wings: ["R", "D"],
    rank_first: true,
    to_square: ".",
    capture: "x",
    promotion: "=",
    en_passant: " e.p.",
    checks: ["+", "+", "+", "#"],
};

/// Portuguese, as "Notação de xadrez" (pontoabc.com) writes it: `P3R`,
/// `R2D`, `D5TR`, `B6CD`, the side after the piece and a pawn's file after
/// its `P` as in Spanish; mate `#`, en passant `e.p.`.
const PORTUGUESE: Writing = Writing {
    pieces: ["P", "C", "B", "T", "D", "R"],
    files: ["TD", "CD", "BD", "D", "R", "BR", "CR", "TR", "T", "C", "B"],
    wings: ["R", "D"],
    rank_first: true,
    to_square: "",
    capture: "x",
    promotion: "=",
    en_passant: " e.p.",
    checks: ["+", "+", "+", "#"],
};

impl Lang {
    fn writing(self) -> &'static Writing {
        match self {
            Lang::English => &ENGLISH,
            Lang::Spanish => &SPANISH,
            Lang::French => &FRENCH,
            Lang::Portuguese => &PORTUGUESE,
        }
    }

    /// The language descriptive notation is written in with `letters`
    /// (English, Spanish, French or Portuguese letters), if any.
    pub fn written_in(letters: &LetterSet) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.letters() == letters)
    }

    /// The check mark written after a move in this language, its space
    /// included: ` ch`, ` dis ch`, `+`, ` mate`, `#`.
    pub fn check_mark(self, check: DescCheck) -> &'static str {
        self.writing().checks[check as usize]
    }
}

impl Writing {
    /// A piece: the mover, with a qualifier between `open` and `close`
    /// (`N(Q2)`, `T(1)`), or the piece taken (`P/4`).
    fn put_piece(&self, spec: &PieceSpec, open: &str, close: &str, out: &mut Vec<u8>) {
        let pawn = spec.role == Role::Pawn;
        let letter = self.pieces[role_index(spec.role)];
        // A pawn's file, or a piece's side: `QBP`, `KR`; `PAD`, `TR`.
        let named = if pawn {
            spec.file.map(|f| self.files[f as usize])
        } else {
            spec.wing.map(|w| self.wings[w as usize])
        };
        let (first, second) = if self.rank_first {
            (letter, named.unwrap_or(""))
        } else {
            (named.unwrap_or(""), letter)
        };
        out.extend_from_slice(first.as_bytes());
        out.extend_from_slice(second.as_bytes());
        let file = spec.file.filter(|_| !pawn);
        if file.is_some() || spec.rank.is_some() {
            out.extend_from_slice(open.as_bytes());
            self.put_place(file, spec.rank, out);
            out.extend_from_slice(close.as_bytes());
        }
    }

    /// A file and a rank, in the language's order: `KB3`, `3AR`.
    fn put_place(&self, file: Option<FileName>, rank: Option<u8>, out: &mut Vec<u8>) {
        // Any file (never written for a move) is no file.
        let name = |f: FileName| self.files.get(f as usize).copied().unwrap_or("");
        let file = file.map_or("", name).as_bytes();
        let rank = rank.map(|r| b'0' + r);
        if self.rank_first {
            out.extend(rank);
            out.extend_from_slice(file);
        } else {
            out.extend_from_slice(file);
            out.extend(rank);
        }
    }

    /// `d` spelled out, its marks included.
    fn put(&self, d: &Descriptive, out: &mut Vec<u8>) {
        match d.mv {
            DescMove::Castle(CastlingSide::KingSide) | DescMove::CastleEither => {
                out.extend_from_slice(b"O-O");
            }
            DescMove::Castle(CastlingSide::QueenSide) => out.extend_from_slice(b"O-O-O"),
            DescMove::Piece {
                mover,
                target,
                promotion,
            } => {
                self.put_piece(&mover, "(", ")", out);
                match target {
                    DescTarget::Square(sq) => {
                        out.extend_from_slice(self.to_square.as_bytes());
                        self.put_place(Some(sq.file), Some(sq.rank), out);
                    }
                    DescTarget::Capture(taken) => {
                        out.extend_from_slice(self.capture.as_bytes());
                        self.put_piece(&taken, "/", "", out);
                    }
                    // Read from old books only; written with its square.
                    DescTarget::Checking => out.extend_from_slice(b" checks"),
                    DescTarget::Moving => out.extend_from_slice(b" moves"),
                    DescTarget::Interposing => out.extend_from_slice(b" interposes"),
                    DescTarget::Stepping => out.extend_from_slice(b" one"),
                }
                if let Some(role) = promotion {
                    out.extend_from_slice(self.promotion.as_bytes());
                    out.extend_from_slice(self.pieces[role_index(role)].as_bytes());
                }
            }
        }
        if d.en_passant {
            out.extend_from_slice(self.en_passant.as_bytes());
        }
        if let Some(check) = d.check {
            out.extend_from_slice(self.checks[check as usize].as_bytes());
        }
        if let Some(glyph) = d.nag.and_then(nag_glyph) {
            out.extend_from_slice(glyph.as_bytes());
        }
    }
}

/// English, in the spellings [`write()`] uses: `N(Q2)-KB3`, `R(1)-Q1`,
/// `NxP/4`, `P-K8=Q`, `PxP e.p. ch`.
impl fmt::Display for Descriptive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        ENGLISH.put(self, &mut out);
        f.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)
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
    write_in(pos, mv, Lang::English, out);
}

/// [`write()`] in `lang`: Spanish `P4R`, `C3AR`, `TR1D`, `T(1)1D`,
/// `PDxA`, `PxP a.p.`; French `P.4R`, `C.3FR`, `TD.1D`, `PDxF`.
pub fn write_in(pos: &Chess, mv: Move, lang: Lang, out: &mut String) {
    let mut bytes = Vec::new();
    write_into(pos, mv, lang, &mut bytes);
    out.push_str(std::str::from_utf8(&bytes).expect("descriptive moves are ASCII"));
}

/// [`write_in()`] into bytes, as the printers write.
pub(crate) fn write_into(pos: &Chess, mv: Move, lang: Lang, out: &mut Vec<u8>) {
    if let Some(side) = mv.castling_side() {
        out.extend_from_slice(if side.is_king_side() {
            b"O-O"
        } else {
            b"O-O-O"
        });
        return;
    }
    let Some(from) = mv.from() else { return };
    let writing = lang.writing();
    let turn = pos.turn();
    let mut pool = pos.legal_moves();
    pool.retain(|m| m.role() == mv.role());
    let targets = targets(&mv, turn);
    let start = out.len();
    let mut best: Option<(usize, Descriptive)> = None;
    for mover in namings(mv.role(), from, turn) {
        for &target in &targets {
            let d = spelling(mv, mover, target);
            writing.put(&d, out);
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
        writing.put(&d, out);
    }
}

/// [`write_into()`], then the check `mv` gives, where `checks` says it
/// gives one: its kind (`dis ch`) told from the position after it.
pub(crate) fn write_checked_into(
    pos: &Chess,
    mv: Move,
    lang: Lang,
    checks: bool,
    out: &mut Vec<u8>,
) {
    write_into(pos, mv, lang, out);
    if !checks {
        return;
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if let Some(check) = check_kind(&after, &mv) {
        let mark = lang.check_mark(check);
        // After `e.p.` a sign stands apart, for the reader to join it to
        // the move as a word of its own: `PxP a.p. +`.
        if mv.is_en_passant() && !mark.starts_with(' ') {
            out.push(b' ');
        }
        out.extend_from_slice(mark.as_bytes());
    }
}

/// The ways to name where `mv` goes, plainest first: the piece it takes,
/// or the square by its shared file name, then by its exact one.
fn targets(mv: &Move, turn: Color) -> arrayvec::ArrayVec<DescTarget, 6> {
    match (mv.capture(), taken_square(mv)) {
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

#[cfg(test)]
mod tests {
    use super::super::tests::POSITIONS;
    use super::super::{Descriptive, Lang, resolve};
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    /// Every legal move of the positions of the reader's tests, written in
    /// each language, reads back in it as that move alone, and is ASCII.
    #[test]
    fn every_move_written_in_each_language_reads_back_as_itself() {
        let mut count = 0;
        for text in POSITIONS {
            let fen: Fen = text.parse().unwrap();
            let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
            for mv in pos.legal_moves() {
                for lang in Lang::ALL {
                    let mut out = String::new();
                    write_in(&pos, mv, lang, &mut out);
                    let d = Descriptive::parse(&out, lang)
                        .unwrap_or_else(|e| panic!("{text}: {out} in {lang:?}: {e}"));
                    assert_eq!(resolve(&pos, &d), Ok(mv), "{text}: {out} in {lang:?}");
                    assert!(out.is_ascii(), "{out}");
                    count += 1;
                }
            }
        }
        assert!(count > 800, "{count}");
    }

    /// Every check mark reads back as a check of its kind's sign, in each
    /// language.
    #[test]
    fn check_marks_read_back() {
        use super::super::DescCheck;
        for lang in Lang::ALL {
            for check in [
                DescCheck::Check,
                DescCheck::Discovered,
                DescCheck::Double,
                DescCheck::Mate,
            ] {
                let mut out = String::new();
                write_in(
                    &Chess::default(),
                    Chess::default().legal_moves()[0],
                    lang,
                    &mut out,
                );
                out.push_str(lang.check_mark(check));
                let d = Descriptive::parse(&out, lang).unwrap();
                assert_eq!(d.check.map(DescCheck::sign), Some(check.sign()), "{out}");
            }
        }
    }

    #[test]
    fn the_language_of_letters() {
        let lang = |code| Lang::written_in(LetterSet::by_code(code).unwrap());
        assert_eq!(lang("en"), Some(Lang::English));
        assert_eq!(lang("es"), Some(Lang::Spanish));
        assert_eq!(lang("fr"), Some(Lang::French));
        assert_eq!(lang("pt"), Some(Lang::Portuguese));
        // Catalan and Italian share Spanish letters, but not its notation.
        assert_eq!(lang("ca"), None);
        assert_eq!(lang("ru"), None);
    }
}
