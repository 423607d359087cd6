//! The font-family a page's stylesheets give its elements, as far as the
//! reading needs it: which elements are set in a chess font
//! ([`super::fonts`]), so that their letters are read as pieces. The
//! stylesheets are the page's `<style>` elements, an e-book's CSS files
//! and `style` attributes; `@font-face` names a font by an alias, known by
//! its family or by its file's name.
//!
//! A rule's selector is matched by its last compound (`span.fig` of
//! `.notes > span.fig`), element, classes and id; selectors with pseudo-
//! classes or attributes are passed over, and so are compounds of more
//! than [`MOST_CLASSES`] classes. Of the rules that match, the last one
//! wins, a `style` attribute over them all; an element without a
//! font-family of its own has its parent's.
//!
//! Each compound is kept once, with the last rule that gives it a
//! font-family, and filed under one of its names (its id, else its class
//! with the fewest compounds filed under it, else its element), so that an
//! element is matched against the compounds filed under its own names, not
//! against every rule: at most [`MOST_WEIGHED`] of them besides the ones
//! of its element alone and of every element (past that many, a page that
//! gives one class that many compounds, the rest are passed over), so that
//! the time an element takes is bounded however many rules the page has.
//! `@media` and `@supports` blocks are read [`DEEPEST`] deep.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::elements::{Attrs, OPTIONAL_END};
use super::fonts::{Glyphs, chess_font, normalize};

/// The most classes of a compound followed.
const MOST_CLASSES: usize = 16;

/// The most compounds filed under an element's id and classes that it is
/// matched against.
const MOST_WEIGHED: usize = 64;

/// How deep `@media` and `@supports` blocks are read in one another.
const DEEPEST: usize = 8;

/// An element's classes up to which they are looked through one by one.
const FEW: usize = 16;

/// A selector's last compound: `span.fig#a` as `span`, `[fig]`, `a`; its
/// classes sorted, each once.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Compound {
    element: Option<String>,
    classes: Vec<String>,
    id: Option<String>,
}

/// A compound that rules give a font-family: the last of them (its place
/// among the rules) and the letters of its font where it is a chess font.
struct Given {
    compound: Compound,
    rule: usize,
    font: Option<&'static Glyphs>,
}

/// The rules of a page's stylesheets that set a font-family.
#[derive(Default)]
pub(super) struct Styles {
    /// Each compound once ([`Given`]), and where it is among them.
    given: Vec<Given>,
    known: HashMap<Compound, usize>,
    /// The compounds by the name each is filed under.
    by_id: HashMap<String, Vec<usize>>,
    by_class: HashMap<String, Vec<usize>>,
    by_element: HashMap<String, Vec<usize>>,
    /// The compound of every element (`*`), once there is one.
    anywhere: Option<usize>,
    /// The rules read.
    rules: usize,
    /// `@font-face` aliases of chess fonts, normalized: the first of each.
    faces: HashMap<String, &'static Glyphs>,
    /// Whether any rule sets a chess font.
    chess: bool,
    /// An e-book's stylesheets, that the page's own come after.
    book: Option<Rc<Styles>>,
}

impl Styles {
    /// The rules of an e-book's stylesheets `book` (read once for all its
    /// chapters), for a page to add its own to.
    pub fn over(book: Rc<Styles>) -> Styles {
        Styles {
            book: Some(book),
            ..Styles::default()
        }
    }

    /// Adds the rules of the stylesheet `css`.
    pub fn add(&mut self, css: &str) {
        let css = without_comments(css);
        self.add_rules(&css, 0);
    }

    /// Whether any rule sets a chess font.
    fn chess(&self) -> bool {
        self.chess || self.book.as_ref().is_some_and(|b| b.chess())
    }

    fn add_rules(&mut self, css: &str, depth: usize) {
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
                if depth < DEEPEST {
                    self.add_rules(body, depth + 1);
                }
            } else if !at.starts_with('@')
                && let Some(family) = declared(body, "font-family")
            {
                let font = self.font(&family);
                self.chess |= font.is_some();
                self.rules += 1;
                for compound in prelude.split(',').filter_map(compound) {
                    self.give(compound, font);
                }
            }
        }
    }

    /// Gives the compound `compound` the font `font`, by the last rule.
    fn give(&mut self, compound: Compound, font: Option<&'static Glyphs>) {
        let rule = self.rules;
        if let Some(&at) = self.known.get(&compound) {
            self.given[at].rule = rule;
            self.given[at].font = font;
            return;
        }
        let at = self.given.len();
        let fewest = compound
            .classes
            .iter()
            .min_by_key(|c| self.by_class.get(*c).map_or(0, Vec::len));
        match (&compound.id, fewest, &compound.element) {
            (Some(id), _, _) => self.by_id.entry(id.clone()).or_default().push(at),
            (None, Some(class), _) => self.by_class.entry(class.clone()).or_default().push(at),
            (None, None, Some(name)) => self.by_element.entry(name.clone()).or_default().push(at),
            (None, None, None) => self.anywhere = Some(at),
        }
        self.known.insert(compound.clone(), at);
        self.given.push(Given {
            compound,
            rule,
            font,
        });
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
            self.faces.entry(alias).or_insert(glyphs);
        }
    }

    /// The letters of the chess font an `@font-face` alias `alias`
    /// (normalized) names, the book's first.
    fn face(&self, alias: &str) -> Option<&'static Glyphs> {
        let book = self.book.as_ref().and_then(|b| b.face(alias));
        book.or_else(|| self.faces.get(alias).copied())
    }

    /// The letters of the first family of a font-family value, where it
    /// is a chess font (by its name or an `@font-face` alias).
    fn font(&self, value: &str) -> Option<&'static Glyphs> {
        let first = normalize(value.split(',').next().unwrap_or_default());
        chess_font(&first).or_else(|| self.face(&first))
    }

    /// The font-family the element `name` of attributes `attrs` is given:
    /// `Some(letters)`, with `None` for a font that is no chess font; `None`
    /// where it has none of its own.
    fn family_of(&self, name: &str, attrs: &Attrs<'_>) -> Option<Option<&'static Glyphs>> {
        if let Some(family) = attrs.style.and_then(|s| declared(s, "font-family")) {
            return Some(self.font(&family));
        }
        let mut classes: Vec<&str> = attrs.class.unwrap_or_default().split_whitespace().collect();
        // Each class once: sorted where there are few, else by a set.
        let set: HashSet<&str> = match classes.len() > FEW {
            true => classes.iter().copied().collect(),
            false => HashSet::new(),
        };
        if set.is_empty() {
            classes.sort_unstable();
            classes.dedup();
        } else {
            classes = set.iter().copied().collect();
        }
        let element = Element {
            name,
            id: attrs.id,
            classes: &classes,
            set: (!set.is_empty()).then_some(&set),
        };
        // The page's own rules come after the book's.
        self.matched(&element)
            .or_else(|| self.book.as_ref()?.matched(&element))
            .map(|given| given.font)
    }

    /// The last rule's compound that matches `element`, of the ones
    /// filed under its names.
    fn matched(&self, element: &Element<'_>) -> Option<&Given> {
        let mut best: Option<&Given> = None;
        let mut weigh = |at: usize| {
            let given = &self.given[at];
            if best.is_none_or(|b| given.rule > b.rule) && element.matches(&given.compound) {
                best = Some(given);
            }
        };
        let filed = element
            .id
            .and_then(|id| self.by_id.get(id))
            .into_iter()
            .chain(element.classes.iter().filter_map(|c| self.by_class.get(*c)));
        for at in filed.flat_map(|list| list.iter().rev()).take(MOST_WEIGHED) {
            weigh(*at);
        }
        let own = self.by_element.get(element.name).into_iter().flatten();
        for at in own.chain(&self.anywhere) {
            weigh(*at);
        }
        best
    }
}

/// What a compound is matched against of an element: its name, id and
/// classes (each once, and as a set where there are many).
struct Element<'e> {
    name: &'e str,
    id: Option<&'e str>,
    classes: &'e [&'e str],
    set: Option<&'e HashSet<&'e str>>,
}

impl Element<'_> {
    fn matches(&self, c: &Compound) -> bool {
        let has = |class: &String| match self.set {
            Some(set) => set.contains(class.as_str()),
            None => self.classes.contains(&class.as_str()),
        };
        c.element.as_deref().is_none_or(|e| e == self.name)
            && c.id.as_deref().is_none_or(|id| Some(id) == self.id)
            && c.classes.iter().all(has)
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
    compound.classes.sort_unstable();
    compound.classes.dedup();
    (compound.classes.len() <= MOST_CLASSES).then_some(compound)
}

/// The elements open that have a font-family of their own, inmost last,
/// while the page has chess fonts: which letters the text being read is
/// set in. How many of each element are open is kept, so that an end tag
/// of one that is not open (or of one left open under many) costs no
/// search of them all: an end tag ends the elements it pops.
#[derive(Default)]
pub(super) struct FontStack {
    open: Vec<(String, Option<&'static Glyphs>)>,
    count: HashMap<String, usize>,
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
        if self.open.is_empty() && attrs.style.is_none() && !styles.chess() {
            return;
        }
        if flags & OPTIONAL_END != 0 && self.open.last().is_some_and(|(n, _)| n == name) {
            self.pop();
        }
        if let Some(font) = styles.family_of(name, attrs)
            && (font.is_some() || !self.open.is_empty())
        {
            *self.count.entry(name.to_string()).or_default() += 1;
            self.open.push((name.to_string(), font));
        }
    }

    /// Follows the end tag of the element `name`: it ends, and any element
    /// left open inside it.
    #[inline]
    pub fn end(&mut self, name: &str) {
        if self.open.is_empty() || self.count.get(name).is_none_or(|n| *n == 0) {
            return;
        }
        while let Some(ended) = self.pop()
            && ended != name
        {}
    }

    /// Ends the inmost element open: its name.
    fn pop(&mut self) -> Option<String> {
        let (name, _) = self.open.pop()?;
        if let Some(n) = self.count.get_mut(&name) {
            *n = n.saturating_sub(1);
        }
        Some(name)
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
    fn the_last_rule_that_matches_wins_wherever_it_is_filed() {
        let mut book = Styles::default();
        book.add(
            "@font-face { font-family: Fig; src: url(ChessMerida.ttf) }\n\
             .a { font-family: ChessSansUsual } span { font-family: Georgia }",
        );
        let mut styles = Styles::over(Rc::new(book));
        styles.add(
            ".b.a { font-family: Fig } .c, .a.b { font-family: serif } * { font-family: Arial }\n\
             .d { font-family: Fig } #x.a { font-family: Fig }",
        );
        let font = |name, class, id| {
            let attrs = Attrs {
                id,
                ..attrs(class, None)
            };
            styles.family_of(name, &attrs).map(|f| f.map(<[_]>::len))
        };
        // `.a.b` again by a later rule: that rule's font, whichever class
        // it is filed under.
        assert_eq!(font("p", "b a", None), Some(None));
        // The page's `*` after the book's `.a` and `span`.
        assert_eq!(font("span", "a", None), Some(None));
        // An alias of the book's stylesheet, in the page's own rules.
        assert_eq!(font("p", "d", None), Some(Some(24)));
        assert_eq!(font("p", "a a a", Some("x")), Some(Some(24)));
        let mut bare = Styles::default();
        bare.add("@media a { @media b { .a { font-family: ChessSansUsual } } }");
        bare.add(&format!(
            "{}.b {{ font-family: ChessSansUsual }}",
            "@media a { ".repeat(9)
        ));
        assert!(bare.family_of("p", &attrs("a", None)).is_some());
        assert_eq!(bare.family_of("p", &attrs("b", None)), None);
    }

    #[test]
    fn an_end_tag_of_an_element_not_open_ends_none() {
        let mut styles = Styles::default();
        styles.add(".m { font-family: ChessSansUsual } .c { font-family: serif }");
        let mut stack = FontStack::default();
        stack.start(&styles, "div", 0, &attrs("m", None));
        stack.start(&styles, "span", 0, &attrs("c", None));
        stack.start(&styles, "span", 0, &attrs("m", None));
        stack.end("b");
        assert!(stack.glyphs().is_some());
        stack.end("span");
        assert!(stack.glyphs().is_none());
        stack.end("span");
        assert!(stack.glyphs().is_some());
        stack.end("span");
        stack.end("div");
        assert!(stack.glyphs().is_none() && stack.open.is_empty());
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
