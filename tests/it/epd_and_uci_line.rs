//! The machine formats: EPD (against pgn-extract's own expected output) and
//! uci-line (against python-chess's moves and start positions).

use crate::common;

use std::path::Path;

use common::{fixture, header_only_sections};
use notate::convert::{Options, convert_str};
use notate::output::Format;
use serde_json::Value;

fn convert(path: &Path, format: Format) -> String {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let options = Options {
        format,
        jobs: 1,
        ..Options::default()
    };
    convert_str(&text, &options).0
}

#[test]
fn epd_is_pgn_extracts() {
    let ours = convert(&fixture("pgn-extract/test-ucW.pgn"), Format::Epd);
    let theirs = std::fs::read_to_string(fixture("pgn-extract/test-WWepd-out.pgn")).unwrap();
    assert_eq!(ours, theirs);
}

/// Every game that converts gives one line, `startpos moves ...` or
/// `fen <FEN> moves ...`, with python-chess's start position and UCI moves.
#[test]
fn uci_lines_match_python_chess() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut checked = 0;
    for (input, expected) in [
        (
            "corpus/python-chess_data_pgn/kasparov-deep-blue-1997.pgn",
            "expected/kasparov-deep-blue-1997.jsonl",
        ),
        (
            "corpus/pychess_learn/puzzles/lichess_study_lichess-practice-checkmate-patterns-i_by_arex_2017.01.22.pgn",
            "expected/pychess_learn/puzzles/lichess_study_lichess-practice-checkmate-patterns-i_by_arex_2017.01.22.jsonl",
        ),
        (
            "corpus/scalachess_fixtures/FWWRC.pgn",
            "expected/FWWRC.jsonl",
        ),
        (
            "corpus/chess.js_pgn/benchmarks_benchmark.pgn",
            "expected/benchmarks_benchmark.jsonl",
        ),
    ] {
        let out = convert(&fixture(input), Format::UciLine);
        let lines: Vec<&str> = out.lines().collect();
        if let Some(sections) = header_only_sections(&fixture(input)) {
            // A game per tag section, from the standard start, no moves
            // (python-chess merges them into one).
            assert_eq!(lines, vec!["startpos"; sections], "{input}");
            checked += 1;
            continue;
        }
        let want: Vec<Value> = std::fs::read_to_string(fixture(expected))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .filter(|v: &Value| v["python_chess_rejects"] != Value::Bool(true))
            .collect();
        assert_eq!(lines.len(), want.len(), "{input}: one line per game");
        for (i, (line, want)) in lines.iter().zip(&want).enumerate() {
            let (position, moves) = match line.split_once(" moves ") {
                Some((p, m)) => (p, m),
                None => (*line, ""),
            };
            assert_eq!(moves, want["uci"].as_str().unwrap(), "{input} game {i}");
            let fen = want["fen"].as_str().unwrap();
            match position.strip_prefix("fen ") {
                Some(ours) => assert_eq!(ours, fen, "{input} game {i}"),
                None => assert_eq!((position, fen), ("startpos", START), "{input} game {i}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}
