//! Explore's community lists (issue 25, points 2–4): Hot, New, Top (Bayesian) and Most played
//! on crafted data, keyset pages, categories and the language filter, and the dice.

use crate::common;

use actix_web::http::StatusCode;
use chrono::Duration;
use common::{answers, new_game, Backend, TestApp};
use diesel::Connection;
use game_core::{Category, GameKind};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::{insert_game, set_categories};
use lavalist::domains::games::totals::COUNT_BOUND;
use lavalist::platform::config::Config;
use serde_json::{json, Value};

const NOW: &str = "2026-06-10T12:00:00Z";
const DAY_MS: i64 = 86_400_000;
const PASSWORD: &str = "correct horse battery";

/// No per-address caps: every crafted result and rating comes from one test address.
fn uncapped(config: &mut Config) {
    config.submissions_per_ip_per_hour = 0;
    config.rate_limits = ["rating-ip=0/1h", "rating-account=0/1h", "rating-guest-ip=0/1h"]
        .iter()
        .map(|r| r.parse().unwrap())
        .collect();
}

/// An approved public community game made `age_ms` before the app's now.
fn game(app: &TestApp, prompt: &str, age_ms: i64, categories: &[Category], language: &str) -> String {
    let mut game = new_game(GameKind::Community, ReviewStatus::Approved, true, prompt, None);
    game.created_at = app.now().timestamp_millis() - age_ms;
    game.language = language.into();
    let mut conn = app.conn();
    let id = insert_game(&mut conn, &game).expect("insert");
    set_categories(&mut conn, id, categories).expect("categories");
    game.uid
}

async fn play(app: &TestApp, uid: &str, key: &str, found: usize) {
    let body = json!({"answers": answers(found), "userKey": key, "score": found * 100, "gameUid": uid});
    let res = app.post("/api/game/submit-community-game", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn play_and_rate(app: &TestApp, uid: &str, key: &str, stars: u8) {
    play(app, uid, key, 5).await;
    let res =
        app.post(&format!("/api/game/uid/{uid}/rating"), &json!({"userKey": key, "stars": stars})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn prompts(app: &TestApp, query: &str) -> Vec<String> {
    let res = app.get(&format!("/api/community-games-paginated?{query}")).await;
    assert_eq!(res.status, StatusCode::OK, "{query}: {:?}", res.body);
    res.body["games"].as_array().unwrap().iter().map(|g| g["prompt"].as_str().unwrap().to_string()).collect()
}

async fn sorts_order_crafted_games(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    // Busy a week ago: 40 plays then, nothing since.
    let old = game(&app, "Old busy", 8 * DAY_MS, &[Category::History], "en");
    app.advance(-Duration::days(7));
    for i in 0..40 {
        play(&app, &old, &format!("old-{i}"), 6).await;
    }
    app.advance(Duration::days(7));
    // Made this morning: a few plays, all five stars.
    let new = game(&app, "New good", 3 * 3_600_000, &[Category::Science], "en");
    for i in 0..3 {
        play_and_rate(&app, &new, &format!("new-{i}"), 5).await;
    }
    // Three 5-star votes against twenty votes averaging 4.6, both played a month ago.
    let few = game(&app, "Few fives", 40 * DAY_MS, &[Category::Music], "en");
    let many = game(&app, "Many good", 41 * DAY_MS, &[Category::Music], "en");
    app.advance(-Duration::days(35));
    for i in 0..3 {
        play_and_rate(&app, &few, &format!("few-{i}"), 5).await;
    }
    for i in 0..20 {
        play_and_rate(&app, &many, &format!("many-{i}"), if i < 12 { 5 } else { 4 }).await;
    }
    app.advance(Duration::days(35));

    let hot = prompts(&app, "").await;
    assert_eq!(hot[0], "New good", "hot is the default and a good new game leads it: {hot:?}");
    assert!(hot.iter().position(|p| p == "New good") < hot.iter().position(|p| p == "Old busy"), "{hot:?}");
    assert_eq!(prompts(&app, "sort=new").await, ["New good", "Old busy", "Few fives", "Many good"]);
    assert_eq!(prompts(&app, "sort=played").await[0], "Old busy");
    let top = prompts(&app, "sort=top").await;
    assert_eq!(top[0], "Many good", "twenty 4.6s beat three 5s: {top:?}");
    assert!(top.iter().position(|p| p == "Many good") < top.iter().position(|p| p == "Few fives"));
    assert_eq!(top[1], "Few fives");
    assert_eq!(prompts(&app, "sort=top&period=week").await, ["New good"]);
    assert_eq!(prompts(&app, "sort=top&period=month").await, ["New good", "Old busy"]);
    for bad in ["sort=best", "period=year&sort=top", "after=x:1:2", "sort=new&after=h:1:2", "language=e%20n"]
    {
        let res = app.get(&format!("/api/community-games-paginated?{bad}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}: {:?}", res.body);
        assert!(res.body["error"].is_string());
    }
}

async fn keyset_pages_follow_the_offset_pages(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    for i in 0..7 {
        let uid = game(&app, &format!("Game {i}"), i * 3_600_000, &[Category::Games], "en");
        for p in 0..(i % 3) {
            play(&app, &uid, &format!("k{i}-{p}"), 3).await;
        }
    }
    for sort in ["hot", "new", "top", "played"] {
        let all = prompts(&app, &format!("sort={sort}&limit=50")).await;
        let mut walked = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let cursor = after.as_ref().map(|a| format!("&after={a}")).unwrap_or_default();
            let res = app.get(&format!("/api/community-games-paginated?sort={sort}&limit=3{cursor}")).await;
            assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
            assert_eq!(res.body["total"], 7);
            walked.extend(
                res.body["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g["prompt"].as_str().unwrap().to_string()),
            );
            match res.body["next"].as_str() {
                Some(next) => after = Some(next.to_string()),
                None => break,
            }
        }
        assert_eq!(walked, all, "{sort}");
        let page2 = prompts(&app, &format!("sort={sort}&limit=3&page=2")).await;
        assert_eq!(page2, all[3..6], "{sort}: the page contract still holds");
    }
}

/// The schema's promise: `next` is absent on the last page, also when that page is full, for
/// every sort and whether the page was reached by number or by cursor.
async fn the_last_full_page_carries_no_next(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    for i in 0..6 {
        let uid = game(&app, &format!("Game {i}"), i * 3_600_000, &[Category::Games], "en");
        for p in 0..(i % 3) {
            play(&app, &uid, &format!("k{i}-{p}"), 3).await;
        }
    }
    for sort in ["hot", "new", "top", "played"] {
        let list = |query: String| {
            let app = &app;
            async move {
                let res = app.get(&format!("/api/community-games-paginated?sort={sort}&{query}")).await;
                assert_eq!(res.status, StatusCode::OK, "{sort} {query}: {:?}", res.body);
                res.body
            }
        };
        let first = list("limit=3".into()).await;
        let next = first["next"].as_str().unwrap_or_else(|| panic!("{sort}: page 1 of 2 has a next page"));
        let by_cursor = list(format!("limit=3&after={next}")).await;
        assert_eq!(by_cursor["games"].as_array().unwrap().len(), 3, "{sort}");
        assert!(by_cursor.get("next").is_none(), "{sort}: the last full page by cursor: {by_cursor:?}");
        let by_number = list("limit=3&page=2".into()).await;
        assert_eq!(by_number["games"], by_cursor["games"], "{sort}");
        assert!(by_number.get("next").is_none(), "{sort}: the last full page by number");
        let whole = list("limit=6".into()).await;
        assert!(whole.get("next").is_none(), "{sort}: one full page is the last");
        let short = list("limit=4&page=2".into()).await;
        assert_eq!(short["games"].as_array().unwrap().len(), 2);
        assert!(short.get("next").is_none(), "{sort}: a short last page");
    }
    let filtered = app.get("/api/community-games-paginated?category=games&limit=3&page=2").await;
    assert!(filtered.body.get("next").is_none(), "a filtered listing's last full page");
}

async fn categories_are_chosen_filtered_and_changed_by_admins(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    let maker = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let upload = |categories: Option<Value>| {
        let items: serde_json::Map<String, Value> =
            (1..=10).map(|i| (format!("Town {i}"), json!([]))).collect();
        let mut body = json!({"prompt": "Towns", "items": items});
        if let Some(categories) = categories {
            body["categories"] = categories;
        }
        body
    };
    let res = app.post_as("/api/game/upload", &maker, &upload(Some(json!(["geography", "history"])))).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["categories"], json!(["geography", "history"]));
    let uid = res.body["uid"].as_str().unwrap().to_string();
    let plain = app.post_as("/api/game/upload", &maker, &upload(None)).await;
    assert_eq!(plain.body["categories"], json!(["miscellaneous"]));
    for bad in [json!([]), json!(["sport", "music", "books", "nature"]), json!(["sport", "sport"])] {
        let res = app.post_as("/api/game/upload", &maker, &upload(Some(bad.clone()))).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(
            (res.body["code"].clone(), res.body["field"].clone()),
            (json!("categories"), json!("categories"))
        );
    }
    // An unknown name is the same form error as the other category problems, not bad JSON.
    for unknown in [json!(["cooking"]), json!(["geography", "cooking"])] {
        let res = app.post_as("/api/game/upload", &maker, &upload(Some(unknown.clone()))).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{unknown}");
        assert_eq!(
            (res.body["code"].clone(), res.body["field"].clone()),
            (json!("categories"), json!("categories")),
            "{unknown}: {:?}",
            res.body
        );
    }

    game(&app, "Rivers", DAY_MS, &[Category::Geography, Category::Nature], "en");
    game(&app, "Kings", 2 * DAY_MS, &[Category::History], "en");
    game(&app, "Fleuves", 3 * DAY_MS, &[Category::Geography], "fr");
    let geo = prompts(&app, "category=geography&sort=new").await;
    assert_eq!(geo, ["Rivers", "Fleuves"]);
    assert_eq!(prompts(&app, "category=geography&language=fr").await, ["Fleuves"]);
    assert_eq!(prompts(&app, "category=film-tv").await, Vec::<String>::new());
    assert_eq!(prompts(&app, "language=en&sort=new").await, ["Rivers", "Kings"]);
    assert_eq!(
        app.get("/api/community-games-paginated?category=cooking").await.status,
        StatusCode::BAD_REQUEST
    );

    // Admins change a game's categories in the editor.
    let edit = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    assert_eq!(edit.body["categories"], json!(["geography", "history"]));
    let body =
        json!({"prompt": "Towns", "public": true, "items": edit.body["items"], "categories": ["people"]});
    let req = actix_web::test::TestRequest::put()
        .uri(&format!("/api/game/edit/{uid}"))
        .insert_header(("authorization", format!("Bearer {admin}")))
        .set_json(&body);
    let saved = app.call(req).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["categories"], json!(["people"]));
    let req = actix_web::test::TestRequest::put()
        .uri(&format!("/api/game/edit/{uid}"))
        .insert_header(("authorization", format!("Bearer {admin}")))
        .set_json(json!({"prompt": "Towns", "public": true, "items": edit.body["items"], "categories": []}));
    assert_eq!(app.call(req).await.body["code"], "categories");
    let req = actix_web::test::TestRequest::put()
        .uri(&format!("/api/game/edit/{uid}"))
        .insert_header(("authorization", format!("Bearer {admin}")))
        .set_json(json!({"prompt": "Towns", "public": true, "items": edit.body["items"], "categories": ["cooking"]}));
    let unknown = app.call(req).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (unknown.body["code"].clone(), unknown.body["field"].clone()),
        (json!("categories"), json!("categories"))
    );
    let after = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    assert_eq!(after.body["categories"], json!(["people"]), "a refused edit changes nothing");

    // Made daily, the game is still a community game whose categories the editor changes.
    let made = app
        .call(
            actix_web::test::TestRequest::post()
                .uri(&format!("/api/admin/make-daily/{uid}"))
                .insert_header(("authorization", format!("Bearer {admin}"))),
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let daily = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    assert_eq!(
        (daily.body["type"].clone(), daily.body["categories"].clone()),
        (json!("community"), json!(["people"]))
    );
    assert!(daily.body["date"].is_string(), "{:?}", daily.body);
    let req = actix_web::test::TestRequest::put()
        .uri(&format!("/api/game/edit/{uid}"))
        .insert_header(("authorization", format!("Bearer {admin}")))
        .set_json(json!({"prompt": "Towns", "public": true, "items": daily.body["items"], "categories": ["history", "geography"]}));
    let saved = app.call(req).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["categories"], json!(["geography", "history"]));
}

async fn the_dice_skips_finished_and_unapproved_games(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    let open: Vec<String> =
        (0..3).map(|i| game(&app, &format!("Open {i}"), DAY_MS, &[Category::Games], "en")).collect();
    app.add_community("Unreviewed", ReviewStatus::Unreviewed, true);
    app.add_community("Private", ReviewStatus::Approved, false);
    app.add_community("Denied", ReviewStatus::Denied, true);
    for uid in &open[..2] {
        play(&app, uid, "dicer", 4).await;
    }
    for _ in 0..25 {
        let res = app.get_keyed("/api/community-games/random", "dicer").await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.body, json!({"uid": open[2]}), "the only approved game not finished");
    }
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let res = app.get("/api/community-games/random").await;
        let uid = res.body["uid"].as_str().expect("a game").to_string();
        assert!(open.contains(&uid), "only approved public games");
        seen.insert(uid);
    }
    assert_eq!(seen.len(), 3, "a guest without a key may land on any of them");
    play(&app, &open[2], "dicer", 4).await;
    assert_eq!(app.get_keyed("/api/community-games/random", "dicer").await.body, json!({}), "no archive yet");
    let day = app.add_daily(-3, "An old day");
    let res = app.get_keyed("/api/community-games/random", "dicer").await;
    assert_eq!(res.body, json!({"date": day.format("%Y-%m-%d").to_string()}), "falls back to an archive day");
    let token = app.sign_up("dana", "dana@example.com", PASSWORD).await;
    let res = app.get_as("/api/community-games/random", &token).await;
    assert!(res.body["uid"].is_string(), "the account has finished nothing");
    assert_eq!(app.get_keyed("/api/community-games/random", "acct:9").await.status, StatusCode::BAD_REQUEST);
}

/// A listing of more games than are counted on every request keeps its count for a minute (every
/// sort of the filter shares it); a small listing's total is exact at once.
async fn large_totals_are_kept_for_a_minute(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    let large = COUNT_BOUND + 5;
    {
        let mut conn = app.conn();
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            for i in 0..large {
                let mut game =
                    new_game(GameKind::Community, ReviewStatus::Approved, true, &format!("Bulk {i}"), None);
                game.created_at = app.now().timestamp_millis() - i * 60_000;
                let id = insert_game(conn, &game).expect("insert");
                let category = if i < 3 { Category::Geography } else { Category::Games };
                set_categories(conn, id, &[category]).expect("categories");
            }
            Ok(())
        })
        .expect("bulk insert");
    }
    let total = |query: &'static str| {
        let app = &app;
        async move {
            let res = app.get(&format!("/api/community-games-paginated?{query}")).await;
            assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
            res.body["total"].as_i64().unwrap()
        }
    };
    assert_eq!(total("").await, large);
    assert_eq!(total("category=geography").await, 3);
    game(&app, "Fresh rivers", 0, &[Category::Geography], "en");
    assert_eq!(total("category=geography").await, 4, "a small listing is counted every time");
    assert_eq!(total("sort=new").await, large, "a large one is kept, for every sort of the filter");
    app.advance(Duration::seconds(61));
    // A minute on, the request that finds the total old still shows it, and has it recounted
    // once it has answered.
    assert_eq!(total("sort=played").await, large, "shown while it is recounted");
    let mut recounted = total("sort=hot").await;
    for _ in 0..100 {
        if recounted == large + 1 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        recounted = total("sort=hot").await;
    }
    assert_eq!(recounted, large + 1, "recounted once a minute, off the request's path");
    assert_eq!(total("search=bulk%2010").await, 16, "Bulk 10, 100 to 109 and 1000 to 1004");
    // Pages past the first STRIDE rows start from a kept milestone: the games OFFSET would give.
    let bulk = |range: std::ops::Range<i64>| range.map(|i| format!("Bulk {i}")).collect::<Vec<_>>();
    // ("Fresh rivers", the newest game, comes first: row n of New is Bulk n - 1.)
    assert_eq!(prompts(&app, "sort=new&limit=10&page=101").await, bulk(999..1005));
    assert_eq!(prompts(&app, "sort=new&limit=7&page=143").await, bulk(993..1000), "before the milestone");
    assert_eq!(prompts(&app, "sort=new&limit=3&page=335").await, bulk(1001..1004), "within a block");
    let played = prompts(&app, "sort=played&limit=10&page=101").await;
    assert_eq!(played, bulk(0..6).into_iter().rev().collect::<Vec<_>>(), "no plays: the highest id first");
    assert!(prompts(&app, "sort=new&limit=10&page=102").await.is_empty(), "past the end");
    assert!(prompts(&app, "sort=new&limit=100&page=1000").await.is_empty());
    // A search matching more than COUNT_BOUND games: SQLite counts; PostgreSQL extrapolates from
    // how far through the table its first COUNT_BOUND + 1 matches were (no statistics yet, so the
    // planner expects few), then, once the words' statistics exist, shows its planner's estimate.
    // A page past the estimate's real end recounts.
    let within = |found: i64| match backend {
        Backend::Sqlite => found == large,
        Backend::Postgres => (found - large).abs() <= large / 20,
    };
    let bulk_total = total("search=bulk").await;
    assert!(within(bulk_total), "{bulk_total}");
    if matches!(backend, Backend::Postgres) {
        diesel::RunQueryDsl::execute(diesel::sql_query("ANALYZE games"), &mut app.conn()).expect("analyze");
    }
    app.advance(Duration::seconds(61));
    let bulk_total = total("search=bulk").await;
    assert!(within(bulk_total), "{bulk_total}");
    // With the words' statistics, a search they expect to be small is read at once: counted.
    assert_eq!(total("search=bulk%2010").await, 16, "Bulk 10, 100 to 109 and 1000 to 1004");
    // Its pages, read along the sort's index on PostgreSQL (row n of its New is Bulk n).
    assert_eq!(prompts(&app, "search=bulk&sort=new&limit=10&page=3").await, bulk(20..30));
    assert_eq!(
        prompts(&app, "search=bulk&sort=new&limit=10&page=101").await,
        bulk(1000..1005),
        "after a milestone"
    );
    let res = app.get("/api/community-games-paginated?search=bulk&sort=new&limit=10&page=2").await;
    let next = res.body["next"].as_str().expect("page 2 has a next page").to_string();
    let by_cursor = prompts(&app, &format!("search=bulk&sort=new&limit=10&after={next}")).await;
    assert_eq!(by_cursor, bulk(20..30), "by cursor");
    let last = bulk_total.max(large) / 10 + 2;
    let res = app.get(&format!("/api/community-games-paginated?search=bulk&limit=10&page={last}")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["games"].as_array().map(Vec::len), Some(0));
    assert_eq!(res.body["total"].as_i64(), Some(large), "past the end: counted");
    assert_eq!(total("search=bulk&sort=top").await, large, "and kept");
}

/// The search box finds games by their prompt's words, in any order and any script, the last
/// perhaps unfinished; text written without spaces is found anywhere in it.
async fn searches_find_words_in_every_script(backend: Backend) {
    let app = backend.app_at(NOW, uncapped);
    for (i, prompt) in [
        "Volcanoes of Iceland",
        "Крупнейшие города России",
        "日本の都市",
        "São Paulo's districts",
        "Ｔｏｋｙｏ wards",
        "Κρήτη: villages",
        "Rivers of 1943",
    ]
    .into_iter()
    .enumerate()
    {
        let category = if i % 2 == 0 { Category::Geography } else { Category::History };
        game(&app, prompt, i as i64 * 60_000, &[category], "en");
    }
    for (search, expected) in [
        ("iceland volc", vec!["Volcanoes of Iceland"]),
        ("ICELAND  Volcanoes", vec!["Volcanoes of Iceland"]),
        ("volc iceland", vec![]), // only the last word may be unfinished
        ("of", vec!["Volcanoes of Iceland", "Rivers of 1943"]),
        ("canoes", vec![]),
        ("volcanoes of italy", vec![]),
        ("ГОРОД", vec!["Крупнейшие города России"]),
        ("крупнеи", vec![]),
        ("都市", vec!["日本の都市"]),
        ("本の", vec!["日本の都市"]),
        ("sao paulos", vec!["São Paulo's districts"]),
        ("paulo's district", vec!["São Paulo's districts"]),
        ("tokyo", vec!["Ｔｏｋｙｏ wards"]),
        ("κρητη", vec!["Κρήτη: villages"]),
        ("1943", vec!["Rivers of 1943"]),
        ("% _", vec![]),
    ] {
        for sort in ["hot", "new", "top", "played"] {
            let encoded: String = search.bytes().map(|b| format!("%{b:02X}")).collect();
            let mut found = prompts(&app, &format!("search={encoded}&sort={sort}")).await;
            found.sort();
            let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
            expected.sort();
            assert_eq!(found, expected, "{search} ({sort})");
        }
    }
    // A search's games are kept for a minute, and read again at once after a game changed here.
    assert!(prompts(&app, "search=lava").await.is_empty());
    let pending = app.add_community("Lava lakes", ReviewStatus::Unreviewed, true);
    let lakes = game(&app, "Lava lakes of the world", 0, &[Category::Nature], "en");
    assert!(prompts(&app, "search=lava").await.is_empty(), "kept (a game stored behind the server's back)");
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let res =
        app.post_as(&format!("/api/admin/review-game/{pending}"), &admin, &json!({"approved": true})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mut lava = prompts(&app, "search=lava").await;
    lava.sort();
    assert_eq!(lava, ["Lava lakes", "Lava lakes of the world"], "{lakes}");
    app.advance(Duration::seconds(61));
    let mut geography = prompts(&app, "search=of&category=geography").await;
    geography.sort();
    assert_eq!(geography, ["Rivers of 1943", "Volcanoes of Iceland"]);
    assert!(prompts(&app, "search=of&category=history").await.is_empty());
}

on_both_backends_with_configs!(
    large_totals_are_kept_for_a_minute,
    searches_find_words_in_every_script,
    sorts_order_crafted_games,
    keyset_pages_follow_the_offset_pages,
    the_last_full_page_carries_no_next,
    categories_are_chosen_filtered_and_changed_by_admins,
    the_dice_skips_finished_and_unapproved_games,
);
