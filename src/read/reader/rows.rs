//! White's moves in a row of their own over Black's in the next
//! (`Bílý e2e4 Jg1f3 Sf1b5` over `Černý e7e5 Jb8c6 a7a6`, a row of move
//! numbers above them or none): the text with each such pair of rows read
//! in turn, for a game the text as written does not read as.
//!
//! The rows are found by their shape alone: two lines next to each other,
//! each a run of words that name a square (a label before, a few words
//! after), the second as long as the first or one shorter, no move number
//! among them. Whether they are a game's moves in turn is the board's to
//! say: the reader takes the text rewritten only where the game as
//! written fails and as rewritten reads.

use crate::notation::algebraic::names_square;

/// The most words a row's label (`White:`, `Černý`) or its tail (`atd.`,
/// `etc.`) may have.
const LABEL_WORDS: usize = 3;

/// A line read as a row: its label, its moves and the words after them.
struct Row<'t> {
    label: Vec<&'t str>,
    moves: Vec<&'t str>,
    tail: Vec<&'t str>,
}

/// `text` with its pairs of rows read in turn, and the 1-based line of the
/// first pair; `None` where it holds no pair.
pub(super) fn in_turn(text: &str) -> Option<(String, u32)> {
    let lines: Vec<&str> = text.split('\n').collect();
    // Made where the first pair is found: most texts have none.
    let mut out: Vec<String> = Vec::new();
    let mut first = None;
    let mut i = 0;
    let mut next = lines.first().and_then(|l| row(l));
    while i + 1 < lines.len() {
        let this = next.take();
        next = row(lines[i + 1]);
        let (Some(white), Some(black)) = (this, next.as_ref()) else {
            i += 1;
            continue;
        };
        let k = white.moves.len();
        if !(black.moves.len() == k || black.moves.len() + 1 == k) {
            i += 1;
            continue;
        }
        if out.is_empty() {
            out = lines.iter().map(|l| l.to_string()).collect();
        }
        let numbers = i.checked_sub(1).and_then(|p| number_row(lines[p], k));
        let mut labels: Vec<&str> = white.label.clone();
        labels.extend(&black.label);
        let mut moves = String::new();
        for (j, mv) in white.moves.iter().enumerate() {
            if let Some(n) = numbers {
                moves.push_str(&format!("{}. ", n + j as u32));
            }
            moves.push_str(mv);
            if let Some(reply) = black.moves.get(j) {
                moves.push(' ');
                moves.push_str(reply);
            }
            moves.push(' ');
        }
        let mut tails: Vec<&str> = white.tail.clone();
        tails.extend(&black.tail);
        match numbers {
            // The numbers' row holds the labels; the first row the moves.
            Some(_) => {
                out[i - 1] = labels.join(" ");
                out[i] = moves.trim_end().to_string();
            }
            None => {
                labels.push(moves.trim_end());
                out[i] = labels.join(" ");
            }
        }
        out[i + 1] = tails.join(" ");
        first.get_or_insert(i as u32 + if numbers.is_some() { 0 } else { 1 });
        i += 2;
        next = lines.get(i).and_then(|l| row(l));
    }
    Some((out.join("\n"), first?))
}

/// A line as a row: up to [`LABEL_WORDS`] words that name no square, two
/// or more words that each name one (and no move number), then up to
/// [`LABEL_WORDS`] words that name none.
fn row(line: &str) -> Option<Row<'_>> {
    // A move names a rank: a line with no digit is no row.
    if !line.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .collect();
    let is_move = |w: &&str| names_square(w) && w.chars().count() <= 10 && !is_numbered(w);
    let start = words.iter().position(is_move)?;
    let end = words.iter().rposition(is_move)? + 1;
    let (label, moves, tail) = (&words[..start], &words[start..end], &words[end..]);
    let plain = |w: &&str| !w.chars().any(|c| c.is_ascii_digit());
    (moves.len() >= 2
        && moves.iter().all(is_move)
        && label.len() <= LABEL_WORDS
        && tail.len() <= LABEL_WORDS
        && label.iter().chain(tail).all(plain))
    .then(|| Row {
        label: label.to_vec(),
        moves: moves.to_vec(),
        tail: tail.to_vec(),
    })
}

/// A word that begins with a move number (`12.Nf3`, `3...`).
fn is_numbered(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && word[digits..].starts_with(['.', ')'])
}

/// The first of the move numbers a line holds alone, one after another,
/// as many as `moves` (`1. 2. 3. 4.`, `5 6 7 8`).
fn number_row(line: &str, moves: usize) -> Option<u32> {
    let numbers: Vec<u32> = line
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches(['.', ')']).parse().ok())
        .collect::<Option<_>>()?;
    let first = *numbers.first()?;
    let in_order = numbers
        .iter()
        .enumerate()
        .all(|(j, &n)| n == first + j as u32);
    (numbers.len() == moves && in_order).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_under_their_numbers_are_read_in_turn() {
        let text = "Hra:\n1. 2. 3.\nBílý e2e4 Jg1f3 Sf1b5 atd.\nČerný e7e5 Jb8c6\n";
        let (out, line) = in_turn(text).unwrap();
        assert_eq!(
            out,
            "Hra:\nBílý Černý\n1. e2e4 e7e5 2. Jg1f3 Jb8c6 3. Sf1b5\natd.\n"
        );
        assert_eq!(line, 2);
    }

    #[test]
    fn labelled_rows_with_no_numbers_are_read_in_turn() {
        let (out, line) = in_turn("White: e4 Nf3 Bb5\nBlack: e5 Nc6 a6").unwrap();
        assert_eq!(out, "White: Black: e4 e5 Nf3 Nc6 Bb5 a6\n");
        assert_eq!(line, 1);
    }

    #[test]
    fn numbered_lines_and_prose_are_no_rows() {
        assert!(in_turn("1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n").is_none());
        assert!(in_turn("The move e4 opens lines for many pieces\nand e5 answers it\n").is_none());
        assert!(in_turn("e4 Nf3 Bb5 Ba4\ne5\n").is_none());
    }
}
