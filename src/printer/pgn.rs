//! PGN output: the seven tag roster, the other tags, and wrapped movetext.

use crate::game::Game;
use crate::printer::{Layout, Printer, write_movetext};

/// PGN export format (with the `fide-en` style; other styles keep the
/// layout and change only how moves are written).
pub struct PgnPrinter {
    pub layout: Layout,
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

fn write_tag(name: &str, value: &str, out: &mut String) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

impl Printer for PgnPrinter {
    fn print(&self, game: &Game, out: &mut String) {
        for (name, default) in ROSTER {
            let value = match game.tag(name) {
                Some(v) => v,
                None if name == "Result" => game.result().as_str(),
                None => default,
            };
            write_tag(name, value, out);
        }
        for (name, value) in game.tags() {
            if !ROSTER.iter().any(|(n, _)| *n == name) {
                write_tag(name, value, out);
            }
        }
        out.push('\n');
        write_movetext(game, &self.layout, Some(PGN_WIDTH), false, out);
        out.push_str("\n\n");
    }
}
