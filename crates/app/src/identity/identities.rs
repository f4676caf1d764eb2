//! Sign-in with OpenID Connect providers: a verified ID token signs its holder in (the
//! first time making their player), or links the provider to the caller's account (a guest
//! so linked is a guest no more); an identity is unlinked unless it is the account's last
//! way in. A browser gets its ID token through the server: an authorization request with
//! PKCE that the server starts and whose code it exchanges.

use std::borrow::Cow;
use std::net::IpAddr;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::identity::Cases;
use crate::identity::auth::check_username;
use crate::identity::oidc::{Verified, random_text};
use crate::identity::sessions::Player;
use crate::identity::sessions::Session;
use crate::identity::sessions::token_hash;
use crate::kernel::ids::PlayerId;
use crate::kernel::player::{hold_player, unknown_player};
use crate::store::identities::AuthorizationRow;
use crate::store::players::{Hold, Passwordless};
use crate::store::{self, StoreError};
use crate::{AppError, ErrorCode};

/// How long a browser has to come back from the provider.
const AUTHORIZATION_MINUTES: i64 = 10;
/// Sign-ins a client address may start in an hour.
const AUTHORIZATIONS_PER_HOUR: i32 = 60;
/// The longest `state` taken.
const STATE_MAX: usize = 128;
/// The longest authorization code taken.
const CODE_MAX: usize = 4096;
/// The longest `redirect_uri`.
const REDIRECT_URI_MAX: usize = 2000;

/// One of a player's identities.
#[derive(Debug, Clone)]
pub struct Identity {
    pub provider: String,
    pub email: Option<String>,
    pub linked_at: DateTime<Utc>,
}

/// An ID token sent by a client: of `provider`, with the `nonce` it asked for, if any.
#[derive(Debug, Clone, Copy)]
pub struct IdToken<'a> {
    pub provider: &'a str,
    pub id_token: &'a str,
    pub nonce: Option<&'a str>,
}

/// A sign-in started for a browser.
#[derive(Debug, Clone)]
pub struct Authorization {
    /// Where the browser goes.
    pub url: String,
    /// What comes back with the code.
    pub state: String,
    pub expires_at: DateTime<Utc>,
}

/// An ID token got for a browser, with the nonce it carries.
#[derive(Debug, Clone)]
pub struct Exchanged {
    pub provider: String,
    pub id_token: String,
    pub nonce: String,
}

/// The usernames a player first signed in by a provider may take, in order: made of the
/// names the provider gave (`preferred_username`, `name`, the email's local part) as far as
/// they are valid usernames, then as a guest's would be (see [`crate::identity::guests`]).
fn usernames(id: Uuid, verified: &Verified) -> Vec<String> {
    let local = verified
        .email
        .as_deref()
        .and_then(|e| e.split('@').next())
        .map(str::to_owned);
    verified
        .names
        .iter()
        .cloned()
        .chain(local)
        .map(|name| {
            name.chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
                .take(32)
                .collect::<String>()
        })
        .filter(|name| check_username(name).is_ok())
        .chain(crate::identity::guests::guest_names(id))
        .collect()
}

/// The display name a player first signed in by a provider gets: the provider's `name`
/// (or `preferred_username`), when it is one a player could choose.
fn display_name(verified: &Verified) -> Option<String> {
    verified
        .names
        .iter()
        .rev()
        .filter(|n| crate::kernel::text::refusal(n, true).is_none())
        .find_map(|n| crate::identity::profiles::check_display_name(n).ok())
        .map(Cow::into_owned)
}

/// A `redirect_uri`: absolute, without a fragment, at most [`REDIRECT_URI_MAX`] characters
/// (the provider checks it is one of the client's).
fn check_redirect_uri(text: &str) -> Result<(), AppError> {
    let ok = text.len() <= REDIRECT_URI_MAX
        && reqwest::Url::parse(text).is_ok_and(|url| url.fragment().is_none());
    if ok {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::InvalidRedirectUri,
            format!(
                "the redirect_uri is not an absolute URL without a fragment, of at most \
                 {REDIRECT_URI_MAX} characters"
            ),
        ))
    }
}

impl Cases<'_> {
    /// Signs in the holder of `id_token`, an ID token of `provider`'s (checked as
    /// [`crate::identity::oidc::Providers::verify`] says, with `nonce` when given): the player linked
    /// to its identity, or a new one (limited per client address like registrations),
    /// named after what the provider says, with the email it verified when no account has
    /// verified it. Whether the player is new comes with the session.
    #[tracing::instrument(target = "bourre::app", name = "oidc sign-in", skip_all)]
    pub async fn sign_in_with_provider(
        &self,
        provider: &str,
        id_token: &str,
        nonce: Option<&str>,
        addr: Option<IpAddr>,
    ) -> Result<(Session, bool), AppError> {
        let verified = self.config.oidc.verify(provider, id_token, nonce).await?;
        let mut limited = false;
        let mut rounds = 0;
        loop {
            rounds += 1;
            let mut conn = store::conn(&self.pool).await?;
            let found =
                store::identities::player_of(&mut conn, &verified.issuer, &verified.subject)
                    .await?;
            drop(conn);
            if found.is_none() && !limited {
                let per_hour = self.config.address_limits.registrations_per_hour;
                self.limit_address("registration", addr, per_hour).await?;
                limited = true;
            }
            let mut conn = store::conn(&self.pool).await?;
            let attempt = conn
                .transaction::<_, AppError, _>(async |conn| {
                    let (id, created) = match found {
                        Some(id) => {
                            // An account deleted meanwhile starts no session. Held to
                            // update (the session notes the player seen): sign-ins of one
                            // player at once take turns, where two shared holds would each
                            // wait for the other's to update the row.
                            hold_player(conn, PlayerId(id), Hold::Exclusive).await?;
                            (id, false)
                        }
                        None => (self.make_linked_player(conn, &verified).await?, true),
                    };
                    let (username, guest) = store::players::signed_in(conn, id)
                        .await?
                        .ok_or_else(unknown_player)?;
                    let player = Player {
                        id: PlayerId(id),
                        username,
                        guest,
                    };
                    Ok((self.start_session(conn, player).await?, created))
                })
                .await;
            match attempt {
                // The same identity's first sign-in, twice at once: the other one made the
                // player, found in the next round.
                Err(AppError::Store(e))
                    if e.is_unique_violation() && found.is_none() && rounds < 3 => {}
                other => return other,
            }
        }
    }

    /// Makes the player of a first sign-in by `verified`'s identity, in the caller's
    /// transaction; its id.
    async fn make_linked_player(
        &self,
        conn: &mut store::Conn,
        verified: &Verified,
    ) -> Result<Uuid, AppError> {
        let id = Uuid::new_v4();
        if !store::players::insert_passwordless(
            conn,
            id,
            &usernames(id, verified),
            Passwordless::Linked,
        )
        .await?
        {
            return Err(AppError::Internal(format!("no free name for player {id}")));
        }
        if let Some(name) = display_name(verified) {
            store::players::set_display_name(conn, id, &name).await?;
        }
        // An address this server would not take from a player is not taken from a provider.
        if let Some(email) = verified
            .email
            .as_deref()
            .and_then(|e| crate::identity::mail::check_email(e).ok())
        {
            // Unless an account has verified it: then the new player has no email (the
            // savepoint keeps a clash with one verifying it now from undoing the rest).
            let adopted = conn
                .transaction::<_, StoreError, _>(async |conn| {
                    store::players::set_verified_email(conn, id, &email).await
                })
                .await;
            match adopted {
                Err(e) if e.is_unique_violation() => {}
                other => other?,
            }
        }
        store::identities::link(
            conn,
            id,
            &verified.provider,
            &verified.issuer,
            &verified.subject,
            verified.email.as_deref(),
        )
        .await?;
        Ok(id)
    }

    /// Links the holder of `id_token` at `provider` to `player`, who confirms it with their
    /// password when the account has one (as a password change does: a stolen access token
    /// does not link an attacker's account): 409 `identity_taken` when it is another
    /// player's, 409 `provider_already_linked` when `player` has another account of that
    /// provider linked. A guest so linked is a guest no more. Whether the identity is newly
    /// linked (not already the player's).
    #[tracing::instrument(target = "bourre::app", name = "link identity", skip_all)]
    pub async fn link_identity(
        &self,
        player: PlayerId,
        token: &IdToken<'_>,
        password: Option<&str>,
        addr: Option<IpAddr>,
    ) -> Result<bool, AppError> {
        let verified = self
            .config
            .oidc
            .verify(token.provider, token.id_token, token.nonce)
            .await?;
        self.confirm_any_password(player, password, addr).await?;
        let taken = || {
            AppError::refused(
                ErrorCode::IdentityTaken,
                format!(
                    "this {} account is another player's: sign in with it, or unlink it there \
                     first",
                    token.provider
                ),
            )
        };
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            match store::identities::player_of(conn, &verified.issuer, &verified.subject).await? {
                Some(id) if id == player.0 => return Ok(false),
                Some(_) => return Err(taken()),
                None => {}
            }
            let linked = store::identities::of_player(conn, player.0).await?;
            if linked.iter().any(|(p, ..)| p == token.provider) {
                return Err(AppError::refused(
                    ErrorCode::ProviderAlreadyLinked,
                    format!(
                        "another {} account is linked: unlink it first",
                        token.provider
                    ),
                ));
            }
            match store::identities::link(
                conn,
                player.0,
                &verified.provider,
                &verified.issuer,
                &verified.subject,
                verified.email.as_deref(),
            )
            .await
            {
                // Its first sign-in made a player of it just now.
                Err(e) if e.is_unique_violation() => return Err(taken()),
                other => other?,
            }
            if store::players::make_full(conn, player.0).await? {
                // Its tables show it is no guest: they are read again.
                store::tables::restamp_seated(conn, player.0).await?;
            }
            Ok(true)
        })
        .await
    }

    /// Unlinks `player`'s identity at `provider`: 404 `identity_not_found` without one, 409
    /// `last_sign_in_method` when the account has no password and no other identity.
    pub async fn unlink_identity(&self, player: PlayerId, provider: &str) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            let linked = store::identities::of_player(conn, player.0).await?;
            if !linked.iter().any(|(p, ..)| p == provider) {
                return Err(AppError::refused(
                    ErrorCode::IdentityNotFound,
                    format!("no {provider} account is linked"),
                ));
            }
            let has_password = !store::players::password_hash(conn, player.0)
                .await?
                .ok_or_else(unknown_player)?
                .is_empty();
            // The other ways in: a configured provider's identity signs in, another's not.
            let names = self.config.oidc.names();
            let others = linked
                .iter()
                .filter(|(p, ..)| p != provider && names.contains(p))
                .count();
            if !has_password && others == 0 {
                return Err(AppError::refused(
                    ErrorCode::LastSignInMethod,
                    format!(
                        "{provider} is the account's only way in: give it a password or link \
                         another provider first"
                    ),
                ));
            }
            store::identities::unlink(conn, player.0, provider).await?;
            Ok(())
        })
        .await
    }

    /// `player`'s identities, oldest first.
    pub async fn identities(&self, player: PlayerId) -> Result<Vec<Identity>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(store::identities::of_player(&mut conn, player.0)
            .await?
            .into_iter()
            .map(|(provider, _, _, email, linked_at)| Identity {
                provider,
                email,
                linked_at,
            })
            .collect())
    }

    /// Starts a sign-in with `provider` for a browser coming back to `redirect_uri`, which
    /// keeps the PKCE verifier of `code_challenge` (S256) to itself: a state and a nonce kept
    /// for ten minutes, and the provider's URL to send the browser to. At most
    /// [`AUTHORIZATIONS_PER_HOUR`] from one client address.
    pub async fn start_authorization(
        &self,
        provider: &str,
        redirect_uri: &str,
        code_challenge: &str,
        addr: Option<IpAddr>,
    ) -> Result<Authorization, AppError> {
        check_redirect_uri(redirect_uri)?;
        check_pkce(code_challenge, 43, 43).map_err(|why| {
            AppError::refused(
                ErrorCode::InvalidCodeChallenge,
                format!("the code_challenge is not {why} (the SHA-256 of the verifier)"),
            )
        })?;
        self.limit_address("oidc authorization", addr, AUTHORIZATIONS_PER_HOUR)
            .await?;
        let (state, nonce) = (random_text(), random_text());
        let url = self
            .config
            .oidc
            .authorization_url(provider, redirect_uri, &state, &nonce, code_challenge)
            .await?;
        let expires_at = Utc::now() + chrono::Duration::minutes(AUTHORIZATION_MINUTES);
        let mut conn = store::conn(&self.pool).await?;
        store::identities::start_authorization(
            &mut conn,
            &token_hash(&state),
            &AuthorizationRow {
                provider: provider.to_owned(),
                nonce,
                redirect_uri: redirect_uri.to_owned(),
                expires_at,
            },
        )
        .await?;
        Ok(Authorization {
            url,
            state,
            expires_at,
        })
    }

    /// Exchanges the `code` a browser came back with, under the `state` of the sign-in it
    /// started (used once) and with the PKCE `code_verifier` it kept, for the provider's ID
    /// token and its nonce: whoever saw the URL it came back to has the code, not the
    /// verifier.
    pub async fn exchange_code(
        &self,
        state: &str,
        code: &str,
        code_verifier: &str,
    ) -> Result<Exchanged, AppError> {
        let failed = |why: String| AppError::refused(ErrorCode::AuthorizationFailed, why);
        if state.len() > STATE_MAX || code.len() > CODE_MAX {
            return Err(failed(format!(
                "the state is over {STATE_MAX} characters, or the code over {CODE_MAX}"
            )));
        }
        check_pkce(code_verifier, 43, 128)
            .map_err(|why| failed(format!("the code_verifier is not {why}")))?;
        let mut conn = store::conn(&self.pool).await?;
        let started = store::identities::take_authorization(&mut conn, &token_hash(state)).await?;
        drop(conn);
        let started = started
            .filter(|s| s.expires_at > Utc::now())
            .ok_or_else(|| {
                failed(
                    "the state names no sign-in in progress (used, over ten minutes old, or \
                     never started)"
                        .to_owned(),
                )
            })?;
        let id_token = self
            .config
            .oidc
            .exchange(
                &started.provider,
                code,
                &started.redirect_uri,
                code_verifier,
            )
            .await?;
        Ok(Exchanged {
            provider: started.provider,
            id_token,
            nonce: started.nonce,
        })
    }
}

/// A PKCE value (RFC 7636): `min` to `max` characters of `A-Z a-z 0-9 - . _ ~`; otherwise
/// what it should be.
fn check_pkce(text: &str, min: usize, max: usize) -> Result<(), String> {
    let ok = (min..=max).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'));
    if ok {
        Ok(())
    } else if min == max {
        Err(format!(
            "{min} characters of A-Z, a-z, 0-9, `-`, `.`, `_`, `~`"
        ))
    } else {
        Err(format!(
            "{min} to {max} characters of A-Z, a-z, 0-9, `-`, `.`, `_`, `~`"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verified(names: &[&str], email: Option<&str>) -> Verified {
        Verified {
            provider: "google".into(),
            issuer: "https://accounts.google.com".into(),
            subject: "1234".into(),
            email: email.map(str::to_owned),
            names: names.iter().map(|n| (*n).to_owned()).collect(),
        }
    }

    #[test]
    fn a_provider_player_is_named_after_what_the_provider_says() {
        let id = Uuid::from_u128(7);
        let names = usernames(id, &verified(&["Ann Lee"], Some("ann.lee@example.com")));
        assert_eq!(names[..2], ["AnnLee", "ann.lee"]);
        assert_eq!(names[2..], crate::identity::guests::guest_names(id));
        let unnamed = usernames(id, &verified(&["李"], None));
        assert_eq!(unnamed, crate::identity::guests::guest_names(id));
    }

    #[test]
    fn a_provider_name_is_shown_when_a_player_could_choose_it() {
        assert_eq!(
            display_name(&verified(&["ann", "Ann Lee"], None)).as_deref(),
            Some("Ann Lee")
        );
        assert_eq!(display_name(&verified(&["a\u{202e}b"], None)), None);
        assert_eq!(display_name(&verified(&[&"x".repeat(33)], None)), None);
    }

    #[test]
    fn a_redirect_uri_is_an_absolute_url_without_a_fragment() {
        assert!(check_redirect_uri("https://app.example.com/oidc").is_ok());
        assert!(check_redirect_uri("com.example.app:/oauth2redirect").is_ok());
        for bad in ["/oidc", "https://app.example.com/#x", "not a url"] {
            assert!(check_redirect_uri(bad).is_err(), "{bad}");
        }
    }
}
