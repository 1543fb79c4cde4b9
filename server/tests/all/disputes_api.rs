//! "I was right" disputes, on SQLite and PostgreSQL: who may dispute what, how often; admins'
//! grouped view; accepting regrades every stored result (each aggregate and streak equal to a
//! recount from the stored rows, the same after a second run); rejecting closes a group.

use crate::common;
use crate::recount;

use actix_web::http::StatusCode;
use common::{new_game, Backend, Response, TestApp};
use game_core::{GameKind, Item};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::{find_by_uid, insert_game};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    disputes_only_wrong_guesses_once_each,
    disputes_are_rate_limited,
    a_user_is_limited_per_account_whatever_the_user_key,
    admins_only,
    accept_regrades_every_result_and_again_changes_nothing,
    regrade_in_small_batches_equals_one_pass,
    reject_closes_the_group,
    accept_refuses_unknown_groups_and_items,
    a_result_played_before_the_accept_is_regraded,
);

const NAMES: [&str; 10] = [
    "South Africa",
    "Namibia",
    "Botswana",
    "Zimbabwe",
    "Mozambique",
    "Lesotho",
    "Swaziland",
    "Angola",
    "Zambia",
    "Malawi",
];
const SWAZILAND: u32 = 7;
const DAY_BEFORE: &str = "2026-03-09T17:00:00Z";
const TODAY: &str = "2026-03-10T17:00:00Z";

fn southern_africa() -> Vec<Item> {
    NAMES
        .iter()
        .zip(1..)
        .map(|(name, id)| Item {
            id,
            name: name.to_string(),
            alt_spellings: vec![],
            rejected_spellings: vec![],
        })
        .collect()
}

/// Stores a daily game of Southern African countries on the app's today; returns its uid.
fn add_game(app: &TestApp, prompt: &str) -> String {
    let mut game = new_game(GameKind::Daily, ReviewStatus::Approved, true, prompt, Some(app.today()));
    game.items = southern_africa();
    insert_game(&mut app.conn(), &game).expect("insert a game");
    app.state().games.invalidate();
    game.uid
}

fn guesses(texts: &[&str]) -> Vec<Value> {
    texts.iter().map(|t| json!({"guess": t})).collect()
}

fn all_but(left_out: &[&str]) -> Vec<&'static str> {
    NAMES.iter().copied().filter(|n| !left_out.contains(n)).collect()
}

/// Submits today's result for `log` (the answers and score the client would claim, worked
/// out here from the log as the original game reads it).
async fn play(app: &TestApp, user_key: &str, log: Vec<Value>) -> Response {
    play_as(app, None, user_key, log).await
}

/// `play`, logged in when `token` is given (the result is then the account's).
async fn play_as(app: &TestApp, token: Option<&str>, user_key: &str, log: Vec<Value>) -> Response {
    let actions: Vec<game_core::Action> = serde_json::from_value(Value::Array(log.clone())).unwrap();
    let def = game_core::GameDef {
        prompt: String::new(),
        kind: GameKind::Daily,
        date: None,
        edition: None,
        items: southern_africa(),
    };
    let state = game_core::GameState::replay(def, &actions).expect("a valid log");
    let answers: Vec<Value> =
        (1..=10).map(|id| json!({"answerId": id, "guessedCorrectly": state.is_found(id)})).collect();
    let body = json!({"answers": answers, "userKey": user_key, "score": state.score(),
        "date": app.today().to_string(), "actions": log});
    let res = match token {
        Some(token) => app.post_as("/api/game/submit", token, &body).await,
        None => app.post("/api/game/submit", &body).await,
    };
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res
}

async fn dispute(app: &TestApp, uid: &str, user_key: &str, guess: &str) -> Response {
    app.post(&format!("/api/game/uid/{uid}/disputes"), &json!({"userKey": user_key, "guess": guess})).await
}

async fn dispute_as(app: &TestApp, token: &str, uid: &str, user_key: &str, guess: &str) -> Response {
    let body = json!({"userKey": user_key, "guess": guess});
    app.post_as(&format!("/api/game/uid/{uid}/disputes"), token, &body).await
}

fn assert_refused(res: &Response, status: StatusCode, code: &str) {
    assert_eq!(res.status, status, "{:?}", res.body);
    assert_eq!(res.body["code"], code, "{:?}", res.body);
    assert!(res.body["error"].is_string());
}

fn open(backend: Backend) -> TestApp {
    backend.app_at(TODAY, |_| {})
}

async fn disputes_only_wrong_guesses_once_each(backend: Backend) {
    let app = open(backend);
    let uid = add_game(&app, "Countries of Southern Africa");
    let mut log = guesses(&["Namibia", "Eswatini", "Narnia"]);
    log.push(json!({"giveUp": true}));
    play(&app, "p1", log).await;

    let first = dispute(&app, &uid, "p1", "Eswatini").await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["status"], "open");
    assert_eq!(first.body["guess"], "Eswatini");
    assert_eq!(first.body["gameUid"], uid.as_str());
    assert_refused(&dispute(&app, &uid, "p1", " ESWATINI ").await, StatusCode::CONFLICT, "alreadyDisputed");
    assert_eq!(dispute(&app, &uid, "p1", "Narnia").await.status, StatusCode::OK, "another wrong guess");
    assert_refused(&dispute(&app, &uid, "p1", "Namibia").await, StatusCode::BAD_REQUEST, "notAWrongGuess");
    assert_refused(&dispute(&app, &uid, "p1", "Atlantis").await, StatusCode::BAD_REQUEST, "notAWrongGuess");
    assert_refused(&dispute(&app, &uid, "p1", "?!").await, StatusCode::BAD_REQUEST, "notAWrongGuess");
    assert_refused(&dispute(&app, &uid, "p2", "Eswatini").await, StatusCode::NOT_FOUND, "noResult");
    assert_refused(&dispute(&app, "nope", "p1", "Eswatini").await, StatusCode::NOT_FOUND, "gameNotFound");
    assert_refused(&dispute(&app, &uid, "p1", "  ").await, StatusCode::BAD_REQUEST, "badRequest");
    assert_refused(&dispute(&app, &uid, "", "Eswatini").await, StatusCode::BAD_REQUEST, "badRequest");
    let long = "x".repeat(201);
    assert_eq!(dispute(&app, &uid, "p1", &long).await.status, StatusCode::BAD_REQUEST);

    // A result stored without its log cannot show a wrong guess.
    let body = json!({"answers": common::answers(3), "userKey": "nolog", "score": 300,
        "date": app.today().to_string()});
    assert_eq!(app.post("/api/game/submit", &body).await.status, StatusCode::OK);
    assert_refused(
        &dispute(&app, &uid, "nolog", "Eswatini").await,
        StatusCode::BAD_REQUEST,
        "notAWrongGuess",
    );

    let mine = app.get_keyed("/api/disputes", "p1").await;
    assert_eq!(mine.status, StatusCode::OK);
    let guesses: Vec<&str> =
        mine.body["disputes"].as_array().unwrap().iter().map(|d| d["guess"].as_str().unwrap()).collect();
    assert_eq!(guesses, ["Narnia", "Eswatini"], "newest first");
    assert_eq!(app.get_keyed("/api/disputes", "").await.status, StatusCode::BAD_REQUEST);
}

async fn disputes_are_rate_limited(backend: Backend) {
    let app = backend.app_at(TODAY, |config| {
        config.rate_limits =
            vec!["dispute-account=2/1h".parse().unwrap(), "dispute-ip=3/1h".parse().unwrap()];
    });
    let uid = add_game(&app, "Countries of Southern Africa");
    for key in ["a", "b"] {
        play(
            &app,
            key,
            guesses(&["Kenya", "Egypt", "Ghana", "Chad", "Niger", "Sudan", "Tunisia", "Eswatini"]),
        )
        .await;
    }
    assert_eq!(dispute(&app, &uid, "a", "Kenya").await.status, StatusCode::OK);
    assert_eq!(dispute(&app, &uid, "a", "Egypt").await.status, StatusCode::OK);
    let limited = dispute(&app, &uid, "a", "Ghana").await;
    assert_refused(&limited, StatusCode::TOO_MANY_REQUESTS, "tooManyRequests");
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(dispute(&app, &uid, "b", "Kenya").await.status, StatusCode::OK, "another player");
    assert_refused(
        &dispute(&app, &uid, "b", "Egypt").await,
        StatusCode::TOO_MANY_REQUESTS,
        "tooManyRequests",
    );
}

async fn a_user_is_limited_per_account_whatever_the_user_key(backend: Backend) {
    let app = backend.app_at(TODAY, |config| {
        config.rate_limits = vec!["dispute-account=2/1h".parse().unwrap(), "dispute-ip=off".parse().unwrap()];
    });
    let token = app.sign_up("player", "player@example.com", "correct horse battery").await;
    let uid = add_game(&app, "Countries of Southern Africa");
    let log = || {
        let mut log = guesses(&["Kenya", "Egypt", "Ghana"]);
        log.push(json!({"giveUp": true}));
        log
    };
    // The logged-in player's result is the account's, whichever browser sent it.
    play_as(&app, Some(&token), "a", log()).await;
    play(&app, "guest", log()).await;
    assert_eq!(dispute_as(&app, &token, &uid, "a", "Kenya").await.status, StatusCode::OK);
    assert_eq!(dispute_as(&app, &token, &uid, "b", "Egypt").await.status, StatusCode::OK, "another device");
    let limited = dispute_as(&app, &token, &uid, "a", "Ghana").await;
    assert_refused(&limited, StatusCode::TOO_MANY_REQUESTS, "tooManyRequests");
    assert_eq!(dispute(&app, &uid, "guest", "Ghana").await.status, StatusCode::OK, "as a guest, per userKey");
}

async fn admins_only(backend: Backend) {
    let app = open(backend);
    let user = app.sign_up("player", "player@example.com", "correct horse battery").await;
    let body = json!({"gameUid": "x", "guessKey": "x", "itemId": 1});
    assert_eq!(app.get("/api/admin/disputes").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as("/api/admin/disputes", &user).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post("/api/admin/disputes/accept", &body).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.post_as("/api/admin/disputes/accept", &user, &body).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_as("/api/admin/disputes/reject", &user, &body).await.status, StatusCode::FORBIDDEN);
}

/// The players of the accept scenario, on today's game (the day before, `c` won too):
/// - `a` finds Namibia, guesses Eswatini and Narnia, gives up: 80, then 190;
/// - `b` finds all but Swaziland, guesses Eswatini, then Swaziland: won 990, then won 1000
///   (the last guess is dropped);
/// - `c` finds all but Swaziland, guesses Eswatini, gives up: lost 890, then won 1000 (and a
///   two-day won streak);
/// - `d` finds Namibia and gives up: unchanged; `nolog` sent no log: unchanged.
async fn accept_scenario(backend: Backend) -> (TestApp, String, String) {
    let app = backend.app_at(DAY_BEFORE, |_| {});
    add_game(&app, "Yesterday's countries");
    play(&app, "c", guesses(&NAMES)).await;
    app.set_now(TODAY);
    let uid = add_game(&app, "Countries of Southern Africa");
    let give_up = json!({"giveUp": true});
    let mut a = guesses(&["Namibia", "Eswatini", "Narnia"]);
    a.push(give_up.clone());
    play(&app, "a", a).await;
    let mut b = guesses(&all_but(&["Swaziland"]));
    b.extend(guesses(&["Eswatini", "Swaziland"]));
    play(&app, "b", b).await;
    let mut c = guesses(&all_but(&["Swaziland"]));
    c.extend([json!({"guess": "eswatini"}), give_up.clone()]);
    play(&app, "c", c).await;
    play(&app, "d", vec![json!({"guess": "Namibia"}), give_up]).await;
    let body = json!({"answers": common::answers(3), "userKey": "nolog", "score": 300,
        "date": app.today().to_string()});
    assert_eq!(app.post("/api/game/submit", &body).await.status, StatusCode::OK);
    let admin = app.sign_up_admin("admin", "admin@example.com").await;
    (app, uid, admin)
}

async fn stats(app: &TestApp, user_key: &str) -> Value {
    let res = app.get_keyed("/api/game/stats", user_key).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

async fn accept_regrades_every_result_and_again_changes_nothing(backend: Backend) {
    let (app, uid, admin) = accept_scenario(backend).await;
    assert_eq!(dispute(&app, &uid, "a", "Eswatini").await.status, StatusCode::OK);
    assert_eq!(dispute(&app, &uid, "c", "eswatini").await.status, StatusCode::OK);
    assert_eq!(dispute(&app, &uid, "a", "Narnia").await.status, StatusCode::OK);
    let before = stats(&app, "c").await;
    assert_eq!((before["averageScore"].as_f64(), before["wonStreak"].as_i64()), (Some(472.0), Some(0)));

    let groups = app.get_as("/api/admin/disputes", &admin).await;
    assert_eq!(groups.status, StatusCode::OK, "{:?}", groups.body);
    let groups = groups.body["groups"].as_array().unwrap().clone();
    assert_eq!(groups.len(), 2);
    let top = &groups[0];
    assert_eq!(
        (top["guessKey"].as_str(), top["guess"].as_str(), top["count"].as_i64()),
        (Some("eswatini"), Some("Eswatini"), Some(2))
    );
    assert_eq!(top["gameUid"], uid.as_str());
    assert_eq!(top["prompt"], "Countries of Southern Africa");
    assert_eq!(top["items"].as_array().unwrap().len(), 10);
    assert!(top["firstAt"].as_str().unwrap() <= top["lastAt"].as_str().unwrap());

    let body = json!({"gameUid": uid, "guessKey": "eswatini", "itemId": SWAZILAND});
    let accepted = app.post_as("/api/admin/disputes/accept", &admin, &body).await;
    assert_eq!(accepted.status, StatusCode::OK, "{:?}", accepted.body);
    assert_eq!(accepted.body["addedSpelling"], "Eswatini");
    assert_eq!((accepted.body["disputes"].as_i64(), accepted.body["results"].as_i64()), (Some(2), Some(5)));
    assert_eq!(accepted.body["regraded"], 3, "a, b and c");

    let after = stats(&app, "c").await;
    // 190 + 1000 + 1000 + 100 + 300 over five players.
    assert_eq!(after["averageScore"].as_f64(), Some(518.0));
    assert_eq!((after["wonStreak"].as_i64(), after["playedStreak"].as_i64()), (Some(2), Some(2)));
    assert_eq!(after["stats"][SWAZILAND.to_string()].as_f64(), Some(0.6), "a, b and c found Swaziland");
    assert_eq!(after["standing"], json!({"kind": "best", "tied": 1}), "c's 1000, level with b's");
    assert_eq!(
        stats(&app, "a").await["standing"],
        json!({"kind": "top", "percent": 80}),
        "190: three of five higher, so 4th of 5"
    );
    recount::assert_aggregates_match(&mut app.conn());

    let game = app.get(&format!("/api/game/date/{}", app.today())).await;
    assert_eq!(game.body["items"][6]["altSpellings"], json!(["Eswatini"]));
    let mine = app.get_keyed("/api/disputes", "a").await;
    let eswatini = &mine.body["disputes"][1];
    assert_eq!(
        (eswatini["status"].as_str(), eswatini["itemName"].as_str()),
        (Some("accepted"), Some("Swaziland"))
    );
    assert_eq!(mine.body["disputes"][0]["status"], "open", "Narnia is another group");
    let left = app.get_as("/api/admin/disputes", &admin).await;
    assert_eq!(left.body["groups"].as_array().unwrap().len(), 1);
    // The regraded guess is no longer a wrong guess.
    assert_eq!(dispute(&app, &uid, "b", "Eswatini").await.status, StatusCode::BAD_REQUEST);

    let rows_before = rows(&app);
    let again = app.post_as("/api/admin/disputes/accept", &admin, &body).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    assert_eq!(again.body["addedSpelling"], Value::Null);
    assert_eq!((again.body["disputes"].as_i64(), again.body["regraded"].as_i64()), (Some(0), Some(0)));
    assert_eq!(stats(&app, "c").await, after, "the same figures");
    assert_eq!(rows(&app), rows_before);
    recount::assert_aggregates_match(&mut app.conn());
    let game = app.get(&format!("/api/game/date/{}", app.today())).await;
    assert_eq!(game.body["items"][6]["altSpellings"], json!(["Eswatini"]), "added once");
}

/// A device that finished before the accept (offline) sends its result after it: the strict
/// replay refuses the log on the changed game, so it is regraded as the stored results were.
async fn a_result_played_before_the_accept_is_regraded(backend: Backend) {
    let (app, uid, admin) = accept_scenario(backend).await;
    assert_eq!(dispute(&app, &uid, "a", "Eswatini").await.status, StatusCode::OK);
    let body = json!({"gameUid": uid, "guessKey": "eswatini", "itemId": SWAZILAND});
    assert_eq!(app.post_as("/api/admin/disputes/accept", &admin, &body).await.status, StatusCode::OK);

    // Won with one wrong guess on the old game; "Eswatini" now ends it, and "Swaziland" after
    // the end is left out: a clean win.
    let mut won_late = guesses(&all_but(&["Swaziland"]));
    won_late.extend(guesses(&["Eswatini", "Swaziland"]));
    let res = play(&app, "e", won_late).await;
    assert_eq!((res.body["score"].as_u64(), res.body["won"].as_bool()), (Some(1000), Some(true)));

    // Lost on the old game (Swaziland never found, eight wrong guesses with "Eswatini" among
    // them): now a win at "Eswatini", before any wrong guess.
    let mut lost = guesses(&all_but(&["Swaziland"]));
    lost.extend(guesses(&[
        "Eswatini", "Narnia", "Gondor", "Mordor", "Oz", "Atlantis", "Lilliput", "Wakanda",
    ]));
    let res = play(&app, "f", lost).await;
    assert_eq!((res.body["score"].as_u64(), res.body["won"].as_bool()), (Some(1000), Some(true)));
    recount::assert_aggregates_match(&mut app.conn());

    // A claim the log does not give is not taken: the stored result is the regraded log's.
    let log = vec![json!({"guess": "Namibia"}), json!({"guess": "Atlantis"}), json!({"giveUp": true})];
    let forged = json!({"answers": common::answers(10), "userKey": "g", "score": 1000,
        "date": app.today().to_string(), "actions": log});
    let res = app.post("/api/game/submit", &forged).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!((res.body["won"].as_bool(), res.body["score"].as_u64() < Some(1000)), (Some(false), true));
    let stored = rows(&app).into_iter().find(|(key, _, _)| key == "g").expect("g's result");
    assert_eq!(stored.1, i32::try_from(res.body["score"].as_u64().unwrap()).unwrap());
    recount::assert_aggregates_match(&mut app.conn());
}

/// Every stored result as (userKey, score, answers), in a stable order.
fn rows(app: &TestApp) -> Vec<(String, i32, String)> {
    let mut rows: Vec<(String, i32, String)> = recount::submissions(&mut app.conn())
        .into_iter()
        .map(|r| (r.user_key, r.score, serde_json::to_string(&r.answers).unwrap()))
        .collect();
    rows.sort();
    rows
}

async fn regrade_in_small_batches_equals_one_pass(backend: Backend) {
    let (app, uid, _) = accept_scenario(backend).await;
    let mut game = find_by_uid(&mut app.conn(), &uid).unwrap().unwrap();
    game.game.items[6].alt_spellings.push("Eswatini".into());
    lavalist::domains::games::queries::update_game(&mut app.conn(), game.id, &game).unwrap();
    let outcome = lavalist::domains::disputes::regrade::regrade_game(&mut app.conn(), &game, 2).unwrap();
    assert_eq!((outcome.results, outcome.changed), (5, 3));
    recount::assert_aggregates_match(&mut app.conn());
    let figures = stats(&app, "c").await;
    assert_eq!(figures["averageScore"].as_f64(), Some(518.0));
    let again = lavalist::domains::disputes::regrade::regrade_game(&mut app.conn(), &game, 3).unwrap();
    assert_eq!((again.results, again.changed), (5, 0));
    assert_eq!(stats(&app, "c").await, figures);
}

async fn reject_closes_the_group(backend: Backend) {
    let (app, uid, admin) = accept_scenario(backend).await;
    assert_eq!(dispute(&app, &uid, "a", "Eswatini").await.status, StatusCode::OK);
    let before = stats(&app, "a").await;
    let body = json!({"gameUid": uid, "guessKey": "eswatini"});
    let rejected = app.post_as("/api/admin/disputes/reject", &admin, &body).await;
    assert_eq!(rejected.status, StatusCode::OK, "{:?}", rejected.body);
    assert_eq!(rejected.body["disputes"], 1);
    let groups = app.get_as("/api/admin/disputes", &admin).await;
    assert_eq!(groups.body["groups"], json!([]));
    assert_eq!(app.get_keyed("/api/disputes", "a").await.body["disputes"][0]["status"], "rejected");
    assert_eq!(stats(&app, "a").await, before, "nothing regraded");
    let again = app.post_as("/api/admin/disputes/reject", &admin, &body).await;
    assert_refused(&again, StatusCode::NOT_FOUND, "disputeNotFound");
    // Still one claim per player and guess.
    assert_refused(&dispute(&app, &uid, "a", "Eswatini").await, StatusCode::CONFLICT, "alreadyDisputed");
    let accept = json!({"gameUid": uid, "guessKey": "eswatini", "itemId": SWAZILAND});
    let accepted = app.post_as("/api/admin/disputes/accept", &admin, &accept).await;
    assert_refused(&accepted, StatusCode::NOT_FOUND, "disputeNotFound");
}

async fn accept_refuses_unknown_groups_and_items(backend: Backend) {
    let (app, uid, admin) = accept_scenario(backend).await;
    assert_eq!(dispute(&app, &uid, "a", "Eswatini").await.status, StatusCode::OK);
    let accept = |uid: &str, key: &str, item: u32| json!({"gameUid": uid, "guessKey": key, "itemId": item});
    let res = app.post_as("/api/admin/disputes/accept", &admin, &accept(&uid, "eswatini", 11)).await;
    assert_refused(&res, StatusCode::BAD_REQUEST, "badRequest");
    let res = app.post_as("/api/admin/disputes/accept", &admin, &accept(&uid, "narnia", 1)).await;
    assert_refused(&res, StatusCode::NOT_FOUND, "disputeNotFound");
    let res = app.post_as("/api/admin/disputes/accept", &admin, &accept("nope", "eswatini", 1)).await;
    assert_refused(&res, StatusCode::NOT_FOUND, "gameNotFound");
    // Text no uid or key holds (a NUL, which PostgreSQL cannot even compare) names nothing.
    let res = app
        .post_as("/api/admin/disputes/reject", &admin, &json!({"gameUid": "a\u{0}", "guessKey": "x"}))
        .await;
    assert_refused(&res, StatusCode::NOT_FOUND, "gameNotFound");
    let res = app
        .post_as("/api/admin/disputes/reject", &admin, &json!({"gameUid": uid, "guessKey": "x\u{0}"}))
        .await;
    assert_refused(&res, StatusCode::NOT_FOUND, "disputeNotFound");
    let res = app.post_as("/api/admin/disputes/accept", &admin, &accept(&uid, "x\u{0}", 1)).await;
    assert_refused(&res, StatusCode::NOT_FOUND, "disputeNotFound");
    assert_refused(&dispute(&app, "a%01", "a", "Eswatini").await, StatusCode::NOT_FOUND, "gameNotFound");
    assert_eq!(stats(&app, "a").await["averageScore"].as_f64(), Some(472.0), "nothing changed");
}

/// A dispute of a game the viewer may not open answers as one of an unknown game, and guests
/// share one dispute allowance per address whatever userKey they make up.
mod hidden_games_and_guests {
    use crate::common;

    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;
    use common::Backend;
    use lavalist::domains::games::model::ReviewStatus;
    use serde_json::{json, Value};

    /// A dispute of a game the viewer may not open (unreviewed, denied, private and unreviewed, a
    /// future daily) answers exactly as one of an unknown uid: the same status and the same body.
    async fn disputes_of_hidden_games_answer_as_unknown_ones(backend: Backend) {
        let app = backend.app(|_| {});
        let future = app.add_daily(3, "Future daily");
        let future_uid = lavalist::domains::games::queries::find_by_date(
            &mut app.conn(),
            lavalist::domains::games::editions::ENGLISH,
            future,
        )
        .expect("read")
        .expect("the future daily")
        .uid
        .clone();
        let hidden = [
            app.add_community("Unreviewed", ReviewStatus::Unreviewed, true),
            app.add_community("Denied", ReviewStatus::Denied, true),
            app.add_community("Private unreviewed", ReviewStatus::Unreviewed, false),
            future_uid,
        ];
        let body = json!({"userKey": "curious-guest", "guess": "anything"});
        let unknown = app.post("/api/game/uid/no-such-game/disputes", &body).await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{:?}", unknown.body);
        for uid in &hidden {
            let res = app.post(&format!("/api/game/uid/{uid}/disputes"), &body).await;
            assert_eq!((res.status, &res.raw), (unknown.status, &unknown.raw), "{uid}: {:?}", res.body);
        }
        // A game the guest may open answers otherwise (no result of it is stored for this key).
        let open = app.add_community("Open", ReviewStatus::Approved, true);
        let res = app.post(&format!("/api/game/uid/{open}/disputes"), &body).await;
        assert_eq!(res.body["code"], "noResult", "{:?}", res.body);
    }

    /// A request from one address.
    fn post_from(path: &str, body: &Value) -> TestRequest {
        let peer: std::net::SocketAddr = "203.0.113.7:4000".parse().expect("an address");
        TestRequest::post().uri(path).peer_addr(peer).set_json(body)
    }

    /// The same for disputes (`dispute-guest-ip`): every attempt counts, whichever key it names.
    async fn guests_share_one_dispute_allowance_per_address(backend: Backend) {
        let app = backend.app(|config| config.rate_limits = vec!["dispute-guest-ip=3/1h".parse().unwrap()]);
        let uid = app.add_community("Disputed", ReviewStatus::Approved, true);
        let path = format!("/api/game/uid/{uid}/disputes");
        for i in 0..3 {
            let body = json!({"userKey": format!("fresh-key-{i}"), "guess": "anything"});
            let res = app.call(post_from(&path, &body)).await;
            assert_eq!(res.body["code"], "noResult", "dispute {i}: {:?}", res.body);
        }
        let res =
            app.call(post_from(&path, &json!({"userKey": "yet-another-key", "guess": "anything"}))).await;
        assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
        assert!(res.headers.get("retry-after").is_some());
    }

    on_both_backends_with_configs!(
        disputes_of_hidden_games_answer_as_unknown_ones,
        guests_share_one_dispute_allowance_per_address,
    );
}
