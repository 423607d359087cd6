//! Letters of a game's set that the board names other pieces: where a game
//! fails at a move whose letter its set reads as a piece that cannot make
//! it, and the board names one other piece that can, the game is read
//! again with the letter so, a few letters at most, one after another as
//! each next failure asks; the reading is kept only where it reads the
//! game to its end. A page in a language no set has (Esperanto's `K`
//! bishop beside its `Ĉ` knight, Indonesian's `K` knight and `G` bishop)
//! reads; a slip in the set's letters does not: a letter written once, a
//! piece the game writes with the set's own letter too (`Kb5` for `Lb5`
//! beside `Lc4`), or a king moved with the letter later (the game then
//! fails there) stays reported.

use shakmaty::{Chess, Role};

use super::GameReader;
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, ParsedMove};
use crate::notation::resolve::unique_legal;
use crate::read::replay::LetterUses;
use crate::vocab::letters::{ENGLISH, LetterSet};
use crate::vocab::words::piece_prefix;

/// How many letters of a set one game may have renamed.
pub(super) const RENAMED_LETTERS: usize = 3;

/// How many moves a letter must be written for to be renamed: a single
/// odd one (`2. Kd3` in a PGN game) is a slip, reported.
pub(super) const RENAMED_USES: u32 = 2;

/// The pieces a letter may be renamed to.
pub(super) const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

impl GameReader {
    /// `game`, failed under its set, read again with letters of that set
    /// renamed where the board names them (see the module's doc), where
    /// that reads it to its end, and by one renaming only.
    pub(super) fn rename_letters(&mut self, text: &str, first_line: u32, game: &mut Game) {
        if self.descriptive.is_some() {
            return;
        }
        let Some(set) = self.set_of(game) else {
            return;
        };
        let sample = self.scanned(text);
        // The game's letters and their uses, scanned where a letter is
        // first renamed.
        let mut written: Option<Vec<String>> = None;
        let mut counted: Option<LetterUses> = None;
        let mut renamed: Vec<(Box<str>, Role)> = Vec::new();
        // The last reading that failed further on than the one before.
        let mut failing: Option<Game> = None;
        for _ in 0..RENAMED_LETTERS {
            let at = failing.as_ref().unwrap_or(game);
            let Some((letter, mut roles)) = board_names(at, self.sets[set], &renamed) else {
                break;
            };
            let uses = counted.get_or_insert_with(|| LetterUses::count(sample));
            if uses.of(&letter) < RENAMED_USES {
                break;
            }
            let written =
                written.get_or_insert_with(|| crate::read::detect::piece_letters(sample).letters);
            roles.retain(|&role| unwritten(self.sets[set], role, written));
            if roles.is_empty() {
                break;
            }
            let reach = at.mainline().count();
            let mut whole: Vec<Game> = Vec::new();
            let mut further: Option<(Game, Role)> = None;
            for role in roles {
                renamed.push((letter.clone(), role));
                let mut alt = self.spare.pop().unwrap_or_default();
                self.renamed.clone_from(&renamed);
                self.read_as(set, text, first_line, &mut alt, false);
                self.renamed.clear();
                renamed.pop();
                if !alt.failed() {
                    whole.push(alt);
                } else if further.is_none() && alt.mainline().count() > reach {
                    further = Some((alt, role));
                } else {
                    self.spare.push(alt);
                }
            }
            if whole.len() == 1 {
                std::mem::swap(game, &mut whole[0]);
                self.spare.extend(whole);
                self.spare.extend(further.map(|(g, _)| g));
                self.spare.extend(failing);
                return;
            }
            self.spare.extend(whole);
            let Some((g, role)) = further else { break };
            renamed.push((letter, role));
            self.spare.extend(failing.replace(g));
        }
        self.spare.extend(failing);
    }
}

/// The letter of the move `game` failed at, where its set reads it as a
/// piece that cannot make the move, and the other pieces that can (one
/// legal move each), by the board; `None` where there are none, or the
/// letter is renamed already.
fn board_names(
    game: &Game,
    set: &LetterSet,
    renamed: &[(Box<str>, Role)],
) -> Option<(Box<str>, Vec<Role>)> {
    let (_, pos, word) = game.unexplained.as_ref()?;
    let letter = piece_prefix(word)?;
    let own = set.role_of(letter)?;
    if renamed.iter().any(|(l, _)| **l == *letter) {
        return None;
    }
    let roles: Vec<Role> = PIECES
        .into_iter()
        .filter(|&role| role != own && role_move(pos, role, &word[letter.len()..]).is_some())
        .collect();
    (!roles.is_empty()).then(|| (letter.into(), roles))
}

/// Whether the game, whose letters are `written`, does not write `role`
/// with the set's own letter for it: one piece, one letter.
fn unwritten(set: &LetterSet, role: Role, written: &[String]) -> bool {
    let name = set.name(role, shakmaty::Color::White);
    name.is_empty() || !written.iter().any(|w| w == name)
}

/// The one legal move the piece `role` with the rest of a move's word
/// after its letter (`b5` of `Kb5`) names in `pos`.
pub(super) fn role_move(pos: &Chess, role: Role, rest: &str) -> Option<shakmaty::Move> {
    let word = format!("{}{rest}", role.upper_char());
    unique_move(&word, Alphabet::of(&ENGLISH), pos)
}

/// The one legal move `word` names in `pos`, read in `alphabet`.
pub(super) fn unique_move(word: &str, alphabet: &Alphabet, pos: &Chess) -> Option<shakmaty::Move> {
    let readings = ParsedMove::readings(word, alphabet).ok()?;
    unique_legal(pos, &readings).map(|(_, found)| found.mv)
}
