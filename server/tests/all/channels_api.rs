//! Group channels through the HTTP API on both backends, with real HTTP receivers on loopback:
//! who may connect, test, change and disconnect a channel; a member's share lines and the
//! nightly board arriving (once, even with two instances); retries with back-off and the
//! channel disabled after repeated failures; and the address rules (SSRF) in production
//! settings, redirects included.

use crate::common;

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::dev::ServerHandle;
use actix_web::http::StatusCode;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use chrono::Duration;
use common::{answers, Backend, Response, TestApp};
use diesel::prelude::*;
use game_core::calendar::{day_number, format_date};
use lavalist::domains::channels::worker::{tick, TickReport};
use lavalist::platform::config::Config;
use lavalist::platform::schema::{channel_deliveries, group_channels, users};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    only_the_owner_connects_tests_changes_and_disconnects,
    results_and_the_nightly_board_reach_the_channel_once,
    failures_back_off_then_disable_the_channel,
    private_addresses_are_refused_in_production_settings,
    redirects_are_failures_and_never_followed,
    refusals_name_no_address_and_only_https_port_443_is_taken,
    a_test_says_only_delivered_or_not,
    a_deleted_owners_channel_is_not_handed_to_the_heir,
    concurrent_first_saves_all_succeed,
);

const PASSWORD: &str = "correct horse battery";
/// Noon in New York.
const NOON: &str = "2026-03-10T17:00:00Z";
const PROMPT: &str = "Lava lakes";

/// What a receiver got: the path and the JSON body of each POST.
type Seen = Arc<Mutex<Vec<(String, Value)>>>;

/// A webhook receiver on 127.0.0.1 that records each POST and answers with `status` (a
/// redirect to `location` for a 3xx).
struct Receiver {
    port: u16,
    seen: Seen,
    status: Arc<AtomicU16>,
    handle: ServerHandle,
}

impl Receiver {
    async fn start(status: u16, location: Option<String>) -> Receiver {
        let seen: Seen = Arc::default();
        let status = Arc::new(AtomicU16::new(status));
        let (recorded, answer) = (seen.clone(), status.clone());
        let server = HttpServer::new(move || {
            let (recorded, answer, location) = (recorded.clone(), answer.clone(), location.clone());
            App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let (recorded, answer, location) = (recorded.clone(), answer.clone(), location.clone());
                async move {
                    let json = serde_json::from_slice(&body).unwrap_or(Value::Null);
                    recorded.lock().unwrap().push((req.path().to_string(), json));
                    let status = StatusCode::from_u16(answer.load(Ordering::SeqCst)).unwrap();
                    let mut response = HttpResponse::build(status);
                    if let Some(location) = location {
                        response.insert_header(("location", location));
                    }
                    response.body("ok")
                }
            }))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind the receiver");
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_rt::spawn(server);
        Receiver { port, seen, status, handle }
    }

    fn discord_url(&self) -> String {
        format!("http://127.0.0.1:{}/api/webhooks/42/secret-token", self.port)
    }

    fn slack_url(&self) -> String {
        format!("http://localhost:{}/services/T000/B000/secret", self.port)
    }

    fn seen(&self) -> Vec<(String, Value)> {
        self.seen.lock().unwrap().clone()
    }

    fn texts(&self) -> Vec<String> {
        self.seen()
            .into_iter()
            .map(|(_, body)| {
                body["content"].as_str().or(body["text"].as_str()).unwrap_or_default().to_string()
            })
            .collect()
    }

    async fn stop(self) {
        self.handle.stop(false).await;
    }
}

/// The test setting that admits the loopback receivers; quick retries for the tests.
fn loopback(config: &mut Config) {
    config.channels.channel_allow_loopback = true;
    config.channels.channel_timeout_ms = 2_000;
    config.channels.channel_max_failures = 3;
    config.channels.channel_retry_secs = 30;
}

async fn player(app: &TestApp, name: &str) -> (String, i64) {
    let token = app.sign_up(name, &format!("{name}@example.com"), PASSWORD).await;
    let id = users::table.filter(users::username.eq(name)).select(users::id).first(&mut *app.conn()).unwrap();
    (token, id)
}

async fn put_as(app: &TestApp, path: &str, token: &str, body: &Value) -> Response {
    app.call(
        actix_web::test::TestRequest::put()
            .uri(path)
            .insert_header(("authorization", format!("Bearer {token}")))
            .set_json(body),
    )
    .await
}

async fn delete_as(app: &TestApp, path: &str, token: &str) -> Response {
    app.call(
        actix_web::test::TestRequest::delete()
            .uri(path)
            .insert_header(("authorization", format!("Bearer {token}"))),
    )
    .await
}

/// A group owned by `owner` with `members` joined; its id.
async fn group(app: &TestApp, owner: &str, members: &[&str]) -> i64 {
    let res = app.post_as("/api/groups", owner, &json!({"name": "Lava_lovers"})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let code = res.body["inviteCode"].as_str().unwrap().to_string();
    for member in members {
        let joined = app.post_as(&format!("/api/groups/join/{code}"), member, &json!({})).await;
        assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.body);
    }
    res.body["id"].as_i64().unwrap()
}

/// Plays today's daily game logged in: `found` items, then gives up unless all are found.
async fn play(app: &TestApp, token: &str, found: usize) -> Response {
    let date = app.today();
    let mut log: Vec<Value> = vec![json!({"guess": "nothing like it"})];
    log.extend((1..=found).map(|i| json!({"guess": format!("{PROMPT} item {i}")})));
    if found < 10 {
        log.push(json!({"giveUp": true}));
    }
    let game = lavalist::domains::games::queries::find_by_date(
        &mut app.conn(),
        lavalist::domains::games::editions::ENGLISH,
        date,
    )
    .unwrap()
    .unwrap();
    let actions: Vec<game_core::Action> = serde_json::from_value(Value::Array(log.clone())).unwrap();
    let score = game_core::GameState::replay(game.def(), &actions).unwrap().score();
    let body = json!({"date": format_date(date), "userKey": "browser-key", "score": score,
        "answers": answers(found), "actions": log});
    app.post_as("/api/game/submit", token, &body).await
}

async fn run_tick(app: &TestApp) -> TickReport {
    tick(app.state()).await.expect("a tick")
}

fn no_item_named(texts: &[String]) {
    for text in texts {
        assert!(!text.contains("item"), "an item's name reached the channel: {text}");
    }
}

async fn only_the_owner_connects_tests_changes_and_disconnects(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    let receiver = Receiver::start(204, None).await;
    let (owner, _) = player(&app, "olga").await;
    let (member, _) = player(&app, "mia").await;
    let (stranger, _) = player(&app, "sam").await;
    let id = group(&app, &owner, &[&member]).await;
    let path = format!("/api/groups/{id}/channel");
    let body = json!({"url": receiver.discord_url()});

    // Nobody but the owner: 401 for a guest, 404 for a stranger, 403 for a member.
    assert_eq!(app.get(&path).await.status, StatusCode::UNAUTHORIZED);
    for (token, status) in [(&stranger, StatusCode::NOT_FOUND), (&member, StatusCode::FORBIDDEN)] {
        assert_eq!(app.get_as(&path, token).await.status, status);
        let res = put_as(&app, &path, token, &body).await;
        assert_eq!(res.status, status, "{:?}", res.body);
        assert_eq!(delete_as(&app, &path, token).await.status, status);
        assert_eq!(app.post_as(&format!("{path}/test"), token, &json!({})).await.status, status);
    }
    let unknown = app.get_as("/api/groups/999999/channel", &owner).await;
    assert_eq!(
        (unknown.status, unknown.body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("groupNotFound"))
    );
    assert!(receiver.seen().is_empty(), "nothing was sent for them");
    assert!(group_channels::table.count().get_result::<i64>(&mut *app.conn()).unwrap() == 0);

    // Field errors.
    let state = app.get_as(&path, &owner).await;
    assert_eq!(state.body, json!({"connected": false, "pending": 0}));
    for (url, code) in [
        ("", "required"),
        ("https://example.com/not/a/webhook", "webhookUrl"),
        ("ftp://discord.com/api/webhooks/1/x", "webhookUrl"),
        ("https://user:pw@discord.com/api/webhooks/1/x", "webhookUrl"),
        ("not a url at all", "webhookUrl"),
    ] {
        let res = put_as(&app, &path, &owner, &json!({"url": url})).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{url}: {:?}", res.body);
        assert_eq!(
            (res.body["code"].as_str(), res.body["field"].as_str()),
            (Some(code), Some("url")),
            "{url}"
        );
    }
    let long = format!("https://discord.com/api/webhooks/1/{}", "x".repeat(600));
    assert_eq!(put_as(&app, &path, &owner, &json!({"url": long})).await.body["code"], "tooLong");

    // Connect (Discord), test.
    let saved = put_as(&app, &path, &owner, &body).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body, json!({"connected": true, "kind": "discord", "host": "127.0.0.1", "pending": 0}));
    assert!(!saved.raw.windows(12).any(|w| w == b"secret-token"), "the webhook's secret never comes back");
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.status, StatusCode::OK, "{:?}", test.body);
    assert_eq!(test.body["delivered"], true, "{:?}", test.body);
    assert!(test.body["channel"]["lastDeliveryAt"].is_string());
    let seen = receiver.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].0, "/api/webhooks/42/secret-token");
    assert!(seen[0].1["content"].as_str().unwrap().contains("Lava\\_lovers"), "{:?}", seen[0].1);
    assert_eq!(seen[0].1["allowed_mentions"], json!({"parse": []}), "no mention can ping");

    // Change to Slack: the body follows the format.
    let saved = put_as(&app, &path, &owner, &json!({"url": receiver.slack_url()})).await;
    assert_eq!(
        (saved.body["kind"].as_str(), saved.body["host"].as_str()),
        (Some("slack"), Some("localhost"))
    );
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.body["delivered"], true, "{:?}", test.body);
    let seen = receiver.seen();
    assert_eq!(seen[1].0, "/services/T000/B000/secret");
    assert!(seen[1].1["text"].as_str().unwrap().starts_with("🌋 Lavalist"), "{:?}", seen[1].1);
    // Slack has no backslash escapes: the group's name as written, formatting off.
    assert!(seen[1].1["text"].as_str().unwrap().contains("group Lava_lovers."), "{:?}", seen[1].1);
    assert_eq!(seen[1].1["mrkdwn"], false);
    assert!(seen[1].1.get("content").is_none());

    // Disconnect: gone, and testing has nothing to test.
    let gone = delete_as(&app, &path, &owner).await;
    assert_eq!((gone.status, gone.body["connected"].as_bool()), (StatusCode::OK, Some(false)));
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.status, StatusCode::NOT_FOUND);

    // Saves and tests share the `webhook-account` allowance (20 an hour): 11 so far.
    for _ in 0..9 {
        assert_eq!(
            app.post_as(&format!("{path}/test"), &owner, &json!({})).await.status,
            StatusCode::NOT_FOUND
        );
    }
    let limited = put_as(&app, &path, &owner, &body).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", limited.body);
    assert!(limited.headers.contains_key("retry-after"));
    receiver.stop().await;
}

async fn results_and_the_nightly_board_reach_the_channel_once(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    let date = app.add_daily(0, PROMPT);
    let receiver = Receiver::start(204, None).await;
    let (owner, _) = player(&app, "olga").await;
    let (member, _) = player(&app, "mia").await;
    let (outsider, _) = player(&app, "sam").await;
    let id = group(&app, &owner, &[&member]).await;
    let saved =
        put_as(&app, &format!("/api/groups/{id}/channel"), &owner, &json!({"url": receiver.discord_url()}))
            .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);

    // A member finishes today's game: their share lines, nothing else.
    assert_eq!(play(&app, &member, 6).await.status, StatusCode::OK);
    assert_eq!(play(&app, &outsider, 10).await.status, StatusCode::OK, "not in the group");
    assert_eq!(run_tick(&app).await, TickReport { sent: 1, ..TickReport::default() });
    let texts = receiver.texts();
    assert_eq!(texts.len(), 1, "{texts:?}");
    let day = day_number(date);
    let lines: Vec<&str> = texts[0].lines().collect();
    assert_eq!(lines[0], "mia finished the game:");
    assert_eq!(lines[1], "🌋 Lavalist http://localhost:8080");
    assert_eq!(lines[2], format!("Day {day} - {PROMPT}"));
    assert_eq!(lines[3], "🟡🟡🟡🟡🟡🟡🔴🔴🔴🔴");
    assert!(lines[4].starts_with("Score: "), "{lines:?}");
    assert_eq!(lines.len(), 5, "no win line: {lines:?}");
    no_item_named(&texts);

    // The same result sent again queues nothing more; the owner's result goes out too.
    assert_eq!(play(&app, &member, 6).await.status, StatusCode::OK);
    assert_eq!(play(&app, &owner, 10).await.status, StatusCode::OK);
    assert_eq!(run_tick(&app).await.sent, 1);
    let texts = receiver.texts();
    assert_eq!(texts.len(), 2);
    assert!(
        texts[1].starts_with("olga finished the game:") && texts[1].ends_with("You survived!"),
        "{}",
        texts[1]
    );
    assert_eq!(run_tick(&app).await, TickReport::default(), "nothing left to send");

    // Midnight in New York: the grace window first (late results still count), then the board.
    app.set_now("2026-03-11T04:10:00Z");
    assert_eq!(run_tick(&app).await, TickReport::default(), "00:10: the day is not closed yet");
    app.set_now("2026-03-11T04:16:00Z");
    // Two instances tick at once: one board.
    let second = app.another_instance(loopback);
    let (a, b) = futures_util::future::join(tick(app.state()), tick(second.state())).await;
    let (a, b) = (a.expect("a tick"), b.expect("a tick"));
    assert_eq!(a.boards_queued + b.boards_queued, 1, "{a:?} {b:?}");
    assert_eq!(a.sent + b.sent, 1, "{a:?} {b:?}");
    let texts = receiver.texts();
    assert_eq!(texts.len(), 3, "{texts:?}");
    let board: Vec<&str> = texts[2].lines().collect();
    assert_eq!(board[0], "🌋 Lava\\_lovers: yesterday's board");
    assert_eq!(board[1], format!("Day {day} - {PROMPT}"));
    assert!(board[2].starts_with("1. olga: ") && board[2].ends_with("(10/10 found, survived)"), "{board:?}");
    assert!(board[3].starts_with("2. mia: ") && board[3].ends_with("(6/10 found)"), "{board:?}");
    assert_eq!(board.len(), 4, "the outsider is not on it: {board:?}");
    no_item_named(&texts);

    // Later the same day, and on both instances: nothing more.
    app.advance(Duration::hours(6));
    assert_eq!(run_tick(&app).await, TickReport::default());
    assert_eq!(run_tick(&second).await, TickReport::default());
    // The next night has no game: no board.
    app.set_now("2026-03-12T04:20:00Z");
    assert_eq!(run_tick(&app).await, TickReport::default());
    assert_eq!(receiver.texts().len(), 3);
    receiver.stop().await;
}

async fn failures_back_off_then_disable_the_channel(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    app.add_daily(0, PROMPT);
    let receiver = Receiver::start(500, None).await;
    let (owner, _) = player(&app, "olga").await;
    let (member, _) = player(&app, "mia").await;
    let id = group(&app, &owner, &[&member]).await;
    let path = format!("/api/groups/{id}/channel");
    put_as(&app, &path, &owner, &json!({"url": receiver.discord_url()})).await;
    assert_eq!(play(&app, &member, 4).await.status, StatusCode::OK);

    // First attempt fails: retried after 30 s, not before.
    assert_eq!(run_tick(&app).await, TickReport { failed: 1, ..TickReport::default() });
    let state = app.get_as(&path, &owner).await.body;
    assert_eq!(
        (state["lastError"].as_str(), state["pending"].as_i64()),
        (Some("The webhook answered 500."), Some(1))
    );
    app.advance(Duration::seconds(29));
    assert_eq!(run_tick(&app).await, TickReport::default(), "backing off");
    app.advance(Duration::seconds(1));
    assert_eq!(run_tick(&app).await.failed, 1, "second attempt at 30 s");
    // Then 60 s: the third failure in a row disables the channel.
    app.advance(Duration::seconds(59));
    assert_eq!(run_tick(&app).await, TickReport::default(), "backing off twice as long");
    app.advance(Duration::seconds(1));
    assert_eq!(run_tick(&app).await, TickReport { failed: 1, disabled: 1, ..TickReport::default() });
    assert_eq!(receiver.seen().len(), 3, "three attempts");

    // The owner is told; nothing more is sent or queued.
    let state = app.get_as(&path, &owner).await.body;
    assert_eq!(state["disabled"]["reason"], "The webhook answered 500.", "{state:?}");
    assert!(state.get("lastError").is_none(), "{state:?}");
    assert!(state["disabled"]["at"].is_string());
    assert_eq!(state["pending"], 0, "the waiting message is dropped");
    assert_eq!(play(&app, &owner, 10).await.status, StatusCode::OK);
    app.advance(Duration::hours(2));
    assert_eq!(run_tick(&app).await, TickReport::default());
    assert_eq!(receiver.seen().len(), 3);
    let queued: i64 = channel_deliveries::table.count().get_result(&mut *app.conn()).unwrap();
    assert_eq!(queued, 1, "a disabled channel queues nothing");

    // Saving the address again re-enables it; the webhook works again.
    receiver.status.store(204, Ordering::SeqCst);
    let saved = put_as(&app, &path, &owner, &json!({"url": receiver.discord_url()})).await;
    assert_eq!(saved.body, json!({"connected": true, "kind": "discord", "host": "127.0.0.1", "pending": 0}));
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.body["delivered"], true);
    assert!(test.body["channel"]["lastDeliveryAt"].is_string());
    receiver.stop().await;
}

async fn private_addresses_are_refused_in_production_settings(backend: Backend) {
    // Production address rules; the `webhook-*` limits off, for the many refusals below.
    let app = backend.app_at(NOON, |config| {
        config.rate_limits =
            vec!["webhook-account=0/1h".parse().unwrap(), "webhook-ip=0/1h".parse().unwrap()];
    });
    app.add_daily(0, PROMPT);
    let receiver = Receiver::start(204, None).await;
    let (owner, _) = player(&app, "olga").await;
    let id = group(&app, &owner, &[]).await;
    let path = format!("/api/groups/{id}/channel");
    let port = receiver.port;
    for host in [
        "10.0.0.1",
        "10.255.1.2",
        "192.168.1.10",
        "172.16.0.1",
        "172.31.255.254",
        "127.0.0.1",
        "127.9.9.9",
        "169.254.169.254",
        "169.254.1.1",
        "100.64.0.1",
        "0.0.0.0",
        "[::1]",
        "[fe80::1]",
        "[fd00::1]",
        "[::ffff:127.0.0.1]",
        "[::ffff:10.0.0.1]",
        "localhost",
        "0x7f000001",
    ] {
        let url = format!("https://{host}:{port}/api/webhooks/1/x");
        let res = put_as(&app, &path, &owner, &json!({"url": url})).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{url}: {:?}", res.body);
        assert_eq!(res.body["code"], "webhookAddress", "{url}: {:?}", res.body);
        assert_eq!(res.body["field"], "url");
    }
    // http:// is refused, the loopback receiver's own address included.
    for url in [receiver.discord_url(), "http://discord.com/api/webhooks/1/x".to_string()] {
        let res = put_as(&app, &path, &owner, &json!({"url": url})).await;
        assert_eq!(res.body["code"], "webhookUrl", "{url}: {:?}", res.body);
    }
    assert_eq!(group_channels::table.count().get_result::<i64>(&mut *app.conn()).unwrap(), 0);

    // A stored address that now resolves privately (DNS rebinding, an older release) is checked
    // again at each send: the delivery fails without connecting.
    diesel::insert_into(group_channels::table)
        .values((
            group_channels::group_id.eq(id),
            group_channels::url.eq(format!("https://localhost:{port}/api/webhooks/1/x")),
            group_channels::kind.eq("discord"),
            group_channels::connected_at.eq(0_i64),
        ))
        .execute(&mut *app.conn())
        .unwrap();
    assert_eq!(play(&app, &owner, 10).await.status, StatusCode::OK);
    assert_eq!(run_tick(&app).await.failed, 1);
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.body["delivered"], false);
    assert_eq!(test.body["message"], "The test message was not delivered.", "{:?}", test.body);
    assert!(receiver.seen().is_empty(), "nothing reached the loopback receiver: {:?}", receiver.seen());
    receiver.stop().await;
}

async fn redirects_are_failures_and_never_followed(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    app.add_daily(0, PROMPT);
    // The private target the redirect points at, and the receiver that redirects there.
    let target = Receiver::start(204, None).await;
    let redirecting = Receiver::start(302, Some(target.discord_url())).await;
    let (owner, _) = player(&app, "olga").await;
    let id = group(&app, &owner, &[]).await;
    let path = format!("/api/groups/{id}/channel");
    let saved = put_as(&app, &path, &owner, &json!({"url": redirecting.discord_url()})).await;
    assert_eq!(saved.status, StatusCode::OK);
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.body["delivered"], false, "{:?}", test.body);
    assert_eq!(test.body["message"], "The test message was not delivered.", "{:?}", test.body);
    assert_eq!(play(&app, &owner, 10).await.status, StatusCode::OK);
    assert_eq!(run_tick(&app).await.failed, 1);
    assert_eq!(redirecting.seen().len(), 2);
    assert!(target.seen().is_empty(), "the redirect was followed: {:?}", target.seen());
    let state = app.get_as(&path, &owner).await.body;
    assert!(state["lastError"].as_str().unwrap().contains("redirects are not followed"), "{state:?}");
    redirecting.stop().await;
    target.stop().await;
}

/// The sentence every refused address gets: the rule, never what the host resolves to.
const NOT_ALLOWED: &str = "This address is not allowed: the host must be on the public internet.";

/// Production address rules, the `webhook-*` limits off (many saves below).
fn production(config: &mut Config) {
    config.rate_limits = vec!["webhook-account=0/1h".parse().unwrap(), "webhook-ip=0/1h".parse().unwrap()];
}

async fn refusals_name_no_address_and_only_https_port_443_is_taken(backend: Backend) {
    let app = backend.app_at(NOON, production);
    let (owner, _) = player(&app, "olga").await;
    let id = group(&app, &owner, &[]).await;
    let path = format!("/api/groups/{id}/channel");
    // A name that resolves privately, and literals: one sentence, naming no address.
    for (host, hidden) in [("localhost", "127.0.0.1"), ("10.1.2.3", "10.1.2.3"), ("[::1]", "::1")] {
        let res =
            put_as(&app, &path, &owner, &json!({"url": format!("https://{host}/api/webhooks/1/x")})).await;
        assert_eq!(
            (res.status, res.body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("webhookAddress"))
        );
        assert_eq!(res.body["error"], NOT_ALLOWED, "{host}: {:?}", res.body);
        let text = String::from_utf8_lossy(&res.raw);
        assert!(!text.contains(hidden) && !text.contains("resolves"), "{host}: {text}");
    }
    // A public host on any port but https's own is refused as a URL; 443 (written or not) is
    // taken and stored without it.
    for port in [80, 22, 8443, 25, 6379] {
        let url = format!("https://1.1.1.1:{port}/api/webhooks/1/x");
        let res = put_as(&app, &path, &owner, &json!({"url": url})).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{url}: {:?}", res.body);
        assert_eq!(
            (res.body["code"].as_str(), res.body["field"].as_str()),
            (Some("webhookUrl"), Some("url"))
        );
    }
    assert_eq!(group_channels::table.count().get_result::<i64>(&mut *app.conn()).unwrap(), 0);
    for url in ["https://1.1.1.1:443/api/webhooks/1/x", "https://1.1.1.1/api/webhooks/1/x"] {
        let res = put_as(&app, &path, &owner, &json!({"url": url})).await;
        assert_eq!(res.status, StatusCode::OK, "{url}: {:?}", res.body);
    }
    let stored: String = group_channels::table.select(group_channels::url).first(&mut *app.conn()).unwrap();
    assert_eq!(stored, "https://1.1.1.1/api/webhooks/1/x");

    // A row stored on another port (an older release) is not sent to.
    diesel::update(group_channels::table)
        .set(group_channels::url.eq("https://127.0.0.1:8443/api/webhooks/1/x"))
        .execute(&mut *app.conn())
        .unwrap();
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(
        (test.body["delivered"].as_bool(), test.body["message"].as_str()),
        (Some(false), Some("The test message was not delivered.")),
        "{:?}",
        test.body
    );
}

async fn a_test_says_only_delivered_or_not(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    let (owner, _) = player(&app, "olga").await;
    let id = group(&app, &owner, &[]).await;
    let path = format!("/api/groups/{id}/channel");
    // A closed port: how the connection ended (refused, reset, timed out) is not told.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://127.0.0.1:{closed}/api/webhooks/42/secret-token");
    assert_eq!(put_as(&app, &path, &owner, &json!({"url": url})).await.status, StatusCode::OK);
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(test.status, StatusCode::OK);
    assert_eq!(test.body["delivered"], false);
    assert_eq!(test.body["message"], "The test message was not delivered.");
    assert_eq!(test.body["channel"]["lastError"], "The message was not delivered.", "{:?}", test.body);
    let told = format!("{} {}", test.body["message"], test.body["channel"]["lastError"]).to_lowercase();
    for detail in ["refused", "connect", "reset", "timed out", "os error", "127.0.0.1"] {
        assert!(!told.contains(detail), "{detail} in {told}");
    }
    // A receiver that answers an error: not delivered, nothing more.
    let receiver = Receiver::start(500, None).await;
    assert_eq!(
        put_as(&app, &path, &owner, &json!({"url": receiver.discord_url()})).await.status,
        StatusCode::OK
    );
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(
        (test.body["delivered"].as_bool(), test.body["message"].as_str()),
        (Some(false), Some("The test message was not delivered.")),
        "{:?}",
        test.body
    );
    receiver.status.store(204, Ordering::SeqCst);
    let test = app.post_as(&format!("{path}/test"), &owner, &json!({})).await;
    assert_eq!(
        (test.body["delivered"].as_bool(), test.body["message"].as_str()),
        (Some(true), Some("The test message was delivered.")),
        "{:?}",
        test.body
    );
    receiver.stop().await;
}

async fn a_deleted_owners_channel_is_not_handed_to_the_heir(backend: Backend) {
    let app = backend.app_at(NOON, loopback);
    app.add_daily(0, PROMPT);
    let receiver = Receiver::start(204, None).await;
    let (owner, _) = player(&app, "olga").await;
    let (heir, _) = player(&app, "hugo").await;
    let id = group(&app, &owner, &[&heir]).await;
    let path = format!("/api/groups/{id}/channel");
    assert_eq!(
        put_as(&app, &path, &owner, &json!({"url": receiver.discord_url()})).await.status,
        StatusCode::OK
    );
    // A message still waiting for the channel goes with it.
    assert_eq!(play(&app, &owner, 10).await.status, StatusCode::OK);
    let deleted = app.post_as("/api/user/delete", &owner, &json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);

    let state = app.get_as(&path, &heir).await;
    assert_eq!(state.status, StatusCode::OK, "the heir owns the group: {:?}", state.body);
    assert_eq!(state.body["connected"], false, "{:?}", state.body);
    assert_eq!(play(&app, &heir, 10).await.status, StatusCode::OK);
    run_tick(&app).await;
    assert!(receiver.seen().is_empty(), "the old owner's webhook got: {:?}", receiver.seen());
    assert_eq!(group_channels::table.count().get_result::<i64>(&mut *app.conn()).unwrap(), 0);
    assert_eq!(channel_deliveries::table.count().get_result::<i64>(&mut *app.conn()).unwrap(), 0);
    // The heir may connect their own.
    assert_eq!(
        put_as(&app, &path, &heir, &json!({"url": receiver.slack_url()})).await.status,
        StatusCode::OK
    );
    receiver.stop().await;
}

async fn concurrent_first_saves_all_succeed(backend: Backend) {
    let app = backend.app_at(NOON, |config| {
        loopback(config);
        config.rate_limits =
            vec!["webhook-account=0/1h".parse().unwrap(), "webhook-ip=0/1h".parse().unwrap()];
    });
    let receiver = Receiver::start(204, None).await;
    let (owner, _) = player(&app, "olga").await;
    for round in 0..5 {
        let id = group(&app, &owner, &[]).await;
        let path = format!("/api/groups/{id}/channel");
        let saves = (0..6)
            .map(|i| {
                let url = if i % 2 == 0 { receiver.discord_url() } else { receiver.slack_url() };
                actix_web::test::TestRequest::put()
                    .uri(&path)
                    .insert_header(("authorization", format!("Bearer {owner}")))
                    .set_json(json!({"url": url}))
            })
            .collect();
        for res in app.call_all(saves).await {
            assert_eq!(res.status, StatusCode::OK, "round {round}: {:?}", res.body);
            assert_eq!(res.body["connected"], true);
        }
        let rows: i64 = group_channels::table
            .filter(group_channels::group_id.eq(id))
            .count()
            .get_result(&mut *app.conn())
            .unwrap();
        assert_eq!(rows, 1);
        assert_eq!(delete_as(&app, &format!("/api/groups/{id}"), &owner).await.status, StatusCode::OK);
    }
    receiver.stop().await;
}
