//! Helpers shared by the integration tests.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use notate::convert::{Options, convert_str};
use notate::game::Game;
use notate::internals::reader::{GameReader, ReaderOptions};
use notate::internals::split::{RawGame, Splitter};
use notate::notation::style::Style;
use notate::vocab::letters::{ENGLISH, LetterSet};

/// The project's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file under `fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    root().join("fixtures").join(rel)
}

/// `../shared`, when it is there. A test that reads nothing else is
/// marked `#[cfg_attr(not(has_shared), ignore = "...")]` (the cfg is set by
/// `build.rs`), so that without it `cargo test` lists it as ignored; a test
/// that reads it besides its fixtures prints a notice and reads those.
pub fn shared() -> Option<PathBuf> {
    let dir = root().join("../shared");
    if dir.join("corpus").is_dir() {
        Some(dir)
    } else {
        eprintln!("notice: ../shared is absent; skipping the tests that read it");
        None
    }
}

/// What a game came to: its main line in English SAN and UCI, or failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub failed: bool,
    pub san: String,
    pub uci: String,
    pub messages: Vec<String>,
}

/// The main line of a game in English SAN and UCI, space separated.
pub fn mainline(game: &Game) -> (String, String) {
    let style = Style::pgn();
    let mut san = String::new();
    let mut uci = String::new();
    for m in game.mainline() {
        if !san.is_empty() {
            san.push(' ');
            uci.push(' ');
        }
        style.write_move(m, game.castling_mode, &mut san);
        uci.push_str(&m.uci(game.castling_mode).to_string());
    }
    (san, uci)
}

/// Reads every game of `input` with moves in `letters`.
pub fn read_games(input: impl BufRead, letters: &'static LetterSet) -> Vec<Outcome> {
    read_games_with(
        input,
        &ReaderOptions {
            from: vec![letters],
            strict: false,
            ..ReaderOptions::default()
        },
    )
}

/// Reads every game of `input` as `options` say.
pub fn read_games_with(input: impl BufRead, options: &ReaderOptions) -> Vec<Outcome> {
    let mut splitter = Splitter::new(input);
    let mut reader = GameReader::new(options);
    let mut raw = RawGame::default();
    let mut game = Game::default();
    let mut out = Vec::new();
    while splitter.next_game(&mut raw).expect("read") {
        reader.read(&raw.text, raw.first_line, &mut game);
        let (san, uci) = mainline(&game);
        out.push(Outcome {
            failed: game.failed(),
            san,
            uci,
            messages: game.diagnostics.iter().map(|d| d.to_string()).collect(),
        });
    }
    out
}

/// Reads every game of the file at `path` (English letters).
pub fn read_file(path: &Path) -> Vec<Outcome> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_games(&bytes[..], &ENGLISH)
}

/// The files under `dir`, recursively, whose extension is one of
/// `extensions`, in a stable order (none where `dir` cannot be read).
pub fn files_with(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect_files(dir, extensions, &mut out);
    out
}

fn collect_files(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, extensions, out);
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// For a file of tag sections and no movetext at all (lichess broadcast
/// headers), which python-chess reads as one game of one long header: the
/// number of sections, each a game to notate (issue 19). `None` for any
/// other file.
pub fn header_only_sections(path: &Path) -> Option<usize> {
    let text = String::from_utf8_lossy(&std::fs::read(path).ok()?).into_owned();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if !lines.all(|l| l.starts_with('[')) {
        return None;
    }
    // A section begins at a tag after a blank line, or at the first.
    let mut sections = 0;
    let mut after_blank = true;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            after_blank = true;
        } else if after_blank {
            sections += 1;
            after_blank = false;
        }
    }
    (sections > 1).then_some(sections)
}

/// The time of the fastest of three runs of `f` (of one, if it takes over
/// a second: a regression must not make the test take minutes more).
fn time(mut f: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        if best > Duration::from_secs(1) {
            break;
        }
    }
    best
}

/// Times `make(n)` converted at `n / 2` and `2 * n` and checks that the
/// cost per unit grows by less than 3x (linear: 1x, quadratic: 4x; caches
/// and a busy machine make a linear pass's ratio up to ~2.4x).
pub fn assert_linear(what: &str, n: usize, make: impl Fn(usize) -> String) {
    let small = make(n / 2);
    let large = make(2 * n);
    let t_small = time(|| {
        convert_str(&small, &Options::default());
    });
    let t_large = time(|| {
        convert_str(&large, &Options::default());
    });
    // A floor so that timer noise on tiny times cannot fail the test.
    let per_small = (t_small.as_secs_f64() + 0.005) / (n / 2) as f64;
    let per_large = t_large.as_secs_f64() / (2 * n) as f64;
    eprintln!(
        "{what}: n={} {:?}, n={} {:?}, per-unit ratio {:.2}",
        n / 2,
        t_small,
        2 * n,
        t_large,
        per_large / per_small
    );
    assert!(
        per_large < 3.0 * per_small,
        "{what}: time is not linear in the input: {} units took {t_small:?}, {} units took {t_large:?}",
        n / 2,
        2 * n
    );
}

/// A fresh, empty folder for one test, removed with all it holds when the
/// test ends, passed or failed (it is a [`Path`] by deref).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh, empty folder for one test of `area`, named after the test
/// (`notate-{area}-{name}-…` in the temporary folder).
pub fn scratch(area: &str, name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("notate-{area}-{name}-"))
        .tempdir()
        .unwrap();
    Scratch(dir)
}

/// Runs the binary in `dir` with `args`, standard input empty, colour
/// left to the defaults of a pipe.
pub fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_notate"))
        .env_remove("NO_COLOR")
        .env("CLICOLOR", "0")
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Runs `command` with its standard error a pipe that is closed once 10
/// bytes are read from it (as `2>&1 | head -c 10` does): its exit status.
pub fn status_after_closing_stderr(
    command: &mut std::process::Command,
) -> std::process::ExitStatus {
    use std::io::Read;
    let mut child = command
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut first = [0u8; 10];
    stderr.read_exact(&mut first).unwrap();
    drop(stderr);
    child.wait().unwrap()
}

/// Bytes a process wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `f`, and where it panics, the panic's message.
pub fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> Option<String> {
    let e = std::panic::catch_unwind(f).err()?;
    Some(
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default(),
    )
}

/// The number the environment variable `name` holds, or `default`: how a
/// property's size and seed are set for a long run.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The first diagnostic of `games` that says the reader built a game tree
/// it could not write (a fault of the reader's, never of the input).
pub fn reader_fault(games: &[Game]) -> Option<&notate::Diagnostic> {
    games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .find(|d| d.message.contains("a fault of the reader's"))
}
