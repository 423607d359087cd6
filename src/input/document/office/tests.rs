//! Word and OpenDocument files made here, read as a person reads them.

use std::io::Write;

use super::{docx_to_text, odt_to_text};
use crate::input::document::{Kind, Sniffed, sniff};

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/// A zip of `entries`, the first stored (as `mimetype` must be).
fn zip_of(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (i, (name, data)) in entries.iter().enumerate() {
        let method = if i == 0 {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        zip.start_file(*name, options).expect("zip");
        zip.write_all(data.as_bytes()).expect("zip");
    }
    zip.finish().expect("zip").into_inner()
}

fn docx(body: &str, styles: Option<&str>) -> Vec<u8> {
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="{W}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>{body}</w:body></w:document>"#
    );
    let mut entries = vec![
        ("[Content_Types].xml", "<Types/>"),
        ("word/document.xml", document.as_str()),
    ];
    let styles = styles.map(|s| format!(r#"<w:styles xmlns:w="{W}">{s}</w:styles>"#));
    if let Some(styles) = &styles {
        entries.push(("word/styles.xml", styles));
    }
    zip_of(&entries)
}

fn docx_text(body: &str, styles: Option<&str>) -> String {
    docx_to_text(&docx(body, styles)).expect("read").text
}

#[test]
fn word_paragraphs_are_lines_and_runs_their_text() {
    let body = r#"<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t xml:space="preserve">1. e</w:t></w:r><w:r><w:t>4</w:t></w:r><w:r><w:tab/><w:t>e5 &amp; 2.</w:t><w:br/><w:t>Nf3</w:t></w:r></w:p><w:p/><w:p><w:r><w:t>O</w:t><w:noBreakHyphen/><w:t>O</w:t></w:r><w:del><w:r><w:delText>Qh5</w:delText></w:r></w:del></w:p>"#;
    assert_eq!(docx_text(body, None), "1. e4\te5 & 2.\nNf3\n\nO-O\n");
}

#[test]
fn word_table_rows_are_lines_with_their_cells_apart() {
    let row = |cells: &[&str]| {
        let cells: String = cells
            .iter()
            .map(|c| format!("<w:tc><w:p><w:r><w:t>{c}</w:t></w:r></w:p></w:tc>"))
            .collect();
        format!("<w:tr>{cells}</w:tr>")
    };
    let body = format!(
        "<w:p><w:r><w:t>White: Kasparov</w:t></w:r></w:p><w:tbl>{}{}</w:tbl><w:p><w:r><w:t>1-0</w:t></w:r></w:p>",
        row(&["1.", "e4", "e5"]),
        row(&["2.", "Nf3", "<![CDATA[Nc6]]>"])
    );
    assert_eq!(
        docx_text(&body, None),
        "White: Kasparov\n1. e4 e5\n2. Nf3 Nc6\n1-0\n"
    );
}

#[test]
fn word_chess_fonts_and_symbols_are_read_as_pieces() {
    let styles = r#"<w:style w:type="character" w:styleId="Fig"><w:basedOn w:val="Base"/></w:style><w:style w:type="character" w:styleId="Base"><w:rPr><w:rFonts w:ascii="FigurineCB AriesSP" w:hAnsi="FigurineCB AriesSP"/></w:rPr></w:style>"#;
    let body = r#"<w:p><w:r><w:t xml:space="preserve">1.e4 e5 2.</w:t></w:r><w:r><w:rPr><w:rFonts w:ascii="Chess Merida"/></w:rPr><w:t>n</w:t></w:r><w:r><w:t xml:space="preserve">f3 </w:t></w:r><w:r><w:sym w:font="Chess Merida" w:char="F06D"/><w:t xml:space="preserve">c6 3.</w:t></w:r><w:r><w:rPr><w:rStyle w:val="Fig"/></w:rPr><w:t>B</w:t></w:r><w:r><w:t xml:space="preserve">b5 Black </w:t></w:r><w:r><w:sym w:font="Wingdings" w:char="F06E"/></w:r></w:p>"#;
    assert_eq!(
        docx_text(body, Some(styles)),
        "1.e4 e5 2.♘f3 ♘c6 3.♗b5 Black \n"
    );
}

#[test]
fn word_fallback_and_moved_away_text_are_read_once() {
    let body = r#"<w:p><w:r><w:t>1.e4</w:t></w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:t xml:space="preserve"> e5</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t xml:space="preserve"> e5</w:t></w:r></mc:Fallback></mc:AlternateContent><w:moveFrom w:id="1"><w:r><w:t xml:space="preserve"> 2.Nf3</w:t></w:r></w:moveFrom><w:r><w:t xml:space="preserve"> 2.Nc3</w:t></w:r><w:moveTo w:id="2"><w:r><w:t xml:space="preserve"> Nf6 3.Nf3</w:t></w:r></w:moveTo></w:p>"#;
    assert_eq!(docx_text(body, None), "1.e4 e5 2.Nc3 Nf6 3.Nf3\n");
}

#[test]
fn word_diagnostic_places_name_the_part_and_line() {
    let text = docx_to_text(&docx(
        "<w:p><w:r><w:t>Round 1</w:t></w:r></w:p><w:p><w:r><w:t>1.e4 e5</w:t></w:r></w:p>",
        None,
    ))
    .expect("read");
    assert_eq!(
        text.map.place(2, 6).map(|p| p.to_string()),
        Some("word/document.xml:2:6".into())
    );
    let place = text.map.place(2, 6).expect("a place");
    assert_eq!(
        place.to_json(),
        serde_json::json!({"kind": "docx", "part": "word/document.xml", "line": 2, "column": 6})
    );
}

fn odt(body: &str, automatic: &str) -> Vec<u8> {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0">
<office:font-face-decls><style:font-face style:name="Merida1" svg:font-family="'Chess Merida'"/></office:font-face-decls>
<office:automatic-styles>{automatic}</office:automatic-styles>
<office:body><office:text>
{body}
</office:text></office:body></office:document-content>"#
    );
    zip_of(&[
        ("mimetype", "application/vnd.oasis.opendocument.text"),
        ("content.xml", &content),
    ])
}

#[test]
fn odt_paragraphs_spaces_tabs_and_tables() {
    let body = r#"<text:h text:outline-level="1">Kasparov  –
      Deep Blue</text:h>
<text:p>  1.e4<text:s text:c="3"/>e5<text:tab/>2.Nf3<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>A note</text:p></text:note-body></text:note><text:line-break/>Nc6</text:p>
<table:table><table:table-row><table:table-cell><text:p>3.</text:p></table:table-cell><table:table-cell><text:p>Bb5</text:p></table:table-cell><table:covered-table-cell/><table:table-cell><text:p>a6</text:p><text:p>!</text:p></table:table-cell></table:table-row></table:table>
<text:p/>"#;
    let text = odt_to_text(&odt(body, "")).expect("read");
    assert_eq!(
        text.text,
        "Kasparov – Deep Blue\n1.e4   e5\t2.Nf3\nNc6\n3. Bb5 a6 !\n\n"
    );
    assert_eq!(
        text.map.place(2, 3).map(|p| p.to_string()),
        Some("content.xml:2:3".into())
    );
}

#[test]
fn odt_chess_fonts_of_styles_are_read_as_pieces() {
    let automatic = r#"<style:style style:name="T1" style:family="text"><style:text-properties style:font-name="Merida1"/></style:style><style:style style:name="T2" style:family="text" style:parent-style-name="T1"/><style:style style:name="T3" style:family="text"><style:text-properties fo:font-family="Liberation Serif"/></style:style>"#;
    let body = r#"<text:p>1.e4 e5 2.<text:span text:style-name="T1">n</text:span>f3 <text:span text:style-name="T2">m</text:span>c6 <text:span text:style-name="T3">n</text:span></text:p>"#;
    assert_eq!(
        odt_to_text(&odt(body, automatic)).expect("read").text,
        "1.e4 e5 2.♘f3 ♘c6 n\n"
    );
}

#[test]
fn office_files_are_told_apart_from_other_zips() {
    let odt = odt("<text:p>1.e4</text:p>", "");
    assert_eq!(sniff(&odt), Sniffed::Document(Kind::Odt));
    assert_eq!(sniff(&docx("", None)), Sniffed::Document(Kind::Docx));
    let ods = zip_of(&[("mimetype", "application/vnd.oasis.opendocument.spreadsheet")]);
    assert_eq!(
        sniff(&ods),
        Sniffed::Binary("an OpenDocument spreadsheet (ODS)")
    );
    let template = zip_of(&[(
        "mimetype",
        "application/vnd.oasis.opendocument.text-template",
    )]);
    assert_eq!(sniff(&template), Sniffed::Binary("an OpenDocument file"));
    let xlsx = zip_of(&[
        ("[Content_Types].xml", "<Types/>"),
        ("xl/workbook.xml", "<w/>"),
    ]);
    assert_eq!(sniff(&xlsx), Sniffed::Binary("an Excel workbook (XLSX)"));
    // A workbook whose first bytes name no part (a large first entry) is
    // told by its parts when read.
    let padding = "<Types>".to_string() + &" ".repeat(5000) + "</Types>";
    let xlsx = zip_of(&[
        ("[Content_Types].xml", &padding),
        ("xl/workbook.xml", "<w/>"),
    ]);
    let head = &xlsx[..crate::input::document::HEAD];
    assert_eq!(sniff(head), Sniffed::Document(Kind::Docx));
    let refused = docx_to_text(&xlsx).expect_err("refused");
    assert_eq!(
        refused,
        crate::input::document::Refused::binary("an Excel workbook (XLSX)")
    );
}

#[test]
fn broken_office_files_are_refused_naming_the_part() {
    let err = docx_to_text(&docx("<w:p><w:r><w:t>1.e4</w:p>", None)).expect_err("refused");
    assert!(
        err.0
            .starts_with("is a Word document (DOCX) whose word/document.xml cannot be read"),
        "{}",
        err.0
    );
    let err = odt_to_text(&zip_of(&[(
        "mimetype",
        "application/vnd.oasis.opendocument.text",
    )]))
    .expect_err("refused");
    assert!(
        err.0
            .starts_with("is an OpenDocument text (ODT) whose content.xml cannot be read"),
        "{}",
        err.0
    );
}
