//! Scripts no letter set writes a move in: the CJK ideographs and kana,
//! Hangul, the Indic scripts, Thai and Lao, and the punctuation written
//! with them. A page in one of them writes its moves in another script's
//! letters, often right against the prose with no space (`ただd4と…`,
//! `白ange_beaute`), so where such a script meets another inside a word,
//! the word ends. Prose in Cyrillic or Greek run against a move in the
//! same way (`Be7вполне`, `ход3...Bc5`) parts from it too
//! ([`cased_prose_letter`]).

/// The blocks of those scripts (first and last code point, inclusive).
const NO_MOVE_BLOCKS: &[(char, char)] = &[
    // Devanagari to Sinhala (Bengali writes its pieces in Latin letters).
    ('\u{0900}', '\u{0DFF}'),
    // Thai and Lao.
    ('\u{0E00}', '\u{0EFF}'),
    // Hangul Jamo.
    ('\u{1100}', '\u{11FF}'),
    // CJK radicals, Kangxi radicals, ideographic description characters,
    // CJK symbols and punctuation (`、`, `。`, `「」`), Hiragana, Katakana,
    // Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, Katakana
    // extensions, enclosed CJK letters, CJK compatibility.
    ('\u{2E80}', '\u{33FF}'),
    // CJK unified ideographs, extension A and the main block.
    ('\u{3400}', '\u{4DBF}'),
    ('\u{4E00}', '\u{9FFF}'),
    // Hangul syllables.
    ('\u{AC00}', '\u{D7AF}'),
    // CJK compatibility ideographs.
    ('\u{F900}', '\u{FAFF}'),
    // Halfwidth Katakana (not the fullwidth Latin letters and digits
    // before them, which fold to moves: `１．ｅ４`).
    ('\u{FF61}', '\u{FF9F}'),
    // CJK unified ideographs, extensions B onward.
    ('\u{20000}', '\u{3FFFF}'),
];

/// Whether `c` is of a script no letter set writes a move in.
pub fn never_in_moves(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    NO_MOVE_BLOCKS
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// How many lower-case letters of prose in a cased script a move is not
/// written in run on from a move or into a number (`Be7вполне`,
/// `ход3...Bc5`) before the word parts there: three at least, since a
/// Russian move may carry one or two (`Кf3хе5`, Cyrillic `х` for the
/// capture and `е` for the file).
pub const GLUED_PROSE: usize = 3;

/// Whether `c` is a lower-case letter of Cyrillic or Greek: the prose of
/// pages whose moves are written in Latin letters, or in capitals of
/// their own (`Кр`, `Ιζ3` with its files in Greek lower case).
pub fn cased_prose_letter(c: char) -> bool {
    c.is_lowercase() && matches!(c, '\u{0370}'..='\u{03FF}' | '\u{0400}'..='\u{04FF}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::letters::{GREEK_FILES, LATIN_FILES, LETTER_SETS};

    #[test]
    fn no_letter_set_writes_in_those_scripts() {
        for set in LETTER_SETS {
            for (name, _) in set.readings() {
                assert!(
                    !name.chars().any(never_in_moves),
                    "{} writes `{name}`",
                    set.code
                );
            }
        }
        assert!(
            !LATIN_FILES
                .iter()
                .chain(&GREEK_FILES)
                .any(|&c| never_in_moves(c))
        );
    }

    #[test]
    fn scripts() {
        assert!(
            "ただとマニュアル道理では無く、。"
                .chars()
                .all(never_in_moves)
        );
        assert!("한국어ภาษาไทยहिन्दी".chars().all(never_in_moves));
        for c in "Кр Ф Л С К exf6 ♘ × ‡ ½ αβ م ר １．ｅ４".chars() {
            assert!(!never_in_moves(c), "{c}");
        }
    }
}
