//! Daily reminders, opt-in (issue 26): a player's choices and browsers (`/api/reminders`), the
//! scheduler the job runner runs ([`scheduler`], `jobs/send_due.rs`), web push ([`push`]) and the e-mails with their
//! one-click unsubscribe (`/api/reminders/unsubscribe`, RFC 8058).
//!
//! A player is who their results belong to: the account when logged in, else the browser's
//! userKey (`X-User-Key`), so "today's game is played" and "the streak" read the same rows the
//! result writer keeps. E-mail reminders need an account.

pub mod jobs;
pub mod keys;
pub mod message;
pub mod player_data;
pub mod push;
pub mod queries;
pub mod schedule;
pub mod scheduler;

use actix_web::dev::Payload;
use actix_web::http::header::ContentType;
use actix_web::{delete, get, post, put, web, FromRequest, HttpRequest, HttpResponse};
use chrono::DateTime;
use futures_util::future::LocalBoxFuture;
use lavalist_api::reminders::{
    PushEndpointBody, PushSubscriptionBody, ReminderMode, ReminderSettings, ReminderSettingsBody,
    UnsubscribeQuery,
};

use self::queries::{ReminderRow, SubscriptionRow};
use crate::domains::accounts::interface::{UserKeyHeader, Viewer};
use crate::domains::submissions::interface::{account_user_key, check_user_key};
use crate::platform::db;
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::ratelimit::Endpoint;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_settings)
        .service(put_settings)
        .service(add_push)
        .service(remove_push)
        .service(unsubscribe_page)
        .service(unsubscribe);
}

/// Whose reminders: the logged-in account, else the browser's userKey; 400 for a guest without
/// one.
pub struct Player {
    pub key: String,
    pub user_id: Option<i64>,
}

impl FromRequest for Player {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let viewer = Viewer::from_request(req, payload);
        let header = UserKeyHeader::from_request(req, payload);
        Box::pin(async move {
            if let Some(account) = viewer.await?.account() {
                return Ok(Player { key: account_user_key(account.id), user_id: Some(account.id) });
            }
            let header = header.await?;
            let key = header.0.ok_or_else(|| AppError::bad_request("Log in or send X-User-Key."))?;
            Ok(Player { key: check_user_key(&key)?.to_string(), user_id: None })
        })
    }
}

/// Writes of settings and subscriptions: the `reminder-ip`, `reminder-account` and (guests)
/// `reminder-guest-ip` buckets.
async fn limit(state: &AppState, req: &HttpRequest, player: &Player) -> Result<(), AppError> {
    state
        .limiter
        .limit_player(&state.pool, req, Endpoint::Reminder, &player.key, player.user_id.is_none())
        .await
}

async fn settings_of(state: &AppState, player: &Player) -> Result<ReminderSettings, AppError> {
    let key = player.key.clone();
    let (row, subscriptions) = db::run(&state.pool, move |conn| {
        Ok((queries::find(conn, &key)?, queries::count_subscriptions(conn, &key)?))
    })
    .await?;
    let email_available = player.user_id.is_some();
    let vapid_public_key = state.reminders.pusher.public_key().to_string();
    Ok(match row {
        Some(row) => ReminderSettings {
            push: row.push,
            email: row.email && email_available,
            time: schedule::format_time(row.local_minute),
            time_zone: row.time_zone,
            mode: if row.only_streak { ReminderMode::StreakAtRisk } else { ReminderMode::EveryDay },
            email_available,
            push_subscriptions: subscriptions,
            vapid_public_key,
            next_at: row.next_due_at.and_then(DateTime::from_timestamp_millis).map(|at| at.to_rfc3339()),
        },
        None => ReminderSettings {
            push: false,
            email: false,
            time: schedule::format_time(schedule::DEFAULT_MINUTE),
            time_zone: String::new(),
            mode: ReminderMode::EveryDay,
            email_available,
            push_subscriptions: subscriptions,
            vapid_public_key,
            next_at: None,
        },
    })
}

/// The player's reminder choices (the defaults until they choose) and the VAPID public key.
#[utoipa::path(get, path = "/api/reminders", tag = "reminders",
    params(("X-User-Key" = Option<String>, Header, description = "A guest's userKey (1 to 128 characters); ignored for a logged-in player, whose reminders are the account's")),
    responses(
        (status = 200, body = ReminderSettings),
        (status = 400, description = "A guest without a usable X-User-Key", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[get("/reminders")]
pub async fn get_settings(
    state: web::Data<AppState>,
    player: Player,
) -> Result<web::Json<ReminderSettings>, AppError> {
    Ok(web::Json(settings_of(&state, &player).await?))
}

/// Stores the player's choices and schedules the next reminder.
#[utoipa::path(put, path = "/api/reminders", tag = "reminders", request_body = ReminderSettingsBody,
    params(("X-User-Key" = Option<String>, Header, description = "A guest's userKey (1 to 128 characters); ignored for a logged-in player, whose reminders are the account's")),
    responses(
        (status = 200, body = ReminderSettings),
        (status = 400, description = "A malformed time or time zone, or a guest without X-User-Key", body = lavalist_api::ErrorBody),
        (status = 401, description = "E-mail reminders asked for without logging in", body = lavalist_api::ErrorBody),
        (status = 413, description = "Body too large", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[put("/reminders")]
pub async fn put_settings(
    state: web::Data<AppState>,
    req: HttpRequest,
    player: Player,
    body: web::Json<ReminderSettingsBody>,
) -> Result<web::Json<ReminderSettings>, AppError> {
    limit(&state, &req, &player).await?;
    let body = body.into_inner();
    let minute = schedule::parse_time(&body.time).ok_or_else(|| {
        AppError::refused(ErrorCode::InvalidTime, "The time must be HH:MM, 00:00 to 23:59.")
    })?;
    let zone = schedule::parse_zone(&body.time_zone)
        .ok_or_else(|| AppError::refused(ErrorCode::InvalidTimeZone, "Unknown time zone."))?;
    if body.email && player.user_id.is_none() {
        return Err(AppError::refused(ErrorCode::Unauthorized, "Log in to get reminders by e-mail."));
    }
    let now = state.clock.now();
    let next_due_at =
        (body.push || body.email).then(|| schedule::next_after(now, minute, zone).timestamp_millis());
    let row = ReminderRow {
        player_key: player.key.clone(),
        user_id: player.user_id,
        push: body.push,
        email: body.email,
        local_minute: minute,
        time_zone: zone.name().to_string(),
        only_streak: body.mode == ReminderMode::StreakAtRisk,
        next_due_at,
        last_day: String::new(),
        created_at: now.timestamp_millis(),
        updated_at: now.timestamp_millis(),
    };
    db::run(&state.pool, move |conn| Ok(queries::save(conn, &row)?)).await?;
    Ok(web::Json(settings_of(&state, &player).await?))
}

/// Stores this browser's push subscription for the player. Only https endpoints of the
/// allow-listed push services are taken.
#[utoipa::path(post, path = "/api/reminders/push", tag = "reminders", request_body = PushSubscriptionBody,
    params(("X-User-Key" = Option<String>, Header, description = "A guest's userKey (1 to 128 characters); ignored for a logged-in player, whose reminders are the account's")),
    responses(
        (status = 200, body = ReminderSettings),
        (status = 400, description = "An endpoint that is not an allow-listed https push service, invalid keys, or a guest without X-User-Key", body = lavalist_api::ErrorBody),
        (status = 413, description = "Body too large", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[post("/reminders/push")]
pub async fn add_push(
    state: web::Data<AppState>,
    req: HttpRequest,
    player: Player,
    body: web::Json<PushSubscriptionBody>,
) -> Result<web::Json<ReminderSettings>, AppError> {
    limit(&state, &req, &player).await?;
    let body = body.into_inner();
    check_endpoint_length(&body.endpoint)?;
    let url = state.reminders.pusher.check_endpoint(&body.endpoint)?;
    push::decode_keys(&body.keys.p256dh, &body.keys.auth)?;
    let row = SubscriptionRow {
        endpoint: url.to_string(),
        player_key: player.key.clone(),
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: state.clock.now_ms(),
    };
    db::run(&state.pool, move |conn| Ok(queries::subscribe(conn, &row)?)).await?;
    Ok(web::Json(settings_of(&state, &player).await?))
}

/// Forgets one of the player's browsers (push turned off there).
#[utoipa::path(delete, path = "/api/reminders/push", tag = "reminders", request_body = PushEndpointBody,
    params(("X-User-Key" = Option<String>, Header, description = "A guest's userKey (1 to 128 characters); ignored for a logged-in player, whose reminders are the account's")),
    responses(
        (status = 200, body = ReminderSettings),
        (status = 400, description = "A guest without X-User-Key, or an address over 1,000 characters (pushEndpointRefused)", body = lavalist_api::ErrorBody),
        (status = 413, description = "Body too large", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[delete("/reminders/push")]
pub async fn remove_push(
    state: web::Data<AppState>,
    player: Player,
    body: web::Json<PushEndpointBody>,
) -> Result<web::Json<ReminderSettings>, AppError> {
    let (key, endpoint) = (player.key.clone(), body.into_inner().endpoint);
    check_endpoint_length(&endpoint)?;
    let endpoint = url::Url::parse(&endpoint).map(|u| u.to_string()).unwrap_or(endpoint);
    db::run(&state.pool, move |conn| Ok(queries::unsubscribe(conn, &key, &endpoint)?)).await?;
    Ok(web::Json(settings_of(&state, &player).await?))
}

/// The schema's `maxLength` of an endpoint, on adding and on removing one.
fn check_endpoint_length(endpoint: &str) -> Result<(), AppError> {
    if endpoint.len() > 1000 {
        return Err(AppError::refused(ErrorCode::PushEndpointRefused, "The push address is too long."));
    }
    Ok(())
}

fn page(status: actix_web::http::StatusCode, title: &str, body: &str) -> HttpResponse {
    HttpResponse::build(status).content_type(ContentType::html()).body(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Lavalist</title></head>\
         <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5\">\
         <main><h1>{title}</h1>{body}</main></body></html>"
    ))
}

/// The page an e-mail's visible unsubscribe link opens: one button, no login. A GET changes
/// nothing (mail scanners follow links); the button POSTs.
#[utoipa::path(get, path = "/api/reminders/unsubscribe", tag = "reminders", params(UnsubscribeQuery),
    responses(
        (status = 200, description = "The confirmation page", content_type = "text/html", body = String),
        (status = 400, description = "A link that is not valid (a page saying so), or no `token` at all (JSON)",
            content((String = "text/html"), (lavalist_api::ErrorBody = "application/json"))),
    ))]
#[get("/reminders/unsubscribe")]
pub async fn unsubscribe_page(
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeQuery>,
) -> HttpResponse {
    let token = &query.token;
    if state.reminders.unsubscribe.verify(token).is_none() {
        return page(
            actix_web::http::StatusCode::BAD_REQUEST,
            "This link is not valid",
            "<p>Open the link from the e-mail once more, or turn e-mail reminders off in the game's Settings.</p>",
        );
    }
    let action = format!("/api/reminders/unsubscribe?token={}", html_attr(token));
    page(
        actix_web::http::StatusCode::OK,
        "Stop e-mail reminders?",
        &format!(
            "<p>You will get no more daily reminder e-mails from Lavalist. You can turn them on again in Settings.</p>\
             <form method=\"post\" action=\"{action}\">\
             <input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\
             <button type=\"submit\" style=\"font:inherit;padding:.5rem 1rem\">Stop e-mail reminders</button></form>"
        ),
    )
}

/// The one-click unsubscribe (RFC 8058): a POST to the `List-Unsubscribe` address, no login, no
/// cookie; the signed token says whose. The body (`List-Unsubscribe=One-Click`) is not needed.
#[utoipa::path(post, path = "/api/reminders/unsubscribe", tag = "reminders", params(UnsubscribeQuery),
    responses(
        (status = 200, description = "E-mail reminders are off (a page saying so)", content_type = "text/html", body = String),
        (status = 400, description = "A token this server did not sign", body = lavalist_api::ErrorBody),
        (status = 503, description = "Database busy; retry", body = lavalist_api::ErrorBody),
    ))]
#[post("/reminders/unsubscribe")]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, AppError> {
    let user_id =
        state.reminders.unsubscribe.verify(&query.token).ok_or_else(|| {
            AppError::refused(ErrorCode::InvalidToken, "This unsubscribe link is not valid.")
        })?;
    let now_ms = state.clock.now_ms();
    let stopped = db::run(&state.pool, move |conn| Ok(queries::stop_email(conn, user_id, now_ms)?)).await?;
    tracing::info!(user_id, stopped, "e-mail reminders unsubscribed by link");
    Ok(page(
        actix_web::http::StatusCode::OK,
        "E-mail reminders are off",
        "<p>You will get no more daily reminder e-mails. You can turn them on again in the game's Settings.</p>",
    ))
}

/// A token is base64url and digits; anything else is escaped all the same.
fn html_attr(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' | '.' => c.to_string(),
            other => format!("&#{};", other as u32),
        })
        .collect()
}
