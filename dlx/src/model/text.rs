//! Knuth's text format for exact-cover problems, as read by DLX1, DLX2 and
//! DLX3: the reader, its errors, and the writer. The grammar, with Knuth's
//! example, is on [`read_problem`], the parser it describes.

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::model::ids::{ColorId, OptionId};
use crate::model::problem::{
    BuildError, Entry, ItemKind, Problem, ProblemBuilder, forbidden_character,
};

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
    /// A primary item's bounds are not `max|` or `min:max|` with decimal
    /// numbers.
    #[error("expected bounds `max|` or `min:max|` in decimal, found `{0}`")]
    BadBounds(String),
    /// Bounds with no item name after them.
    #[error("expected an item name after the bounds `{0}`")]
    MissingName(String),
    /// Bounds were given to a secondary item.
    #[error("secondary item `{0}` cannot have bounds")]
    BoundsOnSecondary(String),
    /// A cost entry of an option is not `|` and a decimal number.
    #[error("expected an option cost `|n` in decimal, found `{0}`")]
    BadCost(String),
    /// An option's costs add up to more than 2⁶⁴ − 1.
    #[error("the option's costs add up to more than {max}", max = u64::MAX)]
    CostOverflow,
    /// The line is not valid UTF-8.
    #[error("the line is not valid UTF-8")]
    NotUtf8,
    /// The line is longer than [`LINE_CAP`] bytes.
    #[error("line longer than {cap} bytes; no problem line may be that long")]
    LineTooLong {
        /// The cap, [`LINE_CAP`].
        cap: usize,
    },
    /// The builder refused the item or option.
    #[error("{0}")]
    Build(#[from] BuildError),
}

/// The longest line, in bytes without its line ending, that
/// [`read_problem`] accepts: 4 MiB, room for an items line of half a million
/// items. Longer lines are an error as soon as the cap is passed, so a
/// runaway line never fills memory.
pub const LINE_CAP: usize = 4 << 20;

/// The most characters of a name that an error message shows; longer names
/// are cut and end in `…`.
const NAME_SHOWN: usize = 60;

/// The UTF-8 encoding of U+FEFF, which some editors put first in a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

impl TextError {
    fn at(line: usize, text: &str, offset: usize, kind: impl Into<SyntaxError>) -> TextError {
        let column = text
            .get(..offset)
            .map_or(offset, |before| before.chars().count())
            + 1;
        TextError::Syntax {
            line,
            column,
            kind: kind.into().shown(),
        }
    }
}

/// A name as an error message shows it: control characters escaped
/// (`a\0`), and cut after [`NAME_SHOWN`] characters with `…`, so that a
/// 200 MB name costs a line of stderr, not 200 MB.
fn shown(name: &str) -> String {
    let mut text = String::new();
    for (k, c) in name.chars().enumerate() {
        if k == NAME_SHOWN {
            text.push('…');
            break;
        }
        if c.is_control() {
            text.extend(c.escape_debug());
        } else {
            text.push(c);
        }
    }
    text
}

impl SyntaxError {
    /// The error with every name in it [`shown`].
    fn shown(self) -> SyntaxError {
        match self {
            SyntaxError::BadItemName { name, character } => SyntaxError::BadItemName {
                name: shown(&name),
                character,
            },
            SyntaxError::BadEntry(text) => SyntaxError::BadEntry(shown(&text)),
            SyntaxError::BadBounds(text) => SyntaxError::BadBounds(shown(&text)),
            SyntaxError::BadCost(text) => SyntaxError::BadCost(shown(&text)),
            SyntaxError::MissingName(text) => SyntaxError::MissingName(shown(&text)),
            SyntaxError::BoundsOnSecondary(name) => SyntaxError::BoundsOnSecondary(shown(&name)),
            SyntaxError::Build(error) => SyntaxError::Build(match error {
                BuildError::DuplicateItem(name) => BuildError::DuplicateItem(shown(&name)),
                BuildError::UnknownItemName(name) => BuildError::UnknownItemName(shown(&name)),
                BuildError::DuplicateItemInOption(name) => {
                    BuildError::DuplicateItemInOption(shown(&name))
                }
                BuildError::ColorOnPrimary(name) => BuildError::ColorOnPrimary(shown(&name)),
                BuildError::ZeroUpperBound(name) => BuildError::ZeroUpperBound(shown(&name)),
                BuildError::BadName { name, character } => BuildError::BadName {
                    name: shown(&name),
                    character,
                },
                BuildError::InvertedBounds { name, min, max } => BuildError::InvertedBounds {
                    name: shown(&name),
                    min,
                    max,
                },
                other => other,
            }),
            other => other,
        }
    }
}

/// Reads lines of at most [`LINE_CAP`] bytes, ended by `\n`, `\r\n` or a
/// lone `\r`, skipping a byte-order mark at the start of the input.
struct Lines<R> {
    reader: R,
    number: usize,
    after_carriage_return: bool,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into `bytes` (without its ending); `false` at
    /// the end of the input.
    fn next_into(&mut self, bytes: &mut Vec<u8>) -> Result<bool, TextError> {
        bytes.clear();
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if self.after_carriage_return {
                self.after_carriage_return = false;
                if chunk.first() == Some(&b'\n') {
                    self.reader.consume(1);
                    continue;
                }
            }
            if chunk.is_empty() {
                break;
            }
            any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let content = &chunk[..end.unwrap_or(chunk.len())];
            if bytes.len() + content.len() > LINE_CAP + BYTE_ORDER_MARK.len() {
                let room = LINE_CAP.saturating_sub(bytes.len());
                bytes.extend_from_slice(&content[..room.min(content.len())]);
                let column = String::from_utf8_lossy(bytes).chars().count() + 1;
                return Err(TextError::Syntax {
                    line: self.number + 1,
                    column,
                    kind: SyntaxError::LineTooLong { cap: LINE_CAP },
                });
            }
            bytes.extend_from_slice(content);
            match end {
                Some(at) => {
                    self.after_carriage_return = chunk[at] == b'\r';
                    self.reader.consume(at + 1);
                    break;
                }
                None => {
                    let used = chunk.len();
                    self.reader.consume(used);
                }
            }
        }
        if !any {
            return Ok(false);
        }
        if self.number == 0 && bytes.starts_with(BYTE_ORDER_MARK) {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        self.number += 1;
        if bytes.len() > LINE_CAP {
            return Err(TextError::Syntax {
                line: self.number,
                column: String::from_utf8_lossy(&bytes[..LINE_CAP]).chars().count() + 1,
                kind: SyntaxError::LineTooLong { cap: LINE_CAP },
            });
        }
        Ok(true)
    }
}

/// Splits a line into tokens separated by spaces and tabs, with their byte
/// offsets; a byte at a time, as both separators are ASCII.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    let separator = |at: usize| matches!(bytes[at], b' ' | b'\t');
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && separator(at) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !separator(at) {
            at += 1;
        }
        line.get(start..at)
            .filter(|token| !token.is_empty())
            .map(|token| (start, token))
    })
}

/// Reads a problem in Knuth's text format from `text`.
///
/// ```
/// let problem = dance_dlx::parse_problem("| a comment\na b c\na b\nc\n")?;
/// assert_eq!(problem.option_count(), 2);
/// assert_eq!(dance_dlx::Solver::new(&problem).count(), 1);
/// # Ok::<(), dance_dlx::TextError>(())
/// ```
pub fn parse_problem(text: &str) -> Result<Problem, TextError> {
    read_problem(text.as_bytes())
}

/// Reads a problem in Knuth's text format, as DLX1, DLX2, DLX3 and DLX5 read it.
///
/// ```text
/// | Lines that start with `|` are comments; blank lines are skipped too.
/// | The first other line names the items: primary items, then optionally
/// | `|` and the secondary items. A primary item may be preceded by bounds
/// | (DLX3's multiplicities): `2:3|C` is covered at least 2 and at most 3
/// | times, `2|C` exactly twice, a plain `C` exactly once.
/// A B 2:3|C | X Y
/// | Every further line is an option: the items it contains, separated by
/// | spaces or tabs. `item:color` gives a secondary item a color, and
/// | `|n` (DLX5's costs) adds n to the option's cost: `A C |2 |1` costs 3.
/// A B X:0 Y:0
/// A C X:1 Y:1
/// C X:0
/// B X:1
/// C Y:1
/// ```
///
/// (Knuth's example for DLX3: the one solution is `A C X:1 Y:1`, `B X:1`,
/// `C Y:1`.) The items line, as a grammar:
///
/// ```text
/// items     = primary+ ( "|" secondary* )?
/// primary   = ( ( number ":" )? number "|" )? name
/// secondary = name
/// number    = digit+            (decimal, at most 4294967295)
/// ```
///
/// Tokens are separated by spaces or tabs, except that the separator may also
/// be glued to the next name (`a |x` is `a | x`, as in Knuth's programs).
/// Names are any non-empty strings of non-whitespace characters without `:`,
/// `|` or U+FEFF; colors are the same (the rule of
/// [`ProblemBuilder::primary`], so that every problem read can be written). The lower bound may be 0; an upper bound of 0, a
/// lower bound above the upper one, bounds that are not decimal numbers, bounds
/// without a name and bounds on a secondary item are errors. An option made
/// only of secondary items is an error too (Knuth's programs drop it with a
/// warning; see [`BuildError::NoPrimaryItem`]). A cost is a token of its own,
/// `|` glued to a decimal number, anywhere in the option (DLX5 reads them
/// after an item, and so does any option written here); several add up, and
/// a cost that is not decimal or a sum past 2⁶⁴ − 1 is an error. Every error names its 1-based
/// line and column (counted in characters); names in messages have control
/// characters escaped and are cut after 60 characters with `…`.
///
/// Lines end with `\n`, `\r\n` or a lone `\r`; a UTF-8 byte-order mark at
/// the start is skipped; a line longer than [`LINE_CAP`] bytes is an error
/// (found without reading the rest of the line).
///
/// [`write_problem`] writes bounds back in the shortest form — none for
/// `1:1`, `v|` when both bounds are `v` — and an option's cost as one `|n`
/// after its items (none for 0), so that reading gives the same problem.
pub fn read_problem(reader: impl BufRead) -> Result<Problem, TextError> {
    let mut builder = Problem::builder();
    let mut have_items = false;
    let mut bytes = Vec::new();
    let mut entries = Vec::new();
    let mut lines = Lines {
        reader,
        number: 0,
        after_carriage_return: false,
    };
    while lines.next_into(&mut bytes)? {
        let line_number = lines.number;
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
        if line.starts_with('|') || line.trim().is_empty() {
            continue;
        }
        if have_items {
            read_option(&mut builder, &mut entries, line_number, line)?;
        } else {
            read_items(&mut builder, line_number, line)?;
            have_items = true;
        }
    }
    if !have_items {
        return Err(TextError::Syntax {
            line: lines.number + 1,
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
    builder.reserve_items(tokens(line).count());
    for (offset, token) in tokens(line) {
        let error = |kind: SyntaxError| TextError::at(line_number, line, offset, kind);
        // The separator, alone or glued to the first secondary item.
        let (offset, token) = match token.strip_prefix('|') {
            Some(rest) => {
                if kind == ItemKind::Secondary {
                    return Err(error(SyntaxError::SecondSeparator));
                }
                if builder.item_count() == 0 {
                    return Err(error(SyntaxError::NoPrimaryItems));
                }
                kind = ItemKind::Secondary;
                if rest.is_empty() {
                    continue;
                }
                (offset + 1, rest)
            }
            None => (offset, token),
        };
        read_item(builder, kind, line_number, line, offset, token)?;
    }
    Ok(())
}

/// Reads one item of the items line, `token` at byte `offset` of `line`.
fn read_item(
    builder: &mut ProblemBuilder,
    kind: ItemKind,
    line_number: usize,
    line: &str,
    offset: usize,
    token: &str,
) -> Result<(), TextError> {
    let at = |position: usize, kind: SyntaxError| TextError::at(line_number, line, position, kind);
    let (bounds, name, name_offset) = match token.split_once('|') {
        Some((bounds, name)) => (Some(bounds), name, offset + bounds.len() + 1),
        None => (None, token, offset),
    };
    if let Some(character) = forbidden_character(name) {
        return Err(at(
            name_offset,
            SyntaxError::BadItemName {
                name: name.to_owned(),
                character,
            },
        ));
    }
    let Some(bounds) = bounds else {
        let added = match kind {
            ItemKind::Primary => builder.primary(name),
            ItemKind::Secondary => builder.secondary(name),
        };
        return added.map(drop).map_err(|e| at(offset, e.into()));
    };
    let prefix = &token[..bounds.len() + 1];
    let (min, max) = parse_bounds(bounds)
        .map_err(|bad| at(offset + bad, SyntaxError::BadBounds(prefix.to_owned())))?;
    if name.is_empty() {
        return Err(at(offset, SyntaxError::MissingName(prefix.to_owned())));
    }
    if kind == ItemKind::Secondary {
        return Err(at(offset, SyntaxError::BoundsOnSecondary(name.to_owned())));
    }
    builder
        .primary_with_bounds(name, min, max)
        .map(drop)
        .map_err(|e| at(offset, e.into()))
}

/// Parses `max` or `min:max` (the part before `|`); on error, the byte offset
/// of the part that is not a decimal number.
fn parse_bounds(bounds: &str) -> Result<(u32, u32), usize> {
    let number = |text: &str, offset: usize| {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(offset);
        }
        text.parse::<u32>().map_err(|_| offset)
    };
    match bounds.split_once(':') {
        Some((min, max)) => Ok((number(min, 0)?, number(max, min.len() + 1)?)),
        None => {
            let max = number(bounds, 0)?;
            Ok((max, max))
        }
    }
}

/// Reads one option; `entries` is scratch room, reused from line to line.
fn read_option(
    builder: &mut ProblemBuilder,
    entries: &mut Vec<(usize, Entry)>,
    line_number: usize,
    line: &str,
) -> Result<(), TextError> {
    entries.clear();
    let mut cost = 0u64;
    for (offset, token) in tokens(line) {
        let error = |kind: SyntaxError| TextError::at(line_number, line, offset, kind);
        if let Some(digits) = token.strip_prefix('|') {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(error(SyntaxError::BadCost(token.to_owned())));
            }
            // Digits only, so the parse fails only on overflow.
            let more: Option<u64> = digits.parse().ok();
            cost = more
                .and_then(|more| cost.checked_add(more))
                .ok_or_else(|| error(SyntaxError::CostOverflow))?;
            continue;
        }
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
        .option_with_cost(entries.iter().map(|&(_, entry)| entry), cost)
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
    /// The problem has no primary item, so its items line would read as a
    /// comment.
    #[error("a problem without primary items cannot be written in the text format")]
    NoPrimaryItems,
}

/// Writes `problem` in Knuth's text format, as its
/// [`Display`](#impl-Display-for-Problem) does; [`read_problem`] reads it
/// back. The one problem the format cannot say is one without primary items
/// ([`WriteError::NoPrimaryItems`]).
pub fn write_problem(problem: &Problem, mut writer: impl Write) -> Result<(), WriteError> {
    if problem.primary_count() == 0 {
        return Err(WriteError::NoPrimaryItems);
    }
    write!(writer, "{problem}")?;
    Ok(())
}

/// The comment that stands for a problem without primary items, which
/// Knuth's format cannot say: reading it is an error
/// ([`SyntaxError::NoItems`]), never another problem.
const NO_PRIMARY_ITEMS: &str = "| no primary items: not a problem in this format\n";

/// Knuth's text format, which [`read_problem`] and
/// [`FromStr`](std::str::FromStr) read back: the items line (primary items
/// with their bounds in the shortest form, then `|` and the secondary
/// items), then one line per option. It never fails: every name is writable
/// ([`ProblemBuilder::primary`]).
///
/// Reading the text gives a problem with the same items, bounds, options and
/// colors by name, so the same solutions; it is `==` to this one when its ids
/// are numbered as the reader numbers them — primary items declared before
/// secondary ones, colors named in the order the options first use them, no
/// unused color — as for every problem that was read. A problem without
/// primary items, which the format cannot say, displays as a comment line, so
/// reading it back is an error ([`SyntaxError::NoItems`]) rather than
/// another problem.
///
/// ```
/// use dance_dlx::Problem;
///
/// let mut builder = Problem::builder();
/// let a = builder.primary("a")?;
/// let b = builder.primary_with_bounds("b", 1, 2)?;
/// let x = builder.secondary("x")?;
/// let red = builder.color("red")?;
/// builder.option([a.into(), x.colored(red)])?;
/// builder.option([b])?;
/// let problem = builder.build();
///
/// let text = problem.to_string();
/// assert_eq!(text, "a 1:2|b | x\na x:red\nb\n");
/// assert_eq!(text.parse::<Problem>()?, problem);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.primary_count() == 0 {
            return f.write_str(NO_PRIMARY_ITEMS);
        }
        let mut first = true;
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            let mut items = self
                .items()
                .filter(|&i| self.item_kind(i) == kind)
                .peekable();
            if kind == ItemKind::Secondary && items.peek().is_some() {
                f.write_str(" |")?;
            }
            for item in items {
                if !std::mem::take(&mut first) {
                    f.write_str(" ")?;
                }
                if let Some(bounds) = self.item_bounds(item) {
                    match (*bounds.start(), *bounds.end()) {
                        (1, 1) => {}
                        (min, max) if min == max => write!(f, "{max}|")?,
                        (min, max) => write!(f, "{min}:{max}|")?,
                    }
                }
                f.write_str(self.item_name(item))?;
            }
        }
        writeln!(f)?;
        // A line at a time: one call to the writer per option rather than
        // one per name, space and colon.
        let mut line = String::new();
        for (option, entries) in self.options() {
            line.clear();
            write_option(&mut line, self, entries, self.option_cost(option))?;
            line.push('\n');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

/// Displays one option as it is written in the text format: `a b x:red`,
/// and its cost when it has one, as one entry at the end: `a b |7`.
#[derive(Clone, Copy, Debug)]
pub struct OptionDisplay<'a> {
    problem: &'a Problem,
    entries: &'a [Entry],
    cost: u64,
}

impl<'a> OptionDisplay<'a> {
    /// Displays `option` of `problem`.
    ///
    /// # Panics
    /// If `option` is not an option of `problem`.
    pub fn new(problem: &'a Problem, option: OptionId) -> Self {
        OptionDisplay {
            problem,
            entries: problem.option(option),
            cost: problem.option_cost(option),
        }
    }
}

impl fmt::Display for OptionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_option(f, self.problem, self.entries, self.cost)
    }
}

/// Writes an option of `problem` as the text format has it: its entries
/// (`a b x:red`), then its cost as one entry when it has one (`|7`).
fn write_option(
    out: &mut impl fmt::Write,
    problem: &Problem,
    entries: &[Entry],
    cost: u64,
) -> fmt::Result {
    for (k, entry) in entries.iter().enumerate() {
        if k > 0 {
            out.write_str(" ")?;
        }
        out.write_str(problem.item_name(entry.item))?;
        if let Some(color) = entry.color {
            out.write_str(":")?;
            out.write_str(problem.color_name(color))?;
        }
    }
    if cost > 0 {
        write!(out, " |{cost}")?;
    }
    Ok(())
}

/// Reads Knuth's text format, as [`parse_problem`](crate::parse_problem)
/// does.
///
/// ```
/// let problem: dance_dlx::Problem = "a b | x\na x\nb\n".parse()?;
/// assert_eq!((problem.item_count(), problem.option_count()), (3, 2));
/// assert_eq!(dance_dlx::Solver::new(&problem).count(), 1);
/// # Ok::<(), dance_dlx::TextError>(())
/// ```
impl std::str::FromStr for Problem {
    type Err = TextError;

    fn from_str(text: &str) -> Result<Problem, TextError> {
        parse_problem(text)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};

    use super::*;

    fn syntax(text: &[u8]) -> (usize, usize, String) {
        match read_problem(text) {
            Err(TextError::Syntax { line, column, kind }) => (line, column, kind.to_string()),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn byte_order_marks_and_every_line_ending() {
        for text in [
            &b"\xEF\xBB\xBFa b\na\nb\n"[..],
            b"a b\r\na\r\nb\r\n",
            b"a b\ra\rb\r",
            b"| comment\ra b\r\na\nb",
        ] {
            let problem = read_problem(text).unwrap();
            assert_eq!((problem.item_count(), problem.option_count()), (2, 2));
        }
        assert_eq!(
            syntax(b"a b\r\na\r\rc\n"),
            (4, 1, "unknown item `c`".to_owned())
        );
    }

    #[test]
    fn a_line_past_the_cap_is_an_error_without_reading_it_all() {
        // 1 GiB produced lazily: reading it whole would take a gigabyte.
        let long = io::repeat(b'a').take(1 << 30);
        let reader = BufReader::new((&b"a\n"[..]).chain(long));
        match read_problem(reader) {
            Err(TextError::Syntax { line, column, kind }) => {
                assert_eq!((line, column), (2, LINE_CAP + 1));
                assert_eq!(kind, SyntaxError::LineTooLong { cap: LINE_CAP });
            }
            other => panic!("{other:?}"),
        }
        let exact = [b"a\n".to_vec(), vec![b'a'; LINE_CAP]].concat();
        assert!(matches!(
            read_problem(&exact[..]),
            Err(TextError::Syntax {
                kind: SyntaxError::Build(BuildError::UnknownItemName(_)),
                ..
            })
        ));
    }

    #[test]
    fn names_in_messages_are_cut_and_escaped() {
        let long = "x".repeat(10_000);
        let (_, _, message) = syntax(format!("a\n{long}\n").as_bytes());
        assert_eq!(message, format!("unknown item `{}…`", "x".repeat(60)));
        let (_, _, message) = syntax(b"a\na\x00\n");
        assert_eq!(message, "unknown item `a\\0`");
        let (_, _, message) = syntax(b"a\x1b a\x1b\n");
        assert_eq!(message, "item `a\\u{1b}` is declared twice");
    }
}
