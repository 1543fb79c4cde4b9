//! The real binary's operations settings: Prometheus metrics on their own address (and nothing
//! listening without the setting), JSON log lines, and an API-only server without a front end.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::{sleep, JoinHandle};
use std::time::{Duration, Instant};

use chrono::Utc;
use game_core::calendar::{format_date, today};
use serde_json::{json, Value};

use crate::common::real_binary;

use real_binary::{drain, free_port, get, http, Answer};

const BIN: &str = env!("CARGO_BIN_EXE_lavalist");

/// The binary on a SQLite file in `dir`, logging at `info` to pipes.
fn lavalist(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("DATABASE_URL", dir.join("lavalist.db"))
        .env("LAVALIST_STATIC_DIR", dir)
        .env("LAVALIST_DATA_DIR", dir.join("data"))
        .env("RUST_LOG", "info")
        .env_remove("LAVALIST_METRICS_BIND")
        .env_remove("LAVALIST_LOG_JSON")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// A running server and the threads draining its output (a full pipe would block its logging).
struct Server {
    child: Child,
    output: Vec<JoinHandle<String>>,
}

impl Server {
    fn id(&self) -> u32 {
        self.child.id()
    }
}

fn start(mut cmd: Command, port: u16) -> Server {
    let mut child = cmd.arg("--bind").arg(format!("127.0.0.1:{port}")).spawn().expect("start lavalist");
    let output = vec![drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap())];
    let mut server = Server { child, output };
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if matches!(http(port, "GET", "/api/health", None), Ok(Answer { status: 200, .. })) {
            return server;
        }
        sleep(Duration::from_millis(50));
    }
    let _ = server.child.kill();
    let _ = server.child.wait();
    let log: String = server.output.into_iter().map(|h| h.join().unwrap()).collect();
    panic!("lavalist did not come up on port {port}: {log}");
}

/// SIGTERM, then everything it wrote to stdout and stderr.
fn stop(mut server: Server) -> String {
    let terminated = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(terminated.success());
    let exit = server.child.wait().expect("lavalist exits");
    let log: String = server.output.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(exit.success(), "graceful exit: {exit}: {log}");
    log
}

/// The TCP ports a process listens on, from its socket inodes and `/proc/net/tcp{,6}`.
fn listening_ports(pid: u32) -> BTreeSet<u16> {
    let inodes: BTreeSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .filter_map(|target| {
            let t = target.to_string_lossy().to_string();
            Some(t.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let mut ports = BTreeSet::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let text = std::fs::read_to_string(table).unwrap_or_default();
        for row in text.lines().skip(1) {
            let cols: Vec<&str> = row.split_whitespace().collect();
            if cols.len() > 9 && cols[3] == "0A" && inodes.contains(cols[9]) {
                let port = cols[1].rsplit(':').next().unwrap();
                ports.insert(u16::from_str_radix(port, 16).unwrap());
            }
        }
    }
    ports
}

fn import_today(dir: &Path, database_url: &str) -> String {
    let date = format_date(today(Utc::now()));
    let items: Vec<Value> = (1..=10).map(|i| json!({"name": format!("metered thing {i}")})).collect();
    let catalogue = json!({"version": 1, "games": [
        {"type": "daily", "prompt": "Metered things", "submitter": "test", "daily_date": date, "items": items}
    ]});
    let file = dir.join("catalogue.json");
    std::fs::write(&file, catalogue.to_string()).unwrap();
    let mut import = lavalist(dir, &["games", "import", file.to_str().unwrap()]);
    assert!(import.env("DATABASE_URL", database_url).status().unwrap().success());
    date
}

/// The value of one series (the whole `name{labels}`), 0 when absent.
fn value(metrics: &str, series: &str) -> f64 {
    metrics.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok()).unwrap_or(0.0)
}

fn requests(route: &str, method: &str, status: u16) -> String {
    format!("lavalist_http_requests_total{{route=\"{route}\",method=\"{method}\",status=\"{status}\"}}")
}

/// A fresh PostgreSQL database for one test, dropped at the end.
struct PostgresDb {
    name: String,
}

impl PostgresDb {
    fn base() -> String {
        std::env::var("LAVALIST_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
    }

    fn admin() -> diesel::PgConnection {
        use diesel::Connection;
        diesel::PgConnection::establish(&format!("{}/postgres", Self::base())).expect("PostgreSQL")
    }

    fn create() -> Self {
        use diesel::connection::SimpleConnection;
        let name = format!("lavalist_ops_{}_{:08x}", std::process::id(), rand::random::<u32>());
        Self::admin().batch_execute(&format!("CREATE DATABASE {name}")).expect("create the test database");
        PostgresDb { name }
    }

    fn url(&self) -> String {
        format!("{}/{}", Self::base(), self.name)
    }
}

impl Drop for PostgresDb {
    fn drop(&mut self) {
        use diesel::connection::SimpleConnection;
        let _ = Self::admin().batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

#[test]
fn metrics_on_sqlite() {
    let dir = tempfile::TempDir::new().unwrap();
    let url = dir.path().join("lavalist.db").display().to_string();
    metrics_count_what_was_sent_on_their_own_address(dir.path(), &url);
}

#[test]
fn metrics_on_postgres() {
    let dir = tempfile::TempDir::new().unwrap();
    let db = PostgresDb::create();
    metrics_count_what_was_sent_on_their_own_address(dir.path(), &db.url());
}

fn metrics_count_what_was_sent_on_their_own_address(dir: &Path, database_url: &str) {
    let date = import_today(dir, database_url);
    let (port, metrics_port) = (free_port(), free_port());
    let mut cmd = lavalist(dir, &["serve"]);
    cmd.env("DATABASE_URL", database_url)
        .env("LAVALIST_METRICS_BIND", format!("127.0.0.1:{metrics_port}"))
        .env("LAVALIST_RATE_LIMITS", "login-ip=1/1h");
    let server = start(cmd, port);
    assert_eq!(listening_ports(server.id()), BTreeSet::from([port, metrics_port]));
    assert_eq!(get(port, "/metrics").status, 404, "not on the public address");

    let before = get(metrics_port, "/metrics");
    assert_eq!(before.status, 200);
    assert_eq!(before.content_type, "text/plain; version=0.0.4; charset=utf-8");
    for _ in 0..3 {
        assert_eq!(get(port, "/api/game/date/2020-01-02").status, 404);
    }
    assert_eq!(get(port, &format!("/api/game/date/{date}")).status, 200);
    let login = json!({"email": "nobody@example.com", "password": "wrong password"});
    assert_eq!(http(port, "POST", "/api/auth/login", Some(&login)).unwrap().status, 401);
    assert_eq!(http(port, "POST", "/api/auth/login", Some(&login)).unwrap().status, 429);
    let answers: Vec<Value> = (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": i <= 6})).collect();
    let result = json!({"answers": answers, "userKey": "metered", "score": 560, "date": date});
    assert_eq!(http(port, "POST", "/api/game/submit", Some(&result)).unwrap().status, 200);
    assert_eq!(http(port, "POST", "/api/game/submit", Some(&json!({"date": date}))).unwrap().status, 400);
    assert_eq!(get(port, "/api/no/such/route").status, 404);
    assert_eq!(get(port, "/explore/page").status, 404, "the front end is not built in this folder");
    let after = get(metrics_port, "/metrics").body;
    let before = before.body;
    let grew = |series: &str| value(&after, series) - value(&before, series);

    let dated = "/api/game/date/{date}";
    assert_eq!(grew(&requests(dated, "GET", 404)), 3.0, "{after}");
    assert_eq!(grew(&requests(dated, "GET", 200)), 1.0);
    assert_eq!(grew(&requests("/api/auth/login", "POST", 401)), 1.0);
    assert_eq!(grew(&requests("/api/auth/login", "POST", 429)), 1.0);
    assert_eq!(grew(&requests("/api/game/submit", "POST", 200)), 1.0);
    assert_eq!(grew(&requests("/api/game/submit", "POST", 400)), 1.0);
    assert_eq!(grew(&requests("unmatched", "GET", 404)), 1.0);
    assert_eq!(grew(&requests("frontend", "GET", 404)), 1.0);
    let latency = format!("route=\"{dated}\",method=\"GET\",status=\"404\"");
    assert_eq!(grew(&format!("lavalist_http_request_duration_seconds_count{{{latency}}}")), 3.0);
    assert_eq!(grew(&format!("lavalist_http_request_duration_seconds_bucket{{{latency},le=\"+Inf\"}}")), 3.0);
    assert!(value(&after, &format!("lavalist_http_request_duration_seconds_sum{{{latency}}}")) > 0.0);
    for raw in ["2020-01-02", "/api/no/such/route", "/explore/page"] {
        assert!(!after.contains(raw), "route patterns, never raw paths: {raw}");
    }
    assert!(after.contains("# TYPE lavalist_http_request_duration_seconds histogram"));

    assert_eq!(grew("lavalist_rate_limit_refusals_total{bucket=\"login-ip\"}"), 1.0);
    assert_eq!(grew("lavalist_submission_batch_size_count"), 1.0);
    assert_eq!(grew("lavalist_submission_batch_size_sum"), 1.0);
    assert_eq!(grew("lavalist_submission_batch_size_bucket{le=\"1\"}"), 1.0);
    assert!(after.contains("\nlavalist_submission_queue_depth 0\n"), "{after}");
    let pool_size = lavalist::platform::config::Config::for_database("unused.db").db_pool_size();
    assert_eq!(value(&after, "lavalist_db_pool_max_connections"), f64::from(pool_size));
    assert!(value(&after, "lavalist_db_pool_connections{state=\"idle\"}") >= 1.0, "{after}");
    assert!(after.contains("lavalist_db_pool_connections{state=\"in_use\"}"));
    let log = stop(server);
    assert!(log.contains("Prometheus metrics at /metrics"), "{log}");
}

#[test]
fn without_the_setting_no_metrics_listener_exists() {
    let dir = tempfile::TempDir::new().unwrap();
    let port = free_port();
    let server = start(lavalist(dir.path(), &["serve"]), port);
    assert_eq!(listening_ports(server.id()), BTreeSet::from([port]));
    assert_eq!(get(port, "/metrics").status, 404);
    let log = stop(server);
    assert!(!log.contains("Prometheus"), "{log}");
}

#[test]
fn json_logs_are_one_object_per_line() {
    let dir = tempfile::TempDir::new().unwrap();
    let port = free_port();
    let mut cmd = lavalist(dir.path(), &["serve"]);
    cmd.env("LAVALIST_LOG_JSON", "true");
    let server = start(cmd, port);
    assert_eq!(get(port, "/api/ready").status, 200);
    let log = stop(server);
    let lines: Vec<Value> = log
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let request = lines
        .iter()
        .find(|l| l["fields"]["message"] == "request" && l["fields"]["path"] == "/api/ready")
        .unwrap_or_else(|| panic!("no request line for /api/ready in {log}"));
    assert_eq!(request["level"], "INFO");
    assert_eq!(request["fields"]["status"], 200);
    assert_eq!(request["fields"]["method"], "GET");
    assert!(request["span"]["request_id"].as_str().is_some_and(|id| id.len() == 16), "{request}");
    assert!(lines.iter().any(|l| l["fields"]["message"] == "Lavalist listening"), "{log}");
}

#[test]
fn an_api_only_server_says_so_once_and_answers_404_quietly() {
    let dir = tempfile::TempDir::new().unwrap();
    let port = free_port();
    let mut cmd = lavalist(dir.path(), &["serve"]);
    cmd.env("LAVALIST_STATIC_DIR", dir.path().join("no-dist"));
    let server = start(cmd, port);
    for path in ["/", "/archive", "/assets/app-1234.js", "/favicon.ico"] {
        let answer = get(port, path);
        assert_eq!((answer.status, answer.body.as_str()), (404, "Not found"), "{path}");
        assert!(answer.content_type.starts_with("text/plain"), "{path}");
    }
    let api = get(port, "/api/no-such-route");
    assert_eq!(api.status, 404);
    assert_eq!(serde_json::from_str::<Value>(&api.body).unwrap()["code"], "notFound");
    assert_eq!(get(port, "/api/ready").status, 200);
    let log = stop(server);
    assert_eq!(log.matches("no front end").count(), 1, "{log}");
    assert!(!log.contains("ERROR") && !log.contains("not a directory"), "{log}");
    assert_eq!(log.lines().filter(|l| l.contains("WARN")).count(), 0, "{log}");
}

#[test]
fn backup_on_the_command_line() {
    let dir = tempfile::TempDir::new().unwrap();
    assert!(lavalist(dir.path(), &["migrate"]).status().unwrap().success());
    let copy = dir.path().join("copy.db");
    let first = lavalist(dir.path(), &["backup", copy.to_str().unwrap()]).output().unwrap();
    assert!(first.status.success(), "{first:?}");
    assert!(String::from_utf8_lossy(&first.stdout).contains("backed up the database to"));
    let size = std::fs::metadata(&copy).unwrap().len();
    assert!(size > 0);

    let again = lavalist(dir.path(), &["backup", copy.to_str().unwrap()]).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists; backup never overwrites a file"));
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), size);

    let mut postgres = lavalist(dir.path(), &["backup", dir.path().join("pg.db").to_str().unwrap()]);
    let refused =
        postgres.env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/lavalist").output().unwrap();
    assert!(!refused.status.success());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("pg_dump") && message.contains("pg_restore"), "{message}");
}
