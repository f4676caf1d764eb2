//! The public log of hands: the queue of finished hands, the leaves, the hashes of every
//! complete subtree and the signed head (migration `public_log`). The tree's arithmetic
//! and the signing are the app's (`app::log`); this module reads and writes the rows.

use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Binary, Integer, Nullable, SmallInt, Text, Uuid as SqlUuid,
};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::{Conn, StoreError};

/// The signed head: the newest checkpoint.
#[derive(Debug, Clone, QueryableByName)]
pub struct Head {
    #[diesel(sql_type = BigInt)]
    pub size: i64,
    #[diesel(sql_type = Binary)]
    pub root: Vec<u8>,
    /// The signed note (empty before the first signature).
    #[diesel(sql_type = Text)]
    pub note: String,
}

/// The head as it is now.
pub async fn head(conn: &mut Conn) -> Result<Head, StoreError> {
    Ok(diesel::sql_query("SELECT size, root, note FROM log_head")
        .get_result(conn)
        .await?)
}

/// The head, its row locked until the transaction ends: the sequencer's turn.
pub async fn lock_head(conn: &mut Conn) -> Result<Head, StoreError> {
    Ok(
        diesel::sql_query("SELECT size, root, note FROM log_head FOR UPDATE")
            .get_result(conn)
            .await?,
    )
}

#[derive(QueryableByName)]
struct Exists {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    queued: bool,
}

/// Whether any finished hand waits for the tree.
pub async fn any_queued(conn: &mut Conn) -> Result<bool, StoreError> {
    let found: Exists = diesel::sql_query("SELECT EXISTS (SELECT 1 FROM log_queue) AS queued")
        .get_result(conn)
        .await?;
    Ok(found.queued)
}

/// A finished hand waiting for the tree.
#[derive(Debug, Clone, QueryableByName)]
pub struct Queued {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = SqlUuid)]
    pub table_id: Uuid,
    #[diesel(sql_type = Integer)]
    pub hand_no: i32,
    /// The `seed_revealed` row's seq and hash.
    #[diesel(sql_type = BigInt)]
    pub seq: i64,
    #[diesel(sql_type = Text)]
    pub head: String,
    /// The commitment published before the hand: `table_created`'s `commitment` for hand
    /// 1, else the previous hand's `seed_revealed`'s `next_commitment` (none if the table's
    /// rows lack it).
    #[diesel(sql_type = Nullable<Text>)]
    pub commitment: Option<String>,
}

/// The oldest `limit` finished hands not yet in the tree, in the order they were queued.
pub async fn queued(conn: &mut Conn, limit: i64) -> Result<Vec<Queued>, StoreError> {
    Ok(diesel::sql_query(
        "SELECT q.id, q.table_id, q.hand_no, q.seq, q.head, CASE WHEN q.hand_no = 1 THEN \
         (SELECT e.payload->>'commitment' FROM events e WHERE e.table_id = q.table_id \
         AND e.hand_no = 0 AND e.kind = 'table_created' ORDER BY e.seq LIMIT 1) ELSE \
         (SELECT e.payload->>'next_commitment' FROM events e WHERE e.table_id = q.table_id \
         AND e.hand_no = q.hand_no - 1 AND e.kind = 'seed_revealed' \
         AND e.payload->>'hand_no' = (q.hand_no - 1)::text ORDER BY e.seq LIMIT 1) END \
         AS commitment \
         FROM log_queue q ORDER BY q.id LIMIT $1",
    )
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?)
}

#[derive(QueryableByName)]
struct NodeRow {
    #[diesel(sql_type = SmallInt)]
    level: i16,
    #[diesel(sql_type = BigInt)]
    idx: i64,
    #[diesel(sql_type = Binary)]
    hash: Vec<u8>,
}

/// The hashes of these complete subtrees `(level, idx)`, those that exist, as
/// `(level, idx, hash)`.
pub async fn nodes(
    conn: &mut Conn,
    ids: &[(i16, i64)],
) -> Result<Vec<(i16, i64, Vec<u8>)>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let levels: Vec<i16> = ids.iter().map(|id| id.0).collect();
    let idxs: Vec<i64> = ids.iter().map(|id| id.1).collect();
    let rows: Vec<NodeRow> = diesel::sql_query(
        "SELECT n.level, n.idx, n.hash FROM log_nodes n \
         JOIN unnest($1::smallint[], $2::bigint[]) AS x(level, idx) \
         ON n.level = x.level AND n.idx = x.idx",
    )
    .bind::<Array<SmallInt>, _>(levels)
    .bind::<Array<BigInt>, _>(idxs)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.level, r.idx, r.hash)).collect())
}

/// The hashes of the complete subtrees at `level` from `from` (inclusive) to `to`
/// (exclusive), in order.
pub async fn nodes_at(
    conn: &mut Conn,
    level: i16,
    from: i64,
    to: i64,
) -> Result<Vec<Vec<u8>>, StoreError> {
    let rows: Vec<NodeRow> = diesel::sql_query(
        "SELECT level, idx, hash FROM log_nodes WHERE level = $1 AND idx >= $2 AND idx < $3 \
         ORDER BY idx",
    )
    .bind::<SmallInt, _>(level)
    .bind::<BigInt, _>(from)
    .bind::<BigInt, _>(to)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.hash).collect())
}

#[derive(QueryableByName)]
struct LeafRow {
    #[diesel(sql_type = BigInt)]
    idx: i64,
    #[diesel(sql_type = Binary)]
    leaf: Vec<u8>,
}

/// The leaves from index `from` (inclusive) to `to` (exclusive), in order.
pub async fn leaves(conn: &mut Conn, from: i64, to: i64) -> Result<Vec<Vec<u8>>, StoreError> {
    let rows: Vec<LeafRow> = diesel::sql_query(
        "SELECT idx, leaf FROM log_leaves WHERE idx >= $1 AND idx < $2 ORDER BY idx",
    )
    .bind::<BigInt, _>(from)
    .bind::<BigInt, _>(to)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.leaf).collect())
}

/// A hand's leaf: its index and bytes, once it is in the tree.
pub async fn leaf_of_hand(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
) -> Result<Option<(i64, Vec<u8>)>, StoreError> {
    let rows: Vec<LeafRow> =
        diesel::sql_query("SELECT idx, leaf FROM log_leaves WHERE table_id = $1 AND hand_no = $2")
            .bind::<SqlUuid, _>(table_id)
            .bind::<Integer, _>(hand_no)
            .load(conn)
            .await?;
    Ok(rows.into_iter().next().map(|r| (r.idx, r.leaf)))
}

/// What one turn of the sequencer adds: leaves (from index `first`), the complete subtrees
/// they complete, the queue rows they take, and the new head.
pub struct Growth<'a> {
    pub first: i64,
    pub table_ids: &'a [Uuid],
    pub hand_nos: &'a [i32],
    pub leaves: &'a [Vec<u8>],
    pub node_levels: &'a [i16],
    pub node_idxs: &'a [i64],
    pub node_hashes: &'a [Vec<u8>],
    pub queue_ids: &'a [i64],
    pub size: i64,
    pub root: &'a [u8],
    pub note: &'a str,
}

/// Writes one turn's growth, in the caller's transaction (which holds the head's lock).
pub async fn grow(conn: &mut Conn, g: &Growth<'_>) -> Result<(), StoreError> {
    diesel::sql_query(
        "WITH l AS (INSERT INTO log_leaves (idx, table_id, hand_no, leaf) \
         SELECT $1 + x.n - 1, x.table_id, x.hand_no, x.leaf \
         FROM unnest($2::uuid[], $3::integer[], $4::bytea[]) WITH ORDINALITY \
         AS x(table_id, hand_no, leaf, n)), \
         n AS (INSERT INTO log_nodes (level, idx, hash) \
         SELECT * FROM unnest($5::smallint[], $6::bigint[], $7::bytea[])), \
         q AS (DELETE FROM log_queue WHERE id = ANY($8)) \
         UPDATE log_head SET size = $9, root = $10, note = $11, signed_at = now()",
    )
    .bind::<BigInt, _>(g.first)
    .bind::<Array<SqlUuid>, _>(g.table_ids)
    .bind::<Array<Integer>, _>(g.hand_nos)
    .bind::<Array<Binary>, _>(g.leaves)
    .bind::<Array<SmallInt>, _>(g.node_levels)
    .bind::<Array<BigInt>, _>(g.node_idxs)
    .bind::<Array<Binary>, _>(g.node_hashes)
    .bind::<Array<BigInt>, _>(g.queue_ids)
    .bind::<BigInt, _>(g.size)
    .bind::<Binary, _>(g.root)
    .bind::<Text, _>(g.note)
    .execute(conn)
    .await?;
    Ok(())
}
