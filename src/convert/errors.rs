//! What a conversion reports beyond the games: a conversion cancelled, a
//! character the output encoding cannot write (placed in the input), a
//! game that was not UTF-8 throughout.

use std::io;

use crate::input::decode::Encoding;
use crate::input::split::GameDecoding;
use crate::vocab::diag::{Diagnostic, Severity};

/// Why [`Converter::convert_stream`](super::Converter::convert_stream) stopped when the flag given to
/// [`Converter::set_cancel`](super::Converter::set_cancel) was raised.
#[derive(Debug)]
pub(super) struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the conversion was cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// Whether `e` is the error of a conversion stopped by its cancel flag.
pub fn is_cancelled(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|e| e.is::<Cancelled>())
}

/// A game's output holds a character `output_encoding` has no byte for.
#[derive(Debug)]
pub struct Unencodable(pub String);

impl std::fmt::Display for Unencodable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unencodable {}

/// Whether `e` is an [`Unencodable`] output: a fault of the output, not
/// of the input.
pub fn is_unencodable(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|e| e.is::<Unencodable>())
}

/// The error for a character of a game's output that `encoding` cannot
/// write: placed where the character is in the game's input text (which
/// starts on line `first_line`), when it comes from there.
pub(super) fn unencodable(
    e: &crate::input::decode::Unmappable,
    text: &str,
    first_line: u32,
) -> io::Error {
    let place = match text.find(e.char) {
        Some(at) => {
            let before = &text[..at];
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            format!(
                "at line {}, column {}",
                u64::from(first_line) + before.matches('\n').count() as u64,
                text[line_start..at].chars().count() + 1
            )
        }
        None => format!("in the output of the game at line {first_line}"),
    };
    io::Error::new(
        io::ErrorKind::InvalidData,
        Unencodable(format!(
            "`{}` (U+{:04X}) {place} cannot be written in {}",
            e.char,
            u32::from(e.char),
            e.encoding
        )),
    )
}

/// The warning for a game that was not UTF-8 throughout.
pub(super) fn decoding_warning(decoding: GameDecoding) -> Diagnostic {
    let message = if decoding.encoding == Encoding::Utf8 {
        format!(
            "{} byte sequence(s) of this game are not valid UTF-8 and were read as U+FFFD",
            decoding.replaced
        )
    } else if decoding.replaced > 0 {
        format!(
            "this game is not UTF-8 and was read as {}, with {} byte(s) it has no character \
             for read as U+FFFD (--encoding gives another)",
            decoding.encoding, decoding.replaced
        )
    } else {
        format!(
            "this game is not UTF-8 and was read as {} (--encoding gives another)",
            decoding.encoding
        )
    };
    Diagnostic::new(Severity::Warning, decoding.line, 1, message)
}
