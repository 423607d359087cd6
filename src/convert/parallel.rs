//! The pipeline of jobs: threads that take turns cutting a batch of games
//! from the input and converting it, and the calling thread, which puts
//! the converted batches back in input order and writes them.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::ops::Range;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::{Collector, Converted, GameText, Options, Worker};
use crate::input::split::{GameDecoding, Splitter};

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
    fn with_room() -> Batch {
        Batch {
            text: String::with_capacity(BATCH_BYTES + BATCH_BYTES / 4),
            games: Vec::with_capacity(BATCH_GAMES),
            ..Batch::default()
        }
    }
}

/// The parallel pipeline: this thread writes; `jobs` threads take turns
/// cutting a batch from the input (under a lock) and convert it. A fixed
/// number of tickets, handed back as each batch is written, bounds the
/// batches in flight, so memory stays flat however uneven the games; the
/// tickets carry the written batches' buffers back to be filled again.
///
/// The first batch is cut on this thread: an input that ends within it (a
/// scoresheet, one file of a folder) is converted here by `worker`, with
/// no thread started.
pub(super) fn parallel<R: BufRead + Send, W: Write>(
    options: &Options,
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
        first: None,
    };
    let mut first = Batch::default();
    let cut = source.cut(&mut first);
    if source.done {
        let mut converted = Converted::default();
        if let Some((_, error)) = cut {
            convert_batch(worker, &first, &mut converted);
            if converted.error.is_none() {
                converted.error = error;
            }
        }
        collector.take(&converted)?;
        if let Some(e) = converted.error {
            return Err(e);
        }
        return Ok(source.splitter.latin1_lines());
    }
    source.first = Some(first);
    let jobs = options.jobs;
    let in_flight = jobs * 3;
    let source = Mutex::new(source);
    let (tickets_tx, tickets_rx) = sync_channel::<Converted>(in_flight);
    for _ in 0..in_flight {
        // Cannot fail: the channel has room for every ticket.
        let _ = tickets_tx.send(Converted::default());
    }
    let tickets_rx = Mutex::new(tickets_rx);
    let (done_tx, done_rx) = sync_channel::<Converted>(in_flight);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = done_tx.clone();
            let mut worker = Worker::new(options);
            let (source, tickets) = (&source, &tickets_rx);
            scope.spawn(move || convert_batches(&mut worker, source, tickets, &tx));
        }
        // Only the workers hold senders now: when they stop, the loop in
        // `collect` ends.
        drop(done_tx);
        let result = collect(collector, &done_rx, &tickets_tx);
        // Whatever happened, let the workers finish: without tickets or a
        // receiver, they stop.
        drop(tickets_tx);
        drop(done_rx);
        result
    })?;
    let source = source.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(source.splitter.latin1_lines())
}

/// The input, shared by the workers, each cutting its next batch in turn.
struct Source<R> {
    splitter: Splitter<R>,
    /// The sequence number of the next batch.
    seq: u64,
    done: bool,
    /// The first batch, cut before the workers started (sequence number 0).
    first: Option<Batch>,
}

impl<R: BufRead> Source<R> {
    /// Cuts the next batch into `batch` (cleared first) and returns its
    /// sequence number, with the error that stopped the reading, if one
    /// did (the games cut before it are in the batch); `None` once the
    /// input is used up.
    fn cut(&mut self, batch: &mut Batch) -> Option<(u64, Option<io::Error>)> {
        if let Some(first) = self.first.take() {
            *batch = first;
            return Some((0, None));
        }
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
