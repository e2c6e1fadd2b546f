//! `dance cover --zdd PATH`: every solution as a ZDD in DLX6's text
//! format, built by the library's [`Zdd::build`] (the memo's search), and
//! the count; the build that `--sample` walks too.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_dlx::{Count, MemoStats, Solver, Stop, Zdd, ZddError};

use super::{halted, print};
use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Bar;
use crate::signal::Interrupt;
use crate::stderr::diagnose_text;

/// A ZDD built, with its work and its time.
pub struct Built {
    pub zdd: Zdd,
    pub stats: MemoStats,
    pub elapsed: Duration,
}

/// Builds the ZDD of `solver`'s problem within `--memo-mb`, until `stop`;
/// `Err(exit)` when the stop came (said on stderr).
pub fn build(
    args: &CoverArgs,
    solver: &mut Solver,
    stop: &Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Result<Built, Exit>> {
    let budget = dance_dlx::memory_of_mb(args.memo_mb);
    let begun = Instant::now();
    bar.set_label("building the ZDD");
    let built = Zdd::build(solver, budget, stop);
    bar.set_label("");
    match built {
        Ok((zdd, stats)) => Ok(Ok(Built {
            zdd,
            stats,
            elapsed: begun.elapsed(),
        })),
        Err(ZddError::Stopped) => Ok(Err(halted(interrupt, started, "building the ZDD"))),
        Err(error) => Err(error).context("cannot build the ZDD"),
    }
}

/// Runs `dance cover --zdd PATH`.
pub fn run(
    args: &CoverArgs,
    mut solver: Solver,
    path: &Path,
    stop: &Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Exit> {
    let built = match build(args, &mut solver, stop, interrupt, started, bar)? {
        Ok(built) => built,
        Err(exit) => return Ok(exit),
    };
    bar.finish();
    let count = built.zdd.count();
    if path == Path::new("-") {
        let mut out = BufWriter::new(Interruptible {
            inner: io::stdout().lock(),
            interrupt,
        });
        let written = write!(out, "{}", built.zdd).and_then(|()| out.flush());
        drop(out);
        if let Some(exit) = cut_short(&written, interrupt, started, "the ZDD above is not whole") {
            return Ok(exit);
        }
        written?;
        // Stdout holds the ZDD alone, as DLX6's does.
        diagnose_text!("{count}\n");
    } else {
        let file = File::create(path)
            .with_context(|| format!("cannot create the ZDD file {}", path.display()))?;
        let mut out = BufWriter::new(Interruptible {
            inner: file,
            interrupt,
        });
        let written = write!(out, "{}", built.zdd).and_then(|()| out.flush());
        drop(out);
        // A regular file that ends before the root is no ZDD: it goes.
        let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
        let then = match regular {
            true => format!("{} is removed, as it was not whole", path.display()),
            false => format!("what {} got is not whole", path.display()),
        };
        if let Some(exit) = cut_short(&written, interrupt, started, &then) {
            if regular {
                let _ = std::fs::remove_file(path);
            }
            return Ok(exit);
        }
        written.with_context(|| format!("cannot write the ZDD file {}", path.display()))?;
        let count = Count {
            solutions: count.clone(),
            complete: true,
        };
        print::count(&mut io::stdout().lock(), &count)?;
    }
    if args.stats {
        stats(&built);
    }
    let exit = if count.is_zero() {
        Exit::Shortfall
    } else {
        Exit::Success
    };
    Ok(super::written(interrupt, started, "the ZDD", exit))
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

/// When `written` failed because a signal came: says so on stderr (`then`:
/// what became of the output) and gives the signal's exit.
fn cut_short(
    written: &io::Result<()>,
    interrupt: &Interrupt,
    started: Instant,
    then: &str,
) -> Option<Exit> {
    let signalled = written.as_ref().is_err_and(super::Stopped::caused);
    let exit @ Exit::Interrupted { name, .. } = interrupt.exit().filter(|_| signalled)? else {
        return None;
    };
    diagnose_text!(
        "dance: interrupted by {name} after {:.3} s while writing the ZDD; {then}\n",
        started.elapsed().as_secs_f64()
    );
    Some(exit)
}

/// The `--stats` report of a build, on stderr: the count, the search's
/// nodes, the ZDD's nodes, the memo's entries, hits, misses, evictions
/// (states forgotten when the budget was full) and bytes, the updates and
/// the time.
pub fn stats(built: &Built) {
    let Built {
        zdd,
        stats,
        elapsed,
    } = built;
    diagnose_text!(
        "solutions: {}\nnodes: {}\nzdd nodes: {}\nentries: {}\nhits: {}\nmisses: {}\n\
         evictions: {}\nbytes: {}\nupdates: {}\ntime: {:.3} s\n",
        zdd.count(),
        stats.search.nodes,
        zdd.node_count(),
        stats.entries,
        stats.hits,
        stats.misses,
        stats.evictions,
        stats.bytes,
        stats.search.updates,
        elapsed.as_secs_f64()
    );
}
