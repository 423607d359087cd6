//! Reading descriptive text: the words of each language, and the grammar.

use shakmaty::{CastlingSide, Role};

use super::{
    DescCheck, DescError, DescMove, DescSquare, DescTarget, Descriptive, FileName, Lang, PieceSpec,
    Wing,
};
use crate::vocab::signs::{EN_PASSANT_MARKS, castling_sign, glyph_nag, is_dash};

/// The words of one language.
struct Words {
    /// Piece letters (the longest match is taken).
    pieces: &'static [(&'static str, Role)],
    /// File names (the longest match is taken).
    files: &'static [(&'static str, FileName)],
    /// The letters for the king's and the queen's side.
    wings: [(&'static str, Wing); 2],
    /// Squares are written rank first (`4R`), a side after the piece
    /// (`TR`) and a pawn's file after the `P` (`PD`).
    rank_first: bool,
    /// A dot may stand between the piece and the square (`P.4D`).
    dot: bool,
    captures: &'static [&'static str],
    /// Check words, lower case without spaces or dots.
    checks: &'static [(&'static str, DescCheck)],
    /// Castling words, lower case, longest first: with the side, or
    /// `None` where the words leave it to the board (`Castles`).
    castles: &'static [(&'static str, Option<CastlingSide>)],
}

const ENGLISH: Words = Words {
    pieces: &[
        ("K", Role::King),
        ("Q", Role::Queen),
        ("R", Role::Rook),
        ("B", Role::Bishop),
        ("N", Role::Knight),
        ("Kt", Role::Knight),
        ("P", Role::Pawn),
    ],
    files: &[
        ("QR", FileName::QR),
        ("QN", FileName::QN),
        ("QKt", FileName::QN),
        ("QB", FileName::QB),
        ("Q", FileName::Q),
        ("K", FileName::K),
        ("KB", FileName::KB),
        ("KN", FileName::KN),
        ("KKt", FileName::KN),
        ("KR", FileName::KR),
        ("R", FileName::R),
        ("N", FileName::N),
        ("Kt", FileName::N),
        ("B", FileName::B),
    ],
    wings: [("K", Wing::King), ("Q", Wing::Queen)],
    rank_first: false,
    dot: false,
    captures: &["x", "×", ":"],
    checks: &[
        ("ch", DescCheck::Check),
        ("check", DescCheck::Check),
        ("+", DescCheck::Check),
        ("disch", DescCheck::Discovered),
        ("discheck", DescCheck::Discovered),
        ("dblch", DescCheck::Double),
        ("dblcheck", DescCheck::Double),
        ("doublech", DescCheck::Double),
        ("doublecheck", DescCheck::Double),
        ("mate", DescCheck::Mate),
        ("checkmate", DescCheck::Mate),
        ("#", DescCheck::Mate),
    ],
    castles: &[
        ("castles kr", Some(CastlingSide::KingSide)),
        ("castles qr", Some(CastlingSide::QueenSide)),
        ("castles k", Some(CastlingSide::KingSide)),
        ("castles q", Some(CastlingSide::QueenSide)),
        ("castles", None),
    ],
};

const SPANISH: Words = Words {
    pieces: &[
        ("R", Role::King),
        ("D", Role::Queen),
        ("T", Role::Rook),
        ("A", Role::Bishop),
        ("C", Role::Knight),
        ("P", Role::Pawn),
    ],
    files: &[
        ("TD", FileName::QR),
        ("CD", FileName::QN),
        ("AD", FileName::QB),
        ("D", FileName::Q),
        ("R", FileName::K),
        ("AR", FileName::KB),
        ("CR", FileName::KN),
        ("TR", FileName::KR),
        ("T", FileName::R),
        ("C", FileName::N),
        ("A", FileName::B),
    ],
    wings: [("R", Wing::King), ("D", Wing::Queen)],
    rank_first: true,
    dot: false,
    captures: &["x", "×", ":"],
    checks: &[
        ("+", DescCheck::Check),
        ("jaque", DescCheck::Check),
        ("jaquedoble", DescCheck::Double),
        ("jaquealadescubierta", DescCheck::Discovered),
        ("mate", DescCheck::Mate),
        ("jaquemate", DescCheck::Mate),
        ("#", DescCheck::Mate),
    ],
    castles: &[
        ("enroque largo", Some(CastlingSide::QueenSide)),
        ("enroque corto", Some(CastlingSide::KingSide)),
        ("enroque", None),
    ],
};

const FRENCH: Words = Words {
    pieces: &[
        ("R", Role::King),
        ("D", Role::Queen),
        ("T", Role::Rook),
        ("F", Role::Bishop),
        ("C", Role::Knight),
        ("P", Role::Pawn),
    ],
    files: &[
        ("TD", FileName::QR),
        ("CD", FileName::QN),
        ("FD", FileName::QB),
        ("D", FileName::Q),
        ("R", FileName::K),
        ("FR", FileName::KB),
        ("CR", FileName::KN),
        ("TR", FileName::KR),
        ("T", FileName::R),
        ("C", FileName::N),
        ("F", FileName::B),
    ],
    wings: [("R", Wing::King), ("D", Wing::Queen)],
    rank_first: true,
    dot: true,
    captures: &["prend", "pr", "x", "×", ":"],
    checks: &[
        ("+", DescCheck::Check),
        ("éch", DescCheck::Check),
        ("échec", DescCheck::Check),
        ("échecdouble", DescCheck::Double),
        ("échecàladécouverte", DescCheck::Discovered),
        ("mat", DescCheck::Mate),
        ("échecetmat", DescCheck::Mate),
        ("#", DescCheck::Mate),
    ],
    castles: &[
        ("grand roque", Some(CastlingSide::QueenSide)),
        ("petit roque", Some(CastlingSide::KingSide)),
        ("roque", None),
    ],
};

/// Portuguese, as "Notação de xadrez" (pontoabc.com) writes it: pieces
/// `R D T B C P`, files `TD CD BD D R BR CR TR`, the rank first (`P3R`,
/// `R2D`, `D5TR`, `B6CD`).
const PORTUGUESE: Words = Words {
    pieces: &[
        ("R", Role::King),
        ("D", Role::Queen),
        ("T", Role::Rook),
        ("B", Role::Bishop),
        ("C", Role::Knight),
        ("P", Role::Pawn),
    ],
    files: &[
        ("TD", FileName::QR),
        ("CD", FileName::QN),
        ("BD", FileName::QB),
        ("D", FileName::Q),
        ("R", FileName::K),
        ("BR", FileName::KB),
        ("CR", FileName::KN),
        ("TR", FileName::KR),
        ("T", FileName::R),
        ("C", FileName::N),
        ("B", FileName::B),
    ],
    wings: [("R", Wing::King), ("D", Wing::Queen)],
    rank_first: true,
    dot: false,
    captures: &["x", "×", ":"],
    checks: &[
        ("+", DescCheck::Check),
        ("xeque", DescCheck::Check),
        ("xequeduplo", DescCheck::Double),
        ("xequeadescoberto", DescCheck::Discovered),
        ("xequedescoberto", DescCheck::Discovered),
        ("mate", DescCheck::Mate),
        ("xequemate", DescCheck::Mate),
        ("xeque-mate", DescCheck::Mate),
        ("#", DescCheck::Mate),
    ],
    castles: &[
        ("roque grande", Some(CastlingSide::QueenSide)),
        ("grande roque", Some(CastlingSide::QueenSide)),
        ("roque pequeno", Some(CastlingSide::KingSide)),
        ("pequeno roque", Some(CastlingSide::KingSide)),
        ("roque", None),
    ],
};

/// Whether `bare` (lower case, no dots) begins a check word of `words`, or
/// goes on with the words after the move in `so_far` (`dis` `ch`, `jaque`
/// `a la descubierta`): a word a check word only holds (`a` in `mate`)
/// joins nothing.
fn continues_check(words: &Words, so_far: &str, bare: &str) -> bool {
    if words.checks.iter().any(|(word, _)| word.starts_with(bare)) {
        return true;
    }
    // The move alone so far: no check word written after it to go on with.
    if !so_far.contains(' ') {
        return false;
    }
    let after: Vec<String> = so_far
        .split(' ')
        .skip(1)
        .map(|w| {
            w.chars()
                .filter(|&c| c != '.')
                .flat_map(char::to_lowercase)
                .collect()
        })
        .collect();
    (1..=after.len()).any(|k| {
        let tail = after[after.len() - k..].concat() + bare;
        words
            .checks
            .iter()
            .any(|(word, _)| word.starts_with(tail.as_str()))
    })
}

impl Lang {
    /// Whether `next`, the word after `so_far` in a record, belongs to the
    /// same move: a check or mate word (`ch`, `dis ch`, `jaque a la
    /// descubierta`), `e.p.`, a castling word (`Castles QR`, `petit roque`)
    /// or a capture word and what it takes (`P pr PD`). Tokens are cut at
    /// spaces; this puts a move's words back together before it is parsed.
    pub fn joins(self, so_far: &str, next: &str) -> bool {
        if Self::typed_apart(so_far, next) {
            return true;
        }
        let words = self.words();
        let bare: String = next
            .chars()
            .filter(|&c| c != '.')
            .flat_map(char::to_lowercase)
            .collect();
        if bare.is_empty() {
            return false;
        }
        let last = so_far.rsplit(' ').next().unwrap_or(so_far).to_lowercase();
        let castling = format!("{last} {}", next.to_lowercase());
        let is_capture_word =
            |w: &str| w.chars().all(char::is_alphabetic) && words.captures.contains(&w);
        EN_PASSANT_MARKS
            .iter()
            .any(|m| m.chars().filter(|&c| c != '.').eq(bare.chars()))
            || continues_check(words, so_far, &bare)
            || words
                .castles
                .iter()
                .any(|(word, _)| word.starts_with(&castling))
            || is_capture_word(&bare)
            || is_capture_word(&last)
    }

    /// Whether `word` is a check or mate word of the language, whole
    /// (`ch.`, `check`, `mate`; full stops aside, any case).
    pub fn is_check_word(self, word: &str) -> bool {
        let bare = word.trim_matches('.');
        !bare.is_empty()
            && self
                .words()
                .checks
                .iter()
                .any(|(w, _)| w.eq_ignore_ascii_case(bare))
    }

    /// Whether `next` is the rest of a French move typed apart after its
    /// piece and full stop (`C. 3FR`), to be joined with no space.
    pub fn typed_apart(so_far: &str, next: &str) -> bool {
        let mut chars = so_far.chars();
        chars.next().is_some_and(char::is_uppercase)
            && chars.as_str() == "."
            && next.starts_with(|c: char| c.is_ascii_digit())
            && next.chars().any(char::is_uppercase)
    }

    fn words(self) -> &'static Words {
        match self {
            Lang::English => &ENGLISH,
            Lang::Spanish => &SPANISH,
            Lang::French => &FRENCH,
            Lang::Portuguese => &PORTUGUESE,
        }
    }
}

/// The longest entry of `table` that `text` starts with.
fn longest<T: Copy>(text: &str, table: &[(&str, T)]) -> Option<(usize, T)> {
    table
        .iter()
        .filter(|(name, _)| text.starts_with(name))
        .max_by_key(|(name, _)| name.len())
        .map(|(name, value)| (name.len(), *value))
}

#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn eat(&mut self, s: &str) -> bool {
        let found = self.rest().starts_with(s);
        if found {
            self.pos += s.len();
        }
        found
    }

    fn eat_from<T: Copy>(&mut self, table: &[(&str, T)]) -> Option<T> {
        let (len, value) = longest(self.rest(), table)?;
        self.pos += len;
        Some(value)
    }

    fn skip_spaces(&mut self) {
        self.pos = self.text.len() - self.rest().trim_start().len();
    }

    /// A rank digit 1-8.
    fn rank(&mut self) -> Option<u8> {
        let b = *self.rest().as_bytes().first()?;
        (b'1'..=b'8').contains(&b).then(|| {
            self.pos += 1;
            b - b'0'
        })
    }

    fn err(&self, expected: &'static str) -> DescError {
        DescError {
            offset: self.pos,
            expected,
        }
    }
}

impl Descriptive {
    /// Reads `text` (surrounding spaces aside; spaces inside as books put
    /// them: `B-Kt5 ch`, `Castles QR`, `P pr PD`) as one move in `lang`.
    pub fn parse(text: &str, lang: Lang) -> Result<Descriptive, DescError> {
        let words = lang.words();
        let text = text.trim();
        if let Some((side, end)) = castling(text, words) {
            let mv = side.map_or(DescMove::CastleEither, DescMove::Castle);
            return marks(mv, text, end, words);
        }
        let mut c = Cursor { text, pos: 0 };
        let mover = piece(&mut c, words, true)?;
        c.skip_spaces();
        if !words.rank_first
            && let Some((end, target, check)) = unwritten(c.rest())
        {
            // `B checks`, `Kt mates`, `K moves`, `B interposes`, `P one`:
            // the move that gives check or mate, any, the one that stops
            // the check, a pawn's step, its square unwritten.
            c.pos += end;
            let promotion = promotion(&mut c, words);
            let mv = DescMove::Piece {
                mover,
                target,
                promotion,
            };
            let mut d = marks(mv, text, c.pos, words)?;
            if let Some(check) = check {
                d.check.get_or_insert(check);
            }
            return Ok(d);
        }
        let capture = words.captures.iter().any(|w| c.eat(w));
        let target = if capture {
            c.skip_spaces();
            // Old books' `doubled P.`: the pawn taken that is doubled.
            let doubled = !words.rank_first && c.eat("doubled ");
            c.skip_spaces();
            let mut taken = piece(&mut c, words, false)?;
            taken.doubled = doubled && taken.role == Role::Pawn;
            DescTarget::Capture(taken)
        } else {
            let dash = c.rest().chars().next().is_some_and(is_dash);
            if dash {
                c.pos += c.rest().chars().next().map_or(0, char::len_utf8);
            } else if words.rank_first {
                if words.dot {
                    c.eat(".");
                }
            } else {
                return Err(c.err("`-` or `x` after the piece"));
            }
            c.skip_spaces();
            DescTarget::Square(square(&mut c, words)?)
        };
        let promotion = promotion(&mut c, words);
        let mv = DescMove::Piece {
            mover,
            target,
            promotion,
        };
        marks(mv, text, c.pos, words)
    }
}

/// What old books write after an English piece for a move that names no
/// square: `checks`, `mates` (`B checks`, `Kt mates`), `moves`,
/// `interposes`, a pawn's `one`; where it ends, the move's target, and the
/// check it says.
fn unwritten(rest: &str) -> Option<(usize, DescTarget, Option<DescCheck>)> {
    let (word, target, check) = match rest.as_bytes().first()?.to_ascii_lowercase() {
        b'c' => ("checks", DescTarget::Checking, Some(DescCheck::Check)),
        b'm' if rest.get(..2)?.eq_ignore_ascii_case("mo") => ("moves", DescTarget::Moving, None),
        b'm' => ("mates", DescTarget::Checking, Some(DescCheck::Mate)),
        b'i' => ("interposes", DescTarget::Interposing, None),
        b'o' => ("one", DescTarget::Stepping, None),
        _ => return None,
    };
    phrase_len(rest, word).map(|end| (end, target, check))
}

/// `O-O`, `0-0-0`, or the language's castling words: the side (`None`
/// where not written) and where the castling ends.
fn castling(text: &str, words: &Words) -> Option<(Option<CastlingSide>, usize)> {
    if let Some((side, end)) = castling_sign(text) {
        return Some((Some(side), end));
    }
    words
        .castles
        .iter()
        .find_map(|(phrase, side)| phrase_len(text, phrase).map(|len| (*side, len)))
}

/// How much of `text` the lower-case `phrase` covers, ASCII case aside, a
/// space in it standing for any run of spaces, ending at a word's end.
fn phrase_len(text: &str, phrase: &str) -> Option<usize> {
    let mut pos = 0;
    for part in phrase.split(' ') {
        if pos > 0 {
            let spaced = text[pos..].trim_start();
            if spaced.len() == text.len() - pos {
                return None;
            }
            pos = text.len() - spaced.len();
        }
        let here = text.get(pos..pos + part.len())?;
        if !here.eq_ignore_ascii_case(part) {
            return None;
        }
        pos += part.len();
    }
    let at_word_end = !text[pos..]
        .chars()
        .next()
        .is_some_and(char::is_alphanumeric);
    at_word_end.then_some(pos)
}

/// A piece: the mover (`KR`, `QBP`, `R(1)`, `N/5`, `Kt`) or the piece taken
/// (`KBP`, `QR`, `P/4`).
fn piece(c: &mut Cursor, words: &Words, mover: bool) -> Result<PieceSpec, DescError> {
    let rest = c.rest();
    let pawn_letter = |s: &str| longest(s, words.pieces).filter(|(_, r)| *r == Role::Pawn);
    let mut spec = PieceSpec::plain(Role::Pawn);
    if words.rank_first {
        let Some(role) = c.eat_from(words.pieces) else {
            return Err(c.err("a piece letter"));
        };
        spec.role = role;
        if role == Role::Pawn {
            spec.file = c.eat_from(words.files);
        } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop) {
            spec.wing = c.eat_from(&words.wings);
        }
    } else if let Some((len, file)) = longest(rest, words.files)
        && let Some((p, _)) = pawn_letter(&rest[len..])
    {
        // `KBP`: the pawn on a file.
        spec.file = Some(file);
        c.pos += len + p;
    } else if let Some((len, wing)) = longest(rest, &words.wings)
        && let Some((p, role)) = longest(&rest[len..], words.pieces)
        && matches!(role, Role::Rook | Role::Knight | Role::Bishop)
    {
        // `KR`, `QKt`: a piece by its side.
        spec.role = role;
        spec.wing = Some(wing);
        c.pos += len + p;
    } else if let Some(role) = c.eat_from(words.pieces) {
        spec.role = role;
    } else {
        return Err(c.err("a piece letter"));
    }
    qualifier(c, words, mover, &mut spec)?;
    Ok(spec)
}

/// A square, rank or file after a piece: `(1)`, `/5`, `(Q2)`, `/QB4`, and
/// for an English mover a bare rank (`R1`). The piece taken needs a rank in
/// it, leaving `PxR(Q)` to the promotion.
fn qualifier(
    c: &mut Cursor,
    words: &Words,
    mover: bool,
    spec: &mut PieceSpec,
) -> Result<(), DescError> {
    let start = c.pos;
    let close = if c.eat("(") {
        Some(")")
    } else if c.eat("/") {
        None
    } else {
        if mover
            && !words.rank_first
            && let Some(rank) = c.rank()
        {
            spec.rank = Some(rank);
        }
        return Ok(());
    };
    let (file, rank) = if words.rank_first {
        let rank = c.rank();
        (c.eat_from(words.files), rank)
    } else {
        (c.eat_from(words.files), c.rank())
    };
    let closed = close.is_none_or(|s| c.eat(s));
    let enough = rank.is_some() || (mover && close.is_some() && file.is_some());
    if !closed || !enough {
        if mover {
            return Err(c.err("a rank or square after the piece"));
        }
        c.pos = start;
        return Ok(());
    }
    if spec.file.is_some() && file.is_some() {
        return Err(c.err("one file for the piece"));
    }
    spec.file = spec.file.or(file);
    spec.rank = rank;
    Ok(())
}

/// A destination: `KB3`, `B4`; `3AR`, `4D` rank first.
fn square(c: &mut Cursor, words: &Words) -> Result<DescSquare, DescError> {
    let (file, rank) = if words.rank_first {
        let rank = c.rank().ok_or_else(|| c.err("a rank (1-8)"))?;
        (c.eat_from(words.files), Some(rank))
    } else {
        let file = c.eat_from(words.files);
        (file, c.rank())
    };
    match (file, rank) {
        (Some(file), Some(rank)) => Ok(DescSquare { file, rank }),
        // The last rank alone, where a promotion follows (`P-8=Q`, an old
        // book's `P. queens`): any file.
        (None, Some(8)) if !words.rank_first && promotion(&mut c.clone(), words).is_some() => {
            Ok(DescSquare {
                file: FileName::Any,
                rank: 8,
            })
        }
        (None, _) => Err(c.err("a file name")),
        (_, None) => Err(c.err("a rank (1-8)")),
    }
}

/// `(Q)`, `=Q`, `/Q` or `Q` after a pawn's last move.
fn promotion(c: &mut Cursor, words: &Words) -> Option<Role> {
    let start = c.pos;
    let close = if c.eat("(") {
        Some(")")
    } else {
        let _ = c.eat("=") || c.eat("/");
        None
    };
    let role = c
        .eat_from(words.pieces)
        .filter(|r| !matches!(r, Role::King | Role::Pawn));
    if role.is_none() || close.is_some_and(|s| !c.eat(s)) {
        c.pos = start;
        return None;
    }
    role
}

/// The marks after the move, from byte `end` of `text`: `e.p.`, a check
/// word, a glyph (before or after the check).
fn marks(mv: DescMove, text: &str, end: usize, words: &Words) -> Result<Descriptive, DescError> {
    let mut d = Descriptive {
        mv,
        en_passant: false,
        check: None,
        nag: None,
    };
    let mut rest = text[end..].trim_start();
    if let Some(mark) = EN_PASSANT_MARKS.iter().find(|m| rest.starts_with(**m)) {
        d.en_passant = true;
        rest = rest[mark.len()..].trim_start();
    }
    // A comma, a full stop or an ellipsis after the move in running text
    // (`C.3FD,`, `P3TD…`), as the algebraic grammar takes them.
    let bare = rest.trim_end_matches([',', '…', ';']);
    let bare = bare.strip_suffix("...").unwrap_or(bare);
    if bare.len() < rest.len() || rest.ends_with(['.']) && !rest.ends_with("..") {
        rest = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    }
    let glyph = |s: Option<&str>| s.and_then(glyph_nag).filter(|n| (1..=6).contains(n));
    for len in [2, 1] {
        if let Some(nag) = glyph(rest.get(..len)) {
            d.nag = Some(nag);
            rest = rest[len..].trim_start();
            break;
        }
        if let Some(nag) = rest
            .len()
            .checked_sub(len)
            .and_then(|at| glyph(rest.get(at..)))
        {
            d.nag = Some(nag);
            rest = rest[..rest.len() - len].trim_end();
            break;
        }
    }
    if !rest.is_empty() {
        match words.checks.iter().find(|(w, _)| loose_eq(rest, w)) {
            Some((_, check)) => d.check = Some(*check),
            None => {
                return Err(DescError {
                    offset: rest.as_ptr().addr() - text.as_ptr().addr(),
                    expected: "the end of the move, a check or a glyph",
                });
            }
        }
    }
    Ok(d)
}

/// Whether `text` is `word` with spaces and dots left out, case aside.
fn loose_eq(text: &str, word: &str) -> bool {
    let mut letters = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '.'))
        .flat_map(char::to_lowercase);
    word.chars().all(|w| letters.next() == Some(w)) && letters.next().is_none()
}
