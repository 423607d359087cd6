//! Documents through the input stage (`decode::open`): arbitrary bytes as
//! they are, behind a web page's doctype, behind a PDF's header, as the
//! chapter (and the package) of an EPUB built around them, or as the text
//! part of a Word document or an OpenDocument text; each then
//! read to its end and converted, each diagnostic's place in the
//! document looked up. Nothing may panic, and memory is bounded
//! by the document limit and libFuzzer's `-rss_limit_mb`.
#![no_main]

use std::io::{Read, Write};

use libfuzzer_sys::fuzz_target;
use notate::convert::{Converter, Options};
use notate::internals::decode;

/// A zip of `entries`, stored, in their order.
fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, data) in entries {
        zip.start_file(*name, stored).expect("zip");
        zip.write_all(data).expect("zip");
    }
    zip.finish().expect("zip").into_inner()
}

/// An EPUB whose package is `opf` and whose one chapter is `chapter`.
fn epub(opf: &[u8], chapter: &[u8]) -> Vec<u8> {
    zip_of(&[
        ("mimetype", b"application/epub+zip"),
        (
            "META-INF/container.xml",
            b"<container><rootfiles><rootfile full-path=\"content.opf\"/></rootfiles></container>",
        ),
        ("content.opf", opf),
        ("c.xhtml", chapter),
    ])
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = match mode % 6 {
        0 => rest.to_vec(),
        1 => [b"<!DOCTYPE html>".as_slice(), rest].concat(),
        2 => [b"%PDF-1.4\n".as_slice(), rest].concat(),
        // A Word document: the bytes as its main part, and as the styles
        // its runs name.
        3 => zip_of(&[
            ("[Content_Types].xml", b"<Types/>"),
            ("word/document.xml", rest),
            ("word/styles.xml", rest),
        ]),
        4 => zip_of(&[
            ("mimetype", b"application/vnd.oasis.opendocument.text"),
            ("content.xml", rest),
            ("styles.xml", rest),
        ]),
        _ => {
            let cut = rest.len() / 2;
            let opf = [
                b"<package><manifest><item id=\"c\" href=\"c.xhtml\"/></manifest><spine><itemref idref=\"c\"/></spine>".as_slice(),
                &rest[..cut],
            ]
            .concat();
            epub(&opf, &rest[cut..])
        }
    };
    let Ok(mut decoded) = decode::open(std::io::Cursor::new(input), None) else {
        return;
    };
    let mut text = String::new();
    if decoded.read_to_string(&mut text).is_err() {
        return;
    }
    let mut out = Vec::new();
    let map = decoded.source_map().cloned();
    // Every diagnostic's place in the document is looked up, as the
    // binary does: in the map's range or not there, never a panic.
    let mut place = |d: &notate::vocab::diag::Diagnostic| {
        if let Some(map) = &map {
            let _ = map.place(d.line, d.column).map(|p| p.to_string());
        }
    };
    let result = CONVERTER.with(|c| {
        c.borrow_mut()
            .convert_stream(text.as_bytes(), &mut out, &mut place)
    });
    if let Ok(summary) = result {
        assert_eq!(summary.written + summary.failed, summary.read);
    }
});

thread_local! {
    // Building a converter costs far more than a short conversion.
    static CONVERTER: std::cell::RefCell<Converter> = std::cell::RefCell::new(Converter::new(&Options {
        max_game_size: 4096,
        ..Options::default()
    }));
}
