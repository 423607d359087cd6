//! Plain movetext, one game per line.

use crate::game::Game;
use crate::notation::spelling::Spelling;
use crate::output::{Layout, Printer, write_movetext};

/// The movetext alone (moves, comments, variations, glyphs and the
/// result), each game on one line.
pub struct TextPrinter {
    /// Private: the spelling is made from its style once, and would not
    /// follow a change to it.
    layout: Layout,
    spelling: Spelling,
}

impl TextPrinter {
    /// A printer writing with `layout`.
    pub fn new(layout: Layout) -> TextPrinter {
        TextPrinter {
            spelling: Spelling::new(layout.style),
            layout,
        }
    }
}

impl Printer for TextPrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        write_movetext(game, &self.spelling, self.layout.strip, None, true, out);
        out.push(b'\n');
    }

    fn shows_check(&self) -> bool {
        self.layout.style.shows_check()
    }
}
