//! Daily play is played on its day, on both backends: a result counts as daily play (streaks,
//! the calendar, group boards) only when it came through the daily route within its day's
//! window (the 15-minute grace included). A daily game played later, through either route, is
//! archive play; a community game played before an admin made it some later day's daily is
//! never that day's play, and its date is never revealed early. Rows stored by a release
//! before the summaries are summarised at start.

use crate::common;

use actix_web::http::StatusCode;
use chrono::{Duration, NaiveDate};
use common::{answers, new_game, Backend, TestApp};
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::GameKind;
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::schema::{games, submissions};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    late_results_are_archive_play,
    a_result_is_never_credited_to_a_later_day,
    results_stored_before_summaries_are_summarised_at_start,
);

const PASSWORD: &str = "correct horse battery";
/// Noon in New York.
const NOON: &str = "2026-03-10T17:00:00Z";

/// A game an admin made the daily game of `date` that stays a community game too; its uid.
fn promoted(app: &TestApp, date: NaiveDate, prompt: &str) -> String {
    let game = new_game(GameKind::Community, ReviewStatus::Approved, true, prompt, Some(date));
    lavalist::domains::games::queries::insert_game(&mut app.conn(), &game).expect("insert a game");
    app.state().games.invalidate();
    game.uid
}

/// A result finding the first `found` items, with its action log (no hints, no wrong guesses).
fn result(prompt: &str, found: usize) -> Value {
    let mut log: Vec<Value> = (1..=found).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
    if found < 10 {
        log.push(json!({"giveUp": true}));
    }
    json!({"answers": answers(found), "score": found * 100, "actions": log})
}

fn with(mut body: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

async fn daily(
    app: &TestApp,
    token: Option<&str>,
    key: &str,
    date: NaiveDate,
    prompt: &str,
    found: usize,
) -> StatusCode {
    let body = with(result(prompt, found), json!({"userKey": key, "date": format_date(date)}));
    match token {
        Some(token) => app.post_as("/api/game/submit", token, &body).await.status,
        None => app.post("/api/game/submit", &body).await.status,
    }
}

async fn community(
    app: &TestApp,
    token: Option<&str>,
    key: &str,
    uid: &str,
    prompt: &str,
    found: usize,
) -> StatusCode {
    let body = with(result(prompt, found), json!({"userKey": key, "gameUid": uid}));
    match token {
        Some(token) => app.post_as("/api/game/submit-community-game", token, &body).await.status,
        None => app.post("/api/game/submit-community-game", &body).await.status,
    }
}

/// The days the account's calendar marks.
async fn days(app: &TestApp, token: &str) -> Vec<String> {
    let res = app.get_as("/api/history/days", token).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["days"].as_array().unwrap().iter().map(|d| d["date"].as_str().unwrap().to_string()).collect()
}

/// `(playedStreak, wonStreak)` as today's stats show them to the account.
async fn streak(app: &TestApp, token: &str) -> (i64, i64) {
    let res = app.get_as("/api/game/stats", token).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (res.body["playedStreak"].as_i64().unwrap(), res.body["wonStreak"].as_i64().unwrap())
}

/// The all-time table's `played` of a member.
fn played(boards: &Value, name: &str) -> i64 {
    let rows = boards["allTime"].as_array().unwrap();
    rows.iter().find(|r| r["username"] == name).expect("a row per member")["played"].as_i64().unwrap()
}

fn names(rows: &Value) -> Vec<String> {
    rows.as_array().unwrap().iter().map(|r| r["username"].as_str().unwrap().to_string()).collect()
}

async fn group_of(app: &TestApp, owner: &str, others: &[&str]) -> i64 {
    let group = app.post_as("/api/groups", owner, &json!({"name": "Friends"})).await;
    let code = group.body["inviteCode"].as_str().unwrap().to_string();
    for token in others {
        app.post_as(&format!("/api/groups/join/{code}"), token, &json!({})).await;
    }
    group.body["id"].as_i64().unwrap()
}

/// Alice plays today's daily; then results for five past days (one 61 days late) arrive
/// through the community route, some from a guest browser she then logs in from (the claim
/// recounts her streak). Her streak stays 1, her calendar shows today only, and the group's
/// tables count one day. A result for yesterday through the daily route is taken during the
/// grace after midnight (and counts), not after it; a community-route result within the day
/// is archive play too.
async fn late_results_are_archive_play(backend: Backend) {
    let app = backend.app_at(NOON, |c| c.token_days = 30);
    let today = app.today();
    let past: Vec<(NaiveDate, String, String)> = [61, 4, 3, 2, 1]
        .iter()
        .map(|back| {
            let date = today - Duration::days(*back);
            let prompt = format!("Day minus {back}");
            (date, promoted(&app, date, &prompt), prompt)
        })
        .collect();
    let uid_today = promoted(&app, today, "Today");
    let alice = app.sign_up("alice", "alice@example.com", PASSWORD).await;
    let bob = app.sign_up("bob", "bob@example.com", PASSWORD).await;
    let carl = app.sign_up("carl", "carl@example.com", PASSWORD).await;
    let group = group_of(&app, &alice, &[&bob, &carl]).await;

    assert_eq!(daily(&app, Some(&alice), "browser-a", today, "Today", 10).await, StatusCode::OK);
    assert_eq!(streak(&app, &alice).await, (1, 1));
    // Late results are accepted (archive play), from the account and from a guest browser.
    let (first, rest) = past.split_first().unwrap();
    assert_eq!(community(&app, Some(&alice), "browser-a", &first.1, &first.2, 10).await, StatusCode::OK);
    for (_, uid, prompt) in rest {
        assert_eq!(community(&app, None, "browser-b", uid, prompt, 10).await, StatusCode::OK);
    }
    let login = json!({"email": "alice@example.com", "password": PASSWORD, "userKey": "browser-b"});
    let res = app.post("/api/auth/login", &login).await;
    assert_eq!((res.status, res.body["claimed"].clone()), (StatusCode::OK, json!(4)), "{:?}", res.body);
    assert_eq!(streak(&app, &alice).await, (1, 1), "backfilled days are no streak");
    assert_eq!(days(&app, &alice).await, vec![format_date(today)]);
    // The daily route takes only today's game (yesterday's too during the grace).
    let yesterday = &past[4];
    assert_eq!(
        daily(&app, Some(&bob), "browser-b2", yesterday.0, &yesterday.2, 10).await,
        StatusCode::BAD_REQUEST
    );
    // Carl plays today's game through the community route: archive play, even on its day.
    assert_eq!(community(&app, Some(&carl), "browser-c", &uid_today, "Today", 9).await, StatusCode::OK);
    assert_eq!(days(&app, &carl).await, Vec::<String>::new());
    assert_eq!(streak(&app, &carl).await, (0, 0));

    // 00:10 in New York the next day: today's game still takes results, and they count.
    app.set_now("2026-03-11T04:10:00Z");
    assert_eq!(daily(&app, Some(&bob), "browser-b2", today, "Today", 8).await, StatusCode::OK);
    assert_eq!(days(&app, &bob).await, vec![format_date(today)]);
    // 00:20: no longer.
    app.set_now("2026-03-11T04:20:00Z");
    let dan = app.sign_up("dan", "dan@example.com", PASSWORD).await;
    assert_eq!(daily(&app, Some(&dan), "browser-d", today, "Today", 10).await, StatusCode::BAD_REQUEST);

    // The group's tables (through yesterday: nobody played the new day) count one day each for
    // alice and bob, none for carl; none of the late results.
    let boards = app.get_as(&format!("/api/groups/{group}/boards"), &alice).await;
    assert_eq!(boards.status, StatusCode::OK, "{:?}", boards.body);
    assert_eq!(boards.body["today"]["hasGame"], false);
    assert_eq!((played(&boards.body, "alice"), played(&boards.body, "bob")), (1, 1));
    assert_eq!(played(&boards.body, "carl"), 0);
    assert_eq!(
        boards.body["weekly"].as_array().unwrap().iter().map(|r| r["played"].as_i64().unwrap()).sum::<i64>(),
        2
    );
}

/// A community game alice played today that an admin then schedules as the daily game three
/// days later: her calendar never shows that future date, and on that day she is not on the
/// board, her streak and calendar are unchanged, while bob, who plays it that day through the
/// daily route, is.
async fn a_result_is_never_credited_to_a_later_day(backend: Backend) {
    let app = backend.app_at(NOON, |c| c.token_days = 30);
    let today = app.today();
    let uid = app.add_community("Later", ReviewStatus::Approved, true);
    let alice = app.sign_up("alice", "alice@example.com", PASSWORD).await;
    let bob = app.sign_up("bob", "bob@example.com", PASSWORD).await;
    let group = group_of(&app, &alice, &[&bob]).await;
    assert_eq!(community(&app, Some(&alice), "browser-a", &uid, "Later", 10).await, StatusCode::OK);

    let later = today + Duration::days(3);
    // As Make Daily schedules an English game: its edition's day, mirrored in `daily_date`.
    diesel::update(games::table.filter(games::uid.eq(&uid)))
        .set((games::edition_date.eq(format_date(later)), games::daily_date.eq(format_date(later))))
        .execute(&mut *app.conn())
        .expect("schedule the game");
    app.state().games.invalidate();
    assert_eq!(days(&app, &alice).await, Vec::<String>::new(), "a future daily's date is not revealed");

    app.advance(Duration::days(3));
    assert_eq!(app.today(), later);
    assert_eq!(daily(&app, Some(&bob), "browser-b", later, "Later", 7).await, StatusCode::OK);
    assert_eq!(days(&app, &alice).await, Vec::<String>::new());
    assert_eq!(streak(&app, &alice).await, (0, 0));
    assert_eq!(days(&app, &bob).await, vec![format_date(later)]);
    let boards = app.get_as(&format!("/api/groups/{group}/boards"), &alice).await;
    assert_eq!(boards.status, StatusCode::OK, "{:?}", boards.body);
    assert_eq!(boards.body["today"]["locked"], false, "she knows the answers: no spoiler to keep");
    assert_eq!(names(&boards.body["today"]["rows"]), vec!["bob"]);
    assert_eq!((played(&boards.body, "alice"), played(&boards.body, "bob")), (0, 1));
    let ranks = app.get_as("/api/group-ranks", &alice).await;
    assert_eq!(ranks.body["ranks"], json!([]));
}

type Summary = (Option<String>, i32, i32, Option<i32>, Option<i32>, i32);

fn summary_of(app: &TestApp, user_key: &str) -> Vec<Summary> {
    submissions::table
        .filter(submissions::user_key.eq(user_key))
        .order(submissions::id)
        .select((
            submissions::daily_day,
            submissions::found,
            submissions::won,
            submissions::wrong,
            submissions::hints,
            submissions::summary_version,
        ))
        .load(&mut *app.conn())
        .expect("read the summaries")
}

/// Rows as a release before the summaries stored them (the columns at their defaults) are
/// summarised when a release with them starts: the day inferred from the game's daily date
/// and the arrival time (within the day's window or not), the counts from the replayed log.
async fn results_stored_before_summaries_are_summarised_at_start(backend: Backend) {
    let app = backend.app_at(NOON, |_| {});
    let today = app.today();
    let yesterday = today - Duration::days(1);
    promoted(&app, today, "Today");
    let uid_yesterday = promoted(&app, yesterday, "Yesterday");
    assert_eq!(daily(&app, None, "guest", today, "Today", 7).await, StatusCode::OK);
    assert_eq!(community(&app, None, "guest", &uid_yesterday, "Yesterday", 10).await, StatusCode::OK);
    let written = summary_of(&app, "guest");
    let mut expected =
        vec![(Some(format_date(today)), 7, 0, Some(0), Some(0), 1), (None, 10, 1, Some(0), Some(0), 1)];
    // Stored in arrival order: today's daily first.
    assert_eq!(written, expected);

    diesel::update(submissions::table)
        .set((
            submissions::daily_day.eq(None::<String>),
            submissions::found.eq(0),
            submissions::won.eq(0),
            submissions::wrong.eq(None::<i32>),
            submissions::hints.eq(None::<i32>),
            submissions::summary_version.eq(0),
        ))
        .execute(&mut *app.conn())
        .expect("store them as an older release did");
    let restarted = app.another_instance(|_| {});
    // Yesterday's game played at noon today is outside its window: no daily play, as before.
    expected[1].0 = None;
    assert_eq!(summary_of(&restarted, "guest"), expected);
}
