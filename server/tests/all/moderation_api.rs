//! The profanity rule at the edges of the API: real trivia lists pass for everyone, a player's
//! game with a flagged word is refused, and an admin's edit with one is saved with warnings
//! (every community game is reviewed by an admin). Every case runs on both backends.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::TestApp;
use lavalist::domains::games::model::ReviewStatus;
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";
const BAD_WORDS: &str = "Please remove any bad words.";

/// Ten names a substring filter trips on; every one a real answer.
const AFRICA: [&str; 10] =
    ["Niger", "Nigeria", "Chad", "Gabon", "Benin", "Togo", "Mali", "Kenya", "Cabo Verde", "Eswatini"];

/// Raw JSON, so the items keep this order on the way in (a `serde_json::Value` would sort them).
fn upload_body(prompt: &str, names: &[&str]) -> String {
    let items: Vec<String> = names.iter().map(|n| format!("{}: []", json!(n))).collect();
    format!(
        r#"{{"prompt": {}, "items": {{{}}}, "type": "community", "public": false}}"#,
        json!(prompt),
        items.join(", ")
    )
}

async fn upload_as(app: &TestApp, token: &str, body: String) -> common::Response {
    let req = TestRequest::post()
        .uri("/api/game/upload")
        .insert_header(("authorization", format!("Bearer {token}")))
        .insert_header(("content-type", "application/json"))
        .set_payload(body);
    app.call(req).await
}

fn edit_body(prompt: &str, names: &[&str]) -> Value {
    let items: Vec<Value> =
        names.iter().enumerate().map(|(i, n)| json!({"id": i + 1, "name": n, "altSpellings": []})).collect();
    json!({"prompt": prompt, "public": true, "items": items})
}

async fn put_as(app: &TestApp, path: &str, token: &str, body: &Value) -> common::Response {
    let req = TestRequest::put()
        .uri(path)
        .insert_header(("authorization", format!("Bearer {token}")))
        .set_json(body);
    app.call(req).await
}

async fn a_player_creates_a_list_of_african_countries(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let res = upload_as(&app, &token, upload_body("African countries", &AFRICA)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["items"][0]["name"], "Niger");
    let trivia = [
        "Moby Dick",
        "Hancock",
        "Homo sapiens",
        "Blue tit",
        "Phuket",
        "Fukushima",
        "Marvin Gaye",
        "Sextant",
        "Magna cum laude",
        "Hell's Kitchen",
    ];
    let res = upload_as(&app, &token, upload_body("Trivia a filter trips on", &trivia)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn a_birds_game_may_say_tit_and_a_list_of_rude_words_may_not(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let birds =
        ["Blue tit", "Tit", "Booby", "Cock", "Robin", "Wren", "Puffin", "Gannet", "Kestrel", "Merlin"];
    let res = upload_as(&app, &token, upload_body("British birds seen in 1943", &birds)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let rude = ["Tits", "Cock", "Dick", "Ass", "Pussy", "Robin", "Wren", "Puffin", "Gannet", "Kestrel"];
    let res = upload_as(&app, &token, upload_body("Words", &rude)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.body["code"], "profanity");
    assert_eq!(res.body["field"], "items.0.name");
}

async fn a_players_game_with_a_bad_word_is_refused(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let mut names = AFRICA;
    names[3] = "sh1t";
    let res = upload_as(&app, &token, upload_body("African countries", &names)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.body["error"], BAD_WORDS);
    assert_eq!(res.body["code"], "profanity");
    assert_eq!(res.body["field"], "items.3.name");
    assert_eq!(app.get_as("/api/community-games-paginated?username=maker", &token).await.body["total"], 0);
}

async fn an_admins_edit_with_a_flagged_word_is_saved_with_warnings(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let uid = app.add_community("Cheeses", ReviewStatus::Unreviewed, false);
    let path = format!("/api/game/edit/{uid}");
    let mut names = AFRICA;
    names[2] = "Dick";
    let res = put_as(&app, &path, &admin, &edit_body("Shit list", &names)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["prompt"], "Shit list");
    assert_eq!(res.body["items"][2]["name"], "Dick");
    assert_eq!(
        res.body["warnings"],
        json!([
            {"field": "prompt", "code": "profanity", "message": BAD_WORDS},
            {"field": "items.2.name", "code": "profanity", "message": BAD_WORDS},
        ])
    );
    let stored = app.get_as(&path, &admin).await;
    assert_eq!(stored.body["prompt"], "Shit list", "the edit was stored");
    // A clean edit carries no warnings at all; the form rules still refuse for admins too.
    let res = put_as(&app, &path, &admin, &edit_body("African countries", &AFRICA)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(res.body.get("warnings").is_none(), "{:?}", res.body);
    let res = put_as(&app, &path, &admin, &edit_body("Nine", &AFRICA[..9])).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
}

async fn a_player_cannot_use_the_admin_edit(app: TestApp) {
    let uid = app.add_community("Cheeses", ReviewStatus::Unreviewed, false);
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let res = put_as(&app, &format!("/api/game/edit/{uid}"), &token, &edit_body("Shit list", &AFRICA)).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
}

on_both_backends!(
    a_player_creates_a_list_of_african_countries,
    a_birds_game_may_say_tit_and_a_list_of_rude_words_may_not,
    a_players_game_with_a_bad_word_is_refused,
    an_admins_edit_with_a_flagged_word_is_saved_with_warnings,
    a_player_cannot_use_the_admin_edit,
);
