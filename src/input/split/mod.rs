//! Bytes to text, one game at a time.
//!
//! [`Splitter`] reads an input stream a buffer at a time, takes the
//! buffer's whole lines as text (found to be UTF-8 together; a line that is
//! not is read as Latin-1, alone), and cuts the stream into games, line by
//! line, without reading more than a buffer ahead: a game ends at its
//! result (outside comments and variations), where a new tag section begins
//! after movetext, or where a new game's `1.` starts a line after a blank
//! line (move lists without tags or results, as books and scoresheets have
//! them); a heading between two such games (the players' line, labelled
//! fields) goes with the game below it, and before a tag section, what
//! follows a game's result is a text of its own. Each game comes with the
//! line it starts on and its original bytes (for the rejects file).

use std::io::{self, BufRead};

mod decoding;
mod lines;
mod place;

pub use decoding::GameDecoding;
pub(crate) use lines::looks_like_bare_tag;

use crate::vocab::heading::heads_game;
use lines::{
    BRACKET, ODD, Scan, TEXT, after_tags, classify, heading_line, is_blank, is_tag_line,
    numbered_move_in, starts_first_move,
};
use place::{Plain, place};

/// The most bytes taken from the input's buffer at once.
const CHUNK: usize = 256 * 1024;

/// One game's text, as cut from the input. Reused from game to game.
#[derive(Debug, Default, Clone)]
pub struct RawGame {
    /// The decoded text, lines ending in `\n`.
    pub text: String,
    /// The bytes as they were in the input.
    pub raw: Vec<u8>,
    /// The 1-based line of the input the game starts on.
    pub first_line: u32,
    /// The game was larger than [`Splitter::max_game_size`]: its text and
    /// bytes are left out (empty), to be reported.
    pub oversized: bool,
    /// The game was not UTF-8 throughout, and was decoded as a whole.
    pub decoding: Option<GameDecoding>,
}

impl RawGame {
    fn clear(&mut self) {
        self.text.clear();
        self.raw.clear();
        self.oversized = false;
        self.decoding = None;
    }
}

/// Cuts a stream into games.
pub struct Splitter<R> {
    input: R,
    /// Whole lines read from the input and found to be UTF-8 at once (a
    /// buffer's worth), still to be taken from `pending_at` on.
    pending: String,
    pending_at: usize,
    /// A line that did not fit in the input's buffer, gathered here.
    line: Vec<u8>,
    /// `line` holds a whole line still to be taken (one read ahead that
    /// starts the next game, or one that ends without a line break).
    line_ready: bool,
    /// A line that is not UTF-8, decoded as Latin-1.
    decoded: String,
    /// The input line number of the last line taken.
    line_no: u32,
    at_start: bool,
    done: bool,
    keep_raw: bool,
    /// Lines that were not UTF-8 and were read as Latin-1: how many, and
    /// the first.
    latin1: (u64, u32),
    /// The most bytes a game may hold.
    max_game: usize,
    /// `line` grew past `max_game`: what it held was dropped, and the line
    /// is read to its end and taken as a placeholder.
    line_dropped: bool,
    /// The last game cut was larger than `max_game`.
    oversized: bool,
    /// How the last game cut was decoded, where it was not all UTF-8.
    decoding: Option<GameDecoding>,
    /// The single-byte encoding of the last game that had one: preferred
    /// where a game's own bytes say little.
    prior: Option<crate::input::decode::Encoding>,
    /// Where the lines read as Latin-1 (for want of a decision) are in the
    /// game being cut, kept between games for their room.
    provisional: Vec<std::ops::Range<usize>>,
    /// A game's bytes, rebuilt to be decoded as a whole.
    scratch: Vec<u8>,
    /// Games of the input have their results in headings before them
    /// ([`Scan::headings`]).
    headings: bool,
    /// The heading cut from the end of the last game, the next game's
    /// (see [`carry_heading`]).
    carry: Carry,
}

/// A heading carried from the end of one game to the start of the next.
#[derive(Debug, Default)]
struct Carry {
    text: String,
    raw: Vec<u8>,
    /// How many lines it holds.
    lines: u32,
    /// It is no heading but text of its own, to be given as a game by
    /// itself, which starts on this line ([`split_after_result`]).
    alone: Option<u32>,
}

/// How the next game begins, where a game is cut.
#[derive(Clone, Copy, PartialEq)]
enum Begins {
    /// With its first move (`1.`, at the line's start or after its
    /// first words, `Na 1. e4`): a heading at the end of the game cut may
    /// be the next game's ([`carry_heading`]).
    FirstMove,
    /// With a tag section: what follows a game's result with no tags is
    /// neither's ([`split_after_result`]).
    Tags,
    /// Otherwise, or at the end of the input.
    Other,
}

impl Begins {
    /// How the game that `line` begins begins.
    fn of(line: &str) -> Begins {
        if is_tag_line(line) {
            Begins::Tags
        } else if starts_first_move(line) || numbered_move_in(line) == Some("1") {
            Begins::FirstMove
        } else {
            Begins::Other
        }
    }
}

/// What becomes of a line.
enum Verdict {
    /// It belongs to the game being read (or is blank before it).
    Take,
    /// It starts the next game.
    Next,
}

impl<R: BufRead> Splitter<R> {
    pub fn new(input: R) -> Splitter<R> {
        Splitter {
            input,
            pending: String::new(),
            pending_at: 0,
            line: Vec::new(),
            line_ready: false,
            decoded: String::new(),
            line_no: 0,
            at_start: true,
            done: false,
            keep_raw: true,
            latin1: (0, 0),
            max_game: usize::MAX,
            line_dropped: false,
            oversized: false,
            decoding: None,
            prior: None,
            provisional: Vec::new(),
            scratch: Vec::new(),
            headings: false,
            carry: Carry::default(),
        }
    }

    /// How the game [`Splitter::append_game`] cut last was decoded, where
    /// it was not UTF-8 throughout.
    pub fn decoding(&self) -> Option<GameDecoding> {
        self.decoding
    }

    /// Whether the game [`Splitter::append_game`] cut last was larger than
    /// the maximum game size, and so left out.
    pub fn oversized(&self) -> bool {
        self.oversized
    }

    /// The most bytes a game may hold (none by default): a larger game is
    /// skipped, its text replaced by a note that says so
    /// ([`RawGame::oversized`]).
    pub fn max_game_size(mut self, bytes: usize) -> Self {
        self.max_game = bytes.max(1);
        self
    }

    /// How many lines were not UTF-8 (and were read as Latin-1), and the
    /// first of them.
    pub fn latin1_lines(&self) -> (u64, u32) {
        self.latin1
    }

    /// Whether to keep each game's original bytes in [`RawGame::raw`]
    /// (on by default; the rejects file needs them, nothing else does).
    pub fn keep_raw(mut self, keep: bool) -> Self {
        self.keep_raw = keep;
        self
    }

    /// Reads the next game into `game`. Returns `false` at the end of input.
    pub fn next_game(&mut self, game: &mut RawGame) -> io::Result<bool> {
        game.clear();
        match self.append_game(&mut game.text, &mut game.raw)? {
            Some(first_line) => {
                game.first_line = first_line;
                game.oversized = self.oversized;
                game.decoding = self.decoding;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Appends the next game's text to `text` (and its original bytes to
    /// `raw`, when kept) and returns the line it starts on; `None` at the
    /// end of input.
    pub fn append_game(&mut self, text: &mut String, raw: &mut Vec<u8>) -> io::Result<Option<u32>> {
        if let Some(first_line) = self.carry.alone.take() {
            return Ok(Some(self.take_alone(text, raw, first_line)));
        }
        let start = (text.len(), raw.len());
        let carried = std::mem::take(&mut self.carry.lines);
        if carried > 0 {
            self.take_carried(text, raw);
        }
        // The game's own lines, scanned, begin after the carried ones.
        let scanned_at = text.len();
        let mut game = GameScan {
            scan: Scan::carrying(self.headings, self.max_game),
            first_line: None,
            text,
            raw,
            keep_raw: self.keep_raw,
            start,
            limit: self.max_game,
            oversized: false,
            provisional: std::mem::take(&mut self.provisional),
            scanned_at,
        };
        // Where in `pending` the lines the game took whole, and not yet
        // appended, begin: they are appended together.
        let mut run = None;
        loop {
            if self.pending_at < self.pending.len() {
                // The common case: the next of the lines read and checked
                // together.
                let rest = &self.pending.as_bytes()[self.pending_at..];
                let len = memchr::memchr(b'\n', rest).map_or(rest.len(), |end| end + 1);
                let line = &self.pending[self.pending_at..self.pending_at + len];
                match take_plain(
                    line,
                    &mut game.scan,
                    &mut game.first_line,
                    &mut self.line_no,
                    self.at_start,
                ) {
                    Some(Plain::Whole) => {
                        run.get_or_insert(self.pending_at);
                    }
                    Some(Plain::Skip) => game.append_run(&self.pending, &mut run, self.pending_at),
                    Some(Plain::Next) => {
                        game.append_run(&self.pending, &mut run, self.pending_at);
                        // A line the fast path takes that starts with `[`
                        // is a tag line.
                        let begins = if line.starts_with('[') {
                            Begins::Tags
                        } else {
                            Begins::of(line)
                        };
                        return Ok(self.cut(&mut game, carried, begins));
                    }
                    None => {
                        game.append_run(&self.pending, &mut run, self.pending_at);
                        let verdict =
                            take_text(line, &mut game, &mut self.line_no, &mut self.at_start);
                        if let Verdict::Next = verdict {
                            return Ok(self.cut(&mut game, carried, Begins::of(line)));
                        }
                    }
                }
                self.pending_at += len;
                continue;
            }
            game.append_run(&self.pending, &mut run, self.pending_at);
            if self.line_ready {
                if self.line_dropped {
                    // What the line held is gone: it stands as text that
                    // is no tag and opens no comment.
                    self.line.clear();
                    self.line.extend_from_slice(b"\x00\n");
                }
                let line = std::mem::take(&mut self.line);
                let verdict = self.take_line(&line, &mut game);
                self.line = line;
                if let Verdict::Next = verdict {
                    // As the line is read (Latin-1 where it is not UTF-8):
                    // its number, move and tag name are ASCII either way.
                    let begins = Begins::of(&String::from_utf8_lossy(&self.line));
                    return Ok(self.cut(&mut game, carried, begins));
                }
                game.oversized |= self.line_dropped;
                game.bound();
                self.line.clear();
                self.line_ready = false;
                self.line_dropped = false;
                continue;
            }
            if self.done {
                return Ok(self.cut(&mut game, carried, Begins::Other));
            }
            self.fill()?;
        }
    }

    /// Reads the input's next buffer: its whole lines into `pending` when
    /// they are UTF-8 (a first line that is not, alone into `line`), the
    /// rest of a line begun before into `line`, or marks the end.
    fn fill(&mut self) -> io::Result<()> {
        let buf = self.input.fill_buf()?;
        // No more than a chunk at once, whatever the reader's buffer
        // (a whole input in memory): `pending` stays that small.
        let buf = &buf[..buf.len().min(CHUNK)];
        if buf.is_empty() {
            self.done = true;
            self.line_ready = !self.line.is_empty() || self.line_dropped;
            return Ok(());
        }
        match memchr::memrchr(b'\n', buf) {
            Some(last) if self.line.is_empty() => {
                // Whole lines: found to be UTF-8 in one pass, which
                // costs far less than one per line, and kept to be
                // taken one by one.
                let lines = &buf[..=last];
                // SIMD first (national letters cost std's check a dozen
                // instructions a byte); std's only to find where a chunk
                // that is not UTF-8 stops being so.
                let checked = simdutf8::basic::from_utf8(lines);
                let valid = match checked.or_else(|_| std::str::from_utf8(lines)) {
                    Ok(text) => text,
                    Err(e) => {
                        let upto = &lines[..e.valid_up_to()];
                        match memchr::memrchr(b'\n', upto) {
                            Some(end) => std::str::from_utf8(&upto[..=end])
                                .expect("a prefix of the valid part is valid"),
                            None => {
                                // The first line is not UTF-8: taken
                                // alone (as Latin-1).
                                let end = memchr::memchr(b'\n', lines).unwrap_or(last);
                                self.line.extend_from_slice(&lines[..=end]);
                                self.input.consume(end + 1);
                                self.line_ready = true;
                                return Ok(());
                            }
                        }
                    }
                };
                self.pending.clear();
                self.pending.push_str(valid);
                self.pending_at = 0;
                let n = valid.len();
                self.input.consume(n);
            }
            Some(_) => {
                // The end of a line begun in an earlier buffer.
                let end = memchr::memchr(b'\n', buf).expect("there is a line break");
                self.line.extend_from_slice(&buf[..=end]);
                self.input.consume(end + 1);
                self.line_ready = true;
                self.bound_line();
            }
            None => {
                let n = buf.len();
                self.line.extend_from_slice(buf);
                self.input.consume(n);
                self.bound_line();
            }
        }
        Ok(())
    }

    /// Drops what a line gathered across buffers holds once it is larger
    /// than a game may be: memory never grows with a line.
    fn bound_line(&mut self) {
        if self.line.len() > self.max_game {
            self.line.clear();
            self.line_dropped = true;
        }
    }

    /// Begins the next game's text with the heading carried from the game
    /// before it.
    #[cold]
    fn take_carried(&mut self, text: &mut String, raw: &mut Vec<u8>) {
        text.push_str(&self.carry.text);
        self.carry.text.clear();
        if self.keep_raw {
            raw.extend_from_slice(&self.carry.raw);
        }
        self.carry.raw.clear();
    }

    /// Hands out the text [`split_after_result`] cut from the game before
    /// as a game by itself, starting on `first_line`.
    #[cold]
    fn take_alone(&mut self, text: &mut String, raw: &mut Vec<u8>, first_line: u32) -> u32 {
        self.take_carried(text, raw);
        self.carry.lines = 0;
        self.oversized = false;
        self.decoding = None;
        first_line
    }

    /// Ends the cutting of `game`, which begins with `carried` lines of
    /// the game before it, noting whether it was too large, and decoding
    /// it as a whole where some of its lines were not UTF-8. Where the next
    /// game begins with its first move, a heading at the end of this one is
    /// the next game's; where it begins with its tags, what follows this
    /// one's result is neither's.
    #[inline]
    fn cut(&mut self, game: &mut GameScan<'_>, carried: u32, begins: Begins) -> Option<u32> {
        self.headings = game.scan.headings;
        self.oversized = game.oversized;
        self.decoding = None;
        let carries = match begins {
            Begins::FirstMove => true,
            Begins::Tags => game.scan.after_result.is_some(),
            Begins::Other => false,
        };
        if carries && !game.oversized && game.provisional.is_empty() {
            if begins == Begins::FirstMove {
                carry_heading(game, &mut self.carry);
            } else {
                split_after_result(game, &mut self.carry, self.line_no);
            }
        }
        if !game.provisional.is_empty() && !game.oversized {
            self.decoding = Some(self.redecode(game));
        }
        game.provisional.clear();
        self.provisional = std::mem::take(&mut game.provisional);
        game.first_line
            .map(|line| line.saturating_sub(carried).max(1))
    }

    fn take_line(&mut self, line: &[u8], game: &mut GameScan<'_>) -> Verdict {
        take_line(
            line,
            game,
            &mut self.line_no,
            &mut self.at_start,
            &mut self.decoded,
            &mut self.latin1,
        )
    }
}

/// A game being cut: its scan and where its text goes.
struct GameScan<'a> {
    scan: Scan,
    first_line: Option<u32>,
    text: &'a mut String,
    raw: &'a mut Vec<u8>,
    keep_raw: bool,
    /// Where the game begins in `text` and `raw`.
    start: (usize, usize),
    /// The most bytes of text it may hold.
    limit: usize,
    /// It grew larger: what it held is dropped, and the rest of it is
    /// read (its lines placed and scanned) to find where it ends.
    oversized: bool,
    /// Where its lines that are not UTF-8, read as Latin-1, are in `text`.
    provisional: Vec<std::ops::Range<usize>>,
    /// Where its own lines, after those carried from the game before it,
    /// begin in `text` (where [`Scan::size`] counts from).
    scanned_at: usize,
}

impl GameScan<'_> {
    /// Drops the game's text once it is larger than the limit; a game that
    /// may be cut at any line ([`Scan::cuttable`]) may hold one line more,
    /// as large as the limit, since it is cut before the next.
    #[inline]
    fn bound(&mut self) {
        let len = self.text.len() - self.start.0;
        if self.oversized
            || len > self.limit
                && (len > self.limit.saturating_mul(2).saturating_add(1) || !self.scan.cuttable())
        {
            self.oversized = true;
            self.text.truncate(self.start.0);
            self.raw.truncate(self.start.1);
        }
    }

    /// Appends the lines of `pending` from `run`, if it is open, up to
    /// `end`, as text and as raw bytes, and closes the run.
    #[inline]
    fn append_run(&mut self, pending: &str, run: &mut Option<usize>, end: usize) {
        if let Some(start) = run.take() {
            self.text.push_str(&pending[start..end]);
            if self.keep_raw {
                self.raw.extend_from_slice(&pending.as_bytes()[start..end]);
            }
            self.bound();
        }
    }
}

/// The most lines a heading carried to the next game holds.
const CARRIED_LINES: usize = 6;

/// The most characters in a line of a heading carried to the next game.
const CARRIED_WIDTH: usize = 160;

/// Moves the last paragraph of `game`, and the blank lines after it, into
/// `carry`, where it is the heading of the game after it (a line of it
/// names the players or is labelled, [`heads_game`]; none holds a move
/// or a result) and something of `game` stands before it: a page of
/// several games has each heading above its game, not below the last.
#[cold]
fn carry_heading(game: &mut GameScan<'_>, carry: &mut Carry) {
    let text = &game.text[game.start.0..];
    let mut lines = text.split_inclusive('\n').rev().peekable();
    // The lines and bytes carried: the blank lines after the paragraph,
    // then the paragraph's.
    let (mut count, mut len) = (0, 0);
    while let Some(line) = lines.next_if(|l| is_blank(l)) {
        (count, len) = (count + 1, len + line.len());
    }
    let blank = count;
    let mut heading = false;
    for line in lines.by_ref() {
        if is_blank(line) {
            break;
        }
        let body = line.trim_end();
        if count - blank == CARRIED_LINES
            || body.chars().count() > CARRIED_WIDTH
            || numbered_move_in(body).is_some()
            || heading_line(body)
        {
            return;
        }
        heading |= heads_game(body);
        (count, len) = (count + 1, len + line.len());
    }
    // Nothing of the game before the heading: it stays the game's.
    if !heading || lines.all(is_blank) {
        return;
    }
    move_tail(game, carry, game.text.len() - len, count);
    carry.lines = count as u32;
}

/// Moves the end of `game` into `carry`: its text from `at`, which holds
/// its last `lines` lines, and the bytes of those lines.
fn move_tail(game: &mut GameScan<'_>, carry: &mut Carry, at: usize, lines: usize) {
    carry.text.push_str(&game.text[at..]);
    game.text.truncate(at);
    if game.keep_raw {
        let raw = &game.raw[game.start.1..];
        let cut = memchr::memrchr_iter(b'\n', raw)
            .nth(lines)
            .map_or(0, |i| i + 1);
        let at = game.start.1 + cut;
        carry.raw.extend_from_slice(&game.raw[at..]);
        game.raw.truncate(at);
    }
}

/// Moves what follows the result of `game`, a game with no tags, into
/// `carry`, to be given as a game by itself: before the next game's tags,
/// the text after a game's result (the next game's heading on a page, as
/// a heading above a tag section in PGN) is neither game's, whatever its
/// first line. `last_line` is the input line the game ends on.
#[cold]
fn split_after_result(game: &mut GameScan<'_>, carry: &mut Carry, last_line: u32) {
    let Some(after) = game.scan.after_result else {
        return;
    };
    let at = game.scanned_at + after;
    if at >= game.text.len() || is_blank(&game.text[at..]) {
        return;
    }
    let lines = memchr::memchr_iter(b'\n', &game.text.as_bytes()[at..]).count();
    move_tail(game, carry, at, lines);
    carry.alone = Some(last_line + 1 - lines as u32);
}

/// [`take_text`] for `bytes`, one input line with its line break, that may
/// not be UTF-8: such a line is read as Latin-1, and counted.
fn take_line(
    bytes: &[u8],
    game: &mut GameScan<'_>,
    line_no: &mut u32,
    at_start: &mut bool,
    decoded: &mut String,
    latin1: &mut (u64, u32),
) -> Verdict {
    // A byte order mark begins the input, or a file joined to it (`cat`):
    // the line is read without it.
    let body = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let body = body.strip_suffix(b"\n").unwrap_or(body);
    let body = body.strip_suffix(b"\r").unwrap_or(body);
    match std::str::from_utf8(body) {
        Ok(line) => take_body(line, bytes, None, game, line_no, at_start),
        // Not UTF-8: the PGN standard's own Latin-1 (the decode stage
        // normally sees to this; a caller that feeds raw bytes is told).
        Err(_) => {
            decoded.clear();
            decoded.extend(body.iter().map(|&b| char::from(b)));
            take_body(decoded, bytes, Some(latin1), game, line_no, at_start)
        }
    }
}

/// Decides where `line`, one input line with its line break, belongs, and
/// where it belongs to the game, appends it. A line that starts the next
/// game is left as it was, to be taken again by the next game.
fn take_text(
    line: &str,
    game: &mut GameScan<'_>,
    line_no: &mut u32,
    at_start: &mut bool,
) -> Verdict {
    let body = line.strip_prefix('\u{feff}').unwrap_or(line);
    let body = body.strip_suffix('\n').unwrap_or(body);
    let body = body.strip_suffix('\r').unwrap_or(body);
    take_body(body, line.as_bytes(), None, game, line_no, at_start)
}

/// [`take_text`] for the commonest lines, decided on one look at their
/// bytes ([`classify`]): a tag line, or a line without brackets or `;`, in
/// any letters (bytes outside ASCII included), ending in a bare `\n`, in a game
/// whose comment does not run on into it, past the input's first line.
/// Such a line, where the game takes it, is its text as it is: the caller
/// appends it. `None`, with nothing changed, for any other line, which
/// `take_text` then takes.
#[inline]
fn take_plain(
    line: &str,
    scan: &mut Scan,
    first_line: &mut Option<u32>,
    line_no: &mut u32,
    at_start: bool,
) -> Option<Plain> {
    let bytes = line.as_bytes();
    let body = bytes.strip_suffix(b"\n")?;
    if at_start || scan.in_comment || body.last() == Some(&b'\r') {
        return None;
    }
    let text = &line[..body.len()];
    if body.starts_with(b"\xef\xbb\xbf") {
        return None;
    }
    let (tag, blank, classes) = if body.first() == Some(&b'[') {
        // A tag after a blank line in the header, or after a comment that
        // held one, may begin a new game, which the general path tells
        // (after movetext, a tag line begins the next game whatever it
        // names).
        // A tag line that goes on past its last pair (it does not end
        // with `]`: the game's moves after its tags) is read by the
        // general path.
        if !is_tag_line(text)
            || body.last() != Some(&b']')
            || (scan.header_blank && !scan.movetext)
            || scan.comment_blank
        {
            return None;
        }
        (true, false, None)
    } else {
        let classes = classify(body);
        if classes.0 & BRACKET != 0 {
            return None;
        }
        // A line with a byte outside ASCII (a national letter, `½`) is
        // taken here too: it may be blank only by Unicode's spaces, which
        // `is_blank` tells, as `take_body` does.
        let blank = match classes.0 {
            c if c & ODD != 0 => is_blank(text),
            c => c & TEXT == 0,
        };
        (false, blank, Some(classes))
    };
    let placed = place(scan, first_line, line_no, text, tag, false, blank);
    if let (Plain::Whole, Some((classes, pairs))) = (&placed, classes)
        && !text.starts_with('%')
    {
        scan.plain_classified(text, classes, pairs);
    }
    Some(placed)
}

/// [`take_text`] for a line's `body` (without its line break or a byte
/// order mark), its input bytes `raw`, and where it was read as Latin-1,
/// the count of such lines.
fn take_body(
    line: &str,
    raw: &[u8],
    latin1: Option<&mut (u64, u32)>,
    game: &mut GameScan<'_>,
    line_no: &mut u32,
    at_start: &mut bool,
) -> Verdict {
    let blank = is_blank(line);
    let scan = &mut game.scan;
    // A tag line inside a comment is comment, unless a blank line came
    // before it there; a tag that lost its quotes is a tag in the header.
    let tag = (!scan.in_comment || scan.comment_blank)
        && (is_tag_line(line) || (!scan.movetext && !scan.in_comment && looks_like_bare_tag(line)));
    // A tag section after a blank line that repeats a tag of the one
    // before is the next game's (a blank line within one header is not).
    let new_section = tag
        && (scan.comment_blank
            || (scan.header_blank
                && !scan.movetext
                && scan.repeats_tag(&game.text[game.start.0..], line)));
    let placed = place(
        &mut game.scan,
        &mut game.first_line,
        line_no,
        line,
        tag,
        new_section,
        blank,
    );
    if let Plain::Next = placed {
        return Verdict::Next;
    }
    *at_start = false;
    let provisional = latin1.is_some();
    if let Some(latin1) = latin1 {
        if latin1.0 == 0 {
            latin1.1 = *line_no;
        }
        latin1.0 += 1;
    }
    if let Plain::Skip = placed {
        return Verdict::Take;
    }
    if provisional && !game.oversized {
        game.provisional
            .push(game.text.len()..game.text.len() + line.len());
    }
    game.text.push_str(line);
    game.text.push('\n');
    if game.keep_raw {
        game.raw.extend_from_slice(raw);
    }
    game.bound();
    if !tag && !line.starts_with('%') {
        game.scan.line(line);
    } else if tag && !line.trim_end().ends_with(']') {
        // A tag line that goes on past its last pair: a game written on
        // one line after its tags (a web page's text). Its moves, comments
        // and result are scanned as any line's. (One that ends with `]`
        // is tags, as it always was: `[A "x"] [B "y"]`.)
        let rest = after_tags(line);
        if !rest.is_empty() {
            game.scan.line(rest);
        }
    }
    Verdict::Take
}

#[cfg(test)]
mod tests;
