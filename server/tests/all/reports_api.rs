//! Reports of community games and the admins' insights, through the HTTP API on both backends.

use crate::common;

use std::net::SocketAddr;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::Duration;
use common::{answers, Backend, Response, TestApp};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::config::Config;
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

fn report(user_key: &str, reason: &str) -> Value {
    json!({"userKey": user_key, "reason": reason, "details": format!("{user_key} says {reason}")})
}

async fn report_as(app: &TestApp, uid: &str, token: Option<&str>, body: &Value) -> Response {
    let path = format!("/api/game/uid/{uid}/report");
    match token {
        Some(token) => app.post_as(&path, token, body).await,
        None => app.post(&path, body).await,
    }
}

async fn a_player_reports_a_community_game_once(backend: Backend) {
    let app = backend.app(|_| {});
    let uid = app.add_community("Reported rivers", ReviewStatus::Approved, true);
    let first = report_as(&app, &uid, None, &report("guest-1", "offensive")).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let again = report_as(&app, &uid, None, &json!({"userKey": "guest-1", "reason": "spam"})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.body["code"], "alreadyReported");
    assert_eq!(report_as(&app, &uid, None, &report("guest-2", "wrong-answers")).await.status, StatusCode::OK);

    // A logged-in player is one reporter whatever userKey the browser sends.
    let player = app.sign_up("rita", "rita@example.com", PASSWORD).await;
    assert_eq!(
        report_as(&app, &uid, Some(&player), &report("rita-phone", "spoiler")).await.status,
        StatusCode::OK
    );
    let other_device = report_as(&app, &uid, Some(&player), &report("rita-laptop", "spoiler")).await;
    assert_eq!(other_device.body["code"], "alreadyReported");

    // Bad input: nothing stored.
    let cases = [
        (json!({"userKey": "guest-3", "reason": "boring"}), StatusCode::BAD_REQUEST),
        (json!({"userKey": "", "reason": "spam"}), StatusCode::BAD_REQUEST),
        (
            json!({"userKey": "guest-3", "reason": "other", "details": "x".repeat(501)}),
            StatusCode::BAD_REQUEST,
        ),
        (json!({"reason": "spam"}), StatusCode::BAD_REQUEST),
    ];
    for (body, status) in cases {
        let res = report_as(&app, &uid, None, &body).await;
        assert_eq!(res.status, status, "{body}: {:?}", res.body);
        assert!(res.body["error"].is_string());
    }
    let long = report_as(
        &app,
        &uid,
        None,
        &json!({"userKey": "guest-3", "reason": "other", "details": "x".repeat(501)}),
    )
    .await;
    assert_eq!((long.body["code"].as_str(), long.body["field"].as_str()), (Some("tooLong"), Some("details")));
    let exactly = json!({"userKey": "guest-3", "reason": "other", "details": "é".repeat(500)});
    assert_eq!(report_as(&app, &uid, None, &exactly).await.status, StatusCode::OK, "500 characters fit");

    // Only community games a player can see.
    let hidden = app.add_community("Unreviewed", ReviewStatus::Unreviewed, true);
    assert_eq!(
        report_as(&app, &hidden, None, &report("guest-4", "spam")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        report_as(&app, "Nope123456", None, &report("guest-4", "spam")).await.status,
        StatusCode::NOT_FOUND
    );
    let admin = app.sign_up_admin("ada", "ada@example.com").await;
    let listed = app.get_as("/api/admin/reports", &admin).await;
    assert_eq!(listed.body["games"][0]["reports"], 4, "{:?}", listed.body);
}

fn two_reports_an_hour(config: &mut Config) {
    config.rate_limits = vec!["report-ip=2/1h".parse().unwrap()];
}

async fn reports_are_rate_limited_per_address(backend: Backend) {
    let app = backend.app(two_reports_an_hour);
    let uids: Vec<String> =
        (0..3).map(|i| app.add_community(&format!("Game {i}"), ReviewStatus::Approved, true)).collect();
    let from = |peer: &str, uid: &str| {
        let peer: SocketAddr = peer.parse().unwrap();
        TestRequest::post()
            .uri(&format!("/api/game/uid/{uid}/report"))
            .peer_addr(peer)
            .set_json(report("k", "spam"))
    };
    assert_eq!(app.call(from("198.51.100.1:1", &uids[0])).await.status, StatusCode::OK);
    assert_eq!(app.call(from("198.51.100.1:1", &uids[1])).await.status, StatusCode::OK);
    let limited = app.call(from("198.51.100.1:1", &uids[2])).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(app.call(from("203.0.113.9:1", &uids[2])).await.status, StatusCode::OK);
}

async fn admins_see_reported_games_and_dismiss_or_hide(backend: Backend) {
    let app = backend.app(|_| {});
    let admin = app.sign_up_admin("ada", "ada@example.com").await;
    let player = app.sign_up("pim", "pim@example.com", PASSWORD).await;
    let busy = app.add_community("Busy game", ReviewStatus::Approved, true);
    let quiet = app.add_community("Quiet game", ReviewStatus::Approved, true);
    for (key, reason) in [("a", "offensive"), ("b", "spam"), ("c", "offensive")] {
        assert_eq!(report_as(&app, &busy, None, &report(key, reason)).await.status, StatusCode::OK);
    }
    let bare = json!({"userKey": "a", "reason": "spoiler"});
    assert_eq!(report_as(&app, &quiet, None, &bare).await.status, StatusCode::OK);

    assert_eq!(app.get("/api/admin/reports").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as("/api/admin/reports", &player).await.status, StatusCode::FORBIDDEN);
    let listed = app.get_as("/api/admin/reports", &admin).await;
    assert_eq!(listed.status, StatusCode::OK);
    let games = listed.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["uid"], busy.as_str(), "most reported first");
    assert_eq!(games[0]["reports"], 3);
    assert_eq!(
        games[0]["reasons"],
        json!([{"reason": "offensive", "count": 2}, {"reason": "spam", "count": 1}])
    );
    assert_eq!(games[0]["details"], json!(["c says offensive", "b says spam", "a says offensive"]));
    assert_eq!(games[1]["reasons"], json!([{"reason": "spoiler", "count": 1}]));
    assert_eq!(games[1]["details"], json!([]));

    assert_eq!(
        app.post_as(&format!("/api/admin/reports/{quiet}"), &player, &json!({"action": "hide"})).await.status,
        StatusCode::FORBIDDEN
    );
    let dismissed = decide(&app, &admin, &quiet, "dismiss").await;
    assert_eq!(dismissed.status, StatusCode::OK, "{:?}", dismissed.body);
    assert_eq!(dismissed.body["closed"], 1);
    assert_eq!(app.get(&format!("/api/game/uid/{quiet}")).await.status, StatusCode::OK, "still public");
    assert_eq!(
        report_as(&app, &quiet, None, &bare).await.body["code"],
        "alreadyReported",
        "a dismissed report still counts as given"
    );

    let hidden = decide(&app, &admin, &busy, "hide").await;
    assert_eq!(hidden.body["closed"], 3);
    assert_eq!(
        app.get(&format!("/api/game/uid/{busy}")).await.status,
        StatusCode::NOT_FOUND,
        "hidden from players"
    );
    let denied = app.get_as("/api/admin/review-games?status=denied", &admin).await;
    assert!(String::from_utf8_lossy(&denied.raw).contains(&busy), "listed with the hidden games");
    assert_eq!(app.get_as("/api/admin/reports", &admin).await.body["games"], json!([]));
    assert_eq!(decide(&app, &admin, &busy, "dismiss").await.body["closed"], 0, "nothing left open");
    assert_eq!(decide(&app, &admin, "Nope123456", "dismiss").await.status, StatusCode::NOT_FOUND);
    assert_eq!(decide(&app, &admin, &busy, "delete").await.status, StatusCode::BAD_REQUEST);
}

async fn decide(app: &TestApp, admin: &str, uid: &str, action: &str) -> Response {
    app.post_as(&format!("/api/admin/reports/{uid}"), admin, &json!({"action": action})).await
}

async fn a_daily_game_is_not_hidden_by_reports(backend: Backend) {
    let app = backend.app(|_| {});
    let admin = app.sign_up_admin("ada", "ada@example.com").await;
    let uid = app.add_community("Soon daily", ReviewStatus::Approved, true);
    assert_eq!(report_as(&app, &uid, None, &report("k", "spoiler")).await.status, StatusCode::OK);
    assert_eq!(
        app.post_as(&format!("/api/admin/make-daily/{uid}"), &admin, &json!({})).await.status,
        StatusCode::OK
    );
    let res = app.post_as(&format!("/api/admin/reports/{uid}"), &admin, &json!({"action": "hide"})).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["code"], "alreadyDaily");
    assert_eq!(app.get_as("/api/admin/reports", &admin).await.body["games"][0]["reports"], 1, "still open");
}

fn daily(user_key: &str, found: usize, score: u32, date: &str) -> Value {
    json!({"answers": answers(found), "userKey": user_key, "score": score, "date": date})
}

async fn submit(app: &TestApp, path: &str, body: Value) {
    let res = app.post(path, &body).await;
    assert_eq!(res.status, StatusCode::OK, "{path}: {:?}", res.body);
}

/// Insights against figures worked out by hand from the results stored.
async fn insights_count_what_was_stored(backend: Backend) {
    let app = backend.app_at("2026-03-09T15:00:00Z", |_| {});
    let admin = app.sign_up_admin("ada", "ada@example.com").await;
    let day_one = app.add_daily(0, "Day one").to_string();
    let day_two = app.add_daily(1, "Day two").to_string();
    let community = app.add_community("Popular", ReviewStatus::Approved, true);
    app.add_community("Unplayed", ReviewStatus::Approved, true);
    submit(&app, "/api/game/submit", daily("k1", 10, 1000, &day_one)).await;
    submit(&app, "/api/game/submit", daily("k2", 4, 380, &day_one)).await;
    submit(&app, "/api/game/submit", daily("k3", 0, 0, &day_one)).await;
    let played = json!({"answers": answers(5), "userKey": "k1", "score": 500, "gameUid": community});
    submit(&app, "/api/game/submit-community-game", played).await;
    app.advance(Duration::days(1));
    submit(&app, "/api/game/submit", daily("k4", 10, 1000, &day_two)).await;
    assert_eq!(report_as(&app, &community, None, &report("k9", "spam")).await.status, StatusCode::OK);

    assert_eq!(app.get("/api/admin/insights").await.status, StatusCode::UNAUTHORIZED);
    for bad in ["0", "91", "x"] {
        let res = app.get_as(&format!("/api/admin/insights?days={bad}"), &admin).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "days={bad}");
    }
    let res = app.get_as("/api/admin/insights?days=3", &admin).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let days = res.body["days"].as_array().unwrap();
    assert_eq!(days.len(), 3);
    assert_eq!(days[0], json!({"date": "2026-03-08", "players": 0, "results": 0, "dailyPlayers": 0}));
    assert_eq!(
        days[1],
        json!({"date": day_one, "players": 3, "results": 4, "dailyPrompt": "Day one", "dailyPlayers": 3,
            "winPercent": 33, "averageScore": 460,
            "hardest": {"name": "Day one item 5", "foundPercent": 33},
            "easiest": {"name": "Day one item 1", "foundPercent": 67}})
    );
    assert_eq!(
        days[2],
        json!({"date": day_two, "players": 1, "results": 1, "dailyPrompt": "Day two", "dailyPlayers": 1,
            "winPercent": 100, "averageScore": 1000,
            "hardest": {"name": "Day two item 1", "foundPercent": 100},
            "easiest": {"name": "Day two item 1", "foundPercent": 100}})
    );
    assert_eq!(res.body["winPercent"], 50);
    assert_eq!(res.body["averageScore"], 595);
    assert_eq!(
        res.body["topCommunity"],
        json!([{"uid": community, "prompt": "Popular", "players": 1, "averageScore": 500}])
    );
    assert_eq!(res.body["openReports"], 1);
    assert_eq!(res.body["openDisputes"], 0);
    let default = app.get_as("/api/admin/insights", &admin).await;
    assert_eq!(default.body["days"].as_array().unwrap().len(), 30);
}

on_both_backends_with_configs!(
    a_player_reports_a_community_game_once,
    reports_are_rate_limited_per_address,
    admins_see_reported_games_and_dismiss_or_hide,
    a_daily_game_is_not_hidden_by_reports,
    insights_count_what_was_stored,
);

/// Guests share one report allowance per address whatever userKey they make up; a logged-in
/// player on that address keeps their own.
mod guests_per_address {
    use crate::common;

    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;
    use common::{Backend, TestApp};
    use diesel::prelude::*;
    use lavalist::domains::accounts::token::Session;
    use lavalist::domains::games::model::ReviewStatus;
    use lavalist::platform::schema::users;
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
        let token =
            app.state().tokens.issue(id, Session { version: 0, login_ms: now }, 0, now).expect("a token");
        (token, id)
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
        let uids: Vec<String> = (0..3)
            .map(|i| app.add_community(&format!("Reported {i}"), ReviewStatus::Approved, true))
            .collect();
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

    on_both_backends_with_configs!(guests_share_one_report_allowance_per_address,);
}
