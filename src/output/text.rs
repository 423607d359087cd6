//! Plain movetext, one game per line; with the UCI form, the main line's
//! moves alone.

use crate::game::Game;
use crate::notation::spelling::Spelling;
use crate::notation::style::Form;
use crate::output::{Layout, Printer, write_movetext};

/// The movetext alone (moves, comments, variations, glyphs and the
/// result), each game on one line. In the UCI form (`--to uci`), the main
/// line's moves alone, space separated, with no numbers, comments,
/// variations or result (as pgn-extract's `-Wuci` writes them).
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
        if self.layout.style.form == Form::Uci {
            let mut first = true;
            for m in game.mainline() {
                if !first {
                    out.push(b' ');
                }
                first = false;
                self.spelling.put_move_at(m, None, game.castling_mode, out);
            }
        } else {
            write_movetext(game, &self.spelling, self.layout.strip, None, true, out);
        }
        out.push(b'\n');
    }

    fn shows_check(&self) -> bool {
        self.layout.style.shows_check()
    }

    /// An empty line: line N of the output stays game N of the input.
    fn print_failed(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
    }
}
