//! Piece letter sets: the table of how each language names the pieces.
//!
//! The rows come from `reference/piece_letters.csv` of the shared folder (30
//! languages, each with its sources in the file), Greek and Turkish (as the
//! pages of `fixtures/pages/` write them), Vietnamese (as Vietnamese
//! Wikipedia gives it), the two figurine sets and the
//! ChessBase figurine font pasted as text. Everything that reads or writes a
//! piece letter or a file letter goes through [`LetterSet`] and
//! [`file_of`], so adding a language is adding a row here.

use std::sync::OnceLock;

use shakmaty::{Color, File, Role};

mod readings;

pub use readings::table_readings;

/// How a letter set names the six pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LetterSet {
    /// The code users pass to `--lang` / `--from` (an ISO 639-1 code, one
    /// with `-latn` for a transliteration, or `figurine`, `figurine-color`,
    /// `chessbase`).
    pub code: &'static str,
    /// The language's English name.
    pub name: &'static str,
    /// Names indexed by [`role_index`]: pawn, knight, bishop, rook, queen,
    /// king. The pawn's entry is the optional pawn letter (`""` where the
    /// language has none).
    names: [&'static str; 6],
    /// Black's names, for the coloured figurine set (same as `names` for
    /// every other set).
    black_names: [&'static str; 6],
    /// The letters of the files a to h as the set's language writes them:
    /// [`LATIN_FILES`] but for Greek, whose pages write `α β γ … θ`, and
    /// Serbian in Cyrillic ([`SERBIAN_FILES`]). What
    /// `--lang` writes; every set reads every set's file letters.
    files: [char; 8],
    /// A glyph set (figurines, a figurine font) rather than a language's
    /// letters: read in every set, never detected on its own.
    glyphs: bool,
    /// Another set's letters transliterated (`Kr F L S K` for Russian's
    /// `Кр Ф Л С К`): under `--from auto` a reading only where no other
    /// set reads a game's letters as written, since its Latin letters are
    /// other languages' pieces (`S` a German knight, `L` a German bishop).
    transliterated: bool,
}

/// The files as PGN and nearly every language write them.
pub const LATIN_FILES: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/// The files as Greek pages write them: the first eight letters of the
/// Greek alphabet (`1.ε4 ε5 2.Ιζ3`).
pub const GREEK_FILES: [char; 8] = ['α', 'β', 'γ', 'δ', 'ε', 'ζ', 'η', 'θ'];

/// The files as Serbian pages in Cyrillic write them: the Latin letters
/// `a`-`h` in the Serbian Cyrillic alphabet (`а б ц д е ф г х`), as Serbian
/// Wikipedia's script converter gives every move (`2. Сф3 Сц6 3. Лц4`).
pub const SERBIAN_FILES: [char; 8] = ['а', 'б', 'ц', 'д', 'е', 'ф', 'г', 'х'];

pub(crate) const fn set(
    code: &'static str,
    name: &'static str,
    [k, q, r, b, n, p]: [&'static str; 6],
) -> LetterSet {
    let names = [p, n, b, r, q, k];
    LetterSet {
        code,
        name,
        names,
        black_names: names,
        files: LATIN_FILES,
        glyphs: false,
        transliterated: false,
    }
}

/// `set` writing its files with `files`.
const fn with_files(set: LetterSet, files: [char; 8]) -> LetterSet {
    LetterSet { files, ..set }
}

/// `set` as another's letters transliterated.
const fn transliterated(set: LetterSet) -> LetterSet {
    LetterSet {
        transliterated: true,
        ..set
    }
}

/// `set` as a glyph set: read in every set, never detected on its own.
const fn glyphs(set: LetterSet) -> LetterSet {
    LetterSet {
        glyphs: true,
        ..set
    }
}

/// Whether `c` is a chess figurine: U+2654-U+265F of either colour, or a
/// glyph of the ChessBase figurine font pasted as text ([`CHESSBASE`]'s
/// `¢ £ ¤ ¥ ¦`, U+00A2-U+00A6).
#[inline]
pub fn is_figurine_char(c: char) -> bool {
    ('\u{2654}'..='\u{265f}').contains(&c) || ('\u{a2}'..='\u{a6}').contains(&c)
}

/// The file a letter names: `a`-`h`, the file letters of every set
/// ([`GREEK_FILES`]), and the Cyrillic look-alikes of `a c e` (`К2с3` in a
/// Russian text). ASCII is answered at once; other letters from a table
/// built from [`LETTER_SETS`] and [`LOOKALIKES`].
#[inline]
pub fn file_of(c: char) -> Option<File> {
    if c.is_ascii() {
        return matches!(c, 'a'..='h').then(|| File::new(u32::from(c) - u32::from('a')));
    }
    foreign_file(c)
}

/// [`file_of`] for a letter outside ASCII.
fn foreign_file(c: char) -> Option<File> {
    static FILES: OnceLock<Vec<(char, File)>> = OnceLock::new();
    FILES
        .get_or_init(|| {
            let mut files: Vec<(char, File)> = Vec::new();
            for set in LETTER_SETS {
                for (i, &f) in set.files.iter().enumerate() {
                    if !f.is_ascii() && !files.iter().any(|(g, _)| *g == f) {
                        files.push((f, File::new(i as u32)));
                    }
                }
            }
            for &(other, latin) in LOOKALIKES {
                if matches!(latin, 'a'..='h') && !files.iter().any(|(g, _)| *g == other) {
                    files.push((other, File::new(u32::from(latin) - u32::from('a'))));
                }
            }
            files
        })
        .iter()
        .find(|(f, _)| *f == c)
        .map(|(_, file)| *file)
}

/// Whether `c` is a file letter of [`SERBIAN_FILES`] alone, not a
/// look-alike of a Latin file (`б ц д ф г х`, not `а е`): a file only to
/// a reading in Serbian Cyrillic letters.
pub fn serbian_only_file(c: char) -> bool {
    !c.is_ascii()
        && SERBIAN_FILES.contains(&c)
        && !LOOKALIKES
            .iter()
            .any(|&(other, latin)| other == c && matches!(latin, 'a'..='h'))
}

/// Index of a role in a [`LetterSet`]'s tables.
pub const fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// A role's English name, for messages.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The roles in table order.
pub const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// English, the letters of PGN and SAN.
pub const ENGLISH: LetterSet = set("en", "English", ["K", "Q", "R", "B", "N", "P"]);

/// White figurines for every piece (what `--lang figurine` writes).
pub const FIGURINE: LetterSet = set("figurine", "Figurine", ["♔", "♕", "♖", "♗", "♘", "♙"]);

/// White figurines for White's moves, black ones for Black's.
pub const FIGURINE_COLOR: LetterSet = LetterSet {
    code: "figurine-color",
    name: "Figurine, by colour",
    black_names: ["♟", "♞", "♝", "♜", "♛", "♚"],
    ..FIGURINE
};

/// The ChessBase figurine font (FigurineSans and its kin) pasted as text:
/// the font draws a figurine for each of these Latin-1 signs, and a PDF's
/// or a page's text keeps the sign (`piece_letters.csv`'s last row).
pub const CHESSBASE: LetterSet = glyphs(set(
    "chessbase",
    "ChessBase figurine font",
    ["¢", "£", "¦", "¥", "¤", ""],
));

/// Greek: Ρ(ήγας) king, Β(ασίλισσα) queen, Π(ύργος) rook, Α(ξιωματικός)
/// bishop, Ι(ππος) knight, no pawn letter; files `α`-`θ`, as the Greek
/// pages of `fixtures/pages/` write them (`2.Ιζ3 Ιγ6 3.Αβ5`).
pub const GREEK: LetterSet = with_files(
    set("el", "Greek", ["Ρ", "Β", "Π", "Α", "Ι", ""]),
    GREEK_FILES,
);

/// Turkish: Ş(ah) king, V(ezir) queen, K(ale) ROOK, F(il) bishop, A(t)
/// knight, P(iyon) pawn; a page whose font lacks `Ş` writes `S`, read as
/// its look-alike.
pub const TURKISH: LetterSet = set("tr", "Turkish", ["Ş", "V", "K", "F", "A", "P"]);

/// Vietnamese: V(ua) king, H(ậu) queen, X(e) rook, T(ượng) bishop, M(ã)
/// knight, no pawn letter, as the table of Vietnamese Wikipedia's "Ký hiệu
/// cờ vua đại số" gives them (<https://vi.wikipedia.org/wiki/Ký_hiệu_cờ_vua_đại_số>).
pub const VIETNAMESE: LetterSet = set("vi", "Vietnamese", ["V", "H", "X", "T", "M", ""]);

/// Serbian in Cyrillic: К(раљ) king, Д(ама) queen, Т(оп) rook, Л(овац)
/// bishop, С(какач) knight, no pawn letter (the Yugoslav `K D T L S` of
/// `piece_letters.csv` in Cyrillic), files in Cyrillic ([`SERBIAN_FILES`]),
/// as Serbian Wikipedia writes its openings' articles
/// (<https://sr.wikipedia.org/wiki/Одбрана_два_скакача>).
pub const SERBIAN_CYRILLIC: LetterSet = with_files(
    set("sr", "Serbian (Cyrillic)", ["К", "Д", "Т", "Л", "С", ""]),
    SERBIAN_FILES,
);

/// Every letter set, in the order of `piece_letters.csv`, then the figurines.
/// Order: king, queen, rook, bishop, knight, pawn (as the CSV's columns).
pub static LETTER_SETS: &[LetterSet] = &[
    ENGLISH,
    set("af", "Afrikaans", ["K", "D", "T", "L", "R", "P"]),
    set("sq", "Albanian", ["M", "Msh", "Ku", "O", "Ka", "U"]),
    set("ar", "Arabic", ["م", "و", "ر", "ف", "ح", "ب"]),
    set("bn", "Bengali", ["R", "M", "N", "G", "Gh", "B"]),
    set("be", "Belarusian", ["К", "Вз", "Лд", "А", "В", "Л"]),
    set("bg", "Bulgarian", ["Ц", "Д", "Т", "О", "К", "П"]),
    set("ca", "Catalan", ["R", "D", "T", "A", "C", "P"]),
    set("zh", "Chinese", ["K", "Q", "R", "B", "N", "P"]),
    set("hr", "Croatian", ["K", "D", "T", "L", "S", "P"]),
    set("sh", "Serbo-Croatian", ["K", "D", "T", "L", "S", ""]),
    SERBIAN_CYRILLIC,
    set("cs", "Czech", ["K", "D", "V", "S", "J", "P"]),
    set("sk", "Slovak", ["K", "D", "V", "S", "J", "P"]),
    set("da", "Danish", ["K", "D", "T", "L", "S", "B"]),
    set("nl", "Dutch", ["K", "D", "T", "L", "P", ""]),
    set("et", "Estonian", ["K", "L", "V", "O", "R", "P"]),
    set("fi", "Finnish", ["K", "D", "T", "L", "R", "S"]),
    set("fr", "French", ["R", "D", "T", "F", "C", "P"]),
    set("de", "German", ["K", "D", "T", "L", "S", "B"]),
    set("hu", "Hungarian", ["K", "V", "B", "F", "H", "G"]),
    set("is", "Icelandic", ["K", "D", "H", "B", "R", "P"]),
    set("it", "Italian", ["R", "D", "T", "A", "C", "P"]),
    set("nb", "Norwegian", ["K", "D", "T", "L", "S", "B"]),
    set("pl", "Polish", ["K", "H", "W", "G", "S", "P"]),
    set("pt", "Portuguese", ["R", "D", "T", "B", "C", "P"]),
    set("ro", "Romanian", ["R", "D", "T", "N", "C", "P"]),
    set("ru", "Russian", ["Кр", "Ф", "Л", "С", "К", "п"]),
    set("uk", "Ukrainian", ["Кр", "Ф", "Т", "С", "К", ""]),
    // Russian's and Ukrainian's letters transliterated into Latin (`Кр` as
    // `Kr`, `Ф` as `F`, `С` as `S`), as reference tables and pages typed
    // without Cyrillic give them.
    transliterated(set(
        "ru-latn",
        "Russian, transliterated",
        ["Kr", "F", "L", "S", "K", ""],
    )),
    transliterated(set(
        "uk-latn",
        "Ukrainian, transliterated",
        ["Kr", "F", "T", "S", "K", ""],
    )),
    set("es", "Spanish", ["R", "D", "T", "A", "C", "P"]),
    set("sv", "Swedish", ["K", "D", "T", "L", "S", "B"]),
    GREEK,
    TURKISH,
    VIETNAMESE,
    FIGURINE,
    FIGURINE_COLOR,
    CHESSBASE,
];

impl LetterSet {
    /// Looks a set up by its code (case-insensitive).
    pub fn by_code(code: &str) -> Option<&'static LetterSet> {
        LETTER_SETS
            .iter()
            .find(|s| s.code.eq_ignore_ascii_case(code))
    }

    /// The name of `role` as written for a move of `color`. The pawn's name
    /// is the optional pawn letter, which may be empty.
    pub fn name(&self, role: Role, color: Color) -> &'static str {
        match color {
            Color::White => self.names[role_index(role)],
            Color::Black => self.black_names[role_index(role)],
        }
    }

    /// The piece names for messages: `K, Q, R, B, N`.
    pub fn piece_list(&self) -> String {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .iter()
        .map(|&r| self.names[role_index(r)])
        .collect::<Vec<_>>()
        .join(", ")
    }

    /// Whether this is a glyph set (the figurines, the ChessBase font):
    /// read in every set, not a language's letters.
    /// Whether the set is another's letters transliterated, detected only
    /// where no other set reads a game's letters as written.
    pub fn is_transliterated(&self) -> bool {
        self.transliterated
    }

    pub fn is_figurine(&self) -> bool {
        self.glyphs
    }

    /// The letter the set writes for `file`.
    pub fn file_letter(&self, file: File) -> char {
        self.files[usize::from(file)]
    }

    /// Whether the set writes its files as PGN does, `a`-`h`.
    pub fn has_latin_files(&self) -> bool {
        self.files == LATIN_FILES
    }

    /// Whether every name of the set, White's and Black's, is ASCII.
    pub fn is_ascii(&self) -> bool {
        self.names
            .iter()
            .chain(&self.black_names)
            .all(|n| n.is_ascii())
    }

    /// Whether the set's letters are Cyrillic.
    pub fn is_cyrillic(&self) -> bool {
        self.names
            .iter()
            .any(|n| n.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)))
    }

    /// Whether some of the set's letters have Latin look-alikes
    /// ([`LOOKALIKES`]: Cyrillic `К С`, Greek `Α Β Ι Ρ`, Turkish `Ş`), so
    /// that those Latin letters in a text (`K` `C` `Kp`, `Ιf3` typed `If3`,
    /// `Sg7` for `Şg7`) stand for its pieces.
    pub fn has_lookalikes(&self) -> bool {
        self.names
            .iter()
            .any(|n| n.chars().any(|c| latin_twin(c).is_some()))
    }

    /// The role a piece name stands for in this set, look-alikes included.
    pub fn role_of(&self, name: &str) -> Option<Role> {
        self.role_of_spelling(name, true)
    }

    /// The role a piece name stands for, with or without counting the
    /// Latin look-alikes of the set's letters.
    pub fn role_of_spelling(&self, name: &str, lookalikes: bool) -> Option<Role> {
        // Whether the set has look-alikes is asked once, and only where a
        // name is not the one written: most letters are found as written.
        let mut cyrillic = None;
        let alike = |n: &str| {
            lookalikes
                && *cyrillic.get_or_insert_with(|| self.has_lookalikes())
                && same_folded(n, name)
        };
        self.role_by(name, alike)
    }

    /// [`LetterSet::role_of_spelling`] where the caller knows whether the
    /// set's look-alikes count (`alike`: they are asked for and the set has
    /// some), as for many letters read in one set.
    pub fn role_of_alike(&self, name: &str, alike: bool) -> Option<Role> {
        self.role_by(name, |n| alike && same_folded(n, name))
    }

    /// The role of the piece name `name`, or of a name `alike` says it
    /// stands for.
    fn role_by(&self, name: &str, mut alike: impl FnMut(&str) -> bool) -> Option<Role> {
        ROLES.iter().enumerate().find_map(|(i, role)| {
            [self.names[i], self.black_names[i]]
                .iter()
                .any(|n| !n.is_empty() && (*n == name || alike(n)))
                .then_some(*role)
        })
    }
}

/// Letters and the Latin letters printed, typed or scanned in their place:
/// the Cyrillic look-alikes of `NOTATION.md` section 2, the Greek capitals
/// that look like Latin ones (`Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ`), and the
/// Turkish `Ş` that a font without it prints as `S`.
pub const LOOKALIKES: &[(char, char)] = &[
    ('А', 'A'),
    ('В', 'B'),
    ('С', 'C'),
    ('Е', 'E'),
    ('Н', 'H'),
    ('К', 'K'),
    ('М', 'M'),
    ('О', 'O'),
    ('Р', 'P'),
    ('Т', 'T'),
    ('Х', 'X'),
    ('а', 'a'),
    ('с', 'c'),
    ('е', 'e'),
    ('о', 'o'),
    ('р', 'p'),
    ('х', 'x'),
    ('Α', 'A'),
    ('Β', 'B'),
    ('Ε', 'E'),
    ('Ζ', 'Z'),
    ('Η', 'H'),
    ('Ι', 'I'),
    ('Κ', 'K'),
    ('Μ', 'M'),
    ('Ν', 'N'),
    ('Ο', 'O'),
    ('Ρ', 'P'),
    ('Τ', 'T'),
    ('Υ', 'Y'),
    ('Χ', 'X'),
    ('Ş', 'S'),
];

/// A letter's Latin look-alike ([`LOOKALIKES`]), if it has one.
pub fn latin_twin(c: char) -> Option<char> {
    // Every look-alike is outside ASCII: an ASCII letter is its own.
    if c.is_ascii() {
        return None;
    }
    LOOKALIKES
        .iter()
        .find(|(cyr, _)| *cyr == c)
        .map(|(_, lat)| *lat)
}

/// `text` with every look-alike replaced by its Latin twin.
pub fn fold_to_latin(text: &str) -> String {
    text.chars().map(|c| latin_twin(c).unwrap_or(c)).collect()
}

/// Whether `a` and `b` are alike once [`fold_to_latin`], compared as
/// they are folded, with no string made.
fn same_folded(a: &str, b: &str) -> bool {
    let fold = |c: char| latin_twin(c).unwrap_or(c);
    a.chars().map(fold).eq(b.chars().map(fold))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `latin_twin` answers ASCII at a glance: no look-alike may be ASCII.
    #[test]
    fn no_lookalike_is_ascii() {
        assert!(LOOKALIKES.iter().all(|(other, _)| !other.is_ascii()));
    }

    #[test]
    fn every_code_is_unique_and_found() {
        for s in LETTER_SETS {
            assert_eq!(LetterSet::by_code(s.code), Some(s));
            assert_eq!(
                LETTER_SETS.iter().filter(|t| t.code == s.code).count(),
                1,
                "{} listed twice",
                s.code
            );
        }
    }

    #[test]
    fn russian_king_is_two_letters_and_read_first() {
        let ru = LetterSet::by_code("ru").unwrap();
        assert_eq!(ru.name(Role::King, Color::White), "Кр");
        let readings = ru.readings();
        let first_k = readings.iter().find(|(n, _)| n.starts_with('К')).unwrap();
        assert_eq!(*first_k, ("Кр".to_string(), Role::King));
        for lookalike in ["Kp", "Кp", "Kр"] {
            assert!(
                readings.contains(&(lookalike.to_string(), Role::King)),
                "{lookalike}"
            );
        }
        assert_eq!(ru.role_of("C"), Some(Role::Bishop));
        assert_eq!(ru.role_of("K"), Some(Role::Knight));
        assert_eq!(ENGLISH.role_of("C"), None);
    }

    #[test]
    fn coloured_figurines_follow_the_mover() {
        assert_eq!(FIGURINE_COLOR.name(Role::Knight, Color::White), "♘");
        assert_eq!(FIGURINE_COLOR.name(Role::Knight, Color::Black), "♞");
        assert_eq!(FIGURINE.name(Role::Knight, Color::Black), "♘");
    }

    #[test]
    fn greek_turkish_and_chessbase_rows() {
        let el = LetterSet::by_code("el").unwrap();
        assert_eq!(el.piece_list(), "Ρ, Β, Π, Α, Ι");
        assert_eq!(el.name(Role::Pawn, Color::White), "");
        assert_eq!(el.file_letter(File::E), 'ε');
        assert!(!el.has_latin_files());
        // Greek capitals read as written and as their Latin look-alikes.
        assert_eq!(el.role_of_spelling("Β", false), Some(Role::Queen));
        assert_eq!(el.role_of_spelling("B", false), None);
        assert_eq!(el.role_of("B"), Some(Role::Queen));
        assert_eq!(el.role_of("I"), Some(Role::Knight));
        let tr = LetterSet::by_code("tr").unwrap();
        assert_eq!(tr.piece_list(), "Ş, V, K, F, A");
        assert_eq!(tr.role_of("K"), Some(Role::Rook));
        // A font without `Ş` prints `S`: a look-alike, not the letter.
        assert_eq!(tr.role_of_spelling("S", false), None);
        assert_eq!(tr.role_of("S"), Some(Role::King));
        assert!(tr.has_latin_files());
        assert!(CHESSBASE.is_figurine());
        assert_eq!(CHESSBASE.piece_list(), "¢, £, ¦, ¥, ¤");
        // The glyphs `is_figurine_char` knows are the font's, and no more.
        for c in '\u{a0}'..='\u{ff}' {
            let glyph = ROLES
                .iter()
                .any(|&r| CHESSBASE.name(r, Color::White) == c.to_string());
            assert_eq!(is_figurine_char(c), glyph, "{c}");
        }
    }

    #[test]
    fn files_in_every_set_s_letters() {
        assert_eq!(file_of('a'), Some(File::A));
        assert_eq!(file_of('h'), Some(File::H));
        assert_eq!(file_of('i'), None);
        assert_eq!(file_of('с'), Some(File::C));
        for (i, &f) in GREEK_FILES.iter().enumerate() {
            assert_eq!(file_of(f), Some(File::new(i as u32)), "{f}");
        }
        assert_eq!(file_of('ι'), None);
        assert_eq!(file_of('Α'), None);
    }
}
