//! The language of a page's prose, told by its commonest words: the prior
//! that chooses between letter sets that read a game equally well.
//!
//! Each language has a short list of its most frequent words (articles,
//! prepositions, conjunctions, pronouns, and the chess words its pages
//! use: `jaque`, `Schach`, `шах`), keyed by the code of its letter set.
//! [`prose_language`] counts a text's words in each list; a language wins
//! where it has enough words and clearly more than any other. It is data
//! and a count, with nothing of the reading: it sits with the vocabulary
//! because it is vocabulary, and depends on nothing above it. The reader
//! asks it only on its slow path, where the letters alone leave a choice.

use std::sync::OnceLock;

use crate::vocab::hash::WordMap;

/// A language's commonest words, lower case, under its letter set's code.
struct Language {
    code: &'static str,
    words: &'static [&'static str],
}

/// The languages whose letter sets a prose language may choose.
const LANGUAGES: &[Language] = &[
    Language {
        code: "en",
        words: &[
            "the", "and", "of", "to", "in", "is", "that", "with", "for", "this", "it", "was", "on",
            "his", "but", "white", "black", "move", "after", "which", "be", "has", "not", "by",
            "at", "an", "are", "from", "game", "wins", "check", "mate", "better", "here",
        ],
    },
    Language {
        code: "es",
        words: &[
            "el", "la", "los", "las", "de", "del", "y", "que", "en", "un", "una", "con", "por",
            "para", "es", "se", "lo", "su", "al", "pero", "más", "blancas", "negras", "jugada",
            "jaque", "partida", "como", "aquí", "era", "mejor", "tras", "ventaja", "peón", "dama",
            "alfil", "caballo", "torre", "rey", "también", "muy", "sin", "hay",
        ],
    },
    Language {
        code: "it",
        words: &[
            "il", "lo", "la", "gli", "le", "di", "del", "della", "che", "e", "ed", "è", "un",
            "una", "per", "con", "non", "si", "ma", "nel", "alla", "dei", "bianco", "nero",
            "mossa", "scacco", "partita", "anche", "questa", "questo", "sono", "alfiere",
            "cavallo", "torre", "donna", "pedone", "più", "molto", "dopo", "ora",
        ],
    },
    Language {
        code: "pt",
        words: &[
            "o", "os", "as", "de", "do", "da", "dos", "das", "e", "que", "em", "um", "uma", "com",
            "não", "para", "por", "no", "na", "se", "mais", "brancas", "pretas", "lance", "xeque",
            "partida", "bispo", "cavalo", "torre", "dama", "peão", "rei", "também", "mas", "ao",
            "muito", "aqui", "após", "jogo",
        ],
    },
    Language {
        code: "fr",
        words: &[
            "le", "la", "les", "de", "des", "du", "et", "un", "une", "est", "que", "qui", "en",
            "dans", "pour", "pas", "sur", "avec", "il", "ne", "par", "au", "aux", "blancs",
            "noirs", "coup", "échec", "partie", "fou", "cavalier", "tour", "dame", "pion", "roi",
            "mais", "plus", "cette", "sont", "après",
        ],
    },
    Language {
        code: "ca",
        words: &[
            "el", "els", "les", "la", "de", "del", "i", "que", "en", "un", "una", "amb", "per",
            "és", "no", "es", "als", "blanques", "negres", "jugada", "escac", "partida", "però",
            "més", "aquesta", "peó", "alfil", "cavall", "torre", "dama", "rei", "després",
        ],
    },
    Language {
        code: "de",
        words: &[
            "der", "die", "das", "und", "ist", "nicht", "mit", "den", "ein", "eine", "zu", "von",
            "auf", "sich", "im", "dem", "des", "für", "auch", "nach", "aber", "weiß", "weiss",
            "schwarz", "zug", "schach", "partie", "läufer", "springer", "turm", "dame", "bauer",
            "könig", "besser", "war", "hier", "noch", "wird",
        ],
    },
    Language {
        code: "nl",
        words: &[
            "de", "het", "een", "en", "van", "is", "dat", "niet", "met", "op", "te", "zijn",
            "voor", "wit", "zwart", "zet", "schaak", "partij", "loper", "paard", "toren", "dame",
            "pion", "koning", "maar", "ook", "nu", "na", "wordt", "deze", "hij", "naar",
        ],
    },
    Language {
        code: "sv",
        words: &[
            "och",
            "att",
            "det",
            "som",
            "en",
            "på",
            "är",
            "av",
            "för",
            "med",
            "till",
            "den",
            "inte",
            "har",
            "vit",
            "svart",
            "drag",
            "schack",
            "parti",
            "löpare",
            "springare",
            "torn",
            "dam",
            "bonde",
            "kung",
            "efter",
            "men",
            "om",
            "var",
            "sig",
            "han",
            "här",
        ],
    },
    Language {
        code: "da",
        words: &[
            "og", "at", "det", "som", "en", "på", "er", "af", "for", "med", "til", "den", "ikke",
            "har", "hvid", "sort", "træk", "skak", "parti", "løber", "springer", "tårn",
            "dronning", "bonde", "konge", "efter", "men", "om", "var", "sig", "han", "her",
        ],
    },
    Language {
        code: "nb",
        words: &[
            "og", "at", "det", "som", "en", "på", "er", "av", "for", "med", "til", "den", "ikke",
            "har", "hvit", "svart", "trekk", "sjakk", "parti", "løper", "springer", "tårn",
            "dronning", "bonde", "konge", "etter", "men", "om", "var", "seg", "han", "her",
        ],
    },
    Language {
        code: "fi",
        words: &[
            "ja",
            "on",
            "ei",
            "se",
            "että",
            "oli",
            "kun",
            "mutta",
            "myös",
            "tämä",
            "sen",
            "valkea",
            "valkoinen",
            "musta",
            "siirto",
            "shakki",
            "peli",
            "lähetti",
            "ratsu",
            "torni",
            "daami",
            "sotilas",
            "kuningas",
            "jälkeen",
            "nyt",
            "hyvä",
            "parempi",
        ],
    },
    Language {
        code: "is",
        words: &[
            "og",
            "að",
            "í",
            "á",
            "er",
            "það",
            "sem",
            "var",
            "en",
            "með",
            "um",
            "til",
            "ekki",
            "hvítur",
            "svartur",
            "leikur",
            "skák",
            "biskup",
            "riddari",
            "hrókur",
            "drottning",
            "peð",
            "kóngur",
            "eftir",
            "hann",
            "þá",
            "þessi",
            "vegna",
        ],
    },
    Language {
        code: "pl",
        words: &[
            "i", "w", "na", "nie", "się", "z", "że", "do", "to", "jest", "o", "jak", "po", "ale",
            "od", "białe", "czarne", "ruch", "szach", "partia", "partii", "goniec", "skoczek",
            "wieża", "hetman", "pionek", "król", "przez", "teraz", "lepiej", "był",
        ],
    },
    Language {
        code: "cs",
        words: &[
            "a", "se", "na", "je", "v", "že", "to", "s", "z", "do", "ale", "jako", "tak", "po",
            "bílý", "černý", "bílé", "černé", "tah", "šach", "partie", "střelec", "jezdec", "věž",
            "dáma", "pěšec", "král", "také", "byl", "nebo", "kde",
        ],
    },
    Language {
        code: "sk",
        words: &[
            "a", "sa", "na", "je", "v", "že", "to", "s", "z", "do", "ale", "ako", "tak", "po",
            "biely", "čierny", "biele", "čierne", "ťah", "šach", "partia", "strelec", "jazdec",
            "veža", "dáma", "pešiak", "kráľ", "tiež", "bol", "alebo", "kde",
        ],
    },
    Language {
        code: "hr",
        words: &[
            "i", "je", "u", "na", "se", "da", "za", "su", "od", "s", "sa", "ali", "kao", "nije",
            "bijeli", "beli", "crni", "potez", "šah", "partija", "lovac", "skakač", "top", "dama",
            "pješak", "pešak", "kralj", "nakon", "posle", "bolje", "već",
        ],
    },
    Language {
        code: "hu",
        words: &[
            "a", "az", "és", "hogy", "nem", "is", "egy", "meg", "de", "van", "volt", "már",
            "világos", "sötét", "lépés", "sakk", "játszma", "futó", "huszár", "bástya", "vezér",
            "gyalog", "király", "után", "jobb", "csak", "mint", "ezt",
        ],
    },
    Language {
        code: "ro",
        words: &[
            "și", "si", "în", "in", "de", "la", "cu", "pe", "un", "o", "nu", "că", "este", "albul",
            "negrul", "albele", "negrele", "mutare", "șah", "sah", "partida", "nebun", "cal",
            "turn", "damă", "pion", "rege", "după", "dar", "mai", "care",
        ],
    },
    Language {
        code: "tr",
        words: &[
            "ve", "bir", "bu", "da", "de", "ile", "için", "çok", "ama", "gibi", "sonra", "daha",
            "beyaz", "siyah", "hamle", "hamlede", "şah", "mat", "satranç", "oyun", "fil", "at",
            "kale", "vezir", "piyon", "nasıl", "olan", "ilk", "etti", "değil",
        ],
    },
    Language {
        code: "el",
        words: &[
            "και",
            "το",
            "η",
            "ο",
            "της",
            "του",
            "τα",
            "τη",
            "την",
            "των",
            "με",
            "σε",
            "για",
            "από",
            "να",
            "δεν",
            "που",
            "στο",
            "στη",
            "στην",
            "είναι",
            "λευκά",
            "μαύρα",
            "κίνηση",
            "παρτίδα",
            "σκάκι",
            "ρουά",
            "ματ",
            "αξιωματικός",
            "ίππος",
            "πύργος",
            "βασίλισσα",
            "πιόνι",
            "βασιλιάς",
            "μετά",
            "αλλά",
        ],
    },
    Language {
        code: "ru",
        words: &[
            "и",
            "в",
            "не",
            "на",
            "что",
            "с",
            "по",
            "к",
            "но",
            "это",
            "как",
            "а",
            "из",
            "за",
            "белые",
            "чёрные",
            "черные",
            "ход",
            "шах",
            "мат",
            "партия",
            "партии",
            "слон",
            "конь",
            "ладья",
            "ферзь",
            "пешка",
            "король",
            "после",
            "было",
            "его",
            "лучше",
        ],
    },
    Language {
        code: "uk",
        words: &[
            "і",
            "й",
            "в",
            "у",
            "не",
            "на",
            "що",
            "з",
            "по",
            "до",
            "але",
            "це",
            "як",
            "за",
            "білі",
            "чорні",
            "хід",
            "шах",
            "мат",
            "партія",
            "слон",
            "кінь",
            "тура",
            "ферзь",
            "пішак",
            "король",
            "після",
            "було",
            "його",
            "краще",
        ],
    },
    Language {
        code: "sr",
        words: &[
            "и",
            "у",
            "је",
            "да",
            "се",
            "на",
            "не",
            "са",
            "за",
            "од",
            "што",
            "као",
            "али",
            "из",
            "потез",
            "потезом",
            "потеза",
            "бели",
            "црни",
            "белог",
            "црног",
            "краљ",
            "дама",
            "топ",
            "ловац",
            "скакач",
            "пешак",
            "шах",
            "мат",
            "партија",
            "варијанта",
            "отварање",
        ],
    },
    Language {
        code: "bg",
        words: &[
            "и",
            "в",
            "не",
            "на",
            "че",
            "с",
            "по",
            "да",
            "се",
            "от",
            "за",
            "е",
            "са",
            "но",
            "белите",
            "черните",
            "ход",
            "шах",
            "мат",
            "партия",
            "офицер",
            "кон",
            "топ",
            "царица",
            "пешка",
            "цар",
            "след",
            "беше",
            "по-добре",
        ],
    },
];

/// A prose language wins with at least this many of its words in a text…
const MIN_HITS: usize = 4;

/// … and more than the next language has by this ratio, 5 to 4
/// (neighbours share words: Spanish and Catalan `de`, `la`, `que`; a
/// Catalan page has some 5 Catalan words for 3 Spanish ones).
const MARGIN: (usize, usize) = (5, 4);

/// How many words of a text are looked at, at most: enough for any page's
/// language, and a bound on the time a long text takes.
const MAX_WORDS: usize = 4000;

/// For each word of every list, the languages (indices into
/// [`LANGUAGES`]) that list it.
fn index() -> &'static WordMap<&'static str, Vec<usize>> {
    static INDEX: OnceLock<WordMap<&'static str, Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: WordMap<&'static str, Vec<usize>> = WordMap::default();
        for (i, language) in LANGUAGES.iter().enumerate() {
            for word in language.words {
                let langs = index.entry(word).or_default();
                if !langs.contains(&i) {
                    langs.push(i);
                }
            }
        }
        index
    })
}

/// The language of `text`'s prose, as the code of its letter set (`es`,
/// `tr`, `el`), where its words tell one: words with a digit (moves, move
/// numbers) and two neighbouring files (`ed`) are not prose and are not
/// counted. `None` where no language has four words (`MIN_HITS`) or none
/// has clearly more than the others.
pub fn prose_language(text: &str) -> Option<&'static str> {
    let index = index();
    let mut hits = vec![0usize; LANGUAGES.len()];
    let mut word = String::new();
    for token in text.split_whitespace().take(MAX_WORDS) {
        if token.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        let trimmed = token.trim_matches(|c: char| !c.is_alphabetic());
        // Two neighbouring files are a pawn's capture as often as a word
        // (`ed`, `de`): they tell no language.
        if let [a, b] = trimmed.as_bytes()
            && (b'a'..=b'h').contains(a)
            && (b'a'..=b'h').contains(b)
            && a.abs_diff(*b) == 1
        {
            continue;
        }
        if trimmed.is_empty() || trimmed.chars().any(|c| !c.is_alphabetic() && c != '-') {
            continue;
        }
        word.clear();
        word.extend(trimmed.chars().flat_map(char::to_lowercase));
        if let Some(langs) = index.get(word.as_str()) {
            for &i in langs {
                hits[i] += 1;
            }
        }
    }
    let mut ranked: Vec<(usize, usize)> = hits.iter().copied().enumerate().collect();
    ranked.sort_by_key(|&(i, n)| (std::cmp::Reverse(n), i));
    match ranked.as_slice() {
        [(best, n), (_, next), ..] if *n >= MIN_HITS && *n * MARGIN.1 >= *next * MARGIN.0 => {
            Some(LANGUAGES[*best].code)
        }
        _ => None,
    }
}

/// Whether `word` (any case) is one of the commonest words of some
/// language's prose (`de`, `ed`, `la`).
pub fn is_common_word(word: &str) -> bool {
    index().contains_key(word.to_lowercase().as_str())
}

/// Whether some language's words are listed under `code` (so that a
/// page's prose may name that letter set).
pub fn has_words(code: &str) -> bool {
    LANGUAGES.iter().any(|l| l.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_names_a_letter_set() {
        for language in LANGUAGES {
            assert!(
                crate::vocab::letters::LetterSet::by_code(language.code).is_some(),
                "{}",
                language.code
            );
            assert!(language.words.len() >= 25, "{}", language.code);
            for word in language.words {
                assert_eq!(word.to_lowercase(), *word, "{}: {word}", language.code);
            }
        }
    }

    #[test]
    fn prose_tells_its_language_and_moves_do_not_count() {
        let cases = [
            (
                "Las negras tienen cierto contrajuego por el peón sacrificado. 11.Tc1 Cxc3",
                Some("es"),
            ),
            (
                "Siyah 3 hamlede nasıl mat etti? Lasker beyazdır ve bu çok iyi bir oyun",
                Some("tr"),
            ),
            (
                "και τώρα 24.Ιθ3 Αη3 στο σημείο αυτό είχα ήδη μετρήσει, με έπεισαν ότι κάπου πρέπει να",
                Some("el"),
            ),
            ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7", None),
            // Too few words to say.
            ("Marshall - Capablanca, 1909: el final", None),
        ];
        for (text, language) in cases {
            assert_eq!(prose_language(text), language, "{text}");
        }
    }
}
