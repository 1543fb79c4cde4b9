//! Two real server processes on one fresh PostgreSQL database, thousands of submissions sent to
//! both at once (duplicates and conflicting repeats of many userKeys, several games): no 5xx,
//! every answer agrees with the stored row, and every aggregate and streak equals a recount
//! from the stored submissions.

use crate::common;
use crate::recount;

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use common::new_game;
use common::processes::{Database, Server};
use diesel::prelude::*;
use game_core::calendar::{format_date, today};
use game_core::results::score_is_possible;
use game_core::GameKind;
use lavalist::domains::games::model::{GameRecord, ReviewStatus};
use lavalist::domains::games::queries::insert_game;
use lavalist::domains::submissions::batch;
use lavalist::domains::submissions::check::CheckedResult;
use lavalist::domains::submissions::record::Job;
use lavalist::platform::db::{self, DbConn};
use lavalist::platform::schema::{games, submissions};
use lavalist_api::submissions::Answer;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const USER_KEYS: usize = 300;
/// Every client here is 127.0.0.1: no per-address cap.
const NO_CAP: &[(&str, &str)] = &[("LAVALIST_SUBMISSIONS_PER_IP_PER_HOUR", "0")];
const REQUESTS_PER_KEY_AND_GAME: usize = 4;
const CLIENTS: usize = 32;

/// One request over a fresh connection; the status and the JSON body (Null when not JSON).
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}",
        payload.len()
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let status = response.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    Ok((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// Where a result goes: today's daily game by date, a community game by uid.
#[derive(Clone)]
enum Target {
    Daily { id: i64, date: String },
    Community { id: i64, uid: String },
}

impl Target {
    fn id(&self) -> i64 {
        match self {
            Target::Daily { id, .. } | Target::Community { id, .. } => *id,
        }
    }
}

/// One client request and what the server answered.
struct Sent {
    port: u16,
    game_id: i64,
    user_key: String,
    score: u32,
    answers: Vec<Answer>,
    body: Value,
    path: &'static str,
    answer: Option<(u16, Value)>,
}

fn answers(found: usize) -> Vec<Answer> {
    (1..=10).map(|i| Answer { answer_id: i, guessed_correctly: i as usize <= found }).collect()
}

/// A result the rules allow: `found` items, up to five penalties of 10.
fn random_result(rng: &mut StdRng) -> (u32, usize) {
    loop {
        let found = rng.random_range(0..=10usize);
        let score = (found as u32 * 100).saturating_sub(10 * rng.random_range(0..=5u32));
        if score_is_possible(found, score) {
            return (score, found);
        }
    }
}

fn insert(conn: &mut DbConn, game: GameRecord) -> i64 {
    insert_game(conn, &game).expect("insert a game");
    games::table.filter(games::uid.eq(&game.uid)).select(games::id).first(conn).unwrap()
}

/// Yesterday's daily results for half the userKeys, written by the writer's own batch code,
/// so that today's results continue (or restart) streaks.
fn store_yesterday(conn: &mut DbConn, game_id: i64, day: NaiveDate, rng: &mut StdRng) {
    let jobs: Vec<Job> = (0..USER_KEYS / 2)
        .map(|k| {
            let (score, found) = random_result(rng);
            Job {
                game_id,
                daily_date: Some(day),
                user_key: format!("player-{k}"),
                streak_key: format!("player-{k}"),
                result: CheckedResult { score, answers: answers(found), actions_json: None, replayed: None },
                ip: "192.0.2.1".into(),
                now_ms: Utc::now().timestamp_millis(),
                cap_per_hour: 0,
            }
        })
        .collect();
    let stored = db::write_transaction(conn, |c| batch::write(c, &jobs)).expect("yesterday's batch");
    assert!(stored.iter().all(Result::is_ok));
}

/// For every (userKey, game): a few requests, mostly one result and sometimes a different one,
/// to one instance or the other, all shuffled.
fn plan_requests(targets: &[Target], ports: [u16; 2], rng: &mut StdRng) -> Vec<Sent> {
    let mut sent = Vec::new();
    for k in 0..USER_KEYS {
        let user_key = format!("player-{k}");
        for target in targets {
            let usual = random_result(rng);
            let other = random_result(rng);
            for _ in 0..REQUESTS_PER_KEY_AND_GAME {
                let (score, found) = if rng.random_bool(0.75) { usual } else { other };
                let mut body = json!({"answers": answers(found), "userKey": user_key, "score": score});
                let path = match target {
                    Target::Daily { date, .. } => {
                        body["date"] = json!(date);
                        "/api/game/submit"
                    }
                    Target::Community { uid, .. } => {
                        body["gameUid"] = json!(uid);
                        "/api/game/submit-community-game"
                    }
                };
                sent.push(Sent {
                    port: ports[rng.random_range(0..2)],
                    game_id: target.id(),
                    user_key: user_key.clone(),
                    score,
                    answers: answers(found),
                    body,
                    path,
                    answer: None,
                });
            }
        }
    }
    sent.shuffle(rng);
    sent
}

/// Sends every request from `CLIENTS` threads at once.
fn send_all(requests: Vec<Sent>) -> Vec<Sent> {
    let next = AtomicUsize::new(0);
    let requests: Vec<Mutex<Sent>> = requests.into_iter().map(Mutex::new).collect();
    std::thread::scope(|scope| {
        for _ in 0..CLIENTS {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = requests.get(i) else { break };
                let mut sent = slot.lock().unwrap();
                let answer = http(sent.port, "POST", sent.path, Some(&sent.body));
                sent.answer = Some(answer.unwrap_or_else(|e| panic!("request {i} failed: {e}")));
            });
        }
    });
    requests.into_iter().map(|m| m.into_inner().unwrap()).collect()
}

/// Every answer agrees with the stored row: a 200 is the stored result, which is what that
/// client sent; a 409 means the stored result differs from it.
fn assert_answers_match_rows(conn: &mut DbConn, sent: &[Sent]) {
    let rows: HashMap<(i64, String), (u32, Vec<Answer>)> = recount::submissions(conn)
        .into_iter()
        .map(|r| ((r.game_id, r.user_key), (r.score as u32, r.answers)))
        .collect();
    for s in sent {
        let (status, body) = s.answer.as_ref().expect("answered");
        let stored = rows.get(&(s.game_id, s.user_key.clone())).expect("a row for every key that was sent");
        let same = stored.0 == s.score && stored.1 == s.answers;
        match status {
            200 => {
                assert!(same, "a 200 for {} on game {} but another result is stored", s.user_key, s.game_id);
                assert_eq!(body["score"], json!(stored.0), "{body}");
                assert_eq!(body["answers"], json!(stored.1), "{body}");
                assert_eq!(body["userKey"], json!(s.user_key), "{body}");
            }
            409 => assert!(!same, "a 409 for {} on game {} whose result is stored", s.user_key, s.game_id),
            other => panic!("HTTP {other} from port {}: {body}", s.port),
        }
    }
}

#[test]
fn two_instances_on_one_postgres_stay_exact() {
    let started = Instant::now();
    let database = Database::create("lavalist_instances");
    let dir = tempfile::TempDir::new().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><title>Lavalist</title>").unwrap();
    let mut rng = StdRng::seed_from_u64(0x1a7a_115e);
    let mut conn = database.connect();
    db::migrate(&mut conn).expect("migrate");
    let day = today(Utc::now());
    let yesterday = day.pred_opt().unwrap();
    let daily = |date, prompt| new_game(GameKind::Daily, ReviewStatus::Approved, true, prompt, Some(date));
    let community = |prompt| new_game(GameKind::Community, ReviewStatus::Approved, true, prompt, None);
    let today_id = insert(&mut conn, daily(day, "Today"));
    let yesterday_id = insert(&mut conn, daily(yesterday, "Yesterday"));
    store_yesterday(&mut conn, yesterday_id, yesterday, &mut rng);
    let mut targets = vec![Target::Daily { id: today_id, date: format_date(day) }];
    for prompt in ["Community one", "Community two"] {
        let game = community(prompt);
        let uid = game.uid.clone();
        targets.push(Target::Community { id: insert(&mut conn, game), uid });
    }

    let servers = [
        Server::start(&database.url, dir.path(), "one", NO_CAP),
        Server::start(&database.url, dir.path(), "two", NO_CAP),
    ];
    let requests = plan_requests(&targets, [servers[0].port, servers[1].port], &mut rng);
    let total = requests.len();
    let sent = send_all(requests);
    drop(servers);

    let conflicts = sent.iter().filter(|s| matches!(s.answer, Some((409, _)))).count();
    assert!(conflicts > 0, "the traffic includes conflicting repeats");
    assert_answers_match_rows(&mut conn, &sent);
    let stored: i64 = submissions::table
        .filter(submissions::game_id.ne(yesterday_id))
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(stored as usize, USER_KEYS * targets.len(), "one row per (game, userKey)");
    recount::assert_aggregates_match(&mut conn);
    eprintln!("{total} requests ({conflicts} answered 409) in {:?}", started.elapsed());
}
