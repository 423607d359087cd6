//! The end of a walk: side lines left open, the result settled with the
//! board, moves the text holds that were not read, invisible characters,
//! and the start position of a game of tags alone.

use shakmaty::Chess;

use super::restart::ply_of;
use super::result::{Written, apply, board_result, settle};
use super::setup::start_position;
use super::{Choice, ChoicePoint, Line, Open, Pick, Replayer};
use crate::game::{Event, Game};
use crate::read::lexer::Lexer;
use crate::vocab::diag::Severity;

impl Replayer<'_> {
    /// Closes the game once every token is read: a choice for the caller
    /// where a side line is left open, else the reports of the end.
    pub(super) fn finish(
        &mut self,
        game: &mut Game,
        lexer: &Lexer<'_>,
        mut line: Option<&mut Line>,
    ) -> Option<ChoicePoint> {
        if let Some(l) = line.as_deref_mut() {
            self.end_unreturned(game, l);
        }
        // Side lines left open hold what follows them: moves there count as
        // after the main line's last, as prose at its depth would.
        let unclosed = !self.stack.is_empty();
        if !self.failed
            && let Some(first) = self.stack.first()
        {
            match self.pick_or_settle(first.offset) {
                Some(Pick::Unsettled) => self.close_at_end(game, line.as_deref_mut()),
                _ => {
                    return Some(ChoicePoint::new(first.offset, Choice::Unclosed));
                }
            }
        }
        // A failed game's side lines left open are closed all the same.
        self.close_stack(game, line.as_deref_mut());
        let end = line.map(|l| match self.stack.first() {
            Some(open) => open.parent.pos.clone(),
            None => l.pos.clone(),
        });
        self.stack.clear();
        self.report_unread(game, end.as_ref(), unclosed);
        // The prose after the last move said who resigned, or that the
        // game was drawn.
        if game.result.is_none()
            && let Some((moves, Some(result))) = self.ending_said
            && moves == self.main_moves
        {
            game.result = Some(result);
        }
        // A tag section whose movetext is its result alone (a forfeit, an
        // agreed draw) is a whole game in PGN.
        let result_written = game.result.is_some();
        if !self.failed {
            match &end {
                Some(end) => self.settle_result(game, end),
                None => {
                    if let Err((message, tag)) = start_position(game) {
                        // A game with tags only: still check its start position.
                        let at = self.setup_tags[tag as usize].unwrap_or(0);
                        self.report(game, Severity::Error, at, message);
                    }
                    self.settle_result(game, &game.start.clone());
                }
            }
        }
        // Every tag section is a game, one with no moves too: said so,
        // unless its movetext gives the result (or it is a UCI position
        // line's, which says the game's moves are none).
        if !self.failed
            && !result_written
            && !self.position_read
            && game.mainline().next().is_none()
            && game.tags().next().is_some()
        {
            self.report(
                game,
                Severity::Warning,
                0,
                "the game has tags but no moves".into(),
            );
        }
        let (invisible, at) = lexer.invisible();
        if invisible > 0 {
            let c = self.text[at..].chars().next().unwrap_or(' ');
            self.report(
                game,
                Severity::Warning,
                at,
                format!(
                    "{invisible} invisible or control character(s), the first U+{:04X}, read as spaces",
                    c as u32
                ),
            );
        }
        let promoted =
            super::restart::relocate(game, &std::mem::take(&mut self.moved), self.promoted);
        if let Some(start) = promoted
            && !game.promote_variation(start)
        {
            // The shape `warn_unreturned` saw is not there: never so, and
            // never written wrong if it were.
            self.report(
                game,
                Severity::Error,
                0,
                "the side line taken as the game could not be made its main line: the game is \
                 not written (a fault of the reader's; please report it)"
                    .into(),
            );
            self.failed = true;
        }
        sort_diagnostics(game);
        None
    }

    /// Closes the side lines with no brackets the game never came back
    /// from, at the game's end or its result (see
    /// [`Replayer::warn_unreturned`]); where one is taken as the game, the
    /// game ends where it does.
    pub(super) fn end_unreturned(&mut self, game: &mut Game, l: &mut Line) {
        let promoted = self.warn_unreturned(game, &l.pos);
        // Where the line taken as the game stands, past side lines in it.
        let (pos, prev) = match self.stack.get(1) {
            Some(inner) => (inner.parent.pos.clone(), inner.parent.prev.clone()),
            None => (l.pos.clone(), l.prev.clone()),
        };
        self.close_all_restarts(l, game);
        if promoted.is_some() {
            (l.pos, l.prev) = (pos, prev);
            self.promoted = promoted;
        }
    }

    /// A side line with no brackets that the game never came back from
    /// (`current`, where the line being read stands), judged by where the
    /// game may go on ([`Replayer::game_may_go_on_in`]). Where the game
    /// may go on in it, its moves may be the game's own (a number
    /// misprinted as an earlier one, a line that did not give the game
    /// back), which the game would have lost without a word: an error. A
    /// side line the game cannot go on in (`5... Bb6 … 5... Bb4+ dans ce
    /// cas`) is the text's alternative: said in a warning. One that only
    /// reaches past the main line's last move, an alternative to a move of
    /// the main line, is the game the text goes on with where prose comes
    /// between the moves it replaces and it (`Better was 5... e6 6. Nc3 …
    /// Black played 5... Bg4 6. Qxg4 … 8. Be6+`): where its `(` lands in the
    /// events, for it to be made the main line, with a warning. Where it
    /// follows them directly, the text lists its lines one after another
    /// (an opening's survey, a line to a row): an alternative, said.
    fn warn_unreturned(&mut self, game: &mut Game, current: &Chess) -> Option<usize> {
        let first = self
            .stack
            .iter()
            .rev()
            .take_while(|o| o.restart.is_some())
            .last();
        let open = first.filter(|_| !self.failed)?;
        // The line it began ends where a side line in it begins, if one does.
        let outermost = std::ptr::eq(open, &self.stack[0]);
        let current = match self.stack.get(1) {
            Some(inner) if outermost => &inner.parent.pos,
            _ => current,
        };
        let goes_on = self.game_may_go_on_in(open, current, game);
        let at = open.offset;
        let restart = outermost && matches!(open.restart, Some(Some(_)));
        let (severity, message, promoted) = match goes_on {
            GoesOn::Further if restart && told_after(game, open.event) => (
                Severity::Warning,
                "the side line begun here goes past the game's last move and the text never \
                 leaves it: it is read as the game, and the moves it replaces as the alternative",
                Some(open.event),
            ),
            GoesOn::Further if restart => (
                Severity::Warning,
                "the side line begun here runs to the end of the game, a line of its own after \
                 the game's last move: it is taken as an alternative",
                None,
            ),
            GoesOn::Further | GoesOn::Yes => (
                Severity::Error,
                "the side line begun here runs to the end of the game: \
                 the moves in it may be the game's own",
                None,
            ),
            GoesOn::No => (
                Severity::Warning,
                "the side line begun here runs to the end of the game: its first move \
                 cannot follow the game's last, so it is taken as an alternative",
                None,
            ),
        };
        self.report(game, severity, at, message.into());
        self.failed |= severity == Severity::Error;
        promoted
    }

    /// Whether the game may go on in the side line `open`, which runs to
    /// `current`: its first move plays where the line it left stopped, or
    /// prose in it holds moves that were cut short (see
    /// [`Replayer::cuts_game`]); or, short of those, it reaches past the
    /// main line's last move (it holds more of a game than the main line).
    fn game_may_go_on_in(&self, open: &Open, current: &Chess, game: &Game) -> GoesOn {
        let first_move = game.events[open.event..].iter().find_map(|e| match e {
            Event::Move(record) => Some(&record.san),
            _ => None,
        });
        let main_end = self
            .stack
            .first()
            .map_or(&open.parent.pos, |o| &o.parent.pos);
        if first_move.is_none_or(|san| san.to_move(&open.parent.pos).is_ok())
            || self.unread.iter().any(|u| {
                // Prose in the line it began: before its last move, the
                // line went on after it; after it, judged where the line
                // ends. Prose in side lines within, where any line may.
                let in_line = u.depth == 1;
                let after_last = u.ply == ply_of(current);
                u.offset > open.offset
                    && u.depth > 0
                    && (!in_line || after_last)
                    && self.cuts_game(u, in_line.then_some(current))
            })
        {
            GoesOn::Yes
        } else if ply_of(current) > ply_of(main_end) {
            GoesOn::Further
        } else {
            GoesOn::No
        }
    }

    /// Side lines with no `)`: closed at the end of the game, reported; an
    /// error where prose is in them and they may hold the game's own moves:
    /// the game is not over, and the prose names moves not read or the
    /// side line goes on where the game stopped
    /// ([`Replayer::game_may_go_on_in`]). (After the result or mate, a
    /// bracket never closed is the commentary's, as is one whose prose
    /// names no move, an alternative to the game's move.)
    fn close_at_end(&mut self, game: &mut Game, line: Option<&mut Line>) {
        let open = self.stack[0].offset;
        let prose = game.events[self.stack[0].event..]
            .iter()
            .any(|e| matches!(e, Event::Comment(_)));
        let over = self.ended || self.mated;
        let named = self.unread.iter().any(|u| u.offset > open);
        let goes_on = line.as_deref().is_some_and(|l| {
            matches!(
                self.game_may_go_on_in(&self.stack[0], &l.pos, game),
                GoesOn::Yes
            )
        });
        if prose && !over && (named || goes_on) {
            self.report(
                game,
                Severity::Error,
                open,
                "variation not closed with `)`, with commentary in it: where the game goes on is not known"
                    .into(),
            );
            self.failed = true;
        } else {
            let more = match self.stack.len() {
                1 => String::new(),
                n => format!(" (and {} inside it)", n - 1),
            };
            self.report(
                game,
                Severity::Warning,
                open,
                format!("variation not closed with `)`{more}; closed at the end of the game"),
            );
        }
        self.close_stack(game, line);
    }

    /// Closes the side lines left open at the end, from the innermost out,
    /// each back to the line it left (in a game that failed too, whose
    /// tree stays whole): a side line with no brackets as where it goes
    /// back to says; a line that holds no move yet (a `(` at the very end)
    /// leaves its commentary alone.
    fn close_stack(&mut self, game: &mut Game, mut line: Option<&mut Line>) {
        while let Some(open) = self.stack.last() {
            if open.restart.is_some()
                && let Some(l) = line.as_deref_mut()
            {
                self.close_restarts(1, l, game);
                continue;
            }
            let Some(open) = self.stack.pop() else { break };
            if !self.end_side_line(&open, game) {
                // A line with no move leaves its commentary, if any, to
                // the line it left.
                let kept: Vec<Event> = game
                    .events
                    .drain(open.event..)
                    .filter(|e| matches!(e, Event::Comment(_)))
                    .collect();
                game.events.extend(kept);
            }
            if let Some(l) = line.as_deref_mut() {
                *l = open.parent;
            }
        }
    }

    /// The result, settled with the board where the main line ends.
    fn settle_result(&mut self, game: &mut Game, end: &Chess) {
        // The check the last move gives, where it was looked for.
        let all = self.settings.checks == crate::game::Checks::All;
        let last_check = game
            .mainline()
            .last()
            .and_then(|m| (all || m.check.is_some()).then_some(m.check));
        let written = Written::of(game);
        let settled = settle(
            written,
            board_result(end, last_check, written.drawn()),
            self.settings.keep_result,
        );
        if let Some(message) = settled.repair.clone() {
            let at = self.text.trim_end().len();
            self.repair(game, at, message, end);
        }
        apply(game, &settled);
    }

    /// Moves in prose that the game did not take, reported as mentions as
    /// their prose ended: after the last move read, where they are the game
    /// cut short ([`Replayer::cuts_game`]), an error.
    fn report_unread(&mut self, game: &mut Game, end: Option<&Chess>, unclosed: bool) {
        let unread = std::mem::take(&mut self.unread);
        // A text of no move and no tag that names moves, none of which
        // plays from the start (unknown letters, an excerpt from a game's
        // middle): no game read from it is not that it holds none.
        let no_game = self.main_moves == 0
            && game.tags().next().is_none()
            && unread.iter().map(|u| u.named).sum::<u32>() >= NO_GAME_NAMED;
        let Some(u) = unread.iter().find(|u| {
            let after_last = u.main_moves == self.main_moves && !u.after_result;
            // In a side line left open, moves that were not read may be
            // the game's own, whatever they are there.
            (unclosed && u.depth > 0 && after_last)
                || (u.depth == 0 && after_last && (no_game || self.cuts_game(u, end)))
        }) else {
            return;
        };
        if self.failed {
            return;
        }
        let word = &self.text[u.offset..u.offset + u.len];
        let last = game
            .mainline()
            .last()
            .map(|m| {
                let dots = if m.color == shakmaty::Color::White {
                    "."
                } else {
                    "..."
                };
                format!("the game stops at {}{dots} {}", m.number, m.san)
            })
            .unwrap_or_else(|| "no move of the game could be read".into());
        let message = match u.in_place_of_move {
            Some((at, len)) => format!(
                "`{}` is not a move, and what follows it does not continue the game ({last}; \
                 the text after it holds moves, `{word}` and on)",
                &self.text[at..at + len]
            ),
            None => format!(
                "{last}: the text after it holds moves (`{word}` and on) that could not be read as its continuation"
            ),
        };
        match u.diagnostic {
            // Where a word stood in a move's place, the error is there.
            _ if let Some((at, _)) = u.in_place_of_move => {
                self.report_at(game, Severity::Error, at, message, end, Vec::new());
            }
            // The mention's warning becomes the error, in its place.
            Some(i) => {
                let position = end.map(super::report::game_position);
                let d = &mut game.diagnostics[i];
                d.severity = Severity::Error;
                d.message = message;
                d.position = position;
            }
            None => self.report_at(game, Severity::Error, u.offset, message, end, Vec::new()),
        }
        self.failed = true;
    }
}

/// Puts the game's diagnostics in the order of the places they name (the
/// ones of the end, reported last, may name earlier places), keeping
/// [`Game::unexplained`]'s index to its diagnostic.
fn sort_diagnostics(game: &mut Game) {
    let place = |d: &crate::vocab::diag::Diagnostic| (d.line, d.column);
    if game
        .diagnostics
        .windows(2)
        .all(|w| place(&w[0]) <= place(&w[1]))
    {
        return;
    }
    let mut order: Vec<usize> = (0..game.diagnostics.len()).collect();
    order.sort_by_key(|&i| place(&game.diagnostics[i]));
    if let Some((index, _, _)) = &mut game.unexplained
        && let Some(new) = order.iter().position(|&i| i == *index)
    {
        *index = new;
    }
    let mut old = std::mem::take(&mut game.diagnostics)
        .into_iter()
        .map(Some)
        .collect::<Vec<_>>();
    game.diagnostics = order.iter().filter_map(|&i| old[i].take()).collect();
}

/// How many words like moves a text that reads as no game may name before
/// it is taken for a game none of whose moves could be read: one is a
/// mention (`the famous Nf3`).
const NO_GAME_NAMED: u32 = 2;

/// Whether the game may go on in a side line the text never left (see
/// [`Replayer::game_may_go_on_in`]).
enum GoesOn {
    /// Its first move plays where the game stopped, or prose in it holds
    /// moves cut short.
    Yes,
    /// It only reaches past the game's last move.
    Further,
    No,
}

/// Whether prose stands between the moves a side line with no brackets
/// replaces and it (its `(` at `event`, the events still in the text's
/// order): the line before it, side lines it closed passed over, ends in
/// a comment. The text told that line in a sentence and then took it back.
fn told_after(game: &Game, event: usize) -> bool {
    let mut depth = 0usize;
    for e in game.events[..event].iter().rev() {
        match e {
            Event::EndVariation => depth += 1,
            Event::StartVariation => depth = depth.saturating_sub(1),
            Event::Nag(_) => {}
            _ if depth > 0 => {}
            e => return matches!(e, Event::Comment(_)),
        }
    }
    false
}
