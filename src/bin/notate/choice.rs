//! Typed flag values: each flag read by the library's own reading, its
//! choices listed from the library's own table, so that parsing, `--help`,
//! errors and the completion scripts all name the same values.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, Command};

use notate::internals::decode::Encoding;
use notate::notation::style::{
    CaptureSign, CastlingSign, DoubleCheckSign, EnPassantSuffix, Form, MateSign, PRESETS, Preset,
    PromotionSign, Separator,
};
use notate::output::{Format, Strip};
use notate::vocab::letters::{LETTER_SETS, LetterSet};

/// A flag value with a fixed set of names.
pub trait Choice: Sized + Clone + Send + Sync + 'static {
    /// Every value as users write it, with what it means where the name
    /// alone does not say.
    fn choices() -> Vec<PossibleValue>;

    /// Reads one value, as the library reads it (its aliases, its case, its
    /// message for a value it does not know).
    fn read(text: &str) -> Result<Self, String>;
}

/// A value parser: reads a flag's text with `read`, lists `choices` (for
/// `--help` and the completions), and says a bad value as
/// `--flag: why`.
#[derive(Clone, Copy)]
pub struct Flag<T> {
    read: fn(&str) -> Result<T, String>,
    choices: Option<fn() -> Vec<PossibleValue>>,
}

/// The parser of a choice flag.
pub fn choice<T: Choice>() -> Flag<T> {
    Flag {
        read: T::read,
        choices: Some(T::choices),
    }
}

/// The parser of a flag read by `read`, with no fixed choices.
pub fn reading<T>(read: fn(&str) -> Result<T, String>) -> Flag<T> {
    Flag {
        read,
        choices: None,
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Flag<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let flag = arg
            .and_then(Arg::get_long)
            .map_or_else(|| "a value".to_string(), |long| format!("--{long}"));
        let text = value.to_str().ok_or_else(|| {
            cmd.clone()
                .error(ErrorKind::InvalidUtf8, format!("{flag}: not UTF-8"))
        })?;
        (self.read)(text).map_err(|why| {
            cmd.clone()
                .error(ErrorKind::InvalidValue, format!("{flag}: {why}"))
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.choices.map(|choices| {
            let all: Box<dyn Iterator<Item = PossibleValue>> = Box::new(choices().into_iter());
            all
        })
    }
}

/// The library's small enums of named choices (`Form::ALL` and the signs).
macro_rules! named {
    ($($ty:ty),+ $(,)?) => {$(
        impl Choice for $ty {
            fn choices() -> Vec<PossibleValue> {
                <$ty>::ALL.iter().map(|(_, name)| PossibleValue::new(*name)).collect()
            }

            fn read(text: &str) -> Result<Self, String> {
                text.parse()
            }
        }
    )+};
}

named!(
    Form,
    CaptureSign,
    CastlingSign,
    PromotionSign,
    MateSign,
    DoubleCheckSign,
    EnPassantSuffix,
    Separator,
);

impl Choice for Format {
    fn choices() -> Vec<PossibleValue> {
        let all = Format::ALL.iter();
        all.map(|(_, name, help)| PossibleValue::new(*name).help(*help))
            .collect()
    }

    fn read(text: &str) -> Result<Self, String> {
        text.parse()
    }
}

impl Choice for Encoding {
    fn choices() -> Vec<PossibleValue> {
        let names = Encoding::ALL.iter().map(|e| PossibleValue::new(e.name()));
        names.collect()
    }

    fn read(text: &str) -> Result<Self, String> {
        text.parse()
    }
}

impl Choice for &'static Preset {
    fn choices() -> Vec<PossibleValue> {
        let presets = PRESETS.iter();
        presets
            .map(|p| PossibleValue::new(p.name).help(p.description))
            .collect()
    }

    fn read(name: &str) -> Result<Self, String> {
        Preset::by_name(name).ok_or_else(|| {
            let names: Vec<_> = PRESETS.iter().map(|p| p.name).collect();
            format!("unknown preset `{name}` (one of {})", names.join(", "))
        })
    }
}

/// The letter sets' codes (their languages are left to `--list-languages`:
/// a help for each would make `--help` list them a line each).
fn letter_set_choices() -> impl Iterator<Item = PossibleValue> {
    LETTER_SETS.iter().map(|set| PossibleValue::new(set.code))
}

fn letter_set(code: &str) -> Result<&'static LetterSet, String> {
    LetterSet::by_code(code)
        .ok_or_else(|| format!("unknown letter set `{code}` (see --list-languages)"))
}

impl Choice for &'static LetterSet {
    fn choices() -> Vec<PossibleValue> {
        letter_set_choices().collect()
    }

    fn read(code: &str) -> Result<Self, String> {
        letter_set(code)
    }
}

/// One entry of `--from`'s list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FromSet {
    /// Every set, the game's own detected.
    Auto,
    Set(&'static LetterSet),
}

impl Choice for FromSet {
    fn choices() -> Vec<PossibleValue> {
        // ICCF numeric and descriptive moves are told by their shape and
        // read whatever the set; `iccf` and `descriptive` name them.
        let shapes = ["iccf", "descriptive"].map(PossibleValue::new);
        std::iter::once(PossibleValue::new("auto"))
            .chain(letter_set_choices())
            .chain(shapes)
            .collect()
    }

    fn read(code: &str) -> Result<Self, String> {
        match code.trim() {
            "auto" => Ok(FromSet::Auto),
            // They let other letters read as PGN's.
            "iccf" | "descriptive" => Ok(FromSet::Set(&notate::vocab::letters::ENGLISH)),
            code => letter_set(code).map(FromSet::Set),
        }
    }
}

impl Choice for Strip {
    fn choices() -> Vec<PossibleValue> {
        Strip::part_names().map(PossibleValue::new).collect()
    }

    /// One entry of the list (the library reads a list of any length).
    fn read(text: &str) -> Result<Self, String> {
        text.parse()
    }
}

/// Declares a choice of the command's own, its names in one table.
macro_rules! own_choice {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal: $help:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($variant),+ }

        impl $name {
            const ALL: &'static [($name, &'static str, &'static str)] =
                &[$(($name::$variant, $text, $help)),+];
        }

        impl Choice for $name {
            fn choices() -> Vec<PossibleValue> {
                let all = $name::ALL.iter();
                all.map(|(_, name, help)| PossibleValue::new(*name).help(*help)).collect()
            }

            fn read(text: &str) -> Result<Self, String> {
                $name::ALL.iter().find(|(_, name, _)| *name == text).map(|(v, _, _)| *v).ok_or_else(|| {
                    let names: Vec<&str> = $name::ALL.iter().map(|(_, n, _)| *n).collect();
                    format!("`{text}` is not one of: {}", names.join(", "))
                })
            }
        }
    };
}

own_choice! {
    /// How diagnostics are written.
    ErrorFormat {
        Human = "human": "with the source line and a caret",
        Json = "json": "one JSON object per line",
    }
}

own_choice! {
    /// When diagnostics are coloured.
    ColorWhen {
        Auto = "auto": "on a terminal, unless NO_COLOR is set",
        Always = "always": "always",
        Never = "never": "never",
    }
}

/// A size in bytes: a number, with K, M or G (KiB, MiB, GiB) after it.
pub fn size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let not_a_size = || format!("`{text}` is not a size (e.g. 64M)");
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(not_a_size()),
    };
    let n: usize = digits.parse().map_err(|_| not_a_size())?;
    match n.checked_mul(1 << shift) {
        Some(0) | None => Err(format!("`{text}` is out of range")),
        Some(n) => Ok(n),
    }
}

/// A tag for every game, `NAME=VALUE` (`--tag`).
pub fn tag(text: &str) -> Result<(String, String), String> {
    let Some((name, value)) = text.split_once('=') else {
        return Err(format!(
            "`{text}` is not NAME=VALUE (e.g. Event=Club championship)"
        ));
    };
    let name = name.trim();
    notate::convert::check_tag(name)?;
    if value.chars().any(char::is_control) {
        return Err(format!("the value of {name} holds a control character"));
    }
    Ok((name.to_string(), value.to_string()))
}
