//! Account basics through the HTTP API on SQLite and PostgreSQL: changing the password (this
//! device stays logged in, every other session ends), deleting the account (public aggregates
//! unchanged, login refused, e-mail and username reusable, groups handed over or deleted,
//! games kept or deleted), downloading one's data, the 18+ confirmation stored at sign-up, and
//! the privacy policy's settings.

use crate::common;
use crate::recount;

use actix_web::http::StatusCode;
use common::{answers, Backend, Response, TestApp};
use diesel::prelude::*;
use lavalist::domains::submissions::account_user_key;
use lavalist::platform::schema::{
    disputes, game_item_stats, game_score_counts, game_stats, games, reports, streaks, submissions, users,
};
use serde_json::{json, Map, Value};

on_both_backends_with_configs!(
    change_password_keeps_this_device_and_ends_the_others,
    wrong_current_passwords_count_like_failed_logins,
    deleting_an_account_keeps_the_aggregates_and_frees_the_email,
    a_wrong_password_deletes_nothing,
    the_export_holds_the_account_results_games_and_groups,
    sign_up_needs_and_stores_the_adult_confirmation,
    the_privacy_settings_are_public,
);

const START: &str = "2026-11-20T15:00:00Z";
const PASSWORD: &str = "correct horse battery";
const NEW_PASSWORD: &str = "a brand new secret";

fn user_id(app: &TestApp, name: &str) -> i64 {
    users::table.filter(users::username.eq(name)).select(users::id).first(&mut *app.conn()).expect("a user")
}

async fn login(app: &TestApp, email: &str, password: &str) -> Response {
    app.post("/api/auth/login", &json!({"email": email, "password": password})).await
}

fn assert_refused(res: &Response, status: StatusCode, code: &str, field: Option<&str>) {
    assert_eq!(res.status, status, "{:?}", res.body);
    assert_eq!(res.body["code"], code, "{:?}", res.body);
    assert!(res.body["error"].as_str().is_some_and(|e| !e.is_empty()), "{:?}", res.body);
    assert_eq!(res.body["field"].as_str(), field, "{:?}", res.body);
}

fn daily(found: usize, date: &str) -> Value {
    json!({"answers": answers(found), "userKey": "browser-key", "score": found as u32 * 100, "date": date})
}

fn community(found: usize, uid: &str, user_key: &str) -> Value {
    json!({"answers": answers(found), "userKey": user_key, "score": found as u32 * 100, "gameUid": uid})
}

fn upload_body(prompt: &str) -> Value {
    let items: Map<String, Value> = (1..=10).map(|i| (format!("{prompt} {i}"), json!([]))).collect();
    json!({"prompt": prompt, "items": items, "type": "community", "public": false})
}

async fn upload(app: &TestApp, token: &str, prompt: &str) -> String {
    let res = app.post_as("/api/game/upload", token, &upload_body(prompt)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["uid"].as_str().expect("a uid").to_string()
}

async fn new_group(app: &TestApp, token: &str, name: &str) -> (i64, String) {
    let res = app.post_as("/api/groups", token, &json!({"name": name})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (res.body["id"].as_i64().unwrap(), res.body["inviteCode"].as_str().unwrap().to_string())
}

async fn join(app: &TestApp, token: &str, code: &str) {
    let res = app.post_as(&format!("/api/groups/join/{code}"), token, &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// Every per-game aggregate row, in a fixed order.
type Aggregates = (Vec<(i64, i64, i64)>, Vec<(i64, i64, i64)>, Vec<(i64, i32, i64)>);

fn aggregates(app: &TestApp) -> Aggregates {
    let mut conn = app.conn();
    let stats = game_stats::table
        .order(game_stats::game_id)
        .select((game_stats::game_id, game_stats::player_count, game_stats::score_sum))
        .load(&mut conn)
        .unwrap();
    let items = game_item_stats::table
        .order((game_item_stats::game_id, game_item_stats::item_id))
        .select((game_item_stats::game_id, game_item_stats::item_id, game_item_stats::found_count))
        .load(&mut conn)
        .unwrap();
    let scores = game_score_counts::table
        .order((game_score_counts::game_id, game_score_counts::bucket))
        .select((game_score_counts::game_id, game_score_counts::bucket, game_score_counts::players))
        .load(&mut conn)
        .unwrap();
    (stats, items, scores)
}

/// A second device's login ends with the change; the device that changed it gets a token of
/// the new session; the old password stops working; a notice is mailed.
async fn change_password_keeps_this_device_and_ends_the_others(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let here = app.sign_up("olive", "olive@example.com", PASSWORD).await;
    let there = login(&app, "olive@example.com", PASSWORD).await.body["token"].as_str().unwrap().to_string();
    let path = "/api/user/password";
    let body = |current: &str, new: &str| json!({"currentPassword": current, "newPassword": new});

    assert_eq!(app.post(path, &body(PASSWORD, NEW_PASSWORD)).await.status, StatusCode::UNAUTHORIZED);
    assert_refused(
        &app.post_as(path, &here, &body("not my password", NEW_PASSWORD)).await,
        StatusCode::BAD_REQUEST,
        "wrongPassword",
        Some("currentPassword"),
    );
    for weak in ["short", "password", "aaaaaaaaaaaa"] {
        assert_refused(
            &app.post_as(path, &here, &body(PASSWORD, weak)).await,
            StatusCode::BAD_REQUEST,
            "invalidPassword",
            Some("newPassword"),
        );
    }
    assert_refused(
        &app.post_as(path, &here, &body(PASSWORD, PASSWORD)).await,
        StatusCode::BAD_REQUEST,
        "invalidPassword",
        Some("newPassword"),
    );
    let malformed = app.post_as(path, &here, &json!({"currentPassword": PASSWORD})).await;
    assert_refused(&malformed, StatusCode::BAD_REQUEST, "invalidJson", None);
    // Nothing was changed by the refusals: both devices are still in.
    for token in [&here, &there] {
        assert_eq!(app.get_as("/api/user", token).await.status, StatusCode::OK);
    }

    let changed = app.post_as(path, &here, &body(PASSWORD, NEW_PASSWORD)).await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    assert_eq!(changed.body["user"]["email"], "olive@example.com");
    let fresh = changed.body["token"].as_str().expect("a token for this device").to_string();
    assert_eq!(app.get_as("/api/user", &fresh).await.status, StatusCode::OK, "this device stays in");
    for old in [&here, &there] {
        assert_eq!(app.get_as("/api/user", old).await.status, StatusCode::UNAUTHORIZED, "other sessions end");
    }
    assert_eq!(login(&app, "olive@example.com", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(login(&app, "olive@example.com", NEW_PASSWORD).await.status, StatusCode::OK);
    let notice = app.outbox().into_iter().last().expect("a notice");
    assert!(notice.contains("To: olive@example.com") && notice.contains("password was changed"), "{notice}");
}

/// Each wrong current password counts in login's buckets for the account's e-mail: a stolen
/// token buys no more guesses than the login form.
async fn wrong_current_passwords_count_like_failed_logins(backend: Backend) {
    let app = backend.app(|config| config.rate_limits = vec!["login-account-all=3/1h".parse().unwrap()]);
    let token = app.sign_up("gus", "gus@example.com", PASSWORD).await;
    let wrong = json!({"currentPassword": "guess number one", "newPassword": NEW_PASSWORD});
    for _ in 0..2 {
        assert_eq!(app.post_as("/api/user/password", &token, &wrong).await.status, StatusCode::BAD_REQUEST);
    }
    let delete = app.post_as("/api/user/delete", &token, &json!({"password": "guess number three"})).await;
    assert_refused(&delete, StatusCode::BAD_REQUEST, "wrongPassword", Some("password"));
    let limited = app.post_as("/api/user/password", &token, &wrong).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", limited.body);
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(login(&app, "gus@example.com", PASSWORD).await.status, StatusCode::TOO_MANY_REQUESTS);
}

/// Alice plays a daily and a community game, files a dispute and a report, owns a group with a
/// member and one alone, belongs to Bob's group, and created a published and an unpublished
/// game. Deleting her account leaves every public aggregate as it was (and equal to a
/// recount), her results no one's, her shared group Bob's, her lone group gone, her published
/// game "deleted user"'s, her unpublished game gone, her tokens and password dead, and her
/// e-mail and username free for a new account that inherits nothing.
async fn deleting_an_account_keeps_the_aggregates_and_frees_the_email(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let date = app.add_daily(0, "Rivers").to_string();
    let alice = app.sign_up("alice", "alice@example.com", PASSWORD).await;
    let other_device =
        login(&app, "alice@example.com", PASSWORD).await.body["token"].as_str().unwrap().to_string();
    let bob = app.sign_up("bob", "bob@example.com", PASSWORD).await;
    let carol = app.sign_up("carol", "carol@example.com", PASSWORD).await;
    let alice_id = user_id(&app, "alice");

    // Results: Alice's and Bob's on the daily game; on Alice's published game, hers, Bob's and a
    // guest's.
    for (token, found) in [(&alice, 7), (&bob, 4)] {
        let res = app.post_as("/api/game/submit", token, &daily(found, &date)).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let published = upload(&app, &alice, "Alice's lakes").await;
    let unpublished = upload(&app, &alice, "Alice's drafts").await;
    diesel::update(games::table.filter(games::uid.eq(&published)))
        .set((games::status.eq("approved"), games::public.eq(true)))
        .execute(&mut *app.conn())
        .unwrap();
    app.state().games.invalidate();
    // Alice's play has its log, with a wrong guess she then disputes.
    let log = json!([{"guess": "zzz"}, {"guess": "Alice's lakes 1"}, {"guess": "Alice's lakes 2"}, {"giveUp": true}]);
    let game = lavalist::domains::games::queries::find_by_uid(&mut app.conn(), &published).unwrap().unwrap();
    let actions: Vec<game_core::Action> = serde_json::from_value(log.clone()).unwrap();
    let score = game_core::GameState::replay(game.def(), &actions).unwrap().score();
    let found = ["Alice's lakes 1", "Alice's lakes 2"];
    let answers: Vec<Value> = game
        .items
        .iter()
        .map(|i| json!({"answerId": i.id, "guessedCorrectly": found.contains(&i.name.as_str())}))
        .collect();
    let hers = json!({"answers": answers, "userKey": "guest-key", "score": score, "gameUid": published,
        "actions": log});
    let res = app.post_as("/api/game/submit-community-game", &alice, &hers).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    for (token, found) in [(Some(&bob), 2), (None, 5)] {
        let body = community(found, &published, "guest-key");
        let res = match token {
            Some(token) => app.post_as("/api/game/submit-community-game", token, &body).await,
            None => app.post("/api/game/submit-community-game", &body).await,
        };
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let own = app.post_as("/api/game/submit-community-game", &alice, &community(3, &unpublished, "k")).await;
    assert_eq!(own.status, StatusCode::OK, "{:?}", own.body);
    // A dispute of one of her wrong guesses and a report of another game.
    let other = app.add_community(
        "Someone's mountains",
        lavalist::domains::games::model::ReviewStatus::Approved,
        true,
    );
    let dispute = app
        .post_as(
            &format!("/api/game/uid/{published}/disputes"),
            &alice,
            &json!({"userKey": "k", "guess": "zzz"}),
        )
        .await;
    assert_eq!(dispute.status, StatusCode::OK, "{:?}", dispute.body);
    let report = app
        .post_as(
            &format!("/api/game/uid/{other}/report"),
            &alice,
            &json!({"userKey": "k", "reason": "spam", "details": "alice says so"}),
        )
        .await;
    assert_eq!(report.status, StatusCode::OK, "{:?}", report.body);
    // Groups: one shared with Bob (who joined first) and Carol, one alone, and Bob's.
    let (shared, shared_code) = new_group(&app, &alice, "Shared").await;
    join(&app, &bob, &shared_code).await;
    app.advance(chrono::Duration::seconds(1));
    join(&app, &carol, &shared_code).await;
    let (alone, _) = new_group(&app, &alice, "Alone").await;
    let (bobs, bobs_code) = new_group(&app, &bob, "Bob's").await;
    join(&app, &alice, &bobs_code).await;

    let stats_path = format!("/api/game/stats?date={date}");
    let daily_before = app.get(&stats_path).await.body;
    let community_path = format!("/api/game/community-stats/{published}");
    let community_before = app.get(&community_path).await.body;
    let published_id: i64 =
        games::table.filter(games::uid.eq(&published)).select(games::id).first(&mut *app.conn()).unwrap();
    let unpublished_id: i64 =
        games::table.filter(games::uid.eq(&unpublished)).select(games::id).first(&mut *app.conn()).unwrap();
    let keep = |a: Aggregates| -> Aggregates {
        (
            a.0.into_iter().filter(|r| r.0 != unpublished_id).collect(),
            a.1.into_iter().filter(|r| r.0 != unpublished_id).collect(),
            a.2.into_iter().filter(|r| r.0 != unpublished_id).collect(),
        )
    };
    let before = keep(aggregates(&app));
    recount::assert_aggregates_match(&mut app.conn());

    let deleted = app.post_as("/api/user/delete", &alice, &json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);

    // Public numbers: unchanged, and still equal to a recount of the stored results.
    assert_eq!(aggregates(&app), before);
    assert_eq!(app.get(&stats_path).await.body, daily_before);
    assert_eq!(app.get(&community_path).await.body, community_before);
    recount::assert_aggregates_match(&mut app.conn());
    // No longer hers: nothing under her key, nothing naming her.
    let mut conn = app.conn();
    let key = account_user_key(alice_id);
    let under_key: i64 =
        submissions::table.filter(submissions::user_key.eq(&key)).count().get_result(&mut conn).unwrap();
    assert_eq!(under_key, 0);
    let anonymous: Vec<(String, String)> = submissions::table
        .filter(submissions::user_key.like("deleted:%"))
        .select((submissions::user_key, submissions::ip))
        .load(&mut conn)
        .unwrap();
    assert_eq!(anonymous.len(), 2, "her daily and published-game results, still counted");
    assert!(anonymous.iter().all(|(k, ip)| k == &anonymous[0].0 && ip.is_empty()), "{anonymous:?}");
    let streak_keys: Vec<String> = streaks::table.select(streaks::user_key).load(&mut conn).unwrap();
    assert!(!streak_keys.contains(&key), "{streak_keys:?}");
    let named: i64 =
        disputes::table.filter(disputes::user_id.eq(alice_id)).count().get_result(&mut conn).unwrap();
    let reported: i64 =
        reports::table.filter(reports::user_id.eq(alice_id)).count().get_result(&mut conn).unwrap();
    assert_eq!((named, reported), (0, 0));
    let report_keys: Vec<String> = reports::table.select(reports::user_key).load(&mut conn).unwrap();
    assert!(report_keys.iter().all(|k| k.starts_with("deleted:")), "{report_keys:?}");
    let keys: Vec<String> = disputes::table.select(disputes::user_key).load(&mut conn).unwrap();
    assert_eq!(keys, [anonymous[0].0.clone()], "the dispute stays, under her results' new key");
    // Games: the published one stays, no one's; the unpublished one is gone.
    let kept: (Option<i64>, String) =
        games::table.find(published_id).select((games::owner_id, games::submitter)).first(&mut conn).unwrap();
    assert_eq!(kept, (None, "deleted user".to_string()));
    let gone: i64 = games::table.find(unpublished_id).count().get_result(&mut conn).unwrap();
    assert_eq!(gone, 0);
    drop(conn);
    // Groups: the shared one is Bob's (he joined before Carol), the lone one is gone, and she is
    // in no group.
    let shared_now = app.get_as(&format!("/api/groups/{shared}"), &bob).await;
    assert_eq!(shared_now.status, StatusCode::OK, "{:?}", shared_now.body);
    assert_eq!(shared_now.body["owned"], true);
    let members: Vec<&str> = shared_now.body["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["username"].as_str().unwrap())
        .collect();
    assert_eq!(members, ["bob", "carol"]);
    let bobs_now = app.get_as(&format!("/api/groups/{bobs}"), &bob).await.body;
    assert_eq!(bobs_now["members"].as_array().unwrap().len(), 1);
    let carols = app.get_as("/api/groups", &carol).await.body;
    assert_eq!(carols["groups"].as_array().unwrap().len(), 1);
    assert_eq!(app.get_as(&format!("/api/groups/{alone}"), &bob).await.body["code"], "groupNotFound");

    // Her tokens, on every device, and her password are dead.
    for token in [&alice, &other_device] {
        assert_eq!(app.get_as("/api/user", token).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(app.get_as("/api/user/export", token).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_refused(
        &login(&app, "alice@example.com", PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalidCredentials",
        None,
    );
    let again = app.post_as("/api/user/delete", &alice, &json!({"password": PASSWORD})).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    let farewell = app.outbox().into_iter().last().expect("a notice");
    assert!(farewell.contains("To: alice@example.com") && farewell.contains("deleted"), "{farewell}");

    // The e-mail and the username are free; the new account inherits nothing.
    let reborn = app.sign_up("Alice", "alice@example.com", PASSWORD).await;
    assert_ne!(user_id(&app, "Alice"), alice_id, "a tombstone keeps its id");
    let days = app.get_as("/api/history/days", &reborn).await;
    assert_eq!(days.status, StatusCode::OK, "{:?}", days.body);
    assert_eq!(days.body["days"], json!([]), "{:?}", days.body);
    let export = app.get_as("/api/user/export", &reborn).await.body;
    assert_eq!(export["results"], json!([]));
    assert_eq!(export["groups"], json!([]));
    assert_eq!(export["games"], json!([]));
    recount::assert_aggregates_match(&mut app.conn());
}

/// A wrong password (or none) deletes nothing.
async fn a_wrong_password_deletes_nothing(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let date = app.add_daily(0, "Rivers").to_string();
    let token = app.sign_up("dora", "dora@example.com", PASSWORD).await;
    assert_eq!(app.post_as("/api/game/submit", &token, &daily(6, &date)).await.status, StatusCode::OK);
    let (group, _) = new_group(&app, &token, "Mine").await;
    let before = aggregates(&app);
    assert_eq!(
        app.post("/api/user/delete", &json!({"password": PASSWORD})).await.status,
        StatusCode::UNAUTHORIZED
    );
    let wrong = app.post_as("/api/user/delete", &token, &json!({"password": "not it at all"})).await;
    assert_refused(&wrong, StatusCode::BAD_REQUEST, "wrongPassword", Some("password"));
    let missing = app.post_as("/api/user/delete", &token, &json!({})).await;
    assert_refused(&missing, StatusCode::BAD_REQUEST, "invalidJson", None);
    let huge = app.post_as("/api/user/delete", &token, &json!({"password": "x".repeat(10_000)})).await;
    assert_refused(&huge, StatusCode::BAD_REQUEST, "wrongPassword", Some("password"));
    assert_eq!(aggregates(&app), before);
    assert_eq!(app.get_as("/api/user", &token).await.status, StatusCode::OK);
    assert_eq!(app.get_as(&format!("/api/groups/{group}"), &token).await.status, StatusCode::OK);
    let key = account_user_key(user_id(&app, "dora"));
    let mine: i64 = submissions::table
        .filter(submissions::user_key.eq(&key))
        .count()
        .get_result(&mut *app.conn())
        .unwrap();
    assert_eq!(mine, 1);
    assert_eq!(login(&app, "dora@example.com", PASSWORD).await.status, StatusCode::OK);
}

/// The download: an attachment never cached, with the account (18+ date included), each
/// result with the items found, the games created and the groups with the player's role;
/// 401 for guests, rate-limited per account.
async fn the_export_holds_the_account_results_games_and_groups(backend: Backend) {
    let app =
        backend.app_at(START, |config| config.rate_limits = vec!["export-account=2/1h".parse().unwrap()]);
    let date = app.add_daily(0, "Rivers").to_string();
    let token = app.sign_up("erin", "erin@example.com", PASSWORD).await;
    let friend = app.sign_up("fred", "fred@example.com", PASSWORD).await;
    assert_eq!(app.post_as("/api/game/submit", &token, &daily(3, &date)).await.status, StatusCode::OK);
    let uid = upload(&app, &token, "Erin's seas").await;
    new_group(&app, &token, "Erin's group").await;
    let (_, code) = new_group(&app, &friend, "Fred's group").await;
    join(&app, &token, &code).await;

    assert_eq!(app.get("/api/user/export").await.status, StatusCode::UNAUTHORIZED);
    let res = app.get_as("/api/user/export", &token).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let header = |name: &str| res.headers.get(name).map(|v| v.to_str().unwrap().to_string());
    assert!(header("content-disposition").is_some_and(|v| v.starts_with("attachment")), "{:?}", res.headers);
    assert_eq!(header("cache-control").as_deref(), Some("private, no-store"));
    let data = &res.body;
    assert_eq!(data["account"]["username"], "erin");
    assert_eq!(data["account"]["email"], "erin@example.com");
    assert_eq!(data["account"]["verified"], true);
    assert_eq!(data["account"]["createdAt"], "2026-11-20T15:00:00.000Z");
    assert_eq!(data["account"]["adultConfirmedAt"], "2026-11-20T15:00:00.000Z");
    let results = data["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["dailyDay"], date.as_str());
    assert_eq!(results[0]["score"], 300);
    assert_eq!(results[0]["found"], 3);
    assert_eq!(results[0]["answersFound"], json!(["Rivers item 1", "Rivers item 2", "Rivers item 3"]));
    assert_eq!(data["games"][0]["uid"], uid.as_str());
    assert_eq!(data["games"][0]["items"].as_array().unwrap().len(), 10);
    let roles: Vec<(&str, &str)> = data["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["name"].as_str().unwrap(), g["role"].as_str().unwrap()))
        .collect();
    assert_eq!(roles, [("Erin's group", "owner"), ("Fred's group", "member")]);
    assert_eq!(data["disputes"], json!([]));
    assert_eq!(data["reports"], json!([]));
    assert!(data.get("password").is_none() && !res.raw.windows(7).any(|w| w == b"argon2i"), "no hash");

    assert_eq!(app.get_as("/api/user/export", &token).await.status, StatusCode::OK);
    let limited = app.get_as("/api/user/export", &token).await;
    assert_refused(&limited, StatusCode::TOO_MANY_REQUESTS, "tooManyRequests", None);
    assert_eq!(app.get_as("/api/user/export", &friend).await.status, StatusCode::OK, "per account");
}

/// Sign-up refuses a request without the 18+ confirmation (a field error, nothing stored) and
/// stores when it was given.
async fn sign_up_needs_and_stores_the_adult_confirmation(backend: Backend) {
    let app = backend.app_at(START, |_| {});
    let body = |adult: Option<bool>| {
        let mut body = json!({"username": "yara", "email": "yara@example.com", "password": PASSWORD});
        if let Some(adult) = adult {
            body["adult"] = json!(adult);
        }
        body
    };
    for refused in [None, Some(false)] {
        let res = app.post("/api/auth/request-code", &body(refused)).await;
        assert_refused(&res, StatusCode::BAD_REQUEST, "required", Some("adult"));
    }
    assert!(app.outbox().is_empty(), "no code was sent");
    let not_a_bool = app
        .post(
            "/api/auth/request-code",
            &json!({"username": "yara", "email": "yara@example.com",
        "password": PASSWORD, "adult": "yes"}),
        )
        .await;
    assert_refused(&not_a_bool, StatusCode::BAD_REQUEST, "invalidJson", None);

    let res = app.post("/api/auth/request-code", &body(Some(true))).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    app.advance(chrono::Duration::minutes(3));
    let code = app.code_sent_to("yara@example.com");
    let verify = json!({"email": "yara@example.com", "code": code, "signupToken": res.body["signupToken"]});
    assert_eq!(app.post("/api/auth/verify-code", &verify).await.status, StatusCode::OK);
    let stored: (Option<i64>, i64) = users::table
        .filter(users::username.eq("yara"))
        .select((users::adult_confirmed_at, users::created_at))
        .first(&mut *app.conn())
        .unwrap();
    let asked = common::instant(START).timestamp_millis();
    assert_eq!(stored, (Some(asked), asked + 3 * 60 * 1000), "confirmed at request-code, created at verify");
}

/// The privacy policy's contact and date come from the settings, for anyone.
async fn the_privacy_settings_are_public(backend: Backend) {
    let app = backend.app(|_| {});
    let res = app.get("/api/privacy").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body, json!({"updated": "2026-11-25"}));
    let app = backend.app(|config| {
        config.privacy_contact = Some(" privacy@lavalist.example ".into());
        config.privacy_updated = chrono::NaiveDate::from_ymd_opt(2027, 1, 2).unwrap();
    });
    let res = app.get("/api/privacy").await;
    assert_eq!(res.body, json!({"contact": "privacy@lavalist.example", "updated": "2027-01-02"}));
    assert_ne!(res.headers.get("cache-control").unwrap(), "private, no-store");
}
