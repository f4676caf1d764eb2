//! The web client served by the binary (issue "reference web client"): its page at `/`,
//! its files under a versioned path, cached for a year, revalidated by entity tag, and
//! nothing loaded from elsewhere.

use awc::http::Method;
use serde_json::json;

use crate::support::TestApp;

#[actix_web::test]
async fn the_page_and_its_files_are_served_with_their_cache_headers() {
    let app = TestApp::start().await;
    let mut page = app
        .client
        .get(format!("{}/", app.base))
        .send()
        .await
        .expect("page");
    assert_eq!(page.status().as_u16(), 200);
    let header = |r: &awc::ClientResponse<_>, name: &str| {
        r.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    assert!(header(&page, "content-type").starts_with("text/html"));
    assert!(header(&page, "content-security-policy").contains("default-src 'self'"));
    assert_eq!(header(&page, "cache-control"), "no-cache");
    let tag = header(&page, "etag");
    assert!(tag.starts_with('"'), "{tag}");
    let html = String::from_utf8(page.body().await.expect("body").to_vec()).expect("utf-8");
    let start = html.find("src=\"/app/").expect("the module's path") + "src=\"".len();
    let main = &html[start..start + html[start..].find('"').expect("quote")];
    assert!(main.ends_with("/main.js"), "{main}");
    assert!(
        !html.contains("{{app}}") && !html.contains("http"),
        "{html}"
    );

    // Unchanged: 304 with no body.
    let again = app
        .client
        .get(format!("{}/", app.base))
        .insert_header(("If-None-Match", tag.as_str()))
        .send()
        .await
        .expect("page");
    assert_eq!(again.status().as_u16(), 304);

    for file in [
        main.to_owned(),
        main.replace("main.js", "api.js"),
        main.replace("main.js", "style.css"),
    ] {
        let resp = app
            .client
            .get(format!("{}{file}", app.base))
            .send()
            .await
            .expect("file");
        assert_eq!(resp.status().as_u16(), 200, "{file}");
        assert_eq!(
            header(&resp, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        let kind = header(&resp, "content-type");
        assert!(
            kind.starts_with("text/javascript") || kind.starts_with("text/css"),
            "{kind}"
        );
    }
    // Another build's files, or none: 404 as a problem.
    app.call(Method::GET, "/app/0000000000000000/main.js", None, None)
        .await
        .problem(404, "not_found");
    app.call(
        Method::GET,
        &main.replace("main.js", "secret.js"),
        None,
        None,
    )
    .await
    .problem(404, "not_found");
    // The page takes GET and HEAD only.
    let post = app
        .client
        .post(format!("{}/", app.base))
        .send()
        .await
        .expect("post");
    assert_eq!(post.status().as_u16(), 405);
    assert_eq!(header(&post, "allow"), "GET, HEAD");

    // The service worker, at the root (its scope is the whole app), revalidated each time.
    let mut worker = app
        .client
        .get(format!("{}/sw.js", app.base))
        .send()
        .await
        .expect("worker");
    assert_eq!(worker.status().as_u16(), 200);
    assert!(header(&worker, "content-type").starts_with("text/javascript"));
    assert_eq!(header(&worker, "cache-control"), "no-cache");
    let script = String::from_utf8(worker.body().await.expect("body").to_vec()).expect("utf-8");
    for event in ["\"push\"", "\"notificationclick\""] {
        assert!(script.contains(event), "the worker handles no {event}");
    }
}

#[actix_web::test]
async fn every_path_of_the_client_serves_its_page() {
    let app = TestApp::start().await;
    let home = app
        .client
        .get(format!("{}/", app.base))
        .send()
        .await
        .expect("page")
        .body()
        .await
        .expect("body");
    for path in [
        "/join/ABCDEFGHJK",
        "/leagues/6f1c1b2e-1111-4222-8333-944445555666",
        "/tables/6f1c1b2e-1111-4222-8333-944445555666",
    ] {
        let mut resp = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("page");
        assert_eq!(resp.status().as_u16(), 200, "{path}");
        assert_eq!(resp.body().await.expect("body"), home, "{path}");
    }
    app.call(Method::GET, "/leagues", None, None)
        .await
        .problem(404, "not_found");
}

/// An invite link carries only the code: `POST /v1/leagues/join` finds its league.
#[actix_web::test]
async fn an_invite_code_alone_joins_its_league() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[], 500).await;
    let code = app.get(&format!("/v1/leagues/{league}"), &ann).await.ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();

    app.post(
        "/v1/leagues/join",
        &bob,
        json!({"invite_code": "NOSUCHCODE"}),
    )
    .await
    .problem(403, "wrong_invite_code");
    let joined = app
        .post(
            "/v1/leagues/join",
            &bob,
            json!({"invite_code": code.to_lowercase()}),
        )
        .await;
    assert_eq!(joined.status, 201);
    assert_eq!(joined.body["id"], league.as_str());
    assert_eq!(app.balance(&bob, &league).await, 500);
    app.post("/v1/leagues/join", &bob, json!({"invite_code": code}))
        .await
        .problem(409, "already_a_member");
}
