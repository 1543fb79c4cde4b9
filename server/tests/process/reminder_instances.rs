//! Reminders sent by real server processes on one fresh PostgreSQL database: two instances
//! whose schedulers claim the same due reminders at once send each exactly once, and an
//! instance started after the due time (every instance was down) sends it once, and a second
//! restart not again. Pushes go to the loopback receiver, which checks each delivery's VAPID
//! signature and decrypts it.

use crate::common;
use crate::common::push_receiver;

use std::collections::HashMap;
use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use common::processes::{get, Database, Server};
use lavalist::domains::reminders::queries::{self, ReminderRow, SubscriptionRow};
use lavalist::domains::reminders::schedule;
use lavalist::platform::db::DbConn;
use push_receiver::{Browser, Receiver};

const PLAYERS: usize = 120;

/// Settings of every process: a clock that starts at `now`, the scheduler ticking every 100 ms
/// in small batches, the loopback receiver admitted.
fn serve(db: &Database, dir: &Path, name: &str, now: DateTime<Utc>) -> Server {
    let now = now.to_rfc3339();
    Server::start(
        &db.url,
        dir,
        name,
        &[
            ("LAVALIST_FAKE_NOW", now.as_str()),
            ("LAVALIST_PUSH_TEST_RECEIVER", "true"),
            ("LAVALIST_REMINDER_INTERVAL_MS", "100"),
            ("LAVALIST_REMINDER_BATCH", "7"),
            ("LAVALIST_REMINDER_RATE", "200"),
            ("LAVALIST_PUBLIC_URL", "https://lavalist.test"),
        ],
    )
}

fn at(text: &str) -> DateTime<Utc> {
    common::instant(text)
}

/// A player with push on at 19:00 in Paris, scheduled as `PUT /api/reminders` at `set_at` does,
/// with one browser on the receiver.
fn add_player(conn: &mut DbConn, key: &str, browser: &Browser, set_at: DateTime<Utc>) {
    let zone = schedule::parse_zone("Europe/Paris").unwrap();
    let row = ReminderRow {
        player_key: key.to_string(),
        user_id: None,
        push: true,
        email: false,
        local_minute: 19 * 60,
        time_zone: "Europe/Paris".into(),
        only_streak: false,
        next_due_at: Some(schedule::next_after(set_at, 19 * 60, zone).timestamp_millis()),
        last_day: String::new(),
        created_at: set_at.timestamp_millis(),
        updated_at: set_at.timestamp_millis(),
    };
    queries::save(conn, &row).expect("save");
    let sub = browser.subscription();
    let row = SubscriptionRow {
        endpoint: browser.endpoint.clone(),
        player_key: key.to_string(),
        p256dh: sub["keys"]["p256dh"].as_str().unwrap().to_string(),
        auth: sub["keys"]["auth"].as_str().unwrap().to_string(),
        created_at: set_at.timestamp_millis(),
    };
    queries::subscribe(conn, &row).expect("subscribe");
}

fn wait_for(receiver: &Receiver, count: usize, within: Duration) {
    let deadline = Instant::now() + within;
    while receiver.deliveries().len() < count && Instant::now() < deadline {
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn two_instances_send_each_reminder_once_and_a_restart_sends_a_missed_one_once() {
    let db = Database::create("lavalist_reminders");
    let dir = tempfile::TempDir::new().unwrap();
    let receiver = Receiver::start();
    // 18:59:40 in Paris: the reminders come due 20 s after the first instance starts.
    let start = at("2025-06-02T16:59:40Z");
    let started = Instant::now();
    let a = serve(&db, dir.path(), "a", start);
    let (status, body) = get(a.port, "/api/reminders", Some("someone"));
    assert_eq!(status, 200, "{body}");
    let vapid: serde_json::Value = serde_json::from_str(&body).unwrap();
    let vapid = vapid["vapidPublicKey"].as_str().unwrap().to_string();
    let b_now = start + chrono::Duration::from_std(started.elapsed()).unwrap();
    let b = serve(&db, dir.path(), "b", b_now);
    let (_, body_b) = get(b.port, "/api/reminders", Some("someone"));
    assert!(body_b.contains(&vapid), "both instances sign with the key kept in the database");

    let mut conn = db.connect();
    let browsers: Vec<Browser> = (0..PLAYERS).map(|i| Browser::new(&receiver, &format!("/ok/{i}"))).collect();
    for (i, browser) in browsers.iter().enumerate() {
        add_player(&mut conn, &format!("player-{i}"), browser, start);
    }
    assert!(started.elapsed() < Duration::from_secs(18), "set up before they are due");
    assert!(receiver.deliveries().is_empty(), "not before 19:00");

    wait_for(&receiver, PLAYERS, Duration::from_secs(60));
    // Both schedulers keep ticking: nothing more comes.
    sleep(Duration::from_secs(2));
    let deliveries = receiver.deliveries();
    let mut per_path: HashMap<&str, usize> = HashMap::new();
    for d in &deliveries {
        *per_path.entry(d.path.as_str()).or_default() += 1;
    }
    assert_eq!(per_path.len(), PLAYERS, "every player reminded");
    assert!(per_path.values().all(|&n| n == 1), "each exactly once: {per_path:?}");
    assert_eq!(deliveries.len(), PLAYERS);
    for (i, browser) in browsers.iter().enumerate().step_by(17) {
        let push = browser.open(&receiver.to(&format!("/ok/{i}"))[0], &vapid, at("2025-06-02T17:00:00Z"));
        assert_eq!(push.url, "https://lavalist.test/");
    }
    drop((a, b));

    // Every instance down; a player's 19:00 comes and goes. At 21:30 one instance returns.
    let late = Browser::new(&receiver, "/ok/late");
    add_player(&mut conn, "late", &late, at("2025-06-02T16:00:00Z"));
    let back = serve(&db, dir.path(), "a", at("2025-06-02T19:30:00Z"));
    wait_for(&receiver, PLAYERS + 1, Duration::from_secs(20));
    sleep(Duration::from_secs(1));
    drop(back);
    let again = serve(&db, dir.path(), "b", at("2025-06-02T19:31:00Z"));
    sleep(Duration::from_secs(2));
    drop(again);
    assert_eq!(receiver.to("/ok/late").len(), 1, "sent once on the first restart, not again");
    assert_eq!(receiver.deliveries().len(), PLAYERS + 1);
    late.open(&receiver.to("/ok/late")[0], &vapid, at("2025-06-02T19:30:00Z"));
}
