//! The "Hardening" findings of the security review, each through the HTTP API on both backends.

mod common;

use std::time::{Duration as StdDuration, Instant};

use actix_web::http::StatusCode;
use common::Backend;
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

/// An invalid reset token is refused before any argon2 work, and the route is rate limited per
/// address: the 21st attempt in an hour answers 429.
async fn reset_password_checks_the_token_first_and_is_limited(backend: Backend) {
    let app = backend.app(|_| {});
    let body = json!({"token": "not-a-real-token", "newPassword": "a brand new secret"});
    for attempt in 1..=20 {
        let started = Instant::now();
        let res = app.post("/api/auth/reset-password", &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "attempt {attempt}: {:?}", res.body);
        assert_eq!(res.body["code"], "invalidToken", "{:?}", res.body);
        // argon2 (19 MiB, t = 2) takes tens of milliseconds even in release; a lookup does not.
        assert!(started.elapsed() < StdDuration::from_millis(500), "attempt {attempt} hashed?");
    }
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
);
