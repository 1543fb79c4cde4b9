//! `POST /api/autofill-game-info`: login, validation, the built-in rules, the database-kept
//! cooldown, and the OpenAI-compatible provider against a fake API on loopback (with the
//! fallback to the built-in rules on every kind of failure), the items only the API adds, and
//! the counts of what an answer added. Every case runs on both backends.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::dev::ServerHandle;
use actix_web::http::StatusCode;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use common::{Backend, Response, TestApp};
use lavalist::platform::config::Config;
use serde_json::{json, Value};

const PATH: &str = "/api/autofill-game-info";

on_both_backends_with_configs!(
    guests_are_refused,
    built_in_rules_fill_a_realistic_game,
    a_plain_list_of_names_is_accepted,
    bad_input_is_refused_without_using_the_cooldown,
    a_second_call_within_the_cooldown_is_refused,
    the_cooldown_elapses,
    the_cooldown_holds_across_instances,
    a_use_that_adds_nothing_starts_no_cooldown,
    proper_names_are_never_made_singular,
    a_use_that_adds_only_doubtful_spellings_starts_no_cooldown,
    the_configured_api_answers,
    a_failing_api_falls_back_to_the_built_in_rules,
    a_prompt_alone_gets_a_whole_list_from_the_configured_api,
    without_an_api_a_prompt_alone_adds_nothing_and_says_so,
);

fn no_cooldown(config: &mut Config) {
    config.autofill.autofill_cooldown_ms = 0;
}

async fn player(app: &TestApp) -> String {
    app.sign_up("lister", "lister@example.com", "correct horse battery").await
}

/// A create form part-way through, as raw JSON so that the items keep this order on the way in
/// (a `serde_json::Value` would sort them).
const COUNTRIES: &str = r#"{
    "prompt": "  largest   countries by area ",
    "items": {
        "Russia": [],
        "Canada": ["canada!"],
        " The United States of America ": ["US"],
        "China": [],
        "": [],
        "Democratic Republic of the Congo": ["Congo-Kinshasa"],
        "St. Kitts & Nevis": []
    }
}"#;

fn countries() -> Value {
    serde_json::from_str(COUNTRIES).unwrap()
}

async fn post_raw_as(app: &TestApp, token: &str, body: &str) -> Response {
    app.call(
        actix_web::test::TestRequest::post()
            .uri(PATH)
            .insert_header(("authorization", format!("Bearer {token}")))
            .insert_header(("content-type", "application/json"))
            .set_payload(body.to_string()),
    )
    .await
}

/// What the built-in rules make of `countries()`: names trimmed, the empty one left out, the
/// player's spellings first, no spelling that is another item's name.
/// The built-in answer for `COUNTRIES`, with the account's cooldown the answer carries.
fn countries_filled(cooldown_ms: u64) -> Value {
    json!({
        "prompt": "Largest countries by area",
        "items": {
            "Russia": ["Russian Federation"],
            "Canada": [],
            "The United States of America": ["US", "United States of America", "United States", "USA", "America"],
            "China": ["People's Republic of China", "PRC"],
            "Democratic Republic of the Congo": ["Congo-Kinshasa", "DR Congo", "DRC", "Zaire"],
            "St. Kitts & Nevis": ["Saint Kitts & Nevis", "St. Kitts and Nevis", "Saint Kitts and Nevis", "SKN"],
        },
        "cooldownMs": cooldown_ms,
        "addedItems": 0,
        "addedSpellings": 14,
        "doubtfulSpellings": 0,
    })
}

/// The response's item names in the order they are written (`Value` would sort them).
fn names(res: &Response) -> Vec<String> {
    let text = String::from_utf8(res.raw.clone()).expect("UTF-8");
    let mut keys: Vec<String> = res.body["items"].as_object().expect("an object").keys().cloned().collect();
    keys.sort_by_key(|k| text.find(&format!("\"{k}\":")).expect("the key in the body"));
    keys
}

async fn guests_are_refused(backend: Backend) {
    let app = backend.app(|_| {});
    let res = app.post(PATH, &countries()).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert!(res.body["error"].is_string());
    let res = app.post_as(PATH, "not-a-token", &countries()).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

async fn built_in_rules_fill_a_realistic_game(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    let res = post_raw_as(&app, &token, COUNTRIES).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body, countries_filled(30_000));
    assert_eq!(
        names(&res),
        [
            "Russia",
            "Canada",
            "The United States of America",
            "China",
            "Democratic Republic of the Congo",
            "St. Kitts & Nevis",
        ]
    );
}

async fn a_plain_list_of_names_is_accepted(backend: Backend) {
    let app = backend.app(no_cooldown);
    let token = player(&app).await;
    let res = app
        .post_as(PATH, &token, &json!({"prompt": "the planets", "items": ["Mars", "", "Mt. Olympus"]}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body,
        json!({"prompt": "The planets", "items": {"Mars": [], "Mt. Olympus": ["Mount Olympus"]}, "cooldownMs": 0,
               "addedItems": 0, "addedSpellings": 1, "doubtfulSpellings": 0})
    );
}

async fn bad_input_is_refused_without_using_the_cooldown(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    let eleven: serde_json::Map<String, Value> = (0..11).map(|i| (format!("item {i}"), json!([]))).collect();
    let bad = [
        json!({"prompt": "   ", "items": {"Mars": []}}),
        json!({"prompt": "x".repeat(201), "items": {}}),
        json!({"prompt": "p", "items": eleven}),
        json!({"prompt": "p", "items": {"x".repeat(101): []}}),
        json!({"prompt": "p", "items": {"Mars": vec!["y".repeat(101)]}}),
        json!({"prompt": "p", "items": {"Mars": vec!["a"; 21]}}),
        json!({"prompt": "p", "items": "Mars"}),
        json!({"prompt": "p", "items": {"Mars": "Red Planet"}}),
        json!({"prompt": "p", "items": [1, 2]}),
        json!({"items": {"Mars": []}}),
    ];
    for body in &bad {
        let res = app.post_as(PATH, &token, body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{body}: {:?}", res.body);
        assert!(res.body["error"].as_str().is_some_and(|e| !e.is_empty()), "{:?}", res.body);
    }
    let repeated = r#"{"prompt": "p", "items": {"Mars": [], " Mars ": []}}"#;
    let res = post_raw_as(&app, &token, repeated).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    let res = app.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.status, StatusCode::OK, "the refused requests used the cooldown: {:?}", res.body);
}

async fn a_second_call_within_the_cooldown_is_refused(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    assert_eq!(app.post_as(PATH, &token, &countries()).await.status, StatusCode::OK);
    let res = app.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.body["error"].is_string());
    let retry: u64 = res.headers.get("retry-after").unwrap().to_str().unwrap().parse().unwrap();
    assert!((29..=30).contains(&retry), "Retry-After {retry}");
    // Another player has their own cooldown.
    let other = app.sign_up("other", "other@example.com", "correct horse battery").await;
    assert_eq!(app.post_as(PATH, &other, &countries()).await.status, StatusCode::OK);
}

/// On the app's test clock: a slow machine must not let the cooldown lapse between two calls.
async fn the_cooldown_elapses(backend: Backend) {
    let app = backend.app_at("2026-11-20T15:00:00Z", |c| c.autofill.autofill_cooldown_ms = 400);
    let token = player(&app).await;
    assert_eq!(app.post_as(PATH, &token, &countries()).await.status, StatusCode::OK);
    let res = app.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.headers.get("retry-after").unwrap(), "1");
    app.advance(chrono::Duration::milliseconds(450));
    let res = app.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

async fn the_cooldown_holds_across_instances(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    assert_eq!(app.post_as(PATH, &token, &countries()).await.status, StatusCode::OK);
    let second = app.another_instance(|_| {});
    let res = second.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
}

/// Only a use that added something starts the cooldown: one that found nothing answers
/// `cooldownMs` 0 and the next use goes through at once.
async fn a_use_that_adds_nothing_starts_no_cooldown(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    let nothing = json!({"prompt": "Oceans", "items": {"Canada": [], "Mt. Olympus": ["mount olympus"]}});
    for attempt in 1..=3 {
        let res = app.post_as(PATH, &token, &nothing).await;
        assert_eq!(res.status, StatusCode::OK, "attempt {attempt}: {:?}", res.body);
        assert_eq!(
            (
                res.body["cooldownMs"].clone(),
                res.body["addedItems"].clone(),
                res.body["addedSpellings"].clone()
            ),
            (json!(0), json!(0), json!(0)),
            "attempt {attempt}"
        );
    }
    let something = json!({"prompt": "Countries", "items": {"United States": []}});
    let res = app.post_as(PATH, &token, &something).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body["items"]["United States"],
        json!(["United States of America", "USA", "US", "America"])
    );
    assert_eq!(res.body["cooldownMs"], 30_000, "it added something: the cooldown runs");
    let refused = app.post_as(PATH, &token, &nothing).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", refused.body);
}

/// Issue 43: "ten biggest cities in texas" got only `Dalla`, a wrong singular of Dallas, and
/// spent the cooldown. A capitalised name is never made singular: nothing is added, nothing is
/// charged.
async fn proper_names_are_never_made_singular(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    let cities = [
        "Houston",
        "San Antonio",
        "Dallas",
        "Austin",
        "Fort Worth",
        "El Paso",
        "Arlington",
        "Corpus Christi",
        "Plano",
        "Lubbock",
    ];
    let items: serde_json::Map<String, Value> = cities.iter().map(|c| (c.to_string(), json!([]))).collect();
    let res =
        app.post_as(PATH, &token, &json!({"prompt": "ten biggest cities in texas", "items": items})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["items"]["Dallas"], json!([]), "no `Dalla`");
    for city in cities.iter().filter(|c| **c != "Fort Worth") {
        assert_eq!(res.body["items"][city], json!([]), "{city}");
    }
    assert_eq!(res.body["items"]["Fort Worth"], json!(["Ft. Worth"]), "a sure rule still applies");
    assert_eq!(
        (res.body["addedSpellings"].clone(), res.body["doubtfulSpellings"].clone()),
        (json!(1), json!(0))
    );
}

/// A run whose only additions are singular/plural guesses is counted as doubtful and gives its
/// use back; a run with a sure spelling as well starts the cooldown.
async fn a_use_that_adds_only_doubtful_spellings_starts_no_cooldown(backend: Backend) {
    let app = backend.app(|_| {});
    let token = player(&app).await;
    let guesses = json!({"prompt": "Dog breeds", "items": {"golden retrievers": [], "Poodle": []}});
    for attempt in 1..=2 {
        let res = app.post_as(PATH, &token, &guesses).await;
        assert_eq!(res.status, StatusCode::OK, "attempt {attempt}: {:?}", res.body);
        assert_eq!(res.body["items"]["golden retrievers"], json!(["golden retriever"]), "still offered");
        assert_eq!(
            (
                res.body["addedSpellings"].clone(),
                res.body["doubtfulSpellings"].clone(),
                res.body["cooldownMs"].clone()
            ),
            (json!(1), json!(1), json!(0)),
            "attempt {attempt}"
        );
    }
    let mixed = json!({"prompt": "Dog breeds", "items": {"golden retrievers": [], "St. Bernard": []}});
    let res = app.post_as(PATH, &token, &mixed).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        (
            res.body["addedSpellings"].clone(),
            res.body["doubtfulSpellings"].clone(),
            res.body["cooldownMs"].clone()
        ),
        (json!(2), json!(1), json!(30_000))
    );
    assert_eq!(app.post_as(PATH, &token, &guesses).await.status, StatusCode::TOO_MANY_REQUESTS);
}

/// How the fake API answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fake {
    Answer,
    ServerError,
    Malformed,
    NoItems,
    Slow,
    /// A whole list for a prompt alone: eleven new items, one more than a game holds.
    WholeList,
}

/// Each request the fake API received: its `Authorization` header and its JSON body.
type Seen = Arc<Mutex<Vec<(Option<String>, Value)>>>;

/// An OpenAI-compatible API on loopback that records what it was sent.
struct FakeApi {
    base_url: String,
    seen: Seen,
    handle: ServerHandle,
}

impl FakeApi {
    async fn start(mode: Fake) -> FakeApi {
        let seen: Seen = Arc::default();
        let recorded = seen.clone();
        let server = HttpServer::new(move || {
            let recorded = recorded.clone();
            App::new().route(
                "/v1/chat/completions",
                web::post().to(move |req: HttpRequest, body: web::Json<Value>| {
                    let recorded = recorded.clone();
                    async move {
                        let auth =
                            req.headers().get("authorization").map(|v| v.to_str().unwrap().to_string());
                        recorded.lock().unwrap().push((auth, body.into_inner()));
                        fake_answer(mode).await
                    }
                }),
            )
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind the fake API");
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_rt::spawn(server);
        FakeApi { base_url: format!("http://127.0.0.1:{port}/v1/"), seen, handle }
    }

    fn configure(&self, config: &mut Config) {
        config.autofill.autofill_cooldown_ms = 0;
        config.autofill.autofill_api_url = Some(self.base_url.clone());
        config.autofill.autofill_model = Some("list-helper-1".into());
        config.autofill.autofill_api_key = Some("sk-test-secret".into());
        config.autofill.autofill_timeout_ms = 500;
    }
}

fn completion(content: &str) -> Value {
    json!({"id": "chatcmpl-1", "object": "chat.completion",
           "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]})
}

async fn fake_answer(mode: Fake) -> HttpResponse {
    let model_answer = json!({
        "prompt": "Largest countries by area",
        "items": {
            "Russia": ["Russian Federation", "Russia", 12],
            "The United States of America": ["United States", "America", "Canada"],
            "china": ["People's Republic of China", "PRC"],
            "Greenland": ["Kalaallit Nunaat"],
        }
    });
    match mode {
        Fake::Answer => HttpResponse::Ok().json(completion(&model_answer.to_string())),
        Fake::ServerError => {
            HttpResponse::InternalServerError().json(json!({"error": {"message": "overloaded"}}))
        }
        Fake::Malformed => HttpResponse::Ok().json(completion("Sure! Here are some spellings: Russia, USA")),
        Fake::NoItems => HttpResponse::Ok().json(completion(r#"{"prompt": "Countries"}"#)),
        Fake::Slow => {
            actix_rt::time::sleep(Duration::from_secs(3)).await;
            HttpResponse::Ok().json(completion(&model_answer.to_string()))
        }
        Fake::WholeList => HttpResponse::Ok().json(completion(&whole_list().to_string())),
    }
}

/// African countries as a model might list them (the answer's keys are read in sorted order,
/// so Zambia, the eleventh, is the one left out).
fn whole_list() -> Value {
    json!({
        "prompt": "African countries",
        "items": {
            "Niger": ["Republic of the Niger"], "Chad": [], "Gabon": [], "Benin": ["Dahomey"],
            "Togo": [], "Mali": [], "Kenya": [], "Cabo Verde": ["Cape Verde"], "Eswatini": ["Swaziland"],
            "Ivory Coast": ["Côte d'Ivoire", "Niger"], "Zambia": [], "": ["blank"],
        }
    })
}

async fn the_configured_api_answers(backend: Backend) {
    let fake = FakeApi::start(Fake::Answer).await;
    let app = backend.app(|c| fake.configure(c));
    let token = player(&app).await;
    let res = post_raw_as(&app, &token, COUNTRIES).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // The model's spellings after the player's; junk, repeats and other items' names dropped;
    // names it skipped get the built-in rules; names nobody asked about are ignored.
    // The list's empty row takes the model's new item.
    let mut expected = countries_filled(0);
    expected["items"]["Russia"] = json!(["Russian Federation"]);
    expected["items"]["The United States of America"] = json!(["US", "United States", "America"]);
    expected["items"]["China"] = json!(["People's Republic of China", "PRC"]);
    expected["items"]["Greenland"] = json!(["Kalaallit Nunaat"]);
    expected["addedItems"] = json!(1);
    expected["addedSpellings"] = json!(13);
    assert_eq!(res.body, expected);
    assert_eq!(names(&res)[4], "Greenland", "in the empty row's place");

    let seen = fake.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1);
    let (auth, request) = &seen[0];
    assert_eq!(auth.as_deref(), Some("Bearer sk-test-secret"));
    assert_eq!(request["model"], "list-helper-1");
    assert_eq!(request["response_format"], json!({"type": "json_object"}));
    let game: Value = serde_json::from_str(request["messages"][1]["content"].as_str().unwrap()).unwrap();
    assert_eq!(game["prompt"], "largest   countries by area");
    assert_eq!(game["items"]["Canada"], json!(["canada!"]));
    assert_eq!(game["items"].as_object().unwrap().len(), 6, "the empty name is not sent");
    assert_eq!(game["itemsToAdd"], 4, "a game has ten items");
    fake.handle.stop(false).await;
}

async fn a_failing_api_falls_back_to_the_built_in_rules(backend: Backend) {
    for mode in [Fake::ServerError, Fake::Malformed, Fake::NoItems, Fake::Slow] {
        let fake = FakeApi::start(mode).await;
        let app = backend.app(|c| fake.configure(c));
        let token = player(&app).await;
        let started = std::time::Instant::now();
        let res = app.post_as(PATH, &token, &countries()).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body, countries_filled(0));
        assert_eq!(fake.seen.lock().unwrap().len(), 1, "the API was asked");
        if mode == Fake::Slow {
            assert!(started.elapsed() < Duration::from_secs(2), "the timeout did not cut the wait");
        }
        fake.handle.stop(false).await;
    }
    // An API nobody listens on: the connection fails at once.
    let app = backend.app(|c| {
        no_cooldown(c);
        c.autofill.autofill_api_url = Some("http://127.0.0.1:9/v1".into());
        c.autofill.autofill_model = Some("m".into());
    });
    let token = player(&app).await;
    let res = app.post_as(PATH, &token, &countries()).await;
    assert_eq!(res.body, countries_filled(0));
}

async fn a_prompt_alone_gets_a_whole_list_from_the_configured_api(backend: Backend) {
    let fake = FakeApi::start(Fake::WholeList).await;
    let app = backend.app(|c| fake.configure(c));
    let token = player(&app).await;
    let res = app.post_as(PATH, &token, &json!({"prompt": "african countries", "items": {}})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["prompt"], "African countries");
    assert_eq!(
        names(&res),
        ["Benin", "Cabo Verde", "Chad", "Eswatini", "Gabon", "Ivory Coast", "Kenya", "Mali", "Niger", "Togo"]
    );
    assert_eq!(res.body["items"]["Niger"], json!(["Republic of the Niger"]));
    // Another item's name is never a spelling.
    assert_eq!(res.body["items"]["Ivory Coast"], json!(["Côte d'Ivoire"]));
    assert_eq!((res.body["addedItems"].clone(), res.body["addedSpellings"].clone()), (json!(10), json!(5)));
    let seen = fake.seen.lock().unwrap().clone();
    let game: Value = serde_json::from_str(seen[0].1["messages"][1]["content"].as_str().unwrap()).unwrap();
    assert_eq!(game["itemsToAdd"], 10);
    fake.handle.stop(false).await;
}

async fn without_an_api_a_prompt_alone_adds_nothing_and_says_so(backend: Backend) {
    let app = backend.app(no_cooldown);
    let token = player(&app).await;
    let res = app.post_as(PATH, &token, &json!({"prompt": "nothing yet", "items": []})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body,
        json!({"prompt": "Nothing yet", "items": {}, "cooldownMs": 0, "addedItems": 0, "addedSpellings": 0,
               "doubtfulSpellings": 0})
    );
    // Names the rules know nothing for, and spellings already there, add nothing either.
    let res = app
        .post_as(
            PATH,
            &token,
            &json!({"prompt": "Countries", "items": {"Canada": [], "Mt. Olympus": ["mount olympus"]}}),
        )
        .await;
    assert_eq!((res.body["addedItems"].clone(), res.body["addedSpellings"].clone()), (json!(0), json!(0)));
}
