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
        main.replace("main.js", "session.js"),
        main.replace("main.js", "sdk/live.js"),
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
    // Texts go gzipped to a client that takes gzip, and whole to one that does not, each
    // with an entity tag of its own.
    let mut packed = app
        .client
        .get(format!("{}{main}", app.base))
        .insert_header(("Accept-Encoding", "gzip"))
        .no_decompress()
        .send()
        .await
        .expect("gzip");
    assert_eq!(header(&packed, "content-encoding"), "gzip");
    assert_eq!(header(&packed, "vary"), "Accept-Encoding");
    let packed_tag = header(&packed, "etag");
    let packed = packed.body().await.expect("body");
    let mut plain = app
        .client
        .get(format!("{}{main}", app.base))
        .insert_header(("Accept-Encoding", "gzip;q=0, identity"))
        .no_decompress()
        .send()
        .await
        .expect("identity");
    assert_eq!(header(&plain, "content-encoding"), "");
    assert_ne!(header(&plain, "etag"), packed_tag);
    let plain = plain.body().await.expect("body");
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&packed[..]),
        &mut unpacked,
    )
    .expect("gunzip");
    assert_eq!(unpacked, plain);
    assert!(
        packed.len() * 2 < plain.len(),
        "{} of {}",
        packed.len(),
        plain.len()
    );

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
    for event in ["\"push\"", "\"notificationclick\"", "\"fetch\""] {
        assert!(script.contains(event), "the worker handles no {event}");
    }
    // Its shell: the page and every file of this build, each served.
    let start = script.find("const SHELL = \"").expect("the shell") + "const SHELL = \"".len();
    let shell: Vec<&str> = script[start..start + script[start..].find('"').expect("quote")]
        .split(' ')
        .collect();
    assert_eq!(shell.first(), Some(&"/"), "{shell:?}");
    assert!(shell.contains(&main), "{shell:?}");
    for path in &shell {
        let resp = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("shell");
        assert_eq!(resp.status().as_u16(), 200, "{path}");
    }

    // The manifest: installable, its icons this build's files.
    let mut manifest = app
        .client
        .get(format!("{}/manifest.webmanifest", app.base))
        .send()
        .await
        .expect("manifest");
    assert_eq!(manifest.status().as_u16(), 200);
    assert_eq!(
        header(&manifest, "content-type"),
        "application/manifest+json"
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&manifest.body().await.expect("body")).expect("JSON");
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["display"], "standalone");
    assert!(manifest["theme_color"].is_string() && manifest["name"] == "Bourré");
    assert!(html.contains(&format!(
        "<meta name=\"theme-color\" content={}>",
        manifest["theme_color"]
    )));
    let icons = manifest["icons"].as_array().expect("icons");
    for (size, purpose) in [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ] {
        let icon = icons
            .iter()
            .find(|i| i["sizes"] == size && i["purpose"] == purpose)
            .unwrap_or_else(|| panic!("no {size} {purpose} icon: {manifest}"));
        let path = icon["src"].as_str().expect("src");
        assert!(shell.contains(&path), "{path} not in the shell");
        let mut resp = app
            .client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("icon");
        assert_eq!(header(&resp, "content-type"), "image/png");
        let png = resp.body().await.expect("body");
        let (w, h) = size.split_once('x').expect("size");
        let width = u32::from_be_bytes(png[16..20].try_into().expect("width"));
        let height = u32::from_be_bytes(png[20..24].try_into().expect("height"));
        assert_eq!(
            (width.to_string(), height.to_string()),
            (w.into(), h.into()),
            "{path}"
        );
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

    // The invite link's page names the league and who invited, before signing in.
    let invite = app
        .call(
            Method::GET,
            &format!("/v1/invites/{}", code.to_lowercase()),
            None,
            None,
        )
        .await
        .ok();
    assert_eq!(invite["league_name"], "Friday night", "{invite}");
    assert_eq!(invite["invited_by"], ann.name.as_str(), "{invite}");
    assert_eq!(invite["join_policy"], "open", "{invite}");
    app.call(Method::GET, "/v1/invites/NOSUCHCODE", None, None)
        .await
        .problem(403, "wrong_invite_code");
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
