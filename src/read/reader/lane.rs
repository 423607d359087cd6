//! The reader's replays in the plain lane: under one letter set, and the
//! trials of other sets on the text a game's first replay read, which
//! read its moves alone after the header that replay kept.

use super::GameReader;
use crate::game::Game;
use crate::read::replay::{Settings, replay_plain_after, replay_plain_keeping};

impl GameReader {
    /// The settings of a replay under `set` in the plain lane.
    fn plain_settings(&self, set: usize) -> Settings<'static> {
        let (letters, alphabet) = self.letters_for(set);
        Settings {
            letters,
            alphabet,
            strict: self.strict,
            picks: &[],
            descriptive: self.descriptive,
            renamed: &[],
            checks: self.checks,
            go_on: self.go_on,
            settle_rest: false,
            keep_result: self.keep_result,
            horizon: usize::MAX,
            look_ahead: self.scan_limit,
            mixed_with: None,
        }
    }

    /// Replays under one letter set in the plain lane alone: whether it
    /// took the game (else `game` is half built).
    pub(super) fn read_plain(
        &mut self,
        set: usize,
        text: &str,
        first_line: u32,
        game: &mut Game,
    ) -> bool {
        self.read_plain_keeping(set, text, first_line, game, false)
    }

    /// [`GameReader::read_plain`], and where `keep` (the guess, a game's
    /// first replay) what the lane reads before the moves is kept for the
    /// trials of other sets ([`GameReader::try_plain`]).
    pub(super) fn read_plain_keeping(
        &mut self,
        set: usize,
        text: &str,
        first_line: u32,
        game: &mut Game,
        keep: bool,
    ) -> bool {
        let settings = self.plain_settings(set);
        let kept = keep.then_some(&mut self.header);
        let plain = replay_plain_keeping(text, first_line, &settings, game, kept);
        if plain {
            self.replays.plain += 1;
        }
        plain
    }

    /// Whether the plain lane reads the game under `set`, replayed into
    /// `trial` (a trial, left without tags): its moves alone, after the
    /// header kept from the guess's replay of the same text; the whole
    /// game where none was kept.
    pub(super) fn try_plain(
        &mut self,
        set: usize,
        text: &str,
        first_line: u32,
        trial: &mut Game,
    ) -> bool {
        let Some(header) = self.header.take() else {
            return self.read_plain(set, text, first_line, trial);
        };
        let settings = self.plain_settings(set);
        let plain = replay_plain_after(text, &header, first_line, &settings, trial);
        self.header = Some(header);
        if plain {
            self.replays.plain += 1;
        }
        plain
    }
}
