//! Words that end a game in prose: a resignation (`Aufgabe`, `Сдались`,
//! `se rindió`, `uppg.`, `gab auf`) in the languages of the pages, the
//! words that name the side that resigned (`Белые сдались`: White
//! resigned), the words that say the game was drawn (`Remis`,
//! `Ничья`, `Tablas`, `Draw agreed`) or won (`White wins.`), and the
//! negations that take any of them back (`Kein Remis`, `did not resign`).
//!
//! Moves named after a resignation, in the same stretch of prose, are the
//! commentary's, not the game's.

use std::borrow::Cow;
use std::sync::OnceLock;

use shakmaty::Color;

use crate::vocab::hash::WordMap;

/// Resignation words, lower case, as they stand in a sentence (a word's
/// punctuation is trimmed before it is looked up).
const RESIGNS: &[&str] = &[
    // English
    "resigns",
    "resigned",
    "resign",
    "resignation",
    // Old books' (`Black surrenders.`)
    "surrenders",
    "surrendered",
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
    // German, Swedish / Turkish / Slovene / Croatian (`remi`), Czech and
    // Polish in the case a sentence puts them (`remízou`, `remisem`),
    // Turkish, Romanian, Croatian, Serbian, Belarusian, Esperanto, Galician,
    // Finnish, Icelandic, Estonian, Latvian, Lithuanian.
    "unentschieden",
    "remi",
    "remízou",
    "remizou",
    "remisem",
    "beraberlik",
    "remiză",
    "neriješeno",
    "нерешено",
    "нічыя",
    "remiso",
    "táboas",
    "tasapeli",
    "jafntefli",
    "viik",
    "neizšķirts",
    "lygiosios",
];

/// Draws in two words whose first alone says nothing (`draw` is a verb
/// too), lower case.
const DRAW_PHRASES: &[(&str, &str)] = &[
    ("draw", "agreed"),
    ("draw", "agreement"),
    ("agreed", "draw"),
    ("draw", "claimed"),
    ("draw", "declared"),
];

/// Verbs that say the side named before them won (`White wins.`), lower
/// case; they end a game only where they end their clause (`White wins
/// the exchange` is commentary).
const WINS: &[&str] = &[
    "wins",
    "won",
    "gewinnt",
    "gewann",
    "wint",
    "ganan",
    "ganaron",
    "gana",
    "ganhou",
    "ganham",
    "gagnent",
    "gagne",
    "vince",
    "vincono",
    "vinse",
    "vinner",
    "vann",
    "vandt",
    "выиграли",
    "выигрывают",
    "победили",
    "wygrywa",
    "wygrały",
    "wygrał",
    "vyhrál",
    "vyhrávají",
    "nyert",
    "kazandı",
    "kazanır",
];

/// Words that take back the ending word after them (`Kein Remis`, `did
/// not resign`, `не сдались`), lower case.
const NEGATIONS: &[&str] = &[
    "not", "no", "never", "didn't", "doesn't", "don't", "won't", "kein", "keine", "keinen",
    "nicht", "nie", "niet", "geen", "не", "нет", "ни", "sin", "non", "pas", "inte", "ej", "ikke",
    "nem", "ne", "όχι", "δεν", "hayır",
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
    ("blanc", Color::White),
    ("noir", Color::Black),
    ("blanco", Color::White),
    ("negro", Color::Black),
    ("hvítur", Color::White),
    ("svartur", Color::Black),
    ("білі", Color::White),
    ("чорні", Color::Black),
    ("biały", Color::White),
    ("czarny", Color::Black),
    ("bílé", Color::White),
    ("černé", Color::Black),
];

/// The longest ASCII word [`key`] lowers on the stack.
const KEY_BUF: usize = 32;

/// A word as it is looked up: without the punctuation around it, lower
/// case. No string is made for it where none is needed: the word itself
/// where it is in lower case already (nearly every word of prose a page's
/// reader asks about), an ASCII word lowered in `buf`.
fn key<'w>(word: &'w str, buf: &'w mut [u8; KEY_BUF]) -> Cow<'w, str> {
    // A word with an ASCII letter or digit at both ends has nothing
    // around it to trim, and is let through at a glance.
    let word = trimmed(word);
    if word.is_ascii() {
        if !word.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Borrowed(word);
        }
        if let Some(key) = buf.get_mut(..word.len()) {
            key.copy_from_slice(word.as_bytes());
            key.make_ascii_lowercase();
            if let Ok(key) = std::str::from_utf8(key) {
                return Cow::Borrowed(key);
            }
        }
    } else if word
        .chars()
        .all(|c| c.is_lowercase() || c.to_lowercase().eq([c]))
    {
        // A lower-case letter lowers to itself (see the test
        // `lower_case_letters_lower_to_themselves`): asked first, as the
        // cheaper question.
        return Cow::Borrowed(word);
    }
    Cow::Owned(word.to_lowercase())
}

/// `word` without the characters around it that are no letter or digit:
/// the ASCII ones passed over a byte at a time, the rest, if any, asked of
/// their characters.
fn trimmed(word: &str) -> &str {
    let bytes = word.as_bytes();
    let stray = |b: &u8| b.is_ascii() && !b.is_ascii_alphanumeric();
    let start = bytes.iter().position(|b| !stray(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !stray(b))
        .map_or(start, |i| i + 1);
    // ASCII bytes end and begin characters: the cuts are boundaries.
    let word = &word[start..end.max(start)];
    match (word.as_bytes().first(), word.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii() && last.is_ascii() => word,
        _ => word.trim_matches(|c: char| !c.is_alphanumeric()),
    }
}

/// What a word of prose says of how the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A side resigned (which, the word before may say).
    Resigned,
    /// The game was drawn.
    Drawn,
    /// The side named before the word won.
    Won,
}

/// What a word looked up says: an ending by itself, a win where it ends
/// its clause, or the first word of a phrase of `table`.
#[derive(Clone, Copy)]
enum Kind {
    Ends(Ending),
    Wins,
    Begins(&'static [(&'static str, &'static str)], Ending),
}

/// Every word of the tables above, looked up once per word of prose (a
/// scan of each table per word was a tenth of a page's reading).
fn kinds() -> &'static WordMap<&'static str, Kind> {
    static KINDS: OnceLock<WordMap<&'static str, Kind>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let mut kinds = WordMap::default();
        for (table, ending) in [
            (RESIGN_PHRASES, Ending::Resigned),
            (DRAW_PHRASES, Ending::Drawn),
        ] {
            for (first, _) in table {
                kinds.insert(*first, Kind::Begins(table, ending));
            }
        }
        kinds.extend(WINS.iter().map(|w| (*w, Kind::Wins)));
        kinds.extend(DRAWS.iter().map(|w| (*w, Kind::Ends(Ending::Drawn))));
        kinds.extend(RESIGNS.iter().map(|w| (*w, Kind::Ends(Ending::Resigned))));
        kinds
    })
}

/// What `word` says of how the game ended, if anything, `before` giving
/// the word before it (a negation takes it back); `next` gives the word
/// after it, asked for only where `word` may begin a phrase (`gab auf`,
/// `Draw agreed`) or must end its clause (`White wins.`).
pub fn ending_said<'a, 'b>(
    word: &str,
    before: impl FnOnce() -> Option<&'b str>,
    next: impl FnOnce() -> Option<&'a str>,
) -> Option<Ending> {
    let mut buf = [0; KEY_BUF];
    let said = key(word, &mut buf);
    if said.is_empty() {
        return None;
    }
    let ending = match *kinds().get(said.as_ref())? {
        Kind::Ends(ending) => ending,
        Kind::Wins => {
            // The clause ends at the verb: its own stop, or no word after
            // it but a result or a number.
            let stops = word.ends_with(['.', '!', ';']);
            let next_word = next().filter(|n| n.starts_with(char::is_alphabetic));
            (stops || next_word.is_none()).then_some(Ending::Won)?
        }
        Kind::Begins(table, ending) => {
            let mut next_buf = [0; KEY_BUF];
            let next = key(next()?, &mut next_buf);
            table
                .contains(&(said.as_ref(), next.as_ref()))
                .then_some(ending)?
        }
    };
    let mut before_buf = [0; KEY_BUF];
    let negated = before().is_some_and(|b| NEGATIONS.contains(&key(b, &mut before_buf).as_ref()));
    (!negated).then_some(ending)
}

/// The side `word` names, if it names one.
pub fn side_named(word: &str) -> Option<Color> {
    let mut buf = [0; KEY_BUF];
    let word = key(word, &mut buf);
    SIDES.iter().find(|(w, _)| *w == word).map(|&(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resignations_and_sides() {
        let said = |word: &str, next: Option<&'static str>| ending_said(word, || None, || next);
        for word in ["Aufgabe.", "сдались", "rindió", "uppg."] {
            assert_eq!(said(word, None), Some(Ending::Resigned), "{word}");
        }
        assert_eq!(said("e4", None), None);
        assert_eq!(said("Capablanca", None), None);
        assert_eq!(side_named("Белые"), Some(Color::White));
        assert_eq!(side_named("Чорні"), Some(Color::Black));
        assert_eq!(side_named("noir"), Some(Color::Black));
        assert_eq!(side_named("negras,"), Some(Color::Black));
        assert_eq!(side_named("Schach"), None);
        assert_eq!(said("gab", Some("auf.")), Some(Ending::Resigned));
        assert_eq!(said("surrenders.", None), Some(Ending::Resigned));
        assert_eq!(said("gab", Some("Schach")), None);
        assert_eq!(said("gab", None), None);
        assert_eq!(said("Remis.", None), Some(Ending::Drawn));
        assert_eq!(said("Ничья!", None), Some(Ending::Drawn));
        for word in [
            "Remi.",
            "Beraberlik",
            "remízou.",
            "Unentschieden!",
            "Jafntefli",
            "Tasapeli.",
        ] {
            assert_eq!(said(word, None), Some(Ending::Drawn), "{word}");
        }
        assert_eq!(said("draw", None), None);
        assert_eq!(said("Draw", Some("agreed.")), Some(Ending::Drawn));
        assert_eq!(said("draw", Some("the")), None);
        assert_eq!(said("wins.", Some("Next")), Some(Ending::Won));
        assert_eq!(said("wins", None), Some(Ending::Won));
        assert_eq!(said("wins", Some("1-0")), Some(Ending::Won));
        assert_eq!(said("wins", Some("the")), None);
        let negated = |before, word| ending_said(word, || Some(before), || None);
        assert_eq!(negated("Kein", "Remis"), None);
        assert_eq!(negated("not", "resign."), None);
        assert_eq!(negated("не", "сдались"), None);
        assert_eq!(negated("Partie", "nulle"), Some(Ending::Drawn));
    }

    /// What `key` takes for granted: no lower-case character lowers to
    /// another.
    #[test]
    fn lower_case_letters_lower_to_themselves() {
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            if c.is_lowercase() {
                assert!(c.to_lowercase().eq([c]), "{c:?}");
            }
        }
    }

    #[test]
    fn keys_made_with_no_string_where_none_is_needed() {
        let long = "A".repeat(KEY_BUF + 1);
        // Each word, its key, and whether a string was made for it.
        let cases = [
            ("remis", "remis", false),
            ("(Remis.)", "remis", false),
            ("«Remis»", "remis", false),
            ("«ничья»", "ничья", false),
            ("Ничья!", "ничья", true),
            // A titlecase letter is no capital, and lowered still.
            ("ǅ", "ǆ", true),
            (&long, &long.to_lowercase(), true),
            ("...", "", false),
        ];
        for (word, lowered, made) in cases {
            let mut buf = [0; KEY_BUF];
            let key = key(word, &mut buf);
            assert_eq!(key, lowered, "{word}");
            assert_eq!(matches!(key, Cow::Owned(_)), made, "{word}");
        }
    }
}
