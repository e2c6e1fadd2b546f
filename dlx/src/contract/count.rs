//! [`BigCount`]: a number of solutions of any size, a `u128` until it
//! overflows and a [`BigUint`] after.
//!
//! Counts found with the memo grow far past `u64` (the 14×14 domino tilings
//! are about 1.1 · 10²³) and past `u128` soon after, so the count has no
//! fixed width. Most counts are small, though, and the memo adds one count per
//! search node: the `u128` path is a single checked addition with no
//! allocation, and only a sum that overflows it moves to the heap for good.

use std::fmt;

use num_bigint::BigUint;

/// A number of solutions, exact whatever its size.
///
/// ```
/// use dance_dlx::BigCount;
///
/// let mut count = BigCount::from(u128::MAX);
/// count += &BigCount::from(1u64);
/// assert_eq!(count.to_u128(), None);
/// assert_eq!(count.to_string(), "340282366920938463463374607431768211456");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigCount(Repr);

/// Invariant: `Big` only holds numbers above `u128::MAX`, so equal numbers
/// have equal representations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Small(u128),
    Big(BigUint),
}

impl BigCount {
    /// Zero solutions.
    pub const ZERO: BigCount = BigCount(Repr::Small(0));

    /// The count as a `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Big(_) => None,
        }
    }

    /// The count as a `u64`, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }

    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        self.0 == Repr::Small(0)
    }

    /// The count as a big integer, whatever its size.
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(n) => BigUint::from(*n),
            Repr::Big(n) => n.clone(),
        }
    }

    /// Heap bytes held by the count: none while it fits a `u128`.
    pub(crate) fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Small(_) => 0,
            Repr::Big(n) => n.bits().div_ceil(64) as usize * 8,
        }
    }
}

impl Default for BigCount {
    fn default() -> Self {
        BigCount::ZERO
    }
}

impl From<u128> for BigCount {
    fn from(n: u128) -> Self {
        BigCount(Repr::Small(n))
    }
}

impl From<u64> for BigCount {
    fn from(n: u64) -> Self {
        BigCount(Repr::Small(n.into()))
    }
}

impl From<BigUint> for BigCount {
    fn from(n: BigUint) -> Self {
        match u128::try_from(&n) {
            Ok(small) => BigCount(Repr::Small(small)),
            Err(_) => BigCount(Repr::Big(n)),
        }
    }
}

impl PartialEq<u128> for BigCount {
    fn eq(&self, other: &u128) -> bool {
        self.0 == Repr::Small(*other)
    }
}

impl std::ops::AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, other: &BigCount) {
        match (&mut self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_add(*b) {
                Some(sum) => *a = sum,
                None => self.0 = Repr::Big(BigUint::from(*a) + *b),
            },
            (Repr::Big(a), Repr::Small(b)) => *a += *b,
            (Repr::Small(a), Repr::Big(b)) => self.0 = Repr::Big(b + *a),
            (Repr::Big(a), Repr::Big(b)) => *a += b,
        }
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => n.fmt(f),
            Repr::Big(n) => n.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_move_to_big_integers_only_on_overflow() {
        let mut count = BigCount::from(u128::MAX - 1);
        count += &BigCount::from(1u64);
        assert_eq!(count, u128::MAX);
        count += &BigCount::from(2u64);
        assert_eq!(count.to_u128(), None);
        assert_eq!(count.to_biguint(), BigUint::from(u128::MAX) + 2u32);
        let mut small = BigCount::from(5u64);
        small += &count;
        assert_eq!(small.to_biguint(), BigUint::from(u128::MAX) + 7u32);
        small += &small.clone();
        assert_eq!(small.to_biguint(), (BigUint::from(u128::MAX) + 7u32) * 2u32);
    }

    #[test]
    fn equal_numbers_are_equal_however_they_were_made() {
        assert_eq!(BigCount::from(BigUint::from(7u32)), BigCount::from(7u64));
        assert_eq!(BigCount::from(BigUint::from(7u32)).to_u64(), Some(7));
        assert!(BigCount::ZERO.is_zero());
        assert_eq!(BigCount::default(), 0);
        assert_eq!(BigCount::from(u128::MAX).to_u64(), None);
    }
}
