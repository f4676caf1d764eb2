//! Tables: create, view, sit, stand, start a hand, act, close (what watchers read: [`watch`]).

pub mod watch;

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Problem, QuotaExceeded, Unauthorized,
    Unprocessable,
};
use super::idempotency::{KeyHeader, key_from, respond};
use super::text;
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::kernel::ids::{LeagueId, TableId};
use crate::app::table::commands::create::NewTable;
use crate::app::table::view::TableView;
use crate::engine::TableRules;
use crate::engine::{Action, Card, CardSet};
use actix_web::http::StatusCode;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The league to create the table in (the caller is a member).
    pub league_id: Uuid,
    /// At most 80 characters, not all spaces: no control characters, bidirectional
    /// controls or zero-width characters (surrounding spaces are trimmed).
    #[serde(deserialize_with = "text::name")]
    #[schema(
        pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$",
        max_length = 80
    )]
    pub name: String,
    /// Validated on arrival: refused with 422 `invalid_rules` naming the field.
    #[schema(value_type = TableRules)]
    pub rules: Value,
    /// Fixed decks, top first (R4a), for hands 1, 2, ...; only with BOURRE_ALLOW_FIXED_DECK=1.
    #[serde(default)]
    pub decks: Option<Vec<Vec<String>>>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SitDown {
    /// A free seat; the lowest free seat when absent.
    #[serde(default, deserialize_with = "text::whole_or_null")]
    #[schema(maximum = 7)]
    pub seat: Option<u8>,
}

/// A card as the document states it.
pub struct CardText;

impl utoipa::PartialSchema for CardText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .pattern(Some("^(10|[2-9JQKA])[CDHS]$"))
            .description(Some(
                "A rank (2-10, J, Q, K, A) and a suit (C, D, H, S), such as `10H` or `AS` (also \
                 read in lower case, and with T for 10)",
            ))
            .into()
    }
}

impl utoipa::ToSchema for CardText {}

/// An action (docs/rules.md, R5-R9).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionIn {
    /// Pass or play; in sequential declaration a player who plays lists the discards
    /// (none = stand).
    Declare {
        /// `true` to play, `false` to pass (R5).
        play: bool,
        /// Cards such as `10H` or `AS`, each once.
        #[serde(default)]
        #[schema(max_items = 52, inline, value_type = Option<Vec<CardText>>)]
        discard: Option<Vec<String>>,
    },
    /// With `simultaneous_declare`: discard and draw, in turn.
    Draw {
        /// Cards such as `10H` or `AS`, each once.
        #[schema(max_items = 52, inline, value_type = Vec<CardText>)]
        discard: Vec<String>,
    },
    /// Play a card.
    Play {
        /// The card to play to the trick (R9).
        #[schema(value_type = CardText)]
        card: String,
    },
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActIn {
    /// The table version the client saw; a stale one gets 409 `version_conflict`.
    #[serde(default, deserialize_with = "text::whole_or_null")]
    pub expected_version: Option<i64>,
    /// What the caller does: declare, draw or play.
    pub action: ActionIn,
}

fn parse_card(text: &str) -> Result<Card, ApiError> {
    text.parse::<Card>()
        .map_err(|e| ApiError::refused(ErrorCode::InvalidCard, e.to_string()))
}

fn parse_cards(list: &[String]) -> Result<CardSet, ApiError> {
    let cards: Vec<Card> = list
        .iter()
        .map(|c| parse_card(c))
        .collect::<Result<_, _>>()?;
    let set: CardSet = cards.iter().copied().collect();
    if set.len() != cards.len() {
        return Err(ApiError::refused(
            ErrorCode::InvalidCard,
            "a card is listed twice",
        ));
    }
    Ok(set)
}

impl ActionIn {
    fn to_engine(&self) -> Result<Action, ApiError> {
        Ok(match self {
            ActionIn::Declare { play, discard } => Action::Declare {
                play: *play,
                discard: discard.as_deref().map(parse_cards).transpose()?,
            },
            ActionIn::Draw { discard } => Action::Draw {
                discard: parse_cards(discard)?,
            },
            ActionIn::Play { card } => Action::Play {
                card: parse_card(card)?,
            },
        })
    }
}

/// Create a table in a league the caller belongs to.
#[utoipa::path(
    operation_id = "create_table",
    tag = "tables",
    security(("bearer" = [])),
    params(KeyHeader),
    request_body = CreateTable,
    responses(
        (status = 201, description = "Created: the caller's view of the new table", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`quota_exceeded`: the caller created their most tables in the last 24 hours (`BOURRE_TABLES_PER_DAY`, default 100), or, with an `Idempotency-Key`, has their most replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("")]
pub async fn create(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<CreateTable>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    let request = json!({
        "league_id": body.league_id, "name": body.name, "rules": body.rules, "decks": body.decks,
    });
    let key = key_from(&req, "create_table", &request)?;
    let reply = app
        .table()
        .create_table(
            caller.0,
            NewTable {
                league_id: LeagueId(body.league_id),
                name: body.name,
                rules: body.rules,
                decks: body.decks,
            },
            key,
        )
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// The table as the caller sees it: own cards only, legal actions, the trick in play. With
/// `If-None-Match` naming its current `ETag`, 304 and no body.
#[utoipa::path(
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), ("If-None-Match" = Option<String>, Header, description = "An `ETag` of an earlier answer: 304 when the view is unchanged")),
    responses(
        (status = 200, description = "The table as the caller sees it", body = TableView, headers(("ETag" = String, description = "Changes whenever the caller's view may"))),
        (status = 304, description = "Unchanged since the `ETag` sent", headers(("ETag" = String))),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{table_id}")]
pub async fn get_table(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (view, tag) = app
        .table()
        .table_view(caller.0, TableId(path.into_inner()))
        .await?;
    let unchanged = req
        .headers()
        .get_all(actix_web::http::header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| {
            let t = t.trim();
            t == "*" || t.trim_start_matches("W/") == tag
        });
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((actix_web::http::header::ETAG, tag))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "private, no-cache"));
    Ok(if unchanged {
        response.finish()
    } else {
        response.json(view)
    })
}

/// Sit down (league members only; one table per league at a time).
#[utoipa::path(
    operation_id = "take_seat",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), KeyHeader),
    request_body(content = Option<SitDown>, content_type = "application/json", description = "Optional"),
    responses(
        (status = 201, description = "Seated: the caller's view of the table", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{table_id}/seats")]
pub async fn sit(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Payload,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let table = path.into_inner();
    let seat = text::optional_body::<SitDown>(body).await?.seat;
    let key = key_from(&req, "sit", &json!({"table": table, "seat": seat}))?;
    let reply = app.table().sit(caller.0, TableId(table), seat, key).await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// Stand up, between hands (or while sitting a hand out).
#[utoipa::path(
    operation_id = "leave_seat",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path)),
    responses(
        (status = 200, description = "Stood up: the caller's view of the table", body = TableView),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[delete("/{table_id}/seats/me")]
pub async fn stand(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let view = app
        .table()
        .stand(caller.0, TableId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Start the next hand: antes, deal, trump (a seated player).
#[utoipa::path(
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), KeyHeader),
    responses(
        (status = 201, description = "Dealt: the caller's view of the new hand", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{table_id}/hands")]
pub async fn start_hand(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let table = path.into_inner();
    let key = key_from(&req, "start_hand", &json!({"table": table}))?;
    let reply = app
        .table()
        .start_hand(caller.0, TableId(table), key)
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// Act: declare, draw or play. Refusals name the rule (R9f codes).
#[utoipa::path(
    operation_id = "submit_action",
    tag = "tables",
    security(("bearer" = [])),
    params(
        ("table_id" = Uuid, Path),
        ("Idempotency-Key" = Option<String>, Header, description = "Retries with the same key act once and get the stored response (kept 24 hours); the same key with another request gets 422 `idempotency_key_reused`"),
    ),
    request_body = ActIn,
    responses(
        (status = 200, description = "Done: the caller's view of the table after the action", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{table_id}/actions")]
pub async fn act(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<ActIn>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let table = path.into_inner();
    let action = body.action.to_engine()?;
    let request = json!({
        "table": table, "expected_version": body.expected_version, "action": action,
    });
    let key = key_from(&req, "act", &request)?;
    let reply = app
        .table()
        .act(caller.0, TableId(table), body.expected_version, action, key)
        .await?;
    Ok(respond(reply, StatusCode::OK))
}

/// Close the table between hands (its creator or a league admin): the pot goes back to
/// the players seated (R10e) and everyone stands up.
#[utoipa::path(
    operation_id = "close_table",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), KeyHeader),
    responses(
        (status = 200, description = "Closed: the caller's view of the table", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{table_id}/close")]
pub async fn close(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let table = path.into_inner();
    let key = key_from(&req, "close", &json!({"table": table}))?;
    let reply = app
        .table()
        .close_table(caller.0, TableId(table), key)
        .await?;
    Ok(respond(reply, StatusCode::OK))
}
