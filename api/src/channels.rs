//! Group channels: a group's owner connects the group to a chat channel by an incoming-webhook
//! URL (Discord's or Slack's). The channel then gets each member's spoiler-free share lines when
//! they finish today's game, and yesterday's board after New York midnight. Only the owner sees
//! or changes the channel; a member gets 403, anyone else 404.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `PUT /api/groups/{id}/channel`: connects the group (or changes its address, which also
/// re-enables a channel disabled after failures).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChannelBody {
    /// `https://discord.com/api/webhooks/{id}/{token}` or
    /// `https://hooks.slack.com/services/…` (or another host with either path); https, to a
    /// public address.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 500))]
    pub url: String,
}

/// Which JSON body the webhook takes: Discord's `{"content"}` or Slack's `{"text"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ChannelKind {
    Discord,
    Slack,
}

/// `GET /api/groups/{id}/channel`: the group's channel as its owner sees it. The webhook's
/// secret path is never sent back: only its host and kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChannelState {
    pub connected: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<ChannelKind>,
    /// The webhook's host, e.g. `discord.com`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub host: Option<String>,
    /// Set when deliveries failed too many times in a row: nothing is sent until the owner
    /// saves the address again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub disabled: Option<ChannelDisabled>,
    /// RFC 3339: the last message the channel accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_delivery_at: Option<String>,
    /// Why the last attempt failed, while failures are being retried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_error: Option<String>,
    /// Messages waiting to be sent (or retried).
    pub pending: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChannelDisabled {
    /// RFC 3339.
    pub at: String,
    /// The last failure, e.g. `the webhook answered 404`.
    pub reason: String,
}

/// `POST /api/groups/{id}/channel/test`: whether the channel accepted a test message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChannelTestResult {
    pub delivered: bool,
    /// For people: what happened.
    pub message: String,
    pub channel: ChannelState,
}
