//! Which encoding a window of input is in, when no byte-order mark says:
//! UTF-16 by its NUL bytes, UTF-8 by its multi-byte sequences, else the
//! single-byte encoding (Windows-1252, Windows-1251, KOI8-R, CP866, and
//! the DOS code pages CP437 and CP850) whose reading looks most like
//! chess text.

use super::{Encoding, Reason};
use crate::vocab::signs::{is_capture_sign, is_dash};

/// How many bytes `bytes` starts with are ASCII, tested a word's worth at
/// a time.
pub(super) fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(32);
    let mut n = 0;
    for chunk in &mut chunks {
        if !chunk.is_ascii() {
            break;
        }
        n += 32;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(bytes.len() - n)
}

/// UTF-16 without a byte-order mark: NUL bytes (the high bytes of ASCII
/// characters) on one side of the byte pairs, almost none on the other.
pub(super) fn utf16_by_zeros(window: &[u8]) -> Option<Encoding> {
    let pairs = window.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in window.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    // A quarter of the pairs, and four: a NUL or two in a short text are
    // control characters, not UTF-16.
    let enough = |zeros: usize| zeros >= 4 && zeros * 4 >= pairs;
    if enough(odd) && even * 20 <= odd {
        Some(Encoding::Utf16Le)
    } else if enough(even) && odd * 20 <= even {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// Chooses the encoding of `window`, a stretch of input with no mark:
/// `None` when it holds no byte ≥ 0x80; UTF-8 when it holds valid UTF-8
/// sequences of two or more bytes and no more malformed sequences than
/// valid ones (so a stray byte does not turn a UTF-8 file into mojibake; an incomplete sequence cut at the window's end does not count
/// unless `complete`, the window reaching the end of input); else the best
/// of [`guess_single_byte`].
pub fn sniff(window: &[u8], complete: bool) -> Option<(Encoding, Reason)> {
    if window.is_ascii() {
        return None;
    }
    let (valid, malformed) = utf8_sequences(window, complete);
    if valid > 0 && valid >= malformed {
        Some((Encoding::Utf8, Reason::Utf8))
    } else {
        Some((guess_single_byte(window), Reason::Statistics))
    }
}

/// The encoding of one game's bytes, which are not all UTF-8: UTF-8 where
/// they hold valid multi-byte sequences and no more malformed ones (a
/// stray byte), else the single-byte encoding that reads them best,
/// `prior` (the last game's) unless another reads them far better.
pub fn game_encoding(bytes: &[u8], prior: Option<Encoding>) -> Encoding {
    let (valid, malformed) = utf8_sequences(bytes, true);
    if valid > 0 && valid >= malformed {
        return Encoding::Utf8;
    }
    let mut best = (Encoding::Windows1252, f64::NEG_INFINITY);
    let mut prior_score = f64::NEG_INFINITY;
    for encoding in Encoding::SINGLE_BYTE {
        let s = score(&encoding.decode_whole(bytes));
        if Some(encoding) == prior {
            prior_score = s;
        }
        if s > best.1 {
            best = (encoding, s);
        }
    }
    // The last game's encoding stays unless another reads this game far
    // better: a few letters say little on their own.
    match prior {
        Some(prior) if prior_score >= best.1 - (0.5 * best.1.abs()).max(1.0) => prior,
        _ => best.0,
    }
}

/// Counts the valid multi-byte UTF-8 sequences and the malformed ones.
fn utf8_sequences(mut bytes: &[u8], complete: bool) -> (usize, usize) {
    let multi = |valid: &[u8]| valid.iter().filter(|&&b| b >= 0xc0).count();
    let (mut valid, mut malformed) = (0, 0);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(_) => return (valid + multi(bytes), malformed),
            Err(e) => {
                valid += multi(&bytes[..e.valid_up_to()]);
                match e.error_len() {
                    Some(len) => {
                        malformed += 1;
                        bytes = &bytes[e.valid_up_to() + len..];
                    }
                    None => return (valid, malformed + usize::from(complete)),
                }
            }
        }
    }
}

/// The single-byte encoding `bytes` most plausibly are in: each of
/// Windows-1252, Windows-1251, KOI8-R, CP866, CP437 and CP850 decodes them, and
/// [`score`] rates the text; the highest wins, ties to the earlier.
pub fn guess_single_byte(bytes: &[u8]) -> Encoding {
    let mut best = (Encoding::Windows1252, f64::NEG_INFINITY);
    for encoding in Encoding::SINGLE_BYTE {
        let s = score(&encoding.decode_whole(bytes));
        if s > best.1 {
            best = (encoding, s);
        }
    }
    best.0
}

/// How Russian a lowercase Cyrillic letter is: ln(1 + per-mille frequency
/// in Russian text / 10). Other Cyrillic letters get little.
fn cyrillic_weight(lower: char) -> f64 {
    let per_mille = match lower {
        'о' => 110.0,
        'е' => 85.0,
        'а' => 80.0,
        'и' => 74.0,
        'н' => 67.0,
        'т' => 63.0,
        'с' => 55.0,
        'р' => 47.0,
        'в' => 45.0,
        'л' => 44.0,
        'к' => 35.0,
        'м' => 32.0,
        'д' => 30.0,
        'п' => 28.0,
        'у' => 26.0,
        'я' => 20.0,
        'ы' => 19.0,
        'ь' => 17.0,
        'г' => 17.0,
        'з' => 16.0,
        'б' => 16.0,
        'ч' => 14.0,
        'й' => 12.0,
        'х' => 10.0,
        'ж' => 9.0,
        'ш' => 7.0,
        'ю' => 6.0,
        'ц' => 5.0,
        'щ' => 4.0,
        'э' => 3.0,
        'ф' => 3.0,
        'ё' => 2.0,
        'ъ' => 0.5,
        // Ukrainian.
        'і' | 'ї' | 'є' | 'ґ' => 8.0,
        _ => 1.0,
    };
    (1.0 + per_mille / 10.0f64).ln()
}

/// The piece letters of the Cyrillic letter sets (Russian, Ukrainian,
/// Bulgarian, Serbian, Macedonian).
const PIECE_LETTERS: &str = "КФЛСТДОЦП";

/// Frequent letter pairs of Russian text.
const COMMON_BIGRAMS: &[&str] = &[
    "ст", "но", "то", "на", "ен", "ов", "ни", "ра", "во", "ко", "ро", "ос", "пр", "ре", "ал", "ер",
    "ли", "по", "ан", "ет", "ол", "го", "ле", "ть", "от", "ла", "ог", "ка", "ор", "ри", "ит", "ие",
    "ел", "ак", "ин", "ва", "ве", "ат", "не", "он", "ом", "ны", "де", "та", "ск", "ес", "ой", "ый",
    "ая", "ия", "ем", "че", "ди", "за", "ло", "ам", "об", "ви", "ми", "ма", "ме", "ед", "од", "мо",
    "ру", "ки", "тв", "ча", "ев", "ют", "ся", "ых", "их", "ые", "сл", "ис", "ей", "вы", "да", "ша",
    "хо",
];

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04FF}').contains(&c)
}

/// Latin letters of Windows-1252's upper half.
fn is_latin_extra(c: char) -> bool {
    matches!(c, 'À'..='ÿ' if c != '×' && c != '÷')
        || matches!(c, 'Š' | 'š' | 'Ž' | 'ž' | 'Œ' | 'œ' | 'Ÿ')
}

fn is_common_accented(c: char) -> bool {
    "éèêëàáâäãåæçíìîïñóòôöõøœúùûüýÿßšžÉÈÀÁÄÖÜÇÑÓÍÚØÅŠŽ".contains(c)
}

/// Punctuation and signs real text in these encodings uses.
fn is_plausible_sign(c: char) -> bool {
    "\u{a0}«»‘’‚“”„–—…•№°±×½¼¾§©®·€£¥¢¿¡²³´¨¬µ¶¹º†‡".contains(c)
}

/// The plausibility of `text` as the decoding of real text: only its
/// non-ASCII characters count, each by what it is and by its neighbours.
///
/// Cyrillic letters score by Russian letter frequency (о е а и н т с
/// highest), lowercase more than uppercase (unless in a word in capitals),
/// with a bonus for each frequent pair (`ст`, `но`, …). What a mis-decoding
/// makes costs: an uppercase letter after a lowercase one, a letter inside
/// a word of ASCII letters, a one-letter word (few real ones). A piece
/// letter before a square (`Кf3`, `Крe1`, `Л:d6`) or after a promotion
/// square (`b8Ф`) scores well. Latin letters of Windows-1252 score when
/// they are the common accented ones and sit among ASCII letters
/// (`Müller`), and cost in runs of three or more (where Cyrillic read as
/// Windows-1252 puts them) or before a square (`æh4`, a KOI8-R `Фh4`).
/// Typographic signs score a little (`№` more); box drawing and other
/// symbols cost, and a C1 control (a byte the encoding leaves undefined)
/// costs most.
pub fn score(text: &str) -> f64 {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let mut total = 0.0;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() {
            continue;
        }
        let prev = if i == 0 { ' ' } else { chars[i - 1] };
        let next = at(i + 1);
        let s = if is_cyrillic(c) {
            let lower = c.to_lowercase().next().unwrap_or(c);
            let weight = cyrillic_weight(lower);
            let alone = !prev.is_alphabetic() && !next.is_alphabetic();
            let mut s = if c.is_lowercase() {
                // `Крe1`: the king's second letter.
                let king = c == 'р' && prev == 'К' && before_square(next, at(i + 2));
                if king {
                    3.0
                } else if prev.is_ascii_alphabetic() || next.is_ascii_alphabetic() {
                    -3.0
                } else if before_square(next, at(i + 2)) {
                    -2.0
                } else if alone && next == '.' {
                    // `т.е.`, `е.р.`: an abbreviation.
                    0.5 * weight
                } else if alone {
                    // A one-letter word: the real ones (в, и, с, а) are few.
                    0.1
                } else {
                    weight
                }
            } else if prev.is_lowercase()
                || prev.is_ascii_alphabetic() && !promotion(chars_before(&chars, i))
            {
                -3.0
            } else if PIECE_LETTERS.contains(c)
                && (before_square(next, at(i + 2))
                    || (c == 'К' && next == 'р')
                    || promotion(chars_before(&chars, i)))
            {
                // `Кf3`, `Лad1`, `Л:d6`, `Крe1`, `b8Ф`: a piece letter.
                3.0
            } else if next.is_ascii_alphabetic() {
                -3.0
            } else if alone && (prev.is_ascii_digit() || next.is_ascii_digit()) {
                -1.0
            } else if alone {
                0.1
            } else if is_cyrillic(prev) && prev.is_uppercase()
                || is_cyrillic(next) && next.is_uppercase()
            {
                // A word in capitals.
                weight
            } else {
                0.5 * weight + 0.3
            };
            if is_cyrillic(next) {
                let pair = [lower, next.to_lowercase().next().unwrap_or(next)];
                if COMMON_BIGRAMS.iter().any(|b| b.chars().eq(pair)) {
                    s += 1.0;
                }
            }
            s
        } else if is_latin_extra(c) {
            let letter_before = prev.is_alphabetic() && !prev.is_ascii();
            let letter_after = next.is_alphabetic() && !next.is_ascii();
            if letter_before && letter_after {
                // Three in a row: Cyrillic read as Latin.
                -2.0
            } else if c.is_uppercase() && prev.is_lowercase()
                || c.is_lowercase() && next.is_ascii_uppercase()
            {
                // `sÄ`, `íS`: case changes within a word only upwards
                // (a DOS `í` for Spanish `¡` before a sentence).
                -2.0
            } else if !prev.is_alphabetic() && before_square(next, at(i + 2)) {
                // `æh4`: a Cyrillic piece letter read as Latin.
                -2.0
            } else if !prev.is_alphabetic() && !next.is_alphabetic() {
                // A one-letter word: French `à`, Italian `è`.
                if matches!(c, 'à' | 'è' | 'ò' | 'ù') {
                    1.0
                } else {
                    0.2
                }
            } else {
                let base = if is_common_accented(c) { 1.5 } else { 0.3 };
                let in_word = prev.is_ascii_alphabetic() || next.is_ascii_alphabetic();
                base + if in_word { 1.0 } else { 0.0 }
            }
        } else if c == '№' {
            // Russian's number sign: not in Windows-1252.
            0.5
        } else if is_plausible_sign(c) {
            0.2
        } else if c.is_control() {
            // A byte the encoding leaves undefined (0x81 in Windows-1252):
            // all but proof that the text is in another (CP437's `ü`).
            -10.0
        } else {
            -3.0
        };
        total += s;
    }
    total
}

/// What follows a piece letter: a square or a capture or move to one
/// (`f3`, `fx`, `f:`, `f-`), a disambiguation (`gf3`, `5f3`), or a capture
/// sign then a square (`:d6`, `xd6`).
fn before_square(next: char, then: char) -> bool {
    let file = |c: char| ('a'..='h').contains(&c);
    let rank = |c: char| ('1'..='8').contains(&c);
    (file(next) && (rank(then) || file(then) || is_capture_sign(then) || is_dash(then)))
        || (rank(next) && file(then))
        || (is_capture_sign(next) && file(then))
}

/// The two characters before `i`, oldest first.
fn chars_before(chars: &[char], i: usize) -> [char; 2] {
    let at = |j: Option<usize>| j.and_then(|j| chars.get(j)).copied().unwrap_or(' ');
    [at(i.checked_sub(2)), at(i.checked_sub(1))]
}

/// `b8` or `e1` just before: a promotion piece follows (`b8Ф`).
fn promotion([file, rank]: [char; 2]) -> bool {
    ('a'..='h').contains(&file) && matches!(rank, '1' | '8')
}
