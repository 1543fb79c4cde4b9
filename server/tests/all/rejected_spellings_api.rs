//! Not-accepted spellings (`rejectedSpellings`, issue 23) are stored with the game: set by an
//! upload, an admin's edit and a catalogue import, served with the game, and exported.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::TestApp;
use lavalist::domains::catalogue::transfer::{export, import};
use lavalist::domains::games::model::ReviewStatus;
use serde_json::{json, Map, Value};

on_both_backends!(
    upload_stores_rejected_spellings,
    upload_refuses_bad_rejected_spellings,
    edit_sets_and_clears_rejected_spellings,
    import_and_export_carry_rejected_spellings
);

const NAMES: [&str; 10] = [
    "France",
    "Germany",
    "Netherlands",
    "Belgium",
    "Spain",
    "Portugal",
    "Italy",
    "Switzerland",
    "Denmark",
    "Ireland",
];

/// The position of an item in an upload (serde_json's map sorts the names).
fn at(name: &str) -> usize {
    let mut sorted = NAMES;
    sorted.sort_unstable();
    sorted.iter().position(|n| *n == name).unwrap()
}

fn upload_body(rejected: Value) -> Value {
    let items: Map<String, Value> = NAMES
        .iter()
        .map(|n| (n.to_string(), if *n == "Netherlands" { json!(["Holland"]) } else { json!([]) }))
        .collect();
    json!({"prompt": "Western Europe", "items": items, "rejectedSpellings": rejected, "type": "community"})
}

fn put(uid: &str, token: &str, body: &Value) -> TestRequest {
    TestRequest::put()
        .uri(&format!("/api/game/edit/{uid}"))
        .set_json(body)
        .insert_header(("authorization", format!("Bearer {token}")))
}

async fn upload_stores_rejected_spellings(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", "correct horse battery").await;
    let res =
        app.post_as("/api/game/upload", &token, &upload_body(json!({"Netherlands": [" Poland ", ""]}))).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let nl = at("Netherlands");
    assert_eq!(res.body["items"][nl]["altSpellings"], json!(["Holland"]));
    assert_eq!(res.body["items"][nl]["rejectedSpellings"], json!(["Poland"]), "trimmed, empties dropped");
    assert!(
        res.body["items"][at("France")].get("rejectedSpellings").is_none(),
        "left out when there are none"
    );
    let uid = res.body["uid"].as_str().unwrap();
    let served = app.get_as(&format!("/api/game/uid/{uid}"), &token).await;
    assert_eq!(served.body["items"][nl]["rejectedSpellings"], json!(["Poland"]));
    // Without the field, an upload is what it always was.
    let plain = app.post_as("/api/game/upload", &token, &upload_body(Value::Null)).await;
    assert_eq!(plain.status, StatusCode::OK, "{:?}", plain.body);
    assert!(plain.body["items"][nl].get("rejectedSpellings").is_none());
}

async fn upload_refuses_bad_rejected_spellings(app: TestApp) {
    let token = app.sign_up("maker", "maker@example.com", "correct horse battery").await;
    let accepted =
        app.post_as("/api/game/upload", &token, &upload_body(json!({"Netherlands": ["holland!"]}))).await;
    assert_eq!(accepted.status, StatusCode::BAD_REQUEST, "{:?}", accepted.body);
    assert_eq!(accepted.body["field"], format!("items.{}.rejectedSpellings", at("Netherlands")));
    let own_name = app.post_as("/api/game/upload", &token, &upload_body(json!({"Spain": ["SPAIN"]}))).await;
    assert_eq!(
        own_name.body["field"],
        format!("items.{}.rejectedSpellings", at("Spain")),
        "{:?}",
        own_name.body
    );
    let no_letters = app.post_as("/api/game/upload", &token, &upload_body(json!({"Spain": ["--"]}))).await;
    assert_eq!(
        no_letters.body["field"],
        format!("items.{}.rejectedSpellings", at("Spain")),
        "{:?}",
        no_letters.body
    );
    let unknown = app.post_as("/api/game/upload", &token, &upload_body(json!({"Poland": ["Holland"]}))).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "a key that names no item: {:?}", unknown.body);
    let not_a_list = app.post_as("/api/game/upload", &token, &upload_body(json!({"Spain": "Spian"}))).await;
    assert_eq!(not_a_list.status, StatusCode::BAD_REQUEST);
}

async fn edit_sets_and_clears_rejected_spellings(app: TestApp) {
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let uid = app.add_community("Cheeses", ReviewStatus::Approved, true);
    let loaded = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    let mut body = json!({"prompt": "Cheeses", "public": true, "items": loaded.body["items"].clone()});
    body["items"][0]["rejectedSpellings"] = json!(["Chedder town", "  "]);
    let res = app.call(put(&uid, &admin, &body)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["items"][0]["rejectedSpellings"], json!(["Chedder town"]));
    let played = app.get(&format!("/api/game/uid/{uid}")).await;
    assert_eq!(played.body["items"][0]["rejectedSpellings"], json!(["Chedder town"]));
    let reloaded = app.get_as(&format!("/api/game/edit/{uid}"), &admin).await;
    assert_eq!(reloaded.body["items"][0]["rejectedSpellings"], json!(["Chedder town"]));

    // A spelling the item accepts cannot also be refused.
    let mut clash = body.clone();
    clash["items"][0]["rejectedSpellings"] = loaded.body["items"][0]["altSpellings"].clone();
    let res = app.call(put(&uid, &admin, &clash)).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.body["field"], "items.0.rejectedSpellings");

    // Leaving the field out clears it.
    body["items"][0].as_object_mut().unwrap().remove("rejectedSpellings");
    let res = app.call(put(&uid, &admin, &body)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(res.body["items"][0].get("rejectedSpellings").is_none(), "{:?}", res.body["items"][0]);
}

async fn import_and_export_carry_rejected_spellings(app: TestApp) {
    let items: Vec<Value> = NAMES
        .iter()
        .map(|n| match *n {
            "Netherlands" => json!({"name": n, "altSpellings": ["Holland"], "rejectedSpellings": ["Poland"]}),
            _ => json!({"name": n}),
        })
        .collect();
    let game = json!({"uid": "europe1", "type": "community", "prompt": "Western Europe", "submitter": "x",
                      "items": items});
    let catalogue = serde_json::from_value(json!({"version": 1, "games": [game.clone()]})).unwrap();
    let report = import(&mut app.conn(), &catalogue, 0).unwrap();
    assert_eq!(report.added, 1);
    let served = app.get("/api/game/uid/europe1").await;
    assert_eq!(served.body["items"][2]["rejectedSpellings"], json!(["Poland"]), "{:?}", served.body);

    let exported = serde_json::to_value(export(&mut app.conn()).unwrap()).unwrap();
    let item = &exported["games"][0]["items"][2];
    assert_eq!(item["rejectedSpellings"], json!(["Poland"]), "{item:?}");
    assert!(exported["games"][0]["items"][0].get("rejectedSpellings").is_none());
    // The export imports again unchanged.
    let again = import(&mut app.conn(), &serde_json::from_value(exported.clone()).unwrap(), 0).unwrap();
    assert_eq!(again.updated, 1);
    assert_eq!(serde_json::to_value(export(&mut app.conn()).unwrap()).unwrap(), exported);

    // An import is validated like a form: a refused spelling the item accepts fails it all.
    let mut bad = game;
    bad["uid"] = json!("europe2");
    bad["items"][2]["rejectedSpellings"] = json!(["HOLLAND"]);
    let catalogue = serde_json::from_value(json!({"version": 1, "games": [bad]})).unwrap();
    let error = import(&mut app.conn(), &catalogue, 0).unwrap_err();
    assert!(error.to_string().contains("items.2.rejectedSpellings"), "{error}");
    assert_eq!(export(&mut app.conn()).unwrap().games.len(), 1);
}
