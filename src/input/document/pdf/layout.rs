//! The pieces of text of PDF pages put in reading order: pieces on one
//! baseline make a line, a page in two columns is read column after
//! column, running heads and page numbers are left out, and a word
//! hyphenated across lines is joined again.

use std::collections::HashMap;

use crate::vocab::origin::{Kind, Run, SourceMap};

/// A piece of text drawn at one place: its baseline `y` (up is larger),
/// from `x0` to `x1`, in a font `size` high.
#[derive(Debug, Clone)]
pub(super) struct Span {
    pub x0: f32,
    pub x1: f32,
    pub y: f32,
    pub size: f32,
    pub text: String,
}

/// A line of a page: its baseline, its height and its text.
struct Line {
    y: f32,
    size: f32,
    text: String,
}

/// Whether `line` opens a new paragraph after `prev`: a wider space than
/// between lines (more than 1.6 times the height, on one page), or a
/// change of size (a heading).
fn new_paragraph(prev: &Line, line: &Line, new_page: bool) -> bool {
    let size = prev.size.min(line.size);
    (!new_page && prev.y - line.y > 1.6 * size) || (prev.size - line.size).abs() > 0.1 * size
}

/// A line of the text, and the page and line on it it was read from.
type Placed = (String, Option<(u32, u32)>);

/// The text of every page, in order, and the page and line each line of
/// it was read from (a page's lines counted in reading order, running
/// heads and page numbers too).
pub(super) fn pages_to_text(pages: Vec<Vec<Span>>) -> (String, SourceMap) {
    let pages: Vec<Vec<Line>> = pages.into_iter().map(page_lines).collect();
    let heads = running_heads(&pages);
    let mut lines: Vec<Placed> = Vec::new();
    let mut prev: Option<&Line> = None;
    for (number, page) in (1..).zip(&pages) {
        let last = page.len().saturating_sub(1);
        let mut first = true;
        for (i, line) in page.iter().enumerate() {
            let edge = i == 0 || i == last;
            if edge && (is_page_number(&line.text) || heads.contains(&key(&line.text))) {
                continue;
            }
            // Across a page only a change of size tells a new paragraph.
            if prev.is_some_and(|p| new_paragraph(p, line, first)) {
                lines.push((String::new(), None));
            }
            lines.push((line.text.clone(), Some((number, i as u32 + 1))));
            prev = Some(line);
            first = false;
        }
    }
    join_hyphenated(&lines)
}

/// A page's lines in reading order: columns apart where there is a gutter.
fn page_lines(spans: Vec<Span>) -> Vec<Line> {
    let Some(gutter) = gutter(&spans) else {
        return lines(spans);
    };
    let (mut left, mut right, mut across) = (Vec::new(), Vec::new(), Vec::new());
    for span in spans {
        if span.x1 <= gutter {
            left.push(span);
        } else if span.x0 >= gutter {
            right.push(span);
        } else {
            across.push(span);
        }
    }
    let top = left
        .iter()
        .chain(&right)
        .map(|s| s.y)
        .fold(f32::MIN, f32::max);
    let (above, below): (Vec<Span>, Vec<Span>) = across.into_iter().partition(|s| s.y > top);
    let mut out = lines(above);
    out.extend(lines(left));
    out.extend(lines(right));
    out.extend(lines(below));
    out
}

/// The x of a gap no text crosses, in the middle third of the text's width,
/// with lines of some width on both sides: two columns.
fn gutter(spans: &[Span]) -> Option<f32> {
    let lo = spans.iter().map(|s| s.x0).fold(f32::MAX, f32::min);
    let hi = spans.iter().map(|s| s.x1).fold(f32::MIN, f32::max);
    let width = hi - lo;
    if spans.len() < 8 || width <= 0.0 {
        return None;
    }
    // Page numbers and lone marks may sit in the gutter.
    let mut covered: Vec<(f32, f32)> = spans
        .iter()
        .filter(|s| s.text.trim().chars().count() > 3)
        .map(|s| (s.x0, s.x1))
        .collect();
    if covered.is_empty() {
        return None;
    }
    covered.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut best, mut reach) = (None::<(f32, f32)>, covered[0].1);
    for &(x0, x1) in &covered[1..] {
        let gap = x0 - reach;
        let middle = (reach + x0) / 2.0;
        if gap > 6.0
            && middle > lo + width / 3.0
            && middle < hi - width / 3.0
            && best.is_none_or(|(g, _)| gap > g)
        {
            best = Some((gap, middle));
        }
        reach = reach.max(x1);
    }
    let (_, middle) = best?;
    // Both columns wide: a move table's narrow columns are no page columns.
    let side = |left: bool| {
        spans
            .iter()
            .filter(|s| (s.x1 <= middle) == left)
            .map(|s| s.x1 - s.x0)
            .fold(0.0, f32::max)
    };
    (side(true) > width / 4.0 && side(false) > width / 4.0).then_some(middle)
}

/// Spans on one baseline (within half their height) as lines, top down;
/// pieces of a line apart by more than a fifth of their height get a space.
fn lines(mut spans: Vec<Span>) -> Vec<Line> {
    spans.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x0.total_cmp(&b.x0)));
    let mut groups: Vec<Vec<Span>> = Vec::new();
    for span in spans {
        match groups.last_mut() {
            Some(group) if (group[0].y - span.y).abs() < group[0].size.min(span.size) * 0.5 => {
                group.push(span)
            }
            _ => groups.push(vec![span]),
        }
    }
    groups
        .into_iter()
        .map(|mut group| {
            group.sort_by(|a, b| a.x0.total_cmp(&b.x0));
            let y = group[0].y;
            let size = group.iter().map(|s| s.size).fold(0.0, f32::max);
            let mut text = String::new();
            let mut end = f32::MIN;
            for span in group {
                let apart = span.x0 - end > span.size * 0.2;
                if !text.is_empty() && apart && !text.ends_with(' ') && !span.text.starts_with(' ')
                {
                    text.push(' ');
                }
                text.push_str(&span.text);
                end = span.x1;
            }
            Line {
                y,
                size,
                text: text.trim().to_string(),
            }
        })
        .filter(|line| !line.text.is_empty())
        .collect()
}

/// A line's text with its digits left out: running heads differ in
/// their page numbers only.
fn key(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_ascii_digit())
        .collect::<String>()
        .trim()
        .to_string()
}

/// The first and last lines that recur (digits aside) on three pages or
/// more, or on every page of a shorter document: running heads and feet.
fn running_heads(pages: &[Vec<Line>]) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for page in pages {
        let mut edges: Vec<String> = page
            .first()
            .into_iter()
            .chain(page.last())
            .map(|l| key(&l.text))
            .collect();
        edges.dedup();
        for edge in edges.into_iter().filter(|k| !k.is_empty()) {
            *seen.entry(edge).or_default() += 1;
        }
    }
    let enough = pages.len().clamp(2, 3);
    seen.into_iter()
        .filter(|(_, n)| *n >= enough)
        .map(|(k, _)| k)
        .collect()
}

/// A page number: digits alone, or with dashes around (`- 12 -`).
fn is_page_number(text: &str) -> bool {
    let core = text.trim_matches(|c: char| c == '-' || c == '–' || c.is_whitespace());
    !core.is_empty() && core.len() <= 4 && core.chars().all(|c| c.is_ascii_digit())
}

/// The lines joined, a word hyphenated at a line's end (letters, a
/// hyphen, and a lower-case letter opening the next line) joined again;
/// a hyphen after anything else (`e2-`, `O-O-`) is kept and the line
/// joined on to the next without a space.
fn join_hyphenated(lines: &[Placed]) -> (String, SourceMap) {
    let mut out = String::new();
    let mut map = SourceMap::new(Kind::Pdf);
    // The line and column of the text `out` ends at.
    let (mut text_line, mut text_column) = (1, 1);
    for (i, (line, from)) in lines.iter().enumerate() {
        if let Some((page, line)) = *from {
            map.push(Run {
                text_line,
                text_column,
                part: page,
                line,
                column: 1,
                verbatim: true,
            });
        }
        out.push_str(line);
        text_column += line.chars().count() as u32;
        let next = lines.get(i + 1).map_or("", |(l, _)| l.as_str());
        let mut joined = false;
        if let Some(stem) = line.strip_suffix('-') {
            let word: String = stem
                .chars()
                .rev()
                .take_while(|c| c.is_alphabetic())
                .collect();
            let starts_lower = next.chars().next().is_some_and(char::is_lowercase);
            let whole_word = stem
                .chars()
                .rev()
                .nth(word.chars().count())
                .is_none_or(|c| !c.is_alphanumeric() && c != '-');
            if word.chars().count() >= 2 && whole_word && starts_lower {
                out.pop();
                text_column -= 1;
                joined = true;
            } else if !next.is_empty()
                && (stem.ends_with(|c: char| c.is_ascii_digit())
                    || stem.ends_with('O')
                    || stem.ends_with('0'))
            {
                joined = true;
            }
        }
        if !joined {
            out.push('\n');
            (text_line, text_column) = (text_line + 1, 1);
        }
    }
    let trimmed = out.trim_end_matches('\n').len();
    out.truncate(trimmed);
    out.push('\n');
    (out, map)
}
