//! For the tests that drive the real `lavalist` binary: a bare HTTP/1.1 client (one request per
//! connection, so they see exactly the bytes a client would) and a reader of its output.
//! Included by path (`mod real_binary`) by tests that do not need the in-process `TestApp`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::Value;

#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub retry_after: Option<String>,
    pub body: String,
}

/// A port nothing listens on yet.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One request to 127.0.0.1:`port`, with `body` as JSON; status 0 when the answer has none.
pub fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Answer> {
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
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok(Answer {
        status,
        content_type: header(head, "content-type").unwrap_or_default(),
        retry_after: header(head, "retry-after"),
        body: body.to_string(),
    })
}

/// `GET path`, which must answer.
pub fn get(port: u16, path: &str) -> Answer {
    http(port, "GET", path, None).expect("an answer")
}

fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let line = l.to_ascii_lowercase();
        line.strip_prefix(name).and_then(|rest| rest.strip_prefix(':')).map(|v| v.trim().to_string())
    })
}

/// Reads a child's stdout or stderr to the end on a thread of its own (a full pipe would block
/// the server); join it after the child exits.
pub fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}
