//! The web client served by the binary (issue "reference web client"): its page at `/`,
//! its files under a versioned path, cached for a year, revalidated by entity tag, and
//! nothing loaded from elsewhere.

use awc::http::Method;

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
}
