//! One line per game for a UCI engine: what follows `position` in the UCI
//! protocol.

use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;

use crate::game::Game;
use crate::output::Printer;

/// `startpos moves e2e4 e7e5 ...`, or `fen <FEN> moves ...` for a game
/// that starts elsewhere: the main line, so that `position <line>` sets an
/// engine up at the game's end (Chess960 castling as the king taking its
/// rook, as engines in that mode expect).
pub struct UciLinePrinter;

impl Printer for UciLinePrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        use std::io::Write as _;
        // Writing into memory cannot fail.
        if game.from_fen {
            let _ = write!(
                out,
                "fen {}",
                Fen::from_position(&game.start, EnPassantMode::Legal)
            );
        } else {
            out.extend_from_slice(b"startpos");
        }
        let mut moves = game.mainline().peekable();
        if moves.peek().is_some() {
            out.extend_from_slice(b" moves");
        }
        for m in moves {
            let _ = write!(out, " {}", m.uci(game.castling_mode));
        }
        out.push(b'\n');
    }

    fn shows_check(&self) -> bool {
        false
    }

    /// An empty line: line N of the output stays game N of the input.
    fn print_failed(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
    }
}
