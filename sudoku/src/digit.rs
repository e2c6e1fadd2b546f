//! The [`Digit`] newtype and the text alphabet shared by every format.

use std::fmt;
use std::num::NonZeroU8;

use crate::MAX_SIZE;

/// A digit of an N×N puzzle: 0-based inside, 1-based in text.
///
/// The value held is the digit's *index* `0..N` (at most `0..25`), so it can
/// index tables directly. Text shows the 1-based *number* `1..=N` as one
/// character: `1`–`9` for 1 to 9, then `A`–`Z` for 10 onwards, so a 16×16
/// puzzle uses `1-9A-G` and a 25×25 one `1-9A-P`. Letters are read in either
/// case and always printed in upper case.
///
/// ```
/// use dance_sudoku::Digit;
///
/// let g = Digit::from_char('g').unwrap();
/// assert_eq!((g.index(), g.number(), g.to_char()), (15, 16, 'G'));
/// assert_eq!(Digit::new(8).unwrap().to_string(), "9");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(
    /// The 1-based number: never 0, so that an `Option<Digit>` (a cell,
    /// given or blank) is one byte and a 9×9 puzzle's cells 81.
    NonZeroU8,
);

/// `Digit(INDEX)`, the 0-based index, as the derived `Debug` of a digit
/// held as its index printed it.
impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Digit").field(&self.index()).finish()
    }
}

impl Digit {
    /// Every digit, by index: for engines that hold digits as small
    /// numbers and need the [`Digit`] of one without a check.
    pub(crate) const ALL: [Digit; MAX_SIZE] = {
        let mut digits = [Digit(NonZeroU8::MIN); MAX_SIZE];
        let mut d = 0;
        while d < MAX_SIZE {
            digits[d] = Digit(NonZeroU8::MIN.saturating_add(d as u8));
            d += 1;
        }
        digits
    };

    /// The digit with 0-based `index`, or `None` when `index` is not below 25.
    pub const fn new(index: u8) -> Option<Digit> {
        if (index as usize) < MAX_SIZE {
            Some(Digit(NonZeroU8::MIN.saturating_add(index)))
        } else {
            None
        }
    }

    /// The digit whose 1-based number is `number` (`1..=25`).
    pub const fn from_number(number: u8) -> Option<Digit> {
        match number.checked_sub(1) {
            Some(index) => Digit::new(index),
            None => None,
        }
    }

    /// Reads one character of the text alphabet (`1`–`9`, `A`–`P`, any case).
    ///
    /// Blanks such as `.` are not digits and give `None`, as do letters past
    /// `P`, which would stand for numbers above 25.
    pub fn from_char(c: char) -> Option<Digit> {
        char_number(c).and_then(Digit::from_number)
    }

    /// The 0-based index, `0..N`.
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }

    /// The 1-based number shown in text, `1..=N`.
    pub const fn number(self) -> u8 {
        self.0.get()
    }

    /// The character that shows this digit: `1`–`9`, then `A`–`P`.
    pub fn to_char(self) -> char {
        let number = self.number();
        let byte = if number <= 9 {
            b'0' + number
        } else {
            b'A' + (number - 10)
        };
        char::from(byte)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The number a character of the alphabet stands for: `1`–`9` are 1 to 9 and
/// letters (any case) are 10 to 35; anything else is `None`.
///
/// Parsers use the full range to tell "a letter too large for this size" from
/// "not a digit at all".
pub(crate) fn char_number(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_round_trips_for_every_digit() {
        for index in 0..25u8 {
            let digit = Digit::new(index).unwrap();
            assert_eq!(Digit::from_char(digit.to_char()), Some(digit));
            assert_eq!(
                Digit::from_char(digit.to_char().to_ascii_lowercase()),
                Some(digit)
            );
            assert_eq!(Digit::from_number(digit.number()), Some(digit));
        }
    }

    #[test]
    fn alphabet_is_one_to_nine_then_letters() {
        let text: String = (0..25u8)
            .map(|i| Digit::new(i).unwrap().to_char())
            .collect();
        assert_eq!(text, "123456789ABCDEFGHIJKLMNOP");
    }

    #[test]
    fn out_of_range_values_are_rejected() {
        assert_eq!(Digit::new(25), None);
        assert_eq!(Digit::from_number(0), None);
        assert_eq!(Digit::from_number(26), None);
        for c in ['0', '.', 'Q', 'z', ' ', 'é'] {
            assert_eq!(Digit::from_char(c), None, "{c:?}");
        }
        assert_eq!(char_number('z'), Some(35));
        assert_eq!(char_number('0'), None);
    }
}
