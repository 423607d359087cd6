//! A game that is not UTF-8 throughout, decoded again as a whole in the
//! encoding its own bytes say: the splitter's hook for deciding the
//! encoding per game.

use std::io::BufRead;

use super::{GameScan, Splitter};

/// How a game that was not UTF-8 throughout was decoded: every game's
/// encoding is decided on its own bytes (a Latin-1 game among UTF-8 ones
/// is read as Latin-1; a stray byte in a UTF-8 game is one U+FFFD).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameDecoding {
    pub encoding: crate::input::decode::Encoding,
    /// Byte sequences read as U+FFFD: malformed UTF-8, or the bytes a
    /// single-byte encoding leaves undefined (0x81 in Windows-1252).
    pub replaced: u32,
    /// The first line of the game that is not UTF-8.
    pub line: u32,
}

impl<R: BufRead> Splitter<R> {
    /// Decodes the game's text again as a whole in the encoding its bytes
    /// say: its lines read as Latin-1 stand for their bytes one for one,
    /// its other lines are UTF-8 as they are. Line breaks are the same
    /// bytes in every encoding, so its lines stay where they were.
    pub(super) fn redecode(&mut self, game: &mut GameScan<'_>) -> GameDecoding {
        let start = game.start.0;
        let first = game.provisional[0].start;
        let line =
            game.first_line.unwrap_or(1) + game.text[start..first].matches('\n').count() as u32;
        self.scratch.clear();
        let mut at = start;
        for range in &game.provisional {
            self.scratch
                .extend_from_slice(&game.text.as_bytes()[at..range.start]);
            self.scratch
                .extend(game.text[range.clone()].chars().map(|c| c as u8));
            at = range.end;
        }
        self.scratch.extend_from_slice(&game.text.as_bytes()[at..]);
        let (encoding, replaced) =
            crate::input::decode::decode_game(&self.scratch, self.prior, game.text, start);
        if encoding != crate::input::decode::Encoding::Utf8 {
            self.prior = Some(encoding);
        }
        GameDecoding {
            encoding,
            replaced,
            line,
        }
    }
}
