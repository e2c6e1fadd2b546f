//! The cell and region-label alphabets shared by the `line` and `grid`
//! formats.

use crate::Digit;
use crate::digit::char_number;

use super::ParseErrorKind;

/// Characters that mark a blank cell at every size; `0` is a blank too up
/// to size 9, where it cannot be mistaken for a digit of a larger alphabet.
const BLANKS: [char; 3] = ['.', '_', '*'];

/// The largest size at which `0` is read as a blank.
const ZERO_BLANK_MAX: usize = 9;

/// Reads one cell of a puzzle of `size`: `Ok(None)` for a blank.
pub(crate) fn decode(c: char, size: usize) -> Result<Option<Digit>, ParseErrorKind> {
    if BLANKS.contains(&c) || (c == '0' && size <= ZERO_BLANK_MAX) {
        return Ok(None);
    }
    match char_number(c) {
        Some(number) if usize::from(number) <= size => Ok(Digit::from_number(number)),
        Some(_) => Err(ParseErrorKind::DigitOutOfRange { digit: c, size }),
        None => Err(ParseErrorKind::UnexpectedChar { found: c, size }),
    }
}

/// The character printed for a cell: the digit, or `.` for a blank.
pub(crate) fn encode(cell: Option<Digit>) -> char {
    cell.map_or('.', Digit::to_char)
}

/// What a cell of a puzzle of `size` may be, for error messages.
pub(crate) fn expected(size: usize) -> String {
    let digits = match size {
        0 | 1 => "the digit 1".to_string(),
        2..=9 => format!("a digit 1-{size}"),
        10 => "a digit 1-9 or A".to_string(),
        _ => {
            let last = Digit::from_number(size as u8).map_or('P', Digit::to_char);
            format!("a digit 1-9 or A-{last}")
        }
    };
    let blanks = if size <= ZERO_BLANK_MAX {
        "'.', '_', '*' or '0'"
    } else {
        "'.', '_' or '*'"
    };
    format!("{digits} or a blank ({blanks})")
}

/// The number a digit character stands for (0 for a non-digit), for error
/// messages.
pub(crate) fn number(c: char) -> u8 {
    char_number(c).unwrap_or(0)
}

/// The label printed for region `id` in a region map: `a` for region 0 up
/// to `y` for region 24.
pub(crate) fn region_label(id: u8) -> char {
    char::from(b'a'.saturating_add(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_a_blank_only_up_to_nine() {
        assert_eq!(decode('0', 9), Ok(None));
        assert_eq!(
            decode('0', 10),
            Err(ParseErrorKind::UnexpectedChar {
                found: '0',
                size: 10
            })
        );
        for c in ['.', '_', '*'] {
            assert_eq!(decode(c, 25), Ok(None));
        }
    }

    #[test]
    fn digits_are_checked_against_the_size() {
        assert_eq!(decode('g', 16), Ok(Digit::new(15)));
        assert_eq!(
            decode('H', 16),
            Err(ParseErrorKind::DigitOutOfRange {
                digit: 'H',
                size: 16
            })
        );
        assert_eq!(
            decode('Z', 25),
            Err(ParseErrorKind::DigitOutOfRange {
                digit: 'Z',
                size: 25
            })
        );
        assert_eq!(
            decode('?', 4),
            Err(ParseErrorKind::UnexpectedChar {
                found: '?',
                size: 4
            })
        );
    }

    #[test]
    fn expected_alphabets() {
        assert_eq!(expected(1), "the digit 1 or a blank ('.', '_', '*' or '0')");
        assert_eq!(expected(4), "a digit 1-4 or a blank ('.', '_', '*' or '0')");
        assert_eq!(
            expected(10),
            "a digit 1-9 or A or a blank ('.', '_' or '*')"
        );
        assert_eq!(
            expected(25),
            "a digit 1-9 or A-P or a blank ('.', '_' or '*')"
        );
    }

    #[test]
    fn region_labels_run_from_a_to_y() {
        let labels: String = (0..25).map(region_label).collect();
        assert_eq!(labels, "abcdefghijklmnopqrstuvwxy");
    }
}
