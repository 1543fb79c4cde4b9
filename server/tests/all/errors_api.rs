//! The error contract: every refusal is `{"error", "code"}` (plus `"field"` for a form error),
//! each code with its one status, so clients branch on codes and never parse the message.

use crate::common;

use actix_web::http::StatusCode;
use common::{Response, TestApp};
use lavalist_api::{ErrorBody, ErrorCode};
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

/// The body parses as the contract's `ErrorBody`, its code has the answer's status, and it is
/// the expected code.
fn assert_refused(res: &Response, code: ErrorCode) -> ErrorBody {
    let body: ErrorBody = serde_json::from_value(res.body.clone())
        .unwrap_or_else(|e| panic!("not an error body ({e}): {:?}", res.body));
    assert_eq!(body.code, code, "{:?}", res.body);
    assert_eq!(res.status.as_u16(), code.status(), "{:?}", res.body);
    assert!(!body.error.is_empty());
    body
}

/// The body as text: the items map keeps the order written (a `Value` map would sort it).
fn upload_body(names: &[&str]) -> String {
    let items: Vec<String> = names.iter().map(|n| format!("{}: []", json!(n))).collect();
    format!(r#"{{"prompt": "Rivers", "items": {{{}}}}}"#, items.join(", "))
}

async fn upload(app: &TestApp, token: &str, body: &str) -> Response {
    let req = actix_web::test::TestRequest::post()
        .uri("/api/game/upload")
        .insert_header(("content-type", "application/json"))
        .insert_header(("authorization", format!("Bearer {token}")))
        .set_payload(body.to_string());
    app.call(req).await
}

const TEN: [&str; 10] = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10"];

async fn form_errors_name_their_field_and_rule(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let mut names = TEN;
    names[3] = "A1!";
    let res = upload(&app, &token, &upload_body(&names)).await;
    let body = assert_refused(&res, ErrorCode::Duplicate);
    assert_eq!(body.field.as_deref(), Some("items.3.name"));

    let res = upload(&app, &token, &upload_body(&TEN[..9])).await;
    assert_eq!(assert_refused(&res, ErrorCode::ItemCount).field.as_deref(), Some("items"));

    let profane = upload_body(&TEN).replace("Rivers", "shit list");
    let res = upload(&app, &token, &profane).await;
    let body = assert_refused(&res, ErrorCode::Profanity);
    assert_eq!(body.field.as_deref(), Some("prompt"));
    assert_eq!(body.error, "Please remove any bad words.");
}

async fn each_refusal_has_its_code(app: TestApp) {
    assert_refused(&app.get("/api/game/uid/nope").await, ErrorCode::GameNotFound);
    assert_refused(&app.get("/api/game/date/2025-02-30").await, ErrorCode::InvalidDate);
    assert_refused(&app.get("/api/game/date/2999-01-01").await, ErrorCode::NotReleased);
    assert_refused(&app.get("/api/game/date/2001-01-01").await, ErrorCode::NoGameForDate);
    assert_refused(&app.get("/api/previous-days-paginated?page=x").await, ErrorCode::InvalidQuery);
    assert_refused(&app.get("/api/user").await, ErrorCode::Unauthorized);
    assert_refused(&app.get("/api/nothing-here").await, ErrorCode::NotFound);
    assert_refused(&app.post_raw("/api/auth/login", "{").await, ErrorCode::InvalidJson);
    let login = json!({"email": "nobody@example.com", "password": "wrong password"});
    assert_refused(&app.post("/api/auth/login", &login).await, ErrorCode::InvalidCredentials);

    let user = app.sign_up("player", "player@example.com", PASSWORD).await;
    assert_refused(&app.get_as("/api/admin/review-games", &user).await, ErrorCode::Forbidden);
    let again =
        json!({"username": "player", "email": "other@example.com", "password": PASSWORD, "adult": true});
    assert_refused(&app.post("/api/auth/request-code", &again).await, ErrorCode::UsernameTaken);
    let weak =
        json!({"username": "someone", "email": "someone@example.com", "password": "short", "adult": true});
    assert_refused(&app.post("/api/auth/request-code", &weak).await, ErrorCode::InvalidPassword);
    let reset = json!({"token": "not-a-token", "newPassword": PASSWORD});
    assert_refused(&app.post("/api/auth/reset-password", &reset).await, ErrorCode::InvalidToken);
}

async fn result_refusals_have_their_codes(app: TestApp) {
    let yesterday = app.add_daily(-1, "Yesterday's game");
    let today = app.add_daily(0, "Today's game");
    let submit = |date: chrono::NaiveDate, score: u32, found: usize| json!({"answers": common::answers(found), "userKey": "k1", "score": score, "date": date.to_string()});
    let old = app.post("/api/game/submit", &submit(yesterday - chrono::Duration::days(1), 300, 3)).await;
    assert_refused(&old, ErrorCode::NotToday);
    assert_refused(&app.post("/api/game/submit", &submit(today, 305, 3)).await, ErrorCode::InvalidResult);
    assert_eq!(app.post("/api/game/submit", &submit(today, 300, 3)).await.status, StatusCode::OK);
    assert_refused(&app.post("/api/game/submit", &submit(today, 400, 4)).await, ErrorCode::ResultConflict);
}

on_both_backends!(
    form_errors_name_their_field_and_rule,
    each_refusal_has_its_code,
    result_refusals_have_their_codes
);
