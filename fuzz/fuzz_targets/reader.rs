//! Arbitrary bytes through the whole pipeline: split, read (auto detection,
//! an explicit letter set, strict), print (PGN, NDJSON, text; SAN, LAN, UCI,
//! descriptive).
//!
//! `convert_str(text, options)` is `Converter::new(options)` and one
//! `convert_stream` over `text`'s bytes. `Converter::new` costs ~0.3 ms
//! (the alphabets of every letter set), a hundred times the conversion of a
//! short input, so the converters are built once per process and reused, as
//! the command line reuses one for all its files. And a conversion of a
//! 1-4 KB input costs ~0.5-3 ms, so each input goes through one of the
//! seven ways (six option sets on the lossy text; the raw bytes with the
//! defaults and with two jobs, which must agree), picked by a hash of the
//! input: seven times the inputs per second, every way still covered.
//!
//! Set `NOTATE_FUZZ_FRESH=1` to run every input every way through
//! `convert_str` itself with fresh converters, e.g. when reproducing a
//! crash (`tests/adversarial.rs` replays `fixtures/regressions/` so too).
//!
//! Set `NOTATE_FUZZ_SKIP_NFKC=1` to skip inputs with characters that NFKC
//! folds (`¾`, `²`, full-width forms …): they hit a known panic
//! (`fixtures/regressions/reader-nfkc-run-together-offset.bin`) so often
//! that the fuzzer finds little else until it is fixed.
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use notate::convert::{Converter, Options, Summary, convert_str};
use notate::vocab::letters::LetterSet;
use notate::output::Format;
use notate::notation::style::Form;

fn option_sets() -> Vec<Options> {
    let default = Options::default();
    let mut ru = Options::default();
    ru.reading.from = vec![LetterSet::by_code("ru").unwrap()];
    let mut strict = Options::default();
    strict.reading.strict = true;
    let mut ndjson_lan = Options::default();
    ndjson_lan.format = Format::Ndjson;
    ndjson_lan.style.form = Form::Lan;
    let mut text_uci = Options::default();
    text_uci.format = Format::Text;
    text_uci.style.form = Form::Uci;
    let mut descriptive = Options::default();
    descriptive.style.form = Form::Descriptive;
    // Last: the raw bytes go through it and through `default`, and the
    // two must agree.
    let two_jobs = Options {
        jobs: 2,
        ..Options::default()
    };
    vec![default, ru, strict, ndjson_lan, text_uci, descriptive, two_jobs]
}

thread_local! {
    static OPTIONS: Vec<Options> = option_sets();
    static CONVERTERS: RefCell<Vec<Converter>> =
        RefCell::new(option_sets().iter().map(Converter::new).collect());
    static FRESH: bool = std::env::var_os("NOTATE_FUZZ_FRESH").is_some();
    static SKIP_NFKC: bool = std::env::var_os("NOTATE_FUZZ_SKIP_NFKC").is_some();
}

/// Whether `text` has a character that NFKC changes.
fn folds(text: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    text.chars()
        .any(|c| !c.is_ascii() && !std::iter::once(c).nfkc().eq(std::iter::once(c)))
}

fn check(summary: &Summary) {
    assert!(summary.written <= summary.read, "{summary:?}");
    assert!(summary.failed <= summary.read, "{summary:?}");
}

fn stream(converter: &mut Converter, input: &[u8], out: &mut Vec<u8>) -> Summary {
    out.clear();
    let summary = converter
        .convert_stream(input, out, &mut |_| {})
        .expect("reading from and writing to memory cannot fail");
    assert!(std::str::from_utf8(out).is_ok(), "output is not UTF-8");
    summary
}

/// FNV-1a: which way an input goes.
fn way(data: &[u8]) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h % 7) as usize
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if SKIP_NFKC.with(|s| *s) && folds(&text) {
        return;
    }
    let mut out = Vec::new();
    if FRESH.with(|f| *f) {
        OPTIONS.with(|sets| {
            for options in sets {
                check(&convert_str(&text, options).2);
            }
            let mut converter = Converter::new(&Options::default());
            check(&stream(&mut converter, data, &mut out));
        });
        return;
    }
    CONVERTERS.with(|converters| {
        let mut converters = converters.borrow_mut();
        match way(data) {
            // The raw bytes (invalid UTF-8, Latin-1, BOM …) through the
            // stream API, with one job and with two: the same output.
            6 => {
                let one = stream(&mut converters[0], data, &mut out);
                let mut two_out = Vec::new();
                let two = stream(&mut converters[6], data, &mut two_out);
                assert!(out == two_out, "output differs with two jobs");
                assert_eq!(one, two, "summary differs with two jobs");
                check(&one);
            }
            k => check(&stream(&mut converters[k], text.as_bytes(), &mut out)),
        }
    });
});
