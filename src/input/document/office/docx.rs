//! Word documents (DOCX): the main part (`word/document.xml`, or the one
//! the package's relationships name) read paragraph by paragraph (`w:p`):
//! the text of its runs (`w:t`), tabs, line breaks, non-breaking hyphens,
//! tables (`w:tbl`) as [`super::lines`] writes them; the fallback of
//! markup-compatibility choices left out (it repeats the choice), and so
//! is text a tracked change moved away (`w:moveFrom`). A run
//! set in a chess font (by its own `w:rFonts`, its character style or its
//! paragraph's style, as `word/styles.xml` gives them) has its piece
//! letters read as pieces, and a symbol (`w:sym`) of a chess font is read
//! as the piece it draws.

use std::collections::HashMap;

use quick_xml::events::BytesStart;

use super::xml::{Node, Ns, Part};
use super::{Lines, Skip, Walker, called, chess, part_text, walk};
use crate::input::document::Refused;
use crate::input::document::epub::Archive;
use crate::input::document::fonts::{Glyphs, glyph};
use crate::vocab::origin::Kind;

/// Where Word keeps the main part.
const MAIN: &str = "word/document.xml";

/// The most styles a style's font is looked for through (`w:basedOn`).
const CHAIN: usize = 16;

/// The text of the main part, and the part's name.
pub(super) fn read(archive: &mut Archive<'_>) -> Result<(String, String), Refused> {
    let main = main_part(archive);
    if archive.index_for_name(&main).is_none() {
        return Err(not_word(archive));
    }
    let styles = styles(archive, &main);
    let xml = part_text(archive, &main, Kind::Docx)?;
    let mut part = Part::new(&xml, format!("{} whose {main}", called(Kind::Docx)));
    let mut document = Document {
        lines: Lines::default(),
        styles: &styles,
        para_font: None,
        run_font: None,
        runs: 0,
        in_text: false,
        skip: Skip::default(),
    };
    walk(&mut part, &mut document)?;
    Ok((main, document.lines.finish()))
}

/// The refusal of an Office Open XML file with no main document: named
/// by its parts (a workbook's `xl/`, a presentation's `ppt/`).
fn not_word(archive: &Archive<'_>) -> Refused {
    let has = |dir: &str| archive.file_names().flatten().any(|n| n.starts_with(dir));
    Refused::binary(if has("xl/") {
        "an Excel workbook (XLSX)"
    } else if has("ppt/") {
        "a PowerPoint presentation (PPTX)"
    } else {
        "an Office Open XML document"
    })
}

/// The main part the package's relationships (`_rels/.rels`) name, else
/// [`MAIN`].
fn main_part(archive: &mut Archive<'_>) -> String {
    let Ok(rels) = part_text(archive, "_rels/.rels", Kind::Docx) else {
        return MAIN.to_string();
    };
    let mut part = Part::new(&rels, String::new());
    while let Ok(node) = part.next() {
        match node {
            Node::Open {
                ns: Ns::Relations,
                tag,
                ..
            } if tag.local_name().as_ref() == "Relationship" => {
                let kind = Part::plain_attr(&tag, "Type").unwrap_or_default();
                if kind.ends_with("/officeDocument")
                    && let Some(target) = Part::plain_attr(&tag, "Target")
                {
                    return target.trim_start_matches('/').to_string();
                }
            }
            Node::End => break,
            _ => {}
        }
    }
    MAIN.to_string()
}

/// The styles of `styles.xml` beside the main part that set a font, by
/// id: the chess font's letters, or `None` for another font.
type Styles = HashMap<String, Option<&'static Glyphs>>;

fn styles(archive: &mut Archive<'_>, main: &str) -> Styles {
    let path = match main.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/styles.xml"),
        None => "styles.xml".to_string(),
    };
    let Ok(xml) = part_text(archive, &path, Kind::Docx) else {
        return Styles::new();
    };
    // Each style's own font and the style it is based on.
    let mut own: HashMap<String, (Option<String>, Option<String>)> = HashMap::new();
    let mut part = Part::new(&xml, String::new());
    let mut style: Option<(String, Option<String>, Option<String>)> = None;
    while let Ok(node) = part.next() {
        match node {
            Node::Open {
                ns: Ns::Word,
                tag,
                empty,
            } => match tag.local_name().as_ref() {
                "style" if !empty => {
                    style = part
                        .attr(&tag, Ns::Word, "styleId")
                        .map(|id| (id, None, None));
                }
                "basedOn" => {
                    if let Some(s) = style.as_mut() {
                        s.2 = part.attr(&tag, Ns::Word, "val");
                    }
                }
                "rFonts" => {
                    if let Some(s) = style.as_mut() {
                        s.1 = font_of(&part, &tag);
                    }
                }
                _ => {}
            },
            Node::Close { ns: Ns::Word, tag } if tag.local_name().as_ref() == "style" => {
                if let Some((id, font, based_on)) = style.take() {
                    own.entry(id).or_insert((font, based_on));
                }
            }
            Node::End => break,
            _ => {}
        }
    }
    let mut styles = Styles::new();
    for id in own.keys() {
        let mut at = id;
        for _ in 0..CHAIN {
            let Some((font, based_on)) = own.get(at) else {
                break;
            };
            if let Some(font) = font {
                styles.insert(id.clone(), chess(font));
                break;
            }
            match based_on {
                Some(next) => at = next,
                None => break,
            }
        }
    }
    styles
}

/// The font a `w:rFonts` names for Latin text.
fn font_of(part: &Part<'_>, tag: &BytesStart<'_>) -> Option<String> {
    part.attr(tag, Ns::Word, "ascii")
        .or_else(|| part.attr(tag, Ns::Word, "hAnsi"))
}

/// The main part being read.
struct Document<'s> {
    lines: Lines,
    styles: &'s Styles,
    /// The chess font of the paragraph's style, and of the run.
    para_font: Option<&'static Glyphs>,
    run_font: Option<&'static Glyphs>,
    /// The runs open (0 or 1, but for a text box's in a run).
    runs: u32,
    /// Inside a `w:t`.
    in_text: bool,
    skip: Skip,
}

impl Walker for Document<'_> {
    fn open(&mut self, part: &Part<'_>, ns: Ns, tag: &BytesStart<'_>) {
        if self.skip.opens() {
            return;
        }
        let name = tag.local_name();
        match (ns, name.as_ref()) {
            // The fallback repeats its choice; text moved away (tracked)
            // stands again where it was moved to.
            (Ns::Compat, "Fallback") | (Ns::Word, "moveFrom") => self.skip.start(),
            (Ns::Word, "p") => self.para_font = None,
            (Ns::Word, "pStyle") => {
                let id = part.attr(tag, Ns::Word, "val").unwrap_or_default();
                self.para_font = self.styles.get(&id).copied().flatten();
            }
            (Ns::Word, "r") => {
                self.runs += 1;
                self.run_font = self.para_font;
            }
            (Ns::Word, "rStyle") if self.runs > 0 => {
                let id = part.attr(tag, Ns::Word, "val").unwrap_or_default();
                if let Some(font) = self.styles.get(&id) {
                    self.run_font = *font;
                }
            }
            (Ns::Word, "rFonts") if self.runs > 0 => {
                if let Some(font) = font_of(part, tag) {
                    self.run_font = chess(&font);
                }
            }
            (Ns::Word, "t") => self.in_text = true,
            (Ns::Word, "tab" | "ptab") if self.runs > 0 => self.lines.put("\t"),
            (Ns::Word, "br" | "cr") if self.runs > 0 => self.lines.line(),
            (Ns::Word, "noBreakHyphen") => self.lines.put("-"),
            (Ns::Word, "sym") => self.symbol(part, tag),
            (Ns::Word, "tbl") => self.lines.open_table(),
            (Ns::Word, "tc") => self.lines.open_cell(),
            _ => {}
        }
    }

    fn close(&mut self, ns: Ns, name: &str) {
        if self.skip.closes() {
            return;
        }
        match (ns, name) {
            (Ns::Word, "p") => self.lines.line(),
            (Ns::Word, "r") => {
                self.runs = self.runs.saturating_sub(1);
                self.run_font = self.para_font;
            }
            (Ns::Word, "t") => self.in_text = false,
            (Ns::Word, "tc") => self.lines.close_cell(),
            (Ns::Word, "tr") => self.lines.close_row(),
            (Ns::Word, "tbl") => self.lines.close_table(),
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if self.in_text && !self.skip.active() {
            let text = text.replace(['\n', '\r'], " ");
            self.lines.put_in(&text, self.run_font);
        }
    }
}

impl Document<'_> {
    /// A symbol: a character of a font, which Word gives in the private
    /// use area (`F06E` for the font's `n`) where the font is a symbol
    /// font. Read where the font is a chess font and the character one of
    /// its pieces; any other symbol has no text.
    fn symbol(&mut self, part: &Part<'_>, tag: &BytesStart<'_>) {
        let font = part.attr(tag, Ns::Word, "font").unwrap_or_default();
        let code = part
            .attr(tag, Ns::Word, "char")
            .and_then(|c| u32::from_str_radix(&c, 16).ok());
        let letter = code
            .map(|c| {
                if (0xF000..=0xF0FF).contains(&c) {
                    c - 0xF000
                } else {
                    c
                }
            })
            .and_then(char::from_u32);
        if let (Some(glyphs), Some(letter)) = (chess(&font), letter)
            && let Some(figurine) = glyph(letter, glyphs)
        {
            self.lines.put(figurine);
        }
    }
}
