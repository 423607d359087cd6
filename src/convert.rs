//! The whole pipeline over a stream: split, read, resolve, print.
//!
//! A [`Converter`] holds one reader, one printer and the buffers they reuse;
//! [`Converter::convert_stream`] runs every game of an input through them,
//! writes the converted games in input order and reports each problem as it
//! is found. [`convert_str`] does the same for a string, for programs and
//! tests.

use std::io::{self, BufRead, Write};

use crate::decode::{Encoding, encode_output};
use crate::diag::{Diagnostic, Severity};
use crate::game::Game;
use crate::printer::{Format, Layout, Printer, Strip, printer};
use crate::reader::{GameReader, ReaderOptions};
use crate::split::{RawGame, Splitter};
use crate::style::Style;

/// Everything a conversion is told.
#[derive(Debug, Clone)]
pub struct Options {
    /// How the input is read: its letter sets (none: detect) and strictness.
    pub reading: ReaderOptions,
    pub style: Style,
    pub format: Format,
    pub strip: Strip,
    /// Report, as a note, the letter set each game was read in.
    pub verbose: bool,
    /// Validate only (`--check`): write nothing, report everything.
    pub check: bool,
    /// Stop at the first game that fails (`--fail-fast`).
    pub fail_fast: bool,
    /// Write the output in this encoding rather than UTF-8.
    pub output_encoding: Option<Encoding>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            reading: ReaderOptions::default(),
            style: Style::default(),
            format: Format::Pgn,
            strip: Strip::default(),
            verbose: false,
            check: false,
            fail_fast: false,
            output_encoding: None,
        }
    }
}

/// What a conversion did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games found in the input.
    pub read: u64,
    /// Games written to the output.
    pub written: u64,
    /// Games that could not be converted.
    pub failed: u64,
    /// Warnings reported.
    pub warnings: u64,
}

impl Summary {
    pub fn add(&mut self, other: Summary) {
        self.read += other.read;
        self.written += other.written;
        self.failed += other.failed;
        self.warnings += other.warnings;
    }
}

/// Runs games through reader and printer, reusing its buffers.
pub struct Converter {
    reader: GameReader,
    printer: Box<dyn Printer>,
    game: Game,
    raw: RawGame,
    out: String,
    verbose: bool,
    check: bool,
    fail_fast: bool,
    output_encoding: Option<Encoding>,
    rejects: Option<Box<dyn Write + Send>>,
}

impl Converter {
    pub fn new(options: &Options) -> Converter {
        Converter {
            reader: GameReader::new(&options.reading),
            printer: printer(
                options.format,
                Layout {
                    style: options.style,
                    strip: options.strip,
                },
            ),
            game: Game::default(),
            raw: RawGame::default(),
            out: String::new(),
            verbose: options.verbose,
            check: options.check,
            fail_fast: options.fail_fast,
            output_encoding: options.output_encoding.filter(|e| *e != Encoding::Utf8),
            rejects: None,
        }
    }

    /// Writes the original text of every game that fails to `rejects`,
    /// byte for byte as it was read.
    pub fn set_rejects(&mut self, rejects: Box<dyn Write + Send>) {
        self.rejects = Some(rejects);
    }

    /// Converts every game of `input`, writing to `output` and handing each
    /// diagnostic to `report` as it is found. Every game read is either
    /// written or reported as failed (and copied to the rejects file).
    pub fn convert_stream<R: BufRead, W: Write>(
        &mut self,
        input: R,
        output: &mut W,
        report: &mut dyn FnMut(&Diagnostic),
    ) -> io::Result<Summary> {
        let mut summary = Summary::default();
        let mut splitter = Splitter::new(input);
        while splitter.next_game(&mut self.raw)? {
            self.reader
                .read(&self.raw.text, self.raw.first_line, &mut self.game);
            let game = &self.game;
            if game.tags().next().is_none() && game.mainline().next().is_none() && !game.failed() {
                // Only comments: there is no game here to lose.
                summary.warnings += 1;
                report(&Diagnostic::new(
                    Severity::Warning,
                    self.raw.first_line,
                    1,
                    "text with no tags and no moves: not a game, ignored",
                ));
                continue;
            }
            summary.read += 1;
            if self.verbose
                && let Some(letters) = game.letters
            {
                report(&Diagnostic::new(
                    Severity::Note,
                    self.raw.first_line,
                    1,
                    format!("game read in {} letters ({})", letters.name, letters.code),
                ));
            }
            for d in &game.diagnostics {
                if d.severity == Severity::Warning {
                    summary.warnings += 1;
                }
                report(d);
            }
            let failed = game.failed();
            if failed {
                summary.failed += 1;
                if let Some(rejects) = &mut self.rejects {
                    rejects.write_all(&self.raw.raw)?;
                }
            } else if !self.check {
                summary.written += 1;
            }
            if !self.check && (!failed || self.printer.prints_failed_games()) {
                self.out.clear();
                self.printer.print(game, &mut self.out);
                match self.output_encoding {
                    None => output.write_all(self.out.as_bytes())?,
                    Some(encoding) => {
                        let bytes = encode_output(&self.out, encoding).map_err(|e| {
                            io::Error::new(
                                io::ErrorKind::InvalidData,
                                format!("the game at line {}: {e}", self.raw.first_line),
                            )
                        })?;
                        output.write_all(&bytes)?;
                    }
                }
            }
            if failed && self.fail_fast {
                break;
            }
        }
        output.flush()?;
        if let Some(rejects) = &mut self.rejects {
            rejects.flush()?;
        }
        Ok(summary)
    }
}

/// Converts the games in `text`, returning the output, the diagnostics and
/// the summary.
///
/// ```
/// use notate::convert::{Options, convert_str};
/// use notate::printer::Format;
/// use notate::style::{Preset, Style};
///
/// let options = Options {
///     style: Preset::by_name("fide-ru").unwrap().style(),
///     format: Format::Text,
///     ..Options::default()
/// };
/// let (out, diagnostics, _) = convert_str("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", &options);
/// assert_eq!(out, "1. e4 e5 2. Кf3 Кc6 3. Сb5 *\n");
/// assert!(diagnostics.is_empty());
/// ```
pub fn convert_str(text: &str, options: &Options) -> (String, Vec<Diagnostic>, Summary) {
    let mut out = Vec::new();
    let mut diagnostics = Vec::new();
    let summary = Converter::new(options)
        .convert_stream(text.as_bytes(), &mut out, &mut |d| {
            diagnostics.push(d.clone())
        })
        .expect("reading from and writing to memory cannot fail");
    (
        String::from_utf8(out).expect("printers write UTF-8"),
        diagnostics,
        summary,
    )
}
