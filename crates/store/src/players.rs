//! Table `players`: accounts.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::players;
use super::{Conn, StoreError};

/// Adds a player; a username taken (whatever its case) fails with a unique violation.
pub async fn insert(
    conn: &mut Conn,
    id: Uuid,
    username: &str,
    password_hash: &str,
) -> Result<(), StoreError> {
    diesel::insert_into(players::table)
        .values((
            players::id.eq(id),
            players::username.eq(username),
            players::password_hash.eq(password_hash),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// The id, username and password hash of the player named `username`, whatever its case,
/// if they sign in with a password (deleted accounts, bots and guests have none).
pub async fn credentials(
    conn: &mut Conn,
    username: &str,
) -> Result<Option<(Uuid, String, String)>, StoreError> {
    Ok(players::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(username) = lower(")
                .bind::<diesel::sql_types::Text, _>(username)
                .sql(")"),
        )
        .filter(players::deleted_at.is_null())
        .filter(players::password_hash.ne(""))
        .select((players::id, players::username, players::password_hash))
        .first(conn)
        .await
        .optional()?)
}

/// The password hash of player `id` (empty when they have none: a guest, a bot), unless the
/// account was deleted.
pub async fn password_hash(conn: &mut Conn, id: Uuid) -> Result<Option<String>, StoreError> {
    Ok(players::table
        .find(id)
        .filter(players::deleted_at.is_null())
        .select(players::password_hash)
        .first(conn)
        .await
        .optional()?)
}

/// The username of player `id`, and whether they are a guest.
pub async fn signed_in(conn: &mut Conn, id: Uuid) -> Result<Option<(String, bool)>, StoreError> {
    Ok(players::table
        .find(id)
        .select((players::username, players::guest))
        .first(conn)
        .await
        .optional()?)
}

/// Sets player `id`'s password hash (a guest who resets a password by email is a guest no
/// more).
pub async fn set_password_hash(conn: &mut Conn, id: Uuid, hash: &str) -> Result<(), StoreError> {
    diesel::update(players::table.find(id))
        .set((players::password_hash.eq(hash), players::guest.eq(false)))
        .execute(conn)
        .await?;
    Ok(())
}

/// What a table shows of a player who sits down.
#[derive(Debug, Clone, Queryable)]
pub struct Shown {
    pub username: String,
    pub display_name: Option<String>,
    pub avatar: Option<String>,
    pub bot: bool,
}

/// What a table shows of player `id`.
pub async fn shown(conn: &mut Conn, id: Uuid) -> Result<Option<Shown>, StoreError> {
    Ok(players::table
        .find(id)
        .select((
            players::username,
            players::display_name,
            players::avatar,
            players::is_bot,
        ))
        .first(conn)
        .await
        .optional()?)
}

/// A player who never signs in with a password of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passwordless {
    /// A server-side bot: it never signs in.
    Bot,
    /// A guest: signed in by its sessions alone until it upgrades.
    Guest,
    /// A full account signed in by an OpenID provider (see `store::identities`).
    Linked,
}

/// Adds player `id` without a password, under the first of `names` that no player has yet;
/// false when every one is taken.
pub async fn insert_passwordless(
    conn: &mut Conn,
    id: Uuid,
    names: &[String],
    kind: Passwordless,
) -> Result<bool, StoreError> {
    for name in names {
        let inserted = diesel::insert_into(players::table)
            .values((
                players::id.eq(id),
                players::username.eq(name),
                players::password_hash.eq(""),
                players::is_bot.eq(kind == Passwordless::Bot),
                players::guest.eq(kind == Passwordless::Guest),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
        if inserted == 1 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Gives account `id`, a guest or one signed in by providers only, this username and
/// password hash, a full account; false when it has a password already (or was deleted, or
/// is a bot). A username taken fails with a unique violation.
pub async fn upgrade(
    conn: &mut Conn,
    id: Uuid,
    username: &str,
    password_hash: &str,
) -> Result<bool, StoreError> {
    let updated = diesel::update(
        players::table
            .find(id)
            .filter(players::password_hash.eq(""))
            .filter(players::is_bot.eq(false))
            .filter(players::deleted_at.is_null()),
    )
    .set((
        players::username.eq(username),
        players::password_hash.eq(password_hash),
        players::guest.eq(false),
    ))
    .execute(conn)
    .await?;
    Ok(updated == 1)
}

/// Makes guest `id` a full account (a provider was linked); whether it was a guest.
pub async fn make_full(conn: &mut Conn, id: Uuid) -> Result<bool, StoreError> {
    let updated = diesel::update(players::table.find(id).filter(players::guest.eq(true)))
        .set(players::guest.eq(false))
        .execute(conn)
        .await?;
    Ok(updated == 1)
}

/// Sets player `id`'s display name.
pub async fn set_display_name(conn: &mut Conn, id: Uuid, name: &str) -> Result<(), StoreError> {
    diesel::update(players::table.find(id))
        .set(players::display_name.eq(name))
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets player `id`'s email to `email` (lower-cased), verified (a provider vouched for it).
/// Another account's verified address fails with a unique violation.
pub async fn set_verified_email(conn: &mut Conn, id: Uuid, email: &str) -> Result<(), StoreError> {
    diesel::update(players::table.find(id))
        .set((
            players::email.eq(email),
            players::email_verified_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Notes that player `id` signed in or refreshed a session now.
pub async fn seen(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::update(players::table.find(id))
        .set(players::seen_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Up to `limit` guests not seen since `before` (not deleted), the longest unseen first:
/// their ids and usernames.
pub async fn abandoned_guests(
    conn: &mut Conn,
    before: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<(Uuid, String)>, StoreError> {
    Ok(players::table
        .filter(players::guest.eq(true))
        .filter(players::deleted_at.is_null())
        .filter(players::seen_at.lt(before))
        .order(players::seen_at)
        .select((players::id, players::username))
        .limit(limit)
        .load(conn)
        .await?)
}

/// Sets player `id`'s email to `email` (lower-cased), not verified.
pub async fn set_email(conn: &mut Conn, id: Uuid, email: &str) -> Result<(), StoreError> {
    diesel::update(players::table.find(id))
        .set((
            players::email.eq(email),
            players::email_verified_at.eq(None::<DateTime<Utc>>),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks player `id`'s email verified, if it is still `email`; whether it was. Another
/// account's verified address fails with a unique violation.
pub async fn verify_email(conn: &mut Conn, id: Uuid, email: &str) -> Result<bool, StoreError> {
    let updated = diesel::update(players::table.find(id).filter(players::email.eq(email)))
        .set(players::email_verified_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(updated == 1)
}

/// The live account whose verified email is `email` (lower-cased): its id and username.
pub async fn by_verified_email(
    conn: &mut Conn,
    email: &str,
) -> Result<Option<(Uuid, String)>, StoreError> {
    Ok(players::table
        .filter(players::email.eq(email))
        .filter(players::email_verified_at.is_not_null())
        .filter(players::deleted_at.is_null())
        .select((players::id, players::username))
        .first(conn)
        .await
        .optional()?)
}

/// A player's account and profile, as stored.
#[derive(Debug, Clone, Queryable)]
pub struct ProfileRow {
    pub id: Uuid,
    pub username: String,
    pub display_name: Option<String>,
    pub avatar: Option<String>,
    pub locale: Option<String>,
    pub time_zone: Option<String>,
    pub guest: bool,
    pub bot: bool,
    pub created_at: DateTime<Utc>,
    pub seen_at: DateTime<Utc>,
    pub email: Option<String>,
    pub email_verified_at: Option<DateTime<Utc>>,
    /// Whether the account has a password (guests and accounts signed in by providers
    /// only have none).
    pub has_password: bool,
}

/// Player `id`'s account and profile, unless the account was deleted.
pub async fn profile(conn: &mut Conn, id: Uuid) -> Result<Option<ProfileRow>, StoreError> {
    Ok(players::table
        .find(id)
        .filter(players::deleted_at.is_null())
        .select((
            players::id,
            players::username,
            players::display_name,
            players::avatar,
            players::locale,
            players::time_zone,
            players::guest,
            players::is_bot,
            players::created_at,
            players::seen_at,
            players::email,
            players::email_verified_at,
            players::password_hash.ne(""),
        ))
        .first(conn)
        .await
        .optional()?)
}

/// A change to a profile: each field `None` is left as it is, `Some(None)` cleared.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = players)]
pub struct ProfileChange<'a> {
    pub display_name: Option<Option<&'a str>>,
    pub avatar: Option<Option<&'a str>>,
    pub locale: Option<Option<&'a str>>,
    pub time_zone: Option<Option<&'a str>>,
}

/// Whether PostgreSQL knows time zone `zone` (see the `notification_settings` migration).
pub async fn zone_known(conn: &mut Conn, zone: &str) -> Result<bool, StoreError> {
    #[derive(QueryableByName)]
    struct Known {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        known: bool,
    }
    let found: Known = diesel::sql_query("SELECT zone_known($1) AS known")
        .bind::<diesel::sql_types::Text, _>(zone)
        .get_result(conn)
        .await?;
    Ok(found.known)
}

/// Applies `change` to player `id`'s profile (nothing when it changes no field).
pub async fn set_profile(
    conn: &mut Conn,
    id: Uuid,
    change: &ProfileChange<'_>,
) -> Result<(), StoreError> {
    let empty = change.display_name.is_none()
        && change.avatar.is_none()
        && change.locale.is_none()
        && change.time_zone.is_none();
    if !empty {
        diesel::update(players::table.find(id))
            .set(change)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// A retired bot (a member of no league), locked until the transaction ends so that no
/// other bot seating takes it too; the oldest first.
pub async fn retired_bot(conn: &mut Conn) -> Result<Option<Uuid>, StoreError> {
    use super::schema::memberships;
    Ok(players::table
        .filter(players::is_bot.eq(true))
        .filter(diesel::dsl::not(diesel::dsl::exists(
            memberships::table.filter(memberships::player_id.eq(players::id)),
        )))
        .order((players::created_at, players::id))
        .select(players::id)
        .for_no_key_update()
        .skip_locked()
        .first(conn)
        .await
        .optional()?)
}

/// What tables show of each of `players` that exists (a deleted account as "deleted
/// player").
pub async fn shown_among(
    conn: &mut Conn,
    players: &[Uuid],
) -> Result<Vec<(Uuid, Shown)>, StoreError> {
    if players.is_empty() {
        return Ok(Vec::new());
    }
    Ok(players::table
        .filter(players::id.eq_any(players))
        .select((
            players::id,
            (
                players::username,
                players::display_name,
                players::avatar,
                players::is_bot,
            ),
        ))
        .load(conn)
        .await?)
}

/// A player's username.
pub async fn username(conn: &mut Conn, id: Uuid) -> Result<Option<String>, StoreError> {
    Ok(players::table
        .find(id)
        .select(players::username)
        .first(conn)
        .await
        .optional()?)
}

/// How a use case holds its player's row until its transaction ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// `FOR SHARE`: the player's creations go on side by side, and an account's deletion
    /// (which takes [`Hold::Exclusive`]) waits for them, or they for it.
    Shared,
    /// `FOR NO KEY UPDATE` (which rows referring to the player do not wait for): the
    /// player's creations take turns, so a count against a quota holds until the creation
    /// commits; and an account's deletion.
    Exclusive,
}

/// Holds player `id`'s row as `hold` says, until the transaction ends; whether the account
/// exists and is not deleted (a deletion that committed while this waited is seen).
pub async fn hold(conn: &mut Conn, id: Uuid, hold: Hold) -> Result<bool, StoreError> {
    let live = players::table
        .find(id)
        .filter(players::deleted_at.is_null())
        .select(players::id);
    let found = match hold {
        Hold::Shared => live.for_share().first::<Uuid>(conn).await,
        Hold::Exclusive => live.for_no_key_update().first::<Uuid>(conn).await,
    };
    Ok(found.optional()?.is_some())
}

/// Erases player `id`'s name, profile, email and credentials and marks the account deleted;
/// what they left behind (the stored replies to their requests, their join requests, their
/// mailed codes, their identities at providers, their counted failed logins) goes with
/// them.
pub async fn erase(conn: &mut Conn, id: Uuid, account: &str) -> Result<(), StoreError> {
    use super::schema::{idempotency, identities, join_requests, login_failures, mail_codes};
    diesel::update(players::table.find(id))
        .set((
            players::username.eq(DELETED_NAME),
            players::password_hash.eq(""),
            players::display_name.eq(None::<String>),
            players::avatar.eq(None::<String>),
            players::locale.eq(None::<String>),
            players::time_zone.eq(None::<String>),
            players::email.eq(None::<String>),
            players::email_verified_at.eq(None::<DateTime<Utc>>),
            // The moment of the erasure, after the row was held (not the transaction's
            // start): whatever of the player's committed before it did not wait for it.
            players::deleted_at.eq(diesel::dsl::sql::<
                diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
            >("clock_timestamp()")),
        ))
        .execute(conn)
        .await?;
    diesel::delete(idempotency::table.filter(idempotency::player_id.eq(id)))
        .execute(conn)
        .await?;
    diesel::delete(join_requests::table.filter(join_requests::player_id.eq(id)))
        .execute(conn)
        .await?;
    diesel::delete(mail_codes::table.filter(mail_codes::player_id.eq(id)))
        .execute(conn)
        .await?;
    diesel::delete(identities::table.filter(identities::player_id.eq(id)))
        .execute(conn)
        .await?;
    diesel::delete(login_failures::table.filter(login_failures::account.eq(account)))
        .execute(conn)
        .await?;
    Ok(())
}

/// What records show in place of a deleted player's username (no account can be named
/// so: a username has no spaces).
pub const DELETED_NAME: &str = "deleted player";
