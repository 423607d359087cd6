//! The floor under `notate`'s throughput: the least a SAN-to-UCI converter
//! built on shakmaty does, and nothing more. Lines starting with `[` are
//! skipped (an `[Event` tag starts a new game), every other word that
//! shakmaty reads as SAN is resolved on the board, played and written in
//! UCI. No comments, variations, diagnostics, check marks, letter sets or
//! decoding: a real converter cannot be faster than this on one core.
//!
//! ```sh
//! cargo run --release --example bare_replay -- book.pgn > /dev/null
//! ```

use std::io::{Read, Write};

use shakmaty::{CastlingMode, Chess, Position, Square, san::San, uci::UciMove};

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: bare_replay FILE.pgn");
        std::process::exit(2);
    };
    let mut data = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut data)?;
    let mut out = Vec::with_capacity(data.len());
    let mut pos = Chess::default();
    let (mut games, mut moves) = (0u64, 0u64);
    for line in data.split(|&b| b == b'\n') {
        if line.first() == Some(&b'[') {
            if line.starts_with(b"[Event ") {
                pos = Chess::default();
                games += 1;
                out.push(b'\n');
            }
            continue;
        }
        for word in line.split(u8::is_ascii_whitespace) {
            // `12.e4` and `12...e5`: the move after the number.
            let word = match word.iter().rposition(|&b| b == b'.') {
                Some(dot) => &word[dot + 1..],
                None => word,
            };
            let Ok(san) = San::from_ascii(word) else {
                continue;
            };
            let Ok(m) = san.to_move(&pos) else { continue };
            write_uci(m, &mut out);
            pos.play_unchecked(m);
            moves += 1;
        }
    }
    std::io::stdout().lock().write_all(&out)?;
    eprintln!("{games} games, {moves} moves");
    Ok(())
}

/// Appends `m` in UCI and a space, byte by byte (no formatting machinery).
fn write_uci(m: shakmaty::Move, out: &mut Vec<u8>) {
    let square = |out: &mut Vec<u8>, sq: Square| {
        out.push(sq.file().char() as u8);
        out.push(sq.rank().char() as u8);
    };
    if let UciMove::Normal {
        from,
        to,
        promotion,
    } = m.to_uci(CastlingMode::Standard)
    {
        square(out, from);
        square(out, to);
        if let Some(role) = promotion {
            out.push(role.char() as u8);
        }
    }
    out.push(b' ');
}
