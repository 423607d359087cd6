//! What pages type for a move's characters, read back: a letter of a
//! keyboard for a file (`Cç3`), a piece's letter in lower case (`nf3`), a
//! dash left after the move (`e4-`, `0-0-`), a scan's `f` or `t` for the
//! check cross (`Dh5f`), a word's ending glued on (`Hde2-re`, `Fb5'le`).
//! Each is a guess, tried only where the word as written reads as no move,
//! and said with what it was read as; whether the guess is a move is the
//! grammar's and the board's to say.

use super::Alphabet;
use crate::vocab::signs::{CHECK_LOOKALIKES, FILE_LOOKALIKES, is_dash};

/// A word read as another, and why (for the warning: "`Cç3` read as
/// `Cc3`: `ç` for the file c").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retyped {
    pub word: String,
    pub why: String,
}

/// The readings of `word` as a page may have mistyped it, plainest first;
/// empty where no known slip fits. `alphabet` says which lower-case letters
/// are a piece's (`n` in English, `s` in German; never a file's `a`-`h`).
pub fn retyped(word: &str, alphabet: &Alphabet) -> Vec<Retyped> {
    let mut out = Vec::new();
    let mut push = |w: String, why: String| {
        if w != word && !out.iter().any(|r: &Retyped| r.word == w) {
            out.push(Retyped { word: w, why });
        }
    };
    if let Some((fixed, why)) = file_lookalikes(word) {
        push(fixed, why);
    }
    if let Some((fixed, why)) = lower_case_piece(word, alphabet) {
        push(fixed, why);
    }
    if let Some(fixed) = trailing_dash(word) {
        push(fixed.to_string(), "a dash after the move".into());
    }
    if let Some((fixed, why)) = check_lookalike(word) {
        push(fixed, why);
    }
    if let Some((fixed, why)) = word_ending(word) {
        push(fixed.to_string(), why);
    }
    out
}

/// The marks a language glues a word's ending to a move with, and the
/// shortest ending each takes: Hungarian's hyphen (`Hde2-re`, `Ff6!!-tal`:
/// onto, with), Turkish's apostrophe (`Fb5'le`, `e4'e`).
const ENDING_MARKS: [(char, usize); 3] = [('-', 2), ('\'', 1), ('’', 1)];

/// A move with a word's ending glued on after it (`Hde2-re,`, `Ff6!!-tal`,
/// `Fb5'le`): the move. The ending is lower-case letters only, at most
/// five, after a move that names a square and more than a square (a bare
/// square with an ending is prose's: `az e4-es gyalog`, the e4 pawn).
fn word_ending(word: &str) -> Option<(&str, String)> {
    let trimmed = word.trim_end_matches([',', '.', ';', ':']);
    let (at, mark, shortest) = ENDING_MARKS
        .iter()
        .find_map(|&(mark, shortest)| Some((trimmed.rfind(mark)?, mark, shortest)))?;
    let body = &trimmed[..at];
    let ending = &trimmed[at + mark.len_utf8()..];
    let letters = ending.chars().count();
    let is_ending = (shortest..=5).contains(&letters) && ending.chars().all(char::is_lowercase);
    let marked = body.trim_end_matches(['!', '?', '+', '#']);
    let ends_as_move = marked.ends_with(|c: char| c.is_ascii_digit()) && marked.chars().count() > 2;
    (is_ending && ends_as_move && super::names_square(body))
        .then(|| (body, format!("the ending `{mark}{ending}` glued on")))
}

/// `ç` for `c` where a rank follows (`Cç3`, `ç6`, `Fxç4`).
fn file_lookalikes(word: &str) -> Option<(String, String)> {
    let mut fixed = String::with_capacity(word.len());
    let mut why = None;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match FILE_LOOKALIKES.iter().find(|(l, _)| *l == c) {
            Some(&(l, file)) if chars.peek().is_some_and(|n| matches!(n, '1'..='8')) => {
                fixed.push(file);
                why.get_or_insert(format!("`{l}` for the file {file}"));
            }
            _ => fixed.push(c),
        }
    }
    why.map(|why| (fixed, why))
}

/// A piece's letter written in lower case (`nf3`, `qxd8`), where the
/// letter is no file: `b` stays a pawn's file (`bxc3`).
fn lower_case_piece(word: &str, alphabet: &Alphabet) -> Option<(String, String)> {
    let first = word.chars().next()?;
    if !first.is_lowercase() || matches!(first, 'a'..='h') || !super::names_square(word) {
        return None;
    }
    let upper: String = first.to_uppercase().collect();
    alphabet.piece_prefixes(&upper).next()?;
    Some((
        format!("{upper}{}", &word[first.len_utf8()..]),
        format!("`{first}` for the piece letter `{upper}`"),
    ))
}

/// A piece's letter in lower case that is also a file's (`cf3` for `Cf3`
/// in Spanish, `bb5` for `Bb5`): a guess for where the word read as a
/// pawn's move is no legal one, as [`retyped`]'s guesses are for a word
/// that reads as no move at all.
pub fn file_letter_piece(word: &str, alphabet: &Alphabet) -> Option<Retyped> {
    let first = word.chars().next()?;
    if !matches!(first, 'a'..='h') || !super::names_square(&word[1..]) {
        return None;
    }
    let upper = first.to_ascii_uppercase();
    let mut buf = [0; 4];
    alphabet
        .piece_prefixes(upper.encode_utf8(&mut buf))
        .next()?;
    Some(Retyped {
        word: format!("{upper}{}", &word[1..]),
        why: format!("`{first}` for the piece letter `{upper}`"),
    })
}

/// The move before a dash typed after it (`e4-`, `0-0-`, `Cf4!-`): the
/// dash that stands between White's move and Black's (`1) e4 - e5`), glued.
fn trailing_dash(word: &str) -> Option<&str> {
    let body = word.trim_end_matches(is_dash);
    (body.len() < word.len() && !body.is_empty() && !body.ends_with(is_dash)).then_some(body)
}

/// A scan's letter for the check cross at the end of a move (`Dh5f`,
/// `Txe8t`): the move with `†`.
fn check_lookalike(word: &str) -> Option<(String, String)> {
    let last = word.chars().next_back()?;
    let (l, sign) = CHECK_LOOKALIKES.iter().find(|(l, _)| *l == last)?;
    let body = &word[..word.len() - last.len_utf8()];
    if !body.ends_with(|c: char| c.is_ascii_digit()) || !super::names_square(body) {
        return None;
    }
    Some((
        format!("{body}{sign}"),
        format!("`{l}` for the check sign `{sign}`"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::letters::LETTER_SETS;

    fn set(code: &str) -> &'static Alphabet {
        Alphabet::of(LETTER_SETS.iter().find(|s| s.code == code).unwrap())
    }

    fn words(word: &str, alphabet: &Alphabet) -> Vec<String> {
        retyped(word, alphabet)
            .into_iter()
            .map(|r| r.word)
            .collect()
    }

    #[test]
    fn slips_read_back() {
        let english = set("en");
        let french = set("fr");
        assert_eq!(words("Cç3", french), ["Cc3"]);
        assert_eq!(words("ç6", french), ["c6"]);
        assert_eq!(words("nf3", english), ["Nf3"]);
        assert_eq!(words("qxd8+", english), ["Qxd8+"]);
        assert_eq!(words("e4-", english), ["e4"]);
        assert_eq!(words("0-0-", english), ["0-0"]);
        assert_eq!(words("Cf4!-", french), ["Cf4!"]);
        assert_eq!(words("Dh5f", french), ["Dh5†"]);
        assert_eq!(words("Txe8t", french), ["Txe8†"]);
        let hungarian = set("hu");
        assert_eq!(words("Hde2-re,", hungarian), ["Hde2"]);
        assert_eq!(words("Ff6!!-tal", hungarian), ["Ff6!!"]);
        assert_eq!(words("Fb5'le", set("tr")), ["Fb5"]);
        assert!(words("e4-es", hungarian).is_empty());
        let why = &retyped("Cç3", french)[0].why;
        assert_eq!(why, "`ç` for the file c");
    }

    #[test]
    fn what_is_no_slip() {
        let english = set("en");
        // Files stay files: `b` is no bishop, `f` no check sign here.
        for word in [
            "bxc3", "b4", "f4", "Bf1", "est", "ça", "e4", "-", "--", "Ngf", "Nf",
        ] {
            assert!(words(word, english).is_empty(), "{word}");
        }
        // Long moves and castling keep their dashes; an ending is a few
        // lower-case letters after a move.
        for word in [
            "e2-e4",
            "Ng1-f3",
            "0-0-0",
            "Nf3-e",
            "Nf3-abcdef",
            "d-moll",
            "Nf3-Re",
        ] {
            assert!(words(word, english).is_empty(), "{word}");
        }
        // A lower-case letter that is no piece in the set.
        assert!(words("kf3", set("fr")).is_empty());
    }
}
