//! Real server processes on one fresh PostgreSQL database, for the tests of several instances
//! (`instances.rs`, `reminder_instances.rs`).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use lavalist::platform::db::{DatabaseUrl, DbConn, Manager};

use super::postgres_base_url;

/// A fresh database, dropped at the end even when the test fails.
pub struct Database {
    pub name: String,
    pub url: String,
}

impl Database {
    /// A database named `{prefix}_{pid}_{random}`.
    pub fn create(prefix: &str) -> Self {
        let name = format!("{prefix}_{}_{:08x}", std::process::id(), rand::random::<u32>());
        admin().batch_execute(&format!("CREATE DATABASE {name}")).expect("create the database");
        Database { url: format!("{}/{name}", postgres_base_url()), name }
    }

    pub fn connect(&self) -> DbConn {
        Manager::new(DatabaseUrl::parse(&self.url)).open().expect("connect")
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let _ = admin().batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

fn admin() -> PgConnection {
    PgConnection::establish(&format!("{}/postgres", postgres_base_url())).expect("PostgreSQL")
}

/// A server process, stopped by its PID (SIGTERM, then SIGKILL) when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
}

impl Server {
    /// `lavalist serve` on a free port with its data dir `{dir}/{name}` and `env` added to its
    /// environment; returns once `/api/health` answers 200.
    pub fn start(database_url: &str, dir: &Path, name: &str, env: &[(&str, &str)]) -> Self {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(env!("CARGO_BIN_EXE_lavalist"))
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .env("DATABASE_URL", database_url)
            .env("LAVALIST_STATIC_DIR", dir)
            .env("LAVALIST_DATA_DIR", dir.join(name))
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .spawn()
            .expect("start lavalist");
        let server = Server { child, port };
        let deadline = Instant::now() + Duration::from_secs(30);
        while get(port, "/api/health", None).0 != 200 {
            assert!(Instant::now() < deadline, "lavalist did not come up on port {port}");
            sleep(Duration::from_millis(50));
        }
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A GET over a fresh connection, with a userKey header when given: the status (0 when nothing
/// answers) and the body.
pub fn get(port: u16, path: &str, user_key: Option<&str>) -> (u16, String) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { return (0, String::new()) };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let key = user_key.map(|k| format!("X-User-Key: {k}\r\n")).unwrap_or_default();
    let _ = write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\n{key}Connection: close\r\n\r\n");
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0), body.to_string())
}
