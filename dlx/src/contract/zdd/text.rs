//! The reader of DLX6's text format (the writer is [`Zdd`]'s `Display`).
//!
//! A line is `ID: (~OPT?LO:HI)`: `ID`, `LO` and `HI` hexadecimal, `OPT`
//! decimal; blanks may stand around each part (ZDDREAD reads the lines with
//! `sscanf`, which skips them), and blank lines are skipped. Ids 0 and 1 are
//! the sinks and cannot be defined; every other id used must be defined,
//! once, in any order, and no node may lead back to itself. The root is the
//! one node with option 0, its `LO` 0.

use super::{IdMap, Node, Zdd, ZddError};

/// What is wrong with a ZDD's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ZddReadError {
    /// A line is malformed; the position is 1-based (the column in
    /// characters).
    #[error("{line}:{column}: {kind}")]
    Syntax {
        /// The line.
        line: usize,
        /// The column where the offending part starts.
        column: usize,
        /// What is wrong.
        kind: ZddSyntax,
    },
    /// No line is the root: DLX6 writes `(~0?0:TOP)` last.
    #[error("no root: no line has option 0 (DLX6 writes the root `ID: (~0?0:TOP)` last)")]
    NoRoot,
}

/// The ways a line of a ZDD's text can be wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ZddSyntax {
    /// Something else stands where the format wants this.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A number does not fit 32 bits.
    #[error("number too large (at most ffffffff, or 4294967295 for an option)")]
    TooLarge,
    /// A line defines a sink.
    #[error("node {0:x} is a sink and cannot be defined")]
    Sink(u64),
    /// A node is defined twice.
    #[error("node {id:x} is defined again (first on line {first})")]
    Duplicate {
        /// The node.
        id: u64,
        /// The line that defined it first.
        first: usize,
    },
    /// A node names a node no line defines.
    #[error("node {0:x} is not defined")]
    Unknown(u64),
    /// A second line has option 0.
    #[error("a second root (option 0; the first on line {0})")]
    SecondRoot(usize),
    /// The root's `LO` is not 0.
    #[error("the root (option 0) must have LO 0")]
    RootLo,
    /// A node leads back to itself.
    #[error("node {0:x} leads back to itself")]
    Cycle(u64),
    /// A node names the root as a child.
    #[error("the root {0:x} cannot be a child of another node")]
    RootChild(u64),
    /// More nodes than ids.
    #[error("too many nodes")]
    TooMany,
}

/// A line read: the node, by position in the list of lines read, and where.
struct Line {
    id: u64,
    option: u32,
    lo: u64,
    hi: u64,
    line: usize,
    /// Columns of `LO` and `HI`.
    columns: [usize; 2],
}

/// Reads a diagram; see the [module docs](self).
pub(super) fn read(text: &str) -> Result<Zdd, ZddReadError> {
    let mut lines: Vec<Line> = Vec::new();
    let mut root: Option<usize> = None;
    for (index, content) in text.lines().enumerate() {
        let line = index + 1;
        if content.trim().is_empty() {
            continue;
        }
        let parsed = parse_line(content, line)?;
        if parsed.id < 2 {
            return Err(syntax(line, 1, ZddSyntax::Sink(parsed.id)));
        }
        if parsed.option == 0 {
            if let Some(first) = root {
                return Err(syntax(line, 1, ZddSyntax::SecondRoot(lines[first].line)));
            }
            if parsed.lo != 0 {
                return Err(syntax(line, parsed.columns[0], ZddSyntax::RootLo));
            }
            root = Some(lines.len());
        }
        lines.push(parsed);
    }
    let root = root.ok_or(ZddReadError::NoRoot)?;
    // Positions: the sinks 0 and 1, then the lines in order.
    let mut ids = IdMap::default();
    for (k, parsed) in lines.iter().enumerate() {
        let position =
            u32::try_from(k + 2).map_err(|_| syntax(parsed.line, 1, ZddSyntax::TooMany))?;
        if let Some(&first) = ids.get(&parsed.id) {
            let first = lines[first as usize - 2].line;
            return Err(syntax(
                parsed.line,
                1,
                ZddSyntax::Duplicate {
                    id: parsed.id,
                    first,
                },
            ));
        }
        ids.insert(parsed.id, position);
    }
    let root_id = lines[root].id;
    let position = |id: u64, line: usize, column: usize| match id {
        0 | 1 => Ok(id as u32),
        _ if id == root_id => Err(syntax(line, column, ZddSyntax::RootChild(id))),
        _ => ids
            .get(&id)
            .copied()
            .ok_or_else(|| syntax(line, column, ZddSyntax::Unknown(id))),
    };
    let mut nodes = vec![Node::SINK; 2];
    nodes.reserve(lines.len());
    for parsed in &lines {
        nodes.push(Node {
            // The root's option is never read.
            option: parsed.option.wrapping_sub(1),
            lo: position(parsed.lo, parsed.line, parsed.columns[0])?,
            hi: position(parsed.hi, parsed.line, parsed.columns[1])?,
        });
    }
    check_acyclic(&nodes, &lines)?;
    let options = lines.iter().map(|l| l.option as usize).max().unwrap_or(0);
    let top = nodes[root + 2].hi;
    // The diagram read has no more nodes than lines: ids fit.
    Zdd::canonical(&nodes, top, options, false)
        .map_err(|_: ZddError| syntax(lines[root].line, 1, ZddSyntax::TooMany))
}

fn syntax(line: usize, column: usize, kind: ZddSyntax) -> ZddReadError {
    ZddReadError::Syntax { line, column, kind }
}

/// Fails when some node leads back to itself, naming its line.
fn check_acyclic(nodes: &[Node], lines: &[Line]) -> Result<(), ZddReadError> {
    // 0: not seen; 1: on the path; 2: done.
    let mut state = vec![0u8; nodes.len()];
    state[0] = 2;
    state[1] = 2;
    for start in 2..nodes.len() {
        if state[start] != 0 {
            continue;
        }
        // (node, children looked at)
        let mut stack = vec![(start as u32, 0u8)];
        state[start] = 1;
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            let node = nodes[n as usize];
            let child = match *next {
                0 => node.lo,
                1 => node.hi,
                _ => {
                    state[n as usize] = 2;
                    stack.pop();
                    continue;
                }
            };
            *next += 1;
            match state[child as usize] {
                0 => {
                    state[child as usize] = 1;
                    stack.push((child, 0));
                }
                1 => {
                    let line = &lines[n as usize - 2];
                    let column = line.columns[usize::from(*next - 1)];
                    return Err(syntax(
                        line.line,
                        column,
                        ZddSyntax::Cycle(lines[child as usize - 2].id),
                    ));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// A cursor over one line, counting columns in characters.
struct Cursor<'a> {
    rest: &'a str,
    column: usize,
    line: usize,
}

impl Cursor<'_> {
    fn blanks(&mut self) {
        let trimmed = self.rest.trim_start();
        self.column += self.rest[..self.rest.len() - trimmed.len()].chars().count();
        self.rest = trimmed;
    }

    fn error(&self, kind: ZddSyntax) -> ZddReadError {
        syntax(self.line, self.column, kind)
    }

    /// `c`, after blanks.
    fn expect(&mut self, c: char, what: &'static str) -> Result<(), ZddReadError> {
        self.blanks();
        match self.rest.strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                self.column += 1;
                Ok(())
            }
            None => Err(self.error(ZddSyntax::Expected(what))),
        }
    }

    /// A number in `radix`, after blanks; its column.
    fn number(&mut self, radix: u32, what: &'static str) -> Result<(u64, usize), ZddReadError> {
        self.blanks();
        let digits = self
            .rest
            .find(|c: char| !c.is_digit(radix))
            .unwrap_or(self.rest.len());
        if digits == 0 {
            return Err(self.error(ZddSyntax::Expected(what)));
        }
        let column = self.column;
        let value = u32::from_str_radix(&self.rest[..digits], radix)
            .map_err(|_| self.error(ZddSyntax::TooLarge))?;
        self.rest = &self.rest[digits..];
        self.column += digits;
        Ok((u64::from(value), column))
    }
}

/// One line: `ID: (~OPT?LO:HI)`.
fn parse_line(content: &str, line: usize) -> Result<Line, ZddReadError> {
    let mut cursor = Cursor {
        rest: content,
        column: 1,
        line,
    };
    let (id, _) = cursor.number(16, "a hexadecimal node id")?;
    cursor.expect(':', "`:` after the node id")?;
    cursor.expect('(', "`(`")?;
    cursor.expect('~', "`~` before the option")?;
    let (option, _) = cursor.number(10, "a decimal option number")?;
    cursor.expect('?', "`?` after the option")?;
    let (lo, lo_column) = cursor.number(16, "a hexadecimal LO node")?;
    cursor.expect(':', "`:` after LO")?;
    let (hi, hi_column) = cursor.number(16, "a hexadecimal HI node")?;
    cursor.expect(')', "`)` after HI")?;
    cursor.blanks();
    if !cursor.rest.is_empty() {
        return Err(cursor.error(ZddSyntax::Expected("the end of the line")));
    }
    Ok(Line {
        id,
        option: option as u32,
        lo,
        hi,
        line,
        columns: [lo_column, hi_column],
    })
}
