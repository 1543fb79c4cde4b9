//! "Challenge a friend" through the HTTP API on both backends: a challenge needs the creator's
//! stored result; the friend sees a spoiler-free preview, and both results side by side only
//! once their own result is stored; guests and accounts; past days stored for challenges only;
//! every figure is the server's replay of the stored logs; the link's page carries a
//! spoiler-free preview.

use crate::common;

use actix_web::http::StatusCode;
use common::{answers, Backend, TestApp};
use game_core::{Action, GameDef, GameState};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::i18n::Locale;
use serde_json::{json, Value};

on_both_backends_with_configs!(
    a_guest_compares_only_after_their_result_is_stored,
    accounts_and_past_days_from_the_archive,
    a_community_game_and_bad_requests,
    the_link_page_has_a_spoiler_free_preview,
    challenges_are_rate_limited,
    a_guest_who_signs_up_keeps_their_challenges,
);

const PASSWORD: &str = "correct horse battery";

/// A finished log: `hints` hints, the wrong guesses, then the listed items (given up unless all
/// ten are found).
fn log(prompt: &str, found: &[u32], wrong: &[&str], hints: usize) -> Vec<Value> {
    let kinds = ["firstLetter", "length"];
    let mut log: Vec<Value> = (0..hints).map(|i| json!({"hint": kinds[i % 2]})).collect();
    log.extend(wrong.iter().map(|w| json!({"guess": w})));
    log.extend(found.iter().map(|i| json!({"guess": format!("{prompt} item {i}")})));
    if found.len() < 10 {
        log.push(json!({"giveUp": true}));
    }
    log
}

/// The log replayed with the shared rules, as the test expects the server to.
fn replayed(def: GameDef, log: &[Value]) -> GameState {
    let actions: Vec<Action> = serde_json::from_value(Value::Array(log.to_vec())).unwrap();
    GameState::replay(def, &actions).unwrap()
}

/// A submission body of `log` (the claimed answers and score are the replay's).
fn claim(state: &GameState, key: &str, log: &[Value], target: Value) -> Value {
    let answers: Vec<Value> =
        (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": state.is_found(i)})).collect();
    let mut body = json!({"answers": answers, "userKey": key, "score": state.score(), "actions": log});
    for (k, v) in target.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn day_def(app: &TestApp, date: chrono::NaiveDate) -> GameDef {
    lavalist::domains::games::queries::find_by_date(
        &mut app.conn(),
        lavalist::domains::games::editions::ENGLISH,
        date,
    )
    .unwrap()
    .unwrap()
    .def()
}

async fn a_guest_compares_only_after_their_result_is_stored(backend: Backend) {
    let app = backend.app(|_| {});
    let date = app.add_daily(0, "Rivers");
    let day = date.to_string();
    let def = day_def(&app, date);

    // No result, no challenge.
    let early = app.post("/api/challenges", &json!({"userKey": "alice", "date": day})).await;
    assert_eq!((early.status, early.body["code"].as_str()), (StatusCode::CONFLICT, Some("notPlayed")));

    let alice_log = log("Rivers", &[1, 2, 3, 4, 5, 6, 7], &["Amazonas", "Thames"], 1);
    let alice = replayed(def.clone(), &alice_log);
    let stored =
        app.post("/api/game/submit", &claim(&alice, "alice", &alice_log, json!({"date": day}))).await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    let made = app.post("/api/challenges", &json!({"userKey": "alice", "date": day})).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 22, "128 random bits, URL-safe base64");
    assert!(made.body["url"].as_str().unwrap().ends_with(&format!("/challenge/{id}")));
    let again = app.post("/api/challenges", &json!({"userKey": "alice", "date": day})).await;
    assert_ne!(again.body["id"], made.body["id"], "each link is new");

    // The preview: prompt and who, never an item nor the creator's result.
    let preview = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!(preview.status, StatusCode::OK);
    assert_eq!(preview.body["prompt"], "Rivers");
    assert_eq!(preview.body["date"], day.as_str());
    assert_eq!(preview.body["creatorName"], Value::Null);
    assert_eq!(preview.body["yours"], false);
    let text = preview.body.to_string();
    assert!(!text.contains("item") && !text.contains("score") && !text.contains("Thames"), "{text}");
    assert_eq!(app.get_keyed(&format!("/api/challenges/{id}"), "alice").await.body["yours"], true);

    // The friend: refused until their own result is stored.
    let path = format!("/api/challenges/{id}/comparison");
    for res in [app.get_keyed(&path, "bob").await, app.get(&path).await] {
        assert_eq!((res.status, res.body["code"].as_str()), (StatusCode::CONFLICT, Some("notPlayed")));
        assert!(!res.body.to_string().contains("item"));
    }
    // A result without a log is no replayed result: still refused.
    let unlogged = json!({"answers": answers(3), "userKey": "carl", "score": 300, "date": day});
    assert_eq!(app.post("/api/game/submit", &unlogged).await.status, StatusCode::OK);
    assert_eq!(app.get_keyed(&path, "carl").await.body["code"], "notPlayed");

    let bob_log = log("Rivers", &[5, 6, 7, 8, 9, 10], &["Volga"], 0);
    let bob = replayed(def.clone(), &bob_log);
    let stored = app.post("/api/game/submit", &claim(&bob, "bob", &bob_log, json!({"date": day}))).await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    let res = app.get_keyed(&path, "bob").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let found_by: Vec<&str> =
        res.body["items"].as_array().unwrap().iter().map(|i| i["foundBy"].as_str().unwrap()).collect();
    assert_eq!(
        found_by,
        ["creator", "creator", "creator", "creator", "both", "both", "both", "viewer", "viewer", "viewer"]
    );
    assert_eq!(res.body["items"][0]["name"], "Rivers item 1");
    assert_eq!(
        res.body["creator"],
        json!({"score": alice.score(), "found": 7, "won": false, "hints": 1, "wrongGuesses": ["Amazonas", "Thames"]})
    );
    assert_eq!(
        res.body["viewer"],
        json!({"score": bob.score(), "found": 6, "won": false, "hints": 0, "wrongGuesses": ["Volga"]})
    );
    assert_eq!(res.body["challenge"]["yours"], false);
    // Unknown or absurd ids.
    for bad in ["nope", &"x".repeat(300)] {
        let res = app.get(&format!("/api/challenges/{bad}")).await;
        assert_eq!(
            (res.status, res.body["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("challengeNotFound"))
        );
        let res = app.get_keyed(&format!("/api/challenges/{bad}/comparison"), "bob").await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
    }
}

async fn accounts_and_past_days_from_the_archive(backend: Backend) {
    let app = backend.app(|_| {});
    let yesterday = app.add_daily(-1, "Peaks");
    let day = yesterday.to_string();
    let def = day_def(&app, yesterday);
    let carol = app.sign_up("carol", "carol@example.com", PASSWORD).await;

    // A past day is not submitted by the archive: its log is stored for challenges first.
    let refused =
        app.post_as("/api/challenges", &carol, &json!({"userKey": "carol-phone", "date": day})).await;
    assert_eq!(refused.body["code"], "notPlayed");
    let carol_log = log("Peaks", &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], &["Everest"], 2);
    let carol_state = replayed(def.clone(), &carol_log);
    let body = json!({"userKey": "carol-phone", "date": day, "actions": carol_log});
    let stored = app.post_as("/api/challenges/archive-results", &carol, &body).await;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.body);
    assert_eq!(stored.body, json!({"date": day, "score": carol_state.score(), "found": 10, "won": true}));
    // Under the account: another device's userKey makes the challenge.
    let made = app.post_as("/api/challenges", &carol, &json!({"userKey": "carol-laptop", "date": day})).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let export = app.get_as("/api/user/export", &carol).await.body;
    assert_eq!(export["archiveResults"][0]["dailyDate"], day.as_str(), "{export}");
    assert_eq!(export["archiveResults"][0]["actions"].as_str().map(|a| a.contains("Everest")), Some(true));
    assert_eq!(export["challenges"][0]["dailyDate"], day.as_str());
    let preview = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!(
        (preview.body["creatorName"].as_str(), preview.body["dayNumber"].is_u64()),
        (Some("carol"), true)
    );
    assert_eq!(app.get_as(&format!("/api/challenges/{id}"), &carol).await.body["yours"], true);

    // The friend, a guest, plays the past day too.
    let path = format!("/api/challenges/{id}/comparison");
    assert_eq!(app.get_keyed(&path, "dan").await.body["code"], "notPlayed");
    let today = app.today().to_string();
    let archive = |key: &str, date: &str, actions: &Vec<Value>| json!({"userKey": key, "date": date, "actions": actions});
    let dan_log = log("Peaks", &[2, 4], &["K2", "Fuji", "Denali"], 0);
    let unfinished: Vec<Value> = dan_log[..3].to_vec();
    let bad = [
        (archive("dan", &today, &dan_log), StatusCode::BAD_REQUEST, "badRequest"),
        (archive("dan", "2026-02-30", &dan_log), StatusCode::BAD_REQUEST, "invalidDate"),
        (archive("dan", &day, &unfinished), StatusCode::BAD_REQUEST, "invalidResult"),
        (archive("dan", &day, &vec![json!({"dance": 1})]), StatusCode::BAD_REQUEST, "invalidJson"),
        (archive("acct:1", &day, &dan_log), StatusCode::BAD_REQUEST, "badRequest"),
        (archive("dan", "2000-01-01", &dan_log), StatusCode::NOT_FOUND, "noGameForDate"),
    ];
    for (body, status, code) in bad {
        let res = app.post("/api/challenges/archive-results", &body).await;
        assert_eq!((res.status, res.body["code"].as_str()), (status, Some(code)), "{body}");
    }
    assert_eq!(app.get_keyed(&path, "dan").await.body["code"], "notPlayed", "nothing was stored");
    for _ in 0..2 {
        let res = app.post("/api/challenges/archive-results", &archive("dan", &day, &dan_log)).await;
        assert_eq!(res.status, StatusCode::OK, "the same log again is fine: {:?}", res.body);
    }
    let other = log("Peaks", &[1], &[], 0);
    let conflict = app.post("/api/challenges/archive-results", &archive("dan", &day, &other)).await;
    assert_eq!(
        (conflict.status, conflict.body["code"].as_str()),
        (StatusCode::CONFLICT, Some("resultConflict"))
    );

    let res = app.get_keyed(&path, "dan").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let dan = replayed(def, &dan_log);
    assert_eq!(res.body["viewer"]["score"], dan.score());
    assert_eq!(res.body["viewer"]["wrongGuesses"], json!(["K2", "Fuji", "Denali"]));
    assert_eq!(res.body["creator"]["hints"], 2);
    let both = res.body["items"].as_array().unwrap().iter().filter(|i| i["foundBy"] == "both").count();
    assert_eq!(both, 2);

    // An archive result counts in no stats.
    let stats = app.get(&format!("/api/game/stats?date={day}")).await;
    assert_eq!(stats.status, StatusCode::OK);
    assert_eq!(stats.body["playerCount"], 0, "{:?}", stats.body);

    // Deleting the account takes its challenges with it.
    let deleted = app.post_as("/api/user/delete", &carol, &json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);
    assert_eq!(app.get(&format!("/api/challenges/{id}")).await.status, StatusCode::NOT_FOUND);
}

async fn a_community_game_and_bad_requests(backend: Backend) {
    let app = backend.app(|_| {});
    let uid = app.add_community("Lakes", ReviewStatus::Approved, true);
    let def = lavalist::domains::games::queries::find_by_uid(&mut app.conn(), &uid).unwrap().unwrap().def();
    let erin = app.sign_up("erin", "erin@example.com", PASSWORD).await;
    let erin_log = log("Lakes", &[1, 2, 3], &[], 0);
    let state = replayed(def.clone(), &erin_log);
    let body = claim(&state, "erin-key", &erin_log, json!({"gameUid": uid}));
    assert_eq!(app.post_as("/api/game/submit-community-game", &erin, &body).await.status, StatusCode::OK);
    let made = app.post_as("/api/challenges", &erin, &json!({"userKey": "erin-key", "gameUid": uid})).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let preview = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!((preview.body["gameUid"].as_str(), preview.body.get("date")), (Some(uid.as_str()), None));
    // Her data download holds the link she made and the stars she gave.
    let rated = app
        .post_as(&format!("/api/game/uid/{uid}/rating"), &erin, &json!({"userKey": "erin-key", "stars": 4}))
        .await;
    assert_eq!(rated.status, StatusCode::OK, "{:?}", rated.body);
    let export = app.get_as("/api/user/export", &erin).await.body;
    assert_eq!(export["challenges"][0]["id"], id.as_str());
    assert_eq!(export["challenges"][0]["gameUid"], uid.as_str());
    assert!(export["challenges"][0].get("dailyDate").is_none());
    assert_eq!(
        (export["ratings"][0]["gameUid"].as_str(), export["ratings"][0]["stars"].as_i64()),
        (Some(uid.as_str()), Some(4))
    );
    assert_eq!(export["archiveResults"], json!([]));

    // A logged-in friend: the account's result, whatever userKey the browser sends.
    let fay = app.sign_up("fay", "fay@example.com", PASSWORD).await;
    let fay_log = log("Lakes", &[3, 4], &["Baikal"], 1);
    let fay_state = replayed(def, &fay_log);
    let body = claim(&fay_state, "fay-phone", &fay_log, json!({"gameUid": uid}));
    let path = format!("/api/challenges/{id}/comparison");
    assert_eq!(app.get_keyed_as(&path, "fay-laptop", &fay).await.body["code"], "notPlayed");
    assert_eq!(app.post_as("/api/game/submit-community-game", &fay, &body).await.status, StatusCode::OK);
    let res = app.get_keyed_as(&path, "fay-laptop", &fay).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["viewer"]["score"], fay_state.score());
    assert_eq!(res.body["items"][2]["foundBy"], "both");
    // The guest key of that browser has no result of its own.
    assert_eq!(app.get_keyed(&path, "fay-phone").await.body["code"], "notPlayed");

    // Only games everyone may play; exactly one of date and gameUid.
    let hidden = app.add_community("Hidden", ReviewStatus::Unreviewed, true);
    let tomorrow = app.add_daily(1, "Tomorrow").to_string();
    let cases = [
        (json!({"userKey": "g", "gameUid": hidden}), StatusCode::NOT_FOUND, "gameNotFound"),
        (json!({"userKey": "g", "gameUid": "missing"}), StatusCode::NOT_FOUND, "gameNotFound"),
        (json!({"userKey": "g", "date": tomorrow}), StatusCode::FORBIDDEN, "notReleased"),
        (json!({"userKey": "g", "date": "2026-13-01"}), StatusCode::BAD_REQUEST, "invalidDate"),
        (json!({"userKey": "g", "date": tomorrow, "gameUid": uid}), StatusCode::BAD_REQUEST, "badRequest"),
        (json!({"userKey": "g"}), StatusCode::BAD_REQUEST, "badRequest"),
        (json!({"userKey": "", "gameUid": uid}), StatusCode::BAD_REQUEST, "badRequest"),
        (json!({"gameUid": uid}), StatusCode::BAD_REQUEST, "invalidJson"),
    ];
    for (body, status, code) in cases {
        let res = app.post("/api/challenges", &body).await;
        assert_eq!((res.status, res.body["code"].as_str()), (status, Some(code)), "{body}: {:?}", res.body);
    }

    // A game hidden after the challenge takes the challenge with it.
    lavalist::domains::games::queries::set_review(&mut app.conn(), &uid, false, 0).unwrap();
    app.state().games.invalidate();
    assert_eq!(app.get(&format!("/api/challenges/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get_as(&path, &fay).await.status, StatusCode::NOT_FOUND);
}

async fn the_link_page_has_a_spoiler_free_preview(backend: Backend) {
    let app = backend.app(|config| config.public_url = "https://lavalist.example".into());
    std::fs::write(
        app.state().config.static_dir.join("index.html"),
        "<!doctype html><html><head><title>Lavalist</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    let date = app.add_daily(0, "Secret rivers");
    let gina = app.sign_up("gina", "gina@example.com", PASSWORD).await;
    let gina_log = log("Secret rivers", &[1, 2], &["Danube"], 0);
    let (id, html) = challenge_page(&app, &gina, date, Locale::En, &gina_log).await;
    let og_url =
        |id: &str| format!(r#"<meta property="og:url" content="https://lavalist.example/challenge/{id}">"#);
    assert!(
        html.contains(r#"<meta property="og:title" content="gina challenges you: Lavalist Day "#),
        "{html}"
    );
    assert!(html.contains("Secret rivers"), "{html}");
    assert!(html.contains(&og_url(&id)), "{html}");
    assert!(html.contains("/og/day/"), "the day's card: {html}");
    assert!(!html.contains("item") && !html.contains("Danube") && !html.contains("score"), "{html}");
    // An unknown id: the site's card.
    let html = String::from_utf8(app.get("/challenge/unknown").await.raw).unwrap();
    assert!(html.contains(r#"<meta property="og:title" content="Lavalist">"#), "{html}");

    // A challenge on the Japanese edition's day: its preview is Japanese, the card's address
    // names the edition, the page's own stays the challenge's.
    let mut japanese =
        common::new_game(game_core::GameKind::Daily, ReviewStatus::Approved, true, "日本の川", Some(date));
    japanese.language = "ja".into();
    lavalist::domains::games::queries::insert_game(&mut app.conn(), &japanese).unwrap();
    app.state().games.invalidate();
    let (id, html) = challenge_page(&app, &gina, date, Locale::Ja, &log("日本の川", &[1], &[], 0)).await;
    let n = game_core::calendar::day_number(date);
    let title = format!("ginaから挑戦状が届きました：Lavalist {n}日目：日本の川");
    assert!(html.contains(&format!(r#"<meta property="og:title" content="{title}">"#)), "{html}");
    assert!(html.contains("結果を並べて比べましょう"), "{html}");
    assert!(html.contains(&og_url(&id)), "{html}");
    assert!(html.contains("&amp;edition=ja\">"), "the Japanese card: {html}");
}

/// The page of a challenge `gina` makes on `date`'s game of `edition` once her result (`log`) is
/// stored, and the challenge's id.
async fn challenge_page(
    app: &TestApp,
    gina: &str,
    date: chrono::NaiveDate,
    edition: Locale,
    log: &[Value],
) -> (String, String) {
    let def = lavalist::domains::games::queries::find_by_date(&mut app.conn(), edition, date)
        .unwrap()
        .unwrap()
        .def();
    let target = json!({"date": date.to_string(), "edition": edition.tag()});
    let body = claim(&replayed(def, log), "gina-key", log, target.clone());
    assert_eq!(app.post_as("/api/game/submit", gina, &body).await.status, StatusCode::OK);
    let mut challenge = target;
    challenge["userKey"] = json!("gina-key");
    let made = app.post_as("/api/challenges", gina, &challenge).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let res = app.get(&format!("/challenge/{id}")).await;
    assert_eq!(res.status, StatusCode::OK);
    (id, String::from_utf8(res.raw).unwrap())
}

async fn challenges_are_rate_limited(backend: Backend) {
    let app = backend.app(|config| {
        config.rate_limits = vec!["challenge-guest-ip=2/1h".parse().unwrap()];
    });
    let date = app.add_daily(0, "Limits");
    let day = date.to_string();
    let hal_log = log("Limits", &[1], &[], 0);
    let state = replayed(day_def(&app, date), &hal_log);
    for key in ["hal", "ian", "jo"] {
        let body = claim(&state, key, &hal_log, json!({"date": day}));
        assert_eq!(app.post("/api/game/submit", &body).await.status, StatusCode::OK);
    }
    for key in ["hal", "ian"] {
        assert_eq!(
            app.post("/api/challenges", &json!({"userKey": key, "date": day})).await.status,
            StatusCode::OK
        );
    }
    let third = app.post("/api/challenges", &json!({"userKey": "jo", "date": day})).await;
    assert_eq!(
        (third.status, third.body["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("tooManyRequests"))
    );
}

async fn a_guest_who_signs_up_keeps_their_challenges(backend: Backend) {
    let app = backend.app(|_| {});
    let yesterday = app.add_daily(-1, "Capes");
    let day = yesterday.to_string();
    let kim_log = log("Capes", &[1, 2, 3], &[], 0);
    let body = json!({"userKey": "kim-key", "date": day, "actions": kim_log});
    assert_eq!(app.post("/api/challenges/archive-results", &body).await.status, StatusCode::OK);
    let made = app.post("/api/challenges", &json!({"userKey": "kim-key", "date": day})).await;
    let id = made.body["id"].as_str().unwrap().to_string();

    // Signing up with this browser's userKey claims its results: the challenge and the past
    // day move to the account.
    let res = app
        .post(
            "/api/auth/request-code",
            &json!({"username": "kim", "email": "kim@example.com", "password": PASSWORD, "adult": true}),
        )
        .await;
    let token = res.body["signupToken"].as_str().unwrap().to_string();
    let code = app.code_sent_to("kim@example.com");
    let body = json!({"email": "kim@example.com", "code": code, "signupToken": token, "userKey": "kim-key"});
    let verified = app.post("/api/auth/verify-code", &body).await;
    assert_eq!(verified.status, StatusCode::OK, "{:?}", verified.body);
    let kim = verified.body["token"].as_str().unwrap().to_string();
    assert_eq!(app.get_as(&format!("/api/challenges/{id}"), &kim).await.body["yours"], true);
    assert_eq!(app.get_keyed(&format!("/api/challenges/{id}"), "kim-key").await.body["yours"], false);

    let lee_log = log("Capes", &[3], &["Horn"], 0);
    let body = json!({"userKey": "lee", "date": day, "actions": lee_log});
    assert_eq!(app.post("/api/challenges/archive-results", &body).await.status, StatusCode::OK);
    let res = app.get_keyed(&format!("/api/challenges/{id}/comparison"), "lee").await;
    assert_eq!(res.status, StatusCode::OK, "the creator's result moved with the challenge: {:?}", res.body);
    assert_eq!(res.body["creator"]["found"], 3);
}
