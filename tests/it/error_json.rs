//! `--error-format json` as data: every object has a `type`, a
//! diagnostic's `source` is its whole line, a file's `status` says what
//! came of it, every object valid against
//! `schema/notate-diagnostics.schema.json`; and the messages of the
//! summary and of `--format json`.

use std::process::Command;

use serde_json::{Value, json};

fn notate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_notate"))
        .args(args)
        .env_remove("NO_COLOR")
        .env("CLICOLOR", "0")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The objects of standard error, each checked against the schema.
fn objects(err: &str) -> Vec<Value> {
    let path = crate::common::root().join("schema/notate-diagnostics.schema.json");
    let schema: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let objects: Vec<Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for object in &objects {
        let problems: Vec<String> = validator
            .iter_errors(object)
            .map(|e| e.to_string())
            .collect();
        assert!(problems.is_empty(), "{object}: {problems:?}");
    }
    objects
}

/// Every message of `fixtures/broken/`, with notes (`-v`), as JSON: each
/// object valid, each diagnostic's source the line its line number names.
#[test]
fn every_broken_fixture_gives_valid_objects() {
    let dir = crate::common::fixture("broken");
    let mut inputs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "expected" && e != "md"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    inputs.sort();
    assert!(inputs.len() > 20, "{}", inputs.len());
    let mut args = vec!["-v", "--error-format", "json", "--check"];
    args.extend(inputs.iter().map(String::as_str));
    let (_, _, err) = notate(&args);
    let objects = objects(&err);
    let mut sources = 0;
    for d in objects.iter().filter(|o| o["type"] == "diagnostic") {
        let (Some(source), Some(line)) = (d["source"].as_str(), d["line"].as_u64()) else {
            continue;
        };
        let bytes = std::fs::read(d["file"].as_str().unwrap()).unwrap();
        // Lines of UTF-8 inputs only: others were decoded first.
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let whole = text.split('\n').nth(line as usize - 1).unwrap();
        assert_eq!(d["source_column"], 1, "{d}");
        assert_eq!(source, whole.trim_end_matches('\r'), "{d}");
        sources += 1;
    }
    assert!(sources > 20, "{sources}");
}

#[test]
fn every_object_has_a_type_and_files_their_status() {
    let dir = crate::common::scratch("error_json", "status");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let bad = write("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let mixed = write("mixed.pgn", "1. d4 *\n\n1. e4 e5 2. Ke3 *\n");
    let good = write("good.pgn", "1. c4 *\n");
    let missing = dir.join("missing.pgn");
    let (status, _, err) = notate(&[
        "--error-format",
        "json",
        &bad,
        &mixed,
        &good,
        missing.to_str().unwrap(),
    ]);
    assert_eq!(status, 2);
    let objects = objects(&err);
    let types: Vec<&str> = objects
        .iter()
        .map(|o| o["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        [
            "diagnostic",
            "file",
            "diagnostic",
            "file",
            "file",
            "message",
            "summary"
        ]
    );
    let status: Vec<(&str, &str)> = objects
        .iter()
        .filter(|o| o["type"] == "file")
        .map(|o| (o["file"].as_str().unwrap(), o["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        status,
        [
            (bad.as_str(), "failed"),
            (mixed.as_str(), "partial"),
            (good.as_str(), "converted")
        ]
    );
    assert_eq!(objects[5]["severity"], "error");
    assert_eq!(objects[6]["files_converted"], 3);
    assert_eq!(objects[6]["texts_converted"], 0);
}

/// `source` is the whole line however long, and `column` counts in it.
#[test]
fn the_source_is_the_whole_line() {
    let line = format!("1. e4 e5 2. {}Ke3 *", "Nf3 Nc6 Ng1 Nb8 ".repeat(20));
    let (status, _, err) = notate(&["--error-format", "json", "-e", &line]);
    assert_eq!(status, 1);
    let d = &objects(&err)[0];
    assert_eq!(d["type"], "diagnostic");
    assert_eq!(d["source"], json!(line));
    assert_eq!(d["source_column"], 1);
    assert_eq!(d["column"], 333);
    let column = d["column"].as_u64().unwrap() as usize;
    let width = d["width"].as_u64().unwrap() as usize;
    assert_eq!(&line[column - 1..column - 1 + width], "Ke3");
    // People still see the part around the token.
    let (_, _, err) = notate(&["-e", &line]);
    let shown = err.lines().nth(2).unwrap();
    assert!(
        shown.starts_with("1 | …") && shown.ends_with("Ke3 *"),
        "{shown}"
    );
    assert!(shown.chars().count() < 120, "{shown}");
}

#[test]
fn json_is_said_to_be_ndjson() {
    let (status, out, err) = notate(&["--format", "json", "-e", "1. e4 *"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err.lines().next().unwrap(),
        "error: --format: `json` is not a format (pgn, text, ndjson, epd, uci-line); did you mean ndjson?"
    );
}

#[test]
fn texts_are_counted_as_texts() {
    let (_, _, err) = notate(&["-e", "1. e4 *", "-e", "1. d4 *"]);
    assert_eq!(
        err.lines().last().unwrap(),
        "notate: 2 texts converted; 2 games read, 2 written, 0 rejected, 0 warnings"
    );
    let dir = crate::common::scratch("error_json", "texts");
    let file = dir.join("one.pgn");
    std::fs::write(&file, "1. c4 *\n").unwrap();
    let (_, _, err) = notate(&["-e", "1. e4 *", file.to_str().unwrap()]);
    assert_eq!(
        err.lines().last().unwrap(),
        "notate: 1 file and 1 text converted; 2 games read, 2 written, 0 rejected, 0 warnings"
    );
    let (_, _, err) = notate(&["--error-format", "json", "-e", "1. e4 *", "-e", "1. d4 *"]);
    let summary = objects(&err).pop().unwrap();
    assert_eq!(
        (
            summary["files_converted"].as_u64(),
            summary["texts_converted"].as_u64()
        ),
        (Some(0), Some(2))
    );
}

/// The notes on documents (`-v`) give the place in the document of each
/// game's start, valid by the schema: a web page's line and column, an
/// e-book's chapter, a PDF's page.
#[test]
fn notes_on_documents_give_their_places() {
    let dir = crate::common::fixture("documents");
    let inputs: Vec<String> = ["viewer.html", "book.epub", "skak.pdf"]
        .iter()
        .map(|n| dir.join(n).to_str().unwrap().to_string())
        .collect();
    let mut args = vec!["-v", "--error-format", "json", "--check"];
    args.extend(inputs.iter().map(String::as_str));
    let (_, _, err) = notate(&args);
    let places: Vec<Value> = objects(&err)
        .into_iter()
        .filter_map(|o| o.get("document").cloned())
        .collect();
    assert_eq!(
        places,
        [
            json!({"kind": "html", "line": 14, "column": 1}),
            json!({"kind": "html", "line": 36, "column": 18}),
            json!({"kind": "epub", "chapter": "OEBPS/Text/cover.xhtml", "line": 4, "column": 11}),
            json!({"kind": "epub", "chapter": "OEBPS/Text/chapter2.xhtml", "line": 6, "column": 9}),
            json!({"kind": "pdf", "page": 1, "line": 2, "column": 1}),
        ]
    );
}
