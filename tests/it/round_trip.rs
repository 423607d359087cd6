//! Round trips: games written in every form (descriptive and ICCF numeric
//! included) and every letter set read back, under the matching `--from`
//! and under auto, to the identical English SAN.

use crate::common;

use common::{Outcome, fixture, read_games, read_games_with, shared};
use notate::convert::{Options, convert_str};
use notate::internals::reader::ReaderOptions;
use notate::notation::style::{CaptureSign, Conventions, Form, Style};
use notate::output::Format;
use notate::vocab::letters::{ENGLISH, LETTER_SETS, LetterSet, fold_to_latin};

fn write(text: &str, form: Form, letters: &'static LetterSet) -> String {
    write_with(text, form, letters, CaptureSign::X)
}

fn write_with(text: &str, form: Form, letters: &'static LetterSet, capture: CaptureSign) -> String {
    let options = Options {
        style: Style {
            form,
            letters,
            conventions: Conventions {
                capture,
                ..Conventions::PGN
            },
        },
        format: Format::Pgn,
        ..Options::default()
    };
    let (out, diagnostics, summary) = convert_str(text, &options);
    assert_eq!(summary.failed, 0, "{diagnostics:?}");
    out
}

fn round_trip(name: &str, text: &str) {
    let original = read_games(text.as_bytes(), &ENGLISH);
    let converted: Vec<&Outcome> = original.iter().filter(|g| !g.failed).collect();
    assert!(converted.len() > 50, "{name}: too few games to mean much");
    let mut forms = vec![
        (Form::Uci, &ENGLISH),
        (Form::Iccf, &ENGLISH),
        (Form::Descriptive, &ENGLISH),
    ];
    for set in LETTER_SETS {
        forms.push((Form::San, set));
        forms.push((Form::Lan, set));
    }
    for (form, set) in forms {
        let written = write(text, form, set);
        let back = read_games(written.as_bytes(), set);
        assert_eq!(
            back.len(),
            converted.len(),
            "{name} {form:?} {}: games",
            set.code
        );
        for (i, (a, b)) in converted.iter().zip(&back).enumerate() {
            assert!(
                !b.failed,
                "{name} {form:?} {} game {i}: {:?}",
                set.code, b.messages
            );
            assert_eq!(a.san, b.san, "{name} {form:?} {} game {i}", set.code);
        }
    }
}

#[test]
fn bundled_games_in_every_form_and_letter_set() {
    let text =
        std::fs::read_to_string(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap();
    round_trip("chess.js benchmark", &text);
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn twic_in_every_form_and_letter_set() {
    let Some(shared) = shared() else { return };
    let text = std::fs::read_to_string(
        shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"),
    )
    .unwrap();
    round_trip("TWIC 1599", &text);
}

/// The games written in every letter set (short with `x`, long with `:`,
/// and for the Cyrillic sets also with Latin look-alike letters) read back
/// under `--from auto`, no option naming the language, to the same SAN.
/// A transliterated set (`Kr F L S K`) is read under auto only where no
/// set reads the letters as written, so a game of it without `Kr` or `F`
/// is another language's: it reads back under its own name (the round
/// trip above), not here.
fn auto_round_trip(name: &str, text: &str) {
    let original = read_games(text.as_bytes(), &ENGLISH);
    let converted: Vec<&Outcome> = original.iter().filter(|g| !g.failed).collect();
    let mut failures = Vec::new();
    for set in LETTER_SETS.iter().filter(|s| !s.is_transliterated()) {
        let mut variants = Vec::new();
        for (form, capture) in [(Form::San, CaptureSign::X), (Form::Lan, CaptureSign::Colon)] {
            let written = write_with(text, form, set, capture);
            // Latin look-alikes for its letters where its files are Latin:
            // Serbian's Cyrillic `х` (the h file) typed as `x` is a capture.
            if set.is_cyrillic() && set.has_latin_files() {
                variants.push((
                    format!("{form:?} with look-alikes"),
                    fold_to_latin(&written),
                ));
            }
            variants.push((format!("{form:?}"), written));
        }
        if set == &ENGLISH {
            // ICCF numeric has no letters, descriptive its own: both are
            // read under auto like any other.
            variants.push(("Iccf".to_string(), write(text, Form::Iccf, set)));
            variants.push((
                "Descriptive".to_string(),
                write(text, Form::Descriptive, set),
            ));
        }
        for (variant, written) in variants {
            let back = read_games_with(written.as_bytes(), &ReaderOptions::default());
            if back.len() != converted.len() {
                failures.push(format!(
                    "{name} {} {variant}: {} games back",
                    set.code,
                    back.len()
                ));
                continue;
            }
            for (i, (a, b)) in converted.iter().zip(&back).enumerate() {
                if b.failed || a.san != b.san {
                    failures.push(format!(
                        "{name} {} {variant} game {i}: {:?}",
                        set.code, b.messages
                    ));
                    break;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bundled_games_in_every_letter_set_read_back_under_auto() {
    let text =
        std::fs::read_to_string(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap();
    auto_round_trip("chess.js benchmark", &text);
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn twic_in_every_letter_set_reads_back_under_auto() {
    let Some(shared) = shared() else { return };
    let text = std::fs::read_to_string(
        shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"),
    )
    .unwrap();
    auto_round_trip("TWIC 1599", &text);
}
