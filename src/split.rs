//! Bytes to text, one game at a time.
//!
//! [`Splitter`] reads an input stream a buffer at a time, takes the
//! buffer's whole lines as text (found to be UTF-8 together; a line that is
//! not is read as Latin-1, alone), and cuts the stream into games, line by
//! line, without reading more than a buffer ahead: a game ends at its
//! result (outside comments and variations), where a new tag section begins
//! after movetext, or where a new game's `1.` starts a line after a blank
//! line (move lists without tags or results, as books and scoresheets have
//! them). Each game comes with the line it starts on and its original bytes
//! (for the rejects file).

use std::io::{self, BufRead};

/// One game's text, as cut from the input. Reused from game to game.
#[derive(Debug, Default, Clone)]
pub struct RawGame {
    /// The decoded text, lines ending in `\n`.
    pub text: String,
    /// The bytes as they were in the input.
    pub raw: Vec<u8>,
    /// The 1-based line of the input the game starts on.
    pub first_line: u32,
}

impl RawGame {
    fn clear(&mut self) {
        self.text.clear();
        self.raw.clear();
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
}

/// Where a game's scan is, across its lines.
#[derive(Default)]
struct Scan {
    in_comment: bool,
    depth: u32,
    movetext: bool,
    ended: bool,
    /// A blank line came after movetext.
    blank: bool,
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
        }
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
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Appends the next game's text to `text` (and its original bytes to
    /// `raw`, when kept) and returns the line it starts on; `None` at the
    /// end of input.
    pub fn append_game(&mut self, text: &mut String, raw: &mut Vec<u8>) -> io::Result<Option<u32>> {
        let mut game = GameScan {
            scan: Scan::default(),
            first_line: None,
            text,
            raw,
            keep_raw: self.keep_raw,
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
                        return Ok(game.first_line);
                    }
                    None => {
                        game.append_run(&self.pending, &mut run, self.pending_at);
                        let verdict =
                            take_text(line, &mut game, &mut self.line_no, &mut self.at_start);
                        if let Verdict::Next = verdict {
                            return Ok(game.first_line);
                        }
                    }
                }
                self.pending_at += len;
                continue;
            }
            game.append_run(&self.pending, &mut run, self.pending_at);
            if self.line_ready {
                let line = std::mem::take(&mut self.line);
                let verdict = self.take_line(&line, &mut game);
                self.line = line;
                if let Verdict::Next = verdict {
                    return Ok(game.first_line);
                }
                self.line.clear();
                self.line_ready = false;
                continue;
            }
            if self.done {
                return Ok(game.first_line);
            }
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                self.line_ready = !self.line.is_empty();
                continue;
            }
            match memchr::memrchr(b'\n', buf) {
                Some(last) if self.line.is_empty() => {
                    // Whole lines: found to be UTF-8 in one pass, which
                    // costs far less than one per line, and kept to be
                    // taken one by one.
                    let lines = &buf[..=last];
                    let valid = match std::str::from_utf8(lines) {
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
                                    continue;
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
                }
                None => {
                    let n = buf.len();
                    self.line.extend_from_slice(buf);
                    self.input.consume(n);
                }
            }
        }
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
}

impl GameScan<'_> {
    /// Appends the lines of `pending` from `run`, if it is open, up to
    /// `end`, as text and as raw bytes, and closes the run.
    #[inline]
    fn append_run(&mut self, pending: &str, run: &mut Option<usize>, end: usize) {
        if let Some(start) = run.take() {
            self.text.push_str(&pending[start..end]);
            if self.keep_raw {
                self.raw.extend_from_slice(&pending.as_bytes()[start..end]);
            }
        }
    }
}

/// Where [`place`] puts a line.
enum Plain {
    /// The line belongs to the game (for [`take_plain`]: as it is, line
    /// break included).
    Whole,
    /// It is blank, before the game: taken, and left out.
    Skip,
    /// It starts the next game.
    Next,
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
    let mut body = bytes;
    if *at_start && body.starts_with(b"\xef\xbb\xbf") {
        body = &body[3..];
    }
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
    let mut body = line;
    if *at_start {
        body = body.strip_prefix('\u{feff}').unwrap_or(body);
    }
    let body = body.strip_suffix('\n').unwrap_or(body);
    let body = body.strip_suffix('\r').unwrap_or(body);
    take_body(body, line.as_bytes(), None, game, line_no, at_start)
}

/// [`take_text`] for the commonest lines, decided on one look at their
/// bytes ([`classify`]): a tag line, or a line without brackets, `;`, a
/// byte outside ASCII or a vertical tab, ending in a bare `\n`, in a game
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
    let (tag, blank, classes) = if body.first() == Some(&b'[') {
        if !is_tag_line(text) {
            return None;
        }
        (true, false, None)
    } else {
        let classes = classify(body);
        if classes.0 & (ODD | BRACKET) != 0 {
            return None;
        }
        (false, classes.0 & TEXT == 0, Some(classes))
    };
    let placed = place(scan, first_line, line_no, text, tag, blank);
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
    let tag = !game.scan.in_comment && is_tag_line(line);
    let placed = place(
        &mut game.scan,
        &mut game.first_line,
        line_no,
        line,
        tag,
        blank,
    );
    if let Plain::Next = placed {
        return Verdict::Next;
    }
    *at_start = false;
    if let Some(latin1) = latin1 {
        if latin1.0 == 0 {
            latin1.1 = *line_no;
        }
        latin1.0 += 1;
    }
    if let Plain::Skip = placed {
        return Verdict::Take;
    }
    game.text.push_str(line);
    game.text.push('\n');
    if game.keep_raw {
        game.raw.extend_from_slice(raw);
    }
    if !tag && !line.starts_with('%') {
        game.scan.line(line);
    }
    Verdict::Take
}

/// Where a line goes, told from what it is (a tag, blank) and where the
/// game's scan is: to the next game (a tag after movetext, text after a
/// result, or a new `1.` after a blank line), left out (a blank line
/// before the game), or to this game, counted.
#[inline(always)]
fn place(
    scan: &mut Scan,
    first_line: &mut Option<u32>,
    line_no: &mut u32,
    line: &str,
    tag: bool,
    blank: bool,
) -> Plain {
    if first_line.is_some()
        && ((tag && (scan.movetext || scan.ended))
            || (!blank && (scan.ended || (scan.blank && starts_first_move(line)))))
    {
        return Plain::Next;
    }
    *line_no += 1;
    if !scan.in_comment && scan.movetext && blank {
        scan.blank = true;
    }
    if first_line.is_none() {
        if blank {
            return Plain::Skip;
        }
        *first_line = Some(*line_no);
    }
    Plain::Whole
}

/// Whether a line holds nothing but spaces.
fn is_blank(line: &str) -> bool {
    match line
        .bytes()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
    {
        None => true,
        Some(b) if b < 0x80 => false,
        Some(_) => line.trim().is_empty(),
    }
}

/// Whether a line begins with move number 1 (`1.`, `1 .`, `1)`).
fn starts_first_move(line: &str) -> bool {
    let rest = line.trim_start();
    rest.strip_prefix('1')
        .is_some_and(|r| r.trim_start().starts_with(['.', ')', '…']))
}

/// Whether a line is a tag pair `[Name "value"]` (ignoring what follows).
fn is_tag_line(line: &str) -> bool {
    // The usual form, `[Name "`, told at once.
    if let [b'[', rest @ ..] = line.as_bytes() {
        let name = rest
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
            .count();
        if name > 0 && rest.get(name..name + 2) == Some(b" \"") {
            return true;
        }
    }
    let Some(rest) = trim_start(line).strip_prefix('[') else {
        return false;
    };
    let rest = trim_start(rest);
    let name = rest
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .unwrap_or(rest.len());
    name > 0 && trim_start(&rest[name..]).starts_with('"')
}

/// `str::trim_start`, the ASCII spaces it takes looked at byte by byte.
#[inline]
fn trim_start(text: &str) -> &str {
    let spaces = text
        .bytes()
        .position(|b| !b.is_ascii_whitespace() && b != 0x0b)
        .unwrap_or(text.len());
    let rest = &text[spaces..];
    match rest.as_bytes().first() {
        Some(&b) if b >= 0x80 => rest.trim_start(),
        _ => rest,
    }
}

/// What a byte is to [`classify`], as bits: [`SPACE`], [`BRACKET`] (a
/// bracket or `;`), [`SIGN`] (`-` `/` `:`), [`AFTER_SIGN`] (what comes
/// after the sign in a result: `0` `1` `2`, the first byte of `½`) and
/// [`STAR`]; every byte but a space is also [`TEXT`], and a byte outside
/// ASCII or a vertical tab (blank to [`is_blank`]) also [`ODD`].
const BYTE_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0c => SPACE,
            b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' => BRACKET | TEXT,
            b'-' | b'/' | b':' => SIGN | TEXT,
            b'0' | b'1' | b'2' => AFTER_SIGN | TEXT,
            0xc2 => AFTER_SIGN | TEXT | ODD,
            b'*' => STAR | TEXT,
            0x0b | 0x80..=0xff => TEXT | ODD,
            _ => TEXT,
        };
        b += 1;
    }
    class
};
const SPACE: u8 = 1;
const BRACKET: u8 = 2;
const SIGN: u8 = 4;
/// `SIGN << 1`: a byte of this class right after a sign makes a pair.
const AFTER_SIGN: u8 = 8;
const STAR: u8 = 16;
/// Any byte but a space.
const TEXT: u8 = 32;
/// A byte [`take_plain`] leaves to the general checks.
const ODD: u8 = 64;

/// Every byte's class of `bytes`, or-ed, and of sign-then-digit pairs,
/// the digit's class: one pass over a line tells most of what the
/// splitter needs.
#[inline]
fn classify(bytes: &[u8]) -> (u8, u8) {
    let mut classes = 0u8;
    let mut pairs = 0u8;
    let mut previous = 0u8;
    for &b in bytes {
        let class = BYTE_CLASS[usize::from(b)];
        classes |= class;
        pairs |= (previous << 1) & class;
        previous = class;
    }
    (classes, pairs)
}

impl Scan {
    /// Most lines hold moves and numbers only: no comment, variation or
    /// `;` to track, and no result. Such a line is told apart in one pass
    /// over its bytes; a line that may hold a result (a `*`, or a sign
    /// followed by what follows it in `1-0`, `0-1`, `1/2-1/2`, `½-½`,
    /// `1:0`, but not in `O-O`, `e2-e4` or `e4:d5`) has its words looked
    /// at. Returns `true` for a line without brackets or `;`, `false` for
    /// one with them (left to [`Scan::line`]).
    fn plain_line(&mut self, line: &str) -> bool {
        let (classes, pairs) = classify(line.as_bytes());
        if classes & BRACKET != 0 {
            return false;
        }
        self.plain_classified(line, classes, pairs);
        true
    }

    /// [`Scan::plain_line`] for a line without brackets or `;`, its bytes
    /// already classified.
    fn plain_classified(&mut self, line: &str, classes: u8, pairs: u8) {
        if classes & TEXT != 0 {
            self.movetext = true;
        }
        if pairs & AFTER_SIGN == 0 && classes & STAR == 0 {
            return;
        }
        // Every result is a `*` or has a sign followed by a digit (or
        // `½`): only the words around those are looked at.
        let bytes = line.as_bytes();
        let is_space = |b: u8| BYTE_CLASS[usize::from(b)] == SPACE;
        let marks = memchr::memchr3_iter(b'-', b'/', b'*', bytes)
            .chain(memchr::memchr_iter(b':', bytes))
            .filter(|&at| {
                bytes[at] == b'*'
                    || bytes
                        .get(at + 1)
                        .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & AFTER_SIGN != 0)
            });
        for at in marks {
            let start = bytes[..at]
                .iter()
                .rposition(|&b| is_space(b))
                .map_or(0, |i| i + 1);
            let end = bytes[at..]
                .iter()
                .position(|&b| is_space(b))
                .map_or(bytes.len(), |i| at + i);
            self.word(&line[start..end]);
        }
    }

    fn line(&mut self, line: &str) {
        if !self.in_comment && self.plain_line(line) {
            return;
        }
        let mut word_start: Option<usize> = None;
        let bytes = line.as_bytes();
        let mut i = 0;
        while i <= bytes.len() {
            let b = bytes.get(i).copied().unwrap_or(b' ');
            if self.in_comment {
                if b == b'}' {
                    self.in_comment = false;
                }
                i += 1;
                continue;
            }
            let delimiter = b.is_ascii_whitespace()
                || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']');
            if delimiter {
                if let Some(start) = word_start.take() {
                    self.word(&line[start..i]);
                }
                match b {
                    b'{' => self.in_comment = true,
                    b'(' => self.depth += 1,
                    b')' => self.depth = self.depth.saturating_sub(1),
                    b';' => return,
                    _ => {}
                }
            } else if word_start.is_none() {
                word_start = Some(i);
            }
            i += 1;
        }
    }

    fn word(&mut self, word: &str) {
        self.movetext = true;
        if self.depth == 0
            && matches!(word.as_bytes()[0], b'0' | b'1' | b'*' | 0xc2)
            && crate::game::GameResult::parse(word).is_some()
        {
            self.ended = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<(u32, String)> {
        let mut s = Splitter::new(text.as_bytes());
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            out.push((g.first_line, g.text.clone()));
        }
        out
    }

    #[test]
    fn games_end_at_results_and_tags() {
        let games = split(
            "\u{feff}[Event \"a\"]\n\n1. e4 {1-0 in a comment} e5 (1... c5 0-1) 1-0\n\n[Event \"b\"]\n1. d4 *\n1. c4\n[Event \"c\"]\n",
        );
        assert_eq!(games.len(), 4);
        assert_eq!(games[0].0, 1);
        assert!(games[0].1.ends_with("1-0\n\n"), "{:?}", games[0].1);
        assert_eq!(games[1].0, 5);
        assert_eq!(games[2], (7, "1. c4\n".to_string()));
        assert_eq!(games[3], (8, "[Event \"c\"]\n".to_string()));
    }

    #[test]
    fn every_result_ends_a_game_and_long_form_moves_do_not() {
        for result in ["1-0", "0-1", "1/2-1/2", "½-½", "1:0", "0:1", "½:½", "*"] {
            let text = format!("1. e2-e4 e7:d6 2. O-O 0-0-0 {result}\n2. Kg1-f3\n");
            let games = split(&text);
            assert_eq!(games.len(), 2, "{result}: {games:?}");
            assert_eq!(games[1], (2, "2. Kg1-f3\n".to_string()), "{result}");
        }
        assert_eq!(split("1. e2-e4 e7-e5\n2. Kg1-f3 Kb8-c6\n").len(), 1);
    }

    #[test]
    fn move_lists_split_at_a_new_first_move() {
        let games = split("1. e4 e5 2. Nf3\n\n1. d4 d5\n2. c4\n\n2... e6\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1], (3, "1. d4 d5\n2. c4\n\n2... e6\n".to_string()));
    }

    #[test]
    fn multi_line_comments_hide_tags_and_results() {
        let games = split("1. e4 {a\n[Event \"x\"]\n1-0} e5 *\n");
        assert_eq!(games.len(), 1);
    }

    /// Every game, its first line, text and bytes, and the Latin-1 count,
    /// as `input` splits them read through a buffer of `capacity` bytes.
    fn split_through(input: &[u8], capacity: usize) -> (Vec<RawGame>, (u64, u32)) {
        let reader = io::BufReader::with_capacity(capacity, input);
        let mut s = Splitter::new(reader);
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while s.next_game(&mut g).unwrap() {
            out.push(g.clone());
        }
        (out, s.latin1_lines())
    }

    /// Lines are read a buffer at a time, and found to be UTF-8 together:
    /// the games are the same whatever the buffer's size, with lines that
    /// span buffers, Latin-1 lines among UTF-8 ones, a byte-order mark,
    /// CRLF and no last line break.
    #[test]
    fn games_do_not_depend_on_the_buffer() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"\xef\xbb\xbf[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n[White \"M\xfcller\"]\n1. d4 *\n1. c4".to_vec(),
            "[Black \"Кузнецов\"]\n\n1. e2-e4 Кр\u{feff}e8 {½-½}\n½-½\n\n1. Кg1-f3\n".into(),
            b"\xe9\n\xe9\n[A \"\xff\"]\n1. e4 {\xe9\n} *\n\n\xe9\xe9".to_vec(),
            // Lines the fast path takes, next to ones it leaves to the
            // general checks: a vertical tab, spaces, an escape line with
            // a result in it, tags with spaces or none of a value, a `1.`
            // after a blank line, results glued or apart, a `*`.
            b"\x0b\n \t\n[Event \"a\"]\n [Site \"b\"]\n[ Date  \"c\"]\n[Bad]\n\n% 1-0\n1. e4 e5\n\n1. d4 d5 1/2-1/2\n\x0b\n1. c4 *\n1. Nf3 0-1 [Event \"d\"]\n  \n[Round \"e\"]\n1. b3 1:0\n\n\n1. g3 e5 2. O-O-O\n".to_vec(),
        ];
        for name in [
            "samples/seed000-ru.txt",
            "broken/marks.pgn",
            "broken/unclosed.pgn",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures")
                .join(name);
            inputs.push(std::fs::read(path).unwrap());
        }
        for input in &inputs {
            let (whole, latin1) = split_through(input, input.len().max(1));
            assert!(!whole.is_empty());
            let raw: Vec<u8> = whole.iter().flat_map(|g| g.raw.clone()).collect();
            assert!(input.ends_with(&raw) || raw.is_empty(), "{raw:?}");
            for capacity in (1..40).chain([64, 100, 1000]) {
                let (games, count) = split_through(input, capacity);
                assert_eq!(count, latin1, "capacity {capacity}");
                assert_eq!(games.len(), whole.len(), "capacity {capacity}");
                for (a, b) in games.iter().zip(&whole) {
                    assert_eq!(
                        (a.first_line, &a.text, &a.raw),
                        (b.first_line, &b.text, &b.raw),
                        "capacity {capacity}"
                    );
                }
            }
        }
        let (games, latin1) = split_through(&inputs[2], 7);
        assert_eq!(latin1, (5, 1));
        let texts: Vec<&str> = games.iter().map(|g| g.text.as_str()).collect();
        assert_eq!(texts, ["é\né\n", "[A \"ÿ\"]\n1. e4 {é\n} *\n\n", "éé\n"]);
        assert_eq!(games[2].raw, b"\xe9\xe9");
    }

    #[test]
    fn latin1_and_crlf() {
        let mut s = Splitter::new(&b"[White \"M\xfcller\"]\r\n1. e4 *\r\n"[..]);
        let mut g = RawGame::default();
        assert!(s.next_game(&mut g).unwrap());
        assert_eq!(g.text, "[White \"Müller\"]\n1. e4 *\n");
        assert_eq!(g.raw, b"[White \"M\xfcller\"]\r\n1. e4 *\r\n");
    }
}
