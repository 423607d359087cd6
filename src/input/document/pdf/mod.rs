//! PDF: the text layer read from each page's content stream (lopdf parses
//! the file, its streams and its fonts' encodings), each piece of text
//! placed where it is drawn, then laid out in reading order
//! ([`layout`]): lines, columns apart, running heads and page numbers left
//! out, hyphenation undone. The letters of chess fonts (LaTeX's skak and
//! chessfss, Merida-style and publishers' figurine fonts) are read as
//! figurines. A PDF with no text layer (a scan) is refused, saying so.

use std::collections::BTreeMap;

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};

use super::{Refused, Text};

mod layout;

use layout::Span;

/// The most bytes one stream (a page's content, an object stream) may
/// unpack to.
const STREAM_LIMIT: usize = 64 * 1024 * 1024;

/// Words in the names of chess fonts, whose letters draw pieces.
const CHESS_FONTS: &[&str] = &[
    "skak", "chess", "merida", "figurine", "figurin", "diagram", "leipzig", "cases", "alpine",
    "usual", "fritz", "linares", "tilburg",
];

/// The text of a PDF, page after page.
pub(super) fn to_text(bytes: &[u8]) -> Result<Text, Refused> {
    let options = lopdf::LoadOptions {
        max_decompressed_size: Some(STREAM_LIMIT),
        ..lopdf::LoadOptions::default()
    };
    let doc = Document::load_mem_with_options(bytes, options)
        .map_err(|e| Refused(format!("is a PDF that cannot be read: {e}")))?;
    let mut pages = Vec::new();
    for (_, page) in doc.get_pages() {
        pages.push(page_spans(&doc, page));
    }
    if pages.iter().all(Vec::is_empty) {
        return Err(Refused(format!(
            "is a PDF with no text layer ({} page{}: a scan?); \
             notate reads the text of a PDF, not pictures of it",
            pages.len(),
            if pages.len() == 1 { "" } else { "s" }
        )));
    }
    let (text, map) = layout::pages_to_text(pages);
    Ok(Text {
        text,
        encoding: None,
        map,
    })
}

/// What a font gives the text: how to decode its bytes, how wide each
/// code is, and whether its letters are chess pieces.
struct Font<'a> {
    encoding: Option<lopdf::Encoding<'a>>,
    first: u32,
    widths: Vec<f32>,
    two_byte: bool,
    chess: bool,
}

impl<'a> Font<'a> {
    fn new(doc: &'a Document, dict: &'a Dictionary) -> Font<'a> {
        let name = dict
            .get(b"BaseFont")
            .and_then(Object::as_name)
            .map(|n| String::from_utf8_lossy(n).to_ascii_lowercase())
            .unwrap_or_default();
        let subtype = dict
            .get(b"Subtype")
            .and_then(Object::as_name)
            .unwrap_or_default();
        let widths = dict
            .get_deref(b"Widths", doc)
            .and_then(Object::as_array)
            .map(|w| {
                w.iter()
                    .map(|o| {
                        doc.dereference(o)
                            .map_or(0.0, |(_, o)| o.as_float().unwrap_or(0.0))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Font {
            encoding: dict.get_font_encoding_with_limit(doc, STREAM_LIMIT).ok(),
            first: dict
                .get(b"FirstChar")
                .and_then(Object::as_i64)
                .map_or(0, |c| c.clamp(0, 65535) as u32),
            widths,
            two_byte: subtype == b"Type0",
            chess: CHESS_FONTS.iter().any(|w| name.contains(w)),
        }
    }

    /// The width of `code`, in thousandths of the font size.
    fn width(&self, code: u32) -> f32 {
        code.checked_sub(self.first)
            .and_then(|i| self.widths.get(i as usize))
            .copied()
            .filter(|w| *w > 0.0)
            .unwrap_or(if self.two_byte { 1000.0 } else { 500.0 })
    }

    fn decode(&self, bytes: &[u8]) -> String {
        let text = match &self.encoding {
            Some(encoding) => Document::decode_text(encoding, bytes)
                .unwrap_or_else(|_| String::from_utf8_lossy(bytes).into_owned()),
            None => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        if self.chess {
            text.chars().map(figurine).collect()
        } else {
            text
        }
    }

    fn codes<'b>(&self, bytes: &'b [u8]) -> Box<dyn Iterator<Item = u32> + 'b> {
        if self.two_byte {
            Box::new(
                bytes
                    .chunks(2)
                    .map(|c| u32::from(c[0]) << 8 | u32::from(*c.get(1).unwrap_or(&0))),
            )
        } else {
            Box::new(bytes.iter().map(|&b| u32::from(b)))
        }
    }
}

/// A letter of a chess font as what it draws: skak's and chessfss's
/// figurine fonts draw K Q R B N P as pieces and X as the capture sign.
fn figurine(c: char) -> char {
    match c {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'X' => 'x',
        other => other,
    }
}

/// An affine matrix `[a b c d e f]`, as PDF writes them.
#[derive(Clone, Copy)]
struct Matrix([f32; 6]);

impl Matrix {
    const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// `self` then `then`.
    fn then(self, then: Matrix) -> Matrix {
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = then.0;
        Matrix([
            a * a2 + b * c2,
            a * b2 + b * d2,
            c * a2 + d * c2,
            c * b2 + d * d2,
            e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2,
        ])
    }

    fn translate(x: f32, y: f32) -> Matrix {
        Matrix([1.0, 0.0, 0.0, 1.0, x, y])
    }

    fn from(operands: &[Object]) -> Option<Matrix> {
        let v: Vec<f32> = operands.iter().filter_map(|o| o.as_float().ok()).collect();
        (v.len() == 6).then(|| Matrix([v[0], v[1], v[2], v[3], v[4], v[5]]))
    }
}

/// The text state of a content stream being walked.
struct Walk<'a> {
    fonts: BTreeMap<Vec<u8>, Font<'a>>,
    font: Option<Vec<u8>>,
    size: f32,
    ctm: Matrix,
    stack: Vec<Matrix>,
    tm: Matrix,
    tlm: Matrix,
    leading: f32,
    char_spacing: f32,
    word_spacing: f32,
    scale: f32,
    spans: Vec<Span>,
}

/// The pieces of text a page draws, where it draws them.
fn page_spans(doc: &Document, page: lopdf::ObjectId) -> Vec<Span> {
    let Ok(content) = doc.get_page_content_with_limit(page, STREAM_LIMIT) else {
        return Vec::new();
    };
    let Ok(content) = Content::decode(&content) else {
        return Vec::new();
    };
    let fonts = doc
        .get_page_fonts(page)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, dict)| (name, Font::new(doc, dict)))
        .collect();
    let mut walk = Walk {
        fonts,
        font: None,
        size: 10.0,
        ctm: Matrix::IDENTITY,
        stack: Vec::new(),
        tm: Matrix::IDENTITY,
        tlm: Matrix::IDENTITY,
        leading: 0.0,
        char_spacing: 0.0,
        word_spacing: 0.0,
        scale: 1.0,
        spans: Vec::new(),
    };
    for op in &content.operations {
        walk.op(&op.operator, &op.operands);
    }
    walk.spans
}

impl Walk<'_> {
    fn op(&mut self, operator: &str, operands: &[Object]) {
        let num = |i: usize| {
            operands
                .get(i)
                .and_then(|o| o.as_float().ok())
                .unwrap_or(0.0)
        };
        match operator {
            "q" if self.stack.len() < 256 => self.stack.push(self.ctm),
            "Q" => self.ctm = self.stack.pop().unwrap_or(Matrix::IDENTITY),
            "cm" => {
                if let Some(m) = Matrix::from(operands) {
                    self.ctm = m.then(self.ctm);
                }
            }
            "BT" => {
                self.tm = Matrix::IDENTITY;
                self.tlm = Matrix::IDENTITY;
            }
            "Tf" => {
                self.font = operands
                    .first()
                    .and_then(|o| o.as_name().ok())
                    .map(<[u8]>::to_vec);
                self.size = num(1);
            }
            "TL" => self.leading = num(0),
            "Tc" => self.char_spacing = num(0),
            "Tw" => self.word_spacing = num(0),
            "Tz" => self.scale = num(0) / 100.0,
            "Td" => self.next_line(num(0), num(1)),
            "TD" => {
                self.leading = -num(1);
                self.next_line(num(0), num(1));
            }
            "Tm" => {
                if let Some(m) = Matrix::from(operands) {
                    self.tm = m;
                    self.tlm = m;
                }
            }
            "T*" => self.next_line(0.0, -self.leading),
            "Tj" => self.show(operands.first()),
            "'" => {
                self.next_line(0.0, -self.leading);
                self.show(operands.first());
            }
            "\"" => {
                self.word_spacing = num(0);
                self.char_spacing = num(1);
                self.next_line(0.0, -self.leading);
                self.show(operands.get(2));
            }
            "TJ" => self.show(operands.first()),
            _ => {}
        }
    }

    fn next_line(&mut self, x: f32, y: f32) {
        self.tlm = Matrix::translate(x, y).then(self.tlm);
        self.tm = self.tlm;
    }

    /// Shows a string, or an array of strings and adjustments (`TJ`): one
    /// span, a space put where an adjustment moves on by a word space.
    fn show(&mut self, operand: Option<&Object>) {
        let Some(font) = self.font.as_ref().and_then(|f| self.fonts.get(f)) else {
            return;
        };
        let parts: Vec<&Object> = match operand {
            Some(Object::Array(items)) => items.iter().collect(),
            Some(other) => vec![other],
            None => return,
        };
        let start = self.tm.then(self.ctm);
        let mut text = String::new();
        let mut advance = 0.0;
        for part in parts {
            match part {
                Object::String(bytes, _) => {
                    text.push_str(&font.decode(bytes));
                    for code in font.codes(bytes) {
                        let space = if code == 32 { self.word_spacing } else { 0.0 };
                        advance +=
                            (font.width(code) / 1000.0 * self.size + self.char_spacing + space)
                                * self.scale;
                    }
                }
                other => {
                    let adjust = other.as_float().unwrap_or(0.0);
                    if adjust < -200.0 && !text.ends_with(' ') {
                        text.push(' ');
                    }
                    advance -= adjust / 1000.0 * self.size * self.scale;
                }
            }
        }
        self.tm = Matrix::translate(advance, 0.0).then(self.tm);
        let end = self.tm.then(self.ctm);
        let height = (start.0[2].powi(2) + start.0[3].powi(2)).sqrt() * self.size;
        if text.trim().is_empty() {
            return;
        }
        self.spans.push(Span {
            x0: start.0[4],
            x1: end.0[4].max(start.0[4]),
            y: start.0[5],
            size: height.abs().max(1.0),
            text,
        });
    }
}

#[cfg(test)]
mod tests;
