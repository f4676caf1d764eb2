//! The caller: balances per league, and the tables waiting for them.

use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::{Credentials, EmailIn};
use super::caller::{Caller, client_addr};
use super::error::{
    ApiError, BadRequest, Busy, Conflict, Forbidden, NotFound, Problem, Unauthorized, Unprocessable,
};
use super::paging::{MyTablesQuery, TimePageQuery, page_limit};
use super::text;
use crate::app::App;
use crate::app::identity::export::PlayerExport;
use crate::app::identity::mail::EmailState;
use crate::app::identity::profiles::{NewProfile, PublicProfile};
use crate::app::kernel::ids::PlayerId;
use crate::app::kernel::shown::{Avatar, Locale};
use crate::app::leagues::Role;
use crate::app::table::lobby::TablesPage;

#[derive(Debug, Serialize, ToSchema)]
pub struct LeagueBalance {
    /// The league's id.
    pub league_id: Uuid,
    /// The league's name.
    pub name: String,
    /// The caller's role there.
    pub role: Role,
    /// The caller's chips there.
    pub balance: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    /// The caller's player id.
    pub id: Uuid,
    /// Their username.
    pub username: String,
    /// A guest: no password yet (`POST /v1/players/me/upgrade` gives it one).
    pub guest: bool,
    /// The name they chose to be shown by; null when they chose none (the username shows).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none.
    pub avatar: Option<Avatar>,
    /// The language they read; null when they chose none (English for notifications).
    pub locale: Option<Locale>,
    /// Their IANA time zone; null when they chose none (UTC for notifications).
    pub time_zone: Option<String>,
    /// Their email (`PUT /v1/players/me/email`); null when they gave none.
    pub email: Option<String>,
    /// Whether `email` was confirmed with the code mailed to it (a password reset reaches
    /// verified addresses only).
    pub email_verified: bool,
    /// Whether the account has a password; without one (a guest, or an account signed in by
    /// providers only), `POST /v1/players/me/upgrade` gives it a username and password.
    pub has_password: bool,
    /// When the account was made.
    pub member_since: DateTime<Utc>,
    /// Their leagues, each with their role and balance.
    pub leagues: Vec<LeagueBalance>,
}

/// The caller, with a balance per league.
async fn me_with_balances(app: &App, caller: Caller) -> Result<Me, ApiError> {
    let profile = app.identity().profile(caller.0).await?;
    let leagues = app
        .leagues()
        .memberships(caller.0)
        .await?
        .into_iter()
        .map(|m| LeagueBalance {
            league_id: m.league_id.0,
            name: m.league_name,
            role: m.role,
            balance: m.balance,
        })
        .collect();
    Ok(Me {
        id: profile.id.0,
        username: profile.username,
        guest: profile.guest,
        display_name: profile.display_name,
        avatar: profile.avatar,
        locale: profile.locale,
        time_zone: profile.time_zone,
        email: profile.email,
        email_verified: profile.email_verified,
        has_password: profile.has_password,
        member_since: profile.created_at,
        leagues,
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Turn {
    /// The table.
    pub table_id: Uuid,
    /// The table's league.
    pub league_id: Uuid,
    /// The table's name.
    pub name: String,
    /// The hand in play.
    pub hand_no: i32,
    /// The table's version (the seq of its last event), for `expected_version`.
    pub version: i64,
    /// When the turn times out (the table's time to act after the turn began).
    pub deadline: DateTime<Utc>,
}

/// A page of the caller's turns.
#[derive(Debug, Serialize, ToSchema)]
pub struct TurnsPage {
    /// The tables where the caller is to act, oldest deadline first.
    pub turns: Vec<Turn>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// The caller, with a balance per league.
#[utoipa::path(
    operation_id = "get_me",
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller, with a balance per league", body = Me),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me")]
pub async fn me(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(me_with_balances(&app, caller).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileChange {
    /// 1 to 32 characters once trimmed and NFC-normalised, shown beside (or in place of) the
    /// username; null clears it. At least one letter or digit, and nothing invisible: no
    /// line or paragraph separator, format, private-use or default-ignorable character
    /// (variation selectors, joiners, fillers), nor more than 3 combining marks in a row
    /// (422 `invalid_display_name`).
    #[serde(default, deserialize_with = "text::name_or_null")]
    #[schema(value_type = Option<String>, nullable, min_length = 1, max_length = 32,
             pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$")]
    pub display_name: Option<Option<String>>,
    /// An avatar of the built-in set; null clears it.
    #[serde(default, deserialize_with = "text::or_null")]
    #[schema(value_type = Option<Avatar>, nullable)]
    pub avatar: Option<Option<Avatar>>,
    /// The language notifications (and the web client) use; null clears it.
    #[serde(default, deserialize_with = "text::or_null")]
    #[schema(value_type = Option<Locale>, nullable)]
    pub locale: Option<Option<Locale>>,
    /// An IANA time zone name (`America/Chicago`); null clears it.
    #[serde(default, deserialize_with = "text::plain_or_null")]
    #[schema(value_type = Option<String>, nullable, max_length = 64, example = "America/Chicago",
             pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub time_zone: Option<Option<String>>,
}

/// Change the caller's profile: each field sent is set (null clears it), each field left out
/// stays as it is. The whole change is checked before any of it is made. A new display name
/// or avatar shows at the caller's tables, in standings and in notifications from then on.
#[utoipa::path(
    operation_id = "update_me",
    tag = "players",
    security(("bearer" = [])),
    request_body = ProfileChange,
    responses(
        (status = 200, description = "The caller after the change", body = Me),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 422, response = Unprocessable),
    )
)]
#[patch("/me")]
pub async fn update_me(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<ProfileChange>>,
) -> Result<HttpResponse, ApiError> {
    let text::Object(change) = body.into_inner();
    app.identity()
        .update_profile(
            caller.0,
            &NewProfile {
                display_name: change.display_name,
                avatar: change.avatar,
                locale: change.locale,
                time_zone: change.time_zone,
            },
        )
        .await?;
    Ok(HttpResponse::Ok().json(me_with_balances(&app, caller).await?))
}

/// Give the caller's account, a guest or one signed in by providers only, this username and
/// password, keeping everything: id, memberships, seats, chips, history and sessions. A
/// guest becomes a full account. 409 `not_a_guest` when the account has a password already.
#[utoipa::path(
    operation_id = "upgrade_guest",
    tag = "players",
    security(("bearer" = [])),
    request_body = Credentials,
    responses(
        (status = 200, description = "The caller, with a password (no longer a guest)", body = Me),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 503, response = Busy),
    )
)]
#[post("/me/upgrade")]
pub async fn upgrade(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<Credentials>>,
) -> Result<HttpResponse, ApiError> {
    app.identity()
        .upgrade_guest(caller.0, &body.username, &body.password)
        .await?;
    Ok(HttpResponse::Ok().json(me_with_balances(&app, caller).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailOut {
    /// The caller's email, lower-cased.
    pub email: String,
    /// Whether it was confirmed with the code mailed to it.
    pub verified: bool,
    /// When the code mailed to it stops working; null once verified.
    pub code_expires_at: Option<DateTime<Utc>>,
}

impl From<EmailState> for EmailOut {
    fn from(state: EmailState) -> EmailOut {
        EmailOut {
            email: state.email,
            verified: state.verified,
            code_expires_at: state.code_expires_at,
        }
    }
}

/// Set the caller's email, not yet verified, and mail a six-digit code to it (good for 15
/// minutes, once); `POST /v1/players/me/email/verify` confirms it. At most
/// `BOURRE_MAIL_PER_HOUR` (default 5) codes an hour to one account and to one address.
#[utoipa::path(
    operation_id = "set_my_email",
    tag = "players",
    security(("bearer" = [])),
    request_body = EmailIn,
    responses(
        (status = 202, description = "Set; the code is on its way (none when this is the caller's verified address already: `verified` is true)", body = EmailOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many codes mailed to this account or this address this hour; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[put("/me/email")]
pub async fn set_email(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<EmailIn>>,
) -> Result<HttpResponse, ApiError> {
    let state = app.identity().set_email(caller.0, &body.email).await?;
    Ok(HttpResponse::Accepted().json(EmailOut::from(state)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CodeIn {
    /// The six digits mailed.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        max_length = 32,
        example = "042917",
        pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$"
    )]
    pub code: String,
}

/// Confirm the caller's email with the code mailed to it.
#[utoipa::path(
    operation_id = "verify_my_email",
    tag = "players",
    security(("bearer" = [])),
    request_body = CodeIn,
    responses(
        (status = 200, description = "Verified", body = EmailOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
    )
)]
#[post("/me/email/verify")]
pub async fn verify_email(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<CodeIn>>,
) -> Result<HttpResponse, ApiError> {
    let state = app.identity().verify_email(caller.0, &body.code).await?;
    Ok(HttpResponse::Ok().json(EmailOut::from(state)))
}

/// A player's public profile: display name, avatar, when they joined, and how they do in each
/// league the caller shares with them. Only for players who share a league with the caller
/// (404 `player_not_found` otherwise, as for an unknown id).
#[utoipa::path(
    operation_id = "get_player",
    tag = "players",
    security(("bearer" = [])),
    params(("player_id" = Uuid, Path, description = "The player")),
    responses(
        (status = 200, description = "The player's public profile", body = PublicProfile),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
    )
)]
#[get("/{player_id}")]
pub async fn player_profile(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let profile = app
        .identity()
        .public_profile(caller.0, PlayerId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(profile))
}

/// Tables where the caller is to act, oldest deadline first, paged.
#[utoipa::path(
    operation_id = "list_my_turns",
    tag = "players",
    security(("bearer" = [])),
    params(TimePageQuery),
    responses(
        (status = 200, description = "A page of the tables where the caller is to act, oldest deadline first", body = TurnsPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/turns")]
pub async fn turns(
    app: web::Data<App>,
    caller: Caller,
    query: web::Query<TimePageQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let (rows, next_cursor) = app
        .table()
        .turns(caller.0, query.after.as_deref(), limit)
        .await?;
    let turns = rows
        .into_iter()
        .map(|t| Turn {
            table_id: t.id,
            league_id: t.league_id,
            name: t.name,
            hand_no: t.hand_no,
            version: t.version,
            deadline: t.deadline.unwrap_or_default(),
        })
        .collect();
    Ok(HttpResponse::Ok().json(TurnsPage { turns, next_cursor }))
}

/// The tables where the caller sits, with whether it is their turn there.
#[utoipa::path(
    operation_id = "list_my_tables",
    tag = "players",
    security(("bearer" = [])),
    params(MyTablesQuery),
    responses(
        (status = 200, description = "A page of the tables where the caller sits", body = TablesPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/tables")]
pub async fn tables(
    app: web::Data<App>,
    caller: Caller,
    query: web::Query<MyTablesQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let page = app
        .table()
        .my_tables(caller.0, query.after.as_deref(), limit)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Everything stored about the caller, as JSON: the account, memberships, join requests,
/// seats, every ledger entry to or from them, stored idempotency replies and counted failed
/// logins. (Hand records are the tables': `GET /v1/tables/{id}/hands`.)
#[utoipa::path(
    operation_id = "export_my_data",
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Everything stored about the caller", body = PlayerExport),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/export")]
pub async fn export(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let export = app.identity().export(caller.0).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"bourre-export.json\"",
        ))
        .json(export))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The caller's password now, checked as a login would check it.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub current_password: String,
    /// 8 to 128 characters, no control characters.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub new_password: String,
}

/// Change the caller's password. Every other session of theirs ends; this one goes on.
/// A wrong current password counts as a failed login of the account.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "Changed"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`too_many_attempts`: the login throttle's, see `POST /v1/auth/login`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a password may be tried again"))),
        (status = 503, response = Busy),
    )
)]
#[put("/me/password")]
pub async fn change_password(
    app: web::Data<App>,
    caller: Caller,
    req: HttpRequest,
    body: web::Json<text::Object<PasswordChange>>,
) -> Result<HttpResponse, ApiError> {
    app.identity()
        .change_password(
            caller.1,
            &body.current_password,
            &body.new_password,
            client_addr(&req),
        )
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountDeletion {
    /// The caller's password, checked as a login would check it; required when the account
    /// has one, left out when it has none (a guest).
    #[serde(default, deserialize_with = "text::plain_opt")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub password: Option<String>,
}

/// Delete the caller's account. Refused while they are dealt into a hand (409
/// `hand_in_progress`). Otherwise they stand up from every table, their username and
/// credentials are erased and every session of theirs ends. Their chips stay in the
/// ledger and their hands in the tables' logs, which still audit: records name them
/// "deleted player". The username becomes free.
#[utoipa::path(
    operation_id = "delete_my_account",
    tag = "players",
    security(("bearer" = [])),
    request_body = AccountDeletion,
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 409, response = Conflict),
        (status = 429, description = "`too_many_attempts`: the login throttle's, see `POST /v1/auth/login`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a password may be tried again"))),
        (status = 503, response = Busy),
    )
)]
#[delete("/me")]
pub async fn delete_me(
    app: web::Data<App>,
    caller: Caller,
    req: HttpRequest,
    body: web::Json<text::Object<AccountDeletion>>,
) -> Result<HttpResponse, ApiError> {
    app.identity()
        .delete_account(caller.1, body.password.as_deref(), client_addr(&req))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
