//! Prose in the movetext: a stretch of words that are no moves, kept as a
//! comment, and where it ends: where the moves resume, at a bracket, a
//! comment or a result. The moves resume at a move number that says which
//! move is due, where its move plays, and at a word that plays and looks
//! like a move (it names a square), where a sentence or a line begins
//! (`…a good developing move. 2...Nc6`, a heading and then `1. e4`) or
//! where the line's first move is due (`Morphy played 1.e4 e5`). Moves
//! the prose holds that the game does not take are noted, to be reported.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Color, Move, Position};

use super::due::{Candidate, Passed};
pub(super) use super::mentions::Unread;
use super::move_words::{bare_square, names_move};
pub(super) use super::move_words::{holds_moves, parts_words, prose_words, strong_move_shaped};
use super::numbers::{number_before_due, number_fits};
use super::places::{after_number, number_before};
pub(super) use super::places::{at_boundary, move_number, past_number};
use super::{Line, Replayer};
use crate::game::{Game, GameResult};
use crate::notation::algebraic::{ParsedMove, fold_compatible, ocr_number, ocr_square, retyped};
pub(super) use crate::notation::algebraic::{letter_run, run_of};
use crate::notation::resolve::first_legal;
use crate::read::lexer::{Lexer, Tok, Token};
use crate::vocab::diag::Severity;
use crate::vocab::resign::{Ending, ending_said, side_named};

/// What a word in prose is to the moves.
enum InProse {
    /// The moves resume at it.
    Resumes,
    /// It is a legal move where it stands, but the moves do not resume.
    Plays(Move),
    /// The moves resume at it, as the move a later number needs (see
    /// [`Replayer::due_in_prose`]).
    Due,
    Prose,
}

/// A stretch of prose being read.
pub(super) struct Prose {
    /// Where it begins: at its first word, or at the move number before
    /// it, which it keeps (`4. what a move`).
    start: usize,
    pub(super) end: usize,
    /// The first word (where, how long), and whether it stands where a
    /// move number said a move was due.
    first: usize,
    first_len: usize,
    after_number: bool,
    /// The first move-like word in it (offset, length), and how many.
    first_move: Option<(usize, usize)>,
    moves: u32,
    /// It holds a move number no earlier than the move that was due.
    numbered: bool,
    /// How many of those numbers a word follows (not a diagram's rank
    /// numbers, `8 | 8 |`).
    numbers: u32,
    /// It holds a word that is a legal move where it stands.
    playable: bool,
    /// Where it holds the number of the move due.
    fit: Option<usize>,
    /// It holds the number of a move past the one due.
    ahead: bool,
    /// It holds a move number earlier than the one due before any that
    /// fits: the numbers after it are that line's (`7… Cf6xCe4 ;
    /// 8.Fd3xCe4`, from a position the game never had), not the game's.
    went_back: bool,
    /// The words in it that play where it began, passed over.
    pub(super) passed_words: Passed,
    /// Where it holds the number of the move due, followed by a move that
    /// plays, passed over for want of a sentence's start, the number of a
    /// move past it, or a move that plays, passed over: the next move read
    /// must have the due move's number, or moves were lost here.
    passed: Option<usize>,
    /// The moves named after the number of the move due, passed over,
    /// each once (`4. Ng5 … 4. d4`), and whether one could not be told.
    due_named: ArrayVec<Move, 4>,
    due_untold: bool,
    /// The number of main-line moves read when it began, and the depth of
    /// variations it is in.
    main_moves: u32,
    depth: usize,
    /// It follows the game's result.
    after_result: bool,
    /// It says a side resigned (`Aufgabe`): the moves it names after that
    /// are the commentary's.
    resigned: bool,
    /// It says so before it names the number of a move due or later, or a
    /// move that plays: all it names is the commentary's.
    resigned_first: bool,
    /// It ends at a misprinted number of the move due (see
    /// `Replayer::misnumbered`): it took no moves in.
    pub(super) misnumbered: bool,
    /// It states the game's moves again from the number at the first
    /// offset, and the game goes on at the second (see `recap.rs`).
    pub(super) recap: Option<(usize, usize)>,
}

impl Prose {
    /// It has named no move, no number of the move due or later, and no
    /// side that resigned: it can have taken no moves in.
    pub(super) fn named_nothing(&self) -> bool {
        self.first_move.is_none() && !self.playable && !self.numbered && !self.resigned
    }
}

impl Replayer<'_> {
    /// A stretch of prose begins with the word at `start..end`.
    pub(super) fn begin_prose(&mut self, start: usize, end: usize, game: &mut Game) {
        let prose = Prose {
            start: number_before(self.text, start).unwrap_or(start),
            end,
            first: start,
            first_len: end - start,
            after_number: self.number.is_some(),
            first_move: None,
            moves: 0,
            numbered: false,
            numbers: 0,
            playable: false,
            fit: None,
            ahead: false,
            went_back: false,
            passed: None,
            passed_words: Passed::default(),
            due_named: ArrayVec::new(),
            due_untold: false,
            main_moves: self.main_moves,
            depth: self.stack.len(),
            after_result: self.main_over(),
            resigned: false,
            resigned_first: false,
            misnumbered: false,
            recap: None,
        };
        let word = &self.text[start..end];
        self.prose = Some(prose);
        self.note_ending(word, start);
        let prose = self.prose.as_mut().expect("prose is being read");
        if names_move(word, game) {
            prose.first_move = Some((start, word.len()));
            prose.moves = 1;
        }
    }

    /// Counts the first word of the prose being read, `len` bytes at
    /// `start`, as a move named and not read (two files that play as a
    /// capture where the board cannot tell them from a word).
    pub(super) fn prose_names_move(&mut self, start: usize, len: usize) {
        let prose = self.prose.as_mut().expect("prose is being read");
        prose.first_move.get_or_insert((start, len));
        prose.moves = prose.moves.max(1);
    }

    /// Notes a word of the prose being read that says a side resigned or
    /// won, and which side, where the word before it names one; or, among
    /// the first words of the prose after the main line's last move, that
    /// the game was drawn (`Remis`, `Draw agreed`; not `draw` alone, a
    /// verb too). A negation before the word takes it back (`Kein Remis`).
    fn note_ending(&mut self, word: &str, offset: usize) {
        // The words around it, looked for within a few bytes (each word of
        // a long stretch is looked at, and none looks far).
        let next = || {
            let after = &self.text[offset + word.len()..];
            after[..after.floor_char_boundary(NEXT_WORD_REACH)]
                .split_whitespace()
                .next()
        };
        let before = || {
            let from = self
                .text
                .ceil_char_boundary(offset.saturating_sub(NEXT_WORD_REACH));
            self.text[from..offset].split_whitespace().next_back()
        };
        let Some(ending) = ending_said(word, before, next) else {
            return;
        };
        let main = self.stack.is_empty();
        let prose = self.prose.as_ref().expect("prose is being read");
        // Moves the game may have lost (numbered ones, ones that play), not
        // squares prose mentions (`the knight on f3`).
        let named = prose.numbered || prose.playable || prose.fit.is_some();
        let first_words = || {
            let before = &self.text[prose.start..offset];
            before.len() <= DRAW_REACH && before.split_whitespace().count() < DRAW_WORDS
        };
        let side = before().and_then(side_named);
        let result = match ending {
            Ending::Drawn => Some(GameResult::Draw),
            Ending::Won => side.map(|winner| match winner {
                Color::White => GameResult::WhiteWins,
                Color::Black => GameResult::BlackWins,
            }),
            Ending::Resigned => side.map(|loser| match loser {
                Color::White => GameResult::BlackWins,
                Color::Black => GameResult::WhiteWins,
            }),
        };
        if ending != Ending::Resigned {
            // A draw or a win said among the first words after the last
            // move, before any move is named.
            if main && first_words() && !named && !prose.resigned && result.is_some() {
                self.ending_said = Some((self.main_moves, result));
            }
            return;
        }
        let prose = self.prose.as_mut().expect("prose is being read");
        prose.resigned_first |= !prose.resigned && !named;
        prose.resigned = true;
        if main {
            self.ending_said = Some((self.main_moves, result));
        }
    }

    /// Whether `token` ends the stretch of prose being read (which is then
    /// kept as a comment) or belongs to it (`false`).
    pub(super) fn prose_ends(
        &mut self,
        token: &Token<'_>,
        lexer: &Lexer<'_>,
        line: Option<&Line>,
        game: &mut Game,
    ) -> bool {
        let Some(l) = line else {
            self.end_prose(game, line);
            return true;
        };
        if let Some(resumes) = self.in_recap(token.offset, lexer, game) {
            if resumes {
                self.end_prose(game, line);
            }
            return resumes;
        }
        let resumes = match token.tok {
            Tok::MoveNumber { number, black } => {
                self.number_resumes(number, black, token.offset, lexer, l, game)
            }
            Tok::Word(word) => match ocr_number(word) {
                Some((number, black)) => {
                    self.number_resumes(number, black, token.offset, lexer, l, game)
                }
                None => match self.word_resumes(word, token.offset, lexer, l) {
                    InProse::Resumes => true,
                    InProse::Due => {
                        self.say_due(word, token.offset, l, game);
                        // The words that play passed over were weighed
                        // against this one: no move was lost at them.
                        let prose = self.prose.as_mut().expect("prose is being read");
                        if prose.passed == prose.passed_words.first() {
                            prose.passed = None;
                        }
                        true
                    }
                    InProse::Plays(mv) => {
                        let prose = self.prose.as_mut().expect("prose is being read");
                        prose
                            .passed_words
                            .push(Candidate::new(self.text, token.offset, mv));
                        prose.playable = true;
                        prose.passed.get_or_insert(token.offset);
                        game.unread_playable += 1;
                        false
                    }
                    InProse::Prose => {
                        self.note_ending(word, token.offset);
                        false
                    }
                },
            },
            Tok::Nag(_) | Tok::BadNag(_) => false,
            // A score in a sentence before the game's first move (`had
            // won their last game 1-0 in Oslo`): the prose's words, not
            // the game's result (as the splitter reads it too).
            Tok::Result(_) => {
                self.main_moves > 0 || !self.stack.is_empty() || {
                    let rest = &self.text[lexer.offset().min(self.text.len())..];
                    rest[..rest.find('\n').unwrap_or(rest.len())]
                        .trim()
                        .is_empty()
                }
            }
            _ => true,
        };
        if resumes {
            self.end_prose(game, line);
            return true;
        }
        let end = lexer.offset();
        let prose = self.prose.as_mut().expect("prose is being read");
        prose.end = end;
        match move_number(&token.tok) {
            Some(_) if prose.went_back => {}
            Some((number, black))
                if prose.fit.is_none()
                    && !prose.numbered
                    && number_before_due(number, black, &l.pos) =>
            {
                prose.went_back = true;
            }
            Some((number, _)) if number >= l.pos.fullmoves().get() => {
                prose.numbered = true;
                let mut ahead = lexer.clone();
                prose.numbers += u32::from(matches!(
                    ahead.next().map(|t| t.tok),
                    Some(Tok::Word(w)) if w.chars().any(char::is_alphanumeric)
                ));
                if number == l.pos.fullmoves().get() {
                    prose.fit.get_or_insert(token.offset);
                } else {
                    // Numbered past the move due: the next move read must
                    // be the due one's number, or moves were lost here.
                    prose.ahead = true;
                    prose.passed.get_or_insert(token.offset);
                }
            }
            _ => {
                if let Tok::Word(word) = token.tok
                    && names_move(word, game)
                {
                    prose.first_move.get_or_insert((token.offset, word.len()));
                    prose.moves += 1;
                }
            }
        }
        false
    }

    /// Keeps the stretch of prose being read, if any, as a comment.
    pub(super) fn end_prose(&mut self, game: &mut Game, line: Option<&Line>) {
        let Some(prose) = self.prose.take() else {
            return;
        };
        game.push_comment(self.text[prose.start..prose.end].trim());
        // The words that play passed over lost to one past the prose (after
        // a bracket): no move was lost at them.
        let passed = match prose.passed_words.weighed.get() {
            Some((_, Some(winner)))
                if winner >= prose.end && prose.passed == prose.passed_words.first() =>
            {
                None
            }
            _ => prose.passed,
        };
        self.passed_number = self.passed_number.or(passed);
        self.after_prose = !prose.misnumbered;
        let Some((offset, len)) = prose.first_move else {
            // No word like a move, but the number of the move due: the game
            // may be cut short there (`40... <something unreadable>`).
            if let Some(at) = prose.fit {
                let len = self.text[at..]
                    .find(char::is_whitespace)
                    .unwrap_or(self.text.len() - at);
                self.unread.push(Unread {
                    offset: at,
                    len,
                    in_place_of_move: None,
                    diagnostic: None,
                    numbered: true,
                    lone_ahead: false,
                    options: false,
                    words: prose.start..prose.end,
                    due: 1,
                    playable: false,
                    plays: ArrayVec::new(),
                    plays_overflowed: false,
                    main_moves: prose.main_moves,
                    depth: prose.depth,
                    after_result: prose.after_result || prose.resigned_first,
                    ply: line.map_or(0, |l| super::restart::ply_of(&l.pos)),
                    named: 0,
                });
            }
            return;
        };
        game.unread_named += 1;
        let word = &self.text[offset..offset + len];
        let more = match prose.moves {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        let before = game.diagnostics.len();
        self.report(
            game,
            Severity::Warning,
            offset,
            format!("the commentary names moves not read as part of the game: `{word}`{more}"),
        );
        self.unread.push(Unread {
            offset,
            len,
            in_place_of_move: prose.after_number.then_some((prose.first, prose.first_len)),
            diagnostic: (game.diagnostics.len() > before).then_some(before),
            numbered: prose.numbers > 0,
            lone_ahead: prose.ahead
                && prose.fit.is_none()
                && prose.numbers == 1
                && prose.moves == 1,
            options: options(&prose),
            words: prose.start..prose.end,
            due: line.map_or(1, |l| l.pos.fullmoves().get()),
            playable: prose.playable,
            plays: prose.passed_words.words.clone(),
            plays_overflowed: prose.passed_words.overflowed,
            main_moves: prose.main_moves,
            depth: prose.depth,
            after_result: prose.after_result || prose.resigned_first,
            ply: line.map_or(0, |l| super::restart::ply_of(&l.pos)),
            named: prose.moves,
        });
    }

    /// A move number in prose resumes the moves where it is the number of
    /// the move due, at the start of a sentence or line or of the line's
    /// moves, and the word after it plays.
    fn number_resumes(
        &mut self,
        number: u32,
        black: bool,
        offset: usize,
        lexer: &Lexer<'_>,
        l: &Line,
        game: &Game,
    ) -> bool {
        if !number_fits(number, black, &l.pos) {
            if self.misnumbered(number, black, offset, lexer, l) {
                return true;
            }
            if let Some(end) = self.recap_end(number, black, offset, lexer, l, game) {
                let prose = self.prose.as_mut().expect("prose is being read");
                prose.recap = Some((offset, end));
            }
            return false;
        }
        if !self.next_plays(lexer, &l.pos) {
            return false;
        }
        if l.prev.is_none() || at_boundary(self.text, offset) {
            return true;
        }
        // Mid-sentence, the number due resumes the moves where no later
        // one goes on further, and the prose has not said a side resigned
        // (after that, moves are the commentary's, as after a result).
        let resigned = self.prose.as_ref().is_some_and(|p| p.resigned);
        // Prose that holds no word that plays may end at the game's last
        // move; prose that does needs two after it to be left behind.
        let start = self.prose.as_ref().map_or(offset, |p| p.start);
        let clean =
            || prose_words(&self.text[start..offset]).all(|w| self.plays(w, &l.pos).is_none());
        if !resigned && self.best_due(number, black, lexer, &l.pos, &clean) {
            return true;
        }
        // The move due, passed over for the prose around it: if the game
        // goes on at another number after the prose, moves were lost.
        let named = lexer
            .next_word()
            .and_then(|(word, _)| self.plays(word, &l.pos));
        let prose = self.prose.as_mut().expect("prose is being read");
        prose.passed.get_or_insert(offset);
        match named {
            Some(mv) if prose.due_named.contains(&mv) => {}
            Some(mv) => prose.due_untold |= prose.due_named.try_push(mv).is_err(),
            None => prose.due_untold = true,
        }
        false
    }

    /// A word in prose resumes the moves where it names a square and plays,
    /// at the start of a sentence or line, or where what follows it goes on
    /// from it (a move number, another move, the result after prose that
    /// held no move number); the game's first move only where what follows
    /// goes on from it.
    fn word_resumes(&self, word: &str, offset: usize, lexer: &Lexer<'_>, l: &Line) -> InProse {
        if !strong_move_shaped(word) {
            return InProse::Prose;
        }
        // A move number before it has had its say: the moves resume at a
        // numbered move only where the number fits and begins a sentence.
        if after_number(self.text, offset) {
            return InProse::Prose;
        }
        // Past the words of its move, in a descriptive game.
        let mut rest = lexer.clone();
        let word = super::joined::move_words(word, self.settings.descriptive, &mut rest);
        let Some(mv) = self.plays(&word, &l.pos) else {
            return InProse::Prose;
        };
        // Prose that numbered moves past the one due has run ahead of the
        // game, and prose that passed over a move that plays may hold the
        // game's: only a number that fits brings the moves back.
        let passed = self.prose.as_ref().map(|p| (p.ahead, p.playable));
        let due = || {
            let me = Candidate::new(self.text, offset, mv);
            let passed = self.prose.as_ref().map(|p| &p.passed_words);
            match passed.is_some_and(|p| self.due_in_prose(&me, &rest, &l.pos, p)) {
                true => InProse::Due,
                false => InProse::Plays(mv),
            }
        };
        match passed {
            Some((true, _)) => return InProse::Plays(mv),
            Some((false, true)) => return due(),
            _ => {}
        }
        // The game's first move with no number, in prose, only where the
        // moves go on from it (not a square of a position the prose lists:
        // `Kh1, Ta5, Lf4. Bh3, f3`).
        let first = l.prev.is_none();
        if !first && at_boundary(self.text, offset) {
            return InProse::Resumes;
        }
        let mut after = l.pos.clone();
        after.play_unchecked(mv);
        let mut past_next = rest.clone();
        let next = past_next.next().map(|t| t.tok);
        let goes_on = match next {
            _ if let Some((number, black)) = next.as_ref().and_then(move_number) => {
                number_fits(number, black, &after)
            }
            Some(Tok::Word(next)) => self.plays_at(next, &past_next, &after).is_some(),
            // The game's last move, where the prose before it has skipped
            // no numbered moves.
            Some(Tok::Result(_)) => self.prose.as_ref().is_some_and(|p| !p.numbered),
            // A game of one move.
            None => first,
            _ => false,
        };
        if goes_on { InProse::Resumes } else { due() }
    }

    /// Whether the word after `lexer` plays in `pos`: alone, in a
    /// descriptive game with the words of its move after it (`P. to K's
    /// 4th.`; see [`Replayer::plays_at`]), or joined with the pieces a
    /// move typed with spaces was cut into (`e2 - e4`).
    fn next_plays(&self, lexer: &Lexer<'_>, pos: &Chess) -> bool {
        let Some((word, ahead)) = lexer.next_word() else {
            return false;
        };
        self.plays(word, pos).is_some()
            || self.plays_at(word, &ahead, pos).is_some()
            || self.spaced_pieces(word, &ahead, pos).is_some()
    }

    /// The position after the move `word` names in `pos` (see
    /// [`Replayer::plays`]).
    pub(super) fn played(&self, word: &str, pos: &Chess) -> Option<Chess> {
        let mv = self.plays(word, pos)?;
        let mut after = pos.clone();
        after.play_unchecked(mv);
        Some(after)
    }

    /// Whether a null move (`--`) may stand before what `ahead` holds, in
    /// `pos`: the text's end, a result, a bracket, a comment, a move
    /// number, another null move, or a word that plays once the turn has
    /// passed.
    pub(super) fn null_move_fits(&self, ahead: &Lexer<'_>, pos: &Chess) -> bool {
        match ahead.clone().next().map(|t| t.tok) {
            None
            | Some(
                Tok::Result(_)
                | Tok::Open
                | Tok::Close
                | Tok::Comment(_)
                | Tok::MoveNumber { .. }
                | Tok::Nag(_),
            ) => true,
            // Null moves in a row (`25. -- --`).
            Some(Tok::Word("--" | "Z0" | "0000")) => true,
            Some(Tok::Word(word)) => pos
                .clone()
                .swap_turn()
                .is_ok_and(|passed| self.plays(word, &passed).is_some()),
            Some(_) => false,
        }
    }

    /// The legal move `word` names in `pos`, read as the game's moves are,
    /// but for what prose makes weak evidence of a move: a piece named as
    /// taken that is not there, a bare square read as a pawn's capture.
    pub(super) fn plays(&self, word: &str, pos: &Chess) -> Option<Move> {
        let word = fold_compatible(word);
        if let Some(lang) = self.settings.descriptive {
            let d = crate::notation::descriptive::Descriptive::parse(&word, lang).ok()?;
            return crate::notation::descriptive::resolve(pos, &d).ok();
        }
        // As the walk reads it: with a letter for a digit where that makes
        // a move (`Rglh1`), or a slip of typing read back (`e4-`, `Cç3`).
        let alphabet = self.settings.alphabet;
        let legal =
            |readings: &crate::notation::algebraic::Readings| match first_legal(pos, readings) {
                // A move that names a piece taken that is not there is not
                // the one the text means; nor is a pawn's capture where the
                // word is a bare square (`le pion f5`: not exf5).
                Ok((reading, Some(resolved)))
                    if reading
                        .taken
                        .is_none_or(|t| resolved.mv.capture() == Some(t))
                        && !(bare_square(&reading.token) && resolved.mv.is_capture()) =>
                {
                    Some(resolved.mv)
                }
                _ => None,
            };
        if let Some(pgn) = self.played.in_pgn_letters(&word) {
            return legal(&ParsedMove::readings(&pgn, super::letters::english()).ok()?);
        }
        match ParsedMove::readings(&word, alphabet) {
            Ok(readings) => legal(&readings),
            Err(e) => ocr_square(&word)
                .into_iter()
                .chain(retyped(&word, alphabet).into_iter().map(|r| r.word))
                .find_map(|w| legal(&ParsedMove::readings(&w, alphabet).ok()?))
                .or_else(|| {
                    // The first of moves run together (`cxd5Nxd56.Nf3`).
                    let mut readings = crate::notation::algebraic::Readings::new();
                    super::spaced::glued_split(&word, e.offset, alphabet, pos, &mut readings)?;
                    legal(&readings)
                }),
        }
    }
}

impl Replayer<'_> {
    /// Notes the moves `inner` names (text at `start`), prose kept as a
    /// comment, as a stretch of prose's would be: with a warning.
    pub(super) fn note_unread_in(&mut self, start: usize, inner: &str, game: &mut Game) {
        let mut words = prose_words(inner);
        let Some(first) = words.by_ref().find(|w| names_move(w, game)) else {
            return;
        };
        let offset = start + (first.as_ptr() as usize - inner.as_ptr() as usize);
        let others = words.filter(|w| names_move(w, game)).count();
        let more = match others {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        let before = game.diagnostics.len();
        self.report(
            game,
            Severity::Warning,
            offset,
            format!("the commentary names moves not read as part of the game: `{first}`{more}"),
        );
        self.unread.push(Unread {
            offset,
            len: first.len(),
            in_place_of_move: None,
            diagnostic: (game.diagnostics.len() > before).then_some(before),
            numbered: false,
            lone_ahead: false,
            options: false,
            // A comment's own numbers are the commentary's.
            words: start..start,
            due: 1,
            playable: false,
            plays: ArrayVec::new(),
            plays_overflowed: false,
            main_moves: self.main_moves,
            depth: self.stack.len(),
            after_result: self.main_over(),
            ply: 0,
            named: 1 + others as u32,
        });
    }
}

/// A word that says the game was drawn is its result where it stands among
/// this many first words of the prose after the last move (`Remis.`,
/// `Партия закончилась вничью` is not read: `Ничья` is).
const DRAW_WORDS: usize = 3;

/// How far into the prose those words may reach, in bytes.
const DRAW_REACH: usize = 64;

/// How far before and after a word of resignation the words with it (the
/// side, the second word of `gab auf`) are looked for, in bytes.
const NEXT_WORD_REACH: usize = 32;

/// Whether the numbers `prose` holds are the commentary's options for the
/// move due ([`super::mentions::Unread::options`]): two or more, none
/// past the one due, each before a different move that plays there.
fn options(prose: &Prose) -> bool {
    prose.numbers >= 2
        && !prose.ahead
        && !prose.due_untold
        && prose.due_named.len() >= prose.numbers as usize
}
