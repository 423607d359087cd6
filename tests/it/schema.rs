//! The ndjson output against its JSON Schema (`schema/notate-game.schema.json`),
//! on every corpus, sample and broken fixture; and the FEN given after each
//! move (`--fen`) against shakmaty replaying the move's UCI, variations
//! included.

use crate::common;

use std::path::{Path, PathBuf};

use common::{fixture, root};
use notate::convert::{Options, convert_str};
use notate::output::Format;
use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// The fixtures, and the TWIC and lichess samples where `../shared` is.
fn inputs() -> Vec<PathBuf> {
    let mut found = Vec::new();
    if let Some(shared) = common::shared() {
        let benches = shared.join("corpus/shakmaty_pgn-reader_benches");
        found.push(benches.join("twic1599_1000k.pgn"));
        found.push(benches.join("lichess_db_1000k.pgn"));
    }
    let mut stack = vec![fixture("corpus"), fixture("broken"), fixture("samples")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e == "pgn" || (e == "txt" && !path.ends_with("SOURCE.txt")))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn games(path: &Path) -> Vec<Value> {
    let bytes = std::fs::read(path).unwrap();
    let options = Options {
        format: Format::Ndjson,
        fen: true,
        ..Options::default()
    };
    let (out, _, _) = convert_str(&String::from_utf8_lossy(&bytes), &options);
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Replays `line` from `pos`: each move's UCI must be legal and give the
/// move's FEN. Returns the number of moves checked.
fn replay(line: &Value, pos: &Chess, at: &str) -> usize {
    let mut pos = pos.clone();
    let mut checked = 0;
    for m in line.as_array().unwrap() {
        let before = pos.clone();
        let uci = m["uci"].as_str().unwrap();
        if uci == "0000" {
            return checked;
        }
        let mv = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{at}: {uci}: {e}"));
        pos.play_unchecked(mv);
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        assert_eq!(m["fen"].as_str().unwrap(), fen, "{at}: after {uci}");
        checked += 1;
        if let Some(variations) = m.get("variations") {
            for v in variations.as_array().unwrap() {
                checked += replay(v, &before, at);
            }
        }
    }
    checked
}

#[test]
fn ndjson_matches_its_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("schema/notate-game.schema.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let (mut games_seen, mut moves_checked, mut variations, mut failed) = (0, 0, 0, 0);
    for path in inputs() {
        for (i, game) in games(&path).iter().enumerate() {
            let at = format!("{} game {i}", path.display());
            let problems: Vec<String> = validator
                .iter_errors(game)
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            assert!(problems.is_empty(), "{at}: {problems:#?}");
            games_seen += 1;
            if !game["errors"].as_array().unwrap().is_empty() {
                failed += 1;
            }
            let variant = game["tags"]["Variant"].as_str().unwrap_or("");
            let mode = if variant.contains("960") {
                CastlingMode::Chess960
            } else if variant.is_empty() || variant.eq_ignore_ascii_case("standard") {
                CastlingMode::Standard
            } else {
                continue;
            };
            // Chess960 games without a Variant tag: castling rights only
            // Chess960 can have.
            let start: Fen = game["start_fen"].as_str().unwrap().parse().unwrap();
            let start: Chess = match start.clone().into_position(mode) {
                Ok(pos) => pos,
                Err(_) => start.into_position(CastlingMode::Chess960).unwrap(),
            };
            moves_checked += replay(&game["moves"], &start, &at);
            variations += game.to_string().matches("\"variations\"").count();
        }
    }
    eprintln!(
        "{games_seen} games, {failed} failed, {variations} with variations, {moves_checked} moves"
    );
    assert!(games_seen > 1400, "{games_seen} games");
    assert!(failed >= 15, "{failed} failed games (the broken fixtures)");
    assert!(variations > 300, "{variations} moves with variations");
    assert!(moves_checked > 15_000, "{moves_checked} moves");
}
