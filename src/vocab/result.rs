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
    /// and German books print them).
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" | "1:0" => GameResult::WhiteWins,
            "0-1" | "0:1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "½:½" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}
