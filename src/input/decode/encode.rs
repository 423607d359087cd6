//! Text back to bytes, for `--output-encoding`, and whole byte strings to
//! text, for tests and small inputs.

use std::fmt;

use encoding_rs::EncoderResult;

use super::Encoding;

/// A character the output encoding has no byte for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmappable {
    pub char: char,
    pub encoding: Encoding,
    /// Its byte offset in the text.
    pub offset: usize,
    /// 1-based line and column (in characters) in the text.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Unmappable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` (U+{:04X}) at line {}, column {} cannot be written in {}",
            self.char,
            u32::from(self.char),
            self.line,
            self.column,
            self.encoding
        )
    }
}

impl std::error::Error for Unmappable {}

/// Writes `text` in `encoding` (UTF-16 without a byte-order mark), or
/// names the first character that encoding cannot hold.
pub fn encode_output(text: &str, encoding: Encoding) -> Result<Vec<u8>, Unmappable> {
    match encoding {
        Encoding::Utf8 => return Ok(text.as_bytes().to_vec()),
        Encoding::Utf16Le => return Ok(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        Encoding::Utf16Be => return Ok(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        _ => {}
    }
    let Some(encoding_rs) = encoding.to_encoding_rs() else {
        return encode_dos(text, encoding);
    };
    let mut encoder = encoding_rs.new_encoder();
    let mut out = vec![
        0;
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len() * 4)
    ];
    let mut read = 0;
    let mut written = 0;
    loop {
        let (result, r, w) =
            encoder.encode_from_utf8_without_replacement(&text[read..], &mut out[written..], true);
        read += r;
        written += w;
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => out.resize(out.len() * 2 + 16, 0),
            EncoderResult::Unmappable(c) => {
                return Err(Unmappable::at(text, read - c.len_utf8(), encoding));
            }
        }
    }
    out.truncate(written);
    Ok(out)
}

/// [`encode_output`] in a DOS code page.
fn encode_dos(text: &str, encoding: Encoding) -> Result<Vec<u8>, Unmappable> {
    let table = encoding.dos_table().expect("a DOS code page");
    let mut out = Vec::with_capacity(text.len());
    for (offset, c) in text.char_indices() {
        match super::dos::encode_char(table, c) {
            Some(b) => out.push(b),
            None => return Err(Unmappable::at(text, offset, encoding)),
        }
    }
    Ok(out)
}

impl Unmappable {
    /// The character at `offset` in `text`, which `encoding` cannot hold.
    fn at(text: &str, offset: usize, encoding: Encoding) -> Unmappable {
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Unmappable {
            char: text[offset..].chars().next().unwrap_or('\u{FFFD}'),
            encoding,
            offset,
            line: before.matches('\n').count() + 1,
            column: text[line_start..offset].chars().count() + 1,
        }
    }
}

/// Decodes a whole byte string in `encoding` (no mark handling), as a
/// convenience for tests and small inputs; malformed sequences become
/// U+FFFD.
pub fn decode_bytes(bytes: &[u8], encoding: Encoding) -> String {
    encoding.decode_whole(bytes).into_owned()
}

/// Decodes one game's `bytes` (not all UTF-8) in the encoding they say
/// ([`super::game_encoding`], `prior` the last game's single-byte one),
/// replacing `text` from `start` on; returns the encoding and how many
/// sequences were read as U+FFFD.
pub fn decode_game(
    bytes: &[u8],
    prior: Option<Encoding>,
    text: &mut String,
    start: usize,
) -> (Encoding, u32) {
    let encoding = super::game_encoding(bytes, prior);
    text.truncate(start);
    let Some(encoding_rs) = encoding.to_encoding_rs() else {
        let table = encoding.dos_table().expect("a DOS code page");
        super::dos::decode_into(table, bytes, text);
        return (encoding, 0);
    };
    let mut decoder = encoding_rs.new_decoder_without_bom_handling();
    text.reserve(bytes.len() * 3 / 2 + 8);
    let mut replaced = 0;
    let mut read = 0;
    loop {
        let (result, r) = decoder.decode_to_string_without_replacement(&bytes[read..], text, true);
        read += r;
        match result {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => text.reserve(bytes.len() - read + 16),
            encoding_rs::DecoderResult::Malformed(_, _) => {
                replaced += 1;
                text.push('\u{FFFD}');
            }
        }
    }
    if encoding != Encoding::Utf8 {
        replaced += replace_c1_controls(text, start);
    }
    (encoding, replaced)
}

/// Replaces with U+FFFD each C1 control character in `text[start..]`: a
/// byte a single-byte encoding leaves undefined (0x81, 0x8D, 0x8F, 0x90
/// and 0x9D in Windows-1252), which `encoding_rs` reads as one, invisible
/// in the output. Returns how many there were.
fn replace_c1_controls(text: &mut String, start: usize) -> u32 {
    // In UTF-8, U+0080 to U+009F are 0xC2 then 0x80 to 0x9F.
    let is_c1 = |w: &[u8]| w[0] == 0xC2 && (0x80..0xA0).contains(&w[1]);
    if !text.as_bytes()[start..].windows(2).any(is_c1) {
        return 0;
    }
    let mut count = 0;
    let tail: String = text[start..]
        .chars()
        .map(|c| match c {
            '\u{80}'..='\u{9F}' => {
                count += 1;
                '\u{FFFD}'
            }
            c => c,
        })
        .collect();
    text.truncate(start);
    text.push_str(&tail);
    count
}
