//! Time-dependent rules through the public API, on an app whose clock the test moves: streaks
//! over several days, the grace window after New York midnight (EDT and EST), and future days
//! released at midnight. On SQLite and PostgreSQL.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{Duration, NaiveDate};
use common::{answers, Backend, TestApp};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    streaks_grow_reset_and_lapse_day_by_day,
    grace_window_after_midnight_in_summer_time,
    grace_window_after_midnight_in_winter_time,
    future_days_open_at_new_york_midnight,
    submission_cap_and_rate_limit_windows_follow_the_clock,
    cooldown_and_expiries_follow_the_clock,
    stored_times_and_make_daily_follow_the_clock,
);

fn date(text: &str) -> NaiveDate {
    game_core::calendar::parse_date(text).expect("a test date")
}

/// A daily result with an action log the server replays: all ten found (1000 points), or three
/// found before the eighth wrong guess (300 - 80 = 220 points).
fn played(user_key: &str, day: NaiveDate, won: bool) -> Value {
    let prompt = prompt_of(day);
    let found = if won { 10 } else { 3 };
    let mut actions: Vec<Value> =
        (1..=found).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
    if !won {
        actions.extend((1..=8).map(|i| json!({"guess": format!("nothing like it {i}")})));
    }
    let score = if won { 1000 } else { 220 };
    json!({"answers": answers(found), "userKey": user_key, "score": score, "date": day.to_string(), "actions": actions})
}

fn prompt_of(day: NaiveDate) -> String {
    format!("Day {day}")
}

fn seed_days(app: &TestApp, first: &str, count: i64) {
    for offset in 0..count {
        let day = date(first) + Duration::days(offset);
        app.add_daily_on(day, &prompt_of(day));
    }
}

async fn submit(app: &TestApp, body: &Value) -> common::Response {
    app.post("/api/game/submit", body).await
}

/// Plays `day` as `user_key` and expects the result to be taken.
async fn play(app: &TestApp, user_key: &str, day: NaiveDate, won: bool) {
    let res = submit(app, &played(user_key, day, won)).await;
    assert_eq!(res.status, StatusCode::OK, "{user_key} on {day} at {}: {:?}", app.now(), res.body);
    assert_eq!(res.body["won"], won);
}

/// `(playedStreak, wonStreak)` as the stats of `day` show them to `user_key` now.
async fn streaks(app: &TestApp, user_key: &str, day: NaiveDate) -> (Value, Value) {
    let res = app.get_keyed(&format!("/api/game/stats?date={day}"), user_key).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (res.body["playedStreak"].clone(), res.body["wonStreak"].clone())
}

fn pair(played: i64, won: i64) -> (Value, Value) {
    (json!(played), json!(won))
}

async fn streaks_grow_reset_and_lapse_day_by_day(backend: Backend) {
    // Noon in New York (EDT) on 2025-06-01; one game a day for ten days.
    let app = backend.app_at("2025-06-01T16:00:00Z", |_| {});
    seed_days(&app, "2025-06-01", 10);
    let day = |n: i64| date("2025-06-01") + Duration::days(n - 1);
    let next_day = || app.advance(Duration::days(1));

    assert_eq!(streaks(&app, "ada", day(1)).await, pair(0, 0), "nothing played yet");
    play(&app, "ada", day(1), true).await;
    assert_eq!(streaks(&app, "ada", day(1)).await, pair(1, 1));
    next_day();
    assert_eq!(app.today(), day(2));
    assert_eq!(streaks(&app, "ada", day(2)).await, pair(1, 1), "yesterday's streak holds until today ends");
    play(&app, "ada", day(2), true).await;
    assert_eq!(streaks(&app, "ada", day(2)).await, pair(2, 2));
    next_day();
    play(&app, "ada", day(3), false).await;
    assert_eq!(streaks(&app, "ada", day(3)).await, pair(3, 0), "a loss resets only the won streak");
    next_day();
    play(&app, "ada", day(4), true).await;
    play(&app, "bob", day(4), true).await;
    assert_eq!(streaks(&app, "ada", day(4)).await, pair(4, 1));

    // Day 5 is missed by both. During it the streaks still show; they lapse when it ends.
    next_day();
    assert_eq!(streaks(&app, "ada", day(5)).await, pair(4, 1));
    app.set_now("2025-06-06T03:59:59Z"); // 23:59:59 on day 5 in New York
    assert_eq!(streaks(&app, "ada", day(5)).await, pair(4, 1));
    app.set_now("2025-06-06T04:00:00Z"); // midnight: day 6
    assert_eq!(app.today(), day(6));
    assert_eq!(streaks(&app, "ada", day(6)).await, pair(0, 0), "the day after the gap");
    assert_eq!(streaks(&app, "ada", day(4)).await, pair(0, 0), "whichever day's stats are asked");
    // Bob comes back on the day after the gap: a new streak, not a sixth day.
    play(&app, "bob", day(6), true).await;
    assert_eq!(streaks(&app, "bob", day(6)).await, pair(1, 1));

    app.set_now("2025-06-07T16:00:00Z");
    assert_eq!(streaks(&app, "ada", day(7)).await, pair(0, 0), "the day after that");
    play(&app, "ada", day(7), true).await;
    assert_eq!(streaks(&app, "ada", day(7)).await, pair(1, 1), "a new streak");
    next_day();
    play(&app, "ada", day(8), false).await;
    assert_eq!(streaks(&app, "ada", day(8)).await, pair(2, 0));
    next_day();
    play(&app, "ada", day(9), true).await;
    assert_eq!(streaks(&app, "ada", day(9)).await, pair(3, 1));
    assert_eq!(streaks(&app, "bob", day(9)).await, pair(0, 0), "bob missed days 7 and 8");
}

async fn grace_window_after_midnight_in_summer_time(backend: Backend) {
    // 2025-06-02 starts at 04:00 UTC (EDT, UTC-4).
    grace_window(backend, "2025-06-02", "04").await;
}

async fn grace_window_after_midnight_in_winter_time(backend: Backend) {
    // 2025-01-15 starts at 05:00 UTC (EST, UTC-5): at 04:14 UTC it is still the 14th.
    grace_window(backend, "2025-01-15", "05").await;
}

/// `day` is a New York date that starts at `{day}T{midnight_hour}:00:00Z`.
async fn grace_window(backend: Backend, day: &str, midnight_hour: &str) {
    let at = |minutes: &str| format!("{day}T{midnight_hour}:{minutes}:00Z");
    let today = date(day);
    let (yesterday, before) = (today - Duration::days(1), today - Duration::days(2));
    let app = backend.app_at(&format!("{before}T18:00:00Z"), |_| {});
    seed_days(&app, &before.to_string(), 3);
    play(&app, "owl", before, true).await;

    // 00:14 in New York: yesterday's game still takes a result, and today's does too.
    app.set_now(&at("14"));
    assert_eq!(app.today(), today);
    play(&app, "owl", yesterday, true).await;
    play(&app, "lark", today, true).await;
    // It counts toward yesterday's streak: two days running, and shown as alive today.
    assert_eq!(streaks(&app, "owl", today).await, pair(2, 2));
    let stats = app.get(&format!("/api/game/stats?date={yesterday}")).await;
    assert_eq!(stats.body["playerCount"], 1, "counted in yesterday's game");

    // 00:16: yesterday's game is closed; today's is open.
    app.set_now(&at("16"));
    let late = submit(&app, &played("night", yesterday, true)).await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST, "{:?}", late.body);
    assert_eq!(late.body["code"], "notToday");
    assert!(late.body["error"].is_string());
    play(&app, "owl", today, false).await;
    assert_eq!(streaks(&app, "owl", today).await, pair(3, 0), "today continues yesterday's streak");
    let stats = app.get(&format!("/api/game/stats?date={yesterday}")).await;
    assert_eq!(stats.body["playerCount"], 1, "the refused result was not counted");
    let stats = app.get(&format!("/api/game/stats?date={today}")).await;
    assert_eq!(stats.body["playerCount"], 2);
    // The day before yesterday was closed all along.
    let old = submit(&app, &played("owl2", before, true)).await;
    assert_eq!((old.status, old.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("notToday")));
}

async fn future_days_open_at_new_york_midnight(backend: Backend) {
    // One second before midnight in New York (EDT) between June 1st and 2nd.
    let app = backend.app_at("2025-06-02T03:59:59Z", |_| {});
    seed_days(&app, "2025-05-30", 5); // May 30th to June 3rd
    let admin = app.sign_up_admin("chronos", "chronos@example.com").await;
    assert_eq!(app.today(), date("2025-06-01"));
    expect_not_released(&app, "2025-06-02").await;
    assert_eq!(previous_days(&app).await, ["2025-05-31", "2025-05-30"]);
    assert_eq!(future_days(&app, &admin).await, ["2025-06-02", "2025-06-03"]);
    let early = submit(&app, &played("eager", date("2025-06-02"), true)).await;
    assert_eq!((early.status, early.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("notToday")));

    app.set_now("2025-06-02T04:00:00Z");
    let res = app.get("/api/game/date/2025-06-02").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["prompt"], "Day 2025-06-02");
    assert_eq!(res.headers.get("cache-control").unwrap(), "public, no-cache");
    assert_eq!(app.get("/api/game/stats?date=2025-06-02").await.status, StatusCode::OK);
    play(&app, "eager", date("2025-06-02"), true).await;
    expect_not_released(&app, "2025-06-03").await;
    assert_eq!(previous_days(&app).await, ["2025-06-01", "2025-05-31", "2025-05-30"]);
    assert_eq!(future_days(&app, &admin).await, ["2025-06-03"]);

    // In winter the day starts an hour later in UTC: 04:59:59 is still the 14th of January.
    app.add_daily_on(date("2025-01-15"), "Day 2025-01-15");
    app.set_now("2025-01-15T04:59:59Z");
    expect_not_released(&app, "2025-01-15").await;
    assert_eq!(previous_days(&app).await, Vec::<String>::new(), "every seeded day is ahead again");
    app.set_now("2025-01-15T05:00:00Z");
    assert_eq!(app.get("/api/game/date/2025-01-15").await.status, StatusCode::OK);
    assert_eq!(future_days(&app, &admin).await.len(), 5, "May 30th to June 3rd");
}

/// A guest asking for `day`'s game or stats: 403 `notReleased`.
async fn expect_not_released(app: &TestApp, day: &str) {
    for path in [format!("/api/game/date/{day}"), format!("/api/game/stats?date={day}")] {
        let res = app.get(&path).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path} at {}", app.now());
        assert_eq!(res.body["code"], "notReleased", "{path}");
    }
}

fn dates(list: &Value) -> Vec<String> {
    let games = list["games"].as_array().expect("a games list");
    games.iter().map(|g| g["date"].as_str().expect("a date").to_string()).collect()
}

async fn previous_days(app: &TestApp) -> Vec<String> {
    let res = app.get("/api/previous-days").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["total"], dates(&res.body).len());
    dates(&res.body)
}

async fn future_days(app: &TestApp, admin: &str) -> Vec<String> {
    let res = app.get_as("/api/future-days", admin).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    dates(&res.body)
}

/// Posts `body` to `path` from the socket peer `peer`.
async fn post_from(app: &TestApp, peer: &str, path: &str, body: &Value) -> common::Response {
    let peer: std::net::SocketAddr = peer.parse().expect("a socket address");
    app.call(TestRequest::post().uri(path).peer_addr(peer).set_json(body)).await
}

/// A 429 whose `Retry-After` is exactly `secs`: on a standing clock the wait is exact.
fn assert_retry_after(res: &common::Response, secs: u64) {
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert_eq!(res.headers.get("retry-after").expect("Retry-After").to_str().unwrap(), secs.to_string());
}

async fn submission_cap_and_rate_limit_windows_follow_the_clock(backend: Backend) {
    let app = backend.app_at("2025-06-01T16:00:00Z", |c| {
        c.submissions_per_ip_per_hour = 1;
        c.rate_limits = vec!["login-ip=1/1h".parse().unwrap(), "login-account=off".parse().unwrap()];
    });
    let today = app.add_daily(0, &prompt_of(date("2025-06-01")));
    let peer = "203.0.113.7:5000";
    // The per-address cap counts results stored in the last hour of the app's clock.
    let result = |key: &str| played(key, today, true);
    assert_eq!(post_from(&app, peer, "/api/game/submit", &result("first")).await.status, StatusCode::OK);
    assert_retry_after(&post_from(&app, peer, "/api/game/submit", &result("second")).await, 3600);
    app.advance(Duration::seconds(3599));
    assert_retry_after(&post_from(&app, peer, "/api/game/submit", &result("second")).await, 1);
    app.advance(Duration::seconds(1));
    let res = post_from(&app, peer, "/api/game/submit", &result("second")).await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "an hour later the first result has left the window: {:?}",
        res.body
    );

    // A rate-limit bucket: one login attempt per hour from this address.
    let login = json!({"email": "nobody@example.com", "password": "not the password"});
    assert_eq!(post_from(&app, peer, "/api/auth/login", &login).await.status, StatusCode::UNAUTHORIZED);
    assert_retry_after(&post_from(&app, peer, "/api/auth/login", &login).await, 3600);
    app.advance(Duration::minutes(30));
    assert_retry_after(&post_from(&app, peer, "/api/auth/login", &login).await, 1800);
    app.advance(Duration::minutes(30));
    assert_eq!(post_from(&app, peer, "/api/auth/login", &login).await.status, StatusCode::UNAUTHORIZED);
}

async fn cooldown_and_expiries_follow_the_clock(backend: Backend) {
    let app = backend.app_at("2025-06-01T16:00:00Z", |c| c.token_days = 1);
    let signup = json!({"username": "tempo", "email": "tempo@example.com", "password": "correct horse battery", "adult": true});
    let verify = |code: String, signup_token: &Value| json!({"email": "tempo@example.com", "code": code, "signupToken": signup_token});

    // A sign-up code lives 10 minutes of the app's clock.
    let first = app.post("/api/auth/request-code", &signup).await;
    assert_eq!(first.status, StatusCode::OK);
    app.advance(Duration::minutes(10));
    let late = app
        .post(
            "/api/auth/verify-code",
            &verify(app.code_sent_to("tempo@example.com"), &first.body["signupToken"]),
        )
        .await;
    assert_eq!((late.status, late.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    let second = app.post("/api/auth/request-code", &signup).await;
    assert_eq!(second.status, StatusCode::OK);
    app.advance(Duration::minutes(10) - Duration::milliseconds(1));
    let res = app
        .post(
            "/api/auth/verify-code",
            &verify(app.code_sent_to("tempo@example.com"), &second.body["signupToken"]),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let token = res.body["token"].as_str().expect("a token").to_string();

    // The autofill cooldown (30 s) runs on the same clock.
    // A form autofill adds to: only such a use starts the cooldown.
    let form = json!({"prompt": "Countries", "items": ["United States", "Myanmar"]});
    let autofill = || app.post_as("/api/autofill-game-info", &token, &form);
    assert_eq!(autofill().await.status, StatusCode::OK);
    assert_retry_after(&autofill().await, 30);
    app.advance(Duration::milliseconds(29_500));
    assert_retry_after(&autofill().await, 1);
    app.advance(Duration::milliseconds(500));
    assert_eq!(autofill().await.status, StatusCode::OK);

    // A one-day login token: valid through its last second, refused after it.
    app.advance(Duration::days(1) - Duration::seconds(30) - Duration::milliseconds(1));
    assert_eq!(app.get_as("/api/user", &token).await.status, StatusCode::OK);
    app.advance(Duration::seconds(1));
    assert_eq!(app.get_as("/api/user", &token).await.status, StatusCode::UNAUTHORIZED);

    // A reset link lives an hour.
    let forgot = json!({"email": "tempo@example.com"});
    assert_eq!(app.post("/api/auth/forgot-password", &forgot).await.status, StatusCode::OK);
    let reset = |app: &TestApp| reset_body(app, "a brand new secret");
    let body = reset(&app);
    app.advance(Duration::hours(1));
    let res = app.post("/api/auth/reset-password", &body).await;
    assert_eq!((res.status, res.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("tokenExpired")));
    assert_eq!(app.post("/api/auth/forgot-password", &forgot).await.status, StatusCode::OK);
    let body = reset(&app);
    app.advance(Duration::minutes(59));
    assert_eq!(app.post("/api/auth/reset-password", &body).await.status, StatusCode::OK);
}

/// A reset-password body with the token of the newest reset e-mail.
fn reset_body(app: &TestApp, new_password: &str) -> Value {
    let message =
        app.outbox().into_iter().rev().find(|m| m.contains("reset-password?token=")).expect("a reset e-mail");
    let start = message.find("reset-password?token=").unwrap() + "reset-password?token=".len();
    json!({"token": &message[start..start + 64], "newPassword": new_password})
}

async fn stored_times_and_make_daily_follow_the_clock(backend: Backend) {
    let app = backend.app_at("2025-06-01T16:00:00Z", |_| {});
    let admin = app.sign_up_admin("keeper", "keeper@example.com").await;
    let items: serde_json::Map<String, Value> = (1..=10).map(|i| (format!("Moon {i}"), json!([]))).collect();
    let upload = json!({"prompt": "Moons", "items": items, "type": "community", "public": false});
    let res = app.post_as("/api/game/upload", &admin, &upload).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["updatedAt"], "2025-06-01T16:00:00.000Z");
    let uid = res.body["uid"].as_str().expect("a uid").to_string();

    app.set_now("2025-06-01T17:30:00.250Z");
    let edit: Vec<Value> =
        (1..=10).map(|i| json!({"id": i, "name": format!("Moon {i}"), "altSpellings": []})).collect();
    let edit = json!({"prompt": "Moons of Jupiter", "public": true, "items": edit});
    let path = format!("/api/game/edit/{uid}");
    let req = TestRequest::put().uri(&path).insert_header(("authorization", format!("Bearer {admin}")));
    let res = app.call(req.set_json(&edit)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["updatedAt"], "2025-06-01T17:30:00.250Z");

    app.set_now("2025-06-01T18:00:00Z");
    let res = app.post_as(&format!("/api/admin/review-game/{uid}"), &admin, &json!({"approved": true})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(app.get_as(&path, &admin).await.body["updatedAt"], "2025-06-01T18:00:00.000Z");

    // Make-daily takes the first free date after the app's today (June 1st; the 2nd is taken).
    app.add_daily_on(date("2025-06-02"), "Taken");
    let res = app.post_as(&format!("/api/admin/make-daily/{uid}"), &admin, &json!(null)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["date"], "2025-06-03");
}

/// The one-clock rule, kept: no server source but `clock.rs` reads the wall clock. (`Instant`
/// stays allowed: it measures durations, such as the game cache's TTL and request latency,
/// and no rule or stored time depends on it.)
#[test]
fn only_the_clock_reads_the_system_time() {
    const WALL_CLOCK_READS: [&str; 4] =
        ["Utc::now", "Local::now", "SystemTime::now", "get_current_timestamp"];
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    for file in rust_files(&src) {
        if file.ends_with("clock.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && WALL_CLOCK_READS.iter().any(|read| code.contains(read)) {
                offenders.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "read the time from AppState::clock instead:\n{}", offenders.join("\n"));
    assert!(rust_files(&src).iter().any(|f| f.ends_with("clock.rs")), "the scan saw the sources");
}

fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source directory").map(|e| e.expect("an entry").path()) {
        if entry.is_dir() {
            files.extend(rust_files(&entry));
        } else if entry.extension().is_some_and(|e| e == "rs") {
            files.push(entry);
        }
    }
    files
}
