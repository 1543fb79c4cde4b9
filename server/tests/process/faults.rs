//! Faults an operator will meet, on the real binary with the real component (`./dev faults`,
//! figures in docs/performance.md, Faults measured): PostgreSQL crashing and restarting under 16 writers,
//! its connections killed mid-batch, a slow (locked) database, SQLite's disk filling up and its
//! write lock held by someone else.
//!
//! The PostgreSQL tests start their own server from the installed binaries (`initdb` into a
//! temporary folder, its own port and socket folder), never the machine's: they stop it in
//! immediate mode. PostgreSQL refuses to run as root, so as root its commands run as the
//! `postgres` user. The disk-full test mounts a small tmpfs (needs root; see the document).

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{sleep, JoinHandle};
use std::time::{Duration, Instant};

use chrono::{Days, Utc};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use game_core::calendar::{format_date, today};
use serde_json::{json, Value};

use crate::common::real_binary;

use real_binary::{drain, free_port, get, http, Answer};
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_lavalist");
const PG_BIN: &str = "/usr/lib/postgresql/15/bin";
/// How long the server waits for a pooled connection in these tests (the default is 5 s): a
/// request during the outage answers 503 after this.
const POOL_TIMEOUT_MS: &str = "2000";

/// A 10-item result (6 found) for today's game, under `user_key`.
fn result(date: &str, user_key: &str) -> Value {
    let answers: Vec<Value> = (1..=10).map(|i| json!({"answerId": i, "guessedCorrectly": i <= 6})).collect();
    json!({"answers": answers, "userKey": user_key, "score": 560, "date": date})
}

fn submit(port: u16, date: &str, user_key: &str) -> std::io::Result<Answer> {
    http(port, "POST", "/api/game/submit", Some(&result(date, user_key)))
}

// ---------------------------------------------------------------------------------------------
// The binary

fn lavalist(dir: &Path, database_url: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("DATABASE_URL", database_url)
        .env("LAVALIST_STATIC_DIR", dir)
        .env("LAVALIST_DATA_DIR", dir.join("data"))
        .env("LAVALIST_SUBMISSIONS_PER_IP_PER_HOUR", "0")
        .env("LAVALIST_DB_POOL_TIMEOUT_MS", POOL_TIMEOUT_MS)
        .env("RUST_LOG", "info")
        .env_remove("LAVALIST_METRICS_BIND")
        .env_remove("LAVALIST_LOG_JSON")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

struct Server {
    child: Child,
    output: Vec<JoinHandle<String>>,
    port: u16,
}

fn start(mut cmd: Command) -> Server {
    let port = free_port();
    let mut child = cmd.arg("serve").arg("--bind").arg(format!("127.0.0.1:{port}")).spawn().expect("start");
    let output = vec![drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap())];
    let server = Server { child, output, port };
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if matches!(http(port, "GET", "/api/health", None), Ok(Answer { status: 200, .. })) {
            return server;
        }
        sleep(Duration::from_millis(50));
    }
    panic!("lavalist did not come up: {}", stop(server));
}

/// SIGTERM to its PID, then everything it wrote.
fn stop(mut server: Server) -> String {
    let _ = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status();
    let _ = server.child.wait();
    server.output.into_iter().map(|h| h.join().unwrap()).collect()
}

/// Imports one daily game for today (10 items) and returns its date.
fn import_today(dir: &Path, database_url: &str) -> String {
    let date = format_date(today(Utc::now()));
    let items: Vec<Value> = (1..=10).map(|i| json!({"name": format!("faulty thing {i}")})).collect();
    let catalogue = json!({"version": 1, "games": [
        {"type": "daily", "prompt": "Faulty things", "submitter": "test", "daily_date": date, "items": items}
    ]});
    let file = dir.join("catalogue.json");
    std::fs::write(&file, catalogue.to_string()).unwrap();
    let out = lavalist(dir, database_url, &["games", "import", file.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "import: {out:?}");
    date
}

/// The log's error-level lines: only an answer that failed (500) or a full disk writes one.
fn error_lines(log: &str) -> Vec<&str> {
    log.lines().filter(|l| l.contains(" ERROR ")).collect()
}

fn metric(metrics: &str, series: &str) -> f64 {
    metrics.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok()).unwrap_or(0.0)
}

// ---------------------------------------------------------------------------------------------
// A PostgreSQL of the test's own

struct OwnPostgres {
    dir: TempDir,
    port: u16,
}

/// Runs a PostgreSQL tool; as root, as the `postgres` user (the server refuses root).
fn pg_tool(tool: &str, args: &[&str]) -> Output {
    let program = format!("{PG_BIN}/{tool}");
    let as_root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut cmd = if as_root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", &program]);
        c
    } else {
        Command::new(&program)
    };
    cmd.args(args).stdin(Stdio::null()).output().unwrap_or_else(|e| panic!("{tool}: {e}"))
}

fn must(output: Output, what: &str) {
    assert!(
        output.status.success(),
        "{what}: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

impl OwnPostgres {
    fn start() -> Self {
        let dir = tempfile::Builder::new().prefix("lavalist-faults-pg").tempdir().unwrap();
        let owner = Command::new("chown").args(["postgres:postgres", dir.path().to_str().unwrap()]).status();
        assert!(owner.is_ok(), "chown the PostgreSQL folder");
        let data = dir.path().join("data");
        let data = data.to_str().unwrap();
        must(
            pg_tool("initdb", &["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
            "initdb",
        );
        let pg = OwnPostgres { dir, port: free_port() };
        pg.start_again();
        pg.admin().batch_execute("CREATE DATABASE lavalist").expect("create the database");
        pg
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    /// Starts (again) on the same port, waiting until it accepts connections. fsync is off: the
    /// crash here is the server's processes dying (immediate mode), not the machine's.
    fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("postgres.log").display().to_string();
        must(
            pg_tool("pg_ctl", &["-D", &self.data(), "-l", &log, "-o", &options, "-w", "-t", "60", "start"]),
            "pg_ctl start",
        );
    }

    /// The crash: every server process killed at once, no checkpoint, recovery at next start.
    fn stop_immediate(&self) {
        must(pg_tool("pg_ctl", &["-D", &self.data(), "-m", "immediate", "-w", "stop"]), "pg_ctl stop");
    }

    fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    fn admin(&self) -> PgConnection {
        PgConnection::establish(&self.url("postgres")).expect("PostgreSQL answers")
    }

    fn connect(&self) -> PgConnection {
        PgConnection::establish(&self.url("lavalist")).expect("PostgreSQL answers")
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let _ = pg_tool("pg_ctl", &["-D", &self.data(), "-m", "immediate", "-w", "stop"]);
    }
}

// ---------------------------------------------------------------------------------------------
// Sixteen writers

/// What the writers saw: every answer's status and when it came, and the results acknowledged.
#[derive(Default)]
struct Tally {
    answers: Vec<(Instant, u16)>,
    acknowledged: Vec<String>,
    /// 503s without `Retry-After`, 500s' bodies, connections refused or cut by the server.
    faults: Vec<String>,
}

impl Tally {
    fn count(&self, status: u16) -> usize {
        self.answers.iter().filter(|(_, s)| *s == status).count()
    }

    /// The first acknowledged write at or after `since`.
    fn first_ok_after(&self, since: Instant) -> Option<Duration> {
        self.answers.iter().filter(|(at, s)| *s == 200 && *at >= since).map(|(at, _)| *at - since).min()
    }
}

/// 16 clients, each submitting new results one after another until `stop`; a 503 is retried
/// (the same result) after 50 ms, as a client honouring `Retry-After` would, only faster.
fn writers(port: u16, date: &str, stop: &Arc<AtomicBool>) -> (Arc<Mutex<Tally>>, Vec<JoinHandle<()>>) {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let handles = (0..16)
        .map(|w| {
            let (tally, stop, date) = (tally.clone(), stop.clone(), date.to_string());
            std::thread::spawn(move || {
                for n in 0.. {
                    let key = format!("writer-{w}-{n}");
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let answer = submit(port, &date, &key);
                        let mut t = tally.lock().unwrap();
                        match answer {
                            Ok(a) => {
                                t.answers.push((Instant::now(), a.status));
                                match a.status {
                                    200 => {
                                        t.acknowledged.push(key.clone());
                                        break;
                                    }
                                    503 if a.retry_after.is_some() => {}
                                    _ => t.faults.push(format!("{}: {}", a.status, a.body)),
                                }
                            }
                            Err(e) => t.faults.push(format!("no answer: {e}")),
                        }
                        drop(t);
                        sleep(Duration::from_millis(50));
                    }
                }
            })
        })
        .collect();
    (tally, handles)
}

fn finish(stop: &Arc<AtomicBool>, handles: Vec<JoinHandle<()>>, tally: Arc<Mutex<Tally>>) -> Tally {
    stop.store(true, Ordering::Relaxed);
    for h in handles {
        h.join().unwrap();
    }
    Arc::try_unwrap(tally).ok().unwrap().into_inner().unwrap()
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Key {
    #[diesel(sql_type = Text)]
    user_key: String,
}

const STORED_KEYS: &str = "SELECT user_key FROM submissions";

/// Acknowledged results missing from the stored ones.
fn lost(stored: Vec<Key>, acknowledged: &[String]) -> usize {
    let stored: HashSet<String> = stored.into_iter().map(|k| k.user_key).collect();
    acknowledged.iter().filter(|k| !stored.contains(*k)).count()
}

/// The aggregates agree with the rows: no batch was half-applied.
fn assert_aggregates_whole(conn: &mut PgConnection) {
    let rows: i64 =
        diesel::sql_query("SELECT count(*) AS n FROM submissions").get_result::<Count>(conn).unwrap().n;
    let counted: i64 =
        diesel::sql_query("SELECT coalesce(sum(player_count), 0)::bigint AS n FROM game_stats")
            .get_result::<Count>(conn)
            .unwrap()
            .n;
    let scores: i64 = diesel::sql_query("SELECT coalesce(sum(score), 0)::bigint AS n FROM submissions")
        .get_result::<Count>(conn)
        .unwrap()
        .n;
    let summed: i64 = diesel::sql_query("SELECT coalesce(sum(score_sum), 0)::bigint AS n FROM game_stats")
        .get_result::<Count>(conn)
        .unwrap()
        .n;
    assert_eq!((counted, summed), (rows, scores), "aggregates = rows");
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

#[test]
fn postgres_crash_and_restart_under_16_writers() {
    let pg = OwnPostgres::start();
    let dir = TempDir::new().unwrap();
    let url = pg.url("lavalist");
    let date = import_today(dir.path(), &url);
    let metrics_port = free_port();
    let mut cmd = lavalist(dir.path(), &url, &[]);
    cmd.env("LAVALIST_METRICS_BIND", format!("127.0.0.1:{metrics_port}"));
    let server = start(cmd);
    let stop_flag = Arc::new(AtomicBool::new(false));
    let (tally, handles) = writers(server.port, &date, &stop_flag);

    sleep(Duration::from_secs(2));
    let crashed = Instant::now();
    pg.stop_immediate();
    sleep(Duration::from_secs(2));
    let answers_during_outage = tally.lock().unwrap().answers.len();
    pg.start_again();
    let back = Instant::now();
    // Today's game keeps answering from the cache through all of it.
    assert_eq!(get(server.port, &format!("/api/game/date/{date}")).status, 200);
    sleep(Duration::from_secs(6));
    let tally = finish(&stop_flag, handles, tally);
    let metrics = get(metrics_port, "/metrics").body;
    let log = stop(server);

    let recovery = tally.first_ok_after(back).expect("writes resumed");
    let lost = lost(diesel::sql_query(STORED_KEYS).load(&mut pg.connect()).unwrap(), &tally.acknowledged);
    eprintln!(
        "FIGURES postgres restart: requests {}, 200 {}, 503 {}, 500 {}, other faults {}, outage {:.1} s, \
         recovery {} ms after PostgreSQL answered, acknowledged {}, lost {lost}",
        tally.answers.len(),
        tally.count(200),
        tally.count(503),
        tally.count(500),
        tally.faults.len(),
        (back - crashed).as_secs_f64(),
        recovery.as_millis(),
        tally.acknowledged.len(),
    );
    assert!(
        tally.faults.is_empty(),
        "only 200 and 503 with Retry-After: {:?}",
        &tally.faults[..tally.faults.len().min(5)]
    );
    assert!(tally.count(503) > 0 && answers_during_outage > 0, "the outage was seen");
    assert!(recovery < Duration::from_secs(5), "writes resumed {recovery:?} after PostgreSQL answered");
    assert_eq!(lost, 0, "acknowledged results lost");
    assert_aggregates_whole(&mut pg.connect());
    assert_eq!(metric(&metrics, "lavalist_http_server_errors_total"), 0.0, "{metrics}");
    let counted_503 = metric(
        &metrics,
        "lavalist_http_requests_total{route=\"/api/game/submit\",method=\"POST\",status=\"503\"}",
    );
    assert_eq!(counted_503 as usize, tally.count(503), "every 503 counted");
    assert_eq!(error_lines(&log), Vec::<&str>::new(), "no error-level line: nothing answered 500");
}

#[test]
fn postgres_connections_killed_mid_batch() {
    let pg = OwnPostgres::start();
    let dir = TempDir::new().unwrap();
    let url = pg.url("lavalist");
    let date = import_today(dir.path(), &url);
    let server = start(lavalist(dir.path(), &url, &[]));
    let stop_flag = Arc::new(AtomicBool::new(false));
    let (tally, handles) = writers(server.port, &date, &stop_flag);

    // The writer's connection is killed every 100 ms for 4 s, whatever it is doing: with 16
    // writers it is nearly always inside a batch. The request pool's connections too, now and then.
    let mut killer = pg.admin();
    let mut kills = 0;
    let started = Instant::now();
    for round in 0.. {
        if started.elapsed() > Duration::from_secs(4) {
            break;
        }
        let name = if round % 5 == 4 { "lavalist" } else { "lavalist-writer" };
        kills += diesel::sql_query(format!(
            "SELECT count(*) AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = '{name}') AS killed"
        ))
        .get_result::<Count>(&mut killer)
        .unwrap()
        .n;
        sleep(Duration::from_millis(100));
    }
    let before_end = Instant::now();
    sleep(Duration::from_secs(1));
    let tally = finish(&stop_flag, handles, tally);
    let log = stop(server);
    let lost = lost(diesel::sql_query(STORED_KEYS).load(&mut pg.connect()).unwrap(), &tally.acknowledged);
    eprintln!(
        "FIGURES killed connections: {kills} backends killed, requests {}, 200 {}, 503 {}, 500 {}, other faults {}, \
         acknowledged {}, lost {lost}",
        tally.answers.len(),
        tally.count(200),
        tally.count(503),
        tally.count(500),
        tally.faults.len(),
        tally.acknowledged.len(),
    );
    assert!(kills >= 20, "{kills} kills");
    assert!(
        tally.faults.is_empty(),
        "only 200 and 503 with Retry-After: {:?}",
        &tally.faults[..tally.faults.len().min(5)]
    );
    assert!(tally.first_ok_after(before_end).is_some(), "writes go on after the kills");
    assert_eq!(lost, 0);
    assert_aggregates_whole(&mut pg.connect());
    assert_eq!(error_lines(&log), Vec::<&str>::new());
}

#[test]
fn a_locked_postgres_table_times_out_and_the_cache_answers() {
    let pg = OwnPostgres::start();
    let dir = TempDir::new().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<body><main><!--prompt--><p>skeleton</p><!--/prompt--></main></body>",
    )
    .unwrap();
    let url = pg.url("lavalist");
    let date = import_today(dir.path(), &url);
    let mut cmd = lavalist(dir.path(), &url, &[]);
    cmd.env("LAVALIST_DB_STATEMENT_TIMEOUT_MS", "1000");
    let server = start(cmd);
    let today_path = format!("/api/game/date/{date}");
    assert_eq!(get(server.port, &today_path).status, 200);
    assert_eq!(submit(server.port, &date, "before-lock").unwrap().status, 200);

    // Someone holds the games and results tables (a long migration, a stuck admin session).
    let mut locker = pg.connect();
    locker.batch_execute("BEGIN; LOCK TABLE games, submissions IN ACCESS EXCLUSIVE MODE").unwrap();
    sleep(Duration::from_millis(5_500)); // past the cache's 5 s freshness
    let timed = |method: &str, path: &str, body: Option<&Value>| {
        let started = Instant::now();
        let answer = http(server.port, method, path, body).unwrap();
        (answer, started.elapsed())
    };
    for _ in 0..3 {
        let (answer, took) = timed("GET", &today_path, None);
        assert_eq!(answer.status, 200, "today's game from the cache: {answer:?}");
        assert!(took < Duration::from_millis(900), "{took:?}");
        let (home, took) = timed("GET", "/", None);
        assert!(home.status == 200 && home.body.contains("Faulty things"), "{home:?}");
        assert!(took < Duration::from_millis(900), "{took:?}");
    }
    let yesterday = format_date(today(Utc::now()).checked_sub_days(Days::new(1)).unwrap());
    let (archive, took) = timed("GET", &format!("/api/game/date/{yesterday}"), None);
    eprintln!("FIGURES locked table: uncached read {} in {} ms", archive.status, took.as_millis());
    assert_eq!(archive.status, 503, "{archive:?}");
    assert!(archive.retry_after.is_some());
    assert!(took < Duration::from_secs(3), "bounded by the statement timeout: {took:?}");
    let (write, took) = timed("POST", "/api/game/submit", Some(&result(&date, "during-lock")));
    eprintln!("FIGURES locked table: write {} in {} ms", write.status, took.as_millis());
    assert_eq!(write.status, 503, "{write:?}");
    assert!(took < Duration::from_secs(3), "{took:?}");

    locker.batch_execute("COMMIT").unwrap();
    let started = Instant::now();
    while submit(server.port, &date, "after-lock").unwrap().status != 200 {
        assert!(started.elapsed() < Duration::from_secs(5), "writes resume");
        sleep(Duration::from_millis(50));
    }
    assert_eq!(get(server.port, &format!("/api/game/date/{yesterday}")).status, 404);
    let log = stop(server);
    assert_eq!(error_lines(&log), Vec::<&str>::new());
    assert!(log.contains("serving the copy in memory"), "the operator is told");
}

// ---------------------------------------------------------------------------------------------
// SQLite

/// A tmpfs of `size` mounted at `dir/mnt`, unmounted when dropped.
struct SmallDisk {
    path: PathBuf,
}

impl SmallDisk {
    fn mount(dir: &Path, size: &str) -> Self {
        let path = dir.join("mnt");
        std::fs::create_dir(&path).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            mounted.status.success(),
            "this test mounts a small tmpfs and needs root (CAP_SYS_ADMIN): {}",
            String::from_utf8_lossy(&mounted.stderr)
        );
        SmallDisk { path }
    }

    /// Writes a filler file until the disk refuses another byte.
    fn fill(&self) {
        let mut file = std::fs::File::create(self.path.join("filler")).unwrap();
        let chunk = vec![0x5a_u8; 4096];
        while file.write_all(&chunk).is_ok() {}
        let _ = file.write_all(&[0]);
        let _ = file.sync_all();
    }

    fn free(&self) {
        std::fs::remove_file(self.path.join("filler")).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

#[test]
fn sqlite_disk_full_refuses_writes_and_recovers() {
    let dir = TempDir::new().unwrap();
    let disk = SmallDisk::mount(dir.path(), "3m");
    let db = disk.path.join("lavalist.db");
    let url = db.display().to_string();
    let date = import_today(dir.path(), &url);
    let server = start(lavalist(dir.path(), &url, &[]));
    let port = server.port;
    let mut acknowledged = Vec::new();
    for n in 0..20 {
        let key = format!("before-{n}");
        assert_eq!(submit(port, &date, &key).unwrap().status, 200);
        acknowledged.push(key);
    }

    disk.fill();
    let (mut ok, mut refused) = (0, 0);
    for n in 0..5_000 {
        let key = format!("full-{n}");
        let answer = submit(port, &date, &key).unwrap();
        match answer.status {
            // Written into room the database files already had.
            200 => {
                ok += 1;
                acknowledged.push(key);
            }
            503 => {
                assert!(answer.retry_after.is_some(), "{answer:?}");
                refused += 1;
                if refused == 20 {
                    break;
                }
            }
            other => panic!("{other}: {}", answer.body),
        }
    }
    assert_eq!(refused, 20, "writes are refused once the disk is full ({ok} fitted first)");
    for path in [format!("/api/game/date/{date}"), "/api/previous-days".to_string(), "/api/ready".to_string()]
    {
        assert_eq!(get(port, &path).status, 200, "reads keep working: {path}");
    }

    disk.free();
    let freed = Instant::now();
    let recovery = loop {
        let answer = submit(port, &date, "after-free").unwrap();
        if answer.status == 200 {
            acknowledged.push("after-free".into());
            break freed.elapsed();
        }
        assert!(freed.elapsed() < Duration::from_secs(5), "writes resume: {answer:?}");
        sleep(Duration::from_millis(50));
    };
    let log = stop(server);
    let mut conn = SqliteConnection::establish(&url).unwrap();
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = Text)]
        integrity_check: String,
    }
    let check: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn).unwrap();
    let lost = lost(diesel::sql_query(STORED_KEYS).load(&mut conn).unwrap(), &acknowledged);
    eprintln!(
        "FIGURES sqlite disk full: {ok} writes fitted after the fill, then 20 of 20 answered 503; \
         recovery {} ms after space returned; integrity_check {}; acknowledged {}, lost {lost}",
        recovery.as_millis(),
        check[0].integrity_check,
        acknowledged.len()
    );
    assert_eq!(check.iter().map(|c| c.integrity_check.as_str()).collect::<Vec<_>>(), ["ok"]);
    assert_eq!(lost, 0);
    assert!(
        error_lines(&log).iter().all(|l| l.contains("the database's disk is full: writes answer 503")),
        "a clear line for the operator, and no other: {:?}",
        error_lines(&log)
    );
    assert!(!error_lines(&log).is_empty());
}

#[test]
fn sqlite_held_write_lock_answers_503_and_reads_go_on() {
    let dir = TempDir::new().unwrap();
    let url = dir.path().join("lavalist.db").display().to_string();
    let date = import_today(dir.path(), &url);
    let mut cmd = lavalist(dir.path(), &url, &[]);
    cmd.env("LAVALIST_SQLITE_BUSY_TIMEOUT_MS", "500");
    let server = start(cmd);
    assert_eq!(submit(server.port, &date, "before").unwrap().status, 200);

    let mut holder = SqliteConnection::establish(&url).unwrap();
    // Another process takes the write lock and keeps it (a backup tool, a stuck script).
    holder.batch_execute("BEGIN IMMEDIATE").unwrap();
    let started = Instant::now();
    let write = submit(server.port, &date, "during").unwrap();
    let took = started.elapsed();
    eprintln!("FIGURES sqlite write lock held: write {} in {} ms", write.status, took.as_millis());
    assert_eq!(write.status, 503, "{write:?}");
    assert!(write.retry_after.is_some());
    assert!(took < Duration::from_secs(3), "bounded by the busy timeout: {took:?}");
    assert_eq!(get(server.port, &format!("/api/game/date/{date}")).status, 200);
    assert_eq!(get(server.port, "/api/previous-days").status, 200);
    holder.batch_execute("ROLLBACK").unwrap();
    assert_eq!(submit(server.port, &date, "during").unwrap().status, 200, "the same result, retried");
    let log = stop(server);
    assert_eq!(error_lines(&log), Vec::<&str>::new());
}
