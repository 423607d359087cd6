//! Which notation a game is read in, algebraic or descriptive, where the
//! one its first moves suggest fails: the board weighs the other.

use super::GameReader;
use super::pick::explained;
use crate::game::Game;
use crate::notation::descriptive::Lang;
use crate::vocab::diag::{Diagnostic, Severity};

impl GameReader {
    /// `game` failed, or left moves unread in its prose, in the notation
    /// its first move-like words suggest
    /// (`prior`: descriptive in that language, or algebraic): where the
    /// text holds the other notation's words (prose quoting `1. P-K4`
    /// before an algebraic game, an algebraic aside before a descriptive
    /// one), the game is read in it too, and the reading that explains
    /// more of the text is kept. Said for a game with tags, whose notation
    /// a reader expects to be settled (an error under `--strict`).
    pub(super) fn weigh_other_notation(
        &mut self,
        prior: Option<Lang>,
        text: &str,
        first_line: u32,
        game: &mut Game,
    ) {
        let other = match prior {
            Some(_) => None,
            None => {
                let sample = self.scanned(text);
                let Some(lang) = crate::read::detect::descriptive_anywhere(sample) else {
                    return;
                };
                // Too few of its words to make more moves: not replayed.
                if crate::read::detect::descriptive_moves(sample, lang) <= explained(game) {
                    return;
                }
                Some(lang)
            }
        };
        let mut alt = self.spare.pop().unwrap_or_default();
        self.read_in_notation(other, text, first_line, &mut alt);
        if better(&alt, game) {
            std::mem::swap(game, &mut alt);
            if game.has_tags() {
                self.say_notation(&alt, game, other, first_line);
            }
        }
        self.spare.push(alt);
    }

    /// Says that `game` was read in the notation `read` after `passed`
    /// failed in the other.
    fn say_notation(&self, passed: &Game, game: &mut Game, read: Option<Lang>, first_line: u32) {
        let why = passed
            .diagnostics
            .iter()
            .find(|d| d.severity != Severity::Note)
            .map(|d| format!(" (there, {}:{}: {})", d.line, d.column, d.message))
            .unwrap_or_default();
        let (passed_name, read_name) = match read {
            Some(_) => ("algebraic", "descriptive"),
            None => ("descriptive", "algebraic"),
        };
        let severity = Severity::of_repair(self.strict);
        let message = format!(
            "read in {read_name} notation, which makes more of the text moves than {passed_name} notation{why}"
        );
        game.diagnostics
            .push(Diagnostic::new(severity, first_line, 1, message));
    }
}

/// Whether reading `a` explains more of the text than `b`: more moves
/// (see [`explained`]), or as many and a game from the start found after a
/// fragment of another (see `Replayer::start_after_fragment`) where `b`
/// finds none. A reading that fails is not passed over for one that only
/// fails less: one that reads no move does not fail at all.
fn better(a: &Game, b: &Game) -> bool {
    let key = |g: &Game| (explained(g), g.next_game.is_some());
    key(a) > key(b)
}
