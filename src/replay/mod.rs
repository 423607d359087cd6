//! One replay of one game under one letter set: tokens in, a [`Game`] out.
//!
//! [`replay`] walks the lexer's tokens, sets up the start position from the
//! tags (FEN, SetUp, Variant), reads each word with the move grammar,
//! resolves it on the board and records it, keeping a stack of positions for
//! variations. On the way it keeps prose as comments, attaches marks written
//! apart from their move (`exd6 a.p.`, `Nd3 mate`), and repairs the slips
//! printed scores are known for, each with a warning (an error under
//! `strict`). A game that cannot be replayed stops at the first move that
//! fails, with an error naming it; what was read before stays in the game.
//!
//! Which letter set to replay under, and which of two equally legal moves a
//! printed token means, are decided by the caller ([`crate::reader`]), which
//! may replay a game several times.
//!
//! A game in plain PGN (tags, move numbers, moves in any letters, short or
//! long, a result) is first tried in `plain`, the plain lane: one pass over
//! its bytes with the same pieces, building the same `Game`; a game it
//! gives up on takes the walk.
//!
//! Here is the walk through the tokens; `word` reads and plays one move,
//! `marks` checks what was written with it, `setup` reads the start
//! position from the tags, `report` places each problem in the text.

use std::borrow::Cow;

use shakmaty::{Chess, Color, Position};

use crate::descriptive::Lang;
use crate::diag::Severity;
use crate::game::{Checks, Event, Game, GameResult};
use crate::letters::LetterSet;
use crate::lexer::{Lexer, Tok, Token};
use crate::move_token::Alphabet;

mod marks;
mod plain;
mod report;
mod setup;
mod word;

use marks::{repair_origin, san_list};
use setup::{start_position, store_tag};

/// How the caller settled a token that two legal moves fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The n-th of the candidate moves: the only one after which the rest of
    /// the game replays.
    Move(usize),
    /// None or several of them let the game go on: report the ambiguity.
    Unsettled,
}

/// A token two or more legal moves fit, met with no [`Pick`] for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoicePoint {
    /// The token's byte offset in the game's text.
    pub offset: usize,
    /// How many moves fit.
    pub count: usize,
}

/// What a replay is told.
pub struct Settings<'a> {
    pub letters: &'static LetterSet,
    pub alphabet: &'a Alphabet,
    /// Repairs are errors, not warnings.
    pub strict: bool,
    /// Also report move numbers out of sequence and results the board
    /// contradicts (`--check`).
    pub lint: bool,
    /// Picks made for ambiguous tokens, by offset.
    pub picks: &'a [(usize, Pick)],
    /// The game is in descriptive notation, in this language: moves are
    /// read as such first (`P-K4`), algebraic castling and the like after.
    pub descriptive: Option<Lang>,
    /// Which moves have their check found.
    pub checks: Checks,
}

impl Settings<'static> {
    /// A replay of a game on its own in `letters` (and figurines), in
    /// algebraic notation, with no picks made and no lint: a test's or a
    /// fuzz target's.
    pub fn in_letters(letters: &'static LetterSet, strict: bool) -> Settings<'static> {
        Settings {
            letters,
            alphabet: Alphabet::of(letters),
            strict,
            lint: false,
            picks: &[],
            descriptive: None,
            checks: Checks::All,
        }
    }
}

/// Positions of the line being read.
struct Line {
    /// The position before the last move of the line, if any.
    prev: Option<Chess>,
    pos: Chess,
}

struct Replayer<'a> {
    text: &'a str,
    first_line: u32,
    settings: &'a Settings<'a>,
    /// (position before the parent's last move, position now, offset of
    /// the `(`) of each open variation.
    stack: Vec<(Option<Chess>, Chess, usize)>,
    /// Where the FEN and Variant tags are, for problems with them.
    setup_tags: [Option<usize>; 2],
    /// The last (offset, line, column) computed, to go on from.
    place: std::cell::Cell<(usize, u32, u32)>,
}

/// Replays `text` into `game`. Returns the first ambiguous token that has no
/// pick, in which case `game` is incomplete and the caller decides.
///
/// A game in plain PGN takes the plain lane ([`replay_plain`]); any other,
/// or one the plain lane gives up on, the general walk
/// ([`replay_general`]). Both build the same `Game`.
pub fn replay(
    text: &str,
    first_line: u32,
    settings: &Settings<'_>,
    game: &mut Game,
) -> Option<ChoicePoint> {
    if replay_plain(text, first_line, settings, game) {
        return None;
    }
    replay_general(text, first_line, settings, game)
}

/// Replays `text` into `game` in the plain lane (see `plain.rs`): `false`,
/// with `game` half built, where the game is not plain PGN or `settings`
/// ask for what the lane does not do.
pub fn replay_plain(text: &str, first_line: u32, settings: &Settings<'_>, game: &mut Game) -> bool {
    if !plain::applies(settings) {
        return false;
    }
    begin(first_line, settings, game);
    plain::replay_plain(text, settings.alphabet, settings.checks, game)
}

/// Replays `text` into `game` by the general walk, which reads every
/// notation and reports every problem.
pub fn replay_general(
    text: &str,
    first_line: u32,
    settings: &Settings<'_>,
    game: &mut Game,
) -> Option<ChoicePoint> {
    begin(first_line, settings, game);
    let mut r = Replayer {
        text,
        first_line,
        settings,
        stack: Vec::new(),
        setup_tags: [None, None],
        place: std::cell::Cell::new((0, 1, 1)),
    };
    r.run(game)
}

/// Empties `game` for a replay under `settings` of a game that starts on
/// line `first_line`.
fn begin(first_line: u32, settings: &Settings<'_>, game: &mut Game) {
    game.clear();
    game.first_line = first_line;
    game.letters = Some(settings.letters);
    game.descriptive = settings.descriptive;
}

/// Why a word could not be played, and what might have been meant.
struct Problem {
    message: String,
    notes: Vec<String>,
    /// Suggest what the word may have meant (see [`Game::explain`]).
    explain: bool,
}

impl From<String> for Problem {
    fn from(message: String) -> Problem {
        Problem {
            message,
            notes: Vec::new(),
            explain: false,
        }
    }
}

/// What became of a word.
enum WordOutcome {
    /// Played; `Some(len)` where only its first `len` bytes were a move and
    /// the rest is the next one (`Фxd5+Сd7`).
    Played(Option<usize>),
    /// Not a move but prose: the rest of the line is a comment.
    Prose,
    /// A move two legal moves fit, with no pick.
    Choice(ChoicePoint),
}

impl Replayer<'_> {
    /// Under `lint`: a result the board contradicts, at the end of the main
    /// line (`pos`).
    fn check_result(&self, game: &mut Game, pos: &Chess) {
        let board = if pos.is_checkmate() {
            Some(match pos.turn() {
                Color::White => GameResult::BlackWins,
                Color::Black => GameResult::WhiteWins,
            })
        } else if pos.is_stalemate() {
            Some(GameResult::Draw)
        } else {
            None
        };
        let end = self.text.trim_end().len();
        let tag = game.tag("Result").and_then(GameResult::parse);
        if let (Some(tag), Some(movetext)) = (tag, game.result)
            && tag != movetext
        {
            self.report(
                game,
                Severity::Warning,
                end,
                format!(
                    "the Result tag says {} but the movetext ends with {}",
                    tag.as_str(),
                    movetext.as_str()
                ),
            );
        }
        if let Some(board) = board {
            let written = game.result();
            if written != board {
                let how = if board == GameResult::Draw {
                    "stalemate"
                } else {
                    "mate"
                };
                self.report(
                    game,
                    Severity::Warning,
                    end,
                    format!(
                        "the game ends in {how}, so the result is {}, but it is given as {}",
                        board.as_str(),
                        written.as_str()
                    ),
                );
            }
        }
    }

    fn run(&mut self, game: &mut Game) -> Option<ChoicePoint> {
        let text = self.text;
        let mut line: Option<Line> = None;
        let mut failed = false;
        let mut lexer = Lexer::new(text);
        // A move number read, waiting for its move (checked under `lint`).
        let mut number: Option<(u32, usize)> = None;
        while let Some(token) = lexer.next() {
            if let Tok::Tag { name, value } = token.tok {
                store_tag(game, name, value);
                match name {
                    "FEN" => self.setup_tags[0] = Some(token.offset),
                    "Variant" => self.setup_tags[1] = Some(token.offset),
                    _ => {}
                }
                continue;
            }
            if let Tok::BrokenTag(line) = token.tok {
                self.report(
                    game,
                    Severity::Warning,
                    token.offset,
                    format!(
                        "`{}` is not a whole tag (it needs a closing `\"]`); ignored",
                        line.trim()
                    ),
                );
                continue;
            }
            if failed {
                continue;
            }
            // Comments and NAGs before the first move need no position; the
            // start position is set up when the first move or variation
            // needs it, after every tag before it has been read.
            let needs_board = matches!(token.tok, Tok::Word(_) | Tok::Open | Tok::Close);
            if line.is_none() && !needs_board {
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
            let l = match &mut line {
                Some(l) => l,
                None => match start_position(game) {
                    Ok(pos) => line.insert(Line { prev: None, pos }),
                    Err((message, tag)) => {
                        let at = self.setup_tags[tag as usize].unwrap_or(token.offset);
                        self.report(game, Severity::Error, at, message);
                        failed = true;
                        continue;
                    }
                },
            };
            match token.tok {
                Tok::Tag { .. } | Tok::BrokenTag(_) => {}
                Tok::Comment(text) => game.push_comment(text.trim()),
                Tok::UnterminatedComment(text) => {
                    self.report(
                        game,
                        Severity::Warning,
                        token.offset,
                        "comment has no closing `}`; read to the end of the game".into(),
                    );
                    game.push_comment(text.trim());
                }
                Tok::Nag(nag) => game.events.push(Event::Nag(nag)),
                Tok::DrawOffer => game.events.push(Event::DrawOffer),
                Tok::BadNag(text) => self.report(
                    game,
                    Severity::Warning,
                    token.offset,
                    format!("`{text}` is not a NAG (expected `$` and a number 0-255); ignored"),
                ),
                Tok::Open => match l.prev.take() {
                    Some(prev) => {
                        let now = std::mem::replace(&mut l.pos, prev.clone());
                        self.stack.push((Some(prev), now, token.offset));
                        game.events.push(Event::StartVariation);
                    }
                    None => {
                        self.report(
                            game,
                            Severity::Error,
                            token.offset,
                            "variation `(` before any move it could be an alternative to".into(),
                        );
                        failed = true;
                    }
                },
                Tok::Close => match self.stack.pop() {
                    Some((prev, pos, _)) => {
                        l.prev = prev;
                        l.pos = pos;
                        if game.events.last() == Some(&Event::StartVariation) {
                            // `( )`: an empty variation says nothing.
                            game.events.pop();
                        } else {
                            game.events.push(Event::EndVariation);
                        }
                    }
                    None => self.report(
                        game,
                        Severity::Warning,
                        token.offset,
                        "`)` closes no variation; ignored".into(),
                    ),
                },
                Tok::Result(result) => game.result = Some(result),
                Tok::MoveNumber(n) => number = Some((n, token.offset)),
                Tok::Word(word) => {
                    // A descriptive move may take the words after it:
                    // `B-Kt5 ch`, `Castles QR`, `P pr PD`.
                    let joined;
                    let word = match self.settings.descriptive {
                        Some(lang) => {
                            joined = join_descriptive(word, lang, &mut lexer);
                            joined.as_ref()
                        }
                        None => word,
                    };
                    let expected = Side::of(&l.pos);
                    let plies = game.events.len();
                    // Full-width forms and other compatibility characters
                    // fold to the plain ones; ASCII, nearly every token, is
                    // taken as it is.
                    let normalized = if word.is_ascii() {
                        Cow::Borrowed(word)
                    } else {
                        crate::move_token::fold_compatible(word)
                    };
                    let folded = matches!(normalized, Cow::Owned(_));
                    // Offsets into the text go by the word as written; where
                    // folding changed its length, they are mapped back.
                    let at = |done: usize| {
                        token.offset
                            + if folded {
                                written_len(word, done)
                            } else {
                                done
                            }
                    };
                    let mut rest: &str = &normalized;
                    let mut done = 0;
                    loop {
                        let offset = at(done);
                        match self.word(rest, offset, l, game) {
                            Ok(WordOutcome::Played(None)) => break,
                            Ok(WordOutcome::Played(Some(len))) => {
                                game.letters_partial = true;
                                self.report(
                                    game,
                                    Severity::Warning,
                                    at(done + len),
                                    format!(
                                        "moves run together: `{rest}` read as two moves, `{}` and `{}`",
                                        &rest[..len],
                                        &rest[len..]
                                    ),
                                );
                                rest = &rest[len..];
                                done += len;
                            }
                            Ok(WordOutcome::Prose) => {
                                game.letters_partial = true;
                                let end =
                                    text[offset..].find('\n').map_or(text.len(), |i| offset + i);
                                game.push_comment(text[offset..end].trim());
                                lexer.skip_to(end);
                                break;
                            }
                            Ok(WordOutcome::Choice(point)) => return Some(point),
                            Err(problem) => {
                                if problem.explain {
                                    let index = game.diagnostics.len();
                                    game.unexplained =
                                        Some((index, l.pos.clone(), rest.to_string()));
                                }
                                self.report_at(
                                    game,
                                    Severity::Error,
                                    offset,
                                    problem.message,
                                    Some(&l.pos),
                                    problem.notes,
                                );
                                failed = true;
                                break;
                            }
                        }
                    }
                    if let Some((n, at)) = number.take()
                        && self.settings.lint
                        && game.events.len() > plies
                        && n != expected.number
                    {
                        self.report(
                            game,
                            Severity::Warning,
                            at,
                            format!(
                                "move number {n} out of sequence: the move after it is {expected}"
                            ),
                        );
                    }
                }
            }
        }
        if self.settings.lint
            && !failed
            && let Some(l) = &line
        {
            self.check_result(game, &l.pos);
        }
        if line.is_none()
            && !failed
            && let Err((message, tag)) = start_position(game)
        {
            // A game with tags only: still check its start position.
            let at = self.setup_tags[tag as usize].unwrap_or(0);
            self.report(game, Severity::Error, at, message);
        }
        if !failed && let Some(&(_, _, open)) = self.stack.first() {
            let more = match self.stack.len() {
                1 => String::new(),
                n => format!(" (and {} inside it)", n - 1),
            };
            self.report(
                game,
                Severity::Warning,
                open,
                format!("variation not closed with `)`{more}; closed at the end of the game"),
            );
            for _ in self.stack.drain(..) {
                game.events.push(Event::EndVariation);
            }
        }
        None
    }
}

/// The move number and side to move, as diagnostics name them: `12.` for
/// White, `12...` for Black. Formatted only when a message needs it.
#[derive(Clone, Copy)]
struct Side {
    number: u32,
    turn: Color,
}

impl Side {
    fn of(pos: &Chess) -> Side {
        Side {
            number: pos.fullmoves().get(),
            turn: pos.turn(),
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = match self.turn {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(f, "{}{dots}", self.number)
    }
}

/// How many bytes of `word`, as written, make the first `len` bytes of its
/// compatibility-folded form (for a word folding changed). Folding goes
/// character by character here, so the answer is always a character
/// boundary of `word`.
fn written_len(word: &str, len: usize) -> usize {
    let mut so_far = 0;
    for (i, c) in word.char_indices() {
        if so_far >= len {
            return i;
        }
        so_far += crate::move_token::fold_compatible(c.encode_utf8(&mut [0; 4])).len();
    }
    word.len()
}

/// A descriptive move with the words written after it that belong to it
/// (`B-Kt5 ch`, `Castles QR`, `P pr PD`; see [`Lang::joins`]). The lexer
/// is moved past the words taken.
fn join_descriptive<'a>(word: &'a str, lang: Lang, lexer: &mut Lexer<'a>) -> Cow<'a, str> {
    let mut joined = Cow::Borrowed(word);
    loop {
        let mut ahead = lexer.clone();
        let Some(Token {
            tok: Tok::Word(next),
            ..
        }) = ahead.next()
        else {
            return joined;
        };
        if !lang.joins(&joined, next) {
            return joined;
        }
        let owned = joined.to_mut();
        owned.push(' ');
        owned.push_str(next);
        *lexer = ahead;
    }
}
