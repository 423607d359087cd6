//! The signs written with moves, in one place: capture and check signs,
//! glyphs and their NAGs, en passant marks, castling, dashes, and the
//! characters a reader takes for spaces.

use shakmaty::CastlingSide;

/// Dashes people put in moves and castling: hyphen-minus, hyphen,
/// non-breaking hyphen, figure dash, en dash, em dash, minus sign.
pub fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
    )
}

/// Capture signs: `x`, `:`, `×`, and the Cyrillic `х` that looks like `x`.
pub fn is_capture_sign(c: char) -> bool {
    matches!(c, 'x' | ':' | '×' | 'х')
}

/// Castling at the start of `text` (`O-O`, `0-0-0`, `o-o`, any dash, the
/// Greek or Cyrillic capital `Ο` `О` of a page typed on a Greek or Russian
/// keyboard): the side, and where the sign ends.
pub fn castling_sign(text: &str) -> Option<(CastlingSide, usize)> {
    // Nearly every word is no castling, and says so at its first byte
    // (the lead bytes 0xCE and 0xD0 are the Greek and Cyrillic `Ο` `О`).
    if !matches!(
        text.as_bytes().first(),
        Some(b'O' | b'0' | b'o' | 0xce | 0xd0)
    ) {
        return None;
    }
    // The Os with a dash between each two (`O-O`, `0—0—0`, and mixed, a
    // slip of typing: `O-0`) or none (`OO`, `000`, `ooo`: then all of one
    // letter).
    let (mut os, mut end, mut after_dash) = (0, 0, false);
    let mut letter = None;
    for (i, c) in text.char_indices() {
        if is_castling_o(c) && (after_dash || letter.is_none_or(|l| l == c)) {
            letter = Some(c);
            os += 1;
            end = i + c.len_utf8();
            after_dash = false;
        } else if os > 0 && !after_dash && is_dash(c) {
            after_dash = true;
        } else {
            break;
        }
    }
    match os {
        2 => Some((CastlingSide::KingSide, end)),
        3 => Some((CastlingSide::QueenSide, end)),
        _ => None,
    }
}

/// A letter castling is written with: `O`, `0`, `o`, or a capital
/// look-alike of `O` ([`crate::vocab::letters::latin_twin`]).
fn is_castling_o(c: char) -> bool {
    matches!(c, 'O' | '0' | 'o')
        || (!c.is_ascii() && crate::vocab::letters::latin_twin(c) == Some('O'))
}

/// The check or mate sign written after a move (as the writer meant it; the
/// board decides what is really written out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckSign {
    /// `+`, `ch`
    Check,
    /// `++`: mate for some writers, double check for others.
    DoublePlus,
    /// `#`, `X`, `‡`, `mate`
    Mate,
}

/// En passant marks, longest first.
pub const EN_PASSANT_MARKS: &[&str] = &["e.p.", "е.р.", "a.p.", "e.p", "ep"];

/// Check and mate signs, longest first.
pub const CHECK_SIGNS: &[(&str, CheckSign)] = &[
    ("mate", CheckSign::Mate),
    // Mate and check both written, in either order.
    ("#+", CheckSign::Mate),
    ("+#", CheckSign::Mate),
    ("++", CheckSign::DoublePlus),
    ("ch", CheckSign::Check),
    ("+", CheckSign::Check),
    ("#", CheckSign::Mate),
    ("‡", CheckSign::Mate),
    ("†", CheckSign::Check),
    ("X", CheckSign::Mate),
    ("Х", CheckSign::Mate),
];

/// Letters a scan puts for the check cross `†` at the end of a move
/// (`Dh5f`, `Txe8t`), read back only where the word reads as no move.
pub const CHECK_LOOKALIKES: &[(char, &str)] = &[('f', "†"), ('t', "†")];

/// Letters typed for a file's letter before a rank: the `ç` of a French
/// keyboard for `c` (`Cç3`).
pub const FILE_LOOKALIKES: &[(char, char)] = &[('ç', 'c'), ('Ç', 'c')];

/// The NAG of a move glyph (`!` = 1 … `?!` = 6), as PGN defines them; a
/// page's three or more of one mark (`???`, `!!!`) are its strongest, the
/// doubled glyph's (PGN has none stronger).
pub fn glyph_nag(text: &str) -> Option<u8> {
    GLYPHS
        .iter()
        .find(|(g, _)| *g == text)
        .map(|(_, nag)| *nag)
        .or_else(|| match text.as_bytes() {
            [b'?', b'?', b'?', rest @ ..] if rest.iter().all(|&b| b == b'?') => Some(4),
            [b'!', b'!', b'!', rest @ ..] if rest.iter().all(|&b| b == b'!') => Some(3),
            _ => None,
        })
}

/// Move and evaluation glyphs and their NAGs (PGN standard, section 10):
/// what may follow a move, or stand alone after it.
pub const GLYPHS: &[(&str, u8)] = &[
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("∞", 13),
    ("+/=", 14),
    ("⩲", 14),
    ("=/+", 15),
    ("⩱", 15),
    ("±", 16),
    ("+/-", 16),
    ("∓", 17),
    ("-/+", 17),
    ("+-", 18),
    ("+−", 18),
    ("-+", 19),
    ("−+", 19),
    // As pages type them: the dash as an en dash or a minus sign, and
    // `=+`, `+=` for `=/+`, `+/=`.
    ("+=", 14),
    ("=+", 15),
    ("+/–", 16),
    ("+/−", 16),
    ("–/+", 17),
    ("−/+", 17),
    ("+–", 18),
    ("–+", 19),
];

/// The glyph a NAG is written with in plain text, where it has one.
pub fn nag_glyph(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        10 => "=",
        13 => "∞",
        14 => "⩲",
        15 => "⩱",
        16 => "±",
        17 => "∓",
        18 => "+-",
        19 => "-+",
        _ => return None,
    })
}

/// The evaluation sign `=` (NAG 10, an equal position) stands alone, or
/// glued to a piece's move or castling (`Nb6=`, `0–0=`); glued to a
/// pawn's move it would be a broken promotion.
pub const EQUAL_NAG: u8 = 10;

/// Characters that show nothing or steer the terminal, pasted in from web
/// pages and terminals: control characters (but the spaces), and the
/// format characters of Unicode: zero-width spaces and joiners, the soft
/// hyphen, the marks and embeddings that set the direction of text. The
/// lexer reads them as spaces (and counts them, for one warning a game).
pub fn is_invisible(c: char) -> bool {
    match c {
        '\t' | '\n' | '\r' | '\u{0b}' | '\u{0c}' => false,
        _ if c.is_control() => true,
        '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{180e}' => true,
        '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' => true,
        '\u{fe00}'..='\u{fe0f}' | '\u{fff9}'..='\u{fffb}' => true,
        _ => false,
    }
}
