//! Bounded line reading over any [`BufRead`], shared by every format.
//!
//! Lines are read with `fill_buf`/`consume`, keeping at most
//! [`LINE_CAP`] bytes of each: the rest of an over-long line is skipped as
//! it streams past, so memory stays bounded whatever the input.
//!
//! A line ends at `\n` (Unix), `\r\n` (Windows) or a lone `\r` (classic
//! Mac OS); a UTF-8 byte-order mark at the very start of the input is
//! skipped, so that editors which write one do not shift the first record.

use std::collections::VecDeque;
use std::io::{self, BufRead};

/// The longest line, in bytes without its line ending, that a reader
/// accepts: 64 KiB, far above any valid record (a 25×25 line with its region
/// map is about 1,250 characters).
pub const LINE_CAP: usize = 64 * 1024;

/// The UTF-8 encoding of U+FEFF, which some editors put first in a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// One line of input, numbered from 1.
#[derive(Clone, Debug)]
pub(crate) struct RawLine {
    pub(crate) number: usize,
    /// The line without its ending, lossily decoded when it is not UTF-8 and
    /// cut at [`LINE_CAP`] bytes when it is too long.
    pub(crate) text: String,
    pub(crate) fault: Option<Fault>,
}

/// Why a line cannot be parsed at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The first invalid byte is at this 1-based character column.
    NotUtf8 { column: usize },
    /// The line is longer than [`LINE_CAP`] bytes.
    TooLong,
}

impl RawLine {
    /// Blank (only whitespace) lines.
    pub(crate) fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Comment lines: the first non-blank character is `#`.
    pub(crate) fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }
}

/// Where the input ended: just past the last character of an unterminated
/// final line, or at column 1 of the line after a final line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct End {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// Reads [`RawLine`]s, with room to push lines back after peeking.
pub(crate) struct LineReader<R> {
    reader: R,
    lines_read: usize,
    /// Characters on the last line read and whether it had a line ending.
    last: Option<(usize, bool)>,
    pushed_back: VecDeque<RawLine>,
    done: bool,
    /// The last line ended with `\r`: a `\n` right after it belongs to it.
    after_carriage_return: bool,
}

impl<R: BufRead> LineReader<R> {
    pub(crate) fn new(reader: R) -> LineReader<R> {
        LineReader {
            reader,
            lines_read: 0,
            last: None,
            pushed_back: VecDeque::new(),
            done: false,
            after_carriage_return: false,
        }
    }

    /// Puts `line` back so the next call to [`LineReader::next_line`]
    /// returns it again; lines pushed back come out in the order pushed.
    pub(crate) fn push_back(&mut self, line: RawLine) {
        self.pushed_back.push_back(line);
    }

    /// The position where the input ended; meaningful once
    /// [`LineReader::next_line`] has returned `None`.
    pub(crate) fn end(&self) -> End {
        match self.last {
            Some((chars, false)) => End {
                line: self.lines_read,
                column: chars + 1,
            },
            _ => End {
                line: self.lines_read + 1,
                column: 1,
            },
        }
    }

    /// The next line, `None` at the end of input, or the I/O error that
    /// ended it (after which the reader is done).
    pub(crate) fn next_line(&mut self) -> Option<io::Result<RawLine>> {
        if let Some(line) = self.pushed_back.pop_front() {
            return Some(Ok(line));
        }
        if self.done {
            return None;
        }
        if self.after_carriage_return {
            self.after_carriage_return = false;
            if let Err(e) = self.skip_newline() {
                self.done = true;
                return Some(Err(e));
            }
        }
        // One byte past the cap tells a line of exactly LINE_CAP bytes from
        // a longer one.
        let keep = LINE_CAP + 1;
        let mut bytes = Vec::new();
        let mut overflow = false;
        let mut any = false;
        let mut newline = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            any = true;
            let (content, used) = match line_end(chunk) {
                Some(at) => {
                    newline = true;
                    self.after_carriage_return = chunk.get(at) == Some(&b'\r');
                    (chunk.get(..at).unwrap_or_default(), at + 1)
                }
                None => (chunk, chunk.len()),
            };
            let room = keep.saturating_sub(bytes.len());
            let kept = content.get(..room).unwrap_or(content);
            if bytes.is_empty() {
                // A line within one buffer (nearly every one): allocated
                // once at its size, not grown from nothing.
                bytes = kept.to_vec();
            } else {
                bytes.extend_from_slice(kept);
            }
            overflow |= content.len() > room;
            self.reader.consume(used);
            if newline {
                break;
            }
        }
        if !any {
            return None;
        }
        if self.lines_read == 0 && bytes.starts_with(BYTE_ORDER_MARK) {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        let too_long = overflow || bytes.len() > LINE_CAP;
        bytes.truncate(LINE_CAP);
        self.lines_read += 1;
        let number = self.lines_read;
        // A line that is too long is reported as such even when the cut at
        // the cap split a character or the line holds invalid bytes.
        let (text, fault) = match String::from_utf8(bytes) {
            Ok(text) => (text, too_long.then_some(Fault::TooLong)),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = bytes
                    .get(..valid)
                    .and_then(|prefix| std::str::from_utf8(prefix).ok())
                    .map_or(1, |prefix| prefix.chars().count() + 1);
                let fault = if too_long {
                    Fault::TooLong
                } else {
                    Fault::NotUtf8 { column }
                };
                (String::from_utf8_lossy(&bytes).into_owned(), Some(fault))
            }
        };
        let chars = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        };
        self.last = Some((chars, newline));
        Some(Ok(RawLine {
            number,
            text,
            fault,
        }))
    }

    /// Consumes a `\n` if it is the next byte (the end of a `\r\n`).
    fn skip_newline(&mut self) -> io::Result<()> {
        loop {
            match self.reader.fill_buf() {
                Ok(chunk) => {
                    if chunk.first() == Some(&b'\n') {
                        self.reader.consume(1);
                    }
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

/// The index of the first `\n` or `\r` in `bytes`. Every line is scanned
/// for its end, so this is per-record work: eight bytes at a time, looking
/// at them one by one only where one is below `\r` + 1 (a line ending or a
/// rarer control character).
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let is_end = |b: &u8| *b == b'\n' || *b == b'\r';
    let mut chunks = bytes.chunks_exact(8);
    let mut start = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        // Nonzero exactly when some byte of `word` is below `\r` + 1.
        let low = word.wrapping_sub(ONES * u64::from(b'\r' + 1)) & !word & HIGHS;
        if low != 0
            && let Some(at) = chunk.iter().position(is_end)
        {
            return Some(start + at);
        }
        start += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(is_end)
        .map(|at| start + at)
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_end_finds_the_first_line_ending_anywhere() {
        let naive = |bytes: &[u8]| bytes.iter().position(|&b| b == b'\n' || b == b'\r');
        let fillers = [b'.', 0x0B, 0x0C, 0x8A, 0x8D, 0x00, 0xFF, b'\t'];
        for len in 0..40 {
            for end in 0..=len {
                for filler in fillers {
                    for ending in [b'\n', b'\r'] {
                        let mut bytes = vec![filler; len];
                        if let Some(byte) = bytes.get_mut(end) {
                            *byte = ending;
                        }
                        if end + 3 < len {
                            bytes[end + 3] = b'\n';
                        }
                        assert_eq!(super::line_end(&bytes), naive(&bytes), "{bytes:?}");
                    }
                }
            }
        }
    }

    use std::io::{BufReader, Read};

    use super::*;

    fn read_all(bytes: &[u8]) -> (Vec<(usize, String, Option<Fault>)>, End) {
        let mut reader = LineReader::new(bytes);
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line() {
            let line = line.unwrap();
            lines.push((line.number, line.text, line.fault));
        }
        (lines, reader.end())
    }

    #[test]
    fn strips_line_endings_and_counts_lines() {
        let (lines, end) = read_all(b"ab\r\ncd\n\nlast");
        let texts: Vec<&str> = lines.iter().map(|(_, t, _)| t.as_str()).collect();
        assert_eq!(texts, ["ab", "cd", "", "last"]);
        assert_eq!(lines.last().map(|l| l.0), Some(4));
        assert_eq!(end, End { line: 4, column: 5 });
    }

    #[test]
    fn end_after_a_final_line_ending() {
        let (lines, end) = read_all(b"ab\r\n");
        assert_eq!(lines.len(), 1);
        assert_eq!(end, End { line: 2, column: 1 });
    }

    #[test]
    fn empty_input_has_no_lines() {
        let (lines, end) = read_all(b"");
        assert!(lines.is_empty());
        assert_eq!(end, End { line: 1, column: 1 });
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let (lines, end) = read_all(b"a\rb\r\n\rc\r");
        let texts: Vec<&str> = lines.iter().map(|(_, t, _)| t.as_str()).collect();
        assert_eq!(texts, ["a", "b", "", "c"]);
        assert_eq!(end, End { line: 5, column: 1 });
    }

    #[test]
    fn a_carriage_return_and_newline_split_across_reads_are_one_ending() {
        let source = BufReader::with_capacity(2, &b"ab\r\ncd\n"[..]);
        let mut reader = LineReader::new(source);
        let texts: Vec<String> = std::iter::from_fn(|| reader.next_line())
            .map(|line| line.unwrap().text)
            .collect();
        assert_eq!(texts, ["ab", "cd"]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let (lines, _) = read_all(b"\xEF\xBB\xBFab\n\xEF\xBB\xBFcd\n");
        assert_eq!(lines[0].1, "ab");
        assert_eq!(lines[0].2, None);
        // Only at the start of the input.
        assert_eq!(lines[1].1, "\u{feff}cd");
    }

    #[test]
    fn non_utf8_reports_the_column_of_the_first_bad_byte() {
        let (lines, _) = read_all("é1\u{fffd}".as_bytes());
        assert_eq!(lines[0].2, None);
        let (lines, _) = read_all(b"ok\n\xc3\xa9a\xffb\nnext");
        assert_eq!(lines[1].2, Some(Fault::NotUtf8 { column: 3 }));
        assert_eq!(lines[1].1, "éa\u{fffd}b");
        assert_eq!(lines[2].1, "next");
    }

    #[test]
    fn an_over_long_line_is_cut_and_the_next_line_read() {
        // 50 MiB produced lazily, so only the reader's buffering could hold
        // it whole.
        let source = BufReader::new(io::repeat(b'.').take(50 << 20).chain(&b"\r\nnext\n"[..]));
        let mut reader = LineReader::new(source);
        let long = reader.next_line().unwrap().unwrap();
        assert_eq!(long.fault, Some(Fault::TooLong));
        assert_eq!(long.text.len(), LINE_CAP);
        let next = reader.next_line().unwrap().unwrap();
        assert_eq!(
            (next.number, next.text.as_str(), next.fault),
            (2, "next", None)
        );
        assert!(reader.next_line().is_none());
    }

    #[test]
    fn the_cap_is_exact() {
        let exact = [vec![b'x'; LINE_CAP], b"\r\n".to_vec()].concat();
        let (lines, _) = read_all(&exact);
        assert_eq!(lines[0].2, None);
        assert_eq!(lines[0].1.len(), LINE_CAP);
        let over = vec![b'x'; LINE_CAP + 1];
        let (lines, end) = read_all(&over);
        assert_eq!(lines[0].2, Some(Fault::TooLong));
        assert_eq!(
            end,
            End {
                line: 1,
                column: LINE_CAP + 1
            }
        );
    }

    #[test]
    fn pushed_back_lines_come_out_first_in_order() {
        let mut reader = LineReader::new(&b"a\nb\nc\n"[..]);
        let a = reader.next_line().unwrap().unwrap();
        let b = reader.next_line().unwrap().unwrap();
        reader.push_back(a);
        reader.push_back(b);
        let texts: Vec<String> = std::iter::from_fn(|| reader.next_line())
            .map(|line| line.unwrap().text)
            .collect();
        assert_eq!(texts, ["a", "b", "c"]);
    }
}
