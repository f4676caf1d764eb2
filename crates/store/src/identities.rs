//! Tables `identities` (a player's accounts at OpenID Connect issuers) and
//! `oidc_authorizations` (authorization requests started for a browser, until their code
//! comes back).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{identities, oidc_authorizations, players};
use super::{Conn, StoreError};

/// An identity as listed: `(provider, issuer, subject, email, created_at)`.
pub type IdentityRow = (String, String, String, Option<String>, DateTime<Utc>);

/// The live player whose identity is `subject` at `issuer`, if any.
pub async fn player_of(
    conn: &mut Conn,
    issuer: &str,
    subject: &str,
) -> Result<Option<Uuid>, StoreError> {
    Ok(identities::table
        .inner_join(players::table)
        .filter(identities::issuer.eq(issuer))
        .filter(identities::subject.eq(subject))
        .filter(players::deleted_at.is_null())
        .select(identities::player_id)
        .first(conn)
        .await
        .optional()?)
}

/// Links `subject` at `issuer` to `player` under `provider`. Fails with a unique violation
/// when the identity is another player's, or the player has one of that provider.
pub async fn link(
    conn: &mut Conn,
    player: Uuid,
    provider: &str,
    issuer: &str,
    subject: &str,
    email: Option<&str>,
) -> Result<(), StoreError> {
    diesel::insert_into(identities::table)
        .values((
            identities::issuer.eq(issuer),
            identities::subject.eq(subject),
            identities::provider.eq(provider),
            identities::player_id.eq(player),
            identities::email.eq(email),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// `player`'s identities, oldest first.
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Vec<IdentityRow>, StoreError> {
    Ok(identities::table
        .filter(identities::player_id.eq(player))
        .order(identities::created_at)
        .select((
            identities::provider,
            identities::issuer,
            identities::subject,
            identities::email,
            identities::created_at,
        ))
        .load(conn)
        .await?)
}

/// Removes `player`'s identity of `provider`; whether there was one.
pub async fn unlink(conn: &mut Conn, player: Uuid, provider: &str) -> Result<bool, StoreError> {
    let gone = diesel::delete(
        identities::table
            .filter(identities::player_id.eq(player))
            .filter(identities::provider.eq(provider)),
    )
    .execute(conn)
    .await?;
    Ok(gone > 0)
}

/// An authorization request waiting for its code.
#[derive(Debug, Clone, Queryable)]
pub struct AuthorizationRow {
    pub provider: String,
    pub nonce: String,
    pub redirect_uri: String,
    pub expires_at: DateTime<Utc>,
}

/// Stores an authorization request under the hash of its state.
pub async fn start_authorization(
    conn: &mut Conn,
    state_hash: &[u8],
    row: &AuthorizationRow,
) -> Result<(), StoreError> {
    diesel::insert_into(oidc_authorizations::table)
        .values((
            oidc_authorizations::state_hash.eq(state_hash),
            oidc_authorizations::provider.eq(&row.provider),
            oidc_authorizations::nonce.eq(&row.nonce),
            oidc_authorizations::redirect_uri.eq(&row.redirect_uri),
            oidc_authorizations::expires_at.eq(row.expires_at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes the authorization request whose state hashes to `state_hash` (it is used once),
/// if any.
pub async fn take_authorization(
    conn: &mut Conn,
    state_hash: &[u8],
) -> Result<Option<AuthorizationRow>, StoreError> {
    Ok(diesel::delete(oidc_authorizations::table.find(state_hash))
        .returning((
            oidc_authorizations::provider,
            oidc_authorizations::nonce,
            oidc_authorizations::redirect_uri,
            oidc_authorizations::expires_at,
        ))
        .get_result(conn)
        .await
        .optional()?)
}

/// Drops authorization requests that expired before `before`; how many went.
pub async fn sweep(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        oidc_authorizations::table.filter(oidc_authorizations::expires_at.lt(before)),
    )
    .execute(conn)
    .await?)
}
