//! What a logged-in player does to their own account: change the password, choose its language,
//! download their data, delete the account; and the privacy policy's operator settings, which
//! anyone may read.
//!
//! Changing the password and deleting the account both ask for the current password. Each try
//! counts in login's buckets for the account's e-mail (`login-ip`, `login-account` with its
//! growing delay, `login-account-all`), exactly as a login attempt does, and a right password
//! clears this network's failures as a login does: a stolen token gives no more guesses at
//! the password than the login form.

use actix_web::http::header;
use actix_web::{get, patch, post, web, HttpRequest, HttpResponse};
use lavalist_api::accounts::{
    ChangePasswordBody, DeleteAccountBody, Locale, LocaleBody, MessageResponse, PrivacyInfo, User,
    UserResponse,
};

use crate::domains::accounts::jobs::send_mail::{send_soon, SendMail};
use crate::domains::accounts::viewer::AuthUser;
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::i18n;
use crate::platform::mail::Mail;
use crate::platform::ratelimit::{self, Endpoint};
use crate::state::{AppState, PLAYER_DATA};

use super::{deletion, export, password, queries};

fn refusal_at(err: AppError, field: &str) -> AppError {
    match err {
        AppError::Refused { code, message, .. } => {
            AppError::Refused { code, message, field: Some(field.into()) }
        }
        other => other,
    }
}

fn wrong_password(field: &str) -> AppError {
    AppError::Refused {
        code: ErrorCode::WrongPassword,
        message: queries::WRONG_PASSWORD.into(),
        field: Some(field.into()),
    }
}

/// Checks the typed password against the account's, counted as a login attempt for its
/// e-mail; the hash it matched (what the write then requires to be unchanged). A seeded account
/// without a password never matches: its player sets one with a reset link.
async fn check_password(
    state: &AppState,
    req: &HttpRequest,
    user: &AuthUser,
    typed: String,
    field: &str,
) -> Result<String, AppError> {
    let attempt = state.limiter.limit_login(&state.pool, req, &user.row.email).await?;
    let stored = user.row.password_hash.clone();
    // Longer passwords are never set (sign-up and reset refuse them): no argon2 work for them.
    let matches = typed.chars().count() <= password::MAX_PASSWORD_CHARS && {
        let stored = stored.clone();
        web::block(move || password::verify(&typed, stored.as_deref())).await?
    };
    match stored {
        Some(hash) if matches => {
            state.limiter.login_succeeded(&state.pool, attempt).await?;
            Ok(hash)
        }
        _ => {
            tracing::warn!(user_id = user.row.id, path = %req.path(), "wrong current password");
            Err(wrong_password(field))
        }
    }
}

/// Queues a notice after the work has committed and tries it at once; a send that fails is
/// logged and retried by the job runner, never answered: the change itself is done.
async fn notify(state: &web::Data<AppState>, mail: Mail) {
    let (job, queue_state) = (SendMail::new(mail, None), state.clone());
    match db::run(&state.pool, move |conn| job.enqueue(&queue_state, conn, None)).await {
        Ok(id) => send_soon(state, id).await,
        Err(err) => tracing::warn!(error = %err, "could not queue an account notice"),
    }
}

/// The notice `{name}-subject` / `{name}-body` of the locale files, to `to`.
fn notice(locale: Locale, to: &str, name: &str, args: &[(&str, i18n::Arg<'_>)]) -> Mail {
    Mail {
        to: to.to_string(),
        subject: i18n::text(locale, &format!("{name}-subject"), args),
        body: format!("{}\n", i18n::text(locale, &format!("{name}-body"), args)),
        locale,
    }
}

/// Sets the account's language (one of the twelve tags, exactly as written; `null` clears it):
/// the interface follows it on every device, and the server writes its e-mails in it. Answers
/// the account as `GET /api/user` shows it.
#[utoipa::path(patch, path = "/api/me/locale", tag = "accounts", request_body = LocaleBody,
    responses((status = 200, body = User), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody)))]
#[patch("/me/locale")]
pub async fn set_locale(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<LocaleBody>,
) -> Result<web::Json<User>, AppError> {
    let locale = i18n::requested(body.into_inner().locale.as_deref())?.map(Locale::tag);
    let user_id = user.row.id;
    let row = db::run(&state.pool, move |conn| queries::set_locale(conn, user_id, locale)).await?;
    tracing::info!(user_id, locale = locale.unwrap_or("none"), "account language set");
    Ok(web::Json(row.public()))
}

/// Changes the password (current + new; the new one by the sign-up rules). Every other session
/// of the account ends (its tokens stop working, as after a reset, and so do outstanding reset
/// links); this device gets a token of the new session, so it stays logged in. A notice goes to
/// the account's e-mail.
#[utoipa::path(post, path = "/api/user/password", tag = "accounts", request_body = ChangePasswordBody,
    responses((status = 200, body = UserResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/user/password")]
pub async fn change_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<ChangePasswordBody>,
) -> Result<web::Json<UserResponse>, AppError> {
    let body = body.into_inner();
    password::validate(&body.new_password).map_err(|e| refusal_at(e, "newPassword"))?;
    if body.new_password == body.current_password {
        return Err(AppError::Refused {
            code: ErrorCode::InvalidPassword,
            message: "The new password is the same as the current one.".into(),
            field: Some("newPassword".into()),
        });
    }
    let verified = check_password(&state, &req, &user, body.current_password, "currentPassword").await?;
    let new_hash = web::block(move || password::hash(&body.new_password)).await??;
    let (user_id, now_ms) = (user.row.id, state.clock.now_ms());
    let row = db::run(&state.pool, move |conn| {
        queries::change_password(conn, user_id, &verified, &new_hash, now_ms)
    })
    .await
    .map_err(|e| refusal_at(e, "currentPassword"))?;
    tracing::info!(user_id, "password changed: other sessions ended");
    let token = state.tokens.issue(row.id, row.new_session(now_ms), row.tokens_valid_after, now_ms)?;
    let url = state.config.public_url.trim_end_matches('/');
    let args = [("username", row.username.as_str().into()), ("url", url.into())];
    notify(
        &state,
        notice(i18n::pick(row.chosen_locale(), Some(&req)), &row.email, "password-changed", &args),
    )
    .await;
    Ok(web::Json(UserResponse { user: row.public(), token }))
}

/// Deletes the account, confirmed with its password, in one transaction: the player's results
/// stay counted in every game's public numbers but belong to no one, groups they own go to
/// their longest-standing other member (or are deleted when they are alone), published games
/// stay under "deleted user" and unpublished ones are deleted, the e-mail and username are
/// free again, and every token of the account stops working (docs/features/accounts.md).
#[utoipa::path(post, path = "/api/user/delete", tag = "accounts", request_body = DeleteAccountBody,
    responses((status = 200, body = MessageResponse), (status = 400, body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody), (status = 429, body = lavalist_api::ErrorBody)))]
#[post("/user/delete")]
pub async fn delete_account(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<DeleteAccountBody>,
) -> Result<web::Json<MessageResponse>, AppError> {
    let verified = check_password(&state, &req, &user, body.into_inner().password, "password").await?;
    let (user_id, now_ms) = (user.row.id, state.clock.now_ms());
    let done = db::run(&state.pool, move |conn| {
        deletion::delete_account(conn, PLAYER_DATA, user_id, &verified, now_ms)
    })
    .await?;
    if done.games_kept + done.games_deleted > 0 {
        state.games_changed();
    }
    tracing::info!(
        user_id,
        results_moved = done.results_moved,
        groups_handed_over = done.groups_handed_over,
        groups_deleted = done.groups_deleted,
        games_kept = done.games_kept,
        games_deleted = done.games_deleted,
        "account deleted"
    );
    let locale = i18n::pick(user.row.chosen_locale(), Some(&req));
    let args = [("username", user.row.username.as_str().into())];
    notify(&state, notice(locale, &user.row.email, "account-deleted", &args)).await;
    Ok(web::Json(MessageResponse { message: "Your account was deleted.".into() }))
}

/// Everything the server keeps about the logged-in player, as a JSON download: the account,
/// every result, the games they created, their groups, and the disputes and reports they filed.
/// Rate-limited (`export-ip`, `export-account`); never cached.
#[utoipa::path(get, path = "/api/user/export", tag = "accounts",
    responses((status = 200, body = lavalist_api::accounts::AccountExport,
            description = "An attachment (`Content-Disposition`), `Cache-Control: private, no-store`"),
        (status = 401, body = lavalist_api::ErrorBody), (status = 429, body = lavalist_api::ErrorBody)))]
#[get("/user/export")]
pub async fn export_data(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: AuthUser,
) -> Result<HttpResponse, AppError> {
    let user_id = user.row.id;
    state.limiter.limit(&state.pool, &req, Endpoint::Export, Some(&ratelimit::user_key(user_id))).await?;
    let now_ms = state.clock.now_ms();
    let data = db::run(&state.pool, move |conn| export::export(conn, PLAYER_DATA, user_id, now_ms)).await?;
    tracing::info!(user_id, results = data.results.len(), "account data exported");
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"lavalist-data.json\""))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .json(data))
}

/// What the privacy policy shows that the operator sets: a contact and the policy's date
/// (`--privacy-contact`, `--privacy-updated`).
#[utoipa::path(get, path = "/api/privacy", tag = "accounts", responses((status = 200, body = PrivacyInfo)))]
#[get("/privacy")]
pub async fn privacy(state: web::Data<AppState>) -> HttpResponse {
    let contact = state.config.privacy_contact.as_deref().map(str::trim).filter(|c| !c.is_empty());
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=300")).json(PrivacyInfo {
        contact: contact.map(str::to_string),
        updated: state.config.privacy_updated.format("%Y-%m-%d").to_string(),
    })
}
