//! Tokens with spans: the movetext and tags of one game, cut into pieces.
//!
//! The lexer knows PGN's structure (tag pairs, `{}` and `;` comments, `%`
//! escape lines, `( )` variations, `$n` NAGs, move numbers, results) and
//! hands every other run of characters on as a [`Tok::Word`] for the move
//! grammar to read. Each token carries its byte offset in the game's text,
//! from which the replay finds the line and column for diagnostics.
//! It allocates nothing.

use crate::vocab::result::GameResult;
use crate::vocab::scripts::{GLUED_PROSE, cased_prose_letter, never_in_moves};
use crate::vocab::signs::is_invisible;
use crate::vocab::signs::{EQUAL_NAG, glyph_nag};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok<'a> {
    /// `[Name "value"]`; the value still has its `\"` and `\\` escapes.
    Tag {
        name: &'a str,
        value: &'a str,
    },
    /// The text inside `{ }`, after `;`, or inside a `[ ]` that is not a tag.
    Comment(&'a str),
    /// A `{` comment with no closing `}` before the end of the game.
    UnterminatedComment(&'a str),
    /// `$n`, or a glyph such as `!?` standing alone.
    Nag(u8),
    /// A line that starts like a tag (`[Site "Her`) but does not close.
    BrokenTag(&'a str),
    /// `$` with no number, or a number too big for a NAG.
    BadNag(&'a str),
    Open,
    Close,
    /// `(=)`: a draw offer (FIDE Laws C.12/C.13).
    DrawOffer,
    Result(GameResult),
    /// `12.`, `12...`, `12…`, `12. ...` or a bare `12`: a hint, never
    /// required. `black` where dots or an ellipsis say Black moves next.
    MoveNumber {
        number: u32,
        black: bool,
    },
    /// UCI's position line at a line's start (`startpos moves`, `fen
    /// <FEN> moves`): a game's start, from the FEN where it names one.
    Position {
        fen: Option<&'a str>,
    },
    /// A line PGN's escape `%` begins (the text after it): left out, as
    /// the standard says.
    Escape(&'a str),
    /// Anything else: a move, or something to report.
    Word(&'a str),
}

/// A token and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offset in the game's text.
    pub offset: usize,
}

/// Cuts one game's text into tokens. A clone looks ahead.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Invisible and control characters read as spaces: how many, and
    /// where the first is.
    invisible: (u32, usize),
    /// A token other than a tag has been read: a `[` line is an aside
    /// from here on, not a tag that lost its quotes.
    in_movetext: bool,
    /// The last token was a move number (a number of four or five digits
    /// after one is an ICCF move, even one that is no move: `1. 17185`).
    after_number: bool,
    /// The last line a loose tag was looked for in (from where, to its
    /// end) and whether it ends as a tag does: a line is looked at once,
    /// however many `[` it holds.
    loose_line: (usize, usize, bool),
    /// A stretch of the text with no line break (from, to), `to` at a line
    /// break or the text's end: the end of a `;` comment's line is found
    /// once, however many `;` the line holds.
    unbroken: (usize, usize),
    /// The last word's extent (from, to): a word read in parts (`1.1.1.…`,
    /// a number, then the rest) has its end found once.
    word_end: (usize, usize),
    /// How many emphasis marks opened the word being read (`*2.Bc4*`): as
    /// many end it, even one.
    emphasis: u8,
}

/// A [`Lexer`]'s place and what it has learned there, without its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LexerState {
    pos: usize,
    invisible: (u32, usize),
    in_movetext: bool,
    after_number: bool,
    loose_line: (usize, usize, bool),
    emphasis: u8,
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}' || is_invisible(c)
}

/// Characters that end a word.
fn is_delimiter(c: char) -> bool {
    is_space(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

/// The length of the word `text` starts with: bytes at a time while they
/// are ASCII, characters from the first that is not. A word ends too where
/// a script no move is written in meets another (`ただd4と…` is three
/// words; see [`never_in_moves`]), and where prose in Cyrillic or Greek
/// runs against a move ([`word_len_from`]).
fn word_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b >= 0x80 {
            return i + word_len_from(&text[i..], i.checked_sub(1).map(|p| char::from(bytes[p])));
        }
        // A vertical tab too, as `plain` and `is_space` take it (which
        // `is_ascii_whitespace` would leave out), and control characters.
        if is_plain_space(b)
            || b < 0x20
            || b == 0x7f
            || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$')
        {
            return i;
        }
        i += 1;
    }
    i
}

/// [`word_len`] from its first character outside ASCII, `text`, with the
/// character before it, if any. Besides where a script no move is written
/// in meets another, a word ends where prose in Cyrillic or Greek runs
/// against a move (`Be7вполне`, `d4...возникает`) or a number runs on
/// from such prose (`ход3...`): at [`GLUED_PROSE`] lower-case letters of
/// theirs after a digit, a check sign, a glyph or a full stop, and at a
/// digit after as many.
fn word_len_from(text: &str, mut prev: Option<char>) -> usize {
    let foreign = prev.is_none() && text.chars().next().is_some_and(never_in_moves);
    let mut run = 0;
    for (at, c) in text.char_indices() {
        if is_delimiter(c) || never_in_moves(c) != foreign {
            return at;
        }
        if cased_prose_letter(c) {
            if run == 0
                && prev.is_some_and(|p| {
                    p.is_ascii_digit() || matches!(p, '+' | '#' | '!' | '?' | '.' | '…')
                })
                && text[at..]
                    .chars()
                    .take(GLUED_PROSE)
                    .filter(|&c| cased_prose_letter(c))
                    .count()
                    == GLUED_PROSE
            {
                return at;
            }
            run += 1;
        } else {
            if run >= GLUED_PROSE && c.is_ascii_digit() {
                return at;
            }
            run = 0;
        }
        prev = Some(c);
    }
    text.len()
}

/// How many bytes of space `text` starts with (ASCII fast, then any).
fn space_len(text: &str) -> usize {
    let ascii = text.bytes().take_while(|&b| is_plain_space(b)).count();
    match text.as_bytes().get(ascii) {
        Some(&b) if !(0x20..0x80).contains(&b) || b == 0x7f => {
            let rest = &text[ascii..];
            ascii + rest.len() - rest.trim_start_matches(is_space).len()
        }
        _ => ascii,
    }
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            invisible: (0, 0),
            in_movetext: false,
            after_number: false,
            loose_line: (0, 0, false),
            unbroken: (0, 0),
            word_end: (0, 0),
            emphasis: 0,
        }
    }

    /// What the lexer knows besides its text, to be put back with
    /// [`Lexer::set_state`].
    pub fn state(&self) -> LexerState {
        LexerState {
            pos: self.pos,
            invisible: self.invisible,
            in_movetext: self.in_movetext,
            after_number: self.after_number,
            loose_line: self.loose_line,
            emphasis: self.emphasis,
        }
    }

    /// Puts the lexer where [`Lexer::state`] found one of its text.
    pub fn set_state(&mut self, state: LexerState) {
        self.pos = state.pos.min(self.text.len());
        self.invisible = state.invisible;
        self.in_movetext = state.in_movetext;
        self.after_number = state.after_number;
        self.loose_line = state.loose_line;
        self.emphasis = state.emphasis;
    }

    /// Where the lexer is: the offset just past the last token read.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The next token where it is a word: the word, and a lexer past it
    /// (this one stays where it is).
    pub(crate) fn next_word(&self) -> Option<(&'a str, Lexer<'a>)> {
        let mut past = self.clone();
        match past.next()?.tok {
            Tok::Word(word) => Some((word, past)),
            _ => None,
        }
    }

    /// The length of the text being cut.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Whether the last byte read is `b` (a number's `)` in `1)`).
    pub fn just_passed(&self, b: u8) -> bool {
        self.pos > 0 && self.text.as_bytes()[self.pos - 1] == b
    }

    /// How many invisible or control characters ([`is_invisible`]) were
    /// read as spaces so far, and the byte offset of the first.
    pub fn invisible(&self) -> (u32, usize) {
        self.invisible
    }

    /// Moves past the spaces at the lexer's place, counting the invisible
    /// characters among them.
    fn skip_space(&mut self) {
        let len = space_len(&self.text[self.pos..]);
        let spaces = &self.text[self.pos..self.pos + len];
        if !spaces.is_ascii()
            || spaces
                .bytes()
                .any(|b| b < 0x20 && !is_plain_space(b) || b == 0x7f)
        {
            for (i, c) in spaces.char_indices() {
                if is_invisible(c) {
                    if self.invisible.0 == 0 {
                        self.invisible.1 = self.pos + i;
                    }
                    self.invisible.0 += 1;
                }
            }
        }
        self.pos += len;
    }

    /// Goes on from `offset` (past text the caller has taken whole, such as
    /// a prose line).
    pub fn skip_to(&mut self, offset: usize) {
        self.pos = offset.clamp(self.pos, self.text.len());
    }

    /// Goes back to `offset`, just past the first character of a token
    /// read (a `;` or `[` that begins no comment), to read what follows it
    /// as tokens.
    pub fn rewind_to(&mut self, offset: usize) {
        self.pos = offset.min(self.text.len());
    }

    /// Whether only spaces stand between the start of the line and `offset`.
    /// Looks back no further than the first character that is not a space,
    /// so that many `[ ]` asides on one line cost no rescan each.
    fn at_line_start_after_space(&self, offset: usize) -> bool {
        self.text[..offset]
            .chars()
            .rev()
            .find(|&c| c == '\n' || !c.is_whitespace())
            .is_none_or(|c| c == '\n')
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    fn skip_line(&mut self) -> &'a str {
        let (from, to) = self.unbroken;
        let end = if (from..=to).contains(&self.pos) && to > from {
            to
        } else {
            let rest = &self.text.as_bytes()[self.pos..];
            self.pos + memchr::memchr(b'\n', rest).unwrap_or(rest.len())
        };
        self.unbroken = (self.pos, end);
        let line = &self.text[self.pos..end];
        self.pos = end;
        line.trim_end_matches('\r')
    }

    /// A word, or `None` for a run of dots standing alone (`1. ... e5`) or
    /// a lone `|`.
    fn word(&mut self) -> Option<Tok<'a>> {
        let rest = &self.text[self.pos..];
        // Where a word ends is where it ends from any place inside it.
        let (from, to) = self.word_end;
        let mut len = if (from..to).contains(&self.pos) {
            to - self.pos
        } else {
            let len = word_len(rest);
            self.word_end = (self.pos, self.pos + len);
            self.emphasis = 0;
            len
        };
        // `**1.e4**`, `__Nf3__`: Markdown's emphasis around a move or its
        // number is layout, as a table's `|` is: passed over.
        let (lead, trail) = emphasis(&rest[..len], self.emphasis);
        if lead == len {
            self.pos += len;
            return None;
        }
        if lead > 0 {
            self.pos += lead;
            self.emphasis = u8::try_from(lead).unwrap_or(u8::MAX);
            return self.word();
        }
        len -= trail;
        // A promotion in brackets belongs to its move: `e8(Q)`, `d8(Ф)`,
        // `c1(Msh)`.
        // The `)` is looked for among the next four characters only: a
        // search to the next `)` anywhere made `a(a(a(…` quadratic.
        if let Some(inner) = rest[len..].strip_prefix('(')
            && let Some((close, _)) = inner.char_indices().take(4).find(|&(_, c)| c == ')')
            && (1..=3).contains(&inner[..close].chars().count())
            && !inner[..close].contains(|c: char| c == '=' || is_space(c))
        {
            len += close + 2;
            len += rest[len..].find(is_delimiter).unwrap_or(rest.len() - len);
        }
        // `útok.6) Dxf3`: a sentence's full stop with the next move's
        // number glued on; the number is read apart.
        if rest[len..].starts_with(')')
            && let Some(stop) = glued_number_after_stop(&rest[..len])
        {
            len = stop;
        }
        // `Cc3.5.cxd5`, `sviluppo.14.Bxh6`: the same, the move glued on.
        if !rest.as_bytes()[0].is_ascii_digit()
            && let Some(stop) = numbered_move_after_stop(&rest[..len])
        {
            len = stop;
        }
        // `Bearbeiten1.`: a word with the next move's number glued on.
        if rest.as_bytes()[0].is_ascii_alphabetic()
            && let Some(stop) = number_glued_after_word(&rest[..len])
        {
            len = stop;
        }
        let word = &rest[..len];
        let first = word.as_bytes()[0];
        if matches!(first, b'0' | b'1' | b'*' | 0xc2)
            && let Some(result) = GameResult::parse(word)
        {
            self.pos += len;
            return Some(Tok::Result(result));
        }
        // `1 - 0`, `½ – ½`, `1 : 0`: a result typed with spaces.
        if matches!(word, "1" | "0" | "\u{bd}" | "1/2")
            && let Some((result, end)) = spaced_result(rest, len)
        {
            self.pos += end;
            return Some(Tok::Result(result));
        }
        // `１．ｅ４`: a number in full-width digits and dot (the move after
        // it is folded to plain letters where it is read).
        if first == 0xef
            && let Some((number, end, black)) = full_width_number(word)
        {
            self.pos += end;
            return Some(Tok::MoveNumber { number, black });
        }
        if first.is_ascii_digit()
            && let Some(tok) = self.number_word(rest, word, len)
        {
            return Some(tok);
        }
        // `|` standing alone: a table's cell border on a page.
        if word == "|" {
            self.pos += len;
            return None;
        }
        // `...e5`: Black's move with the dots but no number.
        let dots = word.len() - word.trim_start_matches(['.', '…']).len();
        if dots > 0 {
            self.pos += dots;
            return if dots == len { None } else { self.word() };
        }
        self.pos += len;
        if first.is_ascii_alphanumeric() {
            return Some(Tok::Word(word));
        }
        Some(match glyph_nag(word) {
            Some(nag) => Tok::Nag(nag),
            None if word == "=" => Tok::Nag(EQUAL_NAG),
            None => Tok::Word(word),
        })
    }

    /// [`Lexer::word`] for a word that begins with a digit (`rest` the text
    /// from it, `len` its length): a move number, in any of the forms
    /// pages type (`12.`, `12...`, `1)`, `14,Tc2`, `12 ..Nf6`), an ICCF
    /// move, or the result written short; `None` for the word to be read
    /// as any other.
    fn number_word(&mut self, rest: &'a str, word: &'a str, len: usize) -> Option<Tok<'a>> {
        // `00`, `000`, or `0` standing alone (`0 - 0`): castling typed with
        // zeros; `0000`, UCI's null move: never a move number (they begin
        // at 1).
        if word.len() <= 4 && word.bytes().all(|b| b == b'0') {
            self.pos += len;
            return Some(Tok::Word(word));
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let after = &word[digits..];
        let dots = after.len() - after.trim_start_matches(['.', '…']).len();
        // Four or five digits 1-8 standing alone are a move in ICCF
        // numeric notation (`5254`), not a move number; after a move
        // number, four or five digits are one even where they make no
        // move (`1. 17185`), to be reported as such.
        if dots == 0
            && after.is_empty()
            && (crate::notation::algebraic::is_iccf(word)
                || (self.after_number && (4..=5).contains(&word.len())))
        {
            self.pos += len;
            return Some(Tok::Word(word));
        }
        // `1/2` standing last on its line is the result written short.
        if word == "1/2" && at_line_end(&rest[len..]) {
            self.pos += len;
            return Some(Tok::Result(GameResult::Draw));
        }
        // `1- e4`: a number typed with a dash, standing apart from its
        // move (`1- 0` is the result typed with a space).
        if digits > 0
            && after.len() <= 3
            && after.chars().count() == 1
            && after.starts_with(crate::vocab::signs::is_dash)
            && let Ok(number) = word[..digits].parse()
        {
            if let Some((result, end)) = spaced_result(rest, digits) {
                self.pos += end;
                return Some(Tok::Result(result));
            }
            self.pos += len;
            return Some(Tok::MoveNumber {
                number,
                black: false,
            });
        }
        // `14,Tc2`, `1/ c4`, `21Bd2`: a number typed with a comma, a
        // slash or nothing after it (see `typed_number_len`).
        if let Some(end) = typed_number_len(word, digits)
            && let Ok(number) = word[..digits].parse()
        {
            self.pos += end;
            // `1/ ... - c5`: dots for White's move, then Black's.
            let black = word[digits..].starts_with('/') && self.black_dots_ahead();
            if black {
                self.dash_ahead();
            }
            return Some(Tok::MoveNumber { number, black });
        }
        // `1)`, the numbering of some scoresheets and books.
        if dots == 0
            && after.is_empty()
            && rest[len..].starts_with(')')
            && let Ok(number) = word.parse()
        {
            self.pos += len + 1;
            return Some(Tok::MoveNumber {
                number,
                black: false,
            });
        }
        // A number too large for any game (`4294967296.`) is a move number
        // still, where its dots say so: reported as out of sequence.
        let number = match word[..digits].parse() {
            Err(_) if dots > 0 && digits > 0 => Ok(u32::MAX),
            number => number,
        };
        if (dots > 0 || after.is_empty())
            && let Ok(number) = number
        {
            self.pos += digits + dots;
            // A comma after the dots is the page's: `12...., h7—h6`.
            if dots > 0 && self.text.as_bytes().get(self.pos) == Some(&b',') {
                self.pos += 1;
            }
            // `12...`, `12…`; or `12.` and then the dots apart: `12. ...`,
            // or a number with no dot and then them: `12 ..Nf6`.
            let black = dots > 1 || self.black_dots_ahead();
            return Some(Tok::MoveNumber { number, black });
        }
        None
    }
}

impl Lexer<'_> {
    /// After a move number with one dot: whether dots or an ellipsis come
    /// next, standing apart (`5. … Jxe4`, `3. ... cxd4`), which say Black
    /// moves next. They are taken.
    fn black_dots_ahead(&mut self) -> bool {
        let rest = &self.text[self.pos..];
        let space = space_len(rest);
        let after = &rest[space..];
        let dots = after.len() - after.trim_start_matches(['.', '…']).len();
        // A dash for White's move (`13. — e5`); an ellipsis (`3 … a6`) is
        // dots.
        if matches!(after.as_bytes().first(), Some(b'-' | 0xe2)) && !after.starts_with('…') {
            return self.white_move_dashed(space);
        }
        if space == 0 || dots < 2 {
            return false;
        }
        self.pos += space + dots;
        true
    }
}

/// What a byte is to [`Lexer::plain`]: 1 an ASCII space, 2 a byte of an
/// ASCII word (no delimiter, no full stop), 0 anything else.
const CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 0x80 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => 1,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' => 0,
            // A word with a full stop in it (`Cc3.5.cxd5`, `Ld3.`) takes
            // the general reading (no plain PGN move holds one).
            b'.' => 0,
            0..=0x1f | 0x7f => 0,
            _ => 2,
        };
        b += 1;
    }
    class
};

/// An ASCII space, as [`Lexer::plain`] takes it between tokens.
pub(crate) fn is_plain_space(b: u8) -> bool {
    CLASS[usize::from(b)] == 1
}

/// A byte of a plain word: printable ASCII, no delimiter, no full stop.
pub(crate) fn is_plain_word_byte(b: u8) -> bool {
    CLASS[usize::from(b)] == 2
}

impl<'a> Lexer<'a> {
    /// The two tokens most movetext is made of, read without the general
    /// machinery: an ASCII word starting with a letter (`Nf3`, `O-O`,
    /// `exd8=Q+`) and a move number with dots (`12.`, `12...`), each ended
    /// by an ASCII space or the end of the text. `None` (having moved past
    /// spaces only) for anything else.
    fn plain(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && is_plain_space(bytes[i]) {
            i += 1;
        }
        self.pos = i;
        let start = i;
        let first = *bytes.get(i)?;
        if first.is_ascii_alphabetic() {
            while i < bytes.len() && is_plain_word_byte(bytes[i]) {
                i += 1;
            }
            if i < bytes.len() && !is_plain_space(bytes[i]) {
                return None;
            }
            // Markdown's emphasis after a word (`e4**`) is the general
            // reading's to take off; no PGN move ends with it.
            if matches!(bytes[i - 1], b'*' | b'_') {
                return None;
            }
            // A position line, and a position in FEN (a word of fifteen
            // bytes at least), are the general path's to read.
            if i - start >= 15
                && fen::may_begin(&self.text[start..])
                && fen::fen_len(&self.text[start..]).is_some()
            {
                return None;
            }
            let word = &self.text[start..i];
            if matches!(word.len(), 3 | 8) && position::FIRST_WORDS.contains(&word) {
                return None;
            }
            // A diagram's row of squares is the general path's to read.
            if word.len() == 2 && grid::grid_line(&self.text[start..]).is_some() {
                return None;
            }
            self.pos = i;
            return Some(Token {
                tok: Tok::Word(word),
                offset: start,
            });
        }
        if first.is_ascii_digit() {
            let mut n: u32 = 0;
            while i < bytes.len() && bytes[i].is_ascii_digit() && i - start < 9 {
                n = n * 10 + u32::from(bytes[i] - b'0');
                i += 1;
            }
            let digits_end = i;
            while i < bytes.len() && bytes[i] == b'.' {
                i += 1;
            }
            // A digit after the dots, or a comma (`12....,`), is the general
            // path's to read.
            if i == digits_end
                || bytes
                    .get(i)
                    .is_some_and(|&b| b.is_ascii_digit() || b == b',')
            {
                return None;
            }
            self.pos = i;
            let dots = i - digits_end;
            let black = dots > 1 || self.black_dots_ahead();
            return Some(Token {
                tok: Tok::MoveNumber { number: n, black },
                offset: start,
            });
        }
        None
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let token = self.next_token()?;
        self.after_number = matches!(token.tok, Tok::MoveNumber { .. });
        if !matches!(token.tok, Tok::Tag { .. } | Tok::BrokenTag(_)) {
            self.in_movetext = true;
        }
        Some(token)
    }
}

impl<'a> Lexer<'a> {
    /// A `{` comment, `trimmed` the text from its `{`: to its `}`, or
    /// unterminated, to the end of the text.
    fn brace_comment(&mut self, trimmed: &'a str) -> Tok<'a> {
        let body = &trimmed[1..];
        match body.find('}') {
            Some(end) => {
                self.pos += end + 2;
                Tok::Comment(&body[..end])
            }
            None => {
                self.pos = self.text.len();
                Tok::UnterminatedComment(body)
            }
        }
    }

    fn next_token(&mut self) -> Option<Token<'a>> {
        if let Some(token) = self.plain() {
            return Some(token);
        }
        loop {
            self.skip_space();
            let trimmed = &self.text[self.pos..];
            let c = trimmed.chars().next()?;
            let offset = self.pos;
            let tok = match c {
                '%' if self.at_line_start() => {
                    self.pos += 1;
                    Tok::Escape(self.skip_line())
                }
                '{' => self.brace_comment(trimmed),
                // A diagram's row of square names: its board, not moves.
                'a'..='h'
                    if let Some(len) = grid::grid_line(trimmed)
                        && self.at_line_start_after_space(offset) =>
                {
                    self.pos += len;
                    Tok::Comment(&trimmed[..len])
                }
                'p' | 's' | 'f'
                    if self.at_line_start_after_space(offset)
                        && let Some((fen, len)) = position::position_line(trimmed) =>
                {
                    self.pos += len;
                    Tok::Position { fen }
                }
                // `Cf6;`, `fxe4; 4/ Cxe4;)`, `10. d4, bc; 11. dxe5`: a
                // semicolon glued to the word before it is a page's
                // separator, not a comment to the end of the line (which
                // would take the moves after it). So is one before a
                // numbered move: `e7-e6 ; 2.d2-d4`.
                ';' if self.text[..offset]
                    .chars()
                    .next_back()
                    .is_some_and(|c| !is_delimiter(c))
                    || numbered_move_next(&trimmed[1..]) =>
                {
                    self.pos += 1;
                    continue;
                }
                ';' => {
                    self.pos += 1;
                    Tok::Comment(self.skip_line())
                }
                // `(1-0)`, `[½-½]`: a result in brackets, as headings and
                // books write it.
                '(' | '[' if let Some((result, len)) = bracketed_result(trimmed) => {
                    self.pos += len;
                    Tok::Result(result)
                }
                '[' => self.bracket(offset, trimmed),
                ']' | '}' => {
                    self.pos += 1;
                    Tok::Word(&trimmed[..1])
                }
                '(' if trimmed.starts_with("(=)") => {
                    self.pos += 3;
                    Tok::DrawOffer
                }
                '(' => {
                    self.pos += 1;
                    Tok::Open
                }
                ')' => {
                    self.pos += 1;
                    Tok::Close
                }
                '$' => {
                    let digits = trimmed[1..].bytes().take_while(u8::is_ascii_digit).count();
                    self.pos += 1 + digits;
                    match trimmed[1..1 + digits].parse::<u8>() {
                        Ok(n) => Tok::Nag(n),
                        Err(_) => Tok::BadNag(&trimmed[..1 + digits]),
                    }
                }
                _ => match self.word() {
                    // A word after dots (`…e5`, `...Nf6`) starts where the
                    // dots end, not where they begin.
                    Some(Tok::Word(word)) => {
                        let offset = word.as_ptr() as usize - self.text.as_ptr() as usize;
                        // A position written as FEN (a diagram's): one
                        // token, the commentary's (its board is a word of
                        // fifteen bytes at least).
                        if word.len() >= 15
                            && fen::may_begin(word)
                            && let Some(len) = fen::fen_len(&self.text[offset..])
                        {
                            self.pos = offset + len;
                            let fen = &self.text[offset..offset + len];
                            return Some(Token {
                                tok: Tok::Comment(fen),
                                offset,
                            });
                        }
                        return Some(Token {
                            tok: Tok::Word(word),
                            offset,
                        });
                    }
                    Some(tok) => tok,
                    None => continue,
                },
            };
            return Some(Token { tok, offset });
        }
    }
}

mod fen;
mod grid;
mod position;
mod tags;
/// A result alone in brackets at the start of `text` (`(1-0)`, `[½-½]`,
/// `(1 - 0)`): the result and the bracketed text's length.
fn bracketed_result(text: &str) -> Option<(GameResult, usize)> {
    let close = match text.as_bytes()[0] {
        b'(' => ')',
        _ => ']',
    };
    // A result is short: the close is looked for within a few bytes, so
    // that a run of `(` costs no scan to the text's end each.
    let window = &text[1..text.floor_char_boundary(text.len().min(18))];
    let inner_len = window.find(close)?;
    let inner = text[1..1 + inner_len].trim();
    let result = GameResult::parse(inner).or_else(|| {
        let first = inner.find(char::is_whitespace)?;
        spaced_result(inner, first)
            .filter(|&(_, end)| end == inner.len())
            .map(|(r, _)| r)
    })?;
    Some((result, 1 + inner_len + 1))
}

/// A result typed with spaces around its sign (`1 - 0`, `½ – ½`, `1/2 :
/// 1/2`) at the start of `rest`, whose first word is `len` bytes: the
/// result and where it ends. Spaces and tabs only: a result is on one line.
fn spaced_result(rest: &str, len: usize) -> Option<(GameResult, usize)> {
    let first = &rest[..len];
    let after = &rest[len..];
    let gap = |s: &str| s.len() - s.trim_start_matches([' ', '\t']).len();
    let at = len + gap(after);
    let sign = rest[at..].chars().next()?;
    if !(sign == ':' || crate::vocab::signs::is_dash(sign)) {
        return None;
    }
    let at = at + sign.len_utf8();
    let at = at + gap(&rest[at..]);
    let second_len = rest[at..]
        .find(|c: char| c.is_whitespace())
        .unwrap_or(rest.len() - at);
    let second = &rest[at..at + second_len];
    if at == len + sign.len_utf8() || second.is_empty() || second.len() > 8 {
        return None;
    }
    let result = GameResult::parse(&format!("{first}{sign}{second}"))?;
    Some((result, at + second_len))
}

#[cfg(test)]
mod tests;
mod typed;

pub(crate) use tags::{plain_tag_at, tag_name_len};

use typed::{
    at_line_end, emphasis, full_width_number, glued_number_after_stop, number_glued_after_word,
    numbered_move_after_stop, numbered_move_next, typed_number_len,
};
