//! Diagnostics: what went wrong or looked wrong, and where.
//!
//! A [`Diagnostic`] names a line and column of the input, so it prints as
//! `FILE:LINE:COLUMN: error: message`, the form editors and CI logs know.

use std::fmt;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Information asked for (`-v`): nothing is wrong.
    Note,
    /// The input was read, but something in it was wrong and was repaired or
    /// ignored (the output is still right).
    Warning,
    /// The game could not be converted.
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One problem at one place in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// 1-based line in the input.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
    pub message: String,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Writes the diagnostic as `FILE:LINE:COLUMN: severity: message`.
    pub fn display_in<'a>(&'a self, file: &'a str) -> impl fmt::Display + 'a {
        struct In<'a>(&'a Diagnostic, &'a str);
        impl fmt::Display for In<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}:{}", self.1, self.0)
            }
        }
        In(self, file)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line,
            self.column,
            self.severity.as_str(),
            self.message
        )
    }
}
