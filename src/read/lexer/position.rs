//! The UCI protocol's position line, as `--format uci-line` writes a game
//! and engines' logs hold them: `[position] startpos [moves …]` or
//! `[position] fen <FEN> [moves …]`, at a line's start. It is a game's
//! start: the moves after it are the game's, from the standard position or
//! the FEN's.

/// The words that may begin a position line.
pub(super) const FIRST_WORDS: &[&str] = &["position", "startpos", "fen"];

/// The position line at the start of `text` (from a line's start), if
/// one is: the FEN it names (`None` for `startpos`) and the length of the
/// line's words before its first move (through `moves`).
pub(super) fn position_line(text: &str) -> Option<(Option<&str>, usize)> {
    if !FIRST_WORDS.iter().any(|w| text.starts_with(w)) {
        return None;
    }
    let line = &text[..memchr::memchr(b'\n', text.as_bytes()).unwrap_or(text.len())];
    let mut rest = word(line, "position").unwrap_or(line);
    let fen = match word(rest, "startpos") {
        Some(after) => {
            rest = after;
            None
        }
        None => {
            let after = word(rest, "fen")?;
            let end = after.find(" moves").unwrap_or(after.len());
            let fen = after[..end].trim();
            // A FEN's board, side, castling and en passant at least.
            if fen.split_whitespace().count() < 4 || !fen.contains('/') {
                return None;
            }
            rest = &after[end..];
            Some(fen)
        }
    };
    let rest = match word(rest, "moves") {
        Some(after) => after,
        None if rest.trim().is_empty() => rest,
        None => return None,
    };
    Some((fen, line.len() - rest.len()))
}

/// `text` after the word `w` and the spaces after it, where `text` begins
/// with `w` (after spaces) as a whole word.
fn word<'t>(text: &'t str, w: &str) -> Option<&'t str> {
    let after = text.trim_start_matches([' ', '\t']).strip_prefix(w)?;
    match after.chars().next() {
        None => Some(after),
        Some(c) if c.is_whitespace() => Some(after.trim_start_matches([' ', '\t', '\r'])),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::position_line;

    #[test]
    fn position_lines_and_others() {
        let fen = "8/8/8/8/8/8/4k3/R3K3 w Q - 0 1";
        assert_eq!(
            position_line("startpos moves e2e4 e7e5\nx"),
            Some((None, "startpos moves ".len()))
        );
        assert_eq!(
            position_line("position startpos\n"),
            Some((None, "position startpos".len()))
        );
        let line = format!("fen {fen} moves e1c1");
        assert_eq!(
            position_line(&line),
            Some((Some(fen), line.len() - "e1c1".len()))
        );
        let line = format!("position fen {fen}");
        assert_eq!(position_line(&line), Some((Some(fen), line.len())));
        assert_eq!(position_line("startposition e4"), None);
        assert_eq!(position_line("position is good e4"), None);
        assert_eq!(position_line("fen is a word"), None);
        assert_eq!(position_line("startpos e2e4"), None);
    }
}
