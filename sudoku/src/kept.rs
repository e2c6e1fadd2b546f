//! [`Kept`]: the crate's one cache — a few values kept for reuse, the
//! least recently used dropped first. It keeps the thread pools of each
//! count ([`batch::pool`](crate::batch::pool)), the engines of each shape
//! a [`Solver`](crate::Solver) has built, and (in the Python package) the
//! idle solvers of batches on one thread.

/// At most `N` values (at least one), each under a key (several under one
/// key, for values that are alike: idle solvers), most recently used
/// first.
#[derive(Debug)]
pub struct Kept<K, V, const N: usize> {
    entries: Vec<(K, V)>,
}

impl<K, V, const N: usize> Default for Kept<K, V, N> {
    fn default() -> Self {
        Kept::new()
    }
}

impl<K, V, const N: usize> Kept<K, V, N> {
    /// The most values kept.
    const CAPACITY: usize = if N == 0 { 1 } else { N };

    /// Nothing kept yet.
    pub const fn new() -> Kept<K, V, N> {
        Kept {
            entries: Vec::new(),
        }
    }

    /// The most recently used value under a key that `wanted` accepts,
    /// made the most recent; `None` when there is none.
    pub fn find(&mut self, wanted: impl Fn(&K) -> bool) -> Option<&mut V> {
        if self.promote(wanted) {
            self.entries.first_mut().map(|(_, value)| value)
        } else {
            None
        }
    }

    /// Makes the most recently used value under a key that `wanted`
    /// accepts the most recent: whether there is one.
    pub fn promote(&mut self, wanted: impl Fn(&K) -> bool) -> bool {
        match self.entries.iter().position(|(key, _)| wanted(key)) {
            Some(position) => {
                self.entries[..=position].rotate_right(1);
                true
            }
            None => false,
        }
    }

    /// The most recent value.
    pub fn first_mut(&mut self) -> Option<&mut V> {
        self.entries.first_mut().map(|(_, value)| value)
    }

    /// Takes out the most recently used value under a key that `wanted`
    /// accepts.
    pub fn take(&mut self, wanted: impl Fn(&K) -> bool) -> Option<V> {
        let position = self.entries.iter().position(|(key, _)| wanted(key))?;
        Some(self.entries.remove(position).1)
    }

    /// Keeps `value` under `key` as the most recent, dropping the value
    /// under a key that `replaced` names (one that must not pile up: an
    /// engine that serves a single puzzle) and the least recently used
    /// beyond the capacity; the value as kept.
    pub fn keep(&mut self, key: K, value: V, replaced: impl Fn(&K) -> bool) -> &mut V {
        if let Some(position) = self.entries.iter().position(|(key, _)| replaced(key)) {
            self.entries.remove(position);
        }
        self.entries.truncate(Self::CAPACITY - 1);
        self.entries.insert(0, (key, value));
        &mut self.entries[0].1
    }

    /// Values kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first() {
        let mut kept: Kept<_, _, 2> = Kept::new();
        kept.keep(1, "one", |_| false);
        kept.keep(2, "two", |_| false);
        assert_eq!(kept.find(|&k| k == 1), Some(&mut "one"));
        kept.keep(3, "three", |_| false);
        assert_eq!(kept.find(|&k| k == 2), None);
        assert_eq!(kept.take(|&k| k == 1), Some("one"));
        assert_eq!(kept.len(), 1);
    }

    #[test]
    fn a_replaced_value_goes_before_the_oldest() {
        let mut kept: Kept<_, _, 3> = Kept::new();
        kept.keep((1, false), 'a', |_| false);
        kept.keep((2, true), 'b', |_| false);
        kept.keep((3, true), 'c', |key| key.1);
        assert_eq!(kept.find(|key| key.0 == 2), None);
        assert_eq!(kept.find(|key| key.0 == 1), Some(&mut 'a'));
        assert_eq!(kept.len(), 2);
    }
}
