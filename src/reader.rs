//! Reading one game: tokens in, a [`Game`] with every move resolved out.
//!
//! [`GameReader::read`] walks the lexer's tokens, sets up the start position
//! from the tags (FEN, SetUp, Variant), reads each word with the move
//! grammar, resolves it on the board and records it, keeping a stack of
//! positions for variations. A game that cannot be replayed stops at the
//! first move that fails, with an error naming it; what was read before
//! stays in the game.

use shakmaty::{CastlingMode, Chess, Color, Position, PositionError, fen::Fen, san::San};

use crate::diag::{Diagnostic, Severity};
use crate::game::{Check, Event, Game, MoveRecord, play};
use crate::letters::LetterSet;
use crate::lexer::{Lexer, Tok};
use crate::move_token::{Alphabet, ParsedMove};
use crate::resolve::{ResolveError, Resolved, resolve};

/// Reads games written in a given set of piece letters.
pub struct GameReader {
    alphabet: Alphabet,
    letters: &'static LetterSet,
    /// (position before the last move, position now) of each open variation's parent.
    stack: Vec<(Option<Chess>, Chess)>,
}

/// Where a game's reading is.
struct Replay {
    /// The position before the last move of the current line, if any.
    prev: Option<Chess>,
    pos: Chess,
}

impl GameReader {
    /// A reader for moves in `letters` (and figurines, always).
    pub fn new(letters: &'static LetterSet) -> GameReader {
        GameReader {
            alphabet: Alphabet::new(&[letters]),
            letters,
            stack: Vec::new(),
        }
    }

    /// Reads one game's text into `game`. `first_line` is the line the text
    /// starts on in its input, for diagnostics.
    pub fn read(&mut self, text: &str, first_line: u32, game: &mut Game) {
        game.clear();
        game.first_line = first_line;
        game.letters = Some(self.letters);
        self.stack.clear();
        let mut replay: Option<Replay> = None;
        let mut failed = false;
        let at = |offset: usize| {
            let (line, column) = Lexer::line_col(text, offset);
            (line + first_line - 1, column)
        };
        let report = |game: &mut Game, severity, offset, message: String| {
            let (line, column) = at(offset);
            game.diagnostics.push(Diagnostic {
                severity,
                line,
                column,
                message,
            });
        };

        for token in Lexer::new(text) {
            if let Tok::Tag { name, value } = token.tok {
                let start = game.begin_text();
                unescape_into(game, value);
                let value = game.end_text(start);
                game.set_tag_stored(name, value);
                continue;
            }
            if failed {
                continue;
            }
            // Comments and NAGs before the first move need no position; the
            // start position is set up when the first move or variation
            // needs it, after every tag before it has been read.
            let needs_board = matches!(token.tok, Tok::Word(_) | Tok::Open | Tok::Close);
            if replay.is_none() && !needs_board {
                match token.tok {
                    Tok::Comment(text) | Tok::UnterminatedComment(text) => {
                        game.push_comment(text.trim())
                    }
                    Tok::Nag(nag) => game.events.push(Event::Nag(nag)),
                    Tok::Result(result) => game.result = Some(result),
                    _ => {}
                }
                continue;
            }
            let replay = match &mut replay {
                Some(r) => r,
                None => match start_position(game) {
                    Ok(pos) => replay.insert(Replay { prev: None, pos }),
                    Err(message) => {
                        report(game, Severity::Error, token.offset, message);
                        failed = true;
                        continue;
                    }
                },
            };
            match token.tok {
                Tok::Tag { .. } => unreachable!("handled above"),
                Tok::Comment(text) => game.push_comment(text.trim()),
                Tok::UnterminatedComment(text) => {
                    report(
                        game,
                        Severity::Warning,
                        token.offset,
                        "comment has no closing `}`; read to the end of the game".into(),
                    );
                    game.push_comment(text.trim());
                }
                Tok::Nag(nag) => game.events.push(Event::Nag(nag)),
                Tok::BadNag(text) => report(
                    game,
                    Severity::Warning,
                    token.offset,
                    format!("`{text}` is not a NAG (expected `$` and a number 0-255); ignored"),
                ),
                Tok::Open => match replay.prev.take() {
                    Some(prev) => {
                        let now = std::mem::replace(&mut replay.pos, prev.clone());
                        self.stack.push((Some(prev), now));
                        game.events.push(Event::StartVariation);
                    }
                    None => {
                        report(
                            game,
                            Severity::Error,
                            token.offset,
                            "variation `(` before any move it could be an alternative to".into(),
                        );
                        failed = true;
                    }
                },
                Tok::Close => match self.stack.pop() {
                    Some((prev, pos)) => {
                        replay.prev = prev;
                        replay.pos = pos;
                        if game.events.last() == Some(&Event::StartVariation) {
                            // `( )`: an empty variation says nothing.
                            game.events.pop();
                        } else {
                            game.events.push(Event::EndVariation);
                        }
                    }
                    None => report(
                        game,
                        Severity::Warning,
                        token.offset,
                        "`)` closes no variation; ignored".into(),
                    ),
                },
                Tok::Result(result) => game.result = Some(result),
                Tok::MoveNumber(_) => {}
                Tok::Word(word) => {
                    let mut rest = word;
                    let mut offset = token.offset;
                    loop {
                        match self.play_word(rest, replay, game) {
                            Ok(None) => break,
                            Ok(Some(len)) => {
                                report(
                                    game,
                                    Severity::Warning,
                                    offset + len,
                                    format!(
                                        "moves run together: `{}` read as two moves, `{}` and `{}`",
                                        rest,
                                        &rest[..len],
                                        &rest[len..]
                                    ),
                                );
                                rest = &rest[len..];
                                offset += len;
                            }
                            Err(message) => {
                                report(game, Severity::Error, offset, message);
                                failed = true;
                                break;
                            }
                        }
                    }
                }
            }
        }
        if replay.is_none() && !failed {
            // A game with tags only: still check its start position.
            if let Err(message) = start_position(game) {
                report(game, Severity::Error, text.len(), message);
            }
        }
        if !failed && !self.stack.is_empty() {
            report(
                game,
                Severity::Warning,
                text.len(),
                format!(
                    "{} variation(s) not closed with `)`; closed at the end",
                    self.stack.len()
                ),
            );
            for _ in self.stack.drain(..) {
                game.events.push(Event::EndVariation);
            }
        }
    }

    /// Plays the move `word` names. Where only a leading part of it is a
    /// move (`Фxd5+Сd7`, two moves run together), plays that part and
    /// returns its length, so the caller reads the rest as the next move.
    fn play_word(
        &self,
        word: &str,
        replay: &mut Replay,
        game: &mut Game,
    ) -> Result<Option<usize>, String> {
        let pos = &replay.pos;
        let color = pos.turn();
        let number = pos.fullmoves().get();
        let side = match color {
            Color::White => format!("{number}."),
            Color::Black => format!("{number}..."),
        };
        let (readings, run_on) = match ParsedMove::readings(word, &self.alphabet) {
            Ok(readings) => (readings, None),
            Err(e) => match ParsedMove::readings(&word[..e.offset], &self.alphabet) {
                Ok(readings) if e.offset > 0 => (readings, Some(e.offset)),
                _ => {
                    return Err(format!(
                        "`{word}` is not a move (at {side}): expected {} at `{}`",
                        e.expected,
                        &word[e.offset.min(word.len())..]
                    ));
                }
            },
        };
        let word = &word[..run_on.unwrap_or(word.len())];
        // Where a token reads more than one way (a set whose names overlap,
        // as Bengali's `G` bishop and `Gh` knight), the longest piece name
        // that gives a legal move wins, as a reader's eye takes `Gh` whole;
        // shorter names are tried only when it names no legal move.
        let mut chosen: Option<(ParsedMove, Option<Resolved>)> = None;
        let mut first_error: Option<ResolveError> = None;
        for reading in &readings {
            match resolve(pos, &reading.token) {
                Ok(r) => chosen = Some((*reading, Some(r))),
                Err(ResolveError::Null) => chosen = Some((*reading, None)),
                Err(e) => {
                    first_error.get_or_insert(e);
                    continue;
                }
            }
            break;
        }
        let Some((parsed, resolved)) = chosen else {
            return Err(match first_error {
                Some(ResolveError::Ambiguous(moves)) => {
                    let moves: shakmaty::MoveList = moves.into_iter().collect();
                    let list: Vec<String> = moves
                        .iter()
                        .map(|&m| San::disambiguate(m, &moves).to_string())
                        .collect();
                    format!(
                        "ambiguous move `{word}` at {side}: could be {}",
                        list.join(" or ")
                    )
                }
                _ => format!("illegal move `{word}` at {side}"),
            });
        };
        let (mv, san) = match resolved {
            Some(r) => (Some(r.mv), r.san),
            None => (None, San::Null),
        };
        let mut record = MoveRecord {
            mv,
            san,
            check: None,
            color,
            number,
        };
        let after = play(pos, &record)
            .ok_or_else(|| format!("null move `{word}` at {side} while in check"))?;
        record.check = check_of(&after);
        replay.prev = Some(std::mem::replace(&mut replay.pos, after));
        game.events.push(Event::Move(record));
        if let Some(nag) = parsed.nag {
            game.events.push(Event::Nag(nag));
        }
        Ok(run_on)
    }
}

/// The check a position's side to move is in.
pub fn check_of(pos: &Chess) -> Option<Check> {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        None
    } else if pos.legal_moves().is_empty() {
        Some(Check::Mate)
    } else if checkers.count() > 1 {
        Some(Check::DoubleCheck)
    } else {
        Some(Check::Check)
    }
}

fn unescape_into(game: &mut Game, value: &str) {
    let mut rest = value;
    while let Some(i) = rest.find('\\') {
        game.push_text(&rest[..i]);
        let escaped = rest[i + 1..].chars().next();
        match escaped {
            Some(c @ ('"' | '\\')) => {
                let mut buf = [0; 4];
                game.push_text(c.encode_utf8(&mut buf));
                rest = &rest[i + 2..];
            }
            _ => {
                game.push_text("\\");
                rest = &rest[i + 1..];
            }
        }
    }
    game.push_text(rest);
}

/// Whether a Variant tag names Chess960 (in any of its usual spellings),
/// standard chess, or something else.
fn variant_mode(variant: &str) -> Result<Option<CastlingMode>, ()> {
    let key: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => Ok(None),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "freestyle"
        | "freestylechess" | "fischerrandomchess" => Ok(Some(CastlingMode::Chess960)),
        _ => Err(()),
    }
}

/// Sets the game's start position from its tags.
fn start_position(game: &mut Game) -> Result<Chess, String> {
    let variant = game.tag("Variant").unwrap_or("");
    let forced = variant_mode(variant).map_err(|()| {
        format!("variant `{variant}` is not supported (only standard chess and Chess960)")
    })?;
    let pos = match game.tag("FEN") {
        None => {
            if forced.is_some() {
                // Chess960 from the standard array: castling is still 960-style.
                Chess::default()
                    .to_setup(shakmaty::EnPassantMode::Legal)
                    .position(CastlingMode::Chess960)
                    .map_err(|e| e.to_string())?
            } else {
                Chess::default()
            }
        }
        Some(fen_text) => {
            let fen: Fen = fen_text
                .trim()
                .parse()
                .map_err(|e| format!("FEN tag `{fen_text}` cannot be read: {e}"))?;
            let mode = forced.unwrap_or_else(|| CastlingMode::detect(fen.as_setup()));
            fen.into_position(mode)
                .or_else(PositionError::ignore_invalid_ep_square)
                .map_err(|e| format!("FEN tag `{fen_text}` is not a legal position: {e}"))?
        }
    };
    game.castling_mode = pos.castles().mode();
    game.from_fen = game.tag("FEN").is_some();
    game.start = pos.clone();
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::ENGLISH;
    use shakmaty::Role;

    fn read(text: &str) -> Game {
        let mut game = Game::default();
        GameReader::new(&ENGLISH).read(text, 1, &mut game);
        game
    }

    fn mainline_san(game: &Game) -> Vec<String> {
        game.mainline().map(|m| m.san.to_string()).collect()
    }

    #[test]
    fn reads_tags_moves_variations() {
        let g = read("[White \"A\\\"\"]\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {ok} Nc6 $1 1-0");
        assert_eq!(g.tag("White"), Some("A\""));
        assert_eq!(mainline_san(&g), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(g.result, Some(crate::game::GameResult::WhiteWins));
        assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
        assert_eq!(
            g.events
                .iter()
                .filter(|e| matches!(e, Event::Move(_)))
                .count(),
            6
        );
    }

    #[test]
    fn empty_variations_vanish() {
        let g = read("1. e4 e5 ( ) 2. Nf3 () *");
        assert!(
            !g.events
                .iter()
                .any(|e| matches!(e, Event::StartVariation | Event::EndVariation))
        );
        assert_eq!(mainline_san(&g), ["e4", "e5", "Nf3"]);
    }

    #[test]
    fn null_moves_pass_and_count() {
        let g = read("1. e4 -- 2. d4 e5 3. Nf3 Z0 4. Nc3");
        assert!(!g.failed(), "{:?}", g.diagnostics);
        let numbers: Vec<u32> = g.mainline().map(|m| m.number).collect();
        assert_eq!(numbers, [1, 1, 2, 2, 3, 3, 4]);
        assert!(
            read("1. e4 e5 2. Qh5 f6 3. Qxe5+ --").failed(),
            "a pass while in check"
        );
    }

    #[test]
    fn mate_and_double_check_are_computed() {
        let g = read("1. f3 e5 2. g4 Qh4");
        let last = g.mainline().last().unwrap();
        assert_eq!(last.check, Some(Check::Mate));
    }

    #[test]
    fn illegal_move_stops_with_position() {
        let g = read("1. e4 e5\n2. Ke3 Nf6");
        assert!(g.failed());
        let d = &g.diagnostics[0];
        assert_eq!((d.line, d.column), (2, 4));
        assert!(
            d.message.contains("illegal move `Ke3` at 2."),
            "{}",
            d.message
        );
        assert_eq!(mainline_san(&g), ["e4", "e5"]);
    }

    #[test]
    fn fen_start_and_variants() {
        let g = read("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n40... Kd7 41. e4");
        assert_eq!(mainline_san(&g), ["Kd7", "e4"]);
        assert_eq!(g.mainline().last().unwrap().number, 41);
        let g = read("[Variant \"Atomic\"]\n1. e4");
        assert!(g.failed());
    }

    #[test]
    fn chess960_castling_from_shredder_fen() {
        let g = read("[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 9\"]\n9. O-O");
        assert!(!g.failed(), "{:?}", g.diagnostics);
        assert_eq!(g.castling_mode, CastlingMode::Chess960);
        let m = g.mainline().next().unwrap();
        assert_eq!(m.uci(CastlingMode::Chess960).to_string(), "f1g1");
    }

    #[test]
    fn pawn_role_is_default() {
        let g = read("1. e4");
        assert_eq!(g.mainline().next().unwrap().mv.unwrap().role(), Role::Pawn);
    }
}
