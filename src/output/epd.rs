//! EPD: one line per position of the main line, as pgn-extract's `-Wepd`
//! writes them, for position databases and engine test suites.

use shakmaty::EnPassantMode;
use shakmaty::fen::Epd;

use crate::game::Game;
use crate::output::Printer;

/// Each position of the main line, the start included, as the four EPD
/// fields (the en passant square after every double step, as pgn-extract
/// has it) with two opcodes: `c0` naming the game (`White-Black Event Site
/// Date`, each tag the game lacks left out) and `c1` its result. A blank
/// line ends each game.
pub struct EpdPrinter;

impl Printer for EpdPrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        // As pgn-extract writes them: the players, then each of the event,
        // site and date the game has (`c0 -;` for a game with none).
        let tag = |name| game.tag(name).unwrap_or("");
        let mut opcodes = format!(" c0 {}-{}", tag("White"), tag("Black"));
        for name in ["Event", "Site", "Date"] {
            if let Some(value) = game.tag(name) {
                opcodes.push(' ');
                opcodes.push_str(value);
            }
        }
        opcodes.push_str("; c1 ");
        opcodes.push_str(game.result().as_str());
        opcodes.push_str(";\n");
        let mut line = |pos: &shakmaty::Chess| {
            out.extend_from_slice(
                Epd::from_position(pos, EnPassantMode::Always)
                    .to_string()
                    .as_bytes(),
            );
            out.extend_from_slice(opcodes.as_bytes());
        };
        line(&game.start);
        for (_, pos) in game.mainline_positions() {
            line(&pos);
        }
        out.push(b'\n');
    }

    fn shows_check(&self) -> bool {
        false
    }
}
