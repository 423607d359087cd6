//! A game whose text does not read as written, searched for the run of
//! numbered moves that plays through it: each move a word its number
//! stands before (or that follows the move before it, Black's reply), or
//! that word with the next one or two (a move typed with spaces), each
//! legal where the run stands, everything between them commentary. Piece
//! letters are the game's set's, or, where the board names one other
//! piece for a letter new to the run, that piece (a page in a language no
//! set has). A bounded search in the text's order keeps, at each token,
//! the few runs ending there with the most moves, found across the fewest
//! stretches of other words; the longest run is written back into the
//! text with the rest in braces, for the reader to read as any game, and
//! is kept where it goes on from the walk's main line, every move of it
//! the run's up to the first whose written number says it is another, to
//! read more of the game (see [`GameReader::read_as_chain`]), and where no
//! other run reads as many (a move considered in the prose and the one
//! played, both numbered).

use std::collections::HashMap;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position, Role};

mod letters;
use letters::{Letters, Readings, word_move};

use super::GameReader;
use super::renamed::RENAMED_USES;
use crate::game::Game;
use crate::notation::algebraic::Alphabet;
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::diag::{Diagnostic, Severity};
use crate::vocab::letters::LetterSet;

/// How many runs ending at one token are kept.
const SLOT: usize = 4;

/// How many words a run's next move is looked for among, past its last.
const REACH: usize = 1024;

/// How many next moves of one run are followed.
const BRANCHES: usize = 3;

/// How many tokens, times the text's, the search may look at in all.
const WORK: usize = 32;

/// A token of the text, as the search sees it.
#[derive(Clone, Copy)]
enum Item<'t> {
    /// A move number, and whether it is Black's.
    Number(u32, bool),
    Word(&'t str),
    Result,
    /// Anything else of the movetext.
    Other,
}

/// A run of moves: the words (their tokens' indices, first and last) that
/// made its last move, and the run before it (an index into the search's
/// runs).
struct Step {
    first: usize,
    token: usize,
    before: Option<usize>,
}

/// How many words one move may be typed in (`d2 – d4`, `Q x f7`).
const MOVE_WORDS: usize = 3;

/// A run the search holds: its position, the token to look from, how many
/// moves it has, how many of them it found past other words (not right
/// after the move before and its number), its last step, and the letters
/// it read.
struct Run {
    pos: Chess,
    from: usize,
    moves: usize,
    gaps: usize,
    last: Option<usize>,
    letters: Letters,
}

impl GameReader {
    /// `game`, failed as its text is written, read again as the longest
    /// run of numbered moves through its own text ([`as_chain`]) in the
    /// game's letters: kept where that reads to its end and goes on from
    /// the walk's main line, said in a warning (an error under
    /// `--strict`) that counts the words like moves left in the
    /// commentary and names where the text as written failed.
    pub(super) fn read_as_chain(&mut self, text: &str, first_line: u32, game: &mut Game) {
        if self.descriptive.is_some() || game.has_tags() {
            return;
        }
        let Some(set) = self.set_of(game) else {
            return;
        };
        let letters = self.letters_for(set);
        // The game's own text: a game the walk found begun inside it is
        // read after it, as the walk left it.
        let next_game = game.next_game;
        let own = &text[..next_game.unwrap_or(text.len())];
        let Some(Chain {
            text: rewritten,
            moves,
            inserted,
            named,
            renamed,
        }) = as_chain(own, letters)
        else {
            return;
        };
        // A run that leaves more of the text's move-like words unread than
        // it reads explains too little of it to stand for the game.
        if moves <= game.mainline().count() || named.0 > moves {
            return;
        }
        let mut other = self.spare.pop().unwrap_or_default();
        self.renamed = renamed;
        self.read_as(set, &rewritten, first_line, &mut other, false);
        self.renamed.clear();
        // The run goes on from the walk's main line: every move the walk
        // read before any whose written number says it is another move is
        // the run's, none contradicted.
        let numbered = game.numbered_plies.map_or(usize::MAX, |n| n as usize);
        let extends = other.mainline().count() == moves
            && game
                .mainline()
                .take(numbered)
                .zip(other.mainline())
                .all(|(walked, run)| walked.mv == run.mv);
        if !other.failed() && extends {
            let failed_at = game
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
                .map(|d| {
                    format!(
                        " (as written, it fails at {}:{}: {})",
                        d.line, d.column, d.message
                    )
                })
                .unwrap_or_default();
            let left = match named {
                (0, _) => String::new(),
                (n, at) => {
                    let (line, column) = line_column(text, at, first_line);
                    format!("; {n} words of it name squares, the first at {line}:{column}")
                }
            };
            let message = format!(
                "the game read as the run of {moves} numbered moves that plays through the text, \
                 the words between them commentary{left}{failed_at}"
            );
            for diagnostic in &mut other.diagnostics {
                relocate(diagnostic, &rewritten, text, first_line, &inserted);
            }
            let severity = Severity::of_repair(self.strict);
            other
                .diagnostics
                .insert(0, Diagnostic::new(severity, first_line, 1, message));
            other.next_game = next_game;
            std::mem::swap(game, &mut other);
        }
        self.spare.push(other);
    }
}

/// The input line and character column of `offset` in a game's `text`
/// that begins at line `first_line`.
fn line_column(text: &str, offset: usize, first_line: u32) -> (u32, u32) {
    let before = &text[..offset];
    let line = before.matches('\n').count() as u32 + first_line;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() as u32 + 1)
}

/// A game's text rewritten as a run of moves: the text, the run's moves,
/// and what the rewriting put in (where in the text, how many bytes).
struct Chain {
    text: String,
    moves: usize,
    inserted: Vec<(usize, usize)>,
    /// How many words of the commentary name a square, like moves, and
    /// where the first stands.
    named: (usize, usize),
    /// The letters of the set the board renamed, and the pieces they name.
    renamed: Vec<(Box<str>, Role)>,
}

/// The text of a game rewritten as its longest run of numbered moves, the
/// rest in braces; `None` where the text holds tags or braces of its own,
/// or no run of two moves.
fn as_chain(text: &str, letters: (&LetterSet, &Alphabet)) -> Option<Chain> {
    if text.contains(['{', '}']) {
        return None;
    }
    let (items, spans) = items(text)?;
    let (steps, best) = search(text, &items, &spans, letters);
    let (last, read) = best?;
    // A letter renamed for one move is a slip, not a letter (as for the
    // walk).
    if read.renamed.iter().any(|&(_, _, uses)| uses < RENAMED_USES) {
        return None;
    }
    let mut run = Vec::new();
    let mut at = Some(last);
    while let Some(i) = at {
        run.push((steps[i].first, steps[i].token));
        at = steps[i].before;
    }
    run.reverse();
    if run.len() < 2 {
        return None;
    }
    let (rewritten, inserted) = rewrite(text, &items, &spans, &run);
    let mut named = (0, 0);
    for (i, item) in items.iter().enumerate() {
        if let Item::Word(word) = item
            && !run.iter().any(|&(first, last)| (first..=last).contains(&i))
            && crate::notation::algebraic::names_square(word)
        {
            if named.0 == 0 {
                named.1 = spans[i].0;
            }
            named.0 += 1;
        }
    }
    Some(Chain {
        text: rewritten,
        moves: run.len(),
        inserted,
        named,
        renamed: read
            .renamed
            .into_iter()
            .map(|(l, role, _)| (l, role))
            .collect(),
    })
}

/// Points `diagnostic`, made on the `rewritten` text, into `text` (the
/// game's own, from line `first_line`): its column less what was put in
/// before it on its line, its source line the text's own. Lines are the
/// same in both, as the rewriting puts in no line break.
fn relocate(
    diagnostic: &mut Diagnostic,
    rewritten: &str,
    text: &str,
    first_line: u32,
    inserted: &[(usize, usize)],
) {
    let Some(line) = diagnostic.line.checked_sub(first_line) else {
        return;
    };
    let line_start = |t: &str| {
        t.split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum::<usize>()
    };
    let start = line_start(rewritten);
    let column = diagnostic.column.saturating_sub(1) as usize;
    let at = start
        + rewritten[start.min(rewritten.len())..]
            .char_indices()
            .nth(column)
            .map_or(rewritten.len() - start.min(rewritten.len()), |(i, _)| i);
    // The rewritten offset less each insertion before it, an offset inside
    // one taken to where it was put in.
    let mut offset = at;
    let mut passed = 0;
    for &(place, len) in inserted {
        let shown = place + passed;
        if shown >= at {
            break;
        }
        offset = place.max(at.saturating_sub(passed + len));
        passed += len;
    }
    let offset = offset.min(text.len());
    let own_start = line_start(text);
    if offset < own_start || !text.is_char_boundary(offset) {
        return;
    }
    diagnostic.column = text[own_start..offset].chars().count() as u32 + 1;
    if diagnostic.source.is_some() {
        diagnostic.source = Some(crate::read::replay::snippet(text, offset));
    }
}

/// The text's tokens and their spans; `None` for a text with tags or
/// comments (a PGN game is read as written).
#[allow(clippy::type_complexity)]
fn items(text: &str) -> Option<(Vec<Item<'_>>, Vec<(usize, usize)>)> {
    let mut lexer = Lexer::new(text);
    let (mut items, mut spans) = (Vec::new(), Vec::new());
    while let Some(token) = lexer.next() {
        let item = match token.tok {
            Tok::MoveNumber { number, black } => Item::Number(number, black),
            Tok::Word(word) => Item::Word(word),
            Tok::Result(_) => Item::Result,
            Tok::Tag { .. } | Tok::Comment(_) | Tok::UnterminatedComment(_) => return None,
            _ => Item::Other,
        };
        items.push(item);
        spans.push((token.offset, lexer.offset()));
    }
    Some((items, spans))
}

/// The search, in the text's order: the runs whose last move ends at each
/// token, a few at each (the most moves, one per position), each followed
/// on to its next moves: the word right after its last, and the words
/// after the number of the move due (Black's with its dots), the first
/// few that play. Runs are compared where they end, never a run against
/// one ending elsewhere in the text: a line given in a heading and then
/// as the game goes on from the second place as far as the first. Every
/// run's steps, and the last step (and letters) of the run with the most
/// moves, where no other as long ends in another position.
fn search(
    text: &str,
    items: &[Item<'_>],
    spans: &[(usize, usize)],
    letters: (&LetterSet, &Alphabet),
) -> (Vec<Step>, Option<(usize, Letters)>) {
    // The words after each move number, by number and side.
    let mut anchors: HashMap<(u32, bool), Vec<usize>> = HashMap::new();
    for (j, pair) in items.windows(2).enumerate() {
        if let [Item::Number(n, black), Item::Word(_)] = *pair {
            anchors.entry((n, black)).or_default().push(j + 1);
        }
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut slots: Vec<Vec<Run>> = std::iter::repeat_with(Vec::new).take(items.len()).collect();
    let mut work = WORK * items.len().max(64);
    let start = Run {
        pos: Chess::default(),
        from: 0,
        moves: 0,
        gaps: 0,
        last: None,
        letters: Letters::default(),
    };
    let mut follow = |run: &Run, steps: &mut Vec<Step>, slots: &mut Vec<Vec<Run>>| {
        let due = (run.pos.fullmoves().get(), run.pos.turn().is_black());
        let numbered = anchors.get(&due).map_or(&[][..], Vec::as_slice);
        let after = numbered.partition_point(|&j| j < run.from);
        let next = run.last.map(|_| run.from).into_iter();
        let candidates = next.chain(numbered[after..].iter().copied());
        let mut branches = 0;
        for j in candidates.take_while(|&j| j < run.from + REACH) {
            if work == 0 || branches == BRANCHES {
                break;
            }
            work -= 1;
            if !matches!(items.get(j), Some(Item::Word(_))) {
                continue;
            }
            let at = (j, &run.pos, &run.letters);
            let Some((k, readings)) = move_at(text, items, spans, at, letters) else {
                continue;
            };
            let gap = run.last.is_some()
                && j != run.from
                && !(j == run.from + 1 && matches!(items[run.from], Item::Number(..)));
            for (mv, read) in readings {
                let mut pos = run.pos.clone();
                pos.play_unchecked(mv);
                steps.push(Step {
                    first: j,
                    token: k,
                    before: run.last,
                });
                keep(
                    &mut slots[k],
                    Run {
                        pos,
                        from: k + 1,
                        moves: run.moves + 1,
                        gaps: run.gaps + usize::from(gap),
                        last: Some(steps.len() - 1),
                        letters: read,
                    },
                );
            }
            branches += 1;
        }
    };
    follow(&start, &mut steps, &mut slots);
    // The longest run, its position's hash, and whether another as long
    // ends in another position.
    let mut best: Option<(usize, Zobrist64, usize, Letters)> = None;
    let mut tied = false;
    for k in 0..items.len() {
        let runs = std::mem::take(&mut slots[k]);
        for run in &runs {
            let hash: Zobrist64 = run.pos.zobrist_hash(EnPassantMode::Legal);
            match &best {
                Some((moves, _, _, _)) if run.moves < *moves => {}
                Some((moves, h, _, _)) if run.moves == *moves => tied |= *h != hash,
                _ => {
                    let last = run.last.expect("a run in a slot has a move");
                    best = Some((run.moves, hash, last, run.letters.clone()));
                    tied = false;
                }
            }
            follow(run, &mut steps, &mut slots);
        }
    }
    let best = best
        .filter(|_| !tied)
        .map(|(_, _, last, read)| (last, read));
    (steps, best)
}

/// Puts `run` among the runs ending at one token: one per position (the
/// one with more moves), the most moves first and of those the fewest
/// found past other words (a line read on its own lines before one
/// gathered from the prose around it), a few at most.
fn keep(slot: &mut Vec<Run>, run: Run) {
    let hash: Zobrist64 = run.pos.zobrist_hash(EnPassantMode::Legal);
    let same = slot
        .iter()
        .position(|r| r.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal) == hash);
    match same {
        Some(i) if (slot[i].moves, run.gaps) >= (run.moves, slot[i].gaps) => return,
        Some(i) => slot[i] = run,
        None => slot.push(run),
    }
    slot.sort_by_key(|r| (std::cmp::Reverse(r.moves), r.gaps));
    slot.truncate(SLOT);
}

/// The last of the words from `j` that make a move in `pos` (the run's
/// place, and the letters it read, as `at`), and the moves they make, each
/// with the letters read with it (see [`word_move`]): the word at `j`
/// alone where it makes one, or else the word with the next one or two on
/// its line, typed together (`d2 – d4`, `Q x f7`, a move a page or a scan
/// spaced out).
fn move_at(
    text: &str,
    items: &[Item<'_>],
    spans: &[(usize, usize)],
    (j, pos, read): (usize, &Chess, &Letters),
    letters: (&LetterSet, &Alphabet),
) -> Option<(usize, Readings)> {
    let mut joined = String::new();
    for k in j..items.len().min(j + MOVE_WORDS) {
        let Item::Word(word) = items[k] else {
            return None;
        };
        if k > j && text[spans[k - 1].1..spans[k].0].contains('\n') {
            return None;
        }
        joined.push_str(word);
        let readings = word_move(&joined, pos, read, letters);
        if !readings.is_empty() {
            return Some((k, readings));
        }
    }
    None
}

/// `text` with the run's moves (each its words, first and last, with the
/// number before it) as they
/// stand and every stretch between them in braces, and where the braces
/// went (each an offset in `text` and its length); a result last in the
/// text stays outside them.
fn rewrite(
    text: &str,
    items: &[Item<'_>],
    spans: &[(usize, usize)],
    run: &[(usize, usize)],
) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(text.len() + 4 * run.len());
    let mut inserted = Vec::new();
    let mut done = 0;
    // A stretch's words in braces, the spaces around them outside.
    let mut comment = |out: &mut String, from: usize, to: usize| {
        let stretch = &text[from..to];
        let words = stretch.trim();
        if words.is_empty() {
            out.push_str(stretch);
            return;
        }
        let start = from + (stretch.len() - stretch.trim_start().len());
        let end = start + words.len();
        out.push_str(&text[from..start]);
        out.push_str("{ ");
        out.push_str(words);
        out.push_str(" }");
        out.push_str(&text[end..to]);
        inserted.push((start, 2));
        inserted.push((end, 2));
    };
    for &(j, k) in run {
        let start = match j.checked_sub(1).map(|i| items[i]) {
            Some(Item::Number(..)) if spans[j - 1].0 >= done => spans[j - 1].0,
            _ => spans[j].0,
        };
        comment(&mut out, done, start);
        out.push_str(&text[start..spans[k].1]);
        done = spans[k].1;
    }
    // A result last in the text is the game's.
    let (_, last) = *run.last().expect("a run of two moves");
    match items.last() {
        Some(Item::Result) if items.len() - 1 > last => {
            let (from, to) = spans[items.len() - 1];
            comment(&mut out, done, from);
            out.push_str(&text[from..to]);
            comment(&mut out, to, text.len());
        }
        _ => comment(&mut out, done, text.len()),
    }
    (out, inserted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::letters::ENGLISH;

    fn chain(text: &str) -> Option<Chain> {
        as_chain(text, (&ENGLISH, Alphabet::of(&ENGLISH)))
    }

    #[test]
    fn the_run_is_written_back_with_the_rest_in_braces() {
        let found =
            chain("So 1. e4 e5, 2. Bc4 thought long before 2. … Be7!? was played 1-0").unwrap();
        assert_eq!(found.moves, 4);
        assert_eq!(
            found.text,
            "{ So } 1. e4 e5, 2. Bc4 { thought long before } 2. … Be7!? { was played } 1-0"
        );
    }

    #[test]
    fn two_runs_as_long_are_no_reading() {
        assert!(chain("1. e4 e5 2. Bc4 before 2. … Be7 or 2. … Nf6 it").is_none());
        // The same move twice is one position: one run.
        assert!(chain("1. e4 e5 2. Bc4 before 2. … Be7 and again 2. … Be7 it").is_some());
    }

    #[test]
    fn a_text_with_tags_or_braces_is_read_as_written() {
        assert!(chain("[Event \"x\"]\n1. e4 e5 2. Bc4 Nc6").is_none());
        assert!(chain("1. e4 e5 { a note } 2. Bc4 Nc6").is_none());
    }

    #[test]
    fn a_diagnostic_points_into_the_text_as_written() {
        let text = "So 1. e4 e5\nand 2. Bc4 then 2... Nc6 here";
        let found = chain(text).unwrap();
        // `here`, in the rewritten text and in the text itself.
        let line = found.text.lines().nth(1).unwrap();
        let column = line[..line.find("here").unwrap()].chars().count() as u32 + 1;
        let mut diagnostic = Diagnostic::new(Severity::Warning, 11, column, "x");
        diagnostic.source = Some(crate::read::replay::snippet(&found.text, 0));
        relocate(&mut diagnostic, &found.text, text, 10, &found.inserted);
        assert_eq!((diagnostic.line, diagnostic.column), (11, 26));
        let source = diagnostic.source.unwrap();
        assert_eq!(
            (source.text.as_str(), source.caret),
            ("and 2. Bc4 then 2... Nc6 here", 26)
        );
    }
}
