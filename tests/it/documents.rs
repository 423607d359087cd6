//! Documents among the inputs (issue 30): web pages, e-books and PDF read
//! as a person sees them, each game's main line equal to the corpus game
//! the document was made from (fixtures/documents/SOURCE.txt); other
//! binary files refused in one line, the batch going on.

use std::io::{BufReader, Read, Write};
use std::process::{Command, Stdio};

use notate::internals::decode;
use notate::internals::reader::ReaderOptions;

use crate::common::{fixture, read_games_with, scratch};

/// The games of a document, read through the input stage as the binary
/// reads them.
fn games_of(name: &str) -> Vec<crate::common::Outcome> {
    let path = fixture(&format!("documents/{name}"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let input = decode::open(file, None).expect("a document opens");
    read_games_with(BufReader::new(input), &ReaderOptions::default())
}

/// Each document of expected.jsonl (written by make_documents.py from the
/// corpus games by python-chess) gives its games, in order, with the
/// corpus games' main lines.
#[test]
fn documents_give_the_games_they_were_made_from() {
    let expected = std::fs::read_to_string(fixture("documents/expected.jsonl")).expect("expected");
    let mut documents = 0;
    for line in expected.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).expect("json");
        let name = entry["file"].as_str().expect("file");
        let want: Vec<&str> = entry["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| g["san"].as_str().expect("san"))
            .collect();
        let got = games_of(name);
        let sans: Vec<&str> = got.iter().map(|g| g.san.as_str()).collect();
        assert_eq!(sans, want, "{name}: {got:#?}");
        assert!(got.iter().all(|g| !g.failed), "{name}: {got:#?}");
        documents += 1;
    }
    assert!(documents >= 6, "{documents} documents");
}

/// The same games read back from the corpus by notate (the round trip:
/// corpus game -> document -> notate -> the same game).
#[test]
fn documents_round_trip_to_the_corpus_games() {
    let Some(shared) = crate::common::shared() else {
        return;
    };
    let expected = std::fs::read_to_string(fixture("documents/expected.jsonl")).expect("expected");
    for line in expected.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).expect("json");
        let name = entry["file"].as_str().expect("file");
        let got = games_of(name);
        for (game, want) in got.iter().zip(entry["games"].as_array().expect("games")) {
            let source = shared
                .join("corpus")
                .join(want["source"].as_str().expect("source"));
            let corpus = crate::common::read_file(&source);
            let index = want["index"].as_u64().expect("index") as usize;
            assert_eq!(
                game.san,
                corpus[index].san,
                "{name} against {}",
                source.display()
            );
        }
    }
}

fn notate() -> Command {
    Command::new(env!("CARGO_BIN_EXE_notate"))
}

/// A zip file whose first entry is `name`, stored, as office files and
/// e-books begin.
fn zip_of(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, data) in entries {
        zip.start_file(*name, stored).expect("zip");
        zip.write_all(data.as_bytes()).expect("zip");
    }
    zip.finish().expect("zip").into_inner()
}

/// Files that are no text and no document, as their first bytes make
/// them, and what the refusal calls them.
fn binaries() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    vec![
        (
            "a.png",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            "a PNG image",
        ),
        (
            "a.jpg",
            b"\xff\xd8\xff\xe0\0\x10JFIF\0".to_vec(),
            "a JPEG image",
        ),
        ("a.gif", b"GIF89a\x01\0\x01\0".to_vec(), "a GIF image"),
        (
            "a.xlsx",
            zip_of(&[
                ("[Content_Types].xml", "<Types/>"),
                ("xl/workbook.xml", "<workbook/>"),
            ]),
            "an Excel workbook (XLSX)",
        ),
        (
            "a.ods",
            zip_of(&[
                ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
                ("content.xml", "<x/>"),
            ]),
            "an OpenDocument spreadsheet (ODS)",
        ),
        (
            "a.zip",
            zip_of(&[("a.pgn", "1. e4 e5 *\n")]),
            "a zip archive",
        ),
    ]
}

const READS: &str = "notate reads chess notation as text (PGN or any notation, plain or compressed), web pages (HTML), e-books (EPUB), PDF, Word documents (DOCX) and OpenDocument texts (ODT)";

/// Each binary is refused in one line naming it, the run goes on to the
/// next file, and ends with status 1.
#[test]
fn binaries_are_refused_in_one_line_and_the_batch_goes_on() {
    let dir = scratch("documents", "binaries");
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 Nc6 *\n").expect("write");
    for (name, bytes, what) in binaries() {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        let out = notate()
            .arg("-q")
            .arg(&path)
            .arg(&pgn)
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr,
            format!(
                "notate: {} is {what}, not text; {READS}; skipped\n",
                path.display()
            ),
            "{name}"
        );
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("1. e4 e5 2. Nf3 Nc6 *"));
    }
}

/// Standard input is told by its content too, and so is a binary inside
/// gzip.
#[test]
fn stdin_and_compressed_binaries_are_told_by_content() {
    let png = binaries().swap_remove(0).1;
    for bytes in [png.clone(), gzip(&png)] {
        let out = on_stdin(&["-q"], &bytes);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("notate: <stdin> is a PNG image, not text; {READS}; skipped\n")
        );
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("gzip");
    gz.finish().expect("gzip")
}

/// notate run with `args`, `bytes` on its standard input.
fn on_stdin(args: &[&str], bytes: &[u8]) -> std::process::Output {
    let mut child = notate()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(bytes)
        .expect("write");
    child.wait_with_output().expect("wait")
}

/// A web page compressed (gzip) and on standard input reads as the page.
#[test]
fn a_compressed_page_on_stdin_is_read_as_the_page() {
    let page = std::fs::read(fixture("documents/table.html")).expect("page");
    let out = on_stdin(&["-q", "--format", "text"], &gzip(&page));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let direct = notate()
        .args(["-q", "--format", "text"])
        .arg(fixture("documents/table.html"))
        .output()
        .expect("run");
    assert_eq!(out.stdout, direct.stdout);
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"));
}

/// Every fixture document cut short at many points and with bytes
/// changed: each opens to text or is refused, and nothing panics (the
/// `documents` fuzz target explores further).
#[test]
fn broken_documents_are_read_or_refused_without_panic() {
    let mut state = 0x2545_f491_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for entry in std::fs::read_dir(fixture("documents")).expect("dir") {
        let path = entry.expect("entry").path();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        if !["html", "epub", "pdf", "docx", "odt"].contains(&ext) {
            continue;
        }
        let bytes = std::fs::read(&path).expect("read");
        let mut variants: Vec<Vec<u8>> = (1..24)
            .map(|i| bytes[..bytes.len() * i / 24].to_vec())
            .collect();
        for _ in 0..48 {
            let mut changed = bytes.clone();
            for _ in 0..4 {
                let at = next() as usize % changed.len();
                changed[at] = next() as u8;
            }
            variants.push(changed);
        }
        for variant in variants {
            match decode::open(std::io::Cursor::new(variant), None) {
                Ok(mut input) => {
                    let mut text = Vec::new();
                    input.read_to_end(&mut text).expect("text once opened");
                }
                Err(e) => assert!(
                    notate::internals::document::refusal(&e).is_some(),
                    "{}: {e}",
                    path.display()
                ),
            }
        }
    }
}

/// A document beyond the limit is refused, not read on without bound.
#[test]
fn a_document_beyond_the_limit_is_refused() {
    let limit = notate::internals::document::LIMIT;
    let head = b"<!DOCTYPE html><p>1. e4 e5</p>".to_vec();
    let endless = std::io::Cursor::new(head).chain(std::io::repeat(b' ').take(limit + 1));
    let e = decode::open(endless, None).err().expect("refused");
    assert_eq!(
        notate::internals::document::refusal(&e).map(|r| r.to_string()),
        Some(
            "is an HTML document larger than 256 MiB, the most notate reads of one document"
                .to_string()
        )
    );
}

/// `-v` says what kind of document an input was read as, and in what
/// encoding its text was.
#[test]
fn verbose_names_the_document_kind() {
    let out = notate()
        .args(["-v", "--check"])
        .arg(fixture("documents/cp1251.html"))
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("note: input read as HTML (windows-1251 text), compression: none"),
        "{stderr}"
    );
    let out = on_stdin(
        &["-v", "--check"],
        &gzip(&std::fs::read(fixture("documents/book.epub")).expect("epub")),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("note: input read as EPUB (utf-8 text), compression: gzip"),
        "{stderr}"
    );
}

/// notate run in `dir` on `args`; its standard error.
fn stderr_of(dir: &std::path::Path, args: &[&str]) -> String {
    let out = crate::common::run_in(dir, args);
    String::from_utf8(out.stderr).expect("UTF-8")
}

/// A small web page with two games: an illegal move in prose (after an
/// entity and inside `<b>`), one drawn with a piece image in a move
/// table. Each diagnostic names the page's own line and column; the caret
/// shows the text as read.
#[test]
fn diagnostics_in_a_web_page_name_its_source_lines() {
    let dir = scratch("documents", "html-places");
    let page = "<!DOCTYPE html>\n<html><head><title>1.e4</title></head>\n<body>\n\
                <h2>Anand &ndash; Carlsen</h2>\n\
                <p>It went <b>1.e4 e5 2.Nf3 Nc6\n   3.Bb5 a6 4.Ke3</b> and Black won.</p>\n\
                <h2>Short &ndash; Kasparov</h2>\n\
                <table>\n<tr><td>1.</td><td>d4</td><td>d5</td></tr>\n\
                <tr><td>2.</td><td><img src=\"/pieces/wb.png\" alt=\"\">b5</td><td>Nf6</td></tr>\n\
                </table>\n</body></html>\n";
    std::fs::write(dir.join("page.html"), page).expect("write");
    let stderr = stderr_of(&dir, &["--check", "page.html"]);
    let want = "\
page.html:6:15: error: illegal move `Ke3` at 4.; read on from the closest legal move, Ke2, to look for more
  |
6 | It went 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ke3 and Black won.
  |                                      ^^^
  = at move 4., White to move, FEN r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4
  = help: closest legal moves: Ke2
page.html:10:20: error: illegal move `♗b5` at 2.
   |
10 | 2. ♗b5 Nf6
   |    ^^^
";
    assert!(stderr.starts_with(want), "{stderr}");
    let json = stderr_of(&dir, &["--check", "--error-format", "json", "page.html"]);
    let first: serde_json::Value =
        serde_json::from_str(json.lines().next().expect("a line")).expect("json");
    assert_eq!(
        first["document"],
        serde_json::json!({"kind": "html", "line": 6, "column": 15})
    );
    // The text's own line and column stay.
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(3), Some(38))
    );
}

/// The zip document `name` of the fixtures with the first `from` of its
/// part `part` made `to`.
fn with_part_changed(name: &str, part: &str, from: &str, to: &str) -> Vec<u8> {
    let bytes = std::fs::read(fixture(&format!("documents/{name}"))).expect("document");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
    let mut entries = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).expect("entry");
        let path = entry.name().expect("a name").to_string();
        let mut text = String::new();
        entry.read_to_string(&mut text).expect("text");
        if path == part {
            assert!(text.contains(from), "{text}");
            text = text.replacen(from, to, 1);
        }
        entries.push((path, text));
    }
    let entries: Vec<(&str, &str)> = entries
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    zip_of(&entries)
}

/// The book of the fixtures with one move of its second chapter made
/// illegal: the diagnostic names the chapter by its path in the book, and
/// the line and column in it.
#[test]
fn diagnostics_in_an_e_book_name_the_chapter() {
    let dir = scratch("documents", "epub-places");
    let book = with_part_changed(
        "book.epub",
        "OEBPS/Text/chapter2.xhtml",
        "<td>2.</td><td>c4</td>",
        "<td>2.</td><td>c5</td>",
    );
    std::fs::write(dir.join("book.epub"), book).expect("write");
    let stderr = stderr_of(&dir, &["--check", "book.epub"]);
    assert!(
        stderr.starts_with(
            "book.epub:OEBPS/Text/chapter2.xhtml:7:20: error: illegal move `c5` at 2.; \
             read on from the closest legal move, b4, to look for more\n  |\n7 | 2. c5 ♘c6\n  |    ^^\n"
        ),
        "{stderr}"
    );
}

/// The scoresheet of the fixtures with one move of its table made
/// illegal: the diagnostic names the Word document's part and the line
/// in it as read (a paragraph, a line break, a table's row each one), the
/// caret under the row as read, its cells apart; in JSON, `part`.
#[test]
fn diagnostics_in_a_word_document_name_the_part_and_line() {
    let dir = scratch("documents", "docx-places");
    let nc6 = "<w:t>Nc</w:t></w:r><w:proofErr w:type=\"spellStart\"/><w:r w:rsidRPr=\"00B2C4\"><w:t>6</w:t>";
    let sheet = with_part_changed(
        "scoresheet.docx",
        "word/document.xml",
        nc6,
        &nc6.replace(">6<", ">5<"),
    );
    std::fs::write(dir.join("sheet.docx"), sheet).expect("write");
    let stderr = stderr_of(&dir, &["--check", "sheet.docx"]);
    assert!(
        stderr.starts_with(
            "sheet.docx:word/document.xml:8:7: error: illegal move `Nc5` at 2...; \
             read on from the closest legal move, Nc6, to look for more\n  |\n8 | 2 Nf3 Nc5\n  |       ^^^\n"
        ),
        "{stderr}"
    );
    let json = stderr_of(&dir, &["--check", "--error-format", "json", "sheet.docx"]);
    let first: serde_json::Value =
        serde_json::from_str(json.lines().next().expect("a line")).expect("json");
    assert_eq!(
        first["document"],
        serde_json::json!({"kind": "docx", "part": "word/document.xml", "line": 8, "column": 7})
    );
}

/// A PDF of two pages drawn with a standard font, each with a running
/// head and a page number: the diagnostic names the page and the line on
/// it, counted as the page shows its lines (the head is line 1).
fn pdf_of(pages: &[&[&str]]) -> Vec<u8> {
    let mut objects: Vec<String> = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        String::new(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into(),
    ];
    let mut kids = Vec::new();
    for lines in pages {
        let mut content = String::from("BT /F1 10 Tf 14 TL 40 380 Td\n");
        for line in *lines {
            content.push_str(&format!("({line}) Tj T*\n"));
        }
        content.push_str("ET");
        objects.push(format!(
            "<< /Length {} >>\nstream\n{content}\nendstream",
            content.len()
        ));
        let contents = objects.len();
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] \
             /Resources << /Font << /F1 3 0 R >> >> /Contents {contents} 0 R >>"
        ));
        kids.push(format!("{} 0 R", objects.len()));
    }
    objects[1] = format!(
        "<< /Type /Pages /Kids [{}] /Count {} >>",
        kids.join(" "),
        kids.len()
    );
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

#[test]
fn diagnostics_in_a_pdf_name_the_page_and_line() {
    let dir = scratch("documents", "pdf-places");
    let pdf = pdf_of(&[
        &[
            "Chess Monthly",
            "Anand - Carlsen",
            "1. e4 e5 2. Nf3 Nc6",
            "1",
        ],
        &["Chess Monthly", "3. Bb5 a6 4. Ke3 Nf6", "2"],
    ]);
    std::fs::write(dir.join("monthly.pdf"), pdf).expect("write");
    let stderr = stderr_of(&dir, &["--check", "monthly.pdf"]);
    assert!(
        stderr.starts_with(
            "monthly.pdf:page 2:2:14: error: illegal move `Ke3` at 4.; \
             read on from the closest legal move, Ke2, to look for more\n  |\n2 | "
        ),
        "{stderr}"
    );
}

/// `--format ndjson` gives each game's `source`: the input as named and
/// its first move's place, in a document the kind and the place in it;
/// every object valid by the schema.
#[test]
fn ndjson_gives_each_game_its_source() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(crate::common::root().join("schema/notate-game.schema.json"))
            .expect("schema"),
    )
    .expect("json");
    let validator = jsonschema::validator_for(&schema).expect("schema");
    let sources = |out: &[u8]| -> Vec<serde_json::Value> {
        String::from_utf8_lossy(out)
            .lines()
            .map(|l| {
                let game: serde_json::Value = serde_json::from_str(l).expect("json");
                assert!(validator.is_valid(&game), "{game}");
                game["source"].clone()
            })
            .collect()
    };
    let dir = fixture("documents");
    let out = notate()
        .current_dir(&dir)
        .args([
            "-q",
            "--format",
            "ndjson",
            "viewer.html",
            "book.epub",
            "skak.pdf",
            "scoresheet.odt",
        ])
        .output()
        .expect("run");
    use serde_json::json;
    assert_eq!(
        sources(&out.stdout),
        [
            json!({"path": "viewer.html", "kind": "html", "line": 22, "column": 3}),
            json!({"path": "viewer.html", "kind": "html", "line": 44, "column": 3}),
            json!({"path": "book.epub", "kind": "epub", "chapter": "OEBPS/Text/chapter1.xhtml", "line": 6, "column": 26}),
            json!({"path": "book.epub", "kind": "epub", "chapter": "OEBPS/Text/chapter2.xhtml", "line": 6, "column": 20}),
            json!({"path": "skak.pdf", "kind": "pdf", "page": 1, "line": 5, "column": 15}),
            json!({"path": "scoresheet.odt", "kind": "odt", "part": "content.xml", "line": 4, "column": 3}),
        ]
    );
    let out = on_stdin(
        &["-q", "--format", "ndjson"],
        b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n\n{a comment} 1. c4 *\n",
    );
    assert_eq!(
        sources(&out.stdout),
        [
            json!({"path": "<stdin>", "line": 3, "column": 4}),
            json!({"path": "<stdin>", "line": 5, "column": 4}),
            json!({"path": "<stdin>", "line": 7, "column": 16}),
        ]
    );
}

/// Second fault probe, case 5: a page that holds PGN for a viewer also
/// shows games of its own (one in a paragraph of prose, one in `<pre>`);
/// they are read after the viewer's, while the page's rendering of the
/// viewer's game (in figurines) and prose quoting its moves are not read
/// twice.
#[test]
fn a_game_of_the_page_beside_its_viewer_pgn_is_read() {
    let page = "<html><body>\n\
        <div class=\"viewer\" data-pgn=\"[Event &quot;A&quot;]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\"></div>\n\
        <p>1.e4 e5 2.\u{2658}f3 \u{265e}c6 3.\u{2657}b5 a6</p>\n\
        <p>After 2. Nf3 the knight attacks e5.</p>\n\
        <p>The second game went 1. d4 d5 2. c4 e6 3. Nc3 Nf6 and White won.</p>\n\
        <pre>[Event \"B\"]\n\n1. c4 c5 2. Nc3 Nc6 1/2-1/2</pre>\n\
        </body></html>\n";
    let out = on_stdin(&["--format", "text"], page.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\
         { The second game went } 1. d4 d5 2. c4 e6 3. Nc3 Nf6 { and White won. } 1-0\n\
         1. c4 c5 2. Nc3 Nc6 1/2-1/2\n"
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("3 games read, 3 written"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A page's own game in several paragraphs: each that goes on with its
    // numbers, and the prose between them.
    let page = "<html><body><div data-pgn=\"1. e4 e5 2. Nf3 Nc6 1-0\"></div>\
        <p>1. d4 d5 2. c4 e6</p><p>A fine move.</p><p>3. Nc3 Nf6 4. Bg5 Be7 1-0</p>\
        </body></html>\n";
    let out = on_stdin(&["--format", "text"], page.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1. e4 e5 2. Nf3 Nc6 1-0\n\
         1. d4 d5 2. c4 e6 { A fine move. } 3. Nc3 Nf6 4. Bg5 Be7 1-0\n"
    );
}

/// Second fault probe, case 3: a page's narrow column breaks a move after
/// its piece's letter (`N<br>f3`): one move, said.
#[test]
fn a_move_broken_after_its_letter_in_a_page_is_one_move() {
    let page = "<html><body><p>1. e4 e5 2. N<br>f3 Nc6 3. Bb5 a6</p></body></html>\n";
    let out = on_stdin(&["--format", "text"], page.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`N f3` read as one move, `Nf3`: spaces inside it"),
        "{err}"
    );
}

/// A viewer's PGN that ends with a placeholder escape line (`% paste
/// your PGN above`), and the same PGN as a file: the escape line, which
/// PGN leaves out, is no game of its own (no "not a game" warning).
#[test]
fn an_escape_line_after_the_last_game_is_no_game() {
    let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n% paste your PGN above\n";
    let page = format!(
        "<!DOCTYPE html><html><body><form><textarea id=\"pgnText\">\n{pgn}</textarea></form></body></html>\n"
    );
    for input in [page.as_bytes(), pgn.as_bytes()] {
        let out = on_stdin(&["--format", "text"], input);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "notate: 1 game read, 1 written, 0 rejected, 0 warnings\n"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "1. e4 e5 2. Nf3 Nc6 *\n"
        );
        assert_eq!(out.status.code(), Some(0));
    }
}
