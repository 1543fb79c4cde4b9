//! Group channels: a group's owner connects the group to a chat channel by an incoming-webhook
//! URL (Discord's or Slack's format, told apart by the URL's path), tests, changes and
//! disconnects it. The channel then gets each member's spoiler-free share lines when they finish
//! a daily game (the `channel_result` job, `jobs/result_message.rs`, queued when the daily
//! submission route has stored the result) and, once a day has closed in New York, that day's group board (`worker`).
//!
//! Every message goes through the outbox (`channel_deliveries`): queued once per key, claimed
//! by one instance, retried with back-off, and after `--channel-max-failures` failed attempts
//! in a row the channel is disabled and its owner sees why on the group page. Addresses follow
//! the rules of [`crate::platform::outbound`] when saved and again at every send.
//!
//! Only the owner reaches these routes ([`GroupOwner`]: 404 for a non-member, 403 for a member).

pub mod interface;
pub mod jobs;
pub mod messages;
pub mod queries;
pub mod worker;

use actix_web::{delete, get, post, put, web, HttpRequest};
use lavalist_api::channels::{ChannelBody, ChannelDisabled, ChannelState, ChannelTestResult};

use crate::domains::groups::interface::GroupOwner;
use crate::platform::clock::format_millis;
use crate::platform::config::ChannelsConfig;
use crate::platform::db::{self, DbConn};
use crate::platform::error::{AppError, ErrorCode};
use crate::platform::outbound::{self, AddressPolicy, OutboundError};
use crate::platform::ratelimit::{self, Endpoint};
use crate::state::AppState;

/// The longest webhook URL accepted (Discord's and Slack's are about 120 characters).
pub const MAX_URL_CHARS: usize = 500;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_channel).service(save_channel).service(delete_channel).service(test_channel);
}

fn state_of(conn: &mut DbConn, group_id: i64) -> Result<ChannelState, AppError> {
    let Some(row) = queries::channel(conn, group_id)? else {
        return Ok(ChannelState {
            connected: false,
            kind: None,
            host: None,
            disabled: None,
            last_delivery_at: None,
            last_error: None,
            pending: 0,
        });
    };
    let host = url::Url::parse(&row.url).ok().and_then(|u| u.host_str().map(str::to_string));
    let disabled = row.disabled_at.map(|at| ChannelDisabled {
        at: format_millis(at),
        reason: row.disabled_reason.clone().unwrap_or_default(),
    });
    Ok(ChannelState {
        connected: true,
        kind: messages::parse_kind(&row.kind),
        host,
        last_error: if disabled.is_some() { None } else { row.last_error },
        disabled,
        last_delivery_at: row.last_delivery_at.map(format_millis),
        pending: queries::pending_count(conn, group_id)?,
    })
}

async fn answer(state: &AppState, group_id: i64) -> Result<ChannelState, AppError> {
    db::run(&state.pool, move |conn| state_of(conn, group_id)).await
}

/// Saving and testing resolve (and a test sends to) a host the owner chose: the `webhook-ip`
/// and `webhook-account` buckets.
async fn limit(state: &AppState, req: &HttpRequest, user_id: i64) -> Result<(), AppError> {
    state.limiter.limit(&state.pool, req, Endpoint::Webhook, Some(&ratelimit::user_key(user_id))).await
}

/// A refused address as a form error on `url`.
fn refused_url(code: ErrorCode, message: String) -> AppError {
    AppError::Refused { code, message, field: Some("url".into()) }
}

/// The URL as it will be stored, with its kind: a webhook URL of a known format whose host
/// resolves to public addresses only.
async fn checked_url(state: &AppState, text: &str) -> Result<(String, &'static str), AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(refused_url(ErrorCode::Required, "Paste the channel's webhook URL.".into()));
    }
    if text.chars().count() > MAX_URL_CHARS {
        return Err(refused_url(
            ErrorCode::TooLong,
            format!("A webhook URL has at most {MAX_URL_CHARS} characters."),
        ));
    }
    let policy = state.config.channels.policy()?;
    let url = outbound::parse(text, policy).map_err(|e| refused_url(ErrorCode::WebhookUrl, e.sentence()))?;
    let kind = messages::kind_of(&url).ok_or_else(|| {
        refused_url(
            ErrorCode::WebhookUrl,
            "This is not an incoming-webhook URL: Discord's look like https://discord.com/api/webhooks/…, \
             Slack's like https://hooks.slack.com/services/…."
                .into(),
        )
    })?;
    outbound::resolve(&url, policy).await.map_err(|e| match e {
        OutboundError::NotHttps => refused_url(ErrorCode::WebhookUrl, e.owner_sentence()),
        e => refused_url(ErrorCode::WebhookAddress, e.owner_sentence()),
    })?;
    if !on_webhook_port(&url) {
        return Err(refused_url(
            ErrorCode::WebhookUrl,
            "A webhook URL uses https's own port (443): leave the port out.".into(),
        ));
    }
    Ok((url.to_string(), messages::kind_name(kind)))
}

/// Discord's and Slack's webhooks are on https's port 443, and nothing else is needed: any
/// other port would let an owner probe services on public hosts. A plain `http://` URL (only
/// loopback receivers under the test policy) keeps its port.
pub fn on_webhook_port(url: &url::Url) -> bool {
    url.scheme() != "https" || url.port_or_known_default() == Some(443)
}

/// Posts `body` to a stored webhook under the address rules and the port rule (checked again:
/// a row may predate it).
pub async fn send(
    config: &ChannelsConfig,
    policy: AddressPolicy,
    url: &str,
    body: &serde_json::Value,
) -> Result<(), OutboundError> {
    let parsed = outbound::parse(url, policy)?;
    if !on_webhook_port(&parsed) {
        return Err(OutboundError::NotAUrl);
    }
    outbound::post_json(url, body, policy, config.limits()).await.map(|_| ())
}

/// The group's channel (its owner).
#[utoipa::path(get, path = "/api/groups/{id}/channel", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = ChannelState), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[get("/groups/{id}/channel")]
pub async fn get_channel(
    state: web::Data<AppState>,
    owner: GroupOwner,
) -> Result<web::Json<ChannelState>, AppError> {
    Ok(web::Json(answer(&state, owner.group.id).await?))
}

/// Connects the group to a chat channel, or changes its address (its owner). Saving again
/// re-enables a channel disabled after failures.
#[utoipa::path(put, path = "/api/groups/{id}/channel", tag = "groups", request_body = ChannelBody,
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = ChannelState),
        (status = 400, description = "Not a webhook URL of a known format, not https, or not a public address", body = lavalist_api::ErrorBody),
        (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody),
        (status = 429, description = "Too many webhook changes or tests from this address or account", body = lavalist_api::ErrorBody)))]
#[put("/groups/{id}/channel")]
pub async fn save_channel(
    state: web::Data<AppState>,
    req: HttpRequest,
    owner: GroupOwner,
    body: web::Json<ChannelBody>,
) -> Result<web::Json<ChannelState>, AppError> {
    limit(&state, &req, owner.user_id).await?;
    let (url, kind) = checked_url(&state, &body.url).await?;
    let (group_id, now_ms) = (owner.group.id, state.clock.now_ms());
    db::run(&state.pool, move |conn| queries::save(conn, group_id, &url, kind, now_ms)).await?;
    tracing::info!(user_id = owner.user_id, group_id, kind, "group channel saved");
    Ok(web::Json(answer(&state, group_id).await?))
}

/// Disconnects the group's channel (its owner); messages still waiting are dropped.
#[utoipa::path(delete, path = "/api/groups/{id}/channel", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = ChannelState), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, body = lavalist_api::ErrorBody)))]
#[delete("/groups/{id}/channel")]
pub async fn delete_channel(
    state: web::Data<AppState>,
    owner: GroupOwner,
) -> Result<web::Json<ChannelState>, AppError> {
    let group_id = owner.group.id;
    db::run(&state.pool, move |conn| queries::delete(conn, group_id)).await?;
    tracing::info!(user_id = owner.user_id, group_id, "group channel disconnected");
    Ok(web::Json(answer(&state, group_id).await?))
}

/// Sends a test message to the group's channel now (its owner) and says whether it arrived. A
/// disabled channel is tried too (the owner may be checking a fix), but stays disabled until
/// the address is saved again.
#[utoipa::path(post, path = "/api/groups/{id}/channel/test", tag = "groups",
    params(("id" = i64, Path, description = "The group's id")),
    responses((status = 200, body = ChannelTestResult), (status = 401, body = lavalist_api::ErrorBody),
        (status = 403, description = "A member who is not the owner", body = lavalist_api::ErrorBody),
        (status = 404, description = "No such group for the viewer, or no channel connected", body = lavalist_api::ErrorBody),
        (status = 429, description = "Too many webhook changes or tests from this address or account", body = lavalist_api::ErrorBody)))]
#[post("/groups/{id}/channel/test")]
pub async fn test_channel(
    state: web::Data<AppState>,
    req: HttpRequest,
    owner: GroupOwner,
) -> Result<web::Json<ChannelTestResult>, AppError> {
    limit(&state, &req, owner.user_id).await?;
    let group_id = owner.group.id;
    let row = db::run(&state.pool, move |conn| queries::channel(conn, group_id))
        .await?
        .ok_or_else(|| AppError::not_found("This group has no channel connected."))?;
    let kind = messages::parse_kind(&row.kind).ok_or_else(|| AppError::internal("unknown channel kind"))?;
    let body = messages::body(kind, &messages::test_text(&owner.group.name));
    let config = &state.config.channels;
    let sent = send(config, config.policy()?, &row.url, &body).await;
    if let Err(err) = &sent {
        tracing::info!(group_id, error = %err, "channel test not delivered");
    }
    let error = sent.as_ref().err().map(OutboundError::owner_sentence);
    let now_ms = state.clock.now_ms();
    db::run(&state.pool, move |conn| queries::record_test(conn, group_id, error.as_deref(), now_ms)).await?;
    let channel = answer(&state, group_id).await?;
    // Only whether it arrived: how a connection ended would make this a port scanner.
    let (delivered, message) = match sent {
        Ok(()) => (true, "The test message was delivered."),
        Err(_) => (false, "The test message was not delivered."),
    };
    Ok(web::Json(ChannelTestResult { delivered, message: message.into(), channel }))
}
