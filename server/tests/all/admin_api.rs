//! Admin routes: the guest/user/admin matrix, the review flow and the make-daily date choice.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{Duration, Utc};
use common::TestApp;
use diesel::prelude::*;
use game_core::calendar::{format_date, today};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::schema::games;
use serde_json::json;

const NOT_AUTHORIZED: &str = "You are not authorized to perform this action.";

/// Every admin-only route with a body that would succeed for an admin.
fn admin_routes(uid: &str, tomorrow: &str) -> Vec<(&'static str, String, Option<serde_json::Value>)> {
    vec![
        ("GET", "/api/future-days".into(), None),
        ("GET", "/api/future-days-paginated?page=1&limit=12".into(), None),
        ("GET", format!("/api/game/date/{tomorrow}"), None),
        ("GET", "/api/admin/review-games?status=unreviewed&page=1&limit=12".into(), None),
        ("GET", "/api/admin/review-games?status=denied".into(), None),
        ("POST", format!("/api/admin/review-game/{uid}"), Some(json!({"approved": true}))),
        ("GET", format!("/api/game/edit/{uid}"), None),
        ("PUT", format!("/api/game/edit/{uid}"), Some(edit_body("Edited", &[]))),
        ("GET", "/api/admin/next-daily-date".into(), None),
        ("POST", format!("/api/admin/make-daily/{uid}"), None),
    ]
}

fn request(method: &str, path: &str, body: &Option<serde_json::Value>, token: Option<&str>) -> TestRequest {
    let mut req = match method {
        "GET" => TestRequest::get(),
        "PUT" => TestRequest::put(),
        _ => TestRequest::post(),
    }
    .uri(path);
    if let Some(body) = body {
        req = req.set_json(body);
    }
    if let Some(token) = token {
        req = req.insert_header(("authorization", format!("Bearer {token}")));
    }
    req
}

async fn every_admin_route_refuses_guests_and_users(app: TestApp) {
    let tomorrow = format_date(app.add_daily(1, "Tomorrow"));
    let uid = app.add_community("Waiting for review", ReviewStatus::Unreviewed, false);
    let user = app.sign_up("player", "player@example.com", "correct horse battery").await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    for (method, path, body) in admin_routes(&uid, &tomorrow) {
        let guest = app.call(request(method, &path, &body, None)).await;
        // A future date is "not available yet" for everyone but admins, logged in or not.
        let expected_guest =
            if path.starts_with("/api/game/date") { StatusCode::FORBIDDEN } else { StatusCode::UNAUTHORIZED };
        assert_eq!(guest.status, expected_guest, "guest {method} {path}");
        assert!(guest.body["error"].is_string());
        let res = app.call(request(method, &path, &body, Some(&user))).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "user {method} {path}");
        if !path.starts_with("/api/game/date") {
            assert_eq!(res.body["error"], NOT_AUTHORIZED, "user {method} {path}");
        }
        let res = app.call(request(method, &path, &body, Some(&admin))).await;
        assert_eq!(res.status, StatusCode::OK, "admin {method} {path}: {:?}", res.body);
    }
}

async fn review_approves_and_hides(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let first = app.add_community("Capitals of Africa", ReviewStatus::Unreviewed, false);
    let second = app.add_community("Moons of Jupiter", ReviewStatus::Unreviewed, false);
    let queue = app.get_as("/api/admin/review-games?status=unreviewed&search=moons", &admin).await;
    assert_eq!(queue.status, StatusCode::OK);
    assert_eq!(queue.body["total"], 1);
    assert_eq!(queue.body["games"][0]["prompt"], "Moons of Jupiter");
    // A review card shows what it decides on: the items and when the game was submitted.
    let card = &queue.body["games"][0];
    let names: Vec<&str> =
        card["items"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(names, (1..=10).map(|i| format!("Moons of Jupiter item {i}")).collect::<Vec<_>>());
    let submitted = chrono::DateTime::parse_from_rfc3339(card["createdAt"].as_str().unwrap()).unwrap();
    assert!((Utc::now() - submitted.with_timezone(&Utc)).num_minutes().abs() < 5, "{submitted}");

    let res =
        app.post_as(&format!("/api/admin/review-game/{first}"), &admin, &json!({"approved": true})).await;
    assert_eq!(res.status, StatusCode::OK);
    let public = app.get(&format!("/api/game/uid/{first}")).await;
    assert_eq!(public.status, StatusCode::OK);
    assert_eq!(public.body["public"], true);
    assert_eq!(public.body["status"], "approved");

    let res =
        app.post_as(&format!("/api/admin/review-game/{second}"), &admin, &json!({"approved": false})).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/api/game/uid/{second}")).await.status, StatusCode::NOT_FOUND);
    let denied = app.get_as("/api/admin/review-games?status=denied", &admin).await;
    assert_eq!(denied.body["total"], 1);
    assert_eq!(denied.body["games"][0]["status"], "denied");
    assert_eq!(app.get_as("/api/admin/review-games?status=unreviewed", &admin).await.body["total"], 0);

    let missing = app.post_as("/api/admin/review-game/nope", &admin, &json!({"approved": true})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body["error"], "Game uid not found.");
    let bad = app.get_as("/api/admin/review-games?status=everything", &admin).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let no_body = app.post_as(&format!("/api/admin/review-game/{first}"), &admin, &json!({})).await;
    assert_eq!(no_body.status, StatusCode::BAD_REQUEST);
}

async fn make_daily_takes_the_first_free_date_after_today(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    app.add_daily(0, "Today");
    app.add_daily(1, "Tomorrow");
    app.add_daily(2, "In two days");
    app.add_daily(4, "In four days");
    let uid = app.add_community("Promote me", ReviewStatus::Approved, true);
    let res = app.call(request("POST", &format!("/api/admin/make-daily/{uid}"), &None, Some(&admin))).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let expected = format_date(today(Utc::now()) + Duration::days(3));
    assert_eq!(res.body["date"], expected.as_str());
    let day = app.get_as(&format!("/api/game/date/{expected}"), &admin).await;
    assert_eq!(day.status, StatusCode::OK);
    assert_eq!(day.body["prompt"], "Promote me");
    // Until its day a game made daily is admins' only (tests/security_api.rs).
    let by_uid = app.get_as(&format!("/api/game/uid/{uid}"), &admin).await;
    assert_eq!(by_uid.body["daily_date"], expected.as_str());

    let again = app.call(request("POST", &format!("/api/admin/make-daily/{uid}"), &None, Some(&admin))).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let next = app.add_community("Promote me too", ReviewStatus::Unreviewed, false);
    let res = app.call(request("POST", &format!("/api/admin/make-daily/{next}"), &None, Some(&admin))).await;
    assert_eq!(res.body["date"], format_date(today(Utc::now()) + Duration::days(5)).as_str());
}

/// The make-daily dialog's suggestion and a day chosen in its picker: the next free day (on or
/// after a given one, tomorrow at the earliest), a chosen free day taken as asked, a taken, past
/// or malformed day refused with its code.
async fn make_daily_on_a_chosen_date(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let day = |offset: i64| format_date(app.today() + Duration::days(offset));
    for offset in [0, 1, 2, 4] {
        app.add_daily(offset, &format!("Day {offset}"));
    }
    let next = |query: String| {
        let app = &app;
        let admin = admin.clone();
        async move { app.get_as(&format!("/api/admin/next-daily-date{query}"), &admin).await }
    };
    let res = next(String::new()).await;
    assert_eq!((res.status, res.body.clone()), (StatusCode::OK, json!({"date": day(3)})));
    assert_eq!(next(format!("?date={}", day(4))).await.body["date"], day(5).as_str());
    assert_eq!(next(format!("?date={}", day(9))).await.body["date"], day(9).as_str());
    assert_eq!(
        next(format!("?date={}", day(-30))).await.body["date"],
        day(3).as_str(),
        "never today or before"
    );
    let bad = next("?date=2026-02-30".into()).await;
    assert_eq!((bad.status, bad.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalidDate")));

    let uid = app.add_community("Pick my day", ReviewStatus::Unreviewed, false);
    let make = |date: String| {
        let (app, admin, uid) = (&app, admin.clone(), uid.clone());
        async move { app.post_as(&format!("/api/admin/make-daily/{uid}?date={date}"), &admin, &json!({})).await }
    };
    for (date, status, code) in [
        (day(4), StatusCode::CONFLICT, "dateTaken"),
        (day(0), StatusCode::BAD_REQUEST, "badRequest"),
        (day(-3), StatusCode::BAD_REQUEST, "badRequest"),
        ("2026-13-01".into(), StatusCode::BAD_REQUEST, "invalidDate"),
    ] {
        let res = make(date.clone()).await;
        assert_eq!((res.status, res.body["code"].as_str()), (status, Some(code)), "{date}: {:?}", res.body);
        assert!(res.body["error"].is_string());
    }
    let taken = make(day(4)).await;
    assert_eq!(
        taken.body["error"],
        format!("Another game is already the daily game of {}.", day(4)).as_str()
    );

    let res = make(day(9)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body, json!({"uid": uid, "date": day(9)}));
    assert_eq!(app.get_as(&format!("/api/game/date/{}", day(9)), &admin).await.body["prompt"], "Pick my day");
    assert_eq!(next(format!("?date={}", day(9))).await.body["date"], day(10).as_str());
    assert_eq!(next(String::new()).await.body["date"], day(3).as_str(), "the gap before it stays free");
    assert_eq!(make(day(12)).await.body["code"], "alreadyDaily");
}

/// An edit body with ten items named `{prompt} {i}`, ids 1..=10 unless overridden.
fn edit_body(prompt: &str, ids: &[Option<u32>]) -> serde_json::Value {
    let items: Vec<_> = (1..=10u32)
        .map(|i| {
            let id = ids.get(i as usize - 1).copied().unwrap_or(Some(i));
            json!({"id": id, "name": format!("{prompt} {i}"), "altSpellings": [" alt ", ""]})
        })
        .collect();
    json!({"prompt": format!("  {prompt} "), "public": true, "items": items})
}

async fn edit_keeps_item_ids_and_stats(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let uid = app.add_community("Cheeses", ReviewStatus::Approved, true);
    let body = json!({"answers": common::answers(3), "userKey": "fan", "score": 300, "gameUid": uid});
    assert_eq!(app.post("/api/game/submit-community-game", &body).await.status, StatusCode::OK);

    let loaded = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    assert_eq!(loaded.status, StatusCode::OK);
    assert_eq!(loaded.body["items"].as_array().unwrap().len(), 10);

    // Item 10 is replaced by a new item; the others keep their ids under new names.
    let mut ids: Vec<Option<u32>> = (1..=9).map(Some).collect();
    ids.push(None);
    let res = app
        .call(request(
            "PUT",
            &format!("/api/game/edit/{uid}"),
            &Some(edit_body("Cheeses", &ids)),
            Some(&admin),
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["prompt"], "Cheeses");
    assert_eq!(res.body["items"][0]["altSpellings"], json!(["alt"]));
    assert_eq!(res.body["items"][9]["id"], 11);
    let played = app.get(&format!("/api/game/uid/{uid}")).await;
    assert_eq!(played.body["items"][0]["name"], "Cheeses 1");
    let stats = app.get_keyed(&format!("/api/game/community-stats/{uid}"), "fan").await;
    assert_eq!(stats.body["stats"]["1"], 1.0, "{:?}", stats.body);
    assert_eq!(stats.body["stats"]["3"], 1.0);
    assert_eq!(stats.body["stats"]["11"], 0.0);
}

async fn edit_is_validated(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let uid = app.add_community("Cheeses", ReviewStatus::Approved, true);
    let put =
        |body: serde_json::Value| request("PUT", &format!("/api/game/edit/{uid}"), &Some(body), Some(&admin));
    let mut nine = edit_body("Nine", &[]);
    nine["items"].as_array_mut().unwrap().pop();
    let mut duplicate = edit_body("Dup", &[]);
    duplicate["items"][1]["name"] = json!("dup 1");
    let mut empty = edit_body("Empty", &[]);
    empty["prompt"] = json!("   ");
    let unknown_id = edit_body("Ids", &[Some(42)]);
    let repeated_id = edit_body("Ids", &[Some(2), Some(2)]);
    for (case, body) in [
        ("nine", nine),
        ("duplicate", duplicate),
        ("empty", empty),
        ("unknown id", unknown_id),
        ("repeated id", repeated_id),
    ] {
        let res = app.call(put(body)).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{case}: {:?}", res.body);
        assert!(res.body["error"].is_string());
    }
    // A flagged word does not stop an admin: moderation_api.rs.
    let missing =
        app.call(request("PUT", "/api/game/edit/nope", &Some(edit_body("X", &[])), Some(&admin))).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

async fn editing_a_daily_game_refreshes_the_cached_day(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let date = format_date(app.add_daily(0, "Today"));
    let before = app.get(&format!("/api/game/date/{date}")).await;
    assert_eq!(before.body["prompt"], "Today");
    let uid: String =
        games::table.filter(games::daily_date.eq(&date)).select(games::uid).first(&mut app.conn()).unwrap();
    let res = app
        .call(request(
            "PUT",
            &format!("/api/game/edit/{uid}"),
            &Some(edit_body("Renamed", &[])),
            Some(&admin),
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let after = app.get(&format!("/api/game/date/{date}")).await;
    assert_eq!(after.body["prompt"], "Renamed");
}

on_both_backends!(
    edit_keeps_item_ids_and_stats,
    edit_is_validated,
    editing_a_daily_game_refreshes_the_cached_day,
    every_admin_route_refuses_guests_and_users,
    review_approves_and_hides,
    make_daily_takes_the_first_free_date_after_today,
    make_daily_on_a_chosen_date,
);
