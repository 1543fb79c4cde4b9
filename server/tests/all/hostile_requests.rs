//! Hostile requests at the HTTP edge: every `/api` route the OpenAPI document lists (so a new
//! route is covered without touching this file) gets malformed and hostile requests,
//! anonymously and as an admin, on SQLite and PostgreSQL. Each must be refused with a 4xx and the
//! contract's JSON error body, store nothing, and leave the server answering.
//!
//! The one stated exception: a request whose only hostile part is one the route never reads
//! (a body sent to a route without a request body, an unknown or free-text query parameter, a
//! long `Authorization` on a route that works anonymously) may get the route's ordinary 2xx,
//! if a plain request to that route gets one.
//!
//! Shapes the in-process app cannot receive (bytes that are not HTTP, invalid bytes in the
//! request line or a header, heads over actix's size limit) go to the real binary over a raw
//! `TcpStream` in `raw_bytes_to_the_real_binary`.

use crate::common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command};
use std::thread::sleep;
use std::time::{Duration, Instant};

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use common::{Response, TestApp};
use diesel::sql_types::BigInt;
use diesel::{QueryableByName, RunQueryDsl};
use lavalist::domains::games::model::ReviewStatus;
use lavalist_api::ErrorBody;
use serde_json::{json, Value};

on_both_backends!(every_api_route_refuses_hostile_requests, control_characters_in_a_valid_result);

const KB64: usize = 64 * 1024;
/// The longest query string a URI holds in actix (the `http` crate stops at 65,534 bytes): the
/// real binary gets a full 64 KB one (`raw_bytes_to_the_real_binary`).
const QUERY_BYTES: usize = KB64 - 2048;

#[derive(Debug, Clone)]
struct Route {
    method: Method,
    /// The OpenAPI path, `/api/game/uid/{uid}`.
    template: String,
    has_body: bool,
    query: Vec<String>,
}

/// Every operation of the OpenAPI document.
fn routes(doc: &Value) -> Vec<Route> {
    let mut routes = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let template = if path.starts_with("/api") { path.clone() } else { format!("/api{path}") };
        for (method, op) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else { continue };
            let params = op["parameters"].as_array().cloned().unwrap_or_default();
            let query = params
                .iter()
                .filter(|p| p["in"] == "query")
                .map(|p| p["name"].as_str().unwrap().to_string())
                .collect();
            routes.push(Route {
                method,
                template: template.clone(),
                has_body: op.get("requestBody").is_some(),
                query,
            });
        }
    }
    routes.sort_by(|a, b| (&a.template, a.method.as_str()).cmp(&(&b.template, b.method.as_str())));
    routes
}

fn fill(template: &str, value: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').unwrap() + start;
        out.push_str(&rest[..start]);
        out.push_str(&value(&rest[start + 1..end]));
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Path parameter values that are well-formed: a real uid or date for the anonymous player,
/// a well-formed uid of no game for the admin (so an admin action that reads no body cannot
/// change a stored game).
fn plausible(name: &str, uid: &str, date: &str) -> String {
    match name {
        "date" => date.to_string(),
        n if n.contains("uid") => uid.to_string(),
        _ => "1".to_string(),
    }
}

/// Path parameter values no route should accept (percent-encoded, as they travel).
fn hostile_segments() -> Vec<String> {
    vec![
        "%00".into(),
        "a%00b".into(),
        "..%2F..%2F..%2Fetc%2Fpasswd".into(),
        "%2e%2e%2f%2e%2e%2f".into(),
        "%ff%fe%fd".into(),
        "%E2%80%AE%00".into(),
        "'%3B%20DROP%20TABLE%20games%3B--".into(),
        "x".repeat(10_000),
        "2025-01-01%00".into(),
        "-1".into(),
        "99999999999999999999".into(),
    ]
}

/// A body of plausible field names, every string holding a NUL.
fn nul_body() -> String {
    json!({
        "email": "nul\u{0}@example.com", "password": "pass\u{0}word long enough", "username": "nul\u{0}user",
        "code": "12\u{0}456", "token": "\u{0}", "newPassword": "new\u{0}password long enough",
        "prompt": "Rivers\u{0}", "userKey": "key\u{0}", "gameUid": "\u{0}", "uid": "\u{0}",
        "date": "2025-01-01\u{0}", "message": "\u{0}", "items": {"a\u{0}": ["\u{0}"]},
        "answers": [], "score": 0, "won": false, "actions": [{"guess": "\u{0}"}]
    })
    .to_string()
}

/// Routes that answer 2xx to a well-formed body whatever its text holds, on purpose, storing
/// nothing: the forgotten-password answer is the same for every e-mail (it must not tell whether
/// an account exists); autofill completes a draft the player has not submitted yet (the draft is
/// validated when it is uploaded).
const ANSWERS_ANY_TEXT: &[(&str, &str)] =
    &[("POST", "/api/auth/forgot-password"), ("POST", "/api/autofill-game-info")];

struct Attack {
    name: &'static str,
    /// Whether the hostile part is one this route never reads (see the module comment).
    unread: fn(&Route) -> bool,
    build: fn(TestRequest) -> TestRequest,
}

fn json_request(req: TestRequest, body: impl Into<Vec<u8>>) -> TestRequest {
    req.insert_header(("content-type", "application/json")).set_payload(body.into())
}

fn attacks() -> Vec<Attack> {
    let no_body = |r: &Route| !r.has_body;
    vec![
        Attack { name: "malformed JSON", unread: no_body, build: |r| json_request(r, r#"{"email": "a", "#) },
        Attack {
            name: "wrong content type (text/plain)",
            unread: no_body,
            build: |r| r.insert_header(("content-type", "text/plain")).set_payload(r#"{"email": "a"}"#),
        },
        Attack {
            name: "wrong content type (form)",
            unread: no_body,
            build: |r| {
                r.insert_header(("content-type", "application/x-www-form-urlencoded"))
                    .set_payload("email=a&password=b")
            },
        },
        Attack { name: "no content type", unread: no_body, build: |r| r.set_payload(r#"{"email": "a"}"#) },
        Attack {
            name: "2 MB body",
            unread: no_body,
            build: |r| json_request(r, format!(r#"{{"prompt": "{}"}}"#, "x".repeat(2 * 1024 * 1024))),
        },
        Attack {
            name: "10,000 levels of [",
            unread: no_body,
            build: |r| json_request(r, format!("{}{}", "[".repeat(10_000), "]".repeat(10_000))),
        },
        Attack {
            name: "invalid UTF-8 in the body",
            unread: no_body,
            build: |r| json_request(r, b"{\"email\": \"\xff\xfe\xfd\", \"password\": \"\xc3\x28\"}".to_vec()),
        },
        Attack { name: "NUL in JSON strings", unread: no_body, build: |r| json_request(r, nul_body()) },
        Attack {
            name: "raw NUL byte in the body",
            unread: no_body,
            build: |r| json_request(r, b"{\"email\": \"a\x00b\", \"password\": \"p\"}".to_vec()),
        },
        Attack {
            name: "64 KB Authorization header",
            unread: |_| true,
            build: |r| r.insert_header(("authorization", format!("Bearer {}", "a".repeat(KB64)))),
        },
        Attack {
            name: "64 KB Content-Type header",
            unread: no_body,
            build: |r| r.insert_header(("content-type", format!("application/json; x={}", "a".repeat(KB64)))),
        },
        Attack {
            name: "64 KB X-Forwarded-For",
            unread: |_| true,
            build: |r| r.insert_header(("x-forwarded-for", "1.2.3.4, ".repeat(KB64 / 9))),
        },
    ]
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn stored_rows(app: &TestApp) -> Vec<(&'static str, i64)> {
    let mut conn = app.conn();
    ["games", "submissions", "users", "pending_signups"]
        .into_iter()
        .map(|table| {
            let sql = format!("SELECT COUNT(*) AS n FROM {table}");
            (table, diesel::sql_query(&sql).get_result::<Count>(&mut *conn).expect(&sql).n)
        })
        .collect()
}

/// A 4xx whose body is the contract's error body, its code matching the status.
fn assert_refused(res: &Response, what: &str) {
    assert!(res.status.is_client_error(), "{what}: {} {}", res.status, String::from_utf8_lossy(&res.raw));
    let body: ErrorBody = serde_json::from_slice(&res.raw)
        .unwrap_or_else(|e| panic!("{what}: not an error body ({e}): {}", String::from_utf8_lossy(&res.raw)));
    assert_eq!(res.status.as_u16(), body.code.status(), "{what}: {:?}", body);
    assert!(!body.error.is_empty(), "{what}");
}

fn assert_refused_or_ordinary(res: &Response, may_pass: bool, what: &str) {
    if may_pass && res.status.is_success() {
        return;
    }
    assert_refused(res, what);
}

async fn still_answering(app: &TestApp, after: &str) {
    let res = app.get("/api/health").await;
    assert_eq!(res.status, StatusCode::OK, "health after {after}");
}

async fn every_api_route_refuses_hostile_requests(app: TestApp) {
    let started = Instant::now();
    let admin = app.sign_up_admin("edge-admin", "edge-admin@example.com").await;
    let uid = app.add_community("Rivers", ReviewStatus::Approved, true);
    let date = app.add_daily(0, "Planets").to_string();
    let absent_uid = "Zz9Zz9Zz9Z";
    let doc = app.get("/api/openapi.json").await.body;
    let mut routes = routes(&doc);
    // Logout voids the admin's token: every later admin request would be a guest's. Last, then.
    routes.sort_by_key(|route| route.template == "/api/auth/logout");
    assert!(routes.len() >= 15, "the OpenAPI document lists the routes: {}", routes.len());
    let before = stored_rows(&app);

    let identities: [(&str, Option<&str>, &str); 2] =
        [("anonymous", None, uid.as_str()), ("admin", Some(&admin), absent_uid)];
    let mut sent = 0;
    for route in &routes {
        for &(who, token, uid) in &identities {
            let authed = |req: TestRequest| match token {
                Some(t) => req.insert_header(("authorization", format!("Bearer {t}"))),
                None => req,
            };
            let path = fill(&route.template, &|name| plausible(name, uid, &date));
            let request = |path: &str| authed(TestRequest::default().method(route.method.clone()).uri(path));
            // The plain request: does this route answer 2xx at all?
            let plain = app
                .call(if route.has_body { json_request(request(&path), "{}") } else { request(&path) })
                .await;
            let ordinary = plain.status.is_success();

            for attack in attacks() {
                let what = format!("{} {path} as {who}: {}", route.method, attack.name);
                let res = app.call((attack.build)(request(&path))).await;
                let any_text = attack.name == "NUL in JSON strings"
                    && ANSWERS_ANY_TEXT.contains(&(route.method.as_str(), route.template.as_str()));
                assert_refused_or_ordinary(&res, any_text || (ordinary && (attack.unread)(route)), &what);
                sent += 1;
            }

            // 64 KB query strings: numbers the route reads must be refused; free text and
            // unknown parameters are read as harmless text or ignored.
            let digits = "9".repeat(QUERY_BYTES / 2);
            for name in ["page", "limit"] {
                let res = app.call(request(&format!("{path}?{name}={digits}&junk={digits}"))).await;
                let reads = route.query.iter().any(|q| q == name);
                assert_refused_or_ordinary(
                    &res,
                    ordinary && !reads,
                    &format!("{path} as {who}: 64 KB ?{name}"),
                );
                sent += 1;
            }
            let res =
                app.call(request(&format!("{path}?search={}%00&kind=%00", "x".repeat(QUERY_BYTES)))).await;
            assert_refused_or_ordinary(&res, ordinary, &format!("{path} as {who}: 64 KB ?search with NUL"));
            let res = app.call(request(&format!("{path}?page=%ff%fe&page=-1&%00=%00"))).await;
            let reads_page = route.query.iter().any(|q| q == "page");
            assert_refused_or_ordinary(&res, ordinary && !reads_page, &format!("{path} as {who}: bad ?page"));
            sent += 2;

            // Hostile path parameter values.
            if route.template.contains('{') {
                for segment in hostile_segments() {
                    let hostile = fill(&route.template, &|_| segment.clone());
                    let req = request(&hostile);
                    let req = if route.has_body { json_request(req, "{}") } else { req };
                    let res = app.call(req).await;
                    assert_refused(&res, &format!("{} {hostile:.120} as {who}", route.method));
                    sent += 1;
                }
            }
            // NUL and traversal appended to the route's own path.
            for suffix in ["%00", "/%00", "/..%2f..%2fetc%2fpasswd", "/../../etc/passwd"] {
                let res = app.call(request(&format!("{path}{suffix}"))).await;
                assert_refused(&res, &format!("{} {path}{suffix} as {who}", route.method));
                sent += 1;
            }
        }
        still_answering(&app, &route.template).await;
    }

    // Traversal outside any route.
    for path in [
        "/api/../../etc/passwd",
        "/api/%2e%2e/%2e%2e/etc/passwd",
        "/api/..%2f..%2fetc%2fpasswd",
        "/api/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/api/%00",
        "/api/%00/../health",
        "/api/health/..%00",
        "/api/.%2e/.%2e/Cargo.toml",
    ] {
        for method in [Method::GET, Method::POST, Method::DELETE] {
            let res = app.call(TestRequest::default().method(method.clone()).uri(path)).await;
            assert_refused(&res, &format!("{method} {path}"));
            assert!(!String::from_utf8_lossy(&res.raw).contains("root:"), "{path}");
            sent += 1;
        }
    }
    still_answering(&app, "traversal").await;

    assert_eq!(stored_rows(&app), before, "nothing stored by {sent} hostile requests");
    let game = app.get(&format!("/api/game/uid/{uid}")).await;
    assert_eq!(game.status, StatusCode::OK, "the community game is still there");
    eprintln!("{sent} hostile requests to {} routes in {:?}", routes.len(), started.elapsed());
}

/// A result that is valid but for its userKey, or a game form valid but for one text: a NUL
/// (which PostgreSQL cannot store, and SQLite would) or another control character is refused the
/// same way on both backends, and an ordinary result still goes through.
async fn control_characters_in_a_valid_result(app: TestApp) {
    let date = app.add_daily(0, "Planets").to_string();
    let result =
        |key: &str| json!({"answers": common::answers(6), "userKey": key, "score": 560, "date": date});
    let before = stored_rows(&app);
    for key in ["k\u{0}", "\u{0}", "key\u{1b}[31m", "a\u{7f}", "line\nbreak"] {
        let res = app.post("/api/game/submit", &result(key)).await;
        assert_refused(&res, &format!("userKey {key:?}"));
    }
    assert_eq!(stored_rows(&app), before);
    let res = app.post("/api/game/submit", &result("an ordinary key")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // A game form: control and bidi characters in the prompt, a name or a spelling are stripped
    // before the form is checked and stored, the same on both backends (a NUL never reaches
    // PostgreSQL, and nothing a screen would misrender is kept).
    let token = app.sign_up("maker", "maker@example.com", "correct horse battery").await;
    let names = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10"];
    let form = |prompt: &str, last: &str, spelling: &str| {
        let mut items = serde_json::Map::new();
        for name in &names[..9] {
            items.insert(name.to_string(), json!([]));
        }
        items.insert(last.to_string(), json!([spelling]));
        json!({"prompt": prompt, "items": items}).to_string()
    };
    let cases =
        [form("Rivers\u{0}", "j10", "x"), form("Rivers", "j\u{0}10", "x"), form("Rivers", "j10", "x\u{1b}")];
    for body in cases {
        let req = TestRequest::post()
            .uri("/api/game/upload")
            .insert_header(("authorization", format!("Bearer {token}")))
            .insert_header(("content-type", "application/json"))
            .set_payload(body);
        let res = app.call(req).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        let text = res.body.to_string();
        assert!(!res.raw.iter().any(|b| *b < 0x20 && *b != b'\n'), "control bytes stored: {text}");
        assert!(!text.contains("\\u0000") && !text.contains("\\u001b"), "{text}");
        assert_eq!(res.body["prompt"], "Rivers");
        assert_eq!(res.body["items"][9]["name"], "j10");
        assert_eq!(res.body["items"][9]["altSpellings"], json!(["x"]));
    }
}

// ---- raw bytes to the real binary ----

const BIN: &str = env!("CARGO_BIN_EXE_lavalist");

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_binary(dir: &Path) -> Server {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(BIN)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", dir.join("lavalist.db"))
        .env("LAVALIST_STATIC_DIR", dir.join("no-front-end"))
        .env("LAVALIST_DATA_DIR", dir.join("data"))
        .env("RUST_LOG", "error")
        .spawn()
        .expect("start lavalist");
    let server = Server { child, port };
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if raw(port, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").0 == 200 {
            return server;
        }
        sleep(Duration::from_millis(50));
    }
    panic!("lavalist did not come up on port {port}");
}

/// Sends `bytes`, reads until the server closes (or 10 s), returns the status and the body.
fn raw(port: u16, bytes: &[u8]) -> (u16, Vec<u8>, String) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { return (0, vec![], String::new()) };
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    // The server may answer and close before reading everything: a write error is fine.
    let _ = stream.write_all(bytes);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).to_string();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (head, body) = match response.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(at) => (text[..at].to_string(), response[at + 4..].to_vec()),
        None => (text, vec![]),
    };
    (status, body, head)
}

fn request(head: &str, body: &[u8]) -> Vec<u8> {
    let mut bytes = head.as_bytes().to_vec();
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn raw_bytes_to_the_real_binary() {
    let started = Instant::now();
    let dir = tempfile::TempDir::new().unwrap();
    let server = start_binary(dir.path());
    let long = "a".repeat(KB64);
    let big = format!(r#"{{"email": "{}", "password": "p"}}"#, "x".repeat(2 * 1024 * 1024));
    // (what, bytes, may the 4xx be other than a JSON error body: true when actix's HTTP/1
    // parser answers before any route (its 400/431 carry no body, and actix-http has no hook to
    // give them one), and outside /api, where the front end's 404 is not JSON)
    let cases: Vec<(&str, Vec<u8>, bool)> = vec![
        ("invalid UTF-8 in the path", b"GET /api/game/uid/\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), true),
        ("NUL in the request line", b"GET /api/health\x00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), true),
        ("invalid bytes in a header value", b"GET /api/user HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\x01\r\nConnection: close\r\n\r\n".to_vec(), true),
        ("NUL in a header value", b"GET /api/user HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\x00b\r\nConnection: close\r\n\r\n".to_vec(), true),
        ("64 KB header value", format!("GET /api/user HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {long}\r\nConnection: close\r\n\r\n").into_bytes(), true),
        ("64 KB query string", format!("GET /api/previous-days-paginated?page={long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes(), true),
        ("traversal, unnormalised", b"GET /api/../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), false),
        ("traversal, encoded", b"GET /api/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), false),
        ("traversal outside /api", b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), true),
        ("encoded NUL in the path", b"GET /api/game/uid/%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), false),
        ("2 MB body", request(&format!("POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", big.len()), big.as_bytes()), false),
        ("invalid UTF-8 body", request("POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n", b"{\"\xff\xfe\": 1}"), false),
        ("non-numeric Content-Length", b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}".to_vec(), true),
        ("bad chunk size", b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n".to_vec(), false),
        ("not HTTP (a TLS hello)", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03".to_vec(), true),
    ];
    for (what, bytes, not_json) in cases {
        let (status, body, head) = raw(server.port, &bytes);
        assert!((400..500).contains(&status), "{what}: {status} {head}");
        eprintln!("{what}: {status}, {} bytes of body", body.len());
        if !not_json {
            let error: ErrorBody = serde_json::from_slice(&body).unwrap_or_else(|e| {
                panic!("{what}: not an error body ({e}): {head}\n{}", String::from_utf8_lossy(&body))
            });
            assert_eq!(status, error.code.status(), "{what}");
        }
        assert!(!String::from_utf8_lossy(&body).contains("root:"), "{what}");
        let (health, _, _) =
            raw(server.port, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assert_eq!(health, 200, "health after {what}");
    }
    eprintln!("raw cases in {:?}", started.elapsed());
}
