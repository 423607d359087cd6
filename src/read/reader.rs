//! Reading a game: which letter set, which of two legal moves, and the
//! replay itself.
//!
//! [`GameReader::read`] decides what only the whole game can tell. Under
//! `--from auto` it narrows the letter sets down by the game's letters
//! ([`crate::read::detect`]) and replays the game under each candidate; the one
//! reading that replays legally wins, and two that give different legal
//! games are reported, never guessed between. Where a token fits two legal
//! moves (a printed `Td8` with rooks on a8 and f8), it replays the rest of
//! the game after each and takes the only one after which the game goes on.
//! Where two readings replay legally and differ, priors decide, and say
//! so: PGN's letters are English, so English wins; then the letters of
//! the input's earlier games; then the language of the page's prose
//! ([`crate::vocab::language`]); then the more widely used language. A page
//! with no tags whose prose is clearly in another language than English
//! takes its prose's letters first. Under `--strict` such a choice is an
//! error. Sets that read a page's letters alike (Spanish and Italian) are
//! one reading; the one the page's prose is written in names it. A side line with a move that
//! fails is settled the same way: a `(` after which the game replays with
//! the `(` taken as stray, or else the side line kept as a comment.
//! English PGN takes the fast path: its letters admit one reading, replayed
//! once. So does a game whose letters several sets read, where the last
//! game's set reads all of it in the plain lane and no other set's replay
//! gets through the plain lane (see `no_rival`): a German game is not
//! replayed by the general walk as Finnish.

use std::collections::HashMap;

use crate::game::{Checks, Game};
use crate::notation::algebraic::Alphabet;
use crate::notation::descriptive::Lang;
use crate::read::replay::{
    Choice, ChoicePoint, Pick, PlainHeader, Settings, replay, replay_general,
};
use crate::vocab::diag::{Diagnostic, Severity};
use crate::vocab::letters::LetterSet;

mod chain;
mod lane;
mod letter_sets;
mod notation;
mod pick;
mod renamed;
mod rows;

/// How games are read.
#[derive(Debug, Clone, Default)]
pub struct ReaderOptions {
    /// The letter sets the input may be written in, in order of preference;
    /// empty for every set (`--from auto`).
    pub from: Vec<&'static LetterSet>,
    /// Repairs are errors, not warnings (`--strict`), and so is a letter
    /// set chosen by a prior.
    pub strict: bool,
    /// Say, as a note, why a letter set was chosen over another that
    /// replays too (`-v`).
    pub verbose: bool,
    /// Which moves have their check found (all by default).
    pub checks: Checks,
    /// After a move that cannot be read, go on from the legal move closest
    /// to it, said so in the error, so that every problem of the game is
    /// reported in one run (`--check`); the game stays failed.
    pub go_on: bool,
    /// Keep the result the game is given where the board says otherwise
    /// (mate or stalemate), with a warning still (`--keep-result`).
    pub keep_result: bool,
}

/// A candidate letter set, by its index in the reader's sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Candidate {
    set: usize,
    lookalikes: bool,
    /// It reads only some of the game's letters (see
    /// [`crate::read::detect::Candidate::partial`]).
    partial: bool,
    /// It reads fewer letters than others: tried only where they fail
    /// ([`crate::read::detect::Candidate::fewer`]).
    fewer: bool,
}

/// A trial replay for a choice: the game, the letter set it is read in,
/// and where the trial stops (one of [`ChoicePoint::horizons`]).
struct Trial<'a> {
    set: usize,
    text: &'a str,
    first_line: u32,
    horizon: usize,
}

/// How many replays one game may take to settle ambiguous tokens.
const REPLAY_BUDGET: usize = 64;

/// Reads games, reusing its buffers from one game to the next.
pub struct GameReader {
    sets: Vec<&'static LetterSet>,
    /// Each set's alphabet, built where first read in (English PGN needs
    /// one of them).
    alphabets: Vec<std::cell::OnceCell<&'static Alphabet>>,
    /// Whether to detect among `sets` by the game's letters.
    detect: bool,
    strict: bool,
    verbose: bool,
    checks: Checks,
    go_on: bool,
    keep_result: bool,
    /// Games read under other candidates, and trial replays.
    spare: Vec<Game>,
    /// The set the last game was read in: the next game, most likely from
    /// the same file, is tried in it first.
    last: usize,
    /// The set of the last game whose letters admitted one reading, since
    /// [`GameReader::forget`]: the prior for a game that reads two ways.
    earlier: Option<usize>,
    /// Candidates by the (sorted) letters a game is written with.
    memo: HashMap<Vec<String>, Vec<Candidate>>,
    /// The last letters looked up in `memo` and their candidates: most
    /// games of a file are written with the letters of the game before,
    /// national ones too (which `only_guess` does not key), and are
    /// answered by a comparison, with no hashing.
    recent: (Vec<String>, Vec<Candidate>),
    /// What the plain lane read of the game before its moves under the
    /// guess, the same under any letters: the trials of other sets read
    /// their moves alone.
    header: Option<PlainHeader>,
    /// The game being read is in descriptive notation, in this language.
    descriptive: Option<Lang>,
    /// Whether the candidates for a game's single-ASCII letters (as a bit
    /// set), read in a set (the guess), are that set alone.
    only_guess: HashMap<(u128, usize), bool>,
    /// How the readings were replayed, by lane.
    replays: Replays,
    /// How much of a game's text the scans of its letters, notation and
    /// prose look at (see [`GameReader::scan_at_most`]).
    scan_limit: usize,
    /// Letters of the game's set read as other pieces, while a failed
    /// game is read again with them (see `renamed`).
    renamed: Vec<(Box<str>, shakmaty::Role)>,
    /// The set (an index into `sets`) the page mixes with the one being
    /// read, which reads only some of the game's letters (see
    /// [`Settings::mixed_with`]).
    mixed_with: Option<usize>,
}

/// How many replays of a game under one letter set (each reading, and
/// each rival letter set tried) the plain lane took, and how many took
/// the general walk; and the trial replays that settled choices, with the
/// text they could read (each up to its horizon): what a test of the
/// lanes and of the choices can see.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Replays {
    pub plain: u64,
    pub general: u64,
    pub trials: u64,
    pub trial_bytes: u64,
}

impl GameReader {
    pub fn new(options: &ReaderOptions) -> GameReader {
        let sets = if options.from.is_empty() {
            crate::read::detect::all_candidates()
        } else {
            options.from.clone()
        };
        GameReader {
            detect: sets.len() > 1,
            alphabets: sets.iter().map(|_| std::cell::OnceCell::new()).collect(),
            sets,
            strict: options.strict,
            verbose: options.verbose,
            checks: options.checks,
            go_on: options.go_on,
            keep_result: options.keep_result,
            spare: Vec::new(),
            last: 0,
            earlier: None,
            memo: HashMap::new(),
            recent: (Vec::new(), Vec::new()),
            header: None,
            descriptive: None,
            only_guess: HashMap::new(),
            replays: Replays::default(),
            scan_limit: usize::MAX,
            renamed: Vec::new(),
            mixed_with: None,
        }
    }

    /// How the games read so far were replayed, by lane.
    pub fn replays(&self) -> Replays {
        self.replays
    }

    /// A reader for moves in `letters` only (and figurines).
    pub fn for_letters(letters: &'static LetterSet) -> GameReader {
        GameReader::new(&ReaderOptions {
            from: vec![letters],
            ..ReaderOptions::default()
        })
    }

    /// Forgets the letters of the games read so far, which are a prior for
    /// the next, and the set tried first: at the start of an input, and of
    /// each batch of games a conversion cuts, so that a game reads the same
    /// whichever thread reads it, and whatever was read before.
    pub fn forget(&mut self) {
        self.earlier = None;
        self.last = 0;
    }

    /// Reads one game's text into `game`. `first_line` is the line the text
    /// starts on in its input, for diagnostics.
    pub fn read(&mut self, text: &str, first_line: u32, game: &mut Game) {
        self.choose_reading(text, first_line, game);
        if game.failed() {
            self.rename_letters(text, first_line, game);
        }
        if game.failed() {
            self.read_rows_in_turn(text, first_line, game);
        }
        if game.failed() {
            self.read_as_chain(text, first_line, game);
        }
        // The plain lane writes a main line alone: only another replay's
        // events are looked over for side lines.
        debug_assert!(!game.plain || !game.has_side_lines());
        if !game.plain && game.has_side_lines() {
            mend_tree(game, first_line);
        }
        crate::read::suggest::explain(game);
    }

    /// A game that does not read as written, read again with White's and
    /// Black's rows of moves in turn ([`rows`]): kept where it reads so,
    /// said in a warning (under `--strict`, an error).
    fn read_rows_in_turn(&mut self, text: &str, first_line: u32, game: &mut Game) {
        let Some((turned, line)) = rows::in_turn(text) else {
            return;
        };
        let mut other = self.spare.pop().unwrap_or_default();
        self.choose_reading(&turned, first_line, &mut other);
        if !other.failed() {
            let severity = Severity::of_repair(self.strict);
            let message = "White's moves and Black's in rows of their own (this line and the next), read in turn";
            let at = first_line + line - 1;
            other
                .diagnostics
                .insert(0, Diagnostic::new(severity, at, 1, message));
            std::mem::swap(game, &mut other);
        }
        self.spare.push(other);
    }

    /// Bounds the scans of the next games' texts (their letters, notation
    /// and prose language) to their first `limit` bytes, or lifts the
    /// bound (`None`). Where games are found one inside another's text
    /// ([`Game::next_game`]), each is read from where the last ended to
    /// the text's end: the scans, which look at the whole text, are
    /// bounded to about the game's own length, so that reading them all
    /// takes time in proportion to the text.
    pub fn scan_at_most(&mut self, limit: Option<usize>) {
        self.scan_limit = limit.unwrap_or(usize::MAX);
    }

    /// The part of `text` the scans look at: up to the limit, cut at a
    /// character's boundary.
    fn scanned<'t>(&self, text: &'t str) -> &'t str {
        &text[..text.floor_char_boundary(self.scan_limit.min(text.len()))]
    }

    fn choose_reading(&mut self, text: &str, first_line: u32, game: &mut Game) {
        // Descriptive notation is told by its first moves' shape, whatever
        // the letter sets: its letters are its language's. Where that
        // reading fails, the board weighs the other notation.
        let prior = crate::read::detect::descriptive(self.scanned(text));
        self.read_in_notation(prior, text, first_line, game);
        if game.failed() || game.unread_named > 0 {
            self.weigh_other_notation(prior, text, first_line, game);
        }
    }

    /// Reads `game` in descriptive notation in `lang`, or in algebraic
    /// notation (`None`), choosing its letter set.
    fn read_in_notation(
        &mut self,
        lang: Option<Lang>,
        text: &str,
        first_line: u32,
        game: &mut Game,
    ) {
        self.descriptive = lang;
        if lang.is_some() || !self.detect {
            self.read_as(0, text, first_line, game, true);
        } else {
            self.choose_letters(text, first_line, game);
        }
    }

    /// The index among the reader's sets of the set `game` was read in.
    fn set_of(&self, game: &Game) -> Option<usize> {
        let letters = game.letters?;
        self.sets.iter().position(|s| std::ptr::eq(*s, letters))
    }

    /// The letters a game is read in: set `set`, or for a descriptive game
    /// its language's. Kept out of line: the plain lane's callers stay
    /// small enough to be inlined where they are asked.
    #[inline(never)]
    fn letters_for(&self, set: usize) -> (&'static LetterSet, &'static Alphabet) {
        match self.descriptive {
            Some(lang) => {
                let letters = lang.letters();
                (letters, Alphabet::of(letters))
            }
            None => {
                let letters = self.sets[set];
                (
                    letters,
                    self.alphabets[set].get_or_init(|| Alphabet::of(letters)),
                )
            }
        }
    }

    /// Replays under one letter set, settling ambiguous tokens by what
    /// follows them, in the plain lane first where `plain_first`: whether
    /// the plain lane took the game.
    fn read_as(
        &mut self,
        set: usize,
        text: &str,
        first_line: u32,
        game: &mut Game,
        plain_first: bool,
    ) -> bool {
        if plain_first && self.read_plain(set, text, first_line, game) {
            return true;
        }
        let mut picks: Vec<(usize, Pick)> = Vec::new();
        let mut budget = REPLAY_BUDGET;
        loop {
            let point = {
                let (letters, alphabet) = self.letters_for(set);
                let settings = Settings {
                    letters,
                    alphabet,
                    strict: self.strict,
                    picks: &picks,
                    descriptive: self.descriptive,
                    renamed: &self.renamed,
                    checks: self.checks,
                    go_on: self.go_on,
                    settle_rest: budget == 0,
                    keep_result: self.keep_result,
                    horizon: usize::MAX,
                    look_ahead: self.scan_limit,
                    mixed_with: self.mixed_with.map(|set| self.letters_for(set)),
                };
                budget = budget.saturating_sub(1);
                self.replays.general += 1;
                replay_general(text, first_line, &settings, game)
            };
            let Some(point) = point else { return false };
            take_before(&mut picks, &point);
            let pick = self.settle(&point, set, text, first_line, &picks, &mut budget);
            add_pick(&mut picks, (point.offset, pick));
        }
    }

    /// The pick for a choice the replay met ([`ChoicePoint::pick_among`]
    /// the alternatives after which the game goes on), each alternative
    /// tried to the choice's nearest horizon, and to the next only while
    /// more than one goes on.
    fn settle(
        &mut self,
        point: &ChoicePoint,
        set: usize,
        text: &str,
        first_line: u32,
        picks: &[(usize, Pick)],
        budget: &mut usize,
    ) -> Pick {
        let mut going_on = point.alternatives();
        for (i, horizon) in point.horizons(text.len()).enumerate() {
            let trial = Trial {
                set,
                text,
                first_line,
                horizon,
            };
            going_on = self.going_on(point, &trial, picks, going_on, budget);
            // None goes on over the first window: a nearer one may tell
            // them apart (a failure further on, the same for each).
            if i == 0
                && going_on.is_empty()
                && let Some(horizon) = point.nearer_horizon()
            {
                let trial = Trial { horizon, ..trial };
                going_on = self.going_on(point, &trial, picks, point.alternatives(), budget);
                break;
            }
            if !point.open_after(going_on.len()) {
                break;
            }
        }
        point.pick_among(&going_on)
    }

    /// Of the picks `alternatives` for the choice `point`, those after
    /// which the game replays to the trial's horizon (for a choice whose
    /// first that goes on wins, that one, the rest untried).
    fn going_on(
        &mut self,
        point: &ChoicePoint,
        trial: &Trial<'_>,
        picks: &[(usize, Pick)],
        mut alternatives: Vec<Pick>,
        budget: &mut usize,
    ) -> Vec<Pick> {
        let mut goes_on = |pick: Pick| {
            let mut picks = picks.to_vec();
            add_pick(&mut picks, (point.offset, pick));
            self.goes_on(trial, &mut picks, budget)
        };
        if point.first_wins() {
            // The first way that goes on is taken: the rest untried.
            return alternatives
                .into_iter()
                .find(|&p| goes_on(p))
                .into_iter()
                .collect();
        }
        alternatives.retain(|&pick| goes_on(pick));
        alternatives
    }

    /// Whether the game replays to its end, or to the trial's horizon,
    /// with `picks` (and, for tokens further on that are ambiguous too,
    /// some choice of theirs).
    fn goes_on(
        &mut self,
        trial: &Trial<'_>,
        picks: &mut Vec<(usize, Pick)>,
        budget: &mut usize,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        self.replays.trials += 1;
        self.replays.trial_bytes += trial.horizon.min(trial.text.len()) as u64;
        let mut game = self.spare.pop().unwrap_or_default();
        let point = {
            let (letters, alphabet) = self.letters_for(trial.set);
            let settings = Settings {
                letters,
                alphabet,
                strict: false,
                picks,
                descriptive: self.descriptive,
                renamed: &self.renamed,
                checks: self.checks,
                go_on: false,
                settle_rest: false,
                keep_result: self.keep_result,
                horizon: trial.horizon,
                look_ahead: self.scan_limit,
                mixed_with: self.mixed_with.map(|set| self.letters_for(set)),
            };
            replay(trial.text, trial.first_line, &settings, &mut game)
        };
        let failed = game.failed();
        self.spare.push(game);
        let Some(point) = point else {
            return !failed;
        };
        // A side line left open, closed at the end, does not stop the game.
        let mut options = point.alternatives();
        if point.choice == Choice::Unclosed {
            options.push(Pick::Unsettled);
        }
        let kept = picks.clone();
        take_before(picks, &point);
        let before = picks.clone();
        let ok = options.into_iter().any(|pick| {
            add_pick(picks, (point.offset, pick));
            let ok = self.goes_on(trial, picks, budget);
            picks.clone_from(&before);
            ok
        });
        *picks = kept;
        ok
    }
}

/// Holds the game's tree to PGN's grammar ([`Game::mend_tree`]): what it
/// mends is said as a warning; a tree it cannot mend fails the game, so
/// that nothing invalid is written.
fn mend_tree(game: &mut Game, first_line: u32) {
    let (severity, message) = match game.mend_tree() {
        Ok(mended) if !mended.any() => return,
        Ok(mended) => (
            Severity::Warning,
            format!(
                "side lines mended: {} with no move kept as comments, {} left open closed at the end, {} `)` closing none dropped",
                mended.empty, mended.unclosed, mended.stray
            ),
        ),
        Err(fault) => (
            Severity::Error,
            format!("{fault}: the game is not written (a fault of the reader's; please report it)"),
        ),
    };
    game.diagnostics
        .push(Diagnostic::new(severity, first_line, 1, message));
}

/// Adds to `picks` those the walk made in place before `point`: the
/// choice is tried, and then read on, after the text before it read as the
/// walk read it (a later pick changes what the text before it says only
/// through these).
fn take_before(picks: &mut Vec<(usize, Pick)>, point: &ChoicePoint) {
    for &made in &point.before {
        add_pick(picks, made);
    }
}

/// Adds a pick to `picks`, kept in the order of their offsets; one made
/// there already stands.
fn add_pick(picks: &mut Vec<(usize, Pick)>, (offset, pick): (usize, Pick)) {
    let at = picks.partition_point(|&(o, _)| o < offset);
    if picks.get(at).is_none_or(|&(o, _)| o != offset) {
        picks.insert(at, (offset, pick));
    }
}
