//! The structural tokens of a game: tags, comments and variations, and
//! what comes before the first move.

use shakmaty::{Chess, Position};

use super::numbers::{number_before_due, number_fits};
use super::prose::{holds_moves, past_number, prose_words, strong_move_shaped};
use super::setup::{start_position, store_tag};
use super::{Choice, ChoicePoint, Line, Number, Open, Pick, Replayer};
use crate::game::{Event, Game};
use crate::notation::algebraic::ocr_number;
use crate::read::lexer::{Lexer, Tok, Token};
use crate::vocab::diag::Severity;
use crate::vocab::result::GameResult;

/// Tags that set the start position, which a reader must not miss
/// whatever case their names are written in.
pub(super) const SETUP_TAGS: &[&str] = &["FEN", "SetUp", "Variant"];

/// How many tokens after a tag in the movetext are looked through for the
/// `1.` of the game it begins.
const TAGS_AHEAD: usize = 16;

impl Replayer<'_> {
    /// Whether a tag pair met once the moves have `started` begins the
    /// next game (tags run together on the lines of a database): where
    /// the game's result was read, or where the tags after it lead to a
    /// White `1.` (within [`TAGS_AHEAD`] tokens). Else it is the game's
    /// (`1. d4 [Annotator "x"] d5`), stored.
    pub(super) fn tag_begins_next_game(&self, started: bool, lexer: &Lexer<'_>) -> bool {
        if !started || !self.stack.is_empty() {
            return false;
        }
        if self.main_over() {
            return true;
        }
        lexer
            .clone()
            .take(TAGS_AHEAD)
            .find(|t| !matches!(t.tok, Tok::Tag { .. }))
            .is_some_and(|t| {
                matches!(
                    t.tok,
                    Tok::MoveNumber {
                        number: 1,
                        black: false
                    }
                )
            })
    }

    /// A tag pair: stored, a name in the wrong case set right for the tags
    /// of the start position, a tag given twice reported; a tag of the
    /// start met once the moves have `started` reported and left out.
    pub(super) fn tag(
        &mut self,
        game: &mut Game,
        name: &str,
        value: &str,
        offset: usize,
        started: bool,
    ) {
        let name = match SETUP_TAGS
            .iter()
            .find(|t| t.eq_ignore_ascii_case(name) && **t != name)
        {
            Some(&proper) => {
                self.report(
                    game,
                    Severity::Warning,
                    offset,
                    format!("tag `{name}` read as `{proper}`"),
                );
                proper
            }
            None => name,
        };
        // The start is set up when the first move needs it: a tag of the
        // start met after that would name a start the moves did not have.
        if started && SETUP_TAGS.contains(&name) {
            self.report(
                game,
                Severity::Warning,
                offset,
                format!("tag `{name}` comes after the moves begin, too late to set up their start; ignored"),
            );
            return;
        }
        if game.tag(name).is_some() {
            self.report(
                game,
                Severity::Warning,
                offset,
                format!("tag `{name}` is given twice; the later value is kept"),
            );
        }
        if name == "Result" && GameResult::parse(value).is_none() {
            self.report(
                game,
                Severity::Warning,
                offset,
                format!(
                    "the Result tag `{value}` is no result (1-0, 0-1, 1/2-1/2 or *); the game's result is written in its place"
                ),
            );
        }
        store_tag(game, name, value);
        match name {
            "FEN" => self.setup_tags[0] = Some(offset),
            "Variant" => self.setup_tags[1] = Some(offset),
            _ => {}
        }
    }

    /// A `%` escape line, left out as PGN says: said where it holds moves
    /// (a reader must not drop moves without a word).
    pub(super) fn escape(&mut self, text: &str, offset: usize, game: &mut Game) {
        if let Some(word) = prose_words(text).find(|w| strong_move_shaped(w)) {
            self.report(
                game,
                Severity::Warning,
                offset,
                format!(
                    "a `%` line, which PGN leaves out, holds moves (`{word}` and on); left out"
                ),
            );
        }
    }

    pub(super) fn broken_tag(&mut self, game: &mut Game, line: &str, offset: usize) {
        self.report(
            game,
            Severity::Warning,
            offset,
            format!(
                "`{}` is not a whole tag (it needs a name, a value in quotes and a closing `]`); ignored",
                line.trim()
            ),
        );
    }

    /// A token before the first move, which needs no position.
    pub(super) fn before_board(&mut self, token: Token<'_>, game: &mut Game) {
        match token.tok {
            Tok::Comment(text) => self.comment(game, text, token.offset),
            Tok::UnterminatedComment(text) => self.unterminated(game, text, token.offset, None),
            Tok::Nag(nag) => game.events.push(Event::Nag(nag)),
            Tok::Result(result) => game.result = Some(result),
            Tok::MoveNumber { number, black } => {
                self.number = Some(Number {
                    number,
                    black,
                    offset: token.offset,
                })
            }
            _ => {}
        }
    }

    /// The start position, set up from the tags when the first move needs
    /// it; `None`, with the game failed, where the tags give none.
    pub(super) fn start(&mut self, game: &mut Game, offset: usize) -> Option<Chess> {
        match start_position(game) {
            Ok(start) => {
                if let Some(warning) = start.warning {
                    let at = self.setup_tags[0].unwrap_or(offset);
                    self.report(game, Severity::Warning, at, warning);
                }
                Some(start.pos)
            }
            Err((message, tag)) => {
                let at = self.setup_tags[tag as usize].unwrap_or(offset);
                self.report(game, Severity::Error, at, message);
                self.failed = true;
                None
            }
        }
    }

    /// A `{ }` comment, or a `;` or `[ ]` one. A `{` inside a brace comment
    /// after words like moves means one `}` is missing: the moves after
    /// the first `{` were read as comment, and the game is not taken as it
    /// stands. Before any such word (`{ {x }`) the `{` is the comment's
    /// text, as PGN has it.
    pub(super) fn comment(&mut self, game: &mut Game, text: &str, offset: usize) {
        if self.text[offset..].starts_with('{')
            && let Some(inner) = text.find('{')
            && holds_moves(&text[..inner])
        {
            self.report(
                game,
                Severity::Error,
                offset,
                "comment holds a `{`: a `}` is missing before it, so what follows was read as comment"
                    .into(),
            );
            self.report(
                game,
                Severity::Error,
                offset + 1 + inner,
                "the `{` inside the comment".into(),
            );
            self.failed = true;
        }
        // A `[ ]` aside is no PGN comment but a page's or a book's: the
        // moves it names are said, as prose's are (`[3... Nf6 4. O-O]`); a
        // command written without braces (`[%clk 0:03:00]`) keeps its
        // brackets, as a comment holds it.
        if self.text[offset..].starts_with('[') {
            match text.trim_start().starts_with('%') {
                true => game.push_comment(&format!("[{}]", text.trim())),
                false => game.push_comment(text.trim()),
            }
            self.note_unread_in(offset + 1, text, game);
            return;
        }
        game.push_comment(text.trim());
    }

    /// A `{` with no `}` before the end of the game, the line read standing
    /// at `pos` (`None` before the first move). Where the comment may hold
    /// the game's moves (before the first move, any word like a move; after
    /// it, as [`Replayer::may_go_on`] tells), they were read as comment: an
    /// error. Else it is prose that runs to the end of the text (a page cut
    /// short), kept as a comment, with a warning.
    pub(super) fn unterminated(
        &mut self,
        game: &mut Game,
        text: &str,
        offset: usize,
        pos: Option<&Chess>,
    ) {
        let swallows = match pos {
            None => holds_moves(text),
            // After the number of the move due, that move is in the
            // comment if any word of it plays, a bare square too (`24. {
            // la la … e6`): the number has no move of its own.
            // A `{` in it says a `}` is missing before it.
            Some(pos) => {
                text.contains('{')
                    || self.may_go_on(text, pos, true)
                    || (self
                        .number
                        .is_some_and(|n| number_fits(n.number, n.black, pos))
                        && self.first_move_plays(text, pos))
            }
        };
        if swallows {
            self.report(
                game,
                Severity::Error,
                offset,
                "comment has no closing `}`: the rest of the game was read as comment".into(),
            );
            self.failed = true;
            // A move swallowed that plays where it stands is text this
            // reading explains as a move and left unread, as in prose: the
            // reader weighs it against readings that replay without it.
            if pos.is_some_and(|pos| self.first_move_plays(text, pos)) {
                game.unread_playable += 1;
            }
        } else {
            self.report(
                game,
                Severity::Warning,
                offset,
                "comment has no closing `}`: it runs to the end of the text, and holds no move \
                 that goes on with the game"
                    .into(),
            );
        }
        game.push_comment(text.trim());
    }

    /// A comment that may have swallowed moves by mistake (a `;` to the
    /// end of its line, a `[` left open or running over lines; see
    /// `may_swallow`), at `offset`, the line standing at `pos`. Where its
    /// text goes on with the line's moves, it is no comment: its sign is
    /// read past, with a warning, and the text after it read as tokens.
    /// Else it is a comment; one left open that names moves of the game's
    /// numbering is said to run to the end of the text.
    pub(super) fn loose_comment(
        &mut self,
        game: &mut Game,
        lexer: &mut Lexer<'_>,
        text: &str,
        offset: usize,
        pos: &Chess,
    ) {
        let sign = &self.text[offset..offset + 1];
        let line_comment = sign == ";";
        let goes_on = match line_comment {
            true => self.line_goes_on(offset, text, pos),
            false => self.goes_on_directly(text, pos),
        };
        if goes_on {
            let message = format!(
                "`{sign}` begins no comment here: the text after it goes on with the game's moves"
            );
            self.repair(game, offset, message, pos);
            // A run of `[` (spaced on one line or not) is read past at
            // once: each would be judged on the same words.
            let run = match line_comment {
                true => 1,
                false => self.text.as_bytes()[offset..]
                    .iter()
                    .take_while(|&&b| matches!(b, b'[' | b' ' | b'\t'))
                    .count(),
            };
            lexer.rewind_to(offset + run);
            return;
        }
        // A `[` left open on a line of prose, before a line that goes on
        // with the game: an aside to the end of its line, as a `;` is, and
        // the lines after it read as the game.
        if let Some(first_line) = text.split_once('\n').map(|(first, _)| first)
            && !line_comment
            && prose_words(first_line).all(|w| numbered(w).is_none() && !strong_move_shaped(w))
            && self.goes_on_directly(&text[first_line.len()..], pos)
        {
            self.report(
                game,
                Severity::Warning,
                offset,
                "`[` has no `]` on its line, and the line after it goes on with the game: it is taken to end with its line"
                    .into(),
            );
            lexer.rewind_to(offset + 1 + first_line.len());
            self.comment(game, first_line, offset);
            return;
        }
        if !line_comment && self.may_go_on(text, pos, false) {
            self.report(
                game,
                Severity::Warning,
                offset,
                "`[` has no `]` on its line: what follows, moves of the game's numbering among it, is kept as a comment"
                    .into(),
            );
        }
        self.comment(game, text, offset);
    }

    /// Whether `text` goes straight on with the line standing at `pos`:
    /// among its first words, the first that is a move number is the one
    /// due and the move after it plays, or, before any number, the first
    /// word shaped like a move plays (`[ Nc6 3. Bb5`, `[Diagram` / `3.
    /// Bb5`; not analysis that goes back, `[23... Rh5 24.Nh3`).
    pub(super) fn goes_on_directly(&self, text: &str, pos: &Chess) -> bool {
        let mut words = prose_words(head(text)).take(GOES_ON_WORDS);
        while let Some(word) = words.next() {
            if let Some((number, black)) = numbered(word).or_else(|| ocr_number(word)) {
                if !number_fits(number, black, pos) {
                    return false;
                }
                let glued = past_number(word);
                let mv = match glued.is_empty() {
                    true => words.next(),
                    false => Some(glued),
                };
                return mv.is_some_and(|w| self.plays(w, pos).is_some());
            }
            if strong_move_shaped(word) {
                return self.plays(word, pos).is_some();
            }
        }
        false
    }

    /// Whether the first word of `text` shaped like a move (after the
    /// number of the move due, if any; not after another number) plays at
    /// `pos`.
    fn first_move_plays(&self, text: &str, pos: &Chess) -> bool {
        let mut words = prose_words(head(text)).take(GOES_ON_WORDS);
        let plays = |w: &str| self.plays(w, pos).is_some();
        words
            .find_map(|w| match numbered(w) {
                Some((number, black)) if !number_fits(number, black, pos) => Some(false),
                // A move written against its number (`5.Nf3`).
                Some(_) => {
                    let glued = past_number(w);
                    (!glued.is_empty()).then(|| plays(glued))
                }
                None => strong_move_shaped(w).then(|| plays(w)),
            })
            .unwrap_or(false)
    }

    /// Whether `text` may hold the moves of a line standing at `pos`: the
    /// number of the move due or a later one, or a word like a move (not
    /// after an earlier number: that is another line's), whether it plays
    /// or not, other than a bare square, which prose names (`em c6 e d5`),
    /// unless it plays and is the comment's first word, or another move that
    /// plays follows it, or nothing but the result — or, for a comment
    /// that runs `to_end` of the game, no other word like a move after it.
    /// Read word by word, as prose is.
    pub(super) fn may_go_on(&self, text: &str, pos: &Chess, to_end: bool) -> bool {
        self.goes_on_at(text, pos, to_end).deciding.is_some()
    }

    /// [`Replayer::may_go_on`], saying where in `text` the word that
    /// decided it is, and the last move number before it: a scan from a
    /// later start before that word, past no number, decides so too (its
    /// words before the deciding one decided nothing, and the first of
    /// them, read as the first, can only decide the same way).
    pub(super) fn goes_on_at(&self, text: &str, pos: &Chess, to_end: bool) -> GoesOn {
        let at = |word: &str| word.as_ptr() as usize - text.as_ptr() as usize;
        let mut found = GoesOn::default();
        let mut words = prose_words(text).peekable();
        let mut earlier = false;
        let mut first = true;
        // How many words like a move the text holds, and have been read.
        let like_moves = match to_end {
            true => prose_words(text).filter(|w| strong_move_shaped(w)).count(),
            false => 0,
        };
        let mut seen = 0;
        while let Some(word) = words.next() {
            let at_start = std::mem::take(&mut first);
            seen += usize::from(to_end && strong_move_shaped(word));
            let number = numbered(word).or_else(|| ocr_number(word));
            if let Some((number, black)) = number {
                if !number_before_due(number, black, pos) {
                    found.deciding = Some(at(word));
                    return found;
                }
                found.last_number = Some(at(word));
                earlier = true;
                continue;
            }
            if earlier || !strong_move_shaped(word) {
                continue;
            }
            if word.trim_end_matches(['.', ':', '!', '?']).chars().count() > 2 {
                found.deciding = Some(at(word));
                return found;
            }
            let Some(mv) = self.plays(word, pos) else {
                continue;
            };
            let no_other = to_end && seen == like_moves;
            let goes_on = match words.peek() {
                _ if at_start => true,
                None => true,
                Some(next) if GameResult::parse(next).is_some() => true,
                // The rest names no other move: the square is the move due
                // (`1. c4 { Ne g5 here …`, a brace never closed).
                Some(_) if no_other => true,
                Some(next) => {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    self.plays(next, &after).is_some()
                }
            };
            if goes_on {
                found.deciding = Some(at(word));
                return found;
            }
        }
        found
    }

    /// A `(`: a side line begins at the position before the last move, or,
    /// as the caller picked, the `(` is stray or its line a comment.
    pub(super) fn open(
        &mut self,
        offset: usize,
        lexer: &mut Lexer<'_>,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<(), ChoicePoint> {
        // Brackets right after a move that close soon and hold no word
        // that could be a move (`e4 (89)`, a clock time; `(1:32)`; `(see
        // below)`) are an aside about it.
        if after_move_word(self.text, offset)
            && let Some(end) = short_aside(self.text, offset, self.settings.descriptive.is_some())
        {
            game.push_comment(self.text[offset + 1..end].trim());
            lexer.skip_to(end + 1);
            return Ok(());
        }
        // Past the deepest nesting kept, a side line is kept verbatim as a
        // comment: memory stays bounded, and nothing is lost.
        if self.stack.len() >= MAX_DEPTH {
            let (end, after) = self.brackets.matching_close(lexer);
            // Brackets and all: the text as written.
            game.push_comment(self.text[offset..(end + 1).min(self.text.len())].trim());
            *lexer = after;
            let message =
                format!("variations nested deeper than {MAX_DEPTH}: this one is kept as a comment");
            self.repair(game, offset, message, &l.pos);
            return Ok(());
        }
        let mark = self.mark(game, lexer);
        match self.pick(offset) {
            Some(Pick::Stray) => {
                // What follows goes on with the game: its number does not
                // go back (see `restart`).
                self.after_stray = true;
                self.repair(
                    game,
                    offset,
                    "`(` opens no side line: the moves after it go on with the game; ignored"
                        .into(),
                    &l.pos,
                );
                return Ok(());
            }
            Some(Pick::AsComment(word)) => {
                self.side_line_as_comment(offset, word, lexer, l, game);
                return Ok(());
            }
            _ => {}
        }
        let Some(prev) = l.prev.clone() else {
            return self.aside_before_moves(offset, lexer, game);
        };
        // A number that goes back past the last move, to a move its move
        // plays at: the side line is an alternative to that move, and is
        // placed after it.
        let (start, belongs) = match self.earlier_alternative(lexer, l, game) {
            Some((before, belongs, replaced)) => {
                self.repair(
                    game,
                    offset,
                    format!(
                        "side line goes back past the move before it: read as an alternative to {replaced}, placed after it"
                    ),
                    &before,
                );
                (before, Some(belongs))
            }
            None => (prev, None),
        };
        let ply = super::restart::ply_of(&start);
        let parent = std::mem::replace(l, Line::new(start));
        self.stack.push(Open {
            parent,
            offset,
            event: game.events.len(),
            restart: None,
            ply,
            belongs,
            mark,
        });
        game.events.push(Event::StartVariation);
        Ok(())
    }

    /// For a `(` whose move number (the next token) is not of the move
    /// before it but of an earlier one of its line whose position its move
    /// plays from: that position, before which event the side line
    /// belongs (the move after the one it replaces), and the replaced
    /// move as the message names it.
    fn earlier_alternative(
        &self,
        lexer: &Lexer<'_>,
        l: &Line,
        game: &Game,
    ) -> Option<(Chess, usize, String)> {
        let mut ahead = lexer.clone();
        let Tok::MoveNumber { number, black } = ahead.next()?.tok else {
            return None;
        };
        let prev = l.prev.as_ref()?;
        // The ply the number names, with its side (no dots: White's); a
        // number of the move before it, or later, is no going back.
        let ply = 2 * number.checked_sub(1)? + u32::from(black);
        if ply >= super::restart::ply_of(prev) {
            return None;
        }
        let Tok::Word(word) = ahead.next()?.tok else {
            return None;
        };
        let recent = &l.recent;
        let i = (0..recent.len()).rev().find(|&i| {
            let before = recent.position(i);
            number_fits(number, black, before) && self.plays(word, before).is_some()
        })?;
        let belongs = recent.event(i + 1)?;
        let replaced = match game.events.get(recent.event(i)?)? {
            Event::Move(m) => format!(
                "{}{} {}",
                m.number,
                if m.color == shakmaty::Color::White {
                    "."
                } else {
                    "..."
                },
                m.san
            ),
            _ => return None,
        };
        Some((recent.position(i).clone(), belongs, replaced))
    }

    /// A `(` before any move of its line: after prose, prose in brackets
    /// (`Sedlák (nar. 1954)`, `the Ruy Lopez (1.e4 e5 2.Nf3 Nc6 3.Bb5) is
    /// …`), kept as a comment, the moves it names said, as prose's are, and
    /// the game reads on; first in the movetext, or never closed, where it
    /// holds moves, a side line that is an alternative to nothing, an
    /// error. Inside a side line, a bracket before its first move is a
    /// choice for its reading.
    fn aside_before_moves(
        &mut self,
        offset: usize,
        lexer: &mut Lexer<'_>,
        game: &mut Game,
    ) -> Result<(), ChoicePoint> {
        let (end, after) = self.brackets.matching_close(lexer);
        let inner = &self.text[offset + 1..end];
        if !self.holds_moves_to(offset + 1, end) {
            game.push_comment(inner.trim());
            *lexer = after;
            return Ok(());
        }
        if let Some(open) = self.stack.last() {
            return Err(ChoicePoint::new(open.offset, Choice::BadVariation(offset)));
        }
        // First in the movetext, with no prose before it, it is a side
        // line misplaced: an alternative to nothing yet; never closed, it
        // would hold the rest of the text, the game's moves with it.
        let unclosed = end == self.text.len();
        if unclosed || (self.prose.is_none() && game.events.is_empty()) {
            let tail = if unclosed { ", and no `)`" } else { "" };
            self.report(
                game,
                Severity::Error,
                offset,
                format!("variation `(` before any move it could be an alternative to{tail}"),
            );
            self.failed = true;
            return Ok(());
        }
        game.push_comment(inner.trim());
        *lexer = after;
        self.note_unread_in(offset + 1, inner, game);
        Ok(())
    }

    /// The side line from the `(` at `offset` to its `)`, kept verbatim as
    /// a comment: its move at `word` cannot be played.
    fn side_line_as_comment(
        &mut self,
        offset: usize,
        word: usize,
        lexer: &mut Lexer<'_>,
        l: &Line,
        game: &mut Game,
    ) {
        let (end, after) = self.brackets.matching_close(lexer);
        let inner = &self.text[offset + 1..end];
        game.push_comment(inner.trim());
        *lexer = after;
        let bad = self.text[word..]
            .split(|c: char| c.is_whitespace() || "(){}[];".contains(c))
            .next()
            .unwrap_or_default();
        if end == self.text.len() {
            self.report(
                game,
                Severity::Error,
                offset,
                format!(
                    "side line with a move that cannot be played (`{bad}`) and no `)`: the rest of the game is in it"
                ),
            );
            self.failed = true;
        } else {
            self.repair(
                game,
                offset,
                format!("side line with a move that cannot be played (`{bad}`); kept as a comment"),
                &l.pos,
            );
        }
    }

    /// Ends the side line `open` where it holds a move: its `)`, and where
    /// it belongs before an earlier move, noted to be moved there. `false`,
    /// with nothing written, for one that holds none.
    pub(super) fn end_side_line(&mut self, open: &Open, game: &mut Game) -> bool {
        let moves = game.events[open.event..]
            .iter()
            .any(|e| matches!(e, Event::Move(_)));
        if moves {
            game.events.push(Event::EndVariation);
            if let Some(before) = open.belongs {
                self.moved.push((before, open.event..game.events.len()));
            }
        }
        moves
    }

    /// A `)`: back to the line the side line left. A side line that holds
    /// no move (prose in brackets) is a comment.
    pub(super) fn close(&mut self, offset: usize, l: &mut Line, game: &mut Game) {
        let Some(open) = self.stack.pop() else {
            self.report(
                game,
                Severity::Warning,
                offset,
                "`)` closes no variation; ignored".into(),
            );
            return;
        };
        let moves = self.end_side_line(&open, game);
        *l = open.parent;
        if moves {
            return;
        }
        game.events.truncate(open.event);
        // Moves numbered ahead in brackets that hold no move (`(threatening
        // 12.Bxf6 gxf6 13.Qh6)`) are a mention: the game lost nothing there.
        if self.passed_number.is_some_and(|at| at > open.offset) {
            self.passed_number = None;
        }
        let inner = self.text[open.offset + 1..offset].trim();
        if !inner.is_empty() {
            game.push_comment(inner);
        }
    }
}

/// How many words of a comment [`Replayer::goes_on_directly`] reads.
const GOES_ON_WORDS: usize = 16;

/// How many bytes of a comment hold the words read for its first moves:
/// far more than [`GOES_ON_WORDS`] words of moves and prose.
const HEAD_BYTES: usize = 1024;

/// The start of `text` in which its first words are looked for: at most
/// [`HEAD_BYTES`], cut where a word ends. Words longer than that are no
/// moves; reading a text run together to its end from each of its
/// brackets (`x[x[x[…`) was quadratic.
fn head(text: &str) -> &str {
    if text.len() <= HEAD_BYTES {
        return text;
    }
    let cut = text.floor_char_boundary(HEAD_BYTES);
    let end = text[..cut].rfind(|c: char| c.is_whitespace()).unwrap_or(0);
    &text[..end]
}

/// How deep side lines may nest: far past any annotator's (a dozen), and
/// a bound on the memory a game of open brackets takes.
const MAX_DEPTH: usize = 256;

/// Whether the word right before `offset` (a `(`) is shaped like a move,
/// its signs and annotation aside.
fn after_move_word(text: &str, offset: usize) -> bool {
    // Of a long word, its end (moves run together): a run of brackets
    // with no space looks back no further each.
    let before = text[..offset].trim_end();
    let before = &before[before.floor_char_boundary(before.len().saturating_sub(WORD_BACK))..];
    let word = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or_default()
        .trim_end_matches(['!', '?', '+', '#', '†']);
    strong_move_shaped(word)
}

/// How far back [`after_move_word`] reads the word before a bracket.
const WORD_BACK: usize = 64;

/// How far [`short_aside`] looks for the `)`: an aside on a scoresheet or
/// a page is a few words; a side line is found by the walk.
const ASIDE_WINDOW: usize = 160;

/// Where the `)` is that closes the `(` at `open`, if it comes within
/// [`ASIDE_WINDOW`] bytes, with no other bracket or comment before it, and
/// what it closes holds no word that looks like a move (in a game in
/// `descriptive` notation, whose moves name no square, no word at all): an
/// aside, not a side line.
fn short_aside(text: &str, open: usize, descriptive: bool) -> Option<usize> {
    let after = &text[open + 1..];
    let window = &after.as_bytes()[..after.len().min(ASIDE_WINDOW)];
    let close = window
        .iter()
        .position(|b| matches!(b, b')' | b'(' | b'{' | b'}' | b'[' | b']' | b';'))?;
    let inner = &after[..close];
    if window[close] != b')'
        || holds_moves(inner)
        || (descriptive && inner.contains(char::is_alphabetic))
    {
        return None;
    }
    Some(open + 1 + close)
}

/// The move number a word begins with (`41.`, `12...Ce6`, `7…`), a move
/// glued on or not: the number, and whether its dots say Black moves.
fn numbered(word: &str) -> Option<(u32, bool)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &word[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    if digits == 0 || digits > 3 || dots == 0 {
        return None;
    }
    let black = dots > 1 || rest.starts_with('…');
    Some((word[..digits].parse().ok()?, black))
}

/// What [`Replayer::goes_on_at`] found in a comment's text: the offset of
/// the word that says the text goes on with the game, if any, and of the
/// last move number before it.
#[derive(Default, Clone, Copy)]
pub(super) struct GoesOn {
    pub(super) deciding: Option<usize>,
    pub(super) last_number: Option<usize>,
}
