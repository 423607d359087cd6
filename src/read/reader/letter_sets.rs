//! The letter set a game is read in: the candidates its letters allow
//! ([`crate::read::detect`]), the fast path through the last game's set,
//! each candidate replayed where several remain, and the set a page mixes
//! with the one read (see [`GameReader::read`] for the judgements).

use super::{Candidate, GameReader};
use crate::game::Game;
use crate::vocab::letters::LetterSet;

impl GameReader {
    /// Reads an algebraic `game` in the letter set that reads it best.
    pub(super) fn choose_letters(&mut self, text: &str, first_line: u32, game: &mut Game) {
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
}
