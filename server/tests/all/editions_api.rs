//! Daily editions (issue 24, point 4) on both backends: one daily per (language, day), day
//! numbers shared; today's game, the archive, stats, streaks, the results history and group
//! boards per edition (`?edition=`, English when missing or unknown, `noEditionGame` when the
//! edition has no game that day); the seed fills the four bundled editions; admins schedule per
//! edition.

use crate::common;

use actix_web::http::StatusCode;
use chrono::{Duration, NaiveDate};
use common::{answers, new_game, Backend, TestApp};
use game_core::calendar::format_date;
use game_core::GameKind;
use lavalist::domains::catalogue::seed::{bundled_editions, seed_editions};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::domains::games::queries::insert_game;
use serde_json::{json, Value};

on_both_backends_with_configs!(
    each_edition_has_its_own_day,
    archive_and_history_are_per_edition,
    streaks_and_stats_are_per_edition,
    group_boards_are_per_edition,
    the_seed_fills_the_bundled_editions,
    admins_schedule_per_edition,
);

/// Noon in New York.
const NOON: &str = "2026-03-10T17:00:00Z";
const PASSWORD: &str = "correct horse battery";

/// Stores a daily game of the `language` edition on `date`.
fn add_edition_daily(app: &TestApp, language: &str, date: NaiveDate, prompt: &str) -> String {
    let mut game = new_game(GameKind::Daily, ReviewStatus::Approved, true, prompt, Some(date));
    game.language = language.to_string();
    insert_game(&mut app.conn(), &game).expect("insert an edition's daily");
    app.state().games.invalidate();
    game.uid
}

/// A result finding the first `found` items, with its replayable log.
fn result(prompt: &str, found: usize) -> Value {
    let mut log: Vec<Value> = (1..=found).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
    if found < 10 {
        log.push(json!({"giveUp": true}));
    }
    json!({"answers": answers(found), "score": found * 100, "actions": log})
}

/// Submits today's game of an edition (`None`: the field left out) as a guest or an account.
async fn play(
    app: &TestApp,
    token: Option<&str>,
    key: &str,
    edition: Option<&str>,
    prompt: &str,
    found: usize,
) -> (StatusCode, Value) {
    let mut body = result(prompt, found);
    body["userKey"] = json!(key);
    body["date"] = json!(format_date(app.today()));
    if let Some(edition) = edition {
        body["edition"] = json!(edition);
    }
    let res = match token {
        Some(token) => app.post_as("/api/game/submit", token, &body).await,
        None => app.post("/api/game/submit", &body).await,
    };
    (res.status, res.body)
}

fn prompts(list: &Value) -> Vec<String> {
    list["games"].as_array().unwrap().iter().map(|g| g["prompt"].as_str().unwrap().to_string()).collect()
}

async fn each_edition_has_its_own_day(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    let day = format_date(today);
    app.add_daily_on(today, "Rivers");
    add_edition_daily(&app, "es", today, "Ríos");
    add_edition_daily(&app, "ja", today - Duration::days(1), "川");

    let english = app.get(&format!("/api/game/date/{day}")).await;
    assert_eq!(english.status, StatusCode::OK);
    assert_eq!(english.body["prompt"], "Rivers");
    assert_eq!(english.body["edition"], "en");
    assert_eq!(english.body["editions"], json!(["en", "es"]));

    let spanish = app.get(&format!("/api/game/date/{day}?edition=es")).await;
    assert_eq!(spanish.status, StatusCode::OK);
    assert_eq!(spanish.body["prompt"], "Ríos");
    assert_eq!(spanish.body["edition"], "es");
    assert_eq!(spanish.body["editions"], json!(["en", "es"]));
    // Day numbers are shared: Day N is the same date in every edition.
    assert_eq!(spanish.body["dayNumber"], english.body["dayNumber"]);

    // An unknown or blank edition reads English; the tag's case does not matter.
    for asked in ["xx", "", "EN", "english"] {
        let res = app.get(&format!("/api/game/date/{day}?edition={asked}")).await;
        assert_eq!(res.body["prompt"], "Rivers", "edition={asked}");
    }
    assert_eq!(app.get(&format!("/api/game/date/{day}?edition=ES")).await.body["prompt"], "Ríos");

    // An edition with no game that day: 404 with its own code, also for today (no placeholder).
    for asked in ["ja", "fr"] {
        let res = app.get(&format!("/api/game/date/{day}?edition={asked}")).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "edition={asked}");
        assert_eq!(res.body["code"], "noEditionGame");
    }
    let yesterday = format_date(today - Duration::days(1));
    let japanese = app.get(&format!("/api/game/date/{yesterday}?edition=ja")).await;
    assert_eq!(japanese.body["prompt"], "川");
    assert_eq!(japanese.body["editions"], json!(["ja"]));
    // English had no game yesterday: its own 404, as before editions.
    let none = app.get(&format!("/api/game/date/{yesterday}")).await;
    assert_eq!((none.status, none.body["code"].clone()), (StatusCode::NOT_FOUND, json!("noGameForDate")));

    // A day with no English game: English still answers today's placeholder.
    let other = backend.app_at(NOON, |_| {});
    add_edition_daily(&other, "de", other.today(), "Flüsse");
    let placeholder = other.get(&format!("/api/game/date/{}", format_date(other.today()))).await;
    assert_eq!(placeholder.status, StatusCode::OK);
    assert_eq!(placeholder.body["editions"], json!(["de"]));
    assert!(placeholder.body.get("uid").is_none(), "the placeholder: {:?}", placeholder.body);
}

async fn archive_and_history_are_per_edition(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    for back in 1..=3 {
        app.add_daily(-back, &format!("English {back}"));
    }
    add_edition_daily(&app, "ja", today - Duration::days(2), "日本 2");
    add_edition_daily(&app, "ja", today, "日本 0");

    let english = app.get("/api/previous-days").await;
    assert_eq!(prompts(&english.body), ["English 1", "English 2", "English 3"]);
    let japanese = app.get("/api/previous-days?edition=ja").await;
    assert_eq!(prompts(&japanese.body), ["日本 2"]);
    let page = app.get("/api/previous-days-paginated?edition=ja&page=1&limit=5").await;
    assert_eq!((prompts(&page.body), page.body["total"].as_i64()), (vec!["日本 2".to_string()], Some(1)));
    assert_eq!(app.get("/api/previous-days-paginated?edition=zz").await.body["total"], 3);

    // The account's calendar: each edition's days only.
    let token = app.sign_up("kenji", "kenji@example.com", PASSWORD).await;
    assert_eq!(play(&app, Some(&token), "k", Some("ja"), "日本 0", 10).await.0, StatusCode::OK);
    let japanese_days = app.get_as("/api/history/days?edition=ja", &token).await;
    assert_eq!(japanese_days.body["days"].as_array().unwrap().len(), 1);
    assert_eq!(japanese_days.body["days"][0]["date"], format_date(today));
    let english_days = app.get_as("/api/history/days", &token).await;
    assert_eq!(english_days.body["days"], json!([]));
    // The server's copy of the game in progress names the edition too.
    let progress = app.get_as(&format!("/api/progress?date={}&edition=ja", format_date(today)), &token).await;
    assert_eq!(progress.status, StatusCode::OK, "{:?}", progress.body);
    assert!(progress.body["finished"].is_object(), "{:?}", progress.body);
}

/// `(playedStreak, wonStreak)` today's stats show this guest in an edition.
async fn streak(app: &TestApp, key: &str, edition: &str) -> (i64, i64) {
    let res = app.get_keyed(&format!("/api/game/stats?edition={edition}"), key).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (res.body["playedStreak"].as_i64().unwrap(), res.body["wonStreak"].as_i64().unwrap())
}

async fn streaks_and_stats_are_per_edition(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let first = app.today();
    for offset in 0..3 {
        let date = first + Duration::days(offset);
        app.add_daily_on(date, &format!("English {offset}"));
        add_edition_daily(&app, "es", date, &format!("Español {offset}"));
    }
    // Day 1: both editions (English lost, Spanish won).
    assert_eq!(play(&app, None, "ana", None, "English 0", 3).await.0, StatusCode::OK);
    assert_eq!(play(&app, None, "ana", Some("es"), "Español 0", 10).await.0, StatusCode::OK);
    assert_eq!(streak(&app, "ana", "en").await, (1, 0));
    assert_eq!(streak(&app, "ana", "es").await, (1, 1));
    // The Spanish result went to the Spanish game: a repeat is answered as stored, another
    // result is a conflict, and the English game is untouched.
    let (status, again) = play(&app, None, "ana", Some("es"), "Español 0", 10).await;
    assert_eq!((status, again["score"].clone()), (StatusCode::OK, json!(1000)));
    assert_eq!(play(&app, None, "ana", Some("es"), "Español 0", 2).await.0, StatusCode::CONFLICT);
    // The log must replay against the edition's game: the English log is refused there.
    assert_eq!(play(&app, None, "bea", Some("es"), "English 0", 10).await.0, StatusCode::BAD_REQUEST);
    let spanish_stats = app.get("/api/game/stats?edition=es").await.body;
    assert_eq!(spanish_stats["playerCount"], 1);
    let english_stats = app.get_keyed("/api/game/stats", "ana").await.body;
    assert_eq!(
        (english_stats["playerCount"].clone(), english_stats["standing"].is_null()),
        (json!(1), false)
    );

    // Day 2: Spanish only. The English streak is not moved by the Spanish play.
    app.advance(Duration::days(1));
    assert_eq!(play(&app, None, "ana", Some("es"), "Español 1", 10).await.0, StatusCode::OK);
    assert_eq!(streak(&app, "ana", "es").await, (2, 2));
    assert_eq!(streak(&app, "ana", "en").await, (1, 0));

    // Day 3: Spanish only again. English missed a day: its streak is broken; the Spanish one
    // is not, though English was not played.
    app.advance(Duration::days(1));
    assert_eq!(play(&app, None, "ana", Some("es"), "Español 2", 10).await.0, StatusCode::OK);
    assert_eq!(streak(&app, "ana", "es").await, (3, 3));
    assert_eq!(streak(&app, "ana", "en").await, (0, 0));
    // An edition with no game that day has no stats either.
    let none = app.get("/api/game/stats?edition=ja").await;
    assert_eq!((none.status, none.body["code"].clone()), (StatusCode::NOT_FOUND, json!("noEditionGame")));

    // A guest's results claimed by an account keep their editions' streaks.
    app.sign_up("ana", "ana@example.com", PASSWORD).await;
    let login = json!({"email": "ana@example.com", "password": PASSWORD, "userKey": "ana"});
    let logged_in = app.post("/api/auth/login", &login).await;
    assert_eq!(logged_in.body["claimed"], 4, "{:?}", logged_in.body);
    let token = logged_in.body["token"].as_str().unwrap().to_string();
    let mine = app.get_as("/api/game/stats?edition=es", &token).await.body;
    assert_eq!((mine["playedStreak"].clone(), mine["wonStreak"].clone()), (json!(3), json!(3)));
    let mine = app.get_as("/api/game/stats", &token).await.body;
    assert_eq!(mine["playedStreak"], 0);
}

async fn group_boards_are_per_edition(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    app.add_daily_on(today, "Rivers");
    add_edition_daily(&app, "ru", today, "Реки");
    let ivan = app.sign_up("ivan", "ivan@example.com", PASSWORD).await;
    let olga = app.sign_up("olga", "olga@example.com", PASSWORD).await;
    let group = app.post_as("/api/groups", &ivan, &json!({"name": "Друзья"})).await;
    let code = group.body["inviteCode"].as_str().unwrap().to_string();
    app.post_as(&format!("/api/groups/join/{code}"), &olga, &json!({})).await;
    let id = group.body["id"].as_i64().unwrap();

    assert_eq!(play(&app, Some(&ivan), "i", Some("ru"), "Реки", 10).await.0, StatusCode::OK);
    assert_eq!(play(&app, Some(&olga), "o", Some("ru"), "Реки", 4).await.0, StatusCode::OK);
    assert_eq!(play(&app, Some(&olga), "o", None, "Rivers", 7).await.0, StatusCode::OK);

    let russian = app.get_as(&format!("/api/groups/{id}/boards?edition=ru"), &ivan).await;
    assert_eq!(russian.status, StatusCode::OK, "{:?}", russian.body);
    assert!(!russian.body["today"]["locked"].as_bool().unwrap());
    let rows = russian.body["today"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0]["username"].clone(), rows[0]["score"].clone()), (json!("ivan"), json!(1000)));
    let all_time = russian.body["allTime"].as_array().unwrap();
    let olga_row = all_time.iter().find(|r| r["username"] == "olga").unwrap();
    assert_eq!(olga_row["played"], 1, "only the Russian result counts: {olga_row:?}");

    // Ivan has not played the English game: its board stays locked to him.
    let english = app.get_as(&format!("/api/groups/{id}/boards"), &ivan).await;
    assert!(english.body["today"]["locked"].as_bool().unwrap(), "{:?}", english.body["today"]);
    let english = app.get_as(&format!("/api/groups/{id}/boards"), &olga).await;
    let rows = english.body["today"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["score"], 700);
}

async fn the_seed_fills_the_bundled_editions(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    let packs = bundled_editions().unwrap();
    assert_eq!(
        packs.iter().map(|(l, p)| (l.tag(), p.games.len())).collect::<Vec<_>>(),
        [("es", 22), ("de", 22), ("ru", 22), ("ja", 22)]
    );
    // A day of the German edition already taken by an editor's game is kept.
    add_edition_daily(&app, "de", today, "Schon geplant");
    let reports = seed_editions(&mut app.conn(), &packs, today, 0).unwrap();
    let added: Vec<(&str, usize, usize)> =
        reports.iter().map(|r| (r.edition.tag(), r.daily_added, r.empty_days.len())).collect();
    assert_eq!(added, [("es", 22, 0), ("de", 21, 0), ("ru", 22, 0), ("ja", 22, 0)]);
    app.state().games.invalidate();

    let day = format_date(today);
    let first = format_date(today - Duration::days(14));
    let es_first = app.get(&format!("/api/game/date/{first}?edition=es")).await;
    assert_eq!(es_first.body["prompt"], packs[0].1.games[0].prompt.trim());
    assert_eq!(app.get(&format!("/api/game/date/{day}?edition=de")).await.body["prompt"], "Schon geplant");
    let ja_today = app.get(&format!("/api/game/date/{day}?edition=ja")).await;
    assert_eq!(ja_today.body["prompt"], packs[3].1.games[14].prompt.trim());
    assert_eq!(ja_today.body["editions"], json!(["es", "de", "ru", "ja"]));
    // The window ends a week ahead (admins only).
    let last = format_date(today + Duration::days(7));
    let admin = app.sign_up_admin("editor", "editor@example.com").await;
    assert_eq!(app.get_as(&format!("/api/game/date/{last}?edition=ru"), &admin).await.status, StatusCode::OK);
    // English is not touched by the editions' seed.
    assert_eq!(app.get("/api/previous-days").await.body["total"], 0);

    // Again: nothing new, nothing moved.
    let again = seed_editions(&mut app.conn(), &packs, today, 0).unwrap();
    assert!(again.iter().all(|r| r.daily_added == 0), "{again:?}");
    // A day later the window's new last day takes a pack game not stored yet: only German has
    // one left (its first day was taken); the others' packs cover exactly their 22 days.
    let later = seed_editions(&mut app.conn(), &packs, today + Duration::days(1), 0).unwrap();
    let later: Vec<(&str, usize, usize)> =
        later.iter().map(|r| (r.edition.tag(), r.daily_added, r.empty_days.len())).collect();
    assert_eq!(later, [("es", 0, 1), ("de", 1, 0), ("ru", 0, 1), ("ja", 0, 1)]);
}

async fn admins_schedule_per_edition(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    let admin = app.sign_up_admin("editor", "editor@example.com").await;
    let tomorrow = today + Duration::days(1);
    app.add_daily_on(tomorrow, "English tomorrow");
    add_edition_daily(&app, "es", tomorrow + Duration::days(1), "Pasado mañana");

    let free = app.get_as("/api/admin/next-daily-date", &admin).await;
    assert_eq!(free.body["date"], format_date(tomorrow + Duration::days(1)));
    let free = app.get_as("/api/admin/next-daily-date?edition=es", &admin).await;
    assert_eq!(free.body["date"], format_date(tomorrow));
    let free = app.get_as("/api/admin/next-daily-date?edition=ja", &admin).await;
    assert_eq!(free.body["date"], format_date(tomorrow));

    // A Spanish community game goes into the Spanish edition: tomorrow is free there.
    let mut game = new_game(GameKind::Community, ReviewStatus::Approved, true, "Montañas", None);
    game.language = "es".into();
    insert_game(&mut app.conn(), &game).unwrap();
    let made = app.post_as(&format!("/api/admin/make-daily/{}", game.uid), &admin, &json!({})).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    assert_eq!(made.body["date"], format_date(tomorrow));
    let scheduled = app.get_as(&format!("/api/game/date/{}?edition=es", format_date(tomorrow)), &admin).await;
    assert_eq!(scheduled.body["prompt"], "Montañas");
    assert_eq!(
        app.get_as(&format!("/api/game/date/{}", format_date(tomorrow)), &admin).await.body["prompt"],
        "English tomorrow"
    );
    // The Spanish day after is taken in Spanish only.
    let mut other = new_game(GameKind::Community, ReviewStatus::Approved, true, "Lagos", None);
    other.language = "es".into();
    insert_game(&mut app.conn(), &other).unwrap();
    let day_after = format_date(tomorrow + Duration::days(1));
    let taken = app
        .post_as(&format!("/api/admin/make-daily/{}?date={day_after}", other.uid), &admin, &json!({}))
        .await;
    assert_eq!((taken.status, taken.body["code"].clone()), (StatusCode::CONFLICT, json!("dateTaken")));
    // The future days' list is per edition too.
    let future = app.get_as("/api/future-days?edition=es", &admin).await;
    assert_eq!(prompts(&future.body), ["Montañas", "Pasado mañana"]);
    let future = app.get_as("/api/future-days", &admin).await;
    assert_eq!(prompts(&future.body), ["English tomorrow"]);
}
