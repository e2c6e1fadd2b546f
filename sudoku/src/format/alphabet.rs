//! The cell and region-label alphabets shared by the `line` and `grid`
//! formats.

use crate::digit::char_number;
use crate::{Digit, MAX_SIZE};

use super::ParseErrorKind;

/// Characters that mark a blank cell at every size; `0` is a blank too up
/// to size 9, where it cannot be mistaken for a digit of a larger alphabet.
const BLANKS: [char; 3] = ['.', '_', '*'];

/// The largest size at which `0` is read as a blank.
const ZERO_BLANK_MAX: usize = 9;

/// The characters that stand for digits.
///
/// | alphabet | digits 1, 2, … | blanks |
/// |---|---|---|
/// | [`Alphabet::Standard`] | `1`–`9`, then `A`–`P` (or `a`–`p`) | `.`, `_`, `*`, and `0` up to size 9 |
/// | [`Alphabet::Hex`] | `0`–`9`, then `A`–`F` (or `a`–`f`), for 16×16 | `.`, `_`, `*` |
/// | [`Alphabet::Letters`] | `A`, `B`, … (or `a`, `b`, …): `A`–`P` for 16×16, `A`–`Y` for 25×25 | `.`, `_`, `*`, `0` |
///
/// [`Alphabet::Hex`] is the common notation of 16×16 puzzles, where the
/// sixteen symbols are the hexadecimal digits: `0` stands for the first digit
/// (1) and `F` for the last (16). It applies to 16×16 puzzles only; other
/// sizes are read in the standard alphabet.
///
/// [`Alphabet::Letters`] is the other common notation of the large sizes:
/// the k-th letter stands for k, so `A`–`P` are 1 to 16. It applies to the
/// sizes from 10 to 25, whose digits run into letters in the standard
/// alphabet too (where `A` is 10); puzzles of 9×9 and smaller are read and
/// written with `1`–`9` in every alphabet. No letter is `0`, so `0` is a
/// blank at every size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// Digits from `1`, then letters; `0` a blank up to size 9.
    #[default]
    Standard,
    /// 16×16 written `0`–`F`.
    Hex,
    /// Sizes 10 to 25 written `A`, `B`, …: `A`–`P` for 16×16, `A`–`Y` for
    /// 25×25.
    Letters,
}

impl Alphabet {
    /// Whether this alphabet changes how a puzzle of `size` is written.
    fn applies_to(self, size: usize) -> bool {
        match self {
            Alphabet::Standard => false,
            Alphabet::Hex => size == HEX_SIZE,
            Alphabet::Letters => LETTER_SIZES.contains(&size),
        }
    }

    /// `text` (a puzzle or grid printed in the standard alphabet, of
    /// `size`) in this alphabet: for [`Alphabet::Hex`] and 16×16, every
    /// digit one place down (`1` → `0`, `G` → `F`); for
    /// [`Alphabet::Letters`], digit k as the k-th letter (`1` → `A`, `G` →
    /// `P`). A grid's region map — the lines after a map line of `=` — is
    /// left as it is: its labels are not digits (a line record's map is
    /// not told from its cells: respell the cells alone).
    ///
    /// ```
    /// use dance_sudoku::format::Alphabet;
    ///
    /// assert_eq!(Alphabet::Hex.respell("1.9AG", 16), "0.89F");
    /// assert_eq!(Alphabet::Hex.respell("1.9", 9), "1.9");
    /// assert_eq!(Alphabet::Letters.respell("1.9AG", 16), "A.IJP");
    /// assert_eq!(Alphabet::Letters.respell("1 . 9 A\n=======\na a b b\n", 16), "A . I J\n=======\na a b b\n");
    /// ```
    ///
    /// Takes a `String` as well as a `&str`: a `String` that needs no
    /// change is handed back as it is, without a copy.
    pub fn respell(self, text: impl Into<String>, size: usize) -> String {
        let text = text.into();
        if !self.applies_to(size) {
            return text;
        }
        let digits = digit_bytes(self, size);
        let mut map = false;
        let mut respelled = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            map |= is_map_line(line);
            if map {
                respelled.push_str(line);
                continue;
            }
            respelled.extend(line.chars().map(|c| match Digit::from_char(c) {
                Some(digit) if digit.index() < size => char::from(digits[digit.index()]),
                _ => c,
            }));
        }
        respelled
    }
}

/// Whether `line` starts a grid's region map: `=` and whitespace only.
pub(crate) fn is_map_line(line: &str) -> bool {
    line.contains('=') && line.chars().all(|c| c == '=' || c.is_whitespace())
}

/// The one size the hexadecimal alphabet is for.
const HEX_SIZE: usize = 16;

/// The sizes the letters alphabet is for: those whose standard digits run
/// into letters.
const LETTER_SIZES: std::ops::RangeInclusive<usize> = 10..=MAX_SIZE;

/// Reads one cell of a puzzle of `size` in `alphabet`: `Ok(None)` for a
/// blank.
pub(crate) fn decode_in(
    alphabet: Alphabet,
    c: char,
    size: usize,
) -> Result<Option<Digit>, ParseErrorKind> {
    let own = alphabet.applies_to(size);
    // The common cells first (every reader calls this per cell): a blank
    // dot, or a digit 1-9 of the size in the standard alphabet.
    match c {
        '.' => return Ok(None),
        '1'..='9' if !own && usize::from(c as u8 - b'0') <= size => {
            return Ok(Digit::from_number(c as u8 - b'0'));
        }
        _ => {}
    }
    match alphabet {
        _ if !own => decode(c, size),
        Alphabet::Letters => decode_letter(c, size),
        _ if BLANKS.contains(&c) => Ok(None),
        _ => match c.to_digit(16) {
            Some(value) => Ok(Digit::new(value as u8)),
            None => Err(ParseErrorKind::UnexpectedChar {
                found: c,
                size,
                alphabet,
            }),
        },
    }
}

/// Reads one cell of a puzzle of `size` (10 to 25) in the letters
/// alphabet: `A` (or `a`) is 1, `B` 2, and so on; `0` is a blank too.
fn decode_letter(c: char, size: usize) -> Result<Option<Digit>, ParseErrorKind> {
    if c == '0' || BLANKS.contains(&c) {
        return Ok(None);
    }
    let number = match c {
        'A'..='Z' => Some(c as u8 - b'A' + 1),
        'a'..='z' => Some(c as u8 - b'a' + 1),
        _ => None,
    };
    match number {
        Some(number) if usize::from(number) <= size => Ok(Digit::from_number(number)),
        _ => Err(ParseErrorKind::UnexpectedChar {
            found: c,
            size,
            alphabet: Alphabet::Letters,
        }),
    }
}

/// A byte that is no cell in a [`cell_table`]: above every size.
const NOT_A_CELL: u8 = u8::MAX;

/// An alphabet as a byte table: each byte of a range `(first, last,
/// number)` stands for `number` and up (`first` for `number`), the
/// [`BLANKS`] for a blank (0), any other byte for [`NOT_A_CELL`].
const fn table(ranges: &[(u8, u8, u8)]) -> [u8; 256] {
    let mut table = [NOT_A_CELL; 256];
    let mut range = 0;
    while range < ranges.len() {
        let (first, last, number) = ranges[range];
        let mut byte = first;
        while byte <= last {
            table[byte as usize] = number + (byte - first);
            byte += 1;
        }
        range += 1;
    }
    blanks(table)
}

/// `table` with the [`BLANKS`] marked 0.
const fn blanks(mut table: [u8; 256]) -> [u8; 256] {
    let mut i = 0;
    while i < BLANKS.len() {
        table[BLANKS[i] as usize] = 0;
        i += 1;
    }
    table
}

/// The standard alphabet up to size 9: `1`–`9` then letters of either
/// case stand for 1 to 35, and `0` is a blank.
static SMALL: [u8; 256] = table(&[
    (b'1', b'9', 1),
    (b'A', b'Z', 10),
    (b'a', b'z', 10),
    (b'0', b'0', 0),
]);
/// The standard alphabet above size 9, where `0` is no cell.
static LARGE: [u8; 256] = table(&[(b'1', b'9', 1), (b'A', b'Z', 10), (b'a', b'z', 10)]);
/// The hexadecimal alphabet: `0`–`9` and `A`–`F` (either case) stand for 1
/// to 16.
static HEX: [u8; 256] = table(&[(b'0', b'9', 1), (b'A', b'F', 11), (b'a', b'f', 11)]);
/// The letters alphabet: `A`–`Z` (either case) stand for 1 to 26, and `0`
/// is a blank.
static LETTERS: [u8; 256] = table(&[(b'A', b'Z', 1), (b'a', b'z', 1), (b'0', b'0', 0)]);

/// The cells of a puzzle of `size` in `alphabet` as a byte table, for
/// readers of ASCII text: entry `b` is 0 when byte `b` is a blank, the
/// 1-based number of its digit when it is one, and above `size` when
/// [`decode_in`] would refuse it (so the caller falls back to
/// [`decode_in`] for the error). Every entry at most `size` agrees with
/// [`decode_in`]: 0 for `Ok(None)`, `k` for `Ok(Digit::from_number(k))`.
pub(crate) fn cell_table(alphabet: Alphabet, size: usize) -> &'static [u8; 256] {
    if alphabet.applies_to(size) {
        match alphabet {
            Alphabet::Letters => &LETTERS,
            _ => &HEX,
        }
    } else if size <= ZERO_BLANK_MAX {
        &SMALL
    } else {
        &LARGE
    }
}

/// Reads one cell of a puzzle of `size`: `Ok(None)` for a blank.
pub(crate) fn decode(c: char, size: usize) -> Result<Option<Digit>, ParseErrorKind> {
    if BLANKS.contains(&c) || (c == '0' && size <= ZERO_BLANK_MAX) {
        return Ok(None);
    }
    match char_number(c) {
        Some(number) if usize::from(number) <= size => Ok(Digit::from_number(number)),
        Some(_) => Err(ParseErrorKind::DigitOutOfRange { digit: c, size }),
        None => Err(ParseErrorKind::UnexpectedChar {
            found: c,
            size,
            alphabet: Alphabet::Standard,
        }),
    }
}

/// The characters of the digits, by index: `first` for the first
/// `first.len()`, then the standard alphabet's; every byte past the last
/// digit, which no [`Digit`] indexes, is `?`.
const fn digit_chars(first: &[u8]) -> [u8; 256] {
    let standard = b"123456789ABCDEFGHIJKLMNOP";
    let mut chars = [b'?'; 256];
    let mut i = 0;
    while i < MAX_SIZE {
        chars[i] = if i < first.len() {
            first[i]
        } else {
            standard[i]
        };
        i += 1;
    }
    chars
}

/// Every digit's character by index in the standard alphabet. A table of
/// 256 so that any `u8` index needs no bounds check.
static STANDARD_DIGITS: [u8; 256] = digit_chars(b"");

/// Every digit's character by index in the hexadecimal alphabet: as
/// [`Alphabet::respell`] writes them, digits 1 to 16 one place down, the
/// others (which no 16×16 grid holds) as in the standard alphabet.
static HEX_DIGITS: [u8; 256] = digit_chars(b"0123456789ABCDEF");

/// Every digit's character by index in the letters alphabet: `A` to `Y`.
static LETTER_DIGITS: [u8; 256] = digit_chars(b"ABCDEFGHIJKLMNOPQRSTUVWXY");

/// The character of every digit of a puzzle of `size` written in
/// `alphabet`, as an ASCII byte at [`Digit::index`].
pub(crate) fn digit_bytes(alphabet: Alphabet, size: usize) -> &'static [u8; 256] {
    match alphabet {
        _ if !alphabet.applies_to(size) => &STANDARD_DIGITS,
        Alphabet::Letters => &LETTER_DIGITS,
        _ => &HEX_DIGITS,
    }
}

/// Every cell by the number of its table entry ([`cell_table`]): `None`
/// for 0, a blank, else the digit numbered so, as
/// [`Digit::from_number`] gives it.
pub(crate) static CELLS: [Option<Digit>; 256] = {
    let mut cells = [None; 256];
    let mut number = 0;
    while number < 256 {
        cells[number] = Digit::from_number(number as u8);
        number += 1;
    }
    cells
};

/// The character printed for a cell: the digit, or `.` for a blank.
pub(crate) fn encode(cell: Option<Digit>) -> char {
    cell.map_or('.', Digit::to_char)
}

/// What a cell of a puzzle of `size` may be, for error messages.
pub(crate) fn expected(size: usize, alphabet: Alphabet) -> String {
    match alphabet {
        _ if !alphabet.applies_to(size) => {}
        Alphabet::Letters => {
            return format!(
                "a letter {} or a blank ('.', '_', '*' or '0')",
                letter_range(size)
            );
        }
        _ => return "a digit 0-9 or A-F or a blank ('.', '_' or '*')".to_string(),
    }
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

/// The letters of the digits of `size` in the letters alphabet, for error
/// messages: `A-P` for 16.
pub(crate) fn letter_range(size: usize) -> String {
    let last = LETTER_DIGITS[size.clamp(1, MAX_SIZE) - 1];
    format!("A-{}", char::from(last))
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
                size: 10,
                alphabet: Alphabet::Standard,
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
                size: 4,
                alphabet: Alphabet::Standard,
            })
        );
    }

    #[test]
    fn expected_alphabets() {
        let standard = Alphabet::Standard;
        assert_eq!(
            expected(1, standard),
            "the digit 1 or a blank ('.', '_', '*' or '0')"
        );
        assert_eq!(
            expected(4, standard),
            "a digit 1-4 or a blank ('.', '_', '*' or '0')"
        );
        assert_eq!(
            expected(10, standard),
            "a digit 1-9 or A or a blank ('.', '_' or '*')"
        );
        assert_eq!(
            expected(25, standard),
            "a digit 1-9 or A-P or a blank ('.', '_' or '*')"
        );
        // Hex names its own digits at 16×16, and applies to no other size.
        assert_eq!(
            expected(16, Alphabet::Hex),
            "a digit 0-9 or A-F or a blank ('.', '_' or '*')"
        );
        assert_eq!(
            expected(9, Alphabet::Hex),
            "a digit 1-9 or a blank ('.', '_', '*' or '0')"
        );
    }

    #[test]
    fn hex_reads_zero_to_f_at_size_16_only() {
        assert_eq!(decode_in(Alphabet::Hex, '0', 16), Ok(Digit::new(0)));
        assert_eq!(decode_in(Alphabet::Hex, 'f', 16), Ok(Digit::new(15)));
        assert_eq!(decode_in(Alphabet::Hex, '.', 16), Ok(None));
        assert!(decode_in(Alphabet::Hex, 'G', 16).is_err());
        assert_eq!(decode_in(Alphabet::Hex, '0', 9), Ok(None));
        let all: String = "123456789ABCDEFG".to_owned();
        assert_eq!(Alphabet::Hex.respell(&all, 16), "0123456789ABCDEF");
    }

    #[test]
    fn letters_read_a_for_one_from_size_ten_up() {
        let letters = Alphabet::Letters;
        assert_eq!(decode_in(letters, 'A', 16), Ok(Digit::new(0)));
        assert_eq!(decode_in(letters, 'p', 16), Ok(Digit::new(15)));
        assert_eq!(decode_in(letters, 'Y', 25), Ok(Digit::new(24)));
        for blank in ['0', '.', '_', '*'] {
            assert_eq!(decode_in(letters, blank, 16), Ok(None));
        }
        for wrong in ['Q', '5', '?'] {
            let error = decode_in(letters, wrong, 16).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "unexpected character {wrong:?}; expected a letter A-P or a blank ('.', '_', '*' or '0')"
                )
            );
        }
        // 9×9 and smaller are written 1-9 in every alphabet.
        assert_eq!(decode_in(letters, '5', 9), Ok(Digit::new(4)));
        assert!(decode_in(letters, 'A', 9).is_err());
        let all = "123456789ABCDEFGHIJKLMNOP";
        assert_eq!(letters.respell(all, 25), "ABCDEFGHIJKLMNOPQRSTUVWXY");
        assert_eq!(letters.respell(all, 9), all);
    }

    #[test]
    fn errors_name_the_alphabet_that_reads_the_cell() {
        let zero = decode('0', 16).unwrap_err().to_string();
        assert!(zero.ends_with("; if 0-F are the digits, use the hex alphabet (--alphabet hex)"));
        assert!(!decode('0', 25).unwrap_err().to_string().contains("hex"));
        assert_eq!(
            decode('H', 16).unwrap_err().to_string(),
            "digit 'H' stands for 17, out of range for size 16; if the letters A-P are the digits, use the letters alphabet (--alphabet letters)"
        );
        assert_eq!(
            decode('Z', 16).unwrap_err().to_string(),
            "digit 'Z' stands for 35, out of range for size 16"
        );
    }

    #[test]
    fn respelling_leaves_a_region_map_alone() {
        let rows = "1 G\nG 1\n===\na b\nb a\n";
        assert_eq!(Alphabet::Hex.respell(rows, 16), "0 F\nF 0\n===\na b\nb a\n");
        assert_eq!(
            Alphabet::Letters.respell(rows, 16),
            "A P\nP A\n===\na b\nb a\n"
        );
    }

    #[test]
    fn cell_tables_agree_with_decode_in_for_every_byte() {
        for alphabet in [Alphabet::Standard, Alphabet::Hex, Alphabet::Letters] {
            for size in 1..=MAX_SIZE {
                let table = cell_table(alphabet, size);
                for byte in 0..=u8::MAX {
                    let entry = table[usize::from(byte)];
                    let decoded = decode_in(alphabet, char::from(byte), size);
                    if usize::from(entry) <= size {
                        assert_eq!(decoded, Ok(Digit::from_number(entry)), "{byte:#x} {size}");
                    } else {
                        assert!(decoded.is_err(), "{byte:#x} {size} {alphabet:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn digit_bytes_spell_as_to_char_and_respell() {
        let standard: String = (0..MAX_SIZE as u8)
            .filter_map(Digit::new)
            .map(Digit::to_char)
            .collect();
        let table = |alphabet, size| digit_bytes(alphabet, size)[..MAX_SIZE].to_vec();
        assert_eq!(standard.as_bytes(), table(Alphabet::Standard, 16));
        assert_eq!(standard.as_bytes(), table(Alphabet::Hex, 9));
        assert_eq!(standard.as_bytes(), table(Alphabet::Letters, 9));
        assert_eq!(
            Alphabet::Letters.respell(standard.as_str(), 25).as_bytes(),
            table(Alphabet::Letters, 25)
        );
        assert_eq!(
            Alphabet::Hex.respell(standard, 16).as_bytes(),
            table(Alphabet::Hex, 16)
        );
    }

    #[test]
    fn cells_are_the_digits_by_number() {
        for number in 0..=u8::MAX {
            assert_eq!(CELLS[usize::from(number)], Digit::from_number(number));
        }
    }

    #[test]
    fn region_labels_run_from_a_to_y() {
        let labels: String = (0..25).map(region_label).collect();
        assert_eq!(labels, "abcdefghijklmnopqrstuvwxy");
    }
}
