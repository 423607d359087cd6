//! A diagram's square names flattened to a line of text (`a8 b8 c8 d8 e8
//! f8 g8 h8`, a page's board drawn as a grid of its squares' names): one
//! rank's squares in file order, which no run of moves is.

/// The fewest squares in a row that make a line a diagram's.
const GRID_SQUARES: usize = 4;

/// The length of the line at the start of `text`, spaces after it kept
/// out, where it is a diagram's row of squares: at least
/// [`GRID_SQUARES`] bare squares of one rank, each a file on from the one
/// before (either way), and nothing else on the line.
pub(super) fn grid_line(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    // Cheap refusals first: two squares of one rank, a file apart.
    if b.len() < 5
        || !square_at(b, 0)
        || b[2] != b' '
        || !square_at(b, 3)
        || b[1] != b[4]
        || b[0].abs_diff(b[3]) != 1
    {
        return None;
    }
    let line = &text[..text.find('\n').unwrap_or(text.len())];
    let step = i16::from(b[3]) - i16::from(b[0]);
    let mut squares = 0;
    let mut last: Option<&[u8]> = None;
    for word in line.split_ascii_whitespace() {
        let w = word.as_bytes();
        if w.len() != 2 || !square_at(w, 0) {
            return None;
        }
        if let Some(last) = last
            && (w[1] != last[1] || i16::from(w[0]) - i16::from(last[0]) != step)
        {
            return None;
        }
        last = Some(w);
        squares += 1;
    }
    (squares >= GRID_SQUARES).then_some(line.trim_end().len())
}

fn square_at(b: &[u8], i: usize) -> bool {
    b.len() >= i + 2 && (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1])
}

#[cfg(test)]
mod tests {
    use super::grid_line;

    #[test]
    fn a_row_of_a_diagrams_squares_is_one_line() {
        assert_eq!(grid_line("a8 b8 c8 d8 e8 f8 g8 h8\na7"), Some(23));
        assert_eq!(grid_line("h1 g1 f1 e1 d1 c1 b1 a1  \n"), Some(23));
        assert_eq!(grid_line("c4 d4 e4 f4"), Some(11));
    }

    #[test]
    fn moves_are_no_row() {
        assert_eq!(grid_line("e4 e5 Nf3 Nc6"), None);
        assert_eq!(grid_line("d4 e4 f5 g4"), None);
        assert_eq!(grid_line("a3 b3 c3"), None);
        assert_eq!(grid_line("a3 b3 c3 d3 1-0"), None);
        assert_eq!(grid_line("a3 c3 d3 e3"), None);
    }
}
