//! The test-app builder: the real actix app (every route, extractor config and error mapping)
//! over a real database, a fresh SQLite file or a fresh PostgreSQL database per test.
#![allow(dead_code)]

pub mod processes;
pub mod push_receiver;
pub mod real_binary;
mod templates;

use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::body::to_bytes;
use actix_web::http::header::HeaderMap;
use actix_web::http::StatusCode;
use actix_web::middleware::from_fn;
use actix_web::test::{call_service, init_service, TestRequest};
use actix_web::{web, App};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use game_core::calendar::today;
use game_core::GameKind;
use game_core::Item;
use lavalist::domains::games::model::{GameRecord, ReviewStatus};
use lavalist::domains::games::queries::{insert_game, new_uid};
use lavalist::platform::clock::{Clock, TestClock};
use lavalist::platform::config::Config;
use lavalist::platform::{logging, security};
use lavalist::{configure, AppState};
use serde_json::Value;
use tempfile::TempDir;

/// Where the PostgreSQL tests create their databases (trust auth on this machine and in CI).
pub fn postgres_base_url() -> String {
    std::env::var("LAVALIST_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub raw: Vec<u8>,
}

pub struct TestApp {
    state: Option<web::Data<AppState>>,
    pub dir: TempDir,
    pub database_url: String,
    postgres_db: Option<String>,
    /// Set when the app was built on a test clock (`Backend::app_at`): it moves only when told.
    test_clock: Option<TestClock>,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

impl TestApp {
    pub fn sqlite() -> Self {
        Self::sqlite_with(|_| {})
    }

    pub fn sqlite_with(adjust: impl FnOnce(&mut Config)) -> Self {
        Self::sqlite_on(None, adjust)
    }

    fn sqlite_on(clock: Option<TestClock>, adjust: impl FnOnce(&mut Config)) -> Self {
        let dir = TempDir::new().expect("temp dir");
        let file = dir.path().join("data/lavalist.db");
        // Private, as the server makes it (it leaves an existing directory as it is).
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(dir.path().join("data"))
            .expect("data dir");
        std::fs::copy(templates::sqlite(), &file).expect("copy the migrated template");
        Self::start(dir, file.display().to_string(), None, clock, adjust)
    }

    pub fn postgres() -> Self {
        Self::postgres_with(|_| {})
    }

    pub fn postgres_with(adjust: impl FnOnce(&mut Config)) -> Self {
        Self::postgres_on(None, adjust)
    }

    fn postgres_on(clock: Option<TestClock>, adjust: impl FnOnce(&mut Config)) -> Self {
        let name = format!(
            "lavalist_test_{}_{}_{:08x}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst),
            rand::random::<u32>()
        );
        let mut admin = admin_connection();
        let template = templates::postgres();
        admin
            .batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .expect("create the test database");
        let url = format!("{}/{name}", postgres_base_url());
        Self::start(TempDir::new().expect("temp dir"), url, Some(name), clock, adjust)
    }

    fn start(
        dir: TempDir,
        url: String,
        postgres_db: Option<String>,
        test_clock: Option<TestClock>,
        adjust: impl FnOnce(&mut Config),
    ) -> Self {
        let mut config = Config::for_database(&url);
        config.static_dir = dir.path().join("dist");
        std::fs::create_dir_all(&config.static_dir).expect("dist dir");
        std::fs::write(config.static_dir.join("index.html"), "<!doctype html><title>Lavalist</title>")
            .expect("index.html");
        std::fs::write(config.static_dir.join("app.js"), "console.log('app')").expect("app.js");
        config.data_dir = dir.path().join("data");
        // The tests of results and aggregates read every figure of a game with a few players;
        // stats_api.rs tests the minimum sample itself.
        config.stats_min_players = 1;
        adjust(&mut config);
        let clock = test_clock.as_ref().map_or_else(Clock::system, TestClock::clock);
        let state = AppState::open_with_clock(config, clock).expect("open the app state");
        TestApp { state: Some(web::Data::new(state)), dir, database_url: url, postgres_db, test_clock }
    }

    /// An app on an existing SQLite file (a restored backup), with its own data dir.
    pub fn open_sqlite(path: &std::path::Path) -> Self {
        Self::start(TempDir::new().expect("temp dir"), path.display().to_string(), None, None, |_| {})
    }

    /// A second server instance on the same database (its own state, caches and limiter), as
    /// after a restart or behind a load balancer. It does not drop the database. It reads the
    /// same clock as this one.
    pub fn another_instance(&self, adjust: impl FnOnce(&mut Config)) -> TestApp {
        let data_dir = self.dir.path().join("data");
        let (dir, url, clock) =
            (TempDir::new().expect("temp dir"), self.database_url.clone(), self.test_clock.clone());
        Self::start(dir, url, None, clock, |config| {
            config.data_dir = data_dir;
            adjust(config);
        })
    }

    pub fn state(&self) -> &web::Data<AppState> {
        self.state.as_ref().expect("state is live until drop")
    }

    /// The instant the app reads (its test clock, else the system clock).
    pub fn now(&self) -> DateTime<Utc> {
        self.state().clock.now()
    }

    /// The app's game day (New York).
    pub fn today(&self) -> NaiveDate {
        today(self.now())
    }

    fn test_clock(&self) -> &TestClock {
        self.test_clock.as_ref().expect("built with a test clock (Backend::app_at)")
    }

    /// Stands the app's clock at an RFC 3339 instant, e.g. `2025-06-02T04:14:00Z`.
    pub fn set_now(&self, rfc3339: &str) {
        self.test_clock().set(instant(rfc3339));
    }

    /// Moves the app's clock forward (or back, with a negative duration).
    pub fn advance(&self, by: Duration) {
        self.test_clock().advance(by);
    }

    pub async fn call(&self, req: TestRequest) -> Response {
        let app = init_service(
            App::new()
                .wrap(from_fn(security::add_headers))
                .wrap(from_fn(logging::log_request))
                .configure(configure(self.state().clone())),
        )
        .await;
        let res = call_service(&app, req.to_request()).await;
        let status = res.status();
        let headers = res.headers().clone();
        let raw = to_bytes(res.into_body()).await.map(|b| b.to_vec()).unwrap_or_default();
        let body = serde_json::from_slice(&raw).unwrap_or(Value::Null);
        Response { status, headers, body, raw }
    }

    /// Sends the requests at once through one service (for races): each is dispatched up to its
    /// first database call before any answers, so their transactions overlap.
    pub async fn call_all(&self, reqs: Vec<TestRequest>) -> Vec<Response> {
        let app = init_service(
            App::new()
                .wrap(from_fn(security::add_headers))
                .wrap(from_fn(logging::log_request))
                .configure(configure(self.state().clone())),
        )
        .await;
        let calls = reqs.into_iter().map(|req| call_service(&app, req.to_request()));
        let mut answers = Vec::new();
        for res in futures_util::future::join_all(calls).await {
            let status = res.status();
            let headers = res.headers().clone();
            let raw = to_bytes(res.into_body()).await.map(|b| b.to_vec()).unwrap_or_default();
            let body = serde_json::from_slice(&raw).unwrap_or(Value::Null);
            answers.push(Response { status, headers, body, raw });
        }
        answers
    }

    pub async fn get(&self, path: &str) -> Response {
        self.call(TestRequest::get().uri(path)).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.call(TestRequest::post().uri(path).set_json(body)).await
    }

    /// Posts raw bytes as JSON (for malformed bodies).
    pub async fn post_raw(&self, path: &str, body: &str) -> Response {
        self.call(
            TestRequest::post()
                .uri(path)
                .insert_header(("content-type", "application/json"))
                .set_payload(body.to_string()),
        )
        .await
    }

    pub async fn get_as(&self, path: &str, token: &str) -> Response {
        self.call(TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {token}"))))
            .await
    }

    /// A GET with a browser's userKey in the `X-User-Key` header (no route takes it in a URL).
    pub async fn get_keyed(&self, path: &str, user_key: &str) -> Response {
        self.call(TestRequest::get().uri(path).insert_header(("x-user-key", user_key))).await
    }

    /// [`Self::get_keyed`] with a bearer token too.
    pub async fn get_keyed_as(&self, path: &str, user_key: &str, token: &str) -> Response {
        self.call(
            TestRequest::get()
                .uri(path)
                .insert_header(("x-user-key", user_key))
                .insert_header(("authorization", format!("Bearer {token}"))),
        )
        .await
    }

    pub async fn post_as(&self, path: &str, token: &str, body: &Value) -> Response {
        self.call(
            TestRequest::post()
                .uri(path)
                .insert_header(("authorization", format!("Bearer {token}")))
                .set_json(body),
        )
        .await
    }

    /// The `.eml` files in the outbox, oldest first.
    fn outbox_files(&self) -> Vec<std::path::PathBuf> {
        let dir = self.dir.path().join("data/outbox");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "eml"));
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        files
    }

    /// The outbox's messages as written, oldest first.
    pub fn outbox(&self) -> Vec<String> {
        self.outbox_files()
            .iter()
            .map(|p| undo_quoted_printable(&std::fs::read_to_string(p).expect("read an .eml")))
            .collect()
    }

    /// The outbox's messages decoded (headers unfolded, the subject's encoded words and the
    /// body's transfer encoding undone), oldest first: what a mail client shows.
    pub fn decoded_outbox(&self) -> Vec<DecodedMail> {
        self.outbox_files()
            .iter()
            .map(|p| DecodedMail::parse(&std::fs::read_to_string(p).expect("read an .eml")))
            .collect()
    }

    /// The newest decoded message to `email`.
    pub fn last_mail_to(&self, email: &str) -> DecodedMail {
        self.decoded_outbox()
            .into_iter()
            .rev()
            .find(|m| m.header("To").is_some_and(|to| to.contains(email)))
            .unwrap_or_else(|| panic!("no message to {email} in the outbox"))
    }

    /// The 6-digit code of the newest message to `email`.
    pub fn code_sent_to(&self, email: &str) -> String {
        let message = self
            .outbox()
            .into_iter()
            .rev()
            .find(|m| m.contains(&format!("To: {email}")))
            .unwrap_or_else(|| panic!("no message to {email} in the outbox"));
        let start = message.find("code is ").expect("a code in the message") + "code is ".len();
        message[start..start + 6].to_string()
    }

    /// Signs up through the API (code read from the outbox) and returns the token.
    pub async fn sign_up(&self, username: &str, email: &str, password: &str) -> String {
        let res = self
            .post(
                "/api/auth/request-code",
                &serde_json::json!({"username": username, "email": email, "password": password, "adult": true}),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "request-code: {:?}", res.body);
        let signup_token = res.body["signupToken"].as_str().expect("a signupToken").to_string();
        let code = self.code_sent_to(email);
        let body = serde_json::json!({"email": email, "code": code, "signupToken": signup_token});
        let res = self.post("/api/auth/verify-code", &body).await;
        assert_eq!(res.status, StatusCode::OK, "verify-code: {:?}", res.body);
        res.body["token"].as_str().expect("a token").to_string()
    }

    /// Signs up, then grants the admin role the way `lavalist admin grant` does.
    pub async fn sign_up_admin(&self, username: &str, email: &str) -> String {
        let token = self.sign_up(username, email, "correct horse battery").await;
        assert!(
            lavalist::domains::accounts::queries::set_admin(&mut self.conn(), email, true).expect("grant")
        );
        token
    }

    /// The generated token secret kept in the data directory.
    pub fn token_secret(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("data/token-secret")).expect("the token secret file")
    }

    pub fn conn(&self) -> lavalist::platform::db::PooledConn {
        self.state().pool.get().expect("a pooled connection")
    }

    /// Stores a daily game `offset` days from the app's today (New York) and returns its date.
    pub fn add_daily(&self, offset: i64, prompt: &str) -> NaiveDate {
        let date = self.today() + Duration::days(offset);
        self.add_daily_on(date, prompt);
        date
    }

    /// Stores a daily game on `date`.
    pub fn add_daily_on(&self, date: NaiveDate, prompt: &str) {
        let game = new_game(GameKind::Daily, ReviewStatus::Approved, true, prompt, Some(date));
        insert_game(&mut self.conn(), &game).expect("insert a daily game");
        self.state().games.invalidate();
    }

    /// Stores a community game and returns its uid.
    pub fn add_community(&self, prompt: &str, status: ReviewStatus, public: bool) -> String {
        let game = new_game(GameKind::Community, status, public, prompt, None);
        insert_game(&mut self.conn(), &game).expect("insert a community game");
        game.uid
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Close the pool and the writer's connection before dropping the database.
        drop(self.state.take());
        if let Some(name) = &self.postgres_db {
            if let Ok(mut admin) = std::panic::catch_unwind(admin_connection) {
                let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
    }
}

fn admin_connection() -> PgConnection {
    PgConnection::establish(&format!("{}/postgres", postgres_base_url()))
        .expect("PostgreSQL on 127.0.0.1:5432")
}

/// A message as a mail client shows it.
#[derive(Debug, Clone)]
pub struct DecodedMail {
    /// Header fields, unfolded, in order (values as sent, encoded words undone).
    pub headers: Vec<(String, String)>,
    pub subject: String,
    pub body: String,
}

impl DecodedMail {
    pub fn parse(eml: &str) -> DecodedMail {
        let eml = eml.replace("\r\n", "\n");
        let (head, body) = eml.split_once("\n\n").unwrap_or((&eml, ""));
        let mut headers: Vec<(String, String)> = Vec::new();
        for line in head.lines() {
            if line.starts_with([' ', '\t']) {
                if let Some((_, value)) = headers.last_mut() {
                    value.push_str(line);
                }
            } else if let Some((name, value)) = line.split_once(':') {
                headers.push((name.trim().to_string(), value.trim().to_string()));
            }
        }
        for (_, value) in headers.iter_mut() {
            *value = decode_words(value);
        }
        let find =
            |name: &str| headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
        let encoding = find("Content-Transfer-Encoding").unwrap_or_default().to_ascii_lowercase();
        let bytes = match encoding.as_str() {
            "base64" => {
                use base64::Engine as _;
                let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
                base64::engine::general_purpose::STANDARD.decode(compact).expect("a base64 body")
            }
            "quoted-printable" => quoted_printable(body),
            _ => body.as_bytes().to_vec(),
        };
        let subject = find("Subject").unwrap_or_default();
        // Line ends as the message was written (SMTP sends CRLF, inside base64 too).
        let body = String::from_utf8(bytes).expect("a UTF-8 body").replace("\r\n", "\n");
        DecodedMail { headers, subject, body }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Quoted-printable (RFC 2045): soft line breaks and `=XX` bytes.
fn quoted_printable(text: &str) -> Vec<u8> {
    let text = text.replace("=\n", "");
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(byte) = u8::from_str_radix(hex, 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// RFC 2047 encoded words (`=?utf-8?b?…?=`, `=?utf-8?q?…?=`); the space between two of them is
/// not text.
fn decode_words(value: &str) -> String {
    use base64::Engine as _;
    let mut out = String::new();
    let mut previous_was_word = false;
    for token in value.split(' ') {
        let word = token.strip_prefix("=?").and_then(|t| t.strip_suffix("?=")).and_then(|t| {
            let mut parts = t.splitn(3, '?');
            let (_charset, encoding, text) = (parts.next()?, parts.next()?, parts.next()?);
            let bytes = match encoding {
                "b" | "B" => base64::engine::general_purpose::STANDARD.decode(text).ok()?,
                "q" | "Q" => quoted_printable(&text.replace('_', " ")),
                _ => return None,
            };
            String::from_utf8(bytes).ok()
        });
        match word {
            Some(decoded) => {
                if !previous_was_word && !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&decoded);
                previous_was_word = true;
            }
            None => {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(token);
                previous_was_word = false;
            }
        }
    }
    out
}

/// Enough of quoted-printable for the ASCII messages the server writes: soft line breaks and `=3D`.
fn undo_quoted_printable(message: &str) -> String {
    if !message.contains("Content-Transfer-Encoding: quoted-printable") {
        return message.to_string();
    }
    message.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// Ten items named `{prompt} item {i}` (ids 1..=10), each with one alternative spelling.
pub fn items(prompt: &str) -> Vec<Item> {
    (1..=10)
        .map(|i| Item {
            id: i,
            name: format!("{prompt} item {i}"),
            alt_spellings: vec![format!("alt {prompt} {i}")],
            rejected_spellings: vec![],
        })
        .collect()
}

pub fn new_game(
    kind: GameKind,
    status: ReviewStatus,
    public: bool,
    prompt: &str,
    date: Option<NaiveDate>,
) -> GameRecord {
    let now = Utc::now().timestamp_millis() + COUNTER.fetch_add(1, Ordering::SeqCst) as i64;
    GameRecord {
        uid: new_uid(),
        kind,
        status,
        public,
        prompt: prompt.to_string(),
        submitter: "tester".to_string(),
        owner_id: None,
        daily_date: date,
        items: items(prompt),
        created_at: now,
        updated_at: now,
        language: "en".into(),
    }
}

/// A result body: the first `found` items found.
pub fn answers(found: usize) -> Value {
    Value::Array(
        (1..=10)
            .map(|i| serde_json::json!({"answerId": i, "guessedCorrectly": (i as usize) <= found}))
            .collect(),
    )
}

/// The database a test case runs on; `app` builds a test app there with an adjusted config.
#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn app(self, adjust: impl FnOnce(&mut Config)) -> TestApp {
        match self {
            Backend::Sqlite => TestApp::sqlite_with(adjust),
            Backend::Postgres => TestApp::postgres_with(adjust),
        }
    }

    /// An app whose clock stands at the RFC 3339 instant `now` until the test moves it
    /// (`set_now`, `advance`).
    pub fn app_at(self, now: &str, adjust: impl FnOnce(&mut Config)) -> TestApp {
        let clock = Some(TestClock::at(instant(now)));
        match self {
            Backend::Sqlite => TestApp::sqlite_on(clock, adjust),
            Backend::Postgres => TestApp::postgres_on(clock, adjust),
        }
    }
}

/// Parses an RFC 3339 instant (a test's own constant: panics when malformed).
pub fn instant(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339).unwrap_or_else(|e| panic!("{rfc3339}: {e}")).with_timezone(&Utc)
}

/// Runs each listed test case against SQLite and against PostgreSQL, handing it the `Backend`
/// to build apps with adjusted configs on.
#[macro_export]
macro_rules! on_both_backends_with_configs {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(#[actix_rt::test] async fn $case() { super::$case($crate::common::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[actix_rt::test] async fn $case() { super::$case($crate::common::Backend::Postgres).await })*
        }
    };
}

/// Runs each listed test case against SQLite and against PostgreSQL.
#[macro_export]
macro_rules! on_both_backends {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(#[actix_rt::test] async fn $case() { super::$case($crate::common::TestApp::sqlite()).await })*
        }
        mod postgres {
            $(#[actix_rt::test] async fn $case() { super::$case($crate::common::TestApp::postgres()).await })*
        }
    };
}
