//! How a game ended, as its record says: [`GameResult`], read from and
//! written as PGN's results.

/// How a game ended, as the record says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unknown,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result (also `½-½`, and `1:0` `0:1` `½:½` as Russian
    /// and German books print them), and the typings of pages: any dash
    /// ([`crate::vocab::signs::is_dash`]) or a colon between the scores,
    /// a score of a half as `½`, `1/2` or `0.5` (`0.5-0.5`, `1/2:1/2`),
    /// and one full stop after it (`1–0.` ending a sentence).
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return Self::parse_typed(text),
        })
    }

    /// The results as pages type them (see [`GameResult::parse`]).
    fn parse_typed(text: &str) -> Option<GameResult> {
        // Two scores and a sign, a full stop after them: a long word is
        // none, told at once.
        if text.len() > 16 {
            return None;
        }
        let text = text.strip_suffix('.').unwrap_or(text);
        let (at, sep) = text
            .char_indices()
            .find(|&(_, c)| c == ':' || crate::vocab::signs::is_dash(c))?;
        let score = |s: &str| SCORES.iter().find(|(w, _)| *w == s).map(|(_, v)| *v);
        match (score(&text[..at])?, score(&text[at + sep.len_utf8()..])?) {
            (2, 0) => Some(GameResult::WhiteWins),
            (0, 2) => Some(GameResult::BlackWins),
            (1, 1) => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// A player's score as results write it, in half points.
const SCORES: &[(&str, u8)] = &[
    ("1", 2),
    ("0", 0),
    ("½", 1),
    ("1/2", 1),
    // `½` folded to compatibility characters (NFKC), or typed so: U+2044.
    ("1\u{2044}2", 1),
    ("0.5", 1),
    ("0,5", 1),
];
