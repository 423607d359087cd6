//! Newline-delimited JSON: one object per game, for programs.
//!
//! The fields are documented in the README (section "JSON output") and, as
//! a JSON Schema, in `schema/notate-game.schema.json`; a test validates real
//! output against it.

use std::sync::Arc;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move};

use crate::game::{Check, Event, Game, MoveRecord, play};
use crate::notation::spelling::Spelling;
use crate::notation::style::{Form, Style};
use crate::output::{Layout, Origin, Printer, Strip};
use crate::vocab::diag::{Diagnostic, Severity};
use crate::vocab::letters::role_name;

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
    origin: Option<Arc<Origin>>,
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
            origin: None,
        }
    }
}

/// Where a game came from: its input, and its first move's place there
/// (in a document: the kind and the place in it).
fn source(origin: &Origin, game: &Game) -> Value {
    let (line, column) = game.first_move.unwrap_or((game.first_line, 1));
    let place = origin.map.as_ref().and_then(|m| m.place(line, column));
    let mut value = match place {
        Some(place) => place.to_json(),
        None => json!({"line": line, "column": column}),
    };
    value["path"] = origin.path.as_str().into();
    value
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
    // Then `variations`, alternatives to this move, each a line of moves:
    // written by `Frame`, after the fields above.
}

#[derive(Serialize)]
struct DiagJson<'a> {
    line: u32,
    column: u32,
    message: &'a str,
}

/// A game's fields before its moves.
#[derive(Serialize)]
struct GameHead<'a> {
    tags: Tags<'a>,
    start_fen: String,
    result: &'static str,
    letters: Option<&'static str>,
    notation: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<Value>,
}

/// A game's fields after its moves.
#[derive(Serialize)]
struct GameTail<'a> {
    /// Comments after the last move of the game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments_after: Vec<&'a str>,
    warnings: Vec<DiagJson<'a>>,
    errors: Vec<DiagJson<'a>>,
}

/// A game's tree of moves, flat: every move (with the lines of its
/// variations) and every line (its moves), by index.
#[derive(Default)]
struct Tree<'a> {
    moves: Vec<(MoveJson<'a>, Vec<usize>)>,
    lines: Vec<Vec<usize>>,
}

/// A line being read: its index in the tree, its positions, its last
/// move (still open to NAGs, comments and variations) and the comments
/// with no move before them.
struct Frame<'a> {
    line: usize,
    /// The position before the next move, and before the open one.
    pos: Option<Chess>,
    before: Option<Chess>,
    open: Option<usize>,
    pending: Vec<&'a str>,
}

/// Where the writing of a tree is: in a line, or in a move's variations.
enum Step {
    Line { line: usize, next: usize },
    Variations { mv: usize, next: usize },
}

impl Tree<'_> {
    /// Writes line `root` as a JSON array of moves, each move's variations
    /// as its last field, walking with a stack rather than by recursion.
    fn write(&self, root: usize, out: &mut Vec<u8>) {
        out.push(b'[');
        let mut stack = vec![Step::Line {
            line: root,
            next: 0,
        }];
        while let Some(step) = stack.last_mut() {
            match step {
                Step::Line { line, next } => {
                    let Some(&mv) = self.lines[*line].get(*next) else {
                        out.push(b']');
                        stack.pop();
                        continue;
                    };
                    if *next > 0 {
                        out.push(b',');
                    }
                    *next += 1;
                    let (json, variations) = &self.moves[mv];
                    // Serializing plain data into memory cannot fail.
                    let _ = serde_json::to_writer(&mut *out, json);
                    if !variations.is_empty() {
                        out.pop();
                        out.extend_from_slice(b",\"variations\":[");
                        stack.push(Step::Variations { mv, next: 0 });
                    }
                }
                Step::Variations { mv, next } => {
                    let Some(&line) = self.moves[*mv].1.get(*next) else {
                        out.extend_from_slice(b"]}");
                        stack.pop();
                        continue;
                    };
                    if *next > 0 {
                        out.push(b',');
                    }
                    *next += 1;
                    out.push(b'[');
                    stack.push(Step::Line { line, next: 0 });
                }
            }
        }
    }
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
        }
    }

    /// The main line from `pos` and every variation in it, as the JSON
    /// array of its moves, with the comments after its last move that no
    /// move takes. Read with a stack of lines and written from a flat
    /// tree, not by recursion: a game nested any number of variations deep
    /// is written, in time linear in its size.
    fn main_line(&self, events: &'a [Event], pos: Option<Chess>) -> (Vec<u8>, Vec<&'a str>) {
        let mut tree = Tree {
            lines: vec![Vec::new()],
            ..Tree::default()
        };
        let frame = |line, pos| Frame {
            line,
            pos,
            before: None,
            open: None,
            pending: Vec::new(),
        };
        let mut stack = vec![frame(0, pos)];
        for event in events {
            let top = stack.len() - 1;
            let f = &mut stack[top];
            let open = f.open;
            match event {
                Event::Move(m) => {
                    let after = f.pos.as_ref().and_then(|p| play(p, m));
                    let mut json = self.record(m, f.pos.as_ref(), after.as_ref());
                    json.comments_before = std::mem::take(&mut f.pending);
                    tree.moves.push((json, Vec::new()));
                    f.open = Some(tree.moves.len() - 1);
                    tree.lines[f.line].push(tree.moves.len() - 1);
                    f.before = std::mem::replace(&mut f.pos, after);
                }
                Event::Nag(nag) => {
                    if let Some(mv) = open.filter(|_| !self.strip.nags) {
                        tree.moves[mv].0.nags.push(*nag);
                    }
                }
                Event::Comment(_) if self.strip.comments => {}
                Event::Comment(range) => {
                    let text = self.game.slice(range).trim();
                    match open {
                        Some(mv) => tree.moves[mv].0.comments.push(text),
                        None => f.pending.push(text),
                    }
                }
                Event::DrawOffer => {
                    if let Some(mv) = open {
                        tree.moves[mv].0.draw_offer = true;
                    }
                }
                Event::StartVariation => {
                    let before = f.before.clone();
                    tree.lines.push(Vec::new());
                    if let Some(mv) = open.filter(|_| !self.strip.variations) {
                        tree.moves[mv].1.push(tree.lines.len() - 1);
                    }
                    stack.push(frame(tree.lines.len() - 1, before));
                }
                // A `)` with no `(` ends the main line.
                Event::EndVariation if stack.len() == 1 => break,
                Event::EndVariation => {
                    stack.pop();
                }
            }
        }
        let mut out = Vec::new();
        tree.write(0, &mut out);
        stack.truncate(1);
        let main = stack.pop().expect("the main line");
        (out, main.pending)
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
        let (moves, comments_after) = builder.main_line(&game.events, Some(game.start.clone()));
        let head = GameHead {
            tags: Tags(game),
            start_fen: game.start_fen(),
            result: game.result().as_str(),
            letters: game.letters.map(|l| l.code),
            notation: game.notation().name(),
            source: self.origin.as_deref().map(|o| source(o, game)),
        };
        let tail = GameTail {
            comments_after,
            warnings: diagnostics(game, Severity::Warning),
            errors: diagnostics(game, Severity::Error),
        };
        // `{head…,"moves":[…],tail…}`; serializing plain data into memory
        // cannot fail.
        let start = out.len();
        let _ = serde_json::to_writer(&mut *out, &head);
        out.pop();
        out.extend_from_slice(b",\"moves\":");
        out.extend_from_slice(&moves);
        out.push(b',');
        let tail_start = out.len();
        let _ = serde_json::to_writer(&mut *out, &tail);
        out.remove(tail_start);
        debug_assert!(out[start] == b'{');
        out.push(b'\n');
    }

    fn prints_failed_games(&self) -> bool {
        true
    }

    fn set_origin(&mut self, origin: Option<Arc<Origin>>) {
        self.origin = origin;
    }

    fn tells_origin(&self) -> bool {
        self.origin.is_some()
    }
}
