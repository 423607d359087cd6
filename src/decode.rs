//! The first stage: input bytes to UTF-8 text, as a stream.
//!
//! [`open`] takes any byte stream (a file, non-seekable standard input),
//! undoes gzip, zstd or bzip2 compression found by its magic bytes, finds
//! the text encoding, and gives back a [`Decoded`] reader ([`BufRead`])
//! that yields UTF-8. Memory stays bounded whatever the input's size: the
//! reader holds one 64 KiB input window and one 64 KiB output buffer.
//!
//! # How the encoding is chosen
//!
//! 1. `forced` (`--encoding`) wins; a byte-order mark of that same encoding
//!    is still removed.
//! 2. A byte-order mark: UTF-8, UTF-16LE or UTF-16BE; the mark is removed.
//! 3. No mark, but NUL bytes on one side of the byte pairs only: UTF-16
//!    without a mark (text never holds NUL bytes otherwise).
//! 4. Otherwise the decision waits for the first byte ≥ 0x80, since up to
//!    there every candidate reads the same ASCII; it is made on the 64 KiB
//!    window starting at that byte (or at the start of the input), so a big
//!    ASCII file with a Latin-1 name deep inside is still read right:
//!    - the window holds valid multi-byte UTF-8 sequences and at most one
//!      malformed sequence per eight of them: UTF-8;
//!    - else the window is decoded as each of Windows-1252, Windows-1251,
//!      KOI8-R and CP866 and scored (see [`guess_single_byte`]); the best
//!      score wins, ties going to that order (Windows-1252, the PGN
//!      standard's Latin-1, first).
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

use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;

use encoding_rs::{DecoderResult, EncoderResult};

/// How many bytes detection looks at, and the most the reader's buffers
/// hold.
pub const WINDOW: usize = 64 * 1024;

/// The input buffer's first size, doubled up to [`WINDOW`] while the
/// input fills it.
const FIRST_READ: usize = 8 * 1024;

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
}

impl Encoding {
    /// Every encoding, in the order `--encoding` lists them.
    pub const ALL: [Encoding; 7] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Windows1252,
        Encoding::Windows1251,
        Encoding::Koi8R,
        Encoding::Cp866,
    ];

    /// The single-byte candidates of detection, in tie-break order.
    pub const SINGLE_BYTE: [Encoding; 4] = [
        Encoding::Windows1252,
        Encoding::Windows1251,
        Encoding::Koi8R,
        Encoding::Cp866,
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
        }
    }

    /// Reads a name or alias, ignoring case: `utf-8` (`utf8`), `utf-16le`,
    /// `utf-16be`, `windows-1252` (`cp1252`, `latin-1`, `latin1`,
    /// `iso-8859-1`), `windows-1251` (`cp1251`), `koi8-r` (`koi8r`),
    /// `cp866` (`ibm866`).
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
            _ => return None,
        })
    }

    /// The same encoding in `encoding_rs`.
    pub fn to_encoding_rs(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            Encoding::Utf16Le => encoding_rs::UTF_16LE,
            Encoding::Utf16Be => encoding_rs::UTF_16BE,
            Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
            Encoding::Windows1251 => encoding_rs::WINDOWS_1251,
            Encoding::Koi8R => encoding_rs::KOI8_R,
            Encoding::Cp866 => encoding_rs::IBM866,
        }
    }

    fn from_encoding_rs(encoding: &'static encoding_rs::Encoding) -> Option<Encoding> {
        Encoding::ALL
            .into_iter()
            .find(|e| e.to_encoding_rs() == encoding)
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

/// The compression found on the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compression {
    None,
    Gzip,
    Zstd,
    Bzip2,
}

impl Compression {
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
        }
    }

    /// The format whose magic bytes `head` starts with.
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            _ => Compression::None,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    /// The detection window holds UTF-8 sequences, and at most one
    /// malformed sequence per eight of them.
    Utf8,
    /// The best score of the single-byte candidates.
    Statistics,
    /// No byte ≥ 0x80 (yet): ASCII, read as UTF-8.
    Ascii,
}

/// What [`open`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Detected {
    pub encoding: Encoding,
    pub compression: Compression,
    pub reason: Reason,
}

/// Opens a stream for reading as text: removes its compression, finds its
/// encoding (or takes `forced`), and returns a reader of UTF-8.
///
/// The first 64 KiB are read at once for detection. When they are all
/// ASCII, the decision waits for the first byte ≥ 0x80:
/// [`Decoded::detected`] then tells the encoding finally chosen.
pub fn open<R: Read + Send + 'static>(input: R, forced: Option<Encoding>) -> io::Result<Input> {
    let (reader, compression) = decompress(input)?;
    Decoded::new(reader, compression, forced)
}

/// The reader [`open`] returns.
pub type Input = Decoded<Box<dyn Read + Send>>;

/// Looks at the first bytes of `input` (without seeking: it may be a pipe)
/// and returns a reader of its decompressed bytes.
pub fn decompress<R: Read + Send + 'static>(
    mut input: R,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let mut head = [0u8; 4];
    let mut len = 0;
    while len < head.len() {
        match input.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let compression = Compression::sniff(&head[..len]);
    let whole = io::Cursor::new(head[..len].to_vec()).chain(input);
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => return Ok((Box::new(whole), compression)),
        // Concatenated members (`cat a.gz b.gz`) are one stream.
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        // Reads every frame, concatenated ones too.
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(whole)?),
        // Concatenated streams, as pbzip2 writes them.
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
    };
    Ok((
        Box::new(Decompressed {
            inner: reader,
            compression,
        }),
        compression,
    ))
}

/// A decompressor whose errors say which format they come from.
struct Decompressed {
    inner: Box<dyn Read + Send>,
    compression: Compression,
}

impl Read for Decompressed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            let kind = match e.kind() {
                io::ErrorKind::Other => io::ErrorKind::InvalidData,
                kind => kind,
            };
            io::Error::new(
                kind,
                format!(
                    "{} input is truncated or corrupt: {e}",
                    self.compression.name()
                ),
            )
        })
    }
}

enum State {
    /// Only ASCII so far: passed through until the first byte ≥ 0x80.
    Pending,
    Decoding(encoding_rs::Decoder),
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
    finished: bool,
    state: State,
    detected: Detected,
    replacements: u64,
}

impl<R: Read> Decoded<R> {
    /// Decodes `inner`, whose bytes are already decompressed (`compression`
    /// only goes into [`Decoded::detected`]). Reads up to 64 KiB at once.
    pub fn new(inner: R, compression: Compression, forced: Option<Encoding>) -> io::Result<Self> {
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
            finished: false,
            state: State::Pending,
            detected: Detected {
                encoding: Encoding::Utf8,
                compression,
                reason: Reason::Ascii,
            },
            replacements: 0,
        };
        decoded.fill_window()?;
        let window = &decoded.input[..decoded.in_end];
        let chosen = if let Some(encoding) = forced {
            // Removes a mark of this same encoding only.
            let decoder = encoding.to_encoding_rs().new_decoder_with_bom_removal();
            Some((encoding, Reason::Forced, decoder))
        } else if let Some((rs, len)) = encoding_rs::Encoding::for_bom(window) {
            decoded.in_start = len;
            let encoding = Encoding::from_encoding_rs(rs).expect("a BOM is of UTF-8 or UTF-16");
            Some((encoding, Reason::Bom, rs.new_decoder_without_bom_handling()))
        } else if let Some(encoding) = utf16_by_zeros(window) {
            let decoder = encoding.to_encoding_rs().new_decoder_without_bom_handling();
            Some((encoding, Reason::Utf16Zeros, decoder))
        } else {
            sniff(window, decoded.eof).map(|(encoding, reason)| {
                let decoder = encoding.to_encoding_rs().new_decoder_without_bom_handling();
                (encoding, reason, decoder)
            })
        };
        if let Some((encoding, reason, decoder)) = chosen {
            decoded.choose(encoding, reason, decoder);
        }
        Ok(decoded)
    }

    fn choose(&mut self, encoding: Encoding, reason: Reason, decoder: encoding_rs::Decoder) {
        if self.out.is_empty() {
            self.out = vec![0; WINDOW].into_boxed_slice();
        }
        self.detected.encoding = encoding;
        self.detected.reason = reason;
        self.state = State::Decoding(decoder);
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

    /// Puts at least one byte into the output buffer, or marks the end.
    fn produce(&mut self) -> io::Result<()> {
        self.out_start = 0;
        self.out_end = 0;
        loop {
            if self.in_start == self.in_end && !self.eof {
                self.read_more()?;
                continue;
            }
            match &mut self.state {
                State::Pending => {
                    let available = &self.input[self.in_start..self.in_end];
                    if available.is_empty() {
                        self.finished = true;
                        return Ok(());
                    }
                    let ascii = ascii_prefix(available);
                    if ascii > 0 {
                        self.direct = ascii;
                        return Ok(());
                    }
                    // The first byte ≥ 0x80: decide on the window from here.
                    self.fill_window()?;
                    let window = &self.input[self.in_start..self.in_end];
                    let (encoding, reason) =
                        sniff(window, self.eof).expect("the window holds a byte >= 0x80");
                    let decoder = encoding.to_encoding_rs().new_decoder_without_bom_handling();
                    self.choose(encoding, reason, decoder);
                }
                State::Decoding(decoder) => {
                    let src = &self.input[self.in_start..self.in_end];
                    let last = self.eof;
                    // Room is kept at the end for one U+FFFD.
                    let limit = self.out.len() - 3;
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
                    if written > 0 || self.finished {
                        return Ok(());
                    }
                    // A sequence split across reads: read on.
                }
            }
        }
    }
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

/// How many bytes `bytes` starts with are ASCII, tested a word's worth at
/// a time.
fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(32);
    let mut n = 0;
    for chunk in &mut chunks {
        if !chunk.is_ascii() {
            break;
        }
        n += 32;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(bytes.len() - n)
}

/// UTF-16 without a byte-order mark: NUL bytes (the high bytes of ASCII
/// characters) on one side of the byte pairs, almost none on the other.
fn utf16_by_zeros(window: &[u8]) -> Option<Encoding> {
    let pairs = window.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in window.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    if odd * 20 >= pairs && even * 20 <= odd {
        Some(Encoding::Utf16Le)
    } else if even * 20 >= pairs && odd * 20 <= even {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// Chooses the encoding of `window`, a stretch of input with no mark:
/// `None` when it holds no byte ≥ 0x80; UTF-8 when it holds valid UTF-8
/// sequences of two or more bytes and at most one malformed sequence per
/// eight of them (so a stray byte does not turn a UTF-8 file into
/// mojibake; an incomplete sequence cut at the window's end does not count
/// unless `complete`, the window reaching the end of input); else the best
/// of [`guess_single_byte`].
pub fn sniff(window: &[u8], complete: bool) -> Option<(Encoding, Reason)> {
    if window.is_ascii() {
        return None;
    }
    let (valid, malformed) = utf8_sequences(window, complete);
    if valid > 0 && valid >= 8 * malformed {
        Some((Encoding::Utf8, Reason::Utf8))
    } else {
        Some((guess_single_byte(window), Reason::Statistics))
    }
}

/// Counts the valid multi-byte UTF-8 sequences and the malformed ones.
fn utf8_sequences(mut bytes: &[u8], complete: bool) -> (usize, usize) {
    let multi = |valid: &[u8]| valid.iter().filter(|&&b| b >= 0xc0).count();
    let (mut valid, mut malformed) = (0, 0);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(_) => return (valid + multi(bytes), malformed),
            Err(e) => {
                valid += multi(&bytes[..e.valid_up_to()]);
                match e.error_len() {
                    Some(len) => {
                        malformed += 1;
                        bytes = &bytes[e.valid_up_to() + len..];
                    }
                    None => return (valid, malformed + usize::from(complete)),
                }
            }
        }
    }
}

/// The single-byte encoding `bytes` most plausibly are in: each of
/// Windows-1252, Windows-1251, KOI8-R and CP866 decodes them, and
/// [`score`] rates the text; the highest wins, ties to the earlier.
pub fn guess_single_byte(bytes: &[u8]) -> Encoding {
    let mut best = (Encoding::Windows1252, f64::NEG_INFINITY);
    for encoding in Encoding::SINGLE_BYTE {
        let (text, _) = encoding.to_encoding_rs().decode_without_bom_handling(bytes);
        let s = score(&text);
        if s > best.1 {
            best = (encoding, s);
        }
    }
    best.0
}

/// How Russian a lowercase Cyrillic letter is: ln(1 + per-mille frequency
/// in Russian text / 10). Other Cyrillic letters get little.
fn cyrillic_weight(lower: char) -> f64 {
    let per_mille = match lower {
        'о' => 110.0,
        'е' => 85.0,
        'а' => 80.0,
        'и' => 74.0,
        'н' => 67.0,
        'т' => 63.0,
        'с' => 55.0,
        'р' => 47.0,
        'в' => 45.0,
        'л' => 44.0,
        'к' => 35.0,
        'м' => 32.0,
        'д' => 30.0,
        'п' => 28.0,
        'у' => 26.0,
        'я' => 20.0,
        'ы' => 19.0,
        'ь' => 17.0,
        'г' => 17.0,
        'з' => 16.0,
        'б' => 16.0,
        'ч' => 14.0,
        'й' => 12.0,
        'х' => 10.0,
        'ж' => 9.0,
        'ш' => 7.0,
        'ю' => 6.0,
        'ц' => 5.0,
        'щ' => 4.0,
        'э' => 3.0,
        'ф' => 3.0,
        'ё' => 2.0,
        'ъ' => 0.5,
        // Ukrainian.
        'і' | 'ї' | 'є' | 'ґ' => 8.0,
        _ => 1.0,
    };
    (1.0 + per_mille / 10.0f64).ln()
}

/// The piece letters of the Cyrillic letter sets (Russian, Ukrainian,
/// Bulgarian, Serbian, Macedonian).
const PIECE_LETTERS: &str = "КФЛСТДОЦП";

/// Frequent letter pairs of Russian text.
const COMMON_BIGRAMS: &[&str] = &[
    "ст", "но", "то", "на", "ен", "ов", "ни", "ра", "во", "ко", "ро", "ос", "пр", "ре", "ал", "ер",
    "ли", "по", "ан", "ет", "ол", "го", "ле", "ть", "от", "ла", "ог", "ка", "ор", "ри", "ит", "ие",
    "ел", "ак", "ин", "ва", "ве", "ат", "не", "он", "ом", "ны", "де", "та", "ск", "ес", "ой", "ый",
    "ая", "ия", "ем", "че", "ди", "за", "ло", "ам", "об", "ви", "ми", "ма", "ме", "ед", "од", "мо",
    "ру", "ки", "тв", "ча", "ев", "ют", "ся", "ых", "их", "ые", "сл", "ис", "ей", "вы", "да", "ша",
    "хо",
];

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04FF}').contains(&c)
}

/// Latin letters of Windows-1252's upper half.
fn is_latin_extra(c: char) -> bool {
    matches!(c, 'À'..='ÿ' if c != '×' && c != '÷')
        || matches!(c, 'Š' | 'š' | 'Ž' | 'ž' | 'Œ' | 'œ' | 'Ÿ')
}

fn is_common_accented(c: char) -> bool {
    "éèêëàáâäãåæçíìîïñóòôöõøœúùûüýÿßšžÉÈÀÁÄÖÜÇÑÓÍÚØÅŠŽ".contains(c)
}

/// Punctuation and signs real text in these encodings uses.
fn is_plausible_sign(c: char) -> bool {
    "\u{a0}«»‘’‚“”„–—…•№°±×½¼¾§©®·€£¥¢¿¡²³´¨¬µ¶¹º†‡".contains(c)
}

/// The plausibility of `text` as the decoding of real text: only its
/// non-ASCII characters count, each by what it is and by its neighbours.
///
/// Cyrillic letters score by Russian letter frequency (о е а и н т с
/// highest), lowercase more than uppercase (unless in a word in capitals),
/// with a bonus for each frequent pair (`ст`, `но`, …). What a mis-decoding
/// makes costs: an uppercase letter after a lowercase one, a letter inside
/// a word of ASCII letters, a one-letter word (few real ones). A piece
/// letter before a square (`Кf3`, `Крe1`, `Л:d6`) or after a promotion
/// square (`b8Ф`) scores well. Latin letters of Windows-1252 score when
/// they are the common accented ones and sit among ASCII letters
/// (`Müller`), and cost in runs of three or more (where Cyrillic read as
/// Windows-1252 puts them) or before a square (`æh4`, a KOI8-R `Фh4`).
/// Typographic signs score a little (`№` more); box drawing, C1 controls
/// and other symbols cost.
pub fn score(text: &str) -> f64 {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let mut total = 0.0;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() {
            continue;
        }
        let prev = if i == 0 { ' ' } else { chars[i - 1] };
        let next = at(i + 1);
        let s = if is_cyrillic(c) {
            let lower = c.to_lowercase().next().unwrap_or(c);
            let weight = cyrillic_weight(lower);
            let alone = !prev.is_alphabetic() && !next.is_alphabetic();
            let mut s = if c.is_lowercase() {
                // `Крe1`: the king's second letter.
                let king = c == 'р' && prev == 'К' && before_square(next, at(i + 2));
                if king {
                    3.0
                } else if prev.is_ascii_alphabetic() || next.is_ascii_alphabetic() {
                    -3.0
                } else if before_square(next, at(i + 2)) {
                    -2.0
                } else if alone && next == '.' {
                    // `т.е.`, `е.р.`: an abbreviation.
                    0.5 * weight
                } else if alone {
                    // A one-letter word: the real ones (в, и, с, а) are few.
                    0.1
                } else {
                    weight
                }
            } else if prev.is_lowercase()
                || prev.is_ascii_alphabetic() && !promotion(chars_before(&chars, i))
            {
                -3.0
            } else if PIECE_LETTERS.contains(c)
                && (before_square(next, at(i + 2))
                    || (c == 'К' && next == 'р')
                    || promotion(chars_before(&chars, i)))
            {
                // `Кf3`, `Лad1`, `Л:d6`, `Крe1`, `b8Ф`: a piece letter.
                3.0
            } else if next.is_ascii_alphabetic() {
                -3.0
            } else if alone && (prev.is_ascii_digit() || next.is_ascii_digit()) {
                -1.0
            } else if alone {
                0.1
            } else if is_cyrillic(prev) && prev.is_uppercase()
                || is_cyrillic(next) && next.is_uppercase()
            {
                // A word in capitals.
                weight
            } else {
                0.5 * weight + 0.3
            };
            if is_cyrillic(next) {
                let pair = [lower, next.to_lowercase().next().unwrap_or(next)];
                if COMMON_BIGRAMS.iter().any(|b| b.chars().eq(pair)) {
                    s += 1.0;
                }
            }
            s
        } else if is_latin_extra(c) {
            let letter_before = prev.is_alphabetic() && !prev.is_ascii();
            let letter_after = next.is_alphabetic() && !next.is_ascii();
            if letter_before && letter_after {
                // Three in a row: Cyrillic read as Latin.
                -2.0
            } else if c.is_uppercase() && prev.is_lowercase() {
                -2.0
            } else if !prev.is_alphabetic() && before_square(next, at(i + 2)) {
                // `æh4`: a Cyrillic piece letter read as Latin.
                -2.0
            } else if !prev.is_alphabetic() && !next.is_alphabetic() {
                // A one-letter word: French `à`, Italian `è`.
                if matches!(c, 'à' | 'è' | 'ò' | 'ù') {
                    1.0
                } else {
                    0.2
                }
            } else {
                let base = if is_common_accented(c) { 1.5 } else { 0.3 };
                let in_word = prev.is_ascii_alphabetic() || next.is_ascii_alphabetic();
                base + if in_word { 1.0 } else { 0.0 }
            }
        } else if c == '№' {
            // Russian's number sign: not in Windows-1252.
            0.5
        } else if is_plausible_sign(c) {
            0.2
        } else {
            -3.0
        };
        total += s;
    }
    total
}

/// What follows a piece letter: a square or a capture or move to one
/// (`f3`, `fx`, `f:`, `f-`), a disambiguation (`gf3`, `5f3`), or a capture
/// sign then a square (`:d6`, `xd6`).
fn before_square(next: char, then: char) -> bool {
    let file = |c: char| ('a'..='h').contains(&c);
    let rank = |c: char| ('1'..='8').contains(&c);
    (file(next) && (rank(then) || file(then) || matches!(then, 'x' | ':' | '-' | '×')))
        || (rank(next) && file(then))
        || (matches!(next, ':' | 'x' | '×') && file(then))
}

/// The two characters before `i`, oldest first.
fn chars_before(chars: &[char], i: usize) -> [char; 2] {
    let at = |j: Option<usize>| j.and_then(|j| chars.get(j)).copied().unwrap_or(' ');
    [at(i.checked_sub(2)), at(i.checked_sub(1))]
}

/// `b8` or `e1` just before: a promotion piece follows (`b8Ф`).
fn promotion([file, rank]: [char; 2]) -> bool {
    ('a'..='h').contains(&file) && matches!(rank, '1' | '8')
}

/// A character the output encoding has no byte for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmappable {
    pub char: char,
    pub encoding: Encoding,
    /// Its byte offset in the text.
    pub offset: usize,
    /// 1-based line and column (in characters) in the text.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Unmappable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` (U+{:04X}) at line {}, column {} cannot be written in {}",
            self.char,
            u32::from(self.char),
            self.line,
            self.column,
            self.encoding
        )
    }
}

impl std::error::Error for Unmappable {}

/// Writes `text` in `encoding` (UTF-16 without a byte-order mark), or
/// names the first character that encoding cannot hold.
pub fn encode_output(text: &str, encoding: Encoding) -> Result<Vec<u8>, Unmappable> {
    match encoding {
        Encoding::Utf8 => return Ok(text.as_bytes().to_vec()),
        Encoding::Utf16Le => return Ok(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        Encoding::Utf16Be => return Ok(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        _ => {}
    }
    let mut encoder = encoding.to_encoding_rs().new_encoder();
    let mut out = vec![
        0;
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len() * 4)
    ];
    let mut read = 0;
    let mut written = 0;
    loop {
        let (result, r, w) =
            encoder.encode_from_utf8_without_replacement(&text[read..], &mut out[written..], true);
        read += r;
        written += w;
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => out.resize(out.len() * 2 + 16, 0),
            EncoderResult::Unmappable(c) => {
                let offset = read - c.len_utf8();
                let before = &text[..offset];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                return Err(Unmappable {
                    char: c,
                    encoding,
                    offset,
                    line: before.matches('\n').count() + 1,
                    column: text[line_start..offset].chars().count() + 1,
                });
            }
        }
    }
    out.truncate(written);
    Ok(out)
}

/// Decodes a whole byte string in `encoding` (no mark handling), as a
/// convenience for tests and small inputs; malformed sequences become
/// U+FFFD.
pub fn decode_bytes(bytes: &[u8], encoding: Encoding) -> String {
    let (text, _) = encoding.to_encoding_rs().decode_without_bom_handling(bytes);
    text.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: Vec<u8>, forced: Option<Encoding>) -> (String, Detected, u64) {
        let mut decoded = open(io::Cursor::new(input), forced).unwrap();
        let mut text = String::new();
        decoded.read_to_string(&mut text).unwrap();
        (text, decoded.detected(), decoded.replacements())
    }

    #[test]
    fn ascii_prefix_stops_at_the_first_byte_above_ascii() {
        for len in [0, 1, 31, 32, 33, 63, 64, 65, 200] {
            let ascii = vec![b'e'; len];
            assert_eq!(ascii_prefix(&ascii), len);
            for at in [0, len / 2, len.saturating_sub(1)]
                .into_iter()
                .filter(|&at| at < len)
            {
                let mut bytes = ascii.clone();
                bytes[at] = 0xd0;
                assert_eq!(ascii_prefix(&bytes), at, "{len} {at}");
            }
        }
    }

    #[test]
    fn ascii_then_utf8_far_into_the_input_is_served_whole() {
        // Over a window of ASCII, served as it is, then Cyrillic.
        let mut input = "1. e4 e5 ".repeat(20_000).into_bytes();
        input.extend("2. Кf3 *".as_bytes());
        let (text, detected, replacements) = read_all(input.clone(), None);
        assert_eq!(text.as_bytes(), input.as_slice());
        assert_eq!((detected.encoding, replacements), (Encoding::Utf8, 0));
    }

    #[test]
    fn names_and_aliases() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_name(e.name()), Some(e));
            assert_eq!(e.name().parse::<Encoding>(), Ok(e));
        }
        assert_eq!(Encoding::from_name("Latin-1"), Some(Encoding::Windows1252));
        assert_eq!(
            Encoding::from_name("ISO-8859-1"),
            Some(Encoding::Windows1252)
        );
        assert_eq!(Encoding::from_name("IBM866"), Some(Encoding::Cp866));
        assert!("ebcdic".parse::<Encoding>().is_err());
    }

    #[test]
    fn magic_bytes() {
        assert_eq!(Compression::sniff(&[0x1f, 0x8b, 8]), Compression::Gzip);
        assert_eq!(
            Compression::sniff(&[0x28, 0xb5, 0x2f, 0xfd]),
            Compression::Zstd
        );
        assert_eq!(Compression::sniff(b"BZh9"), Compression::Bzip2);
        assert_eq!(Compression::sniff(b"BZh"), Compression::None);
        assert_eq!(Compression::sniff(b"[Ev"), Compression::None);
        assert_eq!(Compression::sniff(b""), Compression::None);
    }

    #[test]
    fn empty_and_tiny_inputs() {
        for (input, expected) in [
            (&b""[..], ""),
            (b"1", "1"),
            (b"1.", "1."),
            (b"\xe9", "é"),
            (b"\xef\xbb", "ï»"),
        ] {
            assert_eq!(read_all(input.to_vec(), None).0, expected);
        }
        let (text, d, _) = read_all(b"\xef\xbb\xbf".to_vec(), None);
        assert_eq!((text.as_str(), d.reason), ("", Reason::Bom));
    }

    #[test]
    fn one_byte_reads() {
        /// Hands out one byte per read, as a slow pipe might.
        struct Trickle(Vec<u8>, usize);
        impl Read for Trickle {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.1 == self.0.len() || buf.is_empty() {
                    return Ok(0);
                }
                buf[0] = self.0[self.1];
                self.1 += 1;
                Ok(1)
            }
        }
        let text = "Белые сдались. ё № «1-0»\n".repeat(5000);
        for encoding in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Windows1251] {
            let mut bytes = encode_output(&text, encoding).unwrap();
            if encoding == Encoding::Utf16Le {
                bytes.splice(0..0, [0xff, 0xfe]);
            }
            let mut decoded = open(Trickle(bytes, 0), None).unwrap();
            let mut out = String::new();
            decoded.read_to_string(&mut out).unwrap();
            assert_eq!(out, text);
            assert_eq!(decoded.detected().encoding, encoding);
        }
    }

    #[test]
    fn malformed_utf8_is_counted() {
        let mut bytes = "Кр e1 ".repeat(20000).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe end \xd0");
        let (text, d, n) = read_all(bytes, None);
        assert_eq!(d.encoding, Encoding::Utf8);
        assert_eq!(n, 3);
        assert!(text.ends_with("\u{FFFD}\u{FFFD} end \u{FFFD}"));
    }
}
