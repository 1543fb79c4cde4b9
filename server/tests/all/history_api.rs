//! History that follows an account, on SQLite and PostgreSQL: a browser's results claimed at
//! sign-up and login (idempotent, exclusive, streaks equal to a recount), one result per game
//! for an account across devices, and the in-progress log two devices continue.

use crate::common;
use crate::recount;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::Duration;
use common::{answers, Backend, TestApp};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    claims_are_idempotent_and_exclusive,
    racing_claims_move_each_result_once,
    a_claim_leaves_games_the_account_already_played,
    an_account_keeps_one_result_per_game_across_devices,
    two_devices_continue_one_game,
    progress_refuses_invalid_logs_and_guests,
);

const START: &str = "2026-11-20T15:00:00Z";
const PASSWORD: &str = "correct horse battery";

fn daily(user_key: &str, found: usize, date: &str) -> Value {
    let score = found as u32 * 100;
    json!({"answers": answers(found), "userKey": user_key, "score": score, "date": date})
}

/// Signs up through the API, sending this browser's userKey; the token and the claimed count.
async fn sign_up_from(app: &TestApp, username: &str, user_key: &str) -> (String, Value) {
    let email = format!("{username}@example.com");
    let body = json!({"username": username, "email": email, "password": PASSWORD, "adult": true});
    let res = app.post("/api/auth/request-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "request-code: {:?}", res.body);
    let signup_token = res.body["signupToken"].as_str().unwrap().to_string();
    let code = app.code_sent_to(&email);
    let body = json!({"email": email, "code": code, "signupToken": signup_token, "userKey": user_key});
    let res = app.post("/api/auth/verify-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "verify-code: {:?}", res.body);
    (res.body["token"].as_str().unwrap().to_string(), res.body["claimed"].clone())
}

async fn log_in_from(app: &TestApp, username: &str, user_key: &str) -> (String, Value) {
    let body = json!({"email": format!("{username}@example.com"), "password": PASSWORD, "userKey": user_key});
    let res = app.post("/api/auth/login", &body).await;
    assert_eq!(res.status, StatusCode::OK, "login: {:?}", res.body);
    (res.body["token"].as_str().unwrap().to_string(), res.body["claimed"].clone())
}

async fn submit(app: &TestApp, token: Option<&str>, body: &Value) -> StatusCode {
    let res = match token {
        Some(token) => app.post_as("/api/game/submit", token, body).await,
        None => app.post("/api/game/submit", body).await,
    };
    res.status
}

fn assert_recount(app: &TestApp) {
    recount::assert_aggregates_match(&mut app.conn());
}

/// Two days won as a guest, then a sign-up claims both: the account's streak is 2 on any
/// device, the browser's key keeps nothing, the aggregates are unchanged. Claiming again, or
/// another account claiming the same key, moves nothing.
async fn claims_are_idempotent_and_exclusive(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let first = app.add_daily(0, "Rivers").to_string();
    assert_eq!(submit(&app, None, &daily("browser-a", 10, &first)).await, StatusCode::OK);
    app.advance(Duration::days(1));
    let second = app.add_daily(0, "Lakes").to_string();
    assert_eq!(submit(&app, None, &daily("browser-a", 10, &second)).await, StatusCode::OK);
    let before = app.get_keyed("/api/game/stats", "browser-a").await.body;
    assert_eq!((before["playedStreak"].clone(), before["wonStreak"].clone()), (json!(2), json!(2)));

    let (alice, claimed) = sign_up_from(&app, "alice", "browser-a").await;
    assert_eq!(claimed, 2);
    let mine = app.get_as("/api/game/stats", &alice).await.body;
    assert_eq!((mine["playedStreak"].clone(), mine["wonStreak"].clone()), (json!(2), json!(2)));
    assert_eq!(
        (&mine["standing"], &before["standing"]),
        (&json!({"kind": "first"}), &json!({"kind": "first"}))
    );
    assert_eq!(mine["playerCount"], 1, "the same results, a new owner");
    let left = app.get_keyed("/api/game/stats", "browser-a").await.body;
    assert_eq!((left["playedStreak"].clone(), left["standing"].clone()), (json!(0), Value::Null));
    assert_recount(&app);

    let (_, again) = log_in_from(&app, "alice", "browser-a").await;
    assert_eq!(again, 0, "idempotent");
    let (bob, theirs) = sign_up_from(&app, "bob", "browser-a").await;
    assert_eq!(theirs, 0, "a result already claimed stays with its account");
    let bobs = app.get_as("/api/game/stats", &bob).await.body;
    assert_eq!((bobs["playedStreak"].clone(), bobs["standing"].clone()), (json!(0), Value::Null));
    // A browser may never name an account's key, even to read its stats.
    let peek = app.get_keyed("/api/game/stats", "acct:1").await.body;
    assert_eq!((peek["playedStreak"].clone(), peek["standing"].clone()), (json!(0), Value::Null));
    assert_recount(&app);
}

/// Two accounts logging in at once from the same browser: each result moves exactly once.
async fn racing_claims_move_each_result_once(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let first = app.add_daily(0, "Rivers").to_string();
    let uid = app.add_community("Shapes", lavalist::domains::games::model::ReviewStatus::Approved, true);
    assert_eq!(submit(&app, None, &daily("shared", 10, &first)).await, StatusCode::OK);
    let community = json!({"answers": answers(3), "userKey": "shared", "score": 300, "gameUid": uid});
    assert_eq!(app.post("/api/game/submit-community-game", &community).await.status, StatusCode::OK);
    sign_up_from(&app, "alice", "alice-own").await;
    sign_up_from(&app, "bob", "bob-own").await;
    let login = |name: &str| {
        let body = json!({"email": format!("{name}@example.com"), "password": PASSWORD, "userKey": "shared"});
        TestRequest::post().uri("/api/auth/login").set_json(body)
    };
    let answers = app.call_all(vec![login("alice"), login("bob")]).await;
    let claimed: Vec<u64> = answers.iter().map(|a| a.body["claimed"].as_u64().expect("a count")).collect();
    assert_eq!(claimed.iter().sum::<u64>(), 2, "{claimed:?}");
    assert!(claimed.contains(&2), "one claim takes both results: {claimed:?}");
    assert_recount(&app);
}

/// A game the account already has a result for stays under the browser's key (its other games
/// move), and the account's streak is recounted over both devices' days.
async fn a_claim_leaves_games_the_account_already_played(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let (alice, _) = sign_up_from(&app, "alice", "phone").await;
    let first = app.add_daily(0, "Bridges").to_string();
    assert_eq!(
        submit(&app, None, &daily("laptop", 2, &first)).await,
        StatusCode::OK,
        "a guest on the laptop"
    );
    app.advance(Duration::days(1));
    let second = app.add_daily(0, "Towers").to_string();
    assert_eq!(submit(&app, Some(&alice), &daily("phone", 10, &second)).await, StatusCode::OK);
    assert_eq!(submit(&app, None, &daily("laptop", 4, &second)).await, StatusCode::OK);

    let (alice, claimed) = log_in_from(&app, "alice", "laptop").await;
    assert_eq!(claimed, 1, "only the first day moves");
    let mine = app.get_as("/api/game/stats", &alice).await.body;
    assert_eq!((mine["playedStreak"].clone(), mine["wonStreak"].clone()), (json!(2), json!(1)));
    let days = app.get_as("/api/history/days", &alice).await.body;
    assert_eq!(
        days,
        json!({"days": [{"date": first, "score": 200, "won": false}, {"date": second, "score": 1000, "won": true}]}),
        "the calendar's marks on every device"
    );
    assert_eq!(app.get("/api/history/days").await.status, StatusCode::UNAUTHORIZED);
    let first_day = app.get_as(&format!("/api/game/stats?date={first}"), &alice).await.body;
    assert_eq!(first_day["standing"], json!({"kind": "first"}), "the laptop's result is the account's now");
    let kept = app.get_keyed("/api/game/stats", "laptop").await.body;
    assert_eq!(
        kept["standing"],
        json!({"kind": "top", "percent": 100}),
        "the laptop keeps its own result for the second day: 400, below the phone's 1000"
    );
    assert_eq!(kept["playedStreak"], 1);
    assert_recount(&app);
}

/// Logged in on two devices (two userKeys), one account keeps one result per game.
async fn an_account_keeps_one_result_per_game_across_devices(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let date = app.add_daily(0, "Colours").to_string();
    let (alice, _) = sign_up_from(&app, "alice", "phone").await;
    let res = app.post_as("/api/game/submit", &alice, &daily("phone", 7, &date)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["userKey"], "phone", "the answer echoes the browser's key");
    assert_eq!(submit(&app, Some(&alice), &daily("laptop", 7, &date)).await, StatusCode::OK, "a repeat");
    assert_eq!(submit(&app, Some(&alice), &daily("laptop", 3, &date)).await, StatusCode::CONFLICT);
    let stats = app.get_keyed_as("/api/game/stats", "laptop", &alice).await.body;
    assert_eq!(stats["playerCount"], 1);
    assert_eq!(stats["playedStreak"], 1);
    assert_eq!(stats["standing"], json!({"kind": "first"}));
    let progress = app.get_as(&format!("/api/progress?date={date}"), &alice).await.body;
    assert_eq!(progress["finished"]["score"], 700, "the other device sees the finished game");
    assert_recount(&app);
}

fn guess(word: &str) -> Value {
    json!({"guess": word})
}

async fn put(app: &TestApp, token: &str, body: &Value) -> (StatusCode, Value) {
    let req = TestRequest::put()
        .uri("/api/progress")
        .insert_header(("authorization", format!("Bearer {token}")))
        .set_json(body);
    let res = app.call(req).await;
    (res.status, res.body)
}

/// The log that extends the other wins; a stale one gets the server's back; a diverged one gets
/// the server's with `diverged`; once the result is stored the game answers finished.
async fn two_devices_continue_one_game(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let date = app.add_daily(0, "Birds").to_string();
    let (alice, _) = sign_up_from(&app, "alice", "phone").await;
    let empty = app.get_as(&format!("/api/progress?date={date}"), &alice).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body, json!({"actions": [], "diverged": false, "finished": null}));

    let one = vec![guess("Birds item 1")];
    let two = vec![guess("Birds item 1"), json!({"hint": "length"})];
    let (status, body) = put(&app, &alice, &json!({"date": date, "actions": one})).await;
    assert_eq!((status, body["actions"].clone()), (StatusCode::OK, json!(one)));
    let (_, body) = put(&app, &alice, &json!({"date": date, "actions": two})).await;
    assert_eq!((body["actions"].clone(), body["diverged"].clone()), (json!(two), json!(false)), "extends");
    let (_, body) = put(&app, &alice, &json!({"date": date, "actions": one})).await;
    assert_eq!((body["actions"].clone(), body["diverged"].clone()), (json!(two), json!(false)), "stale");
    let other = vec![guess("Birds item 1"), guess("penguin")];
    let (_, body) = put(&app, &alice, &json!({"date": date, "actions": other})).await;
    assert_eq!((body["actions"].clone(), body["diverged"].clone()), (json!(two), json!(true)), "diverged");
    let other_device = app.get_as(&format!("/api/progress?date={date}"), &alice).await.body;
    assert_eq!(other_device["actions"], json!(two));

    let mut full = two.clone();
    full.extend((2..=10).map(|i| guess(&format!("Birds item {i}"))));
    let result =
        json!({"answers": answers(10), "userKey": "laptop", "score": 990, "date": date, "actions": full});
    let res = app.post_as("/api/game/submit", &alice, &result).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let (_, body) = put(&app, &alice, &json!({"date": date, "actions": two})).await;
    assert_eq!(body["actions"], json!([]));
    assert_eq!(body["finished"]["score"], 990);
    assert_eq!(body["finished"]["won"], true);
    assert_eq!(body["finished"]["actions"], json!(full), "the log to rebuild the game from");

    // A community game, named by its uid.
    let uid = app.add_community("Shapes", lavalist::domains::games::model::ReviewStatus::Approved, true);
    let (status, body) =
        put(&app, &alice, &json!({"gameUid": uid, "actions": [guess("Shapes item 3")]})).await;
    assert_eq!((status, body["actions"].clone()), (StatusCode::OK, json!([guess("Shapes item 3")])));
    let read = app.get_as(&format!("/api/progress?gameUid={uid}"), &alice).await.body;
    assert_eq!(read["actions"], json!([guess("Shapes item 3")]));
}

async fn progress_refuses_invalid_logs_and_guests(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let date = app.add_daily(0, "Trees").to_string();
    let future = app.add_daily(1, "Later trees").to_string();
    let (alice, _) = sign_up_from(&app, "alice", "phone").await;
    assert_eq!(app.get(&format!("/api/progress?date={date}")).await.status, StatusCode::UNAUTHORIZED);
    let guest = app
        .call(TestRequest::put().uri("/api/progress").set_json(json!({"date": date, "actions": []})))
        .await;
    assert_eq!(guest.status, StatusCode::UNAUTHORIZED);

    let mut over: Vec<Value> = (0..game_core::rules::MAX_ACTIONS).map(|_| guess("Trees item 1")).collect();
    over.push(guess("Trees item 2"));
    let mut after_end: Vec<Value> = (0..8).map(|i| guess(&format!("wrong {i}"))).collect();
    after_end.push(guess("Trees item 1"));
    let cases = [
        (json!({"date": date, "actions": over}), StatusCode::BAD_REQUEST),
        (json!({"date": date, "actions": after_end}), StatusCode::BAD_REQUEST),
        (json!({"date": date, "actions": [{"dance": 1}]}), StatusCode::BAD_REQUEST),
        (json!({"actions": []}), StatusCode::BAD_REQUEST),
        (json!({"date": date, "gameUid": "x", "actions": []}), StatusCode::BAD_REQUEST),
        (json!({"date": "2026-02-30", "actions": []}), StatusCode::BAD_REQUEST),
        (json!({"date": future, "actions": []}), StatusCode::FORBIDDEN),
        (json!({"date": "2020-01-01", "actions": []}), StatusCode::NOT_FOUND),
        (json!({"gameUid": "nope", "actions": []}), StatusCode::NOT_FOUND),
    ];
    for (body, expected) in cases {
        let (status, answer) = put(&app, &alice, &body).await;
        assert_eq!(status, expected, "{body}: {answer:?}");
        assert!(answer["error"].is_string(), "{body}");
    }
    let stored = app.get_as(&format!("/api/progress?date={date}"), &alice).await.body;
    assert_eq!(stored["actions"], json!([]), "nothing invalid was stored");
}
