//! The "Hardening" findings of the security review, each through the HTTP API on both backends.

mod common;

use std::time::{Duration as StdDuration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::Backend;
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

/// An invalid reset token is refused before any argon2 work, and the route is rate limited per
/// address: the 21st attempt in an hour answers 429.
async fn reset_password_checks_the_token_first_and_is_limited(backend: Backend) {
    let app = backend.app(|_| {});
    let body = json!({"token": "not-a-real-token", "newPassword": "a brand new secret"});
    let started = Instant::now();
    for attempt in 1..=20 {
        let res = app.post("/api/auth/reset-password", &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "attempt {attempt}: {:?}", res.body);
        assert_eq!(res.body["code"], "invalidToken", "{:?}", res.body);
    }
    // Loose (a shared machine): twenty lookups, no argon2 hashing, well within seconds.
    assert!(started.elapsed() < StdDuration::from_secs(20), "{:?}", started.elapsed());
    let res = app.post("/api/auth/reset-password", &body).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert!(res.headers.get("retry-after").is_some());
}

/// The hashing happens only for a valid token: a valid one still resets.
async fn a_valid_reset_token_still_works(backend: Backend) {
    let app = backend.app(|_| {});
    app.sign_up("pia", "pia@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "pia@example.com"})).await;
    let token = reset_token_sent_to(&app, "pia@example.com");
    let res = app
        .post("/api/auth/reset-password", &json!({"token": token, "newPassword": "a brand new secret"}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let login = app
        .post("/api/auth/login", &json!({"email": "pia@example.com", "password": "a brand new secret"}))
        .await;
    assert_eq!(login.status, StatusCode::OK);
}

/// A game made daily can no longer be deleted, by its owner or an admin: the day's results
/// are every player's.
async fn a_daily_game_cannot_be_deleted(backend: Backend) {
    let app = backend.app(|_| {});
    let owner = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let upload = app.post_as("/api/game/upload", &owner, &upload_body("Scheduled")).await;
    assert_eq!(upload.status, StatusCode::OK, "{:?}", upload.body);
    let uid = upload.body["uid"].as_str().unwrap().to_string();
    let daily = app.post_as(&format!("/api/admin/make-daily/{uid}"), &admin, &json!({})).await;
    assert_eq!(daily.status, StatusCode::OK, "{:?}", daily.body);
    for token in [&owner, &admin] {
        let res = delete_as(&app, &uid, token).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
        assert_eq!(res.body["code"], "alreadyDaily");
        assert!(res.body["error"].as_str().unwrap().contains("can no longer be deleted"), "{:?}", res.body);
    }
    assert_eq!(app.get_as(&format!("/api/game/uid/{uid}"), &admin).await.status, StatusCode::OK);
    // A game that is not daily is still the owner's to delete.
    let other = app.post_as("/api/game/upload", &owner, &upload_body("Not scheduled")).await;
    let other = other.body["uid"].as_str().unwrap().to_string();
    assert_eq!(delete_as(&app, &other, &owner).await.status, StatusCode::OK);
}

async fn delete_as(app: &common::TestApp, uid: &str, token: &str) -> common::Response {
    let req = TestRequest::delete()
        .uri(&format!("/api/game/uid/{uid}"))
        .insert_header(("authorization", format!("Bearer {token}")));
    app.call(req).await
}

/// An upload body with ten items.
fn upload_body(prompt: &str) -> serde_json::Value {
    let items: serde_json::Map<String, serde_json::Value> =
        (1..=10).map(|i| (format!("{prompt} {i}"), json!([]))).collect();
    json!({"prompt": prompt, "items": items})
}

/// The reset token in the newest message to `email`.
fn reset_token_sent_to(app: &common::TestApp, email: &str) -> String {
    let message =
        app.outbox().into_iter().rev().find(|m| m.contains(&format!("To: {email}"))).expect("a reset e-mail");
    let start = message.find("reset-password?token=").expect("a reset link") + "reset-password?token=".len();
    message[start..start + 64].to_string()
}

on_both_backends_with_configs!(
    reset_password_checks_the_token_first_and_is_limited,
    a_valid_reset_token_still_works,
    a_daily_game_cannot_be_deleted,
);
