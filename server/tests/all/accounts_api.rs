//! Sign-up with the e-mailed code, login, the current user and the token checks.

use crate::common;

use actix_web::http::StatusCode;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Utc;
use common::TestApp;
use diesel::prelude::*;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use lavalist::domains::accounts::token::Claims;
use lavalist::platform::schema::{pending_signups, users};
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

/// Tokens and account data must not sit in a cache: `/api/user` and every `/api/auth/*` answer,
/// successes and errors alike, say `Cache-Control: private, no-store`; other answers are not
/// touched.
async fn account_answers_are_never_cached(app: TestApp) {
    let token = app.sign_up("olive", "olive@example.com", PASSWORD).await;
    let answers = [
        ("request-code", request_code(&app, "oscar", "oscar@example.com", PASSWORD).await),
        ("verify-code", verify(&app, "oscar@example.com", "000000", "").await),
        (
            "login",
            app.post("/api/auth/login", &json!({"email": "olive@example.com", "password": PASSWORD})).await,
        ),
        (
            "bad login",
            app.post("/api/auth/login", &json!({"email": "olive@example.com", "password": "nope"})).await,
        ),
        (
            "forgot-password",
            app.post("/api/auth/forgot-password", &json!({"email": "olive@example.com"})).await,
        ),
        (
            "reset-password",
            app.post("/api/auth/reset-password", &json!({"token": "nonsense", "password": PASSWORD})).await,
        ),
        ("unknown auth path", app.get("/api/auth/nothing-here").await),
        ("user", app.get_as("/api/user", &token).await),
        ("user without a token", app.get("/api/user").await),
    ];
    for (what, res) in &answers {
        let cache = res.headers.get("cache-control").map(|v| v.to_str().unwrap().to_string());
        assert_eq!(cache.as_deref(), Some("private, no-store"), "{what} ({}): {:?}", res.status, res.body);
    }
    assert_eq!(answers[2].1.status, StatusCode::OK, "login: {:?}", answers[2].1.body);
    assert_eq!(answers[7].1.status, StatusCode::OK, "user: {:?}", answers[7].1.body);
    let stats = app.get("/api/game/stats").await;
    assert_ne!(stats.headers.get("cache-control").map(|v| v.to_str().unwrap()), Some("private, no-store"));
}

async fn request_code(app: &TestApp, username: &str, email: &str, password: &str) -> common::Response {
    app.post(
        "/api/auth/request-code",
        &json!({"username": username, "email": email, "password": password, "adult": true}),
    )
    .await
}

/// A "send a new code" from the client that started the sign-up: it presents its token.
async fn resend(
    app: &TestApp,
    username: &str,
    email: &str,
    password: &str,
    signup_token: &str,
) -> common::Response {
    let body = json!({"username": username, "email": email, "password": password, "signupToken": signup_token, "adult": true});
    app.post("/api/auth/request-code", &body).await
}

fn signup_token(res: &common::Response) -> String {
    res.body["signupToken"].as_str().unwrap_or_else(|| panic!("a signupToken: {:?}", res.body)).to_string()
}

async fn verify(app: &TestApp, email: &str, code: &str, signup_token: &str) -> common::Response {
    app.post("/api/auth/verify-code", &json!({"email": email, "code": code, "signupToken": signup_token}))
        .await
}

async fn sign_up_reads_the_code_from_the_outbox(app: TestApp) {
    let res = request_code(&app, "Alice_1", "Alice@Example.com", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let st = signup_token(&res);
    let code = app.code_sent_to("alice@example.com");
    assert!(code.chars().all(|c| c.is_ascii_digit()) && code.len() == 6);
    let res = verify(&app, "alice@example.com", &code, &st).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["user"], json!({"username": "Alice_1", "email": "alice@example.com"}));
    let token = res.body["token"].as_str().unwrap();
    let me = app.get_as("/api/user", token).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["user"]["username"], "Alice_1");
    // Single use: the same code cannot make a second account.
    assert_eq!(verify(&app, "alice@example.com", &code, &st).await.status, StatusCode::BAD_REQUEST);
}

async fn password_hash_is_argon2id_with_strong_parameters(app: TestApp) {
    app.sign_up("bob", "bob@example.com", PASSWORD).await;
    let stored: Option<String> = users::table
        .filter(users::email.eq("bob@example.com"))
        .select(users::password_hash)
        .first(&mut app.conn())
        .unwrap();
    let stored = stored.expect("a password hash");
    let parsed = argon2::PasswordHash::new(&stored).expect("a PHC string");
    assert_eq!(parsed.algorithm.as_str(), "argon2id");
    let params = argon2::Params::try_from(&parsed).expect("argon2 parameters");
    assert!(params.m_cost() >= 19 * 1024, "m = {}", params.m_cost());
    assert!(params.t_cost() >= 2, "t = {}", params.t_cost());
    assert_eq!(params.p_cost(), 1);
    assert!(!stored.contains(PASSWORD));
}

async fn the_code_is_never_stored_or_logged_in_clear(app: TestApp) {
    request_code(&app, "carol", "carol@example.com", PASSWORD).await;
    let code = app.code_sent_to("carol@example.com");
    let stored: String =
        pending_signups::table.select(pending_signups::code_hash).first(&mut app.conn()).unwrap();
    assert_ne!(stored, code);
    assert_eq!(stored.len(), 64, "a SHA-256 hex digest");
}

/// A mistyped code says to check it and retry (`invalidCode`), and a retry with the right code
/// works; the fifth wrong try says the code is dead (`codeExpired`), as does the right code then.
async fn five_wrong_codes_lock_that_code(app: TestApp) {
    let st = signup_token(&request_code(&app, "dave", "dave@example.com", PASSWORD).await);
    let code = app.code_sent_to("dave@example.com");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in 1..=4 {
        let res = verify(&app, "dave@example.com", wrong, &st).await;
        assert_eq!((res.status, res.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("invalidCode")));
        let message = res.body["error"].as_str().unwrap();
        assert!(
            message.contains("Check the 6-digit code") && message.contains("try again"),
            "{attempt}: {message}"
        );
        assert!(!message.contains("expired"), "a typo is not an expiry: {message}");
    }
    let last = verify(&app, "dave@example.com", wrong, &st).await;
    assert_eq!((last.status, last.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    assert!(last.body["error"].as_str().unwrap().contains("request a new one"), "{:?}", last.body);
    let dead = verify(&app, "dave@example.com", &code, &st).await;
    assert_eq!((dead.status, dead.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    // A resend replaces the dead code with a working one.
    resend(&app, "dave", "dave@example.com", PASSWORD, &st).await;
    let fresh = app.code_sent_to("dave@example.com");
    assert_eq!(verify(&app, "dave@example.com", &fresh, &st).await.status, StatusCode::OK);
}

async fn a_mistyped_code_can_be_retried(app: TestApp) {
    let st = signup_token(&request_code(&app, "gail", "gail@example.com", PASSWORD).await);
    let code = app.code_sent_to("gail@example.com");
    let typo: String = code.chars().rev().collect::<String>();
    let typo =
        if typo == code { format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000) } else { typo };
    let res = verify(&app, "gail@example.com", &typo, &st).await;
    assert_eq!(res.body["code"], "invalidCode", "{:?}", res.body);
    let res = verify(&app, "gail@example.com", &code, &st).await;
    assert_eq!(res.status, StatusCode::OK, "the right code after a typo: {:?}", res.body);
    // Used: no code is waiting any more, which is not a typo either.
    let again = verify(&app, "gail@example.com", &code, &st).await;
    assert_eq!((again.status, again.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    let never = verify(&app, "nobody@example.com", "123456", &st).await;
    assert_eq!(never.body["code"], "codeExpired", "no sign-up waits for that e-mail: {:?}", never.body);
}

async fn an_expired_code_is_refused(app: TestApp) {
    let st = signup_token(&request_code(&app, "erin", "erin@example.com", PASSWORD).await);
    let code = app.code_sent_to("erin@example.com");
    diesel::update(pending_signups::table)
        .set(pending_signups::expires_at.eq(Utc::now().timestamp_millis() - 1))
        .execute(&mut app.conn())
        .unwrap();
    let res = verify(&app, "erin@example.com", &code, &st).await;
    assert_eq!((res.status, res.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    assert_eq!(res.body["error"], "That code has expired. Please request a new one.");
    let typo = verify(&app, "erin@example.com", "999999", &st).await;
    assert_eq!(typo.body["code"], "codeExpired", "an expired code is expired whatever is typed");
}

async fn resends_are_capped_per_email(app: TestApp) {
    // The default request-code-account limit: 3 codes per address per 10 minutes.
    let st = signup_token(&request_code(&app, "frank", "frank@example.com", PASSWORD).await);
    for _ in 0..2 {
        assert_eq!(resend(&app, "frank", "frank@example.com", PASSWORD, &st).await.status, StatusCode::OK);
    }
    let res = resend(&app, "frank", "frank@example.com", PASSWORD, &st).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers.contains_key("retry-after"));
    assert_eq!(app.outbox().len(), 3);
}

async fn sign_up_input_is_validated(app: TestApp) {
    let cases = [
        ("ab", "a@example.com", PASSWORD),
        ("has space", "a@example.com", PASSWORD),
        ("good_name", "not-an-email", PASSWORD),
        ("good_name", "a@example.com", "short"),
        ("good_name", "a@example.com", "aaaaaaaaaaaa"),
        ("good_name", "a@example.com", "Password1"),
    ];
    for (username, email, password) in cases {
        let res = request_code(&app, username, email, password).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{username} {email} {password}");
        assert!(res.body["error"].is_string());
    }
    let long = "x1".repeat(200);
    assert_eq!(request_code(&app, "good_name", "a@example.com", &long).await.status, StatusCode::BAD_REQUEST);
    let sixty_four = "p4ssw0rd".repeat(8);
    assert_eq!(request_code(&app, "good_name", "a@example.com", &sixty_four).await.status, StatusCode::OK);
    assert!(app.outbox().iter().all(|m| !m.contains(&sixty_four)), "the password is never mailed");
}

async fn taken_username_and_email_are_refused(app: TestApp) {
    app.sign_up("Grace", "grace@example.com", PASSWORD).await;
    assert_eq!(request_code(&app, "GRACE", "other@example.com", PASSWORD).await.status, StatusCode::CONFLICT);
    assert_eq!(request_code(&app, "other", "GRACE@example.com", PASSWORD).await.status, StatusCode::CONFLICT);
}

async fn login_gives_one_error_for_unknown_email_and_wrong_password(app: TestApp) {
    app.sign_up("heidi", "heidi@example.com", PASSWORD).await;
    let ok = app.post("/api/auth/login", &json!({"email": "Heidi@example.com", "password": PASSWORD})).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["user"]["username"], "heidi");
    assert_eq!(app.get_as("/api/user", ok.body["token"].as_str().unwrap()).await.status, StatusCode::OK);
    let wrong = app
        .post("/api/auth/login", &json!({"email": "heidi@example.com", "password": "wrong password"}))
        .await;
    let unknown =
        app.post("/api/auth/login", &json!({"email": "nobody@example.com", "password": PASSWORD})).await;
    // No account's e-mail holds a NUL: the same answer on both backends (PostgreSQL cannot look one up).
    let nul =
        app.post("/api/auth/login", &json!({"email": "heidi\0@example.com", "password": PASSWORD})).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!((nul.status, nul.body), (StatusCode::UNAUTHORIZED, unknown.body));
}

async fn user_needs_a_bearer_token(app: TestApp) {
    let res = app.get("/api/user").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert!(res.body["error"].is_string());
    assert_eq!(app.get_as("/api/user", "not.a.token").await.status, StatusCode::UNAUTHORIZED);
}

fn claims(user_id: i64, aud: &str, typ: &str, exp_offset: i64) -> Claims {
    let now = Utc::now().timestamp();
    Claims {
        sub: user_id.to_string(),
        aud: aud.into(),
        typ: typ.into(),
        iat: now,
        iat_ms: now * 1000,
        exp: now + exp_offset,
        ver: 0,
        login_ms: None,
    }
}

fn sign(alg: Algorithm, secret: &[u8], claims: &Claims) -> String {
    encode(&Header::new(alg), claims, &EncodingKey::from_secret(secret)).unwrap()
}

fn unsigned(claims: &Claims) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims).unwrap());
    format!("{header}.{body}.")
}

async fn tampered_tokens_are_rejected(app: TestApp) {
    app.sign_up("ivan", "ivan@example.com", PASSWORD).await;
    let id: i64 = users::table.select(users::id).first(&mut app.conn()).unwrap();
    let secret = app.token_secret();
    let secret = secret.as_bytes();
    let good = sign(Algorithm::HS256, secret, &claims(id, "lavalist", "login", 3600));
    assert_eq!(app.get_as("/api/user", &good).await.status, StatusCode::OK, "the forge itself works");
    let tampered = [
        ("alg none", unsigned(&claims(id, "lavalist", "login", 3600))),
        ("HS512", sign(Algorithm::HS512, secret, &claims(id, "lavalist", "login", 3600))),
        (
            "bad signature",
            sign(
                Algorithm::HS256,
                b"another secret of enough length!!",
                &claims(id, "lavalist", "login", 3600),
            ),
        ),
        ("expired", sign(Algorithm::HS256, secret, &claims(id, "lavalist", "login", -10))),
        ("wrong audience", sign(Algorithm::HS256, secret, &claims(id, "elsewhere", "login", 3600))),
        ("wrong type", sign(Algorithm::HS256, secret, &claims(id, "lavalist", "reset", 3600))),
        ("unknown user", sign(Algorithm::HS256, secret, &claims(id + 1000, "lavalist", "login", 3600))),
    ];
    for (case, token) in tampered {
        let res = app.get_as("/api/user", &token).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{case}");
    }
}

async fn tokens_issued_before_tokens_valid_after_are_rejected(app: TestApp) {
    let token = app.sign_up("judy", "judy@example.com", PASSWORD).await;
    diesel::update(users::table)
        .set(users::tokens_valid_after.eq(Utc::now().timestamp_millis() + 5))
        .execute(&mut app.conn())
        .unwrap();
    assert_eq!(app.get_as("/api/user", &token).await.status, StatusCode::UNAUTHORIZED);
}

async fn tokens_expire_within_thirty_days(app: TestApp) {
    let token = app.sign_up("kim", "kim@example.com", PASSWORD).await;
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    let lifetime = claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap();
    assert!(lifetime > 0 && lifetime <= 30 * 86_400);
    assert_eq!(claims["aud"], "lavalist");
    let header: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(token.split('.').next().unwrap()).unwrap()).unwrap();
    assert_eq!(header["alg"], "HS256");
}

async fn the_token_secret_is_generated_once_into_the_data_dir(app: TestApp) {
    let secret = app.token_secret();
    assert!(secret.trim().len() >= 64, "256 bits in hex");
    let token = app.sign_up("leo", "leo@example.com", PASSWORD).await;
    // A second app over the same data directory keeps the secret, so tokens survive restarts.
    let again = lavalist::domains::accounts::token::TokenKeys::from_config(&app.state().config).unwrap();
    assert!(again.verify(&token, app.state().clock.now_ms()).is_ok());
    assert_eq!(app.token_secret(), secret);
}

/// The reset token in the newest message to `email`.
fn reset_token_sent_to(app: &TestApp, email: &str) -> String {
    let message =
        app.outbox().into_iter().rev().find(|m| m.contains(&format!("To: {email}"))).expect("a reset e-mail");
    let start = message.find("reset-password?token=").expect("a reset link") + "reset-password?token=".len();
    message[start..start + 64].to_string()
}

async fn forgot_password_answers_the_same_for_unknown_emails(app: TestApp) {
    app.sign_up("mia", "mia@example.com", PASSWORD).await;
    let sent_before = app.outbox().len();
    let known = app.post("/api/auth/forgot-password", &json!({"email": "MIA@example.com"})).await;
    let unknown = app.post("/api/auth/forgot-password", &json!({"email": "ghost@example.com"})).await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(known.body, unknown.body);
    assert_eq!(app.outbox().len(), sent_before + 1, "only the real account gets an e-mail");
    let message = app.outbox().into_iter().last().unwrap();
    assert!(message.contains("http://localhost:8080/reset-password?token="));
}

async fn reset_password_voids_old_tokens_and_is_single_use(app: TestApp) {
    let old_token = app.sign_up("noah", "noah@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "noah@example.com"})).await;
    let reset = reset_token_sent_to(&app, "noah@example.com");
    let stored: Vec<String> = lavalist::platform::schema::password_resets::table
        .select(lavalist::platform::schema::password_resets::token_hash)
        .load(&mut app.conn())
        .unwrap();
    assert!(!stored.contains(&reset), "only the hash is stored");

    let body = json!({"token": reset, "newPassword": "a brand new secret"});
    let res = app.post("/api/auth/reset-password", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(app.get_as("/api/user", &old_token).await.status, StatusCode::UNAUTHORIZED);
    let again = app
        .post("/api/auth/reset-password", &json!({"token": reset, "newPassword": "yet another secret"}))
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(again.body["code"], "tokenExpired", "a used link: {:?}", again.body);

    let old = app.post("/api/auth/login", &json!({"email": "noah@example.com", "password": PASSWORD})).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    let new = app
        .post("/api/auth/login", &json!({"email": "noah@example.com", "password": "a brand new secret"}))
        .await;
    assert_eq!(new.status, StatusCode::OK);
    assert_eq!(app.get_as("/api/user", new.body["token"].as_str().unwrap()).await.status, StatusCode::OK);
}

async fn reset_tokens_expire_and_are_capped(app: TestApp) {
    app.sign_up("olga", "olga@example.com", PASSWORD).await;
    app.post("/api/auth/forgot-password", &json!({"email": "olga@example.com"})).await;
    let reset = reset_token_sent_to(&app, "olga@example.com");
    diesel::update(lavalist::platform::schema::password_resets::table)
        .set(lavalist::platform::schema::password_resets::expires_at.eq(Utc::now().timestamp_millis() - 1))
        .execute(&mut app.conn())
        .unwrap();
    let res = app
        .post("/api/auth/reset-password", &json!({"token": reset, "newPassword": "a brand new secret"}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.body["code"], "tokenExpired", "an expired link: {:?}", res.body);
    let weak = app.post("/api/auth/reset-password", &json!({"token": reset, "newPassword": "short"})).await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    let empty = app
        .post("/api/auth/reset-password", &json!({"token": "", "newPassword": "a brand new secret"}))
        .await;
    assert_eq!(empty.body["code"], "invalidToken");

    let before = app.outbox().len();
    for _ in 0..4 {
        let res = app.post("/api/auth/forgot-password", &json!({"email": "olga@example.com"})).await;
        assert_eq!(res.status, StatusCode::OK);
    }
    assert_eq!(app.outbox().len(), before + 2, "3 reset e-mails per hour per account");
}

async fn every_response_has_security_headers(app: TestApp) {
    for res in [app.get("/api/user").await, app.get("/").await, app.get("/api/nope").await] {
        assert_eq!(res.headers.get("x-content-type-options").unwrap(), "nosniff");
        assert_eq!(res.headers.get("referrer-policy").unwrap(), "strict-origin-when-cross-origin");
        assert!(res.headers.get("strict-transport-security").is_none(), "plain HTTP");
    }
    let https = app
        .call(
            actix_web::test::TestRequest::get()
                .uri("/api/health")
                .insert_header(("x-forwarded-proto", "https")),
        )
        .await;
    assert!(https.headers.get("strict-transport-security").is_some());
}

/// The takeover from the "Hardening" issue: a third party asks for a code for the victim's
/// pending e-mail with its own password. It is refused (409 `signupPending`), cannot verify
/// without the victim's token (not even with the right code), and the account the victim makes
/// has the victim's password.
async fn a_pending_sign_up_cannot_be_taken_over(app: TestApp) {
    let first = request_code(&app, "victim", "victim@example.com", PASSWORD).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let st = signup_token(&first);
    assert_eq!(st.len(), 64, "256 bits in hex");
    let attacker = request_code(&app, "mallory", "Victim@example.com", "attacker password 1").await;
    assert_eq!(attacker.status, StatusCode::CONFLICT, "{:?}", attacker.body);
    assert_eq!(attacker.body["code"], "signupPending");
    assert!(attacker.body["error"].as_str().unwrap().contains("already sent"));
    let wrong_token = "0".repeat(64);
    let forged = resend(&app, "mallory", "victim@example.com", "attacker password 1", &wrong_token).await;
    assert_eq!(forged.status, StatusCode::CONFLICT, "{:?}", forged.body);
    assert_eq!(app.outbox().len(), 1, "no code mailed for the refused requests");
    let code = app.code_sent_to("victim@example.com");
    let res = verify(&app, "victim@example.com", &code, &wrong_token).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.body["code"], "invalidCode");
    let res = verify(&app, "victim@example.com", &code, &st).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["user"]["username"], "victim");
    let mine = json!({"email": "victim@example.com", "password": PASSWORD});
    assert_eq!(app.post("/api/auth/login", &mine).await.status, StatusCode::OK);
    let theirs = json!({"email": "victim@example.com", "password": "attacker password 1"});
    assert_eq!(app.post("/api/auth/login", &theirs).await.status, StatusCode::UNAUTHORIZED);
}

/// "Send a new code" from the client that started the sign-up works: the same token, a new
/// code, and the old code dead.
async fn a_resend_with_the_signup_token_works(app: TestApp) {
    let st = signup_token(&request_code(&app, "rita", "rita@example.com", PASSWORD).await);
    let old = app.code_sent_to("rita@example.com");
    let again = resend(&app, "rita", "rita@example.com", PASSWORD, &st).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    assert_eq!(signup_token(&again), st, "a resend keeps its token");
    let messages = app.outbox();
    assert_eq!(messages.len(), 2);
    let fresh = messages[1].split("code is ").nth(1).unwrap()[..6].to_string();
    if fresh != old {
        assert_eq!(verify(&app, "rita@example.com", &old, &st).await.status, StatusCode::BAD_REQUEST);
    }
    assert_eq!(verify(&app, "rita@example.com", &fresh, &st).await.status, StatusCode::OK);
}

/// verify-code without the token (or with another) is refused like a wrong code and counts as a
/// wrong try: five of them kill the code, and the fifth already says so.
async fn verify_without_the_signup_token_fails(app: TestApp) {
    let st = signup_token(&request_code(&app, "tom", "tom@example.com", PASSWORD).await);
    let code = app.code_sent_to("tom@example.com");
    for attempt in 1..=5 {
        let res = app.post("/api/auth/verify-code", &json!({"email": "tom@example.com", "code": code})).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{:?}", res.body);
        let expected = if attempt < 5 { "invalidCode" } else { "codeExpired" };
        assert_eq!(res.body["code"], expected, "attempt {attempt}: {:?}", res.body);
    }
    let dead = verify(&app, "tom@example.com", &code, &st).await;
    assert_eq!((dead.status, dead.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("codeExpired")));
    // The owner's resend revives it; anyone else still gets 409 until it expires.
    let other = request_code(&app, "tom", "tom@example.com", PASSWORD).await;
    assert_eq!(other.status, StatusCode::CONFLICT);
    assert_eq!(resend(&app, "tom", "tom@example.com", PASSWORD, &st).await.status, StatusCode::OK);
    let fresh = app.code_sent_to("tom@example.com");
    assert_eq!(verify(&app, "tom@example.com", &fresh, &st).await.status, StatusCode::OK);
}

/// An expired pending sign-up no longer blocks the e-mail: anyone may start over.
async fn an_expired_pending_sign_up_may_be_replaced(app: TestApp) {
    request_code(&app, "uma", "uma@example.com", PASSWORD).await;
    diesel::update(pending_signups::table)
        .set(pending_signups::expires_at.eq(Utc::now().timestamp_millis() - 1))
        .execute(&mut app.conn())
        .unwrap();
    let res = request_code(&app, "uma2", "uma@example.com", PASSWORD).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

on_both_backends!(
    account_answers_are_never_cached,
    every_response_has_security_headers,
    forgot_password_answers_the_same_for_unknown_emails,
    reset_password_voids_old_tokens_and_is_single_use,
    reset_tokens_expire_and_are_capped,
    sign_up_reads_the_code_from_the_outbox,
    password_hash_is_argon2id_with_strong_parameters,
    the_code_is_never_stored_or_logged_in_clear,
    five_wrong_codes_lock_that_code,
    a_mistyped_code_can_be_retried,
    an_expired_code_is_refused,
    resends_are_capped_per_email,
    sign_up_input_is_validated,
    taken_username_and_email_are_refused,
    login_gives_one_error_for_unknown_email_and_wrong_password,
    user_needs_a_bearer_token,
    tampered_tokens_are_rejected,
    tokens_issued_before_tokens_valid_after_are_rejected,
    tokens_expire_within_thirty_days,
    the_token_secret_is_generated_once_into_the_data_dir,
    a_pending_sign_up_cannot_be_taken_over,
    a_resend_with_the_signup_token_works,
    verify_without_the_signup_token_fails,
    an_expired_pending_sign_up_may_be_replaced,
);
