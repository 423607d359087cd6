//! Game trees: notate reads the same moves, comments, NAGs and variations as
//! python-chess (expected trees in `fixtures/expected/trees/`, made by
//! `scripts/oracle/tree_dump.py`), and the PGN notate writes reads back to
//! the same trees. `scripts/oracle/check_pgn_output.sh` checks the same
//! output with python-chess itself.

use crate::common;

use std::path::Path;

use common::{fixture, header_only_sections};
use notate::convert::{Options, convert_str};
use notate::game::{Event, Game};
use notate::internals::reader::GameReader;
use notate::internals::split::{RawGame, Splitter};
use notate::notation::style::Style;
use notate::vocab::letters::ENGLISH;
use serde_json::{Value, json};

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn append(slot: &mut Value, text: &str) {
    let old = slot.as_str().unwrap_or("").to_string();
    *slot = Value::String(collapse(&format!("{old} {text}")));
}

/// One line of the tree, from `events[*i]` to the end of its variation, in
/// the oracle's shape.
fn line(game: &Game, i: &mut usize, first_comment: &mut Value) -> Vec<Value> {
    let style = Style::pgn();
    let mut entries: Vec<Value> = Vec::new();
    while *i < game.events.len() {
        let event = &game.events[*i];
        *i += 1;
        match event {
            Event::Move(m) => {
                let mut san = String::new();
                style.write_move(m, game.castling_mode, &mut san);
                entries.push(json!({"san": san, "nags": [], "starting_comment": "", "comment": "", "alternatives": []}));
            }
            Event::Nag(n) => {
                if let Some(last) = entries.last_mut() {
                    let nags = last["nags"].as_array_mut().unwrap();
                    nags.push(json!(n));
                    nags.sort_by_key(|v| v.as_u64());
                    nags.dedup();
                }
            }
            Event::Comment(range) => match entries.last_mut() {
                Some(last) => append(&mut last["comment"], game.slice(range)),
                None => append(first_comment, game.slice(range)),
            },
            Event::StartVariation => {
                let mut starting = Value::String(String::new());
                let mut alternative = line(game, i, &mut starting);
                if let Some(first) = alternative.first_mut() {
                    first["starting_comment"] = starting;
                }
                if let Some(last) = entries.last_mut() {
                    last["alternatives"]
                        .as_array_mut()
                        .unwrap()
                        .push(Value::Array(alternative));
                }
            }
            Event::EndVariation => break,
            // python-chess has no draw offers; the corpus has none either.
            Event::DrawOffer => {}
        }
    }
    entries
}

fn tree(game: &Game) -> Value {
    let mut comment = Value::String(String::new());
    let mut i = 0;
    let line = line(game, &mut i, &mut comment);
    json!({"game_comment": comment, "line": line})
}

fn trees(text: &str) -> Vec<Value> {
    let mut splitter = Splitter::new(text.as_bytes());
    let mut reader = GameReader::for_letters(&ENGLISH);
    let (mut raw, mut game) = (RawGame::default(), Game::default());
    let mut out = Vec::new();
    while splitter.next_game(&mut raw).unwrap() {
        reader.read(&raw.text, raw.first_line, &mut game);
        if !game.failed() {
            out.push(tree(&game));
        }
    }
    out
}

fn check(input: &Path, expected: &Path) -> usize {
    let text = String::from_utf8_lossy(&std::fs::read(input).unwrap()).into_owned();
    let want: Vec<Value> = std::fs::read_to_string(expected)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("skip").is_none())
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("game");
            v
        })
        .collect();
    let name = input.display();
    let ours = trees(&text);
    if let Some(sections) = header_only_sections(input) {
        // python-chess merges the sections into one game of no moves;
        // notate reads each as a game of no moves.
        assert_eq!(want.len(), 1, "{name}");
        assert_eq!(ours.len(), sections, "{name}: a game per tag section");
        assert!(ours.iter().all(|t| *t == ours[0]), "{name}");
        return sections;
    }
    // chess.js's `<br />` file: python-chess reads an empty game, notate an error.
    if ours.is_empty()
        && want
            .iter()
            .all(|v| v["line"].as_array().unwrap().is_empty())
    {
        return 0;
    }
    assert_eq!(ours.len(), want.len(), "{name}: games");
    for (i, (a, b)) in ours.iter().zip(&want).enumerate() {
        assert_eq!(a, b, "{name} game {i}: tree as read");
    }
    let (written, _, summary) = convert_str(&text, &Options::default());
    assert_eq!(
        summary.written as usize,
        want.len(),
        "{name}: games written"
    );
    let again = trees(&written);
    for (i, (a, b)) in again.iter().zip(&want).enumerate() {
        assert_eq!(
            a, b,
            "{name} game {i}: tree after writing PGN and reading it back"
        );
    }
    want.len()
}

#[test]
fn trees_match_python_chess_before_and_after_writing() {
    let mut games = 0;
    for (corpus, trees) in [
        ("corpus/python-chess_data_pgn", "expected/trees"),
        ("corpus/scalachess_fixtures", "expected/trees"),
        ("corpus/chess.js_pgn", "expected/trees"),
        (
            "corpus/pychess_learn/lessons",
            "expected/trees/pychess_learn/lessons",
        ),
    ] {
        for entry in std::fs::read_dir(fixture(corpus)).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().is_none_or(|e| e != "pgn") {
                continue;
            }
            let stem = input.file_stem().unwrap().to_str().unwrap();
            games += check(&input, &fixture(trees).join(format!("{stem}.jsonl")));
        }
    }
    assert!(games > 300, "{games}");
}
