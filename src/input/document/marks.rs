//! Marks of where the text of a web page came from, by byte offsets, made
//! while the text is written ([`Marked`]), and turned into a
//! [`SourceMap`] of lines and columns once it is whole ([`source_map`]).
//! A mark is made where the text stops being the source's character for
//! character (a word after collapsed white space, after a tag, an entity),
//! not for each word: a paragraph is one mark.

use crate::vocab::origin::{Kind, Run, SourceMap};

/// Where a piece of the text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Src {
    /// A byte offset in the source.
    At(usize),
    /// Only the source line is known.
    Line(u32),
}

/// A piece of the text from `text` (a byte offset) on came from `src`;
/// `verbatim`: character for character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark {
    pub text: usize,
    pub src: Src,
    pub verbatim: bool,
}

/// Text being written, with its marks.
#[derive(Debug, Default)]
pub(super) struct Marked {
    pub text: String,
    pub marks: Vec<Mark>,
    /// Where the last verbatim piece ended, in the text and the source.
    run_end: Option<(usize, usize)>,
}

/// The longest stretch between two verbatim pieces compared to tell
/// whether the run goes on (white space between words).
const GAP: usize = 4;

impl Marked {
    /// Writes `piece`, the source's own characters from byte `src` on.
    pub fn verbatim(&mut self, piece: &str, src: usize, source: &str) {
        let at = self.text.len();
        let goes_on = self.run_end.is_some_and(|(text_end, src_end)| {
            at >= text_end
                && src >= src_end
                && at - text_end == src - src_end
                && at - text_end <= GAP
                && self.text.as_bytes()[text_end..at] == source.as_bytes()[src_end..src]
        });
        if !goes_on {
            self.marks.push(Mark {
                text: at,
                src: Src::At(src),
                verbatim: true,
            });
        }
        self.text.push_str(piece);
        self.run_end = Some((self.text.len(), src + piece.len()));
    }

    /// Writes `piece`, which stands for what is at `src` (an entity, an
    /// image).
    pub fn standing_for(&mut self, piece: &str, src: Src) {
        self.marks.push(Mark {
            text: self.text.len(),
            src,
            verbatim: false,
        });
        self.text.push_str(piece);
        self.run_end = None;
    }

    /// Writes what has no place of its own (white space, line breaks).
    pub fn push(&mut self, c: char) {
        self.text.push(c);
    }

    /// Appends `other` (its marks moved along), from byte `from` of its
    /// text to byte `to`.
    pub fn append(&mut self, other: &Marked, from: usize, to: usize) {
        let shift = self.text.len();
        let first = other.marks.partition_point(|m| m.text <= from);
        // The mark whose piece the kept text starts in.
        if let Some(&mark) = first.checked_sub(1).map(|i| &other.marks[i]) {
            let src = match mark.src {
                Src::At(at) if mark.verbatim => Src::At(at + from - mark.text),
                src => src,
            };
            self.marks.push(Mark {
                text: shift,
                src,
                ..mark
            });
        }
        for mark in other.marks[first..].iter().take_while(|m| m.text < to) {
            self.marks.push(Mark {
                text: shift + mark.text - from,
                ..*mark
            });
        }
        self.text.push_str(&other.text[from..to]);
        self.run_end = None;
    }
}

/// Counts lines and character columns through a text, from a byte offset
/// to a later one.
struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
    line: u32,
    column: u32,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text: text.as_bytes(),
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The line and column of byte `to` (offsets before the last one
    /// asked start the count again).
    fn seek(&mut self, to: usize) -> (u32, u32) {
        let to = to.min(self.text.len());
        if to < self.at {
            (self.at, self.line, self.column) = (0, 1, 1);
        }
        let stretch = &self.text[self.at..to];
        self.at = to;
        if stretch.len() < 32 {
            // Marks are near one another: a short stretch is counted byte
            // by byte.
            for &b in stretch {
                if b == b'\n' {
                    (self.line, self.column) = (self.line + 1, 1);
                } else {
                    self.column += u32::from(b & 0xc0 != 0x80);
                }
            }
            return (self.line, self.column);
        }
        let chars = |bytes: &[u8]| bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count() as u32;
        match memchr::memrchr(b'\n', stretch) {
            Some(last) => {
                self.line += stretch.iter().filter(|&&b| b == b'\n').count() as u32;
                self.column = 1 + chars(&stretch[last + 1..]);
            }
            None => self.column += chars(stretch),
        }
        (self.line, self.column)
    }
}

/// The map of `text` (whose marks are `marks`, in order) into `source`.
pub(super) fn source_map(kind: Kind, text: &str, marks: &[Mark], source: &str) -> SourceMap {
    let mut map = SourceMap::new(kind);
    let mut in_text = Cursor::new(text);
    let mut in_source = Cursor::new(source);
    for mark in marks.iter().filter(|m| m.text < text.len()) {
        let (text_line, text_column) = in_text.seek(mark.text);
        let (line, column) = match mark.src {
            Src::At(at) => in_source.seek(at),
            Src::Line(line) => (line, 0),
        };
        map.push(Run {
            text_line,
            text_column,
            part: 0,
            line,
            column,
            verbatim: mark.verbatim && column > 0,
        });
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbatim_pieces_make_one_run_while_they_follow_the_source() {
        let source = "<p>1. e4  e5\n2. Nf3</p>";
        let mut out = Marked::default();
        out.verbatim("1.", 3, source);
        out.push(' ');
        out.verbatim("e4", 6, source);
        out.push(' ');
        out.verbatim("e5", 10, source);
        out.push(' ');
        out.verbatim("2.", 13, source);
        assert_eq!(out.text, "1. e4 e5 2.");
        let at: Vec<(usize, Src)> = out.marks.iter().map(|m| (m.text, m.src)).collect();
        assert_eq!(at, [(0, Src::At(3)), (6, Src::At(10)), (9, Src::At(13))]);
        let map = source_map(Kind::Html, &out.text, &out.marks, source);
        let place = |column| map.place(1, column).map(|p| p.to_string());
        assert_eq!(place(4), Some("1:7".into()));
        assert_eq!(place(8), Some("1:12".into()));
        assert_eq!(place(10), Some("2:1".into()));
    }
}
