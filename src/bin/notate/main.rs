//! The `notate` command: a thin shell over the library.

mod args;
mod choice;
mod completions;
mod inputs;
mod options;
mod outputs;
mod stderr;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use anyhow::{Result, anyhow};
use clap::{CommandFactory, Parser};

use args::{Args, Command};
use inputs::{Entry, Source, shown};
use notate::convert::{Converter, Summary, is_unencodable};
use notate::internals::{decode, document};
use notate::output::Origin;
use notate::output::files::OutputFile;
use notate::vocab::diag::{Diagnostic, Severity};
use outputs::{Plan, Target, Watched};
use stderr::{Files, Meter, Stderr};

/// Whether standard output was closed when the process started (before
/// the Rust runtime put `/dev/null` in its place).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs before `main` and before the runtime's own setup, which opens
/// `/dev/null` on a closed standard stream, so that a closed standard
/// output is still told from one sent to `/dev/null`.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = {
    extern "C" fn note() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open; it
        // touches no memory.
        let open = unsafe { libc::fcntl(1, libc::F_GETFD) } != -1;
        STDOUT_CLOSED.store(!open, Ordering::Relaxed);
    }
    note
};

fn main() -> ExitCode {
    let args = Args::parse();
    remove_partial_files_on_signals();
    if let Some(command) = &args.command {
        return subcommand(command);
    }
    let mut err = Stderr::new(&args);
    match run(&args, &mut err) {
        Ok(code) => code,
        Err(Stop::Quiet) => ExitCode::SUCCESS,
        Err(Stop::Fatal(e)) => {
            err.error(None, &format!("{e:#}"));
            ExitCode::from(2)
        }
    }
}

/// On a signal whose default is to end the process (Ctrl-C, SIGTERM,
/// SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
/// SIGXCPU, SIGXFSZ): remove the temporary files being written, so that
/// an interrupted run leaves only complete files and every target as it
/// was, then end by the same signal (the shell shows 130 for Ctrl-C, 143
/// for SIGTERM). SIGPIPE is ignored (a closed pipe is a write error), and
/// SIGKILL cannot be caught. Where no thread can be started for this,
/// the signals keep their default.
fn remove_partial_files_on_signals() {
    use signal_hook::consts::signal::{
        SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
        SIGXFSZ,
    };
    const ENDING: [i32; 11] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGXFSZ,
    ];
    let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING) else {
        return;
    };
    let handle = signals.handle();
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                notate::output::files::remove_partial_files();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    if spawned.is_err() {
        // Nothing would take the signals: give them back their default.
        handle.close();
        for signal in ENDING {
            // SAFETY: SIG_DFL is always a valid disposition.
            unsafe { libc::signal(signal, libc::SIG_DFL) };
        }
    }
}

/// `notate completions SHELL` and `notate man`, written whole to standard
/// output: a closed pipe ends quietly, any other failure is status 2.
fn subcommand(command: &Command) -> ExitCode {
    let mut cli = Args::command();
    let mut text = Vec::new();
    let made = match command {
        Command::Completions { shell } => {
            text = completions::script(*shell, &mut cli);
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(cli).render(&mut text),
    };
    let written = made.and_then(|()| write_stdout(&text));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "notate: cannot write to standard output: {e}");
            ExitCode::from(2)
        }
    }
}

fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(io::Error::other("it is closed"));
    }
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

/// Why a run ends before its end.
enum Stop {
    /// A closed pipe: quietly.
    Quiet,
    /// An output that cannot be written, or a usage error: status 2.
    Fatal(anyhow::Error),
}

impl From<anyhow::Error> for Stop {
    fn from(e: anyhow::Error) -> Stop {
        Stop::Fatal(e)
    }
}

/// What came of one input.
enum Came {
    Converted(Summary),
    /// Its `--out-dir` input holds no game: no file is written (status 0).
    Empty(Summary),
    /// Its `--out-dir` target holds nothing: no game in it was converted
    /// (every one failed), so no file is written (status 1).
    Failed(Summary),
    /// Left alone on purpose (reported).
    Skipped,
    /// Its `--out-dir` target exists: left alone (status 1, 0 with
    /// `--skip-existing`).
    Exists,
    /// Not something notate reads (an image, an office file: reported);
    /// the run goes on, and ends with status 1.
    Refused,
    /// It could not be read (to its end): reported; what was written of
    /// it to a shared output stays there, and is counted.
    Unreadable(Summary),
    /// Its `--out-dir` target could not be written (status 2).
    NotWritten(Summary),
}

/// Everything a run shares between its inputs.
struct Run<'a> {
    args: &'a Args,
    err: &'a Stderr,
    converter: Converter,
    plan: Plan,
    encoding: Option<decode::Encoding>,
    meter: Meter,
}

fn run(args: &Args, err: &mut Stderr) -> Result<ExitCode, Stop> {
    if args.list_languages {
        return match options::list_languages() {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => Err(output_failure(e, "standard output")),
        };
    }
    let options = options::options(args)?;
    let encoding = args.encoding;
    let entries = inputs::entries(args);
    let plan = outputs::plan(args, &entries, options.format)?;
    let to_stdout = matches!(&plan.shared, Some(w) if matches!(w.inner, outputs::Sink::Stdout(_)))
        || args.rejects.as_ref().is_some_and(|r| r.as_os_str() == "-");
    if to_stdout && STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(Stop::Fatal(anyhow!(
            "standard output is closed; give -o FILE, or open it"
        )));
    }
    let games = Arc::new(AtomicU64::new(0));
    let total: u64 = entries
        .iter()
        .map(|e| match e {
            Entry::Input(Source::File { path, .. }) => {
                std::fs::metadata(path).map_or(0, |m| m.len())
            }
            _ => 0,
        })
        .sum();
    let stdin = entries
        .iter()
        .any(|e| matches!(e, Entry::Input(Source::Stdin)));
    err.progress(if stdin { 0 } else { total }, &games);
    let mut converter = Converter::new(&options);
    converter.set_game_counter(Arc::clone(&games));
    if let Some(rejects) = &plan.rejects {
        converter.set_rejects(Box::new(rejects.clone()));
    }
    let mut run = Run {
        args,
        err,
        converter,
        plan,
        encoding,
        meter: err.meter(),
    };
    let result = run.all(&entries);
    run.err.finish();
    result
}

impl Run<'_> {
    fn all(&mut self, entries: &[Entry]) -> Result<ExitCode, Stop> {
        let per_file = entries.len() > 1 || self.args.out_dir.is_some();
        let (mut total, mut files) = (Summary::default(), Files::default());
        let mut refused = 0u64;
        let targets = std::mem::take(&mut self.plan.targets);
        for (entry, target) in entries.iter().zip(&targets) {
            let came = match entry {
                Entry::Skip {
                    name,
                    reason,
                    unreadable,
                } => {
                    let say = if *unreadable {
                        Stderr::error
                    } else {
                        Stderr::warning
                    };
                    say(self.err, Some(name), &format!("{name} {reason}; skipped"));
                    if *unreadable {
                        Came::Unreadable(Summary::default())
                    } else {
                        Came::Skipped
                    }
                }
                Entry::Input(source) => self.one(source, target, per_file)?,
            };
            let summary = match came {
                Came::Converted(s) => {
                    files.converted += 1;
                    if matches!(entry, Entry::Input(Source::Text(..))) {
                        files.texts += 1;
                    }
                    s
                }
                Came::Failed(s) => (files.failed += 1, s).1,
                Came::Empty(s) => (files.empty += 1, s).1,
                Came::Skipped => (files.skipped += 1, Summary::default()).1,
                Came::Refused => {
                    files.skipped += 1;
                    refused += 1;
                    Summary::default()
                }
                Came::Exists => (files.existing += 1, Summary::default()).1,
                Came::Unreadable(s) => (files.unreadable += 1, s).1,
                Came::NotWritten(s) => (files.not_written += 1, s).1,
            };
            total.add(summary);
            if self.args.fail_fast && total.failed + refused > 0 {
                break;
            }
        }
        self.finish_outputs(&total, files)?;
        self.err.summary(
            &total,
            per_file.then_some(&files),
            self.args.check,
            self.args.skip_existing,
        );
        // Standard error that cannot be written to loses the diagnostics,
        // not the run: a closed pipe (`2>&1 | head`) changes nothing more;
        // any other failure (a full disk) is an I/O error, status 2.
        let stderr_lost = self
            .err
            .failure()
            .is_some_and(|e| e.kind() != io::ErrorKind::BrokenPipe);
        let left_alone = files.existing > 0 && !self.args.skip_existing;
        Ok(if files.unreadable + files.not_written > 0 || stderr_lost {
            ExitCode::from(2)
        } else if total.failed + refused > 0 || left_alone {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }

    /// Renames `-o` and the rejects file into place, when every input was
    /// read to its end and the run was not stopped short (`--fail-fast`
    /// keeps its rejects file); else drops them, leaving what was there.
    fn finish_outputs(&mut self, total: &Summary, files: Files) -> Result<(), Stop> {
        let whole = files.unreadable == 0;
        if let Some(shared) = self.plan.shared.take() {
            let name = shared.inner.name();
            match shared.inner {
                outputs::Sink::File(file) if !whole || total.stopped => {
                    let why = if total.stopped {
                        "the run stopped at a failed game"
                    } else {
                        "not every input could be read"
                    };
                    self.err.warning(
                        None,
                        &format!("{} left as it was: {why}", shown(file.target())),
                    );
                }
                sink => sink.finish().map_err(|e| output_failure(e, &name))?,
            }
        }
        if let Some(rejects) = self.plan.rejects.as_ref().and_then(|r| r.take()) {
            let name = rejects.inner.name();
            if whole {
                rejects
                    .inner
                    .finish()
                    .map_err(|e| output_failure(e, &name))?;
            } else if matches!(rejects.inner, outputs::Sink::File(_)) {
                self.err.warning(
                    None,
                    &format!("{name} left as it was: not every input could be read"),
                );
            }
        }
        Ok(())
    }

    /// Converts one input, to the shared output or to its target.
    fn one(&mut self, source: &Source, target: &Target, per_file: bool) -> Result<Came, Stop> {
        let name = source.name();
        let skip_existing = self.args.skip_existing;
        let exists = |err: &Stderr, path: &Path| {
            if !skip_existing {
                err.warning(
                    Some(&name),
                    &format!(
                        "{} exists, left alone (--force overwrites it, --skip-existing \
                         passes it over); {name} skipped",
                        shown(path)
                    ),
                );
            }
            Ok(Came::Exists)
        };
        if let Target::Exists(path) = target {
            return exists(self.err, path);
        }
        let mut input = match self.open(source) {
            Ok(input) => input,
            Err(e) if document::refusal(&e).is_some() => {
                let refused = document::refusal(&e).expect("a refusal");
                self.err
                    .error(Some(&name), &format!("{name} {refused}; skipped"));
                return Ok(Came::Refused);
            }
            Err(e) => {
                self.err
                    .error(Some(&name), &format!("cannot read {name}: {e}; skipped"));
                return Ok(Came::Unreadable(Summary::default()));
            }
        };
        let (args, err) = (self.args, self.err);
        let map = input.source_map().cloned();
        self.converter.set_origin(Some(Arc::new(Origin {
            path: name.clone(),
            map: map.clone(),
        })));
        let mut report = |d: &Diagnostic| {
            if !(args.quiet && d.severity == Severity::Note) {
                err.diagnostic(&name, d, map.as_deref());
            }
        };
        let result = match target {
            Target::Write(path) => self.convert_to_file(&mut input, path, &mut report),
            _ => self.convert_shared(&mut input, &mut report),
        };
        let mut summary = match result {
            Ok(summary) => summary,
            Err(Failure::Input(e, summary)) => {
                self.err
                    .error(Some(&name), &format!("cannot read {name} to its end: {e}"));
                return Ok(Came::Unreadable(summary));
            }
            Err(Failure::Target(path, e)) => {
                self.err.error(
                    Some(&name),
                    &format!("cannot write {}: {e}; {name} skipped", shown(&path)),
                );
                return Ok(Came::NotWritten(Summary::default()));
            }
            Err(Failure::Stop(stop)) => return Err(stop),
            Err(Failure::Exists) => match target {
                Target::Write(path) | Target::Exists(path) => return exists(self.err, path),
                Target::None => return Ok(Came::Exists),
            },
        };
        // About the input as a whole: at its text's start, not a place in
        // a document.
        let mut about_input = |d: &Diagnostic| {
            if !(args.quiet && d.severity == Severity::Note) {
                err.diagnostic(&name, d, None);
            }
        };
        self.input_notes(&input, &mut summary, &mut about_input);
        // An `--out-dir` input of which no game was converted gets no file.
        let unwritten = matches!(target, Target::Write(_)) && summary.written == 0;
        if per_file {
            let output = match target {
                Target::Write(path) if !unwritten => Some(shown(path)),
                _ => None,
            };
            let status = if unwritten && summary.read == 0 && !summary.stopped {
                "empty"
            } else {
                stderr::status(&summary)
            };
            self.err
                .file_line(&name, output.as_deref(), status, &summary);
        }
        Ok(if unwritten && summary.failed > 0 {
            Came::Failed(summary)
        } else if unwritten && summary.read == 0 {
            Came::Empty(summary)
        } else {
            Came::Converted(summary)
        })
    }

    fn open(&self, source: &Source) -> io::Result<decode::Input> {
        let raw: Box<dyn Read + Send> = match source {
            Source::Stdin => Box::new(Counted {
                inner: io::stdin(),
                meter: self.meter.clone(),
            }),
            Source::Text(_, text) => Box::new(io::Cursor::new(text.clone().into_bytes())),
            Source::File { path, .. } => Box::new(Counted {
                inner: File::open(path)?,
                meter: self.meter.clone(),
            }),
        };
        decode::open_games(raw, self.encoding)
    }

    /// The warnings and notes about an input as a whole, once it is read.
    fn input_notes(
        &self,
        input: &decode::Input,
        summary: &mut Summary,
        report: &mut dyn FnMut(&Diagnostic),
    ) {
        let detected = input.detected();
        if self.args.verbose && !self.args.quiet {
            let encoding = match (detected.document, detected.reason) {
                (Some(kind), _) => format!("{kind} ({} text)", detected.encoding),
                (_, decode::Reason::PerGame) => "an encoding per game".to_string(),
                (_, reason) => format!("{} ({reason:?})", detected.encoding),
            };
            report(&Diagnostic::new(
                Severity::Note,
                1,
                1,
                format!(
                    "input read as {encoding}, compression: {}",
                    detected.compression
                ),
            ));
        }
        for warning in input.warnings() {
            summary.warnings += 1;
            report(&Diagnostic::new(Severity::Warning, 1, 1, warning));
        }
    }

    fn convert_shared(
        &mut self,
        input: &mut decode::Input,
        report: &mut dyn FnMut(&Diagnostic),
    ) -> Result<Summary, Failure> {
        let mut sink = io::sink();
        let converted = match self.plan.shared.as_mut() {
            Some(out) => self.converter.convert_stream(input, out, report),
            // `--check`: nothing is written.
            None => self.converter.convert_stream(input, &mut sink, report),
        };
        let output_failed = self.plan.shared.as_ref().is_some_and(|o| o.failed);
        converted.map_err(|e| {
            let name = match &self.plan.shared {
                Some(o) => o.inner.name(),
                None => "standard output".into(),
            };
            self.classify(e, output_failed, &name)
        })
    }

    /// Converts `input` into `target` by way of a temporary file beside
    /// it, renamed into place only when the whole input was converted.
    fn convert_to_file(
        &mut self,
        input: &mut decode::Input,
        target: &Path,
        report: &mut dyn FnMut(&Diagnostic),
    ) -> Result<Summary, Failure> {
        let fail = |e: io::Error| Failure::Target(target.to_path_buf(), e);
        let root = self.args.out_dir.as_deref().unwrap_or(Path::new("."));
        std::fs::create_dir_all(root).map_err(fail)?;
        let file = OutputFile::create_below(root, target, self.args.follow).map_err(fail)?;
        let mut out = Watched {
            inner: file,
            failed: false,
        };
        let summary = match self.converter.convert_stream(input, &mut out, report) {
            Ok(summary) => summary,
            Err(e) if out.failed || is_unencodable(&e) => return Err(fail(e)),
            Err(e) => return Err(self.classify(e, false, &shown(target))),
        };
        if summary.stopped {
            self.err.warning(
                None,
                &format!(
                    "{} not written: the run stopped at a failed game",
                    shown(target)
                ),
            );
            return Ok(summary);
        }
        if summary.written == 0 {
            // Nothing converted: no file (a re-run converts it anew).
            return Ok(summary);
        }
        match out.inner.commit(self.args.force) {
            Ok(()) => Ok(summary),
            // Another run wrote it meanwhile.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(Failure::Exists),
            Err(e) => Err(fail(e)),
        }
    }

    /// Whose fault an error of a conversion is: the output's, the rejects
    /// file's (the run stops) or the input's.
    fn classify(&self, e: io::Error, output_failed: bool, output: &str) -> Failure {
        if output_failed || is_unencodable(&e) {
            return Failure::Stop(output_failure(e, output));
        }
        if let Some(rejects) = &self.plan.rejects
            && rejects.failed()
        {
            let name = self.args.rejects.as_deref().unwrap_or(Path::new("-"));
            return Failure::Stop(output_failure(e, &shown(name)));
        }
        Failure::Input(e, self.converter.partial())
    }
}

/// How the conversion of one input failed.
enum Failure {
    /// Reading it: the input is skipped, the run goes on.
    Input(io::Error, Summary),
    /// Writing its `--out-dir` target: the same (its games not counted:
    /// none is written).
    Target(std::path::PathBuf, io::Error),
    /// Writing a shared output or the rejects file: the run stops.
    Stop(Stop),
    /// Its target was made by another run meanwhile, and is left alone.
    Exists,
}

fn output_failure(e: io::Error, name: &str) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Stop::Quiet;
    }
    Stop::Fatal(anyhow!("cannot write {name}: {e}"))
}

/// Counts the bytes read on the progress meter.
struct Counted<R> {
    inner: R,
    meter: Meter,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.meter.read(n as u64);
        Ok(n)
    }
}
