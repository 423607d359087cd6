//! A move's words put back together before it is read, in a descriptive
//! game: a move written out in words (`P. to K's 4th.` as `P-K4`), the
//! words that belong to an abbreviated one (`B-Kt5 ch`, `Castles QR`), and
//! a check printed after it in brackets (`(ch.)`). The walk and its probes
//! of the text ahead read a move's words alike.

use std::borrow::Cow;

use arrayvec::ArrayVec;

use shakmaty::{Chess, Move};

use super::{Line, Problem, Replayer, Side};
use crate::game::Game;
use crate::notation::algebraic::{ParsedMove, fold_compatible};
use crate::notation::descriptive::{self, DescResolveError, Descriptive, Lang};
use crate::notation::resolve::{ResolveError, first_legal};
use crate::read::lexer::{Lexer, Tok, Token};

impl Replayer<'_> {
    /// The move `word` names in `pos`, with the words after it (`ahead`
    /// stands past it) that belong to its move in a descriptive game (see
    /// [`move_words`]): what a look at the text ahead reads, as the walk.
    pub(super) fn plays_at(&self, word: &str, ahead: &Lexer<'_>, pos: &Chess) -> Option<Move> {
        if self.settings.descriptive.is_none() {
            return self.plays(word, pos);
        }
        let mut lexer = ahead.clone();
        self.plays(
            &move_words(word, self.settings.descriptive, &mut lexer),
            pos,
        )
    }

    /// Every legal move `word` (with its words ahead, as [`Self::plays_at`])
    /// may name in `pos`: the one it names, or where it fits several (`B.
    /// takes P.` with two pawns to take), all of them; none where it names
    /// none. The text ahead settles which, as the game's replay does.
    pub(super) fn moves_named(&self, word: &str, ahead: &Lexer<'_>, pos: &Chess) -> Vec<Move> {
        if let Some(mv) = self.plays_at(word, ahead, pos) {
            return vec![mv];
        }
        let mut lexer = ahead.clone();
        let word = move_words(word, self.settings.descriptive, &mut lexer);
        let word = fold_compatible(&word);
        match self.settings.descriptive {
            Some(lang) => Descriptive::parse(&word, lang)
                .ok()
                .and_then(|d| match descriptive::resolve(pos, &d) {
                    Err(DescResolveError::Ambiguous(moves)) => Some(moves),
                    _ => None,
                })
                .unwrap_or_default(),
            None => ParsedMove::readings(&word, self.settings.alphabet)
                .ok()
                .and_then(|readings| match first_legal(pos, &readings) {
                    Err(ResolveError::Ambiguous(moves)) => Some(moves.into_iter().collect()),
                    _ => None,
                })
                .unwrap_or_default(),
        }
    }

    /// A word and, in a descriptive game, the words after it that belong
    /// to its move (`B-Kt5 ch`, `Castles QR`, `P pr PD`; `C. 3FR` typed
    /// apart, joined with a warning; a move written out in words, `P. to
    /// K's 4th.`, read as `P-K4`); and where it ends in the text.
    pub(super) fn descriptive_words<'t>(
        &self,
        word: &'t str,
        offset: usize,
        lexer: &mut Lexer<'t>,
        l: &Line,
        game: &mut Game,
    ) -> (Cow<'t, str>, usize) {
        let Some(lang) = self.settings.descriptive else {
            return (Cow::Borrowed(word), offset + word.len());
        };
        if lang == Lang::English
            && let Some(worded) = join_worded(word, lexer)
        {
            let worded = with_bracketed_check(Cow::Owned(worded), lang, lexer);
            return (worded, lexer.offset());
        }
        let joined = join_descriptive(word, lang, lexer);
        if let Cow::Owned(_) = joined
            && !joined.contains(' ')
        {
            let written = &self.text[offset..lexer.offset()];
            let message = format!("`{written}` read as one move, `{joined}`: spaces inside it");
            self.repair(game, offset, message, &l.pos);
        }
        let joined = with_bracketed_check(joined, lang, lexer);
        let end = match joined {
            Cow::Borrowed(_) => offset + word.len(),
            Cow::Owned(_) => lexer.offset(),
        };
        (joined, end)
    }

    /// The error for a move written out in words, at `offset` in the place
    /// of the move due in `pos`, whose words stop short of a whole move
    /// (`29. Q. R. to Q.`, its rank not printed): a move lost where its
    /// words would otherwise be taken for commentary. `None` for any other
    /// word, and for such words where no move is due (prose that says `Q.
    /// takes`).
    pub(super) fn worded_cut_short_at(&self, offset: usize, pos: &Chess) -> Option<Problem> {
        if self.settings.descriptive != Some(Lang::English) || !self.at_number_due(pos) {
            return None;
        }
        let rest = &self.text[offset..];
        let mut lexer = Lexer::new(rest);
        let Some(Token {
            tok: Tok::Word(word),
            ..
        }) = lexer.next()
        else {
            return None;
        };
        let (lacks, end) = worded_cut_short(word, &lexer)?;
        let words = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        let side = Side::of(pos);
        Some(Problem::from(format!(
            "`{words}` at {side} is not a move in descriptive notation: its words name no {lacks}"
        )))
    }
}

/// A word and the words after it that belong to its move in a game in
/// descriptive notation in `lang` (see [`join_worded`], [`join_descriptive`]),
/// the lexer moved past them; the word itself in algebraic notation. What
/// a probe of the text ahead reads as one move, as the walk does.
pub(super) fn move_words<'a>(
    word: &'a str,
    lang: Option<Lang>,
    lexer: &mut Lexer<'a>,
) -> Cow<'a, str> {
    let Some(lang) = lang else {
        return Cow::Borrowed(word);
    };
    let worded = match lang {
        Lang::English => join_worded(word, lexer),
        _ => None,
    };
    let joined = match worded {
        Some(worded) => Cow::Owned(worded),
        None => join_descriptive(word, lang, lexer),
    };
    with_bracketed_check(joined, lang, lexer)
}

/// A descriptive move and the check written after it in brackets, as old
/// books print it (`B. takes K. B. P. (ch.)`, `BxKBP (ch)`): the check word
/// joined to the move (`BxKBP ch`), the lexer moved past the brackets.
fn with_bracketed_check<'a>(
    move_words: Cow<'a, str>,
    lang: Lang,
    lexer: &mut Lexer<'a>,
) -> Cow<'a, str> {
    let mut ahead = lexer.clone();
    let Some(Token { tok: Tok::Open, .. }) = ahead.next() else {
        return move_words;
    };
    let Some(Token {
        tok: Tok::Word(check),
        ..
    }) = ahead.next()
    else {
        return move_words;
    };
    if !lang.is_check_word(check)
        || !matches!(
            ahead.next(),
            Some(Token {
                tok: Tok::Close,
                ..
            })
        )
    {
        return move_words;
    }
    *lexer = ahead;
    let mut joined = move_words.into_owned();
    joined.push(' ');
    joined.push_str(check);
    Cow::Owned(joined)
}

/// A descriptive move written out in words that begins with `word` (`P.
/// to K's 4th.`), in its abbreviated form (`P-K4`), its words taken from
/// `lexer`; `None`, taking nothing, where the words make no whole move.
fn join_worded(word: &str, lexer: &mut Lexer<'_>) -> Option<String> {
    if let Some(stop) = word.get(7..)
        && word[..7].eq_ignore_ascii_case("castles")
        && matches!(stop, "" | ".")
    {
        return join_castling_side(lexer, stop == ".");
    }
    let (reading, ahead) = read_worded(word, lexer)?;
    let abbreviated = reading.abbreviated()?;
    *lexer = ahead;
    Some(abbreviated)
}

/// Where the words of a move written out in words that begins with `word`
/// (`lexer` past it) stop short of a whole move (`Q. R. to Q.`, `Q.
/// takes`): what the move lacks, and the offset in the lexer's text where
/// its words end. `None` where they make a whole move or begin none.
pub(super) fn worded_cut_short(word: &str, lexer: &Lexer<'_>) -> Option<(&'static str, usize)> {
    let (reading, ahead) = read_worded(word, lexer)?;
    Some((reading.lacks()?, ahead.offset()))
}

/// The words of a move written out in words that begins with `word`, read
/// from `lexer` (which stays where it is) as far as they go on with it,
/// and a lexer past them; `None` where `word` begins no such move.
fn read_worded<'t>(
    word: &str,
    lexer: &Lexer<'t>,
) -> Option<(crate::notation::descriptive::words::Reading, Lexer<'t>)> {
    use crate::notation::descriptive::words::{Reading, starts_move, starts_move_unstopped};
    let next_word = || match lexer.clone().next() {
        Some(Token {
            tok: Tok::Word(next),
            ..
        }) => next,
        _ => "",
    };
    if !starts_move(word) && !starts_move_unstopped(word, next_word()) {
        return None;
    }
    let mut reading = Reading::new(word)?;
    let mut ahead = lexer.clone();
    loop {
        let mut peek = ahead.clone();
        let (next, offset) = match peek.next() {
            Some(Token {
                tok: Tok::Word(next),
                offset,
            }) => (next, offset),
            // The rank printed as a bare number (`Q. B. 4`); a number
            // with a full stop or a bracket is the next move's (`Q. to Q.
            // 2. P. to K's 4th.`).
            Some(Token {
                tok:
                    Tok::MoveNumber {
                        number,
                        black: false,
                    },
                ..
            }) if !peek.just_passed(b'.')
                && !peek.just_passed(b')')
                && reading.take_rank_number(number) =>
            {
                ahead = peek;
                break;
            }
            // The piece's square in brackets (`R. (B. sq.) to B's 2d.`).
            Some(Token { tok: Tok::Open, .. })
                if let Some(past) = join_origin(&mut reading, &ahead) =>
            {
                ahead = past;
                continue;
            }
            _ => break,
        };
        // The next move's number glued on (`4th.1.P.`, a table's cells
        // run together), or the next word (`P.en passant`): the move ends
        // before it, read again from there.
        if let Some(cut) = glued_at(next)
            && reading.take(&next[..cut], None)
        {
            ahead = peek;
            ahead.rewind_to(offset + cut);
            break;
        }
        let after = match peek.clone().next() {
            Some(Token {
                tok: Tok::Word(after),
                ..
            }) => Some(after),
            _ => None,
        };
        if !reading.take(next, after) {
            break;
        }
        ahead = peek;
    }
    join_promotion(&mut reading, &mut ahead);
    join_en_passant(&mut reading, &mut ahead);
    Some((reading, ahead))
}

/// How many items after a pawn's move the piece it becomes, written out,
/// may take (`( becoming a Q. )`).
const PROMOTION_ITEMS: usize = 5;

/// The piece a pawn becomes written out after its worded move (`becoming
/// a Q.`, `(2d Q.)`, see [`promotion_after`]) taken into `reading`, the
/// lexer `ahead` moved past its words; nothing taken where none is
/// written or the move can make none.
///
/// [`promotion_after`]: crate::notation::descriptive::words::promotion_after
fn join_promotion(
    reading: &mut crate::notation::descriptive::words::Reading,
    ahead: &mut Lexer<'_>,
) {
    let (items, ends) = items_ahead::<PROMOTION_ITEMS>(ahead);
    if let Some((piece, taken)) = crate::notation::descriptive::words::promotion_after(&items)
        && reading.take_promotion(piece)
    {
        *ahead = ends[taken - 1].clone();
    }
}

/// How many items the square a worded move's piece stands on, in brackets
/// after it, may take (`( K. Kt's 3d. )`).
const ORIGIN_ITEMS: usize = 5;

/// The square a worded move's piece stands on, in brackets after it (`R.
/// (B. sq.)`, see [`origin_after`]), taken into `reading`: a lexer past
/// its brackets; `None`, taking nothing, where none is written or the
/// move has gone past its piece.
///
/// [`origin_after`]: crate::notation::descriptive::words::origin_after
fn join_origin<'t>(
    reading: &mut crate::notation::descriptive::words::Reading,
    ahead: &Lexer<'t>,
) -> Option<Lexer<'t>> {
    let (items, ends) = items_ahead::<ORIGIN_ITEMS>(ahead);
    let (square, taken) = crate::notation::descriptive::words::origin_after(&items)?;
    reading
        .take_origin(&square)
        .then(|| ends[taken - 1].clone())
}

/// The next `N` items after `lexer` at most, words and brackets (as `(`
/// and `)`), up to anything else, each with the lexer past it: what a
/// move's words written out after it (a castling's side, a promotion) are
/// read from.
fn items_ahead<'t, const N: usize>(
    lexer: &Lexer<'t>,
) -> (ArrayVec<&'t str, N>, ArrayVec<Lexer<'t>, N>) {
    let mut items = ArrayVec::new();
    let mut ends = ArrayVec::new();
    let mut ahead = lexer.clone();
    while !items.is_full() {
        let item = match ahead.next().map(|t| t.tok) {
            Some(Tok::Word(word)) => word,
            Some(Tok::Open) => "(",
            Some(Tok::Close) => ")",
            _ => break,
        };
        items.push(item);
        ends.push(ahead.clone());
    }
    (items, ends)
}

/// How many items after `Castles` its side written out in words may take
/// (`on the Q's side`, `( Q. R. )`).
const CASTLING_ITEMS: usize = 5;

/// `Castles` with its side written out after it (`on Q's side.`, `(Q.
/// R.)`, after a full stop `Castles. Q. side.`: `stopped`; see
/// [`castling_side`]) as the abbreviated form (`Castles QR`), the lexer
/// moved past the side's words; `None`, taking nothing, where no side is
/// written.
///
/// [`castling_side`]: crate::notation::descriptive::words::castling_side
fn join_castling_side(lexer: &mut Lexer<'_>, stopped: bool) -> Option<String> {
    let (items, ends) = items_ahead::<CASTLING_ITEMS>(lexer);
    let (side, taken) = crate::notation::descriptive::words::castling_side(&items, stopped)?;
    *lexer = ends[taken - 1].clone();
    Some(match side {
        shakmaty::CastlingSide::KingSide => "Castles KR".to_string(),
        shakmaty::CastlingSide::QueenSide => "Castles QR".to_string(),
    })
}

/// Where, in a word of a move written out in words, a move number glued to
/// it begins (`4th.1.P.`: at `1`), or a word of lower-case letters
/// (`P.en`: at `en`): after a full stop, digits and a full stop, or a
/// lower-case letter.
fn glued_at(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    (1..bytes.len()).find(|&i| {
        bytes[i - 1] == b'.'
            && (bytes[i].is_ascii_lowercase()
                || bytes[i].is_ascii_digit() && {
                    let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                    bytes.get(i + digits) == Some(&b'.')
                })
    })
}

/// How many items after a pawn's capture the words saying it took in
/// passing may take (`( in passing )`).
const EN_PASSANT_ITEMS: usize = 4;

/// A capture in passing said in words after a worded pawn's capture (`in
/// passing`, `(in passing)`, `en passant`, see [`en_passant_after`]) taken
/// into `reading`, the lexer `ahead` moved past its words.
///
/// [`en_passant_after`]: crate::notation::descriptive::words::en_passant_after
fn join_en_passant(
    reading: &mut crate::notation::descriptive::words::Reading,
    ahead: &mut Lexer<'_>,
) {
    let (items, ends) = items_ahead::<EN_PASSANT_ITEMS>(ahead);
    if let Some(taken) = crate::notation::descriptive::words::en_passant_after(&items)
        && reading.take_en_passant()
    {
        *ahead = ends[taken - 1].clone();
    }
}

/// A descriptive move with the words written after it that belong to it
/// (`B-Kt5 ch`, `Castles QR`, `P pr PD`; see [`Lang::joins`]). The lexer
/// is moved past the words taken.
fn join_descriptive<'a>(word: &'a str, lang: Lang, lexer: &mut Lexer<'a>) -> Cow<'a, str> {
    let mut joined = Cow::Borrowed(word);
    loop {
        let mut ahead = lexer.clone();
        let Some(Token {
            tok: Tok::Word(next),
            ..
        }) = ahead.next()
        else {
            return joined;
        };
        if !lang.joins(&joined, next) {
            return joined;
        }
        let owned = joined.to_mut();
        if !Lang::typed_apart(owned, next) {
            owned.push(' ');
        }
        owned.push_str(next);
        *lexer = ahead;
    }
}
