//! Which letter set a game is written in.
//!
//! A game's piece letters narrow the letter sets down to those that can
//! read every one of them (`Sf3` rules English out, `Фh4` everything but
//! the Cyrillic sets). Sets that give each of the game's letters the same
//! meaning read it identically and count as one candidate (German, Swedish
//! and Croatian all read `K D T L S` alike). Which candidate is right is
//! then up to the board: [`crate::reader`] replays the game under each.

use std::sync::OnceLock;

use crate::descriptive::Lang;
use crate::letters::{LETTER_SETS, LetterSet, is_figurine_char};
use crate::lexer::{Lexer, Tok};
use crate::move_token::{is_capture_sign, is_dash};
use shakmaty::Role;

/// The order candidates are tried and named in: the most written first.
const PRIORITY: &[&str] = &[
    "en", "ru", "es", "de", "fr", "it", "pt", "nl", "pl", "cs", "hu", "uk", "sv", "da", "nb", "fi",
    "is", "et", "ro", "ca", "hr", "sk", "sh", "bg", "be", "af", "sq", "bn", "ar", "zh",
];

/// Every letter set a game may be written in, in the order they are tried.
pub fn all_candidates() -> Vec<&'static LetterSet> {
    let mut sets: Vec<&'static LetterSet> = PRIORITY
        .iter()
        .filter_map(|c| LetterSet::by_code(c))
        .collect();
    for set in LETTER_SETS {
        if !set.is_figurine() && !sets.contains(&set) {
            sets.push(set);
        }
    }
    sets
}

/// The common case of [`piece_prefix`]: one capital letter followed by a
/// square, file, capture sign or dash (`Nf3`, `Nbd7`, `Rxe8`, `Кc6`,
/// `Фd1:d6`), the two not the start of a longer name (as `Ka` and `Кр`
/// are). Looks at the first two characters only.
#[inline]
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
/// moves (no digit) and for castling, pawn moves and figurines.
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
    let square_char = |c: char| {
        matches!(c, 'a'..='h' | 'а' | 'с' | 'е' | '0'..='9') || is_capture_sign(c) || is_dash(c)
    };
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
    {
        let has_square = |rest: &str| {
            let mut prev_file = false;
            rest.chars().any(|c| {
                let hit = prev_file && ('1'..='8').contains(&c);
                prev_file = matches!(c, 'a'..='h' | 'а' | 'с' | 'е');
                hit
            })
        };
        if let Some(name) = long.iter().find(|n| {
            word.starts_with(n.as_str())
                && word[n.len()..].starts_with(square_char)
                && has_square(&word[n.len()..])
        }) {
            return Some(&word[..name.len()]);
        }
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

/// Whether the ASCII letters `first`, `second` begin a piece name longer
/// than one letter in some set (`Gh`, `Kp`).
#[inline]
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
        let mut names: Vec<String> = LETTER_SETS
            .iter()
            .flat_map(|set| set.readings())
            .map(|(name, _)| name)
            .filter(|name| name.chars().count() > 1)
            .collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        names.dedup();
        names
    })
}

/// The distinct piece letters of a game's moves, promotions' included.
pub fn piece_letters(text: &str) -> Vec<String> {
    let mut letters: Vec<String> = Vec::new();
    let mut add = |prefix: &str| {
        if !letters.iter().any(|l| l == prefix) {
            letters.push(prefix.to_string());
        }
    };
    for token in Lexer::new(text) {
        if let Tok::Word(word) = token.tok {
            let word = crate::move_token::fold_compatible(word);
            if let Some(prefix) = piece_prefix(&word) {
                add(prefix);
            }
            if let Some(letter) = promotion_letter(&word) {
                add(letter);
            } else if let Some(scanned) = crate::move_token::ocr_square(&word)
                && let Some(letter) = promotion_letter(&scanned)
            {
                add(letter);
            }
        }
    }
    letters
}

/// The piece letter a move-like word promotes to, where it names one after
/// its square (`e8=Q`, `e8Q`, `d8(Ф)`, `b1/T`, `exf8C+`): what follows the
/// last square, up to a bracket or a sign. `None` where no letter follows,
/// and for UCI's lower-case `q r b n`.
pub fn promotion_letter(word: &str) -> Option<&str> {
    let bytes = word.as_bytes();
    let square_end = bytes
        .windows(2)
        .rposition(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']))?
        + 2;
    let rest = word[square_end..].trim_start_matches(['=', '(', '/']);
    // Up to a sign: a capture, check or mate (`X` and `Х` for mate).
    let end = rest
        .find(|c: char| !c.is_alphabetic() || matches!(c, 'x' | 'X' | 'Х'))
        .unwrap_or(rest.len());
    let letter = &rest[..end];
    let uci = matches!(letter, "q" | "r" | "b" | "n");
    (!letter.is_empty() && !uci && letter.chars().next().is_some_and(char::is_uppercase))
        .then_some(letter)
}

/// A letter set that can read a game, and whether it needs Latin
/// look-alikes to (`K` for a Cyrillic `К`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub set: &'static LetterSet,
    pub lookalikes: bool,
}

/// The sets of `allowed` (in their order) that read every letter of
/// `letters`, one per distinct reading: first those that read the letters
/// as written, then those that read them as look-alikes of their Cyrillic
/// letters (`B` is an English bishop before it is a Belarusian knight
/// `В`). Where no set reads them all, the set that reads the most, so that
/// its errors say what is wrong.
pub fn candidates(letters: &[String], allowed: &[&'static LetterSet]) -> Vec<Candidate> {
    let mut readings: Vec<(Vec<Role>, Candidate)> = Vec::new();
    for lookalikes in [false, true] {
        for &set in allowed {
            let roles: Option<Vec<Role>> = letters
                .iter()
                .map(|l| set.role_of_spelling(l, lookalikes))
                .collect();
            if let Some(roles) = roles
                && !readings.iter().any(|(r, _)| *r == roles)
            {
                readings.push((roles, Candidate { set, lookalikes }));
            }
        }
    }
    if !readings.is_empty() {
        return readings.into_iter().map(|(_, c)| c).collect();
    }
    let known = |set: &LetterSet| letters.iter().filter(|l| set.role_of(l).is_some()).count();
    let mut best: Option<(usize, &'static LetterSet)> = None;
    for &set in allowed {
        if best.is_none_or(|(n, _)| known(set) > n) {
            best = Some((known(set), set));
        }
    }
    best.map(|(_, set)| {
        vec![Candidate {
            set,
            lookalikes: true,
        }]
    })
    .unwrap_or_default()
}

/// Whether a game is written in descriptive notation, and in which
/// language, told by its first few moves (`1. P-K4 P-K4`, `1. P4R`): the
/// first language every descriptive word of them reads in, as soon as only
/// one does (`PxP` reads in all three, `RxP T7T+` in Spanish and French).
/// Every game is asked, so this looks at no more than four words (sixteen
/// while its descriptive words read in several languages), and lets an
/// algebraic word go at a glance.
pub fn descriptive(text: &str) -> Option<Lang> {
    let bytes = text.as_bytes();
    // Past the tags and escape lines.
    let mut i = 0;
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'[' | b'%') => match memchr::memchr(b'\n', &bytes[i..]) {
                Some(end) => i += end + 1,
                None => return None,
            },
            Some(_) => break,
            None => return None,
        }
    }
    let mut looked = 0;
    let mut in_comment = false;
    // The languages every descriptive word so far reads in.
    let mut langs: Option<[bool; 3]> = None;
    for line in text[i..].lines() {
        for word in line.split_ascii_whitespace() {
            if in_comment || word.starts_with('{') {
                in_comment = !word.contains('}');
                continue;
            }
            // A `;` comment runs to the end of its line.
            if word.starts_with(';') {
                break;
            }
            let word = word
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches(['.', '…']);
            if word.is_empty() {
                continue;
            }
            // Algebraic words start with a file or hold a square (`e4`,
            // `Nf3`); descriptive ones never do.
            let algebraic = !word.as_bytes()[0].is_ascii_uppercase()
                || word
                    .as_bytes()
                    .windows(2)
                    .any(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']));
            if !algebraic {
                let fits =
                    Lang::ALL.map(|lang| crate::descriptive::reads_as_descriptive(word, lang));
                if fits.contains(&true) {
                    let narrowed = match langs {
                        None => fits,
                        // Words that agree on none: the first ones decide.
                        Some(so_far) => {
                            let both = [0, 1, 2].map(|i| so_far[i] && fits[i]);
                            if both.contains(&true) { both } else { so_far }
                        }
                    };
                    if narrowed.iter().filter(|&&f| f).count() == 1 {
                        return first_lang(narrowed);
                    }
                    langs = Some(narrowed);
                }
            }
            // Castling is written alike in every notation, but for this word.
            if word.eq_ignore_ascii_case("castles") {
                return Some(Lang::English);
            }
            looked += 1;
            // Words that read in several languages: a few more, while
            // they do (`DxP+ RxD CxP`, from a puzzle's position).
            if looked == if langs.is_some() { 16 } else { 4 } {
                return langs.and_then(first_lang);
            }
        }
    }
    langs.and_then(first_lang)
}

/// The first of `Lang::ALL` marked in `langs`.
fn first_lang(langs: [bool; 3]) -> Option<Lang> {
    Lang::ALL
        .into_iter()
        .zip(langs)
        .find_map(|(lang, f)| f.then_some(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<&'static str> {
        candidates(&piece_letters(text), &all_candidates())
            .iter()
            .map(|c| c.set.code)
            .collect()
    }

    #[test]
    fn descriptive_games_are_told_by_their_first_moves() {
        let cases = [
            (
                "[Event \"x\"]\n\n1. P-K4 P-K4 2. N-KB3 *",
                Some(Lang::English),
            ),
            ("1.P4R P4R 2.C3AR", Some(Lang::Spanish)),
            ("1. P.4R P.4R", Some(Lang::French)),
            ("1. Castles QR *", Some(Lang::English)),
            ("{An opening: 1. P-K4} 1. e4 e5 *", None),
            ("; best is P-K4\n1. e4 e5 *", None),
            ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", None),
            ("1. Кg1-f3 d7-d5 *", None),
            ("1. 5254 5755 *", None),
            // Only the first four moves are looked at.
            ("1. e4 e5 2. Nf3 Nc6 3. P-Q4 *", None),
        ];
        for (text, lang) in cases {
            assert_eq!(descriptive(text), lang, "{text}");
        }
    }

    #[test]
    fn letters_narrow_the_sets() {
        assert_eq!(codes("1. e4 e5 2. Nf3 Nc6 3. Bb5 Qe7 4. O-O"), ["en"]);
        // `K` alone: a king everywhere, or a Russian knight written `K`.
        assert_eq!(codes("1. d4 d5 2. Kf3 Kf6"), ["en", "ru"]);
        // Finnish writes its pawns S: the board has to decide.
        assert_eq!(codes("1. e4 e5 2. Sf3 Sc6 3. Lb5 Dh4"), ["de", "fi"]);
        assert_eq!(codes("1. e4 e5 2. Cf3 Cc6 3. Ab5 Dh4"), ["es"]);
        assert_eq!(
            codes("1. e2-e4 e7-e5 2. Kg1-f3 Кb8-c6 3. Cf1-b5 Фd8-h4"),
            ["ru"]
        );
        assert_eq!(codes("1.e4 e5 2.Cf3 CCe4"), ["es", "ru"]);
        assert_eq!(codes("1. Kg1-f3 Cf8-c5"), ["ru"]);
    }

    #[test]
    fn pawn_moves_admit_any_set() {
        assert_eq!(codes("1. e4 e5 2. d4 exd4"), ["en"]);
    }

    #[test]
    fn prefixes() {
        assert_eq!(piece_prefix("Крd8"), Some("Кр"));
        assert_eq!(piece_prefix("К2с3"), Some("К"));
        assert_eq!(piece_prefix("CCe4"), Some("C"));
        assert_eq!(piece_prefix("Kac3"), Some("Ka"));
        assert_eq!(piece_prefix("Ka5"), Some("K"));
        assert_eq!(piece_prefix("Mshd1"), Some("Msh"));
        assert_eq!(piece_prefix("Ghf3"), Some("Gh"));
        assert_eq!(piece_prefix("0-0"), None);
        assert_eq!(piece_prefix("exd5"), None);
        assert_eq!(piece_prefix("♘f3"), None);
        assert_eq!(piece_prefix("Одна"), None);
        assert_eq!(promotion_letter("e8=Q"), Some("Q"));
        assert_eq!(promotion_letter("g1=F"), Some("F"));
        assert_eq!(promotion_letter("exf8C+"), Some("C"));
        assert_eq!(promotion_letter("d8(Ф)"), Some("Ф"));
        assert_eq!(promotion_letter("e7e8q"), None);
        assert_eq!(promotion_letter("g2:h1ДX"), Some("Д"));
        assert_eq!(promotion_letter("Nf3"), None);
        assert_eq!(promotion_letter("e4xd5"), None);
    }
}
