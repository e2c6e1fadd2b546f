//! [`NameIndex`]: the names of a problem's items (and of a builder's colors)
//! to their ids, without a second copy of the names.

/// Finds ids by name, where the names themselves live elsewhere (the
/// problem's items, the builder's colors).
///
/// An open-addressing table of ids, linear probing, at most half full. Every
/// slot keeps its name's 32-bit hash, so a probe compares names only when
/// the hashes agree and growing never looks at a name. The hash is FxHash's
/// multiply-and-rotate over eight bytes at a time: a few instructions for
/// the short names of exact-cover problems, where std's SipHash took a
/// quarter of the reading of a problem. It is not keyed, so a file of names
/// made to collide can make reading quadratic in its number of names; such a
/// file can as well make the search exponential, which exact cover is.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    /// `(hash, id + 1)`, or `(0, 0)` for an empty slot; the length is 0 or
    /// a power of two.
    slots: Vec<(u32, u32)>,
    len: usize,
}

impl NameIndex {
    /// The id of `name`; `name_of` gives the name of an id.
    pub(crate) fn get<'a>(&self, name: &str, name_of: impl Fn(u32) -> &'a str) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        self.find(hash(name), name, name_of).ok()
    }

    /// Records `id` under `name`, which has no id yet.
    pub(crate) fn insert(&mut self, name: &str, id: u32) {
        self.reserve(1);
        self.place(hash(name), id + 1);
        self.len += 1;
    }

    /// Records `id` under `name` unless an id has that name already (one
    /// probe for both); whether it did. `name_of` as for [`get`](Self::get).
    pub(crate) fn insert_new<'a>(
        &mut self,
        name: &str,
        id: u32,
        name_of: impl Fn(u32) -> &'a str,
    ) -> bool {
        self.reserve(1);
        let hash = hash(name);
        match self.find(hash, name, name_of) {
            Ok(_) => false,
            Err(free) => {
                self.slots[free] = (hash, id + 1);
                self.len += 1;
                true
            }
        }
    }

    /// The probe of a non-empty table for `name` (whose hash is `hash`):
    /// its id, or the free slot where the probe ended.
    fn find<'a>(
        &self,
        hash: u32,
        name: &str,
        name_of: impl Fn(u32) -> &'a str,
    ) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            let (h, slot) = self.slots[at];
            if slot == 0 {
                return Err(at);
            }
            if h == hash && name_of(slot - 1) == name {
                return Ok(slot - 1);
            }
            at = (at + 1) & mask;
        }
    }

    /// Makes room for `more` names without growing again.
    pub(crate) fn reserve(&mut self, more: usize) {
        let needed = (self.len + more) * 2;
        if needed <= self.slots.len() {
            return;
        }
        let old = std::mem::replace(
            &mut self.slots,
            vec![(0, 0); needed.next_power_of_two().max(16)],
        );
        for (h, id) in old.into_iter().filter(|&(_, id)| id != 0) {
            self.place(h, id);
        }
    }

    /// Puts `(hash, slot)` in the first free slot from the hash's own.
    fn place(&mut self, hash: u32, slot: u32) {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        while self.slots[at].1 != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = (hash, slot);
    }
}

/// The high half of the crate's hash of `name`'s bytes.
fn hash(name: &str) -> u32 {
    (crate::hash::hash_bytes(name.as_bytes()) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_finds_its_id_and_no_other_name_finds_one() {
        let names: Vec<String> = (0..1000).map(|k| format!("item{k}")).collect();
        let mut index = NameIndex::default();
        let name_of = |id: u32| names[id as usize].as_str();
        assert_eq!(index.get("item0", name_of), None);
        for (id, name) in names.iter().enumerate() {
            if id % 2 == 0 {
                index.insert(name, id as u32);
            } else {
                assert!(index.insert_new(name, id as u32, name_of));
            }
        }
        assert!(!index.insert_new("item7", 1000, name_of));
        for (id, name) in names.iter().enumerate() {
            assert_eq!(index.get(name, name_of), Some(id as u32));
        }
        for absent in [
            "item1000",
            "",
            "item",
            "a-much-longer-name-than-eight-bytes",
        ] {
            assert_eq!(index.get(absent, name_of), None);
        }
    }

    #[test]
    fn names_that_differ_past_eight_bytes_or_in_length_hash_apart() {
        assert_ne!(hash("abcdefgh1"), hash("abcdefgh2"));
        assert_ne!(hash("a"), hash("a\0"));
        assert_ne!(hash(""), hash("\0"));
    }
}
