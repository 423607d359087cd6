//! Control characters in tag values and comments (ESC, NUL, BEL, the other
//! C0 and C1 controls, DEL) are left out of every output, with a warning:
//! written raw they would drive the terminal that shows the output, and
//! PGN has no escape for them. In a comment, a tab or a line break stays
//! (white space, as the writer lays it out); in a tag value, where PGN
//! allows neither, a tab becomes a space.

use crate::game::{Event, Game};
use crate::vocab::diag::{Diagnostic, Severity};

/// Whether `c` is left out of text written where `tabs` (and line breaks)
/// are white space.
fn unwanted(c: char, tabs: bool) -> bool {
    c.is_control() && !(tabs && matches!(c, '\t' | '\n' | '\r'))
}

/// Whether `text` may hold a control character other than a line break: a
/// byte below a space, DEL, or the lead byte of U+0080..U+00BF (where the
/// C1 controls are). Without a branch per byte, so that it is vectorised:
/// it runs over every game's text, nearly always to find nothing.
fn suspect(text: &str) -> bool {
    text.bytes().fold(false, |seen, b| {
        seen | ((b < 0x20) & (b != b'\n') & (b != b'\r')) | (b == 0x7f) | (b == 0xc2)
    })
}

/// `text` without its control characters; how many were left out.
fn cleaned(text: &str, tabs: bool, count: &mut usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !tabs && c == '\t' {
            out.push(' ');
        } else if unwanted(c, tabs) {
            *count += 1;
        } else {
            out.push(c);
        }
    }
    out
}

/// Leaves the control characters out of `game`'s tag values and comments,
/// warning once (at `first_line`, among the game's own diagnostics, before
/// those of later lines) where there were any; `text` is the game's text as
/// read, looked at after the text the game stores.
pub(super) fn leave_out_controls(game: &mut Game, text: &str, first_line: u32) {
    // The game stores every tag value and comment in one text, a few
    // hundred bytes where the text read is a game's whole: looked at
    // first, it settles nearly every game with the shorter pass.
    if !suspect(game.stored_text()) || !suspect(text) {
        return;
    }
    let tags_suspect = game.tags().any(|(_, v)| suspect(v));
    let comments_suspect = game.events.iter().any(|e| match e {
        Event::Comment(range) => suspect(game.slice(range)),
        _ => false,
    });
    if !tags_suspect && !comments_suspect {
        return;
    }
    let mut count = 0;
    let tags: Vec<(String, String)> = game
        .tags()
        .filter(|(_, v)| v.chars().any(|c| c.is_control()))
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    for (name, value) in tags {
        let value = cleaned(&value, false, &mut count);
        game.set_tag(&name, &value);
    }
    for i in 0..game.events.len() {
        let Event::Comment(range) = &game.events[i] else {
            continue;
        };
        let text = game.slice(range);
        if !text.chars().any(|c| unwanted(c, true)) {
            continue;
        }
        let text = cleaned(text, true, &mut count);
        let start = game.begin_text();
        game.push_text(&text);
        game.events[i] = Event::Comment(game.end_text(start));
    }
    if count > 0 {
        let at = game
            .diagnostics
            .iter()
            .position(|d| d.line > first_line)
            .unwrap_or(game.diagnostics.len());
        game.diagnostics.insert(
            at,
            Diagnostic::new(
                Severity::Warning,
                first_line,
                1,
                format!(
                    "{count} control character{} (such as ESC, NUL or BEL) in tag values or \
                 comments left out of the output",
                    if count == 1 { "" } else { "s" }
                ),
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_left_out_and_tabs_kept_where_they_are_white_space() {
        let mut count = 0;
        assert_eq!(
            cleaned("a\u{1b}[31mb\u{7}\0c", false, &mut count),
            "a[31mbc"
        );
        assert_eq!(count, 3);
        assert_eq!(cleaned("x\ty\u{9b}z", false, &mut count), "x yz");
        assert_eq!(cleaned("x\ty\nz\u{7f}", true, &mut count), "x\ty\nz");
        assert_eq!(count, 5);
        assert!(suspect("a\u{85}b") && !suspect("abc\u{e9}\r\n"));
        assert!(suspect("a\tb") && suspect("\u{1b}") && suspect("\u{7f}"));
    }
}
