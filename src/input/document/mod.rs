//! Documents among the inputs: web pages (HTML), e-books (EPUB), PDF,
//! Word documents (DOCX) and OpenDocument texts (ODT) told by their first
//! bytes ([`sniff`]) and turned into the text a person
//! sees ([`read`]), which the splitter and the page reader then take like
//! any text; other binary files (images, office files, archives) refused
//! in one line naming what they are ([`Refused`]).
//!
//! Telling costs a few byte comparisons on the first bytes, so text input
//! pays nothing for it. A document is read whole, up to [`LIMIT`] bytes
//! (after decompression): beyond that it is refused, never read without
//! bound.

use std::fmt;
use std::io::{self, Read};

mod beside;
mod charset;
mod css;
mod elements;
mod epub;
mod figurines;
mod fonts;
mod html;
mod marks;
mod office;
mod pdf;
mod scan;

pub use crate::vocab::origin::{Kind, SourceMap};
pub use html::html_to_text;

/// The most bytes of one document read (after decompression).
pub const LIMIT: u64 = 256 * 1024 * 1024;

/// How many first bytes [`sniff`] wants to see (fewer at the input's end).
pub const HEAD: usize = 4096;

/// What the first bytes of an input say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    /// Text (or bytes nothing here recognises): read as text.
    Text,
    Document(Kind),
    /// A binary file notate does not read, named (`a PNG image`).
    Binary(&'static str),
}

/// Binary files by their magic bytes, named as the refusal says them.
/// Zip files are told apart by their first entry ([`zip_kind`]).
const MAGIC: &[(&[u8], &str)] = &[
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"AT&TFORM", "a DjVu document"),
    (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        "an old Microsoft Office file (DOC, XLS)",
    ),
    (b"{\\rtf", "an RTF document"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\x7fELF", "an executable (ELF)"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"%!PS", "a PostScript file"),
];

/// What the first bytes `head` (up to [`HEAD`] of them) say the input is.
pub fn sniff(head: &[u8]) -> Sniffed {
    if head.starts_with(b"%PDF-") {
        return Sniffed::Document(Kind::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return zip_kind(head);
    }
    if is_html(head) {
        return Sniffed::Document(Kind::Html);
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Sniffed::Binary("a WebP image");
    }
    match MAGIC.iter().find(|(magic, _)| head.starts_with(magic)) {
        Some((_, what)) => Sniffed::Binary(what),
        None => Sniffed::Text,
    }
}

/// A zip file by its first entry: EPUB and OpenDocument begin with an
/// uncompressed `mimetype` entry; Office Open XML names its parts.
fn zip_kind(head: &[u8]) -> Sniffed {
    let name_len = head
        .get(26..28)
        .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
    let extra_len = head
        .get(28..30)
        .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
    let name = head.get(30..30 + name_len).unwrap_or_default();
    let data = head.get(30 + name_len + extra_len..).unwrap_or_default();
    if name == b"mimetype" {
        if data.starts_with(b"application/epub+zip") {
            return Sniffed::Document(Kind::Epub);
        }
        if data.starts_with(b"application/vnd.oasis.opendocument.text")
            && !data.starts_with(b"application/vnd.oasis.opendocument.text-")
        {
            return Sniffed::Document(Kind::Odt);
        }
        let odf = |kind: &[u8]| {
            data.strip_prefix(b"application/vnd.oasis.opendocument.".as_slice())
                .is_some_and(|rest| rest.starts_with(kind))
        };
        if odf(b"spreadsheet") {
            return Sniffed::Binary("an OpenDocument spreadsheet (ODS)");
        }
        if odf(b"presentation") {
            return Sniffed::Binary("an OpenDocument presentation (ODP)");
        }
        if odf(b"") {
            return Sniffed::Binary("an OpenDocument file");
        }
    }
    let has = |part: &[u8]| head.windows(part.len()).any(|w| w == part);
    if has(b"word/") {
        Sniffed::Document(Kind::Docx)
    } else if has(b"xl/") {
        Sniffed::Binary("an Excel workbook (XLSX)")
    } else if has(b"ppt/") {
        Sniffed::Binary("a PowerPoint presentation (PPTX)")
    } else if has(b"[Content_Types].xml") {
        // Office Open XML whose first bytes name no part: a Word
        // document, unless its parts say otherwise when it is read.
        Sniffed::Document(Kind::Docx)
    } else {
        Sniffed::Binary("a zip archive")
    }
}

/// Markup openings that make a web page, checked without case.
const HTML_STARTS: [&[u8]; 6] = [
    b"<!doctype html",
    b"<html",
    b"<head",
    b"<body",
    b"<meta",
    b"<title",
];

/// A web page: after a mark and white space, one of [`HTML_STARTS`], a
/// comment or an XML declaration followed by `<html` in the first bytes,
/// or a tag (`<` and a letter) closed on its line: PGN never opens so.
fn is_html(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = head
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(head.len());
    let head = &head[start..];
    let opens = |prefix: &[u8]| {
        head.len() >= prefix.len() && head[..prefix.len()].eq_ignore_ascii_case(prefix)
    };
    if HTML_STARTS.iter().any(|p| opens(p)) {
        return true;
    }
    if opens(b"<?xml") || opens(b"<!--") {
        let lower = head.to_ascii_lowercase();
        return [b"<html".as_slice(), b"<!doctype html"]
            .iter()
            .any(|p| lower.windows(p.len()).any(|w| w == *p));
    }
    if head.len() >= 2 && head[0] == b'<' && head[1].is_ascii_alphabetic() {
        let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        return line.contains(&b'>');
    }
    false
}

/// An input refused: a binary file notate does not read, or a document
/// too big or broken. Carried inside an [`io::Error`] ([`refusal`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

/// What notate reads, said after a refusal.
pub const READS: &str = "notate reads chess notation as text (PGN or any notation, plain or compressed), web pages (HTML), e-books (EPUB), PDF, Word documents (DOCX) and OpenDocument texts (ODT)";

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl Refused {
    /// The refusal of a binary file named `what` (`a PNG image`).
    pub fn binary(what: &str) -> Refused {
        Refused(format!("is {what}, not text; {READS}"))
    }

    pub fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }
}

/// The refusal an error carries, if it is one.
pub fn refusal(e: &io::Error) -> Option<&Refused> {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<Refused>())
}

/// A document turned into text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text {
    /// What a person reads, in reading order, one line per line seen.
    pub text: String,
    /// The encoding the document's bytes were read in, where it had one
    /// (a web page's).
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Where each part of `text` is in the document.
    pub map: SourceMap,
}

/// Reads the whole document (up to [`LIMIT`] bytes) and turns it into text.
/// `forced` (`--encoding`) overrides a web page's own charset.
pub fn read(
    kind: Kind,
    input: &mut dyn Read,
    forced: Option<&'static encoding_rs::Encoding>,
) -> io::Result<Text> {
    let mut bytes = Vec::new();
    input.take(LIMIT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > LIMIT {
        return Err(Refused(format!(
            "is {} {kind} document larger than {} MiB, the most notate reads of one document",
            if matches!(kind, Kind::Pdf | Kind::Docx) {
                "a"
            } else {
                "an"
            },
            LIMIT >> 20
        ))
        .into_io());
    }
    let text = match kind {
        Kind::Html => html_to_text(&bytes, forced),
        Kind::Epub => epub::to_text(&bytes),
        Kind::Pdf => pdf::to_text(&bytes),
        Kind::Docx => office::docx_to_text(&bytes),
        Kind::Odt => office::odt_to_text(&bytes),
    };
    text.map_err(Refused::into_io)
}

#[cfg(test)]
mod tests;
