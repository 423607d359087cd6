//! Every game of the real corpus files converts to the main line python-chess
//! gives (expected values in `fixtures/expected/`, made by
//! `scripts/oracle/regenerate.sh`), except the games listed in
//! `fixtures/expected/EXCEPTIONS.md`, which python-chess itself rejects or
//! which are not standard chess.

use crate::common;

use std::io::BufReader;
use std::path::{Path, PathBuf};

use common::{fixture, header_only_sections, read_file, read_games, shared};
use notate::vocab::letters::ENGLISH;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Games where notate and python-chess disagree on purpose.
const DEVIATIONS: &[(&str, usize, &str)] = &[(
    "__tests___pgn_0.jsonl",
    0,
    "chess.js's test of HTML line breaks: python-chess reads `[Event \"?\"]<br />...` as a game with \
     no moves and no error; notate reports `<br` as not a move",
)];

fn expected(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Compares one input file with its expected lines; returns the number of
/// games checked.
fn check(input: &Path, expected_path: &Path) -> usize {
    let name = expected_path.file_name().unwrap().to_str().unwrap();
    let ours = read_file(input);
    let theirs = expected(expected_path);
    // python-chess stops reading a file where read_game raises.
    let crashed = theirs
        .iter()
        .any(|v| v.get("read_game_exception").is_some());
    if let Some(sections) = header_only_sections(input) {
        // python-chess merges the sections into one game of no moves;
        // notate reads each as a game of no moves.
        assert_eq!(theirs.len(), 1, "{name}");
        assert_eq!(ours.len(), sections, "{name}: a game per tag section");
        assert!(ours.iter().all(|g| !g.failed && g.san.is_empty()), "{name}");
        return sections;
    }
    if !crashed {
        assert_eq!(ours.len(), theirs.len(), "{name}: number of games");
    }
    let mut checked = 0;
    for (i, (want, got)) in theirs.iter().zip(&ours).enumerate() {
        if want.get("read_game_exception").is_some() {
            break;
        }
        if let Some((_, _, why)) = DEVIATIONS.iter().find(|(f, g, _)| *f == name && *g == i) {
            assert!(got.failed, "{name} game {i}: expected a deviation ({why})");
            continue;
        }
        if want["python_chess_rejects"] == Value::Bool(true) {
            // A side line with a move that cannot be played costs python-chess
            // the game; notate keeps it as a comment, says so, and reads the
            // main line on (issue 19).
            let kept = got.messages.iter().any(|m| {
                m.contains("side line with a move that cannot be played")
                    && m.ends_with("kept as a comment")
            });
            assert!(
                got.failed || kept,
                "{name} game {i}: python-chess rejects it ({}), notate converted it: {:?}",
                want["reason"],
                got.messages
            );
            continue;
        }
        assert!(!got.failed, "{name} game {i} failed: {:?}", got.messages);
        assert_eq!(
            got.san,
            want["san"].as_str().unwrap(),
            "{name} game {i}: SAN"
        );
        assert_eq!(
            got.uci,
            want["uci"].as_str().unwrap(),
            "{name} game {i}: UCI"
        );
        checked += 1;
    }
    checked
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

fn check_dir(corpus: &str, expected: &str) -> usize {
    let mut total = 0;
    for input in files(&fixture(corpus), "pgn") {
        let stem = input.file_stem().unwrap().to_str().unwrap();
        let want = fixture(expected).join(format!("{stem}.jsonl"));
        total += check(&input, &want);
    }
    total
}

#[test]
fn python_chess_test_files() {
    let n = check_dir("corpus/python-chess_data_pgn", "expected");
    assert!(n >= 10, "{n}");
}

#[test]
fn chess_js_files() {
    assert!(check_dir("corpus/chess.js_pgn", "expected") >= 100);
}

#[test]
fn scalachess_chess960_files() {
    assert!(check_dir("corpus/scalachess_fixtures", "expected") > 0);
}

#[test]
fn lichess_study_puzzles_with_fen_starts() {
    let n = check_dir(
        "corpus/pychess_learn/puzzles",
        "expected/pychess_learn/puzzles",
    ) + check_dir(
        "corpus/pychess_learn/lessons",
        "expected/pychess_learn/lessons",
    );
    assert!(n > 1000, "{n}");
}

#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn twic_and_lichess_samples() {
    let Some(shared) = shared() else { return };
    for name in ["twic1599_1000k", "lichess_db_1000k"] {
        let input = shared.join(format!("corpus/shakmaty_pgn-reader_benches/{name}.pgn"));
        let n = check(&input, &fixture(&format!("expected/{name}.jsonl")));
        assert!(n > 400, "{name}: {n}");
    }
}

/// The gnuchess book (145,716 games): the SAN and UCI of every game hashed in
/// blocks of 1000 games, against python-chess's hashes.
#[test]
#[cfg_attr(not(has_shared), ignore = "needs ../shared, the corpus")]
fn gnuchess_book() {
    let Some(shared) = shared() else { return };
    let file = std::fs::File::open(shared.join("corpus/gnuchess-book/book_1.02.pgn.gz")).unwrap();
    let input = BufReader::new(flate2::read::GzDecoder::new(file));
    let ours = read_games(input, &ENGLISH);
    let digest = std::fs::read_to_string(fixture("expected/gnuchess-book.digest")).unwrap();
    let mut total = Sha256::new();
    let mut blocks = 0;
    for line in digest.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        if parts[0] == "total" {
            assert_eq!(
                ours.len(),
                parts[1].parse::<usize>().unwrap(),
                "games in the book"
            );
            assert_eq!(hex(&total.clone().finalize()), parts[2], "total digest");
            continue;
        }
        let block: usize = parts[0].parse().unwrap();
        let count: usize = parts[1].parse().unwrap();
        let games = &ours[block * 1000..(block * 1000 + count).min(ours.len())];
        let mut hasher = Sha256::new();
        for g in games {
            assert!(!g.failed, "book game failed: {:?}", g.messages);
            let line = format!("{}\t{}\n", g.san, g.uci);
            hasher.update(line.as_bytes());
            total.update(line.as_bytes());
        }
        assert_eq!(
            hex(&hasher.finalize()),
            parts[2],
            "block {block} (games {}..)",
            block * 1000
        );
        blocks += 1;
    }
    assert_eq!(blocks, 146);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every game python-chess rejects is listed, with its reason, in
/// EXCEPTIONS.md, so the exceptions the tests allow are documented.
#[test]
fn exceptions_are_listed() {
    let listed = std::fs::read_to_string(fixture("expected/EXCEPTIONS.md")).unwrap();
    let mut stack = vec![fixture("expected")];
    let mut rejected = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "jsonl")
                || path.starts_with(fixture("expected/trees"))
            {
                continue;
            }
            let rel = path
                .strip_prefix(fixture("expected"))
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            for game in expected(&path) {
                if game["python_chess_rejects"] == Value::Bool(true) {
                    let row = format!("| {rel} | {} |", game["game"]);
                    assert!(listed.contains(&row), "EXCEPTIONS.md lacks {row}");
                    rejected += 1;
                }
            }
        }
    }
    assert!(rejected >= 7, "{rejected}");
}
