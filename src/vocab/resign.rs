//! Words that end a game in prose: a resignation (`Aufgabe`, `Сдались`,
//! `se rindió`, `uppg.`) in the languages of the pages, and the words that
//! name the side that resigned (`Белые сдались`: White resigned).
//!
//! Moves named after such a word, in the same stretch of prose, are the
//! commentary's, not the game's.

use shakmaty::Color;

/// Resignation words, lower case, as they stand in a sentence (a word's
/// punctuation is trimmed before it is looked up).
const RESIGNS: &[&str] = &[
    // English
    "resigns",
    "resigned",
    "resign",
    "resignation",
    // Spanish, Catalan, Portuguese
    "abandonan",
    "abandona",
    "abandonaron",
    "abandonó",
    "rindió",
    "rinde",
    "rinden",
    "rindieron",
    "abandonen",
    "abandonà",
    "abandonam",
    "abandonou",
    "desistem",
    "desistiu",
    // French
    "abandon",
    "abandonne",
    "abandonnent",
    "abandonnèrent",
    // Italian
    "abbandona",
    "abbandonano",
    "abbandonò",
    "arrende",
    "arrendono",
    "arrese",
    // German, Dutch
    "aufgabe",
    "aufgegeben",
    "opgegeven",
    // Scandinavian, Icelandic
    "uppg",
    "uppgav",
    "uppgivet",
    "opgav",
    "opgiver",
    "oppga",
    "oppgir",
    "gafst",
    // Russian, Ukrainian, Serbian, Bulgarian
    "сдался",
    "сдались",
    "сдалась",
    "сдаются",
    "сдаётся",
    "сдается",
    "здалися",
    "предао",
    "предали",
    "предаде",
    // Polish, Czech, Slovak, Hungarian, Romanian, Turkish, Greek
    "poddał",
    "poddały",
    "poddali",
    "poddaje",
    "vzdal",
    "vzdali",
    "vzdala",
    "vzdává",
    "feladta",
    "feladja",
    "abandonează",
    "abandonat",
    "terk",
    "εγκατέλειψε",
    "παραιτήθηκε",
];

/// Words that name a side, lower case.
const SIDES: &[(&str, Color)] = &[
    ("white", Color::White),
    ("black", Color::Black),
    ("blancas", Color::White),
    ("negras", Color::Black),
    ("blancs", Color::White),
    ("noirs", Color::Black),
    ("bianco", Color::White),
    ("nero", Color::Black),
    ("bianchi", Color::White),
    ("neri", Color::Black),
    ("brancas", Color::White),
    ("pretas", Color::Black),
    ("weiß", Color::White),
    ("weiss", Color::White),
    ("schwarz", Color::Black),
    ("wit", Color::White),
    ("zwart", Color::Black),
    ("vit", Color::White),
    ("svart", Color::Black),
    ("hvid", Color::White),
    ("hvit", Color::White),
    ("sort", Color::Black),
    ("белые", Color::White),
    ("чёрные", Color::Black),
    ("черные", Color::Black),
    ("бели", Color::White),
    ("црни", Color::Black),
    ("białe", Color::White),
    ("czarne", Color::Black),
    ("bílý", Color::White),
    ("černý", Color::Black),
    ("világos", Color::White),
    ("sötét", Color::Black),
    ("beyaz", Color::White),
    ("siyah", Color::Black),
];

/// A word as it is looked up: without the punctuation around it, lower case.
fn key(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// Whether `word` says a side resigned.
pub fn is_resignation(word: &str) -> bool {
    // Every resignation word has a letter outside a-h or a long form: a
    // move never is one; the check is cheap on the words of moves.
    let word = key(word);
    !word.is_empty() && RESIGNS.contains(&word.as_str())
}

/// The side `word` names, if it names one.
pub fn side_named(word: &str) -> Option<Color> {
    let word = key(word);
    SIDES.iter().find(|(w, _)| *w == word).map(|&(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resignations_and_sides() {
        assert!(is_resignation("Aufgabe."));
        assert!(is_resignation("сдались"));
        assert!(is_resignation("rindió"));
        assert!(is_resignation("uppg."));
        assert!(!is_resignation("e4"));
        assert!(!is_resignation("Capablanca"));
        assert_eq!(side_named("Белые"), Some(Color::White));
        assert_eq!(side_named("negras,"), Some(Color::Black));
        assert_eq!(side_named("Schach"), None);
    }
}
