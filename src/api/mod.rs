//! HTTP: one file per resource, routes wired here, the OpenAPI document derived from the
//! real handlers.

pub mod auth;
pub mod bots;
pub mod caller;
pub mod chat;
pub mod client;
pub mod compress;
pub mod contract;
pub mod cors;
pub mod devices;
pub mod error;
pub mod fallback;
pub mod hand_histories;
pub mod hands;
pub mod head;
pub mod health;
pub mod idempotency;
pub mod identities;
pub mod leagues;
pub mod lean;
pub mod log;
pub mod metrics;
pub mod notification_settings;
pub mod paging;
pub mod players;
pub mod protocol;
pub mod push;
pub mod request_id;
pub mod social;
pub mod tables;
pub mod text;
pub mod tournaments;
pub mod webhooks;

use actix_service::IntoServiceFactory;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{App as ActixApp, HttpRequest, error::JsonPayloadError, web};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::{AppExt, scope};
use utoipa_swagger_ui::SwaggerUi;

use crate::app::App;
use crate::app::ErrorCode;
use error::ApiError;

/// Largest request body accepted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Bourré league server",
        description = "Turn-based, asynchronous Bourré (Booray) inside leagues with chip ledgers. Rules: docs/rules.md in the repository (R1-R10e, the ids a refusal's `rule` names); every error code: docs/errors.md. Errors are application/problem+json with a stable `code`.",
        version = "1.0.0",
        contact(name = "The Bourré league server's maintainers"),
        license(name = "MIT OR Apache-2.0", identifier = "MIT OR Apache-2.0")
    ),
    servers((url = "/", description = "The server that serves this document")),
    tags(
        (name = "auth", description = "Sign up, sign in, refresh the tokens, sign out"),
        (name = "players", description = "The caller's account: profile, turns, tables, password, deletion, export"),
        (name = "leagues", description = "Leagues: joining, members, admins, grants, seasons, standings, the ledger and the league's history"),
        (name = "tables", description = "Tables: seats, hands, actions, events and the live stream, bots, closing"),
        (name = "history", description = "Finished hands: their records, audits and proofs in the public log, and the caller's client seed"),
        (name = "log", description = "The public log of every finished hand: signed checkpoints, consistency proofs and tiles (docs/guide/public-log.md)"),
        (name = "tournaments", description = "A league's tournaments: entries, rounds seated from a committed seed, standings, prizes (docs/guide/tournaments.md)"),
        (name = "webhooks", description = "A league's webhook endpoints and their deliveries (Standard Webhooks)"),
        (name = "push", description = "Web Push and phone apps: the server's VAPID key, the caller's browser subscriptions and devices, and what they are pushed"),
        (name = "chat", description = "Table talk: the catalogue of phrases and emotes, and what a table's players say"),
        (name = "social", description = "Blocks, reports and the league admins' moderation queue"),
        (name = "health", description = "Liveness and readiness, for balancers and orchestrators"),
    ),
    modifiers(&BearerAuth),
    components(
        schemas(error::Problem),
        responses(
            error::BadRequest,
            error::Unauthorized,
            error::Forbidden,
            error::NotFound,
            error::Conflict,
            error::Unprocessable,
            error::TooManyStreams,
            error::QuotaExceeded,
            error::PushQuotaExceeded,
            error::ChatTooFast,
            error::TooManyReports,
            error::Busy
        )
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let api = match &err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            text::body_too_large()
        }
        JsonPayloadError::ContentType => ApiError::refused(
            ErrorCode::UnsupportedMediaType,
            "send the body as Content-Type: application/json",
        ),
        JsonPayloadError::Deserialize(e) => text::unreadable_body(e),
        other => ApiError::refused(ErrorCode::MalformedBody, other.to_string()),
    };
    api.into()
}

/// The application with every route, and the OpenAPI document of those routes.
fn build() -> (
    ActixApp<
        impl ServiceFactory<
            ServiceRequest,
            Config = (),
            Response = ServiceResponse,
            Error = actix_web::Error,
            InitError = (),
        >,
    >,
    utoipa::openapi::OpenApi,
) {
    let (routes, doc) = ActixApp::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .app_data(
            web::JsonConfig::default()
                .limit(MAX_BODY_BYTES)
                .error_handler(json_error),
        )
        .app_data(web::PathConfig::default().error_handler(fallback::unparsed_path))
        .app_data(web::QueryConfig::default().error_handler(|err, _| {
            ApiError::refused(ErrorCode::InvalidQuery, err.to_string()).into()
        }))
        .service(health::healthz)
        .service(health::readyz)
        .service(
            scope("/v1/auth")
                .service(auth::register)
                .service(auth::guest)
                .service(auth::login)
                .service(auth::refresh)
                .service(auth::password_reset)
                .service(auth::confirm_password_reset)
                .service(identities::providers)
                .service(identities::sign_in)
                .service(identities::authorize)
                .service(identities::exchange)
                .service(auth::logout),
        )
        .service(
            scope("/v1/players")
                .service(players::me)
                .service(players::update_me)
                .service(players::upgrade)
                .service(players::set_email)
                .service(players::verify_email)
                .service(players::change_password)
                .service(players::delete_me)
                .service(players::turns)
                .service(players::tables)
                .service(players::export)
                .service(hand_histories::mine)
                .service(identities::list_identities)
                .service(identities::link_identity)
                .service(identities::unlink_identity)
                .service(push::subscribe)
                .service(push::subscriptions)
                .service(push::unsubscribe)
                .service(push::unsubscribe_id)
                .service(devices::register)
                .service(devices::list)
                .service(devices::remove)
                .service(notification_settings::get_settings)
                .service(notification_settings::set_settings)
                .service(social::block)
                .service(social::blocks)
                .service(social::unblock)
                .service(players::player_profile),
        )
        .service(scope("/v1/push").service(push::vapid_public_key))
        .service(
            scope("/v1/log")
                .service(log::info)
                .service(log::checkpoint)
                .service(log::consistency)
                .service(log::tile),
        )
        .service(scope("/v1/chat").service(chat::phrases))
        .service(scope("/v1/reports").service(social::report))
        .service(scope("/v1/invites").service(leagues::invite))
        .service(
            scope("/v1/leagues")
                .service(leagues::list_mine)
                .service(leagues::members)
                .service(leagues::tables)
                .service(leagues::create)
                .service(leagues::join_by_code)
                .service(leagues::join)
                .service(leagues::get_league)
                .service(leagues::update_league)
                .service(leagues::rotate_invite_code)
                .service(leagues::admin::join_requests)
                .service(leagues::admin::approve_join)
                .service(leagues::admin::drop_join)
                .service(leagues::admin::promote)
                .service(leagues::admin::remove_member)
                .service(leagues::admin::grant)
                .service(leagues::admin::close_season)
                .service(leagues::books::standings)
                .service(leagues::books::ledger)
                .service(leagues::books::history)
                .service(hand_histories::league)
                .service(social::reports)
                .service(social::moderate)
                .service(webhooks::add_webhook)
                .service(webhooks::webhooks)
                .service(webhooks::remove_webhook)
                .service(webhooks::take_over)
                .service(webhooks::deliveries)
                .service(tournaments::create)
                .service(tournaments::list),
        )
        .service(
            scope("/v1/tournaments")
                .service(tournaments::get_tournament)
                .service(tournaments::update)
                .service(tournaments::cancel)
                .service(tournaments::enter)
                .service(tournaments::withdraw),
        )
        .service(
            scope("/v1/tables")
                .service(tables::create)
                .service(tables::get_table)
                .service(tables::sit)
                .service(tables::stand)
                .service(bots::add_bot)
                .service(bots::remove_bot)
                .service(tables::start_hand)
                .service(tables::act)
                .service(tables::watch::events)
                .service(tables::watch::updates)
                .service(tables::watch::stream)
                .service(tables::watch::stream_ticket)
                .service(tables::close)
                .service(chat::say)
                .service(chat::list)
                .service(hands::list)
                .service(hands::record)
                .service(hands::audit)
                .service(hands::proof)
                .service(hand_histories::hand)
                .service(hands::client_seed),
        )
        .split_for_parts();
    (routes, contract::refine(doc))
}

/// The OpenAPI document the server serves at `/openapi.json`, collected from the handlers.
pub fn openapi() -> utoipa::openapi::OpenApi {
    build().1
}

/// HTTP worker threads by default: one per core the process may use.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Serves the API on `listener` with `workers` HTTP worker threads (at least one).
/// The API's server on `listener`. It handles no signal itself (see `cli::serve`); once
/// stopped gracefully, requests in flight have `grace` to finish.
pub fn server(
    app: App,
    listener: std::net::TcpListener,
    workers: usize,
    grace: std::time::Duration,
) -> std::io::Result<actix_web::dev::Server> {
    // Background work of this process: the deadline sweeper (which runs now, then every
    // `sweep_every`), the listener that wakes long-polls and streams, the sender of this
    // process's notices to the others, the housekeeper, the public log's sequencer, and the
    // tournaments' runner.
    actix_web::rt::spawn(app.clone().sweep_forever());
    actix_web::rt::spawn(app.clone().run_tournaments_forever());
    actix_web::rt::spawn(app.clone().sequence_log_forever());
    actix_web::rt::spawn(app.clone().dispatch_forever());
    actix_web::rt::spawn(app.clone().keep_presence_forever());
    actix_web::rt::spawn(app.clone().listen_forever());
    actix_web::rt::spawn(app.clone().send_notices_forever());
    actix_web::rt::spawn(app.clone().keep_house_forever());
    // actix-web's HttpServer, as it builds itself, with each connection's writer wrapped
    // so that protocol errors answer problem+json (see [`protocol`]).
    let server = actix_web::dev::Server::build()
        .workers(workers.max(1))
        .disable_signals()
        .shutdown_timeout(grace.as_secs())
        .listen("bourre", listener, move || {
            let (routes, doc) = build();
            let routes = routes
                .app_data(web::Data::new(app.clone()))
                .app_data(web::Data::new(fallback::Routes::of(&doc)))
                .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", doc))
                .service(client::index)
                .service(client::asset)
                .service(client::service_worker)
                .service(client::web_manifest)
                .default_service(web::to(fallback::unmatched))
                .wrap(actix_web::middleware::from_fn(compress::gzip_json))
                .wrap(actix_web::middleware::from_fn(caller::challenge))
                .wrap(actix_web::middleware::from_fn(head::serve_head))
                .wrap(actix_web::middleware::from_fn(cors::cors))
                .wrap(actix_web::middleware::from_fn(request_id::request_context))
                .into_factory();
            // One app per worker, called by actix-http's connections and directly by the
            // streams served by [`lean`].
            actix_service::fn_factory(move || {
                let routes = routes.new_service(actix_web::dev::AppConfig::default());
                async move {
                    let direct = std::rc::Rc::new(routes.await?);
                    let shared = direct.clone();
                    let http = actix_http::HttpService::build()
                        .keep_alive(actix_http::KeepAlive::default())
                        .client_request_timeout(std::time::Duration::from_secs(5))
                        .client_disconnect_timeout(std::time::Duration::from_secs(1))
                        .finish(actix_service::fn_service(
                            move |req: actix_http::Request| {
                                let answer = actix_service::Service::call(&*shared, req);
                                async move { answer.await.map_err(|err| err.error_response()) }
                            },
                        ))
                        .new_service(())
                        .await?;
                    let http = std::rc::Rc::new(http);
                    Ok::<_, ()>(actix_service::fn_service(
                        move |io: actix_web::rt::net::TcpStream| {
                            lean::serve(io, http.clone(), direct.clone())
                        },
                    ))
                }
            })
        })?
        .run();
    Ok(server)
}
