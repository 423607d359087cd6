//! The XML of an office document's parts, read by quick-xml as a stream of
//! elements and text, each element's namespace told by its prefix's
//! binding in scope ([`Names`]), so that a part is read by what its
//! elements are, whatever prefixes its writer chose. Entities and
//! character references are decoded; CDATA is text.

use std::borrow::Cow;
use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesEnd, BytesStart, Event};

use crate::input::document::Refused;

/// The namespaces the readers look at; every other is [`Ns::Other`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ns {
    /// WordprocessingML (transitional or strict).
    Word,
    /// Markup compatibility (`mc:AlternateContent`).
    Compat,
    /// The package's relationships (`_rels/.rels`).
    Relations,
    /// OpenDocument's text, table, style, office, svg and fo namespaces.
    Text,
    Table,
    Style,
    Office,
    Svg,
    Fo,
    Other,
}

/// The namespace named `uri`.
fn ns_of(uri: &str) -> Ns {
    const ODF: &str = "urn:oasis:names:tc:opendocument:xmlns:";
    match uri {
        "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
        | "http://purl.oclc.org/ooxml/wordprocessingml/main" => Ns::Word,
        "http://schemas.openxmlformats.org/markup-compatibility/2006" => Ns::Compat,
        "http://schemas.openxmlformats.org/package/2006/relationships" => Ns::Relations,
        _ => match uri.strip_prefix(ODF) {
            Some("text:1.0") => Ns::Text,
            Some("table:1.0") => Ns::Table,
            Some("style:1.0") => Ns::Style,
            Some("office:1.0") => Ns::Office,
            Some("svg-compatible:1.0") => Ns::Svg,
            Some("xsl-fo-compatible:1.0") => Ns::Fo,
            _ => Ns::Other,
        },
    }
}

/// The bindings of prefixes in scope: each prefix's namespaces, the
/// innermost last, and for each open element the prefixes it declared.
/// A name is looked up in a map, not searched for through the bindings,
/// so a part declaring many namespaces is read in linear time.
#[derive(Default)]
struct Names {
    bound: HashMap<String, Vec<Ns>>,
    declared: Vec<Vec<String>>,
}

impl Names {
    /// Opens an element: its namespace declarations come into scope.
    fn open(&mut self, tag: &BytesStart<'_>) {
        let mut declared = Vec::new();
        for attr in tag.attributes().with_checks(false).flatten() {
            let key = attr.key.0;
            let prefix = match key.strip_prefix("xmlns") {
                Some("") => "",
                Some(rest) => match rest.strip_prefix(':') {
                    Some(prefix) => prefix,
                    None => continue,
                },
                None => continue,
            };
            let uri = quick_xml::escape::unescape(&attr.value).unwrap_or(Cow::Borrowed(""));
            self.bound
                .entry(prefix.to_string())
                .or_default()
                .push(ns_of(&uri));
            declared.push(prefix.to_string());
        }
        self.declared.push(declared);
    }

    /// Closes the innermost element: its declarations go out of scope.
    fn close(&mut self) {
        for prefix in self.declared.pop().unwrap_or_default() {
            if let Some(stack) = self.bound.get_mut(&prefix) {
                stack.pop();
            }
        }
    }

    /// The namespace of a name with `prefix` (`""`: none). An attribute
    /// without a prefix is in none.
    fn resolve(&self, prefix: &str) -> Ns {
        self.bound
            .get(prefix)
            .and_then(|s| s.last().copied())
            .unwrap_or(Ns::Other)
    }
}

/// What a part holds, in order.
pub(super) enum Node<'i> {
    /// An element opens (`empty`: and closes at once, `<w:tab/>`).
    Open {
        ns: Ns,
        tag: BytesStart<'i>,
        empty: bool,
    },
    Close {
        ns: Ns,
        tag: BytesEnd<'i>,
    },
    /// Text, entities decoded.
    Text(Cow<'i, str>),
    End,
}

/// A part being read.
pub(super) struct Part<'i> {
    reader: Reader<&'i [u8]>,
    names: Names,
    /// The namespace of each open element.
    open: Vec<Ns>,
    /// An empty element was handed out: its declarations leave scope now.
    close_pending: bool,
    /// What the part is, for a refusal (`a Word document whose
    /// word/document.xml`).
    what: String,
}

impl<'i> Part<'i> {
    /// `xml`, the text of the part `what` names.
    pub fn new(xml: &'i str, what: String) -> Part<'i> {
        let xml = xml.strip_prefix('\u{feff}').unwrap_or(xml);
        Part {
            reader: Reader::from_str(xml),
            names: Names::default(),
            open: Vec::new(),
            close_pending: false,
            what,
        }
    }

    /// The next element or text.
    pub fn next(&mut self) -> Result<Node<'i>, Refused> {
        if std::mem::take(&mut self.close_pending) {
            self.names.close();
        }
        loop {
            let event = self.reader.read_event().map_err(|e| {
                Refused(format!(
                    "is {} cannot be read: {e} (at byte {})",
                    self.what,
                    self.reader.error_position()
                ))
            })?;
            return Ok(match event {
                Event::Start(tag) => {
                    self.names.open(&tag);
                    let ns = self.element_ns(&tag);
                    self.open.push(ns);
                    Node::Open {
                        ns,
                        tag,
                        empty: false,
                    }
                }
                Event::Empty(tag) => {
                    self.names.open(&tag);
                    self.close_pending = true;
                    let ns = self.element_ns(&tag);
                    Node::Open {
                        ns,
                        tag,
                        empty: true,
                    }
                }
                Event::End(tag) => {
                    self.names.close();
                    let ns = self.open.pop().unwrap_or(Ns::Other);
                    Node::Close { ns, tag }
                }
                Event::Text(text) => Node::Text(text.xml10_content()),
                Event::CData(text) => Node::Text(text.xml10_content()),
                Event::GeneralRef(r) => Node::Text(entity(&r.xml10_content())),
                Event::Eof => Node::End,
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => continue,
            });
        }
    }

    fn element_ns(&self, tag: &BytesStart<'_>) -> Ns {
        let name = tag.name();
        self.names
            .resolve(name.prefix().as_ref().map_or("", |p| p.as_ref()))
    }

    /// The value of the attribute `local` of namespace `ns` of `tag`,
    /// entities decoded.
    pub fn attr(&self, tag: &BytesStart<'_>, ns: Ns, local: &str) -> Option<String> {
        tag.attributes().with_checks(false).flatten().find_map(|a| {
            let prefix = a.key.prefix()?;
            (a.key.local_name().as_ref() == local && self.names.resolve(prefix.as_ref()) == ns)
                .then(|| {
                    quick_xml::escape::unescape(&a.value)
                        .map_or_else(|_| a.value.to_string(), Cow::into_owned)
                })
        })
    }

    /// The value of the attribute `name`, which has no prefix.
    pub fn plain_attr(tag: &BytesStart<'_>, name: &str) -> Option<String> {
        tag.attributes()
            .with_checks(false)
            .flatten()
            .find(|a| a.key.0 == name)
            .map(|a| {
                quick_xml::escape::unescape(&a.value)
                    .map_or_else(|_| a.value.to_string(), Cow::into_owned)
            })
    }
}

/// The text of an entity reference (`amp`, `#x2654`): the five of XML
/// and character references; any other is kept as written.
fn entity(name: &str) -> Cow<'static, str> {
    let by_number = name
        .strip_prefix('#')
        .and_then(|n| match n.strip_prefix('x') {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => n.parse().ok(),
        });
    if let Some(c) = by_number.and_then(char::from_u32) {
        return Cow::Owned(c.to_string());
    }
    match quick_xml::escape::resolve_predefined_entity(name) {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(format!("&{name};")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elements and text of `xml` as `ns:local` / `/ns:local` / text.
    fn nodes(xml: &str) -> Vec<String> {
        let mut part = Part::new(xml, "a test part".into());
        let mut out = Vec::new();
        loop {
            match part.next().expect("well formed") {
                Node::Open { ns, tag, empty } => {
                    let local = tag.local_name();
                    out.push(format!(
                        "{ns:?}:{}{}",
                        local.as_ref(),
                        if empty { "/" } else { "" }
                    ));
                }
                Node::Close { ns, tag } => {
                    out.push(format!("/{ns:?}:{}", tag.local_name().as_ref()))
                }
                Node::Text(text) => out.push(text.into_owned()),
                Node::End => return out,
            }
        }
    }

    #[test]
    fn names_are_read_by_their_namespace_not_their_prefix() {
        let xml = r#"<?xml version="1.0"?><x:document xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><x:p><x:t>1.e4 &amp; &#x2658;f3<![CDATA[ <b>]]></x:t><x:tab/></x:p><p xmlns="urn:oasis:names:tc:opendocument:xmlns:text:1.0"/><x:p/></x:document>"#;
        assert_eq!(
            nodes(xml),
            [
                "Word:document",
                "Word:p",
                "Word:t",
                "1.e4 ",
                "&",
                " ",
                "♘",
                "f3",
                " <b>",
                "/Word:t",
                "Word:tab/",
                "/Word:p",
                "Text:p/",
                "Word:p/",
                "/Word:document"
            ]
        );
    }

    #[test]
    fn a_broken_part_is_refused_naming_it() {
        let mut part = Part::new(
            "<a><b></a>",
            "a Word document whose word/document.xml".into(),
        );
        let err = loop {
            match part.next() {
                Ok(Node::End) => panic!("read to the end"),
                Ok(_) => {}
                Err(e) => break e.0,
            }
        };
        assert!(
            err.starts_with("is a Word document whose word/document.xml cannot be read"),
            "{err}"
        );
    }
}
