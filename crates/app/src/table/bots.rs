//! Server-side bots: `POST /v1/tables/{id}/bots` seats one (the table's creator or a league
//! admin), `DELETE /v1/tables/{id}/bots/{seat}` stands it up between hands.
//!
//! A bot is a player of its own with no credentials, a member of the table's league with
//! the role `bot`. It is staked the league's starting balance from the treasury when it
//! sits down, and its chips go back to the treasury when it leaves (the ledger's
//! `starting_balance` and `member_removed`), so the league still sums to zero. A bot that
//! left is retired (a member of no league) and comes back for the next bot seated anywhere,
//! so bots are as many as ever sat at once; seating them is a daily quota of the player's.
//!
//! It acts through the same door as every move (see [`crate::table::pipeline`]): after each
//! commit, the process that made it looks whether a bot is to act ([`App::wake_bots`]) and
//! makes that bot's move, the engine's [`crate::engine::bot::choose`], as a command of its
//! own, whose commit looks again. A bot whose move was lost to a crash is woken by the
//! sweeper of any process ([`App::wake_stalled_bots`]) a few seconds later.

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::engine::RuleError;
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::player::hold_player;
use crate::leagues::{Role, add_member, load_league};
use crate::store::players::{Hold, Passwordless};
use crate::store::{self, Conn};
use crate::table::Cases;
use crate::table::commands::act::act;
use crate::table::not_seated;
use crate::table::pipeline::{Access, Caller, Command};
use crate::table::read::load_for;
use crate::table::state::TableState;
use crate::table::view::TableView;
use crate::{AppError, ErrorCode};

/// 403 unless `player` created the table or is an admin of its league.
fn require_manager(
    state: &TableState,
    player: PlayerId,
    role: Option<Role>,
) -> Result<(), AppError> {
    if role == Some(Role::Admin) || state.table.created_by == player.0 {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::NotAdmin,
            "only the table's creator or a league admin seats and removes bots",
        ))
    }
}

impl Cases<'_> {
    /// Seats a bot at table `id` (at `seat`, or the lowest free one); the caller's view of
    /// the table after. A retired bot (one that is no member of any league) comes back
    /// rather than a new one being made; a player seats at most
    /// [`crate::Quotas::bots_per_day`] bots a day (429 `quota_exceeded`).
    pub async fn add_bot(
        &self,
        caller: PlayerId,
        id: TableId,
        seat: Option<u8>,
    ) -> Result<TableView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (state, role) = load_for(&mut conn, id, Some(caller), false).await?;
        if role.is_none() {
            return Err(crate::leagues::not_a_member());
        }
        require_manager(&state, caller, role)?;
        // The seat is checked as the bot's sitting down will be, before the bot is taken.
        let nobody = Caller {
            role: None,
            newcomer: None,
            members: Vec::new(),
        };
        crate::table::commands::seats::sit(&state, &nobody, PlayerId(Uuid::nil()), seat)?;
        let league = LeagueId(state.table.league_id);
        let per_day = self.config.quotas.bots_per_day;
        let bot = conn
            .transaction::<_, AppError, _>(async |conn| {
                hold_player(conn, caller, Hold::Shared).await?;
                if !store::quotas::take(conn, caller.0, "bots", per_day).await? {
                    return Err(AppError::refused(
                        ErrorCode::QuotaExceeded,
                        format!("a player seats at most {per_day} bots a day"),
                    ));
                }
                let league = load_league(conn, league).await?;
                let bot = match store::players::retired_bot(conn).await? {
                    Some(bot) => PlayerId(bot),
                    None => {
                        let bot = PlayerId(Uuid::new_v4());
                        if !store::players::insert_passwordless(
                            conn,
                            bot.0,
                            &bot_names(bot.0),
                            Passwordless::Bot,
                        )
                        .await?
                        {
                            return Err(AppError::Internal(format!(
                                "no free name for bot {}",
                                bot.0
                            )));
                        }
                        bot
                    }
                };
                add_member(
                    conn,
                    LeagueId(league.id),
                    bot,
                    Role::Bot,
                    league.starting_balance,
                )
                .await?;
                Ok(bot)
            })
            .await?;
        drop(conn);
        if let Err(e) = self.sit(bot, id, seat, None).await {
            // Taken meanwhile: the bot retires as it came.
            self.retire_bot(league, bot).await?;
            return Err(e);
        }
        Ok(self.table_view(caller, id).await?.0)
    }

    /// Stands the bot at `seat` of table `id` up (between its hands) and retires it; the
    /// caller's view of the table after.
    pub async fn remove_bot(
        &self,
        caller: PlayerId,
        id: TableId,
        seat: u8,
    ) -> Result<TableView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (state, role) = load_for(&mut conn, id, Some(caller), false).await?;
        drop(conn);
        if role.is_none() {
            return Err(crate::leagues::not_a_member());
        }
        require_manager(&state, caller, role)?;
        let bot = state
            .seats
            .iter()
            .find(|s| s.seat == seat && s.bot)
            .map(|s| PlayerId(s.player_id))
            .ok_or_else(|| {
                AppError::refused(
                    ErrorCode::BotNotFound,
                    format!("no bot sits at seat {seat}"),
                )
            })?;
        self.stand(bot, id).await?;
        self.retire_bot(LeagueId(state.table.league_id), bot)
            .await?;
        Ok(self.table_view(caller, id).await?.0)
    }

    /// Gives bot `bot`'s chips back to the treasury and ends its membership, unless it
    /// sits down again meanwhile (it never does on its own).
    async fn retire_bot(&self, league: LeagueId, bot: PlayerId) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| retire(conn, league, bot).await)
            .await
    }

    /// Retires the league's bots that sit at none of its tables (after a table closed,
    /// which stands everyone up).
    pub(crate) async fn retire_idle_bots(&self, league: LeagueId) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        for bot in store::memberships::idle_bots(&mut conn, league.0).await? {
            conn.transaction::<_, AppError, _>(async |conn| {
                retire(conn, league, PlayerId(bot)).await
            })
            .await?;
        }
        Ok(())
    }

    /// After a commit that left the table at `state`: the first bot to act, if any, makes
    /// its move (in a task of its own, whose commit looks again).
    pub(crate) fn wake_bots(&self, state: &TableState) {
        let Some(hand) = state.hand_in_play() else {
            return;
        };
        let to_act = hand.state.to_act();
        let bot = state
            .seats
            .iter()
            .find(|s| s.bot && to_act.contains(&s.seat))
            .map(|s| PlayerId(s.player_id));
        if let Some(bot) = bot {
            self.move_bot(bot, TableId(state.table.id));
        }
    }

    /// Bots whose move was lost (the process that committed the turn before theirs died
    /// first) move now: those to act for more than a few seconds. The sweeper calls this.
    pub(crate) async fn wake_stalled_bots(&self) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        for stalled in store::tables::stalled_bots(&mut conn, STALLED_SECS, 100).await? {
            self.move_bot(PlayerId(stalled.bot), TableId(stalled.table_id));
        }
        Ok(())
    }

    /// Bot `bot` moves at table `id`, in a task of its own.
    fn move_bot(&self, bot: PlayerId, id: TableId) {
        let app = self.0.clone();
        tokio::task::spawn_local(async move {
            match app.table().bot_move(bot, id).await {
                Ok(()) => {}
                // Someone else moved first, or the bot is no longer to act.
                Err(e) if e.code().is_some_and(|c| c.status() < 500) => {}
                Err(e) => crate::kernel::obs::warn(
                    "a bot could not move",
                    serde_json::json!({"table_id": id.to_string(), "cause": e.to_string()}),
                ),
            }
        });
    }

    /// Bot `bot`'s move at table `id`, decided on the table as it is then.
    async fn bot_move(&self, bot: PlayerId, id: TableId) -> Result<(), AppError> {
        let command = Command {
            retry: true,
            ..Command::new(id, bot, Access::Kept)
        };
        self.decide(
            command,
            |state, _| {
                let seat = state
                    .seat_of(bot.0)
                    .ok_or_else(|| not_seated("the bot no longer sits at this table"))?;
                let hand = state
                    .hand_in_play()
                    .ok_or(AppError::Rule(RuleError::WrongPhase("between hands")))?;
                let action = crate::engine::bot::choose(&hand.state, seat)
                    .ok_or(AppError::Rule(RuleError::NotYourTurn))?;
                act(state, seat, &action)
            },
            |_| (),
        )
        .await?;
        Ok(())
    }
}

/// How long a bot may seem to be thinking before the sweeper wakes it: its move is made
/// within milliseconds of the commit before it, unless that process died.
const STALLED_SECS: i64 = 3;

/// In the caller's transaction: bot `bot`'s chips back to the treasury, its membership
/// ended, unless it sits at a table.
async fn retire(conn: &mut Conn, league: LeagueId, bot: PlayerId) -> Result<(), AppError> {
    store::players::hold(conn, bot.0, Hold::Exclusive).await?;
    if store::seats::count_in_league(conn, league.0, bot.0, false).await? > 0 {
        return Ok(());
    }
    crate::leagues::admin::end_membership(conn, league, bot, Some("bot retired".into())).await
}

/// Given names and Louisiana family names a bot's name is made of.
const FIRST_NAMES: [&str; 16] = [
    "Remy",
    "Celeste",
    "Amos",
    "Odile",
    "Felix",
    "Josette",
    "Lucien",
    "Marguerite",
    "Theo",
    "Noelie",
    "Gaston",
    "Rosalie",
    "Jules",
    "Eveline",
    "Alcide",
    "Lorraine",
];
const FAMILY_NAMES: [&str; 16] = [
    "Boudreaux",
    "Thibodeaux",
    "Fontenot",
    "Arceneaux",
    "Landry",
    "Guidry",
    "Broussard",
    "Hebert",
    "Comeaux",
    "Babineaux",
    "LeBlanc",
    "Robichaux",
    "Trahan",
    "Melancon",
    "Doucet",
    "Guillory",
];

/// The names bot `id` may take, in order: a given and a family name picked by its id (the
/// same for the same bot), a few more such pairs should the first be taken, and last its
/// id's first digits, which no one else has.
fn bot_names(id: Uuid) -> Vec<String> {
    let bytes = id.as_bytes();
    bytes
        .chunks(2)
        .take(6)
        .map(|pair| {
            format!(
                "{} {}",
                FIRST_NAMES[usize::from(pair[0]) % FIRST_NAMES.len()],
                FAMILY_NAMES[usize::from(pair[1]) % FAMILY_NAMES.len()]
            )
        })
        .chain(std::iter::once(format!(
            "Bot {}",
            &id.simple().to_string()[..8]
        )))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_is_named_by_its_id() {
        let id = Uuid::from_u128(0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10);
        let names = bot_names(id);
        assert_eq!(names, bot_names(id));
        assert_eq!(names[0], "Celeste Fontenot");
        assert_eq!(names.len(), 7);
        assert_eq!(names[6], "Bot 01020304");
        assert_ne!(bot_names(Uuid::from_u128(1))[0], names[0]);
    }
}
