//! The names a letter set reads, look-alike spellings included, and
//! those of the table's sets kept once worked out.

use std::sync::OnceLock;

use shakmaty::Role;

use super::{LETTER_SETS, LetterSet, ROLES, latin_twin};

impl LetterSet {
    /// Every (name, role) this set reads, White's and Black's names alike,
    /// and for a set with look-alikes the Latin look-alike spellings of its
    /// names (`K` for `К`, `Kp` and `Кp` for `Кр`); longest names first so
    /// that `Кр` is tried before `К`. Build it once per reader, not per
    /// token.
    pub fn readings(&self) -> Vec<(String, Role)> {
        let mut all: Vec<(String, Role)> = Vec::with_capacity(12);
        let cyrillic = self.has_lookalikes();
        for (i, role) in ROLES.iter().enumerate() {
            for name in [self.names[i], self.black_names[i]] {
                if name.is_empty() {
                    continue;
                }
                let spellings = if cyrillic {
                    lookalike_spellings(name)
                } else {
                    vec![name.to_string()]
                };
                for spelling in spellings {
                    if !all.iter().any(|(n, r)| *n == spelling && r == role) {
                        all.push((spelling, *role));
                    }
                }
            }
        }
        all.sort_by_key(|(name, _)| std::cmp::Reverse(name.chars().count()));
        all
    }

    /// [`LetterSet::readings`] of a set of [`LETTER_SETS`], worked out once
    /// per process (each alphabet and table built from the sets asks for
    /// them again); of a set made elsewhere, anew.
    pub fn shared_readings(&self) -> std::borrow::Cow<'static, [(String, Role)]> {
        // The table's own sets are found by their address, at a glance.
        let i = LETTER_SETS.iter().position(|s| std::ptr::eq(s, self));
        match i.or_else(|| LETTER_SETS.iter().position(|s| s == self)) {
            Some(i) => std::borrow::Cow::Borrowed(table_readings(i)),
            None => std::borrow::Cow::Owned(self.readings()),
        }
    }
}

/// Every (name, role) a set reads ([`LetterSet::readings`]).
type Readings = Vec<(String, Role)>;

/// [`LetterSet::readings`] of `LETTER_SETS[i]`, worked out where first
/// asked and kept for the process.
pub fn table_readings(i: usize) -> &'static [(String, Role)] {
    static READINGS: OnceLock<Vec<OnceLock<Readings>>> = OnceLock::new();
    let all = READINGS.get_or_init(|| LETTER_SETS.iter().map(|_| OnceLock::new()).collect());
    all[i].get_or_init(|| LETTER_SETS[i].readings())
}

/// Every spelling of `name` with any of its letters swapped for their Latin
/// look-alikes: `Кр`, `Kр`, `Кp`, `Kp`.
fn lookalike_spellings(name: &str) -> Vec<String> {
    let mut spellings = vec![String::new()];
    for c in name.chars() {
        let mut next = Vec::with_capacity(spellings.len() * 2);
        for s in &spellings {
            next.push(format!("{s}{c}"));
            if let Some(latin) = latin_twin(c) {
                next.push(format!("{s}{latin}"));
            }
        }
        spellings = next;
    }
    spellings
}
