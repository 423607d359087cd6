//! PGN output: the seven tag roster, the other tags, and wrapped movetext.

use crate::game::Game;
use crate::notation::spelling::Spelling;
use crate::output::{Layout, Printer, write_movetext};

/// PGN export format (with the `fide-en` style; other styles keep the
/// layout and change only how moves are written).
pub struct PgnPrinter {
    /// Private: the spelling is made from its style once, and would not
    /// follow a change to it.
    layout: Layout,
    spelling: Spelling,
}

impl PgnPrinter {
    /// A printer writing with `layout`.
    pub fn new(layout: Layout) -> PgnPrinter {
        PgnPrinter {
            spelling: Spelling::new(layout.style),
            layout,
        }
    }
}

/// The seven tag roster, in its required order, with the values PGN uses
/// for unknown ones.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Lines of PGN export format hold at most 79 characters.
pub const PGN_WIDTH: usize = 79;

fn write_tag(name: &str, value: &str, out: &mut Vec<u8>) {
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    // Runs without a quote or backslash go in whole.
    let mut rest = value.as_bytes();
    while let Some(i) = rest.iter().position(|&b| b == b'"' || b == b'\\') {
        out.extend_from_slice(&rest[..i]);
        out.push(b'\\');
        out.push(rest[i]);
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
    out.extend_from_slice(b"\"]\n");
}

/// Where a tag stands in the seven tag roster, if it does.
fn roster_index(name: &str) -> Option<usize> {
    Some(match name {
        "Event" => 0,
        "Site" => 1,
        "Date" => 2,
        "Round" => 3,
        "White" => 4,
        "Black" => 5,
        "Result" => 6,
        _ => return None,
    })
}

impl Printer for PgnPrinter {
    fn print(&self, game: &Game, out: &mut Vec<u8>) {
        // One pass over the tags finds the roster's (the first of each).
        let mut roster: [Option<&str>; 7] = [None; 7];
        for (name, value) in game.tags() {
            if let Some(i) = roster_index(name) {
                roster[i].get_or_insert(value);
            }
        }
        for ((name, default), value) in ROSTER.iter().zip(roster) {
            let value = match value {
                Some(v) => v,
                None if *name == "Result" => game.result().as_str(),
                None => default,
            };
            write_tag(name, value, out);
        }
        // PGN asks for the start with `SetUp "1"`: where the text gave
        // none, the board's, once.
        let mut fen_due = game.tag("FEN").is_none();
        for (name, value) in game.tags() {
            if roster_index(name).is_none() {
                write_tag(name, value, out);
                if fen_due && name == "SetUp" && value == "1" {
                    write_tag("FEN", &game.start_fen(), out);
                    fen_due = false;
                }
            }
        }
        out.push(b'\n');
        write_movetext(
            game,
            &self.spelling,
            self.layout.strip,
            Some(PGN_WIDTH),
            false,
            out,
        );
        out.extend_from_slice(b"\n\n");
    }

    fn shows_check(&self) -> bool {
        self.layout.style.shows_check()
    }
}
