//! The README's examples, run: every ```sh block after a
//! `<!-- readme-test -->` line runs in a scratch folder, with `notate` on
//! the PATH, and where a ```text block follows it, its output must be that
//! text byte for byte.

use crate::common::fixture;
use std::path::Path;
use std::process::Command;

struct Example {
    line: usize,
    script: String,
    output: Option<String>,
}

/// The marked blocks of the README, with the output blocks after them.
fn examples(readme: &str) -> Vec<Example> {
    let lines: Vec<&str> = readme.lines().collect();
    let block = |start: usize, fence: &str| -> Option<(String, usize)> {
        let mut i = start;
        while lines.get(i)?.trim().is_empty() {
            i += 1;
        }
        if lines[i] != fence {
            return None;
        }
        let mut text = String::new();
        i += 1;
        while lines.get(i)? != &"```" {
            text.push_str(lines[i]);
            text.push('\n');
            i += 1;
        }
        Some((text, i + 1))
    };
    let mut found = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if *line == "<!-- readme-test -->" {
            let (script, end) = block(n + 1, "```sh").expect("a ```sh block after the marker");
            let output = block(end, "```text").map(|(text, _)| text);
            found.push(Example {
                line: n + 1,
                script,
                output,
            });
        }
    }
    found
}

/// A scratch folder with the files the examples name.
fn scratch(n: usize) -> crate::common::Scratch {
    let dir = crate::common::scratch("readme", &n.to_string());
    std::fs::create_dir_all(dir.join("scans/club")).unwrap();
    for (from, to) in [
        ("samples/seed000-ru.txt", "game.txt"),
        ("pgn-extract/test-ucW.pgn", "game.pgn"),
        ("corpus/chess.js_pgn/benchmarks_benchmark.pgn", "games.pgn"),
        ("samples/seed000-ru.txt", "scans/ru.txt"),
        ("samples/seed002-es-short.txt", "scans/es.txt"),
        ("pgn-extract/test-ucW.pgn", "scans/club/game.pgn"),
    ] {
        std::fs::copy(fixture(from), dir.join(to)).unwrap();
    }
    dir
}

fn installed(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn readme_examples_run() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 4, "{} marked examples", examples.len());
    let bin = Path::new(env!("CARGO_BIN_EXE_notate")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (n, example) in examples.iter().enumerate() {
        if let Some(tool) = ["jq", "parallel"]
            .into_iter()
            .find(|t| example.script.contains(&format!("{t} ")) && !installed(t))
        {
            eprintln!(
                "notice: README line {}: {tool} is not installed; skipping its example",
                example.line
            );
            continue;
        }
        let dir = scratch(n);
        let out = Command::new("sh")
            .args(["-e", "-c", &example.script])
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "README line {}: {}\n{stdout}\n{}",
            example.line,
            example.script,
            String::from_utf8_lossy(&out.stderr)
        );
        if let Some(want) = &example.output {
            assert_eq!(&stdout, want, "README line {}", example.line);
        }
    }
}
