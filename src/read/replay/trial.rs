//! A move two legal moves fit, settled where it stands: each candidate
//! tried by a trial replay of the text after it, from the line's position,
//! over a window; where exactly one goes on, it is the pick, and the game
//! reads on with no replay from its start.

use std::cell::Cell;

use super::restart::Recent;
use super::{Choice, ChoicePoint, Line, Pick, Replayer, Settings, TRIAL_WINDOW, begin};
use crate::game::Game;
use crate::read::lexer::Lexer;

impl Replayer<'_> {
    /// The pick made for the choice at `offset`: in place (see
    /// [`Replayer::settle_here`]), else by the caller, else, where the
    /// caller's replays are spent, `Unsettled`.
    pub(super) fn pick_or_settle(&self, offset: usize) -> Option<Pick> {
        let at = self.settled.partition_point(|(o, _)| *o < offset);
        match self.settled.get(at) {
            Some(&(o, pick)) if o == offset => Some(pick),
            _ => self.settings.pick_or_settle(offset),
        }
    }

    /// Keeps `pick` for the choice at `offset`, the picks in the order of
    /// their places.
    pub(super) fn keep_pick(&mut self, offset: usize, pick: Pick) {
        let at = self.settled.partition_point(|(o, _)| *o < offset);
        self.settled.insert(at, (offset, pick));
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
        // A trial of the reader's settles what it meets its own way.
        if self.in_trial || self.settings.horizon != usize::MAX {
            return None;
        }
        let horizon = point.offset.saturating_add(TRIAL_WINDOW);
        let mut going_on = (0..count)
            .map(Pick::Move)
            .filter(|&pick| self.goes_on(point.offset, pick, horizon, ahead, l));
        let first = going_on.next()?;
        going_on.next().is_none().then_some(first)
    }

    /// Whether the text from the word at `offset`, read with `pick` for
    /// it, replays without an error up to `horizon`, the end of the side
    /// line it stands in, or the next choice.
    fn goes_on(
        &self,
        offset: usize,
        pick: Pick,
        horizon: usize,
        ahead: &Lexer<'_>,
        l: &Line,
    ) -> bool {
        let picks = [(offset, pick)];
        let settings = Settings {
            picks: &picks,
            horizon: horizon.min(self.settings.horizon),
            strict: false,
            go_on: false,
            settle_rest: false,
            ..*self.settings
        };
        let mut trial = Replayer::new(self.text, self.first_line, &settings);
        trial.in_trial = true;
        trial.floor = !self.stack.is_empty();
        trial.number = self.number;
        // Places in the text are counted on from here, not from its start.
        trial.place = Cell::new(self.place.get());
        let mut lexer = ahead.clone();
        lexer.rewind_to(offset);
        // The positions before the line's last moves name events of the
        // game being read, which the trial does not hold.
        let line = Line {
            prev: l.prev.clone(),
            pos: l.pos.clone(),
            recent: Recent::default(),
        };
        let mut game = Game::default();
        begin(self.first_line, &settings, &mut game);
        trial.run_from(lexer, Some(line), &mut game);
        !game.failed()
    }
}
