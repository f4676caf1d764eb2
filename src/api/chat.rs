//! Table talk: the catalogue of phrases and emotes, and what a table's players say.

use actix_web::{HttpResponse, get, post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, ChatTooFast, Forbidden, NotFound, Unauthorized, Unprocessable,
};
use super::paging::HistoryQuery;
use super::text;
use crate::app::kernel::ids::TableId;
use crate::app::social::chat::{ChatMessage, ChatPage, MAX_PAGE, PHRASES, PhrasesOut, Saying};
use crate::app::{App, ErrorCode};

/// The catalogue of phrases and emotes every league's tables may say, each a stable `key`
/// with its words (or an emote's name) in English, Chinese (zh-Hans), Japanese and Thai: a
/// client shows a phrase in its reader's language, whoever said it. Needs no sign-in.
#[utoipa::path(
    operation_id = "list_chat_phrases",
    tag = "chat",
    responses(
        (status = 200, description = "The catalogue", body = PhrasesOut),
    )
)]
#[get("/phrases")]
pub async fn phrases() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("cache-control", "public, max-age=3600"))
        .json(PhrasesOut { phrases: PHRASES })
}

/// What to say: exactly one of a phrase and free text.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatIn {
    /// A phrase's key, from `GET /v1/chat/phrases`.
    #[serde(default, deserialize_with = "text::plain_opt")]
    #[schema(max_length = 64, pattern = "^[a-z_]+$", example = "nice_hand")]
    pub phrase: Option<String>,
    /// Free text, at most 200 characters and not all spaces, where the league's `chat` is
    /// `text`: something in it shows (a letter, number, punctuation or symbol); no line or
    /// paragraph separator, format or private-use character, filler, nor more than 3
    /// combining marks in a row (422 `invalid_chat_message`; stored trimmed and
    /// NFC-normalised).
    #[serde(default, deserialize_with = "text::name_opt")]
    #[schema(
        max_length = 200,
        pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$"
    )]
    pub text: Option<String>,
}

/// Say something at the table (its seated players): a phrase of the catalogue, or free
/// text where the league's `chat` is `text`. The table's members read it with `GET
/// .../chat`; it never enters the table's event log or its audit. 403 `chat_not_allowed` when the league's chat
/// is `off`, or is `phrases` and this is text; 429 `chat_too_fast` beyond 5 messages in 10
/// seconds.
#[utoipa::path(
    operation_id = "say_in_chat",
    tag = "chat",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path)),
    request_body = ChatIn,
    responses(
        (status = 201, description = "Said", body = ChatMessage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, response = ChatTooFast),
    )
)]
#[post("/{table_id}/chat")]
pub async fn say(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<ChatIn>>,
) -> Result<HttpResponse, ApiError> {
    let ChatIn { phrase, text } = body.into_inner().0;
    let saying = match (phrase, text) {
        (Some(phrase), None) => Saying::Phrase(phrase),
        (None, Some(text)) => Saying::Text(text),
        _ => {
            return Err(ApiError::refused(
                ErrorCode::InvalidChatMessage,
                "send exactly one of `phrase` and `text`",
            ));
        }
    };
    let said = app
        .social()
        .say(caller.0, TableId(path.into_inner()), &saying)
        .await?;
    Ok(HttpResponse::Created().json(said))
}

/// The table's chat (members of its league), oldest first, cursor-paged.
#[utoipa::path(
    operation_id = "list_chat",
    tag = "chat",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), HistoryQuery),
    responses(
        (status = 200, description = "A page of the table's chat, oldest first", body = ChatPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{table_id}/chat")]
pub async fn list(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<HistoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let (after, limit) = query.page(MAX_PAGE)?;
    let page = app
        .social()
        .chat(caller.0, TableId(path.into_inner()), after, limit)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
