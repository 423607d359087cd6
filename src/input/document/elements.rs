//! What the reading of a web page knows of its elements: which are
//! blocks (lines of their own), paragraphs (apart by an empty line), never
//! seen (scripts, menus), void, or may leave out their end tag; the raw
//! text states the tree builder would set; which attributes hide an
//! element or say it holds PGN. An element's kinds are found once per tag
//! ([`flags`]: one look-up of its interned name), its attributes in one
//! pass ([`Attrs`]).

use std::sync::LazyLock;

use crate::vocab::hash::WordMap;

use html5ever::tokenizer::Tag;
use html5ever::tokenizer::states::RawKind;
use html5ever::{LocalName, local_name};

/// Elements that end a line before and after them.
const BLOCK_NAMES: &[&str] = &[
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
const PARAGRAPH_NAMES: &[&str] = &["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"];

/// Elements whose content no one sees on the page, left out whole.
const UNSEEN_NAMES: &[&str] = &[
    "script", "style", "noscript", "template", "title", "svg", "math", "iframe", "object",
    "select", "button", "nav", "menu", "noembed", "noframes", "xmp",
];

/// Elements with no content and no end tag.
const VOID_NAMES: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Elements whose end tag may be left out: never left out by their class
/// alone, lest the rest of the page go with them.
const OPTIONAL_END_NAMES: &[&str] = &["li", "p", "dt", "dd", "tr", "td", "th", "option", "tbody"];

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

/// An element that ends a line before and after it.
pub(super) const BLOCK: u8 = 1;
/// A block apart from the text around it by an empty line.
pub(super) const PARAGRAPH: u8 = 2;
/// An element whose content no one sees.
pub(super) const UNSEEN: u8 = 4;
/// An element with no content and no end tag.
pub(super) const VOID: u8 = 8;
/// An element whose end tag may be left out.
pub(super) const OPTIONAL_END: u8 = 16;

/// Each element named in the tables above with one of its kinds.
fn named() -> impl Iterator<Item = (&'static str, u8)> {
    [
        (BLOCK_NAMES, BLOCK),
        (PARAGRAPH_NAMES, PARAGRAPH),
        (UNSEEN_NAMES, UNSEEN),
        (VOID_NAMES, VOID),
        (OPTIONAL_END_NAMES, OPTIONAL_END),
    ]
    .into_iter()
    .flat_map(|(names, flag)| names.iter().map(move |name| (*name, flag)))
}

/// The kinds of each element named in the tables above.
static ELEMENTS: LazyLock<WordMap<LocalName, u8>> = LazyLock::new(|| {
    let mut map = WordMap::default();
    for (name, flag) in named() {
        *map.entry(LocalName::from(name)).or_default() |= flag;
    }
    map
});

/// The same kinds by the name's text, for tags read without html5ever
/// ([`super::scan`]).
static BY_TEXT: LazyLock<WordMap<&'static str, u8>> = LazyLock::new(|| {
    let mut map = WordMap::default();
    for (name, flag) in named() {
        *map.entry(name).or_default() |= flag;
    }
    map
});

/// The kinds of the element `name` ([`BLOCK`], [`PARAGRAPH`], …).
pub(super) fn flags(name: &LocalName) -> u8 {
    ELEMENTS.get(name).copied().unwrap_or(0)
}

/// The kinds of the element `name`, given in lower case.
pub(super) fn flags_of(name: &str) -> u8 {
    BY_TEXT.get(name).copied().unwrap_or(0)
}

/// The state the tokenizer goes into after the start tag `name`, as the
/// tree builder would set it.
pub(super) fn raw_kind(name: &str) -> Option<RawKind> {
    match name {
        "script" => Some(RawKind::ScriptData),
        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => Some(RawKind::Rawtext),
        "title" | "textarea" => Some(RawKind::Rcdata),
        _ => None,
    }
}

/// The attributes of a start tag the reading looks at, found in one pass.
#[derive(Default)]
pub(super) struct Attrs<'a> {
    pub hidden: bool,
    pub aria_hidden: Option<&'a str>,
    pub style: Option<&'a str>,
    pub role: Option<&'a str>,
    pub class: Option<&'a str>,
    pub id: Option<&'a str>,
    pub alt: Option<&'a str>,
    pub src: Option<&'a str>,
    pub data_pgn: Option<&'a str>,
}

/// Where an attribute's value goes in [`Attrs`].
type Slot = for<'a, 'b> fn(&'b mut Attrs<'a>) -> &'b mut Option<&'a str>;

/// The attributes [`Attrs`] keeps, by interned name.
static SLOTS: [(LocalName, Slot); 7] = [
    (local_name!("class"), |a| &mut a.class),
    (local_name!("src"), |a| &mut a.src),
    (local_name!("alt"), |a| &mut a.alt),
    (local_name!("id"), |a| &mut a.id),
    (local_name!("style"), |a| &mut a.style),
    (local_name!("role"), |a| &mut a.role),
    (local_name!("aria-hidden"), |a| &mut a.aria_hidden),
];

impl<'a> Attrs<'a> {
    /// The first of each attribute, as browsers take it.
    pub fn of(tag: &'a Tag) -> Attrs<'a> {
        let mut attrs = Attrs::default();
        for a in &tag.attrs {
            let name = &a.name.local;
            let slot = match SLOTS.iter().find(|(n, _)| n == name) {
                Some((_, slot)) => slot(&mut attrs),
                None if *name == local_name!("hidden") => {
                    attrs.hidden = true;
                    continue;
                }
                None if &**name == "data-pgn" => &mut attrs.data_pgn,
                None => continue,
            };
            if slot.is_none() {
                *slot = Some(&*a.value);
            }
        }
        attrs
    }

    /// Keeps the attribute `name` (any case) of value `value` where it is
    /// one looked at and the first of its name: [`Attrs::of`] for an
    /// attribute read without html5ever.
    pub fn keep(&mut self, name: &str, value: &'a str) {
        let slot = match name.len() {
            2 if name.eq_ignore_ascii_case("id") => &mut self.id,
            3 if name.eq_ignore_ascii_case("src") => &mut self.src,
            3 if name.eq_ignore_ascii_case("alt") => &mut self.alt,
            4 if name.eq_ignore_ascii_case("role") => &mut self.role,
            5 if name.eq_ignore_ascii_case("class") => &mut self.class,
            5 if name.eq_ignore_ascii_case("style") => &mut self.style,
            6 if name.eq_ignore_ascii_case("hidden") => {
                self.hidden = true;
                return;
            }
            8 if name.eq_ignore_ascii_case("data-pgn") => &mut self.data_pgn,
            11 if name.eq_ignore_ascii_case("aria-hidden") => &mut self.aria_hidden,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some(value);
        }
    }

    /// Whether the class names `word` (any case).
    fn has_class(&self, word: &str) -> bool {
        words(self.class).any(|w| w.eq_ignore_ascii_case(word))
    }
}

fn words(value: Option<&str>) -> impl Iterator<Item = &str> {
    value.unwrap_or_default().split_ascii_whitespace()
}

/// Whether the element (of kinds `flags`) is one no one sees: a menu, or
/// hidden.
pub(super) fn hidden(attrs: &Attrs<'_>, flags: u8) -> bool {
    if flags & UNSEEN != 0 {
        return true;
    }
    if flags & (OPTIONAL_END | VOID) != 0 {
        return false;
    }
    if attrs.hidden || attrs.aria_hidden == Some("true") {
        return true;
    }
    if let Some(style) = attrs.style {
        let style: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if style.contains("display:none") || style.contains("visibility:hidden") {
            return true;
        }
    }
    if matches!(attrs.role, Some("navigation" | "menu" | "menubar")) {
        return true;
    }
    words(attrs.class)
        .chain(words(attrs.id))
        .any(|w| MENU_WORDS.iter().any(|m| w.eq_ignore_ascii_case(m)))
}

/// Whether the element holds PGN for a viewer.
pub(super) fn holds_pgn(attrs: &Attrs<'_>, name: &str) -> bool {
    name == "textarea" || name == "pgn" || attrs.has_class("pgn")
}

/// Whether `text` opens with a PGN tag pair (`[Event "…"]`), after any
/// escape lines (`%`) and blank lines.
pub(super) fn opens_with_tags(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('%'));
    first.is_some_and(|line| {
        let mut chars = line.chars();
        chars.next() == Some('[')
            && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && line.contains('"')
    })
}
