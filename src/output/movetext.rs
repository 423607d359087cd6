//! Movetext: the moves, numbers, comments, NAGs and variations of a game as
//! a run of tokens, wrapped to a line width or not at all.

use crate::game::{Event, Game, MoveRecord, play};
use crate::notation::spelling::Spelling;
use crate::output::Strip;
use crate::vocab::signs::nag_glyph;
use shakmaty::{Chess, Color};

/// The positions a walk through the events is at, for a style that writes
/// moves from the position (descriptive): before the next move, before the
/// last one, and those of the lines a variation left.
struct Positions {
    now: Option<Chess>,
    before_last: Option<Chess>,
    stack: Vec<(Option<Chess>, Option<Chess>)>,
}

impl Positions {
    fn start(game: &Game) -> Positions {
        Positions {
            now: Some(game.start.clone()),
            before_last: None,
            stack: Vec::new(),
        }
    }

    fn event(&mut self, event: &Event) {
        match event {
            Event::Move(m) => {
                let after = self.now.as_ref().and_then(|p| play(p, m));
                self.before_last = std::mem::replace(&mut self.now, after);
            }
            Event::StartVariation => {
                // An alternative to the last move: from the position before it.
                let now = self.before_last.clone();
                self.stack.push((
                    std::mem::replace(&mut self.now, now),
                    self.before_last.take(),
                ));
            }
            Event::EndVariation => {
                if let Some((now, before_last)) = self.stack.pop() {
                    self.now = now;
                    self.before_last = before_last;
                }
            }
            _ => {}
        }
    }
}

/// Lays tokens out with single spaces, breaking lines before a token that
/// would pass `width` characters. Tokens are written straight into the
/// output: the space before one becomes a line break once its length is
/// known.
struct Lines<'a> {
    out: &'a mut Vec<u8>,
    width: Option<usize>,
    line_len: usize,
}

impl Lines<'_> {
    /// Starts a token; returns where it starts, for [`Lines::end`].
    #[inline]
    fn begin(&mut self) -> usize {
        if self.line_len > 0 {
            self.out.push(b' ');
        }
        self.out.len()
    }

    /// Ends the token written since `start`.
    #[inline]
    fn end(&mut self, start: usize) {
        match self.width {
            Some(max) => self.end_wrapped(start, max),
            // No wrapping: whether the line has a token yet is all that
            // counts.
            None if self.out.len() > start => self.line_len = self.line_len.max(1),
            None => {}
        }
    }

    /// Ends the token written since `start`, known to be ASCII (one byte
    /// a character): its width needs no look.
    #[inline]
    fn end_ascii(&mut self, start: usize) {
        match self.width {
            Some(max) => self.wrap(self.out.len() - start, start, max),
            None => self.end(start),
        }
    }

    /// Ends the token written since `start` on lines of at most `max`
    /// characters.
    fn end_wrapped(&mut self, start: usize, max: usize) {
        let len = width(&self.out[start..]);
        self.wrap(len, start, max);
    }

    /// Places the token of `len` characters written since `start` on the
    /// line or, where it would pass `max`, at the start of the next.
    #[inline]
    fn wrap(&mut self, len: usize, start: usize, max: usize) {
        if self.line_len > 0 {
            if self.line_len + 1 + len > max {
                self.out[start - 1] = b'\n';
                self.line_len = 0;
                if self.out.get(start) == Some(&b'%') {
                    self.unescape(start);
                }
            } else {
                self.line_len += 1;
            }
        }
        self.line_len += len;
    }

    /// A `%` first on a line is PGN's escape, which a reader drops with
    /// the rest of the line: a space before the token at `start`, which
    /// begins a line with one.
    #[cold]
    #[inline(never)]
    fn unescape(&mut self, start: usize) {
        self.out.insert(start, b' ');
        self.line_len = 1;
    }

    fn token(&mut self, prefix: &str, token: &str) {
        let start = self.begin();
        self.out.extend_from_slice(prefix.as_bytes());
        self.out.extend_from_slice(token.as_bytes());
        self.end(start);
    }

    /// Appends to the last token with no space (a closing bracket, a glyph).
    fn glue(&mut self, text: &str) {
        self.out.extend_from_slice(text.as_bytes());
        self.line_len += width(text.as_bytes());
    }
}

/// Appends a number in decimal, without the formatting machinery.
fn push_number(out: &mut Vec<u8>, n: u32) {
    // Most games end before move 100.
    if n < 100 {
        if n >= 10 {
            out.push(b'0' + (n / 10) as u8);
        }
        out.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// How many characters the UTF-8 `bytes` take on a line: one for each
/// byte that does not continue a character.
fn width(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count()
}

/// Appends the movetext of `game`, ending with its result, its moves
/// written by `spelling` and what `strip` says left out. `width` wraps
/// lines (PGN export uses 79); `glyphs` writes NAGs 1-6 as `!` `?` `!!` `??`
/// `!?` `?!` after their move, and the evaluation NAGs as `=` `∞` `⩲` `⩱`
/// `±` `∓` `+-` `-+`, instead of `$n`.
pub fn write_movetext(
    game: &Game,
    spelling: &Spelling,
    strip: Strip,
    width: Option<usize>,
    glyphs: bool,
    out: &mut Vec<u8>,
) {
    let mut lines = Lines {
        out,
        width,
        line_len: 0,
    };
    let mut number_black = true;
    let mut open = "";
    let mut skip_depth = 0u32;
    let mut after_move = false;
    let style = spelling.style();
    let ascii_moves = style.writes_ascii();
    let mut positions = style.needs_position().then(|| Positions::start(game));
    for event in &game.events {
        // Kept up to date through skipped variations too.
        let before = match event {
            Event::Move(_) => positions.as_ref().and_then(|p| p.now.clone()),
            _ => None,
        };
        if let Some(p) = &mut positions {
            p.event(event);
        }
        if skip_depth > 0 {
            match event {
                Event::StartVariation => skip_depth += 1,
                Event::EndVariation => skip_depth -= 1,
                _ => {}
            }
            continue;
        }
        match event {
            Event::Move(m) => {
                // The number and its move stay on one line.
                let start = lines.begin();
                if !open.is_empty() {
                    lines.out.extend_from_slice(open.as_bytes());
                }
                put_number(lines.out, m, number_black);
                spelling.put_move_at(m, before.as_ref(), game.castling_mode, lines.out);
                if ascii_moves {
                    lines.end_ascii(start);
                } else {
                    lines.end(start);
                }
                open = "";
                number_black = false;
                after_move = true;
                continue;
            }
            Event::Nag(nag) => {
                if !strip.nags {
                    write_nag(&mut lines, open, *nag, glyphs, after_move);
                    open = "";
                    // One glyph is glued to its move: `e4!` then ` ?`, not
                    // `e4!?`, which is another NAG.
                    after_move = false;
                }
                continue;
            }
            Event::Comment(range) => {
                if strip.comments {
                    continue;
                }
                write_comment(&mut lines, open, game.slice(range));
                open = "";
            }
            Event::StartVariation => {
                if strip.variations {
                    skip_depth = 1;
                    continue;
                }
                open = "(";
            }
            Event::EndVariation => {
                lines.glue(")");
            }
            Event::DrawOffer => {
                if glyphs {
                    lines.glue("(=)");
                    continue;
                }
                // PGN has no sign for it: kept as a comment.
                write_comment(&mut lines, open, "(=)");
                open = "";
            }
        }
        number_black = true;
        after_move = false;
    }
    lines.token(open, game.result().as_str());
}

/// The move number before `m`, where one is written: before every White
/// move (`12.`), and before a Black move that does not follow its White
/// move directly (`12...`, after a comment or at the start).
#[inline(always)]
fn put_number(out: &mut Vec<u8>, m: &MoveRecord, number_black: bool) {
    match m.color {
        Color::White => {
            push_number(out, m.number);
            out.extend_from_slice(b". ");
        }
        Color::Black if number_black => {
            push_number(out, m.number);
            out.extend_from_slice(b"... ");
        }
        Color::Black => {}
    }
}

/// A NAG after a move: its glyph where glyphs are written (glued to the
/// move for a move glyph `!` … `?!`), else `$n`.
#[inline(never)]
fn write_nag(lines: &mut Lines<'_>, open: &str, nag: u8, glyphs: bool, after_move: bool) {
    match nag_glyph(nag) {
        Some(glyph) if glyphs && after_move && nag <= 6 => lines.glue(glyph),
        Some(glyph) if glyphs => lines.token(open, glyph),
        _ => lines.token(open, &format!("${nag}")),
    }
}

/// A comment, `{ … }`, its words laid out like any token (a brace in them
/// parts words and is left out: a `}` would end the comment, and a `{` a
/// reader may take for a `}` missing before it, as notate's does after
/// words like moves). A command in it, `[%clk 0:04:05]`,
/// is one token, its words kept on one line, so that a line holds every
/// command whole (as python-chess and lichess write them).
#[inline(never)]
fn write_comment(lines: &mut Lines<'_>, open: &str, text: &str) {
    lines.token(open, "{");
    // A `[%` past the last `]` starts no command: nothing closes it.
    let last_close = text.rfind(']');
    // Where the command being written starts in the output: its words go
    // straight in, one token, up to the word its `]` is in.
    let mut command: Option<usize> = None;
    let words = text
        .split(|c: char| c.is_whitespace() || c == '{' || c == '}')
        .filter(|word| !word.is_empty());
    for word in words {
        if let Some(start) = command {
            push_word(lines.out, word, start);
            if word.contains(']') {
                lines.end(start);
                command = None;
            }
        } else if word.starts_with("[%")
            && !word.contains(']')
            && last_close
                .is_some_and(|close| close > word.as_ptr() as usize - text.as_ptr() as usize)
        {
            let start = lines.begin();
            push_word(lines.out, word, start);
            command = Some(start);
        } else {
            lines.token("", word);
        }
    }
    lines.token("", "}");
}

/// Appends `word` to the token begun at `start` in `out`, a space before
/// it unless it is the token's first.
fn push_word(out: &mut Vec<u8>, word: &str, start: usize) {
    if out.len() > start {
        out.push(b' ');
    }
    out.extend_from_slice(word.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in (0..1200).chain([9_999, 10_000, 123_456, u32::MAX]) {
            let mut out = b"x".to_vec();
            push_number(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        }
    }
}
