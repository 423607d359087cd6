//! Round trips: games written in every form and every letter set read back,
//! under the matching `--from`, to the identical English SAN.

mod common;

use common::{Outcome, fixture, read_games, shared};
use notate::convert::{Options, convert_str};
use notate::letters::{ENGLISH, LETTER_SETS, LetterSet};
use notate::printer::Format;
use notate::style::{Conventions, Form, Style};

fn write(text: &str, form: Form, letters: &'static LetterSet) -> String {
    let options = Options {
        style: Style {
            form,
            letters,
            conventions: Conventions::PGN,
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
    let mut forms = vec![(Form::Uci, &ENGLISH)];
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
fn twic_in_every_form_and_letter_set() {
    let Some(shared) = shared() else { return };
    let text = std::fs::read_to_string(
        shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"),
    )
    .unwrap();
    round_trip("TWIC 1599", &text);
}
