//! Output: a [`Game`] written out in one output format by a printer, and
//! the files it goes to written whole ([`files`]).
//!
//! Each format is a [`Printer`]; the driver hands it every game and a buffer
//! to write into, so games can be printed on any thread and written out in
//! input order. What a printer writes of a move is the [`Style`]'s business;
//! the printers only lay games out.

mod epd;
pub mod files;
mod movetext;
mod ndjson;
mod pgn;
mod text;
mod uci_line;

use std::sync::Arc;

use crate::game::Game;
use crate::notation::style::Style;
use crate::vocab::origin::SourceMap;

pub use epd::EpdPrinter;
pub use movetext::write_movetext;
pub use ndjson::NdjsonPrinter;
pub use pgn::PgnPrinter;
pub use text::TextPrinter;
pub use uci_line::UciLinePrinter;

macro_rules! formats {
    ($($variant:ident = $text:literal: $help:literal),+ $(,)?) => {
        /// An output format.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Format { $(#[doc = $help] $variant),+ }

        impl Format {
            /// Every format, its name and what it is.
            pub const ALL: &'static [(Format, &'static str, &'static str)] =
                &[$((Format::$variant, $text, $help)),+];
        }
    };
}

formats! {
    Pgn = "pgn": "PGN: tags and movetext (PGN export format with the fide-en style)",
    Text = "text": "the movetext alone, one line per game (with --to uci, the moves alone; a failed game's line empty)",
    Ndjson = "ndjson": "one JSON object per game per line",
    Epd = "epd": "one EPD line per position of the main line, as pgn-extract -Wepd",
    UciLine = "uci-line": "one line per game for a UCI engine: startpos moves e2e4 ... (a failed game's line empty)",
}

impl Format {
    /// The file extension of the format's output (for `--out-dir`).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Text | Format::UciLine => "txt",
            Format::Ndjson => "ndjson",
            Format::Epd => "epd",
        }
    }

    /// The format's name, as `--format` takes it.
    pub fn name(self) -> &'static str {
        Format::ALL
            .iter()
            .find(|(f, _, _)| *f == self)
            .map(|(_, n, _)| *n)
            .unwrap_or("pgn")
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL
            .iter()
            .find(|(_, name, _)| *name == s)
            .map(|(f, _, _)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|(_, n, _)| *n).collect();
                // JSON is written a game per line.
                let hint = match s.eq_ignore_ascii_case("json") || s.eq_ignore_ascii_case("jsonl") {
                    true => "; did you mean ndjson?",
                    false => "",
                };
                format!("`{s}` is not a format ({}){hint}", names.join(", "))
            })
    }
}

/// What to leave out of the output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Strip {
    pub comments: bool,
    pub variations: bool,
    pub nags: bool,
}

/// The switch of a [`Strip`] that one name sets.
type Switch = fn(&mut Strip) -> &mut bool;

impl Strip {
    /// What can be left out, as `--strip` names it, and the switch each
    /// name sets.
    const PARTS: [(&'static str, Switch); 3] = [
        ("comments", |s| &mut s.comments),
        ("variations", |s| &mut s.variations),
        ("nags", |s| &mut s.nags),
    ];

    /// The names of what can be left out: `comments`, `variations`, `nags`.
    pub fn part_names() -> impl Iterator<Item = &'static str> {
        Strip::PARTS.iter().map(|(name, _)| *name)
    }
}

impl std::str::FromStr for Strip {
    type Err = String;
    /// Reads a comma-separated list: `comments,variations,nags`.
    fn from_str(s: &str) -> Result<Strip, String> {
        let mut strip = Strip::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((_, switch)) = Strip::PARTS.iter().find(|(name, _)| *name == part) else {
                let names: Vec<&str> = Strip::part_names().collect();
                let (last, rest) = names.split_last().expect("there are parts");
                return Err(format!(
                    "cannot strip `{part}` (expected {} or {last})",
                    rest.join(", ")
                ));
            };
            *switch(&mut strip) = true;
        }
        Ok(strip)
    }
}

/// What every printer is told.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    pub style: Style,
    pub strip: Strip,
    /// Give the position (FEN) after each move, where the format has room
    /// for it (ndjson).
    pub fen: bool,
}

/// Where the games printed come from: the input as named (a path,
/// `<stdin>`, `<text 1>`) and, where it is a document, the map of its
/// text into it.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub path: String,
    pub map: Option<Arc<SourceMap>>,
}

/// Writes games in one output format.
pub trait Printer: Send + Sync {
    /// Appends `game` to `out`, in UTF-8. Called only for games that converted,
    /// unless [`Printer::prints_failed_games`] says otherwise.
    fn print(&self, game: &Game, out: &mut Vec<u8>);

    /// Whether the output shows the check each move gives: where it does
    /// not, games need not be read with every check found
    /// ([`crate::game::Checks::Written`]).
    fn shows_check(&self) -> bool {
        true
    }

    /// Whether games that failed are printed too (with what was read of
    /// them and their errors) rather than only reported.
    fn prints_failed_games(&self) -> bool {
        false
    }

    /// Appends what stands for a game that failed, where
    /// [`Printer::prints_failed_games`] does not print it: nothing, except
    /// in the formats of a line per game (text, uci-line), which write an
    /// empty line so that line N of the output is game N of the input.
    fn print_failed(&self, _out: &mut Vec<u8>) {}

    /// Where the games printed from now on come from, for formats that
    /// say it (ndjson).
    fn set_origin(&mut self, _origin: Option<Arc<Origin>>) {}

    /// Whether the format says where each game's first move is
    /// ([`Game::first_move`] to be set before it prints).
    fn tells_origin(&self) -> bool {
        false
    }
}

/// The printer of a format.
pub fn printer(format: Format, layout: Layout) -> Box<dyn Printer> {
    match format {
        Format::Pgn => Box::new(PgnPrinter::new(layout)),
        Format::Text => Box::new(TextPrinter::new(layout)),
        Format::Ndjson => Box::new(NdjsonPrinter::new(layout)),
        Format::Epd => Box::new(EpdPrinter),
        Format::UciLine => Box::new(UciLinePrinter),
    }
}
