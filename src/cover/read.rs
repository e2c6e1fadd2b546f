//! Reading `dance cover`'s problem under the run's stop: a file of a
//! gigabyte read with `--timeout 1` stops reading at the deadline (or at
//! Ctrl-C), not at its end.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use anyhow::Context;
use dance_dlx::{Alarm, Problem, Stop, TextError};

use crate::cli::CoverArgs;

/// Bytes read between two looks at the stop: a few milliseconds of parsing.
const BYTES_PER_LOOK: usize = 1 << 20;

/// What reading came to: the problem, or the stop first.
pub enum Loaded {
    /// The problem, read whole.
    Problem(Problem),
    /// The stop came while reading.
    Stopped,
}

/// Reads the problem, naming the file in every error; stops reading when
/// `stop` comes.
pub fn problem(args: &CoverArgs, stop: &Stop) -> anyhow::Result<Loaded> {
    let (name, reader): (String, Box<dyn BufRead>) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            (path.display().to_string(), Box::new(BufReader::new(file)))
        }
        _ => ("<stdin>".to_owned(), Box::new(io::stdin().lock())),
    };
    let watched = Watched {
        inner: reader,
        alarm: stop.arm(),
        since_look: BYTES_PER_LOOK,
    };
    match dance_dlx::read_problem(watched) {
        Ok(problem) => Ok(Loaded::Problem(problem)),
        Err(TextError::Io(error)) if super::Stopped::caused(&error) => Ok(Loaded::Stopped),
        Err(error @ TextError::Syntax { .. }) => Err(anyhow::anyhow!("{name}:{error}")),
        // The I/O error alone: its own message already says what failed.
        Err(TextError::Io(error)) => {
            Err(anyhow::Error::new(error).context(format!("cannot read {name}")))
        }
        Err(error) => Err(anyhow::Error::new(error).context(format!("cannot read {name}"))),
    }
}

/// A reader that looks at the stop every [`BYTES_PER_LOOK`] bytes.
struct Watched<'a, R> {
    inner: R,
    alarm: Alarm<'a>,
    /// Bytes read since the last look.
    since_look: usize,
}

impl<R> Watched<'_, R> {
    /// Looks at the stop when its time has come; [`Stopped`](super::Stopped)
    /// when it has.
    fn look(&mut self) -> io::Result<()> {
        if self.since_look >= BYTES_PER_LOOK {
            self.since_look = 0;
            if self.alarm.rung() {
                return Err(super::Stopped::error("the stop came while reading"));
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.look()?;
        let read = self.inner.read(buf)?;
        self.since_look += read;
        Ok(read)
    }
}

impl<R: BufRead> BufRead for Watched<'_, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.look()?;
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.since_look += amount;
        self.inner.consume(amount);
    }
}
