//! The plain parts of a web page read without html5ever's tokenizer, one
//! character at a time being its cost: runs of text with no character
//! reference, carriage return or NUL in them, and tags of the plain form
//! (`<td>`, `</b>`, `<img src="wn.gif" alt="">`) that the tokenizer would
//! read with no parse error, each given as the very token the tokenizer
//! would give. Anything else (a comment, a reference, a raw-text element's
//! start, an odd tag) is left to the tokenizer: [`piece`] says `None`.

use html5ever::tokenizer::TagKind;

use super::elements::{Attrs, raw_kind};

/// The longest tag name read here; longer ones go to the tokenizer.
const NAME: usize = 16;

/// The most attributes of a tag read here (each is checked against the
/// ones before it, as the tokenizer does, to see it is not a repeat).
const ATTRS: usize = 16;

/// A token read here, ending at byte `end` of the markup, with the line
/// breaks it holds.
pub(super) struct Piece<'a> {
    pub end: usize,
    pub newlines: u64,
    pub token: Token<'a>,
}

pub(super) enum Token<'a> {
    /// Characters, verbatim from the markup.
    Text(&'a str),
    Tag(Tag<'a>),
}

/// A tag: its name, and the attributes the reading looks at.
pub(super) struct Tag<'a> {
    pub kind: TagKind,
    pub name: Name,
    pub self_closing: bool,
    pub attrs: Attrs<'a>,
}

/// A tag's name, in lower case (as the tokenizer gives it).
pub(super) struct Name {
    bytes: [u8; NAME],
    len: usize,
}

impl Name {
    pub fn as_str(&self) -> &str {
        let name = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(name).unwrap_or_default()
    }
}

/// White space between a tag's parts, as the tokenizer takes it (a
/// carriage return is left to the tokenizer, which turns it into a line
/// break).
fn space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0c')
}

/// The token the tokenizer, in its data state, would give next from byte
/// `at` of `markup`, where it is a plain one ending at `limit` at the
/// latest.
pub(super) fn piece(markup: &str, at: usize, limit: usize) -> Option<Piece<'_>> {
    let bytes = markup.as_bytes();
    let end = match *bytes.get(at)? {
        b'<' => return tag(markup, at, limit),
        b'&' | b'\r' | b'\0' => return None,
        // A line break first is a token of its own; after that the
        // tokenizer reads on to a `<`, `&`, carriage return or NUL.
        b'\n' => at + 1,
        _ => {
            let rest = bytes.get(at..)?;
            let stop = memchr::memchr3(b'<', b'&', b'\r', rest).unwrap_or(rest.len());
            let stop = memchr::memchr(0, rest.get(..stop)?).unwrap_or(stop);
            at + stop
        }
    };
    if end > limit {
        return None;
    }
    let text = markup.get(at..end)?;
    Some(Piece {
        end,
        newlines: newlines(text.as_bytes()),
        token: Token::Text(text),
    })
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

/// Reads a tag at byte `at` (its `<`), where it is a plain one.
fn tag(markup: &str, at: usize, limit: usize) -> Option<Piece<'_>> {
    let bytes = markup.as_bytes();
    let byte = |i: usize| bytes.get(i).copied();
    let mut i = at + 1;
    let kind = if byte(i) == Some(b'/') {
        i += 1;
        TagKind::EndTag
    } else {
        TagKind::StartTag
    };
    if !byte(i)?.is_ascii_alphabetic() {
        return None;
    }
    let mut tag = Tag {
        kind,
        name: Name {
            bytes: [0; NAME],
            len: 0,
        },
        self_closing: false,
        attrs: Attrs::default(),
    };
    while let Some(b) = byte(i).filter(|b| b.is_ascii_alphanumeric() || *b == b'-') {
        *tag.name.bytes.get_mut(tag.name.len)? = b.to_ascii_lowercase();
        tag.name.len += 1;
        i += 1;
    }
    if kind == TagKind::EndTag {
        while byte(i).is_some_and(space) {
            i += 1;
        }
        return (byte(i)? == b'>').then(|| done(markup, at, i + 1, limit, tag))?;
    }
    if raw_kind(tag.name.as_str()).is_some() {
        return None;
    }
    let mut names: [&str; ATTRS] = [""; ATTRS];
    let mut count = 0;
    // Whether white space came before the next part: an attribute wants
    // it.
    let mut spaced = false;
    loop {
        while byte(i).is_some_and(space) {
            i += 1;
            spaced = true;
        }
        match byte(i)? {
            b'>' => return done(markup, at, i + 1, limit, tag),
            b'/' if byte(i + 1)? == b'>' => {
                tag.self_closing = true;
                return done(markup, at, i + 2, limit, tag);
            }
            _ if !spaced => return None,
            _ => {}
        }
        let start = i;
        while byte(i).is_some_and(|b| b.is_ascii_alphanumeric() || b"-_:.".contains(&b)) {
            i += 1;
        }
        let name = markup.get(start..i).filter(|n| !n.is_empty())?;
        if names
            .get(..count)?
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            return None;
        }
        *names.get_mut(count)? = name;
        count += 1;
        while byte(i).is_some_and(space) {
            i += 1;
        }
        spaced = i > start + name.len();
        if byte(i)? != b'=' {
            // An attribute with no value; what follows is read as after
            // any attribute.
            tag.attrs.keep(name, "");
            continue;
        }
        i += 1;
        while byte(i).is_some_and(space) {
            i += 1;
        }
        let (value, next) = value(markup, i)?;
        tag.attrs.keep(name, value);
        i = next;
        spaced = false;
    }
}

/// An attribute's value at byte `at` (after its `=`), where it is plain,
/// and where what follows it starts.
fn value(markup: &str, at: usize) -> Option<(&str, usize)> {
    let bytes = markup.as_bytes();
    let first = *bytes.get(at)?;
    if first == b'"' || first == b'\'' {
        let rest = bytes.get(at + 1..)?;
        let len = memchr::memchr(first, rest)?;
        let value = markup.get(at + 1..at + 1 + len)?;
        if memchr::memchr3(b'&', b'\r', b'\0', value.as_bytes()).is_some() {
            return None;
        }
        // The tokenizer wants white space, `/` or `>` after a quoted value.
        let next = at + 1 + len + 1;
        let after = *bytes.get(next)?;
        return (space(after) || after == b'/' || after == b'>').then_some((value, next));
    }
    let len = bytes.get(at..)?.iter().position(|&b| {
        space(b)
            || matches!(
                b,
                b'>' | b'&' | b'\0' | b'\r' | b'"' | b'\'' | b'<' | b'=' | b'`'
            )
    })?;
    let next = at + len;
    let after = *bytes.get(next)?;
    if len == 0 || !(space(after) || after == b'>') {
        return None;
    }
    Some((markup.get(at..next)?, next))
}

/// The tag from byte `at` to `end`, where it ends by `limit`.
fn done<'a>(
    markup: &'a str,
    at: usize,
    end: usize,
    limit: usize,
    tag: Tag<'a>,
) -> Option<Piece<'a>> {
    if end > limit {
        return None;
    }
    Some(Piece {
        end,
        newlines: newlines(markup.as_bytes().get(at..end)?),
        token: Token::Tag(tag),
    })
}
