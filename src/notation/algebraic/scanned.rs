//! What a scan of a printed page puts for a digit, read back: `l`, `I` or
//! `|` for the digit 1 and `O` for 0 in a move number (`l.`, `1O.`), and
//! the letters for the digit 1 where a rank is due in a move (`Rel`,
//! `Nfl`, `b2-bl=Q`). Whether what comes out is a move is the grammar's
//! and the board's to say.

/// A move number with a letter for a digit, as scanned pages have it
/// (`l.`, `I.`, `1O.`, `2l...`): the number, and whether its dots say
/// Black moves next. Digits only (`12.`) are the lexer's, not this.
pub fn ocr_number(word: &str) -> Option<(u32, bool)> {
    let body = word.trim_end_matches(['.', '…']);
    let dots = &word[body.len()..];
    if dots.is_empty() || body.is_empty() || body.len() > 4 {
        return None;
    }
    let mut number = 0u32;
    let mut swapped = false;
    for c in body.chars() {
        let digit = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'O' | 'o' => {
                swapped = true;
                0
            }
            'l' | 'I' | '|' => {
                swapped = true;
                1
            }
            _ => return None,
        };
        number = number * 10 + digit;
    }
    (swapped && number > 0).then_some((number, dots.len() > 1))
}

/// A word with `l`, `I` or `|` standing for the digit 1 where a rank is
/// due (after a file, in a word that starts with a piece letter: `Rel`,
/// `Nfl`, `Kpel`, `Sgl-f3`; in a pawn's move, before a promotion:
/// `b2-bl=Q`), as scanned pages have it: the word with the digit. Whether
/// it is a move is the grammar's to say.
pub fn ocr_square(word: &str) -> Option<String> {
    if !may_swap(word) {
        return None;
    }
    // The characters of a short word (nearly every one) on the stack.
    let mut stack = ['\0'; 24];
    let heap: Vec<char>;
    let chars: &[char] = if word.len() <= stack.len() {
        let mut n = 0;
        for (slot, c) in stack.iter_mut().zip(word.chars()) {
            *slot = c;
            n += 1;
        }
        &stack[..n]
    } else {
        heap = word.chars().collect();
        &heap
    };
    if chars.len() < 3 {
        return None;
    }
    // A pawn reaches the first rank only to promote: `b2-bl=Q`, `exdl(Q)`.
    let pawn = !starts_piece(chars[0]);
    // Made at the first letter read as a digit: most words have none.
    let mut fixed: Option<String> = None;
    // Whether `fixed` names a square so far, kept as it grows (a scan of
    // `fixed` at each character made long words quadratic).
    let mut fixed_names_square = false;
    let mut prev_file = false;
    for (i, &c) in chars.iter().enumerate() {
        // Only `l I |` may be read as a digit: the look around is theirs.
        // (`prev_file` is whether the character before is a file, read
        // as a digit or not: a letter so read is none.)
        let swap = matches!(c, 'l' | 'I' | '|') && {
            let next = chars.get(i + 1).copied();
            // The rank a piece is told apart by, right after its letter
            // and before a square: `Dldl` for `D1d1`.
            let rank_of_piece = i == 1
                && !pawn
                && next.is_some_and(|n| is_file_letter(n) || matches!(n, 'x' | ':' | '-'));
            (prev_file && ends_square(chars, i, pawn, fixed_names_square)) || rank_of_piece
        };
        let pushed = if swap { '1' } else { c };
        fixed_names_square |= prev_file && ('1'..='8').contains(&pushed);
        prev_file = is_file_letter(pushed);
        match &mut fixed {
            Some(fixed) => fixed.push(pushed),
            None if swap => {
                let mut made = String::with_capacity(word.len());
                made.extend(&chars[..i]);
                made.push(pushed);
                fixed = Some(made);
            }
            None => {}
        }
    }
    fixed
}

/// Whether [`ocr_square`] may read a letter of `word` as the digit 1: one
/// of `l I |` stands second (a piece's rank) or right after a file. Most
/// words of prose (`Black`, `will`) have none so placed and are let go
/// with no more look.
fn may_swap(word: &str) -> bool {
    // The letters are ASCII: a word without them is let go at a byte scan.
    if !word.bytes().any(|b| matches!(b, b'l' | b'I' | b'|')) {
        return false;
    }
    let mut prev_file = false;
    for (i, c) in word.chars().enumerate() {
        if matches!(c, 'l' | 'I' | '|') && (i == 1 || prev_file) {
            return true;
        }
        prev_file = is_file_letter(c);
    }
    false
}

/// Whether `word` may name a square once read by [`ocr_square`]: a file
/// before a rank or before a letter read as the digit 1 (`e4`, `el`).
fn may_name_square(word: &str) -> bool {
    // The rank's characters are ASCII: a word without one (most words of
    // prose, all of a Cyrillic one) is let go at a byte scan.
    if !word
        .bytes()
        .any(|b| matches!(b, b'1'..=b'8' | b'l' | b'I' | b'|'))
    {
        return false;
    }
    let mut prev_file = false;
    for c in word.chars() {
        if prev_file && matches!(c, '1'..='8' | 'l' | 'I' | '|') {
            return true;
        }
        prev_file = is_file_letter(c);
    }
    false
}

/// Whether a letter read as the digit 1 at `chars[i]`, after a file, ends
/// a square: for a pawn's move (`pawn`), a promotion, the origin of a long
/// or UCI move (`hlh2`) or its end (`fixed_names_square`: a square before
/// it); for a piece's, the end, a sign, the next square, a capture, or the
/// mate sign `X` of Russian and Czech books.
fn ends_square(chars: &[char], i: usize, pawn: bool, fixed_names_square: bool) -> bool {
    let next = chars.get(i + 1).copied();
    if !pawn {
        return next.is_none_or(|n| {
            !n.is_alphabetic() || is_file_letter(n) || matches!(n, 'x' | 'X' | 'Х')
        });
    }
    let square_after = next.is_some_and(is_file_letter)
        && chars
            .get(i + 2)
            .is_some_and(|r| matches!(r, '1'..='8' | 'l' | 'I' | '|'));
    let destination = next.is_none_or(|n| !n.is_alphabetic()) && fixed_names_square;
    square_after
        || destination
        || next.is_some_and(|n| {
            matches!(n, '=' | '(' | '/' | 'q' | 'r' | 'b' | 'n' | '-' | 'x' | ':')
                || starts_piece(n)
        })
}

/// A word's scanned reading where it is a move's (`Rbl` is `Rb1`): a word
/// no longer than a long move, with no word of prose in it (`Beispiel1`,
/// `Rachel`; a letter read as a digit that a promotion or a sign follows
/// parts the letters, `gxhlRX` being `gxh1RX`), that names a square and
/// ends as a move does (on a rank, before its signs and promotion letter):
/// not a word of prose (`Capablanca`, `Beale`).
pub fn scanned_move(word: &str) -> Option<String> {
    // What the reading must name a square to be a move, and only letters
    // `l I |` read as a digit differ from the word: a word with no file
    // before a rank or such a letter is none.
    if !may_name_square(word) {
        return None;
    }
    let fixed = ocr_square(word)?;
    let prose = word.chars().count() > 16 || letter_run(&parted(word, &fixed));
    (!prose && names_square(&fixed) && ends_as_move(&fixed)).then_some(fixed)
}

/// `word` with the letters [`ocr_square`] read as digits in `fixed` made
/// digits where a capital or a move's sign follows them (a promotion, a
/// check, a mate: `gxhlRX`, `exdl(Q)`), or where all after the piece's
/// name then reads as squares (`Крeldl`, `Лhlxfl`); left letters elsewhere
/// (`Rachel.`, `Daniel`: prose).
fn parted(word: &str, fixed: &str) -> String {
    if squares_after_name(fixed) {
        return fixed.to_owned();
    }
    let mut chars = word.chars().zip(fixed.chars()).peekable();
    let mut out = String::with_capacity(word.len());
    while let Some((w, f)) = chars.next() {
        let parts = w != f
            && chars.peek().is_some_and(|&(next, _)| {
                next.is_uppercase() || matches!(next, '+' | '#' | '=' | '(' | '/' | '!' | '?')
            });
        out.push(if parts { f } else { w });
    }
    out
}

/// Whether `fixed`, past a piece's name of up to three letters, is one or
/// two squares and nothing else but a capture sign or dash between them
/// and signs after them (`Крe1d1`, `Лh1xf1+`, `Ke1`): a move's shape,
/// which no word of prose has.
fn squares_after_name(fixed: &str) -> bool {
    let body = fixed.trim_end_matches(['+', '#', '!', '?', '†', 'X', 'Х']);
    let name = body.find(is_file_letter).unwrap_or(body.len());
    if name == 0 || body[..name].chars().count() > 3 {
        return false;
    }
    let mut chars = body[name..].chars().peekable();
    let mut squares = 0;
    while let Some(file) = chars.next() {
        let rank = chars.next();
        if !is_file_letter(file) || !rank.is_some_and(|r| ('1'..='8').contains(&r)) {
            return false;
        }
        squares += 1;
        if chars
            .next_if(|&c| matches!(c, 'x' | ':' | '-' | '–' | '×'))
            .is_some()
            && chars.peek().is_none()
        {
            return false;
        }
    }
    (1..=2).contains(&squares)
}

/// Whether a word ends as a move does: on a rank, before its signs and a
/// promotion written after a move (`Rg1`, `Rg1—f3+`, `b2-b1=Q`,
/// `b1ف`: a letter of a script without case): only a lower-case letter
/// (`Bea1e`) or a digit ends a word of prose.
fn ends_as_move(word: &str) -> bool {
    // A promotion's name in brackets or after its sign may be of several
    // letters, lower-case among them (`b1(Msh)`, `b1=Msh`).
    let promotion = word.char_indices().find(|&(i, c)| {
        matches!(c, '(' | '=' | '/') && word[..i].ends_with(|d: char| d.is_ascii_digit())
    });
    let word = promotion.map_or(word, |(i, _)| &word[..i]);
    let ends_on_rank = word
        .trim_end_matches(|c: char| !c.is_ascii_digit() && !c.is_lowercase())
        .ends_with(|c: char| c.is_ascii_digit());
    ends_on_rank || bare_promotion_of_letters(word)
}

/// Whether a word ends on a rank and a promotion written bare in a piece's
/// name of several letters, before its signs (`c1Ka+`, `b1Msh`): a capital
/// and up to two small letters.
fn bare_promotion_of_letters(word: &str) -> bool {
    let Some(rank) = word.rfind(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let name = word[rank + 1..].trim_end_matches(['+', '#', '!', '?', '×', 'X']);
    let mut chars = name.chars();
    chars.next().is_some_and(char::is_uppercase)
        && name.chars().count() <= 3
        && chars.all(char::is_lowercase)
}

/// Whether a word holds six letters in a row: a word of prose, which no
/// move has (its piece's name, a file and a capture sign are fewer).
pub fn letter_run(word: &str) -> bool {
    run_of(word, 6, char::is_alphabetic)
}

/// Whether a word holds `len` characters in a row that are `of` kind.
pub fn run_of(word: &str, len: usize, of: impl Fn(char) -> bool) -> bool {
    let mut run = 0;
    word.chars().any(|c| {
        run = if of(c) { run + 1 } else { 0 };
        run >= len
    })
}

/// Whether a word starting with `c` starts with a piece's name: a capital,
/// a letter of a script without case (Arabic), or a figurine.
pub fn starts_piece(c: char) -> bool {
    (c.is_alphabetic() && !c.is_lowercase()) || crate::vocab::letters::is_figurine_char(c)
}

/// Whether a word holds a file and a rank, one after the other (`e4`,
/// `Кf3`, `Cc4-b3`, `ed4`; Cyrillic look-alikes of `a c e` counted).
pub fn names_square(word: &str) -> bool {
    // A rank is an ASCII digit: a word without one is let go at a byte
    // scan, with no file letter looked up.
    if !word.bytes().any(|b| matches!(b, b'1'..=b'8')) {
        return false;
    }
    let mut prev_file = false;
    for c in word.chars() {
        if prev_file && ('1'..='8').contains(&c) {
            return true;
        }
        prev_file = is_file_letter(c);
    }
    false
}

/// A file's letter in any set, or a Cyrillic look-alike of `a c e`
/// ([`crate::vocab::letters::file_of`]).
fn is_file_letter(c: char) -> bool {
    crate::vocab::letters::file_of(c).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the noisy property at scale (seed 7171): a long move of a
    /// piece with a two-letter name, both ranks scanned as `l`, is a move
    /// (six letters in a row, yet a move's shape); prose is not.
    #[test]
    fn a_scanned_long_move_of_a_two_letter_piece_is_a_move() {
        assert_eq!(scanned_move("Крeldl").as_deref(), Some("Крe1d1"));
        assert_eq!(scanned_move("Крelxdl+").as_deref(), Some("Крe1xd1+"));
        assert_eq!(scanned_move("Лhlfl").as_deref(), Some("Лh1f1"));
        for prose in ["Daniel", "Rachel", "Capablanca", "Beiseldl", "Beseldl"] {
            assert_eq!(scanned_move(prose), None, "{prose}");
        }
    }

    /// Found by the noisy property at scale (seed 7171): a scanned
    /// promotion written bare in a name of several letters is a move.
    #[test]
    fn a_scanned_bare_promotion_of_several_letters_is_a_move() {
        assert_eq!(scanned_move("clKa+").as_deref(), Some("c1Ka+"));
        assert_eq!(scanned_move("blMsh").as_deref(), Some("b1Msh"));
        assert_eq!(scanned_move("Daniel"), None);
        assert_eq!(scanned_move("Rachel."), None);
    }

    #[test]
    fn ocr_numbers_and_squares() {
        assert_eq!(ocr_number("l."), Some((1, false)));
        assert_eq!(ocr_number("1O."), Some((10, false)));
        assert_eq!(ocr_number("2l..."), Some((21, true)));
        assert_eq!(ocr_number("12."), None);
        assert_eq!(ocr_number("Il."), Some((11, false)));
        assert_eq!(ocr_number("Hello."), None);
        assert_eq!(ocr_square("Rel").as_deref(), Some("Re1"));
        assert_eq!(ocr_square("Nfl").as_deref(), Some("Nf1"));
        assert_eq!(ocr_square("Rael").as_deref(), Some("Rae1"));
        assert_eq!(ocr_square("Kpel").as_deref(), Some("Kpe1"));
        assert_eq!(ocr_square("Sgl-f3").as_deref(), Some("Sg1-f3"));
        assert_eq!(ocr_square("field"), None);
        assert_eq!(ocr_square("deal"), None);
        assert_eq!(ocr_square("el"), None);
        assert_eq!(ocr_square("Nf3"), None);
        assert_eq!(ocr_square("b2-bl=Q").as_deref(), Some("b2-b1=Q"));
        assert_eq!(ocr_square("exdl(Q)").as_deref(), Some("exd1(Q)"));
        assert_eq!(ocr_square("all"), None);
        assert_eq!(ocr_square("hlh2").as_deref(), Some("h1h2"));
        assert_eq!(ocr_square("elg1").as_deref(), Some("e1g1"));
        assert_eq!(ocr_square("flgl").as_deref(), Some("f1g1"));
        assert_eq!(ocr_square("♖al").as_deref(), Some("♖a1"));
        assert_eq!(ocr_square("Dldl+").as_deref(), Some("D1d1+"));
        assert_eq!(ocr_square("Rlxe5").as_deref(), Some("R1xe5"));
        assert_eq!(ocr_square("e2-el").as_deref(), Some("e2-e1"));
    }
}
