//! The whole move grammar, character by character: castling in its
//! spellings, ICCF numeric moves, the body of a move after its piece name
//! (origin, capture or dash, destination, promotion) and the marks after
//! it. Any letters, any dashes and capture signs, look-alikes included.

use shakmaty::{File, Rank, Role, Square};

use super::plain::plain_body;
use super::{Alphabet, MoveToken, ParsedMove, Target, TokenError};
use crate::vocab::letters::{file_of, serbian_only_file};
use crate::vocab::signs::{
    CHECK_SIGNS, CheckSign, EN_PASSANT_MARKS, castling_sign, glyph_nag, is_capture_sign, is_dash,
};

pub(super) fn keep_furthest(best: &mut Option<TokenError>, e: TokenError) {
    if best.as_ref().is_none_or(|b| e.offset > b.offset) {
        *best = Some(e);
    }
}

/// Whether `text` is a move in ICCF numeric notation: four digits 1-8
/// (origin and destination, file then rank) and, for a promotion, a fifth
/// 1-4 (Q R B N).
pub fn is_iccf(text: &str) -> bool {
    match text.as_bytes() {
        [a, b, c, d, rest @ ..] => {
            [a, b, c, d].iter().all(|x| (b'1'..=b'8').contains(x))
                && matches!(rest, [] | [b'1'..=b'4'])
        }
        _ => false,
    }
}

/// A move in ICCF numeric notation (`5254`, `7163`, `57581`): whatever
/// stands on the origin square goes to the destination; castling is the
/// king's move (`5171`), which the resolver takes as castling.
pub(super) fn parse_iccf(text: &str) -> Option<ParsedMove> {
    if !is_iccf(text) {
        return None;
    }
    let b = text.as_bytes();
    let file = |x: u8| File::new(u32::from(x - b'1'));
    let rank = |x: u8| Rank::new(u32::from(x - b'1'));
    Some(ParsedMove {
        token: MoveToken::Normal {
            role: None,
            from_file: Some(file(b[0])),
            from_rank: Some(rank(b[1])),
            capture: false,
            to: Target::Square(Square::from_coords(file(b[2]), rank(b[3]))),
            promotion: b.get(4).map(|p| match p {
                b'1' => Role::Queen,
                b'2' => Role::Rook,
                b'3' => Role::Bishop,
                _ => Role::Knight,
            }),
        },
        check: None,
        en_passant: false,
        nag: None,
        doubled_letter: false,
        taken: None,
    })
}

pub(super) fn parse_castling(text: &str) -> Option<ParsedMove> {
    let (side, end) = castling_sign(text)?;
    finish(MoveToken::Castle(side), &text[end..], end).ok()
}

/// A capture sign ([`is_capture_sign`]), but `х` where it is the h file
/// (`kha_file`).
fn capture_sign(x: char, kha_file: bool) -> bool {
    is_capture_sign(x) && !(kha_file && x == 'х')
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    /// The Serbian Cyrillic files are files, and `х` always the h file
    /// ([`Alphabet::cyrillic_files`]).
    cyrillic_files: (bool, bool),
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }
    fn eat_if(&mut self, pred: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek()?;
        if pred(c) {
            self.pos += c.len_utf8();
            Some(c)
        } else {
            None
        }
    }
    /// A file letter ([`file_of`]): the Cyrillic look-alikes `а с е`
    /// count as `a c e` (`К2с3` in a Russian text), the Greek files
    /// `α`-`θ` and the Serbian Cyrillic ones `а`-`х` as `a`-`h`.
    fn file(&mut self) -> Option<File> {
        let c = self.peek()?;
        // Serbian's files in Cyrillic are files only where a set writes
        // them: to the others, letters of names (`Лд`) and the capture
        // sign `х` (`Крхе5`).
        if serbian_only_file(c) {
            let (files, kha) = self.cyrillic_files;
            let capture = || {
                let after = &self.rest()[c.len_utf8()..];
                c == 'х' && !kha && after.starts_with(|n| file_of(n).is_some())
            };
            if !files || capture() {
                return None;
            }
        }
        let file = file_of(c)?;
        self.eat_if(|_| true);
        Some(file)
    }
    fn rank(&mut self) -> Option<Rank> {
        self.eat_if(|c| matches!(c, '1'..='8'))
            .map(|c| Rank::new(u32::from(c) - u32::from('1')))
    }
    fn err(&self, expected: &'static str) -> TokenError {
        TokenError {
            offset: self.pos,
            expected,
        }
    }
}

pub(super) fn parse_body(
    text: &str,
    start: usize,
    role: Option<Role>,
    alphabet: &Alphabet,
) -> Result<ParsedMove, TokenError> {
    match plain_body(&text.as_bytes()[start..], role) {
        Some(parsed) => Ok(parsed),
        None => parse_body_general(text, start, role, alphabet),
    }
}

pub(super) fn parse_body_general(
    text: &str,
    start: usize,
    role: Option<Role>,
    alphabet: &Alphabet,
) -> Result<ParsedMove, TokenError> {
    let mut c = Cursor {
        text,
        pos: start,
        cyrillic_files: alphabet.cyrillic_files(),
    };
    let f1 = c.file();
    let r1 = c.rank();
    // Where the origin ends (in bytes: a Cyrillic file letter takes two).
    let origin_end = c.pos;
    let mut capture = false;
    let mut taken = None;
    let kha_file = c.cyrillic_files.1;
    let trailing_capture = f1.is_some() && r1.is_some() && {
        // `He5:`: a capture sign after the square, as Hungarian books write.
        let mut rest = c.rest().chars();
        // Not before a square, nor before the name of a piece taken.
        rest.next().is_some_and(|x| capture_sign(x, kha_file))
            && rest
                .next()
                .is_none_or(|n| file_of(n).is_none() && !n.is_uppercase())
    };
    if trailing_capture {
        // Leave the sign to be read after the destination.
    } else if c.eat_if(|x| capture_sign(x, kha_file)).is_some() || capital_x_before_square(&mut c) {
        capture = true;
        taken = captured_name(&mut c, alphabet);
    } else if glyph_nag(c.rest().trim_end_matches(['.', ','])).is_some() {
        // `Bh3–+`, `d5–/+`: an evaluation after the move, its dash no
        // separator of two squares.
    } else if c.eat_if(is_dash).is_some() && (f1.is_none() || r1.is_none()) {
        // A dash stands between two full squares (`e2-e4`); `N1-f3` is no
        // form anyone writes, and refusing it keeps `Gh7-f5` (Bengali bishop
        // h7-f5) from also reading as a knight from rank 7.
        return Err(c.err("a full origin square before the dash"));
    }
    let sep_seen = c.pos > origin_end;
    let f2 = c.file();
    let r2 = c.rank();
    let (from_file, from_rank, to) = match (f1, r1, f2, r2) {
        (_, _, Some(f), Some(r)) => (f1, r1, Target::Square(Square::from_coords(f, r))),
        (Some(f), Some(r), None, None) if !sep_seen => {
            (None, None, Target::Square(Square::from_coords(f, r)))
        }
        (Some(from), None, Some(to), None) if role.is_none() => {
            (Some(from), None, Target::File(to))
        }
        (_, _, Some(_), None) => return Err(c.err("a rank (1-8)")),
        _ => return Err(c.err("a square (a1-h8)")),
    };
    if matches!(to, Target::File(_)) {
        capture = true;
    }
    // A trailing capture sign: `He5:`, `de:`.
    if c.eat_if(|x| x == ':').is_some() {
        capture = true;
    }
    let promotion = match sign_not_promotion(c.rest(), role, to) {
        true => None,
        false => parse_promotion(&mut c, alphabet)?,
    };
    let token = MoveToken::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    };
    finish(token, c.rest(), c.pos).map(|parsed| ParsedMove { taken, ..parsed })
}

/// A capital `X` between two squares (`Bb4Xc3`, `f5Xe4`, as Dutch and
/// Icelandic books print the capture), taken; at the end of a move it is
/// the mate sign of Russian and Czech books, read with the marks.
fn capital_x_before_square(c: &mut Cursor<'_>) -> bool {
    let mut rest = c.rest().chars();
    let square = rest.next() == Some('X')
        && rest.next().is_some_and(|f| matches!(f, 'a'..='h'))
        && rest.next().is_some_and(|r| matches!(r, '1'..='8'));
    if square {
        c.pos += 1;
    }
    square
}

/// After a capture sign, the name of the piece taken, where a square
/// follows it (`Ce4xCf6`, `CxAf7`, `exCd4`, `DxTh8`): books that name what
/// is taken. The name is passed over, its piece returned: the board must
/// have it there.
fn captured_name(c: &mut Cursor<'_>, alphabet: &Alphabet) -> Option<Role> {
    let rest = c.rest();
    if !rest.chars().next().is_some_and(char::is_uppercase) {
        return None;
    }
    let (len, role) = alphabet.piece_prefixes(rest).next()?;
    let mut after = Cursor {
        text: rest,
        pos: len,
        cyrillic_files: alphabet.cyrillic_files(),
    };
    let square = after.file().is_some() && after.rank().is_some();
    if !square {
        return None;
    }
    c.pos += len;
    Some(role)
}

/// Whether the rest of a move after its destination is a check or mate
/// sign that a letter set also names a promotion piece by (`e3xf2X`: the
/// Vietnamese rook is `X`, the mate sign of Russian books too) where the
/// move can be no promotion: a piece's move, or a pawn's to a square off
/// the last ranks. It is the sign.
fn sign_not_promotion(rest: &str, role: Option<Role>, to: Target) -> bool {
    let promotes = role.is_none()
        && match to {
            Target::Square(sq) => matches!(sq.rank(), Rank::First | Rank::Eighth),
            Target::File(_) => true,
        };
    let sign = rest.trim_end_matches(['.', ',', '!', '?']);
    !promotes
        && sign.chars().next().is_some_and(char::is_alphabetic)
        && CHECK_SIGNS.iter().any(|&(s, _)| s == sign)
}

fn parse_promotion(c: &mut Cursor<'_>, alphabet: &Alphabet) -> Result<Option<Role>, TokenError> {
    let save = c.pos;
    let (open, close) = match c.peek() {
        Some('=') | Some('/') => {
            c.pos += 1;
            (true, None)
        }
        Some('(') => {
            c.pos += 1;
            (true, Some(')'))
        }
        _ => (false, None),
    };
    match alphabet.promotion_at(c.rest()) {
        Some((len, role)) => {
            c.pos += len;
            if let Some(close) = close
                && c.eat_if(|x| x == close).is_none()
            {
                return Err(c.err("`)` after the promotion piece"));
            }
            Ok(Some(role))
        }
        None if open => {
            // `d5=+`: an evaluation after the move, not a promotion.
            let after = c.text[save..].trim_end_matches(['.', ',']);
            let glyph = glyph_nag(after).is_some() || after == "=";
            if c.peek() == Some('=') || close.is_some() || glyph {
                // `(=)` is a draw offer, not a promotion: leave it to the marks.
                c.pos = save;
                return Ok(None);
            }
            Err(c.err("a promotion piece (Q, R, B or N in the input's letters)"))
        }
        None => Ok(None),
    }
}

/// A glyph and then a check sign (`Qh5!+`, `Rxf7!!#`): the marks in the
/// other order than PGN's.
fn glyph_then_check(marks: &str) -> Option<(u8, CheckSign)> {
    CHECK_SIGNS.iter().find_map(|&(sign, check)| {
        let glyph = marks.strip_suffix(sign)?;
        Some((glyph_nag(glyph)?, check))
    })
}

/// Reads the marks after the move proper: en passant, check or mate, glyph.
pub(super) fn finish(
    token: MoveToken,
    rest: &str,
    offset: usize,
) -> Result<ParsedMove, TokenError> {
    let mut parsed = ParsedMove {
        token,
        check: None,
        en_passant: false,
        nag: None,
        doubled_letter: false,
        taken: None,
    };
    if rest.is_empty() {
        return Ok(parsed);
    }
    let mut rest = rest;
    let mut offset = offset;
    let mut advance = |rest: &mut &str, n: usize| {
        *rest = &rest[n..];
        offset += n;
    };
    for ep in EN_PASSANT_MARKS {
        if rest.starts_with(ep) {
            parsed.en_passant = true;
            advance(&mut rest, ep.len());
            break;
        }
    }
    // A full stop or comma after a move in running text: `Кf2++.`, `12.h3,`
    if let Some(stripped) = rest.strip_suffix(['.', ',']) {
        rest = stripped;
    }
    if glyph_nag(rest).is_none() {
        for (sign, check) in CHECK_SIGNS {
            if rest.starts_with(sign) {
                parsed.check = Some(*check);
                advance(&mut rest, sign.len());
                break;
            }
        }
    }
    if let Some(nag) = glyph_nag(rest) {
        parsed.nag = Some(nag);
        rest = "";
    } else if let Some((nag, check)) = glyph_then_check(rest) {
        (parsed.nag, parsed.check) = (Some(nag), Some(check));
        rest = "";
    } else if rest == "=" && !matches!(token, MoveToken::Normal { role: None, .. }) {
        // `Nb6=`, `0–0=`: no pawn's move, so no promotion; the sign is
        // the evaluation of an equal position.
        parsed.nag = Some(crate::vocab::signs::EQUAL_NAG);
        rest = "";
    }
    if rest.is_empty() {
        Ok(parsed)
    } else {
        Err(TokenError {
            offset,
            expected: "the end of the move, a check sign or a move glyph",
        })
    }
}
