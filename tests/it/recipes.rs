//! The README's recipe for files too big for one machine: GNU parallel cuts
//! a PGN file at `[Event ` lines and runs one notate per part; the output
//! is the same as one notate's. Skipped, with a notice, where `parallel` is
//! not installed.

use crate::common;

use std::process::{Command, Stdio};

use common::{fixture, shared};

fn has_parallel() -> bool {
    Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn gnu_parallel_gives_one_process_output() {
    if !has_parallel() {
        eprintln!("notice: GNU parallel is not installed; skipping the parallel recipe test");
        return;
    }
    let notate = env!("CARGO_BIN_EXE_notate");
    let mut inputs = vec![fixture("corpus/chess.js_pgn/benchmarks_benchmark.pgn")];
    if let Some(shared) = shared() {
        inputs.push(shared.join("corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn"));
    }
    for input in inputs {
        let input = input.to_str().unwrap();
        let one = Command::new(notate).args(["-q", input]).output().unwrap();
        assert!(one.status.success());
        // As in the README, with small blocks so that the file is cut into
        // many parts.
        let many = Command::new("parallel")
            .args([
                "--will-cite",
                "--pipepart",
                "-a",
                input,
                "--recstart",
                "[Event ",
            ])
            .args(["--block", "20k", "-k", notate, "-q", "-j", "1"])
            .output()
            .unwrap();
        assert!(
            many.status.success(),
            "{}",
            String::from_utf8_lossy(&many.stderr)
        );
        assert!(!one.stdout.is_empty());
        assert!(one.stdout == many.stdout, "{input}: the outputs differ");
    }
}
