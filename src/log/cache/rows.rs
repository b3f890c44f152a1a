//! The cache's rows (id -> row hash, and each row's place 0, 1, 2...), held as the cache file
//! holds them: 64-byte entries sorted by id, with a bucket index on the id's leading bits.
//! Loading a big cache is then one sort of mostly sorted entries (the file is rewritten
//! sorted), not a million hash-map inserts into fresh memory, and a lookup is one or two
//! cache misses (ids are hashes, so the buckets are even). Rows added later (this process's
//! own appends) go to a small map beside them until the file is next rewritten.

use super::super::hash::Hash32;
use std::collections::HashMap;

/// One entry: row id (32 bytes), then the row's hash (32).
pub const ENTRY: usize = 64;
type Entry = [u8; ENTRY];

/// From this many entries a sort runs on every core.
const PAR_SORT_AT: usize = 65_536;

#[derive(Debug, Default, Clone)]
pub struct Rows {
    /// One entry per id, sorted by id; an entry's place is its index.
    sorted: Vec<Entry>,
    /// `index[b]..index[b + 1]`: the entries whose id's leading `bits` bits are `b`.
    index: Vec<u32>,
    bits: u32,
    /// Rows added since: id -> (hash, place), places after the sorted ones.
    added: HashMap<Hash32, ([u8; 32], u32)>,
}

fn id_of(e: &Entry) -> &[u8] {
    &e[..32]
}

impl Rows {
    /// The rows of these entries, in file order: an id that comes twice takes its last hash.
    pub fn from_entries(mut entries: Vec<Entry>) -> Rows {
        if !entries.windows(2).all(|w| id_of(&w[0]) < id_of(&w[1])) {
            // Stable: of equal ids the later entry stays last, and is the one kept. On every
            // core when big (a join's or a first open's million rows, in the tail where the
            // other core would wait).
            if entries.len() >= PAR_SORT_AT {
                use rayon::prelude::*;
                entries.par_sort_by(|a, b| id_of(a).cmp(id_of(b)));
            } else {
                entries.sort_by(|a, b| id_of(a).cmp(id_of(b)));
            }
            let mut out: Vec<Entry> = Vec::with_capacity(entries.len());
            for e in entries {
                match out.last_mut() {
                    Some(last) if id_of(last) == id_of(&e) => *last = e,
                    _ => out.push(e),
                }
            }
            entries = out;
        }
        // About one entry per bucket.
        let n = entries.len();
        let bits = (usize::BITS - n.leading_zeros()).saturating_sub(1).min(28);
        let buckets = 1usize << bits;
        let mut index = Vec::with_capacity(buckets + 1);
        for (i, e) in entries.iter().enumerate() {
            let b = bucket(id_of(e), bits);
            while index.len() <= b {
                index.push(i as u32);
            }
        }
        index.resize(buckets + 1, n as u32);
        Rows {
            sorted: entries,
            index,
            bits,
            added: HashMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.sorted.len() + self.added.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn find(&self, id: &Hash32) -> Option<usize> {
        if self.sorted.is_empty() {
            return None;
        }
        let b = bucket(&id.0, self.bits);
        let (from, to) = (self.index[b] as usize, self.index[b + 1] as usize);
        self.sorted[from..to]
            .iter()
            .position(|e| id_of(e) == id.0)
            .map(|i| from + i)
    }

    /// Starts fetching what a lookup of `id` will read (a hint, nothing else): a batch's
    /// lookups issued together overlap their cache misses, where one after another each
    /// waited for its own (the entries are tens of megabytes, read at random).
    pub fn prefetch(&self, id: &Hash32) {
        if self.sorted.is_empty() {
            return;
        }
        let from = self.index[bucket(&id.0, self.bits)] as usize;
        if let Some(e) = self.sorted.get(from) {
            prefetch_read(e.as_ptr());
        }
    }

    /// The row's hash as verified and its place.
    pub fn get(&self, id: &Hash32) -> Option<([u8; 32], u32)> {
        if let Some(i) = self.find(id) {
            let mut h = [0u8; 32];
            h.copy_from_slice(&self.sorted[i][32..]);
            return Some((h, i as u32));
        }
        self.added.get(id).copied()
    }

    /// Adds a row (a known id keeps its place and takes the new hash).
    pub fn insert(&mut self, id: Hash32, h: [u8; 32]) {
        if let Some(i) = self.find(&id) {
            self.sorted[i][32..].copy_from_slice(&h);
            return;
        }
        let at = self.len() as u32;
        self.added
            .entry(id)
            .and_modify(|v| v.0 = h)
            .or_insert((h, at));
    }

    /// Adds many rows at once, sorted in with the others (as [`insert`](Self::insert) each,
    /// then [`compact`](Self::compact)): a later hash of an id replaces the earlier.
    pub fn extend(&mut self, rows: impl Iterator<Item = (Hash32, [u8; 32])>) {
        self.compact();
        let mut all = std::mem::take(&mut self.sorted);
        all.extend(rows.map(|(id, h)| {
            let mut e = [0u8; ENTRY];
            e[..32].copy_from_slice(&id.0);
            e[32..].copy_from_slice(&h);
            e
        }));
        *self = Rows::from_entries(all);
    }

    /// Every row's id and place (for naming one that is gone).
    pub fn places(&self) -> impl Iterator<Item = (Hash32, u32)> + '_ {
        let sorted = self.sorted.iter().enumerate().map(|(i, e)| {
            let mut id = [0u8; 32];
            id.copy_from_slice(id_of(e));
            (Hash32(id), i as u32)
        });
        sorted.chain(self.added.iter().map(|(id, (_, at))| (*id, *at)))
    }

    /// Every entry sorted by id (what a rewritten file holds); the rows become these.
    pub fn compact(&mut self) -> &[Entry] {
        if !self.added.is_empty() {
            let mut all = std::mem::take(&mut self.sorted);
            all.extend(self.added.drain().map(|(id, (h, _))| {
                let mut e = [0u8; ENTRY];
                e[..32].copy_from_slice(&id.0);
                e[32..].copy_from_slice(&h);
                e
            }));
            *self = Rows::from_entries(all);
        }
        &self.sorted
    }
}

/// A prefetch hint for the cache line at `p` (no effect where the target has none).
#[inline]
fn prefetch_read(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it never faults or reads into the program, whatever `p`.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// The bucket of an id: its leading `bits` bits.
fn bucket(id: &[u8], bits: u32) -> usize {
    if bits == 0 {
        return 0;
    }
    let mut lead = [0u8; 8];
    lead.copy_from_slice(&id[..8]);
    (u64::from_be_bytes(lead) >> (64 - bits)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest as _, Sha256};

    fn id(n: u32) -> Hash32 {
        Hash32(Sha256::digest(n.to_be_bytes()).into())
    }

    fn entry(id: &Hash32, h: u8) -> Entry {
        let mut e = [h; ENTRY];
        e[..32].copy_from_slice(&id.0);
        e
    }

    #[test]
    fn every_row_is_found_with_its_hash_and_a_place_of_its_own() {
        for n in [0u32, 1, 2, 3, 17, 1000, 5000] {
            let entries: Vec<Entry> = (0..n).map(|i| entry(&id(i), (i % 251) as u8)).collect();
            let rows = Rows::from_entries(entries);
            assert_eq!(rows.len(), n as usize);
            let mut places: Vec<u32> = (0..n)
                .map(|i| {
                    let (h, at) = rows.get(&id(i)).expect("found");
                    assert_eq!(h, [(i % 251) as u8; 32]);
                    at
                })
                .collect();
            places.sort();
            assert_eq!(places, (0..n).collect::<Vec<_>>());
            assert!(rows.get(&id(n + 1)).is_none());
        }
    }

    #[test]
    fn an_id_stored_twice_keeps_its_later_hash() {
        let rows = Rows::from_entries(vec![entry(&id(1), 1), entry(&id(2), 2), entry(&id(1), 9)]);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows.get(&id(1)).unwrap().0, [9; 32]);
    }

    #[test]
    fn added_rows_take_the_next_places_and_compact_into_the_sorted_ones() {
        let mut rows = Rows::from_entries((0..100).map(|i| entry(&id(i), 1)).collect());
        rows.insert(id(500), [5; 32]);
        rows.insert(id(7), [7; 32]); // known: new hash, same place
        assert_eq!(rows.len(), 101);
        assert_eq!(rows.get(&id(500)), Some(([5; 32], 100)));
        assert_eq!(rows.get(&id(7)).unwrap().0, [7; 32]);
        let n = rows.compact().len();
        assert_eq!(n, 101);
        assert!(rows.added.is_empty());
        assert_eq!(rows.get(&id(500)).unwrap().0, [5; 32]);
        let mut places: Vec<u32> = rows.places().map(|(_, at)| at).collect();
        places.sort();
        assert_eq!(places, (0..101).collect::<Vec<_>>());
    }
    #[test]
    fn rows_added_at_once_are_found_as_rows_inserted_one_by_one() {
        let mut one = Rows::from_entries((0..50).map(|i| entry(&id(i), 1)).collect());
        let mut many = one.clone();
        let new: Vec<(Hash32, [u8; 32])> =
            (40..120).map(|i| (id(i), [(i % 7) as u8; 32])).collect();
        for (i, h) in &new {
            one.insert(*i, *h);
        }
        many.extend(new.iter().copied());
        assert_eq!(one.compact(), many.compact());
        assert_eq!(many.len(), 120);
        assert_eq!(many.get(&id(45)).unwrap().0, [(45 % 7) as u8; 32]);
    }
}
