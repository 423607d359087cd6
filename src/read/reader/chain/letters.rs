//! The piece letters of a run of the chain search (see [`super`]): a
//! word's move read as the run read its letter before, as the game's set
//! reads it, or, for a letter new to the run that the set reads as no
//! legal move, as each other piece the board lets move, one letter one
//! piece in a run (as [`super::super::renamed`] does for the walk).

use shakmaty::{Chess, Role};

use super::super::renamed::{PIECES, RENAMED_LETTERS, role_move, unique_move};
use crate::notation::algebraic::Alphabet;
use crate::vocab::letters::LetterSet;
use crate::vocab::words::piece_prefix;

/// A word's moves, each with the run's letters as read with it.
pub(super) type Readings = Vec<(shakmaty::Move, Letters)>;

/// The piece letters a run has read: those its set reads as written, and
/// those the board renamed (as [`super::super::renamed`] does for the walk), with
/// how many moves each renamed letter made. One piece, one letter.
#[derive(Clone, Default)]
pub(super) struct Letters {
    own: Vec<(Box<str>, Role)>,
    pub(super) renamed: Vec<(Box<str>, Role, u32)>,
}

impl Letters {
    /// Whether `letter`, read as `role` by the set (`own`) or renamed to
    /// it, is the run's one letter for that piece: no other letter is
    /// renamed to it, nor, for a letter renamed, does the set read another
    /// as it (the set's own letters for a piece, look-alikes in another
    /// script among them, are one letter).
    fn one_letter(&self, letter: &str, role: Role, own: bool) -> bool {
        let other = |(l, r): (&str, Role)| r == role && l != letter;
        (own || !self.own.iter().map(|(l, r)| (&**l, *r)).any(other))
            && !self.renamed.iter().map(|(l, r, _)| (&**l, *r)).any(other)
    }
}

/// The legal move `word` names in `pos`, and the run's letters with its
/// letter: read as the letter was read before in the run, or as the set
/// reads it, or where neither makes a legal move and the letter is new to
/// the run, as each other piece that the board lets make one (the moves
/// after tell which: one piece, one letter, in a run), a few letters
/// renamed at most.
pub(super) fn word_move(
    word: &str,
    pos: &Chess,
    read: &Letters,
    (set, alphabet): (&LetterSet, &Alphabet),
) -> Readings {
    let word = word.trim_end_matches([',', ';', ':', '.', ')']);
    let Some(letter) = piece_prefix(word) else {
        return legal_move(word, alphabet, pos)
            .map(|mv| (mv, read.clone()))
            .into_iter()
            .collect();
    };
    let rest = &word[letter.len()..];
    if let Some(at) = read.renamed.iter().position(|(l, ..)| **l == *letter) {
        let Some(mv) = role_move(pos, read.renamed[at].1, rest) else {
            return Vec::new();
        };
        let mut read = read.clone();
        read.renamed[at].2 += 1;
        return vec![(mv, read)];
    }
    // As the set reads it: its alphabet, or the piece the set names by the
    // letter where the alphabet reads no move (a look-alike).
    let own = set.role_of(letter);
    let as_set =
        legal_move(word, alphabet, pos).or_else(|| own.and_then(|role| role_move(pos, role, rest)));
    if let Some(mv) = as_set {
        if !read.one_letter(letter, mv.role(), true) {
            return Vec::new();
        }
        let mut read = read.clone();
        if !read.own.iter().any(|(l, _)| **l == *letter) {
            read.own.push((letter.into(), mv.role()));
        }
        return vec![(mv, read)];
    }
    if read.own.iter().any(|(l, _)| **l == *letter) || read.renamed.len() == RENAMED_LETTERS {
        return Vec::new();
    }
    PIECES
        .into_iter()
        .filter(|&role| Some(role) != own && read.one_letter(letter, role, false))
        .filter_map(|role| {
            let mv = role_move(pos, role, rest)?;
            let mut read = read.clone();
            read.renamed.push((letter.into(), role, 1));
            Some((mv, read))
        })
        .collect()
}

/// The one legal move `word` names in `pos` (its closing marks and
/// punctuation aside).
fn legal_move(word: &str, alphabet: &Alphabet, pos: &Chess) -> Option<shakmaty::Move> {
    let word = word.trim_end_matches([',', ';', ':', '.', ')']);
    if word.is_empty() {
        return None;
    }
    unique_move(word, alphabet, pos)
}
