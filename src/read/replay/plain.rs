//! The replay of a game in plain PGN, in one pass over its bytes: tags, then
//! move numbers, moves and results, with nothing else between them. The
//! moves may be in PGN's letters (`e4`, `Nbd7`, `exd8=Q+`, `O-O`) or in
//! any letter set's, Cyrillic ones and figurines included, short or long
//! (`Кg1-f3`, `e4:d5`, `Крe8:f7`, `♘f3`). Most of the games of a database,
//! and most games converted into a national notation, are written so.
//!
//! It is the general replay's walk, cut down to these tokens: the same tag
//! storage and start position, the same move grammar (PGN's SAN by
//! [`crate::notation::algebraic::fast_san`], a word of the commonest shape
//! in any letters by [`Alphabet::plain_reading_named`], which also tells
//! its piece letter from its name, and anything else by the whole grammar,
//! [`ParsedMove::grammar_readings_into`], its readings tried in the same
//! order by [`first_legal`]), the same record of each move and the same check of its
//! marks (mate is looked for after the last move only: every other move of
//! a game the lane completes is followed by a legal one). It builds the
//! same [`Game`]. Castling is read in its spellings, `0-0` included, and
//! an en passant mark written apart after an en passant capture (`exd6
//! e.p.`, `exf6 е.р.`) is passed over, as the walk does. Where it meets
//! anything else (a comment, a variation, a NAG, a word in another
//! script, another mark written apart, a move that needs a repair or a
//! choice, or is illegal), it stops, and the game is
//! replayed from its start by the general walk, which reads and reports
//! all of that. So the plain lane never decides anything the general
//! replay would decide otherwise: it only skips, for
//! the commonest games, the machinery the others need.

use shakmaty::{Chess, Position};

use super::Settings;
use super::marks::mark_slips;
use super::numbers::number_fits;
use super::result::{Written, apply, apply_termination, board_result, settle};
use super::setup::{Start, start_position, store_tag};
use crate::game::{Checks, Event, Game, GameResult, MoveRecord, check_of, check_short_of_mate};
use crate::notation::algebraic::{
    Alphabet, Letter, MoveToken, ParsedMove, Readings, fast_castling, fast_san,
};
use crate::notation::resolve::{Resolved, first_legal, resolve_unique};
use crate::read::lexer::{is_plain_space as is_space, is_plain_word_byte, plain_tag_at};
use crate::vocab::signs::{CheckSign, EN_PASSANT_MARKS, castling_sign};

/// Whether the plain lane may read games under `settings`: algebraic
/// notation.
pub(super) fn applies(settings: &Settings<'_>) -> bool {
    settings.descriptive.is_none()
}

/// What the plain lane reads of a game before its moves, the same
/// whatever the letters: where its movetext begins, its Result tag, its
/// start position and whether it has tags. Kept by a caller that tries
/// the same text under other letters ([`replay_plain_after`]), which then
/// reads its tags once.
#[derive(Clone)]
pub(crate) struct Header {
    movetext: usize,
    result_tag: Option<GameResult>,
    /// The Result tag is written as PGN writes its result (`1-0`, not
    /// `½-½`): where the board settles the same, it is left as it is.
    result_tag_as_pgn: bool,
    start: Chess,
    tagged: bool,
}

/// Replays `text` into `game` (set up by the caller, as for the general
/// walk), finding the checks `checks` asks for. `false` where the game is
/// not plain: `game` is then half-built and the caller starts again.
/// Past its tags it looks `look_ahead` bytes ahead at once for what it
/// does not read (see [`Settings::look_ahead`]). Where `kept` is given,
/// the header read is kept there (`None` where the game is not plain
/// before its moves).
pub(super) fn replay_plain(
    text: &str,
    (alphabet, checks): (&Alphabet, Checks),
    look_ahead: usize,
    game: &mut Game,
    kept: Option<&mut Option<Header>>,
) -> bool {
    let header = header(text, look_ahead, game);
    let read = header
        .as_ref()
        .is_some_and(|header| replay_moves(text, header, alphabet, checks, game));
    if let Some(kept) = kept {
        *kept = header;
    }
    read
}

/// [`replay_plain`] of the text whose header (read under any letters) is
/// `header`: its moves alone, into `game`, which is left without tags (a
/// trial, whose answer alone is wanted).
pub(super) fn replay_plain_after(
    text: &str,
    header: &Header,
    (alphabet, checks): (&Alphabet, Checks),
    game: &mut Game,
) -> bool {
    replay_moves(text, header, alphabet, checks, game)
}

/// The header of a plain game, its tags stored in `game`: `None` where
/// the game is not plain there.
#[inline(never)]
fn header(text: &str, look_ahead: usize, game: &mut Game) -> Option<Header> {
    let (movetext, result_tag, result_tag_as_pgn) = tags(text, game)?;
    // A comment, a variation or a NAG, looked for at once (one fast
    // scan): a game with one is given up before any move is replayed,
    // not where it stands, which may be after its last move.
    if holds_unread(&text.as_bytes()[movetext..], look_ahead) {
        return None;
    }
    // Every tag is read: the start position is set up once.
    let start = match start_position(game) {
        Ok(Start { pos, warning: None }) => pos,
        _ => return None,
    };
    Some(Header {
        movetext,
        result_tag,
        result_tag_as_pgn,
        start,
        tagged: game.tags().next().is_some(),
    })
}

/// The moves and result of a plain game after its `header`, replayed.
fn replay_moves(
    text: &str,
    header: &Header,
    alphabet: &Alphabet,
    checks: Checks,
    game: &mut Game,
) -> bool {
    let bytes = text.as_bytes();
    let mut i = header.movetext;
    let mut pos = header.start.clone();
    // Read once: the alphabet holds cells (its names' facts, worked out
    // where first asked), so the compiler would read it again each word.
    let english = alphabet.is_english();
    let mut scratch = Scratch {
        readings: Readings::new(),
        noted: 0,
    };
    // Where the last move is in the events, if the check it gives is known
    // but not yet whether it mates.
    let mut last_check_unsettled = None;
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        let Some(&first) = bytes.get(i) else { break };
        // A move number, `12.` or `12...`, maybe with its move glued on
        // (`12.e4`), as the lexer reads it.
        if first.is_ascii_digit() {
            match move_number(bytes, i, &pos) {
                Number::Not => {}
                Number::Read(end) => {
                    i = end;
                    continue;
                }
                Number::GiveUp => return false,
            }
        }
        let start = i;
        i += word_len(&bytes[i..]);
        if i < bytes.len() && !is_space(bytes[i]) {
            // `exd6 e.p.`: a full stop ends no plain word, but the mark's.
            match en_passant_mark(text, start, game) {
                Some(end) => {
                    i = end;
                    continue;
                }
                None => return false,
            }
        }
        let word = &text[start..i];
        // Castling may be written with zeros (`0-0`, `0-0-0+`), as most
        // national notations write it.
        if starts_word(first) || (first == b'0' && castling_sign(word).is_some()) {
            let letters = (alphabet, english);
            match play_word(word, letters, checks, &mut scratch, game, &mut pos) {
                Some(unsettled) => last_check_unsettled = unsettled,
                None => match en_passant_mark(text, start, game) {
                    Some(end) => i = end,
                    None => return false,
                },
            }
        } else if let Some(result) = GameResult::parse(word) {
            // The result ends the game: words after it are the walk's to
            // keep as commentary, and report where they hold moves.
            if bytes[i..].iter().any(|&b| !is_space(b)) {
                return false;
            }
            game.result = Some(result);
        } else {
            return false;
        }
    }
    // In a game with no tags, a line after a blank line may begin the
    // next game: the walk tells it by the board.
    if !header.tagged && holds_blank_line(bytes.trim_ascii()) {
        return false;
    }
    // The last move's check, if it gives one, may be mate.
    if let Some(at) = last_check_unsettled
        && let Some(Event::Move(last)) = game.events.get_mut(at)
    {
        last.check = check_of(&pos);
    }
    finish(pos, header, checks, game)
}

/// Whether the first `look_ahead` bytes of `movetext` hold what the plain
/// lane does not read: a comment, a variation or a NAG (one fast scan).
#[inline(never)]
fn holds_unread(movetext: &[u8], look_ahead: usize) -> bool {
    let ahead = &movetext[..movetext.len().min(look_ahead)];
    memchr::memchr3(b'{', b'(', b'$', ahead).is_some()
}

/// Whether `text` holds a blank line: two line ends of one kind with
/// only spaces between them.
#[cold]
#[inline(never)]
fn holds_blank_line(text: &[u8]) -> bool {
    let blank = |end: u8| {
        let mut ends = memchr::memchr_iter(end, text);
        let mut last = ends.next();
        ends.any(|at| {
            let between = &text[last.map_or(0, |l| l + 1)..at];
            last = Some(at);
            between.iter().all(|&b| b == b' ' || b == b'\t')
        })
    };
    blank(b'\n') || !text.contains(&b'\n') && blank(b'\r')
}

/// What the bytes at a digit are to the plain lane.
enum Number {
    /// No move number: a word (ICCF numeric, a result).
    Not,
    /// A move number, the one due, ending where the next word begins.
    Read(usize),
    /// A move number the walk is to report (not the one due), or one with
    /// something glued on that no word starts with.
    GiveUp,
}

/// Reads the move number at `i` (`12.`, `12...`, maybe with its move glued
/// on: `12.e4`), as the lexer reads it, against the position `pos` it
/// stands before.
#[inline(always)]
fn move_number(bytes: &[u8], i: usize, pos: &Chess) -> Number {
    // The digits read for their value as they are counted.
    let (mut end, mut value) = (i, 0u32);
    while let Some(&d) = bytes.get(end).filter(|d| d.is_ascii_digit()) {
        value = value.wrapping_mul(10).wrapping_add(u32::from(d - b'0'));
        end += 1;
    }
    let digits = end - i;
    let dots = bytes[end..].iter().take_while(|&&b| b == b'.').count();
    if dots == 0 || digits > 9 {
        return Number::Not;
    }
    // A move number that does not say which move is due is reported by
    // the walk.
    if !number_fits(value, dots > 1, pos) {
        return Number::GiveUp;
    }
    let end = end + dots;
    match bytes.get(end) {
        Some(&b) if !is_space(b) && !starts_word(b) => Number::GiveUp,
        _ => Number::Read(end),
    }
}

/// Reads, resolves and plays the move `word` on `pos`, recording it in
/// `game`: where its event is if the check it gives may yet be mate (told
/// at the end), or `None` where the walk is to read it (no plain move, or
/// one that needs a report).
#[inline(always)]
fn play_word(
    word: &str,
    (alphabet, english): (&Alphabet, bool),
    checks: Checks,
    scratch: &mut Scratch,
    game: &mut Game,
    pos: &mut Chess,
) -> Option<Option<usize>> {
    // Plain SAN in PGN's letters, and a plain word in any letters, read
    // one way only: as the general grammar reads it first, with nothing
    // else tried.
    let fast = if english {
        fast_san(word).inspect(|_| game.note_letter_of(word))
    } else {
        plain_named(word, alphabet, &mut scratch.noted, game)
    };
    let parsed;
    let resolved = match fast {
        Some(fast) => {
            parsed = fast;
            resolve_unique(pos, &parsed.token)
        }
        None => {
            let (reading, resolved) = read_by_grammar(word, alphabet, scratch, game, pos)?;
            parsed = reading;
            Some(resolved)
        }
    };
    let resolved = resolved?;
    let mut record = MoveRecord {
        mv: Some(resolved.mv),
        san: resolved.san,
        check: None,
        color: pos.turn(),
        number: pos.fullmoves().get(),
    };
    pos.play_unchecked(resolved.mv);
    let mut unsettled = false;
    if checks == Checks::All || parsed.check.is_some() {
        record.check = match parsed.check {
            // A mate sign is held against the whole answer.
            Some(CheckSign::Mate | CheckSign::DoublePlus) => check_of(pos),
            // Mate is told at the end: a move that another legal move
            // follows does not mate, and a game that goes on after a move
            // that does is not plain.
            _ => {
                let check = check_short_of_mate(pos);
                unsettled = check.is_some();
                check
            }
        };
    }
    if let MoveToken::Normal {
        promotion: Some(_), ..
    } = parsed.token
    {
        game.note_promotion_letter_of(word);
    }
    let mut slipped = false;
    mark_slips(word, &parsed, &record, english, |_| slipped = true);
    if slipped {
        return None;
    }
    game.moves_read += 1;
    let at = game.events.len();
    game.events.push(Event::Move(record));
    if let Some(nag) = parsed.nag {
        game.events.push(Event::Nag(nag));
    }
    Some(unsettled.then_some(at))
}

/// The tags of a plain game, in the usual form only (as the lexer reads it
/// first), stored: where they end, its Result tag's result and whether it
/// is written as PGN writes that result; `None` where the game is not
/// plain there. Kept out of the loop over the moves.
#[inline(never)]
fn tags(text: &str, game: &mut Game) -> Option<(usize, Option<GameResult>, bool)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let (mut result, mut as_pgn) = (None, false);
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        if bytes.get(i) != Some(&b'[') {
            return Some((i, result, as_pgn));
        }
        let (name, value, end) = plain_tag_at(text, i)?;
        // A tag given twice, or a start position's tag in another case
        // (`fEn`), is reported by the walk.
        if !store_tag(game, name, value) || is_setup_tag_in_other_case(name) {
            return None;
        }
        if name == "Result" {
            // A Result tag that is no result is said by the walk.
            let read = GameResult::parse(value)?;
            (result, as_pgn) = (Some(read), value == read.as_str());
        }
        i = end;
    }
}

/// The end of a plain game after `header`, at `end`: its result settled
/// with the board. `false` where the result needs a repair, which the walk
/// reports. Kept out of the loop.
#[inline(never)]
fn finish(end: Chess, header: &Header, checks: Checks, game: &mut Game) -> bool {
    let result_tag = header.result_tag;
    // A game with no moves is reported by the walk.
    if game.moves_read == 0 {
        return false;
    }
    let last_check = match game.events.last() {
        Some(Event::Move(last)) if checks == Checks::All || last.check.is_some() => {
            Some(last.check)
        }
        _ => None,
    };
    let written = Written {
        tag: result_tag,
        movetext: game.result,
    };
    let settled = settle(
        written,
        board_result(&end, last_check, written.drawn()),
        false,
    );
    if settled.repair.is_some() {
        return false;
    }
    // The game's Result tag, if any, is the header's (a trial has none):
    // where it says the result settled as PGN writes it, it is not looked
    // up again to be left as it is.
    if result_tag.is_none() || header.result_tag_as_pgn && result_tag == Some(settled.result) {
        apply_termination(game, &settled);
    } else {
        apply(game, &settled);
    }
    game.plain = true;
    true
}

/// Whether `name` is the name of a tag of the start position written in
/// another case (`fEn`).
fn is_setup_tag_in_other_case(name: &str) -> bool {
    super::tokens::SETUP_TAGS
        .iter()
        .any(|t| t.len() == name.len() && *t != name && t.eq_ignore_ascii_case(name))
}

/// The one reading of `word` in the commonest shape in any letters
/// ([`Alphabet::plain_reading_named`]), its letter noted: known from its
/// piece name, noted once a game (`noted`, by the name's index). (It has a
/// rank's digit: the walk reads it as a move.)
#[inline(always)]
fn plain_named(
    word: &str,
    alphabet: &Alphabet,
    noted: &mut u128,
    game: &mut Game,
) -> Option<ParsedMove> {
    let (reading, letter) = alphabet.plain_reading_named(word)?;
    match letter {
        Letter::None => {}
        Letter::Name { index, len } => {
            let bit = 1u128.checked_shl(index as u32).unwrap_or(0);
            if *noted & bit == 0 {
                *noted |= bit;
                game.note_piece_letter(&word[..len]);
            }
        }
        Letter::Word => game.note_letter_or_pair_of(word, alphabet.is_english()),
    }
    Some(reading)
}

/// Reads `word` by the general move grammar, as the general walk does, and
/// plays its first reading that names a legal move: that reading and move,
/// after noting the word's letter. `None` where the walk would do anything
/// else: take the word as a mark written apart from its move (it has no
/// digit and is not castling), report it, or play a null move. Kept out of
/// the loop, which PGN's letters take without it.
#[inline(never)]
fn read_by_grammar(
    word: &str,
    alphabet: &Alphabet,
    scratch: &mut Scratch,
    game: &mut Game,
    pos: &Chess,
) -> Option<(ParsedMove, Resolved)> {
    // In PGN's letters the caller has tried `fast_san` alone: a plain
    // word it does not take (`♘f3`) is read here.
    if alphabet.is_english()
        && let Some(reading) = plain_named(word, alphabet, &mut scratch.noted, game)
    {
        return resolve_unique(pos, &reading.token).map(|resolved| (reading, resolved));
    }
    let readings = &mut scratch.readings;
    if !(word.starts_with('O') || word.bytes().any(|b| b.is_ascii_digit())) {
        return None;
    }
    // Castling, with zeros (`0-0`) or as PGN writes it, reads one way
    // in every set, with no letter to note (the caller's `fast_san` takes
    // it in PGN's letters).
    if let Some(castling) = fast_castling(word) {
        return resolve_unique(pos, &castling.token).map(|resolved| (castling, resolved));
    }
    // The fast paths (`fast_san` in PGN's letters and the plain reading)
    // found nothing: the whole grammar reads it.
    readings.clear();
    ParsedMove::grammar_readings_into(word, alphabet, readings).ok()?;
    game.note_letter_or_pair_of(word, alphabet.is_english());
    // One reading, nearly every word: its move, if it names one legal
    // move, as `first_legal` would find it.
    if let [reading] = readings.as_slice() {
        return resolve_unique(pos, &reading.token).map(|resolved| (*reading, resolved));
    }
    match first_legal(pos, readings) {
        Ok((reading, Some(resolved))) => Some((reading, resolved)),
        _ => None,
    }
}

/// What moves in letters other than PGN's are read with: room for a
/// word's readings, and which of the alphabet's names (by index, the
/// first 128) the game has noted as its letters.
struct Scratch {
    readings: Readings,
    noted: u128,
}

/// Whether a word the lane reads may start with `b`: an ASCII letter, or
/// the first byte of a Cyrillic letter or of a figurine.
fn starts_word(b: u8) -> bool {
    b.is_ascii_alphabetic() || matches!(b, 0xd0 | 0xd1 | 0xe2)
}

/// The length of the word `bytes` starts with, in what the lane reads:
/// printable ASCII but delimiters, Cyrillic letters (U+0400-U+047F) and
/// figurines (U+2654-U+265F, [`crate::vocab::letters::is_figurine_char`]), which
/// the general walk takes as they are (compatibility folding leaves them
/// alone), told by their bytes on this per-word path. It stops at any
/// other byte, and the caller gives the game up unless a space comes there.
#[inline]
fn word_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() && is_plain_word_byte(bytes[i]) {
        i += 1;
    }
    if bytes.get(i).is_some_and(|&b| b >= 0x80) {
        i += national_word_len(&bytes[i..]);
    }
    i
}

/// [`word_len`] from the first byte that is not ASCII on.
fn national_word_len(bytes: &[u8]) -> usize {
    let continuation = |at: usize| bytes.get(at).is_some_and(|b| b & 0xc0 == 0x80);
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += match b {
            _ if is_plain_word_byte(b) => 1,
            0xd0 | 0xd1 if continuation(i + 1) => 2,
            0xe2 if bytes.get(i + 1) == Some(&0x99)
                && bytes.get(i + 2).is_some_and(|c| (0x94..=0x9f).contains(c)) =>
            {
                3
            }
            _ => break,
        };
    }
    i
}

/// An en passant mark written apart from its move (`exd6 e.p.`, `exf6
/// е.р.`, `bxc3 a.p.`) at `start`, after a move that is an en passant
/// capture, as the walk takes it (with nothing to say): where the mark
/// ends. `None` for anything else, which the walk reads (a mark after
/// another move is a slip it reports).
#[inline(never)]
fn en_passant_mark(text: &str, start: usize, game: &Game) -> Option<usize> {
    let rest = &text[start..];
    let mark = EN_PASSANT_MARKS.iter().find(|m| rest.starts_with(**m))?;
    let end = start + mark.len();
    if text.as_bytes().get(end).is_some_and(|&b| !is_space(b)) {
        return None;
    }
    let last = game.events.iter().rev().find_map(|e| match e {
        Event::Move(m) => Some(m),
        _ => None,
    })?;
    matches!(last.mv, Some(shakmaty::Move::EnPassant { .. })).then_some(end)
}
