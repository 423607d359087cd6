//! Piece letter sets: the table of how each language names the pieces.
//!
//! The rows come from `reference/piece_letters.csv` (30 languages, sources
//! kept in `fixtures/piece_letters.SOURCE.txt`) plus the two figurine sets.
//! Everything that reads or writes a piece letter goes through [`LetterSet`],
//! so adding a language is adding a row here.

use shakmaty::{Color, Role};

/// How a letter set names the six pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LetterSet {
    /// The code users pass to `--lang` / `--from` (an ISO 639-1 code, or
    /// `figurine`, `figurine-color`).
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
}

const fn set(
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
    }
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
    names: FIGURINE.names,
    black_names: ["♟", "♞", "♝", "♜", "♛", "♚"],
};

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
    set("es", "Spanish", ["R", "D", "T", "A", "C", "P"]),
    set("sv", "Swedish", ["K", "D", "T", "L", "S", "B"]),
    FIGURINE,
    FIGURINE_COLOR,
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

    /// Whether this is one of the figurine sets.
    pub fn is_figurine(&self) -> bool {
        self.code.starts_with("figurine")
    }

    /// Every (name, role) this set reads, White's and Black's names alike,
    /// longest names first so that `Кр` is tried before `К`. Build it once
    /// per reader, not per token.
    pub fn readings(&self) -> Vec<(&'static str, Role)> {
        let mut all: Vec<(&'static str, Role)> = Vec::with_capacity(12);
        for (i, role) in ROLES.iter().enumerate() {
            for name in [self.names[i], self.black_names[i]] {
                if !name.is_empty() && !all.contains(&(name, *role)) {
                    all.push((name, *role));
                }
            }
        }
        all.sort_by_key(|(name, _)| std::cmp::Reverse(name.chars().count()));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(*first_k, ("Кр", Role::King));
    }

    #[test]
    fn coloured_figurines_follow_the_mover() {
        assert_eq!(FIGURINE_COLOR.name(Role::Knight, Color::White), "♘");
        assert_eq!(FIGURINE_COLOR.name(Role::Knight, Color::Black), "♞");
        assert_eq!(FIGURINE.name(Role::Knight, Color::Black), "♘");
    }
}
