//! Accounts: sign-up with an e-mailed 6-digit code, login, and the current user.

pub mod claim;
pub mod deletion;
pub mod export;
pub mod interface;
pub mod jobs;
pub mod password;
pub mod player_data;
pub mod queries;
pub mod settings;
pub mod token;
pub mod types;
pub mod viewer;

use actix_web::{get, post, web, HttpRequest};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::domains::accounts::jobs::send_mail::{send_soon, SendMail};
use crate::domains::accounts::viewer::AuthUser;
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::i18n::{self, Locale};
use crate::platform::mail::Mail;
use crate::platform::ratelimit::Endpoint;
use crate::state::{AppState, PLAYER_DATA};
use lavalist_api::accounts::{
    AuthResponse, ForgotPasswordBody, LoginBody, MessageResponse, RequestCodeBody, RequestCodeResponse,
    ResetPasswordBody, UserResponse, VerifyCodeBody,
};
use types::PendingSignup;

/// How long an e-mailed code works.
pub const CODE_LIFETIME_MS: i64 = 10 * 60 * 1000;
pub const LOGIN_FAILED: &str = "Invalid e-mail or password.";
/// How long a reset link works.
pub const RESET_LIFETIME_MS: i64 = 60 * 60 * 1000;
/// The one answer to every forgot-password request, so it tells nothing about accounts.
pub const RESET_SENT: &str = "If an account uses that e-mail, we sent it a link to reset the password.";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(request_code)
        .service(verify_code)
        .service(login)
        .service(current_user)
        .service(logout)
        .service(forgot_password)
        .service(reset_password)
        .service(settings::change_password)
        .service(settings::delete_account)
        .service(settings::export_data)
        .service(settings::privacy)
        .service(settings::set_locale);
}

/// Trimmed and lowercased: one account per mailbox however it is typed.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

fn validate_username(username: &str) -> Result<(), AppError> {
    let ok_chars = username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !(3..=24).contains(&username.len()) || !ok_chars {
        return Err(AppError::refused(
            ErrorCode::InvalidUsername,
            "Usernames have 3 to 24 characters: letters, digits, _ and -.",
        ));
    }
    Ok(())
}

fn validate_email(email: &str) -> Result<(), AppError> {
    email
        .parse::<lettre::Address>()
        .map(|_| ())
        .map_err(|_| AppError::refused(ErrorCode::InvalidEmail, "Please enter a valid e-mail address."))
}

/// SHA-256 is enough for codes (10 minutes, 5 tries) and reset tokens (256 random bits).
fn hash_code(code: &str) -> String {
    hex::encode(Sha256::digest(code.trim().as_bytes()))
}

fn new_code() -> String {
    // ThreadRng is a CSPRNG (ChaCha, seeded from the OS).
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

/// Validates a sign-up, stores it with a fresh code and e-mails the code. The answer's
/// `signupToken` proves later that this client started the sign-up: verify-code needs it, and
/// only a request presenting it (a resend) may replace the pending sign-up before it expires;
/// anyone else gets 409 `signupPending`, so no third party can swap in its own password.
#[utoipa::path(post, path = "/api/auth/request-code", tag = "accounts", request_body = RequestCodeBody,
    responses((status = 200, body = RequestCodeResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 409, body = lavalist_api::ErrorBody), (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/auth/request-code")]
pub async fn request_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<RequestCodeBody>,
) -> Result<web::Json<RequestCodeResponse>, AppError> {
    let body = body.into_inner();
    let username = crate::platform::text::strip_controls(&body.username).trim().to_string();
    let email = normalize_email(&body.email);
    validate_username(&username)?;
    validate_email(&email)?;
    password::validate(&body.password)?;
    let chosen = i18n::requested(body.locale.as_deref())?;
    if !body.adult {
        return Err(AppError::Refused {
            code: ErrorCode::Required,
            message: "Please confirm that you are 18 or older: Lavalist accounts are for adults.".into(),
            field: Some("adult".into()),
        });
    }
    // Counted before the argon2 hash and the lookups: a 409 also tells whether an e-mail or
    // username is taken, so probing is capped per address too.
    state.limiter.limit(&state.pool, &req, Endpoint::RequestCode, Some(&email)).await?;
    let presented = body.signup_token.clone().filter(|t| !t.trim().is_empty());
    let password_hash = web::block(move || password::hash(&body.password)).await??;
    let code = new_code();
    // 256 random bits; only their hash is stored. A resend keeps the token it presented.
    let fresh_token = hex::encode(rand::random::<[u8; 32]>());
    let now_ms = state.clock.now_ms();
    let signup = PendingSignup {
        email: email.clone(),
        username_lower: username.to_lowercase(),
        username: username.clone(),
        password_hash,
        code_hash: hash_code(&code),
        wrong_tries: 0,
        expires_at: now_ms + CODE_LIFETIME_MS,
        signup_token_hash: hash_code(&fresh_token),
        adult_confirmed_at: Some(now_ms),
        locale: chosen.map(|l| l.tag().to_string()),
    };
    // In the language the player reads the sign-up form in: the one sent, else the browser's.
    // Queued with the sign-up (one transaction), replacing an earlier code's mail to the
    // address; useless, and dropped unsent, once the code has expired.
    let mail = SendMail::new(
        code_mail(i18n::pick(chosen, Some(&req)), &username, &email, &code),
        Some(signup.expires_at),
    );
    let presented_hash = presented.as_deref().map(hash_code);
    let queue_state = state.clone();
    let (resent, mail_job) = db::run(&state.pool, move |conn| {
        // The address hashed: the job table need not hold it once the mail is sent.
        let key = format!("signup:{}", hash_code(&signup.email));
        store_signup(conn, signup, presented_hash.as_deref(), now_ms, |conn| {
            mail.enqueue(&queue_state, conn, Some(&key))
        })
    })
    .await?;
    let signup_token = if resent { presented.unwrap_or_default() } else { fresh_token };
    // Sent after the commit, outside the pool: a stalled mail server must not hold a connection
    // gameplay needs. A send that fails or takes too long does not fail the sign-up: the job
    // runner retries it, and the player may ask again (a new code replaces the queued mail).
    send_soon(&state, mail_job).await;
    Ok(web::Json(RequestCodeResponse {
        message: "Check your email for a 6-digit code.".into(),
        signup_token,
    }))
}

/// Stores a sign-up unless its username or e-mail already has an account (409), or another
/// client's sign-up for the e-mail is still pending (409 `signupPending`). `true` for a resend
/// (the presented token's sign-up replaced; it keeps that token).
fn store_signup<T>(
    conn: &mut db::DbConn,
    signup: PendingSignup,
    presented_hash: Option<&str>,
    now_ms: i64,
    queue: impl FnOnce(&mut db::DbConn) -> Result<T, AppError>,
) -> Result<(bool, T), AppError> {
    if queries::username_taken(conn, &signup.username_lower)? {
        return Err(AppError::refused(ErrorCode::UsernameTaken, "That username is taken."));
    }
    if queries::find_user_by_email(conn, &signup.email)?.is_some() {
        return Err(AppError::refused(ErrorCode::EmailTaken, "An account with that e-mail already exists."));
    }
    queries::save_pending(conn, signup, presented_hash, now_ms, queue)
}

fn code_mail(locale: Locale, username: &str, email: &str, code: &str) -> Mail {
    let minutes = CODE_LIFETIME_MS / 60_000;
    let args = [("username", username.into()), ("code", code.into()), ("minutes", minutes.into())];
    Mail {
        to: email.to_string(),
        subject: i18n::text(locale, "signup-code-subject", &[]),
        body: format!("{}\n", i18n::text(locale, "signup-code-body", &args)),
        locale,
    }
}

/// Redeems the code: creates the account and logs it in.
#[utoipa::path(post, path = "/api/auth/verify-code", tag = "accounts", request_body = VerifyCodeBody,
    responses((status = 200, body = AuthResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/auth/verify-code")]
pub async fn verify_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<VerifyCodeBody>,
) -> Result<web::Json<AuthResponse>, AppError> {
    let body = body.into_inner();
    let email = normalize_email(&body.email);
    let locale = i18n::requested(body.locale.as_deref())?.map(Locale::tag);
    state.limiter.limit(&state.pool, &req, Endpoint::VerifyCode, Some(&email)).await?;
    let code_hash = hash_code(&body.code);
    let token_hash = hash_code(&body.signup_token);
    let now_ms = state.clock.now_ms();
    let user = db::run(&state.pool, move |conn| {
        queries::redeem_code(conn, &email, &code_hash, &token_hash, locale, now_ms)
    })
    .await
            .inspect_err(|err| {
                if matches!(err.code(), ErrorCode::InvalidCode | ErrorCode::CodeExpired) {
                    tracing::warn!(path = %req.path(), code = ?err.code(), "sign-up code refused (wrong, expired or used)");
                }
            })?;
    tracing::info!(user_id = user.id, "account created");
    let claimed = claim::claim_for(&state.pool, PLAYER_DATA, body.user_key, user.id).await;
    let token = state.tokens.issue(user.id, user.new_session(now_ms), user.tokens_valid_after, now_ms)?;
    Ok(web::Json(AuthResponse { token, user: user.public(), claimed }))
}

/// E-mail and password → a token. One answer for an unknown e-mail and a wrong password.
#[utoipa::path(post, path = "/api/auth/login", tag = "accounts", request_body = LoginBody,
    responses((status = 200, body = AuthResponse), (status = 401, body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginBody>,
) -> Result<web::Json<AuthResponse>, AppError> {
    let body = body.into_inner();
    let email = normalize_email(&body.email);
    // Every attempt counts per address, before the password is checked (it caps the argon2
    // work one address can cause). Per account it counts as a failure until it succeeds.
    let attempt = state.limiter.limit_login(&state.pool, &req, &email).await?;
    if body.password.chars().count() > password::MAX_PASSWORD_CHARS {
        tracing::warn!(path = %req.path(), "login failed: password too long");
        return Err(AppError::refused(ErrorCode::InvalidCredentials, LOGIN_FAILED));
    }
    // No account's e-mail holds a NUL (sign-up refuses it), and PostgreSQL cannot even look one
    // up: the answer of any unknown e-mail, on both backends.
    if email.contains('\0') {
        tracing::warn!(path = %req.path(), "login failed: unknown e-mail");
        return Err(AppError::refused(ErrorCode::InvalidCredentials, LOGIN_FAILED));
    }
    let user = db::run(&state.pool, move |conn| queries::find_user_by_email(conn, &email)).await?;
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let user_key = body.user_key.clone();
    let matches = web::block(move || password::verify(&body.password, stored.as_deref())).await?;
    let user = match user {
        Some(user) if matches => user,
        _ => {
            tracing::warn!(path = %req.path(), "login failed: unknown e-mail or wrong password");
            return Err(AppError::refused(ErrorCode::InvalidCredentials, LOGIN_FAILED));
        }
    };
    state.limiter.login_succeeded(&state.pool, attempt).await?;
    let claimed = claim::claim_for(&state.pool, PLAYER_DATA, user_key, user.id).await;
    let now_ms = state.clock.now_ms();
    let token = state.tokens.issue(user.id, user.new_session(now_ms), user.tokens_valid_after, now_ms)?;
    Ok(web::Json(AuthResponse { token, user: user.public(), claimed }))
}

/// The logged-in user, with a renewed token: a player who comes back within the token
/// lifetime stays logged in (the lifetime runs from the last visit), up to the session's
/// absolute lifetime from its login. The renewed token is of the presented token's session
/// (its generation and login time), never the row's: a renewal that overlaps a logout or a
/// reset issues a token that is already dead.
#[utoipa::path(get, path = "/api/user", tag = "accounts",
    responses((status = 200, body = UserResponse), (status = 401, body = lavalist_api::ErrorBody)))]
#[get("/user")]
pub async fn current_user(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<UserResponse>, AppError> {
    let token =
        state.tokens.issue(user.row.id, user.session, user.row.tokens_valid_after, state.clock.now_ms())?;
    Ok(web::Json(UserResponse { user: user.row.public(), token }))
}

/// Logs out everywhere: every token issued to the account so far stops working (as after a
/// password reset). Tokens are stateless, so voiding only this device's token would need a
/// deny list; a player who logs out of a shared computer wants all of them gone anyway.
#[utoipa::path(post, path = "/api/auth/logout", tag = "accounts",
    responses((status = 200, body = MessageResponse), (status = 401, body = lavalist_api::ErrorBody)))]
#[post("/auth/logout")]
pub async fn logout(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<MessageResponse>, AppError> {
    let (user_id, now_ms) = (user.row.id, state.clock.now_ms());
    db::run(&state.pool, move |conn| queries::end_sessions(conn, user_id, now_ms)).await?;
    tracing::info!(user_id, "logged out: tokens voided");
    Ok(web::Json(MessageResponse { message: "Logged out.".into() }))
}

/// Sends a reset link when the account exists (and the e-mail has room in its bucket); the
/// answer is the same in every case. Only the per-address limit answers 429: it says nothing
/// about any account.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "accounts", request_body = ForgotPasswordBody,
    responses((status = 200, body = MessageResponse), (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/auth/forgot-password")]
pub async fn forgot_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<ForgotPasswordBody>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let email = normalize_email(&body.email);
    state.limiter.limit(&state.pool, &req, Endpoint::ForgotPassword, None).await?;
    // Counted for unknown e-mails too, so the answer's timing tells nothing either.
    if !state.limiter.account_has_room(&state.pool, &req, Endpoint::ForgotPassword, &email).await? {
        return Ok(web::Json(MessageResponse { message: RESET_SENT.into() }));
    }
    // 256 random bits; only their hash is stored.
    let token = hex::encode(rand::random::<[u8; 32]>());
    let link = format!("{}/reset-password?token={token}", state.config.public_url.trim_end_matches('/'));
    let token_hash = hash_code(&token);
    let now_ms = state.clock.now_ms();
    // No account's e-mail holds a NUL (sign-up refuses it), and PostgreSQL cannot even look one
    // up: the same answer as any unknown e-mail, on both backends.
    if email.contains('\0') {
        return Ok(web::Json(MessageResponse { message: RESET_SENT.into() }));
    }
    // The link's mail is queued with the token (one transaction) in the account's language,
    // then sent after the commit, outside the pool (see `request_code`). An unknown e-mail gets
    // no mail; a send that fails is retried by the job runner (while the link is valid).
    let locale_req = i18n::pick(None, Some(&req));
    let queue_state = state.clone();
    let mail_job = db::run(&state.pool, move |conn| {
        db::write_transaction(conn, |conn| {
            let Some(user) = store_reset(conn, &email, &token_hash, now_ms)? else { return Ok(None) };
            let locale = user.chosen_locale().unwrap_or(locale_req);
            let mail = SendMail::new(reset_mail(locale, &user, &link), Some(now_ms + RESET_LIFETIME_MS));
            mail.enqueue(&queue_state, conn, None).map(Some)
        })
    })
    .await?;
    if let Some(id) = mail_job {
        send_soon(&state, id).await;
    }
    Ok(web::Json(MessageResponse { message: RESET_SENT.into() }))
}

/// Stores a reset token for the account with this e-mail; `None` when there is none.
fn store_reset(
    conn: &mut db::DbConn,
    email: &str,
    token_hash: &str,
    now_ms: i64,
) -> Result<Option<types::UserRow>, AppError> {
    let Some(user) = queries::find_user_by_email(conn, email)? else {
        return Ok(None);
    };
    queries::create_reset(conn, user.id, token_hash, now_ms, RESET_LIFETIME_MS)?;
    Ok(Some(user))
}

fn reset_mail(locale: Locale, user: &types::UserRow, link: &str) -> Mail {
    let hours = RESET_LIFETIME_MS / 3_600_000;
    let args = [("username", user.username.as_str().into()), ("link", link.into()), ("hours", hours.into())];
    Mail {
        to: user.email.clone(),
        subject: i18n::text(locale, "reset-subject", &[]),
        body: format!("{}\n", i18n::text(locale, "reset-body", &args)),
        locale,
    }
}

/// Sets a new password with a reset token (single use, 1 hour); older login tokens stop working.
/// The token is checked (a read) before the argon2 hash, so an invalid token costs no hashing,
/// and every attempt counts in the `reset-password` rate limit.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "accounts", request_body = ResetPasswordBody,
    responses((status = 200, body = MessageResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/auth/reset-password")]
pub async fn reset_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<ResetPasswordBody>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let body = body.into_inner();
    state.limiter.limit(&state.pool, &req, Endpoint::ResetPassword, None).await?;
    if body.token.trim().is_empty() {
        return Err(queries::reset_link_invalid());
    }
    password::validate(&body.new_password)?;
    let token_hash = hash_code(&body.token);
    let now_ms = state.clock.now_ms();
    let check_hash = token_hash.clone();
    let user_id = db::run(&state.pool, move |conn| queries::find_reset(conn, &check_hash, now_ms))
        .await
        .inspect_err(|err| {
            if matches!(err.code(), ErrorCode::InvalidToken | ErrorCode::TokenExpired) {
                tracing::warn!(path = %req.path(), code = ?err.code(), "reset token refused (unknown, used or expired)");
            }
        })?;
    let password_hash = web::block(move || password::hash(&body.new_password)).await??;
    db::run(&state.pool, move |conn| queries::redeem_reset(conn, &token_hash, &password_hash, now_ms))
        .await?;
    tracing::info!(user_id, "password reset");
    Ok(web::Json(MessageResponse { message: "Password reset successfully".into() }))
}
