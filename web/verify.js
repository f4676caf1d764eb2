// Checking a finished hand in this browser, trusting nothing the server says about it: the
// record's hash chain, the revealed seed against its commitment, the deck against the seeds
// (docs/guide/fair-shuffles.md), the hand's entry in the server's public log against the
// record, the entry's inclusion proof (RFC 9162) against a checkpoint signed with the log's
// key (C2SP signed note), and each checkpoint against the last one this browser kept
// (a consistency proof): a server that shows two histories, or rewrites one, is caught by
// the browsers that saw both. SHA-256, HMAC and Ed25519 are the browser's own (WebCrypto);
// ChaCha20 is @noble/ciphers, vendored in ./vendor/. No DOM here: the history drawer
// (history.js) shows what these functions find, and Node runs them as they are.

import { chacha20orig } from "./vendor/chacha.js";

/**
 * What a check names when it fails: the record's own checks (`hash_chain`, `commitment`,
 * `deck`), then the log's (`log_entry`: the record is not what was logged; `signature`:
 * the checkpoint is not the log's; `inclusion`: the entry is not in the tree the
 * checkpoint describes), and `unavailable` when the log could not be read.
 * @typedef {"hash_chain" | "commitment" | "deck" | "log_entry" | "signature" | "inclusion" | "unavailable"} Check
 */

/** A check that failed: `check` names it, `message` says what was found (in English, for the console). */
export class CheckFailed extends Error {
  /** @param {Check} check @param {string} message */
  constructor(check, message) {
    super(message);
    this.check = check;
  }
}

/** @param {boolean} holds @param {Check} check @param {string} message @returns {asserts holds} */
function expect(holds, check, message) {
  if (!holds) throw new CheckFailed(check, message);
}

const utf8 = new TextEncoder();

/** Bytes in memory of their own (what WebCrypto takes). @typedef {Uint8Array<ArrayBuffer>} Bytes */

/** @param {Bytes} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lowercase hex to bytes, or null. @param {unknown} text */
export function fromHex(text) {
  if (typeof text !== "string" || !/^(?:[0-9a-f]{2})*$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** @param {Bytes} bytes standard base64, padded */
export function toBase64(bytes) {
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
}

/** Standard padded base64 to bytes, or null (nothing lenient: one text per value). @param {unknown} text */
export function fromBase64(text) {
  if (typeof text !== "string" || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return toBase64(bytes) === text ? bytes : null;
}

/** @param {Bytes} a @param {Bytes} b */
function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** @param {...Uint8Array} parts */
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** @param {Bytes} bytes */
async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

// ---- The record: hash chain, commitment, deck ----

/**
 * A hand record's event row, as `GET /v1/tables/{id}/hands/{n}` answers it.
 * @typedef {{ seq: number, kind: string, payload: any, prev_hash: string, hash: string }} Row
 */

/**
 * A hand record, with the entry of the public log that the server says holds it (null
 * while the hand is not yet logged).
 * @typedef {{ table_id: string, hand_no: number, fixed_deck: boolean, commitment_event: Row, events: Row[], proof?: Proof | null }} HandRecord
 */

/**
 * The server's proof that a hand is in its log: the entry's index (from 0), its bytes
 * (base64), the inclusion proof against the signed checkpoint of `tree_size` entries.
 * @typedef {{ index: number, leaf: string, tree_size: number, proof: string[], checkpoint: string }} Proof
 */

/** Code points in order, as Rust sorts strings (by their UTF-8 bytes). @param {string} a @param {string} b */
function byCodePoint(a, b) {
  const x = Array.from(a, (c) => /** @type {number} */ (c.codePointAt(0)));
  const y = Array.from(b, (c) => /** @type {number} */ (c.codePointAt(0)));
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * JSON with every object's keys sorted and no whitespace, the text the server hashes
 * (crates/store/src/events.rs `canonical_json`, serde_json's compact output). Payloads hold
 * strings, booleans, null and integers only, which both write alike.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const object = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(object)
      .sort(byCodePoint)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** An event row's hash: SHA-256 of `prev_hash|seq|kind|canonical payload`, hex. @param {Row} row */
export async function eventHash(row) {
  return toHex(await sha256(utf8.encode(`${row.prev_hash}|${row.seq}|${row.kind}|${canonicalJson(row.payload)}`)));
}

/**
 * The record's rows recompute to their hashes, one after another from its first (each
 * linked to the one before), and the row that published the commitment to its own.
 * @param {HandRecord} record
 */
export async function checkChain(record) {
  const rows = record.events;
  expect(rows.length > 0, "hash_chain", "the record has no events");
  for (const [i, row] of rows.entries()) {
    if (i > 0) {
      expect(row.seq === rows[i - 1].seq + 1, "hash_chain", `seq ${rows[i - 1].seq + 1} is missing`);
      expect(row.prev_hash === rows[i - 1].hash, "hash_chain", `seq ${row.seq} does not link to the previous row`);
    }
    expect((await eventHash(row)) === row.hash, "hash_chain", `seq ${row.seq}: content does not match its hash`);
  }
  const published = record.commitment_event;
  expect(published.seq < rows[0].seq, "hash_chain", "the commitment was published after the hand");
  expect((await eventHash(published)) === published.hash, "hash_chain", `seq ${published.seq}: content does not match its hash`);
}

/** The payload of the record's first row of `type`. @param {HandRecord} record @param {string} type */
function payloadOf(record, type) {
  return record.events.find((row) => row.payload?.type === type)?.payload;
}

/**
 * The commitment published before the hand (hex), and the revealed seed hashes to it.
 * @param {HandRecord} record
 * @returns {Promise<string>}
 */
export async function checkCommitment(record) {
  const before = record.commitment_event.payload;
  const published =
    record.hand_no === 1 && before?.type === "table_created"
      ? before.commitment
      : before?.type === "seed_revealed" && before.hand_no + 1 === record.hand_no
        ? before.next_commitment
        : null;
  expect(typeof published === "string", "commitment", "the commitment event does not publish this hand's commitment");
  const dealt = payloadOf(record, "hand_dealt");
  const revealed = payloadOf(record, "seed_revealed");
  expect(dealt && revealed, "commitment", "the record lacks its deal or its revealed seed");
  expect(revealed.server_seed === dealt.server_seed, "commitment", "the revealed seed differs from the dealt one");
  const seed = fromHex(dealt.server_seed);
  expect(seed !== null, "commitment", "the revealed seed is not hex");
  expect(toHex(await sha256(seed)) === published, "commitment", "the revealed seed does not match its commitment");
  return published;
}

/**
 * The hand key: HMAC-SHA256 keyed by the server seed over `bourre-deck-v1|table|hand`,
 * then `|seat:seed` for each client seed in seat order.
 * @param {Bytes} serverSeed
 * @param {string} tableId
 * @param {number} handNo
 * @param {{ seat: number, seed: string }[]} clientSeeds
 */
export async function handKey(serverSeed, tableId, handNo, clientSeeds) {
  const key = await crypto.subtle.importKey("raw", serverSeed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seeds = [...clientSeeds].sort((a, b) => a.seat - b.seat).map((c) => `|${c.seat}:${c.seed}`);
  const message = `bourre-deck-v1|${tableId}|${handNo}${seeds.join("")}`;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(message)));
}

/** The canonical order: 2C 3C ... AC 2D ... AS. */
export const CANONICAL = ["C", "D", "H", "S"].flatMap((suit) =>
  ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].map((rank) => `${rank}${suit}`),
);

/**
 * The deck a hand key deals, top first: a Fisher-Yates shuffle of the canonical order
 * driven by ChaCha20 (DJB's, 64-bit nonce: stream 0, counter from 0) keyed by it, each
 * index drawn from 32-bit little-endian words, a word above the last whole multiple of the
 * bound drawn again.
 * @param {Bytes} key 32 bytes
 */
export function shuffledDeck(key) {
  /** @type {Uint8Array} */
  let stream = new Uint8Array(0);
  let at = 0;
  const word = () => {
    if (at + 4 > stream.length) {
      // Rejections are rare (under 52 words in 2^32): 51 words and a spare block, more if needed.
      stream = chacha20orig(key, new Uint8Array(8), new Uint8Array(Math.max(256, stream.length * 2)));
    }
    const w = (stream[at] | (stream[at + 1] << 8) | (stream[at + 2] << 16) | (stream[at + 3] << 24)) >>> 0;
    at += 4;
    return w;
  };
  const cards = [...CANONICAL];
  for (let i = cards.length - 1; i >= 1; i -= 1) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let x = word();
    while (x >= limit) x = word();
    const j = x % bound;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/**
 * The hand key recomputed from the seeds is the one the hand started with, and the deck
 * dealt is the one it gives (a fixed deck, dealt as listed, is not shuffled).
 * @param {HandRecord} record
 */
export async function checkDeck(record) {
  const dealt = payloadOf(record, "hand_dealt");
  const started = payloadOf(record, "hand_started");
  expect(dealt && started, "deck", "the record lacks its deal or its start");
  const seed = fromHex(dealt.server_seed);
  expect(seed !== null, "deck", "the revealed seed is not hex");
  const key = await handKey(seed, record.table_id, record.hand_no, dealt.client_seeds ?? []);
  expect(toHex(key) === started.key, "deck", "the hand key is not the one the seeds give");
  if (record.fixed_deck || dealt.fixed_deck) return;
  const deck = shuffledDeck(key);
  expect(Array.isArray(started.deck) && started.deck.join(" ") === deck.join(" "), "deck", "the deck dealt is not the one the seeds give");
}

// ---- The public log: entries, trees, checkpoints ----

/**
 * One entry of the log: a finished hand, its last row and the commitment it was dealt under.
 * @typedef {{ table: string, hand: number, seq: number, head: string, commitment: string }} Entry
 */

/**
 * An entry's bytes read: six lines, each ending in a newline, and nothing else.
 * @param {Bytes} bytes
 * @returns {Entry | null}
 */
export function parseEntry(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const found = /^bourre hand v1\ntable ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\nhand ([1-9][0-9]*)\nseq ([1-9][0-9]*)\nhead ([0-9a-f]{64})\ncommitment ([0-9a-f]{64})\n$/.exec(text);
  if (!found) return null;
  return { table: found[1], hand: Number(found[2]), seq: Number(found[3]), head: found[4], commitment: found[5] };
}

/**
 * The entry is this hand's: its table and number, its last row (the revealed seed, whose
 * hash the entry names) and the commitment published before it.
 * @param {HandRecord} record
 * @param {Entry | null} entry
 * @param {string} commitment
 */
export function checkEntry(record, entry, commitment) {
  expect(entry !== null, "log_entry", "the log's entry is unreadable");
  expect(entry.table === record.table_id.toLowerCase() && entry.hand === record.hand_no, "log_entry", "the log's entry is another hand's");
  const last = record.events.find((row) => row.seq === entry.seq);
  expect(last?.payload?.type === "seed_revealed" && last.payload.hand_no === record.hand_no, "log_entry", `the log's entry ends the hand at seq ${entry.seq}, which the record does not`);
  // The logged row fixes only the rows before it: the hand must lie there, opened by its
  // deal; after it come only seats and seeds for the next hand.
  expect(record.events[0]?.payload?.type === "hand_dealt", "log_entry", "the record does not open with the hand's deal");
  const between = new Set(["seat_taken", "seat_left", "client_seed_set", "table_closed"]);
  const played = record.events.find((row) => row.seq > entry.seq && !between.has(row.payload?.type));
  expect(!played, "log_entry", `seq ${played?.seq} plays the hand after the row that was logged`);
  expect(last.hash === entry.head, "log_entry", `the record's seq ${entry.seq} is not the row that was logged`);
  expect(entry.commitment === commitment, "log_entry", "the record's commitment is not the one that was logged");
}

/** RFC 9162 leaf hash: SHA-256(0x00 || entry). @param {Bytes} entry */
export function leafHash(entry) {
  return sha256(concat(Uint8Array.of(0), entry));
}

/** RFC 9162 interior node: SHA-256(0x01 || left || right). @param {Bytes} left @param {Bytes} right */
export function nodeHash(left, right) {
  return sha256(concat(Uint8Array.of(1), left, right));
}

/** @param {number} n */
const half = (n) => Math.floor(n / 2);
/** @param {number} n */
const odd = (n) => n % 2 === 1;
/** @param {number} n */
const powerOfTwo = (n) => {
  let m = n;
  while (m > 1 && !odd(m)) m = half(m);
  return m === 1;
};

/**
 * Whether `leaf` (its hash) is entry `index` of the tree of `size` entries whose root is
 * `root`, by the inclusion proof `path` (RFC 9162, 2.1.3.2).
 * @param {Bytes} leaf
 * @param {number} index
 * @param {number} size
 * @param {Bytes[]} path
 * @param {Bytes} root
 */
export async function verifyInclusion(leaf, index, size, path, root) {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && same(r, root);
}

/**
 * Whether the tree of `second` entries with root `secondRoot` extends the tree of `first`
 * entries with root `firstRoot`, by the consistency proof `path` (RFC 9162, 2.1.4.2).
 * @param {number} first
 * @param {number} second
 * @param {Bytes} firstRoot
 * @param {Bytes} secondRoot
 * @param {Bytes[]} path
 */
export async function verifyConsistency(first, second, firstRoot, secondRoot, path) {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (first === second) return path.length === 0 && same(firstRoot, secondRoot);
  // Every tree extends the empty one.
  if (first === 0) return path.length === 0;
  if (path.length === 0) return false;
  // A first tree that is a whole power of two is a node of the second: its root starts the path.
  const nodes = powerOfTwo(first) ? [firstRoot, ...path] : path;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = nodes[0];
  let sr = nodes[0];
  for (const c of nodes.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && same(fr, firstRoot) && same(sr, secondRoot);
}

/**
 * A note verifier's key (golang.org/x/mod/sumdb/note): `name+hex key id+base64(0x01 || key)`.
 * @typedef {{ name: string, id: Bytes, key: Bytes, text: string }} VerifierKey
 */

/**
 * A key's id: the first 4 bytes of SHA-256(name || "\n" || 0x01 || public key).
 * @param {string} name
 * @param {Bytes} key
 */
export async function keyId(name, key) {
  return (await sha256(concat(utf8.encode(`${name}\n`), Uint8Array.of(1), key))).slice(0, 4);
}

/**
 * A verifier key read and its id checked, or null.
 * @param {unknown} text
 * @returns {Promise<VerifierKey | null>}
 */
export async function parseVerifierKey(text) {
  if (typeof text !== "string") return null;
  const found = /^([^\s+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text);
  const encoded = found && fromBase64(found[3]);
  if (!found || !encoded || encoded.length !== 33 || encoded[0] !== 1) return null;
  const key = encoded.slice(1);
  const id = await keyId(found[1], key);
  return toHex(id) === found[2] ? { name: found[1], id, key, text } : null;
}

/**
 * A checkpoint whose signature was verified: the log's origin, its size, its root, and the
 * signed note it came in (kept as it is, to show to others).
 * @typedef {{ origin: string, size: number, root: Bytes, note: string }} Checkpoint
 */

/**
 * A signed note's text (C2SP signed-note: the text, a blank line, signature lines), once a
 * signature of `verifier` (Ed25519 over the text, its final newline included) verifies.
 * Signatures of other keys are ignored; a bad one of `verifier`'s is refused.
 * @param {string} note
 * @param {VerifierKey} verifier
 */
export async function openNote(note, verifier) {
  const split = typeof note === "string" && note.endsWith("\n") ? note.lastIndexOf("\n\n") : -1;
  expect(split > 0, "signature", "the checkpoint is not a signed note");
  const text = note.slice(0, split + 1);
  let signed = false;
  for (const line of note.slice(split + 2, -1).split("\n")) {
    const found = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    expect(found !== null, "signature", "the checkpoint's signature lines are malformed");
    const blob = fromBase64(found[2]);
    if (found[1] !== verifier.name || !blob || blob.length !== 68 || !same(blob.slice(0, 4), verifier.id)) continue;
    const key = await crypto.subtle.importKey("raw", verifier.key, { name: "Ed25519" }, false, ["verify"]);
    expect(await crypto.subtle.verify({ name: "Ed25519" }, key, blob.slice(4), utf8.encode(text)), "signature", "the checkpoint's signature is not the log key's");
    signed = true;
  }
  expect(signed, "signature", "the checkpoint is not signed by the log's key");
  return text;
}

/**
 * A signed checkpoint opened: a note signed by `verifier` whose text is a C2SP
 * tlog-checkpoint with `verifier`'s name as origin (extension lines allowed after the root).
 * @param {string} note
 * @param {VerifierKey} verifier
 * @returns {Promise<Checkpoint>}
 */
export async function openCheckpoint(note, verifier) {
  const lines = (await openNote(note, verifier)).split("\n").slice(0, -1);
  expect(lines.length >= 3 && lines[0] === verifier.name, "signature", "the checkpoint is another log's");
  expect(/^(?:0|[1-9][0-9]{0,15})$/.test(lines[1]) && Number.isSafeInteger(Number(lines[1])), "signature", "the checkpoint's size is malformed");
  const root = fromBase64(lines[2]);
  expect(root !== null && root.length === 32, "signature", "the checkpoint's root is malformed");
  return { origin: lines[0], size: Number(lines[1]), root, note };
}

/** @param {unknown} hashes @returns {Bytes[] | null} */
function hashList(hashes) {
  if (!Array.isArray(hashes)) return null;
  const out = hashes.map(fromBase64);
  return out.every((h) => h !== null && h.length === 32) ? /** @type {Bytes[]} */ (out) : null;
}

/**
 * A finished hand checked whole: the record's chain, commitment and deck, then its entry
 * in the log and the entry's inclusion in the signed checkpoint. Throws `CheckFailed`
 * naming the first check that fails.
 * @param {HandRecord} record
 * @param {VerifierKey} verifier the log's key
 * @returns {Promise<{ entry: number, checkpoint: Checkpoint } | null>} the entry's index (from 0) and the checkpoint that holds it; null while the hand is not yet logged
 */
export async function checkHand(record, verifier) {
  await checkChain(record);
  const commitment = await checkCommitment(record);
  await checkDeck(record);
  const proof = record.proof;
  if (!proof) return null;
  const bytes = fromBase64(proof.leaf);
  checkEntry(record, bytes && parseEntry(bytes), commitment);
  const checkpoint = await openCheckpoint(proof.checkpoint, verifier);
  const path = hashList(proof.proof);
  const included =
    path !== null &&
    bytes !== null &&
    proof.tree_size === checkpoint.size &&
    (await verifyInclusion(await leafHash(bytes), proof.index, checkpoint.size, path, checkpoint.root));
  expect(included, "inclusion", `entry ${proof.index} is not in the tree of ${checkpoint.size} the checkpoint signs`);
  return { entry: proof.index, checkpoint };
}

// ---- The checkpoint kept ----

/**
 * What this browser keeps of a server's log (in `localStorage`, which is per server): the
 * log's origin and key, the largest checkpoint seen that agreed with every other, and a
 * conflict once one was found (both signed notes, kept for good: they are the evidence).
 * @typedef {{ origin: string, verifier_key: string, checkpoint: string, conflict?: Conflict }} Kept
 */

/**
 * Two things the server signed or said that cannot both be true: `forked`, two checkpoints
 * of which neither extends the other (two roots for one size, or a newer tree that does not
 * contain the older); `key_changed`, the log's origin or key is not the one seen before
 * (`kept` and `seen` are then the two verifier keys' checkpoints, or the keys themselves).
 * @typedef {{ kind: "forked" | "key_changed", kept: string, seen: string }} Conflict
 */

/** Where the checkpoint is kept. */
export const KEPT = "bourre.log";

/**
 * The checkpoint kept for a server's log, and each new one checked against it: `witness`
 * is called with every checkpoint seen (one at a time: calls wait for the one before) and
 * answers the conflict it makes with the kept one, if any; the kept checkpoint grows with
 * each larger one that extends it, and the first conflict found is kept beside it.
 * @param {Pick<Storage, "getItem" | "setItem">} storage
 * @param {(from: number, to: number) => Promise<unknown>} consistency the server's consistency proof between two sizes (base64 hashes)
 */
export function witness(storage, consistency) {
  /** @returns {Kept | null} */
  const read = () => {
    try {
      const kept = JSON.parse(storage.getItem(KEPT) ?? "null");
      return kept && typeof kept.checkpoint === "string" && typeof kept.verifier_key === "string" ? kept : null;
    } catch {
      return null;
    }
  };
  /** @param {Kept} kept */
  const write = (kept) => storage.setItem(KEPT, JSON.stringify(kept));
  let queue = Promise.resolve();
  /**
   * `seen` (verified with `verifier`) against the kept checkpoint: the larger kept when
   * they agree, the conflict kept (and answered) when they do not.
   * @param {Checkpoint} seen
   * @param {VerifierKey} verifier
   * @returns {Promise<Conflict | null>}
   */
  const check = async (seen, verifier) => {
    const kept = read();
    if (!kept) {
      write({ origin: seen.origin, verifier_key: verifier.text, checkpoint: seen.note });
      return null;
    }
    /** The first conflict found is kept for good; each one is answered. @param {Conflict} conflict */
    const contradicted = (conflict) => {
      if (!kept.conflict) write({ ...kept, conflict });
      return conflict;
    };
    if (kept.origin !== seen.origin || kept.verifier_key !== verifier.text) {
      return contradicted({ kind: "key_changed", kept: `${kept.verifier_key}\n\n${kept.checkpoint}`, seen: `${verifier.text}\n\n${seen.note}` });
    }
    const old = await openCheckpoint(kept.checkpoint, verifier);
    const [smaller, larger] = old.size <= seen.size ? [old, seen] : [seen, old];
    let path = /** @type {Bytes[] | null} */ ([]);
    if (smaller.size !== 0 && smaller.size !== larger.size) {
      try {
        path = hashList(await consistency(smaller.size, larger.size));
      } catch (error) {
        throw new CheckFailed("unavailable", `no consistency proof from ${smaller.size} to ${larger.size}: ${error}`);
      }
    }
    if (!path || !(await verifyConsistency(smaller.size, larger.size, smaller.root, larger.root, path))) {
      return contradicted({ kind: "forked", kept: old.note, seen: seen.note });
    }
    if (larger === seen && seen.size > old.size) write({ ...kept, checkpoint: seen.note });
    return null;
  };
  return {
    /** @param {Checkpoint} seen @param {VerifierKey} verifier */
    witness(seen, verifier) {
      const run = queue.then(() => check(seen, verifier));
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    /** The conflict kept, if any. */
    conflict: () => read()?.conflict ?? null,
  };
}
