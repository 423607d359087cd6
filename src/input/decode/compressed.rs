//! Compressed input: gzip, zstd, bzip2 and xz told by their magic bytes,
//! undone member by member (concatenated members, frames and streams are
//! one input), layer after layer where the input was compressed again and
//! again (up to [`LAYERS`]; deeper is an error, never binary read as text);
//! data after the last complete member that starts no other is left out,
//! with a warning, keeping every game before it. Every layer is undone as a
//! stream, so memory stays bounded however much the input expands.

use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex};

use std::fmt;

/// The compression found on the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compression {
    None,
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

impl Compression {
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// The format whose magic bytes `head` starts with.
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Xz,
            _ => Compression::None,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Warnings about an input as a whole, shared with the reader that finds
/// them.
pub(super) type Notes = Arc<Mutex<Vec<String>>>;

/// How many layers of compression are undone at most: more than any file
/// compressed again by mistake has, few enough that each layer's decoder
/// (its window and a 64 KiB look-ahead) keeps memory small.
const LAYERS: usize = 8;

/// The longest magic number looked for.
const MAGIC: usize = 6;

/// A reader that can look `n` bytes ahead without consuming them.
pub(super) struct Peek<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
}

impl<R: Read> Peek<R> {
    pub(super) fn new(inner: R) -> Peek<R> {
        Peek {
            inner,
            buf: Vec::with_capacity(64 * 1024),
            start: 0,
        }
    }

    /// Up to `n` bytes ahead (fewer only at the end of the input).
    pub(super) fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.buf.len() - self.start < n {
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let len = self.buf.len();
            self.buf.resize(len.max(n).max(8 * 1024), 0);
            let read = loop {
                match self.inner.read(&mut self.buf[len..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    other => break other,
                }
            };
            match read {
                Ok(got) => self.buf.truncate(len + got),
                Err(e) => {
                    self.buf.truncate(len);
                    return Err(e);
                }
            }
            if self.buf.len() == len {
                break;
            }
        }
        let end = self.buf.len().min(self.start + n);
        Ok(&self.buf[self.start..end])
    }
}

impl<R: Read> Read for Peek<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        // Nothing looked ahead at: straight from the source, as a buffered
        // reader does, without a copy through `buf` (the path of every
        // uncompressed input).
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
            return self.inner.read(out);
        }
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Peek<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
            self.buf.resize(self.buf.capacity().max(8 * 1024), 0);
            let got = loop {
                match self.inner.read(&mut self.buf) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        self.buf.clear();
                        return Err(e);
                    }
                    Ok(got) => break got,
                }
            };
            self.buf.truncate(got);
        }
        Ok(&self.buf[self.start..])
    }

    fn consume(&mut self, amount: usize) {
        self.start = (self.start + amount).min(self.buf.len());
    }
}

pub(super) type Source = Peek<Box<dyn Read + Send>>;

/// One member's decoder, over the stream it reads.
enum Member {
    Gzip(flate2::bufread::GzDecoder<Source>),
    Zstd(zstd::stream::read::Decoder<'static, Source>),
    Bzip2(bzip2::bufread::BzDecoder<Source>),
    Xz(liblzma::bufread::XzDecoder<Source>),
}

impl Member {
    fn new(compression: Compression, source: Source) -> io::Result<Member> {
        Ok(match compression {
            Compression::Gzip => Member::Gzip(flate2::bufread::GzDecoder::new(source)),
            Compression::Zstd => {
                Member::Zstd(zstd::stream::read::Decoder::with_buffer(source)?.single_frame())
            }
            Compression::Bzip2 => Member::Bzip2(bzip2::bufread::BzDecoder::new(source)),
            Compression::Xz => Member::Xz(liblzma::bufread::XzDecoder::new(source)),
            Compression::None => unreachable!("a member is compressed"),
        })
    }

    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Member::Gzip(d) => d.read(buf),
            Member::Zstd(d) => d.read(buf),
            Member::Bzip2(d) => d.read(buf),
            Member::Xz(d) => d.read(buf),
        }
    }

    fn into_source(self) -> Source {
        match self {
            Member::Gzip(d) => d.into_inner(),
            Member::Zstd(d) => d.finish(),
            Member::Bzip2(d) => d.into_inner(),
            Member::Xz(d) => d.into_inner(),
        }
    }
}

/// The decompressed bytes of every member of one compression format.
struct Members {
    member: Option<Member>,
    compression: Compression,
    notes: Notes,
}

impl Members {
    /// After a member: the next one, or the end (data that starts no
    /// member is left out, with a warning).
    fn next_member(&mut self) -> io::Result<bool> {
        let Some(member) = self.member.take() else {
            return Ok(false);
        };
        let mut source = member.into_source();
        if self.compression == Compression::Xz {
            // Stream padding: NUL bytes between xz streams.
            loop {
                let zeros = source.fill_buf()?.iter().take_while(|&&b| b == 0).count();
                if zeros == 0 {
                    break;
                }
                source.consume(zeros);
            }
        }
        let head = source.peek(MAGIC)?;
        if head.is_empty() {
            return Ok(false);
        }
        if Compression::sniff(head) != self.compression {
            let note = format!(
                "data after the end of the {} stream was left out",
                self.compression.name()
            );
            self.notes
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(note);
            return Ok(false);
        }
        self.member = Some(Member::new(self.compression, source)?);
        Ok(true)
    }
}

impl Read for Members {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(member) = &mut self.member else {
                return Ok(0);
            };
            let n = member.read(buf).map_err(|e| corrupt(e, self.compression))?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            if !self
                .next_member()
                .map_err(|e| corrupt(e, self.compression))?
            {
                return Ok(0);
            }
        }
    }
}

/// An error of a decompressor, saying which format it comes from.
fn corrupt(e: io::Error, compression: Compression) -> io::Error {
    if e.kind() == io::ErrorKind::Interrupted {
        return e;
    }
    let kind = match e.kind() {
        io::ErrorKind::Other => io::ErrorKind::InvalidData,
        kind => kind,
    };
    io::Error::new(
        kind,
        format!("{} input is truncated or corrupt: {e}", compression.name()),
    )
}

/// The decompressed bytes of `input` (itself, where it is not compressed)
/// and the outermost compression found.
pub(super) fn decompress(
    input: Box<dyn Read + Send>,
    notes: &Notes,
) -> io::Result<(Source, Compression)> {
    let mut stream = Peek::new(input);
    let mut outer = Compression::None;
    for _ in 0..LAYERS {
        let compression = Compression::sniff(stream.peek(MAGIC)?);
        if compression == Compression::None {
            break;
        }
        if outer == Compression::None {
            outer = compression;
        }
        let member = Member::new(compression, stream).map_err(|e| corrupt(e, compression))?;
        let members = Members {
            member: Some(member),
            compression,
            notes: Arc::clone(notes),
        };
        stream = Peek::new(Box::new(members));
    }
    let deeper = Compression::sniff(stream.peek(MAGIC)?);
    if deeper != Compression::None {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "compressed more than {LAYERS} times ({deeper} again inside); \
                 not read"
            ),
        ));
    }
    Ok((stream, outer))
}
