//! The inputs of a run, in order: `-e` texts, then files (folders walked
//! with `-r`, in name order), or standard input where there are neither;
//! and what is left out of a walk, with the reason, to be reported.

use std::path::{Path, PathBuf};

use crate::args::Args;

/// One input of a run.
pub enum Source {
    Stdin,
    /// The n-th `-e` text.
    Text(usize, String),
    /// A file, and its path below the folder it was found in (its name,
    /// for a file given by name): its name in `--out-dir`.
    File {
        path: PathBuf,
        rel: PathBuf,
    },
}

impl Source {
    /// How diagnostics name it.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::Text(n, _) => format!("<text {n}>"),
            Source::File { path, .. } => shown(path),
        }
    }
}

/// A path as messages show it: bytes that are no UTF-8 as `\xff`, so that
/// two names that differ only there are told apart (never U+FFFD).
pub fn shown(path: &Path) -> String {
    let bytes = path.as_os_str().as_encoded_bytes();
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// What a run is given, one entry per input found.
pub enum Entry {
    Input(Source),
    /// Left out: `unreadable` where it could not be read (a folder without
    /// `-r`, a walk that failed), else on purpose (a link not followed, a
    /// pipe or device found in a folder).
    Skip {
        name: String,
        reason: String,
        unreadable: bool,
    },
}

/// The entries of a run, in order.
pub fn entries(args: &Args) -> Vec<Entry> {
    let mut entries: Vec<Entry> = (args.texts.iter().enumerate())
        .map(|(i, t)| Entry::Input(Source::Text(i + 1, t.clone())))
        .collect();
    for path in &args.files {
        if path.as_os_str() == "-" {
            entries.push(Entry::Input(Source::Stdin));
        } else if path.is_dir() {
            if args.recursive {
                walk(path, args.follow, &mut entries);
            } else {
                entries.push(Entry::Skip {
                    name: shown(path),
                    reason: "is a folder; -r reads the files in it".into(),
                    unreadable: true,
                });
            }
        } else {
            // A file given by name is read whatever it is (a link, a pipe
            // such as `<(zcat …)`); one that is missing is reported when
            // it is opened.
            let rel = PathBuf::from(path.file_name().unwrap_or(path.as_os_str()));
            entries.push(Entry::Input(Source::File {
                path: path.clone(),
                rel,
            }));
        }
    }
    if args.texts.is_empty() && args.files.is_empty() {
        entries.push(Entry::Input(Source::Stdin));
    }
    entries
}

/// The files below `root`, hidden ones left out; links followed only with
/// `follow` (`-L`), a loop of them reported.
fn walk(root: &Path, follow: bool, entries: &mut Vec<Entry>) {
    let walk = walkdir::WalkDir::new(root)
        .follow_links(follow)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let name = shown(e.path().unwrap_or(root));
                let reason = match e.io_error() {
                    Some(io) => format!("cannot be read: {io}"),
                    None => format!("cannot be read: {e}"),
                };
                entries.push(Entry::Skip {
                    name,
                    reason,
                    unreadable: true,
                });
                continue;
            }
        };
        let kind = entry.file_type();
        let name = shown(entry.path());
        if kind.is_file() {
            let rel = entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .to_path_buf();
            entries.push(Entry::Input(Source::File {
                path: entry.into_path(),
                rel,
            }));
        } else if kind.is_symlink() {
            entries.push(Entry::Skip {
                name,
                reason: "is a symbolic link, not followed (-L follows links)".into(),
                unreadable: false,
            });
        } else if !kind.is_dir() {
            entries.push(Entry::Skip {
                name,
                reason: "is not a regular file (a pipe, socket or device)".into(),
                unreadable: false,
            });
        }
    }
}
