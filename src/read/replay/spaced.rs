//! Moves typed with the spaces wrong. A move typed with spaces inside it
//! (`e2 - e4`, `D x d3`, `К e5`, `dx e4`, `Cc6 x Cd4`, `Lf 1 —d3`) is
//! read as one, with a warning: the pieces are joined only where the first
//! reads as no legal move and the pieces together (two or three, on one
//! line or a line broken at a sign) make one. Moves typed with no space
//! between them, as replay text pasted from a page is (`1.d4Nf62.c4b63.Nc3`,
//! `Bd30-0Il`, `Qxc61–0`), are cut where each ends: before a square,
//! castling, the number of the move due, the result or a word of prose.

use shakmaty::Chess;

use super::Replayer;
use super::numbers::number_fits;
use crate::game::Game;
use crate::notation::algebraic::{Alphabet, ParsedMove, names_square, ocr_square, retyped};
use crate::notation::resolve::first_legal;
use crate::read::lexer::{Lexer, Tok};
use crate::vocab::letters::{LetterSet, is_figurine_char};
use crate::vocab::result::GameResult;
use crate::vocab::signs::{castling_sign, is_capture_sign, is_dash};

/// How many pieces a move typed with spaces is joined from, at most.
const MAX_PIECES: usize = 3;

/// Signs typed after a piece's letter set apart from its square (`N.
/// f3`, `Kt, f3`, `N- f3`): left out where the move is joined.
const LETTER_MARKS: &[char] = &['.', ',', '\'', '’', '-', '–', '—', ':'];

impl Replayer<'_> {
    /// `word` (at `offset`) and the words after it, joined into the move
    /// they make together in `pos`, with a warning; the lexer is moved
    /// past them. `None` where `word` is a legal move alone, or no join of
    /// it is one.
    pub(super) fn join_spaced<'t>(
        &self,
        word: &str,
        offset: usize,
        lexer: &mut Lexer<'t>,
        pos: &Chess,
        game: &mut Game,
    ) -> Option<String> {
        let (joined, ahead) = self
            .spaced_castling(word, lexer, pos)
            .or_else(|| self.spaced_pieces(word, lexer, pos))?;
        let written = self.text[offset..ahead.offset()]
            .replace("\r\n", " ")
            .replace('\n', " ");
        self.repair(
            game,
            offset,
            format!("`{written}` read as one move, `{joined}`: spaces inside it"),
            pos,
        );
        *lexer = ahead;
        Some(joined)
    }

    /// The move `word` and the words after it (`lexer` past it) make
    /// together in `pos`, where `word` alone is none (see
    /// [`Replayer::join_spaced`]), and the lexer past them.
    pub(super) fn spaced_pieces<'t>(
        &self,
        word: &str,
        lexer: &Lexer<'t>,
        pos: &Chess,
    ) -> Option<(String, Lexer<'t>)> {
        let mut ahead = lexer.clone();
        let mut joined = word.to_string();
        for piece in 1..MAX_PIECES {
            let end = ahead.offset();
            let token = ahead.next()?;
            if !matches!(token.tok, Tok::Word(_) | Tok::MoveNumber { .. }) {
                return None;
            }
            let next = &self.text[token.offset..ahead.offset()];
            let letters = self.settings.letters;
            let piece_letter = |word: &str| lone_letter(word, letters);
            if !may_join_across(&self.text[end..token.offset], &joined, next, piece_letter) {
                return None;
            }
            // A rank typed apart is a bare digit (`Lf 1 —d3`); the number
            // of the move due written with its dot is a rank only where the
            // word after it goes on from the move joined (`N g 5. O-O`, but
            // `Ne 5. jugada … b2b4`: `Ne` is prose).
            // Nor after a word that begins in lower case with no file's
            // letter (`la 6.`: prose, whatever an OCR reading makes of it).
            if let Tok::MoveNumber { number, black } = token.tok
                && next.contains(['.', '…'])
                && number_fits(number, black, pos)
                && (joined.starts_with(|c: char| c.is_lowercase() && !matches!(c, 'a'..='h'))
                    || !self.goes_on_from(&format!("{joined}{next}"), &ahead, pos))
            {
                return None;
            }
            // Looked at closely only where the pieces look cut: checked
            // before the word is read, which most words never need.
            if piece == 1
                && (!looks_cut(word, next) || reads_legal(word, self.settings.alphabet, pos))
            {
                return None;
            }
            joined.push_str(next);
            // A piece's letter set apart with signs after it (`N. f3`,
            // `N – f3`, `♘, f3`): the move is the letter and the square.
            if !reads_legal(&joined, self.settings.alphabet, pos)
                && let Some(marked) = letter_marked(&joined[..joined.len() - next.len()])
            {
                let alone: String = joined
                    .chars()
                    .filter(|c| !LETTER_MARKS.contains(c))
                    .collect();
                if alone.len() > marked && reads_legal(&alone, self.settings.alphabet, pos) {
                    joined = alone;
                }
            }
            if reads_legal(&joined, self.settings.alphabet, pos) {
                return Some((joined, ahead));
            }
        }
        None
    }
}

impl Replayer<'_> {
    /// Whether `joined` plays in `pos` and the word `ahead` stands before
    /// plays after it.
    fn goes_on_from(&self, joined: &str, ahead: &Lexer<'_>, pos: &Chess) -> bool {
        self.played(joined, pos).is_some_and(|after| {
            matches!(ahead.clone().next().map(|t| t.tok), Some(Tok::Word(word)) if self.plays(word, &after).is_some())
        })
    }

    /// Castling typed in pieces on one line (`0 - 0 - 0`, `O O`, `0 0`):
    /// the pieces, each of Os and dashes alone, joined as long as they go
    /// on making castling, and the lexer past them. `None` where `word` is
    /// no piece of castling, or the joined pieces are none.
    fn spaced_castling<'t>(
        &self,
        word: &str,
        lexer: &Lexer<'t>,
        pos: &Chess,
    ) -> Option<(String, Lexer<'t>)> {
        let piece = |w: &str| !w.is_empty() && w.chars().all(|c| is_dash(c) || castling_o(c));
        if !piece(word) || castling_sign(word).is_some_and(|(_, end)| end == word.len()) {
            return None;
        }
        let mut ahead = lexer.clone();
        let mut joined = word.to_string();
        let mut best = None;
        for _ in 1..CASTLING_PIECES {
            let end = ahead.offset();
            let Some(token) = ahead.next() else { break };
            let next = &self.text[token.offset..ahead.offset()];
            if !matches!(token.tok, Tok::Word(_))
                || self.text[end..token.offset].contains('\n')
                || !piece(next)
            {
                break;
            }
            joined.push_str(next);
            if castling_sign(&joined).is_some_and(|(_, end)| end == joined.len()) {
                best = Some((joined.clone(), ahead.clone()));
            }
        }
        best.filter(|(joined, _)| reads_legal(joined, self.settings.alphabet, pos))
    }
}

/// How many pieces castling typed with spaces is joined from, at most
/// (`0 - 0 - 0`).
const CASTLING_PIECES: usize = 5;

/// A letter castling is written with (`O`, `0`, `o`).
fn castling_o(c: char) -> bool {
    matches!(c, 'O' | '0' | 'o')
}

/// Whether the pieces of a move on either side of `gap` may be joined
/// across it: a gap on one line, or a line broken at a sign (`Bg5 X` /
/// `f6`, `e5—` / `e6`, `Bg5` / `—h4`) or after a piece's letter alone
/// (`S` / `f3`, `N<br>f3`), as a page's narrow columns break a move.
fn may_join_across(
    gap: &str,
    before: &str,
    next: &str,
    piece_letter: impl Fn(&str) -> bool,
) -> bool {
    match gap.matches('\n').count() {
        0 => true,
        1 => {
            before.ends_with(is_join_sign)
                || next.starts_with(is_join_sign)
                || piece_letter(before) && next.starts_with(|c: char| matches!(c, 'a'..='h'))
        }
        _ => false,
    }
}

/// Whether `word` is a piece's letter alone in `letters` (a pawn's too,
/// where the set has one: each reading is weighed as a whole), or a
/// figurine, with or without signs after it (`N`, `Kr`, `♘`, `S.`).
fn lone_letter(word: &str, letters: &LetterSet) -> bool {
    let letter = word.trim_end_matches(LETTER_MARKS);
    let mut chars = letter.chars();
    let figurine = chars.next().is_some_and(is_figurine_char) && chars.next().is_none();
    figurine || letters.role_of(letter).is_some()
}

/// Where `word` is a piece's letter (no more than three characters, no
/// rank) and signs after it ([`LETTER_MARKS`]), the letter's length.
fn letter_marked(word: &str) -> Option<usize> {
    let letter = word.trim_end_matches(LETTER_MARKS);
    let short = (1..=3).contains(&letter.chars().count());
    (short && letter.len() < word.len() && !letter.contains(|c: char| c.is_ascii_digit()))
        .then_some(letter.len())
}

/// Whether `word` and the `next` word look like one move cut by a space:
/// a sign between them, at the end of the first (`dx e4`, `Кр: g8`,
/// `Dd1x Cg4`) or the start of the next (`e2 - e4`, `Lf1 —d3`), or a
/// first piece with no rank (`К e5`, `f 4—f5`, `Lf 1`) before a file or a
/// rank.
fn looks_cut(word: &str, next: &str) -> bool {
    let letter = |c: char| c.is_alphanumeric() || is_figurine_char(c);
    if word.chars().count() > 8 || !word.chars().any(letter) {
        return false;
    }
    word.ends_with(is_join_sign)
        || next.starts_with(is_join_sign)
        || !word.contains(|c: char| matches!(c, '1'..='8'))
            && next.starts_with(|c: char| matches!(c, 'a'..='h' | '1'..='8'))
}

/// Whether `c` is a sign a move may be cut at: a dash or a capture sign
/// (`X` too, as scans and typewriters have it).
fn is_join_sign(c: char) -> bool {
    is_dash(c) || is_capture_sign(c) || c == 'X'
}

/// Whether `word` reads as a legal move in `pos`, as written or with one
/// of the slips of a scan or of typing read back.
fn reads_legal(word: &str, alphabet: &Alphabet, pos: &Chess) -> bool {
    let legal = |w: &str| {
        ParsedMove::readings(w, alphabet)
            .is_ok_and(|readings| matches!(first_legal(pos, &readings), Ok((_, Some(_)))))
    };
    legal(word)
        || ocr_square(word).is_some_and(|w| legal(&w))
        || retyped(word, alphabet).iter().any(|r| legal(&r.word))
}

/// Where the first of moves run together in `word` ends, the grammar
/// having stopped at `stop`, with its readings in `readings`: the longest
/// cut whose first part is a legal move in `pos` and whose rest may follow
/// a move ([`runs_on`]), trying the ends of its squares (`e4e52.Nf3` is
/// `e4` and `e52.Nf3`, not the UCI `e4e5`; `d4Nf6` is `d4`, not `d4N`);
/// where none is legal, the grammar's cut, to be reported. `None` where
/// the word is no moves run together.
pub(super) fn glued_split(
    word: &str,
    stop: usize,
    alphabet: &Alphabet,
    pos: &Chess,
    readings: &mut crate::notation::algebraic::Readings,
) -> Option<usize> {
    let first = glued_cut(word, stop);
    let square_ends = (1..first).rev().filter(|&i| {
        word.as_bytes()[i - 1].is_ascii_digit()
            && word.is_char_boundary(i)
            && names_square(&word[..i])
    });
    let fits = |cut: usize, readings: &mut crate::notation::algebraic::Readings| {
        // A comma between says where the first ends (`ef,Lb4+`, `e4/e5`).
        let rest = &word[cut..];
        let comma =
            rest.starts_with(BETWEEN) && rest[1..].starts_with(|c: char| c.is_alphanumeric());
        cut > 0
            && (names_square(&word[..cut]) || castling_sign(&word[..cut]).is_some() || comma)
            && (runs_on(rest) || comma)
            && ParsedMove::readings_into(&word[..cut], alphabet, readings).is_ok()
    };
    for cut in std::iter::once(first).chain(square_ends) {
        if fits(cut, readings) && matches!(first_legal(pos, readings), Ok((_, Some(_)))) {
            return Some(cut);
        }
    }
    fits(first, readings).then_some(first)
}

/// Where the first move of `word` ends, its grammar having stopped at
/// `stop`: past castling where the word starts with it (`0-0Il`), else at
/// `stop` (`Nf6` of `Nf62.c4`).
fn glued_cut(word: &str, stop: usize) -> usize {
    match castling_sign(word) {
        Some((_, end)) if end < word.len() && !word[end..].starts_with(is_dash) => end,
        _ => stop,
    }
}

/// What may stand between two moves run together, no move's: a comma, a
/// semicolon or a slash (`Ld3,f5`, `e4/e5`).
pub(super) const BETWEEN: [char; 3] = [',', ';', '/'];

/// How much of what follows a cut [`runs_on`] looks at.
const RUNS_ON_WINDOW: usize = 48;

/// Whether what follows a move glued on (`rest`) is the start of what may
/// follow a move: another move naming a square (`Сd7`), castling (numbered
/// or not, `12.O-O-O`), a numbered move (`2.c4`) or a number alone (`11.`, its move the next
/// word), the result (`1–0`) or a capitalised word of prose with no digit
/// in it (`Questa`, `L'errore`).
pub(super) fn runs_on(rest: &str) -> bool {
    // Looked at no further than a move and a word can be long: a page of
    // moves run together is one word, and each cut in it must not read
    // the rest of it again.
    let rest = &rest[..rest.floor_char_boundary(RUNS_ON_WINDOW)];
    let word = rest.split(char::is_whitespace).next().unwrap_or_default();
    let mut chars = word.chars();
    let prose = chars.next().is_some_and(char::is_uppercase)
        && chars.next().is_some_and(|c| c.is_lowercase() || c == '\'')
        && !word.contains(|c: char| c.is_ascii_digit() || is_dash(c));
    names_square(rest)
        || castling_sign(rest).is_some()
        || castling_sign(past_number(rest)).is_some()
        || GameResult::parse(rest).is_some()
        || prose
        || number_alone(word)
}

/// `rest` past a move number at its start (`O-O-O` of `12.O-O-O`), or
/// all of it where none begins it.
fn past_number(rest: &str) -> &str {
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let dots = rest[digits..].bytes().take_while(|&b| b == b'.').count();
    match (1..=3).contains(&digits) && dots > 0 {
        true => &rest[digits + dots..],
        false => rest,
    }
}

/// Whether `word` is a move number and nothing else (`11.` of `Nge711. Ba3`,
/// the move after it the next word's).
pub(super) fn number_alone(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &word[digits..];
    (1..=3).contains(&digits) && !rest.is_empty() && rest.bytes().all(|b| b == b'.')
}

/// The length of a move number glued on at the start of `rest` (`2.` of
/// `2.c4b6`, `14...` of `14...gxh6`, `11.` alone after `Nge7`) where it is the number of the move due
/// in `pos` (with dots for Black where Black is to move).
pub(super) fn glued_number_due(rest: &str, pos: &Chess) -> Option<usize> {
    use shakmaty::Position;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let dots = rest[digits..].bytes().take_while(|&b| b == b'.').count();
    let number: u32 = rest[..digits].parse().ok()?;
    let black = pos.turn() == shakmaty::Color::Black;
    let fits = number == pos.fullmoves().get() && (dots == 1 && !black || dots == 3 && black);
    (digits <= 3 && fits && digits + dots <= rest.len()).then_some(digits + dots)
}

/// A word as a message shows it: whole up to 16 characters, else its start
/// and `…` (a page of moves run together is one word; each cut in it must
/// not repeat the rest of the page).
pub(super) fn shown(word: &str) -> std::borrow::Cow<'_, str> {
    match word.char_indices().nth(16) {
        Some((end, _)) => format!("{}…", &word[..end]).into(),
        None => word.into(),
    }
}
