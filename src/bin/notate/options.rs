//! The flags turned into the library's [`Options`]: every usage error of
//! the style, the letter sets, the format and the jobs is found here.

use std::io::{self, Write};

use anyhow::{Result, anyhow};

use notate::convert::Options;
use notate::game::Checks;
use notate::internals::reader::ReaderOptions;
use notate::notation::style::{Form, Preset, Style};
use notate::output::Format;
use notate::vocab::letters::{LETTER_SETS, LetterSet};

use crate::args::Args;

pub fn parse<T: std::str::FromStr<Err = String>>(
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

pub fn options(args: &Args) -> Result<Options> {
    let mut style = match &args.preset {
        Some(name) => Preset::by_name(name)
            .ok_or_else(|| {
                let names: Vec<_> = notate::notation::style::PRESETS
                    .iter()
                    .map(|p| p.name)
                    .collect();
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
        if style.form == Form::Descriptive && style.letters != &notate::vocab::letters::ENGLISH {
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
                "iccf" | "descriptive" => Ok(&notate::vocab::letters::ENGLISH),
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
        max_game_size: size("max-game-size", &args.max_game_size)?,
        jobs: match args.jobs {
            Some(0) => return Err(anyhow!("--jobs: give at least 1")),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
    })
}

pub fn list_languages() -> io::Result<()> {
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
    out.flush()
}

/// A size in bytes: a number, with K, M or G (KiB, MiB, GiB) after it.
pub fn size(flag: &str, text: &str) -> Result<usize> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(anyhow!("--{flag}: `{text}` is not a size (e.g. 64M)")),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| anyhow!("--{flag}: `{text}` is not a size (e.g. 64M)"))?;
    match n.checked_mul(1 << shift) {
        Some(0) | None => Err(anyhow!("--{flag}: `{text}` is out of range")),
        Some(n) => Ok(n),
    }
}
