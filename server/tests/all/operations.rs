//! Operations through the real app: readiness, an API-only server, rate-limit and pool metrics,
//! and `lavalist backup` of a live SQLite database restored into a new app.

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use actix_web::http::StatusCode;
use common::{answers, Backend, TestApp};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use game_core::calendar::format_date;
use lavalist::cli::commands;
use lavalist::platform::config::Config;
use lavalist::web::metrics::{self, Metrics};
use serde_json::json;

async fn ready_when_the_database_answers(backend: Backend) {
    let app = backend.app(|_| {});
    let res = app.get("/api/ready").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body, json!({"status": "ready"}));
    let doc = app.get("/api/openapi.json").await;
    assert!(doc.body["paths"]["/api/ready"]["get"]["responses"]["503"].is_object(), "documented");
}

#[derive(QueryableByName)]
struct Version {
    #[diesel(sql_type = Text)]
    version: String,
}

/// A database whose newest migration is not applied (an older schema under a newer binary).
async fn not_ready_while_a_migration_is_pending(backend: Backend) {
    let app = backend.app(|_| {});
    let newest: Version =
        diesel::sql_query("SELECT version FROM __diesel_schema_migrations ORDER BY version DESC LIMIT 1")
            .get_result(&mut *app.conn())
            .expect("the newest migration");
    let forget = format!("DELETE FROM __diesel_schema_migrations WHERE version = '{}'", newest.version);
    app.conn().batch_execute(&forget).expect("forget it");
    let res = app.get("/api/ready").await;
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.body["code"], "busy");
    assert_eq!(res.body["error"], "Not ready: migrations are pending.");
    // Liveness is another question: the process still answers.
    assert_eq!(app.get("/api/health").await.status, StatusCode::OK);
    let remember = format!("INSERT INTO __diesel_schema_migrations (version) VALUES ('{}')", newest.version);
    app.conn().batch_execute(&remember).expect("restore it");
    assert_eq!(app.get("/api/ready").await.status, StatusCode::OK);
}

/// No front end deployed: the API works, other paths are a plain 404, API paths a JSON one.
async fn an_api_only_server_answers_404_outside_the_api(backend: Backend) {
    let app = backend.app(|config| config.static_dir = config.data_dir.join("no-such-dist"));
    assert_eq!(app.get("/api/health").await.status, StatusCode::OK);
    for path in ["/", "/index.html", "/archive/2024-01-01", "/assets/app-1234.js"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(res.raw, b"Not found", "{path}");
        assert!(
            res.headers.get("content-type").unwrap().to_str().unwrap().starts_with("text/plain"),
            "{path}"
        );
    }
    for path in ["/api", "/api/", "/api/nothing/here"] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(res.body["code"], "notFound", "{path}");
    }
}

fn line_value(text: &str, series: &str) -> Option<String> {
    text.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ').map(str::to_string))
}

/// The refusal counter counts per bucket, only refused requests; the pool gauges are there.
async fn metrics_count_rate_limit_refusals_and_show_the_pool(backend: Backend) {
    let app = backend.app(|config| config.rate_limits = vec!["login-ip=2/1h".parse().unwrap()]);
    let login = json!({"email": "nobody@example.com", "password": "not the password"});
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(app.post("/api/auth/login", &login).await.status.as_u16());
    }
    assert_eq!(statuses, [401, 401, 429, 429]);
    let text = metrics::render(&Metrics::default(), app.state());
    assert_eq!(
        line_value(&text, "lavalist_rate_limit_refusals_total{bucket=\"login-ip\"}").as_deref(),
        Some("2")
    );
    assert_eq!(
        line_value(&text, "lavalist_rate_limit_refusals_total{bucket=\"login-account\"}").as_deref(),
        Some("0")
    );
    assert!(text.contains("# TYPE lavalist_rate_limit_refusals_total counter"), "{text}");
    let pool_size = Config::for_database("unused.db").db_pool_size().to_string();
    assert_eq!(line_value(&text, "lavalist_db_pool_max_connections"), Some(pool_size));
    let idle: u32 =
        line_value(&text, "lavalist_db_pool_connections{state=\"idle\"}").unwrap().parse().unwrap();
    let in_use: u32 =
        line_value(&text, "lavalist_db_pool_connections{state=\"in_use\"}").unwrap().parse().unwrap();
    assert!(idle >= 1 && idle + in_use <= 8, "{text}");
    assert_eq!(line_value(&text, "lavalist_submission_queue_depth").as_deref(), Some("0"));
}

/// PostgreSQL only: the test database is dropped under the running app.
#[actix_rt::test]
async fn not_ready_when_the_postgres_database_is_gone() {
    let app = TestApp::postgres();
    assert_eq!(app.get("/api/ready").await.status, StatusCode::OK);
    let name = app.database_url.rsplit('/').next().unwrap().to_string();
    let mut admin = PgConnection::establish(&format!("{}/postgres", common::postgres_base_url())).unwrap();
    admin.batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)")).expect("drop it");
    let res = app.get("/api/ready").await;
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{:?}", res.body);
    assert_eq!(res.body["code"], "busy");
    assert_eq!(res.body["error"], "Not ready: the database does not answer.");
}

fn result(date: &str, user_key: &str) -> serde_json::Value {
    json!({"answers": answers(6), "userKey": user_key, "score": 560, "date": date})
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(conn: &mut lavalist::platform::db::DbConn, sql: &str) -> i64 {
    diesel::sql_query(sql).get_result::<Count>(conn).expect(sql).n
}

#[derive(QueryableByName)]
struct Integrity {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

const FILL: i64 = 10_000;

/// Backs up while results keep arriving, then opens the copy as a new app's database.
#[actix_rt::test]
async fn a_backup_taken_while_writing_restores_a_consistent_database() {
    // The test sends every result from one address: no per-address cap.
    let app = TestApp::sqlite_with(|config| config.submissions_per_ip_per_hour = 0);
    let date = format_date(app.add_daily(0, "Backed up"));
    app.sign_up("keeper", "keeper@example.com", "correct horse battery").await;
    for i in 0..5 {
        assert_eq!(
            app.post("/api/game/submit", &result(&date, &format!("before-{i}"))).await.status,
            StatusCode::OK
        );
    }
    // Enough rows that the copy takes a while, so writes land while it runs.
    commands::bench_fill(&app.state().config, &date, FILL as u64).expect("fill");

    let config = app.state().config.clone();
    let target = app.dir.path().join("backup.db");
    let done = Arc::new(AtomicBool::new(false));
    let (begin, begun) = tokio::sync::oneshot::channel::<()>();
    let (copy_target, copy_done) = (target.clone(), done.clone());
    let copy = async move {
        begun.await.expect("the writes have started");
        actix_web::web::block(move || {
            let outcome = commands::backup(&config, &copy_target);
            copy_done.store(true, Ordering::SeqCst);
            outcome
        })
        .await
    };
    // Rounds of 4 concurrent results; the backup starts after two rounds, and writing goes on
    // until it has finished and two more rounds have been sent.
    let writes = async {
        let (mut sent, mut acknowledged_before, mut rounds_after) = (0, 0, 0);
        let mut begin = Some(begin);
        while !done.load(Ordering::SeqCst) || rounds_after < 2 {
            let bodies: Vec<_> = (sent..sent + 4).map(|i| result(&date, &format!("during-{i:04}"))).collect();
            let answers =
                futures_util::future::join_all(bodies.iter().map(|b| app.post("/api/game/submit", b))).await;
            assert!(answers.iter().all(|r| r.status == StatusCode::OK));
            sent += 4;
            match begin.take() {
                Some(start) if sent >= 8 => {
                    acknowledged_before = sent;
                    start.send(()).expect("the backup waits");
                }
                Some(start) => begin = Some(start),
                None => rounds_after += 1,
            }
        }
        (sent, acknowledged_before)
    };
    let (copied, (written, acknowledged_before)) = futures_util::join!(copy, writes);
    copied.unwrap().expect("the backup");

    let restored = TestApp::open_sqlite(&target);
    let mut conn = restored.conn();
    let check: Integrity = diesel::sql_query("PRAGMA integrity_check").get_result(&mut *conn).unwrap();
    assert_eq!(check.integrity_check, "ok");
    let stored = count(&mut conn, "SELECT COUNT(*) AS n FROM submissions");
    assert!(stored >= FILL + 5, "the results before the backup are all there: {stored}");
    assert!(stored <= FILL + 5 + written as i64);
    let acknowledged = format!(
        "SELECT COUNT(*) AS n FROM submissions WHERE user_key LIKE 'during-%' AND user_key < 'during-{acknowledged_before:04}'"
    );
    assert_eq!(
        count(&mut conn, &acknowledged),
        acknowledged_before as i64,
        "acknowledged before the backup began"
    );
    assert_eq!(count(&mut conn, "SELECT COUNT(*) AS n FROM submissions WHERE user_key LIKE 'before-%'"), 5);
    // The aggregates are of the same snapshot as the rows.
    assert_eq!(count(&mut conn, "SELECT SUM(player_count) AS n FROM game_stats"), stored);
    assert_eq!(count(&mut conn, "SELECT SUM(players) AS n FROM game_score_counts"), stored);
    drop(conn);

    let game = restored.get(&format!("/api/game/date/{date}")).await;
    assert_eq!(game.status, StatusCode::OK);
    assert_eq!(game.body["prompt"], "Backed up");
    let stats = restored.get_keyed("/api/game/stats", "before-3").await;
    assert_eq!(stats.body["playerCount"], stored, "{:?}", stats.body);
    let login = json!({"email": "keeper@example.com", "password": "correct horse battery"});
    let res = restored.post("/api/auth/login", &login).await;
    assert_eq!(res.status, StatusCode::OK, "the account came along: {:?}", res.body);
    assert_eq!(res.body["user"]["username"], "keeper");
    // A repeat of a stored result is recognised in the restored database.
    assert_eq!(restored.post("/api/game/submit", &result(&date, "before-0")).await.status, StatusCode::OK);
}

#[actix_rt::test]
async fn backup_refuses_to_overwrite_and_refuses_postgres() {
    let app = TestApp::sqlite();
    let existing = app.dir.path().join("existing.db");
    std::fs::write(&existing, "keep me").unwrap();
    let err = commands::backup(&app.state().config, &existing).unwrap_err().to_string();
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");

    let missing = Config::for_database(&app.dir.path().join("nothing-here.db").display().to_string());
    let err = commands::backup(&missing, &app.dir.path().join("copy.db")).unwrap_err().to_string();
    assert!(err.contains("no SQLite database"), "{err}");
    assert!(!app.dir.path().join("nothing-here.db").exists(), "no empty database is created");

    let postgres = Config::for_database("postgres://postgres@127.0.0.1:5432/lavalist");
    let err = commands::backup(&postgres, &app.dir.path().join("pg.db")).unwrap_err().to_string();
    assert!(err.contains("pg_dump") && err.contains("pg_restore"), "{err}");
    assert!(!app.dir.path().join("pg.db").exists());
}

on_both_backends_with_configs!(
    ready_when_the_database_answers,
    not_ready_while_a_migration_is_pending,
    an_api_only_server_answers_404_outside_the_api,
    metrics_count_rate_limit_refusals_and_show_the_pool,
);
