//! Choices settled where they stand, by trial replays of the text near
//! them: a move two legal moves fit (each candidate tried from the line's
//! position), a side line in brackets with a move that fails (read as a
//! stray `(`, else kept as a comment, each tried from its `(`), and one
//! never closed (read as a stray `(` where the rest of the game goes on so,
//! else closed at the end). Where the window past the choice tells, the
//! pick is kept and the game reads on, with no replay from its start;
//! where it does not, the caller settles the choice (see
//! [`crate::read::reader`]).

use std::cell::Cell;

use super::restart::Recent;
use super::{
    Choice, ChoicePoint, Line, Number, Pick, Replayer, Settings, TRIAL_WINDOW, UNCLOSED_TRIALS,
    begin,
};
use crate::game::{Game, GameResult};
use crate::read::lexer::{Lexer, LexerState};

/// The walk's state at a side line's `(`, what reading it again from there
/// restores: how far the game's records and the walk's lists went, and
/// the walk's flags.
#[derive(Clone, Copy)]
pub(super) struct Mark {
    lexer: LexerState,
    diagnostics: usize,
    unread: usize,
    moved: usize,
    promoted: Option<usize>,
    result: Option<GameResult>,
    number: Option<Number>,
    passed_number: Option<usize>,
    after_prose: bool,
    mated: bool,
    after_stray: bool,
    ending_said: Option<(u32, Option<GameResult>)>,
}

/// Where a trial begins: the offset of the token it reads first, the line
/// it reads in, whether that line is a side line (its `)` ends the trial),
/// the move number read before it, and a piece letter the trial reads as
/// one piece (see `letters`).
struct Start<'l> {
    offset: usize,
    line: &'l Line,
    floor: bool,
    number: Option<Number>,
    letter: Option<(&'l str, shakmaty::Role)>,
}

impl Replayer<'_> {
    /// The pick made for the choice at `offset`: in place, else by the
    /// caller.
    pub(super) fn pick(&self, offset: usize) -> Option<Pick> {
        let at = self.settled.partition_point(|(o, _)| *o < offset);
        match self.settled.get(at) {
            Some(&(o, pick)) if o == offset => Some(pick),
            _ => self.settings.pick(offset),
        }
    }

    /// [`Replayer::pick`], or where there is none and the caller's replays
    /// are spent, `Unsettled`.
    pub(super) fn pick_or_settle(&self, offset: usize) -> Option<Pick> {
        self.pick(offset)
            .or(self.settings.settle_rest.then_some(Pick::Unsettled))
    }

    /// Keeps `pick` for the choice at `offset`, the picks in the order of
    /// their places.
    pub(super) fn keep_pick(&mut self, offset: usize, pick: Pick) {
        let at = self.settled.partition_point(|(o, _)| *o < offset);
        self.settled.insert(at, (offset, pick));
    }

    /// Whether choices are settled in place: not inside any trial (a trial
    /// of the reader's settles what it meets its own way).
    fn settles_here(&self) -> bool {
        !self.in_trial && self.settings.horizon == usize::MAX
    }

    /// The pick for a move two legal moves fit (`point`, at the word
    /// `ahead` has just passed, in line `l`) where the text after it
    /// tells: each candidate tried over [`TRIAL_WINDOW`] bytes from the
    /// word, and exactly one goes on. `None` where none or several do,
    /// for the caller to settle, and inside any trial.
    pub(super) fn settle_here(
        &self,
        point: &ChoicePoint,
        ahead: &Lexer<'_>,
        l: &Line,
    ) -> Option<Pick> {
        let Choice::Move(count) = point.choice else {
            return None;
        };
        if !self.settles_here() {
            return None;
        }
        let start = Start {
            offset: point.offset,
            line: l,
            floor: !self.stack.is_empty(),
            number: self.number,
            letter: None,
        };
        let horizon = point.offset.saturating_add(TRIAL_WINDOW);
        let mut going_on = (0..count)
            .map(Pick::Move)
            .filter(|&pick| self.goes_on(&start, pick, horizon, ahead));
        let first = going_on.next()?;
        going_on.next().is_none().then_some(first)
    }

    /// The walk's state now, at a side line's `(` (see [`Mark`]); `None`
    /// where it holds what cannot be restored (a stretch of prose, a move
    /// taken back and waiting).
    pub(super) fn mark(&self, game: &Game, lexer: &Lexer<'_>) -> Option<Mark> {
        if self.prose.is_some() || self.demoted.is_some() {
            return None;
        }
        Some(Mark {
            lexer: lexer.state(),
            diagnostics: game.diagnostics.len(),
            unread: self.unread.len(),
            moved: self.moved.len(),
            promoted: self.promoted,
            result: game.result,
            number: self.number,
            passed_number: self.passed_number,
            after_prose: self.after_prose,
            mated: self.mated,
            after_stray: self.after_stray,
            ending_said: self.ending_said,
        })
    }

    /// Settles in place a side line in brackets (`point`): one with a
    /// move that fails, where the window past that move tells (its `(`
    /// read as stray, else the line kept as a comment, whichever first goes
    /// on), or one never closed (its `(` read as stray where the rest of
    /// the game goes on so, else the line closed at the end). The walk goes
    /// back to the `(` (`lexer`, `line` and `game` as they were there) and
    /// reads on with the pick, or, for a line closed at the end, keeps that
    /// pick for the end to take: `true`. `false`, with nothing changed, for
    /// the caller to settle.
    pub(super) fn settle_line_here(
        &mut self,
        point: &ChoicePoint,
        lexer: &mut Lexer<'_>,
        line: &mut Option<Line>,
        game: &mut Game,
    ) -> bool {
        let horizon = match point.choice {
            Choice::BadVariation(word) => word.max(point.offset).saturating_add(TRIAL_WINDOW),
            // Each costs a read to the end: a few, then closed at the end.
            Choice::Unclosed if self.unclosed_trials < UNCLOSED_TRIALS => usize::MAX,
            Choice::Unclosed if self.settles_here() => {
                self.keep_pick(point.offset, Pick::Unsettled);
                return true;
            }
            _ => return false,
        };
        if !self.settles_here() {
            return false;
        }
        let Some(i) = self.stack.iter().rposition(|o| o.offset == point.offset) else {
            return false;
        };
        let Some(mark) = self.stack[i].mark else {
            return false;
        };
        let start = Start {
            offset: point.offset,
            line: &self.stack[i].parent,
            floor: i > 0,
            number: mark.number,
            letter: None,
        };
        if point.choice == Choice::Unclosed {
            self.unclosed_trials += 1;
        }
        // A line never closed is read as stray where the rest of the game
        // goes on so to its end, closed at the end where it fails; where a
        // choice past it is left open, the caller settles it.
        let mut found = None;
        for pick in point.alternatives() {
            let goes_on = match point.choice {
                Choice::Unclosed => match self.goes_on_to_end(&start, pick, lexer) {
                    Some(goes_on) => goes_on,
                    None => return false,
                },
                _ => self.goes_on(&start, pick, horizon, lexer),
            };
            if goes_on {
                found = Some(pick);
                break;
            }
        }
        let Some(pick) = found else {
            if point.choice != Choice::Unclosed {
                return false;
            }
            self.keep_pick(point.offset, Pick::Unsettled);
            return true;
        };
        let open = self.stack.drain(i..).next().expect("the side line is open");
        *line = Some(open.parent);
        game.events.truncate(open.event);
        self.restore(&mark, point.offset, game);
        // As the lexer was at the `(` (what it counted past it is to be
        // counted again), before it.
        lexer.set_state(mark.lexer);
        lexer.rewind_to(point.offset);
        self.keep_pick(point.offset, pick);
        true
    }

    /// Puts the walk back as it was at a [`Mark`], taken at the `(` at
    /// `offset`. The picks made since for brackets after it are kept: what
    /// a bracket is (a side line, stray, a comment) is settled once, so
    /// that reading a line inside another again costs no trials, however
    /// deep the nesting. A move's pick names a candidate of the position
    /// it was made in, which going back may change: those are made again.
    fn restore(&mut self, mark: &Mark, offset: usize, game: &mut Game) {
        game.diagnostics.truncate(mark.diagnostics);
        game.result = mark.result;
        self.unread.truncate(mark.unread);
        self.moved.truncate(mark.moved);
        self.promoted = mark.promoted;
        let after = self.settled.partition_point(|&(o, _)| o <= offset);
        let mut kept = after;
        for at in after..self.settled.len() {
            if !matches!(self.settled[at].1, Pick::Move(_)) {
                self.settled[kept] = self.settled[at];
                kept += 1;
            }
        }
        self.settled.truncate(kept);
        self.number = mark.number;
        self.passed_number = mark.passed_number;
        self.after_prose = mark.after_prose;
        self.mated = mark.mated;
        self.after_stray = mark.after_stray;
        self.ending_said = mark.ending_said;
        self.prose = None;
        self.demoted = None;
    }

    /// Whether the text from `start`, read with `pick` for the choice
    /// there, replays without an error up to `horizon`, the end of the
    /// side line it begins in, or the next choice.
    fn goes_on(&self, start: &Start<'_>, pick: Pick, horizon: usize, lexer: &Lexer<'_>) -> bool {
        self.trial(start, pick, horizon, lexer).is_some()
    }

    /// Whether the text from `start`, read with `pick`, replays without an
    /// error to the end of the game; `None` where the trial stopped at a
    /// choice it leaves open in the text, past which it is not known (a
    /// line never closed, met at the end, is no such choice).
    fn goes_on_to_end(&self, start: &Start<'_>, pick: Pick, lexer: &Lexer<'_>) -> Option<bool> {
        match self.trial(start, pick, usize::MAX, lexer) {
            None => Some(false),
            Some(None) => Some(true),
            Some(Some(point)) => (point.choice == Choice::Unclosed).then_some(true),
        }
    }

    /// The trial replay of [`Replayer::goes_on`]: `None` where it fails,
    /// else the choice it stopped at, if any.
    fn trial(
        &self,
        start: &Start<'_>,
        pick: Pick,
        horizon: usize,
        lexer: &Lexer<'_>,
    ) -> Option<Option<ChoicePoint>> {
        let picks = [(start.offset, pick)];
        let (game, met) = self.run_trial(start, &picks, horizon, lexer);
        (!game.failed()).then_some(met)
    }

    /// The game a trial replay reads from `offset` in `line` (a main line)
    /// up to `horizon`, with no choice picked, and with `letter`, where
    /// given, the piece letter of a word read as that piece from there on
    /// besides the letters the game has played: where it fails, the moves
    /// before the failure.
    pub(super) fn trial_from(
        &self,
        offset: usize,
        line: &Line,
        horizon: usize,
        lexer: &Lexer<'_>,
        letter: Option<(&str, shakmaty::Role)>,
    ) -> Game {
        let start = Start {
            offset,
            line,
            floor: false,
            number: None,
            letter,
        };
        self.run_trial(&start, &[], horizon, lexer).0
    }

    /// A trial replay from `start`, in its line's positions, with `picks`.
    fn run_trial(
        &self,
        start: &Start<'_>,
        picks: &[(usize, Pick)],
        horizon: usize,
        lexer: &Lexer<'_>,
    ) -> (Game, Option<ChoicePoint>) {
        // The positions before the line's last moves name events of the
        // game being read, which the trial does not hold.
        let line = Line {
            prev: start.line.prev.clone(),
            pos: start.line.pos.clone(),
            recent: Recent::default(),
        };
        let settings = Settings {
            picks,
            horizon: horizon.min(self.settings.horizon),
            strict: false,
            go_on: false,
            settle_rest: false,
            ..*self.settings
        };
        let mut trial = Replayer::new(self.text, self.first_line, &settings);
        trial.in_trial = true;
        trial.floor = start.floor;
        trial.brackets = std::rc::Rc::clone(&self.brackets);
        trial.letter_uses = std::rc::Rc::clone(&self.letter_uses);
        trial.number = start.number;
        if let Some((word, role)) = start.letter {
            trial.played = self.played.clone();
            trial.played.note(word, role);
        }
        // Places in the text are counted on from here, not from its start.
        trial.place = Cell::new(self.place.get());
        let mut lexer = lexer.clone();
        lexer.rewind_to(start.offset);
        let mut game = Game::default();
        begin(self.first_line, &settings, &mut game);
        let met = trial.run_from(lexer, Some(line), &mut game);
        (game, met)
    }
}
