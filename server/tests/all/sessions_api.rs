//! Sessions end when the player says so (issue 21, point 1), through the HTTP API on both
//! backends: a logout or a password reset ends every token of the account, those that renewals
//! in flight across it issue included, and no renewal carries a session past its absolute
//! lifetime from the login.

use crate::common;

use std::cell::{Cell, RefCell};
use std::time::Duration as StdDuration;

use actix_web::http::StatusCode;
use chrono::Duration;
use common::{Backend, TestApp};
use serde_json::json;

const PASSWORD: &str = "correct horse battery";
const NEW_PASSWORD: &str = "a brand new secret";
/// Players renewing the one session at once (tabs, devices, an attacker's copy).
const RENEWERS: usize = 10;
/// Renewals that must have happened before the logout or reset starts: the race is then real,
/// renewals run before, across and after it.
const RENEWALS_BEFORE: usize = 2 * RENEWERS;
/// Further renewals each renewer tries once the logout or reset answered: with the fault, the
/// session lives on through every one of them.
const TRIES_AFTER: usize = 3;

/// What the renewers share: every token they were issued, how many renewals succeeded, and
/// whether the logout or reset answered.
#[derive(Default)]
struct Renewals {
    issued: RefCell<Vec<String>>,
    count: Cell<usize>,
    ended: Cell<bool>,
}

/// Renews `token` through `GET /api/user` in a loop, each time with the token it was just
/// given, until a 401, or a few tries after the session was ended.
async fn renew(app: &TestApp, mut token: String, shared: &Renewals) {
    let mut tries_after = 0;
    loop {
        if shared.ended.get() {
            tries_after += 1;
            if tries_after > TRIES_AFTER {
                return;
            }
        }
        let res = app.get_as("/api/user", &token).await;
        match res.status {
            StatusCode::OK => {
                token = res.body["token"].as_str().expect("a renewed token").to_string();
                shared.issued.borrow_mut().push(token.clone());
                shared.count.set(shared.count.get() + 1);
            }
            StatusCode::UNAUTHORIZED => return,
            other => panic!("a renewal answered {other}: {:?}", res.body),
        }
    }
}

/// Runs `RENEWERS` renewal loops on `token` and, once `RENEWALS_BEFORE` renewals succeeded,
/// `end` (a logout, a reset, both); then checks that no token of the session works any more.
async fn race<F: std::future::Future<Output = ()>>(app: &TestApp, token: String, end: impl FnOnce() -> F) {
    let shared = Renewals::default();
    shared.issued.borrow_mut().push(token.clone());
    let renewers = futures_util::future::join_all((0..RENEWERS).map(|_| renew(app, token.clone(), &shared)));
    let ender = async {
        while shared.count.get() < RENEWALS_BEFORE {
            actix_rt::time::sleep(StdDuration::from_millis(1)).await;
        }
        end().await;
        shared.ended.set(true);
    };
    futures_util::future::join(renewers, ender).await;
    let issued = shared.issued.take();
    assert!(issued.len() > RENEWALS_BEFORE, "renewals ran: {}", issued.len());
    let mut survivors = 0;
    for token in &issued {
        if app.get_as("/api/user", token).await.status != StatusCode::UNAUTHORIZED {
            survivors += 1;
        }
    }
    assert_eq!(survivors, 0, "of {} tokens of the ended session, {survivors} still work", issued.len());
}

async fn logout(app: &TestApp, token: &str) {
    let res = app.post_as("/api/auth/logout", token, &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "logout: {:?}", res.body);
}

/// Asks for a reset link and redeems it (the argon2 hash of the new password runs while the
/// renewals go on).
async fn reset(app: &TestApp, email: &str) {
    let res = app.post("/api/auth/forgot-password", &json!({"email": email})).await;
    assert_eq!(res.status, StatusCode::OK, "forgot-password: {:?}", res.body);
    let token = reset_token_sent_to(app, email);
    let res =
        app.post("/api/auth/reset-password", &json!({"token": token, "newPassword": NEW_PASSWORD})).await;
    assert_eq!(res.status, StatusCode::OK, "reset-password: {:?}", res.body);
}

fn reset_token_sent_to(app: &TestApp, email: &str) -> String {
    let message =
        app.outbox().into_iter().rev().find(|m| m.contains(&format!("To: {email}"))).expect("a reset e-mail");
    let start = message.find("reset-password?token=").expect("a reset link") + "reset-password?token=".len();
    message[start..start + 64].to_string()
}

async fn login(app: &TestApp, email: &str, password: &str) -> String {
    let res = app.post("/api/auth/login", &json!({"email": email, "password": password})).await;
    assert_eq!(res.status, StatusCode::OK, "login: {:?}", res.body);
    res.body["token"].as_str().expect("a token").to_string()
}

/// A logout ends the session of every renewal in flight across it: no token issued from the
/// old session works afterwards. Logging in again starts a session that works.
async fn a_logout_ends_the_renewals_in_flight(backend: Backend) {
    let app = backend.app(|_| {});
    let token = app.sign_up("rena", "rena@example.com", PASSWORD).await;
    let own = token.clone();
    race(&app, token, || async { logout(&app, &own).await }).await;
    let again = login(&app, "rena@example.com", PASSWORD).await;
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::OK);
}

/// A password reset ends the session of every renewal in flight while it hashes and commits
/// (a stolen token dies with the owner's reset); the new password starts one that works.
async fn a_reset_ends_the_renewals_in_flight(backend: Backend) {
    let app = backend.app(|_| {});
    let token = app.sign_up("resa", "resa@example.com", PASSWORD).await;
    race(&app, token, || reset(&app, "resa@example.com")).await;
    let again = login(&app, "resa@example.com", NEW_PASSWORD).await;
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::OK);
}

/// A reset and a logout at once, while renewals run: neither brings back what the other ended.
async fn a_reset_overlapping_a_logout_brings_nothing_back(backend: Backend) {
    let app = backend.app(|_| {});
    let token = app.sign_up("both", "both@example.com", PASSWORD).await;
    let own = token.clone();
    race(&app, token, || async {
        futures_util::future::join(logout(&app, &own), reset(&app, "both@example.com")).await;
    })
    .await;
    let again = login(&app, "both@example.com", NEW_PASSWORD).await;
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::OK);
}

/// Renews once a day, with the token the day before gave; the token renewed on day `days - 1`
/// still works until the session's end, `days` after the login, and never after, whatever the
/// renewals. A fresh login starts a new session.
async fn renew_daily_until_the_session_ends(app: &TestApp, email: &str, days: i64) {
    let mut token = login(app, email, PASSWORD).await;
    for day in 1..days {
        app.advance(Duration::days(1));
        let res = app.get_as("/api/user", &token).await;
        assert_eq!(res.status, StatusCode::OK, "day {day}: {:?}", res.body);
        token = res.body["token"].as_str().expect("a renewed token").to_string();
    }
    // The day `days - 1` token: renewed yesterday, 7 days of token lifetime left, but the
    // session ends `days` after the login.
    app.advance(Duration::days(1) - Duration::seconds(2));
    assert_eq!(app.get_as("/api/user", &token).await.status, StatusCode::OK, "just before the end");
    app.advance(Duration::seconds(3));
    let res = app.get_as("/api/user", &token).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{days} days after the login: {:?}", res.body);
    assert_eq!(res.body["code"], "unauthorized");
    let again = login(app, email, PASSWORD).await;
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::OK, "a new session");
}

/// By default a session lasts 30 days from its login, however often it is renewed.
async fn a_session_ends_thirty_days_after_its_login(backend: Backend) {
    let app = backend.app_at("2026-03-02T10:00:00Z", |_| {});
    app.sign_up("tess", "tess@example.com", PASSWORD).await;
    renew_daily_until_the_session_ends(&app, "tess@example.com", 30).await;
}

/// `--session-max-days` sets that lifetime.
async fn the_session_lifetime_is_a_setting(backend: Backend) {
    let app = backend.app_at("2026-03-02T10:00:00Z", |config| config.session_max_days = 3);
    app.sign_up("tim", "tim@example.com", PASSWORD).await;
    renew_daily_until_the_session_ends(&app, "tim@example.com", 3).await;
}

on_both_backends_with_configs!(
    a_logout_ends_the_renewals_in_flight,
    a_reset_ends_the_renewals_in_flight,
    a_reset_overlapping_a_logout_brings_nothing_back,
    a_session_ends_thirty_days_after_its_login,
    the_session_lifetime_is_a_setting,
);
