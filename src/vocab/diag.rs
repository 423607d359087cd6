//! Diagnostics: what went wrong or looked wrong, and where.
//!
//! A [`Diagnostic`] names a line and column of the input, so it prints as
//! `FILE:LINE:COLUMN: error: message`, the form editors and CI logs know;
//! [`Diagnostic::render`] adds the source line with a caret under the token,
//! the move number, side to move and position, and notes on what was
//! expected or which legal moves come close. [`Diagnostic::to_json`] gives
//! the same for programs (`--error-format json`). Control characters of
//! the input and of file names are shown escaped ([`escape_controls`]), so
//! that nothing read can drive the terminal diagnostics are written to.

use std::borrow::Cow;
use std::fmt;

use anstyle::{AnsiColor, Style};
use serde_json::{Value, json};

use crate::vocab::origin::Place;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Information asked for (`-v`): nothing is wrong.
    Note,
    /// The input was read, but something in it was wrong and was repaired or
    /// ignored (the output is still right).
    Warning,
    /// The game could not be converted.
    Error,
}

impl Severity {
    /// The severity of a repair or a judgement the reader makes: a
    /// warning, an error under `--strict`.
    pub fn of_repair(strict: bool) -> Severity {
        if strict {
            Severity::Error
        } else {
            Severity::Warning
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    fn style(self) -> Style {
        let color = match self {
            Severity::Note => AnsiColor::Cyan,
            Severity::Warning => AnsiColor::Yellow,
            Severity::Error => AnsiColor::Red,
        };
        Style::new().fg_color(Some(color.into())).bold()
    }
}

/// The line of input a diagnostic points into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The whole line, without its line ending (of a line of more than
    /// 32 KiB, the 16 KiB on either side of the token: see `cut_before`
    /// and `cut_after`).
    pub text: String,
    /// How many characters the token spans.
    pub width: u32,
    /// The 1-based character column in `text` where the token starts (the
    /// diagnostic's column, unless the line was too long to keep whole).
    pub caret: u32,
    /// `text` is a part of a longer line: the line goes on before it.
    pub cut_before: bool,
    /// The line goes on after `text`.
    pub cut_after: bool,
}

/// How many characters of the source line the display shows on each side
/// of the token (the rest shown as `…`).
const SHOWN_REACH: usize = 100;

impl Source {
    /// The part of the line shown under a diagnostic: at most
    /// [`SHOWN_REACH`] characters on either side of the token, with `…`
    /// where the line goes on; and the 1-based column of the token in it.
    fn shown(&self) -> (String, usize) {
        let before = self.caret.saturating_sub(1) as usize;
        let low = before.saturating_sub(SHOWN_REACH);
        // The characters from `low` to `before + SHOWN_REACH`, found
        // without counting the rest of a long line's.
        let byte_at =
            |text: &str, n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
        let start = byte_at(&self.text, low);
        let rest = &self.text[start..];
        let end = byte_at(rest, before + SHOWN_REACH - low);
        let mut shown = String::with_capacity(end + 6);
        let cut_before = low > 0 || self.cut_before;
        if cut_before {
            shown.push('…');
        }
        shown.push_str(&rest[..end]);
        if end < rest.len() || self.cut_after {
            shown.push('…');
        }
        (shown, before - low + usize::from(cut_before) + 1)
    }
}

/// Where in the game a diagnostic is: the move to be made and the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePosition {
    /// The full move number.
    pub number: u32,
    pub white_to_move: bool,
    pub fen: String,
}

impl fmt::Display for GamePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.white_to_move { "White" } else { "Black" };
        let dots = if self.white_to_move { "." } else { "..." };
        write!(
            f,
            "move {}{dots}, {side} to move, FEN {}",
            self.number, self.fen
        )
    }
}

/// One problem at one place in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// 1-based line in the input.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
    pub message: String,
    /// The source line, for the caret.
    pub source: Option<Source>,
    /// The move number, side to move and position, for problems with moves.
    pub position: Option<GamePosition>,
    /// What was expected; which legal moves come close.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic with nothing but a place and a message.
    pub fn new(
        severity: Severity,
        line: u32,
        column: u32,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            line,
            column,
            message: message.into(),
            source: None,
            position: None,
            notes: Vec::new(),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The diagnostic in full, as a person reads it: the headline, the
    /// source line with a caret under the token, the position and the
    /// notes. With `color`, ANSI colours.
    ///
    /// ```text
    /// game.pgn:2:4: error: illegal move `Ke3` at 2.
    ///   |
    /// 2 | 2. Ke3 Nf6
    ///   |    ^^^
    ///   = at move 2., White to move, FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
    ///   = help: closest legal moves: Ke2, Qe2
    /// ```
    pub fn render(&self, file: &str, color: bool) -> String {
        self.render_in(file, None, color)
    }

    /// [`Diagnostic::render`] of a diagnostic in the text read from a
    /// document: the headline names `place`, the place in the document
    /// (`page.html:57:23`, `book.epub:OEBPS/ch2.xhtml:57:23`,
    /// `book.pdf:page 3:12:5`), the gutter its line, and the caret shows
    /// the text as read.
    pub fn render_in(&self, file: &str, place: Option<&Place<'_>>, color: bool) -> String {
        let file = escape_controls(file);
        let paint = |style: Style, text: &str| {
            if color {
                format!("{}{text}{}", style.render(), style.render_reset())
            } else {
                text.to_string()
            }
        };
        let bold = Style::new().bold();
        let blue = Style::new().fg_color(Some(AnsiColor::Blue.into())).bold();
        let at = match place {
            Some(place) => format!("{file}:{}", escape_controls(&place.to_string())),
            None => format!("{file}:{}:{}", self.line, self.column),
        };
        let mut out = format!(
            "{}: {}: {}\n",
            paint(bold, &at),
            paint(self.severity.style(), self.severity.as_str()),
            paint(bold, &escape_controls(&self.message))
        );
        let line = place.map_or(self.line, |p| p.line);
        let gutter = line.to_string().len();
        let bar = |out: &mut String, label: &str, rest: &str| {
            out.push_str(&paint(blue, &gutter_cell(label, gutter, " |")));
            out.push_str(rest);
            out.push('\n');
        };
        if let Some(source) = &self.source {
            let (text, caret) = source.shown();
            let escaped = escape_controls(&text);
            // A line with nothing to escape shows each character as one.
            let plain = matches!(escaped, Cow::Borrowed(_));
            bar(&mut out, "", "");
            bar(&mut out, &line.to_string(), &joined(&[" ", &escaped]));
            // The caret under the token as shown, escapes included.
            let shown = |skip: usize, take: usize| -> usize {
                let chars = text.chars().skip(skip).take(take);
                match plain {
                    true => chars.count(),
                    false => chars.map(escaped_width).sum(),
                }
            };
            let before = caret - 1;
            let pad = " ".repeat(shown(0, before));
            let width = shown(before, source.width.max(1) as usize);
            let carets = "^".repeat(width.max(1));
            let caret = paint(self.severity.style(), &carets);
            bar(&mut out, "", &joined(&[" ", &pad, &caret]));
        }
        let eq = paint(blue, &gutter_cell("", gutter, " ="));
        if let Some(position) = &self.position {
            let position = position.to_string();
            out.push_str(&joined(&[&eq, " at ", &escape_controls(&position), "\n"]));
        }
        for note in &self.notes {
            out.push_str(&joined(&[&eq, " help: ", &escape_controls(note), "\n"]));
        }
        out
    }

    /// The diagnostic as a JSON object (one line of `--error-format json`):
    /// `source` is the whole line the diagnostic is on, and
    /// `source_column` the column its first character has in the line (1,
    /// but for a part of a line of more than 32 KiB).
    pub fn to_json(&self, file: &str) -> Value {
        self.to_json_in(file, None)
    }

    /// [`Diagnostic::to_json`] of a diagnostic in the text read from a
    /// document: `line` and `column` stay the text's, `document` gives
    /// the place in the document (`kind`, `line`, `column`, and `page` or
    /// `chapter`).
    pub fn to_json_in(&self, file: &str, place: Option<&Place<'_>>) -> Value {
        let mut value = json!({
            "type": "diagnostic",
            "file": file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity.as_str(),
            "message": self.message,
            "source": self.source.as_ref().map(|s| &s.text),
            "source_column": self.source.as_ref().map(|s| (self.column + 1).saturating_sub(s.caret).max(1)),
            "width": self.source.as_ref().map(|s| s.width),
            "move_number": self.position.as_ref().map(|p| p.number),
            "side_to_move": self.position.as_ref().map(|p| if p.white_to_move { "white" } else { "black" }),
            "fen": self.position.as_ref().map(|p| &p.fen),
            "notes": self.notes,
        });
        if let Some(place) = place {
            value["document"] = place.to_json();
        }
        value
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line,
            self.column,
            self.severity.as_str(),
            self.message
        )
    }
}

/// `label` right-aligned in a gutter `gutter` characters wide (as
/// `{label:>gutter$}` writes it), then `mark`: written by hand, as a
/// diagnostic's lines are many and the formatter's padding dear.
fn gutter_cell(label: &str, gutter: usize, mark: &str) -> String {
    let pad = gutter.saturating_sub(label.chars().count());
    let mut cell = String::with_capacity(pad + label.len() + mark.len());
    cell.extend(std::iter::repeat_n(' ', pad));
    cell.push_str(label);
    cell.push_str(mark);
    cell
}

/// `parts` one after another, in a string of their length.
fn joined(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// Whether `c` is shown escaped: a control character (C0 but the tab,
/// DEL, C1), a character that reorders text (bidirectional marks,
/// embeddings, overrides and isolates) or one that shows nothing (a
/// zero-width space, the byte-order mark): what the reader reads as a
/// space is shown, so that a caret pointing at it points at something.
fn needs_escape(c: char) -> bool {
    // ASCII's are its controls (every invisible ASCII character is one).
    if c.is_ascii() {
        return c.is_ascii_control() && c != '\t';
    }
    (c.is_control() && c != '\t') || c == '\u{feff}' || crate::vocab::signs::is_invisible(c)
}

/// How many characters `c` takes as shown.
fn escaped_width(c: char) -> usize {
    if needs_escape(c) {
        format!("{}", c.escape_unicode()).chars().count()
    } else {
        1
    }
}

/// `text` with every character that could drive a terminal (see
/// `needs_escape`: ESC, a clear-screen, an OSC sequence's parts, a
/// bidirectional override) written as its Rust escape, `\u{1b}`.
///
/// ```
/// use notate::vocab::diag::escape_controls;
/// assert_eq!(escape_controls("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
/// assert_eq!(escape_controls("Кf3\tok"), "Кf3\tok");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    // Printable ASCII and tabs, nearly every text, at a byte's look each.
    if text.bytes().all(|b| matches!(b, b' '..=b'~' | b'\t')) || !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs_escape(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_source_caret_position_and_help() {
        let d = Diagnostic {
            source: Some(Source {
                text: "1. e4 e5 2. Ke3 Nf6".into(),
                width: 3,
                caret: 13,
                cut_before: false,
                cut_after: false,
            }),
            position: Some(GamePosition {
                number: 2,
                white_to_move: true,
                fen: "x".into(),
            }),
            notes: vec!["closest legal moves: Ke2".into()],
            ..Diagnostic::new(Severity::Error, 12, 13, "illegal move `Ke3` at 2.")
        };
        assert_eq!(
            d.render("g.pgn", false),
            "g.pgn:12:13: error: illegal move `Ke3` at 2.\n   |\n12 | 1. e4 e5 2. Ke3 Nf6\n   |             ^^^\n   = at move 2., White to move, FEN x\n   = help: closest legal moves: Ke2\n"
        );
        assert!(d.render("g.pgn", true).contains("\u{1b}["));
        assert_eq!(d.to_json("g.pgn")["fen"], "x");
    }

    /// Control characters of the input and of the file's name are shown
    /// escaped, and the caret still points at the token.
    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        let d = Diagnostic {
            source: Some(Source {
                text: "{\u{1b}[2J} Ke3\u{1b}]0;x\u{7}".into(),
                width: 3,
                caret: 8,
                cut_before: false,
                cut_after: false,
            }),
            ..Diagnostic::new(Severity::Error, 1, 8, "illegal move `Ke3\u{1b}[2J`")
        };
        let shown = d.render("a\u{9b}b.pgn", false);
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "{shown:?}"
        );
        assert_eq!(
            shown,
            "a\\u{9b}b.pgn:1:8: error: illegal move `Ke3\\u{1b}[2J`\n  |\n1 | {\\u{1b}[2J} Ke3\\u{1b}]0;x\\u{7}\n  |             ^^^\n"
        );
    }
}
