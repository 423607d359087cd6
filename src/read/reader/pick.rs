//! Which reading of a game is kept where several replay (the rank of
//! each, then the priors), and the judgements said about it: English left
//! for another set, a letter read as a piece where English reads a pawn,
//! two readings told apart by a prior.

use shakmaty::Role;

use super::{Candidate, GameReader};
use crate::game::Game;
use crate::vocab::diag::{Diagnostic, Severity};
use crate::vocab::letters::LetterSet;

/// Readings of a game that replay legally, differ, and read equally well:
/// what the priors choose between.
pub(super) struct Tie<'a> {
    /// Indices into the games read, one per reading.
    readings: &'a [usize],
    candidates: &'a [Candidate],
    /// The game's piece letters.
    letters: &'a [String],
    /// The game's text, for the language of its prose.
    text: &'a str,
}

impl GameReader {
    /// A game with tags (PGN, whose letters are English) that English
    /// letters read but cannot replay, or replay only with a repair, read
    /// in another set that can (and
    /// not the set of the input's earlier games): a judgement, said as a
    /// warning (an error under `--strict`) with what failed in English. A
    /// page without tags, or a game whose letters English does not read
    /// (`Sf3`), is read in its own letters unsaid.
    pub(super) fn say_left_english(
        &self,
        candidates: &[Candidate],
        letters: &[String],
        games: &mut [Game],
        pick: usize,
        earlier: Option<&'static LetterSet>,
        first_line: u32,
    ) {
        let english = |i: usize| self.sets[candidates[i].set].code == "en";
        if english(pick) || !games[pick].has_tags() {
            return;
        }
        // The set of the input's earlier games reads its letters so too:
        // no switch.
        let chosen = self.sets[candidates[pick].set];
        let as_earlier = earlier.is_some_and(|e| {
            letters
                .iter()
                .all(|l| e.role_of_spelling(l, false) == chosen.role_of_spelling(l, false))
        });
        if as_earlier {
            return;
        }
        let Some(english) = (0..games.len()).find(|&i| english(i)) else {
            return;
        };
        // What English met: an error, or a repair (`b8=N+` where the
        // knight gives no check: a Bengali rook does).
        let (how, met) = match games[english].failed() {
            true => ("do not replay", Severity::Error),
            false => ("replay only with a repair", Severity::Warning),
        };
        if !games[english].diagnostics.iter().any(|d| d.severity == met) {
            // English replays with no repair: it was passed over by a
            // prior, not for what it met (a pawn's letter is said by
            // `say_pawn_letters`).
            return;
        }
        let why = games[english]
            .diagnostics
            .iter()
            .find(|d| d.severity == met)
            .map(|d| format!(" ({}:{}: {})", d.line, d.column, d.message))
            .unwrap_or_default();
        let severity = Severity::of_repair(self.strict);
        let name = self.sets[candidates[pick].set].name;
        let message = format!(
            "the moves {how} in PGN's English letters{why}; read in {name} letters, which replay"
        );
        games[pick]
            .diagnostics
            .push(Diagnostic::new(severity, first_line, 1, message));
    }

    /// Which of the readings `games` (one per candidate) is kept.
    pub(super) fn pick_reading(
        &mut self,
        candidates: &[Candidate],
        letters: &[String],
        games: &mut [Game],
        text: &str,
        first_line: u32,
    ) -> usize {
        // Of the readings that replay legally, those that read the most of
        // the text as moves, the side lines' too (a wrong reading takes
        // moves for prose), then those whose set has every letter read (a set that
        // borrows a letter from another to replay, `Nf3` in German, is the
        // wrong one where another reads as far on its own letters), then
        // those that need the fewest repairs (a wrong reading
        // that stays legal for a while rarely gets its check signs right),
        // then those that read no letter as a pawn (pawns are written
        // without one: FIDE Laws C.4; `Ba5` is an English bishop before it
        // is a German pawn), then those that read the letters as written
        // rather than as look-alikes.
        let rank = |i: usize| {
            let moves = all_moves(&games[i]);
            let repairs = games[i]
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count();
            let c = candidates[i];
            let set = self.sets[c.set];
            let pawns = letters
                .iter()
                .filter(|l| set.role_of(l) == Some(Role::Pawn))
                .count();
            let foreign = games[i].foreign_letters;
            (
                std::cmp::Reverse(moves),
                foreign,
                repairs,
                pawns,
                c.lookalikes,
            )
        };
        let best = (0..games.len())
            .filter(|&i| !games[i].failed())
            .map(rank)
            .min();
        // A reading that fails after making more of the text moves (read,
        // or legal where they stand in prose) than every one that replays
        // is the likelier: the others lost moves.
        let explained = |i: usize| explained(&games[i]);
        let furthest = (0..games.len()).map(explained).max();
        let legal: Vec<usize> = (0..games.len())
            .filter(|&i| {
                !games[i].failed() && Some(rank(i)) == best && Some(explained(i)) == furthest
            })
            .collect();
        match legal.as_slice() {
            [] => {
                // None replays all that was read: show the reading that got
                // furthest. A set that reads fewer of the game's letters
                // (tried where the others fail) only where its main line
                // goes further than theirs all: else it failed no later
                // with a letter less.
                let fuller = (0..games.len())
                    .filter(|&i| !candidates[i].fewer)
                    .map(|i| games[i].mainline().count())
                    .max();
                (0..games.len())
                    .filter(|&i| {
                        !candidates[i].fewer
                            || fuller.is_none_or(|most| games[i].mainline().count() > most)
                    })
                    .max_by_key(|&i| {
                        (
                            explained(i),
                            games[i].mainline().count(),
                            std::cmp::Reverse(i),
                        )
                    })
                    .unwrap_or(0)
            }
            [one] => {
                // The earlier games settled these letters: no judgement.
                let as_earlier = self.earlier == Some(candidates[*one].set);
                self.earlier = Some(candidates[*one].set);
                // English, the letters PGN and most pages use, passed over
                // only for reading a letter as a pawn's: as far, with as
                // many repairs, other moves.
                let english = |i: usize| self.sets[candidates[i].set].code == "en";
                let by_pawns = |i: usize| {
                    let (theirs, ours) = (rank(i), rank(*one));
                    theirs.0 == ours.0
                        && theirs.1 == ours.1
                        && theirs.2 == ours.2
                        && theirs.3 > ours.3
                };
                let other = (0..games.len()).find(|&i| {
                    i != *one
                        && english(i)
                        && !games[i].failed()
                        && by_pawns(i)
                        && explained(i) == explained(*one)
                        && !same_moves(&games[*one], &games[i])
                });
                if let Some(other) = other.filter(|_| !as_earlier) {
                    self.say_pawn_letters(games, *one, other, first_line);
                }
                *one
            }
            [first, rest @ ..] => {
                let differs: Vec<usize> = rest
                    .iter()
                    .copied()
                    .filter(|&i| !same_moves(&games[*first], &games[i]))
                    .collect();
                if differs.is_empty() {
                    *first
                } else {
                    let mut readings = vec![*first];
                    readings.extend(differs);
                    let tie = Tie {
                        readings: &readings,
                        candidates,
                        letters,
                        text,
                    };
                    self.by_prior(&tie, games, first_line)
                }
            }
        }
    }

    /// The reading `pick` was chosen over `other`, English, which replays
    /// as far with as few repairs but reads a letter as a pawn's (`Pf3`: a Dutch
    /// knight, or an English pawn), by the rule that pawns are written
    /// without a letter (FIDE Laws C.4): a judgement, said as a warning
    /// (an error under `--strict`).
    fn say_pawn_letters(&self, games: &mut [Game], pick: usize, other: usize, first_line: u32) {
        let both = ambiguity(&games[pick], &games[other]);
        let name = games[pick].letters.map_or("?", |l| l.name);
        let (severity, message) = match self.strict {
            true => (
                Severity::Error,
                format!(
                    "{both}; --strict takes no reading on a prior ({name} would be, whose letters name no pawn): say which with --from"
                ),
            ),
            false => (
                Severity::Warning,
                format!("{both}; read as {name}, whose letters name no pawn (--from says which)"),
            ),
        };
        games[pick]
            .diagnostics
            .push(Diagnostic::new(severity, first_line, 1, message));
    }

    /// Of several readings of a game (indices into `games`) that replay
    /// legally and differ, the one the priors choose: English, PGN's
    /// letters; the letters of the input's earlier games; the letters of
    /// the language of the page's prose; the more widely used language
    /// (the order of [`crate::read::detect::all_candidates`]). A page
    /// without tags whose prose is clearly in a language other than
    /// English ([`crate::vocab::language::prose_language`]) takes that
    /// language's letters first: PGN's letters are PGN's prior, and tagged
    /// PGN, or a page in English or in no telling language, keeps it. The
    /// prose is looked at only here, where the letters and the board have
    /// left a tie. The choice is said: a note (`-v`) for English, a
    /// warning otherwise, an error under `--strict`.
    fn by_prior(&mut self, tie: &Tie<'_>, games: &mut [Game], first_line: u32) -> usize {
        let (readings, candidates) = (tie.readings, tie.candidates);
        let set = |i: usize| self.sets[candidates[i].set];
        let english = readings.iter().copied().find(|&i| set(i).code == "en");
        let earlier = readings
            .iter()
            .copied()
            .find(|&i| Some(candidates[i].set) == self.earlier);
        let language = crate::vocab::language::prose_language(self.scanned(tie.text));
        let prose = language
            .filter(|&code| code != "en")
            .and_then(LetterSet::by_code)
            .and_then(|lang| {
                readings.iter().copied().find(|&i| {
                    let c = candidates[i];
                    tie.letters.iter().all(|l| {
                        lang.role_of_spelling(l, c.lookalikes)
                            == set(i).role_of_spelling(l, c.lookalikes)
                    })
                })
            });
        let tagged = readings.iter().any(|&i| games[i].tags().next().is_some());
        const PROSE: &str = "the language of the page's prose";
        let (pick, why) = match (english, earlier, prose) {
            (_, _, Some(i)) if !tagged => (i, PROSE),
            (Some(i), _, _) => (i, "PGN's letters"),
            (None, Some(i), _) => (i, "the letters of the input's earlier games"),
            (None, None, Some(i)) => (i, PROSE),
            // Candidates come in the order of the sets, most used first.
            (None, None, None) => (readings[0], "the more widely used language of the two"),
        };
        let english = english.filter(|&i| i == pick);
        let other = readings
            .iter()
            .copied()
            .find(|&i| i != pick)
            .unwrap_or(pick);
        let both = ambiguity(&games[pick], &games[other]);
        // A tagged game is PGN, whose letters are English: read so, it is
        // no guess, under `--strict` too (notate's own PGN reads back).
        let severity = match (self.strict, english.is_some()) {
            (true, true) if tagged && !self.verbose => return pick,
            (true, true) if tagged => Severity::Note,
            (true, _) => Severity::Error,
            (false, true) if !self.verbose => return pick,
            (false, true) => Severity::Note,
            (false, false) => Severity::Warning,
        };
        let message = match severity {
            Severity::Error => format!(
                "{both}; --strict takes no reading on a prior ({} would be, as {why}): say which with --from",
                set(pick).name
            ),
            _ => format!(
                "{both}; read as {}, {why} (--from says which)",
                set(pick).name
            ),
        };
        games[pick]
            .diagnostics
            .push(Diagnostic::new(severity, first_line, 1, message));
        pick
    }
}

pub(super) fn same_moves(a: &Game, b: &Game) -> bool {
    a.mainline().map(|m| m.mv).eq(b.mainline().map(|m| m.mv))
}

/// The message for a game two letter sets read as two different legal games.
fn ambiguity(a: &Game, b: &Game) -> String {
    let name = |g: &Game| g.letters.map_or("?", |l| l.name);
    let first_difference = a
        .mainline()
        .zip(b.mainline())
        .find(|(x, y)| x.mv != y.mv)
        .map(|(x, y)| {
            let side = if x.color == shakmaty::Color::White {
                "."
            } else {
                "..."
            };
            format!(
                ": at {}{side} it is {} in {} but {} in {}",
                x.number,
                x.san,
                name(a),
                y.san,
                name(b)
            )
        })
        .unwrap_or_default();
    format!(
        "the letters read two ways, as {} and as {}, and both replay legally{first_difference}",
        name(a),
        name(b)
    )
}

/// How much of a game's text a reading makes moves: its moves (of a failed
/// reading, its main line's), and the moves left unread that are legal
/// where they stand. A reading that fails
/// after explaining more than one that replays is the likelier: the other
/// lost moves.
pub(super) fn explained(game: &Game) -> usize {
    // A failed reading's side lines may hold the game's own moves in the
    // wrong place: its main line is what it explains.
    let moves = match game.failed() {
        true => game.mainline().count(),
        false => all_moves(game),
    };
    moves + game.unread_playable as usize
}

/// The moves a reading read, in its side lines too: a reading that takes
/// a side line's `(` for stray to read more of the main line (`Nc6` a
/// Romanian bishop's move that fails) reads no more of the text.
fn all_moves(game: &Game) -> usize {
    game.events
        .iter()
        .filter(|e| matches!(e, crate::game::Event::Move(_)))
        .count()
}
