//! Files and signals: no input is ever written over, however it is named;
//! no output is truncated before its run is complete, nor left torn by a
//! signal, a failed game under `--fail-fast`, a concurrent run or a link
//! planted at a temporary name.

use crate::common::{fixture, run_in, text};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn notate() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_notate"));
    cmd.env_remove("NO_COLOR").env("CLICOLOR", "0");
    cmd
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const GAME: &str = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

/// A big PGN file: the pgn-extract test game `copies` times.
fn big(path: &Path, copies: usize) {
    let game = std::fs::read_to_string(fixture("pgn-extract/test-ucW.pgn")).unwrap();
    std::fs::write(path, game.repeat(copies)).unwrap();
}

/// `-o` and `--rejects` naming a symbolic link write through it, as a
/// shell's `>` would: the file it names gets the output, the link stays a
/// link, and a link to a file not there yet creates that file.
#[cfg(unix)]
#[test]
fn an_output_through_a_link_writes_the_file_it_names() {
    let dir = scratch("through-links");
    std::fs::write(dir.join("in.pgn"), "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n").unwrap();
    std::fs::create_dir_all(dir.join("keep")).unwrap();
    std::fs::write(dir.join("keep/out.pgn"), "old").unwrap();
    std::os::unix::fs::symlink("keep/out.pgn", dir.join("out.pgn")).unwrap();
    std::os::unix::fs::symlink("keep/rejects.pgn", dir.join("rejects.pgn")).unwrap();
    let out = run_in(
        &dir,
        &["in.pgn", "-o", "out.pgn", "--rejects", "rejects.pgn", "-q"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    for name in ["out.pgn", "rejects.pgn"] {
        let meta = std::fs::symlink_metadata(dir.join(name)).unwrap();
        assert!(meta.file_type().is_symlink(), "{name} is still a link");
    }
    let written = std::fs::read_to_string(dir.join("keep/out.pgn")).unwrap();
    assert!(written.ends_with("\n\n1. d4 d5 *\n\n"), "{written}");
    let rejected = std::fs::read_to_string(dir.join("keep/rejects.pgn")).unwrap();
    assert!(rejected.starts_with("1. e4 e5 2. Ke3 *"), "{rejected}");
    // Links in a loop are refused before anything is written.
    std::os::unix::fs::symlink("y.pgn", dir.join("x.pgn")).unwrap();
    std::os::unix::fs::symlink("x.pgn", dir.join("y.pgn")).unwrap();
    let out = run_in(&dir, &["in.pgn", "-o", "x.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot follow the link x.pgn"),
        "{}",
        text(&out.stderr)
    );
}

/// Case 1: `-o` or `--rejects` naming an input, by its name, `./name`, a
/// link or standard input, and `-o` and `--rejects` naming one file, are
/// refused before anything is read (status 2), and the input is intact.
#[cfg(unix)]
#[test]
fn an_output_that_is_an_input_is_refused_by_any_name() {
    let dir = scratch("self");
    std::fs::write(dir.join("in.pgn"), GAME).unwrap();
    std::os::unix::fs::symlink("in.pgn", dir.join("link.pgn")).unwrap();
    std::fs::hard_link(dir.join("in.pgn"), dir.join("hard.pgn")).unwrap();
    for args in [
        &["in.pgn", "-o", "in.pgn"][..],
        &["in.pgn", "-o", "./in.pgn"],
        &["in.pgn", "-o", "link.pgn"],
        &["link.pgn", "-o", "in.pgn"],
        &["in.pgn", "-o", "hard.pgn"],
        &["in.pgn", "--rejects", "in.pgn"],
        &["in.pgn", "--check", "--rejects", "./link.pgn"],
        &["in.pgn", "-o", "r.pgn", "--rejects", "r.pgn"],
        &["in.pgn", "-o", "r.pgn", "--rejects", "./r.pgn"],
        &["-e", "1. e4", "--rejects", "-"],
    ] {
        let out = run_in(&dir, args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(std::fs::read_to_string(dir.join("in.pgn")).unwrap(), GAME);
        assert_eq!(names(&dir), ["hard.pgn", "in.pgn", "link.pgn"], "{args:?}");
    }
    let out = run_in(&dir, &["in.pgn", "-o", "in.pgn"]);
    assert!(
        text(&out.stderr).contains("the output in.pgn is the input in.pgn"),
        "{}",
        text(&out.stderr)
    );
    // Standard input as the input, and standard output appended to it.
    for script in ["\"$0\" -o in.pgn < in.pgn", "\"$0\" in.pgn >> in.pgn"] {
        let out = Command::new("sh")
            .current_dir(&dir)
            .args(["-c", script, env!("CARGO_BIN_EXE_notate")])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{script}: {}",
            text(&out.stderr)
        );
        assert_eq!(std::fs::read_to_string(dir.join("in.pgn")).unwrap(), GAME);
    }
    // `--rejects -` is standard output, where nothing else goes there.
    let out = run_in(
        &dir,
        &["-e", "1. e4 e5 2. Ke3 *", "--check", "--rejects", "-"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "1. e4 e5 2. Ke3 *\n\n");
    assert!(!dir.join("-").exists());
}

/// Case 2: `-o` does not truncate its target before the run is complete:
/// a missing input leaves it as it was (status 2).
#[test]
fn a_run_that_cannot_read_leaves_the_output_as_it_was() {
    let dir = scratch("keep");
    std::fs::write(dir.join("keep.pgn"), "old").unwrap();
    std::fs::write(dir.join("in.pgn"), GAME).unwrap();
    for args in [
        &["nope.pgn", "-o", "keep.pgn"][..],
        &["in.pgn", "nope.pgn", "-o", "keep.pgn"],
        &[
            "in.pgn",
            "nope.pgn",
            "-o",
            "keep.pgn",
            "--rejects",
            "rej.pgn",
        ],
    ] {
        let out = run_in(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("cannot read nope.pgn"), "{stderr}");
        assert!(stderr.contains("keep.pgn left as it was"), "{stderr}");
        assert_eq!(
            std::fs::read_to_string(dir.join("keep.pgn")).unwrap(),
            "old"
        );
        assert_eq!(names(&dir), ["in.pgn", "keep.pgn"], "{args:?}");
    }
    let out = run_in(&dir, &["in.pgn", "-o", "keep.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        std::fs::read_to_string(dir.join("keep.pgn"))
            .unwrap()
            .contains("1. e4 e5")
    );
}

/// Waits until a temporary file in `dir` holds something, so that a
/// signal comes mid-file.
fn wait_for_partial(dir: &Path, child: &mut Child) {
    let start = Instant::now();
    loop {
        let growing = std::fs::read_dir(dir).unwrap().any(|e| {
            let e = e.unwrap();
            e.file_name().to_string_lossy().ends_with(".notate-partial")
                && e.metadata().is_ok_and(|m| m.len() > 0)
        });
        if growing {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "the run ended first");
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn kill(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Case 2 and 13: SIGINT, SIGTERM or SIGKILL during `-o` leave the old
/// output whole; the first two also remove the temporary file, and end
/// the run by that signal (as the shell counts it, 130 or 143), and
/// SIGKILL leaves at most one hidden temporary file.
#[cfg(unix)]
#[test]
fn a_signal_during_dash_o_leaves_the_old_output_whole() {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch("signal-o");
    big(&dir.join("big.pgn"), 40_000);
    for (signal, number) in [("INT", 2), ("TERM", 15), ("KILL", 9)] {
        std::fs::write(dir.join("keep.pgn"), "old").unwrap();
        let mut child = notate()
            .current_dir(&dir)
            .args([
                "big.pgn",
                "-o",
                "keep.pgn",
                "--rejects",
                "rej.pgn",
                "-j",
                "1",
            ])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for_partial(&dir, &mut child);
        kill(&child, signal);
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(number), "SIG{signal}: {status:?}");
        assert_eq!(
            std::fs::read_to_string(dir.join("keep.pgn")).unwrap(),
            "old"
        );
        let left = names(&dir);
        let partial: Vec<_> = left.iter().filter(|n| n.starts_with('.')).collect();
        if signal == "KILL" {
            assert!(partial.len() <= 2, "{left:?}");
            for name in &partial {
                assert!(name.ends_with(".notate-partial"), "{name}");
                std::fs::remove_file(dir.join(name)).unwrap();
            }
        } else {
            assert!(partial.is_empty(), "SIG{signal} left {left:?}");
        }
        assert!(!dir.join("rej.pgn").exists());
    }
}

/// Case 3: two runs into one `--out-dir` at once each write their own
/// temporary files: every file is complete, and none is left over.
#[test]
fn two_runs_into_one_out_dir_tear_nothing() {
    let dir = scratch("two-runs");
    let src = dir.join("in");
    std::fs::create_dir_all(&src).unwrap();
    let game = std::fs::read_to_string(fixture("pgn-extract/test-ucW.pgn")).unwrap();
    for i in 0..6 {
        std::fs::write(src.join(format!("p{i}.pgn")), game.repeat(2000 + i)).unwrap();
    }
    let out_dir = dir.join("out");
    let start = || {
        notate()
            .args([
                "-r",
                src.to_str().unwrap(),
                "--out-dir",
                out_dir.to_str().unwrap(),
            ])
            .args(["--force", "-q", "-j", "1"])
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    for _round in 0..3 {
        let _ = std::fs::remove_dir_all(&out_dir);
        let (a, b) = (start(), start());
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        }
        assert_eq!(
            names(&out_dir),
            ["p0.pgn", "p1.pgn", "p2.pgn", "p3.pgn", "p4.pgn", "p5.pgn"]
        );
        for i in 0..6 {
            let alone = notate()
                .args([src.join(format!("p{i}.pgn")).to_str().unwrap(), "-q"])
                .output()
                .unwrap()
                .stdout;
            assert!(
                std::fs::read(out_dir.join(format!("p{i}.pgn"))).unwrap() == alone,
                "p{i}"
            );
        }
    }
    // Without --force, the first run to finish a file keeps it; the other
    // skips it rather than writing over it (status 1 where it skipped one).
    let _ = std::fs::remove_dir_all(&out_dir);
    let plain = || {
        notate()
            .args([
                "-r",
                src.to_str().unwrap(),
                "--out-dir",
                out_dir.to_str().unwrap(),
            ])
            .args(["-j", "1"])
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (plain(), plain());
    let mut written = 0;
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        let stderr = text(&out.stderr);
        let skipped = stderr.contains("left alone");
        assert_eq!(out.status.code(), Some(i32::from(skipped)), "{stderr}");
        written += stderr.matches(" -> ").count();
    }
    assert_eq!(written, 6);
    assert_eq!(names(&out_dir).len(), 6);
}

/// Case 4: a link planted at a temporary name is never followed: at the
/// name earlier versions used, and at every temporary name a run uses
/// (replaced by a link while the run writes it). The file the links point
/// to is untouched, and no target holds anything but its whole output.
#[cfg(unix)]
#[test]
fn a_link_planted_at_a_temporary_name_is_not_followed() {
    let dir = scratch("plant");
    let src = dir.join("in");
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&out_dir).unwrap();
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "precious").unwrap();
    big(&src.join("a.pgn"), 20_000);
    std::fs::copy(src.join("a.pgn"), src.join("b.pgn")).unwrap();
    let expected = notate()
        .args([src.join("a.pgn").to_str().unwrap(), "-q"])
        .output()
        .unwrap()
        .stdout;
    // The fixed names of earlier versions, and `-o`'s.
    for name in [
        ".a.pgn.notate-partial",
        ".b.pgn.notate-partial",
        ".o.pgn.notate-partial",
    ] {
        std::os::unix::fs::symlink(&outside, out_dir.join(name)).unwrap();
    }
    let out = notate()
        .args([
            "-r",
            src.to_str().unwrap(),
            "--out-dir",
            out_dir.to_str().unwrap(),
            "-q",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = notate()
        .current_dir(&out_dir)
        .args([src.join("a.pgn").to_str().unwrap(), "-o", "o.pgn", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "precious");
    for name in ["a.pgn", "b.pgn", "o.pgn"] {
        assert!(
            std::fs::read(out_dir.join(name)).unwrap() == expected,
            "{name}"
        );
    }
    // Every temporary file swapped for a link as soon as it is seen.
    let swapped_dir = dir.join("swapped");
    std::fs::create_dir_all(&swapped_dir).unwrap();
    let mut child = notate()
        .args([
            "-r",
            src.to_str().unwrap(),
            "--out-dir",
            swapped_dir.to_str().unwrap(),
        ])
        .args(["-q", "-j", "1"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut swapped = 0;
    while child.try_wait().unwrap().is_none() {
        for entry in std::fs::read_dir(&swapped_dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let is_link = path
                .symlink_metadata()
                .is_ok_and(|m| m.file_type().is_symlink());
            if name.ends_with(".notate-partial") && !is_link && std::fs::remove_file(&path).is_ok()
            {
                std::os::unix::fs::symlink(&outside, &path).unwrap();
                swapped += 1;
            }
        }
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "precious");
    for name in ["a.pgn", "b.pgn"] {
        let target = swapped_dir.join(name);
        if let Ok(meta) = target.symlink_metadata() {
            assert!(meta.is_file(), "{name} is a link");
            assert!(std::fs::read(&target).unwrap() == expected, "{name}");
        }
    }
    assert!(swapped > 0, "no temporary file seen");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("was replaced while it was written"));
}

/// Case 5: `--fail-fast` with `--out-dir` or `-o` renames no cut-short
/// file into place.
#[test]
fn fail_fast_renames_no_cut_short_file() {
    let dir = scratch("fail-fast");
    let src = dir.join("in");
    std::fs::create_dir_all(&src).unwrap();
    let bad = format!("{GAME}\n1. e4 e5 2. Ke3 *\n\n{GAME}");
    std::fs::write(src.join("a.pgn"), GAME).unwrap();
    std::fs::write(src.join("b.pgn"), &bad).unwrap();
    std::fs::write(src.join("c.pgn"), GAME).unwrap();
    let out_dir = dir.join("out");
    let out = run_in(
        &dir,
        &[
            "-r",
            "in",
            "--out-dir",
            "out",
            "--fail-fast",
            "--rejects",
            "rej.pgn",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(names(&out_dir), ["a.pgn"]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("b.pgn not written: the run stopped at a failed game"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("rej.pgn")).unwrap(),
        "1. e4 e5 2. Ke3 *\n\n"
    );
    std::fs::write(dir.join("keep.pgn"), "old").unwrap();
    let out = run_in(&dir, &["in/b.pgn", "-o", "keep.pgn", "--fail-fast"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.pgn")).unwrap(),
        "old"
    );
}

/// A device or a pipe named by `-o` or `--rejects` is written to, never
/// replaced by a file (`/dev/null` stays a device, even for root).
#[cfg(unix)]
#[test]
fn a_device_or_a_pipe_is_written_to_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("device");
    std::fs::write(dir.join("in.pgn"), format!("{GAME}\n1. e4 e5 2. Ke3 *\n")).unwrap();
    let out = run_in(
        &dir,
        &["in.pgn", "-o", "/dev/null", "--rejects", "/dev/null"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let null = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());
    let fifo = dir.join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = run_in(&dir, &["in.pgn", "-o", "fifo", "-q"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let got = text(&reader.join().unwrap());
    assert!(got.contains("1. e4 e5 2. Nf3 Nc6 *"), "{got}");
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

/// Issue 28, case 17: the other signals that end a process by default
/// (SIGUSR1, SIGUSR2, SIGALRM, SIGPROF) during an `--out-dir` run remove
/// the temporary files too, and end the run by that signal.
#[cfg(unix)]
#[test]
fn every_ending_signal_leaves_no_partial_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch("signal-usr1");
    std::fs::create_dir_all(dir.join("in")).unwrap();
    big(&dir.join("in/big.pgn"), 40_000);
    for (signal, number) in [("USR1", 10), ("USR2", 12), ("ALRM", 14), ("PROF", 27)] {
        let out = dir.join("out");
        std::fs::create_dir_all(&out).unwrap();
        let mut child = notate()
            .current_dir(&dir)
            .args(["in/big.pgn", "--out-dir", "out", "-j", "1"])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for_partial(&out, &mut child);
        kill(&child, signal);
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(number), "SIG{signal}: {status:?}");
        assert_eq!(names(&out), Vec::<String>::new(), "SIG{signal}");
    }
}

/// Issue 28, case 16: a link to a folder outside, planted in `--out-dir`,
/// is not written through, with `--force` or without: the input is
/// reported as not written (status 2) and nothing outside is made or
/// replaced; `-L` writes through it.
#[cfg(unix)]
#[test]
fn a_folder_link_planted_in_out_dir_is_not_written_through() {
    let dir = scratch("planted-folder");
    std::fs::create_dir_all(dir.join("in/sub")).unwrap();
    std::fs::write(dir.join("in/sub/game.pgn"), GAME).unwrap();
    std::fs::create_dir_all(dir.join("outside")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside"), dir.join("out/sub")).unwrap();
    let refused = "notate: cannot write out/sub/game.pgn: out/sub is a symbolic link, \
                   not followed (-L follows links); in/sub/game.pgn skipped\n\
                   notate: 0 files converted, 1 not written; \
                   0 games read, 0 written, 0 rejected, 0 warnings\n";
    let out = run_in(&dir, &["-r", "in", "--out-dir", "out"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), refused);
    assert_eq!(names(&dir.join("outside")), Vec::<String>::new());
    std::fs::write(dir.join("outside/game.pgn"), "precious").unwrap();
    let out = run_in(&dir, &["-r", "in", "--out-dir", "out", "--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), refused);
    assert_eq!(names(&dir.join("outside")), ["game.pgn"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("outside/game.pgn")).unwrap(),
        "precious"
    );
    let out = run_in(
        &dir,
        &["-r", "in", "--out-dir", "out", "--force", "-L", "-q"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        std::fs::read_to_string(dir.join("outside/game.pgn"))
            .unwrap()
            .contains("1. e4 e5 2. Nf3 Nc6 *")
    );
}

/// Issue 28, case 17: an `--out-dir` target that cannot be written (a
/// folder at its name, even with `--force`) is counted as not written,
/// not as unreadable, status 2.
#[test]
fn a_target_that_cannot_be_written_is_counted_as_not_written() {
    let dir = scratch("not-written");
    std::fs::write(dir.join("game.pgn"), GAME).unwrap();
    std::fs::create_dir_all(dir.join("out/game.pgn")).unwrap();
    let out = run_in(&dir, &["game.pgn", "--out-dir", "out", "--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "notate: cannot write out/game.pgn: out/game.pgn is not a regular file, and is not \
         replaced; game.pgn skipped\n\
         notate: 0 files converted, 1 not written; 0 games read, 0 written, 0 rejected, 0 warnings\n"
    );
    assert_eq!(names(&dir.join("out")), ["game.pgn"]);
}

/// Issue 28, case 17: a file name that is no UTF-8 is shown with its
/// bytes escaped (`\xff`), never as U+FFFD.
#[cfg(target_os = "linux")]
#[test]
fn a_name_that_is_no_utf8_is_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("bad-name");
    let name = std::ffi::OsStr::from_bytes(b"bad\xff.pgn");
    std::fs::write(dir.join(name), "hello\n").unwrap();
    let out = notate()
        .current_dir(&dir)
        .arg(name)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "bad\\xff.pgn:1:1: warning: text with no tags and no moves: not a game, ignored\n\
         notate: 0 games read, 0 written, 0 rejected, 1 warning\n"
    );
}

/// Issue 28, case 14: standard error a pipe its reader closes early
/// (`2>&1 | head -1`) loses the diagnostics, not the run: `-o` and every
/// `--out-dir` file are written whole, the same as with standard error
/// read to its end, and the status is the run's (1: games failed).
#[cfg(unix)]
#[test]
fn standard_error_closed_early_loses_diagnostics_not_the_run() {
    let dir = scratch("stderr-closed");
    let bad = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n";
    std::fs::write(dir.join("many.pgn"), format!("{bad}{GAME}\n").repeat(3000)).unwrap();
    std::fs::copy(dir.join("many.pgn"), dir.join("more.pgn")).unwrap();
    let reference = run_in(&dir, &["many.pgn", "-o", "ref.pgn", "-q"]);
    assert_eq!(reference.status.code(), Some(1));
    let want = std::fs::read(dir.join("ref.pgn")).unwrap();
    for args in [
        &["many.pgn", "-o", "out.pgn"][..],
        &["many.pgn", "more.pgn", "--out-dir", "dir"],
    ] {
        let status = crate::common::status_after_closing_stderr(
            notate().current_dir(&dir).args(args).stdout(Stdio::null()),
        );
        assert_eq!(status.code(), Some(1), "{args:?}");
        let written: Vec<PathBuf> = match args[1] {
            "-o" => vec![dir.join("out.pgn")],
            _ => vec![dir.join("dir/many.pgn"), dir.join("dir/more.pgn")],
        };
        for path in written {
            assert!(std::fs::read(&path).unwrap() == want, "{}", path.display());
        }
    }
}

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::scratch("files", name)
}
