//! Prose in the movetext: a stretch of words that are no moves, kept as a
//! comment, and where it ends: where the moves resume, at a bracket, a
//! comment or a result. The moves resume at a move number that says which
//! move is due, where its move plays, and at a word that plays and looks
//! like a move (it names a square), where a sentence or a line begins
//! (`…a good developing move. 2...Nc6`, a heading and then `1. e4`) or
//! where the line's first move is due (`Morphy played 1.e4 e5`). Moves
//! the prose holds that the game does not take are noted, to be reported.

use shakmaty::{Chess, Color, Move, Position};

use super::{Line, Replayer, Side};
use crate::diag::Severity;
use crate::game::Game;
use crate::lexer::{Lexer, Tok, Token, is_invisible};
use crate::move_token::{ParsedMove, castling_sign, fold_compatible, is_iccf};
use crate::resolve::first_legal;

/// A stretch of prose being read.
pub(super) struct Prose {
    start: usize,
    end: usize,
    /// The first word's length, and whether it stands where a move number
    /// said a move was due.
    first_len: usize,
    after_number: bool,
    /// The first move-like word in it (offset, length), and how many.
    first_move: Option<(usize, usize)>,
    moves: u32,
    /// It holds a move number no earlier than the move that was due.
    numbered: bool,
    /// The number of main-line moves read when it began, and the depth of
    /// variations it is in.
    main_moves: u32,
    depth: usize,
}

/// A stretch of prose that held moves not read, reported as it ended.
pub(super) struct Unread {
    pub(super) offset: usize,
    pub(super) len: usize,
    /// The first word of the prose, where it stands where a move number
    /// said a move was due (offset, length).
    pub(super) in_place_of_move: Option<(usize, usize)>,
    /// Where its warning is in the game's diagnostics, if it was kept.
    pub(super) diagnostic: Option<usize>,
    pub(super) numbered: bool,
    pub(super) main_moves: u32,
    pub(super) depth: usize,
}

impl Replayer<'_> {
    /// A stretch of prose begins with the word at `start..end`.
    pub(super) fn begin_prose(&mut self, start: usize, end: usize, game: &mut Game) {
        let _ = game;
        let mut prose = Prose {
            start,
            end,
            first_len: end - start,
            after_number: self.number.is_some(),
            first_move: None,
            moves: 0,
            numbered: false,
            main_moves: self.main_moves,
            depth: self.stack.len(),
        };
        let word = &self.text[start..end];
        if strong_move_shaped(word) {
            prose.first_move = Some((start, word.len()));
            prose.moves = 1;
        }
        self.prose = Some(prose);
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
        let resumes = match token.tok {
            Tok::MoveNumber { number, black } => {
                self.number_resumes(number, black, token.offset, lexer, l)
            }
            Tok::Word(word) => match ocr_number(word) {
                Some((number, black)) => self.number_resumes(number, black, token.offset, lexer, l),
                None => self.word_resumes(word, token.offset, lexer, l),
            },
            Tok::Nag(_) | Tok::BadNag(_) => false,
            _ => true,
        };
        if resumes {
            self.end_prose(game, line);
            return true;
        }
        let end = lexer.offset();
        let prose = self.prose.as_mut().expect("prose is being read");
        prose.end = end;
        match token.tok {
            Tok::MoveNumber { number, .. } if number >= l.pos.fullmoves().get() => {
                prose.numbered = true
            }
            Tok::Word(word) if strong_move_shaped(word) => {
                prose.first_move.get_or_insert((token.offset, word.len()));
                prose.moves += 1;
            }
            _ => {}
        }
        false
    }

    /// Keeps the stretch of prose being read, if any, as a comment.
    pub(super) fn end_prose(&mut self, game: &mut Game, line: Option<&Line>) {
        let _ = line;
        let Some(prose) = self.prose.take() else {
            return;
        };
        game.push_comment(self.text[prose.start..prose.end].trim());
        let Some((offset, len)) = prose.first_move else {
            return;
        };
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
            in_place_of_move: prose.after_number.then_some((prose.start, prose.first_len)),
            diagnostic: (game.diagnostics.len() > before).then_some(before),
            numbered: prose.numbered,
            main_moves: prose.main_moves,
            depth: prose.depth,
        });
    }

    /// A move number in prose resumes the moves where it is the number of
    /// the move due, at the start of a sentence or line or of the line's
    /// moves, and the word after it plays.
    fn number_resumes(
        &self,
        number: u32,
        black: bool,
        offset: usize,
        lexer: &Lexer<'_>,
        l: &Line,
    ) -> bool {
        let due = Side::of(&l.pos);
        let fits = number == due.number && !(black && due.turn == Color::White);
        fits && (l.prev.is_none() || at_boundary(self.text, offset))
            && matches!(lexer.clone().next(), Some(Token { tok: Tok::Word(w), .. }) if self.plays(w, &l.pos).is_some())
    }

    /// A word in prose resumes the moves where it names a square and plays,
    /// at the start of a sentence or line or of the line's moves, or where
    /// what follows it goes on from it (a move number, another move).
    fn word_resumes(&self, word: &str, offset: usize, lexer: &Lexer<'_>, l: &Line) -> bool {
        if !strong_move_shaped(word) {
            return false;
        }
        // A move number before it has had its say: the moves resume at a
        // numbered move only where the number fits and begins a sentence.
        if after_number(self.text, offset) {
            return false;
        }
        let Some(mv) = self.plays(word, &l.pos) else {
            return false;
        };
        if l.prev.is_none() || at_boundary(self.text, offset) {
            return true;
        }
        let mut after = l.pos.clone();
        after.play_unchecked(mv);
        match lexer.clone().next() {
            Some(Token {
                tok: Tok::MoveNumber { number, black },
                ..
            }) => number == after.fullmoves().get() && !(black && after.turn() == Color::White),
            Some(Token {
                tok: Tok::Word(next),
                ..
            }) => self.plays(next, &after).is_some(),
            _ => false,
        }
    }

    /// The legal move `word` names in `pos`, read as the game's moves are.
    fn plays(&self, word: &str, pos: &Chess) -> Option<Move> {
        let word = fold_compatible(word);
        if let Some(lang) = self.settings.descriptive {
            let d = crate::descriptive::Descriptive::parse(&word, lang).ok()?;
            return crate::descriptive::resolve(pos, &d).ok();
        }
        let readings = ParsedMove::readings(&word, self.settings.alphabet).ok()?;
        match first_legal(pos, &readings) {
            Ok((_, Some(resolved))) => Some(resolved.mv),
            _ => None,
        }
    }
}

/// Whether a move number (digits and dots) stands right before `offset`.
fn after_number(text: &str, offset: usize) -> bool {
    let before = text[..offset].trim_end_matches([' ', '\t']);
    let undotted = before.trim_end_matches(['.', '…']);
    undotted.len() < before.len() && undotted.ends_with(|c: char| c.is_ascii_digit())
}

/// Whether a sentence or a line begins at `offset`: only spaces stand
/// between it and the start of the text or of its line, or a full stop,
/// `!`, `?`, `…` or `;` (and maybe a closing quote) ends what comes
/// before.
fn at_boundary(text: &str, offset: usize) -> bool {
    let space = |c: char| matches!(c, ' ' | '\t' | '\r') || is_invisible(c);
    let mut before = text[..offset].trim_end_matches(space);
    // A move number before a word is the word's: the boundary is before it.
    let undotted = before.trim_end_matches(['.', '…']);
    let number = undotted.trim_end_matches(|c: char| c.is_ascii_digit());
    if undotted.len() < before.len() && number.len() < undotted.len() {
        before = number.trim_end_matches(space);
    }
    let before = before.trim_end_matches(['"', '\'', '»', '”', '’', '“']);
    match before.chars().next_back() {
        None => true,
        Some(c) => matches!(c, '\n' | '.' | '!' | '?' | '…' | ';'),
    }
}

/// Whether a word looks like a move whatever the letters: it names a
/// square (`e4`, `Кf3`, `Cc4-b3`, `ed4`), or is castling or ICCF numeric.
pub(super) fn strong_move_shaped(word: &str) -> bool {
    let mut prev_file = false;
    for c in word.chars() {
        if prev_file && ('1'..='8').contains(&c) {
            return true;
        }
        prev_file = matches!(c, 'a'..='h' | 'а' | 'с' | 'е');
    }
    castling_sign(word).is_some() || is_iccf(word)
}

/// Whether a text (a bracket's) holds a word that looks like a move.
pub(super) fn holds_moves(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || "(){}[];,".contains(c))
        .any(strong_move_shaped)
}

/// A move number with a letter for a digit, as scanned pages have it
/// (`l.`, `I.`, `1O.`, `2l...`): the number, and whether its dots say
/// Black moves next. Digits only (`12.`) are the lexer's, not this.
pub(super) fn ocr_number(word: &str) -> Option<(u32, bool)> {
    let body = word.trim_end_matches(['.', '…']);
    let dots = &word[body.len()..];
    if dots.is_empty() || body.is_empty() || body.len() > 4 {
        return None;
    }
    let mut number = 0u32;
    let mut swapped = false;
    for c in body.chars() {
        let digit = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'O' | 'o' => {
                swapped = true;
                0
            }
            'l' | 'I' | '|' => {
                swapped = true;
                1
            }
            _ => return None,
        };
        number = number * 10 + digit;
    }
    (swapped && number > 0).then_some((number, dots.len() > 1))
}

/// A word with `l`, `I` or `|` standing for the digit 1 where a rank is
/// due (after a file, in a word that starts with a piece letter: `Rel`,
/// `Nfl`, `Kpel`, `Sgl-f3`), as scanned pages have it: the word with the
/// digit. Whether it is a move is the grammar's to say.
pub(super) fn ocr_square(word: &str) -> Option<String> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() < 3 || !chars[0].is_uppercase() {
        return None;
    }
    let mut fixed = String::with_capacity(word.len());
    let mut swapped = false;
    for (i, &c) in chars.iter().enumerate() {
        let after_file = i > 0 && matches!(chars[i - 1], 'a'..='h');
        let ends_square = chars
            .get(i + 1)
            .is_none_or(|n| !n.is_alphabetic() || matches!(n, 'a'..='h' | 'x'));
        if after_file && ends_square && matches!(c, 'l' | 'I' | '|') {
            fixed.push('1');
            swapped = true;
        } else {
            fixed.push(c);
        }
    }
    swapped.then_some(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ocr_numbers_and_squares() {
        assert_eq!(ocr_number("l."), Some((1, false)));
        assert_eq!(ocr_number("1O."), Some((10, false)));
        assert_eq!(ocr_number("2l..."), Some((21, true)));
        assert_eq!(ocr_number("12."), None);
        assert_eq!(ocr_number("Il."), Some((11, false)));
        assert_eq!(ocr_number("Hello."), None);
        assert_eq!(ocr_square("Rel").as_deref(), Some("Re1"));
        assert_eq!(ocr_square("Nfl").as_deref(), Some("Nf1"));
        assert_eq!(ocr_square("Rael").as_deref(), Some("Rae1"));
        assert_eq!(ocr_square("Kpel").as_deref(), Some("Kpe1"));
        assert_eq!(ocr_square("Sgl-f3").as_deref(), Some("Sg1-f3"));
        assert_eq!(ocr_square("field"), None);
        assert_eq!(ocr_square("deal"), None);
        assert_eq!(ocr_square("el"), None);
        assert_eq!(ocr_square("Nf3"), None);
    }

    #[test]
    fn boundaries() {
        let text = "A good move. 2...Nc6 and 3.Bb5\n4.d4";
        assert!(at_boundary(text, 13));
        assert!(at_boundary(text, 17));
        assert!(!at_boundary(text, 25));
        assert!(!at_boundary(text, 27));
        assert!(at_boundary(text, 31));
        assert!(at_boundary(text, 33));
        assert!(at_boundary(text, 0));
    }
}
