//! The real binary: an acknowledged submission survives `kill -9`, and SIGTERM shuts down
//! gracefully. Talks plain HTTP/1.1 over a socket.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command};
use std::thread::sleep;
use std::time::{Duration, Instant};

use chrono::Utc;
use game_core::calendar::{format_date, today};
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_lavalist");

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One request; returns the status code and the JSON body (Null when not JSON).
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    http_with(port, method, path, body, "")
}

/// [`http`] with extra header lines (each ending in `\r\n`).
fn http_with(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &str,
) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}",
        payload.len()
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let status = response.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    Ok((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

fn lavalist(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("DATABASE_URL", dir.join("lavalist.db"))
        .env("LAVALIST_STATIC_DIR", dir)
        .env("LAVALIST_DATA_DIR", dir.join("data"))
        .env("RUST_LOG", "warn");
    cmd
}

fn start(dir: &Path, port: u16) -> Child {
    // One player's average is the figure that shows a stored score survived: no minimum sample.
    let bind = format!("127.0.0.1:{port}");
    let child = lavalist(dir, &["serve", "--bind", &bind, "--stats-min-players", "1"])
        .spawn()
        .expect("start lavalist");
    wait_until_up(child, port)
}

fn wait_until_up(mut child: Child, port: u16) -> Child {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if matches!(http(port, "GET", "/api/health", None), Ok((200, _))) {
            return child;
        }
        sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("lavalist did not come up on port {port}");
}

fn import_today(dir: &Path) -> String {
    let date = format_date(today(Utc::now()));
    let items: Vec<Value> = (1..=10).map(|i| json!({"name": format!("durable thing {i}")})).collect();
    let catalogue = json!({"version": 1, "games": [
        {"type": "daily", "prompt": "Durable things", "submitter": "test", "daily_date": date, "items": items}
    ]});
    let file = dir.join("catalogue.json");
    std::fs::write(&file, catalogue.to_string()).unwrap();
    let status = lavalist(dir, &["games", "import", file.to_str().unwrap()]).status().unwrap();
    assert!(status.success());
    date
}

#[test]
fn acknowledged_submission_survives_kill_9_and_sigterm_is_graceful() {
    let dir = tempfile::TempDir::new().unwrap();
    let date = import_today(dir.path());
    let port = free_port();
    let mut server = start(dir.path(), port);
    let answers: Vec<Value> = (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": i <= 6})).collect();
    let body = json!({"answers": answers, "userKey": "durable", "score": 560, "date": date});
    let (status, stored) = http(port, "POST", "/api/game/submit", Some(&body)).unwrap();
    assert_eq!(status, 200, "{stored}");
    server.kill().unwrap(); // SIGKILL: no chance to flush anything
    server.wait().unwrap();

    let port = free_port();
    let mut server = start(dir.path(), port);
    let (status, stats) = http_with(port, "GET", "/api/game/stats", None, "X-User-Key: durable\r\n").unwrap();
    assert_eq!(status, 200);
    assert_eq!(stats["playerCount"], 1, "{stats}");
    assert_eq!(stats["averageScore"], 560.0);
    let (status, _) = http(port, "POST", "/api/game/submit", Some(&body)).unwrap();
    assert_eq!(status, 200, "the stored result is recognised as a repeat");

    let terminated = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(terminated.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(exit) = server.try_wait().unwrap() {
            assert!(exit.success(), "graceful shutdown exits 0, got {exit}");
            break;
        }
        assert!(Instant::now() < deadline, "lavalist did not stop on SIGTERM");
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn commands_fail_cleanly() {
    let dir = tempfile::TempDir::new().unwrap();
    let missing = lavalist(dir.path(), &["games", "import", "/nonexistent.json"]).output().unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"version\": 1, \"games\": [{\"type\": \"daily\"}]}").unwrap();
    let out = lavalist(dir.path(), &["games", "import", bad.to_str().unwrap()]).output().unwrap();
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    let migrate = lavalist(dir.path(), &["migrate"]).output().unwrap();
    assert!(migrate.status.success());
}

fn role_of(dir: &Path, email: &str) -> Option<String> {
    use diesel::prelude::*;
    use lavalist::platform::schema::users;
    let mut conn = SqliteConnection::establish(&dir.join("lavalist.db").display().to_string()).unwrap();
    users::table.filter(users::email.eq(email)).select(users::role).first(&mut conn).unwrap()
}

#[test]
fn admin_grant_and_revoke_on_the_command_line() {
    use diesel::prelude::*;
    use lavalist::platform::schema::users;
    let dir = tempfile::TempDir::new().unwrap();
    assert!(lavalist(dir.path(), &["migrate"]).status().unwrap().success());
    let mut conn =
        SqliteConnection::establish(&dir.path().join("lavalist.db").display().to_string()).unwrap();
    diesel::insert_into(users::table)
        .values((
            users::username.eq("Boss"),
            users::username_lower.eq("boss"),
            users::email.eq("boss@example.com"),
            users::created_at.eq(0i64),
        ))
        .execute(&mut conn)
        .unwrap();

    assert!(lavalist(dir.path(), &["admin", "grant", "Boss@Example.com"]).status().unwrap().success());
    assert_eq!(role_of(dir.path(), "boss@example.com").as_deref(), Some("admin"));
    assert!(lavalist(dir.path(), &["admin", "revoke", "boss@example.com"]).status().unwrap().success());
    assert_eq!(role_of(dir.path(), "boss@example.com"), None);
    let unknown = lavalist(dir.path(), &["admin", "grant", "nobody@example.com"]).output().unwrap();
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no account"));
}

/// `--fake-now` (hidden; `LAVALIST_FAKE_NOW`) starts the real binary's clock at an instant:
/// here 00:14 in New York, inside the grace window for yesterday's game. Release builds refuse it.
#[test]
fn fake_now_starts_the_binarys_clock_there() {
    const FAKE_NOW: &str = "2025-06-02T04:14:00Z";
    let dir = tempfile::TempDir::new().unwrap();
    let items: Vec<Value> = (1..=10).map(|i| json!({"name": format!("thing {i}")})).collect();
    let game = |date: &str| json!({"type": "daily", "prompt": "Things", "submitter": "test", "daily_date": date, "items": items});
    let catalogue = json!({"version": 1, "games": [game("2025-06-01"), game("2025-06-02")]});
    let file = dir.path().join("catalogue.json");
    std::fs::write(&file, catalogue.to_string()).unwrap();
    let import = lavalist(dir.path(), &["games", "import", file.to_str().unwrap()])
        .env("LAVALIST_FAKE_NOW", FAKE_NOW)
        .output()
        .unwrap();
    if !cfg!(debug_assertions) {
        assert!(!import.status.success(), "a release build refuses --fake-now");
        assert!(String::from_utf8_lossy(&import.stderr).contains("--fake-now"));
        return;
    }
    assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
    let port = free_port();
    let bind = format!("127.0.0.1:{port}");
    let args = ["serve", "--bind", &bind, "--fake-now", FAKE_NOW];
    let mut server = wait_until_up(lavalist(dir.path(), &args).spawn().expect("start lavalist"), port);
    let (status, today) = http(port, "GET", "/api/game/date/2025-06-02", None).unwrap();
    assert_eq!(status, 200, "June 2nd is today: {today}");
    let (status, _) = http(port, "GET", "/api/game/date/2025-06-03", None).unwrap();
    assert_eq!(status, 403, "June 3rd is not released");
    let answers: Vec<Value> = (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": true})).collect();
    let late = json!({"answers": answers, "userKey": "night owl", "score": 1000, "date": "2025-06-01"});
    let (status, stored) = http(port, "POST", "/api/game/submit", Some(&late)).unwrap();
    assert_eq!(status, 200, "yesterday's game, within the grace window: {stored}");
    server.kill().unwrap();
    server.wait().unwrap();
}
