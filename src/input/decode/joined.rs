//! Inputs that join texts in different encodings, as `cat` of a UTF-16
//! file and a UTF-8 one makes: a UTF-16 text begins at a line's start with
//! its byte order mark, and 8-bit text after UTF-16 begins at a line's
//! start whose bytes read as no UTF-16 (no NUL before its line feed, which
//! stands where no UTF-16 line feed would, and valid UTF-8). Each part is
//! then decoded as its own, not as mojibake of the other.

use super::Encoding;

/// How far ahead a line is looked at to tell 8-bit text from UTF-16.
pub(super) const LOOK: usize = 512;

/// The UTF-16 byte order mark at the start of `bytes`, if one is: the
/// encoding and the mark's length.
pub(super) fn utf16_mark(bytes: &[u8]) -> Option<Encoding> {
    match bytes {
        [0xff, 0xfe, ..] => Some(Encoding::Utf16Le),
        [0xfe, 0xff, ..] => Some(Encoding::Utf16Be),
        _ => None,
    }
}

/// Where in `bytes`, 8-bit text handed on as it is, a UTF-16 text begins
/// with its mark at a line's start (`line_start`: whether `bytes` begins
/// one).
pub(super) fn utf16_begins(bytes: &[u8], line_start: bool) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = memchr::memchr2(0xff, 0xfe, &bytes[from..]).map(|i| from + i) {
        let at_line = if at == 0 {
            line_start
        } else {
            bytes[at - 1] == b'\n'
        };
        if at_line && utf16_mark(&bytes[at..]).is_some() {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Whether `bytes`, from a line's start in UTF-16 (little-endian where
/// `le`), begin a line of 8-bit text instead: up to its line feed (or the
/// end of the input, `eof`) no NUL, the line feed where UTF-16's would not
/// be (an odd place, or no NUL after it in little-endian), valid UTF-8.
pub(super) fn eight_bit_line(bytes: &[u8], eof: bool, le: bool) -> bool {
    // Blank lines of 8-bit text (`0A 0A`, `0D 0A`: no UTF-16 line feed,
    // which has a NUL beside it): the line after them tells.
    let blank = bytes[..bytes.len().min(LOOK)]
        .iter()
        .take_while(|&&b| b == b'\n' || b == b'\r')
        .count();
    if blank > 0 {
        let rest = &bytes[blank..];
        return bytes.get(1) != Some(&0)
            && rest.first().is_some_and(|&b| b != 0)
            && eight_bit_text_line(rest, eof);
    }
    let end = match memchr::memchr(b'\n', &bytes[..bytes.len().min(LOOK)]) {
        Some(end) => end,
        None if eof && bytes.len() <= LOOK => bytes.len(),
        None => return false,
    };
    let line = &bytes[..end];
    if line.len() < 2 || line.contains(&0) || std::str::from_utf8(line).is_err() {
        return false;
    }
    // Big-endian's line feed is `00 0A`: none here, as no NUL is.
    let after = match bytes.get(end + 1) {
        Some(&b) => b != 0,
        // The line feed is the input's last byte.
        None => eof,
    };
    !le || end % 2 == 1 || after
}

/// Whether `bytes` begin a line of 8-bit text, told by the line alone:
/// up to its line feed (or the input's end) no NUL, valid UTF-8.
fn eight_bit_text_line(bytes: &[u8], eof: bool) -> bool {
    let end = match memchr::memchr(b'\n', &bytes[..bytes.len().min(LOOK)]) {
        Some(end) => end,
        None if eof && bytes.len() <= LOOK => bytes.len(),
        None => return false,
    };
    let line = &bytes[..end];
    line.len() >= 2 && !line.contains(&0) && std::str::from_utf8(line).is_ok()
}

/// Where the first UTF-16 line of `bytes` ends (past its line feed's code
/// unit), if it ends in them.
pub(super) fn utf16_line_end(bytes: &[u8], le: bool) -> Option<usize> {
    let unit: [u8; 2] = if le { [b'\n', 0] } else { [0, b'\n'] };
    bytes
        .chunks_exact(2)
        .position(|pair| pair == unit)
        .map(|i| 2 * i + 2)
}

/// The first line of `window` (at least 16 bytes of it): what UTF-16 by
/// its NUL bytes is told on, so that 8-bit text with UTF-16 after it is
/// not all taken for UTF-16.
pub(super) fn first_line(window: &[u8]) -> &[u8] {
    let end = memchr::memchr(b'\n', window).map_or(window.len(), |i| i + 2);
    &window[..end.max(16).min(window.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn eight_bit_lines_and_utf16_lines() {
        assert!(eight_bit_line(b"1. d4 d5 *\n2. c4", false, true));
        assert!(eight_bit_line("1. Кf3 *\n\n".as_bytes(), false, true));
        // A line feed last, with more input to come: not yet told.
        assert!(!eight_bit_line(b"1. d4 d5 *\n", false, true));
        assert!(!eight_bit_line(&utf16le("1. d4 d5 *\n"), false, true));
        // CJK in UTF-16 with no NUL: its bytes are no UTF-8.
        assert!(!eight_bit_line(&utf16le("中文好\n"), false, true));
        assert!(!eight_bit_line(b"1. d4", false, true));
        assert!(eight_bit_line(b"1. d4", true, true));
        assert!(eight_bit_line(b"1. d4 d5 2. c4 *\n", true, true));
        // Blank 8-bit lines first (third fault probe, case 5): the line
        // after them tells; UTF-16's blank line has its NUL.
        assert!(eight_bit_line(b"\n\n[White \"B\"]\n", false, true));
        assert!(eight_bit_line(b"\r\n\r\n[White \"B\"]\n", false, false));
        assert!(!eight_bit_line(&utf16le("\n[White \"B\"]\n"), false, true));
        assert!(!eight_bit_line(b"\n\n", false, true));
    }

    #[test]
    fn utf16_begins_at_a_line_start_with_its_mark() {
        let mut bytes = b"1. e4 *\n".to_vec();
        bytes.extend([0xff, 0xfe]);
        bytes.extend(utf16le("1. d4 *\n"));
        assert_eq!(utf16_begins(&bytes, true), Some(8));
        assert_eq!(utf16_begins(b"caf\xfe\n", true), None);
        assert_eq!(utf16_line_end(&utf16le("ab\ncd"), true), Some(6));
        assert_eq!(
            first_line(b"1. e4 e5 *\n\xff\xfe1\x00.\x00 \x00"),
            b"1. e4 e5 *\n\xff\xfe1\x00."
        );
    }
}
