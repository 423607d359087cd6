//! Where the text read from a document came from: the kinds of document
//! ([`Kind`]) and a [`SourceMap`] from a line and column of the text as
//! read to the [`Place`] in the document it was read from (the line and
//! column of a web page's source, the page and line of a PDF, the chapter,
//! line and column of an e-book). The input stage builds the map while it
//! turns a document into text; diagnostics and the ndjson printer consult
//! it.

use std::fmt;

/// A kind of document `notate` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    #[default]
    Html,
    Epub,
    Pdf,
    /// A Word document (Office Open XML).
    Docx,
    /// An OpenDocument text.
    Odt,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Html => "HTML",
            Kind::Epub => "EPUB",
            Kind::Pdf => "PDF",
            Kind::Docx => "DOCX",
            Kind::Odt => "ODT",
        }
    }

    /// The kind as JSON names it: `html`, `epub`, `pdf`.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Html => "html",
            Kind::Epub => "epub",
            Kind::Pdf => "pdf",
            Kind::Docx => "docx",
            Kind::Odt => "odt",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a stretch of the text as read begins, and where in the document
/// it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// 1-based line and character column in the text as read.
    pub text_line: u32,
    pub text_column: u32,
    /// The chapter (EPUB: an index into the map's chapters) or the page
    /// (PDF: 1-based); 0 for a web page.
    pub part: u32,
    /// 1-based line in the document: the web page's source line, the
    /// line on the PDF's page as read.
    pub line: u32,
    /// 1-based character column in that line; 0 where not known.
    pub column: u32,
    /// The run's text is the document's, character for character (up to
    /// the next run): a place inside it is as far into the document.
    /// Otherwise (a decoded entity, a figurine image) every place in it is
    /// the run's start.
    pub verbatim: bool,
}

/// A place in a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place<'a> {
    pub kind: Kind,
    /// The chapter's path in an e-book.
    pub chapter: Option<&'a str>,
    /// The part's path in a Word or OpenDocument file
    /// (`word/document.xml`, `content.xml`).
    pub part: Option<&'a str>,
    /// The page of a PDF (1-based).
    pub page: Option<u32>,
    pub line: u32,
    pub column: Option<u32>,
}

impl fmt::Display for Place<'_> {
    /// `57:23` (a web page), `OEBPS/ch2.xhtml:57:23` (an e-book),
    /// `page 3:12:5` (a PDF).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = self.chapter.or(self.part) {
            write!(f, "{path}:")?;
        }
        if let Some(page) = self.page {
            write!(f, "page {page}:")?;
        }
        write!(f, "{}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ":{column}")?;
        }
        Ok(())
    }
}

impl Place<'_> {
    /// The place as JSON: `{"kind": "html", "line": 57, "column": 23}`,
    /// with `chapter` (EPUB), `part` (DOCX, ODT) or `page` (PDF); `column`
    /// null where not known.
    pub fn to_json(&self) -> serde_json::Value {
        let mut value = serde_json::json!({
            "kind": self.kind.code(),
            "line": self.line,
            "column": self.column,
        });
        if let Some(chapter) = self.chapter {
            value["chapter"] = chapter.into();
        }
        if let Some(part) = self.part {
            value["part"] = part.into();
        }
        if let Some(page) = self.page {
            value["page"] = page.into();
        }
        value
    }
}

/// Runs of the text as read, in its order, each with its place in the
/// document: a place of the text is found by a binary search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    pub kind: Kind,
    runs: Vec<Run>,
    /// The chapters' paths (EPUB), or the parts' (DOCX, ODT), by
    /// [`Run::part`].
    chapters: Vec<String>,
}

impl SourceMap {
    pub fn new(kind: Kind) -> SourceMap {
        SourceMap {
            kind,
            runs: Vec::new(),
            chapters: Vec::new(),
        }
    }

    /// Adds a run, after every run there (later runs at the same place
    /// of the text replace it).
    pub fn push(&mut self, run: Run) {
        match self.runs.last_mut() {
            Some(last)
                if (last.text_line, last.text_column) == (run.text_line, run.text_column) =>
            {
                *last = run;
            }
            Some(last) if (last.text_line, last.text_column) > (run.text_line, run.text_column) => {
            }
            _ => self.runs.push(run),
        }
    }

    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// Adds a chapter (EPUB) or a part (DOCX, ODT) and the map of its
    /// text, whose first line is
    /// line `first_line` of the whole text.
    pub fn push_chapter(&mut self, path: String, map: &SourceMap, first_line: u32) {
        let part = self.chapters.len() as u32;
        self.chapters.push(path);
        for run in &map.runs {
            self.push(Run {
                text_line: run.text_line + first_line - 1,
                part,
                ..*run
            });
        }
    }

    /// The place in the document of the character at `line` and `column`
    /// (1-based) of the text as read; `None` before the first run.
    pub fn place(&self, line: u32, column: u32) -> Option<Place<'_>> {
        let at = self
            .runs
            .partition_point(|r| (r.text_line, r.text_column) <= (line, column));
        let run = self.runs.get(at.checked_sub(1)?)?;
        let (line, column) = match (run.verbatim, run.text_line == line) {
            (false, _) => (run.line, run.column),
            (true, true) => (run.line, run.column + (column - run.text_column)),
            // A run of several lines (kept as they are: `<pre>`, PGN in a
            // `<textarea>`) starts each of its later lines at the start of
            // a line of the document.
            (true, false) => (run.line + (line - run.text_line), column),
        };
        let path = self.chapters.get(run.part as usize).map(String::as_str);
        Some(Place {
            kind: self.kind,
            chapter: path.filter(|_| self.kind == Kind::Epub),
            part: path.filter(|_| matches!(self.kind, Kind::Docx | Kind::Odt)),
            page: (self.kind == Kind::Pdf).then_some(run.part),
            line,
            column: (run.column > 0).then_some(column),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: (u32, u32), line: u32, column: u32, verbatim: bool) -> Run {
        Run {
            text_line: text.0,
            text_column: text.1,
            part: 0,
            line,
            column,
            verbatim,
        }
    }

    #[test]
    fn places_are_found_inside_runs() {
        let mut map = SourceMap::new(Kind::Html);
        map.push(run((1, 1), 10, 5, true));
        map.push(run((1, 9), 11, 3, false));
        map.push(run((2, 1), 12, 1, true));
        assert_eq!(map.place(1, 4).map(|p| p.to_string()), Some("10:8".into()));
        assert_eq!(map.place(1, 12).map(|p| p.to_string()), Some("11:3".into()));
        assert_eq!(map.place(3, 2).map(|p| p.to_string()), Some("13:2".into()));
        let mut pdf = SourceMap::new(Kind::Pdf);
        pdf.push(Run {
            part: 3,
            ..run((2, 1), 12, 1, true)
        });
        assert_eq!(pdf.place(1, 1), None);
        assert_eq!(
            pdf.place(2, 5).map(|p| p.to_string()),
            Some("page 3:12:5".into())
        );
        let mut book = SourceMap::new(Kind::Epub);
        book.push_chapter("OEBPS/c1.xhtml".into(), &map, 1);
        book.push_chapter("OEBPS/c2.xhtml".into(), &map, 5);
        assert_eq!(
            book.place(5, 3).map(|p| p.to_string()),
            Some("OEBPS/c2.xhtml:10:7".into())
        );
        assert_eq!(
            book.place(2, 1).map(|p| p.to_string()),
            Some("OEBPS/c1.xhtml:12:1".into())
        );
    }
}
