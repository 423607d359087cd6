//! Chess fonts of web pages and e-books: a CSS font-family whose letters
//! draw pieces (`<span class="fig">N</span>` set in a figurine font), as
//! data: the known families and, for each, which letter draws which piece.
//! A letter in such a font is read as the figurine of its piece only where
//! it stands as a piece letter does in a move (alone, or before a square,
//! a capture or the from-square), so that a word the font also draws in
//! plain letters ("Black", "Kasparov") stays a word.

use super::marks::{Marked, Src};

/// Which letter of a font draws which piece, given as the figurine the
/// reader takes in every language (a pawn: none, its moves name only
/// squares).
pub(super) type Glyphs = [(char, &'static str)];

/// Figurine fonts that keep the Latin letters and draw the English piece
/// letters K Q R B N as pieces: pgn4web's ChessSans fonts (Liberation
/// Sans with chess pieces, set on move text written in English SAN: its
/// README, "Chess figurine display of moves") and ChessBase's FigurineCB
/// fonts (the same letters, as the PDF reader reads them).
const ENGLISH_LETTERS: &Glyphs = &[('K', "♔"), ('Q', "♕"), ('R', "♖"), ('B', "♗"), ('N', "♘")];

/// ChessBase's DiagramTT fonts set as figurines: K Q R L N P (the bishop
/// is the German `L`), as Scidb's `FigurineChessBaseEncoding` maps them.
const CHESSBASE_DIAGRAM: &Glyphs = &[
    ('K', "♔"),
    ('Q', "♕"),
    ('R', "♖"),
    ('L', "♗"),
    ('N', "♘"),
    ('P', ""),
];

/// Armando Marroquin's diagram encoding, shared by the fonts of his set
/// (Chess Merida, Leipzig, Cases, …): white pieces `k q r b n p` on light
/// squares and `K Q R B N P` on dark ones, black pieces `l w t v m o` and
/// `L W T V M O` (Scidb's `DiagramMarroquinEncoding`; html-diagram's
/// default font map).
const MARROQUIN: &Glyphs = &[
    ('k', "♔"),
    ('q', "♕"),
    ('r', "♖"),
    ('b', "♗"),
    ('n', "♘"),
    ('p', ""),
    ('K', "♔"),
    ('Q', "♕"),
    ('R', "♖"),
    ('B', "♗"),
    ('N', "♘"),
    ('P', ""),
    ('l', "♔"),
    ('w', "♕"),
    ('t', "♖"),
    ('v', "♗"),
    ('m', "♘"),
    ('o', ""),
    ('L', "♔"),
    ('W', "♕"),
    ('T', "♖"),
    ('V', "♗"),
    ('M', "♘"),
    ('O', ""),
];

/// Font families by name (lower case, letters and digits only), each with
/// its letters; a name ending in `*` stands for every name it begins.
const FAMILIES: &[(&str, &Glyphs)] = &[
    ("chesssansalpha", ENGLISH_LETTERS),
    ("chesssansmerida", ENGLISH_LETTERS),
    ("chesssanspiratf", ENGLISH_LETTERS),
    ("chesssansuscf", ENGLISH_LETTERS),
    ("chesssansusual", ENGLISH_LETTERS),
    ("figurinecb*", ENGLISH_LETTERS),
    ("diagramtt*", CHESSBASE_DIAGRAM),
    ("chessadventurer", MARROQUIN),
    ("chessalfonsox", MARROQUIN),
    ("chesscases", MARROQUIN),
    ("chesscondal", MARROQUIN),
    ("chessharlequin", MARROQUIN),
    ("chesskingdom", MARROQUIN),
    ("chessleipzig", MARROQUIN),
    ("chessline", MARROQUIN),
    ("chesslucena", MARROQUIN),
    ("chessmagnetic", MARROQUIN),
    ("chessmark", MARROQUIN),
    ("chessmarroquin", MARROQUIN),
    ("chessmaya", MARROQUIN),
    ("chessmediaeval", MARROQUIN),
    ("chessmerida", MARROQUIN),
    ("chessmérida", MARROQUIN),
    ("chessmillennia", MARROQUIN),
    ("chess7", MARROQUIN),
];

/// A family name as [`FAMILIES`] gives it: quotes, spaces and marks out,
/// lower case, and pgn4web's `pgn4web ` prefix dropped.
pub(super) fn normalize(family: &str) -> String {
    let name: String = family
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match name.strip_prefix("pgn4web") {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => name,
    }
}

/// The letters of the chess font named `name` (normalized), if it is one.
pub(super) fn chess_font(name: &str) -> Option<&'static Glyphs> {
    FAMILIES.iter().find_map(|(family, glyphs)| {
        let known = match family.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == *family,
        };
        known.then_some(*glyphs)
    })
}

/// Writes `word`, set in a chess font of letters `glyphs`, into `out`: its own characters by `put` (the piece of it from a byte
/// on), the piece letters standing as pieces as their figurines, at the
/// place `place` gives for their byte.
pub(super) fn put_word(
    out: &mut Marked,
    word: &str,
    glyphs: &Glyphs,
    put: impl Fn(&mut Marked, &str, usize),
    place: impl Fn(usize) -> Src,
) {
    let Some(pieces) = figurines_in(word, glyphs) else {
        put(out, word, 0);
        return;
    };
    let mut done = 0;
    for (i, len, piece) in pieces {
        if i > done {
            put(out, &word[done..i], done);
        }
        out.standing_for(piece, place(i));
        done = i + len;
    }
    if done < word.len() {
        put(out, &word[done..], done);
    }
}

/// `text`, set in a chess font of letters `glyphs`, with each piece
/// letter that stands as one in a move written as its figurine, word by
/// word (an office document's run of text).
pub(super) fn with_figurines(text: &str, glyphs: &Glyphs) -> String {
    let mut out = String::with_capacity(text.len());
    for piece in text.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end_matches(char::is_whitespace);
        let mut done = 0;
        for (i, len, figurine) in figurines_in(word, glyphs).unwrap_or_default() {
            out.push_str(&word[done..i]);
            out.push_str(figurine);
            done = i + len;
        }
        out.push_str(&piece[done..]);
    }
    out
}

/// The figurine the letter `c` of a chess font of letters `glyphs` draws
/// (`""` for a pawn), if it draws a piece.
pub(super) fn glyph(c: char, glyphs: &Glyphs) -> Option<&'static str> {
    glyphs.iter().find(|(g, _)| *g == c).map(|(_, f)| *f)
}

/// The piece letters of `word`, set in a font of letters `glyphs`, that
/// stand as piece letters in a move: each as its byte offset, its length
/// and its figurine; `None` where there are none.
fn figurines_in(word: &str, glyphs: &Glyphs) -> Option<Vec<(usize, usize, &'static str)>> {
    let mut found = Vec::new();
    let mut before: Option<char> = None;
    for (i, c) in word.char_indices() {
        let after = &word[i + c.len_utf8()..];
        if let Some((_, figurine)) = glyphs.iter().find(|(g, _)| *g == c)
            && !before.is_some_and(char::is_alphanumeric)
            && move_follows(after)
        {
            found.push((i, c.len_utf8(), *figurine));
        }
        before = Some(c);
    }
    (!found.is_empty()).then_some(found)
}

/// Whether `rest`, what follows a piece letter in its word, is what
/// follows one in a move: nothing (the letter alone, or before a sign),
/// or squares (`f3`, `bd7`, `1e2`, `g1f3`) with a capture or a dash, then
/// nothing or a sign. Read up to the fifth file or rank, past which it is
/// no move: a word of many piece letters (`b-b-b-…` in a Marroquin font,
/// whose `b` is a file too) is read a few times through, not from each.
fn move_follows(rest: &str) -> bool {
    let mut core = [0u8; 4];
    let mut len = 0;
    let mut core_len = rest.len();
    for (i, b) in rest.bytes().enumerate() {
        match b {
            b'x' | b':' | b'-' => {}
            b'a'..=b'h' | b'1'..=b'8' => {
                let Some(slot) = core.get_mut(len) else {
                    return false;
                };
                *slot = b;
                len += 1;
            }
            _ => {
                core_len = i;
                break;
            }
        }
    }
    // ASCII up to `core_len`: it is where a character starts.
    if rest[core_len..].starts_with(char::is_alphanumeric) {
        return false;
    }
    let file = |b: u8| (b'a'..=b'h').contains(&b);
    let rank = |b: u8| (b'1'..=b'8').contains(&b);
    match &core[..len] {
        [] => core_len == 0,
        [f, r] => file(*f) && rank(*r),
        [d, f, r] => (file(*d) || rank(*d)) && file(*f) && rank(*r),
        [f1, r1, f2, r2] => file(*f1) && rank(*r1) && file(*f2) && rank(*r2),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_known_by_name_in_any_spelling() {
        let usual = chess_font(&normalize("'pgn4web ChessSansUsual'"));
        assert_eq!(usual.map(<[_]>::len), Some(5));
        assert!(chess_font(&normalize("\"FigurineCB AriesSP\"")).is_some());
        let fritz = chess_font(&normalize("DiagramTTFritz")).expect("a chess font");
        assert!(fritz.contains(&('L', "♗")) && !fritz.iter().any(|(c, _)| *c == 'B'));
        assert_eq!(
            chess_font(&normalize("Chess Merida")).map(<[_]>::len),
            Some(24)
        );
        for plain in [
            "Georgia",
            "Liberation Sans",
            "pgn4web",
            "serif",
            "Merida Sans",
        ] {
            assert_eq!(chess_font(&normalize(plain)), None, "{plain}");
        }
    }

    #[test]
    fn a_letter_is_a_piece_only_where_a_move_would_have_one() {
        let pieces = |word: &str| {
            figurines_in(word, ENGLISH_LETTERS)
                .unwrap_or_default()
                .into_iter()
                .map(|(i, _, f)| (i, f))
                .collect::<Vec<_>>()
        };
        assert_eq!(pieces("Nf3"), [(0, "♘")]);
        assert_eq!(pieces("12.Bxe5+"), [(3, "♗")]);
        assert_eq!(pieces("Nbd7"), [(0, "♘")]);
        assert_eq!(pieces("R1e2!"), [(0, "♖")]);
        assert_eq!(pieces("Ng1-f3"), [(0, "♘")]);
        assert_eq!(pieces("N"), [(0, "♘")]);
        assert_eq!(pieces("(Q)"), [(1, "♕")]);
        assert_eq!(
            with_figurines("12.Nf3 Black Kxe2\tQ", ENGLISH_LETTERS),
            "12.♘f3 Black ♔xe2\t♕"
        );
        assert_eq!(glyph('m', MARROQUIN), Some("♘"));
        assert_eq!(glyph('o', MARROQUIN), Some(""));
        assert_eq!(glyph('x', MARROQUIN), None);
        for word in [
            "Black", "Kasparov", "Be", "Bad", "KNB", "Nd", "Qh9", "aNf3", "O-O",
        ] {
            assert_eq!(pieces(word), [], "{word}");
        }
    }
}
