//! The "Hardening" findings of the security review, each through the HTTP API on both backends.

use crate::common;

use std::time::{Duration as StdDuration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use common::Backend;
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

/// An invalid reset token is refused before any argon2 work, and the route is rate limited per
/// address: the 21st attempt in an hour answers 429.
async fn reset_password_checks_the_token_first_and_is_limited(backend: Backend) {
    let app = backend.app(|_| {});
    let body = json!({"token": "not-a-real-token", "newPassword": "a brand new secret"});
    let started = Instant::now();
    for attempt in 1..=20 {
        let res = app.post("/api/auth/reset-password", &body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "attempt {attempt}: {:?}", res.body);
        assert_eq!(res.body["code"], "invalidToken", "{:?}", res.body);
    }
    // Loose (a shared machine): twenty lookups, no argon2 hashing, well within seconds.
    assert!(started.elapsed() < StdDuration::from_secs(20), "{:?}", started.elapsed());
    let res = app.post("/api/auth/reset-password", &body).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert!(res.headers.get("retry-after").is_some());
}

/// The hashing happens only for a valid token: a valid one still resets.
async fn a_valid_reset_token_still_works(backend: Backend) {
    let app = backend.app(|_| {});
    app.sign_up("pia", "pia@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "pia@example.com"})).await;
    let token = reset_token_sent_to(&app, "pia@example.com");
    let res = app
        .post("/api/auth/reset-password", &json!({"token": token, "newPassword": "a brand new secret"}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let login = app
        .post("/api/auth/login", &json!({"email": "pia@example.com", "password": "a brand new secret"}))
        .await;
    assert_eq!(login.status, StatusCode::OK);
}

/// Redeeming one reset link voids every other outstanding link of the account.
async fn a_reset_voids_the_other_reset_links(backend: Backend) {
    let app = backend.app(|_| {});
    app.sign_up("quinn", "quinn@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "quinn@example.com"})).await;
    let first = reset_token_sent_to(&app, "quinn@example.com");
    app.post("/api/auth/forgot-password", &json!({"email": "quinn@example.com"})).await;
    let second = reset_token_sent_to(&app, "quinn@example.com");
    assert_ne!(first, second);
    let res = app
        .post("/api/auth/reset-password", &json!({"token": second, "newPassword": "a brand new secret"}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = app
        .post("/api/auth/reset-password", &json!({"token": first, "newPassword": "an attacker's secret"}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
    assert_eq!(res.body["code"], "tokenExpired", "voided by the other reset");
    let login = app
        .post("/api/auth/login", &json!({"email": "quinn@example.com", "password": "a brand new secret"}))
        .await;
    assert_eq!(login.status, StatusCode::OK);
}

/// Twenty wrong sign-up codes at once still count as twenty wrong tries: the code is dead
/// after five, so the right code is refused after them.
async fn concurrent_wrong_codes_still_kill_the_code(backend: Backend) {
    let app = backend.app(|config| {
        config.rate_limits = vec!["verify-code-ip=off".parse().unwrap()];
    });
    let res = app
        .post(
            "/api/auth/request-code",
            &json!({"username": "racer", "email": "racer@example.com", "password": PASSWORD, "adult": true}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let signup_token = res.body["signupToken"].clone();
    let code = app.code_sent_to("racer@example.com");
    let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    let body = json!({"email": "racer@example.com", "code": wrong, "signupToken": signup_token});
    let lock = hold_row_lock(backend, &app, "pending_signups WHERE email = 'racer@example.com'");
    let answers = app.call_all((0..20).map(|_| post_json("/api/auth/verify-code", &body)).collect()).await;
    if let Some(lock) = lock {
        lock.join().expect("the lock holder");
    }
    assert!(answers.iter().all(|r| r.status == StatusCode::BAD_REQUEST));
    let right = app
        .post(
            "/api/auth/verify-code",
            &json!({"email": "racer@example.com", "code": code, "signupToken": signup_token}),
        )
        .await;
    assert_eq!(right.status, StatusCode::BAD_REQUEST, "dead after 5 wrong tries: {:?}", right.body);
    assert_eq!(right.body["code"], "codeExpired");
    let codes = |code: &str| answers.iter().filter(|r| r.body["code"] == code).count();
    assert_eq!((codes("invalidCode"), codes("codeExpired")), (4, 16), "four retries, then dead");
}

/// Ten redemptions of one reset token at once: exactly one sets the password.
async fn concurrent_redemptions_of_one_reset_token_succeed_once(backend: Backend) {
    let app = backend.app(|_| {});
    app.sign_up("rita", "rita@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "rita@example.com"})).await;
    let token = reset_token_sent_to(&app, "rita@example.com");
    let bodies: Vec<_> =
        (0..10).map(|i| json!({"token": token, "newPassword": format!("new password number {i}")})).collect();
    let lock = hold_row_lock(backend, &app, "password_resets");
    let answers =
        app.call_all(bodies.iter().map(|body| post_json("/api/auth/reset-password", body)).collect()).await;
    if let Some(lock) = lock {
        lock.join().expect("the lock holder");
    }
    let ok = answers.iter().filter(|r| r.status == StatusCode::OK).count();
    assert_eq!(ok, 1, "{:?}", answers.iter().map(|r| r.status).collect::<Vec<_>>());
    assert!(
        answers
            .iter()
            .filter(|r| r.status != StatusCode::OK)
            .all(|r| r.status == StatusCode::BAD_REQUEST && r.body["code"] == "tokenExpired"),
        "the others find it used"
    );
}

/// PostgreSQL: holds a row lock (`SELECT … FOR UPDATE` from another connection) on the rows
/// `from_where` names for a moment, so the concurrent requests' transactions all start, read,
/// and queue on that row: without a conditional update or a lock of their own they would all
/// act on what they read. SQLite serialises writers (`BEGIN IMMEDIATE`): nothing to hold.
fn hold_row_lock(
    backend: Backend,
    app: &common::TestApp,
    from_where: &str,
) -> Option<std::thread::JoinHandle<()>> {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    if matches!(backend, Backend::Sqlite) {
        return None;
    }
    let mut conn = diesel::PgConnection::establish(&app.database_url).expect("a second connection");
    conn.batch_execute(&format!("BEGIN; SELECT 1 FROM {from_where} FOR UPDATE;")).expect("lock the rows");
    Some(std::thread::spawn(move || {
        std::thread::sleep(StdDuration::from_secs(3));
        conn.batch_execute("COMMIT").expect("release the rows");
    }))
}

/// The data directory and the outbox are 0700; the `.eml` files (codes, reset links) and the
/// SQLite database 0600.
#[cfg(unix)]
async fn private_files_are_private(backend: Backend) {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let app = backend.app(|_| {});
    app.sign_up("sara", "sara@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "sara@example.com"})).await;
    let data = app.dir.path().join("data");
    assert_eq!(mode(&data), 0o700, "the data directory");
    assert_eq!(mode(&data.join("outbox")), 0o700, "the outbox");
    let mails: Vec<_> = std::fs::read_dir(data.join("outbox")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(mails.len(), 2, "a sign-up code and a reset link");
    for mail in mails {
        assert_eq!(mode(&mail), 0o600, "{}", mail.display());
    }
    assert_eq!(mode(&data.join("token-secret")), 0o600);
    if matches!(backend, Backend::Sqlite) {
        assert_eq!(mode(std::path::Path::new(&app.database_url)), 0o600, "the SQLite database");
    }
}

#[cfg(not(unix))]
async fn private_files_are_private(_backend: Backend) {}

/// `--help` names the environment variables but never prints a secret's value: a database URL
/// carries its password.
#[test]
fn help_does_not_print_secret_values() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_lavalist"))
        .arg("--help")
        .env("DATABASE_URL", "postgres://u:secret-db-93be@h/db")
        .env("LAVALIST_TOKEN_SECRET", "secret-token-93be-0123456789abcdef0123456789")
        .env("LAVALIST_SMTP_PASSWORD", "secret-smtp-93be")
        .env("LAVALIST_AUTOFILL_API_KEY", "secret-key-93be")
        .output()
        .expect("run lavalist --help");
    assert!(output.status.success(), "{output:?}");
    let text =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("DATABASE_URL"), "{text}");
    // ("secret" itself is in the help's own words: the values are what must not show.)
    assert!(!text.contains("93be") && !text.contains("u:secret"), "{text}");
}

/// Control and bidi-override characters are dropped from prompts, names, spellings and
/// usernames as they come in.
async fn control_and_bidi_characters_are_stripped(backend: Backend) {
    let app = backend.app(|_| {});
    let res = app
        .post(
            "/api/auth/request-code",
            &json!({"username": "\u{202E}tess\u{0007}", "email": "tess@example.com", "password": PASSWORD, "adult": true}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let code = app.code_sent_to("tess@example.com");
    let body = json!({"email": "tess@example.com", "code": code, "signupToken": res.body["signupToken"]});
    let res = app.post("/api/auth/verify-code", &body).await;
    assert_eq!(res.body["user"]["username"], "tess", "{:?}", res.body);
    let token = res.body["token"].as_str().unwrap().to_string();

    let mut items = serde_json::Map::new();
    for i in 1..=10 {
        items.insert(format!("Item\u{202E} {i}\u{0000}"), json!([format!("alt\u{2066}{i}\u{0085}")]));
    }
    let body = json!({"prompt": " \u{202E}Cities\u{200F}\u{0007} ", "items": items});
    let res = app.post_as("/api/game/upload", &token, &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let text = String::from_utf8_lossy(&res.raw).to_string();
    assert_eq!(res.body["prompt"], "Cities");
    assert!(text.contains("\"Item 1\"") && text.contains("\"alt1\""), "{text}");
    for bad in ["\\u202e", "\\u0000", "\\u0007", "\u{202E}", "\u{2066}", "\u{0085}", "\u{200F}"] {
        assert!(!text.to_lowercase().contains(bad), "{bad:?} in {text}");
    }
}

fn post_json(path: &str, body: &serde_json::Value) -> TestRequest {
    TestRequest::post().uri(path).set_json(body)
}

/// A game made daily can no longer be deleted, by its owner or an admin: the day's results
/// are every player's.
async fn a_daily_game_cannot_be_deleted(backend: Backend) {
    let app = backend.app(|_| {});
    let owner = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let upload = app.post_as("/api/game/upload", &owner, &upload_body("Scheduled")).await;
    assert_eq!(upload.status, StatusCode::OK, "{:?}", upload.body);
    let uid = upload.body["uid"].as_str().unwrap().to_string();
    let daily = app.post_as(&format!("/api/admin/make-daily/{uid}"), &admin, &json!({})).await;
    assert_eq!(daily.status, StatusCode::OK, "{:?}", daily.body);
    for token in [&owner, &admin] {
        let res = delete_as(&app, &uid, token).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
        assert_eq!(res.body["code"], "alreadyDaily");
        assert!(res.body["error"].as_str().unwrap().contains("can no longer be deleted"), "{:?}", res.body);
    }
    assert_eq!(app.get_as(&format!("/api/game/uid/{uid}"), &admin).await.status, StatusCode::OK);
    // A game that is not daily is still the owner's to delete.
    let other = app.post_as("/api/game/upload", &owner, &upload_body("Not scheduled")).await;
    let other = other.body["uid"].as_str().unwrap().to_string();
    assert_eq!(delete_as(&app, &other, &owner).await.status, StatusCode::OK);
}

async fn delete_as(app: &common::TestApp, uid: &str, token: &str) -> common::Response {
    let req = TestRequest::delete()
        .uri(&format!("/api/game/uid/{uid}"))
        .insert_header(("authorization", format!("Bearer {token}")));
    app.call(req).await
}

/// An upload body with ten items.
fn upload_body(prompt: &str) -> serde_json::Value {
    let items: serde_json::Map<String, serde_json::Value> =
        (1..=10).map(|i| (format!("{prompt} {i}"), json!([]))).collect();
    json!({"prompt": prompt, "items": items})
}

/// A game made daily for tomorrow is admins' only until tomorrow's New York midnight: by uid,
/// its stats, a community submission and the community listing.
async fn a_future_daily_game_is_hidden_until_its_day(backend: Backend) {
    // 12:00 UTC = 07:00 in New York (EST): today is 2026-01-15 there.
    let app = backend.app_at("2026-01-15T12:00:00Z", |_| {});
    let owner = app.sign_up("maker", "maker@example.com", PASSWORD).await;
    let player = app.sign_up("player", "player@example.com", PASSWORD).await;
    let admin = app.sign_up_admin("boss", "boss@example.com").await;
    let uid = app.post_as("/api/game/upload", &owner, &upload_body("Tomorrow's answers")).await.body["uid"]
        .as_str()
        .unwrap()
        .to_string();
    let daily = app.post_as(&format!("/api/admin/make-daily/{uid}"), &admin, &json!({})).await;
    assert_eq!(daily.body["date"], "2026-01-16", "{:?}", daily.body);

    // 23:59 in New York, the day before.
    app.set_now("2026-01-16T04:59:00Z");
    for token in [None, Some(&player), Some(&owner)] {
        let who = format!("{token:?}");
        let by_uid = get_maybe_as(&app, &format!("/api/game/uid/{uid}"), token).await;
        assert_eq!(by_uid.status, StatusCode::NOT_FOUND, "{who}: {:?}", by_uid.body);
        assert_eq!(by_uid.body["code"], "gameNotFound");
        let stats = get_maybe_as(&app, &format!("/api/game/community-stats/{uid}"), token).await;
        assert_eq!(stats.status, StatusCode::NOT_FOUND, "{who}: {:?}", stats.body);
        let submit = submit_community(&app, &uid).await;
        assert_eq!(submit.status, StatusCode::NOT_FOUND, "{who}: {:?}", submit.body);
        for listing in ["/api/community-games-paginated", "/api/community-games-paginated?username=maker"] {
            let res = get_maybe_as(&app, listing, token).await;
            assert_eq!(res.status, StatusCode::OK);
            assert!(!String::from_utf8_lossy(&res.raw).contains(&uid), "{who} {listing}: {:?}", res.body);
        }
    }
    let by_uid = app.get_as(&format!("/api/game/uid/{uid}"), &admin).await;
    assert_eq!(by_uid.status, StatusCode::OK, "admins see the schedule");
    let listing = app.get_as("/api/community-games-paginated", &admin).await;
    assert!(String::from_utf8_lossy(&listing.raw).contains(&uid));

    // Midnight in New York: the day has come.
    app.set_now("2026-01-16T05:00:00Z");
    for token in [None, Some(&player), Some(&owner)] {
        let by_uid = get_maybe_as(&app, &format!("/api/game/uid/{uid}"), token).await;
        assert_eq!(by_uid.status, StatusCode::OK, "{token:?}: {:?}", by_uid.body);
        assert_eq!(by_uid.body["daily_date"], "2026-01-16");
        let listing = get_maybe_as(&app, "/api/community-games-paginated", token).await;
        assert!(String::from_utf8_lossy(&listing.raw).contains(&uid), "{token:?}");
    }
    let stats = app.get_keyed(&format!("/api/game/community-stats/{uid}"), "fan").await;
    assert_eq!(stats.status, StatusCode::OK, "{:?}", stats.body);
    assert_eq!(submit_community(&app, &uid).await.status, StatusCode::OK);
}

async fn get_maybe_as(app: &common::TestApp, path: &str, token: Option<&String>) -> common::Response {
    match token {
        Some(token) => app.get_as(path, token).await,
        None => app.get(path).await,
    }
}

async fn submit_community(app: &common::TestApp, uid: &str) -> common::Response {
    let body = json!({"answers": common::answers(4), "userKey": "fan", "score": 380, "gameUid": uid});
    app.post("/api/game/submit-community-game", &body).await
}

/// The reset token in the newest message to `email`.
fn reset_token_sent_to(app: &common::TestApp, email: &str) -> String {
    let message =
        app.outbox().into_iter().rev().find(|m| m.contains(&format!("To: {email}"))).expect("a reset e-mail");
    let start = message.find("reset-password?token=").expect("a reset link") + "reset-password?token=".len();
    message[start..start + 64].to_string()
}

/// Logout voids every token of the account (this device's and the others'), at once, even on a
/// clock that stands still; logging in again works, and other accounts keep theirs.
async fn logout_voids_every_token_of_the_account(backend: Backend) {
    let app = backend.app_at("2026-03-02T10:00:00Z", |_| {});
    let phone = app.sign_up("uma", "uma@example.com", PASSWORD).await;
    let laptop = login(&app, "uma@example.com").await;
    let other = app.sign_up("vic", "vic@example.com", PASSWORD).await;
    assert_eq!(app.post("/api/auth/logout", &json!({})).await.status, StatusCode::UNAUTHORIZED);
    let res = app.post_as("/api/auth/logout", &phone, &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.headers.get("cache-control").unwrap(), "private, no-store");
    for token in [&phone, &laptop] {
        assert_eq!(app.get_as("/api/user", token).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(app.post_as("/api/auth/logout", &phone, &json!({})).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_as("/api/user", &other).await.status, StatusCode::OK, "vic is still logged in");
    let again = login(&app, "uma@example.com").await;
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::OK);
    // A password reset still voids tokens too, and logout after it still works.
    assert_eq!(app.post_as("/api/auth/logout", &again, &json!({})).await.status, StatusCode::OK);
    assert_eq!(app.get_as("/api/user", &again).await.status, StatusCode::UNAUTHORIZED);
}

async fn login(app: &common::TestApp, email: &str) -> String {
    let res = app.post("/api/auth/login", &json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["token"].as_str().expect("a token").to_string()
}

/// By default a token lives 7 days, counted from the last `GET /api/user`, which answers a
/// renewed token: a player who comes back within a week stays logged in.
async fn tokens_live_seven_days_from_the_last_visit(backend: Backend) {
    let app = backend.app_at("2026-03-02T10:00:00Z", |_| {});
    let first = app.sign_up("wes", "wes@example.com", PASSWORD).await;
    app.advance(chrono::Duration::days(6));
    let res = app.get_as("/api/user", &first).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["user"]["username"], "wes");
    let renewed = res.body["token"].as_str().expect("a renewed token").to_string();
    app.advance(chrono::Duration::days(1) + chrono::Duration::seconds(1));
    assert_eq!(app.get_as("/api/user", &first).await.status, StatusCode::UNAUTHORIZED, "7 days after login");
    assert_eq!(app.get_as("/api/user", &renewed).await.status, StatusCode::OK, "1 day after the renewal");
    app.advance(chrono::Duration::days(7));
    assert_eq!(app.get_as("/api/user", &renewed).await.status, StatusCode::UNAUTHORIZED, "a week away");
}

/// Only an approved, released community game may sit in a shared cache (or the service
/// worker's); an unreviewed one is its owner's and the admins'.
async fn only_public_community_games_are_cacheable(backend: Backend) {
    let app = backend.app(|_| {});
    let admin = app.sign_up_admin("xena", "xena@example.com").await;
    let public =
        app.add_community("Approved game", lavalist::domains::games::model::ReviewStatus::Approved, true);
    let hidden =
        app.add_community("Unreviewed game", lavalist::domains::games::model::ReviewStatus::Unreviewed, true);
    let res = app.get(&format!("/api/game/uid/{public}")).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers.get("cache-control").unwrap(), "public, no-cache");
    let res = app.get_as(&format!("/api/game/uid/{hidden}"), &admin).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers.get("cache-control").unwrap(), "private, no-store");
    assert_eq!(app.get(&format!("/api/game/uid/{hidden}")).await.status, StatusCode::NOT_FOUND);
}

on_both_backends_with_configs!(
    logout_voids_every_token_of_the_account,
    tokens_live_seven_days_from_the_last_visit,
    only_public_community_games_are_cacheable,
    reset_password_checks_the_token_first_and_is_limited,
    a_valid_reset_token_still_works,
    a_daily_game_cannot_be_deleted,
    a_future_daily_game_is_hidden_until_its_day,
    a_reset_voids_the_other_reset_links,
    concurrent_wrong_codes_still_kill_the_code,
    concurrent_redemptions_of_one_reset_token_succeed_once,
    private_files_are_private,
    control_and_bidi_characters_are_stripped,
    per_player_answers_are_never_stored,
);

/// Every API answer to a request that says who is asking (a token, a userKey header) or that
/// changes something says `private, no-store`, errors included: the creator's stats, the locale
/// choice, a challenge comparison, one's own rating, the dice (also for a guest: each roll is
/// new). A game that is the same for everyone keeps its own header, whoever asks.
async fn per_player_answers_are_never_stored(backend: Backend) {
    let app = backend.app(|_| {});
    let token = app.sign_up("cara", "cara@example.com", PASSWORD).await;
    let uid = app.add_community("Cached game", lavalist::domains::games::model::ReviewStatus::Approved, true);
    let bearer = || ("authorization", format!("Bearer {token}"));
    let keyed = || ("x-user-key", "cara-browser".to_string());
    let requests: Vec<(&str, TestRequest)> = vec![
        ("creator stats", TestRequest::get().uri("/api/me/creator-stats").insert_header(bearer())),
        (
            "locale",
            TestRequest::patch()
                .uri("/api/me/locale")
                .insert_header(bearer())
                .set_json(json!({"locale": "fr"})),
        ),
        (
            "locale refused",
            TestRequest::patch()
                .uri("/api/me/locale")
                .insert_header(bearer())
                .set_json(json!({"locale": "xx"})),
        ),
        (
            "comparison (guest)",
            TestRequest::get().uri("/api/challenges/nope/comparison").insert_header(keyed()),
        ),
        (
            "comparison (account)",
            TestRequest::get().uri("/api/challenges/nope/comparison").insert_header(bearer()),
        ),
        (
            "own rating (guest)",
            TestRequest::get().uri(&format!("/api/game/uid/{uid}/rating")).insert_header(keyed()),
        ),
        (
            "own rating (account)",
            TestRequest::get().uri(&format!("/api/game/uid/{uid}/rating")).insert_header(bearer()),
        ),
        ("dice (guest)", TestRequest::get().uri("/api/community-games/random")),
        ("dice (keyed)", TestRequest::get().uri("/api/community-games/random").insert_header(keyed())),
        ("dice (account)", TestRequest::get().uri("/api/community-games/random").insert_header(bearer())),
        (
            "challenge",
            TestRequest::post()
                .uri("/api/challenges")
                .set_json(json!({"userKey": "cara-browser", "gameUid": uid})),
        ),
        (
            "rating",
            TestRequest::post()
                .uri(&format!("/api/game/uid/{uid}/rating"))
                .insert_header(keyed())
                .set_json(json!({"userKey": "cara-browser", "stars": 4})),
        ),
    ];
    for (what, req) in requests {
        let res = app.call(req).await;
        assert_eq!(
            res.headers.get("cache-control").map(|v| v.to_str().unwrap()),
            Some("private, no-store"),
            "{what} ({}): {:?}",
            res.status,
            res.body
        );
    }
    // The same for everyone, whoever asks.
    let game = app.get_as(&format!("/api/game/uid/{uid}"), &token).await;
    assert_eq!(game.headers.get("cache-control").unwrap(), "public, no-cache");
    let listing = app.get("/api/community-games-paginated").await;
    assert_eq!(listing.status, StatusCode::OK);
    assert!(listing.headers.get("cache-control").is_none_or(|v| v != "private, no-store"));
}

/// What names one player stays out of URLs and caches: no route takes a userKey in its URL, and
/// every answer that is one player's or an admin's is `private, no-store`.
mod player_privacy {
    use crate::common;

    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;
    use common::{answers, Backend, Response, TestApp};
    use diesel::prelude::*;
    use lavalist::domains::accounts::token::Session;
    use lavalist::domains::games::model::ReviewStatus;
    use lavalist::platform::schema::users;
    use serde_json::{json, Value};

    /// An account made straight in the database, with a login token: no argon2 work, so a test
    /// can have many.
    fn quick_user(app: &TestApp, name: &str) -> (String, i64) {
        let id: i64 = diesel::insert_into(users::table)
            .values((
                users::username.eq(name),
                users::username_lower.eq(name.to_lowercase()),
                users::email.eq(format!("{name}@example.com")),
                users::created_at.eq(0),
            ))
            .returning(users::id)
            .get_result(&mut *app.conn())
            .expect("insert a user");
        let now = app.state().clock.now_ms();
        let token =
            app.state().tokens.issue(id, Session { version: 0, login_ms: now }, 0, now).expect("a token");
        (token, id)
    }

    fn admin(app: &TestApp, name: &str) -> String {
        let (token, _) = quick_user(app, name);
        assert!(lavalist::domains::accounts::queries::set_admin(
            &mut app.conn(),
            &format!("{name}@example.com"),
            true
        )
        .expect("grant"));
        token
    }

    fn post_as(path: &str, token: &str, body: &Value) -> TestRequest {
        TestRequest::post()
            .uri(path)
            .insert_header(("authorization", format!("Bearer {token}")))
            .set_json(body)
    }

    /// Creates a group as `token`'s user; its id and invite code.
    async fn create_group(app: &TestApp, token: &str, name: &str) -> (i64, String) {
        let res = app.post_as("/api/groups", token, &json!({"name": name})).await;
        assert_eq!(res.status, StatusCode::OK, "create: {:?}", res.body);
        (
            res.body["id"].as_i64().expect("an id"),
            res.body["inviteCode"].as_str().expect("a code").to_string(),
        )
    }

    /// A daily result for today under `user_key`: all ten found.
    fn won_today(app: &TestApp, user_key: &str) -> Value {
        let date = app.today();
        let prompt = "Key test";
        let actions: Vec<Value> = (1..=10).map(|i| json!({"guess": format!("{prompt} item {i}")})).collect();
        json!({"answers": answers(10), "userKey": user_key, "score": 1000, "date": date.to_string(), "actions": actions})
    }

    /// No route takes a userKey in its URL: the API description names none in a query or a path,
    /// one sent in a query string is not honoured, and the header is.
    async fn no_route_takes_a_user_key_in_the_url(backend: Backend) {
        let app = backend.app(|_| {});
        let spec = app.get("/api/openapi.json").await;
        assert_eq!(spec.status, StatusCode::OK);
        let mut in_url = Vec::new();
        for (path, operations) in spec.body["paths"].as_object().expect("paths") {
            for (method, operation) in operations.as_object().expect("operations") {
                for param in operation["parameters"].as_array().into_iter().flatten() {
                    let name =
                        param["name"].as_str().unwrap_or_default().to_lowercase().replace(['_', '-'], "");
                    if name.contains("userkey") && param["in"] != "header" {
                        in_url.push(format!("{method} {path}: {param}"));
                    }
                }
            }
        }
        assert!(in_url.is_empty(), "userKey in a URL: {in_url:?}");
        app.add_daily(0, "Key test");
        let res = app.post("/api/game/submit", &won_today(&app, "secret-browser-key")).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        let by_query = app.get("/api/game/stats?userKey=secret-browser-key").await;
        assert_eq!(by_query.status, StatusCode::OK, "{:?}", by_query.body);
        assert_eq!(by_query.body["standing"], Value::Null, "the query's key was honoured");
        assert_eq!(by_query.body["playedStreak"], 0);
        let by_header = app
            .call(
                TestRequest::get().uri("/api/game/stats").insert_header(("X-User-Key", "secret-browser-key")),
            )
            .await;
        assert_eq!(by_header.status, StatusCode::OK, "{:?}", by_header.body);
        assert_eq!(by_header.body["playedStreak"], 1, "{:?}", by_header.body);
        assert_eq!(by_header.body["standing"], json!({"kind": "first"}), "{:?}", by_header.body);
        let disputes = app.get("/api/disputes?userKey=secret-browser-key").await;
        assert_eq!(disputes.status, StatusCode::BAD_REQUEST, "{:?}", disputes.body);
        let disputes = app
            .call(TestRequest::get().uri("/api/disputes").insert_header(("X-User-Key", "secret-browser-key")))
            .await;
        assert_eq!(disputes.status, StatusCode::OK, "{:?}", disputes.body);
    }

    fn cache_control(res: &Response) -> &str {
        res.headers.get("cache-control").map_or("", |v| v.to_str().unwrap_or_default())
    }

    /// Every answer that is one player's or an admin's says `Cache-Control: private, no-store`:
    /// invite codes, progress, history, groups and their boards, the edit form, a player's
    /// disputes and stats, the admins' pages; refusals included.
    async fn private_answers_are_never_cached(backend: Backend) {
        let app = backend.app(|_| {});
        app.add_daily(0, "Cache test");
        let today = app.today();
        let (player, _) = quick_user(&app, "player");
        let admin = admin(&app, "boss");
        let (group, code) = create_group(&app, &player, "Private").await;
        let uid = app.add_community("Editable", ReviewStatus::Approved, true);
        let as_player = |path: &str| {
            TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {player}")))
        };
        let as_admin = |path: &str| {
            TestRequest::get().uri(path).insert_header(("authorization", format!("Bearer {admin}")))
        };
        let with_key =
            |path: &str| TestRequest::get().uri(path).insert_header(("X-User-Key", "some-browser"));
        let requests: Vec<(&str, TestRequest, bool)> = vec![
            ("create a group", post_as("/api/groups", &player, &json!({"name": "Another"})), true),
            ("groups", as_player("/api/groups"), true),
            ("group", as_player(&format!("/api/groups/{group}")), true),
            ("boards", as_player(&format!("/api/groups/{group}/boards")), false),
            ("regenerate", post_as(&format!("/api/groups/{group}/code"), &player, &json!({})), false),
            ("invite", as_player(&format!("/api/groups/join/{code}")), false),
            ("group ranks", as_player("/api/group-ranks"), false),
            ("progress", as_player(&format!("/api/progress?date={today}")), true),
            ("history", as_player("/api/history/days"), true),
            ("edit form", as_admin(&format!("/api/game/edit/{uid}")), true),
            ("review", as_admin("/api/admin/review-games"), true),
            ("admin disputes", as_admin("/api/admin/disputes"), true),
            ("admin reports", as_admin("/api/admin/reports"), true),
            ("insights", as_admin("/api/admin/insights"), false),
            ("future days", as_admin("/api/future-days"), true),
            ("own disputes", with_key("/api/disputes"), true),
            ("own stats", with_key("/api/game/stats"), true),
            ("account stats", as_player("/api/game/stats"), true),
            ("a guest's try at a group", TestRequest::get().uri(&format!("/api/groups/{group}")), false),
            (
                "a guest's try at the edit form",
                TestRequest::get().uri(&format!("/api/game/edit/{uid}")),
                false,
            ),
        ];
        for (what, req, must_succeed) in requests {
            let res = app.call(req).await;
            assert!(res.status.as_u16() < 500, "{what}: {} {:?}", res.status, res.body);
            if must_succeed {
                assert_eq!(res.status, StatusCode::OK, "{what}: {:?}", res.body);
            }
            assert_eq!(cache_control(&res), "private, no-store", "{what} ({})", res.status);
        }
        // The same answer for everyone stays cacheable.
        assert_ne!(cache_control(&app.get("/api/game/stats").await), "private, no-store");
    }

    on_both_backends_with_configs!(no_route_takes_a_user_key_in_the_url, private_answers_are_never_cached,);
}
