//! Newline-delimited JSON: one object per game, for programs.
//!
//! The schema is documented in the README (section "JSON output").

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use shakmaty::Color;

use crate::diag::{Diagnostic, Severity};
use crate::game::Game;
use crate::printer::{Layout, Printer};
use crate::style::Style;

/// One JSON object per game per line; failed games too, with the moves
/// read before the failure and their errors.
pub struct NdjsonPrinter {
    pub layout: Layout,
}

/// Tags as a JSON object in input order.
struct Tags<'a>(&'a Game);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (name, value) in self.0.tags() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct MoveJson {
    number: u32,
    color: &'static str,
    san: String,
    uci: String,
    text: String,
}

#[derive(Serialize)]
struct DiagJson<'a> {
    line: u32,
    column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct GameJson<'a> {
    tags: Tags<'a>,
    start_fen: String,
    result: &'static str,
    letters: Option<&'static str>,
    moves: Vec<MoveJson>,
    warnings: Vec<DiagJson<'a>>,
    errors: Vec<DiagJson<'a>>,
}

fn diagnostics(game: &Game, severity: Severity) -> Vec<DiagJson<'_>> {
    game.diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d: &Diagnostic| DiagJson {
            line: d.line,
            column: d.column,
            message: &d.message,
        })
        .collect()
}

impl Printer for NdjsonPrinter {
    fn print(&self, game: &Game, out: &mut String) {
        let english = Style::pgn();
        let moves = game
            .mainline()
            .map(|m| {
                let mut san = String::new();
                english.write_move(m, game.castling_mode, &mut san);
                let mut text = String::new();
                self.layout
                    .style
                    .write_move(m, game.castling_mode, &mut text);
                MoveJson {
                    number: m.number,
                    color: match m.color {
                        Color::White => "white",
                        Color::Black => "black",
                    },
                    san,
                    uci: m.uci(game.castling_mode).to_string(),
                    text,
                }
            })
            .collect();
        let json = GameJson {
            tags: Tags(game),
            start_fen: game.start_fen(),
            result: game.result().as_str(),
            letters: game.letters.map(|l| l.code),
            moves,
            warnings: diagnostics(game, Severity::Warning),
            errors: diagnostics(game, Severity::Error),
        };
        // Serializing plain data into a String cannot fail.
        if let Ok(line) = serde_json::to_string(&json) {
            out.push_str(&line);
        }
        out.push('\n');
    }

    fn prints_failed_games(&self) -> bool {
        true
    }
}
