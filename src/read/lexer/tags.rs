//! Tag pairs as the lexer reads them: the common `[Name "value"]` byte by
//! byte, the general form with free space, a value with unescaped quotes,
//! and a `[` that is no tag (a tag line broken, or an aside).

use super::{Lexer, Tok};
use crate::input::split::looks_like_bare_tag;

/// The quotes word processors and web pages set a tag's value in, for
/// PGN's `"`.
const TYPOGRAPHIC_QUOTES: [char; 7] = ['“', '”', '„', '«', '»', '″', '＂'];

/// The longest value such a tag is read with: far more than any tag's, and
/// a bound on the look ahead from each `[`.
const TYPOGRAPHIC_VALUE: usize = 256;

/// The bytes a tag's name is made of: ASCII letters and digits, and `_`.
const NAME_BYTE: [bool; 256] = {
    let mut name = [false; 256];
    let mut b = 0;
    while b < 256 {
        name[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    name
};

/// How many bytes of a tag's name (ASCII letters, digits, `_`) `bytes`
/// starts with: a look in a table a byte, as every tag line of an input is
/// read so, by the splitter and by the reader.
#[inline]
pub(crate) fn tag_name_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| !NAME_BYTE[usize::from(b)])
        .unwrap_or(bytes.len())
}

/// Whether text after a `[` starts like a tag pair: a name, then a quote.
fn looks_like_tag(text: &str) -> bool {
    let text = text.trim_start();
    let name = tag_name_len(text.as_bytes());
    name > 0 && text[name..].trim_start().starts_with('"')
}

impl<'a> Lexer<'a> {
    /// A `[`, at `offset`, `trimmed` the text from it: a tag, a tag line
    /// broken (alone on its line, like a tag), or an aside to its `]`, a
    /// comment.
    pub(super) fn bracket(&mut self, offset: usize, trimmed: &'a str) -> Tok<'a> {
        if let Some(tag) = self.tag() {
            return tag;
        }
        if self.at_line_start_after_space(offset)
            && (looks_like_tag(&trimmed[1..])
                || (!self.in_movetext && looks_like_bare_tag(trimmed)))
        {
            return Tok::BrokenTag(self.skip_line());
        }
        let body = &trimmed[1..];
        let end = body.find(']').unwrap_or(body.len());
        self.pos += 1 + end + usize::from(end < body.len());
        Tok::Comment(&body[..end])
    }

    fn tag(&mut self) -> Option<Tok<'a>> {
        self.strict_tag()
            .or_else(|| self.loose_tag())
            .or_else(|| self.typographic_tag())
    }

    /// A tag whose quotes a word processor or a web page set as typographic
    /// ones, `[White “Bob”]`, `[Event ”(XI)”]`, `[Site «Oslo»]`: a name, a
    /// value of at most [`TYPOGRAPHIC_VALUE`] bytes between any two of those
    /// quotes, on one line, and the `]`.
    fn typographic_tag(&mut self) -> Option<Tok<'a>> {
        let from = self.pos + 1;
        let rest = self.text[from..].trim_start_matches([' ', '\t']);
        let name_len = tag_name_len(rest.as_bytes());
        let (name, after) = rest.split_at(name_len);
        let quoted = after.trim_start_matches([' ', '\t']);
        if name_len == 0 || quoted.len() == after.len() {
            return None;
        }
        let body = quoted.strip_prefix(TYPOGRAPHIC_QUOTES)?;
        let window = &body[..body.floor_char_boundary(TYPOGRAPHIC_VALUE.min(body.len()))];
        let (len, quote) = window
            .char_indices()
            .take_while(|&(_, c)| !matches!(c, '\n' | ']'))
            .filter(|&(_, c)| TYPOGRAPHIC_QUOTES.contains(&c))
            .last()?;
        let value = &body[..len];
        let close = body[len + quote.len_utf8()..].trim_start_matches([' ', '\t']);
        let close = close.strip_prefix(']')?;
        self.pos = self.text.len() - close.len();
        Some(Tok::Tag { name, value })
    }

    /// A tag line whose value holds unescaped quotes, `[White ""Bob""]`:
    /// the value runs from the first quote to the last one before the `]`
    /// that ends the line.
    fn loose_tag(&mut self) -> Option<Tok<'a>> {
        let rest = &self.text[self.pos + 1..];
        // A name, then a quote: told before the line's end is looked for,
        // so that an aside (`[x]`) costs no scan to the end of its line.
        if !looks_like_tag(rest) {
            return None;
        }
        let from = self.pos + 1;
        let (start, end, ends_as_tag) = self.loose_line;
        let end = if start <= from && from <= end {
            if !ends_as_tag {
                return None;
            }
            end
        } else {
            let end = from + rest.find('\n').unwrap_or(rest.len());
            let line = self.text[from..end].trim_end();
            let ends_as_tag = line
                .strip_suffix(']')
                .is_some_and(|l| l.trim_end().ends_with('"'));
            self.loose_line = (from, end, ends_as_tag);
            if !ends_as_tag {
                return None;
            }
            end
        };
        let line = &self.text[from..end];
        let body = line
            .trim_end()
            .strip_suffix(']')?
            .trim_end()
            .strip_suffix('"')?;
        let (name, value) = body.split_once('"')?;
        let name = name.trim();
        if name.is_empty() || tag_name_len(name.as_bytes()) < name.len() {
            return None;
        }
        self.pos += 1 + line.len();
        Some(Tok::Tag { name, value })
    }

    fn strict_tag(&mut self) -> Option<Tok<'a>> {
        if let Some(tag) = self.plain_tag() {
            return Some(tag);
        }
        // `[` Name `"` value `"` `]`, with free space between.
        let rest = &self.text[self.pos + 1..];
        let name_start = rest.len() - rest.trim_start().len();
        let after = &rest[name_start..];
        let name_len = after
            .find(|c: char| {
                !(c.is_ascii_alphanumeric() || c == '_' || c == '+' || c == '#' || c == '=')
            })
            .unwrap_or(after.len());
        if name_len == 0 {
            return None;
        }
        let name = &after[..name_len];
        let after_name = &after[name_len..];
        let quote = after_name.trim_start();
        let value_body = quote.strip_prefix('"')?;
        let bytes = value_body.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b'"' => break,
                b'\n' => return None,
                _ => i += 1,
            }
        }
        if i >= bytes.len() {
            return None;
        }
        let value = &value_body[..i];
        let close = value_body[i + 1..].trim_start_matches([' ', '\t']);
        let close = close.strip_prefix(']')?;
        self.pos = self.text.len() - close.len();
        Some(Tok::Tag { name, value })
    }

    fn plain_tag(&mut self) -> Option<Tok<'a>> {
        let (name, value, end) = plain_tag_at(self.text, self.pos)?;
        self.pos = end;
        Some(Tok::Tag { name, value })
    }
}

/// The tag pair as nearly every PGN file writes it, read byte by byte:
/// `[Name "value"]` with one space, its `[` at `at`. The name, the value
/// (its `\"` and `\\` escapes still in it) and where the tag ends; `None`
/// for any other form, which the lexer's general tag grammar reads.
pub(crate) fn plain_tag_at(text: &str, at: usize) -> Option<(&str, &str, usize)> {
    let bytes = text.as_bytes();
    let start = at + 1;
    let name_len = tag_name_len(bytes.get(start..)?);
    let name_end = start + name_len;
    if name_len == 0 || bytes.get(name_end..name_end + 2) != Some(b" \"") {
        return None;
    }
    let value_start = name_end + 2;
    let mut value_end = value_start;
    loop {
        value_end += memchr::memchr3(b'"', b'\\', b'\n', bytes.get(value_end..)?)?;
        match bytes[value_end] {
            b'"' => break,
            b'\\' => value_end += 2,
            _ => return None,
        }
    }
    if bytes.get(value_end..value_end + 2) != Some(b"\"]") {
        return None;
    }
    Some((
        &text[start..name_end],
        &text[value_start..value_end],
        value_end + 2,
    ))
}
