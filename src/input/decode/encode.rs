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
    let mut encoder = encoding.to_encoding_rs().new_encoder();
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
                let offset = read - c.len_utf8();
                let before = &text[..offset];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                return Err(Unmappable {
                    char: c,
                    encoding,
                    offset,
                    line: before.matches('\n').count() + 1,
                    column: text[line_start..offset].chars().count() + 1,
                });
            }
        }
    }
    out.truncate(written);
    Ok(out)
}

/// Decodes a whole byte string in `encoding` (no mark handling), as a
/// convenience for tests and small inputs; malformed sequences become
/// U+FFFD.
pub fn decode_bytes(bytes: &[u8], encoding: Encoding) -> String {
    let (text, _) = encoding.to_encoding_rs().decode_without_bom_handling(bytes);
    text.into_owned()
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
    let mut decoder = encoding.to_encoding_rs().new_decoder_without_bom_handling();
    text.truncate(start);
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
    (encoding, replaced)
}
