//! The decode stage's unit tests: marks, sniffing, scoring, streaming.

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

/// A single-byte file that is ASCII but for a few names hands its long
/// ASCII stretches out undecoded: what comes out is still the whole
/// file's decoding, whatever stretches the reader takes at a time.
#[test]
fn single_byte_text_with_long_ascii_stretches_decodes_alike() {
    let game = "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&game.repeat(i % 7 * 11));
        text.push_str(if i % 3 == 0 {
            "[White \"Müller\"]\n"
        } else {
            "é"
        });
    }
    let bytes = encode_output(&text, Encoding::Windows1252).unwrap();
    for step in [1, 13, 4096, usize::MAX] {
        let mut decoded = open(io::Cursor::new(bytes.clone()), None).unwrap();
        assert!(decoded.detected().encoding.is_single_byte());
        let mut out = Vec::new();
        let mut take = step;
        loop {
            let buf = decoded.fill_buf().unwrap();
            if buf.is_empty() {
                break;
            }
            let n = buf.len().min(take);
            out.extend_from_slice(&buf[..n]);
            decoded.consume(n);
            take = if step == 13 { take % 97 + 13 } else { step };
        }
        let expected = decoded.detected().encoding.decode_whole(&bytes);
        assert_eq!(String::from_utf8(out).unwrap(), expected, "step {step}");
    }
}
