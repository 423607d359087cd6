//! The first stage: input bytes to UTF-8 text, as a stream.
//!
//! [`open`] takes any byte stream (a file, non-seekable standard input),
//! undoes gzip, zstd, bzip2 or xz compression found by its magic bytes
//! (layer after layer, up to eight; data after the last complete member
//! is left out with a warning, [`Decoded::warnings`]), tells
//! documents and other binary files by their first bytes
//! ([`crate::input::document`]: web pages, e-books and PDF are turned into
//! their text, other binaries refused with a [`Refused`] error), finds the
//! text encoding, and gives back a [`Decoded`] reader ([`BufRead`]) that
//! yields UTF-8. Memory stays bounded whatever the input's size: the
//! reader holds one 64 KiB input window and one 64 KiB output buffer (a
//! document is read whole, up to [`document::LIMIT`]).
//!
//! # How the encoding is chosen
//!
//! 1. `forced` (`--encoding`) wins; a byte-order mark of that same encoding
//!    is still removed.
//! 2. A byte-order mark: UTF-8, UTF-16LE or UTF-16BE; the mark is removed.
//! 3. No mark, but NUL bytes on one side of the byte pairs only, in at
//!    least a quarter of them (and four): UTF-16 without a mark (a few NUL
//!    bytes are control characters).
//! 4. Otherwise the decision waits for the first byte ≥ 0x80, since up to
//!    there every candidate reads the same ASCII; it is made on the 64 KiB
//!    window starting at that byte (or at the start of the input), so a big
//!    ASCII file with a Latin-1 name deep inside is still read right:
//!    - the window holds valid multi-byte UTF-8 sequences and no more
//!      malformed sequences than valid ones: UTF-8;
//!    - else the window is decoded as each of Windows-1252, Windows-1251,
//!      KOI8-R, CP866 and the DOS code pages CP437 and CP850 (by a table,
//!      `dos.rs`: `encoding_rs` has neither) and scored (see
//!      [`guess_single_byte`]); the best score wins, ties going to that
//!      order (Windows-1252, the PGN standard's Latin-1, first). A byte
//!      Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) is all
//!      but proof of another; where it still reads best, each such byte of
//!      a game is read as U+FFFD, never as an invisible control character.
//!
//!    Input with no byte ≥ 0x80 at all is ASCII, reported as UTF-8 with
//!    [`Reason::Ascii`].
//!
//! Bytes that the chosen encoding cannot decode (for UTF-8: a malformed
//! sequence, such as a stray Latin-1 byte in a UTF-8 file, in the window or
//! after it; for UTF-16: an unpaired surrogate or an odd last byte) never
//! stop the stream: each malformed sequence becomes U+FFFD and is counted in
//! [`Decoded::replacements`], so the caller can warn. There is no switch to
//! another encoding midway.
//!
//! Compressed input that ends early or is corrupt gives an [`io::Error`]
//! naming the format (`gzip input is truncated or corrupt: …`).
//!
//! [`encode_output`] goes the other way for `--output-encoding`, and refuses
//! with [`Unmappable`] a character the encoding has no byte for.
//!
//! Here are the stream and its decisions; `sniff` chooses the encoding of a
//! window with no mark, `encode` writes text back to bytes.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;

use encoding_rs::DecoderResult;

use std::sync::Arc;

use crate::input::document::{self, Kind, Refused, Sniffed, SourceMap};

mod compressed;
mod dos;
mod encode;
mod joined;
mod sniff;

pub use compressed::Compression;
#[cfg(test)]
mod tests;

pub use encode::{Unmappable, decode_bytes, decode_game, encode_output};
use sniff::{ascii_prefix, utf16_by_zeros};
pub use sniff::{game_encoding, guess_single_byte, score, sniff};

/// How many bytes detection looks at, and the most the reader's buffers
/// hold.
pub const WINDOW: usize = 64 * 1024;

/// The input buffer's first size, doubled up to [`WINDOW`] while the
/// input fills it.
const FIRST_READ: usize = 8 * 1024;

/// The shortest run of ASCII a single-byte decoding hands out without
/// decoding it; shorter ones, between bytes that need decoding, are
/// decoded with them.
const DIRECT_RUN: usize = 1024;

/// A text encoding `notate` reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// Western European; also what `latin-1` and `iso-8859-1` mean here
    /// (the Encoding Standard's reading: 0x80–0x9F as Windows-1252).
    Windows1252,
    /// Cyrillic, Windows.
    Windows1251,
    /// Cyrillic, Unix.
    Koi8R,
    /// Cyrillic, DOS (IBM866).
    Cp866,
    /// The IBM PC's DOS code page, in old PGN collections.
    Cp437,
    /// DOS Latin-1.
    Cp850,
}

impl Encoding {
    /// Every encoding, in the order `--encoding` lists them.
    pub const ALL: [Encoding; 9] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Windows1252,
        Encoding::Windows1251,
        Encoding::Koi8R,
        Encoding::Cp866,
        Encoding::Cp437,
        Encoding::Cp850,
    ];

    /// The single-byte candidates of detection, in tie-break order.
    pub const SINGLE_BYTE: [Encoding; 6] = [
        Encoding::Windows1252,
        Encoding::Windows1251,
        Encoding::Koi8R,
        Encoding::Cp866,
        Encoding::Cp437,
        Encoding::Cp850,
    ];

    /// The name `--encoding` takes and diagnostics print.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Windows1251 => "windows-1251",
            Encoding::Koi8R => "koi8-r",
            Encoding::Cp866 => "cp866",
            Encoding::Cp437 => "cp437",
            Encoding::Cp850 => "cp850",
        }
    }

    /// Reads a name or alias, ignoring case: `utf-8` (`utf8`), `utf-16le`,
    /// `utf-16be`, `windows-1252` (`cp1252`, `latin-1`, `latin1`,
    /// `iso-8859-1`), `windows-1251` (`cp1251`), `koi8-r` (`koi8r`),
    /// `cp866` (`ibm866`), `cp437` (`ibm437`), `cp850` (`ibm850`).
    pub fn from_name(name: &str) -> Option<Encoding> {
        let name = name.trim().to_ascii_lowercase().replace('_', "-");
        Some(match name.as_str() {
            "utf-8" | "utf8" => Encoding::Utf8,
            "utf-16le" | "utf16le" => Encoding::Utf16Le,
            "utf-16be" | "utf16be" => Encoding::Utf16Be,
            "windows-1252" | "cp1252" | "latin-1" | "latin1" | "iso-8859-1" => {
                Encoding::Windows1252
            }
            "windows-1251" | "cp1251" => Encoding::Windows1251,
            "koi8-r" | "koi8r" => Encoding::Koi8R,
            "cp866" | "ibm866" => Encoding::Cp866,
            "cp437" | "ibm437" => Encoding::Cp437,
            "cp850" | "ibm850" => Encoding::Cp850,
            _ => return None,
        })
    }

    /// The same encoding in `encoding_rs`, which has all but the DOS code
    /// pages CP437 and CP850 (read by a table, `dos.rs`).
    pub fn to_encoding_rs(self) -> Option<&'static encoding_rs::Encoding> {
        Some(match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            Encoding::Utf16Le => encoding_rs::UTF_16LE,
            Encoding::Utf16Be => encoding_rs::UTF_16BE,
            Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
            Encoding::Windows1251 => encoding_rs::WINDOWS_1251,
            Encoding::Koi8R => encoding_rs::KOI8_R,
            Encoding::Cp866 => encoding_rs::IBM866,
            Encoding::Cp437 | Encoding::Cp850 => return None,
        })
    }

    /// The table of a DOS code page.
    fn dos_table(self) -> Option<&'static [char; 128]> {
        match self {
            Encoding::Cp437 => Some(&dos::CP437),
            Encoding::Cp850 => Some(&dos::CP850),
            _ => None,
        }
    }

    /// Whether each byte is a character (ASCII itself).
    pub fn is_single_byte(self) -> bool {
        self.to_encoding_rs().is_none_or(|e| e.is_single_byte())
    }

    /// A streaming decoder, removing a byte-order mark of this encoding
    /// where `bom_removal` says.
    fn new_decoder(self, bom_removal: bool) -> Decoder {
        match (self.to_encoding_rs(), self.dos_table()) {
            (Some(e), _) if bom_removal => Decoder::Rs(e.new_decoder_with_bom_removal()),
            (Some(e), _) => Decoder::Rs(e.new_decoder_without_bom_handling()),
            (None, table) => Decoder::Table(table.expect("an encoding has a decoder")),
        }
    }

    /// `bytes` decoded whole (no mark handling), malformed sequences as
    /// U+FFFD.
    pub fn decode_whole(self, bytes: &[u8]) -> std::borrow::Cow<'_, str> {
        match (self.to_encoding_rs(), self.dos_table()) {
            (Some(e), _) => e.decode_without_bom_handling(bytes).0,
            (None, table) => {
                let mut text = String::new();
                dos::decode_into(table.expect("an encoding has a decoder"), bytes, &mut text);
                std::borrow::Cow::Owned(text)
            }
        }
    }

    fn from_encoding_rs(encoding: &'static encoding_rs::Encoding) -> Option<Encoding> {
        Encoding::ALL
            .into_iter()
            .find(|e| e.to_encoding_rs() == Some(encoding))
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Encoding {
    type Err = String;

    fn from_str(s: &str) -> Result<Encoding, String> {
        Encoding::from_name(s).ok_or_else(|| {
            let names: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
            format!(
                "unknown encoding `{s}` (known: {}, latin-1, iso-8859-1, ibm866)",
                names.join(", ")
            )
        })
    }
}

/// Why the encoding is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Asked for (`--encoding`).
    Forced,
    /// A byte-order mark.
    Bom,
    /// NUL bytes on one side of the byte pairs: UTF-16 without a mark.
    Utf16Zeros,
    /// The detection window holds UTF-8 sequences, and no more malformed
    /// sequences than valid ones.
    Utf8,
    /// The best score of the single-byte candidates.
    Statistics,
    /// No byte ≥ 0x80 (yet): ASCII, read as UTF-8.
    Ascii,
    /// No mark, and bytes ≥ 0x80: handed on as they are, each game's
    /// encoding decided on its own bytes ([`open_games`]).
    PerGame,
    /// A document (web page, e-book, PDF), turned into text by
    /// [`crate::input::document`]; the encoding is the web page's own.
    Document,
}

/// What [`open`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Detected {
    pub encoding: Encoding,
    pub compression: Compression,
    pub reason: Reason,
    /// The kind of document the input is, if it is one.
    pub document: Option<Kind>,
}

/// Opens a stream for reading as text: removes its compression, finds its
/// encoding (or takes `forced`), and returns a reader of UTF-8.
///
/// The first 64 KiB are read at once for detection. When they are all
/// ASCII, the decision waits for the first byte ≥ 0x80:
/// [`Decoded::detected`] then tells the encoding finally chosen.
pub fn open<R: Read + Send + 'static>(input: R, forced: Option<Encoding>) -> io::Result<Input> {
    open_with(input, forced, false)
}

/// [`open`] for a converter, which decides the encoding of each game on
/// its own bytes: text with no mark that is not all ASCII is handed on as
/// its bytes ([`Reason::PerGame`]), for the splitter to decode game by
/// game (see [`crate::input::split::GameDecoding`]). A mark, UTF-16 by its NUL
/// bytes and `forced` are decoded here as by `open`.
pub fn open_games<R: Read + Send + 'static>(
    input: R,
    forced: Option<Encoding>,
) -> io::Result<Input> {
    open_with(input, forced, true)
}

fn open_with<R: Read + Send + 'static>(
    input: R,
    forced: Option<Encoding>,
    per_game: bool,
) -> io::Result<Input> {
    let notes = compressed::Notes::default();
    let (mut stream, compression) = compressed::decompress(Box::new(input), &notes)?;
    let mut decoded = match document::sniff(stream.peek(document::HEAD)?) {
        Sniffed::Text => {
            let stream: Box<dyn Read + Send> = Box::new(stream);
            Decoded::with_detection(stream, compression, forced, per_game)?
        }
        Sniffed::Binary(what) => return Err(Refused::binary(what).into_io()),
        Sniffed::Document(kind) => {
            let read =
                document::read(kind, &mut stream, forced.and_then(Encoding::to_encoding_rs))?;
            let map = Arc::new(read.map);
            let text: Box<dyn Read + Send> = Box::new(io::Cursor::new(read.text.into_bytes()));
            let mut decoded =
                Decoded::with_detection(text, compression, Some(Encoding::Utf8), false)?;
            decoded.detected.document = Some(kind);
            decoded.map = Some(map);
            decoded.detected.reason = Reason::Document;
            decoded.detected.encoding = read
                .encoding
                .and_then(Encoding::from_encoding_rs)
                .unwrap_or(Encoding::Utf8);
            decoded
        }
    };
    decoded.notes = notes;
    Ok(decoded)
}

/// The reader [`open`] returns.
pub type Input = Decoded<Box<dyn Read + Send>>;

/// Looks at the first bytes of `input` (without seeking: it may be a pipe)
/// and returns a reader of its decompressed bytes.
pub fn decompress<R: Read + Send + 'static>(
    input: R,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let (stream, compression) =
        compressed::decompress(Box::new(input), &compressed::Notes::default())?;
    Ok((Box::new(stream), compression))
}

enum State {
    /// Only ASCII so far: passed through until the first byte ≥ 0x80.
    Pending,
    /// Every byte passed through, for a decision per game.
    Raw,
    Decoding(Decoder),
}

/// A streaming decoder: `encoding_rs`'s, or a DOS code page's table.
enum Decoder {
    Rs(encoding_rs::Decoder),
    Table(&'static [char; 128]),
}

/// A reader of UTF-8 text decoded from an input of any [`Encoding`].
pub struct Decoded<R> {
    inner: R,
    input: Box<[u8]>,
    in_start: usize,
    in_end: usize,
    eof: bool,
    out: Box<[u8]>,
    out_start: usize,
    out_end: usize,
    /// ASCII at `input[in_start..]` handed out as it is (while no encoding
    /// has been chosen, ASCII needs no decoding, nor a copy).
    direct: usize,
    /// The encoding chosen maps each byte alone, ASCII to itself: long
    /// runs of ASCII are handed out as they are then too.
    single_byte: bool,
    finished: bool,
    state: State,
    /// Leave text with no mark undecoded ([`open_games`]).
    per_game: bool,
    detected: Detected,
    replacements: u64,
    /// Warnings of the decompression.
    notes: compressed::Notes,
    /// Where the text of a document came from in it.
    map: Option<Arc<SourceMap>>,
    /// The next byte begins a line: where texts joined in different
    /// encodings may change from one to the other (see `joined`).
    line_start: bool,
}

impl<R: Read> Decoded<R> {
    /// Decodes `inner`, whose bytes are already decompressed (`compression`
    /// only goes into [`Decoded::detected`]). Reads up to 64 KiB at once.
    pub fn new(inner: R, compression: Compression, forced: Option<Encoding>) -> io::Result<Self> {
        Decoded::with_detection(inner, compression, forced, false)
    }

    /// [`Decoded::new`], leaving text with no mark undecoded where
    /// `per_game` says so ([`open_games`]).
    pub fn with_detection(
        inner: R,
        compression: Compression,
        forced: Option<Encoding>,
        per_game: bool,
    ) -> io::Result<Self> {
        let mut decoded = Decoded {
            inner,
            // Grown up to `WINDOW` as the input proves that long: a
            // scoresheet of a few KB needs no more.
            input: vec![0; FIRST_READ].into_boxed_slice(),
            in_start: 0,
            in_end: 0,
            eof: false,
            // Allocated once an encoding is chosen: ASCII never needs it.
            out: Box::default(),
            out_start: 0,
            out_end: 0,
            direct: 0,
            single_byte: false,
            finished: false,
            state: State::Pending,
            per_game,
            detected: Detected {
                encoding: Encoding::Utf8,
                compression,
                reason: Reason::Ascii,
                document: None,
            },
            replacements: 0,
            notes: compressed::Notes::default(),
            map: None,
            line_start: true,
        };
        decoded.fill_window()?;
        let window = &decoded.input[..decoded.in_end];
        let chosen = if let Some(encoding) = forced {
            // Removes a mark of this same encoding only.
            let decoder = encoding.new_decoder(true);
            Some((encoding, Reason::Forced, decoder))
        } else if let Some((rs, len)) = encoding_rs::Encoding::for_bom(window) {
            decoded.in_start = len;
            let encoding = Encoding::from_encoding_rs(rs).expect("a BOM is of UTF-8 or UTF-16");
            let decoder = Decoder::Rs(rs.new_decoder_without_bom_handling());
            Some((encoding, Reason::Bom, decoder))
        } else if let Some(encoding) = utf16_by_zeros(joined::first_line(window)) {
            let decoder = encoding.new_decoder(false);
            Some((encoding, Reason::Utf16Zeros, decoder))
        } else if per_game {
            None
        } else {
            sniff(window, decoded.eof)
                .map(|(encoding, reason)| (encoding, reason, encoding.new_decoder(false)))
        };
        if let Some((encoding, reason, decoder)) = chosen {
            decoded.choose(encoding, reason, decoder);
        }
        Ok(decoded)
    }

    fn choose(&mut self, encoding: Encoding, reason: Reason, decoder: Decoder) {
        if self.out.is_empty() {
            self.out = vec![0; WINDOW].into_boxed_slice();
        }
        self.detected.encoding = encoding;
        self.detected.reason = reason;
        self.single_byte = encoding.is_single_byte();
        self.state = State::Decoding(decoder);
    }

    /// Where each line and column of the text came from in the document
    /// it was read from, if it was one.
    pub fn source_map(&self) -> Option<&Arc<SourceMap>> {
        self.map.as_ref()
    }

    /// The encoding and compression, as far as decided: while only ASCII
    /// has been read the reason is [`Reason::Ascii`].
    pub fn detected(&self) -> Detected {
        self.detected
    }

    /// How many malformed byte sequences have been read as U+FFFD so far.
    pub fn replacements(&self) -> u64 {
        self.replacements
    }

    /// What to warn of about the input as a whole, once it is read: data
    /// left out after a compressed stream, bytes read as U+FFFD.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = self
            .notes
            .lock()
            .map_or_else(|e| e.into_inner().clone(), |n| n.clone());
        if self.replacements > 0 {
            warnings.push(format!(
                "{} byte sequence(s) are not valid {} and were read as U+FFFD; try --encoding",
                self.replacements, self.detected.encoding
            ));
        }
        warnings
    }

    /// The stream this reads from.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads once into the free end of the input buffer.
    fn read_more(&mut self) -> io::Result<()> {
        if self.in_start == self.in_end {
            self.in_start = 0;
            self.in_end = 0;
        } else if self.in_end == self.input.len() {
            self.compact();
        }
        loop {
            match self.inner.read(&mut self.input[self.in_end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.in_end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn compact(&mut self) {
        self.input.copy_within(self.in_start..self.in_end, 0);
        self.in_end -= self.in_start;
        self.in_start = 0;
    }

    /// Fills the input buffer from `in_start` up to its whole size, or to
    /// the end of the input.
    fn fill_window(&mut self) -> io::Result<()> {
        self.compact();
        while self.in_end < WINDOW && !self.eof {
            if self.in_end == self.input.len() {
                let mut grown = std::mem::take(&mut self.input).into_vec();
                grown.resize((2 * grown.len()).min(WINDOW), 0);
                self.input = grown.into_boxed_slice();
            }
            self.read_more()?;
        }
        Ok(())
    }

    /// While only ASCII has been read: hands out the ASCII there is (`true`),
    /// or at the first byte ≥ 0x80 leaves the bytes undecoded (per game)
    /// or chooses the encoding on the window from there (`false`: go on).
    fn pass_ascii(&mut self) -> io::Result<bool> {
        let available = &self.input[self.in_start..self.in_end];
        if available.is_empty() {
            self.finished = true;
            return Ok(true);
        }
        let ascii = ascii_prefix(available);
        if ascii > 0 {
            self.direct = ascii;
            self.line_start = available[ascii - 1] == b'\n';
            return Ok(true);
        }
        if self.per_game {
            self.state = State::Raw;
            self.detected.reason = Reason::PerGame;
            return Ok(false);
        }
        self.fill_window()?;
        let window = &self.input[self.in_start..self.in_end];
        let (encoding, reason) = sniff(window, self.eof).expect("the window holds a byte >= 0x80");
        self.choose(encoding, reason, encoding.new_decoder(false));
        Ok(false)
    }

    /// Puts at least one byte into the output buffer, or marks the end.
    fn produce(&mut self) -> io::Result<()> {
        self.out_start = 0;
        self.out_end = 0;
        loop {
            if self.in_start == self.in_end && !self.eof {
                self.read_more()?;
                continue;
            }
            if self.line_start {
                self.at_line_start()?;
            }
            let utf16 = self.utf16();
            match &mut self.state {
                State::Pending => {
                    if self.pass_ascii()? {
                        return Ok(());
                    }
                }
                State::Raw => {
                    let available = &self.input[self.in_start..self.in_end];
                    if available.is_empty() {
                        self.finished = true;
                    }
                    // Up to a UTF-16 text joined after this one.
                    self.direct = joined::utf16_begins(available, false).unwrap_or(available.len());
                    self.line_start =
                        self.direct < available.len() || available.last() == Some(&b'\n');
                    return Ok(());
                }
                State::Decoding(decoder) => {
                    let mut src = &self.input[self.in_start..self.in_end];
                    // UTF-16 a line at a time: 8-bit text may follow.
                    let line_end = utf16.and_then(|le| joined::utf16_line_end(src, le));
                    if let Some(end) = line_end {
                        src = &src[..end];
                    }
                    if self.single_byte {
                        // Most PGN in a single-byte encoding is ASCII but
                        // for a few names: the ASCII needs no decoding.
                        let ascii = ascii_prefix(src);
                        if ascii >= DIRECT_RUN || (ascii > 0 && ascii == src.len()) {
                            self.direct = ascii;
                            return Ok(());
                        }
                    }
                    let last = self.eof && self.in_start + src.len() == self.in_end;
                    // Room is kept at the end for one U+FFFD.
                    let limit = self.out.len() - 3;
                    let decoder = match decoder {
                        Decoder::Rs(decoder) => decoder,
                        Decoder::Table(table) => {
                            let (read, written) = decode_table(table, src, &mut self.out[..limit]);
                            self.in_start += read;
                            self.out_end = written;
                            self.finished = last && self.in_start == self.in_end;
                            return Ok(());
                        }
                    };
                    let (mut read, mut written) = (0, 0);
                    loop {
                        let (result, r, w) = decoder.decode_to_utf8_without_replacement(
                            &src[read..],
                            &mut self.out[written..limit],
                            last,
                        );
                        read += r;
                        written += w;
                        match result {
                            DecoderResult::InputEmpty => {
                                self.finished = last;
                                break;
                            }
                            DecoderResult::OutputFull => break,
                            DecoderResult::Malformed(_, _) => {
                                self.out[written..written + 3]
                                    .copy_from_slice("\u{FFFD}".as_bytes());
                                written += 3;
                                self.replacements += 1;
                                if written + 4 > limit {
                                    break;
                                }
                            }
                        }
                    }
                    self.in_start += read;
                    self.out_end = written;
                    self.line_start = line_end.is_some_and(|end| read == end);
                    if written > 0 || self.finished {
                        return Ok(());
                    }
                    // A sequence split across reads: read on.
                }
            }
        }
    }
}

impl<R: Read> Decoded<R> {
    /// Whether the text is being decoded as UTF-16: little-endian or not.
    fn utf16(&self) -> Option<bool> {
        match (&self.state, self.detected.encoding) {
            (State::Decoding(_), Encoding::Utf16Le) => Some(true),
            (State::Decoding(_), Encoding::Utf16Be) => Some(false),
            _ => None,
        }
    }

    /// At a line's start, where texts joined in different encodings may
    /// change (see `joined`): UTF-16 that gives way to 8-bit text, or 8-bit
    /// text handed on as it is that gives way to UTF-16 with its mark.
    fn at_line_start(&mut self) -> io::Result<()> {
        self.line_start = false;
        match self.utf16() {
            Some(le) => {
                if self.in_end - self.in_start < joined::LOOK && !self.eof {
                    self.fill_window()?;
                }
                if joined::eight_bit_line(&self.input[self.in_start..self.in_end], self.eof, le) {
                    self.note_joined("8-bit text after UTF-16");
                    self.state = State::Pending;
                    self.single_byte = false;
                }
            }
            // Text handed on as it is (never an encoding asked for, nor one
            // chosen for the whole input, whose bytes are its own).
            None if matches!(self.state, State::Pending | State::Raw) => {
                if let Some(encoding) = joined::utf16_mark(&self.input[self.in_start..self.in_end])
                {
                    self.in_start += 2;
                    self.note_joined("UTF-16 after 8-bit text");
                    let decoder = encoding.new_decoder(false);
                    self.choose(encoding, Reason::Bom, decoder);
                }
            }
            None => {}
        }
        Ok(())
    }

    /// Says, once, that the input joins texts in different encodings.
    fn note_joined(&self, what: &str) {
        let mut notes = self.notes.lock().unwrap_or_else(|e| e.into_inner());
        if !notes.iter().any(|n| n.starts_with("the input joins texts")) {
            notes.push(format!(
                "the input joins texts in different encodings ({what}): each part is read in its own"
            ));
        }
    }
}

/// Decodes what of `src` fits in `out` by a DOS code page's table:
/// returns the bytes read and written.
fn decode_table(table: &[char; 128], src: &[u8], out: &mut [u8]) -> (usize, usize) {
    let mut written = 0;
    for (read, &b) in src.iter().enumerate() {
        let c = match b {
            0..0x80 => b as char,
            _ => table[usize::from(b - 0x80)],
        };
        if written + c.len_utf8() > out.len() {
            return (read, written);
        }
        written += c.encode_utf8(&mut out[written..]).len();
    }
    (src.len(), written)
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Decoded<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.direct == 0 && self.out_start == self.out_end && !self.finished {
            self.produce()?;
        }
        if self.direct > 0 {
            return Ok(&self.input[self.in_start..self.in_start + self.direct]);
        }
        Ok(&self.out[self.out_start..self.out_end])
    }

    fn consume(&mut self, amount: usize) {
        if self.direct > 0 {
            let n = amount.min(self.direct);
            self.in_start += n;
            self.direct -= n;
            return;
        }
        self.out_start = (self.out_start + amount).min(self.out_end);
    }
}
