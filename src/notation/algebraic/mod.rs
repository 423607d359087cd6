//! The grammar of one written move, in any form and any letter set.
//!
//! A [`MoveToken`] is what a move's text says, before the board is asked:
//! which piece (if a letter was written), what is known of the origin, the
//! destination, a promotion, and the marks the writer put after it. One
//! grammar covers short algebraic (`Nf3`, `exd5`, `Кр:e2`), long algebraic
//! with or without a separator (`e2-e4`, `Ng1f3`, `Лd1:d6`), UCI (`e7e8q`),
//! castling in its spellings, and pawn captures by files alone (`ed`).
//! Matching a token against the legal moves is [`crate::notation::resolve`]'s job.
//!
//! Here are the tokens, the alphabet of piece names and a word's readings;
//! `grammar` reads a word character by character, in every form, and
//! `plain` reads the commonest words byte by byte, where the grammar would
//! read them one way only.

use arrayvec::ArrayVec;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use std::sync::OnceLock;

use crate::vocab::letters::{LETTER_SETS, LetterSet};
use crate::vocab::signs::CheckSign;

mod grammar;
mod plain;
mod scanned;
#[cfg(test)]
mod tests;
mod typed;

pub use grammar::is_iccf;
use grammar::{finish, keep_furthest, parse_body, parse_castling, parse_iccf};
pub(crate) use plain::{fast_castling, fast_san};
pub use scanned::{
    letter_run, names_square, ocr_number, ocr_square, run_of, scanned_move, starts_piece,
};
pub use typed::{Retyped, file_letter_piece, retyped};

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
    /// [`crate::notation::descriptive`]; `e.p.` written with it restricts it to an en
    /// passant capture.
    Descriptive {
        mv: crate::notation::descriptive::DescMove,
        en_passant: bool,
    },
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
    /// The piece the move names as taken (`Ce4xCf6`, `exCd4`): what the
    /// board must have on the square it goes to.
    pub taken: Option<Role>,
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
    /// For each first byte, where the names starting with it are in
    /// `names` (sorted by first character, then longest first: UTF-8 keeps
    /// the names of one lead byte together).
    by_first_byte: Box<[(u16, u16); 256]>,
    /// For each name, what the plain reading needs of it ([`PlainName`]),
    /// worked out where first asked (PGN's letters never ask).
    plain_names: OnceLock<Vec<PlainName>>,
    /// Whether the ASCII names are exactly PGN's `K Q R B N P`: then plain
    /// ASCII tokens take the byte-level SAN reader (`fast_san`), the fast path.
    english: bool,
    /// The files Serbian writes in Cyrillic (`б ц д ф г х`) are files to
    /// it: no name of its sets has one of those letters (Belarusian `Лд`).
    cyrillic_files: bool,
    /// A set of it writes its files in Serbian Cyrillic: `х` is its h
    /// file, where the other Cyrillic sets write the capture sign.
    kha_file: bool,
}

impl Alphabet {
    /// Whether its ASCII names are exactly PGN's `K Q R B N P`, so that
    /// plain SAN reads one way only, by `fast_san`.
    pub fn is_english(&self) -> bool {
        self.english
    }

    /// Whether the Serbian Cyrillic files are files to it, and whether
    /// `х` is always its h file ([`Alphabet::cyrillic_files`],
    /// [`Alphabet::kha_file`]).
    pub(super) fn cyrillic_files(&self) -> (bool, bool) {
        (self.cyrillic_files, self.kha_file)
    }

    /// The alphabet of one letter set (and figurines), built once per
    /// process and shared.
    pub fn of(set: &'static LetterSet) -> &'static Alphabet {
        // Each built where first asked: English PGN needs one.
        static ALPHABETS: OnceLock<Vec<OnceLock<Alphabet>>> = OnceLock::new();
        let all = ALPHABETS.get_or_init(|| LETTER_SETS.iter().map(|_| OnceLock::new()).collect());
        match LETTER_SETS.iter().position(|s| s == set) {
            Some(i) => all[i].get_or_init(|| Alphabet::new(&[set])),
            // A set made outside the table: build and keep it.
            None => Box::leak(Box::new(Alphabet::new(&[set]))),
        }
    }

    /// The names of `sets`, the figurines of either colour and the
    /// ChessBase font's glyphs.
    pub fn new(sets: &[&LetterSet]) -> Alphabet {
        let mut names = Vec::new();
        let kha_file = sets
            .iter()
            .any(|s| s.file_letter(shakmaty::File::H) == crate::vocab::letters::SERBIAN_FILES[7]);
        for set in sets.iter().copied().chain([
            &crate::vocab::letters::FIGURINE_COLOR,
            &crate::vocab::letters::CHESSBASE,
        ]) {
            for reading in set.shared_readings().iter() {
                if !names.contains(reading) {
                    names.push(reading.clone());
                }
            }
        }
        let cyrillic_files = kha_file
            || !names
                .iter()
                .any(|(name, _)| name.chars().any(crate::vocab::letters::serbian_only_file));
        let first = |name: &str| name.chars().next().unwrap_or_default();
        names.sort_by_key(|(name, _)| (first(name), std::cmp::Reverse(name.len())));
        names.dedup();
        let mut by_first_byte = Box::new([(0u16, 0u16); 256]);
        for (i, (name, _)) in names.iter().enumerate() {
            let (Some(&b), Ok(i)) = (name.as_bytes().first(), u16::try_from(i)) else {
                continue;
            };
            let range = &mut by_first_byte[usize::from(b)];
            if range.0 == range.1 {
                *range = (i, i + 1);
            } else {
                range.1 = i + 1;
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
            cyrillic_files,
            kha_file,
            names,
            by_first_byte,
            plain_names: OnceLock::new(),
        }
    }

    /// What the plain reading needs of the name `names[i]`, worked out
    /// where first asked.
    fn plain_name(&self, i: usize) -> Option<&PlainName> {
        let names = self.plain_names.get_or_init(|| {
            (0..self.names.len())
                .map(|i| {
                    // The names it may start with begin with its first byte.
                    let first = self.names[i].0.as_bytes().first();
                    let (start, end) =
                        first.map_or((0, 0), |&b| self.by_first_byte[usize::from(b)]);
                    PlainName::of(&self.names, i, usize::from(start)..usize::from(end))
                })
                .collect()
        });
        names.get(i)
    }

    fn piece_prefixes<'a>(&'a self, text: &'a str) -> impl Iterator<Item = (usize, Role)> + 'a {
        self.names_starting(text).map(|i| {
            let (name, role) = &self.names[i];
            (name.len(), *role)
        })
    }

    /// The names `text` starts with, as indices into `names`, longest
    /// first (the names sharing a first character are kept so).
    #[inline]
    fn names_starting<'a>(&'a self, text: &'a str) -> impl Iterator<Item = usize> + 'a {
        let bytes = text.as_bytes();
        let (start, end) = bytes
            .first()
            .map_or((0, 0), |&b| self.by_first_byte[usize::from(b)]);
        // The first byte is the range's.
        (usize::from(start)..usize::from(end)).filter(move |&i| self.starts_with_name(bytes, i))
    }

    /// The first of [`Alphabet::names_starting`], the longest name `text`
    /// starts with, looked for by a loop of its own: the plain lane's loop
    /// takes it inlined, whatever the compiler makes of the iterator's.
    #[inline(always)]
    #[allow(clippy::manual_find)]
    fn longest_name_starting(&self, text: &str) -> Option<usize> {
        let bytes = text.as_bytes();
        let (start, end) = bytes
            .first()
            .map_or((0, 0), |&b| self.by_first_byte[usize::from(b)]);
        // A `for` loop, which needs no fold of the compiler's to inline.
        for i in usize::from(start)..usize::from(end) {
            if self.starts_with_name(bytes, i) {
                return Some(i);
            }
        }
        None
    }

    /// Whether `bytes` starts with the name `names[i]`, whose first byte
    /// it has: the second tells most names apart before the rest is
    /// compared.
    #[inline(always)]
    fn starts_with_name(&self, bytes: &[u8], i: usize) -> bool {
        let name = self.names[i].0.as_bytes();
        if !(name.get(1).is_none_or(|b| bytes.get(1) == Some(b)) && bytes.len() >= name.len()) {
            return false;
        }
        for (a, b) in name.iter().zip(bytes) {
            if a != b {
                return false;
            }
        }
        true
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

/// The piece letter a word read by [`Alphabet::plain_reading_named`]
/// is written with, as [`crate::vocab::words::piece_prefix`] finds it in the
/// word, known from its piece name alone where it can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Letter {
    /// None (a pawn's move with no letter, a figurine).
    None,
    /// The first `len` bytes of the word: its name, `index` in the
    /// alphabet's names (the same for every word it starts).
    Name { index: usize, len: usize },
    /// What the word's other letters say: a longer name in some set
    /// starts with this one (`K`, Albanian `Ka`), so ask the word.
    Word,
}

/// What the plain reading ([`Alphabet::plain_reading_named`]) needs of
/// one piece name, the same for every word it is the longest name of.
#[derive(Debug, Clone, Copy)]
struct PlainName {
    /// Its length in bytes.
    len: usize,
    /// Its piece, `None` for a pawn.
    role: Option<Role>,
    /// The letter a word it starts is written with.
    letter: Letter,
    /// Whether a word it starts, a plain body after it, reads one way
    /// only: the name is a capital or a figurine, and after each other
    /// name the word also starts with (`К` of `Кр`), and after none where
    /// the grammar tries that too (a figurine), comes a character no body
    /// starts with and the shorter name's first (`CCe4`) is not.
    reads: bool,
}

impl PlainName {
    /// The plain reading's view of `names[i]`, where `alike` holds every
    /// other name it may start with (those of its first byte).
    fn of(names: &[(String, Role)], i: usize, alike: std::ops::Range<usize>) -> PlainName {
        use crate::vocab::letters::{file_of, is_figurine_char};
        use crate::vocab::signs::{is_capture_sign, is_dash};
        let (name, role) = &names[i];
        let letter = match crate::vocab::words::letter_of_name(name) {
            Some(None) => Letter::None,
            Some(Some(len)) => Letter::Name { index: i, len },
            None => Letter::Word,
        };
        let first = name.chars().next();
        // The grammar tries no bare reading after a capital.
        let capital = first.is_some_and(char::is_uppercase);
        let bare = (!capital).then_some("");
        // The other names the word starts with: shorter ones, and the
        // same name for another piece (`N`, knight in one set and rook in
        // another), which nothing follows.
        let shorter = names[alike.clone()]
            .iter()
            .zip(alike)
            .filter(|&((n, _), j)| j != i && !n.is_empty() && name.starts_with(n.as_str()))
            .map(|((n, _), _)| n.as_str());
        let silent = |inner: &str| {
            let c = name[inner.len()..].chars().next();
            c.is_some_and(|c| {
                file_of(c).is_none()
                    && !matches!(c, '1'..='8' | 'X')
                    && !is_capture_sign(c)
                    && !is_dash(c)
                    && !inner.starts_with(c)
            })
        };
        let reads = first.is_some_and(|c| capital || is_figurine_char(c))
            && shorter.chain(bare).all(silent);
        PlainName {
            len: name.len(),
            role: (*role != Role::Pawn).then_some(*role),
            letter,
            reads,
        }
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
        if let Some((parsed, _)) = alphabet.plain_reading_named(text) {
            readings.push(parsed);
            return Ok(());
        }
        Self::grammar_readings_into(text, alphabet, readings)
    }

    /// [`ParsedMove::readings_into`] by the whole grammar, with no fast
    /// path: what the fast paths must agree with, and what a caller that
    /// has tried them (and found no reading) reads with. Adds to
    /// `readings`, which the caller clears.
    pub(crate) fn grammar_readings_into(
        text: &str,
        alphabet: &Alphabet,
        readings: &mut Readings,
    ) -> Result<(), TokenError> {
        if let Some(parsed) = parse_castling(text).or_else(|| parse_iccf(text)) {
            readings.push(parsed);
            return Ok(());
        }
        // A null move: `--`, `Z0`, or UCI's `0000` (which no castling sign
        // reads: those are two or three zeros).
        let null = ["--", "Z0", "0000"];
        if let Some(rest) = null.iter().find_map(|sign| text.strip_prefix(sign)) {
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
            match reading_after(text, len, role, alphabet) {
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

/// The reading of `text` after a piece name of `len` bytes (`role`, or a
/// pawn's move where `None`), the grammar's for each name the word starts
/// with: its body, or where that does not read and the name is written
/// twice (`CCe4`), the body after both.
fn reading_after(
    text: &str,
    len: usize,
    role: Option<Role>,
    alphabet: &Alphabet,
) -> Result<ParsedMove, TokenError> {
    let parsed = parse_body(text, len, role, alphabet);
    if parsed.is_err() && len > 0 && text[len..].starts_with(&text[..len]) {
        // `CCe4`: the letter written twice.
        return parse_body(text, 2 * len, role, alphabet).map(|p| ParsedMove {
            doubled_letter: true,
            ..p
        });
    }
    parsed
}

/// `word` with full-width forms and other compatibility characters folded
/// to the plain ones (NFKC). ASCII, the Russian alphabet and the accented
/// Latin letters of Western and Central Europe, nearly every token, have
/// nothing to fold and are taken as they are.
pub fn fold_compatible(word: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};
    if word.is_ascii()
        || folds_to_itself(word.as_bytes())
        || is_nfkc_quick(word.chars()) == IsNormalized::Yes
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.nfkc().collect())
    }
}

/// Whether `bytes` (UTF-8) holds only ASCII, Cyrillic letters of
/// U+0400-U+047F and Latin letters of U+00C0-U+017F but the six of them
/// NFKC folds (`Ĳ ĳ Ŀ ŀ ŉ ſ`): characters NFKC leaves alone, none of them a
/// combining mark, told at the byte level.
fn folds_to_itself(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (0..=0x7f, _) => i += 1,
            (lead @ 0xc3..=0xc5 | lead @ 0xd0..=0xd1, Some(&next)) if next & 0xc0 == 0x80 => {
                let c = (u32::from(lead & 0x1f) << 6) | u32::from(next & 0x3f);
                if matches!(c, 0x132 | 0x133 | 0x13f | 0x140 | 0x149 | 0x17f) {
                    return false;
                }
                i += 2;
            }
            _ => return false,
        }
    }
    true
}
