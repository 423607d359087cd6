//! The flags turned into the library's [`Options`]. Each value comes
//! typed from its flag (see `choice.rs`); what is checked here is what no
//! one flag can say alone: letters for descriptive notation, `auto` in a
//! `--from` list, no jobs.

use std::io::{self, Write};

use anyhow::{Result, anyhow};

use notate::convert::Options;
use notate::game::Checks;
use notate::internals::reader::ReaderOptions;
use notate::notation::descriptive::Lang;
use notate::notation::style::{Form, Style};
use notate::output::Strip;
use notate::vocab::letters::LETTER_SETS;

use crate::args::Args;
use crate::choice::FromSet;

pub fn options(args: &Args) -> Result<Options> {
    Ok(Options {
        reading: ReaderOptions {
            from: from(&args.from)?,
            strict: args.strict,
            verbose: args.verbose && !args.quiet,
            // The converter asks for fewer where its output shows none.
            checks: Checks::All,
            go_on: args.check,
            keep_result: args.keep_result,
        },
        style: style(args)?,
        format: args.format,
        strip: args.strip.iter().fold(Strip::default(), |all, s| Strip {
            comments: all.comments || s.comments,
            variations: all.variations || s.variations,
            nags: all.nags || s.nags,
        }),
        fen: args.fen,
        verbose: args.verbose && !args.quiet,
        check: args.check,
        fail_fast: args.fail_fast,
        output_encoding: args.output_encoding,
        max_game_size: args.max_game_size,
        // More threads than cores convert no faster, and take memory.
        jobs: match (args.jobs, std::thread::available_parallelism()) {
            (Some(0), _) => return Err(anyhow!("--jobs: give at least 1")),
            (Some(n), Ok(cores)) => n.min(cores.get()),
            (Some(n), Err(_)) => n,
            (None, cores) => cores.map_or(1, |n| n.get()),
        },
        tags: args.tags.clone(),
        origin: None,
    })
}

/// The preset, with the flags that override its parts.
fn style(args: &Args) -> Result<Style> {
    let mut style = args.preset.map_or_else(Style::default, |p| p.style());
    if let Some(form) = args.form {
        style.form = form;
    }
    if let Some(letters) = args.lang {
        style.letters = letters;
        if style.form == Form::Descriptive && Lang::written_in(letters).is_none() {
            return Err(anyhow!(
                "--lang {}: descriptive notation is written in English, Spanish, French or \
                 Portuguese letters only (en, es, fr, pt)",
                letters.code
            ));
        }
    }
    let c = &mut style.conventions;
    keep(args.capture, &mut c.capture);
    keep(args.castling, &mut c.castling);
    keep(args.promotion, &mut c.promotion);
    keep(args.mate, &mut c.mate);
    keep(args.double_check, &mut c.double_check);
    keep(args.en_passant, &mut c.en_passant);
    keep(args.separator, &mut c.separator);
    Ok(style)
}

/// Sets `value` to the flag's, where the flag was given.
fn keep<T>(given: Option<T>, value: &mut T) {
    if let Some(v) = given {
        *value = v;
    }
}

/// `--from`: `auto` alone is every set (none chosen).
fn from(sets: &[FromSet]) -> Result<Vec<&'static notate::vocab::letters::LetterSet>> {
    match sets {
        [FromSet::Auto] => Ok(Vec::new()),
        sets => sets
            .iter()
            .map(|set| match set {
                FromSet::Set(set) => Ok(*set),
                FromSet::Auto => Err(anyhow!(
                    "--from: `auto` stands alone, not in a list of letter sets"
                )),
            })
            .collect(),
    }
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
