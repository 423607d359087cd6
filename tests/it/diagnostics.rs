//! Every message notate can emit, on a broken input in `fixtures/broken/`,
//! compared with the exact text it prints (`NAME.expected`).

use crate::common;

use std::path::Path;

use common::fixture;
use notate::convert::{Converter, Options};
use notate::internals::reader::ReaderOptions;
use notate::output::Format;
use notate::vocab::diag::Severity;

fn diagnostics_of(path: &Path, name: &str) -> String {
    let options = Options {
        format: Format::Text,
        check: name.starts_with("check-"),
        reading: ReaderOptions {
            strict: name.starts_with("strict-"),
            ..ReaderOptions::default()
        },
        ..Options::default()
    };
    let input = std::fs::read(path).unwrap();
    let shown = format!("fixtures/broken/{name}");
    let mut out = String::new();
    Converter::new(&options)
        .convert_stream(&input[..], &mut Vec::new(), &mut |d| {
            assert_ne!(d.severity, Severity::Note);
            out.push_str(&d.render(&shown, false));
        })
        .unwrap();
    out
}

#[test]
fn every_broken_input_draws_its_exact_diagnostics() {
    let bless = std::env::var_os("NOTATE_BLESS").is_some();
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(fixture("broken"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn" || e == "txt"))
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let got = diagnostics_of(&path, &name);
        assert!(!got.is_empty(), "{name} draws no diagnostic");
        let expected_path = path.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
        }
        let want = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{name}: no {}", expected_path.display()));
        assert_eq!(got, want, "{name}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}
