//! Figurines drawn as images, read by their `alt` text or their file name
//! (`wn.gif`, `/pieces/bN.png`, `knight.png`), and given as the figurine
//! of the piece, which the reader takes in every language.

/// Piece names in the languages of chess sites, with the figurine each
/// stands for (a pawn has none: its moves name only squares).
const NAMES: &[(&str, &str)] = &[
    ("king", "♔"),
    ("queen", "♕"),
    ("rook", "♖"),
    ("bishop", "♗"),
    ("knight", "♘"),
    ("pawn", ""),
    ("könig", "♔"),
    ("koenig", "♔"),
    ("dame", "♕"),
    ("turm", "♖"),
    ("läufer", "♗"),
    ("laeufer", "♗"),
    ("springer", "♘"),
    ("bauer", ""),
    ("roi", "♔"),
    ("tour", "♖"),
    ("fou", "♗"),
    ("cavalier", "♘"),
    ("pion", ""),
    ("rey", "♔"),
    ("dama", "♕"),
    ("torre", "♖"),
    ("alfil", "♗"),
    ("caballo", "♘"),
    ("peón", ""),
    ("король", "♔"),
    ("ферзь", "♕"),
    ("ладья", "♖"),
    ("слон", "♗"),
    ("конь", "♘"),
    ("пешка", ""),
];

/// The figurine of an English piece letter, any case (`p`: the pawn's
/// empty one).
fn by_letter(letter: char) -> Option<&'static str> {
    Some(match letter.to_ascii_lowercase() {
        'k' => "♔",
        'q' => "♕",
        'r' => "♖",
        'b' => "♗",
        'n' => "♘",
        'p' => "",
        _ => return None,
    })
}

/// A piece in one word of a name: a piece name, a letter alone, or a
/// letter with the side's (`wn`, `bN`, `nb`).
fn by_word(word: &str) -> Option<&'static str> {
    if let Some((_, piece)) = NAMES.iter().find(|(name, _)| word == *name) {
        return Some(piece);
    }
    let mut chars = word.chars();
    let side = |c: char| matches!(c, 'w' | 'b');
    match (chars.next(), chars.next(), chars.next()) {
        (Some(letter), None, _) => by_letter(letter),
        (Some(s), Some(letter), None) if side(s) && by_letter(letter).is_some() => {
            by_letter(letter)
        }
        (Some(letter), Some(s), None) if side(s) => by_letter(letter),
        _ => None,
    }
}

/// The figurine an image shows, by its `alt` text (a letter, a piece
/// name, a figurine) or else its file name; `None` for other images.
pub(super) fn figurine(alt: Option<&str>, src: Option<&str>) -> Option<&'static str> {
    if let Some(alt) = alt.map(str::trim).filter(|a| !a.is_empty()) {
        if let Some(c) = alt.chars().next().filter(|_| alt.chars().count() == 1)
            && ('♔'..='♟').contains(&c)
        {
            let white = ["♔", "♕", "♖", "♗", "♘", ""];
            return Some(white[(u32::from(c) - 0x2654) as usize % 6]);
        }
        let alt = alt.to_lowercase();
        if let Some(piece) = alt
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .find_map(by_word)
        {
            return Some(piece);
        }
    }
    let file = src?.rsplit(['/', '\\']).next()?;
    let stem = file.split('.').next()?.to_lowercase();
    stem.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .find_map(by_word)
        .or_else(|| {
            NAMES
                .iter()
                .find(|(name, _)| stem.contains(name))
                .map(|(_, p)| *p)
        })
}
