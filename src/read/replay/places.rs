//! Where a word stands in the text: after a move number (`12.`, `12. ...`,
//! a scan's `l2.`), at the start of a line or a sentence; and the move
//! number a token is. The walk, its prose and its look-aheads judge by
//! these alike.

use super::move_words::strong_move_shaped;
use crate::notation::algebraic::ocr_number;
use crate::read::lexer::Tok;
use crate::vocab::signs::is_invisible;

/// The move number a token is, and whether its dots say Black moves: a
/// move number's, or a word's with a scan's letter for a digit (`l7.`;
/// told at once for the words that cannot be one, by their first byte).
pub(super) fn move_number(tok: &Tok<'_>) -> Option<(u32, bool)> {
    match *tok {
        Tok::MoveNumber { number, black } => Some((number, black)),
        Tok::Word(word) if matches!(word.as_bytes()[0], b'0'..=b'9' | b'l' | b'I' | b'|') => {
            ocr_number(word)
        }
        _ => None,
    }
}

/// Where the move number that stands right before `offset` (digits and
/// dots, or a scan's letters for digits: `12.`, `l2.`) begins, if one does.
pub(super) fn number_before(text: &str, offset: usize) -> Option<usize> {
    let before = text[..offset].trim_end_matches(|c: char| c.is_whitespace() || is_invisible(c));
    // A number is a short word: the space before it is looked for in the
    // last few bytes only (a long word run together is no number, and a
    // search to its start from each token in it was quadratic).
    let window = before.floor_char_boundary(before.len().saturating_sub(NUMBER_WINDOW));
    let start = match before[window..].rfind(|c: char| c.is_whitespace() || is_invisible(c)) {
        Some(i) => {
            let i = window + i;
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        }
        None if window == 0 => 0,
        None => return None,
    };
    let word = &before[start..];
    let undotted = word.trim_end_matches(['.', '…']);
    // Dots apart from their number: `12 ..Nf6`, `12. ...`.
    if undotted.is_empty() && !word.is_empty() {
        // The number's own dot too: `12. ...Nf6`.
        let digits = before[..start]
            .trim_end_matches([' ', '\t'])
            .trim_end_matches('.');
        let number = digits.trim_end_matches(|c: char| c.is_ascii_digit());
        let at = number.len();
        let is_word_start = number.is_empty() || number.ends_with(|c: char| c.is_whitespace());
        return (digits.len() > number.len() && is_word_start).then_some(at);
    }
    let digits = undotted.len()
        - undotted
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    let numbered = undotted.len() < word.len()
        && !undotted.is_empty()
        && (digits == undotted.len() || ocr_number(word).is_some());
    numbered.then_some(start)
}

/// Whether `word` holds a move number no earlier than `due` run together
/// with the text around it, a move after it (`attività.c610.Bd30-0Il`: a
/// page that lost its spaces): evidence that the moves go
/// on inside the words, which no token shows.
pub(super) fn glued_number_from(word: &str, due: u32) -> bool {
    let bytes = word.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        // Digits after a letter or a full stop: run together with a word
        // (not after a bracket or a quote, which begin a number of their own).
        if !bytes[i].is_ascii_digit()
            || !(bytes[i - 1].is_ascii_alphabetic() || bytes[i - 1] == b'.')
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let digits = &word[start..i];
        let dots = bytes[i..].iter().take_while(|&&b| b == b'.').count();
        let moves = bytes
            .get(i + dots)
            .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'0');
        if dots > 0 && moves && digits.len() <= 3 && digits.parse::<u32>().is_ok_and(|n| n >= due) {
            return true;
        }
    }
    false
}

/// How far back [`number_before`] looks for the start of a number: far
/// more than any number and its dots.
const NUMBER_WINDOW: usize = 32;

/// Whether a move number (digits and dots) stands right before `offset`.
pub(super) fn after_number(text: &str, offset: usize) -> bool {
    number_before(text, offset).is_some()
}

/// Whether a sentence or a line begins at `offset`: only spaces stand
/// between it and the start of the text or of its line, or a full stop,
/// `!` or `?` (not a move's), `…` or `;` (and maybe a closing quote) ends
/// what comes before.
pub(super) fn at_boundary(text: &str, offset: usize) -> bool {
    let space = |c: char| matches!(c, ' ' | '\t' | '\r') || is_invisible(c);
    // A move number before a word is the word's: the boundary is before it.
    let offset = number_before(text, offset).unwrap_or(offset);
    let before = text[..offset].trim_end_matches(space);
    let before = before.trim_end_matches(['"', '\'', '»', '”', '’', '“']);
    match before.chars().next_back() {
        None => true,
        // A move's `!` or `?` is its annotation, no sentence's end
        // (`13...Bf3! 14.g3`).
        Some('!' | '?') => {
            let word = before.rsplit(char::is_whitespace).next().unwrap_or(before);
            !strong_move_shaped(past_number(word))
        }
        Some(c) => matches!(c, '\n' | '.' | '…' | ';'),
    }
}

/// A word past the move number written against it (`5.Nf3` is `Nf3`; a
/// number alone leaves nothing).
pub(super) fn past_number(word: &str) -> &str {
    word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries() {
        let text = "A good move. 2...Nc6 and 3.Bb5\n4.d4";
        assert!(at_boundary(text, 13));
        assert!(at_boundary(text, 17));
        assert!(!at_boundary(text, 25));
        assert!(!at_boundary(text, 27));
        assert!(at_boundary(text, 31));
        assert!(at_boundary(text, 33));
        assert!(at_boundary(text, 0));
    }

    #[test]
    fn numbers_before_a_word() {
        for (text, at) in [
            ("after 7. ...Nf6", Some(6)),
            ("after 7. ....Nf6", Some(6)),
            ("after 12 ..Nf6", Some(6)),
            ("after 7...Nf6", Some(6)),
            ("after 7.Nf6", Some(6)),
            ("after a ...Nf6", None),
            ("after Nf6", None),
        ] {
            assert_eq!(number_before(text, text.find('N').unwrap()), at, "{text}");
        }
    }

    #[test]
    fn numbers_run_together_with_the_text() {
        assert!(glued_number_from("Alfiere.c610.Bd30-0Il", 10));
        assert!(glued_number_from("e5h612.h4Una", 12));
        assert!(glued_number_from("d5Questa.5.cxd5", 5));
        // Before the move due, with no move after its dots, or no number.
        assert!(!glued_number_from("e5h612.h4Una", 700));
        assert!(!glued_number_from("Cc3.", 1));
        assert!(!glued_number_from("12.Nf3", 1));
        assert!(!glued_number_from("Kh8?Una", 1));
        assert!(!glued_number_from("(12.Nf3", 1));
        assert!(!glued_number_from("«12.Nf3", 1));
    }
}
