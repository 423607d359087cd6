//! The piece names a move-like word is written with, as its letters tell
//! them (no board): the name it starts with ([`piece_prefix`], in any
//! letter set, two-letter names such as `Кр` and `Gh` included) and the
//! one it promotes to ([`promotion_letter`]).

use std::sync::OnceLock;

use crate::vocab::letters::{LETTER_SETS, file_of, is_figurine_char, table_readings};
use crate::vocab::signs::{is_capture_sign, is_dash};

/// The common case of [`piece_prefix`]: one capital letter followed by a
/// square, file, capture sign or dash (`Nf3`, `Nbd7`, `Rxe8`, `Кc6`,
/// `Фd1:d6`), the two not the start of a longer name (as `Ka` and `Кр`
/// are). Looks at the first two characters only. Always inlined: the
/// plain lane's letters go through it, and the compiler's choice came and
/// went with changes elsewhere in the crate.
#[inline(always)]
pub(crate) fn single_letter(word: &str) -> Option<&str> {
    let bytes = word.as_bytes();
    if let [first, second, ..] = *bytes
        && first.is_ascii()
    {
        return is_single_ascii_letter(first, second).then(|| &word[..1]);
    }
    let mut chars = word.chars();
    let (first, second) = (chars.next()?, chars.next()?);
    (matches!(second, 'a'..='h' | '1'..='8' | 'x' | ':' | '-')
        // Cyrillic capitals, the commonest, without the Unicode tables.
        && (matches!(first, 'А'..='Я' | 'Ё') || first.is_uppercase())
        && !starts_long_name_char(first, second))
    .then(|| &word[..first.len_utf8()])
}

/// [`single_letter`]'s ASCII case: whether a word whose first two bytes
/// are `first` (ASCII) and `second` starts with the piece letter `first`,
/// a capital followed by a square's file or rank, a capture sign or a
/// dash, the two not the start of a longer name.
#[inline]
pub(crate) fn is_single_ascii_letter(first: u8, second: u8) -> bool {
    first.is_ascii_uppercase()
        && matches!(second, b'a'..=b'h' | b'1'..=b'8' | b'x' | b':' | b'-')
        && !starts_long_name(first, second)
}

/// The piece letter a move-like word starts with: what comes before its
/// first square, file, capture sign or dash. `None` for words that are no
/// moves (no digit), for castling, pawn moves and figurines, and for words
/// whose letter differs by set (`Ka8b8`, see below).
pub fn piece_prefix(word: &str) -> Option<&str> {
    let bytes = word.as_bytes();
    // A pawn move: the commonest word of all.
    if bytes
        .first()
        .is_none_or(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        return None;
    }
    if !bytes.iter().any(|b| (b'1'..=b'8').contains(b)) {
        return None;
    }
    if matches!(bytes[0], b'O' | b'0' | b'o') && word[1..].starts_with(is_dash) {
        return None;
    }
    if let Some(letter) = single_letter(word) {
        return Some(letter);
    }
    let square_char =
        |c: char| c.is_ascii_digit() || file_of(c).is_some() || is_capture_sign(c) || is_dash(c);
    let end = word.find(square_char).unwrap_or(word.len());
    let prefix = &word[..end];
    if prefix.is_empty() || prefix.chars().any(is_figurine_char) {
        return None;
    }
    // Names of two or more letters whose next letter is a file (Albanian
    // `Ka`, Bengali `Gh`, Albanian `Msh`) are taken whole where a square
    // still follows them (`Kac3`, but `Ka5` is K to a5). Only a prefix such
    // a name starts with (`K`, `G`, `Ms`) needs the look.
    let first = prefix.chars().next().unwrap_or_default();
    let long = long_names_from(first);
    if long
        .iter()
        .any(|n| n.len() > prefix.len() && n.starts_with(prefix))
        && let Some(name) = long_name_of(word, long)
    {
        return name;
    }
    // `CCe4`: a letter written twice is the letter once.
    let half = prefix.len() / 2;
    if prefix.len().is_multiple_of(2)
        && prefix.is_char_boundary(half)
        && prefix[..half] == prefix[half..]
    {
        return Some(&prefix[..half]);
    }
    Some(prefix)
}

/// For [`piece_prefix`], the name of `long` (longer names a word's prefix
/// starts) `word` is written with, where a square still follows it:
/// `Some(Some(name))`; `Some(None)` where the word reads both ways (see
/// [`reads_both_ways`]); `None` where no such name is the word's.
#[inline(never)]
fn long_name_of<'a>(word: &'a str, long: &[String]) -> Option<Option<&'a str>> {
    let (name, both) = long_name_in(word, long)?;
    Some((!both).then_some(name))
}

/// The name of `long` `word` starts with where a square still follows it,
/// and whether the word reads both ways with it.
fn long_name_in<'a>(word: &'a str, long: &[String]) -> Option<(&'a str, bool)> {
    let square_char =
        |c: char| c.is_ascii_digit() || file_of(c).is_some() || is_capture_sign(c) || is_dash(c);
    let has_square = |rest: &str| {
        let mut prev_file = false;
        rest.chars().any(|c| {
            let hit = prev_file && ('1'..='8').contains(&c);
            prev_file = file_of(c).is_some();
            hit
        })
    };
    // A rank right after the name and before a dash is the end of an
    // origin square (`Ka1-c1`, K from a1), not a rank that tells two
    // pieces apart (`Ka1c3`, `Ka1xc3`: no dash comes after that).
    let origin_end = |rest: &str| {
        let mut chars = rest.chars();
        chars.next().is_some_and(|c| c.is_ascii_digit()) && chars.next().is_some_and(is_dash)
    };
    let name = long.iter().find(|n| {
        word.starts_with(n.as_str())
            && word[n.len()..].starts_with(square_char)
            && has_square(&word[n.len()..])
            && !origin_end(&word[n.len()..])
    })?;
    // A rank right after the name makes the word read both ways (`Ka8b8`:
    // Albanian `Ka` from rank 8, or `K` from a8): its letter is the set's
    // to say, and it tells no set apart.
    let both = reads_both_ways(name, &word[name.len()..]);
    Some((&word[..name.len()], both))
}

/// For a word whose letter differs by set ([`piece_prefix`] is `None` for
/// it), its two letters: the longer name and the shorter one (`Ka8b8`:
/// `Ka` from rank 8, or `K` from a8).
pub fn letter_either(word: &str) -> Option<(&str, &str)> {
    let mut chars = word.chars();
    let (first, second) = (chars.next()?, chars.next()?);
    // Nearly every word starts with no longer name at all.
    if !starts_long_name_char(first, second) {
        return None;
    }
    let (name, true) = long_name_in(word, long_names_from(first))? else {
        return None;
    };
    let (last, _) = name.char_indices().next_back()?;
    Some((name, &word[..last]))
}

/// Whether a word that starts with the piece name `name` (longer than one
/// letter) and goes on with `rest` reads as well with a shorter name of
/// some set and an origin square: `name` is that name and a file (`Ka`,
/// `K` and `a`), and a rank follows (`Ka8b8`, Albanian `Ka` from rank 8 or
/// `K` from a8).
fn reads_both_ways(name: &str, rest: &str) -> bool {
    let Some((last, file)) = name.char_indices().next_back() else {
        return false;
    };
    last > 0
        && file_of(file).is_some()
        && rest.starts_with(|c: char| ('1'..='8').contains(&c))
        && is_some_name(&name[..last])
}

/// Whether `name` is a piece name of some letter set.
fn is_some_name(name: &str) -> bool {
    all_names().binary_search_by(|n| (*n).cmp(name)).is_ok()
}

/// Every piece name of every letter set, sorted, once each.
fn all_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<&'static str> = (0..LETTER_SETS.len())
            .flat_map(|i| table_readings(i).iter().map(|(name, _)| name.as_str()))
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

/// The piece letter [`piece_prefix`] finds in every word the piece name
/// `name` starts and a plain body follows (a square, maybe after an origin
/// and a capture sign or dash: `e4`, `g1-f3`, `:d5`), which then depends on
/// the name alone: `Some` of its length (`None` for no letter), or `None`
/// where a longer name of some set starts with `name` and goes on with a
/// character such a body starts with (`K`, Albanian `Ka`: `Kac3`), or is
/// such a name that a rank may follow (`Ka`: `Ka8b8`), so that the body
/// decides (`Кр` does not make `К`'s letter depend on it).
pub(crate) fn letter_of_name(name: &str) -> Option<Option<usize>> {
    // A name of the sets is answered once per process: every alphabet
    // holds the figurines' names, and asks again.
    static LETTERS: OnceLock<Vec<OnceLock<Option<Option<usize>>>>> = OnceLock::new();
    let names = all_names();
    let Ok(i) = names.binary_search_by(|n| (*n).cmp(name)) else {
        return name_letter(name);
    };
    let letters = LETTERS.get_or_init(|| names.iter().map(|_| OnceLock::new()).collect());
    *letters[i].get_or_init(|| name_letter(name))
}

/// [`letter_of_name`], worked out.
fn name_letter(name: &str) -> Option<Option<usize>> {
    let body_start = |c: char| matches!(c, 'a'..='h' | '1'..='8' | 'x' | ':' | '-');
    if long_names().iter().any(|n| {
        n.len() > name.len() && n.starts_with(name) && n[name.len()..].starts_with(body_start)
    }) {
        return None;
    }
    // A name that reads both ways before a rank (`Ka`): the body decides.
    if reads_both_ways(name, "1") {
        return None;
    }
    let mut word = String::with_capacity(name.len() + 2);
    word.push_str(name);
    word.push_str("e4");
    let letter = piece_prefix(&word).map(str::len);
    letter.is_none_or(|len| len <= name.len()).then_some(letter)
}

/// Whether the ASCII letters `first`, `second` begin a piece name longer
/// than one letter in some set (`Gh`, `Kp`). Always inlined, as
/// [`single_letter`] is.
#[inline(always)]
pub(crate) fn starts_long_name(first: u8, second: u8) -> bool {
    first < 128 && second < 128 && long_name_seconds()[usize::from(first)] & (1 << second) != 0
}

/// Whether `first`, `second` begin a piece name longer than one letter in
/// some set (`Кр`), for any initial.
/// Asked only where `second` may begin a square or a capture, so the
/// (first, second) pairs of that kind are listed once, and are few.
pub(crate) fn starts_long_name_char(first: char, second: char) -> bool {
    static PAIRS: OnceLock<Vec<(char, char)>> = OnceLock::new();
    PAIRS
        .get_or_init(|| {
            long_names()
                .iter()
                .filter_map(|n| {
                    let mut chars = n.chars();
                    Some((chars.next()?, chars.next()?))
                })
                .filter(|(_, s)| matches!(s, 'a'..='h' | '1'..='8' | 'x' | ':' | '-'))
                .collect()
        })
        .contains(&(first, second))
}

/// For each ASCII initial, the set (bit per byte) of ASCII second bytes of
/// the names of two or more characters that start with it.
#[inline]
fn long_name_seconds() -> &'static [u128; 128] {
    static SECONDS: OnceLock<[u128; 128]> = OnceLock::new();
    SECONDS.get_or_init(|| {
        let mut seconds = [0; 128];
        for name in long_names() {
            if let [first, second, ..] = *name.as_bytes()
                && first.is_ascii()
                && second.is_ascii()
            {
                seconds[usize::from(first)] |= 1 << second;
            }
        }
        seconds
    })
}

/// The names of [`long_names`] that start with `first`, longest first.
fn long_names_from(first: char) -> &'static [String] {
    static BY_FIRST: OnceLock<Vec<(char, Vec<String>)>> = OnceLock::new();
    let by_first = BY_FIRST.get_or_init(|| {
        let mut by_first: Vec<(char, Vec<String>)> = Vec::new();
        for name in long_names() {
            let c = name.chars().next().unwrap_or_default();
            match by_first.iter_mut().find(|(f, _)| *f == c) {
                Some((_, names)) => names.push(name.clone()),
                None => by_first.push((c, vec![name.clone()])),
            }
        }
        by_first
    });
    by_first
        .iter()
        .find(|(f, _)| *f == first)
        .map_or(&[], |(_, names)| names.as_slice())
}

/// Every piece name of two or more characters in any set (look-alike
/// spellings included), longest first.
fn long_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<String> = all_names()
            .iter()
            .filter(|name| name.chars().count() > 1)
            .map(|name| name.to_string())
            .collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        names
    })
}

/// The piece letter a move-like word promotes to, where it names one after
/// its square (`e8=Q`, `e8Q`, `d8(Ф)`, `b1/T`, `exf8C+`): what follows the
/// last square, on the first or last rank, up to a bracket or a sign.
/// `None` where no letter follows, and for UCI's lower-case `q r b n`.
pub fn promotion_letter(word: &str) -> Option<&str> {
    let bytes = word.as_bytes();
    let square_end = bytes
        .windows(2)
        .rposition(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']))?
        + 2;
    // A pawn promotes on the first or the last rank only (`e4は` is a
    // square and a word of prose).
    if !matches!(bytes[square_end - 1], b'1' | b'8') {
        return None;
    }
    let rest = word[square_end..].trim_start_matches(['=', '(', '/']);
    // Up to a sign: a capture, check or mate (`X` and `Х` for mate).
    let end = rest
        .find(|c: char| !c.is_alphabetic() || matches!(c, 'x' | 'X' | 'Х'))
        .unwrap_or(rest.len());
    let letter = &rest[..end];
    let uci = matches!(letter, "q" | "r" | "b" | "n");
    // A capital, or a letter of a script without case (`b1=و`).
    (!letter.is_empty() && !uci && letter.chars().next().is_some_and(|c| !c.is_lowercase()))
        .then_some(letter)
}
