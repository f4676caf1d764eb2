#!/usr/bin/env python3
"""Checks one hand's place in a Bourré server's public log, sharing nothing with the server.

Written from the specifications alone: RFC 9162 (the Merkle tree, inclusion proofs 2.1.3.2,
consistency proofs 2.1.4.2), C2SP signed-note and tlog-checkpoint (the signed checkpoint and
the verifier key), and the server's documented leaf and hash-chain formats. Only the
standard library (urllib, hashlib, json, base64) and the `cryptography` package's Ed25519.

    python3 tests/log/verify.py --url BASE --key VERIFIER_KEY --token TOKEN \
        --table T --hand N [--old-checkpoint FILE] [--save-checkpoint FILE] \
        [--proof-file FILE]

It checks, printing each check as it holds:
  - the log's latest checkpoint (GET /v1/log/checkpoint) is signed by VERIFIER_KEY (the key
    given here, never the one the server offers) and names the key's origin;
  - the hand's proof (GET /v1/tables/T/hands/N/proof, or --proof-file) carries a checkpoint
    signed by the same key, and its inclusion proof leads from the leaf to that
    checkpoint's root at its size;
  - the leaf is the six lines of a hand, naming table T and hand N;
  - the hand's record (GET /v1/tables/T/hands/N) has the leaf's row: its `seed_revealed`
    with that seq, whose `hash` is the leaf's head; every row's hash recomputed here, and
    each row chained to the one before; the commitment published before the hand is the
    leaf's, and the revealed seed hashes to it;
  - the proof's checkpoint and the latest are consistent (GET /v1/log/consistency), and so
    is --old-checkpoint (a checkpoint seen earlier, checked with the same key) with the
    latest.

Exit status 0 when everything holds; 1 with "FAILED: <what>" on stderr when a check fails;
2 when the log could not be read (network, HTTP error, bad arguments).
"""

import argparse
import base64
import binascii
import hashlib
import json
import sys
import urllib.error
import urllib.request

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


class CheckFailed(Exception):
    """A check that did not hold."""


class Unreadable(Exception):
    """The server could not be asked (network, HTTP status, not JSON)."""


def ok(message):
    print(f"ok: {message}")


# --- RFC 9162 section 2.1: the Merkle tree ------------------------------------------------


def leaf_hash(leaf):
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def verify_inclusion(index, size, leaf, path, root):
    """RFC 9162 2.1.3.2."""
    if index >= size:
        raise CheckFailed(f"inclusion proof: leaf index {index} is not below tree size {size}")
    fn, sn = index, size - 1
    r = leaf_hash(leaf)
    for p in path:
        if sn == 0:
            raise CheckFailed("inclusion proof: longer than the tree is deep")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise CheckFailed("inclusion proof: shorter than the tree is deep")
    if r != root:
        raise CheckFailed(
            f"inclusion proof: the leaf's path leads to root {r.hex()}, "
            f"not the checkpoint's {root.hex()}"
        )


def verify_consistency(first, second, first_root, second_root, proof):
    """RFC 9162 2.1.4.2, with the trivial cases (an empty old tree, equal sizes) first."""
    if first > second:
        raise CheckFailed(f"consistency: old size {first} is above new size {second}")
    if first == second:
        if proof:
            raise CheckFailed("consistency: a proof between equal sizes must be empty")
        if first_root != second_root:
            raise CheckFailed(
                f"consistency: two roots for size {first}: {first_root.hex()} and "
                f"{second_root.hex()} (the log forked)"
            )
        return
    if first == 0:
        if proof:
            raise CheckFailed("consistency: a proof from the empty tree must be empty")
        return
    if not proof:
        raise CheckFailed("consistency: empty proof between different sizes")
    path = list(proof)
    if first & (first - 1) == 0:
        path.insert(0, first_root)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise CheckFailed("consistency: the proof is longer than the tree is deep")
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise CheckFailed("consistency: the proof is shorter than the tree is deep")
    if fr != first_root:
        raise CheckFailed(
            f"consistency: the proof rebuilds old root {fr.hex()}, not {first_root.hex()}"
        )
    if sr != second_root:
        raise CheckFailed(
            f"consistency: the proof rebuilds new root {sr.hex()}, not {second_root.hex()}"
        )


# --- C2SP signed-note and tlog-checkpoint ---------------------------------------------------


def b64decode(text, what):
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise CheckFailed(f"{what}: not standard base64: {text!r}") from None


def key_id(name, key_bytes):
    """The first four bytes of SHA-256(name || "\\n" || 0x01 || public key)."""
    return hashlib.sha256(name.encode("utf-8") + b"\n" + b"\x01" + key_bytes).digest()[:4]


class VerifierKey:
    """`<name>+<8 hex digits of key id>+<base64 of 0x01 || 32-byte Ed25519 public key>`."""

    def __init__(self, text):
        parts = text.strip().split("+", 2)
        if len(parts) != 3:
            raise CheckFailed(f"verifier key {text!r}: not name+hash+key")
        name, hex_id, encoded = parts
        if not name or any(c.isspace() for c in name):
            raise CheckFailed(f"verifier key {text!r}: bad name")
        raw = b64decode(encoded, "verifier key")
        if len(raw) != 33 or raw[0] != 0x01:
            raise CheckFailed("verifier key: not an Ed25519 key (0x01 and 32 bytes)")
        self.name = name
        self.public = raw[1:]
        self.id = key_id(name, self.public)
        if len(hex_id) != 8 or self.id.hex() != hex_id.lower():
            raise CheckFailed(
                f"verifier key: its id {hex_id} is not the key's {self.id.hex()}"
            )
        self.ed25519 = Ed25519PublicKey.from_public_bytes(self.public)


def open_note(note, key, what):
    """The text of a signed note that `key` signed (C2SP signed-note)."""
    if isinstance(note, bytes):
        try:
            note = note.decode("utf-8")
        except UnicodeDecodeError:
            raise CheckFailed(f"{what}: not UTF-8") from None
    for c in note:
        if c != "\n" and (ord(c) < 0x20 or ord(c) == 0x7F):
            raise CheckFailed(f"{what}: a control character in the note")
    split = note.rfind("\n\n")
    if split < 0:
        raise CheckFailed(f"{what}: no blank line before the signatures")
    text, signatures = note[: split + 1], note[split + 2 :]
    if not signatures.endswith("\n"):
        raise CheckFailed(f"{what}: the signature lines do not end in a newline")
    lines = signatures[:-1].split("\n")
    found, others = False, []
    for line in lines:
        if not line.startswith("\u2014 "):
            raise CheckFailed(f"{what}: {line!r} is not a signature line")
        fields = line[2:].split(" ")
        if len(fields) != 2:
            raise CheckFailed(f"{what}: {line!r} is not '\u2014 name signature'")
        name, encoded = fields
        blob = b64decode(encoded, f"{what}: signature")
        if len(blob) < 5:
            raise CheckFailed(f"{what}: signature too short")
        if name != key.name or blob[:4] != key.id:
            others.append(f"{name}+{blob[:4].hex()}")
            continue  # someone else's signature: not ours to judge
        try:
            key.ed25519.verify(blob[4:], text.encode("utf-8"))
        except InvalidSignature:
            raise CheckFailed(
                f"{what}: the signature by {key.name}+{key.id.hex()} does not verify"
            ) from None
        found = True
    if not found:
        raise CheckFailed(
            f"{what}: no signature by the given key {key.name}+{key.id.hex()} "
            f"(signed by {', '.join(others)})"
        )
    return text


class Checkpoint:
    def __init__(self, note, key, what):
        text = open_note(note, key, what)
        lines = text[:-1].split("\n")
        if len(lines) < 3:
            raise CheckFailed(f"{what}: a checkpoint has origin, size and root")
        origin, size, root = lines[:3]
        if origin != key.name:
            raise CheckFailed(f"{what}: origin {origin!r} is not the key's {key.name!r}")
        if not size.isdigit() or (size != "0" and size.startswith("0")) or not size.isascii():
            raise CheckFailed(f"{what}: size {size!r} is not a decimal number")
        self.origin = origin
        self.size = int(size)
        self.root = b64decode(root, f"{what}: root")
        if len(self.root) != 32:
            raise CheckFailed(f"{what}: the root is not 32 bytes")
        self.note = note if isinstance(note, str) else note.decode("utf-8")

    def __str__(self):
        return f"size {self.size}, root {self.root.hex()}"


# --- The server's hand leaf and hash chain -------------------------------------------------


def parse_leaf(leaf):
    try:
        text = leaf.decode("utf-8")
    except UnicodeDecodeError:
        raise CheckFailed("leaf: not UTF-8") from None
    lines = text.split("\n")
    if len(lines) != 7 or lines[6] != "":
        raise CheckFailed(f"leaf: not six lines each ending in a newline: {text!r}")
    if lines[0] != "bourre hand v1":
        raise CheckFailed(f"leaf: first line {lines[0]!r}, not 'bourre hand v1'")
    fields = {}
    for line, name in zip(lines[1:6], ["table", "hand", "seq", "head", "commitment"]):
        prefix = name + " "
        if not line.startswith(prefix):
            raise CheckFailed(f"leaf: line {line!r} is not '{name} ...'")
        fields[name] = line[len(prefix) :]
    for name in ["hand", "seq"]:
        if not fields[name].isdigit() or not fields[name].isascii():
            raise CheckFailed(f"leaf: {name} {fields[name]!r} is not a decimal number")
        fields[name] = int(fields[name])
    for name in ["head", "commitment"]:
        if len(fields[name]) != 64 or any(c not in "0123456789abcdef" for c in fields[name]):
            raise CheckFailed(f"leaf: {name} is not 64 lowercase hex digits")
    return fields


def no_floats(text):
    raise CheckFailed(
        f"record: a payload holds the number {text}; this verifier's canonical JSON covers "
        "integers only"
    )


def canonical_json(value):
    """Sorted keys at every depth, no whitespace, non-ASCII as is (serde_json's compact form)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_hash(row):
    text = f"{row['prev_hash']}|{row['seq']}|{row['kind']}|{canonical_json(row['payload'])}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


GENESIS = "0" * 64


def check_record(record, table, hand, leaf):
    if record.get("table_id") != table or record.get("hand_no") != hand:
        raise CheckFailed(
            f"record: it is of table {record.get('table_id')} hand {record.get('hand_no')}"
        )
    rows = record.get("events") or []
    if not rows:
        raise CheckFailed("record: no events")
    commitment_row = record["commitment_event"]
    for row in [commitment_row] + rows:
        if not isinstance(row.get("seq"), int) or row["seq"] < 1:
            raise CheckFailed(f"record: row with seq {row.get('seq')!r}")
        if row["seq"] == 1 and row["prev_hash"] != GENESIS:
            raise CheckFailed("record: the table's first row does not follow 64 zeros")
        computed = row_hash(row)
        if computed != row["hash"]:
            raise CheckFailed(
                f"record: row {row['seq']} ({row['kind']}) hashes to {computed}, "
                f"the record says {row['hash']}"
            )
    for before, after in zip(rows, rows[1:]):
        if after["seq"] != before["seq"] + 1:
            raise CheckFailed(f"record: seq {before['seq']} is followed by {after['seq']}")
        if after["prev_hash"] != before["hash"]:
            raise CheckFailed(f"record: row {after['seq']} does not chain to row {before['seq']}")
    if commitment_row["seq"] >= rows[0]["seq"]:
        raise CheckFailed("record: the commitment was not published before the hand")
    if commitment_row["seq"] + 1 == rows[0]["seq"] and rows[0]["prev_hash"] != commitment_row["hash"]:
        raise CheckFailed(f"record: row {rows[0]['seq']} does not chain to the commitment's row")
    ok(
        f"record: {len(rows)} rows (seq {rows[0]['seq']}..{rows[-1]['seq']}) and the "
        f"commitment's row {commitment_row['seq']} rehashed with hashlib, each chained to the one before"
    )

    head = [r for r in rows if r["seq"] == leaf["seq"]]
    if not head:
        raise CheckFailed(f"record: no row with the leaf's seq {leaf['seq']}")
    head = head[0]
    if head["kind"] != "seed_revealed":
        raise CheckFailed(f"record: row {head['seq']} is {head['kind']}, not seed_revealed")
    if head["hash"] != leaf["head"]:
        raise CheckFailed(
            f"record: row {head['seq']} has hash {head['hash']}, the leaf says head {leaf['head']}"
        )
    ok(f"record: row {head['seq']} is the hand's seed_revealed and its hash is the leaf's head")

    if hand == 1:
        expected_kind, field = "table_created", "commitment"
    else:
        expected_kind, field = "seed_revealed", "next_commitment"
    if commitment_row["kind"] != expected_kind:
        raise CheckFailed(f"record: the commitment's row is {commitment_row['kind']}, not {expected_kind}")
    published = commitment_row["payload"].get(field)
    if published != leaf["commitment"]:
        raise CheckFailed(
            f"record: {expected_kind} published commitment {published}, the leaf says "
            f"{leaf['commitment']}"
        )
    seed = head["payload"].get("server_seed", "")
    try:
        seed_hash = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    except ValueError:
        raise CheckFailed(f"record: the revealed server seed {seed!r} is not hex") from None
    if seed_hash != leaf["commitment"]:
        raise CheckFailed(
            f"record: the revealed seed hashes to {seed_hash}, not the commitment {leaf['commitment']}"
        )
    ok(
        f"record: the commitment in row {commitment_row['seq']} ({expected_kind}) is the "
        "leaf's, and the revealed server seed hashes to it"
    )


# --- The server ------------------------------------------------------------------------------


class Server:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.token = token

    def get(self, path, bearer=False):
        request = urllib.request.Request(self.base + path)
        if bearer:
            request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Accept", "application/json, text/plain")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.read()
        except urllib.error.HTTPError as e:
            body = e.read().decode("utf-8", "replace")[:500]
            raise Unreadable(f"GET {path}: HTTP {e.code}: {body}") from None
        except (urllib.error.URLError, OSError) as e:
            raise Unreadable(f"GET {path}: {e}") from None

    def json(self, path, bearer=False):
        body = self.get(path, bearer)
        try:
            return json.loads(body, parse_float=no_floats, parse_constant=no_floats)
        except json.JSONDecodeError as e:
            raise Unreadable(f"GET {path}: not JSON: {e}") from None


def consistent(server, key, old, new, what):
    """Checks `old` and `new` (checkpoints of the same log) describe one growing tree."""
    first, second = (old, new) if old.size <= new.size else (new, old)
    if first.size in (0, second.size):
        verify_consistency(first.size, second.size, first.root, second.root, [])
    else:
        answer = server.json(f"/v1/log/consistency?from={first.size}&to={second.size}")
        proof = [b64decode(h, "consistency proof") for h in answer["proof"]]
        if any(len(h) != 32 for h in proof):
            raise CheckFailed("consistency proof: a hash that is not 32 bytes")
        verify_consistency(first.size, second.size, first.root, second.root, proof)
    ok(f"{what}: size {first.size} and size {second.size} are consistent")


def verify(args):
    key = VerifierKey(args.key)
    server = Server(args.url, args.token)

    latest = Checkpoint(server.get("/v1/log/checkpoint"), key, "latest checkpoint")
    ok(f"latest checkpoint signed by {key.name}+{key.id.hex()}: {latest}")
    if args.save_checkpoint:
        with open(args.save_checkpoint, "w", encoding="utf-8", newline="") as f:
            f.write(latest.note)

    if args.proof_file:
        with open(args.proof_file, encoding="utf-8") as f:
            proof = json.load(f)
    else:
        proof = server.json(f"/v1/tables/{args.table}/hands/{args.hand}/proof", bearer=True)
    against = Checkpoint(proof["checkpoint"], key, "proof's checkpoint")
    ok(f"proof's checkpoint signed by the same key: {against}")
    if proof["tree_size"] != against.size:
        raise CheckFailed(
            f"proof: tree_size {proof['tree_size']} is not its checkpoint's size {against.size}"
        )
    leaf = b64decode(proof["leaf"], "proof's leaf")
    path = [b64decode(h, "inclusion proof") for h in proof["proof"]]
    if any(len(h) != 32 for h in path):
        raise CheckFailed("inclusion proof: a hash that is not 32 bytes")
    verify_inclusion(proof["index"], against.size, leaf, path, against.root)
    ok(
        f"inclusion proof: leaf {proof['index']} ({len(path)} hash{'es' if len(path) != 1 else ''}) is in the tree of "
        f"size {against.size} with the checkpoint's root"
    )

    fields = parse_leaf(leaf)
    if fields["table"] != args.table or fields["hand"] != args.hand:
        raise CheckFailed(
            f"leaf: names table {fields['table']} hand {fields['hand']}, "
            f"not table {args.table} hand {args.hand}"
        )
    ok(f"leaf: table {fields['table']} hand {fields['hand']} seq {fields['seq']} head {fields['head']}")

    record = server.json(f"/v1/tables/{args.table}/hands/{args.hand}", bearer=True)
    check_record(record, args.table, args.hand, fields)

    consistent(server, key, against, latest, "proof's checkpoint and the latest")
    if args.old_checkpoint:
        with open(args.old_checkpoint, "rb") as f:
            old = Checkpoint(f.read(), key, "old checkpoint")
        ok(f"old checkpoint signed by the same key: {old}")
        if old.size > latest.size:
            raise CheckFailed(
                f"old checkpoint: size {old.size} is above the latest's {latest.size} "
                "(the log shrank)"
            )
        consistent(server, key, old, latest, "old checkpoint and the latest")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. https://bourre.example")
    parser.add_argument("--key", required=True, help="the log's verifier key name+id+key")
    parser.add_argument("--token", required=True, help="a bearer token of a league member")
    parser.add_argument("--table", required=True, help="the table's id")
    parser.add_argument("--hand", required=True, type=int, help="the hand's number")
    parser.add_argument("--old-checkpoint", help="a checkpoint seen before: check the log grew from it")
    parser.add_argument("--save-checkpoint", help="write the latest checkpoint here")
    parser.add_argument("--proof-file", help="check this proof (JSON) instead of the server's")
    args = parser.parse_args()
    args.table = args.table.lower()
    try:
        verify(args)
    except CheckFailed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    except (Unreadable, KeyError, TypeError, AttributeError, OSError) as e:
        print(f"ERROR: could not check: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    print(f"all checks hold: hand {args.hand} of table {args.table} is in the log")
    return 0


if __name__ == "__main__":
    sys.exit(main())
