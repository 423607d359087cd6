//! What pages type around moves, lexed: move numbers with a comma, a
//! slash or nothing after them (`14,Tc2`, `1/`, `21Bd2`) or in full-width
//! digits (`１．`), a dash for White's move (`13.-,`, `1/ ... - c5`), a
//! numbered move glued after a sentence's full stop (`útok.6)`,
//! `Cc3.5.cxd5`) or after a word (`Bearbeiten1.`), a semicolon before a numbered move, `1/2` as the result
//! at a line's end. Each is cut from the text as the lexer's tokens are,
//! allocating nothing; what the moves are is the replay's to say.

use super::{Lexer, is_space, space_len};

/// A move number in full-width digits (U+FF10-U+FF19) and dots (`.`,
/// `．`, `…`) at the start of `word`: the number, where it ends, and
/// whether its dots say Black moves next.
pub(super) fn full_width_number(word: &str) -> Option<(u32, usize, bool)> {
    let mut number: u32 = 0;
    let (mut end, mut digits, mut dots) = (0, 0, 0);
    for (i, c) in word.char_indices() {
        match c {
            '\u{ff10}'..='\u{ff19}' if dots == 0 && digits < 6 => {
                number = number * 10 + (c as u32 - 0xff10);
                digits += 1;
            }
            '.' | '\u{ff0e}' | '…' if digits > 0 => dots += if c == '…' { 2 } else { 1 },
            _ => break,
        }
        end = i + c.len_utf8();
    }
    (digits > 0 && dots > 0).then_some((number, end, dots > 1))
}

/// Where a word of prose ends that has a move number glued on with no
/// stop or space (`Bearbeiten1.`, a page's link run into the list of
/// moves after it): the word is letters only, two lower-case ones at
/// least at its end that a scan does not read for digits (`ll1.` is 111), and the number, one to three digits, ends the word
/// with its `.`, and does not end in a square, nor follow a move's start
/// (`Nxd412.`). `None` for any other word (`Jxe4.`, `Nf6.`, `e4.`, `Kb1.`,
/// `1.`).
pub(super) fn number_glued_after_word(word: &str) -> Option<usize> {
    let body = word.strip_suffix('.')?;
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let before = &body[..body.len() - digits];
    // Letters a scan reads for digits (`ll1.` is 111) are no word's.
    let lower = before
        .chars()
        .rev()
        .take_while(|c| c.is_lowercase())
        .filter(|c| !matches!(c, 'l' | 'o'))
        .count();
    // `Jxe4.`, `Sbe1.`: a move's square at the word's end, not a number.
    let square = digits == 1
        && before.ends_with(|c: char| ('a'..='h').contains(&c))
        && !body.ends_with(['0', '9']);
    ((1..=3).contains(&digits)
        && lower >= 2
        && !square
        && !move_start(before)
        && before.chars().all(char::is_alphabetic)
        && !body[before.len()..].starts_with('0'))
    .then_some(before.len())
}

/// Whether `word` is how a move begins before its rank: a piece's capital
/// or none, then files and capture signs only (`Nxd` of `Nxd412.`, `Nge`
/// of `Nge711.`: the move's rank, then its number glued on), never a word
/// (`Bearbeiten`, `Partie`).
fn move_start(word: &str) -> bool {
    let rest = word
        .strip_prefix(|c: char| c.is_ascii_uppercase())
        .unwrap_or(word);
    !rest.is_empty() && rest.bytes().all(|b| matches!(b, b'a'..=b'h' | b'x'))
}

/// Where a word of prose ends that has a move number glued on after its
/// full stop (`útok.6`, before a `)`): just past the stop. `None` for any
/// other word (`1.6`, `e4.6`, `Lf4.`).
pub(super) fn glued_number_after_stop(word: &str) -> Option<usize> {
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let before = word[..word.len() - digits].strip_suffix('.')?;
    let letters = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .count();
    (digits > 0 && digits <= 3 && letters >= 2 && !crate::notation::algebraic::names_square(before))
        .then_some(word.len() - digits)
}

/// Where a word ends that has a numbered move glued on after a full stop
/// (`Cc3.5.cxd5`, `sviluppo.14.Bxh6`, `útok.6.Dxf3`), maybe after a move
/// (`Alfiere.c610.Bd3`): just past the stop.
/// `None` where no full stop in it is followed by one to three digits,
/// dots and a letter (`17.11.2020`, `Nf62.c4`).
pub(super) fn numbered_move_after_stop(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    let mut from = 1;
    while let Some(i) = memchr::memchr(b'.', bytes.get(from..)?) {
        let stop = from + i;
        // A move after the stop may come first, the number of the next
        // glued to it (`Alfiere.c610.Bd3`: `c6`, then `10.Bd3`).
        let seg = bytes[stop + 1..].iter().take_while(|&&b| b != b'.').count();
        // The prose before the stop is looked at last: most stops (a
        // sentence's, at the word's end) have no move after them.
        let moved = word.get(stop + 1..stop + 1 + seg).is_some_and(|seg| {
            seg.len() <= 10
                && seg.starts_with(|c: char| c.is_ascii_alphabetic())
                && seg.ends_with(|c: char| c.is_ascii_digit())
                && seg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+#x-=".contains(&b))
                && crate::notation::algebraic::names_square(seg)
        }) && word[stop + 1 + seg..]
            .strip_prefix('.')
            .is_some_and(|after| after.starts_with(|c: char| c.is_alphabetic()));
        let prose = || {
            word[..stop]
                .chars()
                .rev()
                .take_while(|c| c.is_alphabetic())
                .filter(|c| c.is_lowercase())
                .count()
                >= 2
        };
        if moved && prose() {
            return Some(stop + 1);
        }
        let digits = bytes[stop + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        // The dots after the digits are counted only after one to three
        // digits: a run of dots alone is passed in linear time.
        if (1..=3).contains(&digits) {
            let after = &word[stop + 1 + digits..];
            let dots = after.len() - after.trim_start_matches('.').len();
            if dots > 0
                && after[dots..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphabetic)
            {
                return Some(stop + 1);
            }
        }
        from = stop + 1;
    }
    None
}

/// Whether `text` starts, after spaces on its line, with a move number and
/// a move glued on (`2.d2-d4`, `8.Fd3xCe4`).
pub(super) fn numbered_move_next(text: &str) -> bool {
    let text = text.trim_start_matches([' ', '\t']);
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let after = &text[digits..];
    (1..=3).contains(&digits)
        && after
            .strip_prefix('.')
            .is_some_and(|m| m.starts_with(|c: char| c.is_alphabetic()))
}

/// Whether only spaces stand before the end of the line (or the text).
pub(super) fn at_line_end(rest: &str) -> bool {
    rest.split('\n')
        .next()
        .is_none_or(|line| line.trim_matches(is_space).is_empty())
}

/// Where a move number typed without its dot ends in `word`, its `digits`
/// digits first: a slash after it (`1/`, `12/Cxd5`, never `1/2`) or a
/// comma with the move glued on (`14,Tc2`, never `1990,`), or a piece's capital glued on with a square after it
/// (`21Bd2`; not `1O.` or `2I`, a scan's letters for digits).
pub(super) fn typed_number_len(word: &str, digits: usize) -> Option<usize> {
    let after = &word[digits..];
    let next = after.chars().next()?;
    if matches!(next, ',' | '/') {
        // A comma only with the move glued on: `1990,` is a year in prose.
        let then = after[1..].chars().next();
        let ends = then.is_none() && next == '/';
        return (ends || then.is_some_and(char::is_alphabetic)).then_some(digits + 1);
    }
    let glued_piece = next.is_uppercase()
        && !matches!(next, 'O' | 'I')
        && crate::notation::algebraic::names_square(after);
    glued_piece.then_some(digits)
}

impl Lexer<'_> {
    /// Takes a dash standing alone next (`1/ ... - c5`: the dash between
    /// White's move, given as dots, and Black's).
    pub(super) fn dash_ahead(&mut self) {
        let rest = &self.text[self.pos..];
        let space = space_len(rest);
        let mut after = rest[space..].chars();
        if after.next().is_some_and(crate::vocab::signs::is_dash)
            && after.next().is_none_or(is_space)
        {
            self.pos += space + rest[space..].chars().next().map_or(0, char::len_utf8);
        }
    }

    /// `13.-, e5`, `13. — e5`: a dash standing for White's move, given
    /// before, so that Black moves next. It is taken.
    pub(super) fn white_move_dashed(&mut self, space: usize) -> bool {
        let after = &self.text[self.pos + space..];
        let mut chars = after.chars();
        if !chars.next().is_some_and(crate::vocab::signs::is_dash) {
            return false;
        }
        let dash = after.chars().next().map_or(0, char::len_utf8);
        let comma = usize::from(after[dash..].starts_with(','));
        if !after[dash + comma..].chars().next().is_none_or(is_space) {
            return false;
        }
        self.pos += space + dash + comma;
        true
    }
}

/// Markdown's emphasis marks (`*`, `_`) around a word: how many bytes of
/// them lead it, where a letter or digit follows (`**1.e4**`, `_Nf3_`), or
/// the word's whole length where it is two or more marks alone or the
/// marks that close `open`; and how many end it, where two or more do, or
/// as many as `open` (the marks that opened the emphasis: `*2.Bc4*`). One
/// `*` after a move with none open stays the move's (`*` alone is a
/// result).
pub(super) fn emphasis(word: &str, open: u8) -> (usize, usize) {
    let is_mark = |b: &u8| matches!(b, b'*' | b'_');
    let bytes = word.as_bytes();
    let lead = bytes.iter().take_while(|b| is_mark(b)).count();
    if lead == bytes.len() {
        let closing = lead >= 2 || lead == usize::from(open);
        return (if closing { lead } else { 0 }, 0);
    }
    let lead = if bytes[lead].is_ascii_alphanumeric() {
        lead
    } else {
        0
    };
    let trail = bytes.iter().rev().take_while(|b| is_mark(b)).count();
    let closes = trail >= 2 || (trail > 0 && trail == usize::from(open));
    (lead, if closes { trail } else { 0 })
}
