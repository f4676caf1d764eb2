//! Sign-in with OpenID Connect providers, and the caller's linked identities.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::SessionOut;
use super::caller::{Caller, client_addr};
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Problem, Unauthorized, Unprocessable,
};
use super::text;
use crate::app::App;
use crate::app::identity::identities::{IdToken, Identity};

#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderOut {
    /// The provider's name, for `provider` in requests (`apple`, `google`, or the
    /// operator's own).
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProvidersOut {
    /// The OpenID Connect providers players may sign in with, in the operator's order;
    /// empty when none is configured (`BOURRE_OIDC_PROVIDERS`).
    pub providers: Vec<ProviderOut>,
}

/// The OpenID Connect providers players may sign in with (a sign-in screen shows a
/// "Sign in with ..." button for each).
#[utoipa::path(
    operation_id = "list_oidc_providers",
    tag = "auth",
    responses(
        (status = 200, description = "The configured providers", body = ProvidersOut),
    )
)]
#[get("/oidc/providers")]
pub async fn providers(app: web::Data<App>) -> HttpResponse {
    HttpResponse::Ok().json(ProvidersOut {
        providers: app
            .config
            .oidc
            .names()
            .into_iter()
            .map(|name| ProviderOut { name })
            .collect(),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IdTokenIn {
    /// One of `GET /v1/auth/oidc/providers`.
    #[serde(deserialize_with = "text::plain")]
    #[schema(example = "google", pattern = "^[a-z0-9_-]{1,32}$")]
    pub provider: String,
    /// The ID token the provider issued to the app (its SDK's, or
    /// `POST /v1/auth/oidc/exchange`'s), a signed JWT.
    #[serde(deserialize_with = "text::plain")]
    #[schema(max_length = 16384, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub id_token: String,
    /// The nonce the app sent the provider, when it sent one: the token must carry it (or,
    /// as Apple's SDKs send it, its SHA-256 in lower-case hex).
    #[serde(default, deserialize_with = "text::plain_opt")]
    #[schema(max_length = 512, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub nonce: Option<String>,
}

/// Sign in with an OpenID Connect provider's ID token (Sign in with Apple, Google, ...),
/// verified against the issuer's published keys: its signature, issuer, audience (one of
/// the client ids configured for the provider), times (a minute of leeway) and `nonce`
/// when given. The player linked to the provider's account is signed in; the first time,
/// a player is made (201), named after what the provider says, with the email it verified
/// (unless an account has verified that address). New players are limited per client
/// address like registrations.
#[utoipa::path(
    operation_id = "sign_in_with_provider",
    tag = "auth",
    request_body = IdTokenIn,
    responses(
        (status = 200, description = "Signed in", body = SessionOut),
        (status = 201, description = "A new player, signed in", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many new players from the client's address this hour (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
        (status = 503, description = "`provider_unavailable`: the provider's discovery document or keys could not be fetched; the request changed nothing, see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    )
)]
#[post("/oidc")]
pub async fn sign_in(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<IdTokenIn>>,
) -> Result<HttpResponse, ApiError> {
    let (session, created) = app
        .identity()
        .sign_in_with_provider(
            &body.provider,
            &body.id_token,
            body.nonce.as_deref(),
            client_addr(&req),
        )
        .await?;
    let mut response = if created {
        HttpResponse::Created()
    } else {
        HttpResponse::Ok()
    };
    Ok(response.json(SessionOut::from(session)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AuthorizationIn {
    /// One of `GET /v1/auth/oidc/providers`.
    #[serde(deserialize_with = "text::plain")]
    #[schema(example = "google", pattern = "^[a-z0-9_-]{1,32}$")]
    pub provider: String,
    /// Where the provider sends the browser back, with `code` and `state`: an absolute URL
    /// without a fragment that the provider knows as one of the web client's (the web
    /// client served here uses `<origin>/oidc`).
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        max_length = 2000,
        example = "https://bourre.example.com/oidc",
        pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$"
    )]
    pub redirect_uri: String,
    /// The PKCE challenge (S256): the base64url SHA-256 of a verifier the browser made and
    /// keeps to itself until `POST /v1/auth/oidc/exchange`.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        min_length = 43,
        max_length = 43,
        pattern = "^[A-Za-z0-9_-]{43}$",
        example = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )]
    pub code_challenge: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuthorizationOut {
    /// Where to send the browser: the provider's authorization endpoint, with the
    /// provider's first client id, `state`, a nonce and the PKCE challenge (S256).
    pub authorization_url: String,
    /// What comes back with the code; `POST /v1/auth/oidc/exchange` takes it.
    pub state: String,
    /// When the sign-in must be finished by (ten minutes).
    pub expires_at: DateTime<Utc>,
}

/// Start a sign-in with a provider for a browser, by the authorization-code flow with PKCE
/// through the server (the provider's own JavaScript is not needed): the browser makes a
/// verifier and sends its challenge; the server keeps the state and the nonce for ten
/// minutes; the browser goes to `authorization_url`, comes back to `redirect_uri` with
/// `code` and `state`, and `POST /v1/auth/oidc/exchange` with the verifier turns them into
/// the ID token. At most 60 an hour from one client address.
#[utoipa::path(
    operation_id = "start_oidc_authorization",
    tag = "auth",
    request_body = AuthorizationIn,
    responses(
        (status = 201, description = "Started: send the browser to `authorization_url`", body = AuthorizationOut),
        (status = 400, response = BadRequest),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many sign-ins started from the client's address this hour; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
        (status = 503, description = "`provider_unavailable`: the provider's discovery document could not be fetched; the request changed nothing, see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    )
)]
#[post("/oidc/authorizations")]
pub async fn authorize(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<AuthorizationIn>>,
) -> Result<HttpResponse, ApiError> {
    let started = app
        .identity()
        .start_authorization(
            &body.provider,
            &body.redirect_uri,
            &body.code_challenge,
            client_addr(&req),
        )
        .await?;
    Ok(HttpResponse::Created().json(AuthorizationOut {
        authorization_url: started.url,
        state: started.state,
        expires_at: started.expires_at,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExchangeIn {
    /// The `state` the browser came back with.
    #[serde(deserialize_with = "text::plain")]
    #[schema(max_length = 128, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub state: String,
    /// The `code` the browser came back with.
    #[serde(deserialize_with = "text::plain")]
    #[schema(max_length = 4096, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub code: String,
    /// The PKCE verifier whose challenge started the sign-in.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        min_length = 43,
        max_length = 128,
        pattern = "^[A-Za-z0-9._~-]{43,128}$"
    )]
    pub code_verifier: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExchangedOut {
    /// The provider the sign-in was with.
    pub provider: String,
    /// Its ID token, for `POST /v1/auth/oidc` (sign in) or `POST /v1/players/me/identities`
    /// (link).
    pub id_token: String,
    /// The nonce it carries, to send with it.
    pub nonce: String,
}

/// Finish a browser's sign-in with a provider: the `code` it came back with, under the
/// `state` of `POST /v1/auth/oidc/authorizations` (used once), exchanged at the provider's
/// token endpoint with the browser's PKCE verifier for the ID token (someone who saw only
/// the URL the browser came back to cannot).
#[utoipa::path(
    operation_id = "exchange_oidc_code",
    tag = "auth",
    request_body = ExchangeIn,
    responses(
        (status = 200, description = "The provider's ID token", body = ExchangedOut),
        (status = 400, response = BadRequest),
        (status = 422, response = Unprocessable),
        (status = 503, description = "`provider_unavailable`: the provider's token endpoint could not be reached; start the sign-in again after `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    )
)]
#[post("/oidc/exchange")]
pub async fn exchange(
    app: web::Data<App>,
    body: web::Json<text::Object<ExchangeIn>>,
) -> Result<HttpResponse, ApiError> {
    let exchanged = app
        .identity()
        .exchange_code(&body.state, &body.code, &body.code_verifier)
        .await?;
    Ok(HttpResponse::Ok().json(ExchangedOut {
        provider: exchanged.provider,
        id_token: exchanged.id_token,
        nonce: exchanged.nonce,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkIn {
    /// One of `GET /v1/auth/oidc/providers`.
    #[serde(deserialize_with = "text::plain")]
    #[schema(example = "google", pattern = "^[a-z0-9_-]{1,32}$")]
    pub provider: String,
    /// The ID token of the provider's account to link, as `POST /v1/auth/oidc` takes it.
    #[serde(deserialize_with = "text::plain")]
    #[schema(max_length = 16384, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub id_token: String,
    /// The nonce sent to the provider, when one was.
    #[serde(default, deserialize_with = "text::plain_opt")]
    #[schema(max_length = 512, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub nonce: Option<String>,
    /// The caller's password, checked as a login would check it; required when the account
    /// has one, left out when it has none (a guest, or an account signed in by providers
    /// only).
    #[serde(default, deserialize_with = "text::plain_opt")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub password: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IdentityOut {
    /// The provider's name.
    pub provider: String,
    /// The email the provider vouched for when it was linked; null when it gave none.
    pub email: Option<String>,
    /// When it was linked.
    pub linked_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IdentitiesOut {
    /// The caller's identities, oldest first.
    pub identities: Vec<IdentityOut>,
}

impl From<Vec<Identity>> for IdentitiesOut {
    fn from(list: Vec<Identity>) -> IdentitiesOut {
        IdentitiesOut {
            identities: list
                .into_iter()
                .map(|i| IdentityOut {
                    provider: i.provider,
                    email: i.email,
                    linked_at: i.linked_at,
                })
                .collect(),
        }
    }
}

/// The caller's accounts at OpenID providers, each a way to sign in.
#[utoipa::path(
    operation_id = "list_my_identities",
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's identities", body = IdentitiesOut),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/identities")]
pub async fn list_identities(
    app: web::Data<App>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(IdentitiesOut::from(
        app.identity().identities(caller.0).await?,
    )))
}

/// Link the holder of an ID token at a provider to the caller (verified as
/// `POST /v1/auth/oidc` verifies it), confirmed with the caller's password when the account
/// has one (a wrong one counts as a failed login): they may then sign in with it. A guest so
/// linked is a full account. 201 when newly linked, 200 when it was already the caller's.
#[utoipa::path(
    operation_id = "link_identity",
    tag = "players",
    security(("bearer" = [])),
    request_body = LinkIn,
    responses(
        (status = 200, description = "Already linked: the caller's identities", body = IdentitiesOut),
        (status = 201, description = "Linked: the caller's identities", body = IdentitiesOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`too_many_attempts`: the login throttle's, see `POST /v1/auth/login`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a password may be tried again"))),
        (status = 503, description = "`provider_unavailable`: the provider's discovery document or keys could not be fetched, or `busy`: every password-hashing slot stayed taken; the request changed nothing, see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    )
)]
#[post("/me/identities")]
pub async fn link_identity(
    app: web::Data<App>,
    caller: Caller,
    req: HttpRequest,
    body: web::Json<text::Object<LinkIn>>,
) -> Result<HttpResponse, ApiError> {
    let token = IdToken {
        provider: &body.provider,
        id_token: &body.id_token,
        nonce: body.nonce.as_deref(),
    };
    let linked = app
        .identity()
        .link_identity(
            caller.0,
            &token,
            body.password.as_deref(),
            client_addr(&req),
        )
        .await?;
    let mut response = if linked {
        HttpResponse::Created()
    } else {
        HttpResponse::Ok()
    };
    Ok(response.json(IdentitiesOut::from(
        app.identity().identities(caller.0).await?,
    )))
}

/// Unlink the caller's identity at a provider: it no longer signs them in. Refused (409
/// `last_sign_in_method`) when it is the account's only way in (no password, no other
/// identity).
#[utoipa::path(
    operation_id = "unlink_identity",
    tag = "players",
    security(("bearer" = [])),
    params(("provider" = String, Path, description = "The provider's name", min_length = 1, max_length = 32)),
    responses(
        (status = 204, description = "Unlinked"),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[delete("/me/identities/{provider}")]
pub async fn unlink_identity(
    app: web::Data<App>,
    caller: Caller,
    provider: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    app.identity().unlink_identity(caller.0, &provider).await?;
    Ok(HttpResponse::NoContent().finish())
}
