//! How a row of a grid splits into cells — each character, or each
//! whitespace-separated number — shared by the [grid](super::grid) and
//! [numbers](super::numbers) readers, and how a row of numbers is told
//! from a row of characters.

use crate::{Digit, MAX_SIZE};

use super::{Alphabet, ParseErrorKind, line};

/// Whether `c` separates the cells of a row.
pub(crate) fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '+' | '-')
}

/// The cells of a row of numbers, each with its 1-based column: the
/// fields between separators ([`is_separator`]: whitespace, `|`, `+`, `-`).
pub(crate) fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (column, (at, c)) in (1..).zip(text.char_indices()) {
        if !is_separator(c) {
            start.get_or_insert((column, at));
        } else if let Some((column, from)) = start.take() {
            fields.push((column, &text[from..at]));
        }
    }
    if let Some((column, from)) = start {
        fields.push((column, &text[from..]));
    }
    fields
}

/// Reads one cell of a row of numbers of a puzzle of `size`: `Ok(None)` for
/// a blank.
pub(crate) fn decode(text: &str, size: usize) -> Result<Option<Digit>, ParseErrorKind> {
    match number(text) {
        Some(0) => Ok(None),
        Some(number) if number <= size => Ok(Digit::from_number(number as u8)),
        _ if matches!(text, "." | "_" | "*") => Ok(None),
        _ => Err(ParseErrorKind::Number {
            found: text.to_owned(),
            size,
        }),
    }
}

/// The value of a field of decimal digits, `None` for anything else (or a
/// value beyond any size).
fn number(text: &str) -> Option<usize> {
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Whether a row is a row of numbers rather than of characters — what the
/// grid reader and [`Format::detect`](super::Format::detect) ask of a
/// record's first row. It is when it has 10 fields or more (a row of
/// characters with box separators has a field per box, at most 5 for the
/// inferred boxes), up to 25 or a square N² above (a whole puzzle on one
/// line), each a decimal number or a blank `.`, `_`, `*` — a number too
/// large for the size is still a number, whose error says so — and the
/// row is no row of characters:
///
/// - a number has two digits or more (10 and up), or
/// - the whole puzzle is on the line, or
/// - a `0` is among the cells — where the standard alphabet has no `0`
///   above 9×9 — and the row is not in the hexadecimal alphabet (where `0`
///   is a digit): there are two zeros, or no other blank.
///
/// ```
/// use dance_sudoku::format::{numbers::is_numbers_row, Alphabet};
///
/// let standard = Alphabet::Standard;
/// assert!(is_numbers_row("0 15 0 1 0 0 2 14 0 0 0 0 13 0 0 0", standard));
/// assert!(is_numbers_row("1 0 0 0 5 0 0 0 9 0 0 0 0 0 0 3", standard));
/// assert!(!is_numbers_row("0 . . 3 . . 5 . 9 . . . . . . .", standard)); // hex
/// assert!(!is_numbers_row("5 3 0 0 7 0 0 0 0", standard)); // a 9×9 grid row
/// assert!(!is_numbers_row("12|21", standard)); // a packed 4×4 grid row
/// ```
pub fn is_numbers_row(text: &str, alphabet: Alphabet) -> bool {
    let fields = fields(text);
    let count = fields.len();
    if count < 10 || (count > MAX_SIZE && line::square_size(count).is_none()) {
        return false;
    }
    let (mut zeros, mut blanks, mut wide) = (0, 0, false);
    for &(_, field) in &fields {
        match field {
            "0" => zeros += 1,
            "." | "_" | "*" => blanks += 1,
            _ if field.bytes().all(|b| b.is_ascii_digit()) => wide |= field.len() > 1,
            _ => return false,
        }
    }
    let zero_blanks = alphabet != Alphabet::Hex && zeros > 0 && (zeros >= 2 || blanks == 0);
    wide || count > MAX_SIZE || zero_blanks
}
