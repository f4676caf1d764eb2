//! `POST /v1/tables/{id}/close`: the table's creator or a league admin closes it between
//! hands; its pot goes back to the players seated, equally, the remainder to the lowest
//! seat (R10e); with nobody seated, to the last hand's players who are still members of
//! the league. What nobody may take goes to the treasury. Everyone stands up, and its bots
//! retire (see [`crate::app::bots`]).

use uuid::Uuid;

use crate::app::ErrorCode;
use crate::app::idempotency::{IdempotencyKey, Reply};
use crate::app::ids::{LeagueId, PlayerId, TableId};
use crate::app::leagues::Role;
use crate::app::pipeline::{Access, Caller, Command};
use crate::app::table::change::TableChange;
use crate::app::table::ensure_open;
use crate::app::table::state::TableState;
use crate::app::table_event::{PlayerAmount, TableEvent};
use crate::app::view::TableView;
use crate::app::{App, AppError};
use crate::engine::Seat;
use crate::engine::table::share_equally;
use crate::store::ledger::{Account, Reason, Transfer};

impl App {
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
    let table = &state.table;
    if caller.role != Some(Role::Admin) && table.created_by != player.0 {
        return Err(AppError::refused(
            ErrorCode::NotAdmin,
            "only the table's creator or a league admin closes a table",
        ));
    }
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
        // A removed member's chips went back to the treasury: so does their share.
        owners = hand
            .players
            .iter()
            .filter(|p| caller.members.contains(&p.player_id))
            .map(|p| (p.seat, p.player_id))
            .collect();
    }
    let seats: Vec<Seat> = owners.iter().map(|(seat, _)| *seat).collect();
    let returned: Vec<PlayerAmount> = share_equally(state.pot, &seats)
        .iter()
        .filter_map(|share| {
            owners
                .iter()
                .find(|(seat, _)| *seat == share.seat)
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
