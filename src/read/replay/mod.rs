//! One replay of one game under one letter set: tokens in, a [`Game`] out.
//!
//! [`replay`] walks the lexer's tokens, sets up the start position from the
//! tags (FEN, SetUp, Variant), reads each word with the move grammar,
//! resolves it on the board and records it, keeping a stack of positions for
//! variations. On the way it keeps prose as comments (a stretch of prose
//! ends where the moves resume), attaches marks written apart from their
//! move (`exd6 a.p.`, `Nd3 mate`), and repairs the slips printed scores are
//! known for, each with a warning (an error under `strict`). A game that
//! cannot be replayed stops at the first move that fails, with an error
//! naming it; what was read before stays in the game. At the end the result
//! is settled with the board, and nothing the walk passed over is left
//! unsaid: moves it could not read, in prose or after the last move read,
//! are reported.
//!
//! Which of two equally legal moves a printed token means, what a side
//! line with a move that fails is (a stray `(`, or a line to keep as a
//! comment), and whether a side line never closed is one, are settled
//! where they stand when the text near them tells (`trial`: trial replays
//! of the text after them; `brackets` answers once for the walk and its
//! trials how far a bracket runs). Which letter set to replay under, and a
//! choice the near text leaves open, are decided by the caller
//! ([`crate::read::reader`]), which may replay a game several times.
//!
//! A game in plain PGN (tags, move numbers, moves in any letters, short or
//! long, a result) is first tried in `plain`, the plain lane: one pass over
//! its bytes with the same pieces, building the same `Game`; a game it
//! gives up on takes the walk.
//!
//! Here is the walk through the tokens; `tokens` takes the structural ones
//! (tags, comments, variations, numbers), `prose` the stretches of prose,
//! `word` reads and plays one move, `marks` checks what was written with
//! it, `ending` closes the game (result, what was left unread), `heading`
//! reads a page game's heading above its first move as its tags, `setup`
//! reads the start position from the tags, `report` places each problem in
//! the text, `trial` settles choices where they stand, `brackets` keeps
//! what is known of the brackets.

use std::borrow::Cow;
use std::cmp::Ordering;

use shakmaty::{Chess, Color, Position};

use crate::game::Game;
use crate::read::lexer::{Lexer, Tok, Token};
use crate::vocab::diag::Severity;

mod brackets;
mod due;
mod ending;
mod failure;
mod heading;
mod joined;
mod letters;
mod line_comment;
mod marks;
mod mentions;
mod misprints;
mod move_words;
mod next_game;
mod numbers;
mod origins;
mod places;
mod plain;
mod prose;
mod recap;
mod report;
mod restart;
mod result;
mod settings;
mod setup;
mod spaced;
mod tokens;
mod trial;
mod word;

pub(crate) use letters::LetterUses;
use marks::{repair_origin, san_list};
pub(crate) use plain::Header as PlainHeader;
use prose::Prose;
pub(crate) use report::snippet;
use restart::{Recent, Renumber};
pub use settings::{Choice, ChoicePoint, Pick, Settings, TRIAL_WINDOW, UNCLOSED_TRIALS};

/// Positions of the line being read.
struct Line {
    /// The position before the last move of the line, if any.
    prev: Option<Chess>,
    pos: Chess,
    /// The positions before its last moves, for a side line that goes back
    /// to one of them without brackets (see `restart`).
    recent: Recent,
}

impl Line {
    fn new(pos: Chess) -> Line {
        Line {
            prev: None,
            pos,
            recent: Recent::default(),
        }
    }
}

/// An open variation.
struct Open {
    /// The line it left, as it was.
    parent: Line,
    /// The offset of the `(`, or of the move number that went back.
    offset: usize,
    /// Where its `StartVariation` is in the events.
    event: usize,
    /// A side line with no brackets, begun by a move number that went
    /// back (see `restart`): where in the events it belongs, if not where
    /// it stands (before that event: the move after the one it is an
    /// alternative to).
    restart: Option<Option<usize>>,
    /// The ply its first move stands at.
    ply: u32,
    /// A side line in brackets whose number goes back past the last move
    /// (`2. Nf3 Nc6 (2. Nc3 …)`): before which event it belongs, the move
    /// after the one it is an alternative to.
    belongs: Option<usize>,
    /// The walk as it stood at its `(`, to read it again from there once
    /// a choice about it is settled in place (see `trial`); `None` where
    /// it cannot be.
    mark: Option<trial::Mark>,
}

/// A move number read, waiting for its move.
#[derive(Clone, Copy)]
struct Number {
    number: u32,
    black: bool,
    offset: usize,
}

struct Replayer<'a> {
    text: &'a str,
    first_line: u32,
    settings: &'a Settings<'a>,
    stack: Vec<Open>,
    /// Where the FEN and Variant tags are, for problems with them.
    setup_tags: [Option<usize>; 2],
    /// The last (offset, line, column) computed, to go on from.
    place: std::cell::Cell<(usize, u32, u32)>,
    /// A move failed: the rest is not read.
    failed: bool,
    /// A UCI position line began the game: another begins the next.
    position_read: bool,
    number: Option<Number>,
    /// The stretch of prose being read, if any.
    prose: Option<Prose>,
    /// Prose stretches that held moves not read (see `ending`).
    unread: Vec<prose::Unread>,
    /// The number of the move due, in the prose that last ended, passed
    /// over (see `prose`): the next move must be given that number, if any.
    passed_number: Option<usize>,
    /// A stretch of prose has ended since the last move number was checked:
    /// the next one must fit, or moves were lost in it.
    after_prose: bool,
    /// The main line's result has been read: what follows is prose.
    ended: bool,
    /// The main line's last move mated: no move of it follows, and words
    /// at its level are prose (side lines, alternatives to the mate, may
    /// still follow).
    mated: bool,
    /// How many moves of the main line have been read.
    main_moves: u32,
    /// Where the last move of the main line ends.
    main_end: usize,
    /// Side lines with no brackets that belong earlier in the events than
    /// where they stand: (before which event, their events).
    moved: Vec<(usize, std::ops::Range<usize>)>,
    /// The `(` in the events of a side line the text never left, taken as
    /// the game (see `ending::warn_unreturned`).
    promoted: Option<usize>,
    /// A `(` was taken as stray just before: the move number after it goes
    /// on with the game.
    after_stray: bool,
    /// A move taken back for the numbered move replacing it, to be kept
    /// after that move (see `restart`).
    demoted: Option<restart::Demoted>,
    /// Prose of the main line said how the game ended: how many main-line
    /// moves had been read then, and the result it said, where it said
    /// one (a resignation names the side, or not; a draw is one).
    ending_said: Option<(u32, Option<crate::game::GameResult>)>,
    /// The piece letters played so far, each with its piece.
    played: letters::PlayedLetters,
    /// The piece letters of the text, shared with its trials.
    letter_uses: std::rc::Rc<std::cell::OnceCell<letters::LetterUses>>,
    /// Picks this replay made where their choices stood (see `trial`).
    settled: Vec<(usize, Pick)>,
    /// A trial replay of `trial`'s: it settles no choice in place, and a
    /// choice it meets ends it.
    in_trial: bool,
    /// How many moves the game had read before the last move read as a
    /// misprint (see `misprints`).
    misprint_at: std::cell::Cell<Option<u32>>,
    /// The trial began inside a side line: the `)` that closes none of its
    /// own ends it.
    floor: bool,
    /// What is known of the text's brackets, shared with its trials.
    brackets: std::rc::Rc<brackets::Brackets>,
    /// How many side lines never closed were settled in place (see
    /// [`UNCLOSED_TRIALS`]).
    unclosed_trials: usize,
    /// What is known of the `;` of the line read last (see
    /// `line_comment`).
    line_judgement: Option<line_comment::LineJudgement>,
    /// Where the main line's pieces started, followed as far as asked
    /// (see `origins`).
    origins: std::cell::RefCell<Option<origins::Origins>>,
}

/// Where a walk through the tokens stopped.
enum Walked {
    /// At the end of the text: the game is finished.
    End,
    /// At the end of a trial (its window read, its side line closed, its
    /// first failure): nothing more to do.
    Over,
    /// At a choice the walk could not settle where it stands.
    Choice(ChoicePoint),
}

/// Replays `text` into `game`. Returns the first choice met that has no
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
    replay_plain_keeping(text, first_line, settings, game, None)
}

/// [`replay_plain`], keeping in `kept`, where given, what the lane read
/// before the moves, for [`replay_plain_after`] (`None` where the game
/// is not plain there, or the lane does not apply).
pub(crate) fn replay_plain_keeping(
    text: &str,
    first_line: u32,
    settings: &Settings<'_>,
    game: &mut Game,
    kept: Option<&mut Option<PlainHeader>>,
) -> bool {
    // The plain lane settles the result with the board.
    if !plain::applies(settings) || settings.keep_result {
        if let Some(kept) = kept {
            *kept = None;
        }
        return false;
    }
    begin(first_line, settings, game);
    let letters = (settings.alphabet, settings.checks);
    plain::replay_plain(text, letters, settings.look_ahead, game, kept)
}

/// Whether the plain lane reads the moves of `text`, whose header
/// [`replay_plain_keeping`] kept, under `settings` (which must allow the
/// lane as they did): a trial of the same game in other letters, with
/// its tags not read again. `game` is left without tags.
pub(crate) fn replay_plain_after(
    text: &str,
    header: &PlainHeader,
    first_line: u32,
    settings: &Settings<'_>,
    game: &mut Game,
) -> bool {
    begin(first_line, settings, game);
    let letters = (settings.alphabet, settings.checks);
    plain::replay_plain_after(text, header, letters, game)
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
    Replayer::new(text, first_line, settings).run(game)
}

impl<'a> Replayer<'a> {
    fn new(text: &'a str, first_line: u32, settings: &'a Settings<'a>) -> Replayer<'a> {
        Replayer {
            text,
            first_line,
            settings,
            stack: Vec::new(),
            setup_tags: [None, None],
            place: std::cell::Cell::new((0, 1, 1)),
            failed: false,
            number: None,
            prose: None,
            unread: Vec::new(),
            passed_number: None,
            after_prose: false,
            ended: false,
            mated: false,
            main_moves: 0,
            main_end: 0,
            moved: Vec::new(),
            promoted: None,
            after_stray: false,
            demoted: None,
            ending_said: None,
            played: letters::PlayedLetters::default(),
            letter_uses: std::rc::Rc::default(),
            settled: Vec::new(),
            in_trial: false,
            misprint_at: std::cell::Cell::new(None),
            position_read: false,
            floor: false,
            brackets: std::rc::Rc::default(),
            unclosed_trials: 0,
            line_judgement: None,
            origins: std::cell::RefCell::new(None),
        }
    }
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
    /// Suggest what the word may have meant (see [`crate::read::suggest::explain`]).
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

/// How many words of prose after two files alone are passed over, looking
/// for the number of the move after them.
const PROSE_LOOKED_PAST: usize = 32;

/// How two files alone (`ed`) are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PairReading {
    /// A pawn's capture among moves.
    Move,
    /// A word of prose.
    Prose,
    /// A word of prose though it plays as a capture (where the line ends
    /// after it, or the check sign of the move after it says that move is
    /// the one in its place): kept in the commentary and said as a move
    /// not read.
    ProseThatPlays,
}

/// What became of a word.
enum WordOutcome {
    /// Played; `Some(len)` where only its first `len` bytes were a move and
    /// the rest is the next one (`Фxd5+Сd7`).
    Played(Option<usize>),
    /// Not a move but prose: a stretch of prose begins.
    Prose,
    /// A move two legal moves fit, with no pick.
    Choice(ChoicePoint),
    /// Not a move but a move number or a result with a letter for a digit
    /// (`l.`, `1O.`, `1-O`), read as one, with a warning.
    Taken,
}

impl Replayer<'_> {
    fn run(&mut self, game: &mut Game) -> Option<ChoicePoint> {
        let Some(mut point) = self.run_from(Lexer::new(self.text), None, game) else {
            self.read_heading(game);
            return None;
        };
        let before = self.settled.partition_point(|&(o, _)| o < point.offset);
        point.before = self.settled[..before].to_vec();
        Some(point)
    }

    /// Walks the tokens from where `lexer` stands, in `line` if one is
    /// under way.
    fn run_from(
        &mut self,
        mut lexer: Lexer<'_>,
        mut line: Option<Line>,
        game: &mut Game,
    ) -> Option<ChoicePoint> {
        loop {
            match self.run_tokens(&mut lexer, &mut line, game) {
                Walked::End => {}
                Walked::Over => return None,
                Walked::Choice(point) => return Some(point),
            }
            self.end_prose(game, line.as_ref());
            match self.finish(game, &lexer, line.as_mut()) {
                // A side line never closed, settled where it stands: read
                // again from its `(`, or closed at the end.
                Some(point) if self.settle_line_here(&point, &mut lexer, &mut line, game) => {}
                other => return other,
            }
        }
    }

    /// Reads tokens to the end of the text, or to the first choice the
    /// walk cannot settle where it stands, or to the end of a trial.
    fn run_tokens<'t>(
        &mut self,
        lexer: &mut Lexer<'t>,
        line: &mut Option<Line>,
        game: &mut Game,
    ) -> Walked {
        while let Some(token) = lexer.next() {
            if token.offset >= self.settings.horizon
                || (self.floor && self.stack.is_empty() && token.tok == Tok::Close)
            {
                // A trial's window is read, or the side line it began in
                // is closed: the game goes on as far as it looked.
                return Walked::Over;
            }
            match token.tok {
                Tok::Tag { .. } if self.tag_begins_next_game(line.is_some(), lexer) => {
                    return self.next_game_here(game, token.offset);
                }
                Tok::Tag { name, value } => {
                    self.tag(game, name, value, token.offset, line.is_some());
                    continue;
                }
                Tok::BrokenTag(text) => {
                    self.broken_tag(game, text, token.offset);
                    continue;
                }
                Tok::Escape(text) => {
                    self.escape(text, token.offset, game);
                    continue;
                }
                Tok::Position { fen } => match self.position_line(fen, token.offset, line, game) {
                    Some(walked) => return walked,
                    None => continue,
                },
                // A trial has its answer at the first failure; a game
                // reads on only for its tags.
                _ if self.failed && (self.in_trial || self.settings.horizon != usize::MAX) => {
                    return Walked::Over;
                }
                // A failed fragment ends where the game it stands before
                // begins (see `start_after_fragment`).
                _ if self.failed && game.next_game.is_some_and(|at| token.offset >= at) => {
                    return Walked::End;
                }
                _ if self.failed => continue,
                _ => {}
            }
            if let Some((number, black)) = prose::move_number(&token.tok)
                && let Renumber::Goes =
                    self.renumber(number, black, token.offset, lexer, line, game)
            {
                // The side line goes on here, whatever the prose around.
                self.end_prose(game, line.as_ref());
            } else if let Tok::Word(word) = token.tok
                && !self.stack.is_empty()
            {
                self.unnumbered(word, token.offset, lexer, line, game);
            }
            if let Tok::MoveNumber {
                number: 1,
                black: false,
            } = token.tok
                && self.new_game_after_result(token.offset, lexer)
            {
                return self.next_game_here(game, token.offset);
            }
            if let Tok::Word(word) = token.tok
                && let Some((at, tie)) =
                    self.next_game_at(word, token.offset, lexer, line.as_ref(), game)
            {
                if tie {
                    self.say_paragraph_tie(game, at);
                }
                game.next_game = Some(at);
                return Walked::End;
            }
            if self.prose.is_some() && !self.prose_ends(&token, lexer, line.as_ref(), game) {
                continue;
            }
            if let Err(point) = self.token(token, lexer, line, game)
                && !self.settle_line_here(&point, lexer, line, game)
            {
                return Walked::Choice(point);
            }
        }
        Walked::End
    }

    /// Takes one token of the movetext (no tag, no prose).
    fn token<'t>(
        &mut self,
        token: Token<'t>,
        lexer: &mut Lexer<'t>,
        line: &mut Option<Line>,
        game: &mut Game,
    ) -> Result<(), ChoicePoint> {
        // Comments and NAGs before the first move need no position; the
        // start position is set up when the first move or variation needs
        // it, after every tag before it has been read.
        let needs_board = matches!(token.tok, Tok::Word(_) | Tok::Open | Tok::Close);
        if line.is_none() && !needs_board {
            self.before_board(token, game);
            return Ok(());
        }
        let l = match line {
            Some(l) => l,
            None => match self.start(game, token.offset) {
                Some(pos) => line.insert(Line::new(pos)),
                None => return Ok(()),
            },
        };
        match token.tok {
            Tok::Tag { .. } | Tok::BrokenTag(_) | Tok::Position { .. } | Tok::Escape(_) => {}
            // A comment may not hold the game's moves: a `;`, or a `[` left
            // open or running over lines, whose text goes on with the line
            // is punctuation, read past. (A `[ ]` on one line is an aside,
            // as `( )` would be.)
            Tok::Comment(text) if self.may_swallow(token.offset, text) => {
                self.loose_comment(game, lexer, text, token.offset, &l.pos);
            }
            Tok::Comment(text) => self.comment(game, text, token.offset),
            Tok::UnterminatedComment(text) => {
                self.unterminated(game, text, token.offset, Some(&l.pos));
            }
            Tok::Nag(nag) => game.events.push(crate::game::Event::Nag(nag)),
            Tok::DrawOffer => game.events.push(crate::game::Event::DrawOffer),
            Tok::BadNag(text) => self.report(
                game,
                Severity::Warning,
                token.offset,
                format!("`{text}` is not a NAG (expected `$` and a number 0-255); ignored"),
            ),
            Tok::Open => self.open(token.offset, lexer, l, game)?,
            Tok::Close => {
                self.close_all_restarts(l, game);
                self.close(token.offset, l, game);
            }
            // A result in a side line with no brackets, with a move number
            // after it (past a few words of prose at most), ends that line
            // (the analysis of a page: `…30.Nf3 1/2-1/2. 17.f4`, another
            // game: `…14.gxf3 Bxf3 0-1; Knorre - Chigorin, 1874 9...Bg4`),
            // kept as its comment.
            Tok::Result(result) if self.restarts() > 0 && number_follows(lexer) => {
                game.push_comment(result.as_str());
                self.close_all_restarts(l, game);
            }
            // A second result after the game has ended: the first one
            // ended it (PGN's reading), the other said and left out, the
            // same one too (a game of no moves written after it, `*`).
            Tok::Result(result)
                if self.ended
                    && let Some(first) = game.result =>
            {
                let message = match first == result {
                    true => format!("the game's result `{}` again; left out", result.as_str()),
                    false => format!(
                        "result `{}` after the game's result `{}`; the first kept",
                        result.as_str(),
                        first.as_str()
                    ),
                };
                self.report(game, Severity::Warning, token.offset, message);
            }
            // A result last in a side line in brackets (`(4. Bxc6 dxc6
            // 5. O-O 1-0)`) is that line's: kept as its comment, not
            // taken for the game's result (nor dropped for it).
            Tok::Result(result)
                if !self.stack.is_empty()
                    && matches!(lexer.clone().next().map(|t| t.tok), Some(Tok::Close)) =>
            {
                game.push_comment(result.as_str());
            }
            Tok::Result(result) => {
                if self.restarts() > 0 {
                    self.end_unreturned(game, l);
                }
                game.result = Some(result);
                // A result before the game's first move is a heading's
                // (`Result: 0-1` on a page): the moves are still to come.
                self.ended |= self.stack.is_empty() && self.main_moves > 0;
            }
            Tok::MoveNumber { number, black } => {
                self.number = Some(Number {
                    number,
                    black,
                    offset: token.offset,
                })
            }
            // A `]` or `}` that closes nothing (brackets a page nests
            // wrongly: `{… [… }]`) is punctuation, as a stray `)` is.
            Tok::Word(close @ ("]" | "}")) => self.report(
                game,
                Severity::Warning,
                token.offset,
                format!("`{close}` closes no bracket; ignored"),
            ),
            Tok::Word(word) => {
                let events = game.events.len();
                let taken = self.word_token(word, token.offset, lexer, l, game);
                self.settle_demoted(events, l, game);
                taken?;
            }
        }
        Ok(())
    }

    /// Takes a word where a move may stand, and what it holds: moves run
    /// together are read one after the other.
    fn word_token<'t>(
        &mut self,
        word: &'t str,
        offset: usize,
        lexer: &mut Lexer<'t>,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<(), ChoicePoint> {
        // Where the word ends in the text: past the last word joined to it,
        // whatever stood between them (spaces, invisible characters).
        let (joined, mut word_end) = self.descriptive_words(word, offset, lexer, l, game);
        let word = joined.as_ref();
        self.after_stray = false;
        // After the result, or a mate in the main line, words are the
        // game's no more.
        if self.main_over() {
            game.letters_partial = true;
            self.begin_prose(offset, word_end, game);
            return Ok(());
        }
        let expected = Side::of(&l.pos);
        let plies = game.events.len();
        let reported = game.diagnostics.len();
        // Full-width forms and other compatibility characters fold to the
        // plain ones; ASCII, nearly every token, is taken as it is.
        let normalized = if word.is_ascii() {
            Cow::Borrowed(word)
        } else {
            crate::notation::algebraic::fold_compatible(word)
        };
        let folded = matches!(normalized, Cow::Owned(_));
        // Offsets into the text go by the word as written; where folding
        // changed its length, they are mapped back.
        // (A descriptive move joined from several words may have had more
        // than a space between them: an offset stays inside the text's
        // span of the move, on a character's boundary.)
        let text = self.text;
        let at = |done: usize| {
            let at = offset
                + if folded {
                    written_len(word, done)
                } else {
                    done
                };
            text.floor_char_boundary(at.min(word_end))
        };
        // Two files alone (`ed`, a pawn's capture in Russian books) are a
        // move only among moves: before a move number or a move, or before
        // the result where they play; before prose they are prose (`de
        // bonne idée`), and before the result after a move too where they
        // are a common word (`... a6 de *`), said where they play.
        if self.settings.descriptive.is_none() && is_file_pair(&normalized) {
            let reading = self.pair_reading(&normalized, lexer, &l.pos);
            if reading != PairReading::Move {
                game.letters_partial = true;
                self.begin_prose(offset, word_end, game);
                if reading == PairReading::ProseThatPlays {
                    self.prose_names_move(offset, word_end - offset);
                }
                return Ok(());
            }
        }
        // A move typed with spaces inside it (`e2 - e4`, `D x d3`).
        let spaced;
        let (normalized, at): (Cow<'_, str>, &dyn Fn(usize) -> usize) =
            match self.join_spaced(&normalized, offset, lexer, &l.pos, game) {
                Some(joined) => {
                    word_end = lexer.offset();
                    spaced = move |done: usize| (offset + done).min(word_end);
                    (Cow::Owned(joined), &spaced)
                }
                None => (normalized, &at),
            };
        if self
            .words_in(&normalized, &at, word_end, lexer, l, game)?
            .is_none()
        {
            return Ok(());
        }
        if game.diagnostics.len() > reported {
            l.recent.repaired();
        }
        self.count_main_moves(game, plies, offset + word.len());
        // No move follows a mate: the main line ends there.
        self.mated |= self.stack.is_empty() && l.pos.is_check() && l.pos.is_checkmate();
        self.check_number(game, expected, plies);
        Ok(())
    }

    /// Whether a comment token at `offset` holding `text` is of a kind that
    /// may have swallowed moves by mistake: a `;` to the end of its line, a
    /// `[` with no `]`, or one whose `]` is on a later line.
    fn may_swallow(&self, offset: usize, text: &str) -> bool {
        match self.text.as_bytes()[offset] {
            b';' => true,
            b'[' => {
                let closed = self.text[offset + 1 + text.len()..].starts_with(']');
                !closed || text.contains('\n')
            }
            _ => false,
        }
    }

    /// Whether the main line is over: its result read, or, at its level,
    /// a mate played.
    fn main_over(&self) -> bool {
        self.ended || (self.mated && self.stack.is_empty())
    }

    /// Counts the moves of the main line a word played (its events from
    /// `plies` on), the word ending at `end`.
    fn count_main_moves(&mut self, game: &Game, plies: usize, end: usize) {
        if !self.stack.is_empty() {
            return;
        }
        // A move the word took back (see `restart`) may leave fewer
        // events than it found.
        let played = game.events[plies.min(game.events.len())..]
            .iter()
            .filter(|e| matches!(e, crate::game::Event::Move(_)))
            .count();
        if played > 0 {
            self.main_moves += played as u32;
            self.main_end = end;
        }
    }

    /// How two files alone, `pair` (`lexer` stands past it, `pos` the
    /// position it would move in), are read: a pawn's capture among moves
    /// rather than a word of prose where what follows goes on from it (a
    /// move number that names the move after it, a word that plays after
    /// it, the end of the game after a move number, or after a move where
    /// they play and are no common word, a `(` after a move number where
    /// they play and are no common word) rather than from the position
    /// before it (a number that names the move due, a word that plays
    /// there and reads further on: `17. g5 Bxe6 ed 18. a5`, `Ra1 de b1R+
    /// … 28. Rxb1`, `ed ed Ke2d1`). Where the board settles nothing, a
    /// word shaped like a move. Another two files, a capture of Black's
    /// after White's (`8.dc bc 9.Bc4`), are among moves where what follows
    /// them is. Words of prose after them are passed over (a bounded
    /// number), and words that play in their place but read no further
    /// than they do: the number of the move after them, or such a word that
    /// reads less far, makes them a move then (`17. f4, ef. Lovac deluje,
    /// polje e4 … 18. Lf4`). Prose where the
    /// line ends after them though they play is said as a move not read
    /// (never lost silently). Punctuation the move grammar passes over is
    /// no sign of a move (`de de. b5b3`).
    fn pair_reading(&self, pair: &str, lexer: &Lexer<'_>, pos: &Chess) -> PairReading {
        let read = |among: bool| match among {
            true => PairReading::Move,
            false => PairReading::Prose,
        };
        let due = Side::of(pos);
        let mut ahead = lexer.clone();
        // The position after the files read so far as moves, while they play.
        let first = self.plays(pair, pos);
        let mut with = first.map(|mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            after
        });
        // Two files at most, and words of prose after them up to a number
        // that names the move after them (`17. f4, ef. Kraljevoindijski
        // lovac … 18. Lf4`): nothing else there decides for a capture.
        let (mut pairs, mut prose) = (0, 0);
        // Whether the prose passed holds a word shaped like a move.
        let mut move_like = false;
        while pairs < 2 && prose < PROSE_LOOKED_PAST {
            let tok = ahead.next().map(|t| t.tok);
            if let Some((number, black)) = tok.as_ref().and_then(prose::move_number) {
                let named = |side: Side| side.named_by(number, black);
                let after = named(due.after(pairs + 1));
                // After prose, a number that names neither is the prose's
                // own (`igrači 19. veka`).
                if prose > 0 && !after && !named(due) {
                    prose += 1;
                    continue;
                }
                return read(after || (prose == 0 && !named(due)));
            }
            match tok {
                Some(Tok::Word(next)) if is_file_pair(next) && prose == 0 => {
                    with = with.and_then(|p| self.played(next, &p));
                    pairs += 1;
                }
                // Past prose, a word that plays after the files, or one
                // like a move, may be the prose's own: it decides nothing.
                Some(Tok::Word(next)) => {
                    // A word that plays after them, unless its check sign
                    // says it is the move it is in their place (`16. de
                    // Sf6+`: the knight's check only without `de`).
                    if prose == 0
                        && let Some(after) = with.as_ref()
                        && let Some(mv) = self.plays(next, after)
                    {
                        let in_place = self.plays(next, pos);
                        let sign_says_in_place = !self.sign_fits(next, after, mv)
                            && in_place.is_some_and(|m| self.sign_fits(next, pos, m));
                        return match sign_says_in_place {
                            true => PairReading::ProseThatPlays,
                            false => PairReading::Move,
                        };
                    }
                    // Two files again past prose are as doubtful as these:
                    // no measure of them (`de les de b3b4`).
                    if prose > 0 && is_file_pair(next) {
                        prose += 1;
                        continue;
                    }
                    let Some(instead) = self.plays(next, pos) else {
                        let strong = prose::strong_move_shaped(next);
                        if prose == 0 && strong {
                            return PairReading::Move;
                        }
                        move_like |= strong;
                        prose += 1;
                        continue;
                    };
                    let as_prose = self.probe_to_end(instead, pos, ahead.clone());
                    let as_move = first.map(|mv| self.probe_to_end(mv, pos, lexer.clone()));
                    let past = match (prose, move_like) {
                        (0, _) => Past::Nothing,
                        (_, false) => Past::Words,
                        (_, true) => Past::MoveLike,
                    };
                    match weigh_in_place(as_move, as_prose, past) {
                        Some(reading) => return reading,
                        None => prose += 1,
                    }
                }
                // Where the line ends after them, the board settles
                // nothing: they are a capture unless they are a common
                // word of some language's prose (`de`, `ed`), which stays
                // prose, said as a move not read where it plays. Before a
                // side line or a stray bracket, which the reading cannot
                // see past, only after their move's number.
                Some(Tok::Result(_) | Tok::Close | Tok::Open) | None if prose == 0 => {
                    let word =
                        crate::vocab::language::is_common_word(pair.trim_end_matches(['.', ',']));
                    let among = match tok {
                        Some(Tok::Open) => self.number.is_some() && with.is_some() && !word,
                        _ => self.number.is_some() || (with.is_some() && !word),
                    };
                    return match among {
                        true => PairReading::Move,
                        false if first.is_some() => PairReading::ProseThatPlays,
                        false => PairReading::Prose,
                    };
                }
                _ => return PairReading::Prose,
            }
        }
        PairReading::Prose
    }

    /// Plays the moves of one word, `normalized` (more than one where
    /// moves run together, with a warning), `at` mapping an offset into it
    /// to one into the text. `None` where the word was taken otherwise or
    /// stopped the game (nothing more to do for it).
    #[allow(clippy::too_many_arguments)]
    fn words_in(
        &mut self,
        normalized: &str,
        at: &dyn Fn(usize) -> usize,
        word_end: usize,
        ahead: &Lexer<'_>,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<Option<()>, ChoicePoint> {
        let mut rest: &str = normalized;
        let mut done = 0;
        // A word that does not play in a side line with no brackets ends
        // it: it is read again in the line below, and where it does not
        // play there either, it is prose.
        let mut ended_side_line = false;
        loop {
            let here = at(done);
            // A long run of moves (a page pasted with no spaces) is read a
            // window at a time: each move is short, and reading the rest
            // of the run again for each would make the run quadratic.
            let view = match rest.len() > 2 * GLUED_WINDOW {
                true => glued_view(rest),
                false => rest,
            };
            let reported = game.diagnostics.len();
            // `--` is a null move only where a move could follow it; else
            // a dash of the prose (`3. Bb5 -- the Spanish.`).
            let outcome = if rest == "--" && !self.null_move_fits(ahead, &l.pos) {
                Ok(WordOutcome::Prose)
            } else {
                match self.word(view, here, l, game) {
                    Ok(WordOutcome::Played(None)) if view.len() < rest.len() => {
                        Ok(WordOutcome::Played(Some(view.len())))
                    }
                    outcome => outcome,
                }
            };
            match outcome {
                Ok(WordOutcome::Played(None)) => break,
                Ok(WordOutcome::Played(Some(len))) => {
                    game.letters_partial = true;
                    let what = match spaced::number_alone(&rest[len..]) {
                        true => "a move and the next one's number",
                        false => "two moves",
                    };
                    self.report(
                        game,
                        Severity::Warning,
                        at(done + len),
                        format!(
                            "moves run together: `{}` read as {what}, `{}` and `{}`",
                            spaced::shown(rest),
                            &rest[..len],
                            spaced::shown(&rest[len..])
                        ),
                    );
                    // `Ld3,f5.`, `e4/e5`: a comma, semicolon or slash
                    // between them is no move's; `Nf62.c4`: the number of
                    // the move due is read.
                    let next = &rest[len..];
                    let mut between = next.len() - next.trim_start_matches(spaced::BETWEEN).len();
                    between += spaced::glued_number_due(&next[between..], &l.pos).unwrap_or(0);
                    rest = &next[between..];
                    done += len + between;
                    if rest.is_empty() {
                        break;
                    }
                    // `Qxc61–0`: the result, glued on.
                    if rest.len() <= GLUED_WINDOW
                        && let Some(result) = crate::vocab::result::GameResult::parse(rest)
                    {
                        game.result = Some(result);
                        self.ended |= self.stack.is_empty();
                        break;
                    }
                }
                Ok(WordOutcome::Prose) => {
                    game.letters_partial = true;
                    self.begin_prose(here, word_end, game);
                    break;
                }
                Ok(WordOutcome::Taken) => return Ok(None),
                Ok(WordOutcome::Choice(point)) => {
                    // Settled by the text after it, where that tells: the
                    // word is read again with the pick, what its first
                    // reading said unsaid.
                    let whole = done == 0 && view.len() == rest.len();
                    match whole.then(|| self.settle_here(&point, ahead, l)) {
                        Some(Some(pick)) => {
                            game.diagnostics.truncate(reported);
                            self.keep_pick(point.offset, pick);
                        }
                        _ => return Err(point),
                    }
                }
                Err(_) if self.restarts() > 0 => {
                    self.close_all_restarts(l, game);
                    ended_side_line = true;
                }
                Err(_) if ended_side_line => {
                    game.letters_partial = true;
                    self.begin_prose(here, word_end, game);
                    break;
                }
                Err(problem) => {
                    return self
                        .fail(problem, rest, here, ahead, l, game)
                        .map(|()| None);
                }
            }
        }
        Ok(Some(()))
    }
}

/// How much of a long run of moves typed with no spaces is read at a
/// time (see `words_in`): far more than a move and what is glued to it.
const GLUED_WINDOW: usize = 64;

/// The window of a long word read at a time: its first [`GLUED_WINDOW`]
/// bytes, or the whole word where all past them are a move's glyphs and
/// check signs (`e4` and a long run of `!`, one mark; `Qa4???…?#`, a mark
/// and mate), as the plain lane reads it.
fn glued_view(rest: &str) -> &str {
    let cut = rest.floor_char_boundary(GLUED_WINDOW);
    match rest[cut..]
        .bytes()
        .all(|b| matches!(b, b'!' | b'?' | b'+' | b'#'))
    {
        true => rest,
        false => &rest[..cut],
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

    /// The move `plies` half-moves after this one.
    fn after(self, plies: u32) -> Side {
        let black = u32::from(self.turn == Color::Black);
        let number = self.number.saturating_add((black + plies) / 2);
        let turn = match (black + plies) % 2 {
            0 => Color::White,
            _ => Color::Black,
        };
        Side { number, turn }
    }

    /// Whether move number `number`, with dots that say Black moves if
    /// `black`, is written as this move's: `8.` for White's, `8...` for
    /// Black's.
    fn named_by(self, number: u32, black: bool) -> bool {
        number == self.number && black == (self.turn == Color::Black)
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

/// Whether a move number comes next in `lexer`, past at most a few words
/// of prose (none like a move but a year's digits: `Petersburg 1874`).
fn number_follows(lexer: &Lexer<'_>) -> bool {
    let mut ahead = lexer.clone();
    for _ in 0..12 {
        match ahead.next().map(|t| t.tok) {
            Some(tok) if prose::move_number(&tok).is_some() => return true,
            Some(Tok::Word(word))
                if !prose::strong_move_shaped(word) || word.bytes().all(|b| b.is_ascii_digit()) => {
            }
            _ => return false,
        }
    }
    false
}

/// Whether a word is two files and nothing else (`ed`, `de`), or before
/// the end of a sentence or clause (`de.`, `ed,`, which the move grammar
/// passes over): a pawn's capture as some books write it, or a word of
/// prose.
fn is_file_pair(word: &str) -> bool {
    let bare = word.strip_suffix(['.', ',']).unwrap_or(word);
    matches!(bare.as_bytes(), [a, b] if (b'a'..=b'h').contains(a) && (b'a'..=b'h').contains(b) && a.abs_diff(*b) == 1)
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
        so_far += crate::notation::algebraic::fold_compatible(c.encode_utf8(&mut [0; 4])).len();
    }
    word.len()
}

/// What stands between two files and a word that plays in their place.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Past {
    /// Nothing: the word follows them.
    Nothing,
    /// Words of prose, none shaped like a move.
    Words,
    /// Prose with a word shaped like a move in it (`d6e5`).
    MoveLike,
}

/// Two files weighed against a word that plays in their place, by how far
/// each reading reads (`as_move` the files as a move, `as_prose` the word;
/// see [`Replayer::probe_to_end`]), with what is `past` between them;
/// `None` where it says nothing. Each reading breaks off somewhere (an
/// author may have left a move out after the files: `10. de fe Qc6 12.`):
/// the one that reads further wins, or, right after the files, the files
/// where they read as far and to the game's end (`12. de de Ke2 *`, prose
/// before the move due). Past words of prose alone, the files' reading
/// counts their move-like words (`de`) as moves, so counts are no measure:
/// where the word reads on as far as a probe looks, it is the move and the
/// files prose (`ed the idea … ed now. h1h8`; `de les de b3b4`), the
/// reading that leaves the less move-like text unread. Where they break
/// off as soon, the reading goes on to a number (`ef. … polje e4 … 18.`).
fn weigh_in_place(
    as_move: Option<(u32, bool)>,
    as_prose: (u32, bool),
    past: Past,
) -> Option<PairReading> {
    let Some(as_move) = as_move else {
        return Some(PairReading::Prose);
    };
    if past == Past::Words && restart::reads_on(as_prose) {
        return Some(PairReading::Prose);
    }
    match as_move.cmp(&as_prose) {
        Ordering::Greater => Some(PairReading::Move),
        Ordering::Equal if past == Past::Nothing => Some(PairReading::Move),
        Ordering::Equal => None,
        Ordering::Less => Some(PairReading::Prose),
    }
}
