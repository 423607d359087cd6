//! Telling documents and binaries by their first bytes, and web pages
//! turned into text.

use super::html::markup_to_text;

fn text_of(markup: &str) -> String {
    markup_to_text(markup).0
}
use super::{Kind, Sniffed, html_to_text, sniff};

#[test]
fn first_bytes_tell_what_an_input_is() {
    let cases: &[(&[u8], Sniffed)] = &[
        (b"%PDF-1.5\n%\xe2\xe3", Sniffed::Document(Kind::Pdf)),
        (b"<!DOCTYPE html>\n<html>", Sniffed::Document(Kind::Html)),
        (
            b"\xef\xbb\xbf  <!doctype HTML>",
            Sniffed::Document(Kind::Html),
        ),
        (b"\n<HTML><BODY>", Sniffed::Document(Kind::Html)),
        (b"<p>1. e4 e5</p>", Sniffed::Document(Kind::Html)),
        (
            b"<?xml version=\"1.0\"?>\n<html xmlns=\"x\">",
            Sniffed::Document(Kind::Html),
        ),
        (b"<?xml version=\"1.0\"?>\n<svg>", Sniffed::Text),
        (b"[Event \"x\"]\n1. e4 e5 *", Sniffed::Text),
        (b"<1. e4 e5>", Sniffed::Text),
        (b"1. e4 <e5", Sniffed::Text),
        (b"", Sniffed::Text),
        (b"\x89PNG\r\n\x1a\n", Sniffed::Binary("a PNG image")),
        (b"GIF87a", Sniffed::Binary("a GIF image")),
        (b"RIFF\0\0\0\0WEBPVP8 ", Sniffed::Binary("a WebP image")),
        (b"PK\x03\x04", Sniffed::Binary("a zip archive")),
        (b"PK\x05\x06\0\0", Sniffed::Binary("a zip archive")),
    ];
    for (head, want) in cases {
        assert_eq!(sniff(head), *want, "{:?}", String::from_utf8_lossy(head));
    }
    let zips = [
        (
            "mimetype",
            "application/epub+zip",
            Sniffed::Document(Kind::Epub),
        ),
        (
            "mimetype",
            "application/vnd.oasis.opendocument.text",
            Sniffed::Document(Kind::Odt),
        ),
        (
            "mimetype",
            "application/vnd.oasis.opendocument.spreadsheet",
            Sniffed::Binary("an OpenDocument spreadsheet (ODS)"),
        ),
        (
            "word/document.xml",
            "<w:document/>",
            Sniffed::Document(Kind::Docx),
        ),
        ("game.pgn", "1. e4 e5 *", Sniffed::Binary("a zip archive")),
    ];
    for (name, data, want) in zips {
        assert_eq!(sniff(&zip_of(name, data)), want, "{name}");
    }
}

/// A zip file holding `name`, stored, as its first entry.
pub(crate) fn zip_of(name: &str, data: &str) -> Vec<u8> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file(name, stored).expect("zip");
    zip.write_all(data.as_bytes()).expect("zip");
    zip.finish().expect("zip").into_inner()
}

#[test]
fn blocks_are_lines_and_cells_stand_apart() {
    let text = text_of(
        "<body><h1>Title</h1><p>One\n  two<br>three</p><div>four</div>\
         <ul><li>a<li>b</ul><table><tr><td>1.</td><td>e4</td><td>e5</td></tr>\
         <tr><th>2.</th><td>Nf3</td></tr></table>end</body>",
    );
    assert_eq!(
        text,
        "Title\n\nOne two\nthree\n\nfour\na\nb\n1. e4 e5\n2. Nf3\nend\n"
    );
}

#[test]
fn entities_are_decoded_and_unseen_parts_left_out() {
    let text = text_of(
        "<head><title>1.d4</title><style>b{}</style><script>if (a<b) x = '<p>1.c4</p>'</script></head>\
         <body><nav>Home 1.g4</nav><div class=\"menu top\">Menu</div><div hidden>h</div>\
         <span style=\"display: none\">x</span><div aria-hidden=\"true\">y</div>\
         <p>1.e4&nbsp;e5 2.&#78;f3 &ndash; &amp;</p><noscript>z</noscript></body>",
    );
    assert_eq!(text, "1.e4 e5 2.Nf3 – &\n");
}

#[test]
fn pgn_kept_hidden_for_a_viewer_script_is_read_as_pgn() {
    // pgn4web's hidden span, jsPgnViewer's hidden div: a tag section after
    // escape lines; a hidden banner with a move in it is still left out.
    let page = "<div id=\"cookie\" hidden>We use cookies. 1.g4</div>\
        <span style=\"display:none\" id=\"pgnText\">\n% paste your PGN below\n\
        [Event \"E\"]\n\n1.e4 e5 *\n</span>\
        <div id='g2' style=\"visibility: hidden;display:none\">[Site \"S\"]\n\n1. d4 d5 *</div>\
        <h4>Default configuration</h4>";
    assert_eq!(
        text_of(page),
        "% paste your PGN below\n[Event \"E\"]\n\n1.e4 e5 *\n\n[Site \"S\"]\n\n1. d4 d5 *\n"
    );
}

#[test]
fn a_chess_font_of_the_page_style_reads_its_letters_as_pieces() {
    let page = "<head><style>@font-face { font-family: F; src: url(fonts/ChessMerida.ttf) }\
        .fig { font-family: 'F' }</style></head>\
        <p>Black played 1.e4 e5 2.<span class=\"fig\">n</span>f3 <span class=\"fig\">m</span>c6 \
        3.<span class=\"fig\">b</span>b5, in <span class=\"fig\">a Merida font</span></p>";
    assert_eq!(
        text_of(page),
        "Black played 1.e4 e5 2.♘f3 ♘c6 3.♗b5, in a Merida font\n"
    );
    // Without the stylesheet the same letters are letters.
    let plain = page.split("</head>").nth(1).expect("a body");
    assert!(text_of(plain).contains("2.nf3 mc6 3.bb5"));
}

#[test]
fn figurine_images_are_read_by_alt_or_file_name() {
    let text = text_of(
        "<p>1.e4 e5 2.<img src=\"/img/wn.gif\">f3 <img src=\"https://x.org/pieces/bN.png\">c6 \
         3.<img alt=\"B\" src=\"diagram.png\">b5 a6 4.<img src=\"white-bishop.svg\">a4 \
         <img alt=\"knight\">f6 5.<img alt=\"♕\">e2 <img src=\"photo.jpg\" alt=\"Morphy at 20\">\
         <img src=\"pawn.gif\">b5</p>",
    );
    assert_eq!(text, "1.e4 e5 2.♘f3 ♘c6 3.♗b5 a6 4.♗a4 ♘f6 5.♕e2 b5\n");
}

#[test]
fn pgn_for_a_viewer_is_read_once_as_pgn() {
    let pgn = "[Event \"E\"]\n\n1. e4 e5 2. Nf3 *";
    let page = format!(
        "<h1>Viewer</h1><textarea style=\"display:none\">{pgn}</textarea>\
         <div id=\"moves\">1. e4 e5 2. Nf3</div><div data-pgn='{pgn}'></div>\
         <pgn>1. d4 d5 *</pgn><div class=\"pgn\"><p>1. c4</p><p>e5 *</p></div>"
    );
    assert_eq!(
        text_of(&page),
        format!("{pgn}\n\n1. d4 d5 *\n\n1. c4\ne5 *\n")
    );
    // A comment box is no viewer: the page is read.
    assert_eq!(
        text_of("<p>1. e4 e5</p><form><textarea>Your comment</textarea></form>"),
        "1. e4 e5\n"
    );
    assert_eq!(
        text_of("<pre>[Event \"E\"]\n\n1. e4  e5 *</pre>after"),
        "[Event \"E\"]\n\n1. e4  e5 *\n\nafter\n"
    );
}

#[test]
fn the_declared_charset_is_honoured_and_else_sniffed() {
    let body = "<p>Ход 1.e4 Кf6</p>";
    let declared = format!("<html><head><meta charset=\"windows-1251\"></head><body>{body}");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&declared);
    let text = html_to_text(&bytes, None).expect("text");
    assert_eq!(text.text, "Ход 1.e4 Кf6\n");
    assert_eq!(text.encoding, Some(encoding_rs::WINDOWS_1251));
    let equiv = format!(
        "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\"></head>{body}"
    );
    let (bytes, _, _) = encoding_rs::KOI8_R.encode(&equiv);
    assert_eq!(
        html_to_text(&bytes, None).expect("text").text,
        "Ход 1.e4 Кf6\n"
    );
    let undeclared = format!("<html><body>{body}");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&undeclared);
    let text = html_to_text(&bytes, None).expect("text");
    assert_eq!(text.text, "Ход 1.e4 Кf6\n");
    assert_eq!(text.encoding, Some(encoding_rs::WINDOWS_1251));
}

/// Pages made of pieces that the plain reading ([`super::scan`]) takes
/// and pieces it leaves to the tokenizer, side by side: the text and its
/// map are the same read either way.
#[test]
fn plain_parts_read_past_the_tokenizer_as_it_reads_them() {
    use super::html::read_markup;
    const PIECES: &[&str] = &[
        "1. e4 e5 2. Nf3",
        " ",
        "\n",
        "\n\n",
        "\r\n",
        "a\rb",
        "x\0y",
        "&amp;",
        "&nbsp;",
        "&notanentity;",
        "&#x2658;",
        "Kasparov\u{a0}– Deep Blue",
        "é ♘f3",
        "\t",
        "<",
        "<3",
        "<!-- c -->",
        "<!DOCTYPE html>",
        "\u{feff}",
        "<p>",
        "</p>",
        "<TD>",
        "</Tr\n>",
        "<br/>",
        "<pre>",
        "</pre>",
        "<textarea>",
        "</textarea>",
        "<script>x<y</script>",
        "<nav class=menu>",
        "</nav>",
        "<div hidden>",
        "<div style=\"display: none\">",
        "</div>",
        "<img src=\"/img/wn.gif\" alt=\"\">",
        "<img src=/pieces/bN.png>",
        "<IMG ALT=\"Bishop\"/>",
        "<img alt=\"&#9816;\">",
        "<img src=\"x\" src=\"wn.gif\">",
        "<span class=\"pgn\">",
        "</span>",
        "<div data-pgn=\"1. e4 e5\">",
        "<b a=\"line\nbreak\"\n>",
        "<b a=\"cr\rx\">",
        "<b a=`x`>",
        "<b a=\"x\"b>",
        "<b a = \"y\" c>",
        "<b a=>",
        "<b =x>",
        "<b é=1>",
        "<my-el x:y=1>",
        "<abcdefghijklmnopqrstu>",
        "</b/>",
        "</b x>",
        "<h2>",
        "</h2>",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let fixtures = ["article.html", "table.html", "figurine.html", "viewer.html"]
        .map(|name| std::fs::read_to_string(format!("fixtures/documents/{name}")).unwrap());
    let mut pages: Vec<String> = fixtures.to_vec();
    for _ in 0..400 {
        let len = 1 + next(40);
        pages.push((0..len).map(|_| PIECES[next(PIECES.len())]).collect());
    }
    for page in &pages {
        assert_eq!(
            read_markup(page, true),
            read_markup(page, false),
            "{page:?}"
        );
    }
}
