//! Side lines with no brackets: a move number earlier than the one due,
//! whose move plays from where the line stood at that number, begins a
//! side line there (a page's `3...Bc5. The alternative 3...Nf6 is fine
//! too, after 4.Ng5 d5 5.exd5…`), and the line it left goes on at its own
//! number due (`4.c3`). Where a number fits both lines, a short look ahead
//! (a few moves, a bounded stretch of text) decides which one it goes on.
//! A side line that belongs to an earlier move than the last is moved
//! there when the game is done, in one pass.

use std::collections::{HashMap, VecDeque};
use std::ops::Range;

use shakmaty::{Chess, Color, Move, Position};

use super::numbers::number_fits;
use super::prose::{at_boundary, move_number, strong_move_shaped};
use super::{Line, Open, Replayer};
use crate::game::{Event, Game};
use crate::notation::algebraic::ocr_number;
use crate::read::lexer::{Lexer, Tok, Token};

/// How many of a line's last moves a move number may go back over.
const WINDOW: usize = 24;
/// How far the look ahead reads: tokens, and moves.
const PROBE_TOKENS: usize = 48;
pub(super) const PROBE_MOVES: u32 = 6;
/// How far ahead a number due in the middle of prose is looked for again.
const LATER_TOKENS: usize = 200;

/// Whether a probe's reach (see [`Replayer::probe_to_end`]) read on with
/// nothing against it: to the line's end, or as many moves as a probe
/// reads.
pub(super) fn reads_on((moves, ended): (u32, bool)) -> bool {
    ended || moves >= PROBE_MOVES
}

/// The positions before a line's last moves (at most [`WINDOW`]), each
/// with where its move is in the game's events and whether it was read
/// plainly: a move number before it, and no repair.
#[derive(Default, Clone)]
pub(super) struct Recent(VecDeque<(Chess, usize, bool)>);

impl Recent {
    /// Keeps `before`, the position a move was played from, where that
    /// move is in the events, and whether it had a number.
    pub(super) fn push(&mut self, before: &Chess, event: usize, numbered: bool) {
        if self.0.len() == WINDOW {
            self.0.pop_front();
        }
        self.0.push_back((before.clone(), event, numbered));
    }

    /// The last move was repaired (or reported): it is no word that a
    /// numbered move may simply take the place of.
    pub(super) fn repaired(&mut self) {
        if let Some(last) = self.0.back_mut() {
            last.2 = true;
        }
    }

    /// How many positions are kept.
    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// The `i`-th position kept, oldest first.
    pub(super) fn position(&self, i: usize) -> &Chess {
        &self.0[i].0
    }

    /// Where the move played from the `i`-th position is in the events.
    pub(super) fn event(&self, i: usize) -> Option<usize> {
        self.0.get(i).map(|&(_, event, _)| event)
    }

    /// Which of the kept positions is the one at `ply`, if any.
    pub(super) fn at(&self, ply: u32) -> Option<usize> {
        self.0.iter().rposition(|(pos, ..)| ply_of(pos) == ply)
    }
}

/// A line's last move taken back for the numbered move that replaces it:
/// its events, kept as a side line after that move, and the line as it
/// was, should that move not be played after all.
pub(super) struct Demoted {
    events: Vec<Event>,
    line: Line,
    main: bool,
}

/// Whether a paragraph begins at `offset`: a blank line before it.
fn at_paragraph(text: &str, offset: usize) -> bool {
    let before = text[..offset].trim_end_matches([' ', '\t', '\r']);
    let Some(before) = before.strip_suffix('\n') else {
        return false;
    };
    before.trim_end_matches([' ', '\t', '\r']).ends_with('\n')
}

/// The ply a position stands at, from its move number and side to move.
pub(super) fn ply_of(pos: &Chess) -> u32 {
    2 * (pos.fullmoves().get() - 1) + u32::from(pos.turn() == Color::Black)
}

/// What a move number does to the lines being read.
pub(super) enum Renumber {
    /// Nothing: it is read as before.
    No,
    /// It switched lines (back to one below, or into a new side line).
    Switched,
    /// It is the number due in the side line being read, and the look
    /// ahead goes on with it: prose before it ends here.
    Goes,
}

impl Replayer<'_> {
    /// How many side lines with no brackets are open on top of the stack.
    pub(super) fn restarts(&self) -> usize {
        self.stack
            .iter()
            .rev()
            .take_while(|o| o.restart.is_some())
            .count()
    }

    /// The line `k` levels below the one being read (`l`), through the
    /// side lines with no brackets.
    fn level<'s>(&'s self, l: &'s Line, k: usize) -> &'s Line {
        match k {
            0 => l,
            k => &self.stack[self.stack.len() - k].parent,
        }
    }

    /// Takes the move number `number` at `offset` (the lexer stands after
    /// it): back to a line below where it is that line's number due (and
    /// not the current one's, or the look ahead says so), or into a new
    /// side line where it goes back to an earlier move that its move
    /// replaces.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn renumber(
        &mut self,
        number: u32,
        black: bool,
        offset: usize,
        lexer: &Lexer<'_>,
        line: &mut Option<Line>,
        game: &mut Game,
    ) -> Renumber {
        let Some(l) = line.as_mut() else {
            return Renumber::No;
        };
        if self.main_over() || self.failed || std::mem::take(&mut self.after_stray) {
            return Renumber::No;
        }
        let Some((word, past)) = lexer.next_word() else {
            return Renumber::No;
        };
        let below = self.restarts();
        let fitting = |k: usize| {
            let pos = &self.level(l, k).pos;
            number_fits(number, black, pos)
                .then(|| self.plays_at(word, &past, pos))
                .flatten()
        };
        if let Some(here) = fitting(0) {
            let Some((k, there)) = (1..=below).find_map(|k| fitting(k).map(|m| (k, m))) else {
                // In a side line, the number due goes on with it, whatever
                // the prose around (in the main line, prose must end first).
                return if !self.stack.is_empty() {
                    Renumber::Goes
                } else {
                    Renumber::No
                };
            };
            let stay = self.probe(here, &l.pos, lexer);
            let back = self.probe(there, &self.level(l, k).pos, lexer);
            if back > stay || (back == stay && at_boundary(self.text, offset)) {
                self.close_restarts(k, l, game);
                return Renumber::Switched;
            }
            return Renumber::Goes;
        }
        if let Some(k) = (1..=below).find(|&k| fitting(k).is_some()) {
            // Mid-sentence, the number goes back to the line below only
            // where no later one goes on further there (`… n'avait pas
            // imaginé 7. Cxc6.↵7. Cxc6 bxc6 8. Fe2`).
            if !at_boundary(self.text, offset)
                && !self.best_due(number, black, lexer, &self.level(l, k).pos, &|| true)
            {
                return Renumber::No;
            }
            self.close_restarts(k, l, game);
            return Renumber::Switched;
        }
        let ply = 2 * number.saturating_sub(1) + u32::from(black);
        self.go_back(ply, offset, word, lexer, l, game)
    }

    /// Takes a move number that goes back to `ply`, with `word` after it:
    /// into a side line from the topmost line whose recent moves hold that
    /// ply and where its move plays (not the move played there, and not
    /// one that goes on better where the line stands), or in place of the
    /// line's last move, where that had no number of its own.
    fn go_back(
        &mut self,
        ply: u32,
        offset: usize,
        word: &str,
        lexer: &Lexer<'_>,
        l: &mut Line,
        game: &mut Game,
    ) -> Renumber {
        let below = self.restarts();
        let mut past = lexer.clone();
        past.next();
        for k in 0..=below {
            let level = self.level(l, k);
            // Past the line's move due, or at its first move (another
            // alternative to the move below it: a side line of that line).
            if ply >= ply_of(&level.pos)
                || (k < below && self.stack[self.stack.len() - 1 - k].ply == ply)
            {
                continue;
            }
            let Some(i) = level.recent.at(ply) else {
                continue;
            };
            let (before, event, _) = &level.recent.0[i];
            let Some(mv) = self.plays_at(word, &past, before) else {
                continue;
            };
            // The move the line played there, repeated: no side line.
            if matches!(&game.events[*event], Event::Move(r) if r.mv == Some(mv)) {
                return Renumber::No;
            }
            // A wrong number before a move that goes on where it is. The
            // number of the move just played, with its side's dots, is an
            // alternative to it (`8...Ke7? 8...Bd7, developing`) unless
            // the moves written after it go on further where it is.
            // Where the word fits several moves here, the one that goes on
            // furthest stands for them.
            let here = match k {
                0 => self.moves_named(word, &past, &level.pos),
                _ => Vec::new(),
            };
            if !here.is_empty() {
                let wrong = if ply + 1 == ply_of(&level.pos) {
                    let runs = here
                        .iter()
                        .map(|&m| self.run_of_moves(m, &level.pos, lexer));
                    runs.max() > Some(self.run_of_moves(mv, before, lexer))
                } else {
                    let probes = here.iter().map(|&m| self.probe(m, &level.pos, lexer));
                    probes.max() >= Some(self.probe(mv, before, lexer))
                };
                if wrong {
                    return Renumber::No;
                }
            }
            if k == 0 && self.demotes(i, l, game) {
                self.demote(offset, word, l, game);
                return Renumber::Switched;
            }
            self.close_restarts(k, l, game);
            self.open_restart(i, offset, word, l, game);
            return Renumber::Switched;
        }
        Renumber::No
    }

    /// Takes a word with no number before it at `offset` (`ahead` stands
    /// after it), in a side line with no brackets: where a paragraph
    /// begins with it and it plays in a line below (the look ahead going
    /// on there as far), that line goes on.
    pub(super) fn unnumbered(
        &mut self,
        word: &str,
        offset: usize,
        ahead: &Lexer<'_>,
        line: &mut Option<Line>,
        game: &mut Game,
    ) {
        let Some(l) = line.as_mut() else {
            return;
        };
        let below = self.restarts();
        if below == 0 || self.main_over() || self.failed || !at_paragraph(self.text, offset) {
            return;
        }
        let Some((k, there)) = (1..=below).find_map(|k| {
            self.plays_at(word, ahead, &self.level(l, k).pos)
                .map(|m| (k, m))
        }) else {
            return;
        };
        let back = self.probe_after(there, &self.level(l, k).pos, ahead.clone());
        let stay = self
            .plays_at(word, ahead, &l.pos)
            .map_or(0, |here| self.probe_after(here, &l.pos, ahead.clone()));
        if back >= stay {
            self.close_restarts(k, l, game);
        }
    }

    /// Whether the number due, read mid-sentence with its move next (the
    /// lexer stands before it), begins the game's moves again: they go on
    /// for two moves at least (or, where `one_to_end`, one to the game's
    /// end: `A good reply 2. Nf3 *`), and no later occurrence of the number,
    /// within a stretch of text, goes on as far or further (`6. Re1 is
    /// simplest, but 6. d4 is played more often, and 6...b5 7. Bb3…`; a
    /// page names the alternatives before the move played).
    pub(super) fn best_due(
        &self,
        number: u32,
        black: bool,
        lexer: &Lexer<'_>,
        pos: &Chess,
        one_to_end: &dyn Fn() -> bool,
    ) -> bool {
        let Some(Token {
            tok: Tok::Word(word),
            ..
        }) = lexer.clone().next()
        else {
            return false;
        };
        let mut after = lexer.clone();
        after.next();
        let Some(mv) = self.plays_at(word, &after, pos) else {
            return false;
        };
        // Two moves at least, or, where `one_to_end`, the one move before
        // the game's end.
        let (here, ended) = self.probe_reach(mv, pos, after, PROBE_MOVES, PROBE_TOKENS);
        if here < 2 && !(ended && here == 1 && one_to_end()) {
            return false;
        }
        let mut ahead = lexer.clone();
        for _ in 0..LATER_TOKENS {
            let Some(token) = ahead.next() else {
                break;
            };
            if let Tok::Tag { .. } | Tok::Position { .. } = token.tok {
                break;
            }
            if move_number(&token.tok) != Some((number, black)) {
                continue;
            }
            if let Some(Token {
                tok: Tok::Word(next),
                ..
            }) = ahead.clone().next()
                && let Some(later) = self.plays(next, pos)
                && self.probe(later, pos, &ahead) >= here
            {
                return false;
            }
        }
        true
    }

    /// How many moves the text after `lexer`'s next word reads as, from
    /// `pos` with `first` (that word) played.
    pub(super) fn probe(&self, first: Move, pos: &Chess, lexer: &Lexer<'_>) -> u32 {
        self.probe_after(first, pos, self.past_move(lexer))
    }

    /// Plays in `pos` the move `word` names, with the words after it
    /// (`ahead`, moved past them) that belong to its move in a descriptive
    /// game, as a probe of the text ahead reads it; where it names none,
    /// the word as read, its words joined.
    fn play_words<'t>(
        &self,
        word: &'t str,
        ahead: &mut Lexer<'t>,
        pos: &mut Chess,
    ) -> Result<(), std::borrow::Cow<'t, str>> {
        let word = super::joined::move_words(word, self.settings.descriptive, ahead);
        let mv = self.plays(&word, pos).ok_or(word)?;
        pos.play_unchecked(mv);
        Ok(())
    }

    /// The lexer `lexer` past its next word and, in a descriptive game,
    /// the words that belong to its move (`B. takes P.`, `B-Kt5 ch`).
    fn past_move<'t>(&self, lexer: &Lexer<'t>) -> Lexer<'t> {
        let mut ahead = lexer.clone();
        if let Some(Token {
            tok: Tok::Word(word),
            ..
        }) = ahead.next()
        {
            super::joined::move_words(word, self.settings.descriptive, &mut ahead);
        }
        ahead
    }

    /// How many moves the text from `ahead` on reads as, from `pos` with
    /// `first` played: following the move numbers, passing over prose and
    /// brackets, up to a word like a move that does not play, a number
    /// that does not fit, or the limits.
    pub(super) fn probe_after(&self, first: Move, pos: &Chess, ahead: Lexer<'_>) -> u32 {
        self.probe_far(first, pos, ahead, PROBE_MOVES, PROBE_TOKENS)
    }

    /// How many moves the text after `lexer`'s next word reads as one after
    /// the other, from `pos` with `first` (that word) played: up to the
    /// first token that is neither a move that plays (its words joined, in
    /// a descriptive game) nor the number due (a word of prose ends it), at most [`PROBE_MOVES`] moves in
    /// [`PROBE_TOKENS`] tokens.
    fn run_of_moves(&self, first: Move, pos: &Chess, lexer: &Lexer<'_>) -> u32 {
        self.run_of_moves_from(first, pos, &self.past_move(lexer))
    }

    /// [`Replayer::run_of_moves`] with `ahead` past the first move's word.
    pub(super) fn run_of_moves_from(&self, first: Move, pos: &Chess, ahead: &Lexer<'_>) -> u32 {
        let mut ahead = ahead.clone();
        let mut pos = pos.clone();
        pos.play_unchecked(first);
        let mut moves = 1;
        for _ in 0..PROBE_TOKENS {
            if moves == PROBE_MOVES {
                break;
            }
            let Some(token) = ahead.next() else { break };
            match token.tok {
                Tok::MoveNumber { number, black } if number_fits(number, black, &pos) => {}
                Tok::Nag(_) => {}
                Tok::Word(word) => match self.play_words(word, &mut ahead, &mut pos) {
                    Ok(()) => moves += 1,
                    Err(_) => break,
                },
                _ => break,
            }
        }
        moves
    }

    /// [`Replayer::probe_after`] up to `moves` moves and `tokens` tokens.
    pub(super) fn probe_far(
        &self,
        first: Move,
        pos: &Chess,
        ahead: Lexer<'_>,
        moves_at_most: u32,
        tokens: usize,
    ) -> u32 {
        self.probe_reach(first, pos, ahead, moves_at_most, tokens).0
    }

    /// [`Replayer::probe_after`], and whether the line ended (the game's
    /// result, the next game's tags, the text's end, inside a bracket left
    /// open too, or the `)` that closes a side line) with nothing against
    /// the reading before it: of two readings that read as many moves, the
    /// one that explains the rest of the line.
    pub(super) fn probe_to_end(&self, first: Move, pos: &Chess, ahead: Lexer<'_>) -> (u32, bool) {
        self.probe_reach(first, pos, ahead, PROBE_MOVES, PROBE_TOKENS)
    }

    pub(super) fn probe_reach(
        &self,
        first: Move,
        pos: &Chess,
        mut ahead: Lexer<'_>,
        moves_at_most: u32,
        tokens: usize,
    ) -> (u32, bool) {
        let mut pos = pos.clone();
        pos.play_unchecked(first);
        let mut moves = 1;
        let mut depth = 0u32;
        for _ in 0..tokens {
            let Some(token) = ahead.next() else {
                return (moves, true);
            };
            match token.tok {
                Tok::Result(_) | Tok::Tag { .. } | Tok::BrokenTag(_) | Tok::Position { .. }
                    if depth == 0 =>
                {
                    return (moves, true);
                }
                Tok::Open => depth += 1,
                // The line ends: nothing has gone against the reading.
                Tok::Close if depth == 0 => return (moves, true),
                Tok::Close => depth -= 1,
                _ if depth > 0 => {}
                Tok::MoveNumber { number, black } if !number_fits(number, black, &pos) => break,
                Tok::Word(word) => {
                    if let Some((number, black)) = ocr_number(word) {
                        if !number_fits(number, black, &pos) {
                            break;
                        }
                        continue;
                    }
                    match self.play_words(word, &mut ahead, &mut pos) {
                        Ok(()) => {
                            moves += 1;
                            if moves == moves_at_most {
                                break;
                            }
                        }
                        Err(word) if strong_move_shaped(&word) => break,
                        Err(_) => {}
                    }
                }
                _ => {}
            }
        }
        (moves, false)
    }

    /// Begins a side line with no brackets at the position `l.recent`
    /// keeps at `i`: an alternative to the move played there.
    fn open_restart(&mut self, i: usize, offset: usize, word: &str, l: &mut Line, game: &mut Game) {
        self.end_prose(game, Some(l));
        let (before, event, _) = l.recent.0[i].clone();
        // Where it belongs: before the line's next move, if there is one.
        let belongs = l.recent.0.get(i + 1).map(|&(_, e, _)| e);
        if let Event::Move(replaced) = &game.events[event] {
            let dots = if replaced.color == Color::White {
                "."
            } else {
                "..."
            };
            let message = format!(
                "`{word}` goes back to move {}{dots}: read as a side line, an alternative to {}{dots} {}",
                replaced.number, replaced.number, replaced.san
            );
            self.repair(game, offset, message, &before);
        }
        let ply = ply_of(&before);
        let parent = std::mem::replace(l, Line::new(before));
        self.stack.push(Open {
            parent,
            offset,
            event: game.events.len(),
            restart: Some(belongs),
            belongs: None,
            ply,
            mark: None,
        });
        game.events.push(Event::StartVariation);
        self.passed_number = None;
        self.after_prose = false;
    }

    /// Whether the move number going back to the line's move at `i` is
    /// that move's own, not a side line's: the move is the line's last,
    /// White's, had no number and was read with no repair (a word of prose
    /// read as a move, or a move the page numbers again), and nothing was
    /// moved past it.
    fn demotes(&self, i: usize, l: &Line, game: &Game) -> bool {
        let (before, event, numbered) = &l.recent.0[i];
        i + 1 == l.recent.0.len()
            && !numbered
            && before.turn() == Color::White
            && self
                .moved
                .iter()
                .all(|(at, r)| *at < *event && r.end <= *event)
            && *event < game.events.len()
    }

    /// Takes back the line's last move (see [`Replayer::demotes`]): the
    /// numbered move at `offset` is played in its place, and it is kept
    /// as a side line after that move.
    fn demote(&mut self, offset: usize, word: &str, l: &mut Line, game: &mut Game) {
        self.end_prose(game, Some(l));
        let Some(&(ref before, event, _)) = l.recent.0.back() else {
            return;
        };
        let before = before.clone();
        if let Event::Move(replaced) = &game.events[event] {
            let message = format!(
                "`{word}` is numbered as the move {}. read before it with no number ({}); \
                 read in its place, and that one kept as a side line",
                replaced.number, replaced.san
            );
            self.repair(game, offset, message, &before);
        }
        let events: Vec<Event> = game.events.drain(event..).collect();
        let mut back = Line {
            prev: None,
            pos: before,
            recent: l.recent.clone(),
        };
        back.recent.0.pop_back();
        back.prev = back.recent.0.back().map(|(p, ..)| p.clone());
        let main = self.stack.is_empty();
        if main {
            self.main_moves -= 1;
        }
        let line = std::mem::replace(l, back);
        self.demoted = Some(Demoted { events, line, main });
        self.passed_number = None;
        self.after_prose = false;
    }

    /// After the word that took a demoted move's place: that move kept as
    /// a side line after it, or, where the word played nothing, put back.
    pub(super) fn settle_demoted(&mut self, moves_before: usize, l: &mut Line, game: &mut Game) {
        let Some(d) = self.demoted.take() else {
            return;
        };
        let played = game.events[moves_before.min(game.events.len())..]
            .iter()
            .any(|e| matches!(e, Event::Move(_)));
        if played {
            game.events.push(Event::StartVariation);
            game.events.extend(d.events);
            game.events.push(Event::EndVariation);
        } else {
            game.events.truncate(moves_before);
            game.events.extend(d.events);
            *l = d.line;
            if d.main {
                self.main_moves += 1;
            }
        }
    }

    /// Closes the `k` side lines with no brackets on top of the stack:
    /// back to the line below them.
    pub(super) fn close_restarts(&mut self, k: usize, l: &mut Line, game: &mut Game) {
        if k == 0 {
            return;
        }
        self.end_prose(game, Some(l));
        for _ in 0..k {
            let Some(open) = self.stack.pop() else {
                return;
            };
            let belongs = open.restart.flatten();
            *l = open.parent;
            let moves = game.events[open.event..]
                .iter()
                .any(|e| matches!(e, Event::Move(_)));
            if !moves {
                // No move in it: what it holds (comments) stays, in the
                // line below.
                let held: Vec<Event> = game.events.drain(open.event..).skip(1).collect();
                game.events.extend(held);
                continue;
            }
            game.events.push(Event::EndVariation);
            if let Some(before) = belongs {
                self.moved.push((before, open.event..game.events.len()));
            }
        }
        self.passed_number = None;
        self.after_prose = false;
    }

    /// Closes every side line with no brackets on top of the stack.
    pub(super) fn close_all_restarts(&mut self, l: &mut Line, game: &mut Game) {
        let k = self.restarts();
        self.close_restarts(k, l, game);
    }
}

/// Puts each side line of `moved` (before which event, its events) where
/// it belongs, in one pass over the events; where the event at `track`
/// went.
pub(super) fn relocate(
    game: &mut Game,
    moved: &[(usize, Range<usize>)],
    track: Option<usize>,
) -> Option<usize> {
    if moved.is_empty() {
        return track;
    }
    let mut tracked = None;
    let mut before: HashMap<usize, Vec<Range<usize>>> = HashMap::new();
    let mut skip: HashMap<usize, usize> = HashMap::new();
    for (at, range) in moved {
        before.entry(*at).or_default().push(range.clone());
        skip.insert(range.start, range.end);
    }
    let mut events: Vec<Option<Event>> = std::mem::take(&mut game.events)
        .into_iter()
        .map(Some)
        .collect();
    let mut out = Vec::with_capacity(events.len());
    // Stretches of the events still to write, the innermost last, each
    // with where it starts if it is a moved side line.
    let mut stack: Vec<(Range<usize>, Option<usize>)> = vec![(0..events.len(), None)];
    while let Some((top, start)) = stack.last_mut() {
        let i = top.start;
        if i >= top.end {
            stack.pop();
            continue;
        }
        if let Some(lines) = before.remove(&i) {
            stack.extend(lines.into_iter().rev().map(|r| {
                let start = r.start;
                (r, Some(start))
            }));
            continue;
        }
        match skip.get(&i) {
            // A moved side line, where it stood: written where it belongs.
            Some(&end) if *start != Some(i) => top.start = end,
            _ => {
                if track == Some(i) {
                    tracked = Some(out.len());
                }
                out.extend(events[i].take());
                top.start += 1;
            }
        }
    }
    game.events = out;
    tracked
}
