//! Words that end a game in prose: a resignation (`Aufgabe`, `Сдались`,
//! `se rindió`, `uppg.`, `gab auf`) in the languages of the pages, the
//! words that name the side that resigned (`Белые сдались`: White
//! resigned), and the words that say the game was drawn (`Remis`,
//! `Ничья`, `Tablas`).
//!
//! Moves named after a resignation, in the same stretch of prose, are the
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

/// Resignations in two words, a verb and its particle (German, Dutch:
/// `Weiß gab auf`, `Zwart geeft op`), lower case.
const RESIGN_PHRASES: &[(&str, &str)] = &[
    ("gab", "auf"),
    ("gibt", "auf"),
    ("gaben", "auf"),
    ("geben", "auf"),
    ("geeft", "op"),
    ("gaf", "op"),
    ("geven", "op"),
    ("gaven", "op"),
];

/// Words that say a game was drawn, lower case: each names the outcome
/// and nothing else a sentence after a move would (not English `draw`,
/// also a verb; `drawn` and `remis` are).
const DRAWS: &[&str] = &[
    "drawn",
    "remis",
    "remise",
    "ничья",
    "нічия",
    "реми",
    "tablas",
    "taules",
    "empate",
    "nulle",
    "patta",
    "remíza",
    "remiza",
    "döntetlen",
    "berabere",
    "ισοπαλία",
    "oavgjort",
    "uavgjort",
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

/// What a word of prose says of how the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A side resigned (which, the word before may say).
    Resigned,
    /// The game was drawn.
    Drawn,
}

/// What `word` says of how the game ended, if anything; `next` gives the
/// word after it, asked for only where `word` may begin a resignation in
/// two words (`gab auf`).
pub fn ending_said<'a>(word: &str, next: impl FnOnce() -> Option<&'a str>) -> Option<Ending> {
    // Every such word has a letter outside a-h or a long form: a move
    // never is one; the check is cheap on the words of moves.
    let word = key(word);
    if word.is_empty() {
        return None;
    }
    if RESIGNS.contains(&word.as_str()) {
        return Some(Ending::Resigned);
    }
    if DRAWS.contains(&word.as_str()) {
        return Some(Ending::Drawn);
    }
    if RESIGN_PHRASES.iter().any(|(verb, _)| *verb == word) {
        let next = key(next()?);
        let phrase = RESIGN_PHRASES.contains(&(word.as_str(), next.as_str()));
        return phrase.then_some(Ending::Resigned);
    }
    None
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
        let said = |word: &str, next: Option<&'static str>| ending_said(word, || next);
        for word in ["Aufgabe.", "сдались", "rindió", "uppg."] {
            assert_eq!(said(word, None), Some(Ending::Resigned), "{word}");
        }
        assert_eq!(said("e4", None), None);
        assert_eq!(said("Capablanca", None), None);
        assert_eq!(side_named("Белые"), Some(Color::White));
        assert_eq!(side_named("negras,"), Some(Color::Black));
        assert_eq!(side_named("Schach"), None);
        assert_eq!(said("gab", Some("auf.")), Some(Ending::Resigned));
        assert_eq!(said("gab", Some("Schach")), None);
        assert_eq!(said("gab", None), None);
        assert_eq!(said("Remis.", None), Some(Ending::Drawn));
        assert_eq!(said("Ничья!", None), Some(Ending::Drawn));
        assert_eq!(said("draw", None), None);
    }
}
