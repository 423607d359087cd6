//! One line per game for a UCI engine: what follows `position` in the UCI
//! protocol.

use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;

use crate::game::Game;
use crate::printer::Printer;

/// `startpos moves e2e4 e7e5 ...`, or `fen <FEN> moves ...` for a game
/// that starts elsewhere: the main line, so that `position <line>` sets an
/// engine up at the game's end (Chess960 castling as the king taking its
/// rook, as engines in that mode expect).
pub struct UciLinePrinter;

impl Printer for UciLinePrinter {
    fn print(&self, game: &Game, out: &mut String) {
        if game.from_fen {
            out.push_str("fen ");
            out.push_str(&Fen::from_position(&game.start, EnPassantMode::Legal).to_string());
        } else {
            out.push_str("startpos");
        }
        let mut moves = game.mainline().peekable();
        if moves.peek().is_some() {
            out.push_str(" moves");
        }
        for m in moves {
            out.push(' ');
            out.push_str(&m.uci(game.castling_mode).to_string());
        }
        out.push('\n');
    }

    fn shows_check(&self) -> bool {
        false
    }
}
