//! PDF pages laid out in reading order, and a PDF with no text refused.

use super::layout::{Span, pages_to_text};

fn span(x0: f32, x1: f32, y: f32, text: &str) -> Span {
    Span {
        x0,
        x1,
        y,
        size: 10.0,
        text: text.to_string(),
    }
}

/// Two columns, a page number in the gutter, a word and a move cut at a
/// line's end.
#[test]
fn columns_are_read_apart_and_hyphens_undone() {
    let mut page = Vec::new();
    let left = [
        "Kasparov played the extra-",
        "ordinary 1.e4 e5 2.Nf3 Nc6",
        "3.Bb5 a6 4.Ba4 Nf6 5.O-O-",
        "O is no move here, and",
    ];
    let right = [
        "the right column goes on",
        "with more prose about it",
        "and then ends with a word",
        "in the second column.",
    ];
    for (i, (l, r)) in left.iter().zip(right).enumerate() {
        let y = 700.0 - 12.0 * i as f32;
        page.push(span(72.0, 290.0, y, l));
        page.push(span(310.0, 530.0, y, r));
    }
    page.push(span(298.0, 303.0, 60.0, "7"));
    assert_eq!(
        pages_to_text(vec![page]).0,
        "Kasparov played the extraordinary 1.e4 e5 2.Nf3 Nc6\n3.Bb5 a6 4.Ba4 Nf6 5.O-O-O is no move here, and\n\
         the right column goes on\nwith more prose about it\nand then ends with a word\nin the second column.\n"
    );
}

/// A running head on every page and page numbers are left out; pieces of
/// one line join with a space where there is room for one.
#[test]
fn running_heads_and_page_numbers_are_left_out() {
    let pages = (1..=3)
        .map(|n| {
            vec![
                span(72.0, 200.0, 800.0, &format!("Chess Notes {n}")),
                span(72.0, 100.0, 700.0, &format!("{n}.")),
                span(103.0, 120.0, 700.0, "e4"),
                span(120.0, 126.0, 700.0, "+"),
                span(300.0, 306.0, 60.0, &n.to_string()),
            ]
        })
        .collect();
    assert_eq!(pages_to_text(pages).0, "1. e4+\n2. e4+\n3. e4+\n");
}

/// A PDF whose page draws no text: refused, saying it has no text layer.
#[test]
fn a_pdf_with_no_text_is_refused_as_a_scan() {
    use lopdf::{Document, Object, Stream, dictionary};
    let mut doc = Document::with_version("1.5");
    let pages = doc.new_object_id();
    let content = doc.add_object(Stream::new(dictionary! {}, b"0 0 100 100 re f".to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages, "Contents" => content,
    });
    doc.objects.insert(
        pages,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).expect("save");
    let refused = super::to_text(&bytes).expect_err("no text");
    assert_eq!(
        refused.0,
        "is a PDF with no text layer (1 page: a scan?); notate reads the text of a PDF, not pictures of it"
    );
}
