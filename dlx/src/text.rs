//! Knuth's text format for exact-cover problems, as read by DLX1 and DLX2.
//!
//! ```text
//! | Lines that start with `|` are comments; blank lines are skipped too.
//! | The first other line names the items: primary items, then optionally
//! | `|` and the secondary items.
//! p q r | x y
//! | Every further line is an option: the items it contains, separated by
//! | spaces or tabs. `item:color` gives a secondary item a color.
//! p q x y:A
//! p r x:A y
//! p x:B
//! q x:A
//! r y:B
//! ```
//!
//! Names are any non-empty strings of non-whitespace characters without `:` or
//! `|`; colors are the same. An option made only of secondary items is an error
//! (Knuth's programs drop it with a warning; see [`BuildError::NoPrimaryItem`]).
//! Every error names its 1-based line and column (counted in characters).

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::ids::ColorId;
use crate::problem::{BuildError, Entry, ItemKind, Problem, ProblemBuilder};

/// What is wrong with a problem in Knuth's text format.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TextError {
    /// The reader failed.
    #[error("read error: {0}")]
    Io(#[from] io::Error),
    /// The text is not a valid problem; the position is 1-based.
    #[error("{line}:{column}: {kind}")]
    Syntax {
        /// The line of the offending token.
        line: usize,
        /// The column (in characters) where the offending token starts.
        column: usize,
        /// What is wrong.
        kind: SyntaxError,
    },
}

/// The ways a problem text can be malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxError {
    /// The input has no line naming the items.
    #[error("expected a line naming the items, found the end of the input")]
    NoItems,
    /// The items line has no primary item before `|`.
    #[error("expected at least one primary item before `|`")]
    NoPrimaryItems,
    /// The items line has `|` more than once.
    #[error("`|` may separate primary from secondary items only once")]
    SecondSeparator,
    /// An item name contains a character that names may not contain.
    #[error("item name `{name}` may not contain `{character}`")]
    BadItemName {
        /// The name as written.
        name: String,
        /// The forbidden character.
        character: char,
    },
    /// An option names an item, a color or both badly.
    #[error("expected `item` or `item:color`, found `{0}`")]
    BadEntry(String),
    /// The line is not valid UTF-8.
    #[error("the line is not valid UTF-8")]
    NotUtf8,
    /// The builder refused the item or option.
    #[error("{0}")]
    Build(#[from] BuildError),
}

impl TextError {
    fn at(line: usize, text: &str, offset: usize, kind: impl Into<SyntaxError>) -> TextError {
        let column = text
            .get(..offset)
            .map_or(offset, |before| before.chars().count())
            + 1;
        TextError::Syntax {
            line,
            column,
            kind: kind.into(),
        }
    }
}

/// Splits a line into whitespace-separated tokens with their byte offsets.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split([' ', '\t'])
        .scan(0, |offset, token| {
            let start = *offset;
            *offset += token.len() + 1;
            Some((start, token))
        })
        .filter(|(_, token)| !token.is_empty())
}

/// Reads a problem in Knuth's text format from `text`.
///
/// ```
/// let problem = dlx::parse_problem("| a comment\na b c\na b\nc\n")?;
/// assert_eq!(problem.option_count(), 2);
/// assert_eq!(dlx::Solver::new(&problem).count(), 1);
/// # Ok::<(), dlx::TextError>(())
/// ```
pub fn parse_problem(text: &str) -> Result<Problem, TextError> {
    read_problem(text.as_bytes())
}

/// Reads a problem in Knuth's text format (see the [module docs](self)).
pub fn read_problem(mut reader: impl BufRead) -> Result<Problem, TextError> {
    let mut builder = Problem::builder();
    let mut have_items = false;
    let mut bytes = Vec::new();
    let mut line_number = 0;
    loop {
        bytes.clear();
        if reader.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        line_number += 1;
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(error) => {
                let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or("");
                return Err(TextError::at(
                    line_number,
                    valid,
                    valid.len(),
                    SyntaxError::NotUtf8,
                ));
            }
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if line.starts_with('|') || line.trim().is_empty() {
            continue;
        }
        if have_items {
            read_option(&mut builder, line_number, line)?;
        } else {
            read_items(&mut builder, line_number, line)?;
            have_items = true;
        }
    }
    if !have_items {
        return Err(TextError::Syntax {
            line: line_number + 1,
            column: 1,
            kind: SyntaxError::NoItems,
        });
    }
    Ok(builder.build())
}

fn read_items(
    builder: &mut ProblemBuilder,
    line_number: usize,
    line: &str,
) -> Result<(), TextError> {
    let mut kind = ItemKind::Primary;
    for (offset, token) in tokens(line) {
        let error = |kind: SyntaxError| TextError::at(line_number, line, offset, kind);
        if token == "|" {
            if kind == ItemKind::Secondary {
                return Err(error(SyntaxError::SecondSeparator));
            }
            if builder.item_count() == 0 {
                return Err(error(SyntaxError::NoPrimaryItems));
            }
            kind = ItemKind::Secondary;
            continue;
        }
        if let Some(character) = token.chars().find(|c| matches!(c, ':' | '|')) {
            return Err(error(SyntaxError::BadItemName {
                name: token.to_owned(),
                character,
            }));
        }
        let added = match kind {
            ItemKind::Primary => builder.primary(token),
            ItemKind::Secondary => builder.secondary(token),
        };
        added.map_err(|e| error(e.into()))?;
    }
    Ok(())
}

fn read_option(
    builder: &mut ProblemBuilder,
    line_number: usize,
    line: &str,
) -> Result<(), TextError> {
    let mut entries = Vec::new();
    for (offset, token) in tokens(line) {
        let error = |kind: SyntaxError| TextError::at(line_number, line, offset, kind);
        let (name, color) = match token.split_once(':') {
            None => (token, None),
            Some((name, color))
                if !name.is_empty() && !color.is_empty() && !color.contains(':') =>
            {
                (name, Some(color))
            }
            Some(_) => return Err(error(SyntaxError::BadEntry(token.to_owned()))),
        };
        let item = builder.item_named(name).map_err(|e| error(e.into()))?;
        let color: Option<ColorId> = match color {
            Some(color) => Some(builder.color(color).map_err(|e| error(e.into()))?),
            None => None,
        };
        entries.push((offset, Entry { item, color }));
    }
    builder
        .option(entries.iter().map(|&(_, entry)| entry))
        .map_err(|e| {
            // Point at the entry the builder objected to, when there is one.
            let offset = match &e {
                BuildError::DuplicateItemInOption(name) | BuildError::ColorOnPrimary(name) => {
                    let item = builder.item(name);
                    let mut matching = entries.iter().filter(|(_, entry)| Some(entry.item) == item);
                    let first = matching.next().map_or(0, |&(offset, _)| offset);
                    match e {
                        BuildError::DuplicateItemInOption(_) => {
                            matching.next().map_or(first, |&(o, _)| o)
                        }
                        _ => first,
                    }
                }
                _ => entries.first().map_or(0, |&(offset, _)| offset),
            };
            TextError::at(line_number, line, offset, e)
        })?;
    Ok(())
}

/// Why a problem cannot be written in the text format.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The writer failed.
    #[error("write error: {0}")]
    Io(#[from] io::Error),
    /// A name is empty or contains whitespace, `:` or `|`, so the text could
    /// not be read back.
    #[error("the name `{0}` cannot be written in the text format")]
    Unwritable(String),
    /// The problem has no primary item, so its items line would read as a
    /// comment.
    #[error("a problem without primary items cannot be written in the text format")]
    NoPrimaryItems,
}

/// Writes `problem` in Knuth's text format; [`read_problem`] reads it back.
pub fn write_problem(problem: &Problem, mut writer: impl Write) -> Result<(), WriteError> {
    if problem.primary_count() == 0 {
        return Err(WriteError::NoPrimaryItems);
    }
    let writable = |name: &str| {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == ':' || c == '|') {
            Err(WriteError::Unwritable(name.to_owned()))
        } else {
            Ok(())
        }
    };
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        let mut names = problem
            .items()
            .filter(|&i| problem.item_kind(i) == kind)
            .peekable();
        if kind == ItemKind::Secondary && names.peek().is_some() {
            write!(writer, " |")?;
        }
        for (k, item) in names.enumerate() {
            let name = problem.item_name(item);
            writable(name)?;
            let space = if k == 0 && kind == ItemKind::Primary {
                ""
            } else {
                " "
            };
            write!(writer, "{space}{name}")?;
        }
    }
    writeln!(writer)?;
    for (_, entries) in problem.options() {
        for (k, entry) in entries.iter().enumerate() {
            let space = if k == 0 { "" } else { " " };
            write!(writer, "{space}{}", problem.item_name(entry.item))?;
            if let Some(color) = entry.color {
                let name = problem.color_name(color);
                writable(name)?;
                write!(writer, ":{name}")?;
            }
        }
        writeln!(writer)?;
    }
    Ok(())
}

/// Displays one option as it is written in the text format: `a b x:red`.
#[derive(Clone, Copy, Debug)]
pub struct OptionDisplay<'a> {
    problem: &'a Problem,
    entries: &'a [Entry],
}

impl<'a> OptionDisplay<'a> {
    /// Displays `option` of `problem`.
    ///
    /// # Panics
    /// If `option` is not an option of `problem`.
    pub fn new(problem: &'a Problem, option: crate::OptionId) -> Self {
        OptionDisplay {
            problem,
            entries: problem.option(option),
        }
    }
}

impl fmt::Display for OptionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, entry) in self.entries.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            f.write_str(self.problem.item_name(entry.item))?;
            if let Some(color) = entry.color {
                write!(f, ":{}", self.problem.color_name(color))?;
            }
        }
        Ok(())
    }
}
