//! A web page's encoding: its byte-order mark, else the charset it
//! declares near its start (`<meta charset>`, `http-equiv`), else sniffed
//! as any text is ([`crate::input::decode::sniff`]).

use encoding_rs::{Encoding, UTF_8};

/// How far the declaration is looked for, as browsers do.
const PRESCAN: usize = 1024 * 4;

/// The encoding to read `bytes`, a web page, in.
pub(super) fn page_encoding(bytes: &[u8]) -> &'static Encoding {
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        return encoding;
    }
    if let Some(encoding) = declared(&bytes[..bytes.len().min(PRESCAN)]) {
        // A page that says UTF-16 but was read as bytes is not UTF-16.
        if encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE {
            return UTF_8;
        }
        return encoding;
    }
    let first = bytes.iter().position(|&b| b >= 0x80).unwrap_or(bytes.len());
    let window = &bytes[first..bytes.len().min(first + crate::input::decode::WINDOW)];
    let complete = first + window.len() == bytes.len();
    // A DOS code page (which encoding_rs has not) is no web page's: such a
    // guess reads as windows-1252, the web's default for 8-bit text.
    match crate::input::decode::sniff(window, complete) {
        Some((encoding, _)) => encoding
            .to_encoding_rs()
            .unwrap_or(encoding_rs::WINDOWS_1252),
        None => UTF_8,
    }
}

/// The charset a `<meta>` tag in `head` declares.
fn declared(head: &[u8]) -> Option<&'static Encoding> {
    let lower = head.to_ascii_lowercase();
    let mut at = 0;
    while let Some(found) = find(&lower[at..], b"<meta") {
        let start = at + found;
        let end = find(&lower[start..], b">").map_or(lower.len(), |e| start + e);
        let tag = &lower[start..end];
        if let Some(c) = find(tag, b"charset") {
            let value = tag[c + 7..]
                .iter()
                .skip_while(|&&b| b == b' ' || b == b'=' || b == b'"' || b == b'\'')
                .take_while(|&&b| !matches!(b, b'"' | b'\'' | b';' | b' ' | b'/' | b'>'))
                .copied()
                .collect::<Vec<u8>>();
            if let Some(encoding) = Encoding::for_label(&value) {
                return Some(encoding);
            }
        }
        at = end;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
