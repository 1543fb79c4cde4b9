//! Group boards that cost little, on both backends: generated groups whose boards (open and
//! locked) equal a recount from the replayed action logs, served from the stored summaries
//! without reading a log (the logs are garbled and nothing changes); and the rate limit.
//! The 200-member year is measured by `server/bench/boards.sh` (docs/performance.md, Group boards).

use crate::common;
use crate::recount;

use std::collections::{BTreeMap, HashMap};

use actix_web::http::StatusCode;
use chrono::{Duration, NaiveDate};
use common::{answers, new_game, Backend, TestApp};
use diesel::prelude::*;
use game_core::calendar::format_date;
use game_core::streak::Streak;
use game_core::{Action, GameKind, GameState};
use lavalist::domains::games::model::ReviewStatus;
use lavalist::platform::schema::{streaks, submissions};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    boards_equal_a_recount_of_replayed_logs_without_reading_them,
    boards_are_rate_limited
);

const PASSWORD: &str = "correct horse battery";
const NOON: &str = "2026-03-10T17:00:00Z";
const MEMBERS: usize = 6;
const DAYS: usize = 10;

/// How a member plays a day: items found, wrong guesses, hints.
type Play = (usize, usize, usize);

/// A deterministic spread: member 1 skips the last day (the locked viewer), others skip some.
fn play(member: usize, day: usize) -> Option<Play> {
    let skip = if member == 1 { day == DAYS - 1 } else { (member * 3 + day).is_multiple_of(5) };
    (!skip).then_some((3 + (member * 7 + day * 3) % 8, (member + day) % 5, (member * day) % 3))
}

fn log(prompt: &str, (found, wrong, hints): Play) -> Vec<Value> {
    let kinds = ["firstLetter", "length"];
    let mut log: Vec<Value> = (0..hints).map(|i| json!({"hint": kinds[i % 2]})).collect();
    log.extend((0..wrong).map(|i| json!({"guess": format!("nothing like it {i}")})));
    log.extend((1..=found).map(|i| json!({"guess": format!("{prompt} item {i}")})));
    if found < 10 {
        log.push(json!({"giveUp": true}));
    }
    log
}

/// A day's game: a daily game that is a community game too (so it can be played late).
fn promoted(app: &TestApp, date: NaiveDate, prompt: &str) -> (String, game_core::GameDef) {
    let game = new_game(GameKind::Community, ReviewStatus::Approved, true, prompt, Some(date));
    lavalist::domains::games::queries::insert_game(&mut app.conn(), &game).expect("insert a game");
    app.state().games.invalidate();
    let stored = lavalist::domains::games::queries::find_by_uid(&mut app.conn(), &game.uid).unwrap().unwrap();
    (game.uid, stored.def())
}

/// What the test expects of one daily play, from replaying its log with the shared rules.
#[derive(Debug, Clone, Copy)]
struct Replayed {
    score: u32,
    found: usize,
    wrong: usize,
    hints: usize,
    won: bool,
}

fn replay(def: &game_core::GameDef, log: &[Value]) -> Replayed {
    let actions: Vec<Action> = serde_json::from_value(Value::Array(log.to_vec())).unwrap();
    let state = GameState::replay(def.clone(), &actions).expect("a valid log");
    Replayed {
        score: state.score(),
        found: state.correct(),
        wrong: state.wrong(),
        hints: state.hints_used(),
        won: state.won(),
    }
}

/// The boards recounted from the replayed plays, as the viewer should see them: today's rows
/// when `open`, the tables through the last counted day, the streaks as of then.
fn recount(
    plays: &BTreeMap<(usize, usize), Replayed>,
    names: &[String],
    open: bool,
    today: NaiveDate,
) -> Value {
    let last = if open { DAYS - 1 } else { DAYS - 2 };
    let day_of = |d: usize| today - Duration::days((DAYS - 1 - d) as i64);
    let table = |from: usize| {
        let mut rows: Vec<Value> = (0..MEMBERS)
            .map(|m| {
                let mine: Vec<&Replayed> = (from..=last).filter_map(|d| plays.get(&(d, m))).collect();
                let total: u32 = mine.iter().map(|r| r.score).sum();
                let average =
                    if mine.is_empty() { 0 } else { (total as f64 / mine.len() as f64).round() as i64 };
                let streak = (0..=last)
                    .filter_map(|d| plays.get(&(d, m)).map(|r| (d, r.won)))
                    .fold(Streak::default(), |s, (d, won)| s.after(day_of(d), won));
                let (played_streak, won_streak) = streak.current(today);
                json!({"played": mine.len(), "won": mine.iter().filter(|r| r.won).count(),
                    "averageScore": average, "playedStreak": played_streak, "wonStreak": won_streak,
                    "username": names[m]})
            })
            .collect();
        rows.sort_by(|a, b| {
            (b["won"].as_i64(), b["averageScore"].as_i64())
                .cmp(&(a["won"].as_i64(), a["averageScore"].as_i64()))
                .then_with(|| a["username"].as_str().cmp(&b["username"].as_str()))
        });
        Value::Array(rows)
    };
    let mut today_rows: Vec<(usize, Replayed)> =
        (0..MEMBERS).filter_map(|m| plays.get(&(DAYS - 1, m)).map(|r| (m, *r))).collect();
    today_rows.sort_by(|a, b| b.1.score.cmp(&a.1.score).then_with(|| names[a.0].cmp(&names[b.0])));
    let mut rows = Vec::new();
    for (i, (m, r)) in today_rows.iter().enumerate() {
        let rank = if i > 0 && today_rows[i - 1].1.score == r.score {
            rows.last().map_or(1, |p: &Value| p["rank"].as_i64().unwrap())
        } else {
            i as i64 + 1
        };
        rows.push(json!({"username": names[*m], "rank": rank, "score": r.score, "found": r.found,
            "wrong": r.wrong, "hints": r.hints, "won": r.won}));
    }
    json!({"today": if open { Value::Array(rows) } else { json!([]) },
        "weekly": table(last + 1 - 7), "allTime": table(0)})
}

/// The boards' answer in the recount's shape (user ids dropped).
fn shape(body: &Value) -> Value {
    let strip = |rows: &Value| {
        Value::Array(
            rows.as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    let mut r = r.clone();
                    r.as_object_mut().unwrap().remove("userId");
                    r
                })
                .collect(),
        )
    };
    json!({"today": strip(&body["today"]["rows"]), "weekly": strip(&body["weekly"]), "allTime": strip(&body["allTime"])})
}

/// Ten days of a six-member group: daily play through the daily route, and each skipped day
/// played late through the community route (archive play, never counted). The boards, open
/// (a member who played today) and locked (one who did not), equal the recount; then every
/// stored log is garbled and the boards answer the same: they never read a log.
async fn boards_equal_a_recount_of_replayed_logs_without_reading_them(backend: Backend) {
    let app = backend.app_at(NOON, |c| c.token_days = 30);
    let first_day = app.today();
    let names: Vec<String> = (0..MEMBERS).map(|m| format!("player{m}")).collect();
    let mut tokens = Vec::new();
    for name in &names {
        tokens.push(app.sign_up(name, &format!("{name}@example.com"), PASSWORD).await);
    }
    let group = app.post_as("/api/groups", &tokens[0], &json!({"name": "Friends"})).await;
    let (id, code) =
        (group.body["id"].as_i64().unwrap(), group.body["inviteCode"].as_str().unwrap().to_string());
    for token in &tokens[1..] {
        app.post_as(&format!("/api/groups/join/{code}"), token, &json!({})).await;
    }
    let mut plays: BTreeMap<(usize, usize), Replayed> = BTreeMap::new();
    let mut skipped: Vec<(usize, String, String)> = Vec::new();
    for day in 0..DAYS {
        let date = first_day + Duration::days(day as i64);
        let prompt = format!("Day {day}");
        let (uid, def) = promoted(&app, date, &prompt);
        for (m, token) in tokens.iter().enumerate() {
            let Some(p) = play(m, day) else {
                skipped.push((m, uid.clone(), prompt.clone()));
                continue;
            };
            let log = log(&prompt, p);
            let replayed = replay(&def, &log);
            let body = json!({"date": format_date(date), "userKey": format!("browser-{m}"),
                "score": replayed.score, "answers": answers(p.0), "actions": log});
            let res = app.post_as("/api/game/submit", token, &body).await;
            assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
            plays.insert((day, m), replayed);
        }
        if day + 1 < DAYS {
            app.advance(Duration::days(1));
        }
    }
    // Every skipped day but today's played late, as archive play.
    for (m, uid, prompt) in skipped.iter().filter(|(m, _, _)| *m != 1) {
        let log = log(prompt, (10, 0, 0));
        let body = json!({"gameUid": uid, "userKey": format!("browser-{m}"), "score": 1000,
            "answers": answers(10), "actions": log});
        let res = app.post_as("/api/game/submit-community-game", &tokens[*m], &body).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let today = app.today();
    let boards = format!("/api/groups/{id}/boards");
    let open = app.get_as(&boards, &tokens[0]).await;
    assert_eq!(open.status, StatusCode::OK, "{:?}", open.body);
    assert_eq!(shape(&open.body), recount(&plays, &names, true, today));
    let locked = app.get_as(&boards, &tokens[1]).await;
    assert_eq!(locked.body["today"]["locked"], true);
    assert_eq!(shape(&locked.body), recount(&plays, &names, false, today));
    let ranks: HashMap<i64, i64> = HashMap::from([(
        id,
        open.body["today"]["rows"].as_array().unwrap().iter().find(|r| r["username"] == "player0").unwrap()
            ["rank"]
            .as_i64()
            .unwrap(),
    )]);
    let mine = app.get_as("/api/group-ranks", &tokens[0]).await;
    assert_eq!(mine.body["ranks"][0]["rank"].as_i64(), ranks.get(&id).copied());

    // What the streak rows keep for the boards holds; rows an older release left uncounted
    // (their totals and priors unknown) give the same boards, and are counted at the next start.
    recount::assert_aggregates_match(&mut app.conn());
    diesel::update(streaks::table)
        .set((streaks::totals_version.eq(0), streaks::daily_played.eq(999), streaks::prior_of.eq("")))
        .execute(&mut *app.conn())
        .expect("forget the totals");
    assert_eq!(app.get_as(&boards, &tokens[0]).await.body, open.body, "uncounted rows summed");
    assert_eq!(app.get_as(&boards, &tokens[1]).await.body, locked.body);
    let restarted = app.another_instance(|_| {});
    recount::assert_aggregates_match(&mut restarted.conn());
    assert_eq!(restarted.get_as(&boards, &tokens[1]).await.body, locked.body);

    diesel::update(submissions::table)
        .set(submissions::actions.eq(Some("not a log")))
        .execute(&mut *app.conn())
        .expect("garble the logs");
    assert_eq!(app.get_as(&boards, &tokens[0]).await.body, open.body, "no log is read");
    assert_eq!(app.get_as(&boards, &tokens[1]).await.body, locked.body);
    assert_eq!(app.get_as("/api/group-ranks", &tokens[0]).await.body, mine.body);
}

/// Boards and ranks share the `boards-account` bucket: past its limit, 429 with Retry-After;
/// another member still gets through.
async fn boards_are_rate_limited(backend: Backend) {
    let app = backend.app_at(NOON, |c| c.rate_limits = vec!["boards-account=2/1h".parse().unwrap()]);
    let ann = app.sign_up("ann", "ann@example.com", PASSWORD).await;
    let bob = app.sign_up("bob", "bob@example.com", PASSWORD).await;
    let group = app.post_as("/api/groups", &ann, &json!({"name": "Friends"})).await;
    let (id, code) =
        (group.body["id"].as_i64().unwrap(), group.body["inviteCode"].as_str().unwrap().to_string());
    app.post_as(&format!("/api/groups/join/{code}"), &bob, &json!({})).await;
    let boards = format!("/api/groups/{id}/boards");
    assert_eq!(app.get_as(&boards, &ann).await.status, StatusCode::OK);
    assert_eq!(app.get_as("/api/group-ranks", &ann).await.status, StatusCode::OK);
    for path in [boards.as_str(), "/api/group-ranks"] {
        let refused = app.get_as(path, &ann).await;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert_eq!(refused.body["code"], "tooManyRequests", "{:?}", refused.body);
        assert!(refused.headers.contains_key("retry-after"));
    }
    assert_eq!(app.get_as(&boards, &bob).await.status, StatusCode::OK);
}
