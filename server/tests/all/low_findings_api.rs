//! The low findings of the security review of issue 21 (point 4), through the HTTP API on both
//! backends: group limits under concurrent joins, no userKey in any URL, private answers never
//! cached, one answer for every game a dispute may not see, and guests' report and dispute
//! allowances counted per address.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{answers, Backend, Response, TestApp};
use diesel::prelude::*;
use lavalist::domains::accounts::token::Session;
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::schema::{group_members, users};
use serde_json::{json, Value};

/// An account made straight in the database, with a login token: no argon2 work, so a test
/// can have many.
fn quick_user(app: &TestApp, name: &str) -> (String, i64) {
    let id: i64 = diesel::insert_into(users::table)
        .values((
            users::username.eq(name),
            users::username_lower.eq(name.to_lowercase()),
            users::email.eq(format!("{name}@example.com")),
            users::created_at.eq(0),
        ))
        .returning(users::id)
        .get_result(&mut *app.conn())
        .expect("insert a user");
    let now = app.state().clock.now_ms();
    let token = app.state().tokens.issue(id, Session { version: 0, login_ms: now }, 0, now).expect("a token");
    (token, id)
}

fn admin(app: &TestApp, name: &str) -> String {
    let (token, _) = quick_user(app, name);
    assert!(lavalist::domains::accounts::queries::set_admin(
        &mut app.conn(),
        &format!("{name}@example.com"),
        true
    )
    .expect("grant"));
    token
}

fn post_as(path: &str, token: &str, body: &Value) -> TestRequest {
    TestRequest::post().uri(path).insert_header(("authorization", format!("Bearer {token}"))).set_json(body)
}

/// Creates a group as `token`'s user; its id and invite code.
async fn create_group(app: &TestApp, token: &str, name: &str) -> (i64, String) {
    let res = app.post_as("/api/groups", token, &json!({"name": name})).await;
    assert_eq!(res.status, StatusCode::OK, "create: {:?}", res.body);
    (res.body["id"].as_i64().expect("an id"), res.body["inviteCode"].as_str().expect("a code").to_string())
}

fn members(app: &TestApp, group_id: i64) -> i64 {
    group_members::table
        .filter(group_members::group_id.eq(group_id))
        .count()
        .get_result(&mut *app.conn())
        .expect("count")
}

fn memberships(app: &TestApp, user_id: i64) -> i64 {
    group_members::table
        .filter(group_members::user_id.eq(user_id))
        .count()
        .get_result(&mut *app.conn())
        .expect("count")
}

/// Counts the answers by status; panics on a 5xx.
fn tally(answers: &[Response]) -> (usize, usize) {
    for res in answers {
        assert!(res.status.is_client_error() || res.status.is_success(), "{}: {:?}", res.status, res.body);
    }
    let ok = answers.iter().filter(|r| r.status == StatusCode::OK).count();
    let conflicts = answers.iter().filter(|r| r.status == StatusCode::CONFLICT).count();
    (ok, conflicts)
}

/// Ten players join a group with room for two more at once: two get in, eight are told it is
/// full, and the group never holds more than its limit.
async fn concurrent_joins_never_overfill_a_group(backend: Backend) {
    let app = backend.app(|config| config.max_group_members = 3);
    let (owner, _) = quick_user(&app, "owner");
    let (group, code) = create_group(&app, &owner, "Full house").await;
    let first =
        app.post_as(&format!("/api/groups/join/{code}"), &quick_user(&app, "second").0, &json!({})).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let joiners: Vec<String> = (0..10).map(|i| quick_user(&app, &format!("joiner{i}")).0).collect();
    let reqs = joiners.iter().map(|t| post_as(&format!("/api/groups/join/{code}"), t, &json!({}))).collect();
    let answers = app.call_all(reqs).await;
    let (ok, full) = tally(&answers);
    assert_eq!((ok, full), (1, 9), "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
    assert!(answers
        .iter()
        .filter(|r| r.status == StatusCode::CONFLICT)
        .all(|r| r.body["code"] == "groupFull"));
    assert_eq!(members(&app, group), 3);
}

/// A player joins ten groups at once with room for two: two joins pass, and the player never
/// belongs to more groups than allowed.
async fn concurrent_joins_never_exceed_the_groups_per_player(backend: Backend) {
    let app = backend.app(|config| config.max_groups_per_player = 2);
    let mut codes = Vec::new();
    for i in 0..10 {
        let (owner, _) = quick_user(&app, &format!("owner{i}"));
        codes.push(create_group(&app, &owner, &format!("Group {i}")).await.1);
    }
    let (player, player_id) = quick_user(&app, "joiner");
    let reqs = codes.iter().map(|c| post_as(&format!("/api/groups/join/{c}"), &player, &json!({}))).collect();
    let answers = app.call_all(reqs).await;
    let (ok, refused) = tally(&answers);
    assert_eq!((ok, refused), (2, 8), "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
    assert!(answers
        .iter()
        .filter(|r| r.status == StatusCode::CONFLICT)
        .all(|r| r.body["code"] == "tooManyGroups"));
    assert_eq!(memberships(&app, player_id), 2);
}

/// The same join sent several times at once (a double click, a retry): every one answers 200
/// with the same group, and the player is in it once.
async fn concurrent_repeat_joins_are_idempotent(backend: Backend) {
    let app = backend.app(|_| {});
    let (owner, _) = quick_user(&app, "owner");
    let (group, code) = create_group(&app, &owner, "Twice").await;
    let (player, player_id) = quick_user(&app, "clicker");
    let reqs = (0..5).map(|_| post_as(&format!("/api/groups/join/{code}"), &player, &json!({}))).collect();
    let answers = app.call_all(reqs).await;
    for res in &answers {
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body, answers[0].body);
    }
    assert_eq!(memberships(&app, player_id), 1);
    assert_eq!(members(&app, group), 2);
}

/// A daily result for today under `user_key`: all ten found.
fn won_today(app: &TestApp, user_key: &str) -> Value {
    let date = app.today();
    let prompt = "Key test";
    let actions: Vec<Value> = (1..=10).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
    json!({"answers": answers(10), "userKey": user_key, "score": 1000, "date": date.to_string(), "actions": actions})
}

/// No route takes a userKey in its URL: the API description names none in a query or a path,
/// one sent in a query string is not honoured, and the header is.
async fn no_route_takes_a_user_key_in_the_url(backend: Backend) {
    let app = backend.app(|_| {});
    let spec = app.get("/api/openapi.json").await;
    assert_eq!(spec.status, StatusCode::OK);
    let mut in_url = Vec::new();
    for (path, operations) in spec.body["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            for param in operation["parameters"].as_array().into_iter().flatten() {
                let name = param["name"].as_str().unwrap_or_default().to_lowercase().replace(['_', '-'], "");
                if name.contains("userkey") && param["in"] != "header" {
                    in_url.push(format!("{method} {path}: {param}"));
                }
            }
        }
    }
    assert!(in_url.is_empty(), "userKey in a URL: {in_url:?}");
    app.add_daily(0, "Key test");
    let res = app.post("/api/game/submit", &won_today(&app, "secret-browser-key")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let by_query = app.get("/api/game/stats?userKey=secret-browser-key").await;
    assert_eq!(by_query.status, StatusCode::OK, "{:?}", by_query.body);
    assert_eq!(by_query.body["standing"], Value::Null, "the query's key was honoured");
    assert_eq!(by_query.body["playedStreak"], 0);
    let by_header = app
        .call(TestRequest::get().uri("/api/game/stats").insert_header(("X-User-Key", "secret-browser-key")))
        .await;
    assert_eq!(by_header.status, StatusCode::OK, "{:?}", by_header.body);
    assert_eq!(by_header.body["playedStreak"], 1, "{:?}", by_header.body);
    assert_eq!(by_header.body["standing"], json!({"kind": "first"}), "{:?}", by_header.body);
    let disputes = app.get("/api/disputes?userKey=secret-browser-key").await;
    assert_eq!(disputes.status, StatusCode::BAD_REQUEST, "{:?}", disputes.body);
    let disputes = app
        .call(TestRequest::get().uri("/api/disputes").insert_header(("X-User-Key", "secret-browser-key")))
        .await;
    assert_eq!(disputes.status, StatusCode::OK, "{:?}", disputes.body);
}

fn cache_control(res: &Response) -> &str {
    res.headers.get("cache-control").map_or("", |v| v.to_str().unwrap_or_default())
}

/// Every answer that is one player's or an admin's says `Cache-Control: private, no-store`:
/// invite codes, progress, history, groups and their boards, the edit form, a player's
/// disputes and stats, the admins' pages; refusals included.
async fn private_answers_are_never_cached(backend: Backend) {
    let app = backend.app(|_| {});
    app.add_daily(0, "Cache test");
    let today = app.today();
    let (player, _) = quick_user(&app, "player");
    let admin = admin(&app, "boss");
    let (group, code) = create_group(&app, &player, "Private").await;
    let uid = app.add_community("Editable", ReviewStatus::Approved, true);
    let as_player = |path: &str| {
        TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {player}")))
    };
    let as_admin =
        |path: &str| TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {admin}")));
    let with_key = |path: &str| TestRequest::get().uri(path).insert_header(("X-User-Key", "some-browser"));
    let requests: Vec<(&str, TestRequest, bool)> = vec![
        ("create a group", post_as("/api/groups", &player, &json!({"name": "Another"})), true),
        ("groups", as_player("/api/groups"), true),
        ("group", as_player(&format!("/api/groups/{group}")), true),
        ("boards", as_player(&format!("/api/groups/{group}/boards")), false),
        ("regenerate", post_as(&format!("/api/groups/{group}/code"), &player, &json!({})), false),
        ("invite", as_player(&format!("/api/groups/join/{code}")), false),
        ("group ranks", as_player("/api/group-ranks"), false),
        ("progress", as_player(&format!("/api/progress?date={today}")), true),
        ("history", as_player("/api/history/days"), true),
        ("edit form", as_admin(&format!("/api/game/edit/{uid}")), true),
        ("review", as_admin("/api/admin/review-games"), true),
        ("admin disputes", as_admin("/api/admin/disputes"), true),
        ("admin reports", as_admin("/api/admin/reports"), true),
        ("insights", as_admin("/api/admin/insights"), false),
        ("future days", as_admin("/api/future-days"), true),
        ("own disputes", with_key("/api/disputes"), true),
        ("own stats", with_key("/api/game/stats"), true),
        ("account stats", as_player("/api/game/stats"), true),
        ("a guest's try at a group", TestRequest::get().uri(&format!("/api/groups/{group}")), false),
        ("a guest's try at the edit form", TestRequest::get().uri(&format!("/api/game/edit/{uid}")), false),
    ];
    for (what, req, must_succeed) in requests {
        let res = app.call(req).await;
        assert!(res.status.as_u16() < 500, "{what}: {} {:?}", res.status, res.body);
        if must_succeed {
            assert_eq!(res.status, StatusCode::OK, "{what}: {:?}", res.body);
        }
        assert_eq!(cache_control(&res), "private, no-store", "{what} ({})", res.status);
    }
    // The same answer for everyone stays cacheable.
    assert_ne!(cache_control(&app.get("/api/game/stats").await), "private, no-store");
}

/// A dispute of a game the viewer may not open (unreviewed, denied, private and unreviewed, a
/// future daily) answers exactly as one of an unknown uid: the same status and the same body.
async fn disputes_of_hidden_games_answer_as_unknown_ones(backend: Backend) {
    let app = backend.app(|_| {});
    let future = app.add_daily(3, "Future daily");
    let future_uid = lavalist::domains::games::queries::find_by_date(
        &mut app.conn(),
        lavalist::domains::games::editions::ENGLISH,
        future,
    )
    .expect("read")
    .expect("the future daily")
    .uid
    .clone();
    let hidden = [
        app.add_community("Unreviewed", ReviewStatus::Unreviewed, true),
        app.add_community("Denied", ReviewStatus::Denied, true),
        app.add_community("Private unreviewed", ReviewStatus::Unreviewed, false),
        future_uid,
    ];
    let body = json!({"userKey": "curious-guest", "guess": "anything"});
    let unknown = app.post("/api/game/uid/no-such-game/disputes", &body).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{:?}", unknown.body);
    for uid in &hidden {
        let res = app.post(&format!("/api/game/uid/{uid}/disputes"), &body).await;
        assert_eq!((res.status, &res.raw), (unknown.status, &unknown.raw), "{uid}: {:?}", res.body);
    }
    // A game the guest may open answers otherwise (no result of it is stored for this key).
    let open = app.add_community("Open", ReviewStatus::Approved, true);
    let res = app.post(&format!("/api/game/uid/{open}/disputes"), &body).await;
    assert_eq!(res.body["code"], "noResult", "{:?}", res.body);
}

/// A request from one address.
fn post_from(path: &str, body: &Value) -> TestRequest {
    let peer: std::net::SocketAddr = "203.0.113.7:4000".parse().expect("an address");
    TestRequest::post().uri(path).peer_addr(peer).set_json(body)
}

/// Guests who make up a new userKey for each report get no more than one player's allowance
/// per address (`report-guest-ip`, 10 an hour by default); a logged-in player on that address
/// still has theirs.
async fn guests_share_one_report_allowance_per_address(backend: Backend) {
    let app = backend.app(|_| {});
    let uids: Vec<String> =
        (0..3).map(|i| app.add_community(&format!("Reported {i}"), ReviewStatus::Approved, true)).collect();
    for i in 0..10 {
        let body = json!({"userKey": format!("fresh-key-{i}"), "reason": "spam"});
        let res = app.call(post_from(&format!("/api/game/uid/{}/report", uids[i % 3]), &body)).await;
        assert_eq!(res.status, StatusCode::OK, "report {i}: {:?}", res.body);
    }
    let body = json!({"userKey": "yet-another-key", "reason": "spam"});
    let res = app.call(post_from(&format!("/api/game/uid/{}/report", uids[0]), &body)).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert!(res.headers.get("retry-after").is_some());
    let (user, _) = quick_user(&app, "member");
    let res = app
        .call(
            post_from(&format!("/api/game/uid/{}/report", uids[1]), &body)
                .insert_header(("authorization", format!("Bearer {user}"))),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "a logged-in player: {:?}", res.body);
}

/// The same for disputes (`dispute-guest-ip`): every attempt counts, whichever key it names.
async fn guests_share_one_dispute_allowance_per_address(backend: Backend) {
    let app = backend.app(|config| config.rate_limits = vec!["dispute-guest-ip=3/1h".parse().unwrap()]);
    let uid = app.add_community("Disputed", ReviewStatus::Approved, true);
    let path = format!("/api/game/uid/{uid}/disputes");
    for i in 0..3 {
        let body = json!({"userKey": format!("fresh-key-{i}"), "guess": "anything"});
        let res = app.call(post_from(&path, &body)).await;
        assert_eq!(res.body["code"], "noResult", "dispute {i}: {:?}", res.body);
    }
    let res = app.call(post_from(&path, &json!({"userKey": "yet-another-key", "guess": "anything"}))).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert!(res.headers.get("retry-after").is_some());
}

on_both_backends_with_configs!(
    concurrent_joins_never_overfill_a_group,
    concurrent_joins_never_exceed_the_groups_per_player,
    concurrent_repeat_joins_are_idempotent,
    no_route_takes_a_user_key_in_the_url,
    private_answers_are_never_cached,
    disputes_of_hidden_games_answer_as_unknown_ones,
    guests_share_one_report_allowance_per_address,
    guests_share_one_dispute_allowance_per_address,
);
