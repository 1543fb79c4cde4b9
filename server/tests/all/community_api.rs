//! Community games: upload (validation, profanity, size) and delete (owner, stranger, admin).

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::TestApp;
use serde_json::{json, Map, Value};

const PASSWORD: &str = "correct horse battery";

fn upload_body(prompt: &str, count: usize) -> Value {
    let items: Map<String, Value> =
        (1..=count).map(|i| (format!("{prompt} {i}"), json!([format!("alt {i}"), " "]))).collect();
    json!({"prompt": prompt, "items": items, "type": "community", "public": false})
}

async fn delete_as(app: &TestApp, uid: &str, token: Option<&str>) -> common::Response {
    let mut req = TestRequest::delete().uri(&format!("/api/game/uid/{uid}"));
    if let Some(token) = token {
        req = req.insert_header(("authorization", format!("Bearer {token}")));
    }
    app.call(req).await
}

async fn upload_stores_a_private_unreviewed_game(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    assert_eq!(
        app.post("/api/game/upload", &upload_body("Rivers", 10)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = app.post_as("/api/game/upload", &token, &upload_body("Rivers", 10)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let uid = res.body["uid"].as_str().unwrap().to_string();
    assert!(uid.len() >= 8 && uid.chars().all(|c| c.is_ascii_alphanumeric()));
    assert_eq!(res.body["public"], false);
    assert_eq!(res.body["status"], "unreviewed");
    assert_eq!(res.body["submitter"], "maker");
    assert_eq!(res.body["items"].as_array().unwrap().len(), 10);
    assert_eq!(res.body["items"][0]["altSpellings"], json!(["alt 1"]));
    // Unreviewed: the owner sees it, guests and strangers do not, and it is not listed publicly.
    assert_eq!(app.get_as(&format!("/api/game/uid/{uid}"), &token).await.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/api/game/uid/{uid}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/community-games-paginated").await.body["total"], 0);
    let mine = app.get_as("/api/community-games-paginated?username=MAKER", &token).await;
    assert_eq!(mine.body["total"], 1);
    assert_eq!(mine.body["games"][0]["status"], "unreviewed", "the owner's card says why it is private");
}

async fn upload_is_validated(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let nine = upload_body("Nine", 9);
    let mut duplicate = upload_body("Dup", 9);
    duplicate["items"]["DUP 1!"] = json!([]);
    let mut profane = upload_body("Clean", 10);
    profane["prompt"] = json!("shit list");
    let mut empty_prompt = upload_body("Empty", 10);
    empty_prompt["prompt"] = json!("  ");
    for (case, body) in [("nine items", nine), ("duplicate names", duplicate), ("empty prompt", empty_prompt)]
    {
        let res = app.post_as("/api/game/upload", &token, &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{case}: {:?}", res.body);
        assert!(res.body["error"].is_string());
    }
    let res = app.post_as("/api/game/upload", &token, &profane).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.body["error"], "Please remove any bad words.");
    let huge = json!({"prompt": "x".repeat(5 * 1024 * 1024), "items": {}});
    let res = app.post_as("/api/game/upload", &token, &huge).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(res.body["error"].is_string());
    let wrong_type = json!({"prompt": "P", "items": ["a", "b"]});
    assert_eq!(app.post_as("/api/game/upload", &token, &wrong_type).await.status, StatusCode::BAD_REQUEST);
}

async fn owner_and_admin_delete_strangers_do_not(app: TestApp) {
    let owner = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let stranger = app.sign_up("stranger", "stranger@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let first = app.post_as("/api/game/upload", &owner, &upload_body("First", 10)).await.body["uid"].clone();
    let second =
        app.post_as("/api/game/upload", &owner, &upload_body("Second", 10)).await.body["uid"].clone();
    let (first, second) = (first.as_str().unwrap(), second.as_str().unwrap());

    assert_eq!(delete_as(&app, first, None).await.status, StatusCode::UNAUTHORIZED);
    let res = delete_as(&app, first, Some(&stranger)).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"], "You are not authorized to perform this action.");
    assert_eq!(delete_as(&app, first, Some(&owner)).await.status, StatusCode::OK);
    assert_eq!(app.get_as(&format!("/api/game/uid/{first}"), &owner).await.status, StatusCode::NOT_FOUND);
    assert_eq!(delete_as(&app, first, Some(&owner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(delete_as(&app, second, Some(&admin)).await.status, StatusCode::OK);
    assert_eq!(app.get_as(&format!("/api/game/uid/{second}"), &admin).await.status, StatusCode::NOT_FOUND);
}

on_both_backends!(
    upload_stores_a_private_unreviewed_game,
    upload_is_validated,
    owner_and_admin_delete_strangers_do_not,
);
