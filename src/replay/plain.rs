//! The replay of a game in plain PGN, in one pass over its bytes: tags, then
//! move numbers, SAN moves in PGN's letters (`e4`, `Nbd7`, `exd8=Q+`,
//! `O-O`) and results, with nothing else between them. Most of the games of
//! a database are written so.
//!
//! It is the general replay's walk, cut down to these tokens: the same tag
//! storage and start position, the same SAN reader
//! ([`crate::move_token::fast_san`]), the same resolution on the board, the
//! same record of each move and the same check of its marks. It builds the
//! same [`Game`]; where it meets anything else (a comment, a variation, a
//! glyph, a national letter, a move that needs a repair or a choice, or is
//! illegal), it stops, and the game is replayed from its start by the
//! general walk, which reads and reports all of that. So the plain lane
//! never decides anything the general replay would decide otherwise: it
//! only skips, for the commonest games, the machinery the others need.

use shakmaty::Position;

use super::Settings;
use super::marks::mark_slips;
use super::setup::{start_position, store_tag};
use crate::game::{Event, Game, GameResult, MoveRecord, check_of};
use crate::lexer::{is_plain_space as is_space, is_plain_word_byte, plain_tag_at};
use crate::move_token::fast_san;
use crate::resolve::resolve;

/// Whether the plain lane may read games under `settings`: PGN's letters,
/// algebraic notation, and no report asked for that it does not make.
pub(super) fn applies(settings: &Settings<'_>) -> bool {
    settings.alphabet.is_english() && settings.descriptive.is_none() && !settings.lint
}

/// Replays `text` into `game` (set up by the caller, as for the general
/// walk). `false` where the game is not plain: `game` is then half-built
/// and the caller starts again.
pub(super) fn replay_plain(text: &str, game: &mut Game) -> bool {
    // The tags, in the usual form only (as the lexer reads it first).
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        if bytes.get(i) != Some(&b'[') {
            break;
        }
        let Some((name, value, end)) = plain_tag_at(text, i) else {
            return false;
        };
        store_tag(game, name, value);
        i = end;
    }
    // A comment, a variation or a NAG, looked for at once (one fast
    // scan): a game with one is given up before any move is replayed,
    // not where it stands, which may be after its last move.
    if memchr::memchr3(b'{', b'(', b'$', &bytes[i..]).is_some() {
        return false;
    }
    let mut pos = None;
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        let Some(&first) = bytes.get(i) else { break };
        // A move number, `12.` or `12...`, maybe with its move glued on
        // (`12.e4`), as the lexer reads it.
        if first.is_ascii_digit() {
            let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            let dots = bytes[i + digits..]
                .iter()
                .take_while(|&&b| b == b'.')
                .count();
            if dots > 0 && digits <= 9 {
                i += digits + dots;
                match bytes.get(i) {
                    Some(&b) if !is_space(b) && !b.is_ascii_alphabetic() => return false,
                    _ => continue,
                }
            }
        }
        let start = i;
        while i < bytes.len() && is_plain_word_byte(bytes[i]) {
            i += 1;
        }
        if i < bytes.len() && !is_space(bytes[i]) {
            return false;
        }
        let word = &text[start..i];
        if first.is_ascii_alphabetic() {
            let pos = match &mut pos {
                Some(pos) => pos,
                None => match start_position(game) {
                    Ok(p) => pos.insert(p),
                    Err(_) => return false,
                },
            };
            let Some(parsed) = fast_san(word) else {
                return false;
            };
            game.note_letter_of(word);
            let Ok(resolved) = resolve(pos, &parsed.token) else {
                return false;
            };
            let mut record = MoveRecord {
                mv: Some(resolved.mv),
                san: resolved.san,
                check: None,
                color: pos.turn(),
                number: pos.fullmoves().get(),
            };
            pos.play_unchecked(resolved.mv);
            record.check = check_of(pos);
            let mut slipped = false;
            mark_slips(word, &parsed, &record, |_| slipped = true);
            if slipped {
                return false;
            }
            game.moves_read += 1;
            game.events.push(Event::Move(record));
        } else if let Some(result) = GameResult::parse(word) {
            game.result = Some(result);
        } else {
            return false;
        }
    }
    // A game of tags alone: its start position is still checked.
    pos.is_some() || start_position(game).is_ok()
}
