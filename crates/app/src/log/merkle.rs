//! RFC 9162 Merkle trees: hashes, the proofs a log serves and their verification. Pure.
//!
//! A tree's hashes are read through its complete subtrees: the node at `level` and `idx`
//! covers leaves `[idx << level, (idx + 1) << level)`. Every hash a proof needs is one of
//! them or is computed from them, so a store keeping each complete subtree's hash once
//! answers any proof for any size.

use sha2::{Digest, Sha256};

/// A SHA-256 hash.
pub type Hash = [u8; 32];

/// The root of the tree of no leaves: SHA-256 of nothing.
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// A leaf's hash: `SHA-256(0x00 || data)`.
pub fn leaf_hash(data: &[u8]) -> Hash {
    Sha256::new()
        .chain_update([0u8])
        .chain_update(data)
        .finalize()
        .into()
}

/// An interior node's hash: `SHA-256(0x01 || left || right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    Sha256::new()
        .chain_update([1u8])
        .chain_update(left)
        .chain_update(right)
        .finalize()
        .into()
}

/// The largest power of two below `n` (`n` at least 2).
fn split(n: u64) -> u64 {
    1 << (63 - (n - 1).leading_zeros())
}

/// A complete subtree: `(level, idx)`.
pub type NodeId = (u8, u64);

/// The hash of leaves `[a, b)` (`a < b`), from complete subtrees' hashes.
fn subtree(a: u64, b: u64, node: &mut impl FnMut(NodeId) -> Hash) -> Hash {
    let n = b - a;
    if n.is_power_of_two() {
        let level = n.trailing_zeros() as u8;
        return node((level, a >> level));
    }
    let k = split(n);
    let left = subtree(a, a + k, node);
    let right = subtree(a + k, b, node);
    node_hash(&left, &right)
}

/// The root of the tree of `size` leaves.
pub fn root(size: u64, node: &mut impl FnMut(NodeId) -> Hash) -> Hash {
    if size == 0 {
        return empty_root();
    }
    subtree(0, size, node)
}

/// The inclusion proof of leaf `index` in the tree of `size` leaves (RFC 9162 2.1.3.1),
/// `index < size`.
pub fn inclusion_proof(index: u64, size: u64, node: &mut impl FnMut(NodeId) -> Hash) -> Vec<Hash> {
    fn path(m: u64, a: u64, b: u64, node: &mut impl FnMut(NodeId) -> Hash, out: &mut Vec<Hash>) {
        if b - a <= 1 {
            return;
        }
        let k = split(b - a);
        if m < a + k {
            path(m, a, a + k, node, out);
            out.push(subtree(a + k, b, node));
        } else {
            path(m, a + k, b, node, out);
            out.push(subtree(a, a + k, node));
        }
    }
    let mut out = Vec::new();
    if index < size {
        path(index, 0, size, node, &mut out);
    }
    out
}

/// The consistency proof between the trees of `old` and `new` leaves (RFC 9162 2.1.4.1);
/// empty when `old` is 0 or `old == new`.
pub fn consistency_proof(old: u64, new: u64, node: &mut impl FnMut(NodeId) -> Hash) -> Vec<Hash> {
    fn subproof(
        m: u64,
        a: u64,
        b: u64,
        complete: bool,
        node: &mut impl FnMut(NodeId) -> Hash,
        out: &mut Vec<Hash>,
    ) {
        if a + m == b {
            if !complete {
                out.push(subtree(a, b, node));
            }
            return;
        }
        let k = split(b - a);
        if m <= k {
            subproof(m, a, a + k, complete, node, out);
            out.push(subtree(a + k, b, node));
        } else {
            subproof(m - k, a + k, b, false, node, out);
            out.push(subtree(a, a + k, node));
        }
    }
    let mut out = Vec::new();
    if 0 < old && old < new {
        subproof(old, 0, new, true, node, &mut out);
    }
    out
}

/// The complete subtrees a computation reads, in the order it reads them: run once with
/// this, fetch them, then run again with their hashes.
pub fn nodes_read<T>(run: impl FnOnce(&mut dyn FnMut(NodeId) -> Hash) -> T) -> Vec<NodeId> {
    let mut read = Vec::new();
    let mut record = |id: NodeId| {
        read.push(id);
        [0u8; 32]
    };
    run(&mut record);
    read.sort_unstable();
    read.dedup();
    read
}

/// Checks that `leaf` (its hash) is leaf `index` of the tree of `size` leaves with `root`
/// (RFC 9162 2.1.3.2).
pub fn verify_inclusion(
    leaf: &Hash,
    index: u64,
    size: u64,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), String> {
    if index >= size {
        return Err(format!("leaf {index} is not in a tree of {size} leaves"));
    }
    let (mut f, mut s) = (index, size - 1);
    let mut r = *leaf;
    for p in proof {
        if s == 0 {
            return Err("the inclusion proof is longer than the tree is deep".into());
        }
        if f & 1 == 1 || f == s {
            r = node_hash(p, &r);
            while f & 1 == 0 && f != 0 {
                f >>= 1;
                s >>= 1;
            }
        } else {
            r = node_hash(&r, p);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 {
        return Err("the inclusion proof is shorter than the tree is deep".into());
    }
    if &r != root {
        return Err("the inclusion proof does not lead to the root".into());
    }
    Ok(())
}

/// Checks that the tree of `old` leaves with `old_root` is a prefix of the tree of `new`
/// leaves with `new_root` (RFC 9162 2.1.4.2).
pub fn verify_consistency(
    old: u64,
    new: u64,
    proof: &[Hash],
    old_root: &Hash,
    new_root: &Hash,
) -> Result<(), String> {
    if old > new {
        return Err(format!(
            "a tree of {old} leaves cannot precede one of {new}"
        ));
    }
    if old == new {
        return if proof.is_empty() && old_root == new_root {
            Ok(())
        } else {
            Err(format!("two different roots for a tree of {old} leaves"))
        };
    }
    if old == 0 {
        return if proof.is_empty() {
            Ok(())
        } else {
            Err("a proof from the empty tree is empty".into())
        };
    }
    let mut path: Vec<Hash> = Vec::with_capacity(proof.len() + 1);
    if old.is_power_of_two() {
        path.push(*old_root);
    }
    path.extend_from_slice(proof);
    let Some((first, rest)) = path.split_first() else {
        return Err("the consistency proof is empty".into());
    };
    let (mut f, mut s) = (old - 1, new - 1);
    while f & 1 == 1 {
        f >>= 1;
        s >>= 1;
    }
    let (mut fr, mut sr) = (*first, *first);
    for c in rest {
        if s == 0 {
            return Err("the consistency proof is longer than the tree is deep".into());
        }
        if f & 1 == 1 || f == s {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            while f & 1 == 0 && f != 0 {
                f >>= 1;
                s >>= 1;
            }
        } else {
            sr = node_hash(&sr, c);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 || &fr != old_root || &sr != new_root {
        return Err(format!(
            "the tree of {new} leaves does not extend the tree of {old} leaves"
        ));
    }
    Ok(())
}

/// The right edge of a tree: the hashes of the complete subtrees that make up its leaves,
/// largest first. Enough to append leaves and compute the root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frontier {
    size: u64,
    /// `(level, hash)`, levels strictly decreasing.
    nodes: Vec<(u8, Hash)>,
}

impl Frontier {
    /// The complete subtrees on the right edge of the tree of `size` leaves, largest first.
    pub fn ids(size: u64) -> Vec<NodeId> {
        (0..64u8)
            .rev()
            .filter(|level| size >> level & 1 == 1)
            .map(|level| (level, (size >> level) - 1))
            .collect()
    }

    /// The frontier of the tree of `size` leaves, from its [`Frontier::ids`]' hashes.
    pub fn new(size: u64, hashes: &[Hash]) -> Result<Frontier, String> {
        let ids = Frontier::ids(size);
        if ids.len() != hashes.len() {
            return Err(format!(
                "a tree of {size} leaves has {} edge subtrees, not {}",
                ids.len(),
                hashes.len()
            ));
        }
        Ok(Frontier {
            size,
            nodes: ids
                .iter()
                .map(|id| id.0)
                .zip(hashes.iter().copied())
                .collect(),
        })
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    /// The edge hashes, largest subtree first (as [`Frontier::new`] takes them).
    pub fn hashes(&self) -> Vec<Hash> {
        self.nodes.iter().map(|n| n.1).collect()
    }

    /// Appends a leaf (its hash); returns the complete subtrees it completes, the leaf's
    /// own first.
    pub fn push(&mut self, leaf: Hash) -> Vec<(NodeId, Hash)> {
        let index = self.size;
        let mut made = vec![((0, index), leaf)];
        let mut hash = leaf;
        let mut level = 0u8;
        while let Some(&(top, left)) = self.nodes.last() {
            if top != level {
                break;
            }
            self.nodes.pop();
            hash = node_hash(&left, &hash);
            level += 1;
            made.push(((level, index >> level), hash));
        }
        self.nodes.push((level, hash));
        self.size += 1;
        made
    }

    /// The tree's root.
    pub fn root(&self) -> Hash {
        let mut nodes = self.nodes.iter().rev();
        let Some(&(_, mut root)) = nodes.next() else {
            return empty_root();
        };
        for (_, left) in nodes {
            root = node_hash(left, &root);
        }
        root
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every complete subtree of `n` leaves (`leaf i` is the byte `i`).
    fn tree(n: u64) -> (HashMap<NodeId, Hash>, Vec<Hash>) {
        let mut nodes = HashMap::new();
        let mut frontier = Frontier::default();
        let mut roots = vec![frontier.root()];
        for i in 0..n {
            for (id, hash) in frontier.push(leaf_hash(&[i as u8])) {
                nodes.insert(id, hash);
            }
            roots.push(frontier.root());
        }
        (nodes, roots)
    }

    /// The root straight from RFC 9162's definition.
    fn mth(leaves: &[Hash]) -> Hash {
        match leaves.len() {
            0 => empty_root(),
            1 => leaves[0],
            n => {
                let k = split(n as u64) as usize;
                node_hash(&mth(&leaves[..k]), &mth(&leaves[k..]))
            }
        }
    }

    #[test]
    fn roots_match_the_definition() {
        let (nodes, roots) = tree(70);
        let leaves: Vec<Hash> = (0..70u8).map(|i| leaf_hash(&[i])).collect();
        for size in 0..=70u64 {
            let want = mth(&leaves[..size as usize]);
            assert_eq!(roots[size as usize], want, "frontier root of {size}");
            assert_eq!(
                root(size, &mut |id| nodes[&id]),
                want,
                "stored root of {size}"
            );
        }
    }

    #[test]
    fn the_rfc_6962_vectors() {
        // Certificate Transparency's reference leaves (RFC 6962 test data, also used by
        // Go's tlog and the transparency-dev merkle library).
        let leaves: [&[u8]; 8] = [
            b"",
            b"\x00",
            b"\x10",
            b"\x20\x21",
            b"\x30\x31",
            b"\x40\x41\x42\x43",
            b"\x50\x51\x52\x53\x54\x55\x56\x57",
            b"\x60\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a\x6b\x6c\x6d\x6e\x6f",
        ];
        let mut frontier = Frontier::default();
        let mut roots = Vec::new();
        for leaf in leaves {
            frontier.push(leaf_hash(leaf));
            roots.push(hex::encode(frontier.root()));
        }
        assert_eq!(
            roots[0],
            "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"
        );
        assert_eq!(
            roots[7],
            "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328"
        );
    }

    #[test]
    fn every_inclusion_proof_verifies_and_no_other() {
        let (nodes, roots) = tree(40);
        for size in 1..=40u64 {
            for index in 0..size {
                let proof = inclusion_proof(index, size, &mut |id| nodes[&id]);
                let leaf = leaf_hash(&[index as u8]);
                let root = roots[size as usize];
                verify_inclusion(&leaf, index, size, &proof, &root).expect("verifies");
                let other = leaf_hash(&[index as u8 + 1]);
                assert!(verify_inclusion(&other, index, size, &proof, &root).is_err());
                if size > 1 {
                    assert!(
                        verify_inclusion(&leaf, (index + 1) % size, size, &proof, &root).is_err()
                    );
                }
            }
        }
    }

    #[test]
    fn every_consistency_proof_verifies_and_a_fork_fails() {
        let (nodes, roots) = tree(40);
        for new in 0..=40u64 {
            for old in 0..=new {
                let proof = consistency_proof(old, new, &mut |id| nodes[&id]);
                let (a, b) = (roots[old as usize], roots[new as usize]);
                verify_consistency(old, new, &proof, &a, &b).expect("consistent");
                if 0 < old && old < new {
                    let forked = leaf_hash(b"another history");
                    assert!(verify_consistency(old, new, &proof, &forked, &b).is_err());
                    assert!(verify_consistency(old, new, &proof, &a, &forked).is_err());
                }
            }
        }
    }

    #[test]
    fn proofs_read_only_what_they_name() {
        let (nodes, _) = tree(37);
        let read = nodes_read(|node| inclusion_proof(5, 37, &mut |id| node(id)));
        assert!(read.iter().all(|id| nodes.contains_key(id)));
        let fetched: HashMap<NodeId, Hash> = read.iter().map(|id| (*id, nodes[id])).collect();
        let proof = inclusion_proof(5, 37, &mut |id| fetched[&id]);
        assert_eq!(proof, inclusion_proof(5, 37, &mut |id| nodes[&id]));
    }
}
