//! How a move is written: form, letters and conventions, and the presets.
//!
//! A [`Style`] is three independent choices (see `NOTATION.md` section 3):
//! the [`Form`] (short, long, UCI), the [`LetterSet`], and the
//! [`Conventions`] (capture sign, castling, promotion, check and mate
//! signs, en passant suffix, separator). [`Style::write_move`] writes one
//! resolved move from its [`MoveRecord`]; it needs no board, because the
//! record already holds what the board said. Descriptive notation is the
//! exception: it names squares from the mover's side and is as short as
//! the position allows, so [`Style::write_move_at`] is given the position.

use std::io::Write as _;
use std::str::FromStr;

use shakmaty::{CastlingMode, Chess, Move, Position, Role, san::San, uci::UciMove};

use crate::game::{Check, MoveRecord};
use crate::letters::{ENGLISH, LetterSet};

/// Declares a small enum of named choices, with its names as a table so
/// that parsing, `--help` and the README all read one list.
macro_rules! choices {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every choice with its name.
            pub const ALL: &'static [($name, &'static str)] = &[$(($name::$variant, $text)),+];

            /// The choice's name as users write it.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                Self::ALL
                    .iter()
                    .find(|(_, text)| *text == s)
                    .map(|(v, _)| *v)
                    .ok_or_else(|| {
                        let names: Vec<&str> = Self::ALL.iter().map(|(_, t)| *t).collect();
                        format!("`{s}` is not one of: {}", names.join(", "))
                    })
            }
        }
    };
}

choices! {
    /// The shape of a written move.
    Form {
        /// Short algebraic: `Nf3`, `exd5`, `O-O`.
        San = "san",
        /// Long algebraic: `Ng1-f3`, `e4xd5`, `O-O`.
        Lan = "lan",
        /// UCI: `g1f3`, `e7e8q`, castling as the king's move.
        Uci = "uci",
        /// ICCF numeric: files and ranks as digits, `7163` for g1-f3, a
        /// fifth digit for a promotion (1 Q, 2 R, 3 B, 4 N), castling as
        /// the king's move (`5171`).
        Iccf = "iccf",
        /// English descriptive: `P-K4`, `N-KB3`, `PxP`, `QR-Q1`, as short
        /// as the position allows, with `ch`, `dis ch`, `dbl ch`, `mate`.
        Descriptive = "descriptive",
    }
}

choices! {
    /// The sign written between a capturing piece and its target.
    CaptureSign { X = "x", Colon = ":", None = "none" }
}

choices! {
    /// The character castling is written with.
    CastlingSign { Letter = "O", Zero = "0" }
}

choices! {
    /// How a promotion piece is attached.
    PromotionSign { Equals = "=Q", Bare = "Q", Parens = "(Q)", Slash = "/Q" }
}

choices! {
    /// The mate sign.
    MateSign { Hash = "#", DoublePlus = "++", X = "X" }
}

choices! {
    /// The sign of a double check.
    DoubleCheckSign { Plus = "+", DoublePlus = "++" }
}

choices! {
    /// The suffix after an en passant capture.
    EnPassantSuffix { None = "none", Ep = "e.p.", CyrillicEp = "е.р.", Ap = "a.p." }
}

choices! {
    /// What stands between the two squares of a long-form non-capture.
    Separator { Dash = "-", None = "none" }
}

/// The conventions a style writes with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conventions {
    pub capture: CaptureSign,
    pub castling: CastlingSign,
    pub promotion: PromotionSign,
    pub mate: MateSign,
    pub double_check: DoubleCheckSign,
    pub en_passant: EnPassantSuffix,
    pub separator: Separator,
}

impl Conventions {
    /// The PGN export conventions.
    pub const PGN: Conventions = Conventions {
        capture: CaptureSign::X,
        castling: CastlingSign::Letter,
        promotion: PromotionSign::Equals,
        mate: MateSign::Hash,
        double_check: DoubleCheckSign::Plus,
        en_passant: EnPassantSuffix::None,
        separator: Separator::Dash,
    };
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

/// Appends `text`: one byte, the usual piece letter or sign, as a byte,
/// which spares the general copy.
#[inline]
fn push_text(out: &mut Vec<u8>, text: &str) {
    match *text.as_bytes() {
        [] => {}
        [b] => out.push(b),
        _ => out.extend_from_slice(text.as_bytes()),
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
#[inline]
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

/// A complete way of writing moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub form: Form,
    pub letters: &'static LetterSet,
    pub conventions: Conventions,
}

impl Default for Style {
    fn default() -> Self {
        PRESETS[0].style()
    }
}

/// A named bundle of form, letters and conventions.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    pub name: &'static str,
    pub description: &'static str,
    form: Form,
    letters: &'static str,
    conventions: Conventions,
}

impl Preset {
    pub fn style(&self) -> Style {
        Style {
            form: self.form,
            letters: LetterSet::by_code(self.letters).expect("presets name known letter sets"),
            conventions: self.conventions,
        }
    }

    pub fn by_name(name: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.name == name)
    }
}

/// The presets of `NOTATION.md` section 3.
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "fide-en",
        description: "PGN export format: SAN, English letters, x, O-O, =Q, +, #",
        form: Form::San,
        letters: "en",
        conventions: Conventions::PGN,
    },
    Preset {
        name: "fide-ru",
        description: "FIDE Laws in Russian: short, Кр Ф Л С К, x, 0-0, d8Ф, #, е.р.",
        form: Form::San,
        letters: "ru",
        conventions: Conventions {
            castling: CastlingSign::Zero,
            promotion: PromotionSign::Bare,
            en_passant: EnPassantSuffix::CyrillicEp,
            ..Conventions::PGN
        },
    },
    Preset {
        name: "fide-es",
        description: "FIDE Laws in Spanish: short, R D T A C, x, 0-0, d8D, #, a.p.",
        form: Form::San,
        letters: "es",
        conventions: Conventions {
            castling: CastlingSign::Zero,
            promotion: PromotionSign::Bare,
            en_passant: EnPassantSuffix::Ap,
            ..Conventions::PGN
        },
    },
    Preset {
        name: "ru-classic",
        description: "Russian textbooks: long (e2-e4, Лd1:d6), : captures, ++ double check, X mate, 0-0",
        form: Form::Lan,
        letters: "ru",
        conventions: Conventions {
            capture: CaptureSign::Colon,
            castling: CastlingSign::Zero,
            promotion: PromotionSign::Bare,
            mate: MateSign::X,
            double_check: DoubleCheckSign::DoublePlus,
            en_passant: EnPassantSuffix::None,
            separator: Separator::Dash,
        },
    },
];

impl Style {
    /// The style of a preset (`fide-en`, `fide-ru`, `fide-es`,
    /// `ru-classic`), as `--preset` names them.
    pub fn preset(name: &str) -> Option<Style> {
        Preset::by_name(name).map(Preset::style)
    }

    /// The PGN export style (`fide-en`).
    pub fn pgn() -> Style {
        Style::default()
    }

    /// Whether moves come out as SAN with English letters and PGN signs,
    /// so that the output is PGN any reader takes.
    pub fn is_pgn_export(&self) -> bool {
        self.form == Form::San && self.letters == &ENGLISH && self.conventions == Conventions::PGN
    }

    /// Whether moves written in this style show the check they give (UCI
    /// and ICCF moves do not).
    pub fn shows_check(&self) -> bool {
        !matches!(self.form, Form::Uci | Form::Iccf)
    }

    /// Whether every move this style writes is ASCII: its letters are,
    /// and the en passant mark is not the Cyrillic one. (Descriptive moves
    /// are written in English letters, UCI and ICCF ones in none.)
    pub fn writes_ascii(&self) -> bool {
        let letters = matches!(self.form, Form::Uci | Form::Iccf | Form::Descriptive)
            || self.letters.is_ascii();
        letters && self.conventions.en_passant != EnPassantSuffix::CyrillicEp
    }

    /// Whether [`Style::write_move_at`] needs the position before each
    /// move (descriptive notation does).
    pub fn needs_position(&self) -> bool {
        self.form == Form::Descriptive
    }

    /// Writes a move given the position before it. Descriptive notation
    /// is written from it (in English letters, whatever the style's set);
    /// every other form, and a null move, is written as by
    /// [`Style::write_move`].
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

    /// [`Style::write_move_at`] into bytes, as the printers write.
    #[inline]
    pub(crate) fn put_move_at(
        &self,
        record: &MoveRecord,
        before: Option<&Chess>,
        mode: CastlingMode,
        out: &mut Vec<u8>,
    ) {
        if self.form == Form::Descriptive
            && let (Some(pos), Some(mv)) = (before, record.mv)
        {
            crate::descriptive::write_into(pos, mv, out);
            // The record knows whether the move checks; what kind of check
            // (`dis ch`) is told from the position after it.
            if record.check.is_some() {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                if let Some(check) = crate::descriptive::check_kind(&after, &mv) {
                    out.extend_from_slice(check.suffix().as_bytes());
                }
            }
            return;
        }
        self.put_move(record, mode, out);
    }

    /// Appends `record` written in this style. `mode` says how UCI writes
    /// castling. Descriptive notation needs the position (see
    /// [`Style::write_move_at`]); without it, it is written in short
    /// algebraic.
    pub fn write_move(&self, record: &MoveRecord, mode: CastlingMode, out: &mut String) {
        self.write_move_at(record, None, mode, out);
    }

    /// [`Style::write_move`] into bytes, as the printers write.
    pub(crate) fn put_move(&self, record: &MoveRecord, mode: CastlingMode, out: &mut Vec<u8>) {
        let c = &self.conventions;
        if self.form == Form::Iccf {
            write_iccf(record, out);
            return;
        }
        if self.form == Form::Uci {
            write_uci(record, mode, out);
            return;
        }
        let piece = |role: Role| self.letters.name(role, record.color);
        match record.san {
            San::Castle(side) => {
                let o = match c.castling {
                    CastlingSign::Letter => "O",
                    CastlingSign::Zero => "0",
                };
                push_text(out, o);
                out.push(b'-');
                push_text(out, o);
                if side.is_queen_side() {
                    out.push(b'-');
                    push_text(out, o);
                }
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    push_text(out, piece(role));
                }
                let capture_sign = match c.capture {
                    CaptureSign::X => "x",
                    CaptureSign::Colon => ":",
                    CaptureSign::None => "",
                };
                match (self.form, record.mv.and_then(Move::from)) {
                    (Form::Lan, Some(from)) => {
                        push_square(out, from);
                        if capture {
                            let sign = if capture_sign.is_empty() && c.separator == Separator::Dash
                            {
                                "-"
                            } else {
                                capture_sign
                            };
                            push_text(out, sign);
                        } else if c.separator == Separator::Dash {
                            out.push(b'-');
                        }
                    }
                    _ => {
                        if let Some(file) = file {
                            out.push(file.char() as u8);
                        }
                        if let Some(rank) = rank {
                            out.push(rank.char() as u8);
                        }
                        if capture {
                            push_text(out, capture_sign);
                        }
                    }
                }
                push_square(out, to);
                if let Some(promoted) = promotion {
                    let name = piece(promoted);
                    match c.promotion {
                        PromotionSign::Equals => {
                            out.push(b'=');
                            push_text(out, name);
                        }
                        PromotionSign::Bare => push_text(out, name),
                        PromotionSign::Parens => {
                            out.push(b'(');
                            push_text(out, name);
                            out.push(b')');
                        }
                        PromotionSign::Slash => {
                            out.push(b'/');
                            push_text(out, name);
                        }
                    }
                }
            }
            // Standard chess has neither; the resolver never produces them.
            San::Put { .. } | San::Null => push_text(out, "--"),
        }
        let check = match record.check {
            None => "",
            Some(Check::Check) => "+",
            Some(Check::DoubleCheck) => match c.double_check {
                DoubleCheckSign::Plus => "+",
                DoubleCheckSign::DoublePlus => "++",
            },
            Some(Check::Mate) => match c.mate {
                MateSign::Hash => "#",
                MateSign::DoublePlus => "++",
                MateSign::X => "X",
            },
        };
        push_text(out, check);
        // The en passant mark comes last, after a space, as the FIDE texts
        // write it: `exd6 a.p.`, `exd6+ a.p.`.
        if matches!(record.mv, Some(Move::EnPassant { .. })) {
            let mark = match c.en_passant {
                EnPassantSuffix::None => "",
                EnPassantSuffix::Ep => " e.p.",
                EnPassantSuffix::CyrillicEp => " е.р.",
                EnPassantSuffix::Ap => " a.p.",
            };
            push_text(out, mark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A style that says it writes ASCII does, for every letter set,
    /// form and en passant mark (line wrapping counts on it), and the sets
    /// that are not ASCII are found out.
    #[test]
    fn a_style_that_writes_ascii_does() {
        use shakmaty::{Chess, Position, fen::Fen};
        // White can take en passant, promote, castle and move every piece.
        let fen: Fen = "r3k2r/1P6/8/3pP3/8/8/8/R2QKBNR w KQkq d6 0 1"
            .parse()
            .unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let records: Vec<MoveRecord> = pos
            .legal_moves()
            .into_iter()
            .map(|m| MoveRecord::new(&pos, m))
            .collect();
        assert!(
            records
                .iter()
                .any(|r| matches!(r.mv, Some(Move::EnPassant { .. })))
        );
        let mut not_ascii = 0;
        for letters in crate::letters::LETTER_SETS {
            for &(form, _) in Form::ALL {
                for &(en_passant, _) in EnPassantSuffix::ALL {
                    let style = Style {
                        form,
                        letters,
                        conventions: Conventions {
                            en_passant,
                            ..Conventions::PGN
                        },
                    };
                    let mut out = String::new();
                    for record in &records {
                        style.write_move_at(record, Some(&pos), CastlingMode::Standard, &mut out);
                    }
                    if style.writes_ascii() {
                        assert!(
                            out.is_ascii(),
                            "{} {form:?} {en_passant:?}: {out}",
                            letters.code
                        );
                    } else {
                        not_ascii += 1;
                    }
                }
            }
        }
        assert!(not_ascii > 0);
    }

    #[test]
    fn every_square_is_named_as_shakmaty_names_it() {
        for square in shakmaty::Square::ALL {
            let mut out = Vec::new();
            push_square(&mut out, square);
            assert_eq!(out, square.to_string().into_bytes());
        }
    }
}
