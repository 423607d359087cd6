//! The output, the diagnostics, the rejects and the summary are the same
//! byte for byte for any number of jobs; and a game reads the same whatever
//! was read before it (each worker reads a different share of the games).

use crate::common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{fixture, shared};
use notate::convert::{Converter, Options, Summary};
use notate::output::Format;

/// A writer that many owners can share, for the rejects.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn run(text: &[u8], jobs: usize, format: Format) -> (Vec<u8>, String, Vec<u8>, Summary) {
    let options = Options {
        jobs,
        format,
        ..Options::default()
    };
    let mut converter = Converter::new(&options);
    let rejects = Shared::default();
    converter.set_rejects(Box::new(rejects.clone()));
    let (out, diagnostics, summary) = convert(&mut converter, text);
    let rejected = rejects.0.lock().unwrap().clone();
    (out, diagnostics, rejected, summary)
}

/// `text` through `converter`: the output, the diagnostics rendered, the
/// summary.
fn convert(converter: &mut Converter, text: &[u8]) -> (Vec<u8>, String, Summary) {
    let mut out = Vec::new();
    let mut diagnostics = String::new();
    let summary = converter
        .convert_stream(text, &mut out, &mut |d| {
            diagnostics.push_str(&d.render("x", false))
        })
        .unwrap();
    (out, diagnostics, summary)
}

fn same_for_any_jobs(text: &[u8]) {
    for format in [Format::Pgn, Format::Text, Format::Ndjson] {
        let one = run(text, 1, format);
        for jobs in [2, 3, 8] {
            let many = run(text, jobs, format);
            assert!(
                one.0 == many.0,
                "output differs with {jobs} jobs ({format:?})"
            );
            assert_eq!(one.1, many.1, "diagnostics differ with {jobs} jobs");
            assert!(one.2 == many.2, "rejects differ with {jobs} jobs");
            assert_eq!(one.3, many.3, "summary differs with {jobs} jobs");
        }
    }
}

/// More than the workers' batches hold (256 KB each), so that the input is
/// cut into many batches and converted on threads; a smaller input is
/// converted on the calling thread.
const MANY_BATCHES: usize = 1 << 20;

/// `text` repeated until it passes [`MANY_BATCHES`] bytes.
fn repeated(text: &[u8]) -> Vec<u8> {
    let mut many = Vec::new();
    while many.len() < MANY_BATCHES {
        many.extend_from_slice(text);
    }
    many
}

#[test]
fn bundled_files_with_good_and_broken_games() {
    let mut text = Vec::new();
    for name in [
        "corpus/chess.js_pgn/benchmarks_benchmark.pgn",
        "corpus/python-chess_data_pgn/kasparov-deep-blue-1997.pgn",
    ] {
        text.extend(std::fs::read(fixture(name)).unwrap());
    }
    for entry in std::fs::read_dir(fixture("broken")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            text.extend(std::fs::read(path).unwrap());
            text.extend(b"\n\n");
        }
    }
    assert!(text.len() < MANY_BATCHES / 4, "one batch");
    same_for_any_jobs(&text);
    same_for_any_jobs(&repeated(&text));
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn twic() {
    let Some(shared) = shared() else { return };
    let text = std::fs::read(shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"))
        .unwrap();
    same_for_any_jobs(&text);
}

/// Reads as far as its text, then fails, as a truncated archive does.
struct FailsAfter<'a>(&'a [u8]);

impl std::io::Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("the input broke off"));
        }
        let n = buf.len().min(self.0.len()).min(4096);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_read_error_comes_after_every_game_read_before_it() {
    let text = std::fs::read(fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")).unwrap();
    // Within the first batch, and after many.
    read_error_after_whole_games(&text);
    read_error_after_whole_games(&repeated(&text));
}

fn read_error_after_whole_games(text: &[u8]) {
    // Every game but the last is known whole once the next one begins.
    let whole_games = text.windows(7).filter(|w| w == b"[Event ").count() - 1;
    let convert = |jobs| {
        let options = Options {
            jobs,
            ..Options::default()
        };
        let mut out = Vec::new();
        let input = std::io::BufReader::with_capacity(8192, FailsAfter(text));
        let result = Converter::new(&options).convert_stream(input, &mut out, &mut |_| {});
        let error = result.expect_err("the read error is returned");
        (out, error.to_string())
    };
    let one = convert(1);
    assert_eq!(one.1, "the input broke off");
    let written = one.0.windows(7).filter(|w| w == b"[Event ").count();
    assert!(
        written == whole_games,
        "{written} games written of the {whole_games} read whole before the error"
    );
    for jobs in [2, 3] {
        let many = convert(jobs);
        assert!(one.0 == many.0, "output differs with {jobs} jobs");
        assert_eq!(one.1, many.1);
    }
}

/// The inputs of `dir` under `fixtures/`.
fn inputs(dir: &str) -> Vec<(String, Vec<u8>)> {
    let mut paths: Vec<_> = std::fs::read_dir(fixture(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt" || e == "bin"))
        .filter(|p| !p.ends_with("SOURCE.txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

/// A converter keeps what it learnt from earlier games (the letter set of
/// the last one is tried first): that may make a game quicker to read,
/// never read differently. Found by the fuzzer: after a Russian game, a
/// game whose prose held `Rf1without` was read another way than alone
/// (`fixtures/regressions/reader-history-prose-letters.bin`).
#[test]
fn a_game_reads_the_same_whatever_came_before() {
    let before = inputs("samples");
    let mut targets = inputs("regressions");
    targets.extend(inputs("samples"));
    let mut differ = Vec::new();
    for (target, text) in &targets {
        let alone = convert(&mut Converter::new(&Options::default()), text);
        for (earlier, earlier_text) in &before {
            let mut converter = Converter::new(&Options::default());
            convert(&mut converter, earlier_text);
            if convert(&mut converter, text) != alone {
                differ.push(format!("{target} after {earlier}"));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "read differently:\n{}",
        differ.join("\n")
    );
}

/// A game's report comes after the output of the games before it and
/// before its own, for any number of jobs, though the output of games
/// with nothing to report is written many at a time.
#[test]
fn a_report_stands_between_the_games_around_it() {
    let clean = "1. e4 e5 2. Nf3 *\n\n";
    let flagged = "1. d4+ d5 *\n\n";
    // Past the first batch (256 KiB), so that the pipeline of jobs runs.
    let text = format!("{}{flagged}{}", clean.repeat(20_000), clean.repeat(5_000));
    let expected = format!(
        "{}<report>1. d4 d5 *\n{}",
        "1. e4 e5 2. Nf3 *\n".repeat(20_000),
        "1. e4 e5 2. Nf3 *\n".repeat(5_000)
    );
    for jobs in [1, 2, 3] {
        let options = Options {
            jobs,
            format: Format::Text,
            ..Options::default()
        };
        let log = Shared::default();
        let mut out = log.clone();
        let mut reports = log.clone();
        Converter::new(&options)
            .convert_stream(text.as_bytes(), &mut out, &mut |_| {
                reports.write_all(b"<report>").unwrap()
            })
            .unwrap();
        drop(out);
        let log = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
        assert!(log == expected, "{jobs} jobs: the report is misplaced");
    }
}

/// A tag section after a blank line in a header starts a new game where it
/// repeats a tag of its own section, not of the games before it in a
/// worker's batch (found by fuzz/reader: the batch's whole text was looked
/// through, so one job and two cut the games apart differently).
#[test]
fn a_header_is_cut_by_its_own_tags_only() {
    let game = "[Event \"a\"]\n[Date \"1905.??.??\"]\n[White \"Post\"]\n\n\
                [Round \"?\"]\n[Black \"Lee\"]\n\n1. e4 e5 *\n\n";
    for text in [game.repeat(3).into_bytes(), repeated(game.as_bytes())] {
        let games = text.len() / game.len();
        same_for_any_jobs(&text);
        for jobs in [1, 2] {
            let (_, diagnostics, _, summary) = run(&text, jobs, Format::Pgn);
            // Each header's second section adds to it: a game for each,
            // nothing to say.
            assert_eq!((summary.read as usize, summary.failed), (games, 0));
            assert!(diagnostics.is_empty(), "{diagnostics}");
        }
    }
}
