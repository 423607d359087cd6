//! One word where a move may stand: a mark written apart from its move, a
//! placeholder, or a move read in the game's notation (letters or
//! descriptive), resolved on the board (a token two legal moves fit is
//! handed back to the caller to settle), checked against its marks and
//! played.

use shakmaty::{Chess, MoveList, Position, san::San};

use super::spaced::glued_split;
use super::{
    Choice, ChoicePoint, Line, Number, Pick, Problem, Replayer, Side, WordOutcome, repair_origin,
    san_list,
};
use crate::game::{Checks, Event, Game, GameResult, MoveRecord, pass};
use crate::notation::algebraic::{
    MoveToken, ParsedMove, Readings, Retyped, Target, TokenError, file_letter_piece,
    fold_compatible, ocr_number, ocr_square, retyped,
};
use crate::notation::descriptive::{DescError, Descriptive};
use crate::notation::resolve::{ResolveError, Resolved, first_legal};
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::letters::role_name;
use crate::vocab::signs::{is_capture_sign, is_dash};

impl Replayer<'_> {
    /// Reads one word where a move may stand.
    pub(super) fn word(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
    ) -> Result<WordOutcome, Problem> {
        let side = Side::of(&l.pos);
        if let Some(outcome) = self.detached_mark(word, offset, game, side, l) {
            return outcome;
        }
        // Placeholders and `~` start with no letter or digit; moves do.
        if !word.as_bytes()[0].is_ascii_alphanumeric() {
            if word == "~" {
                return Err(
                    format!("`~` at {side} stands for any move; it cannot be replayed").into(),
                );
            }
            // A placeholder fills a move's place (`40... —`): before the
            // game's first move and number, a dash is the prose's
            // (`Kasparov (2851) - Topalov`).
            if is_placeholder(word) && word != "--" {
                return Ok(match self.before_first_move() {
                    true => WordOutcome::Prose,
                    false => WordOutcome::Played(None),
                });
            }
            // A table's rules (`|`, `||||`, `---|---`), flattened into the
            // text, and a word of signs alone (a quotation's `>`, a
            // bullet's `•`): layout, kept as the commentary's.
            if is_table_rule(word) || word != "--" && !word.chars().any(char::is_alphanumeric) {
                return Ok(WordOutcome::Prose);
            }
        }
        if let Some(outcome) = self.renamed_letter(word, offset, l, game, side) {
            return outcome;
        }
        if self.settings.descriptive.is_none()
            && let Some(outcome) = self.scanned(word, offset, l, game, side)
        {
            return outcome;
        }
        if let Some(cut) = self.fused_pair(word, &l.pos) {
            return self
                .play(&word[..cut], offset, l, game, side)
                .map(|played| match played {
                    WordOutcome::Played(None) => WordOutcome::Played(Some(cut)),
                    other => other,
                });
        }
        match self.play(word, offset, l, game, side) {
            Err(problem) => self
                .lower_case_file(word, offset, l, game, side)
                .or_else(|| self.board_letters(word, offset, l, game, side))
                .or_else(|| self.mixed_letters(word, offset, l, game, side))
                .unwrap_or(Err(problem)),
            played => played,
        }
    }

    /// A piece's letter in lower case that is a file's letter too (`cf3`
    /// in Spanish, `bb5` in English), as scans that lose a letter's case
    /// give it, where the word as written is no legal move: the piece's
    /// move, where it is a legal one, with a warning.
    fn lower_case_file(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Option<Result<WordOutcome, Problem>> {
        let guess = file_letter_piece(word, self.settings.alphabet)
            .filter(|guess| self.guess_plays(guess, &l.pos))?;
        Some(self.play_guess(word, guess, offset, l, game, side))
    }

    /// Whether a guess at what a word was typed for is a legal move.
    fn guess_plays(&self, guess: &Retyped, pos: &Chess) -> bool {
        ParsedMove::readings(&guess.word, self.settings.alphabet)
            .is_ok_and(|readings| matches!(first_legal(pos, &readings), Ok((_, Some(_)))))
    }

    /// A guess at what `word` was typed for played, with the repair said.
    fn play_guess(
        &mut self,
        word: &str,
        guess: Retyped,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Result<WordOutcome, Problem> {
        let message = format!("`{word}` read as `{}`: {}", guess.word, guess.why);
        self.repair(game, offset, message, &l.pos);
        self.play(&guess.word, offset, l, game, side)
    }

    /// Where White's and Black's moves of one number, run together with
    /// no space, part (`1.e4e5`, `3.Bb5a6`), in a word that reads as no
    /// legal move whole (`e4` to `e5`; `Bb5a6` would be a bishop repaired
    /// to come from f1): just past the first square, where the word stands
    /// after the number of White's move due and each part is a legal move
    /// in turn (before any repair of the word whole is tried). `None` for any
    /// other word (`Ng1f3`, a knight that is not on g1, stays an error
    /// where Black cannot play `f3`).
    fn fused_pair(&self, word: &str, pos: &Chess) -> Option<usize> {
        if self.settings.descriptive.is_some()
            || pos.turn() != shakmaty::Color::White
            || !self.at_number_due(pos)
        {
            return None;
        }
        let bytes = word.as_bytes();
        let cut = (2..bytes.len()).find(|&i| {
            (b'1'..=b'8').contains(&bytes[i - 1]) && (b'a'..=b'h').contains(&bytes[i - 2])
        })?;
        // Another move after the square: a file or a piece's capital, not
        // a mark (`Nf3+`, `e4!`).
        if !bytes[cut].is_ascii_alphabetic() {
            return None;
        }
        let alphabet = self.settings.alphabet;
        let legal = |text: &str, pos: &Chess| {
            let mut readings = Readings::new();
            ParsedMove::readings_into(text, alphabet, &mut readings).ok()?;
            match first_legal(pos, &readings) {
                Ok((_, Some(resolved))) => Some(resolved.mv),
                _ => None,
            }
        };
        // The word read whole as a move that can be played is that move.
        if legal(word, pos).is_some() {
            return None;
        }
        let first = legal(&word[..cut], pos)?;
        let mut after = pos.clone();
        after.play_unchecked(first);
        legal(&word[cut..], &after)?;
        Some(cut)
    }

    /// A word a scan got wrong, with a letter for a digit: a move number
    /// (`l.`, `1O.`), a result (`1-O`), a move (`Rel` for `Re1`, `Nfl`),
    /// read as what it stands for, with a warning. `None` for any other
    /// word, and for a move that is no legal one even so.
    fn scanned(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Option<Result<WordOutcome, Problem>> {
        if let Some((number, black)) = ocr_number(word) {
            self.repair(
                game,
                offset,
                format!("`{word}` read as the move number {number}"),
                &l.pos,
            );
            self.number = Some(Number {
                number,
                black,
                offset,
            });
            return Some(Ok(WordOutcome::Taken));
        }
        let digits: String = word
            .chars()
            .map(|c| match c {
                'O' | 'o' => '0',
                'l' | 'I' | '|' => '1',
                c => c,
            })
            .collect();
        if digits != word
            && word.contains(['-', '/'])
            && let Some(result) = GameResult::parse(&digits)
        {
            self.repair(
                game,
                offset,
                format!("`{word}` read as the result {}", result.as_str()),
                &l.pos,
            );
            game.result = Some(result);
            return Some(Ok(WordOutcome::Taken));
        }
        let alphabet = self.settings.alphabet;
        if ParsedMove::readings(word, alphabet).is_ok() {
            return None;
        }
        // A letter for the digit 1, then the slips of typing (`retyped`):
        // the first guess that is a legal move is taken.
        let ocr = ocr_square(word).map(|word| Retyped {
            word,
            why: "a letter for the digit 1".into(),
        });
        let found = ocr
            .iter()
            .cloned()
            .chain(retyped(word, alphabet))
            .find(|guess| self.guess_plays(guess, &l.pos));
        let Some(guess) = found else {
            // Right after its move number, in place of the move: a scan's
            // digit in a letter of another set (`21. Kdl` where the game's
            // letters have no `K`), the one legal move the board reads in
            // every set's letters.
            let ocr = ocr.filter(|_| self.number.is_some())?;
            let (pos, before) = (l.pos.clone(), game.diagnostics.len());
            let outcome = self.board_letters(&ocr.word, offset, l, game, side)?;
            let message = format!("`{word}` read as `{}`: {}", ocr.word, ocr.why);
            self.repair(game, offset, message, &pos);
            // Said before what the board made of its letter.
            if let Some(said) = game.diagnostics.pop() {
                game.diagnostics
                    .insert(before.min(game.diagnostics.len()), said);
            }
            return Some(outcome);
        };
        Some(self.play_guess(word, guess, offset, l, game, side))
    }

    fn play(
        &mut self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Result<WordOutcome, Problem> {
        let descriptive = self
            .settings
            .descriptive
            .map(|lang| Descriptive::parse(word, lang));
        let mut readings = Readings::new();
        let run_on = match self.read_word(
            word,
            offset,
            side,
            descriptive.as_ref(),
            &l.pos,
            &mut readings,
        )? {
            Ok(run_on) => run_on,
            Err(outcome) => return Ok(outcome),
        };
        let word = &word[..run_on.unwrap_or(word.len())];
        if descriptive.is_none() {
            game.note_letter_or_pair_of(word, self.settings.alphabet.is_english());
        }
        let (parsed, resolved) =
            match self.resolve_word(word, offset, side, &l.pos, &readings, game)? {
                Ok(found) => found,
                Err(outcome) => return Ok(outcome),
            };
        if descriptive.is_none()
            && let MoveToken::Normal {
                promotion: Some(_), ..
            } = parsed.token
        {
            game.note_promotion_letter_of(word);
        }
        if let Some(resolved) = &resolved {
            self.played.note(word, resolved.mv.role());
        }
        self.record_move(word, offset, side, l, game, &parsed, resolved)?;
        Ok(WordOutcome::Played(run_on))
    }

    /// The readings of `word` (descriptive, where the game is, else in the
    /// letter set) into `readings`: where the move ends if another runs on
    /// after it (`Фxd5+Сd7`), or what the word is instead (prose).
    fn read_word(
        &self,
        word: &str,
        offset: usize,
        side: Side,
        descriptive: Option<&Result<Descriptive, DescError>>,
        pos: &Chess,
        readings: &mut Readings,
    ) -> Result<Result<Option<usize>, WordOutcome>, Problem> {
        let alphabet = self.settings.alphabet;
        let read = match descriptive {
            Some(Ok(d)) => {
                readings.push(ParsedMove {
                    token: MoveToken::Descriptive {
                        mv: d.mv,
                        en_passant: d.en_passant,
                    },
                    check: d.check.map(|c| c.sign()),
                    en_passant: d.en_passant,
                    nag: d.nag,
                    doubled_letter: false,
                    taken: None,
                });
                Ok(())
            }
            _ => ParsedMove::readings_into(word, alphabet, readings),
        };
        match read {
            Ok(()) => Ok(Ok(None)),
            // A move in words cut short where a move is due, not prose.
            Err(_) if let Some(problem) = self.worded_cut_short_at(offset, pos) => Err(problem),
            // What a descriptive game's word lacks, said in its terms.
            Err(_) if let Some(Err(e)) = descriptive.filter(|_| !is_prose(word)) => {
                let mut problem = Problem::from(format!(
                    "`{word}` at {side} is not a move in descriptive notation: expected {} at `{}`",
                    e.expected,
                    word.get(e.offset..).unwrap_or_default()
                ));
                problem.explain = true;
                Err(problem)
            }
            // Moves run together (`Фxd5+Сd7`, `Nf62.c4`, `d5Questa`; see
            // `spaced`); `aber` is no `ab` and `er`.
            Err(e) => match glued_split(word, e.offset, alphabet, pos, readings) {
                Some(cut) => Ok(Ok(Some(cut))),
                // The start of a move where its line ends (`N`, `Bb` at the
                // end of the text, `5. Nxe 1-0`, `Qx )`), or one that takes
                // on a file (`4. Bxc`), is a move cut short, not prose (a
                // heading's `N 28.`, `Ce`, `Da`); so is a word that begins
                // as a move does in the place of the move due, where the
                // game ends after it (`3. NhB 1-0`): the number's move,
                // mistyped.
                _ if is_prose(word)
                    && ocr_square(word)
                        .is_none_or(|w| ParsedMove::readings(&w, alphabet).is_err())
                    && !(cut_short(word)
                        && (takes_on_a_file(word) || self.line_ends_at(offset + word.len())))
                    && !(begins_as_move(word)
                        && self.at_number_due(pos)
                        && self.line_ends_at(offset + word.len())) =>
                {
                    Ok(Err(WordOutcome::Prose))
                }
                _ => Err(self.not_a_move(word, offset, side, &e)),
            },
        }
    }

    /// Whether the line of moves ends at `at`: the text ends, or the game's
    /// result, a `)` or the next game's tags come next.
    fn line_ends_at(&self, at: usize) -> bool {
        let rest = self.text.get(at..).unwrap_or_default();
        matches!(
            Lexer::new(rest).next().map(|t| t.tok),
            None | Some(
                Tok::Result(_)
                    | Tok::Close
                    | Tok::Tag { .. }
                    | Tok::BrokenTag(_)
                    | Tok::Position { .. }
            )
        )
    }

    /// Whether the word being read stands right after the number of the
    /// move due in `pos`.
    pub(super) fn at_number_due(&self, pos: &Chess) -> bool {
        self.number
            .as_ref()
            .is_some_and(|n| super::numbers::number_fits(n.number, n.black, pos))
    }

    /// The error for a word that reads as no move, saying why. `word` is
    /// the word as read, its compatibility characters folded (`½` reads
    /// as `1⁄2`); where the word written at `offset` differs, it is quoted
    /// as written, and as read.
    fn not_a_move(&self, word: &str, offset: usize, side: Side, e: &TokenError) -> Problem {
        let alphabet = self.settings.alphabet;
        let letters = self.settings.letters;
        let first = word.chars().next().unwrap_or(' ');
        let scanned = ocr_square(word).filter(|w| ParsedMove::readings(w, alphabet).is_ok());
        // The word as written is looked for within four times the folded
        // word's length: folding makes a word at most three times shorter
        // (a full-width letter, three bytes, folds to one).
        let rest = &self.text[offset..];
        let written = (!rest.starts_with(word))
            .then(|| {
                rest[..rest.floor_char_boundary(word.len() * 4)]
                    .split(char::is_whitespace)
                    .next()
            })
            .flatten();
        let quoted = match written {
            Some(written) if fold_compatible(written) == word => {
                format!("`{written}` (read as `{word}`)")
            }
            _ => format!("`{word}`"),
        };
        let message = if let Some(scanned) = scanned {
            format!(
                "{quoted} at {side} is not a move; read as `{scanned}` (a letter for the digit 1), it is no legal move"
            )
        } else if word.bytes().all(|b| b.is_ascii_digit()) {
            format!(
                "{quoted} at {side} is not a move in ICCF numeric notation: \
                 expected the files and ranks 1-8 of two squares, and 1-4 for a promotion"
            )
        } else if e.offset == 0 && first.is_uppercase() {
            format!(
                "{quoted} at {side} is not a move: `{first}` is no piece letter in {} ({})",
                letters.name,
                letters.piece_list()
            )
        } else {
            format!(
                "{quoted} at {side} is not a move: expected {} at `{}`",
                e.expected,
                &word[e.offset.min(word.len())..]
            )
        };
        let mut problem = Problem::from(message);
        problem.explain = true;
        problem
    }

    /// The legal move the readings of `word` name in `pos`: the plainest
    /// reading that names one (a set whose names overlap, as Bengali's `G`
    /// bishop and `Gh` knight, reads a token more than one way), repaired
    /// where a slip is known (a wrong origin square, a move two pieces
    /// could make, settled by the rest of the game), or what the word is
    /// instead (prose, a choice to settle).
    fn resolve_word(
        &self,
        word: &str,
        offset: usize,
        side: Side,
        pos: &Chess,
        readings: &Readings,
        game: &mut Game,
    ) -> Result<Result<(ParsedMove, Option<Resolved>), WordOutcome>, Problem> {
        let error = match first_legal(pos, readings) {
            Ok(found) => {
                self.say_origin_differs(word, offset, side, pos, &found, game);
                return Ok(Ok(found));
            }
            Err(error) => error,
        };
        let parsed = readings[0];
        match error {
            ResolveError::Ambiguous(moves) => {
                // A rook or knight named by the wing it started on (old
                // books' `Q. R.` gone over to the king's side): the game's
                // record says which.
                if let Some(mv) = self.by_origin(pos, &moves, &parsed.token, game) {
                    let san = San::disambiguate(mv, &pos.san_candidates(mv.role(), mv.to()));
                    return Ok(Ok((parsed, Some(Resolved { mv, san }))));
                }
                let moves: MoveList = moves.into_iter().collect();
                if let Some(mv) = super::marks::checked_one(pos, &moves, parsed.check) {
                    let names = san_list(&moves);
                    let candidates = pos.san_candidates(mv.role(), mv.to());
                    let san = San::disambiguate(mv, &candidates);
                    self.repair(
                        game,
                        offset,
                        format!(
                            "`{word}` at {side} could be {names}; read as {san}, the only one that gives the check written"
                        ),
                        pos,
                    );
                    return Ok(Ok((parsed, Some(Resolved { mv, san }))));
                }
                match self.pick_or_settle(offset) {
                    None | Some(Pick::Stray | Pick::AsComment(_)) => {
                        Ok(Err(WordOutcome::Choice(ChoicePoint::new(
                            offset,
                            Choice::Move(moves.len()),
                        ))))
                    }
                    Some(Pick::Move(i)) => {
                        let mv = moves[i.min(moves.len() - 1)];
                        let names = san_list(&moves);
                        let chosen = San::disambiguate(mv, &moves);
                        self.repair(
                            game,
                            offset,
                            format!(
                                "`{word}` at {side} could be {names}; read as {chosen}, the only one after which the game goes on"
                            ), pos);
                        let candidates = pos.san_candidates(mv.role(), mv.to());
                        let san = San::disambiguate(mv, &candidates);
                        Ok(Ok((parsed, Some(Resolved { mv, san }))))
                    }
                    Some(Pick::Unsettled) => Err(Problem {
                        message: format!("ambiguous move `{word}` at {side}: could be {}", san_list(&moves)),
                        notes: vec![
                            "none or several of them let the rest of the game replay; name the piece's file or rank".into(),
                        ],
                        explain: false,
                    }),
                }
            }
            // Two files (`de`, `ed`) that make no capture are a word of
            // prose (`la variante de Panov`), not a move.
            _ if matches!(
                parsed.token,
                MoveToken::Normal {
                    to: Target::File(_),
                    ..
                }
            ) && !word.chars().any(is_capture_sign) =>
            {
                Ok(Err(WordOutcome::Prose))
            }
            _ => match repair_origin(pos, &parsed.token) {
                Some((r, from)) => {
                    let piece = role_name(r.mv.role());
                    let real = r.mv.from().map_or(String::new(), |f| f.to_string());
                    self.repair(
                        game,
                        offset,
                        format!(
                            "`{word}` at {side}: no {piece} on {from} can go to {}; read as the only {piece} that can, from {real} ({})",
                            r.mv.to(),
                            r.san
                        ), pos);
                    Ok(Ok((parsed, Some(r))))
                }
                None => self
                    .misprinted(word, offset, side, pos, &parsed, game)
                    .unwrap_or_else(|| {
                        Err(Problem {
                            message: format!("illegal move `{word}` at {side}"),
                            notes: Vec::new(),
                            explain: true,
                        })
                    }),
            },
        }
    }

    /// Plays the move `word` was read as on the line's position (keeping
    /// the position before, for variations), checks the marks written
    /// with it against the board, and records it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn record_move(
        &self,
        word: &str,
        offset: usize,
        side: Side,
        l: &mut Line,
        game: &mut Game,
        parsed: &ParsedMove,
        resolved: Option<Resolved>,
    ) -> Result<(), Problem> {
        let (mv, san) = match resolved {
            Some(r) => (Some(r.mv), r.san),
            None => (None, San::Null),
        };
        let mut record = MoveRecord {
            mv,
            san,
            check: None,
            color: l.pos.turn(),
            number: l.pos.fullmoves().get(),
        };
        let before = l.pos.clone();
        match record.mv {
            Some(m) => l.pos.play_unchecked(m),
            None => {
                l.pos = pass(&before)
                    .ok_or_else(|| format!("null move `{word}` at {side} while in check"))?;
            }
        }
        if self.settings.checks == Checks::All || parsed.check.is_some() {
            record.check = crate::game::check_of(&l.pos);
        }
        self.check_marks(word, offset, parsed, &record, game, &before);
        l.recent
            .push(&before, game.events.len(), self.number.is_some());
        l.prev = Some(before);
        game.moves_read += 1;
        if word.as_bytes()[0].is_ascii_digit() && crate::notation::algebraic::is_iccf(word) {
            game.iccf_moves += 1;
        }
        game.first_move_at.get_or_insert(offset as u32);
        game.events.push(Event::Move(record));
        if let Some(nag) = parsed.nag {
            game.events.push(Event::Nag(nag));
        }
        Ok(())
    }
}

/// Whether a word that is not a move reads as prose (`Одна`, `Una`, `a`,
/// `Be`, a heading's `№`) rather than a mistyped move (`Nz3`, `Kf9`, a
/// move with a letter for a digit) or markup (`<br`). A mistyped move has
/// a digit; a word without one is prose.
fn is_prose(word: &str) -> bool {
    !word
        .chars()
        .any(|c| c.is_ascii_digit() || "<>[]{}\\|@&*_^`".contains(c))
        || prose_glued_to_moves(word)
        || is_date(word)
        || is_eco_code(word)
}

/// Whether a word is an opening's ECO code or a range of them (`C46`,
/// `C60-C99`, an infobox's `ECOC46` with its label glued on): a letter `A`
/// to `E` and two digits, which no move is.
fn is_eco_code(word: &str) -> bool {
    let word = word.trim_end_matches(['.', ',', ';', ')']);
    let code = |part: &str| {
        let b = part.as_bytes();
        b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit)
    };
    let mut parts = word.split(['-', '–', '—']);
    let first = parts.next().unwrap_or_default();
    // A label glued on: three capitals of any script (`ECO`, `ЕХО`).
    let label = first.char_indices().nth(3).map_or(0, |(at, _)| at);
    let labelled = first[..label].chars().all(char::is_uppercase) && code(&first[label..]);
    (code(first) || labelled) && parts.all(code)
}

/// Whether a word is a date written with slashes (`21/12/2021`, `3/7/98`):
/// three runs of digits, which no move or result is.
fn is_date(word: &str) -> bool {
    let word = word.trim_end_matches(['.', ',', ':', ';']);
    let mut parts = 0;
    word.split('/').all(|part| {
        parts += 1;
        (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit())
    }) && parts == 3
}

/// Whether a word that reads as no moves holds a word of prose, moves or
/// numbers glued on (`Igranoajeaia8...Sc6,a9.a3`, `1-Antoine`): five small
/// letters in a row, which no move has.
fn prose_glued_to_moves(word: &str) -> bool {
    super::prose::run_of(word, 5, char::is_lowercase)
}

/// Whether a word is how a move in letters begins, no more: a capital or
/// a figurine (the piece) and at most two files, ranks or capture signs
/// (`N`, `Bb`, `Nx`, `Rae`, `♘b`).
fn cut_short(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(crate::notation::algebraic::starts_piece)
        && word.chars().count() <= 3
        && chars.all(|c| matches!(c, 'a'..='h' | '1'..='8') || is_capture_sign(c))
}

/// Whether a word begins as a move in letters does: a capital or a
/// figurine (the piece), then a file or a capture sign (`NhB`, `Bxq`).
fn begins_as_move(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(crate::notation::algebraic::starts_piece)
        && chars
            .next()
            .is_some_and(|c| matches!(c, 'a'..='h') || is_capture_sign(c))
}

/// Whether a word cut short names a capture on a file (`Bxc`, `Nxe`): a
/// capture sign with a file after it, which no word of prose has.
fn takes_on_a_file(word: &str) -> bool {
    let mut chars = word.chars().skip_while(|&c| !is_capture_sign(c));
    chars.next().is_some() && chars.next().is_some_and(|c| matches!(c, 'a'..='h'))
}

/// Whether a word is a table's rule and nothing else: bars, with dashes,
/// pluses or colons between them (`||`, `---|---|`, `|:--|`).
fn is_table_rule(word: &str) -> bool {
    word.contains(['|', '¦', '│', '┃'])
        && word
            .chars()
            .all(|c| matches!(c, '|' | '¦' | '│' | '┃' | '-' | '+' | ':' | '─' | '='))
}

impl Replayer<'_> {
    /// Whether no move number and no move of the main line has been read.
    fn before_first_move(&self) -> bool {
        self.stack.is_empty() && self.main_moves == 0 && self.number.is_none()
    }
}

/// Whether a word holds a place and nothing else: `—` or `...` standing for
/// a move not given (Black's reply in a column of White's moves).
fn is_placeholder(word: &str) -> bool {
    word.chars()
        .all(|c| is_dash(c) || matches!(c, '.' | '…' | '_'))
}
