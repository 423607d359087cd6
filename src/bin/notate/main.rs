//! The `notate` command: a thin shell over the library.

mod args;

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, anyhow};
use clap::{CommandFactory, Parser};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use args::{Args, Command};
use notate::convert::{Converter, Options, Summary};
use notate::decode;
use notate::diag::{Diagnostic, Severity};
use notate::game::Checks;
use notate::letters::{LETTER_SETS, LetterSet};
use notate::printer::Format;
use notate::reader::ReaderOptions;
use notate::style::{Form, Preset, Style};

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(command) = &args.command {
        return match subcommand(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("notate: {e}");
                ExitCode::from(2)
            }
        };
    }
    match run(&args) {
        Ok(summary) if summary.failed == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("notate: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `notate completions SHELL` and `notate man`.
fn subcommand(command: &Command) -> io::Result<()> {
    let mut cli = Args::command();
    let mut out = io::stdout().lock();
    match command {
        Command::Completions { shell } => {
            clap_complete::generate(*shell, &mut cli, "notate", &mut out);
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(cli).render(&mut out),
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn parse<T: std::str::FromStr<Err = String>>(
    flag: &str,
    value: &Option<String>,
) -> Result<Option<T>> {
    value
        .as_deref()
        .map(|v| v.parse().map_err(|e: String| anyhow!("--{flag}: {e}")))
        .transpose()
}

fn letter_set(flag: &str, code: &str) -> Result<&'static LetterSet> {
    LetterSet::by_code(code)
        .ok_or_else(|| anyhow!("--{flag}: unknown letter set `{code}` (see --list-languages)"))
}

fn options(args: &Args) -> Result<Options> {
    let mut style = match &args.preset {
        Some(name) => Preset::by_name(name)
            .ok_or_else(|| {
                let names: Vec<_> = notate::style::PRESETS.iter().map(|p| p.name).collect();
                anyhow!(
                    "--preset: unknown preset `{name}` (one of {})",
                    names.join(", ")
                )
            })?
            .style(),
        None => Style::default(),
    };
    if let Some(form) = parse::<Form>("to", &args.form)? {
        style.form = form;
    }
    if let Some(code) = &args.lang {
        style.letters = letter_set("lang", code)?;
        if style.form == Form::Descriptive && style.letters != &notate::letters::ENGLISH {
            return Err(anyhow!(
                "--lang {code}: descriptive notation is written in English letters only"
            ));
        }
    }
    let c = &mut style.conventions;
    if let Some(v) = parse("capture", &args.capture)? {
        c.capture = v;
    }
    if let Some(v) = parse("castling", &args.castling)? {
        c.castling = v;
    }
    if let Some(v) = parse("promotion", &args.promotion)? {
        c.promotion = v;
    }
    if let Some(v) = parse("mate", &args.mate)? {
        c.mate = v;
    }
    if let Some(v) = parse("double-check", &args.double_check)? {
        c.double_check = v;
    }
    if let Some(v) = parse("en-passant", &args.en_passant)? {
        c.en_passant = v;
    }
    if let Some(v) = parse("separator", &args.separator)? {
        c.separator = v;
    }
    let from = match args.from.as_str() {
        "auto" => Vec::new(),
        codes => codes
            .split(',')
            .map(|code| match code.trim() {
                // ICCF numeric and descriptive moves are told by their
                // shape and read whatever the set; `iccf` and `descriptive`
                // name them, and let other letters read as PGN's.
                "iccf" | "descriptive" => Ok(&notate::letters::ENGLISH),
                code => letter_set("from", code),
            })
            .collect::<Result<_>>()?,
    };
    Ok(Options {
        reading: ReaderOptions {
            from,
            strict: args.strict,
            verbose: args.verbose && !args.quiet,
            // The converter asks for fewer where its output shows none.
            checks: Checks::All,
        },
        style,
        format: args
            .format
            .parse::<Format>()
            .map_err(|e| anyhow!("--format: {e}"))?,
        strip: parse("strip", &args.strip)?.unwrap_or_default(),
        fen: args.fen,
        verbose: args.verbose && !args.quiet,
        check: args.check,
        fail_fast: args.fail_fast,
        output_encoding: parse("output-encoding", &args.output_encoding)?,
        jobs: match args.jobs {
            Some(0) => return Err(anyhow!("--jobs: give at least 1")),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
    })
}

fn list_languages() -> Result<Summary> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<15} {:<20} {:<4} {:<4} {:<4} {:<4} {:<4} pawn",
        "code", "name", "K", "Q", "R", "B", "N"
    )?;
    for set in LETTER_SETS {
        use shakmaty::{Color, Role};
        let n = |r| set.name(r, Color::White);
        let pawn = match set.name(Role::Pawn, Color::White) {
            "" => "-",
            p => p,
        };
        writeln!(
            out,
            "{:<15} {:<20} {:<4} {:<4} {:<4} {:<4} {:<4} {}",
            set.code,
            set.name,
            n(Role::King),
            n(Role::Queen),
            n(Role::Rook),
            n(Role::Bishop),
            n(Role::Knight),
            pawn
        )?;
    }
    Ok(Summary::default())
}

/// How diagnostics reach standard error.
struct Reporter {
    json: bool,
    color: bool,
    /// Hidden while a diagnostic is written.
    bar: ProgressBar,
}

impl Reporter {
    fn new(args: &Args, bar: ProgressBar) -> Result<Reporter> {
        let json = match args.error_format.as_str() {
            "human" => false,
            "json" => true,
            other => return Err(anyhow!("--error-format: `{other}` is not human or json")),
        };
        let color = match args.color.as_str() {
            "always" => true,
            "never" => false,
            "auto" => anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never,
            other => return Err(anyhow!("--color: `{other}` is not auto, always or never")),
        };
        Ok(Reporter { json, color, bar })
    }

    fn report(&self, file: &str, d: &Diagnostic) {
        self.bar.suspend(|| {
            let mut err = io::stderr().lock();
            let _ = if self.json {
                writeln!(err, "{}", d.to_json(file))
            } else {
                write!(err, "{}", d.render(file, self.color))
            };
        });
    }
}

/// One input of a run.
enum Source {
    Stdin,
    /// The n-th `-e` text.
    Text(usize, String),
    /// A file, and its path below the folder it was found in (its name,
    /// for a file given by name): its name in `--out-dir`.
    File {
        path: PathBuf,
        rel: PathBuf,
    },
}

impl Source {
    /// How diagnostics name it.
    fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::Text(n, _) => format!("<text {n}>"),
            Source::File { path, .. } => path.display().to_string(),
        }
    }
}

/// The inputs of a run, in order: `-e` texts, then files (folders walked
/// with `-r`, in name order), or standard input where there are neither.
fn sources(args: &Args) -> Result<Vec<Source>> {
    let mut sources: Vec<Source> = (args.texts.iter().enumerate())
        .map(|(i, t)| Source::Text(i + 1, t.clone()))
        .collect();
    for path in &args.files {
        if path.as_os_str() == "-" {
            sources.push(Source::Stdin);
        } else if path.is_dir() {
            if !args.recursive {
                return Err(anyhow!(
                    "{} is a folder; -r reads the files in it",
                    path.display()
                ));
            }
            let walk = walkdir::WalkDir::new(path)
                .sort_by_file_name()
                .into_iter()
                .filter_entry(|e| {
                    e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.')
                });
            for entry in walk {
                let entry = entry.with_context(|| format!("cannot read {}", path.display()))?;
                if entry.file_type().is_file() {
                    let rel = entry
                        .path()
                        .strip_prefix(path)
                        .unwrap_or(entry.path())
                        .to_path_buf();
                    sources.push(Source::File {
                        path: entry.into_path(),
                        rel,
                    });
                }
            }
        } else {
            let rel = PathBuf::from(path.file_name().unwrap_or(path.as_os_str()));
            sources.push(Source::File {
                path: path.clone(),
                rel,
            });
        }
    }
    if args.texts.is_empty() && args.files.is_empty() {
        sources.push(Source::Stdin);
    }
    Ok(sources)
}

/// Where `--out-dir` puts the conversion of a file: its path below `dir`,
/// without a compression suffix, with the format's extension.
fn target(dir: &Path, rel: &Path, format: Format) -> PathBuf {
    let mut rel = rel.to_path_buf();
    if rel.extension().is_some_and(|e| {
        ["gz", "zst", "bz2"]
            .iter()
            .any(|c| e.eq_ignore_ascii_case(c))
    }) {
        rel.set_extension("");
    }
    rel.set_extension(format.extension());
    dir.join(rel)
}

/// The temporary file a conversion is written to before it is renamed to
/// `target`: hidden, beside it.
fn partial(target: &Path) -> PathBuf {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    target.with_file_name(format!(".{name}.notate-partial"))
}

/// The temporary file being written, removed if the run is interrupted.
static PARTIAL: Mutex<Option<PathBuf>> = Mutex::new(None);

fn set_partial(path: Option<PathBuf>) {
    if let Ok(mut p) = PARTIAL.lock() {
        *p = path;
    }
}

/// On Ctrl-C or SIGTERM: remove the temporary file being written, so that
/// an interrupted run leaves only complete files, and exit 130.
fn clean_up_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(p) = PARTIAL.lock()
            && let Some(path) = p.as_ref()
        {
            let _ = std::fs::remove_file(path);
        }
        std::process::exit(130);
    });
}

/// Counts the bytes read from a file on a progress bar.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

/// A progress bar on standard error, for long runs on a terminal: bytes
/// read of the total and games per second. Hidden where standard error is
/// not a terminal, under `-q`, and for small inputs.
fn progress_bar(args: &Args, sources: &[Source], games: &Arc<AtomicU64>) -> ProgressBar {
    const LONG: u64 = 8 << 20;
    let total: u64 = sources
        .iter()
        .map(|s| match s {
            Source::File { path, .. } => std::fs::metadata(path).map_or(0, |m| m.len()),
            _ => 0,
        })
        .sum();
    if args.quiet || total < LONG || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (count, rate) = (Arc::clone(games), Arc::clone(games));
    let style = ProgressStyle::with_template(
        "{bar:30} {bytes}/{total_bytes} {games} games, {rate} games/s, {eta} left",
    )
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
    ProgressBar::new(total).with_style(style)
}

fn run(args: &Args) -> Result<Summary> {
    if args.list_languages {
        return list_languages();
    }
    let options = options(args)?;
    let encoding: Option<decode::Encoding> = parse("encoding", &args.encoding)?;
    let sources = sources(args)?;
    let games = Arc::new(AtomicU64::new(0));
    let bar = progress_bar(args, &sources, &games);
    let reporter = Reporter::new(args, bar.clone())?;
    let mut converter = Converter::new(&options);
    converter.set_game_counter(Arc::clone(&games));
    if let Some(path) = &args.rejects {
        let file =
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        converter.set_rejects(Box::new(BufWriter::new(file)));
    }
    // With --out-dir, every target is settled before anything is written.
    let targets: Vec<Option<PathBuf>> = match &args.out_dir {
        None => sources.iter().map(|_| None).collect(),
        Some(dir) => out_dir_targets(args, dir, &sources, options.format)?,
    };
    if args.out_dir.is_some() {
        clean_up_on_interrupt();
    }
    let mut shared: Option<Box<dyn Write>> = match (&args.output, &args.out_dir) {
        (_, Some(_)) => None,
        (Some(path), None) if path.as_os_str() != "-" => Some(Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        ))),
        _ => Some(Box::new(BufWriter::with_capacity(
            1 << 16,
            io::stdout().lock(),
        ))),
    };
    let per_file = !args.quiet && (sources.len() > 1 || args.out_dir.is_some());
    let mut total = Summary::default();
    for (source, target) in sources.iter().zip(&targets) {
        let name = source.name();
        let mut report = |d: &Diagnostic| {
            if !(args.quiet && d.severity == Severity::Note) {
                reporter.report(&name, d);
            }
        };
        let raw: Box<dyn Read + Send> = match source {
            Source::Stdin => Box::new(io::stdin()),
            Source::Text(_, text) => Box::new(io::Cursor::new(text.clone().into_bytes())),
            Source::File { path, .. } => Box::new(Counted {
                inner: File::open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?,
                bar: bar.clone(),
            }),
        };
        let mut input =
            decode::open(raw, encoding).with_context(|| format!("cannot read {name}"))?;
        let mut summary = match target {
            None => {
                let output = shared
                    .as_mut()
                    .expect("an output where there is no --out-dir");
                converter
                    .convert_stream(&mut input, output, &mut report)
                    .with_context(|| format!("while converting {name}"))?
            }
            Some(target) => convert_to_file(&mut converter, &mut input, target, &mut report)
                .with_context(|| format!("while converting {name} to {}", target.display()))?,
        };
        let detected = input.detected();
        if args.verbose && !args.quiet {
            report(&Diagnostic::new(
                Severity::Note,
                1,
                1,
                format!(
                    "input read as {} ({:?}), compression: {}",
                    detected.encoding, detected.reason, detected.compression
                ),
            ));
        }
        if input.replacements() > 0 {
            summary.warnings += 1;
            report(&Diagnostic::new(
                Severity::Warning,
                1,
                1,
                format!(
                    "{} byte sequence(s) are not valid {} and were read as U+FFFD; try --encoding",
                    input.replacements(),
                    detected.encoding
                ),
            ));
        }
        if per_file {
            let arrow = target
                .as_ref()
                .map_or(String::new(), |t| format!(" -> {}", t.display()));
            bar.suspend(|| eprintln!("notate: {name}{arrow}: {}", counts(&summary, args.check)));
        }
        total.add(summary);
        if options.fail_fast && total.failed > 0 {
            break;
        }
    }
    bar.finish_and_clear();
    if let Some(output) = &mut shared {
        output.flush().context("cannot write the output")?;
    }
    if !args.quiet {
        eprintln!("{}", summary_line(&total, args.check));
    }
    Ok(total)
}

/// The files `--out-dir` will write, one per source: refused where two
/// sources would write the same file, where a file is there already
/// (without `--force`) or where it is its own input.
fn out_dir_targets(
    args: &Args,
    dir: &Path,
    sources: &[Source],
    format: Format,
) -> Result<Vec<Option<PathBuf>>> {
    let mut targets = Vec::new();
    // Looked up by hash: a folder may hold tens of thousands of files.
    let mut taken = std::collections::HashSet::new();
    for source in sources {
        let Source::File { path, rel } = source else {
            return Err(anyhow!(
                "--out-dir converts files; {} has no file name to give its output",
                source.name()
            ));
        };
        let target = target(dir, rel, format);
        if !taken.insert(target.clone()) {
            return Err(anyhow!(
                "two inputs would be written to {}",
                target.display()
            ));
        }
        if target.exists() {
            if same_file(path, &target) {
                return Err(anyhow!(
                    "{} would be written over its own input",
                    target.display()
                ));
            }
            if !args.force {
                return Err(anyhow!(
                    "{} exists; --force overwrites it",
                    target.display()
                ));
            }
        }
        targets.push(Some(target));
    }
    Ok(targets)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Converts `input` into `target` by way of a temporary file beside it,
/// renamed into place once complete.
fn convert_to_file<R: std::io::BufRead + Send>(
    converter: &mut Converter,
    input: &mut R,
    target: &Path,
    report: &mut dyn FnMut(&Diagnostic),
) -> Result<Summary> {
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let tmp = partial(target);
    set_partial(Some(tmp.clone()));
    let result = (|| -> Result<Summary> {
        let mut out = BufWriter::new(
            File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?,
        );
        let summary = converter.convert_stream(input, &mut out, report)?;
        // Not synced to disk file by file: a flush per file would cost a
        // folder of scoresheets most of its time, and the rename already
        // keeps an interrupted run from leaving a truncated file.
        out.into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, target)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), target.display()))?;
        Ok(summary)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    set_partial(None);
    result
}

/// Games read, written (or sound) and rejected, and warnings.
fn counts(total: &Summary, check: bool) -> String {
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

/// The line that closes a run on standard error.
fn summary_line(total: &Summary, check: bool) -> String {
    format!("notate: {}", counts(total, check))
}
