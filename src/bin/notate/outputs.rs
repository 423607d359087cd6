//! Where a run writes, settled before anything is read: the shared output
//! (standard output or `-o`), the rejects file, and with `--out-dir` one
//! target per input. An output that is an input (by device and inode,
//! however it is named), or the same as another output, is refused here.

use std::collections::{HashMap, HashSet};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Result, anyhow};

use notate::output::Format;
use notate::output::files::{FileId, OutputFile, path_key, resolve_links};

use crate::args::Args;
use crate::inputs::{Entry, Source, shown};

/// A writer that remembers whether a write to it failed, so that an
/// error of the output is told from one of the input.
pub struct Watched<W> {
    pub inner: W,
    pub failed: bool,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).inspect_err(|_| self.failed = true)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner
            .write_all(buf)
            .inspect_err(|_| self.failed = true)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().inspect_err(|_| self.failed = true)
    }
}

/// Standard output, a file written whole, or what is no regular file (a
/// device such as `/dev/null`, a pipe), written to as it is.
pub enum Sink {
    Stdout(BufWriter<io::Stdout>),
    File(OutputFile),
    Device(BufWriter<std::fs::File>, PathBuf),
}

/// Whether `path` names something that is not a regular file (a device, a
/// pipe): written to as it is, never replaced.
fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

impl Sink {
    fn open(path: &Path) -> Result<Sink> {
        if path.as_os_str() == "-" {
            return Ok(Sink::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            )));
        }
        if is_special(path) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| anyhow!("cannot open {}: {e}", shown(path)))?;
            return Ok(Sink::Device(
                BufWriter::with_capacity(1 << 16, file),
                path.to_path_buf(),
            ));
        }
        let file = OutputFile::create(path)
            .map_err(|e| anyhow!("cannot create a temporary file for {}: {e}", shown(path)))?;
        Ok(Sink::File(file))
    }

    /// How messages name it.
    pub fn name(&self) -> String {
        match self {
            Sink::Stdout(_) => "standard output".into(),
            Sink::File(f) => shown(f.target()),
            Sink::Device(_, path) => shown(path),
        }
    }

    /// Flushes it, and for a file renames it into place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Sink::Stdout(mut out) => out.flush(),
            Sink::Device(mut out, _) => out.flush(),
            Sink::File(file) => file.commit(true),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(out) => out.write(buf),
            Sink::Device(out, _) => out.write(buf),
            Sink::File(file) => file.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.write_all(buf),
            Sink::Device(out, _) => out.write_all(buf),
            Sink::File(file) => file.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.flush(),
            Sink::Device(out, _) => out.flush(),
            Sink::File(file) => file.flush(),
        }
    }
}

/// The rejects file, shared with the converter (which owns its writer)
/// so that the run can still rename it into place, or drop it, at the end.
#[derive(Clone)]
pub struct Rejects(pub Arc<Mutex<Option<Watched<Sink>>>>);

impl Write for Rejects {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(sink) => sink.write(buf),
            None => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.0.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(sink) => sink.flush(),
            None => Ok(()),
        }
    }
}

impl Rejects {
    /// Whether a write to it failed.
    pub fn failed(&self) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .is_some_and(|s| s.failed)
    }

    /// Takes the file out, to finish or drop it.
    pub fn take(&self) -> Option<Watched<Sink>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// What `--out-dir` does with one input.
pub enum Target {
    /// Not a file for `--out-dir` (no `--out-dir`).
    None,
    Write(PathBuf),
    /// Left alone: it exists, and `--force` is not given.
    Exists(PathBuf),
}

/// The outputs of a run.
pub struct Plan {
    /// Standard output or `-o`; none with `--out-dir` or `--check`.
    pub shared: Option<Watched<Sink>>,
    pub rejects: Option<Rejects>,
    /// One per entry (`Target::None` for skipped entries).
    pub targets: Vec<Target>,
}

/// Where `--out-dir` puts the conversion of a file: its path below `dir`,
/// without a compression suffix, with the format's extension.
fn target(dir: &Path, rel: &Path, format: Format) -> PathBuf {
    let mut rel = rel.to_path_buf();
    if rel.extension().is_some_and(|e| {
        ["gz", "zst", "bz2", "xz"]
            .iter()
            .any(|c| e.eq_ignore_ascii_case(c))
    }) {
        rel.set_extension("");
    }
    rel.set_extension(format.extension());
    dir.join(rel)
}

/// The regular files the inputs are, each with its name.
fn input_ids(entries: &[Entry]) -> HashMap<FileId, String> {
    let mut ids = HashMap::new();
    for entry in entries {
        let (id, name) = match entry {
            Entry::Input(Source::File { path, .. }) => (FileId::of_path(path), entry_name(entry)),
            Entry::Input(Source::Stdin) => (FileId::of_stdio(true), "standard input".into()),
            _ => continue,
        };
        if let Some(id) = id {
            ids.entry(id).or_insert(name);
        }
    }
    ids
}

fn entry_name(entry: &Entry) -> String {
    match entry {
        Entry::Input(source) => source.name(),
        Entry::Skip { name, .. } => name.clone(),
    }
}

/// The outputs settled so far, by path (for files that do not exist
/// yet) and, for those that exist, by identity; and the inputs'.
struct Claims {
    inputs: HashMap<FileId, String>,
    keys: HashMap<PathBuf, String>,
    ids: HashMap<FileId, String>,
}

impl Claims {
    /// Takes `path` (or, without one, the file `id`) for output `what`.
    fn claim(&mut self, path: Option<&Path>, id: Option<FileId>, what: String) -> Result<()> {
        if let Some(id) = id {
            if let Some(input) = self.inputs.get(&id) {
                return Err(anyhow!(
                    "{what} is the input {input}: refusing to write over an input"
                ));
            }
            if let Some(other) = self.ids.insert(id, what.clone()) {
                return Err(anyhow!("{what} and {other} are the same file"));
            }
        }
        if let Some(path) = path
            && let Some(other) = self.keys.insert(path_key(path), what.clone())
        {
            return Err(anyhow!("{what} and {other} are the same file"));
        }
        Ok(())
    }
}

/// Settles every output, refusing (before anything is read or written) an
/// output that is an input or that another output also writes.
pub fn plan(args: &Args, entries: &[Entry], format: Format) -> Result<Plan> {
    let mut claims = Claims {
        inputs: input_ids(entries),
        keys: HashMap::new(),
        ids: HashMap::new(),
    };
    let stdout = |what: &str| format!("standard output ({what})");
    let shared_path = match (&args.output, &args.out_dir, args.check) {
        (_, Some(_), _) | (_, _, true) => None,
        (Some(path), None, false) if path.as_os_str() != "-" => Some(through_links(path)?),
        _ => Some(PathBuf::from("-")),
    };
    let rejects_path = args.rejects.as_deref().map(through_links).transpose()?;
    for (path, what) in [
        (shared_path.as_ref(), "the output"),
        (rejects_path.as_ref(), "the rejects file"),
    ] {
        match path {
            None => {}
            Some(p) if p.as_os_str() == "-" => {
                claims.claim(None, FileId::of_stdio(false), stdout(what))?;
                if let Some(other) = claims.keys.insert(PathBuf::from("-"), stdout(what)) {
                    return Err(anyhow!("{} and {other} would be mixed", stdout(what)));
                }
            }
            // `/dev/null` may take both; a device is no input's file.
            Some(p) if is_special(p) => {}
            Some(p) => claims.claim(Some(p), FileId::of_path(p), format!("{what} {}", shown(p)))?,
        }
    }
    let targets = match &args.out_dir {
        Some(dir) => out_dir_targets(args, dir, entries, format, &mut claims)?,
        None => entries.iter().map(|_| Target::None).collect(),
    };
    let watched = |sink| Watched {
        inner: sink,
        failed: false,
    };
    let shared = shared_path.map(|p| Sink::open(&p)).transpose()?;
    let rejects = match &rejects_path {
        Some(p) => Some(Rejects(Arc::new(Mutex::new(Some(watched(Sink::open(p)?)))))),
        None => None,
    };
    Ok(Plan {
        shared: shared.map(watched),
        rejects,
        targets,
    })
}

/// The file an output path names, written through the symbolic links at
/// it (the link stays a link); standard output's `-` as it is.
fn through_links(path: &Path) -> Result<PathBuf> {
    if path.as_os_str() == "-" {
        return Ok(path.to_path_buf());
    }
    resolve_links(path).map_err(|e| anyhow!("cannot follow the link {}: {e}", shown(path)))
}

/// What `--out-dir` does with each entry, each target claimed.
fn out_dir_targets(
    args: &Args,
    dir: &Path,
    entries: &[Entry],
    format: Format,
    claims: &mut Claims,
) -> Result<Vec<Target>> {
    let mut targets = Vec::with_capacity(entries.len());
    // Looked up by hash: a folder may hold tens of thousands of files.
    let mut taken = HashSet::new();
    for entry in entries {
        let rel = match entry {
            Entry::Input(Source::File { rel, .. }) => rel,
            Entry::Input(source) => {
                return Err(anyhow!(
                    "--out-dir converts files; {} has no file name to give its output",
                    source.name()
                ));
            }
            Entry::Skip { .. } => {
                targets.push(Target::None);
                continue;
            }
        };
        let path = target(dir, rel, format);
        if !taken.insert(path.clone()) {
            return Err(anyhow!("two inputs would be written to {}", shown(&path)));
        }
        let id = FileId::of_path(&path);
        claims.claim(Some(&path), id, shown(&path))?;
        let exists = std::fs::symlink_metadata(&path).is_ok();
        targets.push(if exists && !args.force {
            Target::Exists(path)
        } else {
            Target::Write(path)
        });
    }
    Ok(targets)
}
