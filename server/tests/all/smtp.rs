//! The SMTP transport against a real SMTP server on loopback: Python's aiosmtpd (from PyPI),
//! started by the test and storing what it receives in a maildir; and against a stalled one (a
//! socket that accepts and never answers), which must cost neither a pool connection nor an
//! unbounded wait.

use crate::common;

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use common::{answers, Backend, TestApp};
use diesel::prelude::*;
use lavalist::domains::accounts::RESET_SENT;
use lavalist::platform::config::{Config, SmtpSecurity};
use lavalist::platform::schema::{background_jobs, password_resets, pending_signups, users};
use serde_json::json;

/// aiosmtpd goes into `target/pytools` when the system Python lacks it, so a fresh machine
/// (or CI) needs nothing installed by hand.
fn python_path() -> PathBuf {
    // The tests of this file run in parallel: install once.
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = INSTALL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/pytools");
    let has_it = |dir: &Path| {
        Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .env("PYTHONPATH", dir)
            .status()
            .is_ok_and(|s| s.success())
    };
    if !has_it(&dir) {
        let status = Command::new("python3")
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target"])
            .arg(&dir)
            .arg("aiosmtpd==1.4.6")
            .status()
            .expect("python3 -m pip");
        assert!(status.success(), "installing aiosmtpd failed");
    }
    dir
}

/// The SMTP server; killed (by its own handle) when dropped.
struct SmtpServer {
    child: Child,
    port: u16,
    maildir: PathBuf,
}

impl SmtpServer {
    fn start(root: &Path) -> Self {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        Self::start_on(root, port)
    }

    fn start_on(root: &Path, port: u16) -> Self {
        let maildir = root.join("maildir");
        let child = Command::new("python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
            ])
            .arg(&maildir)
            .env("PYTHONPATH", python_path())
            .stdout(Stdio::null())
            .spawn()
            .expect("start aiosmtpd");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not start listening");
            std::thread::sleep(Duration::from_millis(100));
        }
        SmtpServer { child, port, maildir }
    }

    fn messages(&self) -> Vec<String> {
        std::fs::read_dir(self.maildir.join("new"))
            .map(|entries| entries.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect())
            .unwrap_or_default()
    }

    fn configure(&self, config: &mut Config) {
        config.mail.smtp_host = Some("127.0.0.1".into());
        config.mail.smtp_port = Some(self.port);
        config.mail.smtp_security = SmtpSecurity::None;
        config.mail.mail_from = "Lavalist <no-reply@lavalist.test>".into();
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn sign_up_over_smtp(app: TestApp, smtp: &SmtpServer) {
    signed_up_over_smtp(&app, smtp).await;
}

/// Signs `mailer@example.com` up with the code read from the SMTP server; the login token.
async fn signed_up_over_smtp(app: &TestApp, smtp: &SmtpServer) -> String {
    let body = json!({"username": "mailer", "email": "mailer@example.com", "password": "correct horse battery", "adult": true});
    let res = app.post("/api/auth/request-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(app.outbox().is_empty(), "SMTP replaces the outbox");
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1);
    let message = &messages[0];
    assert!(message.contains("To: mailer@example.com"));
    assert!(message.contains("From: Lavalist <no-reply@lavalist.test>"));
    assert!(message.contains("Subject: Your Lavalist verification code"));
    let start = message.find("code is ").expect("the code") + "code is ".len();
    let code = &message[start..start + 6];
    let body = json!({"email": "mailer@example.com", "code": code, "signupToken": res.body["signupToken"]});
    let res = app.post("/api/auth/verify-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["token"].as_str().expect("a token").to_string()
}

#[actix_rt::test]
async fn sqlite_sign_up_over_smtp() {
    let root = tempfile::TempDir::new().unwrap();
    let smtp = SmtpServer::start(root.path());
    sign_up_over_smtp(TestApp::sqlite_with(|c| smtp.configure(c)), &smtp).await;
}

#[actix_rt::test]
async fn postgres_sign_up_over_smtp() {
    let root = tempfile::TempDir::new().unwrap();
    let smtp = SmtpServer::start(root.path());
    sign_up_over_smtp(TestApp::postgres_with(|c| smtp.configure(c)), &smtp).await;
}

/// A port nothing listens on (connections are refused), to start aiosmtpd on later.
fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The mail server is down when a player signs up: the sign-up answers at once with its token,
/// the code's mail waits in the job table, and once the server is back the job runner sends it,
/// once; the code then works.
async fn a_sign_up_answers_while_the_mail_server_is_down(backend: Backend) {
    let port = closed_port();
    let app = backend.app(|c| {
        c.mail.smtp_host = Some("127.0.0.1".into());
        c.mail.smtp_port = Some(port);
        c.mail.smtp_security = SmtpSecurity::None;
        c.mail.mail_from = "Lavalist <no-reply@lavalist.test>".into();
        c.jobs.job_retry_base_ms = 200;
    });
    let body = json!({"username": "mailer", "email": "mailer@example.com", "password": "correct horse battery", "adult": true});
    let started = Instant::now();
    let res = app.post("/api/auth/request-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(started.elapsed() < Duration::from_secs(3), "answered after {:?}", started.elapsed());
    let token = res.body["signupToken"].as_str().expect("a signup token").to_string();
    let queued: Vec<(String, i64, Option<String>)> = background_jobs::table
        .select((background_jobs::state, background_jobs::attempts, background_jobs::last_error))
        .load(&mut *app.conn())
        .unwrap();
    assert_eq!(queued.len(), 1, "{queued:?}");
    assert_eq!((queued[0].0.as_str(), queued[0].1), ("queued", 1), "tried once, to be retried");
    assert!(queued[0].2.as_deref().unwrap_or_default().contains("smtp"), "{queued:?}");
    // The mail server comes back on its port; the runner's next tick after the back-off sends.
    let root = tempfile::TempDir::new().unwrap();
    let smtp = SmtpServer::start_on(root.path(), port);
    let runner = lavalist::web::jobs::runner(app.state());
    let deadline = Instant::now() + Duration::from_secs(20);
    while smtp.messages().is_empty() {
        assert!(Instant::now() < deadline, "the queued code never arrived");
        runner.tick(app.state()).await.expect("a tick");
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    for _ in 0..3 {
        runner.tick(app.state()).await.expect("a tick");
    }
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1, "sent once");
    let start = messages[0].find("code is ").expect("the code") + "code is ".len();
    let code = &messages[0][start..start + 6];
    let body = json!({"email": "mailer@example.com", "code": code, "signupToken": token});
    let res = app.post("/api/auth/verify-code", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let states: Vec<(String, String)> = background_jobs::table
        .select((background_jobs::state, background_jobs::data))
        .load(&mut *app.conn())
        .unwrap();
    assert_eq!(states, vec![("done".to_string(), String::new())], "done, and the code no longer stored");
}

on_both_backends_with_configs!(
    a_sign_up_answers_while_the_mail_server_is_down,
    a_reminder_goes_over_smtp_with_a_one_click_unsubscribe,
    gameplay_goes_on_while_the_mail_server_never_greets,
    gameplay_goes_on_while_the_mail_server_stops_after_its_greeting,
    a_failed_send_keeps_the_pending_sign_up,
    forgot_password_mails_known_accounts_only,
);

/// Short, so the stalled sends give up quickly; the tests' upper bounds are this plus a margin.
const STALL_TIMEOUT_MS: u64 = 1_500;

#[derive(Debug, Clone, Copy)]
enum Stall {
    /// Accepts and never writes the `220` greeting.
    BeforeGreeting,
    /// Greets, then never answers `EHLO`.
    AfterGreeting,
}

/// A mail server that accepts connections and then never answers. Holds every connection open
/// and counts them; stops accepting when dropped.
struct StalledSmtp {
    port: u16,
    held: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl StalledSmtp {
    fn start(stall: Stall) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (held, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let (counter, stopped) = (held.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut open = Vec::new();
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(mut stream) = stream else { continue };
                if let Stall::AfterGreeting = stall {
                    let _ = stream.write_all(b"220 stalled.test ESMTP\r\n");
                }
                open.push(stream);
                counter.fetch_add(1, Ordering::SeqCst);
            }
        });
        StalledSmtp { port, held, stop }
    }

    fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }

    /// Waits until `count` connections are held (every send is then stalled in the exchange).
    async fn wait_for(&self, count: usize) -> Instant {
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.held() < count {
            assert!(
                Instant::now() < deadline,
                "only {} of {count} sends reached the mail server",
                self.held()
            );
            actix_rt::time::sleep(Duration::from_millis(10)).await;
        }
        Instant::now()
    }

    /// SMTP here, a short timeout, and fewer pool connections than the stalled sends.
    fn configure(&self, config: &mut Config) {
        config.mail.smtp_host = Some("127.0.0.1".into());
        config.mail.smtp_port = Some(self.port);
        config.mail.smtp_security = SmtpSecurity::None;
        config.mail.smtp_timeout_ms = STALL_TIMEOUT_MS;
        config.db_pool = Some(2);
    }
}

impl Drop for StalledSmtp {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port)); // wakes the accept loop
    }
}

fn sign_up_body(i: usize) -> serde_json::Value {
    json!({"username": format!("stalled{i}"), "email": format!("stalled{i}@example.com"), "password": "correct horse battery", "adult": true})
}

fn pending_count(app: &TestApp) -> i64 {
    pending_signups::table.count().get_result(&mut *app.conn()).unwrap()
}

async fn gameplay_goes_on_while_the_mail_server_never_greets(backend: Backend) {
    gameplay_goes_on_while_sign_ups_stall(backend, Stall::BeforeGreeting).await;
}

async fn gameplay_goes_on_while_the_mail_server_stops_after_its_greeting(backend: Backend) {
    gameplay_goes_on_while_sign_ups_stall(backend, Stall::AfterGreeting).await;
}

/// More stalled sign-ups than pool connections: gameplay still answers at once, and every
/// sign-up answers 200 once its wait for the mail is up instead of hanging (the mail stays
/// queued for the job runner).
async fn gameplay_goes_on_while_sign_ups_stall(backend: Backend, stall: Stall) {
    const SIGN_UPS: usize = 4;
    let smtp = StalledSmtp::start(stall);
    let app = backend.app(|c| smtp.configure(c));
    let date = app.add_daily(0, "Stalls").to_string();
    let sign_ups = futures_util::future::join_all((0..SIGN_UPS).map(|i| {
        let app = &app;
        async move {
            let started = Instant::now();
            let res = app.post("/api/auth/request-code", &sign_up_body(i)).await;
            (res, started.elapsed(), Instant::now())
        }
    }));
    let gameplay = async {
        smtp.wait_for(SIGN_UPS).await;
        let started = Instant::now();
        let day = app.get(&format!("/api/game/date/{date}")).await;
        assert_eq!(day.status, StatusCode::OK, "{:?}", day.body);
        let result = json!({"answers": answers(7), "userKey": "player", "score": 650, "date": date});
        let submit = app.post("/api/game/submit", &result).await;
        assert_eq!(submit.status, StatusCode::OK, "{:?}", submit.body);
        let stats = app.get_keyed(&format!("/api/game/stats?date={date}"), "player").await;
        assert_eq!(stats.status, StatusCode::OK, "{:?}", stats.body);
        assert_eq!(stats.body["playerCount"], 1);
        (started.elapsed(), Instant::now())
    };
    let (sign_ups, (gameplay_took, gameplay_done)) = futures_util::join!(sign_ups, gameplay);
    assert!(gameplay_took < Duration::from_secs(1), "gameplay took {gameplay_took:?}");
    let bound = Duration::from_millis(STALL_TIMEOUT_MS) + Duration::from_secs(2);
    for (res, took, answered) in &sign_ups {
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert!(res.body["signupToken"].is_string(), "{:?}", res.body);
        assert!(gameplay_done < *answered, "gameplay answered while every sign-up was stalled");
        assert!(*took < bound, "a sign-up took {took:?}");
    }
    assert_eq!(pending_count(&app), SIGN_UPS as i64, "stored before the send, kept after it failed");
}

/// The sign-up is committed with its mail's job before the mail is sent: a failed send leaves
/// both, the answer carries the token, and asking again with it mails a new code in place of
/// the queued one (one job left).
async fn a_failed_send_keeps_the_pending_sign_up(backend: Backend) {
    let smtp = StalledSmtp::start(Stall::BeforeGreeting);
    let app = backend.app(|c| {
        smtp.configure(c);
        c.mail.smtp_timeout_ms = 300;
    });
    let first = app.post("/api/auth/request-code", &sign_up_body(1)).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(pending_count(&app), 1);
    let mut again_body = sign_up_body(1);
    again_body["signupToken"] = first.body["signupToken"].clone();
    let again = app.post("/api/auth/request-code", &again_body).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    assert_eq!(again.body["signupToken"], first.body["signupToken"], "a resend keeps its token");
    assert_eq!(smtp.held(), 2, "both requests tried to send");
    assert_eq!(pending_count(&app), 1, "the second replaced the first");
    let jobs: i64 = background_jobs::table.count().get_result(&mut *app.conn()).unwrap();
    assert_eq!(jobs, 1, "the new code's mail replaced the first one's");
}

/// An unknown e-mail gets the usual answer without any mail; a known one whose mail fails
/// gets it too, its reset token stored and its mail queued for the job runner.
async fn forgot_password_mails_known_accounts_only(backend: Backend) {
    let smtp = StalledSmtp::start(Stall::BeforeGreeting);
    let app = backend.app(|c| {
        smtp.configure(c);
        c.mail.smtp_timeout_ms = 300;
    });
    diesel::insert_into(users::table)
        .values((
            users::username.eq("Known"),
            users::username_lower.eq("known"),
            users::email.eq("known@example.com"),
            users::created_at.eq(0i64),
        ))
        .execute(&mut *app.conn())
        .unwrap();
    let unknown = app.post("/api/auth/forgot-password", &json!({"email": "nobody@example.com"})).await;
    assert_eq!(unknown.status, StatusCode::OK, "{:?}", unknown.body);
    assert_eq!(unknown.body["message"], RESET_SENT);
    assert_eq!(smtp.held(), 0, "no mail for an unknown e-mail");
    let known = app.post("/api/auth/forgot-password", &json!({"email": "known@example.com"})).await;
    assert_eq!(known.status, StatusCode::OK, "{:?}", known.body);
    assert_eq!(known.body["message"], RESET_SENT);
    assert_eq!(smtp.held(), 1);
    let resets: i64 = password_resets::table.count().get_result(&mut *app.conn()).unwrap();
    assert_eq!(resets, 1);
    let queued: i64 = background_jobs::table
        .filter(background_jobs::state.eq("queued"))
        .count()
        .get_result(&mut *app.conn())
        .unwrap();
    assert_eq!(queued, 1, "the link's mail waits for a retry");
}

/// A daily e-mail reminder through the SMTP server: the RFC 8058 header fields arrive, and the
/// address they name unsubscribes with a POST that carries no session.
async fn a_reminder_goes_over_smtp_with_a_one_click_unsubscribe(backend: Backend) {
    let root = tempfile::TempDir::new().unwrap();
    let smtp = SmtpServer::start(root.path());
    // 06:50 in Tokyo.
    let app = backend.app_at("2025-06-01T21:50:00Z", |c| {
        smtp.configure(c);
        c.public_url = "https://lavalist.test".into();
    });
    let token = signed_up_over_smtp(&app, &smtp).await;
    let body =
        json!({"push": false, "email": true, "time": "07:00", "timeZone": "Asia/Tokyo", "mode": "everyDay"});
    let res = app
        .call(
            actix_web::test::TestRequest::put()
                .uri("/api/reminders")
                .set_json(&body)
                .insert_header(("authorization", format!("Bearer {token}"))),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    app.advance(chrono::Duration::minutes(10));
    let done = lavalist::domains::reminders::scheduler::tick(app.state()).await.expect("a tick");
    assert_eq!(done.emailed, 1, "{done:?}");
    let messages = smtp.messages();
    assert_eq!(messages.len(), 2, "the code, then the reminder");
    let reminder = messages.iter().find(|m| !m.contains("verification code")).expect("the reminder");
    assert!(reminder.contains("To: mailer@example.com"));
    assert!(reminder.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{reminder}");
    let line = reminder.lines().find(|l| l.starts_with("List-Unsubscribe: <")).expect("List-Unsubscribe");
    let url = line.trim_start_matches("List-Unsubscribe: <").trim_end_matches('>');
    let path = url.strip_prefix("https://lavalist.test").expect("the public address");
    let res = app
        .call(actix_web::test::TestRequest::post().uri(path).set_payload("List-Unsubscribe=One-Click"))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let res = app.get_as("/api/reminders", &token).await;
    assert_eq!(res.body["email"], false, "unsubscribed without logging in");
}
