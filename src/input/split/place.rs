//! Where each line of the input goes: to the game being cut, to the next
//! game, or left out (a blank line before a game), told from what the
//! line is and where the game's scan stands.

use super::lines::{
    Scan, heading_line, is_later, numbered_move, numbered_move_in, starts_first_move,
};
use crate::vocab::heading::heads_game;

/// Where [`place`] puts a line.
pub(super) enum Plain {
    /// The line belongs to the game (for [`super::take_plain`]: as it is, line
    /// break included).
    Whole,
    /// It is blank, before the game: taken, and left out.
    Skip,
    /// It starts the next game.
    Next,
}

/// Where a line goes, told from what it is (a tag, blank) and where the
/// game's scan is: to the next game (a tag after movetext, text after a
/// result but a page's, see [`goes_on_after_result`], or a new `1.` after a
/// blank line), left out (a blank line before the game), or to this game,
/// counted.
#[inline(always)]
pub(super) fn place(
    scan: &mut Scan,
    first_line: &mut Option<u32>,
    line_no: &mut u32,
    line: &str,
    tag: bool,
    new_section: bool,
    blank: bool,
) -> Plain {
    // A PGN escape line (`%` in the first column, PGN standard 6) is left
    // out by the reader wherever it stands: it begins no game and is no
    // game's start, as a blank line is not.
    if !tag && line.starts_with('%') {
        *line_no += 1;
        if first_line.is_none() {
            return Plain::Skip;
        }
        scan.size += line.len() + 1;
        return Plain::Whole;
    }
    if first_line.is_some()
        && ((tag && (scan.movetext || scan.ended || new_section))
            || (!blank
                && ((scan.ended
                    && (scan.tagged
                        || scan.moves_begun
                        || (starts_first_move(line) && !scan.heading)))
                    || (scan.blank
                        && (scan.tagged || scan.moves_begun)
                        && starts_first_move(line))))
            || next_heading(scan, line, tag, blank)
            || (!blank && !tag && scan.cut_for_size()))
        && !goes_on_after_result(scan, tag, line)
    {
        return Plain::Next;
    }
    // A game that begins with no tag line: is it a page's games, numbered
    // from 1 each? (One test a line for a game with tags.)
    if !scan.tagged && !blank && !tag {
        // It went on after a result (its prose, or at a later number): not
        // ended, but a `1.` after it begins the next game. (A result before
        // the moves is a heading's: `Result: 0-1`.)
        // The moves after a heading with its result: results stand
        // before their games in this input.
        scan.headings |= scan.ended && scan.heading && !scan.moves_begun;
        if std::mem::take(&mut scan.ended) && scan.moves_begun {
            scan.numbered = true;
            scan.after_result = Some(scan.size);
        }
        let at_start = numbered_move(line, true);
        if scan.after_result.is_some() && (at_start.is_some() || numbered_move_in(line).is_some()) {
            // The game goes on at a later number (its result ended a
            // side line's analysis): the text is its own again.
            scan.after_result = None;
        }
        scan.heading |= !scan.moves_begun && heading_line(line);
        let first_move = |line: &str| match scan.heading_paragraph {
            true => numbered_move_in(line) == Some("1"),
            false => scan.numbered && starts_first_move(line),
        };
        if scan.depth == 0 && !scan.in_comment && first_move(line) {
            return Plain::Next;
        }
        scan.heading_paragraph = match std::mem::take(&mut scan.after_blank) {
            true => scan.moves_begun && heads_game(line),
            false => scan.heading_paragraph && heads_game(line),
        };
        scan.numbered |= is_later(at_start);
        scan.moves_begun =
            scan.moves_begun || at_start.is_some() || numbered_move_in(line).is_some();
    }
    *line_no += 1;
    if blank {
        scan.after_blank = true;
        scan.heading_paragraph = false;
        scan.blank_after_moves |= scan.moves_begun;
        if scan.in_comment {
            scan.comment_blank = true;
        } else if scan.movetext {
            scan.blank = true;
        } else if first_line.is_some() {
            scan.header_blank = true;
        }
    }
    if first_line.is_none() {
        if blank {
            return Plain::Skip;
        }
        *first_line = Some(*line_no);
    }
    // A tag line the game takes is its tag section's, first or after a
    // comment before it (`{Game 2}` above the tags): a game with tags.
    scan.tagged |= tag;
    scan.size += line.len() + 1;
    Plain::Whole
}

/// Whether `line` is a heading with a result that begins the next game:
/// after a blank line that follows the moves of a game with no tags, not
/// ended, in an input whose games have their results in headings before
/// them ([`Scan::headings`]). Inlined: asked of every line, it is settled
/// by the first test in nearly every input, whose games have no such
/// headings.
#[inline(always)]
fn next_heading(scan: &Scan, line: &str, tag: bool, blank: bool) -> bool {
    scan.headings
        && !tag
        && !blank
        && !scan.tagged
        && scan.blank_after_moves
        && !scan.ended
        && scan.depth == 0
        && !scan.in_comment
        && heading_line(line)
}

/// Whether `line`, after a result, goes on with the same game: in a game
/// with no tags, where it holds no `1.` (a page's prose after the game, or
/// the game going on at a later number after a result that ended its
/// analysis); the next game begins at a `1.` (`Brown - Green, 1. d4`), or
/// at a heading with its result where results stand before their games.
fn goes_on_after_result(scan: &Scan, tag: bool, line: &str) -> bool {
    scan.ended
        && !tag
        && !scan.tagged
        && numbered_move_in(line) != Some("1")
        && !(scan.headings && heading_line(line))
}
