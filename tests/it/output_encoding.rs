//! The output encoder (`--output-encoding`) on real text: the fixtures
//! written back to their own encodings byte for byte, and a character the
//! encoding cannot write refused at its place.

use notate::internals::decode::{Encoding, encode_output};

use crate::encodings::{SEED000, fixture, original};

#[test]
fn output_encoding_writes_the_fixtures_back() {
    for (text, encoding, file) in [
        (
            "game28.utf-8.pgn",
            Encoding::Windows1251,
            "game28.windows-1251.pgn",
        ),
        ("game28.fitted.txt", Encoding::Koi8R, "game28.koi8-r.pgn"),
        ("game28.fitted.txt", Encoding::Cp866, "game28.cp866.pgn"),
        (SEED000, Encoding::Koi8R, "seed000.koi8-r.pgn"),
        (SEED000, Encoding::Cp866, "seed000.cp866.pgn"),
        (
            "latin1-game.utf-8.pgn",
            Encoding::Windows1252,
            "latin1-game.windows-1252.pgn",
        ),
        (
            "game28.utf-8.pgn",
            Encoding::Utf16Le,
            "game28.utf-16le-nobom.pgn",
        ),
        ("game28.utf-8.pgn", Encoding::Utf8, "game28.utf-8.pgn"),
    ] {
        assert!(
            encode_output(&original(text), encoding).unwrap() == fixture(file),
            "{file}"
        );
    }
    let be = encode_output(&original("game28.utf-8.pgn"), Encoding::Utf16Be).unwrap();
    assert_eq!(be, fixture("game28.utf-16be.pgn")[2..]);
}

#[test]
fn output_encoding_refuses_unmappable_characters() {
    let e = encode_output("1. e4 e5\n2. Кf3 Кc6", Encoding::Windows1252).unwrap_err();
    assert_eq!((e.char, e.line, e.column, e.offset), ('К', 2, 4, 12));
    assert_eq!(e.encoding, Encoding::Windows1252);
    assert_eq!(
        e.to_string(),
        "`К` (U+041A) at line 2, column 4 cannot be written in windows-1252"
    );
    // `№` and `…` are not in KOI8-R, `…` not in CP866.
    let game28 = original("game28.utf-8.pgn");
    let e = encode_output(&game28, Encoding::Koi8R).unwrap_err();
    assert_eq!((e.char, e.line, e.column), ('№', 1, 1));
    let e = encode_output(&game28, Encoding::Cp866).unwrap_err();
    assert_eq!((e.char, e.line), ('…', 5));
    let e = encode_output("Müller – Кр", Encoding::Windows1251).unwrap_err();
    assert_eq!(e.char, 'ü');
    assert!(encode_output("♔ Kf3", Encoding::Cp866).is_err());
    assert!(encode_output("♔ Kf3", Encoding::Utf16Le).is_ok());
}
