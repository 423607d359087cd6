//! Web pages to text: the bytes decoded in the page's declared charset
//! (else sniffed as text is), tokenized by html5ever, and written out as a
//! person reads the page: block elements on lines of their own, table
//! cells apart, white space collapsed, entities decoded, scripts, styles,
//! menus and hidden elements left out, figurine images as figurines, and
//! PGN held for a viewer (`<textarea>`, `<pgn>`, `data-pgn`,
//! `class="pgn"`) read as PGN, once.

use std::cell::RefCell;
use std::collections::HashSet;

use html5ever::TokenizerResult;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::figurines::figurine;
use super::{Refused, Text};

/// Elements that end a line before and after them.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hgroup",
    "hr",
    "html",
    "legend",
    "li",
    "main",
    "ol",
    "section",
    "summary",
    "table",
    "tbody",
    "tfoot",
    "thead",
    "tr",
    "ul",
];

/// Blocks that stand apart from the text around them by an empty line.
const PARAGRAPHS: &[&str] = &["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"];

/// Elements whose content no one sees on the page, left out whole.
const UNSEEN: &[&str] = &[
    "script", "style", "noscript", "template", "title", "svg", "math", "iframe", "object",
    "select", "button", "nav", "menu", "noembed", "noframes", "xmp",
];

/// Elements with no content and no end tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Elements whose end tag may be left out: never left out by their class
/// alone, lest the rest of the page go with them.
const OPTIONAL_END: &[&str] = &["li", "p", "dt", "dd", "tr", "td", "th", "option", "tbody"];

/// Class or id words of menus and hidden parts.
const MENU_WORDS: &[&str] = &[
    "nav",
    "navbar",
    "navigation",
    "menu",
    "breadcrumb",
    "breadcrumbs",
    "sr-only",
    "hidden",
    "visually-hidden",
    "skip-link",
];

/// The text of a web page, as [`Text`].
/// `forced` (`--encoding`) overrides the page's own charset.
pub fn html_to_text(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
) -> Result<Text, Refused> {
    let encoding = forced.unwrap_or_else(|| super::charset::page_encoding(bytes));
    let (decoded, _) = encoding.decode_without_bom_handling(bytes);
    let decoded = decoded.strip_prefix('\u{feff}').unwrap_or(&decoded);
    let text = markup_to_text(decoded);
    Ok(Text {
        text,
        encoding: Some(encoding),
    })
}

/// The text of markup already decoded.
pub fn markup_to_text(markup: &str) -> String {
    let sink = Sink::default();
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(markup));
    while let TokenizerResult::Script(()) = tokenizer.feed(&queue) {}
    tokenizer.end();
    tokenizer.sink.state.into_inner().finish()
}

#[derive(Default)]
struct Sink {
    state: RefCell<State>,
}

/// A PGN container being read: its element and how deep in it.
struct Container {
    name: String,
    depth: usize,
    text: String,
}

#[derive(Default)]
struct State {
    out: String,
    /// White space seen since the last character written.
    space: bool,
    /// Inside `<pre>`: white space kept as it is.
    pre: usize,
    /// An unseen element being left out, and how deep in it.
    skip: Option<(String, usize)>,
    container: Option<Container>,
    /// The PGN of containers, each once.
    pgn: Vec<String>,
    seen: HashSet<String>,
}

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut state = self.state.borrow_mut();
        match token {
            Token::TagToken(tag) => return state.tag(&tag),
            Token::CharacterTokens(text) => state.chars(&text),
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// The state the tokenizer goes into after the start tag `name`, as the
/// tree builder would set it.
fn raw_kind(name: &str) -> Option<RawKind> {
    match name {
        "script" => Some(RawKind::ScriptData),
        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => Some(RawKind::Rawtext),
        "title" | "textarea" => Some(RawKind::Rcdata),
        _ => None,
    }
}

fn attr<'a>(tag: &'a Tag, name: &str) -> Option<&'a str> {
    tag.attrs
        .iter()
        .find(|a| &*a.name.local == name)
        .map(|a| &*a.value)
}

fn words(value: Option<&str>) -> impl Iterator<Item = String> + '_ {
    value
        .unwrap_or_default()
        .split_ascii_whitespace()
        .map(str::to_ascii_lowercase)
}

/// Whether the element is one no one sees: a menu, or hidden.
fn hidden(tag: &Tag, name: &str) -> bool {
    if UNSEEN.contains(&name) {
        return true;
    }
    if OPTIONAL_END.contains(&name) || VOID.contains(&name) {
        return false;
    }
    if attr(tag, "hidden").is_some() || attr(tag, "aria-hidden") == Some("true") {
        return true;
    }
    if let Some(style) = attr(tag, "style") {
        let style: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if style.contains("display:none") || style.contains("visibility:hidden") {
            return true;
        }
    }
    if matches!(attr(tag, "role"), Some("navigation" | "menu" | "menubar")) {
        return true;
    }
    words(attr(tag, "class"))
        .chain(words(attr(tag, "id")))
        .any(|w| MENU_WORDS.contains(&w.as_str()))
}

/// Whether the element holds PGN for a viewer.
fn holds_pgn(tag: &Tag, name: &str) -> bool {
    name == "textarea" || name == "pgn" || words(attr(tag, "class")).any(|w| w == "pgn")
}

impl State {
    fn tag(&mut self, tag: &Tag) -> TokenSinkResult<()> {
        let name: &str = &tag.name;
        let raw = match tag.kind {
            TagKind::StartTag if !tag.self_closing => raw_kind(name),
            _ => None,
        };
        let result = raw.map_or(TokenSinkResult::Continue, TokenSinkResult::RawData);
        if self.nested(tag, name) {
            return result;
        }
        match tag.kind {
            TagKind::StartTag => self.start(tag, name),
            TagKind::EndTag => self.end(name),
        }
        result
    }

    /// Follows a tag inside an element left out or a PGN container:
    /// `true` where that is all there is to do with it.
    fn nested(&mut self, tag: &Tag, name: &str) -> bool {
        let start = tag.kind == TagKind::StartTag && !tag.self_closing && !VOID.contains(&name);
        let end = tag.kind == TagKind::EndTag;
        if let Some((skipped, depth)) = &mut self.skip {
            if skipped == name {
                *depth += usize::from(start);
                *depth -= usize::from(end);
                if *depth == 0 {
                    self.skip = None;
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
            if container.depth == 0 {
                let container = self.container.take().expect("a container");
                self.add_pgn(container.text);
            } else if name == "br" || (end && (BLOCKS.contains(&name) || name == "p")) {
                container.text.push('\n');
            }
            return true;
        }
        false
    }

    fn start(&mut self, tag: &Tag, name: &str) {
        if let Some(pgn) = attr(tag, "data-pgn") {
            self.add_pgn(pgn.to_string());
        }
        if holds_pgn(tag, name) && !tag.self_closing {
            self.container = Some(Container {
                name: name.to_string(),
                depth: 1,
                text: String::new(),
            });
            return;
        }
        if hidden(tag, name) {
            if !tag.self_closing && !VOID.contains(&name) {
                self.skip = Some((name.to_string(), 1));
            }
            return;
        }
        match name {
            "br" => self.line(false),
            "img" => {
                if let Some(piece) = figurine(attr(tag, "alt"), attr(tag, "src")) {
                    self.push_str(piece);
                }
            }
            "td" | "th" => self.cell(),
            "pre" => {
                self.line(true);
                self.pre += 1;
            }
            _ => self.block(name),
        }
    }

    fn end(&mut self, name: &str) {
        if name == "pre" {
            self.pre = self.pre.saturating_sub(1);
        }
        self.block(name);
    }

    fn block(&mut self, name: &str) {
        if PARAGRAPHS.contains(&name) {
            self.line(true);
        } else if BLOCKS.contains(&name) {
            self.line(false);
        }
    }

    /// Ends the line (and leaves an empty one after it, for `blank`).
    fn line(&mut self, blank: bool) {
        self.space = false;
        if self.out.is_empty() {
            return;
        }
        if !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        if blank && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// A table cell: apart from the one before it on its row.
    fn cell(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.space = true;
        }
    }

    fn push_str(&mut self, text: &str) {
        if self.space && !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push(' ');
        }
        self.space = false;
        self.out.push_str(text);
    }

    fn chars(&mut self, text: &str) {
        if self.skip.is_some() {
            return;
        }
        if let Some(container) = &mut self.container {
            container.text.push_str(text);
            return;
        }
        if self.pre > 0 {
            self.space = false;
            self.out
                .push_str(&text.replace("\r\n", "\n").replace('\u{a0}', " "));
            return;
        }
        for word in text.split(|c: char| c.is_whitespace()) {
            if word.is_empty() {
                self.space = true;
                continue;
            }
            self.push_str(word);
            self.space = true;
        }
        self.space = text.ends_with(char::is_whitespace);
    }

    /// Keeps a container's text as PGN where it looks like PGN (a tag pair
    /// or a first move number): a comment box's text is no game.
    fn add_pgn(&mut self, pgn: String) {
        let pgn = pgn.replace("\r\n", "\n");
        let trimmed = pgn.trim();
        let looks = trimmed.starts_with('[') || trimmed.contains("1.");
        if !looks || !self.seen.insert(trimmed.to_string()) {
            return;
        }
        self.pgn.push(trimmed.to_string());
    }

    /// The page's text; where it holds PGN for a viewer, that PGN alone,
    /// since what the page shows of those games is the viewer's rendering
    /// of the same moves.
    fn finish(mut self) -> String {
        if let Some(container) = self.container.take() {
            self.add_pgn(container.text);
        }
        if !self.pgn.is_empty() {
            let mut text = self.pgn.join("\n\n");
            text.push('\n');
            return text;
        }
        let mut text = self.out;
        text.truncate(text.trim_end_matches('\n').len());
        if !text.is_empty() {
            text.push('\n');
        }
        text
    }
}
