//! `GET /v1/players/me/turns`: the tables where the caller is to act.

use crate::app::ids::PlayerId;
use crate::app::table::state::TableRow;
use crate::app::{App, AppError};
use crate::store::{self};

impl App {
    /// Tables where `player` must act, oldest deadline first.
    pub async fn turns(&self, player: PlayerId) -> Result<Vec<TableRow>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(store::tables::to_act_by(&mut conn, player.0).await?)
    }
}
