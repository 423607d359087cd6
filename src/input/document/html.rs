//! Web pages to text: the bytes decoded in the page's declared charset
//! (else sniffed as text is), tokenized by html5ever, and written out as a
//! person reads the page: block elements on lines of their own, table
//! cells apart, white space collapsed, entities decoded, scripts, styles,
//! menus and hidden elements left out, figurine images as figurines, and
//! PGN held for a viewer (`<textarea>`, `<pgn>`, `data-pgn`,
//! `class="pgn"`) read as PGN, once. Where each part of the text is in
//! the page's source is marked as it is written ([`super::marks`]): the
//! tokenizer's place is where its queue's front starts in the one shared
//! copy of the markup.
//!
//! After each tag the tokenizer hands back (a "script" pause, which it
//! takes in its data state), the plain text and tags that follow are read
//! by [`super::scan`], token for token as the tokenizer would give them,
//! and the tokenizer goes on past them: most of a page costs a few
//! instructions a byte instead of the tokenizer's work per character.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;

use html5ever::TokenizerResult;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::css::{FontStack, Styles};
use super::elements::{
    Attrs, BLOCK, PARAGRAPH, UNSEEN, VOID, flags, flags_of, hidden, holds_pgn, opens_with_tags,
    raw_kind,
};
use super::figurines::figurine;
use super::fonts::put_word;
use super::marks::{Marked, Src, source_map};
use super::scan;
use super::{Refused, Text};
use crate::vocab::origin::{Kind, SourceMap};

/// The text of a web page, as [`Text`], with the map of where each part
/// of it is in the page's source.
/// `forced` (`--encoding`) overrides the page's own charset.
pub fn html_to_text(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
) -> Result<Text, Refused> {
    styled_html_to_text(bytes, forced, Styles::default())
}

/// [`html_to_text`] for a page that the stylesheets `styles` apply to too
/// (an e-book's chapter), besides its own.
pub(super) fn styled_html_to_text(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
    styles: Styles,
) -> Result<Text, Refused> {
    let encoding = forced.unwrap_or_else(|| super::charset::page_encoding(bytes));
    let (decoded, _) = encoding.decode_without_bom_handling(bytes);
    let decoded = decoded.strip_prefix('\u{feff}').unwrap_or(&decoded);
    let (text, map) = read_styled(decoded, true, styles);
    Ok(Text {
        text,
        encoding: Some(encoding),
        map,
    })
}

/// The fewest bytes of the markup a token read by [`super::scan`] leaves
/// after it: where 1 to 8 are left, the tokenizer's queue holds its own
/// copy of them (a tendril that short is kept inline), so that its place
/// is not known there; the tokenizer reads those tokens, as it would.
const TAIL: usize = 9;

/// The text of markup already decoded, and its map into the markup.
#[cfg(test)]
pub fn markup_to_text(markup: &str) -> (String, SourceMap) {
    read_markup(markup, true)
}

/// [`markup_to_text`], with the plain parts read past the tokenizer
/// (`plain`) or all of it read by the tokenizer: the same either way.
#[cfg(test)]
pub(super) fn read_markup(markup: &str, plain: bool) -> (String, SourceMap) {
    read_styled(markup, plain, Styles::default())
}

/// [`read_markup`], with the stylesheet `styles` besides the page's own.
fn read_styled(markup: &str, plain: bool, styles: Styles) -> (String, SourceMap) {
    let queue = BufferQueue::default();
    let mut buffer = StrTendril::from_slice(markup);
    // Shared, so that the tokenizer's pieces of it point into one buffer:
    // where the queue's front is tells where the tokenizer is.
    let shared = buffer.clone();
    // A byte-order mark the tokenizer would drop at the start (it looks
    // for one each time it is fed, and it is fed again after each pause).
    if markup.starts_with('\u{feff}') {
        buffer.pop_front_char();
    }
    queue.push_back(buffer);
    let sink = Sink {
        state: RefCell::new(State {
            styles,
            ..State::default()
        }),
        queue: &queue,
        markup,
        base: shared.as_ptr() as usize,
        line: Cell::new(1),
        lines_read: Cell::new(0),
        pause: Cell::new(plain),
    };
    let opts = TokenizerOpts {
        discard_bom: false,
        ..TokenizerOpts::default()
    };
    let tokenizer = Tokenizer::new(sink, opts);
    while let TokenizerResult::Script(()) = tokenizer.feed(&queue) {
        tokenizer.sink.read_plain();
    }
    // No pause at the end, where the tokenizer allows none.
    tokenizer.sink.pause.set(false);
    tokenizer.end();
    let out = tokenizer.sink.state.into_inner().finish();
    let map = source_map(Kind::Html, &out.text, &out.marks, markup);
    (out.text, map)
}

struct Sink<'a> {
    state: RefCell<State>,
    queue: &'a BufferQueue,
    markup: &'a str,
    /// Where the tokenizer's copy of the markup starts in memory.
    base: usize,
    /// The source line of the last token.
    line: Cell<u64>,
    /// The line breaks read past the tokenizer, which its own count of
    /// lines misses.
    lines_read: Cell<u64>,
    /// Whether the tokenizer pauses after a tag, for [`Sink::read_plain`].
    pause: Cell<bool>,
}

impl Sink<'_> {
    /// The byte of the markup the tokenizer has read up to, where its
    /// queue's front is the rest of the markup (not a piece it gave back).
    fn position(&self) -> Option<usize> {
        let len = self.markup.len();
        let Some(front) = self.queue.peek_front_chunk_mut() else {
            return Some(len);
        };
        let at = (front.as_ptr() as usize).checked_sub(self.base)?;
        (at + front.len() == len).then_some(at)
    }

    /// Reads the plain text and tags after the tokenizer's place
    /// ([`scan::piece`]), as the tokenizer would, and moves its place past
    /// them.
    fn read_plain(&self) {
        let Some(start) = self.position() else {
            return;
        };
        let limit = self.markup.len().saturating_sub(TAIL);
        let mut state = self.state.borrow_mut();
        let mut at = start;
        let mut line = self.line.get();
        while let Some(piece) = scan::piece(self.markup, at, limit) {
            line += piece.newlines;
            state.at.line = u32::try_from(line).unwrap_or(u32::MAX);
            state.at.end = Some(piece.end);
            match piece.token {
                scan::Token::Text(text) => state.chars(text, Some(at), self.markup),
                scan::Token::Tag(tag) => {
                    let scan::Tag {
                        kind,
                        name,
                        self_closing,
                        attrs,
                    } = tag;
                    let name = name.as_str();
                    let parts = Parts {
                        kind,
                        name,
                        self_closing,
                        flags: flags_of(name),
                    };
                    // Raw-text elements are left to the tokenizer: the
                    // state it would go into is its data state.
                    let _ = state.tag(&parts, || attrs);
                }
            }
            state.at.start = piece.end;
            at = piece.end;
        }
        self.lines_read
            .set(self.lines_read.get() + (line - self.line.get()));
        self.line.set(line);
        if at > start
            && let Some(mut front) = self.queue.peek_front_chunk_mut()
            && let Ok(read) = u32::try_from(at - start)
        {
            // Read up to an ASCII byte, so past whole characters.
            let moved = front.try_pop_front(read);
            debug_assert!(moved.is_ok());
        }
    }

    /// Where `text`, a token the tokenizer has just read and that ends at
    /// `end`, starts in the markup, if it is the markup's own characters.
    fn verbatim(&self, text: &str, end: usize) -> Option<usize> {
        let start = end.checked_sub(text.len())?;
        let own = text.as_ptr() as usize == self.base + start
            || self.markup.as_bytes().get(start..end) == Some(text.as_bytes());
        own.then_some(start)
    }
}

/// Where the token being read is in the markup.
#[derive(Default, Clone, Copy)]
struct At {
    /// Where the token before it ended.
    start: usize,
    end: Option<usize>,
    line: u32,
}

impl At {
    /// Where what the token stands for (an entity, an image) is.
    fn src(self) -> Src {
        match self.end {
            Some(_) => Src::At(self.start),
            None => Src::Line(self.line),
        }
    }
}

/// A PGN container being read: its element and how deep in it.
struct Container {
    name: String,
    depth: usize,
    text: Marked,
    /// A hidden element, kept only where it holds a PGN tag section (a
    /// viewer's games kept out of sight for its script to show).
    hidden: bool,
}

#[derive(Default)]
struct State {
    out: Marked,
    /// White space seen since the last character written.
    space: bool,
    /// Inside `<pre>`: white space kept as it is.
    pre: usize,
    /// An unseen element being left out, and how deep in it.
    skip: Option<(String, usize)>,
    container: Option<Container>,
    /// The PGN of containers, each once.
    pgn: Vec<Marked>,
    seen: HashSet<String>,
    at: At,
    /// The page's stylesheets, and the text of the `<style>` being read.
    styles: Styles,
    css: String,
    /// The elements open that have a font of their own.
    fonts: FontStack,
}

impl TokenSink for Sink<'_> {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let end = self.position();
        let line = line + self.lines_read.get();
        self.line.set(line);
        let mut state = self.state.borrow_mut();
        state.at.line = u32::try_from(line).unwrap_or(u32::MAX);
        state.at.end = end;
        let result = match token {
            Token::TagToken(tag) => {
                let parts = Parts {
                    kind: tag.kind,
                    name: &tag.name,
                    self_closing: tag.self_closing,
                    flags: flags(&tag.name),
                };
                match state.tag(&parts, || Attrs::of(&tag)) {
                    // A pause, where the tokenizer is in its data state,
                    // for what follows to be read past it.
                    TokenSinkResult::Continue if self.pause.get() => TokenSinkResult::Script(()),
                    result => result,
                }
            }
            Token::CharacterTokens(text) => {
                let src = end.and_then(|end| self.verbatim(&text, end));
                state.chars(&text, src, self.markup);
                TokenSinkResult::Continue
            }
            _ => TokenSinkResult::Continue,
        };
        if let Some(end) = end {
            state.at.start = end;
        }
        result
    }
}

/// What the reading looks at of a tag, from the tokenizer or
/// [`super::scan`].
struct Parts<'t> {
    kind: TagKind,
    name: &'t str,
    self_closing: bool,
    /// Its element's kinds ([`flags`]).
    flags: u8,
}

impl State {
    /// Follows the tag `tag`, whose attributes `attrs` gives where they
    /// are wanted.
    fn tag<'t>(
        &mut self,
        tag: &Parts<'t>,
        attrs: impl FnOnce() -> Attrs<'t>,
    ) -> TokenSinkResult<()> {
        let (name, flags) = (tag.name, tag.flags);
        let raw = match tag.kind {
            TagKind::StartTag if !tag.self_closing => raw_kind(name),
            _ => None,
        };
        let result = raw.map_or(TokenSinkResult::Continue, TokenSinkResult::RawData);
        if self.nested(tag, name, flags) {
            return result;
        }
        match tag.kind {
            TagKind::StartTag => self.start(&attrs(), tag.self_closing, name, flags),
            TagKind::EndTag => self.end(name, flags),
        }
        result
    }

    /// Follows a tag inside an element left out or a PGN container:
    /// `true` where that is all there is to do with it.
    fn nested(&mut self, tag: &Parts<'_>, name: &str, flags: u8) -> bool {
        if self.skip.is_none() && self.container.is_none() {
            return false;
        }
        let start = tag.kind == TagKind::StartTag && !tag.self_closing && flags & VOID == 0;
        let end = tag.kind == TagKind::EndTag;
        if let Some((skipped, depth)) = &mut self.skip {
            if skipped == name {
                *depth += usize::from(start);
                *depth -= usize::from(end);
                if *depth == 0 {
                    self.skip = None;
                    if name == "style" {
                        let css = std::mem::take(&mut self.css);
                        self.styles.add(&css);
                    }
                }
            } else if end && (name == "body" || name == "html") {
                self.skip = None;
            }
            return true;
        }
        if let Some(container) = &mut self.container {
            if container.name == name {
                container.depth += usize::from(start);
                container.depth -= usize::from(end);
            }
            let page_ends = end && (name == "body" || name == "html");
            if container.depth == 0 || (container.hidden && page_ends) {
                let container = self.container.take().expect("a container");
                self.add_pgn(&container.text, container.hidden);
            } else if name == "br" || (end && (flags & BLOCK != 0 || name == "p")) {
                container.text.push('\n');
            }
            return true;
        }
        false
    }

    fn start(&mut self, attrs: &Attrs<'_>, self_closing: bool, name: &str, flags: u8) {
        if let Some(pgn) = attrs.data_pgn {
            let mut text = Marked::default();
            text.standing_for(pgn, self.at.src());
            self.add_pgn(&text, false);
        }
        let hidden = hidden(attrs, flags);
        let holds = holds_pgn(attrs, name);
        if hidden && (self_closing || flags & VOID != 0) {
            return;
        }
        if holds && !self_closing || hidden && flags & UNSEEN == 0 {
            self.container = Some(Container {
                name: name.to_string(),
                depth: 1,
                text: Marked::default(),
                hidden: hidden && !holds,
            });
            return;
        }
        if hidden {
            self.skip = Some((name.to_string(), 1));
            return;
        }
        if !self_closing && flags & VOID == 0 {
            self.fonts.start(&self.styles, name, flags, attrs);
        }
        match name {
            "br" => self.line(false),
            "img" => {
                if let Some(piece) = figurine(attrs.alt, attrs.src) {
                    self.space_before();
                    let src = self.at.src();
                    self.out.standing_for(piece, src);
                }
            }
            "td" | "th" => self.cell(),
            "pre" => {
                self.line(true);
                self.pre += 1;
            }
            _ => self.block(flags),
        }
    }

    fn end(&mut self, name: &str, flags: u8) {
        self.fonts.end(name);
        if name == "pre" {
            self.pre = self.pre.saturating_sub(1);
        }
        self.block(flags);
    }

    fn block(&mut self, flags: u8) {
        if flags & PARAGRAPH != 0 {
            self.line(true);
        } else if flags & BLOCK != 0 {
            self.line(false);
        }
    }

    /// Ends the line (and leaves an empty one after it, for `blank`).
    fn line(&mut self, blank: bool) {
        self.space = false;
        let out = &mut self.out.text;
        if out.is_empty() {
            return;
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
        if blank && !out.ends_with("\n\n") {
            out.push('\n');
        }
    }

    /// A table cell: apart from the one before it on its row.
    fn cell(&mut self) {
        let out = &self.out.text;
        if !out.is_empty() && !out.ends_with('\n') {
            self.space = true;
        }
    }

    /// The space owed before a word, if any.
    fn space_before(&mut self) {
        let out = &self.out.text;
        if self.space && !out.is_empty() && !out.ends_with('\n') {
            self.out.push(' ');
        }
        self.space = false;
    }

    /// Characters read at `src` in the markup, where they are its own.
    fn chars(&mut self, text: &str, src: Option<usize>, markup: &str) {
        if let Some((skipped, _)) = &self.skip {
            if skipped == "style" {
                self.css.push_str(text);
            }
            return;
        }
        let at = self.at.src();
        let put = |out: &mut Marked, piece: &str, from: usize| match src {
            Some(src) => out.verbatim(piece, src + from, markup),
            None => out.standing_for(piece, at),
        };
        if let Some(container) = &mut self.container {
            put(&mut container.text, text, 0);
            return;
        }
        if self.pre > 0 {
            self.space = false;
            let mut from = 0;
            for (i, piece) in text.split('\u{a0}').enumerate() {
                if i > 0 {
                    self.out.push(' ');
                    from += '\u{a0}'.len_utf8();
                }
                if !piece.is_empty() {
                    put(&mut self.out, piece, from);
                }
                from += piece.len();
            }
            return;
        }
        // Words apart by white space: in ASCII (nearly every page's
        // text) found by its bytes, else by its characters.
        let glyphs = self.fonts.glyphs();
        let mut words = |word: &str, from: usize| {
            if !word.is_empty() {
                self.space_before();
                match glyphs {
                    None => put(&mut self.out, word, from),
                    // A chess font's piece letters, as the pieces they draw.
                    Some(glyphs) => put_word(
                        &mut self.out,
                        word,
                        glyphs,
                        |out, piece, i| put(out, piece, from + i),
                        |i| src.map_or(at, |s| Src::At(s + from + i)),
                    ),
                }
            }
            self.space = true;
        };
        if text.is_ascii() {
            let mut from = 0;
            for word in text
                .as_bytes()
                .split(|b| b.is_ascii_whitespace() || *b == 0x0b)
            {
                // ASCII: every byte starts a character.
                words(&text[from..from + word.len()], from);
                from += word.len() + 1;
            }
        } else {
            let mut from = 0;
            for word in text.split(char::is_whitespace) {
                words(word, from);
                from += word.len();
                // The white space character that ended the word.
                from += text[from..].chars().next().map_or(0, char::len_utf8);
            }
        }
        self.space = text.ends_with(char::is_whitespace);
    }

    /// Keeps a container's text as PGN where it looks like PGN (a tag pair
    /// or a first move number; a `hidden` one's, a tag section): a comment
    /// box's text is no game, nor a hidden banner's.
    fn add_pgn(&mut self, pgn: &Marked, hidden: bool) {
        let trimmed = pgn.text.trim();
        let looks = match hidden {
            true => opens_with_tags(trimmed),
            false => trimmed.starts_with('[') || trimmed.contains("1."),
        };
        if !looks || !self.seen.insert(trimmed.to_string()) {
            return;
        }
        let from = trimmed.as_ptr() as usize - pgn.text.as_ptr() as usize;
        let mut kept = Marked::default();
        kept.append(pgn, from, from + trimmed.len());
        self.pgn.push(kept);
    }

    /// The page's text; where it holds PGN for a viewer, that PGN and the
    /// paragraphs of the page that hold moves of their own, since what the
    /// page shows of the viewer's games is its rendering of the same
    /// moves ([`super::beside`]).
    fn finish(mut self) -> Marked {
        if let Some(container) = self.container.take() {
            self.add_pgn(&container.text, container.hidden);
        }
        if !self.pgn.is_empty() {
            let mut text = Marked::default();
            for (i, pgn) in self.pgn.iter().enumerate() {
                if i > 0 {
                    text.push('\n');
                    text.push('\n');
                }
                text.append(pgn, 0, pgn.text.len());
            }
            super::beside::append_own_moves(&mut text, &self.out, &self.pgn);
            text.push('\n');
            return text;
        }
        let mut out = self.out;
        out.text.truncate(out.text.trim_end_matches('\n').len());
        if !out.text.is_empty() {
            out.push('\n');
        }
        out
    }
}
