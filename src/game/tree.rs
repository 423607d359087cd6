//! The shape of a game's tree of moves, checked and mended: every move
//! legal where it stands, every side line an alternative to a move, closed,
//! and holding a move of its own.
//!
//! The reader builds the flat event list of [`Game`] by rules that move
//! and close side lines; whatever those rules do, [`Game::mend_tree`] is
//! the one place where the result is held to PGN's grammar before any
//! printer sees it, so that no output has unbalanced brackets or an empty
//! side line, and no printer replays a move where it does not stand.

use shakmaty::Chess;

use super::{Event, Game};
use crate::vocab::moves::play;

/// What [`Game::mend_tree`] found that it cannot mend without losing a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeFault {
    /// The move at this index of the events is not legal where it stands.
    Illegal(usize),
    /// The side line opened at this index is an alternative to nothing: no
    /// move stands before it in its line.
    NothingBefore(usize),
}

impl std::fmt::Display for TreeFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreeFault::Illegal(_) => {
                f.write_str("a move of the game tree does not stand where it was placed")
            }
            TreeFault::NothingBefore(_) => {
                f.write_str("a side line of the game tree is an alternative to no move")
            }
        }
    }
}

/// What [`Game::mend_tree`] mended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mended {
    /// Side lines that held no move, turned into the comments they held.
    pub empty: usize,
    /// Side lines left open, closed at the end.
    pub unclosed: usize,
    /// `)` that closed no side line, dropped.
    pub stray: usize,
}

impl Mended {
    /// Whether anything was mended.
    pub fn any(&self) -> bool {
        *self != Mended::default()
    }
}

/// A line being walked: the position before its next move and before its
/// last, and whether it holds a move yet.
struct Walk {
    now: Option<Chess>,
    before_last: Option<Chess>,
    moved: bool,
}

impl Game {
    /// Whether the events hold a side line, the only shape the tree's rules
    /// can get wrong (a main line alone is played move after move).
    pub fn has_side_lines(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, Event::StartVariation | Event::EndVariation))
    }

    /// Holds the event list to PGN's grammar: a side line with no move
    /// becomes the comments it held, one left open is closed at the end, a
    /// `)` that closes nothing is dropped. Every move is checked to be
    /// legal where it stands. Linear in the events; no move is lost: a
    /// tree that cannot be mended without losing one is a [`TreeFault`],
    /// left as it was.
    pub fn mend_tree(&mut self) -> Result<Mended, TreeFault> {
        let mut mended = Mended::default();
        let mut out: Vec<Event> = Vec::with_capacity(self.events.len() + 2);
        // Per open side line: where its StartVariation is in `out`, and
        // the line it left.
        let mut stack: Vec<(usize, Walk)> = Vec::new();
        let mut walk = Walk {
            now: Some(self.start.clone()),
            before_last: None,
            moved: false,
        };
        for (i, event) in self.events.iter().enumerate() {
            match event {
                Event::Move(m) => {
                    let after = walk
                        .now
                        .as_ref()
                        .and_then(|p| play(p, m))
                        .ok_or(TreeFault::Illegal(i))?;
                    walk.before_last = walk.now.replace(after);
                    walk.moved = true;
                }
                Event::StartVariation => {
                    let Some(before) = walk.before_last.clone() else {
                        return Err(TreeFault::NothingBefore(i));
                    };
                    let parent = std::mem::replace(
                        &mut walk,
                        Walk {
                            now: Some(before),
                            before_last: None,
                            moved: false,
                        },
                    );
                    stack.push((out.len(), parent));
                }
                Event::EndVariation => match stack.pop() {
                    Some((start, parent)) => {
                        close(&mut out, start, walk.moved, &mut mended);
                        walk = parent;
                        continue;
                    }
                    None => {
                        mended.stray += 1;
                        continue;
                    }
                },
                _ => {}
            }
            out.push(event.clone());
        }
        while let Some((start, parent)) = stack.pop() {
            mended.unclosed += 1;
            close(&mut out, start, walk.moved, &mut mended);
            walk = parent;
        }
        if mended.any() {
            self.events = out;
        }
        Ok(mended)
    }
}

/// Closes the side line whose StartVariation is at `start` in `out`: with
/// its `)` where it holds a move (`moved`), else as the comments it held.
fn close(out: &mut Vec<Event>, start: usize, moved: bool, mended: &mut Mended) {
    if moved {
        out.push(Event::EndVariation);
    } else {
        mended.empty += 1;
        // Comments stay; a NAG or draw offer with no move of its own to
        // stand after goes with the side line.
        let mut keep = start;
        for j in start + 1..out.len() {
            if matches!(out[j], Event::Comment(_)) {
                out.swap(keep, j);
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

impl Game {
    /// Makes the side line whose `(` is the event at `start`, an
    /// alternative to a move of the main line, the main line from there:
    /// its first move takes that move's place, and the moves it replaced,
    /// with the rest of the old main line, become the alternative to it
    /// (`5... e6 6. Nc3 (5... Bg4 6. Qxg4)` becomes `5... Bg4 (5... e6 6.
    /// Nc3) 6. Qxg4`); the other alternatives to that move stay
    /// alternatives, after it. `false`, with nothing changed, where the
    /// events are not so shaped: the side line open at the main line's
    /// level, after its move, that move's glyphs and comments and other
    /// side lines, beginning with a move.
    pub fn promote_variation(&mut self, start: usize) -> bool {
        let ev = &self.events;
        let Some(shape) = promotable(ev, start) else {
            return false;
        };
        let Promotable {
            replaced,
            siblings,
            first_end,
            end,
        } = shape;
        let mut out = Vec::with_capacity(ev.len());
        out.extend_from_slice(&ev[..replaced]);
        out.extend_from_slice(&ev[start + 1..first_end]);
        out.push(Event::StartVariation);
        out.extend_from_slice(&ev[replaced..siblings]);
        out.extend_from_slice(&ev[end + 1..]);
        out.push(Event::EndVariation);
        out.extend_from_slice(&ev[siblings..start]);
        out.extend_from_slice(&ev[first_end..end]);
        self.events = out;
        true
    }
}

/// Where the parts of a side line to promote are (see
/// [`Game::promote_variation`]).
struct Promotable {
    /// The main line's move it is an alternative to.
    replaced: usize,
    /// Where the other side lines after that move begin (where it begins,
    /// if none does).
    siblings: usize,
    /// The end of its first move's glyphs and comments.
    first_end: usize,
    /// Its `)`.
    end: usize,
}

fn promotable(ev: &[Event], start: usize) -> Option<Promotable> {
    if !matches!(ev.get(start), Some(Event::StartVariation)) {
        return None;
    }
    // The last move before it at its own level, past other side lines.
    let mut depth = 0i64;
    let replaced = ev[..start].iter().rposition(|e| {
        depth -= nesting(e);
        depth == 0 && matches!(e, Event::Move(_))
    })?;
    let siblings = annotations_end(ev, replaced + 1, start);
    // Between them, whole side lines and what stands between them.
    let mut depth = 0i64;
    for e in &ev[siblings..start] {
        depth += nesting(e);
        if depth < 0 || (depth == 0 && matches!(e, Event::Move(_))) {
            return None;
        }
    }
    let level: i64 = ev[..replaced].iter().map(nesting).sum();
    if depth != 0 || level != 0 || !matches!(ev.get(start + 1), Some(Event::Move(_))) {
        return None;
    }
    let mut depth = 0i64;
    let end = start
        + ev[start..].iter().position(|e| {
            depth += nesting(e);
            depth == 0
        })?;
    let first_end = annotations_end(ev, start + 2, end);
    Some(Promotable {
        replaced,
        siblings,
        first_end,
        end,
    })
}

/// How an event changes the depth of side lines: `(` one more, `)` one
/// fewer.
fn nesting(e: &Event) -> i64 {
    match e {
        Event::StartVariation => 1,
        Event::EndVariation => -1,
        _ => 0,
    }
}

/// Where the glyphs and comments from `from` end, before `to` at most.
fn annotations_end(ev: &[Event], from: usize, to: usize) -> usize {
    let annotation = |e: &Event| matches!(e, Event::Nag(_) | Event::Comment(_) | Event::DrawOffer);
    from + ev[from..to]
        .iter()
        .position(|e| !annotation(e))
        .unwrap_or(to - from)
}
