//! Creators are never stuck on a real name (issue 43, point 4): a word the profanity rule flags
//! ("Twatt", "Dildo") is refused as before unless the creator says it is a real name
//! (`realNames: true`); then the game is stored, waits for a moderator with its flagged words
//! shown in the review queue, and becomes public only when approved. Abuse is refused anyway.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::TestApp;
use serde_json::{json, Map, Value};

const PASSWORD: &str = "correct horse battery";

/// Ten items: the given names first, then ordinary ones.
fn upload_body(prompt: &str, names: &[&str]) -> Value {
    let mut items = Map::new();
    for name in names {
        items.insert((*name).to_string(), json!([]));
    }
    for i in names.len()..10 {
        items.insert(format!("Village {i}"), json!([]));
    }
    json!({"prompt": prompt, "items": items, "type": "community", "public": false})
}

/// The field of an item's name or spellings: its place in the body as sent (serde_json's map
/// sends its keys sorted).
fn field(body: &Value, name: &str, part: &str) -> String {
    let names: Vec<&String> = body["items"].as_object().expect("items").keys().collect();
    let index = names.iter().position(|n| *n == name).unwrap_or_else(|| panic!("{name} not in {names:?}"));
    format!("items.{index}.{part}")
}

fn with_real_names(mut body: Value) -> Value {
    body["realNames"] = json!(true);
    body
}

async fn review_queue(app: &TestApp, admin: &str) -> Value {
    let queue = app.get_as("/api/admin/review-games?status=unreviewed", admin).await;
    assert_eq!(queue.status, StatusCode::OK, "{:?}", queue.body);
    queue.body
}

fn flagged_of<'a>(queue: &'a Value, uid: &str) -> &'a Value {
    let games = queue["games"].as_array().expect("games");
    let game = games.iter().find(|g| g["uid"] == uid).unwrap_or_else(|| panic!("{uid} not queued: {queue}"));
    &game["flaggedWords"]
}

async fn a_flagged_word_is_refused_as_before_without_real_names(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let towns = upload_body("Towns with awkward names", &["Wetwang", "Twatt", "Dildo"]);
    let res = app.post_as("/api/game/upload", &token, &towns).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    // The first field stopped, as before: Dildo sorts first.
    let first = field(&towns, "Dildo", "name");
    assert_eq!(
        res.body,
        json!({"error": "Please remove any bad words.", "code": "profanity", "field": first})
    );
    let mut explicit_no = towns.clone();
    explicit_no["realNames"] = json!(false);
    let res = app.post_as("/api/game/upload", &token, &explicit_no).await;
    assert_eq!(res.body["field"], first.as_str());
    assert_eq!(app.get_as("/api/community-games-paginated?username=maker", &token).await.body["total"], 0);
}

async fn ordinary_words_and_names_are_not_flagged(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let body =
        upload_body("Words a filter once refused", &["Lesbos", "Lolita", "Hoe", "Boob tube", "Dik-dik"]);
    let res = app.post_as("/api/game/upload", &token, &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let uid = res.body["uid"].as_str().unwrap();
    assert_eq!(flagged_of(&review_queue(&app, &admin).await, uid), &json!([]));
}

async fn real_names_wait_for_a_moderator_then_go_public(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let stranger = app.sign_up("stranger", "stranger@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let mut body = with_real_names(upload_body("Towns with awkward names", &["Wetwang", "Twatt", "Dildo"]));
    body["items"]["Village 5"] = json!(["Wankie"]);
    let res = app.post_as("/api/game/upload", &token, &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "unreviewed");
    assert_eq!(res.body["public"], false);
    let uid = res.body["uid"].as_str().unwrap().to_string();
    let path = format!("/api/game/uid/{uid}");

    // Before review: the owner and admins only.
    assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get_as(&path, &stranger).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get_as(&path, &token).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/community-games-paginated").await.body["total"], 0);
    let mine = app.get_as("/api/community-games-paginated?username=maker", &token).await;
    assert_eq!(mine.body["games"][0]["status"], "unreviewed", "the creator sees it awaits review");

    // The queue shows the flagged words, field by field.
    let queue = review_queue(&app, &admin).await;
    assert_eq!(
        flagged_of(&queue, &uid),
        &json!([
            {"field": field(&body, "Dildo", "name"), "words": ["Dildo"]},
            {"field": field(&body, "Twatt", "name"), "words": ["Twatt"]},
            {"field": field(&body, "Village 5", "altSpellings"), "words": ["Wankie"]},
        ])
    );

    let approved =
        app.post_as(&format!("/api/admin/review-game/{uid}"), &admin, &json!({"approved": true})).await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    let public = app.get(&path).await;
    assert_eq!(public.status, StatusCode::OK);
    assert_eq!(public.body["status"], "approved");
    assert_eq!(app.get_as(&path, &stranger).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/community-games-paginated").await.body["total"], 1);
}

async fn abuse_is_refused_even_as_a_real_name(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    for (body, abuse) in [
        (upload_body("Towns", &["Twatt", "kike"]), Some("kike")),
        (upload_body("Fuck you", &["Twatt"]), None),
        (upload_body("Towns", &["Twatt", "kill yourself"]), Some("kill yourself")),
        (upload_body("Towns", &["Twatt", "f u c k"]), Some("f u c k")),
    ] {
        let expected = abuse.map_or_else(|| "prompt".to_string(), |name| field(&body, name, "name"));
        let res = app.post_as("/api/game/upload", &token, &with_real_names(body)).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{expected}: {:?}", res.body);
        assert_eq!(
            res.body,
            json!({"error": "Please remove any bad words.", "code": "profanity", "field": expected})
        );
    }
    assert_eq!(app.get_as("/api/community-games-paginated?username=maker", &token).await.body["total"], 0);
}

async fn an_admin_edit_keeps_the_flagged_words_it_saves(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let res = app.post_as("/api/game/upload", &token, &upload_body("Towns", &[])).await;
    let uid = res.body["uid"].as_str().unwrap().to_string();
    let edit = |name: &str| {
        let mut items: Vec<Value> =
            (1..=10).map(|i| json!({"id": i, "name": format!("Village {i}")})).collect();
        items[0]["name"] = json!(name);
        TestRequest::put()
            .uri(&format!("/api/game/edit/{uid}"))
            .insert_header(("authorization", format!("Bearer {admin}")))
            .set_json(json!({"prompt": "Towns", "public": false, "items": items}))
    };
    let saved = app.call(edit("Dildo")).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["warnings"][0]["field"], "items.0.name", "the admin is warned, not refused");
    let queue = review_queue(&app, &admin).await;
    assert_eq!(flagged_of(&queue, &uid), &json!([{"field": "items.0.name", "words": ["Dildo"]}]));
    assert_eq!(app.call(edit("Gander")).await.status, StatusCode::OK);
    assert_eq!(flagged_of(&review_queue(&app, &admin).await, &uid), &json!([]));
}

on_both_backends!(
    a_flagged_word_is_refused_as_before_without_real_names,
    ordinary_words_and_names_are_not_flagged,
    real_names_wait_for_a_moderator_then_go_public,
    abuse_is_refused_even_as_a_real_name,
    an_admin_edit_keeps_the_flagged_words_it_saves,
);
