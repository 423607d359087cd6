//! Everything `notate` says on standard error: diagnostics, the line for
//! each file, the summary and its own errors, as text or JSON, with the
//! progress bar hidden while they are written. A write that fails is never
//! a panic, nor does it stop the run: the first failure is kept, nothing
//! more is written there, and the conversion goes on to its end (its
//! outputs complete, its exit status told by its games and files).

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use serde_json::json;

use notate::convert::Summary;
use notate::vocab::diag::{Diagnostic, escape_controls};
use notate::vocab::origin::SourceMap;

use crate::args::Args;
use crate::choice::{ColorWhen, ErrorFormat};

/// How many bytes a run reads before its progress bar shows.
pub const LONG: u64 = 8 << 20;

/// Standard error, as this run writes to it.
pub struct Stderr {
    pub json: bool,
    color: bool,
    quiet: bool,
    bar: ProgressBar,
    meter: Meter,
    terminal: bool,
    check: bool,
    /// The first write that failed.
    failed: RefCell<Option<io::Error>>,
}

impl Stderr {
    pub fn new(args: &Args) -> Stderr {
        let json = args.error_format == ErrorFormat::Json;
        let color = match args.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never
            }
        };
        Stderr {
            json,
            color,
            quiet: args.quiet,
            bar: ProgressBar::hidden(),
            meter: Meter::default(),
            check: args.check,
            terminal: io::stderr().is_terminal(),
            failed: RefCell::new(None),
        }
    }

    /// Writes `text` as it is, unless an earlier write failed.
    fn write(&self, text: &str) {
        if self.failed.borrow().is_some() {
            return;
        }
        let result = self.bar.suspend(|| {
            let mut err = io::stderr().lock();
            err.write_all(text.as_bytes()).and_then(|()| err.flush())
        });
        if let Err(e) = result {
            *self.failed.borrow_mut() = Some(e);
        }
    }

    /// The write that failed, if one did.
    pub fn failure(&self) -> Option<io::Error> {
        self.failed
            .borrow()
            .as_ref()
            .map(|e| io::Error::new(e.kind(), e.to_string()))
    }

    /// A diagnostic in the game of input `file`; where the input is a
    /// document, `map` gives the place in it of the text's line and column.
    pub fn diagnostic(&self, file: &str, d: &Diagnostic, map: Option<&SourceMap>) {
        let place = map.and_then(|m| m.place(d.line, d.column));
        if self.json {
            self.write(&format!("{}\n", d.to_json_in(file, place.as_ref())));
        } else {
            let file = escape_controls(file);
            self.write(&d.render_in(&file, place.as_ref(), self.color));
        }
    }

    /// An error of the run itself (an input that cannot be read, an output
    /// that cannot be written), about `file` if it is about one.
    pub fn error(&self, file: Option<&str>, message: &str) {
        self.say("error", file, message);
    }

    /// A warning of the run itself.
    pub fn warning(&self, file: Option<&str>, message: &str) {
        self.say("warning", file, message);
    }

    fn say(&self, severity: &str, file: Option<&str>, message: &str) {
        if self.json {
            let line = json!({
                "type": "message",
                "file": file,
                "severity": severity,
                "message": message,
            });
            self.write(&format!("{line}\n"));
        } else {
            let what = if severity == "error" {
                String::new()
            } else {
                format!("{severity}: ")
            };
            self.write(&format!("notate: {what}{}\n", escape_controls(message)));
        }
    }

    /// The line for one file: what came of it.
    pub fn file_line(&self, file: &str, output: Option<&str>, status: &str, summary: &Summary) {
        if self.quiet {
            return;
        }
        if self.json {
            let line = json!({
                "type": "file",
                "file": file,
                "output": output,
                "status": status,
                "games_read": summary.read,
                "written": summary.written,
                "rejected": summary.failed,
                "warnings": summary.warnings,
            });
            self.write(&format!("{line}\n"));
        } else {
            let arrow = output.map_or(String::new(), |o| format!(" -> {o}"));
            let text = format!("{file}{arrow}: {}", counts(summary, self.check));
            self.write(&format!("notate: {}\n", escape_controls(&text)));
        }
    }

    /// The line that closes the run.
    /// With `done_before`, the inputs whose output was there already are
    /// counted as such (`--skip-existing`), else as left alone.
    pub fn summary(&self, total: &Summary, files: Option<&Files>, check: bool, done_before: bool) {
        if self.quiet {
            return;
        }
        if self.json {
            let mut line = json!({
                "type": "summary",
                "games_read": total.read,
                "written": total.written,
                "rejected": total.failed,
                "warnings": total.warnings,
            });
            if let Some(f) = files {
                line["files_converted"] = (f.converted - f.texts).into();
                line["texts_converted"] = f.texts.into();
                line["files_failed"] = f.failed.into();
                line["files_empty"] = f.empty.into();
                line["files_existing"] = f.existing.into();
                line["files_skipped"] = f.skipped.into();
                line["files_unreadable"] = f.unreadable.into();
                line["files_not_written"] = f.not_written.into();
            }
            self.write(&format!("{line}\n"));
        } else {
            let files = files.map_or(String::new(), |f| {
                let plural = |n: u64| if n == 1 { "" } else { "s" };
                // `-e` texts are no files.
                let files = f.converted - f.texts;
                let mut s = match (files, f.texts) {
                    (files, 0) => format!("{files} file{} converted", plural(files)),
                    (0, texts) => format!("{texts} text{} converted", plural(texts)),
                    (files, texts) => format!(
                        "{files} file{} and {texts} text{} converted",
                        plural(files),
                        plural(texts)
                    ),
                };
                let existing = if done_before {
                    "done before"
                } else {
                    "left alone (output exists)"
                };
                for (n, what) in [
                    (f.existing, existing),
                    (f.failed, "failed (nothing converted, no file written)"),
                    (f.empty, "empty (no game, no file written)"),
                    (f.not_written, "not written"),
                ] {
                    if n > 0 {
                        s.push_str(&format!(", {n} {what}"));
                    }
                }
                if f.skipped + f.unreadable > 0 {
                    s.push_str(&format!(", {} skipped", f.skipped + f.unreadable));
                    if f.unreadable > 0 {
                        s.push_str(&format!(" ({} unreadable)", f.unreadable));
                    }
                }
                format!("{s}; ")
            });
            self.write(&format!("notate: {files}{}\n", counts(total, check)));
        }
    }

    /// Sets up the progress bar for a run of `total` bytes (0: unknown, as
    /// standard input is), counting games in `games`. Shown on a terminal,
    /// not under `-q`, once the run has read [`LONG`] bytes.
    pub fn progress(&mut self, total: u64, games: &Arc<AtomicU64>) {
        if self.quiet || !self.terminal {
            return;
        }
        let (count, rate) = (Arc::clone(games), Arc::clone(games));
        let template = if total > 0 {
            "{bar:30} {bytes}/{total_bytes} {games} games, {rate} games/s, {eta} left"
        } else {
            "{spinner} {bytes} read, {games} games, {rate} games/s"
        };
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key(
                "games",
                move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}", count.load(Ordering::Relaxed));
                },
            )
            .with_key(
                "rate",
                move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let secs = s.elapsed().as_secs_f64().max(0.001);
                    let _ = write!(w, "{:.0}", rate.load(Ordering::Relaxed) as f64 / secs);
                },
            );
        self.bar = ProgressBar::with_draw_target(
            (total > 0).then_some(total),
            ProgressDrawTarget::hidden(),
        )
        .with_style(style);
        self.meter = Meter {
            bar: Some(self.bar.clone()),
            shown: Arc::new(AtomicBool::new(false)),
        };
    }

    /// What counts the bytes read, on any thread.
    pub fn meter(&self) -> Meter {
        self.meter.clone()
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Counts the bytes a run reads on its progress bar, and shows the bar
/// once the run proves long.
#[derive(Clone, Default)]
pub struct Meter {
    bar: Option<ProgressBar>,
    shown: Arc<AtomicBool>,
}

impl Meter {
    pub fn read(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
            if bar.position() >= LONG && !self.shown.swap(true, Ordering::Relaxed) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }
}

/// What came of the files of a run.
#[derive(Debug, Default, Clone, Copy)]
pub struct Files {
    pub converted: u64,
    /// Read to the end, no game converted: no `--out-dir` file written.
    pub failed: u64,
    /// Read to the end, no game in them: no `--out-dir` file written.
    pub empty: u64,
    /// Their `--out-dir` target was there already.
    pub existing: u64,
    /// Of those converted, `-e` texts.
    pub texts: u64,
    /// Left alone: a link not followed, not a file, no game in it.
    pub skipped: u64,
    /// Missing, unreadable or broken.
    pub unreadable: u64,
    /// Their `--out-dir` target could not be written.
    pub not_written: u64,
}

/// What came of an input read to its end, for its line: `stopped` at a
/// failed game (`--fail-fast`), `failed` where it held games and every
/// one failed, `partial` where some did, else `converted`.
pub fn status(summary: &Summary) -> &'static str {
    match summary.failed {
        _ if summary.stopped => "stopped",
        0 => "converted",
        failed if failed == summary.read => "failed",
        _ => "partial",
    }
}

/// Games read, written (or sound) and rejected, and warnings.
pub fn counts(total: &Summary, check: bool) -> String {
    let plural = |n: u64, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let done = if check {
        format!("{} sound", total.read - total.failed)
    } else {
        format!("{} written", total.written)
    };
    format!(
        "{} read, {done}, {} rejected, {}",
        plural(total.read, "game"),
        total.failed,
        plural(total.warnings, "warning")
    )
}
