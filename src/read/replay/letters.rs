//! Piece letters the board names: a move in the main line whose letter the
//! game's letter set does not have, read under every set's letters at once,
//! where the board leaves one legal move (a machine-translated page that
//! mixes sets, `Cf1-c4` for the bishop beside `Dd8-h4` for the queen in
//! German). A letter the game has played as one piece never names another,
//! and a new letter never names a piece the game has played under another;
//! a letter of the game's own set is that set's piece, so a slip in it
//! stays a slip, reported.

use std::sync::OnceLock;

use shakmaty::Role;

use super::{Line, Problem, Replayer, Side, WordOutcome};
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, MoveToken, ParsedMove};
use crate::notation::resolve::{Resolved, resolve};
use crate::vocab::letters::{LETTER_SETS, role_name};
use crate::vocab::words::piece_prefix;

/// The letters of every set together, built once.
fn every_set() -> &'static Alphabet {
    static EVERY: OnceLock<Alphabet> = OnceLock::new();
    EVERY.get_or_init(|| Alphabet::new(&LETTER_SETS.iter().collect::<Vec<_>>()))
}

/// The piece letters a game has played, each with the piece it named.
#[derive(Debug, Default)]
pub(super) struct PlayedLetters {
    letters: Vec<(Box<str>, Role)>,
    /// For each piece, the one-byte letters among `letters` it was played
    /// under, as bits: a move's letter told again at a glance.
    ascii: [u128; 7],
}

impl PlayedLetters {
    /// Records that `word`, a move played as a `role`'s, names its piece by
    /// the letter it begins with.
    pub(super) fn note(&mut self, word: &str, role: Role) {
        if role == Role::Pawn {
            return;
        }
        let bytes = word.as_bytes();
        if let [first, second, ..] = *bytes
            && first.is_ascii_uppercase()
            && matches!(second, b'a'..=b'h' | b'1'..=b'8' | b'x' | b':' | b'-')
            && self.ascii[role as usize] & (1 << first) != 0
        {
            return;
        }
        if let Some(letter) = piece_prefix(word)
            && !self
                .letters
                .iter()
                .any(|(l, r)| **l == *letter && *r == role)
        {
            if let &[byte] = letter.as_bytes()
                && byte.is_ascii()
            {
                self.ascii[role as usize] |= 1 << byte;
            }
            self.letters.push((letter.into(), role));
        }
    }

    /// Whether reading `letter` as `role` goes against what the game has
    /// played: a letter played as another piece, or a new letter for a
    /// piece played under another letter (one piece, one letter).
    fn names_another(&self, letter: &str, role: Role) -> bool {
        if self.known(letter) {
            !self
                .letters
                .iter()
                .any(|(l, r)| **l == *letter && *r == role)
        } else {
            self.letters.iter().any(|(_, r)| *r == role)
        }
    }

    /// Whether `letter` has been played as any piece.
    fn known(&self, letter: &str) -> bool {
        self.letters.iter().any(|(l, _)| **l == *letter)
    }
}

impl Replayer<'_> {
    /// Of `readings` of a move whose piece letter is `letter`, the one legal
    /// move they name in `pos` (a letter played as another piece names it
    /// no more): `Some(None)` for none, `None` for more than one.
    fn one_legal(
        &self,
        letter: &str,
        readings: impl Iterator<Item = ParsedMove>,
        pos: &shakmaty::Chess,
    ) -> Option<Option<(ParsedMove, Resolved)>> {
        let mut found: Option<(ParsedMove, Resolved)> = None;
        for reading in readings {
            let MoveToken::Normal { .. } = reading.token else {
                continue;
            };
            let Ok(resolved) = resolve(pos, &reading.token) else {
                continue;
            };
            if self.played.names_another(letter, resolved.mv.role()) {
                continue;
            }
            match &found {
                Some((_, other)) if other.mv != resolved.mv => return None,
                Some(_) => {}
                None => found = Some((reading, resolved)),
            }
        }
        Some(found)
    }

    /// `word`, which reads as no legal move in the game's letters, played
    /// as the one legal move it names under every set's letters, with a
    /// warning the first time its letter is read so; `None` where it names
    /// none, or more than one, or its letter was played as another piece.
    pub(super) fn board_letters(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Option<Result<WordOutcome, Problem>> {
        // Only in the main line (a side line's move that fails is a choice
        // of its own), and only for a letter the game's set does not have:
        // a letter it has is that set's piece, and a move it cannot make
        // is the text's slip, reported.
        if self.settings.descriptive.is_some() || !self.stack.is_empty() {
            return None;
        }
        let letter = piece_prefix(word)?;
        if self.settings.letters.role_of(letter).is_some() {
            return None;
        }
        let readings = ParsedMove::readings(word, every_set()).ok()?;
        let found = self.one_legal(letter, readings.iter().copied(), &l.pos)?;
        let (parsed, resolved) = found?;
        let role = resolved.mv.role();
        if !self.played.known(letter) {
            let message = format!(
                "`{letter}` read as the {}: it is no letter of {}, and `{word}` is a {} move here",
                role_name(role),
                self.settings.letters.name,
                role_name(role)
            );
            self.repair(game, offset, message, &l.pos);
        }
        self.played.note(word, role);
        game.letters_partial = true;
        Some(
            self.record_move(word, offset, side, l, game, &parsed, Some(resolved))
                .map(|()| WordOutcome::Played(None)),
        )
    }
}
