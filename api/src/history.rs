//! History that follows an account: a logged-in player's in-progress game (its replay log), kept
//! by the server so that another device continues it, and the account's finished result.

use game_core::Action;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::submissions::Answer;

/// `GET /api/progress`: which game, as the client plays it: a daily date or a community uid
/// (exactly one).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[serde(rename_all = "camelCase")]
pub struct ProgressQuery {
    /// A daily game's day, `YYYY-MM-DD`.
    #[cfg_attr(feature = "openapi", param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    /// A community game's uid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_uid: Option<String>,
    /// With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
}

/// `PUT /api/progress`: this device's replay log of an unfinished game.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProgressBody {
    /// A daily game's day, `YYYY-MM-DD` (or `gameUid`).
    #[cfg_attr(feature = "openapi", schema(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    /// A community game's uid (or `date`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_uid: Option<String>,
    /// With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edition: Option<String>,
    pub actions: Vec<Action>,
}

/// The account's stored result for a game: the game is over, on whichever device.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FinishedResult {
    pub score: u32,
    pub answers: Vec<Answer>,
    pub won: bool,
    /// The replay log it was checked with; null for a result submitted without one.
    #[ts(optional = nullable)]
    pub actions: Option<Vec<Action>>,
}

/// The server's copy of the game after the request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProgressResponse {
    /// The kept replay log: the sent one when it extended the stored one, else the stored one
    /// (empty when there is none, or the game is finished).
    pub actions: Vec<Action>,
    /// The sent log and the stored one went different ways: the server kept its copy, and the
    /// client continues from `actions` and tells the player.
    pub diverged: bool,
    /// Set when the account has a result for this game: continue from nothing, show it.
    #[ts(optional = nullable)]
    pub finished: Option<FinishedResult>,
}

/// One daily game's result of the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DayResult {
    /// The daily game's day, `YYYY-MM-DD`.
    pub date: String,
    pub score: u32,
    pub won: bool,
}

/// `GET /api/history/days`: the account's daily results, oldest first (the calendar's marks on
/// every device).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccountDays {
    pub days: Vec<DayResult>,
}
