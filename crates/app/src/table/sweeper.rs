//! The sweeper: acts for seats whose turn deadline passed. Safe with any number of server
//! processes (each due table is taken with `FOR UPDATE SKIP LOCKED`), and it runs at start-up,
//! so a deadline that passed while every server was down is honoured.

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::kernel::ids::TableId;
use crate::store::{self};
use crate::table::Cases;
use crate::table::commands::act::time_out;
use crate::table::pipeline::write::{Writer, write};
use crate::table::read::load_for;
use crate::{App, AppError};

/// How often the sweeper looks for bots whose move was lost.
const BOT_CHECK_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Most tables one sweep looks at; the next sweep takes the rest.
const BATCH: i64 = 100;

impl Cases<'_> {
    /// Times out every due table no other process is working on; returns how many tables
    /// it acted on.
    pub async fn sweep(&self) -> Result<usize, AppError> {
        let candidates: Vec<Uuid> = {
            let mut conn = store::conn(&self.pool).await?;
            store::tables::overdue(&mut conn, BATCH).await?
        };
        let mut acted = 0;
        for id in candidates {
            match self.time_out(TableId(id)).await {
                Ok(true) => acted += 1,
                Ok(false) => {}
                // Another writer got there first: the next sweep looks again.
                Err(e) if e.code().is_some_and(|c| c.status() == 409) => {}
                Err(e) => crate::kernel::obs::warn(
                    "sweeper",
                    serde_json::json!({"table_id": id.to_string(), "cause": e.to_string()}),
                ),
            }
        }
        Ok(acted)
    }

    /// Acts for the seats of `id` whose deadline passed, if it is still due and no other
    /// sweeper holds it. One transaction.
    #[tracing::instrument(target = "bourre::app", name = "time_out", skip_all, fields(table = %id.0))]
    async fn time_out(&self, id: TableId) -> Result<bool, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let timed_out = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if !store::tables::lock_if_overdue(conn, id.0).await? {
                    return Ok(None);
                }
                let (before, _) = load_for(conn, id, None, false).await?;
                if !before.table.in_hand {
                    return Ok(None);
                }
                let Some(change) = time_out(&before)? else {
                    return Ok(Some(None));
                };
                let committed = before.commit(change)?;
                write(Writer::Conn(conn), &before, &committed, None).await?;
                Ok(Some(Some(committed.after)))
            })
            .await?;
        match timed_out {
            Some(Some(after)) => {
                self.after_commit(id, after);
                Ok(true)
            }
            Some(None) => Ok(true),
            None => Ok(false),
        }
    }
}

impl App {
    /// Sweeps now, then every `config.sweep_every`, until the process drains; and
    /// now, then every [`BOT_CHECK_EVERY`], wakes bots whose move was lost.
    pub async fn sweep_forever(self) {
        let mut bots_checked: Option<std::time::Instant> = None;
        // A draining process leaves the deadlines to the others.
        while self.drain.stage() == crate::kernel::drain::Stage::Serving {
            if let Err(e) = self.table().sweep().await {
                crate::kernel::obs::warn("sweeper", serde_json::json!({"cause": e.to_string()}));
            }
            if bots_checked.is_none_or(|at| at.elapsed() >= BOT_CHECK_EVERY) {
                bots_checked = Some(std::time::Instant::now());
                if let Err(e) = self.table().wake_stalled_bots().await {
                    crate::kernel::obs::warn(
                        "sweeper",
                        serde_json::json!({"cause": e.to_string()}),
                    );
                }
            }
            tokio::time::sleep(self.config.sweep_every).await;
        }
    }
}
