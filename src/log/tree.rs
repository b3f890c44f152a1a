//! The log as a publisher shows it: a Merkle tree (RFC 9162, [`super::merkle`]) over the
//! events a results publication was made from, so a player can check that an event is in
//! what was published (an inclusion proof) and that a later publication only added to an
//! earlier one (a consistency proof).
//!
//! **Which events, in which order.** The tree of a publication `P` holds `P` and every event
//! in its causal past (reached through `prev` and `deps`): what its signer had seen. They
//! come in batches, one per publication in that past, in replay order of the publications:
//! first everything the first publication saw, then what the second saw and the first did
//! not, and so on, `P`'s own batch last; inside a batch, in replay order. So the tree of a
//! publication extends the tree of every publication it saw (a prefix, which is what a
//! consistency proof checks), though a device that synced late may have events of the
//! first batch later in replay order than some of the second. Replay order alone would not
//! do this: an event made on another device before the first publication and merged after
//! it sorts among the old ones and would rewrite the old tree.
//!
//! **What is not in it.** Only events that stand. A fork the chief TD rules on after a
//! publication voids one side (`log::verify`); if the void event was in a publication's
//! past, that publication's tree as computed now differs from the one signed then, and the
//! check says so: the published results were made from an event that no longer stands.
//! Two publications made without seeing each other (concurrently, on two devices) each
//! have their own tree; neither extends the other, and the consistency check says that too.
//!
//! Leaves are event ids (`SHA-256(body ‖ signature)`), so a verifier holding an event's
//! bytes computes its leaf (`SHA-256(0x00 ‖ id)`) without trusting the publisher.
//! Pure over a verified log: the same log gives the same trees on every machine.

use super::hash::{Hash32, IdMap};
use super::merkle;
use super::verify::Verified;
use crate::events::{Payload, ResultsTreeHead};
use thiserror::Error;

/// A tree's size and root: what a signed tree head states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TreeHead {
    pub size: u64,
    pub root: Hash32,
}

/// Why a publication's tree cannot be made or a proof asked for does not exist.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeError {
    #[error("no event {0} stands in this log")]
    NoEvent(Hash32),
    #[error("event {0} is not a results publication (results.published): a tree is made for a publication")]
    NotPublication(Hash32),
    #[error("event {event} is not in the tree of publication {publication}: it came after it or its signer had not seen it")]
    NotInTree { event: Hash32, publication: Hash32 },
    #[error("publication {later} was made without seeing publication {earlier}: its tree does not extend the earlier one (made concurrently, or in the wrong order)")]
    NotAfter { earlier: Hash32, later: Hash32 },
    #[error("the tree head does not match the log: publication {publication}'s tree has {size} events and root {root}, the head says {claimed_size} and {claimed_root} (RFC 9162)")]
    Mismatch {
        publication: Hash32,
        size: u64,
        root: Hash32,
        claimed_size: u64,
        claimed_root: Hash32,
    },
    #[error("this device has signed the tree head of publication {0} already")]
    AlreadySigned(Hash32),
}

/// The event ids of `publication`'s tree, in leaf order (see the module doc).
pub fn leaves(v: &Verified, publication: Hash32) -> Result<Vec<Hash32>, TreeError> {
    let index = positions(v);
    let at = *index
        .get(&publication)
        .ok_or(TreeError::NoEvent(publication))?;
    if v.events[at].env.kind != "results.published" {
        return Err(TreeError::NotPublication(publication));
    }
    let past = causal_past(v, &index, at);
    // Publications in the past, in replay order, then this one: the batch boundaries.
    let mut publications: Vec<usize> = past
        .iter()
        .copied()
        .filter(|&i| i != at && v.events[i].env.kind == "results.published")
        .collect();
    publications.sort_unstable();
    publications.push(at);
    let mut seen = vec![false; v.events.len()];
    let mut out = Vec::with_capacity(past.len());
    for p in publications {
        let mut batch: Vec<usize> = causal_past(v, &index, p)
            .into_iter()
            .filter(|&i| !seen[i])
            .collect();
        batch.sort_unstable();
        for i in batch {
            seen[i] = true;
            out.push(v.events[i].id);
        }
    }
    Ok(out)
}

/// The tree head of `publication`'s tree.
pub fn head(v: &Verified, publication: Hash32) -> Result<TreeHead, TreeError> {
    let l = leaf_hashes(&leaves(v, publication)?);
    Ok(TreeHead {
        size: l.len() as u64,
        root: Hash32(merkle::root(&l)),
    })
}

/// Checks a tree head before `signer` signs it: the publication stands, the head is its
/// tree's, and `signer` has not signed one for it yet. A head that does not match is never
/// signed: neither the publisher's nor a witness's.
pub fn check_head(
    v: &Verified,
    claimed: &ResultsTreeHead,
    signer: &Hash32,
) -> Result<(), TreeError> {
    let h = head(v, claimed.publication)?;
    if h.size != claimed.size || h.root != claimed.root {
        return Err(TreeError::Mismatch {
            publication: claimed.publication,
            size: h.size,
            root: h.root,
            claimed_size: claimed.size,
            claimed_root: claimed.root,
        });
    }
    let signed_before = v.events.iter().any(|e| {
        e.env.author == *signer
            && matches!(&e.payload, Payload::ResultsTreeHead(t) if t.publication == claimed.publication)
    });
    if signed_before {
        return Err(TreeError::AlreadySigned(claimed.publication));
    }
    Ok(())
}

/// A signed tree head on the log: who signed it, and whether it is its publication's tree
/// as this log has it (a head signed on a device that bypassed the check, or made from an
/// event a fork ruling voided since, does not match).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SignedHead {
    pub event: Hash32,
    pub signer: Hash32,
    pub publication: Hash32,
    pub head: TreeHead,
    pub matches: bool,
}

/// Every signed tree head on the log, in replay order.
pub fn signed_heads(v: &Verified) -> Vec<SignedHead> {
    let mut computed: std::collections::BTreeMap<Hash32, Option<TreeHead>> = Default::default();
    v.events
        .iter()
        .filter_map(|e| match &e.payload {
            Payload::ResultsTreeHead(t) => Some((e, t)),
            _ => None,
        })
        .map(|(e, t)| {
            let actual = *computed
                .entry(t.publication)
                .or_insert_with(|| head(v, t.publication).ok());
            let claimed = TreeHead {
                size: t.size,
                root: t.root,
            };
            SignedHead {
                event: e.id,
                signer: e.env.author,
                publication: t.publication,
                head: claimed,
                matches: actual == Some(claimed),
            }
        })
        .collect()
}

/// Every leaf's hash (RFC 9162: `SHA-256(0x00 ‖ event id)`).
pub fn leaf_hashes(ids: &[Hash32]) -> Vec<merkle::Hash> {
    ids.iter().map(|id| merkle::leaf_hash(&id.0)).collect()
}

/// Proof that `event` is in `publication`'s tree: its index and the audit path.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Inclusion {
    pub publication: Hash32,
    pub head: TreeHead,
    pub event: Hash32,
    pub index: u64,
    pub path: Vec<Hash32>,
}

/// The inclusion proof of `event` in `publication`'s tree.
pub fn inclusion(v: &Verified, publication: Hash32, event: Hash32) -> Result<Inclusion, TreeError> {
    let ids = leaves(v, publication)?;
    let index = ids
        .iter()
        .position(|&i| i == event)
        .ok_or(TreeError::NotInTree { event, publication })?;
    let l = leaf_hashes(&ids);
    let path = merkle::inclusion_proof(&l, index)
        .map_err(|_| TreeError::NotInTree { event, publication })?;
    Ok(Inclusion {
        publication,
        head: TreeHead {
            size: l.len() as u64,
            root: Hash32(merkle::root(&l)),
        },
        event,
        index: index as u64,
        path: path.into_iter().map(Hash32).collect(),
    })
}

/// Proof that `later`'s tree extends `earlier`'s, and the events that came between (the
/// ids the later tree adds, in leaf order: the rulings and corrections a player looks for).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Consistency {
    pub earlier: Hash32,
    pub later: Hash32,
    pub old: TreeHead,
    pub new: TreeHead,
    pub path: Vec<Hash32>,
    pub added: Vec<Hash32>,
}

/// The consistency proof between two publications' trees.
pub fn consistency(v: &Verified, earlier: Hash32, later: Hash32) -> Result<Consistency, TreeError> {
    let old = leaves(v, earlier)?;
    let new = leaves(v, later)?;
    if new.len() < old.len() || new[..old.len()] != old[..] {
        return Err(TreeError::NotAfter { earlier, later });
    }
    let l = leaf_hashes(&new);
    let path = merkle::consistency_proof(&l, old.len())
        .map_err(|_| TreeError::NotAfter { earlier, later })?;
    Ok(Consistency {
        earlier,
        later,
        old: TreeHead {
            size: old.len() as u64,
            root: Hash32(merkle::root(&l[..old.len()])),
        },
        new: TreeHead {
            size: l.len() as u64,
            root: Hash32(merkle::root(&l)),
        },
        path: path.into_iter().map(Hash32).collect(),
        added: new[old.len()..].to_vec(),
    })
}

/// A publication's tree held in memory to give many inclusion proofs (a results site's
/// every board page): every complete subtree's hash is computed once (2n hashes), then a
/// proof takes O(log² n), where `merkle::inclusion_proof` alone takes O(n) each.
pub struct Prover {
    /// `levels[j][i]`: the hash of leaves `i·2^j .. (i+1)·2^j`.
    levels: Vec<Vec<merkle::Hash>>,
    index: IdMap<usize>,
    pub head: TreeHead,
}

impl Prover {
    /// The tree of `publication`, ready for proofs.
    pub fn new(v: &Verified, publication: Hash32) -> Result<Prover, TreeError> {
        let ids = leaves(v, publication)?;
        let mut index = IdMap::with_capacity_and_hasher(ids.len(), Default::default());
        for (i, id) in ids.iter().enumerate() {
            index.insert(*id, i);
        }
        let mut levels = vec![leaf_hashes(&ids)];
        while levels[levels.len() - 1].len() > 1 {
            let below = &levels[levels.len() - 1];
            let up: Vec<merkle::Hash> = below
                .chunks_exact(2)
                .map(|p| merkle::node_hash(&p[0], &p[1]))
                .collect();
            levels.push(up);
        }
        let n = ids.len();
        let mut p = Prover {
            levels,
            index,
            head: TreeHead {
                size: n as u64,
                root: Hash32::default(),
            },
        };
        p.head.root = Hash32(p.subtree(0, n));
        Ok(p)
    }

    /// MTH of leaves `start..end`, where `start` is a multiple of the largest power of two
    /// not above `end - start` (as every subtree of the RFC's tree is).
    fn subtree(&self, start: usize, end: usize) -> merkle::Hash {
        let len = end - start;
        if len == 0 {
            return merkle::root(&[]);
        }
        if len.is_power_of_two() {
            let j = len.trailing_zeros() as usize;
            return self.levels[j][start >> j];
        }
        let k = 1usize << (usize::BITS - 1 - (len - 1).leading_zeros());
        merkle::node_hash(
            &self.subtree(start, start + k),
            &self.subtree(start + k, end),
        )
    }

    /// The inclusion proof of `event` (RFC 9162 §2.1.3.1), as `merkle::inclusion_proof`
    /// gives it; `None` if the event is not in the tree.
    pub fn path(&self, event: &Hash32) -> Option<(u64, Vec<Hash32>)> {
        let at = *self.index.get(event)?;
        let (mut start, mut end, mut path) = (0usize, self.head.size as usize, Vec::new());
        while end - start > 1 {
            let len = end - start;
            let k = 1usize << (usize::BITS - 1 - (len - 1).leading_zeros());
            if at < start + k {
                path.push(Hash32(self.subtree(start + k, end)));
                end = start + k;
            } else {
                path.push(Hash32(self.subtree(start, start + k)));
                start += k;
            }
        }
        path.reverse();
        Some((at as u64, path))
    }
}

/// Each standing event's place in replay order.
fn positions(v: &Verified) -> IdMap<usize> {
    let mut m = IdMap::with_capacity_and_hasher(v.events.len(), Default::default());
    for (i, e) in v.events.iter().enumerate() {
        m.insert(e.id, i);
    }
    m
}

/// `at` and every standing event it follows through `prev` and `deps`, as replay
/// positions (unsorted). An event that does not stand (a fork's void side) is not followed.
fn causal_past(v: &Verified, index: &IdMap<usize>, at: usize) -> Vec<usize> {
    let mut seen = vec![false; v.events.len()];
    let mut stack = vec![at];
    let mut out = Vec::new();
    seen[at] = true;
    while let Some(i) = stack.pop() {
        out.push(i);
        let env = &v.events[i].env;
        for d in env.prev.iter().chain(env.deps.iter()) {
            if let Some(&j) = index.get(d) {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    out
}
