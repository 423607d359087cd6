//! The grammar of one written move, in any form and any letter set.
//!
//! A [`MoveToken`] is what a move's text says, before the board is asked:
//! which piece (if a letter was written), what is known of the origin, the
//! destination, a promotion, and the marks the writer put after it. One
//! grammar covers short algebraic (`Nf3`, `exd5`, `Кр:e2`), long algebraic
//! with or without a separator (`e2-e4`, `Ng1f3`, `Лd1:d6`), UCI (`e7e8q`),
//! castling in its spellings, and pawn captures by files alone (`ed`).
//! Matching a token against the legal moves is [`crate::resolve`]'s job.

use arrayvec::ArrayVec;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use std::sync::OnceLock;

use crate::letters::{LETTER_SETS, LetterSet, latin_twin};

/// Where a move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A full square: `e4`.
    Square(Square),
    /// Only a file, as in the pawn capture `ed` (`e:d`).
    File(File),
}

/// What a move's text says about the move itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveToken {
    /// `O-O` / `O-O-O` in any spelling.
    Castle(CastlingSide),
    /// A piece or pawn move.
    Normal {
        /// The piece letter written, if any. `None` with a full origin
        /// square means "whatever stands there" (UCI, `e2e4`); otherwise a
        /// pawn.
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        /// A capture sign was written (`x`, `:`, `×`).
        capture: bool,
        to: Target,
        promotion: Option<Role>,
    },
    /// A null move (`--`, `Z0`): a pass, which standard chess cannot replay.
    Null,
    /// A move in descriptive notation (`P-K4`, `NxP/4`), read by
    /// [`crate::descriptive`]; `e.p.` written with it restricts it to an en
    /// passant capture.
    Descriptive {
        mv: crate::descriptive::DescMove,
        en_passant: bool,
    },
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

/// A move token with the marks written after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedMove {
    pub token: MoveToken,
    pub check: Option<CheckSign>,
    /// An en passant mark (`e.p.`) was written.
    pub en_passant: bool,
    /// A move or evaluation glyph (`!`, `?!`, `±` …) as its NAG number.
    pub nag: Option<u8>,
    /// The piece letter was written twice (`CCe4`), a slip read as one.
    pub doubled_letter: bool,
}

/// Why a token is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenError {
    /// Byte offset in the token where reading stopped.
    pub offset: usize,
    pub expected: &'static str,
}

/// The piece names a reader accepts: one or more letter sets plus figurines,
/// sorted longest first. Built once per reader.
#[derive(Debug, Clone)]
pub struct Alphabet {
    names: Vec<(String, Role)>,
    /// For each first character, where the names starting with it are in
    /// `names` (sorted by first character, then longest first).
    by_first_char: Vec<(char, std::ops::Range<usize>)>,
    /// Whether the ASCII names are exactly PGN's `K Q R B N P`: then plain
    /// ASCII tokens take the byte-level SAN reader (`fast_san`), the fast path.
    english: bool,
}

impl Alphabet {
    /// Whether its ASCII names are exactly PGN's `K Q R B N P`, so that
    /// plain SAN reads one way only, by [`fast_san`].
    pub fn is_english(&self) -> bool {
        self.english
    }

    /// The alphabet of one letter set (and figurines), built once per
    /// process and shared.
    pub fn of(set: &'static LetterSet) -> &'static Alphabet {
        static ALPHABETS: OnceLock<Vec<Alphabet>> = OnceLock::new();
        let all =
            ALPHABETS.get_or_init(|| LETTER_SETS.iter().map(|s| Alphabet::new(&[s])).collect());
        match LETTER_SETS.iter().position(|s| s == set) {
            Some(i) => &all[i],
            // A set made outside the table: build and keep it.
            None => Box::leak(Box::new(Alphabet::new(&[set]))),
        }
    }

    /// The names of `sets`, and the figurines of either colour.
    pub fn new(sets: &[&LetterSet]) -> Alphabet {
        let mut names = Vec::new();
        for set in sets
            .iter()
            .copied()
            .chain([&crate::letters::FIGURINE_COLOR])
        {
            for reading in set.readings() {
                if !names.contains(&reading) {
                    names.push(reading);
                }
            }
        }
        let first = |name: &str| name.chars().next().unwrap_or_default();
        names.sort_by_key(|(name, _)| (first(name), std::cmp::Reverse(name.len())));
        names.dedup();
        let mut by_first_char: Vec<(char, std::ops::Range<usize>)> = Vec::new();
        for (i, (name, _)) in names.iter().enumerate() {
            let c = first(name);
            match by_first_char.last_mut() {
                Some((last, range)) if *last == c => range.end = i + 1,
                _ => by_first_char.push((c, i..i + 1)),
            }
        }
        let mut ascii: Vec<(&str, Role)> = names
            .iter()
            .filter(|(n, _)| n.is_ascii())
            .map(|(n, r)| (n.as_str(), *r))
            .collect();
        ascii.sort();
        let mut pgn = vec![
            ("B", Role::Bishop),
            ("K", Role::King),
            ("N", Role::Knight),
            ("P", Role::Pawn),
            ("Q", Role::Queen),
            ("R", Role::Rook),
        ];
        pgn.sort();
        Alphabet {
            english: ascii == pgn,
            names,
            by_first_char,
        }
    }

    fn piece_prefixes<'a>(&'a self, text: &'a str) -> impl Iterator<Item = (usize, Role)> + 'a {
        let range = text
            .chars()
            .next()
            .and_then(|c| self.by_first_char.iter().find(|(f, _)| *f == c))
            .map_or(0..0, |(_, r)| r.clone());
        // The names sharing a first character are kept longest first.
        self.names[range]
            .iter()
            .filter(|(name, _)| text.starts_with(name.as_str()))
            .map(|(name, role)| (name.len(), *role))
    }

    /// The one reading of a word in the commonest shape, in any letters,
    /// where the grammar ([`ParsedMove::readings_into`]) finds that one and
    /// no other: a body [`plain_body`] reads (`e4`, `e2-e4`, `e4:d5`,
    /// `g1-f3`), after a piece name written with a capital or as a
    /// figurine that no other name of the alphabet also starts the word
    /// with (`Кg1-f3`, `Крe8:f7`, `♘f3`), or after no name at all (a pawn's
    /// move). `None` for any other word, and for any word castling, an
    /// ICCF move or a null move might be, which the grammar reads first.
    fn plain_reading(&self, text: &str) -> Option<ParsedMove> {
        let bytes = text.as_bytes();
        if matches!(bytes.first()?, b'O' | b'o' | b'0'..=b'9' | b'-' | b'Z') {
            return None;
        }
        let mut prefixes = self.piece_prefixes(text);
        let (len, role) = match prefixes.next() {
            None => (0, None),
            Some((len, role)) => {
                let first = text.chars().next()?;
                // A name in lower case leaves the bare reading to be tried
                // too (the grammar's `bare`), and two names two readings.
                if len == 0
                    || prefixes.next().is_some()
                    || !(first.is_uppercase() || ('\u{2654}'..='\u{265f}').contains(&first))
                {
                    return None;
                }
                (len, (role != Role::Pawn).then_some(role))
            }
        };
        plain_body(&bytes[len..], role)
    }

    fn promotion_at(&self, text: &str) -> Option<(usize, Role)> {
        if let Some(c) = text.bytes().next() {
            let role = match c {
                b'q' => Some(Role::Queen),
                b'r' => Some(Role::Rook),
                b'b' => Some(Role::Bishop),
                b'n' => Some(Role::Knight),
                _ => None,
            };
            if let Some(role) = role {
                return Some((1, role));
            }
        }
        self.piece_prefixes(text)
            .find(|(_, role)| !matches!(role, Role::Pawn | Role::King))
    }
}

/// The readings of one token: usually one, more where a letter set's names
/// overlap (Bengali `Gh` is a knight, `G` a bishop: `Gh4-g3` reads both ways).
pub type Readings = ArrayVec<ParsedMove, 4>;

impl ParsedMove {
    /// Reads `text` as one move written with the piece names of `alphabet`
    /// (the first reading, longest piece name first).
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<ParsedMove, TokenError> {
        Self::readings(text, alphabet).map(|r| r[0])
    }

    /// Every way `text` reads as a move; never empty when `Ok`. The board
    /// decides between them: the first that names a legal move is taken.
    /// Readings come in order of how plainly they read: a move with no
    /// origin or a full origin square (`Ghd2`, `Gh4xf6` = G + h4xf6) before
    /// one with half an origin (Gh + 4xf6), then longest piece name first.
    pub fn readings(text: &str, alphabet: &Alphabet) -> Result<Readings, TokenError> {
        let mut readings = Readings::new();
        Self::readings_into(text, alphabet, &mut readings)?;
        Ok(readings)
    }

    /// [`ParsedMove::readings`] into `readings` (cleared first), which the
    /// caller keeps: a move is read without copying its readings around.
    pub fn readings_into(
        text: &str,
        alphabet: &Alphabet,
        readings: &mut Readings,
    ) -> Result<(), TokenError> {
        readings.clear();
        if alphabet.english
            && let Some(parsed) = fast_san(text)
        {
            readings.push(parsed);
            return Ok(());
        }
        if let Some(parsed) = alphabet.plain_reading(text) {
            readings.push(parsed);
            return Ok(());
        }
        Self::grammar_readings_into(text, alphabet, readings)
    }

    /// [`ParsedMove::readings_into`] by the whole grammar, with no fast
    /// path: what the fast paths must agree with.
    fn grammar_readings_into(
        text: &str,
        alphabet: &Alphabet,
        readings: &mut Readings,
    ) -> Result<(), TokenError> {
        if let Some(parsed) = parse_castling(text).or_else(|| parse_iccf(text)) {
            readings.push(parsed);
            return Ok(());
        }
        if let Some(rest) = text.strip_prefix("--").or_else(|| text.strip_prefix("Z0")) {
            readings.push(finish(MoveToken::Null, rest, text.len() - rest.len())?);
            return Ok(());
        }
        let mut best_err: Option<TokenError> = None;
        let prefixes = alphabet.piece_prefixes(text).map(|(len, role)| {
            // A pawn letter means a pawn, the same as no letter.
            (len, (role != Role::Pawn).then_some(role))
        });
        // No move without a piece letter starts with a capital: where a
        // letter read, the bare reading is not tried.
        let bare = |readings: &Readings| {
            readings.is_empty() || !text.chars().next().is_some_and(char::is_uppercase)
        };
        for (len, role) in prefixes.chain([(0, None)]) {
            if len == 0 && !bare(readings) {
                break;
            }
            let mut parsed = parse_body(text, len, role, alphabet);
            if parsed.is_err() && len > 0 && text[len..].starts_with(&text[..len]) {
                // `CCe4`: the letter written twice.
                parsed = parse_body(text, 2 * len, role, alphabet).map(|p| ParsedMove {
                    doubled_letter: true,
                    ..p
                });
            }
            match parsed {
                Ok(parsed) => {
                    if !readings.contains(&parsed) && readings.try_push(parsed).is_err() {
                        break;
                    }
                }
                Err(e) => keep_furthest(&mut best_err, e),
            }
        }
        readings.sort_by_key(ParsedMove::has_partial_origin);
        match best_err {
            Some(e) if readings.is_empty() => Err(e),
            _ => Ok(()),
        }
    }

    /// Whether the move names only the file or only the rank it comes from.
    fn has_partial_origin(&self) -> bool {
        matches!(
            self.token,
            MoveToken::Normal { from_file, from_rank, to: Target::Square(_), .. }
                if from_file.is_some() != from_rank.is_some()
        )
    }
}

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
    })
}

/// `word` with full-width forms and other compatibility characters folded
/// to the plain ones (NFKC). ASCII and the Russian alphabet, nearly every
/// token, have nothing to fold and are taken as they are.
pub fn fold_compatible(word: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};
    if word.is_ascii()
        || cyrillic_or_ascii(word.as_bytes())
        || is_nfkc_quick(word.chars()) == IsNormalized::Yes
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.nfkc().collect())
    }
}

/// Whether `bytes` (UTF-8) holds only ASCII and Cyrillic letters of
/// U+0400-U+047F (lead byte 0xD0 or 0xD1), which NFKC leaves alone: the
/// byte-level answer for a Russian or Ukrainian move.
fn cyrillic_or_ascii(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0..=0x7f => i += 1,
            0xd0 | 0xd1 if bytes.get(i + 1).is_some_and(|b| b & 0xc0 == 0x80) => i += 2,
            _ => return false,
        }
    }
    true
}

fn keep_furthest(best: &mut Option<TokenError>, e: TokenError) {
    if best.as_ref().is_none_or(|b| e.offset > b.offset) {
        *best = Some(e);
    }
}

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
fn parse_iccf(text: &str) -> Option<ParsedMove> {
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
    })
}

fn parse_castling(text: &str) -> Option<ParsedMove> {
    let (side, end) = castling_sign(text)?;
    finish(MoveToken::Castle(side), &text[end..], end).ok()
}

/// Castling at the start of `text` (`O-O`, `0-0-0`, `o-o`, any dash): the
/// side, and where the sign ends.
pub(crate) fn castling_sign(text: &str) -> Option<(CastlingSide, usize)> {
    // Nearly every word is no castling, and says so at its first byte.
    if !matches!(text.as_bytes().first(), Some(b'O' | b'0' | b'o')) {
        return None;
    }
    let (mut os, mut end, mut want_o) = (0, 0, true);
    for (i, c) in text.char_indices() {
        if want_o && matches!(c, 'O' | '0' | 'o') {
            os += 1;
            end = i + c.len_utf8();
            want_o = false;
        } else if !want_o && is_dash(c) {
            want_o = true;
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

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
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
    /// A file letter; the Cyrillic look-alikes `а с е` count as `a c e`
    /// (`К2с3` in a Russian text).
    fn file(&mut self) -> Option<File> {
        self.eat_if(|c| matches!(c, 'a'..='h' | 'а' | 'с' | 'е'))
            .map(|c| latin_twin(c).unwrap_or(c))
            .map(|c| File::new(u32::from(c) - u32::from('a')))
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

fn parse_body(
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

/// The commonest bodies in ASCII, read without the general grammar: a
/// destination square, after it an optional origin file, rank or square
/// and capture sign (`f3`, `bd7`, `1f3`, `g1f3`, `g1-f3`, `e4:d5`,
/// `exd5`), then nothing or a `+` or `#`. `None` for anything else.
fn plain_body(bytes: &[u8], role: Option<Role>) -> Option<ParsedMove> {
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
    })
}

fn parse_body_general(
    text: &str,
    start: usize,
    role: Option<Role>,
    alphabet: &Alphabet,
) -> Result<ParsedMove, TokenError> {
    let mut c = Cursor { text, pos: start };
    let f1 = c.file();
    let r1 = c.rank();
    let mut capture = false;
    let trailing_capture = f1.is_some() && r1.is_some() && {
        // `He5:`: a capture sign after the square, as Hungarian books write.
        let mut rest = c.rest().chars();
        rest.next().is_some_and(is_capture_sign)
            && !rest
                .next()
                .is_some_and(|n| matches!(n, 'a'..='h' | 'а' | 'с' | 'е'))
    };
    if trailing_capture {
        // Leave the sign to be read after the destination.
    } else if c.eat_if(is_capture_sign).is_some() {
        capture = true;
    } else if c.eat_if(is_dash).is_some() && (f1.is_none() || r1.is_none()) {
        // A dash stands between two full squares (`e2-e4`); `N1-f3` is no
        // form anyone writes, and refusing it keeps `Gh7-f5` (Bengali bishop
        // h7-f5) from also reading as a knight from rank 7.
        return Err(c.err("a full origin square before the dash"));
    }
    let sep_seen = c.pos > start + usize::from(f1.is_some()) + usize::from(r1.is_some());
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
    let promotion = parse_promotion(&mut c, alphabet)?;
    let token = MoveToken::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    };
    finish(token, c.rest(), c.pos)
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
            if c.peek() == Some('=') || close.is_some() {
                // `(=)` is a draw offer, not a promotion: leave it to the marks.
                c.pos = save;
                return Ok(None);
            }
            Err(c.err("a promotion piece (Q, R, B or N in the input's letters)"))
        }
        None => Ok(None),
    }
}

/// Reads the marks after the move proper: en passant, check or mate, glyph.
fn finish(token: MoveToken, rest: &str, offset: usize) -> Result<ParsedMove, TokenError> {
    let mut parsed = ParsedMove {
        token,
        check: None,
        en_passant: false,
        nag: None,
        doubled_letter: false,
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

/// En passant marks, longest first.
pub const EN_PASSANT_MARKS: &[&str] = &["e.p.", "е.р.", "a.p.", "e.p", "ep"];

/// Check and mate signs, longest first.
const CHECK_SIGNS: &[(&str, CheckSign)] = &[
    ("mate", CheckSign::Mate),
    ("++", CheckSign::DoublePlus),
    ("ch", CheckSign::Check),
    ("+", CheckSign::Check),
    ("#", CheckSign::Mate),
    ("‡", CheckSign::Mate),
    ("†", CheckSign::Check),
    ("X", CheckSign::Mate),
    ("Х", CheckSign::Mate),
];

/// The NAG of a move glyph (`!` = 1 … `?!` = 6), as PGN defines them.
pub fn glyph_nag(text: &str) -> Option<u8> {
    GLYPHS.iter().find(|(g, _)| *g == text).map(|(_, nag)| *nag)
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

/// The evaluation sign `=` (NAG 10, an equal position) stands only alone:
/// glued to a move it would be a broken promotion.
pub const EQUAL_NAG: u8 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::{ENGLISH, LETTER_SETS, LetterSet};

    /// Every piece name of every letter set (and of several sets at once),
    /// written before every body shape, and words of no name: wherever the
    /// fast path reads a word, the whole grammar reads it that way only.
    #[test]
    fn the_plain_reading_is_the_grammars_only_reading() {
        let bodies = [
            "e4", "e2-e4", "e2e4", "e4:d5", "exd5", "e5:", "g1-f3", "g1:f3", "g1xf3", "gf3", "1f3",
            "xf3", ":f3", "f3", "f3+", "f3#", "g1-f3+", "e8", "e8=Q", "e8Q", "h9", "-f3", "d", "",
            "-O", "-O-O", "-0", "-0-0",
        ];
        let mut alphabets: Vec<Alphabet> =
            LETTER_SETS.iter().map(|s| Alphabet::new(&[s])).collect();
        let ru = LetterSet::by_code("ru").unwrap();
        let de = LetterSet::by_code("de").unwrap();
        let bn = LetterSet::by_code("bn").unwrap();
        alphabets.push(Alphabet::new(&[&ENGLISH, ru, de, bn]));
        // Names in lower case, some of them file letters (`de4`: the queen,
        // or the pawn on the d-file).
        let lower = crate::letters::set("lower", "Lower", ["k", "d", "t", "l", "s", "b"]);
        alphabets.push(Alphabet::new(&[&lower]));
        let mut names: Vec<String> = ["", "X", "п", "к", "кр", "Z0", "O", "o", "0", "--", "5"]
            .map(String::from)
            .to_vec();
        for set in LETTER_SETS {
            for (name, _) in set.readings() {
                names.push(name.clone());
                names.push(name.to_lowercase());
                names.push(format!("{name}{name}"));
            }
        }
        let (mut fast, mut words) = (0, 0);
        let (mut readings, mut grammar) = (Readings::new(), Readings::new());
        for alphabet in &alphabets {
            for name in &names {
                for body in bodies {
                    let word = format!("{name}{body}");
                    words += 1;
                    let Some(reading) = alphabet.plain_reading(&word) else {
                        continue;
                    };
                    fast += 1;
                    grammar.clear();
                    let read = ParsedMove::grammar_readings_into(&word, alphabet, &mut grammar);
                    assert!(read.is_ok(), "{word}: {read:?}");
                    assert_eq!(
                        grammar.as_slice(),
                        [reading],
                        "{word} in {:?}",
                        alphabet.names
                    );
                    ParsedMove::readings_into(&word, alphabet, &mut readings).unwrap();
                    assert_eq!(readings.as_slice(), [reading], "{word}");
                }
            }
        }
        assert!(
            fast * 10 > words,
            "{fast} of {words} words read by the fast path"
        );
    }

    fn en(text: &str) -> Result<ParsedMove, TokenError> {
        ParsedMove::parse(text, &Alphabet::new(&[&ENGLISH]))
    }

    fn normal(
        role: Option<Role>,
        from: (Option<char>, Option<char>),
        capture: bool,
        to: &str,
        promotion: Option<Role>,
    ) -> MoveToken {
        MoveToken::Normal {
            role,
            from_file: from.0.map(|c| File::new(u32::from(c) - u32::from('a'))),
            from_rank: from.1.map(|c| Rank::new(u32::from(c) - u32::from('1'))),
            capture,
            to: Target::Square(to.parse().unwrap()),
            promotion,
        }
    }

    /// The fast path reads what it takes exactly as the general grammar
    /// does: every SAN shape over a spread of squares, with and without
    /// check signs, and near misses.
    #[test]
    fn fast_san_agrees_with_the_grammar() {
        let fast = Alphabet::new(&[&ENGLISH]);
        let mut slow = fast.clone();
        slow.english = false;
        let mut words = vec!["O-O".to_string(), "O-O-O".to_string()];
        for to in ["a1", "e4", "h8", "d8", "c1", "b7"] {
            for piece in ["", "N", "B", "R", "Q", "K", "P", "k", "X"] {
                for origin in ["", "a", "h", "1", "8", "a1", "e2", "x", "9", "i"] {
                    for capture in ["", "x", ":"] {
                        for promotion in ["", "=Q", "=N", "=K", "=P", "Q"] {
                            words.push(format!("{piece}{origin}{capture}{to}{promotion}"));
                        }
                    }
                }
            }
        }
        let mut taken = 0;
        for word in &words {
            for suffix in ["", "+", "#", "++", "!"] {
                let text = format!("{word}{suffix}");
                if fast_san(&text).is_some() {
                    taken += 1;
                    assert_eq!(
                        ParsedMove::readings(&text, &fast),
                        ParsedMove::readings(&text, &slow),
                        "{text}"
                    );
                }
            }
        }
        assert!(taken > 1000, "{taken}");
    }

    #[test]
    fn iccf_numeric() {
        let alphabet = Alphabet::new(&[&ENGLISH]);
        let read = |t: &str| ParsedMove::parse(t, &alphabet).map(|p| p.token);
        assert_eq!(
            read("5254"),
            Ok(normal(None, (Some('e'), Some('2')), false, "e4", None))
        );
        assert_eq!(
            read("7163"),
            Ok(normal(None, (Some('g'), Some('1')), false, "f3", None))
        );
        assert_eq!(
            read("17184"),
            Ok(normal(
                None,
                (Some('a'), Some('7')),
                false,
                "a8",
                Some(Role::Knight)
            ))
        );
        for not in ["5294", "52545", "525", "0254", "52541x"] {
            assert!(!is_iccf(not), "{not}");
        }
    }

    /// The plain-body path reads what it takes exactly as the general
    /// grammar does, with and without a piece letter before the body.
    #[test]
    fn plain_body_agrees_with_the_grammar() {
        let alphabet = Alphabet::new(&[LetterSet::by_code("ru").unwrap()]);
        let mut taken = 0;
        for origin in ["", "a", "h", "1", "8", "a1", "e2", "9", "i", "a1a"] {
            for sign in ["", "x", ":", "-", "—", "X"] {
                for to in ["a1", "e4", "h8", "d", "4", "i9"] {
                    for suffix in ["", "+", "#", "++", "!", "=Q", "Ф", ":"] {
                        let body = format!("{origin}{sign}{to}{suffix}");
                        for role in [None, Some(Role::Knight), Some(Role::King)] {
                            if let Some(fast) = plain_body(body.as_bytes(), role) {
                                taken += 1;
                                assert_eq!(
                                    Ok(fast),
                                    parse_body_general(&body, 0, role, &alphabet),
                                    "{body} {role:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(taken > 100, "{taken}");
    }

    #[test]
    fn short_algebraic() {
        assert_eq!(
            en("e4").unwrap().token,
            normal(None, (None, None), false, "e4", None)
        );
        assert_eq!(
            en("Nbd2").unwrap().token,
            normal(Some(Role::Knight), (Some('b'), None), false, "d2", None)
        );
        assert_eq!(
            en("R1xa3+").unwrap(),
            ParsedMove {
                token: normal(Some(Role::Rook), (None, Some('1')), true, "a3", None),
                check: Some(CheckSign::Check),
                en_passant: false,
                nag: None,
                doubled_letter: false,
            }
        );
        assert_eq!(
            en("exd8=Q#").unwrap().token,
            normal(None, (Some('e'), None), true, "d8", Some(Role::Queen))
        );
        assert_eq!(
            en("e8Q").unwrap().token,
            normal(None, (None, None), false, "e8", Some(Role::Queen))
        );
        assert_eq!(
            en("Pe4").unwrap().token,
            normal(None, (None, None), false, "e4", None)
        );
        assert_eq!(en("Nf3!?").unwrap().nag, Some(5));
    }

    #[test]
    fn long_algebraic_and_uci() {
        assert_eq!(
            en("e2-e4").unwrap().token,
            normal(None, (Some('e'), Some('2')), false, "e4", None)
        );
        assert_eq!(
            en("Ng1f3").unwrap().token,
            normal(
                Some(Role::Knight),
                (Some('g'), Some('1')),
                false,
                "f3",
                None
            )
        );
        assert_eq!(
            en("e7e8q").unwrap().token,
            normal(None, (Some('e'), Some('7')), false, "e8", Some(Role::Queen))
        );
        assert_eq!(
            en("e4xd5").unwrap().token,
            normal(None, (Some('e'), Some('4')), true, "d5", None)
        );
    }

    #[test]
    fn castling_spellings() {
        for (text, side) in [
            ("O-O", CastlingSide::KingSide),
            ("0-0-0", CastlingSide::QueenSide),
            ("o-o", CastlingSide::KingSide),
            ("0–0", CastlingSide::KingSide),
            ("O‑O‑O+", CastlingSide::QueenSide),
        ] {
            assert_eq!(en(text).unwrap().token, MoveToken::Castle(side), "{text}");
        }
        assert!(en("O-").is_err());
    }

    #[test]
    fn russian_letters() {
        let ru = Alphabet::new(&[LetterSet::by_code("ru").unwrap()]);
        let p = |t: &str| ParsedMove::parse(t, &ru).unwrap().token;
        assert_eq!(
            p("Крd8"),
            normal(Some(Role::King), (None, None), false, "d8", None)
        );
        assert_eq!(
            p("Лd1:d6"),
            normal(Some(Role::Rook), (Some('d'), Some('1')), true, "d6", None)
        );
        assert_eq!(
            p("a7:b8Ф"),
            normal(None, (Some('a'), Some('7')), true, "b8", Some(Role::Queen))
        );
        assert_eq!(
            p("♘f3"),
            normal(Some(Role::Knight), (None, None), false, "f3", None)
        );
    }

    #[test]
    fn trailing_capture_sign() {
        let hu = Alphabet::new(&[LetterSet::by_code("hu").unwrap()]);
        let p = |t: &str| ParsedMove::parse(t, &hu).unwrap().token;
        assert_eq!(
            p("He5:"),
            normal(Some(Role::Knight), (None, None), true, "e5", None)
        );
        assert_eq!(
            p("Fd5:"),
            normal(Some(Role::Bishop), (None, None), true, "d5", None)
        );
        assert_eq!(
            p("Hc6:d4"),
            normal(Some(Role::Knight), (Some('c'), Some('6')), true, "d4", None)
        );
        assert!(matches!(
            p("de:"),
            MoveToken::Normal {
                to: Target::File(File::E),
                capture: true,
                ..
            }
        ));
    }

    #[test]
    fn pawn_capture_by_files() {
        assert_eq!(
            en("ed").unwrap().token,
            MoveToken::Normal {
                role: None,
                from_file: Some(File::E),
                from_rank: None,
                capture: true,
                to: Target::File(File::D),
                promotion: None
            }
        );
    }

    #[test]
    fn rejects_what_is_not_a_move() {
        for text in [
            "", "Nz3", "e9", "Nf", "hello", "e4e", "Nf3=", "e8=K", "N1-f3", "Ng-f3",
        ] {
            assert!(en(text).is_err(), "{text} parsed");
        }
    }
}
