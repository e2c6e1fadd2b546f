//! The values of a puzzle's or a grid's cells, one per cell in row-major
//! order: inline up to [`INLINE`] cells (a 9×9 puzzle, the common size), on
//! the heap beyond.
//!
//! A batch of 9×9 puzzles reads a puzzle and makes a grid per record; held
//! inline (81 bytes each: an `Option<Digit>` is one byte), neither
//! allocates. On two threads that matters more than the allocation itself:
//! a record read on one worker is often dropped on the other (whichever
//! hands the answers on in order), and the allocator's slow path for
//! memory freed by another thread is dear.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// The most cells held inline: a 9×9 puzzle's.
pub(crate) const INLINE: usize = 81;

/// One value per cell: see the [module docs](self).
#[derive(Clone)]
pub(crate) enum Values<T: Copy> {
    /// Up to [`INLINE`] values: the first `len` of `values`.
    Inline { len: u8, values: [T; INLINE] },
    /// More.
    Heap(Box<[T]>),
}

impl<T: Copy> Values<T> {
    /// `count` copies of `value`.
    pub(crate) fn filled(value: T, count: usize) -> Values<T> {
        match u8::try_from(count) {
            Ok(len) if count <= INLINE => Values::Inline {
                len,
                values: [value; INLINE],
            },
            _ => Values::Heap(vec![value; count].into_boxed_slice()),
        }
    }

    /// The values of `slice`.
    pub(crate) fn from_slice(slice: &[T]) -> Values<T> {
        match slice.first() {
            Some(&first) if slice.len() <= INLINE => {
                let mut values = Values::filled(first, slice.len());
                values.copy_from_slice(slice);
                values
            }
            _ => Values::Heap(slice.into()),
        }
    }

    /// The values of `vec`: inline when they fit (the vector is dropped),
    /// else the vector's own allocation.
    pub(crate) fn from_vec(vec: Vec<T>) -> Values<T> {
        if vec.len() <= INLINE && !vec.is_empty() {
            Values::from_slice(&vec)
        } else {
            Values::Heap(vec.into_boxed_slice())
        }
    }
}

impl<T: Copy> From<Vec<T>> for Values<T> {
    fn from(vec: Vec<T>) -> Values<T> {
        Values::from_vec(vec)
    }
}

impl<T: Copy> FromIterator<T> for Values<T> {
    /// Inline when the iterator says it ends within [`INLINE`] values, by an
    /// exact length or only an upper bound (as `filter_map` and a `collect`
    /// into `Option` give): no allocation.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Values<T> {
        let mut iter = iter.into_iter();
        let (lower, upper) = iter.size_hint();
        match iter.next() {
            Some(first) if Some(lower) == upper && lower <= INLINE => {
                // Filled in one pass, trusting the length (an iterator that
                // says an exact length and breaks it is wrong, as for any
                // `collect`); `zip` over the iterator itself, not a borrow of
                // it, is what lets the compiler drop the checks per value.
                let mut values = Values::filled(first, lower);
                for (slot, value) in values[1..].iter_mut().zip(iter) {
                    *slot = value;
                }
                values
            }
            Some(first) => Values::counted(first, iter),
            None => Values::Heap(Box::new([])),
        }
    }
}

impl<T: Copy> Values<T> {
    /// The values of an iterator of no exact length: `first`, then `rest`.
    #[inline(never)]
    fn counted(first: T, mut rest: impl Iterator<Item = T>) -> Values<T> {
        if rest.size_hint().1.is_none_or(|upper| upper >= INLINE) {
            return Values::from_vec(std::iter::once(first).chain(rest).collect());
        }
        let mut values = [first; INLINE];
        let mut len = 1;
        for (slot, value) in values[1..].iter_mut().zip(rest.by_ref()) {
            *slot = value;
            len += 1;
        }
        match rest.next() {
            None => Values::Inline {
                len: len as u8,
                values,
            },
            Some(more) => Values::spilled(&values[..len], more, rest),
        }
    }

    /// `head`, `more` and `rest` on the heap: an iterator that went on past
    /// the upper bound it said.
    #[cold]
    fn spilled(head: &[T], more: T, rest: impl Iterator<Item = T>) -> Values<T> {
        Values::Heap(
            head.iter()
                .copied()
                .chain(std::iter::once(more))
                .chain(rest)
                .collect(),
        )
    }
}

impl<T: Copy> Deref for Values<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Values::Inline { len, values } => &values[..usize::from(*len)],
            Values::Heap(values) => values,
        }
    }
}

impl<T: Copy> DerefMut for Values<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Values::Inline { len, values } => &mut values[..usize::from(*len)],
            Values::Heap(values) => values,
        }
    }
}

impl<T: Copy + fmt::Debug> fmt::Debug for Values<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T: Copy + PartialEq> PartialEq for Values<T> {
    fn eq(&self, other: &Values<T>) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq> Eq for Values<T> {}

impl<T: Copy + Hash> Hash for Values<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_inline_and_on_the_heap() {
        for count in [0, 1, 16, 80, 81, 82, 256, 625] {
            let vec: Vec<u16> = (0..count as u16).collect();
            let ways = [
                Values::from_slice(&vec),
                Values::from_vec(vec.clone()),
                vec.iter().copied().collect(),
                // Only an upper bound: inline all the same when it fits.
                vec.iter().copied().filter_map(Some).collect(),
                vec.iter()
                    .map(|&value| Some(value))
                    .collect::<Option<_>>()
                    .unwrap(),
            ];
            for values in ways {
                assert_eq!(&*values, vec.as_slice(), "{count}");
                assert_eq!(
                    matches!(values, Values::Inline { .. }),
                    (1..=INLINE).contains(&count),
                    "{count}"
                );
                assert_eq!(format!("{values:?}"), format!("{vec:?}"));
            }
            let filled = Values::filled(7u8, count);
            assert_eq!(&*filled, vec![7u8; count].as_slice());
        }
        // Equal values are equal however they are held.
        let inline = Values::from_slice(&[1u8, 2]);
        let heap = Values::Heap(vec![1u8, 2].into_boxed_slice());
        assert_eq!(inline, heap);
        let hash = |values: &Values<u8>| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            values.hash(&mut hasher);
            hasher.finish()
        };
        assert_eq!(hash(&inline), hash(&heap));
    }
}
