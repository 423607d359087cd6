//! What a line is to the splitter: blank, a tag, the start of a move
//! list; and, byte by byte, what it says about the comments, variations
//! and result a game's scan follows from line to line.

use crate::read::lexer::tag_name_len;
use crate::vocab::signs::is_invisible;

/// Where a game's scan is, across its lines.
#[derive(Default)]
pub(super) struct Scan {
    pub(super) in_comment: bool,
    pub(super) depth: u32,
    pub(super) movetext: bool,
    pub(super) ended: bool,
    /// A blank line came after movetext.
    pub(super) blank: bool,
    /// The game begins with a tag line.
    pub(super) tagged: bool,
    /// A line of the game began with a move number past 1, or went on
    /// after its result: a line that begins with `1.` after it, in a game
    /// with no tags, outside comments and variations, begins the next game
    /// (a page with several, numbered from 1 each).
    pub(super) numbered: bool,
    /// A line of the game began with a move number, or held one with a
    /// move after it. Until then the game with no tags is a page's prose
    /// before its moves, and a `1.` after a blank line begins its moves,
    /// not the next game.
    pub(super) moves_begun: bool,
    /// A blank line came inside the open comment: a tag line after it
    /// starts a new game (a `{` that was never closed must not take the
    /// games after it).
    pub(super) comment_blank: bool,
    /// A blank line came after the tags, before any movetext: a tag line
    /// after it that repeats a tag of the section starts a new game.
    pub(super) header_blank: bool,
    /// The game's result so far was a heading's ([`heading_line`]), read
    /// before any move: the game's moves come after it.
    pub(super) heading: bool,
    /// A blank line came after the game's moves began.
    pub(super) blank_after_moves: bool,
    /// In a game with no tags whose moves began, the paragraph being read, begun
    /// after a blank line, is a heading ([`crate::vocab::heading::heads_game`]:
    /// `BORD 1: Driessen – de Mas`): a `1.` anywhere in the line after it
    /// begins the next game (`Na 1. e4 e5, 2. Lc4 …`).
    pub(super) heading_paragraph: bool,
    /// The line before was blank.
    pub(super) after_blank: bool,
    /// A game of the input began with a heading with its result: results
    /// stand before their games, and such a heading after a game's moves
    /// begins the next game. Carried from game to game.
    pub(super) headings: bool,
    /// In a game with no tags, where its text after its result begins
    /// (in bytes of its lines, as [`Scan::size`]): the first line after the
    /// result that is not blank, while no move number has come after it.
    /// Before a tag section (the next game's), that text is no part of this
    /// game (see `super::split_after_result`).
    pub(super) after_result: Option<usize>,
    /// The bytes of the game's lines so far, and the most a game may hold
    /// ([`Scan::cut_for_size`]).
    pub(super) size: usize,
    pub(super) limit: usize,
    /// The names of the section's tags, gathered once a blank line came
    /// in the header (the only time they are asked for), so that each tag
    /// after it is looked up, not the header scanned again.
    header_names: Option<std::collections::HashSet<String>>,
}

impl Scan {
    /// A new game's scan, in an input whose games have (`headings`) their
    /// results in headings before them.
    pub(super) fn carrying(headings: bool, limit: usize) -> Scan {
        Scan {
            headings,
            limit,
            ..Scan::default()
        }
    }

    /// Whether the game may be cut at any line: no tags, no move numbers,
    /// outside comments and variations. Such text (UCI moves or SAN a game
    /// a line, with no results) is one game to the splitter, and the
    /// reader tells its games apart by the board; where it grows past the
    /// limit, a line begins the next piece ([`Scan::cut_for_size`]), so
    /// that the limit bounds each piece, not the run of games.
    pub(super) fn cuttable(&self) -> bool {
        !self.tagged && !self.moves_begun && !self.numbered && !self.in_comment && self.depth == 0
    }

    /// Whether the game, grown past the limit, is cut before its next line.
    #[inline]
    pub(super) fn cut_for_size(&self) -> bool {
        self.size > self.limit && self.cuttable()
    }

    /// Whether the tag line `line`, after a blank line in the header of
    /// `text` (the game so far), repeats a tag of its section; noted as
    /// one of them.
    pub(super) fn repeats_tag(&mut self, text: &str, line: &str) -> bool {
        let names = self.header_names.get_or_insert_with(|| {
            text.lines()
                .filter(|l| l.trim_start().starts_with('['))
                .map(|l| tag_name(l).to_owned())
                .collect()
        });
        let name = tag_name(line);
        !name.is_empty() && !names.insert(name.to_owned())
    }
}

/// Whether a line holds nothing but spaces.
pub(super) fn is_blank(line: &str) -> bool {
    match line
        .bytes()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
    {
        None => true,
        Some(b) if b < 0x80 => false,
        Some(_) => line.trim().is_empty(),
    }
}

/// Whether the move number a line begins with ([`numbered_move`]: a move
/// follows it, `2. e4`, `14... Rxe5`, `7) 0-0`, `3.... e5xd4`; not a
/// numbered heading, `67. Skozki leikurinn.`) is past 1.
#[inline]
pub(super) fn is_later(number: Option<&str>) -> bool {
    number.is_some_and(|n| n != "1")
}

/// Whether a line begins with move number 1 and a move (`1.`, `1 .`,
/// `1)`): not a line of a table (`1. Reddmann X 1 1 6`).
pub(super) fn starts_first_move(line: &str) -> bool {
    numbered_move(line, true) == Some("1") && !numbers_black(line)
}

/// Whether the move number a line begins with is Black's (`1...`, `1…`,
/// `1. ...`): a game from the start never begins with one, so such a line
/// goes on with the game before it.
fn numbers_black(line: &str) -> bool {
    let rest = line
        .trim_start_matches(|c: char| c.is_whitespace() || c == '|')
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let marks = rest.trim_start_matches(['.', '…', ' ', '\t']);
    let marks = &rest[..rest.len() - marks.len()];
    marks.contains('…') || marks.matches('.').count() >= 2
}

/// The first move number anywhere in a line with a move after it
/// (`Smith–Jones, 1. e4 e5`): where a word begins with digits (at the
/// line's start or after a space), as [`numbered_move`] reads it there.
/// Looked for only in a game with no tags until one is found, and in a
/// line after a game's result.
pub(super) fn numbered_move_in(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    (0..bytes.len())
        .filter(|&i| {
            bytes[i].is_ascii_digit() && (i == 0 || bytes[i - 1] == b' ' || bytes[i - 1] == b'\t')
        })
        .find_map(|i| numbered_move(&line[i..], false))
}

/// The move number a line begins with, where a move follows it, or (where
/// `alone`) nothing does (the move on the next line). A move is told by
/// its shape alone: a word with a rank digit in it, castling, or a move
/// written out in words (`P. to K's 4th.`, as old books print them). A
/// table's cell borders around the number are spaces to it (`| 1. | e4 |`).
#[inline]
pub(super) fn numbered_move(line: &str, alone: bool) -> Option<&str> {
    let rest = line.trim_start_matches(|c: char| c.is_whitespace() || c == '|');
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || rest.starts_with('0') {
        return None;
    }
    let after = rest[digits..].trim_start();
    if !after.starts_with(['.', ')', '…']) {
        return None;
    }
    let moves = after.trim_start_matches(['.', ')', '…', ' ', '\t', '|']);
    let word = moves.split(char::is_whitespace).next().unwrap_or("");
    // A word of digits is a move only as castling or ICCF's (`5254`): a
    // date's rest is none (`01.1999` of `20.01.1999`).
    let date = word.starts_with(|c: char| c.is_ascii_digit())
        && !(matches!(word.len(), 4 | 5) && word.bytes().all(|b| matches!(b, b'1'..=b'8')))
        && !word.contains(['-', '–', '—']);
    let is_move = (alone && word.is_empty())
        || !date && word.bytes().any(|b| matches!(b, b'1'..=b'8'))
        || word.starts_with(['0', 'O', 'o']) && word.contains(['-', '–', '—'])
        || crate::notation::descriptive::words::opens_worded_move(moves);
    is_move.then_some(&rest[..digits])
}

/// Whether a line is a tag pair `[Name "value"]` (ignoring what follows).
pub(super) fn is_tag_line(line: &str) -> bool {
    // The usual form, `[Name "`, told at once.
    if let [b'[', rest @ ..] = line.as_bytes() {
        let name = tag_name_len(rest);
        if name > 0 && rest.get(name..name + 2) == Some(b" \"") {
            return true;
        }
    }
    let Some(rest) = trim_start(line).strip_prefix('[') else {
        return false;
    };
    let rest = trim_start(rest);
    let name = tag_name_len(rest.as_bytes());
    name > 0 && trim_start(&rest[name..]).starts_with('"')
}

/// What follows the tag pairs a tag line begins with (`[White "A"]
/// [Black "B"] 1. e4 e5 1-0`: `1. e4 e5 1-0`, a web page's game on one
/// line), from the first byte that is not part of a whole tag pair; empty
/// where the pairs fill the line, or where the line begins with no whole
/// pair (`[White "a]`: a broken tag, not movetext). A value's `\"` and
/// `\\` are escapes.
pub(super) fn after_tags(line: &str) -> &str {
    let start = trim_start(line);
    let mut rest = start;
    while let Some(inner) = rest.strip_prefix('[') {
        let inner = trim_start(inner);
        let name = tag_name_len(inner.as_bytes());
        let Some(value) = trim_start(&inner[name..]).strip_prefix('"') else {
            break;
        };
        let Some(end) = closing_quote(value) else {
            break;
        };
        let Some(after) = trim_start(&value[end + 1..]).strip_prefix(']') else {
            break;
        };
        if name == 0 {
            break;
        }
        rest = trim_start(after);
    }
    if rest.len() == start.len() { "" } else { rest }
}

/// Where the `"` that closes a tag's value is in `value` (the text after
/// its opening quote), past its escapes.
fn closing_quote(value: &str) -> Option<usize> {
    let bytes = value.as_bytes();
    let mut at = 0;
    while let Some(found) = memchr::memchr2(b'"', b'\\', &bytes[at..]) {
        let i = at + found;
        if bytes[i] == b'"' {
            return Some(i);
        }
        at = i + 2;
        if at >= bytes.len() {
            return None;
        }
    }
    None
}

/// Whether a line starting with `[` is a tag pair whose value lost its
/// quotes (`[NoQuote abc]`, `[Event]`): a name, then a space or the `]`
/// that ends the line. Before the movetext, such a line is a broken tag,
/// not an aside (for the lexer as for the splitter).
pub(crate) fn looks_like_bare_tag(line: &str) -> bool {
    let line = line.lines().next().unwrap_or("").trim();
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start();
    let name = tag_name_len(rest.as_bytes());
    name > 0
        && rest.as_bytes()[0].is_ascii_alphabetic()
        && line.ends_with(']')
        && matches!(rest.as_bytes().get(name), Some(b' ' | b'\t' | b']'))
}

/// The name of the tag on a tag line.
fn tag_name(line: &str) -> &str {
    let rest = trim_start(trim_start(line).strip_prefix('[').unwrap_or(""));
    &rest[..tag_name_len(rest.as_bytes())]
}

/// `str::trim_start`, and the control and invisible characters the lexer
/// reads as spaces (a NUL, the zeros of a UTF-16 block before the line);
/// ASCII looked at byte by byte.
#[inline]
fn trim_start(text: &str) -> &str {
    let spaces = text
        .bytes()
        .position(|b| !(b.is_ascii_whitespace() || b < 0x20 || b == 0x7f))
        .unwrap_or(text.len());
    let rest = &text[spaces..];
    match rest.as_bytes().first() {
        Some(&b) if b >= 0x80 => {
            let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || is_invisible(c));
            if rest.len() < text.len() - spaces {
                trim_start(rest)
            } else {
                rest
            }
        }
        _ => rest,
    }
}

/// What a byte is to [`classify`], as bits: [`SPACE`], [`BRACKET`] (a
/// bracket or `;`), [`SIGN`] (`-` `/` `:`), [`AFTER_SIGN`] (what comes
/// after the sign in a result: `0` `1` `2`, the first byte of `½`) and
/// [`STAR`]; every byte but a space is also [`TEXT`], and a byte outside
/// ASCII or a vertical tab (blank to [`is_blank`]) also [`ODD`].
const BYTE_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0c => SPACE,
            b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' => BRACKET | TEXT,
            b'-' | b'/' | b':' => SIGN | TEXT,
            b'0' | b'1' | b'2' => AFTER_SIGN | TEXT,
            0xc2 => AFTER_SIGN | TEXT | ODD,
            b'*' => STAR | TEXT,
            0x0b | 0x80..=0xff => TEXT | ODD,
            _ => TEXT,
        };
        b += 1;
    }
    class
};
const SPACE: u8 = 1;
pub(super) const BRACKET: u8 = 2;
const SIGN: u8 = 4;
/// `SIGN << 1`: a byte of this class right after a sign makes a pair.
const AFTER_SIGN: u8 = 8;
const STAR: u8 = 16;
/// Any byte but a space.
pub(super) const TEXT: u8 = 32;
/// A byte for which [`super::take_plain`] asks [`is_blank`] whether the
/// line is blank (it may be all Unicode spaces).
pub(super) const ODD: u8 = 64;

/// Every byte's class of `bytes`, or-ed, and of sign-then-digit pairs,
/// the digit's class: one pass over a line tells most of what the
/// splitter needs.
#[inline]
pub(super) fn classify(bytes: &[u8]) -> (u8, u8) {
    let mut classes = 0u8;
    let mut pairs = 0u8;
    let mut previous = 0u8;
    for &b in bytes {
        let class = BYTE_CLASS[usize::from(b)];
        classes |= class;
        pairs |= (previous << 1) & class;
        previous = class;
    }
    (classes, pairs)
}

impl Scan {
    /// Most lines hold moves and numbers only: no comment, variation or
    /// `;` to track, and no result. Such a line is told apart in one pass
    /// over its bytes; a line that may hold a result (a `*`, or a sign
    /// followed by what follows it in `1-0`, `0-1`, `1/2-1/2`, `½-½`,
    /// `1:0`, but not in `O-O`, `e2-e4` or `e4:d5`) has its words looked
    /// at. Returns `true` for a line without brackets or `;`, `false` for
    /// one with them (left to [`Scan::line`]).
    fn plain_line(&mut self, line: &str) -> bool {
        let (classes, pairs) = classify(line.as_bytes());
        if classes & BRACKET != 0 {
            return false;
        }
        self.plain_classified(line, classes, pairs);
        true
    }

    /// [`Scan::plain_line`] for a line without brackets or `;`, its bytes
    /// already classified.
    pub(super) fn plain_classified(&mut self, line: &str, classes: u8, pairs: u8) {
        if classes & TEXT != 0 {
            self.movetext = true;
        }
        if pairs & AFTER_SIGN == 0 && classes & STAR == 0 {
            return;
        }
        // Every result is a `*` or has a sign followed by a digit (or
        // `½`): only the words around those are looked at.
        let bytes = line.as_bytes();
        let is_space = |b: u8| BYTE_CLASS[usize::from(b)] == SPACE;
        let is_mark = |at: &usize| {
            bytes[*at] == b'*'
                || bytes
                    .get(at + 1)
                    .is_some_and(|&b| BYTE_CLASS[usize::from(b)] & AFTER_SIGN != 0)
        };
        // Each word once, however many marks it holds (`****…`): the marks
        // of each pass come in order, and a word looked at is skipped.
        let (mut ended, mut words) = (false, false);
        let mut look = |marks: &mut dyn Iterator<Item = usize>| {
            let mut looked_at = 0;
            for at in marks.filter(is_mark) {
                if at < looked_at {
                    continue;
                }
                let start = bytes[..at]
                    .iter()
                    .rposition(|&b| is_space(b))
                    .map_or(0, |i| i + 1);
                let end = bytes[at..]
                    .iter()
                    .position(|&b| is_space(b))
                    .map_or(bytes.len(), |i| at + i);
                looked_at = end;
                words = true;
                ended |= self.depth == 0
                    && is_result(&line[start..end])
                    && self.result_ends(&line[end..]);
            }
        };
        look(&mut memchr::memchr3_iter(b'-', b'/', b'*', bytes));
        look(&mut memchr::memchr_iter(b':', bytes));
        self.movetext |= words;
        self.ended |= ended;
    }

    pub(super) fn line(&mut self, line: &str) {
        if !self.in_comment && self.plain_line(line) {
            return;
        }
        let mut word_start: Option<usize> = None;
        let bytes = line.as_bytes();
        let mut i = 0;
        while i <= bytes.len() {
            let b = bytes.get(i).copied().unwrap_or(b' ');
            if self.in_comment {
                if b == b'}' {
                    self.in_comment = false;
                }
                i += 1;
                continue;
            }
            let delimiter = b.is_ascii_whitespace()
                || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']');
            if delimiter {
                if let Some(start) = word_start.take() {
                    self.word(&line[start..i], &line[i.min(line.len())..]);
                }
                match b {
                    b'{' => self.in_comment = true,
                    b'(' => self.depth += 1,
                    b')' => self.depth = self.depth.saturating_sub(1),
                    b';' => return,
                    _ => {}
                }
            } else if word_start.is_none() {
                word_start = Some(i);
            }
            i += 1;
        }
        // A line of movetext that ends with a tag pair (`… 1-0 [Event
        // "B"]`: a database's games run together) begins a tag section:
        // the tag lines after it are its, the moves after them its game's,
        // and the reader cuts the text where the tag stands.
        if !self.in_comment && self.depth == 0 && ends_with_tag(line) {
            *self = Scan {
                tagged: true,
                headings: self.headings,
                size: self.size,
                limit: self.limit,
                ..Scan::default()
            };
        }
    }

    /// Notes `word`, and `after` it the rest of its line.
    fn word(&mut self, word: &str, after: &str) {
        self.movetext = true;
        if self.depth == 0 && is_result(word) && self.result_ends(after) {
            self.ended = true;
        }
    }

    /// Whether a result with `after` it on its line ends the game: in a
    /// game with no tags and no move number yet, a result with words after
    /// it is a sentence's score (`had won their last game 1-0 in Oslo`),
    /// the page's prose before its game.
    fn result_ends(&self, after: &str) -> bool {
        self.tagged || self.moves_begun || after.trim().is_empty()
    }
}

/// The words that part two players' names in a heading (`Carlsen -
/// Nakamura`, `Стейниц — Чигорин`, `Kasparov vs. Short`).
const BETWEEN_NAMES: &[&str] = &[
    "-", "\u{2013}", "\u{2014}", "vs", "vs.", "v", "v.", "\u{2212}",
];

/// Whether `line` is a heading with a result (`Carlsen - Nakamura 1-0`,
/// `Стейниц — Чигорин, Гавана 1892 1:0`): two names apart by a dash or
/// `vs` ([`BETWEEN_NAMES`]), then a result, and nothing among the words
/// like a move (a square, castling). A line that says how the game ended
/// (`Black resigned 1-0`) names no two players.
pub(super) fn heading_line(line: &str) -> bool {
    let line = line.trim_end();
    let Some((words, last)) = line.rsplit_once(char::is_whitespace) else {
        return false;
    };
    let bytes = words.as_bytes();
    let square = bytes
        .windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]));
    let mut names = words.split_whitespace();
    let first = names.next().is_some_and(|w| !BETWEEN_NAMES.contains(&w));
    let apart = names.any(|w| BETWEEN_NAMES.contains(&w.to_lowercase().as_str()));
    first && apart && !square && !words.contains("-O") && !words.contains("0-0") && is_result(last)
}

/// Whether `line` ends with a tag pair (`… 1-0 [Event "B"]`).
fn ends_with_tag(line: &str) -> bool {
    let line = line.trim_end();
    line.ends_with("\"]") && line.rfind('[').is_some_and(|at| is_tag_line(&line[at..]))
}

/// Whether a word is a game's result.
fn is_result(word: &str) -> bool {
    matches!(word.as_bytes()[0], b'0' | b'1' | b'*' | 0xc2)
        && crate::vocab::result::GameResult::parse(word).is_some()
}
