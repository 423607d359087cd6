//! Batch conversion and the command line around it: `-e`, `--out-dir` with
//! `-r` and `--force`, an interrupted run, completions (every flag's
//! choices), `--help` and the man page.

use crate::common::{fixture, run_in, text};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn notate() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_notate"));
    cmd.env_remove("NO_COLOR").env("CLICOLOR", "0");
    cmd
}

fn run(args: &[&str]) -> Output {
    notate().args(args).stdin(Stdio::null()).output().unwrap()
}

/// Every file below `dir`, as paths relative to it, sorted.
fn files_below(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                found.push(rel.replace('\\', "/"));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn inline_text() {
    let out = run(&["-e", "1.e4 e5 2.Кf3 Кc6 3.Сb5", "--format", "text", "-q"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
    // Several texts, each its own input, before the files.
    let out = run(&[
        "-e",
        "1. d4",
        "-e",
        "1. Sf3",
        "--format",
        "uci-line",
        fixture("pgn-extract/test-ucW.pgn").to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[..2], ["startpos moves d2d4", "startpos moves g1f3"]);
    assert!(
        lines[2].starts_with("startpos moves b2b3 e7e5"),
        "{}",
        lines[2]
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("notate: <text 2>: 1 game read"), "{stderr}");
}

#[test]
fn out_dir_mirrors_folders() {
    let dir = scratch("mirror");
    let src = dir.join("scans");
    std::fs::create_dir_all(src.join("club/.git")).unwrap();
    std::fs::copy(fixture("samples/seed000-ru.txt"), src.join("ru.txt")).unwrap();
    std::fs::copy(
        fixture("samples/seed002-es-short.txt"),
        src.join("club/es.txt"),
    )
    .unwrap();
    std::fs::copy(
        fixture("pgn-extract/test-ucW.pgn"),
        src.join("club/game.pgn"),
    )
    .unwrap();
    std::fs::copy(
        fixture("pgn-extract/test-ucW.pgn"),
        src.join("club/.git/hidden.pgn"),
    )
    .unwrap();
    let out_dir = dir.join("out");
    let args = [
        "-r",
        src.to_str().unwrap(),
        "--out-dir",
        out_dir.to_str().unwrap(),
        "--format",
        "ndjson",
    ];
    let out = run(&args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        files_below(&out_dir),
        ["club/es.ndjson", "club/game.ndjson", "ru.ndjson"]
    );
    // One summary line per file, then the total.
    for name in ["club/es", "club/game", "ru"] {
        let line = format!(
            "{}.ndjson: 1 game read, 1 written",
            out_dir.join(name).display()
        );
        assert!(stderr.contains(&line), "{line} in {stderr}");
    }
    assert!(
        stderr.ends_with(
            "notate: 3 files converted; 3 games read, 3 written, 0 rejected, 1 warning\n"
        ),
        "{stderr}"
    );
    // Each output is what converting its file alone gives.
    let alone = run(&[
        src.join("ru.txt").to_str().unwrap(),
        "--format",
        "ndjson",
        "-q",
    ]);
    assert_eq!(
        std::fs::read(out_dir.join("ru.ndjson")).unwrap(),
        alone.stdout
    );

    // A second run leaves the files there alone, skips their inputs
    // (status 1, as `cp -n`), and converts the rest.
    std::fs::write(out_dir.join("ru.ndjson"), "keep").unwrap();
    std::fs::remove_file(out_dir.join("club/es.ndjson")).unwrap();
    let out = run(&args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("ru.ndjson exists, left alone (--force overwrites it, "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "notate: 1 file converted, 2 left alone (output exists); \
             1 game read, 1 written, 0 rejected, 0 warnings\n"
        ),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(out_dir.join("ru.ndjson")).unwrap(),
        "keep"
    );
    assert!(out_dir.join("club/es.ndjson").exists());
    // --force does.
    let forced: Vec<&str> = args.iter().copied().chain(["--force"]).collect();
    assert_eq!(run(&forced).status.code(), Some(0));
    assert_eq!(
        std::fs::read(out_dir.join("ru.ndjson")).unwrap(),
        alone.stdout
    );

    // A folder without -r, and -o with --out-dir, are usage errors.
    let out = run(&[src.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is a folder; -r reads the files in it"));
    let out = run(&[
        "-o",
        "x",
        "--out-dir",
        "y",
        src.join("ru.txt").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn compressed_input_drops_its_suffix() {
    let dir = scratch("suffix");
    let gz = fixture("encodings/game28.windows-1251.pgn.gz");
    let out_dir = dir.join("out");
    let out = run(&[gz.to_str().unwrap(), "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(files_below(&out_dir), ["game28.windows-1251.pgn"]);
}

/// Kills a run with `--out-dir` mid-way: every file it leaves under its
/// own name is complete. SIGTERM removes the file being written; SIGKILL
/// cannot, and leaves it hidden (`.NAME.notate-partial`).
#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_only_complete_files() {
    let dir = scratch("interrupt");
    let src = dir.join("in");
    std::fs::create_dir_all(&src).unwrap();
    let game = std::fs::read_to_string(fixture("pgn-extract/test-ucW.pgn")).unwrap();
    let big = game.repeat(3000);
    for i in 0..4 {
        std::fs::write(src.join(format!("part{i}.pgn")), &big).unwrap();
    }
    let expected = run(&[src.join("part0.pgn").to_str().unwrap(), "-q", "-j", "1"]).stdout;
    for signal in ["TERM", "KILL"] {
        let out_dir = dir.join(format!("out-{signal}"));
        let mut child = notate()
            .args([
                "-r",
                src.to_str().unwrap(),
                "--out-dir",
                out_dir.to_str().unwrap(),
            ])
            .args(["-j", "1", "-q"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the first file to be complete, then stop the run.
        let start = Instant::now();
        while !out_dir.join("part0.pgn").exists() && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let _ = child.wait();
        let left = files_below(&out_dir);
        assert!(
            left.contains(&"part0.pgn".to_string()),
            "{signal}: {left:?}"
        );
        let complete = left.iter().filter(|n| !n.starts_with('.')).count();
        assert!(
            complete < 4,
            "SIG{signal} came after the run's end: {left:?}"
        );
        for name in &left {
            if name.starts_with('.') {
                assert_eq!(
                    signal, "KILL",
                    "a temporary file is left after SIG{signal}: {name}"
                );
                assert!(name.ends_with(".notate-partial"), "{name}");
                continue;
            }
            assert_eq!(
                std::fs::read(out_dir.join(name)).unwrap(),
                expected,
                "SIG{signal}: {name} is incomplete"
            );
        }
    }
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains("out-dir"), "{shell}: {script}");
    }
    let out = run(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(page.contains(".TH notate 1"), "{page}");
    assert!(page.contains("out\\-dir"), "{page}");
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Every choice flag with its choices, read from the library's own tables
/// (the command's own two, `--error-format` and `--color`, written out).
fn choice_flags() -> Vec<(&'static str, Vec<String>)> {
    use notate::notation::style::{
        CaptureSign, CastlingSign, DoubleCheckSign, EnPassantSuffix, Form, MateSign, PromotionSign,
        Separator,
    };
    fn names<T>(all: &[(T, &'static str)]) -> Vec<String> {
        all.iter().map(|(_, name)| name.to_string()).collect()
    }
    let codes: Vec<String> = notate::vocab::letters::LETTER_SETS
        .iter()
        .map(|set| set.code.to_string())
        .collect();
    let from: Vec<String> = std::iter::once("auto".to_string())
        .chain(codes.iter().cloned())
        .chain(["iccf".into(), "descriptive".into()])
        .collect();
    let formats = notate::output::Format::ALL.iter().map(|f| f.1.to_string());
    let presets = notate::notation::style::PRESETS
        .iter()
        .map(|p| p.name.to_string());
    let encodings: Vec<String> = notate::internals::decode::Encoding::ALL
        .iter()
        .map(|e| e.name().to_string())
        .collect();
    let strip = notate::output::Strip::part_names().map(String::from);
    let own = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
    vec![
        ("--to", names(Form::ALL)),
        ("--lang", codes),
        ("--from", from),
        ("--preset", presets.collect()),
        ("--capture", names(CaptureSign::ALL)),
        ("--castling", names(CastlingSign::ALL)),
        ("--promotion", names(PromotionSign::ALL)),
        ("--mate", names(MateSign::ALL)),
        ("--double-check", names(DoubleCheckSign::ALL)),
        ("--en-passant", names(EnPassantSuffix::ALL)),
        ("--separator", names(Separator::ALL)),
        ("--format", formats.collect()),
        ("--strip", strip.collect()),
        ("--encoding", encodings.clone()),
        ("--output-encoding", encodings),
        ("--error-format", own(&["human", "json"])),
        ("--color", own(&["auto", "always", "never"])),
    ]
}

/// The words bash's script offers after `flag`: its `compgen -W` list.
fn bash_words(script: &str, flag: &str) -> Option<Vec<String>> {
    let mut lines = script.lines();
    lines.find(|l| l.trim() == format!("{flag})"))?;
    let line = lines.next()?;
    let words = line.split("-W \"").nth(1)?.split('"').next()?;
    Some(words.split(' ').map(String::from).collect())
}

/// The choices of every choice flag are offered by the completion scripts
/// and listed by `--help` (issue 21): they were completed as file names.
#[test]
fn completions_and_help_list_every_choice() {
    let flags = choice_flags();
    let all: Vec<&String> = flags.iter().flat_map(|(_, names)| names).collect();
    // The tables hold what the manual names.
    for word in [
        "ndjson",
        "descriptive",
        "ru-classic",
        ":",
        "x",
        "е.р.",
        "figurine-color",
    ] {
        assert!(all.iter().any(|n| *n == word), "{word}");
    }
    let bash = text(&run(&["completions", "bash"]).stdout);
    let help = text(&run(&["--help"]).stdout);
    for (flag, names) in &flags {
        assert_eq!(bash_words(&bash, flag).as_ref(), Some(names), "bash {flag}");
        // Its part of `--help`: from its line to the next flag's.
        let start = help.find(&format!("{flag} <")).expect(flag);
        let rest = &help[start..];
        let end = rest[1..]
            .find("\n  -")
            .or_else(|| rest[1..].find("\n      --"))
            .map_or(rest.len(), |e| e + 1);
        for name in names {
            assert!(rest[..end].contains(name.as_str()), "--help {flag}: {name}");
        }
    }
    assert_eq!(bash_words(&bash, "-t"), bash_words(&bash, "--to"));
    // Values that are not file names are not completed as file names.
    for flag in ["--max-game-size", "--jobs", "--text"] {
        let mut lines = bash.lines().skip_while(|l| l.trim() != format!("{flag})"));
        let line = lines.nth(1).expect(flag);
        assert!(!line.contains("compgen -f"), "{flag}: {line}");
    }
    for shell in ["zsh", "fish"] {
        let script = text(&run(&["completions", shell]).stdout);
        for word in [
            "ndjson",
            "descriptive",
            "ru-classic",
            "figurine-color",
            "comments",
        ] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
}

/// In bash, a list's entry after a comma is completed too, the entries
/// before it kept.
#[test]
fn bash_completes_the_last_entry_of_a_list() {
    let dir = scratch("bash-lists");
    let script = dir.join("notate.bash");
    std::fs::write(&script, run(&["completions", "bash"]).stdout).unwrap();
    let complete = |words: &str| {
        let program = format!(
            "source {}; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); \
             _notate notate \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\" 2>/dev/null; \
             echo \"${{COMPREPLY[*]}}\"",
            script.display()
        );
        let out = Command::new("bash")
            .args(["-c", &program])
            .output()
            .unwrap();
        text(&out.stdout).trim().to_string()
    };
    assert_eq!(complete("notate --from de,n"), "de,nl de,nb");
    assert_eq!(complete("notate --strip nags,co"), "nags,comments");
    assert_eq!(complete("notate --format nd"), "ndjson");
    assert_eq!(complete("notate --capture ''"), "x : none");
}

#[test]
fn help_shows_examples() {
    let out = run(&["--help"]);
    let help = text(&out.stdout);
    for example in [
        "notate -e",
        "--out-dir",
        "notate completions bash",
        "Exit status",
    ] {
        assert!(help.contains(example), "{example} in {help}");
    }
}

/// On a terminal, a long run shows a progress bar on standard error (run
/// under `script`, which gives it one; skipped where `script` is missing);
/// in a pipe it does not.
#[cfg(unix)]
#[test]
fn progress_bar_on_a_terminal_only() {
    let has_script = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let dir = scratch("progress");
    let game = std::fs::read_to_string(fixture("pgn-extract/test-ucW.pgn")).unwrap();
    let big = dir.join("big.pgn");
    std::fs::write(&big, game.repeat((9 << 20) / game.len() + 1)).unwrap();
    assert!(std::fs::metadata(&big).unwrap().len() > 8 << 20);
    let piped = run(&[big.to_str().unwrap(), "-o", "/dev/null", "-j", "1"]);
    assert!(
        !text(&piped.stderr).contains("games/s"),
        "{}",
        text(&piped.stderr)
    );
    if !has_script {
        eprintln!("notice: `script` is not installed; skipping the terminal half of the test");
        return;
    }
    let command = format!(
        "{} {} -o /dev/null -j 1",
        env!("CARGO_BIN_EXE_notate"),
        big.display()
    );
    let typescript = dir.join("typescript");
    let out = Command::new("script")
        .args(["-qfec", &command, typescript.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(shown.contains("games/s"), "{shown}");
    assert!(shown.contains("MiB"), "{shown}");
    // Standard input too (case 13), once 8 MiB are read.
    let command = format!(
        "{} -o /dev/null -j 1 < {}",
        env!("CARGO_BIN_EXE_notate"),
        big.display()
    );
    let out = Command::new("script")
        .args(["-qfec", &command, typescript.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(
        shown.contains("games/s") && shown.contains("read"),
        "{shown}"
    );
}

/// Case 11: a batch runs to its end. A missing input, a broken `.gz` and
/// a folder given without `-r` are reported and skipped (status 2), the
/// rest converted and counted; links and pipes in a folder are skipped
/// with a word unless `-L` follows the links; a name too long for a
/// temporary prefix is written.
#[cfg(unix)]
#[test]
fn a_batch_runs_to_its_end() {
    let dir = scratch("to-the-end");
    let src = dir.join("in");
    std::fs::create_dir_all(src.join("sub")).unwrap();
    let game = "[Event \"x\"]\n\n1. e4 e5 *\n";
    std::fs::write(src.join("a.pgn"), game).unwrap();
    let long = format!("{}.pgn", "n".repeat(240));
    std::fs::write(src.join(&long), game).unwrap();
    std::fs::write(dir.join("linked.pgn"), game).unwrap();
    std::os::unix::fs::symlink(dir.join("linked.pgn"), src.join("link.pgn")).unwrap();
    let fifo = src.join("sub/fifo.pgn");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let mut broken = std::fs::read(fixture("encodings/game28.windows-1251.pgn.gz")).unwrap();
    broken.truncate(broken.len() / 2);
    std::fs::write(dir.join("broken.pgn.gz"), broken).unwrap();
    let out_dir = dir.join("out");
    let out = notate()
        .current_dir(&dir)
        .args(["nope.pgn", "broken.pgn.gz", "-r", "in", "--out-dir", "out"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot read nope.pgn"), "{stderr}");
    assert!(
        stderr.contains("gzip input is truncated or corrupt"),
        "{stderr}"
    );
    assert!(
        stderr.contains("link.pgn is a symbolic link, not followed"),
        "{stderr}"
    );
    assert!(
        stderr.contains("fifo.pgn is not a regular file"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("notate: 2 files converted, 4 skipped (2 unreadable); 2 games read, 2 written, 0 rejected, 0 warnings\n"),
        "{stderr}"
    );
    assert_eq!(
        files_below(&out_dir),
        vec!["a.pgn".to_string(), long.clone()]
    );
    let out = notate()
        .current_dir(&dir)
        .args(["-r", "in", "--out-dir", "out2", "-L", "-q"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.join("out2/link.pgn").is_file());
}

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::scratch("batch", name)
}

/// Issue 32, case 9: a scoresheet whose only game fails gets no file in
/// `--out-dir` (none empty), is counted as failed (status 1), and once
/// the sheet is mended a run converts it.
#[test]
fn a_sheet_with_nothing_converted_gets_no_file_and_is_converted_when_mended() {
    let dir = scratch("nothing-converted");
    std::fs::write(dir.join("sheet.txt"), "1. e4 e5 2. Ke3 *\n").unwrap();
    let out = run_in(&dir, &["sheet.txt", "--out-dir", "out"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "sheet.txt:1:13: error: illegal move `Ke3` at 2.\n  |\n1 | 1. e4 e5 2. Ke3 *\n  \
         |             ^^^\n  = at move 2., White to move, FEN \
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n  \
         = help: closest legal moves: Ke2\n\
         notate: sheet.txt: 1 game read, 0 written, 1 rejected, 0 warnings\n\
         notate: 0 files converted, 1 failed (nothing converted, no file written); \
         1 game read, 0 written, 1 rejected, 0 warnings\n"
    );
    assert_eq!(files_below(&dir.join("out")), Vec::<String>::new());
    std::fs::write(dir.join("sheet.txt"), "1. e4 e5 2. Ke2 *\n").unwrap();
    let out = run_in(&dir, &["sheet.txt", "--out-dir", "out"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "notate: sheet.txt -> out/sheet.pgn: 1 game read, 1 written, 0 rejected, 0 warnings\n\
         notate: 1 file converted; 1 game read, 1 written, 0 rejected, 0 warnings\n"
    );
    assert!(text(&std::fs::read(dir.join("out/sheet.pgn")).unwrap()).contains("2. Ke2 *"));
}

/// Issue 32, case 10: an input left alone because its output exists is
/// status 1, as `cp -n` does; `--skip-existing` passes it over as done
/// before, so a batch run again resumes with status 0; it takes
/// `--out-dir` and not `--force`.
#[test]
fn an_existing_output_is_status_1_and_skip_existing_resumes() {
    let dir = scratch("skip-existing");
    std::fs::write(dir.join("a.pgn"), "1. e4 e5 *\n").unwrap();
    std::fs::write(dir.join("b.pgn"), "1. d4 d5 *\n").unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/a.pgn"), "done before").unwrap();
    let out = run_in(&dir, &["a.pgn", "b.pgn", "--out-dir", "out"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "notate: warning: out/a.pgn exists, left alone (--force overwrites it, \
         --skip-existing passes it over); a.pgn skipped\n\
         notate: b.pgn -> out/b.pgn: 1 game read, 1 written, 0 rejected, 0 warnings\n\
         notate: 1 file converted, 1 left alone (output exists); \
         1 game read, 1 written, 0 rejected, 0 warnings\n"
    );
    std::fs::remove_file(dir.join("out/b.pgn")).unwrap();
    let out = run_in(
        &dir,
        &["a.pgn", "b.pgn", "--out-dir", "out", "--skip-existing"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "notate: b.pgn -> out/b.pgn: 1 game read, 1 written, 0 rejected, 0 warnings\n\
         notate: 1 file converted, 1 done before; 1 game read, 1 written, 0 rejected, 0 warnings\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out/a.pgn")).unwrap(),
        "done before"
    );
    let out = run_in(
        &dir,
        &["a.pgn", "--out-dir", "out", "--skip-existing", "-q"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    for args in [
        &["a.pgn", "--out-dir", "out", "--skip-existing", "--force"][..],
        &["a.pgn", "--skip-existing"],
    ] {
        let out = run_in(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).starts_with("error: "), "{args:?}");
    }
}

/// An input with no game in it (empty, or spaces alone) gets no file under
/// `--out-dir` and is counted as empty, not as converted (a fault probe
/// found it counted converted: "3 files converted", one file written).
#[test]
fn empty_inputs_are_counted_as_empty() {
    let dir = scratch("empty");
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::write(inputs.join("a.pgn"), "1. e4 *\n").unwrap();
    std::fs::write(inputs.join("empty.pgn"), "").unwrap();
    std::fs::write(inputs.join("spaces.pgn"), " \n").unwrap();
    let out_dir = dir.join("out");
    let out = run(&[
        inputs.to_str().unwrap(),
        "-r",
        "--out-dir",
        out_dir.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(files_below(&out_dir), ["a.pgn"]);
    assert!(
        stderr.contains("notate: 1 file converted, 2 empty (no game, no file written); "),
        "{stderr}"
    );
}
