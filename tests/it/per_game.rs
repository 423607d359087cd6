//! Case 10: the encoding is decided per game, not per file. Through
//! `decode::open_games` and the splitter, as the command line reads: every
//! fixture in every encoding gives the games of its UTF-8 original; a
//! Latin-1 game among UTF-8 ones is read as Latin-1, with a warning; a
//! stray byte in a UTF-8 game is one U+FFFD, with a warning; a NUL is a
//! control character.

use std::io::{self, BufReader};

use notate::convert::{Options, convert_str};
use notate::internals::decode::{Encoding, open_games};
use notate::internals::split::{RawGame, Splitter};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/encodings");
const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/seeds");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn original(name: &str) -> Vec<u8> {
    let path = match name.strip_prefix("seeds/") {
        Some(seed) => format!("{SEEDS}/{seed}"),
        None => format!("{DIR}/{name}"),
    };
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Each game's text and how it was decoded, read as the command line
/// reads (through a small buffer, so that games span reads).
fn games(bytes: Vec<u8>) -> Vec<(String, Option<Encoding>)> {
    let input = open_games(io::Cursor::new(bytes), None).unwrap();
    let mut splitter = Splitter::new(BufReader::with_capacity(512, input));
    let mut raw = RawGame::default();
    let mut out = Vec::new();
    while splitter.next_game(&mut raw).unwrap() {
        out.push((raw.text.clone(), raw.decoding.map(|d| d.encoding)));
    }
    out
}

#[test]
fn every_fixture_gives_the_games_of_its_original() {
    for (file, expected, encoding) in [
        (
            "game28.windows-1251.pgn",
            "game28.utf-8.pgn",
            Encoding::Windows1251,
        ),
        (
            "seed000.windows-1251.pgn",
            "seeds/000_efe4e1c040d985d0.txt",
            Encoding::Windows1251,
        ),
        (
            "seed003.windows-1251.pgn",
            "seeds/003_5234ccdc0a6ae9b9.txt",
            Encoding::Windows1251,
        ),
        (
            "mixed-ru.windows-1251.pgn",
            "mixed-ru.utf-8.pgn",
            Encoding::Windows1251,
        ),
        ("game28.koi8-r.pgn", "game28.fitted.txt", Encoding::Koi8R),
        (
            "seed000.koi8-r.pgn",
            "seeds/000_efe4e1c040d985d0.txt",
            Encoding::Koi8R,
        ),
        ("seed003.koi8-r.pgn", "seed003.fitted.txt", Encoding::Koi8R),
        ("mixed-ru.koi8-r.pgn", "mixed-ru.utf-8.pgn", Encoding::Koi8R),
        ("game28.cp866.pgn", "game28.fitted.txt", Encoding::Cp866),
        (
            "seed000.cp866.pgn",
            "seeds/000_efe4e1c040d985d0.txt",
            Encoding::Cp866,
        ),
        ("seed003.cp866.pgn", "seed003.fitted.txt", Encoding::Cp866),
        ("mixed-ru.cp866.pgn", "mixed-ru.utf-8.pgn", Encoding::Cp866),
        (
            "latin1-game.windows-1252.pgn",
            "latin1-game.utf-8.pgn",
            Encoding::Windows1252,
        ),
        (
            "mixed-latin.windows-1252.pgn",
            "mixed-latin.utf-8.pgn",
            Encoding::Windows1252,
        ),
        (
            "game28.windows-1251.pgn.gz",
            "game28.utf-8.pgn",
            Encoding::Windows1251,
        ),
        (
            "latin1-game.windows-1252.pgn.zst",
            "latin1-game.utf-8.pgn",
            Encoding::Windows1252,
        ),
    ] {
        let want = games(original(expected));
        let got = games(fixture(file));
        assert_eq!(got.len(), want.len(), "{file}");
        for (i, ((text, decoding), (want, _))) in got.iter().zip(&want).enumerate() {
            assert!(text == want, "{file}, game {i}:\n{text}\n--- want\n{want}");
            if !text.is_ascii() {
                assert_eq!(*decoding, Some(encoding), "{file}, game {i}");
            }
        }
    }
}

/// Five UTF-8 games and one Latin-1 game: six right names, one warning,
/// on one job and on two; a stray byte in a UTF-8 game is one U+FFFD.
#[test]
fn a_latin1_game_among_utf8_ones_is_read_as_latin1() {
    let mut bytes = Vec::new();
    for i in 0..6 {
        let game = format!("[White \"Иванов {i}\"]\n[Black \"Müller\"]\n\n1. e4 e5 *\n\n");
        if i == 3 {
            let latin = "[White \"Jürgen Größ\"]\n[Black \"Besançon\"]\n\n1. d4 d5 *\n\n";
            bytes.extend(latin.chars().map(|c| c as u8));
        } else {
            bytes.extend_from_slice(game.as_bytes());
        }
    }
    bytes.extend_from_slice("[White \"Иванов\u{0}".as_bytes());
    bytes.extend_from_slice(b"\xe9\"]\n\n1. c4 *\n");
    let got = games(bytes.clone());
    assert_eq!(got.len(), 7);
    for (i, (text, decoding)) in got.iter().enumerate() {
        match i {
            3 => {
                assert!(
                    text.contains("Jürgen Größ") && text.contains("Besançon"),
                    "{text}"
                );
                assert_eq!(*decoding, Some(Encoding::Windows1252));
            }
            6 => {
                assert!(text.contains("Иванов\u{0}\u{FFFD}\"]"), "{text:?}");
                assert_eq!(*decoding, Some(Encoding::Utf8));
            }
            _ => {
                assert!(
                    text.contains(&format!("Иванов {i}")) && text.contains("Müller"),
                    "{text}"
                );
                assert_eq!(*decoding, None);
            }
        }
    }
    for jobs in [1, 2] {
        let options = Options {
            jobs,
            ..Options::default()
        };
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        let input = open_games(io::Cursor::new(bytes.clone()), None).unwrap();
        let summary = notate::Converter::new(&options)
            .convert_stream(BufReader::new(input), &mut out, &mut |d| {
                warnings.push((d.line, d.message.clone()))
            })
            .unwrap();
        assert_eq!((summary.read, summary.written), (7, 7), "{warnings:?}");
        assert_eq!(
            warnings,
            [
                (16, "this game is not UTF-8 and was read as windows-1252 (--encoding gives another)".into()),
                (31, "1 byte sequence(s) of this game are not valid UTF-8 and were read as U+FFFD".into()),
                // The NUL in its tag value is not written.
                (31, "1 control character (such as ESC, NUL or BEL) in tag values or comments left out of the output".into()),
            ]
        );
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("[White \"Jürgen Größ\"]") && out.contains("[White \"Иванов 5\"]"));
    }
    // A string is UTF-8 already: the converter of strings is unchanged.
    let (out, _, _) = convert_str("[White \"Иванов\"]\n\n1. e4 *\n", &Options::default());
    assert!(out.contains("Иванов"));
}
