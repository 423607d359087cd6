//! What a replay is told and what it hands back: its [`Settings`] (the
//! letters, the notation, strictness, which checks to find, the choices
//! already settled, where a trial replay stops) and the [`ChoicePoint`]s a
//! caller settles with a [`Pick`], by trial replays of the text near them.

use shakmaty::Role;

use crate::game::Checks;
use crate::notation::algebraic::Alphabet;
use crate::notation::descriptive::Lang;
use crate::vocab::letters::LetterSet;

/// How the caller settled a choice the replay met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The n-th of the candidate moves of a token two legal moves fit: the
    /// only one after which the rest of the game replays.
    Move(usize),
    /// None or several of the candidate moves let the game go on: report
    /// the ambiguity.
    Unsettled,
    /// A `(` whose side line fails is no variation: the moves after it
    /// continue the line it stands in.
    Stray,
    /// A side line with a move that cannot be played (the word at this
    /// offset) is kept as a comment, verbatim, and the line it stands in
    /// goes on after its `)`.
    AsComment(usize),
}

/// What the replay could not decide alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A token this many legal moves fit.
    Move(usize),
    /// A side line (its `(` at the point's offset) with a move that cannot
    /// be played: the word at this offset.
    BadVariation(usize),
    /// A side line with no `)` before the end of the game.
    Unclosed,
}

/// How far past the word that decides a choice its trial replays read:
/// some sixty moves of PGN, far more than a wrong reading takes to show
/// (an illegal move, a side line that does not return).
pub const TRIAL_WINDOW: usize = 4096;

/// How many side lines never closed one walk settles in place, each by a
/// trial that reads to the end of the text; past them, a line never closed
/// is closed at the end, so that the walk stays linear.
pub const UNCLOSED_TRIALS: usize = 8;

/// How many times the first window the second is.
const WIDER: usize = 16;

/// How many times smaller than [`TRIAL_WINDOW`] the window is that a
/// move's candidates are tried to again where none goes on over the first
/// ([`ChoicePoint::nearer_horizon`]).
const NEARER: usize = 8;

/// A choice met with no [`Pick`] for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoicePoint {
    /// The byte offset in the game's text of the token it is about.
    pub offset: usize,
    pub choice: Choice,
    /// The picks the walk made where they stood for the choices before
    /// this one: what it was met after. A caller that tries this choice's
    /// alternatives passes them on, so that each trial reads the text
    /// before it as the walk did.
    pub before: Vec<(usize, Pick)>,
}

impl ChoicePoint {
    /// The choice `choice` about the token at `offset`, met after no pick
    /// made in place (the walk fills [`ChoicePoint::before`]).
    pub fn new(offset: usize, choice: Choice) -> ChoicePoint {
        ChoicePoint {
            offset,
            choice,
            before: Vec::new(),
        }
    }

    /// The picks to try for it, in order of preference (see
    /// [`ChoicePoint::pick_among`]).
    pub fn alternatives(&self) -> Vec<Pick> {
        match self.choice {
            Choice::Move(count) => (0..count).map(Pick::Move).collect(),
            Choice::BadVariation(word) => vec![Pick::Stray, Pick::AsComment(word)],
            Choice::Unclosed => vec![Pick::Stray],
        }
    }

    /// Where the trial replays for this choice stop, in turn. For a move,
    /// a window of [`TRIAL_WINDOW`] bytes past it, then one [`WIDER`]
    /// times as large, then the end of the game's `len` bytes: a wider
    /// window is read only while more than one candidate goes on. For a
    /// side line with a move that fails, the window past that move: the
    /// first way of taking the line that goes on through it is taken. For
    /// a side line never closed, the end.
    pub fn horizons(&self, len: usize) -> impl Iterator<Item = usize> {
        let windows = match self.choice {
            Choice::Move(_) => [TRIAL_WINDOW, TRIAL_WINDOW * WIDER, usize::MAX],
            Choice::BadVariation(_) => [TRIAL_WINDOW, usize::MAX, usize::MAX],
            Choice::Unclosed => [usize::MAX; 3],
        };
        let decisive = match self.choice {
            Choice::Move(_) | Choice::Unclosed => self.offset,
            Choice::BadVariation(word) => word.max(self.offset),
        };
        windows
            .into_iter()
            .map(move |window| decisive.saturating_add(window))
            .scan(false, move |ended, horizon| {
                // Past the end of the text, one trial has read it all.
                (!*ended).then(|| {
                    *ended = horizon >= len;
                    horizon
                })
            })
    }

    /// For a move none of whose candidates goes on over the first window,
    /// a window [`NEARER`] times smaller: where only one goes on that far,
    /// it is the one, whatever fails further on (a book's misprint twenty
    /// moves later fails every candidate alike).
    pub fn nearer_horizon(&self) -> Option<usize> {
        matches!(self.choice, Choice::Move(_))
            .then(|| self.offset.saturating_add(TRIAL_WINDOW / NEARER))
    }

    /// Whether the first of [`ChoicePoint::alternatives`] that goes on is
    /// taken, the rest untried (a side line's ways of reading), rather
    /// than the only one (a move's candidates).
    pub fn first_wins(&self) -> bool {
        !matches!(self.choice, Choice::Move(_))
    }

    /// Whether a trial to the next horizon is needed, where `going_on` of
    /// its picks went on as far as the last: only for a move more than one
    /// candidate fits.
    pub fn open_after(&self, going_on: usize) -> bool {
        !self.first_wins() && going_on > 1
    }

    /// The pick, given the alternatives after which the game went on as
    /// far as the last horizon read: for a move, the only one (else the
    /// ambiguity is reported); for a side line, the first; where none went
    /// on, the fallback.
    pub fn pick_among(&self, going_on: &[Pick]) -> Pick {
        match (self.choice, going_on) {
            (_, []) => self.fallback(),
            (Choice::Move(_), [one]) => *one,
            (Choice::Move(_), _) => Pick::Unsettled,
            (_, [first, ..]) => *first,
        }
    }

    /// The pick where none of [`ChoicePoint::alternatives`] lets the game
    /// replay to its end: the ambiguity reported, the side line kept as a
    /// comment, the side line closed at the end of the game.
    pub fn fallback(&self) -> Pick {
        match self.choice {
            Choice::Move(_) | Choice::Unclosed => Pick::Unsettled,
            Choice::BadVariation(word) => Pick::AsComment(word),
        }
    }
}

/// What a replay is told.
pub struct Settings<'a> {
    pub letters: &'static LetterSet,
    pub alphabet: &'a Alphabet,
    /// Repairs are errors, not warnings.
    pub strict: bool,
    /// Picks made for the choices met, by offset, in the order of their
    /// offsets.
    pub picks: &'a [(usize, Pick)],
    /// The game is in descriptive notation, in this language: moves are
    /// read as such first (`P-K4`), algebraic castling and the like after.
    pub descriptive: Option<Lang>,
    /// Letters of the set the reader has read as other pieces, the board
    /// having named them (see [`crate::read::reader`]'s renamed letters):
    /// each word with one is read as that piece's move.
    pub renamed: &'a [(Box<str>, Role)],
    /// Which moves have their check found.
    pub checks: Checks,
    /// After a move that cannot be played, go on from the legal move
    /// closest to it (see [`crate::read::reader::ReaderOptions::go_on`]).
    pub go_on: bool,
    /// The caller's replays for this game are spent: every choice met
    /// with no pick takes its fallback where it stands (a move two legal
    /// moves fit is reported, a side line left open is closed at the end,
    /// a move a side line cannot play is kept as its commentary), so that
    /// one more replay settles the rest.
    pub settle_rest: bool,
    /// Keep the result written where the board says otherwise (see
    /// [`crate::read::reader::ReaderOptions::keep_result`]).
    pub keep_result: bool,
    /// A trial replay's end: the first token at or past this offset is not
    /// read, and the replay stops there as a game that goes on (no end of
    /// game is settled or reported). `usize::MAX` reads to the end.
    pub horizon: usize,
    /// How far past its tags the plain lane looks at once for what it
    /// does not read (a comment, a variation, a NAG), to give the game up
    /// before it replays a move; past this it finds them where they
    /// stand. `usize::MAX`: the whole text (see `GameReader::scan_at_most`).
    pub look_ahead: usize,
    /// The other set a page mixes with the game's (English for a
    /// language's set, the page's language for English), where the set
    /// reads only some of the game's letters: a word the set reads as no
    /// legal move may be read in its letters (see `Replayer::mixed_letters`),
    /// and its letter for a piece is a second one (`Qc2` after `Dd6`).
    pub mixed_with: Option<(&'static LetterSet, &'a Alphabet)>,
}

impl Settings<'static> {
    /// A replay of a game on its own in `letters` (and figurines), in
    /// algebraic notation, with no picks made: a test's or a fuzz
    /// target's.
    pub fn in_letters(letters: &'static LetterSet, strict: bool) -> Settings<'static> {
        Settings {
            letters,
            alphabet: Alphabet::of(letters),
            strict,
            picks: &[],
            descriptive: None,
            renamed: &[],
            checks: Checks::All,
            go_on: false,
            settle_rest: false,
            keep_result: false,
            horizon: usize::MAX,
            look_ahead: usize::MAX,
            mixed_with: None,
        }
    }
}

impl Settings<'_> {
    /// The pick made for the choice at `offset`, if any.
    pub(super) fn pick(&self, offset: usize) -> Option<Pick> {
        let at = self.picks.partition_point(|&(o, _)| o < offset);
        match self.picks.get(at) {
            Some(&(o, pick)) if o == offset => Some(pick),
            _ => None,
        }
    }
}
