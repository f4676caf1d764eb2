//! `GET /v1/players/me/turns`: the tables where the caller is to act.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::app::ids::PlayerId;
use crate::app::table::state::TableRow;
use crate::app::{App, AppError};
use crate::store::schema::tables;
use crate::store::{self};

impl App {
    /// Tables where `player` must act, oldest deadline first.
    pub async fn turns(&self, player: PlayerId) -> Result<Vec<TableRow>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(tables::table
            .filter(tables::to_act.contains(vec![player.0]))
            .order(tables::deadline.asc())
            .select(TableRow::as_select())
            .load(&mut conn)
            .await?)
    }
}
