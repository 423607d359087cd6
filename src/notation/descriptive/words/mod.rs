//! English descriptive moves written out in words, as old books print them
//! (`P. to K's 4th.`, `K. Kt. to B. 3rd`, `Q. takes P.`): the words of one
//! move read into the abbreviated form the grammar reads (`P-K4`, `KKt-B3`,
//! `QxP`). `Castles` is read as in the abbreviated form, its side written
//! out after it (`Castles on Q's side.`, `Castles (Q. R.)`) too.

use shakmaty::CastlingSide;

/// One word of a worded move, its full stops, commas and possessive
/// (`K's`, `K’s`) left off, and what it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A piece or a side's letter as written (`K`, `Q`, `R`, `B`, `Kt`,
    /// `N`, `P`).
    Letter(&'static str),
    /// `to`: a move to an empty square.
    To,
    /// `takes`: a capture.
    Takes,
    /// A rank, counted from the mover's side (`4th`, `3d`, `sq.` = 1).
    Rank(u8),
    /// `his`, `her`: the mover's own file (`K. B. to his sq.` = `KB1`,
    /// `Q. to her 2d.` = `Q2`).
    Own,
    /// `queens`: a pawn goes to the last rank and becomes a queen (`P.
    /// queens.`, `R. P. "Queens"`).
    Queens,
    /// `checks`: the piece's move that gives check, its square unwritten
    /// (`K. B. checks.`).
    Checks,
    /// `mates`, `checkmates`: the piece's move that mates (`Kt. mates.`).
    Mates,
    /// `moves`: the piece's move, its square unwritten (`K. moves.`).
    Moves,
    /// `interposes`: the piece's move that stops the check (`Q. B.
    /// interposes.`).
    Interposes,
    /// `doubled`: the pawn taken is doubled (`Q. takes doubled P.`).
    Doubled,
    /// `one`: a pawn's step of one square (`P. one, becoming a Queen.`).
    One,
}

/// The letters a worded move's pieces and sides are written with.
const LETTERS: [&str; 8] = ["K", "Q", "R", "B", "Kt", "N", "P", "KKt"];

/// The ordinals of the ranks as books print them.
const RANKS: [(&str, u8); 17] = [
    ("1st", 1),
    ("sq", 1),
    ("square", 1),
    ("2d", 2),
    ("2nd", 2),
    ("3d", 3),
    ("3rd", 3),
    ("4th", 4),
    ("5th", 5),
    ("6th", 6),
    ("7th", 7),
    ("8th", 8),
    ("first", 1),
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
];

/// What `word` is in a worded move, if anything.
fn part(word: &str) -> Option<Part> {
    let bare = bare_word(unquoted(word));
    if let Some(letter) = LETTERS.iter().find(|l| **l == bare) {
        return Some(Part::Letter(letter));
    }
    named(&PART_WORDS, bare).or_else(|| named(&RANKS, bare).map(Part::Rank))
}

/// The words of a worded move other than letters and ranks.
const PART_WORDS: [(&str, Part); 13] = [
    ("her", Part::Own),
    ("his", Part::Own),
    ("to", Part::To),
    ("takes", Part::Takes),
    ("tks", Part::Takes),
    ("queens", Part::Queens),
    ("checks", Part::Checks),
    ("mates", Part::Mates),
    ("checkmates", Part::Mates),
    ("moves", Part::Moves),
    ("interposes", Part::Interposes),
    ("doubled", Part::Doubled),
    ("one", Part::One),
];

/// Whether `word` may begin a worded move: a piece's letter with a full
/// stop or a possessive (`P.`, `Kt.`, `K's`). (`Castles` and its side are
/// read as the abbreviated form's castling is.)
pub fn starts_move(word: &str) -> bool {
    matches!(part(word), Some(Part::Letter(_)))
        && word.len() > word.trim_end_matches(['.', 's', '\'', '’']).len()
}

/// Whether `word`, then `next`, begin a worded move whose piece letter has
/// no full stop (`B takes B. P.`, `Kt to B's 3d`): a piece's letter, then
/// `to` or `takes`.
pub fn starts_move_unstopped(word: &str, next: &str) -> bool {
    matches!(part(word), Some(Part::Letter(_)))
        && matches!(part(next), Some(Part::To | Part::Takes))
}

/// A worded move read word by word: a piece (letters), `to` or `takes`,
/// then a square (letters and a rank) or the piece taken (letters).
#[derive(Clone)]
pub struct Reading {
    piece: String,
    /// `-`, `x`; for a move whose square is unwritten, `+` (`checks`),
    /// `#` (`mates`), `m` (`moves`), `i` (`interposes`), `o` (a pawn's
    /// `one`).
    sign: Option<char>,
    /// The pawn taken is doubled (`takes doubled P.`).
    doubled: bool,
    target: String,
    /// The piece a pawn becomes (`Q`), written out (`P. queens.`, `P. to
    /// R's 8th. (2d Q.)`, `P. takes R., becoming a Q.`).
    promotion: Option<&'static str>,
    /// A pawn's capture in passing, said in words after it (`in passing`).
    en_passant: bool,
    /// A move glyph printed on the move's last word (`5th.?`, `3d.!`).
    glyph: &'static str,
    done: bool,
}

/// The move glyphs a book prints on a move's last word, longest first.
const GLYPHS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];

impl Reading {
    /// A worded move begun with `word` ([`starts_move`]).
    pub fn new(word: &str) -> Option<Reading> {
        let mut reading = Reading {
            piece: String::new(),
            sign: None,
            doubled: false,
            target: String::new(),
            promotion: None,
            en_passant: false,
            glyph: "",
            done: false,
        };
        match part(word)? {
            Part::Letter(l) => reading.piece.push_str(l),
            _ => return None,
        }
        Some(reading)
    }

    /// Takes `next` where it goes on with the move (and `after` does not
    /// show it to begin the next one); false, taking nothing, where not.
    pub fn take(&mut self, next: &str, after: Option<&str>) -> bool {
        if self.done {
            return false;
        }
        let glyph = GLYPHS.iter().find(|g| next.ends_with(*g));
        if let Some(glyph) = glyph {
            // A glyph ends the move: on the word that does.
            let mut ended = self.clone();
            if !(ended.take(&next[..next.len() - glyph.len()], None) && ended.done) {
                return false;
            }
            ended.glyph = glyph;
            *self = ended;
            return true;
        }
        let Some(this) = part(next) else {
            return false;
        };
        match (this, self.sign) {
            (Part::Letter(l), None) if self.piece.len() < 6 => self.piece.push_str(l),
            (Part::To, None) => self.sign = Some('-'),
            (Part::Takes, None) => self.sign = Some('x'),
            // What the move does, its square unwritten.
            (Part::Checks | Part::Mates | Part::Moves | Part::Interposes, None) => {
                self.sign = Some(match this {
                    Part::Checks => '+',
                    Part::Mates => '#',
                    Part::Moves => 'm',
                    _ => 'i',
                });
                self.done = true;
            }
            (Part::One, None) if self.piece.ends_with('P') => {
                self.sign = Some('o');
                self.done = true;
            }
            (Part::Doubled, Some('x')) if self.target.is_empty() && !self.doubled => {
                self.doubled = true;
            }
            (Part::Queens, None) if self.piece.ends_with('P') => {
                self.sign = Some('-');
                self.target.push('8');
                self.promotion = Some("Q");
                self.done = true;
            }
            (Part::Letter(l), Some('-')) if self.target.len() < 4 => self.target.push_str(l),
            // A pawn's own file is not in its name.
            (Part::Own, Some('-')) if self.target.is_empty() && !self.piece.contains('P') => {
                self.target = self.piece.clone();
            }
            (Part::Rank(rank), Some('-')) if !self.target.is_empty() => {
                self.target.push(char::from(b'0' + rank));
                self.done = true;
            }
            // The piece taken: a pawn or a piece ends it, but for a letter
            // that is the first of the next move (`B. takes Kt.` then
            // `P. to …`).
            (Part::Letter(l), Some('x')) if self.target.len() < 5 => {
                if !self.target.is_empty()
                    && after.is_some_and(|a| matches!(part(a), Some(Part::To | Part::Takes)))
                {
                    return false;
                }
                self.target.push_str(l);
                self.done =
                    l == "P" || after.is_none_or(|a| !matches!(part(a), Some(Part::Letter(_))));
            }
            _ => return false,
        }
        true
    }

    /// Takes the square the piece stands on, written in brackets after it
    /// (see [`origin_after`]), before its `to` or `takes`.
    pub fn take_origin(&mut self, square: &str) -> bool {
        if self.done || self.sign.is_some() || self.piece.contains('(') {
            return false;
        }
        self.piece.push('(');
        self.piece.push_str(square);
        self.piece.push(')');
        true
    }

    /// Takes a rank printed as a bare number (`Q. B. 4`), where the move's
    /// square wants it; false, taking nothing, where not.
    pub fn take_rank_number(&mut self, number: u32) -> bool {
        let wants = !self.done && self.sign == Some('-') && !self.target.is_empty();
        match u8::try_from(number) {
            Ok(rank @ 1..=8) if wants => {
                self.target.push(char::from(b'0' + rank));
                self.done = true;
                true
            }
            _ => false,
        }
    }

    /// Takes the piece a pawn becomes, written after its move (see
    /// [`promotion_after`]), where the move is a pawn's whole move to the
    /// last rank or a capture (whose rank the piece taken does not say).
    pub fn take_promotion(&mut self, piece: &'static str) -> bool {
        let last_rank = match self.sign {
            Some('-') => self.target.ends_with('8'),
            // A capture, or a step, whose rank is not written.
            Some('x' | 'o') => true,
            _ => false,
        };
        if !self.done || self.promotion.is_some() || !self.piece.ends_with('P') || !last_rank {
            return false;
        }
        self.promotion = Some(piece);
        true
    }

    /// Takes a capture in passing said after the move (see
    /// [`en_passant_after`]), where the move is a pawn's whole capture.
    pub fn take_en_passant(&mut self) -> bool {
        let capture = self.done && self.sign == Some('x') && self.piece.ends_with('P');
        self.en_passant |= capture;
        capture
    }

    /// What a move begun with a piece and `to` or `takes` lacks, where its
    /// words stop short of a whole move (`Q. R. to Q.`: its `rank`); `None`
    /// where they make one, or never began one (no `to` or `takes`).
    pub fn lacks(&self) -> Option<&'static str> {
        match self.sign {
            Some('-') if self.target.is_empty() => Some("square"),
            Some('-') if !self.done => Some("rank"),
            Some('x') if self.target.is_empty() => Some("piece taken"),
            _ => None,
        }
    }

    /// The move in the abbreviated form, where its words made a whole one.
    pub fn abbreviated(&self) -> Option<String> {
        let sign = self.sign?;
        let unwritten = match sign {
            '+' => "checks",
            '#' => "mates",
            'm' => "moves",
            'i' => "interposes",
            'o' => "one",
            _ => "",
        };
        let promotion = self.promotion.map_or(String::new(), |p| format!("={p}"));
        if !unwritten.is_empty() {
            return Some(format!(
                "{} {unwritten}{promotion}{}",
                self.piece, self.glyph
            ));
        }
        if self.target.is_empty() || (sign == '-' && !self.done) {
            return None;
        }
        let en_passant = if self.en_passant { " e.p." } else { "" };
        let doubled = if self.doubled { "doubled " } else { "" };
        Some(format!(
            "{}{sign}{doubled}{}{promotion}{en_passant}{}",
            self.piece, self.target, self.glyph
        ))
    }
}

/// How old books say a pawn took in passing, after its capture.
const IN_PASSING: [&[&str]; 3] = [
    &["in", "passing"],
    &["en", "passant"],
    &["(", "in", "passing", ")"],
];

/// How many of the items after a pawn's capture (brackets as `(` and
/// `)`) say it took in passing: `in passing.`, `(in passing).`, `en
/// passant.`.
pub fn en_passant_after(after: &[&str]) -> Option<usize> {
    let said = |words: &[&str]| {
        words.len() <= after.len()
            && words
                .iter()
                .zip(after)
                .all(|(w, a)| bare_word(a).eq_ignore_ascii_case(w) || w == a)
    };
    IN_PASSING
        .iter()
        .find(|words| said(words))
        .map(|words| words.len())
}

/// The pieces a pawn may become, as written out, and their letters.
const PROMOTED: [(&str, &str); 9] = [
    ("Q", "Q"),
    ("Queen", "Q"),
    ("R", "R"),
    ("Rook", "R"),
    ("B", "B"),
    ("Bishop", "B"),
    ("Kt", "Kt"),
    ("N", "N"),
    ("Knight", "Kt"),
];

/// The piece a pawn becomes, written out in words after its move, from
/// the items after it, brackets as `(` and `)`: `becoming a Q.`, `becomes a Queen`,
/// `(becoming a Queen.)`, `(2d Q.)` (a second queen), `(Q.)`; its letter
/// and how many items it takes.
pub fn promotion_after(after: &[&str]) -> Option<(&'static str, usize)> {
    let bare = |i: usize| after.get(i).map(|w| bare_word(w));
    let is = |i: usize, word: &str| bare(i).is_some_and(|w| w.eq_ignore_ascii_case(word));
    let bracket = after.first() == Some(&"(");
    let mut i = usize::from(bracket);
    if is(i, "becoming") || is(i, "becomes") {
        i += 1;
        i += usize::from(is(i, "a") || is(i, "an"));
    } else if !bracket {
        return None;
    } else if matches!(bare(i).map(part), Some(Some(Part::Rank(_)))) {
        // An ordinal: the pawn makes the side's second queen.
        i += 1;
    }
    let letter = bare(i).and_then(|w| named(&PROMOTED, w))?;
    i += 1;
    if bracket {
        (after.get(i) == Some(&")")).then_some(())?;
        i += 1;
    }
    Some((letter, i))
}

/// The square a worded move's piece stands on, written in brackets after
/// it, from the items after the piece, brackets as `(` and `)`: `(B.
/// sq.)` in `R. (B. sq.) to B's 2d.`, `(K. Kt's 3d.)`; the square in the
/// abbreviated form (`B1`, `KKt3`) and how many items it takes.
pub fn origin_after(after: &[&str]) -> Option<(String, usize)> {
    if after.first() != Some(&"(") {
        return None;
    }
    let mut square = String::new();
    let mut i = 1;
    while let Some(Part::Letter(letter)) = after.get(i).and_then(|w| part(w)) {
        if square.len() >= 4 || letter == "P" {
            return None;
        }
        square.push_str(letter);
        i += 1;
    }
    let Some(Part::Rank(rank)) = after.get(i).and_then(|w| part(w)) else {
        return None;
    };
    if square.is_empty() || after.get(i + 1) != Some(&")") {
        return None;
    }
    square.push(char::from(b'0' + rank));
    Some((square, i + 2))
}

/// What a table of names gives for `word`, its case aside.
fn named<T: Copy>(table: &[(&str, T)], word: &str) -> Option<T> {
    table
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|&(_, value)| value)
}

/// Words that lead to a castling's side written out (`on K's side`, `with
/// the Q. R.`).
const CASTLING_LEADS: [&str; 3] = ["on", "with", "the"];

/// The sides' names (possessive and full stops aside).
const CASTLING_SIDES: [(&str, CastlingSide); 4] = [
    ("K", CastlingSide::KingSide),
    ("Q", CastlingSide::QueenSide),
    ("king", CastlingSide::KingSide),
    ("queen", CastlingSide::QueenSide),
];

/// What may follow a side's name: its rook, or `side`.
const CASTLING_ENDS: [&str; 3] = ["R", "rook", "side"];

/// The side of a castling written out in words after `Castles`, from the
/// items after it, brackets as `(` and `)`: `on K's side.`, `on the Q's
/// side`, `(Q. R.)`, `with K. R.`; the side and how many items it takes. A
/// side's rook alone (`K. R.`) is no side where a move goes on from it
/// (`K. R. to K's sq.`). After `Castles.` (`stopped`, its full stop
/// ending the move) only words that end with `side` are its side
/// (`Castles. Q. side.`).
pub fn castling_side(after: &[&str], stopped: bool) -> Option<(CastlingSide, usize)> {
    let bare = |i: usize| after.get(i).map(|w| bare_word(w));
    let is = |i: usize, words: &[&str]| {
        bare(i).is_some_and(|w| words.iter().any(|x| x.eq_ignore_ascii_case(w)))
    };
    let bracket = after.first() == Some(&"(");
    let mut i = usize::from(bracket);
    let lead = i;
    while i < lead + 2 && is(i, &CASTLING_LEADS) {
        i += 1;
    }
    let led = i > lead;
    let side = bare(i).and_then(|w| named(&CASTLING_SIDES, w))?;
    i += 1;
    let ended = is(i, &CASTLING_ENDS);
    if stopped && !is(i, &["side"]) {
        return None;
    }
    i += usize::from(ended);
    if bracket {
        (after.get(i) == Some(&")")).then_some(())?;
        i += 1;
    } else if !led
        && (!ended
            || matches!(
                part(after.get(i).unwrap_or(&"")),
                Some(Part::To | Part::Takes)
            ))
    {
        return None;
    }
    Some((side, i))
}

/// A word out of its quotation marks (`"Queens."`).
fn unquoted(word: &str) -> &str {
    // `“` begins with the byte 0xE2, `”` ends with 0x9D.
    let quoted = matches!(word.as_bytes().first(), Some(b'"' | 0xE2))
        || matches!(word.as_bytes().last(), Some(b'"' | 0x9D));
    match quoted {
        true => word.trim_matches(['"', '“', '”']),
        false => word,
    }
}

/// A word with its trailing stops and its possessive left off (`K's`,
/// `Q'S` in capitals: `K`, `Q`).
fn bare_word(word: &str) -> &str {
    let bare = word.trim_end_matches(['.', ',', ';', ':']);
    ["'s", "’s", "'S", "’S"]
        .iter()
        .find_map(|s| bare.strip_suffix(s))
        .unwrap_or(bare)
        .trim_end_matches('.')
}

/// How many piece letters a worded move's piece may be named with before
/// its `to` or `takes` (`Q. B. P. takes P.`, `K's Kt. to B's 3d.`).
const NAMING_WORDS: usize = 4;

/// Whether `text` begins with a worded move: a piece's letter with a full
/// stop or a possessive ([`starts_move`]), more letters, then `to` or
/// `takes` (`P. to K's 4th.`, `K. Kt. to B's 3d.`, `Q. B. P. takes P.`).
/// A line's shape alone, as the splitter tells a numbered move by it.
pub fn opens_worded_move(text: &str) -> bool {
    let mut words = text.split_whitespace();
    if !words.next().is_some_and(starts_move) {
        return false;
    }
    for word in words.take(NAMING_WORDS) {
        match part(word) {
            Some(Part::Letter(_)) => {}
            Some(Part::To | Part::Takes) => return true,
            _ => return false,
        }
    }
    false
}

/// Whether `word`, then `next`, read as the start of a worded move (`P.`
/// or `1.P.` then `to`): the telling sign of a game in words.
pub fn begins_worded(word: &str, next: &str) -> bool {
    matches!(next, "to" | "takes")
        && starts_move(
            word.trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches('.'),
        )
}

#[cfg(test)]
mod tests;
