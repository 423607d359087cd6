//! The start of a game from its tags: the FEN, SetUp and Variant tags
//! give the position (standard or Chess960) the moves start from; tag
//! values are stored with their escapes undone.

use shakmaty::{CastlingMode, Chess, Position, PositionError, fen::Fen};

use crate::game::Game;

/// Stores the tag `name` with its `value` as written (escapes undone):
/// `false` where it replaced a tag of that name.
pub(super) fn store_tag(game: &mut Game, name: &str, value: &str) -> bool {
    let start = game.begin_text();
    unescape_into(game, value);
    let value = game.end_text(start);
    game.set_tag_stored(name, value)
}

fn unescape_into(game: &mut Game, value: &str) {
    let mut rest = value;
    // Values are short: a plain loop beats a vector search's setup.
    while let Some(i) = backslash(rest) {
        game.push_text(&rest[..i]);
        let escaped = rest[i + 1..].chars().next();
        match escaped {
            Some(c @ ('"' | '\\')) => {
                let mut buf = [0; 4];
                game.push_text(c.encode_utf8(&mut buf));
                rest = &rest[i + 2..];
            }
            _ => {
                game.push_text("\\");
                rest = &rest[i + 1..];
            }
        }
    }
    game.push_text(rest);
}

/// Where the first backslash of `text` is: a plain loop over its bytes.
fn backslash(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Whether a Variant tag names Chess960 (in any of its usual spellings),
/// standard chess, or something else.
fn variant_mode(variant: &str) -> Result<Option<CastlingMode>, ()> {
    let key: String = variant
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => Ok(None),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "freestyle"
        | "freestylechess" | "fischerrandomchess" => Ok(Some(CastlingMode::Chess960)),
        _ => Err(()),
    }
}

/// Which tag a start position problem is with.
#[derive(Clone, Copy)]
pub(super) enum SetupTag {
    Fen = 0,
    Variant = 1,
}

/// A start position, and what was overlooked to have one.
pub(super) struct Start {
    pub(super) pos: Chess,
    /// The FEN has more material than a game can (nine pawns of a side):
    /// read even so, as chess.js and lichess do, with this warning.
    pub(super) warning: Option<String>,
}

/// Sets the game's start position from its tags.
pub(super) fn start_position(game: &mut Game) -> Result<Start, (String, SetupTag)> {
    let mut warning = None;
    let variant = game.tag("Variant").unwrap_or("");
    let forced = variant_mode(variant).map_err(|()| {
        (
            format!("variant `{variant}` is not supported (only standard chess and Chess960)"),
            SetupTag::Variant,
        )
    })?;
    let pos = match game.tag("FEN") {
        None => {
            if forced.is_some() {
                // Chess960 from the standard array: castling is still 960-style.
                Chess::default()
                    .to_setup(shakmaty::EnPassantMode::Legal)
                    .position(CastlingMode::Chess960)
                    .map_err(|e| (e.to_string(), SetupTag::Variant))?
            } else {
                Chess::default()
            }
        }
        Some(fen_text) => {
            let fen: Fen = fen_text.trim().parse().map_err(|e| {
                (
                    format!("FEN tag `{fen_text}` cannot be read: {e}"),
                    SetupTag::Fen,
                )
            })?;
            let mode = forced.unwrap_or_else(|| CastlingMode::detect(fen.as_setup()));
            match fen
                .into_position(mode)
                .or_else(PositionError::ignore_invalid_ep_square)
            {
                Ok(pos) => pos,
                Err(e) => {
                    let illegal = format!("FEN tag `{fen_text}` is not a legal position: {e}");
                    let pos = e
                        .ignore_too_much_material()
                        .map_err(|_| (illegal, SetupTag::Fen))?;
                    warning = Some(format!(
                        "FEN tag `{fen_text}` holds more material than a game can reach; read as it is"
                    ));
                    pos
                }
            }
        }
    };
    game.castling_mode = pos.castles().mode();
    game.from_fen = game.tag("FEN").is_some();
    game.start = pos.clone();
    Ok(Start { pos, warning })
}
