//! A game whose text does not read as written, searched for the run of
//! numbered moves that plays through it: each move a word its number
//! stands before (or that follows the move before it, Black's reply), each
//! legal where the run stands, everything between them commentary. A
//! bounded beam over the text's anchors (the move numbers) keeps the runs
//! that read the most moves soonest; the longest is written back into the
//! text with the rest in braces, for the reader to read as any game, and
//! is kept where it goes on from the walk's main line, every move of it
//! the run's, to read more of the game (see
//! [`GameReader::read_as_chain`]), and where no other run reads as many
//! (a move considered in the prose and the one played, both numbered).

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

use super::GameReader;
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, ParsedMove};
use crate::notation::resolve::unique_legal;
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::diag::{Diagnostic, Severity};

/// How many runs the beam keeps from one move to the next.
const BEAM: usize = 6;

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

/// A run of moves: the word (its token's index) that made its last move,
/// and the run before it (an index into the search's runs).
struct Step {
    token: usize,
    before: Option<usize>,
}

/// A run the beam holds: its position, the token to look from, how many
/// moves it has, and its last step.
struct Run {
    pos: Chess,
    from: usize,
    moves: usize,
    last: Option<usize>,
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
        let (_, alphabet) = self.letters_for(set);
        // The game's own text: a game the walk found begun inside it is
        // read after it, as the walk left it.
        let next_game = game.next_game;
        let own = &text[..next_game.unwrap_or(text.len())];
        let Some(Chain {
            text: rewritten,
            moves,
            inserted,
            named,
        }) = as_chain(own, alphabet)
        else {
            return;
        };
        if moves <= game.mainline().count() {
            return;
        }
        let mut other = self.spare.pop().unwrap_or_default();
        self.read_as(set, &rewritten, first_line, &mut other, false);
        // The run goes on from the walk's main line: every move the walk
        // read is the run's, none contradicted.
        let extends = other.mainline().count() == moves
            && game
                .mainline()
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
}

/// The text of a game rewritten as its longest run of numbered moves, the
/// rest in braces; `None` where the text holds tags or braces of its own,
/// or no run of two moves.
fn as_chain(text: &str, alphabet: &Alphabet) -> Option<Chain> {
    if text.contains(['{', '}']) {
        return None;
    }
    let (items, spans) = items(text)?;
    let (steps, best) = search(&items, alphabet);
    let mut run = Vec::new();
    let mut at = best;
    while let Some(i) = at {
        run.push(steps[i].token);
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
            && run.binary_search(&i).is_err()
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

/// The beam search: every run's steps, and the last step of the run with
/// the most moves, where no other as long ends elsewhere.
fn search(items: &[Item<'_>], alphabet: &Alphabet) -> (Vec<Step>, Option<usize>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut beam = vec![Run {
        pos: Chess::default(),
        from: 0,
        moves: 0,
        last: None,
    }];
    let mut best: (usize, Option<usize>) = (0, None);
    let mut work = WORK * items.len().max(64);
    while !beam.is_empty() {
        let mut next: Vec<Run> = Vec::new();
        for run in &beam {
            let last_token = run.last.map(|s| steps[s].token);
            let end = items.len().min(run.from + REACH);
            let mut branches = 0;
            for j in run.from..end {
                if work == 0 || branches == BRANCHES {
                    break;
                }
                work -= 1;
                let Item::Word(word) = items[j] else { continue };
                if !anchored(items, j, last_token, &run.pos) {
                    continue;
                }
                let Some(mv) = legal_move(word, alphabet, &run.pos) else {
                    continue;
                };
                let mut pos = run.pos.clone();
                pos.play_unchecked(mv);
                steps.push(Step {
                    token: j,
                    before: run.last,
                });
                next.push(Run {
                    pos,
                    from: j + 1,
                    moves: run.moves + 1,
                    last: Some(steps.len() - 1),
                });
                branches += 1;
            }
        }
        // The runs that read the most moves soonest, one per position.
        next.sort_by_key(|r| (std::cmp::Reverse(r.moves), r.from));
        let mut seen: Vec<Zobrist64> = Vec::with_capacity(BEAM);
        next.retain(|r| {
            let hash: Zobrist64 = r.pos.zobrist_hash(EnPassantMode::Legal);
            let new = seen.len() < BEAM && !seen.contains(&hash);
            if new {
                seen.push(hash);
            }
            new
        });
        if let Some(first) = next.first()
            && first.moves > best.0
        {
            // Two runs as long that end in different positions (a move
            // considered in the prose, `over 9. Dxa8`, and the one played,
            // `9. Le2`): the text does not say which is the game's.
            let tied = next.iter().filter(|r| r.moves == first.moves).count() > 1;
            best = (first.moves, (!tied).then_some(first.last).flatten());
        }
        beam = next;
    }
    (steps, best.1)
}

/// Whether the word at `j` stands where a move of the run at `pos` may:
/// after the number of the move due (Black's with its dots, or after
/// White's move and its number), or right after the run's last move.
fn anchored(items: &[Item<'_>], j: usize, last: Option<usize>, pos: &Chess) -> bool {
    let black = pos.turn() == shakmaty::Color::Black;
    let due = pos.fullmoves().get();
    if last.is_some_and(|l| l + 1 == j) {
        return true;
    }
    match j.checked_sub(1).map(|i| items[i]) {
        Some(Item::Number(n, dots)) => n == due && (dots == black),
        _ => false,
    }
}

/// The one legal move `word` names in `pos` (its closing marks and
/// punctuation aside).
fn legal_move(word: &str, alphabet: &Alphabet, pos: &Chess) -> Option<shakmaty::Move> {
    let word = word.trim_end_matches([',', ';', ':', '.', ')']);
    if word.is_empty() {
        return None;
    }
    let readings = ParsedMove::readings(word, alphabet).ok()?;
    unique_legal(pos, &readings).map(|(_, found)| found.mv)
}

/// `text` with the run's moves (each with the number before it) as they
/// stand and every stretch between them in braces, and where the braces
/// went (each an offset in `text` and its length); a result last in the
/// text stays outside them.
fn rewrite(
    text: &str,
    items: &[Item<'_>],
    spans: &[(usize, usize)],
    run: &[usize],
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
    for &j in run {
        let start = match j.checked_sub(1).map(|i| items[i]) {
            Some(Item::Number(..)) if spans[j - 1].0 >= done => spans[j - 1].0,
            _ => spans[j].0,
        };
        comment(&mut out, done, start);
        out.push_str(&text[start..spans[j].1]);
        done = spans[j].1;
    }
    // A result last in the text is the game's.
    let last = *run.last().expect("a run of two moves");
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
        as_chain(text, Alphabet::of(&ENGLISH))
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
