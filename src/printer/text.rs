//! Plain movetext, one game per line.

use crate::game::Game;
use crate::printer::{Layout, Printer, write_movetext};

/// The movetext alone (moves, comments, variations, glyphs and the
/// result), each game on one line.
pub struct TextPrinter {
    pub layout: Layout,
}

impl Printer for TextPrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        write_movetext(game, &self.layout, None, true, out);
        out.push(b'\n');
    }

    fn shows_check(&self) -> bool {
        self.layout.style.shows_check()
    }
}
