//! English descriptive moves written out in words, as old books print them
//! (`P. to K's 4th.`, `K. Kt. to B. 3rd`, `Q. takes P.`): the words of one
//! move read into the abbreviated form the grammar reads (`P-K4`, `KKt-B3`,
//! `QxP`). `Castles` is read as in the abbreviated form.

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
    let bare = word.trim_end_matches(['.', ',', ';', ':']);
    let bare = bare
        .strip_suffix("'s")
        .or_else(|| bare.strip_suffix("’s"))
        .unwrap_or(bare)
        .trim_end_matches('.');
    if let Some(letter) = LETTERS.iter().find(|l| **l == bare) {
        return Some(Part::Letter(letter));
    }
    let is = |w: &str| bare.eq_ignore_ascii_case(w);
    if is("her") {
        // The queen's own file, and the king's (`Q. to her 5th.`).
        Some(Part::Letter("Q"))
    } else if is("his") {
        Some(Part::Letter("K"))
    } else if is("to") {
        Some(Part::To)
    } else if is("takes") || is("tks") {
        Some(Part::Takes)
    } else {
        RANKS
            .iter()
            .find(|(name, _)| is(name))
            .map(|&(_, rank)| Part::Rank(rank))
    }
}

/// Whether `word` may begin a worded move: a piece's letter with a full
/// stop or a possessive (`P.`, `Kt.`, `K's`). (`Castles` and its side are
/// read as the abbreviated form's castling is.)
pub fn starts_move(word: &str) -> bool {
    matches!(part(word), Some(Part::Letter(_)))
        && word.len() > word.trim_end_matches(['.', 's', '\'', '’']).len()
}

/// A worded move read word by word: a piece (letters), `to` or `takes`,
/// then a square (letters and a rank) or the piece taken (letters).
pub struct Reading {
    piece: String,
    sign: Option<char>,
    target: String,
    done: bool,
}

impl Reading {
    /// A worded move begun with `word` ([`starts_move`]).
    pub fn new(word: &str) -> Option<Reading> {
        let mut reading = Reading {
            piece: String::new(),
            sign: None,
            target: String::new(),
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
        let Some(this) = part(next) else {
            return false;
        };
        match (this, self.sign) {
            (Part::Letter(l), None) if self.piece.len() < 6 => self.piece.push_str(l),
            (Part::To, None) => self.sign = Some('-'),
            (Part::Takes, None) => self.sign = Some('x'),
            (Part::Letter(l), Some('-')) if self.target.len() < 4 => self.target.push_str(l),
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

    /// The move in the abbreviated form, where its words made a whole one.
    pub fn abbreviated(&self) -> Option<String> {
        let sign = self.sign?;
        if self.target.is_empty() || (sign == '-' && !self.done) {
            return None;
        }
        Some(format!("{}{sign}{}", self.piece, self.target))
    }
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
