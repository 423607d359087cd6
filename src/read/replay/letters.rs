//! Piece letters the board names: a move in the main line whose letter the
//! game's letter set does not have, read under every set's letters at once,
//! where the board leaves one legal move (a machine-translated page that
//! mixes sets, `Cf1-c4` for the bishop beside `Dd8-h4` for the queen in
//! German); a capital letter that no set reads as a legal move there, and
//! that the text writes for two moves or more (Esperanto's `Ĉ` and `K`),
//! read as each piece in turn, the board and the text after it saying
//! which. A letter the game has played as one piece never names another,
//! and a new letter never names a piece the game has played under another
//! but as the second letter for it of the set the page mixes with its own,
//! PGN's by default (`Qc2` after `Dd6`); a letter of the game's own set is
//! that set's piece, so a slip in it stays a slip, reported, but where the
//! set reads only some of the game's letters: there a move it reads as none
//! may be the mixed set's (`Rc1` an English rook's after `R` played as a
//! Portuguese king).

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{Position, Role};

use super::restart::Recent;
use super::{Line, Problem, Replayer, Side, TRIAL_WINDOW, WordOutcome};
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, MoveToken, ParsedMove};
use crate::notation::resolve::{Resolved, resolve, unique_legal};
use crate::read::lexer::Lexer;
use crate::vocab::letters::{ENGLISH, LETTER_SETS, role_name};
use crate::vocab::words::piece_prefix;

/// The letters of every set together, built once.
fn every_set() -> &'static Alphabet {
    static EVERY: OnceLock<Alphabet> = OnceLock::new();
    EVERY.get_or_init(|| Alphabet::new(&LETTER_SETS.iter().collect::<Vec<_>>()))
}

/// The piece letters a game has played, each with the piece it named.
#[derive(Debug, Default, Clone)]
pub(super) struct PlayedLetters {
    letters: Vec<(Box<str>, Role)>,
    /// For each piece, the one-byte letters among `letters` it was played
    /// under, as bits: a move's letter told again at a glance.
    ascii: [u128; 7],
    /// The letters among them that the game's set does not have, read as
    /// the piece the board named (see `Replayer::board_letters`).
    foreign: Vec<(Box<str>, Role)>,
    /// Letters of the game's set read in the letters of the set the page
    /// mixes with it, as another piece, where the set's reading is no
    /// legal move (see `Replayer::mixed_letters`).
    mixed: Vec<Box<str>>,
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
    /// piece played under another letter (one piece, one letter), unless
    /// it may be a `second` letter for the piece.
    fn names_another(&self, letter: &str, role: Role, second: bool) -> bool {
        if self.known(letter) {
            !self
                .letters
                .iter()
                .any(|(l, r)| **l == *letter && *r == role)
        } else {
            !second && self.letters.iter().any(|(_, r)| *r == role)
        }
    }

    /// Whether `letter` has been played as any piece.
    fn known(&self, letter: &str) -> bool {
        self.letters.iter().any(|(l, _)| **l == *letter)
    }

    /// `word` with the piece letter it begins with, one the game's set
    /// does not have and the board has named, in PGN's letter
    /// (`Ĉxf7` as `Nxf7`): the commentary writes the game's letters.
    pub(super) fn in_pgn_letters(&self, word: &str) -> Option<String> {
        if self.foreign.is_empty() {
            return None;
        }
        let letter = piece_prefix(word)?;
        let &(_, role) = self.foreign.iter().find(|(l, _)| **l == *letter)?;
        Some(format!("{}{}", role.upper_char(), &word[letter.len()..]))
    }
}

/// How many words of a game's text begin with each piece letter, counted
/// once for the walk and its trials: a letter read as any piece must be
/// one the text writes for more than one move (a single odd letter,
/// `Zb5` in a PGN file, is a slip, reported).
#[derive(Debug, Default)]
pub(crate) struct LetterUses(HashMap<Box<str>, u32>);

impl LetterUses {
    /// Counts the piece letters of `text`'s words, a move number glued
    /// before one (`3.Zb5`) passed over.
    pub(crate) fn count(text: &str) -> LetterUses {
        let mut uses: HashMap<Box<str>, u32> = HashMap::new();
        for word in text.split_whitespace() {
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let Some(letter) = piece_prefix(word) else {
                continue;
            };
            *uses.entry(letter.into()).or_default() += 1;
        }
        LetterUses(uses)
    }

    /// How many words begin with `letter`.
    pub(crate) fn of(&self, letter: &str) -> u32 {
        self.0.get(letter).copied().unwrap_or(0)
    }
}

/// How many moves a letter no set reads must be written with before the
/// board may say which piece it is.
const ANY_PIECE_USES: u32 = 2;

/// PGN's letters alone, built once.
pub(super) fn english() -> &'static Alphabet {
    static PGN: OnceLock<Alphabet> = OnceLock::new();
    PGN.get_or_init(|| Alphabet::new(&[&ENGLISH]))
}

/// PGN's letter for each piece a letter may name.
const PIECES: [&str; 5] = ["N", "B", "R", "Q", "K"];

/// How `word`, whose piece letter is `letter`, reads as each piece in
/// turn, for the board to say which: a capital letter no set has
/// (Esperanto's `Ĉ`, a font's private letter), or one whose every set's
/// readings name no legal move (Esperanto's bishop `K`).
fn piece_readings(word: &str, letter: &str) -> Vec<ParsedMove> {
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Vec::new();
    };
    if !c.is_uppercase() {
        return Vec::new();
    }
    let rest = &word[letter.len()..];
    let mut found = Vec::new();
    for piece in PIECES {
        if let Ok(readings) = ParsedMove::readings(&format!("{piece}{rest}"), english()) {
            found.extend(readings.iter().copied());
        }
    }
    found
}

impl Replayer<'_> {
    /// The set a page mixes with the game's: the one the reader names, or
    /// PGN's, whose letters pages borrow most.
    fn mixed_set(&self) -> &'static crate::vocab::letters::LetterSet {
        self.settings.mixed_with.map_or(&ENGLISH, |(set, _)| set)
    }

    /// The piece letters of the game's text, counted on first asking.
    fn letter_uses(&self) -> &LetterUses {
        self.letter_uses
            .get_or_init(|| LetterUses::count(self.text))
    }

    /// Of `readings` of a move whose piece letter is `letter`, the legal
    /// moves they name in `pos`, one reading each (a letter played as
    /// another piece names it no more); `None` for more than one of a
    /// piece, which its letter cannot tell apart.
    fn legal_readings(
        &self,
        letter: &str,
        readings: impl Iterator<Item = ParsedMove>,
        pos: &shakmaty::Chess,
        in_a_set: bool,
    ) -> Option<Vec<(ParsedMove, Resolved)>> {
        let mut found: Vec<(ParsedMove, Resolved)> = Vec::new();
        for reading in readings {
            let MoveToken::Normal { .. } = reading.token else {
                continue;
            };
            let Ok(resolved) = resolve(pos, &reading.token) else {
                continue;
            };
            let role = resolved.mv.role();
            // A second letter for a piece only as the letter of the set
            // the page mixes with its own, PGN's by default (`Dd6` and
            // `Qc2`).
            let second = in_a_set && self.mixed_set().role_of(letter) == Some(role);
            if self.played.names_another(letter, role, second) {
                continue;
            }
            match found.iter().find(|(_, r)| r.mv.role() == role) {
                Some((_, other)) if other.mv != resolved.mv => return None,
                Some(_) => {}
                None => found.push((reading, resolved)),
            }
        }
        Some(found)
    }

    /// Of moves of different pieces one letter may name (`Ĉf3`: a knight
    /// or the queen), the one from which the game reads on furthest with
    /// the letter read as its piece; none where two read as far, or in a
    /// trial (which settles no letter of its own).
    fn weigh_letter(
        &self,
        word: &str,
        offset: usize,
        l: &Line,
        found: &[(ParsedMove, Resolved)],
    ) -> Option<usize> {
        if self.in_trial {
            return None;
        }
        let after_word = (offset + word.len()).min(self.text.len());
        let horizon = after_word.saturating_add(TRIAL_WINDOW);
        let mut lexer = Lexer::new(self.text);
        lexer.rewind_to(after_word);
        let mut best: Option<(usize, usize)> = None;
        let mut tied = false;
        for (i, (_, resolved)) in found.iter().enumerate() {
            let mut after = l.pos.clone();
            after.play_unchecked(resolved.mv);
            let line = Line {
                prev: Some(l.pos.clone()),
                pos: after,
                recent: Recent::default(),
            };
            let letter = Some((word, resolved.mv.role()));
            let game = self.trial_from(after_word, &line, horizon, &lexer, letter);
            let reach = game.mainline().count();
            match best {
                Some((_, b)) if reach < b => {}
                Some((_, b)) if reach == b => tied = true,
                _ => (best, tied) = (Some((i, reach)), false),
            }
        }
        let (pick, reach) = best?;
        (!tied && reach > 0).then_some(pick)
    }

    /// `word`, which reads as no legal move in the game's letters, played
    /// as the one legal move it names under every set's letters (or as
    /// any piece, for a letter no set has), with a warning the first time
    /// its letter is read so; `None` where it names none, or moves of
    /// several pieces the text after it does not tell apart, or its letter
    /// was played as another piece.
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
        let in_sets = ParsedMove::readings(word, every_set());
        let in_sets = in_sets.iter().flatten().copied();
        let mut found = self.legal_readings(letter, in_sets, &l.pos, true)?;
        if found.is_empty() && self.letter_uses().of(letter) >= ANY_PIECE_USES {
            let any = piece_readings(word, letter).into_iter();
            found = self.legal_readings(letter, any, &l.pos, false)?;
        }
        // A letter of the set mixed with the game's (PGN's by default) is
        // its piece where that moves: pages mix their letters with one
        // other set's, English most often, rarely with a third.
        let mixed = self.mixed_set().role_of(letter);
        let as_mixed = found.iter().position(|(_, r)| Some(r.mv.role()) == mixed);
        let (parsed, resolved) = match (found.len(), as_mixed) {
            (0, _) => return None,
            (1, _) => found[0],
            (_, Some(at)) => found[at],
            _ => found[self.weigh_letter(word, offset, l, &found)?],
        };
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
        if !self.played.foreign.iter().any(|(l, _)| **l == *letter) {
            self.played.foreign.push((letter.into(), role));
            game.foreign_letters += 1;
        }
        game.letters_partial = true;
        Some(
            self.record_move(word, offset, side, l, game, &parsed, Some(resolved))
                .map(|()| WordOutcome::Played(None)),
        )
    }

    /// `word`, whose piece letter the reader has renamed (a letter of the
    /// game's set the board named another piece, see
    /// [`super::Settings::renamed`]), played as that piece's move, with a
    /// warning the first time; `None` for a word with no such letter, or
    /// one that names no single legal move so (the set's reading reports
    /// it).
    pub(super) fn renamed_letter(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Option<Result<WordOutcome, Problem>> {
        if self.settings.renamed.is_empty() || self.settings.descriptive.is_some() {
            return None;
        }
        let letter = piece_prefix(word)?;
        let &(_, role) = self.settings.renamed.iter().find(|(l, _)| **l == *letter)?;
        let pgn = format!("{}{}", role.upper_char(), &word[letter.len()..]);
        let readings = ParsedMove::readings(&pgn, english()).ok()?;
        let (parsed, resolved) = match unique_legal(&l.pos, &readings) {
            Some(found) => found,
            None => {
                let message = format!(
                    "`{word}` at {side} is no move of the {} that `{letter}` was read as",
                    role_name(role)
                );
                return Some(Err(message.into()));
            }
        };
        if !self.played.known(letter) {
            let set = self.settings.letters;
            let message = format!(
                "`{letter}` read as the {}, not as {}'s {}: so read, `{word}` is a {} move here, and the game reads to its end",
                role_name(role),
                set.name,
                set.role_of(letter).map_or("piece", role_name),
                role_name(role),
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

    /// `word`, which the game's set reads as no legal move, read in the
    /// letters of the set the page mixes with it ([`super::Settings::mixed_with`])
    /// where it names one legal move there and its letter is one the game
    /// has played as its set's piece: a page that writes its own letters
    /// and, for a stretch, PGN's (`Rb1`, no move of the Portuguese king the
    /// game's `R` has been, an English rook's), or the other way round,
    /// with a warning the first time a letter is read so. In the main line
    /// only, as [`Self::board_letters`].
    pub(super) fn mixed_letters(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Option<Result<WordOutcome, Problem>> {
        let (other, alphabet) = self.settings.mixed_with?;
        if self.settings.descriptive.is_some() || !self.stack.is_empty() {
            return None;
        }
        // A letter the game has played as its set's piece: the set is
        // the page's, and the stretch in the other's letters a switch.
        let letter = piece_prefix(word).filter(|l| self.played.known(l))?;
        let readings = ParsedMove::readings(word, alphabet).ok()?;
        let (parsed, resolved) = unique_legal(&l.pos, &readings)?;
        if !self.played.mixed.iter().any(|l| **l == *letter) {
            let message = format!(
                "`{word}` read in {} letters, as a {} move: it is no legal move in {}",
                other.name,
                role_name(resolved.mv.role()),
                self.settings.letters.name
            );
            self.repair(game, offset, message, &l.pos);
            self.played.mixed.push(letter.into());
        }
        game.letters_partial = true;
        Some(
            self.record_move(word, offset, side, l, game, &parsed, Some(resolved))
                .map(|()| WordOutcome::Played(None)),
        )
    }
}
