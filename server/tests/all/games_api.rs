//! Games, listings, the SPA fallback and the API documents, on SQLite and PostgreSQL.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::TestApp;
use game_core::calendar::{format_date, today};
use game_core::PLACEHOLDER_PROMPT;
use lavalist::domains::games::model::ReviewStatus;

on_both_backends!(
    serves_today_and_archive_days,
    placeholder_missing_bad_and_future_dates,
    community_games_by_uid,
    day_listings_paginate_and_search_safely,
    bad_listing_parameters,
    community_listing_shows_approved_public_games,
    spa_fallback_and_api_not_found,
    the_home_page_carries_todays_game,
    the_pages_speak_the_player_s_language,
    openapi_documents_every_endpoint,
);

async fn serves_today_and_archive_days(app: TestApp) {
    let today = app.add_daily(0, "Things in a kitchen");
    let yesterday = app.add_daily(-1, "Planets");
    let res = app.get(&format!("/api/game/date/{today}")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["prompt"], "Things in a kitchen");
    assert_eq!(res.body["date"], format_date(today));
    assert_eq!(res.body["submitter"], "tester");
    assert!(res.body["updatedAt"].as_str().unwrap().ends_with('Z'));
    assert!(
        res.body["uid"].as_str().is_some_and(|uid| !uid.is_empty()),
        "every stored game has a uid (the editor's key)"
    );
    assert!(res.body.get("type").is_none(), "a day's own game is not a community game");
    let items = res.body["items"].as_array().unwrap();
    assert_eq!(items.len(), 10);
    assert_eq!(items[0]["id"], 1);
    assert_eq!(items[0]["altSpellings"][0], "alt Things in a kitchen 1");
    assert!(res.headers.get("x-request-id").is_some());

    let etag = res.headers.get("etag").unwrap().to_str().unwrap().to_string();
    let again = app
        .call(
            TestRequest::get().uri(&format!("/api/game/date/{today}")).insert_header(("if-none-match", etag)),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    let archive = app.get(&format!("/api/game/date/{yesterday}")).await;
    assert_eq!(archive.status, StatusCode::OK);
    assert_eq!(archive.body["prompt"], "Planets");
}

async fn placeholder_missing_bad_and_future_dates(app: TestApp) {
    let today = today(Utc::now());
    let res = app.get(&format!("/api/game/date/{today}")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["prompt"], PLACEHOLDER_PROMPT);

    let missing = app.get(&format!("/api/game/date/{}", today - Duration::days(3))).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.body["error"].is_string());

    for bad in ["2025-13-01", "2025-02-29", "yesterday", "2025-1-01", "%27%20OR%201=1"] {
        let res = app.get(&format!("/api/game/date/{bad}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(res.body["error"].is_string(), "{bad}");
    }

    let tomorrow = app.add_daily(1, "Tomorrow's secret");
    let future = app.get(&format!("/api/game/date/{tomorrow}")).await;
    assert_eq!(future.status, StatusCode::FORBIDDEN);
    assert!(!String::from_utf8_lossy(&future.raw).contains("secret"));
    let user = app.sign_up("player", "player@example.com", "correct horse battery").await;
    assert_eq!(app.get_as(&format!("/api/game/date/{tomorrow}"), &user).await.status, StatusCode::FORBIDDEN);
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let res = app.get_as(&format!("/api/game/date/{tomorrow}"), &admin).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["prompt"], "Tomorrow's secret");
}

async fn community_games_by_uid(app: TestApp) {
    let approved = app.add_community("Rivers of Europe", ReviewStatus::Approved, true);
    let unreviewed = app.add_community("Unreviewed game", ReviewStatus::Unreviewed, false);
    let denied = app.add_community("Denied game", ReviewStatus::Denied, false);
    let res = app.get(&format!("/api/game/uid/{approved}")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["type"], "community");
    assert_eq!(res.body["public"], true);
    assert_eq!(res.body["uid"], approved.as_str());
    assert_eq!(res.body["items"].as_array().unwrap().len(), 10);
    for hidden in [unreviewed, denied, "no-such-uid".to_string()] {
        let res = app.get(&format!("/api/game/uid/{hidden}")).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        assert_eq!(res.body["error"], "Game uid not found.");
    }
    let user = app.sign_up("player", "player@example.com", "correct horse battery").await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let unreviewed = app.add_community("Another unreviewed game", ReviewStatus::Unreviewed, false);
    assert_eq!(app.get_as(&format!("/api/game/uid/{unreviewed}"), &user).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get_as(&format!("/api/game/uid/{unreviewed}"), &admin).await.status, StatusCode::OK);
}

async fn day_listings_paginate_and_search_safely(app: TestApp) {
    app.add_daily(0, "Today is not listed");
    app.add_daily(-1, "100% cotton things");
    app.add_daily(-2, "Snake_case words");
    app.add_daily(-3, "It's a 'quoted' prompt");
    app.add_daily(-4, "Plain one");
    app.add_daily(-5, "Another plain one");
    app.add_daily(2, "Future is not listed");

    let all = app.get("/api/previous-days-paginated").await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(all.body["total"], 5);
    let first = &all.body["games"][0];
    assert_eq!(first["prompt"], "100% cotton things", "newest first");
    let yesterday = today(Utc::now()) - Duration::days(1);
    assert_eq!(first["date"], format_date(yesterday));
    assert_eq!(first["daily_date"], format_date(yesterday));
    assert_eq!(first["dayNumber"], game_core::calendar::day_number(yesterday));

    let page2 = app.get("/api/previous-days-paginated?page=2&limit=2").await;
    assert_eq!(page2.body["total"], 5);
    assert_eq!(page2.body["games"].as_array().unwrap().len(), 2);
    assert_eq!(page2.body["games"][0]["prompt"], "It's a 'quoted' prompt");

    let cases = [
        ("%25", 0), // no letter or digit: no word to look for
        ("_", 0),
        ("snake_c", 1),     // punctuation separates words: "snake", then a word beginning "c"
        ("100%25%20c", 1),  // "100% c"
        ("cotton%2010", 1), // the words in any order, the last perhaps unfinished
        ("c%20100", 0),     // but only the last
        ("PLAIN", 2),       // case-insensitive
        ("pla", 2),         // a word's beginning
        ("lain", 0),        // not its middle
        ("'quoted'", 1),
        ("%27%20OR%20%271%27=%271", 0), // ' OR '1'='1
        ("x%27);%20DROP%20TABLE%20games;--", 0),
        ("\\", 0),
    ];
    for (search, expected) in cases {
        let res = app.get(&format!("/api/previous-days-paginated?search={search}")).await;
        assert_eq!(res.status, StatusCode::OK, "{search}");
        assert_eq!(res.body["total"], expected, "{search}");
    }
    // The table survived the SQL in the search string.
    assert_eq!(app.get("/api/previous-days").await.body["total"], 5);

    let huge = app.get("/api/previous-days-paginated?page=18446744073709551615&limit=100").await;
    assert_eq!(huge.status, StatusCode::OK);
    assert_eq!(huge.body["games"].as_array().unwrap().len(), 0);
    assert_eq!(huge.body["total"], 5);
    let far = app.get("/api/previous-days-paginated?page=1000000").await;
    assert_eq!(far.status, StatusCode::OK);
    assert_eq!(far.body["games"].as_array().unwrap().len(), 0);

    let capped = app.get("/api/previous-days-paginated?limit=100000").await;
    assert_eq!(capped.status, StatusCode::OK);

    let user = app.sign_up("player", "player@example.com", "correct horse battery").await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    for admin_only in ["/api/future-days", "/api/future-days-paginated?page=1&limit=12"] {
        assert_eq!(app.get(admin_only).await.status, StatusCode::UNAUTHORIZED, "guest {admin_only}");
        let res = app.get_as(admin_only, &user).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN);
        assert_eq!(res.body["error"], "You are not authorized to perform this action.");
        assert_eq!(app.get_as(admin_only, &admin).await.status, StatusCode::OK, "admin {admin_only}");
    }
}

async fn bad_listing_parameters(app: TestApp) {
    for query in
        ["page=0", "page=abc", "page=-1", "limit=0", "limit=ten", "page=99999999999999999999999", "page=1.5"]
    {
        for path in ["/api/previous-days-paginated", "/api/community-games-paginated"] {
            let res = app.get(&format!("{path}?{query}")).await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{path}?{query}");
            assert!(res.body["error"].is_string(), "{path}?{query}");
        }
    }
    let long = "a".repeat(300);
    let res = app.get(&format!("/api/previous-days-paginated?search={long}")).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

async fn community_listing_shows_approved_public_games(app: TestApp) {
    let older = app.add_community("Older approved", ReviewStatus::Approved, true);
    let newer = app.add_community("Newer approved", ReviewStatus::Approved, true);
    app.add_community("Private approved", ReviewStatus::Approved, false);
    app.add_community("Waiting for review", ReviewStatus::Unreviewed, false);
    app.add_community("Denied", ReviewStatus::Denied, true);
    let res = app.get("/api/community-games-paginated?page=1&limit=12").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["total"], 2);
    assert_eq!(res.body["games"][0]["uid"], newer.as_str());
    assert_eq!(res.body["games"][1]["uid"], older.as_str());
    assert_eq!(res.body["games"][0]["type"], "community");
    let searched = app.get("/api/community-games-paginated?search=older").await;
    assert_eq!(searched.body["total"], 1);
    let profile = app.get("/api/community-games-paginated?page=1&limit=500&username=nobody").await;
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.body["total"], 0);
}

async fn spa_fallback_and_api_not_found(app: TestApp) {
    for path in ["/", "/archive/2025-01-01", "/community/abc", "/explore/archive/2"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        assert!(String::from_utf8_lossy(&res.raw).contains("<title>Lavalist</title>"), "{path}");
    }
    let js = app.get("/app.js").await;
    assert!(String::from_utf8_lossy(&js.raw).contains("console.log"));
    assert_eq!(js.headers.get("cache-control").unwrap(), "no-cache");
    assert_eq!(app.get("/").await.headers.get("cache-control").unwrap(), "no-cache");
    front_end_assets_are_compressed_and_cached(&app).await;
    for path in ["/api/nope", "/api/game/nope/1"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert!(res.body["error"].is_string(), "{path}");
    }
    // A known path with another method: 405 with `Allow` (the OpenAPI document is the contract).
    let wrong_method = app.call(TestRequest::delete().uri("/api/previous-days")).await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(wrong_method.body["error"].is_string());
    assert_eq!(wrong_method.body["code"], "methodNotAllowed");
    assert_eq!(wrong_method.headers.get("allow").unwrap(), "GET");
    let uid_methods = app.call(TestRequest::patch().uri("/api/game/uid/abc")).await;
    assert_eq!(uid_methods.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(uid_methods.headers.get("allow").unwrap(), "GET, DELETE");
}

/// `/` comes with today's prompt and guess box in place of the skeleton and today's game as the
/// API answers it, so the first guess waits for neither a fetch nor the WASM core to be typed.
async fn the_home_page_carries_todays_game(app: TestApp) {
    let index = "<!doctype html><title>Lavalist</title><main><!--prompt--><div class=\"skeleton\"></div><!--/prompt--></main></body>";
    std::fs::write(app.state().config.static_dir.join("index.html"), index).expect("index.html");
    let data_block = |page: &str| -> serde_json::Value {
        let json =
            page.split(r#"<script type="application/json" id="today-game">"#).nth(1).expect("data block");
        serde_json::from_str(json.split("</script>").next().unwrap()).expect("JSON")
    };

    // No game scheduled: the placeholder's JSON (the page moves on to an archive day), no prompt.
    let placeholder = app.get("/").await;
    let page = String::from_utf8_lossy(&placeholder.raw).to_string();
    assert!(page.contains("class=\"skeleton\""), "{page}");
    assert_eq!(data_block(&page)["game"]["prompt"], PLACEHOLDER_PROMPT);

    app.state().games.invalidate();
    let today = app.add_daily(0, "things with </script> & __ blanks");
    let res = app.call(TestRequest::get().uri("/").insert_header(("accept-encoding", "gzip"))).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers.get("cache-control").unwrap(), "no-cache");
    assert_eq!(res.headers.get("content-type").unwrap(), "text/html; charset=utf-8");
    assert_eq!(res.headers.get("content-encoding").unwrap(), "gzip", "compressed like the other files");
    let res = app.get("/").await;
    let page = String::from_utf8_lossy(&res.raw).to_string();
    assert!(!page.contains("skeleton"), "{page}");
    assert!(page.contains(r#"<h1 dir="auto" class="text-3xl leading-tight font-bold italic sm:text-4xl">Things with &lt;/script&gt; &amp; <span class="font-mono not-italic tracking-widest" aria-label="blank">__</span> blanks</h1>"#), "{page}");
    assert!(page.contains(r#"<form id="early-guess" class="mt-5 flex gap-2">"#), "{page}");
    let data = data_block(&page);
    assert_eq!(data["date"], format_date(today));
    let api = app.get(&format!("/api/game/date/{today}")).await;
    assert_eq!(data["game"], api.body, "exactly what the API answers");
    assert_eq!(page.matches("</script>").count(), 1, "the prompt's </script> cannot close the data block");

    // Other paths and HEAD: the file as it is, and HEAD without a body. A page a link names
    // gets its preview's tags (previews_api.rs) and nothing else.
    let other = app.get("/explore").await;
    assert_eq!(String::from_utf8_lossy(&other.raw), index);
    let archive = String::from_utf8_lossy(&app.get("/archive/2025-01-01").await.raw).to_string();
    let start = archive.find(r#"<meta property="og:type""#).expect("the preview's tags");
    let last = archive.rfind(r#"<meta name="twitter:image:alt""#).expect("the last tag");
    let end = last + archive[last..].find('>').expect("its end") + 1;
    assert_eq!(format!("{}{}", &archive[..start], &archive[end..]), index);
    let head = app.call(TestRequest::default().method(actix_web::http::Method::HEAD).uri("/")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.raw.is_empty());
}

/// `/` is painted in the language the app will show (the cookie, else `Accept-Language`, else
/// English), from the front end's catalogues; the other pages get its `<html lang dir>`.
async fn the_pages_speak_the_player_s_language(app: TestApp) {
    let index = r#"<!doctype html><html lang="en" class="bg-lava-night"><title>Lavalist</title><main><!--prompt--><div class="skeleton"></div><!--/prompt--></main></body></html>"#;
    std::fs::write(app.state().config.static_dir.join("index.html"), index).expect("index.html");
    app.add_daily(0, "things in a __ kitchen");
    let page = |accept, cookie| home_page(&app, accept, cookie);

    let japanese = page(Some("ja-JP,ja;q=0.9,en-US;q=0.8"), None).await;
    assert!(
        japanese.starts_with(r#"<!doctype html><html lang="ja" dir="ltr" class="bg-lava-night">"#),
        "{japanese}"
    );
    for words in [
        r#"<label for="guess" class="sr-only">あなたの答え</label>"#,
        r#"placeholder="答えを入力…""#,
        ">回答</button>",
        ">正解</dt>",
        ">ミス</dt>",
        "日目・作成者 <a ",
        r#"aria-label="空欄""#,
    ] {
        assert!(japanese.contains(words), "{words}: {japanese}");
    }
    // The cookie (the player's choice) wins over the browser's languages.
    let arabic = page(Some("ja"), Some("lavalist_locale=ar")).await;
    assert!(arabic.contains(r#"<html lang="ar" dir="rtl" class="bg-lava-night">"#), "{arabic}");
    assert!(arabic.contains(">خمّن</button>") && arabic.contains(">النقاط</dt>"), "{arabic}");
    assert!(arabic.contains(r#"data-testid="count-correct">0/10<"#), "{arabic}");
    let german = page(Some("de-AT,de;q=0.9"), Some("lavalist_locale=xx")).await;
    assert!(
        german.contains(r#"<html lang="de" dir="ltr""#) && german.contains(">Raten</button>"),
        "{german}"
    );

    // English: the same page as before the page spoke other languages, whatever says English.
    let english = page(None, None).await;
    for other in
        [page(Some("en-GB,en;q=0.9"), None).await, page(Some("nl-NL"), Some("lavalist_locale=en")).await]
    {
        assert_eq!(other, english);
    }
    let day = english
        .split(r#"data-testid="submitter">Day "#)
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .expect("the day");
    let painted = format!(
        concat!(
            r#"<main><h1 dir="auto" class="text-3xl leading-tight font-bold italic sm:text-4xl">Things in a <span class="font-mono not-italic tracking-widest" aria-label="blank">__</span> kitchen</h1>"#,
            r#"<p class="mt-2 text-sm text-muted" data-testid="submitter">Day {day} by "#,
        ),
        day = day
    );
    assert!(
        english
            .starts_with(r#"<!doctype html><html lang="en" class="bg-lava-night"><title>Lavalist</title>"#),
        "{english}"
    );
    assert!(english.contains(&painted), "{english}");
    assert!(english.contains(concat!(
        r#"<form id="early-guess" class="mt-5 flex gap-2"><label for="guess" class="sr-only">Your guess</label>"#,
        r#"<input id="guess" name="guess" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="send" dir="auto" maxlength="200" autofocus="" placeholder="Type a guess…" "#,
        r#"class="min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none disabled:opacity-60" value="">"#,
        r#"<button type="submit" class="btn btn-primary px-5 text-lg">Guess</button></form>"#,
        r#"<div role="status" class="mt-2 min-h-10" data-testid="guess-feedback"></div>"#,
        r#"<dl id="early-counters" class="mt-5 grid grid-cols-3 gap-2 text-center invisible" aria-live="polite">"#,
        r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">Correct</dt>"#,
        r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-correct">0/10</dd></div>"#,
        r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">Wrong</dt>"#,
        r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-wrong">0/8</dd></div>"#,
        r#"<div class="rounded-lg bg-surface px-2 py-2"><dt class="text-xs tracking-wider text-muted uppercase">Score</dt>"#,
        r#"<dd class="text-2xl font-bold tabular-nums" data-testid="count-score">0</dd></div></dl></main>"#,
    )), "{english}");

    // The other pages that serve index.html: the language's <html lang dir>, English as it is.
    for path in ["/archive/2025-01-01", "/explore", "/settings"] {
        let req = TestRequest::get().uri(path).insert_header(("cookie", "lavalist_locale=he"));
        let hebrew = String::from_utf8_lossy(&app.call(req).await.raw).to_string();
        assert!(hebrew.contains(r#"<html lang="he" dir="rtl" class="bg-lava-night">"#), "{path}: {hebrew}");
        let english = String::from_utf8_lossy(&app.get(path).await.raw).to_string();
        assert!(english.contains(r#"<html lang="en" class="bg-lava-night">"#), "{path}: {english}");
    }
    assert_eq!(String::from_utf8_lossy(&app.get("/explore").await.raw), index);
}

/// `/` as a browser with these `Accept-Language` and `Cookie` headers gets it.
async fn home_page(app: &TestApp, accept: Option<&str>, cookie: Option<&str>) -> String {
    let mut req = TestRequest::get().uri("/");
    if let Some(accept) = accept {
        req = req.insert_header(("accept-language", accept));
    }
    if let Some(cookie) = cookie {
        req = req.insert_header(("cookie", cookie));
    }
    String::from_utf8_lossy(&app.call(req).await.raw).to_string()
}

/// Hashed build output is cached for a year and compressed for browsers that ask.
async fn front_end_assets_are_compressed_and_cached(app: &TestApp) {
    let assets = app.state().config.static_dir.join("assets");
    std::fs::create_dir_all(&assets).expect("assets folder");
    std::fs::write(assets.join("index-3f2a.js"), "export const game = 'lava';\n".repeat(200)).expect("asset");
    let res = app
        .call(TestRequest::get().uri("/assets/index-3f2a.js").insert_header(("accept-encoding", "gzip")))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers.get("cache-control").unwrap(), "public, max-age=31536000, immutable");
    assert_eq!(res.headers.get("content-encoding").unwrap(), "gzip");
    assert!(res.raw.len() < 1000, "{} bytes: not compressed", res.raw.len());
    // A stale hashed name (after a deploy) must not get index.html, let alone cache it.
    let missing = app.get("/assets/gone-0000.js").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.headers.get("cache-control").is_none());
}

async fn openapi_documents_every_endpoint(app: TestApp) {
    let doc = app.get("/api/openapi.json").await;
    assert_eq!(doc.status, StatusCode::OK);
    assert!(doc.body["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/game/date/{date}",
        "/api/game/uid/{uid}",
        "/api/game/submit",
        "/api/game/submit-community-game",
        "/api/game/stats",
        "/api/game/community-stats/{uid}",
        "/api/previous-days",
        "/api/previous-days-paginated",
        "/api/future-days",
        "/api/future-days-paginated",
        "/api/community-games-paginated",
    ] {
        assert!(doc.body["paths"].get(path).is_some(), "{path} is documented");
    }
    let page = app.get("/api/docs").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(String::from_utf8_lossy(&page.raw).contains("/api/openapi.json"));
}
