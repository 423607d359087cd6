//! Word documents (DOCX) and OpenDocument texts (ODT): the zip read with
//! the `zip` crate as an EPUB is, the part holding the text
//! (`word/document.xml`, `content.xml`) read with quick-xml ([`xml`]), and
//! written out as a person reads the document: each paragraph or heading
//! a line, a line break a line, a tab a tab, a table's row a line with
//! its cells apart, letters set in a chess font read as the pieces they
//! draw. The map of the text names the part and the line and column in
//! it as read.

use std::io::Cursor;

use quick_xml::events::BytesStart;

use super::epub::{Archive, entry};
use super::fonts::{Glyphs, chess_font, normalize};
use super::{Refused, Text};
use crate::vocab::origin::{Kind, Run, SourceMap};

mod docx;
mod lines;
mod odt;
mod xml;

use lines::Lines;

use xml::{Node, Ns, Part};

/// The text of a Word document.
pub(super) fn docx_to_text(bytes: &[u8]) -> Result<Text, Refused> {
    let mut archive = open(bytes, Kind::Docx)?;
    let (part, text) = docx::read(&mut archive)?;
    Ok(mapped(Kind::Docx, part, text))
}

/// The text of an OpenDocument text.
pub(super) fn odt_to_text(bytes: &[u8]) -> Result<Text, Refused> {
    let mut archive = open(bytes, Kind::Odt)?;
    let text = odt::read(&mut archive)?;
    Ok(mapped(Kind::Odt, "content.xml".to_string(), text))
}

/// What a document of `kind` is called in a refusal.
fn called(kind: Kind) -> &'static str {
    match kind {
        Kind::Odt => "an OpenDocument text (ODT)",
        _ => "a Word document (DOCX)",
    }
}

fn open(bytes: &[u8], kind: Kind) -> Result<Archive<'_>, Refused> {
    zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| Refused(format!("is {} that cannot be read: {e}", called(kind))))
}

/// The text of the part `name` (UTF-8, as both formats write their XML),
/// up to the size an entry may unpack to.
fn part_text(archive: &mut Archive<'_>, name: &str, kind: Kind) -> Result<String, Refused> {
    let bytes = entry(archive, name, called(kind))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The text, mapped: each of its lines is the line of the part `part`
/// of that number as read, column for column.
fn mapped(kind: Kind, part: String, text: String) -> Text {
    let mut lines = SourceMap::new(kind);
    lines.push(Run {
        text_line: 1,
        text_column: 1,
        part: 0,
        line: 1,
        column: 1,
        verbatim: true,
    });
    let mut map = SourceMap::new(kind);
    map.push_chapter(part, &lines, 1);
    Text {
        text,
        encoding: None,
        map,
    }
}

/// What reads a part: told of each element opening and closing and of
/// the text between.
trait Walker {
    fn open(&mut self, part: &Part<'_>, ns: Ns, tag: &BytesStart<'_>);
    fn close(&mut self, ns: Ns, name: &str);
    fn text(&mut self, text: &str);
}

/// Reads `part` to its end into `walker`; an empty element opens and
/// closes.
fn walk(part: &mut Part<'_>, walker: &mut impl Walker) -> Result<(), Refused> {
    loop {
        match part.next()? {
            Node::Open { ns, tag, empty } => {
                walker.open(part, ns, &tag);
                if empty {
                    walker.close(ns, tag.local_name().as_ref());
                }
            }
            Node::Close { ns, tag } => walker.close(ns, tag.local_name().as_ref()),
            Node::Text(text) => walker.text(&text),
            Node::End => return Ok(()),
        }
    }
}

/// The depth inside an element left out with all it holds (a note, a
/// fallback copy).
#[derive(Default)]
struct Skip(u32);

impl Skip {
    /// Leaves out the element opening now.
    fn start(&mut self) {
        self.0 = 1;
    }

    /// An element opens: whether it is inside one left out.
    fn opens(&mut self) -> bool {
        if self.0 > 0 {
            self.0 += 1;
        }
        self.0 > 0
    }

    /// An element closes: whether it was left out.
    fn closes(&mut self) -> bool {
        let skipped = self.0 > 0;
        self.0 = self.0.saturating_sub(1);
        skipped
    }

    fn active(&self) -> bool {
        self.0 > 0
    }
}

/// The chess font `family` names, if it is one.
fn chess(family: &str) -> Option<&'static Glyphs> {
    chess_font(&normalize(family))
}

#[cfg(test)]
mod tests;
