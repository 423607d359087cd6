//! A position written as FEN standing in the text (a diagram's position on
//! a page, `rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0
//! 2`): one token, kept as a comment, so that none of its fields (the en
//! passant square `c6`) is read as a move.

/// Whether `text` may begin a FEN, at a glance: a `/` ends its first rank
/// within eight bytes (a move or a number has none).
#[inline]
pub(super) fn may_begin(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes[..bytes.len().min(9)].contains(&b'/')
}

/// How many bytes of `text` are a FEN: its board (eight ranks apart by
/// `/`, each of pieces and empty squares adding to eight) and the fields
/// after it that read as FEN's (side, castling, en passant square, the
/// two counters), each after one space.
pub(super) fn fen_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = board_len(bytes)?;
    let fields: [fn(&[u8]) -> bool; 5] = [side, castling, en_passant, counter, counter];
    for field in fields {
        let Some(len) = next_field(bytes, i, field) else {
            break;
        };
        i = len;
    }
    Some(i)
}

/// The board's length: eight ranks, each adding to eight squares.
fn board_len(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    for rank in 0..8 {
        if rank > 0 {
            (bytes.get(i) == Some(&b'/')).then_some(())?;
            i += 1;
        }
        let mut squares = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'1'..=b'8' => squares += u32::from(b - b'0'),
                b'p' | b'n' | b'b' | b'r' | b'q' | b'k' => squares += 1,
                b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' => squares += 1,
                _ => break,
            }
            i += 1;
            if squares > 8 {
                return None;
            }
        }
        (squares == 8).then_some(())?;
    }
    // The board is a word of its own.
    match bytes.get(i) {
        None => Some(i),
        Some(b) if b.is_ascii_whitespace() || matches!(b, b'.' | b',' | b')' | b'}') => Some(i),
        _ => None,
    }
}

/// The end of the field after `at` (one space, then the field's word),
/// where `field` reads it.
fn next_field(bytes: &[u8], at: usize, field: fn(&[u8]) -> bool) -> Option<usize> {
    (bytes.get(at) == Some(&b' ')).then_some(())?;
    let start = at + 1;
    let len = bytes[start..]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(bytes.len() - start);
    field(&bytes[start..start + len]).then_some(start + len)
}

fn side(word: &[u8]) -> bool {
    matches!(word, b"w" | b"b")
}

fn castling(word: &[u8]) -> bool {
    word == b"-"
        || (!word.is_empty()
            && word.len() <= 4
            && word
                .iter()
                .all(|b| matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h')))
}

fn en_passant(word: &[u8]) -> bool {
    matches!(word, b"-" | [b'a'..=b'h', b'3' | b'6'])
}

fn counter(word: &[u8]) -> bool {
    !word.is_empty() && word.len() <= 4 && word.iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::fen_len;

    #[test]
    fn positions_and_words() {
        let whole = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
        assert_eq!(fen_len(whole), Some(whole.len()));
        assert_eq!(fen_len(&format!("{whole}\n1. e4")), Some(whole.len()));
        let board = "8/8/8/4k3/8/8/8/4K3";
        assert_eq!(fen_len(board), Some(board.len()));
        assert_eq!(
            fen_len(&format!("{board} b - - and so on")),
            Some(board.len() + 6)
        );
        // Not a board: a rank short or long, a word glued on, a date.
        assert_eq!(fen_len("8/8/8/4k3/8/8/8/4K2"), None);
        assert_eq!(fen_len("8/8/8/4k3/8/8/8/4K4"), None);
        assert_eq!(fen_len("8/8/8/4k3/8/8/8/4K3x"), None);
        assert_eq!(fen_len("12/3/1998"), None);
        assert_eq!(fen_len("Nf3"), None);
    }
}
