//! The Merkle tree of RFC 9162 (Certificate Transparency v2, §2.1) over a list of leaves,
//! with SHA-256.
//!
//! This is the tree a published results site's signed tree head commits to: with it any
//! player can check that an event is in the published log (an inclusion proof) and that a
//! later publication only added to an earlier one (a consistency proof), without trusting
//! the site and without downloading the whole log.
//!
//! Pure: no I/O, no state. Callers hash each leaf once with [`leaf_hash`] and pass the leaf
//! hashes, so a log of a million events is not hashed again for every proof.

use sha2::{Digest, Sha256};

/// A SHA-256 digest: a leaf hash, an interior node hash or a tree root.
pub type Hash = [u8; 32];

/// Why a Merkle proof was refused or could not be made. Each message says which rule failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MerkleError {
    #[error("leaf index {index} is outside a tree of {tree_size} leaves")]
    IndexOutOfRange { index: u64, tree_size: u64 },
    #[error("the older tree claims {old_size} leaves, more than the newer tree's {new_size}")]
    OldSizeTooLarge { old_size: u64, new_size: u64 },
    #[error(
        "the inclusion proof has {got} hashes where leaf {index} of a tree of {tree_size} \
         leaves needs exactly {expected} (RFC 9162 §2.1.3.2)"
    )]
    InclusionProofLength {
        index: u64,
        tree_size: u64,
        expected: usize,
        got: usize,
    },
    #[error(
        "the consistency proof has {got} hashes where trees of {old_size} and {new_size} \
         leaves need exactly {expected} (RFC 9162 §2.1.4.2)"
    )]
    ConsistencyProofLength {
        old_size: u64,
        new_size: u64,
        expected: usize,
        got: usize,
    },
    #[error(
        "the inclusion proof does not lead to the signed tree head's root (RFC 9162 §2.1.3.2)"
    )]
    InclusionRootMismatch,
    #[error("the newer tree does not extend the older one (RFC 9162 §2.1.4.2)")]
    NotAnExtension,
    #[error("two tree heads of the same size {size} have different roots: the log has forked")]
    SameSizeDifferentRoots { size: u64 },
    #[error(
        "a tree head of size 0 must have the empty tree's root SHA-256(\"\") (RFC 9162 §2.1.1)"
    )]
    EmptyTreeRootMismatch,
}

/// `SHA-256(0x00 || data)`: the prefix keeps a leaf from ever being read as an interior node
/// (a second-preimage attack on the tree).
pub fn leaf_hash(data: &[u8]) -> Hash {
    Sha256::new()
        .chain_update([0x00])
        .chain_update(data)
        .finalize()
        .into()
}

/// `SHA-256(0x01 || left || right)`: an interior node.
pub fn node_hash(l: &Hash, r: &Hash) -> Hash {
    Sha256::new()
        .chain_update([0x01])
        .chain_update(l)
        .chain_update(r)
        .finalize()
        .into()
}

/// The empty tree's hash, `SHA-256("")`.
fn empty_root() -> Hash {
    Sha256::digest(b"").into()
}

/// The largest power of two smaller than `n` (needs `n >= 2`): where RFC 9162 §2.1.1 splits.
fn split(n: usize) -> usize {
    debug_assert!(n >= 2);
    1 << (usize::BITS - 1 - (n - 1).leading_zeros())
}

/// MTH (RFC 9162 §2.1.1) over already-hashed leaves. O(n) hashes, O(log n) memory: the
/// perfect subtrees completed so far sit on a stack (one per set bit of the count), and the
/// RFC's left-heavy tree is those subtrees folded from the right.
pub fn root(leaf_hashes: &[Hash]) -> Hash {
    let mut stack: Vec<Hash> = Vec::with_capacity(usize::BITS as usize);
    for (i, leaf) in leaf_hashes.iter().enumerate() {
        let mut h = *leaf;
        let mut done = i;
        while done & 1 == 1 {
            let left = stack
                .pop()
                .expect("one completed subtree per set bit of the count");
            h = node_hash(&left, &h);
            done >>= 1;
        }
        stack.push(h);
    }
    match stack.pop() {
        None => empty_root(),
        Some(last) => stack
            .iter()
            .rev()
            .fold(last, |acc, left| node_hash(left, &acc)),
    }
}

/// The audit path PATH(m, D[n]) of RFC 9162 §2.1.3.1 for leaf `index`, nearest sibling first.
/// Walks down from the root; the siblings are disjoint subtrees, so O(n) hashes in all.
pub fn inclusion_proof(leaf_hashes: &[Hash], index: usize) -> Result<Vec<Hash>, MerkleError> {
    if index >= leaf_hashes.len() {
        return Err(MerkleError::IndexOutOfRange {
            index: index as u64,
            tree_size: leaf_hashes.len() as u64,
        });
    }
    let mut path = Vec::new();
    let (mut tree, mut m) = (leaf_hashes, index);
    while tree.len() > 1 {
        let k = split(tree.len());
        let (left, right) = tree.split_at(k);
        if m < k {
            path.push(root(right));
            tree = left;
        } else {
            path.push(root(left));
            tree = right;
            m -= k;
        }
    }
    path.reverse();
    Ok(path)
}

/// The consistency proof PROOF(m, D[n]) of RFC 9162 §2.1.4.1 between the first `old_size`
/// leaves and all of them. Empty when `old_size` is 0 or the whole tree: there is nothing to
/// prove (every tree extends the empty one; equal sizes need equal roots).
pub fn consistency_proof(leaf_hashes: &[Hash], old_size: usize) -> Result<Vec<Hash>, MerkleError> {
    let n = leaf_hashes.len();
    if old_size > n {
        return Err(MerkleError::OldSizeTooLarge {
            old_size: old_size as u64,
            new_size: n as u64,
        });
    }
    let mut proof = Vec::new();
    if old_size == 0 || old_size == n {
        return Ok(proof);
    }
    // SUBPROOF(m, D[n], b), unrolled: `whole_old` is b, true while the subtree's first m
    // leaves are the whole old tree, whose root the verifier already has.
    let (mut tree, mut m, mut whole_old) = (leaf_hashes, old_size, true);
    loop {
        if m == tree.len() {
            if !whole_old {
                proof.push(root(tree));
            }
            break;
        }
        let k = split(tree.len());
        let (left, right) = tree.split_at(k);
        if m <= k {
            proof.push(root(right));
            tree = left;
        } else {
            proof.push(root(left));
            tree = right;
            m -= k;
            whole_old = false;
        }
    }
    proof.reverse();
    Ok(proof)
}

/// How many hashes the fn/sn loop of RFC 9162 §2.1.3.2 consumes from (fn, sn) until sn is 0:
/// one per level where fn and sn differ, then one per set bit of the rest of fn (the left
/// siblings along the tree's right edge).
fn path_len(fnode: u64, snode: u64) -> usize {
    let inner = (u64::BITS - (fnode ^ snode).leading_zeros()) as usize;
    inner + (fnode >> inner).count_ones() as usize
}

/// Right-shift `fn` and `sn` until LSB(fn) is set or fn is 0 (RFC 9162 §2.1.3.2, §2.1.4.2).
fn shift_past_right_edge(fnode: &mut u64, snode: &mut u64) {
    while *fnode & 1 == 0 && *fnode != 0 {
        *fnode >>= 1;
        *snode >>= 1;
    }
}

/// Checks an inclusion proof exactly as RFC 9162 §2.1.3.2 says: the leaf, climbed with the
/// proof, must reach `root` and use up the tree. A proof of the wrong length is refused first.
pub fn verify_inclusion(
    leaf_hash: &Hash,
    index: u64,
    tree_size: u64,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), MerkleError> {
    // Step 1.
    if index >= tree_size {
        return Err(MerkleError::IndexOutOfRange { index, tree_size });
    }
    let expected = path_len(index, tree_size - 1);
    if proof.len() != expected {
        return Err(MerkleError::InclusionProofLength {
            index,
            tree_size,
            expected,
            got: proof.len(),
        });
    }
    // Steps 2 and 3.
    let (mut fnode, mut snode) = (index, tree_size - 1);
    let mut r = *leaf_hash;
    // Step 4.
    for p in proof {
        if snode == 0 {
            return Err(MerkleError::InclusionProofLength {
                index,
                tree_size,
                expected,
                got: proof.len(),
            });
        }
        if fnode & 1 == 1 || fnode == snode {
            r = node_hash(p, &r);
            if fnode & 1 == 0 {
                shift_past_right_edge(&mut fnode, &mut snode);
            }
        } else {
            r = node_hash(&r, p);
        }
        fnode >>= 1;
        snode >>= 1;
    }
    // Step 5.
    if snode == 0 && r == *root {
        Ok(())
    } else {
        Err(MerkleError::InclusionRootMismatch)
    }
}

/// Checks that the tree of `new_size` leaves with root `new_root` extends the one of
/// `old_size` leaves with root `old_root`, exactly as RFC 9162 §2.1.4.2 says for
/// 0 < old_size < new_size. Equal sizes need an empty proof and equal roots; the empty tree
/// (root SHA-256("")) is extended by every tree, with an empty proof.
pub fn verify_consistency(
    old_size: u64,
    new_size: u64,
    old_root: &Hash,
    new_root: &Hash,
    proof: &[Hash],
) -> Result<(), MerkleError> {
    if old_size > new_size {
        return Err(MerkleError::OldSizeTooLarge { old_size, new_size });
    }
    let length = |expected: usize| MerkleError::ConsistencyProofLength {
        old_size,
        new_size,
        expected,
        got: proof.len(),
    };
    if old_size == 0 || old_size == new_size {
        if !proof.is_empty() {
            return Err(length(0));
        }
        if old_size == 0 && *old_root != empty_root() {
            return Err(MerkleError::EmptyTreeRootMismatch);
        }
        if old_size == new_size && old_root != new_root {
            return Err(MerkleError::SameSizeDifferentRoots { size: old_size });
        }
        return Ok(());
    }
    let old_is_power_of_two = old_size.is_power_of_two();
    // Step 3, and step 4 early to size the proof: a power-of-two old tree is a whole
    // subtree of the new one, so its root is not sent (step 2 puts it back).
    let (mut fnode, mut snode) = (old_size - 1, new_size - 1);
    while fnode & 1 == 1 {
        fnode >>= 1;
        snode >>= 1;
    }
    let expected = path_len(fnode, snode) + usize::from(!old_is_power_of_two);
    // Step 1.
    if proof.is_empty() || proof.len() != expected {
        return Err(length(expected));
    }
    // Step 2.
    let (first, rest) = if old_is_power_of_two {
        (old_root, proof)
    } else {
        (&proof[0], &proof[1..])
    };
    // Step 5.
    let (mut fr, mut sr) = (*first, *first);
    // Step 6.
    for c in rest {
        if snode == 0 {
            return Err(length(expected));
        }
        if fnode & 1 == 1 || fnode == snode {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            if fnode & 1 == 0 {
                shift_past_right_edge(&mut fnode, &mut snode);
            }
        } else {
            sr = node_hash(&sr, c);
        }
        fnode >>= 1;
        snode >>= 1;
    }
    // Step 7.
    if fr == *old_root && sr == *new_root && snode == 0 {
        Ok(())
    } else {
        Err(MerkleError::NotAnExtension)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(n: usize) -> Vec<Hash> {
        (0..n as u32).map(|i| leaf_hash(&i.to_be_bytes())).collect()
    }

    #[test]
    fn the_split_is_the_largest_power_of_two_below_n() {
        let got: Vec<usize> = (2..=9).map(split).collect();
        assert_eq!(got, [1, 2, 2, 4, 4, 4, 4, 8]);
    }

    #[test]
    fn the_root_folds_left_heavy_subtrees() {
        let l = leaves(3);
        assert_eq!(root(&[]), empty_root());
        assert_eq!(root(&l[..1]), l[0]);
        assert_eq!(root(&l), node_hash(&node_hash(&l[0], &l[1]), &l[2]));
    }

    #[test]
    fn the_expected_lengths_match_the_generated_proofs() {
        for n in 1..=40 {
            let l = leaves(n);
            for i in 0..n {
                let p = inclusion_proof(&l, i).unwrap();
                assert_eq!(path_len(i as u64, n as u64 - 1), p.len(), "leaf {i} of {n}");
                verify_inclusion(&l[i], i as u64, n as u64, &p, &root(&l)).unwrap();
            }
            for m in 0..=n {
                let p = consistency_proof(&l, m).unwrap();
                verify_consistency(m as u64, n as u64, &root(&l[..m]), &root(&l), &p).unwrap();
            }
        }
    }

    #[test]
    fn messages_say_what_failed() {
        let e = verify_inclusion(&[0; 32], 3, 3, &[], &[0; 32]).unwrap_err();
        assert_eq!(e.to_string(), "leaf index 3 is outside a tree of 3 leaves");
        let e = verify_inclusion(&[0; 32], 0, 1, &[], &[1; 32]).unwrap_err();
        assert!(e
            .to_string()
            .contains("signed tree head's root (RFC 9162 §2.1.3.2)"));
        let e = verify_consistency(2, 3, &[0; 32], &[0; 32], &[[0; 32]; 1]).unwrap_err();
        assert_eq!(e, MerkleError::NotAnExtension);
        assert!(e
            .to_string()
            .contains("does not extend the older one (RFC 9162 §2.1.4.2)"));
    }
}
