//! How the games of a file are replayed, by lane: the reader's counters
//! ([`GameReader::replays`]) after reading every game under `--from auto`
//! (or the letter sets named after the file), to see how many games the
//! plain lane reads whole.
//!
//! ```sh
//! cargo run --release --example lanes -- games.pgn [de,ru]
//! ```

use notate::internals::reader::GameReader;
use notate::internals::split::{RawGame, Splitter};
use notate::{Game, ReaderOptions};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: lanes FILE.pgn [CODE,...]");
        std::process::exit(2);
    };
    let mut options = ReaderOptions::default();
    if let Some(codes) = args.next() {
        options.from = codes
            .split(',')
            .map(|code| notate::LetterSet::by_code(code).expect("a letter set's code"))
            .collect();
    }
    let data = std::fs::read(path)?;
    let mut reader = GameReader::new(&options);
    let mut splitter = Splitter::new(&data[..]);
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    let mut games = 0u64;
    while splitter.next_game(&mut raw)? {
        reader.read(&raw.text, raw.first_line, &mut game);
        games += 1;
    }
    let replays = reader.replays();
    println!(
        "{games} games: {} plain replays, {} general, {} trials",
        replays.plain, replays.general, replays.trials
    );
    Ok(())
}
