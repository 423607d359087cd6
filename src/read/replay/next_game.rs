//! Where the next game begins inside a game's text: a line of moves that
//! replays from the start, where this game is over (its result read, a
//! mate played) or goes on with the line less far than a new game does
//! (after a blank line: no further). The splitter, which knows nothing of
//! the board, cuts games at tags and at a line's `1.` after a numbered
//! game; games written without numbers (`e4 e5 Nf3 … 1-0` then `d4 d5 …`,
//! UCI moves a game a line) are told apart here, by the board; and a UCI
//! position line (`startpos moves …`) begins a game wherever it stands.

use super::{Line, Replayer, Walked};
use crate::game::Game;
use crate::read::lexer::{Lexer, Tok, Token};
use crate::vocab::diag::Severity;

/// How many moves from the start a line must read to begin a game, where
/// it does not end (at a result, the text's end) before that.
const NEW_GAME_MOVES: u32 = 4;

/// How many moves in a row, with no word between, a `1.` inside a line
/// after a game that is over must read from the start to begin a game: as
/// many as a run of moves is followed (`run_of_moves_from` stops there).
const MID_LINE_GAME_MOVES: u32 = super::restart::PROBE_MOVES;

/// How many it must read where it ends first (`d4 d5 0-1`).
const NEW_GAME_MOVES_ENDED: u32 = 2;

/// How far before a `1.` the result it follows is looked for, in bytes.
const RESULT_REACH: usize = 16;

/// How far the two readings of a line, as the game's moves and as a new
/// game's, are followed to find which reads further: moves, tokens.
const COMPARED: (u32, usize) = (40, 160);

impl Replayer<'_> {
    /// Where the next game begins if it begins with the word `word` at
    /// `offset` (`ahead`, the text after it; `line`, the line read): the
    /// word stands first on its line, or after a `1.` that does, in the
    /// main line of a game with no tags that is over, or that reads the
    /// line from its position less far than the standard start does (up to
    /// [`COMPARED`]), and the line replays from the start as a game does
    /// ([`NEW_GAME_MOVES`]). `None` where it does not; with the start,
    /// whether only the blank line before the line told it from the game
    /// going on (a judgement, said by the caller).
    pub(super) fn next_game_at<'t>(
        &self,
        word: &'t str,
        offset: usize,
        ahead: &Lexer<'t>,
        line: Option<&Line>,
        game: &Game,
    ) -> Option<(usize, bool)> {
        let l = line?;
        if self.in_trial || !self.stack.is_empty() || self.main_moves == 0 {
            return None;
        }
        // Where the game is over, a `1.` inside a line begins the next game
        // too (`Foulds-Lang (Prebor) 1.e4 e6 2.d4 …`), where a run of moves
        // with no word between reads from the start (a commentary's
        // opening, `as in 1.e4 e5 2.Nf3 Nc6, the Ruy`, stops sooner).
        let mut mid_line = false;
        let start = match self.number {
            Some(n) if n.number == 1 && !n.black && line_start(self.text, n.offset) => n.offset,
            Some(n) if n.number == 1 && !n.black && self.main_over() => {
                mid_line = true;
                n.offset
            }
            Some(_) => return None,
            None if line_start(self.text, offset) => offset,
            None => return None,
        };
        if game.tags().next().is_some() || game.from_fen {
            return None;
        }
        let over = self.main_over();
        // Prose read on from the game's moves: its words are its own.
        if !over && self.prose.is_some() {
            return None;
        }
        // A descriptive move in words (`P. to K's 4th.`) is read whole.
        let mut after = ahead.clone();
        let word = super::joined::move_words(word, self.settings.descriptive, &mut after);
        let ahead = &after;
        let from = shakmaty::Chess::default();
        let first = self.plays(&word, &from)?;
        let (moves, ended) = self.probe_reach(first, &from, ahead.clone(), COMPARED.0, COMPARED.1);
        let enough = match ended {
            true => NEW_GAME_MOVES_ENDED,
            false => NEW_GAME_MOVES,
        };
        if moves < enough {
            return None;
        }
        if mid_line && self.run_of_moves_from(first, &from, ahead) < MID_LINE_GAME_MOVES {
            return None;
        }
        // A game not over goes on with the line where the line reads from
        // its position further than from the start; as far (to the line's
        // end, or both as far as compared), it goes on unless a blank line
        // stands before the line: after one, the line is a game's start.
        let mut tie = false;
        if !over && let Some(mv) = self.plays(&word, &l.pos) {
            let (goes_on, to_end) =
                self.probe_reach(mv, &l.pos, ahead.clone(), COMPARED.0, COMPARED.1);
            tie = to_end || goes_on >= moves;
            if goes_on > moves || tie && !after_blank_line(self.text, start) {
                return None;
            }
        }
        Some((start, tie))
    }
}

/// How far past a game's first move, where it fails, the start of a game
/// is looked for, in tokens: the end of an earlier game a page begins with
/// (its last moves, numbered from the middle, and the prose after them).
/// Past a later move, the rest of the text is looked at, a line at a time
/// (a book's next game after the table that failed, its notes and the
/// prose between).
const FRAGMENT_TOKENS: usize = 600;

impl Replayer<'_> {
    /// Where a game from the start begins in the text ahead (`ahead`) of
    /// this game's move that failed: a White `1.` at a line's or
    /// sentence's start (`GAME THE THIRD. WHITE. BLACK. 1. P. to K's 4th.`)
    /// from which the line replays as a game does ([`NEW_GAME_MOVES`]):
    /// for the first move, within [`FRAGMENT_TOKENS`] and outside brackets;
    /// for a later one, at a line's start in the rest of the text. In a game
    /// with no tags and no set-up position, in its main line.
    /// The text before it is the end of another game, with no start to
    /// replay it from, or the failed game's.
    pub(super) fn start_after_fragment(&self, ahead: &Lexer<'_>, game: &Game) -> Option<usize> {
        if !self.stack.is_empty() {
            return None;
        }
        self.game_start_ahead(ahead, game)
    }

    /// [`Self::start_after_fragment`] in a side line too: where the game
    /// is over whatever line it stopped in.
    fn game_start_ahead(&self, ahead: &Lexer<'_>, game: &Game) -> Option<usize> {
        if self.in_trial || self.settings.horizon != usize::MAX || game.has_tags() || game.from_fen
        {
            return None;
        }
        if self.main_moves != 0 {
            return self.game_start_on_lines(ahead.offset());
        }
        let mut lexer = ahead.clone();
        let mut depth = 0u32;
        for _ in 0..FRAGMENT_TOKENS {
            let token = lexer.next()?;
            match token.tok {
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
                Tok::Tag { .. } => return None,
                Tok::MoveNumber {
                    number: 1,
                    black: false,
                } if depth == 0
                    && super::prose::at_boundary(self.text, token.offset)
                    && self.game_from_start_after(lexer.clone()) =>
                {
                    return Some(token.offset);
                }
                _ => {}
            }
        }
        None
    }

    /// Where a game from the start begins in the text from `from` on, a
    /// line at a time (the rest of a text, a book's chapters, is looked at
    /// past a game's later move that failed): a White `1.` that begins a
    /// line (or, on the first, a sentence).
    fn game_start_on_lines(&self, from: usize) -> Option<usize> {
        let text = self.text;
        let mut at = from;
        while at < text.len() {
            let end =
                memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i + 1);
            let line = &text[at..end];
            let start = at + (line.len() - line.trim_start().len());
            at = end;
            if !text[start..].starts_with('1') || !super::prose::at_boundary(text, start) {
                continue;
            }
            let mut lexer = Lexer::new(text);
            lexer.rewind_to(start);
            if let Some(Token {
                tok:
                    Tok::MoveNumber {
                        number: 1,
                        black: false,
                    },
                offset,
            }) = lexer.next()
                && self.game_from_start_after(lexer)
            {
                return Some(offset);
            }
        }
        None
    }

    /// Whether the text after a White `1.` (`after`) replays from the start
    /// as a game does ([`NEW_GAME_MOVES`]).
    fn game_from_start_after(&self, mut after: Lexer<'_>) -> bool {
        let Some(Token {
            tok: Tok::Word(word),
            ..
        }) = after.next()
        else {
            return false;
        };
        let from = shakmaty::Chess::default();
        let word = super::joined::move_words(word, self.settings.descriptive, &mut after);
        let Some(first) = self.plays(&word, &from) else {
            return false;
        };
        let (moves, ended) = self.probe_reach(first, &from, after, COMPARED.0, COMPARED.1);
        let enough = match ended {
            true => NEW_GAME_MOVES_ENDED,
            false => NEW_GAME_MOVES,
        };
        moves >= enough
    }

    /// After the game failed at `at`: the game from the start that
    /// begins in the rest of its text ([`Self::start_after_fragment`]), if
    /// any, read as the next game (a book's next table after the one that
    /// failed), said in a note.
    pub(super) fn next_game_after_failure(&self, at: usize, game: &mut Game) {
        let mut ahead = Lexer::new(self.text);
        ahead.rewind_to(at);
        if let Some(start) = self.game_start_ahead(&ahead, game) {
            let message =
                "the game stops here; the game from the start after it is read as the next";
            self.report(game, Severity::Note, at, message.to_string());
            game.next_game = Some(start);
        }
    }

    /// A UCI position line at `offset` naming `fen` (or the standard
    /// start): the game's start, its FEN stored as the tags would, where
    /// no move or position line came before it; else the next game's,
    /// which ends this one (`Some`, how the walk ends).
    pub(super) fn position_line(
        &mut self,
        fen: Option<&str>,
        offset: usize,
        line: &Option<Line>,
        game: &mut Game,
    ) -> Option<Walked> {
        if line.is_some() || self.position_read {
            return Some(self.next_game_here(game, offset));
        }
        self.position_read = true;
        if let Some(fen) = fen {
            self.tag(game, "SetUp", "1", offset, false);
            self.tag(game, "FEN", fen, offset, false);
        }
        None
    }
}

impl Replayer<'_> {
    /// Ends the walk where the next game begins, at `offset`: noted in
    /// `game` for the caller to read the rest as a game of its own; a trial
    /// reads to where the game ends, and no further.
    pub(super) fn next_game_here(&self, game: &mut Game, offset: usize) -> Walked {
        if self.in_trial || self.settings.horizon != usize::MAX {
            return Walked::Over;
        }
        game.next_game = Some(offset);
        Walked::End
    }

    /// Whether a White `1.` at `offset`, the lexer past it, begins the next
    /// game on the line of this one's result: the result stands just before
    /// it (`… 2. Nf3 1-0 1. d4 d5`), and the move after it plays from the
    /// start.
    pub(super) fn new_game_after_result(&self, offset: usize, ahead: &Lexer<'_>) -> bool {
        if !self.ended || !self.stack.is_empty() {
            return false;
        }
        let from = self
            .text
            .ceil_char_boundary(offset.saturating_sub(RESULT_REACH));
        let before = self.text[from..offset].split_whitespace().next_back();
        if before.is_none_or(|w| crate::vocab::result::GameResult::parse(w).is_none()) {
            return false;
        }
        match ahead.clone().next().map(|t| t.tok) {
            Some(crate::read::lexer::Tok::Word(word)) => {
                self.plays(word, &shakmaty::Chess::default()).is_some()
            }
            _ => false,
        }
    }

    /// Says that the line at `at`, after a blank line, was read as the
    /// next game though it reads as far as this game going on: a warning,
    /// an error under `--strict`.
    pub(super) fn say_paragraph_tie(&self, game: &mut Game, at: usize) {
        let (severity, end) = match self.settings.strict {
            true => (
                Severity::Error,
                "--strict takes neither: say where games begin with tags or numbers",
            ),
            false => (
                Severity::Warning,
                "read as the next game, after the blank line",
            ),
        };
        let message = format!(
            "the line after the blank line reads both as this game going on and as a game from the start; {end}"
        );
        self.report(game, severity, at, message);
    }
}

/// Whether a blank line stands just before the line `offset` begins.
fn after_blank_line(text: &str, offset: usize) -> bool {
    let before = text[..offset].trim_end_matches([' ', '\t', '\r']);
    let Some(rest) = before.strip_suffix('\n') else {
        return false;
    };
    rest.trim_end_matches([' ', '\t', '\r']).ends_with('\n')
}

/// Whether only spaces stand between `offset` and the start of its line
/// (not the text's start: a game begins there anyway).
fn line_start(text: &str, offset: usize) -> bool {
    let before = text[..offset].trim_end_matches([' ', '\t']);
    before.ends_with(['\n', '\r'])
}
