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

    /// Reads an algebraic `game` in the letter set that reads it best.
    fn choose_letters(&mut self, text: &str, first_line: u32, game: &mut Game) {
        let sample = self.scanned(text);
        // The fast path: read in the set of the last game; where that
        // replays and the letters it met admit no other reading, done.
        let guess = self.last;
        let plain = self.read_plain_keeping(guess, text, first_line, game, true);
        // Where the plain lane gave the game up under the guess, the
        // game's letters say whether the guess is one of its readings at
        // all: if not, it is not replayed by the general walk.
        let mut scanned = None;
        if !plain {
            let found = crate::read::detect::piece_letters(sample);
            let mut letters = found.letters;
            let candidates = match found.either.as_slice() {
                [] => self.candidates(&mut letters).to_vec(),
                either => self.candidates_either(&letters, either),
            };
            // The one other candidate the plain lane reads the game in, if
            // only one does, is its reading (see `no_rival`), where the
            // guess's letters are no reading of the game: else the guess
            // may read it with a repair, which the walk must weigh.
            // Where English reads the letters too, its failing is a
            // judgement to say (see `say_left_english`): the walk's.
            let guess_reads = candidates.iter().any(|c| c.set == guess);
            let english_reads = candidates.iter().any(|c| self.sets[c.set].code == "en");
            if !guess_reads
                && !english_reads
                && let Some(set) = self.only_plain(guess, &candidates, text, first_line, game)
            {
                self.last = set;
                self.earlier = Some(set);
                self.name_by_prose(text, &letters, game);
                return;
            }
            let needed = candidates.is_empty() || candidates.iter().any(|c| c.set == guess);
            if needed {
                let partial = candidates.iter().any(|c| c.set == guess && c.partial);
                self.mixed_with = partial
                    .then(|| self.mixed_set_for(guess, &candidates))
                    .flatten();
                self.read_as(guess, text, first_line, game, false);
                self.mixed_with = None;
            }
            scanned = Some((letters, candidates, needed));
        }
        let guess_read = scanned.as_ref().is_none_or(|(_, _, needed)| *needed);
        if guess_read && self.guess_suffices(guess, game) {
            let letters = std::mem::take(&mut game.piece_letters);
            self.name_by_prose(text, &letters, game);
            game.piece_letters = letters;
            return;
        }
        let (letters, candidates) = match scanned {
            Some((letters, candidates, _)) => (letters, candidates),
            // A word whose letter is one of two: the scan's pairs decide.
            None if game.letters_partial => {
                let found = crate::read::detect::piece_letters(sample);
                let candidates = self.candidates_either(&found.letters, &found.either);
                (found.letters, candidates)
            }
            None => {
                // The plain lane read every word whole as a move: its
                // letters are the scan's (see `guess_suffices`).
                let mut letters = game.piece_letters.clone();
                let candidates = self.candidates(&mut letters).to_vec();
                (letters, candidates)
            }
        };
        if plain && self.no_rival(guess, &candidates, text, first_line) {
            self.last = guess;
            self.earlier = Some(guess);
            self.name_by_prose(text, &letters, game);
            return;
        }
        if candidates.len() <= 1 {
            let set = candidates.first().map_or(0, |c| c.set);
            if set != guess || !guess_read {
                self.read_as(set, text, first_line, game, true);
            }
            if !game.failed() {
                self.last = set;
                self.earlier = Some(set);
            }
            self.name_by_prose(text, &letters, game);
            return;
        }
        // Several readings: replay under each; `game` holds the one under
        // the guess already.
        let mut games: Vec<Game> = Vec::with_capacity(candidates.len());
        // The candidates `games` were read under, in order.
        let mut read: Vec<Candidate> = Vec::with_capacity(candidates.len());
        let mut guess_read = guess_read;
        for c in &candidates {
            // Sets that read fewer letters, only where each set that reads
            // more fails, and only those that read a letter a failure was
            // at (`Kb5` where `K` is the king) otherwise: no other letter
            // can mend it.
            if c.fewer && (games.iter().any(|g| !g.failed()) || !self.mends(c, &read, &games)) {
                continue;
            }
            let mut g = self.spare.pop().unwrap_or_default();
            if guess_read && c.set == guess {
                std::mem::swap(&mut g, game);
                guess_read = false;
            } else {
                self.mixed_with = c
                    .partial
                    .then(|| self.mixed_set_for(c.set, &candidates))
                    .flatten();
                self.read_as(c.set, text, first_line, &mut g, true);
                self.mixed_with = None;
            }
            // Of sets that each read only some of the letters, the first
            // that reads the game with no move named left unread is kept:
            // the others are replayed only where it does not.
            let enough = c.partial && !g.failed() && g.unread_named == 0;
            games.push(g);
            read.push(*c);
            if enough {
                break;
            }
        }
        let candidates = &read[..];
        let earlier = self.earlier;
        let pick = self.pick_reading(candidates, &letters, &mut games, text, first_line);
        if !games[pick].failed() {
            self.last = candidates[pick].set;
            let earlier = earlier.map(|e| self.sets[e]);
            self.say_left_english(candidates, &letters, &mut games, pick, earlier, first_line);
        }
        std::mem::swap(game, &mut games[pick]);
        self.spare.extend(games);
        self.name_by_prose(text, &letters, game);
    }

    /// Names a page's reading by the language of its prose, where that
    /// language's letter set reads the game's letters as the chosen set
    /// does (`R D T A C` are Spanish, Italian and Catalan alike: an
    /// Italian page is read in Italian letters). Games with tags (PGN)
    /// keep the first set, and so do sets no other reads alike, without
    /// a look at the prose.
    #[inline]
    fn name_by_prose(&self, text: &str, letters: &[String], game: &mut Game) {
        if self.descriptive.is_none() && !game.has_tags() {
            self.name_page_by_prose(text, letters, game);
        }
    }

    /// [`GameReader::name_by_prose`] for a game with no tags, kept out of
    /// the way of PGN's.
    #[inline(never)]
    fn name_page_by_prose(&self, text: &str, letters: &[String], game: &mut Game) {
        let Some(chosen) = game.letters else { return };
        let alike = |set: &LetterSet| {
            letters
                .iter()
                .all(|l| set.role_of_spelling(l, false) == chosen.role_of_spelling(l, false))
        };
        let others = self
            .sets
            .iter()
            .any(|&s| s != chosen && crate::vocab::language::has_words(s.code) && alike(s));
        if !others {
            return;
        }
        let language = crate::vocab::language::prose_language(self.scanned(text));
        if let Some(&set) = self
            .sets
            .iter()
            .find(|&&s| Some(s.code) == language && s != chosen && alike(s))
        {
            game.letters = Some(set);
        }
    }

    /// Whether no candidate but `guess`, under which the plain lane read
    /// the whole game (so with nothing to report), can be the game's
    /// reading: none's replay gets through the plain lane. One that does
    /// not gets, where the plain lane stops, a repair, an error, a choice
    /// or a word that is no move, so it reads fewer moves than the guess
    /// or as many with more repairs, and `pick_reading` would not take
    /// it; only one that also reads the whole game plainly may tie, and
    /// then every candidate is replayed and picked between as before. The
    /// rivals are tried in the plain lane alone, which mostly stops within
    /// a few moves (a German `Sf3` is a Finnish pawn's move).
    fn no_rival(
        &mut self,
        guess: usize,
        candidates: &[Candidate],
        text: &str,
        first_line: u32,
    ) -> bool {
        if !candidates.iter().any(|c| c.set == guess) {
            return false;
        }
        let mut trial = self.spare.pop().unwrap_or_default();
        let rival = candidates
            .iter()
            .filter(|c| c.set != guess)
            .any(|c| self.try_plain(c.set, text, first_line, &mut trial));
        self.spare.push(trial);
        !rival
    }

    /// Of `candidates` but `guess` (whose plain lane gave the game up),
    /// the only one under which the plain lane reads the game, read into
    /// `game`; `None` where none or several do.
    fn only_plain(
        &mut self,
        guess: usize,
        candidates: &[Candidate],
        text: &str,
        first_line: u32,
        game: &mut Game,
    ) -> Option<usize> {
        let mut others = candidates.iter().filter(|c| c.set != guess);
        let found = others.find(|c| self.read_plain(c.set, text, first_line, game))?;
        let rest: Vec<usize> = others.map(|c| c.set).collect();
        let mut trial = self.spare.pop().unwrap_or_default();
        let rival = rest
            .into_iter()
            .any(|set| self.try_plain(set, text, first_line, &mut trial));
        self.spare.push(trial);
        (!rival).then_some(found.set)
    }

    /// Whether the game as read under `guess` (the last game's set) is
    /// done: it replays, and the letters it met admit no other reading.
    /// It must come to what the scan of the text would, whatever the last
    /// game was: where the replay did not read every word whole as a move,
    /// its letters may not be the scan's, so the scan decides.
    fn guess_suffices(&mut self, guess: usize, game: &mut Game) -> bool {
        if game.failed() || game.letters_partial {
            return false;
        }
        // Most games of a file are written with the same few ASCII
        // letters: their answer is kept by the letters as a bit set.
        let key = game.ascii_letter_set().map(|set| (set, guess));
        let known = key.and_then(|key| self.only_guess.get(&key).copied());
        let only_guess = known.unwrap_or_else(|| {
            let mut letters = std::mem::take(&mut game.piece_letters);
            let only = matches!(self.candidates(&mut letters), [c] if c.set == guess);
            game.piece_letters = letters;
            only
        });
        if let Some(key) = key.filter(|_| known.is_none() && self.only_guess.len() < 4096) {
            self.only_guess.insert(key, only_guess);
        }
        only_guess
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

    /// The set a page that reads only partly in `set` mixes with it: English
    /// for a language's set, and for English the first other candidate
    /// that reads some of the letters alone (the page's language).
    fn mixed_set_for(&self, set: usize, candidates: &[Candidate]) -> Option<usize> {
        let english = |i: usize| self.sets[i].code == "en";
        match english(set) {
            false => (0..self.sets.len()).find(|&i| english(i)),
            true => candidates
                .iter()
                .find(|c| c.partial && !english(c.set))
                .map(|c| c.set),
        }
    }

    /// The candidate sets (as indices) for a game's letters, remembered.
    fn candidates(&mut self, letters: &mut [String]) -> &[Candidate] {
        letters.sort_unstable();
        if self.recent.0 != letters {
            if self.memo.len() >= 4096 {
                // Games with ever new letters (garbage, fuzzing): forget.
                self.memo.clear();
            }
            let found = match self.memo.get(&*letters) {
                Some(found) => found.clone(),
                None => {
                    let found = self.candidates_either(letters, &[]);
                    self.memo.insert(letters.to_vec(), found.clone());
                    found
                }
            };
            // The last's strings are written over, not made anew.
            let recent = &mut self.recent.0;
            recent.truncate(letters.len());
            for (kept, letter) in recent.iter_mut().zip(letters.iter()) {
                kept.clone_from(letter);
            }
            let kept = recent.len();
            recent.extend_from_slice(&letters[kept..]);
            self.recent.1 = found;
        }
        &self.recent.1
    }

    /// Whether candidate `c` reads the piece letter of a word at which one
    /// of `games`, read under `candidates`, failed otherwise than that
    /// game's set did, or (for a set that reads only some of the game's
    /// letters) reads a letter that game read its moves with as another
    /// piece: a failure after a letter read as the wrong piece (`Sf3` a
    /// Finnish pawn where German has a knight).
    fn mends(&self, c: &Candidate, candidates: &[Candidate], games: &[Game]) -> bool {
        let set = self.sets[c.set];
        games.iter().zip(candidates).any(|(g, tried)| {
            let tried = self.sets[tried.set];
            let at_failure = g.unexplained.as_ref().is_some_and(|(_, _, word)| {
                crate::vocab::words::piece_prefix(word)
                    .is_some_and(|l| set.role_of(l) != tried.role_of(l))
            });
            let other_piece = |l: &String| {
                matches!((set.role_of(l), tried.role_of(l)), (Some(a), Some(b)) if a != b)
            };
            at_failure || (c.partial && g.piece_letters.iter().any(other_piece))
        })
    }

    /// The candidate sets for a game's letters and the pairs it reads one
    /// of (see [`crate::read::detect::GameLetters::either`]), rare enough
    /// not to be remembered.
    fn candidates_either(&self, letters: &[String], either: &[(String, String)]) -> Vec<Candidate> {
        let allowed: Vec<&'static LetterSet> = self.sets.clone();
        crate::read::detect::candidates_either(letters, either, &allowed)
            .into_iter()
            .filter_map(|c| {
                let set = self.sets.iter().position(|s| *s == c.set)?;
                Some(Candidate {
                    set,
                    lookalikes: c.lookalikes,
                    partial: c.partial,
                    fewer: c.fewer,
                })
            })
            .collect()
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
