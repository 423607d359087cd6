//! How a move is written: form, letters and conventions, and the presets.
//!
//! A [`Style`] is three independent choices (see `NOTATION.md` section 3):
//! the [`Form`] (short, long, UCI, ICCF numeric or descriptive), the
//! [`LetterSet`], and the
//! [`Conventions`] (capture sign, castling, promotion, check and mate
//! signs, en passant suffix, separator). [`Style::write_move`] writes one
//! resolved move from its [`MoveRecord`](crate::vocab::moves::MoveRecord); it needs no board, because the
//! record already holds what the board said. Descriptive notation is the
//! exception: it names squares from the mover's side and is as short as
//! the position allows, so [`Style::write_move_at`] is given the position.
//! The writing itself is [`crate::notation::spelling`]'s: a printer spells
//! its style out once, and [`Style::write_move`] does so for each move it
//! writes.

use std::str::FromStr;

use crate::vocab::letters::LetterSet;

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
        /// the king's move (`5171`; onto its rook in Chess960, `2111`).
        Iccf = "iccf",
        /// Descriptive: `P-K4`, `N-KB3`, `PxP`, `QR-Q1`, as short as the
        /// position allows, with `ch`, `dis ch`, `dbl ch`, `mate`; in
        /// Spanish (`P4R`) or French (`P.4R`) with their letters.
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

    /// Whether moves written in this style show the check they give (UCI
    /// and ICCF moves do not).
    pub fn shows_check(&self) -> bool {
        !matches!(self.form, Form::Uci | Form::Iccf)
    }

    /// Whether every move this style writes is ASCII: its letters are,
    /// and the en passant mark is not the Cyrillic one. (Descriptive moves
    /// are ASCII in every language, UCI and ICCF ones have no letters.)
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::moves::MoveRecord;
    use shakmaty::CastlingMode;

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
                .any(|r| matches!(r.mv, Some(shakmaty::Move::EnPassant { .. })))
        );
        let mut not_ascii = 0;
        for letters in crate::vocab::letters::LETTER_SETS {
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
}
