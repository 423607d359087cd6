//! Hostile streams through the whole command-line pipeline: the input
//! stage (`decode::open`: compression, encoding) then the converter, with
//! a small maximum game size, on streams grown from the input: as they
//! are, one line repeated into a line far longer than the limit, or
//! wrapped in variations nested up to 2,650 deep. Each goes to one output
//! format (picked by the input) and on one or two jobs; every game read
//! must be counted as written or failed, nothing may panic, and the heap
//! is bounded by libFuzzer's `-rss_limit_mb`.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use notate::convert::{Converter, Options};
use notate::internals::decode;
use notate::output::Format;

/// The limit: far below what the grown streams reach.
const MAX_GAME: usize = 1024;

/// A stream of `data` repeated to `left` bytes.
struct Repeat {
    data: Vec<u8>,
    at: usize,
    left: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.data.is_empty() {
            return Ok(0);
        }
        let n = buf.len().min(self.left).min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at = (self.at + n) % self.data.len();
        self.left -= n;
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let which = (usize::from(mode >> 4) % Format::ALL.len()) * 2 + usize::from(mode & 8 != 0);
    let stream: Box<dyn Read + Send> = match mode & 3 {
        0 => Box::new(std::io::Cursor::new(rest.to_vec())),
        // One line, made far longer than the limit (no line breaks kept).
        1 => {
            let line: Vec<u8> = rest.iter().copied().filter(|&b| b != b'\n').collect();
            Box::new(Repeat {
                data: line,
                at: 0,
                left: 4 * MAX_GAME,
            })
        }
        // The input repeated, lines and all, past the limit.
        2 => Box::new(Repeat {
            data: rest.to_vec(),
            at: 0,
            left: 2 * MAX_GAME,
        }),
        // Nested variations, 100 to 2,650 deep, around the input.
        _ => {
            let depth = 100 + 10 * usize::from(rest.first().copied().unwrap_or(0));
            let mut text = b"1. e4 ".to_vec();
            text.extend(std::iter::repeat_n(b"(1. d4 ".as_slice(), depth).flatten());
            text.extend_from_slice(rest);
            text.extend(std::iter::repeat_n(b')', depth));
            text.extend_from_slice(b" *\n");
            Box::new(std::io::Cursor::new(text))
        }
    };
    let Ok(input) = decode::open(stream, None) else {
        return;
    };
    let mut out = Vec::new();
    let mut diagnostics = 0u64;
    let result = CONVERTERS
        .with(|c| c.borrow_mut()[which].convert_stream(input, &mut out, &mut |_| diagnostics += 1));
    if let Ok(summary) = result {
        assert_eq!(summary.written + summary.failed, summary.read);
        assert!(summary.failed == 0 || diagnostics > 0);
    }
});

/// A converter for each format, on one job and on two (building one costs
/// far more than a short conversion).
fn converters() -> Vec<Converter> {
    let mut all = Vec::new();
    for (format, _, _) in Format::ALL {
        for jobs in [1, 2] {
            all.push(Converter::new(&Options {
                format: *format,
                max_game_size: MAX_GAME,
                jobs,
                ..Options::default()
            }));
        }
    }
    all
}

thread_local! {
    static CONVERTERS: std::cell::RefCell<Vec<Converter>> = std::cell::RefCell::new(converters());
}
