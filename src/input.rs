//! The inputs of a command: files in order, or standard input, and their
//! records up to the end, a read error or a stop.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;

use anyhow::Context;
use dance_sudoku::Variant;
use dance_sudoku::format::csv::Column;
use dance_sudoku::format::{self, Format, ParseError, ParseOptions, Record, Records};

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

    /// Opens the source for buffered reading.
    pub fn open(&self) -> anyhow::Result<Input> {
        Ok(match self {
            Source::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Source::File(path) => {
                let file =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
        })
    }
}

/// An opened input: any buffered reader.
pub type Input = Box<dyn BufRead + Send>;

/// The records of `source` in the format asked for (detected from its first
/// record when `None`), and that format.
pub fn records(
    source: &Source,
    asked: Option<Format>,
    options: ParseOptions,
) -> anyhow::Result<(Format, Records<Input>)> {
    let reader = source.open()?;
    Ok(match asked {
        None => format::read_auto(reader, options)
            .with_context(|| format!("cannot read {}", source.name()))?,
        Some(format) => (format, format::read(reader, format, options)),
    })
}

/// An input opened for its records: its format and, for CSV, its header.
pub struct Opened {
    /// The format the records are read in.
    pub format: Format,
    /// The records.
    pub records: Records<Input>,
    /// A CSV input's header: the line as read and its column names.
    pub header: Option<(String, Vec<String>)>,
}

/// Opens `source` for its records in the format asked for (detected when
/// `None`), a CSV dataset's puzzles taken from `column`, and reads a CSV
/// header.
///
/// # Errors
/// The message to report when the input cannot serve: it cannot be
/// opened; a flag that needs CSV input (`csv_flags`: `--check`, `--column`,
/// those given) on another format; a CSV header that cannot be read,
/// lacks the column, or reads as a puzzle (`FILE:LINE:COL: message`).
pub fn open(
    source: &Source,
    asked: Option<Format>,
    options: ParseOptions,
    column: Option<&Column>,
    csv_flags: &[&str],
) -> Result<Opened, String> {
    let name = source.name();
    let (format, records) =
        records(source, asked, options).map_err(|error| format!("dance: {error:#}"))?;
    if let (Some(flag), false) = (csv_flags.first(), format == Format::Csv) {
        return Err(format!(
            "dance: {name}: {flag} needs CSV input, and {name} reads as the {} format \
             (--format csv reads it as CSV)",
            format_name(format)
        ));
    }
    let mut records = match column {
        Some(column) => records.with_column(column.clone()),
        None => records,
    };
    let names = match records.header() {
        Ok(names) => names.map(<[String]>::to_vec),
        Err(error) => return Err(read_error(&name, &error)),
    };
    let header = records.header_line().map(str::to_owned).zip(names);
    Ok(Opened {
        format,
        records,
        header,
    })
}

/// The message for an error that ended an input: `FILE:LINE:COL: message`
/// for a header that cannot serve, `dance: cannot read FILE: …` otherwise.
pub fn read_error(name: &str, error: &io::Error) -> String {
    match error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ParseError>())
    {
        Some(error) => format!("{name}:{error}"),
        None => format!("dance: cannot read {name}: {error}"),
    }
}

/// The name of an input format in messages.
fn format_name(format: Format) -> &'static str {
    match format {
        Format::Line => "line",
        Format::Grid => "grid",
        Format::Numbers => "numbers",
        Format::Poj => "POJ",
        Format::Pencilmark => "pencilmark",
        Format::Csv => "CSV",
    }
}

/// The records of one input, until its end, a read error (kept in
/// `error`) or `stopped` says so.
pub struct Reading<'a, R, F> {
    /// The records.
    pub records: Records<R>,
    /// Whether to stop reading (a signal, a deadline).
    pub stopped: F,
    /// The read error that ended the input, if one did.
    pub error: &'a mut Option<io::Error>,
}

impl<R: BufRead, F: Fn() -> bool> Iterator for Reading<'_, R, F> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if self.error.is_some() || (self.stopped)() {
            return None;
        }
        match self.records.next()? {
            Ok(record) => Some(record),
            Err(error) => {
                *self.error = Some(error);
                None
            }
        }
    }
}
