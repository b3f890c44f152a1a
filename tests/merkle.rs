//! The RFC 9162 (Certificate Transparency v2, §2.1) Merkle tree of `log::merkle`, read as a
//! rule book: the published test vectors, a naive reference written straight from the RFC
//! text, properties over random trees, and the attacks a verifier has to refuse.

use proptest::prelude::*;
use sha2::{Digest, Sha256};
use tdlog::log::merkle::{
    consistency_proof, inclusion_proof, leaf_hash, node_hash, root, verify_consistency,
    verify_inclusion, Hash, MerkleError,
};

// Known test vectors: the 8-leaf tree of Certificate Transparency's reference
// implementations. Copied from github.com/transparency-dev/merkle (commit 417fb0c3):
// - leaves, leaf hashes and roots: testonly/constants.go (LeafInputs, NodeHashes[0],
//   RootHashes);
// - inclusion and consistency proofs: cmd/proofgen/main.go (inclusionProofs,
//   consistencyProofs; leaf indices there count from 1, here from 0).

const LEAVES: [&str; 8] = [
    "",
    "00",
    "10",
    "2021",
    "3031",
    "40414243",
    "5051525354555657",
    "606162636465666768696a6b6c6d6e6f",
];

const LEAF_HASHES: [&str; 8] = [
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
    "0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7",
    "07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7",
    "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    "4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658",
    "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
    "46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1",
];

/// Roots by tree size, from the empty tree to all 8 leaves.
const ROOTS: [&str; 9] = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];

/// (leaf index from 0, tree size, audit path).
#[rustfmt::skip]
const INCLUSION: [(usize, usize, &[&str]); 5] = [
    (0, 1, &[]),
    (0, 8, &[
        "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ]),
    (5, 8, &[
        "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
        "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ]),
    (2, 3, &["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"]),
    (1, 5, &[
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ]),
];

/// (old size, new size, consistency proof).
#[rustfmt::skip]
const CONSISTENCY: [(usize, usize, &[&str]); 5] = [
    (1, 1, &[]),
    (1, 8, &[
        "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ]),
    (6, 8, &[
        "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
        "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ]),
    (2, 5, &[
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ]),
    (6, 7, &[
        "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
        "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ]),
];

fn hx(s: &str) -> Hash {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn hxs(v: &[&str]) -> Vec<Hash> {
    v.iter().map(|s| hx(s)).collect()
}

fn vector_leaf_hashes() -> Vec<Hash> {
    LEAVES
        .iter()
        .map(|l| leaf_hash(&hex::decode(l).unwrap()))
        .collect()
}

// A naive reference, written straight from the RFC 9162 §2.1 text over the raw leaves: it
// hashes with sha2 directly, recurses and copies, and shares nothing with the module.

fn sha(parts: &[&[u8]]) -> Hash {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// "the largest power of two smaller than n"
fn largest_power_of_two_below(n: usize) -> usize {
    let mut k = 1;
    while k * 2 < n {
        k *= 2;
    }
    k
}

/// MTH(D[n]), §2.1.1.
fn naive_mth(d: &[Vec<u8>]) -> Hash {
    match d.len() {
        0 => sha(&[]),
        1 => sha(&[&[0x00], &d[0]]),
        n => {
            let k = largest_power_of_two_below(n);
            sha(&[&[0x01], &naive_mth(&d[..k]), &naive_mth(&d[k..])])
        }
    }
}

/// PATH(m, D[n]), §2.1.3.1.
fn naive_path(m: usize, d: &[Vec<u8>]) -> Vec<Hash> {
    let n = d.len();
    if n == 1 {
        return vec![];
    }
    let k = largest_power_of_two_below(n);
    let (mut path, sibling) = if m < k {
        (naive_path(m, &d[..k]), naive_mth(&d[k..]))
    } else {
        (naive_path(m - k, &d[k..]), naive_mth(&d[..k]))
    };
    path.push(sibling);
    path
}

/// SUBPROOF(m, D[n], b), §2.1.4.1.
fn naive_subproof(m: usize, d: &[Vec<u8>], b: bool) -> Vec<Hash> {
    let n = d.len();
    if m == n {
        return if b { vec![] } else { vec![naive_mth(d)] };
    }
    let k = largest_power_of_two_below(n);
    let (mut proof, other) = if m <= k {
        (naive_subproof(m, &d[..k], b), naive_mth(&d[k..]))
    } else {
        (naive_subproof(m - k, &d[k..], false), naive_mth(&d[..k]))
    };
    proof.push(other);
    proof
}

/// PROOF(m, D[n]) = SUBPROOF(m, D[n], true) for 0 < m < n; nothing to prove otherwise.
fn naive_proof(m: usize, d: &[Vec<u8>]) -> Vec<Hash> {
    if m == 0 || m == d.len() {
        vec![]
    } else {
        naive_subproof(m, d, true)
    }
}

// The published vectors.

#[test]
fn rfc9162_leaf_hashes_match_the_published_vectors() {
    assert_eq!(vector_leaf_hashes(), hxs(&LEAF_HASHES));
}

#[test]
fn rfc9162_roots_of_every_prefix_match_the_published_vectors() {
    let leaves = vector_leaf_hashes();
    for (size, want) in ROOTS.iter().enumerate() {
        assert_eq!(root(&leaves[..size]), hx(want), "tree of {size} leaves");
    }
    // The empty tree's hash is SHA-256 of nothing.
    assert_eq!(hx(ROOTS[0]), sha(&[]));
}

#[test]
fn rfc9162_inclusion_proofs_match_the_published_vectors() {
    let leaves = vector_leaf_hashes();
    for (index, size, want) in INCLUSION {
        let proof = inclusion_proof(&leaves[..size], index).unwrap();
        assert_eq!(proof, hxs(want), "leaf {index} of {size}");
        let r = hx(ROOTS[size]);
        verify_inclusion(&leaves[index], index as u64, size as u64, &proof, &r).unwrap();
    }
}

#[test]
fn rfc9162_consistency_proofs_match_the_published_vectors() {
    let leaves = vector_leaf_hashes();
    for (old, new, want) in CONSISTENCY {
        let proof = consistency_proof(&leaves[..new], old).unwrap();
        assert_eq!(proof, hxs(want), "{old} -> {new}");
        let (r1, r2) = (hx(ROOTS[old]), hx(ROOTS[new]));
        verify_consistency(old as u64, new as u64, &r1, &r2, &proof).unwrap();
    }
}

#[test]
fn rfc9162_the_naive_reference_agrees_with_the_published_vectors() {
    let data: Vec<Vec<u8>> = LEAVES.iter().map(|l| hex::decode(l).unwrap()).collect();
    for (size, want) in ROOTS.iter().enumerate() {
        assert_eq!(naive_mth(&data[..size]), hx(want));
    }
    for (index, size, want) in INCLUSION {
        assert_eq!(naive_path(index, &data[..size]), hxs(want));
    }
    for (old, new, want) in CONSISTENCY {
        assert_eq!(naive_proof(old, &data[..new]), hxs(want));
    }
}

// Attacks a verifier must refuse.

#[test]
fn rfc9162_a_proof_for_one_leaf_does_not_prove_another() {
    let leaves = vector_leaf_hashes();
    let r = hx(ROOTS[8]);
    for i in 0..8 {
        let proof = inclusion_proof(&leaves, i).unwrap();
        for j in (0..8).filter(|&j| j != i) {
            // Leaf j with leaf i's proof, and leaf i claimed at position j.
            assert!(verify_inclusion(&leaves[j], j as u64, 8, &proof, &r).is_err());
            assert!(verify_inclusion(&leaves[i], j as u64, 8, &proof, &r).is_err());
            assert!(verify_inclusion(&leaves[j], i as u64, 8, &proof, &r).is_err());
        }
    }
}

#[test]
fn rfc9162_a_leaf_cannot_pose_as_an_interior_node() {
    // Without the 0x00/0x01 prefixes the two children of a node, concatenated, would be a
    // leaf with the node's hash: a one-leaf "tree" with the 2-leaf tree's root.
    let leaves = vector_leaf_hashes();
    let fake = [leaves[0], leaves[1]].concat();
    assert_ne!(leaf_hash(&fake), hx(ROOTS[2]));
    let as_node = [&[0x01][..], &fake].concat();
    assert_ne!(leaf_hash(&as_node), node_hash(&leaves[0], &leaves[1]));
    let e = verify_inclusion(&leaf_hash(&fake), 0, 1, &[], &hx(ROOTS[2]));
    assert_eq!(e, Err(MerkleError::InclusionRootMismatch));
}

#[test]
fn rfc9162_an_older_tree_cannot_be_larger_than_the_newer() {
    let leaves = vector_leaf_hashes();
    let e = verify_consistency(5, 3, &hx(ROOTS[5]), &hx(ROOTS[3]), &[]).unwrap_err();
    assert!(matches!(
        e,
        MerkleError::OldSizeTooLarge { old_size: 5, .. }
    ));
    assert_eq!(
        e.to_string(),
        "the older tree claims 5 leaves, more than the newer tree's 3"
    );
    let proof = consistency_proof(&leaves, 3).unwrap();
    assert!(verify_consistency(8, 3, &hx(ROOTS[8]), &hx(ROOTS[3]), &proof).is_err());
    assert!(consistency_proof(&leaves[..3], 5).is_err());
}

#[test]
fn rfc9162_an_empty_proof_does_not_prove_a_real_extension() {
    for new in 2..=8 {
        for old in 1..new {
            let (r1, r2) = (hx(ROOTS[old as usize]), hx(ROOTS[new as usize]));
            let e = verify_consistency(old, new, &r1, &r2, &[]);
            assert!(
                matches!(e, Err(MerkleError::ConsistencyProofLength { got: 0, .. })),
                "{old} -> {new}: {e:?}"
            );
        }
    }
}

#[test]
fn rfc9162_the_empty_tree() {
    let leaves = vector_leaf_hashes();
    let empty = hx(ROOTS[0]);
    assert_eq!(root(&[]), empty);
    let e = inclusion_proof(&[], 0);
    assert!(matches!(
        e,
        Err(MerkleError::IndexOutOfRange { index: 0, .. })
    ));
    assert!(verify_inclusion(&leaves[0], 0, 0, &[], &empty).is_err());
    // Every tree extends the empty one, with an empty proof and nothing else.
    assert_eq!(consistency_proof(&leaves, 0), Ok(vec![]));
    assert_eq!(consistency_proof(&[], 0), Ok(vec![]));
    verify_consistency(0, 0, &empty, &empty, &[]).unwrap();
    verify_consistency(0, 8, &empty, &hx(ROOTS[8]), &[]).unwrap();
    assert!(verify_consistency(0, 8, &empty, &hx(ROOTS[8]), &[hx(ROOTS[8])]).is_err());
    assert!(verify_consistency(0, 0, &empty, &empty, &[empty]).is_err());
    // An "empty" tree head whose root is not the empty tree's hash is no empty tree.
    let e = verify_consistency(0, 8, &hx(ROOTS[1]), &hx(ROOTS[8]), &[]);
    assert_eq!(e, Err(MerkleError::EmptyTreeRootMismatch));
    assert!(verify_consistency(0, 0, &empty, &hx(ROOTS[1]), &[]).is_err());
}

#[test]
fn rfc9162_a_tree_of_one_leaf() {
    let leaves = vector_leaf_hashes();
    let one = &leaves[..1];
    assert_eq!(root(one), leaves[0]);
    assert_eq!(inclusion_proof(one, 0), Ok(vec![]));
    assert!(inclusion_proof(one, 1).is_err());
    verify_inclusion(&leaves[0], 0, 1, &[], &leaves[0]).unwrap();
    let e = verify_inclusion(&leaves[0], 0, 1, &[leaves[1]], &leaves[0]).unwrap_err();
    assert!(matches!(
        e,
        MerkleError::InclusionProofLength { got: 1, .. }
    ));
    assert!(verify_inclusion(&leaves[1], 0, 1, &[], &leaves[0]).is_err());
    assert!(verify_inclusion(&leaves[0], 1, 1, &[], &leaves[0]).is_err());
    verify_consistency(1, 1, &leaves[0], &leaves[0], &[]).unwrap();
    assert!(verify_consistency(1, 1, &leaves[0], &leaves[0], &[leaves[0]]).is_err());
}

#[test]
fn rfc9162_a_fork_at_the_same_size_is_caught() {
    let e = verify_consistency(5, 5, &hx(ROOTS[5]), &hx(ROOTS[6]), &[]).unwrap_err();
    assert_eq!(e, MerkleError::SameSizeDifferentRoots { size: 5 });
    verify_consistency(5, 5, &hx(ROOTS[5]), &hx(ROOTS[5]), &[]).unwrap();
}

// Properties over random trees of up to 300 leaves.

const MAX: usize = 300;

fn data(seed: u64, n: usize) -> Vec<Vec<u8>> {
    (0..n).map(|i| format!("{seed}:{i}").into_bytes()).collect()
}

fn hashed(d: &[Vec<u8>]) -> Vec<Hash> {
    d.iter().map(|l| leaf_hash(l)).collect()
}

fn flipped(h: &Hash, pos: usize, xor: u8) -> Hash {
    let mut h = *h;
    h[pos] ^= xor;
    h
}

/// A tree size, a position below it, and the pieces of one tampering.
fn tree_and_position(min: usize) -> impl Strategy<Value = (usize, usize, u64, usize, u8, usize)> {
    (min..=MAX)
        .prop_flat_map(move |n| (Just(n), 0..n, any::<u64>(), 0..32usize, 1..=255u8, 1..=MAX))
}

proptest! {
    #[test]
    fn rfc9162_the_fast_root_is_the_naive_mth(n in 0..=MAX, seed: u64) {
        let d = data(seed, n);
        prop_assert_eq!(root(&hashed(&d)), naive_mth(&d));
    }

    #[test]
    fn rfc9162_every_inclusion_proof_is_the_path_and_verifies(
        (n, i, seed, _p, _x, _o) in tree_and_position(1)
    ) {
        let d = data(seed, n);
        let leaves = hashed(&d);
        let proof = inclusion_proof(&leaves, i).unwrap();
        prop_assert_eq!(&proof, &naive_path(i, &d));
        let r = naive_mth(&d);
        prop_assert_eq!(verify_inclusion(&leaves[i], i as u64, n as u64, &proof, &r), Ok(()));
    }

    #[test]
    fn rfc9162_every_consistency_proof_is_the_proof_and_verifies(
        (n, m, seed, _p, _x, _o) in tree_and_position(1)
    ) {
        // m runs over 0..n here; m == n is checked too.
        let d = data(seed, n);
        let leaves = hashed(&d);
        for m in [m, n] {
            let proof = consistency_proof(&leaves, m).unwrap();
            prop_assert_eq!(&proof, &naive_proof(m, &d));
            let (r1, r2) = (naive_mth(&d[..m]), naive_mth(&d));
            prop_assert_eq!(verify_consistency(m as u64, n as u64, &r1, &r2, &proof), Ok(()));
        }
    }

    #[test]
    fn rfc9162_a_tampered_inclusion_proof_fails(
        (n, i, seed, pos, xor, other) in tree_and_position(1), extra: [u8; 32], at: usize
    ) {
        let d = data(seed, MAX);
        let all = hashed(&d);
        let leaves = &all[..n];
        let (leaf, r) = (leaves[i], root(leaves));
        let proof = inclusion_proof(leaves, i).unwrap();
        let check = |leaf: &Hash, index: usize, size: usize, proof: &[Hash], r: &Hash| {
            verify_inclusion(leaf, index as u64, size as u64, proof, r)
        };
        prop_assert!(check(&leaf, i, n, &proof, &r).is_ok());
        for k in 0..proof.len() {
            let mut bad = proof.clone();
            bad[k] = flipped(&bad[k], pos, xor);
            prop_assert!(check(&leaf, i, n, &bad, &r).is_err(), "hash {} changed", k);
        }
        prop_assert!(check(&flipped(&leaf, pos, xor), i, n, &proof, &r).is_err());
        prop_assert!(check(&leaf, i, n, &proof, &flipped(&r, pos, xor)).is_err());
        let j = other % n;
        if j != i {
            prop_assert!(check(&leaf, j, n, &proof, &r).is_err(), "claimed at {}", j);
        }
        // Another size, with that size's own root (a size comes signed with its root).
        if other != n && other > i {
            prop_assert!(check(&leaf, i, other, &proof, &root(&all[..other])).is_err());
        }
        if !proof.is_empty() {
            let mut short = proof.clone();
            short.remove(at % proof.len());
            prop_assert!(check(&leaf, i, n, &short, &r).is_err());
        }
        let mut long = proof.clone();
        long.insert(at % (proof.len() + 1), extra);
        prop_assert!(check(&leaf, i, n, &long, &r).is_err());
    }

    #[test]
    fn rfc9162_a_tampered_consistency_proof_fails(
        (n, m, seed, pos, xor, other) in tree_and_position(2), extra: [u8; 32], at: usize
    ) {
        // 0 < m < n: a real extension, with a non-empty proof.
        let m = m.max(1);
        let d = data(seed, MAX);
        let all = hashed(&d);
        let leaves = &all[..n];
        let (r1, r2) = (root(&leaves[..m]), root(leaves));
        let proof = consistency_proof(leaves, m).unwrap();
        let check = |m: usize, n: usize, r1: &Hash, r2: &Hash, proof: &[Hash]| {
            verify_consistency(m as u64, n as u64, r1, r2, proof)
        };
        prop_assert!(check(m, n, &r1, &r2, &proof).is_ok());
        for k in 0..proof.len() {
            let mut bad = proof.clone();
            bad[k] = flipped(&bad[k], pos, xor);
            prop_assert!(check(m, n, &r1, &r2, &bad).is_err(), "hash {} changed", k);
        }
        prop_assert!(check(m, n, &flipped(&r1, pos, xor), &r2, &proof).is_err());
        prop_assert!(check(m, n, &r1, &flipped(&r2, pos, xor), &proof).is_err());
        // Other sizes, each with its own root.
        let m2 = 1 + other % (n - 1);
        if m2 != m {
            prop_assert!(check(m2, n, &root(&leaves[..m2]), &r2, &proof).is_err());
        }
        if other != n && other > m {
            prop_assert!(check(m, other, &r1, &root(&all[..other]), &proof).is_err());
        }
        let mut short = proof.clone();
        short.remove(at % proof.len());
        prop_assert!(check(m, n, &r1, &r2, &short).is_err());
        let mut long = proof.clone();
        long.insert(at % (proof.len() + 1), extra);
        prop_assert!(check(m, n, &r1, &r2, &long).is_err());
        // A newer tree whose old prefix was rewritten does not extend the old tree, whether
        // the proof is made from the rewritten tree or replayed from the honest one.
        let mut rewritten = d[..n].to_vec();
        rewritten[other % m].push(b'!');
        let forged = hashed(&rewritten);
        let forged_proof = consistency_proof(&forged, m).unwrap();
        prop_assert!(check(m, n, &r1, &root(&forged), &forged_proof).is_err());
        prop_assert!(check(m, n, &r1, &root(&forged), &proof).is_err());
    }
}
