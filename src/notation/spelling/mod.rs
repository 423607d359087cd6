//! Writing moves: a [`Style`] spelled out once into byte tables, then each
//! move written from them.
//!
//! A style is a handful of choices (form, letters, signs). Looking each of
//! them up for every move costs more than writing the move, so
//! [`Spelling::new`] turns the style into the bytes it writes: every
//! piece's name by colour, the capture and long-form separators, the
//! castling words, the promotion's brackets, the check and mate signs, the
//! en passant mark. A move is then written from those words, each placed
//! with one 8-byte copy. Printers keep one [`Spelling`] for all their
//! games; [`Style::write_move`] makes one per call.
//!
//! Here are the spelling and the algebraic forms written from its words;
//! `words` holds those words, the room a move is written into and the
//! squares; `forms` the forms written whole (ICCF numeric, UCI,
//! descriptive).

use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Role, san::San};

use crate::notation::style::{
    CaptureSign, CastlingSign, DoubleCheckSign, EnPassantSuffix, Form, MateSign, PromotionSign,
    Separator, Style,
};
use crate::vocab::letters::{ROLES, role_index};
use crate::vocab::moves::{Check, MoveRecord};

mod forms;
mod words;

use forms::{put_descriptive, write_iccf, write_uci};
use words::{Buf, LatinFiles, Squares, Word};

/// A [`Style`] ready to write moves: its words, looked up once.
#[derive(Debug, Clone)]
pub struct Spelling {
    style: Style,
    /// By colour (white, black), then by [`role_index`]; the pawn's is
    /// empty, as algebraic notation writes no pawn letter.
    pieces: [[Word; 6]; 2],
    /// Between a piece and its target in short algebraic (`x`, `:`).
    capture: Word,
    /// Between the two squares of a long-form capture, and of any other
    /// long-form move.
    long_capture: Word,
    long_quiet: Word,
    /// Castling, king side then queen side (`O-O`, `0-0-0`).
    castles: [Word; 2],
    /// Around the promoted piece's name (`=`, `(` `)`, `/`).
    promotion_open: Word,
    promotion_close: Word,
    /// After the move, for no check, check, double check and mate.
    checks: [Word; 4],
    /// After an en passant capture, its sign included (` e.p.`).
    en_passant: Word,
    /// By colour, then by [`role_index`]: the files (a bit each) that, after
    /// the piece's name, begin another piece's name (Bengali: the bishop
    /// `G` and the file `h` make the knight `Gh`). A move told apart by
    /// such a file is told apart by its whole square, so it reads back one
    /// way only.
    file_clashes: [[u8; 6]; 2],
    /// The file letters, where the style's letters write their own
    /// (Greek `α`-`θ`); `None` for PGN's `a`-`h`.
    files: Option<[Word; 8]>,
}
/// For each role, the files whose letter after the role's name in `color`
/// begins another name of `letters` (see [`Spelling::file_clashes`]).
fn file_clashes(letters: &crate::vocab::letters::LetterSet, color: Color) -> [u8; 6] {
    ROLES.map(|role| {
        let name = letters.name(role, color);
        let mut files = 0u8;
        for (i, file) in shakmaty::File::ALL.into_iter().enumerate() {
            let start = format!("{name}{}", letters.file_letter(file));
            let clash = ROLES.iter().any(|&other| {
                other != role && !name.is_empty() && letters.name(other, color).starts_with(&start)
            });
            if clash {
                files |= 1 << i;
            }
        }
        files
    })
}

impl Spelling {
    /// Spells `style` out.
    pub fn new(style: Style) -> Spelling {
        let c = &style.conventions;
        let names = |color| {
            ROLES.map(|role| match role {
                Role::Pawn => Word::default(),
                _ => Word::of(&[style.letters.name(role, color)]),
            })
        };
        let capture = match c.capture {
            CaptureSign::X => "x",
            CaptureSign::Colon => ":",
            CaptureSign::None => "",
        };
        let dash = match c.separator {
            Separator::Dash => "-",
            Separator::None => "",
        };
        // A long-form capture without a capture sign keeps the dash.
        let long_capture = if capture.is_empty() { dash } else { capture };
        let o = match c.castling {
            CastlingSign::Letter => "O",
            CastlingSign::Zero => "0",
        };
        let (open, close) = match c.promotion {
            PromotionSign::Equals => ("=", ""),
            PromotionSign::Bare => ("", ""),
            PromotionSign::Parens => ("(", ")"),
            PromotionSign::Slash => ("/", ""),
        };
        let double_check = match c.double_check {
            DoubleCheckSign::Plus => "+",
            DoubleCheckSign::DoublePlus => "++",
        };
        let mate = match c.mate {
            MateSign::Hash => "#",
            MateSign::DoublePlus => "++",
            MateSign::X => "X",
        };
        // The en passant mark comes last, after a space, as the FIDE texts
        // write it: `exd6 a.p.`, `exd6+ a.p.`.
        let en_passant = match c.en_passant {
            EnPassantSuffix::None => "",
            EnPassantSuffix::Ep => " e.p.",
            EnPassantSuffix::CyrillicEp => " е.р.",
            EnPassantSuffix::Ap => " a.p.",
        };
        Spelling {
            style,
            pieces: [names(Color::White), names(Color::Black)],
            capture: Word::of(&[capture]),
            long_capture: Word::of(&[long_capture]),
            long_quiet: Word::of(&[dash]),
            castles: [Word::of(&[o, "-", o]), Word::of(&[o, "-", o, "-", o])],
            promotion_open: Word::of(&[open]),
            promotion_close: Word::of(&[close]),
            checks: [
                Word::default(),
                Word::of(&["+"]),
                Word::of(&[double_check]),
                Word::of(&[mate]),
            ],
            en_passant: Word::of(&[en_passant]),
            file_clashes: [
                file_clashes(style.letters, Color::White),
                file_clashes(style.letters, Color::Black),
            ],
            files: (!style.letters.has_latin_files()).then(|| {
                shakmaty::File::ALL.map(|file| {
                    let mut letter = [0; 4];
                    Word::of(&[style.letters.file_letter(file).encode_utf8(&mut letter)])
                })
            }),
        }
    }

    /// The style spelled.
    pub fn style(&self) -> &Style {
        &self.style
    }

    /// Writes a move given the position before it, as
    /// [`Style::write_move_at`] does.
    pub fn write_move_at(
        &self,
        record: &MoveRecord,
        before: Option<&Chess>,
        mode: CastlingMode,
        out: &mut String,
    ) {
        let mut bytes = Vec::new();
        self.put_move_at(record, before, mode, &mut bytes);
        out.push_str(std::str::from_utf8(&bytes).expect("moves are written in UTF-8"));
    }

    /// [`Spelling::write_move_at`] into bytes, as the printers write.
    /// Always inlined: called for every move written, and what LLVM
    /// decides for it otherwise shifts with changes far away.
    #[inline(always)]
    pub(crate) fn put_move_at(
        &self,
        record: &MoveRecord,
        before: Option<&Chess>,
        mode: CastlingMode,
        out: &mut Vec<u8>,
    ) {
        if self.style.form == Form::Descriptive
            && let (Some(pos), Some(mv)) = (before, record.mv)
        {
            return put_descriptive(record, pos, mv, self.style.letters, out);
        }
        self.put_move(record, mode, out);
    }

    /// Appends `record` without a position: descriptive notation is then
    /// written in short algebraic.
    pub(crate) fn put_move(&self, record: &MoveRecord, mode: CastlingMode, out: &mut Vec<u8>) {
        match &self.files {
            None => self.put_move_in(record, mode, out, LatinFiles),
            Some(files) => self.put_move_in_own_files(record, mode, out, files),
        }
    }

    /// [`Spelling::put_move`] in the letters' own files, kept out of the
    /// path of PGN's.
    #[inline(never)]
    fn put_move_in_own_files(
        &self,
        record: &MoveRecord,
        mode: CastlingMode,
        out: &mut Vec<u8>,
        files: &[Word; 8],
    ) {
        self.put_move_in(record, mode, out, files);
    }

    /// [`Spelling::put_move`] with files and squares written by `squares`.
    #[inline(always)]
    fn put_move_in<S: Squares>(
        &self,
        record: &MoveRecord,
        mode: CastlingMode,
        out: &mut Vec<u8>,
        squares: S,
    ) {
        let form = self.style.form;
        match form {
            Form::Uci => return write_uci(record, mode, out),
            Form::Iccf => return write_iccf(record, mode, out),
            Form::San | Form::Lan | Form::Descriptive => {}
        }
        let pieces = &self.pieces[usize::from(record.color.is_black())];
        let start = out.len();
        let mut buf = Buf::at_end(out);
        // The long form of a move from a square (not castling, not a null
        // move) is read from the move alone.
        match record.mv {
            Some(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            }) if form == Form::Lan => {
                let piece = &pieces[role_index(role)];
                self.put_long(piece, from, capture.is_some(), to, &mut buf, squares);
                self.put_promotion(promotion, pieces, &mut buf);
            }
            Some(Move::EnPassant { from, to }) if form == Form::Lan => {
                let pawn = &pieces[role_index(Role::Pawn)];
                self.put_long(pawn, from, true, to, &mut buf, squares);
            }
            _ => self.put_san_body(
                record,
                pieces,
                &self.file_clashes[usize::from(record.color.is_black())],
                &mut buf,
                squares,
            ),
        }
        let check = match record.check {
            None => 0,
            Some(Check::Check) => 1,
            Some(Check::DoubleCheck) => 2,
            Some(Check::Mate) => 3,
        };
        buf.word(&self.checks[check]);
        if matches!(record.mv, Some(Move::EnPassant { .. })) {
            buf.word(&self.en_passant);
        }
        let len = buf.len();
        out.truncate(start + len);
    }

    /// A move from `from` to `to` in the long form, but for a promotion.
    #[inline(always)]
    fn put_long<S: Squares>(
        &self,
        piece: &Word,
        from: shakmaty::Square,
        capture: bool,
        to: shakmaty::Square,
        buf: &mut Buf<'_>,
        squares: S,
    ) {
        buf.word(piece);
        squares.square(buf, from);
        buf.word(if capture {
            &self.long_capture
        } else {
            &self.long_quiet
        });
        squares.square(buf, to);
    }

    /// The body of a move in short algebraic, and of castling and null
    /// moves in any form.
    #[inline(always)]
    fn put_san_body<S: Squares>(
        &self,
        record: &MoveRecord,
        pieces: &[Word; 6],
        clashes: &[u8; 6],
        buf: &mut Buf<'_>,
        squares: S,
    ) {
        match record.san {
            San::Castle(side) => {
                buf.word(&self.castles[usize::from(side == CastlingSide::QueenSide)])
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                buf.word(&pieces[role_index(role)]);
                if let Some(file) = file {
                    squares.file(buf, file);
                }
                // A file that would make another piece's name brings its
                // rank with it.
                let rank = match (file, rank, record.mv) {
                    (Some(file), None, Some(mv))
                        if clashes[role_index(role)] & (1 << u32::from(file)) != 0 =>
                    {
                        mv.from().map(|from| from.rank())
                    }
                    _ => rank,
                };
                if let Some(rank) = rank {
                    buf.byte(rank.char() as u8);
                }
                if capture {
                    buf.word(&self.capture);
                }
                squares.square(buf, to);
                self.put_promotion(promotion, pieces, buf);
            }
            // Standard chess has neither; the resolver never produces them.
            San::Put { .. } | San::Null => {
                buf.byte(b'-');
                buf.byte(b'-');
            }
        }
    }

    /// The promoted piece in its brackets, if the move promotes.
    #[inline(always)]
    fn put_promotion(&self, promotion: Option<Role>, pieces: &[Word; 6], buf: &mut Buf<'_>) {
        if let Some(promoted) = promotion {
            buf.word(&self.promotion_open);
            buf.word(&pieces[role_index(promoted)]);
            buf.word(&self.promotion_close);
        }
    }
}
/// Writing one move in a style, for callers with no [`Spelling`] of their
/// own (a printer makes one per game).
impl Style {
    /// Writes a move given the position before it. Descriptive notation
    /// is written from it (in Spanish or French for their letter sets, in
    /// English for any other); every other form, and a null move, is written as by
    /// [`Style::write_move`].
    pub fn write_move_at(
        &self,
        record: &MoveRecord,
        before: Option<&Chess>,
        mode: CastlingMode,
        out: &mut String,
    ) {
        Spelling::new(*self).write_move_at(record, before, mode, out);
    }

    /// Appends `record` written in this style. `mode` says how UCI writes
    /// castling. Descriptive notation needs the position (see
    /// [`Style::write_move_at`]); without it, it is written in short
    /// algebraic.
    pub fn write_move(&self, record: &MoveRecord, mode: CastlingMode, out: &mut String) {
        self.write_move_at(record, None, mode, out);
    }
}

#[cfg(test)]
mod tests;
