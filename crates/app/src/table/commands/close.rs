//! `POST /v1/tables/{id}/close`: the table's creator or a league admin closes it between
//! hands; its pot goes back to the players seated, equally, the remainder to the lowest
//! seat (R10e); with nobody seated, to the last hand's players who are still members of
//! the league. What nobody may take goes to the treasury. Everyone stands up, and its bots
//! retire (see [`crate::table::bots`]).

use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::engine::Seat;
use crate::engine::table::share_equally;
use crate::kernel::idempotency::{IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::leagues::Role;
use crate::store;
use crate::store::ledger::{Account, Reason, Transfer};
use crate::table::Cases;
use crate::table::change::TableChange;
use crate::table::ensure_open;
use crate::table::event::{PlayerAmount, TableEvent};
use crate::table::pipeline::{Access, Caller, Command};
use crate::table::state::TableState;
use crate::table::view::TableView;

impl Cases<'_> {
    /// Closes every open table of `league` (its last human member, `leaving`, is going):
    /// as `close_table`, whoever created them; then its bots retire.
    pub(crate) async fn close_league_tables(
        &self,
        leaving: PlayerId,
        league: LeagueId,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let tables = store::tables::open_in_league(&mut conn, league.0).await?;
        drop(conn);
        for table in tables {
            let command = Command::new(TableId(table), leaving, Access::Closing);
            self.decide_view(command, closing).await?;
        }
        self.retire_idle_bots(league).await
    }

    pub async fn close_table(
        &self,
        player: PlayerId,
        id: TableId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let command = Command::new(id, player, Access::Closing).keyed(key);
        let reply = self
            .decide_view(command, |state, caller| close(state, caller, player))
            .await?;
        // Its bots stood up with everyone: they retire.
        if let Reply::Fresh(view) = &reply {
            self.retire_idle_bots(LeagueId(view.league_id)).await?;
        }
        Ok(reply)
    }
}

fn close(state: &TableState, caller: &Caller, player: PlayerId) -> Result<TableChange, AppError> {
    crate::table::commands::seats::given_seats(state)?;
    if caller.role != Some(Role::Admin) && state.table.created_by != player.0 {
        return Err(AppError::refused(
            ErrorCode::NotAdmin,
            "only the table's creator or a league admin closes a table",
        ));
    }
    closing(state, caller)
}

/// The table closes: its pot returned, everyone standing up.
pub(crate) fn closing(state: &TableState, caller: &Caller) -> Result<TableChange, AppError> {
    let table = &state.table;
    ensure_open(state)?;
    if table.in_hand {
        return Err(AppError::refused(
            ErrorCode::HandInProgress,
            "a table closes between hands",
        ));
    }
    let mut owners: Vec<(Seat, Uuid)> = state.seats.iter().map(|s| (s.seat, s.player_id)).collect();
    if owners.is_empty()
        && let Some(hand) = &state.hand
    {
        owners = hand.players.iter().map(|p| (p.seat, p.player_id)).collect();
    }
    let seats: Vec<Seat> = owners.iter().map(|(seat, _)| *seat).collect();
    // Shared among all of them; a removed member's chips went back to the treasury, and so
    // does their share (the others' shares stay what they would have been).
    let returned: Vec<PlayerAmount> = share_equally(state.pot, &seats)
        .iter()
        .filter_map(|share| {
            owners
                .iter()
                .find(|(seat, _)| *seat == share.seat)
                .filter(|(_, p)| state.seat_of(*p).is_some() || caller.members.contains(p))
                .map(|(_, p)| PlayerAmount {
                    player_id: *p,
                    amount: share.amount,
                })
        })
        .collect();
    let to_treasury = state.pot - returned.iter().map(|r| r.amount).sum::<i64>();
    let seq = TableChange::seq_of(table.version, 0);
    let transfer = |to_account: Account, amount: i64| Transfer {
        league_id: table.league_id,
        from_account: Account::Pot(table.id),
        to_account,
        amount,
        reason: Reason::PotReturned,
        table_id: Some(table.id),
        hand_no: Some(table.hand_no),
        event_seq: Some(seq),
        note: None,
    };
    let mut transfers: Vec<Transfer> = returned
        .iter()
        .map(|r| transfer(Account::Player(r.player_id), r.amount))
        .collect();
    transfers.push(transfer(Account::Treasury, to_treasury));
    Ok(TableChange {
        transfers,
        ..TableChange::events(vec![TableEvent::TableClosed { returned }])
    })
}
