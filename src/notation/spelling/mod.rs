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

use std::io::Write as _;

use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Role, san::San, uci::UciMove};

use crate::notation::style::{
    CaptureSign, CastlingSign, DoubleCheckSign, EnPassantSuffix, Form, MateSign, PromotionSign,
    Separator, Style,
};
use crate::vocab::letters::{LetterSet, ROLES, role_index};
use crate::vocab::moves::{Check, MoveRecord};

/// A name or sign of at most [`Word::MAX`] bytes, kept inline so that it
/// is copied whole, padding and all, with one 8-byte copy.
#[derive(Debug, Clone, Copy, Default)]
struct Word {
    bytes: [u8; Word::SIZE],
    len: u8,
}

impl Word {
    const SIZE: usize = 8;
    /// The longest word: the longest any style writes is the Cyrillic
    /// en passant mark, ` е.р.`, 7 bytes; a piece name is at most 4.
    const MAX: usize = Word::SIZE - 1;

    /// The word `parts` make together.
    ///
    /// # Panics
    /// Where they are longer than [`Word::MAX`]: the tables are static,
    /// and a test spells every letter set with every convention.
    fn of(parts: &[&str]) -> Word {
        let mut word = Word::default();
        let mut len = 0;
        for part in parts {
            let end = len + part.len();
            assert!(
                end <= Word::MAX,
                "a style's word is at most {} bytes",
                Word::MAX
            );
            word.bytes[len..end].copy_from_slice(part.as_bytes());
            len = end;
        }
        word.len = len as u8;
        word
    }
}

/// A move being written at the end of an output: room made for the
/// longest, then cut to what was written. The words are placed straight
/// into the output, and nothing reads them back while they are fresh (a
/// read of bytes just stored in pieces waits for the stores).
struct Buf<'a> {
    bytes: &'a mut [u8; Buf::ROOM],
    len: usize,
}

impl Buf<'_> {
    /// The longest move is 53 bytes: seven words (a piece, a sign, a
    /// promotion's brackets and piece, a mate sign, an en passant mark)
    /// and two squares; the last word's padding may pass it by 7.
    const ROOM: usize = 64;

    /// Makes room at the end of `out`; once the move is written, the
    /// caller cuts `out` to it ([`Buf::len`]).
    #[inline(always)]
    fn at_end(out: &mut Vec<u8>) -> Buf<'_> {
        let start = out.len();
        out.resize(start + Buf::ROOM, 0);
        let bytes =
            <&mut [u8; Buf::ROOM]>::try_from(&mut out[start..]).expect("the room just made");
        Buf { bytes, len: 0 }
    }

    #[inline(always)]
    fn word(&mut self, word: &Word) {
        self.bytes[self.len..self.len + Word::SIZE].copy_from_slice(&word.bytes);
        self.len += usize::from(word.len);
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    #[inline(always)]
    fn square(&mut self, square: shakmaty::Square) {
        self.bytes[self.len..self.len + 2].copy_from_slice(&SQUARE_NAMES[usize::from(square)]);
        self.len += 2;
    }

    /// How long the move is: what of the room `out` keeps.
    fn len(&self) -> usize {
        self.len
    }
}

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

/// How a move's files and squares are written: as PGN writes them, or in
/// a letter set's own file letters.
trait Squares: Copy {
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File);
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square);
}

/// PGN's files, `a`-`h`, squares from [`SQUARE_NAMES`].
#[derive(Clone, Copy)]
struct LatinFiles;

impl Squares for LatinFiles {
    #[inline(always)]
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File) {
        buf.byte(file.char() as u8);
    }
    #[inline(always)]
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square) {
        buf.square(square);
    }
}

/// A letter set's own file letters (Greek `ε4`).
impl Squares for &[Word; 8] {
    fn file(self, buf: &mut Buf<'_>, file: shakmaty::File) {
        buf.word(&self[usize::from(file)]);
    }
    fn square(self, buf: &mut Buf<'_>, square: shakmaty::Square) {
        self.file(buf, square.file());
        buf.byte(square.rank().char() as u8);
    }
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
            Form::Iccf => return write_iccf(record, out),
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

/// A move in ICCF numeric notation; a null move, which it has no form
/// for, as `--`.
fn write_iccf(record: &MoveRecord, out: &mut Vec<u8>) {
    let digit = |n: u32| b'1' + n as u8;
    match record
        .mv
        .map(|m| UciMove::from_move(m, CastlingMode::Standard))
    {
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

/// Every square's name, in shakmaty's order (a1, b1, … h8).
const SQUARE_NAMES: [[u8; 2]; 64] = {
    let mut names = [[0; 2]; 64];
    let mut i = 0;
    while i < 64 {
        names[i] = [b'a' + (i % 8) as u8, b'1' + (i / 8) as u8];
        i += 1;
    }
    names
};

/// Appends a square's name (`e4`), taken whole from [`SQUARE_NAMES`].
#[inline(always)]
fn push_square(out: &mut Vec<u8>, square: shakmaty::Square) {
    out.extend_from_slice(&SQUARE_NAMES[usize::from(square)]);
}

/// Appends `record` in UCI: ordinary moves straight from the move; castling
/// and null moves as shakmaty spells them in the castling mode.
#[inline(always)]
fn write_uci(record: &MoveRecord, mode: CastlingMode, out: &mut Vec<u8>) {
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
fn put_descriptive(
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
mod tests {
    use super::*;

    #[test]
    fn every_square_is_named_as_shakmaty_names_it() {
        for square in shakmaty::Square::ALL {
            let mut out = Vec::new();
            push_square(&mut out, square);
            assert_eq!(out, square.to_string().into_bytes());
        }
    }

    /// Each convention written as its choice says, in each form, for an en
    /// passant capture, a capturing promotion that checks, castling long
    /// and a knight's move.
    #[test]
    fn every_convention_is_spelled_as_chosen() {
        use crate::notation::style::Conventions;
        use crate::vocab::letters::LetterSet;
        use shakmaty::{fen::Fen, uci::UciMove};

        let fen: Fen = "r3k3/1P6/8/3pP3/8/8/8/R3K1N1 w Q d6 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let records: Vec<MoveRecord> = ["e5d6", "b7a8q", "e1c1", "g1f3"]
            .iter()
            .map(|uci| {
                let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
                MoveRecord::new(&pos, mv)
            })
            .collect();
        let write = |form, letters: &str, conventions| {
            let style = Style {
                form,
                letters: LetterSet::by_code(letters).unwrap(),
                conventions,
            };
            let spelling = Spelling::new(style);
            let mut moves = Vec::new();
            for record in &records {
                let mut text = String::new();
                spelling.write_move_at(record, Some(&pos), CastlingMode::Standard, &mut text);
                moves.push(text);
            }
            moves
        };
        let pgn = Conventions::PGN;
        let classic = Conventions {
            capture: CaptureSign::Colon,
            castling: CastlingSign::Zero,
            promotion: PromotionSign::Parens,
            en_passant: EnPassantSuffix::CyrillicEp,
            ..pgn
        };
        let bare = Conventions {
            capture: CaptureSign::None,
            promotion: PromotionSign::Slash,
            en_passant: EnPassantSuffix::Ap,
            ..pgn
        };
        let nothing = Conventions {
            separator: Separator::None,
            promotion: PromotionSign::Bare,
            en_passant: EnPassantSuffix::Ep,
            ..bare
        };
        let cases = [
            (Form::San, "en", pgn, ["exd6", "bxa8=Q+", "O-O-O", "Nf3"]),
            (
                Form::Lan,
                "en",
                pgn,
                ["e5xd6", "b7xa8=Q+", "O-O-O", "Ng1-f3"],
            ),
            (Form::Uci, "ru", pgn, ["e5d6", "b7a8q", "e1c1", "g1f3"]),
            (Form::Iccf, "en", pgn, ["5546", "27181", "5131", "7163"]),
            (
                Form::Lan,
                "ru",
                classic,
                ["e5:d6 е.р.", "b7:a8(Ф)+", "0-0-0", "Кg1-f3"],
            ),
            (
                Form::San,
                "es",
                bare,
                ["ed6 a.p.", "ba8/D+", "O-O-O", "Cf3"],
            ),
            // A long-form capture with no capture sign keeps the dash,
            // unless there is none either.
            (
                Form::Lan,
                "de",
                bare,
                ["e5-d6 a.p.", "b7-a8/D+", "O-O-O", "Sg1-f3"],
            ),
            (
                Form::Lan,
                "figurine",
                nothing,
                ["e5d6 e.p.", "b7a8♕+", "O-O-O", "♘g1f3"],
            ),
        ];
        for (form, letters, conventions, expected) in cases {
            assert_eq!(
                write(form, letters, conventions),
                expected,
                "{form:?} {letters}"
            );
        }
    }

    /// Every letter set spells with every convention (no word is too long
    /// for its table), and the longest move fits the room made for it.
    #[test]
    fn every_style_fits_its_tables() {
        let mut longest = 0;
        for letters in crate::vocab::letters::LETTER_SETS {
            for &(en_passant, _) in EnPassantSuffix::ALL {
                for &(promotion, _) in PromotionSign::ALL {
                    for &(mate, _) in MateSign::ALL {
                        for &(capture, _) in CaptureSign::ALL {
                            let style = Style {
                                form: Form::Lan,
                                letters,
                                conventions: crate::notation::style::Conventions {
                                    en_passant,
                                    promotion,
                                    mate,
                                    capture,
                                    ..crate::notation::style::Conventions::PGN
                                },
                            };
                            let s = Spelling::new(style);
                            let words = [
                                s.pieces.iter().flatten().map(|w| w.len).max().unwrap(),
                                s.capture.len.max(s.long_capture.len).max(s.long_quiet.len),
                                s.promotion_open.len + s.promotion_close.len,
                                s.checks.iter().map(|w| w.len).max().unwrap(),
                                s.en_passant.len,
                            ];
                            // Piece, sign, promotion and its piece, check and
                            // mark, and the two squares.
                            let move_len = usize::from(
                                2 * words[0] + words[1] + words[2] + words[3] + words[4],
                            ) + 4;
                            longest = longest.max(move_len);
                        }
                    }
                }
            }
        }
        assert!(longest + Word::SIZE <= Buf::ROOM, "{longest}");
    }
}
