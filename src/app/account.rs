//! The caller's account: change the password (the other sessions end), and delete the
//! account (seats left, name and credentials erased, history kept whole).
//!
//! Both ask for the current password, counted by the login throttle like a login (see
//! [`super::throttle`]): a stolen access token cannot be used to guess it.

use diesel_async::AsyncConnection;
use std::net::IpAddr;

use super::auth::{check_password, hash_password, unknown_player, verify_password};
use super::ids::{PlayerId, TableId};
use super::sessions::{Authenticated, Ended};
use super::{App, AppError, ErrorCode};
use crate::store;

fn wrong_password() -> AppError {
    AppError::refused(ErrorCode::WrongPassword, "the current password is wrong")
}

impl App {
    /// Checks `password` against the caller's, as a login would; returns their account
    /// name (lower-cased username).
    async fn confirm_password(
        &self,
        player: PlayerId,
        password: &str,
        addr: Option<IpAddr>,
    ) -> Result<String, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let username = store::players::username(&mut conn, player.0)
            .await?
            .ok_or_else(unknown_player)?;
        let hash = store::players::password_hash(&mut conn, player.0)
            .await?
            .ok_or_else(unknown_player)?;
        drop(conn);
        let account = username.to_lowercase();
        self.attempt_login(&account, addr).await?;
        if verify_password(password.to_owned(), hash).await? {
            self.login_succeeded(&account, addr).await?;
            Ok(account)
        } else {
            self.login_failed(addr).await?;
            Err(wrong_password())
        }
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
        self.confirm_password(caller.player, current, addr).await?;
        let hash = hash_password(new.to_owned()).await?;
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

    /// Deletes the caller's account: refused (409 `hand_in_progress`) while they are dealt
    /// into a hand, checked at every table before any seat is left. Then they stand up
    /// from every table, and in one transaction their name, credentials and push
    /// subscriptions are erased and every session of theirs ends. Their memberships, ledger rows and the tables' logs
    /// stay as they are, so every league still sums to zero and every hand still audits;
    /// records name them "deleted player".
    pub async fn delete_account(
        &self,
        caller: Authenticated,
        password: &str,
        addr: Option<IpAddr>,
    ) -> Result<(), AppError> {
        let player = caller.player;
        let account = self.confirm_password(player, password, addr).await?;
        let mut conn = store::conn(&self.pool).await?;
        let tables = store::seats::tables_of(&mut conn, player.0).await?;
        for &table in &tables {
            let (state, _) =
                super::table::read::load_for(&mut conn, TableId(table), Some(player), false)
                    .await?;
            if state.dealt_in(player.0) {
                return Err(AppError::refused(
                    ErrorCode::HandInProgress,
                    format!(
                        "the player is dealt into a hand at table {table}: delete the account \
                         when it ends"
                    ),
                ));
            }
        }
        drop(conn);
        for table in tables {
            self.stand(player, TableId(table)).await?;
        }
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            store::players::lock(conn, player.0).await?;
            if !store::seats::tables_of(conn, player.0).await?.is_empty() {
                return Err(AppError::refused(
                    ErrorCode::MemberSeated,
                    "the player sat down again meanwhile: try again",
                ));
            }
            store::players::erase(conn, player.0, &account).await?;
            store::push::forget(conn, player.0).await?;
            store::sessions::end_all(conn, player.0, None, Ended::AccountDeleted.as_str()).await?;
            Ok(())
        })
        .await
    }
}
