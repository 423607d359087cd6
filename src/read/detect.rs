//! Which letter set a game is written in.
//!
//! A game's piece letters narrow the letter sets down to those that can
//! read every one of them (`Sf3` rules English out, `Фh4` everything but
//! the Cyrillic sets). Sets that give each of the game's letters the same
//! meaning read it identically and count as one candidate (German, Swedish
//! and Croatian all read `K D T L S` alike). Which candidate is right is
//! then up to the board: [`crate::read::reader`] replays the game under each.

use crate::notation::descriptive::Lang;
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::letters::{LETTER_SETS, LetterSet};
use crate::vocab::words::{letter_either, piece_prefix, promotion_letter};
use shakmaty::Role;

/// The order candidates are tried and named in: the most written first.
const PRIORITY: &[&str] = &[
    "en", "ru", "es", "de", "fr", "it", "pt", "nl", "pl", "cs", "hu", "uk", "tr", "sv", "da", "nb",
    "fi", "is", "et", "ro", "el", "ca", "hr", "sk", "sh", "sr", "bg", "be", "af", "sq", "bn", "ar",
    "zh", "vi", "ru-latn", "uk-latn",
];

/// Every letter set a game may be written in, in the order they are tried.
pub fn all_candidates() -> Vec<&'static LetterSet> {
    let mut sets: Vec<&'static LetterSet> = PRIORITY
        .iter()
        .filter_map(|c| LetterSet::by_code(c))
        .collect();
    for set in LETTER_SETS {
        if !set.is_figurine() && !sets.contains(&set) {
            sets.push(set);
        }
    }
    sets
}

/// The piece letters of a game's moves, as [`piece_letters`] finds them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameLetters {
    /// The distinct letters every reading must read.
    pub letters: Vec<String>,
    /// Pairs of which a reading must read one: a word whose letter differs
    /// by set (`Ka8b8`: Albanian `Ka` from rank 8, or `K` from a8).
    pub either: Vec<(String, String)>,
}

/// The distinct piece letters of a game's moves, promotions' included,
/// and the pairs of letters of its words whose letter differs by set.
pub fn piece_letters(text: &str) -> GameLetters {
    let mut found = GameLetters::default();
    for token in Lexer::new(text) {
        if let Tok::Word(word) = token.tok {
            let word = crate::notation::algebraic::fold_compatible(word);
            // A scanned word's letters are those of the move it is read as
            // (`Rbl` is `Rb1`).
            let scanned = crate::notation::algebraic::scanned_move(&word);
            let word = scanned.as_deref().unwrap_or(&word);
            if let Some(prefix) = piece_prefix(word) {
                found.add(prefix);
            } else if let Some((long, short)) = letter_either(word)
                && !found.either.iter().any(|(l, s)| l == long && s == short)
            {
                found.either.push((long.to_string(), short.to_string()));
            }
            if let Some(letter) = promotion_letter(word) {
                found.add(letter);
            }
        }
    }
    found
}

impl GameLetters {
    fn add(&mut self, letter: &str) {
        if !self.letters.iter().any(|l| l == letter) {
            self.letters.push(letter.to_string());
        }
    }
}

/// A letter set that can read a game, and whether it needs Latin
/// look-alikes to (`K` for a Cyrillic `К`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub set: &'static LetterSet,
    pub lookalikes: bool,
    /// It reads only some of the game's letters: no set reads them all.
    pub partial: bool,
    /// A reading of last resort, tried only where each reading before it
    /// fails: it reads one letter fewer than the sets that read the most,
    /// or it is a transliteration where sets read the letters as written.
    pub fewer: bool,
}

/// The sets of `allowed` (in their order) that read every letter of
/// `letters`, one per distinct reading: first those that read the letters
/// as written, then those that read them as look-alikes of their Cyrillic
/// letters (`B` is an English bishop before it is a Belarusian knight
/// `В`). Where no set reads them all, the sets that read the most (and,
/// marked [`Candidate::fewer`], those that read one fewer), so that the
/// board chooses among them and their errors say what is wrong.
pub fn candidates(letters: &[String], allowed: &[&'static LetterSet]) -> Vec<Candidate> {
    candidates_either(letters, &[], allowed)
}

/// [`candidates`] where a set must also read one letter of each pair of
/// `either` (see [`GameLetters::either`]): sets that read the letters alike
/// but a pair differently are told apart.
pub fn candidates_either(
    letters: &[String],
    either: &[(String, String)],
    allowed: &[&'static LetterSet],
) -> Vec<Candidate> {
    let mut readings: Vec<(Vec<Role>, Candidate)> = Vec::new();
    // Each set's roles are read into one buffer, kept only where new.
    let mut roles: Vec<Role> = Vec::with_capacity(letters.len() + either.len());
    // A transliteration (`Kr F L S K`) is a reading in its own right only
    // where no set reads the letters as written: its Latin letters are
    // other languages' pieces (`S` a German knight), so under `--from
    // auto` a transliterated game is told by letters only it has (`Kr`).
    // Elsewhere it is a reading of last resort ([`Candidate::fewer`]),
    // replayed only where each set reading the letters as written fails at
    // a letter it reads otherwise (`Kf3` read as the king).
    let passes = [(false, false), (true, false), (false, true)];
    for (lookalikes, transliterated) in passes {
        let last_resort = transliterated && !readings.is_empty();
        for &set in allowed {
            if set.is_transliterated() != transliterated {
                continue;
            }
            let alike = lookalikes && set.has_lookalikes();
            let read = |l: &String| set.role_of_alike(l, alike);
            roles.clear();
            let reads_all = letters
                .iter()
                .map(read)
                .chain(
                    either
                        .iter()
                        .map(|(long, short)| read(long).or_else(|| read(short))),
                )
                .all(|role| role.map(|role| roles.push(role)).is_some());
            if reads_all && !readings.iter().any(|(r, _)| *r == roles) {
                readings.push((
                    roles.clone(),
                    Candidate {
                        set,
                        lookalikes,
                        partial: false,
                        fewer: last_resort,
                    },
                ));
            }
        }
    }
    if !readings.is_empty() {
        return readings.into_iter().map(|(_, c)| c).collect();
    }
    // No set reads them all (a machine-translated page mixes sets, or its
    // language is in no set): the sets that read the most, then those
    // that read one letter fewer (the set that reads most may read a
    // letter as the wrong piece; they are tried only where each set that
    // reads the most fails), one per reading of those letters, for the
    // board to choose among; their errors say what is wrong.
    let known = |roles: &[Option<Role>]| roles.iter().flatten().count();
    let mut readings: Vec<(&'static LetterSet, Vec<Option<Role>>)> = allowed
        .iter()
        .filter(|set| !set.is_transliterated())
        .map(|&set| {
            // `role_of`, the set's look-alikes asked about once.
            let alike = set.has_lookalikes();
            (
                set,
                letters
                    .iter()
                    .map(|l| set.role_of_alike(l, alike))
                    .collect(),
            )
        })
        .collect();
    // Stable: within a count, the sets keep their order.
    readings.sort_by_key(|(_, roles)| std::cmp::Reverse(known(roles)));
    let most = readings.first().map_or(0, |(_, roles)| known(roles));
    let mut mixed: Vec<(Vec<Option<Role>>, Candidate)> = Vec::new();
    for (set, roles) in readings {
        if known(&roles) + 1 < most.max(1) || mixed.len() == MIXED_CANDIDATES {
            break;
        }
        if !mixed.iter().any(|(r, _)| *r == roles) {
            let candidate = Candidate {
                set,
                lookalikes: true,
                partial: true,
                fewer: known(&roles) < most,
            };
            mixed.push((roles, candidate));
        }
    }
    mixed.into_iter().map(|(_, c)| c).collect()
}

/// How many sets that each read nearly the most of a game's letters, none
/// all of them, are tried (see [`candidates_either`]).
const MIXED_CANDIDATES: usize = 4;

/// Whether a game is written in descriptive notation, and in which
/// language, told by its first few moves (`1. P-K4 P-K4`, `1. P4R`): the
/// first language every descriptive word of them reads in, as soon as only
/// one does (`PxP` reads in all three, `RxP T7T+` in Spanish and French).
/// Every game is asked, so this looks at no more than four words that
/// could be moves (sixteen while its descriptive words read in several
/// languages), passing over prose before them, and lets an algebraic word
/// go at a glance.
pub fn descriptive(text: &str) -> Option<Lang> {
    descriptive_within(text, [4, 16])
}

/// Whether any move-like words of a game's text read as descriptive
/// notation, and in which language (as [`descriptive`], with no bound on
/// the words looked at): where the reading its first moves suggest
/// fails, the other notation is tried where the text holds its words.
pub fn descriptive_anywhere(text: &str) -> Option<Lang> {
    descriptive_within(text, [usize::MAX; 2])
}

/// How many words of `text` read as descriptive moves in `lang`: one per
/// move written as one word (`P-K4`, `PxP`), or begun as a move in words
/// (`P. to`). No reading in descriptive notation makes more moves.
pub fn descriptive_moves(text: &str, lang: Lang) -> usize {
    let mut before = "";
    let mut count = 0;
    for word in text.split_whitespace() {
        let bare = word
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches(['.', '…']);
        if (word.as_bytes()[0] == b't'
            && lang == Lang::English
            && crate::notation::descriptive::words::begins_worded(before, word))
            || (could_be_descriptive(bare)
                && crate::notation::descriptive::reads_as_descriptive(bare, lang))
            || bare.eq_ignore_ascii_case("castles")
        {
            count += 1;
        }
        before = word;
    }
    count
}

/// [`descriptive`] looking at up to `looks[0]` move-like words, or
/// `looks[1]` while the descriptive ones read in several languages.
fn descriptive_within(text: &str, looks: [usize; 2]) -> Option<Lang> {
    let bytes = text.as_bytes();
    // Past the tags and escape lines: a tag pair closed on its line is
    // passed over alone, as the moves may follow it there (`[White "X"]
    // 1. P4R P4R`); a bracket left open, or an escape line, to the line's
    // end.
    let mut i = 0;
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let line = &bytes[i.min(bytes.len())..];
        let line = &line[..memchr::memchr(b'\n', line).unwrap_or(line.len())];
        match bytes.get(i) {
            Some(b'[') if let Some(close) = memchr::memchr(b']', line) => i += close + 1,
            Some(b'[' | b'%') => match memchr::memchr(b'\n', &bytes[i..]) {
                Some(end) => i += end + 1,
                None => return None,
            },
            Some(_) => break,
            None => return None,
        }
    }
    let mut looked = 0;
    let mut in_comment = false;
    // The languages every descriptive word so far reads in.
    let mut langs: Option<[bool; Lang::ALL.len()]> = None;
    // The word before, for a move written out in words (`P. to`).
    let mut before = "";
    for line in lines_of(&text[i..]) {
        for word in line.split_ascii_whitespace() {
            // `to` after a piece's word: a move written out in words.
            if word.as_bytes()[0] == b't'
                && crate::notation::descriptive::words::begins_worded(before, word)
            {
                return Some(Lang::English);
            }
            before = word;
            if in_comment || word.starts_with('{') {
                in_comment = !word.contains('}');
                continue;
            }
            // A `;` comment runs to the end of its line.
            if word.starts_with(';') {
                break;
            }
            let raw = word;
            let word = word
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches(['.', '…']);
            if word.is_empty() {
                continue;
            }
            // Algebraic words hold a square (`e4`, `Nf3`); descriptive
            // ones never do, nor do they start with a small letter.
            let square = word
                .as_bytes()
                .windows(2)
                .any(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']));
            // Only words that could be moves use up the look: prose
            // before the first move (a heading, a sentence) tells nothing.
            let mut move_like = square || castling(raw);
            if !square && word.as_bytes()[0].is_ascii_uppercase() && could_be_descriptive(word) {
                let fits = Lang::ALL
                    .map(|lang| crate::notation::descriptive::reads_as_descriptive(word, lang));
                if fits.contains(&true) {
                    move_like = true;
                    let narrowed = match langs {
                        None => fits,
                        // Words that agree on none: the first ones decide.
                        Some(so_far) => {
                            let both = std::array::from_fn(|i| so_far[i] && fits[i]);
                            if both.contains(&true) { both } else { so_far }
                        }
                    };
                    if narrowed.iter().filter(|&&f| f).count() == 1 {
                        return first_lang(narrowed);
                    }
                    langs = Some(narrowed);
                }
            }
            // Castling is written alike in every notation, but for this word.
            if word.eq_ignore_ascii_case("castles") {
                return Some(Lang::English);
            }
            if !move_like {
                continue;
            }
            looked += 1;
            // Words that read in several languages: a few more, while
            // they do (`DxP+ RxD CxP`, from a puzzle's position).
            if looked == looks[usize::from(langs.is_some())] {
                return langs.and_then(first_lang);
            }
        }
    }
    langs.and_then(first_lang)
}

/// The lines of `text`, cut at each `\n` (a `\r` before it stays, a
/// space to the words split from the line), found by `memchr`.
fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', text.as_bytes())
        .chain(std::iter::once(text.len()))
        .map(move |end| {
            let line = &text[start..end];
            start = end + 1;
            line
        })
}

/// Whether `word` may be a descriptive move written as one word: it names
/// a rank (`P-K4`, `P4R`) or a capture (`PxP`, `P:C`), with a digit, a dash
/// or a capture sign. A capitalised word of prose has none, and is let go
/// without asking every language.
fn could_be_descriptive(word: &str) -> bool {
    word.bytes()
        .any(|b| b.is_ascii_digit() || matches!(b, b'-' | b'x' | b':'))
        || word.contains('×')
}

/// Castling in zeros or letters (`0-0`, `O-O-O+`), a move of every
/// notation.
fn castling(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 3 && matches!(b[0], b'0' | b'O' | b'o') && matches!(b[1], b'-' | b'0' | b'O' | b'o')
}

/// The first of `Lang::ALL` marked in `langs`.
fn first_lang(langs: [bool; Lang::ALL.len()]) -> Option<Lang> {
    Lang::ALL
        .into_iter()
        .zip(langs)
        .find_map(|(lang, f)| f.then_some(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<&'static str> {
        let found = piece_letters(text);
        candidates_either(&found.letters, &found.either, &all_candidates())
            .iter()
            .map(|c| c.set.code)
            .collect()
    }

    #[test]
    fn descriptive_games_are_told_by_their_first_moves() {
        let cases = [
            (
                "[Event \"x\"]\n\n1. P-K4 P-K4 2. N-KB3 *",
                Some(Lang::English),
            ),
            ("1.P4R P4R 2.C3AR", Some(Lang::Spanish)),
            // Tags on the moves' line are passed over, not the line.
            (
                "[White\"Scandinavian\"] [Black \"x\"] 1. P4R P4D 2. PxP",
                Some(Lang::Spanish),
            ),
            // A bracket left open on its line takes the line.
            ("[Diagram 1. P4R\n1. e4 e5 2. Nf3 *", None),
            ("1. P.4R P.4R", Some(Lang::French)),
            ("1. P4R C3BR 2. P5R C4D", Some(Lang::Portuguese)),
            // Words both read are Spanish's, the first listed.
            ("1. P4R P4R 2. P4D", Some(Lang::Spanish)),
            ("1. Castles QR *", Some(Lang::English)),
            ("{An opening: 1. P-K4} 1. e4 e5 *", None),
            ("; best is P-K4\n1. e4 e5 *", None),
            ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", None),
            ("1. Кg1-f3 d7-d5 *", None),
            ("1. 5254 5755 *", None),
            // Only the first four moves are looked at.
            ("1. e4 e5 2. Nf3 Nc6 3. P-Q4 *", None),
            ("1. e4 e5 2. 0-0 Nc6 3. P-Q4 *", None),
            // Prose before them is passed over, however long.
            (
                "abc def ghi.\n1. P. to K's 4th. P. to K's 4th.",
                Some(Lang::English),
            ),
            (
                "As Morphy played it in the opera box:\n1. P-K4 P-K4 2. N-KB3 P-Q3",
                Some(Lang::English),
            ),
        ];
        for (text, lang) in cases {
            assert_eq!(descriptive(text), lang, "{text}");
        }
    }

    #[test]
    fn letters_narrow_the_sets() {
        assert_eq!(codes("1. e4 e5 2. Nf3 Nc6 3. Bb5 Qe7 4. O-O"), ["en"]);
        // `K` alone: a king nearly everywhere, a Turkish rook, or a Russian
        // knight written `K`.
        assert_eq!(codes("1. d4 d5 2. Kf3 Kf6"), ["en", "tr", "ru"]);
        // Finnish writes its pawns S: the board has to decide.
        assert_eq!(codes("1. e4 e5 2. Sf3 Sc6 3. Lb5 Dh4"), ["de", "fi"]);
        assert_eq!(codes("1. e4 e5 2. Cf3 Cc6 3. Ab5 Dh4"), ["es"]);
        assert_eq!(
            codes("1. e2-e4 e7-e5 2. Kg1-f3 Кb8-c6 3. Cf1-b5 Фd8-h4"),
            ["ru"]
        );
        assert_eq!(codes("1.e4 e5 2.Cf3 CCe4"), ["es", "ru"]);
        // Serbian in Cyrillic reads `K` `C` too, a king and a knight: the
        // board has to decide.
        assert_eq!(codes("1. Kg1-f3 Cf8-c5"), ["ru", "sr"]);
        // Every set reads its files in Cyrillic (`ф` `ц`): a Russian bishop
        // `С` and rook `Л`, or Serbian's knight and bishop, for the board.
        assert_eq!(codes("1. е4 е5 2. Сф3 Сц6 3. Лц4 Сф6"), ["ru", "sr"]);
        // No set reads them all (`Kp`, `K`, `C` Russian; `Q`, `R`, `K`
        // English): each set that reads the most, once per reading of them.
        let mixed = codes("3. Cf1-c4 Qd8-h4+ 4. Kpe1-f1 b7-b5 5. Kg1-f3 Rh8-g8");
        assert!(
            mixed.len() > 1 && mixed.len() <= MIXED_CANDIDATES,
            "{mixed:?}"
        );
        assert!(mixed.contains(&"en") && mixed.contains(&"ru"), "{mixed:?}");
    }

    #[test]
    fn pawn_moves_admit_any_set() {
        assert_eq!(codes("1. e4 e5 2. d4 exd4"), ["en"]);
    }

    #[test]
    fn prefixes() {
        assert_eq!(piece_prefix("Крd8"), Some("Кр"));
        assert_eq!(piece_prefix("К2с3"), Some("К"));
        assert_eq!(piece_prefix("CCe4"), Some("C"));
        assert_eq!(piece_prefix("Kac3"), Some("Ka"));
        assert_eq!(piece_prefix("Ka5"), Some("K"));
        assert_eq!(piece_prefix("Mshd1"), Some("Msh"));
        assert_eq!(piece_prefix("Ghf3"), Some("Gh"));
        assert_eq!(piece_prefix("0-0"), None);
        assert_eq!(piece_prefix("exd5"), None);
        assert_eq!(piece_prefix("♘f3"), None);
        assert_eq!(piece_prefix("Одна"), None);
        assert_eq!(promotion_letter("e8=Q"), Some("Q"));
        assert_eq!(promotion_letter("g1=F"), Some("F"));
        assert_eq!(promotion_letter("exf8C+"), Some("C"));
        assert_eq!(promotion_letter("d8(Ф)"), Some("Ф"));
        assert_eq!(promotion_letter("e7e8q"), None);
        assert_eq!(promotion_letter("g2:h1ДX"), Some("Д"));
        assert_eq!(promotion_letter("Nf3"), None);
        assert_eq!(promotion_letter("e4xd5"), None);
    }
}
