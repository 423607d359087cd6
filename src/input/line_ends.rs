//! Line ends other than a line feed, in a text that has none: a carriage
//! return alone (classic Mac OS files), a form feed or a vertical tab
//! (pages and records of old printouts): read as line feeds, so that lines,
//! games and diagnostics are found as in any other text (the converter
//! looks at the first bytes of every text it reads, see
//! `Converter::convert_stream`).

use std::io::{self, BufRead, BufReader, Read};

/// The buffer of a text read with its carriage returns as line feeds.
const BUFFER: usize = 64 * 1024;

/// A text read with line feeds for line ends: as it is, or with its
/// carriage returns as line feeds where its first bytes end their lines
/// with them alone.
pub enum Lines<R> {
    Feeds(R),
    Returns(BufReader<CarriageReturns<R>>),
}

impl<R: BufRead> Lines<R> {
    /// Looks at the first bytes of `input` to tell its line ends.
    pub fn new(mut input: R) -> io::Result<Self> {
        Ok(match lone_carriage_returns(input.fill_buf()?) {
            true => Lines::Returns(BufReader::with_capacity(
                BUFFER,
                CarriageReturns::new(input),
            )),
            false => Lines::Feeds(input),
        })
    }
}

impl<R: BufRead> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Lines::Feeds(input) => input.read(buf),
            Lines::Returns(input) => input.read(buf),
        }
    }
}

impl<R: BufRead> BufRead for Lines<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Lines::Feeds(input) => input.fill_buf(),
            Lines::Returns(input) => input.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Lines::Feeds(input) => input.consume(amount),
            Lines::Returns(input) => input.consume(amount),
        }
    }
}

/// The bytes that end lines in a text with no line feed.
const LINE_ENDS: [u8; 3] = [b'\r', 0x0c, 0x0b];

/// Whether `head`, the input's first bytes, ends its lines with another
/// byte than a line feed ([`LINE_ENDS`]): it holds one and no line feed.
/// UTF-16 (NUL bytes) is left alone: its line ends are two bytes.
pub fn lone_carriage_returns(head: &[u8]) -> bool {
    let [r, f, v] = LINE_ENDS;
    memchr::memchr3(r, f, v, head).is_some() && memchr::memchr2(b'\n', 0, head).is_none()
}

/// A reader of `inner` with each carriage return, form feed and vertical
/// tab a line feed, and a line feed right after one left out (a `\r\n`
/// later in the input stays one line end).
pub struct CarriageReturns<R> {
    inner: R,
    /// The last byte handed out was a carriage return's line feed.
    after_return: bool,
}

impl<R> CarriageReturns<R> {
    pub fn new(inner: R) -> Self {
        CarriageReturns {
            inner,
            after_return: false,
        }
    }
}

impl<R: Read> Read for CarriageReturns<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let got = self.inner.read(buf)?;
            if got == 0 {
                return Ok(0);
            }
            let mut kept = 0;
            for i in 0..got {
                let b = buf[i];
                if b == b'\n' && self.after_return {
                    self.after_return = false;
                    continue;
                }
                self.after_return = LINE_ENDS.contains(&b);
                buf[kept] = if self.after_return { b'\n' } else { b };
                kept += 1;
            }
            // A read of a lone `\n` after a `\r` keeps nothing: read on,
            // since 0 would say the input ended.
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(bytes: &[u8], chunk: usize) -> Vec<u8> {
        /// Hands `chunk` bytes at a time, to cross `\r\n` over reads.
        struct Chunks<'a>(&'a [u8], usize);
        impl Read for Chunks<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.1.min(buf.len()).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut out = Vec::new();
        CarriageReturns::new(Chunks(bytes, chunk))
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn carriage_returns_are_line_feeds_whatever_the_reads() {
        let input = b"[Event \"x\"]\r\r1. e4 e5\r\n2. Nf3\r\r\n*\r";
        for chunk in 1..8 {
            assert_eq!(
                through(input, chunk),
                b"[Event \"x\"]\n\n1. e4 e5\n2. Nf3\n\n*\n",
                "chunk {chunk}"
            );
        }
    }

    #[test]
    fn only_text_with_returns_and_no_feeds_is_taken() {
        assert!(lone_carriage_returns(b"1. e4\r1... e5\r"));
        assert!(!lone_carriage_returns(b"1. e4\r\n1... e5\r\n"));
        assert!(!lone_carriage_returns(b"1. e4 e5"));
        assert!(!lone_carriage_returns(b"1\0.\0 \0e\x004\0\r\0"));
        assert!(lone_carriage_returns(b"[Event \"a\"]\x0c1. e4 *\x0c"));
        assert!(!lone_carriage_returns(b"[Event \"a\"]\n\x0c1. e4 *\n"));
    }
}
