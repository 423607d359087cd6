//! The fast paths of the move grammar: the commonest words read byte by
//! byte, each where the whole grammar ([`ParsedMove::readings_into`]) would
//! read that word one way only and the same way. PGN's SAN (`fast_san`),
//! a plain body after a piece name (`plain_body`), and a plain word in any
//! letters (`Alphabet::plain_reading_named`).

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::{Alphabet, Letter, MoveToken, ParsedMove, Target};
use crate::vocab::signs::CheckSign;

/// A move's trailing `+` or `#`, split off.
fn split_check(bytes: &[u8]) -> (&[u8], Option<CheckSign>) {
    match bytes {
        [body @ .., b'+'] => (body, Some(CheckSign::Check)),
        [body @ .., b'#'] => (body, Some(CheckSign::Mate)),
        _ => (bytes, None),
    }
}

fn ascii_file(b: u8) -> Option<File> {
    (b'a'..=b'h')
        .contains(&b)
        .then(|| File::new(u32::from(b - b'a')))
}

fn ascii_rank(b: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&b)
        .then(|| Rank::new(u32::from(b - b'1')))
}

/// Plain SAN in PGN's letters (`e4`, `exd5`, `Nbd7`, `R1e2`, `Qh4xe1`,
/// `e8=Q`, `O-O-O`, each with an optional `+` or `#`; a piece's move also
/// in the long forms [`plain_body`] takes, `Ng1-f3`): the fast path.
/// `None` for anything else (glyphs, `++`, `0-0`, `e8Q`), which the general
/// grammar then reads, as it would these.
#[inline(always)]
pub(crate) fn fast_san(text: &str) -> Option<ParsedMove> {
    let bytes = text.as_bytes();
    let piece = |b: u8| match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    if let Some(role) = bytes.first().and_then(|&b| piece(b)) {
        return plain_body(&bytes[1..], Some(role));
    }
    let (body, check) = split_check(bytes);
    let (file, rank) = (ascii_file, ascii_rank);
    let token = match *body {
        [b'O', b'-', b'O'] => MoveToken::Castle(CastlingSide::KingSide),
        [b'O', b'-', b'O', b'-', b'O'] => MoveToken::Castle(CastlingSide::QueenSide),
        [first, ref rest @ ..] if first.is_ascii_lowercase() => {
            // A pawn: `e4`, `exd5`, either with `=Q`.
            let (rest, promotion) = match *rest {
                [ref rest @ .., b'=', p] => (rest, Some(piece(p).filter(|&r| r != Role::King)?)),
                ref rest => (rest, None),
            };
            let (from_file, capture, to) = match *rest {
                [r] => (None, false, Square::from_coords(file(first)?, rank(r)?)),
                [b'x', f, r] => (
                    Some(file(first)?),
                    true,
                    Square::from_coords(file(f)?, rank(r)?),
                ),
                _ => return None,
            };
            MoveToken::Normal {
                role: None,
                from_file,
                from_rank: None,
                capture,
                to: Target::Square(to),
                promotion,
            }
        }
        _ => return None,
    };
    Some(ParsedMove {
        token,
        check,
        en_passant: false,
        nag: None,
        doubled_letter: false,
        taken: None,
    })
}

/// Castling as PGN writes it or with zeros, as most national notations
/// do (`O-O`, `0-0-0`), with an optional `+` or `#`: in every letter set
/// the grammar reads it first, and so, with no piece letter to note.
/// `None` for anything else (`O-0`, `0-0++`), which the grammar reads.
#[inline]
pub(crate) fn fast_castling(text: &str) -> Option<ParsedMove> {
    let (body, check) = split_check(text.as_bytes());
    let side = match body {
        b"O-O" | b"0-0" => CastlingSide::KingSide,
        b"O-O-O" | b"0-0-0" => CastlingSide::QueenSide,
        _ => return None,
    };
    Some(ParsedMove {
        token: MoveToken::Castle(side),
        check,
        en_passant: false,
        nag: None,
        doubled_letter: false,
        taken: None,
    })
}

/// The commonest bodies in ASCII, read without the general grammar: a
/// destination square, after it an optional origin file, rank or square
/// and capture sign (`f3`, `bd7`, `1f3`, `g1f3`, `g1-f3`, `e4:d5`,
/// `exd5`), then nothing or a `+` or `#`. `None` for anything else.
#[inline(always)]
pub(super) fn plain_body(bytes: &[u8], role: Option<Role>) -> Option<ParsedMove> {
    let (body, check) = split_check(bytes);
    let (file, rank) = (ascii_file, ascii_rank);
    let [ref origin @ .., f, r] = *body else {
        return None;
    };
    let to = Square::from_coords(file(f)?, rank(r)?);
    let (origin, sign) = match *origin {
        [ref origin @ .., sign @ (b'x' | b':' | b'-')] => (origin, Some(sign)),
        ref origin => (origin, None),
    };
    let (from_file, from_rank) = match *origin {
        [] => (None, None),
        [b] => match file(b) {
            Some(f) => (Some(f), None),
            None => (None, Some(rank(b)?)),
        },
        [f, r] => (Some(file(f)?), Some(rank(r)?)),
        _ => return None,
    };
    // A dash only between two full squares, as the grammar has it.
    if sign == Some(b'-') && (from_file.is_none() || from_rank.is_none()) {
        return None;
    }
    Some(ParsedMove {
        token: MoveToken::Normal {
            role,
            from_file,
            from_rank,
            capture: matches!(sign, Some(b'x' | b':')),
            to: Target::Square(to),
            promotion: None,
        },
        check,
        en_passant: false,
        nag: None,
        doubled_letter: false,
        taken: None,
    })
}

impl Alphabet {
    /// The one reading of a word in the commonest shape, in any letters,
    /// where the grammar ([`ParsedMove::readings_into`]) finds that one and
    /// no other: a body [`plain_body`] reads (`e4`, `e2-e4`, `e4:d5`,
    /// `g1-f3`), after a piece name written with a capital or as a
    /// figurine (`Кg1-f3`, `Крe8:f7`, `♘f3`), or after no name at all (a
    /// pawn's move); a shorter name the word also starts with (`К` of
    /// `Крe8`) must read nothing after it. With it, the piece letter the
    /// word is written with. `None` for any other word, and for any word
    /// castling, an ICCF move or a null move might be, which the grammar
    /// reads first.
    /// Inlined, as `fast_san` is, into the plain lane's loop, which takes
    /// the reading from registers.
    #[inline(always)]
    pub(crate) fn plain_reading_named(&self, text: &str) -> Option<(ParsedMove, Letter)> {
        let bytes = text.as_bytes();
        if matches!(bytes.first()?, b'O' | b'o' | b'0'..=b'9' | b'-' | b'Z') {
            return None;
        }
        // The longest name the word starts with: every shorter one is a
        // prefix of it, which `PlainName::reads` has looked at.
        let Some(i) = self.longest_name_starting(text) else {
            return plain_body(bytes, None).map(|parsed| (parsed, Letter::None));
        };
        let name = self.plain_name(i).filter(|name| name.reads)?;
        plain_body(&bytes[name.len..], name.role).map(|parsed| (parsed, name.letter))
    }
}
