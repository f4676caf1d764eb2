#!/usr/bin/env python3
"""Checks tests/log/verify.py's RFC 9162 proof verification against the RFC's own definitions.

For every tree of 1 to 40 leaves this builds the Merkle tree hash MTH, the inclusion proofs
PATH and the consistency proofs PROOF/SUBPROOF exactly as RFC 9162 2.1.1, 2.1.3.1 and
2.1.4.1 define them (recursively, a different algorithm from the verifier's iterative one),
and requires verify.py to accept each of them and to refuse each with any one hash changed,
a hash missing or one too many, and the wrong leaf or index. Exit 0 when all hold.

    python3 tests/log/verify_selftest.py
"""

import hashlib
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify  # noqa: E402


def split(n):
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def mth(d):
    if not d:
        return hashlib.sha256(b"").digest()
    if len(d) == 1:
        return verify.leaf_hash(d[0])
    k = split(len(d))
    return verify.node_hash(mth(d[:k]), mth(d[k:]))


def path(m, d):
    if len(d) == 1:
        return []
    k = split(len(d))
    if m < k:
        return path(m, d[:k]) + [mth(d[k:])]
    return path(m - k, d[k:]) + [mth(d[:k])]


def subproof(m, d, b):
    if m == len(d):
        return [] if b else [mth(d)]
    k = split(len(d))
    if m <= k:
        return subproof(m, d[:k], b) + [mth(d[k:])]
    return subproof(m - k, d[k:], False) + [mth(d[:k])]


def refused(check, *args):
    try:
        check(*args)
    except verify.CheckFailed:
        return True
    return False


def variants(proof):
    """The proof with one hash changed, one missing, one too many."""
    for i in range(len(proof)):
        changed = list(proof)
        changed[i] = bytes([changed[i][0] ^ 1]) + changed[i][1:]
        yield f"hash {i} changed", changed
        yield f"hash {i} missing", proof[:i] + proof[i + 1 :]
    yield "a hash too many", proof + [b"\x00" * 32]


def main():
    leaves = [f"leaf {i}".encode() for i in range(40)]
    failures, checked = [], 0
    for n in range(1, len(leaves) + 1):
        d = leaves[:n]
        root = mth(d)
        for m in range(n):
            p = path(m, d)
            try:
                verify.verify_inclusion(m, n, d[m], p, root)
            except verify.CheckFailed as e:
                failures.append(f"inclusion {m} of {n} refused: {e}")
            for what, bad in variants(p):
                if not refused(verify.verify_inclusion, m, n, d[m], bad, root):
                    failures.append(f"inclusion {m} of {n} with {what} accepted")
            if not refused(verify.verify_inclusion, m, n, b"another leaf", p, root):
                failures.append(f"inclusion {m} of {n} of another leaf accepted")
            if n > 1 and not refused(verify.verify_inclusion, (m + 1) % n, n, d[m], p, root):
                failures.append(f"inclusion {m} of {n} at another index accepted")
            checked += 1
        for m in range(n + 1):
            old = mth(d[:m])
            p = subproof(m, d, True) if 0 < m < n else []
            try:
                verify.verify_consistency(m, n, old, root, p)
            except verify.CheckFailed as e:
                failures.append(f"consistency {m} to {n} refused: {e}")
            for what, bad in variants(p):
                if not refused(verify.verify_consistency, m, n, old, root, bad):
                    failures.append(f"consistency {m} to {n} with {what} accepted")
            if 0 < m and not refused(verify.verify_consistency, m, n, mth(leaves[1 : m + 1]), root, p):
                failures.append(f"consistency {m} to {n} from another old root accepted")
            checked += 1
    for failure in failures[:20]:
        print(f"FAILED: {failure}", file=sys.stderr)
    if failures:
        return 1
    print(f"ok: {checked} inclusion and consistency proofs of trees of 1 to 40 leaves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
