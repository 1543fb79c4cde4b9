//! Daily reminders through the real app, on SQLite and PostgreSQL: the settings and their
//! refusals, push subscriptions only to allow-listed https push services, a real push receiver
//! on loopback that verifies the VAPID signature and decrypts each delivery with the
//! subscription's private key, 404/410 pruning, e-mail reminders through the outbox with the
//! one-click unsubscribe (RFC 8058), the clock walked through a day, and a restart after the
//! due time. (Over SMTP: smtp.rs; two real processes: reminder_instances.rs.)

use crate::common;
use crate::common::push_receiver;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use common::{answers, Backend, TestApp};
use lavalist::domains::reminders::scheduler::{tick, Tick};
use push_receiver::{Browser, Receiver};
use serde_json::{json, Value};

on_both_backends_with_configs!(
    settings_are_stored_and_checked,
    only_allow_listed_https_push_services_are_taken,
    a_push_is_signed_encrypted_and_spoiler_free,
    gone_subscriptions_are_pruned,
    email_reminders_carry_a_one_click_unsubscribe,
    the_clock_walked_through_a_day_sends_each_reminder_once,
    a_restart_after_the_due_time_sends_once,
    a_browsers_reminder_follows_its_results_to_the_account,
    sends_keep_to_the_rate_limit,
    guests_making_up_keys_share_one_allowance,
    concurrent_first_saves_of_a_subscription_all_succeed,
);

/// Who asks: a guest's userKey or an account's token.
#[derive(Clone, Copy)]
enum Who<'a> {
    Guest(&'a str),
    Account(&'a str),
}

async fn call(app: &TestApp, req: TestRequest, who: Who<'_>) -> common::Response {
    let req = match who {
        Who::Guest(key) => req.insert_header(("x-user-key", key)),
        Who::Account(token) => req.insert_header(("authorization", format!("Bearer {token}"))),
    };
    app.call(req).await
}

async fn put_settings(app: &TestApp, who: Who<'_>, body: Value) -> common::Response {
    call(app, TestRequest::put().uri("/api/reminders").set_json(body), who).await
}

async fn subscribe(app: &TestApp, who: Who<'_>, browser: &Browser) -> common::Response {
    call(app, TestRequest::post().uri("/api/reminders/push").set_json(browser.subscription()), who).await
}

fn settings(push: bool, email: bool, time: &str, zone: &str, mode: &str) -> Value {
    json!({"push": push, "email": email, "time": time, "timeZone": zone, "mode": mode})
}

/// Turns push reminders on for a guest with one browser; its settings answer.
async fn push_player(
    app: &TestApp,
    key: &str,
    browser: &Browser,
    time: &str,
    zone: &str,
    mode: &str,
) -> Value {
    let res = subscribe(app, Who::Guest(key), browser).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = put_settings(app, Who::Guest(key), settings(true, false, time, zone, mode)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

fn test_receiver(config: &mut lavalist::platform::config::Config) {
    config.reminders.push_test_receiver = true;
    config.public_url = "https://lavalist.test".into();
}

async fn vapid_key(app: &TestApp) -> String {
    let res = app.get_keyed("/api/reminders", "anyone").await;
    res.body["vapidPublicKey"].as_str().expect("a VAPID key").to_string()
}

async fn run(app: &TestApp) -> Tick {
    tick(app.state()).await.expect("a tick")
}

fn date(text: &str) -> NaiveDate {
    game_core::calendar::parse_date(text).expect("a test date")
}

/// A daily result, all ten found, with its action log.
async fn play(app: &TestApp, user_key: &str, day: NaiveDate) {
    let prompt = format!("Day {day}");
    let actions: Vec<Value> = (1..=10).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
    let body = json!({"answers": answers(10), "userKey": user_key, "score": 1000, "date": day.to_string(), "actions": actions});
    let res = app.post("/api/game/submit", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{user_key} on {day}: {:?}", res.body);
}

fn seed(app: &TestApp, first: &str, days: i64) {
    for n in 0..days {
        let day = date(first) + Duration::days(n);
        app.add_daily_on(day, &format!("Day {day}"));
    }
}

async fn settings_are_stored_and_checked(backend: Backend) {
    let app = backend.app_at("2025-06-02T16:00:00Z", |_| {});
    let res = app.get_keyed("/api/reminders", "guest-1").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["time"], "19:00", "the default time");
    assert_eq!((res.body["push"].clone(), res.body["email"].clone()), (json!(false), json!(false)));
    assert_eq!(res.body["emailAvailable"], false);
    assert_eq!(res.body["mode"], "everyDay");
    assert_eq!(res.headers.get("cache-control").unwrap(), "private, no-store");
    let res = app.get("/api/reminders").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "a guest needs a userKey");

    let guest = Who::Guest("guest-1");
    for (body, code) in [
        (settings(true, false, "7:00", "Europe/Paris", "everyDay"), "invalidTime"),
        (settings(true, false, "24:00", "Europe/Paris", "everyDay"), "invalidTime"),
        (settings(true, false, "19:00", "Mars/Olympus", "everyDay"), "invalidTimeZone"),
        (settings(true, false, "19:00", "", "everyDay"), "invalidTimeZone"),
        (settings(false, true, "19:00", "Europe/Paris", "everyDay"), "unauthorized"),
    ] {
        let res = put_settings(&app, guest, body.clone()).await;
        assert_eq!(res.body["code"], code, "{body}: {:?}", res.body);
        let status = if code == "unauthorized" { 401 } else { 400 };
        assert_eq!(res.status.as_u16(), status);
    }
    let res = put_settings(
        &app,
        guest,
        json!({"push": true, "time": "19:00", "timeZone": "Europe/Paris", "mode": "sometimes"}),
    )
    .await;
    assert_eq!((res.status, res.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("invalidJson")));

    let res = put_settings(&app, guest, settings(true, false, "20:30", "Europe/Paris", "streakAtRisk")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["time"], "20:30");
    assert_eq!(res.body["timeZone"], "Europe/Paris");
    assert_eq!(res.body["mode"], "streakAtRisk");
    // 16:00 UTC is 18:00 in Paris: 20:30 is today, 18:30 UTC.
    assert_eq!(res.body["nextAt"], "2025-06-02T18:30:00+00:00");
    let again = app.get_keyed("/api/reminders", "guest-1").await;
    assert_eq!(again.body, res.body, "stored");
    let other = app.get_keyed("/api/reminders", "guest-2").await;
    assert_eq!(other.body["push"], false, "another browser's choices are its own");

    let token = app.sign_up("reminded", "reminded@example.com", "correct horse battery").await;
    let res =
        put_settings(&app, Who::Account(&token), settings(false, true, "07:15", "Asia/Tokyo", "everyDay"))
            .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!((res.body["email"].clone(), res.body["emailAvailable"].clone()), (json!(true), json!(true)));
    let res =
        put_settings(&app, Who::Account(&token), settings(false, false, "07:15", "Asia/Tokyo", "everyDay"))
            .await;
    assert_eq!(res.body["nextAt"], Value::Null, "nothing scheduled with both channels off");
}

async fn only_allow_listed_https_push_services_are_taken(backend: Backend) {
    let receiver = Receiver::start();
    let browser = Browser::new(&receiver, "/ok/1");
    // Without the test setting, even the loopback receiver is refused.
    let app = backend.app(|_| {});
    let mut refused = vec![browser.endpoint.clone()];
    refused.extend(
        [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:444/fcm/send/abc",
            "https://evil.example/push",
            "https://127.0.0.1/push",
            "https://10.1.2.3/push",
            "https://192.168.0.10/push",
            "https://169.254.169.254/latest/meta-data",
            "https://[::1]/push",
            "https://localhost/push",
            "https://fcm.googleapis.com.evil.example/push",
            "ftp://fcm.googleapis.com/x",
        ]
        .map(String::from),
    );
    for endpoint in refused {
        let mut body = browser.subscription();
        body["endpoint"] = json!(endpoint);
        let res =
            call(&app, TestRequest::post().uri("/api/reminders/push").set_json(&body), Who::Guest("g")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{endpoint}");
        assert_eq!(res.body["code"], "pushEndpointRefused", "{endpoint}");
    }
    // An allow-listed service is taken (nothing is sent to it here).
    let mut body = browser.subscription();
    body["endpoint"] = json!("https://fcm.googleapis.com/fcm/send/abc:def");
    let res =
        call(&app, TestRequest::post().uri("/api/reminders/push").set_json(&body), Who::Guest("g")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["pushSubscriptions"], 1);
    for keys in [
        json!({"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}),
        json!({"p256dh": body["keys"]["p256dh"], "auth": "AAAA"}),
    ] {
        let mut bad = body.clone();
        bad["keys"] = keys;
        let res =
            call(&app, TestRequest::post().uri("/api/reminders/push").set_json(&bad), Who::Guest("g")).await;
        assert_eq!(res.body["code"], "invalidSubscription", "{:?}", res.body);
    }
    let res = call(
        &app,
        TestRequest::delete().uri("/api/reminders/push").set_json(json!({"endpoint": body["endpoint"]})),
        Who::Guest("g"),
    )
    .await;
    assert_eq!(res.body["pushSubscriptions"], 0, "{:?}", res.body);
}

async fn a_push_is_signed_encrypted_and_spoiler_free(backend: Backend) {
    let receiver = Receiver::start();
    // 18:59 in Paris.
    let app = backend.app_at("2025-06-02T16:59:00Z", test_receiver);
    app.add_daily(0, "Capitals of secret places");
    let browser = Browser::new(&receiver, "/ok/paris");
    push_player(&app, "paris-player", &browser, "19:00", "Europe/Paris", "everyDay").await;
    assert_eq!(run(&app).await, Tick::default(), "not yet due");
    app.advance(Duration::minutes(1));
    let done = run(&app).await;
    assert_eq!((done.claimed, done.pushed), (1, 1), "{done:?}");
    let deliveries = receiver.to("/ok/paris");
    assert_eq!(deliveries.len(), 1);
    let push = browser.open(&deliveries[0], &vapid_key(&app).await, app.now());
    assert_eq!(push.url, "https://lavalist.test/", "today's game");
    let text = format!("{} {}", push.title, push.body);
    assert!(!text.contains("Capitals") && !text.contains("item"), "no prompt, no item: {text}");
    let day_number = game_core::calendar::day_number(app.today());
    assert!(text.contains(&format!("Day {day_number}")), "{text}");
    // Only the subscription's own keys open it.
    assert!(Browser::new(&receiver, "/ok/paris").decrypt(&deliveries[0]).is_none());
    assert_eq!(run(&app).await, Tick::default(), "once");
}

async fn gone_subscriptions_are_pruned(backend: Backend) {
    let receiver = Receiver::start();
    let app = backend.app_at("2025-06-02T16:59:00Z", test_receiver);
    let key = "many-browsers";
    let ok = Browser::new(&receiver, "/ok/kept");
    let gone = Browser::new(&receiver, "/gone/410");
    let missing = Browser::new(&receiver, "/missing/404");
    for browser in [&gone, &missing] {
        assert_eq!(subscribe(&app, Who::Guest(key), browser).await.status, StatusCode::OK);
    }
    let body = push_player(&app, key, &ok, "19:00", "Europe/Paris", "everyDay").await;
    assert_eq!(body["pushSubscriptions"], 3);
    app.advance(Duration::minutes(1));
    let done = run(&app).await;
    assert_eq!((done.pushed, done.pruned), (1, 2), "{done:?}");
    assert_eq!(receiver.deliveries().len(), 3, "each browser was tried");
    let res = app.get_keyed("/api/reminders", key).await;
    assert_eq!(res.body["pushSubscriptions"], 1, "the 404 and the 410 are removed");
    // The next day only the live one is tried.
    app.advance(Duration::days(1));
    let done = run(&app).await;
    assert_eq!((done.pushed, done.pruned), (1, 0), "{done:?}");
    assert_eq!(receiver.to("/ok/kept").len(), 2);
}

fn header_of<'a>(message: &'a str, name: &str) -> Option<&'a str> {
    message.lines().find_map(|line| line.strip_prefix(&format!("{name}: ")))
}

async fn email_reminders_carry_a_one_click_unsubscribe(backend: Backend) {
    // 06:50 in Tokyo.
    let app = backend.app_at("2025-06-01T21:50:00Z", |c| c.public_url = "https://lavalist.test".into());
    let token = app.sign_up("tokyo", "tokyo@example.com", "correct horse battery").await;
    let before = app.outbox().len();
    let res =
        put_settings(&app, Who::Account(&token), settings(false, true, "07:00", "Asia/Tokyo", "everyDay"))
            .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    app.advance(Duration::minutes(10));
    let done = run(&app).await;
    assert_eq!(done.emailed, 1, "{done:?}");
    let outbox = app.outbox();
    assert_eq!(outbox.len(), before + 1);
    let mail = outbox.last().unwrap();
    assert!(mail.contains("To: tokyo@example.com"));
    assert!(mail.contains("https://lavalist.test/"), "links to today's game");
    let list = header_of(mail, "List-Unsubscribe").expect("List-Unsubscribe (RFC 2369)");
    assert_eq!(header_of(mail, "List-Unsubscribe-Post"), Some("List-Unsubscribe=One-Click"), "RFC 8058");
    let url = list.trim_start_matches('<').trim_end_matches('>');
    assert!(url.starts_with("https://lavalist.test/api/reminders/unsubscribe?token="), "{url}");
    assert!(mail.contains(url), "the same link visible in the body");
    let path = url.trim_start_matches("https://lavalist.test");

    // The page the visible link opens changes nothing; its button POSTs.
    let page = app.get(path).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = String::from_utf8(page.raw.clone()).unwrap();
    assert!(html.contains("<form method=\"post\""), "{html}");
    let res = app.get_as("/api/reminders", &token).await;
    assert_eq!(res.body["email"], true, "a GET does not unsubscribe");

    // A tampered token is refused; the one-click POST needs no session.
    let res = app
        .call(TestRequest::post().uri(&format!("{path}x")).set_payload("List-Unsubscribe=One-Click"))
        .await;
    assert_eq!((res.status, res.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("invalidToken")));
    let bad = app.get("/api/reminders/unsubscribe?token=1.AAAA").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let res = app
        .call(
            TestRequest::post()
                .uri(path)
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .set_payload("List-Unsubscribe=One-Click"),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let res = app.get_as("/api/reminders", &token).await;
    assert_eq!(res.body["email"], false, "unsubscribed");
    assert_eq!(res.body["nextAt"], Value::Null);
    app.advance(Duration::days(1));
    assert_eq!(run(&app).await.emailed, 0, "no more e-mail");
    assert_eq!(app.outbox().len(), before + 1);
    // Twice is fine.
    let res = app.call(TestRequest::post().uri(path)).await;
    assert_eq!(res.status, StatusCode::OK);
}

/// The instant of a UTC clock reading.
fn at(text: &str) -> DateTime<Utc> {
    common::instant(text)
}

async fn the_clock_walked_through_a_day_sends_each_reminder_once(backend: Backend) {
    let receiver = Receiver::start();
    // Noon on 2025-06-01 in New York: the streak player plays that day.
    let app = backend.app_at("2025-06-01T16:00:00Z", test_receiver);
    seed(&app, "2025-06-01", 3);
    play(&app, "streaky", date("2025-06-01")).await;

    app.set_now("2025-06-02T04:30:00Z");
    let paris = Browser::new(&receiver, "/ok/paris");
    let tokyo = Browser::new(&receiver, "/ok/tokyo");
    let no_streak = Browser::new(&receiver, "/ok/no-streak");
    let streaky = Browser::new(&receiver, "/ok/streaky");
    let played = Browser::new(&receiver, "/ok/played");
    push_player(&app, "paris", &paris, "19:00", "Europe/Paris", "everyDay").await;
    push_player(&app, "tokyo", &tokyo, "20:00", "Asia/Tokyo", "everyDay").await;
    push_player(&app, "no-streak", &no_streak, "19:00", "America/New_York", "streakAtRisk").await;
    push_player(&app, "streaky", &streaky, "19:00", "America/New_York", "streakAtRisk").await;
    push_player(&app, "played", &played, "09:00", "America/Los_Angeles", "everyDay").await;
    let token = app.sign_up("mailed", "mailed@example.com", "correct horse battery").await;
    let res =
        put_settings(&app, Who::Account(&token), settings(false, true, "06:00", "Europe/London", "everyDay"))
            .await;
    assert_eq!(res.status, StatusCode::OK);
    let mails_before = app.outbox().len();

    let vapid = vapid_key(&app).await;
    let mut first_seen: std::collections::HashMap<String, DateTime<Utc>> = Default::default();
    let mut mailed_at = Vec::new();
    let end = at("2025-06-03T04:30:00Z");
    while app.now() < end {
        if app.now() == at("2025-06-02T14:00:00Z") {
            // 07:00 in Los Angeles: played before its 09:00 reminder.
            play(&app, "played", date("2025-06-02")).await;
        }
        let done = run(&app).await;
        assert_eq!(done.push_failed + done.email_failed, 0, "{done:?}");
        for delivery in receiver.deliveries() {
            first_seen.entry(delivery.path.clone()).or_insert(app.now());
        }
        if app.outbox().len() > mails_before + mailed_at.len() {
            mailed_at.push(app.now());
        }
        app.advance(Duration::minutes(5));
    }
    // Each once, at its local time (the first tick at or after it).
    assert_eq!(receiver.to("/ok/paris").len(), 1);
    assert_eq!(first_seen["/ok/paris"], at("2025-06-02T17:00:00Z"), "19:00 CEST");
    assert_eq!(receiver.to("/ok/tokyo").len(), 1);
    assert_eq!(first_seen["/ok/tokyo"], at("2025-06-02T11:00:00Z"), "20:00 JST");
    assert_eq!(receiver.to("/ok/streaky").len(), 1);
    assert_eq!(first_seen["/ok/streaky"], at("2025-06-02T23:00:00Z"), "19:00 EDT");
    assert!(receiver.to("/ok/no-streak").is_empty(), "no streak, nothing at risk");
    assert!(receiver.to("/ok/played").is_empty(), "today's game already played");
    assert_eq!(mailed_at, vec![at("2025-06-02T05:00:00Z")], "06:00 BST, once");
    let streak_push = streaky.open(&receiver.to("/ok/streaky")[0], &vapid, at("2025-06-02T23:00:00Z"));
    assert!(streak_push.title.contains("1-day"), "{}", streak_push.title);
    let every_day = paris.open(&receiver.to("/ok/paris")[0], &vapid, at("2025-06-02T17:00:00Z"));
    assert!(!every_day.title.contains("streak"), "{}", every_day.title);
    assert_eq!(receiver.deliveries().len(), 3, "nothing else");
}

async fn a_restart_after_the_due_time_sends_once(backend: Backend) {
    let receiver = Receiver::start();
    // 18:00 in Paris; this instance then goes down before 19:00.
    let first = backend.app_at("2025-06-02T16:00:00Z", test_receiver);
    let on_time = Browser::new(&receiver, "/ok/restart");
    push_player(&first, "restart", &on_time, "19:00", "Europe/Paris", "everyDay").await;
    let too_late = Browser::new(&receiver, "/ok/too-late");
    push_player(&first, "too-late", &too_late, "23:50", "Europe/Paris", "everyDay").await;
    // Every instance down from 18:00 to 23:55 Paris (21:55 UTC): 19:00 is past, still that day.
    first.set_now("2025-06-02T21:55:00Z");
    let second = first.another_instance(test_receiver);
    let done = run(&second).await;
    assert_eq!((done.claimed, done.pushed), (2, 2), "{done:?}");
    assert_eq!(receiver.to("/ok/restart").len(), 1);
    assert_eq!(run(&second).await, Tick::default());
    assert_eq!(run(&first).await, Tick::default(), "nor by the other instance");
    // Down again over a whole day: at 22:30 UTC on the 3rd it is already the 4th in Paris, so
    // neither of the 3rd's reminders is sent; the 4th's come on time.
    second.set_now("2025-06-03T22:30:00Z");
    let done = run(&second).await;
    assert_eq!((done.claimed, done.missed), (0, 2), "{done:?}");
    assert_eq!(receiver.deliveries().len(), 2, "only the 2nd's");
    second.set_now("2025-06-04T21:50:00Z");
    let done = run(&second).await;
    assert_eq!(done.pushed, 2, "{done:?}");
    assert_eq!(receiver.to("/ok/too-late").len(), 2);
    assert_eq!(receiver.to("/ok/restart").len(), 2);
}

async fn a_browsers_reminder_follows_its_results_to_the_account(backend: Backend) {
    let receiver = Receiver::start();
    let app = backend.app_at("2025-06-02T16:00:00Z", test_receiver);
    app.sign_up("adopter", "adopter@example.com", "correct horse battery").await;
    let browser = Browser::new(&receiver, "/ok/adopted");
    push_player(&app, "guest-browser", &browser, "21:00", "Europe/Paris", "everyDay").await;
    let login = json!({"email": "adopter@example.com", "password": "correct horse battery", "userKey": "guest-browser"});
    let res = app.post("/api/auth/login", &login).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let token = res.body["token"].as_str().unwrap().to_string();
    let res = app.get_as("/api/reminders", &token).await;
    assert_eq!(
        (res.body["push"].clone(), res.body["time"].clone()),
        (json!(true), json!("21:00")),
        "{:?}",
        res.body
    );
    assert_eq!(res.body["pushSubscriptions"], 1);
    let res = app.get_keyed("/api/reminders", "guest-browser").await;
    assert_eq!((res.body["push"].clone(), res.body["pushSubscriptions"].clone()), (json!(false), json!(0)));

    // Deleting the account forgets its reminder and browsers: nothing is sent any more.
    let res = app.post_as("/api/user/delete", &token, &json!({"password": "correct horse battery"})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    app.set_now("2025-06-02T19:00:00Z");
    assert_eq!(run(&app).await, Tick::default());
    assert!(receiver.deliveries().is_empty());
    let left: i64 = {
        use diesel::prelude::*;
        lavalist::platform::schema::push_subscriptions::table.count().get_result(&mut *app.conn()).unwrap()
    };
    assert_eq!(left, 0);
}

async fn sends_keep_to_the_rate_limit(backend: Backend) {
    let receiver = Receiver::start();
    // Four sends a second, batches of two: six reminders due at once take five gaps of 250 ms.
    let app = backend.app_at("2025-06-02T16:59:00Z", |c| {
        test_receiver(c);
        c.reminders.reminder_rate = 4;
        c.reminders.reminder_batch = 2;
    });
    let browsers: Vec<Browser> = (0..6).map(|i| Browser::new(&receiver, &format!("/ok/rate-{i}"))).collect();
    for (i, browser) in browsers.iter().enumerate() {
        push_player(&app, &format!("rate-{i}"), browser, "19:00", "Europe/Paris", "everyDay").await;
    }
    app.advance(Duration::minutes(1));
    let started = std::time::Instant::now();
    let done = run(&app).await;
    let took = started.elapsed();
    assert_eq!((done.claimed, done.pushed), (6, 6), "{done:?}");
    assert!(took >= std::time::Duration::from_millis(1200), "six sends at 4/s took {took:?}");
    assert_eq!(receiver.deliveries().len(), 6);
}

/// Every reminder row is a write a guest can cause with a userKey it makes up: the keys of one
/// address share `reminder-guest-ip`, and a refusal is a 429 with `Retry-After`.
async fn guests_making_up_keys_share_one_allowance(backend: Backend) {
    let app = backend.app_at("2025-06-02T16:00:00Z", |config| {
        config.rate_limits = vec!["reminder-guest-ip=3/1h".parse().unwrap()];
    });
    let body = settings(false, false, "19:00", "Europe/Paris", "everyDay");
    for n in 0..3 {
        let res = put_settings(&app, Who::Guest(&format!("made-up-{n}")), body.clone()).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let res = put_settings(&app, Who::Guest("made-up-3"), body.clone()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert_eq!(res.body["code"], "tooManyRequests");
    assert!(res.headers.get("retry-after").is_some());
    let receiver = Receiver::start();
    let browser = Browser::new(&receiver, "/push/x");
    let res = subscribe(&app, Who::Guest("made-up-4"), &browser).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "subscriptions count too: {:?}", res.body);
    // Reading is not limited.
    assert_eq!(app.get_keyed("/api/reminders", "made-up-5").await.status, StatusCode::OK);
}

/// One browser's subscription sent several times at once (a double click, two tabs), for a
/// guest and for an account: every save answers 200 and one row is kept (PostgreSQL answered
/// 500 on the duplicate key of the later inserts).
async fn concurrent_first_saves_of_a_subscription_all_succeed(backend: Backend) {
    let receiver = Receiver::start();
    let app = backend.app_at("2025-06-02T16:00:00Z", |c| {
        test_receiver(c);
        c.rate_limits = ["reminder-ip=0/1h", "reminder-guest-ip=0/1h", "reminder-account=0/1h"]
            .iter()
            .map(|r| r.parse().unwrap())
            .collect();
    });
    let token = app.sign_up("twotabs", "twotabs@example.com", "correct horse battery").await;
    for round in 0..4 {
        let browser = Browser::new(&receiver, &format!("/ok/tabs-{round}"));
        let who = if round % 2 == 0 { Who::Guest("guest-tabs") } else { Who::Account(&token) };
        let saves = (0..6)
            .map(|_| {
                let req = TestRequest::post().uri("/api/reminders/push").set_json(browser.subscription());
                match who {
                    Who::Guest(key) => req.insert_header(("x-user-key", key)),
                    Who::Account(token) => req.insert_header(("authorization", format!("Bearer {token}"))),
                }
            })
            .collect();
        for res in app.call_all(saves).await {
            assert_eq!(res.status, StatusCode::OK, "round {round}: {:?}", res.body);
        }
    }
    let rows: i64 = {
        use diesel::prelude::*;
        lavalist::platform::schema::push_subscriptions::table.count().get_result(&mut *app.conn()).unwrap()
    };
    assert_eq!(rows, 4, "one row per browser");
}
