//! The font-family a page's stylesheets give its elements, as far as the
//! reading needs it: which elements are set in a chess font
//! ([`super::fonts`]), so that their letters are read as pieces. The
//! stylesheets are the page's `<style>` elements, an e-book's CSS files
//! and `style` attributes; `@font-face` names a font by an alias, known by
//! its family or by its file's name.
//!
//! A rule's selector is matched by its last compound (`span.fig` of
//! `.notes > span.fig`), element, classes and id; selectors with pseudo-
//! classes or attributes are passed over. Of the rules that match, the
//! last one wins, a `style` attribute over them all; an element without a
//! font-family of its own has its parent's.

use super::elements::{Attrs, OPTIONAL_END};
use super::fonts::{Glyphs, chess_font, normalize};

/// A selector's last compound: `span.fig#a` as `span`, `[fig]`, `a`.
struct Compound {
    element: Option<String>,
    classes: Vec<String>,
    id: Option<String>,
}

/// A rule that sets a font-family: its selectors, and the letters of the
/// font where it is a chess font.
struct Rule {
    selectors: Vec<Compound>,
    font: Option<&'static Glyphs>,
}

/// The rules of a page's stylesheets that set a font-family.
#[derive(Default)]
pub(super) struct Styles {
    rules: Vec<Rule>,
    /// `@font-face` aliases of chess fonts, normalized.
    faces: Vec<(String, &'static Glyphs)>,
    /// Whether any rule sets a chess font.
    chess: bool,
}

impl Styles {
    /// Adds the rules of the stylesheet `css`.
    pub fn add(&mut self, css: &str) {
        let css = without_comments(css);
        self.add_rules(&css);
    }

    fn add_rules(&mut self, css: &str) {
        let mut rest = css;
        while let Some(open) = rest.find('{') {
            let prelude = &rest[..open];
            // Statements without a block (`@import …;`) before it.
            let prelude = prelude.rsplit(';').next().unwrap_or_default().trim();
            let Some(close) = block_end(&rest[open + 1..]) else {
                return;
            };
            let body = &rest[open + 1..open + 1 + close];
            rest = &rest[open + 2 + close..];
            let at = prelude.to_ascii_lowercase();
            if at.starts_with("@font-face") {
                self.add_face(body);
            } else if at.starts_with("@media") || at.starts_with("@supports") {
                self.add_rules(body);
            } else if !at.starts_with('@')
                && let Some(family) = declared(body, "font-family")
            {
                let font = self.font(&family);
                self.chess |= font.is_some();
                let selectors = prelude.split(',').filter_map(compound).collect();
                self.rules.push(Rule { selectors, font });
            }
        }
    }

    /// An `@font-face` rule: its alias kept where its family or its file
    /// is a chess font.
    fn add_face(&mut self, body: &str) {
        let Some(family) = declared(body, "font-family") else {
            return;
        };
        let alias = normalize(&family);
        let by_file = || {
            let src = declared(body, "src")?;
            let url = src.split("url(").nth(1)?.split(')').next()?;
            let file = url.trim_matches(['"', '\'', ' ']).rsplit('/').next()?;
            chess_font(&normalize(file.split('.').next()?))
        };
        if let Some(glyphs) = chess_font(&alias).or_else(by_file) {
            self.faces.push((alias, glyphs));
        }
    }

    /// The letters of the first family of a font-family value, where it
    /// is a chess font (by its name or an `@font-face` alias).
    fn font(&self, value: &str) -> Option<&'static Glyphs> {
        let first = normalize(value.split(',').next().unwrap_or_default());
        chess_font(&first).or_else(|| {
            self.faces
                .iter()
                .find(|(alias, _)| *alias == first)
                .map(|(_, g)| *g)
        })
    }

    /// The font-family the element `name` of attributes `attrs` is given:
    /// `Some(letters)`, with `None` for a font that is no chess font; `None`
    /// where it has none of its own.
    fn family_of(&self, name: &str, attrs: &Attrs<'_>) -> Option<Option<&'static Glyphs>> {
        if let Some(family) = attrs.style.and_then(|s| declared(s, "font-family")) {
            return Some(self.font(&family));
        }
        let classes: Vec<&str> = attrs.class.unwrap_or_default().split_whitespace().collect();
        let matches = |c: &Compound| {
            c.element.as_deref().is_none_or(|e| e == name)
                && c.id.as_deref().is_none_or(|id| Some(id) == attrs.id)
                && c.classes.iter().all(|k| classes.contains(&k.as_str()))
        };
        self.rules
            .iter()
            .rev()
            .find(|rule| rule.selectors.iter().any(matches))
            .map(|rule| rule.font)
    }
}

/// The text of a stylesheet without its comments.
fn without_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        match rest[start + 2..].find("*/") {
            Some(end) => rest = &rest[start + 2 + end + 2..],
            None => rest = "",
        }
        out.push(' ');
    }
    out.push_str(rest);
    out
}

/// Where the block that `text` is the inside of ends (its `}`).
fn block_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i),
            b'}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The value of the last declaration of `property` in `block`.
fn declared(block: &str, property: &str) -> Option<String> {
    block.split(';').rev().find_map(|declaration| {
        let (name, value) = declaration.split_once(':')?;
        name.trim().eq_ignore_ascii_case(property).then(|| {
            let value = value.trim();
            let value = value.strip_suffix("!important").unwrap_or(value);
            value.trim().to_string()
        })
    })
}

/// The last compound of a selector, where it is one the reading follows.
fn compound(selector: &str) -> Option<Compound> {
    let last = selector
        .split(|c: char| c.is_whitespace() || matches!(c, '>' | '+' | '~'))
        .rfind(|s| !s.is_empty())?;
    if last.contains([':', '[']) {
        return None;
    }
    let mut compound = Compound {
        element: None,
        classes: Vec::new(),
        id: None,
    };
    let starts: Vec<usize> = last.match_indices(['.', '#']).map(|(i, _)| i).collect();
    let element = &last[..starts.first().copied().unwrap_or(last.len())];
    if !element.is_empty() && element != "*" {
        compound.element = Some(element.to_ascii_lowercase());
    }
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(last.len());
        let part = last[start + 1..end].to_string();
        match &last[start..=start] {
            "." => compound.classes.push(part),
            _ => compound.id = Some(part),
        }
    }
    Some(compound)
}

/// The elements open that have a font-family of their own, inmost last,
/// while the page has chess fonts: which letters the text being read is
/// set in.
#[derive(Default)]
pub(super) struct FontStack {
    open: Vec<(String, Option<&'static Glyphs>)>,
}

impl FontStack {
    /// The chess font the text is set in now, if any.
    pub fn glyphs(&self) -> Option<&'static Glyphs> {
        self.open.last().and_then(|(_, g)| *g)
    }

    /// Follows the start tag of the element `name` (of kinds `flags`), one
    /// with content.
    #[inline]
    pub fn start(&mut self, styles: &Styles, name: &str, flags: u8, attrs: &Attrs<'_>) {
        // Nearly every page: no chess font, nothing open, no style.
        if !styles.chess && self.open.is_empty() && attrs.style.is_none() {
            return;
        }
        if flags & OPTIONAL_END != 0 && self.open.last().is_some_and(|(n, _)| n == name) {
            self.open.pop();
        }
        if let Some(font) = styles.family_of(name, attrs)
            && (font.is_some() || !self.open.is_empty())
        {
            self.open.push((name.to_string(), font));
        }
    }

    /// Follows the end tag of the element `name`: it ends, and any element
    /// left open inside it.
    #[inline]
    pub fn end(&mut self, name: &str) {
        if !self.open.is_empty()
            && let Some(at) = self.open.iter().rposition(|(n, _)| n == name)
        {
            self.open.truncate(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs<'a>(class: &'a str, style: Option<&'a str>) -> Attrs<'a> {
        Attrs {
            class: Some(class),
            style,
            ..Attrs::default()
        }
    }

    #[test]
    fn rules_and_faces_give_an_element_its_chess_font() {
        let mut styles = Styles::default();
        styles.add(
            "@charset \"utf-8\"; /* .x { font-family: ChessSansUsual } */\n\
             @font-face { font-family: \"Fig\"; src: url(../Fonts/DiagramTTFritz.ttf) format(\"truetype\"); }\n\
             @media screen { p.notes .fig { font-family: 'Fig', serif !important; } }\n\
             .fig.plain, a:hover { font-family: Georgia }\n\
             #m1 { font-family: \"FigurineCB TimeSP\" }",
        );
        let font = |name, class, style| styles.family_of(name, &attrs(class, style));
        let fritz = font("span", "fig", None).flatten().expect("a chess font");
        assert!(fritz.contains(&('L', "♗")));
        assert_eq!(font("span", "fig plain", None), Some(None));
        assert_eq!(font("span", "x", None), None);
        assert!(font("b", "x", Some("font-family: ChessSansMerida")).is_some_and(|f| f.is_some()));
        let id = Attrs {
            id: Some("m1"),
            ..Attrs::default()
        };
        assert!(styles.family_of("p", &id).is_some_and(|f| f.is_some()));
    }

    #[test]
    fn an_element_keeps_its_font_until_it_ends() {
        let mut styles = Styles::default();
        styles.add(".m { font-family: 'pgn4web ChessSansUsual' } .c { font-family: serif }");
        let mut stack = FontStack::default();
        stack.start(&styles, "div", 0, &attrs("m", None));
        assert!(stack.glyphs().is_some());
        stack.start(&styles, "span", 0, &attrs("c", None));
        assert!(stack.glyphs().is_none());
        stack.start(&styles, "b", 0, &attrs("", None));
        stack.end("span");
        assert!(stack.glyphs().is_some());
        stack.end("div");
        assert!(stack.glyphs().is_none());
    }
}
