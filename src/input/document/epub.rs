//! E-books (EPUB): `META-INF/container.xml` names the package (OPF), whose
//! spine lists the chapters in reading order; each chapter is a web page,
//! read as [`super::html`] reads one; the map of the text names each
//! chapter by its path in the book.

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};
use std::rc::Rc;

use html5ever::TokenizerResult;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::css::Styles;
use super::{Refused, Text};
use crate::vocab::origin::{Kind, SourceMap};

/// What an e-book is called in a refusal.
const EPUB: &str = "an EPUB";

/// The most bytes one entry of the book (or of an office document) may
/// unpack to.
const ENTRY_LIMIT: u64 = 64 * 1024 * 1024;

pub(super) type Archive<'a> = zip::ZipArchive<Cursor<&'a [u8]>>;

/// The text of an e-book: its chapters in spine order.
pub(super) fn to_text(bytes: &[u8]) -> Result<Text, Refused> {
    let broken = |e: zip::result::ZipError| Refused(format!("is an EPUB that cannot be read: {e}"));
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(broken)?;
    let container = xml(&entry(&mut archive, "META-INF/container.xml", EPUB)?);
    let package = tags(&container)
        .into_iter()
        .find(|t| t.name == "rootfile")
        .and_then(|t| t.get("full-path"))
        .ok_or_else(|| Refused("is an EPUB whose container.xml names no package".into()))?;
    let opf = xml(&entry(&mut archive, &package, EPUB)?);
    let base = package.rsplit_once('/').map_or("", |(dir, _)| dir);
    let items = tags(&opf);
    let css = stylesheets(&mut archive, base, &items);
    // Read once, for every chapter to add its own to.
    let mut book = Styles::default();
    book.add(&css);
    let book = Rc::new(book);
    let mut text = String::new();
    let mut map = SourceMap::new(Kind::Epub);
    let mut lines = 1;
    // The manifest's items by id (the first of an id), looked up once a
    // chapter: not searched through for each.
    let mut hrefs: HashMap<String, Option<String>> = HashMap::new();
    for item in items.iter().filter(|t| t.name == "item") {
        if let Some(id) = item.get("id") {
            hrefs.entry(id).or_insert_with(|| item.get("href"));
        }
    }
    // Each chapter read once: the spine names an item once (EPUB 3.3,
    // "itemref"), and a book that names one many times would have it
    // unpacked and read again each time.
    let mut read = HashSet::new();
    for itemref in items.iter().filter(|t| t.name == "itemref") {
        let Some(idref) = itemref.get("idref") else {
            continue;
        };
        let Some(Some(href)) = hrefs.get(&idref) else {
            continue;
        };
        let path = resolve(base, href);
        if !read.insert(path.clone()) {
            continue;
        }
        let chapter = entry(&mut archive, &path, EPUB)?;
        let page =
            super::html::styled_html_to_text(&chapter, None, Styles::over(Rc::clone(&book)))?;
        if page.text.trim().is_empty() {
            continue;
        }
        if !text.is_empty() {
            text.push('\n');
            lines += 1;
        }
        map.push_chapter(path, &page.map, lines);
        lines += memchr::memchr_iter(b'\n', page.text.as_bytes()).count() as u32;
        text.push_str(&page.text);
    }
    Ok(Text {
        text,
        encoding: None,
        map,
    })
}

/// The book's stylesheets (the CSS files of its manifest), one after the
/// other: each chapter is read with them all, so that a figurine font they
/// give a class is known wherever the class is used.
/// One that cannot be read is passed over: it takes no text away.
fn stylesheets(archive: &mut Archive<'_>, base: &str, items: &[XmlTag]) -> String {
    let mut css = String::new();
    for item in items.iter().filter(|t| t.name == "item") {
        if item.get("media-type").as_deref() != Some("text/css") {
            continue;
        }
        if let Some(href) = item.get("href")
            && let Ok(sheet) = entry(archive, &resolve(base, &href), EPUB)
        {
            css.push_str(&xml(&sheet));
            css.push('\n');
        }
    }
    css
}

/// The text of the book's XML files, UTF-8 as EPUB requires.
fn xml(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bytes of one entry of a zip file (`what`: `an EPUB`, for a
/// refusal), up to [`ENTRY_LIMIT`]: a small entry that would unpack to
/// more (a zip bomb) is refused, never unpacked whole.
pub(super) fn entry(archive: &mut Archive<'_>, name: &str, what: &str) -> Result<Vec<u8>, Refused> {
    let broken =
        |e: &dyn std::fmt::Display| Refused(format!("is {what} whose {name} cannot be read: {e}"));
    let mut file = archive.by_name(name).map_err(|e| broken(&e))?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(ENTRY_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| broken(&e))?;
    if bytes.len() as u64 > ENTRY_LIMIT {
        return Err(Refused(format!(
            "is {what} whose {name} unpacks to more than {} MiB",
            ENTRY_LIMIT >> 20
        )));
    }
    Ok(bytes)
}

/// `href` (relative, percent-encoded, maybe with a fragment) from the
/// package's folder `base`, as a path in the archive.
fn resolve(base: &str, href: &str) -> String {
    let href = href.split('#').next().unwrap_or_default();
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in href.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    percent_decode(&parts.join("/"))
}

fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A start tag of the package's XML: its name without a prefix, and its
/// attributes.
struct XmlTag {
    name: String,
    attrs: Vec<(String, String)>,
}

impl XmlTag {
    fn get(&self, name: &str) -> Option<String> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}

#[derive(Default)]
struct Tags(std::cell::RefCell<Vec<XmlTag>>);

impl TokenSink for Tags {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(tag) = token
            && tag.kind == html5ever::tokenizer::TagKind::StartTag
        {
            let local = |n: &str| n.rsplit(':').next().unwrap_or(n).to_string();
            self.0.borrow_mut().push(XmlTag {
                name: local(&tag.name),
                attrs: tag
                    .attrs
                    .iter()
                    .map(|a| (local(&a.name.local), a.value.to_string()))
                    .collect(),
            });
        }
        TokenSinkResult::Continue
    }
}

/// The start tags of a small XML file (container.xml, the package), read
/// by the HTML tokenizer: names and attributes are all the package needs.
fn tags(xml: &str) -> Vec<XmlTag> {
    let tokenizer = Tokenizer::new(Tags::default(), TokenizerOpts::default());
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(xml));
    while let TokenizerResult::Script(()) = tokenizer.feed(&queue) {}
    tokenizer.end();
    tokenizer.sink.0.into_inner()
}
