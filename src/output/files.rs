//! Files written whole: every file `notate` writes goes to a uniquely named
//! temporary file, created exclusively beside its target, and is renamed
//! over the target only once complete; and the identity of files, to refuse
//! an output that is an input or another output however it is named.
//!
//! An [`OutputFile`] never truncates its target: until [`OutputFile::commit`]
//! the target keeps its old content, and a file dropped without a commit
//! (an error, a run cut short) is removed. The temporary file is created
//! with `O_CREAT | O_EXCL` under a random name (`tempfile`), so a symbolic
//! link planted at that name is never followed, and two runs writing into
//! one folder never share a temporary file. Before the rename the path is
//! checked to still be the file written (a link swapped in meanwhile is
//! refused). While a temporary file exists its path is registered, so that
//! a signal handler can remove it ([`remove_partial_files`]).

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tempfile::NamedTempFile;

/// The suffix of every temporary file.
pub const PARTIAL_SUFFIX: &str = ".notate-partial";

/// The temporary files being written now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary file being written: for a signal handler,
/// before the process ends. A file being renamed into place meanwhile is
/// renamed first (the rename holds the same lock).
pub fn remove_partial_files() {
    let files = live();
    for path in files.iter() {
        let _ = fs::remove_file(path);
    }
}

/// A file written to a temporary file beside `target` and renamed over it
/// by [`OutputFile::commit`].
pub struct OutputFile {
    target: PathBuf,
    file: Option<BufWriter<NamedTempFile>>,
    /// The folder the target must stay below, and whether links in the
    /// folders between are followed ([`OutputFile::create_below`]).
    below: Option<(PathBuf, bool)>,
}

/// Makes the folders of `rel` (a relative path of folders) below `root`,
/// one at a time, never through a symbolic link unless `follow`: a link,
/// or anything but a folder, among them is an error naming it. Each is
/// made with `mkdir`, which follows no link at its own name.
pub fn make_dirs_below(root: &Path, rel: &Path, follow: bool) -> io::Result<()> {
    dirs_below(root, rel, follow, true)
}

/// Checks (and with `make`, makes) each folder of `rel` below `root`.
fn dirs_below(root: &Path, rel: &Path, follow: bool, make: bool) -> io::Result<()> {
    let mut path = root.to_path_buf();
    for part in rel.components() {
        let std::path::Component::Normal(name) = part else {
            return Err(io::Error::other(format!(
                "{} leaves {}",
                rel.display(),
                root.display()
            )));
        };
        path.push(name);
        let meta = match fs::symlink_metadata(&path) {
            Err(e) if make && e.kind() == io::ErrorKind::NotFound => {
                match fs::create_dir(&path) {
                    Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
                    // Made here, or meanwhile by another run: looked at again.
                    _ => fs::symlink_metadata(&path)?,
                }
            }
            other => other?,
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            if follow && fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                continue;
            }
            return Err(io::Error::other(format!(
                "{} is a symbolic link, not followed (-L follows links)",
                path.display()
            )));
        }
        if !kind.is_dir() {
            return Err(io::Error::other(format!(
                "{} is not a folder",
                path.display()
            )));
        }
    }
    Ok(())
}

/// How many bytes of the target's name the temporary name keeps, so that
/// a long name still leaves room for the random part and the suffix.
const NAME_KEPT: usize = 100;

/// The temporary file's prefix: `.` and the target's name, cut short.
fn prefix(target: &Path) -> String {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let mut end = name.len().min(NAME_KEPT);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.", &name[..end])
}

impl OutputFile {
    /// Creates the temporary file for `target` in `target`'s folder (which
    /// must exist). Nothing happens to `target` itself.
    pub fn create(target: &Path) -> io::Result<OutputFile> {
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let prefix = prefix(target);
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(PARTIAL_SUFFIX).rand_bytes(8);
        #[cfg(unix)]
        let permissions = {
            use std::os::unix::fs::PermissionsExt;
            // What a new file gets (less the umask), or the mode of the
            // regular file it replaces.
            let mode = fs::symlink_metadata(target)
                .ok()
                .filter(|m| m.is_file())
                .map_or(0o666, |m| m.permissions().mode() & 0o7777);
            fs::Permissions::from_mode(mode)
        };
        #[cfg(unix)]
        builder.permissions(permissions);
        let mut files = live();
        let file = builder.tempfile_in(dir)?;
        files.push(file.path().to_path_buf());
        Ok(OutputFile {
            target: target.to_path_buf(),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
            below: None,
        })
    }

    /// Creates the temporary file for `target`, which is below `root`: the
    /// folders between are made, and neither they nor the target's folder
    /// may be a symbolic link (unless `follow`), when they are made, once
    /// the temporary file is made, and again at the commit; so no file is
    /// made or replaced outside `root` through a link planted in it.
    pub fn create_below(root: &Path, target: &Path, follow: bool) -> io::Result<OutputFile> {
        let rel = target
            .strip_prefix(root)
            .ok()
            .and_then(Path::parent)
            .ok_or_else(|| {
                io::Error::other(format!("{} is not in {}", target.display(), root.display()))
            })?;
        dirs_below(root, rel, follow, true)?;
        let mut file = OutputFile::create(target)?;
        file.below = Some((root.to_path_buf(), follow));
        file.check_below()?;
        Ok(file)
    }

    /// Whether the folders between the root and the target are still no
    /// links (where that was asked for).
    fn check_below(&self) -> io::Result<()> {
        let Some((root, follow)) = &self.below else {
            return Ok(());
        };
        let rel = self.target.strip_prefix(root).ok().and_then(Path::parent);
        dirs_below(root, rel.unwrap_or(Path::new("")), *follow, false)
    }

    /// The file this will become.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file being written.
    pub fn partial_path(&self) -> Option<&Path> {
        self.file.as_ref().map(|f| f.get_ref().path())
    }

    /// Writes out what is buffered and renames the file over its target;
    /// with `replace` false, fails (`AlreadyExists`) where the target
    /// exists by then, leaving it alone.
    pub fn commit(mut self, replace: bool) -> io::Result<()> {
        let file = self.file.take().expect("an output file is committed once");
        let file = file.into_inner().map_err(|e| e.into_error())?;
        let mut files = live();
        let path = file.path().to_path_buf();
        files.retain(|p| *p != path);
        // A device, a pipe or a folder at the target's name is never
        // replaced by a file.
        if let Ok(meta) = fs::symlink_metadata(&self.target)
            && !meta.is_file()
            && !meta.file_type().is_symlink()
        {
            return Err(io::Error::other(format!(
                "{} is not a regular file, and is not replaced",
                self.target.display()
            )));
        }
        self.check_below()?;
        if !still_ours(&file)? {
            return Err(io::Error::other(format!(
                "{} was replaced while it was written; {} left as it was",
                path.display(),
                self.target.display()
            )));
        }
        let persisted = if replace {
            file.persist(&self.target).map(|_| ())
        } else {
            file.persist_noclobber(&self.target).map(|_| ())
        };
        persisted.map_err(|e| e.error)
    }
}

/// Whether the temporary file's path still names the file written to.
fn still_ours(file: &NamedTempFile) -> io::Result<bool> {
    let open = file.as_file().metadata()?;
    let named = fs::symlink_metadata(file.path())?;
    Ok(named.is_file() && FileId::of(&open) == FileId::of(&named))
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file
            .as_mut()
            .expect("written before its commit")
            .write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file
            .as_mut()
            .expect("written before its commit")
            .write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut files = live();
            let (writer, _) = file.into_parts();
            files.retain(|p| p != writer.path());
            // Dropping the temporary file removes it.
            drop(writer);
        }
    }
}

/// What tells two names of one file apart from two files: the device and
/// inode of a regular file (`None` for anything else: a terminal, a pipe,
/// `/dev/null` may well be both an input and the output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity behind `metadata`, where it is a regular file's.
    pub fn of(metadata: &fs::Metadata) -> Option<FileId> {
        if !metadata.is_file() {
            return None;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                dev: metadata.dev(),
                ino: metadata.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            None
        }
    }

    /// The regular file `path` names (through links), if there is one.
    pub fn of_path(path: &Path) -> Option<FileId> {
        fs::metadata(path).ok().as_ref().and_then(FileId::of)
    }

    /// The regular file standard input or output is, if it is one.
    #[cfg(unix)]
    pub fn of_stdio(stdin: bool) -> Option<FileId> {
        use std::os::fd::AsFd;
        let fd = if stdin {
            io::stdin().as_fd().try_clone_to_owned()
        } else {
            io::stdout().as_fd().try_clone_to_owned()
        };
        let file = fs::File::from(fd.ok()?);
        FileId::of(&file.metadata().ok()?)
    }

    #[cfg(not(unix))]
    pub fn of_stdio(_stdin: bool) -> Option<FileId> {
        None
    }
}

/// How many symbolic links [`resolve_links`] follows in a row.
const MAX_LINKS: usize = 40;

/// The file `path` names once the symbolic links at it are followed, as a
/// shell's `>` would write through them: each link's target in turn (a
/// relative one from the link's folder), to a path that is no link, which
/// may not exist yet (a dangling link's target). The folders on the way
/// are left as they are.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row"
    )))
}

/// A path as a key for comparing outputs that may not exist yet: its
/// folder made absolute and resolved, and its name.
pub fn path_key(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    match path.file_name() {
        Some(name) => dir.join(name),
        None => dir,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh, empty folder for one test, removed when the test ends.
    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("notate-output-{name}-"))
            .tempdir()
            .unwrap()
    }

    /// The target keeps its content until the commit; a file dropped
    /// without one leaves nothing behind.
    #[test]
    fn the_target_changes_only_at_the_commit() {
        let tmp = scratch("commit");
        let dir = tmp.path();
        let target = dir.join("out.pgn");
        fs::write(&target, "old").unwrap();
        let mut file = OutputFile::create(&target).unwrap();
        file.write_all(b"new").unwrap();
        file.flush().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        let partial = file.partial_path().unwrap().to_path_buf();
        assert!(partial.exists());
        assert!(live().contains(&partial));
        file.commit(true).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert!(!partial.exists() && !live().contains(&partial));

        let mut file = OutputFile::create(&target).unwrap();
        file.write_all(b"lost").unwrap();
        let partial = file.partial_path().unwrap().to_path_buf();
        drop(file);
        assert!(!partial.exists() && !live().contains(&partial));
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // Without `replace`, an existing target is left alone.
        let file = OutputFile::create(&target).unwrap();
        let e = file.commit(false).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(fs::read_dir(dir).unwrap().count(), 1);
    }

    /// A name too long to take a prefix and a suffix still gets a
    /// temporary file.
    #[test]
    fn a_long_name_gets_a_short_temporary_name() {
        let tmp = scratch("long");
        let dir = tmp.path();
        let target = dir.join(format!("{}.pgn", "é".repeat(120)));
        let mut file = OutputFile::create(&target).unwrap();
        file.write_all(b"x").unwrap();
        let name = file.partial_path().unwrap().file_name().unwrap().len();
        assert!(name < 255, "{name}");
        file.commit(true).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "x");
    }

    /// A link swapped in at the temporary name is refused at the commit:
    /// the file it points to is not touched, nor the target.
    #[cfg(unix)]
    #[test]
    fn a_link_swapped_in_for_the_temporary_file_is_refused() {
        let tmp = scratch("swap");
        let dir = tmp.path();
        let outside = dir.join("outside.txt");
        fs::write(&outside, "precious").unwrap();
        let target = dir.join("out.pgn");
        let mut file = OutputFile::create(&target).unwrap();
        file.write_all(b"data").unwrap();
        let partial = file.partial_path().unwrap().to_path_buf();
        fs::remove_file(&partial).unwrap();
        std::os::unix::fs::symlink(&outside, &partial).unwrap();
        let e = file.commit(true).unwrap_err();
        assert!(e.to_string().contains("was replaced"), "{e}");
        assert_eq!(fs::read_to_string(&outside).unwrap(), "precious");
        assert!(!target.exists());
    }

    /// A device at the target's name is never replaced (`/dev/null` stays
    /// a device even for root).
    #[cfg(unix)]
    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_the_file_they_name() {
        let tmp = scratch("links");
        let dir = tmp.path();
        fs::create_dir_all(dir.join("sub")).unwrap();
        let (a, b, c) = (dir.join("a"), dir.join("sub/b"), dir.join("sub/c"));
        std::os::unix::fs::symlink("sub/b", &a).unwrap();
        std::os::unix::fs::symlink("c", &b).unwrap();
        // `c` does not exist: a dangling link names where to write.
        assert_eq!(resolve_links(&a).unwrap(), dir.join("sub/c"));
        assert_eq!(resolve_links(&c).unwrap(), c);
        let (x, y) = (dir.join("x"), dir.join("y"));
        std::os::unix::fs::symlink("y", &x).unwrap();
        std::os::unix::fs::symlink("x", &y).unwrap();
        assert!(resolve_links(&x).is_err());
    }

    #[test]
    fn a_device_is_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let mut file = OutputFile::create(Path::new("/dev/null")).unwrap_or_else(|_| {
            // Not root: the temporary file cannot be made in /dev at all.
            OutputFile::create(&std::env::temp_dir().join("notate-null-test")).unwrap()
        });
        if file.target() == Path::new("/dev/null") {
            file.write_all(b"x").unwrap();
            assert!(file.commit(true).is_err());
        }
        let meta = fs::symlink_metadata("/dev/null").unwrap();
        assert!(meta.file_type().is_char_device());
    }

    #[test]
    fn one_file_by_any_name() {
        let tmp = scratch("id");
        let dir = tmp.path();
        let a = dir.join("a.pgn");
        fs::write(&a, "x").unwrap();
        let dotted = dir.join(".").join("a.pgn");
        assert_eq!(FileId::of_path(&a), FileId::of_path(&dotted));
        assert!(FileId::of_path(&a).is_some());
        fs::write(dir.join("b.pgn"), "x").unwrap();
        assert_ne!(FileId::of_path(&a), FileId::of_path(&dir.join("b.pgn")));
        assert_eq!(FileId::of_path(dir), None);
        assert_eq!(path_key(&dotted), path_key(&a));
    }
}
