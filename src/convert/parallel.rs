//! The pipeline of jobs: threads that take turns cutting a batch of games
//! from the input and converting it, and the calling thread, which puts
//! the converted batches back in input order and writes them.

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::ops::Range;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::{Collector, Converted, GameText, Options, Worker};
use crate::input::split::{GameDecoding, Splitter};
use crate::vocab::diag::{Diagnostic, Severity};

/// Games cut from the input, converted together.
#[derive(Default)]
struct Batch {
    text: String,
    raw: Vec<u8>,
    games: Vec<Cut>,
}

/// A game cut into a batch: its text range, raw range, first line,
/// whether it was larger than the maximum, and how it was decoded.
type Cut = (Range<usize>, Range<usize>, u32, bool, Option<GameDecoding>);

/// How big a batch grows before it is handed on.
const BATCH_BYTES: usize = 256 * 1024;
const BATCH_GAMES: usize = 1024;

/// Whether a batch with `bytes` of text in `games` games is full. The
/// one-job loop cuts the input at the same places, where the reader forgets
/// the letters of the games before (a prior for the next, see
/// [`crate::read::reader::GameReader::forget`]), so that a game reads the same
/// for any number of jobs.
pub(super) fn batch_full(bytes: usize, games: usize) -> bool {
    bytes >= BATCH_BYTES || games >= BATCH_GAMES
}

impl Batch {
    /// An empty batch with room for a full one (the last game may pass the
    /// mark), so that filling it does not copy it over and over.
    /// Where memory is short, the room is left to grow as it is needed.
    fn with_room() -> Batch {
        let mut batch = Batch::default();
        let _ = batch.text.try_reserve_exact(BATCH_BYTES + BATCH_BYTES / 4);
        let _ = batch.games.try_reserve_exact(BATCH_GAMES);
        batch
    }
}

/// The parallel pipeline: this thread writes; worker threads take turns
/// cutting a batch from the input (under a lock) and convert it. A fixed
/// number of tickets, handed back as each batch is written, bounds the
/// batches in flight, so memory stays flat however uneven the games; the
/// tickets carry the written batches' buffers back to be filled again.
///
/// Up to `jobs` batches are cut on this thread first, and no more threads
/// are started than there are batches: an input that ends within the
/// first (a scoresheet, one file of a folder) is converted here by
/// `worker`, with no thread started. Where the system refuses a thread
/// (a limit on processes or on memory), the threads already started do
/// the work, or this thread alone, with a warning; `jobs` is lowered to
/// the number that could be started, for the inputs after this one.
pub(super) fn parallel<R: BufRead + Send, W: Write>(
    options: &Options,
    jobs: &mut usize,
    worker: &mut Worker,
    input: R,
    keep_raw: bool,
    collector: &mut Collector<'_, W>,
) -> io::Result<(u64, u32)> {
    let mut source = Source {
        splitter: Splitter::new(input)
            .keep_raw(keep_raw)
            .max_game_size(options.max_game_size),
        seq: 0,
        done: false,
        ready: VecDeque::new(),
    };
    while source.ready.len() < *jobs && !source.done {
        let mut batch = Batch::default();
        if let Some((seq, error)) = source.cut_new(&mut batch) {
            source.ready.push_back((seq, batch, error));
        }
    }
    let wanted = source.ready.len().min(*jobs);
    if wanted <= 1 {
        return inline(worker, &mut source, collector);
    }
    let in_flight = wanted * 3;
    let source = Mutex::new(source);
    let (tickets_tx, tickets_rx) = sync_channel::<Converted>(in_flight);
    for _ in 0..in_flight {
        // Cannot fail: the channel has room for every ticket.
        let _ = tickets_tx.send(Converted::default());
    }
    let tickets_rx = Mutex::new(tickets_rx);
    let (done_tx, done_rx) = sync_channel::<Converted>(in_flight);
    std::thread::scope(|scope| {
        let mut workers = Vec::with_capacity(wanted);
        for _ in 0..wanted {
            let tx = done_tx.clone();
            let mut worker = Worker::new(options);
            let (source, tickets) = (&source, &tickets_rx);
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                convert_batches(&mut worker, source, tickets, &tx)
            });
            match spawned {
                Ok(handle) => workers.push(handle),
                Err(e) => {
                    refused(collector, workers.len(), wanted, &e.to_string());
                    *jobs = workers.len().max(1);
                    break;
                }
            }
        }
        // Only the workers hold senders now: when they stop, the loop in
        // `collect` ends.
        drop(done_tx);
        let result = match workers.is_empty() {
            true => Ok(()),
            false => collect(collector, &done_rx, &tickets_tx),
        };
        // Whatever happened, let the workers finish: without tickets or a
        // receiver, they stop.
        drop(tickets_tx);
        drop(done_rx);
        // A thread the system could not set up (its signal stack, say)
        // ends at its start, before it takes a batch: joined here, so
        // that it is no panic of the run; the others did its share.
        let (started, ended) = (workers.len(), workers.into_iter().map(|w| w.join()));
        let lost = ended.filter(Result::is_err).count();
        if lost > 0 && result.is_ok() {
            let why = "the system could not set them up";
            refused(collector, started - lost, started, why);
            *jobs = (started - lost).max(1);
        }
        result
    })?;
    // What no thread converted (none started, or every one ended at its
    // start) is converted here.
    let mut source = source.into_inner().unwrap_or_else(|e| e.into_inner());
    inline(worker, &mut source, collector)
}

/// Reports, as a warning of the input, that the system refused threads.
fn refused<W: Write>(collector: &mut Collector<'_, W>, started: usize, wanted: usize, e: &str) {
    let on = match started {
        0 => "this thread alone".to_string(),
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    collector.summary.warnings += 1;
    (collector.report)(&Diagnostic::new(
        Severity::Warning,
        1,
        1,
        format!("could start only {started} of {wanted} threads ({e}); converting on {on}"),
    ));
}

/// Every batch of `source` cut, converted and written in turn on this
/// thread, at the same places as on many.
fn inline<R: BufRead, W: Write>(
    worker: &mut Worker,
    source: &mut Source<R>,
    collector: &mut Collector<'_, W>,
) -> io::Result<(u64, u32)> {
    let mut batch = Batch::default();
    let mut converted = Converted::default();
    while !collector.stop
        && let Some((_, error)) = source.cut(&mut batch)
    {
        converted.clear();
        convert_batch(worker, &batch, &mut converted);
        if converted.error.is_none() {
            converted.error = error;
        }
        collector.take(&converted)?;
        if let Some(e) = converted.error.take() {
            return Err(e);
        }
    }
    Ok(source.splitter.latin1_lines())
}

/// The input, shared by the workers, each cutting its next batch in turn.
struct Source<R> {
    splitter: Splitter<R>,
    /// The sequence number of the next batch.
    seq: u64,
    done: bool,
    /// The batches cut before the workers started, with their sequence
    /// numbers and the errors that ended them.
    ready: VecDeque<(u64, Batch, Option<io::Error>)>,
}

impl<R: BufRead> Source<R> {
    /// Cuts the next batch into `batch` (cleared first) and returns its
    /// sequence number, with the error that stopped the reading, if one
    /// did (the games cut before it are in the batch); `None` once the
    /// input is used up.
    fn cut(&mut self, batch: &mut Batch) -> Option<(u64, Option<io::Error>)> {
        if let Some((seq, ready, error)) = self.ready.pop_front() {
            *batch = ready;
            return Some((seq, error));
        }
        self.cut_new(batch)
    }

    /// [`Source::cut`] from the input itself.
    fn cut_new(&mut self, batch: &mut Batch) -> Option<(u64, Option<io::Error>)> {
        if self.done {
            return None;
        }
        batch.text.clear();
        batch.raw.clear();
        batch.games.clear();
        let seq = self.seq;
        self.seq += 1;
        loop {
            // Each game is cut straight into the batch's buffers.
            let (text_start, raw_start) = (batch.text.len(), batch.raw.len());
            let first_line = match self.splitter.append_game(&mut batch.text, &mut batch.raw) {
                Ok(first_line) => first_line,
                Err(e) => {
                    self.done = true;
                    return Some((seq, Some(e)));
                }
            };
            match first_line {
                Some(first_line) => batch.games.push((
                    text_start..batch.text.len(),
                    raw_start..batch.raw.len(),
                    first_line,
                    self.splitter.oversized(),
                    self.splitter.decoding(),
                )),
                None => self.done = true,
            }
            if batch_full(batch.text.len(), batch.games.len()) || self.done {
                return Some((seq, None));
            }
        }
    }
}

/// A worker's loop: take a ticket, cut a batch, convert it, hand it on.
fn convert_batches<R: BufRead>(
    worker: &mut Worker,
    source: &Mutex<Source<R>>,
    tickets: &Mutex<Receiver<Converted>>,
    tx: &SyncSender<Converted>,
) {
    let mut batch = Batch::with_room();
    loop {
        let ticket = match tickets.lock() {
            Ok(tickets) => tickets.recv(),
            Err(_) => return,
        };
        let Ok(mut converted) = ticket else { return };
        let cut = match source.lock() {
            Ok(mut source) => source.cut(&mut batch),
            Err(_) => return,
        };
        converted.clear();
        let Some((seq, error)) = cut else { return };
        converted.seq = seq;
        convert_batch(worker, &batch, &mut converted);
        // A read error comes after the games read before it.
        if converted.error.is_none() {
            converted.error = error;
        }
        if tx.send(converted).is_err() {
            return;
        }
    }
}

/// Converts every game of `batch` into `converted`, up to an error.
fn convert_batch(worker: &mut Worker, batch: &Batch, converted: &mut Converted) {
    // A batch is read as on one thread (see `batch_full`).
    worker.reader.forget();
    // The output is about as long as the input.
    converted
        .out
        .reserve(batch.text.len() + batch.text.len() / 4);
    for (text, raw, first_line, oversized, decoding) in &batch.games {
        let game = GameText {
            text: &batch.text[text.clone()],
            first_line: *first_line,
            oversized: *oversized,
            decoding: *decoding,
        };
        if let Err(e) = converted.add(worker, game, &batch.raw[raw.clone()]) {
            converted.error = Some(e);
            break;
        }
    }
}

/// Takes converted batches in sequence order, handing a ticket back for
/// each one written.
fn collect<W: Write>(
    collector: &mut Collector<'_, W>,
    rx: &Receiver<Converted>,
    tickets: &SyncSender<Converted>,
) -> io::Result<()> {
    let mut waiting: BTreeMap<u64, Converted> = BTreeMap::new();
    let mut next = 0;
    for batch in rx {
        waiting.insert(batch.seq, batch);
        while let Some(mut batch) = waiting.remove(&next) {
            next += 1;
            collector.take(&batch)?;
            if let Some(e) = batch.error.take() {
                return Err(e);
            }
            if collector.stop {
                return Ok(());
            }
            // Cannot block: a ticket is only sent back for one taken.
            let _ = tickets.try_send(batch);
        }
    }
    Ok(())
}
