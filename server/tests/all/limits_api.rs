//! Rate limits (tiny ones, set through the config), the client address behind proxies, the
//! Content-Security-Policy and CORS.

use crate::common;

use std::net::SocketAddr;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::{Backend, Response, TestApp};
use lavalist::platform::config::Config;
use lavalist::platform::ratelimit::{Bucket, Endpoint};
use serde_json::{json, Map, Value};

const PASSWORD: &str = "correct horse battery";
const A: &str = "198.51.100.1:40000";
const B: &str = "203.0.113.9:40000";
/// Another address on A's /24: a different address, the same network.
const A2: &str = "198.51.100.2:40000";

/// Small limits, so a few requests reach them.
fn tiny(config: &mut Config) {
    let settings = [
        "login-ip=4/1h",
        "login-account=2/1h",
        "request-code-ip=3/1h",
        "request-code-account=2/1h",
        "verify-code-ip=3/1h",
        "forgot-password-ip=4/1h",
        "forgot-password-account=2/1h",
        "upload-ip=3/1h",
        "upload-account=2/1h",
    ];
    config.rate_limits = settings.iter().map(|s| s.parse().unwrap()).collect();
}

fn behind_proxy(config: &mut Config) {
    tiny(config);
    config.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap()];
}

async fn post_from(app: &TestApp, peer: &str, path: &str, body: &Value) -> Response {
    let peer: SocketAddr = peer.parse().unwrap();
    app.call(TestRequest::post().uri(path).peer_addr(peer).set_json(body)).await
}

async fn login_from(app: &TestApp, peer: &str, email: &str, password: &str) -> Response {
    post_from(app, peer, "/api/auth/login", &json!({"email": email, "password": password})).await
}

fn header<'a>(res: &'a Response, name: &str) -> &'a str {
    res.headers.get(name).unwrap_or_else(|| panic!("no {name} header")).to_str().unwrap()
}

fn assert_limited(res: &Response, window_secs: u64) {
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert_eq!(res.body["error"], "Too many attempts. Please try again later.");
    let retry: u64 = header(res, "retry-after").parse().unwrap();
    assert!((1..=window_secs).contains(&retry), "Retry-After {retry}");
}

async fn login_counts_per_account_and_per_address(backend: Backend) {
    let app = backend.app(tiny);
    app.sign_up("alice", "alice@example.com", PASSWORD).await;
    assert_eq!(
        login_from(&app, A, "alice@example.com", "wrong password").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(login_from(&app, A, "Alice@Example.com", PASSWORD).await.status, StatusCode::OK);
    // Only failures count per account, per network: the owner still gets in from elsewhere.
    assert_eq!(login_from(&app, B, "alice@example.com", PASSWORD).await.status, StatusCode::OK);
    // Other accounts from A still pass their own bucket until A's is full (2 + 2 = 4).
    assert_eq!(login_from(&app, A, "bob@example.com", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(login_from(&app, A, "carol@example.com", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_limited(&login_from(&app, A, "dave@example.com", PASSWORD).await, 3600);
    assert_eq!(login_from(&app, B, "dave@example.com", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
}

async fn request_code(app: &TestApp, peer: &str, username: &str, email: &str) -> Response {
    let body = json!({"username": username, "email": email, "password": PASSWORD, "adult": true});
    post_from(app, peer, "/api/auth/request-code", &body).await
}

/// A resend: presents the signup token of the pending sign-up it replaces.
async fn resend(app: &TestApp, peer: &str, username: &str, email: &str, first: &Response) -> Response {
    let body = json!({"username": username, "email": email, "password": PASSWORD,
        "signupToken": first.body["signupToken"], "adult": true});
    post_from(app, peer, "/api/auth/request-code", &body).await
}

async fn request_code_counts_per_email_and_per_address(backend: Backend) {
    let app = backend.app(tiny);
    let first = request_code(&app, A, "erin", "erin@example.com").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(resend(&app, B, "erin", "ERIN@example.com", &first).await.status, StatusCode::OK);
    // Per e-mail and network: B's requests do not use up A's.
    assert_eq!(resend(&app, B, "erin", "erin@example.com", &first).await.status, StatusCode::OK);
    assert_limited(&resend(&app, B, "erin", "erin@example.com", &first).await, 3600);
    assert_eq!(app.outbox().len(), 3, "nothing sent past the e-mail's limit");
    assert_eq!(request_code(&app, A, "frank", "frank@example.com").await.status, StatusCode::OK);
    assert_eq!(request_code(&app, A, "gina", "gina@example.com").await.status, StatusCode::OK);
    assert_limited(&request_code(&app, A, "hugo", "hugo@example.com").await, 3600);
    assert_eq!(request_code(&app, B, "hugo", "hugo@example.com").await.status, StatusCode::OK);
    // Invalid input is refused before anything is counted.
    let res = request_code(&app, B, "x", "not an e-mail").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

async fn request_code_limit_holds_across_instances(backend: Backend) {
    let first = backend.app(tiny);
    let started = request_code(&first, A, "ivy", "ivy@example.com").await;
    assert_eq!(started.status, StatusCode::OK);
    assert_eq!(resend(&first, A, "ivy", "ivy@example.com", &started).await.status, StatusCode::OK);
    // A restarted (or second) server on the same database knows the count.
    let second = first.another_instance(tiny);
    assert_limited(&request_code(&second, A2, "ivy", "ivy@example.com").await, 3600);
    assert_eq!(first.outbox().len(), 2);
}

async fn verify_code_counts_per_address(backend: Backend) {
    let app = backend.app(tiny);
    for i in 0..3 {
        let body = json!({"email": format!("nobody{i}@example.com"), "code": "123456"});
        assert_eq!(post_from(&app, A, "/api/auth/verify-code", &body).await.status, StatusCode::BAD_REQUEST);
    }
    let body = json!({"email": "nobody@example.com", "code": "123456"});
    assert_limited(&post_from(&app, A, "/api/auth/verify-code", &body).await, 3600);
    assert_eq!(post_from(&app, B, "/api/auth/verify-code", &body).await.status, StatusCode::BAD_REQUEST);
}

async fn forgot(app: &TestApp, peer: &str, email: &str) -> Response {
    post_from(app, peer, "/api/auth/forgot-password", &json!({"email": email})).await
}

async fn forgot_password_over_the_email_limit_still_answers_200_and_sends_nothing(backend: Backend) {
    let app = backend.app(tiny);
    app.sign_up("mia", "mia@example.com", PASSWORD).await;
    let signup_mails = app.outbox().len();
    let first = forgot(&app, A, "mia@example.com").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(forgot(&app, A, "mia@example.com").await.status, StatusCode::OK);
    assert_eq!(app.outbox().len(), signup_mails + 2);
    let capped = forgot(&app, A2, "MIA@example.com").await;
    assert_eq!(capped.status, StatusCode::OK);
    assert_eq!(capped.body, first.body, "the same answer");
    assert_eq!(app.outbox().len(), signup_mails + 2, "nothing sent past the e-mail's limit");
    // The per-address bucket may answer 429: it says nothing about any account.
    assert_eq!(forgot(&app, A, "ghost1@example.com").await.status, StatusCode::OK);
    assert_eq!(forgot(&app, A, "ghost2@example.com").await.status, StatusCode::OK);
    assert_limited(&forgot(&app, A, "ghost3@example.com").await, 3600);
    // Still capped for mia after a restart.
    let second = app.another_instance(tiny);
    assert_eq!(forgot(&second, "198.51.100.50:1", "mia@example.com").await.status, StatusCode::OK);
    assert_eq!(app.outbox().len(), signup_mails + 2);
}

fn upload_body(prompt: &str) -> Value {
    let items: Map<String, Value> = (1..=10).map(|i| (format!("{prompt} {i}"), json!([]))).collect();
    json!({"prompt": prompt, "items": items, "type": "community"})
}

async fn upload_from(app: &TestApp, peer: &str, token: &str, prompt: &str) -> Response {
    let peer: SocketAddr = peer.parse().unwrap();
    let req = TestRequest::post()
        .uri("/api/game/upload")
        .peer_addr(peer)
        .insert_header(("authorization", format!("Bearer {token}")))
        .set_json(upload_body(prompt));
    app.call(req).await
}

async fn upload_counts_per_account_and_per_address(backend: Backend) {
    let app = backend.app(tiny);
    let ann = app.sign_up("ann", "ann@example.com", PASSWORD).await;
    let ben = app.sign_up("ben", "ben@example.com", PASSWORD).await;
    assert_eq!(upload_from(&app, A, &ann, "Rivers").await.status, StatusCode::OK);
    assert_eq!(upload_from(&app, B, &ann, "Lakes").await.status, StatusCode::OK);
    assert_limited(&upload_from(&app, B, &ann, "Seas").await, 3600);
    // An invalid game is refused before it is counted.
    let mut bad = upload_body("Short");
    bad["items"] = json!({"only one": []});
    let req = TestRequest::post()
        .uri("/api/game/upload")
        .peer_addr(A.parse().unwrap())
        .insert_header(("authorization", format!("Bearer {ben}")))
        .set_json(bad);
    assert_eq!(app.call(req).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(upload_from(&app, A, &ben, "Hills").await.status, StatusCode::OK);
    assert_eq!(upload_from(&app, A, &ben, "Woods").await.status, StatusCode::OK);
    assert_limited(&upload_from(&app, A, &ben, "Caves").await, 3600);
}

async fn login_with_forwarded_for(app: &TestApp, peer: &str, forwarded: &str, email: &str) -> StatusCode {
    let req = TestRequest::post()
        .uri("/api/auth/login")
        .peer_addr(peer.parse().unwrap())
        .insert_header(("x-forwarded-for", forwarded))
        .set_json(json!({"email": email, "password": PASSWORD}));
    app.call(req).await.status
}

async fn forwarded_for_counts_only_behind_a_trusted_proxy(backend: Backend) {
    // No trusted proxy: a spoofed X-Forwarded-For does not change the bucket.
    let app = backend.app(tiny);
    for i in 0..4 {
        let status =
            login_with_forwarded_for(&app, A, &format!("192.0.2.{i}"), &format!("u{i}@example.com")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let status = login_with_forwarded_for(&app, A, "192.0.2.200", "u9@example.com").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // Behind a trusted proxy: the right-most untrusted hop is the client.
    let app = backend.app(behind_proxy);
    for i in 0..6 {
        let forwarded = format!("6.6.6.6, 192.0.2.{i}, 10.0.0.7");
        let status =
            login_with_forwarded_for(&app, "10.0.0.1:5000", &forwarded, &format!("v{i}@example.com")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "hop {i} has its own bucket");
    }
    // The client cannot pick its bucket by writing further left.
    for i in 0..4 {
        let forwarded = format!("7.7.7.{i}, 192.0.2.99");
        let status =
            login_with_forwarded_for(&app, "10.0.0.1:5000", &forwarded, &format!("w{i}@example.com")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let status =
        login_with_forwarded_for(&app, "10.0.0.1:5000", "8.8.8.8, 192.0.2.99", "w9@example.com").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

async fn ipv6_addresses_share_their_64(backend: Backend) {
    let app = backend.app(tiny);
    for i in 1..=4 {
        let peer = format!("[2001:db8:1:2::{i:x}]:443");
        let res = login_from(&app, &peer, &format!("x{i}@example.com"), PASSWORD).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    assert_limited(&login_from(&app, "[2001:db8:1:2:ffff::1]:443", "x9@example.com", PASSWORD).await, 3600);
    let other_64 = login_from(&app, "[2001:db8:1:3::1]:443", "x9@example.com", PASSWORD).await;
    assert_eq!(other_64.status, StatusCode::UNAUTHORIZED);
    // IPv4-mapped IPv6 is the IPv4 address.
    for i in 0..4 {
        let res = login_from(&app, "[::ffff:192.0.2.77]:1", &format!("y{i}@example.com"), PASSWORD).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    assert_limited(&login_from(&app, "192.0.2.77:2", "y9@example.com", PASSWORD).await, 3600);
}

fn with_inline_script(config: &mut Config) {
    std::fs::write(config.static_dir.join("index.html"), "<!doctype html><script>theme()</script><p>hi</p>")
        .unwrap();
    config.csp_extra = Some("connect-src https://stats.example".into());
}

async fn every_response_has_a_content_security_policy(backend: Backend) {
    let app = backend.app(with_inline_script);
    use base64::Engine;
    use sha2::Digest;
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(b"theme()"));
    for path in ["/api/health", "/", "/some/client/route", "/app.js", "/api/nope"] {
        let res = app.get(path).await;
        let csp = res.headers.get("content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP"));
        let csp = csp.to_str().unwrap();
        assert!(
            csp.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-"),
            "{csp}"
        );
        assert!(csp.contains(&format!("'sha256-{hash}'")), "{path}: {csp}");
        assert!(csp.contains("connect-src 'self' https://stats.example;"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("object-src 'none'"), "{csp}");
    }
    // The API docs page has its own, tighter policy.
    let docs = app.get("/api/docs").await;
    let csp = header(&docs, "content-security-policy");
    assert!(csp.starts_with("default-src 'none'; script-src 'sha256-"), "{csp}");
    assert!(csp.contains("style-src 'sha256-") && !csp.contains("unsafe"), "{csp}");
}

fn cors_allowed(config: &mut Config) {
    config.cors_origins = vec!["https://a.example".into(), "https://b.example/".into()];
}

async fn cors_call(app: &TestApp, origin: &str, preflight: bool) -> Response {
    let req = if preflight {
        TestRequest::default()
            .method(actix_web::http::Method::OPTIONS)
            .uri("/api/auth/login")
            .insert_header(("origin", origin))
            .insert_header(("access-control-request-method", "POST"))
            .insert_header(("access-control-request-headers", "content-type"))
    } else {
        TestRequest::get().uri("/api/health").insert_header(("origin", origin))
    };
    app.call(req).await
}

fn has_cors_headers(res: &Response) -> bool {
    res.headers.keys().any(|k| k.as_str().starts_with("access-control-allow"))
}

async fn cors_is_closed_by_default(backend: Backend) {
    let app = backend.app(|_| {});
    let res = cors_call(&app, "https://a.example", false).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(!has_cors_headers(&res), "{:?}", res.headers);
    let res = cors_call(&app, "https://a.example", true).await;
    assert!(!has_cors_headers(&res), "{:?}", res.headers);
    assert!(res.body["error"].is_string(), "JSON error, not a bare preflight answer");
}

async fn cors_allows_only_listed_origins(backend: Backend) {
    let app = backend.app(cors_allowed);
    let res = cors_call(&app, "https://a.example", true).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(header(&res, "access-control-allow-origin"), "https://a.example");
    assert!(header(&res, "access-control-allow-methods").contains("POST"));
    assert!(header(&res, "access-control-allow-headers").contains("Content-Type"));
    assert!(!res.headers.contains_key("access-control-allow-credentials"));
    let res = cors_call(&app, "https://b.example", false).await;
    assert_eq!(header(&res, "access-control-allow-origin"), "https://b.example");
    assert!(res.headers.get_all("vary").any(|v| v.to_str().unwrap().contains("Origin")));
    for foreign in ["https://evil.example", "https://a.example.evil.example", "http://a.example", "null"] {
        assert!(!has_cors_headers(&cors_call(&app, foreign, true).await), "{foreign}");
        assert!(!has_cors_headers(&cors_call(&app, foreign, false).await), "{foreign}");
    }
}

/// Concurrent checks of one key (as from several instances) let exactly the limit through.
async fn concurrent_requests_cannot_overshoot_a_limit(backend: Backend) {
    // Eight connections held at once (the default pool is twice the cores, at least 4).
    let app = backend.app(|config| {
        tiny(config);
        config.db_pool = Some(8);
    });
    let bucket = Bucket::account(Endpoint::Login);
    let start = std::sync::Barrier::new(8);
    let passed: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..8)
            .map(|_| {
                let limiter = app.state().limiter.clone();
                let mut conn = app.conn();
                let start = &start;
                scope.spawn(move || {
                    start.wait();
                    let hits = [(bucket, "same key".to_string())];
                    let now = chrono::Utc::now().timestamp_millis();
                    limiter.take(&mut conn, &hits, now).expect("no database error").is_ok() as usize
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert_eq!(passed, 2, "login-account is 2 per hour");
}

fn mailbox_ceiling_of_three(config: &mut Config) {
    config.rate_limits = [
        "request-code-ip=off",
        "forgot-password-ip=off",
        "request-code-account-all=3/1h",
        "forgot-password-account-all=3/1h",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
}

/// Sign-up codes and reset links to one mailbox have a ceiling across networks: requests
/// spread over many addresses cannot flood an inbox. Other mailboxes are not affected.
async fn mails_to_one_mailbox_have_a_ceiling_across_networks(backend: Backend) {
    let app = backend.app(mailbox_ceiling_of_three);
    let first = request_code(&app, "192.0.1.1:1", "tess", "tess@example.com").await;
    assert_eq!(first.status, StatusCode::OK);
    for i in 2..=3 {
        assert_eq!(
            resend(&app, &format!("192.0.{i}.1:1"), "tess", "tess@example.com", &first).await.status,
            StatusCode::OK
        );
    }
    assert_limited(&resend(&app, "192.0.4.1:1", "tess", "tess@example.com", &first).await, 3600);
    assert_eq!(app.outbox().len(), 3, "no fourth code mailed");
    assert_eq!(request_code(&app, "192.0.4.1:1", "ursa", "ursa@example.com").await.status, StatusCode::OK);

    app.sign_up("ida", "ida@example.com", PASSWORD).await;
    let before = app.outbox().len();
    for i in 1..=4 {
        let res = forgot(&app, &format!("192.0.{i}.2:1"), "ida@example.com").await;
        assert_eq!(res.status, StatusCode::OK, "the same answer past the ceiling");
    }
    assert_eq!(app.outbox().len(), before + 3, "no fourth reset link mailed");
}

on_both_backends_with_configs!(
    mails_to_one_mailbox_have_a_ceiling_across_networks,
    concurrent_requests_cannot_overshoot_a_limit,
    login_counts_per_account_and_per_address,
    request_code_counts_per_email_and_per_address,
    request_code_limit_holds_across_instances,
    verify_code_counts_per_address,
    forgot_password_over_the_email_limit_still_answers_200_and_sends_nothing,
    upload_counts_per_account_and_per_address,
    forwarded_for_counts_only_behind_a_trusted_proxy,
    ipv6_addresses_share_their_64,
    every_response_has_a_content_security_policy,
    cors_is_closed_by_default,
    cors_allows_only_listed_origins,
    retry_after_counts_from_the_oldest_counted_request,
    the_submission_cap_answers_with_the_hour_left,
    wrong_logins_from_one_network_do_not_lock_the_owner_out_of_another,
    the_global_login_ceiling_holds_across_networks,
    a_successful_login_is_not_counted,
    failures_from_the_owners_network_grow_the_delay,
);

/// Defaults, but `login-ip` off: these tests are about the account buckets.
fn account_buckets_only(config: &mut Config) {
    config.rate_limits = vec!["login-ip=off".parse().unwrap()];
}

async fn wrong_logins_from_one_network_do_not_lock_the_owner_out_of_another(backend: Backend) {
    let app = backend.app(account_buckets_only);
    app.sign_up("olga", "olga@example.com", PASSWORD).await;
    for _ in 0..10 {
        let res = login_from(&app, B, "olga@example.com", "a guess").await;
        assert!([StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS].contains(&res.status));
    }
    assert_limited(&login_from(&app, B, "olga@example.com", "a guess").await, 900);
    // The owner, on another network (another address on it too), is not affected.
    assert_eq!(login_from(&app, A, "olga@example.com", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(login_from(&app, A2, "olga@example.com", PASSWORD).await.status, StatusCode::OK);
}

fn retry_after(res: &Response) -> u64 {
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    header(res, "retry-after").parse().unwrap()
}

async fn failures_from_the_owners_network_grow_the_delay(backend: Backend) {
    let app = backend.app_at("2026-03-02T10:00:00Z", account_buckets_only);
    app.sign_up("pat", "pat@example.com", PASSWORD).await;
    // `login-account` defaults to 5 failures per account and network per hour.
    for _ in 0..5 {
        assert_eq!(login_from(&app, A, "pat@example.com", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    let mut waits = Vec::new();
    for _ in 0..4 {
        let wait = retry_after(&login_from(&app, A, "pat@example.com", PASSWORD).await);
        waits.push(wait);
        app.advance(chrono::Duration::seconds(wait as i64));
        assert_eq!(login_from(&app, A, "pat@example.com", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(waits, [2, 4, 8, 16], "a growing delay, not a fixed lockout");
    assert_limited(&login_from(&app, A, "pat@example.com", PASSWORD).await, 32);
    // After the delay the owner gets in, and that clears the network's failures.
    app.advance(chrono::Duration::seconds(32));
    assert_eq!(login_from(&app, A, "pat@example.com", PASSWORD).await.status, StatusCode::OK);
    for _ in 0..5 {
        assert_eq!(login_from(&app, A, "pat@example.com", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(retry_after(&login_from(&app, A, "pat@example.com", PASSWORD).await), 2);
    // The delay is capped at 15 minutes.
    for _ in 0..10 {
        let wait = retry_after(&login_from(&app, A, "pat@example.com", PASSWORD).await);
        app.advance(chrono::Duration::seconds(wait as i64));
        assert_eq!(login_from(&app, A, "pat@example.com", "typo").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(retry_after(&login_from(&app, A, "pat@example.com", PASSWORD).await), 900);
}

fn ceiling_of_three(config: &mut Config) {
    config.rate_limits =
        ["login-ip=off", "login-account-all=3/1h"].iter().map(|s| s.parse().unwrap()).collect();
}

async fn the_global_login_ceiling_holds_across_networks(backend: Backend) {
    let app = backend.app(ceiling_of_three);
    app.sign_up("quinn", "quinn@example.com", PASSWORD).await;
    for i in 1..=3 {
        let res = login_from(&app, &format!("192.0.{i}.1:1"), "quinn@example.com", "guess").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    // A fourth network: refused, even with the right password, for up to the hour.
    assert_limited(&login_from(&app, "192.0.4.1:1", "quinn@example.com", PASSWORD).await, 3600);
    assert_limited(&login_from(&app, A, "quinn@example.com", PASSWORD).await, 3600);
    // Other accounts have their own ceiling.
    assert_eq!(
        login_from(&app, "192.0.4.1:1", "rae@example.com", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn a_successful_login_is_not_counted(backend: Backend) {
    let app = backend.app(|config| {
        config.rate_limits = ["login-ip=off", "login-account=2/1h", "login-account-all=2/1h"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
    });
    app.sign_up("sam", "sam@example.com", PASSWORD).await;
    for _ in 0..5 {
        assert_eq!(login_from(&app, A, "sam@example.com", PASSWORD).await.status, StatusCode::OK);
    }
    // Neither per network nor across networks did the successes use up room.
    assert_eq!(login_from(&app, A, "sam@example.com", "wrong").await.status, StatusCode::UNAUTHORIZED);
    // A success clears this network's failures; it frees its own slot in the ceiling only.
    assert_eq!(login_from(&app, A, "sam@example.com", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(login_from(&app, B, "sam@example.com", "wrong").await.status, StatusCode::UNAUTHORIZED);
    assert_limited(&login_from(&app, A, "sam@example.com", PASSWORD).await, 3600);
}

/// `Retry-After` of a full window: the whole window less the time since its deciding event,
/// rounded up to whole seconds.
fn assert_retry_after_since(res: &Response, window_secs: u64, since: std::time::Instant) {
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    let retry: u64 = header(res, "retry-after").parse().unwrap();
    let elapsed = since.elapsed().as_secs() + 1;
    assert!((window_secs - elapsed..=window_secs).contains(&retry), "Retry-After {retry}");
}

async fn retry_after_counts_from_the_oldest_counted_request(backend: Backend) {
    let app = backend.app(tiny);
    let first = std::time::Instant::now();
    for i in 0..4 {
        let body = json!({"email": format!("someone{i}@example.com")});
        assert_eq!(post_from(&app, A, "/api/auth/forgot-password", &body).await.status, StatusCode::OK);
    }
    let body = json!({"email": "someone@example.com"});
    let refused = post_from(&app, A, "/api/auth/forgot-password", &body).await;
    assert_retry_after_since(&refused, 3600, first);
}

async fn the_submission_cap_answers_with_the_hour_left(backend: Backend) {
    let app = backend.app(|c| c.submissions_per_ip_per_hour = 1);
    let date = app.add_daily(0, "Capped").to_string();
    let result =
        |key: &str| json!({"answers": common::answers(1), "userKey": key, "score": 100, "date": date});
    let first = std::time::Instant::now();
    assert_eq!(post_from(&app, A, "/api/game/submit", &result("one")).await.status, StatusCode::OK);
    let refused = post_from(&app, A, "/api/game/submit", &result("two")).await;
    assert_retry_after_since(&refused, 3600, first);
    assert_eq!(post_from(&app, B, "/api/game/submit", &result("two")).await.status, StatusCode::OK);
}
