//! The input stage (`src/input/decode/`) on real text: every encoding and every
//! compression format read back to the exact original, the encoding and
//! compression told right, truncated archives refused, malformed UTF-8
//! carried through as U+FFFD (the output encoder is `output_encoding`'s). The fixtures, their sources and how they were made are in
//! `fixtures/encodings/SOURCE.txt`.

use std::io::{self, Read};

use notate::internals::decode::{
    Compression, Detected, Encoding, Reason, decode_bytes, encode_output, guess_single_byte, open,
};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/encodings");
const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/seeds");

pub(crate) fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// An original (UTF-8) text: a fixture here, or `seeds/…` for the seed
/// texts kept in `fixtures/seeds`.
pub(crate) fn original(name: &str) -> String {
    let path = match name.strip_prefix("seeds/") {
        Some(seed) => format!("{SEEDS}/{seed}"),
        None => format!("{DIR}/{name}"),
    };
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub(crate) const SEED000: &str = "seeds/000_efe4e1c040d985d0.txt";
const SEED002: &str = "seeds/002_7f78c26d6875c815.txt";
const SEED003: &str = "seeds/003_5234ccdc0a6ae9b9.txt";

struct Outcome {
    text: String,
    /// As decided once all was read.
    detected: Detected,
    /// As decided when `open` returned.
    at_open: Detected,
    replacements: u64,
}

fn read_from(input: impl Read + Send + 'static, forced: Option<Encoding>) -> io::Result<Outcome> {
    let mut decoded = open(input, forced)?;
    let at_open = decoded.detected();
    let mut text = String::new();
    decoded.read_to_string(&mut text)?;
    Ok(Outcome {
        text,
        detected: decoded.detected(),
        at_open,
        replacements: decoded.replacements(),
    })
}

fn read(bytes: Vec<u8>, forced: Option<Encoding>) -> io::Result<Outcome> {
    read_from(io::Cursor::new(bytes), forced)
}

/// Reads fixture `file`, expecting the text of `expected`, in `encoding`
/// and `compression`, for `reason`.
#[track_caller]
fn check(file: &str, expected: &str, encoding: Encoding, compression: Compression, reason: Reason) {
    let got = read(fixture(file), None).unwrap_or_else(|e| panic!("{file}: {e}"));
    let want = original(expected);
    assert!(
        got.text == want,
        "{file}: decoded text differs from {expected}\n--- got\n{}\n--- want\n{want}",
        got.text
    );
    let d = got.detected;
    assert_eq!(
        (d.encoding, d.compression, d.reason),
        (encoding, compression, reason),
        "{file}"
    );
    assert_eq!(got.at_open, d, "{file}: decided at open");
    assert_eq!(got.replacements, 0, "{file}");
}

#[test]
fn utf8_with_and_without_bom() {
    use Encoding::Utf8;
    check(
        "game28.utf-8.pgn",
        "game28.utf-8.pgn",
        Utf8,
        Compression::None,
        Reason::Utf8,
    );
    check(
        "game28.utf-8-bom.pgn",
        "game28.utf-8.pgn",
        Utf8,
        Compression::None,
        Reason::Bom,
    );
    check(
        "latin1-game.utf-8.pgn",
        "latin1-game.utf-8.pgn",
        Utf8,
        Compression::None,
        Reason::Utf8,
    );
    check(
        "mixed-ru.utf-8.pgn",
        "mixed-ru.utf-8.pgn",
        Utf8,
        Compression::None,
        Reason::Utf8,
    );
}

#[test]
fn utf16_with_bom_and_without() {
    let none = Compression::None;
    let original = "game28.utf-8.pgn";
    check(
        "game28.utf-16le.pgn",
        original,
        Encoding::Utf16Le,
        none,
        Reason::Bom,
    );
    check(
        "game28.utf-16be.pgn",
        original,
        Encoding::Utf16Be,
        none,
        Reason::Bom,
    );
    check(
        "game28.utf-16le-nobom.pgn",
        original,
        Encoding::Utf16Le,
        none,
        Reason::Utf16Zeros,
    );
}

#[test]
fn windows_1251_russian_texts() {
    let (e, none, stat) = (Encoding::Windows1251, Compression::None, Reason::Statistics);
    check("game28.windows-1251.pgn", "game28.utf-8.pgn", e, none, stat);
    check("seed000.windows-1251.pgn", SEED000, e, none, stat);
    check("seed003.windows-1251.pgn", SEED003, e, none, stat);
    check(
        "mixed-ru.windows-1251.pgn",
        "mixed-ru.utf-8.pgn",
        e,
        none,
        stat,
    );
}

#[test]
fn koi8_r_russian_texts() {
    let (e, none, stat) = (Encoding::Koi8R, Compression::None, Reason::Statistics);
    check("game28.koi8-r.pgn", "game28.fitted.txt", e, none, stat);
    check("seed000.koi8-r.pgn", SEED000, e, none, stat);
    check("seed003.koi8-r.pgn", "seed003.fitted.txt", e, none, stat);
    check("mixed-ru.koi8-r.pgn", "mixed-ru.utf-8.pgn", e, none, stat);
}

#[test]
fn cp866_russian_texts() {
    let (e, none, stat) = (Encoding::Cp866, Compression::None, Reason::Statistics);
    check("game28.cp866.pgn", "game28.fitted.txt", e, none, stat);
    check("seed000.cp866.pgn", SEED000, e, none, stat);
    check("seed003.cp866.pgn", "seed003.fitted.txt", e, none, stat);
    check("mixed-ru.cp866.pgn", "mixed-ru.utf-8.pgn", e, none, stat);
}

#[test]
fn windows_1252_latin_texts() {
    let (e, none, stat) = (Encoding::Windows1252, Compression::None, Reason::Statistics);
    check(
        "latin1-game.windows-1252.pgn",
        "latin1-game.utf-8.pgn",
        e,
        none,
        stat,
    );
    // One byte ≥ 0x80 in a whole game: `ø` in the Variation tag.
    check(
        "mixed-latin.windows-1252.pgn",
        "mixed-latin.utf-8.pgn",
        e,
        none,
        stat,
    );
}

#[test]
fn gzip_zstd_bzip2() {
    for (ext, compression) in [
        ("gz", Compression::Gzip),
        ("zst", Compression::Zstd),
        ("bz2", Compression::Bzip2),
    ] {
        let stat = Reason::Statistics;
        check(
            &format!("game28.windows-1251.pgn.{ext}"),
            "game28.utf-8.pgn",
            Encoding::Windows1251,
            compression,
            stat,
        );
        check(
            &format!("latin1-game.windows-1252.pgn.{ext}"),
            "latin1-game.utf-8.pgn",
            Encoding::Windows1252,
            compression,
            stat,
        );
    }
}

#[test]
fn concatenated_members_frames_and_streams_are_read_whole() {
    let want = original("latin1-game.utf-8.pgn") + &original("mixed-latin.utf-8.pgn");
    for (ext, compression) in [
        ("gz", Compression::Gzip),
        ("zst", Compression::Zstd),
        ("bz2", Compression::Bzip2),
    ] {
        let file = format!("concat.windows-1252.pgn.{ext}");
        let got = read(fixture(&file), None).unwrap();
        assert!(got.text == want, "{file}: {}", got.text);
        assert_eq!(got.detected.compression, compression);
        assert_eq!(got.detected.encoding, Encoding::Windows1252);
    }
}

/// Hands out at most one byte per read, and cannot seek: standard input
/// from a slow pipe.
struct Trickle(io::Cursor<Vec<u8>>);

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(1);
        self.0.read(&mut buf[..n])
    }
}

#[test]
fn byte_by_byte_pipe() {
    for (file, expected, encoding) in [
        (
            "game28.windows-1251.pgn.gz",
            "game28.utf-8.pgn",
            Encoding::Windows1251,
        ),
        (
            "latin1-game.windows-1252.pgn.zst",
            "latin1-game.utf-8.pgn",
            Encoding::Windows1252,
        ),
        (
            "game28.windows-1251.pgn.bz2",
            "game28.utf-8.pgn",
            Encoding::Windows1251,
        ),
        ("game28.utf-16be.pgn", "game28.utf-8.pgn", Encoding::Utf16Be),
        ("seed000.cp866.pgn", SEED000, Encoding::Cp866),
    ] {
        let got = read_from(Trickle(io::Cursor::new(fixture(file))), None).unwrap();
        assert!(got.text == original(expected), "{file}");
        assert_eq!(got.detected.encoding, encoding, "{file}");
    }
}

#[test]
fn truncated_compressed_input_is_an_error() {
    for (file, name) in [
        ("game28.windows-1251.pgn.gz", "gzip"),
        ("latin1-game.windows-1252.pgn.gz", "gzip"),
        ("game28.windows-1251.pgn.zst", "zstd"),
        ("latin1-game.windows-1252.pgn.zst", "zstd"),
        ("game28.windows-1251.pgn.bz2", "bzip2"),
        ("latin1-game.windows-1252.pgn.bz2", "bzip2"),
    ] {
        let whole = fixture(file);
        // Every cut that keeps the magic bytes, down to one byte short.
        for len in 4..whole.len() {
            match read(whole[..len].to_vec(), None) {
                Ok(got) => panic!(
                    "{file} cut to {len} of {} bytes read without error: {:?}",
                    whole.len(),
                    got.text
                ),
                Err(e) => {
                    let message = e.to_string();
                    assert!(
                        message.starts_with(&format!("{name} input is truncated or corrupt")),
                        "{file} cut to {len}: {message}"
                    );
                }
            }
        }
    }
}

#[test]
fn corrupt_compressed_input_is_an_error() {
    let mut bytes = fixture("game28.windows-1251.pgn.gz");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    let e = read(bytes, None)
        .err()
        .expect("a corrupt gzip member is an error");
    assert!(
        e.to_string()
            .starts_with("gzip input is truncated or corrupt"),
        "{e}"
    );
}

#[test]
fn invalid_utf8_in_a_utf8_file_becomes_replacement_characters() {
    // A stray Windows-1252 `é` and a lone continuation byte in the middle of
    // the Russian seed text, inside the detection window: still UTF-8.
    let text = original(SEED000);
    let cut = text.char_indices().nth(2000).unwrap().0;
    let mut bytes = text.as_bytes()[..cut].to_vec();
    bytes.extend_from_slice(b"Andr\xe9 \x80");
    bytes.extend_from_slice(&text.as_bytes()[cut..]);
    let got = read(bytes, None).unwrap();
    assert_eq!(got.detected.encoding, Encoding::Utf8);
    assert_eq!(got.replacements, 2);
    assert!(got.text == format!("{}Andr\u{FFFD} \u{FFFD}{}", &text[..cut], &text[cut..]));

    // The same far past the window, and a sequence cut off by the end.
    let long = text.repeat(16);
    assert!(long.len() > 2 * 64 * 1024);
    let mut bytes = long.as_bytes().to_vec();
    bytes.extend_from_slice(b"Andr\xe9 ");
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(&"ф".as_bytes()[..1]);
    let got = read(bytes, None).unwrap();
    assert_eq!(got.detected.encoding, Encoding::Utf8);
    assert_eq!(got.replacements, 2);
    assert!(got.text == format!("{long}Andr\u{FFFD} {text}\u{FFFD}"));
}

#[test]
fn ascii_longer_than_the_window_then_a_single_byte_encoding() {
    // 100 KiB of ASCII games, then the same game with a Latin-1 or a KOI8-R
    // name: the decision waits for the first byte ≥ 0x80.
    let ascii = original("mixed-latin.utf-8.pgn").replace('ø', "oe");
    let ascii = ascii.repeat(100 * 1024 / ascii.len() + 1);
    for (file, expected, encoding) in [
        (
            "mixed-latin.windows-1252.pgn",
            "mixed-latin.utf-8.pgn",
            Encoding::Windows1252,
        ),
        ("mixed-ru.koi8-r.pgn", "mixed-ru.utf-8.pgn", Encoding::Koi8R),
        ("mixed-ru.cp866.pgn", "mixed-ru.utf-8.pgn", Encoding::Cp866),
        (
            "mixed-ru.windows-1251.pgn",
            "mixed-ru.utf-8.pgn",
            Encoding::Windows1251,
        ),
        ("mixed-ru.utf-8.pgn", "mixed-ru.utf-8.pgn", Encoding::Utf8),
    ] {
        let mut bytes = ascii.clone().into_bytes();
        bytes.extend_from_slice(&fixture(file));
        let got = read(bytes, None).unwrap();
        assert_eq!(got.at_open.reason, Reason::Ascii, "{file}");
        assert_eq!(got.detected.encoding, encoding, "{file}");
        assert!(got.text == ascii.clone() + &original(expected), "{file}");
    }
    let got = read(ascii.clone().into_bytes(), None).unwrap();
    assert_eq!(
        (got.detected.encoding, got.detected.reason),
        (Encoding::Utf8, Reason::Ascii)
    );
    assert!(got.text == ascii);
}

/// Encodes `text`, or `None` where it does not fit.
fn bytes_in(text: &str, encoding: Encoding) -> Option<Vec<u8>> {
    encode_output(text, encoding).ok()
}

#[test]
fn single_lines() {
    let cyrillic = [Encoding::Windows1251, Encoding::Koi8R, Encoding::Cp866];
    let lines = [
        "Белые сдались.",
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6",
        "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7",
        "14. Фxd5+ Сd7 15. Крe1 Лd8",
        "Кр - король, Ф - ферзь, Л - ладья, С - слон, К - конь",
        "exd6 е.р.",
        "[White \"Непомнящий, Ян\"]",
        "№ 28.",
    ];
    for line in lines {
        for encoding in cyrillic {
            let Some(bytes) = bytes_in(line, encoding) else {
                continue;
            };
            let got = read(bytes, None).unwrap();
            assert_eq!(got.detected.encoding, encoding, "{line:?}");
            assert_eq!(got.text, line);
        }
    }
    for line in [
        "[White \"Müller, Jürgen\"]",
        "[Site \"Besançon\"]",
        "{Très belle partie — la dame est sacrifiée.}",
        "[Result \"½-½\"]",
        "1. e4 e5 2. Nf3 Nc6 1–0",
        "Aquí las blancas ganan un peón.",
    ] {
        let got = read(bytes_in(line, Encoding::Windows1252).unwrap(), None).unwrap();
        assert_eq!(got.detected.encoding, Encoding::Windows1252, "{line:?}");
        assert_eq!(got.text, line);
    }
}

#[test]
fn every_line_of_the_seed_texts_alone() {
    // Each line with a byte ≥ 0x80, encoded alone: the Russian ones in the
    // three Cyrillic encodings (where they fit), the Spanish ones in
    // Windows-1252.
    let mut tried = 0;
    let mut wrong = Vec::new();
    for (seed, encodings) in [
        (
            SEED000,
            &[Encoding::Windows1251, Encoding::Koi8R, Encoding::Cp866][..],
        ),
        (
            SEED003,
            &[Encoding::Windows1251, Encoding::Koi8R, Encoding::Cp866][..],
        ),
        (
            "game28.utf-8.pgn",
            &[Encoding::Windows1251, Encoding::Koi8R, Encoding::Cp866][..],
        ),
        (SEED002, &[Encoding::Windows1252][..]),
        ("latin1-game.utf-8.pgn", &[Encoding::Windows1252][..]),
    ] {
        for line in original(seed).lines().filter(|l| !l.is_ascii()) {
            for &encoding in encodings {
                let Some(bytes) = bytes_in(line, encoding) else {
                    continue;
                };
                tried += 1;
                let guess = guess_single_byte(&bytes);
                if guess != encoding {
                    wrong.push(format!("{encoding} read as {guess}: {line}"));
                }
                assert_eq!(decode_bytes(&bytes, encoding), line);
            }
        }
    }
    assert!(tried > 200, "{tried}");
    assert!(
        wrong.is_empty(),
        "{} of {tried} lines:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn forced_encoding_wins() {
    let got = read(fixture("seed000.koi8-r.pgn"), Some(Encoding::Koi8R)).unwrap();
    assert_eq!(got.detected.reason, Reason::Forced);
    assert!(got.text == original(SEED000));
    // Forced wrong, it is still obeyed.
    let got = read(fixture("seed000.koi8-r.pgn"), Some(Encoding::Windows1251)).unwrap();
    assert_eq!(
        (got.detected.encoding, got.detected.reason),
        (Encoding::Windows1251, Reason::Forced)
    );
    assert!(got.text != original(SEED000));
    // A mark of the forced encoding is removed; a compressed input is still
    // decompressed.
    let got = read(fixture("game28.utf-8-bom.pgn"), Some(Encoding::Utf8)).unwrap();
    assert!(got.text == original("game28.utf-8.pgn"));
    let got = read(fixture("game28.utf-16le.pgn"), Some(Encoding::Utf16Le)).unwrap();
    assert!(got.text == original("game28.utf-8.pgn"));
    let got = read(
        fixture("latin1-game.windows-1252.pgn.bz2"),
        Some(Encoding::Windows1252),
    )
    .unwrap();
    assert_eq!(got.detected.compression, Compression::Bzip2);
    assert!(got.text == original("latin1-game.utf-8.pgn"));
}

#[test]
fn encoding_names() {
    for (name, encoding) in [
        ("utf-8", Encoding::Utf8),
        ("utf-16le", Encoding::Utf16Le),
        ("utf-16be", Encoding::Utf16Be),
        ("windows-1252", Encoding::Windows1252),
        ("latin-1", Encoding::Windows1252),
        ("iso-8859-1", Encoding::Windows1252),
        ("windows-1251", Encoding::Windows1251),
        ("koi8-r", Encoding::Koi8R),
        ("cp866", Encoding::Cp866),
        ("ibm866", Encoding::Cp866),
    ] {
        assert_eq!(name.parse::<Encoding>(), Ok(encoding));
    }
    let e = "latin-2".parse::<Encoding>().unwrap_err();
    assert!(
        e.contains("unknown encoding `latin-2`") && e.contains("koi8-r"),
        "{e}"
    );
}

/// An endless stream of one text's bytes, up to `left` bytes.
struct Repeat {
    bytes: Vec<u8>,
    at: usize,
    left: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.left).min(self.bytes.len() - self.at);
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at = (self.at + n) % self.bytes.len();
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn a_long_stream_goes_through_in_bounded_buffers() {
    // 32 MiB of KOI8-R text, read a buffer at a time: the reader never
    // holds more than its two 64 KiB buffers.
    let bytes = fixture("seed000.koi8-r.pgn");
    let (len, total) = (bytes.len(), 32 << 20);
    let mut decoded = open(
        Repeat {
            bytes,
            at: 0,
            left: total,
        },
        None,
    )
    .unwrap();
    let utf8_len = original(SEED000).len();
    let mut out = 0u64;
    let mut buf = vec![0; 8192];
    loop {
        let n = decoded.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        out += n as u64;
    }
    assert_eq!(decoded.detected().encoding, Encoding::Koi8R);
    let (whole, rest) = (total / len, total % len);
    let rest_utf8 = decode_bytes(&fixture("seed000.koi8-r.pgn")[..rest], Encoding::Koi8R).len();
    assert_eq!(out, (whole * utf8_len + rest_utf8) as u64);
}

/// Compresses `bytes` with the command-line tool `tool` (`gzip`, `xz`,
/// `zstd`, `bzip2`), or `None` where it is not installed.
fn compress_with(tool: &str, bytes: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut child = std::process::Command::new(tool)
        .arg("-c")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(bytes).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status.success().then_some(out.stdout)
}

/// Case 11: `.xz` is read (one stream and two, with stream padding), and
/// input compressed twice is undone twice.
#[test]
fn xz_and_twice_compressed_input() {
    let text = original("latin1-game.utf-8.pgn");
    let Some(xz) = compress_with("xz", text.as_bytes()) else {
        eprintln!("notice: xz is not installed; skipping");
        return;
    };
    let got = read(xz.clone(), None).unwrap();
    assert_eq!(got.detected.compression, Compression::Xz);
    assert!(got.text == text);
    let mut two = xz.clone();
    two.extend_from_slice(&[0; 8]);
    two.extend_from_slice(&xz);
    let got = read(two, None).unwrap();
    assert!(got.text == text.repeat(2));
    let gz = fixture("latin1-game.windows-1252.pgn.gz");
    let gz_gz = compress_with("gzip", &gz).expect("gzip");
    let got = read(gz_gz, None).unwrap();
    assert_eq!(got.detected.compression, Compression::Gzip);
    assert!(got.text == original("latin1-game.utf-8.pgn"));
}

/// Case 11: data after the last complete member, frame or stream is left
/// out with a warning, and what came before is read whole.
#[test]
fn trailing_garbage_after_a_compressed_stream_keeps_what_came_before() {
    let want = original("game28.utf-8.pgn");
    for ext in ["gz", "zst", "bz2"] {
        let mut bytes = fixture(&format!("game28.windows-1251.pgn.{ext}"));
        bytes.extend_from_slice(b"trailing garbage\n\x00\x01");
        let mut decoded = open(io::Cursor::new(bytes), None).unwrap();
        let mut text = String::new();
        decoded.read_to_string(&mut text).unwrap();
        assert!(text == want, "{ext}");
        let warnings = decoded.warnings();
        assert_eq!(warnings.len(), 1, "{ext}: {warnings:?}");
        assert!(warnings[0].contains("data after the end of the"), "{ext}");
    }
    // A second member cut short is still an error.
    let mut bytes = fixture("game28.windows-1251.pgn.gz");
    let whole = bytes.clone();
    bytes.extend_from_slice(&whole[..whole.len() / 2]);
    assert!(read(bytes, None).is_err());
}

/// Case 10: one stray byte in a short UTF-8 text is one U+FFFD, not the
/// text re-read as Windows-1252; one NUL in a short input is a control
/// character, not a sign of UTF-16.
#[test]
fn a_stray_byte_or_a_nul_does_not_change_the_encoding() {
    let mut bytes = "[White \"Иванов\"]\n\n1. e4 e5 *\n".as_bytes().to_vec();
    bytes.insert(20, 0xe9);
    let got = read(bytes, None).unwrap();
    assert_eq!(got.detected.encoding, Encoding::Utf8);
    assert_eq!(got.replacements, 1);
    assert!(got.text.contains("Иванов\u{FFFD}"), "{}", got.text);
    for text in ["1. e4 e5 2. Nf3\0 Nc6 *\n", "e4\0", "\0\0 1. d4 d5 *\n"] {
        let got = read(text.as_bytes().to_vec(), None).unwrap();
        assert_eq!(got.detected.encoding, Encoding::Utf8, "{text:?}");
        assert_eq!(got.text, text);
    }
}

/// Files in different encodings joined with `cat` (a fault probe: the
/// UTF-8 game read as UTF-16 mojibake and kept as a comment, exit 0): each
/// part is read in its own, UTF-16 from its mark at a line's start, 8-bit
/// text from a line after UTF-16 that reads as none (as the converter
/// opens its inputs, `open_games`).
#[test]
fn texts_joined_in_different_encodings_are_each_read_in_their_own() {
    let utf16 = |text: &str| -> Vec<u8> {
        [0xff, 0xfe]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect()
    };
    let first = "1. e4 e5 *\n\n";
    let second = "1. Кf3 d5 *\n";
    let eight_then_16 = [first.as_bytes().to_vec(), utf16(second)].concat();
    let sixteen_then_8 = [utf16(first), second.as_bytes().to_vec()].concat();
    for bytes in [eight_then_16, sixteen_then_8] {
        let mut decoded =
            notate::internals::decode::open_games(io::Cursor::new(bytes), None).unwrap();
        let mut text = String::new();
        decoded.read_to_string(&mut text).unwrap();
        assert_eq!(text, format!("{first}{second}"));
        assert_eq!(decoded.replacements(), 0);
        assert!(decoded.warnings()[0].starts_with("the input joins texts in different encodings"));
    }
}
