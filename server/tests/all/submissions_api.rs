//! Score submissions and stats, on SQLite and PostgreSQL.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::{answers, TestApp};
use game_core::calendar::today;
use lavalist::domains::games::model::ReviewStatus;
use serde_json::{json, Value};

on_both_backends!(
    stores_once_and_answers_repeats,
    concurrent_identical_submissions_count_once,
    rejects_bad_submissions,
    replays_action_logs,
    refuses_oversized_logs,
    stats_from_aggregates,
    community_submissions_and_stats,
    stats_bad_input,
);

fn daily(user_key: &str, found: usize, score: u32, date: &str) -> Value {
    json!({"answers": answers(found), "userKey": user_key, "score": score, "date": date})
}

async fn stores_once_and_answers_repeats(app: TestApp) {
    let date = app.add_daily(0, "Colours").to_string();
    let body = daily("player-1", 10, 980, &date);
    let first = app.post("/api/game/submit", &body).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["score"], 980);
    assert_eq!(first.body["won"], true);
    assert_eq!(first.body["date"], date.as_str());
    let repeat = app.post("/api/game/submit", &body).await;
    assert_eq!(repeat.status, StatusCode::OK);
    assert_eq!(repeat.body, first.body);
    let different = app.post("/api/game/submit", &daily("player-1", 9, 900, &date)).await;
    assert_eq!(different.status, StatusCode::CONFLICT);
    assert!(different.body["error"].is_string());
    let stats = app.get_keyed("/api/game/stats", "player-1").await;
    assert_eq!(stats.body["playerCount"], 1, "counted once");
    assert_eq!(stats.body["averageScore"], 980.0);
}

async fn concurrent_identical_submissions_count_once(app: TestApp) {
    let date = app.add_daily(0, "Metals").to_string();
    let body = daily("racer", 7, 650, &date);
    let responses =
        futures_util::future::join_all((0..24).map(|_| app.post("/api/game/submit", &body))).await;
    for res in &responses {
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["score"], 650);
    }
    let stats = app.get(&format!("/api/game/stats?date={date}")).await;
    assert_eq!(stats.body["playerCount"], 1);
    assert_eq!(stats.body["stats"]["1"], 1.0);
    assert_eq!(stats.body["stats"]["8"], 0.0);
}

async fn rejects_bad_submissions(app: TestApp) {
    let date = app.add_daily(0, "Trees").to_string();
    let old = app.add_daily(-2, "Old trees").to_string();
    let future = app.add_daily(1, "Future trees").to_string();
    let bad_json = ["{", "{\"answers\": [", "null", "[]", "\"text\""];
    for body in bad_json {
        let res = app.post_raw("/api/game/submit", body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(res.body["error"].is_string(), "{body}");
    }
    // An account's key is the server's to give: no browser may claim one.
    let res = app.post("/api/game/submit", &daily("acct:1", 3, 300, &date)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    let mut foreign = answers(3);
    foreign[0]["answerId"] = json!(11);
    let mut duplicated = answers(3);
    duplicated[1]["answerId"] = json!(1);
    let nine: Vec<Value> = answers(3).as_array().unwrap()[..9].to_vec();
    let cases: Vec<(Value, StatusCode)> = vec![
        (
            json!({"answers": answers(3), "userKey": "k", "score": "300", "date": date}),
            StatusCode::BAD_REQUEST,
        ),
        (json!({"answers": answers(3), "userKey": "k", "score": -10, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": "all", "userKey": "k", "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": answers(3), "userKey": 5, "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": answers(3), "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": answers(3), "userKey": "k", "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": answers(3), "userKey": "k", "score": 300}), StatusCode::BAD_REQUEST),
        (json!({"answers": foreign, "userKey": "k", "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": duplicated, "userKey": "k", "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (json!({"answers": nine, "userKey": "k", "score": 300, "date": date}), StatusCode::BAD_REQUEST),
        (daily("k", 3, 305, &date), StatusCode::BAD_REQUEST),
        (daily("k", 3, 400, &date), StatusCode::BAD_REQUEST),
        (daily("k", 10, 1010, &date), StatusCode::BAD_REQUEST),
        (daily("k", 10, 870, &date), StatusCode::BAD_REQUEST),
        (daily("", 3, 300, &date), StatusCode::BAD_REQUEST),
        (daily(&"k".repeat(200), 3, 300, &date), StatusCode::BAD_REQUEST),
        (daily("k", 3, 300, "2025-02-30"), StatusCode::BAD_REQUEST),
        (daily("k", 3, 300, &old), StatusCode::BAD_REQUEST),
        (daily("k", 3, 300, &future), StatusCode::BAD_REQUEST),
        (
            json!({"answers": answers(3), "userKey": "k", "score": 300, "gameUid": "nope"}),
            StatusCode::NOT_FOUND,
        ),
    ];
    for (body, status) in cases {
        let path = if body.get("gameUid").is_some() {
            "/api/game/submit-community-game"
        } else {
            "/api/game/submit"
        };
        let res = app.post(path, &body).await;
        assert_eq!(res.status, status, "{body}");
        assert!(res.body["error"].is_string(), "{body}");
    }
    let huge = json!({"answers": answers(3), "userKey": "x".repeat(100_000), "score": 300, "date": date});
    let res = app.post("/api/game/submit", &huge).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(res.body["error"].is_string());
    let form = app
        .call(
            TestRequest::post()
                .uri("/api/game/submit")
                .insert_header(("content-type", "text/plain"))
                .set_payload("x"),
        )
        .await;
    assert_eq!(form.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(form.body["error"].is_string());
    let stats = app.get("/api/game/stats").await;
    assert_eq!(stats.body["playerCount"], 0, "nothing was counted");
}

async fn replays_action_logs(app: TestApp) {
    let date = app.add_daily(0, "Birds").to_string();
    let mut actions: Vec<Value> = (1..=10).map(|i| json!({"guess": format!("Birds item {i}")})).collect();
    actions.insert(0, json!({"guess": "penguin"}));
    actions.insert(0, json!({"hint": "firstLetter"}));
    let claim = |key: &str, score: u32, actions: &Vec<Value>| json!({"answers": answers(10), "userKey": key, "score": score, "date": date, "actions": actions});
    let ok = app.post("/api/game/submit", &claim("replayer", 980, &actions)).await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["score"], 980);
    let mismatch = app.post("/api/game/submit", &claim("liar", 1000, &actions)).await;
    assert_eq!(mismatch.status, StatusCode::BAD_REQUEST);
    let mut after_end = actions.clone();
    after_end.push(json!({"guess": "one more"}));
    let refused = app.post("/api/game/submit", &claim("late", 980, &after_end)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let unfinished: Vec<Value> = actions[..5].to_vec();
    let res = app.post("/api/game/submit", &claim("quitter", 980, &unfinished)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let garbage = json!({"answers": answers(10), "userKey": "g", "score": 1000, "date": date, "actions": [{"dance": 1}]});
    assert_eq!(app.post("/api/game/submit", &garbage).await.status, StatusCode::BAD_REQUEST);
    let stats = app.get("/api/game/stats").await;
    assert_eq!(stats.body["playerCount"], 1);
}

/// A 60 KB log (under the 64 KB body limit) is refused with 400 `invalidResult` and nothing is
/// stored, whether its size comes from many actions or from one long guess.
async fn refuses_oversized_logs(app: TestApp) {
    let date = app.add_daily(0, "Trees").to_string();
    let claim = |key: &str, actions: Vec<Value>| json!({"answers": answers(0), "userKey": key, "score": 0, "date": date, "actions": actions});
    let mut many: Vec<Value> = (0..1_800).map(|i| json!({"guess": format!("wrong guess {i:09}")})).collect();
    many.push(json!({"giveUp": true}));
    let one_long = vec![json!({"guess": "x".repeat(60_000)}), json!({"giveUp": true})];
    let mut just_over: Vec<Value> =
        (0..game_core::rules::MAX_ACTIONS).map(|_| json!({"guess": "Trees item 1"})).collect();
    just_over.push(json!({"giveUp": true}));
    for (key, actions) in [("many", many), ("long", one_long), ("over", just_over)] {
        let body = claim(key, actions);
        let size = body.to_string().len();
        assert!(key == "over" || size > 60_000, "{key}: {size} bytes");
        let res = app.post("/api/game/submit", &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{key}: {:?}", res.body);
        assert_eq!(res.body["code"], "invalidResult", "{key}: {:?}", res.body);
    }
    let stats = app.get("/api/game/stats").await;
    assert_eq!(stats.body["playerCount"], 0, "nothing was stored");
}

async fn stats_from_aggregates(app: TestApp) {
    let date = app.add_daily(0, "Fruit").to_string();
    for (key, found, score) in [("a", 10, 1000), ("b", 10, 950), ("c", 5, 400), ("d", 0, 0)] {
        let res = app.post("/api/game/submit", &daily(key, found, score, &date)).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let stats = app.get_keyed(&format!("/api/game/stats?date={date}"), "b").await;
    assert_eq!(stats.status, StatusCode::OK);
    let body = &stats.body;
    assert_eq!(body["playerCount"], 4);
    assert_eq!(body["averageScore"], 587.5);
    assert_eq!(body["stats"]["1"], 0.75);
    assert_eq!(body["stats"]["6"], 0.5);
    assert_eq!(body["standing"], json!({"kind": "top", "percent": 50}), "b's 950: 2nd of 4");
    assert_eq!(body["playedStreak"], 1);
    assert_eq!(body["wonStreak"], 1);
    assert_eq!(
        body["histogram"],
        json!([{"bucket": 0, "players": 1}, {"bucket": 40, "players": 1}, {"bucket": 95, "players": 1}, {"bucket": 100, "players": 1}]),
        "the score distribution: buckets with players, lowest first"
    );
    let with_score = app.get("/api/game/stats?score=1000").await;
    assert_eq!(
        with_score.body["standing"],
        json!({"kind": "best", "tied": 1}),
        "a score no one stored ranks as a fifth player: level with a's 1000"
    );
    let loser = app.get_keyed("/api/game/stats", "c").await;
    assert_eq!((loser.body["playedStreak"].clone(), loser.body["wonStreak"].clone()), (json!(1), json!(0)));
    let stranger = app.get_keyed("/api/game/stats", "stranger").await;
    assert_eq!(stranger.body["standing"], Value::Null);
    assert_eq!(stranger.body["playedStreak"], 0);
}

async fn community_submissions_and_stats(app: TestApp) {
    let uid = app.add_community("Cheeses", ReviewStatus::Approved, true);
    let hidden = app.add_community("Hidden", ReviewStatus::Unreviewed, false);
    let body = json!({"answers": answers(4), "userKey": "fan", "score": 380, "gameUid": uid});
    let res = app.post("/api/game/submit-community-game", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["gameUid"], uid.as_str());
    assert_eq!(app.post("/api/game/submit-community-game", &body).await.status, StatusCode::OK);
    let hidden_body = json!({"answers": answers(4), "userKey": "fan", "score": 380, "gameUid": hidden});
    assert_eq!(app.post("/api/game/submit-community-game", &hidden_body).await.status, StatusCode::NOT_FOUND);
    let stats = app.get_keyed(&format!("/api/game/community-stats/{uid}"), "fan").await;
    assert_eq!(stats.status, StatusCode::OK);
    assert_eq!(stats.body["playerCount"], 1);
    assert_eq!(stats.body["standing"], json!({"kind": "first"}), "the only result");
    assert_eq!(stats.body["stats"]["4"], 1.0);
    assert_eq!(stats.body["playedStreak"], 0, "community games do not count toward daily streaks");
    let missing = app.get("/api/game/community-stats/nope").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body["error"], "Game uid not found.");
}

async fn stats_bad_input(app: TestApp) {
    app.add_daily(0, "Stones");
    let tomorrow = app.add_daily(1, "Tomorrow");
    let before = today(Utc::now()) - Duration::days(5);
    let cases = [
        ("/api/game/stats?date=2025-02-30".to_string(), StatusCode::BAD_REQUEST),
        ("/api/game/stats?score=abc".to_string(), StatusCode::BAD_REQUEST),
        ("/api/game/stats?score=-5".to_string(), StatusCode::BAD_REQUEST),
        (format!("/api/game/stats?date={before}"), StatusCode::NOT_FOUND),
        (format!("/api/game/stats?date={tomorrow}"), StatusCode::FORBIDDEN),
    ];
    for (path, status) in cases {
        let res = app.get(&path).await;
        assert_eq!(res.status, status, "{path}");
        assert!(res.body["error"].is_string(), "{path}");
    }
}

#[actix_rt::test]
async fn per_address_cap_limits_key_minting() {
    let app = TestApp::sqlite_with(|c| c.submissions_per_ip_per_hour = 2);
    let date = app.add_daily(0, "Capped").to_string();
    let peer: std::net::SocketAddr = "203.0.113.7:5000".parse().unwrap();
    let submit = |key: &str| {
        TestRequest::post().uri("/api/game/submit").peer_addr(peer).set_json(daily(key, 1, 100, &date))
    };
    assert_eq!(app.call(submit("one")).await.status, StatusCode::OK);
    assert_eq!(app.call(submit("two")).await.status, StatusCode::OK);
    let third = app.call(submit("three")).await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(third.headers.get("retry-after").is_some());
    assert!(third.body["error"].is_string());
    // A repeat of an accepted result is still answered, and another address is not affected.
    assert_eq!(app.call(submit("one")).await.status, StatusCode::OK);
    let other: std::net::SocketAddr = "[2001:db8::1]:5000".parse().unwrap();
    let res = app
        .call(
            TestRequest::post()
                .uri("/api/game/submit")
                .peer_addr(other)
                .set_json(daily("three", 1, 100, &date)),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
}

/// Behind a trusted proxy the cap counts the forwarded client, not the proxy; from an untrusted
/// peer a forged X-Forwarded-For changes nothing.
#[actix_rt::test]
async fn per_address_cap_counts_the_forwarded_client_behind_a_trusted_proxy() {
    let app = TestApp::sqlite_with(|c| {
        c.submissions_per_ip_per_hour = 1;
        c.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap()];
    });
    let date = app.add_daily(0, "Proxied").to_string();
    let submit = |peer: &str, forwarded: &str, key: &str| {
        TestRequest::post()
            .uri("/api/game/submit")
            .peer_addr(peer.parse().unwrap())
            .insert_header(("x-forwarded-for", forwarded.to_string()))
            .set_json(daily(key, 1, 100, &date))
    };
    assert_eq!(app.call(submit("10.0.0.1:1", "192.0.2.1", "a")).await.status, StatusCode::OK);
    assert_eq!(app.call(submit("10.0.0.1:1", "192.0.2.2", "b")).await.status, StatusCode::OK);
    let again = app.call(submit("10.0.0.1:1", "9.9.9.9, 192.0.2.2", "c")).await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.call(submit("198.51.100.3:1", "192.0.2.3", "d")).await.status, StatusCode::OK);
    let spoofed = app.call(submit("198.51.100.3:1", "192.0.2.4", "e")).await;
    assert_eq!(spoofed.status, StatusCode::TOO_MANY_REQUESTS);
}

/// Another process holding SQLite's write lock past the busy timeout: 503 with Retry-After,
/// never 500, and nothing stored; once the lock is gone the same result goes through.
#[actix_rt::test]
async fn locked_sqlite_answers_503() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    let app = TestApp::sqlite_with(|c| c.sqlite_busy_timeout_ms = 50);
    let date = app.add_daily(0, "Locked").to_string();
    let mut other = diesel::SqliteConnection::establish(&app.database_url).unwrap();
    other.batch_execute("BEGIN IMMEDIATE").unwrap();
    let body = daily("waiting", 2, 200, &date);
    let res = app.post("/api/game/submit", &body).await;
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers.get("retry-after").unwrap(), "1");
    assert!(res.body["error"].is_string());
    other.batch_execute("COMMIT").unwrap();
    assert_eq!(app.post("/api/game/submit", &body).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/game/stats").await.body["playerCount"], 1);
}
