//! The inputs that once crashed or hung the fuzzers (`fixtures/regressions/`),
//! replayed as the fuzz targets run them, and the move_token target's work
//! on tokens of every form.

use notate::convert::{Converter, Options, convert_str};
use notate::notation::style::Form;
use notate::output::Format;
use notate::vocab::letters::LetterSet;

use crate::adversarial::convert_bytes;
use crate::common;

/// Every input under `fixtures/regressions/` (those that once crashed or hung
/// a fuzzer) through the same calls as the fuzz targets.
#[test]
fn regressions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/regressions");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in paths {
        let data = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let result = common::panic_message(|| {
            if name.starts_with("move_token-") {
                fuzz_move_token(&String::from_utf8_lossy(&data));
            } else if name.starts_with("documents-") {
                fuzz_documents(&data);
            } else {
                fuzz_reader(&data);
            }
        });
        if let Some(msg) = result {
            failures.push(format!("{name}: {msg}"));
        }
    }
    assert!(
        failures.is_empty(),
        "regressions panic:\n{}",
        failures.join("\n")
    );
}

/// What `fuzz/fuzz_targets/documents.rs` does with a document it built:
/// opened (its kind told, read to text), and the text converted.
fn fuzz_documents(data: &[u8]) {
    use std::io::Read;
    let Ok(mut decoded) =
        notate::internals::decode::open(std::io::Cursor::new(data.to_vec()), None)
    else {
        return;
    };
    let mut text = String::new();
    if decoded.read_to_string(&mut text).is_err() {
        return;
    }
    let options = Options {
        max_game_size: 4096,
        ..Options::default()
    };
    let (_, _, summary) = convert_str(&text, &options);
    assert_eq!(summary.written + summary.failed, summary.read);
}

/// What `fuzz/fuzz_targets/reader.rs` does with one input.
fn fuzz_reader(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut sets = vec![Options::default()];
    let mut ru = Options::default();
    ru.reading.from = vec![LetterSet::by_code("ru").unwrap()];
    sets.push(ru);
    let mut strict = Options::default();
    strict.reading.strict = true;
    sets.push(strict);
    let mut ndjson = Options {
        format: Format::Ndjson,
        ..Options::default()
    };
    ndjson.style.form = Form::Lan;
    sets.push(ndjson);
    let mut text_uci = Options {
        format: Format::Text,
        ..Options::default()
    };
    text_uci.style.form = Form::Uci;
    sets.push(text_uci);
    let mut descriptive = Options::default();
    descriptive.style.form = Form::Descriptive;
    sets.push(descriptive);
    for options in &sets {
        let (_out, _diagnostics, summary) = convert_str(&text, options);
        assert!(summary.written <= summary.read);
    }
    let (out, _diagnostics, summary) = convert_bytes(data);
    assert!(summary.written <= summary.read);
    // The raw bytes with two jobs: the same.
    let mut two = Vec::new();
    let two_jobs = Options {
        jobs: 2,
        ..Options::default()
    };
    let two_summary = Converter::new(&two_jobs)
        .convert_stream(data, &mut two, &mut |_| {})
        .expect("reading from and writing to memory cannot fail");
    assert!(out.as_bytes() == two, "output differs with two jobs");
    assert_eq!(summary, two_summary);
}

/// The move_token target's work on tokens of every form, in its positions.
#[test]
fn move_token_target_on_tokens_of_every_form() {
    for token in [
        "e4", "Nbd2", "exd6", "e8=Q+", "O-O-O", "Кр:e2", "7163", "P-K4", "~",
    ] {
        fuzz_move_token(token);
    }
}

/// What `fuzz/fuzz_targets/move_token.rs` does with one input.
fn fuzz_move_token(s: &str) {
    use notate::notation::algebraic::{Alphabet, ParsedMove};
    use notate::vocab::letters::LETTER_SETS;
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
    // The fuzz target's positions, from the same file.
    let fens = include_str!("../../fixtures/fuzz/move_token_positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut positions = vec![Chess::default()];
    for fen in fens {
        positions.push(
            Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap(),
        );
    }
    assert_eq!(
        positions.len(),
        8,
        "the start and seven positions of the file"
    );
    let mut alphabets: Vec<Alphabet> = LETTER_SETS.iter().map(|s| Alphabet::new(&[s])).collect();
    let all: Vec<_> = LETTER_SETS.iter().collect();
    alphabets.push(Alphabet::new(&all));
    for alphabet in &alphabets {
        if let Ok(readings) = ParsedMove::readings(s, alphabet) {
            assert!(!readings.is_empty());
            for reading in &readings {
                for pos in &positions {
                    if let Ok(r) = notate::notation::resolve::resolve(pos, &reading.token) {
                        assert!(pos.is_legal(r.mv));
                    }
                }
            }
        }
    }
}
