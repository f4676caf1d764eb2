//! Leagues: create, join, read and change one, and the lists that find them (a league's
//! admins' work in [`admin`], its books in [`books`]).

pub mod admin;
pub mod books;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::caller::{Caller, client_addr};
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Problem, QuotaExceeded, Unauthorized,
    Unprocessable,
};
use super::idempotency::{KeyHeader, key_from, respond};
use super::paging::{ListQuery, TimePageQuery, page_limit};
use super::text;
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::kernel::idempotency::Reply;
use crate::app::kernel::ids::LeagueId;
use crate::app::leagues::ChatPolicy;
use crate::app::leagues::admin::Season;
use crate::app::leagues::discovery::{LeaguesPage, MembersPage};
use crate::app::leagues::{
    Invitation, Invite, JoinPolicy, JoinRequest, Joined, LeagueView, Policies, Role,
};
use crate::app::table::lobby::TableFilter;
use crate::app::table::lobby::TablesPage;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLeague {
    /// At most 80 characters, not all spaces: no control characters, bidirectional
    /// controls or zero-width characters (surrounding spaces are trimmed).
    #[serde(deserialize_with = "text::name")]
    #[schema(
        pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$",
        max_length = 80
    )]
    pub name: String,
    /// Chips credited to every member on joining (from the league's treasury).
    #[serde(deserialize_with = "text::whole")]
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    pub starting_balance: i64,
    /// `open` (default): the invite code makes a member; `approval`: it makes a join
    /// request that an admin approves.
    #[serde(default)]
    pub join_policy: JoinPolicy,
    /// What the league's tables may say (`phrases` by default); admins change it later with
    /// `PATCH /v1/leagues/{league_id}`.
    #[serde(default)]
    pub chat: ChatPolicy,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinLeague {
    /// The league's invite code, from an admin or an invite link.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub invite_code: String,
}

/// Create a league; the caller becomes its admin and first member.
#[utoipa::path(
    operation_id = "create_league",
    tag = "leagues",
    security(("bearer" = [])),
    params(KeyHeader),
    request_body = NewLeague,
    responses(
        (status = 201, description = "Created: the caller is its admin and first member", body = LeagueView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`quota_exceeded`: the caller created their most leagues in the last 24 hours (`BOURRE_LEAGUES_PER_DAY`, default 20), or, with an `Idempotency-Key`, has their most replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("")]
pub async fn create(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<NewLeague>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let request = json!({
        "name": body.name, "starting_balance": body.starting_balance,
        "join_policy": body.join_policy,
    });
    let key = key_from(&req, "create_league", &request)?;
    let reply = app
        .leagues()
        .create_league(
            caller.0,
            &body.name,
            body.starting_balance,
            Policies {
                join: body.join_policy,
                chat: body.chat,
            },
            key,
        )
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// Join a league with its invite code: in an `open` league, a member now with the starting
/// balance credited (201); in an `approval` league, a join request an admin decides on
/// (202), with no chips meanwhile. Invite codes may expire or be good for a number of
/// joins.
#[utoipa::path(
    operation_id = "join_league",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), KeyHeader),
    request_body = JoinLeague,
    responses(
        (status = 201, description = "A member now", body = LeagueView),
        (status = 202, description = "Asked: an admin decides", body = JoinRequest),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many joins from the client's address this hour (`BOURRE_JOINS_PER_HOUR`, default 60), see `Retry-After`; or `quota_exceeded`: with an `Idempotency-Key`, the caller has their most replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000)", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[post("/{league_id}/members")]
pub async fn join(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<JoinLeague>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let league = path.into_inner();
    let key = key_from(
        &req,
        "join",
        &json!({"league": league, "invite_code": body.invite_code}),
    )?;
    let reply = app
        .leagues()
        .join_league(
            caller.0,
            Invitation::To(LeagueId(league)),
            &body.invite_code,
            key,
            client_addr(&req),
        )
        .await?;
    Ok(respond_joined(reply))
}

/// Join whichever league has this invite code, as an invite link (`/join/<code>`) does:
/// the same as `POST /v1/leagues/{league_id}/members` without knowing the league. A code no
/// league has is 403 `wrong_invite_code`, and counts in the same hourly limit.
#[utoipa::path(
    operation_id = "join_league_by_code",
    tag = "leagues",
    security(("bearer" = [])),
    params(KeyHeader),
    request_body = JoinLeague,
    responses(
        (status = 201, description = "A member now", body = LeagueView),
        (status = 202, description = "Asked: an admin decides", body = JoinRequest),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many joins from the client's address this hour (`BOURRE_JOINS_PER_HOUR`, default 60), see `Retry-After`; or `quota_exceeded`: with an `Idempotency-Key`, the caller has their most replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000)", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[post("/join")]
pub async fn join_by_code(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<JoinLeague>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let key = key_from(
        &req,
        "join_by_code",
        &json!({"invite_code": body.invite_code}),
    )?;
    let reply = app
        .leagues()
        .join_league(
            caller.0,
            Invitation::Code,
            &body.invite_code,
            key,
            client_addr(&req),
        )
        .await?;
    Ok(respond_joined(reply))
}

/// What an invite code opens: the league's name, who invited, and whether joining makes a
/// member or a request. Needs no sign-in (an invite link's page shows it before), and
/// counts in the same hourly limit per address as joins. A code no league has, expired or
/// used up is 403 `wrong_invite_code`.
#[utoipa::path(
    operation_id = "get_invite",
    tag = "leagues",
    params(("code" = String, Path, description = "The invite code, as in an invite link (`/join/<code>`); case does not matter", min_length = 1, max_length = 40)),
    responses(
        (status = 200, description = "What the code opens", body = Invite),
        (status = 400, response = BadRequest),
        (status = 403, response = Forbidden),
        (status = 409, response = Conflict),
        (status = 429, description = "`rate_limited`: too many joins and invite look-ups from the client's address this hour (`BOURRE_JOINS_PER_HOUR`, default 60), see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[get("/{code}")]
pub async fn invite(
    app: web::Data<App>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let invite = app
        .leagues()
        .invite(&path.into_inner(), client_addr(&req))
        .await?;
    Ok(HttpResponse::Ok().json(invite))
}

/// 201 for a member, 202 for a join request waiting for an admin.
fn respond_joined(reply: Reply<Joined>) -> HttpResponse {
    let status = match &reply {
        Reply::Fresh(Joined::Pending(_)) => StatusCode::ACCEPTED,
        _ => StatusCode::CREATED,
    };
    respond(reply, status)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeagueDetail {
    #[serde(flatten)]
    pub league: LeagueView,
    /// The caller's role.
    pub role: Role,
    pub seasons: Vec<Season>,
}

/// The league, to its members.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The league, the caller's role and its seasons", body = LeagueDetail),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}")]
pub async fn get_league(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let (league, role, seasons) = app
        .leagues()
        .league(caller.0, LeagueId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(LeagueDetail {
        league,
        role,
        seasons,
    }))
}

/// A change to a league's settings: what is left out stays as it is.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(min_properties = 1)]
pub struct LeagueChange {
    /// What the league's tables may say: `phrases` (the catalogue only), `text` (free text
    /// too) or `off`.
    #[serde(default, deserialize_with = "text::not_null")]
    #[schema(nullable = false)]
    pub chat: Option<ChatPolicy>,
    /// Whether members watching a table (not seated at it) may talk at it too.
    #[serde(default, deserialize_with = "text::not_null")]
    #[schema(nullable = false)]
    pub watchers_chat: Option<bool>,
}

/// Change the league's settings (admins): what its tables may say, and who. A change is
/// recorded in the league's history (`chat_policy_changed`, with who made it).
#[utoipa::path(
    operation_id = "update_league",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    request_body = LeagueChange,
    responses(
        (status = 200, description = "The league as it is now", body = LeagueView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[patch("/{league_id}")]
pub async fn update_league(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<LeagueChange>>,
) -> Result<HttpResponse, ApiError> {
    let change = body.into_inner().0;
    if change.chat.is_none() && change.watchers_chat.is_none() {
        return Err(ApiError::refused(
            ErrorCode::MalformedBody,
            "a change names chat, watchers_chat or both",
        ));
    }
    let league = app
        .leagues()
        .set_league_chat(
            caller.0,
            LeagueId(path.into_inner()),
            change.chat,
            change.watchers_chat,
        )
        .await?;
    Ok(HttpResponse::Ok().json(league))
}

/// What a new invite code is good for (each unlimited when left out).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InviteLimits {
    /// Seconds the code works for.
    #[serde(default, deserialize_with = "text::whole_or_null")]
    #[schema(minimum = 60, maximum = 2_592_000)]
    pub expires_in_secs: Option<i64>,
    /// Joins the code works for (1: a single-use invite).
    #[serde(default, deserialize_with = "text::whole_or_null")]
    #[schema(minimum = 1, maximum = 10_000)]
    pub max_uses: Option<i32>,
}

/// Rotate the invite code (admins): the old code stops working. The body (optional) limits
/// the new one: an expiry, a number of joins.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), KeyHeader),
    request_body(content = Option<InviteLimits>, content_type = "application/json"),
    responses(
        (status = 200, description = "The league with its new invite code", body = LeagueView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{league_id}/invite-code")]
pub async fn rotate_invite_code(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let league = path.into_inner();
    let limits: InviteLimits = super::text::optional_body(body).await?;
    let request = json!({
        "league": league, "expires_in_secs": limits.expires_in_secs,
        "max_uses": limits.max_uses,
    });
    let key = key_from(&req, "rotate_invite_code", &request)?;
    let reply = app
        .leagues()
        .rotate_invite_code(
            caller.0,
            LeagueId(league),
            limits.expires_in_secs,
            limits.max_uses,
            key,
        )
        .await?;
    Ok(respond(reply, StatusCode::OK))
}

/// The caller's leagues with their role and balance, in the order they joined.
#[utoipa::path(
    operation_id = "list_my_leagues",
    tag = "leagues",
    security(("bearer" = [])),
    params(TimePageQuery),
    responses(
        (status = 200, description = "A page of the caller's leagues", body = LeaguesPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[get("")]
pub async fn list_mine(
    app: web::Data<App>,
    caller: Caller,
    query: web::Query<TimePageQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let page = app
        .leagues()
        .my_leagues(caller.0, query.after.as_deref(), limit)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// The league's members with role, balance and the table where they sit, by username
/// (members).
#[utoipa::path(
    operation_id = "list_league_members",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ListQuery),
    responses(
        (status = 200, description = "A page of the league's members", body = MembersPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/members")]
pub async fn members(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = app
        .leagues()
        .members(
            caller.0,
            LeagueId(path.into_inner()),
            query.after.as_deref(),
            page_limit(query.after.as_deref(), query.limit)?,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Which tables a lobby lists.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableListStatus {
    /// Waiting or playing.
    Open,
    Waiting,
    Playing,
    Closed,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TablesQuery {
    /// Only tables in this state (default: all, open ones first).
    #[param(inline)]
    pub status: Option<TableListStatus>,
    /// A `next_cursor` of the list (default: from the start).
    #[param(
        pattern = "^[01]~[0-9]{1,18}~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
    )]
    pub after: Option<String>,
    /// Items per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// The league's tables, the lobby (members): name, status, rules, seats taken, hand, whose
/// turn and its deadline; open tables first, then oldest first.
#[utoipa::path(
    operation_id = "list_league_tables",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), TablesQuery),
    responses(
        (status = 200, description = "A page of the league's tables, open first", body = TablesPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/tables")]
pub async fn tables(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<TablesQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let filter = match query.status {
        None => TableFilter::All,
        Some(TableListStatus::Open) => TableFilter::Open,
        Some(TableListStatus::Waiting) => TableFilter::Waiting,
        Some(TableListStatus::Playing) => TableFilter::Playing,
        Some(TableListStatus::Closed) => TableFilter::Closed,
    };
    let page = app
        .table()
        .league_tables(
            caller.0,
            LeagueId(path.into_inner()),
            filter,
            query.after.as_deref(),
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
