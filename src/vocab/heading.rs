//! A game's heading as pages write it above the moves, read as tag pairs:
//! labelled fields (`White: Müller, Hans   Black: Schmidt, Peter`,
//! `Weiß:`, `Blancas:`, `Белые:`, `Event:`, `Round:`) and the players'
//! line (`Стейниц — Чигорин, Гавана, 1892`: White, Black, then the place
//! and the year). A line with a bracket (`Mackenzie (2113 FIDE) - …`), a
//! name in lower case or of more than four words, or no place or year
//! after the players is prose, not a heading.

/// Tag pairs read from a heading: each tag's name and value.
pub type Tags = Vec<(&'static str, String)>;

/// The labels of a heading's fields, lower case, and the tag each names.
const LABELS: &[(&str, &str)] = &[
    // English
    ("white", "White"),
    ("black", "Black"),
    ("event", "Event"),
    ("tournament", "Event"),
    ("site", "Site"),
    ("place", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("result", "Result"),
    ("ergebnis", "Result"),
    ("resultado", "Result"),
    ("résultat", "Result"),
    ("risultato", "Result"),
    ("результат", "Result"),
    // German, Dutch, Scandinavian
    ("weiß", "White"),
    ("weiss", "White"),
    ("schwarz", "Black"),
    ("turnier", "Event"),
    ("ort", "Site"),
    ("datum", "Date"),
    ("runde", "Round"),
    ("wit", "White"),
    ("zwart", "Black"),
    ("toernooi", "Event"),
    ("plaats", "Site"),
    ("ronde", "Round"),
    ("vit", "White"),
    ("hvid", "White"),
    ("hvit", "White"),
    ("svart", "Black"),
    ("sort", "Black"),
    // Spanish, Catalan, Portuguese, Italian, French, Romanian
    ("blancas", "White"),
    ("negras", "Black"),
    ("blanques", "White"),
    ("negres", "Black"),
    ("brancas", "White"),
    ("pretas", "Black"),
    ("bianco", "White"),
    ("nero", "Black"),
    ("blancs", "White"),
    ("noirs", "Black"),
    ("albe", "White"),
    ("negre", "Black"),
    ("torneo", "Event"),
    ("tournoi", "Event"),
    ("torneio", "Event"),
    ("lugar", "Site"),
    ("lieu", "Site"),
    ("luogo", "Site"),
    ("local", "Site"),
    ("fecha", "Date"),
    ("data", "Date"),
    ("ronda", "Round"),
    ("turno", "Round"),
    ("rodada", "Round"),
    // Slavic, Hungarian, Turkish, Greek
    ("белые", "White"),
    ("чёрные", "Black"),
    ("черные", "Black"),
    ("білі", "White"),
    ("чорні", "Black"),
    ("турнир", "Event"),
    ("место", "Site"),
    ("дата", "Date"),
    ("тур", "Round"),
    ("biały", "White"),
    ("białe", "White"),
    ("czarny", "Black"),
    ("czarne", "Black"),
    ("turniej", "Event"),
    ("runda", "Round"),
    ("bílý", "White"),
    ("černý", "Black"),
    ("beli", "White"),
    ("crni", "Black"),
    ("világos", "White"),
    ("sötét", "Black"),
    ("beyaz", "White"),
    ("siyah", "Black"),
    ("λευκά", "White"),
    ("μαύρα", "Black"),
];

/// The longest a heading line is, in characters: a longer one is prose.
const MAX_LINE: usize = 160;

/// The most words a player's name has (`José Raúl Capablanca y Graupera`
/// is written shorter on a page).
const MAX_NAME_WORDS: usize = 4;

/// The tag a label names (`Weiß` → `White`), matched whole, in any case.
fn label_tag(word: &str) -> Option<&'static str> {
    let lower = || word.chars().flat_map(char::to_lowercase);
    LABELS
        .iter()
        .find(|(l, _)| l.chars().eq(lower()))
        .map(|(_, t)| *t)
}

/// The tag pairs `line` holds as a heading, in order; `None` where it is
/// no heading.
pub fn heading_tags(line: &str) -> Option<Tags> {
    let line = line.trim();
    if line.is_empty() || line.chars().count() > MAX_LINE {
        return None;
    }
    if line.contains(['(', ')', '[', ']', '{', '}']) {
        return None;
    }
    labelled(line).or_else(|| players(line, true))
}

/// The players' line with nothing after the names (`Seibold - Keres`),
/// read as a heading beside a line [`heading_tags`] reads.
pub fn players_only(line: &str) -> Option<Tags> {
    let line = line.trim();
    if line.chars().count() > MAX_LINE || line.contains(['(', ')', '[', ']', '{', '}']) {
        return None;
    }
    players(line, false)
}

/// Whether `line` heads a game: a heading ([`heading_tags`]), or the two
/// players after a short label of its own (`BORD 1: Driessen – de Mas`,
/// `Game 3: Anand – Carlsen`), as a page of several games heads each.
pub fn heads_game(line: &str) -> bool {
    if heading_tags(line).is_some() {
        return true;
    }
    let Some((label, players)) = line.split_once(':') else {
        return false;
    };
    (1..=3).contains(&label.split_whitespace().count()) && players_only(players).is_some()
}

/// Where each label of `line` stands: (its start, the tag, where its value
/// starts), for a label that begins the line or follows a space or a
/// separator, with its colon.
fn labels_in(line: &str) -> Vec<(usize, &'static str, usize)> {
    let mut found = Vec::new();
    let starts = std::iter::once(0).chain(
        line.char_indices()
            .filter(|&(_, c)| c.is_whitespace() || matches!(c, ',' | ';' | '|'))
            .map(|(i, c)| i + c.len_utf8()),
    );
    for start in starts {
        let rest = &line[start..];
        let Some(word_end) = rest.find(|c: char| !c.is_alphabetic()) else {
            continue;
        };
        let after = rest[word_end..].trim_start_matches(' ');
        if !after.starts_with(':') || word_end == 0 {
            continue;
        }
        if let Some(tag) = label_tag(&rest[..word_end]) {
            let value_at = line.len() - after.len() + 1;
            found.push((start, tag, value_at));
        }
    }
    found
}

/// `line` read as labelled fields (`White: A   Black: B`), the line
/// beginning with a label.
fn labelled(line: &str) -> Option<Tags> {
    let labels = labels_in(line);
    if labels.first().is_none_or(|&(start, _, _)| start != 0) {
        return None;
    }
    let mut tags: Tags = Vec::new();
    for (i, &(_, tag, value_at)) in labels.iter().enumerate() {
        let end = labels.get(i + 1).map_or(line.len(), |&(next, _, _)| next);
        let value = line[value_at..end]
            .trim()
            .trim_end_matches([',', ';', '|'])
            .trim();
        if value.is_empty() || tags.iter().any(|(t, _)| *t == tag) {
            continue;
        }
        let value = match tag {
            "Date" => pgn_date(value)?,
            _ => value.to_string(),
        };
        tags.push((tag, value));
    }
    (!tags.is_empty()).then_some(tags)
}

/// The separators written between the players' names.
const BETWEEN: &[&str] = &[
    " – ", " — ", " - ", " vs. ", " vs ", " v. ", " v ", "–", "—",
];

/// `line` read as the players' line: `White – Black, Place, Year`, with
/// the place or the year where `placed`.
fn players(line: &str, placed: bool) -> Option<Tags> {
    let mut fields = line.split(',').map(str::trim);
    let first = fields.next()?;
    let (white, black) = BETWEEN.iter().find_map(|sep| first.split_once(sep))?;
    let (white, black) = (white.trim(), black.trim());
    if !is_name(white) || !is_name(black) {
        return None;
    }
    let mut site: Vec<&str> = Vec::new();
    let mut date = None;
    for field in fields {
        if field.is_empty() || field.chars().count() > 40 {
            return None;
        }
        if crate::vocab::result::GameResult::parse(field).is_some() {
            continue;
        }
        match year_in(field) {
            Some((year, at)) if date.is_none() => {
                date = Some(format!("{year}.??.??"));
                // `London 1851`: the place before the year.
                let place = field[..at].trim();
                if !place.is_empty() && place.starts_with(char::is_uppercase) {
                    site.push(place);
                }
            }
            Some(_) => return None,
            None if field.starts_with(char::is_uppercase) => site.push(field),
            None => return None,
        }
    }
    if placed && site.is_empty() && date.is_none() {
        return None;
    }
    let mut tags = vec![("White", white.to_string()), ("Black", black.to_string())];
    if !site.is_empty() {
        tags.push(("Site", site.join(", ")));
    }
    if let Some(date) = date {
        tags.push(("Date", date));
    }
    Some(tags)
}

/// Whether `words` is a player's name: one to four words, the first in
/// upper case, no digits.
fn is_name(words: &str) -> bool {
    let count = words.split_whitespace().count();
    (1..=MAX_NAME_WORDS).contains(&count)
        && words.starts_with(char::is_uppercase)
        && !words.contains(|c: char| c.is_ascii_digit())
        && words
            .split_whitespace()
            .last()
            .is_some_and(|w| w.starts_with(char::is_uppercase))
}

/// A year in `field` (a word of four digits, 1400 to 2099, the last such
/// word), and where it starts.
fn year_in(field: &str) -> Option<(u16, usize)> {
    let mut found = None;
    let mut at = 0;
    for word in field.split_inclusive(char::is_whitespace) {
        let w = word.trim_end().trim_end_matches(['.', ';']);
        if w.len() == 4
            && let Ok(year) = w.parse::<u16>()
            && (1400..2100).contains(&year)
        {
            found = Some((year, at));
        }
        at += word.len();
    }
    found
}

/// A date as PGN writes it (`1892.??.??`, `1892.03.12`), from a heading's
/// `1892`, `1892.03.12` or `12.03.1892`; `None` where it holds no year.
fn pgn_date(value: &str) -> Option<String> {
    let parts: Vec<&str> = value.split(['.', '/', '-']).map(str::trim).collect();
    let num = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [y, m, d] if num(y, 4) && num(m, 2) && num(d, 2) => Some(format!("{y}.{m}.{d}")),
        [d, m, y] if num(y, 4) && num(m, 2) && num(d, 2) => Some(format!("{y}.{m}.{d}")),
        _ => year_in(value).map(|(year, _)| format!("{year}.??.??")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(line: &str) -> Vec<(&'static str, String)> {
        heading_tags(line).unwrap_or_default()
    }

    #[test]
    fn a_label_of_its_own_before_the_players_heads_a_game() {
        assert!(heads_game("BORD 1: Léon Driessen – Luigi de Mas"));
        assert!(heads_game("Game 3: Anand - Carlsen"));
        assert!(heads_game("Стейниц — Чигорин, Гавана, 1892"));
        assert!(!heads_game("Note: the move e4 – a classic"));
        assert!(!heads_game("BORD 1: Léon Driessen"));
        assert!(!heads_game(
            "In this long sentence of many words: Anand - Carlsen"
        ));
    }

    #[test]
    fn labelled_fields_on_one_line() {
        assert_eq!(
            tags("Weiß: Müller, Hans   Schwarz: Schmidt, Peter"),
            [
                ("White", "Müller, Hans".into()),
                ("Black", "Schmidt, Peter".into())
            ]
        );
        assert_eq!(tags("Date: 12.03.1892"), [("Date", "1892.03.12".into())]);
        assert_eq!(tags("Белые : Иванов"), [("White", "Иванов".into())]);
        assert_eq!(
            players_only("Seibold - Keres"),
            Some(vec![("White", "Seibold".into()), ("Black", "Keres".into())])
        );
    }

    #[test]
    fn the_players_line() {
        assert_eq!(
            tags("Стейниц — Чигорин, Гавана, 1892"),
            [
                ("White", "Стейниц".into()),
                ("Black", "Чигорин".into()),
                ("Site", "Гавана".into()),
                ("Date", "1892.??.??".into())
            ]
        );
        assert_eq!(
            tags("Anderssen - Kieseritzky, London 1851"),
            [
                ("White", "Anderssen".into()),
                ("Black", "Kieseritzky".into()),
                ("Site", "London".into()),
                ("Date", "1851.??.??".into())
            ]
        );
    }

    #[test]
    fn prose_is_no_heading() {
        for line in [
            "Mackenzie (2113 FIDE) - Smith, London 1858",
            "Anderssen - Kieseritzky",
            "Short - but sweet, as they say",
            "The game went on - and on, for hours",
            "Whitespace: none",
            "1. e4 e5 - the open game, 1851",
        ] {
            assert_eq!(heading_tags(line), None, "{line}");
        }
    }
}
