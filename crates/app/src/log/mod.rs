//! The public log: every finished hand is a leaf of one append-only Merkle tree, whose signed
//! checkpoints anyone keeps and compares; it reads tables' finished hands, never writes them.
//!
//! A hand's `seed_revealed` event queues it in the transaction that writes it (a trigger of
//! migration `public_log`, so that every writer does, whatever its version); a sequencer in
//! every process ([`Cases::sequence`]) takes the queue, under the head row's
//! lock, so the tree grows once, in one order, whatever the number of processes, and signs
//! the new checkpoint ([`note`]). Proofs are computed from the stored hashes of complete
//! subtrees ([`merkle`]); tiles serve the same hashes to tlog tools. docs/guide/public-log.md
//! says what each part proves.

pub mod leaf;
pub mod merkle;
pub mod note;

use std::collections::HashMap;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::store::log as rows;
use crate::store::{self, Conn};
use leaf::HandLeaf;
use merkle::{Frontier, Hash, NodeId};
use note::{Checkpoint, SignerKey, VerifierKey};

room_cases!();

/// How often each process looks for finished hands to add.
const EVERY: Duration = Duration::from_secs(1);

/// Hands added to the tree per turn of the sequencer, at most.
const BATCH: i64 = 1000;

/// The proof that a hand is in the log: its leaf, the inclusion path, and the signed
/// checkpoint the path leads to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LogProof {
    /// The leaf's index in the log, from 0.
    #[schema(minimum = 0)]
    pub index: u64,
    /// The leaf's bytes, base64 (docs/guide/public-log.md: six lines naming the table, the
    /// hand, the seq and hash of its `seed_revealed` row and its commitment).
    pub leaf: String,
    /// The size of the tree the proof is against (the checkpoint's).
    #[schema(minimum = 1)]
    pub tree_size: u64,
    /// The inclusion path (RFC 9162 2.1.3), each hash base64, nearest the leaf first.
    pub proof: Vec<String>,
    /// The signed checkpoint (C2SP tlog-checkpoint in a signed note) whose root the path
    /// leads to.
    pub checkpoint: String,
}

impl LogProof {
    /// Checks the proof against `key`: the checkpoint's signature and origin, its size, and
    /// the path from the leaf to its root. Returns the leaf and the checkpoint.
    pub fn verify(&self, key: &VerifierKey) -> Result<(HandLeaf, Checkpoint), String> {
        let checkpoint = Checkpoint::open(&self.checkpoint, key)?;
        if checkpoint.size != self.tree_size {
            return Err(format!(
                "the proof is for a tree of {} leaves, the checkpoint for {}",
                self.tree_size, checkpoint.size
            ));
        }
        let leaf = STANDARD
            .decode(&self.leaf)
            .map_err(|_| "the leaf is not base64".to_owned())?;
        let path = self
            .proof
            .iter()
            .map(|h| decode_hash(h))
            .collect::<Result<Vec<Hash>, String>>()?;
        merkle::verify_inclusion(
            &merkle::leaf_hash(&leaf),
            self.index,
            self.tree_size,
            &path,
            &checkpoint.root,
        )?;
        Ok((HandLeaf::parse(&leaf)?, checkpoint))
    }
}

/// A base64 SHA-256 hash.
pub fn decode_hash(text: &str) -> Result<Hash, String> {
    STANDARD
        .decode(text)
        .ok()
        .and_then(|h| Hash::try_from(h).ok())
        .ok_or_else(|| format!("{text:?} is not a base64 SHA-256 hash"))
}

/// The log as a client first meets it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LogInfo {
    /// The log's name, the first line of its checkpoints (and its key's name).
    pub origin: String,
    /// The key checkpoints are signed with, as a signed-note verifier key
    /// (`<name>+<key id>+<base64 Ed25519 key>`).
    pub verifier_key: String,
    /// Hands in the log now.
    #[schema(minimum = 0)]
    pub size: u64,
}

/// Which tile of the log (C2SP tlog-tiles, height 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tile {
    /// Hashes of the tree's level `8 * level`, from node `256 * index`, `width` of them.
    Hashes { level: u8, index: u64, width: u16 },
    /// Leaves from `256 * index`, `width` of them.
    Entries { index: u64, width: u16 },
}

/// A tile's hashes are 256 of one level, or a leaf bundle 256 leaves.
pub const TILE_WIDTH: u16 = 256;

impl Tile {
    /// The tile's path under the log: `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`,
    /// `N` in groups of three digits, all but the last led by `x` (`x001/x234/067`).
    pub fn path(&self) -> String {
        let (level, index, width) = match *self {
            Tile::Hashes {
                level,
                index,
                width,
            } => (level.to_string(), index, width),
            Tile::Entries { index, width } => ("entries".to_owned(), index, width),
        };
        let digits = format!("{index:03}");
        let lead = digits.len() % 3;
        let mut groups: Vec<&str> = Vec::new();
        if lead > 0 {
            groups.push(&digits[..lead]);
        }
        groups.extend(
            digits.as_bytes()[lead..]
                .chunks(3)
                .map(|c| std::str::from_utf8(c).unwrap_or_default()),
        );
        let mut n: Vec<String> = groups.iter().map(|g| format!("{g:0>3}")).collect();
        let last = n.len() - 1;
        for g in &mut n[..last] {
            g.insert(0, 'x');
        }
        let mut path = format!("tile/{level}/{}", n.join("/"));
        if width < TILE_WIDTH {
            path.push_str(&format!(".p/{width}"));
        }
        path
    }

    /// A tile's path after `tile/`, as [`Tile::path`] writes it; nothing else parses.
    pub fn parse(rest: &str) -> Option<Tile> {
        let (level, index_path) = rest.split_once('/')?;
        let (index_path, width) = match index_path.split_once(".p/") {
            Some((index, width)) => {
                let w: u16 = width.parse().ok()?;
                (index, w)
            }
            None => (index_path, TILE_WIDTH),
        };
        let groups: Vec<&str> = index_path.split('/').collect();
        let (last, lead) = groups.split_last()?;
        let mut index: u64 = 0;
        for g in lead {
            let digits = g.strip_prefix('x')?;
            if digits.len() != 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            index = index.checked_mul(1000)?.checked_add(digits.parse().ok()?)?;
        }
        if last.len() != 3 || !last.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        index = index.checked_mul(1000)?.checked_add(last.parse().ok()?)?;
        let tile = if level == "entries" {
            Tile::Entries { index, width }
        } else {
            let level: u8 = level.parse().ok().filter(|l: &u8| *l < 8)?;
            Tile::Hashes {
                level,
                index,
                width,
            }
        };
        (tile.path() == format!("tile/{rest}") && (1..=TILE_WIDTH).contains(&width)).then_some(tile)
    }
}

/// Leaves as a C2SP entry bundle: each a big-endian 16-bit length and its bytes; `None`
/// when a leaf is over 64 KiB.
pub fn bundle<'a>(leaves: impl IntoIterator<Item = &'a [u8]>) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for leaf in leaves {
        out.extend_from_slice(&u16::try_from(leaf.len()).ok()?.to_be_bytes());
        out.extend_from_slice(leaf);
    }
    Some(out)
}

/// The leaves of an entry bundle; `None` when an entry runs past its end.
pub fn unbundle(mut bytes: &[u8]) -> Option<Vec<&[u8]>> {
    let mut out = Vec::new();
    while let [a, b, rest @ ..] = bytes {
        let len = usize::from(u16::from_be_bytes([*a, *b]));
        out.push(rest.get(..len)?);
        bytes = &rest[len..];
    }
    bytes.is_empty().then_some(out)
}

/// A stored hash as a [`Hash`] (the column's CHECK keeps them 32 bytes).
fn hash_of(bytes: &[u8]) -> Result<Hash, AppError> {
    Hash::try_from(bytes).map_err(|_| AppError::Internal("a stored hash is not 32 bytes".into()))
}

fn size_of(size: i64) -> u64 {
    u64::try_from(size).unwrap_or_default()
}

/// The hashes of `ids`, read in one query; all of them must exist.
async fn fetch_nodes(conn: &mut Conn, ids: &[NodeId]) -> Result<HashMap<NodeId, Hash>, AppError> {
    let wanted: Vec<(i16, i64)> = ids
        .iter()
        .map(|(level, idx)| (i16::from(*level), i64::try_from(*idx).unwrap_or(i64::MAX)))
        .collect();
    let mut out = HashMap::new();
    for (level, idx, hash) in rows::nodes(conn, &wanted).await? {
        out.insert(
            (u8::try_from(level).unwrap_or_default(), size_of(idx)),
            hash_of(&hash)?,
        );
    }
    if out.len() != ids.len() {
        return Err(AppError::Internal(
            "the log is missing a subtree's hash".into(),
        ));
    }
    Ok(out)
}

/// Runs a proof over the stored hashes: once to learn what it reads, then on them.
async fn over_nodes<T>(
    conn: &mut Conn,
    run: impl Fn(&mut dyn FnMut(NodeId) -> Hash) -> T,
) -> Result<T, AppError> {
    let ids = merkle::nodes_read(&run);
    let nodes = fetch_nodes(conn, &ids).await?;
    Ok(run(&mut |id| nodes.get(&id).copied().unwrap_or_default()))
}

/// Whether `note` is a checkpoint of this tree signed by `key`.
fn signed_by(note: &str, key: &SignerKey, size: u64, root: &Hash) -> bool {
    Checkpoint::open(note, key.verifier()).is_ok_and(|c| c.size == size && &c.root == root)
}

/// The proof of a hand, if the hand is in the tree; `None` while it is not.
pub async fn proof_of_hand(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
) -> Result<Option<LogProof>, AppError> {
    let Some((index, leaf)) = rows::leaf_of_hand(conn, table_id, hand_no).await? else {
        return Ok(None);
    };
    let head = rows::head(conn).await?;
    let (index, size) = (size_of(index), size_of(head.size));
    let path = over_nodes(conn, |node| {
        merkle::inclusion_proof(index, size, &mut |id| node(id))
    })
    .await?;
    Ok(Some(LogProof {
        index,
        leaf: STANDARD.encode(leaf),
        tree_size: size,
        proof: path.iter().map(|h| STANDARD.encode(h)).collect(),
        checkpoint: head.note,
    }))
}

impl Cases<'_> {
    fn key(&self) -> &SignerKey {
        &self.config.log_key
    }

    /// The log's origin, verifier key and size.
    pub async fn info(&self) -> Result<LogInfo, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let head = rows::head(&mut conn).await?;
        Ok(LogInfo {
            origin: self.key().verifier().name().to_owned(),
            verifier_key: self.key().verifier().to_string(),
            size: size_of(head.size),
        })
    }

    /// The newest signed checkpoint.
    pub async fn checkpoint(&self) -> Result<String, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let head = rows::head(&mut conn).await?;
        if head.note.is_empty() {
            // Signed by the sequencer within a second of the first start.
            return Ok(self
                .key()
                .sign_checkpoint(size_of(head.size), hash_of(&head.root)?));
        }
        Ok(head.note)
    }

    /// The consistency proof between the trees of `from` and `to` leaves; `None` when `to`
    /// is beyond the tree or `from` beyond `to`.
    pub async fn consistency(&self, from: u64, to: u64) -> Result<Option<Vec<Hash>>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let head = rows::head(&mut conn).await?;
        if from > to || to > size_of(head.size) {
            return Ok(None);
        }
        let proof = over_nodes(&mut conn, |node| {
            merkle::consistency_proof(from, to, &mut |id| node(id))
        })
        .await?;
        Ok(Some(proof))
    }

    /// A tile's bytes, if the tree has grown to cover it.
    pub async fn tile(&self, tile: Tile) -> Result<Option<Vec<u8>>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let size = size_of(rows::head(&mut conn).await?.size);
        let (level, index, width) = match tile {
            Tile::Hashes {
                level,
                index,
                width,
            } => (u32::from(level) * 8, index, width),
            Tile::Entries { index, width } => (0, index, width),
        };
        let have = if level >= 64 { 0 } else { size >> level };
        let from = index.saturating_mul(u64::from(TILE_WIDTH));
        let to = from.saturating_add(u64::from(width));
        if width == 0 || width > TILE_WIDTH || to > have {
            return Ok(None);
        }
        let (from, to) = (
            i64::try_from(from).unwrap_or(i64::MAX),
            i64::try_from(to).unwrap_or(i64::MAX),
        );
        let parts = match tile {
            Tile::Hashes { .. } => {
                rows::nodes_at(
                    &mut conn,
                    i16::try_from(level).unwrap_or_default(),
                    from,
                    to,
                )
                .await?
            }
            Tile::Entries { .. } => rows::leaves(&mut conn, from, to).await?,
        };
        if parts.len() != usize::from(width) {
            return Err(AppError::Internal(
                "the log is missing a tile's part".into(),
            ));
        }
        match tile {
            Tile::Hashes { .. } => Ok(Some(parts.concat())),
            Tile::Entries { .. } => bundle(parts.iter().map(Vec::as_slice))
                .map(Some)
                .ok_or_else(|| AppError::Internal("a leaf over 64 KiB".into())),
        }
    }

    /// One turn of the sequencer: adds the oldest finished hands waiting (up to [`BATCH`])
    /// and signs the new checkpoint, under the head row's lock; also signs the head when
    /// it is not signed by this process's key (the first start, a new key). Returns the
    /// hands added.
    pub async fn sequence(&self) -> Result<usize, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let head = rows::head(&mut conn).await?;
        let signed = signed_by(
            &head.note,
            self.key(),
            size_of(head.size),
            &hash_of(&head.root)?,
        );
        if signed && !rows::any_queued(&mut conn).await? {
            return Ok(0);
        }
        let key = self.key();
        conn.transaction::<usize, AppError, _>(async |conn| {
            let head = rows::lock_head(conn).await?;
            let size = size_of(head.size);
            let root = hash_of(&head.root)?;
            let queued = rows::queued(conn, BATCH).await?;
            if queued.is_empty() && signed_by(&head.note, key, size, &root) {
                return Ok(0);
            }
            let edge = fetch_nodes(conn, &Frontier::ids(size)).await?;
            let hashes: Vec<Hash> = Frontier::ids(size).iter().map(|id| edge[id]).collect();
            let mut frontier = Frontier::new(size, &hashes).map_err(AppError::Internal)?;
            if frontier.root() != root {
                return Err(AppError::Internal(
                    "the log's stored subtrees do not give its root".into(),
                ));
            }
            let mut leaves = Vec::with_capacity(queued.len());
            let mut nodes: Vec<(NodeId, Hash)> = Vec::new();
            for q in &queued {
                // A hand whose rows name no commitment is logged all the same (the log
                // must not stall behind it), with none: its audit fails, as it should.
                let commitment = q.commitment.clone().unwrap_or_else(|| {
                    crate::kernel::obs::warn(
                        "a finished hand names no commitment: logged with zeros",
                        serde_json::json!({"table_id": q.table_id, "hand_no": q.hand_no}),
                    );
                    "0".repeat(64)
                });
                let leaf = HandLeaf {
                    table_id: q.table_id,
                    hand_no: u32::try_from(q.hand_no).unwrap_or_default(),
                    seq: q.seq,
                    head: q.head.clone(),
                    commitment,
                }
                .bytes();
                nodes.extend(frontier.push(merkle::leaf_hash(&leaf)));
                leaves.push(leaf);
            }
            let new_root = frontier.root();
            let note = key.sign_checkpoint(frontier.size(), new_root);
            let table_ids: Vec<Uuid> = queued.iter().map(|q| q.table_id).collect();
            let hand_nos: Vec<i32> = queued.iter().map(|q| q.hand_no).collect();
            let queue_ids: Vec<i64> = queued.iter().map(|q| q.id).collect();
            let node_levels: Vec<i16> = nodes.iter().map(|n| i16::from(n.0.0)).collect();
            let node_idxs: Vec<i64> = nodes
                .iter()
                .map(|n| i64::try_from(n.0.1).unwrap_or(i64::MAX))
                .collect();
            let node_hashes: Vec<Vec<u8>> = nodes.iter().map(|n| n.1.to_vec()).collect();
            rows::grow(
                conn,
                &rows::Growth {
                    first: head.size,
                    table_ids: &table_ids,
                    hand_nos: &hand_nos,
                    leaves: &leaves,
                    node_levels: &node_levels,
                    node_idxs: &node_idxs,
                    node_hashes: &node_hashes,
                    queue_ids: &queue_ids,
                    size: i64::try_from(frontier.size()).unwrap_or(i64::MAX),
                    root: &new_root,
                    note: &note,
                },
            )
            .await?;
            Ok(queued.len())
        })
        .await
    }
}

impl crate::App {
    /// Adds finished hands to the log as they come, every [`EVERY`], in every process
    /// (the head's lock lets one at a time).
    pub async fn sequence_log_forever(self) {
        loop {
            match self.log().sequence().await {
                Ok(added) if added as i64 == BATCH => continue,
                Ok(_) => {}
                Err(e) => crate::kernel::obs::warn(
                    "the public log's sequencer could not add finished hands",
                    serde_json::json!({"cause": e.to_string()}),
                ),
            }
            tokio::time::sleep(EVERY).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_bundles_read_back_and_a_cut_one_does_not() {
        let leaves: [&[u8]; 3] = [b"one", b"", &[7u8; 300]];
        let bytes = bundle(leaves).expect("small leaves");
        assert_eq!(&bytes[..5], b"\x00\x03one");
        assert_eq!(unbundle(&bytes), Some(leaves.to_vec()));
        assert_eq!(unbundle(&bytes[..bytes.len() - 1]), None);
        assert_eq!(unbundle(&bytes[..1]), None);
        assert_eq!(bundle([&[0u8; 70_000][..]]), None);
    }

    #[test]
    fn tile_paths_are_written_in_groups_of_three_and_read_back() {
        let entries = |index, width| Tile::Entries { index, width };
        assert_eq!(entries(0, 256).path(), "tile/entries/000");
        assert_eq!(entries(5, 3).path(), "tile/entries/005.p/3");
        assert_eq!(entries(1000, 256).path(), "tile/entries/x001/000");
        let hashes = Tile::Hashes {
            level: 1,
            index: 1_234_067,
            width: 256,
        };
        assert_eq!(hashes.path(), "tile/1/x001/x234/067");
        for tile in [entries(0, 256), entries(5, 3), entries(1000, 256), hashes] {
            let path = tile.path();
            assert_eq!(Tile::parse(&path["tile/".len()..]), Some(tile), "{path}");
        }
        for bad in [
            "1/1234067",
            "1/x1/234",
            "entries/005.p/0",
            "entries/005.p/256",
            "entries/005.p/03",
            "9/000",
            "entries/x000/005",
            "entries/5",
        ] {
            assert_eq!(Tile::parse(bad), None, "{bad}");
        }
    }
}
