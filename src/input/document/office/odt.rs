//! OpenDocument texts (ODT): `content.xml` read paragraph by paragraph
//! (`text:p`, `text:h`): its text with white space collapsed as ODF says
//! (a run of spaces, tabs and line ends is one space, none at a
//! paragraph's start), `text:s` as its count of spaces, `text:tab` a tab,
//! `text:line-break` a line; tables as [`super::lines`] writes them; notes,
//! annotations, tracked deletions and images' titles left out. Text set
//! in a chess font (by the style of its span or paragraph, as the styles
//! of `styles.xml` and `content.xml` give them, through their font faces)
//! has its piece letters read as pieces.

use std::collections::HashMap;

use quick_xml::events::BytesStart;

use super::xml::{Ns, Part};
use super::{Lines, Skip, Walker, called, chess, part_text, walk};
use crate::input::document::Refused;
use crate::input::document::epub::Archive;
use crate::input::document::fonts::Glyphs;
use crate::vocab::origin::Kind;

/// The most spaces one `text:s` stands for here.
const SPACES: usize = 32;

/// The most styles a style's font is looked for through (its parents).
const CHAIN: usize = 16;

/// The text of `content.xml`.
pub(super) fn read(archive: &mut Archive<'_>) -> Result<String, Refused> {
    let mut content = Content::default();
    // The named styles first (what of them can be read: a broken styles.xml
    // takes no text away); content.xml's own come before its body.
    if let Ok(xml) = part_text(archive, "styles.xml", Kind::Odt) {
        let _ = walk(&mut Part::new(&xml, String::new()), &mut content.styles);
    }
    let xml = part_text(archive, "content.xml", Kind::Odt)?;
    let mut part = Part::new(&xml, format!("{} whose content.xml", called(Kind::Odt)));
    walk(&mut part, &mut content)?;
    Ok(content.lines.finish())
}

/// The styles that set a font, and the font faces' families.
#[derive(Default)]
struct Styles {
    /// Each style's font (a face's name or a family) and its parent.
    styles: HashMap<String, (Option<String>, Option<String>)>,
    /// Each font face's family, by the face's name.
    faces: HashMap<String, String>,
    /// The style being read.
    current: Option<(String, Option<String>, Option<String>)>,
}

impl Walker for Styles {
    fn open(&mut self, part: &Part<'_>, ns: Ns, tag: &BytesStart<'_>) {
        match (ns, tag.local_name().as_ref()) {
            (Ns::Style, "font-face") => {
                if let Some(name) = part.attr(tag, Ns::Style, "name") {
                    let family = part.attr(tag, Ns::Svg, "font-family");
                    self.faces.insert(name.clone(), family.unwrap_or(name));
                }
            }
            (Ns::Style, "style") => {
                self.current = part.attr(tag, Ns::Style, "name").map(|name| {
                    let parent = part.attr(tag, Ns::Style, "parent-style-name");
                    (name, None, parent)
                });
            }
            (Ns::Style, "text-properties") => {
                if let Some(style) = self.current.as_mut() {
                    let font = part.attr(tag, Ns::Style, "font-name");
                    style.1 = font.or_else(|| part.attr(tag, Ns::Fo, "font-family"));
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, ns: Ns, name: &str) {
        if (ns, name) == (Ns::Style, "style")
            && let Some((name, font, parent)) = self.current.take()
        {
            self.styles.insert(name, (font, parent));
        }
    }

    fn text(&mut self, _: &str) {}
}

impl Styles {
    /// The font the style `name` sets, through its parents: `Some` of
    /// the chess font's letters or of `None` (another font), `None` where
    /// it sets none.
    fn font(&self, name: &str) -> Option<Option<&'static Glyphs>> {
        let mut at = name;
        for _ in 0..CHAIN {
            let (font, parent) = self.styles.get(at)?;
            if let Some(font) = font {
                let family = self.faces.get(font).unwrap_or(font);
                return Some(chess(family).or_else(|| chess(font)));
            }
            at = parent.as_deref()?;
        }
        None
    }
}

/// `content.xml` being read: its styles, then its body.
#[derive(Default)]
struct Content {
    lines: Lines,
    styles: Styles,
    /// The paragraphs and headings open.
    paras: u32,
    /// The chess font of each span or paragraph open.
    fonts: Vec<Option<&'static Glyphs>>,
    /// The text written last on the line is collapsible white space, or
    /// none is written on it yet.
    white: bool,
    skip: Skip,
}

impl Walker for Content {
    fn open(&mut self, part: &Part<'_>, ns: Ns, tag: &BytesStart<'_>) {
        self.styles.open(part, ns, tag);
        if self.skip.opens() {
            return;
        }
        let name = tag.local_name();
        match (ns, name.as_ref()) {
            (Ns::Text, "note" | "tracked-changes")
            | (Ns::Office, "annotation")
            | (Ns::Svg, "title" | "desc") => self.skip.start(),
            (Ns::Text, "p" | "h" | "span" | "a") => {
                if name.as_ref() == "p" || name.as_ref() == "h" {
                    self.paras += 1;
                    self.white = true;
                }
                let inherited = self.fonts.last().copied().flatten();
                let own = part
                    .attr(tag, Ns::Text, "style-name")
                    .and_then(|s| self.styles.font(&s));
                self.fonts.push(own.unwrap_or(inherited));
            }
            (Ns::Text, "s") if self.paras > 0 => {
                let count = part
                    .attr(tag, Ns::Text, "c")
                    .and_then(|c| c.trim().parse::<usize>().ok())
                    .unwrap_or(1);
                self.lines.put(&" ".repeat(count.clamp(1, SPACES)));
                self.white = false;
            }
            (Ns::Text, "tab") if self.paras > 0 => {
                self.lines.put("\t");
                self.white = false;
            }
            (Ns::Text, "line-break") if self.paras > 0 => {
                self.lines.line();
                self.white = true;
            }
            (Ns::Table, "table") => self.lines.open_table(),
            (Ns::Table, "table-cell") => self.lines.open_cell(),
            _ => {}
        }
    }

    fn close(&mut self, ns: Ns, name: &str) {
        self.styles.close(ns, name);
        if self.skip.closes() {
            return;
        }
        match (ns, name) {
            (Ns::Text, "p" | "h") => {
                self.fonts.pop();
                self.paras = self.paras.saturating_sub(1);
                self.lines.line();
                self.white = true;
            }
            (Ns::Text, "span" | "a") => {
                self.fonts.pop();
            }
            (Ns::Table, "table-cell") => self.lines.close_cell(),
            (Ns::Table, "table-row") => self.lines.close_row(),
            (Ns::Table, "table") => self.lines.close_table(),
            _ => {}
        }
    }

    /// Text inside a paragraph, its white space collapsed.
    fn text(&mut self, text: &str) {
        if self.paras == 0 || self.skip.active() {
            return;
        }
        let mut piece = String::with_capacity(text.len());
        for c in text.chars() {
            if matches!(c, ' ' | '\t' | '\n' | '\r') {
                if !self.white {
                    piece.push(' ');
                    self.white = true;
                }
            } else {
                piece.push(c);
                self.white = false;
            }
        }
        let font = self.fonts.last().copied().flatten();
        self.lines.put_in(&piece, font);
    }
}
