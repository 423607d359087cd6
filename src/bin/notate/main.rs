//! The `notate` command: a thin shell over the library.

mod args;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use clap::Parser;

use args::Args;
use notate::convert::{Converter, Options, Summary};
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
        },
        style,
        format: args
            .format
            .parse::<Format>()
            .map_err(|e| anyhow!("--format: {e}"))?,
        strip: parse("strip", &args.strip)?.unwrap_or_default(),
        verbose: args.verbose,
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

fn run(args: &Args) -> Result<Summary> {
    if args.list_languages {
        return list_languages();
    }
    let options = options(args)?;
    let mut converter = Converter::new(&options);
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
        let mut report = |d: &notate::diag::Diagnostic| eprintln!("{}", d.display_in(&name));
        let summary = if path.as_os_str() == "-" {
            converter.convert_stream(io::stdin().lock(), &mut output, &mut report)
        } else {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            converter.convert_stream(
                BufReader::with_capacity(1 << 16, file),
                &mut output,
                &mut report,
            )
        }
        .with_context(|| format!("while converting {name}"))?;
        total.add(summary);
    }
    output.flush().context("cannot write the output")?;
    Ok(total)
}
