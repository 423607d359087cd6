//! Issue 4: no input makes notate panic, hang or use memory without bound.
//!
//! Each test builds a hostile input in memory (nothing is stored), runs it
//! through the library with default options and checks that the call
//! returns with a clear outcome: the game converts, or fails with a
//! diagnostic that names the problem. Sizes are as the issue gives them;
//! every test finishes in seconds in release mode:
//!
//! ```sh
//! cargo test --release --test adversarial
//! ```
//!
//! Where linear time is in doubt, a `*_scales_linearly` test times the same
//! input at half and double the size (generously: per-unit cost must grow
//! less than 3x over a 4x growth of the input, where quadratic time gives 4x).
//!
//! The inputs that once crashed or hung the fuzzers are replayed from
//! `fixtures/regressions/` by the `regressions` module.

use crate::common::{self, assert_linear};
use crate::heap;
use std::fmt::Write as _;

use notate::convert::{Converter, Options, Summary, convert_str};
use notate::notation::style::Form;
use notate::output::Format;
use notate::vocab::diag::Diagnostic;
use notate::vocab::letters::LetterSet;

fn convert(text: &str) -> (String, Vec<Diagnostic>, Summary) {
    convert_str(text, &Options::default())
}

pub(crate) fn convert_bytes(bytes: &[u8]) -> (String, Vec<Diagnostic>, Summary) {
    let mut out = Vec::new();
    let mut diagnostics = Vec::new();
    let summary = Converter::new(&Options::default())
        .convert_stream(bytes, &mut out, &mut |d| diagnostics.push(d.clone()))
        .expect("reading from and writing to memory cannot fail");
    let out = String::from_utf8(out).expect("the output is UTF-8 whatever the input");
    (out, diagnostics, summary)
}

fn errors(diagnostics: &[Diagnostic]) -> Vec<&Diagnostic> {
    diagnostics.iter().filter(|d| d.is_error()).collect()
}

/// The first few diagnostics, for failure messages.
fn show(diagnostics: &[Diagnostic]) -> String {
    let mut s = format!("{} diagnostic(s)", diagnostics.len());
    for d in diagnostics.iter().take(5) {
        let mut m = d.to_string();
        if m.len() > 200 {
            let mut cut = 200;
            while !m.is_char_boundary(cut) {
                cut -= 1;
            }
            m.truncate(cut);
            m.push('…');
        }
        let _ = write!(s, "\n  {m}");
    }
    s
}

fn mentions(d: &Diagnostic, words: &[&str]) -> bool {
    let m = d.message.to_lowercase();
    words.iter().any(|w| m.contains(w))
}

/// Legal first moves for White, to vary the nested alternatives.
const FIRST_MOVES: [&str; 20] = [
    "e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3", "b4", "e3", "d3", "c3", "a3", "h3", "g4",
    "a4", "h4", "f3", "Na3", "Nh3",
];

/// `1. e4 (1. d4 (1. c4 ( … ))) *` nested `depth` deep; `close` says
/// whether the variations are closed.
fn nested_variations(depth: usize, close: bool) -> String {
    let mut s = String::with_capacity(depth * 10);
    s.push_str("1. e4 ");
    for i in 0..depth {
        let _ = write!(s, "(1. {} ", FIRST_MOVES[(i + 1) % FIRST_MOVES.len()]);
    }
    if close {
        for _ in 0..depth {
            s.push(')');
        }
    }
    s.push_str(" *\n");
    s
}

#[test]
fn nested_variations_100k_deep() {
    let depth = 100_000;
    let (out, diagnostics, summary) = convert(&nested_variations(depth, true));
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    if summary.written == 1 {
        // Converted: every variation is carried through.
        assert!(
            out.contains("1. e4 (1. d4 (1. c4"),
            "{}",
            &out[..out.len().min(200)]
        );
        assert_eq!(out.matches('(').count(), depth);
        assert_eq!(out.matches(')').count(), depth);
    } else {
        // Or refused, saying why.
        assert!(
            errors(&diagnostics)
                .iter()
                .any(|d| mentions(d, &["variation", "nest", "deep"])),
            "failed without naming the nesting: {}",
            show(&diagnostics)
        );
    }
}

#[test]
fn nested_variations_scale_linearly() {
    assert_linear("nested variations", 100_000, |n| nested_variations(n, true));
}

#[test]
fn unclosed_variations_100k_deep() {
    let depth = 100_000;
    let (_out, diagnostics, summary) = convert(&nested_variations(depth, false));
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    // Converted with a warning that the variations were closed at the end,
    // or refused; either way the diagnostic names the unclosed variations.
    assert!(
        diagnostics
            .iter()
            .any(|d| mentions(d, &["not closed", "unclosed", "variation"])),
        "no diagnostic names the unclosed variations: {}",
        show(&diagnostics)
    );
    if summary.written == 0 {
        assert!(!errors(&diagnostics).is_empty(), "{}", show(&diagnostics));
    }
}

#[test]
fn unclosed_variations_scale_linearly() {
    assert_linear("unclosed variations", 100_000, |n| {
        nested_variations(n, false)
    });
}

/// `1. e4`, then `count` times `c`, then the result.
fn e4_then(c: char, count: usize) -> String {
    let mut s = String::from("1. e4 ");
    s.extend(std::iter::repeat_n(c, count));
    s.push_str(" *\n");
    s
}

/// `1. e4` and then `count` bare `(` with no `)`.
fn open_parens(count: usize) -> String {
    e4_then('(', count)
}

#[test]
fn open_parens_100k() {
    let (_out, diagnostics, summary) = convert(&open_parens(100_000));
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert!(
        diagnostics
            .iter()
            .any(|d| mentions(d, &["variation", "`(`", "not closed"])),
        "no diagnostic names the stray `(`: {}",
        show(&diagnostics)
    );
}

#[test]
fn open_parens_scale_linearly() {
    assert_linear("bare `(`", 100_000, open_parens);
}

/// `1. e4` and then `count` stray `)`, each a warning of its own.
fn close_parens(count: usize) -> String {
    e4_then(')', count)
}

// Each stray `)` is a warning with its line and column. When each
// diagnostic's position was counted from the start of the game
// (the replay's line and column lookup), their cost was quadratic: 100,000 took 64 s.
#[test]
fn close_parens_100k() {
    let (out, diagnostics, summary) = convert(&close_parens(100_000));
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert_eq!(summary.written, 1, "{}", show(&diagnostics));
    assert!(out.contains("1. e4 *"), "{out}");
    assert!(
        diagnostics.iter().any(|d| mentions(d, &["`)`"])),
        "no diagnostic names the stray `)`: {}",
        show(&diagnostics)
    );
}

#[test]
fn close_parens_scale_linearly() {
    assert_linear("stray `)` warnings", 50_000, close_parens);
}

/// A game whose one comment is `bytes` long, spread over lines of 80.
fn long_comment(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 100);
    s.push_str("[Event \"long comment\"]\n\n1. e4 {");
    let words = [
        "the", "knight", "jumps", "over", "a", "pawn", "and", "nothing", "else",
    ];
    let mut col = 0;
    let mut i = 0;
    let start = s.len();
    while s.len() - start < bytes {
        let w = words[i % words.len()];
        i += 1;
        s.push_str(w);
        col += w.len() + 1;
        if col > 80 {
            s.push('\n');
            col = 0;
        } else {
            s.push(' ');
        }
    }
    s.push_str("} e5 *\n");
    s
}

#[test]
fn comment_10mb() {
    let size = 10 << 20;
    let (out, diagnostics, summary) = convert(&long_comment(size));
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert_eq!(summary.written, 1, "{}", show(&diagnostics));
    assert!(errors(&diagnostics).is_empty(), "{}", show(&diagnostics));
    assert!(
        out.len() > size * 9 / 10,
        "the comment was not carried through"
    );
    assert!(out.contains("the knight jumps over a pawn"));
    assert!(
        out.trim_end().ends_with("e5 *"),
        "{}",
        &out[out.len() - 100..]
    );
}

#[test]
fn comment_scales_linearly() {
    assert_linear("long comment", 2 << 20, long_comment);
}

/// One line of knight moves, `bytes` long: `1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 …`.
/// Returns the text and the number of full moves.
fn knight_shuffle(bytes: usize) -> (String, usize) {
    let mut s = String::with_capacity(bytes + 100);
    let mut n = 0;
    while s.len() < bytes {
        n += 1;
        let (w, b) = if n % 2 == 1 {
            ("Nf3", "Nf6")
        } else {
            ("Ng1", "Ng8")
        };
        let _ = write!(s, "{n}. {w} {b} ");
    }
    s.push_str("*\n");
    (s, n)
}

#[test]
fn moves_line_10mb() {
    let (text, moves) = knight_shuffle(10 << 20);
    assert!(!text[..text.len() - 1].contains('\n'));
    let (out, diagnostics, summary) = convert(&text);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert_eq!(summary.written, 1, "{}", show(&diagnostics));
    assert!(errors(&diagnostics).is_empty(), "{}", show(&diagnostics));
    let last = if moves % 2 == 1 { "Nf3 Nf6" } else { "Ng1 Ng8" };
    let tail = format!("{moves}. {last} *");
    assert!(
        out.trim_end().ends_with(&tail),
        "expected the game to end `{tail}`: …{}",
        &out[out.len().saturating_sub(100)..]
    );
}

#[test]
fn moves_line_scales_linearly() {
    assert_linear("one line of moves", 1 << 20, |n| knight_shuffle(n).0);
}

#[test]
fn million_one_move_games() {
    let games = 1_000_000;
    let text = "1. e4 *\n".repeat(games);
    let (out, diagnostics, summary) = convert(&text);
    assert_eq!(summary.read, games as u64, "{}", show(&diagnostics));
    assert_eq!(summary.written, games as u64, "{}", show(&diagnostics));
    assert_eq!(summary.failed, 0);
    assert!(errors(&diagnostics).is_empty(), "{}", show(&diagnostics));
    assert_eq!(out.matches("1. e4 *").count(), games);
}

/// An input of `count` games made as they are read, never stored whole.
struct Games<F: FnMut(usize, &mut Vec<u8>)> {
    make: F,
    count: usize,
    next: usize,
    buf: Vec<u8>,
    pos: usize,
}

impl<F: FnMut(usize, &mut Vec<u8>)> std::io::Read for Games<F> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        use std::io::BufRead;
        let n = {
            let src = self.fill_buf()?;
            let n = src.len().min(out.len());
            out[..n].copy_from_slice(&src[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<F: FnMut(usize, &mut Vec<u8>)> std::io::BufRead for Games<F> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos == self.buf.len() && self.next < self.count {
            self.buf.clear();
            self.pos = 0;
            (self.make)(self.next, &mut self.buf);
            self.next += 1;
        }
        Ok(&self.buf[self.pos..])
    }
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

/// The heap still held, after a stream of `count` games, by the converter
/// that read them (and the diagnostics, which are dropped as they come).
fn heap_after_games(count: usize, make: impl FnMut(usize, &mut Vec<u8>) + Send) -> isize {
    let mut converter = Converter::new(&Options::default());
    let before = heap::live();
    let input = Games {
        make,
        count,
        next: 0,
        buf: Vec::new(),
        pos: 0,
    };
    let summary = converter
        .convert_stream(input, &mut std::io::sink(), &mut |_| {})
        .unwrap();
    assert_eq!(summary.read, count as u64);
    let after = heap::live();
    drop(converter);
    after - before
}

/// A word no letter set knows, different for every game: `ZQXB4`.
fn odd_letters(mut i: usize, out: &mut Vec<u8>) {
    out.push(b'Z');
    loop {
        out.push(b"IJKLMNOPQRSTUVWXYZ"[i % 18]);
        i /= 18;
        if i == 0 {
            break;
        }
    }
    out.push(b'4');
}

#[test]
fn memory_flat_over_many_games() {
    // Plain games: what the converter keeps must not grow with their number.
    let plain = |_: usize, out: &mut Vec<u8>| {
        out.extend_from_slice(b"1. e4 e5 2. Nf3 Nc6 *\n");
    };
    let few = heap_after_games(10_000, plain);
    let many = heap_after_games(100_000, plain);
    eprintln!("plain games: 10,000 leave {few} bytes, 100,000 leave {many} bytes");
    assert!(
        many <= few.max(0) * 2 + (1 << 20),
        "memory grows with the number of games: 10,000 games leave {few} bytes held, 100,000 leave {many}"
    );
}

#[test]
fn memory_flat_over_many_games_with_odd_letters() {
    // Every game written with a piece letter of its own (`1. e4 ZQXB4 *`):
    // the letters-to-letter-sets memo of the reader must not keep one entry
    // per game for ever.
    let odd = |i: usize, out: &mut Vec<u8>| {
        out.extend_from_slice(b"[Event \"odd letters\"]\n\n1. e4 ");
        odd_letters(i, out);
        out.extend_from_slice(b" *\n\n");
    };
    let few = heap_after_games(5_000, odd);
    let many = heap_after_games(50_000, odd);
    eprintln!("odd letters: 5,000 games leave {few} bytes, 50,000 leave {many} bytes");
    assert!(
        many <= few.max(0) * 2 + (1 << 20),
        "memory grows with the number of games: 5,000 games leave {few} bytes held, 50,000 leave {many}"
    );
}

/// xorshift64*: a fixed pseudo-random byte stream.
fn garbage(len: usize, mut seed: u64) -> Vec<u8> {
    let mut v = Vec::with_capacity(len + 8);
    while v.len() < len {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        v.extend_from_slice(&seed.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes());
    }
    v.truncate(len);
    v
}

#[test]
fn binary_garbage_1mb() {
    for seed in [0x9e37_79b9_7f4a_7c15, 1, 0xdead_beef] {
        let bytes = garbage(1 << 20, seed);
        let (_out, diagnostics, summary) = convert_bytes(&bytes);
        assert_eq!(summary.written + summary.failed, summary.read);
        // Garbage is not chess: whatever was taken for a game failed or was
        // reported.
        assert!(
            summary.written == 0 || !diagnostics.is_empty(),
            "garbage converted silently: {summary:?}"
        );
        assert!(summary.failed == 0 || !errors(&diagnostics).is_empty());
        // The same bytes as text, through every output format and form.
        let text = String::from_utf8_lossy(&bytes);
        for (format, form) in [(Format::Ndjson, Form::Lan), (Format::Text, Form::Uci)] {
            let mut options = Options {
                format,
                ..Options::default()
            };
            options.style.form = form;
            let (_out, _diagnostics, s) = convert_str(&text, &options);
            assert_eq!(s.written + s.failed, s.read);
        }
    }
}

#[test]
fn binary_garbage_from_russian() {
    let bytes = garbage(1 << 20, 42);
    let mut options = Options::default();
    options.reading.from = vec![LetterSet::by_code("ru").unwrap()];
    options.reading.strict = true;
    let (_out, _diagnostics, s) = convert_str(&String::from_utf8_lossy(&bytes), &options);
    assert_eq!(s.written + s.failed, s.read);
}

const GAME: &str = "[Event \"Truncation test\"]\n[Site \"Here\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 {the king's pawn} e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";

#[test]
fn truncated_in_a_tag() {
    let cut = GAME.find("Here").unwrap() + 2; // `[Site "He`
    let (out, diagnostics, summary) = convert(&GAME[..cut]);
    // A tag cut short leaves no game: it is ignored with a warning, or read
    // as a game that fails or converts with the tag's problem reported.
    assert!(
        !diagnostics.is_empty(),
        "a truncated tag passed silently: {summary:?}, output:\n{out}"
    );
    assert_eq!(summary.written + summary.failed, summary.read);
    // The same cut after the tag name and after the `[`.
    for cut in [
        GAME.find("[Site").unwrap() + 5,
        GAME.find("[Site").unwrap() + 1,
    ] {
        let (_out, diagnostics, summary) = convert(&GAME[..cut]);
        assert_eq!(summary.written + summary.failed, summary.read);
        assert!(
            !diagnostics.is_empty() || summary.read == 1,
            "cut at {cut}: {summary:?}"
        );
    }
}

#[test]
fn truncated_in_a_comment() {
    let cut = GAME.find("king's").unwrap() + 3; // `{the kin`
    let (out, diagnostics, summary) = convert(&GAME[..cut]);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert!(
        diagnostics.iter().any(|d| mentions(d, &["comment", "`}`"])),
        "no diagnostic names the unterminated comment: {}",
        show(&diagnostics)
    );
    if summary.written == 1 {
        assert!(out.contains("1. e4"), "{out}");
    }
}

#[test]
fn truncated_in_a_move() {
    // Cut inside a square: `3. Bb`.
    let cut = GAME.find("Bb5").unwrap() + 2;
    let (_out, diagnostics, summary) = convert(&GAME[..cut]);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert_eq!(summary.failed, 1, "{}", show(&diagnostics));
    assert!(
        errors(&diagnostics)
            .iter()
            .any(|d| d.message.contains("`Bb`")),
        "the error does not name the cut move `Bb`: {}",
        show(&diagnostics)
    );
}

#[test]
fn truncated_after_a_piece_letter() {
    // Cut after the letter: `2. Nf3 N`. The lone `N` must not vanish
    // silently (taken as prose, into a comment): an error, or at least a
    // warning, names it.
    let cut = GAME.find("Nc6").unwrap() + 1;
    let (out, diagnostics, summary) = convert(&GAME[..cut]);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert!(
        diagnostics.iter().any(|d| d.message.contains("`N`")),
        "the cut move `N` passed silently: {summary:?}, {}, output:\n{out}",
        show(&diagnostics)
    );
}

#[test]
fn invalid_utf8_in_a_tag_value() {
    let bytes: &[u8] =
        b"[Event \"Caf\xe9 \xff\xfe\x80 open\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 *\n";
    let (out, diagnostics, summary) = convert_bytes(bytes);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    assert_eq!(summary.written, 1, "{}", show(&diagnostics));
    assert!(out.contains("1. e4 e5 *"), "{out}");
    assert!(out.contains("[Event \""), "{out}");
    // Read as Latin-1 (or replaced): the value's ASCII survives.
    assert!(out.contains("open"), "{out}");
    assert!(out.contains("ller"), "{out}");
}

#[test]
fn invalid_utf8_in_movetext() {
    let bytes: &[u8] = b"[Event \"x\"]\n\n1. e4 \xff\xfe\x80 e5 2. Nf\xc33 Nc6 *\n";
    let (out, diagnostics, summary) = convert_bytes(bytes);
    assert_eq!(summary.read, 1, "{}", show(&diagnostics));
    // Either the bytes are taken as prose/comment and the game converts, or
    // the game fails with an error at the bad token.
    if summary.written == 0 {
        assert!(!errors(&diagnostics).is_empty(), "{}", show(&diagnostics));
    } else {
        // The moves after the bad bytes (`e5 2. Nf3 Nc6`) must not vanish
        // silently into a comment.
        assert!(
            !diagnostics.is_empty(),
            "bad bytes passed silently: {summary:?}, output:\n{out}"
        );
    }
    // A lone invalid byte in a move and in a move number.
    for bytes in [
        &b"1. e\xff4 e5 *\n"[..],
        b"1\xff. e4 e5 *\n",
        b"1. e4 e5 \xc3",
        b"\xef\xbb\xbf\xef\xbb\xbf1. e4 *\n",
    ] {
        let (_out, diagnostics, summary) = convert_bytes(bytes);
        assert_eq!(summary.written + summary.failed, summary.read);
        assert!(summary.failed == 0 || !errors(&diagnostics).is_empty());
    }
}

/// Found by the `reader` fuzzer (`fixtures/regressions/reader-nfkc-run-together-offset.bin`,
/// the two bytes `g\xbe`, Latin-1 `g¾`): a word with compatibility
/// characters is read in its NFKC form (`g¾` → `g3⁄4`), and where that form
/// runs two moves together the split's byte offset in the folded word was
/// taken as an offset in the input text, inside a character: `line_col`
/// panicked slicing there. Each input must convert or fail with a
/// diagnostic, never panic.
#[test]
fn compatibility_characters_in_moves() {
    let inputs: [&[u8]; 7] = [
        b"g\xbe",
        "1. g¾ *\n".as_bytes(),
        "1. ｅ４ｅ５ *\n".as_bytes(),
        "1. e4e５ 2. Nf3 *\n".as_bytes(),
        "1. ｅ４ ｅ５ 2. Ｎｆ３Ｎｃ６ *\n".as_bytes(),
        "[Event \"x\"]\n\n1. f4 e5 2. g¾ Qh4# 0-1\n".as_bytes(),
        "1. e4 e5 2. Nf3 ｂ２ｂ４ｘｙｚ *\n".as_bytes(),
    ];
    let mut panics = Vec::new();
    for input in inputs {
        let result = common::panic_message(|| {
            let (_out, diagnostics, summary) = convert_bytes(input);
            assert_eq!(summary.written + summary.failed, summary.read);
            assert!(summary.failed == 0 || !errors(&diagnostics).is_empty());
        });
        if let Some(msg) = result {
            panics.push(format!("{:?}: {msg}", String::from_utf8_lossy(input)));
        }
    }
    assert!(panics.is_empty(), "panics:\n{}", panics.join("\n"));
}
