//! The text of a page beside its viewer PGN: which of its paragraphs hold
//! games of their own. A page that holds PGN for a viewer shows those
//! games as the viewer renders them, and its text often repeats them (a
//! move list, commentary quoting the game's moves); a paragraph that
//! begins a game at move 1 with moves the viewer's games do not have (a
//! game written out in prose, a `<pre>` score) is read with them.
//!
//! Moves are compared by their number, side and the square they go to,
//! which every algebraic notation writes alike (`2. Nf3`, `2. Sf3`,
//! `2.♘f3`, `2. Кg1-f3` are all White's second move to f3), and castling
//! by its being castling. A paragraph whose moves begin past move 1 (a
//! line of commentary on some game) is not read, as before.

use std::collections::HashSet;

use super::marks::Marked;

/// What a move-like word is compared by: the square it goes to (as `file
/// * 8 + rank`), or castling.
type Goes = u8;

/// Castling, which names no square.
const CASTLES: Goes = 64;

/// A numbered move: its number, whether Black's, where it goes.
type Numbered = (u32, bool, Goes);

/// The fewest numbered moves not among the viewer's that make a
/// paragraph a game of its own.
const FEWEST_MOVES: usize = 2;

/// The paragraphs of `page` (the page's text outside its PGN containers)
/// that begin a game of their own, each with the tag lines just before
/// it and the paragraphs after it that go on with its numbers (the prose
/// between them too): appended to `out` (the containers' PGN, `viewer`),
/// each game after a blank line.
pub(super) fn append_own_moves(out: &mut Marked, page: &Marked, viewer: &[Marked]) {
    let shown: HashSet<Numbered> = viewer.iter().flat_map(|pgn| numbered(&pgn.text)).collect();
    let mut tags: Option<usize> = None;
    // The number of the last move of the page's own game being read, and
    // where the paragraphs since its last one begin.
    let mut open: Option<(u32, usize)> = None;
    for (from, to) in paragraphs(&page.text) {
        let text = &page.text[from..to];
        let moves = numbered(text);
        if is_tag_section(text) && moves.is_empty() {
            tags = Some(from);
            continue;
        }
        let last = moves.last().map(|&(n, _, _)| n);
        let from_start = moves.first().is_some_and(|&(n, black, _)| n == 1 && !black);
        let own = moves.iter().filter(|m| !shown.contains(m)).count();
        let goes_on = open.is_some_and(|(number, _)| {
            moves
                .first()
                .is_some_and(|&(n, _, _)| n == number || n == number + 1)
        });
        if from_start && own >= FEWEST_MOVES {
            out.push('\n');
            out.push('\n');
            out.append(page, tags.unwrap_or(from), to);
            open = last.map(|n| (n, to));
        } else if let (true, Some((_, since))) = (goes_on && !from_start, open) {
            out.append(page, since, to);
            open = last.map(|n| (n, to));
        }
        tags = None;
    }
}

/// Whether a paragraph is tag lines (`[Event "…"]`): each line opens with
/// `[`, holds a quoted value and ends with `]`.
fn is_tag_section(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        line.starts_with('[') && line.ends_with(']') && line.contains('"')
    })
}

/// The paragraphs of `text` (apart by a blank line), as byte ranges.
fn paragraphs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        while text[at..].starts_with('\n') {
            at += 1;
        }
        if at >= text.len() {
            return None;
        }
        let from = at;
        let to = text[from..].find("\n\n").map_or(text.len(), |i| from + i);
        at = to;
        Some((from, to))
    })
}

/// The numbered moves of `text`: a word after a move number (`1. e4`,
/// `1.e4`, `12... Nf3`), and a word like a move after White's.
fn numbered(text: &str) -> Vec<Numbered> {
    let mut moves = Vec::new();
    let mut due: Option<(u32, bool)> = None;
    for word in text.split_whitespace() {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &word[digits..];
        let dots = rest.len() - rest.trim_start_matches(['.', '\u{2026}']).len();
        if digits > 0 && dots > 0 {
            let number = word[..digits].parse().unwrap_or(u32::MAX);
            let black = dots > 1;
            due = Some((number, black));
            let after = &rest[dots..];
            if after.is_empty() {
                continue;
            }
            due = take(&mut moves, due, after);
            continue;
        }
        due = take(&mut moves, due, word);
    }
    moves
}

/// Takes `word` as the move `due`, where it is like a move: the move due
/// after it (Black's after White's, else none).
fn take(moves: &mut Vec<Numbered>, due: Option<(u32, bool)>, word: &str) -> Option<(u32, bool)> {
    let (number, black) = due?;
    let goes = word_goes(word)?;
    moves.push((number, black, goes));
    (!black).then_some((number, true))
}

/// Where one word goes, if it is like a move.
fn word_goes(word: &str) -> Option<Goes> {
    let bytes = word.as_bytes();
    let castles = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    let castles = castles.rsplit('.').next().unwrap_or(castles);
    if matches!(castles, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
        return Some(CASTLES);
    }
    (1..bytes.len()).rev().find_map(|i| {
        let (file, rank) = (bytes[i - 1], bytes[i]);
        let square = (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
        // Not the end of a longer word or number (`heh1`, `a12`).
        let starts = moves_from(bytes, i);
        let ends = bytes.get(i + 1).is_none_or(|b| !b.is_ascii_digit());
        (square && starts && ends).then(|| (file - b'a') * 8 + (rank - b'1'))
    })
}

/// Whether what is before the square at `i - 1..=i` may be a move's: no
/// more than one small letter other than a capture's `x` just before it
/// (`exd5`, `Ngf3`, not `heh1`).
fn moves_from(bytes: &[u8], i: usize) -> bool {
    bytes[..i - 1]
        .iter()
        .rev()
        .take_while(|&&b| b.is_ascii_lowercase() && b != b'x')
        .count()
        <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(text: &str) -> Marked {
        let mut out = Marked::default();
        for c in text.chars() {
            out.push(c);
        }
        out
    }

    #[test]
    fn words_go_to_their_last_square() {
        let text = "1. e4 Nf3 Лd1:d6 exd5 ♘c3 O-O 0-0-0, the heh1 a12 b5!";
        let goes: Vec<Goes> = text.split_whitespace().filter_map(word_goes).collect();
        let squares: Vec<Goes> = [(4, 3), (5, 2), (3, 5), (3, 4), (2, 2)]
            .iter()
            .map(|&(f, r)| f * 8 + r)
            .chain([CASTLES, CASTLES, 8 + 4])
            .collect();
        assert_eq!(goes, squares);
    }

    #[test]
    fn moves_are_numbered_as_written() {
        let e4 = 4 * 8 + 3;
        let c5 = 2 * 8 + 4;
        let f3 = 5 * 8 + 2;
        let moves = numbered("1.e4 c5 2. Nf3 and 2...d6 3\u{2026}Nf3 4.O-O e4 is");
        assert_eq!(
            moves,
            [
                (1, false, e4),
                (1, true, c5),
                (2, false, f3),
                (2, true, 3 * 8 + 5),
                (3, true, f3),
                (4, false, CASTLES),
                (4, true, e4)
            ]
        );
    }

    #[test]
    fn a_paragraph_of_the_viewers_moves_is_left_and_another_game_kept() {
        let viewer = [marked("[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0")];
        let page = marked(
            "Menu\n\n1.e4 e5 2.♘f3 ♞c6 3.♗b5\n\nAfter 2. Nf3 the knight takes e5.\n\nBetter 3. Nc3 Nf6 4. Bc4\n\n[Event \"B\"]\n\n1. d4 d5 2. c4 *\n\nFooter",
        );
        let mut out = Marked::default();
        append_own_moves(&mut out, &page, &viewer);
        assert_eq!(out.text, "\n\n[Event \"B\"]\n\n1. d4 d5 2. c4 *");
    }
}
