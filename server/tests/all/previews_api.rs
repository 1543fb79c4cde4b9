//! Link previews through the real app, on SQLite and PostgreSQL: the pages a link names carry
//! Open Graph and Twitter tags in the HTML itself (no script runs), the card they name is a
//! 1200×630 PNG cached by content, a shared result's signed parameter shows its row and score,
//! and nothing unreleased, unsigned or tampered with gets more than the site's card. No item of
//! any game appears in a tag or in a card's SVG.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{answers, Backend, TestApp};
use game_core::calendar::{day_number, format_date};
use game_core::GameKind;
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::insert_game;
use lavalist::domains::previews::{Card, ResultGame, ResultLinks, ResultRow};
use lavalist::platform::i18n::Locale;
use serde_json::json;

on_both_backends_with_configs!(
    every_page_carries_the_tags_without_javascript,
    the_card_is_a_png_of_1200_by_630_cached_by_content,
    a_shared_result_shows_its_row_and_score,
    a_tampered_or_foreign_parameter_gets_the_site_card,
    unreleased_and_unapproved_games_get_the_site_card,
    card_renders_are_rate_limited,
    previews_speak_the_language_of_what_they_show,
    the_page_s_description_follows_the_reader_s_language,
);

/// A page like the built one: a head to put the tags in, and index.html's description.
const INDEX: &str = concat!(
    "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\" />",
    "<meta name=\"description\" content=\"Lavalist: name all ten things on today's list before the lava rises.\" />",
    "<title>Lavalist</title></head>",
    "<body><div id=\"root\"><main><!--prompt--><div>skeleton</div><!--/prompt--></main></div></body></html>"
);

fn app(backend: Backend, adjust: impl FnOnce(&mut lavalist::platform::config::Config)) -> TestApp {
    let app = backend.app(|config| {
        config.public_url = "https://lavalist.example".into();
        adjust(config);
    });
    std::fs::write(app.state().config.static_dir.join("index.html"), INDEX).expect("index.html");
    app
}

/// The page's `<meta>` tags as (property or name, content), contents unescaped.
fn tags(html: &str) -> Vec<(String, String)> {
    html.split("<meta ")
        .skip(1)
        .filter_map(|tag| {
            let tag = &tag[..tag.find('>')?];
            let key = attribute(tag, "property").or_else(|| attribute(tag, "name"))?;
            Some((key, attribute(tag, "content")?))
        })
        .collect()
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
    let end = start + tag[start..].find('"')?;
    Some(
        tag[start..end]
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

fn tag<'a>(tags: &'a [(String, String)], key: &str) -> &'a str {
    tags.iter().find(|(k, _)| k == key).map_or_else(|| panic!("no {key} in {tags:?}"), |(_, v)| v.as_str())
}

async fn page(app: &TestApp, path: &str) -> Vec<(String, String)> {
    let res = app.get(path).await;
    assert_eq!(res.status, StatusCode::OK, "{path}");
    let content_type = res.headers.get("content-type").unwrap().to_str().unwrap();
    assert!(content_type.starts_with("text/html"), "{path}: {content_type}");
    let html = String::from_utf8(res.raw).unwrap();
    let found = tags(&html);
    assert!(
        found.iter().filter(|(k, _)| k.starts_with("og:") || k.starts_with("twitter:")).count() >= 15,
        "{path}: {found:?}"
    );
    found
}

/// No item name or spelling of the game (`{prompt} item {i}`, `alt {prompt} {i}`) in any tag.
fn assert_spoiler_free(tags: &[(String, String)], prompt: &str) {
    for (key, value) in tags {
        for i in 1..=10 {
            for item in [format!("{prompt} item {i}"), format!("alt {prompt} {i}")] {
                assert!(!value.to_lowercase().contains(&item.to_lowercase()), "{key} names an item: {value}");
            }
        }
        assert!(!value.to_lowercase().contains(" item "), "{key}: {value}");
    }
}

/// The card a tag names, fetched from the app (the public address stripped).
async fn card(app: &TestApp, image: &str) -> common::Response {
    let path = image.strip_prefix("https://lavalist.example").unwrap_or_else(|| panic!("{image}"));
    app.get(path).await
}

fn decode(png_bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    (info.width, info.height)
}

async fn every_page_carries_the_tags_without_javascript(backend: Backend) {
    let app = app(backend, |_| {});
    let today = app.add_daily(0, "Things in a kitchen");
    let past = app.add_daily(-3, "Rivers of Europe");
    let uid = app.add_community("Board games", ReviewStatus::Approved, true);
    let n = day_number(today);

    let home = page(&app, "/").await;
    assert_eq!(tag(&home, "og:title"), format!("Lavalist Day {n}: Things in a kitchen"));
    assert_eq!(tag(&home, "twitter:title"), tag(&home, "og:title"));
    assert_eq!(tag(&home, "twitter:card"), "summary_large_image");
    assert_eq!(tag(&home, "og:url"), "https://lavalist.example/");
    assert!(tag(&home, "og:image").starts_with(&format!("https://lavalist.example/og/day/{today}.png?v=")));
    assert_eq!(tag(&home, "og:image:width"), "1200");
    assert_eq!(tag(&home, "og:image:height"), "630");
    assert_spoiler_free(&home, "Things in a kitchen");

    let archive = page(&app, &format!("/archive/{past}")).await;
    assert_eq!(tag(&archive, "og:title"), format!("Lavalist Day {}: Rivers of Europe", day_number(past)));
    assert_eq!(tag(&archive, "og:url"), format!("https://lavalist.example/archive/{past}"));
    assert!(tag(&archive, "og:image").contains(&format!("/og/day/{past}.png?v=")));
    assert_spoiler_free(&archive, "Rivers of Europe");

    for path in [format!("/community/{uid}"), format!("/community/{uid}/stats")] {
        let community = page(&app, &path).await;
        assert_eq!(tag(&community, "og:title"), "Lavalist Community game: Board games", "{path}");
        assert!(tag(&community, "og:image").contains(&format!("/og/community/{uid}.png?v=")));
        assert_spoiler_free(&community, "Board games");
    }

    // An invite names today's game, never the group (its name is for the link's holder).
    let join = page(&app, "/join/0123456789abcdef").await;
    assert_eq!(tag(&join, "og:title"), format!("Lavalist Day {n}: Things in a kitchen"));
    assert!(tag(&join, "og:description").contains("invited"), "{join:?}");
    assert_eq!(tag(&join, "og:url"), "https://lavalist.example/join/0123456789abcdef");

    // The page is still the app: the file's content is all there, the tags in its head.
    let html = String::from_utf8(app.get(&format!("/archive/{past}")).await.raw).unwrap();
    assert!(html.contains("<!--prompt--><div>skeleton</div><!--/prompt-->"), "{html}");
    assert!(html.find("og:title").unwrap() < html.find("</head>").unwrap());
    let head = app.call(TestRequest::default().method(actix_web::http::Method::HEAD).uri("/join/x")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.raw.is_empty());
}

async fn the_card_is_a_png_of_1200_by_630_cached_by_content(backend: Backend) {
    let app = app(backend, |_| {});
    app.add_daily(0, "Things in a kitchen");
    let home = page(&app, "/").await;
    let image = tag(&home, "og:image").to_string();
    let res = card(&app, &image).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers.get("content-type").unwrap(), "image/png");
    assert_eq!(decode(&res.raw), (1200, 630));
    assert!(res.raw.len() <= 100 * 1024, "{} bytes", res.raw.len());
    let etag = res.headers.get("etag").unwrap().to_str().unwrap().to_string();
    assert!(etag.starts_with('"') && !etag.starts_with("W/"), "a strong validator: {etag}");
    assert!(image.contains(&format!("v={}", etag.trim_matches('"'))), "the page names this version: {image}");
    assert_eq!(res.headers.get("cache-control").unwrap(), "public, max-age=31536000, immutable");

    let path = image.strip_prefix("https://lavalist.example").unwrap();
    let again = app.call(TestRequest::get().uri(path).insert_header(("If-None-Match", etag.as_str()))).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.raw.is_empty());
    assert_eq!(again.headers.get("etag").unwrap().to_str().unwrap(), etag);
    let other = app.call(TestRequest::get().uri(path).insert_header(("If-None-Match", "\"other\""))).await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.raw, res.raw, "the same bytes from memory");

    // Without the version (an old or hand-made URL) caches keep it an hour only.
    let unversioned = app.get(path.split('?').next().unwrap()).await;
    assert_eq!(unversioned.headers.get("cache-control").unwrap(), "public, max-age=3600");
    assert_eq!(unversioned.headers.get("etag").unwrap().to_str().unwrap(), etag);

    // The site's card; an edited prompt is another card.
    let site = app.get("/og/site.png").await;
    assert_eq!(site.status, StatusCode::OK);
    assert_eq!(decode(&site.raw), (1200, 630));
    assert_ne!(site.headers.get("etag"), res.headers.get("etag"));
    let bad = app.get("/og/day/2026-02-30.png").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["code"], "invalidDate");
    assert_eq!(app.get("/og/nothing.png").await.status, StatusCode::NOT_FOUND);
}

async fn a_shared_result_shows_its_row_and_score(backend: Backend) {
    let app = app(backend, |_| {});
    let date = app.add_daily(0, "Things in a kitchen");
    let stored = app
        .post(
            "/api/game/submit",
            &json!({"answers": answers(7), "userKey": "p1", "score": 650, "date": date.to_string()}),
        )
        .await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    let param = stored.body["shareParam"].as_str().expect("a result parameter").to_string();
    assert!(
        param.len() <= 32 && param.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "{param}"
    );
    // What it says is what was stored, signed with this server's key.
    let links = ResultLinks::new(app.token_secret().trim().as_bytes());
    let row = ResultRow { found: (1..=10).map(|i| i <= 7).collect(), score: 650 };
    assert_eq!(links.verify(&param, None, None), Some((ResultGame::Daily(date), row.clone())));
    // A repeat answers the same parameter.
    let repeat = app
        .post(
            "/api/game/submit",
            &json!({"answers": answers(7), "userKey": "p1", "score": 650, "date": date.to_string()}),
        )
        .await;
    assert_eq!(repeat.body["shareParam"], param.as_str());

    for path in [format!("/?r={param}"), format!("/archive/{date}?r={param}")] {
        let shared = page(&app, &path).await;
        assert_eq!(
            tag(&shared, "og:title"),
            format!("Lavalist Day {}: Things in a kitchen", day_number(date))
        );
        assert!(tag(&shared, "og:description").contains("found 7 of 10 and scored 650"), "{shared:?}");
        assert!(tag(&shared, "og:url").ends_with(&format!("?r={param}")), "{shared:?}");
        let image = tag(&shared, "og:image");
        assert!(image.ends_with(&format!("&r={param}")), "{image}");
        assert_spoiler_free(&shared, "Things in a kitchen");
        let res = card(&app, image).await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(decode(&res.raw), (1200, 630));
        let expected = Card::Game {
            locale: Locale::En,
            heading: format!("Day {}", day_number(date)),
            prompt: "Things in a kitchen".into(),
            result: Some(row.clone()),
        };
        assert_eq!(res.headers.get("etag").unwrap().to_str().unwrap(), format!("\"{}\"", expected.etag()));
        // The SVG behind it: the prompt, the circles, the score, and no item.
        let svg = app.state().previews.renderer.svg(&expected).unwrap();
        assert!(svg.contains("Things in a kitchen") && svg.contains("Score: 650"), "{svg}");
        assert_eq!(svg.matches("fill=\"#ffb703\"/>").count(), 7 + 1, "seven found circles (and the icon's)");
        assert_eq!(svg.matches("fill=\"#e63946\"/>").count(), 3 + 1, "three missed circles (and the icon's)");
        assert!(!svg.contains("item"), "{svg}");
    }

    // A community result: its parameter works on its own game's page only.
    let uid = app.add_community("Board games", ReviewStatus::Approved, true);
    let stored = app
        .post(
            "/api/game/submit-community-game",
            &json!({"answers": answers(3), "userKey": "p1", "score": 240, "gameUid": uid}),
        )
        .await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    let param = stored.body["shareParam"].as_str().unwrap().to_string();
    let shared = page(&app, &format!("/community/{uid}?r={param}")).await;
    assert!(tag(&shared, "og:description").contains("found 3 of 10 and scored 240"), "{shared:?}");
    let res = card(&app, tag(&shared, "og:image")).await;
    assert_eq!(decode(&res.raw), (1200, 630));
    let elsewhere = page(&app, &format!("/?r={param}")).await;
    assert_eq!(tag(&elsewhere, "og:title"), "Lavalist");
}

async fn a_tampered_or_foreign_parameter_gets_the_site_card(backend: Backend) {
    let app = app(backend, |_| {});
    let date = app.add_daily(0, "Things in a kitchen");
    let earlier = app.add_daily(-1, "Rivers of Europe");
    let stored = app
        .post(
            "/api/game/submit",
            &json!({"answers": answers(2), "userKey": "p2", "score": 120, "date": date.to_string()}),
        )
        .await;
    let param = stored.body["shareParam"].as_str().unwrap().to_string();
    let site_etag = format!("\"{}\"", Card::Site(Locale::En).etag());

    // Each character changed in turn, the score raised by a forger without the key, another
    // server's signature, another day's page, junk.
    let mut tampered: Vec<String> = (0..param.len())
        .map(|i| {
            let mut chars: Vec<char> = param.chars().collect();
            chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
            chars.into_iter().collect()
        })
        .collect();
    let row = ResultRow { found: vec![true; 10], score: 1000 };
    tampered.push(
        ResultLinks::new(b"not this server's secret at all, no")
            .sign(&ResultGame::Daily(date), &row)
            .unwrap(),
    );
    tampered.push("%%%".into());
    tampered.push("x".repeat(5000));
    for bad in &tampered {
        let tags = page(&app, &format!("/?r={bad}")).await;
        assert_eq!(tag(&tags, "og:title"), "Lavalist", "{bad}");
        assert!(tag(&tags, "og:image").starts_with("https://lavalist.example/og/site.png?v="), "{bad}");
        assert!(!tag(&tags, "og:url").contains("?r="), "a bad parameter is not repeated: {bad}");
        let res = app.get(&format!("/og/day/{date}.png?r={bad}")).await;
        assert_eq!(res.status, StatusCode::OK, "{bad}");
        assert_eq!(res.headers.get("etag").unwrap().to_str().unwrap(), site_etag, "{bad}");
    }
    let foreign = page(&app, &format!("/archive/{earlier}?r={param}")).await;
    assert_eq!(tag(&foreign, "og:title"), "Lavalist");
    let res = app.get(&format!("/og/day/{earlier}.png?r={param}")).await;
    assert_eq!(res.headers.get("etag").unwrap().to_str().unwrap(), site_etag);
    // The genuine one still works.
    assert!(tag(&page(&app, &format!("/?r={param}")).await, "og:description").contains("found 2 of 10"));
}

async fn unreleased_and_unapproved_games_get_the_site_card(backend: Backend) {
    let app = app(backend, |_| {});
    let future = app.add_daily(1, "Secret future list");
    let site_etag = format!("\"{}\"", Card::Site(Locale::En).etag());
    let future_page = page(&app, &format!("/archive/{future}")).await;
    assert_eq!(tag(&future_page, "og:title"), "Lavalist");
    assert!(!future_page.iter().any(|(_, v)| v.contains("Secret")), "{future_page:?}");
    let res = app.get(&format!("/og/day/{future}.png")).await;
    assert_eq!(res.headers.get("etag").unwrap().to_str().unwrap(), site_etag);
    // A signed parameter cannot bring a future day's card out either.
    let links = ResultLinks::new(app.token_secret().trim().as_bytes());
    let param =
        links.sign(&ResultGame::Daily(future), &ResultRow { found: vec![true; 10], score: 1000 }).unwrap();
    assert_eq!(tag(&page(&app, &format!("/?r={param}")).await, "og:title"), "Lavalist");

    // No game today (nothing scheduled), a malformed date, an unknown uid: the site's card.
    assert_eq!(tag(&page(&app, "/").await, "og:title"), "Lavalist");
    assert_eq!(tag(&page(&app, "/archive/not-a-date").await, "og:title"), "Lavalist");
    assert_eq!(tag(&page(&app, "/community/no-such-uid").await, "og:title"), "Lavalist");

    for status in [ReviewStatus::Unreviewed, ReviewStatus::Denied] {
        let uid = app.add_community("Hidden community list", status, true);
        let tags = page(&app, &format!("/community/{uid}")).await;
        assert_eq!(tag(&tags, "og:title"), "Lavalist", "{status:?}");
        assert!(!tags.iter().any(|(_, v)| v.contains("Hidden")), "{tags:?}");
        let res = app.get(&format!("/og/community/{uid}.png")).await;
        assert_eq!(res.headers.get("etag").unwrap().to_str().unwrap(), site_etag);
    }
    let _ = format_date(future);
}

async fn card_renders_are_rate_limited(backend: Backend) {
    let app = app(backend, |config| {
        config.rate_limits = vec!["card-ip=2/1h".parse().unwrap()];
    });
    app.add_daily(0, "First");
    app.add_daily(-1, "Second");
    let third = app.add_daily(-2, "Third");
    let today = app.today();
    assert_eq!(app.get(&format!("/og/day/{today}.png")).await.status, StatusCode::OK);
    assert_eq!(
        app.get(&format!("/og/day/{}.png", today - chrono::Duration::days(1))).await.status,
        StatusCode::OK
    );
    let limited = app.get(&format!("/og/day/{third}.png")).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.body["code"], "tooManyRequests");
    assert!(limited.headers.get("retry-after").is_some());
    // Cards already drawn are served from memory, and revalidations cost nothing.
    for _ in 0..5 {
        assert_eq!(app.get(&format!("/og/day/{today}.png")).await.status, StatusCode::OK);
    }
}

/// Stores an approved game in `language` (a daily of its edition on `date`, else a community
/// game) and returns its uid.
fn add_in(app: &TestApp, language: &str, date: Option<chrono::NaiveDate>, prompt: &str) -> String {
    let kind = if date.is_some() { GameKind::Daily } else { GameKind::Community };
    let mut game = common::new_game(kind, ReviewStatus::Approved, true, prompt, date);
    game.language = language.into();
    insert_game(&mut app.conn(), &game).expect("insert a game");
    app.state().games.invalidate();
    game.uid
}

/// The page as a browser whose languages are `accept` gets it.
async fn html_as(app: &TestApp, path: &str, accept: &str) -> String {
    let res = app.call(TestRequest::get().uri(path).insert_header(("accept-language", accept))).await;
    assert_eq!(res.status, StatusCode::OK, "{path}");
    String::from_utf8(res.raw).unwrap()
}

/// The ETag of the card an image tag names.
async fn card_etag(app: &TestApp, image: &str) -> String {
    let res = card(app, image).await;
    assert_eq!(res.status, StatusCode::OK, "{image}");
    res.headers.get("etag").unwrap().to_str().unwrap().trim_matches('"').to_string()
}

/// A chat app's crawler sends no cookie and no `Accept-Language`: the link's content decides.
/// A day of the Japanese edition is Japanese, a Russian community game Russian (whoever reads
/// it), a page with no game the reader's language, and English stays word for word.
async fn previews_speak_the_language_of_what_they_show(backend: Backend) {
    let app = app(backend, |_| {});
    let day = app.today();
    add_in(&app, "ja", Some(day), "日本の川");
    let n = day_number(day);

    let japanese = page(&app, &format!("/archive/{day}?edition=ja")).await;
    assert_eq!(tag(&japanese, "og:title"), format!("Lavalist {n}日目：日本の川"));
    assert_eq!(
        tag(&japanese, "og:description"),
        "溶岩が上がる前に、リストの10個をすべて答えましょう。毎日新しいリストが出ます。"
    );
    assert_eq!(tag(&japanese, "og:image:alt"), format!("{n}日目：日本の川"));
    assert_eq!(tag(&japanese, "og:url"), format!("https://lavalist.example/archive/{day}?edition=ja"));
    let image = tag(&japanese, "og:image");
    assert!(image.contains(&format!("/og/day/{day}.png?v=")) && image.ends_with("&edition=ja"), "{image}");
    let expected = Card::Game {
        locale: Locale::Ja,
        heading: format!("{n}日目"),
        prompt: "日本の川".into(),
        result: None,
    };
    assert_eq!(card_etag(&app, image).await, expected.etag(), "the Japanese card");
    // The same day without the edition is English's, which has no game: the site's card.
    assert_eq!(tag(&page(&app, &format!("/archive/{day}")).await, "og:title"), "Lavalist");

    // A shared result of the Japanese day keeps its language.
    let stored = app
        .post(
            "/api/game/submit",
            &json!({"answers": answers(3), "userKey": "p1", "score": 240, "date": day.to_string(), "edition": "ja"}),
        )
        .await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    let param = stored.body["shareParam"].as_str().unwrap().to_string();
    let shared = page(&app, &format!("/archive/{day}?edition=ja&r={param}")).await;
    assert!(tag(&shared, "og:description").starts_with("あるプレイヤーは10個中3個を見つけ"), "{shared:?}");
    assert_eq!(tag(&shared, "og:image:alt"), format!("{n}日目：日本の川。スコア：240"));
    assert!(tag(&shared, "og:url").ends_with(&format!("?edition=ja&r={param}")), "{shared:?}");

    // A Japanese day not released yet: the site's card, in Japanese.
    add_in(&app, "ja", Some(app.today() + chrono::Duration::days(1)), "未来のリスト");
    let tomorrow = app.today() + chrono::Duration::days(1);
    let future = page(&app, &format!("/archive/{tomorrow}?edition=ja")).await;
    assert_eq!(tag(&future, "og:title"), "Lavalist");
    assert!(tag(&future, "og:description").starts_with("毎日のリスト当てゲーム。"), "{future:?}");
    assert!(!future.iter().any(|(_, v)| v.contains("未来")), "{future:?}");
    let image = tag(&future, "og:image");
    assert!(
        image.starts_with("https://lavalist.example/og/site.png?v=") && image.ends_with("&locale=ja"),
        "{image}"
    );
    assert_eq!(card_etag(&app, image).await, Card::Site(Locale::Ja).etag());

    // A Russian community game is Russian, even for a French browser.
    let uid = add_in(&app, "ru", None, "Крупнейшие города России");
    let html = html_as(&app, &format!("/community/{uid}"), "fr-FR,fr;q=0.9").await;
    let russian = tags(&html);
    assert_eq!(tag(&russian, "og:title"), "Lavalist Игра сообщества: Крупнейшие города России");
    assert_eq!(
        tag(&russian, "og:description"),
        "Назовите все 10 ответов из списка, пока лава не поднялась. Каждый день новый список."
    );
    assert_eq!(tag(&russian, "twitter:image:alt"), "Игра сообщества: Крупнейшие города России");
    let expected = Card::Game {
        locale: Locale::Ru,
        heading: "Игра сообщества".into(),
        prompt: "Крупнейшие города России".into(),
        result: None,
    };
    assert_eq!(card_etag(&app, tag(&russian, "og:image")).await, expected.etag(), "the Russian card");

    // An English game stays English for that French browser, word for word as before.
    let english_uid = app.add_community("Board games", ReviewStatus::Approved, true);
    let preview = |tags: Vec<(String, String)>| -> Vec<(String, String)> {
        tags.into_iter().filter(|(key, _)| key.starts_with("og:") || key.starts_with("twitter:")).collect()
    };
    let english = preview(tags(&html_as(&app, &format!("/community/{english_uid}"), "fr").await));
    assert_eq!(english, preview(page(&app, &format!("/community/{english_uid}")).await));
    assert_eq!(tag(&english, "og:title"), "Lavalist Community game: Board games");
    assert_eq!(
        tag(&english, "og:description"),
        "Name all 10 things on the list before the lava rises. A new list every day."
    );
    assert_eq!(tag(&english, "og:image:alt"), "Community game: Board games");
    // With no game to speak for it, a page is in its reader's language.
    let french = tags(&html_as(&app, "/archive/not-a-date", "fr").await);
    assert_eq!(tag(&french, "og:image:alt"), "Lavalist : une nouvelle liste chaque jour");
    assert!(tag(&french, "og:image").ends_with("&locale=fr"), "{french:?}");
    let site = page(&app, "/archive/not-a-date").await;
    assert_eq!(
        tag(&site, "og:description"),
        "A daily list-guessing game: name all 10 things on today's list before the lava rises."
    );
    assert_eq!(tag(&site, "og:image:alt"), "Lavalist: a new list every day");
    assert!(tag(&site, "og:image").starts_with("https://lavalist.example/og/site.png?v="));
    assert!(!tag(&site, "og:image").contains("locale="), "English's address as before");
}

/// index.html's `<meta name="description">` in the page's language; English as the file is.
async fn the_page_s_description_follows_the_reader_s_language(backend: Backend) {
    let app = app(backend, |_| {});
    app.add_daily(0, "Things in a kitchen");
    let description = |html: &str| {
        let start = html.find(r#"<meta name="description" content=""#).expect("a description") + 34;
        html[start..start + html[start..].find('"').unwrap()].to_string()
    };
    let french = html_as(&app, "/", "fr-FR,fr;q=0.9,en;q=0.8").await;
    assert_eq!(
        description(&french),
        "Lavalist : trouve les dix choses de la liste du jour avant que la lave ne monte."
    );
    assert!(french.contains(r#"<html lang="fr" dir="ltr">"#), "{french}");
    let arabic = html_as(&app, "/explore", "ar").await;
    assert!(description(&arabic).starts_with("Lavalist: اذكر الإجابات العشر"), "{arabic}");
    // English: the file's own words, and a page with no preview is the file byte for byte.
    for accept in ["en-US,en;q=0.9", "nl"] {
        let english = html_as(&app, "/", accept).await;
        assert_eq!(
            description(&english),
            "Lavalist: name all ten things on today's list before the lava rises."
        );
        assert_eq!(html_as(&app, "/explore", accept).await, INDEX, "{accept}");
    }
}
