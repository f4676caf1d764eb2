//! What a table's watchers read: its events (a page, or a long-poll for the next), its
//! updates, and its stream.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::super::caller::Caller;
use super::super::error::{
    ApiError, BadRequest, Forbidden, NotFound, TooManyStreams, Unauthorized,
};
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::identity::sessions::{StreamTicket, next_session_recheck};
use crate::app::kernel::drain::Stage;
use crate::app::kernel::ids::TableId;
use crate::app::live::events::{MAX_PAGE, Poll, Updates};
use crate::app::live::feeds::Delivery;
use crate::app::social::chat::ChatMessage;
use crate::app::table::view::EventOut;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// Return events with a seq greater than this (default 0).
    #[serde(default)]
    pub after: Option<i64>,
    /// Wait up to this many seconds (at most 60) for a new event when there is none.
    #[serde(default)]
    #[param(maximum = 60)]
    pub wait: Option<u64>,
    /// Most events to return (default and maximum 500).
    #[serde(default)]
    pub limit: Option<i64>,
}

impl EventsQuery {
    /// What the query asks for, until the caller's token expires.
    fn poll(&self, caller: &Caller) -> Poll {
        Poll {
            after: self.after.unwrap_or(0).max(0),
            wait: self.wait.unwrap_or(0),
            limit: self.limit.unwrap_or(MAX_PAGE),
            until: caller.expiry(),
            chat_after: None,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UpdatesQuery {
    /// Return events with a seq greater than this (default 0).
    #[serde(default)]
    pub after: Option<i64>,
    /// Wait up to this many seconds (at most 60) for a new event (or chat message, with
    /// `chat_after`) when there is none.
    #[serde(default)]
    #[param(maximum = 60)]
    pub wait: Option<u64>,
    /// Most events to return (default and maximum 500), and most chat messages.
    #[serde(default)]
    pub limit: Option<i64>,
    /// Also return the table's chat messages with an id greater than this (0: from the
    /// oldest kept), said after the events returned at the latest; without it, no chat.
    #[serde(default)]
    #[param(minimum = 0)]
    pub chat_after: Option<i64>,
}

impl UpdatesQuery {
    /// What the query asks for, until the caller's token expires.
    fn poll(&self, caller: &Caller) -> Result<Poll, ApiError> {
        Ok(Poll {
            chat_after: chat_cursor(self.chat_after)?,
            ..EventsQuery {
                after: self.after,
                wait: self.wait,
                limit: self.limit,
            }
            .poll(caller)
        })
    }
}

/// A `chat_after` as sent: 400 `invalid_query` when negative.
fn chat_cursor(chat_after: Option<i64>) -> Result<Option<i64>, ApiError> {
    match chat_after {
        Some(c) if c < 0 => Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            "chat_after is a message's id, 0 or more",
        )),
        other => Ok(other),
    }
}

/// The caller's view of the table's events after `after`; long-polls up to `wait` seconds.
#[utoipa::path(
    operation_id = "list_table_events",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), EventsQuery),
    responses(
        (status = 200, description = "The caller's events after `after`, redacted for them, oldest first", body = Vec<EventOut>),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 429, response = TooManyStreams),
    )
)]
#[get("/{table_id}/events")]
pub async fn events(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<EventsQuery>,
) -> Result<HttpResponse, ApiError> {
    let events = app
        .live()
        .events(caller.0, TableId(path.into_inner()), query.poll(&caller))
        .await?;
    Ok(HttpResponse::Ok().json(events))
}

/// A long-poll that follows a table without refetching it: the caller's events after
/// `after` (waiting up to `wait` seconds when there is none, as `GET .../events`) and,
/// when they reach the table's version, the caller's view of the table after them (as
/// `GET /v1/tables/{table_id}`); with `chat_after`, also the table's chat messages said
/// since (it then waits for either). Ask again with `after` = the last event's seq and
/// `chat_after` = the last message's id.
#[utoipa::path(
    operation_id = "list_table_updates",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), UpdatesQuery),
    responses(
        (status = 200, description = "The caller's events after `after`, and their view of the table after them when the events reach its version", body = Updates),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 429, response = TooManyStreams),
    )
)]
#[get("/{table_id}/updates")]
pub async fn updates(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<UpdatesQuery>,
) -> Result<HttpResponse, ApiError> {
    let updates = app
        .live()
        .updates(caller.0, TableId(path.into_inner()), query.poll(&caller)?)
        .await?;
    Ok(HttpResponse::Ok().json(updates))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Start after this seq when no `Last-Event-ID` header is sent (default 0: every event).
    #[serde(default)]
    pub after: Option<i64>,
    /// A stream ticket for this table (`POST .../stream-ticket`), in place of the
    /// `Authorization` header a browser's `EventSource` cannot send. Never logged.
    #[param(max_length = 2000)]
    pub ticket: Option<String>,
    /// Give the table's chat messages with an id greater than this (default: those said
    /// once the stream is open); each `event: chat` follows the event it was said after.
    #[serde(default)]
    #[param(minimum = 0)]
    pub chat_after: Option<i64>,
}

/// A short-lived ticket for this table's stream, for a browser's `EventSource` (which
/// cannot send `Authorization`): `GET .../stream?ticket=...` accepts it for 5 minutes
/// (reconnects included), and the stream lasts as long as the token the ticket was issued
/// for (members only).
#[utoipa::path(
    operation_id = "create_stream_ticket",
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path)),
    responses(
        (status = 201, description = "A ticket for the table's stream", body = StreamTicket),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[post("/{table_id}/stream-ticket")]
pub async fn stream_ticket(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let ticket = app
        .identity()
        .stream_ticket(caller.1, TableId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Created().json(ticket))
}

/// What a stream's last frame says when its process stops: reconnect in a second.
const RECONNECT: &[u8] = b"retry: 1000\n: this server is restarting: reconnect\n\n";

/// A comment line sent when nothing happened for this long (or sooner, when the stream
/// looks at its session), so proxies keep the stream open.
const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(15);

/// The frames of `events` and of the chat messages said among them (each after the event
/// it was said after, and without an `id:`, so that a reconnecting client resumes after
/// the last event).
fn sse_frames(
    page: &[EventOut],
    chat: &[ChatMessage],
    hidden: &[i64],
) -> Result<web::Bytes, serde_json::Error> {
    let mut out = String::new();
    for id in hidden {
        out.push_str(&format!("event: chat_hidden\ndata: {{\"id\":{id}}}\n\n"));
    }
    let chat_frame = |out: &mut String, message: &ChatMessage| -> Result<(), serde_json::Error> {
        out.push_str(&format!(
            "event: chat\ndata: {}\n\n",
            serde_json::to_string(message)?
        ));
        Ok(())
    };
    let mut said = chat.iter().peekable();
    for event in page {
        while let Some(message) = said.next_if(|m| m.after_version < event.seq) {
            chat_frame(&mut out, message)?;
        }
        let data = serde_json::to_string(event)?;
        out.push_str(&format!(
            "id: {}\nevent: {}\ndata: {data}\n\n",
            event.seq, event.kind
        ));
    }
    for message in said {
        chat_frame(&mut out, message)?;
    }
    Ok(web::Bytes::from(out))
}

/// One event of a table's stream: the schema of each server-sent event (OpenAPI 3.1 tools
/// read a `text/event-stream` schema as that of one event).
pub struct StreamEvent;

impl utoipa::PartialSchema for StreamEvent {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        let text = |description: &str| {
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::String))
                .description(Some(description))
        };
        ObjectBuilder::new()
            .property(
                "id",
                text("The event's seq; a `view`'s version (its last event's seq); none for `chat`")
                    .pattern(Some("^[0-9]+$")),
            )
            .property(
                "event",
                text("The event's kind, `view` for the table's view after events, `chat` for a chat message, or `chat_hidden` for a message an admin hid"),
            )
            .property(
                "data",
                text(
                    "An event: the item of the events endpoint (`EventOut`), as JSON; `view`: the caller's `TableView` (as `GET /v1/tables/{table_id}` answers), as JSON; `chat`: a `ChatMessage` (as `GET /v1/tables/{table_id}/chat` gives), as JSON; `chat_hidden`: `{\"id\": <message id>}`",
                ),
            )
            .required("event")
            .required("data")
            .into()
    }
}

impl utoipa::ToSchema for StreamEvent {}

/// Server-sent events: the caller's redacted events as they happen (`id:` = seq, `event:` =
/// kind, `data:` = the item of the events endpoint), and after each commit's events the
/// caller's view of the table (`event: view`, `data:` = the `TableView` that
/// `GET /v1/tables/{table_id}` answers, `id:` = its version), so that a client follows the
/// table from the stream alone; and the table's chat messages as they are said (`event:
/// chat`, `data:` = the `ChatMessage`, no `id:`), each after the event it was said after
/// (the messages after `chat_after`, or those said once the stream is open); and when an
/// admin hides a message the stream gave (or, with `chat_after`, one up to it),
/// `event: chat_hidden`, `data: {"id": <message id>}`. Resumes after `Last-Event-ID`: the missed events, then the
/// current view. The caller is the bearer token's, or a stream ticket's (`?ticket=`).
#[utoipa::path(
    operation_id = "stream_table_events",
    tag = "tables",
    security(("bearer" = []), ()),
    params(
        ("table_id" = Uuid, Path),
        ("Last-Event-ID" = Option<String>, Header, pattern = "^[0-9]{1,19}$", description = "Resume after this seq, the last `id:` seen (sent by EventSource on reconnect); wins over `after`"),
        StreamQuery,
    ),
    responses(
        (status = 200, description = "`text/event-stream`: `id: <seq>`, `event: <kind>`, `data: <EventOut JSON>`; after each commit's events, `id: <version>`, `event: view`, `data: <TableView JSON>`; each chat message, `event: chat`, `data: <ChatMessage JSON>`; a message hidden since it was given, `event: chat_hidden`, `data: {\"id\": <id>}`; a `: keep-alive` comment every 15 s while nothing happens; the stream ends when the token expires, within 5 s of its session ending (a logout), when the caller leaves the league, or when its server process stops (after `retry: 1000`: reconnect with `Last-Event-ID`, through a balancer to another process)", content_type = "text/event-stream", body = StreamEvent),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 429, response = TooManyStreams),
    )
)]
#[get("/{table_id}/stream")]
pub async fn stream(
    app: web::Data<App>,
    path: web::Path<Uuid>,
    query: web::Query<StreamQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let table = TableId(path.into_inner());
    let caller = match &query.ticket {
        Some(ticket) => Caller::from(app.identity().verify_ticket(ticket, table).await?),
        None => Caller::of(&req).await?,
    };
    let after = match req.headers().get("Last-Event-ID") {
        Some(value) => value
            .to_str()
            .ok()
            .filter(|text| {
                (1..=19).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
            })
            // Past the largest seq there can be: the stream waits, as for any seq ahead.
            .map(|text| text.parse::<i64>().unwrap_or(i64::MAX))
            .ok_or_else(|| {
                ApiError::refused(
                    ErrorCode::InvalidLastEventId,
                    "Last-Event-ID is an event seq",
                )
            })?,
        None => query.after.unwrap_or(0),
    }
    .max(0);
    let app = app.into_inner();
    let expiry = caller.expiry();
    // The first page now: refusals (403, 404, 429) are answered before the stream starts.
    let chat_after = chat_cursor(query.chat_after)?;
    let (first, listener) = app
        .live()
        .stream(caller.0, table, after, chat_after)
        .await?;
    let head = sse_frames(&first, &[], &[])
        .map_err(|e| ApiError(crate::app::AppError::Internal(e.to_string())))?;
    let session = caller.1;
    let recheck = next_session_recheck(tokio::time::Instant::now());
    let state = (app, listener, Some(head), recheck);
    let body = futures_util::stream::unfold(
        state,
        move |(app, mut listener, head, mut recheck)| async move {
            if let Some(head) = head {
                return Some((Ok(head), (app, listener, None, recheck)));
            }
            // A process stopping ends its streams, telling clients to come back soon: through
            // a balancer, to another process, resuming from their Last-Event-ID.
            if app.drain.stage() == Stage::Stopping {
                return None;
            }
            // The stream ends when the token expires: the client reconnects with a fresh one.
            let now = tokio::time::Instant::now();
            if now >= expiry {
                return None;
            }
            // And soon after its session ends (a logout, say).
            if now >= recheck {
                if !Box::pin(app.identity().session_goes_on(session))
                    .await
                    .unwrap_or(false)
                {
                    return None;
                }
                recheck = next_session_recheck(now);
            }
            let until = expiry.min(now + KEEP_ALIVE).min(recheck);
            let next = tokio::select! {
                next = listener.next(&app, table, until, MAX_PAGE as usize) => next,
                () = Box::pin(app.drain.reached(Stage::Stopping)) => {
                    return Some((
                        Ok(web::Bytes::from_static(RECONNECT)),
                        (app, listener, None, recheck),
                    ));
                }
            };
            match next {
                Some(Ok(delivery)) if delivery.is_empty() => Some((
                    Ok(web::Bytes::from_static(b": keep-alive\n\n")),
                    (app, listener, None, recheck),
                )),
                // The view's frame is shared: sent as a chunk of its own, after the events.
                Some(Ok(Delivery {
                    events: page,
                    chat,
                    hidden,
                    view,
                })) if page.is_empty() && chat.is_empty() && hidden.is_empty() => {
                    Some((Ok(view.unwrap_or_default()), (app, listener, None, recheck)))
                }
                Some(Ok(Delivery {
                    events: page,
                    chat,
                    hidden,
                    view,
                })) => Some((
                    sse_frames(&page, &chat, &hidden),
                    (app, listener, view, recheck),
                )),
                // No longer allowed (they left the league), or the database failed: end the
                // stream; the client reconnects with Last-Event-ID and gets a proper answer.
                Some(Err(_)) | None => None,
            }
        },
    );
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
