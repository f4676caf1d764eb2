//! Table `league_history`: what happened to a league besides its chips (see
//! `app::league_history`).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::schema::{league_history, players};
use super::{Conn, StoreError};

/// An entry as stored.
#[derive(Debug, Clone, Queryable)]
pub struct EntryRow {
    pub id: i64,
    pub kind: String,
    pub player_id: Option<Uuid>,
    pub by_player_id: Option<Uuid>,
    pub data: Value,
    pub at: DateTime<Utc>,
}

/// Appends an entry of `kind` about `player` done by `by` (`None`: the server).
pub async fn record(
    conn: &mut Conn,
    league: Uuid,
    kind: &str,
    player: Option<Uuid>,
    by: Option<Uuid>,
    data: &Value,
) -> Result<(), StoreError> {
    diesel::insert_into(league_history::table)
        .values((
            league_history::league_id.eq(league),
            league_history::kind.eq(kind),
            league_history::player_id.eq(player),
            league_history::by_player_id.eq(by),
            league_history::data.eq(data),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Up to `limit` entries of the league after entry `after`, oldest first.
pub async fn page(
    conn: &mut Conn,
    league: Uuid,
    after: i64,
    limit: i64,
) -> Result<Vec<EntryRow>, StoreError> {
    Ok(league_history::table
        .filter(league_history::league_id.eq(league))
        .filter(league_history::id.gt(after))
        .order(league_history::id)
        .limit(limit)
        .select((
            league_history::id,
            league_history::kind,
            league_history::player_id,
            league_history::by_player_id,
            league_history::data,
            league_history::at,
        ))
        .load(conn)
        .await?)
}

/// The usernames of `ids` (deleted accounts show as such).
pub async fn names(conn: &mut Conn, ids: &[Uuid]) -> Result<Vec<(Uuid, String)>, StoreError> {
    Ok(players::table
        .filter(players::id.eq_any(ids))
        .select((players::id, players::username))
        .load(conn)
        .await?)
}
