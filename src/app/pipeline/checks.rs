//! Kept tables' stamps read in batches: a request that relies on a kept table confirms
//! the table's `version` and `stamp`, and the caller's league role, in one statement with
//! other requests' (see [`super::batches`]).

use diesel::QueryResult;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::batches::{Batch, Batches, Outcome, failed};
use crate::app::leagues::Role;
use crate::store::{Conn, StoreError};

/// What tells whether a kept table still holds: the table's version and stamp, and a
/// member's role (`None`: not a member).
#[derive(Debug, Clone)]
pub struct Stamp {
    pub version: i64,
    pub stamp: i64,
    pub role: Option<Role>,
}

/// The [`Stamp`] of each `(table, member)` in one statement.
#[derive(Debug, Clone, diesel::query_builder::QueryId)]
struct StampQuery {
    ids: Vec<Uuid>,
    members: Vec<Uuid>,
}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for StampQuery {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        use diesel::sql_types::{Array, Uuid};
        out.push_sql("SELECT q.i, t.version, t.stamp, (SELECT m.role FROM memberships m ");
        out.push_sql("WHERE m.league_id = t.league_id AND m.player_id = q.member) FROM unnest(");
        out.push_bind_param::<Array<Uuid>, _>(&self.ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Uuid>, _>(&self.members)?;
        out.push_sql(") WITH ORDINALITY AS q(id, member, i) JOIN tables t ON t.id = q.id");
        Ok(())
    }
}

impl diesel::query_builder::Query for StampQuery {
    type SqlType = (
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
        diesel::sql_types::Nullable<diesel::sql_types::Text>,
    );
}

/// The [`Stamp`] of each `(table, member)`, `None` for a table that does not exist.
pub async fn stamps(
    conn: &mut Conn,
    checks: &[(Uuid, Uuid)],
) -> Result<Vec<Option<Stamp>>, StoreError> {
    let query = StampQuery {
        ids: checks.iter().map(|c| c.0).collect(),
        members: checks.iter().map(|c| c.1).collect(),
    };
    let rows: Vec<(i64, i64, i64, Option<String>)> = query.load(conn).await?;
    let mut found: Vec<Option<Stamp>> = checks.iter().map(|_| None).collect();
    for (i, version, stamp, role) in rows {
        if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| found.get_mut(i)) {
            *slot = Some(Stamp {
                version,
                stamp,
                role: role.as_deref().map(Role::stored),
            });
        }
    }
    Ok(found)
}

/// Stamps read in batches, for requests that hold no connection (see
/// [`crate::app::App::table_view`]).
pub struct CheckBatch;

pub type Checks = Batches<CheckBatch>;

/// Checkers running at once, each with one connection.
pub const CHECKERS: usize = 4;

impl Batch for CheckBatch {
    type Item = (Uuid, Uuid);
    type Done = Option<Stamp>;

    async fn run(conn: &mut Conn, checks: Vec<(Uuid, Uuid)>) -> Vec<Outcome<Self>> {
        match stamps(conn, &checks).await {
            Ok(found) => found.into_iter().map(Ok).collect(),
            Err(e) => checks.iter().map(|_| failed::<Self>(&e)).collect(),
        }
    }
}
