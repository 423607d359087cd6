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

use std::borrow::Cow;

use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, Move, MoveList, Position, PositionError, fen::Fen,
    san::San,
};

use crate::descriptive::{Descriptive, Lang};
use crate::diag::{Diagnostic, GamePosition, Severity, Source};
use crate::game::{Check, Event, Game, GameResult, MoveRecord, pass};
use crate::letters::{LetterSet, role_name};
use crate::lexer::{Lexer, Tok, Token};
use crate::move_token::{
    Alphabet, CheckSign, EN_PASSANT_MARKS, MoveToken, ParsedMove, Readings, Target, is_dash,
};
use crate::resolve::{ResolveError, Resolved, resolve};

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
pub fn replay(
    text: &str,
    first_line: u32,
    settings: &Settings<'_>,
    game: &mut Game,
) -> Option<ChoicePoint> {
    game.clear();
    game.first_line = first_line;
    game.letters = Some(settings.letters);
    game.descriptive = settings.descriptive;
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

/// How many warnings one game reports before it stops listing them.
const MAX_WARNINGS: usize = 100;

/// How much of a line a diagnostic shows on each side of its token.
const SNIPPET_REACH: usize = 100;

/// The source line around `offset` (at most [`SNIPPET_REACH`] bytes on
/// either side, cut with `…`), with the token's width and where it starts.
fn snippet(text: &str, offset: usize) -> Source {
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let low = floor(offset.saturating_sub(SNIPPET_REACH));
    let high = floor((offset + SNIPPET_REACH).min(text.len()));
    let start = text[low..offset].rfind('\n').map_or(low, |i| low + i + 1);
    let end = text[offset..high].find('\n').map_or(high, |i| offset + i);
    let token = &text[offset..end];
    let width = if token.starts_with('[') {
        // A tag: underline it whole.
        token
            .find(']')
            .map_or(token.chars().count(), |i| token[..=i].chars().count())
    } else {
        token
            .find(|c: char| c.is_whitespace() || "(){}[];".contains(c))
            .map_or(token.chars().count(), |i| token[..i].chars().count())
    };
    let cut_before = start == low && low > 0 && !text[..low].ends_with('\n');
    let cut_after = end == high && high < text.len() && !text[high..].starts_with('\n');
    let mut shown = String::new();
    if cut_before {
        shown.push('…');
    }
    shown.push_str(text[start..end].trim_end_matches('\r'));
    if cut_after {
        shown.push('…');
    }
    Source {
        text: shown,
        width: width as u32,
        caret: (text[start..offset].chars().count() + usize::from(cut_before) + 1) as u32,
    }
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
    fn report(&self, game: &mut Game, severity: Severity, offset: usize, message: String) {
        self.report_at(game, severity, offset, message, None, Vec::new());
    }

    /// Reports a problem at `offset`, with the source line under it and,
    /// for a problem with a move, the position the move was to be made in.
    fn report_at(
        &self,
        game: &mut Game,
        severity: Severity,
        offset: usize,
        message: String,
        pos: Option<&Chess>,
        notes: Vec<String>,
    ) {
        // A flood of warnings (a line of a million stray brackets) is cut
        // short; errors, which stop the game, always get through.
        if severity == Severity::Warning {
            let warnings = game
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count();
            if warnings >= MAX_WARNINGS {
                if warnings == MAX_WARNINGS {
                    let (line, column) = self.line_col(offset);
                    game.diagnostics.push(Diagnostic::new(
                        Severity::Warning,
                        line + self.first_line - 1,
                        column,
                        format!(
                            "more than {MAX_WARNINGS} warnings in this game; the rest are not shown"
                        ),
                    ));
                }
                return;
            }
        }
        let text = self.text;
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, column) = self.line_col(offset);
        game.diagnostics.push(Diagnostic {
            severity,
            line: line + self.first_line - 1,
            column,
            message,
            source: Some(snippet(text, offset)),
            position: pos.map(|pos| GamePosition {
                number: pos.fullmoves().get(),
                white_to_move: pos.turn() == Color::White,
                fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
            }),
            notes,
        });
    }

    /// The 1-based line and column of `offset`, going on from the last one
    /// asked for, so that many diagnostics on a long text cost linear time.
    fn line_col(&self, offset: usize) -> (u32, u32) {
        let text = self.text;
        let (mut at, mut line, mut column) = self.place.get();
        if offset < at {
            (at, line, column) = (0, 1, 1);
        }
        for c in text[at..offset].chars() {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        at = offset;
        self.place.set((at, line, column));
        (line, column)
    }

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

    /// A repair: a warning, or an error under `strict`.
    fn repair(&self, game: &mut Game, offset: usize, message: String, pos: &Chess) {
        let severity = if self.settings.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.report_at(game, severity, offset, message, Some(pos), Vec::new());
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
                let start = game.begin_text();
                unescape_into(game, value);
                let value = game.end_text(start);
                game.set_tag_stored(name, value);
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
                                written_len(word, folded, done)
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

    /// Reads one word where a move may stand.
    fn word(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<WordOutcome, Problem> {
        let side = Side::of(&l.pos);
        if let Some(outcome) = self.detached_mark(word, offset, game, side, &l.pos) {
            return outcome;
        }
        if word == "~" {
            return Err(format!("`~` at {side} stands for any move; it cannot be replayed").into());
        }
        if is_placeholder(word) && word != "--" {
            return Ok(WordOutcome::Played(None));
        }
        self.play(word, offset, l, game, side)
    }

    /// A mark written apart from its move: `e.p.`, `+`, `mate`.
    fn detached_mark(
        &self,
        word: &str,
        offset: usize,
        game: &mut Game,
        side: Side,
        pos: &Chess,
    ) -> Option<Result<WordOutcome, Problem>> {
        // Marks are short and have no digit; moves have one (or are
        // castling, which starts with O or 0).
        if word.len() > 8
            || word.bytes().any(|b| b.is_ascii_digit())
            || word.starts_with(['O', 'o'])
        {
            return None;
        }
        // An en passant mark may carry the check sign: `e.p.+`.
        let (word, trailing_check) = match EN_PASSANT_MARKS.iter().find(|m| word.starts_with(*m)) {
            Some(mark) if matches!(&word[mark.len()..], "+" | "++" | "#") => {
                (&word[..mark.len()], Some(&word[mark.len()..]))
            }
            _ => (word, None),
        };
        let is_ep = EN_PASSANT_MARKS.contains(&word);
        let sign = match trailing_check.unwrap_or(word) {
            "+" | "ch" => Some(CheckSign::Check),
            "++" => Some(CheckSign::DoublePlus),
            "#" | "mate" | "‡" => Some(CheckSign::Mate),
            _ => None,
        };
        if !is_ep && sign.is_none() {
            return None;
        }
        let Some(Event::Move(last)) = game
            .events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Move(_)))
            .cloned()
        else {
            return Some(Err(format!("`{word}` at {side} follows no move").into()));
        };
        if is_ep && !matches!(last.mv, Some(Move::EnPassant { .. })) {
            self.repair(
                game,
                offset,
                format!(
                    "`{word}` marks en passant, but the move before it is not an en passant capture"
                ),
                pos,
            );
        }
        if let Some(sign) = sign
            && let Some(message) = check_mark_contradiction(word, sign, last.check)
        {
            self.repair(game, offset, message, pos);
        }
        Some(Ok(WordOutcome::Played(None)))
    }

    fn play(
        &self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Result<WordOutcome, Problem> {
        let alphabet = self.settings.alphabet;
        let descriptive = self
            .settings
            .descriptive
            .map(|lang| Descriptive::parse(word, lang));
        let algebraic = match descriptive {
            Some(Ok(d)) => Ok(Readings::from_iter([ParsedMove {
                token: MoveToken::Descriptive {
                    mv: d.mv,
                    en_passant: d.en_passant,
                },
                check: d.check.map(|c| c.sign()),
                en_passant: d.en_passant,
                nag: d.nag,
                doubled_letter: false,
            }])),
            _ => ParsedMove::readings(word, alphabet),
        };
        let (readings, run_on) = match algebraic {
            Ok(readings) => (readings, None),
            // What a descriptive game's word lacks, said in its terms.
            Err(_) if let Some(Err(e)) = descriptive.as_ref().filter(|_| !is_prose(word)) => {
                let mut problem = Problem::from(format!(
                    "`{word}` at {side} is not a move in descriptive notation: expected {} at `{}`",
                    e.expected,
                    word.get(e.offset..).unwrap_or_default()
                ));
                problem.explain = true;
                return Err(problem);
            }
            Err(e) => match ParsedMove::readings(&word[..e.offset], alphabet) {
                Ok(readings) if e.offset > 0 => (readings, Some(e.offset)),
                // A piece letter alone at the very end is a move cut short,
                // not a heading's `N 28.`.
                _ if is_prose(word)
                    && !(word.len() == 1
                        && word.as_bytes()[0].is_ascii_uppercase()
                        && self
                            .text
                            .get(offset + 1..)
                            .is_some_and(|rest| rest.trim().is_empty())) =>
                {
                    return Ok(WordOutcome::Prose);
                }
                _ => {
                    let letters = self.settings.letters;
                    let first = word.chars().next().unwrap_or(' ');
                    let message = if e.offset == 0 && first.is_uppercase() {
                        format!(
                            "`{word}` at {side} is not a move: `{first}` is no piece letter in {} ({})",
                            letters.name,
                            letters.piece_list()
                        )
                    } else {
                        format!(
                            "`{word}` at {side} is not a move: expected {} at `{}`",
                            e.expected,
                            &word[e.offset.min(word.len())..]
                        )
                    };
                    let mut problem = Problem::from(message);
                    problem.explain = true;
                    return Err(problem);
                }
            },
        };
        let word = &word[..run_on.unwrap_or(word.len())];
        if descriptive.is_none()
            && !game.knows_piece_letter_of(word)
            && let Some(letter) = crate::detect::piece_prefix(word)
        {
            game.note_piece_letter(letter);
        }
        let pos = &l.pos;
        // Where a token reads more than one way (a set whose names overlap,
        // as Bengali's `G` bishop and `Gh` knight), the plainest reading
        // that names a legal move is taken.
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
        let (parsed, resolved) = match chosen {
            Some(found) => found,
            None => {
                let parsed = readings[0];
                match first_error {
                    Some(ResolveError::Ambiguous(moves)) => {
                        let moves: MoveList = moves.into_iter().collect();
                        let pick = self
                            .settings
                            .picks
                            .iter()
                            .find(|(o, _)| *o == offset)
                            .map(|(_, p)| *p);
                        match pick {
                            None => {
                                return Ok(WordOutcome::Choice(ChoicePoint {
                                    offset,
                                    count: moves.len(),
                                }));
                            }
                            Some(Pick::Move(i)) => {
                                let mv = moves[i.min(moves.len() - 1)];
                                let names = san_list(&moves);
                                let chosen = San::disambiguate(mv, &moves);
                                self.repair(
                                    game,
                                    offset,
                                    format!(
                                        "`{word}` at {side} could be {names}; read as {chosen}, the only one after which the game goes on"
                                    ), pos);
                                let candidates = pos.san_candidates(mv.role(), mv.to());
                                (
                                    parsed,
                                    Some(Resolved {
                                        mv,
                                        san: San::disambiguate(mv, &candidates),
                                    }),
                                )
                            }
                            Some(Pick::Unsettled) => {
                                return Err(Problem {
                                    message: format!("ambiguous move `{word}` at {side}: could be {}", san_list(&moves)),
                                    notes: vec![
                                        "none or several of them let the rest of the game replay; name the piece's file or rank".into(),
                                    ],
                                    explain: false,
                                });
                            }
                        }
                    }
                    _ => match repair_origin(pos, &parsed.token) {
                        Some((r, from)) => {
                            let piece = role_name(r.mv.role());
                            let real = r.mv.from().map_or(String::new(), |f| f.to_string());
                            self.repair(
                                game,
                                offset,
                                format!(
                                    "`{word}` at {side}: no {piece} on {from} can go to {}; read as the only {piece} that can, from {real} ({})",
                                    r.mv.to(),
                                    r.san
                                ), pos);
                            (parsed, Some(r))
                        }
                        None => {
                            return Err(Problem {
                                message: format!("illegal move `{word}` at {side}"),
                                notes: Vec::new(),
                                explain: true,
                            });
                        }
                    },
                }
            }
        };
        let (mv, san) = match resolved {
            Some(r) => (Some(r.mv), r.san),
            None => (None, San::Null),
        };
        let mut record = MoveRecord {
            mv,
            san,
            check: None,
            color: pos.turn(),
            number: pos.fullmoves().get(),
        };
        // Play in place, keeping the position before for variations.
        let before = l.pos.clone();
        match record.mv {
            Some(m) => l.pos.play_unchecked(m),
            None => {
                l.pos = pass(&before)
                    .ok_or_else(|| format!("null move `{word}` at {side} while in check"))?;
            }
        }
        record.check = crate::game::check_of(&l.pos);
        self.check_marks(word, offset, &parsed, &record, game, &before);
        l.prev = Some(before);
        game.moves_read += 1;
        if word.as_bytes()[0].is_ascii_digit() && crate::move_token::is_iccf(word) {
            game.iccf_moves += 1;
        }
        game.events.push(Event::Move(record));
        if let Some(nag) = parsed.nag {
            game.events.push(Event::Nag(nag));
        }
        Ok(WordOutcome::Played(run_on))
    }

    /// Warns where the marks written with a move say something the board
    /// does not: a check sign on a move that gives none, a capture sign on
    /// a move that takes nothing, an en passant mark on an ordinary capture,
    /// more disambiguation than the position needs, a doubled letter.
    fn check_marks(
        &self,
        word: &str,
        offset: usize,
        parsed: &ParsedMove,
        record: &MoveRecord,
        game: &mut Game,
        pos: &Chess,
    ) {
        if parsed.doubled_letter {
            self.repair(
                game,
                offset,
                format!("`{word}`: the piece letter is written twice; read as one"),
                pos,
            );
        }
        if let Some(sign) = parsed.check
            && let Some(message) = check_mark_contradiction(word, sign, record.check)
        {
            self.repair(game, offset, message, pos);
        }
        let Some(mv) = record.mv else { return };
        if let MoveToken::Normal {
            capture,
            from_file,
            from_rank,
            role,
            to: Target::Square(_),
            ..
        } = parsed.token
        {
            if capture && !mv.is_capture() {
                self.repair(
                    game,
                    offset,
                    format!("`{word}` has a capture sign, but the move takes nothing"),
                    pos,
                );
            }
            if let San::Normal { file, rank, .. } = record.san {
                let partial = from_file.is_some() != from_rank.is_some();
                let over = (from_file.is_some() && file.is_none() && rank.is_none())
                    || (from_rank.is_some() && rank.is_none() && file.is_none());
                if partial && over && role.is_some_and(|r| r != shakmaty::Role::Pawn) {
                    self.repair(
                        game,
                        offset,
                        format!("`{word}` names where the piece comes from, but only one such piece can move there"), pos);
                }
            }
        }
        if parsed.en_passant && !matches!(mv, Move::EnPassant { .. }) {
            self.repair(
                game,
                offset,
                format!("`{word}` marks en passant, but the move is not an en passant capture"),
                pos,
            );
        }
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

fn san_list(moves: &MoveList) -> String {
    let names: Vec<String> = moves
        .iter()
        .map(|&m| San::disambiguate(m, moves).to_string())
        .collect();
    names.join(" or ")
}

/// What is wrong with a check or mate sign, if anything. `++` is mate for
/// some writers and double check for others: either is accepted.
fn check_mark_contradiction(word: &str, sign: CheckSign, check: Option<Check>) -> Option<String> {
    let fits = match sign {
        CheckSign::Check => check.is_some(),
        CheckSign::DoublePlus => matches!(check, Some(Check::Mate | Check::DoubleCheck)),
        CheckSign::Mate => check == Some(Check::Mate),
    };
    if fits {
        return None;
    }
    let what = match check {
        None => "the move gives no check",
        Some(Check::Check) => "the move gives check by one piece, not mate",
        Some(Check::DoubleCheck) => "the move gives double check, not mate",
        Some(Check::Mate) => "the move mates",
    };
    Some(format!(
        "`{word}`: the sign says {}, but {what}",
        match sign {
            CheckSign::Check => "check",
            CheckSign::DoublePlus => "mate or double check",
            CheckSign::Mate => "mate",
        }
    ))
}

/// A long-form move whose origin square is wrong but whose piece and
/// destination fit exactly one legal move (`Cc4-b3` with the bishop on a4):
/// that move, and the square the token named.
fn repair_origin(pos: &Chess, token: &MoveToken) -> Option<(Resolved, shakmaty::Square)> {
    let MoveToken::Normal {
        role,
        from_file: Some(f),
        from_rank: Some(r),
        capture,
        to,
        promotion,
    } = *token
    else {
        return None;
    };
    let from = shakmaty::Square::from_coords(f, r);
    let role = role
        .or_else(|| pos.board().role_at(from))
        .unwrap_or(shakmaty::Role::Pawn);
    let loose = MoveToken::Normal {
        role: Some(role),
        from_file: None,
        from_rank: None,
        capture,
        to,
        promotion,
    };
    resolve(pos, &loose).ok().map(|r| (r, from))
}

/// Whether a word that is not a move reads as prose (`Одна`, `Una`, `II`,
/// a heading's `№`) rather than a mistyped move (`Nz3`, `Kf9`, `Nf`) or
/// markup (`<br`). A mistyped move has a digit, or is short and written in
/// nothing but piece letters, file letters and signs, with a file among them.
pub fn is_prose(word: &str) -> bool {
    if word
        .chars()
        .any(|c| c.is_ascii_digit() || "<>[]{}\\|@&*_^`".contains(c))
    {
        return false;
    }
    let file = |c: char| matches!(c, 'a'..='h');
    let move_letter = |c: char| file(c) || c == 'x' || c.is_ascii_uppercase();
    word.chars().count() > 3
        || !word.chars().filter(|c| c.is_alphabetic()).all(move_letter)
        || !word.chars().any(file)
}

/// Whether a word holds a place and nothing else: `—` or `...` standing for
/// a move not given (Black's reply in a column of White's moves).
/// How many bytes of `word`, as written, make the first `len` bytes of its
/// compatibility-folded form (`folded`: folding changed it). Folding goes
/// character by character here, so the answer is always a character
/// boundary of `word`.
fn written_len(word: &str, folded: bool, len: usize) -> usize {
    if !folded {
        return len.min(word.len());
    }
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

fn is_placeholder(word: &str) -> bool {
    word.chars()
        .all(|c| is_dash(c) || matches!(c, '.' | '…' | '_'))
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

/// Which tag a start position problem is with.
#[derive(Clone, Copy)]
enum SetupTag {
    Fen = 0,
    Variant = 1,
}

/// Sets the game's start position from its tags.
fn start_position(game: &mut Game) -> Result<Chess, (String, SetupTag)> {
    let variant = game.tag("Variant").unwrap_or("");
    let forced = variant_mode(variant).map_err(|()| {
        (
            format!("variant `{variant}` is not supported (only standard chess and Chess960)"),
            SetupTag::Variant,
        )
    })?;
    let pos = match game.tag("FEN") {
        None => {
            if forced.is_some() {
                // Chess960 from the standard array: castling is still 960-style.
                Chess::default()
                    .to_setup(shakmaty::EnPassantMode::Legal)
                    .position(CastlingMode::Chess960)
                    .map_err(|e| (e.to_string(), SetupTag::Variant))?
            } else {
                Chess::default()
            }
        }
        Some(fen_text) => {
            let fen: Fen = fen_text.trim().parse().map_err(|e| {
                (
                    format!("FEN tag `{fen_text}` cannot be read: {e}"),
                    SetupTag::Fen,
                )
            })?;
            let mode = forced.unwrap_or_else(|| CastlingMode::detect(fen.as_setup()));
            fen.into_position(mode)
                .or_else(PositionError::ignore_invalid_ep_square)
                .map_err(|e| {
                    (
                        format!("FEN tag `{fen_text}` is not a legal position: {e}"),
                        SetupTag::Fen,
                    )
                })?
        }
    };
    game.castling_mode = pos.castles().mode();
    game.from_fen = game.tag("FEN").is_some();
    game.start = pos.clone();
    Ok(pos)
}
