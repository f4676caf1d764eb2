//! Tables whose seats are given (a tournament's): opened with their players seated, in the
//! opener's transaction, and closed by it when their hands are dealt.

use uuid::Uuid;

use crate::AppError;
use crate::engine::TableRules;
use crate::engine::deck;
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::player::hold_player;
use crate::store::players::Hold;
use crate::store::{self, Conn};
use crate::table::Cases;
use crate::table::change::TableChange;
use crate::table::commands::close::closing;
use crate::table::event::TableEvent;
use crate::table::pipeline::write::{Writer, write};
use crate::table::pipeline::{Access, Command};
use crate::table::read::load_for;

/// A table to open with its players seated.
pub struct AssignedTable<'a> {
    pub league: LeagueId,
    pub name: String,
    pub rules: TableRules,
    /// Who opens it (and so may be named its creator).
    pub opener: PlayerId,
    /// The most hands it deals.
    pub hand_limit: i32,
    /// Its players, seat 0 first.
    pub players: &'a [Uuid],
}

/// Opens `spec` in the caller's transaction: the table's row, then `table_created` and a
/// `seat_taken` per player through the one write path. Its id.
pub(crate) async fn open_assigned(
    conn: &mut Conn,
    spec: AssignedTable<'_>,
) -> Result<TableId, AppError> {
    let id = Uuid::new_v4();
    let seed: [u8; 32] = rand::random();
    let rules_json =
        serde_json::to_value(spec.rules).map_err(|e| AppError::Internal(e.to_string()))?;
    for player in spec.players {
        hold_player(conn, PlayerId(*player), Hold::Shared).await?;
    }
    store::tables::insert(
        conn,
        &store::tables::NewTableRow {
            id,
            league_id: spec.league.0,
            name: &spec.name,
            rules: &rules_json,
            created_by: spec.opener.0,
            fixed_decks: None,
            next_seed: &seed,
            seats_assigned: true,
            hand_limit: Some(spec.hand_limit),
        },
    )
    .await?;
    let mut events = vec![TableEvent::TableCreated {
        name: spec.name.clone(),
        rules: spec.rules,
        fixed_decks: false,
        commitment: deck::commitment(&seed),
    }];
    events.extend(
        spec.players
            .iter()
            .zip(0u8..)
            .map(|(player, seat)| TableEvent::SeatTaken {
                seat,
                player_id: *player,
            }),
    );
    let (before, _) = load_for(conn, TableId(id), None, false).await?;
    let committed = before.commit(TableChange::events(events))?;
    write(Writer::Conn(conn), &before, &committed, None).await?;
    Ok(TableId(id))
}

impl Cases<'_> {
    /// Closes table `id`, whose hands are dealt (see [`closing`]): `by` is who closes it.
    pub(crate) async fn close_assigned(&self, by: PlayerId, id: TableId) -> Result<(), AppError> {
        let command = Command::new(id, by, Access::Closing);
        self.decide_view(command, closing).await?;
        Ok(())
    }
}
