//! The command line as scripts use it: exit status, the rejects file, the
//! summary, `--check`, `--fail-fast`, JSON diagnostics, a closed pipe.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn notate() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_notate"));
    cmd.env_remove("NO_COLOR").env("CLICOLOR", "0");
    cmd
}

const GOOD_1: &str = "[Event \"good 1\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
const BAD_1: &str = "[Event \"bad 1\"]\r\n\r\n1. e4 e5 2. Ke3 Nf6 *\r\n\r\n";
const GOOD_2: &str = "[Event \"good 2\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n\n";
const BAD_2: &str = "[Event \"bad 2 \u{00e9}\"]\n\n1. d4 d5 2. Nz3 *\n\n";
const GOOD_3: &str = "1. c4 e5 *\n\n";

fn mixed() -> String {
    [GOOD_1, BAD_1, GOOD_2, BAD_2, GOOD_3].concat()
}

/// A file's path `name` in a fresh folder of its own, the folder removed
/// when the path is dropped (it is a [`Path`] by deref).
struct Temp {
    _dir: crate::common::Scratch,
    path: std::path::PathBuf,
}

impl std::ops::Deref for Temp {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for Temp {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

fn temp(name: &str) -> Temp {
    let dir = crate::common::scratch("cli", "file");
    let path = dir.join(name);
    Temp { _dir: dir, path }
}

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = notate()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn good_and_rejected_games_add_up_and_rejects_are_kept_byte_for_byte() {
    let input = temp("mixed.pgn");
    std::fs::write(&input, mixed()).unwrap();
    let rejects = temp("rejects.pgn");
    let (status, out, err) = run(
        &[
            input.to_str().unwrap(),
            "--format",
            "text",
            "--rejects",
            rejects.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, 1, "{err}");
    // A line per game, a failed game's empty.
    let lines: Vec<bool> = out.lines().map(str::is_empty).collect();
    assert_eq!(lines, [false, true, false, true, false], "{out}");
    assert_eq!(
        std::fs::read(&rejects).unwrap(),
        [BAD_1, BAD_2].concat().as_bytes()
    );
    assert!(
        err.ends_with("notate: 5 games read, 3 written, 2 rejected, 0 warnings\n"),
        "{err}"
    );
    assert_eq!(err.matches(": error: ").count(), 2, "{err}");
}

/// Each rejected text ends with a blank line in the rejects file, so that
/// texts from two inputs that end without a newline stay apart, and the
/// file reads back as the games rejected.
#[test]
fn rejected_texts_stay_apart_across_inputs() {
    let (a, b) = (temp("no-newline-a.pgn"), temp("no-newline-b.pgn"));
    std::fs::write(&a, "1. e4 e5 2. Ke3 *").unwrap();
    std::fs::write(&b, "1. d4 d5 2. Kd3 *\n").unwrap();
    let rejects = temp("apart-rejects.pgn");
    let (status, _, err) = run(
        &[
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--rejects",
            rejects.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(&rejects).unwrap(),
        "1. e4 e5 2. Ke3 *\n\n1. d4 d5 2. Kd3 *\n\n"
    );
    let (status, _, err) = run(&["--check", rejects.to_str().unwrap()], "");
    assert_eq!(status, 1);
    assert!(
        err.ends_with("notate: 2 games read, 0 sound, 2 rejected, 0 warnings\n"),
        "{err}"
    );
}

#[test]
fn all_good_is_status_0_and_quiet_is_silent() {
    let (status, out, err) = run(&["-q"], GOOD_1);
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.starts_with("[Event \"good 1\"]"));
}

#[test]
fn fail_fast_stops_at_the_first_failure() {
    let (status, out, err) = run(&["--fail-fast", "--format", "text"], &mixed());
    assert_eq!(status, 1);
    // The game before the failure, and the failed game's empty line.
    let lines: Vec<bool> = out.lines().map(str::is_empty).collect();
    assert_eq!(lines, [false, true], "{out}");
    assert!(
        err.ends_with("notate: 2 games read, 1 written, 1 rejected, 0 warnings\n"),
        "{err}"
    );
}

#[test]
fn check_writes_nothing_and_reports() {
    let (status, out, err) = run(&["--check"], &mixed());
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert!(
        err.ends_with("notate: 5 games read, 3 sound, 2 rejected, 0 warnings\n"),
        "{err}"
    );
    let (status, out, _) = run(&["--check", "-q"], GOOD_2);
    assert_eq!((status, out.as_str()), (0, ""));
}

#[test]
fn json_diagnostics_one_per_line() {
    let (_, _, err) = run(
        &["--error-format", "json", "-q", "--format", "text"],
        &mixed(),
    );
    let lines: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["file"], "<stdin>");
    assert_eq!(lines[0]["line"], 7);
    assert_eq!(lines[0]["column"], 13);
    assert_eq!(lines[0]["message"], "illegal move `Ke3` at 2.");
    assert_eq!(lines[0]["side_to_move"], "white");
    assert_eq!(lines[0]["notes"][0], "closest legal moves: Ke2");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let (_, _, plain) = run(&["-q"], BAD_1);
    assert!(!plain.contains('\u{1b}'), "piped: no colour");
    let (_, _, coloured) = run(&["-q", "--color", "always"], BAD_1);
    assert!(coloured.contains("\u{1b}["));
    let mut cmd = notate();
    cmd.env("NO_COLOR", "1");
    let out = cmd
        .args(["-q", "--color", "auto"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains('\u{1b}'));
}

#[test]
fn usage_and_io_errors_are_status_2() {
    let (status, _, err) = run(&["--to", "xyz"], "");
    assert_eq!(status, 2);
    assert!(
        err.contains("--to: `xyz` is not one of: san, lan, uci"),
        "{err}"
    );
    let (status, _, err) = run(&["/nonexistent/game.pgn"], "");
    assert_eq!(status, 2);
    assert!(err.contains("cannot read /nonexistent/game.pgn"), "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    let big = game.repeat(20_000);
    let mut child = notate()
        .args(["--format", "text", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(big.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(
        out.status.code().is_some_and(|c| c == 0 || c == 1),
        "{:?}",
        out.status
    );
}

/// The same Russian game in every encoding and compression converts to the
/// same moves, with no option saying which encoding it is.
#[test]
fn every_encoding_and_compression_end_to_end() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/encodings");
    let convert = |name: &str| {
        let out = notate()
            .args(["-q", "--format", "text", "--strip", "comments"])
            .arg(dir.join(name))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stderr)
                .matches("error")
                .count(),
            0,
            "{name}"
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let want = convert("game28.utf-8.pgn");
    assert!(want.starts_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), "{want}");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.starts_with("game28.") && name.contains(".pgn") {
            assert_eq!(convert(&name), want, "{name}");
            seen += 1;
        }
    }
    assert!(seen >= 11, "{seen}");
}

#[test]
fn output_encoding_writes_koi8_r_and_refuses_what_does_not_fit() {
    let mut cmd = notate();
    let output = cmd
        .args([
            "--lang",
            "ru",
            "--format",
            "text",
            "--output-encoding",
            "koi8-r",
            "-q",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(GOOD_1.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    // `Кf3` in KOI8-R: К is 0xEB.
    assert!(output.status.success());
    assert_eq!(output.stdout, b"1. e4 e5 2. \xebf3 \xebc6 1-0\n");
    let (status, _, err) = run(
        &["--lang", "ru", "--output-encoding", "windows-1252"],
        GOOD_1,
    );
    assert_eq!(status, 2);
    assert!(err.contains("cannot be written in windows-1252"), "{err}");
}

/// Runs `script` under `sh -c`, with the binary as `$0`.
fn sh(script: &str) -> std::process::Output {
    Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_notate")])
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Case 9: no panic on any output: a full standard error (status 2), a
/// closed standard output (an error naming it), completions and the man
/// page into a closed pipe (quiet) or a full device (status 2), standard
/// error a closed pipe in a batch (the run goes on, status 1 for its
/// failed games).
#[cfg(unix)]
#[test]
fn a_full_or_closed_output_is_an_error_never_a_panic() {
    let file = temp("nine.pgn");
    std::fs::write(&file, format!("{}{}", BAD_1, GOOD_1)).unwrap();
    let f = file.to_str().unwrap();
    let out = sh(&format!("\"$0\" {f} 2>/dev/full"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = sh(&format!("\"$0\" {f} >&-"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let out = sh(&format!("\"$0\" {f} > /dev/full"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cannot write standard output: No space left"),
        "{stderr}"
    );
    for sub in ["completions bash", "man"] {
        let out = sh(&format!("\"$0\" {sub} > /dev/full"));
        assert_eq!(out.status.code(), Some(2), "{sub}: {out:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
        let out = sh(&format!("\"$0\" {sub} | true"));
        assert!(out.status.success(), "{sub}: {out:?}");
        assert!(out.stderr.is_empty(), "{sub}: {out:?}");
    }
    // Standard error a pipe closed by its reader, in a batch of files
    // with many diagnostics each.
    let many = temp("many.pgn");
    std::fs::write(&many, BAD_1.repeat(5000)).unwrap();
    let m = many.to_str().unwrap();
    let status =
        crate::common::status_after_closing_stderr(notate().args([m, m, m, "-o", "/dev/null"]));
    // The diagnostics are lost, not the run: its status is its games'.
    assert_eq!(status.code(), Some(1), "{status:?}");
}

/// Case 13: `--error-format json` gives every line of standard error as
/// JSON, the per-file lines and the summary too; and `--max-game-size`
/// takes sizes with a unit.
#[test]
fn json_errors_give_their_summary_as_json() {
    let missing = temp("missing.pgn");
    let _ = std::fs::remove_file(&missing);
    let file = temp("json.pgn");
    std::fs::write(&file, mixed()).unwrap();
    let out = notate()
        .args([file.to_str().unwrap(), missing.to_str().unwrap()])
        .args(["--error-format", "json", "--format", "text"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["games_read"], 5);
    assert_eq!(summary["rejected"], 2);
    assert_eq!(summary["files_converted"], 1);
    assert_eq!(summary["files_unreadable"], 1);
    assert!(
        lines
            .iter()
            .any(|l| l["type"] == "file" && l["games_read"] == 5)
    );
    assert!(lines.iter().any(
        |l| l["severity"] == "error" && l["message"].as_str().unwrap().contains("cannot read")
    ));
    let (status, _, err) = run(&["--max-game-size", "1K", "-q"], &mixed());
    assert_eq!(status, 1, "{err}");
    let (status, _, err) = run(&["--max-game-size", "lots"], "");
    assert_eq!(status, 2);
    assert!(
        err.contains("--max-game-size: `lots` is not a size"),
        "{err}"
    );
}

/// Case 12: control characters of the input (a clear-screen, an OSC
/// title) and of file names reach the terminal escaped.
#[cfg(unix)]
#[test]
fn control_characters_are_escaped_in_diagnostics() {
    let name = temp("evil\u{1b}]0;owned\u{7}.pgn");
    std::fs::write(&name, "1. e4 e5 2. Ke3 {\u{1b}[2J\u{1b}]0;x\u{7}} *\n").unwrap();
    let out = notate()
        .arg(&*name)
        .args(["--color", "never", "-o", "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("evil\\u{1b}]0;owned\\u{7}.pgn"), "{stderr}");
    assert!(stderr.contains("\\u{1b}[2J"), "{stderr}");
}

/// Issue 28, case 17: ESC, BEL, NUL and the other control characters in
/// tag values and comments are left out of the output, with a warning; a
/// tab in a tag value becomes a space, in a comment it is white space.
#[test]
fn control_characters_are_left_out_of_the_output() {
    let input = "[Event \"x\u{1b}[31m\u{7}\"]\n[Site \"a\tb\"]\n\n\
                 1. e4 {a\u{0}b\tc\u{1b}d\u{9b}} e5 *\n";
    let (code, out, err) = run(&["--format", "pgn"], input);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "[Event \"x[31m\"]\n[Site \"a b\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 { ab cd } 1... e5 *\n\n"
    );
    assert_eq!(
        err,
        "<stdin>:1:1: warning: 5 control characters (such as ESC, NUL or BEL) in tag values \
         or comments left out of the output\n\
         notate: 1 game read, 1 written, 0 rejected, 1 warning\n"
    );
}

/// The rejects file is UTF-8: a game that failed, read from windows-1252,
/// is kept as its text, not its bytes; one read as UTF-8 byte for byte.
#[test]
fn rejects_of_another_encoding_are_written_in_utf8() {
    let input = temp("latin1-rejected.pgn");
    std::fs::write(&input, b"[Event \"c\"]\n\n1. c4 {caf\xe9} Ke8 *\n").unwrap();
    let rejects = temp("latin1-rejects.pgn");
    let (code, _, err) = run(
        &[
            input.to_str().unwrap(),
            "--rejects",
            rejects.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(&rejects).unwrap(),
        "[Event \"c\"]\n\n1. c4 {caf\u{e9}} Ke8 *\n\n"
    );
}

/// A game skipped for its size has its line in ndjson, as every failed
/// game does: no moves, and the error that says why; a line per game read.
#[test]
fn a_game_too_large_has_its_ndjson_line() {
    let input = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n\
                 1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *\n";
    let (code, out, err) = run(&["--format", "ndjson", "--max-game-size", "60"], input);
    assert_eq!(code, 1, "{err}");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{out}");
    assert_eq!(records[1]["moves"], serde_json::json!([]));
    assert_eq!(records[1]["source"]["line"], 5);
    assert_eq!(
        records[1]["errors"][0]["message"],
        "this game is larger than the maximum game size (60 bytes, --max-game-size) and was skipped"
    );
}

/// What the reading of a game's bytes said (its encoding, control
/// characters left out) is among the game's own warnings in ndjson, as on
/// standard error, not on standard error alone.
#[test]
fn decoding_and_control_warnings_are_the_games_own() {
    let input = temp("latin1-controls.pgn");
    std::fs::write(&input, b"[Event \"caf\xe9\x07\"]\n\n1. e4 e5 2. Qh5 *\n").unwrap();
    let (code, out, err) = run(&[input.to_str().unwrap(), "--format", "ndjson"], "");
    assert_eq!(code, 0, "{err}");
    let record: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    let warnings: Vec<&str> = record["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        warnings,
        [
            "this game is not UTF-8 and was read as windows-1252 (--encoding gives another)",
            "1 control character (such as ESC, NUL or BEL) in tag values or comments left out of the output",
        ]
    );
    assert_eq!(record["tags"]["Event"], "café");
    assert_eq!(err.matches(": warning: ").count(), 2, "{err}");
}
