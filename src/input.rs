//! The inputs of a command: files in order, or standard input, each read
//! through a counter of the bytes consumed so progress can be shown.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use dance_sudoku::Variant;
use dance_sudoku::format::{self, Format, ParseOptions, Records};

/// The parse options of the commands that read puzzles: their variant.
pub fn parse_options(variant: Variant) -> ParseOptions {
    ParseOptions {
        variant,
        ..ParseOptions::default()
    }
}

/// One input to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (no name given, or `-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// The sources for a list of names: standard input when the list is empty.
    pub fn all(names: &[PathBuf]) -> Vec<Source> {
        if names.is_empty() {
            return vec![Source::Stdin];
        }
        names
            .iter()
            .map(|name| {
                if name.as_os_str() == "-" {
                    Source::Stdin
                } else {
                    Source::File(name.clone())
                }
            })
            .collect()
    }

    /// The name to print in diagnostics: the path, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// The size in bytes when it is known in advance (a regular file).
    pub fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(path) => std::fs::metadata(path)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
        }
    }

    /// Opens the source for buffered reading, counting consumed bytes into
    /// `consumed`.
    pub fn open(
        &self,
        consumed: Arc<AtomicU64>,
    ) -> anyhow::Result<Counted<Box<dyn BufRead + Send>>> {
        let inner: Box<dyn BufRead + Send> = match self {
            Source::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Source::File(path) => {
                let file =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
        };
        Ok(Counted { inner, consumed })
    }
}

/// An opened input: any buffered reader, counted.
pub type Input = Counted<Box<dyn BufRead + Send>>;

/// The records of `source` in the format asked for (detected from its first
/// record when `None`), and that format.
pub fn records(
    source: &Source,
    asked: Option<Format>,
    options: ParseOptions,
    consumed: Arc<AtomicU64>,
) -> anyhow::Result<(Format, Records<Input>)> {
    let reader = source.open(consumed)?;
    Ok(match asked {
        None => format::read_auto(reader, options)
            .with_context(|| format!("cannot read {}", source.name()))?,
        Some(format) => (format, format::read(reader, format, options)),
    })
}

/// A reader that adds every byte consumed to a shared counter.
pub struct Counted<R> {
    inner: R,
    consumed: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.consumed.fetch_add(read as u64, Ordering::Relaxed);
        Ok(read)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.consumed.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}
