//! Guests: a player made in one call, with a generated friendly name and no password, who
//! can join a league by invite, sit and play (but not create leagues, unless the operator
//! allows it); upgraded to a full account by choosing a username and a password, keeping
//! everything. A guest not seen for `BOURRE_GUEST_TTL_DAYS` is deleted as an account
//! deletion would delete it.

use chrono::Utc;
use diesel_async::AsyncConnection;
use std::net::IpAddr;
use uuid::Uuid;

use crate::identity::Cases;
use crate::identity::auth::{check_password, check_username};
use crate::identity::sessions::Player;
use crate::identity::sessions::Session;
use crate::kernel::ids::PlayerId;
use crate::kernel::player::hold_player;
use crate::store;
use crate::store::players::{Hold, Passwordless};
use crate::{AppError, ErrorCode};

const MOODS: [&str; 16] = [
    "Lucky", "Bold", "Quiet", "Sly", "Swift", "Merry", "Brave", "Clever", "Jolly", "Steady",
    "Keen", "Calm", "Wily", "Daring", "Nimble", "Sunny",
];

const CREATURES: [&str; 16] = [
    "Heron", "Pelican", "Egret", "Gator", "Crawfish", "Catfish", "Owl", "Fox", "Otter", "Turtle",
    "Raccoon", "Possum", "Bobcat", "Ibis", "Crane", "Mink",
];

/// The usernames guest `id` may take, in order: a mood, a creature and four digits picked
/// by its id (`LuckyHeron4821`), a few more should the first be taken, and last `Guest`
/// and its id's first digits, which no one else has. Each is a valid username.
pub(super) fn guest_names(id: Uuid) -> Vec<String> {
    let bytes = id.as_bytes();
    bytes
        .chunks(4)
        .map(|b| {
            let number = u16::from_be_bytes([b[2], b[3]]) % 10_000;
            format!(
                "{}{}{number:04}",
                MOODS[usize::from(b[0]) % MOODS.len()],
                CREATURES[usize::from(b[1]) % CREATURES.len()]
            )
        })
        .chain(std::iter::once(format!(
            "Guest{}",
            &id.simple().to_string()[..12]
        )))
        .collect()
}

/// How many abandoned guests one housekeeping round deletes at most.
const ABANDONED_PER_ROUND: i64 = 100;

impl Cases<'_> {
    /// Makes a guest for a client at `addr` (at most so many an hour from one address, see
    /// [`crate::identity::throttle`]), signed in.
    #[tracing::instrument(target = "bourre::app", name = "guest", skip_all)]
    pub async fn sign_in_guest(&self, addr: Option<IpAddr>) -> Result<Session, AppError> {
        let per_hour = self.config.address_limits.guests_per_hour;
        self.limit_address("guest sign-in", addr, per_hour).await?;
        let id = Uuid::new_v4();
        let names = guest_names(id);
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            if !store::players::insert_passwordless(conn, id, &names, Passwordless::Guest).await? {
                return Err(AppError::Internal(format!("no free name for guest {id}")));
            }
            let (username, _) = store::players::signed_in(conn, id)
                .await?
                .ok_or_else(crate::kernel::player::unknown_player)?;
            let player = Player {
                id: PlayerId(id),
                username,
                guest: true,
            };
            self.start_session(conn, player).await
        })
        .await
    }

    /// Gives the caller's account, a guest or one signed in by providers only, the username
    /// `username` and `password`, keeping everything (id, memberships, seats, chips,
    /// history, sessions); a guest becomes a full account. Refused with 409 `not_a_guest`
    /// for an account with a password, 409 `username_taken` for a name another account has.
    #[tracing::instrument(target = "bourre::app", name = "upgrade", skip_all)]
    pub async fn upgrade_guest(
        &self,
        player: PlayerId,
        username: &str,
        password: &str,
    ) -> Result<(), AppError> {
        check_username(username)?;
        check_password(password)?;
        let hash = self.hashing.slot().await?.hash(password.to_owned()).await?;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            match store::players::upgrade(conn, player.0, username, &hash).await {
                // Its tables show the new name: they are read again.
                Ok(true) => Ok(store::tables::restamp_seated(conn, player.0).await?),
                Ok(false) => Err(AppError::refused(
                    ErrorCode::NotAGuest,
                    "the account already has a password: sign in with it",
                )),
                Err(e) if e.is_unique_violation() => Err(AppError::refused(
                    ErrorCode::UsernameTaken,
                    format!("the username {username:?} is taken"),
                )),
                Err(e) => Err(e.into()),
            }
        })
        .await
    }

    /// Deletes guests not seen (no sign-in, no refresh) for the configured days, as account
    /// deletions; one dealt into a hand is left for a later round. Every server process does
    /// this: a guest another one deleted first is passed over. Returns how many went.
    pub async fn sweep_abandoned_guests(&self) -> Result<usize, AppError> {
        let before = Utc::now() - self.config.guest_ttl;
        let mut conn = store::conn(&self.pool).await?;
        let abandoned =
            store::players::abandoned_guests(&mut conn, before, ABANDONED_PER_ROUND).await?;
        drop(conn);
        let mut deleted = 0;
        for (id, username) in abandoned {
            match self
                .erase_account(PlayerId(id), &username.to_lowercase())
                .await
            {
                Ok(()) => deleted += 1,
                // Dealt into a hand: a later round. Deleted meanwhile (by another process's
                // housekeeper, or by the guest): nothing left to do.
                Err(e) if e.is(ErrorCode::HandInProgress) || e.is(ErrorCode::SessionEnded) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(deleted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_is_named_by_its_id_with_valid_usernames() {
        let id = Uuid::from_u128(0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10);
        let names = guest_names(id);
        assert_eq!(names, guest_names(id));
        assert_eq!(names[0], "BoldEgret0772");
        assert_eq!(names.len(), 5);
        assert_eq!(names[4], "Guest010203040506");
        for name in &names {
            assert!(check_username(name).is_ok(), "{name}");
        }
        assert_ne!(guest_names(Uuid::from_u128(1))[0], names[0]);
    }
}
