//! Newline-delimited JSON: one object per game, for programs.
//!
//! The fields are documented in the README (section "JSON output") and, as
//! a JSON Schema, in `schema/notate-game.schema.json`; a test validates real
//! output against it.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move};

use crate::diag::{Diagnostic, Severity};
use crate::game::{Check, Event, Game, MoveRecord, play};
use crate::letters::role_name;
use crate::printer::{Layout, Printer, Strip};
use crate::spelling::Spelling;
use crate::style::{Form, Style};

/// One JSON object per game per line; failed games too, with the moves
/// read before the failure and their errors.
pub struct NdjsonPrinter {
    /// Private: the spellings are made from its style once, and would not
    /// follow a change to it.
    layout: Layout,
    /// The layout's style, and the SAN and long algebraic every move is
    /// also given in.
    text: Spelling,
    san: Spelling,
    lan: Spelling,
}

impl NdjsonPrinter {
    /// A printer writing with `layout`.
    pub fn new(layout: Layout) -> NdjsonPrinter {
        NdjsonPrinter {
            text: Spelling::new(layout.style),
            san: Spelling::new(Style::pgn()),
            lan: Spelling::new(Style {
                form: Form::Lan,
                ..Style::pgn()
            }),
            layout,
        }
    }
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
struct MoveJson<'a> {
    number: u32,
    side: &'static str,
    san: String,
    lan: String,
    uci: String,
    /// The move in the style asked for.
    text: String,
    from: Option<String>,
    to: Option<String>,
    piece: Option<&'static str>,
    capture: Option<&'static str>,
    promotion: Option<&'static str>,
    check: bool,
    mate: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    nags: Vec<u8>,
    /// Comments before the move (only at the start of a line).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments_before: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments: Vec<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    draw_offer: bool,
    /// Alternatives to this move, each a line of moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    variations: Vec<Vec<MoveJson<'a>>>,
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
    notation: &'static str,
    moves: Vec<MoveJson<'a>>,
    /// Comments after the last move of the game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments_after: Vec<&'a str>,
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

/// Builds the JSON of a game's moves, line by line.
struct Builder<'a> {
    game: &'a Game,
    text: &'a Spelling,
    san: &'a Spelling,
    lan: &'a Spelling,
    fen: bool,
    strip: Strip,
}

/// A line of moves, and the comments that came after its last move with
/// no move to attach them to (a game's closing comments).
type Line<'a> = (Vec<MoveJson<'a>>, Vec<&'a str>);

impl<'a> Builder<'a> {
    fn record(
        &self,
        m: &MoveRecord,
        before: Option<&Chess>,
        after: Option<&Chess>,
    ) -> MoveJson<'a> {
        let mode = self.game.castling_mode;
        let write = |spelling: &Spelling| {
            let mut s = Vec::new();
            spelling.put_move_at(m, before, mode, &mut s);
            String::from_utf8(s).expect("moves are written in UTF-8")
        };
        let squares = match m
            .mv
            .map(|mv| UciMove::from_move(mv, CastlingMode::Standard))
        {
            Some(UciMove::Normal { from, to, .. }) => {
                (Some(from.to_string()), Some(to.to_string()))
            }
            _ => (None, None),
        };
        MoveJson {
            number: m.number,
            side: match m.color {
                Color::White => "white",
                Color::Black => "black",
            },
            san: write(self.san),
            lan: write(self.lan),
            uci: m.uci(mode).to_string(),
            text: write(self.text),
            from: squares.0,
            to: squares.1,
            piece: m.mv.map(|mv| role_name(mv.role())),
            capture: m.mv.and_then(Move::capture).map(role_name),
            promotion: m.mv.and_then(Move::promotion).map(role_name),
            check: m.check.is_some(),
            mate: m.check == Some(Check::Mate),
            fen: after
                .filter(|_| self.fen)
                .map(|pos| Fen::from_position(pos, EnPassantMode::Legal).to_string()),
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
            draw_offer: false,
            variations: Vec::new(),
        }
    }

    /// The line starting at `events[*i]` from `pos`, up to its `)` or the
    /// end; `*i` is left past it.
    fn line(&self, events: &'a [Event], i: &mut usize, pos: Option<Chess>) -> Line<'a> {
        let mut moves: Vec<MoveJson<'a>> = Vec::new();
        let mut pending: Vec<&'a str> = Vec::new();
        let mut pos = pos;
        let mut before: Option<Chess> = None;
        while let Some(event) = events.get(*i) {
            *i += 1;
            match event {
                Event::Move(m) => {
                    let after = pos.as_ref().and_then(|p| play(p, m));
                    let mut json = self.record(m, pos.as_ref(), after.as_ref());
                    json.comments_before = std::mem::take(&mut pending);
                    moves.push(json);
                    before = std::mem::replace(&mut pos, after);
                }
                Event::Nag(nag) => {
                    if let Some(last) = moves.last_mut().filter(|_| !self.strip.nags) {
                        last.nags.push(*nag);
                    }
                }
                Event::Comment(_) if self.strip.comments => {}
                Event::Comment(range) => {
                    let text = self.game.slice(range).trim();
                    match moves.last_mut() {
                        Some(last) => last.comments.push(text),
                        None => pending.push(text),
                    }
                }
                Event::DrawOffer => {
                    if let Some(last) = moves.last_mut() {
                        last.draw_offer = true;
                    }
                }
                Event::StartVariation => {
                    let (variation, _) = self.line(events, i, before.clone());
                    if let Some(last) = moves.last_mut().filter(|_| !self.strip.variations) {
                        last.variations.push(variation);
                    }
                }
                Event::EndVariation => break,
            }
        }
        (moves, pending)
    }
}

impl Printer for NdjsonPrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        let builder = Builder {
            game,
            text: &self.text,
            san: &self.san,
            lan: &self.lan,
            fen: self.layout.fen,
            strip: self.layout.strip,
        };
        let mut i = 0;
        let (moves, comments_after) = builder.line(&game.events, &mut i, Some(game.start.clone()));
        let json = GameJson {
            tags: Tags(game),
            start_fen: game.start_fen(),
            result: game.result().as_str(),
            letters: game.letters.map(|l| l.code),
            notation: game.notation().name(),
            moves,
            comments_after,
            warnings: diagnostics(game, Severity::Warning),
            errors: diagnostics(game, Severity::Error),
        };
        // Serializing plain data into memory cannot fail.
        let _ = serde_json::to_writer(&mut *out, &json);
        out.push(b'\n');
    }

    fn prints_failed_games(&self) -> bool {
        true
    }
}
