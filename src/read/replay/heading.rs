//! A page game's heading: the lines just above its first move that name
//! its players, place and date ([`crate::vocab::heading`]) become its tags,
//! each line said in a warning and taken out of the commentary before the
//! moves, which holds nothing else of it.

use super::Replayer;
use crate::game::{Event, Game, GameResult};
use crate::vocab::diag::Severity;
use crate::vocab::heading::{Tags, heading_tags, players_only};

/// How many lines above the first move are looked at for a heading.
const HEADING_LINES: usize = 6;

impl Replayer<'_> {
    /// Reads the heading of a game with no tags from the lines before its
    /// first move, where they hold one.
    pub(super) fn read_heading(&self, game: &mut Game) {
        if game.has_tags() || self.settings.descriptive.is_some() {
            return;
        }
        let Some(first) = game.first_move_at else {
            return;
        };
        let before = &self.text[..(first as usize).min(self.text.len())];
        let mut lines: Vec<(usize, &str)> = Vec::new();
        // The first move's own line, up to its number (`Anderssen –
        // Kieseritzky, London 1851 1.e4`).
        let end = before.rfind('\n');
        let start = end.map_or(0, |i| i + 1);
        let line = before[start..].trim_end();
        let own =
            line.trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '…' | ')'));
        let number = &line[own.len()..];
        if number.starts_with(|c: char| c.is_ascii_digit()) && number.len() > 1 {
            let at = start + (own.len() - own.trim_start().len());
            lines.push((at, own.trim()));
        }
        let Some(end) = end else {
            return self.take_heading(game, &lines);
        };
        let mut rest = &before[..end];
        for _ in 0..HEADING_LINES {
            let start = rest.rfind('\n').map_or(0, |i| i + 1);
            let line = &rest[start..];
            let at = start + (line.len() - line.trim_start().len());
            lines.push((at, line.trim()));
            if start == 0 {
                break;
            }
            rest = &rest[..start - 1];
        }
        lines.reverse();
        self.take_heading(game, &lines);
    }

    /// Takes the heading that `lines` (each with where it begins, in the
    /// order of the text) hold as the game's tags.
    fn take_heading(&self, game: &mut Game, lines: &[(usize, &str)]) {
        let mut found: Vec<(usize, &str, Tags)> = lines
            .iter()
            .filter_map(|&(at, line)| Some((at, line, heading_tags(line)?)))
            .collect();
        // Beside a heading, the players' names alone are its first line.
        if !found.is_empty()
            && let Some((at, line, tags)) = lines
                .iter()
                .filter(|&&(at, _)| found.iter().all(|f| f.0 != at))
                .find_map(|&(at, line)| Some((at, line, players_only(line)?)))
        {
            found.insert(0, (at, line, tags));
        }
        for (at, line, tags) in &found {
            let mut said = Vec::new();
            for (name, value) in tags {
                // The result is the reader's, from the text and the board:
                // a heading's that agrees with it is said, not set.
                let agrees = || game.result.is_some() && GameResult::parse(value) == game.result;
                if *name == "Result" {
                    if agrees() {
                        said.push(format!("{name} \"{value}\""));
                    }
                } else if game.tag(name).is_none() {
                    game.set_tag(name, value);
                    said.push(format!("{name} \"{value}\""));
                }
            }
            if said.is_empty() {
                continue;
            }
            let severity = match self.settings.strict {
                true => Severity::Error,
                false => Severity::Warning,
            };
            let message = format!("`{line}` read as the game's heading: {}", said.join(", "));
            self.report(game, severity, *at, message);
            self.take_from_comments(game, line);
        }
    }

    /// Takes `line` out of the first comment before the first move that
    /// holds it.
    fn take_from_comments(&self, game: &mut Game, line: &str) {
        for i in 0..game.events.len() {
            let range = match &game.events[i] {
                Event::Comment(range) => range.clone(),
                Event::Move(_) => return,
                _ => continue,
            };
            let text = game.slice(&range);
            // The line whole, or its label where the reader took its value
            // as a token of its own (`Result: 0-1`: the result).
            let label = line.find(':').map(|c| &line[..=c]);
            let found = text
                .find(line)
                .map(|at| (at, line.len()))
                .or_else(|| label.and_then(|l| text.find(l).map(|at| (at, l.len()))));
            if let Some((at, len)) = found {
                let left = format!("{}\n{}", &text[..at], &text[at + len..]);
                game.set_comment(i, left.trim());
                return;
            }
        }
    }
}
