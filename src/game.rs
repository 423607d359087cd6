//! The game model: what a game record says once every move is known.
//!
//! A [`Game`] is tags, a start position and a flat list of [`Event`]s in
//! movetext order (moves, comments, NAGs, variation brackets), the way PGN
//! itself lays a game tree out. Every move carries what any notation needs
//! to write it (the move, its minimal SAN, the check it gives, unless the
//! game was read for output that shows none: [`Checks`]), so printers
//! never touch a board. A `Game` is reused from one game to the next: its
//! buffers keep their capacity, and reading a game allocates nothing per move.

use std::ops::Range;

use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, fen::Fen};

use crate::vocab::diag::Diagnostic;
use crate::vocab::letters::LetterSet;

mod tree;
pub(crate) use crate::vocab::moves::check_short_of_mate;
pub use crate::vocab::moves::{Check, Checks, MoveRecord, check_of, pass, play};
pub use crate::vocab::result::GameResult;
pub use tree::{Mended, TreeFault};

/// How a game's moves were written, as far as reading it tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// Algebraic, short or long, in some letter set (UCI too).
    Algebraic,
    /// ICCF numeric, every move (`5254 7163`).
    Iccf,
    /// Descriptive, in this language (`P-K4`, `P4R`, `P.4R`).
    Descriptive(crate::notation::descriptive::Lang),
}

impl Notation {
    /// Its name in ndjson and messages.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Algebraic => "algebraic",
            Notation::Iccf => "iccf",
            Notation::Descriptive(_) => "descriptive",
        }
    }
}

/// One element of the movetext, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Move(MoveRecord),
    /// A numeric annotation glyph (`$1`, or `!` read as 1).
    Nag(u8),
    /// A comment's text, as a range into the game's text buffer.
    Comment(Range<u32>),
    /// `(`: an alternative to the move before it begins.
    StartVariation,
    /// `)`
    EndVariation,
    /// `(=)`: a draw offer written after a move.
    DrawOffer,
}

/// A game record with every move resolved.
#[derive(Debug, Clone)]
pub struct Game {
    text: String,
    tags: Vec<(Range<u32>, Range<u32>)>,
    /// A bit for each tag name in `tags` ([`name_bit`]): a name whose bit
    /// is not set is not there, and is not looked for.
    tag_names: u64,
    /// Where each name is in `tags`, once the game has more than
    /// [`Game::TAGS_SCANNED`]: past that, a search of the list would make
    /// reading a game's tags quadratic in their number.
    // Boxed: one word in a `Game` that nearly never has it.
    #[allow(clippy::box_collection)]
    tag_map: Option<Box<std::collections::HashMap<Box<str>, usize>>>,
    /// The position before the first move.
    pub start: Chess,
    /// Chess960 castling (from the Variant tag or the FEN's castling rights).
    pub castling_mode: CastlingMode,
    /// Whether the start position came from a FEN tag.
    pub from_fen: bool,
    pub events: Vec<Event>,
    /// The result written in the movetext, if any.
    pub result: Option<GameResult>,
    /// Problems found reading the game, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// The letter set the moves were read in.
    pub letters: Option<&'static LetterSet>,
    /// The game was read as descriptive notation, in this language.
    pub descriptive: Option<crate::notation::descriptive::Lang>,
    /// Moves read (variations included), and how many of them were
    /// written in ICCF numeric notation.
    pub(crate) moves_read: u32,
    pub(crate) iccf_moves: u32,
    /// The distinct piece letters the moves were written with, as written
    /// (for letter-set detection).
    pub(crate) piece_letters: Vec<String>,
    /// The single ASCII letters already in `piece_letters`, as a bit set.
    ascii_letters: u128,
    /// The single letters outside ASCII already in `piece_letters`.
    char_letters: Vec<char>,
    /// Strings `piece_letters` held in games before, kept to be written
    /// over: a game notes about five letters, and allocating each anew
    /// cost 1% of a conversion.
    spare_letters: Vec<String>,
    /// Some words were not read whole as moves (prose, moves run
    /// together), so `piece_letters` may differ from the letters a scan of
    /// the text finds ([`crate::read::detect::piece_letters`]).
    pub(crate) letters_partial: bool,
    /// Letters read as pieces by the board that the game's set does not
    /// have (one per letter): a reading whose set has every letter is the
    /// likelier.
    pub(crate) foreign_letters: u32,
    /// Words in prose that are legal moves where they stand, passed over:
    /// a reading under which more of the text plays is the likelier.
    pub(crate) unread_playable: u32,
    /// Stretches of prose kept as comments that name moves (said in a
    /// warning): a reading that leaves them may have the wrong notation.
    pub(crate) unread_named: u32,
    /// How many moves the main line read before the first whose written
    /// number says it is another move (`None`: every number agreed): a
    /// reading of the text by its numbers may differ from the moves after.
    pub(crate) numbered_plies: Option<u32>,
    /// A move that matched nothing, to be explained with suggestions once
    /// the reading is settled: (the diagnostic, the position, the word).
    pub(crate) unexplained: Option<(usize, Chess, String)>,
    /// The line the game starts on in its input (1-based).
    pub first_line: u32,
    /// Where the first move of the main line is in the game's text (a
    /// byte offset), as the general walk found it (the plain lane notes
    /// nothing: its first move follows the tag pairs).
    pub(crate) first_move_at: Option<u32>,
    /// The line and column (1-based, in the input) of the first move of
    /// the main line, set by the converter for outputs that tell where
    /// each game came from (ndjson).
    pub first_move: Option<(u32, u32)>,
    /// Where in the game's text the next game begins, where the reader
    /// found one inside it (see `read::replay::next_game`): the text from
    /// there is not this game's, and is read as a game of its own.
    pub next_game: Option<usize>,
    /// The plain lane read the game whole since it was last cleared: its
    /// events are a main line alone, with no side line to mend.
    pub(crate) plain: bool,
}

/// A tag name's bit in [`Game::tag_names`], from its length and first byte.
/// The seven roster names, `FEN`, `SetUp` and `Variant` have a bit each;
/// names that share one (`White`, `BlackElo`) are told apart by the search.
fn name_bit(name: &str) -> u64 {
    let first = name.as_bytes().first().copied().unwrap_or(0);
    1 << ((name.len() * 7 + usize::from(first)) % 64)
}

/// Two games are equal when everything read from them is: the stored text
/// and tags, the start position (its move counters too), every event,
/// diagnostic and letter noted. A replay is deterministic, so two replays of
/// one text that take different ways must come to equal games.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        // Taken apart field by field, so that a field added to `Game` must
        // be added here too.
        let Game {
            text,
            tags,
            tag_names: _,
            tag_map: _,
            start,
            castling_mode,
            from_fen,
            events,
            result,
            diagnostics,
            letters,
            descriptive,
            moves_read,
            iccf_moves,
            piece_letters,
            ascii_letters,
            char_letters,
            spare_letters: _,
            letters_partial,
            foreign_letters,
            unread_playable,
            unread_named,
            numbered_plies,
            unexplained,
            first_line,
            // Noted by the general walk only (the plain lane's first move
            // is found past its tags): no difference in what was read.
            first_move_at: _,
            first_move,
            next_game,
            // Which lane read the game: no difference in what was read.
            plain: _,
        } = self;
        let same_start = *start == other.start
            && start.halfmoves() == other.start.halfmoves()
            && start.fullmoves() == other.start.fullmoves();
        let same_unexplained = match (unexplained, &other.unexplained) {
            (None, None) => true,
            (Some((i, p, w)), Some((j, q, v))) => i == j && p == q && w == v,
            _ => false,
        };
        same_start
            && same_unexplained
            && *text == other.text
            && *tags == other.tags
            && *castling_mode == other.castling_mode
            && *from_fen == other.from_fen
            && *events == other.events
            && *result == other.result
            && *diagnostics == other.diagnostics
            && *letters == other.letters
            && *descriptive == other.descriptive
            && *moves_read == other.moves_read
            && *iccf_moves == other.iccf_moves
            && *piece_letters == other.piece_letters
            && *ascii_letters == other.ascii_letters
            && *char_letters == other.char_letters
            && *next_game == other.next_game
            && *letters_partial == other.letters_partial
            && *foreign_letters == other.foreign_letters
            && *unread_playable == other.unread_playable
            && *unread_named == other.unread_named
            && *numbered_plies == other.numbered_plies
            && *first_line == other.first_line
            && *first_move == other.first_move
    }
}

impl Default for Game {
    fn default() -> Self {
        Game {
            text: String::new(),
            tags: Vec::new(),
            tag_names: 0,
            tag_map: None,
            start: Chess::default(),
            castling_mode: CastlingMode::Standard,
            from_fen: false,
            events: Vec::new(),
            result: None,
            diagnostics: Vec::new(),
            letters: None,
            descriptive: None,
            moves_read: 0,
            iccf_moves: 0,
            piece_letters: Vec::new(),
            ascii_letters: 0,
            char_letters: Vec::new(),
            spare_letters: Vec::new(),
            letters_partial: false,
            foreign_letters: 0,
            unread_playable: 0,
            unread_named: 0,
            numbered_plies: None,
            unexplained: None,
            first_line: 1,
            first_move_at: None,
            first_move: None,
            next_game: None,
            plain: false,
        }
    }
}

impl Game {
    /// Empties the game for reuse, keeping its buffers.
    pub fn clear(&mut self) {
        self.text.clear();
        self.tags.clear();
        self.tag_names = 0;
        if let Some(map) = &mut self.tag_map {
            map.clear();
        }
        self.start = Chess::default();
        self.castling_mode = CastlingMode::Standard;
        self.from_fen = false;
        self.events.clear();
        self.result = None;
        self.diagnostics.clear();
        self.letters = None;
        self.descriptive = None;
        self.moves_read = 0;
        self.iccf_moves = 0;
        let room = Game::SPARE_LETTERS.saturating_sub(self.spare_letters.len());
        let kept = self.piece_letters.len().min(room);
        self.spare_letters.extend(self.piece_letters.drain(..kept));
        self.piece_letters.clear();
        self.ascii_letters = 0;
        self.char_letters.clear();
        self.letters_partial = false;
        self.foreign_letters = 0;
        self.unread_playable = 0;
        self.unread_named = 0;
        self.numbered_plies = None;
        self.unexplained = None;
        self.first_line = 1;
        self.first_move_at = None;
        self.first_move = None;
        self.next_game = None;
        self.plain = false;
    }

    /// The piece letters the moves were written with as a set of ASCII
    /// bytes, where every one of them is a single ASCII letter (as in
    /// PGN): a cheap key for what they say about the letter set.
    pub(crate) fn ascii_letter_set(&self) -> Option<u128> {
        (self.piece_letters.len() == self.ascii_letters.count_ones() as usize)
            .then_some(self.ascii_letters)
    }

    /// Whether `word` is a pawn move or starts with a piece letter already
    /// noted, as [`crate::vocab::words::piece_prefix`] would find it: the cheap
    /// answer for nearly every word of a game, which spares asking it.
    #[inline(always)]
    pub(crate) fn knows_piece_letter_of(&self, word: &str) -> bool {
        match *word.as_bytes() {
            [first, ..] if first.is_ascii_lowercase() => return true,
            // `single_letter`'s ASCII case, the cheapest test first.
            [first, second, ..] if first.is_ascii() => {
                return self.ascii_letters & (1 << first) != 0
                    && crate::vocab::words::is_single_ascii_letter(first, second);
            }
            _ => {}
        }
        let Some(letter) = crate::vocab::words::single_letter(word) else {
            return false;
        };
        match *letter.as_bytes() {
            [b] => self.ascii_letters & (1 << b) != 0,
            _ => letter
                .chars()
                .next()
                .is_some_and(|c| self.char_letters.contains(&c)),
        }
    }

    /// Records the piece letter `word`, a move read in algebraic notation,
    /// starts with, if it is new to the game.
    #[inline]
    pub(crate) fn note_letter_of(&mut self, word: &str) {
        if !self.knows_piece_letter_of(word)
            && let Some(letter) = crate::vocab::words::piece_prefix(word)
        {
            self.note_piece_letter(letter);
        }
    }

    /// [`Game::note_letter_of`] for a word in any letters, whose letter may
    /// be one of two (`Ka8b8`): then the letters noted are not all the
    /// scan of the text finds, and the game's letters are partial. Not in
    /// PGN's (`english`) letters, which read `K` as the king whatever
    /// follows, as the plain lane's SAN path does without asking.
    pub(crate) fn note_letter_or_pair_of(&mut self, word: &str, english: bool) {
        self.note_letter_of(word);
        if !english && crate::vocab::words::letter_either(word).is_some() {
            self.letters_partial = true;
        }
    }

    /// Records the piece letter `word`, a promotion, promotes to, if it
    /// names one (for letter-set detection, as the scan of the text finds
    /// it: [`crate::vocab::words::promotion_letter`]).
    #[inline(never)]
    pub(crate) fn note_promotion_letter_of(&mut self, word: &str) {
        if let Some(letter) = crate::vocab::words::promotion_letter(word) {
            self.note_piece_letter(letter);
        }
    }

    /// Records a piece letter the moves were written with (once).
    pub(crate) fn note_piece_letter(&mut self, letter: &str) {
        if let &[b] = letter.as_bytes()
            && b.is_ascii()
        {
            let bit = 1u128 << b;
            if self.ascii_letters & bit == 0 {
                self.ascii_letters |= bit;
                self.push_piece_letter(letter);
            }
        } else if !self.piece_letters.iter().any(|l| l == letter) {
            self.push_piece_letter(letter);
            let mut chars = letter.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                self.char_letters.push(c);
            }
        }
    }

    /// How many strings of earlier games' letters are kept to be reused.
    const SPARE_LETTERS: usize = 16;

    fn push_piece_letter(&mut self, letter: &str) {
        let mut spelled = self.spare_letters.pop().unwrap_or_default();
        spelled.clear();
        spelled.push_str(letter);
        self.piece_letters.push(spelled);
    }

    fn store(&mut self, s: &str) -> Range<u32> {
        let start = self.text.len() as u32;
        self.text.push_str(s);
        start..self.text.len() as u32
    }

    /// Stores the text of a string being built piece by piece: call
    /// [`Game::begin_text`], push with [`Game::push_text`], then close with
    /// [`Game::end_text`].
    pub(crate) fn begin_text(&self) -> u32 {
        self.text.len() as u32
    }
    pub(crate) fn push_text(&mut self, s: &str) {
        self.text.push_str(s);
    }
    pub(crate) fn end_text(&self, start: u32) -> Range<u32> {
        start..self.text.len() as u32
    }

    /// Adds a tag pair (later pairs of the same name replace earlier ones).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        let value = self.store(value);
        self.set_tag_stored(name, value);
    }

    /// How many tags a game holds before they are looked up by hash.
    const TAGS_SCANNED: usize = 32;

    /// Adds a tag whose value was stored with [`Game::begin_text`]:
    /// `false` where it replaced a tag of that name.
    pub(crate) fn set_tag_stored(&mut self, name: &str, value: Range<u32>) -> bool {
        if let Some(i) = self.tag_index(name) {
            self.tags[i].1 = value;
            return false;
        }
        self.tag_names |= name_bit(name);
        let stored = self.store(name);
        self.tags.push((stored, value));
        if self.tags.len() > Game::TAGS_SCANNED {
            self.map_tag(name);
        }
        true
    }

    /// Notes where the last tag, `name`, is, once tags are looked up by
    /// hash (every tag so far, the first time).
    #[cold]
    #[inline(never)]
    fn map_tag(&mut self, name: &str) {
        let map = self.tag_map.get_or_insert_default();
        if map.is_empty() {
            let text = &self.text;
            let names = (self.tags.iter().enumerate())
                .map(|(i, (n, _))| (text[n.start as usize..n.end as usize].into(), i));
            map.extend(names);
        } else {
            map.insert(name.into(), self.tags.len() - 1);
        }
    }

    /// [`Game::tag_index`] past [`Game::TAGS_SCANNED`] tags.
    #[cold]
    #[inline(never)]
    fn mapped_tag_index(&self, name: &str) -> Option<usize> {
        self.tag_map.as_ref()?.get(name).copied()
    }

    /// Adds a comment event.
    pub fn push_comment(&mut self, text: &str) {
        let range = self.store(text);
        self.events.push(Event::Comment(range));
    }

    /// Writes the comment at `events[i]` anew as `text`, or takes it out
    /// where `text` is empty.
    pub(crate) fn set_comment(&mut self, i: usize, text: &str) {
        if text.is_empty() {
            self.events.remove(i);
        } else {
            let range = self.store(text);
            self.events[i] = Event::Comment(range);
        }
    }

    /// Every text the game stores, one after another: its tags' names and
    /// values and its comments (also those written over since).
    pub(crate) fn stored_text(&self) -> &str {
        &self.text
    }

    /// The text behind a range handed out by this game.
    pub fn slice(&self, range: &Range<u32>) -> &str {
        &self.text[range.start as usize..range.end as usize]
    }

    /// Whether the game has a tag pair.
    #[inline]
    pub fn has_tags(&self) -> bool {
        !self.tags.is_empty()
    }

    /// The tag pairs in input order.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags
            .iter()
            .map(|(n, v)| (self.slice(n), self.slice(v)))
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_index(name).map(|i| self.slice(&self.tags[i].1))
    }

    /// Where the first tag named `name` is in the list. Names are told
    /// apart by their length first, and compared as bytes.
    fn tag_index(&self, name: &str) -> Option<usize> {
        if self.tag_names & name_bit(name) == 0 {
            return None;
        }
        if self.tags.len() > Game::TAGS_SCANNED {
            return self.mapped_tag_index(name);
        }
        let text = self.text.as_bytes();
        self.tags.iter().position(|(n, _)| {
            (n.end - n.start) as usize == name.len()
                && text[n.start as usize..n.end as usize] == *name.as_bytes()
        })
    }

    /// The start position as FEN.
    pub fn start_fen(&self) -> String {
        Fen::from_position(&self.start, EnPassantMode::Legal).to_string()
    }

    /// The result: the movetext's, else the Result tag's, else unknown.
    pub fn result(&self) -> GameResult {
        self.result
            .or_else(|| self.tag("Result").and_then(GameResult::parse))
            .unwrap_or(GameResult::Unknown)
    }

    /// How the game's moves were written.
    pub fn notation(&self) -> Notation {
        match self.descriptive {
            Some(lang) => Notation::Descriptive(lang),
            None if self.iccf_moves > 0 && self.iccf_moves == self.moves_read => Notation::Iccf,
            None => Notation::Algebraic,
        }
    }

    /// Whether any diagnostic is an error (the game did not convert).
    pub fn failed(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The main line's moves.
    pub fn mainline(&self) -> impl Iterator<Item = &MoveRecord> {
        let mut depth = 0usize;
        self.events.iter().filter_map(move |e| match e {
            Event::StartVariation => {
                depth += 1;
                None
            }
            Event::EndVariation => {
                depth = depth.saturating_sub(1);
                None
            }
            Event::Move(m) if depth == 0 => Some(m),
            _ => None,
        })
    }

    /// Replays the main line from the start, giving the position after
    /// each move.
    pub fn mainline_positions(&self) -> impl Iterator<Item = (MoveRecord, Chess)> + '_ {
        let mut pos = Some(self.start.clone());
        self.mainline().map_while(move |m| {
            pos = play(pos.as_ref()?, m);
            Some((*m, pos.clone()?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tag names are found by a bit first: names that share one (`White`
    /// and `BlackElo`) are still told apart, a later pair replaces an
    /// earlier one in its place, and a name never set is not found.
    #[test]
    fn tags_are_found_by_name_whatever_their_bits() {
        let own = [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp", "Variant",
        ];
        let bits = own.iter().fold(0u64, |bits, name| bits | name_bit(name));
        assert_eq!(bits.count_ones() as usize, own.len());
        assert_eq!(name_bit("White"), name_bit("BlackElo"));
        let mut game = Game::default();
        game.set_tag("White", "Anand");
        game.set_tag("BlackElo", "2800");
        game.set_tag("Event", "Match");
        game.set_tag("White", "Carlsen");
        let start = game.begin_text();
        game.push_text("Open");
        let value = game.end_text(start);
        game.set_tag_stored("Event", value.clone());
        game.set_tag_stored("Site", value);
        let tags: Vec<_> = game.tags().collect();
        assert_eq!(
            tags,
            [
                ("White", "Carlsen"),
                ("BlackElo", "2800"),
                ("Event", "Open"),
                ("Site", "Open")
            ]
        );
        assert_eq!(game.tag("BlackElo"), Some("2800"));
        assert_eq!(game.tag("Black"), None);
        assert_eq!(game.tag("WhiteElo"), None);
        game.clear();
        assert_eq!(game.tag("White"), None);
        game.set_tag("BlackElo", "1");
        assert_eq!(game.tag("White"), None);
        assert_eq!(game.tags().count(), 1);
    }

    /// Past the tags searched in a list, the same answers from the map:
    /// the first of a name kept in its place, later values replacing it.
    #[test]
    fn many_tags_are_found_by_hash() {
        let mut game = Game::default();
        for i in 0..100 {
            game.set_tag(&format!("T{i}"), "a");
        }
        for i in (0..100).step_by(7) {
            game.set_tag(&format!("T{i}"), &format!("v{i}"));
        }
        assert_eq!(game.tags().count(), 100);
        assert_eq!(game.tag("T0"), Some("v0"));
        assert_eq!(game.tag("T98"), Some("v98"));
        assert_eq!(game.tag("T99"), Some("a"));
        assert_eq!(game.tag("T100"), None);
        assert_eq!(game.tags().nth(98), Some(("T98", "v98")));
        game.clear();
        game.set_tag("T5", "x");
        assert_eq!((game.tag("T5"), game.tag("T6")), (Some("x"), None));
    }
}
