//! Real web pages holding games, collected from public repositories
//! (fixtures/documents/real/SOURCE.txt): viewer pages that keep their games
//! as PGN in hidden elements or in paragraphs for their script. Each gives
//! exactly the games python-chess reads from the PGN of those elements
//! (expected.jsonl, written by derive.py without notate), in page order.

use std::io::BufReader;

use notate::game::Game;
use notate::internals::decode;
use notate::internals::reader::{GameReader, ReaderOptions};
use notate::internals::split::{RawGame, Splitter};

use crate::common::{fixture, mainline};

/// The games the binary reads from a page: each main line in SAN, and
/// whether it failed. A text the binary takes for no game (no tags, no
/// moves, no error: "not a game, ignored") is left out, as it leaves it.
fn games_read(page: &str) -> Vec<(String, bool)> {
    let path = fixture(&format!("documents/real/{page}"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let input = decode::open(file, None).expect("a document opens");
    let mut splitter = Splitter::new(BufReader::new(input));
    let mut reader = GameReader::new(&ReaderOptions::default());
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    let mut games = Vec::new();
    while splitter.next_game(&mut raw).expect("read") {
        reader.read(&raw.text, raw.first_line, &mut game);
        if game.tags().next().is_none() && game.mainline().next().is_none() && !game.failed() {
            continue;
        }
        games.push((mainline(&game).0, game.failed()));
    }
    games
}

#[test]
fn real_pages_give_the_games_python_chess_reads() {
    let expected =
        std::fs::read_to_string(fixture("documents/real/expected.jsonl")).expect("expected");
    // The pages in the order expected.jsonl first names them, each with
    // its games' main lines in order.
    let mut pages: Vec<(String, Vec<String>)> = Vec::new();
    for line in expected.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).expect("json");
        let page = entry["document"].as_str().expect("document").to_string();
        let san = entry["san"].as_str().expect("san").to_string();
        match pages.iter_mut().find(|(name, _)| *name == page) {
            Some((_, games)) => games.push(san),
            None => pages.push((page, vec![san])),
        }
    }
    assert_eq!(pages.len(), 4, "{pages:?}");
    let mut games = 0;
    for (page, want) in &pages {
        let got = games_read(page);
        let sans: Vec<&str> = got.iter().map(|(san, _)| san.as_str()).collect();
        assert_eq!(sans, *want, "{page}");
        assert!(got.iter().all(|(_, failed)| !failed), "{page}: {got:#?}");
        games += got.len();
    }
    assert_eq!(games, 21);
}
