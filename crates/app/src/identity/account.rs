//! The caller's account: change the password (the other sessions end), and delete the
//! account (seats left, admin roles handed on, name and credentials erased, history kept
//! whole).
//!
//! Both ask for the current password, counted by the login throttle like a login (see
//! [`crate::identity::throttle`]): a stolen access token cannot be used to guess it.

use diesel_async::AsyncConnection;
use std::net::IpAddr;

use crate::identity::Cases;
use crate::identity::auth::check_password;
use crate::identity::hashing::HashSlot;
use crate::identity::sessions::Ended;
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::player::Authenticated;
use crate::kernel::player::{hold_player, unknown_player};
use crate::leagues::admin::{Succession, keep_an_admin};
use crate::leagues::history::{self as history, HistoryKind};
use crate::leagues::{Role, load_league, lock_league};
use crate::store;
use crate::store::players::Hold;
use crate::{AppError, ErrorCode};
use serde_json::json;

fn wrong_password() -> AppError {
    AppError::refused(ErrorCode::WrongPassword, "the current password is wrong")
}

/// 403 `guest_account`: a guest has no password to check or change.
fn no_password() -> AppError {
    AppError::refused(
        ErrorCode::GuestAccount,
        "the account has no password: give it one with POST /v1/players/me/upgrade",
    )
}

impl Cases<'_> {
    /// Checks `password` against the caller's, as a login would; returns their account
    /// name (lower-cased username) and the hashing slot the check took, for a hash to come.
    /// An account without a password (a guest) is refused with 403 `guest_account`.
    async fn confirm_password(
        &self,
        player: PlayerId,
        password: &str,
        addr: Option<IpAddr>,
    ) -> Result<(String, HashSlot), AppError> {
        let (account, hash) = self.account_of(player).await?;
        if hash.is_empty() {
            return Err(no_password());
        }
        let attempt = self.attempt_login(&account, addr).await?;
        let outcome = match attempt.slot.verify(password.to_owned(), hash).await {
            Ok(true) => Ok(()),
            Ok(false) => Err(wrong_password()),
            Err(e) => Err(e),
        };
        let slot = self
            .login_checked(attempt, outcome.as_ref().map(|_| ()))
            .await?;
        outcome?;
        Ok((account, slot))
    }

    /// The caller's account name (lower-cased username) and password hash (empty when they
    /// have none).
    async fn account_of(&self, player: PlayerId) -> Result<(String, String), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let username = store::players::username(&mut conn, player.0)
            .await?
            .ok_or_else(unknown_player)?;
        let hash = store::players::password_hash(&mut conn, player.0)
            .await?
            .ok_or_else(unknown_player)?;
        Ok((username.to_lowercase(), hash))
    }

    /// Sets the caller's password to `new` and ends every other session of theirs.
    pub async fn change_password(
        &self,
        caller: Authenticated,
        current: &str,
        new: &str,
        addr: Option<IpAddr>,
    ) -> Result<(), AppError> {
        check_password(new)?;
        let (_, slot) = self.confirm_password(caller.player, current, addr).await?;
        let hash = slot.hash(new.to_owned()).await?;
        drop(slot);
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            store::players::set_password_hash(conn, caller.player.0, &hash).await?;
            store::sessions::end_all(
                conn,
                caller.player.0,
                Some(caller.session.0),
                Ended::PasswordChanged.as_str(),
            )
            .await?;
            Ok(())
        })
        .await
    }

    /// Deletes the caller's account, in one transaction that holds the player's row
    /// exclusively from the start (every creation of theirs holds it too, see
    /// [`crate::kernel::player::hold_player`]: those in flight finish first, those after are refused,
    /// so nothing of theirs appears once the deletion commits). Refused (409
    /// `hand_in_progress`) while they are dealt into a hand, checked at every table before
    /// any seat is left. Then they stand up from every table; in every league of theirs
    /// they stop being an admin (the role passes on, see
    /// [`crate::leagues::admin::keep_an_admin`]), and a league left with no human member
    /// closes (its tables closed, their pots returned); its history says so. Their name,
    /// credentials and push subscriptions are erased and every session of theirs ends.
    /// Their memberships, ledger rows and the tables' logs stay as they are, so every
    /// league still sums to zero and every hand still audits; records name them "deleted
    /// player". `password` is the account's, required when it has one (a guest has none).
    pub async fn delete_account(
        &self,
        caller: Authenticated,
        password: Option<&str>,
        addr: Option<IpAddr>,
    ) -> Result<(), AppError> {
        let player = caller.player;
        let account = self.confirm_any_password(player, password, addr).await?;
        self.erase_account(player, &account).await
    }

    /// Checks `password` as [`App::confirm_password`] does when the account has one (403
    /// `wrong_password` when it is not sent), and that none is sent when it has none;
    /// returns the account name.
    pub(crate) async fn confirm_any_password(
        &self,
        player: PlayerId,
        password: Option<&str>,
        addr: Option<IpAddr>,
    ) -> Result<String, AppError> {
        match password {
            Some(password) => Ok(self.confirm_password(player, password, addr).await?.0),
            None => {
                let (account, hash) = self.account_of(player).await?;
                if hash.is_empty() {
                    Ok(account)
                } else {
                    Err(AppError::refused(
                        ErrorCode::WrongPassword,
                        "the account has a password: send it as `password`",
                    ))
                }
            }
        }
    }

    /// Deletes player `player`'s account (`account`: their lower-cased username), as
    /// [`App::delete_account`] says, once the caller checked who may.
    pub(crate) async fn erase_account(
        &self,
        player: PlayerId,
        account: &str,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            let tables = store::seats::tables_of(conn, player.0).await?;
            for &table in &tables {
                let (state, _) =
                    crate::table::read::load_for(conn, TableId(table), Some(player), false).await?;
                if state.dealt_in(player.0) {
                    return Err(AppError::refused(
                        ErrorCode::HandInProgress,
                        format!(
                            "the player is dealt into a hand at table {table}: delete the \
                             account when it ends"
                        ),
                    ));
                }
            }
            let leagues = store::memberships::roles_of(conn, player.0).await?;
            let mut last_human_of = Vec::new();
            for (league, _) in &leagues {
                let open = load_league(conn, LeagueId(*league))
                    .await?
                    .closed_at
                    .is_none();
                let others = store::memberships::live_humans(conn, *league, player.0).await?;
                if open && others.is_empty() {
                    last_human_of.push(LeagueId(*league));
                }
            }
            // Standing up and closing tables are table commands of their own (other
            // connections): none of them waits for the player's row.
            for table in tables {
                match self.table().stand(player, TableId(table)).await {
                    // Stood up meanwhile, by a request of their own (no sitting down can
                    // start while the row is held).
                    Err(e) if e.is(ErrorCode::NotSeated) => {}
                    other => {
                        other?;
                    }
                }
            }
            for &league in &last_human_of {
                self.table().close_league_tables(player, league).await?;
            }
            for (league, role) in leagues {
                let league = LeagueId(league);
                lock_league(conn, league).await?;
                if Role::stored(&role) == Role::Admin {
                    store::memberships::set_role(conn, league.0, player.0, Role::Member.as_str())
                        .await?;
                }
                history::record(
                    conn,
                    league,
                    HistoryKind::MemberDeleted,
                    Some(player),
                    None,
                    json!({}),
                )
                .await?;
                let succession = keep_an_admin(conn, league, player, "account_deleted").await?;
                if succession == Succession::NobodyLeft && last_human_of.contains(&league) {
                    store::leagues::close(conn, league.0).await?;
                    history::record(
                        conn,
                        league,
                        HistoryKind::LeagueClosed,
                        None,
                        None,
                        json!({"reason": "no_human_member"}),
                    )
                    .await?;
                }
            }
            store::players::erase(conn, player.0, account).await?;
            store::push::forget(conn, player.0).await?;
            store::notification_settings::forget(conn, player.0).await?;
            store::chat::forget_text(conn, player.0).await?;
            store::blocks::forget(conn, player.0).await?;
            store::reports::forget_notes(conn, player.0).await?;
            store::sessions::end_all(conn, player.0, None, Ended::AccountDeleted.as_str()).await?;
            Ok(())
        })
        .await
    }
}
