//! The `notate` command: a thin shell over the library.

mod args;

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use clap::Parser;

use args::Args;
use notate::convert::{Converter, Options, Summary};
use notate::decode;
use notate::diag::{Diagnostic, Severity};
use notate::letters::{LETTER_SETS, LetterSet};
use notate::printer::Format;
use notate::reader::ReaderOptions;
use notate::style::{Form, Preset, Style};

fn main() -> ExitCode {
    let args = Args::parse();
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
            .map(|code| letter_set("from", code.trim()))
            .collect::<Result<_>>()?,
    };
    Ok(Options {
        reading: ReaderOptions {
            from,
            strict: args.strict,
            lint: args.check,
        },
        style,
        format: args
            .format
            .parse::<Format>()
            .map_err(|e| anyhow!("--format: {e}"))?,
        strip: parse("strip", &args.strip)?.unwrap_or_default(),
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
}

impl Reporter {
    fn new(args: &Args) -> Result<Reporter> {
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
        Ok(Reporter { json, color })
    }

    fn report(&self, file: &str, d: &Diagnostic) {
        let mut err = io::stderr().lock();
        let _ = if self.json {
            writeln!(err, "{}", d.to_json(file))
        } else {
            write!(err, "{}", d.render(file, self.color))
        };
    }
}

fn run(args: &Args) -> Result<Summary> {
    if args.list_languages {
        return list_languages();
    }
    let options = options(args)?;
    let encoding: Option<decode::Encoding> = parse("encoding", &args.encoding)?;
    let reporter = Reporter::new(args)?;
    let mut converter = Converter::new(&options);
    if let Some(path) = &args.rejects {
        let file =
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        converter.set_rejects(Box::new(BufWriter::new(file)));
    }
    let mut output: Box<dyn Write> = match &args.output {
        Some(path) if path.as_os_str() != "-" => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        )),
        _ => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    let stdin_only = [std::path::PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut total = Summary::default();
    for path in files {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        let mut report = |d: &Diagnostic| {
            if !(args.quiet && d.severity == Severity::Note) {
                reporter.report(&name, d);
            }
        };
        let raw: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path).with_context(|| format!("cannot open {}", path.display()))?)
        };
        let mut input =
            decode::open(raw, encoding).with_context(|| format!("cannot read {name}"))?;
        let mut summary = converter
            .convert_stream(&mut input, &mut output, &mut report)
            .with_context(|| format!("while converting {name}"))?;
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
        total.add(summary);
        if options.fail_fast && total.failed > 0 {
            break;
        }
    }
    output.flush().context("cannot write the output")?;
    if !args.quiet {
        eprintln!("{}", summary_line(&total, args.check));
    }
    Ok(total)
}

/// The line that closes a run on standard error.
fn summary_line(total: &Summary, check: bool) -> String {
    let plural = |n: u64, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let done = if check {
        format!("{} sound", total.read - total.failed)
    } else {
        format!("{} written", total.written)
    };
    format!(
        "notate: {} read, {done}, {} rejected, {}",
        plural(total.read, "game"),
        total.failed,
        plural(total.warnings, "warning")
    )
}
