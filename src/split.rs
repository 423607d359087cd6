//! Bytes to text, one game at a time.
//!
//! [`Splitter`] reads an input stream line by line, decodes each line to
//! text, and cuts the stream into games without reading more than one game
//! ahead: a game ends at its result (outside comments and variations),
//! where a new tag section begins after movetext, or where a new game's
//! `1.` starts a line after a blank line (move lists without tags or
//! results, as books and scoresheets have them). Each game comes with the
//! line it starts on and its original bytes (for the rejects file).

use std::io::{self, BufRead};

/// One game's text, as cut from the input. Reused from game to game.
#[derive(Debug, Default, Clone)]
pub struct RawGame {
    /// The decoded text, lines ending in `\n`.
    pub text: String,
    /// The bytes as they were in the input.
    pub raw: Vec<u8>,
    /// The 1-based line of the input the game starts on.
    pub first_line: u32,
}

impl RawGame {
    fn clear(&mut self) {
        self.text.clear();
        self.raw.clear();
    }
}

/// Cuts a stream into games.
pub struct Splitter<R> {
    input: R,
    line: Vec<u8>,
    decoded: String,
    /// The input line number of the last line read.
    line_no: u32,
    /// A line read ahead that starts the next game.
    pending: bool,
    at_start: bool,
    done: bool,
    keep_raw: bool,
    /// Lines that were not UTF-8 and were read as Latin-1: how many, and
    /// the first.
    latin1: (u64, u32),
}

/// Where a game's scan is, across its lines.
#[derive(Default)]
struct Scan {
    in_comment: bool,
    depth: u32,
    movetext: bool,
    ended: bool,
    /// A blank line came after movetext.
    blank: bool,
}

impl<R: BufRead> Splitter<R> {
    pub fn new(input: R) -> Splitter<R> {
        Splitter {
            input,
            line: Vec::new(),
            decoded: String::new(),
            line_no: 0,
            pending: false,
            at_start: true,
            done: false,
            keep_raw: true,
            latin1: (0, 0),
        }
    }

    /// How many lines were not UTF-8 (and were read as Latin-1), and the
    /// first of them.
    pub fn latin1_lines(&self) -> (u64, u32) {
        self.latin1
    }

    /// Whether to keep each game's original bytes in [`RawGame::raw`]
    /// (on by default; the rejects file needs them, nothing else does).
    pub fn keep_raw(mut self, keep: bool) -> Self {
        self.keep_raw = keep;
        self
    }

    fn read_line(&mut self) -> io::Result<bool> {
        self.line.clear();
        if self.input.read_until(b'\n', &mut self.line)? == 0 {
            return Ok(false);
        }
        self.line_no += 1;
        let mut bytes = &self.line[..];
        if self.at_start {
            self.at_start = false;
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        self.decoded.clear();
        match std::str::from_utf8(bytes) {
            Ok(s) => self.decoded.push_str(s),
            // Not UTF-8: the PGN standard's own Latin-1 (the decode stage
            // normally sees to this; a caller that feeds raw bytes is told).
            Err(_) => {
                self.decoded.extend(bytes.iter().map(|&b| char::from(b)));
                if self.latin1.0 == 0 {
                    self.latin1.1 = self.line_no;
                }
                self.latin1.0 += 1;
            }
        }
        Ok(true)
    }

    /// Reads the next game into `game`. Returns `false` at the end of input.
    pub fn next_game(&mut self, game: &mut RawGame) -> io::Result<bool> {
        game.clear();
        let mut scan = Scan::default();
        let mut content = false;
        loop {
            if !self.pending && (self.done || !self.read_line()?) {
                self.done = true;
                return Ok(content);
            }
            self.pending = false;
            let line = self.decoded.as_str();
            let tag = !scan.in_comment && is_tag_line(line);
            if tag && (scan.movetext || scan.ended) {
                self.pending = true;
                return Ok(true);
            }
            if content
                && !line.trim().is_empty()
                && (scan.ended || (scan.blank && starts_first_move(line)))
            {
                // Text after a result, or a new `1.` after a blank line: it
                // belongs to the next game.
                self.pending = true;
                return Ok(true);
            }
            if !scan.in_comment && scan.movetext && line.trim().is_empty() {
                scan.blank = true;
            }
            if !content {
                if line.trim().is_empty() {
                    continue;
                }
                content = true;
                game.first_line = self.line_no;
            }
            game.text.push_str(line);
            game.text.push('\n');
            if self.keep_raw {
                game.raw.extend_from_slice(&self.line);
            }
            if !tag && !line.starts_with('%') {
                scan.line(line);
            }
        }
    }
}

/// Whether a line begins with move number 1 (`1.`, `1 .`, `1)`).
fn starts_first_move(line: &str) -> bool {
    let rest = line.trim_start();
    rest.strip_prefix('1')
        .is_some_and(|r| r.trim_start().starts_with(['.', ')', '…']))
}

/// Whether a line is a tag pair `[Name "value"]` (ignoring what follows).
fn is_tag_line(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start();
    let name = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name > 0 && rest[name..].trim_start().starts_with('"')
}

impl Scan {
    fn line(&mut self, line: &str) {
        // Most lines hold moves and numbers only: no comment, variation or
        // `;` to track, just words to look at for a result.
        if !self.in_comment
            && !line
                .bytes()
                .any(|b| matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']'))
        {
            for word in line.split_ascii_whitespace() {
                self.word(word);
            }
            return;
        }
        let mut word_start: Option<usize> = None;
        let bytes = line.as_bytes();
        let mut i = 0;
        while i <= bytes.len() {
            let b = bytes.get(i).copied().unwrap_or(b' ');
            if self.in_comment {
                if b == b'}' {
                    self.in_comment = false;
                }
                i += 1;
                continue;
            }
            let delimiter = b.is_ascii_whitespace()
                || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']');
            if delimiter {
                if let Some(start) = word_start.take() {
                    self.word(&line[start..i]);
                }
                match b {
                    b'{' => self.in_comment = true,
                    b'(' => self.depth += 1,
                    b')' => self.depth = self.depth.saturating_sub(1),
                    b';' => return,
                    _ => {}
                }
            } else if word_start.is_none() {
                word_start = Some(i);
            }
            i += 1;
        }
    }

    fn word(&mut self, word: &str) {
        self.movetext = true;
        if self.depth == 0
            && matches!(word.as_bytes()[0], b'0' | b'1' | b'*' | 0xc2)
            && crate::game::GameResult::parse(word).is_some()
        {
            self.ended = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<(u32, String)> {
        let mut s = Splitter::new(text.as_bytes());
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            out.push((g.first_line, g.text.clone()));
        }
        out
    }

    #[test]
    fn games_end_at_results_and_tags() {
        let games = split(
            "\u{feff}[Event \"a\"]\n\n1. e4 {1-0 in a comment} e5 (1... c5 0-1) 1-0\n\n[Event \"b\"]\n1. d4 *\n1. c4\n[Event \"c\"]\n",
        );
        assert_eq!(games.len(), 4);
        assert_eq!(games[0].0, 1);
        assert!(games[0].1.ends_with("1-0\n\n"), "{:?}", games[0].1);
        assert_eq!(games[1].0, 5);
        assert_eq!(games[2], (7, "1. c4\n".to_string()));
        assert_eq!(games[3], (8, "[Event \"c\"]\n".to_string()));
    }

    #[test]
    fn move_lists_split_at_a_new_first_move() {
        let games = split("1. e4 e5 2. Nf3\n\n1. d4 d5\n2. c4\n\n2... e6\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1], (3, "1. d4 d5\n2. c4\n\n2... e6\n".to_string()));
    }

    #[test]
    fn multi_line_comments_hide_tags_and_results() {
        let games = split("1. e4 {a\n[Event \"x\"]\n1-0} e5 *\n");
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn latin1_and_crlf() {
        let mut s = Splitter::new(&b"[White \"M\xfcller\"]\r\n1. e4 *\r\n"[..]);
        let mut g = RawGame::default();
        assert!(s.next_game(&mut g).unwrap());
        assert_eq!(g.text, "[White \"Müller\"]\n1. e4 *\n");
        assert_eq!(g.raw, b"[White \"M\xfcller\"]\r\n1. e4 *\r\n");
    }
}
