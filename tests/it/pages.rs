//! Whole page texts, as found: games woven with prose, variations, typos
//! and OCR, in twenty languages (`fixtures/pages/`, collected for issue 22,
//! each with its page's address; and `../shared/national/` where present).
//! Each text is read verbatim. What holds today, for every text: its main
//! line is read exactly, or what was read says why not (a warning or an
//! error) — no text comes out shorter without a word. And how many read
//! exactly, as a floor that a change may raise, never lower.

use std::path::Path;

use notate::{ReaderOptions, Severity, read};
use serde_json::Value;

use crate::common::{fixture, shared};

/// The entries of a `.jsonl` file of page texts.
fn entries(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The main lines an entry's derivations give, in UCI (the strict replay,
/// and where the entry has one, a lenient one that repairs a known slip).
fn expected(entry: &Value) -> Vec<Vec<String>> {
    let derived = entry["derived"].as_object().expect("derived main lines");
    derived
        .values()
        .map(|d| match &d["uci"] {
            Value::String(s) => s.split_whitespace().map(str::to_owned).collect(),
            Value::Array(moves) => moves
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// How an entry's text reads: whether a game of it has the expected main
/// line, and whether anything was reported.
fn reads(entry: &Value) -> (bool, bool) {
    let games = read(
        entry["verbatim"].as_str().unwrap(),
        &ReaderOptions::default(),
    );
    let want = expected(entry);
    let exact = games.iter().any(|g| {
        let moves: Vec<String> = g
            .mainline()
            .map(|m| m.uci(g.castling_mode).to_string())
            .collect();
        want.contains(&moves)
    });
    let reported = games.iter().any(|g| {
        g.diagnostics
            .iter()
            .any(|d| matches!(d.severity, Severity::Warning | Severity::Error))
    });
    (exact, reported)
}

/// Reads every entry of `path`: each is exact or reported; returns how
/// many are exact.
fn measure(path: &Path) -> usize {
    let entries = entries(path);
    let mut exact_count = 0;
    for entry in &entries {
        let id = entry["id"].as_str().unwrap();
        let (exact, reported) = reads(entry);
        assert!(
            exact || reported,
            "{id}: its main line was not read, and nothing says why"
        );
        exact_count += usize::from(exact);
    }
    eprintln!(
        "{}: {exact_count} of {} main lines read exactly from the verbatim text",
        path.display(),
        entries.len()
    );
    exact_count
}

#[test]
fn collected_pages_read_exactly_or_say_why() {
    let path = fixture("pages/pages.jsonl");
    let entries = entries(&path);
    // At least 30 texts in at least 12 languages, each with its address.
    assert!(entries.len() >= 30);
    let mut languages: Vec<&str> = entries.iter().map(|e| e["iso"].as_str().unwrap()).collect();
    languages.sort_unstable();
    languages.dedup();
    assert!(languages.len() >= 12, "{languages:?}");
    assert!(
        entries
            .iter()
            .all(|e| e["url"].as_str().is_some_and(|u| u.starts_with("http")))
    );
    assert!(measure(&path) >= 19);
}

#[test]
fn national_texts_read_exactly_or_say_why() {
    let Some(shared) = shared() else {
        eprintln!("../shared is absent: the national texts are not measured");
        return;
    };
    let mut exact = 0;
    for name in ["national_games.jsonl", "national_games_2.jsonl"] {
        let path = shared.join("national").join(name);
        if path.exists() {
            exact += measure(&path);
        }
    }
    assert!(exact >= 8, "{exact}");
}
