//! Writing `dance cover --zdd`'s diagram: never over the problem's own
//! file, and stopped by a signal as the build is.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::Context;
use dance_dlx::Zdd;

use super::{Stopped, print};
use crate::signal::Interrupt;

/// How writing the diagram ended.
pub enum Written {
    /// Whole.
    Whole,
    /// A signal stopped it; what became of the output.
    Cut(String),
}

/// Writes `zdd` to `path` (`-`: stdout, `stdout` there), stopping when a
/// signal comes: a file cut short is removed.
pub fn write(
    zdd: &Zdd,
    path: &Path,
    stdout: &mut dyn Write,
    interrupt: &Interrupt,
) -> anyhow::Result<Written> {
    if path == Path::new("-") {
        let mut out = BufWriter::new(Interruptible {
            inner: stdout,
            interrupt,
        });
        let written = print::zdd(&mut out, zdd).and_then(|()| out.flush());
        drop(out);
        return match written {
            Err(error) if Stopped::caused(&error) => {
                Ok(Written::Cut("the ZDD above is not whole".to_owned()))
            }
            Err(error) => Err(error.into()),
            Ok(()) => Ok(Written::Whole),
        };
    }
    let file = File::create(path)
        .with_context(|| format!("cannot create the ZDD file {}", path.display()))?;
    let mut out = BufWriter::new(Interruptible {
        inner: file,
        interrupt,
    });
    let written = print::zdd(&mut out, zdd).and_then(|()| out.flush());
    drop(out);
    match written {
        Err(error) if Stopped::caused(&error) => {
            let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
            Ok(Written::Cut(if regular {
                let _ = std::fs::remove_file(path);
                format!("{} is removed, as it was not whole", path.display())
            } else {
                format!("what {} got is not whole", path.display())
            }))
        }
        Err(error) => {
            Err(error).with_context(|| format!("cannot write the ZDD file {}", path.display()))
        }
        Ok(()) => Ok(Written::Whole),
    }
}

/// Refuses a `--zdd` path that names the problem's own file (`problem`;
/// standard input when `None` or `-`): writing the ZDD would overwrite the
/// problem before it is read. The same file under another name (a link, a
/// `..` in the path) is the same file too.
pub fn refuse_to_overwrite_the_problem(problem: Option<&Path>, zdd: &Path) -> anyhow::Result<()> {
    if zdd == Path::new("-") {
        return Ok(());
    }
    let Some(written) = FileId::of_path(zdd) else {
        // Not there yet, or not a regular file (`/dev/null`, a pipe).
        return Ok(());
    };
    let (read, name) = match problem {
        Some(path) if path != Path::new("-") => (FileId::of_path(path), path.display().to_string()),
        _ => (FileId::of_stdin(), "<stdin>".to_owned()),
    };
    if read == Some(written) {
        anyhow::bail!(
            "--zdd {} is the problem's own file ({name}): writing the ZDD there would \
             overwrite the problem; give another path",
            zdd.display()
        );
    }
    Ok(())
}

/// What makes a regular file the same file under any name: its device and
/// inode on Unix, its canonical path elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
struct FileId(
    #[cfg(unix)] (u64, u64),
    #[cfg(not(unix))] std::path::PathBuf,
);

impl FileId {
    /// The regular file at `path`; `None` if there is none.
    fn of_path(path: &Path) -> Option<FileId> {
        let metadata = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId((metadata.dev(), metadata.ino())))
        }
        #[cfg(not(unix))]
        {
            let _ = metadata;
            path.canonicalize().ok().map(FileId)
        }
    }

    /// The regular file standard input reads (`< FILE`); `None` for a
    /// pipe or a terminal, or where it cannot be told.
    fn of_stdin() -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            use std::os::unix::fs::MetadataExt;
            let stdin = File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
            let metadata = stdin.metadata().ok().filter(|m| m.is_file())?;
            Some(FileId((metadata.dev(), metadata.ino())))
        }
        #[cfg(not(unix))]
        {
            None
        }
    }
}

/// A writer that fails once SIGINT or SIGTERM has come, so that writing a
/// ZDD of gigabytes stops at Ctrl-C as the build does.
struct Interruptible<'a, W> {
    inner: W,
    interrupt: &'a Interrupt,
}

impl<W: Write> Write for Interruptible<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.interrupt.is_raised() {
            return Err(super::Stopped::error("a signal came while writing"));
        }
        self.inner.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
