//! The whole pipeline over a stream: split, read, resolve, print.
//!
//! A [`Converter`] runs every game of an input through a worker (one
//! reader, one printer and the buffers they reuse), writes the converted
//! games in input order and reports each problem in input order. With more
//! than one job, `jobs` threads take turns cutting a batch of games from
//! the input and convert it; the calling thread puts the batches back in
//! order and writes them, so the output is the same byte for byte whatever
//! the number of jobs, up to a read error; at most three batches per job
//! are in flight, so memory stays flat.
//! [`convert_str`] does the same for a string, for programs and tests.
//!
//! Here are the conversion of one game (`Worker`), the writing in order
//! (`Collector`) and the one-job loop; `parallel` is the pipeline of jobs.

use std::io::{self, BufRead, Write};
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::game::{Checks, Game, Notation};
use crate::input::decode::{Encoding, encode_output};
use crate::input::line_ends;
use crate::input::split::{GameDecoding, RawGame, Splitter};
use crate::notation::style::Style;
use crate::output::{Format, Layout, Origin, Printer, Strip, printer};
use crate::read::reader::{GameReader, ReaderOptions};
use crate::vocab::diag::{Diagnostic, Severity};

mod controls;
mod errors;
mod parallel;

use errors::{Cancelled, decoding_warning, unencodable};
pub use errors::{Unencodable, is_cancelled, is_unencodable};

use parallel::{batch_full, parallel};

/// Everything a conversion is told.
#[derive(Debug, Clone)]
pub struct Options {
    /// How the input is read: its letter sets (none: detect) and strictness.
    pub reading: ReaderOptions,
    pub style: Style,
    pub format: Format,
    pub strip: Strip,
    /// The FEN after each move, in formats with room for it (ndjson).
    pub fen: bool,
    /// Report, as a note, the letter set each game was read in.
    pub verbose: bool,
    /// Validate only (`--check`): write nothing, report everything.
    pub check: bool,
    /// Stop at the first game that fails (`--fail-fast`).
    pub fail_fast: bool,
    /// Write the output in this encoding rather than UTF-8.
    pub output_encoding: Option<Encoding>,
    /// The largest game read, in bytes: a larger one is reported, counted
    /// as failed and skipped, and the rest of the input read.
    pub max_game_size: usize,
    /// Threads converting games (1: all on the calling thread).
    pub jobs: usize,
    /// Tags set in every game, over its own (`--tag NAME=VALUE`): see
    /// [`check_tag`] for those that cannot be set.
    pub tags: Vec<(String, String)>,
    /// Where the games come from, for the formats that say it (ndjson's
    /// `source`); see [`Converter::set_origin`].
    pub origin: Option<Arc<Origin>>,
}

/// Whether a tag may be set in every game by the user (`--tag`): not the
/// Result, which is settled from the game (see
/// [`ReaderOptions::keep_result`]), nor the tags of the start position
/// (FEN, SetUp, Variant), which the moves were replayed from; a name is
/// PGN's, letters, digits and `_`.
pub fn check_tag(name: &str) -> Result<(), String> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "`{name}` is no tag name (letters, digits and _ only)"
        ));
    }
    // In any case: the reader takes `[fen …]` for `[FEN …]`.
    let settled = ["Result", "FEN", "SetUp", "Variant"]
        .into_iter()
        .find(|t| t.eq_ignore_ascii_case(name));
    match settled {
        Some("Result") => {
            Err("the Result is settled from the game; --keep-result keeps the one written".into())
        }
        Some(tag) => Err(format!(
            "the {tag} tag says where the moves start, and is read from the game"
        )),
        None => Ok(()),
    }
}

/// The default [`Options::max_game_size`]: 64 MiB, a thousand times the
/// longest real game record.
pub const MAX_GAME_SIZE: usize = 64 << 20;

impl Default for Options {
    fn default() -> Self {
        Options {
            reading: ReaderOptions::default(),
            style: Style::default(),
            format: Format::Pgn,
            strip: Strip::default(),
            fen: false,
            verbose: false,
            check: false,
            fail_fast: false,
            output_encoding: None,
            max_game_size: MAX_GAME_SIZE,
            jobs: 1,
            tags: Vec::new(),
            origin: None,
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
    /// The conversion stopped at a failed game (`fail_fast`), before the
    /// end of its input.
    pub stopped: bool,
}

impl Summary {
    pub fn add(&mut self, other: Summary) {
        self.read += other.read;
        self.written += other.written;
        self.failed += other.failed;
        self.warnings += other.warnings;
        self.stopped |= other.stopped;
    }
}

/// What became of one piece of input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Only comments: no game to lose.
    NotAGame,
    Converted,
    Failed,
}

/// One game's result, as the collector needs it.
struct Done {
    outcome: Outcome,
    /// Its output, in the batch's output buffer.
    out: Range<usize>,
    /// Its diagnostics, in the batch's list.
    diagnostics: Range<usize>,
    /// Its original bytes, in the batch's raw buffer (for the rejects file).
    raw: Range<usize>,
}

/// Converts games one at a time, reusing its buffers.
struct Worker {
    reader: GameReader,
    printer: Box<dyn Printer>,
    game: Game,
    /// A game's output before it is encoded (with `output_encoding`).
    text: Vec<u8>,
    verbose: bool,
    check: bool,
    output_encoding: Option<Encoding>,
    max_game_size: usize,
    tags: Vec<(String, String)>,
}

impl Worker {
    fn new(options: &Options) -> Worker {
        let printer = printer(
            options.format,
            Layout {
                style: options.style,
                strip: options.strip,
                fen: options.fen,
            },
        );
        // Checks nothing will show are not looked for (`--check` writes
        // nothing, but reads as the conversion would).
        let mut reading = options.reading.clone();
        if !printer.shows_check() {
            reading.checks = Checks::Written;
        }
        let mut printer = printer;
        printer.set_origin(options.origin.clone());
        Worker {
            reader: GameReader::new(&reading),
            printer,
            game: Game::default(),
            text: Vec::new(),
            verbose: options.verbose,
            check: options.check,
            output_encoding: options.output_encoding.filter(|e| *e != Encoding::Utf8),
            max_game_size: options.max_game_size,
            tags: options.tags.clone(),
        }
    }

    /// Prints what stands for a game skipped unread (too large), with
    /// `diagnostics`, what was said of it: a record of no moves and these
    /// in the formats that print failed games (ndjson: a line per game),
    /// else what stands for any failed game.
    fn skipped(&mut self, first_line: u32, diagnostics: &[Diagnostic], out: &mut Vec<u8>) {
        if !self.printer.prints_failed_games() {
            self.printer.print_failed(out);
            return;
        }
        self.game.clear();
        self.game.first_line = first_line;
        self.game.diagnostics.extend_from_slice(diagnostics);
        self.printer.print(&self.game, out);
    }

    /// Converts the game in `text`, appending its output to `out` and its
    /// diagnostics to `diagnostics`; `decoding`, what its decoding said, is
    /// the first of the game's own (as the printers show them too).
    /// `scan`, where the text is the rest of another game's after the game
    /// found in it, bounds the reader's scans of the text (see
    /// [`GameReader::scan_at_most`]).
    fn convert(
        &mut self,
        text: &str,
        first_line: u32,
        scan: Option<usize>,
        decoding: Option<Diagnostic>,
        out: &mut Vec<u8>,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> io::Result<Outcome> {
        self.read(text, first_line, scan);
        if let Some(decoding) = decoding {
            self.game.diagnostics.insert(0, decoding);
        }
        if self.printer.tells_origin() {
            self.game.first_move = first_move(text, first_line, &self.game);
        }
        let game = &self.game;
        if game.tags().next().is_none() && game.mainline().next().is_none() && !game.failed() {
            diagnostics.push(Diagnostic::new(
                Severity::Warning,
                first_line,
                1,
                "text with no tags and no moves: not a game, ignored",
            ));
            return Ok(Outcome::NotAGame);
        }
        // The user's tags (`--tag`), over the game's own.
        for (name, value) in &self.tags {
            self.game.set_tag(name, value);
        }
        let own = &text[..self.game.next_game.unwrap_or(text.len())];
        controls::leave_out_controls(&mut self.game, own, first_line);
        let game = &self.game;
        if self.verbose
            && let Some(letters) = game.letters
        {
            diagnostics.push(Diagnostic::new(
                Severity::Note,
                first_line,
                1,
                match game.notation() {
                    Notation::Algebraic => {
                        format!("game read in {} letters ({})", letters.name, letters.code)
                    }
                    Notation::Iccf => "game read in ICCF numeric notation".to_string(),
                    Notation::Descriptive(_) => format!(
                        "game read in {} descriptive notation ({})",
                        letters.name, letters.code
                    ),
                },
            ));
        }
        diagnostics.extend(game.diagnostics.iter().cloned());
        let failed = game.failed();
        if !self.check {
            let printer = &self.printer;
            let print = |out: &mut Vec<u8>| match failed && !printer.prints_failed_games() {
                true => printer.print_failed(out),
                false => printer.print(game, out),
            };
            match self.output_encoding {
                None => print(out),
                Some(encoding) => {
                    self.text.clear();
                    print(&mut self.text);
                    let output = std::str::from_utf8(&self.text).expect("printers write UTF-8");
                    let bytes = encode_output(output, encoding)
                        .map_err(|e| unencodable(&e, text, first_line))?;
                    out.extend_from_slice(&bytes);
                }
            }
        }
        Ok(if failed {
            Outcome::Failed
        } else {
            Outcome::Converted
        })
    }
}

impl Worker {
    /// Reads the game in `text` with the reader's scans bounded to `scan`
    /// bytes, or not; where the game read reaches past the bound, it is
    /// read again with the bound past its end (twice the length read), or
    /// lifted where it is the whole text: the scans always cover the game.
    fn read(&mut self, text: &str, first_line: u32, scan: Option<usize>) {
        let mut limit = scan;
        loop {
            self.reader.scan_at_most(limit);
            self.reader.read(text, first_line, &mut self.game);
            let Some(bound) = limit.filter(|&bound| bound < text.len()) else {
                break;
            };
            limit = match self.game.next_game {
                Some(at) if at <= bound => break,
                Some(at) => Some(at.saturating_mul(2).max(bound.saturating_mul(2))),
                None => None,
            };
        }
        self.reader.scan_at_most(None);
    }
}

/// The line and column in the input of the game's first move, from where
/// the reader found it in `text` (which starts on line `first_line`).
fn first_move(text: &str, first_line: u32, game: &Game) -> Option<(u32, u32)> {
    game.mainline().next()?;
    let bytes = text.as_bytes();
    let skip = |at: &mut usize, what: fn(u8) -> bool| {
        while bytes.get(*at).copied().is_some_and(what) {
            *at += 1;
        }
    };
    let mut at = match game.first_move_at {
        Some(at) => (at as usize).min(text.len()),
        // The plain lane (plain PGN) notes nothing, to cost nothing: its
        // first move follows the tag pairs.
        None => {
            let mut at = 0;
            loop {
                skip(&mut at, |b| b.is_ascii_whitespace());
                if bytes.get(at) != Some(&b'[') {
                    break at;
                }
                skip(&mut at, |b| b != b'\n');
            }
        }
    };
    // Past a move number (`1.`, `1...`).
    let word = at;
    skip(&mut at, |b| b.is_ascii_digit());
    if bytes.get(at) == Some(&b'.') {
        skip(&mut at, |b| b == b'.');
        skip(&mut at, |b| b.is_ascii_whitespace());
    } else {
        at = word;
    }
    let before = text.as_bytes().get(..at)?;
    let lines = memchr::memchr_iter(b'\n', before).count() as u32;
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
    let column = text
        .get(line_start..at)
        .map_or(1, |s| s.chars().count() as u32 + 1);
    Some((first_line + lines, column))
}

/// One game's text as cut, for [`Converted::add`].
#[derive(Clone, Copy)]
struct GameText<'a> {
    text: &'a str,
    first_line: u32,
    /// Larger than the maximum game size: no text, to be reported.
    oversized: bool,
    /// Not UTF-8 throughout: how it was decoded, to be reported.
    decoding: Option<GameDecoding>,
}

/// A batch converted.
#[derive(Default)]
struct Converted {
    seq: u64,
    out: Vec<u8>,
    diagnostics: Vec<Diagnostic>,
    raw: Vec<u8>,
    done: Vec<Done>,
    error: Option<io::Error>,
}

impl Converted {
    /// Empties the buffers for the next batch, keeping their room.
    fn clear(&mut self) {
        self.out.clear();
        self.diagnostics.clear();
        self.raw.clear();
        self.done.clear();
        self.error = None;
    }

    /// Converts one game (`raw`: its original bytes, kept if it fails) and
    /// appends what came of it; and the games the reader found inside its
    /// text after it ([`Game::next_game`]), each as a game of its own.
    fn add<'t>(
        &mut self,
        worker: &mut Worker,
        game: GameText<'t>,
        raw: &'t [u8],
    ) -> io::Result<()> {
        if game.oversized {
            self.add_oversized(worker, &game, raw);
            return Ok(());
        }
        // What a failed game leaves in the rejects file: its bytes as read,
        // or, where they were in another encoding, its text (UTF-8).
        let reencoded = game.decoding.is_some_and(|d| d.encoding != Encoding::Utf8);
        // Whether the bytes as read are the text's (no line end or
        // character changed), so that they are cut where the text is:
        // asked once, where a game is first found inside another's text.
        let mut same = None;
        let mut decoding = game.decoding.map(decoding_warning);
        let (mut text, mut first_line, mut raw) = (game.text, game.first_line, raw);
        let mut scan = None;
        loop {
            let (out_start, diag_start) = (self.out.len(), self.diagnostics.len());
            let outcome = worker.convert(
                text,
                first_line,
                scan,
                decoding.take(),
                &mut self.out,
                &mut self.diagnostics,
            )?;
            let next = worker
                .game
                .next_game
                .filter(|&at| 0 < at && at < text.len() && text.is_char_boundary(at));
            let (this, rest): (&[u8], &[u8]) = match next {
                None if !reencoded => (raw, &[]),
                None => (text.as_bytes(), &[]),
                Some(at) if *same.get_or_insert_with(|| !reencoded && raw == text.as_bytes()) => {
                    raw.split_at(at)
                }
                Some(at) => text.as_bytes().split_at(at),
            };
            self.push_done(outcome, out_start, diag_start, this);
            let Some(at) = next else {
                return Ok(());
            };
            let lines = memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count();
            first_line = first_line.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
            text = &text[at..];
            raw = rest;
            // The next game's scans: about as far as this one's length.
            scan = Some(at.saturating_mul(2).max(SCAN_AT_LEAST));
        }
    }

    /// [`Converted::add`] for a game too large to read: reported, and
    /// its bytes kept as read.
    fn add_oversized(&mut self, worker: &mut Worker, game: &GameText<'_>, raw: &[u8]) {
        let (out_start, diag_start) = (self.out.len(), self.diagnostics.len());
        self.diagnostics.extend(game.decoding.map(decoding_warning));
        self.diagnostics.push(Diagnostic::new(
            Severity::Error,
            game.first_line,
            1,
            format!(
                "this game is larger than the maximum game size ({} bytes, \
                 --max-game-size) and was skipped",
                worker.max_game_size
            ),
        ));
        if !worker.check {
            worker.skipped(
                game.first_line,
                &self.diagnostics[diag_start..],
                &mut self.out,
            );
        }
        self.push_done(Outcome::Failed, out_start, diag_start, raw);
    }

    /// Notes a game converted: its output and diagnostics from the
    /// offsets given on, and, where it failed, `raw` for the rejects file.
    fn push_done(&mut self, outcome: Outcome, out_start: usize, diag_start: usize, raw: &[u8]) {
        let raw_start = self.raw.len();
        if outcome == Outcome::Failed {
            self.raw.extend_from_slice(raw);
        }
        self.done.push(Done {
            outcome,
            out: out_start..self.out.len(),
            diagnostics: diag_start..self.diagnostics.len(),
            raw: raw_start..self.raw.len(),
        });
    }
}

/// The least the scans of a game found inside another's text look at.
pub(crate) const SCAN_AT_LEAST: usize = 4096;

/// Writes converted games in order, reporting and counting as it goes.
struct Collector<'a, W: Write> {
    output: &'a mut W,
    report: &'a mut dyn FnMut(&Diagnostic),
    rejects: Option<&'a mut Box<dyn Write + Send>>,
    summary: Summary,
    check: bool,
    fail_fast: bool,
    stop: bool,
    /// Counts games read, for a progress display.
    games: Option<&'a AtomicU64>,
    /// Raised by the caller to stop the conversion (checked after each
    /// game that reports something).
    cancel: Option<&'a AtomicBool>,
}

impl<W: Write> Collector<'_, W> {
    fn take(&mut self, batch: &Converted) -> io::Result<()> {
        // The output of games in a row with nothing to report between them
        // is written at once. A write that large goes past the output's
        // buffer, straight out; a game at a time would be copied into the
        // buffer first, every byte, by this thread from memory the workers
        // wrote on other cores.
        let start = batch.done.first().map_or(0, |d| d.out.start);
        let mut unwritten = start..start;
        for done in &batch.done {
            if self.stop {
                break;
            }
            let diagnostics = &batch.diagnostics[done.diagnostics.clone()];
            if !diagnostics.is_empty() {
                // What came before is written before the game is reported.
                self.output.write_all(&batch.out[unwritten.clone()])?;
                unwritten = done.out.start..done.out.start;
                for d in diagnostics {
                    if d.severity == Severity::Warning {
                        self.summary.warnings += 1;
                    }
                    (self.report)(d);
                }
                if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return Err(io::Error::other(Cancelled));
                }
            }
            // A batch's games are printed one after another into its buffer.
            debug_assert_eq!(unwritten.end, done.out.start);
            unwritten.end = done.out.end;
            if let (Some(games), Outcome::Converted | Outcome::Failed) = (self.games, done.outcome)
            {
                games.fetch_add(1, Ordering::Relaxed);
            }
            match done.outcome {
                Outcome::NotAGame => {}
                Outcome::Converted => {
                    self.summary.read += 1;
                    if !self.check {
                        self.summary.written += 1;
                    }
                }
                Outcome::Failed => {
                    self.summary.read += 1;
                    self.summary.failed += 1;
                    if let Some(rejects) = &mut self.rejects {
                        let raw = &batch.raw[done.raw.clone()];
                        rejects.write_all(raw)?;
                        rejects.write_all(blank_line_after(raw))?;
                    }
                    self.stop = self.fail_fast;
                    self.summary.stopped = self.fail_fast;
                }
            }
        }
        self.output.write_all(&batch.out[unwritten])
    }
}

/// What ends a rejected game's text with a blank line, so that the next
/// one in the rejects file (from the same input or the next) starts apart:
/// nothing where it has one.
fn blank_line_after(raw: &[u8]) -> &'static [u8] {
    let trailing = raw.iter().rev().take_while(|&&b| b == b'\n' || b == b'\r');
    match trailing.filter(|&&b| b == b'\n').count() {
        0 => b"\n\n",
        1 => b"\n",
        _ => b"",
    }
}

/// Runs games through reader and printer.
pub struct Converter {
    options: Options,
    worker: Worker,
    rejects: Option<Box<dyn Write + Send>>,
    games: Option<Arc<AtomicU64>>,
    cancel: Option<Arc<AtomicBool>>,
    partial: Summary,
}

impl Converter {
    pub fn new(options: &Options) -> Converter {
        Converter {
            options: options.clone(),
            worker: Worker::new(options),
            rejects: None,
            games: None,
            cancel: None,
            partial: Summary::default(),
        }
    }

    /// Stops every conversion, with an error [`is_cancelled`] tells, soon
    /// after `cancel` is raised (by another thread, or by the report
    /// callback when it cannot report).
    pub fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = Some(cancel);
    }

    /// Counts every game read into `games` as it is written or rejected
    /// (another thread may watch it, for a progress display).
    pub fn set_game_counter(&mut self, games: Arc<AtomicU64>) {
        self.games = Some(games);
    }

    /// Says where the games of the inputs converted from now on come from
    /// (ndjson gives each game's `source`).
    pub fn set_origin(&mut self, origin: Option<Arc<Origin>>) {
        self.worker.printer.set_origin(origin.clone());
        self.options.origin = origin;
    }

    /// Writes the original text of every game that fails to `rejects`,
    /// byte for byte as it was read.
    pub fn set_rejects(&mut self, rejects: Box<dyn Write + Send>) {
        self.rejects = Some(rejects);
    }

    /// Converts every game of `input`, writing to `output` and handing each
    /// diagnostic to `report`, in input order. Every game read is either
    /// written or reported as failed (and copied to the rejects file).
    ///
    /// Text whose first bytes end their lines with no line feed (a carriage
    /// return alone, as old Mac files do; a form feed; a vertical tab) is
    /// read with line feeds for them (see `input::line_ends`).
    pub fn convert_stream<R: BufRead + Send, W: Write>(
        &mut self,
        input: R,
        output: &mut W,
        report: &mut dyn FnMut(&Diagnostic),
    ) -> io::Result<Summary> {
        let input = line_ends::Lines::new(input)?;
        self.convert_lines(input, output, report)
    }

    /// [`Converter::convert_stream`] once the line ends are known.
    fn convert_lines<R: BufRead + Send, W: Write>(
        &mut self,
        input: R,
        output: &mut W,
        report: &mut dyn FnMut(&Diagnostic),
    ) -> io::Result<Summary> {
        let mut collector = Collector {
            output,
            report,
            rejects: self.rejects.as_mut(),
            summary: Summary::default(),
            check: self.options.check,
            fail_fast: self.options.fail_fast,
            stop: false,
            games: self.games.as_deref(),
            cancel: self.cancel.as_deref(),
        };
        let result = if self.options.jobs <= 1 {
            one_job(&self.options, &mut self.worker, input, &mut collector)
        } else {
            let keep_raw = collector.rejects.is_some();
            let mut jobs = self.options.jobs;
            let result = parallel(
                &self.options,
                &mut jobs,
                &mut self.worker,
                input,
                keep_raw,
                &mut collector,
            );
            // Fewer threads could be started: no more are tried.
            self.options.jobs = jobs;
            result
        };
        // Each game not UTF-8 throughout was reported with it.
        if let Err(e) = result {
            self.partial = collector.summary;
            return Err(e);
        }
        let flushed = collector
            .output
            .flush()
            .and_then(|()| match &mut collector.rejects {
                Some(rejects) => rejects.flush(),
                None => Ok(()),
            });
        if let Err(e) = flushed {
            self.partial = collector.summary;
            return Err(e);
        }
        Ok(collector.summary)
    }

    /// What the last [`Converter::convert_stream`] that failed had done
    /// before its error: the games it counted were written or reported.
    pub fn partial(&self) -> Summary {
        self.partial
    }
}

/// The one-job loop: each game cut, converted and written in turn.
fn one_job<R: BufRead, W: Write>(
    options: &Options,
    worker: &mut Worker,
    input: R,
    collector: &mut Collector<'_, W>,
) -> io::Result<(u64, u32)> {
    let mut splitter = Splitter::new(input)
        .keep_raw(collector.rejects.is_some())
        .max_game_size(options.max_game_size);
    let mut raw = RawGame::default();
    let mut batch = Converted::default();
    // Where the parallel pipeline would cut its batches.
    let (mut bytes, mut games) = (0, 0);
    worker.reader.forget();
    while !collector.stop && splitter.next_game(&mut raw)? {
        batch.clear();
        let game = GameText {
            text: &raw.text,
            first_line: raw.first_line,
            oversized: raw.oversized,
            decoding: raw.decoding,
        };
        batch.add(worker, game, &raw.raw)?;
        collector.take(&batch)?;
        (bytes, games) = (bytes + raw.text.len(), games + 1);
        if batch_full(bytes, games) {
            (bytes, games) = (0, 0);
            worker.reader.forget();
        }
    }
    Ok(splitter.latin1_lines())
}

/// Converts the games in `text`, returning the output, the diagnostics and
/// the summary.
///
/// ```
/// use notate::convert::{Options, convert_str};
/// use notate::output::Format;
/// use notate::notation::style::{Preset, Style};
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
///
/// The output is UTF-8 whatever `options.output_encoding` says.
pub fn convert_str(text: &str, options: &Options) -> (String, Vec<Diagnostic>, Summary) {
    let mut out = Vec::new();
    let mut diagnostics = Vec::new();
    let options = Options {
        output_encoding: None,
        ..options.clone()
    };
    let summary = Converter::new(&options)
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
