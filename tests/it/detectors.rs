//! chardetng, the detector made for `encoding_rs`, against the statistics
//! of `decode/sniff.rs` on the encoding tests: the single-byte fixtures
//! whole, every line of the seed texts alone in every encoding it fits
//! (as `tests/encodings.rs` takes them), and the single lines of chess
//! text. The detector `notate` keeps must be right at least as often.

use notate::internals::decode::{Encoding, decode_bytes, encode_output, guess_single_byte};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/encodings");
const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/seeds");

fn read(path: String) -> Vec<u8> {
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn text(name: &str) -> String {
    let path = match name.strip_prefix("seeds/") {
        Some(seed) => format!("{SEEDS}/{seed}"),
        None => format!("{DIR}/{name}"),
    };
    String::from_utf8(read(path)).unwrap()
}

/// chardetng's guess, as one of notate's encodings (`None`: another;
/// KOI8-U, which it gives for KOI8-R text, counts as KOI8-R).
fn chardetng(bytes: &[u8]) -> Option<Encoding> {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let mut guess = detector.guess(None, chardetng::Utf8Detection::Deny);
    if guess == encoding_rs::KOI8_U {
        guess = encoding_rs::KOI8_R;
    }
    Encoding::SINGLE_BYTE
        .into_iter()
        .find(|e| e.to_encoding_rs() == Some(guess))
}

/// Every case: its bytes and the encoding they are in.
fn cases() -> Vec<(String, Vec<u8>, Encoding)> {
    let mut cases = Vec::new();
    for (file, encoding) in [
        ("game28.windows-1251.pgn", Encoding::Windows1251),
        ("seed000.windows-1251.pgn", Encoding::Windows1251),
        ("seed003.windows-1251.pgn", Encoding::Windows1251),
        ("mixed-ru.windows-1251.pgn", Encoding::Windows1251),
        ("game28.koi8-r.pgn", Encoding::Koi8R),
        ("seed000.koi8-r.pgn", Encoding::Koi8R),
        ("seed003.koi8-r.pgn", Encoding::Koi8R),
        ("mixed-ru.koi8-r.pgn", Encoding::Koi8R),
        ("game28.cp866.pgn", Encoding::Cp866),
        ("seed000.cp866.pgn", Encoding::Cp866),
        ("seed003.cp866.pgn", Encoding::Cp866),
        ("mixed-ru.cp866.pgn", Encoding::Cp866),
        ("latin1-game.windows-1252.pgn", Encoding::Windows1252),
        ("mixed-latin.windows-1252.pgn", Encoding::Windows1252),
    ] {
        cases.push((file.to_string(), read(format!("{DIR}/{file}")), encoding));
    }
    let cyrillic = [Encoding::Windows1251, Encoding::Koi8R, Encoding::Cp866];
    for (seed, encodings) in [
        ("seeds/000_efe4e1c040d985d0.txt", &cyrillic[..]),
        ("seeds/003_5234ccdc0a6ae9b9.txt", &cyrillic[..]),
        ("game28.utf-8.pgn", &cyrillic[..]),
        (
            "seeds/002_7f78c26d6875c815.txt",
            &[Encoding::Windows1252][..],
        ),
        ("latin1-game.utf-8.pgn", &[Encoding::Windows1252][..]),
    ] {
        for line in text(seed).lines().filter(|l| !l.is_ascii()) {
            for &encoding in encodings {
                if let Ok(bytes) = encode_output(line, encoding) {
                    assert_eq!(decode_bytes(&bytes, encoding), line);
                    cases.push((line.to_string(), bytes, encoding));
                }
            }
        }
    }
    for line in [
        "Белые сдались.",
        "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7",
        "14. Фxd5+ Сd7 15. Крe1 Лd8",
        "[White \"Непомнящий, Ян\"]",
        "exd6 е.р.",
    ] {
        for encoding in cyrillic {
            if let Ok(bytes) = encode_output(line, encoding) {
                cases.push((line.to_string(), bytes, encoding));
            }
        }
    }
    for line in [
        "[White \"Müller, Jürgen\"]",
        "[Site \"Besançon\"]",
        "{Très belle partie — la dame est sacrifiée.}",
        "Aquí las blancas ganan un peón.",
    ] {
        cases.push((
            line.to_string(),
            encode_output(line, Encoding::Windows1252).unwrap(),
            Encoding::Windows1252,
        ));
    }
    cases
}

#[test]
fn sniff_is_right_at_least_as_often_as_chardetng() {
    let cases = cases();
    let (mut sniff_right, mut chardetng_right) = (0, 0);
    let mut chardetng_wrong = Vec::new();
    for (name, bytes, encoding) in &cases {
        if guess_single_byte(bytes) == *encoding {
            sniff_right += 1;
        }
        let guess = chardetng(bytes);
        if guess == Some(*encoding) {
            chardetng_right += 1;
        } else if chardetng_wrong.len() < 5 {
            chardetng_wrong.push(format!("{encoding} read as {guess:?}: {name}"));
        }
    }
    eprintln!(
        "{} cases: decode/sniff.rs right in {sniff_right}, chardetng in {chardetng_right}; chardetng's first misses:\n{}",
        cases.len(),
        chardetng_wrong.join("\n")
    );
    assert!(cases.len() >= 300, "{}", cases.len());
    assert!(
        sniff_right >= chardetng_right,
        "chardetng is right more often ({chardetng_right} to {sniff_right}): use it"
    );
}
