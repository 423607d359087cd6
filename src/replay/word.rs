//! One word where a move may stand: a mark written apart from its move, a
//! placeholder, or a move read in the game's notation (letters or
//! descriptive), resolved on the board (a token two legal moves fit is
//! handed back to the caller to settle), checked against its marks and
//! played.

use shakmaty::{MoveList, Position, san::San};

use super::{
    ChoicePoint, Line, Pick, Problem, Replayer, Side, WordOutcome, repair_origin, san_list,
};
use crate::descriptive::Descriptive;
use crate::game::{Checks, Event, Game, MoveRecord, pass};
use crate::letters::role_name;
use crate::move_token::{MoveToken, ParsedMove, Readings, is_dash};
use crate::resolve::{ResolveError, Resolved, first_legal};

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
        if let Some(outcome) = self.detached_mark(word, offset, game, side, &l.pos) {
            return outcome;
        }
        // Placeholders and `~` start with no letter or digit; moves do.
        if !word.as_bytes()[0].is_ascii_alphanumeric() {
            if word == "~" {
                return Err(
                    format!("`~` at {side} stands for any move; it cannot be replayed").into(),
                );
            }
            if is_placeholder(word) && word != "--" {
                return Ok(WordOutcome::Played(None));
            }
        }
        self.play(word, offset, l, game, side)
    }

    fn play(
        &self,
        word: &str,
        offset: usize,
        l: &mut Line,
        game: &mut Game,
        side: Side,
    ) -> Result<WordOutcome, Problem> {
        let alphabet = self.settings.alphabet;
        let descriptive = self
            .settings
            .descriptive
            .map(|lang| Descriptive::parse(word, lang));
        let mut readings = Readings::new();
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
                });
                Ok(())
            }
            _ => ParsedMove::readings_into(word, alphabet, &mut readings),
        };
        let run_on = match read {
            Ok(()) => None,
            // What a descriptive game's word lacks, said in its terms.
            Err(_) if let Some(Err(e)) = descriptive.as_ref().filter(|_| !is_prose(word)) => {
                let mut problem = Problem::from(format!(
                    "`{word}` at {side} is not a move in descriptive notation: expected {} at `{}`",
                    e.expected,
                    word.get(e.offset..).unwrap_or_default()
                ));
                problem.explain = true;
                return Err(problem);
            }
            Err(e) => match ParsedMove::readings_into(&word[..e.offset], alphabet, &mut readings) {
                Ok(()) if e.offset > 0 => Some(e.offset),
                // A piece letter alone at the very end is a move cut short,
                // not a heading's `N 28.`.
                _ if is_prose(word)
                    && !(word.len() == 1
                        && word.as_bytes()[0].is_ascii_uppercase()
                        && self
                            .text
                            .get(offset + 1..)
                            .is_some_and(|rest| rest.trim().is_empty())) =>
                {
                    return Ok(WordOutcome::Prose);
                }
                _ => {
                    let letters = self.settings.letters;
                    let first = word.chars().next().unwrap_or(' ');
                    let message = if e.offset == 0 && first.is_uppercase() {
                        format!(
                            "`{word}` at {side} is not a move: `{first}` is no piece letter in {} ({})",
                            letters.name,
                            letters.piece_list()
                        )
                    } else {
                        format!(
                            "`{word}` at {side} is not a move: expected {} at `{}`",
                            e.expected,
                            &word[e.offset.min(word.len())..]
                        )
                    };
                    let mut problem = Problem::from(message);
                    problem.explain = true;
                    return Err(problem);
                }
            },
        };
        let word = &word[..run_on.unwrap_or(word.len())];
        if descriptive.is_none() {
            game.note_letter_of(word);
        }
        let pos = &l.pos;
        // Where a token reads more than one way (a set whose names overlap,
        // as Bengali's `G` bishop and `Gh` knight), the plainest reading
        // that names a legal move is taken.
        let (parsed, resolved) = match first_legal(pos, &readings) {
            Ok(found) => found,
            Err(error) => {
                let parsed = readings[0];
                match error {
                    ResolveError::Ambiguous(moves) => {
                        let moves: MoveList = moves.into_iter().collect();
                        let pick = self
                            .settings
                            .picks
                            .iter()
                            .find(|(o, _)| *o == offset)
                            .map(|(_, p)| *p);
                        match pick {
                            None => {
                                return Ok(WordOutcome::Choice(ChoicePoint {
                                    offset,
                                    count: moves.len(),
                                }));
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
                                (
                                    parsed,
                                    Some(Resolved {
                                        mv,
                                        san: San::disambiguate(mv, &candidates),
                                    }),
                                )
                            }
                            Some(Pick::Unsettled) => {
                                return Err(Problem {
                                    message: format!("ambiguous move `{word}` at {side}: could be {}", san_list(&moves)),
                                    notes: vec![
                                        "none or several of them let the rest of the game replay; name the piece's file or rank".into(),
                                    ],
                                    explain: false,
                                });
                            }
                        }
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
                            (parsed, Some(r))
                        }
                        None => {
                            return Err(Problem {
                                message: format!("illegal move `{word}` at {side}"),
                                notes: Vec::new(),
                                explain: true,
                            });
                        }
                    },
                }
            }
        };
        let (mv, san) = match resolved {
            Some(r) => (Some(r.mv), r.san),
            None => (None, San::Null),
        };
        let mut record = MoveRecord {
            mv,
            san,
            check: None,
            color: pos.turn(),
            number: pos.fullmoves().get(),
        };
        // Play in place, keeping the position before for variations.
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
        self.check_marks(word, offset, &parsed, &record, game, &before);
        l.prev = Some(before);
        game.moves_read += 1;
        if word.as_bytes()[0].is_ascii_digit() && crate::move_token::is_iccf(word) {
            game.iccf_moves += 1;
        }
        game.events.push(Event::Move(record));
        if let Some(nag) = parsed.nag {
            game.events.push(Event::Nag(nag));
        }
        Ok(WordOutcome::Played(run_on))
    }
}

/// Whether a word that is not a move reads as prose (`Одна`, `Una`, `II`,
/// a heading's `№`) rather than a mistyped move (`Nz3`, `Kf9`, `Nf`) or
/// markup (`<br`). A mistyped move has a digit, or is short and written in
/// nothing but piece letters, file letters and signs, with a file among them.
fn is_prose(word: &str) -> bool {
    if word
        .chars()
        .any(|c| c.is_ascii_digit() || "<>[]{}\\|@&*_^`".contains(c))
    {
        return false;
    }
    let file = |c: char| matches!(c, 'a'..='h');
    let move_letter = |c: char| file(c) || c == 'x' || c.is_ascii_uppercase();
    word.chars().count() > 3
        || !word.chars().filter(|c| c.is_alphabetic()).all(move_letter)
        || !word.chars().any(file)
}

/// Whether a word holds a place and nothing else: `—` or `...` standing for
/// a move not given (Black's reply in a column of White's moves).
fn is_placeholder(word: &str) -> bool {
    word.chars()
        .all(|c| is_dash(c) || matches!(c, '.' | '…' | '_'))
}
