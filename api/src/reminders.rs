//! Daily reminders (opt-in): by web push (any player, identified like their results: the
//! account, else the browser's userKey) and by e-mail (logged-in players), at a local time in
//! the player's IANA time zone, every day or only when a streak is at risk.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// When a reminder is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ReminderMode {
    /// Every day the player has not yet played today's game.
    EveryDay,
    /// Only on days the player has a streak that today's game would keep, and has not played.
    StreakAtRisk,
}

/// `PUT /api/reminders`: the player's reminder choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettingsBody {
    /// Web push to the browsers this player subscribed (`POST /api/reminders/push`).
    pub push: bool,
    /// E-mail to the account's address: logged-in players only.
    pub email: bool,
    /// Local time, `HH:MM` (24-hour).
    #[cfg_attr(feature = "openapi", schema(pattern = r"^([01]\d|2[0-3]):[0-5]\d$"))]
    pub time: String,
    /// An IANA time zone name, e.g. `Europe/Paris`.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 64))]
    pub time_zone: String,
    pub mode: ReminderMode,
}

/// `GET`/`PUT /api/reminders`: the stored choices (the defaults when none are stored) and what
/// the browser needs to subscribe.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettings {
    pub push: bool,
    pub email: bool,
    /// `HH:MM`; 19:00 until the player chooses.
    pub time: String,
    /// Empty until the player chooses (the browser then offers its own zone).
    pub time_zone: String,
    pub mode: ReminderMode,
    /// Whether e-mail reminders are possible: the viewer is logged in.
    pub email_available: bool,
    /// Push subscriptions stored for this player (all their browsers).
    pub push_subscriptions: i64,
    /// The server's VAPID public key (RFC 8292), base64url: `applicationServerKey`.
    pub vapid_public_key: String,
    /// The next reminder's instant (RFC 3339), when one is scheduled.
    #[ts(optional = nullable)]
    pub next_at: Option<String>,
}

/// The keys of a browser's push subscription (`PushSubscription.toJSON().keys`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PushKeys {
    /// The browser's P-256 public key, uncompressed, base64url (65 bytes).
    #[cfg_attr(feature = "openapi", schema(max_length = 200))]
    pub p256dh: String,
    /// The 16-byte authentication secret, base64url.
    #[cfg_attr(feature = "openapi", schema(max_length = 100))]
    pub auth: String,
}

/// `POST /api/reminders/push`: a browser's push subscription (`PushSubscription.toJSON()`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionBody {
    /// The push service's https address for this browser; only allow-listed services are taken.
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub endpoint: String,
    pub keys: PushKeys,
}

/// `DELETE /api/reminders/push`: forget one browser's subscription.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PushEndpointBody {
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub endpoint: String,
}

/// What a reminder push carries (JSON, encrypted for the browser): no item, no prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReminderPush {
    pub title: String,
    pub body: String,
    /// Today's game: the page the notification opens.
    pub url: String,
    /// One notification per day replaces another (`Notification.tag`).
    pub tag: String,
}

/// `GET`/`POST /api/reminders/unsubscribe`: the signed token of an e-mail's unsubscribe link.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct UnsubscribeQuery {
    #[cfg_attr(feature = "openapi", param(max_length = 200))]
    pub token: String,
}
