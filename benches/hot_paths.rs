//! Criterion benches of the hot paths: the whole conversion, reading a move
//! token, and the lexer. Run with `cargo bench --bench hot_paths`
//! (`-- --quick` for a short run).
//!
//! The text is the TWIC sample from `../shared/corpus` when that folder is
//! there, else the chess.js benchmark game bundled in `fixtures/`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use notate::convert::{Options, convert_str};
use notate::internals::lexer::Lexer;
use notate::notation::algebraic::{Alphabet, ParsedMove};
use notate::notation::style::Form;
use notate::output::Format;
use notate::vocab::letters::ENGLISH;

const TWIC: &str = "../shared/corpus/shakmaty_pgn-reader_benches/twic1599_1000k.pgn";
const FALLBACK: &str = "fixtures/corpus/chess.js_pgn/benchmarks_benchmark.pgn";

/// Typical move tokens, in the proportions a game has them: pawn moves,
/// piece moves, captures, checks, disambiguation, castling, promotions,
/// glyphs, and some long and UCI forms.
const TOKENS: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "exd5", "Nxe4", "Qxd8+", "Rxd8", "Raxd1", "R1e2",
    "Qh4+", "Bxf7+", "Kxf7", "Ng5+", "Qe8#", "e8=Q", "bxa1=N+", "O-O-O", "Nf3!", "Qd2?!", "exd6",
    "Rfe1", "g3", "Kg2", "e2-e4", "Ng1-f3", "e4xd5", "e2e4", "e7e8q", "Nbxd2",
];

fn text_path() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let twic = root.join(TWIC);
    if twic.is_file() {
        twic
    } else {
        root.join(FALLBACK)
    }
}

fn read_text() -> (String, String) {
    let path = text_path();
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    (name, String::from_utf8_lossy(&bytes).into_owned())
}

fn convert(c: &mut Criterion) {
    let (name, text) = read_text();
    let mut group = c.benchmark_group(format!("convert/{name}"));
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);

    let san = Options::default();
    group.bench_function("pgn-san", |b| {
        b.iter(|| convert_str(black_box(&text), &san))
    });

    let mut uci = Options::default();
    uci.style.form = Form::Uci;
    uci.format = Format::Text;
    group.bench_function("text-uci", |b| {
        b.iter(|| convert_str(black_box(&text), &uci))
    });
    group.finish();
}

fn move_tokens(c: &mut Criterion) {
    let alphabet = Alphabet::new(&[&ENGLISH]);
    let bytes: usize = TOKENS.iter().map(|t| t.len()).sum();
    let mut group = c.benchmark_group("move_token");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("readings-en", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for word in TOKENS {
                if let Ok(readings) = ParsedMove::readings(black_box(word), &alphabet) {
                    n += readings.len();
                }
            }
            n
        })
    });
    group.finish();
}

fn lexer(c: &mut Criterion) {
    let (name, text) = read_text();
    let mut group = c.benchmark_group(format!("lexer/{name}"));
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("count", |b| b.iter(|| Lexer::new(black_box(&text)).count()));
    group.finish();
}

criterion_group!(benches, convert, move_tokens, lexer);
criterion_main!(benches);
