//! The SMTP transport against a real SMTP server on loopback: Python's aiosmtpd (from PyPI),
//! started by the test and storing what it receives in a maildir.

mod common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use common::TestApp;
use lavalist::config::{Config, SmtpSecurity};
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
    let body =
        json!({"username": "mailer", "email": "mailer@example.com", "password": "correct horse battery"});
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
    let res = app.post("/api/auth/verify-code", &json!({"email": "mailer@example.com", "code": code})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert!(res.body["token"].is_string());
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

#[actix_rt::test]
async fn an_unreachable_smtp_server_is_a_500_without_details() {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let app = TestApp::sqlite_with(|c| {
        c.mail.smtp_host = Some("127.0.0.1".into());
        c.mail.smtp_port = Some(port);
        c.mail.smtp_security = SmtpSecurity::None;
    });
    let body =
        json!({"username": "mailer", "email": "mailer@example.com", "password": "correct horse battery"});
    let res = app.post("/api/auth/request-code", &body).await;
    assert_eq!(res.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(res.body["error"], "Internal server error.");
}
