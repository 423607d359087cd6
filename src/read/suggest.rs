//! What a move that matches nothing might have meant.
//!
//! For a token that names no legal move, [`suggestions`] looks for the legal
//! moves it most likely stands for: first under other letter sets (`Sf3` in
//! an English game is `Nf3` if `S` is a German knight), then, under the
//! game's own letters, the legal moves closest to what was written (same
//! destination, same piece, near squares).

use std::sync::OnceLock;

use shakmaty::{Chess, Move, MoveList, Position, Role, Square, san::San};

use crate::notation::algebraic::{Alphabet, MoveToken, ParsedMove, Target};
use crate::notation::descriptive::{DescMove, DescTarget, Descriptive, Lang, relative_rank};
use crate::notation::resolve::resolve;
use crate::vocab::letters::{LetterSet, role_name};

/// Notes for an illegal or unreadable `word` in `pos`, read in `letters`.
pub fn suggestions(pos: &Chess, word: &str, letters: &'static LetterSet) -> Vec<String> {
    let mut notes = Vec::new();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        notes.push("the game is over here: there is no legal move".to_string());
        return notes;
    }
    // Other letter sets.
    let mut found: Vec<(Move, Role, Vec<&str>)> = Vec::new();
    for (set, alphabet) in other_alphabets().iter().filter(|(s, _)| *s != letters) {
        let Ok(readings) = ParsedMove::readings(word, alphabet) else {
            continue;
        };
        for reading in &readings {
            let role = match reading.token {
                MoveToken::Normal {
                    role: Some(role), ..
                } => role,
                _ => continue,
            };
            if let Ok(r) = resolve(pos, &reading.token) {
                match found.iter_mut().find(|(m, _, _)| *m == r.mv) {
                    Some((_, _, sets)) => sets.push(set.name),
                    None => found.push((r.mv, role, vec![set.name])),
                }
            }
        }
    }
    let prefix: String = word
        .chars()
        .take_while(|c| c.is_alphabetic() && !('a'..='h').contains(c))
        .collect();
    for (mv, role, sets) in found.iter().take(3) {
        let more = if sets.len() > 2 { ", …" } else { "" };
        notes.push(format!(
            "`{prefix}` read as a {} ({}{more}): {}?",
            role_name(*role),
            sets[..sets.len().min(2)].join(", "),
            San::from_move(pos, *mv)
        ));
    }
    // The closest legal moves under the game's own letters.
    let closest: Vec<String> = closest_moves(pos, word, letters)
        .iter()
        .take(4)
        .map(|m| San::disambiguate(*m, &legal).to_string())
        .collect();
    if !closest.is_empty() {
        notes.push(format!("closest legal moves: {}", closest.join(", ")));
    } else if found.is_empty() {
        notes.push(format!("legal moves here: {}", sample(&legal)));
    }
    notes
}

/// The legal moves of `pos` closest to what `word` says, read in
/// `letters` (the same destination, the same piece, near squares), the
/// closest first; none where nothing of it is close.
pub fn closest_moves(pos: &Chess, word: &str, letters: &'static LetterSet) -> Vec<Move> {
    let alphabet = Alphabet::of(letters);
    let intent = ParsedMove::readings(word, alphabet)
        .ok()
        .map(|r| r[0].token);
    let mut scored: Vec<(i32, Move)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (closeness(intent.as_ref(), m), m))
        .filter(|(score, _)| *score > 0)
        .collect();
    scored.sort_by_key(|(score, _)| -score);
    scored.into_iter().map(|(_, m)| m).collect()
}

/// Notes for an illegal or unreadable `word` in `pos`, in a game written in
/// descriptive notation: the legal moves closest to it (the same piece, a
/// destination on the same file or rank, counted from the mover's side),
/// written in descriptive notation.
pub fn descriptive_suggestions(pos: &Chess, word: &str, lang: Lang) -> Vec<String> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return vec!["the game is over here: there is no legal move".to_string()];
    }
    let write = |m: Move| {
        let mut s = String::new();
        crate::notation::descriptive::write(pos, m, &mut s);
        s
    };
    // What the word says, as far as it reads.
    let intent = (1..=word.len())
        .rev()
        .filter(|&end| word.is_char_boundary(end))
        .find_map(|end| Descriptive::parse(&word[..end], lang).ok());
    let Some(DescMove::Piece { mover, target, .. }) = intent.map(|d| d.mv) else {
        return vec![format!("legal moves here: {}", sample_with(&legal, write))];
    };
    let mut scored: Vec<(i32, Move)> = legal
        .iter()
        .filter(|m| m.role() == mover.role)
        .map(|&m| {
            let score = match target {
                DescTarget::Square(square) => {
                    i32::from(square.file.contains(m.to().file()))
                        + i32::from(square.rank == relative_rank(m.to(), pos.turn()))
                }
                DescTarget::Capture(taken) => {
                    i32::from(m.capture() == Some(taken.role)) * 2 + i32::from(m.is_capture())
                }
                DescTarget::Checking
                | DescTarget::Moving
                | DescTarget::Interposing
                | DescTarget::Stepping => i32::from(!m.is_capture()),
            };
            (score, m)
        })
        .collect();
    scored.sort_by_key(|(score, _)| -score);
    let closest: Vec<String> = scored.iter().take(6).map(|(_, m)| write(*m)).collect();
    if closest.is_empty() {
        vec![format!(
            "no {} can move here; legal moves: {}",
            role_name(mover.role),
            sample_with(&legal, write)
        )]
    } else {
        vec![format!("closest legal moves: {}", closest.join(", "))]
    }
}

/// Every letter set's alphabet, in the order detection tries them.
fn other_alphabets() -> &'static [(&'static LetterSet, &'static Alphabet)] {
    static ALPHABETS: OnceLock<Vec<(&'static LetterSet, &'static Alphabet)>> = OnceLock::new();
    ALPHABETS.get_or_init(|| {
        crate::read::detect::all_candidates()
            .into_iter()
            .map(|set| (set, Alphabet::of(set)))
            .collect()
    })
}

/// A few of the legal moves, for when nothing comes close.
fn sample(legal: &MoveList) -> String {
    sample_with(legal, |m| San::disambiguate(m, legal).to_string())
}

/// A few of the legal moves, each written by `write`.
fn sample_with(legal: &MoveList, write: impl Fn(Move) -> String) -> String {
    let mut names: Vec<String> = legal.iter().map(|&m| write(m)).collect();
    names.sort();
    let more = names.len().saturating_sub(12);
    names.truncate(12);
    if more > 0 {
        format!("{} and {more} more", names.join(", "))
    } else {
        names.join(", ")
    }
}

/// How close a legal move comes to what the token says (0: not at all).
fn closeness(intent: Option<&MoveToken>, m: Move) -> i32 {
    let Some(MoveToken::Normal {
        role,
        from_file,
        from_rank,
        to,
        ..
    }) = intent
    else {
        return 0;
    };
    let role = role.unwrap_or(Role::Pawn);
    let mut score = 0;
    let same_role = m.role() == role;
    if same_role {
        score += 3;
    }
    match to {
        Target::Square(to) => {
            if m.to() == *to {
                score += 4;
            } else if same_role {
                score += 2 - distance(m.to(), *to).min(3);
            }
        }
        Target::File(f) => {
            if m.to().file() == *f {
                score += 2;
            }
        }
    }
    if let Some(from) = m.from() {
        if from_file.is_some_and(|f| f == from.file()) {
            score += 1;
        }
        if from_rank.is_some_and(|r| r == from.rank()) {
            score += 1;
        }
    }
    if score >= 4 { score } else { 0 }
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// Adds suggestions to the diagnostic of the move of `game` that matched
/// nothing (what it may have meant), after the notes it has. Done once, for the reading kept:
/// finding them means trying every letter set.
pub(crate) fn explain(game: &mut crate::game::Game) {
    if let Some((index, pos, word)) = game.unexplained.take()
        && let (Some(letters), Some(d)) = (game.letters, game.diagnostics.get_mut(index))
    {
        d.notes.extend(match game.descriptive {
            Some(lang) => descriptive_suggestions(&pos, &word, lang),
            None => suggestions(&pos, &word, letters),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::letters::ENGLISH;

    fn after(moves: &[&str]) -> Chess {
        let mut pos = Chess::default();
        for m in moves {
            let san: San = m.parse().unwrap();
            let mv = san.to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        pos
    }

    #[test]
    fn german_knight_in_an_english_game() {
        let notes = suggestions(&after(&["e4", "e5"]), "Sf3", &ENGLISH);
        assert!(
            notes[0].starts_with("`S` read as a knight (German, Polish, …)"),
            "{notes:?}"
        );
        assert!(notes[0].ends_with(": Nf3?"), "{notes:?}");
    }

    #[test]
    fn closest_king_moves() {
        let notes = suggestions(&after(&["e4", "e5"]), "Ke3", &ENGLISH);
        assert_eq!(notes, ["closest legal moves: Ke2"]);
    }
}
